"""Property-based tests: random legal games keep every invariant of the rules."""

from __future__ import annotations

import copy
import itertools
import pickle

from hypothesis import given
from hypothesis import strategies as st

from tictac import State
from tictac.game.state import MAX_SIDE

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


@st.composite
def any_shape(draw: st.DrawFn) -> tuple[int, int, int]:
    """Any board State.new accepts: 1xN and Nx1 included, and every k that fits."""
    rows = draw(st.integers(1, MAX_SIDE))
    cols = draw(st.integers(1, MAX_SIDE))
    return rows, cols, draw(st.integers(1, max(rows, cols)))


@st.composite
def positions(draw: st.DrawFn) -> State:
    """A random legal position on a board of any shape."""
    state = State.new(*draw(any_shape()))
    while not state.is_terminal and draw(st.booleans()):
        state = state.play(draw(st.sampled_from(state.legal_moves())))
    return state


def same_position(a: State, b: State) -> bool:
    return (a.rows, a.cols, a.k, a.cells, a.turn, a.winner, a.winning_line) == (
        b.rows,
        b.cols,
        b.k,
        b.cells,
        b.turn,
        b.winner,
        b.winning_line,
    )


@given(positions())
def test_every_state_survives_copies_pickles_repr_and_text(state: State) -> None:
    copies = [
        copy.copy(state),
        copy.deepcopy(state),
        eval(repr(state), {"State": State}),
        State.parse(state.text, k=state.k),
    ]
    copies += [
        pickle.loads(pickle.dumps(state, protocol))
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1)
    ]
    for again in copies:
        assert again == state and hash(again) == hash(state)
        assert same_position(again, state)
