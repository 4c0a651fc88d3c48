"""``python -m tictac``: the command line (see :mod:`tictac.cli`)."""

from tictac.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
