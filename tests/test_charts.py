"""The charts: the numbers they show are the numbers given, and colour never speaks alone.

Each chart is read back from its SVG (with xml.etree), as a browser would draw it: the bars'
lengths and positions, the words written, the patterns and dashes that tell series apart,
and the text alternative that stands in for the picture.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import namedtuple

import pytest

from tictac.learning.learners import Share
from tictac.pictures import charts
from tictac.pictures.charts import (
    PALETTE,
    Chart,
    bar_chart,
    grid,
    hbar_chart,
    heat_map,
    interval_chart,
    learning_curve_chart,
    line_chart,
    results_chart,
    round_robin_chart,
    wins_by_length_chart,
)
from tictac.play.levels import make_player
from tictac.players.tournament import play_match, round_robin, wilson_interval

SVG = "{http://www.w3.org/2000/svg}"


def parse(chart: Chart) -> ET.Element:
    return ET.fromstring(chart.svg)


def bars(chart: Chart) -> list[dict[str, float | str]]:
    """The bars, in drawing order: x, y, width, height and fill."""
    found = []
    for rect in parse(chart).iter(f"{SVG}rect"):
        if rect.get("class") == "bar":
            found.append(
                {
                    "x": float(rect.get("x", 0)),
                    "y": float(rect.get("y", 0)),
                    "width": float(rect.get("width", 0)),
                    "height": float(rect.get("height", 0)),
                    "fill": rect.get("fill", ""),
                }
            )
    return found


def texts(chart: Chart) -> list[str]:
    return [t.text or "" for t in parse(chart).iter(f"{SVG}text")]


def ratio(a: float, b: float) -> float:
    return a / b


# -- what every chart is ------------------------------------------------------------------------


def every_chart() -> dict[str, Chart]:
    match = play_match(make_player("novice"), make_player("random"), games=40, seed=3)
    table = round_robin([make_player("random"), make_player("offensive")], games=20, seed=1)
    point = namedtuple("point", "games met all")
    curve = [point(0, Share(1, 4), Share(1, 4)), point(300, Share(3, 4), Share(2, 4))]
    return {
        "bar": bar_chart([1, 2, 3], [5, 10, 20], title="bars", value_labels=True),
        "bars": bar_chart("ab", {"one": [1, 2], "two": [3, 4]}, reference=(2, "two")),
        "log bars": bar_chart("ab", [10, 1000], log=True),
        "hbar": hbar_chart({"a": 10, "b": None}, reference=(5, "five")),
        "line": line_chart({"a": [(1, 0.5), (2, 0.7)]}, intervals={"a": [(0.4, 0.6), (0.6, 0.8)]}),
        "heat": heat_map({"a": [1, 2]}, ["x", "y"]),
        "results": results_chart({"a": (1, 2, 3)}),
        "wins": wins_by_length_chart(match),
        "round robin": round_robin_chart(table),
        "intervals": interval_chart({"a": (3, 10)}, truth=0.5),
        "learning": learning_curve_chart({"a": curve}),
        "grid": grid([bar_chart("ab", [1, 2]), heat_map({"a": [1]}, ["x"])], columns=2),
    }


@pytest.mark.parametrize("name", list(every_chart()))
def test_every_chart_is_an_accessible_svg_whose_text_is_its_alternative(name: str) -> None:
    chart = every_chart()[name]
    root = parse(chart)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and desc is not None
    # the <title> and <desc> together are the text alternative, which is also the repr
    assert f"{title.text}\n{desc.text}" == chart.text == repr(chart)
    assert root.get("aria-labelledby") == title.get("id")
    assert root.get("aria-describedby") == desc.get("id")
    assert chart._repr_svg_() == chart.svg
    assert root.get("font-family") == "sans-serif"
    assert (int(root.get("width", 0)), int(root.get("height", 0))) == (chart.width, chart.height)


@pytest.mark.parametrize("name", list(every_chart()))
def test_ids_are_derived_from_the_content_and_every_reference_is_defined(name: str) -> None:
    first, again = every_chart()[name], every_chart()[name]
    assert first.svg == again.svg  # deterministic: no random ids, no timestamps
    ids = re.findall(r'\bid="([^"]+)"', first.svg)
    assert len(ids) == len(set(ids))
    prefixes = {i.rsplit("-", 1)[0] for i in ids if i.startswith("chart-")}
    # one prefix per chart drawn (a grid holds its charts' own): a hash of the content
    assert all(re.fullmatch(r"chart-[0-9a-f]{10}(-p[0-9A-F]+)?", p) for p in prefixes), prefixes
    for used in re.findall(r"url\(#([^)]+)\)", first.svg):
        assert used in ids


def test_two_charts_on_one_page_never_share_an_id_unless_they_are_the_same_chart() -> None:
    one = bar_chart("ab", {"x": [1, 2], "y": [2, 1]}, title="one")
    two = bar_chart("ab", {"x": [1, 2], "y": [2, 1]}, title="two")
    ids_one = set(re.findall(r'\bid="([^"]+)"', one.svg))
    ids_two = set(re.findall(r'\bid="([^"]+)"', two.svg))
    assert ids_one and ids_two and not ids_one & ids_two


def test_drawing_every_chart_never_imports_matplotlib_or_numpy() -> None:
    code = (
        "import sys, tictac\n"
        "from tests.test_charts import every_chart\n"
        "for chart in every_chart().values(): chart.svg\n"
        "print([m for m in ('matplotlib', 'numpy') if m in sys.modules])\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.stdout.strip() == "[]", run.stderr


def test_a_chart_saves_itself(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "chart.svg"
    chart = bar_chart("ab", [1, 2])
    chart.save(path)
    assert path.read_text(encoding="utf-8") == chart.svg


def test_charts_and_pictures_save_alike_and_say_which_could_not_be_saved(tmp_path: object) -> None:
    from pathlib import Path

    from tictac.game.state import State
    from tictac.pictures import boards as pictures

    picture = pictures.draw_board(State.new())
    path = Path(str(tmp_path)) / "board.svg"
    picture.save(path)
    assert path.read_text(encoding="utf-8") == picture.svg
    missing = Path(str(tmp_path)) / "no such folder" / "x.svg"
    for thing, what in ((picture, "picture"), (bar_chart("ab", [1, 2]), "chart")):
        with pytest.raises(FileNotFoundError) as caught:
            thing.save(missing)
        assert caught.value.strerror == f"could not save the {what} (No such file or directory)"
        assert caught.value.filename == str(missing)
    # one helper writes both
    assert charts.save_svg is pictures.save_svg


def test_markers_and_legend_keys_are_written_whole() -> None:
    plus = charts._marker("plus", 10, 10, 3, "#000000", point=True)
    assert plus == (
        '<path d="M7,10H13M10,7V13" stroke="#000000" stroke-width="2" fill="none" class="point"/>'
    )
    cross = charts._marker("cross", 10, 10, 5, "#000000")
    assert cross.endswith('stroke="#000000" stroke-width="2" fill="none"/>')
    assert cross.count("fill=") == 1 and cross.count("stroke=") == 1
    circle = charts._marker("circle", 1, 2, 3, "#111111", hollow=True, point=True)
    assert circle == (
        '<circle cx="1" cy="2" r="3" class="point" fill="#ffffff" stroke="#111111" '
        'stroke-width="1.3"/>'
    )
    canvas = charts._Canvas()
    charts._legend(canvas, [charts._Key("a", "#000000", None, "7 3", "")], 0, 0, 300)
    assert canvas.parts[0] == (
        '<line x1="0" y1="9" x2="22" y2="9" stroke="#000000" stroke-width="2" '
        'stroke-dasharray="7 3"/>'
    )


# -- bars -------------------------------------------------------------------------------------


def test_bar_heights_are_proportional_to_the_numbers_and_start_at_zero() -> None:
    chart = bar_chart(["a", "b", "c"], [5, 10, 20], ylabel="games", value_labels=True)
    drawn = bars(chart)
    heights = [b["height"] for b in drawn]
    assert heights[1] == pytest.approx(2 * heights[0], rel=0.02)
    assert heights[2] == pytest.approx(4 * heights[0], rel=0.02)
    bottoms = {round(float(b["y"]) + float(b["height"]), 1) for b in drawn}
    assert len(bottoms) == 1  # one baseline...
    (baseline,) = bottoms
    zero = [t for t in parse(chart).iter(f"{SVG}text") if t.text == "0"]
    assert zero and abs(float(zero[0].get("y", 0)) - 11 * 0.35 - baseline) < 0.2  # ...at 0
    assert [b["x"] for b in drawn] == sorted(b["x"] for b in drawn)
    assert {"5", "10", "20", "a", "b", "c", "games"} <= set(texts(chart))


def test_a_description_can_stand_in_for_numbers_an_exercise_asks_for() -> None:
    chart = bar_chart([0, 1, 2], [1, 9, 72], description="rising from 1 with no mark")
    assert chart.text.splitlines()[-1] == "rising from 1 with no mark"
    assert "72" not in chart.text and "72" not in texts(chart)
    assert len(bars(chart)) == 3


def test_grouped_bars_differ_by_pattern_and_the_reference_is_named() -> None:
    chart = bar_chart(
        ["cell 3", "cell 5"],
        {"retried": [90, 110], "uniform": [100, 100]},
        reference=(100, "a quarter each"),
    )
    fills = [b["fill"] for b in bars(chart)]
    assert fills[0] == PALETTE["blue"] and fills[2] == PALETTE["blue"]
    assert str(fills[1]).startswith("url(#") and fills[1] == fills[3]
    pattern_id = str(fills[1])[5:-1]
    pattern = parse(chart).find(f".//{SVG}pattern[@id='{pattern_id}']")
    assert pattern is not None and pattern.find(f"{SVG}line") is not None  # stripes
    assert {"retried", "uniform", "a quarter each"} <= set(texts(chart))
    assert "retried: cell 3: 90; cell 5: 110" in chart.text
    assert "reference line, a quarter each: 100" in chart.text
    dashed = [line for line in parse(chart).iter(f"{SVG}line") if line.get("stroke-dasharray")]
    assert len(dashed) == 2  # the line on the plot and its key in the legend


def test_log_bars_are_proportional_to_the_logarithms_and_the_axis_says_log() -> None:
    chart = bar_chart([1, 2, 3], [10, 100, 10_000], log=True, ylabel="count")
    heights = [float(b["height"]) for b in bars(chart)]
    # the axis runs from 1 (a decade below the smallest, 10) to 10,000: 1, 2 and 4 decades
    assert heights[1] == pytest.approx(2 * heights[0], rel=0.02)
    assert heights[2] == pytest.approx(4 * heights[0], rel=0.02)
    assert "count (log scale)" in texts(chart)
    assert "y axis: count (log scale), from 1 to 10,000" in chart.text


def test_every_bar_on_a_log_scale_shows_even_the_smallest() -> None:
    # Lesson 7's tree levels: 1 position and 1 move sequence with 0 marks
    chart = bar_chart([0, 1, 2], {"positions": [1, 16, 240], "nodes": [1, 16, 240]}, log=True)
    heights = [float(b["height"]) for b in bars(chart)]
    assert min(heights) > 10 and heights[0] == pytest.approx(heights[4] / 3.38, rel=0.02)
    assert "from 0.1 to 1,000" in chart.text  # a decade below 1, which is a power of ten
    # not a power of ten: the power of ten below it
    widths = [float(b["width"]) for b in bars(hbar_chart({"a": 20, "b": 300}, log=True))]
    assert min(widths) > 10
    assert "from 10 to 1,000" in hbar_chart({"a": 20, "b": 300}, log=True).text
    assert charts._log_range(10, 1_000, floor_below=True)[:2] == (1, 1_000)
    assert charts._log_range(16, 1_000, floor_below=True)[:2] == (10, 1_000)


def test_horizontal_bars_have_their_lengths_and_numbers_and_say_what_is_missing() -> None:
    chart = hbar_chart({"a": 0.25, "b": 0.5, "c": None}, percent=True, limits=(0, 1))
    widths = [float(b["width"]) for b in bars(chart)]
    assert len(widths) == 2 and widths[1] == pytest.approx(2 * widths[0], rel=0.01)
    assert {"25.0%", "50.0%", "not measured", "0%", "100%"} <= set(texts(chart))
    assert chart.text.splitlines()[-1] == "c: not measured"
    log = hbar_chart({"a": 1_000, "b": 100_000}, log=True, limits=(100, 1_000_000))
    lengths = [float(b["width"]) for b in bars(log)]
    assert lengths[1] == pytest.approx(3 * lengths[0], rel=0.01)  # 1 and 3 decades above 100


def test_results_chart_scales_each_bar_to_its_own_games() -> None:
    chart = results_chart({"human": (12, 27, 11), "rule": (318, 507, 175)}, title="as X")
    drawn = bars(chart)
    full = sum(float(b["width"]) for b in drawn[:3])
    shares = [float(b["width"]) / full for b in drawn]
    # human's parts, then the rule's (to the tenth of a pixel the SVG is written in)
    assert shares == pytest.approx([0.24, 0.54, 0.22, 0.318, 0.507, 0.175], abs=0.001)
    assert sum(float(b["width"]) for b in drawn[3:]) == pytest.approx(full, abs=0.3)
    assert [float(b["x"]) for b in drawn[:3]] == sorted(float(b["x"]) for b in drawn[:3])
    written = [t.text for t in parse(chart).iter(f"{SVG}text") if t.get("font-weight") == "bold"]
    assert written == ["as X", "24%", "54%", "22%", "32%", "51%", "18%"]  # the title, the shares
    assert "human: 12 wins (24%), 27 draws (54%), 11 losses (22%), of 50 games" in chart.text
    assert chart.text.startswith("Results chart: as X")


def test_results_chart_never_tells_the_parts_apart_by_colour_alone() -> None:
    chart = results_chart({"a": (1, 1, 1)}, parts=("human wins", "draws", "computer wins"))
    assert {"human wins", "draws", "computer wins"} <= set(texts(chart))
    fills = [str(b["fill"]) for b in bars(chart)]
    assert fills[0] == PALETTE["blue"]
    assert fills[1].startswith("url(#") and fills[2].startswith("url(#") and fills[1] != fills[2]
    patterns = {p.get("id"): p for p in parse(chart).iter(f"{SVG}pattern")}
    dots = patterns[fills[1][5:-1]]
    stripes = patterns[fills[2][5:-1]]
    assert dots.find(f"{SVG}circle") is not None and stripes.find(f"{SVG}line") is not None
    assert stripes.find(f"{SVG}rect").get("fill") == PALETTE["vermillion"]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ({"x": (0, 0, 0)}, "add up to no games"),
        ({"x": (1, 2)}, "three counts"),
        ({"x": (1, -2, 3)}, "0 or more"),
        ({"x": (1, float("nan"), 3)}, "0 or more"),
    ],
)
def test_results_chart_refuses_counts_it_cannot_draw(
    results: dict[str, tuple[float, ...]], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        results_chart(results)
    with pytest.raises(ValueError, match="three names"):
        results_chart({"x": (1, 1, 1)}, parts=("wins", "losses"))


def test_wins_by_length_chart_hatches_one_player_and_counts_every_bar() -> None:
    match = play_match(make_player("novice"), make_player("random"), games=60, seed=3)
    chart = wins_by_length_chart(match)
    fills = [str(b["fill"]) for b in bars(chart)]
    assert set(fills[0::2]) == {PALETTE["blue"]}  # the first player's bars, plain
    assert len(set(fills[1::2])) == 1 and fills[1].startswith("url(#")  # the second's, striped
    on_bars = [
        int(t.text or "")
        for t in parse(chart).iter(f"{SVG}text")
        if t.get("font-size") == "9"  # the numbers on grouped bars
    ]
    assert len(on_bars) == len(fills)
    assert sum(on_bars) == len(match.games) - match.draws()
    heights = [float(b["height"]) for b in bars(chart)]
    per_game = [h / n for h, n in zip(heights, on_bars) if n]
    assert max(per_game) == pytest.approx(min(per_game), rel=0.02)
    assert chart.text.startswith(f"Bar chart: novice vs random: 60 games, {match.draws()} draws")
    titled = wins_by_length_chart(match, title="mine")
    assert titled.text.startswith("Bar chart: mine")


def test_charts_given_one_ymax_share_one_scale() -> None:
    """Side by side, charts of different heights mislead; with the same `ymax` (the highest
    bar of them all) a bar of the same count has the same length in every chart."""
    small = play_match(make_player("novice"), make_player("random"), games=30, seed=3)
    large = play_match(make_player("novice"), make_player("random"), games=120, seed=3)
    highest = max(
        n for m in (small, large) for p in (m.first, m.second) for n in m.wins_by_length(p).values()
    )
    apart = [wins_by_length_chart(m) for m in (small, large)]
    shared = [wins_by_length_chart(m, ymax=highest) for m in (small, large)]
    assert apart[0].text.splitlines()[1] != apart[1].text.splitlines()[1]  # two scales...
    assert shared[0].text.splitlines()[1] == shared[1].text.splitlines()[1]  # ...or one
    assert shared[1] == apart[1]  # the chart with the highest bar is drawn as before
    per_game = [
        float(b["height"]) / n
        for chart, m in zip(shared, (small, large))
        for b, n in zip(
            bars(chart),
            [m.wins_by_length(p).get(k, 0) for k in (3, 4, 5) for p in (m.first, m.second)],
        )
        if n
    ]
    assert max(per_game) == pytest.approx(min(per_game), rel=0.02)
    assert "from 0 to 25" in bar_chart("ab", [1, 2], ymax=23).text  # rounded up to a tick
    assert "from 0 to 4" in bar_chart("ab", [1, 4], ymax=2).text  # never below the bars
    with pytest.raises(ValueError, match="ymax should be a number"):
        bar_chart("ab", [1, 2], ymax="high")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ymax is 0, but a log scale"):
        bar_chart("ab", [1, 2], log=True, ymax=0)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: bar_chart("ab", [1]), "2 categories need 2 values"),
        (lambda: bar_chart([], []), "at least one category"),
        (lambda: bar_chart("ab", [1, -1]), "0 or more"),
        (lambda: bar_chart("ab", [1, 0], log=True), r"^a log scale shows only numbers above 0, "),
        (lambda: bar_chart("ab", [1, "2"]), "should be a number"),  # type: ignore[list-item]
        (lambda: bar_chart("a", {str(i): [1] for i in range(7)}), "1 to 6 series"),
        (lambda: bar_chart("ab", [1, 2], width=50), "width"),
        (lambda: hbar_chart({}), "at least one bar"),
        (lambda: hbar_chart({"a": 0}, log=True), "above 0"),
        (lambda: line_chart({}), "at least one line"),
        (lambda: line_chart({"a": []}), "no points"),
        (lambda: line_chart({"a": [(0, 1)]}, x_scale="log"), "above 0"),
        (lambda: line_chart({"a": [(1, 1)]}, x_scale="cubic"), "x_scale"),  # type: ignore[arg-type]
        (lambda: line_chart({str(i): [(1, 1)] for i in range(8)}, legend=True), "at most 7"),
        (lambda: line_chart({"a": [(1, 1)]}, intervals={"a": []}), "one \\(low, high\\)"),
        (lambda: heat_map({"a": [1]}, ["x", "y"]), "needs 2 numbers"),
        (lambda: interval_chart({}), "at least one"),
        (lambda: interval_chart({"a": (0, 0)}), "the counts for 'a' have no trials"),
        (lambda: heat_map({"a": [1]}, ["x"], log=True, low=0), "low is 0, but a log scale"),
        (lambda: heat_map({"a": [1]}, ["x"], log=True, high=-1), "high is -1, but a log scale"),
        (lambda: grid([]), "at least one chart"),
        (lambda: grid([bar_chart("a", [1])], columns=0), "columns"),
    ],
)
def test_charts_refuse_what_they_cannot_draw_and_say_why(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_a_bar_chart_says_plainly_which_numbers_it_cannot_show() -> None:
    with pytest.raises(ValueError) as caught:
        bar_chart("ab", [1, 0], log=True)
    assert str(caught.value) == "a log scale shows only numbers above 0, not [1, 0]"
    with pytest.raises(ValueError) as caught:
        bar_chart("ab", [1, -1])
    assert str(caught.value) == "bars show numbers of 0 or more, not [1, -1]"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hbar_chart({"a": 5, "b": 50}, limits=(0, 10)), r"'b' is 50, outside .*\(0, 10\)"),
        (lambda: hbar_chart({"a": -1}, limits=(-5, 10)), "0 or more"),
        (lambda: hbar_chart({"a": 5}, limits=(0, 10), reference=(20, "r")), "reference is 20"),
        (lambda: hbar_chart({"a": 5}, limits=(10, 0)), "the low below the high"),
        (lambda: hbar_chart({"a": 100}, log=True, limits=(100, 1_000)), "above the lower limit"),
        (lambda: line_chart({"a": [(0, 0.5), (1, 1.5)]}, ylim=(0, 1)), "point 2 is 1.5, outside"),
        (
            lambda: line_chart({"a": [(0, 0.5)]}, ylim=(0, 1), intervals={"a": [(0.2, 1.2)]}),
            "interval of 'a''s point 1 reaches 1.2, outside",
        ),
        (
            lambda: line_chart({"a": [(0, 0.5)]}, ylim=(0, 1), guides=(2,)),
            "a level line is at 2, outside",
        ),
        (lambda: line_chart({"a": [(0, 0.5)]}, ylim=(1, 0)), "the low below the high"),
    ],
)
def test_limits_refuse_data_outside_them_rather_than_cut_it(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_data_within_the_limits_is_drawn_whole() -> None:
    chart = hbar_chart({"a": 10, "b": 5, "c": 0}, limits=(0, 10))
    widths = [float(b["width"]) for b in bars(chart)]
    assert widths[0] == pytest.approx(2 * widths[1], abs=0.2) and widths[2] == 0
    assert "from 0 to 10" in chart.text
    nan = float("nan")
    assert "from 0 to 1" in line_chart({"a": [(0, 0), (1, nan), (2, 1)]}, ylim=(0, 1)).text


def test_a_grid_holds_only_charts() -> None:
    with pytest.raises(TypeError, match="not 'a chart'"):
        grid(["a chart"])  # type: ignore[list-item]


# -- lines and intervals -----------------------------------------------------------------------


def points(chart: Chart) -> list[tuple[float, float]]:
    found = []
    for element in parse(chart).iter():
        if element.get("class") == "point":
            if element.tag == f"{SVG}circle":
                found.append((float(element.get("cx", 0)), float(element.get("cy", 0))))
            else:  # a polygon or a path: the middle of its corners
                numbers = [float(n) for n in re.findall(r"-?\d+\.?\d*", element.get("points", ""))]
                xs, ys = numbers[0::2], numbers[1::2]
                found.append(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
    return found


def test_line_points_sit_where_their_numbers_say_and_lines_differ_without_colour() -> None:
    chart = line_chart(
        {"a": [(0, 0), (5, 0.5), (10, 1)], "b": [(0, 1), (10, 0)]},
        xlabel="games",
        legend=True,
    )
    a = points(chart)[:3]
    assert a[1][0] - a[0][0] == pytest.approx(a[2][0] - a[1][0], abs=0.2)
    assert a[0][1] - a[1][1] == pytest.approx(a[1][1] - a[2][1], abs=0.3)
    paths = [p for p in parse(chart).iter(f"{SVG}path") if p.get("class") == "line"]
    assert len(paths) == 2
    assert paths[0].get("stroke-dasharray") != paths[1].get("stroke-dasharray")
    shapes = {e.tag for e in parse(chart).iter() if e.get("class") == "point"}
    assert shapes == {f"{SVG}circle", f"{SVG}polygon"}  # circles and squares
    assert "a (blue, solid, circles): 0: 0; 5: 0.5; 10: 1" in chart.text
    assert "b (orange, dashed, squares): 0: 1; 10: 0" in chart.text


def test_a_log_x_axis_spaces_decades_evenly_and_says_so() -> None:
    chart = line_chart({"a": [(10, 1), (100, 2), (1000, 3)]}, x_scale="log", xlabel="playouts")
    xs = [x for x, _ in points(chart)]
    assert xs[1] - xs[0] == pytest.approx(xs[2] - xs[1], abs=0.2)
    assert "playouts (log scale)" in texts(chart)


def test_lines_of_one_group_look_alike_and_end_labels_do_not_overlap() -> None:
    chart = line_chart(
        {"0 (win)": [(1, 0.50)], "1 (draw)": [(1, 0.51)], "4 (draw)": [(1, 0.52)]},
        groups={"0 (win)": "win", "1 (draw)": "draw", "4 (draw)": "draw"},
        markers=True,
    )
    assert "1 (draw) (orange, dashed, squares)" in chart.text
    assert "4 (draw) (orange, dashed, squares)" in chart.text
    labels = [t for t in parse(chart).iter(f"{SVG}text") if t.text and "(" in t.text]
    heights = sorted(float(t.get("y", 0)) for t in labels)
    assert len(heights) == 3 and all(b - a >= 12.9 for a, b in itertools.pairwise(heights))


def end_labels(chart: Chart) -> dict[str, float]:
    """Each end label's text and the height it is centred on (a label's baseline lies 0.35 of
    its font size below its middle)."""
    return {
        t.text or "": float(t.get("y", 0)) - 0.35 * float(t.get("font-size", 0))
        for t in parse(chart).iter(f"{SVG}text")
        if t.get("font-size") == str(charts._SMALL)
    }


def leaders(chart: Chart) -> list[dict[str, str]]:
    return [dict(e.attrib) for e in parse(chart).iter(f"{SVG}line") if e.get("class") == "leader"]


def test_end_labels_sit_at_their_lines_end_values_when_they_have_room() -> None:
    chart = line_chart({"low": [(0, 0.5), (1, 0.2)], "high": [(0, 0.5), (1, 0.8)]}, markers=True)
    ends = {label: y for label, (_, y) in zip(["low", "high"], points(chart)[1::2])}
    assert end_labels(chart) == pytest.approx(ends, abs=0.06)
    assert not leaders(chart)


def test_crowded_end_labels_move_apart_and_each_is_joined_to_its_lines_end() -> None:
    """Ends too close for their labels: the labels move apart, keeping their order, and a
    thin line of each line's colour runs from its end to its label."""
    ends = {"a": 0.50, "b": 0.51, "c": 0.52, "far": 0.95}
    chart = line_chart({k: [(0, 0.0), (10, v)] for k, v in ends.items()}, markers=True)
    labels = end_labels(chart)
    heights = [labels[k] for k in ("c", "b", "a")]  # top to bottom, as their ends
    assert all(b - a >= 12.9 for a, b in itertools.pairwise(heights))
    marks = [  # each line's end, in the order of the lines: the end of its path
        tuple(float(n) for n in re.findall(r"-?\d+\.?\d*", path.get("d", ""))[-2:])
        for path in parse(chart).iter(f"{SVG}path")
        if path.get("class") == "line"
    ]
    joined = leaders(chart)
    assert len(joined) == len(ends)
    for (label, _), (end_x, end_y), look in zip(ends.items(), marks, charts.LINE_STYLES):
        (leader,) = [e for e in joined if abs(float(e["y2"]) - labels[label]) < 0.06]
        assert float(leader["x1"]) == pytest.approx(end_x + 5, abs=0.06)
        assert float(leader["y1"]) == pytest.approx(end_y, abs=0.06)
        assert leader["stroke"] == look.colour
    assert labels["far"] == pytest.approx(marks[3][1], abs=0.06)  # room: at its end value


def test_colours_choose_a_groups_look_and_the_others_take_what_is_left() -> None:
    chart = line_chart(
        {"0 (win)": [(1, 0.9)], "1 (draw)": [(1, 0.5)], "2 (loss)": [(1, 0.1)]},
        groups={"0 (win)": "win", "1 (draw)": "draw", "2 (loss)": "loss"},
        colours={"draw": "black", "loss": "vermillion"},
    )
    assert "0 (win) (blue, solid, circles)" in chart.text
    assert "1 (draw) (black, dash-dotted, crosses)" in chart.text
    assert "2 (loss) (vermillion, dotted, diamonds)" in chart.text
    for colours, problem in [
        ({"tie": "black"}, "not one of the lines or groups"),
        ({"draw": "grey"}, "not 'grey'"),
        ({"draw": "blue", "loss": "blue"}, "cannot both be blue"),
    ]:
        with pytest.raises(ValueError, match=problem):
            line_chart(
                {"1": [(1, 0.5)], "2": [(1, 0.1)]},
                groups={"1": "draw", "2": "loss"},
                colours=colours,
            )


def test_long_lines_are_summed_up_in_the_text_alternative() -> None:
    chart = line_chart({"regret": [(i, i / 10) for i in range(1, 1001)]})
    line = chart.text.splitlines()[-1]
    assert "(1,000 points, 12 shown)" in line and line.endswith("1,000: 100")
    assert not points(chart)  # no markers on a thousand points


def test_whiskers_span_the_intervals() -> None:
    chart = line_chart({"a": [(1, 0.5)]}, intervals={"a": [(0.25, 0.75)]}, ylim=(0, 1))
    whisker = [
        line
        for line in parse(chart).iter(f"{SVG}line")
        if line.get("x1") == line.get("x2") and line.get("stroke") == PALETTE["blue"]
    ]
    _, y = points(chart)[0]
    top, bottom = (float(whisker[0].get(k, 0)) for k in ("y2", "y1"))
    assert y - top == pytest.approx(bottom - y, abs=0.2)  # symmetric about 50%
    assert "1: 0.5 (0.25 to 0.75)" in chart.text and "95% intervals" in chart.text


def test_interval_chart_marks_the_misses_without_colour_alone() -> None:
    counts = {"a": (30, 100), "b": (50, 100), "c": (70, 100)}
    chart = interval_chart(counts, truth=0.5, xlabel="rate")
    assert chart.text.startswith("Interval chart: 3 intervals, 2 miss the true rate")
    dots = [e for e in parse(chart).iter(f"{SVG}circle") if e.get("class") == "point"]
    hollow = [d.get("fill") == "#ffffff" for d in dots]
    assert hollow == [True, False, True]
    xs = [float(d.get("cx", 0)) for d in dots]
    assert xs[1] - xs[0] == pytest.approx(xs[2] - xs[1], abs=0.2)  # 30%, 50%, 70%
    low, high = wilson_interval(30, 100)
    assert f"a: 30 of 100 (30%), 95% interval {low:.0%} to {high:.0%}, misses" in chart.text
    assert "true rate" in texts(chart)


def test_interval_chart_with_many_rows_lists_the_misses_and_marks_a_reference() -> None:
    counts = {f"run {i}": (50 + (i % 3) * 20, 100) for i in range(40)}
    chart = interval_chart(counts, truth=0.5, reference=(0.9, "random moves"), limits=(0.3, 1))
    lines = chart.text.splitlines()
    assert "40 rows; the 26 that miss:" in lines
    assert not any(t.startswith("run ") for t in texts(chart))  # no labels on 40 rows
    assert "random moves" in texts(chart) and "random moves: 90% (dotted line)" in lines[1]


def test_learning_curve_chart_labels_every_line_and_tells_them_apart_without_colour() -> None:
    from tictac.learning.experiments import MeasuredPoint

    def point(games: int, met: int, everywhere: int) -> MeasuredPoint:
        return MeasuredPoint(games, Share(met, 10), Share(everywhere, 20), 0, (0, 0, 0))

    curves = {
        "slow": [point(0, 1, 2), point(100, 2, 4), point(1000, 5, 10)],
        "fast": [point(0, 1, 2), point(100, 8, 15)],
    }
    chart = learning_curve_chart(curves)
    assert {"slow 50%", "fast 75%"} <= set(texts(chart))
    assert "slow 50% (blue, solid, circles): 0: 10%; 100: 20%; 1,000: 50%" in chart.text
    assert "games of training (even scale to 100, logarithmic beyond)" in texts(chart)
    xs = [x for x, _ in points(chart)[:3]]
    # even to 100 (0.6 of a decade), then one decade to 1,000
    assert (xs[2] - xs[1]) / (xs[1] - xs[0]) == pytest.approx(1 / 0.6, rel=0.01)
    met = learning_curve_chart(curves, measure="met")
    assert {"slow 50%", "fast 80%"} <= set(texts(met))
    with pytest.raises(ValueError, match="measure"):
        learning_curve_chart(curves, measure="best")
    with pytest.raises(ValueError, match="at most"):
        learning_curve_chart({str(i): curves["slow"] for i in range(8)})
    with pytest.raises(ValueError, match="no points"):
        learning_curve_chart({"a": []})


# -- heat maps and grids -----------------------------------------------------------------------


def test_round_robin_chart_writes_every_score_and_shades_without_red_and_green() -> None:
    table = round_robin([make_player("random"), make_player("offensive")], games=40, seed=2)
    chart = round_robin_chart(table)
    scores = table.table()
    written = [t for t in texts(chart) if re.fullmatch(r"\d\.\d\d", t)]
    assert written == [f"{scores[0][1]:.2f}", f"{scores[1][0]:.2f}"]
    cells = [e for e in parse(chart).iter(f"{SVG}rect") if e.get("class") == "cell"]
    shades = [c.get("fill") for c in cells]
    assert shades[0] == shades[3] == "#ffffff"  # a player against itself: blank
    loser, winner = sorted([(scores[0][1], str(shades[1])), (scores[1][0], str(shades[2]))])
    red, blue = (lambda c: (int(c[1:3], 16), int(c[5:7], 16)))(loser[1])  # vermillion-ish
    assert loser[0] < 0.5 and red > blue
    red, blue = (lambda c: (int(c[1:3], 16), int(c[5:7], 16)))(winner[1])  # blue-ish
    assert winner[0] > 0.5 and blue > red
    ends = [charts._ramp((PALETTE["vermillion"], "#ffffff", PALETTE["blue"]), t) for t in (0, 1)]
    assert [c.upper() for c in ends] == [PALETTE["vermillion"], PALETTE["blue"]]
    assert f"offensive: random {scores[1][0]:.2f}, offensive no value" in chart.text


def test_heat_map_shades_on_a_log_scale_and_writes_each_number() -> None:
    chart = heat_map(
        {"3x3": [1, 10, 100]},
        ["a", "b", "c"],
        log=True,
        cell_text=lambda f: f"×{f:,.0f}",
        columns_on_top=True,
    )
    cells = [e for e in parse(chart).iter(f"{SVG}rect") if e.get("class") == "cell"]
    reds = [int(str(c.get("fill"))[1:3], 16) for c in cells]
    assert reds[0] - reds[1] == pytest.approx(reds[1] - reds[2], abs=1)  # even in log10
    assert [t for t in texts(chart) if t.startswith("×")] == ["×1", "×10", "×100"]
    assert "3x3: a ×1, b ×10, c ×100" in chart.text


def test_a_grid_places_its_charts_side_by_side_and_lists_them_in_words() -> None:
    small = [bar_chart("ab", [1, i], width=300) for i in (2, 3, 4)]
    chart = grid(small, columns=2, title="three")
    inner = [e for e in parse(chart) if e.tag == f"{SVG}svg"]
    assert [(float(e.get("x", 0)), float(e.get("y", 0)) > 0) for e in inner] == [
        (0, True),
        (316, True),
        (0, True),
    ]
    assert float(inner[2].get("y", 0)) > float(inner[0].get("y", 0))
    assert chart.width == 616
    assert chart.text.startswith("Three charts: three\n1. Bar chart\n   x axis")


def test_numbers_on_the_axes_are_round_and_percentages_are_percentages() -> None:
    assert charts._linear_range(0, 0.87) == (0, 1, (0, 0.2, 0.4, 0.6, 0.8, 1))
    assert charts._linear_range(0, 12, zero=True, whole=True)[2] == (0, 5, 10, 15)
    assert charts._log_range(16, 524_160)[2] == (10, 100, 1_000, 10_000, 100_000, 1_000_000)
    chart = line_chart({"a": [(0, 0.2), (1, 0.6)]}, percent=True)
    assert {"20%", "40%", "60%"} <= set(texts(chart))
    assert charts._text_width("mmm", 10) > charts._text_width("iii", 10) * 2 > 0
