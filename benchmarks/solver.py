"""Solver benchmark: how many deals the solver decides, and how fast.

* The Flower-Garden, seeds 1 to N (default 100), T seconds each on one core
  (default 10): decided (won or proved lost) and undecided.  The target of
  the solver issue: at least 90 of 100 decided, none wrong.
* Fours and Sympathy, 10,000 deals each with --jobs: the time taken (target:
  under a minute each).
* Klondike, seeds 1 to N at T seconds a deal: decided and undecided (the
  target of issue #27: all of deals 1 to 20 decided, as Solvitaire does).
* Memory: the largest resident size of the process and its workers.
* First, the machine's speed: the Flower-Garden's positions a second on its
  first deals, to read the counts at a fixed time by (a shared host runs at
  different speeds from one hour to the next).
* Dask's overhead (--dask, with 'patience-cli[dask]' installed): Fours'
  10,000 deals on a two-worker LocalCluster against --jobs 2 on this machine;
  the counts must agree, and the time taken is compared.

Positions a second, game by game, are benchmarks/positions.py's.

Run: python benchmarks/solver.py [--deals 100] [--time 10] [--jobs 2] [--dask]
(a full run takes about 2 x N x T seconds, for the Flower-Garden and Klondike).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time


def odds(game: str, deals: int, seconds: float, jobs: int, states: int,
         *more: str) -> tuple[dict, float]:
    began = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "patience_cli", "odds", game, "--deals",
                          str(deals), "--time", str(seconds), "--states", str(states),
                          "--jobs", str(jobs), "--no-results", "--json", *more],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out), time.monotonic() - began


def speed(game_id: str, deals: int = 3, states: int = 20_000) -> float:
    """Positions a second of the solver on *game_id*'s first deals, a fixed
    budget each: how fast this machine runs now (its speed varies by half
    from one hour to the next on a shared host)."""
    from patience_cli.game import Game
    from patience_cli.solver import solve

    seen = 0
    began = time.perf_counter()
    for seed in range(1, deals + 1):
        game = Game.new(game_id, seed=seed)
        seen += solve(game.rules, game.position, seconds=3600, max_states=states,
                      shorten=False).states
    return seen / (time.perf_counter() - began)


def dask_overhead(jobs: int) -> bool:
    """Fours' 10,000 deals with --jobs against a LocalCluster of as many
    workers: the same counts, and how much longer Dask takes."""
    from dask.distributed import LocalCluster

    here, spent_here = odds("fours", 10_000, 10.0, jobs, 20_000)
    with LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        there, spent_there = odds("fours", 10_000, 10.0, 1, 20_000, "--scheduler",
                                  cluster.scheduler_address)
    same = all(here[k] == there[k] for k in ("won", "lost", "undecided", "lost_deals"))
    print(f"dask           fours 10000 deals: --jobs {jobs} {spent_here:.1f} s, LocalCluster of "
          f"{jobs} workers {spent_there:.1f} s ({spent_there / spent_here - 1:+.0%}); counts "
          f"{'agree' if same else 'DIFFER'}")
    return same


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--time", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--dask", action="store_true", help="measure Dask's overhead too")
    args = parser.parse_args()
    print(f"machine speed  flower-garden search: {speed('flower-garden'):.0f} positions a "
          "second (deals 1-3, 20,000 positions each at most; the deals decided at a fixed "
          "time rise and fall with it)")
    fg, spent = odds("flower-garden", args.deals, args.time, 1, 10**9)
    decided = fg["won"] + fg["lost"]
    print(f"flower-garden  {args.deals} deals at {args.time:g} s: won {fg['won']}, lost "
          f"{fg['lost']}, undecided {fg['undecided']} ({spent:.0f} s); decided {decided} "
          f"(target >= {round(args.deals * 0.9)})")
    print(f"  proved lost: {', '.join(map(str, fg['lost_deals'])) or 'none'}")
    print(f"  undecided: {', '.join(map(str, fg['undecided_deals'])) or 'none'}")
    ok = decided >= args.deals * 0.9
    kl, spent = odds("klondike", args.deals, args.time, 1, 10**9)
    print(f"klondike       {args.deals} deals at {args.time:g} s: won {kl['won']}, lost "
          f"{kl['lost']}, undecided {kl['undecided']} ({spent:.0f} s); of deals 1-20, "
          f"undecided: {', '.join(str(n) for n in kl['undecided_deals'] if n <= 20) or 'none'} "
          "(target: none)")
    ok = ok and not any(n <= 20 for n in kl["undecided_deals"])
    for game in ("fours", "sympathy"):
        result, spent = odds(game, 10_000, 10.0, args.jobs, 20_000)
        print(f"{game:<14} 10000 deals, {args.jobs} jobs: {spent:.1f} s (target < 60 s); "
              f"won {result['won']}, lost {result['lost']}, undecided {result['undecided']}")
        ok = ok and spent < 60
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"largest worker: {peak:.0f} MB (target < 1024 MB)")
    ok = ok and peak < 1024
    if args.dask:
        ok = dask_overhead(args.jobs) and ok
    print("all targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
