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
    "03-minimax": (
        Checked(
            "The check runs it on 623 positions",
            __import__("lesson_figures").unfinished_positions_with_two_marks,
        ),
    ),
    #
    "04-difficulty-levels": (),
    #
    "05-making-it-fast": (
        # The figures come from tests/lesson_figures.py (imported here by name so that this
        # entry stays on its own lines); the fewest positions are worked out the long way.
        Checked(
            "59,705 positions, 27,732 of them",
            __import__("lesson_figures").positions_after_a_corner,
        ),
        Checked("That is 100 times less work", __import__("lesson_figures").memo_saving),
        Checked(
            "The same value from 30 times fewer", __import__("lesson_figures").alphabeta_saving
        ),
        Checked(
            "8.7 times fewer positions than the same search in board order",
            __import__("lesson_figures").ordering_saving,
        ),
        Checked(
            "1,452 positions: from the empty board, no order",
            __import__("lesson_figures").fewest_positions,
        ),
        Checked(
            "Our cheap rule of thumb needs 1.44 times that",
            __import__("lesson_figures").ordered_over_fewest,
        ),
        Cited(
            '"An analysis of alpha-beta pruning", *Artificial Intelligence* 6, 1975',
            "Knuth and Moore",
        ),
        Checked(
            "the square root of 549,946, 742",
            lambda: (
                __import__("alphabeta_minimum").tree_nodes(tuple(".........")),
                __import__("lesson_figures").square_root_of_plain(),
            ),
        ),
        Checked(
            "for 3,293 times the work of the bottom one",
            __import__("lesson_figures").top_bar_over_bottom_bar,
        ),
        Checked("the 1,452 of the best order", __import__("lesson_figures").fewest_positions),
        Cited("at 9! = 362,880 computations", "*Ep 2* tutorial"),
        Checked(
            "the answer is the 18,297 above", __import__("lesson_figures").board_order_positions
        ),
        Checked(
            "cuts alpha-beta's work 8.7 times again. Without a memo no order gets below 1,452",
            lambda: (
                __import__("lesson_figures").ordering_saving(),
                __import__("lesson_figures").fewest_positions(),
            ),
        ),
        Checked(
            "the same value from 30 times fewer positions",
            __import__("lesson_figures").alphabeta_saving,
        ),
    ),
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
    "05-making-it-fast-solutions": (),
    #
    "06-beyond-3x3-solutions": (),
    #
    "07-play-solutions": (),
}
