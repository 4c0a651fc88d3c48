"""Checking a winning strategy by trying every reply: a proof anyone can re-run.

A search that says "X wins" is only as trustworthy as its code. A *winning strategy* written
out is a claim that can be checked with far less code: for every position X can meet, it names
X's move. :func:`verify_win` plays that move, then tries **every** reply of the other player,
and goes on until each game has ended in X's win; one position without a move, one illegal
move, one draw or one loss and the claim is refuted. It uses nothing but the rules of
:class:`~tictac.state.State` (playing a move, and who has won), so it shares no code with
the search that wrote the strategy (:mod:`tictac.pns`).

>>> from tictac.state import State
>>> verify_win(State.parse("XX./OO./..."), {"XX.OO....": 2})
Verdict(ok=True, positions=1, problem='')
>>> verify_win(State.parse("XX./OO./..."), {"XX.OO....": 6}).problem
'after X plays 6 at XX./OO./..., O can complete a line at XX./OOO/X..'
"""

from __future__ import annotations

from typing import NamedTuple

from tictac.state import Mark, State

__all__ = ["Verdict", "verify_win"]


class Verdict(NamedTuple):
    """Whether the strategy wins (`ok`), how many of the attacker's positions were checked,
    and, when it does not win, the first problem found (empty when it wins)."""

    ok: bool
    positions: int
    problem: str


def verify_win(state: State, strategy: dict[str, int], attacker: Mark | None = None) -> Verdict:
    """Does following `strategy` win for `attacker` (the player to move, unless named) from
    `state`, whatever the other player does?

    `strategy` maps a board, written as its cells row by row (``"XX.OO...."``), to the cell
    the attacker plays there. Every reply of the defender is tried; each position is checked
    once, however many move orders reach it.

    >>> verify_win(State.parse("X../.O./..."), {})
    Verdict(ok=False, positions=0, problem='no move given for X at X../.O./...')
    """
    attacker = attacker or state.turn
    checked: set[str] = set()
    pending = [state]
    while pending:
        position = pending.pop()
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
