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

import alphabeta_minimum
import claims_depth_limited
import claims_proving
import lesson_figures
import odds

from tictac.exercises import (
    ROOT_PUZZLE,
    lesson04_difficulty_levels,
    lesson07_depth_limited,
    lesson07b_horizon,
)
from tictac.search.mcts import DEFAULT_EXPLORATION

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
    r"\d+ words a minute",  # the rule behind it (tests/lesson_time.py)
    r"\d+ ?x ?\d+",  # a board size such as 15x15
    r"\(\d+, ?\d+, ?\d+\)",  # an m,n,k triple written as a tuple
    r"(?<![\d,])\d{1,2},\d{1,2},\d{1,2}(?![\d,])",  # an m,n,k triple such as 4,4,3
    r"Lesson \d+b?\b",  # a lesson's number, such as Lesson 13
)


# The claims, by notebook (the file name without .ipynb). Keep each lesson's list apart
# from its neighbours' so that changes to two lessons never touch the same lines.

CLAIMS: dict[str, tuple[Claim, ...]] = {
    "00-welcome": (
        Cited("(chapter 5 of the 3rd edition), defines a *game*", "Russell and Norvig"),
    ),
    #
    "01-how-big": (
        Cited("puts the number of legal states at **5,477**", "five-rounds tutorial"),
        Cited("speaks of 26,830 possible *boards*", "minimax tutorial"),
        Cited("the tree has around 1 million nodes", "Benefit tutorial"),
        Cited("calls the total 1,099,892 valid boards", "five-rounds tutorial"),
        Cited("9! = 362,880 computations", "Ep 2 tutorial"),
        Cited("8! = 40,320", "Ep 2 tutorial"),
        Cited("3rd edition, section 5.2.1, put minimax's time", "Russell and Norvig"),
    ),
    #
    "02-simple-strategies": (
        Cited("a programmer played 50 games against each of five home-made AIs", "five-rounds"),
        Cited("author played 50 games as X against each AI", "five-rounds"),
        Checked(
            "Defence took 12 wins from the human and added 14 draws",
            # the five-rounds tutorial's (human wins, draws, computer wins): round 1 (40, 5, 5),
            # round 2 (28, 19, 3), round 3 (12, 27, 11)
            lambda: (40 - 28, 19 - 5),
        ),
        Cited(
            "the human's wins fell from 28 to 12, the draws rose from 19 to 27 and the "
            "computer's wins from 3 to 11",
            "five-rounds",
        ),
        Checked(
            "16 fewer human wins, while draws and computer wins each grew by 8",
            lambda: (28 - 12, 27 - 19 if 27 - 19 == 11 - 3 else float("nan")),
        ),
        Cited("the human won about as often as the machine, 12 games to 11", "five-rounds"),
        Cited("after 150 games that afternoon", "five-rounds"),
        Cited("the human won 28 of 50 games as X and lost 3", "five-rounds"),
    ),
    #
    "02b-forks-and-rules": (
        Cited("Newell and Simon's *Human Problem Solving* (1972)", "Newell and Simon"),
        Cited("(*Cognitive Science* 17, 1993)", "Crowley and Siegler"),
    ),
    #
    "03-minimax": (
        Checked(
            "The check runs it on 623 positions",
            lesson_figures.unfinished_positions_with_two_marks,
        ),
        Cited(
            "(chapter 5 of the 3rd edition) writes minimax as two functions that call each other",
            "Russell and Norvig",
        ),
    ),
    #
    "03b-ties-and-scores": (),
    #
    "04-difficulty-levels": (
        Checked(
            "our novice wins in five moves 24.4% of its games against the blind player and "
            "25.6% against itself",
            odds.novice_five_move_wins,
        ),
        Checked(
            "then 2,000 seeded games against the offensive player, which must win 8% to 12%",
            lambda: (lambda check: (check.TUNING_GAMES, *(round(100 * b) for b in check.BEATEN)))(
                lesson04_difficulty_levels
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
    "06-making-it-fast": (
        # The figures come from tests/lesson_figures.py (imported here by name so that this
        # entry stays on its own lines).
        Checked(
            "59,705 positions, 27,732 of them",
            lesson_figures.positions_after_a_corner,
        ),
        Checked("That is 100 times less work", lesson_figures.memo_saving),
        Checked("The same value from 30 times fewer", lesson_figures.alphabeta_saving),
        Checked("the answer is the 18,297 above", lesson_figures.board_order_positions),
        Checked(
            "the same value from 30 times fewer positions",
            lesson_figures.alphabeta_saving,
        ),
        Cited("the two-ply tree of Figure 5.2 in Russell and Norvig's", "Russell and Norvig"),
    ),
    #
    "06b-alphabeta-in-practice": (
        # As for Lesson 6; the fewest positions are worked out the long way.
        Checked(
            "visits 18,297 positions from the empty board, 30 times fewer",
            lambda: (
                lesson_figures.board_order_positions(),
                lesson_figures.alphabeta_saving(),
            ),
        ),
        Checked(
            "8.7 times fewer positions than in board order",
            lesson_figures.ordering_saving,
        ),
        Checked(
            "1,452 positions: from the empty board, no order",
            lesson_figures.fewest_positions,
        ),
        Checked(
            "Our cheap rule of thumb needs 1.44 times that",
            lesson_figures.ordered_over_fewest,
        ),
        Cited(
            '"An analysis of alpha-beta pruning", *Artificial Intelligence* 6, 1975',
            "Knuth and Moore",
        ),
        Checked(
            "the square root of 549,946, 742",
            lambda: (
                alphabeta_minimum.tree_nodes(tuple(".........")),
                lesson_figures.square_root_of_plain(),
            ),
        ),
        Checked(
            "for 3,293 times the work of the bottom one",
            lesson_figures.top_bar_over_bottom_bar,
        ),
        Checked("the 1,452 of the best order", lesson_figures.fewest_positions),
        Cited("as O(n!): 9! = 362,880 computations", "*Ep 2* tutorial"),
        Cited("3rd edition, section 5.2.1)", "Russell and Norvig"),
        Checked(
            "the corner's 59,705 are those eight searches",
            lambda: lesson_figures.positions_after_a_corner()[0],
        ),
        Checked(
            "cuts alpha-beta's work 8.7 times again. Without a memo no order gets below 1,452",
            lambda: (
                lesson_figures.ordering_saving(),
                lesson_figures.fewest_positions(),
            ),
        ),
    ),
    #
    "07-depth-limited": (
        Checked(
            "only after visiting 39,429 positions",
            lambda: claims_depth_limited.alphabeta_visits(4, 4, 4),
        ),
        Cited("Claude Shannon's *Programming a Computer for Playing Chess* (1950)", "Shannon"),
        Cited("200 for the king, 9 for a queen", "Shannon"),
        Checked(
            "on 200 positions of random 4x4 games",
            lambda: lesson07_depth_limited.LIMITED_POSITIONS,
        ),
        Checked(
            "The check plays 100 random openings twice",
            lambda: lesson07_depth_limited.OPENINGS,
        ),
    ),
    #
    "07b-horizon": (
        Checked(
            "on 200 positions of random 4x4 games",
            lambda: lesson07b_horizon.EXTENSION_POSITIONS,
        ),
        Cited(
            '"A generalised quiescence search algorithm", *Artificial Intelligence* 43, 1990',
            "D. F. Beal",
        ),
        Cited("The chess program Chess 4.5 made the idea standard", "D. J. Slate and L. R. Atkin"),
        Cited(
            '"CHESS 4.5 – The Northwestern University chess program", in *Chess Skill in Man '
            "and Machine*, 1977",
            "D. J. Slate and L. R. Atkin",
        ),
        Cited(
            '"Best-first fixed-depth minimax algorithms", *Artificial Intelligence* 87, 1996',
            "A. Plaat, J. Schaeffer, W. Pijls and A. de Bruin",
        ),
    ),
    #
    "08-monte-carlo": (
        Checked("with C = 1.4, close to UCB1's", lambda: DEFAULT_EXPLORATION),
        Checked(
            "after 20 playouts with C = 1.4", lambda: (ROOT_PUZZLE.playouts, DEFAULT_EXPLORATION)
        ),
        Cited("*Machine Learning* 47, 2002", "Cesa-Bianchi"),
        Cited("*Bandit Based Monte-Carlo Planning*, 2006", "Kocsis and Szepesvári"),
        Cited(
            "*Efficient Selectivity and Backup Operators in Monte-Carlo Tree Search*, 2006",
            "Coulom",
        ),
    ),
    #
    "08b-mcts-measured": (
        Checked(
            "the master always opens in corner 0, where only the centre draws, and MCTS's first "
            "reply was elsewhere in all 37 losses",
            lesson_figures.mcts_losses_as_o,
        ),
        Cited('Sampling-Based Planning", ICAPS 2010', "Ramanujan, Sabharwal and Selman"),
        Cited("*A Survey of Monte Carlo Tree Search Methods*, 2012", "Browne and others"),
    ),
    #
    "09-proving-bigger-boards": (
        Checked("visits 39,429 positions to prove 4x4", claims_proving.lesson6b_visits),
    ),
    #
    "09b-the-frontier": (
        Cited("*Winning Ways for your Mathematical Plays* (1982)", "Berlekamp, Conway and Guy"),
        Cited("(2017), a bachelor's thesis", "Charatsidis"),
        Cited("Charatsidis (2017", "Charatsidis"),
        Cited(
            "*Theoretical Computer Science* 815, 79–94 (2020): the first proof, within 17.4 hours",
            "W.-Y. Hsu, C.-L. Ko, J.-C. Chen, T.-H. Wei, C.-H. Hsueh and I-C. Wu",
        ),
        Cited("*Go-Moku Solved by New Search Techniques* (1993)", "Allis, van den Herik"),
        Cited(
            "*Transactions of the American Mathematical Society* 106, 1963)",
            "A. W. Hales and R. I. Jewett",
        ),
        Cited("H. O. Pollak and C. E. Shannon, 1954", "Winning Ways"),
        Cited("*The American Mathematical Monthly* in 1979", "Norman Do"),
        Cited("*Gazette of the Australian Mathematical Society*, volume 31", "Norman Do"),
        Cited("(2021)", "Czifra, Csóka, Zombori and Makay"),
        Cited("*Searching for Solutions in Games and Artificial Intelligence*, 1994)", "Allis"),
        Cited("University of Tokyo, 2002)", "Nagai"),
        Cited("(reported by Charatsidis, 2017,", "Charatsidis"),
        Cited("Pawlewicz and Lew (*Computers and Games*, 2006)", "Pawlewicz and Lew"),
        Cited("(J. Uiterwijk, *ICGA Journal*, 2018)", "Uiterwijk"),
        Cited(
            "Hsu, Ko, Chen, Wei, Hsueh and Wu (2020, in the table above) proved 7x7 a draw in "
            "2.5 seconds and 8x8 a draw for the first time, in 17.4 hours",
            "W.-Y. Hsu, C.-L. Ko, J.-C. Chen, T.-H. Wei, C.-H. Hsueh and I-C. Wu",
        ),
    ),
    #
    "10-matchboxes": (
        Cited("*ICCA Journal* 9(3), 1986", "Thompson"),
        Cited("In 1961 Donald Michie built a machine", "Michie"),
        Cited("*Penguin Science Survey* 1961", "Michie"),
        Cited("*The Computer Journal* 6(3), 1963", "Michie"),
        Cited("Michie's machine had 304 boxes", "Michie"),
        Cited("(D. Michie, 1961)", "Michie"),
        Cited(
            "The lines are 95% Wilson intervals: a method that covers the true rate in 95% "
            "of samples",
            "Wilson",
        ),
    ),
    #
    "11-learning-values": (
        Cited("*Reinforcement Learning: An Introduction*, 2nd ed., 2018, section 1.5)", "Sutton"),
        Cited("(its Exercise 1.2), as it does self-play (Exercise 1.1)", "Sutton"),
        Cited("(Sutton and Barto, section 1.5)", "Sutton and Barto"),
    ),
    #
    "12-play": (),
    #
    "13-your-own-game": (
        Cited("Charles L. Bouton proved in 1901", "Bouton"),
        Cited("*Annals of Mathematics* 3 (1901–1902), 35–39", "Bouton"),
        Cited("was solved in 1988", "Allis"),
        Cited("Vrije Universiteit Amsterdam, 1988)", "Allis"),
        Cited(
            "Connect Four has 4,531,985,219,092 legal positions (counted by S. Edelkamp and P. "
            "Kissmann; the sum of OEIS sequence A212693)",
            "Edelkamp",
        ),
    ),
    #
    "00-welcome-solutions": (),
    #
    "01-how-big-solutions": (
        # X's two marks on a board: unordered pairs of cells; then O's one mark in another cell
        Checked("= 36 ways", lambda: sum(1 for a in range(9) for b in range(a + 1, 9))),
        Checked(
            "36 × 7 = 252",
            lambda: (
                sum(1 for a in range(9) for b in range(a + 1, 9)),
                9 - 2,
                sum(
                    1
                    for a in range(9)
                    for b in range(a + 1, 9)
                    for o in range(9)
                    if o not in (a, b)
                ),
            ),
        ),
    ),
    #
    "02-simple-strategies-solutions": (),
    "02b-forks-and-rules-solutions": (),
    #
    "03-minimax-solutions": (),
    "03b-ties-and-scores-solutions": (),
    #
    "04-difficulty-levels-solutions": (),
    #
    "05-tutorial-players-solutions": (),
    #
    "06-making-it-fast-solutions": (),
    "06b-alphabeta-in-practice-solutions": (),
    #
    "07-depth-limited-solutions": (),
    #
    "07b-horizon-solutions": (),
    #
    "08-monte-carlo-solutions": (),
    "08b-mcts-measured-solutions": (),
    "09-proving-bigger-boards-solutions": (),
    "09b-the-frontier-solutions": (),
    #
    "10-matchboxes-solutions": (),
    "11-learning-values-solutions": (),
    #
    "13-your-own-game-solutions": (),
    #
    "12-play-solutions": (
        Cited("follows the best move 40% of the time", "Tic-Tac-Toe AI tutorial"),
    ),
}
