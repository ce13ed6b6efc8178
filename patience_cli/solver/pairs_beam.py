"""A beam search move by move, for the games whose cards go out by pairs
with every card dealt at the start or laid in its place at once (the
Fourteenth, Elevens (No. 2), the Wish, and the "Covering" Patience, whose
pairs are covered from the pack instead): for the solver's portfolio
(:mod:`patience_cli.solver`; no I/O).

From the positions kept, every move is made; of the positions so reached,
the :attr:`PairsBeam.width` most promising are kept for the next move.  A
position is the more promising the more cards are out and, among those with
as many, the more pairs are open in it: a line that keeps pairs open does
not come to a stand.  Where a pair goes out, which cards take the places
freed and which pairs they open decide the game many moves later; the
depth-first search spends its positions on the last pairs of its first
line, and the greedy searches' measures (:class:`~patience_cli.solver.guide.Guide`)
read the foundations, which these games have none of.  The Fourteenth
played with one exchange in the whole game (`once`), deals 1 to 12 at
12,000 positions: the beam alone wins 10, three with its first width of 4
(3,100 to 3,900 positions), seven with 8 (9,000 to 11,800; most positions
are the exchange's, every change of two places tried where play comes to a
stand); the solver, which won none of deals 1 to 100 without it, wins 97 with it at
200,000 positions and the other 3 at 800,000.

A beam whose lines all stick before its budget is spent begins again from
the start twice as wide, while the budget lasts.  Its wins are wins (every
move is the engine's, pruned as the full search prunes them); running out
of positions proves nothing, as most positions are dropped.  It has no
randomness: within one budget of positions its answer is always the same.
"""

from __future__ import annotations

from ..engine import Position, Rules
from ..layout import Role
from .beam import MoveBeam

#: The positions kept from one move to the next, in the first round (each
#: round after begins with twice as many, with twice the positions).
FIRST_WIDTH = 4


def worth_pairs_beam(rules: Rules) -> bool:
    """Whether the solver's portfolio runs this beam in a game: where cards
    go out by pairs and there is no deal step (the depth-first rounds of a
    game with a pack to deal have a beam from deal to deal of their own)."""
    return not rules.has_deal_step and rules.providing("pairs") is not None


class PairsBeam(MoveBeam):
    """The beam move by move (see the module's docstring)."""

    FIRST_WIDTH = FIRST_WIDTH

    def __init__(self, rules: Rules, start: Position, pruning, round_: int,
                 budget: int) -> None:
        self.pairs = rules.providing("pairs")
        self.outs = tuple(i for i, spec in enumerate(rules.specs)
                          if spec.role in (Role.FOUNDATION, Role.DISCARD))
        super().__init__(rules, start, pruning, round_, budget)

    def promise(self, pos: Position) -> tuple[int, int]:
        """How promising *pos* is: the cards out, then the pairs open."""
        piles = pos.piles
        return sum(len(piles[i]) for i in self.outs), sum(1 for _ in self.pairs.moves(pos))

