"""Checking a winning strategy, or a drawing defence, by trying every reply: proofs anyone can
re-run.

A search that says "X wins" is only as trustworthy as its code. A *winning strategy* written
out is a claim that can be checked with far less code: for every position X can meet, it names
X's move. :func:`verify_win` plays that move, then tries **every** reply of the other player,
and goes on until each game has ended in X's win; one position without a move, one illegal
move, one draw or one loss and the claim is refuted. It uses nothing but the rules of
:class:`~tictac.game.state.State` (playing a move, and who has won), so it shares no code with
the search that wrote the strategy (:mod:`tictac.proving.pns`).

>>> from tictac.game.state import State
>>> verify_win(State.parse("XX./OO./..."), {"XX.OO....": 2})
Verdict(ok=True, positions=1, problem='')
>>> verify_win(State.parse("XX./OO./..."), {"XX.OO....": 6}).problem
'after X plays 6 at XX./OO./..., O can complete a line at XX./OOO/X..'

The other way round, :func:`verify_draw` checks a claim that the attacker can *not* force a
win: the defender's replies, tried against every attacker move, with *certificates* (pairing
strategies, checked against the lines) where the defence stops writing moves out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from tictac.game.position import refuse_other_games
from tictac.game.state import (
    EMPTY,
    Mark,
    State,
    canonical_cells,
    other,
    symmetry_permutations,
    winning_lines,
)

__all__ = ["Verdict", "verify_draw", "verify_win"]


class Verdict(NamedTuple):
    """Whether the strategy wins (`ok`), how many of the attacker's positions were checked,
    and, when it does not win, the first problem found (empty when it wins)."""

    ok: bool
    positions: int
    problem: str


def verify_win(
    state: State,
    strategy: dict[str, int],
    attacker: Mark | None = None,
    *,
    up_to_symmetry: bool = False,
) -> Verdict:
    """Does following `strategy` win for `attacker` (the player to move, unless named) from
    `state`, whatever the other player does?

    `strategy` maps a board, written as its cells row by row (``"XX.OO...."``), to the cell
    the attacker plays there. Every reply of the defender is tried; each position is checked
    once, however many move orders reach it. With `up_to_symmetry`, the strategy names each
    of the attacker's positions by one image (see :func:`verify_draw`), and the check turns
    each position where the attacker moves into that image and goes on from it.

    >>> verify_win(State.parse("X../.O./..."), {})
    Verdict(ok=False, positions=0, problem='no move given for X at X../.O./...')
    """
    refuse_other_games(state, "verify_win()", "minimax(position, memo='plain') for who wins")
    attacker = attacker or state.turn
    lines = winning_lines(state.rows, state.cols, state.k)
    symmetries = _symmetries(state, lines) if up_to_symmetry else ()
    checked: set[str] = set()
    pending = [state]
    while pending:
        position = pending.pop()
        if symmetries and position.turn == attacker and position.winner is None:
            position = _first_image(position)
        if position.winner is not None:
            if position.winner != attacker:
                return Verdict(False, len(checked), f"{position.winner} wins at {position.text}")
            continue
        if position.is_terminal:
            return Verdict(False, len(checked), f"a draw at {position.text}")
        if position.turn != attacker:  # every reply
            pending.extend(position.play(move) for move in position.legal_moves())
            continue
        board = "".join(position.cells)
        if board in checked:
            continue
        move = strategy.get(board)
        if move is None:
            return Verdict(False, len(checked), f"no move given for {attacker} at {position.text}")
        if move not in position.legal_moves():
            return Verdict(False, len(checked), f"{move} is not a legal move at {position.text}")
        checked.add(board)
        after = position.play(move)
        if after.winner is None:
            for reply in after.legal_moves():
                answer = after.play(reply)
                if answer.winner is not None and answer.winner != attacker:
                    return Verdict(
                        False,
                        len(checked),
                        f"after {attacker} plays {move} at {position.text}, "
                        f"{answer.winner} can complete a line at {answer.text}",
                    )
        pending.append(after)
    return Verdict(True, len(checked), "")


def verify_draw(
    state: State,
    replies: Mapping[str, int],
    certificates: Mapping[str, Sequence[Sequence[int]]],
    attacker: Mark | None = None,
    *,
    up_to_symmetry: bool = False,
) -> Verdict:
    """Does the defence keep `attacker` (the player to move, unless named) from ever completing
    a line from `state`, whatever the attacker plays?

    With `up_to_symmetry`, the defence names each position by one of its mirror images and
    rotations, the one whose text comes first in alphabetical order (as
    ``WinProof.defence(up_to_symmetry=True)`` writes it): the check turns each position it
    meets into that image before it looks it up, and goes on from the image. It first checks
    that each symmetry of the board maps the winning lines onto winning lines, so that an
    image is as good as the position.

    `replies` maps a board (its cells row by row, as for :func:`verify_win`) where the defender
    is to move to the defender's cell. `certificates` maps a board to pairs of cells; there the
    check of that game ends, once the pairs are checked: every cell in at most one pair, both
    cells of each pair empty, and every line the attacker could still complete (no defender's
    mark, and no more empty cells than the attacker has moves left) holding a whole pair. No
    pairs at all is a fine certificate when the attacker has no such line. A board with a
    certificate needs no reply. Every attacker move is tried; each position is checked once,
    however many move orders reach it; `positions` counts them (both players').

    What the check takes on trust, beyond :class:`~tictac.game.state.State`'s rules:

    * the pairing argument (a pairing strategy, as in A. W. Hales and R. I. Jewett, 1963, here
      with lines that may share a pair): with such pairs, the defender who answers every
      attacker move on a pair with its partner (and plays anywhere otherwise) never lets the
      attacker hold a whole pair, so never a whole line; who moves first does not matter (an
      extra defender mark only blocks more);
    * that the attacker cannot complete a line that has more empty cells than the attacker
      has moves left;
    * for "a draw" on an empty board, rather than "the attacker cannot win": that the second
      player cannot win either, by strategy stealing (the first player could play the second
      player's winning strategy with an extra mark, which never hurts in k in a row). A
      defender's win is accepted here: it is not a win for the attacker.

    >>> start = State.parse("XX./.O./...")  # O to move: O blocks, then two pairs hold X off
    >>> verify_draw(start, {"XX..O....": 2}, {"XXO.O....": [(3, 6), (7, 8)]}, attacker="X")
    Verdict(ok=True, positions=2, problem='')
    >>> verify_draw(start, {"XX..O....": 8}, {}, attacker="X").problem
    'X completes a line at XXX/.O./..O'
    >>> verify_draw(start, {"XX..O....": 2}, {"XXO.O....": [(3, 6)]}, attacker="X").problem
    'at XXO/.O./...: the line (6, 7, 8) holds no pair'
    """
    refuse_other_games(state, "verify_draw()", "minimax(position, memo='plain') for who wins")
    attacker = attacker or state.turn
    defender = other(attacker)
    lines = winning_lines(state.rows, state.cols, state.k)
    symmetries = _symmetries(state, lines) if up_to_symmetry else ()
    checked: set[str] = set()
    pending = [state]
    while pending:
        position = pending.pop()
        if symmetries:
            position = _first_image(position)
        if position.winner == attacker:  # (only at the start: see below)
            return Verdict(False, 0, f"{attacker} has already won at {position.text}")
        if position.winner is not None:
            continue  # the defender won: no win for the attacker
        if position.is_terminal:
            continue  # a draw
        board = "".join(position.cells)
        if board in checked:
            continue
        checked.add(board)
        if board in certificates:
            problem = _pairing_problem(position, certificates[board], attacker, lines)
            if problem:
                return Verdict(False, len(checked), f"at {position.text}: {problem}")
            continue
        if position.turn == attacker:  # every move; first, does one complete a line?
            moves = [position.play(move) for move in position.legal_moves()]
            for after in moves:
                if after.winner == attacker:
                    return Verdict(
                        False, len(checked), f"{attacker} completes a line at {after.text}"
                    )
            pending.extend(moves)
            continue
        move = replies.get(board)
        if move is None:
            return Verdict(False, len(checked), f"no reply given for {defender} at {position.text}")
        if move not in position.legal_moves():
            return Verdict(False, len(checked), f"{move} is not a legal move at {position.text}")
        pending.append(position.play(move))
    return Verdict(True, len(checked), "")


def _symmetries(state: State, lines: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """The board's symmetries (cell ``i`` of the image holds cell ``perm[i]``), each checked
    to map the set of winning lines onto itself."""
    symmetries = symmetry_permutations(state.rows, state.cols)
    line_sets = {frozenset(line) for line in lines}
    for perm in symmetries:
        if {frozenset(perm[cell] for cell in line) for line in lines} != line_sets:
            raise AssertionError(f"the symmetry {perm} does not map lines onto lines")
    return symmetries


def _first_image(position: State) -> State:
    """The image of `position` whose cells come first in alphabetical order
    (:func:`~tictac.game.state.canonical_cells`), as a checked new state."""
    first, _ = canonical_cells(position.cells, position.rows, position.cols)
    if first == position.cells:
        return position
    return State.from_cells(first, position.rows, position.cols, position.k)


def _pairing_problem(
    position: State, pairs: Sequence[Sequence[int]], attacker: Mark, lines: Sequence[Sequence[int]]
) -> str:
    """What is wrong with `pairs` as a pairing strategy against `attacker` at `position`
    (empty when nothing is)."""
    partner: dict[int, int] = {}
    cells = range(len(position.cells))
    for pair in pairs:
        if (
            len(pair) != 2
            or pair[0] == pair[1]
            or any(cell not in cells or position.cells[cell] != EMPTY for cell in pair)
        ):
            return f"the pair {tuple(pair)} is not two empty cells"
        for cell in pair:
            if cell in partner:
                return f"cell {cell} is in two pairs"
        partner[pair[0]], partner[pair[1]] = pair[1], pair[0]
    empty = position.cells.count(EMPTY)
    moves_left = (empty + 1) // 2 if position.turn == attacker else empty // 2
    defender = other(attacker)
    for line in lines:
        marks = [position.cells[cell] for cell in line]
        if defender in marks or marks.count(EMPTY) > moves_left:
            continue  # the attacker cannot complete this line
        if not any(partner.get(cell) in line for cell in line):
            return f"the line {tuple(line)} holds no pair"
    return ""
