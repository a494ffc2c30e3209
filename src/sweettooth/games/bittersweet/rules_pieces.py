"""The Pieces part of BitterSweet's players' rules, written from the card data in play.

`rules.md` has the line `<!-- from data: pieces -->`; `pieces_markdown(options)` replaces it with
every Choc that has an ability (grouped by when it happens), the Chocs that change how you may
play while held, the wilds and the Preference tables, all from the active card set's data
(`components_for`). A card set that gains a Choc is described without anyone editing a text.

>>> text = pieces_markdown({"cards": "revised"})
>>> "[White Creme](piece:choc/white-creme) (2 points): Swap your YUM! and YUCK!" in text
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .components import Choc, Components, PreferenceCard, components_for

SET_NAMES = {
    "original": "the **original** cards",
    "revised": "the **revised** cards, a variant of ours",
}
"""How the help names each house card set (option `cards`)."""

GROUPS = (
    ("on_reveal", "On Reveal",
     "It happens when the Choc is flipped face up in the box, for whoever flipped it (by the "
     "reveal action or by another Choc's ability)."),
    ("face_down_taken", "If face-down when taken",
     "When you take the Choc face down, you read it aloud: everyone sees it, and its effect "
     "happens to you. Taken face up, it does nothing."),
    ("round_end", "Wilds",
     "Shaped like animals; they count when the round is scored."),
)


def _points(choc: Choc) -> str:
    score = choc.score
    if score.kind == "fixed":
        unit = "point" if abs(score.points) == 1 else "points"
        return f"{score.points} {unit}"
    return score.text()


def ability_words(choc: Choc) -> str:
    """What the Choc's ability does (its group's heading says when), its held effect included:
    "Reveal 2 other face-down Chocs", "Show your hand to everyone; while you hold it, ..."."""
    parts = []
    if choc.ability is not None:
        parts.append(", then ".join(e.text() for e in choc.ability.effects))
    if choc.no_return:
        parts.append("while you hold it, you cannot return Chocs")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def choc_line(choc: Choc) -> str:
    """One Choc with its points and its whole ability text, as a list item."""
    kind = "veggie, " if choc.kind == "veggie" else ""
    text = ability_words(choc)
    stop = "" if text.endswith(("!", ".")) else "."
    return f"- [{choc.name}](piece:choc/{choc.id}) ({kind}{_points(choc)}): {text}{stop}"


def _table(card: PreferenceCard) -> str:
    """A Preference card's table in words: points per matching Choc by how many you hold."""
    runs: list[tuple[int, int]] = []  # (points each, from this many Chocs)
    for n, each in enumerate(card.per_choc, start=1):
        if not runs or runs[-1][0] != each:
            runs.append((each, n))
    parts = []
    for i, (each, start) in enumerate(runs):
        worth = "nothing" if each == 0 else f"{each} each"
        if i + 1 == len(runs):
            parts.append(worth if start == 1 else f"{worth} from {start} Chocs")
            continue
        end = runs[i + 1][1] - 1
        span = (f"for {start}" if start == end else
                f"for {start} or {end}" if end == start + 1 else f"for {start} to {end}")
        parts.append(f"{worth} {span} Choc{'s' * (end > 1)}")
    return ", ".join(parts)


def _set_name(options: Mapping[str, Any]) -> str:
    if options.get("chocs_file"):
        return "the Chocs of your own file"
    return SET_NAMES.get(str(options.get("cards") or ""), f"the {options.get('cards')} cards")


def pieces_markdown(options: Mapping[str, Any]) -> str:
    """The Pieces part for a game played with `options` (resolved: `cards` set)."""
    comps: Components = components_for(options)
    out = [f"The Chocs with an ability in {_set_name(options)}, the cards of this game:"]
    for when, title, intro in GROUPS:
        chocs = [c for c in comps.chocs if c.ability is not None and c.ability.when == when]
        if not chocs:
            continue
        out += ["", f"### {title}", "", intro, ""]
        out += [choc_line(c) for c in chocs]
    held = [c for c in comps.chocs if c.no_return]
    if held:
        names = ", ".join(f"[{c.name}](piece:choc/{c.id})" for c in held)
        out += ["", "### While you hold it", "",
                f"While you hold {names} you cannot return Chocs to the box: not by the return "
                "action, and not when another Choc's ability tells you to return one (then you "
                "simply do not). Once you have given it away, you may return Chocs again."]
    out += ["", "### Preference cards", "",
            "Points each matching Choc is worth, by how many matching Chocs you hold:", ""]
    tables: dict[str, list[PreferenceCard]] = {}
    for p in comps.preferences:
        tables.setdefault(_table(p), []).append(p)
    for words, cards in tables.items():
        names = ", ".join(f"[{p.attribute.capitalize()}](piece:pref/{p.attribute})"
                          for p in cards)
        out.append(f"- {names}: {words}.")
    return "\n".join(out)
