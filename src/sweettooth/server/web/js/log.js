// The game log in plain words: each entry of view.log narrated by the game's renderer
// (renderer.narrate(entry, view, ctx)) with the players' names; the raw entry (the notation)
// stays as a small secondary detail. Without a narration, player codes (P1, p0) are replaced by
// names and the entry is shown as it is.
import { h, seatName } from "./dom.js";

function rawText(entry) {
  if (entry && typeof entry === "object") {
    return entry.action ? `${entry.seat != null ? `P${entry.seat + 1} ` : ""}${entry.action}` : JSON.stringify(entry);
  }
  return String(entry);
}

/** Entry text with the seat codes replaced by names: "P1 takes" -> "Alice takes". */
export function withNames(text, ctx) {
  return String(text)
    .replace(/\bP(\d{1,2})\b/g, (m, n) => seatName(ctx, Number(n) - 1))
    .replace(/^p(\d{1,2}) /, (m, n) => `${seatName(ctx, Number(n))}: `);
}

/** [{say, raw}] for every log entry of `view`. */
export function narrated(r, view, ctx) {
  const log = Array.isArray(view.log) ? view.log : [];
  return log.map((entry, i) => {
    const raw = rawText(entry);
    let say = null;
    if (r.narrate) {
      try { say = r.narrate(entry, view, ctx, i); } catch (err) { console.error(err); say = null; }
    }
    if (!say && entry && typeof entry === "object" && entry.action && r.describe) {
      try { say = `${seatName(ctx, entry.seat)}: ${r.describe(entry.action, view)}`; } catch { say = null; }
    }
    return { say: say || withNames(raw, ctx), raw };
  });
}

/** The list items of the log: the narration, the notation small and muted after it. */
export function logItems(entries) {
  return entries.map((e, i) => h("li",
    h("span.lnum", { "aria-hidden": "true" }, String(i + 1)),
    h("span.lsay", e.say),
    e.raw && e.raw !== e.say ? h("span.lraw", { title: "as written in the game record" }, e.raw) : null));
}
