"""The checks for Lesson 9b (``notebooks/09b-the-frontier.ipynb``): a pairing in which lines
share pairs, and who wins an m,n,k game.

:func:`check_pairing` checks a pairing of your own (by default for 3x8 with four in a row,
in at most six pairs):

>>> print(check_pairing([(0, 1), (8, 9), (16, 17)]))
pairing for 3x8, 4 in a row: 12 of its 15 lines hold no pair, so X could still complete them.

:func:`check_predictions` checks who you expect to win a few boards, and says how many
predictions are wrong, not which:

>>> print(check_predictions({board: "X wins" for board in PREDICTION_BOARDS}))
who wins: 3 of your 5 predictions are wrong. ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tictac.exercises.checking import verdict_html
from tictac.game.state import State, winning_lines
from tictac.pictures.boards import draw_pairing
from tictac.search.pairing import Pairing, find_pairing
from tictac.search.solver import solve

__all__ = [
    "PREDICTION_BOARDS",
    "PairingVerdict",
    "PredictionCheck",
    "check_pairing",
    "check_predictions",
]


# ---------------------------------------------------------------------------------------------
# Exercise 1: a pairing of your own

MOST_PAIRS = 6
"""The pairs :func:`check_pairing` allows for 3x8 with four in a row (the fewest possible)."""


@dataclass(frozen=True)
class PairingVerdict:
    """The verdict on a pairing: is it one, does every line hold a pair, and is it small?"""

    board: tuple[int, int, int]
    passed: bool
    note: str
    pairs: tuple[tuple[int, int], ...] = ()
    outline: tuple[int, ...] = ()

    def __str__(self) -> str:
        rows, cols, k = self.board
        return f"pairing for {rows}x{cols}, {k} in a row: {self.note}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        rows, cols, k = self.board
        picture = draw_pairing(
            State.new(rows, cols, k), self.pairs, cell_size=30, outline=self.outline
        )
        return (
            '<div style="display:flex;gap:14px;align-items:center">'
            f"{picture.svg}{verdict_html(str(self), self.passed)}</div>"
        )


def check_pairing(
    pairs: Iterable[Sequence[object]] | None,
    board: tuple[int, int, int] = (3, 8, 4),
    *,
    most: int | None = MOST_PAIRS,
) -> PairingVerdict:
    """Check `pairs` (a list of two-cell pairs, each cell a number or a ``(row, col)``) as a
    pairing strategy for the defender on the empty `board` ``(rows, cols, k)``: no cell in two
    pairs, every line holding both cells of some pair, and at most `most` pairs (None: any
    number). The picture outlines a line that holds no pair.

    >>> check_pairing([(1, 2), (3, 4)], (1, 5, 3), most=None).passed
    True
    >>> print(check_pairing([(0, 1), (1, 2)], (1, 5, 3)))
    pairing for 1x5, 3 in a row: cell 1 is in two pairs, (0, 1) and (1, 2): ...
    """
    rows, cols, k = board
    if pairs is None:
        return PairingVerdict(
            (rows, cols, k), False, "no pairing yet: write a list of pairs such as [(0, 1), ...]"
        )
    try:
        pairing = Pairing(rows, cols, k, pairs)
    except (TypeError, ValueError) as error:
        return PairingVerdict((rows, cols, k), False, str(error))
    unblocked = pairing.unblocked_lines()
    lines = winning_lines(rows, cols, k)
    if unblocked:
        return PairingVerdict(
            (rows, cols, k),
            False,
            f"{len(unblocked)} of its {len(lines)} lines hold no pair, so X could still "
            "complete them.",
            pairing.pairs,
            unblocked[0],
        )
    if most is not None and len(pairing.pairs) > most:
        return PairingVerdict(
            (rows, cols, k),
            False,
            f"every line holds a pair, well done, but it takes {len(pairing.pairs)} pairs: can "
            f"you do it with {most}? A pair can serve several lines at once.",
            pairing.pairs,
        )
    found = find_pairing(rows, cols, k)
    solver_note = (
        " A test that gives every line a pair of its own (as Lesson 9's `proof_search` does) "
        "finds no pairing here: yours lets lines share a pair, as the solver's does."
        if found is None
        else ""
    )
    return PairingVerdict(
        (rows, cols, k),
        True,
        f"all {len(lines)} lines hold a pair, with {len(pairing.pairs)} pairs: answering "
        f"each move into a pair with its partner, O never loses.{solver_note} Well done!",
        pairing.pairs,
    )


# ---------------------------------------------------------------------------------------------
# Exercise 2: who wins?

PREDICTION_BOARDS = ((3, 5, 3), (2, 7, 3), (3, 8, 4), (6, 6, 6), (5, 5, 3))
"""The boards of Exercise 2, (rows, cols, k): each is proved by the solver in a moment."""

RESULTS = {"X wins": 1, "draw": 0, "O wins": -1}


@dataclass(frozen=True)
class PredictionCheck:
    """Predictions of who wins some boards, against the solver; says how many are wrong."""

    passed: bool
    note: str

    def __str__(self) -> str:
        return f"who wins: {self.note}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return verdict_html(str(self), self.passed, tag="p")


def check_predictions(
    predictions: Mapping[tuple[int, int, int], str | None] | None,
    boards: Sequence[tuple[int, int, int]] = PREDICTION_BOARDS,
) -> PredictionCheck:
    """Check a prediction for each of `boards`: ``{(rows, cols, k): "X wins" or "draw" or
    "O wins"}``, the result of perfect play from the empty board. The verdict says how many
    predictions are wrong, not which, so that one wrong guess cannot be fixed by flipping it.

    >>> check_predictions({(3, 3, 3): "draw"}, boards=[(3, 3, 3)]).passed
    True
    >>> print(check_predictions({(3, 3, 3): "O wins"}, boards=[(3, 3, 3)]))
    who wins: 1 of your 1 predictions is wrong. No m,n,k game is a win for O: ...
    """
    expected_boards = [(int(rows), int(cols), int(k)) for rows, cols, k in boards]
    if predictions is None:
        return PredictionCheck(False, "no predictions yet: fill in the dictionary.")
    if not isinstance(predictions, Mapping):
        raise TypeError(
            "predictions is a dictionary {(rows, cols, k): 'X wins' or 'draw' or 'O wins'}, "
            f"not {predictions!r}"
        )
    said: dict[tuple[int, ...], str | None] = {tuple(b): p for b, p in predictions.items()}
    unknown = [board for board in said if board not in expected_boards]
    if unknown:
        raise ValueError(f"{unknown[0]} is not one of the boards asked about, {expected_boards}")
    missing = [board for board in expected_boards if said.get(board) is None]
    if missing:
        return PredictionCheck(
            False,
            f"no prediction yet for {len(missing)} of the {len(expected_boards)} boards, such "
            f"as {missing[0]}: write 'X wins', 'draw' or 'O wins'.",
        )
    for board, result in said.items():
        if result not in RESULTS:
            raise ValueError(
                f"the prediction for {board} must be one of {', '.join(map(repr, RESULTS))}, "
                f"not {result!r}"
            )
    wrong = [
        board for board in expected_boards if RESULTS[str(said[board])] != solve(State.new(*board))
    ]
    total = len(expected_boards)
    if not wrong:
        return PredictionCheck(True, f"all {total} predictions are right. Well done!")
    verb = "is" if len(wrong) == 1 else "are"
    hints = []
    if "O wins" in said.values():
        hints.append("No m,n,k game is a win for O: remember the strategy-stealing argument.")
    hints.append(
        "For each board ask: which lines exist at all? Could O pair them? Does the board "
        "contain a smaller board that X wins?"
    )
    return PredictionCheck(
        False, f"{len(wrong)} of your {total} predictions {verb} wrong. " + " ".join(hints)
    )
