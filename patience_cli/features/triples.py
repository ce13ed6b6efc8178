"""Covered triples: three free cards, one of each rank a layout names,
covered together from the pack (Hoffmann's third method of Elevens: "king,
queen and knave, exposed simultaneously, may all three be covered in like
manner").

Layout: ``play.pairs`` with ``cover = true`` and ``triple`` (three ranks).
A triple is typed ``patience remove 2 5 9`` (its three piles, in any order;
``moves`` lists it); each card is covered with the next card of the pack,
the lower-numbered place first.  Where the game closes matched
(``close = "matched"``), a triple is covered only while the pack holds three
cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import ClassVar

from ..cards import RANK_NOUN, Card
from ..layout import Role
from ..position import Move, MoveKind, Position, seq_text
from .feature import Rules, SetRemoval


class CoveredTriples(SetRemoval):

    provides: ClassVar[frozenset[str]] = frozenset({"covered-triples"})
    topic = "pairs"
    keys = ("play.pairs.triple",)

    def __init__(self, rules: Rules, pool: tuple[int, ...], stock: int,
                 ranks: frozenset[int], whole: bool) -> None:
        super().__init__(rules)
        self.pool, self.stock, self.ranks, self.whole = pool, stock, ranks, whole

    @classmethod
    def build(cls, rules: Rules) -> CoveredTriples | None:
        rule = rules.layout.play.pairs
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        if rule is None or not rule.triple or not rule.cover or len(stock) != 1:
            return None
        pool = tuple(i for g in rule.groups for i in rules.group_piles[g])
        return cls(rules, pool, stock[0], frozenset(rule.triple), rule.close == "matched")

    def _named(self) -> str:
        return ", ".join(RANK_NOUN[r] for r in sorted(self.ranks, reverse=True))

    def _free(self, pos: Position) -> list[tuple[int, Card]]:
        out = []
        for i in self.pool:
            cards = self.rules.available_cards(pos, i)
            if cards and cards[-1].rank in self.ranks:
                out.append((i, cards[-1]))
        return out

    def _short(self, pos: Position) -> bool:
        return self.whole and len(pos.piles[self.stock]) < 3

    def moves(self, pos: Position) -> Iterator[Move]:
        if self._short(pos):
            return
        for three in combinations(self._free(pos), 3):
            if {c.rank for _, c in three} == self.ranks:
                yield Move(MoveKind.REMOVE, piles=tuple(i for i, _ in three))

    def removal_refusal(self, pos: Position, move: Move) -> str | None:
        named = move.piles
        if len(named) != 3 or len(set(named)) != 3:
            return f"three cards are covered together: a {self._named()}; name their three piles"
        specs = self.rules.specs
        for i in named:
            if i not in self.pool:
                return f"{specs[i].the_ref} is not a place whose card is covered"
            if not self.rules.available_cards(pos, i):
                return f"{specs[i].the_ref} is empty"
        cards = [pos.piles[i][-1] for i in named]
        if {c.rank for c in cards} != self.ranks:
            return f"{seq_text(cards)}: the three covered together are a {self._named()}"
        if self._short(pos):
            return "the pack holds too few cards to cover three: the game is at its close"
        return None

    def words(self, pos: Position, move: Move, ascii: bool) -> str | None:
        if move.kind != "remove":
            return None
        cards = [pos.piles[i][-1] for i in sorted(move.piles) if pos.piles[i]]
        return f"cover the {seq_text(cards, ascii)} together ({self._named()})"

    def apply_own(self, pos: Position, move: Move) -> Position | None:
        if move.kind != "remove":
            return None
        after = pos
        for place in sorted(move.piles):  # each covered, the lower-numbered place first
            if after.piles[self.stock]:
                after = self.rules.transfer(after, self.stock, place)
        return after
