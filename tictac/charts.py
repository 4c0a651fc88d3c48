"""Charts of tournament statistics, drawn with matplotlib.

(``import tictac`` loads this module, and so matplotlib, only when a chart is first asked for.)

Colour never carries meaning alone: the colours come from the Okabe-Ito palette, which
colour-blind readers can tell apart, and each chart also says it with hatching, words or
numbers on the chart.

>>> from tictac.players import make_player
>>> from tictac.tournament import play_match
>>> match = play_match(make_player("novice"), make_player("random"), games=50, seed=3)
>>> ax = wins_by_length_chart(match)
>>> ax.get_xlabel()
'moves the winner made'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import matplotlib.pyplot as plt
from matplotlib.colors import LinearSegmentedColormap
from matplotlib.ticker import PercentFormatter

from tictac.tournament import MatchResult, RoundRobin, wilson_interval

__all__ = [
    "PALETTE",
    "interval_chart",
    "learning_curve_chart",
    "results_chart",
    "round_robin_chart",
    "wins_by_length_chart",
]

PALETTE = {
    "blue": "#0072B2",
    "orange": "#E69F00",
    "bluish green": "#009E73",
    "vermillion": "#D55E00",
    "grey": "#BBBBBB",
}
"""The Okabe-Ito colours the charts use (and a neutral grey)."""

# Wins, draws and losses: colour, hatching, and the colour of the numbers written on them.
_RESULT_STYLES = (
    (PALETTE["blue"], "", "white"),
    (PALETTE["grey"], "..", "black"),
    (PALETTE["vermillion"], "//", "white"),
)
_SHOWN_FROM = 0.06  # shares narrower than this get no number written on them

# Points per game, from 0 (vermillion) through ½ (white) to 1 (blue).
_POINTS = LinearSegmentedColormap.from_list(
    "points", [PALETTE["vermillion"], "#ffffff", PALETTE["blue"]]
)


def results_chart(
    results: Mapping[str, Sequence[float]],
    *,
    title: str = "",
    parts: Sequence[str] = ("wins", "draws", "losses"),
    ax: Any = None,
) -> Any:
    """One horizontal bar per label, split into wins, draws and losses as shares of its games.

    `results` maps each bar's label to its three counts (wins, draws, losses), top bar first.
    Each bar is scaled to its own total, so 50 games and 1,000 games can stand side by side.
    `parts` names the three parts in the legend (say, ``("human wins", "draws", "computer
    wins")``). Wins are blue, draws grey and dotted, losses vermillion and striped, and each
    share of 6% or more is written on its bar.

    Returns the matplotlib Axes.

    >>> ax = results_chart({"offensive": (813, 145, 42), "human": (12, 27, 11)}, title="X")
    >>> [label.get_text() for label in ax.texts if label.get_text()]  # 4% is too thin to write
    ['81%', '24%', '14%', '54%', '22%']
    >>> results_chart({"nobody": (0, 0, 0)})
    Traceback (most recent call last):
      ...
    ValueError: the results for 'nobody' add up to no games; give (wins, draws, losses) counts
    """
    rows = {label: _shares(label, counts) for label, counts in results.items()}
    if len(parts) != 3:
        raise ValueError(
            f"parts names the wins, the draws and the losses: three names, not {parts!r}"
        )
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.9 + 0.45 * max(len(rows), 1)))
    labels = list(rows)
    left = [0.0] * len(rows)
    for i, (part, (colour, hatch, ink)) in enumerate(zip(parts, _RESULT_STYLES)):
        widths = [shares[i] for shares in rows.values()]
        bars = ax.barh(
            labels, widths, left=left, color=colour, hatch=hatch, edgecolor="white", label=part
        )
        written = [f"{w:.0%}" if w >= _SHOWN_FROM else "" for w in widths]
        ax.bar_label(
            bars, labels=written, label_type="center", fontsize=8, color=ink, fontweight="bold"
        )
        left = [a + b for a, b in zip(left, widths)]
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter("{x:.0%}")
    if title:
        ax.set_title(title)
    ax.legend(frameon=False, fontsize=8, loc="center left", bbox_to_anchor=(1, 0.5))
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def _shares(label: str, counts: Sequence[float]) -> tuple[float, float, float]:
    if len(counts) != 3:
        raise ValueError(
            f"the results for {label!r} should be three counts (wins, draws, losses), "
            f"not {counts!r}"
        )
    if any(not isinstance(n, (int, float)) or n < 0 or math.isnan(n) for n in counts):
        raise ValueError(f"the results for {label!r} should be counts of 0 or more, not {counts!r}")
    total = sum(counts)
    if total == 0:
        raise ValueError(
            f"the results for {label!r} add up to no games; give (wins, draws, losses) counts"
        )
    wins, draws, losses = (n / total for n in counts)
    return wins, draws, losses


def wins_by_length_chart(match: MatchResult, *, ax: Any = None) -> Any:
    """Bars of each player's wins by how many of its own moves they took (3, 4, 5, ...).

    The first player's bars are blue and plain, the second's orange and striped; each bar has
    its count on top. Returns the matplotlib Axes.
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.2))
    players = (match.first, match.second)
    lengths = sorted({n for p in players for n in match.wins_by_length(p)}) or [3, 4, 5]
    width = 0.38
    styles = ((PALETTE["blue"], ""), (PALETTE["orange"], "//"))
    for i, (player, (colour, hatch)) in enumerate(zip(players, styles)):
        counts = match.wins_by_length(player)
        xs = [x + (i - 0.5) * width for x in range(len(lengths))]
        bars = ax.bar(
            xs,
            [counts.get(n, 0) for n in lengths],
            width,
            label=player,
            color=colour,
            hatch=hatch,
            edgecolor="white",
        )
        ax.bar_label(bars, fontsize=8)
    ax.set_xticks(range(len(lengths)), [str(n) for n in lengths])
    ax.set_xlabel("moves the winner made")
    ax.set_ylabel("games won")
    ax.set_title(
        f"{match.first} vs {match.second}: {len(match.games)} games, {match.draws()} draws"
    )
    ax.set_ylim(top=ax.get_ylim()[1] * 1.25)  # room for the legend above the bars
    ax.legend(frameon=False, loc="upper left", ncols=2)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def round_robin_chart(table: RoundRobin, *, ax: Any = None) -> Any:
    """A heat map of a round robin: row player's points per game against the column player.

    Each cell has its number written in it; the shading (vermillion for 0, white for ½, blue
    for 1) only helps the eye. Returns the matplotlib Axes.

    >>> from tictac.players import make_player
    >>> from tictac.tournament import round_robin
    >>> table = round_robin([make_player("random"), make_player("offensive")], games=20, seed=1)
    >>> [text.get_text() for text in round_robin_chart(table).texts if text.get_text()]
    ['0.15', '0.85']
    """
    n = len(table.names)
    if ax is None:
        _, ax = plt.subplots(figsize=(1.0 + 0.75 * n, 0.8 + 0.65 * n))
    scores = table.table()
    image = ax.imshow(scores, cmap=_POINTS, vmin=0, vmax=1)
    ax.set_xticks(range(n), table.names, rotation=45, ha="right")
    ax.set_yticks(range(n), table.names)
    for i in range(n):
        for j in range(n):
            text = "" if i == j else f"{scores[i][j]:.2f}"
            ink = "white" if abs(scores[i][j] - 0.5) > 0.3 else "black"
            ax.text(j, i, text, ha="center", va="center", fontsize=8, color=ink)
    ax.set_xlabel("against")
    ax.set_title("points per game (win 1, draw ½)")
    ax.figure.colorbar(image, ax=ax, shrink=0.8)
    return ax


_HIT, _MISS = "#0072B2", "#D55E00"  # Okabe-Ito blue and vermillion


def interval_chart(
    counts: Mapping[str, tuple[int, int]],
    *,
    truth: float | None = None,
    xlabel: str = "rate",
    ax: Any = None,
) -> Any:
    """Rates with their 95% Wilson intervals, one row per label, top to bottom.

    `counts` maps a label to ``(successes, trials)``; each row shows the rate as a dot and the
    interval as a line. With `truth`, a dashed line marks the true rate, and an interval that
    misses it is drawn in vermillion with a hollow dot (the title counts them). With many
    rows (more than 30) the labels are left out.

    >>> ax = interval_chart({"a": (30, 100), "b": (60, 100)}, truth=0.5)
    >>> ax.get_title()
    '2 intervals, 2 miss the true rate'
    """
    labels = list(counts)
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.6 + 0.32 * min(len(labels), 30)))
    misses = 0
    for row, label in enumerate(labels):
        successes, trials = counts[label]
        low, high = wilson_interval(successes, trials)
        missed = truth is not None and not low <= truth <= high
        misses += missed
        colour = _MISS if missed else _HIT
        ax.plot([low, high], [row, row], color=colour, linewidth=2 if missed else 1.5)
        ax.plot(
            successes / trials,
            row,
            "o",
            color=colour,
            markerfacecolor="white" if missed else colour,
            markersize=5,
        )
    if truth is not None:
        ax.axvline(truth, color="#333333", linestyle="--", linewidth=1)
        ax.set_title(f"{len(labels)} intervals, {misses} miss the true rate")
    if len(labels) > 30:
        ax.set_yticks([])
    else:
        ax.set_yticks(range(len(labels)), labels)
    ax.set_ylim(len(labels) - 0.5, -0.5)
    ax.set_xlabel(xlabel)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.spines[["top", "right"]].set_visible(False)
    return ax


class _Measured(Protocol):
    """A point of a learning curve (:class:`tictac.learning.CurvePoint` and the like)."""

    @property
    def games(self) -> int: ...

    @property
    def met(self) -> Any: ...

    @property
    def all(self) -> Any: ...


_CURVE_STYLES = (
    (PALETTE["blue"], "-", "o"),
    (PALETTE["orange"], "--", "s"),
    (PALETTE["bluish green"], "-.", "^"),
    (PALETTE["vermillion"], ":", "D"),
    ("#CC79A7", "-", "v"),  # Okabe-Ito reddish purple
    ("#56B4E9", "--", "P"),  # Okabe-Ito sky blue
    ("#000000", "-.", "X"),
)


def learning_curve_chart(
    curves: Mapping[str, Sequence[_Measured]],
    *,
    measure: str = "all",
    title: str = "",
    ax: Any = None,
) -> Any:
    """Learning curves: each learner's optimal share as its training grows, one line each.

    `curves` maps a label to the points of a curve (such as
    :func:`tictac.learning.learning_curve` returns), in order of games. `measure` is
    ``"all"`` (the share of all the positions measured) or ``"met"`` (of those the learner's
    side can meet). The games are on a scale that is even up to 100 and logarithmic beyond,
    so that short and long training both show. Each line has its own colour, dash and
    marker, and its label written at its end. Returns the matplotlib Axes.

    >>> from tictac.learning import Share
    >>> from collections import namedtuple
    >>> Point = namedtuple("Point", "games met all")
    >>> ax = learning_curve_chart({"a": [Point(0, Share(1, 4), Share(1, 4)),
    ...                                  Point(100, Share(3, 4), Share(3, 4))]})
    >>> [text.get_text() for text in ax.texts]
    ['a 75%']
    >>> learning_curve_chart({"a": []})
    Traceback (most recent call last):
      ...
    ValueError: the curve 'a' has no points; measure a learner at least once
    """
    if measure not in ("all", "met"):
        raise ValueError(
            f'measure is "all" or "met" (the positions its side can meet), not {measure!r}'
        )
    if len(curves) > len(_CURVE_STYLES):
        raise ValueError(
            f"a chart tells at most {len(_CURVE_STYLES)} curves apart, not {len(curves)}; "
            "draw them on two charts"
        )
    for label, points in curves.items():
        if not points:
            raise ValueError(f"the curve {label!r} has no points; measure a learner at least once")
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 3.6))
    for (label, points), (colour, dashes, marker) in zip(curves.items(), _CURVE_STYLES):
        games = [p.games for p in points]
        shares = [getattr(p, measure).fraction for p in points]
        ax.plot(games, shares, color=colour, linestyle=dashes, marker=marker, markersize=4)
        ax.annotate(
            f"{label} {shares[-1]:.0%}",
            (games[-1], shares[-1]),
            xytext=(5, 0),
            textcoords="offset points",
            va="center",
            fontsize=8,
            color=colour,
        )
    ax.set_xscale("symlog", linthresh=100, linscale=0.6)
    ax.set_xlim(left=0)
    ax.set_xlabel("games of training (even scale to 100, logarithmic beyond)")
    ax.set_ylabel("optimal share, " + ("all positions" if measure == "all" else "its side's"))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    if title:
        ax.set_title(title)
    ax.spines[["top", "right"]].set_visible(False)
    return ax
