"""The BitterSweet card catalogue the browser client draws Chocs with (web/data/bittersweet.json).

Views name Chocs by id only; the client needs their names, icons, points and ability text. The
static file is generated from the game's house data (`python -m tests.web.catalogue`) and
`test_catalogue.py` checks it is in sync, so the data has one source.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sweettooth.games.bittersweet.components import CARD_SETS, load_components

WEB = Path(__file__).resolve().parents[2] / "src" / "sweettooth" / "server" / "web"
CATALOGUE = WEB / "data" / "bittersweet.json"


def card_set(cards: str) -> dict[str, Any]:
    comps = load_components(cards=cards)
    return {
        "chocs": {
            c.id: {
                "name": c.name, "kind": c.kind, "texture": c.texture, "coating": c.coating,
                "shape": c.shape, "points": c.score.text(),
                "ability": c.text() or None, "no_return": c.no_return,
            }
            for c in comps.chocs
        },
        "preferences": {
            p.attribute: {"category": p.category, "per_choc": list(p.per_choc)}
            for p in comps.preferences
        },
    }


def catalogue() -> dict[str, Any]:
    """Both house sets by the option `cards` (a view names its set in `options.cards`)."""
    return {"sets": {cards: card_set(cards) for cards in CARD_SETS}}


def text() -> str:
    return json.dumps(catalogue(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    CATALOGUE.write_text(text())
    print(CATALOGUE)
