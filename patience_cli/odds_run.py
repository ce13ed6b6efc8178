"""Solving many deals for ``patience odds``: on this machine, one process or
a pool of worker processes (``--jobs``), or on an existing Dask cluster
(``--scheduler``, the optional extra ``patience-cli[dask]``:
:mod:`patience_cli.odds_dask`).  Either way
the deals are sent out in packets of seeds and each deal's answer comes back
as a :class:`~patience_cli.odds_results.DealAnswer`, in the order they are
finished; the answers are the same, deal for deal, whichever way they ran
(a deal's answer depends only on the positions budget, the seconds being a
cap).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .odds_results import LOST, UNDECIDED, WON, Budget, DealAnswer


class SchedulerError(Exception):
    """The Dask cluster cannot be used (not installed, not reachable, no
    worker, a worker without patience-cli)."""


def solve_deal(game: str, variant: str | None, seed: int, budget: Budget,
               memory: int | None = None) -> DealAnswer:
    """One deal, solved from its start."""
    from .game import Game
    from .layout import rules_fingerprint
    from .solver import LOST as SOLVER_LOST
    from .solver import WON as SOLVER_WON
    from .solver import solve

    g = Game.new(game, variant, seed=seed)
    sol = solve(g.rules, g.start, seconds=budget.seconds, max_states=budget.positions,
                shorten=False, memory_most=memory)
    result = WON if sol.result == SOLVER_WON else LOST if sol.result == SOLVER_LOST \
        else UNDECIDED
    if sol.full:  # stopped by the memory cap: it had only the positions it reached
        budget = Budget(min(budget.positions, sol.states), budget.seconds)
    return DealAnswer(game, variant, seed, result, sol.states, sol.seconds, budget,
                      rules=rules_fingerprint(game, variant))


def solve_packet(task: tuple) -> list[DealAnswer]:
    """A packet of deals, for a worker process or a Dask worker: (game,
    variant, seeds, positions, seconds, memory)."""
    game, variant, seeds, positions, seconds, memory = task
    budget = Budget(positions, seconds)
    return [solve_deal(game, variant, seed, budget, memory) for seed in seeds]


def packets(seeds: Sequence[int], workers: int, most: int = 200) -> list[list[int]]:
    """The seeds cut into packets: some sixty-four a worker, so that the
    workers finish together, and at most *most* seeds each, so that a run
    stopped part way loses little and reports often (a packet's answers
    come back together: a hundred deals on two workers go one a packet,
    where a deal may take minutes)."""
    size = max(1, min(most, len(seeds) // (workers * 64) or 1))
    return [list(seeds[i:i + size]) for i in range(0, len(seeds), size)]


def run_here(game: str, variant: str | None, seeds: Sequence[int], budget: Budget,
             jobs: int, memory: int | None = None) -> Iterator[DealAnswer]:
    """Solve *seeds* on this machine with *jobs* worker processes (none for
    one job), each holding its share of *memory* (bytes; by default the
    solver's memory cap)."""
    from .solver import MEMORY_MOST

    share = (MEMORY_MOST if memory is None else memory) // jobs
    tasks = [(game, variant, p, budget.positions, budget.seconds, share)
             for p in packets(seeds, jobs)]
    if jobs <= 1:
        for task in tasks:
            yield from solve_packet(task)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for answers in pool.imap_unordered(solve_packet, tasks):
            yield from answers
