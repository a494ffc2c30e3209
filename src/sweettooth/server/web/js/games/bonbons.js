// Bonbons: the 6x6 (quick: 5x5) grid of squares and each player's row of round tiles.
// Keys: "sq:c4" (a square), "rt:p1.3" (a round tile); cover and give-back reuse "rt:".
// Every tile explains itself (tooltip and accessible name); the flips of each player's last turn
// are marked; the faces a failed turn turned down again stay up for a moment (holdMs, and the
// "just turned down" reveal drawn by render), so everyone can remember them.

import { h, s, seatName, seatLabel } from "../dom.js";
import { scoreTable } from "../table.js";
import { installTips, withTip, markLast, lastMoves, freshSeats } from "./tips.js";
import { verb, owner, them, possessive, addressed } from "./words.js";

const COLOURS = { red: "#e0474c", yellow: "#f2b818", green: "#3fae62", blue: "#3f7fd9" };
// How long faces a failed turn turned down stay up: one value for every player's flips (the
// shell's hold of a bot's turned-up faces, the reveal drawn after a no-match, and the hold that
// keeps that reveal on screen until it ends), so your own flip shows as long as a bot's.
const REVEAL_MS = 1500;
// One log line: seat, action, face shown, outcome, end (as the engine writes it).
const LINE = /^p(\d+) ([^:(]+?)(?:: ([^(]+))? \(([^;)]+)(?:; ([^)]+))?\)$/;

function parse(line) {
  const m = LINE.exec(String(line));
  if (!m) return null;
  return { seat: Number(m[1]), action: m[2].trim(), face: m[3] ? m[3].trim() : null, outcome: m[4], end: m[5] || null };
}

/** A small SVG drawing of a face: "blue lollipop", "coin", "empty wrapper". */
export function candyIcon(face) {
  const svg = (...kids) => s("svg", { viewBox: "0 0 40 40", class: "candy", "aria-hidden": "true", focusable: "false" }, ...kids);
  if (face === "coin") {
    return svg(s("circle", { cx: 20, cy: 20, r: 15, fill: "#f5c542", stroke: "#b8860b", "stroke-width": 2.5 }),
      s("circle", { cx: 20, cy: 20, r: 10, fill: "none", stroke: "#b8860b", "stroke-width": 1.5 }),
      s("path", { d: "M23.5 15.5 A6 6 0 1 0 23.5 24.5", fill: "none", stroke: "#8a6508", "stroke-width": 2.4, "stroke-linecap": "round" }));
  }
  if (face === "empty wrapper") {
    return svg(s("path", { d: "M6 14 L12 20 L6 26 L14 24 L26 24 L34 26 L28 20 L34 14 L26 16 L14 16 Z",
      fill: "#eee", stroke: "#777", "stroke-width": 1.5, "stroke-dasharray": "3 2" }));
  }
  const [colour, ...rest] = face.split(" ");
  const candy = rest.join(" ");
  const c = COLOURS[colour] || "#a77";
  const dark = "rgba(0,0,0,.28)";
  const light = "rgba(255,255,255,.55)";
  switch (candy) {
    case "lollipop":
      return svg(s("rect", { x: 18.5, y: 20, width: 3, height: 18, rx: 1.5, fill: "#d9c7a7" }),
        s("circle", { cx: 20, cy: 15, r: 12, fill: c }),
        s("path", { d: "M20 15 m-7 0 a7 7 0 1 1 7 7 a4.5 4.5 0 1 1 -4.5 -4.5", fill: "none", stroke: light, "stroke-width": 2.2 }));
    case "caramel":
      return svg(s("rect", { x: 8, y: 10, width: 24, height: 20, rx: 4, fill: c }),
        s("rect", { x: 11, y: 13, width: 18, height: 14, rx: 3, fill: "none", stroke: light, "stroke-width": 2 }));
    case "liquorice":
      return svg(s("rect", { x: 15, y: 3, width: 10, height: 34, rx: 4, fill: c }),
        ...[9, 16, 23, 30].map((y) => s("path", { d: `M15 ${y} L25 ${y - 5}`, stroke: dark, "stroke-width": 2 })));
    case "marshmallow":
      return svg(s("rect", { x: 9, y: 9, width: 22, height: 24, rx: 7, fill: c }),
        s("ellipse", { cx: 20, cy: 12, rx: 10, ry: 4, fill: light }));
    case "jelly bean":
      return svg(s("path", { d: "M9 24 C5 14 16 6 24 10 C29 12 27 17 31 19 C37 23 31 34 21 32 C15 31 12 30 9 24 Z", fill: c }),
        s("ellipse", { cx: 16, cy: 15, rx: 4, ry: 2, fill: light, transform: "rotate(-30 16 15)" }));
    case "toffee":
      return svg(s("path", { d: "M4 12 L12 20 L4 28 Z M36 12 L28 20 L36 28 Z", fill: c, opacity: 0.75 }),
        s("ellipse", { cx: 20, cy: 20, rx: 10, ry: 8, fill: c }),
        s("ellipse", { cx: 17, cy: 17, rx: 4, ry: 2, fill: light }));
    case "nougat":
      return svg(s("rect", { x: 5, y: 12, width: 30, height: 16, rx: 2, fill: c }),
        ...[[11, 17], [19, 23], [27, 17], [15, 22], [24, 19]].map(([x, y]) =>
          s("circle", { cx: x, cy: y, r: 1.8, fill: light })));
    case "praline":
      return svg(s("circle", { cx: 20, cy: 21, r: 13, fill: "#7a4a2a" }),
        s("path", { d: "M7 21 A13 13 0 0 1 33 21 Z", fill: c }),
        s("path", { d: "M11 21 q3 -3 6 0 q3 -3 6 0 q3 -3 6 0", fill: "none", stroke: light, "stroke-width": 1.6 }));
    default:
      return svg(s("circle", { cx: 20, cy: 20, r: 13, fill: c }));
  }
}

const PROMPTS = {
  start: "flip a square or a round tile",
  "after square": "flip a round tile (yours, or try to steal one), or stop",
  "after round": "flip a square",
  "coin run": "flip another square, or stop",
  cover: "cover one of your face-down tiles with the coins",
  "give back": "give one of your face-down tiles to the player you stole from",
};

const SPECIAL = {
  coin: "Coin: if it is the first square you flip in your turn, you may keep flipping squares; "
    + "three coins in a row cover one of your face-down tiles: it counts as found and cannot be "
    + "stolen. Flipped at any other moment it is no match.",
  "empty wrapper": "Empty wrapper: it stays face up for the rest of the game; whoever flips it "
    + "draws a round tile face down from the pile, and their turn ends.",
};

// The table's memory aid (its option, fixed when the table was created). Off, the server sends
// no face of a face-down tile (Game.person_view), so there is nothing remembered to draw.
let aidOn = false;
function memoryAid() {
  return aidOn;
}

function squareText(sq) {
  const face = sq.face;
  const st = sq.state;
  const where = `Square ${sq.square}`;
  if (st === "taken") return `${where}: empty, its coins cover a round tile.`;
  if (st === "wrapper") return `${where}: ${SPECIAL["empty wrapper"]}`;
  if (st === "matched") return `${where}: ${face}, matched with a round tile; it stays face up.`;
  if (st === "showing") {
    return `${where}: ${face}, turned up this turn.${SPECIAL[face] ? " " + SPECIAL[face] : " Flip a round tile with the same candy in the same colour to match it."}`;
  }
  const was = face && memoryAid() ? ` You saw ${face} here before.` : "";
  return `${where}: face down. Flip it to see its candy, then look for the round tile that matches.${was}`;
}

function tileText(t, seat, ctx) {
  ctx = addressed(ctx);
  const st = t.state;
  const mine = seat === ctx.seat;
  const where = `${possessive(ctx, seat)} round tile ${t.tile.split(".")[1]}`;
  if (st === "coins") return `${where}: under three coins${t.face ? ` (${t.face})` : ""}; it counts as found and cannot be stolen.`;
  if (st === "found") return `${where}: ${t.face}, found; it stays face up.`;
  if (st === "showing") return `${where}: ${t.face}, turned up this turn.`;
  const was = t.face && memoryAid() ? ` It was ${t.face} when last seen.` : "";
  return mine || ctx.seat == null
    ? `${where}: face down; nobody knows its candy until it is flipped. Match it with a square of the same candy and colour.${was}`
    : `${where}: face down. Flip it after a square to try to steal it: if it matches, it becomes yours.${was}`;
}

/** The tiles the latest failed turn turned face down again, with the faces they showed. */
function justTurnedDown(view) {
  if (Array.isArray(view.turned_down)) return view.turned_down.map((e) => ({ action: e.piece, face: e.face }));
  const log = view.log || [];
  const last = parse(log[log.length - 1]);
  if (!last || last.outcome !== "no match") return [];
  const out = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const e = parse(log[i]);
    if (!e || e.seat !== last.seat) break;
    if (i < log.length - 1 && e.end) break; // an earlier turn of the same seat
    if (e.face && (e.outcome === "showing" || e.outcome === "no match")) out.push(e);
    if (i < log.length - 1 && e.outcome !== "showing") break;
  }
  return out;
}

// When the current reveal was first drawn (a redraw of the same view keeps its clock).
const reveal = { id: null, at: 0, cut: false };
let revealInstalled = false;

function revealLeft(view) {
  const id = `${(view.log || []).length}:${(view.log || [])[(view.log || []).length - 1]}`;
  const now = performance.now();
  if (reveal.id !== id) { reveal.id = id; reveal.at = now; reveal.cut = false; }
  if (reveal.cut) return 0;
  return Math.max(0, REVEAL_MS - (now - reveal.at));
}

function cutReveal() {
  reveal.cut = true;
  for (const el of document.querySelectorAll(".bonbons .just-down")) el.classList.remove("just-down");
}

/** The faces of the last flip ("animate it turning up"), once per log entry. */
const flipped = { id: null };

function squareEl(sq, ctx, anim) {
  const face = sq.face;
  const st = sq.state;
  const up = st === "showing" || st === "matched" || st === "wrapper";
  const known = face && !up && st === "down";
  const held = anim.down.get(`sq:${sq.square}`);
  const text = squareText(sq);
  const el = h("button.square", {
    type: "button", class: [`st-${st}`, known && memoryAid() && "remembered", held && "just-down",
      anim.up === `sq:${sq.square}` && "flip-in"],
    dataset: { key: `sq:${sq.square}` }, "aria-label": held ? `${text} It just showed ${held}.` : text,
    style: held ? { "--reveal-left": `${anim.left}ms` } : null,
  }, up || (known && memoryAid()) ? candyIcon(face) : null,
  held ? h("span.face-layer", { "aria-hidden": "true" }, candyIcon(held)) : null,
  h("span.coord", { "aria-hidden": "true" }, sq.square));
  return withTip(el, held ? `${text} It just showed ${held}.` : text);
}

function roundEl(t, seat, ctx, anim) {
  const st = t.state;
  const up = st === "showing" || st === "found";
  const known = t.face && st === "down";
  const held = anim.down.get(`rt:${t.tile}`);
  const text = tileText(t, seat, ctx);
  const el = h("button.roundtile", {
    type: "button", class: [`st-${st}`, known && memoryAid() && "remembered", held && "just-down",
      anim.up === `rt:${t.tile}` && "flip-in"],
    dataset: { key: `rt:${t.tile}` }, "aria-label": held ? `${text} It just showed ${held}.` : text,
    style: held ? { "--reveal-left": `${anim.left}ms` } : null,
  }, up || (known && memoryAid()) ? candyIcon(t.face) : null,
  st === "coins" ? candyIcon("coin") : null,
  held ? h("span.face-layer", { "aria-hidden": "true" }, candyIcon(held)) : null);
  return withTip(el, held ? `${text} It just showed ${held}.` : text);
}

/** {seat: keys} of the pieces of each seat's last turn (newest first), in one pass back through
 *  the log: a seat's last turn is its latest run of log lines, back to the end of an earlier turn;
 *  seats in the order they first appear in the log. */
function lastTurnKeys(log) {
  const turns = new Map(); // seat -> {keys, done, first}
  let run = null; // the seat of the run of lines being read
  for (let i = log.length - 1; i >= 0; i--) {
    const e = parse(log[i]);
    const seat = e ? e.seat : null;
    if (run !== null && seat !== run) turns.get(run).done = true;
    run = seat;
    if (!e) continue;
    if (!turns.has(seat)) turns.set(seat, { keys: [], done: false, first: i });
    const t = turns.get(seat);
    t.first = i;
    if (t.done) continue;
    if (t.keys.length && e.end) { t.done = true; continue; }
    const a = e.action.replace(/^(cover|give) /, "");
    if (/^[a-z]\d+$/.test(a)) t.keys.push(`sq:${a}`);
    else if (/^p\d+\.\d+$/.test(a) && !/^give /.test(e.action)) t.keys.push(`rt:${a}`);
  }
  const out = new Map();
  for (const [seat, t] of [...turns].sort((x, y) => x[1].first - y[1].first)) out.set(seat, t.keys);
  return out;
}

/** Whom the give at view.log[index] pays back, the victim of the theft just before it: "Bob",
 *  "you" (ctx from addressed()), or "the player they stole from" if the log does not say. */
function giveTo(view, index, ctx, thief) {
  const log = view.log || [];
  for (let i = index - 1; i >= 0; i--) {
    const e = parse(log[i]);
    if (!e) continue;
    const m = /^p(\d+)\.\d+$/.exec(e.action);
    if (e.outcome === "theft" && m) return them(ctx, Number(m[1]));
    break;
  }
  return `the player ${them(ctx, thief) === "you" ? "you" : "they"} stole from`;
}

/** "your" for the seat spoken to, else "Bob's" (ctx from addressed()). */
function whose(ctx, seat) {
  const w = possessive(ctx, seat);
  return w === "Your" ? "your" : w;
}

/** A piece id from a rules link, decoded ("red%20lollipop" -> "red lollipop"). */
function safeDecode(id) {
  try { return decodeURIComponent(String(id)); } catch { return String(id); }
}

export default {
  id: "bonbons",
  title: "Bonbons",

  render(view, ctx) {
    installTips();
    if (!revealInstalled && typeof document !== "undefined") {
      revealInstalled = true;
      document.addEventListener("pointerdown", cutReveal, true);
      document.addEventListener("keydown", cutReveal, true);
    }
    aidOn = !!(view.options && view.options.memory_aid);
    const size = view.grid.length;
    const me = ctx.seat;
    // Faces a failed turn just turned down: drawn up for a moment (not at the instant speed).
    const down = new Map();
    let left = 0;
    if (ctx.botSpeed !== "instant") {
      left = revealLeft(view);
      if (left > 0) {
        for (const e of justTurnedDown(view)) {
          const key = /^[a-z]\d+$/.test(e.action) ? `sq:${e.action}` : `rt:${e.action}`;
          down.set(key, e.face);
        }
      }
    }
    // The tile turned up by the latest action flips in (once per log entry).
    const log = view.log || [];
    const lastE = parse(log[log.length - 1]);
    let up = null;
    const logId = `${log.length}`;
    if (lastE && flipped.id !== logId && (lastE.outcome === "showing" || lastE.outcome === "match" || lastE.outcome === "theft")) {
      const a = lastE.action;
      up = /^[a-z]\d+$/.test(a) ? `sq:${a}` : `rt:${a}`;
    }
    flipped.id = logId;
    const anim = { down, left, up };
    const order = [];
    for (let p = 0; p < view.players; p++) order.push(p);
    if (me != null) order.sort((a, b) => ((a - me + view.players) % view.players) - ((b - me + view.players) % view.players));
    const others = me != null ? order.slice(1) : order;
    // Stop sits by your tiles, in sight while you flip (in the action bar under the board it was
    // below the fold on a phone); the composer makes it clickable like a piece (key act:stop).
    const stop = me != null && view.to_move === me && (view.legal_actions || []).includes("stop")
      ? h("button.bb-stop", { type: "button", dataset: { key: "act:stop" } }, "Stop (end your turn)") : null;
    const rowEl = (p) => h("section.bb-row", {
      class: [p === view.to_move && "tomove", p === me && "mine"],
      "aria-label": `${possessive(ctx, p)} round tiles`,
    }, p === me ? h("div.bb-minehead", h("h3", "Your tiles"), stop) : h("h3", seatName(ctx, p)),
    h("div.tiles", view.rows[p].map((t) => roundEl(t, p, ctx, anim))));
    const aid = h("span.aid", { title: "A table option, chosen when the table was created" },
      memoryAid() ? "Memory aid on: faces seen before are drawn faded" : "Memory aid off: remember the faces yourself");
    const root = h("div.bonbons",
      h("div.bb-others", others.map(rowEl)),
      h("div.bb-grid", { style: { "--n": size }, role: "group", "aria-label": "Squares" },
        view.grid.flat().map((sq) => squareEl(sq, ctx, anim))),
      me != null ? rowEl(me) : null,
      h("p.bb-info", `Draw pile: ${view.pile} · Turn ${view.turn + 1}`,
        view.removed && view.removed.length ? ` · Out of the game: ${view.removed.join(", ")}` : "",
        " ", aid),
    );
    // Each player's last turn: the squares and tiles they flipped.
    const byseat = lastTurnKeys(log);
    const seats = new Set(lastMoves(ctx).map(([p]) => p));
    for (const p of byseat.keys()) seats.add(p);
    const turns = [...seats].map((p) => [p, (byseat.get(p) || []).join(" ")]);
    const fresh = freshSeats("bonbons", turns);
    for (const [p, keys] of turns) {
      for (const k of keys.split(" ").filter(Boolean)) {
        const el = root.querySelector(`[data-key="${CSS.escape(k)}"]`);
        if (el) markLast(el, p, ctx, fresh.has(p));
      }
    }
    return root;
  },

  keys(action) {
    const a = action.trim();
    let m;
    if (/^[a-z]\d+$/.test(a)) return [`sq:${a}`];
    if (/^p\d+\.\d+$/.test(a)) return [`rt:${a}`];
    if ((m = /^(?:cover|give) (p\d+\.\d+)$/.exec(a))) return [`rt:${m[1]}`];
    if (a === "stop") return ["act:stop"]; // the Stop button by your tiles (a hint outlines it)
    return null;
  },

  label(key) {
    return key;
  },

  describe(action, view, ctx) {
    const c = addressed(ctx);
    if (action === "stop") return "Stop (end your turn)";
    let m;
    if ((m = /^([a-z]\d+)$/.exec(action))) return `Flip square ${m[1]}`;
    if ((m = /^p(\d+)\.(\d+)$/.exec(action))) return `Flip ${whose(c, Number(m[1]))} round tile ${m[2]}`;
    if ((m = /^cover p(\d+)\.(\d+)$/.exec(action))) return `Cover ${whose(c, Number(m[1]))} round tile ${m[2]} with the coins`;
    if ((m = /^give p(\d+)\.(\d+)$/.exec(action))) {
      const victim = view && view.go ? view.go.victim : null;
      return `Give ${whose(c, Number(m[1]))} round tile ${m[2]} to ${victim != null ? them(c, victim) : "the player you stole from"}`;
    }
    return action;
  },

  prompt(view, picked, ctx) {
    const victim = view.go ? view.go.victim : null;
    if (view.phase === "give back" && victim != null) {
      return `give ${them(addressed(ctx), victim)} one of your face-down tiles for the one you stole`;
    }
    return PROMPTS[view.phase] || null;
  },

  /** Keep a frame whose turned-up faces the next view turns down again (BB-7). */
  holdMs(prev, next) {
    if (!prev || !next || !prev.grid || !next.grid) return 0;
    // The previous frame draws a failed turn's faces going down (yours too): keep it until that
    // reveal ends, or the next move (a bot's) would replace it after the speed's shorter gap.
    if (justTurnedDown(prev).length) return REVEAL_MS;
    const up = (st) => st === "showing";
    const prevSq = new Map(prev.grid.flat().map((q) => [q.square, q.state]));
    for (const q of next.grid.flat()) if (up(prevSq.get(q.square)) && q.state === "down") return REVEAL_MS;
    const prevRt = new Map(prev.rows.flat().map((t) => [t.id, t.state]));
    for (const t of next.rows.flat()) if (up(prevRt.get(t.id)) && t.state === "down") return REVEAL_MS;
    return 0;
  },

  narrate(entry, view, ctx, index) {
    const e = parse(entry);
    if (!e) return null;
    ctx = addressed(ctx);
    const who = seatName(ctx, e.seat);
    const tile = (p, k) => `${owner(ctx, Number(p), e.seat)} round tile ${k}`;
    let m;
    let what;
    if ((m = /^([a-z]\d+)$/.exec(e.action))) what = `${verb(ctx, e.seat, "flips")} square ${m[1]}`;
    else if ((m = /^p(\d+)\.(\d+)$/.exec(e.action))) what = `${verb(ctx, e.seat, "flips")} ${tile(m[1], m[2])}`;
    else if ((m = /^cover p(\d+)\.(\d+)$/.exec(e.action))) what = `${verb(ctx, e.seat, "covers")} ${tile(m[1], m[2])} with the three coins`;
    else if ((m = /^give p(\d+)\.(\d+)$/.exec(e.action))) what = `${verb(ctx, e.seat, "gives")} ${tile(m[1], m[2])} to ${giveTo(view, index ?? (view.log || []).lastIndexOf(entry), ctx, e.seat)}`;
    else if (e.action === "stop") what = `${verb(ctx, e.seat, "stops")}`;
    else what = `${verb(ctx, e.seat, "plays")} ${e.action}`;
    const face = e.face ? `: ${/^[aeiou]/.test(e.face) ? "an" : "a"} ${e.face}` : "";
    const outcome = {
      showing: "", match: " — a match! It stays face up",
      theft: " — a match: stolen!", "no match": " — no match, both turn face down again",
      "empty wrapper, draws a tile": ", draws a round tile from the pile",
      "empty wrapper, the pile is empty": "; the pile is empty, no tile to draw",
      stops: "", "three coins": " — three coins in a row!",
      "covered with the coins": "", "given back": "",
    }[e.outcome] ?? ` (${e.outcome})`;
    const end = e.end === "wins" ? `. ${who} ${verb(ctx, e.seat, "wins")}!`
      : e.end === "turn limit" ? ". The turn limit is reached." : "";
    return `${who} ${what}${face}${outcome}${end}`;
  },

  piece(kind, rawId) {
    const id = safeDecode(rawId);
    if (kind === "face") {
      return h("span.piece-inline.bb-piece", { role: "img", "aria-label": id }, candyIcon(id));
    }
    if (kind === "back") {
      return h("span.piece-inline.bb-piece.back", {
        role: "img", class: id === "round" ? "round" : "square",
        "aria-label": `the back of a ${id === "round" ? "round" : "square"} tile`,
      });
    }
    return null;
  },

  summary(view, ctx) {
    const t = view.tally || [];
    return h("div",
      view.ended ? h("p", view.ended === "all face up" ? "All tiles of the winner are face up."
        : "The turn limit was reached.") : null,
      scoreTable("Tiles", ["Player", "Tiles", "Face up", "Found", "Under coins", "Face down", "Stolen", "Lost"],
        t.map((r) => ({
          cls: (view.result.winners || []).includes(r.seat) ? "winner" : null,
          cells: [seatLabel(ctx, r.seat), r.tiles, r.face_up,
            r.found, r.covered, r.face_down, r.stolen, r.lost_to_theft],
        }))));
  },
};
