"""Proving who wins bigger boards, and checking a proof without trusting the prover.

The solver's ideas one switch at a time, to count what each saves (:mod:`~tictac.proving.ideas`);
proof-number search, which proves wins and draws on boards up to 7x7
(:mod:`~tictac.proving.pns`); a checker that accepts a written-out win or defence only if it
answers every reply (:mod:`~tictac.proving.verify`). Imports :mod:`tictac.players` and below.
"""

from __future__ import annotations

from tictac.proving.ideas import (
    FRONTIER_FILE,
    IDEAS,
    FrontierCost,
    FrontierProof,
    Proof,
    SolverProof,
    dead_cells,
    frontier_proofs,
    live_lines,
    moves_left,
    proof_search,
    solver_proof,
    stored_proofs,
)
from tictac.proving.pns import (
    BALANCED,
    EXPECT_DRAW,
    EXPECT_WIN,
    PAIRING_TESTS,
    Defence,
    Epsilon,
    WinProof,
    prove_win,
)
from tictac.proving.verify import (
    Verdict,
    verify_draw,
    verify_win,
)

__all__ = [
    "FRONTIER_FILE",
    "IDEAS",
    "FrontierCost",
    "FrontierProof",
    "Proof",
    "SolverProof",
    "dead_cells",
    "frontier_proofs",
    "live_lines",
    "moves_left",
    "proof_search",
    "solver_proof",
    "stored_proofs",
    "BALANCED",
    "EXPECT_DRAW",
    "EXPECT_WIN",
    "PAIRING_TESTS",
    "Defence",
    "Epsilon",
    "WinProof",
    "prove_win",
    "Verdict",
    "verify_draw",
    "verify_win",
]
