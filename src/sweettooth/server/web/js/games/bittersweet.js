// BitterSweet: the box of Chocs, hands, YUM!/YUCK! Preference cards and Empty Wrappers.
// Keys: "cell:a1" (a space in the box), "do:take"/"do:reveal" (what to do with a face-down
// Choc), "hand:<choc>" (a Choc in your hand), "seat:<n>" (a player), "pending:<choc>" (which
// waiting On Reveal resolves next).
//
// Every Choc explains itself (name, texture, coating, shape, points and ability in plain words)
// in a tooltip and in its accessible name; each player's last action is marked in the box.

import { h, s, plural, seatName, seatLabel } from "../dom.js";
import { scoreTable } from "../table.js";
import { withNames } from "../log.js";
import { installTips, withTip, infoPiece, markLast, lastMoves, freshSeats, icon } from "./tips.js";
import { subject, possessive, them, addressed, whose } from "./words.js";

// The catalogue holds both house sets ("original", the printed default, and "revised", our
// variant); a view's options.cards says which one its game plays with (none: the original).
let SETS = {};
let CAT = { chocs: {}, preferences: {} };

function useSet(view) {
  const name = (view && view.options && view.options.cards) || "original";
  CAT = SETS[name] || SETS.original || CAT;
}

const COATING = { milk: "#8f5a35", crimson: "#b3263e", dark: "#3d2216", white: "#efe3cc" };
const INK = { milk: "#fff", crimson: "#fff", dark: "#f5e6d8", white: "#3b2417" };
const KIND_BG = { veggie: "#3f7a2e", wild: "#d9a441" };
const KIND_INK = { veggie: "#fff", wild: "#2b1a10" };

function info(id) {
  return CAT.chocs[id] || { name: id.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase()), kind: "choc" };
}

/** Soft hyphens in long words so a narrow card wraps "Pep-per-mint" instead of cutting it
 *  anywhere: between two consonants (not ch, sh, th...) or before a consonant and a vowel. */
function breakable(name) {
  const V = /[aeiouy]/i;
  const PAIRS = new Set(["ch", "sh", "th", "ph", "ck", "gh", "qu", "wh"]);
  return name.replace(/[A-Za-z]{7,}/g, (w) => {
    const at = [];
    for (let i = 3; i <= w.length - 3; i++) {
      const a = w[i - 1];
      const b = w[i];
      const cc = !V.test(a) && !V.test(b) && !PAIRS.has((a + b).toLowerCase());
      const vcv = V.test(a) && !V.test(b) && V.test(w[i + 1]);
      if (cc || vcv) {
        if (at.length && at[at.length - 1] === i - 1) at.pop(); // "Rasp-berry", not "Ras-pberry"
        at.push(i);
      }
    }
    let out = "";
    let from = 0;
    for (const i of at) { out += `${w.slice(from, i)}\u00AD`; from = i; }
    return out + w.slice(from);
  });
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
  return el ? s("svg", { viewBox: "0 0 20 20", class: "bs-shape", "aria-hidden": "true", focusable: "false" }, el) : null;
}

const minus = (t) => String(t).replace(/-/g, "−");

/** A Choc's points in plain words: "2 points", "+1 point for each other crimson Choc you hold". */
export function pointsText(p) {
  const t = String(p ?? "?");
  let m;
  if (/^-?\d+$/.test(t)) return `${minus(t)} point${Math.abs(Number(t)) === 1 ? "" : "s"}`;
  if ((m = /^\? \(\+(\d+) per other (\w+)\)$/.exec(t))) return `${m[1]} point for each other ${m[2]} Choc in your hand`;
  if ((m = /^-\? \(-(\d+) per other (\w+)\)$/.exec(t))) return `−${m[1]} point for each other ${m[2]} Choc in your hand`;
  if ((m = /^(-?\d+) or (-?\d+) if at least (\d+) other (\w+)$/.exec(t))) {
    return `${minus(m[1])} points, or ${minus(m[2])} if you hold at least ${m[3]} other ${m[4]} Chocs`;
  }
  if ((m = /^(-?\d+) or (-?\d+) if at most (\d+) other (\w+)$/.exec(t))) {
    return Number(m[3]) === 0 ? `${minus(m[1])} point${m[1] === "1" ? "" : "s"}, or ${minus(m[2])} if you hold no other ${m[4]}`
      : `${minus(m[1])} points, or ${minus(m[2])} if you hold at most ${m[3]} other ${m[4]}`;
  }
  return minus(t);
}

/** Short points for the card's corner: "2", "−3", "1/3", "+1 ea". */
function pointsShort(p) {
  const t = String(p ?? "?");
  let m;
  if (/^-?\d+$/.test(t)) return minus(t);
  if ((m = /^(-?\d+) or (-?\d+) if/.exec(t))) return `${minus(m[1])}/${minus(m[2])}`;
  if (/^\?/.test(t)) return "+?";
  if (/^-\?/.test(t)) return "−?";
  return minus(t.split(" ")[0]);
}

/** Everything about a Choc in plain words (tooltip and accessible name). */
export function chocText(id) {
  const c = info(id);
  const kind = c.kind === "veggie" ? "a Veggie" : c.kind === "wild" ? "a wild Choc" : "a Choc";
  const attrs = [c.texture && `${c.texture} texture`, c.coating && `${c.coating} coating`, c.shape && `${c.shape} shape`].filter(Boolean);
  const parts = [`${c.name}: ${kind}${attrs.length ? ` with ${attrs.join(", ")}` : ""}.`,
    `Worth ${pointsText(c.points)}.`,
    c.ability ? `${c.ability}${/[.!?]$/.test(c.ability) ? "" : "."}` : "No ability."];
  return parts.filter(Boolean).join(" ");
}

function chocCard(id, attrs = {}) {
  const c = info(id);
  const bg = KIND_BG[c.kind] || COATING[c.coating] || "#7a5038";
  const ink = KIND_INK[c.kind] || INK[c.coating] || "#fff";
  const text = chocText(id);
  const el = h("button.bs-choc", {
    type: "button", class: [`kind-${c.kind}`, attrs.class], style: { background: bg, color: ink },
    dataset: attrs.key ? { key: attrs.key } : {}, tabindex: attrs.key ? null : "-1",
    "aria-label": `${attrs.prefix || ""}${text}`,
  },
  h("span.bs-top", attrs.coord ? h("span.bs-coord", { "aria-hidden": "true" }, attrs.coord) : null,
    shapeIcon(c.shape), h("span.bs-pts", pointsShort(c.points))),
  h("span.bs-name", breakable(c.name)),
  h("span.bs-attrs", [c.texture, c.coating].filter(Boolean).join(" · ")),
  c.ability ? h("span.bs-ability", c.ability.split(":")[0]) : null);
  return withTip(el, text);
}

function prefText(attr, slot) {
  const p = CAT.preferences[attr];
  const each = p ? p.per_choc : null;
  const sign = slot === "yuck" ? "−" : "+";
  let pts = "";
  if (each && each.length) {
    const first = each[0];
    const same = each.findIndex((x) => x !== first);
    pts = same < 0 ? ` ${sign}${first} for each ${attr} Choc in your hand`
      : ` ${sign}${first} for each of your first ${same} ${attr} Chocs, then ${each.slice(same).map((x) => sign + x).join(", ")} for the next`;
  }
  return slot === "yum" ? `YUM! ${attr}: at the round's end,${pts || ` a bonus for your ${attr} Chocs`}.`
    : slot === "yuck" ? `YUCK! ${attr}: at the round's end,${pts || ` a penalty for your ${attr} Chocs`}.`
      : `A hidden Preference card.`;
}

function prefCard(attr, slot) {
  return infoPiece("span.bs-pref", { class: slot }, prefText(attr, slot), attr);
}

const WRAPPER_TEXT = "Empty Wrappers: one for each Choc you returned to the box. They score nothing; "
  + "when every player has 2 or more, the round ends.";

/** The decision an ability waits for (the view's task on top), in words for whoever makes it:
 *  `you` true for the viewer's own decision ("your choice"), else said of them ("their"). */
export function taskWords(t, ctx, you = true) {
  const name = info(t.choc).name;
  const your = you ? "your" : "their";
  const target = t.target != null && t.target >= 0 ? them(ctx, t.target) : "the other player";
  const only = you ? "only you see it" : "only they see it";
  switch (t.kind) {
    case "reveal": return `pick a face-down Choc to reveal (${name})`;
    case "peek": return `pick a face-down Choc to look at (${name}; ${only})`;
    case "return": return `return a Choc from ${your} hand to an empty space (${name})`;
    case "give": return t.mode === "choose" ? `give a Choc from ${your} hand to another player (${name})`
      : `give a Choc from ${your} hand to the player on ${your} ${t.mode} (${name})`;
    case "demand": return `choose the player who gives ${you ? "you" : "them"} a Choc of their choice (${name})`;
    case "surrender": return `give ${target} a Choc of ${your} choice (${name})`;
    case "peek_preference": return `choose whose ${String(t.slot).toUpperCase()}! card to look at (${name}; ${only})`;
    case "peek_hand": return `choose whose hand to look at (${name}; ${only})`;
    case "draw_from": return `choose a player: ${you ? "you take" : "they take"} a Choc at random from their hand (${name})`;
    case "trade": return `pick a face-up Choc to swap for one of ${your} Chocs, or ${name} itself to keep ${your} hand (${name})`;
    case "place": return `choose the Choc from ${your} hand that goes face up in ${t.cell} (${name})`;
    default: return null;
  }
}

/** A piece id from a rules link, decoded ("red%20lollipop" -> "red lollipop"). */
function safeDecode(id) {
  try { return decodeURIComponent(String(id)); } catch { return String(id); }
}

export default {
  id: "bittersweet",
  title: "BitterSweet",

  async prepare() {
    try {
      const url = new URL("../../data/bittersweet.json", import.meta.url);
      SETS = (await (await fetch(url)).json()).sets || {};
      CAT = SETS.original || CAT;
    } catch (err) { console.warn("BitterSweet catalogue not loaded", err); }
  },

  render(view, ctx) {
    useSet(view);
    installTips();
    ctx = addressed(ctx);
    const me = ctx.seat;
    const box = h("div.bs-box", { style: { "--cols": view.cols }, role: "group", "aria-label": "The box" },
      view.box.map((b) => {
        if (b.face === "empty") {
          return withTip(h("button.bs-cell.empty", { type: "button", dataset: { key: `cell:${b.cell}` }, "aria-label": `${b.cell}: empty space` },
            h("span.bs-coord", { "aria-hidden": "true" }, b.cell)), `${b.cell}: an empty space; a Choc returned to the box may go here.`);
        }
        if (b.face === "up") {
          return h("div.bs-cell.up", { dataset: { mark: `cell:${b.cell}` } },
            chocCard(b.choc, { key: `cell:${b.cell}`, prefix: `${b.cell}, face up: `, coord: b.cell }));
        }
        const known = b.choc ? info(b.choc).name : null;
        const text = `${b.cell}: a face-down Choc${known ? ` (you know it is ${known})` : ""}. Take it without looking, or reveal it where it lies.`;
        return withTip(h("button.bs-cell.down", {
          type: "button", dataset: { key: `cell:${b.cell}` }, "aria-label": known ? `${text} ${chocText(b.choc)}` : text,
        }, h("span.bs-coord", { "aria-hidden": "true" }, b.cell),
        known ? h("span.bs-known", breakable(known)) : h("span.bs-back", { "aria-hidden": "true" }, icon("star"))), known ? `${text} ${chocText(b.choc)}` : text);
      }));
    const seatEl = (p) => {
      const st = view.seats[p];
      const mine = p === me;
      const yum = mine ? st.yum : st.known_yum;
      const yuck = mine ? st.yuck : st.known_yuck;
      const who = mine ? "You" : seatName(ctx, p);
      return h("section.bs-seat", { class: [mine && "mine", p === view.current && "current", p === view.to_move && "tomove"] },
        h("button.bs-seatname", {
          type: "button", dataset: { key: `seat:${p}` },
          "aria-label": `${who}: ${st.hand_size} Chocs in hand, ${st.wrappers} Empty Wrappers, ${st.round_wins} round wins`,
        }, h("b", who), h("span.bs-wins", { "aria-hidden": "true" },
          st.round_wins ? Array.from({ length: st.round_wins }, () => icon("star", "win")) : null,
          ` ${st.round_wins ? "" : "no "}round win${st.round_wins === 1 ? "" : "s"}`)),
        h("p.bs-stats", `Hand ${st.hand_size} · `, infoPiece("span.bs-wrappers", {}, `${who}: ${plural(st.wrappers, "Empty Wrapper")}. ${WRAPPER_TEXT}`, `Wrappers ${st.wrappers}`)),
        h("div.bs-prefs",
          h("span.bs-slot", "YUM!"), (yum || []).map((a) => prefCard(a, "yum")),
          Array.from({ length: Math.max(0, st.yum_cards - (yum || []).length) }, () => infoPiece("span.bs-pref.hidden", {}, "A YUM! card you have not seen.", "?")),
          h("span.bs-slot", "YUCK!"), (yuck || []).map((a) => prefCard(a, "yuck")),
          Array.from({ length: Math.max(0, st.yuck_cards - (yuck || []).length) }, () => infoPiece("span.bs-pref.hidden", {}, "A YUCK! card you have not seen.", "?"))),
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
    // The abilities in progress (each once), then the decision the top one waits for.
    const seen = new Set();
    const tasks = [];
    for (const t of view.tasks || []) {
      if (t.kind !== "ability" || seen.has(`${t.choc}/${t.when}`)) continue;
      seen.add(`${t.choc}/${t.when}`);
      tasks.push(h("li", `${info(t.choc).name}: ${info(t.choc).ability || t.kind} (resolving for ${them(ctx, t.who)})`));
    }
    const top = (view.tasks || []).length ? view.tasks[view.tasks.length - 1] : null;
    const asked = top && top.kind !== "ability" ? taskWords(top, ctx, top.who === me) : null;
    if (asked) {
      const who = top.who === me ? "you" : seatName(ctx, top.who);
      tasks.push(h("li.bs-asked", h("b", `Now ${who} must `), asked));
    }
    const pending = (view.pending || []).length ? h("div.bs-pending", h("span", "Waiting On Reveals: "),
      view.pending.map((c) => withTip(h("button.bs-pend", { type: "button", dataset: { key: `pending:${c}` }, "aria-label": `Resolve ${info(c).name} next. ${chocText(c)}` }, info(c).name), chocText(c)))) : null;
    // Whose turn: not once the game is over, nor on my turn with nothing to play (the table
    // waits for every player to join: the page hands the renderer no legal actions then).
    const over = view.result != null;
    const waiting = !over && me != null && view.to_move === me && !(view.legal_actions || []).length;
    const turn = over ? " · the game is over"
      : waiting ? " · waiting for every player to join"
      : ` · ${possessive(ctx, view.current)} turn, ${plural(view.actions_left, "action")} left`;
    const root = h("div.bittersweet",
      h("p.bs-info", h("b", `Round ${view.round}`), turn,
        ` · Empty Wrapper stack: ${view.stack}`),
      tasks.length ? h("ul.bs-tasks", { "aria-label": "Abilities in progress" }, tasks) : null,
      pending,
      // Your seat (YUM!/YUCK!) and hand first beside the box, the others under them: at 1280x800
      // they were under the box, below the fold, though they decide what to take.
      h("div.bs-main", box, h("div.bs-seats", me != null ? [seatEl(me), myHand] : null, seats)),
      (view.rounds || []).length && view.result == null ? h("details.bs-rounds", h("summary", "Finished rounds"), roundsEl(view, ctx)) : null,
    );
    // Each player's last action: the space they took from, revealed or returned to.
    const moves = lastMoves(ctx);
    const fresh = freshSeats("bittersweet", moves);
    for (const [p, a] of moves) {
      const m = /^(?:take|reveal|pick|return(?: \S+)?) ([a-z]\d)$/.exec(a);
      if (m) {
        const cell = root.querySelector(`[data-mark="cell:${m[1]}"]`) || root.querySelector(`[data-key="cell:${m[1]}"]`);
        if (cell) markLast(cell, p, ctx, fresh.has(p));
        // A Choc just revealed flips over.
        if (cell && fresh.has(p) && a.startsWith("reveal")) cell.querySelector(".bs-choc")?.classList.add("flip-in");
        continue;
      }
      const g = /^(?:give \S+ to|choose) P(\d)$/.exec(a);
      if (g) {
        const el = root.querySelector(`[data-key="seat:${Number(g[1]) - 1}"]`);
        if (el) markLast(el, p, ctx, fresh.has(p));
      }
    }
    return root;
  },

  keys(action, view) {
    let m;
    if ((m = /^take (\w\d)$/.exec(action))) {
      const b = view.box.find((x) => x.cell === m[1]);
      return b && b.face === "up" ? [`cell:${m[1]}`] : [`cell:${m[1]}`, "do:take"];
    }
    if ((m = /^reveal (\w\d)$/.exec(action))) return [`cell:${m[1]}`, "do:reveal"];
    if ((m = /^pick (\w\d)$/.exec(action))) return [`cell:${m[1]}`];
    if ((m = /^return (\S+) (\w\d)$/.exec(action))) {
      // Macadamia's trade: every Choc goes to the one space it emptied, so the Choc alone.
      const tasks = view.tasks || [];
      const placing = tasks.length && tasks[tasks.length - 1].kind === "place";
      return placing ? [`hand:${m[1]}`] : [`hand:${m[1]}`, `cell:${m[2]}`];
    }
    if ((m = /^give (\S+) to P(\d)$/.exec(action))) {
      // Only one player can receive (Green Olive's giver, Peppermint's victim): the Choc alone.
      const to = new Set((view.legal_actions || []).filter((a) => a.startsWith("give ")).map((a) => a.split(" to ")[1]));
      return to.size === 1 ? [`hand:${m[1]}`] : [`hand:${m[1]}`, `seat:${Number(m[2]) - 1}`];
    }
    if ((m = /^choose P(\d)$/.exec(action))) return [`seat:${Number(m[1]) - 1}`];
    if ((m = /^resolve (\S+)$/.exec(action))) return [`pending:${m[1]}`];
    return null;
  },

  /** Bar keys that end a move begun on the board: shown once a piece is picked. */
  finishing(key) {
    return key === "do:take" || key === "do:reveal";
  },

  label(key) {
    if (key === "do:take") return "Take it…";
    if (key === "do:reveal") return "Reveal it…";
    return key;
  },

  describe(action, view, ctx) {
    ctx = addressed(ctx);
    const who = (n) => seatName(ctx, Number(n) - 1);
    let m;
    const top = view && (view.tasks || []).length ? view.tasks[view.tasks.length - 1] : null;
    const kind = top ? top.kind : null;
    if (kind === "trade" && (m = /^pick (\w\d)$/.exec(action))) {
      const b = (view.box || []).find((x) => x.cell === m[1]);
      const what = b && b.choc ? info(b.choc).name : "the Choc";
      return b && b.choc === top.choc ? `Keep your hand: pick ${what} in ${m[1]} and put it back` : `Take ${what} from ${m[1]} in exchange for one of yours`;
    }
    if (kind === "place" && (m = /^return (\S+) (\w\d)$/.exec(action))) return `Put ${info(m[1]).name} face up in ${m[2]}`;
    if ((m = /^choose P(\d)$/.exec(action)) && kind) {
      const said = {
        peek_hand: `Look at ${whose(ctx, Number(m[1]) - 1)} hand`,
        draw_from: `Take a Choc at random from ${whose(ctx, Number(m[1]) - 1)} hand`,
        demand: `${who(m[1])} gives you a Choc of their choice`,
        peek_preference: `Look at ${whose(ctx, Number(m[1]) - 1)} ${String(top.slot).toUpperCase()}! card`,
      }[kind];
      if (said) return said;
    }
    if ((m = /^take (\w\d)$/.exec(action))) return `Take the Choc in ${m[1]}`;
    if ((m = /^reveal (\w\d)$/.exec(action))) return `Reveal the Choc in ${m[1]}`;
    if ((m = /^pick (\w\d)$/.exec(action))) return `Pick the face-down Choc in ${m[1]}`;
    if ((m = /^return (\S+) (\w\d)$/.exec(action))) return `Return ${info(m[1]).name} to ${m[2]}`;
    if ((m = /^give (\S+) to P(\d)$/.exec(action))) return `Give ${info(m[1]).name} to ${them(ctx, Number(m[2]) - 1)}`;
    if ((m = /^choose P(\d)$/.exec(action))) return `Choose ${them(ctx, Number(m[1]) - 1)}`;
    if ((m = /^resolve (\S+)$/.exec(action))) return `Resolve ${info(m[1]).name} next`;
    return action.replace(/\b([a-z]+(?:-[a-z]+)+|[a-z]+)\b/g, (w) => (CAT.chocs[w] ? CAT.chocs[w].name : w));
  },

  prompt(view, picked, ctx) {
    useSet(view);
    ctx = addressed(ctx);
    const la = view.legal_actions || [];
    const top = (view.tasks || []).length ? view.tasks[view.tasks.length - 1] : null;
    if (top && top.kind !== "ability" && !la.some((a) => a.startsWith("resolve "))) {
      const words = taskWords(top, ctx || { seat: top.who, names: [] }, true);
      if (words) return words;
    }
    if (la.some((a) => a.startsWith("resolve "))) return "choose which On Reveal resolves next";
    if (la.some((a) => a.startsWith("pick "))) return "pick a face-down Choc in the box";
    if (la.some((a) => a.startsWith("choose "))) return "choose a player";
    if (la.length && la.every((a) => a.startsWith("give "))) return "give a Choc from your hand";
    if (la.length && la.every((a) => a.startsWith("return "))) return "return a Choc from your hand to an empty space";
    if (picked && picked.some((k) => k.startsWith("cell:"))) return "take it or reveal it";
    return `take or reveal a Choc, or return one (${plural(view.actions_left, "action")} left)`;
  },

  narrate(entry, view, ctx) {
    if (typeof entry !== "string") return null;
    useSet(view);
    ctx = addressed(ctx);
    // Choc ids to names ("pea-pod" -> "Pea Pod"), "P2" to the player's name, verbs agreeing.
    let t = entry.replace(/\b[a-z]+(?:-[a-z]+)*\b/g, (w) => (CAT.chocs[w] ? CAT.chocs[w].name : w));
    // A player after a word that takes an object ("asks P1 for", "give P1 a Choc", "every
    // player but P1 takes") is "you", never the subject of the next word.
    t = t.replace(/\b(to|for|of|asks|give|but) P([1-6])\b(?!')/g, (all, pre, n) => `${pre} ${them(ctx, Number(n) - 1)}`);
    t = t.replace(/\bP([1-6])('s)? (\w+)/g, (all, n, poss, w) => {
      const seat = Number(n) - 1;
      const name = seatName(ctx, seat);
      if (poss) return name === "You" ? `your ${w}` : `${name}'s ${w}`;
      return subject(ctx, seat, w);
    });
    t = withNames(t, ctx);
    return t.replace(/^You (.*?)\btheir\b/, "You $1your")
      .replace("asks you for a Choc of their choice", "asks you for a Choc of your choice");
  },

  piece(kind, rawId) {
    const id = safeDecode(rawId);
    // Small drawings for running text (about 1.8em tall); the words stay next to them.
    if (kind === "choc") {
      CAT = SETS.revised || CAT; // the players' rules describe the revised set
      if (!CAT.chocs[id]) return null;
      const c = info(id);
      return h("span.piece-inline.bs-mini", {
        role: "img", "aria-label": chocText(id),
        style: { background: KIND_BG[c.kind] || COATING[c.coating] || "#7a5038", color: KIND_INK[c.kind] || INK[c.coating] || "#fff" },
      }, shapeIcon(c.shape), h("b", { "aria-hidden": "true" }, pointsShort(c.points)));
    }
    if (kind === "pref") {
      CAT = SETS.revised || CAT;
      const pref = CAT.preferences[id];
      if (!pref) return null;
      const mark = pref.category === "shape" ? shapeIcon(id)
        : pref.category === "coating" ? h("span.bs-swatch", { style: { background: COATING[id] || "#999" } })
          : h("span.bs-texture", { class: id });
      return h("span.piece-inline.bs-mini.pref", { role: "img", "aria-label": `Preference card: ${id}` }, mark);
    }
    if (kind === "wrapper") {
      return h("span.piece-inline.bs-mini.wrapper", { role: "img", "aria-label": "an Empty Wrapper card" });
    }
    return null;
  },

  summary(view, ctx) { useSet(view); return roundsEl(view, ctx); },
};

/** Each finished round: points per player (the hands listed under the table, so it fits a phone). */
function roundsEl(view, ctx) {
  const name = (p) => seatLabel(ctx, p);
  return h("div", (view.rounds || []).map((r) => h("div.bs-round",
    scoreTable(
      `Round ${r.round}: won by ${r.winners.map((p) => seatName(ctx, p)).join(", ")}`,
      ["Player", "Chocs", "YUM!", "YUCK!", "Total"],
      r.sheets.map((sh) => ({
        cls: r.winners.includes(sh.seat) ? "winner" : null,
        cells: [name(sh.seat), sh.chocs,
          sh.yum.map((y) => `${y.attribute} ×${y.matching}: +${y.points}`).join("; ") || "—",
          sh.yuck.map((y) => `${y.attribute} ×${y.matching}: −${y.points}`).join("; ") || "—",
          sh.total],
      })),
      { class: "bs-roundtable" },
    ),
    h("ul.bs-hands", r.sheets.map((sh) => h("li", h("b", `${name(sh.seat)}: `),
      sh.hand.map((c) => info(c).name).join(", ") || "no Chocs"))))));
}
