"""docs/rl.md's generated tables (sizes, action id ranges, observation fields) equal the code's."""

from __future__ import annotations

from pathlib import Path

from sweettooth.rl.doc import BEGIN, END, action_kind, generated_markdown

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_generated_tables_in_docs_rl_md_are_the_codes() -> None:
    text = DOC.read_text(encoding="utf-8")
    found = text[text.index(BEGIN):text.index(END) + len(END)]
    assert found == generated_markdown(), (
        "docs/rl.md is out of date: run python -m sweettooth.rl.doc --write docs/rl.md"
    )


def test_action_kinds_name_the_verbs() -> None:
    assert action_kind("split a1:g5 at b") == "split"
    assert action_kind("store 9 P2 red+green for brown+pink") == "store 9"
    assert action_kind("take store 3") == "take store"
    assert action_kind("take a1") == "take"
    assert action_kind("c4") == "flip square"
    assert action_kind("p1.3") == "flip round tile"
    assert action_kind("last resort 4") == "last resort"
