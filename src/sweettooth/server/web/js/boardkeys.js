// Moving around a board by keyboard, the same on every game: the arrow keys move the focus to the
// nearest piece that can be clicked now (or is picked) in that direction, Home and End to the
// first and last; after a move the focus stays on the board (on the piece nearest the one just
// played, or on the board itself until there is one), so a keyboard player does not start each
// turn from the top of the page.

const DIRS = {
  ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1],
};

const centre = (el) => {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
};

/** The pieces the focus may go to: those a player can click now, or has picked. */
export function focusable(board) {
  return [...board.querySelectorAll("[data-key].pickable, [data-key].picked")]
    .filter((el) => el.getClientRects().length > 0);
}

/** The piece nearest `from` ({x, y}) in the direction (dx, dy), or null. */
function nearest(pieces, from, [dx, dy], self) {
  let best = null;
  let bestScore = Infinity;
  for (const el of pieces) {
    if (el === self) continue;
    const c = centre(el);
    const along = (c.x - from.x) * dx + (c.y - from.y) * dy; // distance in the direction
    const across = Math.abs((c.x - from.x) * dy) + Math.abs((c.y - from.y) * dx);
    // In that direction at all (more than a sliver), and not far more sideways than ahead.
    if (along < 4 || across > along * 3 + 24) continue;
    const score = along + across * 2;
    if (score < bestScore) { bestScore = score; best = el; }
  }
  return best;
}

/** The piece nearest a point, in any direction (where the focus goes after a move). */
export function closestTo(pieces, at) {
  let best = null;
  let bestD = Infinity;
  for (const el of pieces) {
    const c = centre(el);
    const d = (c.x - at.x) ** 2 + (c.y - at.y) ** 2;
    if (d < bestD) { bestD = d; best = el; }
  }
  return best;
}

/** Handle an arrow, Home or End key on the board; true when it moved the focus. */
export function arrowKey(board, e) {
  const pieces = focusable(board);
  if (!pieces.length) return false;
  const cur = e.target.closest && e.target.closest("[data-key]");
  let to = null;
  if (e.key === "Home") to = pieces[0];
  else if (e.key === "End") to = pieces[pieces.length - 1];
  else if (DIRS[e.key]) {
    if (!cur || !board.contains(cur)) to = pieces[0];
    else to = nearest(pieces, centre(cur), DIRS[e.key], cur);
  }
  if (!to) return false;
  e.preventDefault();
  to.focus();
  to.scrollIntoView({ block: "nearest", inline: "nearest" });
  return true;
}
