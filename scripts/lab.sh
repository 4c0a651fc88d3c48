#!/usr/bin/env bash
# Open the lesson series in JupyterLab, bound to this machine only and protected by a token,
# and print the address of the first lesson once JupyterLab answers there. Run through
# `make lab`, which first sets everything up. Two settings, both optional:
#   TICTAC_PORT=8900    this port or none (default: the first free port from 8888 on)
#   TICTAC_TOKEN=...    this token, 8 or more letters, digits, - or _ (default: a new random one)
# e.g. `make lab TICTAC_PORT=8900`. (PYTHON defaults to .venv/bin/python.)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
FIRST_PORT=8888 # JupyterLab's usual port
PORTS_TRIED=50  # from FIRST_PORT on, as JupyterLab itself would

die() {
    printf 'error: %s\n' "$*" >&2
    exit 2
}

# The first port from $1 on, within $2 ports, that JupyterLab can listen on at 127.0.0.1
# (bound as JupyterLab binds it); nothing if every one is in use.
free_port() {
    "$PYTHON" - "$1" "$2" <<'EOF'
import socket, sys

first, count = int(sys.argv[1]), int(sys.argv[2])
for port in range(first, min(first + count, 65536)):
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            continue
    print(port)
    break
EOF
}

if [ -n "${TICTAC_TOKEN:-}" ]; then
    [[ $TICTAC_TOKEN =~ ^[A-Za-z0-9_-]{8,}$ ]] ||
        die "TICTAC_TOKEN must be 8 or more letters, digits, - or _ (it goes into the address and keeps others out); leave it unset for a random one"
    token=$TICTAC_TOKEN
else
    token=$("$PYTHON" -c 'import secrets; print(secrets.token_hex(16))')
fi

if [ -n "${TICTAC_PORT:-}" ]; then
    [[ $TICTAC_PORT =~ ^[0-9]{1,5}$ ]] && [ "$TICTAC_PORT" -ge 1 ] && [ "$TICTAC_PORT" -le 65535 ] ||
        die "TICTAC_PORT must be a port number from 1 to 65535, not '$TICTAC_PORT'"
    port=$(free_port "$TICTAC_PORT" 1)
    [ -n "$port" ] || die "port $TICTAC_PORT is in use on 127.0.0.1 (another JupyterLab?).
Choose another, e.g. \`make lab TICTAC_PORT=$((TICTAC_PORT % 65535 + 1))\`, or leave TICTAC_PORT unset to take the first free port from $FIRST_PORT on."
else
    port=$(free_port "$FIRST_PORT" "$PORTS_TRIED")
    [ -n "$port" ] || die "ports $FIRST_PORT to $((FIRST_PORT + PORTS_TRIED - 1)) are all in use on 127.0.0.1; choose a free one, e.g. \`make lab TICTAC_PORT=9500\`"
    [ "$port" = "$FIRST_PORT" ] ||
        printf 'Port %s is in use (another JupyterLab?), so the lessons use port %s; choose one with `make lab TICTAC_PORT=...`.\n' \
            "$FIRST_PORT" "$port"
fi

# Mark the shipped lessons trusted, so their stored boards, trees and charts show at once.
PYTHON="$PYTHON" scripts/trust.sh notebooks
shopt -s nullglob
lessons=(notebooks/[0-9]*.ipynb)
first=""
[ ${#lessons[@]} -gt 0 ] && first=$(basename "${lessons[0]}")
# The token goes to JupyterLab and the watcher below in the environment, which only this
# account can read (/proc/PID/environ), never on a command line, which every account on a shared
# machine can read with `ps`.
export JUPYTER_TOKEN=$token

# Print the address only once JupyterLab answers there with this token: a watcher in the
# background (detached, so that it outlives this shell, which becomes JupyterLab below) asks
# every few tenths of a second, and gives up quietly if JupyterLab stops (it says why itself).
(
    "$PYTHON" - "$$" "$port" "$first" <<'EOF' &
import os, sys, time, urllib.request

server, port, first = int(sys.argv[1]), sys.argv[2], sys.argv[3]
token = os.environ["JUPYTER_TOKEN"]
url = f"http://127.0.0.1:{port}/lab/tree/{first}?token={token}"
status = f"http://127.0.0.1:{port}/api/status?token={token}"
direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never through a proxy
started = time.monotonic()
while True:
    try:
        os.kill(server, 0)
    except ProcessLookupError:
        sys.exit()
    try:
        with direct.open(status, timeout=2):
            break
    except OSError:
        if time.monotonic() - started > 300:
            print(f"\nJupyterLab has not answered on port {port} for 5 minutes.", flush=True)
            sys.exit(1)
        time.sleep(0.3)
print(f"\nThe lessons are at\n    {url}\nStop JupyterLab with Ctrl-C, twice.\n", flush=True)
EOF
)

args=(--ip=127.0.0.1 --port="$port" --ServerApp.port_retries=0 --ServerApp.root_dir=notebooks
    --config=scripts/jupyter_lab_config.py)
[ "$(id -u)" = 0 ] && args+=(--allow-root)
# Open a browser only where there is a screen to show it on.
if [ -z "${DISPLAY:-}" ] && [ "$(uname)" != Darwin ]; then args+=(--no-browser); fi

printf 'Starting JupyterLab on 127.0.0.1, port %s; the address follows once it answers.\n' "$port"
exec "$PYTHON" -m jupyterlab "${args[@]}"
