"""First claims: a card that must be played whenever it can be.

Layout: a pile's ``first_claim = true``.  On a tableau or reserve pile
(the Storehouse's, the Wheatsheaf's), while its card can be played, only
such cards may move and the pack is not dealt on; on the foundations, a card
that can go up must, before anything else is done.
"""

from __future__ import annotations

from typing import Iterator

from ..layout import Role
from ..position import Move, MoveKind, Position
from .feature import Feature, Rules


class FirstClaims(Feature):
    topic = "claim"
    keys = ("piles[].first_claim",)
    plain = False

    def __init__(self, rules: Rules, piles: tuple[int, ...]) -> None:
        super().__init__(rules)
        self.piles = piles

    @classmethod
    def build(cls, rules: Rules) -> "FirstClaims | None":
        piles = tuple(p.index for p in rules.specs
                      if p.first_claim and p.role is not Role.FOUNDATION)
        return cls(rules, piles) if piles else None

    def claiming(self, pos: Position) -> tuple[int, ...]:
        """The piles with first claim whose card can be played now."""
        rules = self.rules
        found = []
        for src in self.piles:
            for card in rules.available_cards(pos, src):
                if any(dst != src and rules.may_route(pos, src, dst, card)
                       and rules.fits(pos, card, dst) for dst in rules.targets):
                    found.append(src)
                    break
        return tuple(found)

    def narrow_sources(self, pos: Position, sources: tuple[int, ...]) -> tuple[int, ...]:
        return self.claiming(pos) or sources

    def blocks_deal(self, pos: Position) -> bool:
        return bool(self.claiming(pos))

    def verdict(self, pos: Position, move: Move) -> bool | None:
        claimed = self.claiming(pos)
        return False if claimed and move.src not in claimed else None

    def deal_refusal(self, pos: Position) -> str | None:
        claimed = self.claiming(pos)
        if claimed:
            return (f"the card of {self.rules.specs[claimed[0]].the_ref} can be played, and "
                    "it must be played before the pack is dealt on")
        return None

    def refusal(self, pos: Position, move: Move) -> str | None:
        if move.src in self.piles:
            return None
        claimed = self.claiming(pos)
        if claimed:
            return (f"the card of {self.rules.specs[claimed[0]].the_ref} can be played, and "
                    "it must be played before any other")
        return None


class FoundationsFirst(Feature):
    topic = "claim"
    keys = ("piles[].first_claim (foundations)",)
    plain = False

    @classmethod
    def build(cls, rules: Rules) -> "FoundationsFirst | None":
        return cls(rules) if any(p.first_claim and p.role is Role.FOUNDATION
                                 for p in rules.specs) else None

    def only_moves(self, pos: Position) -> Iterator[Move] | None:
        rules = self.rules
        if not rules.foundation_move_open(pos):
            return None
        return (Move(MoveKind.MOVE, src, dst, 1,
                     card if rules.specs[src].several_free else None)
                for src in rules.sources
                for card in dict.fromkeys(rules.available_cards(pos, src))
                for dst in rules.foundations
                if rules.may_route(pos, src, dst, card) and rules.fits(pos, card, dst))

    def blocks_deal(self, pos: Position) -> bool:
        return self.rules.foundation_move_open(pos)

    def verdict(self, pos: Position, move: Move) -> bool | None:
        if move.dst not in self.rules.foundations and self.rules.foundation_move_open(pos):
            return False
        return None

    def deal_refusal(self, pos: Position) -> str | None:
        if self.rules.foundation_move_open(pos):
            return "a card can go to a foundation, and it must, before the pack is dealt on"
        return None

    def refusal(self, pos: Position, move: Move) -> str | None:
        if move.dst not in self.rules.foundations and self.rules.foundation_move_open(pos):
            return "a card can go to a foundation, and it must, before anything else is done"
        return None
