// Rematch and series (docs/server.md, "Rematch"): the end screen's "Play again" offers the same
// players a new table (new seed, same options, seats rotated); each player accepts or declines;
// when all have accepted every player's page moves to the new table with its own seat token.
// The series' score (games won in this series) is shown above the board on every table of it.
import { h, mount } from "./dom.js";
import { api, links, saveToken } from "./api.js";

export class Rematch {
  /**
   * @param {object} opts tableId, send(message) -> bool (every seat this device holds),
   *   names() -> [seat names], mySeats() -> [seats this device plays], seriesEl (a <p>)
   */
  constructor(opts) {
    this.opts = opts;
    this.state = null; // the last rematch frame
    this.status = h("p.rematchstatus", { role: "status" });
    this.el = h("div.rematch");
    this.moving = false;
  }

  /** The end screen's part: the Play again button, or the offer and its answers. */
  node() { this.draw(); return this.el; }

  offer(accept) {
    this.error("");
    if (!this.opts.send({ type: "rematch", accept })) this.error("Not connected; try again in a moment.");
  }

  error(text) { this.status.textContent = text; }

  /** A rematch frame: an offer open, declined, or its table ready. */
  onFrame(m) {
    this.state = m;
    if (m.status === "ready") {
      if (m.token != null) saveToken(m.table, m.seat, m.token);
      if (this.opts.mySeats().length && !this.moving) {
        this.moving = true;
        // every held seat's frame arrives at once; leave after they have stored their tokens
        setTimeout(() => { location.href = links.table(m.table); }, 300);
      }
    }
    this.draw();
  }

  draw() {
    const m = this.state;
    const names = this.opts.names();
    const mine = this.opts.mySeats();
    const who = (s) => names[s] || `Seat ${s + 1}`;
    const play = h("button.primary.playagain", { type: "button", onclick: () => this.offer(true) }, "Play again");
    let parts = [];
    if (!m || m.status === "declined") {
      if (m) this.status.textContent = mine.includes(m.by) ? "You declined the rematch." : `${who(m.by)} declined the rematch.`;
      parts = mine.length ? [play] : [];
    } else if (m.status === "open") {
      const waiting = m.votes.filter((v) => v.accept == null).map((v) => v.seat);
      const myVote = m.votes.filter((v) => mine.includes(v.seat));
      if (myVote.some((v) => v.accept == null)) {
        this.status.textContent = `${who(m.by)} offers a rematch.`;
        parts = [h("button.primary.acceptrematch", { type: "button", onclick: () => this.offer(true) }, "Accept rematch"),
          h("button.declinerematch", { type: "button", onclick: () => this.offer(false) }, "Decline")];
      } else {
        this.status.textContent = `Rematch offered: waiting for ${waiting.map(who).join(" and ")}.`;
      }
    } else if (m.status === "ready") {
      this.status.textContent = mine.length ? "Everyone accepted: moving to the new table…" : "The players started a rematch.";
      parts = mine.length ? [] : [h("a.button", { href: `${links.table(m.table)}&watch=1` }, "Watch the rematch")];
    }
    mount(this.el, this.status, parts);
  }

  /** The series' score above the board ("Series, game 2: Ada 1, Bo 0"); hidden outside one. */
  async loadSeries() {
    const el = this.opts.seriesEl;
    try {
      const s = await api(`/api/tables/${encodeURIComponent(this.opts.tableId)}/series`);
      if (!s.series) { el.hidden = true; return; }
      const names = this.opts.names();
      el.hidden = false;
      mount(el, h("b", `Series, game ${s.game}`), ": ",
        s.seats.map((x, i) => [i ? ", " : "", `${names[x.seat] || x.name} ${x.wins}`]),
        ` (${s.finished} of ${s.games} game${s.games === 1 ? "" : "s"} finished)`);
    } catch { el.hidden = true; }
  }
}
