// Each seat's most recent action, read from a view's log: {seat: notation}. The renderers mark
// those pieces ("last-move", data-last-by) until the seat moves again. The engines write their
// logs differently, so each game has a small reader; a line it does not know is skipped.

const num = (s) => Number(s) - 1; // "P2" -> seat 1

const READERS = {
  // {"seat": 0, "action": "split a1:g5 at d"}
  lechocolat: (e) => (e && typeof e === "object" && e.action ? [e.seat, e.action] : null),
  // "p0 c2: red caramel (showing)", "p1 give p1.2 (given back)", "p1 stop (stops; ...)"
  bonbons: (e) => {
    const m = /^p(\d+) (give p\d+\.\d+|stop|p\d+\.\d+|[a-z]\d+)\b/.exec(String(e));
    return m ? [Number(m[1]), m[2]] : null;
  },
  // "P1: trade P2 green for pink", "P1 takes store 7"
  sweetnose: (e) => {
    let m = /^P(\d+): (.+)$/.exec(String(e));
    if (m) return [num(m[1]), m[2]];
    m = /^P(\d+) takes store (\d+)$/.exec(String(e));
    return m ? [num(m[1]), `take store ${m[2]}`] : null;
  },
  // "P1 takes the face-down Choc in d1.", "P3 takes Peanut Bear from c1.", "P2 reveals X in c1."
  bittersweet: (e) => {
    const t = String(e);
    let m = /^P(\d+) takes (?:the face-down Choc in|.+? from) ([a-z]\d+)\b/.exec(t);
    if (m) return [num(m[1]), `take ${m[2]}`];
    m = /^P(\d+) reveals .+ in ([a-z]\d+)\.$/.exec(t);
    if (m) return [num(m[1]), `reveal ${m[2]}`];
    m = /^P(\d+) returns a Choc face down to ([a-z]\d+)\b/.exec(t);
    if (m) return [num(m[1]), `return ${m[2]}`];
    return null;
  },
  // "grab 3 with 3+6: ...", "eat AS with 2+4: ...", "end turn: ...", "last resort 3: ..."
  sweetshop: (e) => {
    const m = /^(grab \d(?:,\d)? with \d\+\d|eat \S+ with \d\+\d(?: [+-]1)?|sugar rush \S+|cherries \d>\d|last resort \d|end turn)\b/.exec(String(e));
    return m ? [0, m[1]] : null;
  },
};

/** {seat: notation} of each seat's latest action found in view.log. */
export function lastMoves(game, view) {
  const read = READERS[game];
  const out = {};
  if (!read || !view || !Array.isArray(view.log)) return out;
  for (const entry of view.log) {
    let hit = null;
    try { hit = read(entry); } catch { hit = null; }
    if (hit && Number.isInteger(hit[0]) && hit[1]) out[hit[0]] = hit[1];
  }
  return out;
}
