"""Cards laid aside between an ascending and a descending foundation until
play decides (the Crescent's "between the two rows", the "Louis" Patience).

Layout: ``play.hold`` with ``group`` (the places, one for each pile of the
``up`` group and the same pile of the ``down`` group) and ``decide``
(``player`` or ``continuing``, the default).
"""

from __future__ import annotations

from typing import ClassVar

from .. import play_settings as settings
from ..cards import Card
from ..position import Position
from .feature import Feature, Rules


class Holds(Feature):

    provides: ClassVar[frozenset[str]] = frozenset({"holds"})
    topic = "hold"
    keys = ("play.hold",)
    restricts_routes = True

    def __init__(self, rules: Rules, rule: settings.Hold) -> None:
        super().__init__(rules)
        g = rules.group_piles
        self.rule = rule
        #: each place aside, with its pair (ascending, descending)
        self.holds: dict[int, tuple[int, int]] = {
            h: (u, d) for h, u, d in zip(g[rule.group], g[rule.up], g[rule.down])}
        self.decide: str = rule.decide
        #: each foundation of a pair, with its pair
        self.pair_of: dict[int, tuple[int, int]] = {
            f: pair for pair in self.holds.values() for f in pair}

    @classmethod
    def build(cls, rules: Rules) -> Holds | None:
        rule = rules.layout.play.hold
        return None if rule is None else cls(rules, rule)

    def places(self) -> tuple[int, ...]:
        return tuple(self.holds)

    def fits(self, pos: Position, card: Card, dst: int) -> bool:
        """Whether *card* may be laid aside in the empty place *dst*: both
        foundations of its pair take it now."""
        up, down = self.holds[dst]
        rules = self.rules
        return not pos.piles[dst] and rules.fits(pos, card, up) and rules.fits(pos, card, down)

    def ranks_placed(self, pos: Position, dst: int) -> frozenset[int] | None:
        """The ranks both foundations of the pair take now, or none where
        the place holds a card."""
        if pos.piles[dst]:
            return frozenset()
        up, down = self.holds[dst]
        ups, downs = self.rules.ranks_taken(pos, up), self.rules.ranks_taken(pos, down)
        return downs if ups is None else ups if downs is None else ups & downs

    def build_reason(self, pos: Position, card: Card, dst: int) -> str | None:
        specs = self.rules.specs
        if pos.piles[dst]:
            return f"{specs[dst].the_ref} holds one card at a time"
        if self.fits(pos, card, dst):
            return None
        up, down = self.holds[dst]
        return (f"{specs[dst].the_ref} takes only a card that both {specs[up].the_ref} "
                f"and {specs[down].the_ref} would take now: the {card} does not")

    def route_allows(self, pos: Position, src: int, dst: int, card: Card) -> bool:
        return self._bar(pos, src, dst, card) is None

    def _bar(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        """Which rule of :meth:`route_refusal` bars the move, with no words
        made (the move generator asks it of every move onto a foundation):
        ``aside`` or ``waits``, else None."""
        if src in self.holds and dst not in self.holds[src]:
            return "aside"
        pair = self.pair_of.get(dst)
        if self.decide != "continuing" or pair is None:
            return None
        rules = self.rules
        other = pair[1] if pair[0] == dst else pair[0]
        if not (rules.fits(pos, card, dst) and rules.fits(pos, card, other)):
            return None
        after = rules.transfer(pos, src, dst, card=card if src not in self.holds else None)
        if any(rules.fits(after, c, dst) for i in rules.sources if i not in self.holds
               for c in rules.available_cards(after, i)):
            return None
        return "waits"

    def route_refusal(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        """A card laid aside goes only to its pair's foundations; and with
        ``decide = "continuing"``, a card that both foundations of a pair
        take goes to one of them only when a free card would follow it there
        at once (until then it waits, aside or where it is)."""
        bar = self._bar(pos, src, dst, card)
        specs = self.rules.specs
        if bar is None:
            return None
        if bar == "aside":
            up, down = self.holds[src]
            return (f"the card laid aside in {specs[src].the_ref} goes only to the "
                    f"{specs[up].ref} or {specs[down].the_ref}")
        pair = self.pair_of[dst]
        hold = next(h for h, p in self.holds.items() if p == pair)
        place = f"in {specs[src].the_ref}" if src in self.holds else \
            f"where it is, or in {specs[hold].the_ref},"
        return (f"both {specs[pair[0]].the_ref} and {specs[pair[1]].the_ref} "
                f"take the {card}: it waits {place} until a free card would follow it on "
                "one of them, and the first such card decides")

    def as_dealt(self, piles: list[list[Card]], card: Card, pos: Position) -> int | None:
        """During the deal (``deal_up``): the place aside *card* goes to, or
        the foundation a card laid aside goes up to because *card* would
        follow it there (it is moved up here, before *card* is laid); None
        where neither.  *pos* is *piles* as a position."""
        rules = self.rules
        for hold, pair in self.holds.items():
            if not piles[hold]:
                if self.fits(pos, card, hold):
                    return hold
                continue
            for f in pair:
                if rules.fits(pos, piles[hold][-1], f):
                    after = rules.transfer(pos, hold, f)
                    if rules.fits(after, card, f):
                        piles[f].append(piles[hold].pop())
                        return f
        return None

    def ordered_groups(self) -> set[str]:
        return {self.rule.group, self.rule.up, self.rule.down}
