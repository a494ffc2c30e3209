"""The web client's BitterSweet catalogue is generated from the game's house data, not edited."""

from __future__ import annotations

from .catalogue import CATALOGUE, text


def test_catalogue_matches_house_data() -> None:
    assert CATALOGUE.read_text() == text(), "run: python -m tests.web.catalogue"
