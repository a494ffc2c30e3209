// The table shell: draws a view with a game renderer, turns clicks on pieces into legal actions,
// shows whose turn it is, the log and the end screen. Used by the table page, hotseat, the
// replay viewer and the sandbox page.
//
// A game renderer (js/games/<id>.js) exports an object with:
//   title                      the game's name
//   render(view, ctx) -> Node  the board; every piece that can take part in an action carries
//                              data-key="<key>" and an aria-label (on a <button>, or on an
//                              element with a role: the shell adds role=button while a piece is
//                              clickable; a piece that is never clickable and is not a button
//                              needs its own role, e.g. role="img", or no aria-label at all:
//                              axe forbids aria-label on a plain <div>/<span>)
//   keys(action, view) -> [..] the keys a player clicks to make that action (any order); null
//                              if the action has no piece (then it gets a plain button)
//   label(key, view)           text of a button for a key that has no piece on the board
//   describe(action, view, ctx) readable text of an action (confirm buttons, hints, logs); ctx
//                              names the players ("Give Candy Bot a brown sweet", not "P2")
//   prompt(view, picked, ctx)  one line telling the player what to do now
//   summary(view, ctx) -> Node the end screen's score breakdown
// Optional:
//   narrate(entry, view, ctx, index) -> string   one entry of view.log (view.log[index]) in
//                              plain words with player names
//                              (ctx.names), no internal ids; the shell shows the raw entry
//                              (the notation) only as a small secondary detail. Return a falsy
//                              value to fall back to the entry's text.
//   holdMs(prevView, nextView) -> number  how long the shell keeps the previous frame (with the
//                              faces it revealed) on screen before drawing the next one when the
//                              change was not the viewer's own move (Bonbons: ~1500 when a
//                              bot's turned-up faces go down again). A click or key press cuts
//                              the hold short; it is 0 at the "instant" bot speed.
//   confirmHost(action, board, view) -> Element|null   where the confirm button of a complete
//                              action that others extend goes, beside the pieces the player is
//                              looking at (Sweet Shop's "Grab 3 only" in the Shelf's heading);
//                              null or missing: the action bar under the board
//   finishing(key) -> boolean  a key without a piece on the board that ends a move begun by
//                              picking pieces (BitterSweet's "Take it…", Sweet Nose's store-7
//                              "…into your bowl", Sweet Shop's Flavour Changer): its button
//                              waits until a piece is picked (before, a bar full of moves not
//                              yet begun: on a phone it covered the page's foot); keys that
//                              start a move (Last Resort) are not finishing
//   piece(kind, id) -> Node|null   a small inline drawing of one piece for the rules text
//                              (links `piece:<kind>/<id>`, see sweettooth.core.rules_text); the
//                              shell falls back to the link's text when null or missing. The node
//                              must be decorative or carry its own accessible name (role="img"
//                              + aria-label), and must not hold a data-key.
//   prepare() -> Promise       loaded data (BitterSweet's catalogue) before the first render
//
// ctx (passed to render, summary, prompt, narrate):
//   seat        the viewer's seat, null for a spectator
//   names       display name per seat: bots as "Candy Bot (medium)"; the viewer's own seat is
//               "You" at a table where every other seat is a bot (write "You take", not "You
//               takes": compare the seat with ctx.seat); hotseat, replay and spectators get names
//               (so never append "(you)" to a name that is already "You")
//   picked      keys picked so far in the composer
//   lastMoves   {seat: notation} each seat's most recent action, derived by the shell from
//               view.log (js/lastmove.js); render marks the pieces of each with class
//               "last-move" and data-last-by="<seat>" (until that seat moves again). If a render
//               marks nothing, the shell marks the pieces whose data-key is in keys(notation).
//   botSpeed    "slow" | "normal" | "instant": renderers may shorten their CSS transitions at
//               "instant" (the shell sets data-speed on the table root too)
//   hint        {action, reason} while a hint is shown (the shell adds class "hinted" to the
//               pieces of keys(hint.action, view))
//   hotseat     true when several players share this device: nobody is marked "(you)"
//   you         the seat the texts speak to in the second person ("You flip", "your round
//               tile 3"): the viewer's at a live table, in hotseat whoever is at the screen
//               until the game is over; null for spectators, replays and a hotseat game's end
//               (games/words.js addressed(ctx) names that seat "You" for the word helpers)
//
// Animation: renderers animate flips and moves with CSS transitions/animations only, all
// switched off under `@media (prefers-reduced-motion: reduce)`. Contrast: text at least 4.5:1
// against its background (3:1 for 18.66px bold and larger); pieces a player must click are at
// least 44x44 CSS px of hit area (a transparent ::before/::after or padding may widen a thin
// piece). No text below 10px. No emoji (SVG instead), no named fonts (generic families only).
//
// The composer: the player clicks pieces in any order; after each click only the pieces that
// can still complete a legal action stay clickable. When the clicks name exactly one action it
// is sent; when they name an action that other actions extend, a confirm button appears.

import { fingerprintEl, seedFingerprint } from "./fingerprint.js";
import { h, mount, seatName, marksYou } from "./dom.js";
import { icon } from "./icons.js";
import { rulesButton } from "./rules.js";
import { lastMoves } from "./lastmove.js";
import { markLast } from "./games/tips.js";
import { narrated, logItems } from "./log.js";
import { headline, explanation } from "./result.js";
import { SPEED_LABELS } from "./speed.js";
import { arrowKey, focusable, closestTo } from "./boardkeys.js";
import { controlText, flagText } from "./clock.js";

const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export class Table {
  /**
   * @param {HTMLElement} root
   * @param {object} opts renderer, game (id), seat (null: spectator), names, onAction(action)
   *   (omit for read-only), endActions (extra nodes for the end screen), seatInfo(seat) -> text,
   *   mode ("play" | "replay" | "sandbox"), hotseat (bool), onHint() -> Promise<{action,
   *   reason}>, speed + onSpeed(speed) (the bot speed control), waitingText (own seat, not
   *   started yet), seedInfo() -> {seed, seed_sha256} (end panel)
   */
  constructor(root, opts) {
    this.root = root;
    this.opts = opts;
    this.r = opts.renderer;
    this.game = opts.game || this.r.id;
    this.view = null;
    this.moves = null; // {view, lastMoves}: each seat's last action in this.view (read once)
    this.picks = []; // [{key, el}]
    this.busy = false;
    this.hint = null; // {action, reason, ply}
    this.endShownAt = null; // the ply whose result was brought into view
    this.root.classList.add("table-root");
    this.root.dataset.speed = opts.speed || "normal";
    const logId = `log-${Math.random().toString(36).slice(2, 8)}`;
    this.els = {
      players: h("ol.players", { "aria-label": "Players" }),
      status: h("p.status", { role: "status", "aria-live": "polite" }),
      tools: h("div.tabletools"),
      facts: h("p.tablefacts"), // the deal's fingerprint and the table's fixed options
      hintBtn: h("button.hintbtn", { type: "button", hidden: true, onclick: () => this.askHint() },
        icon("bulb"), h("span", "Hint")),
      hintBox: h("div.hintbox", { hidden: true, role: "status" }),
      logToggle: h("button.logtoggle", {
        type: "button", "aria-expanded": "false", "aria-controls": logId,
        onclick: () => this.toggleLog(),
      }, icon("log"), h("span", "Log")),
      board: h("div.board", { tabindex: "-1", role: "group", "aria-label": "Game board" }),
      bar: h("div.actionbar", { role: "group", "aria-label": "Actions" }),
      error: h("p.error", { role: "alert" }),
      log: h("ol.log", { "aria-label": "Game log", tabindex: "0" }),
      logwrap: null,
      end: h("section.endscreen", { hidden: true, "aria-label": "Game over", tabindex: "-1" }),
    };
    const tools = [];
    if (this.game) tools.push(rulesButton(this.game, "How to play", "", () => this.optionsInPlay()));
    tools.push(this.els.hintBtn);
    if (opts.onSpeed) {
      tools.push(h("label.speedpick", h("span", "Bot speed"), h("select", {
        "aria-label": "Bot speed",
        onchange: (e) => { this.root.dataset.speed = e.target.value; opts.onSpeed(e.target.value); },
      }, Object.entries(SPEED_LABELS).map(([v, text]) => h("option", { value: v, selected: v === (opts.speed || "normal") }, text)))));
    }
    tools.push(...(opts.tools || []), this.els.logToggle);
    mount(this.els.tools, tools);
    this.els.logwrap = h("aside.logwrap", { id: logId, "aria-label": "Game log" },
      h("div.logbox",
        h("div.loghead", h("h2", "Log"),
          h("button.iconbtn.logclose", { type: "button", "aria-label": "Close the log", onclick: () => this.toggleLog(false) }, icon("close"))),
        this.els.log));
    mount(
      root,
      h("header.tablehead", this.els.players, this.els.status, this.els.tools, this.els.facts),
      h("div.tablebody",
        h("div.boardwrap", this.els.end, this.els.hintBox, this.els.board, this.els.bar, this.els.error),
        this.els.logwrap),
    );
    this.els.board.addEventListener("click", (e) => this.onClick(e));
    document.addEventListener("sweettooth:redraw", () => { if (this.view) this.update(this.view); });
    this.els.board.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && e.target.closest("[data-key]")) {
        e.preventDefault();
        this.onClick(e);
      } else if (e.key === "Escape") this.clearPicks();
      else arrowKey(this.els.board, e);
    });
    // Where the focus last was on the board (board coordinates): after a move it goes back to
    // the piece nearest that spot (js/boardkeys.js).
    this.focusAt = null;
    this.focusWanted = false;
    this.focusPending = false;
    const away = (e) => {
      if (!this.els.board.contains(e.target) && !this.els.bar.contains(e.target)) this.focusPending = false;
    };
    document.addEventListener("focusin", away);
    document.addEventListener("pointerdown", away);
    this.els.board.addEventListener("focusin", (e) => {
      const el = e.target.closest("[data-key]");
      if (!el) return;
      const r = el.getBoundingClientRect();
      const b = this.els.board.getBoundingClientRect();
      this.focusAt = { x: r.left + r.width / 2 - b.left, y: r.top + r.height / 2 - b.top };
    });
    this.els.logwrap.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.root.classList.contains("log-open")) this.toggleLog(false);
    });
  }

  get seat() { return this.opts.seat ?? null; }

  /** The options of the game on the table, as its view states them (BitterSweet's card set),
   * else as the page was given them; the rules dialog describes that game. */
  optionsInPlay() {
    return (this.view && this.view.options) || this.opts.options || undefined;
  }

  ctx() {
    const o = this.opts;
    // Whom the texts speak to as "you": the viewer at a live table; in hotseat whoever is at the
    // screen, until the game is over (then everyone is); nobody in a replay or for a spectator.
    const over = this.view && this.view.result != null;
    const you = this.seat != null && o.mode !== "replay" && !(o.hotseat && over) ? this.seat : null;
    return {
      seat: this.seat, names: o.names || [], picked: this.picks.map((p) => p.key),
      lastMoves: this.lastMoves(),
      botSpeed: o.speed || "normal",
      hint: this.hint ? { action: this.hint.action, reason: this.hint.reason } : null,
      hotseat: !!o.hotseat, you,
    };
  }

  /** Each seat's last action in the drawn view, read from its log once per view. */
  lastMoves() {
    if (!this.view) return {};
    if (!this.moves || this.moves.view !== this.view) {
      this.moves = { view: this.view, lastMoves: lastMoves(this.game, this.view) };
    }
    return this.moves.lastMoves;
  }

  setSpeed(speed) {
    this.opts.speed = speed;
    this.root.dataset.speed = speed;
  }

  /** Open or close the log drawer (phones; on wide screens the log is always shown). */
  toggleLog(open) {
    const want = open ?? !this.root.classList.contains("log-open");
    this.root.classList.toggle("log-open", want);
    this.els.logToggle.setAttribute("aria-expanded", String(want));
    if (want) {
      this.els.log.scrollTop = this.els.log.scrollHeight;
      this.els.log.focus();
    } else if (document.activeElement && this.els.logwrap.contains(document.activeElement)) {
      this.els.logToggle.focus();
    }
  }

  /** Draw a new view. The composer's picks are reset, unless the view is the same decision
   *  (same ply and legal actions: a presence or start message), so a half-made move survives. */
  update(view) {
    const first = !this.view;
    const same = this.view && !this.busy && view.ply === this.view.ply
      && JSON.stringify(view.legal_actions) === JSON.stringify(this.view.legal_actions);
    const keep = same ? this.picks.map((p) => p.key) : [];
    if (this.hint && this.hint.ply !== view.ply) this.hint = null;
    this.view = view;
    this.picks = keep.map((key) => ({ key, el: null }));
    this.busy = false;
    this.els.error.textContent = "";
    this.computeActions();
    const active = document.activeElement;
    const focusKey = active && this.root.contains(active)
      && active.dataset ? active.dataset.key : null;
    // The focus is kept on the board after a move made from it, through the other players'
    // turns (while the board has no piece to focus, it holds the focus itself, or loses it to
    // the body when a redraw removes what held it) until the player focuses something else.
    const onBody = !active || active === document.body;
    const keepFocus = this.focusWanted || (onBody && this.focusPending) || (!!active
      && (this.els.board.contains(active) || this.els.bar.contains(active)));
    this.focusWanted = false;
    const ctx = this.ctx();
    mount(this.els.board, this.r.render(view, ctx));
    this.markLastMoves(ctx);
    const used = new Set();
    for (const p of this.picks) {
      for (const el of this.els.board.querySelectorAll(`[data-key="${CSS.escape(p.key)}"]`)) {
        if (!used.has(el)) { used.add(el); p.el = el; break; }
      }
    }
    this.drawPlayers();
    this.drawFacts();
    this.drawLog(first);
    this.drawEnd();
    this.drawHint();
    this.decorate();
    const again = focusKey
      ? this.els.board.querySelector(`.pickable[data-key="${CSS.escape(focusKey)}"]`) : null;
    if (again) again.focus();
    else if (keepFocus && view.result == null) this.refocus();
  }

  /** After a move: focus the piece nearest the last focused spot, else the board itself. */
  refocus() {
    const b = this.els.board.getBoundingClientRect();
    const at = this.focusAt ? { x: this.focusAt.x + b.left, y: this.focusAt.y + b.top } : { x: b.left, y: b.top };
    const piece = closestTo(focusable(this.els.board), at);
    const to = piece || this.els.bar.querySelector("button");
    (to || this.els.board).focus({ preventScroll: !to });
    this.focusPending = !piece;
  }

  /** When the renderer marked no last move, mark the pieces of each seat's last action. */
  markLastMoves(ctx) {
    const board = this.els.board;
    if (board.querySelector(".last-move")) return;
    for (const [seat, action] of Object.entries(ctx.lastMoves)) {
      let keys = null;
      try { keys = this.r.keys(action, this.view); } catch { keys = null; }
      for (const k of keys || []) {
        for (const el of board.querySelectorAll(`[data-key="${CSS.escape(k)}"]`)) markLast(el, Number(seat), ctx);
      }
    }
  }

  /** Ask for a hint (the medium bot's move from this seat's view) and show it. */
  async askHint() {
    if (!this.opts.onHint || !this.myTurn()) return;
    const ply = this.view.ply;
    this.els.hintBtn.disabled = true;
    this.hint = { action: null, reason: "Thinking…", ply };
    this.drawHint();
    try {
      const ans = await this.opts.onHint();
      if (!this.view || this.view.ply !== ply) return;
      this.hint = { action: ans.action, reason: ans.reason || "", ply };
    } catch (err) {
      if (!this.view || this.view.ply !== ply) return;
      this.hint = { action: null, reason: `No hint now: ${err.message}`, ply };
    } finally {
      this.els.hintBtn.disabled = false;
    }
    this.drawHint();
  }

  drawHint() {
    const box = this.els.hintBox;
    for (const el of this.els.board.querySelectorAll(".hinted")) el.classList.remove("hinted");
    if (!this.hint || !this.view) { box.hidden = true; mount(box); return; }
    const { action, reason } = this.hint;
    box.hidden = false;
    mount(box, icon("bulb"),
      h("div",
        action ? h("p.hintmove", h("b", "Hint: "), this.describe(action)) : null,
        reason ? h("p.hintwhy", reason) : null),
      h("button.iconbtn", { type: "button", "aria-label": "Close the hint", onclick: () => { this.hint = null; this.drawHint(); } }, icon("close")));
    if (!action) return;
    let keys = null;
    try { keys = this.r.keys(action, this.view); } catch { keys = null; }
    // One piece per key the move uses: of two dice showing 4 (both "die:4"), a move with one 4
    // outlines one die, a move with both outlines both (as picks are matched in update()).
    const used = new Set();
    for (const k of keys || []) {
      const el = [...this.els.board.querySelectorAll(`[data-key="${CSS.escape(k)}"]`)].find((x) => !used.has(x));
      if (!el) continue;
      used.add(el);
      el.classList.add("hinted");
    }
  }

  /** Forget the drawn view (the hotseat privacy screen). */
  clear() {
    this.view = null;
    this.picks = [];
    this.hint = null;
    this.endShownAt = null;
    this.toggleLog(false);
    mount(this.els.hintBox);
    this.els.hintBox.hidden = true;
    mount(this.els.board);
    mount(this.els.log);
    mount(this.els.bar);
    mount(this.els.players);
    mount(this.els.end);
    this.els.end.hidden = true;
    this.els.status.textContent = "";
  }

  /** Show a server's error (an illegal or stale action...) and let the player try again. */
  showError(text) {
    this.els.error.textContent = text;
    this.busy = false;
    this.picks = [];
    if (this.view) this.decorate();
  }

  myTurn() {
    const v = this.view;
    return !!v && !!this.opts.onAction && v.result == null && v.to_move != null
      && v.to_move === this.seat && (v.legal_actions || []).length > 0;
  }

  computeActions() {
    this.actions = [];
    if (!this.myTurn()) return;
    for (const a of this.view.legal_actions) {
      let keys = null;
      try { keys = this.r.keys(a, this.view); } catch (err) { console.error(err); }
      if (!keys || !keys.length) keys = ["act:" + a];
      this.actions.push({ action: a, keys });
    }
  }

  /** Whether `key` ends a move begun on the board (the renderer's `finishing`). */
  finishing(key) {
    try { return !!(this.r.finishing && this.r.finishing(key)); } catch (err) { console.error(err); return false; }
  }

  /** Actions still possible with the current picks, each with the keys it still needs. */
  candidates() {
    const out = [];
    for (const c of this.actions) {
      const rest = c.keys.slice();
      let ok = true;
      for (const p of this.picks) {
        const i = rest.indexOf(p.key);
        if (i < 0) { ok = false; break; }
        rest.splice(i, 1);
      }
      if (ok) out.push({ ...c, rest });
    }
    return out;
  }

  decorate() {
    const board = this.els.board;
    const cands = this.busy ? [] : this.candidates();
    const next = new Map(); // key -> how many more times it may be picked
    for (const c of cands) {
      const counts = new Map();
      for (const k of c.rest) counts.set(k, (counts.get(k) || 0) + 1);
      for (const [k, n] of counts) next.set(k, Math.max(next.get(k) || 0, n));
    }
    const present = new Set();
    for (const el of board.querySelectorAll("[data-key]")) {
      const k = el.dataset.key;
      present.add(k);
      const picked = this.picks.some((p) => p.el === el);
      const can = (next.get(k) || 0) > 0 && (!picked || el.dataset.multi !== undefined);
      el.classList.toggle("pickable", can);
      el.classList.toggle("picked", picked);
      if (can || picked) {
        el.setAttribute("tabindex", "0");
        if (el.tagName !== "BUTTON") el.setAttribute("role", "button");
        el.removeAttribute("aria-disabled");
      } else {
        el.setAttribute("tabindex", "-1");
        el.removeAttribute("role");
      }
      if (picked) el.setAttribute("aria-pressed", "true");
      else el.removeAttribute("aria-pressed");
    }
    board.classList.toggle("choosing", cands.length > 0);
    // Buttons: keys without a piece, confirm buttons for complete actions, cancel. A confirm
    // button goes where the renderer's confirmHost puts it (beside the pieces just picked),
    // else in the action bar.
    const bar = [];
    const near = [];
    for (const b of board.querySelectorAll("button.confirm")) b.remove();
    const exact = cands.filter((c) => c.rest.length === 0);
    const others = cands.length - exact.length;
    if (exact.length && (exact.length > 1 || others > 0)) {
      for (const c of exact) {
        const btn = h("button.confirm", {
          type: "button", dataset: { action: c.action },
          onclick: () => this.send(c.action),
        }, this.describe(c.action));
        let host = null;
        try { host = this.r.confirmHost ? this.r.confirmHost(c.action, board, this.view) : null; } catch (err) { console.error(err); }
        if (host) { host.append(btn); near.push(btn); } else bar.push(btn);
      }
    }
    for (const [k] of next) {
      if (present.has(k)) continue;
      if (!this.picks.length && this.finishing(k)) continue;
      const act = k.startsWith("act:") ? k.slice(4) : null;
      bar.push(h("button.keybtn", {
        type: "button", dataset: { key: k },
        onclick: () => this.pick(k, null),
      }, act ? this.describe(act) : (this.r.label ? this.r.label(k, this.view) : k)));
    }
    if (this.picks.length) {
      bar.push(h("button.cancel", { type: "button", onclick: () => this.clearPicks() },
        "Cancel"));
    }
    if (this.hint && this.hint.action) {
      for (const b of [...bar, ...near]) {
        if (b.dataset.action === this.hint.action || b.dataset.key === "act:" + this.hint.action) b.classList.add("hinted");
      }
    }
    mount(this.els.bar, bar);
    this.drawStatus();
    // A confirm button beside the pieces is on screen: scroll the least if it is not.
    for (const b of near) {
      const r = b.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) b.scrollIntoView({ block: "nearest" });
    }
  }

  describe(action) {
    return (this.r.describe && this.r.describe(action, this.view, this.ctx())) || action;
  }

  onClick(e) {
    const el = e.target.closest("[data-key]");
    if (!el || !this.els.board.contains(el)) return;
    if (el.classList.contains("picked") && !el.classList.contains("pickable")) {
      this.picks = this.picks.filter((p) => p.el !== el);
      this.decorate();
      return;
    }
    if (!el.classList.contains("pickable")) return;
    this.pick(el.dataset.key, el);
  }

  pick(key, el) {
    if (this.busy) return;
    this.picks.push({ key, el });
    const cands = this.candidates();
    const exact = cands.filter((c) => c.rest.length === 0);
    if (exact.length === 1 && cands.length === 1) {
      this.send(exact[0].action);
      return;
    }
    if (!cands.length) this.picks.pop();
    this.decorate();
    if (!el) {
      const first = this.els.bar.querySelector("button") || this.els.board.querySelector(".pickable");
      if (first) first.focus();
    }
  }

  clearPicks() {
    this.picks = [];
    this.decorate();
  }

  send(action) {
    if (this.busy || !this.opts.onAction) return;
    // A move made from the board or the action bar keeps the focus on the board.
    this.focusWanted = this.root.contains(document.activeElement);
    this.busy = true;
    this.decorate();
    this.els.status.textContent = `Playing ${this.describe(action)}…`;
    this.opts.onAction(action);
  }

  drawStatus() {
    const v = this.view;
    const o = this.opts;
    let text;
    let mine = false;
    const name = (p) => seatName(this.ctx(), p);
    const extra = (p) => {
      const info = o.seatInfo ? o.seatInfo(p) : "";
      return info ? ` (${info})` : "";
    };
    if (!v) text = "Connecting…";
    else if (v.result != null) text = `Game over: ${headline(v, this.ctx(), { hotseat: o.hotseat, replay: o.mode === "replay" })}`;
    else if (this.myTurn()) {
      mine = true;
      const p = this.r.prompt ? this.r.prompt(v, this.picks.map((x) => x.key), this.ctx()) : null;
      text = `Your turn${p ? ": " + p : ""}`;
    } else if (v.to_move == null) text = "";
    else if (o.mode === "replay" || o.mode === "sandbox") text = `Next to move: ${name(v.to_move)}`;
    else if (v.to_move === this.seat) text = o.waitingText || "Your turn is coming up…";
    else if (this.seat == null) text = `${name(v.to_move)} to move${extra(v.to_move)}`;
    else text = `Waiting for ${name(v.to_move)}${extra(v.to_move)}`;
    if (!this.busy) this.els.status.textContent = text;
    this.root.classList.toggle("myturn", mine);
    this.els.hintBtn.hidden = !(mine && o.onHint);
  }

  drawPlayers() {
    const v = this.view;
    if (!v) return;
    const items = [];
    const winners = v.result ? v.result.winners || [] : [];
    for (let p = 0; p < v.players; p++) {
      const info = this.opts.seatInfo ? this.opts.seatInfo(p) : "";
      const toMove = p === v.to_move && v.result == null;
      const won = winners.includes(p);
      items.push(h("li", {
        class: [toMove && "tomove", p === this.seat && "me", won && "winner"],
        "aria-current": toMove ? "true" : null,
      }, toMove ? icon("play", "pmark") : won ? icon("star", "pmark") : null,
      h("span.pname", seatName(this.ctx(), p)),
      marksYou(this.ctx(), p) ? h("span.you", " (you)") : null,
      info ? h("span.pinfo", info) : null,
      this.opts.clocks ? this.opts.clocks.node(p) : null,
      toMove ? h("span.sr-only", " (to move)") : null,
      won ? h("span.sr-only", " (winner)") : null));
    }
    mount(this.els.players, items);
  }

  drawLog(first) {
    const el = this.els.log;
    const atEnd = first || el.scrollTop + el.clientHeight >= el.scrollHeight - 8;
    const items = logItems(narrated(this.r, this.view, this.ctx()));
    mount(el, items.length ? items : h("li.lempty", "No moves yet."));
    if (atEnd) el.scrollTop = el.scrollHeight;
  }

  /** The header's facts fixed when the table opened: the deal's fingerprint (from the first
   *  frame on, players and spectators alike) and Bonbons' memory aid. */
  drawFacts() {
    const v = this.view;
    const seed = (this.opts.seedInfo && this.opts.seedInfo()) || {};
    const sha = seed.seed_sha256 || v.seed_sha256 || null;
    const aid = v.options && "memory_aid" in v.options
      ? h("span.aidnote", v.options.memory_aid ? "Memory aid on" : "Memory aid off") : null;
    const c = this.opts.clocks && this.opts.clocks.c;
    const time = c ? h("span.clocknote", `Clock ${controlText(c)}; ${flagText(c)}`) : null;
    const key = `${sha}|${aid ? v.options.memory_aid : ""}|${c ? controlText(c) + flagText(c) : ""}`;
    if (this.els.facts.dataset.key === key) return;
    this.els.facts.dataset.key = key;
    mount(this.els.facts, fingerprintEl(sha), aid, time);
  }

  /** The renderer's score breakdown; none for a game a flag fall ended (its position was never
   *  scored by the game itself: the end screen's sentence says how it was). */
  summary(v, ctx) {
    if (!this.r.summary || (v.result && v.result.flag != null)) return null;
    return this.r.summary(v, ctx);
  }

  /** The end screen's check: the published seed hashed here again against the fingerprint
   *  shown since the start. */
  checkSeed(el, number, sha) {
    const key = `${number}|${sha}`;
    if (el.dataset.key === key) return;
    el.dataset.key = key;
    seedFingerprint(number).then((got) => {
      const ok = got === sha;
      el.className = `seedcheck ${ok ? "ok" : "bad"}`;
      mount(el, ok
        ? `Checked in this browser: the seed's SHA-256 is ${got.slice(0, 12)}…, it matches the fingerprint shown at the start.`
        : `Warning: the seed's SHA-256 is ${got.slice(0, 12)}…, it does not match the fingerprint ${sha.slice(0, 12)}… shown at the start.`);
    }).catch((err) => { mount(el, `The seed could not be checked: ${err.message}`); });
  }

  drawEnd() {
    const v = this.view;
    const end = this.els.end;
    if (v.result == null) { end.hidden = true; mount(end); this.endShownAt = null; return; }
    const ctx = this.ctx();
    const o = this.opts;
    const title = headline(v, ctx, { hotseat: o.hotseat, replay: o.mode === "replay" });
    let why = "";
    try { why = explanation(this.game, v, ctx); } catch (err) { console.error(err); }
    const seed = (o.seedInfo && o.seedInfo()) || {};
    const sha = seed.seed_sha256 || v.seed_sha256;
    const number = seed.seed ?? v.seed;
    end.hidden = false;
    const check = this.els.seedCheck || (this.els.seedCheck = h("p.seedcheck", { role: "status" }, "Checking the seed…"));
    if (sha && number != null) this.checkSeed(check, number, sha);
    mount(end,
      h("h2.endtitle", icon("star"), h("span", title)),
      why ? h("p.endwhy", why) : null,
      h("div.scores", this.summary(v, ctx)),
      sha || number != null ? h("p.endseed",
        "The deal of this game came from seed ", h("code.seed", String(number ?? "(hidden)")),
        sha ? [". Its fingerprint ", h("code", { title: sha }, sha), " was shown from the start"] : null,
        ": anyone can replay the game from that seed (sweettooth verify) to check the deal was fair.") : null,
      sha && number != null ? check : null,
      h("div.endactions", o.endActions || []),
    );
    if (this.endShownAt !== v.ply && o.mode !== "sandbox") {
      this.endShownAt = v.ply;
      // Bring the result into view after this frame is laid out (phones: it is above the board).
      requestAnimationFrame(() => {
        end.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
        end.focus({ preventScroll: true });
      });
    }
  }
}

/**
 * A small table of numbers: rows of cells; the first row is the header. A table of six columns
 * or more is "wide": on a phone it is laid out as one card per row, each number beside its
 * column's name (`data-label`), rather than cut at the screen's edge. The ARIA roles keep it a
 * table for screen readers whatever its CSS display.
 */
export function scoreTable(caption, head, rows, opts = {}) {
  const wide = head.length >= 6;
  return h("table.scoretable", { class: [opts.class, wide ? "wide" : null], role: "table" },
    caption ? h("caption", caption) : null,
    h("thead", { role: "rowgroup" },
      h("tr", { role: "row" }, head.map((c) => h("th", { scope: "col", role: "columnheader" }, c)))),
    h("tbody", { role: "rowgroup" }, rows.map((r) => h("tr", { class: r.cls, role: "row" },
      (r.cells || r).map((c, i) => (i === 0 ? h("th", { scope: "row", role: "rowheader" }, c)
        : h("td", { role: "cell", "data-label": head[i] }, c)))))),
  );
}
