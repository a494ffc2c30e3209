"""The player-facing rules texts (issues 12 and 13): one per game, complete, in player words,
every piece link naming a real piece, and each worked example agreeing with the engine."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import sweettooth as st
from sweettooth.core import UnknownGame
from sweettooth.core.data import load_data
from sweettooth.core.rules_text import (
    PIECE_KINDS,
    REQUIRED_SECTIONS,
    piece_links,
    plain_rules,
    rules_markdown,
    sections,
)

GAMES = st.games()

# Words and marks that belong to developers, not players: rule ids (BB-8), the seed, state
# snapshots, seat notation (p0.3), option/field names with underscores.
DEVELOPER_WORDS = [
    (re.compile(r"\b[A-Z]{2}-\d"), "a rule id"),
    (re.compile(r"\bseed", re.IGNORECASE), "the seed"),
    (re.compile(r"snapshot", re.IGNORECASE), "snapshot"),
    (re.compile(r"\bp\d\."), "seat notation"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a code name with an underscore"),
    (re.compile(r"\b(json|toml|api|engine)\b", re.IGNORECASE), "a programmer's word"),
]


def rules_source(game_id: str) -> str:
    """The text as the game package ships it, parts written from data not yet filled in."""
    ref = resources.files(f"sweettooth.games.{game_id}").joinpath("rules.md")
    return ref.read_text(encoding="utf-8")


def body(game_id: str, heading: str) -> str:
    return dict(sections(game_id))[heading]


# -- the texts themselves ----------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_rules_text_with_its_title(game_id: str) -> None:
    text = rules_markdown(game_id)
    assert text.splitlines()[0] == f"# {st.game(game_id).title}"
    assert st.game(game_id).rules_text() == text
    # about 60-150 lines written by hand; BitterSweet's list of Chocs is written from its data
    written = rules_source(game_id)
    assert 60 <= len(written.splitlines()) <= 150, "keep the text readable: about 60-150 lines"


@pytest.mark.parametrize("game_id", GAMES)
def test_required_sections_in_order(game_id: str) -> None:
    headings = [h for h, _ in sections(game_id)][1:]
    assert tuple(headings[: len(REQUIRED_SECTIONS)]) == REQUIRED_SECTIONS
    assert headings[len(REQUIRED_SECTIONS):] in ([], ["Pieces"])
    assert all(b.strip() for _, b in sections(game_id)), "no empty section"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_developer_words(game_id: str) -> None:
    text = plain_rules(game_id)
    for pattern, what in DEVELOPER_WORDS:
        hit = pattern.search(text)
        assert hit is None, f"{game_id}: {what} in the rules text: {hit.group(0)!r}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_is_explained_under_variants(game_id: str) -> None:
    # The lobby labels an option by its name with spaces ("max turns"): the text uses that.
    variants = body(game_id, "Variants").lower()
    for opt in st.game(game_id).option_specs:
        assert opt.name.replace("_", " ") in variants, f"{game_id}: option {opt.name} missing"


def test_unknown_game() -> None:
    with pytest.raises(UnknownGame, match="chess"):
        rules_markdown("chess")
    with pytest.raises(UnknownGame):
        plain_rules("../core")


def test_plain_rules_keep_the_link_text_only() -> None:
    for game_id in GAMES:
        plain = plain_rules(game_id)
        assert "piece:" not in plain
        for link in piece_links(rules_markdown(game_id)):
            assert link.text in plain


# -- pieces -------------------------------------------------------------------------------------
def real_pieces(game_id: str) -> dict[str, set[str]]:
    """Every (kind -> ids) a rules text of `game_id` may link to, from the game's data/views."""
    game: Any = st.game(game_id)
    if game_id == "lechocolat":
        comps = game.components(game.options)
        view = game.new(players=2).view(None)
        return {"flavour": {f["id"] for f in view["flavours"]} | {"blank"},
                "card": {c.id for c in comps.cards}}
    if game_id == "bonbons":
        return {"face": set(game.box.face_codes), "back": {"round", "square"}}
    if game_id == "sweetnose":
        view = game.new(players=3).view(None)
        return {"sweet": set(view["kinds"]),
                "store": {str(t["number"]) for t in view["stores"]["tiles"]},
                "marker": {str(v) for v in range(1, len(view["kinds"]) + 1)}}
    if game_id == "sweetshop":
        data = json.loads(resources.files("sweettooth.games.sweetshop").joinpath(
            "data", "cards.json").read_text(encoding="utf-8"))
        cards = {r["code"] + s["code"] for r in data["ranks"] for s in data["suits"]}
        return {"card": cards,
                "die": {f"{c}-{n}" for c in ("white", "discard") for n in range(1, 7)}}
    if game_id == "bittersweet":
        view = game.new(players=2).view(None)
        prefs = load_data("sweettooth.games.bittersweet", "preferences.toml")
        return {"choc": set(view["whereabouts"][0]["chocs"]),
                "pref": {c["attribute"] for c in prefs["card"]},
                "wrapper": {"empty"}}
    raise AssertionError(f"no piece list for {game_id}")


@pytest.mark.parametrize("game_id", GAMES)
def test_piece_kinds_are_documented(game_id: str) -> None:
    assert set(PIECE_KINDS[game_id]) == set(real_pieces(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_piece_link_names_a_real_piece(game_id: str) -> None:
    links = piece_links(rules_markdown(game_id))
    assert len(links) >= 3, "draw the game's own pieces in its rules"
    pieces = real_pieces(game_id)
    for link in links:
        assert link.kind in pieces, f"{game_id}: unknown piece kind {link.kind!r}"
        assert link.id in pieces[link.kind], f"{game_id}: no {link.kind} {link.id!r}"
        assert link.text.strip() and "piece:" not in link.text
    # every link is well formed: no stray `piece:` that the pattern missed
    assert rules_markdown(game_id).count("(piece:") == len(links)


# -- worked examples, computed by the engine ---------------------------------------------------
def test_lechocolat_worked_example() -> None:
    from sweettooth.games.lechocolat.scoring import score

    game: Any = st.game("lechocolat")
    comps = game.components(game.options)
    side = comps.side_of
    b = side("blank")
    you = ([(side("dark"), b)] * 4 + [(side("milk"), side("mint"))] * 2
           + [(side("mint"), b), (b, side("white")), (b, b)])
    them = ([(side("dark"), b)] * 2 + [(side("milk"), b)] + [(side("hazelnut"), b)] * 3
            + [(side("raspberry"), b)] * 2)
    scores, winners, parts = score(comps.card("classic"), comps, [you, them])
    assert scores == [15, 10] and winners == [0]
    assert sum(parts[0]["flavours"].values()) == 9
    assert [s["vp"] for s in parts[0]["sets"]] == [3]
    assert [m["vp"] for m in parts[0]["majorities"]] == [3]
    assert parts[0]["discarded"] == 1 and parts[0]["tiles_claimed"] == 9
    text = body("lechocolat", "Scoring")
    for figure in ("**9**", "1 complete set: **3**", "**15 VP**", "**10 VP**", "15 to 10"):
        assert figure in text


def test_bonbons_worked_example() -> None:
    game: Any = st.game("bonbons")
    ann = ["red caramel", "yellow praline", "green toffee", "blue caramel"]
    bob = ["yellow caramel", "red lollipop", "green nougat", "blue lollipop"]
    s = game.arrange(2, [ann, bob], grid={"a1": "red lollipop", "b1": "blue nougat"})
    s.apply(game.parse_action(s, "a1"))
    s.apply(game.parse_action(s, "p1.2"))  # the theft
    s.apply(game.parse_action(s, "give p0.4"))  # Ann's fourth tile goes to Bob
    assert s.to_move == 0, "after a theft Ann goes again"
    s.apply(game.parse_action(s, "b1"))
    s.apply(game.parse_action(s, "p0.3"))  # green toffee: no match
    rows = s.view(None)["rows"]
    assert [t["state"] for t in rows[0]] == ["down", "down", "down", "found"]
    assert rows[0][3]["face"] == "red lollipop" and rows[0][2]["face"] == "green toffee"
    assert [t["state"] for t in rows[1]] == ["down"] * 4
    assert s.to_move == 1, "no match ends Ann's turn"
    text = body("bonbons", "Scoring")
    assert "1 face-up tile and 3 face-down tiles" in text and "4 face-down tiles" in text


def test_sweetnose_worked_example() -> None:
    from sweettooth.games.sweetnose.components import KINDS
    from sweettooth.games.sweetnose.scoring import count_sweetness, eligible_level

    assert KINDS == ("red", "green", "brown", "pink", "yellow")  # the table's column order
    sweets, markers, market = [2, 1, 3, 1, 1], [4, 5, 1, 3, 2], [0, 0, 1, 2, 0]
    sp, lines = count_sweetness(sweets, markers, market, ignore_market=False)
    assert sp == 26 and [ln["subtotal"] for ln in lines] == [8, 5, 6, 5, 2]
    assert count_sweetness(sweets, markers, market, ignore_market=True)[0] == 21  # store 5
    assert eligible_level(26) == 26  # any tile except the 31+ ones
    text = body("sweetnose", "Scoring")
    assert "8 + 5 + 6 + 5 + 2 = **26 SP**" in text and "8 + 5 + 3 + 3 + 2 = **21 SP**" in text


def test_sweetnose_store_levels_match_the_house_set() -> None:
    view = st.game("sweetnose").new(players=3).view(None)
    levels = {t["number"]: t["level"] for t in view["stores"]["tiles"]}
    listed = re.findall(r"\[Store (\d+)\]\(piece:store/\1\), (\d+)\+", body("sweetnose", "Pieces"))
    assert {int(n): int(level) for n, level in listed} == levels


def test_sweetshop_worked_examples() -> None:
    game: Any = st.game("sweetshop")
    s = game.position(shelf=["7C", "8H", "KS", "5D", "9H", "JC"], basket=["9S"],
                      white=(2, 5, 3, 6), discard=(3, 3), deck=["4C", "6D", "2H", "10D"])
    s.apply(game.parse_action(s, "eat 9S with 3+6"))
    s.apply(game.parse_action(s, "grab 5 with 2+5"))
    view = s.view(0)
    assert view["bonuses"]["flavour_changer"]["have"] == 1, "a Spade eaten with its total"
    assert view["basket"] == ["9H"] and view["tummy"] == ["9S"]
    s.apply(game.parse_action(s, "end turn"))
    assert s.view(0)["discarded"] == ["KS"], "a double marks one card only"

    end = game.position(shelf=["7C", "8H", "KS", "5D", "9H", "2C"], deck=["4C"],
                        tummy=["7H", "AS", "3C", "9D", "10S", "JH", "KD"], basket=["QC", "5H"])
    score = end.view(0)["score"]
    assert (score["plain"]["points"], score["J"]["points"], score["K"]["points"]) == (5, 2, 3)
    assert score["total"] == 10 and score["basket_unscored"] == 2
    assert "5 x 1 = 5, the Jack 2 and the King 3: **10 points**" in body("sweetshop", "Scoring")


def test_bittersweet_worked_example() -> None:
    from sweettooth.games.bittersweet.scoring import choc_points, score_hand

    game: Any = st.game("bittersweet")
    comps = game.components({**game.options, "cards": "revised"})  # the set rules.md shows
    choc = {c.id: i for i, c in enumerate(comps.chocs)}
    pref = {p.attribute: i for i, p in enumerate(comps.preferences)}
    hand = [choc[c] for c in ("mocha", "honey", "banana", "pistachio", "pecan", "caramel-bunny")]
    out = score_hand(comps, hand, [pref["dark"]], [pref["solid"]])
    assert out["choc_points"] == {"mocha": 3, "honey": 2, "banana": 3, "pistachio": 2,
                                  "pecan": -1, "caramel-bunny": 1}
    assert (out["chocs"], out["yum_points"], out["yuck_points"], out["total"]) == (10, 8, -2, 16)
    assert out["yum"][0]["matching"] == 4, "the wild counts for YUM!"
    text = body("bittersweet", "Scoring")
    for figure in ("**10**", "2 points each: **+8**", "1 point each: **-2**", "= **16**"):
        assert figure in text
    # the Pieces list (written from the data of the set in play): veggie points, tables
    pieces = body("bittersweet", "Pieces")
    for cid in ("pea-pod", "green-olive", "garlic-cloves"):
        pts = choc_points(comps.chocs[choc[cid]], [])
        assert f"(piece:choc/{cid}) (veggie, {pts} point" in pieces


# -- the developer pages docs/rules/<game>.md ----------------------------------------------------
RULINGS = {"lechocolat": ("LC", 6), "bonbons": ("BB", 8), "sweetnose": ("SN", 9),
           "sweetshop": ("SS", 6), "bittersweet": ("BS", 5)}
DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_page_states_every_ruling_and_stands_alone(game_id: str) -> None:
    page = (DOCS / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    prefix, count = RULINGS[game_id]
    rulings = page.split("\n## Rulings\n", 1)[1].split("\n## ", 1)[0]
    for n in range(1, count + 1):
        stated = re.search(rf"^- \*\*{prefix}-{n}\*\* \S.{{40,}}", rulings, re.MULTILINE)
        assert stated, f"{game_id}: ruling {prefix}-{n} is not stated under Rulings"
    assert not re.search(rf"\b{prefix}-{count + 1}\b", page), "a ruling id that does not exist"
    assert f"games/{game_id}/rules.md" in page, "the page names the players' rules text"


def test_no_doc_points_outside_the_repository() -> None:
    root = DOCS.parent
    for doc in [root / "README.md", *sorted(DOCS.rglob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        for bad in ("../shared", "shared/RULINGS", "shared/rulebooks", "RULINGS.md", "DESIGN.md"):
            assert bad not in text, f"{doc.relative_to(root)} points outside the repository"


# -- house rules and rulings are labelled (issue 31) --------------------------------------------
LABELLED = [  # (game, words of the rules text, its label): what is ours, not printed
    ("sweetnose", "when every player has taken 10 turns", "*house rule*"),  # SN-5
    ("sweetnose", "with 5 players, 3 drawn from the removed\nones", "*our ruling*"),  # SN-2
    ("bonbons", "2000 turns in all", "*house rule*"),  # BB-7's end, made finite
    ("bittersweet", "at most 2 extra in a turn", "*house rule*"),
]


@pytest.mark.parametrize(("game_id", "words", "label"), LABELLED)
def test_house_rules_and_rulings_are_labelled_where_stated(
        game_id: str, words: str, label: str) -> None:
    text = rules_markdown(game_id)
    at = text.find(words)
    assert at >= 0, f"{game_id}: {words!r} is no longer stated"
    near = text[max(0, at - 60): at + len(words) + 60]
    assert label in near, f"{game_id}: {words!r} is ours but not labelled {label}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_limit_option_is_labelled_a_house_rule(game_id: str) -> None:
    """An option that bounds a game (max turns, turn limit, max bid) is not printed: its
    Variants entry says it is a house rule."""
    variants = body(game_id, "Variants")
    for opt in st.game(game_id).option_specs:
        if opt.name.startswith("max_") or opt.name.endswith("_limit"):
            entry = variants.split(f"**{opt.name.replace('_', ' ').capitalize()}**", 1)
            assert len(entry) == 2, f"{game_id}: no Variants entry for {opt.name}"
            assert "*house rule*" in entry[1].split("\n- ", 1)[0], f"{game_id}: {opt.name}"
