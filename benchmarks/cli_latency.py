"""How quickly does a command answer?  ``python benchmarks/cli_latency.py``

Times, in one run and interleaved so that the machine's mood hits all alike:

* the floor: ``python -c "import typer"`` (any Typer program pays this);
* ``patience show``, ``patience move`` (with ``patience undo`` between moves) and
  ``patience list`` (every registered game);
* ``patience show`` of a game 500 moves long against one just dealt.

Prints the medians and the ratios of the medians.  Targets (the rules
vocabulary issue, #10): show, move and list at most 1.3x the floor with every
game registered; the 500-move game within 10% of the new one.  Exits 1 if a target is missed, so it can gate a release;
it is not part of the test suite (timings belong here, not in tests).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {proc.stderr.decode().strip()}")
    return elapsed


def long_game(moves: int = 500):
    """A Flower-Garden game of *moves* moves: a card going back and forth
    between two packets whose tops are of the same rank."""
    from patience_cli.engine import Move
    from patience_cli.game import Game

    for seed in range(10000):
        game = Game.new("flower-garden", seed=seed)
        pos, rules = game.position, game.rules
        tops = {i: pos.piles[i][-1] for i in rules.tableau}
        for a in rules.tableau:
            for b in rules.tableau:
                if a < b and tops[a].rank == tops[b].rank:
                    for c in rules.tableau:
                        if tops[c].rank == tops[a].rank - 1:
                            first = Move("move", c, a)
                            game.play(first)
                            here, there = a, b
                            while len(game.moves) < moves:
                                game.play(Move("move", here, there))
                                here, there = there, here
                            return game
    raise SystemExit("no seed gives a back-and-forth game")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="runs of each command")
    args = parser.parse_args()

    import compileall

    import patience_cli
    from patience_cli.game import Game
    from patience_cli.state import Store

    # An installed package has its bytecode compiled; a source checkout run
    # with PYTHONDONTWRITEBYTECODE would otherwise recompile on every command.
    compileall.compile_dir(Path(patience_cli.__file__).parent, quiet=1)

    home = tempfile.mkdtemp(prefix="patience-bench-")
    env = dict(os.environ, PATIENCE_HOME=home, NO_COLOR="1")
    store = Store(home)
    store.write("default", Game.new("fours", seed=7).to_record())
    store.write("fresh", Game.new("flower-garden", seed=7).to_record())
    store.write("long", long_game().to_record())

    py = [sys.executable]
    # the installed command, as a player runs it (beside this Python)
    script = Path(sys.executable).with_name("patience")
    patience = [str(script)] if script.exists() else py + ["-m", "patience_cli"]
    cases = {
        "floor (import typer)": py + ["-c", "import typer"],
        "patience show": patience + ["show"],
        "patience move": patience + ["move", "1"],
        "patience list": patience + ["list"],
        "show, new game": patience + ["show", "--name", "fresh"],
        "show, 500 moves": patience + ["show", "--name", "long"],
    }
    undo = patience + ["undo"]
    times: dict[str, list[float]] = {k: [] for k in cases}
    for _ in range(args.rounds):
        for label, cmd in cases.items():
            times[label].append(timed(cmd, env))
            if label == "patience move":
                timed(undo, env)

    med = {k: statistics.median(v) for k, v in times.items()}
    floor = med["floor (import typer)"]
    for label, m in med.items():
        print(f"{label:<22} {m * 1000:7.1f} ms   {m / floor:5.2f}x floor")
    show_ratio = med["patience show"] / floor
    move_ratio = med["patience move"] / floor
    list_ratio = med["patience list"] / floor
    long_ratio = med["show, 500 moves"] / med["show, new game"]
    print(f"\nshow / floor        {show_ratio:.2f}  (target <= 1.3)")
    print(f"move / floor        {move_ratio:.2f}  (target <= 1.3)")
    print(f"list / floor        {list_ratio:.2f}  (target <= 1.3)")
    print(f"500 moves / new     {long_ratio:.2f}  (target <= 1.10)")
    ok = max(show_ratio, move_ratio, list_ratio) <= 1.3 and long_ratio <= 1.10
    print("all targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
