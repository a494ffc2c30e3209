// Shared by the game renderers: pieces that explain themselves, last-move marks, small SVG
// symbols (no emoji font needed).
//
// A piece with a tooltip carries class `has-tip` and a child `span.tip` (aria-hidden: the same
// text is in the piece's accessible name). css/games.css shows the tip on :hover (with a real
// pointer only: a tap leaves :hover behind), :focus-visible and `.tip-open`, which a long press
// (or a tap on a piece that cannot be played now) toggles; a tap elsewhere or a move closes it.
// installTips() keeps a shown tip inside the viewport and off the status line.

import { h, s, seatName } from "../dom.js";

/** Give `el` a tooltip `text` (and, unless opts.keepLabel, the accessible name `label`). */
export function withTip(el, text, label) {
  if (!text) return el;
  el.classList.add("has-tip");
  if (label !== undefined && label !== null) el.setAttribute("aria-label", label);
  el.append(h("span.tip", { "aria-hidden": "true" }, text));
  return el;
}

/** A piece that takes part in no action but explains itself: focusable, role=img. */
export function infoPiece(tag, attrs, tip, ...children) {
  const el = h(tag, { tabindex: "0", role: "img", ...attrs, "aria-label": attrs.label || tip }, ...children);
  el.removeAttribute("label");
  return withTip(el, tip);
}

/** Mark `el` as part of `seat`'s last move (outline and badge in the player's colour); a
 *  `fresh` mark (a move just made) animates in. */
export function markLast(el, seat, ctx, fresh = false) {
  if (!el || el.classList.contains("last-move")) return el;
  el.classList.add("last-move");
  if (fresh) el.classList.add("fresh");
  el.dataset.lastBy = String(seat);
  const who = seatName(ctx, seat);
  el.append(h("span.last-badge", { "aria-hidden": "true" }, (who || "?").trim().charAt(0).toUpperCase()));
  const label = el.getAttribute("aria-label");
  if (label) el.setAttribute("aria-label", `${label} (last move by ${who})`);
  return el;
}

const previous = new Map(); // game -> {seat: notation} of the last render

/** The seats whose last move changed since the previous render of `game` (none the first time). */
export function freshSeats(game, pairs) {
  const was = previous.get(game);
  const now = Object.fromEntries(pairs);
  previous.set(game, now);
  if (!was) return new Set();
  return new Set(pairs.filter(([p, a]) => was[p] !== a).map(([p]) => p));
}

/** ctx.lastMoves ({seat: notation}, from the shell) as a list of [seat, notation]. */
export function lastMoves(ctx) {
  return Object.entries((ctx && ctx.lastMoves) || {}).map(([k, v]) => [Number(k), v]);
}

// ---- SVG symbols ----------------------------------------------------------------------------

const SYMBOLS = {
  star: "M10 1.5 L12.6 7.1 L18.6 7.6 L14 11.6 L15.4 17.6 L10 14.4 L4.6 17.6 L6 11.6 L1.4 7.6 L7.4 7.1 Z",
  bolt: "M11.5 1 L3.5 11 H9 L7.5 19 L16.5 8 H11 Z",
  left: "M13 3 L5 10 L13 17 Z",
  right: "M7 3 L15 10 L7 17 Z",
  heart: "M10 17.5 C3 12 1 9 1 6.2 C1 3.5 3.1 1.8 5.4 1.8 C7.4 1.8 9 3 10 4.8 C11 3 12.6 1.8 14.6 1.8 C16.9 1.8 19 3.5 19 6.2 C19 9 17 12 10 17.5 Z",
  diamond: "M10 1 L17 10 L10 19 L3 10 Z",
  spade: "M10 1 C13 5 19 8 19 12 C19 14.6 17 16 15 16 C13.4 16 12 15.2 11.2 14 C11.4 16 12.2 17.6 13.6 19 H6.4 C7.8 17.6 8.6 16 8.8 14 C8 15.2 6.6 16 5 16 C3 16 1 14.6 1 12 C1 8 7 5 10 1 Z",
  club: "M10 1.5 A4 4 0 0 1 13.6 7.3 A4 4 0 1 1 11.3 13.6 C11.6 15.8 12.4 17.5 13.8 19 H6.2 C7.6 17.5 8.4 15.8 8.7 13.6 A4 4 0 1 1 6.4 7.3 A4 4 0 0 1 10 1.5 Z",
  coin: "M10 1.5 A8.5 8.5 0 1 1 9.99 1.5 Z",
};

/** A small inline SVG symbol (decorative: aria-hidden). */
export function icon(name, cls = "") {
  return s("svg", { viewBox: "0 0 20 20", class: `sym ${cls}`.trim(), "aria-hidden": "true", focusable: "false" },
    s("path", { d: SYMBOLS[name] || SYMBOLS.star, fill: "currentColor" }));
}

// ---- behaviour: long press, tap, keep in the viewport -----------------------------------------

let installed = false;

/** Install the document listeners once (idempotent). */
export function installTips() {
  if (installed || typeof document === "undefined") return;
  installed = true;
  let timer = null;
  let pressed = null;
  let suppress = false;
  // A piece clicked to play keeps its hover tip shut until the pointer leaves where it was: the
  // move redraws the board, so the piece under the still pointer is a new element (the one just
  // played, drawn anew, or whatever took its place); the hush is the place, not the element.
  let hushZone = null;
  const unhush = () => { hushZone = null; document.documentElement.classList.remove("tips-hushed"); };
  document.addEventListener("pointermove", (e) => {
    if (!hushZone || e.pointerType !== "mouse") return;
    const z = hushZone;
    if (e.clientX < z.left || e.clientX > z.right || e.clientY < z.top || e.clientY > z.bottom) unhush();
  }, true);
  const closeAll = (except) => {
    for (const el of document.querySelectorAll(".has-tip.tip-open")) if (el !== except) el.classList.remove("tip-open");
  };
  document.addEventListener("pointerdown", (e) => {
    const el = e.target.closest && e.target.closest(".has-tip");
    clearTimeout(timer);
    pressed = el;
    if (!el) { closeAll(null); return; }
    if (e.pointerType === "mouse") return;
    timer = setTimeout(() => {
      closeAll(el);
      el.classList.add("tip-open");
      place(el);
      suppress = true; // the click that ends a long press does not play the piece
    }, 450);
  }, true);
  const cancel = () => { clearTimeout(timer); };
  document.addEventListener("pointerup", cancel, true);
  document.addEventListener("pointercancel", cancel, true);
  document.addEventListener("contextmenu", (e) => {
    if (e.target.closest && e.target.closest(".has-tip")) e.preventDefault();
  }, true);
  document.addEventListener("click", (e) => {
    const el = e.target.closest && e.target.closest(".has-tip");
    if (suppress) {
      suppress = false;
      if (el && el === pressed) { e.stopPropagation(); e.preventDefault(); return; }
    }
    // A tap on a piece that cannot be played now shows (or hides) its explanation.
    if (el && !el.classList.contains("pickable") && !el.classList.contains("picked")) {
      const open = !el.classList.contains("tip-open");
      closeAll(el);
      el.classList.toggle("tip-open", open);
      if (open) place(el);
    } else {
      closeAll(null);
      // A piece clicked to play keeps its hover tip shut until the pointer leaves its place.
      if (el && e.detail > 0) {
        hushZone = el.getBoundingClientRect();
        document.documentElement.classList.add("tips-hushed");
      }
    }
  }, true);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeAll(null); });
  const onShow = (e) => {
    const el = e.target.closest && e.target.closest(".has-tip");
    if (el) requestAnimationFrame(() => place(el));
  };
  document.addEventListener("mouseover", onShow);
  document.addEventListener("focusin", onShow);
  // A redraw puts new pieces under a still pointer (no mouseover): keep their tips in view too.
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      for (const el of document.querySelectorAll(".has-tip:hover, .has-tip:focus-visible, .has-tip.tip-open")) place(el);
    });
  }).observe(document.body, { childList: true, subtree: true });
}

/** Shift a shown tip so it stays inside the viewport (left/right); below the piece if there is no
 *  room above, or if above it would cover the status line (what to do now). */
function place(el) {
  const tip = el.querySelector(":scope > .tip");
  if (!tip) return;
  tip.style.setProperty("--tip-dx", "0px");
  el.classList.remove("tip-below");
  const r = tip.getBoundingClientRect();
  if (!r.width) return;
  // Inside the viewport and within a little of the game's board (which clips what goes further).
  const vw = document.documentElement.clientWidth;
  const game = el.closest(".bittersweet, .bonbons, .lechocolat, .sweetnose, .sweetshop");
  const b = game ? game.getBoundingClientRect() : { left: 4, right: vw - 4 };
  const lo = Math.max(4, b.left - 8);
  const hi = Math.min(vw - 4, b.right + 8);
  let dx = 0;
  if (r.left < lo) dx = lo - r.left;
  else if (r.right > hi) dx = hi - r.right;
  tip.style.setProperty("--tip-dx", `${Math.round(dx)}px`);
  const status = document.querySelector(".table-root .status");
  const s = status ? status.getBoundingClientRect() : null;
  const overStatus = s && s.height && r.top < s.bottom + 4 && r.bottom > s.top
    && r.left + dx < s.right && r.right + dx > s.left;
  if (r.top < 4 || overStatus) el.classList.add("tip-below");
}
