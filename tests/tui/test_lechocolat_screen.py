"""Le Chocolat on a real screen: the column letters over their cells in every row, the edges
between pieces drawn, claimed pieces readable, the whole scoring card and bar at 80x24, and a
prompt that names a move the move line accepts."""

from __future__ import annotations

import random
import re

import pytest

import sweettooth as st
from sweettooth.core import State
from sweettooth.tui import SweetApp
from sweettooth.tui.games.lechocolat import code

from .helpers import make_app, screen_text, settle

pytestmark = pytest.mark.anyio

SIZES = [(80, 24), (120, 40)]
MARKS = {0: "you", 1: "cb1"}
"""How the bar marks a claimed square of You (seat 0) and of Candy Bot 1."""


def played(plies: int, seed: int = 3, card: str | None = None, phase: str = "split") -> State:
    """A game after at least `plies` random legal moves, stopped where seat 0 is to move in
    `phase` (the app's human seat)."""
    options = {"card": card} if card else {}
    state: State = st.game("lechocolat").new(2, seed, **options)
    rng = random.Random(seed)
    while len(state.history) < plies or state.to_move != 0 or state.view(0)["phase"] != phase:
        assert state.to_move is not None, "the game ended before the position wanted"
        state.apply(rng.choice(state.legal_actions()))
    return state


def bar_grid(shown: str) -> tuple[list[int], list[str], list[str]]:
    """The x of each column letter, the five row lines and the four lines between them."""
    lines = shown.splitlines()
    head = next(i for i, line in enumerate(lines) if re.search(r"\ba\s+b\s+c\s+d\s+e\s+f\s+g\b",
                                                               line))
    m = re.search(r"\ba\s+b\s+c\s+d\s+e\s+f\s+g\b", lines[head])
    assert m is not None
    xs = [m.start() + m.group(0).index(letter) for letter in "abcdefg"]
    rows = [lines[head + 1 + 2 * r] for r in range(5)]
    between = [lines[head + 2 + 2 * r] for r in range(4)]
    for r, line in enumerate(rows):
        assert re.match(rf"\W*{r + 1}\s", line), f"row {r + 1} is not where it belongs: {line!r}"
    return xs, rows, between


def expected_cells(app: SweetApp) -> dict[tuple[int, int], str]:
    """(column, row) -> the three letters the cell shows: a flavour's code or an owner's mark."""
    out = {}
    for t in app.view["tiles"]:
        c, r = ord(t["cell"][0]) - 97, int(t["cell"][1:]) - 1
        out[c, r] = MARKS[t["owner"]] if t["owner"] is not None else code(app.view, t["up"])
    return out


def group_of(app: SweetApp) -> dict[tuple[int, int], str | None]:
    """(column, row) -> the piece still on the bar that holds the cell (None once claimed)."""
    out: dict[tuple[int, int], str | None] = {(c, r): None for c in range(7) for r in range(5)}
    for g in app.view["groups"]:
        a, _, b = g.partition(":")
        b = b or a
        for c in range(ord(a[0]) - 97, ord(b[0]) - 96):
            for r in range(int(a[1:]) - 1, int(b[1:])):
                out[c, r] = g
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("plies", [0, 8, 16], ids=["fresh", "8-plies", "16-plies"])
async def test_each_column_letter_sits_over_its_cells_in_every_row(
        size: tuple[int, int], plies: int) -> None:
    app = make_app("lechocolat", 2, state=played(plies))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        owners = {t["owner"] for t in app.view["tiles"]}
        if plies >= 16:
            assert {0, 1} <= owners, "both players should have claimed by now"
        xs, rows, _ = bar_grid(screen_text(app))
        cells = expected_cells(app)
        for r, line in enumerate(rows):
            for c, x in enumerate(xs):
                assert line[x - 1:x + 2] == cells[c, r], (
                    f"column {'abcdefg'[c]} row {r + 1}: {line[x - 1:x + 2]!r} under the "
                    f"letter, {cells[c, r]!r} expected\n{line}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_edges_between_pieces_are_drawn_unlike_grooves(size: tuple[int, int]) -> None:
    app = make_app("lechocolat", 2, state=played(12))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        xs, rows, between = bar_grid(screen_text(app))
        groups = group_of(app)
        grooves: set[str] = set()
        edges: set[str] = set()
        for r in range(5):
            for c in range(6):
                a, b = groups[c, r], groups[c + 1, r]
                sep = rows[r][xs[c] + 3]  # the column between two cells
                if a is not None and a == b:
                    grooves.add(sep)
                elif a is not None or b is not None:
                    edges.add(sep)
        for r in range(4):
            for c in range(7):
                a, b = groups[c, r], groups[c, r + 1]
                under = between[r][xs[c] - 2:xs[c] + 3]  # the line under a cell
                if a is not None and a == b:
                    grooves.add(under)
                elif a is not None or b is not None:
                    edges.add(under)
        assert grooves and edges
        assert all(s.strip() for s in edges), f"an edge between pieces is blank: {edges}"
        assert not grooves & edges, f"edges look like grooves: {edges} / {grooves}"


async def test_claimed_pieces_are_bracketed_and_the_bar_marks_are_explained() -> None:
    app = make_app("lechocolat", 2, state=played(16))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        shown = screen_text(app)
        view = app.view
        tiles = {t["cell"]: t for t in view["tiles"]}
        for seat, name in [(0, "Your"), (1, "Candy Bot 1's")]:
            line = next(x for x in shown.splitlines() if f"{name} pieces" in x)
            # the bar's mark of this player's squares is explained on the same line
            assert f"░{MARKS[seat]}░" in line
            start = shown.index(line)
            text = shown[start:shown.index("\n", start + len(line))] if seat == 0 else \
                shown[start:]
            pieces = re.findall(r"\[([^\]]*)\]", text)
            wanted = []
            for g in view["claimed"][seat]:
                a, _, b = g.partition(":")
                b = b or a
                wanted.append([code(view, tiles[f"{chr(c)}{r}"]["up"])
                               for r in range(int(a[1:]), int(b[1:]) + 1)
                               for c in range(ord(a[0]), ord(b[0]) + 1)])
            assert wanted, "a claimed piece was expected"
            got = [[t.split("/")[0] for t in p.split("·")] for p in pieces[:len(wanted)]]
            assert got == wanted, f"{name} pieces shown as {pieces}, expected {wanted}"


def _card_on_screen(shown: str, state: State) -> None:
    view = state.view(0)
    card = view["scoring_card"]
    lines = shown.splitlines()
    assert card["name"] in shown, f"the card's name is cut: {card['name']}"
    for f, v in card["values"].items():
        value = re.escape(f"{v:+d}")
        assert re.search(rf"{code(view, f)}(\s+\w+)?\s*{value}", shown), f"{f} {v:+d} not shown"
    for s in card["sets"]:
        codes = r"\W+".join(code(view, f) for f in s["flavours"])
        assert any(re.search(rf"(?i)set.*{codes}\W+{s['points']}", x) or
                   re.search(rf"{codes}\W+{s['points']}", x) for x in lines), (
            f"the set {s} is not on the screen")
    for m in card["majorities"]:
        assert re.search(rf"(?i)most\b.*{code(view, m['flavour'])}\W+{m['points']}", shown), (
            f"the majority {m} is not on the screen")


@pytest.mark.parametrize("card", ["classic", "fruity", "rainbow", "truffle"])
async def test_the_whole_card_and_bar_fit_80x24_even_with_a_three_line_status(card: str) -> None:
    state = played(0, card=card)
    app = make_app("lechocolat", 2, state=state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon", *"claim zz", "enter")  # refused: a message above the prompt
        await pilot.pause()
        status = str(app.query_one("#status").render())
        assert len(status.splitlines()) >= 2
        shown = screen_text(app)
        bar_grid(shown)  # the letters and all five rows are on the screen
        _card_on_screen(shown, state)


async def test_the_claim_prompt_names_a_move_the_move_line_accepts() -> None:
    app = make_app("lechocolat", 2, state=played(6, phase="claim"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        status = str(app.query_one("#status").render())
        m = re.search(r"type (claim [a-g]\d(?::[a-g]\d)?)", status)
        assert m, f"the prompt names no move to type: {status!r}"
        before = len(app.state.history)
        await pilot.press("colon", *m.group(1), "enter")
        await settle(pilot, app)
        assert len(app.state.history) > before
        assert str(app.state.history[before]) == m.group(1)
