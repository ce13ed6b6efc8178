"""Foundation cards laid as they appear: a card that starts a foundation of
the group goes to its place as soon as it is free, whether dealt, turned from
the pack, brought into a vacancy or uncovered (Anna: "whenever in the course
of the deal knaves turn up, they are to be placed so as to form the letter
N"; the Mill: "the first four kings that appear in dealing are to be played
in the four angles"; the Kingdom: "whenever an ace appears, it is placed in
position").

Layout: the foundation group's ``as_they_appear = true``.  It happens by
itself after the deal and after every move, before anything else is done:
the card goes to the first empty place of the group that takes it.  Where
the base rank is ``first`` and no card of the group has fixed it yet (the
Terrace's, chosen by the player), no card starts a place by itself.

``as_they_appear = "every"``: every card the pile takes goes to it so, not
only its first (Margarethe: "all the aces as they appear are to be placed in
one packet"; the Dial No. 2's kings, "laid as they come to hand" in the
centre).

``opens_after = [groups]`` (beside ``as_they_appear``): the pile takes its
first card only once every pile of those groups holds one, by itself or by
the player's move (Quadrille: "when all four queens have thus taken up their
positions, you in like manner place the fives and sixes").
"""

from __future__ import annotations

from typing import ClassVar

from ..cards import Card
from ..layout_model import FIRST
from ..position import Position
from .feature import Feature, Rules


class AsTheyAppear(Feature):

    provides: ClassVar[frozenset[str]] = frozenset({"holds-nothing"})
    topic = "appear"
    reads_suits = False
    keys = ("piles[].as_they_appear", "piles[].opens_after")
    place_blind = True
    plain = False

    def __init__(self, rules: Rules, homes: tuple[int, ...]) -> None:
        super().__init__(rules)
        #: the foundations laid as their first cards appear, in the layout's order
        self.homes = homes
        #: those that take every card so, not only the first
        self.every = frozenset(i for i in homes if rules.specs[i].as_they_appear == "every")
        #: the piles that wait, each with the piles that must all hold a card first
        self.waiting = {i: tuple(j for g in rules.specs[i].opens_after
                                 for j in rules.group_piles[g])
                        for i in homes if rules.specs[i].opens_after}
        #: (asked of every move only where a place waits)
        self.restricts_routes = bool(self.waiting)

    @classmethod
    def build(cls, rules: Rules) -> AsTheyAppear | None:
        homes = tuple(p.index for p in rules.specs if p.as_they_appear)
        return cls(rules, homes) if homes else None

    def decided(self, pos: Position, home: int) -> bool:
        """Whether the rank that starts *home* is known: fixed by the layout,
        or by a first card already laid in its group."""
        spec = self.rules.specs[home]
        if spec.build is None or spec.build.base != FIRST:
            return True
        first_of = spec.build.first_of
        if first_of == "pile":
            return False  # each pile's own first card decides it: none starts it by itself
        group = spec.group if first_of == "group" else first_of
        return any(pos.piles[i] for i in self.rules.group_piles[group])

    def closed(self, pos: Position, home: int) -> bool:
        """Whether *home*, still empty, waits for the piles it opens after."""
        before = self.waiting.get(home)
        return bool(before) and not pos.piles[home] \
            and not all(pos.piles[j] for j in before or ())

    def settle(self, pos: Position) -> Position:
        """Lay every free card that starts an empty place of the group (or,
        on a place that takes every card so, goes on it)."""
        rules = self.rules
        while True:
            open_ = [i for i in self.homes
                     if (i in self.every or not pos.piles[i]) and self.decided(pos, i)
                     and not self.closed(pos, i)]
            if not open_:
                return pos
            # each place with the ranks it may take (None: any), a quick look before fits
            takes = rules.ranks_taken_by(pos, open_)
            found = next(((src, card, dst) for src in rules.sources if src not in self.every
                          for card in rules.available_cards(pos, src)
                          for dst, ranks in takes
                          if (ranks is None or card.rank in ranks)
                          and rules.fits(pos, card, dst)), None)
            if found is None:
                return pos
            src, card, dst = found
            pos = rules.transfer(pos, src, dst, card=card)

    # ------------------------------------------------------------ the wait
    def route_allows(self, pos: Position, src: int, dst: int, card: Card) -> bool:
        return not self.closed(pos, dst)

    def route_refusal(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        if not self.closed(pos, dst):
            return None
        spec = self.rules.specs[dst]
        return (f"a {spec.name} is laid only once every "
                f"{self.rules.group_names(spec.opens_after)} is in place")
