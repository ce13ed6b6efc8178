"""A beam search from deal to deal: a search that finds wins where a pack is
dealt and the depth-first search stays with its first lines (for the
solver, :mod:`patience_cli.solver`; no I/O).

Between two deals, every position the moves other than the deal reach from
the positions kept is met, the most promising first (up to a cap); then
each of them that may deal deals, and of the positions so dealt only the
:attr:`Beam.width` most promising are kept for the next round of moves.  A
position is the more promising the more cards it has on the foundations
and, among those with as many, the fewer cards lie in the talon (where they
wait under one another).  So the search follows many lines side by side
through the whole pack, where the depth-first search spends its positions
on the last cards of the first line it took, and the rounds that depart
little from it stay near that line.  It suits the games whose cards, once
turned, go up or wait in a few places (the Kingdom, the Patriarchs,
Hoffmann's Sultan): which card fills a vacancy is settled by when the
player deals, and a line that keeps the right cards comes out where the
lines beside it stick.  A beam whose lines all stick before its budget is
spent begins again from the start twice as wide, and so on while the budget
lasts: how many positions a beam of a given width meets differs from game to
game, and a wider beam wins more (Hoffmann's Sultan, deals 1 to 12: 7 won by
a beam of 256, 10 by one of 4,096).  Its wins are wins (every move is the
engine's, pruned as the full search prunes them); running out of positions
proves nothing, as most positions are dropped.  It has no randomness: within
one budget of positions its answer is always the same.

Where every foundation climbs one rank at a time regardless of suit, a
position is also the less promising the more cards lie over a card of the
rank before their own in a pile whose top card alone is free
(:func:`traps`): such a card must wait for another card of that rank to go
up first, and once the last of them lies beneath it, the game is lost
(Hoffmann's Constitution, deals 1 to 14 at 100,000 positions: this beam
alone won 8 weighing them, 3 without).

Here too is the beam move by move (:class:`MoveBeam`) that two kinds of game
lead by measures of their own: those whose cards go out by pairs
(:mod:`patience_cli.solver.pairs_beam`) and those whose foundations are
formed only at the end (:mod:`patience_cli.solver.placing_beam`).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Generator, Iterator

from ..engine import DEAL, Move, Position, Rules
from ..layout import Role
from ..position import MoveKind

#: The positions kept from one deal to the next, in the first round (each
#: round after begins with twice as many, with twice the positions).
FIRST_WIDTH = 16
#: The positions met between two deals, at most, for each position kept.
SPREAD = 20
#: What a card lying over a card it must follow up costs a position's promise,
#: where the foundations read no suit (:func:`traps`), against ten a card home:
#: each width is tried with this weight, then with none (Hoffmann's Constitution,
#: deals 1 to 14, the beam alone at 100,000 positions: 8 won with it, 3 without;
#: the Kingdom's deals 1 to 20 at 200,000, the solver: it won deal 6, and lost
#: deals 2 and 15, which the beam without it wins).
TRAP_WEIGHT = 5


def worth_beaming(rules: Rules) -> bool:
    """Whether the solver runs beam searches in a game: where there is a
    pack to deal and the player does not place the cards turned (there the
    greedy lines of :mod:`patience_cli.solver.playouts` choose where each
    goes)."""
    return rules.has_deal_step and rules.layout.play.placing is None


class Widening:
    """What the solver's beam searches share: one round of beams from the
    start, of :attr:`width` positions and then wider (each time every line
    of one sticks, one twice as wide from the start again), until its
    *budget* of positions is spent; answers as the solver's other searches
    do (``step``), but never ``lost``.  A kind of beam gives :meth:`_beam`
    and its first width (:attr:`FIRST_WIDTH`, doubled each round)."""

    FIRST = 0  # the first round's number
    FIRST_WIDTH = 1

    def __init__(self, rules: Rules, start: Position, pruning, round_: int,
                 budget: int) -> None:
        self.rules, self.start, self.pruning = rules, start, pruning
        self.budget = budget
        self.states = 0
        self.width = self.FIRST_WIDTH << min(round_, 20)
        self._steps = self._search()

    def step(self, n: int) -> tuple[str, list[Move]] | None:
        goal = min(self.states + n, self.budget)
        for answer in self._steps:
            if answer is not None:
                return answer
            if self.states >= goal:
                return None
        self.budget = self.states  # every line stuck: the round ends
        return None

    #: the weights a beam of each width is tried with, one after another, before
    #: one twice as wide (a kind of beam reads :attr:`weight` in its promise)
    weights: tuple[int, ...] = (0,)
    weight = 0

    def _search(self) -> Iterator[tuple[str, list[Move]] | None]:
        """Yields None after each position met, or the winning line: a
        beam of :attr:`width` with each of :attr:`weights`, and while the
        budget lasts, each time every line sticks, one twice as wide from
        the start again."""
        while True:
            dropped = False
            for weight in self.weights:
                self.weight = weight
                dropped = (yield from self._beam()) or dropped
            if not dropped:  # every position it met was kept: a wider beam meets no more
                return
            self.width *= 2

    def _beam(self) -> Generator[tuple[str, list[Move]] | None, None, bool]:
        """One beam of :attr:`width` positions from the start: yields None
        after each position met, or the winning line (and then no more);
        returns whether it left out a position it met."""
        raise NotImplementedError

    def _begin(self) -> tuple:
        """What a beam starts from: the pruning's key, apply and moves; the
        start's key; each position met, by key, with the one it was reached
        from and the move between (the start with None); a counter that
        breaks ties by the order positions are met in."""
        key = self.pruning.key
        first = key(self.start)
        return (key, self.pruning.apply, self.pruning.moves, first, {first: None},
                itertools.count())


class Beam(Widening):
    """The beam from deal to deal (see the module's docstring)."""

    FIRST_WIDTH = FIRST_WIDTH

    def __init__(self, rules: Rules, start: Position, pruning, round_: int,
                 budget: int) -> None:
        self.homes = tuple(rules.foundations)
        self.talons = tuple(i for i, spec in enumerate(rules.specs) if spec.role is Role.TALON)
        #: where the foundations read no suit: the piles whose cards lie in
        #: their order (:func:`stacks_under_followers`)
        self.stacks = stacks_under_followers(rules)
        if self.stacks is not None:
            self.weights = (TRAP_WEIGHT, 0)
        super().__init__(rules, start, pruning, round_, budget)

    def promise(self, pos: Position) -> int:
        """How promising *pos* is: ten a card on the foundations, less one a
        card in the talon, less the beam's weight for each card lying over a
        card it must follow up (:func:`traps`)."""
        piles = pos.piles
        value = 10 * sum(len(piles[f]) for f in self.homes) - \
            sum(len(piles[t]) for t in self.talons)
        if self.weight:
            piles_of, after = self.stacks
            value -= self.weight * traps([piles[i] for i in piles_of], after)
        return value

    def _beam(self) -> Generator[tuple[str, list[Move]] | None, None, bool]:
        rules, promise = self.rules, self.promise
        key, apply, moves, first, came, order = self._begin()

        def meet(pos: Position, k: object, move: Move) -> tuple | None:
            """The position *move* makes from *pos* (of key *k*), as an entry
            of the heap, or None if it was met before."""
            nxt = apply(pos, move)
            nk = key(nxt)
            if nk in came:
                return None
            came[nk] = (k, move)
            self.states += 1
            return -promise(nxt), next(order), nxt, nk

        level = [(self.start, first)]
        dropped = False
        while level:
            # the moves other than the deal, the most promising positions first
            heap = [(-promise(pos), next(order), pos, k) for pos, k in level]
            heapq.heapify(heap)
            met: list[tuple[Position, object]] = []
            dealt: list[tuple] = []
            while heap and len(met) < self.width * SPREAD:
                _, _, pos, k = heapq.heappop(heap)
                met.append((pos, k))
                for move in moves(pos, None, None):
                    entry = None if move.kind is MoveKind.DEAL else meet(pos, k, move)
                    if entry is not None:
                        if rules.is_won(entry[2]):
                            yield "won", line_to(came, entry[3])
                            return False
                        heapq.heappush(heap, entry)
                        yield None
            # then the deal, from each position met that may deal
            for pos, k in met:
                entry = meet(pos, k, DEAL) if rules.deal_open(pos) else None
                if entry is not None:
                    if rules.is_won(entry[2]):
                        yield "won", line_to(came, entry[3])
                        return False
                    dealt.append(entry)
                    yield None
            dealt.sort()
            dropped = dropped or bool(heap) or len(dealt) > self.width
            level = [(pos, k) for _, _, pos, k in dealt[:self.width]]
        return dropped


class MoveBeam(Widening):
    """A beam move by move (the pairs' beam,
    :class:`~patience_cli.solver.pairs_beam.PairsBeam`, and the beam led by
    the cards placed, :class:`~patience_cli.solver.placing_beam.PlacingBeam`):
    from the positions kept, every move is made; of the positions so reached,
    the :attr:`width` most promising are kept for the next move (:meth:`keep`
    may keep fewer).  A kind of it gives :meth:`promise`."""

    def promise(self, pos: Position) -> tuple[int, int]:
        """How promising *pos* is, as two numbers compared in turn (the larger
        the better)."""
        raise NotImplementedError

    def _beam(self) -> Generator[tuple[str, list[Move]] | None, None, bool]:
        rules, promise = self.rules, self.promise
        key, apply, moves, first, came, order = self._begin()
        level = [(self.start, first)]
        dropped = False
        while level:
            met: list[tuple] = []
            for pos, k in level:
                for move in moves(pos, None, None):
                    nxt = apply(pos, move)
                    nk = key(nxt)
                    if nk in came:
                        continue
                    came[nk] = (k, move)
                    self.states += 1
                    if rules.is_won(nxt):
                        yield "won", line_to(came, nk)
                        return False
                    first_, then = promise(nxt)
                    met.append((-first_, -then, next(order), nxt, nk))
                    yield None
            met.sort()
            dropped = dropped or len(met) > self.width
            level = self.keep([(pos, k) for *_, pos, k in met[:self.width]])
        return dropped

    def keep(self, best: list[tuple[Position, object]]) -> list[tuple[Position, object]]:
        """The positions kept for the next move, of the *best* met (most
        promising first): all of them."""
        return best


def stacks_under_followers(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Where every foundation climbs one rank at a time regardless of suit
    (turning the corner or not, alike for all), the piles other than the
    foundations and the stock whose top card alone is free (the cards in
    them leave in the order they lie), and each rank's follower (the rank
    a foundation takes after it, by rank; :data:`NO_RANK` for none); else
    None.  A card lying in one of them over a card of the rank before its
    own must wait for another card of that rank to go up first
    (:func:`traps`)."""
    builds = {None if b is None else (b.direction, b.suit, b.step, b.step_by, b.wrap, b.sequence)
              for b in (rules.specs[f].build for f in rules.foundations)}
    if len(builds) != 1 or None in builds:
        return None
    direction, suit, step, step_by, wrap, sequence = builds.pop()
    if (direction, suit, step, step_by, sequence) != ("up", "any", 1, None, None):
        return None
    piles = tuple(i for i, spec in enumerate(rules.specs)
                  if spec.role not in (Role.FOUNDATION, Role.STOCK) and spec.available == "top")
    return (piles, followers(wrap)) if piles else None


#: the follower of a rank no card follows (:func:`followers`)
NO_RANK = 14


def followers(wrap: bool) -> tuple[int, ...]:
    """Each rank's follower on foundations climbing one rank at a time, by
    rank (the king's the ace where they turn the corner, else
    :data:`NO_RANK`)."""
    return (NO_RANK,) + tuple(range(2, 14)) + (1 if wrap else NO_RANK,)


def traps(piles: list, after: tuple[int, ...]) -> int:
    """How many cards lie over a card of the rank they follow on the
    foundations (*after*: :func:`followers`), in the same pile, however far
    beneath: each must wait for another card of that rank to go up first,
    or for the card under it, which it covers."""
    count = 0
    for pile in piles:
        if len(pile) < 2:
            continue
        below = [0] * (NO_RANK + 1)  # by rank: the cards beneath that it follows
        for card in pile:
            rank = card.rank
            count += below[rank]
            below[after[rank]] += 1
    return count


def line_to(came: dict, k: object) -> list[Move]:
    """The moves from the start to the position of key *k*."""
    line: list[Move] = []
    back = came[k]
    while back is not None:
        line.append(back[1])
        back = came[back[0]]
    line.reverse()
    return line
