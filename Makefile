# The commands the README gives:
#   make lab    set everything up and open the lessons in JupyterLab
#   make test   set everything up and run the whole test suite
#   make check  the quick checks while you work: lint, types and the fast tests (under a minute)
# All are safe to run again and quick the second time.

BIN := .venv/bin
# The tests run in two processes side by side (pytest-xdist), about a third faster even on two
# cores; each takes whole files, so a lesson's cells run in order in one kernel. For a single
# test or a debugger, run `.venv/bin/python -m pytest tests/test_x.py` (one process).
PYTEST := $(BIN)/python -m pytest -n 2 --dist loadfile

.PHONY: lab test check setup format notebooks screenshots bench clean

lab: setup
	@scripts/lab.sh

test:
	@scripts/setup.sh --browser
	$(BIN)/ruff check
	$(BIN)/ruff format --check
	$(BIN)/mypy
	$(PYTEST)

# Everything `make test` checks but the tests marked slow (the exhaustive ones), notebooks (the
# lessons, run by nbval) and browser (JupyterLab in Chromium); see the markers in pyproject.toml.
check: setup
	$(BIN)/ruff check
	$(BIN)/ruff format --check
	$(BIN)/mypy
	$(PYTEST) -q -m "not slow and not notebooks and not browser"

setup:
	@scripts/setup.sh

# Rewrite the code in the house style (what `make test` checks).
format: setup
	$(BIN)/ruff format
	$(BIN)/ruff check --fix

# Run every lesson top to bottom and store its outputs (after changing code a lesson shows).
notebooks: setup
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.kernel_name=python3 notebooks/[0-9]*.ipynb notebooks/solutions/*.ipynb

# Pictures for the README, taken by the browser test in a real JupyterLab.
screenshots:
	@scripts/setup.sh --browser
	TICTAC_SCREENSHOTS=docs/images $(BIN)/python -m pytest -q tests/test_browser.py

bench: setup
	$(BIN)/python bench/run.py
	$(BIN)/python bench/levels.py
	$(BIN)/python bench/lessons.py

clean:
	rm -rf .venv .pytest_cache .mypy_cache .ruff_cache build *.egg-info
