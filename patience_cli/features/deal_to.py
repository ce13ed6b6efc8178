"""The pack dealt a card (or a few together) to each pile of a group at
every deal step.

Layout: ``play.deal_to``, the group dealt to (with a pile of role ``stock``),
or a table: ``group`` and ``cards``, how many are laid on each pile together
(la Nivernaise's Line, four at a time); or ``slots``, the piles (by number)
the cards of a round fall to in turn, a pile named twice taking two, and a
card that goes up as it is dealt (its pile's ``deal_up``) still counting as
its slot's (la Parisienne: "the card next following will still be regarded as
number three"); ``last_slots``, the round of the last new deal the layout's
``regather`` allows (la Parisienne's grace, "there is no waste-heap");
``per_deal``, how many slots of the round one deal step lays, the next step
going on where it stopped (the Spark: "by groups of three ... to the two
waste-heaps alternately", a card that can be played being played before the
next group covers it).  A slot whose pile plays
up only to foundations that are finished is left out of the round (the
Amazons' packet below a family put aside).  Once
the pack is out, a new deal of the group (``play.regather``), where the
layout has one, takes the turn.
"""

from __future__ import annotations

from itertools import groupby
from typing import ClassVar

from ..cards import new_pack
from ..dealing import goes_up_as_dealt
from ..layout import Role
from ..position import Position
from .feature import DealStep, Rules


class DealTo(DealStep):
    provides: ClassVar[frozenset[str]] = frozenset({"deal-to"})
    reads_suits = False
    reads_cards_left = False  # the pack's cards fall on the same piles whatever left them
    keys = ("play.deal_to",)

    def __init__(self, rules: Rules, group: str | None, stock: int) -> None:
        super().__init__(rules)
        self.group, self.stock = group, stock
        play = rules.layout.play
        #: the piles (indices) a round's cards fall to in turn, or none
        self.slots = tuple(rules.layout.index_of(n)
                           for n in play.deal_slots)
        #: the round of the last new deal, where it differs
        self.last_slots = tuple(rules.layout.index_of(n)
                                for n in play.deal_last_slots) or self.slots
        #: the cards laid on each pile together
        self.cards = rules.layout.play.deal_cards
        #: the slots one deal step lays (0: the whole round)
        self.per_step = play.deal_per_step
        #: whether a refill changes its sources once the pack is being dealt
        #: (a pile's ``refill.after_deal``: the Wheel's cushion, refilled only
        #: before the first deal)
        self.tracks_dealing = any(p.refill is not None and p.refill.after_deal is not None
                                  for p in rules.specs)

    def takes_turn(self, pos: Position) -> bool:
        return bool(pos.piles[self.stock]) or self.rules.providing("regather") is None

    @classmethod
    def build(cls, rules: Rules) -> DealTo | None:
        group = rules.layout.play.deal_to
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        if (group or rules.layout.play.deal_slots) and len(stock) == 1:
            return cls(rules, group, stock[0])
        return None

    def deal_reason(self, pos: Position) -> str | None:
        return None if pos.piles[self.stock] else "the pack is dealt out"

    def round_of(self, pos: Position) -> tuple[int, ...]:
        """The piles the cards of the round dealt in *pos* fall to in turn."""
        regather = self.rules.providing("regather")
        last = regather is not None and regather.times is not None and \
            int(pos.get("regathered", 0)) >= regather.times
        slots = self.last_slots if last else self.slots
        return tuple(i for i in slots if not self.finished_over(pos, i))

    def finished_over(self, pos: Position, index: int) -> bool:
        """Whether every foundation pile *index* plays up to (its ``deal_up``
        numbers) is finished: its family is put aside and the pile is no
        longer dealt to (the Amazons: "thenceforth proceeding with three
        packets only")."""
        targets = self.rules.specs[index].deal_up
        if not isinstance(targets, tuple) or not targets or isinstance(targets[0], tuple):
            return False
        found = [self.rules.layout.index_of(n) for n in targets]
        kinds = set(new_pack(self.rules.layout.pack_kind))
        return all(pos.piles[f] and not any(self.rules.fits(pos, card, f) for card in kinds)
                   for f in found)

    def step_of(self, pos: Position) -> tuple[int, ...]:
        """The slots the deal step in *pos* lays: the round, or its part
        from where the last step stopped (``per_deal``)."""
        slots = self.round_of(pos)
        if not self.per_step or not slots:
            return slots
        at = int(pos.get("slot_at", 0)) % len(slots)
        return (slots + slots)[at:at + self.per_step]

    def deal_round(self, pos: Position) -> Position:
        """A round (or its part) dealt to its slots, a card going up as it
        falls where its pile says so, its slot counted all the same."""
        piles = [list(p) for p in pos.piles]
        for i in self.step_of(pos):
            if not piles[self.stock]:
                break
            card = piles[self.stock].pop()
            up = goes_up_as_dealt(self.rules, piles, self.rules.specs[i], card)
            piles[i if up is None else up].append(card)
        down = list(pos.down)
        down[self.stock] = min(down[self.stock], len(piles[self.stock]))
        new = Position(tuple(tuple(p) for p in piles), tuple(down), pos.extra)
        if self.per_step:
            slots = len(self.round_of(pos)) or 1
            new = new.with_extra(slot_at=(int(pos.get("slot_at", 0)) + self.per_step) % slots)
        return new

    def round_words(self, slots: tuple[int, ...]) -> str:
        """A round's slots in words: "a card to each Heap (1-4) and two to
        the Waste heap (5)"."""
        specs, parts = self.rules.specs, []
        counted = [(i, len(list(run))) for i, run in groupby(slots)]  # a pile's cards together
        for _, run in groupby(counted, key=lambda c: (specs[c[0]].group, c[1] > 1)):
            items = list(run)
            if len(items) > 1 and items[0][1] == 1:  # one card to each of several piles
                first, last = specs[items[0][0]], specs[items[-1][0]]
                parts.append(f"a card to each {first.name} ({first.number}-{last.number})")
                continue
            for i, n in items:
                many = {1: "a card", 2: "two", 3: "three", 4: "four"}.get(n, str(n))
                parts.append(f"{many} to {specs[i].the_ref}")
        return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]

    def apply_deal(self, pos: Position) -> Position:
        if self.slots:
            return self.deal_round(pos)
        piles, down = list(pos.piles), list(pos.down)
        stock = list(piles[self.stock])
        assert self.group is not None  # (a round of slots, or a group dealt to)
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
        if self.slots and self.per_step:
            return "deal from the pack: " + self.round_words(self.step_of(pos))
        if self.slots:
            return "deal a round from the pack: " + self.round_words(self.round_of(pos))
        assert self.group is not None
        name = self.rules.specs[self.rules.group_piles[self.group][0]].name
        if self.cards > 1:
            return f"deal {self.cards} cards from the pack to each {name}"
        return f"deal a card from the pack to each {name}"

    def ordered_groups(self) -> set[str]:
        if self.slots:
            return {self.rules.specs[i].group for i in self.slots}
        return {self.group} if self.group else set()
