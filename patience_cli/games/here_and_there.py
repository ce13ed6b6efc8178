"""Here and There, for two players, from Hoffmann's book (no. 62).

Each player has a whole pack, face down.  A is the player who cut highest
and begins; his first card, turned up at the deal, fixes the foundations'
rank and is the first of eight foundations, each built up in suit round the
corner to the rank below it.

Only the player whose turn it is plays, and only the card he has just
turned (``patience deal`` turns it): to a foundation that takes it, or,
where no foundation takes it ("a given card (not available for the main
sequences)"), onto the other player's waste heap if it is one above or one
below its top card, whatever the suit; and he turns the next.  A card that can go neither way is
laid on his own waste heap (``patience move 10 11``), and the turn passes.
A player whose pack is out when his turn comes takes up his waste heap,
turned over, as his pack (not before: "each player is bound to leave his
waste-heap exposed until his antagonist can no longer play"); his turn ends
when his pack runs out.  The first to get rid of all his cards wins.

With ``[game] opponent`` naming a player (``--opponent program``: B), the
program plays that hand as soon as its turn comes, by a simple rule: the
card turned goes to the first foundation that takes it, else on the other
player's waste heap if it can (Hoffmann: "it should be his endeavour ... to
increase the heap of his adversary"), else on its own waste heap.

The turns, the program's hand and the end are :mod:`.two_hands`'s.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import DEAL, Move, MoveKind, Position
from .two_hands import SETTINGS, TwoHands  # noqa: F401  (SETTINGS: the layout's [game])


class HereAndThereRules(TwoHands):
    # ------------------------------------------------------------ the deal
    def initial_extra(self, pos: Position) -> Position:
        """A turns up his first card: it begins the first foundation."""
        piles, down = list(pos.piles), list(pos.down)
        pack = self.pack["A"]
        card, piles[pack] = piles[pack][-1], piles[pack][:-1]
        piles[self.rules.foundations[0]] = (card,)
        down[pack] = len(piles[pack])
        return Position(tuple(piles), tuple(down)).with_extra(turn="A", idle=0)

    # ------------------------------------------------------------ what may move
    def available_cards(self, pos: Position, index: int):
        if self.winner(pos) or index != self.turned[self.player(pos)]:
            return []
        return list(pos.piles[index][-1:])

    def _onto_waste(self, pos: Position, card) -> bool:
        top = pos.piles[self.waste[self.other(self.player(pos))]]
        return bool(top) and abs(top[-1].rank - card.rank) == 1

    def _up_to(self, pos: Position, card) -> list[int]:
        return [f for f in self.rules.foundations if self.rules.fits(pos, card, f)]

    def extra_moves(self, pos: Position) -> Iterable[Move]:
        """The card turned onto the other's waste heap, or onto one's own when
        it can go nowhere else."""
        who = self.player(pos)
        turned = pos.piles[self.turned[who]]
        if not turned or self.winner(pos):
            return ()
        card = turned[-1]
        if self._up_to(pos, card):
            return ()  # a card a foundation takes goes nowhere else
        if self._onto_waste(pos, card):
            return (Move(MoveKind.MOVE, self.turned[who], self.waste[self.other(who)]),)
        return (Move(MoveKind.MOVE, self.turned[who], self.waste[who]),)

    def is_own_move(self, pos: Position, move: Move) -> bool:
        return move in tuple(self.extra_moves(pos))

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        if move.kind != "move" or self.is_own_move(pos, move):
            return None
        who = self.player(pos)
        if move.src != self.turned[who]:
            return (f"it is {who}'s turn, and only the card {who} has just turned may be "
                    f"played (pile {self.rules.specs[self.turned[who]].number})")
        if not pos.piles[move.src]:
            return f"{who} has no card turned: 'patience deal' turns the next"
        card = pos.piles[move.src][-1]
        if move.dst == self.waste[self.other(who)] and self._up_to(pos, card):
            return (f"the {card} can go to a foundation: only a card that cannot goes on "
                    f"{self.other(who)}'s waste heap")
        if move.dst == self.waste[self.other(who)]:
            top = pos.piles[move.dst]
            return (f"the {card} is not one above or one below the "
                    f"{top[-1] if top else 'empty place'} on {self.other(who)}'s waste heap")
        if move.dst == self.waste[who]:
            return (f"the {card} can be played, so it may not go on {who}'s own waste heap")
        if move.dst in self.rules.foundations:
            return None  # the build's own words
        return "the card turned goes to a foundation or a waste heap"

    def play_own(self, pos: Position, move: Move) -> Position:
        assert move.src is not None and move.dst is not None  # (one of its own moves)
        return self.rules.transfer(pos, move.src, move.dst)

    # ------------------------------------------------------------ the program
    def program_move(self, pos: Position) -> Move:
        """The card turned up, else onto the other's waste heap, else on its
        own waste heap; with none turned, the deal."""
        who = self.player(pos)
        turned = pos.piles[self.turned[who]]
        if not turned:
            return DEAL
        up = self._up_to(pos, turned[-1])
        if up:
            return Move(MoveKind.MOVE, self.turned[who], up[0])
        return next(iter(self.extra_moves(pos)))


RULES = HereAndThereRules
