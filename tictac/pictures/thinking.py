"""Show thinking: how an AI chose its move, drawn with the search its level uses where it can.

:func:`explain_decision` turns a :class:`~tictac.play.session.Decision` (an AI's move, from a
game session) into a :class:`Thinking`: a caption and a picture. Each level has its own
explanation in :data:`EXPLANATIONS`:

* medium and heuristic: the tree of depth-limited minimax, as the level searches (the levels
  themselves run alpha-beta, which gives the same values);
* the solver's levels (master, novice, epsilon): minimax 2 moves deep with the depth-aware
  score, the positions there valued by the solver with perfect play, which gives the values of
  a search to the end (1 move deep on 4x4, where even 2 levels are too many to draw);
* brute-force: the sum under each move; mcts: how each move's random games went;
* defensive and offensive: the lines to complete or block; rules: the rule that decided and
  the moves it offered; random has nothing to draw.

A tree shows at most 2 levels and 60 positions (30 on 4x4), mirror images merged. Drawing
needs Graphviz's ``dot`` (:class:`~tictac.pictures.tree.GraphvizError` without it), but not
ipywidgets.

>>> from tictac.play.session import GameSession
>>> session = GameSession(level="medium", human="O", seed=0)
>>> thinking = explain_decision(session.last_decision)
>>> thinking.svg.lstrip().startswith("<?xml")
True
>>> print(thinking.caption)
<b>X (medium)</b> played cell 6 (row 2, column 0), deciding in ... ms. Minimax 2 moves deep, ...
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from tictac.game.scoring import depth_aware, plus_minus_ten, two_in_a_row, win_loss
from tictac.game.state import State, other
from tictac.learning.learners import Menace, TDLearner, trained_learner
from tictac.pictures.boards import board_svg, draw_move_values
from tictac.pictures.tree import draw_tree
from tictac.play.levels import CATALOGUE, canonical_level
from tictac.play.session import Decision
from tictac.players.rules import completing_moves, subtree_sum, unknown_is_a_draw, which_rule
from tictac.search import solver

__all__ = ["EXPLANATIONS", "Explanation", "Thinking", "explain_decision"]

TREE_DEPTH = 2
"""How many levels of a search a drawing shows."""

TREE_NODES = {9: 60, 16: 30}
"""How many positions a drawing shows at most, by number of cells (4x4 boards draw bigger)."""


@dataclass(frozen=True)
class Thinking:
    """What the widget shows of a decision: a caption (HTML) and a picture (SVG, or None);
    `graph` is the drawn tree, when there is one."""

    caption: str
    svg: str | None = None
    graph: Any = field(default=None, compare=False, repr=False)


Explanation = Callable[[Decision, dict[str, Any]], Thinking]
"""``explain(decision, options)``: how a level chose, `options` being all it played with."""


def explain_decision(decision: Decision) -> Thinking:
    """Draw how an AI chose its move: the tree of its search where it has one.

    The caption starts with who played what, and how long it took.
    """
    key = canonical_level(decision.level)
    options = {**CATALOGUE[key].defaults, **decision.options}
    thinking = EXPLANATIONS[key](decision, options)
    where = decision.state.cell_label(decision.move)
    headline = (
        f"<b>{decision.mark} ({html.escape(decision.level)})</b> played {where}, "
        f"deciding in {decision.seconds * 1000:.1f} ms. "
    )
    return replace(thinking, caption=headline + thinking.caption)


# ---------------------------------------------------------------------------------------------
# One explanation per level


def _random(decision: Decision, options: dict[str, Any]) -> Thinking:
    return Thinking(
        "It picks a free cell at random: it does not look ahead, so there is no tree to draw."
    )


def _lines(*, own: bool) -> Explanation:
    """Defensive (`own` False) and offensive (True): the lines it completes or blocks."""

    def explain(decision: Decision, options: dict[str, Any]) -> Thinking:
        state = decision.state
        wins = completing_moves(state, state.turn) if own else []
        blocks = completing_moves(state, other(state.turn))
        if wins:
            why = f"It completes its own line at {_cells(wins)} (outlined)."
        elif blocks:
            why = f"It blocks the opponent's line at {_cells(blocks)} (outlined)."
        else:
            why = "There was no line to complete or block, so it played at random."
        svg = board_svg(state, cell_size=48, highlight=set(wins or blocks))
        return Thinking("It looks one move ahead for lines one mark short. " + why, svg)

    return explain


def _rules(decision: Decision, options: dict[str, Any]) -> Thinking:
    rule, moves = which_rule(decision.state)
    return Thinking(
        "It goes down the eight classic rules (win, block, fork, block a fork, centre, opposite "
        f"corner, empty corner, empty side); the first that applies decides. Here it was "
        f"<i>{rule}</i>, offering {_cells(list(moves))} (outlined), one of them at random.",
        board_svg(decision.state, cell_size=48, highlight=set(moves)),
    )


def _brute_force(decision: Decision, options: dict[str, Any]) -> Thinking:
    state = decision.state
    sign = 1 if state.turn == "X" else -1
    sums = {m: subtree_sum(state.play(m), state.turn) for m in state.legal_moves()}
    values: dict[int, float] = {m: sign * round(total) for m, total in sums.items()}
    return Thinking(
        "Each cell shows the sum of the scores of every finished game below that move (a win "
        "50/depth, a draw 10/depth, a loss −10/depth; from X's side, as in the trees). It "
        "takes the largest sum for itself.",
        draw_move_values(state, values).svg,
    )


def _mcts(decision: Decision, options: dict[str, Any]) -> Thinking:
    caption = f"It played {options['playouts']} random games from here. "
    result = decision.mcts
    if result is None:
        return Thinking(caption)
    sign = 1 if decision.mark == "X" else -1
    rates = {m: sign * round(2 * mean - 1, 2) for m, mean in result.mean_results.items()}
    visits = ", ".join(f"{m}: {n}" for m, n in sorted(result.visits.items()))
    return Thinking(
        caption + "Each cell shows how its games went, from +1 (X won them all) to −1 (O did); "
        f"it plays the move it tried most. Games per move: {visits}.",
        draw_move_values(decision.state, rates).svg,
    )


def _medium(decision: Decision, options: dict[str, Any]) -> Thinking:
    depth = options["depth"]
    graph = _tree(
        decision.state,
        depth=depth,
        search="minimax",
        score=plus_minus_ten,
        heuristic=unknown_is_a_draw,
    )
    return _drawn(
        f"Minimax {depth} moves deep, the way medium searches: a win is +10, a loss −10, and a "
        "position it cannot see to the end counts as a draw (0).",
        graph,
    )


def _heuristic(decision: Decision, options: dict[str, Any]) -> Thinking:
    depth = options["depth"]
    graph = _tree(
        decision.state, depth=depth, search="minimax", score=win_loss, heuristic=two_in_a_row
    )
    return _drawn(
        f"Minimax {depth} moves deep (heuristic itself runs alpha-beta, which gives the same "
        "values): where it stops, each line one mark short of complete counts 0.2 for its "
        "owner. The drawing shows the first 2 levels.",
        graph,
    )


def _master(decision: Decision, options: dict[str, Any]) -> Thinking:
    return _perfect_play(decision, "It plays a best move.")


def _novice(decision: Decision, options: dict[str, Any]) -> Thinking:
    how = (
        f"It plays a best move {options['probability']:.0%} of the time, else the best of the "
        "worse ones"
    )
    return _perfect_play(decision, how + _this_time(decision))


def _epsilon(decision: Decision, options: dict[str, Any]) -> Thinking:
    how = f"It plays a best move, except {options['epsilon']:.0%} of the time a random one"
    return _perfect_play(decision, how + _this_time(decision))


def _menace(decision: Decision, options: dict[str, Any]) -> Thinking:
    state = decision.state
    if len(state.legal_moves()) == 1:
        return Thinking("Only one cell was free: a forced move, which has no matchbox.")
    menace = trained_learner("menace")
    assert isinstance(menace, Menace)
    box = menace.box(state)
    beads = ", ".join(f"{n} on cell {cell}" for cell, n in box.items())
    return Thinking(
        "It draws a bead at random from the matchbox for this position (a move's chance is its "
        f"share of the beads; mirror-image moves share a colour): {beads}.",
        board_svg(state, cell_size=48, highlight={c for c, n in box.items() if n}),
    )


def _td(decision: Decision, options: dict[str, Any]) -> Thinking:
    state = decision.state
    learner = trained_learner("td")
    assert isinstance(learner, TDLearner)
    best = learner.greedy_moves(state)
    value = learner.value(state.play(best[0]))
    return Thinking(
        "It rates each move by the value it learnt, in training games, for the position the "
        f"move leads to, and plays one it values most: {_cells(list(best))} (outlined), worth "
        f"{value:.2f} (1 a win, 0 a loss).",
        board_svg(state, cell_size=48, highlight=set(best)),
    )


EXPLANATIONS: dict[str, Explanation] = {
    "random": _random,
    "defensive": _lines(own=False),
    "offensive": _lines(own=True),
    "rules": _rules,
    "brute-force": _brute_force,
    "heuristic": _heuristic,
    "novice": _novice,
    "medium": _medium,
    "master": _master,
    "epsilon": _epsilon,
    "mcts": _mcts,
    "menace": _menace,
    "td": _td,
}
"""How each level's decisions are explained, by the level's name in the catalogue."""


# ---------------------------------------------------------------------------------------------
# Shared parts


def _tree(state: State, *, depth: int, **search: Any) -> Any:
    """The tree of a search from `state`, as much of it as a drawing shows."""
    return draw_tree(
        state,
        depth=depth,
        max_depth=TREE_DEPTH,
        max_nodes=TREE_NODES.get(len(state.cells), 30),
        merge_symmetric=True,
        **search,
    )


def _drawn(caption: str, graph: Any) -> Thinking:
    return Thinking(caption, graph.pipe(format="svg", encoding="utf-8"), graph)


def _this_time(decision: Decision) -> str:
    """Whether the move was a best one, for the levels that do not always play one."""
    best = decision.move in solver.best_moves(decision.state)
    return "; this time " + ("a best move." if best else "a worse one.")


def _perfect_play(decision: Decision, how: str) -> Thinking:
    """The solver's levels: minimax down to the drawing's depth, where the solver gives each
    position its value with perfect play (the same values as minimax to the end, at a
    fraction of the cost)."""
    state = decision.state
    depth = TREE_DEPTH if len(state.cells) <= 9 else 1
    graph = _tree(state, depth=depth, search="minimax", score=depth_aware, heuristic=_solver(state))
    caption = (
        f" The tree: minimax {depth} move{'s' if depth > 1 else ''} deep, where the solver "
        "values each position by perfect play to the end, a win worth more the sooner it "
        "comes (± empty cells left at the end + 1), as the master ranks its moves."
    )
    if depth == 1:
        caption += " (On 4x4 even 2 levels are too many positions to draw.)"
    return _drawn(how + caption, graph)


def _solver(state: State) -> Callable[[State, int], float]:
    """A heuristic giving each position after a move of `state` its value with perfect play,
    on the depth-aware scale: ± (empty cells left when the game ends + 1)."""
    outcomes = {state.play(m): o for m, o in solver.move_outcomes(state).items()}

    def perfect_play(position: State, ply: int) -> float:
        found = outcomes.get(position)
        outcome = found if found is not None else solver.outcome(position)
        empty_at_end = len(position.cells) - position.moves_made - outcome.plies
        return outcome.value * (empty_at_end + 1)

    perfect_play.__name__ = "solver"
    return perfect_play


def _cells(moves: list[int]) -> str:
    return ", ".join(f"cell {m}" for m in moves)
