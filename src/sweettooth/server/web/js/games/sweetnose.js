// Sweet Nose: plates, bowls, the market, secret sweetness markers and the store tiles.
// Keys: "plate:<seat>:<kind>", "bowl:<seat>:<kind>", "mkt:<kind>" (stacks of sweets),
// "mk:<kind>:<n>" (phase 1: give that kind marker n), "mymk:<kind>" (your marker, store 10),
// "store:<n>" (a store tile: use it, or take it), "dest:bowl"/"dest:plate" (store 7).

import { h, seatName, seatLabel } from "../dom.js";
import { scoreTable } from "../table.js";
import { installTips, withTip, infoPiece, markLast, lastMoves, freshSeats, icon } from "./tips.js";
import { verb, them, subject, possessive, addressed, whose } from "./words.js";

let DATA = { stores: {} };
let revealShut = null; // the round whose reveal the player folded (it stays folded on redraws)

const SWEET = { red: "#e0474c", green: "#3fae62", brown: "#8b5a2b", pink: "#f48fb1", yellow: "#f2c230" };

function sweetDot(kind) {
  return h("span.sn-sweet", { style: { background: SWEET[kind] || "#999" }, "aria-hidden": "true" });
}

function stack(key, kind, n, label, tip) {
  const dots = [];
  for (let i = 0; i < Math.min(n, 3); i++) dots.push(sweetDot(kind));
  return withTip(h("button.sn-stack", {
    type: "button", dataset: { key, multi: "" }, "aria-label": tip ? `${label}. ${tip}` : label,
  }, h("span.sn-dots", dots), h("span.sn-count", `×${n}`)), tip ? `${label}. ${tip}` : label);
}

const PLACE_TIP = {
  plate: "Sweets on a plate can be exchanged; every sweet on the plate and in the bowl counts at the end of the round.",
  bowl: "Sweets in a bowl stay there (only some stores move them); they count at the end of the round like the plate's.",
};

/** A store tile in plain words: its level and its effect. */
function storeText(t) {
  return `Store ${t.number}, level ${t.level}+: ${t.caption} A player who scored ${t.level} SP or more in the last round may take it; it is used once, then goes back to the board.`;
}

function place(view, seat, where, ctx) {
  const counts = where === "plate" ? view.plates[seat] : view.bowls[seat];
  const owner = possessive(ctx, seat);
  const items = view.kinds.filter((k) => counts[k] > 0)
    .map((k) => stack(`${where}:${seat}:${k}`, k, counts[k], `${owner} ${where}: ${counts[k]} ${k}`, PLACE_TIP[where]));
  return h(`div.sn-${where}`, { role: "group", "aria-label": `${owner} ${where}` },
    h("span.sn-where", where === "plate" ? "Plate" : "Bowl"),
    items.length ? items : h("span.muted.sn-empty", "empty"));
}

function storeTile(view, n, extra) {
  const t = view.stores.tiles.find((x) => x.number === n);
  if (!t) return null;
  const text = `${storeText(t)}${extra ? ` Now ${extra}.` : ""}`;
  return withTip(h("button.sn-store", {
    type: "button", dataset: { key: `store:${n}` }, "aria-label": text,
  }, h("span.sn-store-n", `${n}`), h("span.sn-level", `${t.level}+`), h("span.sn-caption", t.caption)), text);
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
    seat === view.start_player ? infoPiece("span.sn-thunder", {}, "The thunder god: this player starts the round.", icon("bolt"), " starts") : null),
  place(view, seat, "plate", ctx),
  place(view, seat, "bowl", ctx),
  h("div.sn-markers", { role: "group", "aria-label": mine ? "Your sweetness markers" : `${seatName(ctx, seat)}'s markers` },
    h("span.sn-where", "Markers"),
    mk ? view.kinds.map((k) => withTip(h("button.sn-marker", {
      type: "button", dataset: { key: `mymk:${k}` }, "aria-label": `Your ${k} marker: ${mk[k]}. Each ${k} sweet you hold at the end of the round costs ${mk[k]} SP plus the ${k} sweets in the market.`,
    }, sweetDot(k), h("b", mk[k])), `Your ${k} marker: ${mk[k]}. Each ${k} sweet you hold at the end of the round costs ${mk[k]} SP plus the ${k} sweets in the market.`))
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

/** A piece id from a rules link, decoded ("red%20lollipop" -> "red lollipop"). */
function safeDecode(id) {
  try { return decodeURIComponent(String(id)); } catch { return String(id); }
}

/** "store 7 (caption)": a store tile by number, captioned from the view's tiles (or the data). */
function storeLabel(view, n) {
  const t = (((view || {}).stores || {}).tiles || []).find((y) => y.number === Number(n)) || DATA.stores[n];
  return `store ${n}${t ? ` (${t.caption.replace(/\.$/, "")})` : ""}`;
}

export default {
  id: "sweetnose",
  title: "Sweet Nose",

  async prepare() {
    try {
      DATA = await (await fetch(new URL("../../data/sweetnose.json", import.meta.url))).json();
    } catch (err) { console.warn("Sweet Nose data not loaded", err); }
  },

  render(view, ctx) {
    installTips();
    ctx = addressed(ctx);
    const seats = [];
    for (let p = 0; p < view.players; p++) seats.push(p);
    const me = ctx.seat;
    const ordered = me == null ? seats : seats.map((_, i) => (me + i) % view.players);
    const market = h("section.sn-market", { "aria-label": "Market" },
      h("h3", "Market"),
      h("div.sn-plate", view.kinds.filter((k) => view.market[k] > 0)
        .map((k) => stack(`mkt:${k}`, k, view.market[k], `Market: ${view.market[k]} ${k}`,
          `Each ${k} sweet in the market adds 1 SP to every ${k} sweet a player holds.`))),
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
    // The last round's reveal (everyone's markers, each kind's count × (marker + market)): open at
    // the top until the next round's exchanges start, then folded under the board with the others.
    const rounds = view.rounds || [];
    const last = rounds[rounds.length - 1];
    const justCounted = last && view.result == null && ["auction", "stores", "markers"].includes(view.phase);
    const reveal = last ? h("details.sn-rounds", {
      open: justCounted && revealShut !== last.round,
      ontoggle: (e) => { if (justCounted) revealShut = e.target.open ? null : last.round; },
    },
      h("summary", justCounted ? `Round ${last.round} counted: everyone's markers revealed` : "Earlier rounds"),
      justCounted ? null : roundsTable(view, ctx), h("div.sn-scroll", { tabindex: "0", role: "region", "aria-label": `Round ${last.round}: everyone's markers` },
        breakdownTable(view, last, ctx, true))) : null;
    const root = h("div.sweetnose",
      info,
      justCounted ? reveal : null,
      picking ? markerPicker(view) : null,
      extra,
      h("div.sn-table", market, ordered.map((p) => playerPanel(view, p, ctx))),
      board,
      justCounted ? null : reveal,
    );
    // Each player's last action: the sweets that moved, the store they took or used.
    const moves = lastMoves(ctx);
    const fresh = freshSeats("sweetnose", moves);
    for (const [p, a] of moves) {
      const keys = lastKeys(a, p);
      for (const k of keys) {
        const el = root.querySelector(`.sn-table [data-key="${CSS.escape(k)}"], .sn-held [data-key="${CSS.escape(k)}"], .sn-board [data-key="${CSS.escape(k)}"]`);
        if (el) markLast(el, p, ctx, fresh.has(p));
      }
    }
    return root;
  },

  narrate(entry, view, ctx) {
    if (typeof entry !== "string") return null;
    ctx = addressed(ctx);
    const P = (n) => Number(n) - 1;
    const name = (n) => seatName(ctx, P(n));
    let m;
    if ((m = /^P(\d): (.+)$/.exec(entry))) {
      const who = name(m[1]);
      const seat = P(m[1]);
      const a = m[2];
      let x;
      if ((x = /^trade P(\d) (\w+) for (\w+)$/.exec(a))) {
        return `${who} ${verb(ctx, seat, "gives")} ${them(ctx, P(x[1]))} a ${x[2]} sweet for a ${x[3]} one (each goes into the other's bowl)`;
      }
      if ((x = /^market (\w+) for (\w+)$/.exec(a))) return `${who} ${verb(ctx, seat, "puts")} a ${x[1]} sweet in the market and ${verb(ctx, seat, "takes")} a ${x[2]} one`;
      if ((x = /^store (\d+)\b(.*)$/.exec(a))) {
        return `${who} ${verb(ctx, seat, "uses")} ${storeLabel(view, x[1])}${x[2].trim() ? `: ${x[2].trim().replace(/P(\d)/g, (_, n) => them(ctx, P(n)))}` : ""}`;
      }
      if (a === "end turn") return `${who} ${verb(ctx, seat, "ends")} the turn`;
      if ((x = /^bid (\d+)$/.exec(a))) return `${who} ${verb(ctx, seat, "bids")} up to ${x[1]} SP`;
      return `${who}: ${a.replace(/P(\d)/g, (_, n) => them(ctx, P(n)))}`;
    }
    return entry.replace(/\bP(\d)'s\b/g, (all, n) => whose(ctx, P(n)))
      .replace(/\bP(\d) first\b/g, (all, n) => `${them(ctx, P(n))} first`)
      .replace(/\bP(\d)\b( \w+)?/g, (all, n, w) => (w ? subject(ctx, P(n), w.trim()) : name(n)));
  },

  piece(kind, rawId) {
    const id = safeDecode(rawId);
    if (kind === "sweet") {
      if (!SWEET[id]) return null;
      return h("span.piece-inline.sn-piece", { role: "img", "aria-label": `a ${id} sweet` }, sweetDot(id));
    }
    if (kind === "store") {
      const t = DATA.stores[id];
      if (!t) return null;
      return h("span.piece-inline.sn-ministore", { role: "img", "aria-label": storeText(t) },
        h("b", { "aria-hidden": "true" }, String(t.number)), h("small", { "aria-hidden": "true" }, `${t.level}+`));
    }
    if (kind === "marker") {
      if (!/^[1-5]$/.test(id)) return null;
      return h("span.piece-inline.sn-marker.sn-piece", { role: "img", "aria-label": `sweetness marker ${id}` }, h("b", { "aria-hidden": "true" }, id));
    }
    return null;
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

  /** Bar keys that end a move begun on the board: shown once a piece is picked. */
  finishing(key) {
    return key.startsWith("dest:");
  },

  label(key) {
    if (key === "dest:bowl") return "…into your bowl";
    if (key === "dest:plate") return "…onto your plate";
    return key;
  },

  /** An action in the log's words, addressed to the player (hints, confirm buttons). */
  describe(action, view, ctx) {
    const a = String(action);
    ctx = addressed(ctx);
    const name = (n) => them(ctx, Number(n) - 1);
    let x;
    if (a === "end turn") return "End turn (skip the store)";
    if (a === "pass") return "Pass";
    if ((x = /^bid (\d+)$/.exec(a))) return `Bid up to ${x[1]} SP`;
    if ((x = /^markers (.*)$/.exec(a))) {
      return `Sweetness markers: ${x[1].split(" ").map((kv) => kv.replace("=", " ")).join(", ")}`;
    }
    if ((x = /^trade P(\d) (\w+) for (\w+)$/.exec(a))) {
      return `Give ${them(ctx, Number(x[1]) - 1)} a ${x[2]} sweet for a ${x[3]} one (each goes into the other's bowl)`;
    }
    if ((x = /^market (\w+) for (\w+)$/.exec(a))) return `Put a ${x[1]} sweet in the market and take a ${x[2]} one`;
    if ((x = /^take store (\d+)$/.exec(a))) return `Take store ${x[1]}`;
    if ((x = /^store (\d+)\b(.*)$/.exec(a))) {
      const rest = x[2].trim().replace(/P(\d)/g, (_, n) => name(n)).replace(/\+/g, " and ");
      return `Use ${storeLabel(view, x[1])}${rest ? `: ${rest}` : ""}`;
    }
    return a.replace(/P(\d)/g, (_, n) => name(n));
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

  summary(view, ctx) {
    const last = (view.rounds || [])[view.rounds.length - 1];
    return h("div",
      roundsTable(view, ctx),
      last ? breakdownTable(view, last, ctx) : null);
  },
};

/** The keys of the pieces an action moved (after it: a trade puts each sweet in a bowl). */
function lastKeys(a, seat) {
  let m;
  if ((m = /^trade P(\d) (\w+) for (\w+)$/.exec(a))) return [`bowl:${seat}:${m[3]}`, `bowl:${Number(m[1]) - 1}:${m[2]}`];
  if ((m = /^market (\w+) for (\w+)$/.exec(a))) return [`plate:${seat}:${m[2]}`, `mkt:${m[1]}`];
  if ((m = /^(?:take )?store (\d+)\b/.exec(a))) return [`store:${m[1]}`];
  return [];
}

function roundsTable(view, ctx) {
  const players = [];
  for (let p = 0; p < view.players; p++) players.push(seatLabel(ctx, p));
  const rows = (view.rounds || []).map((r) => [`Round ${r.round}`, ...r.sp]);
  rows.push({ cls: "winner", cells: ["Total SP", ...view.totals] });
  return scoreTable("Sweet points per round", ["", ...players], rows);
}

function breakdownTable(view, r, ctx, compact = false) {
  const head = ["Kind"];
  for (let p = 0; p < view.players; p++) head.push(seatName(ctx, p));
  const rows = view.kinds.map((k) => [k, ...r.breakdown.map((b) => {
    const x = b[k];
    return compact ? `${x.count}×(${x.marker}+${x.market})=\u200b${x.subtotal}` // may wrap after =
      : `${x.count} × (${x.marker} + ${x.market}) = ${x.subtotal}`;
  })]);
  rows.push({ cls: "winner", cells: ["Round SP", ...r.sp] });
  return scoreTable(`Round ${r.round}: count × (marker + market)`, head, rows);
}
