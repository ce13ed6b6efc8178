"""The pack dealt a card (or a few together) to each pile of a group at
every deal step.

Layout: ``play.deal_to``, the group dealt to (with a pile of role ``stock``),
or a table: ``group`` and ``cards``, how many are laid on each pile together
(la Nivernaise's Line, four at a time).  Once the pack is out, a new deal of
the group (``play.regather``), where the layout has one, takes the turn.
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
        #: the cards laid on each pile together
        self.cards = rules.layout.play.deal_cards
        #: whether a refill changes its sources once the pack is being dealt
        #: (a pile's ``refill.after_deal``: the Wheel's cushion, refilled only
        #: before the first deal)
        self.tracks_dealing = any(p.refill is not None and p.refill.after_deal is not None
                                  for p in rules.specs)

    def takes_turn(self, pos: Position) -> bool:
        return bool(pos.piles[self.stock]) or self.rules.feature("Regather") is None

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
            for _ in range(self.cards):
                if not stock:
                    break
                piles[i] = piles[i] + (stock.pop(),)
        piles[self.stock] = tuple(stock)
        down[self.stock] = min(down[self.stock], len(stock))
        new = Position(tuple(piles), tuple(down), pos.extra)
        if self.tracks_dealing and not pos.get("dealt"):
            new = new.with_extra(dealt=1)
        return new

    def deal_name(self, pos: Position) -> str:
        name = self.rules.specs[self.rules.group_piles[self.group][0]].name
        if self.cards > 1:
            return f"deal {self.cards} cards from the pack to each {name}"
        return f"deal a card from the pack to each {name}"

    def ordered_groups(self) -> set[str]:
        return {self.group}
