"""The undermost card of every pile of some groups laid on its top, so many
times (the Crescent's "three times").

Layout: ``play.bottom_to_top`` with ``from`` (the groups) and ``times``.
"""

from __future__ import annotations

from .. import play_settings as settings
from ..position import Position
from .feature import DealStep, Rules


class BottomToTop(DealStep):
    deals_again = True
    keys = ("play.bottom_to_top",)

    def __init__(self, rules: Rules, rule: settings.BottomToTop) -> None:
        super().__init__(rules)
        self.groups = rule.groups
        self.times = rule.times

    @classmethod
    def build(cls, rules: Rules) -> BottomToTop | None:
        rule = rules.layout.play.bottom_to_top
        return None if rule is None else cls(rules, rule)

    def deal_reason(self, pos: Position) -> str | None:
        if int(pos.get("shifted", 0)) >= self.times:
            times = self.times
            return (f"the undermost cards have been laid on top "
                    f"{'once' if times == 1 else f'{times} times'}: there is no more")
        return None

    def tally(self, pos: Position) -> str | None:
        n = self.times - int(pos.get("shifted", 0))
        return f"{n} shift{'s' if n != 1 else ''} left"

    def apply_deal(self, pos: Position) -> Position:
        piles = list(pos.piles)
        for i, spec in enumerate(self.rules.specs):
            if spec.group in self.groups and len(piles[i]) > 1:
                piles[i] = piles[i][1:] + piles[i][:1]
        return Position(tuple(piles), pos.down, pos.extra).with_extra(
            shifted=int(pos.get("shifted", 0)) + 1)

    def deal_name(self, pos: Position) -> str:
        names = self.rules.group_names(self.groups).lower()
        return (f"lay the undermost card of each {names} on its top "
                f"({int(pos.get('shifted', 0)) + 1} of {self.times})")
