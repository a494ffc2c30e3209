"""The player-facing rules of each game: one Markdown text per game, shown by every face.

Each game package ships `rules.md` (next to its `game.py`): goal, set-up, a turn, scoring with a
worked example, the end and tie-breaks, every variant, and for games with special pieces a list
of them. The web client renders it as HTML, the terminal app as Markdown or, in plain mode, as
`plain_rules` text.

Pieces are written inline as Markdown links whose URL is `piece:<kind>/<id>`, for example
`[Cheesecake](piece:choc/cheesecake)`. The link text is always the readable name (the terminal
shows just that); a face that can draw pieces draws the piece named by kind and id. Ids are
URL-encoded (a space is `%20`); `piece_links` decodes them. The kinds, per game (also in
`PIECE_KINDS`), with ids exactly as the engine's views spell them:

    bittersweet
      choc/<id>        a Choc, by its data id: `cheesecake`, `pea-pod`, `caramel-bunny`
                       (the ids of `chocs.toml`, as in the view's Choc entries)
      pref/<attribute> a Preference card, by its attribute: `creamy`, `dark`, `pyramid`
      wrapper/empty    an Empty Wrapper card
    bonbons
      face/<name>      a tile face as the view names it: `red lollipop`, `blue nougat`,
                       `coin`, `empty wrapper`
      back/<round|square>  the back of a round tile or of a square tile
    lechocolat
      flavour/<id>     a tile side: `dark`, `milk`, `white`, `hazelnut`, `mint`, `raspberry`,
                       or `blank`
      card/<id>        a scoring card, by its data id: `classic`, `rainbow`, ...
    sweetnose
      sweet/<kind>     a sweet token: `red`, `green`, `brown`, `pink`, `yellow`
      store/<number>   a store tile, 1 to 10
      marker/<value>   a sweetness marker, 1 to 5
    sweetshop
      card/<code>      a playing card as the view writes it: `9H`, `10S`, `QD`, `AC`
      die/<colour>-<n> a die showing n: `white-4` (an action die), `discard-2` (a discard die)

>>> text = rules_markdown("lechocolat")
>>> text.startswith("# Le Chocolat")
True
>>> [h for h, _ in sections("lechocolat")][1:3]
['Goal', "What's in the box"]
>>> strip_pieces("Take [Cheesecake](piece:choc/cheesecake) now")
'Take Cheesecake now'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any
from urllib.parse import unquote

from .errors import UnknownGame

RULES_FILE = "rules.md"

REQUIRED_SECTIONS = (
    "Goal",
    "What's in the box",
    "Your turn",
    "Scoring",
    "The end and tie-breaks",
    "Variants",
)
"""The `##` sections every rules text has, in this order (`Pieces` may follow)."""

PIECE_KINDS: dict[str, dict[str, str]] = {
    "bittersweet": {
        "choc": "a Choc, by its data id (cheesecake, pea-pod, caramel-bunny)",
        "pref": "a Preference card, by its attribute (creamy, dark, pyramid)",
        "wrapper": "an Empty Wrapper card (id: empty)",
    },
    "bonbons": {
        "face": "a tile face as the view names it (red lollipop, coin, empty wrapper)",
        "back": "the back of a tile (round or square)",
    },
    "lechocolat": {
        "flavour": "a tile side: a flavour id (dark, milk, ...) or blank",
        "card": "a scoring card, by its data id (classic, rainbow, ...)",
    },
    "sweetnose": {
        "sweet": "a sweet token, by kind (red, green, brown, pink, yellow)",
        "store": "a store tile, by number (1 to 10)",
        "marker": "a sweetness marker, by value (1 to 5)",
    },
    "sweetshop": {
        "card": "a playing card as the view writes it (9H, 10S, QD, AC)",
        "die": "a die showing a number: white-<n> (action die) or discard-<n>",
    },
}
"""Per game: piece kind -> what its id means (the same as this module's docstring)."""

_LINK = re.compile(r"\[([^\]]+)\]\(piece:([a-z-]+)/([^)\s]+)\)")
_HEADING = re.compile(r"^## +(.+?)\s*$", re.MULTILINE)
_PART = re.compile(r"^<!-- from data: ([a-z-]+) -->$", re.MULTILINE)


@dataclass(frozen=True)
class PieceLink:
    """One piece named in a rules text: the words shown, and the piece's kind and id."""

    text: str
    kind: str
    id: str


def _package(game_id: str) -> str:
    if not isinstance(game_id, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", game_id):
        raise UnknownGame(f"unknown game {game_id!r}: no rules text for it")
    return f"sweettooth.games.{game_id}"


def rules_markdown(game_id: str, options: Mapping[str, Any] | None = None) -> str:
    """The player-facing rules of `game_id` played with `options` (its defaults when None), as
    Markdown with `piece:` links. A line `<!-- from data: NAME -->` of the game's text is
    replaced by `Game.rules_part(NAME, options)`, written from the game's data for the options
    in play (BitterSweet's Chocs of the active card set), so that part cannot drift from it.

    >>> rules_markdown("lechocolat").splitlines()[0]
    '# Le Chocolat'
    >>> rules_markdown("chess")
    Traceback (most recent call last):
    ...
    sweettooth.core.errors.UnknownGame: unknown game 'chess': no rules text for it
    """
    try:
        ref = resources.files(_package(game_id)).joinpath(RULES_FILE)
        text = ref.read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        raise UnknownGame(f"unknown game {game_id!r}: no rules text for it") from None
    if not _PART.search(text):
        return text
    from .registry import game as find_game

    game = find_game(game_id)
    resolved = game.resolve_options(options or {})
    return _PART.sub(lambda m: game.rules_part(m.group(1), resolved).strip(), text)


def strip_pieces(markdown: str) -> str:
    """`markdown` with every piece link reduced to its link text (other Markdown kept).

    >>> strip_pieces("a [red lollipop](piece:face/red%20lollipop) and [x](https://a.b)")
    'a red lollipop and [x](https://a.b)'
    """
    return _LINK.sub(lambda m: m.group(1), markdown)


def plain_rules(game_id: str, options: Mapping[str, Any] | None = None) -> str:
    """The rules of `game_id` as `rules_markdown` gives them, piece links reduced to their text.

    >>> "piece:" in plain_rules("lechocolat")
    False
    """
    return strip_pieces(rules_markdown(game_id, options))


def piece_links(markdown: str) -> list[PieceLink]:
    """Every piece link in `markdown`, in order, ids decoded.

    >>> piece_links("[red lollipop](piece:face/red%20lollipop)")
    [PieceLink(text='red lollipop', kind='face', id='red lollipop')]
    """
    return [PieceLink(m.group(1), m.group(2), unquote(m.group(3)))
            for m in _LINK.finditer(markdown)]


def split_sections(markdown: str) -> list[tuple[str, str]]:
    """(heading, body) pairs: first the `# title` with the text before the first `##`
    heading, then each `##` section (its `###` subsections stay in its body).

    >>> split_sections("# T\\nintro\\n## Goal\\nwin\\n## End\\nstop\\n")
    [('T', 'intro'), ('Goal', 'win'), ('End', 'stop')]
    """
    parts = _HEADING.split(markdown)
    head = parts[0].strip()
    title, _, intro = head.partition("\n")
    out = [(title.lstrip("#").strip(), intro.strip())]
    for i in range(1, len(parts), 2):
        out.append((parts[i].strip(), parts[i + 1].strip()))
    return out


def sections(game_id: str, options: Mapping[str, Any] | None = None) -> list[tuple[str, str]]:
    """The rules of `game_id` as (heading, body) pairs for a help screen: the game's title
    with its introduction first, then Goal, What's in the box, ... in order.

    >>> [h for h, _ in sections("lechocolat")][-1] in ("Variants", "Pieces")
    True
    """
    return split_sections(rules_markdown(game_id, options))
