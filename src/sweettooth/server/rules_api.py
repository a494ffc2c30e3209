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

from fastapi import APIRouter, HTTPException, Path
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

import sweettooth as st
from sweettooth.core.errors import UnknownGame
from sweettooth.core.rules_text import rules_markdown

router = APIRouter(tags=["lobby"])

GameId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[a-z][a-z0-9_]*$")]

PIECE_SCHEME = "piece:"


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


@functools.lru_cache(maxsize=32)
def rules_page(game_id: str) -> dict[str, Any]:
    """`{"title", "markdown", "html"}` for `game_id`; UnknownGame if it has no rules text."""
    text = rules_markdown(game_id)
    first = text.lstrip().splitlines()[0] if text.strip() else ""
    title = first.lstrip("#").strip() if first.startswith("#") else st.game(game_id).title
    return {"title": title, "markdown": text, "html": render_html(text)}


@router.get("/api/games/{game_id}/rules", responses={404: {"description": "no such game"}})
async def game_rules(game_id: GameId) -> dict[str, Any]:
    """How to play `game_id`: the rules text as Markdown and as HTML with piece placeholders."""
    try:
        return rules_page(game_id)
    except UnknownGame as exc:
        raise HTTPException(404, str(exc)) from None
