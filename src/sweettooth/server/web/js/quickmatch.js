// The lobby's quick match: pick a game, a player count and how long to wait for people; the
// server pairs waiting players by rating and fills the table with bots after the wait.
import { h, mount } from "./dom.js";
import { saveToken, links, setPlayerName } from "./api.js";
import { ensurePlayer, randomToken, quickMatch, quickMatchStatus, quickMatchCancel } from "./identity.js";

const $ = (id) => document.getElementById(id);
const WAITS = [[10, "10 s"], [30, "30 s"], [60, "1 min"], [120, "2 min"], [300, "5 min"]];
const POLL_MS = 700;

export function setupQuickMatch(games, nameOf, onPlayer) {
  const multi = games.filter((g) => g.max_players >= 2);
  mount($("qm-game"), multi.map((g) => h("option", { value: g.id }, g.title)));
  mount($("qm-wait"), WAITS.map(([v, t]) => h("option", { value: v, selected: v === 30 }, t)));
  const drawPlayers = () => {
    const g = multi.find((x) => x.id === $("qm-game").value);
    if (!g) return;
    const lo = Math.max(2, g.min_players);
    mount($("qm-players"), Array.from({ length: g.max_players - lo + 1 }, (_, k) => h("option", { value: lo + k }, lo + k)));
  };
  $("qm-game").addEventListener("change", drawPlayers);
  drawPlayers();
  let entry = null;
  let timer = null;
  let resume = null; // polls again (a cancel that came too late)
  const status = (text) => { $("qm-status").textContent = text; };
  const idle = () => {
    clearTimeout(timer);
    entry = null;
    $("qm-btn").disabled = false;
    $("qm-cancel").hidden = true;
  };
  $("qm").addEventListener("submit", async (e) => {
    e.preventDefault();
    if (entry) return;
    $("qm-btn").disabled = true;
    const game = $("qm-game").value;
    const players = Number($("qm-players").value);
    const wait = Number($("qm-wait").value);
    const seatToken = randomToken(); // the seat's token is made here; the server keeps its hash
    try {
      const name = nameOf() || "Player";
      setPlayerName(name);
      await ensurePlayer(name);
      onPlayer();
      entry = await quickMatch({ game, players, wait, seat_token: seatToken });
    } catch (err) {
      status(`Could not start a quick match: ${err.message}`);
      idle();
      return;
    }
    $("qm-cancel").hidden = false;
    const started = Date.now();
    const title = $("qm-game").selectedOptions[0].textContent;
    const poll = async () => {
      if (!entry) return;
      const waited = Math.floor((Date.now() - started) / 1000);
      const left = Math.max(0, wait - waited);
      status(left > 0 ? `Looking for ${players - 1 === 1 ? "an opponent" : "opponents"} for ${title}… ${waited} s (bots fill the table in ${left} s)`
        : `Opening the table for ${title}…`);
      try {
        const st = await quickMatchStatus(entry.id);
        if (st.status === "matched" && st.table) {
          saveToken(st.table, st.seat, seatToken);
          status("Matched! Opening the table…");
          location.href = links.table(st.table);
          return;
        }
      } catch (err) {
        status(`Quick match lost: ${err.message}`);
        idle();
        return;
      }
      timer = setTimeout(poll, POLL_MS);
    };
    resume = poll;
    poll();
  });
  $("qm-cancel").addEventListener("click", async () => {
    if (!entry) return;
    const id = entry.id;
    clearTimeout(timer);
    try {
      await quickMatchCancel(id);
      status("Quick match cancelled.");
      idle();
    } catch (err) {
      status(`Too late to cancel: ${err.message}`);
      timer = setTimeout(resume, POLL_MS);
    }
  });
}
