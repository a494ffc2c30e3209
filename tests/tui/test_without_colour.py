"""Faces told apart by colour on screen are told apart without it too (NO_COLOR, and the
players who cannot tell red from green): Bonbons' candies and Sweet Nose's kinds of sweets."""

from __future__ import annotations

from sweettooth.games.bonbons.components import load_box
from sweettooth.games.sweetnose.components import KINDS
from sweettooth.tui.games.bonbons import face_text
from sweettooth.tui.games.sweetnose import dots, mark


def test_every_bonbons_face_reads_differently_in_plain_text() -> None:
    box = load_box()
    faces = [box.face_name(f) for f in range(len(box.candies) * len(box.colours))]
    plain = {f: face_text(f).plain for f in faces}
    assert len(set(plain.values())) == len(faces), plain


def test_every_sweet_nose_kind_reads_differently_in_plain_text() -> None:
    assert len({mark(k).plain for k in KINDS}) == len(KINDS)
    assert len({dots(k, 3).plain for k in KINDS}) == len(KINDS)
