"""Sweet Nose's exchange prompt as picks are made: it names what is left to pick."""

from __future__ import annotations

import random

import pytest

from .helpers import heuristic_move, make_app, settle

pytestmark = pytest.mark.anyio


async def test_the_exchange_prompt_asks_for_what_the_picks_still_need() -> None:
    """After a first pick the prompt names what is left to pick: the sweet wanted for one of
    your plate, yours for another's, or (a store's pieces picked) the store tile; after the
    store tile, what the store does."""
    app = make_app("sweetnose", 4, seed=13)
    rng = random.Random(1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        while not (app.view["phase"] == "exchange" and app.view["stores"]["held"][0]
                   and app.view.get("turn_step") != "after exchange"):
            assert app.state.to_move is not None
            await app.play(heuristic_move(app, rng))
            await settle(pilot, app)
        n = app.view["stores"]["held"][0]
        legal = app.view["legal_actions"]
        trade = next(a for a in legal if a.startswith("trade "))
        mine, theirs = app.face.keys(trade, app.view) or []

        async def prompt_after(key: str) -> str:
            await app.pick(key)
            await pilot.pause()
            said = str(app.query_one("#status").render())
            app.action_cancel()
            return said

        assert "now the sweet you want for it" in await prompt_after(mine)
        assert "now the sweet on your plate you give for it" in await prompt_after(theirs)
        assert f"store {n}: " in await prompt_after(f"store:{n}")
        store_move = next((a for a in legal if a.startswith(f"store {n} ")), None)
        assert store_move is not None, legal
        keys = app.face.keys(store_move, app.view) or []
        other = next(k for k in keys if k != f"store:{n}")
        assert other.startswith("bowl:")  # store 3 here: a sweet of another's bowl
        assert "now your store tile" in await prompt_after(other)
