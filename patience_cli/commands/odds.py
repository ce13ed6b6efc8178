"""The 'odds' command: how often a game comes out, over many deals, each
deal's answer kept in a results file as it comes (odds_results.py), solved
on this machine or on a Dask cluster (odds_run.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated

import typer

from .. import output
from ..errors import quoted
from ..layout import load_layout, rules_fingerprint
from .app import (
    EXIT_REFUSED,
    SCHEMA,
    Fail,
    JsonOpt,
    MemoryOpt,
    VariantOpt,
    _complete_game,
    app,
    json_text,
    refuse_contest,
    resolve_choice,
    run,
    seconds_given,
)

#: the most deals 'odds' names one by one in its text (--json names them all)
ODDS_LISTED = 30
#: where the answers go unless --results says otherwise, as sheets go to output/
RESULTS_FOLDER = Path("output") / "odds"


@app.command()
def odds(
    game: Annotated[str, typer.Argument(autocompletion=_complete_game,
                                        help="The game, e.g. fours.")],
    deals: Annotated[int | None, typer.Option(
        "--deals", "-d", min=1, max=1_000_000,
        help="Solve deals 1 to N (100 unless --seeds).")] = None,
    seeds: Annotated[str | None, typer.Option(
        "--seeds", help="The deals to solve: FIRST-LAST, or several joined by commas "
        "(1-1000000; 1-10,50-60).")] = None,
    states: Annotated[int, typer.Option(
        "--states", min=10, help="Positions each deal may search (keeps a run "
        "reproducible).")] = 20_000,
    seconds: Annotated[float, typer.Option(
        "--time", "-t", min=0.1, max=86400.0, callback=seconds_given,
        help="Seconds each deal may search, at most.")] = 10.0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, max=256,
                                      help="Worker processes on this machine (at most one "
                                      "a core; the memory cap is shared among them).")] = 1,
    results: Annotated[str | None, typer.Option(
        "--results", "-r", help="The results file each deal's answer is added to as it "
        "comes, and taken from when the deal is asked again (default: "
        "output/odds/GAME.jsonl).")] = None,
    no_results: Annotated[bool, typer.Option(
        "--no-results", help="Keep no results file: solve every deal, write nothing.")] = False,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", help="Solve on the Dask cluster whose scheduler is at this address "
        "(tls://HOST:8786, with Dask's TLS configuration; tcp:// only on one machine or a "
        "closed network) instead of this machine; needs pip install "
        "'patience-cli\\[dask]'.")] = None,
    memory: MemoryOpt = None, variant: VariantOpt = None, as_json: JsonOpt = False,
) -> None:
    """How often a game comes out: solves deals 1..N (or --seeds) and reports
    those won, proved lost and undecided, and the share that can be won with
    its 95% interval (undecided deals widen it; they are not counted as
    losses). Thoughtful solving: the solver sees every card. Reproducible when
    the --states budget, not --time, stops the searches.

    Each deal's answer is added to a results file as it comes (one JSON line
    a deal), so a run stopped part way resumes where it stopped when run
    again, a larger run reuses a smaller one's answers, and the files of
    several runs or machines merge (concatenate them). A deal won or proved
    lost is taken from the file whatever its budget; an undecided one only if
    it had at least this budget.

    Examples: patience odds fours --deals 10000 --jobs 2 ; patience odds
    flower-garden --deals 100 --time 10 --json ; patience odds fours --seeds
    1-1000000 --scheduler tls://HOST:8786
    """
    def body() -> None:
        from ..games import load
        from ..odds_results import Answers, Budget
        from ..seed_ranges import SeedRangeError, parse_seeds, seeds_text
        from ..solver import proofs_since

        gid, var = resolve_choice(game, variant)
        refuse_contest(load_layout(gid, var), "patience odds")
        if deals is not None and seeds is not None:
            raise Fail("give one of --deals N or --seeds FIRST-LAST")
        if no_results and results is not None:
            raise Fail("give one of --results FILE or --no-results")
        try:
            ranges = parse_seeds(seeds) if seeds is not None else [range(1, (deals or 100) + 1)]
        except SeedRangeError as exc:
            raise Fail(f"--seeds: {exc}") from None
        wanted = [n for r in ranges for n in r]
        if len(set(wanted)) != len(wanted):
            raise Fail(f"--seeds names some deals twice: {seeds}")
        budget = Budget(states, seconds)
        path = None if no_results else _results_path(results, gid, var)
        known = Answers(gid, var, rules_fingerprint(gid, var), proofs_since(load(gid, var)[1]))
        if path is not None and path.exists():
            _read_into(known, path)
        taken = {n: a for n in wanted if (a := known.usable(n, budget)) is not None}
        todo = [n for n in wanted if n not in taken]
        found = dict(taken)
        from .odds_progress import OddsProgress

        if scheduler is not None:
            _warn_if_open(scheduler)
        bar = OddsProgress(len(wanted), list(taken.values()))
        try:
            for answer in _answers(gid, var, todo, budget, jobs, scheduler, path,
                                   None if memory is None else memory << 20, bar.notice):
                found[answer.seed] = answer
                bar.add(answer)
        except KeyboardInterrupt:
            bar.close()
            kept = f": {len(found)} answers are kept in {path}; the same command resumes" \
                if path is not None else ""
            output.error(f"stopped{kept}")
            raise typer.Exit(130) from None
        finally:
            bar.close()
        _report(gid, var, [found[n] for n in wanted], budget, seeds_text(ranges),
                path, len(taken), as_json)
    run(body, as_json)


def _results_path(given: str | None, gid: str, var: str | None) -> Path:
    if given is None:
        return RESULTS_FOLDER / f"{gid}{'+' + var if var else ''}.jsonl"
    if not given.strip() or "\x00" in given:
        raise Fail(f"{quoted(given)} is not a usable file name for --results")
    path = Path(given).expanduser()
    if path.is_dir():
        raise Fail(f"--results {given}: it is a folder; give a file name")
    from .writing import check_folder

    check_folder(path, RESULTS_FOLDER)  # before the deals are solved, not after
    return path


def _read_into(known, path: Path) -> None:
    from ..odds_results import ResultsError
    from ..results_file import read_results

    try:
        for answer in read_results(path):
            known.add(answer)
    except ResultsError as exc:
        raise Fail(f"{exc}; move the file aside or give another --results") from None
    except OSError as exc:
        raise Fail(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}",
                   EXIT_REFUSED) from None


def _answers(gid: str, var: str | None, todo: list[int], budget, jobs: int,
             scheduler: str | None, path: Path | None, memory: int | None,
             notice: Callable[[str], None]) -> Iterator:
    """The answers of the deals *todo*, each added to the results file as it
    comes (a whole line at once, flushed: a run stopped leaves whole lines).
    *memory*: the bytes the searches may take (the solver's cap where None),
    shared among this machine's jobs, each Dask worker's own."""
    from ..odds_dask import run_on_dask
    from ..odds_run import SchedulerError, run_here
    from ..results_file import cut_torn_line
    from .writing import check_folder, why_unwritten

    if not todo:
        return
    import os

    if scheduler is not None:
        source = run_on_dask(gid, var, todo, budget, scheduler, memory, notice)
    else:
        source = run_here(gid, var, todo, budget, max(1, min(jobs, os.cpu_count() or 1,
                                                             len(todo))), memory)
    fh = None
    try:
        if path is not None and path.exists():
            try:
                cut_torn_line(path)
            except OSError as exc:
                raise Fail(f"cannot write {path}: {why_unwritten(exc, path)}",
                           EXIT_REFUSED) from None
        for answer in source:
            if path is not None and fh is None:  # made when the first answer comes
                try:
                    check_folder(path, RESULTS_FOLDER)
                    fh = open(path, "a", encoding="utf-8")
                except OSError as exc:
                    raise Fail(f"cannot write {path}: {why_unwritten(exc, path)}",
                               EXIT_REFUSED) from None
            if fh is not None:
                fh.write(answer.line())
                fh.flush()
            yield answer
    except SchedulerError as exc:
        raise Fail(str(exc), EXIT_REFUSED) from None
    finally:
        if fh is not None:
            fh.close()


def _report(gid: str, var: str | None, answers: list, budget, seeds: str, path: Path | None,
            taken: int, as_json: bool) -> None:
    from ..odds_results import tally
    from ..solver import odds_interval

    t = tally(answers)
    low, high = odds_interval(t.won, t.lost, t.undecided)
    if as_json:
        output.write(json_text({"schema": SCHEMA, "kind": "odds", "game": gid, "variant": var,
                                "deals": t.deals, "seeds": seeds, "won": t.won, "lost": t.lost,
                                "undecided": t.undecided, "low": round(low, 4),
                                "high": round(high, 4), "budget": budget.text(),
                                "results": None if path is None else str(path),
                                "reused": taken, "lost_deals": list(t.lost_deals),
                                "undecided_deals": list(t.undecided_deals)}))
        return
    which = f"deal {seeds}" if t.deals == 1 else f"deals {seeds}" \
        if "," in seeds or not seeds.startswith("1-") else f"deals 1 to {seeds[2:]}"
    output.write(f"{load_layout(gid, var).title}, {which} ({budget.text()}):\n"
                 f"  won {t.won:,}, proved lost {t.lost:,}, undecided {t.undecided:,}\n"
                 f"  can be won: {low:.1%} to {high:.1%} of deals (95% interval)\n")
    for what, listed in (("proved lost", t.lost_deals), ("undecided", t.undecided_deals)):
        if listed and len(listed) <= ODDS_LISTED:
            output.write(f"  {what}: deal{'s' if len(listed) > 1 else ''} "
                         f"{', '.join(map(str, listed))}\n")
    if path is not None:
        solved = t.deals - taken
        output.write(f"  answers kept in {path}" + (f" ({taken:,} taken from it, {solved:,} "
                                                    "solved now)" if taken else "") + "\n")


def _warn_if_open(scheduler: str) -> None:
    """One line where a plain tcp:// scheduler is on another machine: anyone
    who can reach its port can run code on every worker."""
    from ..odds_dask import plain_and_remote

    if plain_and_remote(scheduler):
        output.error("note: --scheduler tcp:// is unencrypted and unauthenticated: whoever "
                     "can reach that port can run code on every worker; on an open network "
                     "use tls:// with certificates (README, 'Odds on a cluster')")
