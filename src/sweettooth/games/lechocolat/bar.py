"""The chocolate bar: a 7 x 5 grid of cells and the rectangular groups it breaks into (LC-4).

Cells are named like a chess board: columns a-g from the left, rows 1-5 from the top, so the whole
bar is the group `a1:g5` and a single tile is just its cell, `c3`.

>>> Rect.parse("a1:g5").area
35
>>> str(Rect(2, 0, 1, 1))
'c1'
"""

from __future__ import annotations

from typing import NamedTuple

WIDTH, HEIGHT = 7, 5
CELLS = WIDTH * HEIGHT
COLUMNS = "abcdefg"
CELL_NAMES = tuple(f"{COLUMNS[i % WIDTH]}{i // WIDTH + 1}" for i in range(CELLS))  # a1 b1 ... g5


def cell_name(index: int) -> str:
    return CELL_NAMES[index]


def parse_cell(text: str) -> tuple[int, int]:
    """'c3' -> (2, 2) as (column, row); ValueError if it names no cell."""
    if len(text) != 2 or text[0] not in COLUMNS or text[1] not in "12345":
        raise ValueError(f"{text!r} is not a cell (a1..g5)")
    return COLUMNS.index(text[0]), int(text[1]) - 1


_RECT_TEXTS: dict[tuple[int, int, int, int], str] = {}
_RECT_CELLS: dict[tuple[int, int, int, int], tuple[int, ...]] = {}


class Rect(NamedTuple):
    """A group of tiles: always a rectangle (LC-4). x, y: top-left cell; w, h: size in cells."""

    x: int
    y: int
    w: int
    h: int

    @property
    def area(self) -> int:
        return self.w * self.h

    def cells(self) -> tuple[int, ...]:
        """The cell indices it covers, row by row (made once per rectangle, like its text)."""
        cells = _RECT_CELLS.get(self)
        if cells is None:
            cells = _RECT_CELLS[self] = tuple(
                r * WIDTH + c for r in range(self.y, self.y + self.h)
                for c in range(self.x, self.x + self.w))
        return cells

    def __str__(self) -> str:
        text = _RECT_TEXTS.get(self)
        if text is None:  # a bar has 420 rectangles: each one's text is made once
            first = f"{COLUMNS[self.x]}{self.y + 1}"
            text = first if self.area == 1 else (
                f"{first}:{COLUMNS[self.x + self.w - 1]}{self.y + self.h}")
            _RECT_TEXTS[self] = text
        return text

    @classmethod
    def parse(cls, text: str) -> Rect:
        """'b2:d3' or a single cell 'c3'; ValueError if malformed or off the bar."""
        a, _, b = text.partition(":")
        (x0, y0), (x1, y1) = parse_cell(a), parse_cell(b or a)
        if x1 < x0 or y1 < y0:
            raise ValueError(f"{text!r}: name the top-left cell first")
        return cls(x0, y0, x1 - x0 + 1, y1 - y0 + 1)

    def halves(self, vertical: bool, at: int) -> tuple[Rect, Rect]:
        """The two groups made by a straight cut: `at` is the first column (or row) of the
        second part, counted on the whole bar."""
        if vertical:
            left = at - self.x
            return Rect(self.x, self.y, left, self.h), Rect(at, self.y, self.w - left, self.h)
        top = at - self.y
        return Rect(self.x, self.y, self.w, top), Rect(self.x, at, self.w, self.h - top)


WHOLE_BAR = Rect(0, 0, WIDTH, HEIGHT)

ALL_RECTS: tuple[Rect, ...] = tuple(
    Rect(x, y, w, h)
    for x in range(WIDTH)
    for y in range(HEIGHT)
    for w in range(1, WIDTH - x + 1)
    for h in range(1, HEIGHT - y + 1)
)
