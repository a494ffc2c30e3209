// The guided first game: learn.html?g=<game>. The lesson lives on the server (POST
// /api/learn/<game>, see sweettooth.learn): this page sends the learner's moves and draws the
// answer: the table (the learner's view, with the pieces the step points at outlined), the step's
// words, what the bots did and why, a friendly line for a move the step does not ask for, and at
// the end the count of the score and a link to a real game.
import { api } from "./api.js";
import { h, mount } from "./dom.js";
import { Table } from "./table.js";
import { renderer } from "./games/index.js";

const $ = (id) => document.getElementById(id);
const game = new URLSearchParams(location.search).get("g") || "";
const S = { moves: [], finish: false, moment: null, table: null, r: null };

/** A table that outlines the pieces of the move the lesson points at (on the board, one piece
 * per key, as the hint does; in the action bar, the buttons of its keys). */
class LessonTable extends Table {
  decorate() {
    super.decorate();
    for (const el of this.root.querySelectorAll(".lesson-point")) el.classList.remove("lesson-point");
    const point = S.moment && S.moment.point;
    if (!point || !this.view || this.view.result != null) return;
    let keys = null;
    try { keys = this.r.keys(point, this.view); } catch { keys = null; }
    const used = new Set();
    for (const k of keys || []) {
      const el = [...this.els.board.querySelectorAll(`[data-key="${CSS.escape(k)}"]`)].find((x) => !used.has(x));
      if (el) { used.add(el); el.classList.add("lesson-point"); }
    }
    const want = new Set(keys || []);
    for (const b of this.els.bar.querySelectorAll("button")) {
      if (b.dataset.action === point || b.dataset.key === "act:" + point
        || (b.dataset.key && want.has(b.dataset.key))) b.classList.add("lesson-point");
    }
  }
}

async function ask(move) {
  const body = { moves: S.moves, finish: S.finish };
  if (move != null) body.move = move;
  return api(`/api/learn/${encodeURIComponent(game)}`, { method: "POST", body });
}

function draw(m) {
  S.moment = m;
  S.moves = m.moves;
  $("lesson-count").textContent = m.over ? "The end of the lesson"
    : m.scripted ? `Step ${m.number} of ${m.total}` : "Your choice";
  $("lesson-intro").hidden = m.number !== 1 || m.over;
  $("lesson-intro").textContent = m.intro;
  mount($("lesson-bots"), m.bots.map((b) => h("li", b.words)));
  $("lesson-say").textContent = m.say;
  $("lesson-refused").textContent = m.refused || "";
  $("lesson-score").hidden = !m.over;
  $("lesson-score").textContent = m.score.join("\n");
  const real = h("a.primary.button", { href: `./?game=${encodeURIComponent(game)}` }, "Start a real game");
  mount($("lesson-actions"),
    m.can_finish ? h("button", { type: "button", onclick: finish }, "Finish the game for me") : null,
    m.over ? real : null,
    m.over ? h("a", { href: location.pathname + location.search }, "Play the lesson again") : null);
  if (!S.table) {
    S.table = new LessonTable($("table"), {
      renderer: S.r, game, seat: 0, names: m.names, mode: "play", speed: "instant",
      onAction: (a) => play(a), endActions: [real.cloneNode(true)],
    });
  }
  S.table.update(m.view);
  document.body.dataset.step = m.over ? "end" : String(m.number);
}

// body[data-busy] is "1" while the server is asked (tests wait for "0").
async function play(action) {
  document.body.dataset.busy = "1";
  try {
    draw(await ask(action));
  } catch (err) {
    S.table.update(S.moment.view);
    $("lesson-refused").textContent = `The lesson could not go on: ${err.message}`;
  } finally {
    document.body.dataset.busy = "0";
  }
}

async function finish() {
  S.finish = true;
  document.body.dataset.busy = "1";
  try { draw(await ask(null)); } catch (err) { $("lesson-refused").textContent = err.message; }
  document.body.dataset.busy = "0";
}

async function main() {
  try {
    S.r = await renderer(game);
  } catch {
    $("lesson-say").textContent = `There is no game called “${game}”.`;
    return;
  }
  document.title = `Learn to play ${S.r.title} · sweettooth`;
  $("title").textContent = `Learn to play ${S.r.title}`;
  $("lesson-h").textContent = `Learn to play ${S.r.title}`;
  try {
    draw(await ask(null));
  } catch (err) {
    $("lesson-say").textContent = `No lesson here: ${err.message}`;
  }
}

main();
