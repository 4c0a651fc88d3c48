"""The numbers the lessons state in prose, and where each comes from.

`tests/test_claims.py` reads every Markdown cell of every lesson and solution. Each number it
finds that is bigger than 12, or has a decimal point or a per-cent sign, must be one of:

- **computed**: it appears in the stored output of one of the same notebook's code cells (nbval
  makes sure the stored outputs are what the code really prints), or is written in one of its
  code cells (a sample size, a seed, a depth limit: the code uses what the prose says);
- **checked**: a :class:`Checked` claim below quotes the sentence and computes its numbers here,
  with code that need not be the lesson's;
- **cited**: a :class:`Cited` claim below quotes it and names its source, which the notebook must
  name too (a paper, a book, one of the tutorials in the README's Sources table);
- one of the few phrases in :data:`NOT_CLAIMS` (a reading time, a board size, a lesson number).

Each quote must appear word for word in its notebook's Markdown (after joining lines), so a
claim cannot outlive its sentence. Smaller numbers (two players, three in a row) are audited by
hand; quote one here to have it checked as well.

To add a claim: quote the shortest piece of the sentence that holds the number(s), and give a
function that returns them in the order they appear (an int, a float compared at the number of
decimals shown, or a tuple of them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Number = int | float


@dataclass(frozen=True)
class Checked:
    """A sentence whose numbers `compute` works out, in the order they appear in `quote`."""

    quote: str
    compute: Callable[[], Number | tuple[Number, ...]]


@dataclass(frozen=True)
class Cited:
    """A sentence whose numbers come from `source`; the notebook must name `source` too."""

    quote: str
    source: str


Claim = Checked | Cited

# Phrases whose numbers are not claims about the game or the literature.
NOT_CLAIMS = (
    r"About \d+ minutes",  # reading time, in each lesson's first cell
    r"\d+ ?x ?\d+",  # a board size such as 15x15
    r"\(\d+, ?\d+, ?\d+\)",  # an m,n,k triple written as a tuple
    r"(?<![\d,])\d{1,2},\d{1,2},\d{1,2}(?![\d,])",  # an m,n,k triple such as 4,4,3
)


# The claims, by notebook (the file name without .ipynb). Keep each lesson's list apart
# from its neighbours' so that changes to two lessons never touch the same lines.

CLAIMS: dict[str, tuple[Claim, ...]] = {
    "00-welcome": (),
    #
    "01-how-big": (),
    #
    "02-simple-strategies": (),
    #
    "03-minimax": (),
    #
    "04-difficulty-levels": (
        Checked(
            "our novice wins in five moves 24.4% of its games against the blind player and "
            "25.6% against itself",
            lambda: __import__("odds").novice_five_move_wins(),
        ),
        Checked(
            "then 2,000 seeded games against the offensive player, which must win 8% to 12%",
            lambda: (lambda check: (check.TUNING_GAMES, *(round(100 * b) for b in check.BEATEN)))(
                __import__("tictac.exercises.lesson04_difficulty_levels", fromlist=["BEATEN"])
            ),
        ),
        Cited("E. B. Wilson (1927)", "Wilson"),
        Cited("*Statistical Science*, 2001", "Brown, Cai and DasGupta"),
        Cited("won 28 of 50 games against the defensive AI", "*five-rounds*"),
        Cited("250 games in all", "*five-rounds*"),
        Cited("they had played 150 games that afternoon", "*five-rounds*"),
    ),
    #
    "05-tutorial-players": (
        Cited(
            "won 15 of their 50 games against it and lost as many, with 20 draws", "*five-rounds*"
        ),
        Cited("set traps and won 11 of the 50 games", "*five-rounds*"),
    ),
    #
    "05-making-it-fast": (),
    #
    "06-beyond-3x3": (),
    #
    "07-play": (),
    #
    "00-welcome-solutions": (),
    #
    "01-how-big-solutions": (),
    #
    "02-simple-strategies-solutions": (),
    #
    "03-minimax-solutions": (),
    #
    "04-difficulty-levels-solutions": (),
    #
    "05-tutorial-players-solutions": (),
    #
    "05-making-it-fast-solutions": (),
    #
    "06-beyond-3x3-solutions": (),
    #
    "07-play-solutions": (),
}
