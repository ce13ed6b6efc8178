"""Replay random games of every game and variant and write what the engine
said at each step, so that two commits can be compared: a change of design
must leave every line the same.

For each game and variant, each seed, each step: the position's digest, the
status, the legal moves in order (as saved-game notation), the answer to
random (from, to) pairs and the deal step (legal or not, and the exit code
and words of a refusal), the move played (chosen at random among the legal
ones), its events and its words; at the end the saved record.

Run:  python scripts/replay_compare.py OUT.jsonl [--seeds 40] [--moves 60] [--jobs 2]
then: python scripts/replay_compare.py --compare BEFORE.jsonl AFTER.jsonl
(one line a game, variant and seed, with a digest of its steps and the steps
themselves, so that the first difference can be shown).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def _steps(game_id: str, variant: str | None, seed: int, moves: int) -> list[Any]:
    from patience_cli.engine import IllegalMoveError, Move, move_to_text
    from patience_cli.game import Game

    game = Game.new(game_id, variant, seed)
    rules, layout = game.rules, game.layout
    rng = random.Random(f"{game_id}/{variant}/{seed}")
    out: list[Any] = []
    n = len(layout.piles)
    for _ in range(moves):
        pos = game.position
        status, why = rules.status(pos)
        legal = list(rules.legal_moves(pos))
        step: dict[str, Any] = {"digest": pos.digest(), "status": status.value, "why": why,
                                "legal": [move_to_text(layout, m) for m in legal]}
        probes = [Move("deal")] + [Move("move", rng.randrange(n), rng.randrange(n))
                                   for _ in range(6)]
        answers = []
        for probe in probes:
            ok = rules.is_legal(pos, probe)
            reason = None if ok else rules.move_reason(pos, probe)
            code = 0 if ok else (int(IllegalMoveError.exit_status) if reason else -1)
            instead = getattr(reason, "instead", None)  # the move a refusal names
            answers.append([move_to_text(layout, probe), ok, code, reason,
                            None if instead is None else move_to_text(layout, instead)])
        step["probes"] = answers
        if status.value != "playing" or not legal:
            out.append(step)
            break
        move = rng.choice(legal)
        step["move"] = move_to_text(layout, move)
        step["describe"] = rules.words.describe(pos, move)
        outcome = game.play(move)          # the one door: checked once, applied once
        step["outcome"] = outcome.words()
        step["events"] = list(outcome.events)
        out.append(step)
    out.append({"record": game.to_record()})
    return out


def _one(job: tuple[str, str | None, int, int]) -> dict[str, Any]:
    import hashlib

    game_id, variant, seed, moves = job
    try:
        steps = _steps(game_id, variant, seed, moves)
    except Exception as exc:  # a crash is a result too: it must not change
        steps = [{"crash": f"{type(exc).__name__}: {exc}"}]
    text = json.dumps(steps, sort_keys=True, ensure_ascii=False, default=str)
    return {"game": game_id, "variant": variant, "seed": seed,
            "digest": hashlib.sha256(text.encode()).hexdigest(), "steps": steps}


def jobs(seeds: int, moves: int) -> list[tuple[str, str | None, int, int]]:
    from patience_cli.layout import game_ids, load_layout

    out = []
    for gid in game_ids():
        for variant in (None, *load_layout(gid).variants):
            out.extend((gid, variant, s, moves) for s in range(1, seeds + 1))
    return out


def compare(before: str, after: str) -> int:
    def read(path: str) -> dict:
        with open(path, encoding="utf-8") as f:
            return {(r["game"], r["variant"], r["seed"]): r
                    for r in map(json.loads, f)}
    a, b = read(before), read(after)
    differ = 0
    for key in sorted(set(a) | set(b), key=str):
        if key not in a or key not in b:
            print(f"{key}: only in {'after' if key not in a else 'before'}")
            differ += 1
            continue
        if a[key]["digest"] == b[key]["digest"]:
            continue
        differ += 1
        for i, (x, y) in enumerate(zip(a[key]["steps"], b[key]["steps"])):
            if x != y:
                for k in sorted(set(x) | set(y)):
                    if x.get(k) != y.get(k):
                        print(f"{key} step {i} {k}:\n  before {x.get(k)}\n  after  {y.get(k)}")
                break
        else:
            print(f"{key}: {len(a[key]['steps'])} steps before, {len(b[key]['steps'])} after")
    print(f"{len(a)} replays compared: {differ} differ")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    if not args.out:
        parser.error("give a file to write, or --compare BEFORE AFTER")
    todo = jobs(args.seeds, args.moves)
    with ProcessPoolExecutor(args.jobs) as pool, open(args.out, "w", encoding="utf-8") as f:
        for result in pool.map(_one, todo, chunksize=8):
            f.write(json.dumps(result, sort_keys=True, ensure_ascii=False, default=str) + "\n")
    print(f"{len(todo)} replays written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
