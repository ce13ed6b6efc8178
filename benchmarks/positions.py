"""Positions a second: how fast the solver looks at positions, game by game.

For each game, the solver is run on deals 1 to N with a fixed budget of
positions each (no time limit that bites), and the positions looked at are
divided by the seconds spent: a measure of the engine and solver's speed
that does not depend on how many deals come out.  With --memory, the bytes
each position kept takes instead: the resident memory the depth-first search
alone adds over --states positions of deal 1, each game in a process of its
own (the searches of the odds are bound by 900 MB).  Run it on two commits to
compare a change of design:

    python benchmarks/positions.py [--deals 5] [--states 20000] [--memory] [GAME ...]
"""

from __future__ import annotations

import argparse
import gc
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: the plainest games, and games whose rule features ask more of each move:
#: foundations laid as they appear (the Herring-Bone), claims (the Wheatsheaf),
#: cards placed where the player chooses (Sly); and games whose modules word
#: their own builds (Hoffmann's Constitution, the Carpet)
GAMES = ("flower-garden", "klondike", "fours", "la-belle-lucie", "crescent",
         "herring-bone", "wheatsheaf", "sly", "hoffmann-constitution", "carpet")


def kept(game_id: str, states: int) -> None:
    """Prints the resident memory the depth-first search adds, a position
    met, over *states* positions of *game_id*'s deal 1 (or until it ends)."""
    from patience_cli.game import Game
    from patience_cli.solver.pruning import Pruning
    from patience_cli.solver.search import _depth_first, _resident

    game = Game.new(game_id, seed=1)
    gc.disable()  # as the solver runs
    search = _depth_first(game.rules, game.position,
                          Pruning(game.rules, start=game.position))
    before = _resident() or 0
    while search.step(10_000) is None and search.states < states:
        pass
    grown = (_resident() or 0) - before
    print(f"{game_id:<22} {search.states:>8} positions kept: "
          f"{grown / max(search.states, 1):6.0f} bytes each")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--states", type=int, default=20_000)
    parser.add_argument("--memory", action="store_true",
                        help="the memory a position kept takes, not the positions a second")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # --memory's own process for a game
    args = parser.parse_args()
    if args.one:
        kept(args.one, args.states)
        return 0
    if args.memory:
        for game_id in args.games:
            subprocess.run([sys.executable, __file__, "--one", game_id,
                            "--states", str(args.states)], check=True)
        return 0
    from patience_cli.game import Game
    from patience_cli.solver import solve

    for game_id in args.games:
        states = 0
        spent = 0.0
        for seed in range(1, args.deals + 1):
            game = Game.new(game_id, seed=seed)
            began = time.perf_counter()
            solution = solve(game.rules, game.position, seconds=3600,
                             max_states=args.states, shorten=False)
            spent += time.perf_counter() - began
            states += solution.states
        print(f"{game_id:<16} {states:>8} positions in {spent:6.2f} s: "
              f"{states / spent:8.0f} a second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
