// Your-turn signals at a table: the tab title ("● Your turn · Le Chocolat · sweettooth") and a
// badge on the favicon while a seat this device plays is to move; an optional short tone (off by
// default, remembered in localStorage `sweettooth.sound`); a desktop notification when the page
// is hidden, asked for only after the player clicks the bell (remembered in
// `sweettooth.notify`; the browser's permission is never requested on load).
//
// Hotseat: every human seat on the device is "yours"; the title names the seat ("● Ana's turn")
// because the device is passed between people, and the tone and notification fire at each
// hand-over to a person (never for a bot's turn).
import { h } from "./dom.js";
import { icon } from "./icons.js";

const SOUND = "sweettooth.sound";
const NOTIFY = "sweettooth.notify";

function read(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

function store(key, on) {
  try {
    if (on) localStorage.setItem(key, "on"); else localStorage.removeItem(key);
  } catch { /* private mode: this page only */ }
}

/** A candy favicon as an SVG data URL; `badge` adds a pink dot in the corner. */
function favicon(badge) {
  const svg = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>"
    + "<path d='M2 10l6 6-6 6zM30 10l-6 6 6 6z' fill='%23e85d8a'/>"
    + "<circle cx='16' cy='16' r='9' fill='%235b3a29'/>"
    + "<path d='M10 13q6 4 12 0' stroke='%23fff3e6' stroke-width='2' fill='none'/>"
    + (badge ? "<circle cx='25' cy='7' r='7' fill='%23d62828' stroke='white' stroke-width='2'/>" : "")
    + "</svg>";
  return `data:image/svg+xml,${svg}`;
}

// What the page did, for the browser tests (a few numbers per game, no timings).
const record = { tones: 0, notes: [], asked: 0 };
window.sweettoothSignals = record;

export class TurnSignals {
  /** @param {string} game the game's title, as the tab shows it */
  constructor(game) {
    this.game = game;
    this.base = `${game} · sweettooth`;
    this.on = false;
    this.who = null; // the seat last signalled (hotseat: a new person is a new signal)
    this.audio = null;
    this.note = null;
    this.sound = read(SOUND) === "on";
    this.notify = read(NOTIFY) === "on";
    this.link = document.querySelector("link[rel~=icon]");
    if (!this.link) {
      this.link = document.createElement("link");
      this.link.rel = "icon";
      document.head.append(this.link);
    }
    this.link.href = favicon(false);
    this.soundBtn = h("button.iconbtn.soundbtn", { type: "button", onclick: () => this.toggleSound() });
    this.bellBtn = h("button.iconbtn.bellbtn", { type: "button", onclick: () => this.toggleNotify() });
    this.drawButtons();
    // Browsers keep audio silent until the page has had a click or key: wake it then.
    const wake = () => { if (this.sound) this.ctx(); };
    document.addEventListener("pointerdown", wake, { capture: true });
    document.addEventListener("keydown", wake, { capture: true });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && this.note) { this.note.close(); this.note = null; }
    });
  }

  /** The buttons for the table's tools: the tone and the bell. */
  buttons() { return [this.soundBtn, this.bellBtn]; }

  drawButtons() {
    const perm = "Notification" in window ? Notification.permission : "unsupported";
    const bell = this.notify && perm === "granted";
    this.soundBtn.replaceChildren(icon(this.sound ? "sound" : "mute"));
    this.soundBtn.setAttribute("aria-pressed", String(this.sound));
    this.soundBtn.setAttribute("aria-label", "Sound on your turn");
    this.soundBtn.title = this.sound ? "A tone plays on your turn" : "No sound on your turn";
    this.bellBtn.replaceChildren(icon(bell ? "bell" : "bellOff"));
    this.bellBtn.setAttribute("aria-pressed", String(bell));
    this.bellBtn.setAttribute("aria-label", "Notify me when it is my turn");
    this.bellBtn.title = perm === "denied" ? "Notifications are blocked in this browser's site settings"
      : perm === "unsupported" ? "This browser has no desktop notifications"
        : bell ? "A notification comes when it is your turn and this page is hidden"
          : "Notify me when it is my turn and this page is hidden";
    this.bellBtn.disabled = perm === "unsupported";
  }

  ctx() {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    if (!this.audio) this.audio = new AC();
    if (this.audio.state === "suspended") this.audio.resume().catch(() => {});
    return this.audio;
  }

  toggleSound() {
    this.sound = !this.sound;
    store(SOUND, this.sound);
    this.drawButtons();
    if (this.sound) this.tone();
  }

  async toggleNotify() {
    if (this.notify) {
      this.notify = false;
    } else {
      if (!("Notification" in window)) return;
      if (Notification.permission === "default") {
        record.asked += 1;
        try { await Notification.requestPermission(); } catch { /* treated as refused */ }
      }
      this.notify = Notification.permission === "granted";
    }
    store(NOTIFY, this.notify);
    this.drawButtons();
  }

  /** A short two-note chime (about 0.3 s) with WebAudio: no sound file to download. */
  tone() {
    const ac = this.ctx();
    record.tones += 1;
    if (!ac) return;
    const t = ac.currentTime;
    for (const [i, f] of [[0, 660], [1, 880]]) {
      const osc = ac.createOscillator();
      const gain = ac.createGain();
      osc.type = "sine";
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, t + i * 0.13);
      gain.gain.exponentialRampToValueAtTime(0.15, t + i * 0.13 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.13 + 0.18);
      osc.connect(gain).connect(ac.destination);
      osc.start(t + i * 0.13);
      osc.stop(t + i * 0.13 + 0.2);
    }
  }

  /**
   * Whose turn it is now, for this device: `who` the seat's display name in hotseat ("Ana"),
   * "you" for the one seat of an online player, null when no seat of this device is to move.
   */
  set(who, seat) {
    const on = who != null;
    const fresh = on && (!this.on || seat !== this.who);
    this.on = on;
    this.who = on ? seat : null;
    const head = !on ? "" : who === "you" ? "● Your turn · " : `● ${who}'s turn · `;
    document.title = head + this.base;
    this.link.href = favicon(on);
    this.link.dataset.badge = on ? "1" : "0";
    if (!fresh) return;
    if (this.sound) this.tone();
    if (this.notify && document.visibilityState === "hidden" && "Notification" in window
      && Notification.permission === "granted") {
      const title = who === "you" ? "Your turn" : `${who}'s turn`;
      record.notes.push(title);
      try {
        if (this.note) this.note.close();
        this.note = new Notification(title, { body: `${this.game} · sweettooth`, tag: `sweettooth-${location.search}` });
        this.note.onclick = () => { window.focus(); this.note.close(); };
      } catch { /* e.g. Android Chrome wants a service worker for notifications */ }
    }
  }
}
