"""How to play, for the web client: each game's rules text as Markdown and as HTML.

`GET /api/games/{game_id}/rules` answers `{"title", "markdown", "html"}`. The Markdown is the
game's one player-facing rules text (`sweettooth.core.rules_text.rules_markdown`, the same text
the terminal game shows). The HTML is rendered from it with markdown-it-py: raw HTML in the
text is escaped, tables are kept, and every piece link `[Cheesecake](piece:choc/cheesecake)`
becomes `<span class="piece-ref" data-kind="choc" data-id="cheesecake">Cheesecake</span>`, never
a live link: the web client draws the piece there with the game's renderer, or leaves the words.

`router` is included by `create_app` before the static web client is mounted at `/`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from html import escape
from typing import Annotated, Any
from urllib.parse import unquote

from fastapi import APIRouter, HTTPException, Path, Request
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

import sweettooth as st
from sweettooth.core.errors import OptionError, SweetToothError, UnknownGame
from sweettooth.core.rules_text import rules_markdown

router = APIRouter(tags=["lobby"])

GameId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[a-z][a-z0-9_]*$")]

PIECE_SCHEME = "piece:"
LOCAL_SUFFIX = "_file"
"""Options so named (`chocs_file`) name a file on the player's own machine: the server never
reads one for the rules."""


def _piece_open(
    renderer: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict,
    env: EnvType,
) -> str:
    token = tokens[idx]
    href = str(token.attrGet("href") or "")
    if not href.startswith(PIECE_SCHEME):
        return renderer.renderToken(tokens, idx, options, env)
    kind, _, ident = href[len(PIECE_SCHEME):].partition("/")
    token.meta["piece"] = True
    return (f'<span class="piece-ref" data-kind="{escape(kind)}" '
            f'data-id="{escape(unquote(ident))}">')


def _piece_close(
    renderer: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict,
    env: EnvType,
) -> str:
    # The matching link_open is the nearest unclosed one before this token at the same level.
    level = tokens[idx].level
    for j in range(idx - 1, -1, -1):
        if tokens[j].type == "link_open" and tokens[j].level == level:
            if tokens[j].meta.get("piece"):
                return "</span>"
            break
    return renderer.renderToken(tokens, idx, options, env)


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": True})
    md.enable(["table", "strikethrough", "replacements", "smartquotes"])
    md.add_render_rule("link_open", _piece_open)
    md.add_render_rule("link_close", _piece_close)
    return md


_MD = _markdown()


def render_html(markdown: str) -> str:
    """`markdown` as HTML, piece links as `span.piece-ref` (see the module docstring).

    >>> print(render_html("Take [Cheesecake](piece:choc/cheesecake)."), end="")
    <p>Take <span class="piece-ref" data-kind="choc" data-id="cheesecake">Cheesecake</span>.</p>
    """
    html: str = _MD.render(markdown)
    return html


@functools.lru_cache(maxsize=64)
def rules_page(game_id: str, options: tuple[tuple[str, str], ...] = ()) -> dict[str, Any]:
    """`{"title", "markdown", "html"}` for `game_id` played with `options` (option name, text)
    pairs; UnknownGame if it has no rules text, OptionError for a bad option."""
    game = st.game(game_id)
    specs = {o.name: o for o in game.option_specs if not o.name.endswith(LOCAL_SUFFIX)}
    parsed: dict[str, Any] = {}
    for name, value in options:
        if name not in specs:
            raise OptionError(f"{game_id}: the rules know no option {name!r}; known: "
                              f"{', '.join(specs) or 'none'}")
        parsed[name] = specs[name].parse(value)
    text = rules_markdown(game_id, parsed)
    first = text.lstrip().splitlines()[0] if text.strip() else ""
    title = first.lstrip("#").strip() if first.startswith("#") else game.title
    return {"title": title, "markdown": text, "html": render_html(text)}


@router.get("/api/games/{game_id}/rules",
            responses={404: {"description": "no such game"},
                       400: {"description": "an unknown option or a bad value"}})
async def game_rules(game_id: GameId, request: Request) -> dict[str, Any]:
    """How to play `game_id`: the rules text as Markdown and as HTML with piece placeholders.
    Query parameters are the game's options (`?cards=original`): parts written from the game's
    data (BitterSweet's Chocs) follow them."""
    try:
        return rules_page(game_id, tuple(sorted(request.query_params.items())))
    except UnknownGame as exc:
        raise HTTPException(404, str(exc)) from None
    except SweetToothError as exc:
        raise HTTPException(400, str(exc)) from None
