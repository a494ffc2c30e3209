"""The report's plots: matplotlib (Agg) figures as small SVG data URIs, nothing fetched.

Every plot takes one or two summaries (A and B with `--compare`) and returns a matplotlib
figure; `data_uri` turns it into SVG for the report (text stays text, `svg.fonttype: none`, and
curves are thinned, see `summary.CURVE_POINTS`, so a plot is a few tens of kilobytes at most).
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from sweettooth.core import JSON

COLOURS = ("#8c4a2f", "#2f6f8c")
"""A in chocolate, B in blue."""


def data_uri(fig: Figure) -> str:
    """The figure as an SVG data URI (then closed)."""
    buffer = io.BytesIO()
    with plt.rc_context({"svg.fonttype": "none", "svg.hashsalt": "sweettooth"}):
        fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    return "data:image/svg+xml;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _figure(height: float = 3.2) -> tuple[Figure, Any]:
    fig, ax = plt.subplots(figsize=(6.4, height))
    ax.grid(alpha=0.3)
    return fig, ax


def _integer_bins(lo: float, hi: float, most: int = 30) -> list[float]:
    """Bin edges at whole numbers (scores and lengths are whole), at most `most` bins.

    >>> _integer_bins(0, 3)
    [-0.5, 0.5, 1.5, 2.5, 3.5]
    """
    width = max(1, math.ceil((hi - lo + 1) / most))
    start = math.floor(lo) - 0.5
    return [start + i * width for i in range(math.ceil((hi - start) / width) + 1)]


def seat_plot(runs: Sequence[JSON], labels: Sequence[str]) -> Figure:
    """Win rate by seat with 95% intervals, and the fair share as a line."""
    fig, ax = _figure()
    width = 0.8 / len(runs)
    for k, (run, label) in enumerate(zip(runs, labels, strict=True)):
        xs = [s + k * width for s in range(run["players"])]
        ys = [e["value"] for e in run["seats"]]
        err = [[y - e["lo"] for y, e in zip(ys, run["seats"], strict=True)],
               [e["hi"] - y for y, e in zip(ys, run["seats"], strict=True)]]
        ax.bar(xs, ys, width, yerr=err, capsize=4, color=COLOURS[k], label=label)
    players = runs[0]["players"]
    ax.axhline(1 / players, color="grey", linestyle="--", label="fair share")
    ax.set_xticks([s + 0.4 - width / 2 for s in range(players)],
                  [f"seat {s + 1}" for s in range(players)])
    ax.set_ylabel("win rate")
    ax.legend(fontsize="small")
    return fig


def score_plot(runs: Sequence[JSON], labels: Sequence[str]) -> Figure:
    """Points: each seat's final score (step histograms), and the winners' scores."""
    fig, ax = _figure()
    everything = [x for run in runs for seat in run["series"]["scores"] for x in seat]
    bins = _integer_bins(min(everything), max(everything))
    for k, (run, label) in enumerate(zip(runs, labels, strict=True)):
        if run["players"] > 1:
            ax.hist(run["series"]["winning"], bins=bins, histtype="step",
                    linewidth=2.2, color=COLOURS[k], label=f"{label}: winner")
        for s, values in enumerate(run["series"]["scores"]):
            ax.hist(values, bins=bins, histtype="step", alpha=0.6,
                    linestyle=("-", "--", ":", "-.", (0, (1, 3)), (0, (5, 1)))[s % 6],
                    color=COLOURS[k], label=f"{label}: seat {s + 1}")
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    ax.legend(fontsize="x-small", ncol=2)
    return fig


SHADES = ("#8c4a2f", "#d9a066", "#e8d5c4", "#6b8c2f", "#2f6f8c", "#b0b0b0")
"""Outcome categories, darkest first (won alone / 0 rounds ...)."""


def outcome_plot(runs: Sequence[JSON], labels: Sequence[str]) -> Figure:
    """Wins or rounds: for each seat (and run), a stacked bar of the share of games in each
    outcome column of the distribution table (won alone / shared / did not win, or 0, 1, 2
    rounds won), so each bar sums to 1."""
    fig, ax = _figure(3.6)
    table = runs[0]["distribution"]
    categories = [i for i, c in enumerate(table["columns"]) if i and not c.startswith("mean")]
    width = 0.8 / len(runs)
    ticks, names = [], []
    for k, (run, label) in enumerate(zip(runs, labels, strict=True)):
        rows = run["distribution"]["rows"]
        xs = [s + k * width for s in range(len(rows))]
        bottom = [0.0] * len(rows)
        for j, col in enumerate(categories):
            heights = [row[col]["value"] or 0.0 for row in rows]
            ax.bar(xs, heights, width * 0.95, bottom=bottom, color=SHADES[j % len(SHADES)],
                   edgecolor="white", hatch=("", "//")[k],
                   label=table["columns"][col] if k == 0 else None)
            for x, b, h in zip(xs, bottom, heights, strict=True):
                if h >= 0.06:
                    ax.text(x, b + h / 2, f"{h:.0%}", ha="center", va="center",
                            fontsize="x-small", color="black" if j else "white")
            bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
        ticks += xs
        names += [f"seat {s + 1}" + (f" {label}" if len(runs) > 1 else "")
                  for s in range(len(rows))]
    ax.set_xticks(ticks, names, fontsize="small")
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return fig


def length_plot(runs: Sequence[JSON], labels: Sequence[str]) -> Figure:
    """Game length (actions) as histograms."""
    fig, ax = _figure()
    everything = [x for run in runs for x in run["series"]["lengths"]]
    bins = _integer_bins(min(everything), max(everything))
    for k, (run, label) in enumerate(zip(runs, labels, strict=True)):
        ax.hist(run["series"]["lengths"], bins=bins, histtype="stepfilled",
                alpha=0.5, color=COLOURS[k], label=label)
    ax.set_xlabel("actions in the game")
    ax.set_ylabel("games")
    ax.legend(fontsize="small")
    return fig


def convergence_plot(runs: Sequence[JSON], labels: Sequence[str]) -> Figure:
    """Every seat's running win rate with its 95% Wilson band, one panel per seat: where the
    lines settle, the run is long enough for those numbers."""
    players = runs[0]["players"]
    cols = min(players, 2)
    rows = math.ceil(players / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(6.4, 2.4 * rows), sharex=True, sharey=True,
                             squeeze=False)
    fair = 1 / players
    top = min(1.0, max(p[3] for run in runs for seat in run["series"]["running"]
                       for p in seat[len(seat) // 10:]) + 0.05)
    for s in range(rows * cols):
        ax = axes[s // cols][s % cols]
        if s >= players:
            ax.set_visible(False)
            continue
        ax.grid(alpha=0.3)
        for k, (run, label) in enumerate(zip(runs, labels, strict=True)):
            pts = run["series"]["running"][s]
            xs = [p[0] for p in pts]
            ax.fill_between(xs, [p[2] for p in pts], [p[3] for p in pts], color=COLOURS[k],
                            alpha=0.2, linewidth=0)
            ax.plot(xs, [p[1] for p in pts], color=COLOURS[k], label=label)
        ax.axhline(fair, color="grey", linestyle="--", label="fair share")
        ax.set_ylim(0, top)
        ax.set_title(f"seat {s + 1}", fontsize="small")
        if s + cols >= players:  # lowest panel of its column: the x axis is labelled here
            ax.tick_params(labelbottom=True)
            ax.set_xlabel("games played")
        if s % cols == 0:
            ax.set_ylabel("win rate")
    axes[0][0].legend(fontsize="x-small")
    fig.tight_layout()
    return fig
