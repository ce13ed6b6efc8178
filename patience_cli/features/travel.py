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
comes to a heap that holds only cards of its value (the traveller would go
round it for ever), or when a card must come from the spare and none is
left.  The game is won when every heap holds every card of its value.
Nothing is left to choose: ``auto`` plays the game out.

With ``until = "playable"`` (les Petits Paquets: "you proceed in like manner
until you are enabled to play to the foundations some one of the uppermost
cards"), the heaps feed foundations: a chain runs only while no card can be
played (the deal waits while one can); each chain begins with the spare's
top card, which, where a foundation takes it, is turned up there to be
played instead; a card played ends the chain, and so does a heap holding
only cards of its value, the next beginning from the spare.  Once the spare
is out and no chain runs, the next dealing step (a new deal) takes the turn.
"""

from __future__ import annotations

from ..cards import RANK_PLURAL, Card
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
        assert rule is not None  # (built only where the layout names it)
        self.heaps: tuple[int, ...] = rules.group_piles[rule.group]
        #: each heap's rank (its ``rank``), and the heap of each rank
        self.rank_of: dict[int, int] = {h: rank for h in self.heaps
                                        if (rank := rules.specs[h].rank) is not None}
        self.heap_at: dict[int, int] = {r: h for h, r in self.rank_of.items()}
        self.aside: int | None = rules.group_piles[rule.aside][0] if rule.aside else None
        self.spare: int | None = rules.group_piles[rule.spare][0] if rule.spare else None
        #: how many cards of each value the pack holds
        self.full = 4 * rules.layout.pack_count
        #: a chain runs only while no card can be played (les Petits Paquets)
        self.until_playable = rule.until == "playable"
        self.lost_says_all = not self.until_playable
        #: the step's words say what it did, a card turned up included
        self.words_say_all = self.until_playable

    @classmethod
    def build(cls, rules: Rules) -> Travellers | None:
        rule = rules.layout.play.travel
        if rule is None or any(rules.specs[h].rank is None for h in rules.group_piles[rule.group]):
            return None
        return cls(rules)

    # ------------------------------------------------------------ the heaps
    def heap_of(self, rank: int) -> int | None:
        """The heap a card of *rank* goes under (None: it is laid aside)."""
        return self.heap_at.get(rank)

    def closed(self, pos: Position, heap: int) -> bool:
        """Whether *heap* holds cards of its value only: a chain that comes
        to it would take them round it for ever."""
        rank = self.rank_of[heap]
        return all(c.rank == rank for c in pos.piles[heap])

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
        return pos.with_extra(next=SPARE if self.until_playable else self.heaps[0])

    def takes_turn(self, pos: Position) -> bool:
        if not self.until_playable:
            return True
        src = self._source(pos)
        return src is not None and bool(pos.piles[src])  # else a new deal, if any

    # ------------------------------------------------------------ the step
    def deal_reason(self, pos: Position) -> str | None:
        if self.until_playable and self.rules.standing.foundation_move_open(pos):
            return ("a card can be played to a foundation: the next card travels only when "
                    "none can")
        src = self._source(pos)
        if src is None or not pos.piles[src]:
            what = self.rules.specs[self.spare].the_ref if self.spare is not None else "the pack"
            return f"a card is wanted from {what}, and none is left"
        if src != self.spare and self.closed(pos, src):
            rank = self.rank_of[src]
            holds = f"all its {RANK_PLURAL[rank]}" if self.complete(pos, src) else \
                f"only {RANK_PLURAL[rank]}"
            return (f"the chain has come back to {self.rules.specs[src].the_ref}, which holds "
                    f"{holds}: the card on top would go round it for ever")
        return None

    def apply_deal(self, pos: Position) -> Position:
        src = self._source(pos)
        assert src is not None
        card = pos.piles[src][-1]
        piles, down = list(pos.piles), list(pos.down)
        if self.until_playable and src == self.spare and self._goes_up(pos, card):
            # "unless it chances to be playable to one or other of the foundations"
            down[src] = min(down[src], len(piles[src]) - 1)
            return Position(tuple(piles), tuple(down), pos.extra)
        piles[src] = piles[src][:-1]
        down[src] = min(down[src], len(piles[src]))
        heap = self.heap_of(card.rank)
        if heap is None:  # laid aside; the next comes from the spare
            assert self.aside is not None, "a card of a rank with no heap needs an aside pile"
            piles[self.aside] = piles[self.aside] + (card,)
            nxt = SPARE
        else:  # slipped under its heap, face up
            piles[heap] = (card,) + piles[heap]
            nxt = heap
        after = Position(tuple(piles), tuple(down), pos.extra)
        if self.until_playable and heap is not None and self.closed(after, heap):
            nxt = SPARE  # the chain is over: the next begins from the spare
        return after.with_extra(next=nxt)

    def _goes_up(self, pos: Position, card: Card) -> bool:
        rules = self.rules
        return any(rules.fits(pos, card, f) for f in rules.foundations)

    def after_move(self, before: Position, move: Move, after: Position) -> Position:
        """A card played ends the chain: the next begins from the spare."""
        if self.until_playable and self.next_from(after) != SPARE:
            return after.with_extra(next=SPARE)
        return after

    def deal_name(self, pos: Position) -> str:
        src = self._source(pos)
        where = self.rules.specs[src].the_ref if src is not None else "the spare"
        if self.until_playable and src == self.spare:
            return (f"turn up the top card of {where}: played if a foundation takes it, else "
                    "slipped under the heap of its value")
        return f"take the top card of {where} and slip it under the heap of its value"

    def dealt_words(self, pos: Position, ascii: bool) -> str | None:
        src = self._source(pos)
        if src is None or not pos.piles[src]:
            return None
        card = pos.piles[src][-1]
        specs = self.rules.specs
        if self.until_playable and src == self.spare and self._goes_up(pos, card):
            return (f"turned up the {card.text(ascii)} on {specs[src].the_ref}: a foundation "
                    "takes it, and it waits there to be played")
        heap = self.heap_of(card.rank)
        if heap is None:
            assert self.aside is not None  # (a card of no heap is laid aside)
            then = f"; the next card comes from {specs[self.spare].the_ref}" \
                if self.spare is not None else ""
            return (f"laid the {card.text(ascii)} from {specs[src].the_ref} with "
                    f"{specs[self.aside].the_ref}{then}")
        return f"slipped the {card.text(ascii)} from {specs[src].the_ref} under {specs[heap].the_ref}"

    # ------------------------------------------------------------ status
    def forced(self, pos: Position) -> Move | None:
        return DEAL if self.deal_reason(pos) is None else None

    def won(self, pos: Position) -> str | None:
        if self.until_playable:
            return None  # won when every card is on the foundations
        if all(self.complete(pos, h) for h in self.heaps):
            return f"every heap holds its {self.full} cards of one value"
        return None

    def lost_words(self, pos: Position) -> str | None:
        if self.until_playable:
            return f"{self.rules.specs[self.spare].the_ref} is used up" \
                if self.spare is not None else None
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

