"""Figures that Lessons 3, 6, 6b and 8b state in prose, worked out for `tests/claims.py`.

Where it can, each is computed without the lesson's code and without tictac (by
`alphabeta_minimum`, which has its own rules of the game); a figure about one of tictac's
own searches (such as its move ordering) asks that search.
"""

from __future__ import annotations

import alphabeta_minimum as minimum

from tictac import State, alphabeta, make_player, move_outcomes, play_match
from tictac.play import mcts_experiments as experiments
from tictac.search.engine import Memo

# Lesson 3


def unfinished_positions_with_two_marks() -> int:
    """Unfinished positions with at least two marks, one per group of mirror images."""
    return len(
        {
            min(minimum.images(cells))
            for cells in minimum.reachable(minimum.EMPTY)
            if cells.count(".") <= 7 and not minimum.is_over(cells)
        }
    )


# Lessons 6 and 6b

PLAIN = minimum.tree_nodes  # what plain minimax visits


def fewest_positions() -> int:
    """The fewest positions alpha-beta visits from the empty board, over every move order."""
    return minimum.fewest(minimum.EMPTY)


def memo_saving() -> float:
    """Plain minimax's positions over the reachable positions (each worked out once)."""
    return PLAIN(minimum.EMPTY) / sum(1 for _ in minimum.reachable(minimum.EMPTY))


def alphabeta_saving() -> float:
    """Plain minimax's positions over alpha-beta's, moves in board order."""
    return PLAIN(minimum.EMPTY) / minimum.board_order_count(minimum.EMPTY)


def board_order_positions() -> int:
    return minimum.board_order_count(minimum.EMPTY)


def _ordered(memo: Memo = None) -> int:
    """Positions worked out (visited less cache hits) by tictac's ordered textbook alpha-beta."""
    stats = alphabeta(State.new(), exact_root=False, order_moves=True, memo=memo).stats
    return stats.nodes - stats.cache_hits


def ordering_saving() -> float:
    """Board order's positions over `order_moves=True`'s."""
    return minimum.board_order_count(minimum.EMPTY) / _ordered()


def ordered_over_fewest() -> float:
    """`order_moves=True`'s positions over the fewest possible."""
    return _ordered() / fewest_positions()


def square_root_of_plain() -> int:
    return round(PLAIN(minimum.EMPTY) ** 0.5)


def top_bar_over_bottom_bar() -> float:
    """Plain minimax's positions over those the ordered, symmetric-table alpha-beta works out."""
    return PLAIN(minimum.EMPTY) / _ordered(memo="symmetric")


def positions_after_a_corner() -> tuple[int, int]:
    """Plain minimax's positions after X opens in a corner, and the finished games among them."""
    corner = ("X", *minimum.EMPTY[1:])
    games = sum(1 for cells in _lines_of_play(corner) if minimum.is_over(cells))
    return minimum.tree_nodes(corner), games


def _lines_of_play(cells: minimum.Cells) -> list[minimum.Cells]:
    """Every node of the game tree from `cells` (a position once per way of reaching it)."""
    nodes = [cells]
    if not minimum.is_over(cells):
        for child in minimum.children(cells):
            nodes += _lines_of_play(child)
    return nodes


# Lesson 8b


def mcts_losses_as_o() -> tuple[int, int]:
    """MCTS (300 playouts) against the master, the stored games played again: the master's
    one opening as X, and how many of MCTS's losses as O followed a first reply other than the
    centre, the only reply to that corner that draws (-1 unless that is every loss as O)."""
    mcts = make_player("mcts", playouts=300)
    match = play_match(mcts, make_player("master"), games=experiments.MASTER_GAMES, seed=0)
    results = "".join(
        "d" if game.result == "draw" else "w" if game.winner == mcts.name else "l"
        for game in match.games
    )
    assert results == experiments.games_against_master()[300]  # the games the lesson shows
    as_o = [game for game in match.games if game.x == "master"]
    (opening,) = {game.moves[0] for game in as_o}
    drawing = [m for m, o in move_outcomes(State.new().play(opening)).items() if o.value == 0]
    assert drawing == [4], drawing
    lost = [game for game in as_o if game.winner == "master"]
    off_centre = sum(game.moves[1] != 4 for game in lost)
    return opening, off_centre if off_centre == len(lost) else -1
