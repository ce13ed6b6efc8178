"""Solver benchmark: how many deals the solver decides, and how fast.

* The Flower-Garden, seeds 1 to N (default 100), T seconds each on one core
  (default 10): decided (won or proved lost) and undecided.  The target of
  the solver issue: at least 90 of 100 decided, none wrong.
* Fours and Sympathy, 10,000 deals each with --jobs: the time taken (target:
  under a minute each).
* Memory: the largest resident size of the process and its workers.

Run: python benchmarks/solver.py [--deals 100] [--time 10] [--jobs 2]
(a full run takes about N x T seconds for the Flower-Garden).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time


def odds(game: str, deals: int, seconds: float, jobs: int, states: int) -> tuple[dict, float]:
    began = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "patience_cli", "odds", game, "--deals",
                          str(deals), "--time", str(seconds), "--states", str(states),
                          "--jobs", str(jobs), "--json"], capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out), time.monotonic() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--time", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    fg, spent = odds("flower-garden", args.deals, args.time, 1, 10**9)
    decided = fg["won"] + fg["lost"]
    print(f"flower-garden  {args.deals} deals at {args.time:g} s: won {fg['won']}, lost "
          f"{fg['lost']}, undecided {fg['undecided']} ({spent:.0f} s); decided {decided} "
          f"(target >= {round(args.deals * 0.9)})")
    print(f"  proved lost: {', '.join(map(str, fg['lost_deals'])) or 'none'}")
    print(f"  undecided: {', '.join(map(str, fg['undecided_deals'])) or 'none'}")
    ok = decided >= args.deals * 0.9
    for game in ("fours", "sympathy"):
        result, spent = odds(game, 10_000, 10.0, args.jobs, 20_000)
        print(f"{game:<14} 10000 deals, {args.jobs} jobs: {spent:.1f} s (target < 60 s); "
              f"won {result['won']}, lost {result['lost']}, undecided {result['undecided']}")
        ok = ok and spent < 60
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"largest worker: {peak:.0f} MB (target < 1024 MB)")
    ok = ok and peak < 1024
    print("all targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
