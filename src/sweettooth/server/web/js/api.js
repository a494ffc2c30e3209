// The server's HTTP lobby API and the seat tokens this browser holds (see docs/server.md).

export async function api(path, opts = {}) {
  const res = await fetch(path, {
    method: opts.method || "GET",
    headers: { ...(opts.body ? { "Content-Type": "application/json" } : {}), ...(opts.headers || {}) },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  let data = null;
  if (res.status === 204) return null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const detail = data && data.detail;
    const msg = typeof detail === "string" ? detail
      : Array.isArray(detail) ? detail.map((d) => d.msg || JSON.stringify(d)).join("; ")
        : `${res.status} ${res.statusText}`;
    const err = new Error(msg);
    err.status = res.status;
    throw err;
  }
  return data;
}

export const listGames = () => api("/api/games");
export const listLevels = () => api("/api/levels").catch(() => ["easy", "medium", "hard"]);
export const openTables = () => api("/api/tables");
export const tableInfo = (id) => api(`/api/tables/${encodeURIComponent(id)}`);
export const createTable = (body) => api("/api/tables", { method: "POST", body });
/** Join a seat; as this device's player (when registered) unless `asPlayer` is false (the
 *  other seats of a hotseat table). */
export const joinSeat = (id, seat, name, asPlayer = true) => api(`/api/tables/${encodeURIComponent(id)}/join`,
  { method: "POST", body: { name, seat }, headers: asPlayer ? playerHeaders() : {} });

// This device's player (js/identity.js): its key, and the player it opens once registered.
export const PLAYER_KEY = "sweettooth.player.key";
export const PLAYER_ME = "sweettooth.player";

/** The X-Player-Key header of this device's player (with `always`, even if not registered). */
export function playerHeaders(always = false) {
  const key = localStorage.getItem(PLAYER_KEY);
  return key && (always || localStorage.getItem(PLAYER_ME)) ? { "X-Player-Key": key } : {};
}

// Seat tokens are capabilities: kept in this browser's localStorage, per table.
const KEY = (id) => `sweettooth.tokens.${id}`;

/** {seat: token} for the seats this browser plays at table `id`. */
export function tokensFor(id) {
  try { return JSON.parse(localStorage.getItem(KEY(id)) || "{}"); } catch { return {}; }
}

export function saveToken(id, seat, token) {
  const t = tokensFor(id);
  t[seat] = token;
  localStorage.setItem(KEY(id), JSON.stringify(t));
}

export function playerName() {
  return localStorage.getItem("sweettooth.name") || "";
}

export function setPlayerName(name) {
  localStorage.setItem("sweettooth.name", name);
}

/** Links inside the web client. */
export const links = {
  table: (id) => `table.html?t=${encodeURIComponent(id)}`,
  invite: (id, seat) => new URL(`table.html?t=${encodeURIComponent(id)}&seat=${seat}`, location.href).href,
  watch: (id) => new URL(`table.html?t=${encodeURIComponent(id)}&watch=1`, location.href).href,
  replay: (id, seat) => `replay.html?t=${encodeURIComponent(id)}${seat == null ? "" : `&seat=${seat}`}`,
  review: (id, seat) => `replay.html?t=${encodeURIComponent(id)}&seat=${seat}&review=1`,
};

// Bots get friendly candy names with their level: "Toffee Bot (medium)".
export const BOT_NAMES = ["Candy Bot", "Toffee Bot", "Fudge Bot", "Praline Bot", "Nougat Bot", "Caramel Bot",
  "Truffle Bot", "Marzipan Bot", "Liquorice Bot", "Meringue Bot", "Sherbet Bot", "Brittle Bot",
  "Gumdrop Bot", "Bonbon Bot", "Jelly Bot", "Wafer Bot"];

/** A bot's display name: its place among the table's bots and its level. */
export function botName(index, level) {
  return `${BOT_NAMES[index % BOT_NAMES.length]}${level ? ` (${level})` : ""}`;
}

/** Display names of the seats: the players' names; bots "Toffee Bot (medium)"; "Seat 2" for a
 * free seat. With `you` (a seat), that seat is "You" (a person alone with bots). */
export function seatNames(seats, you = null) {
  let bots = 0;
  const raw = (seats || []).map((s) => {
    if (s.kind === "bot") return botName(bots++, s.level);
    if (you != null && s.seat === you) return "You";
    return s.name || `Seat ${s.seat + 1}`;
  });
  // Two players of one name get their seat number too.
  return raw.map((n, i) => (raw.filter((m) => m === n).length > 1 ? `${n} (seat ${i + 1})` : n));
}
