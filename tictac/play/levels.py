"""Every level of play, the learners' too: the catalogue behind :func:`make_player`, the game
widget and the command line.

Each level is one entry of :data:`CATALOGUE`, the one place that knows it (see
:class:`~tictac.players.levels.Level`): the players' levels of
:data:`tictac.players.levels.PLAYERS`, then the two learners, which play from the tables of
:mod:`tictac.learning` stored in ``tictac/data/``. :data:`LEVELS` and :data:`ALIASES` are views
of it.

>>> from tictac.game.state import State
>>> master = make_player("master")
>>> master.choose(State.parse("XX./OO./..."))   # X completes the top row
2
>>> make_player("random", seed=1).choose(State.new())
2
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

Three levels play any game (Connect Four, Nim, your own), not only m,n,k boards; the others
refuse another game's position, saying so (:class:`~tictac.game.position.NotForThisGame`):

>>> CATALOGUE.any_game_levels()
['random', 'medium', 'mcts']

The learners play only on the 3x3 board they learnt on; the catalogue says so before a game
starts (the command line asks it), and the learner itself refuses any other board:

>>> CATALOGUE["td"].refusal((4, 4, 4))
'the td level plays only on 3x3 with 3 in a row, not on 4x4 with 4 in a row: choose a level ...'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tictac.game.position import Position
from tictac.helpers.seeds import Seed
from tictac.learning.learners import RECIPES, trained_learner
from tictac.players.levels import PLAYERS, BoardSize, Level, tidy_level_name
from tictac.players.rules import Player, Rule

__all__ = [
    "ALIASES",
    "CATALOGUE",
    "LEVELS",
    "canonical_level",
    "describe_level",
    "level_names",
    "make_player",
    "tidy_level_name",
]


def _learnt(name: str) -> Callable[[], Rule]:
    """The factory of a learner's level: the stored learner's move (see
    :func:`~tictac.learning.learners.trained_learner`), drawn with the player's random source."""

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
_NOT_ON_4X4: dict[BoardSize, str] = {(4, 4, 4): _ONLY_3X3, (4, 4, 3): _ONLY_3X3}

CATALOGUE = PLAYERS.with_levels(
    Level(
        "menace",
        _learnt("menace"),
        "Michie's matchbox machine after "
        + _training("menace")
        + ": draws a bead from the position's box",
        aliases=("matchboxes",),
        not_offered=_NOT_ON_4X4,
        only_on=(3, 3, 3),
    ),
    Level(
        "td",
        _learnt("td"),
        "values learnt by temporal differences in "
        + _training("td")
        + ": plays the move it values most; never loses to the master",
        aliases=("td-learner",),
        not_offered=_NOT_ON_4X4,
        only_on=(3, 3, 3),
    ),
)
"""Every level by its name: the one place that describes a level (see the module's notes)."""

LEVELS: dict[str, Callable[..., Rule]] = {name: level.factory for name, level in CATALOGUE.items()}
"""Every level: its name and a factory taking the level's options as keyword arguments (read
from :data:`CATALOGUE`)."""

ALIASES: dict[str, str] = CATALOGUE.aliases
"""The tutorials' names for the levels (read from :data:`CATALOGUE`)."""


def level_names() -> list[str]:
    """Every name `make_player` accepts: the levels, then the aliases."""
    return CATALOGUE.names()


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
    return CATALOGUE.canonical(level)


def make_player(
    level: str, *, seed: Seed = None, game: Position | None = None, **options: Any
) -> Player:
    """A player by level name (see :data:`CATALOGUE`), with its options as keywords.

    The levels that search take ``budget=`` too, to bound each move's search (see
    :mod:`tictac.search.budget` and :attr:`Level.searches`).

    The levels random, medium and mcts play any game (:attr:`Level.any_game`); the others read
    an m,n,k board's cells, and refuse another game's position with
    :class:`~tictac.game.position.NotForThisGame` at their first move, or at once given the
    position the game starts from as `game` (which also makes a learner refuse a board other
    than 3x3 at once).

    >>> make_player("novice", probability=0.5, seed=7).name
    'novice'
    >>> from tictac.game.state import State
    >>> make_player("brute-force", budget=1000).choose(State.new(4, 4, 4))
    Traceback (most recent call last):
      ...
    tictac.search.budget.BudgetExceeded: brute_force_sum stopped after searching 1,000 ...
    >>> make_player("grandmaster")
    Traceback (most recent call last):
      ...
    ValueError: unknown level 'grandmaster'; choose one of random, defensive, ...
    >>> from tictac.game.connect_four import ConnectFour
    >>> make_player("master", game=ConnectFour.new())
    Traceback (most recent call last):
      ...
    tictac.game.position.NotForThisGame: the master level works on m,n,k boards (State) only, ...
    """
    return CATALOGUE.make_player(level, seed=seed, game=game, **options)


def describe_level(level: str, options: Mapping[str, Any] | None = None) -> str:
    """One line on how a level chooses its moves (with its options).

    >>> describe_level("easy")
    'easy: plays any free cell at random'
    >>> describe_level("mcts", {"playouts": 300})
    'mcts: Monte Carlo tree search, 300 random games per move'
    """
    return CATALOGUE.describe(level, options)
