"""The progress of 'patience odds' on standard error, drawn by rich.progress:
deals done of all, the rate, the time left, and won / lost / undecided so far
(a million-deal run is watched for hours), with what the run waits on, if
anything (a Dask cluster with no worker yet).

On a terminal the line is redrawn in place; elsewhere (a log, a pipe) only
the waiting is said, once for each thing waited on, so that a run never waits
in silence and a log stays short.  Imported by 'odds' only.
"""

from __future__ import annotations

import re
import sys
from typing import IO, Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from ..odds_results import LOST, WON, DealAnswer


class RateColumn(ProgressColumn):
    """Deals a second (or a minute, for slow ones), after the word "deals"."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if not speed:
            return Text("-/s", style="progress.data.speed")
        if speed < 1:
            return Text(f"{speed * 60:.1f}/min", style="progress.data.speed")
        return Text(f"{speed:.1f}/s", style="progress.data.speed")


class OddsProgress:
    """The progress of one run: :meth:`add` each answer as it comes,
    :meth:`notice` what the run waits on, :meth:`close` at the end."""

    def __init__(self, total: int, taken: list[DealAnswer], file: IO[str] | None = None,
                 terminal: bool | None = None) -> None:
        stream = sys.stderr if file is None else file
        if terminal is None:
            try:
                terminal = stream.isatty()
            except (AttributeError, ValueError):
                terminal = False
        self.terminal = terminal
        self.console = Console(file=stream, force_terminal=terminal or None,
                               highlight=False)
        self.counts = {WON: 0, LOST: 0}
        self.undecided = 0
        self._said: set[str] = set()
        self.progress = Progress(
            TextColumn("{task.description}"), BarColumn(bar_width=12), MofNCompleteColumn(),
            TextColumn("deals"), RateColumn(), TimeRemainingColumn(),
            TextColumn("won {task.fields[won]} lost {task.fields[lost]} undecided "
                       "{task.fields[undecided]}"),
            console=self.console, disable=not terminal, transient=True)
        for answer in taken:
            self._count(answer)
        self.task = self.progress.add_task("", total=total, completed=len(taken),
                                           **self._fields())
        self.progress.start()

    def _count(self, answer: DealAnswer) -> None:
        if answer.result in self.counts:
            self.counts[answer.result] += 1
        else:
            self.undecided += 1

    def _fields(self) -> dict[str, Any]:
        return {"won": self.counts[WON], "lost": self.counts[LOST],
                "undecided": self.undecided}

    def add(self, answer: DealAnswer) -> None:
        """One more deal's answer."""
        self._count(answer)
        self.progress.update(self.task, advance=1, description="", **self._fields())

    def notice(self, line: str) -> None:
        """What the run waits on: on the line on a terminal, else said once."""
        if self.terminal:
            self.progress.update(self.task, description=line)
            return
        kind = re.sub(r"\d+", "#", line)
        if kind not in self._said:
            self._said.add(kind)
            self.console.print(f"patience: {line}", soft_wrap=True, markup=False)

    def close(self) -> None:
        self.progress.stop()
