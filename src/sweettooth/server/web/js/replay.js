// The replay viewer: step through a finished game as any seat saw it, or as a spectator.
// replay.html?t=<table>[&seat=<n>][&ply=<k>][&review=1]; views come from GET
// /api/tables/<id>/replay. review=1 (the end screen's "Review my moves") starts the seat's review.
import { h, mount } from "./dom.js";
import { Table } from "./table.js";
import { renderer } from "./games/index.js";
import { api, tableInfo, seatNames } from "./api.js";
import { icon } from "./icons.js";
import { ChatPanel } from "./chat.js";
import { ReviewPanel } from "./review.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const tableId = params.get("t");
const cache = new Map();
let plies = 0;
let table = null;
let timer = null;
let review = null;

function seatParam() {
  const v = $("seat").value;
  return v === "" ? null : Number(v);
}

async function fetchView(seat, ply) {
  const key = `${seat}:${ply}`;
  if (!cache.has(key)) {
    const q = `ply=${ply}${seat == null ? "" : `&seat=${seat}`}`;
    cache.set(key, api(`/api/tables/${encodeURIComponent(tableId)}/replay?${q}`).catch((e) => { cache.delete(key); throw e; }));
  }
  return cache.get(key);
}

async function go(ply) {
  ply = Math.max(0, Math.min(plies, ply));
  const seat = seatParam();
  try {
    const r = await fetchView(seat, ply);
    plies = r.plies;
    $("ply").max = String(plies);
    $("ply").value = String(ply);
    $("where").textContent = `Move ${ply} of ${plies}`;
    table.opts.seat = seat;
    table.update(r.view);
    markBetter(ply);
    document.body.dataset.ply = String(ply);
    $("err").textContent = "";
    history.replaceState(null, "", `?t=${encodeURIComponent(tableId)}${seat == null ? "" : `&seat=${seat}`}&ply=${ply}`);
    if (ply < plies) fetchView(seat, ply + 1).catch(() => {});
  } catch (err) {
    $("err").textContent = err.status === 409 ? "This game is not over yet: replays open when it ends."
      : `Cannot load the replay: ${err.message}`;
  }
}

const cur = () => Number($("ply").value);

/** Outline the pieces of the better move the review found at this decision, if one is chosen. */
function markBetter(ply) {
  const best = review && review.bestAt(ply);
  if (!best) return;
  let keys = null;
  try { keys = table.r.keys(best, table.view); } catch { keys = null; }
  const used = new Set();
  for (const k of keys || []) {
    const el = [...table.els.board.querySelectorAll(`[data-key="${CSS.escape(k)}"]`)].find((x) => !used.has(x));
    if (el) { used.add(el); el.classList.add("reviewbest"); }
  }
  for (const b of table.els.bar.querySelectorAll("button")) {
    if (b.dataset.action === best || b.dataset.key === `act:${best}`) b.classList.add("reviewbest");
  }
}

function auto() {
  if (timer) { clearInterval(timer); timer = null; mount($("auto"), icon("play"), h("span", "Play")); return; }
  mount($("auto"), icon("pause"), h("span", "Pause"));
  timer = setInterval(() => { if (cur() >= plies) auto(); else go(cur() + 1); }, 700);
}

async function main() {
  if (!tableId) { $("err").textContent = "No table given."; return; }
  let info;
  try { info = await tableInfo(tableId); } catch (err) { $("err").textContent = `No such table: ${err.message}`; return; }
  const r = await renderer(info.game);
  const names = seatNames(info.seats);
  $("title").textContent = `Replay · ${r.title}`;
  for (const [id, name] of [["first", "first"], ["prev", "prev"], ["next", "next"], ["last", "last"]]) mount($(id), icon(name));
  mount($("auto"), icon("play"), h("span", "Play"));
  document.title = `Replay · ${r.title} · sweettooth`;
  mount($("seat"), h("option", { value: "" }, "Spectator"),
    names.map((n, i) => h("option", { value: i }, n)));
  const s = params.get("seat");
  $("seat").value = s == null ? "" : s;
  table = new Table($("table"), { renderer: r, game: info.game, seat: seatParam(), names, mode: "replay",
    seedInfo: () => (info.seed_sha256 ? { seed: info.seed, seed_sha256: info.seed_sha256 } : null) });
  review = new ReviewPanel($("review"), {
    tableId, names: () => names, plies: () => plies,
    jump: (ply) => go(ply), describe: (action) => table.describe(action),
  });
  review.setSeat(seatParam());
  $("seat").addEventListener("change", () => { review.setSeat(seatParam()); go(cur()); });
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(cur() - 1));
  $("next").addEventListener("click", () => go(cur() + 1));
  $("last").addEventListener("click", () => go(plies));
  $("ply").addEventListener("input", () => go(cur()));
  $("auto").addEventListener("click", auto);
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === "ArrowLeft") go(cur() - 1);
    if (e.key === "ArrowRight") go(cur() + 1);
  });
  await go(Number(params.get("ply") || 0));
  if (params.get("review") === "1" && seatParam() != null) review.start();
  showChat(names);
}

/** The game's chat (both channels, read only) under the board. */
async function showChat(names) {
  const chat = new ChatPanel($("social"), {
    tableId, names: () => names, readOnly: true, isPlayer: () => false, send: () => false, others: () => [],
  });
  for (const channel of ["players", "spectators"]) {
    try { chat.add(await api(`/api/tables/${encodeURIComponent(tableId)}/chat?channel=${channel}`)); } catch { /* no chat */ }
  }
}

main();
