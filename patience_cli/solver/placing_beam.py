"""A beam search move by move for the games whose foundations are formed
only at the end (the Zodiac): every card must first be placed in the
tableau, and only then do the foundations take any (for the solver's
depth-first rounds, :mod:`patience_cli.solver`; no I/O).

It is a beam move by move (:class:`~patience_cli.solver.beam.MoveBeam`), as
the pairs' beam is, with another measure of promise: :data:`PLACED` for each
card placed (out of the pack and the talon, the foundations counting twice
once they are formed), one for each place open to the cards still waiting
(a waiting card that a pile's top card takes now; a vacancy :data:`VACANCY`),
less the beam's weight for each turn in a packet (a card laid against the
run beneath it binds the order the packet can go home in).  Each width is
tried once with each of :data:`TURN_WEIGHTS`: each wins deals the others
miss.  The beam from deal to deal (:class:`~patience_cli.solver.beam.Beam`)
reads the foundations, empty until the end, and the talon only; the greedy
searches' measures read the foundations too.  A beam keeps only lines that
the proof of :mod:`patience_cli.solver.suits_unwind` passes (the pruning
drops the others), so a line that places every card is won.  The Zodiac,
deals 1 to 100 at 20,000 positions: the solver with this beam wins 14 (7
with one weight, none without the beam and the proof).
"""

from __future__ import annotations

from ..engine import Position, Rules
from ..layout import Role
from .beam import MoveBeam
from .proofs import formed_proof

#: The positions kept from one move to the next, in the first round (each
#: round after begins with twice as many, with twice the positions).
FIRST_WIDTH = 4

#: The promise of a lost position.
LOST = (-10 ** 9, 0)
#: What a card placed counts for, against the places open to the cards waiting.
PLACED = 100
#: What a packet's turn (a card laid against the run beneath it, up after
#: down or down after up) costs, in each beam of a width: one beam for each
#: (each wins deals the others miss: the Zodiac's deals 1 to 20, a beam 20
#: wide, won 1 and 9 with none, 9, 10 and 11 with 30, 9, 11 and 20 with 100).
TURN_WEIGHTS = (0, 30, 100)

#: What a vacancy counts for, among the places open to the waiting cards.
VACANCY = 3


def worth_placing_beam(rules: Rules) -> bool:
    """Whether the solver's depth-first rounds run this beam: where the
    foundations are formed only at the end and the proof that a suit can no
    longer come out holds (see the module's docstring)."""
    return formed_proof(rules) is not None


class PlacingBeam(MoveBeam):
    """The beam move by move, led by the cards placed (see the module's
    docstring)."""

    FIRST_WIDTH = FIRST_WIDTH
    weights = TURN_WEIGHTS

    def __init__(self, rules: Rules, start: Position, pruning, round_: int,
                 budget: int) -> None:
        self.waiting = tuple(i for i, spec in enumerate(rules.specs)
                             if spec.role in (Role.STOCK, Role.TALON))
        self.homes = tuple(rules.foundations)
        # each locked pile with the steps from its top card to the ranks it
        # takes, and whether they must be of its suit
        self.builds = []
        proof = formed_proof(rules)
        assert proof is not None  # (worth_placing_beam said so)
        self.proof = proof
        for i in self.proof.locked:
            build = rules.specs[i].build
            if build is None or build.direction == "none":
                continue
            steps = {"up": (build.step,), "down": (-build.step,)}.get(
                build.direction, (build.step, -build.step))
            self.builds.append((i, steps, build.suit == "same"))
        #: the locked piles whose packets may turn from up to down
        self.turning = tuple(i for i, steps, _ in self.builds if len(steps) == 2)
        vacant = [i for i, spec in enumerate(rules.specs)
                  if spec.role in (Role.TABLEAU, Role.RESERVE) and spec.refill is not None]
        self.vacant = tuple(vacant)
        super().__init__(rules, start, pruning, round_, budget)

    def keep(self, best: list[tuple[Position, object]]) -> list[tuple[Position, object]]:
        """The positions kept for the next move: where the most promising
        has every card placed, it alone (the proof found it not lost, and
        the proof is exact once the pack is out: any move it passes keeps
        the game won, and the foundations come out in some hundred
        positions, where a full beam would spend thousands)."""
        if best:
            pos = best[0][0]
            if not any(pos.piles[i] for i in self.waiting) and not self.proof.lost(pos):
                return best[:1]
        return best

    def promise(self, pos: Position) -> tuple[int, int]:
        """How promising *pos* is: the cards placed (those home twice), then
        the places open to the cards waiting, less the turns in its packets
        by the beam's weight (a turn binds the order the packet's cards can
        go home in); a position the proof finds lost least of all (it would
        hold a place in the beam and lead nowhere)."""
        if self.proof.lost(pos):
            return LOST
        piles = pos.piles
        waiting = [c for i in self.waiting for c in piles[i]]
        placed = 2 * sum(len(piles[i]) for i in self.homes) - len(waiting)
        taken = set()
        for i, steps, in_suit in self.builds:
            if piles[i]:
                rank, suit = piles[i][-1]
                for step in steps:
                    taken.add((rank + step, suit if in_suit else None))
        open_ = sum(1 for c in waiting if c in taken or (c.rank, None) in taken) + \
            VACANCY * sum(1 for i in self.vacant if not piles[i])
        turns = 0
        if self.weight:
            for i in self.turning:
                ranks = [c.rank for c in piles[i]]
                turns += sum(1 for k in range(2, len(ranks))
                             if ranks[k] - ranks[k - 1] != ranks[k - 1] - ranks[k - 2])
        return PLACED * placed + open_ - self.weight * turns, 0
