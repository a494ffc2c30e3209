"""The BitterSweet card catalogue the browser client draws Chocs with (web/data/bittersweet.json).

Views name Chocs by id only; the client needs their names, icons, points and ability text. The
static file is generated from the game's house data (`python -m tests.web.catalogue`) and
`test_catalogue.py` checks it is in sync, so the data has one source.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sweettooth.games.bittersweet.components import load_components

WEB = Path(__file__).resolve().parents[2] / "src" / "sweettooth" / "server" / "web"
CATALOGUE = WEB / "data" / "bittersweet.json"


def catalogue() -> dict[str, Any]:
    comps = load_components()
    return {
        "chocs": {
            c.id: {
                "name": c.name, "kind": c.kind, "texture": c.texture, "coating": c.coating,
                "shape": c.shape, "points": c.score.text(),
                "ability": c.ability.text() if c.ability else None, "no_return": c.no_return,
            }
            for c in comps.chocs
        },
        "preferences": {
            p.attribute: {"category": p.category, "per_choc": list(p.per_choc)}
            for p in comps.preferences
        },
    }


def text() -> str:
    return json.dumps(catalogue(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    CATALOGUE.write_text(text())
    print(CATALOGUE)
