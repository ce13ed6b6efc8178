"""Valentine, from Hoffmann's book (no. 26).

Nothing in Valentine is a choice: each ``patience deal`` turns the next card
of the pack, and ``patience auto`` plays to the end.

* Four cards lie in a row, each the start of a heap.  A card turned that is
  of a heap's suit and one above its top card is laid on it; one below its
  undermost card, slid underneath it (the book's "if in descending sequence,
  underneath it").  The ascending place is looked at first, the heaps from
  the left.
* While the row has fewer than four heaps, a card that joins none begins a
  heap of its own (the footnote: two of the first four that follow in suit
  come together at once, "the vacancy being supplied by the next card").
* With four heaps, the first card that joins none is laid beside the row
  (the fifth place of Hoffmann's picture).  The next step gathers the four
  heaps, left to right, turns them over and puts them under the pack; the
  card beside the row begins the new row, and the pack's next cards fill it.

A heap gathered comes out of the pack again lowest card first, and so comes
together again as it is dealt: runs are never broken.  A new card joined to
a run (a "fresh card placed", in the book's words) is so the only progress,
and once the runs have gone round four times with none, the row's groupings
repeat (they come in windows of four runs, which realign after at most four
rounds): the game is lost.  It is won when the four heaps are the four
suits, ace to king, every card in the row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card
from ..engine import Move, Position
from ..features.game_rule import GameRule

if TYPE_CHECKING:
    from ..engine import Rules as Engine


def joins(card: Card, heap: tuple[Card, ...]) -> str | None:
    """``top`` if *card* goes on *heap*, ``under`` if it goes beneath it."""
    if not heap or card.suit != heap[-1].suit:
        return None
    if card.rank == heap[-1].rank + 1:
        return "top"
    if card.rank == heap[0].rank - 1:
        return "under"
    return None


class ValentineRules(GameRule):
    rules: Engine

    has_deal_step = True

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        self.stock = self.needs(rules.stock, "a pack")
        layout = rules.layout
        self.row = tuple(p.index for p in layout.group("heap"))
        self.beside = layout.group("beside")[0].index
        #: the card turns, with no fresh card placed, after which the row's
        #: groupings have all come round: four rounds of the whole pack
        self.stall_limit = 4 * 52

    # ------------------------------------------------------------ the deal
    def deal(self, deck):
        """The four cards the layout lays in the row taken as turned from the
        pack in their order, so that two that follow in suit come together
        and the place so emptied takes the next card (Hoffmann's footnote)."""
        pos = super().deal(deck)
        piles = list(pos.piles)
        laid = tuple(c for i in self.row for c in piles[i])
        piles[self.stock] = piles[self.stock] + laid[::-1]  # the first laid on top
        for i in self.row:
            piles[i] = ()
        down = list(pos.down)
        down[self.stock] = len(piles[self.stock])
        pos = Position(tuple(piles), tuple(down), pos.extra)
        while pos.piles[self.stock] and any(not pos.piles[i] for i in self.row):
            pos = self._turn(pos)
        return pos.with_extra(barren=0, best=self.links(pos))

    def links(self, pos: Position) -> int:
        """How many cards lie next to the card one below them in suit, in a
        heap or (a gathered heap, lowest card uppermost) in the pack: the
        progress made, which a fresh card placed raises for good."""
        pack = pos.piles[self.stock]
        return sum(len(pos.piles[i]) - 1 for i in self.row if pos.piles[i]) + \
            sum(1 for a, b in zip(pack, pack[1:]) if a.suit == b.suit and a.rank == b.rank + 1)

    def _turn(self, pos: Position) -> Position:
        """The pack's next card turned and laid: on or under a heap, as a new
        heap while the row has a place, else beside the row."""
        piles = list(pos.piles)
        card = piles[self.stock][-1]
        piles[self.stock] = piles[self.stock][:-1]
        placed = None
        for way in ("top", "under"):
            placed = next((i for i in self.row if joins(card, piles[i]) == way), None)
            if placed is not None:
                piles[placed] = piles[placed] + (card,) if way == "top" else \
                    (card,) + piles[placed]
                break
        if placed is None:
            empty = next((i for i in self.row if not piles[i]), None)
            piles[self.beside if empty is None else empty] = (card,)
        down = list(pos.down)
        down[self.stock] = len(piles[self.stock])
        new = Position(tuple(piles), tuple(down), pos.extra)
        # a fresh card placed: more cards lie in order than ever before
        links, best = self.links(new), int(pos.get("best", 0))
        if links > best:
            return new.with_extra(barren=0, best=links)
        return new.with_extra(barren=int(pos.get("barren", 0)) + 1)

    def _gather(self, pos: Position) -> Position:
        """The row's heaps gathered left to right, turned over and put under
        the pack (the left-hand heap's lowest card the first to come out
        again); the card beside the row begins the new row."""
        piles = list(pos.piles)
        gathered = tuple(c for i in self.row for c in piles[i])
        piles[self.stock] = gathered[::-1] + piles[self.stock]
        for i in self.row:
            piles[i] = ()
        piles[self.row[0]], piles[self.beside] = piles[self.beside], ()
        down = list(pos.down)
        down[self.stock] = len(piles[self.stock])
        pos = Position(tuple(piles), tuple(down), pos.extra)
        while pos.piles[self.stock] and any(not pos.piles[i] for i in self.row):
            pos = self._turn(pos)
        return pos

    def deal_reason(self, pos: Position) -> str | None:
        if int(pos.get("barren", 0)) >= self.stall_limit:
            return ("the cards have gone round the pack four times with no fresh card "
                    "placed: the row's groupings only repeat")
        if not pos.piles[self.stock] and not pos.piles[self.beside]:
            return "every card lies in the row"
        return None

    def apply_deal(self, pos: Position) -> Position:
        if pos.piles[self.beside]:
            return self._gather(pos)
        return self._turn(pos)

    def forced_move(self, pos: Position) -> Move | None:
        return next(iter(self.rules.legal_moves(pos)), None)

    # ------------------------------------------------------------ words
    def deal_step_name(self, pos: Position) -> str:
        if pos.piles[self.beside]:
            return ("gather the row under the pack; the card beside it begins a new row, "
                    "filled from the pack")
        return "turn the next card of the pack"

    def won_reason(self, pos: Position) -> str:
        return "the four suits lie in the row, each in order from ace to king"

    def lost_reason(self, pos: Position) -> str:
        return (self.deal_reason(pos) or "no card can be placed") + \
            f" ({self.rules.home_count(pos)} cards in the row)"


RULES = ValentineRules
