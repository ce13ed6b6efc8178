"""Measure games' odds with 'patience odds' and record them in
rules_text/odds.json (printed on each rule sheet and in the README).

    python scripts/update_odds.py red-and-black sultan --deals 50 --states 5000 --time 2
    python scripts/update_odds.py red-and-black:hoffmann --deals 50

    python scripts/update_odds.py --from output/odds/*.jsonl other-machine/*.jsonl

A GAME:VARIANT is recorded under "GAME+VARIANT".  Deals 1..N, reproducible
with --states (--time only caps a slow machine).  Each deal's answer is kept
in 'patience odds''s results file (output/odds/GAME.jsonl) as it comes, so a
measurement stopped part way resumes where it stopped when run again.

--from builds the figures from results files instead (of several runs or
machines, merged): for each game and variant in them, deals 1 to N as far as
none is missing, under the largest budget any of them had; and names the
deals left undecided ("undecided_seeds": "7-9, 16"), so that they alone can
be searched again with a larger budget and the answers merged:

    patience odds labyrinth --seeds "7-9, 16" --states 3200000 --results more.jsonl
    python scripts/update_odds.py --from output/odds/labyrinth.jsonl more.jsonl"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import textwrap
from pathlib import Path

ODDS = Path(__file__).resolve().parent.parent / "rules_text" / "odds.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="GAME or GAME:VARIANT")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--states", type=int, default=5000)
    parser.add_argument("--time", type=float, default=2.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--from", dest="sources", nargs="+", metavar="FILE",
                        help="results files of 'patience odds' to build the figures from")
    parser.add_argument("--readme-only", action="store_true",
                        help="only rewrite the README's table from odds.json")
    args = parser.parse_args()
    if args.readme_only:
        write_readme(json.loads(ODDS.read_text(encoding="utf-8")))
        return
    data = json.loads(ODDS.read_text(encoding="utf-8"))
    if args.sources:
        for key, entry in from_results(args.sources).items():
            data["games"][key] = entry
            print(f"{key}: deals 1 to {entry['deals']}: won {entry['won']}, lost "
                  f"{entry['lost']}, undecided {entry['undecided']}")
        ODDS.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        write_readme(data)
        return
    for name in args.games:
        game, _, variant = name.partition(":")
        command = [sys.executable, "-m", "patience_cli", "odds", game, "--deals", str(args.deals),
                   "--states", str(args.states), "--time", str(args.time),
                   "--jobs", str(args.jobs), "--json"]
        if variant:
            command += ["--variant", variant]
        found = json.loads(subprocess.run(command, check=True, capture_output=True,
                                          text=True).stdout)
        key = game + (f"+{variant}" if variant else "")
        # read afresh: another run may have recorded a game since this one began
        data = json.loads(ODDS.read_text(encoding="utf-8"))
        data["games"][key] = {k: found[k] for k in ("variant", "deals", "won", "lost",
                                                    "undecided", "low", "high", "budget")}
        print(f"{key}: won {found['won']}, lost {found['lost']}, "
              f"undecided {found['undecided']}", flush=True)
        # each game's figures kept as soon as they are measured: a long run
        # stopped part way loses only the game it was on
        ODDS.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        write_readme(data)


def from_results(paths: list[str]) -> dict[str, dict]:
    """odds.json's entries from results files: one for each game and variant
    met in them."""
    from patience_cli.odds_results import Answers, first_deals, largest_budget, tally
    from patience_cli.results_file import read_results
    from patience_cli.seed_ranges import ranges_of, seeds_text
    from patience_cli.solver import odds_interval

    known: dict[tuple[str, str | None], Answers] = {}
    for path in paths:
        for answer in read_results(Path(path)):
            key = (answer.game, answer.variant)
            if key not in known:  # answers of the rules now played only
                known[key] = Answers(*key, rules_of(*key), proofs_of(*key))
            known[key].add(answer)
    entries = {}
    for (game, variant), answers in sorted(known.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")):
        deals = first_deals(answers)
        if not deals:
            print(f"{game}{'+' + variant if variant else ''}: no answer for deal 1; left out")
            continue
        t = tally(deals)
        low, high = odds_interval(t.won, t.lost, t.undecided)
        entry = entries[game + (f"+{variant}" if variant else "")] = {
            "variant": variant, "deals": t.deals, "won": t.won, "lost": t.lost,
            "undecided": t.undecided, "low": round(low, 4), "high": round(high, 4),
            "budget": largest_budget(deals).text()}
        if t.undecided:  # to search them again: 'patience odds GAME --seeds ...'
            entry["undecided_seeds"] = seeds_text(ranges_of(t.undecided_deals))
    return entries


def rules_of(game: str, variant: str | None) -> str | None:
    """The fingerprint of the rules *game* is played by now (None for a game
    or variant not known here: then every answer of it is taken)."""
    from patience_cli.layout import LayoutError, rules_fingerprint

    try:
        return rules_fingerprint(game, variant)
    except LayoutError:
        return None


def proofs_of(game: str, variant: str | None) -> int:
    """The first solver revision whose proofs of loss stand for *game* now
    (1, every one, for a game or variant not known here)."""
    from patience_cli.games import load
    from patience_cli.layout import LayoutError
    from patience_cli.solver import proofs_since

    try:
        return proofs_since(load(game, variant)[1])
    except LayoutError:
        return 1


def percent(x: float) -> str:
    if 0 < x < 0.001:  # a bound of a few in ten thousand is not 0%
        return f"{x:.2%}"
    text = f"{x:.1%}"
    return text.replace(".0%", "%") if text in ("0.0%", "100.0%") else text


def write_readme(data: dict) -> None:
    """Rewrite the README's odds table and its list of the rows short of the aim."""
    readme = ODDS.parent.parent / "README.md"
    readme.write_text(readme_text(readme.read_text(encoding="utf-8"), data), encoding="utf-8")


#: The aim: at most so many undecided deals in a hundred.
AIM = 10
#: What a game's rules do with the cards, as the shortfall list sorts its rows
#: (the key :func:`dealing_kind` gives), in the order listed.
KINDS = {
    "start": "Every card dealt at the start",
    "once": "Cards dealt as the game goes, the pack once through",
    "again": "A pack turned to a talon and dealt again",
    "gathered": "Cards gathered up or shifted and dealt again",
    "placed": "Each card turned laid where the player chooses",
}
TABLE_HEAD = ("| game | deals | positions a deal | won | lost | undecided | can be won (95%) |\n"
              "|---|---|---|---|---|---|---|\n")
SHORT_HEAD = "#### Where the solver falls short\n\n"
SHORT_END = "\n\nWhy, by kind, with the figures."


def dealing_kind(rules) -> str:
    """The key in :data:`KINDS` of what *rules* do with the cards."""
    play = rules.layout.play
    if play.placing is not None:
        return "placed"
    if any(feature.deals_again for feature in rules.features):
        return "gathered"
    if not rules.has_deal_step:
        return "start"
    return "once" if play.redeals == 0 else "again"  # (None: without limit)


def readme_text(text: str, data: dict) -> str:
    """*text* (the README) with the odds table and the opening of "Where
    the solver falls short" made from *data* (odds.json): one table row per
    measured game, most deals first, and the rows with more than :data:`AIM`
    undecided deals in a hundred named by kind, each with that figure and
    the positions each deal was given."""
    from patience_cli.games import load

    start = text.index(TABLE_HEAD) + len(TABLE_HEAD)
    end = text.index("\n\n", start)
    rows = []
    short: dict[str, list[str]] = {kind: [] for kind in KINDS}
    games = sorted(data["games"].items(), key=lambda kv: (-kv[1]["deals"], kv[0]))
    for key, o in games:
        game, _, variant = key.partition("+")
        layout, rules = load(game, o.get("variant") or None)
        name = layout.title
        if o.get("variant"):
            name += f" (`{o['variant']}`)"
        positions = int(o["budget"].split()[0])  # "5000 positions or 2 s a deal"
        rows.append(f"| {name} | {o['deals']:,} | {positions:,} | {o['won']:,} | {o['lost']:,} | "
                    f"{o['undecided']:,} | {percent(o['low'])} – {percent(o['high'])} |")
        per_hundred = 100 * o["undecided"] / o["deals"]
        if per_hundred > AIM:
            short[dealing_kind(rules)].append(f"{name} {per_hundred:.0f} ({positions:,})")
    text = text[:start] + "\n".join(rows) + text[end:]
    missing = sum(map(len, short.values()))
    lines = [f"The aim is at most {AIM} undecided deals in 100 for every game and variant. "
             f"{len(games) - missing} of the table's {len(games)} rows meet it (counting "
             "undecided deals per hundred, for the rows of more deals). The other "
             f"{missing}, by what their rules do with the cards, each with its undecided "
             "deals in 100 and, in brackets, the positions each deal was given (this list "
             "is written with the table, by `scripts/update_odds.py`):"]
    for kind, names in short.items():
        if names:
            lines.append(f"- **{KINDS[kind]}** ({len(names)}): " + ", ".join(names) + ".")
    lines = [textwrap.fill(line, 92, subsequent_indent="  " if line.startswith("- ") else "",
                           break_long_words=False, break_on_hyphens=False) for line in lines]
    lines.insert(1, "")
    start = text.index(SHORT_HEAD) + len(SHORT_HEAD)
    end = text.index(SHORT_END, start)
    return text[:start] + "\n".join(lines) + text[end:]


if __name__ == "__main__":
    main()
