// The post-game review on the replay page: ask the server for a seat's review, show its
// progress, then a graph of the seat's expected result over the game (inline SVG), each
// decision marked by its class (colour, letter and words), and a list of the moves. Choosing a
// move jumps the replay to that decision and outlines the pieces of the better move.
// Server side: POST/GET /api/tables/<id>/reviews/<seat> (docs/server.md, "Reviews").
import { h, s, mount } from "./dom.js";
import { api } from "./api.js";

export const CLASSES = ["best", "good", "inaccuracy", "mistake", "blunder"];
const LETTER = { best: "★", good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };
const POLL_MS = 500;

const pct = (x) => `${Math.round(x * 100)}%`;
const lost = (x) => (x < 0.005 ? "under 1%" : pct(x));

const tenths = (x) => (Math.round(x * 10) / 10).toFixed(1);

/** A value in the review's unit, in words: "62% win chance", "24.5 points" or, in BitterSweet
 * (a round's points margin: the seat's score minus the best other's), "2.5 points ahead in the
 * round". */
export function valueText(x, unit) {
  if (unit === "round margin") {
    return x >= 0 ? `${tenths(x)} points ahead in the round` : `${tenths(-x)} points behind in the round`;
  }
  return unit === "points" ? `${tenths(x)} points` : `${pct(x)} win chance`;
}

/** The graph's words for what its line shows. */
const CURVE = { "points": "Expected score", "round margin": "Expected points margin in the round" };

export class ReviewPanel {
  /**
   * @param {HTMLElement} root where the panel goes
   * @param {object} o {tableId, names: () => [...], plies: () => number, jump(ply),
   *   describe(action): the action in words, on the board now shown}
   */
  constructor(root, o) {
    this.root = root;
    this.o = o;
    this.seat = null;
    this.review = null; // the review shown (JSON of sweettooth.review)
    this.selected = null; // the move (of review.moves) chosen
    this.run = 0; // bumps when the seat changes: a stale poll stops
    this.cache = new Map(); // seat -> review
  }

  /** Show the button for `seat` (null: a spectator, who has no moves to review). */
  setSeat(seat) {
    if (seat === this.seat) return;
    this.seat = seat;
    this.run += 1;
    this.selected = null;
    this.review = seat == null ? null : this.cache.get(seat) || null;
    if (this.review) this.draw();
    else this.idle();
  }

  idle() {
    if (this.seat == null) { mount(this.root); this.root.hidden = true; return; }
    this.root.hidden = false;
    const name = this.o.names()[this.seat];
    mount(this.root, h("div.reviewhead",
      h("button.reviewstart", { type: "button", onclick: () => this.start() }, `Review ${name}'s moves`),
      h("span.muted", "Each decision judged by search from what that player could see at the time.")));
  }

  /** Ask for the review of the current seat and follow its progress. */
  async start() {
    const seat = this.seat;
    if (seat == null) return;
    const run = ++this.run;
    const path = `/api/tables/${encodeURIComponent(this.o.tableId)}/reviews/${seat}`;
    const bar = h("progress", { max: 1, value: 0, "aria-label": "Review progress" });
    const words = h("span", "Starting the review…");
    this.root.hidden = false;
    mount(this.root, h("div.reviewprogress", { role: "status", "aria-live": "polite" }, bar, words));
    try {
      let r = await api(path, { method: "POST" });
      while (r.status === "running") {
        if (run !== this.run) return;
        if (r.total) { bar.max = r.total; bar.value = r.done; words.textContent = `Judging the moves: ${r.done} of ${r.total} done…`; }
        await new Promise((ok) => setTimeout(ok, POLL_MS));
        if (run !== this.run) return;
        r = await api(path);
      }
      if (run !== this.run) return;
      if (r.status !== "done") throw new Error(r.error || "the review failed");
      this.cache.set(seat, r.review);
      this.review = r.review;
      this.draw();
    } catch (err) {
      if (run !== this.run) return;
      mount(this.root, h("p.error", { role: "alert" }, `The review could not be made: ${err.message}. `,
        h("button", { type: "button", onclick: () => this.start() }, "Try again")));
    }
  }

  draw() {
    const rv = this.review;
    const name = this.o.names()[this.seat];
    this.root.hidden = false;
    if (!rv.moves.length) {
      mount(this.root, h("p", `${name} never had a choice of moves: nothing to review.`));
      return;
    }
    const counts = CLASSES.map((c) => h("li", { class: `rv-${c}` },
      h("span.rvmark", { "aria-hidden": "true" }, LETTER[c]), ` ${rv.counts[c]} ${c}`));
    this.detail = h("div.reviewdetail", { role: "status", "aria-live": "polite" },
      h("p.muted", "Choose a move on the graph or in the list to see it on the board."));
    mount(this.root,
      h("h2.reviewtitle", `${name}'s moves, judged from what ${name} could see`),
      h("ul.reviewcounts", { "aria-label": "Moves per class" }, counts),
      this.graph(rv),
      this.detail,
      h("details.reviewlist", h("summary", `All ${rv.moves.length} decisions`),
        h("ol", rv.moves.map((m) => h("li", h("button.rvmove", {
          type: "button", class: `rv-${m.class}`, dataset: { ply: m.ply },
          onclick: () => this.choose(m),
        }, h("span.rvmark", { "aria-hidden": "true" }, LETTER[m.class]),
        ` Move ${m.ply + 1}: ${m.played}, ${m.class}`))))),
    );
  }

  /** The seat's expected result at each decision (the best move's value), marked by class. */
  graph(rv) {
    const W = 600, H = 180, P = 28;
    const plies = Math.max(1, this.o.plies());
    const values = rv.moves.flatMap((m) => [m.best_value, m.played_value]);
    const points = rv.unit !== "win share";
    const lo = points ? Math.min(0, ...values) : 0;
    const hi = points ? Math.max(1, ...values) : 1;
    const x = (ply) => P + (W - 2 * P) * (ply / plies);
    const y = (v) => H - P - (H - 2 * P) * ((v - lo) / (hi - lo || 1));
    const line = rv.moves.map((m) => `${x(m.ply).toFixed(1)},${y(m.best_value).toFixed(1)}`).join(" ");
    const axis = points ? [lo, (lo + hi) / 2, hi] : [0, 0.5, 1];
    return h("figure.reviewgraph",
      s("svg", { viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": `${CURVE[rv.unit] || "Expected share of the win"} at each decision; each mark is one move` },
        axis.map((v) => [
          s("line.rvgrid", { x1: P, x2: W - P, y1: y(v), y2: y(v) }),
          s("text.rvaxis", { x: 2, y: y(v) + 4 }, points ? String(Math.round(v)) : pct(v)),
        ]),
        s("polyline.rvline", { points: line, fill: "none" }),
        rv.moves.map((m) => {
          const label = `Move ${m.ply + 1}: ${m.class}. Played ${m.played} (${valueText(m.played_value, rv.unit)})`
            + (m.best !== m.played ? `; better ${m.best} (${valueText(m.best_value, rv.unit)})` : "");
          const pick = () => this.choose(m);
          return s("g.rvpoint", {
            class: `rv-${m.class}`, tabindex: 0, role: "button", "aria-label": label, dataset: { ply: m.ply },
            onclick: pick, onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } },
          },
          s("title", label),
          s("circle", { cx: x(m.ply), cy: y(m.played_value), r: m.class === "best" || m.class === "good" ? 5 : 8 }),
          m.class === "best" || m.class === "good" ? null
            : s("text.rvletter", { x: x(m.ply), y: y(m.played_value) + 4, "text-anchor": "middle" }, LETTER[m.class]));
        })),
      h("figcaption.muted", points ? "Line: the expected score with the best move at each decision; dots: the move played."
        : "Line: the expected share of the win with the best move at each decision; dots: the move played."));
  }

  /** Jump to a decision: the board before the move, the better move outlined. */
  async choose(m) {
    this.selected = m;
    for (const el of this.root.querySelectorAll("[aria-current]")) el.removeAttribute("aria-current");
    for (const el of this.root.querySelectorAll(`[data-ply="${m.ply}"]`)) el.setAttribute("aria-current", "true");
    await this.o.jump(m.ply);
    const rv = this.review;
    const better = m.best !== m.played;
    mount(this.detail,
      h("p", h("b", `Move ${m.ply + 1}: `), h("span.rvclass", { class: `rv-${m.class}` }, LETTER[m.class], ` ${m.class}`),
        better ? ` (lost ${rv.unit === "win share" ? `${lost(m.loss)} of the win` : `${m.loss.toFixed(1)} points`})` : ""),
      h("p", h("b", "Played: "), this.o.describe(m.played), ` (${valueText(m.played_value, rv.unit)})`),
      better ? h("p.rvbetter", h("b", "Better: "), this.o.describe(m.best), ` (${valueText(m.best_value, rv.unit)}), outlined on the board`) : null,
      h("p.muted", better ? m.reason : m.played_reason));
  }

  /** The notation of the better move to outline at `ply`, if a move is chosen there. */
  bestAt(ply) {
    const m = this.selected;
    return m && m.ply === ply && m.best !== m.played ? m.best : null;
  }
}
