// Bonbons: the 6x6 (quick: 5x5) grid of squares and each player's row of round tiles.
// Keys: "sq:c4" (a square), "rt:p1.3" (a round tile); cover and give-back reuse "rt:".

import { h, s, cap, seatName } from "../dom.js";
import { scoreTable } from "../table.js";

const COLOURS = { red: "#e0474c", yellow: "#f2b818", green: "#3fae62", blue: "#3f7fd9" };

/** A small SVG drawing of a face: "blue lollipop", "coin", "empty wrapper". */
export function candyIcon(face) {
  const svg = (...kids) => s("svg", { viewBox: "0 0 40 40", class: "candy", "aria-hidden": "true" }, ...kids);
  if (face === "coin") {
    return svg(s("circle", { cx: 20, cy: 20, r: 15, fill: "#f5c542", stroke: "#b8860b", "stroke-width": 2.5 }),
      s("circle", { cx: 20, cy: 20, r: 10, fill: "none", stroke: "#b8860b", "stroke-width": 1.5 }),
      s("text", { x: 20, y: 25.5, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#8a6508" }, "¢"));
  }
  if (face === "empty wrapper") {
    return svg(s("path", { d: "M6 14 L12 20 L6 26 L14 24 L26 24 L34 26 L28 20 L34 14 L26 16 L14 16 Z",
      fill: "#eee", stroke: "#999", "stroke-width": 1.5, "stroke-dasharray": "3 2" }));
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

function memoryAid() {
  return localStorage.getItem("sweettooth.bonbons.memory") === "on";
}

function squareEl(sq, view) {
  const face = sq.face;
  const st = sq.state;
  const up = st === "showing" || st === "matched" || st === "wrapper";
  const known = face && !up && st === "down";
  const label = st === "taken" ? `Square ${sq.square}: empty (coins taken)`
    : up ? `Square ${sq.square}: ${face}${st === "matched" ? ", matched" : st === "wrapper" ? ", stays face up" : ", showing"}`
      : `Square ${sq.square}: face down${known && memoryAid() ? ` (was ${face})` : ""}`;
  return h("button.square", {
    type: "button", class: [`st-${st}`, known && memoryAid() && "remembered"],
    dataset: { key: `sq:${sq.square}` }, "aria-label": label,
  }, up || (known && memoryAid()) ? candyIcon(face) : null,
  h("span.coord", { "aria-hidden": "true" }, sq.square));
}

function roundEl(t, seat, ctx) {
  const st = t.state;
  const up = st === "showing" || st === "found";
  const mine = seat === ctx.seat;
  const known = t.face && st === "down";
  const owner = mine ? "Your" : `${seatName(ctx, seat)}'s`;
  const slot = t.tile.split(".")[1];
  const label = st === "coins" ? `${owner} tile ${slot}: under coins${t.face ? ` (${t.face})` : ""}`
    : up ? `${owner} tile ${slot}: ${t.face}, ${st}`
      : `${owner} tile ${slot}: face down${known && memoryAid() ? ` (was ${t.face})` : ""}`;
  return h("button.roundtile", {
    type: "button", class: [`st-${st}`, known && memoryAid() && "remembered"],
    dataset: { key: `rt:${t.tile}` }, "aria-label": label,
  }, up || (known && memoryAid()) ? candyIcon(t.face) : null,
  st === "coins" ? candyIcon("coin") : null);
}

export default {
  id: "bonbons",
  title: "Bonbons",

  render(view, ctx) {
    const size = view.grid.length;
    const me = ctx.seat;
    const order = [];
    for (let p = 0; p < view.players; p++) order.push(p);
    if (me != null) order.sort((a, b) => ((a - me + view.players) % view.players) - ((b - me + view.players) % view.players));
    const others = me != null ? order.slice(1) : order;
    const rowEl = (p) => h("section.bb-row", {
      class: [p === view.to_move && "tomove", p === me && "mine"],
      "aria-label": `${p === me ? "Your" : seatName(ctx, p) + "'s"} round tiles`,
    }, h("h3", p === me ? "Your tiles" : seatName(ctx, p)),
    h("div.tiles", view.rows[p].map((t) => roundEl(t, p, ctx))));
    const aid = h("label.aid", h("input", {
      type: "checkbox", checked: memoryAid(),
      onchange: (e) => {
        localStorage.setItem("sweettooth.bonbons.memory", e.target.checked ? "on" : "off");
        document.dispatchEvent(new CustomEvent("sweettooth:redraw"));
      },
    }), " Memory aid (show faces seen before)");
    return h("div.bonbons",
      h("div.bb-others", others.map(rowEl)),
      h("div.bb-grid", { style: { "--n": size }, role: "group", "aria-label": "Squares" },
        view.grid.flat().map((sq) => squareEl(sq, view))),
      me != null ? rowEl(me) : null,
      h("p.bb-info", `Draw pile: ${view.pile} · Turn ${view.turn + 1}`,
        view.removed && view.removed.length ? ` · Out of the game: ${view.removed.join(", ")}` : "",
        " ", aid),
    );
  },

  keys(action) {
    const a = action.trim();
    let m;
    if (/^[a-z]\d+$/.test(a)) return [`sq:${a}`];
    if (/^p\d+\.\d+$/.test(a)) return [`rt:${a}`];
    if ((m = /^(?:cover|give) (p\d+\.\d+)$/.exec(a))) return [`rt:${m[1]}`];
    return null;
  },

  label(key) {
    return key;
  },

  describe(action) {
    if (action === "stop") return "Stop (end your turn)";
    return action;
  },

  prompt(view) {
    return PROMPTS[view.phase] || null;
  },

  log(view, ctx) {
    const tile = (p, k) => `${seatName(ctx, Number(p))}'s tile ${k}`;
    return (view.log || []).map((l) => {
      const m = /^p(\d+) (.*)$/.exec(l);
      if (!m) return l;
      const who = seatName(ctx, Number(m[1]));
      const rest = m[2]
        .replace(/^give p(\d+)\.(\d+)/, (_, p, k) => `gives back ${tile(p, k)}`)
        .replace(/^cover p(\d+)\.(\d+)/, (_, p, k) => `covers ${tile(p, k)} with coins`)
        .replace(/^p(\d+)\.(\d+)/, (_, p, k) => `flips ${tile(p, k)}`)
        .replace(/^([a-z]\d+)(?=[: ])/, "flips square $1")
        .replace(/^stop/, "stops");
      return `${who} ${rest}`;
    });
  },

  summary(view, ctx) {
    const t = view.tally || [];
    return h("div",
      view.ended ? h("p", view.ended === "all face up" ? "All tiles of the winner are face up."
        : "The turn limit was reached.") : null,
      scoreTable("Tiles", ["Player", "Tiles", "Face up", "Found", "Under coins", "Face down", "Stolen", "Lost"],
        t.map((r) => ({
          cls: (view.result.winners || []).includes(r.seat) ? "winner" : null,
          cells: [seatName(ctx, r.seat) + (r.seat === ctx.seat ? " (you)" : ""), r.tiles, r.face_up,
            r.found, r.covered, r.face_down, r.stolen, r.lost_to_theft],
        }))));
  },
};

export { cap };
