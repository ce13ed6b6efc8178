"""The progress of 'patience odds' (commands/odds_progress.py, rich.progress):
deals done of all, the rate, the time left and won / lost / undecided so far
on a terminal; on a log only what the run waits on, once each."""

from __future__ import annotations

import io
import re

from patience_cli.commands.odds_progress import OddsProgress
from patience_cli.odds_results import Budget, DealAnswer


def answer(seed: int, result: str) -> DealAnswer:
    return DealAnswer("fours", None, seed, result, 10, 0.1, Budget(100, 1.0))


def test_on_a_terminal_it_shows_counts_done_of_all_rate_and_time_left():
    screen = io.StringIO()
    bar = OddsProgress(10, [answer(1, "won")], file=screen, terminal=True)
    for seed, result in ((2, "won"), (3, "lost"), (4, "undecided")):
        bar.add(answer(seed, result))
    bar.progress.refresh()
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.getvalue())
    bar.close()
    line = shown.strip().splitlines()[-1]
    assert len(line) <= 80, line                          # one line of a narrow terminal
    assert re.search(r"4/10 deals [\d.]+/(s|min) ", line), line
    assert "won 2 lost 1 undecided 1" in line             # the one taken from the file counted
    assert re.search(r"(-:--:--|\d:\d\d:\d\d)", line)       # the time left


def test_what_the_run_waits_on_is_shown_on_the_line_and_said_once_in_a_log():
    screen = io.StringIO()
    bar = OddsProgress(5, [], file=screen, terminal=True)
    bar.notice("waiting for a Dask worker to join (4 s of 60)")
    bar.progress.refresh()
    bar.close()
    assert "waiting for a Dask worker to join (4 s of 60)" in screen.getvalue()
    log = io.StringIO()
    bar = OddsProgress(5, [], file=log, terminal=False)
    for waited in (0, 2, 4):
        bar.notice(f"waiting for a Dask worker to join ({waited} s of 60)")
    bar.add(answer(1, "won"))
    bar.close()
    assert log.getvalue() == "patience: waiting for a Dask worker to join (0 s of 60)\n"


def test_odds_to_a_log_draws_no_bar(run):
    result = run("odds", "fours", "--deals", "3", "--no-results")
    assert result.code == 0 and result.err == ""
