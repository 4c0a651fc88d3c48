#!/usr/bin/env bash
# Set up what the lessons need, with --test what the tests need too, and with --site what builds
# the lesson site and its browser edition; safe and quick to run again. In this order, so that nothing long runs before a missing program is reported:
#   1. Python 3.10 or newer
#   2. the Graphviz `dot` program (system package), which draws the game trees (not for --site:
#      the site shows the trees as the lessons store them)
#   3. with --browser: Chromium, which the real-browser test drives (Debian's package as root,
#      never a browser download: Playwright is pointed at the system's Chromium). Without it,
#      outside CI, the browser test is skipped and says so.
#   4. with --site or --browser: npm (Node.js), with which the browser edition's build fetches
#      Pyodide and Graphviz compiled to WebAssembly (Debian's nodejs and npm as root). Without
#      it, --site stops; --browser, outside CI, goes on and the website's test is skipped.
#   5. a virtual environment in .venv with tictac and its Python packages: the `lab` extra
#      (JupyterLab, ipywidgets, graphviz), and with --test the `dev` extra as well
#      (pytest, nbval, hypothesis, Playwright, the accessibility checker axe-core, ruff,
#      mypy, ...; and the `site` extra; all from PyPI, so the tests then run offline), or with
#      --site the `site` extra (Sphinx, MyST-NB, Furo, JupyterLite). One .venv serves all
#      three: each run adds to it, and none removes what another installed.
#
#   scripts/setup.sh                     what `make lab` runs
#   scripts/setup.sh --test              what `make check` and `make format` run
#   scripts/setup.sh --test --browser    what `make test` runs
#   scripts/setup.sh --site              what `make site` runs
#   scripts/setup.sh --grading           what `make assignments` runs (the lessons' packages and
#                                        nbgrader, the `grading` extra)
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=.venv
STAMP=$VENV/.installed # the hash of pyproject.toml, then the extras installed from it
LOG=$VENV/pip.log      # pip's whole output from the last install

extra=lab
browser=""
for argument in "$@"; do
    case $argument in
    --test) extra=dev ;;
    --site) extra=site ;;
    --grading) extra=grading ;;
    --browser) browser=yes ;;
    *)
        printf 'usage: scripts/setup.sh [--test] [--browser] | --site | --grading\n' >&2
        exit 2
        ;;
    esac
done

say() { printf '==> %s\n' "$*"; }
die() {
    printf '\nerror: %s\n' "$*" >&2
    exit 1
}

is_root_with_apt() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }
# CI sets CI=true; `make test` there must run every test, the browser test included.
in_ci() { case ${CI:-} in "" | 0 | false | no) return 1 ;; *) return 0 ;; esac }

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

# --- 2. Graphviz ----------------------------------------------------------------------------
if [ "$extra" != site ] && ! command -v dot >/dev/null 2>&1; then
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
if [ -n "$browser" ] && [ -z "${TICTAC_CHROMIUM:-}" ] &&
    ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    how="install Chromium with one of
  Debian/Ubuntu:     sudo apt-get install -y chromium      (Ubuntu: chromium-browser)
  Fedora:            sudo dnf install -y chromium
  macOS (Homebrew):  brew install --cask chromium
or point TICTAC_CHROMIUM at a Chromium or Chrome binary, then run this command again"
    if is_root_with_apt; then
        say "installing Chromium for the real-browser test (Debian's package, about 100 MB)"
        apt_install chromium
    elif in_ci; then
        die "CI runs the browser test, which needs Chromium; $how."
    else
        say "Chromium is missing: the browser test will be skipped, every other test runs.
    To run it too, $how."
    fi
fi

# --- 4. npm, for the browser edition ----------------------------------------------------------
if { [ "$extra" = site ] || [ -n "$browser" ]; } && ! command -v npm >/dev/null 2>&1; then
    how="install Node.js and npm with one of
  Debian/Ubuntu:     sudo apt-get install -y nodejs npm
  Fedora:            sudo dnf install -y nodejs npm
  macOS (Homebrew):  brew install node
  conda:             conda install -c conda-forge nodejs
and then run this command again"
    if is_root_with_apt; then
        say "installing Node.js and npm (the browser edition's build fetches Pyodide with npm)"
        apt_install nodejs npm
    elif [ "$extra" = site ]; then
        die "the program 'npm' is missing; the browser edition's build fetches Pyodide and
Graphviz compiled to WebAssembly with it. To build it, $how."
    elif in_ci; then
        die "CI runs the website's test, which builds the browser edition with npm; $how."
    else
        say "npm is missing: the website's test will be skipped, every other test runs.
    To run it too, $how."
    fi
fi

# --- 5. The virtual environment and the Python packages ---------------------------------------
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

# pip's output, one line every few seconds: how far it is and for how long it has been at it.
show_progress() {
    local line="" part status shown=$SECONDS start=$SECONDS now="starting pip" count=0 packages
    while :; do
        if IFS= read -r -t 1 part; then
            line+=$part
            case $line in
            Obtaining* | *"build dependencies"* | *"build backend"* | *"editable metadata"*)
                now="preparing tictac itself"
                ;;
            Collecting* | Processing*) # (from an index, or a wheel found on this machine)
                count=$((count + 1))
                packages=${line#* }
                packages=${packages%% *}
                packages=${packages##*/}     # a wheel's file name: NAME-VERSION-...whl
                packages=${packages%%-[0-9]*} # a requirement: NAME>=VERSION
                now="getting package $count: ${packages%%[<>=!~;[]*}"
                ;;
            "Installing collected packages:"*)
                packages=${line#*:}
                now="installing $(($(tr -cd , <<<"$packages" | wc -c) + 1)) packages"
                ;;
            "Successfully installed"*) now="installed" ;;
            esac
            line=""
        else
            status=$?
            line+=$part # (a line read only in part when the second ran out)
            [ "$status" -gt 128 ] || break
        fi
        if [ $((SECONDS - shown)) -ge 5 ]; then
            printf '    %3d s  %s\n' $((SECONDS - start)) "$now"
            shown=$SECONDS
        fi
    done
}

# Install only when the extra asked for is not there yet from this very pyproject.toml (the
# `dev` extra includes `lab`, `site` and `grading`, and `grading` includes `lab`, so after
# --test a plain run has nothing to do).
wanted=$(sha256sum pyproject.toml | cut -d' ' -f1)
installed=""
if [ -f "$STAMP" ] && [ "$(head -1 "$STAMP")" = "$wanted" ]; then
    installed=" $(sed -n 2p "$STAMP") "
fi
if [[ $installed != *" $extra "* ]]; then
    started=$SECONDS
    if [ "$extra" = dev ] && [[ $installed == *" lab "* ]]; then
        say "adding the test tools to $VENV (a minute or two)"
    elif [ "$extra" = dev ]; then
        say "installing tictac, the lessons' packages and the test tools into $VENV (one to three minutes the first time)"
    elif [ "$extra" = grading ]; then
        say "installing tictac, the lessons' packages and nbgrader into $VENV (a minute or two the first time)"
    elif [ "$extra" = site ]; then
        say "installing tictac and the site's builders (Sphinx, MyST-NB, Furo, JupyterLite) into $VENV (about a minute the first time)"
    else
        say "installing tictac and the lessons' packages into $VENV (a minute or two the first time)"
    fi
    # (pip writes its progress line by line only when unbuffered)
    if ! PYTHONUNBUFFERED=1 "$VENV/bin/python" -m pip install --disable-pip-version-check \
        --progress-bar off -e ".[$extra]" </dev/null 2>&1 | tee "$LOG" | show_progress; then
        # (some machines' pip settings name local indexes that may not exist: drop that noise)
        grep -v 'is ignored: it is neither a file nor a directory' "$LOG" | tail -n 25 >&2
        die "pip could not install the packages (above, the end of its output; all of it is in $LOG)"
    fi
    added=$extra
    if [ "$extra" = dev ]; then added="dev lab site grading"; fi
    if [ "$extra" = grading ]; then added="grading lab"; fi
    for name in $added; do
        [[ $installed == *" $name "* ]] || installed="${installed:- }$name "
    done
    read -r -a names <<<"$installed"
    printf '%s\n%s\n' "$wanted" "${names[*]}" >"$STAMP"
    say "installed in $((SECONDS - started)) s (pip's whole output: $LOG)"
fi
