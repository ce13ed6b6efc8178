"""Positions a second: how fast the solver looks at positions, game by game.

For each game, the solver is run on deals 1 to N with a fixed budget of
positions each (no time limit that bites), and the positions looked at are
divided by the seconds spent: a measure of the engine and solver's speed
that does not depend on how many deals come out.  Run it on two commits to
compare a change of design:

    python benchmarks/positions.py [--deals 5] [--states 20000] [GAME ...]
"""

from __future__ import annotations

import argparse
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--states", type=int, default=20_000)
    args = parser.parse_args()
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
