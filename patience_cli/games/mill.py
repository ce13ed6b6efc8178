"""The Mill (Cadogan no. 6): the rule no layout key says.  ("The first four
kings that appear in dealing are to be played in the four angles" is the
layout's ``as_they_appear``: a free king goes to an empty angle by itself, so
a king reaches the centre only once the angles are full.)

"The uppermost card of either of the king packets may be transferred, if
suitable, to the ace packet; but this privilege is limited to one card of
each at a time, and may only be resorted to when the playing of that card
would bring into immediate use any other available card of the wings or of
the talon."  Read: a king packet's top card may go onto the centre when it
fits there and, once there, lets a card of the wings or the talon go onto
the centre next; from the same packet again only after another move.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..engine import Move, MoveKind, Position
from ..features.game_rule import GameRule

if TYPE_CHECKING:
    from ..engine import Rules as Engine


class MillRules(GameRule):
    rules: Engine

    def extra_moves(self, pos: Position) -> Iterable[Move]:
        centre = self.rules.group_piles["centre"][0]
        passed = pos.get("passed", ())
        for king in self.rules.group_piles["king"]:
            pile = pos.piles[king]
            if pile and king not in passed and len(pile) > 1 and self.rules.fits(pos, pile[-1], centre):
                after = self.rules.transfer(pos, king, centre)
                helpers = self.rules.group_piles["wing"] + self.rules.group_piles["talon"]
                if any(after.piles[h] and self.rules.fits(after, after.piles[h][-1], centre)
                       for h in helpers):
                    yield Move(MoveKind.MOVE, king, centre)

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        if move.kind == "move" and move.src in self.rules.group_piles["king"] and \
                move.dst == self.rules.group_piles["centre"][0] and not self.is_own_move(pos, move):
            return ("a king packet's top card passes to the centre only when it fits there and "
                    "lets a card of the wings or the talon follow it at once, one card from "
                    "a packet at a time")
        return None

    def record(self, before: Position, move: Move, after: Position) -> Position:
        """The king packets passed from since the last other move."""
        if move.kind == "move" and move.src in self.rules.group_piles["king"]:
            return after.with_extra(passed=tuple(sorted(set(before.get("passed", ()))
                                                        | {move.src})))
        return after.with_extra(passed=()) if before.get("passed") else after


RULES = MillRules
