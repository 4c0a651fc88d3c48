"""What all the exercise checks share, and the names `tictac.exercises` offers the lessons."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import tictac.exercises
from tictac import State
from tictac.exercises import SHOWN, OneOf, check_function, check_predicted_moves, check_winner

# The names of `tictac.exercises` before it became a package (one module per lesson); the
# lessons import them from there, so each must stay.
NAMES_BEFORE_THE_SPLIT = [
    "CountCheck",
    "GameCheck",
    "Mismatch",
    "MoveOrderReport",
    "OneOf",
    "PredictionReport",
    "Report",
    "check_alphabeta",
    "check_alphabeta_nodes",
    "check_centre_rule",
    "check_completing_moves",
    "check_count",
    "check_depth_aware_minimax",
    "check_fork_rule",
    "check_function",
    "check_heuristic",
    "check_minimax",
    "check_move_order",
    "check_predicted_moves",
    "check_rule",
    "check_sensible_level",
    "check_subtree_sum",
    "check_win_against",
    "check_winner",
    "exercise_positions",
    "fork_moves",
]


def test_every_name_from_before_the_split_is_still_offered() -> None:
    missing = set(NAMES_BEFORE_THE_SPLIT) - set(tictac.exercises.__all__)
    assert not missing
    for name in tictac.exercises.__all__:
        assert getattr(tictac.exercises, name) is not None


def test_every_lesson_modules_names_are_offered_by_the_package() -> None:
    names = [m.name for m in pkgutil.iter_modules(tictac.exercises.__path__)]
    lessons = [name for name in names if name.startswith("lesson")]
    notebooks = Path(__file__).resolve().parent.parent / "notebooks"
    named_like_the_lessons = {
        "lesson" + path.stem.replace("-", "_")
        for pattern in ("[0-9][0-9]-*.ipynb", "[0-9][0-9][a-z]-*.ipynb")  # 03b-...: a second half
        for path in notebooks.glob(pattern)
    }
    assert set(lessons) == named_like_the_lessons  # one module per lesson, named like it
    assert set(names) == {*lessons, "checking", "grading"}  # grading: the teacher's kit
    for name in lessons:
        module = importlib.import_module(f"tictac.exercises.{name}")
        label = name.removeprefix("lesson").split("_")[0].lstrip("0") or "0"  # "3", "3b"
        assert module.__doc__ and f"Lesson {label} " in module.__doc__
        for public in module.__all__:
            assert getattr(tictac.exercises, public) is getattr(module, public), public
            assert public in tictac.exercises.__all__, public


def test_one_of_reads_naturally() -> None:
    assert repr(OneOf((3, 7))) == "one of 3, 7"
    assert repr(OneOf((2,))) == "2"


def test_a_report_draws_the_first_few_differences_and_counts_the_rest() -> None:
    report = check_winner(lambda state: None)
    differ = len(report.mismatches)
    assert differ > SHOWN
    assert len(str(report).splitlines()) == 1 + SHOWN
    page = report._repr_html_()
    assert page.count("<svg") == SHOWN and f"… and {differ - SHOWN} more." in page
    assert "expected <b>&#x27;X&#x27;</b><br>got <b>None</b>" in page


def test_a_prediction_report_lists_every_wrong_guess() -> None:
    # in every one of these X wins at once by completing the top row at 2
    guesses = {State.parse(f"XX./{row}/..."): 8 for row in ("OO.", "O.O", ".OO")}
    guesses |= {State.parse(f"XX./.../{row}"): 5 for row in ("OO.", "O.O", ".OO")}
    guesses |= {State.parse("XX./O../..O"): 5}
    report = check_predicted_moves(guesses)
    assert report.checked == len(guesses) == SHOWN + 1
    assert len(report.mismatches) == SHOWN + 1
    assert len(str(report).splitlines()) == 1 + SHOWN + 1
    assert report._repr_html_().count("<svg") == SHOWN + 1


def test_check_function_stops_at_the_first_error_and_names_the_board() -> None:
    def fails_on_the_full_board(state: State) -> int:
        if state.moves_made == 9:
            raise ZeroDivisionError("division by zero")
        return state.moves_made

    positions = [State.new(), State.parse("XOX/XOO/OXX")]
    report = check_function("marks", fails_on_the_full_board, lambda s: s.moves_made, positions)
    assert report.checked == 1 and not report.passed
    assert report.error == "ZeroDivisionError: division by zero (on the board XOX/XOO/OXX)"
    assert "stopped with an error" in report.summary()
