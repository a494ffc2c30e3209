// The table page: play a seat, several seats on one device (hotseat, with a privacy screen
// between them), or watch. table.html?t=<id>[&seat=<n> to join][&watch=1]
import { h, mount } from "./dom.js";
import { Table } from "./table.js";
import { renderer } from "./games/index.js";
import { TableSocket } from "./net.js";
import {
  tableInfo, joinSeat, tokensFor, saveToken, playerName, setPlayerName, links, seatNames,
} from "./api.js";
import { ensurePlayer } from "./identity.js";
import { fingerprintEl } from "./fingerprint.js";
import { Pacer, SPEEDS, tableSpeed, setTableSpeed } from "./speed.js";
import { TurnSignals } from "./signals.js";
import { ChatPanel } from "./chat.js";
import { Rematch } from "./rematch.js";
import { Clocks } from "./clock.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const tableId = params.get("t");

const S = {
  info: null, // the lobby's TableInfo
  seats: [], // latest seats (names, bots, connected)
  started: true, // false until every human seat has connected once
  latest: new Map(), // seat (or "watch") -> {ply, view}
  sockets: new Map(), // seat (or "watch") -> TableSocket
  held: [], // seats this device plays
  active: null, // the seat whose view is shown
  table: null,
  r: null,
  speed: "normal",
  pacer: null,
  recvPly: -1, // the newest ply received on any socket, and who was to move there
  recvToMove: null,
  hintId: 0,
  hints: new Map(), // id -> {resolve, reject, timer}
  seed: null, // {seed, seed_sha256} once the server publishes them
  signals: null, // TurnSignals for a player (not for a spectator)
  chat: null, // ChatPanel
  rematch: null, // Rematch (the end screen's Play again, the series' score)
  seriesAtEnd: false, // the series' score was read again once this game ended
  clocks: new Clocks(), // a timed table's clocks (js/clock.js)
  clockPly: -1, // the ply of the frame the clocks came from
};

/** A person alone with bots is "You"; hotseat players, friends and spectators see names. */
function names() {
  const alone = S.held.length === 1
    && S.seats.every((s) => s.seat === S.held[0] || s.kind === "bot");
  return seatNames(S.seats, alone ? S.held[0] : null);
}

function seatInfo(seat) {
  const s = S.seats[seat];
  if (!s || s.kind === "bot") return "";
  if (!s.taken) return "free seat";
  if (!s.connected) return "offline";
  return "";
}

function setConn(text) { $("conn").textContent = text; }

/** A seat of this device whose time ran out and passed to a bot: say so once. */
function outOfTime(clock, seats) {
  const mine = (clock.flagged || []).filter((s) => S.held.includes(s) && seats && seats[s] && seats[s].kind === "bot");
  if (mine.length && clock.flag_fall === "bot") {
    setConn(`Your time ran out: ${seatNames(seats)[mine[0]]} plays your seat now (this table's house rule).`);
  }
}

async function main() {
  if (!tableId) { setConn("No table given."); return; }
  $("copy-watch").addEventListener("click", () => copy(links.watch(tableId), $("copy-watch")));
  // A seat link from the server: /t/<id>#token=... (redirected here by 404.html).
  const frag = new URLSearchParams(location.hash.slice(1));
  const fragToken = frag.get("token");
  if (fragToken) history.replaceState(null, "", location.pathname + location.search);
  try {
    S.info = await tableInfo(tableId);
  } catch (err) {
    setConn(`Cannot open table ${tableId}: ${err.message}`);
    return;
  }
  S.seats = S.info.seats;
  S.r = await renderer(S.info.game);
  document.title = `${S.r.title} · sweettooth`;
  $("title").textContent = S.r.title;
  S.speed = tableSpeed(tableId, S.info.bot_speed);
  if (S.info.clock) S.clocks.update(S.info.clock);
  if (S.info.seed_sha256) S.seed = { seed: S.info.seed, seed_sha256: S.info.seed_sha256 };
  const wantSeat = params.get("seat");
  const tokens = tokensFor(tableId);
  if (wantSeat != null && !(wantSeat in tokens) && !params.get("watch")) {
    const s = S.seats[Number(wantSeat)];
    if (s && s.kind === "human" && !s.taken) { showJoin(Number(wantSeat)); return; }
  }
  if (fragToken) { start({ frag: fragToken }); return; }
  start(params.get("watch") ? {} : tokens);
}

function showJoin(seat) {
  $("join").hidden = false;
  $("join-h").textContent = `Join seat ${seat + 1} of this ${S.r.title} table`;
  $("join-name").value = playerName();
  $("join-watch").href = links.watch(tableId);
  $("join-name").focus();
  $("join-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const name = $("join-name").value.trim();
    if (!name) return;
    setPlayerName(name);
    try {
      await ensurePlayer(name); // joins as this device's player (rated tables take only players)
      const j = await joinSeat(tableId, seat, name);
      saveToken(tableId, j.seat, j.token);
      $("join").hidden = true;
      history.replaceState(null, "", links.table(tableId));
      start(tokensFor(tableId));
    } catch (err) {
      $("join-error").textContent = `Could not join: ${err.message}`;
    }
  });
}

function start(tokens) {
  const entries = tokens.frag ? [["frag", tokens.frag]] : Object.entries(tokens);
  S.held = entries.filter(([k]) => k !== "frag").map(([k]) => Number(k)).sort((a, b) => a - b);
  if (S.held.length || tokens.frag) S.signals = new TurnSignals(S.r.title);
  S.pacer = new Pacer(draw, () => SPEEDS[S.speed] ?? 800,
    (a, b) => (S.r.holdMs ? S.r.holdMs(a, b) : 0));
  S.table = new Table($("table"), {
    renderer: S.r, game: S.info.game, seat: null, names: names(), seatInfo,
    onAction: (a) => act(a),
    onHint: () => askHint(),
    endActions: [],
    mode: "play",
    hotseat: S.held.length > 1,
    speed: S.speed,
    onSpeed: (v) => {
      S.speed = v;
      setTableSpeed(tableId, v);
      if (v === "instant") S.pacer.flushAll();
    },
    waitingText: "The game starts when every player has joined.",
    seedInfo: () => S.seed,
    clocks: S.clocks,
    tools: S.signals ? S.signals.buttons() : [],
  });
  startSocial(entries.length > 0);
  if (!entries.length) {
    connect("watch", null);
    setConn("Watching as a spectator.");
  }
  for (const [seat, token] of entries) connect(seat === "frag" ? "frag" : Number(seat), token);
}

const isBot = (seat) => seat != null && S.seats[seat] && S.seats[seat].kind === "bot";

/** A state frame arrived: queue it; a bot's move waits for the bot-speed pause. */
function receive(key, m) {
  let paced = false;
  if (m.ply > S.recvPly) {
    paced = S.recvPly >= 0 && isBot(S.recvToMove);
    S.recvPly = m.ply;
    S.recvToMove = m.view ? m.view.to_move : null;
  }
  if (m.clock && m.ply >= S.clockPly) { // the clocks are the server's now, not the paced frame's
    S.clockPly = m.ply;
    S.clocks.update(m.clock);
    outOfTime(m.clock, m.seats);
  }
  if (m.seed != null || m.seed_sha256) S.seed = { seed: m.seed, seed_sha256: m.seed_sha256 };
  else if (m.view && (m.view.seed_sha256 || m.view.seed != null)) S.seed = { seed: m.view.seed, seed_sha256: m.view.seed_sha256 };
  S.pacer.push({ key, ply: m.ply, view: m.view, seats: m.seats, started: m.started, paced, at: performance.now() });
  document.body.dataset.pending = String(S.pacer.pending);
}

// When each frame came and was drawn (read by the pacing test; a few numbers per move).
const draws = [];
window.sweettoothDraws = draws;

function draw(frame) {
  draws.push({ ply: frame.ply, paced: frame.paced, hold: frame.hold || 0, received: frame.at, drawn: performance.now() });
  // Until every human seat has connected once the server refuses moves ("not_started"):
  // show the table but offer no move yet.
  S.started = frame.started !== false;
  S.latest.set(frame.key, { ply: frame.ply, view: frame.view });
  S.seats = frame.seats || S.seats;
  refresh();
  document.body.dataset.pending = String(S.pacer.pending);
}

function connect(key, token) {
  const sock = new TableSocket(tableId, token, {
    welcome: (m) => {
      if (key === "frag" && m.seat != null) {
        saveToken(tableId, m.seat, token);
        S.sockets.delete("frag");
        S.sockets.set(m.seat, sock);
        key = m.seat;
        if (!S.held.includes(m.seat)) S.held.push(m.seat);
      }
      setConn("");
    },
    state: (m) => receive(key, m),
    presence: (m) => { S.seats = m.seats; S.table.opts.names = names(); drawWaiting(); S.table.drawPlayers(); },
    hint: (m) => {
      const p = S.hints.get(m.id);
      if (!p) return;
      S.hints.delete(m.id);
      clearTimeout(p.timer);
      if (m.action) p.resolve(m);
      else p.reject(new Error(m.reason || m.message || "no hint for this position"));
    },
    error: (m) => {
      if (m.id != null && S.hints.has(m.id)) {
        const p = S.hints.get(m.id);
        S.hints.delete(m.id);
        clearTimeout(p.timer);
        p.reject(new Error(m.message));
        return;
      }
      if (m.code === "bad_token") setConn("This seat link is no longer valid; watching instead.");
      if (m.code === "stale_ply") {
        // "reloaded": this connection is bound to a copy of the table that was replaced, so no
        // newer view would come on it; any other stale ply: a newer view is on its way.
        if (/reloaded/.test(m.message)) sock.reconnect();
        return;
      }
      if (m.code.startsWith("chat_") || (m.code === "malformed" && /chat/.test(m.message))) { S.chat.error(m.message); return; }
      if (m.code === "rematch_unavailable") { S.rematch.error(m.message); return; }
      if (S.active === key || key === "watch") S.table.showError(m.message);
    },
    chat_history: (m) => S.chat.add(m.messages),
    chat: (m) => S.chat.add([m]),
    rematch: (m) => S.rematch.onFrame(m),
    close: () => setConn("Connection lost; reconnecting…"),
    open: () => { setConn(""); S.chat.connected(); },
  });
  S.sockets.set(key, sock);
}

/** The chat under the board and the rematch/series parts (js/chat.js, js/rematch.js). */
function startSocial(playing) {
  const someSocket = () => S.sockets.get(S.active) || S.sockets.values().next().value;
  S.chat = new ChatPanel($("social"), {
    tableId, names, isPlayer: () => playing,
    send: (m) => { const sock = someSocket(); return !!sock && sock.send(m); },
    others: () => S.seats.filter((x) => x.kind === "human" && !S.held.includes(x.seat))
      .map((x) => [x.seat, names()[x.seat]]),
  });
  S.rematch = new Rematch({
    tableId, names, mySeats: () => S.held, seriesEl: $("series"),
    send: (m) => [...S.sockets].filter(([k]) => k !== "watch").map(([, sock]) => sock.send(m)).some(Boolean),
  });
  S.rematch.loadSeries();
}

/** Ask the server what the medium bot would play from the shown seat's view. */
function askHint() {
  return new Promise((resolve, reject) => {
    const sock = S.sockets.get(S.active);
    const id = ++S.hintId;
    if (!sock || !sock.send({ type: "hint", id })) { reject(new Error("not connected")); return; }
    const timer = setTimeout(() => {
      S.hints.delete(id);
      reject(new Error("the server did not answer"));
    }, 20000);
    S.hints.set(id, { resolve, reject, timer });
  });
}

function act(action) {
  const key = S.active;
  const sock = S.sockets.get(key);
  const cur = S.latest.get(key);
  if (!sock || !cur || !sock.act(cur.ply, action)) S.table.showError("Not connected; try again in a moment.");
}

/** Decide which seat's view to show; put up the privacy screen between two seats. */
function refresh() {
  S.table.opts.names = names();
  drawWaiting();
  if (!S.held.length) {
    const w = S.latest.get("watch");
    if (w) show(null, w.view);
    return;
  }
  // The freshest view of any held seat tells whose turn it is.
  let newest = null;
  for (const s of S.held) {
    const l = S.latest.get(s);
    if (l && (!newest || l.ply > newest.ply)) newest = l;
  }
  if (!newest) return;
  const toMove = newest.view.to_move;
  const over = newest.view.result != null;
  signalTurn(toMove, over);
  let want = S.active;
  if (!over && toMove != null && S.held.includes(toMove)) want = toMove;
  if (want == null) want = S.held[0];
  const l = S.latest.get(want);
  if (!l || l.ply < newest.ply) return; // wait for that seat's own view
  if (S.held.length > 1 && want !== S.active && !over) {
    privacy(want);
    return;
  }
  S.active = want;
  show(want, l.view);
}

/** The tab title, favicon badge, tone and notification when a seat of this device is to move. */
function signalTurn(toMove, over) {
  if (!S.signals) return;
  const mine = S.started !== false && !over && toMove != null && S.held.includes(toMove)
    && !isBot(toMove);
  const who = !mine ? null : S.held.length > 1 ? names()[toMove] : "you";
  S.signals.set(who, mine ? toMove : null);
}

function show(seat, view) {
  $("privacy").hidden = true;
  $("table").hidden = false;
  S.table.opts.seat = seat;
  S.table.opts.hotseat = S.held.length > 1;
  if (view.result != null && !S.seriesAtEnd) { S.seriesAtEnd = true; S.rematch.loadSeries(); }
  S.table.opts.endActions = [
    S.rematch.node(),
    h("a", { href: links.replay(tableId, seat), class: "button" }, "Replay this game"),
    seat != null && view.result != null
      ? h("a", { href: links.review(tableId, seat), class: "button reviewlink" }, "Review my moves") : null,
    h("a", { href: "./", class: "button" }, "Back to the lobby"),
  ];
  // Nothing to play before the start, nor for a seat a bot took over when its time ran out.
  S.table.update(S.started === false || isBot(seat) ? { ...view, legal_actions: [] } : view);
  document.body.dataset.ply = String(view.ply);
}

function privacy(seat) {
  // Nothing of the previous seat stays on the page while the device changes hands.
  $("table").hidden = true;
  S.table.clear();
  const who = names()[seat];
  // "to decide", not "turn": in BitterSweet a player may decide during another's turn.
  $("privacy-text").textContent = `${who} decides next. Hand the device to ${who}; everyone else, look away.`;
  $("privacy-btn").textContent = `I am ${who}: show my table`;
  $("privacy").hidden = false;
  $("privacy-btn").onclick = () => {
    S.active = seat;
    refresh();
    const first = document.querySelector(".pickable");
    if (first) first.focus();
  };
  $("privacy-btn").focus();
}

function drawWaiting() {
  const free = S.seats.filter((s) => s.kind === "human" && !s.taken);
  const box = $("waiting");
  if (!free.length) { box.hidden = true; mount(box); return; }
  box.hidden = false;
  mount(box, h("h2", "Waiting for players"),
    h("p", "Send each friend the link for their seat. The game starts when every seat is taken and connected."),
    S.seed && S.seed.seed_sha256 ? h("p.waitprint", fingerprintEl(S.seed.seed_sha256),
      " Note it now: the seed shown at the end must hash to it.") : null,
    h("ul.invites", free.map((s) => {
      const url = links.invite(tableId, s.seat);
      const input = h("input", { type: "text", readonly: true, value: url, "aria-label": `Invite link for seat ${s.seat + 1}` });
      return h("li", h("b", `Seat ${s.seat + 1}`), input,
        h("button", { type: "button", onclick: (e) => copy(url, e.target) }, "Copy"));
    })));
}

async function copy(text, btn) {
  try { await navigator.clipboard.writeText(text); btn.textContent = "Copied!"; } catch { btn.textContent = text; }
}

main();
