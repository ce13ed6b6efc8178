"""The Mill (Cadogan no. 6): the two rules no layout key says.

"The first four kings that appear in dealing are to be played in the four
angles": until every angle holds its king, a king goes to an angle, never
onto the centre (a king may end a run there only once the angles are full).

"The uppermost card of either of the king packets may be transferred, if
suitable, to the ace packet; but this privilege is limited to one card of
each at a time, and may only be resorted to when the playing of that card
would bring into immediate use any other available card of the wings or of
the talon."  Read: a king packet's top card may go onto the centre when it
fits there and, once there, lets a card of the wings or the talon go onto
the centre next; from the same packet again only after another move.
"""

from __future__ import annotations

from typing import Iterable

from ..cards import Card
from ..engine import Move, MoveKind, Position, Rules


class MillRules(Rules):
    def route_reason(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        """A king goes to the centre only once the four angles hold kings."""
        if card.rank == 13 and dst == self.group_piles["centre"][0] and \
                any(not pos.piles[k] for k in self.group_piles["king"]):
            return ("the first four kings go to the four angles: a king goes on the centre "
                    "only once every angle holds one")
        return super().route_reason(pos, src, dst, card)

    def extra_moves(self, pos: Position) -> Iterable[Move]:
        centre = self.group_piles["centre"][0]
        passed = pos.get("passed", ())
        for king in self.group_piles["king"]:
            pile = pos.piles[king]
            if pile and king not in passed and len(pile) > 1 and self.fits(pos, pile[-1], centre):
                after = self.transfer(pos, king, centre)
                helpers = self.group_piles["wing"] + self.group_piles["talon"]
                if any(after.piles[h] and self.fits(after, after.piles[h][-1], centre)
                       for h in helpers):
                    yield Move(MoveKind.MOVE, king, centre)

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        if move.kind == "move" and move.src in self.group_piles["king"] and \
                move.dst == self.group_piles["centre"][0] and not self.is_own_move(pos, move):
            return ("a king packet's top card passes to the centre only when it fits there and "
                    "lets a card of the wings or the talon follow it at once, one card from "
                    "a packet at a time")
        return None

    def record(self, before: Position, move: Move, after: Position) -> Position:
        """The king packets passed from since the last other move."""
        if move.kind == "move" and move.src in self.group_piles["king"]:
            return after.with_extra(passed=tuple(sorted(set(before.get("passed", ()))
                                                        | {move.src})))
        return after.with_extra(passed=()) if before.get("passed") else after


RULES = MillRules
