"""Benchmark: how fast every level the game widget offers answers a move, on every board.

Run it as ``.venv/bin/python bench/levels.py`` (``--games N`` for more or fewer games per
row; ``make bench`` runs it after ``bench/run.py``).

The widget makes the AI answer inside the click handler, and aims for every level it offers
to answer within 50 ms (the notes on speed in :mod:`tictac.players.rules`). This prints the
evidence: for each board the widget offers and each level offered there, with the options it
plays with there, seeded games against a random opponent played through a
:class:`~tictac.play.session.GameSession` as in the widget (the level X in half of them, O in the
other half; the session's warm-up, made before a game starts, is not a move). Each AI move is
timed by the wall clock (what a player waits) and by CPU time (not stretched by other
programs busy on the same machine). A row gives the median and the worst move; ``over`` marks
a row whose worst move took longer than 50 ms by the wall clock.

Everything runs in one process, so the first game on each board meets cold caches, as in a
fresh kernel. The same seed gives the same games, so the rows of two runs time the same moves.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass

from tictac.game.state import Mark
from tictac.play.levels import canonical_level
from tictac.play.offered import BOARD_SIZES, offered_levels
from tictac.play.session import GameSession
from tictac.players.levels import BoardSize

PROMISE_MS = 50.0


@dataclass(frozen=True)
class Row:
    size: BoardSize
    level: str
    options: dict[str, object]
    wall_ms: list[float]
    cpu_ms: list[float]


def time_level(size: BoardSize, level: str, games: int, seed: int) -> Row:
    """Per-move times of `level` on a board, in `games` seeded games against random play.

    The games run in AI-vs-AI mode, the opponent being the random level, so that every move
    of the timed level is made here (against a human, an AI playing X opens inside the
    session's constructor) and timed by both clocks.
    """
    rows, cols, k = size
    wall: list[float] = []
    cpu: list[float] = []
    options: dict[str, object] = {}
    for game in range(games):
        mark: Mark = "X" if game % 2 == 0 else "O"
        x_level, o_level = (level, "random") if mark == "X" else ("random", level)
        session = GameSession(
            mode="ai-vs-ai",
            x_level=x_level,
            level=o_level,
            size=(rows, cols),
            k=k,
            seed=seed + game,
        )
        options = session.options_of(mark)
        while not session.state.is_terminal:
            timed = session.state.turn == mark
            started = time.process_time()
            session.ai_move()
            if timed:
                cpu.append((time.process_time() - started) * 1000)
        wall.extend(d.seconds * 1000 for d in session.decisions if d.mark == mark)
    return Row(size, level, options, wall, cpu)


def print_table(rows: list[Row], games: int, seed: int) -> None:
    print(
        f"Per-move time of every level the widget offers: {games} games per row against a "
        f"random opponent, seeds {seed}-{seed + games - 1}; Python {sys.version.split()[0]}\n"
    )
    header = (
        f"  {'board':16}  {'level':11}  {'options':15}  {'moves':>5}  {'median ms':>9}  "
        f"{'worst ms':>8}  {'worst CPU ms':>12}"
    )
    print(header)
    for row in rows:
        board = BOARD_SIZES[row.size]
        options = ", ".join(f"{k}={v}" for k, v in row.options.items()) or "-"
        worst = max(row.wall_ms)
        flag = "  over" if worst > PROMISE_MS else ""
        print(
            f"  {board:16}  {row.level:11}  {options:15}  {len(row.wall_ms):>5}  "
            f"{statistics.median(row.wall_ms):9.2f}  {worst:8.2f}  {max(row.cpu_ms):12.2f}{flag}"
        )
    over = [row for row in rows if max(row.wall_ms) > PROMISE_MS]
    print()
    if over:
        names = "; ".join(
            f"{row.level} on {BOARD_SIZES[row.size]} ({max(row.wall_ms):.0f} ms, "
            f"{max(row.cpu_ms):.0f} ms of CPU)"
            for row in over
        )
        print(f"Worst move over {PROMISE_MS:.0f} ms by the wall clock: {names}.")
        print("Where the CPU time stays under it, other programs on the machine made the wait.")
    else:
        print(f"Every level answered every move within {PROMISE_MS:.0f} ms.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per row (default: 10)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default: 0)")
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games must be 1 or more, not {args.games}")
    rows = []
    for size in BOARD_SIZES:
        levels = dict.fromkeys(canonical_level(name) for name in offered_levels(size))
        for level in levels:
            rows.append(time_level(size, level, args.games, args.seed))
    print_table(rows, args.games, args.seed)


if __name__ == "__main__":
    main()
