"""Charts of tournament statistics, drawn with matplotlib.

(``import tictac`` loads this module, and so matplotlib, only when a chart is first asked for.)

>>> from tictac.players import make_player
>>> from tictac.tournament import play_match
>>> match = play_match(make_player("novice"), make_player("random"), games=50, seed=3)
>>> ax = wins_by_length_chart(match)
>>> ax.get_xlabel()
'moves the winner made'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.ticker import PercentFormatter

from tictac.tournament import MatchResult, RoundRobin, wilson_interval

__all__ = ["interval_chart", "round_robin_chart", "wins_by_length_chart"]

_COLORS = ("#2b6cb0", "#c05621")


def wins_by_length_chart(match: MatchResult, *, ax: Any = None) -> Any:
    """Bars of each player's wins by how many of its own moves they took (3, 4, 5, ...).

    Returns the matplotlib Axes, so a notebook cell can adjust it or end with ``;``.
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.2))
    players = (match.first, match.second)
    lengths = sorted({n for p in players for n in match.wins_by_length(p)}) or [3, 4, 5]
    width = 0.38
    for i, player in enumerate(players):
        counts = match.wins_by_length(player)
        xs = [x + (i - 0.5) * width for x in range(len(lengths))]
        bars = ax.bar(
            xs, [counts.get(n, 0) for n in lengths], width, label=player, color=_COLORS[i]
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
    """A heat map of a round robin: row player's points per game against the column player."""
    n = len(table.names)
    if ax is None:
        _, ax = plt.subplots(figsize=(1.0 + 0.75 * n, 0.8 + 0.65 * n))
    scores = table.table()
    image = ax.imshow(scores, cmap="RdYlGn", vmin=0, vmax=1)
    ax.set_xticks(range(n), table.names, rotation=45, ha="right")
    ax.set_yticks(range(n), table.names)
    for i in range(n):
        for j in range(n):
            text = "" if i == j else f"{scores[i][j]:.2f}"
            ax.text(j, i, text, ha="center", va="center", fontsize=8)
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
