// Tiny DOM helpers shared by the pages and the game renderers (no framework, no build step).

const SVG_NS = "http://www.w3.org/2000/svg";

/** h("div.cls#id", {attrs}, ...children): an HTML element. Attributes starting with "on" are
 * listeners; `class` may be a string or an array; null/false children are skipped. */
export function h(tag, attrs, ...children) {
  return build(document.createElement(parseTag(tag).name), tag, attrs, children);
}

/** s("circle", {cx: 1}): an SVG element with the same conventions as h(). */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, parseTag(tag).name), tag, attrs, children);
}

function parseTag(tag) {
  const m = /^([a-zA-Z0-9-]+)?((?:[.#][\w-]+)*)$/.exec(tag);
  return { name: (m && m[1]) || "div", rest: (m && m[2]) || "" };
}

function build(el, tag, attrs, children) {
  const { rest } = parseTag(tag);
  for (const part of rest.match(/[.#][\w-]+/g) || []) {
    if (part[0] === ".") el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  if (attrs !== null && attrs !== undefined
    && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") {
      for (const c of [].concat(v)) if (c) el.classList.add(...String(c).split(/\s+/).filter(Boolean));
    } else if (k === "style" && typeof v === "object") {
      for (const [sk, sv] of Object.entries(v)) {
        if (sk.startsWith("--")) el.style.setProperty(sk, String(sv));
        else el.style[sk] = sv;
      }
    }
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Replace the children of el. */
export function mount(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

export const cap = (t) => (t ? t[0].toUpperCase() + t.slice(1) : t);
export const plural = (n, one, many) => `${n} ${n === 1 ? one : many || one + "s"}`;

/** "P1".."Pn" style seat names, or the table's display names when known. */
export function seatName(ctx, seat) {
  const n = ctx && ctx.names && ctx.names[seat];
  return n || `P${seat + 1}`;
}

/** Whether `seat` is the viewer's own and its name does not already say so ("You"); never in
 *  hotseat (ctx.hotseat), where everyone is at the same screen. */
export function marksYou(ctx, seat) {
  return !!ctx && !ctx.hotseat && seat === ctx.seat && seatName(ctx, seat) !== "You";
}

/** A seat's name in a score table: " (you)" marks the viewer's own seat unless it is "You" (or
 *  the device is shared). */
export function seatLabel(ctx, seat) {
  const name = seatName(ctx, seat);
  return marksYou(ctx, seat) ? `${name} (you)` : name;
}
