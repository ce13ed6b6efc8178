"""The Queens, from Cadogan's book (no. 29): the payments of the queens.

The rest of the game is the layout's (the key, the shutter, the kings'
foundations, the talon).  This module adds the book's two payments:

* Rule IV, at the deal: while the top card of the key is a queen, fourteen
  cards are taken from the top of the key, the queen with them, and put at
  the bottom of the pack (all that is left of the key if fewer).
* Rule V, when the pack is out: each queen lying in the talon pays three cards
  besides herself, taken from the bottom of the talon (all that is left if
  fewer), and these cards are a fresh pack, dealt as before
  (``patience deal``), and the queens pay again each time the pack is out
  ("again count the queens to repay yourself as before").  A payment is
  refused once a deal through the pack has placed no card (none of the cards
  it turned left the talon, the cards left there by the last payment aside):
  the next could only do the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import Card
from ..engine import Position
from ..features.game_rule import GameRule

if TYPE_CHECKING:
    from ..engine import Rules as Engine

QUEEN = 12
#: Rule IV: the cards a queen on the key pays, herself included.
KEY_PAYMENT = 14
#: Rule V: the cards a queen in the talon pays besides herself.
TALON_PAYMENT = 3


def key_paid(key: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """(the key left, the cards paid from its top, the first paid undermost
    of them): fourteen for each queen on top, herself included."""
    paid: tuple[Card, ...] = ()
    key = tuple(key)
    while key and key[-1].rank == QUEEN:
        block = key[-KEY_PAYMENT:]
        key, paid = key[:len(key) - len(block)], paid + block[::-1]
    return key, paid


def talon_paid(talon: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """(the talon left, the fresh pack in the order it is dealt): every queen
    lying in the talon, and three cards besides each from its bottom."""
    queens = [c for c in talon if c.rank == QUEEN]
    others = [c for c in talon if c.rank != QUEEN]
    taken = others[:TALON_PAYMENT * len(queens)]  # from the bottom
    dealt = taken + queens
    left = list(talon)
    for c in dealt:
        left.remove(c)
    return tuple(left), tuple(dealt)


class QueensRules(GameRule):
    rules: Engine

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        layout = rules.layout
        self.stock = self.needs(rules.stock, "a pack")
        self.talon = self.needs(rules.talon, "a talon")
        self.key = layout.group("key")[0].index

    # ------------------------------------------------------------ the deal
    def initial_extra(self, pos: Position) -> Position:
        """Rule IV: the key's queens pay, to the bottom of the pack."""
        piles, down = list(pos.piles), list(pos.down)
        piles[self.key], paid = key_paid(piles[self.key])
        piles[self.stock] = paid + piles[self.stock]
        down[self.stock] = len(piles[self.stock])
        return Position(tuple(piles), tuple(down), pos.extra).with_extra(
            key_paid=len(paid), pass_size=len(piles[self.stock]))

    # ------------------------------------------------------------ the fresh pack
    def _paying(self, pos: Position) -> bool:
        return not pos.piles[self.stock]

    def deal_reason(self, pos: Position) -> str | None:
        if not self._paying(pos):
            return super().deal_reason(pos)
        talon = pos.piles[self.talon]
        if not any(c.rank == QUEEN for c in talon):
            return "the pack is out and no queen lies in the talon to pay for a fresh pack"
        if len(talon) - int(pos.get("talon_left", 0)) >= int(pos.get("pass_size", 0)):
            return ("the last deal through the pack placed no card: a fresh pack would "
                    "place none")
        return None

    def apply_deal(self, pos: Position) -> Position:
        if not self._paying(pos):
            return super().apply_deal(pos)
        piles, down = list(pos.piles), list(pos.down)
        piles[self.talon], dealt = talon_paid(piles[self.talon])
        piles[self.stock] = dealt[::-1]  # the first taken on top
        down[self.stock] = len(dealt)
        return Position(tuple(piles), tuple(down), pos.extra).with_extra(
            pass_size=len(dealt), talon_left=len(piles[self.talon]),
            payments=int(pos.get("payments", 0)) + 1)

    def deal_step_name(self, pos: Position) -> str:
        if not self._paying(pos):
            return super().deal_step_name(pos)
        q = sum(1 for c in pos.piles[self.talon] if c.rank == QUEEN)
        return (f"the {q} quee{'ns' if q != 1 else 'n'} in the talon pay: each with three "
                "cards from its bottom, a fresh pack")

    def lost_reason(self, pos: Position) -> str:
        why = self.deal_reason(pos) if self._paying(pos) else None
        return "no card can be played, and " + (why or "there is no further deal")


RULES = QueensRules
