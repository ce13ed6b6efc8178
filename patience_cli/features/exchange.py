"""Cards passed between the ascending and the descending foundations of a
suit: "in forming the foundations, one card at a time may be exchanged from
the ascending to the descending sequences, and vice versa" (la Nivernaise,
the Herring-Bone).

Layout: ``play.exchange`` with ``up`` and ``down``, the groups of the
ascending and the descending foundations.  The top card of either may go,
one at a time, onto a pile of the other that takes it; the card a
foundation was begun with stays.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from .. import play_settings as settings
from ..position import Move, MoveKind, Position
from .feature import Feature, Rules


class Exchange(Feature):
    topic = "exchange"
    keys = ("play.exchange",)
    from_foundations: ClassVar[bool] = True

    def __init__(self, rules: Rules, rule: settings.Exchange) -> None:
        super().__init__(rules)
        up, down = rules.group_piles[rule.up], rules.group_piles[rule.down]
        #: for each foundation of the two groups, the piles of the other
        self.other = {**{i: down for i in up}, **{i: up for i in down}}

    @classmethod
    def build(cls, rules: Rules) -> Exchange | None:
        rule = rules.layout.play.exchange
        return None if rule is None else cls(rules, rule)

    def moves(self, pos: Position) -> Iterator[Move]:
        for src, others in self.other.items():
            pile = pos.piles[src]
            if len(pile) < 2:
                continue  # empty, or only the card it was begun with
            for dst in others:
                if pos.piles[dst] and self.rules.fits(pos, pile[-1], dst):
                    yield Move(MoveKind.MOVE, src, dst)

    def owns(self, pos: Position, move: Move) -> bool:
        src, dst = move.src, move.dst
        if move.kind != MoveKind.MOVE or move.count != 1 or src not in self.other \
                or dst not in self.other[src]:
            return False
        pile = pos.piles[src]
        return len(pile) >= 2 and (move.card is None or move.card == pile[-1]) and \
            bool(pos.piles[dst]) and self.rules.fits(pos, pile[-1], dst)

    def refusal(self, pos: Position, move: Move) -> str | None:
        """Words for a foundation's card that may not pass (asked for a move
        from a foundation, where the core would say cards stay there)."""
        src, dst = move.src, move.dst
        if src not in self.other:
            return None
        rules = self.rules
        if dst not in self.other[src]:
            return (f"a foundation's card passes only to a foundation of the other way "
                    f"({rules.group_names([rules.specs[self.other[src][0]].group])})")
        pile = pos.piles[src]
        if len(pile) < 2:
            return f"the card {rules.specs[src].the_ref} was begun with stays there"
        if not pos.piles[dst]:
            return f"{rules.specs[dst].the_ref} is not begun yet"
        return rules.building.build_reason(pos, pile[-1], dst)
