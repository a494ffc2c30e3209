// Sweet Shop (solo): the dice, the Shelf, the Basket, the Tummy, bonuses and the deck.
// Keys: "die:<value>" (a white die still unused), "shelf:<pos>", "basket:<card>",
// "cherry:<from>><to>" (move a discard die), "fc:+1"/"fc:-1" (a Flavour Changer on an Eat),
// "btn:lastresort" (Last Resort, then a Shelf card).

import { h, s, plural, seatName } from "../dom.js";
import { scoreTable } from "../table.js";
import { installTips, withTip, infoPiece, markLast, lastMoves, freshSeats, icon } from "./tips.js";
import { verb, addressed } from "./words.js";

// Suit: [symbol, name, bonus]; symbols are SVG (no emoji font needed).
const SUITS = { H: ["heart", "Hearts", "Multipack"], D: ["diamond", "Diamonds", "Sugar Rush"], S: ["spade", "Spades", "Flavour Changer"], C: ["club", "Clubs", "Sour Cherries"] };
// SS-4, SS-5: what eating a card of each suit gives.
const BONUS_TEXT = {
  H: "Multipack (lasting): once per turn for each Heart in your Tummy, a Grab may also take the card at the position of the pair's other die.",
  D: "Sugar Rush (one-off): when you eat it, at once eat one other card from your Basket with no dice.",
  S: "Flavour Changer (lasting): once per turn for each Spade in your Tummy, count an Eat pair's total as one more or one less. Only when eaten with a pair whose total equals its number.",
  C: "Sour Cherries (lasting): once per turn for each Club in your Tummy, move a discard die one position left or right. Only when eaten with a pair whose total equals its number.",
};
const RANKS = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };
const FIGURES = { J: "Chocolate Soldier", Q: "Chocolate Fairy", K: "Chocolate Pirate" };

/** A card's short name in words: "9 of Hearts". */
function cardShort(c) {
  const rank = c.slice(0, -1);
  const suit = SUITS[c.slice(-1)];
  return `${RANKS[rank] || rank} of ${suit ? suit[1] : "?"}`;
}

function cardName(c) {
  const rank = c.slice(0, -1);
  const suit = SUITS[c.slice(-1)];
  return `${RANKS[rank] || rank} of ${suit ? suit[1] : "?"}${FIGURES[rank] ? ` (${FIGURES[rank]})` : ""}`;
}

/** A card in plain words: name, bonus and its effect, points in the Tummy. */
export function cardText(c) {
  const rank = c.slice(0, -1);
  const suit = c.slice(-1);
  const pts = rank === "K" ? 3 : rank === "J" || rank === "Q" ? 2 : 1;
  const bonus = BONUS_TEXT[suit] ? ` Bonus when eaten: ${BONUS_TEXT[suit]}` : "";
  return `${cardName(c)}.${bonus} Worth ${plural(pts, "point")} in your Tummy.`;
}

function cardEl(c, attrs = {}) {
  const rank = c.slice(0, -1);
  const suit = c.slice(-1);
  const [sym, , bonus] = SUITS[suit] || ["star", "", ""];
  const { prefix, tag, class: cls, ...rest } = attrs;
  const text = cardText(c);
  const el = h(tag || "button.ss-card", {
    type: tag ? null : "button", class: [`suit-${suit}`, FIGURES[rank] && "figure", tag && "ss-card", cls], ...rest,
    "aria-label": `${prefix || ""}${text}`,
  }, h("span.ss-rank", rank), h("span.ss-suit", icon(sym)),
  FIGURES[rank] ? h("span.ss-fig", FIGURES[rank].replace("Chocolate ", "")) : null,
  h("span.ss-bonus", bonus));
  return withTip(el, text);
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

/** The Flavour Changer steps ("+1", "-1") that complete a legal Eat of the picked dice and
 *  Basket card (none when nothing such is picked: a plain Eat is sent at once). */
function flavourChanges(view, picked) {
  const card = picked.find((k) => k.startsWith("basket:"));
  if (!card) return [];
  const pair = picked.filter((k) => k.startsWith("die:")).map((k) => k.slice(4)).sort().join("+");
  const out = [];
  for (const a of view.legal_actions || []) {
    const m = /^eat (\S+) with (\d)\+(\d) ([+-]1)$/.exec(a);
    if (m && `basket:${m[1]}` === card && [m[2], m[3]].sort().join("+") === pair && !out.includes(m[4])) out.push(m[4]);
  }
  return out;
}

/** {pos, more}: the picked Shelf card's position and the positions a Multipack could add to the
 *  picked pair's Grab of it (null when no Shelf card is picked). */
function multipackPartners(view, picked) {
  const shelf = picked.find((k) => k.startsWith("shelf:"));
  if (!shelf) return null;
  const pos = shelf.slice(6);
  const pair = picked.filter((k) => k.startsWith("die:")).map((k) => k.slice(4)).sort().join("+");
  const more = [];
  for (const a of view.legal_actions || []) {
    const m = /^grab (\d),(\d) with (\d)\+(\d)$/.exec(a);
    if (!m || [m[3], m[4]].sort().join("+") !== pair) continue;
    const other = m[1] === pos ? m[2] : m[2] === pos ? m[1] : null;
    if (other && !more.includes(other)) more.push(other);
  }
  return { pos, more };
}

/** A piece id from a rules link, decoded ("red%20lollipop" -> "red lollipop"). */
function safeDecode(id) {
  try { return decodeURIComponent(String(id)); } catch { return String(id); }
}

export default {
  id: "sweetshop",
  title: "Sweet Shop",

  render(view, ctx) {
    installTips();
    const dice = whiteDice(view);
    const marks = view.discard_dice || [];
    const shelf = view.shelf.map((c, i) => {
      const pos = i + 1;
      const marked = marks.filter((m) => m === pos).length;
      const arrows = [];
      if (marked) {
        for (const to of [pos - 1, pos + 1]) {
          if (to < 1 || to > 6) continue;
          arrows.push(withTip(h("button.ss-cherry", {
            type: "button", class: to < pos ? "left" : "right", dataset: { key: `cherry:${pos}>${to}` },
            "aria-label": `Sour Cherries: move the discard die from ${pos} to ${to}`,
          }, icon(to < pos ? "left" : "right"), String(to)), `Sour Cherries: move the discard die from ${pos} to ${to}`));
        }
      }
      return h("div.ss-slot", { class: marked && "marked" },
        h("span.ss-pos", pos),
        c ? cardEl(c, { dataset: { key: `shelf:${pos}` }, prefix: `Shelf ${pos}: ` })
          : h("div.ss-gap", { role: "img", "aria-label": `Shelf ${pos}: empty` }, "gap"),
        marked ? h("div.ss-mark",
          infoPiece("span.ss-ddie", { dataset: { mark: `ddie:${pos}` } }, `A discard die marks shelf ${pos}: at the end of the turn the card there is discarded.`, dieFace(pos, "red")),
          h("div.ss-arrows", arrows)) : null);
    });
    const b = view.bonuses;
    const bonus = (name, x, tip) => h("li", { class: x.have ? "have" : "" },
      infoPiece("span.ss-bonusname", {}, `${tip} You have ${x.have}${x.used_this_turn ? `, ${x.used_this_turn} used this turn` : ""}.`, h("b", name), ` ${x.have}`),
      x.used_this_turn ? h("span.muted", ` (${x.used_this_turn} used)`) : null);
    const fig = Object.entries(view.figures).map(([r, f]) => h("li", `${f.name}: `,
      f.delivered ? `on its way (${f.queue} in the queue)` : `not yet (${f.set_aside} set aside)`));
    const root = h("div.sweetshop",
      h("div.ss-top",
        h("section.ss-dice", { "aria-label": "White dice" },
          h("h3", `Turn ${view.turn}${view.final_turn ? " (final turn)" : ""}`),
          h("div.ss-dicerow", dice.map((d, i) => {
            const text = `White die ${i + 1}: ${d.v}${d.used ? " (used this turn)" : ". Pair it with another die: the pair grabs a Shelf card or eats a Basket card."}`;
            return withTip(h("button.ss-die", {
              type: "button", class: d.used && "used", dataset: d.used ? {} : { key: `die:${d.v}` }, "aria-label": text,
            }, dieFace(d.v, "white")), text);
          }))),
        h("section.ss-status", { "aria-label": "Shop" },
          h("p", h("b", "Deck: "), view.deck, " cards"),
          h("p", h("b", "Score: "), view.score.total, " in the Tummy"),
          view.sugar_rush ? h("p.ss-rush", "Sugar Rush! Eat a card from your Basket at once.") : null,
          view.last_resort ? h("p.muted", "Last Resort used this turn.") : null)),
      h("section.ss-shelf", { role: "group", "aria-label": "The Shelf" },
        // A Grab that a Multipack could extend is confirmed here, by the cards ("Grab 3 only":
        // confirmHost); its room is kept while a Multipack is owned, so the cards do not move.
        h("div.ss-shelfhead", { class: b.multipack.have && "mp" }, h("h3", "Shelf")),
        h("div.ss-slots", shelf)),
      h("div.ss-bottom",
        h("section.ss-basket", { role: "group", "aria-label": "Your Basket" },
          // The Flavour Changer's step of an Eat, beside the card being eaten (shown only while
          // it can be clicked, like the Sour Cherries' arrows; its room is kept while a Flavour
          // Changer is owned, so the cards do not move when it shows).
          h("div.ss-baskethead", { class: b.flavour_changer.have && "fc" }, h("h3", `Basket (${view.basket.length})`),
            ["+1", "-1"].map((d) => {
              const text = `Flavour Changer ${d.replace("-", "−")}: count the pair's total as one ${d === "+1" ? "more" : "less"}.`;
              return withTip(h("button.ss-fc", { type: "button", dataset: { key: `fc:${d}` }, "aria-label": text },
                icon("spade"), h("span", `Flavour Changer ${d.replace("-", "−")}`)), text);
            })),
          h("div.ss-cards", view.basket.length ? view.basket.map((c) => cardEl(c, { dataset: { key: `basket:${c}` }, prefix: "Basket: " }))
            : h("span.muted", "empty"))),
        h("section.ss-tummy", { role: "group", "aria-label": "Your Tummy" }, h("h3", `Tummy (${view.tummy.length})`),
          h("div.ss-cards.small", view.tummy.length ? view.tummy.map((c) => cardEl(c, { prefix: "Tummy: ", tag: "span", role: "img", tabindex: "0", dataset: { mark: `tummy:${c}` } }))
            : h("span.muted", "empty")))),
      h("div.ss-info",
        h("section", h("h3", "Bonuses"), h("ul.ss-bonuses",
          bonus([icon("heart", "red"), " Multipack"], b.multipack, BONUS_TEXT.H), bonus([icon("spade"), " Flavour Changer"], b.flavour_changer, BONUS_TEXT.S),
          bonus([icon("club"), " Sour Cherries"], b.sour_cherries, BONUS_TEXT.C))),
        h("section", h("h3", "Chocolate figures"), h("ul.ss-figs", fig)),
        view.discarded.length ? h("section", h("h3", `Discarded (${view.discarded.length})`),
          h("p.ss-discarded", view.discarded.map(cardShort).join(", "))) : null),
    );
    // The last action: the card it moved (read from the log line's "XY into the Basket" etc.).
    const log = view.log || [];
    const moves = lastMoves(ctx);
    const fresh = freshSeats("sweetshop", moves);
    for (const [p, a] of moves) {
      const line = [...log].reverse().find((l) => String(l).startsWith(a)) || "";
      let m;
      let el = null;
      if ((m = /^(?:grab|last resort)\b.*?: (\w+) into the Basket/.exec(line))) el = root.querySelector(`[data-key="basket:${m[1]}"]`);
      else if ((m = /^(?:eat|sugar rush) (\w+)/.exec(a))) el = root.querySelector(`[data-mark="tummy:${m[1]}"]`);
      else if ((m = /^cherries \d>(\d)$/.exec(a))) el = root.querySelector(`[data-mark="ddie:${m[1]}"]`);
      if (el) markLast(el, p, ctx, fresh.has(p));
    }
    return root;
  },

  narrate(entry, view, ctx) {
    if (typeof entry !== "string") return null;
    ctx = addressed(ctx);
    const who = seatName(ctx, 0);
    const cards = (t) => t.replace(/\b(10|[2-9AJQK])([HDSC])\b/g, (c) => cardShort(c));
    let m;
    if ((m = /^grab (\d)(?:,(\d))? with (\d)\+(\d): (.*)$/.exec(entry))) {
      return `${who} ${verb(ctx, 0, "grabs")} shelf ${m[1]}${m[2] ? ` and ${m[2]}` : ""} with ${m[3]}+${m[4]}: ${cards(m[5])}`;
    }
    if ((m = /^eat (\S+) with (\d)\+(\d)(?: ([+-]1))?: (.*)$/.exec(entry))) {
      return `${who} ${verb(ctx, 0, "eats")} ${cardShort(m[1])} with ${m[2]}+${m[3]}${m[4] ? ` (Flavour Changer ${m[4]})` : ""}: ${cards(m[5])}`;
    }
    if ((m = /^last resort (\d): (.*)$/.exec(entry))) return `${who} ${verb(ctx, 0, "uses")} the Last Resort on shelf ${m[1]}: ${cards(m[2])}`;
    if ((m = /^sugar rush (\S+): (.*)$/.exec(entry))) return `Sugar Rush: ${who} ${verb(ctx, 0, "eats")} ${cardShort(m[1])}: ${cards(m[2])}`;
    // The engine's line repeats the card's name: "cherries 2>3: Sour Cherries move a discard die; marked ..."
    if ((m = /^cherries (\d)>(\d)(?:: Sour Cherries move a discard die)?(.*)$/.exec(entry))) return `${who} ${verb(ctx, 0, "moves")} a discard die from ${m[1]} to ${m[2]} (Sour Cherries)${cards(m[3])}`;
    if ((m = /^end turn: (.*)$/.exec(entry))) return `${who} ${verb(ctx, 0, "ends")} the turn: ${cards(m[1])}`;
    const t = cards(entry);
    return t.charAt(0).toUpperCase() + t.slice(1);
  },

  piece(kind, rawId) {
    const id = safeDecode(rawId);
    if (kind === "card") {
      if (!/^(10|[2-9AJQK])[HDSC]$/.test(id)) return null;
      const suit = id.slice(-1);
      return h("span.piece-inline.ss-minicard", {
        role: "img", "aria-label": cardText(id), class: [`suit-${suit}`, FIGURES[id.slice(0, -1)] && "figure"],
      }, h("b", { "aria-hidden": "true" }, id.slice(0, -1)), icon(SUITS[suit][0]));
    }
    let m;
    if (kind === "die" && (m = /^(white|discard)-([1-6])$/.exec(id))) {
      return h("span.piece-inline.ss-piece.ss-ddie", { role: "img", "aria-label": `${m[1] === "white" ? "a white die" : "a discard die"} showing ${m[2]}` },
        dieFace(Number(m[2]), m[1] === "white" ? "white" : "red"));
    }
    return null;
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

  /** "Grab 3 only" (a Multipack could take a second card) goes in the Shelf's heading. */
  confirmHost(action, board) {
    return /^grab /.test(action) ? board.querySelector(".ss-shelfhead") : null;
  },

  /** Bar keys that end a move begun on the board: shown once a piece is picked. */
  finishing(key) {
    return key.startsWith("fc:");
  },

  label(key) {
    if (key === "btn:lastresort") return "Last Resort (grab any card)";
    if (key === "fc:+1") return "Flavour Changer: +1";
    if (key === "fc:-1") return "Flavour Changer: −1";
    return key;
  },

  describe(action, view) {
    if (action === "end turn") return "End turn";
    if (action === "skip sugar rush") return "Skip the Sugar Rush";
    let m = /^grab (\d),(\d) with (\d)\+(\d)$/.exec(action);
    if (m) return `Grab shelf ${m[1]} and ${m[2]} with ${m[3]}+${m[4]} (Multipack)`;
    if ((m = /^grab (\d) with (\d)\+(\d)$/.exec(action))) {
      // "only" when a Multipack could add a second card with the same pair: a real choice.
      const mp = view ? multipackPartners(view, [`shelf:${m[1]}`, `die:${m[2]}`, `die:${m[3]}`]) : null;
      return mp && mp.more.length ? `Grab ${m[1]} only` : `Grab shelf ${m[1]} with ${m[2]}+${m[3]}`;
    }
    return action[0].toUpperCase() + action.slice(1);
  },

  prompt(view, picked) {
    if (view.sugar_rush) return "Sugar Rush: eat a card from your Basket, or skip";
    if (picked && picked.includes("btn:lastresort")) return "grab any card from the Shelf";
    const dice = (picked || []).filter((k) => k.startsWith("die:")).length;
    if (dice === 1) return "pick the second die of the pair";
    if (dice === 2) {
      const signs = flavourChanges(view, picked);
      if (signs.length) return `use your Flavour Changer (${signs.map((d) => d.replace("-", "−")).join(" or ")}, by your Basket) to eat that card`;
      const mp = multipackPartners(view, picked);
      if (mp && mp.more.length) return `grab shelf ${mp.pos} only (button by the Shelf), or shelf ${mp.more.join(" or ")} too (Multipack)`;
      return "now a Shelf card to Grab, or a Basket card to Eat";
    }
    if (!(view.white_dice.left || []).length) {
      // Sour Cherries only when one of its moves is legal now.
      const cherries = (view.legal_actions || []).some((a) => a.startsWith("cherries "));
      return cherries ? "end your turn (or use Sour Cherries)" : "end your turn";
    }
    return "pick two dice, then a Shelf card (Grab) or a Basket card (Eat)";
  },

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
