"""Pictures and widgets: boards, charts, game trees, the search stepper, the game widget.

Boards and their SVG (:mod:`~tictac.pictures.boards`), Connect Four's
(:mod:`~tictac.pictures.connect_four`), Nim's heaps (:mod:`~tictac.pictures.heaps`), charts
drawn as SVG (:mod:`~tictac.pictures.charts`), game trees drawn with Graphviz
(:mod:`~tictac.pictures.tree`), a search recorded step by step (:mod:`~tictac.pictures.stepper`,
no widgets needed) and its widget (:mod:`~tictac.pictures.stepper_widget`), "show thinking"
(:mod:`~tictac.pictures.thinking`), the game widget (:mod:`~tictac.pictures.widget`), still
pictures of widgets for stored notebooks (:mod:`~tictac.pictures.static`), and what changes in
the browser edition (:mod:`~tictac.pictures.browser`). The top layer below the lessons: it may
import every layer but the command line.

Its names load on first use, so that importing one picture does not load ipywidgets and
Graphviz for all of them:

>>> from tictac.pictures import board_svg
>>> from tictac.game import State
>>> board_svg(State.new(1, 1, 1)).startswith("<svg")
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Each public name -> the module of this folder that holds it.
_HOMES: dict[str, str] = {
    "VIZ_PATH": "browser",
    "GraphvizLoading": "browser",
    "NotInBrowser": "browser",
    "in_browser": "browser",
    "render_svg": "browser",
    "start_loading": "browser",
    "COLORS": "boards",
    "Gallery": "boards",
    "Picture": "boards",
    "board_svg": "boards",
    "draw_board": "boards",
    "draw_matchbox": "boards",
    "draw_move_values": "boards",
    "draw_pairing": "boards",
    "move_classes": "boards",
    "format_value": "boards",
    "game_picture": "boards",
    "save_svg": "boards",
    "show_boards": "boards",
    "status_words": "boards",
    "svg_opening": "boards",
    "FRAME": "connect_four",
    "connect_four_svg": "connect_four",
    "heaps_svg": "heaps",
    "StaticPicture": "static",
    "bare_svg": "static",
    "keep_pictures": "static",
    "static_html": "static",
    "LINE_STYLES": "charts",
    "PALETTE": "charts",
    "Chart": "charts",
    "LineStyle": "charts",
    "bar_chart": "charts",
    "grid": "charts",
    "hbar_chart": "charts",
    "heat_map": "charts",
    "interval_chart": "charts",
    "learning_curve_chart": "charts",
    "line_chart": "charts",
    "results_chart": "charts",
    "round_robin_chart": "charts",
    "wins_by_length_chart": "charts",
    "MAX_BOARDS": "tree",
    "GameTree": "tree",
    "GraphvizError": "tree",
    "draw_mcts_tree": "tree",
    "draw_number_tree": "tree",
    "draw_trace": "tree",
    "draw_tree": "tree",
    "STEP_BUDGET": "stepper",
    "SearchSteps": "stepper",
    "Step": "stepper",
    "record_search": "stepper",
    "SearchStepper": "stepper_widget",
    "step_search": "stepper_widget",
    "EXPLANATIONS": "thinking",
    "Explanation": "thinking",
    "Thinking": "thinking",
    "explain_decision": "thinking",
    "GameWidget": "widget",
    "cell_name": "widget",
    "BOARD_SIZES": "widget",
    "FAST_OPTIONS": "widget",
    "LEVEL_CHOICES": "widget",
    "MODES": "widget",
    "NOT_OFFERED": "widget",
    "BoardSize": "widget",
    "Decision": "widget",
    "FinishedGame": "widget",
    "GameSession": "widget",
    "Mode": "widget",
    "Settings": "widget",
    "Tally": "widget",
    "canonical_level": "widget",
    "describe_level": "widget",
    "hint_labels": "widget",
    "level_options": "widget",
    "levels_note": "widget",
    "offered_levels": "widget",
}

__all__ = list(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'tictac.pictures' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"tictac.pictures.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


if TYPE_CHECKING:
    from tictac.pictures.boards import (
        COLORS as COLORS,
    )
    from tictac.pictures.boards import (
        Gallery as Gallery,
    )
    from tictac.pictures.boards import (
        Picture as Picture,
    )
    from tictac.pictures.boards import (
        board_svg as board_svg,
    )
    from tictac.pictures.boards import (
        draw_board as draw_board,
    )
    from tictac.pictures.boards import (
        draw_matchbox as draw_matchbox,
    )
    from tictac.pictures.boards import (
        draw_move_values as draw_move_values,
    )
    from tictac.pictures.boards import (
        draw_pairing as draw_pairing,
    )
    from tictac.pictures.boards import (
        format_value as format_value,
    )
    from tictac.pictures.boards import (
        game_picture as game_picture,
    )
    from tictac.pictures.boards import (
        move_classes as move_classes,
    )
    from tictac.pictures.boards import (
        save_svg as save_svg,
    )
    from tictac.pictures.boards import (
        show_boards as show_boards,
    )
    from tictac.pictures.boards import (
        status_words as status_words,
    )
    from tictac.pictures.boards import (
        svg_opening as svg_opening,
    )
    from tictac.pictures.browser import (
        VIZ_PATH as VIZ_PATH,
    )
    from tictac.pictures.browser import (
        GraphvizLoading as GraphvizLoading,
    )
    from tictac.pictures.browser import (
        NotInBrowser as NotInBrowser,
    )
    from tictac.pictures.browser import (
        in_browser as in_browser,
    )
    from tictac.pictures.browser import (
        render_svg as render_svg,
    )
    from tictac.pictures.browser import (
        start_loading as start_loading,
    )
    from tictac.pictures.charts import (
        LINE_STYLES as LINE_STYLES,
    )
    from tictac.pictures.charts import (
        PALETTE as PALETTE,
    )
    from tictac.pictures.charts import (
        Chart as Chart,
    )
    from tictac.pictures.charts import (
        LineStyle as LineStyle,
    )
    from tictac.pictures.charts import (
        bar_chart as bar_chart,
    )
    from tictac.pictures.charts import (
        grid as grid,
    )
    from tictac.pictures.charts import (
        hbar_chart as hbar_chart,
    )
    from tictac.pictures.charts import (
        heat_map as heat_map,
    )
    from tictac.pictures.charts import (
        interval_chart as interval_chart,
    )
    from tictac.pictures.charts import (
        learning_curve_chart as learning_curve_chart,
    )
    from tictac.pictures.charts import (
        line_chart as line_chart,
    )
    from tictac.pictures.charts import (
        results_chart as results_chart,
    )
    from tictac.pictures.charts import (
        round_robin_chart as round_robin_chart,
    )
    from tictac.pictures.charts import (
        wins_by_length_chart as wins_by_length_chart,
    )
    from tictac.pictures.connect_four import (
        FRAME as FRAME,
    )
    from tictac.pictures.connect_four import (
        connect_four_svg as connect_four_svg,
    )
    from tictac.pictures.heaps import (
        heaps_svg as heaps_svg,
    )
    from tictac.pictures.static import (
        StaticPicture as StaticPicture,
    )
    from tictac.pictures.static import (
        bare_svg as bare_svg,
    )
    from tictac.pictures.static import (
        keep_pictures as keep_pictures,
    )
    from tictac.pictures.static import (
        static_html as static_html,
    )
    from tictac.pictures.stepper import (
        STEP_BUDGET as STEP_BUDGET,
    )
    from tictac.pictures.stepper import (
        SearchSteps as SearchSteps,
    )
    from tictac.pictures.stepper import (
        Step as Step,
    )
    from tictac.pictures.stepper import (
        record_search as record_search,
    )
    from tictac.pictures.stepper_widget import (
        SearchStepper as SearchStepper,
    )
    from tictac.pictures.stepper_widget import (
        step_search as step_search,
    )
    from tictac.pictures.thinking import (
        EXPLANATIONS as EXPLANATIONS,
    )
    from tictac.pictures.thinking import (
        Explanation as Explanation,
    )
    from tictac.pictures.thinking import (
        Thinking as Thinking,
    )
    from tictac.pictures.thinking import (
        explain_decision as explain_decision,
    )
    from tictac.pictures.tree import (
        MAX_BOARDS as MAX_BOARDS,
    )
    from tictac.pictures.tree import (
        GameTree as GameTree,
    )
    from tictac.pictures.tree import (
        GraphvizError as GraphvizError,
    )
    from tictac.pictures.tree import (
        draw_mcts_tree as draw_mcts_tree,
    )
    from tictac.pictures.tree import (
        draw_number_tree as draw_number_tree,
    )
    from tictac.pictures.tree import (
        draw_trace as draw_trace,
    )
    from tictac.pictures.tree import (
        draw_tree as draw_tree,
    )
    from tictac.pictures.widget import (
        BOARD_SIZES as BOARD_SIZES,
    )
    from tictac.pictures.widget import (
        FAST_OPTIONS as FAST_OPTIONS,
    )
    from tictac.pictures.widget import (
        LEVEL_CHOICES as LEVEL_CHOICES,
    )
    from tictac.pictures.widget import (
        MODES as MODES,
    )
    from tictac.pictures.widget import (
        NOT_OFFERED as NOT_OFFERED,
    )
    from tictac.pictures.widget import (
        BoardSize as BoardSize,
    )
    from tictac.pictures.widget import (
        Decision as Decision,
    )
    from tictac.pictures.widget import (
        FinishedGame as FinishedGame,
    )
    from tictac.pictures.widget import (
        GameSession as GameSession,
    )
    from tictac.pictures.widget import (
        GameWidget as GameWidget,
    )
    from tictac.pictures.widget import (
        Mode as Mode,
    )
    from tictac.pictures.widget import (
        Settings as Settings,
    )
    from tictac.pictures.widget import (
        Tally as Tally,
    )
    from tictac.pictures.widget import (
        canonical_level as canonical_level,
    )
    from tictac.pictures.widget import (
        cell_name as cell_name,
    )
    from tictac.pictures.widget import (
        describe_level as describe_level,
    )
    from tictac.pictures.widget import (
        hint_labels as hint_labels,
    )
    from tictac.pictures.widget import (
        level_options as level_options,
    )
    from tictac.pictures.widget import (
        levels_note as levels_note,
    )
    from tictac.pictures.widget import (
        offered_levels as offered_levels,
    )
