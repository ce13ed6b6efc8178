"""Here and There, for two players, from Hoffmann's book (no. 62).

Each player has a whole pack, face down.  A is the player who cut highest
and begins; his first card, turned up at the deal, fixes the foundations'
rank and is the first of eight foundations, each built up in suit round the
corner to the rank below it.

Only the player whose turn it is plays, and only the card he has just
turned (``patience deal`` turns it): to a foundation that takes it, or onto
the other player's waste heap if it is one above or one below its top card,
whatever the suit; and he turns the next.  A card that can go neither way is
laid on his own waste heap (``patience move 10 11``), and the turn passes.
A player whose pack is out when his turn comes takes up his waste heap,
turned over, as his pack (not before: "each player is bound to leave his
waste-heap exposed until his antagonist can no longer play"); his turn ends
when his pack runs out.  The first to get rid of all his cards wins.

With ``[game] opponent`` naming a player (``--opponent program``: B), the
program plays that hand as soon as its turn comes, by a simple rule: the
card turned goes on the other player's waste heap if it can (Hoffmann: "it
should be his endeavour ... to increase the heap of his adversary"), else to
the first foundation that takes it, else on its own waste heap.

The game is drawn when both players have gone round their cards so often,
with nothing played but onto their own waste heaps, that the turns can only
repeat: the cards each holds then lie in the same order at every round, so
after as many rounds as the two counts' least common multiple nothing new
can happen.
"""

from __future__ import annotations

from math import lcm
from typing import Iterable

from ..engine import DEAL, Move, MoveKind, Position, Rules
from ..layout import Layout
from ..layout_schema import one_of

PLAYERS = ("A", "B")

#: This game's own settings: the hand the program plays, if any.
SETTINGS = {"opponent": one_of("none", "A", "B")}


class HereAndThereRules(Rules):
    has_deal_step = True

    def __init__(self, layout: Layout) -> None:
        super().__init__(layout)
        one = lambda g: layout.group(g)[0].index  # noqa: E731
        self.pack = {p: one(f"{p.lower()}_pack") for p in PLAYERS}
        self.turned = {p: one(f"{p.lower()}_turned") for p in PLAYERS}
        self.waste = {p: one(f"{p.lower()}_waste") for p in PLAYERS}
        self.program = layout.game.get("opponent", "none")

    @staticmethod
    def other(player: str) -> str:
        return "B" if player == "A" else "A"

    def player(self, pos: Position) -> str:
        return str(pos.get("turn", "A"))

    def holding(self, pos: Position, player: str) -> int:
        return sum(len(pos.piles[i]) for i in
                   (self.pack[player], self.turned[player], self.waste[player]))

    # ------------------------------------------------------------ the deal
    def initial_extra(self, pos: Position) -> Position:
        """A turns up his first card: it begins the first foundation."""
        piles, down = list(pos.piles), list(pos.down)
        pack = self.pack["A"]
        card, piles[pack] = piles[pack][-1], piles[pack][:-1]
        piles[self.foundations[0]] = (card,)
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
        return [f for f in self.foundations if self.fits(pos, card, f)]

    def extra_moves(self, pos: Position) -> Iterable[Move]:
        """The card turned onto the other's waste heap, or onto one's own when
        it can go nowhere else."""
        who = self.player(pos)
        turned = pos.piles[self.turned[who]]
        if not turned or self.winner(pos):
            return ()
        card, moves = turned[-1], []
        if self._onto_waste(pos, card):
            moves.append(Move(MoveKind.MOVE, self.turned[who], self.waste[self.other(who)]))
        if not moves and not self._up_to(pos, card):
            moves.append(Move(MoveKind.MOVE, self.turned[who], self.waste[who]))
        return moves

    def is_own_move(self, pos: Position, move: Move) -> bool:
        return move in tuple(self.extra_moves(pos))

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        if move.kind != "move" or self.is_own_move(pos, move):
            return None
        who = self.player(pos)
        if move.src != self.turned[who]:
            return (f"it is {who}'s turn, and only the card {who} has just turned may be "
                    f"played (pile {self.specs[self.turned[who]].number})")
        if not pos.piles[move.src]:
            return f"{who} has no card turned: 'patience deal' turns the next"
        card = pos.piles[move.src][-1]
        if move.dst == self.waste[self.other(who)]:
            top = pos.piles[move.dst]
            return (f"the {card} is not one above or one below the "
                    f"{top[-1] if top else 'empty place'} on {self.other(who)}'s waste heap")
        if move.dst == self.waste[who]:
            return (f"the {card} can be played, so it may not go on {who}'s own waste heap")
        if move.dst in self.foundations:
            return None  # the build's own words
        return f"the card turned goes to a foundation or a waste heap"

    def play_own(self, pos: Position, move: Move) -> Position:
        return self.transfer(pos, move.src, move.dst)  # type: ignore[arg-type]

    # ------------------------------------------------------------ after a move
    def record(self, before: Position, move: Move, after: Position) -> Position:
        who = self.player(before)
        if move.kind == "move" and move.dst == self.waste[who]:
            return after.with_extra(turn=self.other(who), idle=int(before.get("idle", 0)) + 1,
                                    replied=(), played=False)
        if move.kind == "move":
            return after.with_extra(idle=0, replied=())
        return after.with_extra(replied=())

    def settle(self, pos: Position) -> Position:
        """A turn that ends with the pack out passes; a player whose turn comes
        with his pack out takes up his waste heap; the program plays its hand."""
        pos = super().settle(pos)
        for _ in range(10_000):
            if self.winner(pos) or self.drawn(pos):
                return pos
            who = self.player(pos)
            pack, turned = self.pack[who], self.turned[who]
            if not pos.piles[turned] and not pos.piles[pack] and pos.get("played"):
                pos = pos.with_extra(turn=self.other(who), played=False)
                continue
            if self.program != who:
                return pos
            move = self.program_move(pos)
            said = self.describe(pos, move)
            pos = self.record(pos, move, self._step(pos, move)).with_extra(
                replied=tuple(pos.get("replied", ())) + (said,))
        return pos

    def _step(self, pos: Position, move: Move) -> Position:
        if move.kind == "deal":
            return self.apply_deal(pos)
        if self.is_own_move(pos, move):
            return self.play_own(pos, move)
        return self.transfer(pos, move.src, move.dst)  # type: ignore[arg-type]

    def program_move(self, pos: Position) -> Move:
        """The program's move: the card turned onto the other's waste heap,
        else up, else on its own waste heap; with none turned, the deal."""
        who = self.player(pos)
        turned = pos.piles[self.turned[who]]
        if not turned:
            return DEAL
        own = list(self.extra_moves(pos))
        onto_other = [m for m in own if m.dst == self.waste[self.other(who)]]
        if onto_other:
            return onto_other[0]
        up = self._up_to(pos, turned[-1])
        if up:
            return Move(MoveKind.MOVE, self.turned[who], up[0])
        return own[0]

    def deal_reason(self, pos: Position) -> str | None:
        if self.winner(pos):
            return "the game is over"
        if self.drawn(pos):
            return "neither player can play another card"
        who = self.player(pos)
        if pos.piles[self.turned[who]]:
            return f"{who}'s card turned must be played first"
        if not pos.piles[self.pack[who]] and not pos.piles[self.waste[who]]:
            return f"{who} has no card left"
        return None

    def apply_deal(self, pos: Position) -> Position:
        """The player to move turns his next card, or, his pack out at the
        start of his turn, takes up his waste heap turned over."""
        who = self.player(pos)
        pack, turned, waste = self.pack[who], self.turned[who], self.waste[who]
        piles, down = list(pos.piles), list(pos.down)
        if not piles[pack]:
            piles[pack], piles[waste] = piles[waste][::-1], ()
            down[pack] = len(piles[pack])
            return Position(tuple(piles), tuple(down), pos.extra).with_extra(played=False)
        piles[turned] = piles[turned] + piles[pack][-1:]
        piles[pack] = piles[pack][:-1]
        down[pack] = len(piles[pack])
        return Position(tuple(piles), tuple(down), pos.extra).with_extra(played=True)

    def forced_move(self, pos: Position) -> Move | None:
        moves = list(self.legal_moves(pos))
        return moves[0] if len(moves) == 1 else None

    # ------------------------------------------------------------ the end
    def winner(self, pos: Position) -> str | None:
        return next((p for p in PLAYERS if not self.holding(pos, p)), None)

    def drawn(self, pos: Position) -> bool:
        counts = [self.holding(pos, p) for p in PLAYERS]
        return int(pos.get("idle", 0)) > 2 * lcm(*counts) + 2

    def goal_reached(self, pos: Position) -> bool:
        return self.winner(pos) is not None

    def won_reason(self, pos: Position) -> str:
        who = self.winner(pos)
        by = " (the program)" if who == self.program else ""
        return f"{who}{by} has got rid of all his cards and wins"

    def lost_reason(self, pos: Position) -> str:
        return ("drawn: both players have gone round their cards with nothing played but "
                "onto their own waste heaps, and the turns can only repeat")

    # ------------------------------------------------------------ words
    def deal_step_name(self, pos: Position) -> str:
        who = self.player(pos)
        if not pos.piles[self.pack[who]]:
            return f"{who} takes up his waste heap, turned over, as his pack"
        return f"{who} turns up his next card"

    def tallies(self, pos: Position) -> list[str]:
        who = self.player(pos)
        by = " (the program)" if who == self.program else ""
        return [f"{who}{by} to play; A holds {self.holding(pos, 'A')} cards, "
                f"B {self.holding(pos, 'B')}"] + super().tallies(pos)

    def outcome(self, pos: Position, move: Move, ascii: bool = False,
                after: Position | None = None) -> str:
        after = after if after is not None else self.apply(pos, move)
        replied = after.get("replied", ())
        if not replied:
            return super().outcome(pos, move, ascii, after)
        return (self.describe(pos, move, ascii) + f"; then {self.program} (the program): "
                + "; ".join(replied))


RULES = HereAndThereRules
