"""Players: every AI the classic tutorials build, from a coin flip to perfect play, and the
classic rule list that never loses at 3x3.

A player has a `name` and a method ``choose(state) -> move``. Each AI here is a
:class:`Player` made of a *rule*, a function ``rule(state, rng) -> move`` that picks a legal
move, and its own random source `rng`, so that the same seed gives the same games.

>>> from tictac.state import State
>>> master = make_player("master")
>>> master.choose(State.parse("XX./OO./..."))   # X completes the top row
2
>>> make_player("random", seed=1).choose(State.new())
2

The levels
----------
Each level is one entry of :data:`CATALOGUE`, the one place that knows it: its name, the
tutorials' names for it, the factory that builds its rule (whose keyword defaults are the
level's default options), a line on how it chooses, and how it fares on the widget's boards.
:func:`make_player`, the game widget (:mod:`tictac.session`) and the command line read it from
there; :data:`LEVELS` and :data:`ALIASES` are views of it.

>>> for name in LEVELS:  # doctest: +NORMALIZE_WHITESPACE
...     print(describe_level(name))
random: plays any free cell at random
defensive: blocks your almost-complete line, else plays at random
offensive: completes its own line, else blocks yours, else plays at random
rules: the first of eight classic rules that applies: win, block, fork, block a fork, centre,
    opposite corner, empty corner, empty side (never loses on 3x3)
brute-force: adds up the scores of every game below each move and takes the largest sum
    (not minimax: it can be fooled)
heuristic: minimax 5 moves deep, counting lines one mark short of complete where it stops
novice: the best move 40% of the time, else the best of the worse ones
medium: minimax 2 moves deep; what it cannot see counts as a draw
master: perfect play: wins as fast and loses as slowly as can be
epsilon: perfect play, but a random move 10% of the time
mcts: Monte Carlo tree search, 1000 random games per move
menace: Michie's matchbox machine after 10,000 training games (against a random player, then
    itself): draws a bead from the position's box
td: values learnt by temporal differences in 9,000 training games (against itself, then the
    master): plays the move it values most; never loses to the master
>>> ALIASES["unbeatable"], ALIASES["blind"], ALIASES["easy"]
('master', 'random', 'random')

Speed on the widget's boards
----------------------------
The widget makes the AI answer inside the click handler, so a level is offered on a board
only if it answers quickly there: the aim is 50 ms a move. Per-move times on a 2-core
machine (median and worst over seeded games against a random opponent: ``bench/levels.py``
prints them) showed which levels need help; each level's `fast` options and `not_offered`
boards hold the result, and :func:`levels_note` says it in words:

* brute-force is not offered on 4x4: it adds up every finished game below each move, about
  three times as many for each extra empty cell (0.1 s with 9 empty cells, 3 s with 12, and
  the empty 4x4 board would take hours);
* heuristic looks 3 moves ahead on 4x4 instead of 5 (depth 5: up to 0.8 s per move);
* mcts plays 300 random games per move on 3x3 and 150 on 4x4 instead of 1000 (1000 take
  60-110 ms on 3x3 and 0.2 s on 4x4);
* menace and td, the learners of :mod:`tictac.learning`, are not offered on 4x4: they
  learnt on 3x3, and play from a table stored in ``tictac/data/`` (read once, then a
  lookup per move);
* the solver's levels (master, novice, epsilon) and the hints answer within a few
  milliseconds on 4x4 too, even from a cold start (its pairing-strategy bound proves most
  "nobody can win" positions at once); brute-force on 3x3 sums its tree once (0.1 s) when it
  is chosen, before the game starts rather than as an answer to a click.

``level_options={"mcts": {"playouts": 1000}}`` in the widget gives a level other options,
slower or not.

Budgets
-------
The levels that search (brute-force, heuristic, medium and the solver's levels: master,
novice, epsilon) search within a budget, like every search of the package (see
:mod:`tictac.budget`): by default the solver's for the solver's levels,
:data:`BRUTE_FORCE_BUDGET` for brute-force, a million positions for the others.
``make_player(level, budget=...)`` gives such a player another one; a move that needs more
than its budget raises :class:`~tictac.budget.BudgetExceeded`, e.g. brute-force on the empty
4x4 board. (The mcts level's `playouts` bound its work, so it takes no budget.)
"""

from __future__ import annotations

import functools
import inspect
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tictac import solver
from tictac.budget import DEFAULT_BUDGET, SOLVER_BUDGET, Budget, BudgetLike, Meter, meter
from tictac.learning import RECIPES, trained_learner
from tictac.mcts import uct_rule
from tictac.pairing import Pairing, pairing_move
from tictac.scoring import (
    Score,
    bounded,
    decisive,
    depth_scaled,
    plus_minus_ten,
    two_in_a_row,
    win_loss,
)
from tictac.search import alphabeta
from tictac.seeds import Seed, random_source
from tictac.state import EMPTY, IllegalMove, Mark, State, other
from tictac.threats import completing_cells

__all__ = [
    "ALIASES",
    "BOARD_SIZES",
    "BRUTE_FORCE_BUDGET",
    "CATALOGUE",
    "CLASSIC_RULES",
    "FAST_OPTIONS",
    "LEVELS",
    "LEVEL_CHOICES",
    "NOT_OFFERED",
    "NOVICE_MISTAKES",
    "BoardSize",
    "Level",
    "Player",
    "Rule",
    "blend",
    "board_size",
    "brute_force_sum",
    "canonical_level",
    "classic_rules",
    "completing_moves",
    "describe_level",
    "first_suboptimal",
    "fork_blocks",
    "fork_moves",
    "level_names",
    "level_options",
    "levels_note",
    "make_player",
    "offered_levels",
    "optimal",
    "pairing_player",
    "random_move",
    "rank_moves",
    "ranked_moves",
    "searching",
    "second_ranked",
    "subtree_sum",
    "tactical",
    "tidy_level_name",
    "unknown_is_a_draw",
    "which_rule",
]

Rule = Callable[[State, random.Random], int]
"""A way to choose: ``rule(state, rng)`` returns a legal move of `state`."""


class Player:
    """An AI player: a rule for choosing moves, a name, and its own seeded random source.

    >>> p = Player("first free cell", lambda state, rng: state.legal_moves()[0])
    >>> p.choose(State.new().play(0))
    1
    """

    def __init__(self, name: str, rule: Rule, *, seed: Seed = None) -> None:
        self.name = name
        self.rule = rule
        self.seed = seed
        self.rng = random_source(seed)

    def choose(self, state: State) -> int:
        """The move this player makes in `state` (a row-major cell index)."""
        if state.is_terminal:
            raise IllegalMove(f"{self.name} cannot move: the game is already over")
        return self.rule(state, self.rng)

    def reseed(self, seed: Seed) -> None:
        """Restart the random source, so the next games repeat those after the same seed."""
        self.seed = seed
        self.rng = random_source(seed)

    def __repr__(self) -> str:
        return f"<Player {self.name!r} seed={self.seed}>"


# ---------------------------------------------------------------------------------------------
# Rules


def random_move(state: State, rng: random.Random) -> int:
    """Any legal move, each equally likely: the *blind* or *easy* player."""
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
    return rng.choice(which_rule(state)[1])


def optimal(
    *, random_ties: bool = False, corner_opening: bool = False, budget: BudgetLike = SOLVER_BUDGET
) -> Rule:
    """Perfect play from the solver: the best result, won as fast or lost as slowly as can be.

    Among equally good moves it takes the first in board order, or a random one with
    `random_ties` (each optimal move equally likely, drawn from the player's `rng`). With
    `corner_opening` it always opens in the top-left corner, the shortcut one tutorial used
    to save its slow search the first, biggest decision.

    It asks :func:`tictac.solver.best_move`, which proves only as many moves as it needs,
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

    Moves are ranked the way the master ranks them: result first, then how soon a win
    comes or how late a loss does.
    """
    ranked, equally_best = _ranked(state, budget)
    return ranked[equally_best] if equally_best < len(ranked) else ranked[0]


def second_ranked(state: State, rng: random.Random, *, budget: BudgetLike = SOLVER_BUDGET) -> int:
    """The second move of :func:`ranked_moves`, which may be just as good as the first: the
    *Tic-Tac-Toe AI* tutorial's novice ranks every move and, when it errs, takes the second.

    >>> second_ranked(State.parse(".../.X./..."), random.Random(0))  # a corner, as good as 0
    2
    """
    ranked, _ = _ranked(state, budget)
    return ranked[1] if len(ranked) > 1 else ranked[0]


def ranked_moves(state: State, *, budget: BudgetLike = SOLVER_BUDGET) -> list[int]:
    """Every legal move, best first for the player to move, as the master ranks them (result
    first, then how soon a win comes or how late a loss does); equal moves in board order.

    >>> ranked_moves(State.parse(".../.X./..."))  # the corners draw, the edges lose
    [0, 2, 6, 8, 1, 3, 5, 7]
    """
    return list(_ranked(state, budget)[0])


@functools.lru_cache(maxsize=1 << 16)
def _ranking(state: State, budget: BudgetLike = SOLVER_BUDGET) -> tuple[tuple[int, ...], int]:
    """:func:`rank_moves`, remembered: a position's ranking never changes, and the novices ask
    for it at every move (3x3 has only 4,520 positions to rank)."""
    return rank_moves(state, budget=budget)


def _ranked(state: State, budget: BudgetLike) -> tuple[tuple[int, ...], int]:
    """:func:`_ranking`, remembered under the position alone when `budget` is the default."""
    return _ranking(state) if budget is SOLVER_BUDGET else _ranking(state, budget)


def rank_moves(state: State, *, budget: BudgetLike = SOLVER_BUDGET) -> tuple[tuple[int, ...], int]:
    """The legal moves best first (see :func:`ranked_moves`), and how many share the best rank.

    >>> rank_moves(State.parse("XX./OO./..."))  # 2 wins; 5 blocks; the rest lose at once
    ((2, 5, 6, 7, 8), 1)
    >>> rank_moves(State.parse("XXX/OO./..."))
    Traceback (most recent call last):
      ...
    tictac.state.IllegalMove: there are no moves to rank: the game is over (X won)
    """
    if state.is_terminal:
        result = state.result()
        how = "a draw" if result == "draw" else f"{result} won"
        raise IllegalMove(f"there are no moves to rank: the game is over ({how})")
    outcomes = solver.move_outcomes(state, budget=budget)
    player = state.turn
    ranked = sorted(outcomes, key=lambda move: (*_rank(outcomes[move], player), move))
    best = _rank(outcomes[ranked[0]], player)
    return tuple(ranked), sum(_rank(outcomes[move], player) == best for move in ranked)


def _rank(outcome: solver.Outcome, player: Mark) -> tuple[int, int]:
    """Sort key, smallest first = best for `player`: better result, then quicker win or
    slower loss (a draw's length does not matter)."""
    value = outcome.value if player == "X" else -outcome.value
    return (-value, outcome.plies * value)


def pairing_player(pairing: Pairing, name: str = "pairing") -> Player:
    """A :class:`Player` that plays the pairing strategy of `pairing`
    (:func:`tictac.pairing.pairing_move`; it draws nothing at random, so its seed does not
    matter).

    >>> from tictac.pairing import find_pairing
    >>> from tictac.tournament import play_game
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

    def rule(state: State, rng: random.Random) -> int:
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
    must win or block at once (:mod:`tictac.threats`).

    A win it can see always counts for more than any guess, however large the heuristic's
    values: the search compares :func:`~tictac.scoring.decisive` `score` with
    :func:`~tictac.scoring.bounded` `heuristic`, which keep each one's order but put every win
    above, and every loss below, every heuristic value. Here X can win at once at 3; a
    heuristic worth 100 for each line open to X with three X marks values every other move
    at 100, and a plain search would prefer them to the win, worth 1 for ``win_loss``:

    >>> from tictac.scoring import weighted
    >>> greedy = searching(depth=1, heuristic=weighted({"open_3": 100}))
    >>> greedy(State.parse("XXX./OO../O.../....", k=4), random.Random(0))
    3
    """
    if not isinstance(depth, int) or depth < 1:
        raise ValueError(
            f"the search depth must be a whole number of moves, 1 or more, not {depth!r}"
        )
    strict_score, guess = decisive(score), bounded(heuristic)
    known: dict[State, tuple[int, ...]] = {}  # a position's best moves never change

    def rule(state: State, rng: random.Random) -> int:
        if state not in known:
            found = alphabeta(
                state,
                score=strict_score,
                depth=depth,
                heuristic=guess,
                memo=True,
                extend_threats=extend_threats,
                budget=budget,
            )
            known[state] = found.best_moves
        return rng.choice(known[state])

    return rule


def unknown_is_a_draw(state: State, ply: int) -> float:
    """The medium level's view of a position beyond its depth limit: no idea, call it 0."""
    return 0


BRUTE_FORCE_BUDGET = Budget(positions=200_000)
"""The brute-force player's default budget: 200,000 positions, whose sums it keeps (about 400
bytes each). A move on 3x3 sums at most 5,477; on 4x4, one with 12 empty cells about 135,000
(4 s), with 13 about 385,000 (17 s), and the empty board far more."""


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
    me = state.turn
    counter = meter(budget, state, "brute_force_sum", _BRUTE_FORCE_ADVICE)
    sums = {
        move: subtree_sum(state.play_unchecked(move), me, budget=counter)
        for move in state.legal_moves()
    }
    return max(sums, key=lambda move: sums[move])


def _brute_force(*, budget: BudgetLike = BRUTE_FORCE_BUDGET) -> Rule:
    return functools.partial(brute_force_sum, budget=budget)


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


# ---------------------------------------------------------------------------------------------
# The levels: one catalogue, read by make_player, the widget and the command line

# The factories' keyword defaults are the levels' default options (see Level.defaults).


NOVICE_MISTAKES = {
    "worse": "the best of the worse ones",
    "second": "the second-ranked, which may be as good",
}
"""The novice's two ways to err (its `mistake` option), in words: ``"worse"``, the best of
the strictly worse moves (the best move itself is a random one of the equally good), or
``"second"``, the *Tic-Tac-Toe AI* tutorial's: rank the moves once, equal ones in board
order, and take the first or the second."""


def _novice(
    *, probability: float = 0.4, mistake: str = "worse", budget: BudgetLike = SOLVER_BUDGET
) -> Rule:
    if mistake == "worse":
        worse = functools.partial(first_suboptimal, budget=budget)
        return blend(optimal(random_ties=True, budget=budget), worse, probability)
    if mistake == "second":
        second = functools.partial(second_ranked, budget=budget)
        return blend(optimal(budget=budget), second, probability)
    raise ValueError(
        f"the novice's mistake is one of {', '.join(map(repr, NOVICE_MISTAKES))}, not {mistake!r}"
    )


def _epsilon(*, epsilon: float = 0.1, budget: BudgetLike = SOLVER_BUDGET) -> Rule:
    return blend(random_move, optimal(random_ties=True, budget=budget), epsilon)


def _medium(*, depth: int = 2, budget: BudgetLike = DEFAULT_BUDGET) -> Rule:
    return searching(depth=depth, heuristic=unknown_is_a_draw, score=plus_minus_ten, budget=budget)


def _heuristic(*, depth: int = 5, budget: BudgetLike = DEFAULT_BUDGET) -> Rule:
    return searching(depth=depth, heuristic=two_in_a_row, score=win_loss, budget=budget)


BoardSize = tuple[int, int, int]
"""A board as ``(rows, cols, k)``: k marks in a row win."""

BOARD_SIZES: dict[BoardSize, str] = {
    (3, 3, 3): "3x3",
    (4, 4, 4): "4x4, 4 in a row",
    (4, 4, 3): "4x4, 3 in a row",
}
"""The boards the widget offers, on which every level is timed, with their labels (bigger
boards are too slow to solve)."""


@dataclass(frozen=True)
class Level:
    """One level of play, and everything the package says about it.

    `factory` builds the level's rule from its options, given as keywords; its keyword
    defaults are the level's default options (:attr:`defaults`). `about` says in one line how
    the level chooses, its ``{option}`` fields filled from the options. `aliases` are the
    tutorials' names for it.

    The rest is about the widget's boards (:data:`BOARD_SIZES`), where the AI answers inside a
    click and so must answer quickly (the aim: 50 ms a move): `fast` holds the options the
    level plays with on a board to manage that (`fast_note` says what they change, e.g.
    ``"looks {depth} moves ahead"``), and `not_offered` the boards it is too slow for, with
    the reason.

    >>> heuristic = CATALOGUE["heuristic"]
    >>> heuristic.defaults
    {'depth': 5}
    >>> heuristic.describe({"depth": 3})
    'minimax 3 moves deep, counting lines one mark short of complete where it stops'
    """

    name: str
    factory: Callable[..., Rule]
    about: str
    aliases: tuple[str, ...] = ()
    fast: Mapping[BoardSize, Mapping[str, Any]] = field(default_factory=dict)
    fast_note: str = ""
    not_offered: Mapping[BoardSize, str] = field(default_factory=dict)
    wording: Mapping[str, Mapping[Any, str]] = field(default_factory=dict)
    """How `about` says an option's values, by option, where the value itself reads badly."""

    def __post_init__(self) -> None:
        for size, options in self.fast.items():
            self.check_options(options)
            if not self.fast_note:
                raise ValueError(f"level {self.name!r} needs a fast_note to explain {options}")
            if size in self.not_offered:
                raise ValueError(
                    f"level {self.name!r} has fast options for {size}, where it is not offered"
                )

    @property
    def defaults(self) -> dict[str, Any]:
        """The level's options with their default values (the factory's keyword defaults;
        not its `budget`, which bounds the work rather than changing the play)."""
        parameters = inspect.signature(self.factory).parameters.values()
        return {
            p.name: p.default for p in parameters if p.default is not p.empty and p.name != "budget"
        }

    @property
    def searches(self) -> bool:
        """Whether the level searches, and so takes a `budget` (see :mod:`tictac.budget`)."""
        return "budget" in inspect.signature(self.factory).parameters

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Raise ValueError, naming the options the level takes, if it takes not all of these.

        >>> CATALOGUE["master"].check_options({"speed": 3})
        Traceback (most recent call last):
          ...
        ValueError: level 'master' does not take the option(s) speed; it takes random_ties, ...
        """
        parameters = inspect.signature(self.factory).parameters
        unknown = [name for name in options if name not in parameters]
        if unknown:
            raise ValueError(
                f"level {self.name!r} does not take the option(s) {', '.join(unknown)}; "
                + (f"it takes {', '.join(parameters)}" if parameters else "it takes no options")
            )

    def describe(self, options: Mapping[str, Any] | None = None) -> str:
        """How the level chooses, in one line, with `options` (defaults for those not given)."""
        values = {**self.defaults, **(options or {})}
        for name, words in self.wording.items():
            values[name] = words.get(values[name], values[name])
        return self.about.format_map(values)


def _learnt(name: str) -> Callable[[], Rule]:
    """The factory of a learner's level: the stored learner's move (see
    :func:`~tictac.learning.trained_learner`), drawn with the player's random source."""

    def factory() -> Rule:
        return trained_learner(name).move

    return factory


def _training(name: str) -> str:
    """How a stored learner was trained, in words: its games and opponents."""
    stages = RECIPES[name]["stages"]
    games = sum(stage["games"] for stage in stages)
    words = {"self": "itself", "random": "a random player", "master": "the master"}
    opponents = ", then ".join(words.get(stage["opponent"], stage["opponent"]) for stage in stages)
    return f"{games:,} training games (against {opponents})"


_ONLY_3X3 = "it learnt on 3x3, and its table holds no position of a bigger board"
_NOT_ON_4X4 = {(4, 4, 4): _ONLY_3X3, (4, 4, 3): _ONLY_3X3}

_BRUTE_FORCE_TOO_SLOW = (
    "it adds up every finished game below each move, about three times as many for each "
    "extra empty cell: seconds per move with 12 empty cells, hours on the empty 4x4 board"
)

CATALOGUE: dict[str, Level] = {
    level.name: level
    for level in (
        Level(
            "random",
            lambda: random_move,
            "plays any free cell at random",
            aliases=("blind", "easy"),
        ),
        Level(
            "defensive",
            lambda: tactical(win=False, block=True),
            "blocks your almost-complete line, else plays at random",
        ),
        Level(
            "offensive",
            lambda: tactical(win=True, block=True),
            "completes its own line, else blocks yours, else plays at random",
        ),
        Level(
            "rules",
            lambda: classic_rules,
            "the first of eight classic rules that applies: win, block, fork, block a fork, "
            "centre, opposite corner, empty corner, empty side (never loses on 3x3)",
            aliases=("newell-simon",),
        ),
        Level(
            "brute-force",
            _brute_force,
            "adds up the scores of every game below each move and takes the largest sum "
            "(not minimax: it can be fooled)",
            aliases=("brute-force-sum",),
            not_offered={(4, 4, 4): _BRUTE_FORCE_TOO_SLOW, (4, 4, 3): _BRUTE_FORCE_TOO_SLOW},
        ),
        Level(
            "heuristic",
            _heuristic,
            "minimax {depth} moves deep, counting lines one mark short of complete where it stops",
            aliases=("heuristic-depth-5",),
            fast={(4, 4, 4): {"depth": 3}, (4, 4, 3): {"depth": 3}},
            fast_note="looks {depth} moves ahead",
        ),
        Level(
            "novice",
            _novice,
            "the best move {probability:.0%} of the time, else {mistake}",
            wording={"mistake": NOVICE_MISTAKES},
        ),
        Level(
            "medium",
            _medium,
            "minimax {depth} moves deep; what it cannot see counts as a draw",
        ),
        Level(
            "master",
            optimal,
            "perfect play: wins as fast and loses as slowly as can be",
            aliases=("unbeatable", "perfect"),
        ),
        Level(
            "epsilon",
            _epsilon,
            "perfect play, but a random move {epsilon:.0%} of the time",
            aliases=("trembling-hand",),
        ),
        Level(
            "mcts",
            uct_rule,
            "Monte Carlo tree search, {playouts} random games per move",
            fast={
                (3, 3, 3): {"playouts": 300},
                (4, 4, 4): {"playouts": 150},
                (4, 4, 3): {"playouts": 150},
            },
            fast_note="plays {playouts} random games per move",
        ),
        Level(
            "menace",
            _learnt("menace"),
            "Michie's matchbox machine after "
            + _training("menace")
            + ": draws a bead from the position's box",
            aliases=("matchboxes",),
            not_offered=_NOT_ON_4X4,
        ),
        Level(
            "td",
            _learnt("td"),
            "values learnt by temporal differences in "
            + _training("td")
            + ": plays the move it values most; never loses to the master",
            aliases=("td-learner",),
            not_offered=_NOT_ON_4X4,
        ),
    )
}
"""Every level by its name: the one place that describes a level (see the module's notes)."""

LEVELS: dict[str, Callable[..., Rule]] = {name: level.factory for name, level in CATALOGUE.items()}
"""Every level: its name and a factory taking the level's options as keyword arguments (read
from :data:`CATALOGUE`)."""

ALIASES: dict[str, str] = {
    alias: level.name for level in CATALOGUE.values() for alias in level.aliases
}
"""The tutorials' names for the levels (read from :data:`CATALOGUE`)."""

LEVEL_CHOICES: tuple[str, ...] = (
    "blind",
    "easy",
    "defensive",
    "offensive",
    "menace",
    "rules",
    "novice",
    "medium",
    "heuristic",
    "brute-force",
    "mcts",
    "td",
    "epsilon",
    "master",
    "unbeatable",
)
"""The levels in the widget's drop-down, by the tutorials' names, roughly weakest first."""

FAST_OPTIONS: dict[BoardSize, dict[str, dict[str, Any]]] = {
    size: {name: dict(level.fast[size]) for name, level in CATALOGUE.items() if size in level.fast}
    for size in BOARD_SIZES
}
"""The options that make a level quick enough on a board, by board and level (read from
:data:`CATALOGUE`)."""

NOT_OFFERED: dict[BoardSize, dict[str, str]] = {
    size: {
        name: level.not_offered[size]
        for name, level in CATALOGUE.items()
        if size in level.not_offered
    }
    for size in BOARD_SIZES
}
"""The levels not offered on a board, and why (read from :data:`CATALOGUE`)."""


def level_names() -> list[str]:
    """Every name `make_player` accepts: the levels, then the aliases."""
    return [*LEVELS, *ALIASES]


def tidy_level_name(level: str) -> str:
    """A level's name spelt the catalogue's way: lower case, words joined by hyphens.

    >>> tidy_level_name(" Brute_Force")
    'brute-force'
    """
    return str(level).strip().lower().replace("_", "-").replace(" ", "-")


def canonical_level(level: str) -> str:
    """The level a name stands for: the tutorials' names are aliases, and case, spaces and
    underscores do not matter.

    >>> canonical_level("Unbeatable"), canonical_level("blind"), canonical_level("MCTS")
    ('master', 'random', 'mcts')
    >>> canonical_level("grandmaster")
    Traceback (most recent call last):
      ...
    ValueError: unknown level 'grandmaster'; choose one of random, defensive, ...
    """
    key = tidy_level_name(level)
    key = ALIASES.get(key, key)
    if key not in CATALOGUE:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(level_names())}")
    return key


def make_player(level: str, *, seed: Seed = None, **options: Any) -> Player:
    """A player by level name (see :data:`CATALOGUE`), with its options as keywords.

    The levels that search take ``budget=`` too, to bound each move's search (see
    :mod:`tictac.budget` and :attr:`Level.searches`).

    >>> make_player("novice", probability=0.5, seed=7).name
    'novice'
    >>> make_player("brute-force", budget=1000).choose(State.new(4, 4, 4))
    Traceback (most recent call last):
      ...
    tictac.budget.BudgetExceeded: brute_force_sum stopped after searching 1,000 positions, ...
    >>> make_player("grandmaster")
    Traceback (most recent call last):
      ...
    ValueError: unknown level 'grandmaster'; choose one of random, defensive, ...
    """
    entry = CATALOGUE[canonical_level(level)]
    entry.check_options(options)
    return Player(str(level), entry.factory(**options), seed=seed)


# ---------------------------------------------------------------------------------------------
# The levels on the widget's boards


def board_size(size: tuple[int, ...], k: int | None = None) -> BoardSize:
    """One of :data:`BOARD_SIZES`, from ``(rows, cols)`` and `k` (default: the shorter side),
    or from ``(rows, cols, k)``.

    >>> board_size((4, 4)), board_size((4, 4), k=3), board_size((3, 3, 3))
    ((4, 4, 4), (4, 4, 3), (3, 3, 3))
    >>> board_size((5, 5))
    Traceback (most recent call last):
      ...
    ValueError: the board (5, 5, 5) is not offered; choose one of 3x3 with k=3, ...
    """
    key = tuple(size)
    if len(key) == 2:
        rows, cols = key
        key = (rows, cols, min(rows, cols) if k is None else k)
    elif len(key) != 3 or k is not None:
        raise ValueError(f"size is (rows, cols), such as (3, 3) or (4, 4), not {size!r}")
    if key not in BOARD_SIZES:
        offered = ", ".join(f"{r}x{c} with k={n}" for r, c, n in BOARD_SIZES)
        raise ValueError(f"the board {key!r} is not offered; choose one of {offered}")
    return (key[0], key[1], key[2])


def offered_levels(size: BoardSize) -> tuple[str, ...]:
    """The levels the widget offers on a board: those quick enough to answer a click (the aim:
    50 ms a move).

    >>> offered_levels((3, 3, 3)) == LEVEL_CHOICES
    True
    >>> "brute-force" in offered_levels((4, 4, 4))
    False
    """
    size = board_size(size)
    return tuple(
        name for name in LEVEL_CHOICES if size not in CATALOGUE[canonical_level(name)].not_offered
    )


def level_options(
    level: str, size: BoardSize, overrides: Mapping[str, Mapping[str, Any]] | None = None
) -> dict[str, Any]:
    """The options a level plays with on a board: its fast options there, then `overrides`
    (a mapping from level name to options, e.g. ``{"mcts": {"playouts": 1000}}``).

    >>> level_options("mcts", (4, 4, 4))
    {'playouts': 150}
    >>> level_options("unbeatable", (3, 3, 3))
    {}
    """
    key = canonical_level(level)
    options = dict(CATALOGUE[key].fast.get(board_size(size), {}))
    for name, extra in (overrides or {}).items():
        if canonical_level(name) == key:
            options.update(extra)
    return options


def describe_level(level: str, options: Mapping[str, Any] | None = None) -> str:
    """One line on how a level chooses its moves (with its options).

    >>> describe_level("easy")
    'easy: plays any free cell at random'
    >>> describe_level("mcts", {"playouts": 300})
    'mcts: Monte Carlo tree search, 300 random games per move'
    """
    return f"{tidy_level_name(level)}: {CATALOGUE[canonical_level(level)].describe(options)}"


def levels_note(size: BoardSize, levels: Iterable[str] | None = None) -> str:
    """Which levels are missing or made faster on a board, and why; only about `levels` (by
    any name `make_player` takes), if given (the widget's note names the levels in play).

    >>> levels_note((3, 3, 3))
    'On 3x3, mcts plays 300 random games per move (not 1000), to answer quickly.'
    >>> levels_note((4, 4, 4), ["MCTS", "unbeatable"])
    'On 4x4, mcts plays 150 random games per move (not 1000), to answer quickly.'
    >>> levels_note((4, 4, 4), ["unbeatable"])
    ''
    """
    size = board_size(size)
    board = f"{size[0]}x{size[1]}"
    named = set(CATALOGUE) if levels is None else {canonical_level(name) for name in levels}
    parts = [
        f"{name} is not offered on {board}: {level.not_offered[size]}."
        for name, level in CATALOGUE.items()
        if size in level.not_offered and name in named
    ]
    changes = []
    for name, level in CATALOGUE.items():
        fast = level.fast.get(size) if name in named else None
        if fast:
            usual = ", ".join(str(level.defaults[option]) for option in fast)
            changes.append(f"{name} {level.fast_note.format_map(fast)} (not {usual})")
    if changes:
        parts.append(f"On {board}, {' and '.join(changes)}, to answer quickly.")
    return " ".join(parts)
