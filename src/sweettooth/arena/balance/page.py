"""The balance report as one self-contained HTML file: inline CSS, plots as SVG data URIs, no
script and nothing fetched from the network.

With two runs (`--compare`) every table shows A, B and A - B; a difference is printed in bold
only when its 95% interval leaves out zero and each side rests on at least `MIN_N` observations.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from sweettooth.core import JSON

from .estimates import MIN_N, is_estimate, significant

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
    """One table cell as HTML: an estimate with its interval, or the value itself. A difference
    is bold only when `significant` (interval without zero, enough observations each side)."""
    if isinstance(value, dict) and value.get("kind") == "count":
        return f"{value['value']:+g}"
    if not is_estimate(value):
        return escape(f"{value:g}" if isinstance(value, float) else str(value))
    if value["value"] is None:
        return "-"
    v, lo, hi = value["value"], value["lo"], value["hi"]
    if value["kind"] == "rate":
        return f"{_pct(v)} <small>({_pct(lo)}–{_pct(hi)})</small>"
    sign = "+" if value["kind"] == "diff" else ""
    if lo is None or hi is None:
        return f"{v:{sign}.3g} <small>(n={value['n']}, no interval)</small>"
    text = f"{v:{sign}.3g} <small>({lo:{sign}.3g}–{hi:{sign}.3g})</small>"
    if significant(value):
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


def _img(fig: Any, alt: str) -> str:
    from . import plots
    return f'<img src="{plots.data_uri(fig)}" alt="{escape(alt)}">'


def _rows(run: JSON | None, pairs: Sequence[tuple[str, str]]) -> list[list[Any]] | None:
    """Rows [label, run[key]] (with `key` "seats", one row per seat)."""
    if run is None:
        return None
    out: list[list[Any]] = []
    for label, key in pairs:
        if key == "seats":
            out += [[f"seat {s + 1}", e] for s, e in enumerate(run["seats"])]
        elif key in run:
            out.append([label, run[key]])
    return out


def _tables(a: list[JSON], b: list[JSON] | None, d: list[JSON] | None) -> list[str]:
    b_tables = {t["title"]: t for t in b or ()}
    d_tables = {t["title"]: t for t in d or ()}
    parts = []
    for t in a:
        bt, dt = b_tables.get(t["title"]), d_tables.get(t["title"])
        parts += [
            f"<h3>{escape(t['title'])}</h3>",
            _side_by_side(t["columns"], t["rows"], None if bt is None else bt["rows"],
                          None if dt is None else dt["rows"]),
        ]
        if t["note"]:
            parts.append(f"<p class=note>{escape(t['note'])}</p>")
    return parts


DISTRIBUTION = {
    "points": ("Win and score distributions", "score distributions by seat and of the winner"),
    "wins": ("Win distribution", "share of games each seat won alone, shared or lost"),
    "rounds": ("Rounds won", "share of games in which each seat won 0, 1, 2 ... rounds"),
}


def render(
    runs: Sequence[JSON], labels: Sequence[str], delta: JSON | None = None,
    run_note: str = "",
) -> str:
    """The whole report. `runs` is one summary, or A and B with `delta` = compare(A, B);
    `run_note` (plain text) says how the games were run: timings, and whether Ray was slower
    than the local pool would have been."""
    from . import plots  # matplotlib loads only when a page is drawn (not for every CLI start)
    a = runs[0]
    b = runs[1] if len(runs) > 1 else None
    parts = [
        f"<!doctype html><html lang=en><head><meta charset=utf-8>"
        f"<title>{escape(a['title'])} balance report</title><style>{CSS}</style></head><body>",
        f"<h1>{escape(a['title'])}: balance report</h1><ul>",
        *(_settings(r, lab) for r, lab in zip(runs, labels, strict=True)),
        "</ul><p class=note>Intervals are 95%: Wilson for rates, Student's t for means (none "
        "from a single value), Newcombe's hybrid for a difference of rates (in percentage "
        "points) and Welch's t for a difference of means. A k-way shared win counts 1/k."
        + (" In this game the lowest score wins." if a["lowest_wins"] else "")
        + ("" if b is None else
           f" A − B is in bold only where its interval leaves out zero and each side rests on "
           f"at least {MIN_N} games, rounds or seats (whatever the row counts); a count such "
           f"as games or rounds held shows its plain difference.") + "</p>",
    ]
    if run_note:
        parts.append(f"<p class=note>{escape(run_note)}</p>")
    if a["players"] > 1:
        seat_rows = [("", "seats"), ("first player", "first_player"),
                     ("shared wins", "shared_wins")]
        parts += [
            "<h2>Seat and first-player advantage</h2>",
            _side_by_side(["", "win rate"], _rows(a, seat_rows) or [], _rows(b, seat_rows),
                          _rows(delta, seat_rows)),
            f"<p class=note>A fair seat wins {_pct(1 / a['players'])} of games. The first "
            "player is whoever makes the game's first move.</p>",
            _img(plots.seat_plot(runs, labels), "win rate by seat with 95% intervals"),
        ]
    kind = a.get("score_kind", "points")
    heading, alt = DISTRIBUTION[kind]
    dist = a["distribution"]
    parts += [
        f"<h2>{heading}</h2>",
        _side_by_side(dist["columns"], dist["rows"],
                      None if b is None else b["distribution"]["rows"],
                      None if delta is None else delta["distribution"]["rows"]),
    ]
    if dist["note"]:
        parts.append(f"<p class=note>{escape(dist['note'])}</p>")
    figure = plots.score_plot(runs, labels) if kind == "points" else plots.outcome_plot(
        runs, labels)
    length_rows = [("mean", "length")]
    parts += [
        _img(figure, alt),
        "<h2>Game length</h2>",
        _side_by_side(
            ["", "actions"],
            [["mean", a["length"]], ["min", a["length"]["min"]], ["max", a["length"]["max"]]],
            None if b is None else [["mean", b["length"]], ["min", b["length"]["min"]],
                                    ["max", b["length"]["max"]]],
            None if delta is None else [
                *(_rows(delta, length_rows) or []),
                ["min", {"kind": "count", "value": delta["length"]["min"]}],
                ["max", {"kind": "count", "value": delta["length"]["max"]}]]),
        _img(plots.length_plot(runs, labels), "game length histogram"),
    ]
    if a["players"] > 1:
        parts += [
            "<h2>Convergence</h2>",
            "<p class=note>Each seat's win rate as games accumulate, with its 95% band: once "
            "the lines have settled and the bands are narrow enough for the question asked, "
            "more games would not change the answer.</p>",
            _img(plots.convergence_plot(runs, labels), "running win rate of every seat"),
        ]
    parts.append("<h2>Components</h2>")
    parts += _tables(a["components"], None if b is None else b["components"],
                     None if delta is None else delta["components"])
    if not a["components"]:
        parts.append("<p>No component statistics for this game.</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
