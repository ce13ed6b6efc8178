"""What Hoffmann's two games for two players share (the Wrangle, no. 61, and
Here and There, no. 62): a base for their modules, not a game of its own.

Each player (A, who cut the higher card and begins, and B) has a pack face
down, a place for the card he has just turned and a waste heap.  Only the
player whose turn it is plays.  He turns his cards one by one
(``patience deal``); a card turned that can be played nowhere is laid on his
own waste heap, and the turn passes.  His waste heap stays on the table
until his turn comes again: a pack that runs out ends its player's turn, and
when his turn comes with his pack out, the first ``patience deal`` takes up
his waste heap, turned over, as his pack.  The first to get rid of all his
cards wins.

With ``[game] opponent`` naming a player (``patience new GAME --opponent
program``: B), the program plays that hand as soon as its turn comes, inside
the move that gave it the turn (so ``undo`` takes both back), by the game's
:meth:`program_move`; the move's words say what it did.

The game is drawn when no card has gone to a foundation (in the Wrangle, or
to an auxiliary heap) for more than twice the least common multiple of the
two players' counts of cards, in card moves: where nothing but cards laid on
one's own waste heap happens, each player's cards come round in the same
order every round, so by then the turns can only repeat; where cards pass
from one player to the other, it is a cut-off the books do not give.
"""

from __future__ import annotations

from math import lcm
from typing import TYPE_CHECKING, Any

from ..engine import DEAL, Move, Position
from ..features.game_rule import GameRule
from ..layout_schema import one_of

if TYPE_CHECKING:
    from ..engine import Rules as Engine

PLAYERS = ("A", "B")

#: The settings of a game for two: the hand the program plays, if any.
SETTINGS = {"opponent": one_of("none", "A", "B")}


class TwoHands(GameRule):
    rules: Engine

    has_deal_step = True

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        layout = rules.layout
        self.pack = {p: self.one(f"{p.lower()}_pack") for p in PLAYERS}
        self.turned = {p: self.one(f"{p.lower()}_turned") for p in PLAYERS}
        self.waste = {p: self.one(f"{p.lower()}_waste") for p in PLAYERS}
        self.program = layout.game.get("opponent", "none")

    def one(self, group: str) -> int:
        return self.rules.layout.group(group)[0].index

    @staticmethod
    def other(player: str) -> str:
        return "B" if player == "A" else "A"

    def player(self, pos: Position) -> str:
        return str(pos.get("turn", "A"))

    def hand(self, player: str) -> tuple[int, ...]:
        """The piles whose cards *player* must get rid of."""
        return (self.pack[player], self.turned[player], self.waste[player])

    def holding(self, pos: Position, player: str) -> int:
        return sum(len(pos.piles[i]) for i in self.hand(player))

    def program_move(self, pos: Position) -> Move:
        """The program's next move for the player to move (a game's own rule)."""
        raise NotImplementedError

    # ------------------------------------------------------------ after a move
    def progress_piles(self) -> tuple[int, ...]:
        """The piles a card laid on counts as progress (the foundations)."""
        return self.rules.foundations

    def record(self, before: Position, move: Move, after: Position) -> Position:
        """A card laid on one's own waste heap passes the turn; the moves
        since a card last reached a foundation are counted."""
        if move.kind != "move":
            return after.with_extra(replied=())
        who = self.player(before)
        idle = 0 if move.dst in self.progress_piles() else int(before.get("idle", 0)) + 1
        if move.dst == self.waste[who]:
            return after.with_extra(turn=self.other(who), idle=idle, replied=(), played=False)
        return after.with_extra(idle=idle, replied=())

    def settle(self, pos: Position) -> Position:
        """A turn that ends with the pack out passes; the program plays its
        hand whenever its turn comes."""
        pos = super().settle(pos)
        for _ in range(10_000):
            if self.winner(pos) or self.drawn(pos):
                return pos
            who = self.player(pos)
            if not pos.piles[self.turned[who]] and not pos.piles[self.pack[who]] and \
                    pos.get("played"):
                pos = pos.with_extra(turn=self.other(who), played=False)
                continue
            if self.program != who:
                return pos
            move = self.program_move(pos)
            said = self.describe(pos, move)
            if move.kind == "deal":
                after = self.apply_deal(pos)
            else:
                own = self.play_own(pos, move) if self.is_own_move(pos, move) else None
                if own is None:
                    assert move.src is not None and move.dst is not None  # (a card move)
                    own = self.rules.transfer(pos, move.src, move.dst)
                after = own
            pos = self.after_program(self.record(pos, move, after)).with_extra(
                replied=tuple(pos.get("replied", ())) + (said,))
        return pos

    def after_program(self, pos: Position) -> Position:
        """What happens by itself after one of the program's moves (a game's
        refills); by default nothing."""
        return pos

    # ------------------------------------------------------------ the deal
    def deal_reason(self, pos: Position) -> str | None:
        if self.winner(pos):
            return "the game is over"
        if self.drawn(pos):
            return "neither player can play another card"
        who = self.player(pos)
        if pos.piles[self.turned[who]]:
            return f"{who}'s card turned must be played first"
        if not pos.piles[self.pack[who]] and not pos.piles[self.waste[who]]:
            return f"{who} has no card left to turn"
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
        moves = list(self.rules.legal_moves(pos))
        return moves[0] if len(moves) == 1 else None

    # ------------------------------------------------------------ the end
    def winner(self, pos: Position) -> str | None:
        piles = pos.piles
        for p in PLAYERS:
            if not any(piles[i] for i in self.hand(p)):
                return p
        return None

    def drawn(self, pos: Position) -> bool:
        counts = [max(1, self.holding(pos, p)) for p in PLAYERS]
        return int(pos.get("idle", 0)) > 2 * lcm(*counts) + 2

    def goal_reached(self, pos: Position) -> bool:
        return self.winner(pos) is not None

    def won_reason(self, pos: Position) -> str:
        who = self.winner(pos)
        by = " (the program)" if who == self.program else ""
        return f"{who}{by} has got rid of all his cards and wins"

    def lost_reason(self, pos: Position) -> str:
        return (f"drawn: no card has gone to a foundation in {pos.get('idle')} moves, so "
                "long that the play can only go round")

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
                after: Position | None = None,
                events: tuple[dict[str, Any], ...] | None = None) -> str:
        after = after if after is not None else self.rules.apply(pos, move)
        replied = after.get("replied", ())
        if not replied:
            return super().outcome(pos, move, ascii, after, events)
        return (self.describe(pos, move, ascii) + f"; then {self.program} (the program): "
                + "; ".join(replied))


__all__ = ["DEAL", "PLAYERS", "SETTINGS", "TwoHands"]
