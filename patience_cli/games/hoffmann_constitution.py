"""Hoffmann's Constitution (Hoffmann no. 32): the rules no layout key says.

Between an upper and a lower row of eight, a middle row of heaps forms: the
place below an upper card is begun only with a card one rank above it, of any
suit, taken from the lower row; "so soon as the middle row is complete (but
not before)" the heaps climb, regardless of suit and round the corner, with
the lower row's top cards; a heap that lacks only the rank of its upper card
is ended by that very card, thirteen in all.  The heaps' climb (each from
its own first card, round the corner, to the rank below it) is the layout's
``first_of = "pile"`` build; this module says where each heap begins, when
the heaps may grow, and which card ends them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import RANK_NOUN, Card
from ..engine import Position
from ..features.game_rule import GameRule
from ..quick_look import NO_RANKS

if TYPE_CHECKING:
    from ..engine import Rules as Engine

#: the cards of a finished heap: twelve from the lower row and its upper card
HEAP = 13
#: each rank, the rank above it round the corner (a king's: the ace), as a quick look
_RANK_ABOVE = {rank: frozenset((rank % 13 + 1,)) for rank in range(1, 14)}


class HoffmannConstitutionRules(GameRule):
    rules: Engine

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        self.upper = self.rules.group_piles["upper"]
        self.heaps = self.rules.group_piles["heap"]

    def _upper_card(self, pos: Position, heap: int) -> Card | None:
        pile = pos.piles[self.upper[self.heaps.index(heap)]]
        return pile[-1] if pile else None

    def route_reason(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        if dst in self.heaps:
            own = self.upper[self.heaps.index(dst)]
            full = len(pos.piles[dst]) == HEAP - 1
            if src in self.upper and src != own:
                return (f"the {card} of the upper row goes only onto the heap below it, "
                        f"{self.rules.specs[self.heaps[self.upper.index(src)]].the_ref}")
            if src == own and not full:
                return (f"the {card} ends the heap below it: it goes there only as its "
                        "thirteenth card, when the heap lacks only its rank")
            if src != own and full:
                upper = self._upper_card(pos, dst)
                return (f"{self.rules.specs[dst].the_ref} lacks only the rank of the {upper} above "
                        f"it, and the {upper} itself ends it")
        return super().route_reason(pos, src, dst, card)

    def own_fits(self, pos: Position, card: Card, dst: int) -> bool | None:
        """:meth:`build_reason` without the words."""
        if dst in self.heaps:
            upper = self._upper_card(pos, dst)
            if not pos.piles[dst] and upper is not None:
                return card.rank == upper.rank % 13 + 1
            if pos.piles[dst] and not all(pos.piles[h] for h in self.heaps):
                return False
        return None

    def own_ranks_taken(self, pos: Position, dst: int) -> frozenset[int] | None:
        """The quick look :meth:`own_fits` answers in full: the upper and lower
        rows take no card; a heap's place the rank above its upper card; a
        begun heap none until the middle row is complete, then the rank
        above its top card (the ends and the upper card are checked in
        full)."""
        if dst not in self.heaps:
            return NO_RANKS  # (no build: only the heaps take cards)
        pile = pos.piles[dst]
        if not pile:
            upper = self._upper_card(pos, dst)
            return None if upper is None else _RANK_ABOVE[upper.rank]
        if not all(pos.piles[h] for h in self.heaps):
            return NO_RANKS
        return _RANK_ABOVE[pile[-1].rank]

    def build_reason(self, pos: Position, card: Card, dst: int) -> str | None:
        if dst in self.heaps:
            upper = self._upper_card(pos, dst)
            if not pos.piles[dst] and upper is not None:
                need = upper.rank % 13 + 1
                if card.rank != need:
                    return (f"the place below the {upper} begins only with "
                            f"{'an' if need in (1, 8) else 'a'} {RANK_NOUN[need]}, one above "
                            f"it, of any suit: the {card} cannot begin it")
                return None
            if pos.piles[dst] and not all(pos.piles[h] for h in self.heaps):
                return ("the heaps grow only once the middle row is complete: every place of "
                        "it must be begun first")
        return super().build_reason(pos, card, dst)


RULES = HoffmannConstitutionRules
