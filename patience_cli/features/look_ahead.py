"""A limit on looking into packets: "as many cards in each of the packets
forming the Line may be examined as there are vacancies in the Flanks" (la
Nivernaise).  The cards beyond the limit lie as if face down: the board,
``show --json`` and the sheet show only what may be seen, and the limit is
set anew after every move and deal.  (The solver, as everywhere, sees every
card.)

Layout: ``play.look_ahead`` with ``group`` (the packets looked into) and
``by`` (the group whose empty piles say how deep, beyond the top card).
"""

from __future__ import annotations

from .. import play_settings as settings
from ..position import Position
from .feature import Feature, Rules


class LookAhead(Feature):
    keys = ("play.look_ahead",)
    plain = False

    def __init__(self, rules: Rules, rule: settings.LookAhead) -> None:
        super().__init__(rules)
        self.packets = rules.group_piles[rule.group]
        self.vacancies = rules.group_piles[rule.by]

    @classmethod
    def build(cls, rules: Rules) -> LookAhead | None:
        rule = rules.layout.play.look_ahead
        return None if rule is None else cls(rules, rule)

    def depth(self, pos: Position) -> int:
        """How many cards of each packet may be seen below its top card."""
        return sum(1 for i in self.vacancies if not pos.piles[i])

    def settle(self, pos: Position) -> Position:
        """Each packet's cards beyond the limit laid as if face down."""
        seen = 1 + self.depth(pos)
        down = list(pos.down)
        for i in self.packets:
            down[i] = max(0, len(pos.piles[i]) - seen)
        if tuple(down) == pos.down:
            return pos
        return Position(pos.piles, tuple(down), pos.extra)
