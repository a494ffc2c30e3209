"""docs/rules/bittersweet.md describes the card data it claims to (issue 31 item 2): the table of
the 45 Chocs is the printed set's (the default), ability for ability, and the revised variant's
table names every Choc whose ability differs there. A card set that gains or changes a Choc the
page does not describe fails here."""

from __future__ import annotations

from pathlib import Path

from sweettooth.games.bittersweet.components import load_components

PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "bittersweet.md"


def section(title_start: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"\n## {title_start}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else None]


def table_rows(text: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in text.splitlines() if line.startswith("| ") and "---" not in line]


def test_the_choc_table_is_the_default_sets_ability_for_ability() -> None:
    chocs = load_components().chocs  # the default set: the printed one
    rows = {row[1]: row for row in table_rows(section("House data: the 45 Chocs"))
            if len(row) == 8 and row[1].endswith("`)")}
    assert len(rows) == len(chocs) == 45
    for choc in chocs:
        row = rows[f"{choc.name} (`{choc.id}`)"]
        assert row[-1] == choc.text(), choc.id


def test_the_revised_table_names_every_choc_with_an_ability_of_that_set() -> None:
    revised = load_components(cards="revised").chocs
    printed = {c.id: c.text() for c in load_components(cards="original").chocs}
    named = {row[0].removesuffix(" (veggie)")
             for row in table_rows(section("The revised card set"))}
    changed = {c.name for c in revised if c.text() and c.text() != printed[c.id]}
    assert changed and changed - named == set()  # the rest reads as in the table of the 45
