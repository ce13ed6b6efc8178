"""The Congress (Cadogan no. 42).

The eight aces are withdrawn as foundations, built up in suit.  Four help cards
are dealt in a line, then a row of eight, the first of the rivers.  Each new row
of eight is dealt below the last and blocks it (Rule V): in each river (a
column) only the lowest card is free, and taking it frees the one above.

* Rivers marry downwards in suit onto the helps, never the reverse (Rule II);
  helps marry downwards in suit onto each other (Rule III); only the top card
  of a help packet is free (Rule IV).
* The pack deals one step at a time: first the vacancies are refilled, the
  uppermost rows of the rivers first, then the empty helps; when there is no
  vacancy, the next row of eight is dealt (the layout's ``play.rows``).
* Once the pack is out there may be up to eight help packets: any free river
  card may start a help packet on an empty help place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..engine import DEAL, Move, Position, Refusal
from ..features.game_rule import GameRule
from ..features.rows import ProgressiveRows

if TYPE_CHECKING:
    from ..engine import Rules as Engine

ACE = 1


class CongressRules(GameRule):
    """The Congress's own rules of where cards go; its rows, refilled from the
    pack uppermost first, are the layout's ``play.rows``
    (:mod:`patience_cli.features.rows`)."""

    rules: Engine

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        self.stock = self.needs(rules.stock, "a pack")
        layout = rules.layout
        self.rivers = tuple(p.index for p in layout.group("river"))
        self.helps = tuple(p.index for p in layout.group("help"))
        #: the help places the lay-out dealt to: refilled from the pack while it lasts
        self.first_helps = self.rules.feature(ProgressiveRows).also

    def pack_out(self, pos: Position) -> bool:
        return not pos.piles[self.stock]

    # ------------------------------------------------------------ where cards go
    def route_reason(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        if dst in self.helps:
            if src in self.helps and not pos.piles[dst]:
                return "a help packet is started only with a card from the rivers"
            if not pos.piles[dst]:
                if not self.pack_out(pos):
                    if dst in self.first_helps:
                        return Refusal("while the pack lasts an empty help place is "
                                       "refilled from the pack", DEAL)
                    return ("new help packets may be started only once the pack is "
                            "exhausted")
        return None

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        if move.kind == "move" and move.dst in self.rivers and move.src != move.dst:
            return "nothing is placed on the rivers: cards marry only onto the helps (rule 2)"
        return None

    def outcome(self, pos: Position, move: Move, ascii: bool = False,
                after: Position | None = None,
                events: tuple[dict[str, Any], ...] | None = None) -> str:
        if move.kind == "deal":
            return super().outcome(pos, move, ascii)  # the rows' words say what was dealt
        text = super().outcome(pos, move, ascii)
        after = after if after is not None else self.rules.apply(pos, move)
        assert move.src is not None and move.dst is not None  # (a card move)
        plain = self.rules.transfer(pos, move.src, move.dst)
        new = [f"{c.text(ascii)} to {self.rules.specs[i].ref}" for i in self.rivers + self.first_helps
               for c in after.piles[i][len(plain.piles[i]):]]
        return text + ("; refilled: " + ", ".join(new) if new else "")


RULES = CongressRules
