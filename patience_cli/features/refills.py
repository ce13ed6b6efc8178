"""Vacancies refilled: at once, at the next deal, or by the player from the
pack.

Layout: a pile's ``refill`` table: ``from`` (the groups it is filled from),
``when`` (``at-once``, ``deal`` or ``player``), ``size`` and ``after_deal``
(the groups it is filled from once the pack is being dealt).  Where a pile
may take cards from is :mod:`patience_cli.features.routes`'s rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import ClassVar

from ..layout import Role
from ..position import Move, MoveKind, Position
from .feature import DealStep, Feature, Rules


def source_piles(rules: Rules, index: int, group: str) -> tuple[int, ...]:
    """The piles of *group* a vacancy of pile *index* is filled from: the
    whole group, or, with ``refill.same_place``, its pile in the same place
    (the first for the group's first pile, and so on)."""
    piles = rules.group_piles[group]
    refill = rules.specs[index].refill
    if refill is not None and refill.same_place:
        mine = rules.group_piles[rules.specs[index].group]
        return (piles[mine.index(index)],)
    return piles


def refill_sources(rules: Rules, pos: Position, index: int) -> tuple[str, ...]:
    """The groups a vacancy of pile *index* is filled from now."""
    refill = rules.specs[index].refill
    if refill is None:
        return ()
    if refill.after_deal is not None and pos.get("dealt"):
        return refill.after_deal
    return refill.sources


class RefillAtOnce(Feature):
    """A vacancy filled as soon as it occurs: by itself from a single pile
    (the pack, the talon, a pile below), or, from a group of several piles,
    by the player's choice of card before anything else is done."""

    provides: ClassVar[frozenset[str]] = frozenset({"holds-nothing"})

    reads_suits = False
    topic = "refill"
    keys = ("piles[].refill.when = at-once",)
    place_blind = True
    plain = False

    def __init__(self, rules: Rules, piles: tuple[int, ...]) -> None:
        super().__init__(rules)
        #: the piles refilled at once, in the order they are refilled
        self.piles = piles

    @classmethod
    def build(cls, rules: Rules) -> RefillAtOnce | None:
        piles = tuple(p.index for p in rules.specs
                      if p.refill is not None and p.refill.when == "at-once")
        return cls(rules, piles) if piles else None

    def fillers(self, pos: Position, vacancy: int) -> tuple[int, ...]:
        """The piles whose cards may fill *vacancy* now, by its refill
        sources (once the pack is being dealt, its ``after_deal`` groups:
        the Spark's waste heaps)."""
        return tuple(i for g in refill_sources(self.rules, pos, vacancy)
                     for i in source_piles(self.rules, vacancy, g))

    def waiting_vacancy(self, pos: Position) -> int | None:
        """The first vacancy that must be filled at once by the player's
        choice of a card from a group of several piles (the Constitution's
        rows), if any: until it is filled nothing else may be done."""
        rules = self.rules
        for i in self.piles:
            if pos.piles[i]:
                continue
            for g in refill_sources(rules, pos, i):
                piles = source_piles(rules, i, g)
                if len(piles) == 1:
                    if pos.piles[piles[0]]:
                        break  # filled by itself (settle); not waiting on the player
                    continue
                if any(rules.available_cards(pos, s) for s in piles):
                    return i
        return None

    def settle(self, pos: Position) -> Position:
        """Fill the vacancies refilled at once from a single pile, the first
        source with a card first; the layout's order of piles is the order of
        filling."""
        rules = self.rules
        changed = True
        while changed:
            changed = False
            for i in self.piles:
                refill = rules.specs[i].refill
                assert refill is not None  # (the piles this rule refills)
                if len(pos.piles[i]) >= refill.size or (refill.count and pos.piles[i]):
                    continue
                for g in refill_sources(rules, pos, i):
                    piles = source_piles(rules, i, g)
                    if len(piles) > 1:
                        if any(rules.available_cards(pos, s) for s in piles):
                            break  # the player chooses the card
                        continue
                    if pos.piles[piles[0]]:
                        for _ in range(refill.count or 1):
                            if pos.piles[piles[0]]:  # (so many together: the first undermost)
                                pos = rules.transfer(pos, piles[0], i)
                        changed = True
                        break
        return pos

    def only_moves(self, pos: Position) -> Iterator[Move] | None:
        vacancy = self.waiting_vacancy(pos)
        if vacancy is None:
            return None
        return (Move(MoveKind.MOVE, src, vacancy) for src in self.fillers(pos, vacancy)
                if self.rules.available_cards(pos, src))

    def blocks_deal(self, pos: Position) -> bool:
        return self.waiting_vacancy(pos) is not None

    def verdict(self, pos: Position, move: Move) -> bool | None:
        vacancy = self.waiting_vacancy(pos)
        if vacancy is None:
            return None
        return move.dst == vacancy and move.src in self.fillers(pos, vacancy)

    def _words(self, pos: Position, vacancy: int) -> str:
        rules = self.rules
        return (f"the vacancy in {rules.specs[vacancy].the_ref} must be filled first, "
                f"with a card of the {rules.group_names(refill_sources(rules, pos, vacancy))}")

    def deal_refusal(self, pos: Position) -> str | None:
        vacancy = self.waiting_vacancy(pos)
        return None if vacancy is None else self._words(pos, vacancy)

    def refusal(self, pos: Position, move: Move) -> str | None:
        vacancy = self.waiting_vacancy(pos)
        if vacancy is not None and (move.dst != vacancy
                                    or move.src not in self.fillers(pos, vacancy)):
            return self._words(pos, vacancy)
        return None


class RefillAtDeal(DealStep):
    """Vacancies that wait for the next deal: while any is short and the pack
    holds a card, the deal step fills them and does no more."""

    topic = "refill"
    keys = ("piles[].refill.when = deal",)
    place_blind = True
    plain = False

    def __init__(self, rules: Rules, piles: tuple[int, ...], stock: int) -> None:
        super().__init__(rules)
        self.piles, self.stock = piles, stock
        #: how many cards each pile is refilled to
        self.sizes = {i: r.size for i in piles if (r := rules.specs[i].refill) is not None}

    @classmethod
    def build(cls, rules: Rules) -> RefillAtDeal | None:
        piles = tuple(p.index for p in rules.specs
                      if p.refill is not None and p.refill.when == "deal")
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        return cls(rules, piles, stock[0]) if piles and len(stock) == 1 else None

    def short(self, pos: Position) -> list[int]:
        """The piles waiting for the next deal to refill them, in order."""
        return [i for i in self.piles if len(pos.piles[i]) < self.sizes[i]]

    def takes_turn(self, pos: Position) -> bool:
        return bool(pos.piles[self.stock]) and bool(self.short(pos))

    def apply_deal(self, pos: Position) -> Position:
        """Fill every vacancy waiting for the deal from its sources' top cards
        (the pack's next card, the talon's top), in the layout's order."""
        rules = self.rules
        for i in self.short(pos):
            while len(pos.piles[i]) < self.sizes[i]:
                source = next((rules.group_piles[g][0] for g in refill_sources(rules, pos, i)
                               if len(rules.group_piles[g]) == 1
                               and pos.piles[rules.group_piles[g][0]]), None)
                if source is None:
                    break
                pos = rules.transfer(pos, source, i)
        return pos

    def deal_name(self, pos: Position) -> str:
        n = len(self.short(pos))
        return f"refill {n} vacanc{'y' if n == 1 else 'ies'} from the pack"


class PackFill(Feature):
    """A vacancy the player may fill with the pack's next card, unseen
    (Napoleon's Square)."""

    provides: ClassVar[frozenset[str]] = frozenset({"holds-nothing", "unwind-safe"})

    topic = "refill"
    keys = ("piles[].refill.when = player",)
    place_blind = True
    plain = False

    def __init__(self, rules: Rules, piles: tuple[int, ...], stock: int) -> None:
        super().__init__(rules)
        self.piles, self.stock = piles, stock

    @classmethod
    def build(cls, rules: Rules) -> PackFill | None:
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        if len(stock) != 1:
            return None
        group = rules.specs[stock[0]].group
        piles = tuple(p.index for p in rules.specs if p.refill is not None
                      and p.refill.when == "player" and group in p.refill.sources)
        return cls(rules, piles, stock[0]) if piles else None

    def moves(self, pos: Position) -> Iterable[Move]:
        """The pack's next card into a vacancy (the first of each group, or of
        each class of piles alike across groups: they are alike)."""
        if not pos.piles[self.stock]:
            return
        kinds = set()
        vacancy = self.rules.vacancy_kinds
        for i in self.piles:
            kind = (vacancy[i], self.rules.specs[i].build)
            if not pos.piles[i] and kind not in kinds:
                kinds.add(kind)
                yield Move(MoveKind.MOVE, self.stock, i)

    def owns(self, pos: Position, move: Move) -> bool:
        return move.kind == MoveKind.MOVE and move.src == self.stock and move.count == 1 and \
            move.card is None and move.dst in self.piles and \
            not pos.piles[move.dst] and bool(pos.piles[self.stock])

    def stock_refusal(self, pos: Position, move: Move) -> str | None:
        if move.dst in self.piles:
            return (f"{self.rules.specs[self.stock].the_ref}'s next card fills only an empty "
                    f"{self.rules.specs[move.dst].name}")
        return None
