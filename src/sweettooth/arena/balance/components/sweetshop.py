"""Sweet Shop: each eating bonus (SS-4): how often it is gained and used per game, and the
final score in games where it was used against games where it was not. Read from the log."""

from __future__ import annotations

from collections.abc import Sequence

from sweettooth.core import JSON, State

from ..estimates import diff, mean, rate, table

GAINED = {
    "Multipack": "Multipack ",
    "Flavour Changer": "Flavour Changer ",
    "Sour Cherries": "Sour Cherries ",
    "Sugar Rush": "Sugar Rush: eat another",
}
"""A log line part naming the bonus gained (lasting bonuses end "(lasting)")."""
USED = {
    "Multipack": "(Multipack)",
    "Flavour Changer": "(Flavour Changer)",
    "Sour Cherries": "cherries ",
    "Sugar Rush": "sugar rush ",
}


def observe(state: State) -> JSON:
    gained = dict.fromkeys(GAINED, 0)
    used = dict.fromkeys(USED, 0)
    for line in state.view(None)["log"]:
        for part in line.split("; "):
            for name, mark in GAINED.items():
                if part.startswith(mark) and (name == "Sugar Rush" or "(lasting)" in part):
                    gained[name] += 1
            for name, mark in USED.items():
                if part.endswith(mark) or part.startswith(mark):
                    used[name] += 1
    return {"gained": gained, "used": used}


def tables(games: Sequence[JSON], players: int) -> list[JSON]:
    rows = []
    for name in GAINED:
        gains = [float(g["components"]["gained"][name]) for g in games]
        uses = [float(g["components"]["used"][name]) for g in games]
        with_it = [g["scores"][0] for g in games if g["components"]["used"][name]]
        without = [g["scores"][0] for g in games if not g["components"]["used"][name]]
        a, b = mean(with_it), mean(without)
        rows.append([name, mean(gains), mean(uses),
                     rate(sum(1 for u in uses if u), len(games)), a, b, diff(a, b)])
    return [table(
        "Eating bonuses",
        ["bonus", "gained per game", "used per game", "games using it", "score when used",
         "score when not", "value (difference)"],
        rows,
        "Value: the mean final score in games where the bonus was used at least once minus "
        "that in games where it was not; a bot that uses a bonus in nearly every game leaves "
        "few games to compare, so its interval is wide.",
    )]
