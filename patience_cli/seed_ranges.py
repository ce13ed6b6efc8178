"""The deals a ``--seeds`` option names: ``7``, ``1-1000`` or ``1-10,20-30``,
read alike by every command that takes one (``deal-out``, ``odds``).  Plain
Python, no I/O."""

from __future__ import annotations

from collections.abc import Iterable

from .game import ascii_number
from .rng import MAX_SEED

#: the most seeds one ``--seeds`` text may name (a million deals is the
#: odds' scale; ten million is a night on a cluster)
MOST_SEEDS = 100_000_000
_READ_MOST = MAX_SEED * 10 + 9


class SeedRangeError(ValueError):
    """A ``--seeds`` text that names no deals; its message says why, in one line."""


def parse_seeds(text: str, most: int = MOST_SEEDS) -> list[range]:
    """``1-1000000``, ``7`` or ``1-10,20-30`` → the ranges of seeds they name,
    in the order given, *most* seeds at most (raises :class:`SeedRangeError`).
    Only ASCII digits are read: ``str.isdigit`` also takes '²' and '٣'."""
    ranges: list[range] = []
    total = 0
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        # (read up to a digit longer than the largest seed, to say what is wrong)
        low = ascii_number(first, _READ_MOST)
        high = ascii_number(last, _READ_MOST) if dash else low
        if low is None or high is None:
            raise SeedRangeError(f"{text[:40]!r} is not a range of seeds (they look like 7, "
                                 "1-1000 or 1-10,20-30)")
        if high > MAX_SEED:
            raise SeedRangeError(f"a seed is a whole number from 0 to {MAX_SEED}, not {high}")
        if high < low:
            raise SeedRangeError(f"the range of seeds {part!r} ends before it begins")
        ranges.append(range(low, high + 1))
        total += high - low + 1
        if total > most:
            raise SeedRangeError(f"{text[:40]!r} names more than {most:,} seeds")
    return ranges


def ranges_of(seeds: Iterable[int]) -> list[range]:
    """The runs of consecutive seeds in *seeds*, ascending (``1, 2, 3, 7`` →
    ``1-3`` and ``7``), for :func:`seeds_text`."""
    return _joined([range(seed, seed + 1) for seed in sorted(set(seeds))])


def seeds_text(ranges: list[range]) -> str:
    """Inverse of :func:`parse_seeds` (``1-50``; ``1-10, 20-30``), ranges
    that run on into each other written as one (``1,2,3,7`` → ``1-3, 7``)."""
    return ", ".join(f"{r.start}" if len(r) == 1 else f"{r.start}-{r[-1]}"
                     for r in _joined(ranges))


def _joined(ranges: list[range]) -> list[range]:
    """*ranges* in their order, each that runs on into the one before joined to it."""
    joined: list[range] = []
    for r in ranges:
        if joined and joined[-1].stop == r.start:
            joined[-1] = range(joined[-1].start, r.stop)
        else:
            joined.append(r)
    return joined
