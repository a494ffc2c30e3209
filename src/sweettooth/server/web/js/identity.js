// This browser's player: a 256-bit random device key made on the first visit (kept in
// localStorage; the server stores only its SHA-256), a server-made id and a changeable name.
// Requests made as the player send the key in the X-Player-Key header (see docs/server.md).
import { api, playerHeaders, PLAYER_KEY, PLAYER_ME } from "./api.js";

/** 32 random bytes in unpadded base64url (43 characters): a device key or a seat token. */
export function randomToken() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes); // available on plain http too (unlike crypto.subtle)
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** This device's key, made now if it has none. */
export function deviceKey() {
  let key = localStorage.getItem(PLAYER_KEY);
  if (!key || !/^[A-Za-z0-9_-]{43}$/.test(key)) {
    key = randomToken();
    localStorage.setItem(PLAYER_KEY, key);
    localStorage.removeItem(PLAYER_ME);
  }
  return key;
}

/** {id, name} of this device's player as last seen, or null (not registered yet). */
export function knownPlayer() {
  try { return JSON.parse(localStorage.getItem(PLAYER_ME) || "null"); } catch { return null; }
}

function remember(me) {
  localStorage.setItem(PLAYER_ME, JSON.stringify({ id: me.id, name: me.name }));
  return me;
}

/** The player of this device, registered now under `name` if new; renamed to `name` when
 *  given and different. */
export async function ensurePlayer(name) {
  const key = deviceKey();
  let me = knownPlayer();
  if (me && name && me.name !== name) {
    try { return await rename(name); } catch (err) {
      if (err.status !== 401) throw err;
      me = null; // the server does not know this key (a new database): register it again
    }
  }
  if (!me) me = remember(await api("/api/players", { method: "POST", body: { key, name: name || "Player" } }));
  if (name && me.name !== name) me = await rename(name);
  return me;
}

/** Ask the server who this device is (null if its key opens no player). */
export async function whoAmI() {
  if (!localStorage.getItem(PLAYER_KEY)) return null;
  try { return remember(await api("/api/players/me", { headers: playerHeaders(true) })); } catch (err) {
    if (err.status === 401) { localStorage.removeItem(PLAYER_ME); return null; }
    throw err;
  }
}

export async function rename(name) {
  return remember(await api("/api/players/me", { method: "PATCH", body: { name }, headers: playerHeaders(true) }));
}

/** A one-time link that opens this player on another device: {link, expires_in}. */
export const deviceLink = () => api("/api/players/me/links", { method: "POST", headers: playerHeaders(true) });

/** The QR code (an SVG Blob, drawn by the server) of one of this player's live device links. */
export async function deviceLinkQr(token) {
  const res = await fetch("/api/players/me/links/qr", {
    method: "POST", body: JSON.stringify({ token }),
    headers: { "Content-Type": "application/json", ...playerHeaders(true) },
  });
  if (!res.ok) {
    const data = await res.json().catch(() => null);
    const err = new Error(data && typeof data.detail === "string" ? data.detail : `${res.status} ${res.statusText}`);
    err.status = res.status;
    throw err;
  }
  return res.blob();
}

/** Use a one-time link: this device becomes its player (its own key, made now if needed). */
export async function redeemLink(token) {
  const key = deviceKey();
  return remember(await api("/api/players/links/redeem", { method: "POST", body: { token, key } }));
}

export const profileUrl = (id) => `/players/${encodeURIComponent(id)}`;
export const getProfile = (id) => api(`/api/players/${encodeURIComponent(id)}`);
/** {table: {rated, seats: [{seat, player, rating, games}]}} for the lobby's tables. */
export const tableRatings = (ids) => (ids.length ? api(`/api/ratings?tables=${ids.map(encodeURIComponent).join(",")}`) : Promise.resolve({}));

// Quick match.
export const quickMatch = (body) => api("/api/quickmatch", { method: "POST", body, headers: playerHeaders(true) });
export const quickMatchStatus = (id) => api(`/api/quickmatch/${encodeURIComponent(id)}`, { headers: playerHeaders(true) });
export const quickMatchCancel = (id) => api(`/api/quickmatch/${encodeURIComponent(id)}`, { method: "DELETE", headers: playerHeaders(true) });
