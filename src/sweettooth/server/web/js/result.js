// The end of a game: who won, in words, and why when it was close (a tie-break, a shared win).
// Used by the table shell's end panel. Games differ in what their scores mean, so each has a
// few words here; scores and winners come from view.result, the rest from the final view.
import { seatName } from "./dom.js";
import { verb } from "./games/words.js";

/** "Alice", "Alice and Bob", "Alice, Bob and Carol". */
export function andList(xs) {
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
}

const fmt = (x) => (Number.isInteger(x) ? String(x) : String(Math.round(x * 10) / 10));

/**
 * The headline: "Alice wins!", "You win!" (only for the one viewer at a live table),
 * "Shared win: Alice and Bob", "Final score: 31" (solo).
 * @param {object} view @param {object} ctx {seat, names} @param {object} opts {hotseat, replay}
 */
export function headline(view, ctx, opts = {}) {
  const res = view.result || {};
  const winners = res.winners || [];
  const scores = res.scores || [];
  if (view.players === 1) return `Final score: ${fmt(scores[0] ?? 0)}`;
  if (!winners.length) return "No winner";
  const you = !opts.hotseat && !opts.replay && ctx.seat != null;
  const name = (p) => (you && p === ctx.seat ? "You" : seatName(ctx, p));
  if (winners.length === 1) {
    const n = name(winners[0]);
    return n === "You" ? "You win!" : `${n} wins!`;
  }
  return `Shared win: ${andList(winners.map(name))}`;
}

function topTied(scores, winners, best) {
  return scores.map((s, p) => [s, p]).filter(([s]) => s === best).map(([, p]) => p)
    .filter((p) => !winners.includes(p));
}

/** A sentence or two on how the game was decided (tie-breaks and shared wins explained). */
export function explanation(game, view, ctx) {
  const res = view.result || {};
  const winners = res.winners || [];
  const scores = res.scores || [];
  const name = (p) => seatName(ctx, p);
  const names = andList(winners.map(name));
  const shared = winners.length > 1;
  if (res.flag != null) {
    const out = name(res.flag);
    const rest = !winners.length ? "" : ` ${names} ${shared ? "share the win" : verb(ctx, winners[0], "wins")} on the position as it stood.`;
    return `${out} ran out of time. This table's house rule: the game ends there and is scored; whoever ran out of time is placed last.${rest}`;
  }
  if (view.players === 1) return "Your score is the points of the sweets in your Tummy.";
  switch (game) {
    case "lechocolat": {
      if (!winners.length) return "";
      const vp = scores[winners[0]];
      const tiles = (p) => (view.breakdown && view.breakdown[p] ? view.breakdown[p].tiles_claimed
        : (view.claimed && view.claimed[p] ? view.claimed[p].length : null));
      if (shared) {
        return `${names} both scored ${fmt(vp)} VP and claimed as many tiles: a draw, the win is shared.`;
      }
      const tied = topTied(scores, winners, vp);
      if (tied.length) {
        const w = winners[0];
        return `${name(w)} and ${andList(tied.map(name))} both scored ${fmt(vp)} VP. The tie-break is the number of tiles claimed: ${name(w)} claimed ${tiles(w)}, ${andList(tied.map((p) => `${name(p)} ${tiles(p)}`))}.`;
      }
      return `${name(winners[0])} scored the most victory points: ${fmt(vp)} VP.`;
    }
    case "sweetnose": {
      const low = scores[winners[0]];
      if (shared) return `The lowest total of sweetness points wins: ${names} tied on ${fmt(low)}, so they share the win.`;
      return `The lowest total of sweetness points wins: ${name(winners[0])} ended with ${fmt(low)}.`;
    }
    case "bittersweet": {
      const wins = scores[winners[0]];
      if (shared) return `${names} reached ${fmt(wins)} round wins in the same round, so they share the game.`;
      return `${name(winners[0])} ${verb(ctx, winners[0], "was")} first to win ${fmt(wins)} rounds.`;
    }
    case "bonbons": {
      if (shared) return `The turn limit was reached: ${names} had the fewest round tiles still face down, so they share the win.`;
      return `${name(winners[0])} turned all of their round tiles face up first.`;
    }
    default: {
      if (!winners.length) return "";
      const best = scores[winners[0]];
      if (shared) return `${names} tied on ${fmt(best)}, so they share the win.`;
      const tied = topTied(scores, winners, best);
      if (tied.length) return `${name(winners[0])} and ${andList(tied.map(name))} tied on ${fmt(best)}; the game's tie-break went to ${name(winners[0])}.`;
      return "";
    }
  }
}
