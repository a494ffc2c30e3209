"""What one seat knows (`view`): JSON-ready, perfect recall, nothing it has not seen.

- the box: every cell empty, face up (with its Choc) or face down (with its Choc only when this
  seat knows it exactly: it looked at it, or returned it there);
- per player: hand size, Empty Wrappers, round wins, discarded Preference cards (face up), how
  many cards lie under YUM! and YUCK!; for this seat its hand, its YUM!/YUCK! and deck size; for
  the others the Chocs this seat knows are in their hand and the Preference cards it has seen;
- `whereabouts`: for every other Choc, the places it may be as far as this seat knows;
- the abilities in progress (`tasks`, `pending`), the turn, the log, and finished rounds with
  every player's revealed hand, Preference cards and score breakdown.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from sweettooth.core import JSON

from . import knowledge as kn

if TYPE_CHECKING:
    from .state import BitterSweetState


def build_view(state: BitterSweetState, seat: int | None) -> JSON:
    chocs, prefs = state.comps.chocs, state.comps.preferences
    P = state.players
    obs = P if seat is None else seat
    row = state.know_row(obs)
    exact: dict[int, int] = {}
    for y, m in enumerate(row):
        if m and not m & (m - 1):
            exact[m] = y
    box = []
    for c, x in enumerate(state.box):
        name = state.cell_names[c]
        if x < 0:
            box.append({"cell": name, "face": "empty", "choc": None})
        elif state.up[c]:
            box.append({"cell": name, "face": "up", "choc": chocs[x].id})
        else:
            y = exact.get(1 << c, -1)
            box.append({"cell": name, "face": "down", "choc": chocs[y].id if y >= 0 else None})
    players = []
    for s in range(P):
        entry: JSON = {
            "seat": s,
            "hand_size": len(state.hands[s]),
            "wrappers": state.wrappers[s],
            "round_wins": state.wins[s],
            "yum_cards": len(state.yum[s]),
            "yuck_cards": len(state.yuck[s]),
            "discards": [prefs[p].attribute for p in state.discard[s]],
        }
        if s == seat:
            entry["hand"] = [chocs[x].id for x in sorted(state.hands[s])]
            entry["yum"] = [prefs[p].attribute for p in state.yum[s]]
            entry["yuck"] = [prefs[p].attribute for p in state.yuck[s]]
            entry["deck"] = len(state.deck[s])
        else:
            hb = kn.hand_bit(s)
            entry["known_hand"] = [chocs[y].id for y, m in enumerate(row) if m == hb]
            known = state.pknow[obs][s]
            entry["known_yum"] = [prefs[p].attribute for p in state.yum[s] if p in known]
            entry["known_yuck"] = [prefs[p].attribute for p in state.yuck[s] if p in known]
        players.append(entry)
    groups: dict[int, list[str]] = {}
    own = kn.hand_bit(seat) if seat is not None else 0
    for y, m in enumerate(row):
        if m == own:
            continue
        if m and not m & (m - 1) and m < (1 << kn.HAND) and state.up[m.bit_length() - 1]:
            continue  # face up in the box
        groups.setdefault(m, []).append(chocs[y].id)
    where = [{"chocs": ids, "places": kn.place_names(m, state.cell_names)}
             for m, ids in sorted(groups.items(), key=lambda kv: kv[1][0])]
    return {
        "options": dict(state.options),
        "round": state.round_no,
        "start_player": state.starter,
        "current": state.current,
        "actions_left": state.actions_left,
        "extra_actions": state.extras,
        "turns": state.turns,
        "turn_limit": state.turn_limit,
        "cols": state.cols,
        "box": box,
        "stack": state.stack,
        "seats": players,
        "whereabouts": where,
        "tasks": [t.to_json(state) for t in state.tasks],
        "pending": [chocs[x].id for x in state.pending],
        "log": [_line(e, obs) if e[1] else e[0] for e in state.log],
        "rounds": json.loads(json.dumps(state.rounds)),  # a copy; faster than deepcopy
    }


def _line(entry: tuple[str, tuple[tuple[int, str], ...]], obs: int) -> str:
    """A log line as `obs` reads it: its own private text if it has one, else the public one."""
    for seat, text in entry[1]:
        if seat == obs:
            return text
    return entry[0]
