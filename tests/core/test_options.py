"""Game options (`core/options.py`): values read from text, checked against their kind, range
and choices, with errors that say what is accepted."""

from __future__ import annotations

import pytest

from sweettooth.core import OptionError
from sweettooth.core.options import Option

AID = Option("memory_aid", False, "show remembered faces")
TURNS = Option("max_turns", 10, "turns per player", minimum=1, maximum=100)
CARDS = Option("cards", "original", "card set", choices=("original", "revised"))


@pytest.mark.parametrize(("text", "value"), [
    ("1", True), ("true", True), (" Yes ", True), ("ON", True),
    ("0", False), ("false", False), ("no", False), ("Off", False)])
def test_a_yes_or_no_option_reads_the_usual_words(text: str, value: bool) -> None:
    assert AID.parse(text) is value


def test_words_that_are_not_yes_or_no_are_refused() -> None:
    with pytest.raises(OptionError, match="'memory_aid' must be true or false, got 'maybe'"):
        AID.parse("maybe")


def test_a_number_is_checked_against_both_ends() -> None:
    assert TURNS.parse("1") == 1 and TURNS.parse("100") == 100
    for text in ("0", "101", "-3"):
        with pytest.raises(OptionError, match=r"must be an integer >= 1, <= 100, got"):
            TURNS.parse(text)
    with pytest.raises(OptionError, match="must be an integer >= 1, <= 100, got 'ten'"):
        TURNS.parse("ten")
    with pytest.raises(OptionError, match=r"got True \(bool\)"):
        TURNS.validate(True)


def test_a_choice_must_be_one_of_the_choices() -> None:
    assert CARDS.validate("revised") == "revised"
    with pytest.raises(OptionError, match="must be one of 'original', 'revised', got 'new'"):
        CARDS.validate("new")


def test_an_unknown_option_is_named_with_the_valid_ones() -> None:
    from sweettooth.core.options import resolve_options

    assert resolve_options("g", (TURNS, CARDS), {"max_turns": 4}) == {
        "max_turns": 4, "cards": "original"}
    with pytest.raises(OptionError, match="g has no option 'turns'; valid options: cards, max_t"):
        resolve_options("g", (TURNS, CARDS), {"turns": 4})
    with pytest.raises(OptionError, match="valid options: none"):
        resolve_options("g", (), {"turns": 4})
