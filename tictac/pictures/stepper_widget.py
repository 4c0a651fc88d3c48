"""The search stepper as a widget: a recorded search (:mod:`tictac.pictures.stepper`) shown one step
at a time, with buttons, a slider, a sentence and the tree.

>>> from tictac.game.numbertree import NumberTree
>>> stepper = step_search(NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> stepper.index, stepper.step()
(0, 1)
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from tictac.game.position import Position
from tictac.pictures.static import StaticPicture
from tictac.pictures.stepper import SearchSteps, Step, record_search

__all__ = ["SearchStepper", "step_search"]

_CSS = """<style>
.tictac-stepper .tictac-stepper-sentence { font-size: 14px; line-height: 1.4; min-height: 2.8em; }
.tictac-stepper .tictac-stepper-frame svg { max-width: 100%; height: auto; }
</style>"""


class SearchStepper(StaticPicture, widgets.VBox):  # type: ignore[misc]
    """A recorded search shown one step at a time: buttons, a slider, a sentence and the tree.

    The buttons: Start, Back, Step, Next cut (alpha-beta only: runs to the next step where
    alpha-beta skips moves) and End, each with an icon and a tooltip; the slider goes to any
    step. The same from code:
    :meth:`start`, :meth:`back`, :meth:`step`, :meth:`next_cut`, :meth:`end`, :meth:`go`;
    :attr:`index` is the step shown (from 0), :attr:`current` the :class:`Step` itself, and
    :attr:`steps` the whole recording. Frames are drawn once and kept.

    For browser tests and styling: ``tictac-stepper`` (the whole), ``tictac-stepper-start``,
    ``-back``, ``-step``, ``-next-cut``, ``-end`` (the buttons), ``tictac-stepper-slider``,
    ``tictac-stepper-sentence``, ``tictac-stepper-frame`` (the tree, an inline SVG in which
    the node of the step is a ``g.node.tictac-now``).

    >>> from tictac.game.numbertree import NumberTree
    >>> stepper = step_search(NumberTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> stepper.index, stepper.step(), stepper.next_cut()
    (0, 1, 8)
    >>> print(stepper.current.sentence)
    C1 is worth 2 ≤ α = 3: MAX will never choose C, so skip C2 and C3.
    >>> stepper.next_cut_button.disabled, stepper.end(), stepper.step_button.disabled
    (True, 15, True)
    """

    def __init__(self, steps: SearchSteps, **kwargs: Any) -> None:
        if not isinstance(steps, SearchSteps):
            raise TypeError(
                f"SearchStepper shows a recorded search, from record_search(...), not {steps!r}; "
                "step_search(position) records and shows one"
            )
        super().__init__(**kwargs)
        self.steps = steps
        self._index = -1

        def button(name: str, icon: str, tooltip: str, go: Callable[[], int]) -> Any:
            made = widgets.Button(
                description=name, icon=icon, tooltip=tooltip, layout=widgets.Layout(width="auto")
            )
            made.add_class("tictac-stepper-" + name.lower().replace(" ", "-"))
            made.on_click(lambda _: go())
            return made

        self.start_button = button("Start", "fast-backward", "Back to the first step", self.start)
        self.back_button = button("Back", "step-backward", "One step back", self.back)
        self.step_button = button(
            "Step", "step-forward", "One step forward: what the search does next", self.step
        )
        self.next_cut_button = button(
            "Next cut",
            "scissors",
            "Run to the next cut: where alpha-beta skips moves, because α ≥ β",
            self.next_cut,
        )
        self.end_button = button("End", "fast-forward", "Run to the end of the search", self.end)
        self.step_button.button_style = "primary"
        if steps.search != "alphabeta":
            self.next_cut_button.layout.display = "none"
        self.slider = widgets.IntSlider(
            value=1,
            min=1,
            max=len(steps),
            description="Step",
            readout=True,
            continuous_update=False,
            layout=widgets.Layout(width="320px"),
        )
        self.slider.add_class("tictac-stepper-slider")
        self.slider.observe(lambda change: self.go(change["new"] - 1), names="value")
        self.sentence = widgets.HTML()
        self.sentence.add_class("tictac-stepper-sentence")
        self.picture = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.picture.add_class("tictac-stepper-frame")
        controls = (
            self.start_button,
            self.back_button,
            self.step_button,
            self.next_cut_button,
            self.end_button,
            self.slider,
        )
        buttons = widgets.HBox(
            controls, layout=widgets.Layout(flex_flow="row wrap", align_items="center")
        )
        style = widgets.HTML(_CSS, layout=widgets.Layout(display="none"))
        self._parts: tuple[Any, ...] = (*controls, self.sentence, self.picture, buttons, style)
        self.children = [style, buttons, self.sentence, self.picture]
        self.add_class("tictac-stepper")
        self.go(0)

    # -- moving ---------------------------------------------------------------------------------

    @property
    def index(self) -> int:
        """The step shown, from 0."""
        return self._index

    @property
    def current(self) -> Step:
        """The step shown."""
        return self.steps[self._index]

    def go(self, index: int) -> int:
        """Show step `index` (from 0; -1 is the last); returns it."""
        index = self.steps.index(index)
        if index != self._index:
            self._index = index
            self._render()
        return index

    def step(self) -> int:
        """One step forward (none past the last); returns the step now shown."""
        return self.go(min(self._index + 1, len(self.steps) - 1))

    def back(self) -> int:
        """One step back (none before the first); returns the step now shown."""
        return self.go(max(self._index - 1, 0))

    def start(self) -> int:
        """Back to the first step."""
        return self.go(0)

    def end(self) -> int:
        """Run to the last step."""
        return self.go(len(self.steps) - 1)

    def next_cut(self) -> int:
        """Run to the next step where alpha-beta cuts (stays put if no cut is left)."""
        later = [i for i in self.steps.cuts() if i > self._index]
        return self.go(later[0]) if later else self._index

    def close(self) -> None:
        """Close the widget and every widget it made."""
        for part in getattr(self, "_parts", ()):
            part.close()
        self._parts = ()
        super().close()

    # -- showing --------------------------------------------------------------------------------

    def _caption(self) -> str:
        return f"Step {self._index + 1} of {len(self.steps)}: {self.current.sentence}"

    def _render(self) -> None:
        last = len(self.steps) - 1
        self.slider.value = self._index + 1
        self.start_button.disabled = self.back_button.disabled = self._index == 0
        self.step_button.disabled = self.end_button.disabled = self._index == last
        self.next_cut_button.disabled = not any(i > self._index for i in self.steps.cuts())
        step = html.escape(f"Step {self._index + 1} of {len(self.steps)}")
        self.sentence.value = f"<b>{step}</b> · {html.escape(self.current.sentence)}"
        try:
            # (in a box that scrolls a tree wider than the page, which the keyboard can reach
            # to scroll it: Tab, then the arrow keys)
            self.picture.value = f"<div {_FRAME_BOX}>{self.steps.svg(self._index)}</div>"
        except Exception as error:  # e.g. Graphviz missing: say so, keep the steps going
            self.picture.value = f"<p>Cannot draw the tree: {html.escape(str(error))}</p>"

    def _static_svg(self) -> str:
        return self.steps.svg(self._index)

    def _static_caption(self) -> str:
        return self._caption()

    def __repr__(self) -> str:
        return f"<search stepper: {self.steps.search}, {self._caption()}>"


_FRAME_BOX = (
    'class="tictac-stepper-box" tabindex="0" role="group" aria-label="The tree at this step" '
    'style="overflow: auto; max-width: 100%"'
)


def step_search(position: Position, **options: Any) -> SearchStepper:
    """A widget that replays a search from `position` (a position of any game) one visit at a
    time.

    The `options` are :func:`record_search`'s: ``search="alphabeta"`` (the default) or
    ``"minimax"``, `order_moves` (alpha-beta), `score`, `depth` and `heuristic`, and a
    `budget` (:data:`STEP_BUDGET` positions by default: a bigger search is refused, with what
    to try instead).

    >>> from tictac.game.state import State
    >>> stepper = step_search(State.parse(".../XXO/XOO"), search="minimax")
    >>> stepper
    <search stepper: minimax, Step 1 of 10: Start at the root: X is to move, so it is worth ...>
    >>> stepper.next_cut_button.layout.display   # minimax never cuts
    'none'
    """
    return SearchStepper(record_search(position, **options))
