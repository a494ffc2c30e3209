"""The balance report as one self-contained HTML file: inline CSS, plots as SVG data URIs, no
script and nothing fetched from the network.

With two runs (`--compare`) every table shows A, B and A - B; a difference whose 95% interval
leaves out zero is printed in bold.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from sweettooth.core import JSON

from . import plots
from .estimates import is_estimate

CSS = """
body{font:15px/1.45 system-ui,sans-serif;max-width:64rem;margin:1.5rem auto;padding:0 1rem;
color:#2b1a12;background:#fffaf5}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:2px solid #e8d5c4}
table{border-collapse:collapse;margin:.5rem 0}td,th{padding:.2rem .6rem;text-align:right;
border-bottom:1px solid #eee}th{background:#f5e8dc}td:first-child,th:first-child{text-align:left}
.note{color:#6b5548;font-size:.9rem;max-width:50rem}.sig{font-weight:700}
img{max-width:100%;height:auto}
"""


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def cell(value: Any) -> str:
    """One table cell as HTML: an estimate with its interval, or the value itself."""
    if not is_estimate(value):
        return escape(f"{value:g}" if isinstance(value, float) else str(value))
    if value["value"] is None:
        return "-"
    v, lo, hi = value["value"], value["lo"], value["hi"]
    if value["kind"] == "rate":
        return f"{_pct(v)} <small>({_pct(lo)}–{_pct(hi)})</small>"
    text = f"{v:+.3g} <small>({lo:+.3g}–{hi:+.3g})</small>" if value["kind"] == "diff" else (
        f"{v:.3g} <small>({lo:.3g}–{hi:.3g})</small>")
    if value["kind"] == "diff" and (lo > 0 or hi < 0):
        return f'<span class="sig">{text}</span>'
    return text


def _rate_diff(value: JSON) -> JSON:
    """A difference of rates shown in percentage points."""
    if value["value"] is None:
        return value
    return {**value, "value": 100 * value["value"], "lo": 100 * value["lo"],
            "hi": 100 * value["hi"]}


def _table(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{cell(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _side_by_side(
    columns: Sequence[str], a_rows: Sequence[Sequence[Any]],
    b_rows: Sequence[Sequence[Any]] | None, d_rows: Sequence[Sequence[Any]] | None,
) -> str:
    """One table; with B, each value column becomes A, B and A - B."""
    if b_rows is None or d_rows is None:
        return _table(columns, a_rows)
    by_b = {str(r[0]): r for r in b_rows}
    by_d = {str(r[0]): r for r in d_rows}
    cols = [columns[0]]
    for c in columns[1:]:
        cols += [f"{c}: A", "B", "A − B"]
    rows = []
    for row in a_rows:
        b = by_b.get(str(row[0]), [row[0]] + ["-"] * (len(row) - 1))
        d = by_d.get(str(row[0]), [row[0]] + [""] * (len(row) - 1))
        out = [row[0]]
        for x, y, z in zip(row[1:], b[1:], d[1:], strict=False):
            if is_estimate(z) and is_estimate(x) and x["kind"] == "rate":
                z = _rate_diff(z)
            out += [x, y, z]
        rows.append(out)
    return _table(cols, rows)


def _settings(run: JSON, label: str) -> str:
    opts = ", ".join(f"{k}={v}" for k, v in run["options"].items() if v != "") or "defaults"
    return (f"<li><b>{escape(label)}</b>: {run['games']} games, {run['players']} players, "
            f"agents {escape(', '.join(run['agents']))}, seed {run['seed']}, "
            f"options {escape(opts)}</li>")


def _img(uri: str, alt: str) -> str:
    return f'<img src="{uri}" alt="{escape(alt)}">'


def render(runs: Sequence[JSON], labels: Sequence[str], delta: JSON | None = None) -> str:
    """The whole report. `runs` is one summary, or A and B with `delta` = compare(A, B)."""
    a = runs[0]
    b = runs[1] if len(runs) > 1 else None
    parts = [
        f"<!doctype html><html lang=en><head><meta charset=utf-8>"
        f"<title>{escape(a['title'])} balance report</title><style>{CSS}</style></head><body>",
        f"<h1>{escape(a['title'])}: balance report</h1><ul>",
        *(_settings(r, lab) for r, lab in zip(runs, labels, strict=True)),
        "</ul><p class=note>Intervals are 95%: Wilson for rates, normal for means, Newcombe's "
        "hybrid for a difference of rates (in percentage points). A k-way shared win counts "
        "1/k." + (" In this game the lowest score wins." if a["lowest_wins"] else "") + "</p>",
    ]
    if a["players"] > 1:
        cols = ["", "win rate"]
        rows_a = [[f"seat {s + 1}", e] for s, e in enumerate(a["seats"])]
        rows_a += [["first player", a["first_player"]], ["shared wins", a["shared_wins"]]]
        rows_b = rows_d = None
        if b is not None and delta is not None:
            rows_b = [[f"seat {s + 1}", e] for s, e in enumerate(b["seats"])]
            rows_b += [["first player", b["first_player"]], ["shared wins", b["shared_wins"]]]
            rows_d = [[f"seat {s + 1}", e] for s, e in enumerate(delta["seats"])]
            rows_d += [["first player", delta["first_player"]]]
        parts += [
            "<h2>Seat and first-player advantage</h2>",
            _side_by_side(cols, rows_a, rows_b, rows_d),
            f"<p class=note>A fair seat wins {_pct(1 / a['players'])} of games. The first "
            "player is whoever makes the game's first move.</p>",
            _img(plots.seat_plot(runs, labels), "win rate by seat with 95% intervals"),
        ]
    score_cols = ["", "mean score"]
    srows_a = [[f"seat {s + 1}", e] for s, e in enumerate(a["scores"])]
    srows_a.append(["winner", a["winning_score"]])
    srows_b = srows_d = None
    if b is not None and delta is not None:
        srows_b = [[f"seat {s + 1}", e] for s, e in enumerate(b["scores"])]
        srows_b.append(["winner", b["winning_score"]])
        srows_d = [[f"seat {s + 1}", e] for s, e in enumerate(delta["scores"])]
    parts += [
        "<h2>Win and score distributions</h2>",
        _side_by_side(score_cols, srows_a, srows_b, srows_d),
        _img(plots.score_plot(runs, labels), "score distributions by seat and of the winner"),
        "<h2>Game length</h2>",
        _side_by_side(["", "actions"], [["mean", a["length"]], ["min", a["length"]["min"]],
                                        ["max", a["length"]["max"]]],
                      None if b is None else [["mean", b["length"]], ["min", b["length"]["min"]],
                                              ["max", b["length"]["max"]]],
                      None if delta is None else [["mean", delta["length"]]]),
        _img(plots.length_plot(runs, labels), "game length histogram"),
    ]
    if a["players"] > 1:
        parts += [
            "<h2>Convergence</h2>",
            "<p class=note>Seat 1's win rate as games accumulate, with its 95% band: once the "
            "line has settled and the band is narrow enough for the question asked, more games "
            "would not change the answer.</p>",
            _img(plots.convergence_plot(runs, labels), "running win rate of seat 1"),
        ]
    parts.append("<h2>Components</h2>")
    b_tables = {t["title"]: t for t in b["components"]} if b is not None else {}
    d_tables = {t["title"]: t for t in delta["components"]} if delta is not None else {}
    for t in a["components"]:
        bt, dt = b_tables.get(t["title"]), d_tables.get(t["title"])
        parts += [
            f"<h3>{escape(t['title'])}</h3>",
            _side_by_side(t["columns"], t["rows"], None if bt is None else bt["rows"],
                          None if dt is None else dt["rows"]),
            f"<p class=note>{escape(t['note'])}</p>",
        ]
    if not a["components"]:
        parts.append("<p>No component statistics for this game.</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
