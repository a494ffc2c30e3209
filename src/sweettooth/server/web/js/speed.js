// Bot speed: how fast the moves of bots (and other players) are drawn at a table, so a person
// can follow them. "normal" draws such a change at least 0.8 s after the previous one, "slow"
// 1.6 s, "instant" at once (the tests use it). The viewer's own moves are never delayed.
//
// The choice is kept per table in localStorage (`sweettooth.speed.<table>`), with a default for
// new tables (`sweettooth.speed`); `?speed=instant` in a page's URL sets both.

export const SPEEDS = { slow: 1600, normal: 800, instant: 0 };
export const SPEED_LABELS = { slow: "Slow", normal: "Normal", instant: "Instant" };
const KEY = "sweettooth.speed";

const valid = (s) => (Object.prototype.hasOwnProperty.call(SPEEDS, s) ? s : null);

function store(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: keep it for this page */ }
}

function read(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

/** The speed asked for in the URL (`?speed=`), remembered as the default when given. */
export function urlSpeed() {
  const s = valid(new URLSearchParams(location.search).get("speed"));
  if (s) store(KEY, s);
  return s;
}

export function defaultSpeed() { return urlSpeed() || valid(read(KEY)) || "normal"; }

export function setDefaultSpeed(s) { if (valid(s)) store(KEY, s); }

/** The speed of table `id`: the URL's, the one chosen here for this table, the table's own
 * (`fromServer`, chosen when it was created), or this browser's default. */
export function tableSpeed(id, fromServer = null) {
  const u = urlSpeed();
  if (u) { store(`${KEY}.${id}`, u); return u; }
  return valid(read(`${KEY}.${id}`)) || valid(fromServer) || valid(read(KEY)) || "normal";
}

export function setTableSpeed(id, s) { if (valid(s)) store(`${KEY}.${id}`, s); }

/**
 * Draws frames in order, pacing the ones another player made (`paced` true): each is drawn at
 * least `gap()` ms after the previous drawing, and not before `hold(prev, next)` ms have passed
 * (a renderer's wish to keep turned-up faces in sight). A click or key press ends the current
 * wait. Frames that are not paced (the viewer's own moves, presence updates) wait only for the
 * frames queued before them.
 */
export class Pacer {
  /** @param {(frame) => void} draw @param {() => number} gap @param {(prev, next) => number} hold */
  constructor(draw, gap, hold) {
    this.draw = draw;
    this.gap = gap;
    this.hold = hold;
    this.queue = [];
    this.lastAt = 0;
    this.lastFrame = null;
    this.timer = null;
    this.waiting = false;
    const skip = () => { if (this.waiting) this.flushOne(); };
    document.addEventListener("pointerdown", skip, true);
    document.addEventListener("keydown", skip, true);
  }

  /** Queue a frame: {view, paced, ...}. */
  push(frame) {
    this.queue.push(frame);
    this.pump();
  }

  /** How many frames wait to be drawn. */
  get pending() { return this.queue.length; }

  pump() {
    if (this.timer || this.flushing || !this.queue.length) return;
    const next = this.queue[0];
    let wait = 0;
    if (next.paced && this.lastFrame) {
      const gap = this.gap();
      if (gap > 0) {
        let hold = 0;
        try { hold = Number(this.hold(this.lastFrame.view, next.view)) || 0; } catch { hold = 0; }
        next.hold = hold;
        wait = Math.max(gap, hold) - (performance.now() - this.lastAt);
      }
    }
    if (wait <= 0) { this.drawNext(); return; }
    this.waiting = true;
    this.timer = setTimeout(() => this.flushOne(), wait);
  }

  flushOne() {
    clearTimeout(this.timer);
    this.timer = null;
    this.waiting = false;
    this.drawNext();
  }

  drawNext() {
    const frame = this.queue.shift();
    if (!frame) return;
    this.lastFrame = frame;
    this.lastAt = performance.now();
    this.draw(frame);
    this.pump();
  }

  /** Draw everything queued now (the speed was set to instant). */
  flushAll() {
    clearTimeout(this.timer);
    this.timer = null;
    this.waiting = false;
    this.flushing = true;
    while (this.queue.length) this.drawNext();
    this.flushing = false;
  }
}
