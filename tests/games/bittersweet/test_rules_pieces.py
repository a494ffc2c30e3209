"""BitterSweet's help lists every Choc with an ability of the card set in play (issue 31 item 2),
written from the card data: a set that gains a Choc is described, or this fails.

The card data is read here straight from the shipped TOML files (not through the generator's
own loading), so a Choc the generator skipped or described wrongly is caught."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import pytest

import sweettooth as st
from sweettooth.core.rules_text import plain_rules, rules_markdown, split_sections
from sweettooth.games.bittersweet.components import CARD_SETS, Effect, load_components
from sweettooth.tui.help import rules_text

DATA = resources.files("sweettooth.games.bittersweet").joinpath("data")
NAMED_IN_THE_ISSUE = ("apple-pie", "cherry", "passion-fruit", "raspberry", "toffee-crunch",
                      "vanilla", "white-creme")


def card_set_files() -> dict[str, Any]:
    """Each shipped Choc file by the card set that plays it, as raw TOML."""
    out = {}
    for cards in CARD_SETS:
        comps = load_components(cards=cards)
        for f in DATA.iterdir():
            if f.name.startswith("chocs") and f.name.endswith(".toml"):
                raw = tomllib.loads(f.read_text(encoding="utf-8"))
                if [c["id"] for c in raw["choc"]] == [c.id for c in comps.chocs] and all(
                        c.ability is None or raw["choc"][i]["ability"]["effects"][0]["do"]
                        == c.ability.effects[0].do for i, c in enumerate(comps.chocs)):
                    out[cards] = raw
    return out


def pieces(cards: str) -> str:
    return dict(split_sections(rules_markdown("bittersweet", {"cards": cards})))["Pieces"]


def test_every_choc_file_is_a_card_set_of_the_game() -> None:
    files = [f.name for f in DATA.iterdir()
             if f.name.startswith("chocs") and f.name.endswith(".toml")]
    assert set(card_set_files()) == set(CARD_SETS)
    assert len(files) == len(CARD_SETS), "a Choc file that no card set plays"


@pytest.mark.parametrize("cards", CARD_SETS)
def test_help_describes_every_choc_with_an_ability(cards: str) -> None:
    raw = card_set_files()[cards]
    text = pieces(cards)
    described = 0
    for choc in raw["choc"]:
        if "ability" not in choc and "held" not in choc:
            continue
        described += 1
        link = f"[{choc['name']}](piece:choc/{choc['id']})"
        assert text.count(link) >= 1, f"{cards}: {choc['name']} is not in the help"
        line = next(ln for ln in text.splitlines() if ln.startswith(f"- {link}"))
        for effect in choc.get("ability", {}).get("effects", []):
            kw = {("as_" if k == "as" else k): v for k, v in effect.items()}
            words = Effect(**kw).text()
            assert words[1:] in line, f"{cards}: {choc['name']}: {words!r} not said"
        if "held" in choc:
            assert "cannot return Chocs" in line
    assert described >= 26
    for cid in NAMED_IN_THE_ISSUE:
        assert f"(piece:choc/{cid})" in text


@pytest.mark.parametrize("cards", CARD_SETS)
def test_help_states_the_faq_cases(cards: str) -> None:
    turn = dict(split_sections(rules_markdown("bittersweet", {"cards": cards})))["Your turn"]
    assert "in its entirety" in turn and "none of it is done" in turn  # FAQ 1
    assert "with both" in turn  # FAQ 2: two cards under YUM! or YUCK!
    assert "in the order you choose" in turn  # FAQ 4: chained On Reveals
    assert "next player clockwise" in turn  # "left"
    text = pieces(cards)
    assert "not when another Choc's ability tells you to return one" in text  # FAQ 3
    assert "Once you have given it away, you may return Chocs again" in text


def test_each_set_is_named_and_its_own_cards_are_described() -> None:
    original, revised = pieces("original"), pieces("revised")
    assert "**original**" in original and "**revised** cards, a variant of ours" in revised
    # Toffee: "return 1 Choc" in the original set, "give it to the player on your left" revised
    toffee = {c: next(ln for ln in pieces(c).splitlines() if "(piece:choc/toffee)" in ln)
              for c in CARD_SETS}
    assert "Return 1 Choc" in toffee["original"] and "left" in toffee["revised"]
    assert original != revised


def test_defaults_follow_the_game_options() -> None:
    game = st.game("bittersweet")
    default = str(game.resolve_options({})["cards"])
    assert rules_markdown("bittersweet") == rules_markdown("bittersweet", {"cards": default})
    assert game.rules_text({"cards": "original"}) == rules_markdown(
        "bittersweet", {"cards": "original"})


def test_plain_mode_and_terminal_help_follow_the_set() -> None:
    for cards in CARD_SETS:
        line = next(ln for ln in pieces(cards).splitlines() if "piece:choc/toffee)" in ln)
        plain_line = line.replace("[Toffee](piece:choc/toffee)", "Toffee")
        assert plain_line in plain_rules("bittersweet", {"cards": cards})
        assert plain_line in rules_text("bittersweet", {"cards": cards})


def test_preference_tables_in_words_match_the_data() -> None:
    for cards in CARD_SETS:
        comps = load_components(cards=cards)
        text = pieces(cards)
        for p in comps.preferences:
            line = next(ln for ln in text.splitlines() if f"(piece:pref/{p.attribute})" in ln)
            for n in range(1, 8):
                each = p.per_choc[min(n, len(p.per_choc)) - 1]
                assert f"{each} each" in line or (each == 0 and "nothing" in line), (cards, p)
