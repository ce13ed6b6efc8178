"""Foundations formed only at the end: while the pack or the talon holds a
card, no card goes to them (the Zodiac: "the foundations are not formed till
the end of the game ... If you succeed in placing all the cards, you then
begin to form the eight foundations").

Layout: a foundation pile's ``formed = "at-end"``.

For the solver it also proves positions lost where a suit's foundations can
no longer be built out of the piles its cards are locked in
(:mod:`.suits_unwind`), in the games of the shape that proof reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..layout import Role
from ..position import Move, Position
from .feature import Feature, Rules, targets_without


class FormedAtEnd(Feature):

    provides: ClassVar[frozenset[str]] = frozenset({"formed-at-end", "unwind-safe"})
    topic = "formed"
    keys = ('piles[].formed = "at-end"',)

    def __init__(self, rules: Rules, piles: frozenset[int], waiting: tuple[int, ...]) -> None:
        super().__init__(rules)
        #: the foundations formed at the end, and the piles they wait for
        self.piles, self.waiting = piles, waiting

    @classmethod
    def build(cls, rules: Rules) -> FormedAtEnd | None:
        piles = frozenset(p.index for p in rules.specs if p.formed == "at-end")
        waiting = tuple(p.index for p in rules.specs if p.role in (Role.STOCK, Role.TALON))
        return cls(rules, piles, waiting) if piles else None

    def closed(self, pos: Position) -> bool:
        return any(pos.piles[i] for i in self.waiting)

    def narrow_targets(self, pos: Position,
                       groups: Sequence[tuple[int, ...]]) -> Sequence[tuple[int, ...]]:
        return targets_without(groups, self.piles if self.closed(pos) else frozenset())

    def verdict(self, pos: Position, move: Move) -> bool | None:
        return False if move.dst in self.piles and self.closed(pos) else None

    def refusal(self, pos: Position, move: Move) -> str | None:
        if move.dst not in self.piles or not self.closed(pos):
            return None
        return ("the foundations are formed only at the end, once every card is placed: "
                "the pack and the talon must be out first")
