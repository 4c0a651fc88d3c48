"""The levels of play: a name for each player the tutorials build, and what it takes.

A *level* (:class:`Level`) is a player's rule with a name, the tutorials' other names for it,
its options (the keyword defaults of the factory that builds its rule), a line on how it
chooses, and how it fares on the widget's boards. A :class:`Catalogue` holds levels by name
and makes their players.

:data:`PLAYERS` holds the levels of this layer: every level but the two learners, which are
built on :mod:`tictac.learning` and join them in the full catalogue,
:data:`tictac.play.levels.CATALOGUE` (the one behind :func:`tictac.make_player`). A learner
trains against the levels of :data:`PLAYERS`.

>>> from tictac.game.state import State
>>> PLAYERS.make_player("master").choose(State.parse("XX./OO./..."))   # X completes the top row
2
>>> PLAYERS.canonical("Unbeatable")
'master'

Budgets
-------
The levels that search (brute-force, heuristic, medium and the solver's levels: master,
novice, epsilon) search within a budget, like every search of the package (see
:mod:`tictac.search.budget`): by default the solver's for the solver's levels,
:data:`~tictac.players.rules.BRUTE_FORCE_BUDGET` for brute-force, a million positions for the
others. ``make_player(level, budget=...)`` gives such a player another one; a move that needs
more than its budget raises :class:`~tictac.search.budget.BudgetExceeded`, e.g. brute-force on
the empty 4x4 board. (The mcts level's `playouts` bound its work, so it takes no budget.)
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from tictac.game.position import Position, refuse_other_games, require_position
from tictac.game.scoring import plus_minus_ten, two_in_a_row, win_loss
from tictac.game.state import State
from tictac.helpers.seeds import Seed
from tictac.players.rules import (
    BRUTE_FORCE_BUDGET,
    Player,
    Rule,
    blend,
    brute_force_sum,
    classic_rules,
    first_suboptimal,
    optimal,
    random_move,
    searching,
    second_ranked,
    tactical,
    unknown_is_a_draw,
)
from tictac.search.budget import DEFAULT_BUDGET, SOLVER_BUDGET, BudgetLike
from tictac.search.mcts import uct_rule

__all__ = [
    "NOVICE_MISTAKES",
    "PLAYERS",
    "BoardSize",
    "Catalogue",
    "Level",
    "tidy_level_name",
]


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


@dataclass(frozen=True)
class Level:
    """One level of play, and everything the package says about it.

    `factory` builds the level's rule from its options, given as keywords; its keyword
    defaults are the level's default options (:attr:`defaults`). `about` says in one line how
    the level chooses, its ``{option}`` fields filled from the options. `aliases` are the
    tutorials' names for it.

    The rest is about the widget's boards (:data:`tictac.play.offered.BOARD_SIZES`), where the AI
    answers inside a click and so must answer quickly (the aim: 50 ms a move): `fast` holds the
    options the level plays with on a board to manage that (`fast_note` says what they change, e.g.
    ``"looks {depth} moves ahead"``), and `not_offered` the boards it is too slow for, with the
    reason. `only_on` is the one board a level plays on at all (the learners: 3x3, where they
    learnt), or None for any board; :meth:`refusal` says why it will not play another.
    `any_game` says whether it plays other games than m,n,k boards (Connect Four, Nim, ...).

    >>> heuristic = PLAYERS["heuristic"]
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
    only_on: BoardSize | None = None
    any_game: bool = False
    """Whether the level plays any game's position (:class:`~tictac.game.position.Position`:
    it asks only for the moves and the result), or m,n,k boards only (it reads the cells)."""

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

    def refusal(self, size: BoardSize) -> str | None:
        """Why the level does not play on a board of `size` (rows, columns, k), or None when
        it does.

        >>> PLAYERS["master"].refusal((7, 7, 5)) is None
        True
        """
        if self.only_on is None or tuple(size) == self.only_on:
            return None
        rows, cols, k = size
        only_rows, only_cols, only_k = self.only_on
        return (
            f"the {self.name} level plays only on {only_rows}x{only_cols} with {only_k} in a row, "
            f"not on {rows}x{cols} with {k} in a row: choose a level that searches, such as "
            "heuristic or mcts, for other boards"
        )

    @property
    def searches(self) -> bool:
        """Whether the level searches, and so takes a `budget` (see :mod:`tictac.search.budget`)."""
        return "budget" in inspect.signature(self.factory).parameters

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Raise ValueError, naming the options the level takes, if it takes not all of these.

        >>> PLAYERS["master"].check_options({"speed": 3})
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


class Catalogue(Mapping[str, Level]):
    """Levels by name, read like a dict (``catalogue["master"]``), with the tutorials' other
    names for them (:attr:`aliases`) and the players they make.

    >>> small = Catalogue(PLAYERS["random"], PLAYERS["master"])
    >>> list(small), small.aliases["unbeatable"]
    (['random', 'master'], 'master')
    >>> small.with_levels(PLAYERS["mcts"]).names()[:3]
    ['random', 'master', 'mcts']
    """

    def __init__(self, *levels: Level) -> None:
        self._levels = {level.name: level for level in levels}
        self.aliases: dict[str, str] = {
            alias: level.name for level in levels for alias in level.aliases
        }
        """The tutorials' names for the levels: alias -> level."""

    def __getitem__(self, name: str) -> Level:
        return self._levels[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._levels)

    def __len__(self) -> int:
        return len(self._levels)

    def with_levels(self, *levels: Level) -> Catalogue:
        """A catalogue of these levels and then `levels`."""
        return Catalogue(*self.values(), *levels)

    def names(self) -> list[str]:
        """Every name :meth:`make_player` accepts: the levels, then the aliases."""
        return [*self, *self.aliases]

    def canonical(self, level: str) -> str:
        """The level a name stands for: the tutorials' names are aliases, and case, spaces and
        underscores do not matter.

        >>> PLAYERS.canonical("blind"), PLAYERS.canonical("MCTS")
        ('random', 'mcts')
        >>> PLAYERS.canonical("grandmaster")
        Traceback (most recent call last):
          ...
        ValueError: unknown level 'grandmaster'; choose one of random, defensive, ...
        """
        key = tidy_level_name(level)
        key = self.aliases.get(key, key)
        if key not in self:
            raise ValueError(f"unknown level {level!r}; choose one of {', '.join(self.names())}")
        return key

    def any_game_levels(self) -> list[str]:
        """The levels that play any game's position, not only m,n,k boards (:attr:`Level.any_game`).

        >>> PLAYERS.any_game_levels()
        ['random', 'medium', 'mcts']
        """
        return [name for name, level in self.items() if level.any_game]

    def for_any_game(self) -> str:
        """What a refusal of another game offers instead: the levels that play any game.

        >>> PLAYERS.for_any_game()
        "make_player('random'), 'medium' or 'mcts'"
        """
        first, *others = [repr(name) for name in self.any_game_levels()]
        named = f"make_player({first})"
        if not others:
            return named
        return f"{', '.join([named, *others[:-1]])} or {others[-1]}"

    def refuse_other_games(self, level: str, position: object) -> None:
        """Nothing if the level called `level` plays `position`'s game; a
        :class:`~tictac.game.position.NotForThisGame` naming the level and the levels that play
        any game if the level is for m,n,k boards only and `position` is another game's.

        >>> from tictac.game.numbertree import NumberTree
        >>> PLAYERS.refuse_other_games("master", NumberTree([[1, 2]]))
        Traceback (most recent call last):
          ...
        tictac.game.position.NotForThisGame: the master level works on m,n,k boards (State) ...
        """
        check = self._refuse_game(self.canonical(level))
        if check is not None:
            check(position)

    def _refuse_game(self, name: str) -> Callable[[object], None] | None:
        """What a player of the level `name` asks of a position before each move (see
        :attr:`~tictac.players.rules.Player.refuse_game`): None for a level of any game."""
        if self[name].any_game:
            return None
        feature, instead = f"the {name} level", self.for_any_game()
        return functools.partial(refuse_other_games, feature=feature, instead=instead)

    def make_player(
        self, level: str, *, seed: Seed = None, game: Position | None = None, **options: Any
    ) -> Player:
        """A player of the level called `level` (any of :meth:`names`), with its options as
        keywords; the levels that search take ``budget=`` too.

        A level made for m,n,k boards refuses another game's position, at its first move or,
        given the position the game starts from as `game`, at once (see
        :meth:`refuse_other_games`); a level that plays only one board (:attr:`Level.only_on`)
        refuses another board given as `game` at once too.

        >>> from tictac.game.nim import Nim
        >>> PLAYERS.make_player("mcts", game=Nim.new((3, 4, 5))).name
        'mcts'
        >>> PLAYERS.make_player("rules", game=Nim.new((3, 4, 5)))
        Traceback (most recent call last):
          ...
        tictac.game.position.NotForThisGame: the rules level works on m,n,k boards (State) ...
        """
        name = self.canonical(level)
        entry = self[name]
        entry.check_options(options)
        if game is not None:
            self._refuse_before_playing(name, game)
        rule = entry.factory(**options)
        return Player(str(level), rule, seed=seed, refuse_game=self._refuse_game(name))

    def _refuse_before_playing(self, name: str, game: object) -> None:
        """The refusals of :meth:`make_player`'s `game`, before any move."""
        require_position(game, "make_player(game=...)")
        self.refuse_other_games(name, game)
        if isinstance(game, State):
            refusal = self[name].refusal((game.rows, game.cols, game.k))
            if refusal is not None:
                raise ValueError(refusal)

    def describe(self, level: str, options: Mapping[str, Any] | None = None) -> str:
        """One line on how a level chooses its moves (with its options), after its name.

        >>> PLAYERS.describe("easy")
        'easy: plays any free cell at random'
        """
        return f"{tidy_level_name(level)}: {self[self.canonical(level)].describe(options)}"


def tidy_level_name(level: str) -> str:
    """A level's name spelt the catalogues' way: lower case, words joined by hyphens.

    >>> tidy_level_name(" Brute_Force")
    'brute-force'
    """
    return str(level).strip().lower().replace("_", "-").replace(" ", "-")


def _brute_force(*, budget: BudgetLike = BRUTE_FORCE_BUDGET) -> Rule:
    return functools.partial(brute_force_sum, budget=budget)


_BRUTE_FORCE_TOO_SLOW = (
    "it works out a sum for every position below each move, about three times as many for "
    "each extra empty cell: seconds per move with 12 empty cells, far too long on the empty "
    "4x4 board"
)
PLAYERS = Catalogue(
    Level(
        "random",
        lambda: random_move,
        "plays any free cell at random",
        aliases=("blind", "easy"),
        any_game=True,
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
        any_game=True,
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
        any_game=True,
    ),
)
"""Every level of this layer, by its name: all but the learners (see the module's notes)."""
