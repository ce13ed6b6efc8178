"""The project's own random generator and shuffle, so a seed deals the same
cards on every machine and every Python version.

Deal algorithm **r1** (versioned: a change here must bump ``DEAL_VERSION`` and
keep the old one available so shared seeds keep working):

* Generator: PCG32 (PCG-XSH-RR, 64-bit state, 32-bit output), M. E. O'Neill,
  "PCG: A Family of Simple Fast Space-Efficient Statistically Good Algorithms
  for Random Number Generation" (2014), with the reference multiplier
  6364136223846793005 and increment 1442695040888963407.  The seed (an integer
  0 ≤ seed < 2**64) is set with the reference ``pcg32_srandom_r`` procedure.
* Bounded integers: rejection sampling on 32-bit outputs (no modulo bias).
* Shuffle: Fisher–Yates, from the last position down to the second; the pack
  starts in the order of :func:`patience_cli.cards.new_pack`.
* The first card of the shuffled list is the top of the pack: the first dealt.
* Games where each player has a pack of his own (Sympathy) shuffle each pack
  in turn, the first pack first, all with the one generator seeded once; the
  deck is then the first pack followed by the second.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

DEAL_VERSION = 1
MAX_SEED = 2**64 - 1

_MASK64 = 2**64 - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407

T = TypeVar("T")


class PCG32:
    """PCG-XSH-RR 64/32."""

    __slots__ = ("state", "inc")

    def __init__(self, seed: int, stream: int | None = None) -> None:
        if not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be between 0 and {MAX_SEED}")
        # ``stream`` is the reference ``initseq``; the deals use the fixed increment.
        self.inc = _INC if stream is None else ((stream << 1) | 1) & _MASK64
        self.state = 0
        self.next_u32()
        self.state = (self.state + seed) & _MASK64
        self.next_u32()

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, bound: int) -> int:
        """A uniform integer in ``range(bound)`` (1 ≤ bound ≤ 2**32)."""
        if not 1 <= bound <= 2**32:
            raise ValueError("bound out of range")
        threshold = (2**32 - bound) % bound
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % bound


def shuffle(items: MutableSequence[T], seed: int) -> None:
    """Shuffle *items* in place, reproducibly from *seed* (deal algorithm r1)."""
    _fisher_yates(items, PCG32(seed))


def shuffle_each(packs: Sequence[MutableSequence[T]], seed: int) -> None:
    """Shuffle several packs in place, in turn, with one generator (r1)."""
    rng = PCG32(seed)
    for pack in packs:
        _fisher_yates(pack, rng)


def _fisher_yates(items: MutableSequence[T], rng: PCG32) -> None:
    """The shuffle, with :meth:`PCG32.below` written out in the loop (every
    deal of a study's thousands is shuffled here; the same numbers come out)."""
    state, inc = rng.state, rng.inc
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        threshold = (0x100000000 - bound) % bound
        while True:
            old = state
            state = (old * _MULT + inc) & _MASK64
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
            if r >= threshold:
                break
        j = r % bound
        items[i], items[j] = items[j], items[i]
    rng.state = state
