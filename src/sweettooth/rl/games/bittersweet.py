"""BitterSweet (2-4 players): action table and observation encoder.

Actions (cells a1, b1, ... row by row: 5, 6 or 7 columns of 4 rows for 2, 3 or 4 players;
Chocs in the components' data order, 45 with the house set), in this order:

1. `take <cell>` for every cell, then `reveal <cell>` for every cell (the game's own tables);
2. `return <choc> <cell>` for every Choc, for every cell;
3. `pick <cell>` for every cell;
4. `give <choc> to Pk` for every Choc, for every seat;
5. `choose Pk` for every seat; `resolve <choc>` for every Choc.

Options `chocs_file` / `preferences_file` change the Chocs and preference cards, so the table
and the observation's length follow them.
"""

from __future__ import annotations

from typing import Any

from sweettooth.core import JSON
from sweettooth.games.bittersweet.actions import Choose, Give, Pick, Resolve, cell_name
from sweettooth.games.bittersweet.components import load_components
from sweettooth.games.bittersweet.state import ROWS, action_table

from ..spec import Field, GameSpec, Layout, Obs, one_hot, turn_hot

FACES = ("down", "up", "empty")
TASK_KINDS = ("ability", "reveal", "peek", "return", "give", "demand", "surrender",
              "peek_preference")
"""The kinds of pending decisions (effects.Task.kind); an unknown kind sets no bit."""


def action_notations(players: int, cols: int, options: dict[str, Any]) -> tuple[str, ...]:
    comps = load_components(str(options["chocs_file"]), str(options["preferences_file"]))
    table = action_table(comps, cols)
    cells = [cell_name(c, cols) for c in range(cols * ROWS)]
    out: list[object] = [*table.takes, *table.reveals]
    out += [a for per_choc in table.returns for a in per_choc]
    out += [Pick(c, n) for c, n in enumerate(cells)]
    out += [Give(x.index, s, x.id) for x in comps.chocs for s in range(players)]
    out += [Choose(s) for s in range(players)]
    out += [Resolve(x.index, x.id) for x in comps.chocs]
    return tuple(str(a) for a in out)


def build(players: int, options: dict[str, Any], sample: JSON) -> GameSpec:
    comps = load_components(str(options["chocs_file"]), str(options["preferences_file"]))
    chocs = [x.id for x in comps.chocs]
    attrs = sorted({p.attribute for p in comps.preferences})
    cols = int(sample["cols"])
    cells = [cell_name(c, cols) for c in range(cols * ROWS)]
    nc, na, ncell = len(chocs), len(attrs), len(cells)
    per_cell = len(FACES) + nc
    per_seat = 5 + 3 * na + nc
    places = 2 + players  # the box, each seat's hand, the wrappers
    layout = Layout([
        Field("seat", players, "one-hot: the observing seat"),
        Field("my_turn", 1, "1 when the observing seat is to decide"),
        Field("to_move", players, "one-hot: the seat that must decide"),
        Field("current", players, "one-hot: whose turn it is"),
        Field("start_player", players, "one-hot: the round's start player"),
        Field("counters", 6,
              "round / 5, actions left / 2, extra actions / 2, turns / turn limit, Chocs in the "
              "stack / 45, my preference deck / 12"),
        Field("box", ncell * per_cell,
              f"per cell: one-hot face ({', '.join(FACES)}), one-hot of the Choc when known "
              "(face up, or face down and known to me)"),
        Field("seats", players * per_seat,
              "per seat: hand size / 5, wrappers / 5, round wins / 2, YUM! cards / 3, YUCK! "
              f"cards / 3; multi-hot over preference attributes ({', '.join(attrs)}) of its "
              "discards, of its YUM! and of its YUCK! cards known to me (all mine for my seat); "
              "multi-hot over Chocs known in its hand (my whole hand for my seat)"),
        Field("whereabouts", nc * places,
              "per Choc not placed exactly: may it be in the box, in each seat's hand, in the "
              "wrappers (1 / number of places it may be in, else 0)"),
        Field("tasks", 1 + len(TASK_KINDS) + players + nc,
              "pending decisions / 5; for the first: one-hot kind "
              f"({', '.join(TASK_KINDS)}), one-hot seat deciding, one-hot Choc it comes from"),
        Field("pending", nc, "multi-hot: On Reveal abilities waiting to resolve"),
    ])
    o = layout.offset
    choc_at = one_hot(chocs)
    attr_at = one_hot(attrs)
    cell_at = one_hot(cells)
    face_at = one_hot(FACES)
    kind_at = one_hot(TASK_KINDS)

    def fill(view: JSON, out: Obs) -> None:
        hot = [o["current"] + view["current"], o["start_player"] + view["start_player"],
               *turn_hot(view, o)]
        at = o["box"]
        for cell in view["box"]:
            hot.append(at + face_at[cell["face"]])
            if cell["choc"] is not None:
                hot.append(at + len(FACES) + choc_at[cell["choc"]])
            at += per_cell
        deck = 0
        for entry in view["seats"]:
            s = entry["seat"]
            at = o["seats"] + s * per_seat
            out[at:at + 5] = (
                entry["hand_size"] / 5, entry["wrappers"] / 5, entry["round_wins"] / 2,
                entry["yum_cards"] / 3, entry["yuck_cards"] / 3,
            )
            base = at + 5
            hot += [base + attr_at[a] for a in entry["discards"]]
            hot += [base + na + attr_at[a] for a in entry.get("yum", entry.get("known_yum", []))]
            hot += [base + 2 * na + attr_at[a]
                    for a in entry.get("yuck", entry.get("known_yuck", []))]
            hot += [base + 3 * na + choc_at[x]
                    for x in entry.get("hand", entry.get("known_hand", []))]
            deck = entry.get("deck", deck)
        for group in view["whereabouts"]:
            names = group["places"]
            slots = set()
            for name in names:
                if name == "wrappers":
                    slots.add(places - 1)
                elif name in cell_at:
                    slots.add(0)
                else:
                    slots.add(1 + int(name[1:]) - 1)
            weight = 1 / len(names) if names else 0.0
            for x in group["chocs"]:
                base = o["whereabouts"] + choc_at[x] * places
                for slot in slots:
                    out[base + slot] = weight
        tasks = view["tasks"]
        if tasks:
            first = tasks[0]
            at = o["tasks"]
            out[at] = len(tasks) / 5
            if first["kind"] in kind_at:
                hot.append(at + 1 + kind_at[first["kind"]])
            hot.append(at + 1 + len(TASK_KINDS) + first["who"])
            hot.append(at + 1 + len(TASK_KINDS) + players + choc_at[first["choc"]])
        hot += [o["pending"] + choc_at[x] for x in view["pending"]]
        out[hot] = 1.0
        at = o["counters"]
        out[at:at + 6] = (
            view["round"] / 5, view["actions_left"] / 2, view["extra_actions"] / 2,
            view["turns"] / max(view["turn_limit"], 1), view["stack"] / 45, deck / 12,
        )

    return GameSpec(
        "bittersweet", players, options, action_notations(players, cols, options), layout, fill
    )
