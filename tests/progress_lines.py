"""How far a long test run has got, as a line every 30 seconds instead of 2,500 dots.

`make test` and `make check` run pytest with ``--progress="4/4 tests"`` (tests/conftest.py
registers this plugin then, in the process that reports: pytest-xdist's controller, or pytest
itself without xdist). A passing test then prints nothing, and every 30 seconds, and once when
the last test is done, a line says how many tests have finished, of how many, and for how long:

    ==> 4/4 tests: 1,234 of 2,518 (49%), 4 min 10 s
    ==> 4/4 tests: 1,301 of 2,518 (51%), 4 min 40 s, 1 failed

Everything else pytest prints stays: the letters of tests that fail, error, skip or xfail, the
failures' reports, the durations, and its own closing line ("2,518 passed in ..."), which CI
reads and which stays the last line.
"""

from __future__ import annotations

import threading
import time

import pytest

EVERY_S = 30.0


def elapsed(seconds: float) -> str:
    """`seconds` as people say it.

    >>> elapsed(45.7), elapsed(250), elapsed(720)
    ('45 s', '4 min 10 s', '12 min')
    """
    whole = int(seconds)
    minutes, rest = divmod(whole, 60)
    if minutes == 0:
        return f"{rest} s"
    return f"{minutes} min {rest} s" if rest else f"{minutes} min"


class Progress:
    """Counts the tests as they finish and prints the progress line (see the module)."""

    def __init__(self, config: pytest.Config, label: str, every_s: float = EVERY_S) -> None:
        self.config = config
        self.label = label
        self.every_s = every_s
        self.started = time.monotonic()
        self.last_line = self.started
        self.done = 0
        self.shown = -1  # the count the last line gave
        self.failed: set[str] = set()
        self.session: pytest.Session | None = None
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.ticker: threading.Thread | None = None

    def line(self) -> str:
        total = self.session.testscollected if self.session is not None else 0
        text = f"==> {self.label}: "
        if total:
            text += f"{self.done:,} of {total:,} ({100 * self.done // total}%)"
        else:
            text += f"{self.done:,} (still collecting)"
        text += f", {elapsed(time.monotonic() - self.started)}"
        if self.failed:
            text += f", {len(self.failed):,} failed"
        return text

    def write(self) -> None:
        with self.lock:
            self.last_line = time.monotonic()
            self.shown = self.done
            reporter = self.config.pluginmanager.get_plugin("terminalreporter")
            if reporter is not None:
                reporter.write_line(self.line())
                reporter.flush()  # (a line now, also into a pipe or a CI log)

    def tick(self) -> None:
        """With pytest-xdist: a line every `every_s` even while one long test runs (the
        controller runs no test, so nothing it writes is captured)."""
        while not self.stopped.wait(1.0):
            if time.monotonic() - self.last_line >= self.every_s:
                self.write()

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        self.session = session
        self.started = self.last_line = time.monotonic()
        if self.config.pluginmanager.has_plugin("dsession"):
            self.ticker = threading.Thread(target=self.tick, name="progress", daemon=True)
            self.ticker.start()

    @pytest.hookimpl(tryfirst=True)
    def pytest_report_teststatus(self, report: pytest.TestReport) -> tuple[str, str, str] | None:
        """A passed test: counted as pytest counts it, shown as nothing (no dot)."""
        if report.when == "call" and report.passed and not hasattr(report, "wasxfail"):
            return "passed", "", "PASSED"
        return None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.failed:
            self.failed.add(report.nodeid)
        if report.when == "teardown":  # every test ends with one, whatever happened before
            self.done += 1
            if time.monotonic() - self.last_line >= self.every_s:
                self.write()

    def pytest_sessionfinish(self) -> None:
        self.stopped.set()
        if self.ticker is not None:
            self.ticker.join()
        if self.shown != self.done:  # (before pytest's summary, whose last line stays the last)
            self.write()
