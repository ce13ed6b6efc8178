"""Counters paid for the pack and won for each card on a foundation
(Klondike's "pays 52 ... paid 5 counters for every card").

Layout: ``play.score`` with ``stake`` and ``per_card``.
"""

from __future__ import annotations

from typing import ClassVar

from ..position import Position
from .feature import Feature, Rules


class Scoring(Feature):

    provides: ClassVar[frozenset[str]] = frozenset({"still", "holds-nothing", "scoring"})
    keys = ("play.score",)

    def __init__(self, rules: Rules, stake: int, per_card: int) -> None:
        super().__init__(rules)
        self.stake, self.per_card = stake, per_card

    @classmethod
    def build(cls, rules: Rules) -> Scoring | None:
        score = rules.layout.play.score
        return None if score is None else cls(rules, score.stake, score.per_card)

    def counters(self, pos: Position) -> int:
        """The player's counters: so many won for each card on a foundation,
        less the stake paid."""
        return self.per_card * self.rules.home_count(pos) - self.stake
