#!/usr/bin/env bash
# Set up everything the lessons and the tests need; safe and quick to run again.
#   1. a virtual environment in .venv with the package and its Python dependencies
#   2. the Graphviz `dot` program (system package), which draws the game trees
#   3. with --browser: Debian's Chromium, which the real-browser test drives (never a browser
#      download: Playwright is pointed at the system's Chromium)
# Used by `make lab` and `make test` (with --browser); run it directly as `scripts/setup.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=.venv
STAMP=$VENV/.installed

say() { printf '==> %s\n' "$*"; }
die() { printf '\nerror: %s\n' "$*" >&2; exit 1; }

is_root_with_apt() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }

apt_install() {
    # Refresh the package lists once a day at most, then install quietly.
    if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mmin -1440 2>/dev/null | head -1)" ]; then
        apt-get update -qq
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# --- 1. Python ------------------------------------------------------------------------------
command -v "$PYTHON" >/dev/null 2>&1 || die "Python 3.10 or newer is needed; install it first
  (Debian/Ubuntu: sudo apt-get install python3 python3-venv)"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' ||
    die "Python 3.10 or newer is needed; $PYTHON is $("$PYTHON" --version 2>&1)"

if [ ! -x "$VENV/bin/python" ]; then
    say "creating the virtual environment $VENV"
    if ! "$PYTHON" -m venv "$VENV" 2>/dev/null; then
        rm -rf "$VENV"
        if is_root_with_apt; then
            say "installing python3-venv (Debian's Python keeps venv in a separate package)"
            apt_install python3-venv
            "$PYTHON" -m venv "$VENV"
        else
            die "could not create a virtual environment; on Debian/Ubuntu run
  sudo apt-get install -y python3-venv
and then this command again"
        fi
    fi
fi

# Reinstall only when the project's requirements changed since the last install.
wanted=$(cat pyproject.toml | sha256sum | cut -d' ' -f1)
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$wanted" ]; then
    say "installing tictac and its dependencies into $VENV (a minute the first time)"
    # (some machines' pip settings name local indexes that may not exist: drop that noise)
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e '.[dev]' 2>&1 |
        { grep -v 'is ignored: it is neither a file nor a directory' || true; }
    echo "$wanted" >"$STAMP"
fi

# --- 2. Graphviz ----------------------------------------------------------------------------
if ! command -v dot >/dev/null 2>&1; then
    if is_root_with_apt; then
        say "installing Graphviz (the dot program draws the game trees)"
        apt_install graphviz
    else
        die "the Graphviz program 'dot' is missing; it draws the game trees. Install it with one of
  Debian/Ubuntu:     sudo apt-get install -y graphviz
  Fedora:            sudo dnf install -y graphviz
  macOS (Homebrew):  brew install graphviz
  conda:             conda install -c conda-forge graphviz
and then run this command again."
    fi
fi

# --- 3. Chromium, for the browser test --------------------------------------------------------
if [ "${1:-}" = "--browser" ] && [ -z "${TICTAC_CHROMIUM:-}" ] &&
    ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    if is_root_with_apt; then
        say "installing Chromium for the real-browser test (Debian's package, about 100 MB)"
        apt_install chromium
    else
        die "the browser test needs Chromium; install it with one of
  Debian/Ubuntu:     sudo apt-get install -y chromium      (Ubuntu: chromium-browser)
  Fedora:            sudo dnf install -y chromium
  macOS (Homebrew):  brew install --cask chromium
or point TICTAC_CHROMIUM at a Chromium or Chrome binary, then run this command again."
    fi
fi
