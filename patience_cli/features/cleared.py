"""A lone king that takes a card only once its packet has been cleared down to
it (Hoffmann's Picture Gallery: "if you are able to clear away the whole of
a packet, leaving the king alone, you are entitled to lay upon such king the
uppermost card of either of the other heaps").

Layout: a pile's ``build.alone = "cleared"``.  The position keeps the piles
that have held more than their first card (``covered``); the build lets such
a pile, down to its first card again, take a card (:mod:`patience_cli.building`).
"""

from __future__ import annotations

from typing import ClassVar

from ..position import Position
from .feature import Feature, Rules


class ClearedPackets(Feature):
    provides: ClassVar[frozenset[str]] = frozenset({"cleared"})
    reads_suits = False
    keys = ('piles[].build.alone = "cleared"',)
    plain = False

    def __init__(self, rules: Rules, piles: tuple[int, ...]) -> None:
        super().__init__(rules)
        self.piles = piles

    @classmethod
    def build(cls, rules: Rules) -> ClearedPackets | None:
        piles = tuple(p.index for p in rules.specs
                      if p.build is not None and p.build.alone == "cleared")
        return cls(rules, piles) if piles else None

    def settle(self, pos: Position) -> Position:
        """Keep the piles that now hold more than their first card."""
        covered = pos.get("covered", ())
        more = [i for i in self.piles if len(pos.piles[i]) > 1 and i not in covered]
        if not more:
            return pos
        return pos.with_extra(covered=tuple(sorted((*covered, *more))))

    def cleared(self, pos: Position, index: int) -> bool:
        """Whether pile *index* has held more than its first card (so that,
        down to that card again, it has been cleared)."""
        return index in pos.get("covered", ())
