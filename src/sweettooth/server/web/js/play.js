// The table page: play a seat, several seats on one device (hotseat, with a privacy screen
// between them), or watch. table.html?t=<id>[&seat=<n> to join][&watch=1]
import { h, mount } from "./dom.js";
import { Table } from "./table.js";
import { renderer } from "./games/index.js";
import { TableSocket } from "./net.js";
import {
  tableInfo, joinSeat, tokensFor, saveToken, playerName, setPlayerName, links, seatNames,
} from "./api.js";

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
};

function names() { return seatNames(S.seats); }

function seatInfo(seat) {
  const s = S.seats[seat];
  if (!s) return "";
  if (s.kind === "bot") return s.name && s.level && s.name.includes(s.level) ? "bot" : `bot${s.level ? ", " + s.level : ""}`;
  if (!s.taken) return "free seat";
  if (!s.connected) return "offline";
  return "";
}

function setConn(text) { $("conn").textContent = text; }

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
  $("title").textContent = `${S.r.title} · table ${tableId}`;
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
  S.table = new Table($("table"), {
    renderer: S.r, seat: null, names: names(), seatInfo,
    onAction: (a) => act(a),
    endActions: [],
  });
  if (!entries.length) {
    connect("watch", null);
    setConn("Watching as a spectator.");
  }
  for (const [seat, token] of entries) connect(seat === "frag" ? "frag" : Number(seat), token);
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
    state: (m) => {
      // Until every human seat has connected once the server refuses moves ("not_started"):
      // show the table but offer no move yet.
      S.started = m.started !== false;
      S.latest.set(key, { ply: m.ply, view: m.view });
      S.seats = m.seats || S.seats;
      refresh();
    },
    presence: (m) => { S.seats = m.seats; S.table.opts.names = names(); drawWaiting(); S.table.drawPlayers(); },
    error: (m) => {
      if (m.code === "bad_token") setConn("This seat link is no longer valid; watching instead.");
      if (m.code === "stale_ply") return; // a newer view is on its way
      if (S.active === key || key === "watch") S.table.showError(m.message);
    },
    close: () => setConn("Connection lost; reconnecting…"),
    open: () => setConn(""),
  });
  S.sockets.set(key, sock);
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

function show(seat, view) {
  $("privacy").hidden = true;
  $("table").hidden = false;
  S.table.opts.seat = seat;
  S.table.opts.endActions = [
    h("a", { href: links.replay(tableId, seat), class: "button" }, "Replay this game"),
    h("a", { href: "./", class: "button" }, "Back to the lobby"),
  ];
  S.table.update(S.started === false ? { ...view, legal_actions: [] } : view);
  document.body.dataset.ply = String(view.ply);
}

function privacy(seat) {
  // Nothing of the previous seat stays on the page while the device changes hands.
  $("table").hidden = true;
  S.table.clear();
  const who = names()[seat];
  $("privacy-text").textContent = `It is ${who}'s turn. Hand the device to ${who}; everyone else, look away.`;
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
