// BitterSweet: the box of Chocs, hands, YUM!/YUCK! Preference cards and Empty Wrappers.
// Keys: "cell:a1" (a space in the box), "do:take"/"do:reveal" (what to do with a face-down
// Choc), "hand:<choc>" (a Choc in your hand), "seat:<n>" (a player), "pending:<choc>" (which
// waiting On Reveal resolves next).

import { h, s, seatName } from "../dom.js";
import { scoreTable } from "../table.js";

let CAT = { chocs: {}, preferences: {} };

const COATING = { milk: "#a0683f", crimson: "#b3263e", dark: "#3d2216", white: "#efe3cc" };
const INK = { milk: "#fff", crimson: "#fff", dark: "#f5e6d8", white: "#3b2417" };

function info(id) {
  return CAT.chocs[id] || { name: id.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase()), kind: "choc" };
}

function shapeIcon(shape) {
  const p = { fill: "currentColor" };
  const el = {
    pyramid: s("path", { d: "M10 2 L18 18 L2 18 Z", ...p }),
    heart: s("path", { d: "M10 18 C-2 9 3 0 10 6 C17 0 22 9 10 18 Z", ...p }),
    trapezoid: s("path", { d: "M5 4 L15 4 L19 17 L1 17 Z", ...p }),
    square: s("rect", { x: 3, y: 3, width: 14, height: 14, rx: 1, ...p }),
    round: s("circle", { cx: 10, cy: 10, r: 8, ...p }),
    hexagon: s("path", { d: "M6 2 L14 2 L19 10 L14 18 L6 18 L1 10 Z", ...p }),
    animal: s("path", { d: "M4 8 a3 3 0 1 1 0.1 0 M16 8 a3 3 0 1 1 0.1 0 M10 18 c-6 0 -7 -8 0 -8 c7 0 6 8 0 8", ...p }),
  }[shape];
  return el ? s("svg", { viewBox: "0 0 20 20", class: "bs-shape", "aria-hidden": "true" }, el) : null;
}

function chocLabel(id) {
  const c = info(id);
  const attrs = [c.texture, c.coating, c.shape].filter(Boolean).join(", ");
  return `${c.name}${attrs ? ` (${attrs})` : ""}${c.kind !== "choc" ? `, ${c.kind}` : ""}, points ${c.points ?? "?"}${c.ability ? `. ${c.ability}` : ""}`;
}

function chocCard(id, attrs = {}) {
  const c = info(id);
  const bg = c.kind === "veggie" ? "#5f9e4a" : c.kind === "wild" ? "#d9a441" : COATING[c.coating] || "#7a5038";
  const ink = c.kind === "veggie" || c.kind === "wild" ? "#fff" : INK[c.coating] || "#fff";
  return h("button.bs-choc", {
    type: "button", class: [`kind-${c.kind}`, attrs.class], style: { background: bg, color: ink },
    dataset: attrs.key ? { key: attrs.key } : {}, tabindex: attrs.key ? null : "-1",
    "aria-label": `${attrs.prefix || ""}${chocLabel(id)}`, title: chocLabel(id),
  },
  h("span.bs-top", h("span.bs-pts", c.points && c.points.length > 3 ? c.points.split(" ")[0] : c.points ?? ""),
    shapeIcon(c.shape)),
  h("span.bs-name", c.name),
  h("span.bs-attrs", [c.texture, c.coating].filter(Boolean).join(" · ")),
  c.ability ? h("span.bs-ability", c.ability.split(":")[0]) : null);
}

function prefCard(attr, slot) {
  return h("span.bs-pref", { class: slot, title: `${slot.toUpperCase()}! ${attr}` }, attr);
}

export default {
  id: "bittersweet",
  title: "BitterSweet",

  async prepare() {
    try {
      const url = new URL("../../data/bittersweet.json", import.meta.url);
      CAT = await (await fetch(url)).json();
    } catch (err) { console.warn("BitterSweet catalogue not loaded", err); }
  },

  render(view, ctx) {
    const me = ctx.seat;
    const rows = Math.ceil(view.box.length / view.cols);
    const box = h("div.bs-box", { style: { "--cols": view.cols }, role: "group", "aria-label": "The box" },
      view.box.map((b) => {
        if (b.face === "empty") {
          return h("button.bs-cell.empty", { type: "button", dataset: { key: `cell:${b.cell}` }, "aria-label": `${b.cell}: empty space` }, h("span.coord", b.cell));
        }
        if (b.face === "up") return h("div.bs-cell.up", chocCard(b.choc, { key: `cell:${b.cell}`, prefix: `${b.cell}, face up: ` }), h("span.coord", b.cell));
        return h("button.bs-cell.down", {
          type: "button", dataset: { key: `cell:${b.cell}` },
          "aria-label": `${b.cell}: face down${b.choc ? ` (you know it is ${info(b.choc).name})` : ""}`,
        }, b.choc ? h("span.bs-known", info(b.choc).name) : h("span.bs-back", "BitterSweet"), h("span.coord", b.cell));
      }));
    const seatEl = (p) => {
      const st = view.seats[p];
      const mine = p === me;
      const yum = mine ? st.yum : st.known_yum;
      const yuck = mine ? st.yuck : st.known_yuck;
      return h("section.bs-seat", { class: [mine && "mine", p === view.current && "current", p === view.to_move && "tomove"] },
        h("button.bs-seatname", {
          type: "button", dataset: { key: `seat:${p}` },
          "aria-label": `${mine ? "You" : seatName(ctx, p)}: ${st.hand_size} Chocs in hand, ${st.wrappers} Empty Wrappers, ${st.round_wins} round wins`,
        }, h("b", mine ? "You" : seatName(ctx, p)), ` · ${"★".repeat(st.round_wins) || "no"} round win${st.round_wins === 1 ? "" : "s"}`),
        h("p.bs-stats", `Hand ${st.hand_size} · Wrappers ${st.wrappers}`),
        h("div.bs-prefs",
          h("span.bs-slot", "YUM!"), (yum || []).map((a) => prefCard(a, "yum")),
          Array.from({ length: Math.max(0, st.yum_cards - (yum || []).length) }, () => h("span.bs-pref.hidden", "?")),
          h("span.bs-slot", "YUCK!"), (yuck || []).map((a) => prefCard(a, "yuck")),
          Array.from({ length: Math.max(0, st.yuck_cards - (yuck || []).length) }, () => h("span.bs-pref.hidden", "?"))),
        !mine && (st.known_hand || []).length ? h("div.bs-known-hand", h("span.muted", "Known in hand: "),
          st.known_hand.map((c) => info(c).name).join(", ")) : null,
        st.discards.length ? h("p.bs-discards.muted", `Discarded: ${st.discards.join(", ")}`) : null);
    };
    const seats = [];
    for (let p = 0; p < view.players; p++) if (p !== me) seats.push(seatEl(p));
    const myHand = me != null ? h("section.bs-hand", { role: "group", "aria-label": "Your hand" },
      h("h3", `Your hand (${view.seats[me].hand.length})`),
      h("div.bs-cards", view.seats[me].hand.length ? view.seats[me].hand.map((c) => chocCard(c, { key: `hand:${c}`, prefix: "In your hand: " }))
        : h("span.muted", "empty"))) : null;
    const tasks = (view.tasks || []).map((t) => h("li", `${info(t.choc).name}: ${info(t.choc).ability || t.kind} (for ${seatName(ctx, t.who)})`));
    const pending = (view.pending || []).length ? h("div.bs-pending", h("span", "Waiting On Reveals: "),
      view.pending.map((c) => h("button.bs-pend", { type: "button", dataset: { key: `pending:${c}` }, "aria-label": `Resolve ${info(c).name} next` }, info(c).name))) : null;
    return h("div.bittersweet",
      h("p.bs-info", h("b", `Round ${view.round}`), ` · ${seatName(ctx, view.current)}'s turn, ${view.actions_left} action${view.actions_left === 1 ? "" : "s"} left`,
        ` · Empty Wrapper stack: ${view.stack}`),
      tasks.length ? h("ul.bs-tasks", { "aria-label": "Abilities in progress" }, tasks) : null,
      pending,
      h("div.bs-main", box, h("div.bs-seats", seats)),
      me != null ? seatEl(me) : null,
      myHand,
      (view.rounds || []).length && view.result == null ? h("details.bs-rounds", h("summary", "Finished rounds"), roundsEl(view, ctx)) : null,
    );
    // rows is only used for the grid's aspect; keep the variable for clarity
    void rows;
  },

  keys(action, view) {
    let m;
    if ((m = /^take (\w\d)$/.exec(action))) {
      const b = view.box.find((x) => x.cell === m[1]);
      return b && b.face === "up" ? [`cell:${m[1]}`] : [`cell:${m[1]}`, "do:take"];
    }
    if ((m = /^reveal (\w\d)$/.exec(action))) return [`cell:${m[1]}`, "do:reveal"];
    if ((m = /^pick (\w\d)$/.exec(action))) return [`cell:${m[1]}`];
    if ((m = /^return (\S+) (\w\d)$/.exec(action))) return [`hand:${m[1]}`, `cell:${m[2]}`];
    if ((m = /^give (\S+) to P(\d)$/.exec(action))) return [`hand:${m[1]}`, `seat:${Number(m[2]) - 1}`];
    if ((m = /^choose P(\d)$/.exec(action))) return [`seat:${Number(m[1]) - 1}`];
    if ((m = /^resolve (\S+)$/.exec(action))) return [`pending:${m[1]}`];
    return null;
  },

  label(key) {
    if (key === "do:take") return "Take it…";
    if (key === "do:reveal") return "Reveal it…";
    return key;
  },

  describe(action) {
    return action.replace(/\b([a-z]+(?:-[a-z]+)+|[a-z]+)\b/g, (w) => (CAT.chocs[w] ? CAT.chocs[w].name : w));
  },

  prompt(view, picked) {
    const la = view.legal_actions || [];
    if (la.some((a) => a.startsWith("resolve "))) return "choose which On Reveal resolves next";
    if (la.some((a) => a.startsWith("pick "))) return "pick a face-down Choc in the box";
    if (la.some((a) => a.startsWith("choose "))) return "choose a player";
    if (la.length && la.every((a) => a.startsWith("give "))) return "give a Choc from your hand";
    if (la.length && la.every((a) => a.startsWith("return "))) return "return a Choc from your hand to an empty space";
    if (picked && picked.some((k) => k.startsWith("cell:"))) return "take it or reveal it";
    return `take or reveal a Choc, or return one (${view.actions_left} action${view.actions_left === 1 ? "" : "s"} left)`;
  },

  log(view) { return view.log || []; },

  summary(view, ctx) { return roundsEl(view, ctx); },
};

function roundsEl(view, ctx) {
  return h("div", (view.rounds || []).map((r) => scoreTable(
    `Round ${r.round}: won by ${r.winners.map((p) => seatName(ctx, p)).join(", ")}`,
    ["Player", "Hand", "Choc points", "YUM!", "YUCK!", "Total"],
    r.sheets.map((sh) => ({
      cls: r.winners.includes(sh.seat) ? "winner" : null,
      cells: [seatName(ctx, sh.seat) + (sh.seat === ctx.seat ? " (you)" : ""),
        sh.hand.map((c) => info(c).name).join(", ") || "—", sh.chocs,
        sh.yum.map((y) => `${y.attribute} ×${y.matching}: +${y.points}`).join("; ") || "—",
        sh.yuck.map((y) => `${y.attribute} ×${y.matching}: −${y.points}`).join("; ") || "—",
        sh.total],
    })),
  )));
}
