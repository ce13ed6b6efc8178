"""The Carpet (Cadogan no. 40).

Sixty-four cards lie in eight rows of eight, upright and crosswise by turns
(the layout holds the pattern of the book's picture).  A card's narrow ends
are its top and bottom if it lies upright, its left and right sides if it lies
crosswise.  A card is available only while one narrow end is free: a clear
lane, along its row or its column, from that end to the edge of the carpet
(Rule II and the closing paragraph).  Available carpet cards go to the
foundations, or onto the top card of the talon in suit, one higher or one lower
(Rule IV).  The talon is taken up, shuffled and dealt again, twice.
"""

from __future__ import annotations

from typing import Sequence

from ..cards import SUITS, Card
from ..engine import Move, Position, Rules, Status
from ..layout import Layout

ACE, KING = 1, 13


class CarpetRules(Rules):
    def __init__(self, layout: Layout) -> None:
        super().__init__(layout)
        self.carpet = tuple(p.index for p in layout.group("carpet"))
        self.side = round(len(self.carpet) ** 0.5)
        self.cell = {index: divmod(n, self.side) for n, index in enumerate(self.carpet)}
        self.at = {rc: index for index, rc in self.cell.items()}
        self.aces = tuple(p.index for p in layout.group("ace"))
        self.kings = tuple(p.index for p in layout.group("king"))
        self.sources = self.carpet + (self.talon,)
        self.target_groups = (self.foundations, (self.talon,))
        self.targets = self.foundations + (self.talon,)

    # ------------------------------------------------------------ the deal
    def deal(self, deck: Sequence[Card]) -> Position:
        """Withdraw an ace and a king of each suit (the first met from the top of
        the pack), then lay the carpet row by row and keep the rest as the pack."""
        rest = list(deck)
        withdrawn = []
        for rank in (ACE, KING):
            for suit in SUITS:
                card = next(c for c in rest if c.rank == rank and c.suit == suit)
                rest.remove(card)
                withdrawn.append(card)
        pos = super().deal(rest)
        piles = list(pos.piles)
        for index, card in zip(self.aces + self.kings, withdrawn):
            piles[index] = (card,)
        return Position(tuple(piles), pos.down, pos.extra)

    # ------------------------------------------------------------ availability
    def lane_free(self, pos: Position, index: int) -> bool:
        """Whether one narrow end of the card on carpet place *index* has a clear
        lane to the edge of the carpet."""
        r, c = self.cell[index]
        if self.specs[index].orientation == "upright":
            ends = ([(i, c) for i in range(r)], [(i, c) for i in range(r + 1, self.side)])
        else:
            ends = ([(r, j) for j in range(c)], [(r, j) for j in range(c + 1, self.side)])
        return any(all(not pos.piles[self.at[rc]] for rc in lane) for lane in ends)

    def available_cards(self, pos: Position, index: int) -> list[Card]:
        if index in self.cell:
            cards = pos.piles[index]
            return list(cards) if cards and self.lane_free(pos, index) else []
        return super().available_cards(pos, index)

    def route_reason(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        if dst == self.talon and src not in self.cell:
            return "only cards from the carpet may be packed on the talon (Rule IV)"
        return None

    def build_reason(self, pos: Position, card: Card, dst: int) -> str | None:
        if dst == self.talon:
            talon = pos.piles[dst]
            if not talon:
                return "cards are packed on the talon only once it is formed (Rule IV)"
            return self.sequence_reason(self.specs[dst].build, "the talon", card, talon[-1])
        return super().build_reason(pos, card, dst)

    def not_available_reason(self, pos: Position, index: int) -> str:
        ends = "top and bottom" if self.specs[index].orientation == "upright" else "left and right"
        return (f"the card on {self.specs[index].label} is not available: both its narrow "
                f"ends ({ends}) are blocked, with no clear lane to the edge of the carpet "
                "(Rule II)")

    def move_reason(self, pos: Position, move: Move) -> str | None:
        reason = super().move_reason(pos, move)
        if reason and move.kind == "move" and move.src in self.cell and pos.piles[move.src] \
                and not self.lane_free(pos, move.src) and self.status(pos)[0] is Status.PLAYING:
            return self.not_available_reason(pos, move.src)
        return reason


RULES = CarpetRules
