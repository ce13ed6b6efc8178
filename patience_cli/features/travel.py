"""Travellers: heaps keyed to ranks, a card slipped under the heap its value
names and that heap's top card travelling on in its turn (Hidden Cards:
"you take the uppermost card of the first heap ... and place it under the
heap corresponding to its value ... Next, from the heap under which you have
placed such card, you take the top card, and slip it under the heap
corresponding to its own value, and so on throughout").

Layout: ``play.travel`` with ``group``, the heaps, each keyed to the rank
its ``rank`` names; ``aside``, the pile a card of a rank with no
heap is laid on (the kings, "below the two rows"); and ``spare``, the pile
the next traveller is taken from after such a card (the reserve: "take in
its place one of the cards of the reserve").  Each ``patience deal`` moves
one card; the first comes from the first heap.  The chain ends when it
comes to a heap that already holds every card of its value (the traveller
would go round it for ever), or when a card must come from the spare and
none is left.  The game is won when every heap holds every card of its
value.  Nothing is left to choose: ``auto`` plays the game out.
"""

from __future__ import annotations

from ..cards import RANK_PLURAL
from ..position import DEAL, Move, Position
from .feature import DealStep, Rules

SPARE = -1  # the next traveller comes from the spare pile


class Travellers(DealStep):
    topic = "travel"
    keys = ("play.travel",)
    plain = False
    lost_says_all = True

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        rule = rules.layout.play.travel
        self.heaps: tuple[int, ...] = rules.group_piles[rule.group]
        #: each heap's rank (its ``rank``), and the heap of each rank
        self.rank_of: dict[int, int] = {h: rules.specs[h].rank for h in self.heaps}
        self.heap_at: dict[int, int] = {r: h for h, r in self.rank_of.items()}
        self.aside: int = rules.group_piles[rule.aside][0]
        self.spare: int | None = rules.group_piles[rule.spare][0] if rule.spare else None
        #: how many cards of each value the pack holds
        self.full = 4 * rules.layout.pack_count

    @classmethod
    def build(cls, rules: Rules) -> "Travellers | None":
        rule = rules.layout.play.travel
        if rule is None or any(rules.specs[h].rank is None for h in rules.group_piles[rule.group]):
            return None
        return cls(rules)

    # ------------------------------------------------------------ the heaps
    def heap_of(self, rank: int) -> int | None:
        """The heap a card of *rank* goes under (None: it is laid aside)."""
        return self.heap_at.get(rank)

    def complete(self, pos: Position, heap: int) -> bool:
        """Whether *heap* holds every card of its value, and only those."""
        rank = self.rank_of[heap]
        cards = pos.piles[heap]
        return len(cards) == self.full and all(c.rank == rank for c in cards)

    @staticmethod
    def next_from(pos: Position) -> int:
        """The pile the next traveller is taken from (SPARE: the spare pile)."""
        return int(pos.get("next", SPARE))

    def _source(self, pos: Position) -> int | None:
        at = self.next_from(pos)
        return self.spare if at == SPARE else at

    def dealt(self, pos: Position) -> Position:
        return pos.with_extra(next=self.heaps[0])

    # ------------------------------------------------------------ the step
    def deal_reason(self, pos: Position) -> str | None:
        src = self._source(pos)
        if src is None or not pos.piles[src]:
            what = self.rules.specs[self.spare].the_ref if self.spare is not None else "the pack"
            return f"a card is wanted from {what}, and none is left"
        if src != self.spare and self.complete(pos, src):
            rank = self.rank_of[src]
            return (f"the chain has come back to {self.rules.specs[src].the_ref}, which holds "
                    f"all its {RANK_PLURAL[rank]}: the card on top would go round it for ever")
        return None

    def apply_deal(self, pos: Position) -> Position:
        src = self._source(pos)
        assert src is not None
        card = pos.piles[src][-1]
        piles, down = list(pos.piles), list(pos.down)
        piles[src] = piles[src][:-1]
        down[src] = min(down[src], len(piles[src]))
        heap = self.heap_of(card.rank)
        if heap is None:  # laid aside; the next comes from the spare
            piles[self.aside] = piles[self.aside] + (card,)
            nxt = SPARE
        else:  # slipped under its heap, face up
            piles[heap] = (card,) + piles[heap]
            nxt = heap
        return Position(tuple(piles), tuple(down), pos.extra).with_extra(next=nxt)

    def deal_name(self, pos: Position) -> str:
        src = self._source(pos)
        where = self.rules.specs[src].the_ref if src is not None else "the spare"
        return f"take the top card of {where} and slip it under the heap of its value"

    def dealt_words(self, pos: Position, ascii: bool) -> str | None:
        src = self._source(pos)
        if src is None or not pos.piles[src]:
            return None
        card = pos.piles[src][-1]
        specs = self.rules.specs
        heap = self.heap_of(card.rank)
        if heap is None:
            then = f"; the next card comes from {specs[self.spare].the_ref}" \
                if self.spare is not None else ""
            return (f"laid the {card.text(ascii)} from {specs[src].the_ref} with "
                    f"{specs[self.aside].the_ref}{then}")
        return f"slipped the {card.text(ascii)} from {specs[src].the_ref} under {specs[heap].the_ref}"

    # ------------------------------------------------------------ status
    def forced(self, pos: Position) -> Move | None:
        return DEAL if self.deal_reason(pos) is None else None

    def won(self, pos: Position) -> str | None:
        if all(self.complete(pos, h) for h in self.heaps):
            return f"every heap holds its {self.full} cards of one value"
        return None

    def lost_words(self, pos: Position) -> str | None:
        why = self.deal_reason(pos)
        if why is None:
            return None
        wrong = sum(1 for h in self.heaps for c in pos.piles[h]
                    if c.rank != self.rank_of[h])
        return f"{why}; {wrong} card{'s' if wrong != 1 else ''} still lie in a heap not their own"

    def tally(self, pos: Position) -> str | None:
        src = self._source(pos)
        return None if src is None else f"next from {self.rules.specs[src].ref}"

    def ordered_groups(self) -> set[str]:
        return {self.rules.specs[self.heaps[0]].group}

