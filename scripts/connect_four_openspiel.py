"""Record seeded random games of OpenSpiel's Connect Four, for tests/test_connect_four.py.

OpenSpiel is not among the tests' packages (it is the `bench` extra), so the tests replay what
this script stored: for each game, the board's size, the moves, and after each move OpenSpiel's
legal actions, whether the game is over and player 0's return, and its board at the end
(``str(state)``). Run it where OpenSpiel is installed (``pip install -e '.[bench]'``, or
``pip install open_spiel numpy`` in a scratch environment):

    python scripts/connect_four_openspiel.py                       # the stored fixture
    python scripts/connect_four_openspiel.py --games 100 --out /tmp/c4.json.gz

The file is gzipped JSON:
``{"made_by": ..., "seed": ..., "games": [{"rows", "columns", "x_in_row", "moves", "legal",
"terminal", "returns", "board"}, ...]}``, where `moves` is a string of column digits, `legal`
one string of column digits after each move (``""`` once the game is over), `terminal` one
character after each move (``"1"`` over, ``"0"`` not), `returns` one character after each move
(player 0's return: ``"+"`` 1, ``"-"`` -1, ``"0"`` 0), and `board` OpenSpiel's
``str(state)`` at the end (the top row first, ``x`` for player 0, who moves first).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
from importlib import metadata
from pathlib import Path
from typing import Any

import pyspiel

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "data" / "connect_four_openspiel.json.gz"

# (rows, columns, x_in_row): how many games of each. The standard board most; then every side
# from 4 to 7 and some values of k, the largest that fit one way only.
SIZES: dict[tuple[int, int, int], int] = {
    (6, 7, 4): 2000,
    (4, 4, 3): 200,
    (4, 4, 4): 200,
    (4, 5, 4): 150,
    (5, 4, 4): 150,
    (5, 5, 4): 150,
    (4, 7, 4): 150,
    (7, 4, 4): 150,
    (7, 7, 4): 150,
    (6, 7, 5): 150,
    (6, 6, 3): 150,
    (5, 6, 2): 100,
    (4, 7, 7): 100,
    (7, 5, 6): 100,
}
RETURN = {1.0: "+", -1.0: "-", 0.0: "0"}


def play(game: Any, rng: random.Random) -> dict[str, Any]:
    """One random game to its end, with what OpenSpiel says after each move."""
    state = game.new_initial_state()
    moves, legal, terminal, returns = [], [], [], []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        moves.append(str(action))
        legal.append("".join(str(a) for a in state.legal_actions()))
        terminal.append("1" if state.is_terminal() else "0")
        returns.append(RETURN[state.returns()[0]])
    parameters = game.get_parameters()
    return {
        "rows": parameters["rows"],
        "columns": parameters["columns"],
        "x_in_row": parameters["x_in_row"],
        "moves": "".join(moves),
        "legal": legal,
        "terminal": "".join(terminal),
        "returns": "".join(returns),
        "board": str(state),
    }


def record(seed: int, scale: float) -> dict[str, Any]:
    rng = random.Random(seed)
    games = []
    for (rows, columns, k), count in SIZES.items():
        game = pyspiel.load_game("connect_four", {"rows": rows, "columns": columns, "x_in_row": k})
        games += [play(game, rng) for _ in range(max(1, round(count * scale)))]
    return {
        "made_by": f"open_spiel {metadata.version('open_spiel')}",
        "seed": seed,
        "games": games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--scale", type=float, default=1.0, help="times each size's games")
    parser.add_argument("--out", type=Path, default=FIXTURE)
    arguments = parser.parse_args()
    data = record(arguments.seed, arguments.scale)
    text = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
    arguments.out.parent.mkdir(parents=True, exist_ok=True)
    # mtime=0: the same games give the same bytes.
    with (
        open(arguments.out, "wb") as file,
        gzip.GzipFile(fileobj=file, mode="wb", mtime=0) as packed,
    ):
        packed.write(text)
    print(f"{len(data['games'])} games, {arguments.out.stat().st_size:,} bytes: {arguments.out}")


if __name__ == "__main__":
    main()
