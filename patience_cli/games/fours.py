"""Fours (piquet pack), from the handbook *Patience Games*.

Everything in Fours is forced; the only question the book leaves open is the
order of moves, which its worked example settles: a card moves from right to
left onto the leftmost packet showing its value, the leftmost pair first.

The book's narrative contradicts itself once: in its first deal the four kings
come together on packet 2 (the K♦ is dealt on K♣ K♠ K♥) but are not put out,
although the rule says four of a value go out "as soon as" they are together,
and the example then goes on to claim that every card is out in the third deal,
which happens only if the kings did go out.  We follow the rule (the reading
that fits the most of the text); the rule sheet says so.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..cards import RANK_PLURAL
from ..engine import Move, MoveKind, Position
from ..features.game_rule import GameRule

if TYPE_CHECKING:
    from ..engine import Rules as Engine


class FoursRules(GameRule):
    rules: Engine

    has_deal_step = True

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        self.stock = self.needs(rules.stock, "a pack")
        layout = rules.layout
        self.packets = tuple(p.index for p in layout.group("packet"))
        self.out = layout.group("out")[0].index

    def initial_extra(self, pos: Position) -> Position:
        return pos.with_extra(deal=1, row=0, seen=(self._order_key(pos.piles[self.stock]),),
                              repeat=False)

    @staticmethod
    def _order_key(stock) -> str:
        return "".join(c.code for c in stock)

    # ------------------------------------------------------------ the moves
    def _pending(self, pos: Position) -> Move | None:
        tops = [(i, pos.piles[i][-1].rank) for i in self.packets if pos.piles[i]]
        for a, (ia, ra) in enumerate(tops):
            for ib, rb in tops[a + 1:]:
                if ra == rb:
                    return Move(MoveKind.MOVE, ib, ia)
        return None

    def extra_moves(self, pos: Position) -> Iterable[Move]:
        """The one move open between the deals: the leftmost pair's card."""
        pending = self._pending(pos)
        return (pending,) if pending else ()

    def forced_move(self, pos: Position) -> Move | None:
        return next(iter(self.rules.legal_moves(pos)), None)

    def deal_reason(self, pos: Position) -> str | None:
        pending = self._pending(pos)
        if pending and pending.src is not None and pending.dst is not None:
            card = pos.piles[pending.src][-1]
            return (f"the {card} must first be moved onto the "
                    f"{pos.piles[pending.dst][-1]} (move {self.rules.words.command(pos, pending)[5:]})")
        if pos.get("repeat"):
            return "the cards left can never go out"
        return None

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        if move.kind != "move" or move == self._pending(pos):
            return None
        if move.src not in self.packets or move.dst not in self.packets:
            return "in Fours cards move only from one packet to another (piles 1 to 4)"
        if move.count != 1:
            return "in Fours cards move one at a time"
        if move.src == move.dst:
            return "a card cannot move to the pile it is on"
        s, d = pos.piles[move.src], pos.piles[move.dst]
        if not s or not d:
            return "a card moves only onto a card of the same value, never to an empty place"
        if s[-1].rank != d[-1].rank:
            return (f"a card moves only onto one of the same value: "
                    f"the {s[-1]} cannot go on the {d[-1]}")
        pending = self._pending(pos)
        assert pending is not None  # (a pair open: the move refused is not it)
        return ("cards move from right to left, the leftmost pair first: "
                f"the book's order is {self.rules.words.command(pos, pending)}")

    def settle(self, pos: Position) -> Position:
        """Four of a value together on a packet go out at once."""
        for i in self.packets:
            pile = pos.piles[i]
            if len(pile) >= 4 and len({c.rank for c in pile[-4:]}) == 1:
                pos = self.rules.transfer(pos, i, self.out, 4)
        return pos

    def apply_deal(self, pos: Position) -> Position:
        piles = list(pos.piles)
        stock = piles[self.stock]
        if stock:
            row = stock[::-1][:4]
            piles[self.stock] = stock[:len(stock) - len(row)]
            for i, card in zip(self.packets, row):
                piles[i] = piles[i] + (card,)
            down = tuple(len(piles[self.stock]) if i == self.stock else 0
                         for i in range(len(piles)))
            new = Position(tuple(piles), down, pos.extra).with_extra(row=pos.get("row") + 1)
            return new
        # Gather: packet 2 on packet 1, 3 on those, 4 on top, then turn over.
        gathered = tuple(c for i in self.packets for c in piles[i])
        new_stock = gathered[::-1]
        for i in self.packets:
            piles[i] = ()
        piles[self.stock] = new_stock
        key = self._order_key(new_stock)
        seen = pos.get("seen")
        down = tuple(len(new_stock) if i == self.stock else 0 for i in range(len(piles)))
        return Position(tuple(piles), down, pos.extra).with_extra(
            deal=pos.get("deal") + 1, row=0, seen=seen + (key,), repeat=key in seen)

    # ------------------------------------------------------------ status and words
    def won_reason(self, pos: Position) -> str:
        return "every card has gone out in fours"

    def lost_reason(self, pos: Position) -> str:
        return (f"deal {pos.get('deal')} would repeat an earlier deal card for card, so the "
                "cards left can never go out")

    def deal_step_name(self, pos: Position) -> str:
        if pos.piles[self.stock]:
            return f"deal row {pos.get('row') + 1} of deal {pos.get('deal')}"
        return f"gather up the packets (2 on 1, 3, then 4) and turn them over for deal {pos.get('deal') + 1}"

    def describe(self, pos: Position, move: Move, ascii: bool = False) -> str:
        text = super().describe(pos, move, ascii)
        after = self.rules.apply(pos, move)
        gone = after.piles[self.out][len(pos.piles[self.out]):]
        for i in range(0, len(gone), 4):
            text += f"; the four {RANK_PLURAL[gone[i].rank]} go out"
        return text


RULES = FoursRules
