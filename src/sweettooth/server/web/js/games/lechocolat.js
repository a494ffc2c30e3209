// Le Chocolat: the 7x5 chocolate bar broken into rectangular groups, the scoring card, and each
// player's claimed pieces. Keys: "cut:<group>@<line>" (a split line inside a group, "d" for the
// line left of column d, "3" for the line above row 3) and "grp:<group>" (claim that group).

import { h, seatName } from "../dom.js";
import { scoreTable } from "../table.js";

const FLAVOUR_COLOURS = {
  dark: ["#3d2216", "#f5e6d8"], milk: ["#9a6440", "#fff4e8"], white: ["#f4e9d2", "#5b3a29"],
  hazelnut: ["#c0803f", "#2b1a10"], mint: ["#7fd3b2", "#143d30"], raspberry: ["#d9486b", "#fff0f4"],
  blank: ["#b48a6b", "#3b2417"],
};
const COLS = "abcdefg";

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

function flavourName(view, id) {
  if (id === "blank") return "blank";
  const f = (view.flavours || []).find((x) => x.id === id);
  return f ? f.name : id;
}

function tileEl(view, t, opts = {}) {
  const [bg, fg] = FLAVOUR_COLOURS[t.up] || FLAVOUR_COLOURS.blank;
  const code = t.up === "blank" ? "" : ((view.flavours || []).find((x) => x.id === t.up) || {}).code || t.up;
  const down = t.down ? FLAVOUR_COLOURS[t.down] || FLAVOUR_COLOURS.blank : null;
  return h("span.lc-tile", {
    class: [`fl-${t.up}`, opts.small && "small"], style: { background: bg, color: fg },
    title: `${t.cell}: ${flavourName(view, t.up)}${t.down ? ` (under: ${flavourName(view, t.down)})` : ""}`,
  }, h("span.code", code),
  down ? h("span.down", { style: { background: down[0], color: down[1] }, "aria-hidden": "true" },
    t.down === "blank" ? "–" : ((view.flavours || []).find((x) => x.id === t.down) || {}).code || "") : null);
}

function groupLabel(view, g, tiles) {
  const b = parseGroup(g);
  const n = (b.c1 - b.c0 + 1) * (b.r1 - b.r0 + 1);
  const names = [];
  for (let r = b.r0; r <= b.r1; r++) for (let c = b.c0; c <= b.c1; c++) names.push(flavourName(view, tiles[cellName(c, r)].up));
  const counts = {};
  for (const x of names) counts[x] = (counts[x] || 0) + 1;
  const what = Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(", ");
  return `Piece ${g}: ${n} tile${n === 1 ? "" : "s"} (${what})`;
}

function cardEl(view) {
  const card = view.scoring_card;
  if (!card) return null;
  const chip = (id) => {
    const [bg, fg] = FLAVOUR_COLOURS[id] || FLAVOUR_COLOURS.blank;
    return h("span.lc-chip", { style: { background: bg, color: fg } }, flavourName(view, id));
  };
  const sign = (v) => (v > 0 ? `+${v}` : String(v));
  return h("section.lc-card", { "aria-label": `Scoring card: ${card.name}` },
    h("h3", card.name),
    h("ul.lc-values", Object.entries(card.values).map(([f, v]) => h("li", chip(f), h("b", sign(v))))),
    h("ul.lc-rules",
      card.sets.map((st) => h("li", "Set ", st.flavours.map(chip), ` = ${st.points} VP each`)),
      card.majorities.map((m) => h("li", "Most ", chip(m.flavour), ` = ${m.points} VP`))),
  );
}

export default {
  id: "lechocolat",
  title: "Le Chocolat",

  render(view, ctx) {
    const tiles = {};
    for (const t of view.tiles) tiles[t.cell] = t;
    const bar = h("div.lc-bar", { role: "group", "aria-label": "The chocolate bar" });
    for (const g of view.groups) {
      const b = parseGroup(g);
      const w = b.c1 - b.c0 + 1;
      const ht = b.r1 - b.r0 + 1;
      const cells = [];
      for (let r = b.r0; r <= b.r1; r++) for (let c = b.c0; c <= b.c1; c++) cells.push(tileEl(view, tiles[cellName(c, r)]));
      const cuts = [];
      for (let k = 1; k < w; k++) {
        const line = COLS[b.c0 + k];
        cuts.push(h("button.lc-cut.v", {
          type: "button", style: { left: `${(k / w) * 100}%` },
          dataset: { key: `cut:${g}@${line}` },
          "aria-label": `Split piece ${g} left of column ${line}`,
        }));
      }
      for (let k = 1; k < ht; k++) {
        const line = String(b.r0 + k + 1);
        cuts.push(h("button.lc-cut.h", {
          type: "button", style: { top: `${(k / ht) * 100}%` },
          dataset: { key: `cut:${g}@${line}` },
          "aria-label": `Split piece ${g} above row ${line}`,
        }));
      }
      bar.append(h("div.lc-group", {
        style: { gridColumn: `${b.c0 + 1} / span ${w}`, gridRow: `${b.r0 + 1} / span ${ht}` },
      }, h("button.lc-piece", {
        type: "button", style: { "--w": w }, dataset: { key: `grp:${g}` },
        "aria-label": groupLabel(view, g, tiles),
      }, cells), cuts));
    }
    // Holes where claimed tiles were.
    for (const t of view.tiles) {
      if (t.owner == null) continue;
      const p = parseCell(t.cell);
      bar.append(h("div.lc-hole", {
        style: { gridColumn: `${p.col + 1}`, gridRow: `${p.row + 1}` }, "aria-hidden": "true",
        class: [`own${t.owner}`, t.owner === ctx.seat && "mine"],
        title: `${t.cell}: claimed by ${seatName(ctx, t.owner)}`,
      }, tileEl(view, { ...t, down: null })));
    }
    const claimedEl = (p) => h("section.lc-claimed", {
      class: [p === ctx.seat && "mine", p === view.to_move && "tomove"],
      "aria-label": `${p === ctx.seat ? "Your" : seatName(ctx, p) + "'s"} pieces`,
    }, h("h3", p === ctx.seat ? "Your pieces" : `${seatName(ctx, p)}'s pieces`),
    h("div.lc-pieces", (view.claimed[p] || []).map((g) => {
      const b = parseGroup(g);
      const cs = [];
      for (let r = b.r0; r <= b.r1; r++) for (let c = b.c0; c <= b.c1; c++) cs.push(tileEl(view, tiles[cellName(c, r)], { small: true }));
      return h("span.lc-mini", { style: { "--w": b.c1 - b.c0 + 1 }, "aria-label": groupLabel(view, g, tiles), role: "img" }, cs);
    })),
    (view.claimed[p] || []).length ? null : h("p.muted", "nothing yet"));
    const seats = [];
    for (let p = 0; p < view.players; p++) seats.push(p);
    return h("div.lechocolat",
      h("div.lc-main", bar, cardEl(view)),
      h("div.lc-players", seats.map(claimedEl)),
      h("p.muted.lc-hint", "Click a groove to break a piece; click a small piece (3 tiles or fewer) to claim it. ",
        "Small letters in a corner are the hidden sides of your own pieces."),
    );
  },

  keys(action) {
    let m;
    if ((m = /^split (\S+) at (\S+)$/.exec(action))) return [`cut:${m[1]}@${m[2]}`];
    if ((m = /^claim (\S+)$/.exec(action))) return [`grp:${m[1]}`];
    return null;
  },

  describe(action) { return action; },

  prompt(view) {
    if (view.phase === "split") return "break a piece along a groove";
    if (view.phase === "claim") return "claim a small piece (3 tiles or fewer)";
    return null;
  },

  log(view, ctx) {
    return (view.log || []).map((e) => (typeof e === "string" ? e
      : `${seatName(ctx, e.seat)}: ${e.action}`));
  },

  summary(view, ctx) {
    const bd = view.breakdown || [];
    if (!bd.length) return null;
    const players = bd.map((_, p) => seatName(ctx, p) + (p === ctx.seat ? " (you)" : ""));
    const rows = [];
    for (const f of view.flavours) {
      rows.push([`${f.name} (${view.scoring_card.values[f.id] >= 0 ? "+" : ""}${view.scoring_card.values[f.id]} each)`,
        ...bd.map((b) => `${b.counts[f.id] ?? 0} → ${b.flavours[f.id] ?? 0}`)]);
    }
    view.scoring_card.sets.forEach((st, i) => rows.push([`Set ${st.flavours.join("+")}`,
      ...bd.map((b) => `${b.sets[i].complete} → ${b.sets[i].vp}`)]));
    view.scoring_card.majorities.forEach((m, i) => rows.push([`Most ${m.flavour}`,
      ...bd.map((b) => `${b.majorities[i].tiles} → ${b.majorities[i].vp}`)]));
    rows.push(["Tiles claimed", ...bd.map((b) => b.tiles_claimed)]);
    rows.push(["Discarded (blank both sides)", ...bd.map((b) => b.discarded)]);
    rows.push({ cls: "winner", cells: ["Total VP", ...bd.map((b) => b.total)] });
    return scoreTable(`Scoring card: ${view.scoring_card.name}`, ["", ...players], rows);
  },
};
