"""Where cards may travel from: a pile that takes cards only from some
groups, a vacancy filled only from its refill's groups, a pile that takes a
card only when the piles it is second to cannot.

Layout: a pile's ``accepts_from`` (groups), ``refill.from`` (for its
vacancies) and ``second_to`` (groups that come first).
"""

from __future__ import annotations

from typing import ClassVar

from ..cards import Card
from ..layout import Role
from ..position import Position
from .feature import Feature, Rules
from .refills import refill_sources


class Routes(Feature):

    provides: ClassVar[frozenset[str]] = frozenset({"still", "holds-nothing", "placed-safe",
                                                   "unwind-safe"})
    reads_suits = False
    topic = "route"
    keys = ("piles[].accepts_from", "piles[].refill.from", "piles[].second_to")
    restricts_routes = True
    place_blind = True

    @classmethod
    def build(cls, rules: Rules) -> Routes | None:
        if any(p.accepts_from is not None or p.refill is not None or p.second_to is not None
               for p in rules.specs):
            return cls(rules)
        return None

    def accepts(self, pos: Position, src: int, dst: int) -> bool:
        spec = self.rules.specs[dst]
        group = self.rules.specs[src].group
        if spec.refill is not None and not pos.piles[dst]:
            return group in refill_sources(self.rules, pos, dst)
        return spec.accepts_from is None or group in spec.accepts_from

    def wanted_first(self, pos: Position, dst: int, card: Card) -> int | None:
        """A pile of the groups *dst* is second to that takes *card* now."""
        groups = self.rules.specs[dst].second_to
        if not groups:
            return None
        return next((i for g in groups for i in self.rules.group_piles[g]
                     if self.rules.fits(pos, card, i)), None)

    def route_allows(self, pos: Position, src: int, dst: int, card: Card) -> bool:
        return self.accepts(pos, src, dst) and self.wanted_first(pos, dst, card) is None

    def route_refusal(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        rules = self.rules
        spec, origin = rules.specs[dst], rules.specs[src]
        if self.accepts(pos, src, dst):
            first = self.wanted_first(pos, dst, card)
            if first is None:
                return None
            return (f"the {card} can go to {rules.specs[first].the_ref}, which comes first: "
                    f"a card goes to the {spec.name} only when the "
                    f"{rules.group_names(spec.second_to or ())} cannot take it")
        if spec.refill is not None and not pos.piles[dst]:
            return (f"a vacancy in the {spec.name} is filled only from the "
                    f"{rules.group_names(refill_sources(rules, pos, dst))}: not from the "
                    f"{origin.ref}")
        where = "the foundations take" if spec.role is Role.FOUNDATION else \
            f"the {spec.name} takes"
        return (f"{where} cards only from the {rules.group_names(spec.accepts_from or ())}: "
                f"not from {origin.the_ref}")

    def ordered_groups(self) -> set[str]:
        """Groups refilled, and the groups they are refilled from, where the
        refill reads places: from the pile in the same place of another
        group (``same_place``); up to more than one card (two piles short at
        once are filled in the layout's order, so that which of them gets
        how many cards hangs on their places); or in a game with a rule that
        may read places (not :attr:`~Feature.place_blind`).  Elsewhere two
        vacancies filled in the layout's order get the same cards, one each,
        whichever pile is which: the piles stay interchangeable."""
        rules = self.rules
        blind = all(f.place_blind for f in rules.features)
        found: set[str] = set()
        for p in rules.specs:
            refill = p.refill
            if refill is not None and (not blind or refill.same_place
                                       or (refill.size > 1 and not refill.count)):
                found |= {p.group, *refill.sources}
        return found
