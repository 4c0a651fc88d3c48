# The commands the README gives:
#   make lab    set up what the lessons need and open them in JupyterLab
#               (TICTAC_PORT=N for a port of your choice, TICTAC_TOKEN=... for a token)
#   make test   set up the test tools too and run the whole test suite
#   make check  the quick checks while you work: lint, types and the fast tests (under a minute)
#   make site   the lessons as a static website in _site/, built from the notebooks as stored,
#               and the browser edition in _site/lite/: JupyterLab in the page, every lesson
#               runnable, served from the folder alone (needs npm to build; http to serve)
#   make assignments  the teacher's kit: graded nbgrader assignments made from the lessons, in
#               _course/ (course/build.py; docs/teachers-kit-design.md)
#   make clean  remove everything the commands above created (.venv included)
# All are safe to run again and quick the second time. They share one virtual environment,
# .venv: `make lab` installs the lessons' packages, `make site` the site's builders, `make test`
# and `make check` add the test tools (and both of those), and nothing is ever taken away
# (scripts/setup.sh).

BIN := .venv/bin
# The tests run in two processes side by side (pytest-xdist), about a third faster even on two
# cores; each takes whole files, so a lesson's cells run in order in one kernel. For a single
# test or a debugger, run `.venv/bin/python -m pytest tests/test_x.py` (one process).
PYTEST := $(BIN)/python -m pytest -n 2 --dist loadfile

.PHONY: lab test check setup format notebooks site assignments screenshots bench clean

lab:
	@scripts/setup.sh
	@scripts/lab.sh

# `make test` and `make check` say which of their four stages they are in, and, instead of
# pytest's dots, every 30 s how many tests have finished, of how many, and for how long
# (--progress, tests/progress_lines.py); pytest's summary and its last line ("N passed in ...")
# stay as they are. On the 2-core development machine, idle: `make test` about 17 minutes (the
# browser edition's lessons and solutions, side by side, are the longest part), `make check`
# about a minute; `make test` about 26 minutes with two busy processes beside it.
test:
	@scripts/setup.sh --test --browser
	@echo "==> 1/4 lint (ruff check)"
	$(BIN)/ruff check
	@echo "==> 2/4 format (ruff format --check)"
	$(BIN)/ruff format --check
	@echo "==> 3/4 types (mypy)"
	$(BIN)/mypy
	@echo "==> 4/4 tests (pytest, in two processes)"
	$(PYTEST) -q -o console_output_style=classic --progress="4/4 tests"

# Everything `make test` checks but the tests marked slow (the exhaustive ones, and the others
# that take more than about a second), notebooks (the lessons, run by nbval) and browser
# (Chromium); see the markers in pyproject.toml and tests/conftest.py.
check: setup
	@echo "==> 1/4 lint (ruff check)"
	$(BIN)/ruff check
	@echo "==> 2/4 format (ruff format --check)"
	$(BIN)/ruff format --check
	@echo "==> 3/4 types (mypy)"
	$(BIN)/mypy
	@echo "==> 4/4 tests (pytest, in two processes)"
	$(PYTEST) -q -o console_output_style=classic --progress="4/4 tests" -m "not slow and not notebooks and not browser"

# Everything for working on the project: the lessons' packages and the test tools.
setup:
	@scripts/setup.sh --test

# Rewrite the code in the house style (what `make test` checks).
format: setup
	$(BIN)/ruff format
	$(BIN)/ruff check --fix

# Run every lesson top to bottom and store its outputs (after changing code a lesson shows);
# each widget is stored as its still picture, which every viewer shows (tictac/pictures/static.py).
notebooks:
	@scripts/setup.sh
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.kernel_name=python3 notebooks/[0-9]*.ipynb notebooks/solutions/*.ipynb
	$(BIN)/python -m tictac.pictures.static notebooks/[0-9]*.ipynb notebooks/solutions/*.ipynb

# The lessons and their solutions as a static website in _site/, from the notebooks as stored
# (nothing runs, nothing is fetched), and the browser edition in _site/lite/ (site/lite.py; its
# first build fetches Pyodide and the kernel's wheels from npm and PyPI into build/lite/): serve
# the folder with `python3 -m http.server -d _site`, or put it on any static host.
site:
	@scripts/setup.sh --site
	$(BIN)/python site/build.py

# The teacher's kit: an nbgrader course folder in _course/, one assignment per lesson, made from
# the lessons, their solutions and their checks (course/build.py), with its release versions
# (nbgrader generate_assignment, run with .venv/bin on the PATH, for nbgrader's `alembic`).
# About a minute on the 2-core development machine. A teacher's guide: site/teachers.md.
assignments:
	@scripts/setup.sh --grading
	$(BIN)/python course/build.py --release

# Pictures for the README, taken by the browser test in a real JupyterLab.
screenshots:
	@scripts/setup.sh --test --browser
	TICTAC_SCREENSHOTS=docs/images $(BIN)/python -m pytest -q tests/test_browser.py tests/test_browser_board.py

# Three tables, printed row by row as they are measured: about 2 minutes on the 2-core
# development machine (the search variants about 30 s, the levels a few seconds, the 38
# notebooks about a minute and a half).
bench:
	@scripts/setup.sh
	@echo "==> 1/3 every way to make the perfect decision, side by side (bench/run.py, about 30 s)"
	PYTHONUNBUFFERED=1 $(BIN)/python bench/run.py
	@echo "==> 2/3 each level's time per move on the widget's boards (bench/levels.py, seconds)"
	PYTHONUNBUFFERED=1 $(BIN)/python bench/levels.py
	@echo "==> 3/3 each lesson's running time against its 20 s (bench/lessons.py, about 90 s)"
	PYTHONUNBUFFERED=1 $(BIN)/python bench/lessons.py

# Everything the project's commands create, and nothing else: exactly what .gitignore lists (a
# test keeps the two in step). Notebooks you changed stay as they are.
clean:
	rm -rf .venv build dist _site _course *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis test-artifacts
	find . -path ./.git -prune -o -type d \( -name __pycache__ -o -name .ipynb_checkpoints \) -prune -exec rm -rf {} +
