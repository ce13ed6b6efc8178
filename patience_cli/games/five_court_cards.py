"""The Five Court Cards, from Hoffmann's book (no. 17).

Nothing in the Five Court Cards is a choice: each ``patience deal`` takes the
next step, and ``patience auto`` plays to the end.  An ace and a ten count
as court cards: the five "honours" of a suit are its ace, king, queen, knave
and ten.

* The pack lies dealt face down in five heaps (the first two of eleven).
* A step takes up the next heap and turns it over: from its top (the card
  that lay undermost) cards are thrown out one by one until an honour is
  uppermost, and the heap is laid back so.  The first honour so found, in
  the first heap, fixes the suit; from then on only an honour of that suit
  stops the throwing out.  A heap with none is thrown out whole.
* Once every heap is looked at, the next step gathers the heaps left, the
  first at the bottom, turns them over and deals them face down into one heap
  fewer, and so on to a single heap.
* Won when that last heap holds only the five honours of the suit; lost if
  any other card is left in it.

"Without disturbing the order of the cards" is read so: the heaps are
gathered as they lie, face up, the second on the first and so on, and the
packet turned over to be dealt from its top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card
from ..engine import Move, Position
from ..features.game_rule import GameRule

if TYPE_CHECKING:
    from ..engine import Rules as Engine

#: An ace and a ten count as court cards in this game.
HONOURS = frozenset((1, 10, 11, 12, 13))


class FiveCourtCardsRules(GameRule):
    rules: Engine

    has_deal_step = True

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        layout = rules.layout
        self.heaps = tuple(p.index for p in layout.group("heap"))
        self.out = layout.group("out")[0].index

    def initial_extra(self, pos: Position) -> Position:
        return pos.with_extra(heaps=len(self.heaps), looked=0, suit="")

    # ------------------------------------------------------------ the steps
    def _stops(self, card: Card, suit: str) -> bool:
        return card.rank in HONOURS and (not suit or card.suit.value == suit)

    def _all_looked(self, pos: Position) -> bool:
        return int(pos.get("looked", 0)) >= int(pos.get("heaps", 5))

    def deal_reason(self, pos: Position) -> str | None:
        if self._all_looked(pos) and int(pos.get("heaps", 5)) <= 1:
            return "the last heap is looked at"
        return None

    def apply_deal(self, pos: Position) -> Position:
        return self._gather(pos) if self._all_looked(pos) else self._look(pos)

    def _look(self, pos: Position) -> Position:
        """The next heap turned over, cards thrown out from its top until an
        honour (of the suit, once one fixes it) lies uppermost."""
        piles, down = list(pos.piles), list(pos.down)
        k = self.heaps[int(pos.get("looked", 0))]
        heap = list(piles[k][::-1])  # turned over: the undermost card now on top
        suit = str(pos.get("suit", ""))
        thrown = []
        while heap and not self._stops(heap[-1], suit):
            thrown.append(heap.pop())
        if heap and not suit:
            suit = heap[-1].suit.value  # "a court card, ace or ten of the same suit as that of the first heap"
        piles[k] = tuple(heap)
        piles[self.out] = piles[self.out] + tuple(thrown)
        down[k] = max(0, len(heap) - 1)  # face up, squared: only its top card seen
        return Position(tuple(piles), tuple(down), pos.extra).with_extra(
            looked=int(pos.get("looked", 0)) + 1, suit=suit)

    def _gather(self, pos: Position) -> Position:
        """The heaps left gathered (the second on the first ...), turned over
        and dealt face down, a card at a time, into one heap fewer."""
        piles, down = list(pos.piles), list(pos.down)
        n = int(pos.get("heaps", 5)) - 1
        packet = [c for i in self.heaps for c in piles[i]][::-1]  # turned over: top last
        for i in self.heaps:
            piles[i] = ()
        dealt: list[list[Card]] = [[] for _ in range(n)]
        for j, card in enumerate(reversed(packet)):  # from the top of the packet
            dealt[j % n].append(card)
        for i, cards in zip(self.heaps, dealt):
            piles[i] = tuple(cards)
        for i in self.heaps:
            down[i] = len(piles[i])
        return Position(tuple(piles), tuple(down), pos.extra).with_extra(heaps=n, looked=0)

    def forced_move(self, pos: Position) -> Move | None:
        return next(iter(self.rules.legal_moves(pos)), None)

    # ------------------------------------------------------------ status and words
    def goal_reached(self, pos: Position) -> bool:
        if not (self._all_looked(pos) and int(pos.get("heaps", 5)) == 1):
            return False
        last = pos.piles[self.heaps[0]]
        return len(last) == len(HONOURS) and all(self._stops(c, str(pos.get("suit")))
                                                  for c in last)

    def deal_step_name(self, pos: Position) -> str:
        if self._all_looked(pos):
            n = int(pos.get("heaps", 5)) - 1
            return (f"gather the heaps and deal them face down into {n} "
                    f"heap{'s' if n != 1 else ''}")
        k = int(pos.get("looked", 0))
        number = self.rules.specs[self.heaps[k]].number
        which = "an honour" if not pos.get("suit") else \
            f"an honour of {_SUITS[str(pos.get('suit'))]}"
        return f"turn over heap {number}, throwing out cards until {which} is uppermost"

    def won_reason(self, pos: Position) -> str:
        return (f"the last heap holds only the ace, king, queen, knave and ten of "
                f"{_SUITS[str(pos.get('suit'))]}")

    def lost_reason(self, pos: Position) -> str:
        extra = len(pos.piles[self.heaps[0]]) - sum(
            1 for c in pos.piles[self.heaps[0]] if self._stops(c, str(pos.get("suit"))))
        return (f"the last heap still holds {extra} card{'s' if extra != 1 else ''} besides "
                "the honours of the suit")


_SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades", "": "the suit"}

RULES = FiveCourtCardsRules
