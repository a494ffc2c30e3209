// Sweet Shop (solo): the dice, the Shelf, the Basket, the Tummy, bonuses and the deck.
// Keys: "die:<value>" (a white die still unused), "shelf:<pos>", "basket:<card>",
// "cherry:<from>><to>" (move a discard die), "fc:+1"/"fc:-1" (a Flavour Changer on an Eat),
// "btn:lastresort" (Last Resort, then a Shelf card).

import { h, s } from "../dom.js";
import { scoreTable } from "../table.js";

const SUITS = { H: ["♥", "Hearts", "Multipack"], D: ["♦", "Diamonds", "Sugar Rush"], S: ["♠", "Spades", "Flavour Changer"], C: ["♣", "Clubs", "Sour Cherries"] };
const RANKS = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };
const FIGURES = { J: "Chocolate Soldier", Q: "Chocolate Fairy", K: "Chocolate Pirate" };

function cardName(c) {
  const rank = c.slice(0, -1);
  const suit = SUITS[c.slice(-1)];
  return `${RANKS[rank] || rank} of ${suit ? suit[1] : "?"}${FIGURES[rank] ? ` (${FIGURES[rank]})` : ""}`;
}

function cardEl(c, attrs = {}) {
  const rank = c.slice(0, -1);
  const suit = c.slice(-1);
  const [sym, , bonus] = SUITS[suit] || ["?", "", ""];
  return h("button.ss-card", {
    type: "button", class: [`suit-${suit}`, FIGURES[rank] && "figure"], ...attrs,
    "aria-label": `${attrs.prefix || ""}${cardName(c)}`, title: `${cardName(c)}: ${bonus}`,
  }, h("span.ss-rank", rank), h("span.ss-suit", sym),
  FIGURES[rank] ? h("span.ss-fig", FIGURES[rank].replace("Chocolate ", "")) : h("span.ss-bonus", bonus));
}

const PIPS = {
  1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[26, 26], [50, 50], [74, 74]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 25], [72, 25], [28, 50], [72, 50], [28, 75], [72, 75]],
};

function dieFace(v, colour) {
  return s("svg", { viewBox: "0 0 100 100", class: "die-face", "aria-hidden": "true" },
    s("rect", { x: 4, y: 4, width: 92, height: 92, rx: 18, fill: colour === "red" ? "#d83b4f" : "#fffdf7", stroke: colour === "red" ? "#8e1f2e" : "#c9b6a3", "stroke-width": 4 }),
    (PIPS[v] || []).map(([x, y]) => s("circle", { cx: x, cy: y, r: 9, fill: colour === "red" ? "#fff" : "#3b2417" })));
}

/** The white dice with the used ones marked: rolled minus left. */
function whiteDice(view) {
  const left = (view.white_dice.left || []).slice();
  return (view.white_dice.rolled || []).map((v) => {
    const i = left.indexOf(v);
    const used = i < 0;
    if (!used) left.splice(i, 1);
    return { v, used };
  });
}

export default {
  id: "sweetshop",
  title: "Sweet Shop",

  render(view) {
    const dice = whiteDice(view);
    const marks = view.discard_dice || [];
    const shelf = view.shelf.map((c, i) => {
      const pos = i + 1;
      const marked = marks.filter((m) => m === pos).length;
      const arrows = [];
      if (marked) {
        for (const to of [pos - 1, pos + 1]) {
          if (to < 1 || to > 6) continue;
          arrows.push(h("button.ss-cherry", {
            type: "button", class: to < pos ? "left" : "right", dataset: { key: `cherry:${pos}>${to}` },
            "aria-label": `Sour Cherries: move the discard die from ${pos} to ${to}`,
          }, to < pos ? "◀" : "▶"));
        }
      }
      return h("div.ss-slot", { class: marked && "marked" },
        h("span.ss-pos", pos),
        c ? cardEl(c, { dataset: { key: `shelf:${pos}` }, prefix: `Shelf ${pos}: ` })
          : h("div.ss-gap", { "aria-label": `Shelf ${pos}: empty` }, "gap"),
        marked ? h("div.ss-mark", { title: "A discard die marks this card" },
          arrows.filter((a) => a.classList.contains("left")),
          h("span.ss-ddie", { "aria-label": `discard die on ${pos}` }, dieFace(pos, "red")),
          arrows.filter((a) => a.classList.contains("right"))) : null);
    });
    const b = view.bonuses;
    const bonus = (name, x) => h("li", { class: x.have ? "have" : "" }, h("b", name), ` ${x.have}`,
      x.used_this_turn ? h("span.muted", ` (${x.used_this_turn} used)`) : null);
    const fig = Object.entries(view.figures).map(([r, f]) => h("li", `${f.name}: `,
      f.delivered ? `on its way (${f.queue} in the queue)` : `not yet (${f.set_aside} set aside)`));
    return h("div.sweetshop",
      h("div.ss-top",
        h("section.ss-dice", { "aria-label": "White dice" },
          h("h3", `Turn ${view.turn}${view.final_turn ? " (final turn)" : ""}`),
          h("div.ss-dicerow", dice.map((d, i) => h("button.ss-die", {
            type: "button", class: d.used && "used", dataset: d.used ? {} : { key: `die:${d.v}` },
            "aria-label": `White die ${i + 1}: ${d.v}${d.used ? " (used)" : ""}`,
          }, dieFace(d.v, "white"))))),
        h("section.ss-status", { "aria-label": "Shop" },
          h("p", h("b", "Deck: "), view.deck, " cards"),
          h("p", h("b", "Score: "), view.score.total, " in the Tummy"),
          view.sugar_rush ? h("p.ss-rush", "Sugar Rush! Eat a card from your Basket at once.") : null,
          view.last_resort ? h("p.muted", "Last Resort used this turn.") : null)),
      h("section.ss-shelf", { role: "group", "aria-label": "The Shelf" }, h("h3", "Shelf"),
        h("div.ss-slots", shelf)),
      h("div.ss-bottom",
        h("section.ss-basket", { role: "group", "aria-label": "Your Basket" }, h("h3", `Basket (${view.basket.length})`),
          h("div.ss-cards", view.basket.length ? view.basket.map((c) => cardEl(c, { dataset: { key: `basket:${c}` }, prefix: "Basket: " }))
            : h("span.muted", "empty"))),
        h("section.ss-tummy", { role: "group", "aria-label": "Your Tummy" }, h("h3", `Tummy (${view.tummy.length})`),
          h("div.ss-cards.small", view.tummy.length ? view.tummy.map((c) => cardEl(c, { prefix: "Tummy: ", tabindex: "-1" }))
            : h("span.muted", "empty")))),
      h("div.ss-info",
        h("section", h("h3", "Bonuses"), h("ul.ss-bonuses",
          bonus("♥ Multipack", b.multipack), bonus("♠ Flavour Changer", b.flavour_changer),
          bonus("♣ Sour Cherries", b.sour_cherries))),
        h("section", h("h3", "Chocolate figures"), h("ul.ss-figs", fig)),
        view.discarded.length ? h("section", h("h3", `Discarded (${view.discarded.length})`),
          h("p.ss-discarded", view.discarded.join(" "))) : null),
    );
  },

  keys(action) {
    let m;
    if ((m = /^grab (\d)(?:,(\d))? with (\d)\+(\d)$/.exec(action))) {
      return [`die:${m[3]}`, `die:${m[4]}`, `shelf:${m[1]}`, ...(m[2] ? [`shelf:${m[2]}`] : [])];
    }
    if ((m = /^eat (\S+) with (\d)\+(\d)(?: ([+-]1))?$/.exec(action))) {
      return [`die:${m[2]}`, `die:${m[3]}`, `basket:${m[1]}`, ...(m[4] ? [`fc:${m[4]}`] : [])];
    }
    if ((m = /^sugar rush (\S+)$/.exec(action))) return [`basket:${m[1]}`];
    if ((m = /^cherries (\d)>(\d)$/.exec(action))) return [`cherry:${m[1]}>${m[2]}`];
    if ((m = /^last resort (\d)$/.exec(action))) return ["btn:lastresort", `shelf:${m[1]}`];
    return null;
  },

  label(key) {
    if (key === "btn:lastresort") return "Last Resort (grab any card)";
    if (key === "fc:+1") return "Flavour Changer: +1";
    if (key === "fc:-1") return "Flavour Changer: −1";
    return key;
  },

  describe(action) {
    if (action === "end turn") return "End turn";
    if (action === "skip sugar rush") return "Skip the Sugar Rush";
    const m = /^grab (\d),(\d) with/.exec(action);
    if (m) return `Grab ${m[1]} and ${m[2]} (Multipack)`;
    if (/^grab (\d) with/.test(action)) return `Grab ${action.split(" ")[1]} only`;
    return action[0].toUpperCase() + action.slice(1);
  },

  prompt(view, picked) {
    if (view.sugar_rush) return "Sugar Rush: eat a card from your Basket, or skip";
    if (picked && picked.includes("btn:lastresort")) return "grab any card from the Shelf";
    const dice = (picked || []).filter((k) => k.startsWith("die:")).length;
    if (dice === 1) return "pick the second die of the pair";
    if (dice === 2) return "now a Shelf card to Grab, or a Basket card to Eat";
    if (!(view.white_dice.left || []).length) return "end your turn (or use Sour Cherries)";
    return "pick two dice, then a Shelf card (Grab) or a Basket card (Eat)";
  },

  log(view) { return view.log || []; },

  summary(view) {
    const sc = view.score;
    return scoreTable("Your Tummy", ["", "Cards", "Points"], [
      ["Plain sweets", sc.plain.cards, sc.plain.points],
      ["Chocolate Soldiers (J)", sc.J.cards, sc.J.points],
      ["Chocolate Fairies (Q)", sc.Q.cards, sc.Q.points],
      ["Chocolate Pirates (K)", sc.K.cards, sc.K.points],
      ["Left in the Basket (no score)", sc.basket_unscored, 0],
      { cls: "winner", cells: ["Total", "", sc.total] },
    ]);
  },
};
