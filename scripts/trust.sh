#!/usr/bin/env bash
# Mark the shipped lessons (and their solutions) in FOLDER trusted, so that JupyterLab shows
# their stored boards, trees and charts before anything runs. Used by `make lab`, and by the
# browser test to check that this is enough.
#   scripts/trust.sh [FOLDER]      (default: notebooks; PYTHON defaults to .venv/bin/python)
set -euo pipefail
folder=${1:-notebooks}
python=${PYTHON:-.venv/bin/python}
shopt -s nullglob
shipped=("$folder"/[0-9]*.ipynb "$folder"/solutions/*.ipynb)
if [ ${#shipped[@]} -gt 0 ]; then
    "$python" -m jupyter trust "${shipped[@]}" >/dev/null
fi
