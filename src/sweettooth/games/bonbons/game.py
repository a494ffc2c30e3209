"""Bonbons: the game's metadata, options, set-up (BB-1, BB-2, BB-8) and determinization.

Options:

- `variant`: `standard` (6x6 grid, 32 round tiles) or `quick` (5x5: two candies and the coins
  removed, BB-8).
- `removed`: quick variant only: the two candies to take out, named like `toffee+nougat`; empty
  (the default) draws them at random from the game's seed. Either way they are public.
- `turn_limit`: house rule (ours): the game stops after this many turns in all; the players
  with the fewest face-down round tiles then share the win. Without it two players who never
  risk a flip could play forever, and no game would have a length bound.
- `memory_aid` (off by default; ours): whether people's screens keep showing the faces of
  face-down tiles seen before. It changes no rule and no view: `person_view` applies it to what
  a person's screen receives (bots always get the whole view, the table's memory).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from sweettooth.core import JSON, Game, Option, OptionError, OptionValue

from .components import Box, Layout, load_box
from .render import render
from .sampling import state_from_view
from .state import BonbonsState
from .view import person_view

DEFAULT_TURN_LIMIT = 2000


class BonbonsGame(Game[BonbonsState]):
    """The memory game: pair square tiles with your round tiles, steal, and mind the wrapper.

    >>> import sweettooth as st
    >>> s = st.game("bonbons").new(players=2, seed=3)
    >>> [str(a) for a in s.legal_actions()][:3], [str(a) for a in s.legal_actions()][-5:]
    (['a1', 'b1', 'c1'], ['p0.4', 'p1.1', 'p1.2', 'p1.3', 'p1.4'])
    >>> s.apply(s.game.parse_action(s, "a1")); s.view(1)["phase"]
    'after square'
    """

    id = "bonbons"
    title = "Bonbons"
    min_players = 2
    max_players = 6
    option_specs = (
        Option("variant", "standard", "standard (6x6) or quick (5x5, BB-8)",
               choices=("standard", "quick")),
        Option("removed", "", "quick variant: the 2 candies removed, e.g. 'toffee+nougat'; "
               "empty: drawn from the seed"),
        Option("turn_limit", DEFAULT_TURN_LIMIT, "house rule: the game stops after this many "
               "turns; fewest face-down round tiles wins", minimum=1),
        Option("memory_aid", False, "people's screens keep showing the faces seen before "
               "(off: each player remembers them; bots always remember)"),
    )

    def person_view(self, view: JSON) -> JSON:
        """A person's screen remembers no face unless `memory_aid` is on (view.py)."""
        return person_view(view)

    @property
    def box(self) -> Box:
        return load_box()

    def layout(self, options: Mapping[str, OptionValue], rng: random.Random | None) -> Layout:
        """The tiles in play; draws the removed candies from `rng` when the user named none."""
        box = self.box
        named = str(options["removed"]).strip()
        if options["variant"] == "standard":
            if named:
                raise OptionError("option 'removed' applies only to variant 'quick'")
            return box.layout(())
        if not named:
            if rng is None:
                raise OptionError("the quick variant needs its removed candies")
            return box.layout(tuple(rng.sample(range(len(box.candies)), box.quick_removes)))
        try:
            removed = tuple(box.candy_index(c) for c in named.replace(",", "+").split("+"))
        except ValueError as exc:
            raise OptionError(f"option 'removed': {exc}") from None
        if len(set(removed)) != box.quick_removes or len(removed) != box.quick_removes:
            raise OptionError(
                f"option 'removed' must name {box.quick_removes} different candies joined by "
                f"'+' (e.g. '{box.candies[0]}+{box.candies[1]}'), got {named!r}"
            )
        return box.layout(removed)

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> BonbonsState:
        rng = random.Random(seed)
        lay = self.layout(options, rng)
        rounds, squares = list(lay.round_faces), list(lay.square_faces)
        rng.shuffle(rounds)  # BB-2: dealt face down, unseen; the rest is the draw pile
        rng.shuffle(squares)  # the grid
        return BonbonsState.deal(self, players, seed, options, lay, rounds, squares,
                                 int(options["turn_limit"]))

    def arrange(
        self,
        players: int,
        rows: Sequence[Sequence[str]],
        grid: Mapping[str, str] | None = None,
        pile: Sequence[str] = (),
        seed: int = 0,
        **options: Any,
    ) -> BonbonsState:
        """A position for tests and puzzles: seat p's round tiles are `rows[p]` (face names such
        as 'red lollipop', slot order), `grid` places faces on squares ('a1': 'coin'), `pile`
        gives the first tiles of the draw pile; every other tile is dealt from `seed`.

        >>> g = BonbonsGame()
        >>> mine = ["red lollipop", "red caramel", "red toffee", "red nougat"]
        >>> yours = ["blue lollipop", "blue caramel", "blue toffee", "blue nougat"]
        >>> s = g.arrange(2, [mine, yours], grid={"a1": "red lollipop"})
        >>> s.apply(g.parse_action(s, "a1")); s.apply(g.parse_action(s, "p0.1"))
        >>> s.view(None)["log"][-1], s.to_move
        ('p0 p0.1: red lollipop (match)', 0)
        """
        self.check_players(players)
        opts = self.resolve_options(options)
        if opts["variant"] == "quick" and not opts["removed"]:
            raise OptionError("arrange a quick game with removed='candy+candy'")
        lay = self.layout(opts, None)
        box, codes, rng = lay.box, lay.box.face_codes, random.Random(seed)
        deal = box.deal
        if len(rows) != players or any(len(r) != deal for r in rows):
            raise ValueError(f"rows must give {players} rows of {deal} face names")
        try:
            chosen_rounds = [codes[f] for r in rows for f in r] + [codes[f] for f in pile]
            placed = {self._square(lay, k): codes[v] for k, v in (grid or {}).items()}
        except KeyError as exc:
            raise ValueError(f"unknown face or square {exc}") from None
        rounds = chosen_rounds + self._rest(lay.round_faces, chosen_rounds, rng, "round")
        rest = self._rest(lay.square_faces, list(placed.values()), rng, "square")
        squares = [placed[p] if p in placed else rest.pop() for p in range(lay.squares)]
        return BonbonsState.deal(self, players, seed, opts, lay, rounds, squares,
                                 int(opts["turn_limit"]))

    @staticmethod
    def _square(lay: Layout, name: str) -> int:
        for p in range(lay.squares):
            if lay.square_name(p) == name:
                return p
        raise KeyError(name)

    @staticmethod
    def _rest(all_faces: tuple[int, ...], used: list[int], rng: random.Random,
              what: str) -> list[int]:
        left = Counter(all_faces)
        left.subtract(used)
        if any(v < 0 for v in left.values()):
            raise ValueError(f"a {what} face is used more often than the box holds it")
        rest = sorted(left.elements())
        rng.shuffle(rest)
        return rest

    def sample(self, view: JSON, seat: int, seed: int) -> BonbonsState:
        given = view.get("options") or {
            "variant": view["variant"], "removed": "+".join(view["removed"]),
            "turn_limit": view["turn_limit"],
        }
        options = self.resolve_options(given)
        removed = tuple(self.box.candy_index(c) for c in view["removed"])
        return state_from_view(self, view, options, self.box.layout(removed), seed)

    def max_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """Each go that pairs tiles takes at most 3 actions (flip, flip, give back) and makes a
        round tile face up for good, the one coin run 4; every other go ends a turn in at most 3
        actions (coin, coin, square), and the game stops after `turn_limit` turns."""
        rounds = len(self.box.layout(() if options["variant"] == "standard" else
                                     tuple(range(self.box.quick_removes))).round_faces)
        return 3 * rounds + 1 + 3 * int(options["turn_limit"])

    def variants(self) -> list[dict[str, OptionValue]]:
        return [{}, {"variant": "quick"}]

    def render(self, view: JSON) -> str:
        return render(view)
