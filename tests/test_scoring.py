"""Scores and heuristics on hand-made positions, plus a few checks over every finished game."""

from __future__ import annotations

import itertools
import random

import pytest

from tictac.game.scoring import (
    bounded,
    decisive,
    depth_aware,
    depth_scaled,
    feature_names,
    features,
    open_lines,
    piece_count,
    plus_minus_ten,
    two_in_a_row,
    weighted,
    win_loss,
)
from tictac.game.state import State, reachable_states, winning_lines

X_WON = State.parse("XXX/OO./...")  # X wins on its third move: 4 empty cells
O_WON = State.parse("OOO/XX./X..")  # O wins on its third move: 3 empty cells
DRAW = State.parse("XOX/XOO/OXX")
X_WON_FULL = State.parse("XOX/OXO/XOX")  # X wins with the last cell: nothing empty
RUNNING = State.parse("XX./O../...")

TERMINAL_SCORES = [win_loss, plus_minus_ten, depth_aware, depth_scaled("X"), depth_scaled("O")]
HEURISTICS = [piece_count, two_in_a_row, open_lines]


@pytest.fixture(scope="module")
def finished_games() -> list[State]:
    return [s for s in reachable_states() if s.is_terminal]


# ---------------------------------------------------------------------------------------------
# Terminal scores


@pytest.mark.parametrize(
    ("state", "expected"),
    [(X_WON, 1), (O_WON, -1), (DRAW, 0), (X_WON_FULL, 1)],
)
def test_win_loss(state: State, expected: int) -> None:
    assert win_loss(state, 0) == expected
    assert win_loss(state, 7) == expected  # the depth does not matter


@pytest.mark.parametrize(
    ("state", "expected"),
    [(X_WON, 10), (O_WON, -10), (DRAW, 0), (X_WON_FULL, 10)],
)
def test_plus_minus_ten(state: State, expected: int) -> None:
    assert plus_minus_ten(state, 3) == expected


@pytest.mark.parametrize(
    ("state", "expected"),
    [(X_WON, 5), (O_WON, -4), (DRAW, 0), (X_WON_FULL, 1)],
)
def test_depth_aware(state: State, expected: int) -> None:
    assert depth_aware(state, 0) == expected
    assert depth_aware(state, 4) == expected  # depends on the position only


def test_depth_aware_prefers_sooner_wins_and_later_losses() -> None:
    slow_loss = State.parse("OOO/XXO/XX.")  # O wins on its fourth move
    assert depth_aware(X_WON, 0) > depth_aware(X_WON_FULL, 0) > depth_aware(DRAW, 0)
    assert depth_aware(DRAW, 0) > depth_aware(slow_loss, 0) > depth_aware(O_WON, 0)


def test_depth_aware_orders_finished_games_like_the_tutorial(
    finished_games: list[State],
) -> None:
    """The tutorial's "10 minus O's moves" and ours rank every pair of 3x3 games alike."""

    def tutorial(state: State) -> int:
        o_moves = state.cells.count("O")
        return {"X": 10 - o_moves, "O": -(10 - o_moves), None: 0}[state.winner]

    for a, b in itertools.combinations(finished_games, 2):
        ours = depth_aware(a, 0) - depth_aware(b, 0)
        theirs = tutorial(a) - tutorial(b)
        assert (ours > 0) == (theirs > 0) and (ours < 0) == (theirs < 0), (a, b)


def test_depth_aware_works_on_bigger_boards() -> None:
    assert depth_aware(State.parse("XXXX/OOO./..../...."), 0) == 10  # 9 empty cells
    assert depth_aware(State.parse("XXX./OO../..../....", k=3), 0) == 12
    assert depth_aware(State.parse("OOO./XX../X.../....", k=3), 0) == -11


@pytest.mark.parametrize(
    ("player", "state", "ply", "expected"),
    [
        ("X", X_WON, 1, 50),
        ("X", X_WON, 5, 10),
        ("X", DRAW, 2, 5),
        ("X", O_WON, 2, -5),
        ("O", O_WON, 2, -25),  # a win for O is bad for X
        ("O", DRAW, 5, -2),
        ("O", X_WON, 5, 2),  # a loss for O, good for X
        ("X", X_WON, 0, 50),  # a finished game at the start counts as ply 1
    ],
)
def test_depth_scaled(player: str, state: State, ply: int, expected: float) -> None:
    score = depth_scaled(player)  # type: ignore[arg-type]
    assert score(state, ply) == pytest.approx(expected)


def test_depth_scaled_weights_and_name() -> None:
    score = depth_scaled("X", win=3, draw=1, loss=-2)
    assert score(X_WON, 1) == 3
    assert score(DRAW, 2) == 0.5
    assert score(O_WON, 4) == -0.5
    assert score.__name__ == "depth_scaled('X')"


def test_depth_scaled_needs_a_player() -> None:
    with pytest.raises(ValueError, match="'X' or 'O'"):
        depth_scaled("Z")  # type: ignore[arg-type]


@pytest.mark.parametrize("score", TERMINAL_SCORES)
def test_terminal_scores_refuse_a_running_game(score: object) -> None:
    with pytest.raises(ValueError, match=r"still running.*heuristic"):
        score(RUNNING, 2)  # type: ignore[operator]


@pytest.mark.parametrize("score", [win_loss, plus_minus_ten, depth_aware])
def test_terminal_scores_agree_on_the_winner(score: object, finished_games: list[State]) -> None:
    for state in finished_games:
        value = score(state, 0)  # type: ignore[operator]
        expected = {"X": 1, "O": -1, None: 0}[state.winner]
        assert (value > 0) - (value < 0) == expected, state


# ---------------------------------------------------------------------------------------------
# Heuristics


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("...../...../.....", 0),
        ("X../.../...", 1),
        ("X../.O./...", 0),
        ("XX./OO./X..", 1),
    ],
)
def test_piece_count(text: str, expected: int) -> None:
    assert piece_count(State.parse(text), 0) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("...../...../.....", 0.0),
        ("XX./..O/...", 0.2),  # the row 0-1-2
        ("XX./O../...", 0.2),
        ("XX./OO./...", 0.0),  # one line each
        ("X.X/.O./X.O", 0.4),  # 0-1-2 and 0-3-6; O has none
        ("XXO/.O./...", -0.2),  # X's row is blocked; O has 2-4-6
        ("XO./XO./O.X", -0.4),  # X's column 0-3-6 is blocked; O has 1-4-7 and 2-4-6
        ("X../.O./..X", 0.0),  # no line has two of the same with the third free
    ],
)
def test_two_in_a_row(text: str, expected: float) -> None:
    assert two_in_a_row(State.parse(text), 0) == pytest.approx(expected)


def test_two_in_a_row_counts_k_minus_one_on_bigger_boards() -> None:
    state = State.parse("XXX./OO../..../....")  # k=4: X's top row needs one more
    assert two_in_a_row(state, 0) == pytest.approx(0.2)
    state = State.parse("XX.X/O..O/..../....", k=3)  # k=3 on 4x4: the lines 0-1-2 and 1-2-3
    assert two_in_a_row(state, 0) == pytest.approx(0.4)


def test_two_in_a_row_gives_equal_floats_for_equal_counts() -> None:
    """Ties between moves are found with ==, so the same count must give the same float."""
    a = State.parse("X.X/.OO/X..")  # X has 0-1-2 and 0-3-6, O has 3-4-5
    b = State.parse("XX./.../O..")  # X has 0-1-2
    assert two_in_a_row(a, 0) == two_in_a_row(b, 0)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("...../...../.....", 0),
        (".../.X./...", 4),  # 8 lines open for X, 4 (those avoiding the centre) for O
        ("X../.../...", 3),
        (".X./.../...", 2),
        ("O../.X./...", 1),
        ("XX./O../...", 2),
        ("XOX/XOO/OXX", 0),  # a full board: nothing is open
    ],
)
def test_open_lines(text: str, expected: int) -> None:
    assert open_lines(State.parse(text), 0) == expected


@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_heuristics_value_any_position(heuristic: object, finished_games: list[State]) -> None:
    """Heuristics never refuse a position, finished or not, and give a plain number."""
    for state in [State.new(), RUNNING, *finished_games[:50]]:
        assert isinstance(heuristic(state, 3), (int, float))  # type: ignore[operator]


@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_heuristics_are_symmetric(heuristic: object) -> None:
    """Symmetric memo tables rely on mirror images having the same value."""
    for state in list(reachable_states())[::37]:
        values = {heuristic(image, 0) for image in state.symmetries()}  # type: ignore[operator]
        assert len(values) == 1, state


# ---------------------------------------------------------------------------------------------
# Features and weights


def random_positions(rows: int, cols: int, k: int, count: int, seed: int) -> list[State]:
    """Positions of seeded random games, cut at random lengths (finished games included)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = State.new(rows, cols, k)
        for _ in range(rng.randrange(rows * cols + 1)):
            if state.is_terminal:
                break
            state = state.play(rng.choice(state.legal_moves()))
        found.append(state)
    return found


def some_positions() -> list[State]:
    """Every 3x3 position, and random ones on 4x4 (four in a row), 5x5 (four) and 3x4."""
    return [
        *reachable_states(),
        *random_positions(4, 4, 4, 400, seed=1),
        *random_positions(5, 5, 4, 150, seed=2),
        *random_positions(3, 4, 3, 150, seed=3),
    ]


def features_the_long_way(state: State) -> dict[str, float]:
    """The definitions of :func:`features`, written out without sharing its code."""
    k = state.k
    lines = winning_lines(state.rows, state.cols, k)
    found: dict[str, float] = {}
    for marks in range(1, k + 1):
        x = sum(
            1
            for line in lines
            if [state.cells[i] for i in line].count("X") == marks
            and "O" not in [state.cells[i] for i in line]
        )
        o = sum(
            1
            for line in lines
            if [state.cells[i] for i in line].count("O") == marks
            and "X" not in [state.cells[i] for i in line]
        )
        found[f"open_{marks}"] = x - o

    def threat_cells(player: str) -> set[int]:
        cells = set()
        for line in lines:
            marks = [state.cells[i] for i in line]
            if marks.count(player) == k - 1 and marks.count(".") == 1:
                cells.add(line[marks.index(".")])
        return cells

    found["threats"] = len(threat_cells("X")) - len(threat_cells("O"))
    inner = [
        r * state.cols + c
        for r in range(state.rows)
        for c in range(state.cols)
        if 0 < r < state.rows - 1 and 0 < c < state.cols - 1
    ]
    found["centre"] = sum((state.cells[i] == "X") - (state.cells[i] == "O") for i in inner)
    return found


def test_features_agree_with_their_definitions() -> None:
    for state in some_positions():
        assert features(state) == features_the_long_way(state), state
        assert list(features(state)) == list(feature_names(state.k))


def test_features_are_symmetric_and_swap_sign_with_the_players() -> None:
    swap = str.maketrans("XO", "OX")
    for state in some_positions()[::7]:
        value = features(state)
        for image in state.symmetries():
            assert features(image) == value, image
        swapped = State.parse(state.text.translate(swap), k=state.k) if _legal_swap(state) else None
        if swapped is not None:
            assert features(swapped) == {name: -v for name, v in value.items()}


def _legal_swap(state: State) -> bool:
    """Swapping X and O gives a legal board only when both have as many marks (and no win)."""
    return state.cells.count("X") == state.cells.count("O") and state.winner is None


def test_open_lines_and_two_in_a_row_are_weighted_features() -> None:
    for state in some_positions():
        k = state.k
        as_open_lines = weighted({f"open_{marks}": 1 for marks in range(1, k + 1)})
        assert as_open_lines(state, 0) == open_lines(state, 0), state
        assert weighted({f"open_{k - 1}": 0.2})(state, 0) == two_in_a_row(state, 0), state


def test_threats_count_cells_not_lines() -> None:
    apart = State.parse("X.X/.O./X.O")  # X's lines 0-1-2 and 0-3-6 need 1 and 3
    assert features(apart)["threats"] == features(apart)["open_2"] == 2
    shared = State.parse("XX./O.X/OOX")  # 0-1-2 and 2-5-8 both need 2; 0-4-8 needs 4
    assert features(shared)["open_2"] == 3
    assert features(shared)["threats"] == 2


def test_centre_is_the_cells_off_the_border() -> None:
    assert features(State.parse(".../.X./..."))["centre"] == 1
    assert features(State.parse("X../.../..."))["centre"] == 0
    assert features(State.parse("..../.X../..O./....", k=4))["centre"] == 0
    assert features(State.parse("...../...../..X../...../.....", k=4))["centre"] == 1
    assert features(State.parse("..../X.../....", k=3))["centre"] == 0  # 3x4: cells 5 and 6
    assert features(State.parse("..../.X../....", k=3))["centre"] == 1


def test_weighted_adds_up_weighted_features() -> None:
    weights = {"open_1": 0.5, "open_2": -2, "open_3": 7, "threats": 3, "centre": 1.25}
    heuristic = weighted(weights)
    for state in random_positions(4, 4, 4, 300, seed=5):
        values = features(state)
        expected = sum(weight * values[name] for name, weight in weights.items())
        assert heuristic(state, 0) == pytest.approx(expected)
        assert heuristic(state, 9) == heuristic(state, 0)  # the ply does not matter


def test_weighted_has_a_name_and_refuses_bad_weights() -> None:
    heuristic = weighted({"open_2": 1, "threats": 2.5})
    assert heuristic.__name__ == repr(heuristic) == "weighted(open_2=1, threats=2.5)"
    assert heuristic.weights == {"open_2": 1, "threats": 2.5}
    assert weighted({})(State.new(4, 4, 4), 0) == 0
    for bad, message in [
        ({"open_0": 1}, "'open_0' is not a feature"),
        ({"open": 1}, "'open' is not a feature"),
        ({"Centre": 1}, "'Centre' is not a feature"),
        ({"centre": True}, "must be a finite number"),
        ({"centre": float("nan")}, "must be a finite number"),
        ({"centre": "1"}, "must be a finite number"),
    ]:
        with pytest.raises(ValueError, match=message):
            weighted(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a dict from feature names"):
        weighted([("open_2", 1)])  # type: ignore[arg-type]
    too_long = weighted({"open_4": 1})
    assert too_long(State.new(4, 4, 4), 0) == 0
    with pytest.raises(ValueError, match="no line holds more than 3 marks"):
        too_long(State.new(), 0)


def test_features_refuse_what_is_not_a_board() -> None:
    with pytest.raises(TypeError, match="features\\(\\) reads a board"):
        features("X../.../...")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="1 or more"):
        feature_names(0)


# ---------------------------------------------------------------------------------------------
# A win outranks every guess: bounded and decisive


def test_bounded_keeps_order_and_sign_below_one() -> None:
    values = [-1e9, -1000, -3, -1, -0.2, 0, 0.2, 1, 3, 1000, 1e9]
    squeezed = [bounded(lambda state, ply, v=v: v)(State.new(), 0) for v in values]
    assert squeezed == sorted(squeezed) and len(set(squeezed)) == len(values)
    assert all(-1 < s < 1 for s in squeezed)
    assert [(s > 0) - (s < 0) for s in squeezed] == [(v > 0) - (v < 0) for v in values]


def test_decisive_keeps_order_and_puts_wins_beyond_one(finished_games: list[State]) -> None:
    for score in TERMINAL_SCORES:
        strict = decisive(score)
        for a, b in itertools.combinations(finished_games[::11], 2):
            old = (score(a, 3) > score(b, 3)) - (score(a, 3) < score(b, 3))
            new = (strict(a, 3) > strict(b, 3)) - (strict(a, 3) < strict(b, 3))
            assert old == new
        for state in finished_games[::5]:
            value = strict(state, 3)
            assert value == 0 or abs(value) > 1
            assert (value > 0) == (score(state, 3) > 0)


def test_bounded_and_decisive_refuse_what_is_not_a_function() -> None:
    with pytest.raises(TypeError, match="bounded\\(\\) takes a heuristic"):
        bounded(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="decisive\\(\\) takes a score"):
        decisive(None)  # type: ignore[arg-type]
