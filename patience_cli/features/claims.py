"""First claims: a card that must be played whenever it can be.

Layout: a pile's ``first_claim = true``.  On a tableau or reserve pile
(the Storehouse's, the Wheatsheaf's) or a talon (the Fairest's: the card
just turned), while its card can be played, only such cards may move and
the pack is not dealt on (a card another rule holds back, as a talon's card
turned before the last one placed, claims nothing); on the foundations, a card
that can go up must, before anything else is done; with ``first_claim =
"empty"`` on the foundations, a card that can start one of them must (the
Great Thirteen's Rule II: "the refilling of the vacancies must be the first
object").  With ``first_claim = "second"``, a pile's card must be played
whenever it can be and no pile of ``first_claim = true`` claims first (the
Patriarchs: the waste heap's top card "has the first claim", and an
auxiliary card that "becomes playable" is played "at once", before the pack
is dealt on).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from ..layout import Role
from ..position import Move, MoveKind, Position
from .feature import Feature, Rules, overrides


class FirstClaims(Feature):

    provides: ClassVar[frozenset[str]] = frozenset({"holds-nothing", "placed-safe", "turn-safe"})
    topic = "claim"
    keys = ("piles[].first_claim",)
    place_blind = True
    plain = False
    reads_suits = False

    def __init__(self, rules: Rules, piles: tuple[int, ...],
                 second: tuple[int, ...] = ()) -> None:
        super().__init__(rules)
        #: the piles that claim first, and those that claim only when none of them does
        self.piles = piles
        self.second = second
        self._holders: tuple[Feature, ...] | None = None  # the other rules that narrow sources
        #: the position :meth:`claiming` was last asked of, and its answer (one
        #: attribute, replaced whole)
        self._last: tuple[Position | None, tuple[int, ...]] = (None, ())

    @classmethod
    def build(cls, rules: Rules) -> FirstClaims | None:
        claims = [p for p in rules.specs if p.first_claim and p.role is not Role.FOUNDATION]
        if not claims:
            return None
        return cls(rules, tuple(p.index for p in claims if p.first_claim is True),
                   tuple(p.index for p in claims if p.first_claim == "second"))

    def claiming(self, pos: Position) -> tuple[int, ...]:
        """The piles with first claim whose card can be played now."""
        rules = self.rules
        if self._holders is None:
            self._holders = tuple(f for f in rules.features
                                  if f is not self and overrides(f, "narrow_sources"))
        last = self._last
        if pos is last[0]:  # (asked again of the same position: the move list's, the deal's)
            return last[1]
        found: list[int] = []
        takes = None  # the piles that take a card now, with their ranks (the quick look)
        for tier in (self.piles, self.second):
            for src in tier:
                if any(src not in f.narrow_sources(pos, (src,)) for f in self._holders):
                    continue  # another rule holds its card back: it cannot be played now
                for card in rules.available_cards(pos, src):
                    if takes is None:
                        takes = rules.ranks_taken_by(pos, rules.targets)
                    if any(dst != src and (ranks is None or card.rank in ranks)
                           and rules.may_route(pos, src, dst, card)
                           and rules.fits(pos, card, dst) for dst, ranks in takes):
                        found.append(src)
                        break
            if found:
                break
        answer = tuple(found)
        self._last = (pos, answer)
        return answer

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
            return (f"the {self._card(pos, claimed[0])} of {self.rules.specs[claimed[0]].the_ref} "
                    "can be played, and it must be played before the pack is dealt on")
        return None

    def _card(self, pos: Position, src: int) -> str:
        return str(pos.piles[src][-1]) if self.rules.specs[src].available in ("top", "turned") \
            else "card"

    def refusal(self, pos: Position, move: Move) -> str | None:
        claimed = self.claiming(pos)
        if not claimed or move.src in claimed:
            return None
        return (f"the card of {self.rules.specs[claimed[0]].the_ref} can be played, and "
                "it must be played before any other")


class FoundationsFirst(Feature):
    reads_suits = False
    topic = "claim"
    keys = ("piles[].first_claim (foundations)",)
    place_blind = True
    plain = False

    def __init__(self, rules: Rules, starts: tuple[int, ...]) -> None:
        super().__init__(rules)
        #: with first_claim = "empty": the foundations a card must start first
        self.starts = starts

    @classmethod
    def build(cls, rules: Rules) -> FoundationsFirst | None:
        claimed = [p for p in rules.specs if p.first_claim and p.role is Role.FOUNDATION]
        if not claimed:
            return None
        return cls(rules, tuple(p.index for p in claimed if p.first_claim == "empty"))

    def _vacant(self, pos: Position) -> tuple[int, ...]:
        return tuple(f for f in self.starts if not pos.piles[f])

    def _start_open(self, pos: Position) -> bool:
        """Whether a free card can start an empty foundation of :attr:`starts`."""
        vacant = self._vacant(pos)
        if not vacant:
            return False
        rules = self.rules
        return any(rules.may_route(pos, src, dst, card) and rules.fits(pos, card, dst)
                   for src in rules.sources
                   for card in dict.fromkeys(rules.available_cards(pos, src))
                   for dst in vacant)

    def _claimed(self, pos: Position) -> tuple[int, ...] | None:
        """The foundations a card must go to now, or None where none claims."""
        if self.starts:
            return self._vacant(pos) if self._start_open(pos) else None
        return self.rules.foundations if self.rules.standing.foundation_move_open(pos) else None

    def only_moves(self, pos: Position) -> Iterator[Move] | None:
        rules = self.rules
        claimed = self._claimed(pos)
        if claimed is None:
            return None
        takes = rules.ranks_taken_by(pos, claimed)  # (the quick look, in their order)
        return (Move(MoveKind.MOVE, src, dst, 1,
                     card if rules.specs[src].several_free else None)
                for src in rules.sources
                for card in dict.fromkeys(rules.available_cards(pos, src))
                for dst, ranks in takes
                if (ranks is None or card.rank in ranks)
                and rules.may_route(pos, src, dst, card) and rules.fits(pos, card, dst))

    def blocks_deal(self, pos: Position) -> bool:
        return self._claimed(pos) is not None

    def verdict(self, pos: Position, move: Move) -> bool | None:
        claimed = self._claimed(pos)
        if claimed is not None and move.dst not in claimed:
            return False
        return None

    def deal_refusal(self, pos: Position) -> str | None:
        if self._claimed(pos) is None:
            return None
        if self.starts:
            return "a card can fill a vacancy, and it must, before anything else is done"
        return "a card can go to a foundation, and it must, before the pack is dealt on"

    def refusal(self, pos: Position, move: Move) -> str | None:
        claimed = self._claimed(pos)
        if claimed is None or move.dst in claimed:
            return None
        if self.starts:
            name = self.rules.specs[claimed[0]].name
            return (f"a card can fill the vacancy of an empty {name}, and the vacancies "
                    "must be filled before anything else is done")
        return "a card can go to a foundation, and it must, before anything else is done"
