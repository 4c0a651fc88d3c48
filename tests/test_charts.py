"""The charts: the numbers they show are the numbers given, and colour never speaks alone."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest
from matplotlib.colors import to_hex

from tictac import charts
from tictac.charts import PALETTE, results_chart, round_robin_chart, wins_by_length_chart
from tictac.players import make_player
from tictac.tournament import play_match, round_robin


def test_results_chart_scales_each_bar_to_its_own_games() -> None:
    ax = results_chart({"human": (12, 27, 11), "rule": (318, 507, 175)}, title="as X")
    widths = [round(bar.get_width(), 3) for bar in ax.patches]
    assert widths == [0.24, 0.318, 0.54, 0.507, 0.22, 0.175]  # wins of both, draws, losses
    lefts = [round(bar.get_x(), 3) for bar in ax.patches]
    assert lefts == [0, 0, 0.24, 0.318, 0.78, 0.825]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["human", "rule"]
    assert ax.get_title() == "as X"
    written = [t.get_text() for t in ax.texts if t.get_text()]
    assert written == ["24%", "32%", "54%", "51%", "22%", "18%"]


def test_results_chart_never_tells_the_parts_apart_by_colour_alone() -> None:
    ax = results_chart({"a": (1, 1, 1)}, parts=("human wins", "draws", "computer wins"))
    legend = ax.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == ["human wins", "draws", "computer wins"]
    hatches = [bar.get_hatch() or "" for bar in ax.patches]
    assert len(set(hatches)) == 3
    colours = [to_hex(bar.get_facecolor()).upper() for bar in ax.patches]
    assert colours[0] == PALETTE["blue"] and colours[2] == PALETTE["vermillion"]


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ({"x": (0, 0, 0)}, "add up to no games"),
        ({"x": (1, 2)}, "three counts"),
        ({"x": (1, -2, 3)}, "0 or more"),
    ],
)
def test_results_chart_refuses_counts_it_cannot_draw(
    results: dict[str, tuple[int, ...]], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        results_chart(results)
    with pytest.raises(ValueError, match="three names"):
        results_chart({"x": (1, 1, 1)}, parts=("wins", "losses"))


def test_round_robin_chart_writes_every_score_and_shades_without_red_and_green() -> None:
    table = round_robin([make_player("random"), make_player("offensive")], games=40, seed=2)
    ax = round_robin_chart(table)
    written = [t.get_text() for t in ax.texts if t.get_text()]
    scores = table.table()
    assert written == [f"{scores[0][1]:.2f}", f"{scores[1][0]:.2f}"]
    colour_map = ax.images[0].get_cmap()
    assert to_hex(colour_map(0.0)).upper() == PALETTE["vermillion"]
    assert to_hex(colour_map(1.0)).upper() == PALETTE["blue"]


def test_wins_by_length_chart_hatches_one_player_and_counts_every_bar() -> None:
    match = play_match(make_player("novice"), make_player("random"), games=60, seed=3)
    ax = wins_by_length_chart(match)
    hatches = {bars.get_label(): {bar.get_hatch() or "" for bar in bars} for bars in ax.containers}
    assert hatches == {"novice": {""}, "random": {"//"}}
    counts = [int(t.get_text()) for t in ax.texts]
    assert sum(counts) == len(match.games) - match.draws()


def test_learning_curve_chart_labels_every_line_and_tells_them_apart_without_colour() -> None:
    from tictac.learning import Share
    from tictac.learning_experiments import MeasuredPoint

    def point(games: int, met: int, everywhere: int) -> MeasuredPoint:
        return MeasuredPoint(games, Share(met, 10), Share(everywhere, 20), 0, (0, 0, 0))

    curves = {
        "slow": [point(0, 1, 2), point(100, 2, 4), point(1000, 5, 10)],
        "fast": [point(0, 1, 2), point(100, 8, 15)],
    }
    ax = charts.learning_curve_chart(curves)
    assert [text.get_text() for text in ax.texts] == ["slow 50%", "fast 75%"]
    lines = ax.get_lines()
    assert len({(line.get_linestyle(), line.get_marker()) for line in lines}) == 2
    assert list(lines[0].get_ydata()) == [0.1, 0.2, 0.5]
    met = charts.learning_curve_chart(curves, measure="met")
    assert [text.get_text() for text in met.texts] == ["slow 50%", "fast 80%"]
    with pytest.raises(ValueError, match="measure"):
        charts.learning_curve_chart(curves, measure="best")
    with pytest.raises(ValueError, match="at most"):
        charts.learning_curve_chart({str(i): curves["slow"] for i in range(8)})
