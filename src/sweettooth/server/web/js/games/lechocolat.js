// Le Chocolat: the 7x5 chocolate bar broken into rectangular groups, the scoring card, and each
// player's claimed pieces. Keys: "cut:<group>@<line>" (a split line inside a group, "d" for the
// line left of column d, "3" for the line above row 3) and "grp:<group>" (claim that group).
//
// The bar has coordinates (columns a-g, rows 1-5) so the log's "between columns c and d" reads
// on the board. A groove is a thin visible line with a wide invisible hit area made of one
// segment per tile it runs along; segments taper to a point where two grooves cross, so the
// crossing is split between them and the middle of every segment belongs to its own groove.

import { h, plural, seatName, seatLabel } from "../dom.js";
import { scoreTable } from "../table.js";
import { installTips, withTip, infoPiece, markLast, lastMoves, freshSeats } from "./tips.js";
import { verb, possessive, them, addressed } from "./words.js";

const FLAVOUR_COLOURS = {
  dark: ["#3d2216", "#f5e6d8"], milk: ["#8a5636", "#fff4e8"], white: ["#f4e9d2", "#5b3a29"],
  hazelnut: ["#c0803f", "#2b1a10"], mint: ["#7fd3b2", "#143d30"], raspberry: ["#c23a5c", "#fff"],
  blank: ["#b48a6b", "#2b1a10"],
};
const COLS = "abcdefg";
const HIT = 44; // px across a groove's hit area (issue 12: at least 44)

let DATA = { flavours: [], cards: {} };

function parseCell(c) {
  return { col: c.charCodeAt(0) - 97, row: Number(c.slice(1)) - 1 };
}

/** "b2:d3" or "c3" -> {c0, r0, c1, r1} (inclusive). */
export function parseGroup(g) {
  const [a, b] = g.includes(":") ? g.split(":") : [g, g];
  const p = parseCell(a);
  const q = parseCell(b);
  return { c0: p.col, r0: p.row, c1: q.col, r1: q.row };
}

function cellName(col, row) { return `${COLS[col]}${row + 1}`; }

/** "a1–g5" for a group, "c4" for one tile. */
function groupName(g) { return g.replace(":", "–"); }

function flavours(view) { return (view && view.flavours) || DATA.flavours; }

function flavourName(view, id) {
  if (id === "blank") return "Blank";
  const f = flavours(view).find((x) => x.id === id);
  return f ? f.name : id;
}

function flavourCode(view, id) {
  if (id === "blank") return "";
  const f = flavours(view).find((x) => x.id === id);
  return f ? f.code : id;
}

const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0");

function tileEl(view, t, opts = {}) {
  const [bg, fg] = FLAVOUR_COLOURS[t.up] || FLAVOUR_COLOURS.blank;
  const down = t.down ? FLAVOUR_COLOURS[t.down] || FLAVOUR_COLOURS.blank : null;
  return h("span.lc-tile", {
    class: [`fl-${t.up}`, opts.small && "small"], style: { background: bg, color: fg },
  }, h("span.code", flavourCode(view, t.up)),
  down ? h("span.down", { style: { background: down[0], color: down[1] }, "aria-hidden": "true" },
    t.down === "blank" ? "–" : flavourCode(view, t.down)) : null);
}

function cellsOf(g) {
  const b = parseGroup(g);
  const out = [];
  for (let r = b.r0; r <= b.r1; r++) for (let c = b.c0; c <= b.c1; c++) out.push(cellName(c, r));
  return out;
}

/** What a tile scores as: its up side, or for a blank up side its down side when the viewer
 *  knows it (the owner; everyone at the end). */
function scoringSide(t) {
  return t.up === "blank" && t.down ? t.down : t.up;
}

/** "Mint", or "blank up, Mint below" / "blank both sides" for a blank-up tile whose down side
 *  the view shows. */
function tileName(view, t) {
  if (t.up !== "blank" || !t.down) return flavourName(view, t.up);
  return t.down === "blank" ? "blank both sides" : `blank up, ${flavourName(view, t.down)} below`;
}

/** "2 Dark (+3 each), 1 Milk (−1 each), 1 blank up, Mint below (+2 each)" for a group's tiles
 *  as the viewer knows them. */
function contents(view, g, tiles) {
  const card = view.scoring_card;
  const counts = new Map(); // name -> [scoring side, count]
  for (const c of cellsOf(g)) {
    const t = tiles[c];
    if (!t) continue;
    const name = tileName(view, t);
    const was = counts.get(name);
    counts.set(name, [scoringSide(t), (was ? was[1] : 0) + 1]);
  }
  return [...counts].map(([name, [f, n]]) => {
    const v = card && f !== "blank" ? card.values[f] : null;
    const worth = v == null || v === 0 ? (f === "blank" || v === 0 ? " (no points)" : "") : ` (${signed(v)} each)`;
    return `${n} ${name}${worth}`;
  }).join(", ");
}

function groupText(view, g, tiles) {
  const b = parseGroup(g);
  const w = b.c1 - b.c0 + 1;
  const ht = b.r1 - b.r0 + 1;
  const n = w * ht;
  const what = contents(view, g, tiles);
  const act = n <= 3 ? "Small enough to claim (3 tiles or fewer)." : "Split it along a groove; pieces of 3 tiles or fewer can be claimed.";
  return `Piece ${groupName(g)}: ${plural(n, "tile")}${n > 1 ? ` (${w}×${ht})` : ""}: ${what}. ${act}`;
}

function cutText(g, line) {
  const b = parseGroup(g);
  let a;
  let c;
  let where;
  if (/^[a-g]$/.test(line)) {
    const k = line.charCodeAt(0) - 97;
    where = `between columns ${COLS[k - 1]} and ${line}`;
    a = `${cellName(b.c0, b.r0)}:${cellName(k - 1, b.r1)}`;
    c = `${cellName(k, b.r0)}:${cellName(b.c1, b.r1)}`;
  } else {
    const r = Number(line) - 1;
    where = `between rows ${r} and ${r + 1}`;
    a = `${cellName(b.c0, b.r0)}:${cellName(b.c1, r - 1)}`;
    c = `${cellName(b.c0, r)}:${cellName(b.c1, b.r1)}`;
  }
  const size = (x) => { const q = parseGroup(x); return (q.c1 - q.c0 + 1) * (q.r1 - q.r0 + 1); };
  return { where, text: `Groove ${where} of piece ${groupName(g)}: split it into ${size(a)} and ${size(c)} tiles.` };
}

/** The scoring card in plain words, one line each. */
function cardLines(view, card) {
  const lines = [];
  const vals = flavours(view).map((f) => `${f.name} ${signed(card.values[f.id] ?? 0)}`);
  lines.push(`Each tile: ${vals.join(", ")}; blank 0.`);
  for (const st of card.sets) {
    lines.push(`Each complete set of ${st.flavours.map((f) => flavourName(view, f)).join(" + ")}: ${st.points} VP.`);
  }
  for (const m of card.majorities) {
    lines.push(`Most ${flavourName(view, m.flavour)} tiles (strictly more than anyone): ${m.points} VP.`);
  }
  return lines;
}

function chip(view, id) {
  const [bg, fg] = FLAVOUR_COLOURS[id] || FLAVOUR_COLOURS.blank;
  return h("span.lc-chip", { style: { background: bg, color: fg } }, flavourName(view, id));
}

function cardEl(view, card, opts = {}) {
  if (!card) return null;
  const lines = cardLines(view, card);
  const tip = `Scoring card ${card.name}. ${lines.join(" ")}`;
  const el = infoPiece("div.lc-card", { class: opts.small && "small" }, tip,
    h("h3", card.name),
    h("ul.lc-values", flavours(view).map((f) => h("li", chip(view, f.id), h("b", signed(card.values[f.id] ?? 0))))),
    h("ul.lc-rules",
      card.sets.map((st) => h("li", "Set ", st.flavours.map((f) => chip(view, f)), ` = ${st.points} VP each`)),
      card.majorities.map((m) => h("li", "Most ", chip(view, m.flavour), ` = ${m.points} VP`))));
  return el;
}

/** A groove: a button whose own box is the middle one of its hit segments (so its centre is
 *  its own), with the other segments and the visible line as children around it. Segments are
 *  one band (tile + gap) long and HIT px across; their ends taper to a point where two grooves
 *  cross, so each crossing is shared out between them (the middle of a segment never is). */
function grooveEl(g, line, b) {
  const w = b.c1 - b.c0 + 1;
  const ht = b.r1 - b.r0 + 1;
  const vertical = /^[a-g]$/.test(line);
  const k = vertical ? line.charCodeAt(0) - 97 - b.c0 : Number(line) - 1 - b.r0;
  const n = vertical ? w : ht; // bands across the groove's direction
  const along = vertical ? ht : w; // segments along it
  const mid = Math.floor(along / 2);
  const pos = `calc(${k} * (100% + var(--gap)) / ${n} - var(--gap) / 2)`;
  const band = `calc(${mid} * (100% + var(--gap)) / ${along} - var(--gap) / 2)`;
  const len = `calc((100% + var(--gap)) / ${along})`;
  const { text } = cutText(g, line);
  const half = HIT / 2;
  const segs = [];
  for (let j = 0; j < along; j++) {
    const start = j > 0;
    const end = j < along - 1;
    const poly = vertical
      ? [start ? `0 ${half}px, 50% 0, 100% ${half}px` : "0 0, 100% 0",
        end ? `100% calc(100% - ${half}px), 50% 100%, 0 calc(100% - ${half}px)` : "100% 100%, 0 100%"]
      : [start ? `${half}px 100%, 0 50%, ${half}px 0` : "0 100%, 0 0",
        end ? `calc(100% - ${half}px) 0, 100% 50%, calc(100% - ${half}px) 100%` : "100% 0, 100% 100%"];
    const off = `calc(${j - mid} * 100%)`;
    segs.push(h("span.hit", {
      "aria-hidden": "true",
      style: vertical ? { top: off, left: "0", width: "100%", height: "100%", clipPath: `polygon(${poly.join(", ")})` }
        : { left: off, top: "0", height: "100%", width: "100%", clipPath: `polygon(${poly.join(", ")})` },
    }));
  }
  // The line runs the whole piece: from the piece's edge (mid bands before) to the other edge.
  const lineStyle = vertical
    ? { top: `calc(${-mid} * 100% + var(--gap) / 2)`, height: `calc(${along} * 100% - var(--gap))` }
    : { left: `calc(${-mid} * 100% + var(--gap) / 2)`, width: `calc(${along} * 100% - var(--gap))` };
  const el = h("button.lc-cut", {
    type: "button", class: vertical ? "v" : "h",
    style: vertical ? { left: pos, top: band, height: len, width: `${HIT}px`, marginLeft: `-${half}px` }
      : { top: pos, left: band, width: len, height: `${HIT}px`, marginTop: `-${half}px` },
    dataset: { key: `cut:${g}@${line}` }, "aria-label": text,
  }, h("span.line", { "aria-hidden": "true", style: lineStyle }), segs);
  return withTip(el, text);
}

function lastSplitEl(g, line, seat) {
  // The line a split made, drawn over where the broken piece was.
  const b = parseGroup(g);
  const vertical = /^[a-g]$/.test(line);
  const w = b.c1 - b.c0 + 1;
  const ht = b.r1 - b.r0 + 1;
  const k = vertical ? line.charCodeAt(0) - 97 - b.c0 : Number(line) - 1 - b.r0;
  const pos = `calc(${k} * (100% + var(--gap)) / ${vertical ? w : ht} - var(--gap) / 2)`;
  return h("div.lc-lastcut", {
    "aria-hidden": "true", dataset: { mark: `split:${g}@${line}` },
    style: { gridColumn: `${b.c0 + 2} / span ${w}`, gridRow: `${b.r0 + 2} / span ${ht}` },
  }, h("span.lc-lastline", { class: vertical ? "v" : "h", style: vertical ? { left: pos } : { top: pos } }));
}

/** A piece id from a rules link, decoded ("red%20lollipop" -> "red lollipop"). */
function safeDecode(id) {
  try { return decodeURIComponent(String(id)); } catch { return String(id); }
}

export default {
  id: "lechocolat",
  title: "Le Chocolat",

  async prepare() {
    try {
      DATA = await (await fetch(new URL("../../data/lechocolat.json", import.meta.url))).json();
    } catch (err) { console.warn("Le Chocolat data not loaded", err); }
  },

  render(view, ctx) {
    installTips();
    ctx = addressed(ctx);
    const tiles = {};
    for (const t of view.tiles) tiles[t.cell] = t;
    const bar = h("div.lc-bar", { role: "group", "aria-label": "The chocolate bar (columns a to g, rows 1 to 5)" });
    bar.append(h("span.lc-corner", { "aria-hidden": "true" }));
    for (let c = 0; c < 7; c++) bar.append(h("span.lc-coord.col", { "aria-hidden": "true", style: { gridColumn: `${c + 2}`, gridRow: "1" } }, COLS[c]));
    for (let r = 0; r < 5; r++) bar.append(h("span.lc-coord.row", { "aria-hidden": "true", style: { gridColumn: "1", gridRow: `${r + 2}` } }, String(r + 1)));
    for (const g of view.groups) {
      const b = parseGroup(g);
      const w = b.c1 - b.c0 + 1;
      const ht = b.r1 - b.r0 + 1;
      const cells = cellsOf(g).map((c) => tileEl(view, tiles[c]));
      const cuts = [];
      for (let k = 1; k < w; k++) cuts.push(grooveEl(g, COLS[b.c0 + k], b));
      for (let k = 1; k < ht; k++) cuts.push(grooveEl(g, String(b.r0 + k + 1), b));
      const text = groupText(view, g, tiles);
      bar.append(h("div.lc-group", {
        style: { gridColumn: `${b.c0 + 2} / span ${w}`, gridRow: `${b.r0 + 2} / span ${ht}` },
      }, withTip(h("button.lc-piece", {
        type: "button", style: { "--w": w }, dataset: { key: `grp:${g}` }, "aria-label": text,
      }, cells), text), cuts));
    }
    // Holes where claimed tiles were.
    for (const t of view.tiles) {
      if (t.owner == null) continue;
      const p = parseCell(t.cell);
      const text = `${t.cell}: ${tileName(view, t)}, claimed by ${them(ctx, t.owner)}`;
      bar.append(withTip(h("div.lc-hole", {
        style: { gridColumn: `${p.col + 2}`, gridRow: `${p.row + 2}`, "--seat-c": `var(--seat-${t.owner % 6})` },
        "aria-hidden": "true", class: [`own${t.owner}`, t.owner === ctx.seat && "mine"],
        dataset: { mark: `cell:${t.cell}` },
      }, tileEl(view, { ...t, down: null })), text));
    }
    const claimedEl = (p) => h("section.lc-claimed", {
      class: [p === ctx.seat && "mine", p === view.to_move && "tomove"],
      "aria-label": `${possessive(ctx, p)} pieces`,
    }, h("h3", `${possessive(ctx, p)} pieces`),
    h("div.lc-pieces", (view.claimed[p] || []).map((g) => {
      const b = parseGroup(g);
      const cs = cellsOf(g).map((c) => tileEl(view, tiles[c], { small: true }));
      const n = cs.length;
      const text = `Piece ${groupName(g)}, claimed by ${them(ctx, p)}: ${plural(n, "tile")}: ${contents(view, g, tiles)}`;
      return infoPiece("span.lc-mini", { style: { "--w": b.c1 - b.c0 + 1 }, dataset: { mark: `grp:${g}` } }, text, cs);
    })),
    (view.claimed[p] || []).length ? null : h("p.muted", "nothing yet"));
    // Each player's last action: the line they broke along, or the piece they claimed.
    const marks = [];
    const last = lastMoves(ctx);
    for (const [p, a] of last) {
      const m = /^split (\S+) at (\S+)$/.exec(a);
      if (m) marks.push([p, lastSplitEl(m[1], m[2], p)]);
    }
    const fresh = freshSeats("lechocolat", last);
    for (const [, el] of marks) bar.append(el);
    const seats = [];
    for (let p = 0; p < view.players; p++) seats.push(p);
    const root = h("div.lechocolat",
      h("div.lc-main", h("div.lc-barwrap", bar), cardEl(view, view.scoring_card)),
      h("div.lc-players", seats.map(claimedEl)),
      h("p.muted.lc-hint", "Click a groove to split a piece; click a small piece (3 tiles or fewer) to claim it. ",
        "Small letters in a corner are the hidden sides of your own pieces."),
    );
    for (const [p, el] of marks) markLast(el, p, ctx, fresh.has(p));
    for (const [p, a] of last) {
      const m = /^claim (\S+)$/.exec(a);
      if (!m) continue;
      let first = true;
      for (const c of cellsOf(m[1])) {
        const hole = root.querySelector(`[data-mark="cell:${c}"]`);
        if (hole) { markLast(hole, p, ctx, fresh.has(p)); if (!first) hole.querySelector(".last-badge")?.remove(); first = false; }
      }
      const mini = root.querySelector(`[data-mark="grp:${CSS.escape(m[1])}"]`);
      if (mini) markLast(mini, p, ctx, fresh.has(p));
    }
    return root;
  },

  keys(action) {
    let m;
    if ((m = /^split (\S+) at (\S+)$/.exec(action))) return [`cut:${m[1]}@${m[2]}`];
    if ((m = /^claim (\S+)$/.exec(action))) return [`grp:${m[1]}`];
    return null;
  },

  describe(action) {
    let m;
    if ((m = /^split (\S+) at (\S+)$/.exec(action))) return `Split piece ${groupName(m[1])} ${cutText(m[1], m[2]).where}`;
    if ((m = /^claim (\S+)$/.exec(action))) return `Claim piece ${groupName(m[1])}`;
    return action;
  },

  prompt(view) {
    if (view.phase === "split") return "split a piece along a groove";
    if (view.phase === "claim") return "claim a small piece (3 tiles or fewer)";
    return null;
  },

  narrate(entry, view, ctx) {
    if (!entry || typeof entry !== "object") return null;
    ctx = addressed(ctx);
    const who = seatName(ctx, entry.seat);
    let m;
    if ((m = /^split (\S+) at (\S+)$/.exec(entry.action))) {
      const b = parseGroup(m[1]);
      const whole = b.c0 === 0 && b.r0 === 0 && b.c1 === 6 && b.r1 === 4;
      return `${who} ${verb(ctx, entry.seat, "splits")} ${whole ? "the whole bar" : `piece ${groupName(m[1])}`} along the groove ${cutText(m[1], m[2]).where}`;
    }
    if ((m = /^claim (\S+)$/.exec(entry.action))) {
      const tiles = {};
      for (const t of view.tiles || []) tiles[t.cell] = t;
      const n = cellsOf(m[1]).length;
      return `${who} ${verb(ctx, entry.seat, "claims")} piece ${groupName(m[1])} (${plural(n, "tile")}: ${contents(view, m[1], tiles)})`;
    }
    return `${who}: ${entry.action}`;
  },

  piece(kind, rawId) {
    const id = safeDecode(rawId);
    if (kind === "flavour") {
      const [bg, fg] = FLAVOUR_COLOURS[id] || FLAVOUR_COLOURS.blank;
      if (!FLAVOUR_COLOURS[id]) return null;
      return h("span.piece-inline.lc-tile", { role: "img", "aria-label": `${flavourName(null, id)} tile`, style: { background: bg, color: fg } },
        h("span.code", { "aria-hidden": "true" }, flavourCode(null, id)));
    }
    if (kind === "card") {
      const card = DATA.cards[id];
      if (!card) return null;
      return h("span.piece-inline.lc-minicard", { role: "img", "aria-label": `Scoring card ${card.name}. ${cardLines(null, card).join(" ")}` },
        ["dark", "milk", "white"].map((f) => h("span", { style: { background: (FLAVOUR_COLOURS[f] || FLAVOUR_COLOURS.blank)[0] } })));
    }
    return null;
  },

  summary(view, ctx) {
    const bd = view.breakdown || [];
    if (!bd.length) return null;
    const players = bd.map((_, p) => seatLabel(ctx, p));
    const rows = [];
    for (const f of view.flavours) {
      rows.push([`${f.name} (${signed(view.scoring_card.values[f.id])} each)`,
        ...bd.map((b) => `${b.counts[f.id] ?? 0} → ${b.flavours[f.id] ?? 0}`)]);
    }
    view.scoring_card.sets.forEach((st, i) => rows.push([`Set ${st.flavours.map((f) => flavourName(view, f)).join(" + ")}`,
      ...bd.map((b) => `${b.sets[i].complete} → ${b.sets[i].vp}`)]));
    view.scoring_card.majorities.forEach((m, i) => rows.push([`Most ${flavourName(view, m.flavour)}`,
      ...bd.map((b) => `${b.majorities[i].tiles} → ${b.majorities[i].vp}`)]));
    rows.push(["Tiles claimed", ...bd.map((b) => b.tiles_claimed)]);
    rows.push(["Discarded (blank both sides)", ...bd.map((b) => b.discarded)]);
    rows.push({ cls: "winner", cells: ["Total VP", ...bd.map((b) => b.total)] });
    return scoreTable(`Scoring card: ${view.scoring_card.name}`, ["", ...players], rows);
  },
};


