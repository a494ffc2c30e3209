// Clocks at a timed table (docs/server.md, "Clocks"): each seat's time left as the server last
// said (the `clock` of every state frame), counting down here for the seat whose clock runs.
// The server alone decides when a flag falls; this only draws.
import { h } from "./dom.js";

const LEVEL = { easy: "an easy", medium: "a medium", hard: "a hard" };

/** "5 min + 2 s" or "3 days per move". */
export function controlText(c) {
  if (!c) return "";
  if (c.mode === "correspondence") return `${c.days} day${c.days === 1 ? "" : "s"} per move`;
  const min = c.minutes >= 1 ? `${Math.round(c.minutes * 100) / 100} min` : `${Math.round(c.minutes * 60)} s`;
  return `${min} + ${c.increment || 0} s`;
}

/** The table's house rule for a flag fall, in words. */
export function flagText(c) {
  if (!c) return "";
  return c.flag_fall === "bot" ? `out of time: ${LEVEL[c.bot_level] || "a"} bot plays on`
    : "out of time: the game ends and is scored";
}

/** Seconds as a clock face: 4:05, 0:07.3 under ten seconds, 1:02:03, or 2d 5h / 5h 12m. */
export function face(sec) {
  const s = Math.max(0, sec);
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  if (s >= 36000) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  if (s < 10) return `0:0${(Math.floor(s * 10) / 10).toFixed(1)}`;
  const whole = Math.ceil(s);
  const m = Math.floor(whole / 60);
  const ss = String(whole % 60).padStart(2, "0");
  if (m >= 60) return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${ss}`;
  return `${m}:${ss}`;
}

export class Clocks {
  constructor() {
    this.c = null; // the latest frame's clock
    this.recv = 0; // when it arrived (performance.now())
    this.timer = null;
  }

  /** A new `clock` from the server (null: an untimed table). */
  update(clock) {
    this.c = clock || null;
    this.recv = performance.now();
    if (this.c && this.c.running != null && !this.timer) this.timer = setInterval(() => this.tick(), 100);
    if ((!this.c || this.c.running == null) && this.timer) { clearInterval(this.timer); this.timer = null; }
    this.tick();
  }

  /** Seconds `seat` has left now. */
  left(seat) {
    const c = this.c;
    if (!c) return null;
    let r = c.remaining[seat];
    if (c.running === seat) r -= (performance.now() - this.recv) / 1000;
    return Math.max(0, r);
  }

  /** A clock for the players list (null at an untimed table). */
  node(seat) {
    if (!this.c) return null;
    const el = h("span.seatclock", { dataset: { seat }, role: "timer", "aria-live": "off" });
    this.paint(el);
    return el;
  }

  paint(el) {
    const seat = Number(el.dataset.seat);
    const c = this.c;
    if (!c || c.remaining[seat] == null) return;
    const out = (c.flagged || []).includes(seat);
    const left = this.left(seat);
    const text = out ? "Time out" : face(left);
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle("running", c.running === seat);
    el.classList.toggle("low", !out && c.running === seat && left < 10);
    el.classList.toggle("out", out);
    el.setAttribute("aria-label", out ? "out of time" : `${face(left)} left`);
  }

  tick() {
    for (const el of document.querySelectorAll(".seatclock")) this.paint(el);
  }
}
