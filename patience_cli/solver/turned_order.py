"""Proofs of loss where only the card just turned is played, for the solver
(:class:`patience_cli.features.talon.TurnedCard`): the pack's order fixes when each card can come.

Where every card not home lies in the pack or the talon, only the card just
turned may be played, and it may go only to a foundation, the cards pass
before the player in one fixed order: the rest of this deal through the pack,
then the whole talon again at each redeal left, in the same order (it is
turned over, not shuffled), less the cards played meanwhile.  Where each
foundation climbs through an order of ranks that no longer changes (a heap
climbing by the value of a card set out for show, as the Fairest's No. 1),
a foundation alone must still find its next ranks in that order along the
cards to come: taking at each rank the first card of it that passes, however
the other foundations fare, gives the earliest moment it can be ready for
each of them (:meth:`TurnedOrder.ready`).  Played one at a time, no card
serves two foundations: the foundations that still want a rank each need a
card of it of their own, one that passes again at or after the moment that
foundation can be ready for it, the last time it passes (Hall's condition,
which for such sets of "this moment or later" is a count at each moment).
Where a foundation can never be ready for a rank it wants, or the cards of
a rank cannot go round, the position is lost.  Both are loose readings, so
a position they call lost is lost; one they pass may still be.

The Fairest (No. 1) read with cards let pass (its ``let-pass`` variant): of
deals 1 to 100, 75 are lost before a card is turned, 68 of them because one
heap alone cannot find its eleven ranks in order within the three deals.
"""

from __future__ import annotations

from ..features.feature import Rules
from ..layout import Role
from ..position import Move, Position


class TurnedOrder:
    """The proof for one game, where it holds (:meth:`of`)."""

    def __init__(self, rules: Rules, stock: int, talon: int, redeals: int) -> None:
        self.rules, self.stock, self.talon, self.redeals = rules, stock, talon, redeals
        self.foundations = rules.foundations

    @classmethod
    def of(cls, rules: Rules, stock: int, talon: int) -> TurnedOrder | None:
        """The proof, where its premises hold: a set number of redeals, not
        shuffled; the talon the only pile played from; every other pile a
        foundation climbing by the value of a card that never moves, in any
        suit, or out of play; and no module of the game's own.  (That no
        other rule feature adds a move, the caller knows:
        :meth:`.talon.TurnedCard.not_lost`.)"""
        play = rules.layout.play
        if play.redeals is None or play.redeal_shuffle or tuple(rules.sources) != (talon,) \
                or rules.layout.rules != "standard":  # (a game's own module may add moves)
            return None
        for spec in rules.specs:
            if spec.index in (stock, talon) or spec.role is Role.DECORATION:
                continue
            build = spec.build
            if spec.role is not Role.FOUNDATION or build is None or \
                    build.step_by in (None, "own") or build.suit != "any":
                return None
            by = rules.building.step_pile(spec)
            if by is None or rules.specs[by].role is not Role.DECORATION:
                return None
        return cls(rules, stock, talon, play.redeals)

    def lost(self, pos: Position, spent: bool) -> bool:
        """Whether *pos* is lost by the proof; *spent*: whether the talon's
        top card was played from or covered since it was turned."""
        stock, talon = pos.piles[self.stock], pos.piles[self.talon]
        # the talon from its first card turned, then the pack from its top:
        # each later deal turns them in this order; this deal from *start* on
        cycle = [c.rank for c in talon] + [c.rank for c in reversed(stock)]
        start = len(talon) - (0 if spent or not talon else 1)
        passes = self.redeals - int(pos.get("redeals", 0))
        # the moments each card passes: this deal's from 0, then each redeal's
        views = [(k, cycle[k]) for k in range(start, len(cycle))]
        for _ in range(passes):
            views += enumerate(cycle)
        later = len(views) - len(cycle)  # the moment the last deal begins
        wanted: dict[int, list[int]] = {}
        for f in self.foundations:
            ready = self.ready(pos, f, [rank for _, rank in views])
            if ready is None:
                return True
            for rank, moment in ready:
                wanted.setdefault(rank, []).append(moment)
        for rank, moments in wanted.items():
            # the last moment each card of the rank passes, latest first
            last = sorted(((later + k) if passes else (k - start) for k in range(len(cycle))
                           if cycle[k] == rank and (passes or k >= start)), reverse=True)
            moments.sort(reverse=True)
            if len(last) < len(moments) or any(last[i] < m for i, m in enumerate(moments)):
                return True
        return False

    def ready(self, pos: Position, foundation: int,
              ranks: list[int]) -> list[tuple[int, int]] | None:
        """Each rank *foundation* still wants, with the earliest moment it
        can be ready for it (the cards passing in the order of *ranks*,
        every one of them its own); None where it can never take them all."""
        order = self.rules.building.step_order(pos, self.rules.specs[foundation])
        moment, out = 0, []
        for rank in order[len(pos.piles[foundation]):]:
            out.append((rank, moment))
            while moment < len(ranks) and ranks[moment] != rank:
                moment += 1
            if moment == len(ranks):
                return None
            moment += 1
        return out

    def not_lost(self, pos: Position, moves: list[Move], spent: bool) -> list[Move]:
        return [] if self.lost(pos, spent) else moves
