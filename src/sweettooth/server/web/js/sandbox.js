// The renderer sandbox: draw view JSON with a game's renderer; a chosen action is only shown, and
// a view's `hint` field ({action, reason}) is what its Hint button shows.
import { Table } from "./table.js";
import { renderer } from "./games/index.js";
import { h, mount } from "./dom.js";

const $ = (id) => document.getElementById(id);
let views = [];
let table = null;
let tableGame = null;

async function draw(i) {
  const view = views[i];
  if (!view) return;
  if (!table || tableGame !== view.game) {
    tableGame = view.game;
    table = new Table($("table"), {
      renderer: await renderer(view.game),
      game: view.game,
      seat: view.seat ?? null,
      mode: "sandbox",
      onAction: (a) => { $("chosen").textContent = a; },
    });
  }
  table.opts.seat = view.seat ?? null;
  // A view may carry the hint to show ({action, reason}): the Hint button answers with it.
  table.opts.onHint = view.hint ? () => Promise.resolve(view.hint) : null;
  $("seat").value = view.seat ?? "";
  table.update(view);
  document.body.dataset.ready = String(i);
}

function load(data) {
  views = Array.isArray(data.views) ? data.views : [data];
  mount($("pick"), views.map((v, i) => h("option", { value: i },
    `${i}: ${v.game} ply ${v.ply} seat ${v.seat ?? "spectator"}${v.label ? " · " + v.label : ""}`)));
  const want = Number(new URLSearchParams(location.search).get("i") || 0);
  $("pick").value = String(want);
  draw(want);
}

$("pick").addEventListener("change", (e) => draw(Number(e.target.value)));
$("load").addEventListener("click", () => load(JSON.parse($("paste").value)));
const src = new URLSearchParams(location.search).get("src");
if (src) fetch(src).then((r) => r.json()).then(load);
