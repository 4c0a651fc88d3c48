"""Learning to play: solving backwards, Michie's matchbox machine, and values learnt by
self-play, each measured against the exact answer.

Tic-tac-toe is small enough to know the value of every position, so a learner's progress can
be measured exactly: in how many positions is the move it likes best a move that keeps the
game's value? This module has

* :func:`retrograde`, the exact values, found backwards from the finished games (no search,
  no recursion): the yardstick;
* :class:`Menace`, Donald Michie's *Matchbox Educable Noughts And Crosses Engine* (1961): a
  matchbox of coloured beads for each position, one colour per move, and a rule that adds
  beads after a win or a draw and takes them away after a loss;
* :class:`TDLearner`, the value-learning player of Sutton and Barto's *Reinforcement
  Learning* (2nd ed., 2018, section 1.5): a number for each position, nudged by temporal
  differences as it plays;
* :func:`optimal_share`, how much of the game a learner has learnt, position by position.

Both learners train from seeded games (:meth:`Learner.train`), keep their table in the open
(``boxes`` and ``values``), and play as a player (``choose(state)``), so that
:func:`~tictac.players.tournament.play_match`, the game widget and the command line can use them.

>>> menace = Menace(seed=1)
>>> log = menace.train("random", games=200, seed=2)
>>> log.games, len(menace.boxes) > 100
(200, True)
>>> optimal_share(menace).positions
4520
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal, NamedTuple

from tictac.game.position import refuse_other_games
from tictac.game.state import (
    IllegalMove,
    Mark,
    Move,
    State,
    canonical_cells,
    symmetry_permutations,
)
from tictac.helpers.checks import as_whole, as_whole_tuple, shown, whole_number
from tictac.helpers.seeds import Seed, random_source, whole_seed
from tictac.players.levels import PLAYERS
from tictac.players.tournament import Contestant
from tictac.search.budget import DEFAULT_BUDGET, BudgetLike, meter
from tictac.search.solver import best_moves

__all__ = [
    "MENACE_BEADS",
    "MENACE_REWARDS",
    "RECIPES",
    "Recipe",
    "Learner",
    "Menace",
    "Share",
    "TDLearner",
    "TrainingLog",
    "CurvePoint",
    "learning_curve",
    "matchbox_positions",
    "optimal_share",
    "reinforce",
    "retrograde",
    "solved_positions",
    "train_by_recipe",
    "train_stored_learners",
    "trained_learner",
    "unfinished_positions",
]

Outcome = Literal["win", "draw", "loss"]
Side = Literal["X", "O", "both"]


# ---------------------------------------------------------------------------------------------
# Solving backwards


def retrograde(
    start: State | None = None, *, budget: BudgetLike = DEFAULT_BUDGET
) -> dict[State, int]:
    """The value of every position reachable from `start` (X's view: +1 X wins, 0 a draw,
    -1 O wins with best play), found by backward induction.

    First every reachable position is listed, layer by layer (by the number of marks); then
    the layers are valued from the last to the first: a finished game is worth its result,
    any other position the best of its children's values for the player to move. Each child
    is one layer further, so its value is always known already. These are the values of
    minimax, found without recursion. `budget` bounds the positions listed (see
    :mod:`tictac.search.budget`).

    >>> values = retrograde()
    >>> len(values), values[State.new()], values[State.parse("XX./OO./...")]
    (5478, 0, 1)
    """
    refuse_other_games(start, "retrograde()", "minimax(position, memo='plain')")
    if start is not None and not isinstance(start, State):
        raise TypeError(
            f"start must be a State such as State.parse('X../.O./...') (or None for the empty "
            f"3x3 board), not {shown(start)}"
        )
    start = State.new() if start is None else start
    counter = meter(
        budget,
        start,
        "retrograde",
        ("start from a position with fewer empty cells", "give a bigger budget="),
    )
    layers = [[start]]
    seen = {start}
    while layers[-1]:
        next_layer = []
        for state in layers[-1]:
            counter.tick()
            for move in state.legal_moves():
                child = state.play(move)
                if child not in seen:
                    seen.add(child)
                    next_layer.append(child)
        layers.append(next_layer)
    values: dict[State, int] = {}
    for layer in reversed(layers):
        for state in layer:
            values[state] = _backed_up_value(state, values)
    return values


def _backed_up_value(state: State, values: Mapping[State, int]) -> int:
    """A finished game's result, else the best child value for the player to move."""
    if state.is_terminal:
        return {"X": 1, "O": -1, None: 0}[state.winner]
    children = [values[state.play(move)] for move in state.legal_moves()]
    return max(children) if state.turn == "X" else min(children)


_SOLVED: dict[tuple[int, int, int], dict[State, int]] = {}


def solved_positions(rows: int = 3, cols: int = 3, k: int = 3) -> dict[State, int]:
    """:func:`retrograde` from the empty board, computed once and kept (it is the yardstick
    every measurement here uses). Treat it as read-only.

    >>> solved_positions()[State.parse("X../.O./...")]
    0
    """
    key = (rows, cols, k)
    if key not in _SOLVED:
        _SOLVED[key] = retrograde(State.new(rows, cols, k))
    return _SOLVED[key]


# ---------------------------------------------------------------------------------------------
# Measuring a learner


class Share(NamedTuple):
    """How many of some positions a learner plays optimally in: `optimal` of `positions`."""

    optimal: int
    positions: int

    @property
    def fraction(self) -> float:
        """The share as a number from 0 to 1."""
        return self.optimal / self.positions if self.positions else 0.0

    def __str__(self) -> str:
        return f"{self.optimal:,} of {self.positions:,} ({self.fraction:.1%})"


def optimal_share(
    learner: Learner | Callable[[State], Iterable[int]],
    positions: Iterable[State] | None = None,
) -> Share:
    """In how many of `positions` every move the learner rates best keeps the game's value.

    `learner` is a :class:`Learner` (its :meth:`~Learner.greedy_moves` are asked) or a
    function from a position to the moves it would choose. A position counts only if *each*
    of those moves is optimal, so a learner that knows nothing (all moves equal) gets credit
    only where every move is as good as any other. `positions` defaults to the 4,520 3x3
    positions where someone is to move; :meth:`Learner.positions_to_move` gives those the
    learner can meet.

    >>> optimal_share(lambda state: state.legal_moves())   # every move at once
    Share(optimal=1329, positions=4520)
    """
    greedy = learner.greedy_moves if isinstance(learner, Learner) else learner
    chosen = list(positions) if positions is not None else unfinished_positions()
    if not chosen:
        return Share(0, 0)
    first = chosen[0]
    values = solved_positions(first.rows, first.cols, first.k)
    optimal = 0
    for state in chosen:
        if not isinstance(state, State) or state not in values:
            raise ValueError(
                f"optimal_share measures positions of one board reachable in a game, such as "
                f"those of unfinished_positions(); {shown(state)} is not one of the "
                f"{first.rows}x{first.cols} board's"
            )
        if state.is_terminal:
            raise IllegalMove(
                f"optimal_share takes positions with a move to make, not {state.text!r}"
            )
        moves = tuple(greedy(state))
        if moves and all(values[state.play(m)] == values[state] for m in moves):
            optimal += 1
    return Share(optimal, len(chosen))


def unfinished_positions(rows: int = 3, cols: int = 3, k: int = 3) -> list[State]:
    """Every reachable position with a move still to make (4,520 on 3x3), by number of marks.

    >>> len(unfinished_positions())
    4520
    """
    return [s for s in solved_positions(rows, cols, k) if not s.is_terminal][::-1]


# ---------------------------------------------------------------------------------------------
# What the learners share


@dataclass
class TrainingLog:
    """What happened in training, game by game, from the learner's side."""

    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.outcomes)

    def counts(self, last: int | None = None) -> Counter[str]:
        """Wins, draws and losses, over all games or the `last` few.

        >>> TrainingLog(["win", "loss", "win"]).counts()
        Counter({'win': 2, 'loss': 1})
        """
        return Counter(self.outcomes if last is None else self.outcomes[-last:])


class Step(NamedTuple):
    """One of the learner's moves in training: the position, the move, and whether the move
    was exploratory (drawn at random rather than chosen for its value, even if the draw
    happens to land on a move the learner rates best)."""

    state: State
    move: int
    explored: bool = False


class Learner:
    """What :class:`Menace` and :class:`TDLearner` share: training from seeded games, a
    greedy choice to measure, and a player's ``choose`` so that matches can use it.

    A subclass says how it picks a move while training (:meth:`_training_move`), how it
    learns from a finished game (:meth:`_learn`), and which moves it rates best
    (:meth:`greedy_moves`).
    """

    name = "learner"

    def __init__(self, *, name: str | None = None, seed: Seed = None) -> None:
        if name is not None:
            if not isinstance(name, str) or not name.strip():
                raise TypeError(f"name is some text such as 'TD self-play', not {shown(name)}")
            self.name = name
        self.seed = seed
        self.rng = random_source(seed)

    # -- playing ----------------------------------------------------------------------------

    def greedy_moves(self, state: State) -> tuple[int, ...]:
        """The moves the learner rates best in `state` (several when they tie)."""
        raise NotImplementedError

    def choose(self, state: State) -> int:
        """The learner's move as a player: one of its greedy moves, ties broken at random.
        It does not learn from the games it plays this way; see :meth:`train`."""
        return self.move(state, self.rng)

    def move(self, state: State, rng: random.Random) -> int:
        """:meth:`choose`, drawing from `rng` instead of the learner's own random source (a
        level of :mod:`tictac.play.levels` plays a stored learner this way, with its own seed)."""
        return rng.choice(self.greedy_moves(_check_to_move(state, self.name)))

    def reseed(self, seed: Seed) -> None:
        """Restart the random source (matches call this to make their games repeatable)."""
        self.seed = seed
        self.rng = random_source(seed)

    def positions_to_move(self, side: Side = "both") -> list[State]:
        """The unfinished 3x3 positions where `side` is to move: those a learner playing that
        side can meet (2,423 for X, 2,097 for O, 4,520 for both).

        >>> len(Menace().positions_to_move("X"))
        2423
        """
        _check_side(side)
        return [s for s in unfinished_positions() if side in ("both", s.turn)]

    def losing_games(
        self,
        side: Mark,
        opponent_moves: Callable[[State], Iterable[int]] | None = None,
    ) -> list[tuple[int, ...]]:
        """Every game the learner, playing `side` greedily, can lose: the opponent may play
        any of ``opponent_moves(state)`` (default: every optimal move, as the master
        chooses among them), the learner any of its :meth:`greedy_moves`.

        An empty list proves it never loses against that opponent, whatever the tie-breaks.

        >>> Menace().losing_games("X")[0]   # a machine that knows nothing
        (0, 4, 1, 2, 3, 6)
        """
        _check_side(side)
        opponent = opponent_moves or (lambda state: best_moves(state))
        lost: list[tuple[int, ...]] = []
        games: list[tuple[State, tuple[int, ...]]] = [(State.new(), ())]
        while games:
            state, moves = games.pop()
            if state.is_terminal:
                if state.winner not in (None, side):
                    lost.append(moves)
                continue
            choices = self.greedy_moves(state) if state.turn == side else opponent(state)
            games.extend((state.play(m), (*moves, m)) for m in sorted(set(choices), reverse=True))
        return lost

    # -- training ---------------------------------------------------------------------------

    def train(
        self,
        opponent: Contestant[Move] | str,
        *,
        games: int,
        side: Side = "both",
        seed: int | None = None,
    ) -> TrainingLog:
        """Play `games` games against `opponent` and learn from each.

        `opponent` is a player (anything with ``name`` and ``choose``), a level name for
        a level of :data:`~tictac.players.levels.PLAYERS` (``"random"``, ``"master"``...: any level
        but the learners), or ``"self"``: the learner plays both sides and learns from both. `side`
        is the side the learner plays against an opponent: ``"X"``, ``"O"``, or ``"both"`` (X and O
        by turns, X first). `seed` seeds the learner and the opponent, so the same seed trains the
        same way; without it the learner draws from its own random source, and an opponent named by
        its level is seeded from that source too (so a learner made with a seed trains the same way
        every time). Training goes on from what the learner already knows.

        >>> a, b = Menace(seed=4), Menace(seed=4)
        >>> _ = a.train("random", games=50), b.train("random", games=50)
        >>> a.boxes == b.boxes
        True
        """
        _check_side(side)
        games = whole_number(games, "games", at_least=0)
        seed = whole_seed(seed, "training")
        if opponent is self:
            raise ValueError('to train a learner against itself, give opponent="self"')
        if seed is not None:
            self.reseed(seed * 2)
        opponent_seed = seed * 2 + 1 if seed is not None else _peek_seed(self.rng)
        against = _opponent(opponent, opponent_seed, given=seed is not None)
        log = TrainingLog()
        for number in range(games):
            if against is None:
                learner_sides: tuple[Mark, ...] = ("X", "O")
            elif side == "both":
                learner_sides = ("X",) if number % 2 == 0 else ("O",)
            else:
                learner_sides = (side,)
            log.outcomes.append(self._training_game(against, learner_sides))
        return log

    def _training_game(self, opponent: Contestant[Move] | None, sides: tuple[Mark, ...]) -> Outcome:
        """One game; the learner moves (and learns) for `sides`. Returns the result for the
        first of `sides`."""
        state = State.new()
        moves: dict[Mark, list[Step]] = {mark: [] for mark in sides}
        resigned: Mark | None = None
        while not state.is_terminal:
            if state.turn in sides:
                step = self._training_move(state)
                if step is None:  # an empty matchbox: the machine resigns
                    resigned = state.turn
                    break
                moves[state.turn].append(step)
                move = step.move
            else:
                assert opponent is not None
                move = state.index_of(opponent.choose(state))
            state = state.play(move)
        winner = ("O" if resigned == "X" else "X") if resigned else state.winner
        for mark in sides:
            self._learn(moves[mark], mark, winner)
        return _outcome_for(sides[0], winner)

    def _training_move(self, state: State) -> Step | None:
        """The learner's move while training (None to resign)."""
        raise NotImplementedError

    def _learn(self, steps: list[Step], side: Mark, winner: Mark | None) -> None:
        """Learn from a finished game: the learner's `steps` as `side`, and who won."""
        raise NotImplementedError

    # -- symmetry ---------------------------------------------------------------------------

    def _canonical_of(self, state: State) -> tuple[State, tuple[int, ...]]:
        """The representative of `state`'s symmetry class, and the permutation that makes it:
        cell ``i`` of the representative is cell ``permutation[i]`` of `state`."""
        return _canonical_of(state)


@functools.lru_cache(maxsize=1 << 16)
def _canonical_of(state: State) -> tuple[State, tuple[int, ...]]:
    """:meth:`Learner._canonical_of`, kept for every learner (the 3x3 game has 5,478
    positions, and training asks about the same ones again and again)."""
    _, permutation = canonical_cells(state.cells, state.rows, state.cols)
    return state.transform(permutation), permutation


@functools.lru_cache(maxsize=1 << 16)
def _children(state: State) -> tuple[tuple[int, State], ...]:
    """Each legal move of `state` with the position it leads to, in the order of the moves
    (kept: a learner rating its moves asks for them again and again)."""
    return tuple((move, state.play(move)) for move in state.legal_moves())


def _check_to_move(state: object, who: str) -> State:
    """`state` itself if it is a 3x3 position with a move to make; else a clear error. The
    learners learn and play on 3x3 only: their tables hold no position of another board."""
    refuse_other_games(state, who, "a player of level 'random', 'medium' or 'mcts'")
    if not isinstance(state, State):
        raise TypeError(
            f"{who} needs a State such as State.parse('X../.O./...'), not {shown(state)}"
        )
    if (state.rows, state.cols, state.k) != (3, 3, 3):
        raise ValueError(
            f"{who} plays only on the 3x3 board it learnt on, and this position is on a "
            f"{state.rows}x{state.cols} board with {state.k} in a row: choose a level that "
            "searches, such as heuristic or mcts, for a bigger board"
        )
    if state.is_terminal:
        raise IllegalMove(f"{who} cannot move: the game is already over in {state.text!r}")
    return state


def _outcome_for(side: Mark, winner: Mark | None) -> Outcome:
    return "draw" if winner is None else "win" if winner == side else "loss"


def _check_side(side: object) -> None:
    if side not in ("X", "O", "both"):
        raise ValueError(f'side is "X", "O" or "both", not {shown(side)}')


def _int_seed(seed: object) -> int:
    """A seed that must be a whole number (it is combined with others); a TypeError, as for
    every seed (:mod:`tictac.helpers.seeds`), if it is not."""
    whole = as_whole(seed)
    if whole is None:
        raise TypeError(f"seed is a whole number such as 0, not {shown(seed)}")
    return whole


def _opponent(
    opponent: Contestant[Move] | str, seed: int, *, given: bool
) -> Contestant[Move] | None:
    """The opponent to train against (None for self-play): a level is made with `seed`, and
    a player is reseeded with it when the seed was `given` to :meth:`Learner.train` (else it
    keeps its own random source)."""
    if opponent == "self":
        return None
    if isinstance(opponent, str):
        return PLAYERS.make_player(opponent, seed=seed)
    if not (hasattr(opponent, "choose") and hasattr(opponent, "name")):
        raise TypeError(
            f'opponent is a player, a level name such as "random" or "master", or "self", '
            f"not {shown(opponent)}"
        )
    if given and hasattr(opponent, "reseed"):
        opponent.reseed(seed)
    return opponent


def _peek_seed(rng: random.Random) -> int:
    """A seed made from `rng`'s next draw, without drawing it (a copy draws): the learner's
    own moves stay those it would make without an opponent to seed."""
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy.getrandbits(32)


# ---------------------------------------------------------------------------------------------
# MENACE: a matchbox for each position, a bead for each move

MENACE_BEADS = (4, 3, 2, 1)
"""Michie's starting beads per move in a new box: 4 of each colour for the machine's first
move, 3 for its second, 2 for its third, 1 for its fourth."""

MENACE_REWARDS: dict[Outcome, int] = {"win": 3, "draw": 1, "loss": -1}
"""Michie's reinforcement: after a win, 3 beads more of each colour played; after a draw, 1
more; after a loss, the bead played is taken away."""


def reinforce(
    box: Mapping[int, int],
    move: int,
    outcome: Outcome,
    rewards: Mapping[Outcome, int] = MENACE_REWARDS,
) -> dict[int, int]:
    """Michie's rule for one matchbox after a game: the bead drawn for `move` goes back with
    ``rewards[outcome]`` more of its colour (3 after a win, 1 after a draw), or is taken away
    (-1 after a loss); a colour never drops below 0 beads. Returns the new box; `box` itself
    is not changed.

    >>> reinforce({0: 4, 1: 4, 4: 4}, 4, "win")
    {0: 4, 1: 4, 4: 7}
    >>> reinforce({2: 0, 5: 1}, 2, "loss")
    {2: 0, 5: 1}
    """
    new = dict(box)
    new[move] = max(0, new[move] + rewards[outcome])
    return new


class Menace(Learner):
    """Michie's matchbox machine: one box per position it can face, up to symmetry, holding
    beads, one colour per distinct move.

    To move, the machine finds the box for the position and draws a bead at random: a move is
    as likely as its share of the beads. After the game every bead drawn goes back with
    `rewards` more of its colour (a negative reward takes beads away). A box that runs out of
    beads cannot move: the machine resigns, and the game counts as lost. Boxes are made the
    first time a position is met, with `beads` of each colour (by the machine's move number:
    its first move, second...). There is no box where only one cell is free: that move is
    forced.

    >>> menace = Menace(seed=3)
    >>> menace.box(State.new())
    {0: 4, 1: 4, 4: 4}
    >>> _ = menace.train("master", games=20, side="X", seed=1)
    >>> menace.box(State.new())[4] > 4   # the centre drew against the master
    True
    """

    name = "MENACE"

    def __init__(
        self,
        *,
        beads: tuple[int, ...] = MENACE_BEADS,
        rewards: Mapping[Outcome, int] = MENACE_REWARDS,
        name: str | None = None,
        seed: Seed = None,
    ) -> None:
        super().__init__(name=name, seed=seed)
        whole_beads = as_whole_tuple(beads)
        if not whole_beads or min(whole_beads) < 1:
            raise ValueError(
                f"beads must be whole numbers, 1 or more, such as {MENACE_BEADS}, not "
                f"{shown(beads)}"
            )
        if not isinstance(rewards, Mapping) or set(rewards) != {"win", "draw", "loss"}:
            raise ValueError(
                f'rewards give beads for "win", "draw" and "loss", such as {MENACE_REWARDS}, '
                f"not {shown(rewards)}"
            )
        self.beads = whole_beads
        self.rewards: dict[Outcome, int] = {
            outcome: whole_number(rewards[outcome], f'rewards["{outcome}"]', what="beads")
            for outcome in ("win", "draw", "loss")
        }
        self.boxes: dict[State, dict[int, int]] = {}
        """The matchboxes: a position (its symmetry class's representative) -> bead counts
        by move (a cell of that representative)."""

    def box(self, state: State) -> dict[int, int]:
        """The bead counts for `state`, by cell of `state` (a new box if it was never met).

        >>> Menace().box(State.parse("X../.O./..."))   # a mirror image along the diagonal
        {3: 3, 6: 3, 7: 3, 8: 3}
        """
        if len(_check_to_move(state, "a matchbox").legal_moves()) == 1:
            raise IllegalMove(
                f"there is no matchbox for {state.text!r}: its one free cell is a forced move"
            )
        canonical, permutation = self._canonical_of(state)
        box = self.boxes[canonical] if canonical in self.boxes else self._new_box(canonical)
        return dict(sorted((permutation[c], n) for c, n in box.items()))

    def _new_box(self, canonical: State) -> dict[int, int]:
        move_number = canonical.moves_made // 2
        count = self.beads[min(move_number, len(self.beads) - 1)]
        return {move: count for move in _distinct_moves(canonical)}

    def _box(self, canonical: State) -> dict[int, int]:
        """The box for a position (a representative), made when it is first met."""
        if canonical not in self.boxes:
            self.boxes[canonical] = self._new_box(canonical)
        return self.boxes[canonical]

    def greedy_moves(self, state: State) -> tuple[int, ...]:
        """The moves with the most beads (every legal move if the box is empty or forced)."""
        if len(_check_to_move(state, self.name).legal_moves()) == 1:
            return state.legal_moves()
        box = self.box(state)
        most = max(box.values())
        if most == 0:
            return state.legal_moves()
        return tuple(sorted(self._all_images(state, [m for m, n in box.items() if n == most])))

    def _all_images(self, state: State, moves: list[int]) -> set[int]:
        """Each move with the moves equivalent to it under `state`'s own symmetries."""
        return {permutation.index(m) for permutation in _own_symmetries(state) for m in moves}

    def _training_move(self, state: State) -> Step | None:
        return self._draw(state, keep=True)

    def _draw(self, state: State, *, keep: bool, rng: random.Random | None = None) -> Step | None:
        """Draw a bead from `state`'s box (None if it is empty) with `rng` (default: the
        machine's own); `keep` a box made for a position met for the first time (training
        does, playing a match does not)."""
        legal = state.legal_moves()
        if len(legal) == 1:
            return Step(state, legal[0])
        canonical, permutation = self._canonical_of(state)
        if keep:
            box = self._box(canonical)
        else:
            box = self.boxes[canonical] if canonical in self.boxes else self._new_box(canonical)
        if sum(box.values()) == 0:
            return None
        bead = (rng or self.rng).choices(list(box), weights=list(box.values()))[0]
        return Step(state, permutation[bead])

    def _learn(self, steps: list[Step], side: Mark, winner: Mark | None) -> None:
        outcome = _outcome_for(side, winner)
        for state, move, _ in steps:
            if len(state.legal_moves()) == 1:
                continue  # a forced move has no box
            canonical, permutation = self._canonical_of(state)
            bead = permutation.index(move)
            self.boxes[canonical] = reinforce(self._box(canonical), bead, outcome, self.rewards)

    def empty_boxes(self) -> list[State]:
        """The positions whose box has run out of beads: there the machine resigns."""
        return [state for state, box in self.boxes.items() if sum(box.values()) == 0]

    def move(self, state: State, rng: random.Random) -> int:
        """The machine's move as a player: a bead drawn from the box, as in training (it does
        not learn from these games). An empty box cannot resign in a match, which has no
        resign move, so there it plays any free cell at random. A position it never met gets
        a new box's beads, but no box is kept."""
        step = self._draw(_check_to_move(state, self.name), keep=False, rng=rng)
        return rng.choice(state.legal_moves()) if step is None else step.move


def matchbox_positions(side: Mark) -> list[State]:
    """The positions MENACE playing `side` on 3x3 can face that need a matchbox: unfinished,
    `side` to move, two free cells or more (one free cell is a forced move), one for each
    class of positions that are mirror images or rotations of each other (its
    representative, as the keys of :attr:`Menace.boxes`); by number of marks.

    >>> boxes = matchbox_positions("X")
    >>> len(boxes), len(matchbox_positions("O"))
    (304, 289)
    >>> Counter(state.moves_made for state in boxes)
    Counter({6: 183, 4: 108, 2: 12, 0: 1})
    """
    if side not in ("X", "O"):
        raise ValueError(f'side is "X" or "O", not {shown(side)}')
    representatives: dict[State, None] = {}
    for state in unfinished_positions():
        if state.turn == side and len(state.legal_moves()) > 1:
            representatives.setdefault(_canonical_of(state)[0], None)
    return list(representatives)


def _distinct_moves(state: State) -> list[int]:
    """One move from each class of moves that `state`'s own symmetries make equivalent."""
    own = _own_symmetries(state)
    return sorted({min(p.index(m) for p in own) for m in state.legal_moves()})


@functools.lru_cache(maxsize=1 << 14)  # measuring a learner asks this for every position
def _own_symmetries(state: State) -> tuple[tuple[int, ...], ...]:
    """The symmetries of the board that map `state` onto itself (the identity included)."""
    return tuple(
        permutation
        for permutation in symmetry_permutations(state.rows, state.cols)
        if state.transform(permutation) == state
    )


# ---------------------------------------------------------------------------------------------
# Learning values by temporal differences


class TDLearner(Learner):
    """Sutton and Barto's tic-tac-toe player: a value for each position, learnt as it plays.

    The value of a position is the learner's estimate of the result for the player who has
    just moved: 1 for a win, `draw` for a draw, 0 for a loss. Finished games are worth their
    result; positions not met yet are worth `initial`. To move, the learner plays the move
    whose position is worth most (greedy), except that with probability `exploration` it plays
    at random (exploratory, even when chance picks a move it rates best: it did not choose
    that move for its value). After each greedy move it nudges the value of its previous
    position towards that of its new one by the step size:
    ``V(previous) += step_size * (V(new) - V(previous))``, the *temporal-difference* update;
    at the end of the game its last position moves towards the result. Positions are
    shared with their mirror images (``symmetry=False`` keeps them apart).

    >>> td = TDLearner(seed=1)
    >>> _ = td.train("random", games=300, side="X", seed=2)
    >>> td.greedy_moves(State.parse("XX./OO./..."))   # it has learnt to complete a line
    (2,)
    """

    name = "TD learner"

    def __init__(
        self,
        *,
        step_size: float = 0.1,
        exploration: float = 0.1,
        draw: float = 0.5,
        initial: float = 0.5,
        symmetry: bool = True,
        name: str | None = None,
        seed: Seed = None,
    ) -> None:
        super().__init__(name=name, seed=seed)
        for name, value in {"step_size": step_size, "exploration": exploration}.items():
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not 0 <= value <= 1
            ):
                raise ValueError(f"{name} is a number from 0 to 1, not {shown(value)}")
        for name, value in {"draw": draw, "initial": initial}.items():
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not 0 <= value <= 1
            ):
                raise ValueError(
                    f"{name} is a value from 0 (a loss) to 1 (a win), not {shown(value)}"
                )
        self.step_size = float(step_size)
        self.exploration = float(exploration)
        self.draw = float(draw)
        self.initial = float(initial)
        if not isinstance(symmetry, bool):
            raise ValueError(
                f"symmetry is True (file mirror images together) or False, not {shown(symmetry)}"
            )
        self.symmetry = symmetry
        self.values: dict[State, float] = {}
        """The learnt values: a position (its symmetry class's representative, unless
        ``symmetry=False``) -> the value for the player who has just moved."""

    def value(self, state: State) -> float:
        """The learner's value of `state` for the player who has just moved into it.

        >>> TDLearner().value(State.parse("XXX/OO./..."))   # X has just won
        1.0
        """
        if state.is_terminal:
            return self.draw if state.winner is None else 1.0
        return self.values.get(self._key(state), self.initial)

    def _key(self, state: State) -> State:
        return self._canonical_of(state)[0] if self.symmetry else state

    def greedy_moves(self, state: State) -> tuple[int, ...]:
        """The moves into the positions the learner values most (ties all listed)."""
        _check_to_move(state, self.name)
        scored = [(move, self.value(after)) for move, after in _children(state)]
        best = max(v for _, v in scored)
        return tuple(move for move, v in scored if v == best)

    def _training_move(self, state: State) -> Step:
        if self.rng.random() < self.exploration:
            # Exploratory even when the draw lands on a greedy move: the learner did not
            # choose it for its value, so it does not learn from it.
            return Step(state, self.rng.choice(state.legal_moves()), explored=True)
        return Step(state, self.rng.choice(self.greedy_moves(state)))

    def _learn(self, steps: list[Step], side: Mark, winner: Mark | None) -> None:
        # The positions after each of the learner's moves, in order: each moves towards the
        # next one's value, the last one towards the result.
        after = [step.state.play(step.move) for step in steps]
        result = 1.0 if winner == side else self.draw if winner is None else 0.0
        for index, position in enumerate(after):
            if position.is_terminal:
                continue
            if index + 1 < len(after):
                if steps[index + 1].explored:
                    continue  # no update before an exploratory move
                target = self.value(after[index + 1])
            else:
                target = result
            key = self._key(position)
            old = self.values.get(key, self.initial)
            self.values[key] = old + self.step_size * (target - old)


# ---------------------------------------------------------------------------------------------
# Learning curves


class CurvePoint(NamedTuple):
    """A learner measured after `games` games of training: its :func:`optimal_share` of the
    positions it can meet (`met`) and of all unfinished positions (`all`), and its training
    results over the games since the previous point."""

    games: int
    met: Share
    all: Share
    results: Counter[str]


def learning_curve(
    learner: Learner,
    opponent: Contestant[Move] | str,
    *,
    checkpoints: Iterable[int],
    side: Side = "both",
    seed: int = 0,
) -> list[CurvePoint]:
    """Train `learner` against `opponent` and measure it at each number of games in
    `checkpoints` (increasing; 0 measures it untrained). Training between two checkpoints is
    seeded from `seed` and the checkpoint, so a curve is reproducible. The positions it can
    meet are those where `side` is to move (all of them in self-play).

    >>> curve = learning_curve(TDLearner(seed=1), "random", checkpoints=[0, 200], side="X")
    >>> [point.games for point in curve], curve[1].met.fraction > curve[0].met.fraction
    ([0, 200], True)
    >>> learning_curve(TDLearner(), "random", checkpoints=[100, 50])
    Traceback (most recent call last):
      ...
    ValueError: checkpoints are numbers of games that increase, such as [0, 100, ...], not [100, 50]
    """
    _check_side(side)
    if not isinstance(learner, Learner):
        raise TypeError(f"learner is a Menace or a TDLearner, not {shown(learner)}")
    seed = _int_seed(seed)
    wanted = [
        whole_number(checkpoint, "a checkpoint", at_least=0, what="games")
        for checkpoint in checkpoints
    ]
    if any(later <= earlier for earlier, later in itertools.pairwise(wanted)):
        raise ValueError(
            f"checkpoints are numbers of games that increase, such as [0, 100, 1000], not {wanted}"
        )
    met_side: Side = "both" if opponent == "self" else side
    met = learner.positions_to_move(met_side)
    everything = unfinished_positions()
    points = []
    trained = 0
    for checkpoint in wanted:
        games = checkpoint - trained
        log = learner.train(opponent, games=games, side=side, seed=seed * 1_000_003 + checkpoint)
        trained += games
        share_of_all = optimal_share(learner, everything)
        share_of_met = share_of_all if met == everything else optimal_share(learner, met)
        points.append(CurvePoint(trained, share_of_met, share_of_all, log.counts()))
    return points


# ---------------------------------------------------------------------------------------------
# Trained learners, stored: the levels "menace" and "td" play them

Recipe = dict[str, Any]
"""How a stored learner is trained: ``learner`` (``"Menace"`` or ``"TDLearner"``), its
``options``, and ``stages``, each a call of :meth:`Learner.train`: ``opponent`` (a level
name or ``"self"``), the opponent's ``opponent_options`` (e.g. ``{"random_ties": true}``),
``side``, ``games`` and ``seed``."""

RECIPES: dict[str, Recipe] = {
    "menace": {
        "learner": "Menace",
        "options": {},
        "stages": [
            {"opponent": "random", "side": "both", "games": 5000, "seed": 1},
            {"opponent": "self", "games": 5000, "seed": 2},
        ],
    },
    "td": {
        "learner": "TDLearner",
        "options": {},
        "stages": [
            {"opponent": "self", "games": 5000, "seed": 1},
            {
                "opponent": "master",
                "opponent_options": {"random_ties": True},
                "side": "both",
                "games": 4000,
                "seed": 2,
            },
        ],
    },
}
"""The recipes of the learners stored in ``tictac/data/`` (:func:`trained_learner` reads
them; :func:`train_stored_learners` makes them again)."""

_LEARNERS: dict[str, type[Menace] | type[TDLearner]] = {"Menace": Menace, "TDLearner": TDLearner}


def train_by_recipe(recipe: Recipe) -> Menace | TDLearner:
    """A new learner, trained by `recipe` (see :data:`Recipe`): the same recipe gives the
    same table.

    >>> td = train_by_recipe({"learner": "TDLearner", "options": {"step_size": 0.2},
    ...                       "stages": [{"opponent": "self", "games": 50, "seed": 1}]})
    >>> td.step_size, len(td.values) > 50
    (0.2, True)
    """
    if not isinstance(recipe, Mapping) or recipe.get("learner") not in _LEARNERS:
        raise ValueError(
            f'a recipe names its "learner" ({" or ".join(_LEARNERS)}), its "options" and its '
            f'training "stages", as those of RECIPES do, not {shown(recipe)}'
        )
    learner = _LEARNERS[recipe["learner"]](**recipe.get("options", {}))
    for stage in recipe["stages"]:
        opponent: Contestant[Move] | str = stage["opponent"]
        if stage.get("opponent_options"):
            opponent = PLAYERS.make_player(stage["opponent"], **stage["opponent_options"])
        learner.train(
            opponent, games=stage["games"], side=stage.get("side", "both"), seed=stage["seed"]
        )
    return learner


def trained_learner(name: str) -> Menace | TDLearner:
    """A fresh copy of a stored learner (``"menace"`` or ``"td"``), trained by its recipe in
    :data:`RECIPES` and read from ``tictac/data/learner_<name>.json`` (no training: quick).

    >>> td = trained_learner("td")
    >>> td.greedy_moves(State.parse("XX./OO./..."))
    (2,)
    """
    if name not in RECIPES:
        raise ValueError(f"stored learners are {', '.join(map(repr, RECIPES))}, not {shown(name)}")
    recipe, table = _stored(name)
    learner = _LEARNERS[recipe["learner"]](**recipe.get("options", {}))
    if isinstance(learner, Menace):
        learner.boxes = {state: dict(box) for state, box in table.items()}
    else:
        learner.values = dict(table)
    learner.name = f"{learner.name} ({name}, {_games(recipe):,} games)"
    return learner


def _games(recipe: Recipe) -> int:
    return sum(int(stage["games"]) for stage in recipe["stages"])


@functools.cache
def _stored(name: str) -> tuple[Recipe, Mapping[State, Any]]:
    """The recipe and the table stored for `name` (read once)."""
    text = resources.files("tictac").joinpath("data").joinpath(f"learner_{name}.json")
    data = json.loads(text.read_text(encoding="utf-8"))
    table = {
        State.parse(position): (
            {int(cell): int(beads) for cell, beads in entry.items()}
            if isinstance(entry, dict)
            else float(entry)
        )
        for position, entry in data["table"].items()
    }
    return data["recipe"], table


def _table_json(learner: Learner) -> dict[str, Any]:
    if isinstance(learner, Menace):
        return {s.text: {str(c): n for c, n in box.items()} for s, box in learner.boxes.items()}
    assert isinstance(learner, TDLearner)
    return {state.text: value for state, value in learner.values.items()}


def train_stored_learners(names: Iterable[str] = tuple(RECIPES)) -> None:
    """Train the stored learners by their recipes and write ``tictac/data/learner_<name>.json``
    (a test checks that the stored files are what this makes)."""
    for name in names:
        learner = train_by_recipe(RECIPES[name])
        data = {
            "about": f"tictac.learning.learners.train_stored_learners: the {name!r} level's "
            "learner",
            "recipe": RECIPES[name],
            "table": _table_json(learner),
        }
        path = Path(__file__).parent.parent / "data" / f"learner_{name}.json"
        path.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
        _stored.cache_clear()
