// Sweet Nose: plates, bowls, the market, secret sweetness markers and the store tiles.
// Keys: "plate:<seat>:<kind>", "bowl:<seat>:<kind>", "mkt:<kind>" (stacks of sweets),
// "mk:<kind>:<n>" (phase 1: give that kind marker n), "mymk:<kind>" (your marker, store 10),
// "store:<n>" (a store tile: use it, or take it), "dest:bowl"/"dest:plate" (store 7).

import { h, seatName, sum } from "../dom.js";
import { scoreTable } from "../table.js";

const SWEET = { red: "#e0474c", green: "#3fae62", brown: "#8b5a2b", pink: "#f48fb1", yellow: "#f2c230" };

function sweetDot(kind) {
  return h("span.sn-sweet", { style: { background: SWEET[kind] || "#999" }, "aria-hidden": "true" });
}

function stack(key, kind, n, label) {
  const dots = [];
  for (let i = 0; i < Math.min(n, 6); i++) dots.push(sweetDot(kind));
  return h("button.sn-stack", {
    type: "button", dataset: { key, multi: "" }, "aria-label": label,
  }, h("span.sn-dots", dots), h("span.sn-count", `×${n}`));
}

function place(view, seat, where, ctx) {
  const counts = where === "plate" ? view.plates[seat] : view.bowls[seat];
  const owner = seat === ctx.seat ? "Your" : `${seatName(ctx, seat)}'s`;
  const items = view.kinds.filter((k) => counts[k] > 0)
    .map((k) => stack(`${where}:${seat}:${k}`, k, counts[k], `${owner} ${where}: ${counts[k]} ${k}`));
  return h(`div.sn-${where}`, { role: "group", "aria-label": `${owner} ${where}` },
    h("span.sn-where", where === "plate" ? "Plate" : "Bowl"),
    items.length ? items : h("span.muted.sn-empty", "empty"));
}

function storeTile(view, n, extra) {
  const t = view.stores.tiles.find((x) => x.number === n);
  if (!t) return null;
  return h("button.sn-store", {
    type: "button", dataset: { key: `store:${n}` },
    "aria-label": `Store ${n} (${t.level}+): ${t.caption}${extra ? " " + extra : ""}`,
    title: t.caption,
  }, h("span.sn-store-n", `${n}`), h("span.sn-level", `${t.level}+`), h("span.sn-caption", t.caption));
}

function markersOf(view, seat) {
  if (seat === view.seat && view.markers) return view.markers;
  return null;
}

function playerPanel(view, seat, ctx) {
  const mine = seat === ctx.seat;
  const mk = markersOf(view, seat);
  const held = view.stores.held[seat];
  const set = (view.markers_set || [])[seat];
  return h("section.sn-player", {
    class: [mine && "mine", seat === view.to_move && "tomove"],
    "aria-label": mine ? "Your place" : `${seatName(ctx, seat)}'s place`,
  },
  h("header", h("h3", mine ? "You" : seatName(ctx, seat)),
    h("span.sn-total", `${view.totals[seat]} SP`),
    seat === view.start_player ? h("span.sn-thunder", { title: "Start player (thunder god)" }, "⚡ starts") : null),
  place(view, seat, "plate", ctx),
  place(view, seat, "bowl", ctx),
  h("div.sn-markers", { "aria-label": mine ? "Your sweetness markers" : `${seatName(ctx, seat)}'s markers` },
    h("span.sn-where", "Markers"),
    mk ? view.kinds.map((k) => h("button.sn-marker", {
      type: "button", dataset: { key: `mymk:${k}` }, "aria-label": `Your ${k} marker: ${mk[k]}`,
    }, sweetDot(k), h("b", mk[k])))
      : h("span.muted", set ? "set (secret)" : "not set yet")),
  held ? h("div.sn-held", h("span.sn-where", "Store"), storeTile(view, held, `held by ${mine ? "you" : seatName(ctx, seat)}`)) : null,
  );
}

function markerPicker(view) {
  // Phase 1 for the seat to move: one row per kind, a button per value.
  return h("section.sn-picker", { "aria-label": "Set your secret sweetness markers" },
    h("h3", "Your secret markers"),
    h("p.muted", "Sweet points = count × (marker + that kind in the market). Rate low what you mean to end up holding."),
    h("div.sn-pickgrid", view.kinds.map((k) => h("div.sn-pickrow", { role: "group", "aria-label": `${k} marker` },
      h("span.sn-kind", sweetDot(k), k),
      [1, 2, 3, 4, 5].map((n) => h("button.sn-num", {
        type: "button", dataset: { key: `mk:${k}:${n}` }, "aria-label": `${k}: ${n}`,
      }, n))))));
}

export default {
  id: "sweetnose",
  title: "Sweet Nose",

  render(view, ctx) {
    const seats = [];
    for (let p = 0; p < view.players; p++) seats.push(p);
    const me = ctx.seat;
    const ordered = me == null ? seats : seats.map((_, i) => (me + i) % view.players);
    const market = h("section.sn-market", { "aria-label": "Market" },
      h("h3", "Market"),
      h("div.sn-plate", view.kinds.filter((k) => view.market[k] > 0)
        .map((k) => stack(`mkt:${k}`, k, view.market[k], `Market: ${view.market[k]} ${k}`))),
      h("p.muted.sn-out", "Out of the game: ", view.kinds.map((k) => `${view.out_of_game[k]} ${k}`).join(", ")));
    const phaseText = {
      auction: "Shopkeeper auction", stores: "Taking store tiles", markers: "Phase 1: setting markers",
      exchange: "Phase 2: exchanges", over: "Game over",
    }[view.phase] || view.phase;
    const info = h("p.sn-info",
      h("b", `Round ${view.round} of ${view.rounds_to_play}`), ` · ${phaseText}`,
      view.phase === "exchange" ? ` · turns ${view.turns_taken.join("/")} of ${view.max_turns}` : "");
    const board = h("section.sn-board", { "aria-label": "Store tiles on the board" },
      h("h3", "Stores on the board"),
      h("div.sn-stores", view.stores.board.map((n) => storeTile(view, n))));
    const extra = [];
    if (view.auction && view.phase === "auction") {
      extra.push(h("section.sn-auction", h("h3", "Auction"),
        h("ul", view.auction.bids.map((b, p) => h("li", `${seatName(ctx, p)}: ${b} SP ${view.auction.in[p] ? "" : "(passed)"}`)))));
    }
    if (view.picking && view.picking.length) {
      extra.push(h("p.sn-picking", "Next to take a store: ",
        view.picking.map(([p, lvl]) => `${seatName(ctx, p)} (up to ${lvl}+)`).join(", ")));
    }
    const picking = view.phase === "markers" && view.to_move === me && me != null
      && !(view.markers_set || [])[me];
    return h("div.sweetnose",
      info,
      picking ? markerPicker(view) : null,
      extra,
      h("div.sn-table", market, ordered.map((p) => playerPanel(view, p, ctx))),
      board,
      (view.rounds || []).length ? h("details.sn-rounds", h("summary", "Earlier rounds"),
        roundsTable(view, ctx)) : null,
    );
  },

  keys(action, view) {
    const me = view.seat;
    const seatOf = (p) => Number(p) - 1;
    let m;
    if ((m = /^markers (.*)$/.exec(action))) {
      return m[1].split(" ").map((kv) => { const [k, v] = kv.split("="); return `mk:${k}:${v}`; });
    }
    if ((m = /^trade P(\d) (\w+) for (\w+)$/.exec(action))) return [`plate:${me}:${m[2]}`, `plate:${seatOf(m[1])}:${m[3]}`];
    if ((m = /^market (\w+) for (\w+)$/.exec(action))) return [`plate:${me}:${m[1]}`, `mkt:${m[2]}`];
    if ((m = /^store 1 (\w+)$/.exec(action))) return ["store:1", `plate:${me}:${m[1]}`];
    if ((m = /^store 2 (\w+)$/.exec(action))) return ["store:2", `bowl:${me}:${m[1]}`];
    if ((m = /^store 3 P(\d) (\w+)$/.exec(action))) return ["store:3", `bowl:${seatOf(m[1])}:${m[2]}`];
    if ((m = /^store 4 (\w+) for (\w+)$/.exec(action))) return ["store:4", `plate:${me}:${m[1]}`, `bowl:${me}:${m[2]}`];
    if ((m = /^store 6 P(\d) (\w+)$/.exec(action))) return ["store:6", `plate:${me}:${m[2]}`, `plate:${seatOf(m[1])}:${m[2]}`];
    if ((m = /^store 7 (\w+) for (\w+) to (bowl|plate)$/.exec(action))) return ["store:7", `plate:${me}:${m[1]}`, `mkt:${m[2]}`, `dest:${m[3]}`];
    if ((m = /^store 8 P(\d) (\w+) for (\w+)$/.exec(action))) return ["store:8", `bowl:${me}:${m[2]}`, `bowl:${seatOf(m[1])}:${m[3]}`];
    if ((m = /^store 9 P(\d) (\w+)\+(\w+) for (\w+)\+(\w+)$/.exec(action))) {
      const o = seatOf(m[1]);
      return ["store:9", `plate:${me}:${m[2]}`, `plate:${me}:${m[3]}`, `plate:${o}:${m[4]}`, `plate:${o}:${m[5]}`];
    }
    if ((m = /^store 10 switch (\w+) (\w+)$/.exec(action))) return ["store:10", `mymk:${m[1]}`, `mymk:${m[2]}`];
    if ((m = /^take store (\d+)$/.exec(action))) return [`store:${m[1]}`];
    return null;
  },

  label(key) {
    if (key === "dest:bowl") return "…into your bowl";
    if (key === "dest:plate") return "…onto your plate";
    return key;
  },

  describe(action) {
    if (action === "end turn") return "End turn (skip the store)";
    if (action === "pass") return "Pass";
    return action.replace(/^bid (\d+)$/, "Bid $1");
  },

  prompt(view, picked) {
    const held = view.stores.held[view.seat];
    switch (view.phase) {
      case "auction": return "bid for a store tile, or pass";
      case "stores": return "take a store tile";
      case "markers": return "give each kind a sweetness marker from 1 to 5";
      case "exchange":
        if (view.turn_step === "after exchange") return "use your store, or end your turn";
        if (picked && picked.length) return "now the sweet you want in exchange";
        return `click a sweet on your plate, then one on another plate or in the market${held ? " (or your store)" : ""}`;
      default: return null;
    }
  },

  log(view) { return view.log || []; },

  summary(view, ctx) {
    const last = (view.rounds || [])[view.rounds.length - 1];
    return h("div",
      h("p", "Lowest total sweet points wins."),
      roundsTable(view, ctx),
      last ? breakdownTable(view, last, ctx) : null);
  },
};

function roundsTable(view, ctx) {
  const players = [];
  for (let p = 0; p < view.players; p++) players.push(seatName(ctx, p) + (p === ctx.seat ? " (you)" : ""));
  const rows = (view.rounds || []).map((r) => [`Round ${r.round}`, ...r.sp]);
  rows.push({ cls: "winner", cells: ["Total SP", ...view.totals] });
  return scoreTable("Sweet points per round", ["", ...players], rows);
}

function breakdownTable(view, r, ctx) {
  const head = ["Kind"];
  for (let p = 0; p < view.players; p++) head.push(seatName(ctx, p));
  const rows = view.kinds.map((k) => [k, ...r.breakdown.map((b) => {
    const x = b[k];
    return `${x.count} × (${x.marker} + ${x.market}) = ${x.subtotal}`;
  })]);
  rows.push({ cls: "winner", cells: ["Round SP", ...r.sp] });
  return scoreTable(`Round ${r.round}: count × (marker + market)`, head, rows);
}

export { sum };
