// Plain words for the log: player names, "You take" vs "Alice takes", possessives.

import { seatName } from "../dom.js";

const BASE = {
  has: "have", is: "are", does: "do", goes: "go", chooses: "choose", uses: "use",
  passes: "pass", reaches: "reach", shuffles: "shuffle", loses: "lose", closes: "close",
  places: "place", takes: "take", gives: "give", makes: "make", shows: "show", was: "were",
};

function isYou(ctx, seat) {
  return seatName(ctx, seat) === "You";
}

/** `v` (third person, "takes") agreeing with the seat's name: "You take", "Alice takes". */
export function verb(ctx, seat, v) {
  if (!isYou(ctx, seat)) return v;
  if (BASE[v]) return BASE[v];
  if (/(ss|sh|ch|x|z)es$/.test(v)) return v.slice(0, -2);
  return v.endsWith("s") ? v.slice(0, -1) : v;
}

/** The seat's name and `v` agreeing with it: "You take", "Alice takes". */
export function subject(ctx, seat, v) {
  return `${seatName(ctx, seat)} ${verb(ctx, seat, v)}`;
}

/** "Your" for the viewer's own seat, else "Alice's" (capitalised, to start a label). */
export function possessive(ctx, seat) {
  return (ctx && seat === ctx.seat) || isYou(ctx, seat) ? "Your" : `${seatName(ctx, seat)}'s`;
}

/** "your" for the seat spoken to, else "Bob's": a possessive inside a sentence. */
export function whose(ctx, seat) {
  return isYou(ctx, seat) ? "your" : `${seatName(ctx, seat)}'s`;
}

/** Whose thing it is, said from the actor's side: "their own", "your", "Bob's". */
export function owner(ctx, seat, actor) {
  if (seat === actor) return isYou(ctx, actor) ? "your own" : "their own";
  return whose(ctx, seat);
}

/** ctx with the seat the texts speak to (ctx.you: the viewer at a live table, in hotseat whoever
 *  is at the screen) named "You", so every sentence about that player is in the second person
 *  ("You flip", "your round tile 3", "to you"); ctx itself when there is none. */
export function addressed(ctx) {
  if (!ctx || ctx.you == null || isYou(ctx, ctx.you)) return ctx;
  const names = [];
  for (let p = 0; p < Math.max((ctx.names || []).length, ctx.you + 1); p++) names.push(seatName(ctx, p));
  names[ctx.you] = "You";
  return { ...ctx, names };
}

/** "Alice" or, after a preposition, "you": the object form of a seat's name. */
export function them(ctx, seat) {
  return isYou(ctx, seat) ? "you" : seatName(ctx, seat);
}

