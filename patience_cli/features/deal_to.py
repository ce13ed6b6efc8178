"""The pack dealt a card to each pile of a group at every deal step.

Layout: ``play.deal_to``, the group dealt to (with a pile of role ``stock``).
"""

from __future__ import annotations

from ..layout import Role
from ..position import Position
from .feature import DealStep, Rules


class DealTo(DealStep):
    keys = ("play.deal_to",)

    def __init__(self, rules: Rules, group: str, stock: int) -> None:
        super().__init__(rules)
        self.group, self.stock = group, stock

    @classmethod
    def build(cls, rules: Rules) -> "DealTo | None":
        group = rules.layout.play.deal_to
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        if group and len(stock) == 1:
            return cls(rules, group, stock[0])
        return None

    def deal_reason(self, pos: Position) -> str | None:
        return None if pos.piles[self.stock] else "the pack is dealt out"

    def apply_deal(self, pos: Position) -> Position:
        piles, down = list(pos.piles), list(pos.down)
        stock = list(piles[self.stock])
        for i in self.rules.group_piles[self.group]:
            if not stock:
                break
            piles[i] = piles[i] + (stock.pop(),)
        piles[self.stock] = tuple(stock)
        down[self.stock] = min(down[self.stock], len(stock))
        return Position(tuple(piles), tuple(down), pos.extra)

    def deal_name(self, pos: Position) -> str:
        name = self.rules.specs[self.rules.group_piles[self.group][0]].name
        return f"deal a card from the pack to each {name}"

    def ordered_groups(self) -> set[str]:
        return {self.group}
