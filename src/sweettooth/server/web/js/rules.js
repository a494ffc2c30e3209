// "How to play": a game's rules in a dialog, from GET /api/games/<id>/rules (the same text the
// terminal game shows). The server turns each piece link into <span class="piece-ref"
// data-kind data-id>words</span>; here the game's renderer draws the piece in front of the words
// (renderer.piece(kind, id)); without a drawing the words stay. Escape or the close button shut
// the dialog and focus goes back to the button that opened it.
import { h } from "./dom.js";
import { api } from "./api.js";
import { icon } from "./icons.js";
import { renderer } from "./games/index.js";

const cache = new Map();

/** The query naming the options the rules text depends on (BitterSweet's card set): every
 * option but those naming a file on the player's machine, which the server never reads. */
export function rulesQuery(options) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(options || {}).sort()) {
    if (!k.endsWith("_file") && v !== null && v !== undefined && typeof v !== "object") q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

function rulesOf(gameId, options) {
  const url = `/api/games/${encodeURIComponent(gameId)}/rules${rulesQuery(options)}`;
  if (!cache.has(url)) {
    cache.set(url, api(url).catch((err) => { cache.delete(url); throw err; }));
  }
  return cache.get(url);
}

let dialog = null;
let opener = null;

function theDialog() {
  if (dialog) return dialog;
  dialog = h("dialog.rules", { "aria-labelledby": "rules-title" },
    h("div.rules-head",
      h("h2#rules-title", "How to play"),
      h("button.iconbtn.rules-close", { type: "button", "aria-label": "Close the rules", onclick: () => dialog.close() },
        icon("close"))),
    h("div.rules-body", { tabindex: "0", role: "document" }));
  dialog.addEventListener("close", () => {
    if (opener && document.contains(opener)) opener.focus();
    opener = null;
  });
  // A click on the backdrop (outside the box) closes it too.
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
  document.body.append(dialog);
  return dialog;
}

/** Draw the pieces named in the rules with the game's renderer (words kept). */
export function drawPieces(root, r) {
  for (const ref of root.querySelectorAll(".piece-ref")) {
    let node = null;
    try { node = r && r.piece ? r.piece(ref.dataset.kind, ref.dataset.id) : null; } catch (err) {
      console.error(err);
      node = null;
    }
    if (!(node instanceof Node)) continue;
    if (node.nodeType === Node.ELEMENT_NODE) {
      node.setAttribute("aria-hidden", "true");
      node.removeAttribute("data-key");
      node.removeAttribute("tabindex");
      for (const el of node.querySelectorAll("[data-key], [tabindex]")) {
        el.removeAttribute("data-key");
        el.removeAttribute("tabindex");
      }
      node.classList.add("piece-pic");
    }
    ref.prepend(node);
    ref.classList.add("drawn");
  }
}

/** Open the rules of `gameId` played with `options` (the table's; omitted: the defaults) in
 * the dialog; `from` gets the focus back when it closes. */
export async function openRules(gameId, from, options) {
  const d = theDialog();
  opener = from || document.activeElement;
  const body = d.querySelector(".rules-body");
  d.querySelector("#rules-title").textContent = "How to play";
  body.replaceChildren(h("p.muted", "Loading the rules…"));
  if (!d.open) d.showModal();
  d.querySelector(".rules-close").focus();
  try {
    const [rules, r] = await Promise.all([rulesOf(gameId, options), renderer(gameId).catch(() => null)]);
    d.querySelector("#rules-title").textContent = `How to play ${rules.title}`;
    body.innerHTML = rules.html; // rendered by our server from the package's text; raw HTML escaped
    const h1 = body.querySelector("h1");
    if (h1) h1.remove(); // the dialog's title says it
    drawPieces(body, r);
    body.scrollTop = 0;
  } catch (err) {
    body.replaceChildren(h("p.error", `Cannot load the rules: ${err.message}`));
  }
}

/** A "How to play" button for `gameId`; `optionsOf()` gives the options in play when it is
 * pressed (a table's), so that the rules describe that game's own pieces. */
export function rulesButton(gameId, text = "How to play", cls = "", optionsOf = null) {
  return h("button.rulesbtn", {
    type: "button", class: cls,
    onclick: (e) => {
      e.preventDefault(); e.stopPropagation();
      openRules(gameId, e.currentTarget, optionsOf ? optionsOf() : undefined);
    },
  }, icon("help"), h("span", text));
}
