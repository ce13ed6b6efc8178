"""A results file is read with bounds and each line validated
(patience_cli/results_file.py, DealAnswer.from_json): no file, however large
or hostile, costs more than a line's memory or ends in a traceback."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from patience_cli.odds_results import Budget, DealAnswer, ResultsError
from patience_cli.results_file import MAX_LINE, cut_torn_line, read_results
from patience_cli.solver import REVISION


def line(n: int = 1, **change) -> str:
    data = DealAnswer("fours", None, n, "won", 10, 0.1, Budget(100, 1.0)).to_json()
    data.update(change)
    return json.dumps(data) + "\n"


def seeds(path: Path) -> list[int]:
    return [a.seed for a in read_results(path)]


@pytest.mark.parametrize("change, words", [
    ({"seconds": "1e400"}, "seconds"),                # an overflow, read as a string here
    ({"seed": True}, "seed"),
    ({"seed": 0}, "seed"),
    ({"positions": -4}, "positions"),
    ({"positions": 2**70}, "positions"),
    ({"budget": {"positions": 100, "seconds": -1}}, "seconds"),
    ({"budget": [1, 2]}, "budget"),
    ({"game": 7}, "game"),
    ({"variant": ["x"]}, "variant"),
    ({"result": "maybe"}, "result"),
    ({"solver": REVISION + 1}, "newer solver"),
    ({"solver": 0}, "solver"),
    ({"deal": "x" * 300}, "deal"),
])
def test_each_field_is_checked_for_its_type_and_range(tmp_path, change, words):
    path = tmp_path / "r.jsonl"
    path.write_text(line(1) + line(2, **change) + line(3))
    with pytest.raises(ResultsError, match=rf"r\.jsonl, line 2: .*{words}"):
        seeds(path)


@pytest.mark.parametrize("text", ["1e400", "NaN", "Infinity", "-Infinity"])
def test_numbers_json_cannot_hold_are_refused(tmp_path, text):
    path = tmp_path / "r.jsonl"
    path.write_text(line(1).replace('"seconds": 0.1', f'"seconds": {text}') + line(2))
    with pytest.raises(ResultsError, match="line 1"):
        seeds(path)


def test_deep_nesting_and_long_lines_are_one_error_naming_the_line(tmp_path):
    deep = tmp_path / "deep.jsonl"
    deep.write_text(line(1) + "[" * 4000 + "\n" + line(2))     # under the bound: too deep
    with pytest.raises(ResultsError, match="line 2: not JSON"):
        seeds(deep)
    long = tmp_path / "long.jsonl"
    long.write_text(line(1) + "[" * 100_000 + "\n" + line(2))  # over the bound
    with pytest.raises(ResultsError, match=f"line 2: over {MAX_LINE} bytes"):
        seeds(long)


def test_a_long_torn_last_line_is_passed_over_and_cut_before_the_next_answer(tmp_path):
    path = tmp_path / "torn.jsonl"
    path.write_text(line(1) + line(2) + "x" * 200_000)   # the run stopped as it wrote
    assert seeds(path) == [1, 2]
    cut_torn_line(path)
    assert path.read_text() == line(1) + line(2)
    with open(path, "a") as fh:
        fh.write(line(3))
    assert seeds(path) == [1, 2, 3]                      # nothing glued onto the torn piece
    only = tmp_path / "only.jsonl"
    only.write_text("y" * 200_000)
    cut_torn_line(only)
    assert only.read_bytes() == b""


def test_a_results_file_is_a_regular_file(tmp_path):
    with pytest.raises(ResultsError, match="not a regular file"):
        seeds(Path("/dev/zero"))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ResultsError, match="not a regular file"):  # and no wait for a writer
        seeds(fifo)
    assert seeds(tmp_path / "none.jsonl") == []


def test_odds_refuses_a_device_a_newer_solver_and_a_deep_line_in_one_line(run, tmp_path):
    newer = tmp_path / "newer.jsonl"
    newer.write_text(line(1, solver=REVISION + 72))
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 100_000 + "\n")
    for path, words in (("/dev/zero", "not a regular file"), ("/dev/full", "not a regular file"),
                        (str(newer), "newer solver"), (str(deep), "line 1")):
        result = run("odds", "fours", "--deals", "1", "--results", path)
        assert result.code == 2 and result.err.count("\n") == 1 and words in result.err, path
        assert "Traceback" not in result.err
    assert newer.read_text() == line(1, solver=REVISION + 72)   # left as it was


def test_odds_cuts_a_long_torn_line_so_the_next_run_reads_the_file(run, tmp_path):
    path = tmp_path / "torn.jsonl"
    run("odds", "fours", "--deals", "2", "--results", str(path))
    path.write_text(path.read_text() + "z" * 100_000)
    assert run("odds", "fours", "--deals", "3", "--results", str(path)).code == 0
    again = run("odds", "fours", "--deals", "3", "--results", str(path), "--json")
    assert again.code == 0 and json.loads(again.out)["reused"] == 3
