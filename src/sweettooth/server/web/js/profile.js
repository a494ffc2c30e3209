// A player's page, /players/<id>: name (changeable on the player's own devices), a rating per
// game, their games with links to the replays; /players/link#token=... uses a device link.
import { h, mount } from "./dom.js";
import { listGames, links } from "./api.js";
import { knownPlayer, whoAmI, rename, deviceLink, deviceLinkQr, redeemLink, getProfile, profileUrl } from "./identity.js";

const $ = (id) => document.getElementById(id);
const playerId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
let titles = {};

const STATUS = { finished: "finished", abandoned: "abandoned", playing: "in play", waiting: "waiting" };

function drawRatings(p) {
  $("ratings-panel").hidden = false;
  if (!p.ratings.length) { mount($("ratings"), h("p.muted", "No rated games yet.")); return; }
  mount($("ratings"), h("table",
    h("thead", h("tr", h("th", "Game"), h("th", "Rating"), h("th", "Rated games"))),
    h("tbody", p.ratings.map((r) => h("tr", { dataset: { game: r.game } },
      h("td", titles[r.game] || r.game),
      h("td.ratingcell", { title: `μ ${r.mu}, σ ${r.sigma}` }, r.rating.toFixed(1)),
      h("td.gamescell", String(r.games)))))));
}

function drawGames(p) {
  $("games-panel").hidden = false;
  if (!p.games.length) { mount($("games"), h("li.muted", "No games yet.")); return; }
  mount($("games"), p.games.map((g) => {
    const over = g.status === "finished" || g.status === "abandoned";
    const outcome = g.won === null ? "" : g.won ? " · won" : " · lost";
    return h("li", { dataset: { table: g.table } },
      h("span", `${new Date(g.at).toLocaleString()} · ${titles[g.game] || g.game} · ${g.players} players · ${STATUS[g.status] || g.status}${outcome}`),
      g.rated ? h("span.ratedtag", "Rated") : null,
      over ? h("a", { href: "/" + links.replay(g.table, g.seat) }, "Replay")
        : h("a", { href: "/" + links.table(g.table) }, "Open table"));
  }));
}

async function showProfile() {
  let p;
  try {
    p = await getProfile(playerId);
  } catch (err) {
    $("name-h").textContent = "No such player";
    $("error").textContent = err.message;
    return;
  }
  document.title = `${p.name} · sweettooth`;
  $("name-h").textContent = p.bot ? `${p.name} (a bot)` : p.name; // text, never HTML
  drawRatings(p);
  drawGames(p);
  const me = knownPlayer();
  if (me && me.id === p.id) {
    $("own").hidden = false;
    $("newname").value = p.name;
  }
}

let qrUrl = null;

/** The link's QR code beside it (the same link, drawn by the server; the image's alt says so). */
async function showQr(token) {
  const img = $("link-qr");
  $("qr-box").hidden = true;
  if (qrUrl) URL.revokeObjectURL(qrUrl);
  qrUrl = URL.createObjectURL(await deviceLinkQr(token));
  await new Promise((resolve, reject) => {
    img.onload = resolve;
    img.onerror = () => reject(new Error("the QR code did not load: use the link above"));
    img.src = qrUrl;
  });
  $("qr-box").hidden = false;
}

function setupOwn() {
  $("rename").addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const me = await rename($("newname").value.trim());
      localStorage.setItem("sweettooth.name", me.name);
      $("name-h").textContent = me.name;
      $("rename-status").textContent = "Name changed.";
    } catch (err) {
      $("rename-status").textContent = `Could not change the name: ${err.message}`;
    }
  });
  $("make-link").addEventListener("click", async () => {
    try {
      const l = await deviceLink();
      $("link").value = l.link;
      $("link-box").hidden = false;
      $("link").select();
      await showQr(l.token);
    } catch (err) {
      $("error").textContent = err.message;
    }
  });
  $("copy-link").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("link").value));
}

async function showRedeem() {
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  $("name-h").textContent = "Use a device link";
  if (!token) { $("error").textContent = "This link has no token: copy the whole link."; return; }
  const now = await whoAmI().catch(() => null);
  $("redeem").hidden = false;
  if (now) $("redeem-text").textContent = `This device is ${now.name} now; the link makes it the linked player instead (${now.name} stays on its other devices).`;
  $("redeem-btn").addEventListener("click", async () => {
    try {
      const me = await redeemLink(token);
      localStorage.setItem("sweettooth.name", me.name);
      history.replaceState(null, "", profileUrl(me.id));
      location.reload();
    } catch (err) {
      $("error").textContent = err.message;
    }
  });
}

async function main() {
  try { titles = Object.fromEntries((await listGames()).map((g) => [g.id, g.title])); } catch { titles = {}; }
  if (playerId === "link") await showRedeem();
  else {
    setupOwn();
    await showProfile();
  }
  document.body.dataset.ready = "1";
}

main();
