"""BitterSweet's components: the 45 Chocs and each player's 12 Preference cards.

The printed cards are not in our rulebook, so the shipped sets are house data (BS-1, BS-2),
validated here on load. There are two: the original set, the one the printed rulebook describes
(`data/chocs-original.toml`, `data/preferences-original.toml`; option `cards=original`, the
default, in which every printed statement, example and FAQ case holds), and the revised set, a
designer's variant of ours (`data/chocs.toml`, `data/preferences.toml`; `cards=revised`).
Both have the same 45 Chocs by id, name and attributes, in the same order; abilities, some
points and the Preference tables differ. A user may load another set with the same schema
(options `chocs_file`, `preferences_file`), which replaces the chosen house set's file.

A Choc's ability is a `when` (on_reveal, face_down_taken, round_end) and a list of effects; each
effect is an id from the small vocabulary in `EFFECTS` with its parameters. The engine
(`effects.py`) interprets them: no card has code of its own. A Choc may also carry a `held`
effect (no_return) that applies while it is in a hand.

Scoring kinds: `fixed` (the printed number), `one_or_three` ("1 or 3 if...": 3 when the holder has
at least / at most so many OTHER Chocs matching `match`, else 1) and `per` ("?" with +points,
"-?" with -points: that many points per OTHER Choc in hand matching `match`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from sweettooth.core.data import field, load_data, load_data_file, need

PACKAGE = "sweettooth.games.bittersweet"
CHOC_COUNT = 45
PREFERENCE_COUNT = 12
CATEGORIES = ("texture", "coating", "shape")
KINDS = ("choc", "veggie", "wild")
WHENS = ("on_reveal", "face_down_taken", "round_end")
SLOTS = ("yum", "yuck")
TARGETS = ("choose", "left", "right")

TURN_EFFECTS = ("on_reveal", "face_down_taken")
CARD_SETS = ("original", "revised")
"""The house card sets, the default (the printed game) first."""
# effect id -> (the triggers it may have, its parameters with their kinds)
EFFECTS: dict[str, tuple[tuple[str, ...], dict[str, type]]] = {
    "reveal": (TURN_EFFECTS, {"count": int}),  # reveal N other face-down Chocs, then resolve
    "peek": (TURN_EFFECTS, {"count": int}),  # look at N face-down Chocs in the box
    "extra_actions": (TURN_EFFECTS, {"count": int}),  # this turn gains N actions
    "take_wrapper": (TURN_EFFECTS, {"count": int}),  # take N Empty Wrappers from the stack
    "return": (TURN_EFFECTS, {"count": int}),  # return N Chocs from hand (no wrapper)
    "give": (TURN_EFFECTS, {"to": str}),  # give a Choc from hand to a player
    "demand": (TURN_EFFECTS, {}),  # a chosen player gives you a Choc of their choice
    "swap_preferences": (TURN_EFFECTS, {}),  # your YUM! and YUCK! cards change places
    "replace_preference": (TURN_EFFECTS, {"slot": str}),  # discard slot face up, draw anew
    "add_preference": (TURN_EFFECTS, {"slot": str}),  # draw a second card under slot
    "peek_preference": (TURN_EFFECTS, {"slot": str}),  # look at a chosen player's slot
    "show_hand": (TURN_EFFECTS, {}),  # show your hand to everyone
    "end_turn": (TURN_EFFECTS, {}),  # your turn ends after this ability
    "put_back": (("face_down_taken",), {}),  # this Choc goes back face up where it was
    # added with the revised set (cards=revised)
    "peek_hand": (TURN_EFFECTS, {}),  # look at the hand of a player of your choice
    "draw_from": (TURN_EFFECTS, {}),  # take a Choc at random from a chosen player's hand
    "trade": (TURN_EFFECTS, {}),  # swap a hand Choc with a face-up Choc of the box (face up)
    "wrappers_all": (TURN_EFFECTS, {}),  # every other player takes an Empty Wrapper
    "into_hand": (("on_reveal",), {}),  # this Choc goes from the box into your hand
    "lose_random": (TURN_EFFECTS, {"to": str}),  # that player draws a Choc at random from yours
    "pass_on": (("face_down_taken",), {"to": str}),  # this Choc goes on to that player
    "receive": (TURN_EFFECTS, {"to": str}),  # that player gives you a Choc of their choice
    "show_preference": (TURN_EFFECTS, {"slot": str}),  # show your card(s) under slot to all
    "wild": (("round_end",), {"as": str}),  # counts as matching every YUM! (or YUCK!) card
}
HELD_EFFECTS = ("no_return",)  # while in a hand: its holder cannot return Chocs


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect id with its parameters (unused ones keep their defaults)."""

    do: str
    count: int = 1
    to: str = "choose"
    slot: str = "yum"
    as_: str = "yum"

    def text(self) -> str:
        n, s = self.count, self.slot.upper() + "!"
        return {
            "reveal": f"reveal {n} other face-down Choc{'s' * (n > 1)}",
            "peek": f"look at {n} face-down Choc{'s' * (n > 1)} in the box",
            "extra_actions": f"take {n} extra action{'s' * (n > 1)} this turn",
            "take_wrapper": f"take {n} Empty Wrapper{'s' * (n > 1)}",
            "return": f"return {n} Choc{'s' * (n > 1)} from your hand to the box",
            "give": "give a Choc from your hand to "
            + {"choose": "another player", "left": "the player on your left",
               "right": "the player on your right"}[self.to],
            "demand": "a player of your choice gives you a Choc of their choice",
            "swap_preferences": "swap your YUM! and YUCK!",
            "replace_preference": f"discard your {s} face up and draw a new one",
            "add_preference": f"draw a second card under your {s}",
            "peek_preference": f"look at another player's {s}",
            "show_hand": "show your hand to everyone",
            "end_turn": "your turn ends",
            "put_back": "put it back face up where it was",
            "peek_hand": "look at the hand of another player of your choice",
            "draw_from": "take a Choc at random from the hand of another player of your choice",
            "trade": "you may swap a Choc from your hand with a face-up Choc in the box (yours "
                     "goes face up where it was)",
            "wrappers_all": "every other player takes an Empty Wrapper",
            "into_hand": "it goes into your hand",
            "lose_random": f"{self._player()} takes a Choc at random from your hand",
            "pass_on": f"give it to {self._player()}",
            "receive": f"{self._player()} gives you a Choc of their choice",
            "show_preference": f"show your {s} to everyone",
            "wild": f"counts as matching your {self.as_.upper()}!",
        }[self.do]

    def _player(self) -> str:
        return {"choose": "a player of your choice", "left": "the player on your left",
                "right": "the player on your right"}[self.to]


@dataclass(frozen=True, slots=True)
class Ability:
    when: str
    effects: tuple[Effect, ...]

    def text(self) -> str:
        head = {"on_reveal": "On Reveal: ", "face_down_taken": "If face-down when taken: ",
                "round_end": "Wild: "}[self.when]
        return head + ", then ".join(e.text() for e in self.effects)


@dataclass(frozen=True, slots=True)
class Score:
    """How a Choc scores: fixed points, "1 or 3 if...", or "?"/"-?" per matching Choc."""

    kind: str
    points: int = 0
    match: str = ""
    at_least: int | None = None
    at_most: int | None = None

    def text(self) -> str:
        if self.kind == "fixed":
            return str(self.points)
        if self.kind == "per":
            sign = "?" if self.points > 0 else "-?"
            return f"{sign} ({self.points:+d} per other {self.match})"
        cond = (
            f"at least {self.at_least}" if self.at_least is not None else f"at most {self.at_most}"
        )
        return f"1 or 3 if {cond} other {self.match}"


@dataclass(frozen=True, slots=True)
class Choc:
    index: int
    id: str
    name: str
    kind: str  # choc, veggie or wild
    texture: str | None
    coating: str | None
    shape: str | None  # None for veggies, "animal" for wilds
    score: Score
    ability: Ability | None
    no_return: bool  # held effect: its holder cannot return Chocs (FAQ)

    @property
    def attributes(self) -> frozenset[str]:
        return frozenset(a for a in (self.texture, self.coating, self.shape) if a)

    def has(self, attribute: str) -> bool:
        """Whether this Choc has `attribute` (a texture, coating or shape): the same as
        `attribute in self.attributes`, without building the set."""
        return bool(attribute) and attribute in (self.texture, self.coating, self.shape)

    def matches(self, what: str) -> bool:
        """Whether this Choc has attribute `what`, or is of kind `what` (veggie, wild)."""
        return what in (self.texture, self.coating, self.shape, self.kind)

    def trigger(self, when: str) -> Ability | None:
        a = self.ability
        return a if a is not None and a.when == when else None

    def text(self) -> str:
        """The card's whole ability text, its held effect included ("" when it has none)."""
        parts = [self.ability.text()] if self.ability is not None else []
        if self.no_return:
            parts.append("While you hold it: you cannot return Chocs")
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class PreferenceCard:
    index: int
    attribute: str
    category: str
    per_choc: tuple[int, ...]

    def points(self, count: int) -> int:
        """Total points for holding `count` matching Chocs (gained under YUM!, lost under YUCK!)."""
        if count <= 0:
            return 0
        return count * self.per_choc[min(count, len(self.per_choc)) - 1]


@dataclass(frozen=True)
class Components:
    chocs: tuple[Choc, ...]
    preferences: tuple[PreferenceCard, ...]

    def choc_index(self, choc_id: str) -> int:
        return self._ids[choc_id]

    @cached_property
    def _ids(self) -> dict[str, int]:  # built once per Components (hashing the Chocs is slow)
        return {c.id: c.index for c in self.chocs}

    @cached_property
    def blockers(self) -> frozenset[int]:
        """The Chocs with the held effect no_return (their holder cannot return Chocs)."""
        return frozenset(c.index for c in self.chocs if c.no_return)

    @cached_property
    def loops(self) -> bool:
        """Whether a round could go on for ever: some ability returns a Choc face down without
        taking an Empty Wrapper (the original Toffee and Pea Pod). Such a round is stopped only
        by our repetition rule (state.py). Without one, every action uses up a finite resource
        of the round (`round_bound`)."""
        return any(e.do == "return" for c in self.chocs if c.ability for e in c.ability.effects)

    def pref_index(self, attribute: str) -> int:
        for p in self.preferences:
            if p.attribute == attribute:
                return p.index
        raise KeyError(attribute)


# -- loading and validation ------------------------------------------------------------------
def _effect(raw: Any, where: str, when: str) -> Effect:
    do = field(raw, "do", str, where)
    need(do in EFFECTS, where, f"unknown effect {do!r}; known: {', '.join(EFFECTS)}")
    whens, params = EFFECTS[do]
    need(when in whens, where, f"effect {do!r} cannot be {when!r}; allowed: {', '.join(whens)}")
    extra = sorted(set(raw) - {"do", *params})
    need(not extra, where, f"effect {do!r} takes no parameter {extra[0] if extra else ''!r}")
    kw: dict[str, Any] = {}
    for name, kind in params.items():
        value = field(raw, name, kind, where)
        if name == "count":
            need(1 <= value <= 3, where, f"count must be 1..3, got {value}")
        if name == "to":
            need(value in TARGETS, where, f"'to' must be one of {', '.join(TARGETS)}")
            need(value != "choose" or do == "give", where,
                 f"effect {do!r} goes to the player on the left or right, not 'choose'")
        if name in ("slot", "as"):
            need(value in SLOTS, where, f"{name!r} must be yum or yuck, got {value!r}")
        kw["as_" if name == "as" else name] = value
    return Effect(do, **kw)


def _score(raw: Any, where: str, matchable: set[str]) -> Score:
    kind = field(raw, "kind", str, where)
    if kind == "fixed":
        return Score("fixed", field(raw, "points", int, where))
    match = field(raw, "match", str, where)
    known = ", ".join(sorted(matchable))
    need(match in matchable, where, f"cannot match {match!r}; known: {known}")
    if kind == "per":
        pts = field(raw, "points", int, where)
        need(pts != 0, where, "'per' points must not be 0")
        return Score("per", pts, match)
    need(kind == "one_or_three", where, f"score kind must be fixed, one_or_three or per: {kind!r}")
    lo, hi = raw.get("at_least"), raw.get("at_most")
    need((lo is None) != (hi is None), where, "one_or_three needs exactly one of at_least/at_most")
    bound = lo if lo is not None else hi
    need(isinstance(bound, int) and not isinstance(bound, bool) and bound >= 0, where,
         "at_least/at_most must be a whole number >= 0")
    return Score("one_or_three", 0, match, lo, hi)


def parse_preferences(data: Any, source: str) -> tuple[PreferenceCard, ...]:
    need(isinstance(data, dict) and isinstance(data.get("card"), list), source,
         "expected a list of [[card]] tables")
    cards: list[PreferenceCard] = []
    for i, raw in enumerate(data["card"]):
        where = f"{source}: card {i + 1}"
        attr = field(raw, "attribute", str, where)
        cat = field(raw, "category", str, where)
        need(cat in CATEGORIES, where, f"category must be one of {', '.join(CATEGORIES)}")
        table = field(raw, "per_choc", list, where)
        need(bool(table) and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                                 for v in table), where, "per_choc must be whole numbers >= 0")
        need(attr not in {c.attribute for c in cards}, where, f"attribute {attr!r} twice")
        cards.append(PreferenceCard(i, attr, cat, tuple(table)))
    need(len(cards) == PREFERENCE_COUNT, source,
         f"a Preference deck has {PREFERENCE_COUNT} cards (BS-2), got {len(cards)}")
    return tuple(cards)


def parse_chocs(
    data: Any, source: str, prefs: tuple[PreferenceCard, ...]
) -> tuple[Choc, ...]:
    need(isinstance(data, dict) and isinstance(data.get("choc"), list), source,
         "expected a list of [[choc]] tables")
    by_cat = {cat: {p.attribute for p in prefs if p.category == cat} for cat in CATEGORIES}
    matchable = {p.attribute for p in prefs} | set(KINDS)
    chocs: list[Choc] = []
    for i, raw in enumerate(data["choc"]):
        where = f"{source}: choc {i + 1}"
        cid = field(raw, "id", str, where)
        where = f"{source}: choc {cid!r}"
        need(cid.replace("-", "").isalnum() and cid == cid.lower(), where,
             "id must be lower-case letters, digits and dashes")
        need(cid not in {c.id for c in chocs}, where, "id used twice")
        kind = field(raw, "kind", str, where)
        need(kind in KINDS, where, f"kind must be one of {', '.join(KINDS)}")
        attrs: dict[str, str | None] = {}
        for cat in CATEGORIES:
            value = raw.get(cat)
            ok = value is None or value in by_cat[cat] or (cat == "shape" and value == "animal")
            need(ok, where, f"{cat} {value!r} is not one of {', '.join(sorted(by_cat[cat]))}")
            attrs[cat] = value
        if kind == "veggie":
            need(attrs["shape"] is None, where, "veggies have no shape")
        need((attrs["shape"] == "animal") == (kind == "wild"), where,
             "wilds, and only wilds, are animal-shaped")
        ability = None
        if "ability" in raw:
            ab = raw["ability"]
            when = field(ab, "when", str, f"{where} ability")
            need(when in WHENS, where, f"ability 'when' must be one of {', '.join(WHENS)}")
            effects = field(ab, "effects", list, f"{where} ability")
            need(bool(effects), where, "an ability needs at least one effect")
            ability = Ability(when, tuple(_effect(e, f"{where} effect", when) for e in effects))
        no_return = False
        if "held" in raw:
            held = field(raw["held"], "do", str, f"{where} held")
            need(held in HELD_EFFECTS, where, f"held effect must be one of {HELD_EFFECTS}")
            no_return = True
            # the holder's hand must become known whenever it enters one from the box (so that
            # a player's inability to return is never a secret; see sampling.py)
            need(ability is not None and ability.when == "face_down_taken", where,
                 "a no_return Choc must also have an 'If face-down when taken' ability")
        chocs.append(Choc(i, cid, field(raw, "name", str, where), kind, attrs["texture"],
                          attrs["coating"], attrs["shape"],
                          _score(field(raw, "score", dict, where), f"{where} score", matchable),
                          ability, no_return))
    need(len(chocs) == CHOC_COUNT, source, f"the box has {CHOC_COUNT} Chocs, got {len(chocs)}")
    return tuple(chocs)


def round_bound(cells: int, chocs: int = CHOC_COUNT) -> int:
    """Turns a round can last at most when no ability returns a Choc without a wrapper.

    Count 3 for each face-down Choc in the box, 2 for each face-up one and 4 for each Empty
    Wrapper in the stack: 3 x cells + 4 x (chocs - cells) at set-up. Taking a Choc lowers it by
    2 or 3, revealing by 1, a return (which takes a wrapper) by 1, a face-down take put back face
    up by 1; no ability raises it. A turn has at least one action, so the round has ended by
    then (a printed condition always ends it first: the box is empty or all face up)."""
    return 3 * cells + 4 * (chocs - cells)


@cache
def load_components(chocs_file: str = "", preferences_file: str = "",
                    cards: str = "original") -> Components:
    """A house set (`cards`: original, the printed game, or revised, our variant), or a user's
    files (JSON or TOML with the same schema) in place of its Chocs or its Preference deck."""
    need(cards in CARD_SETS, "option 'cards'",
         f"must be one of {', '.join(CARD_SETS)}, got {cards!r}")
    tail = "" if cards == "revised" else f"-{cards}"
    pname, cname = f"preferences{tail}.toml", f"chocs{tail}.toml"
    pdata = load_data_file(preferences_file) if preferences_file else load_data(PACKAGE, pname)
    prefs = parse_preferences(pdata, preferences_file or pname)
    cdata = load_data_file(chocs_file) if chocs_file else load_data(PACKAGE, cname)
    return Components(parse_chocs(cdata, chocs_file or cname, prefs), prefs)


def components_for(options: Mapping[str, Any]) -> Components:
    """The components a game (or a view's `options`) plays with."""
    return load_components(str(options.get("chocs_file") or ""),
                           str(options.get("preferences_file") or ""),
                           str(options.get("cards") or "original"))
