"""The report's plots: matplotlib (Agg) figures as small SVG data URIs, nothing fetched.

Every plot takes one or two summaries (A and B with `--compare`); text stays text in the SVG
(`svg.fonttype: none`) and curves are thinned (see `summary.CURVE_POINTS`), so a plot is a few
tens of kilobytes at most.
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


def _figure() -> tuple[Figure, Any]:
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
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


def seat_plot(runs: Sequence[JSON], labels: Sequence[str]) -> str:
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
    return data_uri(fig)


def score_plot(runs: Sequence[JSON], labels: Sequence[str]) -> str:
    """Each seat's score distribution (step histograms), and the winners' scores."""
    fig, ax = _figure()
    everything = [x for run in runs for seat in run["series"]["scores"] for x in seat]
    bins = _integer_bins(min(everything), max(everything))
    for k, (run, label) in enumerate(zip(runs, labels, strict=True)):
        ax.hist(run["series"]["winning"], bins=bins, histtype="step",
                linewidth=2.2, color=COLOURS[k], label=f"{label}: winner")
        for s, values in enumerate(run["series"]["scores"]):
            ax.hist(values, bins=bins, histtype="step", alpha=0.6,
                    linestyle=("-", "--", ":", "-.", (0, (1, 3)), (0, (5, 1)))[s % 6],
                    color=COLOURS[k], label=f"{label}: seat {s + 1}")
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    ax.legend(fontsize="x-small", ncol=2)
    return data_uri(fig)


def length_plot(runs: Sequence[JSON], labels: Sequence[str]) -> str:
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
    return data_uri(fig)


def convergence_plot(runs: Sequence[JSON], labels: Sequence[str]) -> str:
    """Seat 1's running win rate with its 95% Wilson band: where it settles, the run is long
    enough for that number."""
    fig, ax = _figure()
    for k, (run, label) in enumerate(zip(runs, labels, strict=True)):
        pts = run["series"]["running"]
        xs = [p[0] for p in pts]
        ax.fill_between(xs, [p[2] for p in pts], [p[3] for p in pts], color=COLOURS[k],
                        alpha=0.2, linewidth=0)
        ax.plot(xs, [p[1] for p in pts], color=COLOURS[k], label=label)
    ax.axhline(1 / runs[0]["players"], color="grey", linestyle="--", label="fair share")
    ax.set_ylim(0, 1)
    ax.set_xlabel("games played")
    ax.set_ylabel("seat 1 win rate")
    ax.legend(fontsize="small")
    return data_uri(fig)
