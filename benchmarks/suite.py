"""Where does the test suite's time go?  ``python benchmarks/suite.py``

Runs the README's test command (``python -m pytest``, on every core) once,
with a JUnit report in a temporary folder, and prints:

* the wall time against the budget (DEVELOPERS.md: under 2 minutes on 2 cores
  with all 96 games);
* the test time by file, and the test functions that take most, summed over
  their parameters (a per-game test's total is what every game added costs);
* the per-game budget: the time of the tests that take a game as parameter,
  divided by the number of games.

A machine shared with others moves by up to 10% between identical runs: run
it twice before concluding.  Extra arguments go to pytest (``-n 0``, ``-k``).
Exits 1 if the budget is missed; it is not part of the test suite.
"""

from __future__ import annotations

import argparse
import collections
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 120.0  # seconds, on 2 cores


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=15, help="test functions shown")
    args, extra = parser.parse_known_args()
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "junit.xml"
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                               f"--junitxml={report}", *extra], cwd=ROOT,
                              stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        cases = list(ET.parse(report).getroot().iter("testcase"))
    by_file: collections.Counter[str] = collections.Counter()
    by_function: collections.Counter[str] = collections.Counter()
    count: collections.Counter[str] = collections.Counter()
    per_game = 0.0
    sys.path.insert(0, str(ROOT))
    from patience_cli.layout import game_ids

    games = set(game_ids())
    # a game's id as one of a test's parameters (ids are joined by "-"; a variant follows ":")
    patterns = [re.compile(rf"(^|-){re.escape(g)}($|-|:)")
                for g in sorted(games, key=len, reverse=True)]
    for case in cases:
        seconds = float(case.get("time") or 0)
        module, name = case.get("classname", ""), case.get("name", "")
        function = module + "::" + name.partition("[")[0]
        by_file[module] += seconds
        by_function[function] += seconds
        count[function] += 1
        params = re.search(r"\[(.*)\]$", name)
        if params and any(p.search(params.group(1)) for p in patterns):
            per_game += seconds
    total = sum(by_file.values())
    print(f"wall {wall:6.1f} s (budget {BUDGET:.0f} s), {len(cases)} tests, "
          f"{total:.1f} s of test time, pytest exit {proc.returncode}")
    print(f"per-game tests: {per_game:.1f} s, {per_game / len(games):.2f} s a game "
          f"({len(games)} games)\n")
    for module, seconds in by_file.most_common(10):
        print(f"{seconds:8.1f} s  {module}")
    print()
    for function, seconds in by_function.most_common(args.top):
        print(f"{seconds:8.1f} s  {count[function]:5d}  {function}")
    return 0 if proc.returncode == 0 and wall < BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
