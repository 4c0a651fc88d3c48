#!/usr/bin/env bash
# Open the lesson series in JupyterLab, bound to this machine only and protected by a token.
# Run through `make lab`, which first sets everything up.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin

# Mark the shipped lessons trusted, so their stored boards, trees and charts show at once.
PYTHON="$BIN/python" scripts/trust.sh notebooks
shopt -s nullglob
lessons=(notebooks/[0-9]*.ipynb)

port=${PORT:-$("$BIN/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
token=${TOKEN:-$("$BIN/python" -c 'import secrets; print(secrets.token_hex(16))')}
first=""
[ ${#lessons[@]} -gt 0 ] && first=$(basename "${lessons[0]}")
url="http://127.0.0.1:$port/lab/tree/$first?token=$token"

args=(--ip=127.0.0.1 --port="$port" --ServerApp.port_retries=0 --IdentityProvider.token="$token"
      --ServerApp.root_dir=notebooks)
[ "$(id -u)" = 0 ] && args+=(--allow-root)
# Open a browser only where there is a screen to show it on.
if [ -z "${DISPLAY:-}" ] && [ "$(uname)" != Darwin ]; then args+=(--no-browser); fi

printf '\nThe lessons are at\n    %s\nStop JupyterLab with Ctrl-C.\n\n' "$url"
exec "$BIN/jupyter" lab "${args[@]}"
