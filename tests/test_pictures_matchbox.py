"""The matchbox picture (Lesson 10) is right on every position MENACE has a box for."""

from __future__ import annotations

import re

import pytest

from tictac import State
from tictac.game.state import IllegalMove
from tictac.learning.learners import Menace, unfinished_positions
from tictac.pictures.boards import draw_matchbox, move_classes

CELL = 48
PAD = CELL // 10
# A free cell's letter (its bead colour) then its bead count, as draw_matchbox writes them.
CELL_TEXT = re.compile(
    r'<text x="(\d+)" y="([\d.]+)" font-size="[\d.]+" font-family="sans-serif" '
    r'fill="[^"]+">([a-z])</text><text [^>]*>(\d+)</text>'
)


@pytest.fixture(scope="module")
def trained() -> Menace:
    """A machine whose boxes hold all sorts of counts, empty ones too."""
    menace = Menace(seed=5)
    menace.train("random", games=3000, seed=1)
    menace.train("master", games=300, side="O", seed=2)
    return menace


def cells_drawn(svg: str) -> dict[int, tuple[str, int]]:
    """Each free cell's letter and count, read back from the picture."""
    drawn = {}
    for x, y, letter, count in CELL_TEXT.findall(svg):
        col = (int(x) - 4 - PAD) // CELL
        row = int((float(y) - PAD) // CELL)
        drawn[row * 3 + col] = (letter, int(count))
    return drawn


@pytest.mark.slow
def test_every_box_is_drawn_with_its_beads_and_its_equivalent_moves(trained: Menace) -> None:
    boxes = [s for s in unfinished_positions() if len(s.legal_moves()) > 1]
    assert len(boxes) > 4000
    empty = 0
    for state in boxes:
        box = trained.box(state)
        svg = draw_matchbox(trained, state, cell_size=CELL).svg
        drawn = cells_drawn(svg)
        assert sorted(drawn) == list(state.legal_moves()), state
        for a in state.legal_moves():
            for b in state.legal_moves():
                # Two moves are one move (one colour) exactly when they lead to mirror images.
                same = state.play(a).canonical() == state.play(b).canonical()
                assert (drawn[a][0] == drawn[b][0]) == same, (state, a, b)
        for move, count in box.items():
            letter = drawn[move][0]
            assert all(n == count for m, (ltr, n) in drawn.items() if ltr == letter), state
        total = sum(box.values())
        empty += total == 0
        assert (f">{total} bead" in svg) if total else ("resigns" in svg), state
    assert empty > 0  # the empty boxes were drawn too


def test_the_classes_of_the_empty_board() -> None:
    assert move_classes(State.new()) == [(0, 2, 6, 8), (1, 3, 5, 7), (4,)]
    picture = draw_matchbox(Menace(), State.new())
    assert ">12 beads<" in picture.svg


def test_no_box_no_picture() -> None:
    with pytest.raises(IllegalMove, match="no matchbox"):
        draw_matchbox(Menace(), State.parse("XOX/XOO/OX."))
    with pytest.raises(IllegalMove):
        draw_matchbox(Menace(), State.parse("XXX/OO./..."))


def test_a_box_that_does_not_fit_the_position_is_refused() -> None:
    class Wrong:
        def box(self, state: State) -> dict[int, int]:
            return {0: 1, 2: 1}  # two beads for one move of the empty board

    with pytest.raises(ValueError, match="does not fit"):
        draw_matchbox(Wrong(), State.new())
