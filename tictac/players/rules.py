"""Players: every AI the classic tutorials build, from a coin flip to perfect play, and the
classic rule list that never loses at 3x3.

A player has a `name` and a method ``choose(state) -> move``. Each AI here is a
:class:`Player` made of a *rule*, a function ``rule(state, rng) -> move`` that picks a legal
move, and its own random source `rng`, so that the same seed gives the same games. A move is
the game's (see :mod:`tictac.game.position`): a cell index on a board, ``(heap, take)`` in Nim.

>>> from tictac.game.state import State
>>> master = Player("master", optimal())
>>> master.choose(State.parse("XX./OO./..."))   # X completes the top row
2
>>> Player("random", random_move, seed=1).choose(State.new())
2

The levels of play, names for these players, are in :mod:`tictac.players.levels`, and with
the learners in :mod:`tictac.play.levels` (:func:`tictac.make_player`).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, NamedTuple, TypeAlias

from tictac.game.position import M, Position, refuse_other_games
from tictac.game.scoring import (
    Score,
    bounded,
    decisive,
    depth_scaled,
    win_loss,
)
from tictac.game.state import EMPTY, IllegalMove, Mark, State, other
from tictac.helpers.checks import whole_number
from tictac.helpers.old_names import renamed
from tictac.helpers.seeds import Seed, random_source
from tictac.search import solver
from tictac.search.budget import (
    DEFAULT_BUDGET,
    DEFAULT_SECONDS,
    SOLVER_BUDGET,
    Budget,
    BudgetLike,
    Meter,
    meter,
)
from tictac.search.engine import alphabeta
from tictac.search.pairing import Pairing, pairing_move
from tictac.search.threats import completing_cells

__all__ = [
    "BRUTE_FORCE_BUDGET",
    "CLASSIC_RULES",
    "Player",
    "Rule",
    "blend",
    "brute_force_sum",
    "classic_rules",
    "completing_moves",
    "first_suboptimal",
    "fork_blocks",
    "fork_moves",
    "optimal",
    "pairing_player",
    "random_move",
    "Ranking",
    "rank_moves",
    "ranked_moves",
    "searching",
    "second_ranked",
    "subtree_sum",
    "tactical",
    "unknown_is_a_draw",
    "which_rule",
]

Rule: TypeAlias = Callable[[Any, random.Random], Any]
"""A way to choose: ``rule(state, rng)`` returns a legal move of `state`. Most rules here read a
board's cells: they take a :class:`State` and return a cell index (an ``int``), and refuse any
other game (:class:`~tictac.game.position.NotForThisGame`). :func:`random_move`,
:func:`searching`'s and :func:`~tictac.search.mcts.uct_rule`'s take any game's
``Position[M]`` and return one of its moves, an ``M``."""


class Player:
    """An AI player: a rule for choosing moves, a name, and its own seeded random source.

    >>> p = Player("first free cell", lambda state, rng: state.legal_moves()[0])
    >>> p.choose(State.new().play(0))
    1
    """

    def __init__(
        self,
        name: str,
        rule: Rule,
        *,
        seed: Seed = None,
        refuse_game: Callable[[object], None] | None = None,
    ) -> None:
        self.name = name
        self.rule = rule
        self.seed = seed
        self.rng = random_source(seed)
        self.refuse_game = refuse_game
        """Asked of a position before the player chooses: raises for a game it does not
        play (the levels made for m,n,k boards refuse another game's position with
        :class:`~tictac.game.position.NotForThisGame`); None for a player of any game."""

    def choose(self, state: Position[M]) -> M:
        """The move this player makes in `state`: on a board a row-major cell index, in any
        other game one of its `legal_moves()` (a level made for boards refuses other games)."""
        if self.refuse_game is not None:
            self.refuse_game(state)
        if state.is_terminal:
            raise IllegalMove(f"{self.name} cannot move: the game is already over")
        move: M = self.rule(state, self.rng)  # a rule's move is one of the game it is given
        return move

    def reseed(self, seed: Seed) -> None:
        """Restart the random source, so the next games repeat those after the same seed."""
        self.seed = seed
        self.rng = random_source(seed)

    def __repr__(self) -> str:
        return f"<Player {self.name!r} seed={self.seed}>"


# ---------------------------------------------------------------------------------------------
# Rules


def random_move(state: Position[M], rng: random.Random) -> M:
    """Any legal move, each equally likely: the *blind* player (we call it *easy* too). It
    plays any game."""
    return rng.choice(state.legal_moves())


def completing_moves(state: State, player: Mark) -> list[int]:
    """The empty cells that would complete a line for `player` (a win if it is their turn).

    >>> completing_moves(State.parse("XX./OO./..."), "O")
    [5]
    """
    return list(_completing(state, state.cells, player))


def _completing(state: State, cells: tuple[str, ...], player: Mark) -> tuple[int, ...]:
    """The cells that would complete a line for `player` on `cells` (a board of `state`'s size)."""
    return completing_cells(state.rows, state.cols, state.k, cells, player)


def tactical(*, win: bool, block: bool) -> Rule:
    """A rule of thumb: complete an own line if `win`, else block the opponent's if `block`,
    else play at random (the five-rounds tutorial's rounds two and three).

    >>> defensive = tactical(win=False, block=True)
    >>> defensive(State.parse("XX./O../..."), random.Random(0))
    2
    """

    def rule(state: State, rng: random.Random) -> int:
        refuse_other_games(state, "completing lines (the defensive rules)", _ANY_GAME_LEVELS)
        wins = completing_moves(state, state.turn) if win else []
        blocks = completing_moves(state, other(state.turn)) if block else []
        return rng.choice(wins or blocks or list(state.legal_moves()))

    return rule


# ---------------------------------------------------------------------------------------------
# The eight classic rules: win, block, fork, block a fork, centre, opposite corner, corner, side


def fork_moves(state: State, player: Mark | None = None) -> tuple[int, ...]:
    """The moves after which `player` (default: the player to move) could complete two lines
    in two different cells: a **fork**, two threats that one block cannot stop.

    >>> fork_moves(State.parse("X.O/.O./..X"))   # X's forced block at 6 also threatens 3 and 7
    (6,)
    >>> fork_moves(State.parse("X../.O./..X"), "X")   # O to move; X could fork at 2 or 6
    (2, 6)
    """
    player = state.turn if player is None else player
    return tuple(
        move
        for move in state.legal_moves()
        if len(_completing(state, _placed(state.cells, move, player), player)) >= 2
    )


def fork_blocks(state: State) -> tuple[int, ...]:
    """The moves that take away the opponent's forks, if the opponent could fork next move.

    A move qualifies in one of two ways: afterwards the opponent has no fork to make, or it
    makes two in a row, so that the opponent must block, and that forced block is no fork.
    (Taking a cell where the opponent would fork is not always enough: with X on two opposite
    corners and O in the centre, O taking a corner makes X block with a fork.)

    >>> fork_blocks(State.parse("X../.O./..X"))   # O must make X block on a side
    (1, 3, 5, 7)
    >>> fork_blocks(State.new())   # no forks to fear
    ()
    """
    if not fork_moves(state, other(state.turn)):
        return ()
    return tuple(move for move in state.legal_moves() if _leaves_no_fork(state, move))


def _leaves_no_fork(state: State, move: int) -> bool:
    me, you = state.turn, other(state.turn)
    after = state.play(move)
    if after.is_terminal:
        return True  # our move won or filled the board
    if completing_moves(after, you):
        return False  # they win at once
    threats = completing_moves(after, me)
    if len(threats) >= 2:
        return True  # a fork of our own
    if threats:  # they must block at once: is their block a fork?
        return len(completing_moves(after.play(threats[0]), you)) < 2
    return not fork_moves(after, you)


def _placed(cells: tuple[str, ...], move: int, player: Mark) -> tuple[str, ...]:
    return (*cells[:move], player, *cells[move + 1 :])


def _free(state: State, cells: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(cell for cell in set(cells) if state.cells[cell] == EMPTY))


def _corners(state: State) -> tuple[int, ...]:
    last = state.rows * state.cols - 1
    return (0, state.cols - 1, last - state.cols + 1, last)


def _centre(state: State) -> tuple[int, ...]:
    """The free cells nearest the middle of the board (the one centre cell on 3x3)."""

    def distance(cell: int) -> int:  # twice the offset from the middle, squared
        row, col = divmod(cell, state.cols)
        return (2 * row - state.rows + 1) ** 2 + (2 * col - state.cols + 1) ** 2

    nearest = min(distance(cell) for cell in range(len(state.cells)))
    return _free(state, (c for c in range(len(state.cells)) if distance(c) == nearest))


def _opposite_corner(state: State) -> tuple[int, ...]:
    last = len(state.cells) - 1
    return _free(state, (last - c for c in _corners(state) if state.cells[c] == other(state.turn)))


CLASSIC_RULES: tuple[tuple[str, Callable[[State], Sequence[int]]], ...] = (
    ("win", lambda state: completing_moves(state, state.turn)),
    ("block", lambda state: completing_moves(state, other(state.turn))),
    ("fork", fork_moves),
    ("block a fork", fork_blocks),
    ("centre", _centre),
    ("opposite corner", _opposite_corner),
    ("empty corner", lambda state: _free(state, _corners(state))),
    ("empty side", State.legal_moves),  # on 3x3 only sides are left by now
)
"""The classic rule list for tic-tac-toe (Newell and Simon, *Human Problem Solving*, 1972, as
described by Crowley and Siegler, *Cognitive Science* 17, 1993), in order: each rule's name
and the moves it offers in a position, none if it does not apply. On 3x3 the centre is the
middle cell; on bigger boards it is the free cells nearest the middle, and "empty side"
offers any free cell."""


def which_rule(state: State) -> tuple[str, tuple[int, ...]]:
    """The first classic rule that applies in `state`, and the moves it offers.

    >>> which_rule(State.new())
    ('centre', (4,))
    >>> which_rule(State.parse("X../.O./..X"))
    ('block a fork', (1, 3, 5, 7))
    """
    if state.is_terminal:
        raise IllegalMove("the game is over: no rule has a move to offer")
    for name, offered in CLASSIC_RULES:
        moves = tuple(offered(state))
        if moves:
            return name, moves
    raise AssertionError("the last rule offers every free cell")  # pragma: no cover


def classic_rules(state: State, rng: random.Random) -> int:
    """The *rules* player: the first classic rule that applies decides (see
    :data:`CLASSIC_RULES`); among the moves it offers, one at random. On 3x3 it never loses.

    >>> classic_rules(State.parse("XX./OO./..."), random.Random(0))   # X wins at once
    2
    """
    refuse_other_games(state, "the classic rules", _ANY_GAME_LEVELS)
    return rng.choice(which_rule(state)[1])


def optimal(
    *, random_ties: bool = False, corner_opening: bool = False, budget: BudgetLike = SOLVER_BUDGET
) -> Rule:
    """Perfect play from the solver: the best result, won as fast or lost as slowly as can be.

    Among equally good moves it takes the first in board order, or a random one with
    `random_ties` (each optimal move equally likely, drawn from the player's `rng`). With
    `corner_opening` it always opens in the top-left corner, the shortcut one tutorial used
    to save its slow search the first, biggest decision.

    It asks :func:`tictac.search.solver.best_move`, which proves only as many moves as it needs,
    within `budget`.
    """

    def rule(state: State, rng: random.Random) -> int:
        if corner_opening and state.moves_made == 0:
            return 0
        return solver.best_move(state, seed=rng if random_ties else None, budget=budget)

    return rule


def first_suboptimal(
    state: State, rng: random.Random, *, budget: BudgetLike = SOLVER_BUDGET
) -> int:
    """The best of the moves that are worse than the best one (the best if all are equal).

    Moves are ranked the way the master ranks them (:func:`rank_moves`): result first, then
    how soon a win comes or how late a loss does.
    """
    moves, equally_best = rank_moves(state, budget=budget)
    return moves[equally_best] if equally_best < len(moves) else moves[0]


def second_ranked(state: State, rng: random.Random, *, budget: BudgetLike = SOLVER_BUDGET) -> int:
    """The second move of :func:`rank_moves`, which may be just as good as the first: the
    *Tic-Tac-Toe AI* tutorial's novice ranks every move and, when it errs, takes the second.

    >>> second_ranked(State.parse(".../.X./..."), random.Random(0))  # a corner, as good as 0
    2
    """
    moves = rank_moves(state, budget=budget).moves
    return moves[1] if len(moves) > 1 else moves[0]


class Ranking(NamedTuple):
    """Every legal move, best first for the player to move, and how many share the best rank."""

    moves: tuple[int, ...]
    equally_best: int


@functools.lru_cache(maxsize=1 << 16)
def rank_moves(state: State, *, budget: BudgetLike = SOLVER_BUDGET) -> Ranking:
    """Every legal move, best first for the player to move, as the master ranks them: result
    first, then how soon a win comes or how late a loss does; equal moves in board order.

    A position's ranking never changes, and the novices ask for it at every move, so it is
    remembered (3x3 has only 4,520 positions to rank).

    >>> rank_moves(State.parse(".../.X./...")).moves  # the corners draw, the edges lose
    (0, 2, 6, 8, 1, 3, 5, 7)
    >>> rank_moves(State.parse("XX./OO./..."))  # 2 wins; 5 blocks; the rest lose at once
    Ranking(moves=(2, 5, 6, 7, 8), equally_best=1)
    >>> rank_moves(State.parse("XXX/OO./..."))
    Traceback (most recent call last):
      ...
    tictac.game.state.IllegalMove: there are no moves to rank: the game is over (X won)
    """
    if state.is_terminal:
        result = state.result()
        how = "a draw" if result == "draw" else f"{result} won"
        raise IllegalMove(f"there are no moves to rank: the game is over ({how})")
    outcomes = solver.move_outcomes(state, budget=budget)
    player = state.turn
    moves = sorted(outcomes, key=lambda move: (*_rank(outcomes[move], player), move))
    best = _rank(outcomes[moves[0]], player)
    return Ranking(tuple(moves), sum(_rank(outcomes[move], player) == best for move in moves))


def _rank(outcome: solver.Outcome, player: Mark) -> tuple[int, int]:
    """Sort key, smallest first = best for `player`: better result, then quicker win or
    slower loss (a draw's length does not matter)."""
    value = outcome.value if player == "X" else -outcome.value
    return (-value, outcome.plies * value)


def ranked_moves(state: State, *, budget: BudgetLike = SOLVER_BUDGET) -> list[int]:
    """Old name: ``list(rank_moves(state).moves)``."""
    renamed("ranked_moves(state)", "rank_moves(state).moves")
    return list(rank_moves(state, budget=budget).moves)


def pairing_player(pairing: Pairing, name: str = "pairing") -> Player:
    """A :class:`Player` that plays the pairing strategy of `pairing`
    (:func:`tictac.search.pairing.pairing_move`; it draws nothing at random, so its seed does not
    matter).

    >>> from tictac.search.pairing import find_pairing
    >>> from tictac.players.tournament import play_game
    >>> pairing = find_pairing(5, 5, 5)
    >>> play_game(Player("first free", lambda s, rng: s.legal_moves()[0]), pairing_player(pairing),
    ...           start=State.new(5, 5, 5)).result
    'draw'
    """
    return Player(name, lambda state, rng: pairing_move(state, pairing))


def blend(primary: Rule, alternative: Rule, probability: float) -> Rule:
    """Follow `primary` with the given probability, otherwise `alternative`.

    The novice plays a best move 40% of the time:
    ``blend(optimal(random_ties=True), first_suboptimal, 0.4)``.
    """
    _check_probability(probability)

    def rule(state: Any, rng: random.Random) -> Any:  # what the two rules take and return
        chosen = primary if rng.random() < probability else alternative
        return chosen(state, rng)

    return rule


def searching(
    *,
    depth: int,
    heuristic: Score,
    score: Score = win_loss,
    extend_threats: bool = False,
    budget: BudgetLike = DEFAULT_BUDGET,
) -> Rule:
    """Depth-limited minimax (alpha-beta, same answer): look `depth` moves ahead, value the
    positions there by `heuristic`, and take a best move (ties broken at random); each
    move's search within `budget`. `extend_threats` searches on past `depth` while a side
    must win or block at once (:mod:`tictac.search.threats`).

    A win it can see always counts for more than any guess, however large the heuristic's
    values: the search compares :func:`~tictac.game.scoring.decisive` `score` with
    :func:`~tictac.game.scoring.bounded` `heuristic`, which keep each one's order but put every win
    above, and every loss below, every heuristic value. Here X can win at once at 3; a
    heuristic worth 100 for each line open to X with three X marks values every other move
    at 100, and a plain search would prefer them to the win, worth 1 for ``win_loss``:

    >>> from tictac.game.scoring import weighted
    >>> greedy = searching(depth=1, heuristic=weighted({"open_3": 100}))
    >>> greedy(State.parse("XXX./OO../O.../....", k=4), random.Random(0))
    3
    """
    depth = whole_number(depth, "depth", at_least=1, what="moves")
    strict_score, guess = decisive(score), bounded(heuristic)
    known: dict[Hashable, tuple[Any, ...]] = {}  # a position's best moves never change

    def rule(state: Position[M], rng: random.Random) -> M:
        # a board is filed under itself (its size too), any other game's position by its key
        key = state if isinstance(state, State) else state.key
        if key not in known:
            found = alphabeta(
                state,
                score=strict_score,
                depth=depth,
                heuristic=guess,
                memo=True,
                extend_threats=extend_threats,
                budget=budget,
            )
            known[key] = found.best_moves
        best_moves: tuple[M, ...] = known[key]
        return rng.choice(best_moves)

    return rule


def unknown_is_a_draw(state: State, ply: int) -> float:
    """The medium level's view of a position beyond its depth limit: no idea, call it 0."""
    return 0


BRUTE_FORCE_BUDGET = Budget(positions=200_000, seconds=DEFAULT_SECONDS)
"""The brute-force player's default budget: 200,000 positions, whose sums it keeps (about 400
bytes each), or :data:`~tictac.search.budget.DEFAULT_SECONDS`. A move on 3x3 sums at most
5,477; on 4x4, one with 12 empty cells about 135,000 (4 s), with 13 about 385,000 (17 s), and
the empty board far more."""


def brute_force_sum(
    state: State, rng: random.Random, *, budget: BudgetLike = BRUTE_FORCE_BUDGET
) -> int:
    """The five-rounds tutorial's round four: the move whose subtree adds up to most.

    Every finished game below a move scores, for the player to move, 50 / depth for a win,
    10 / depth for a draw and -10 / depth for a loss, where depth counts the marks on the
    final board plus one (as in the tutorial, whose tree starts at depth 1). The move with
    the largest *sum* over all the games below it wins; ties go to the first in board order.
    Summing is not minimax: a move that wins in many lines but loses in one can look best.
    The positions it sums over count against `budget`, all moves together.
    """
    refuse_other_games(state, "brute_force_sum", _ANY_GAME_LEVELS)
    me = state.turn
    counter = meter(budget, state, "brute_force_sum", _BRUTE_FORCE_ADVICE)
    sums = {
        move: subtree_sum(state.play_unchecked(move), me, budget=counter)
        for move in state.legal_moves()
    }
    return max(sums, key=lambda move: sums[move])


_ANY_GAME_LEVELS = "a player of level 'random', 'medium' or 'mcts'"
"""The levels that play any game (:class:`~tictac.game.position.Position`), for refusals."""

_BRUTE_FORCE_ADVICE = ("a position with fewer empty cells (4x4 boards want 12 or fewer)",)


@functools.cache
def _score_for(player: Mark) -> Score:
    return depth_scaled(player)


MAX_SUMS = 200_000
"""How many positions' sums :func:`subtree_sum` keeps between calls (3x3 needs 11,000 at most;
past this it forgets them all, so that its memory stays bounded)."""

_SUMS: dict[tuple[State, Mark], float] = {}


def subtree_sum(state: State, me: Mark, *, budget: BudgetLike = BRUTE_FORCE_BUDGET) -> float:
    """Sum of `me`'s depth-scaled scores over every finished game below `state`: what the
    brute-force player adds up, with every position below counted against `budget` (sums are
    remembered: the depth counts the marks on the final board, so a position's sum is the
    same whichever way it was reached).

    >>> round(subtree_sum(State.parse("XX./OO./..."), "X"), 2)
    117.63
    """
    if not isinstance(budget, Meter) and len(_SUMS) > MAX_SUMS:
        _SUMS.clear()
    return _sum_below(state, me, meter(budget, state, "subtree_sum", _BRUTE_FORCE_ADVICE))


def _sum_below(state: State, me: Mark, counter: Meter) -> float:
    known = _SUMS.get((state, me))
    if known is not None:
        return known
    counter.tick()
    if state.is_terminal:
        side = 1 if me == "X" else -1
        total = side * _score_for(me)(state, state.moves_made + 1)
    else:
        moves = state.legal_moves()
        # (math.fsum, not sum: its result is the same on every Python, and ties between
        # moves' sums are broken by it; since Python 3.12 `sum` of floats rounds otherwise)
        total = math.fsum(_sum_below(state.play_unchecked(move), me, counter) for move in moves)
    _SUMS[state, me] = total
    return total


def _check_probability(probability: float) -> None:
    if not isinstance(probability, (int, float)) or not 0 <= probability <= 1:
        raise ValueError(f"a probability goes from 0 to 1, not {probability!r}")
