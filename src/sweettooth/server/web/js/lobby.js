// The lobby: choose a game, players, seats (you, friends by invite link, bots by difficulty,
// or everyone on this device), options; see open tables; join or watch.
import { h, mount } from "./dom.js";
import {
  listGames, listLevels, openTables, createTable, joinSeat, saveToken, playerName,
  setPlayerName, links, seatNames,
} from "./api.js";
import { rulesButton } from "./rules.js";
import { fingerprintEl } from "./fingerprint.js";
import { SPEED_LABELS, defaultSpeed, setDefaultSpeed, setTableSpeed } from "./speed.js";
import { ensurePlayer, knownPlayer, whoAmI, profileUrl, tableRatings } from "./identity.js";
import { setupQuickMatch } from "./quickmatch.js";
import { controlText, flagText } from "./clock.js";

const $ = (id) => document.getElementById(id);
let games = [];
let levels = ["easy", "medium", "hard"];

const BLURB = {
  bittersweet: "Collect Chocs you love, dodge the ones you hate",
  bonbons: "Memory: pair round tiles with squares, steal!",
  lechocolat: "Break the bar, claim the best pieces",
  sweetnose: "Rate sweets in secret, trade away the sweet ones",
  sweetshop: "Solo: grab and eat with dice",
};

// Options in players' words (the engine's help texts are written for developers).
const OPTION_TEXT = {
  "bittersweet.cards": ["Cards", "Original: the cards as printed (the real game). Revised: a variant of ours, not printed: our rebalanced abilities and YUM!/YUCK! tables.",
    { original: "Original cards (as printed)", revised: "Revised cards (our variant)" }],
  "bittersweet.turn_limit": ["Old turn cut (replays only)", "0, the default: no cut; a round ends by the printed rules (or, by a house rule of ours, when the same position comes up a third time). A number: the cut of old saved games, a round of the original cards ends after that many turns each."],
  "bonbons.variant": ["Variant", "", { standard: "Standard (6 by 6 squares)", quick: "Quick (5 by 5, two kinds of candy out)" }],
  "bonbons.removed": ["Candy taken out (quick game)", "For example toffee+nougat. Left empty: chosen at random."],
  "bonbons.turn_limit": ["Turn limit", "House rule (not printed): the game stops after this many turns in all; the fewest face-down round tiles win."],
  "bonbons.memory_aid": ["Memory aid", "Our help, off in the printed game: the screen keeps showing the faces of tiles seen before. Off, everyone remembers them (bots remember anyway). Fixed for the whole game."],
  "lechocolat.card": ["Scoring card", "Leave “random” to draw one; both players see it."],
  "sweetnose.max_turns": ["Exchange turns", "House rule (not printed): the exchange ends after every player took this many turns."],
  "sweetnose.variation": ["Variation", "", { basic: "Basic", sky: "To the Sky", shopkeeper: "Shopkeeper", "sky+shopkeeper": "To the Sky and Shopkeeper" }],
  "sweetnose.max_bid": ["Highest bid (Shopkeeper)", "House rule (not printed): the highest space a Shopkeeper bid may reach."],
};

/** An engine help text without rule ids ("(BB-8)") or developer words. */
function plainHelp(text) {
  return String(text || "").replace(/\s*\(?\b[A-Z]{2}-\d+\)?/g, "").replace(/drawn from the seed/g, "chosen at random")
    .replace(/\bseed\b/g, "shuffle").replace(/\bhouse rule: /, "");
}

function game() {
  const id = (document.querySelector("input[name=game]:checked") || {}).value;
  return games.find((g) => g.id === id);
}

function drawGames() {
  mount($("games"), games.map((g, i) => h("div.gamecard", { dataset: { game: g.id } },
    h("label",
      h("input", { type: "radio", name: "game", value: g.id, checked: i === 0, onchange: drawForm }),
      h("span.gname", g.title),
      h("span.gmeta", g.min_players === g.max_players ? `${g.min_players} player${g.min_players > 1 ? "s" : ""}` : `${g.min_players}–${g.max_players} players`),
      h("span.gmeta", BLURB[g.id] || "")),
    h("div.cardlinks", rulesButton(g.id, `How to play ${g.title}`, "cardrules"),
      h("a.cardlearn", { href: `learn.html?g=${encodeURIComponent(g.id)}` }, "Learn to play")))));
}

function seatChoices(seat, mode) {
  const opts = [];
  if (mode === "hotseat") opts.push(["here", "Player on this device"]);
  else {
    if (seat === 0) opts.push(["me", "You"]);
    opts.push(["friend", "A friend (invite link)"]);
  }
  for (const l of levels) opts.push([`bot:${l}`, `Bot (${l})`]);
  return opts;
}

function drawForm() {
  const g = game();
  if (!g) return;
  const sel = $("players");
  const keep = Number(sel.value) || Math.min(Math.max(g.min_players, 2), g.max_players);
  mount(sel, Array.from({ length: g.max_players - g.min_players + 1 }, (_, k) => {
    const n = g.min_players + k;
    return h("option", { value: n, selected: n === Math.min(Math.max(keep, g.min_players), g.max_players) }, n);
  }));
  drawSeats();
  const opts = g.options.filter((o) => !o.name.endsWith("_file"));
  mount($("options"), opts.map((o) => {
    const [label, help, values] = OPTION_TEXT[`${g.id}.${o.name}`] || [o.name.replace(/_/g, " "), plainHelp(o.help)];
    const one = /^one of (.*)$/.exec(o.accepts || "");
    let input;
    if (one) {
      const vals = [...one[1].matchAll(/'([^']*)'/g)].map((m) => m[1]);
      input = h("select", { name: o.name }, vals.map((v) => h("option", { value: v, selected: v === o.default }, (values && values[v]) || v)));
    } else if (typeof o.default === "number") {
      input = h("input", { type: "number", name: o.name, value: o.default, style: { width: "6em" } });
    } else if (typeof o.default === "boolean") {
      input = h("input", { type: "checkbox", name: o.name, checked: o.default });
    } else {
      input = h("input", { type: "text", name: o.name, value: o.default, placeholder: String(o.default || "") });
    }
    return h("label.option", h("span.optname", label), input, help ? h("span.opthelp", help) : null);
  }));
  $("optbox").hidden = !opts.length;
}

let lastMode = null;

function drawSeats() {
  const n = Number($("players").value);
  const mode = $("mode").value;
  // A new mode starts from its defaults (hotseat: everyone here; online: you and bots).
  const old = mode === lastMode ? [...document.querySelectorAll("#seats select")].map((s) => s.value) : [];
  const oldNames = [...document.querySelectorAll("#seats input.seatname")].map((s) => s.value);
  lastMode = mode;
  mount($("seats"), Array.from({ length: n }, (_, i) => {
    const choices = seatChoices(i, mode);
    const dflt = mode === "hotseat" ? "here" : i === 0 ? "me" : "bot:medium";
    const want = choices.some(([v]) => v === old[i]) ? old[i] : dflt;
    // Hotseat: each player on this device is named here ("Player 2"... when left empty; the
    // first one starts as "Your name").
    const name = mode === "hotseat" ? h("input.seatname", {
      type: "text", maxlength: 40, placeholder: `Player ${i + 1}`, dataset: { seat: i },
      "aria-label": `Name of the player in seat ${i + 1}`, autocomplete: "off",
      value: oldNames[i] ?? (i === 0 ? $("name").value.trim() : ""),
    }) : null;
    const nameLabel = name ? h("label.seatnamelabel", { hidden: want !== "here" }, "Name ", name) : null;
    return h("li", h("label", `Seat ${i + 1} `, h("select", {
      "aria-label": `Seat ${i + 1}`, dataset: { seat: i },
      onchange: (e) => { if (nameLabel) nameLabel.hidden = e.target.value !== "here"; },
    }, choices.map(([v, t]) => h("option", { value: v, selected: v === want }, t)))), nameLabel);
  }));
}

/** The name typed for a hotseat seat, or "Player N". */
function hotseatName(i) {
  const el = document.querySelector(`#seats input.seatname[data-seat="${i}"]`);
  return (el && el.value.trim()) || `Player ${i + 1}`;
}

function gatherOptions(g) {
  const out = {};
  for (const o of g.options) {
    const el = document.querySelector(`#options [name="${o.name}"]`);
    if (!el) continue;
    let v = el.type === "checkbox" ? el.checked : el.value;
    if (typeof o.default === "number") v = Number(v);
    if (v !== o.default) out[o.name] = v;
  }
  return out;
}

/** Show the time-control fields of the chosen mode and rule. */
function drawClock() {
  const mode = $("clock-mode").value;
  const flag = $("clock-flag").value;
  for (const el of document.querySelectorAll("#clockrow [data-clock]")) {
    const want = el.dataset.clock;
    el.hidden = !mode || (want !== "any" && want !== mode && !(want === "bot" && flag === "bot"));
  }
  $("clock-help").hidden = !mode;
}

/** The time control the form asks for (the API's `clock`), or null for none. */
function clockSpec() {
  const mode = $("clock-mode").value;
  if (!mode) return null;
  const out = { mode, flag_fall: $("clock-flag").value };
  if (out.flag_fall === "bot") out.bot_level = $("clock-level").value;
  if (mode === "live") {
    out.minutes = Number($("clock-minutes").value);
    out.increment = Number($("clock-increment").value || 0);
  } else out.days = Number($("clock-days").value);
  return out;
}

async function create(seatKinds, g, options, clock = null) {
  const name = $("name").value.trim() || "Player";
  setPlayerName($("name").value.trim());
  const seats = seatKinds.map((k) => (k.startsWith("bot:") ? { kind: "bot", level: k.slice(4) } : { kind: "human" }));
  const speed = $("speed").value;
  const rated = $("rated").checked;
  await ensurePlayer(name); // your seat is yours as a player: your games on your profile
  showMe();
  const body = { game: g.id, players: seatKinds.length, options, seats, bot_speed: speed, rated };
  if (clock) body.clock = clock;
  const table = await createTable(body);
  setDefaultSpeed(speed);
  setTableSpeed(table.id, speed);
  for (let i = 0; i < seatKinds.length; i++) {
    const k = seatKinds[i];
    if (k === "me" || k === "here") {
      const j = await joinSeat(table.id, i, k === "me" ? name : hotseatName(i), k === "me" || i === 0);
      saveToken(table.id, j.seat, j.token);
    }
  }
  location.href = links.table(table.id);
}

async function onCreate(e) {
  e.preventDefault();
  const g = game();
  const kinds = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  $("create-error").textContent = "";
  if ($("rated").checked && kinds.filter((k) => k === "me" || k === "here").length > 1) {
    $("create-error").textContent = "A rated table has one seat per player: play the other seats by invite link, or untick Rated.";
    return;
  }
  $("create-btn").disabled = true;
  try {
    await create(kinds, g, gatherOptions(g), clockSpec());
  } catch (err) {
    $("create-error").textContent = `Could not create the table: ${err.message}`;
  } finally {
    $("create-btn").disabled = false;
  }
}

async function onQuick() {
  const g = game();
  const n = g.min_players === 1 ? 1 : Math.max(g.min_players, 2);
  const kinds = Array.from({ length: n }, (_, i) => (i === 0 ? "me" : "bot:medium"));
  $("rated").checked = false; // the quick game is unrated
  try { await create(kinds, g, {}); } catch (err) { $("create-error").textContent = err.message; }
}

async function drawTables() {
  let tables = [];
  try { tables = await openTables(); } catch (err) {
    mount($("tables"), h("li.muted", `Could not load tables: ${err.message}`));
    return;
  }
  if (!tables.length) { mount($("tables"), h("li.muted", "No open tables. Create one!")); return; }
  const title = (id) => (games.find((g) => g.id === id) || { title: id }).title;
  let ratings = {};
  try { ratings = await tableRatings(tables.map((t) => t.id)); } catch { ratings = {}; }
  mount($("tables"), tables.map((t) => {
    const names = seatNames(t.seats);
    const free = t.seats.filter((s) => s.kind === "human" && !s.taken);
    const known = ratings[t.id] || { rated: false, seats: [] };
    const who = t.seats.map((s, i) => {
      if (!(s.taken || s.kind === "bot")) return "free";
      const r = known.seats.find((x) => x.seat === i);
      return r ? [h("a.seatplayer", { href: profileUrl(r.player) }, names[i]),
        h("span.rating", { title: `Rating ${r.rating.toFixed(1)} (conservative estimate) after ${r.games} rated games` }, r.rating.toFixed(1))] : names[i];
    });
    return h("li", { dataset: { table: t.id } },
      h("span.tname", `${title(t.game)} · ${t.players} players`,
        known.rated ? [" ", h("span.ratedtag", "Rated")] : null,
        h("span.muted", " · ", who.map((w, i) => (i ? [", ", w] : w))),
        t.options && "memory_aid" in t.options ? h("span.muted.aidnote", ` · memory aid ${t.options.memory_aid ? "on" : "off"}`) : null,
        t.clock ? h("span.muted.clocknote", ` · clock ${controlText(t.clock)} (${flagText(t.clock)})`) : null),
      fingerprintEl(t.seed_sha256),
      free.map((s) => h("a", { href: links.invite(t.id, s.seat), class: "join" }, `Join seat ${s.seat + 1}`)),
      h("a", { href: links.watch(t.id) }, "Watch"));
  }));
}

/** The top bar's link to this device's player's profile. */
function showMe() {
  const me = knownPlayer();
  const el = $("me-link");
  el.hidden = !me;
  if (me) { el.href = profileUrl(me.id); el.textContent = `${me.name} · profile`; }
}

async function main() {
  $("name").value = playerName() || (knownPlayer() || {}).name || "";
  showMe();
  whoAmI().then(showMe, () => {});
  mount($("speed"), Object.entries(SPEED_LABELS).map(([v, text]) => h("option", { value: v, selected: v === defaultSpeed() }, text)));
  try {
    [games, levels] = await Promise.all([listGames(), listLevels()]);
  } catch (err) {
    mount($("games"), h("p.error", `Cannot reach the server: ${err.message}`));
    return;
  }
  const want = new URLSearchParams(location.search).get("game");
  games.sort((a, b) => a.title.localeCompare(b.title));
  drawGames();
  if (want) { const r = document.querySelector(`input[name=game][value="${want}"]`); if (r) r.checked = true; }
  drawForm();
  mount($("clock-level"), levels.map((l) => h("option", { value: l, selected: l === "medium" }, l)));
  $("clock-mode").addEventListener("change", drawClock);
  $("clock-flag").addEventListener("change", drawClock);
  drawClock();
  $("players").addEventListener("change", drawSeats);
  $("mode").addEventListener("change", drawSeats);
  let typed = $("name").value.trim();
  $("name").addEventListener("input", () => {
    const first = document.querySelector('#seats input.seatname[data-seat="0"]');
    if (first && first.value.trim() === typed) first.value = $("name").value.trim();
    typed = $("name").value.trim();
  });
  $("create").addEventListener("submit", onCreate);
  $("quick-btn").addEventListener("click", onQuick);
  $("refresh").addEventListener("click", drawTables);
  $("goto").addEventListener("submit", (e) => { e.preventDefault(); location.href = links.watch($("goto-id").value.trim()); });
  $("goto-replay").addEventListener("click", () => { location.href = links.replay($("goto-id").value.trim()); });
  setupQuickMatch(games, () => $("name").value.trim(), showMe);
  drawTables();
  document.body.dataset.ready = "1";
}

main();
