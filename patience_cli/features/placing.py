"""Rounds of cards the player places: after the lay-out, the pack is turned
a card at a time, and each card turned is either played to a foundation or
laid by the player on any card of a group, until a round of so many cards is
laid; while a round is dealt, the group's cards may not be played, unless
``frozen = false`` (the Fairest No. 2's four waste heaps, whose top cards
are free while the card turned waits to be placed) (Sly:
"this second row of twenty cards must be placed on the top of ... the first
row, but in any manner and on any cards of the promenade you please ... each
deal of twenty cards must be complete before any can be played").

Layout: ``play.placing`` with ``group`` (the piles cards are laid on) and
``round`` (how many cards a round lays; the cards played up as they are
turned do not count), with a pile of role ``stock`` and one of role ``talon``
(where the card turned waits to be placed).
"""

from __future__ import annotations

from typing import ClassVar

from .. import play_settings as settings
from ..cards import Card
from ..layout import Role
from ..position import Move, Position
from .feature import DealStep, Rules


class PlacedRounds(DealStep):

    provides: ClassVar[frozenset[str]] = frozenset({"placing"})
    reads_suits = False
    topic = "placing"
    keys = ("play.placing",)
    plain = False
    restricts_routes = True

    def __init__(self, rules: Rules, rule: settings.Placing, stock: int, talon: int) -> None:
        super().__init__(rules)
        self.piles = rules.group_piles[rule.group]
        self.size = rule.round
        #: whether the group's cards wait while a round is laid
        self.frozen = rule.frozen
        # where a round is one card and the group's cards are free, a card laid instead
        # of played up changes no round's cards (the Fly); elsewhere it ends a round sooner
        self.reads_cards_left = self.size > 1 or self.frozen
        self.stock, self.talon = stock, talon

    @classmethod
    def build(cls, rules: Rules) -> PlacedRounds | None:
        rule = rules.layout.play.placing
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        talon = [p.index for p in rules.specs if p.role is Role.TALON]
        if rule is None or len(stock) != 1 or len(talon) != 1:
            return None
        return cls(rules, rule, stock[0], talon[0])

    # ------------------------------------------------------------ the round
    @staticmethod
    def in_round(pos: Position) -> bool:
        return bool(pos.get("round_on"))

    def placed(self, pos: Position) -> int:
        return int(pos.get("placed", 0))

    def _ended(self, pos: Position) -> Position:
        return pos.with_extra(round_on=0, placed=0)

    def tally(self, pos: Position) -> str | None:
        if not self.in_round(pos) or self.size == 1:
            return None
        return f"{self.placed(pos)} of {self.size} placed"

    # ------------------------------------------------------------ the deal
    def takes_turn(self, pos: Position) -> bool:
        return bool(pos.piles[self.stock])

    def deal_reason(self, pos: Position) -> str | None:
        return None if pos.piles[self.stock] else "the pack is dealt out (there is no redeal)"

    def blocks_deal(self, pos: Position) -> bool:
        return bool(pos.piles[self.talon])

    def deal_refusal(self, pos: Position) -> str | None:
        if not pos.piles[self.talon]:
            return None
        return (f"the {pos.piles[self.talon][-1]} turned up must be placed first: on any card "
                f"of the {self._name()}, or on a foundation that takes it")

    def apply_deal(self, pos: Position) -> Position:
        """Turn the pack's next card up, to be placed; it begins a round if
        none is being dealt."""
        after = self.rules.transfer(pos, self.stock, self.talon)
        down = list(after.down)
        down[self.stock] = min(pos.down[self.stock], len(after.piles[self.stock]))
        after = Position(after.piles, tuple(down), after.extra)
        return after if self.in_round(pos) else after.with_extra(round_on=1, placed=0)

    def deal_name(self, pos: Position) -> str:
        n = self.placed(pos) + 1 if self.in_round(pos) else 1
        if self.size == 1:
            return "turn up the next card of the pack, to be played or placed"
        return f"turn up the next card of the pack, to be placed ({n} of {self.size})"

    def dealt_words(self, pos: Position, ascii: bool) -> str | None:
        if not pos.piles[self.stock]:
            return None
        return f"turned up the {pos.piles[self.stock][-1].text(ascii)}, to be placed"

    # ------------------------------------------------------------ placing
    def _name(self) -> str:
        spec = self.rules.specs[self.piles[0]]
        return spec.heading or spec.name

    def places(self) -> tuple[int, ...]:
        return self.piles

    def fits(self, pos: Position, card: Card, dst: int) -> bool:
        talon = pos.piles[self.talon]
        return self.in_round(pos) and bool(talon) and talon[-1] == card

    def ranks_placed(self, pos: Position, dst: int) -> frozenset[int] | None:
        talon = pos.piles[self.talon]
        return frozenset((talon[-1].rank,)) if talon and self.in_round(pos) else frozenset()

    def build_reason(self, pos: Position, card: Card, dst: int) -> str | None:
        if self.fits(pos, card, dst):
            return None
        if not self.in_round(pos):
            return (f"cards are laid on the {self._name()} only as a round is dealt: "
                    "between rounds its cards are played, nothing is laid on them")
        return f"only the card turned up is laid on the {self._name()}"

    def route_allows(self, pos: Position, src: int, dst: int, card: Card) -> bool:
        return dst not in self.piles or src == self.talon

    def route_refusal(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        if self.route_allows(pos, src, dst, card):
            return None
        return (f"only the card turned up is laid on the {self._name()}: no card passes from "
                "one packet to another")

    def narrow_sources(self, pos: Position, sources: tuple[int, ...]) -> tuple[int, ...]:
        if not self.in_round(pos) or not self.frozen:
            return sources
        return tuple(i for i in sources if i not in self.piles)

    def verdict(self, pos: Position, move: Move) -> bool | None:
        if self.frozen and self.in_round(pos) and move.src in self.piles:
            return False
        return None

    def refusal(self, pos: Position, move: Move) -> str | None:
        if self.frozen and self.in_round(pos) and move.src in self.piles:
            return (f"the {self._name()}'s cards are played only when the round of "
                    f"{self.size} is laid: {self.placed(pos)} placed so far")
        return None

    def after_move(self, before: Position, move: Move, after: Position) -> Position:
        """A card laid on the group counts toward the round; the round ends
        when it is complete."""
        if move.src != self.talon or move.dst not in self.piles:
            return after
        placed = self.placed(before) + 1
        return self._ended(after) if placed >= self.size else after.with_extra(placed=placed)

    def settle(self, pos: Position) -> Position:
        """The pack run out with the card turned gone: the round ends short."""
        if self.in_round(pos) and not pos.piles[self.stock] and not pos.piles[self.talon]:
            return self._ended(pos)
        return pos

    def ordered_groups(self) -> set[str]:
        return set()
