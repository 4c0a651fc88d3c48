"""``python -m tictac`` and the ``tictac`` command: the command line (see :mod:`tictac.cli`).

:func:`run` loads the command line and runs it, so that Ctrl-C pressed while it is still
loading ends as cleanly as Ctrl-C pressed later: one line, exit status 130, no traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def run(argv: Sequence[str] | None = None) -> int:
    """Load the command line and run it with `argv` (default: the command's arguments)."""
    try:
        from tictac.cli import main
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130
    return main(argv)


if __name__ == "__main__":
    raise SystemExit(run())
