"""Property-based tests: random legal games keep every invariant of the rules."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tictac import State

SIZES = st.sampled_from([(3, 3, 3), (4, 4, 4), (4, 4, 3), (3, 4, 3), (2, 5, 2), (5, 5, 4)])


@st.composite
def games(draw: st.DrawFn) -> list[State]:
    """A random legal game, as the list of states it passes through."""
    rows, cols, k = draw(SIZES)
    states = [State.new(rows, cols, k)]
    while not states[-1].is_terminal and draw(st.booleans() | st.just(True)):
        moves = states[-1].legal_moves()
        states.append(states[-1].play(draw(st.sampled_from(moves))))
    return states


@given(games())
def test_states_stay_legal(game: list[State]) -> None:
    for before, after in itertools.pairwise(game):
        assert after.moves_made == before.moves_made + 1
        assert after.turn != before.turn
        assert not before.is_terminal
        changed = [i for i, (a, b) in enumerate(zip(before.cells, after.cells)) if a != b]
        assert len(changed) == 1 and after.cells[changed[0]] == before.turn
    for state in game:
        assert state.cells.count("X") - state.cells.count("O") in (0, 1)
        assert (state.legal_moves() == ()) == state.is_terminal


@given(games())
def test_text_round_trips(game: list[State]) -> None:
    for state in game:
        again = State.parse(state.text, k=state.k)
        assert again == state
        assert again.winner == state.winner and again.turn == state.turn


@given(games())
def test_every_reachable_board_passes_validation(game: list[State]) -> None:
    final = game[-1]
    checked = State.from_cells(final.cells, final.rows, final.cols, final.k)
    assert checked.winner == final.winner and checked.is_terminal == final.is_terminal


@given(games())
def test_symmetries_preserve_the_winner_and_the_line(game: list[State]) -> None:
    final = game[-1]
    for image in final.symmetries():
        assert image.winner == final.winner
        assert image.turn == final.turn
        assert image.canonical() == final.canonical()
        parsed = State.parse(image.text, k=image.k)
        assert parsed.winner == image.winner
        if image.winning_line is not None:
            assert all(image.cells[i] == image.winner for i in image.winning_line)
