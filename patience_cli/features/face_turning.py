"""A pile that keeps its top card face up (``face = "top-up"``, Klondike's
rows) or whose cards lie face up and down in turn (``face = "alternate"``,
the Olga): when its last face-up card is taken away, the card beneath is
turned up.

Layout: a pile's ``face``.
"""

from __future__ import annotations

from typing import ClassVar

from ..position import Move, Position
from .feature import Feature, Rules

TURNING = ("top-up", "alternate")


class FaceTurning(Feature):

    provides: ClassVar[frozenset[str]] = frozenset({"still", "holds-nothing"})
    reads_suits = False
    keys = ('piles[].face = "top-up" | "alternate"',)
    place_blind = True

    def __init__(self, rules: Rules, piles: frozenset[int]) -> None:
        super().__init__(rules)
        self.piles = piles

    @classmethod
    def build(cls, rules: Rules) -> FaceTurning | None:
        piles = frozenset(p.index for p in rules.specs if p.face in TURNING)
        return cls(rules, piles) if piles else None

    def after_move(self, before: Position, move: Move, after: Position) -> Position:
        """The card beneath turned up where the move took the last face-up
        card away: from its source, or from the pile it went to when a rule
        took the cards there away (a pair put out)."""
        for index in (move.src, move.dst):
            if index in self.piles:
                after = turn_up(after, index)
        return after


def turn_up(pos: Position, index: int) -> Position:
    """The card beneath a pile's last face-up card, turned up once that card
    is taken away (with ``alternate`` the count is of the cards never yet
    uncovered, and the card beneath is turned up, or was already face up)."""
    n = len(pos.piles[index])
    if n and pos.down[index] >= n:
        down = tuple(n - 1 if i == index else d for i, d in enumerate(pos.down))
        return Position(pos.piles, down, pos.extra)
    return pos
