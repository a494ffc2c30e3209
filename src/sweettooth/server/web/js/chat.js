// Chat at a table (docs/server.md, "Chat"): the players' chat and, apart from it, the
// spectators' chat. Players read the spectators' chat only after opening its tab (the server
// sends none of it before); spectators read both and write in theirs. Every message is shown
// as text (text nodes via h(), never innerHTML), so markup in a message stays letters.
// A mute per player (seat), remembered in this browser per table; quick phrases.
import { h, mount } from "./dom.js";

export const CHAT_MAX = 300;
export const QUICK = ["Good game", "Your turn", "Thinking..."];
const MUTE_KEY = (id) => `sweettooth.chatmute.${id}`;

function loadMuted(tableId) {
  try { return new Set(JSON.parse(localStorage.getItem(MUTE_KEY(tableId)) || "[]")); } catch { return new Set(); }
}

export class ChatPanel {
  /**
   * @param {HTMLElement} root where the panel goes
   * @param {object} opts tableId, send(message) -> bool, names() -> [seat names],
   *   isPlayer() -> bool, others() -> [[seat, name]] (the people one may mute),
   *   readOnly (replays: no composer, no tabs opening anything)
   */
  constructor(root, opts) {
    this.messages = { players: new Map(), spectators: new Map() }; // n -> message
    this.opts = opts;
    this.channel = opts.readOnly ? "players" : this.own(); // where this viewer writes
    this.opened = false; // a player asked for the spectators' chat
    this.muted = loadMuted(opts.tableId);
    const tab = (channel, text) => h("button.chattab", {
      type: "button", role: "tab", "aria-selected": String(channel === "players"), dataset: { channel },
      onclick: () => this.show(channel),
    }, text);
    this.els = {
      tabs: h("div.chattabs", { role: "tablist", "aria-label": "Chats" },
        tab("players", "Players' chat"), tab("spectators", "Spectators' chat")),
      log: h("ol.chatlog", { "aria-live": "polite", "aria-label": "Chat messages", tabindex: "0" }),
      note: h("p.chatnote.muted"),
      mutes: h("div.chatmutes"),
      quick: h("div.chatquick", QUICK.map((q) => h("button", { type: "button", onclick: () => this.post(q) }, q))),
      input: h("input.chatinput", { type: "text", maxlength: String(CHAT_MAX), "aria-label": "Chat message", placeholder: "Say something", autocomplete: "off" }),
      count: h("span.chatcount.muted", { "aria-live": "off" }, `0/${CHAT_MAX}`),
      error: h("p.chaterror.error", { role: "alert" }),
    };
    this.els.input.addEventListener("input", () => { this.els.count.textContent = `${this.els.input.value.length}/${CHAT_MAX}`; });
    this.els.form = h("form.chatform", {
      onsubmit: (e) => { e.preventDefault(); if (this.post(this.els.input.value)) { this.els.input.value = ""; this.els.count.textContent = `0/${CHAT_MAX}`; } },
    }, this.els.input, this.els.count, h("button.primary", { type: "submit" }, "Send"));
    this.el = h("section.chat", { "aria-label": "Chat" }, h("h2", "Chat"), this.els.tabs, this.els.log,
      this.els.note, opts.readOnly ? null : [this.els.quick, this.els.form, this.els.error], this.els.mutes);
    root.append(this.el);
    this.draw();
  }

  /** The channel this viewer writes in. */
  own() { return this.opts.isPlayer() ? "players" : "spectators"; }

  show(channel) {
    this.channel = channel;
    if (channel === "spectators" && this.opts.isPlayer() && !this.opened && !this.opts.readOnly) {
      this.opened = this.opts.send({ type: "chat_open", channel: "spectators" });
    }
    this.draw();
  }

  post(text) {
    text = (text || "").trim();
    this.els.error.textContent = "";
    if (!text) return false;
    if (text.length > CHAT_MAX) { this.els.error.textContent = `At most ${CHAT_MAX} characters.`; return false; }
    const msg = { type: "chat", text };
    if (!this.opts.send(msg)) { this.els.error.textContent = "Not connected; try again in a moment."; return false; }
    if (this.channel !== this.own()) this.show(this.own());
    return true;
  }

  /** A chat_history or chat frame from the server (deduplicated by message number). */
  add(messages) {
    for (const m of messages) if (this.messages[m.channel]) this.messages[m.channel].set(m.n, m);
    this.draw();
  }

  /** A refused chat message (chat_too_long, chat_rate_limited, chat_empty...). */
  error(message) { this.els.error.textContent = message; }

  /** A connection said hello: ask for the chats this viewer reads (again after a reconnect). */
  connected() {
    if (this.opts.readOnly) return;
    this.opts.send({ type: "chat_open", channel: "players" });
    if (this.opened || !this.opts.isPlayer()) this.opts.send({ type: "chat_open", channel: "spectators" });
  }

  toggleMute(seat) {
    if (this.muted.has(seat)) this.muted.delete(seat); else this.muted.add(seat);
    localStorage.setItem(MUTE_KEY(this.opts.tableId), JSON.stringify([...this.muted]));
    this.draw();
  }

  draw() {
    const names = this.opts.names();
    for (const b of this.els.tabs.children) b.setAttribute("aria-selected", String(b.dataset.channel === this.channel));
    const all = [...this.messages[this.channel].values()].sort((a, b) => a.n - b.n);
    const shown = all.filter((m) => m.seat == null || !this.muted.has(m.seat));
    const atEnd = this.els.log.scrollHeight - this.els.log.scrollTop - this.els.log.clientHeight < 30;
    mount(this.els.log, shown.length ? shown.map((m) => h("li.chatmsg", { dataset: { seat: m.seat ?? "" } },
      h("b.chatname", m.seat != null ? (names[m.seat] || m.name) : m.name), " ",
      h("span.chattext", m.text))) : h("li.muted", "No messages yet."));
    if (atEnd) this.els.log.scrollTop = this.els.log.scrollHeight;
    const hidden = all.length - shown.length;
    const parts = [];
    if (this.channel !== this.own() && !this.opts.readOnly) parts.push(this.channel === "spectators" ? "Only spectators write here." : "Only the players write here.");
    if (hidden) parts.push(`${hidden} muted message${hidden === 1 ? "" : "s"} hidden.`);
    this.els.note.textContent = parts.join(" ");
    this.els.form.hidden = this.channel !== this.own();
    this.els.quick.hidden = this.channel !== this.own();
    const seats = this.opts.others ? this.opts.others() : [];
    mount(this.els.mutes, seats.length ? [h("span.muted", "Mute: "), seats.map(([s, n]) => h("button.mutebtn", {
      type: "button", "aria-pressed": String(this.muted.has(s)), onclick: () => this.toggleMute(s),
      "aria-label": `${this.muted.has(s) ? "Unmute" : "Mute"} ${n}`,
    }, this.muted.has(s) ? `Unmute ${n}` : n))] : null);
  }
}
