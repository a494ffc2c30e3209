"""Text drawings of a BitterSweet view: the Chocs in sight, the box, each player, and the end.

In the box a face-up Choc shows its name, a face-down one `##` (or `#pecan` when you know which
Choc it is), an empty space `..`; a name too long for a column of a wide box ends in `~`.
Above the box, every Choc you can see (face up, in your hand, known in another hand) is listed
with its texture, coating, shape, points and ability, so you can tell what matches a YUM! or
YUCK! card. Players are named, with their notation id (`Candy Bot 1 (P2)`): moves name players
by id (`give pecan to P2`, `choose P2`).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import Any

from sweettooth.core import JSON

from .components import Choc, Components, components_for

GOAL = ("win 2 rounds. A round is won with the most points: your Chocs' own points, plus the "
        "table of your YUM! card for Chocs matching it, minus your YUCK! card's.")

_ID = re.compile(r"\bP(\d+)\b")


def _names(view: JSON, names: Sequence[str] | None) -> list[str]:
    return list(names) if names else [f"P{s + 1}" for s in range(view["players"])]


def _who(names: Sequence[str], seat: int) -> str:
    pid = f"P{seat + 1}"
    return pid if names[seat] == pid else f"{names[seat]} ({pid})"


def _components(view: JSON) -> Components:
    return components_for(view.get("options", {}))


def move_label(notation: str, names: Sequence[str]) -> str:
    """A move as a menu shows it: each player id followed by the name ('trade P2 (Bob) ...');
    the notation itself, the part a player types, is unchanged."""
    return _ID.sub(lambda m: f"{m.group(0)} ({names[int(m.group(1)) - 1]})"
                   if 0 < int(m.group(1)) <= len(names) and names[int(m.group(1)) - 1]
                   != m.group(0) else m.group(0), notation)


_OBJECT = re.compile(r"\b(to|for|of|asks|give|but) P(\d+)\b(?!')")
_YOURS = re.compile(r"^(You (?:must give|shows?) .*?)\btheir\b")


def log_line(entry: Any, names: Sequence[str]) -> str:
    """One log entry, player ids replaced by names (the log is prose, not notation); a player
    named "You" after a word that takes an object is "you" ("asks you for", "every player but
    you takes"), and the choice or card in "You must give ... of their choice", "You show their
    YUM!" is yours.

    >>> log_line("P2 asks P1 for a Choc of their choice.", ["You", "Bob"])
    'Bob asks you for a Choc of your choice.'
    >>> log_line("Every player but P1 takes an Empty Wrapper.", ["You", "Bob"])
    'Every player but you takes an Empty Wrapper.'
    """
    def name(n: int, obj: bool = False) -> str | None:
        if not 0 < n <= len(names):
            return None
        return "you" if obj and names[n - 1] == "You" else names[n - 1]

    text = _OBJECT.sub(lambda m: f"{m.group(1)} {name(int(m.group(2)), True) or m.group(0)}",
                       str(entry))
    text = _ID.sub(lambda m: name(int(m.group(1))) or m.group(0), text)
    text = _YOURS.sub(r"\1your", text)
    return text.replace("asks you for a Choc of their choice",
                        "asks you for a Choc of your choice")


def task_words(task: JSON, choc: str, target: str, you: bool) -> str:
    """What the decision an ability waits for (a view's task) asks, in words for whoever makes
    it: `choc` names the Choc whose ability it is, `target` the player a `surrender` gives to;
    `you` says it to the viewer ("your hand"), else of the decider ("their hand").

    >>> task_words({"kind": "trade"}, "Macadamia", "", True)
    'pick a face-up Choc to swap for one of your Chocs, or Macadamia itself to keep your hand'
    """
    your = "your" if you else "their"
    only = "only you see it" if you else "only they see it"
    kind = task["kind"]
    if kind == "give":
        mode = task.get("mode", "choose")
        return (f"give a Choc from {your} hand to another player" if mode == "choose"
                else f"give a Choc from {your} hand to the player on {your} {mode}")
    if kind == "peek_preference":
        return f"choose whose {str(task.get('slot', 'yum')).upper()}! card to look at; {only}"
    if kind == "place":
        return f"choose the Choc from {your} hand that goes face up in {task.get('cell')}"
    words: dict[str, str] = {
        "ability": "resolve it",
        "reveal": "pick a face-down Choc to reveal",
        "peek": f"pick a face-down Choc to look at; {only}",
        "return": f"return a Choc from {your} hand to an empty space",
        "demand": f"choose the player who gives {'you' if you else 'them'} a Choc of their "
                  "choice",
        "surrender": f"give {target} a Choc of {your} choice",
        "peek_hand": f"choose whose hand to look at; {only}",
        "draw_from": f"choose a player: {'you take' if you else 'they take'} a Choc at random "
                     "from their hand",
        "trade": f"pick a face-up Choc to swap for one of {your} Chocs, or {choc} itself to "
                 f"keep {your} hand",
    }
    return words.get(kind, str(kind))


def _fit(line: str) -> list[str]:
    """`line` wrapped to 78 columns, continuations indented 2 more than the line."""
    lead = " " * (len(line) - len(line.lstrip()))
    return textwrap.wrap(line.strip(), 78, initial_indent=lead, subsequent_indent=lead + "  ",
                         break_on_hyphens=False) or [line]


def choc_line(choc: Choc) -> list[str]:
    """One Choc as a player needs it: attributes, points, ability (wrapped to 78 columns)."""
    if choc.kind == "veggie":
        attrs = "veggie"
    elif choc.kind == "wild":
        attrs = "wild (animal)"
    else:
        attrs = "/".join(a for a in (choc.texture, choc.coating, choc.shape) if a)
    text = f"{choc.id}: {attrs}; points {choc.score.text()}"
    if choc.ability is not None or choc.no_return:
        text += f"; {choc.text()}"
    return textwrap.wrap(text, 78, initial_indent="  ", subsequent_indent="      ",
                         break_on_hyphens=False)


def draw(view: JSON, names: Sequence[str] | None = None, *, memory_aid: bool = False) -> str:
    """The Chocs in sight (what each one is), then the box and each player's hand, cards and
    wrappers."""
    del memory_aid  # what a seat has seen stays in its view (known Chocs are part of the game)
    names = _names(view, names)
    comps = _components(view)
    by_id = {c.id: c for c in comps.chocs}
    cols = int(view["cols"])
    box = view["box"]
    width = min(max(9, *(len(b["choc"] or "") + 2 for b in box)), 74 // cols)
    mover = view["to_move"]
    head = f"BitterSweet, round {view['round']}"
    if mover is None:
        head += ": the game is over"
    else:
        head += (f": {names[view['current']]}, {view['actions_left']} action(s) left. "
                 f"Empty Wrapper stack: {view['stack']}")
    grid = ["    " + "".join(chr(97 + c).ljust(width) for c in range(cols))]
    for r in range(len(box) // cols):
        cells = []
        for c in range(cols):
            b = box[r * cols + c]
            if b["face"] == "empty":
                txt = ".."
            elif b["face"] == "up":
                txt = b["choc"]
            else:
                txt = "#" + b["choc"] if b["choc"] else "##"
            if len(txt) > width - 1:
                txt = txt[: width - 2] + "~"  # the full id is in the list of Chocs in sight
            cells.append(txt.ljust(width))
        grid.append(f"{r + 1:>2}  " + "".join(cells).rstrip())
    grid.append("## face down (#pecan: face down, you know it is Pecan)   .. empty space")
    sight: list[str] = [b["choc"] for b in box if b["choc"]]
    people: list[str] = []
    for e in view["seats"]:
        seat = e["seat"]
        me = ">" if seat == view["seat"] else " "
        wins = f", {e['round_wins']} round win(s)" if e["round_wins"] else ""
        people.append(f"{me} {_who(names, seat)}: {e['hand_size']} Choc(s), "
                      f"{e['wrappers']} Empty Wrapper(s){wins}")
        if "hand" in e:
            people.append(f"    your hand: {', '.join(e['hand']) or '-'}")
            people.append(f"    your YUM! {' + '.join(e['yum']) or '-'}   "
                          f"your YUCK! {' + '.join(e['yuck']) or '-'}")
            sight.extend(e["hand"])
        else:
            known = []
            if e.get("known_hand"):
                known.append(f"you know they hold {', '.join(e['known_hand'])}")
                sight.extend(e["known_hand"])
            if e.get("known_yum") or e.get("known_yuck"):
                known.append(f"you saw YUM! {' + '.join(e['known_yum']) or '?'}, "
                             f"YUCK! {' + '.join(e['known_yuck']) or '?'}")
            if known:
                people.append("    " + "; ".join(known))
        if e["discards"]:
            people.append(f"    Preference cards discarded: {', '.join(e['discards'])}")
    if view["tasks"]:
        t = view["tasks"][-1]
        target = names[t["target"]] if 0 <= t.get("target", -1) < len(names) else ""
        mine = t["who"] == view.get("seat")
        doing = task_words(t, t["choc"], target, mine)
        decider = "you" if mine else names[t["who"]]
        people.append(f"Ability of {t['choc']} in progress: {decider} must {doing}")
    if view["pending"]:
        people.append(f"On Reveal abilities waiting: {', '.join(view['pending'])}")
    for rnd in view["rounds"][-1:]:
        if mover is not None:
            scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(rnd["scores"]))
            people.append(f"Last round ({rnd['round']}): {scores}")
    seen = [c for c in dict.fromkeys(sight) if c in by_id]
    reference: list[str] = []
    if seen:
        reference.append("Chocs in sight (texture/coating/shape, points, ability):")
        for choc_id in seen:
            reference.extend(choc_line(by_id[choc_id]))
    # The reference first: on a small screen the box and the hands stay next to the moves.
    lines = [*reference, head, *grid, *(w for line in people for w in _fit(line))]
    return "\n".join(lines)


def end_report(view: JSON, names: Sequence[str]) -> list[str]:
    """Every round's score sheets (hands, Choc points, YUM!, YUCK!) and the round wins."""
    names = _names(view, names)
    lines: list[str] = []
    for rnd in view["rounds"]:
        won = " and ".join(names[w] for w in rnd["winners"])
        lines.append(f"Round {rnd['round']} (won by {won}):")
        for sheet in rnd["sheets"]:
            seat = sheet["seat"]
            chocs = ", ".join(f"{c} {p:+d}" for c, p in sheet["choc_points"].items())
            yum = "; ".join(f"YUM! {y['attribute']} x{y['matching']} +{y['points']}"
                            for y in sheet["yum"])
            yuck = "; ".join(f"YUCK! {y['attribute']} x{y['matching']} -{y['points']}"
                             for y in sheet["yuck"])
            text = (f"{names[seat]}: {sheet['total']} = Chocs {sheet['chocs']} "
                    f"({chocs or 'none'}); {yum}; {yuck}")
            lines.extend(textwrap.wrap(text, 78, initial_indent="  ",
                                       subsequent_indent="      ", break_on_hyphens=False))
    wins = [0] * view["players"]
    for rnd in view["rounds"]:
        for w in rnd["winners"]:
            wins[w] += 1
    lines.extend(_fit("Round wins (first to 2 wins the game): "
                      + ", ".join(f"{names[s]} {wins[s]}" for s in range(view["players"]))))
    winners = (view.get("result") or {}).get("winners", [])
    if len(winners) > 1:
        lines.append("Several players reached 2 round wins in the same round: "
                     "they share the win (BS-4).")
    return lines


def render(view: JSON) -> str:
    """The library's drawing (`Game.render`): the table, the last log entry, the moves."""
    names = _names(view, None)
    lines = [draw(view, names)]
    if view["log"]:
        lines.append("Last: " + view["log"][-1])
    if view["legal_actions"]:
        shown = view["legal_actions"][:10]
        more = ", ..." if len(view["legal_actions"]) > 10 else ""
        lines.append("Your actions: " + ", ".join(shown) + more)
    if view.get("result") is not None:
        lines.extend(end_report(view, names))
    return "\n".join(lines)
