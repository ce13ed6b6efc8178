"""Foundation cards laid as they appear: a card that starts a foundation of
the group goes to its place as soon as it is free, whether dealt, turned from
the pack, brought into a vacancy or uncovered (Anna: "whenever in the course
of the deal knaves turn up, they are to be placed so as to form the letter
N"; the Mill: "the first four kings that appear in dealing are to be played
in the four angles").

Layout: the foundation group's ``as_they_appear = true``.  It happens by
itself after the deal and after every move, before anything else is done:
the card goes to the first empty place of the group that takes it.  Where
the base rank is ``first`` and no card of the group has fixed it yet (the
Terrace's, chosen by the player), no card starts a place by itself.
"""

from __future__ import annotations

from ..layout_model import FIRST
from ..position import Position
from .feature import Feature, Rules


class AsTheyAppear(Feature):
    reads_suits = False
    keys = ("piles[].as_they_appear",)
    place_blind = True
    plain = False

    def __init__(self, rules: Rules, homes: tuple[int, ...]) -> None:
        super().__init__(rules)
        #: the foundations laid as their first cards appear, in the layout's order
        self.homes = homes

    @classmethod
    def build(cls, rules: Rules) -> "AsTheyAppear | None":
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

    def settle(self, pos: Position) -> Position:
        """Lay every free card that starts an empty place of the group."""
        rules = self.rules
        while True:
            empty = [i for i in self.homes if not pos.piles[i] and self.decided(pos, i)]
            if not empty:
                return pos
            # each place with the ranks it may take (None: any), a quick look before fits
            takes = rules.ranks_taken_by(pos, empty)
            found = next(((src, card, dst) for src in rules.sources
                          for card in rules.available_cards(pos, src)
                          for dst, ranks in takes
                          if (ranks is None or card.rank in ranks)
                          and rules.fits(pos, card, dst)), None)
            if found is None:
                return pos
            src, card, dst = found
            pos = rules.transfer(pos, src, dst, card=card)
