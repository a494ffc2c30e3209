"""Piece data the browser client draws rules-text pieces and tooltips with (web/data/*.json).

Views carry what a table needs, but the rules text draws pieces without a view: Le Chocolat's
scoring cards and flavours, Sweet Nose's store tiles. Generated from the games' house data
(`python -m tests.web.piece_data`); `test_pieces.py` checks the files are in sync.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sweettooth.games.lechocolat.components import load_components
from sweettooth.games.sweetnose.components import default_stores

DATA = Path(__file__).resolve().parents[2] / "src" / "sweettooth" / "server" / "web" / "data"


def lechocolat() -> dict[str, Any]:
    comps = load_components()
    side = comps.side_id
    return {
        "flavours": [{"id": f.id, "name": f.name, "code": f.code} for f in comps.flavours],
        "cards": {
            c.id: {
                "id": c.id, "name": c.name,
                "values": {side(i): v for i, v in enumerate(c.values) if i},
                "sets": [{"flavours": [side(f) for f in s.flavours], "points": s.points}
                         for s in c.sets],
                "majorities": [{"flavour": side(m.flavour), "points": m.points}
                               for m in c.majorities],
            }
            for c in comps.cards
        },
    }


def sweetnose() -> dict[str, Any]:
    return {"stores": {str(t.number): {"number": t.number, "level": t.level, "caption": t.caption,
                                       "effect": t.effect} for t in default_stores()}}


FILES = {"lechocolat.json": lechocolat, "sweetnose.json": sweetnose}


def text(name: str) -> str:
    return json.dumps(FILES[name](), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    for name in FILES:
        (DATA / name).write_text(text(name))
        print(DATA / name)
