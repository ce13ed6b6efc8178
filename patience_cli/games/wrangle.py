"""The Wrangle, for two players, from Hoffmann's book (no. 61).

Each player has a pack of his own: thirteen cards face up in a reserve heap
(its top card free), four cards face up in a row before him (the auxiliary
heaps), the rest face down.  The eight aces, as they come, go to the
foundations between the two rows, and build up in suit to the king.

The player whose turn it is turns his cards one by one (``patience deal``).
He may play, whenever he likes in his turn, the card turned, the top of his
reserve and the top of any of the eight auxiliary heaps to a foundation; the
card turned and the top of his reserve onto an auxiliary heap, one below in
suit; and the card turned, where it can go to no foundation and no
auxiliary heap ("should a given card be not playable either to the main
sequences, to the auxiliary heaps ..."), onto the other player's reserve or
waste heap, one above or one below in suit.  A card turned that can go nowhere is laid on his
own waste heap, and the turn passes (:mod:`.two_hands`, which also holds the
program's hand and the end).  An auxiliary heap played out is refilled at
once with the top card of the waste heap of the player whose turn it is.

The program's rule: first any card to a foundation (its reserve's first,
Hoffmann's advice); then the card turned onto an auxiliary heap; then, where
it can go to neither, onto the other's reserve, then onto his waste heap;
then its reserve's top onto an auxiliary heap; then it turns the next card;
and a card that can go nowhere goes on its own waste heap.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..cards import Card
from ..engine import DEAL, Move, MoveKind, Position
from .two_hands import PLAYERS, SETTINGS, TwoHands  # noqa: F401  (SETTINGS: the [game])

if TYPE_CHECKING:
    from ..engine import Rules as Engine


class WrangleRules(TwoHands):
    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        layout = rules.layout
        self.reserve = {p: self.one(f"{p.lower()}_reserve") for p in PLAYERS}
        self.auxiliaries = tuple(s.index for p in PLAYERS
                                 for s in layout.group(f"{p.lower()}_auxiliary"))

    def progress_piles(self) -> tuple[int, ...]:
        return self.rules.foundations + self.auxiliaries

    def hand(self, player: str) -> tuple[int, ...]:
        return super().hand(player) + (self.reserve[player],)

    def initial_extra(self, pos: Position) -> Position:
        return pos.with_extra(turn="A", idle=0)

    # ------------------------------------------------------------ what may move
    def available_cards(self, pos: Position, index: int):
        who = self.player(pos)
        if (index in (self.turned[who], self.reserve[who]) or index in self.auxiliaries) \
                and not self.winner(pos):
            return list(pos.piles[index][-1:])
        return []

    def route_reason(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        who = self.player(pos)
        if src in self.auxiliaries and dst not in self.rules.foundations:
            return "an auxiliary heap's top card goes only to a foundation"
        if src not in (self.turned[who], self.reserve[who]) and src not in self.auxiliaries:
            return (f"it is {who}'s turn: {who} plays his card turned, the top of his reserve "
                    "and the tops of the auxiliary heaps")
        if dst not in self.rules.foundations and dst not in self.auxiliaries:
            return "cards go to the foundations and the auxiliary heaps (and the card turned "\
                "onto the other player's reserve or waste heap)"
        return super().route_reason(pos, src, dst, card)

    def _onto(self, pos: Position, card: Card, pile: int) -> bool:
        """Whether *card* may go on the other player's reserve or waste heap
        *pile*: one above or one below its top card, in suit."""
        top = pos.piles[pile]
        return bool(top) and top[-1].suit == card.suit and abs(top[-1].rank - card.rank) == 1

    def _placeable(self, pos: Position, card: Card) -> bool:
        """Whether *card* may go to a foundation or an auxiliary heap."""
        return any(self.rules.fits(pos, card, d) for d in self.rules.foundations + self.auxiliaries)

    def extra_moves(self, pos: Position) -> Iterable[Move]:
        """The card turned onto the other's reserve or waste heap, or onto
        one's own waste heap when it can go nowhere else."""
        who = self.player(pos)
        turned = pos.piles[self.turned[who]]
        if not turned or self.winner(pos):
            return ()
        card, other = turned[-1], self.other(who)
        if self._placeable(pos, card):
            return ()  # the privilege is for a card that cannot be played
        moves = [Move(MoveKind.MOVE, self.turned[who], p)
                 for p in (self.reserve[other], self.waste[other]) if self._onto(pos, card, p)]
        return moves or [Move(MoveKind.MOVE, self.turned[who], self.waste[who])]

    def is_own_move(self, pos: Position, move: Move) -> bool:
        return move.kind == "move" and move in tuple(self.extra_moves(pos))

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        if move.kind != "move" or self.is_own_move(pos, move):
            return None
        who, other = self.player(pos), self.other(self.player(pos))
        if move.src in self.hand(other):
            return (f"it is {who}'s turn: {who} plays his card turned, the top of his reserve "
                    "and the tops of the auxiliary heaps")
        if move.src == self.turned[who] and pos.piles[move.src]:
            card = pos.piles[move.src][-1]
            if move.dst in (self.reserve[other], self.waste[other]) \
                    and self._placeable(pos, card):
                return (f"the {card} can go to a foundation or an auxiliary heap: only a card "
                        f"that cannot goes onto {other}'s reserve or waste heap")
            if move.dst in (self.reserve[other], self.waste[other]):
                top = pos.piles[move.dst]
                return (f"the {card} is not one above or one below the "
                        f"{top[-1] if top else 'empty place'} in suit")
            if move.dst == self.waste[who]:
                return f"the {card} can be played, so it may not go on {who}'s own waste heap"
        return None

    def play_own(self, pos: Position, move: Move) -> Position:
        assert move.src is not None and move.dst is not None  # (one of its own moves)
        return self.rules.transfer(pos, move.src, move.dst)

    # ------------------------------------------------------------ refills
    def settle(self, pos: Position) -> Position:
        return super().settle(self.after_program(pos))

    def after_program(self, pos: Position) -> Position:
        """An auxiliary heap played out takes the top card of the waste heap
        of the player whose turn it is."""
        waste = self.waste[self.player(pos)]
        for i in self.auxiliaries:
            if not pos.piles[i] and pos.piles[waste]:
                pos = self.rules.transfer(pos, waste, i)
        return pos

    # ------------------------------------------------------------ the program
    def program_move(self, pos: Position) -> Move:
        who = self.player(pos)
        legal = list(self.rules.legal_moves(pos))
        order = (self.reserve[who], self.turned[who]) + self.auxiliaries
        for src in order:  # a card to a foundation, the reserve's first
            up = [m for m in legal if m.kind == "move" and m.src == src
                  and m.dst in self.rules.foundations]
            if up:
                return up[0]
        other = self.other(who)
        for src, dsts in ((self.turned[who], self.auxiliaries),
                          (self.turned[who], (self.reserve[other], self.waste[other])),
                          (self.reserve[who], self.auxiliaries)):
            for dst in dsts:
                found = [m for m in legal if m.kind == "move" and m.src == src and m.dst == dst]
                if found:
                    return found[0]
        if DEAL in legal:
            return DEAL
        return legal[0]


RULES = WrangleRules
