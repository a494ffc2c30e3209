// One WebSocket to a table (docs/server.md): hello with a seat token (or none to watch), then
// `state` messages with this seat's view; actions go out with the ply they were chosen at.
// Reconnects with a growing delay when the connection drops.
//
// The hello asks for `"log": "new"`: each state frame carries only the log lines not sent
// before on this connection (from `log_from` on), so frames do not grow with the game; the
// whole log is put back together here, and handlers see whole views as before.

export class TableSocket {
  /** @param {string} tableId @param {string|null} token @param {object} on handlers by type */
  constructor(tableId, token, on) {
    this.tableId = tableId;
    this.token = token;
    this.on = on;
    this.delay = 500;
    this.closed = false;
    this.open();
  }

  open() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    this.log = []; // a new connection starts the log again (its first frame has log_from 0)
    ws.onopen = () => {
      this.delay = 500;
      ws.send(JSON.stringify({ type: "hello", token: this.token, log: "new" }));
      if (this.on.open) this.on.open();
    };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (msg.type === "state" && typeof msg.log_from === "number" && msg.view) {
        this.log = this.log.slice(0, msg.log_from).concat(msg.view.log || []);
        msg.view.log = this.log.slice();
        delete msg.log_from;
      }
      const fn = this.on[msg.type];
      if (fn) fn(msg);
    };
    ws.onclose = (e) => {
      if (this.closed) return;
      if (this.on.close) this.on.close(e);
      if (e.code === 4404) return; // no such table
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(Math.max(this.delay * 2, 500), 8000);
    };
  }

  act(ply, action) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ type: "action", ply, action }));
      return true;
    }
    return false;
  }

  /** Send any message (a hint request...); false when not connected. */
  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Drop this connection and open a new one at once (the server asked us to: the table was
   * loaded again, and only a new hello binds to the new copy). */
  reconnect() {
    this.delay = 0;
    if (this.ws) this.ws.close();
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
