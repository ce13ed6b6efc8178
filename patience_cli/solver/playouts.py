"""Greedy lines with noise, one after another: a search that finds wins
where the player lays each card turned on a pile of his choosing (for the
solver, :mod:`patience_cli.solver`; no I/O).

In those games (``play.placing``: the Fairest No. 2's four waste heaps, the
Fly's five, Sly's promenade) a deal is won by laying some eighty cards well,
and a good line buries many of them: the rounds that bury few cards
(:class:`~patience_cli.bounded.Bounded`) never reach the lines that
must bury ten, and the depth-first search never leaves the first lines it
meets.  :class:`Playouts` plays one line at a time from the start, without
going back: a card goes up wherever one can (the first home the pruning
gives, or one of several at random), else the card to lay goes where it
buries least (on the card the foundations want next after it, an empty
pile, and last over the card wanted soonest:
:func:`~patience_cli.bounded.when_wanted`), each choice's score
shaken by a noise of its own for each line, so that every line after the
first is another.  Its wins are wins (every move is the engine's, pruned as
the full search prunes them); its lines' ends prove nothing.  Its choices
come from a generator seeded by the round, so that the answer within a
budget of positions is always the same.

Where the pack is dealt instead (Red and Black, the Salic Law, la Belle
Lucie's House on the Hill ...: games with a pack to deal and a tableau
built on, :func:`worth_playing_out`), a line plays in the same way, but
when it could both lay a card and deal, it deals first once in
:data:`DEAL_FIRST` times: the lines that lay everything they can and those
that keep the tableau open for the cards to come both win deals.
"""

from __future__ import annotations

import random

from ..engine import Move, Position, Rules
from ..position import MoveKind
from .bounded import how_soon, when_wanted

_MOVE, _DEAL = MoveKind.MOVE, MoveKind.DEAL
#: The noises the lines take in turn (the first line has none): a score is
#: how many cards sooner the card under is wanted than the card laid.
NOISES = (0.0, 5.0, 20.0)
#: A score of an empty pile and of a card laid over one wanted sooner (then
#: the more, the worse).
EMPTY, BURIES = 500, 1000
#: Where the pack is dealt: how often a line that could lay a card deals
#: first.  Red and Black's deals 1-40 at 20,000 positions, with a build whose
#: lines drew their random numbers otherwise: never, 29 won; once in ten
#: (or in 33), 35; three in ten, 30 (34 once in ten with this build).
DEAL_FIRST = 0.1


def lay_score(card: int, under: int | None) -> float:
    """How ill a card wanted after *card* cards is laid on one wanted after
    *under* (None: on an empty pile): the fewer cards between, the better;
    an empty pile, :data:`EMPTY`; over a card wanted sooner, worse than
    either, the more the sooner (:data:`BURIES`)."""
    if under is None:
        return float(EMPTY)
    gap = under - card
    return float(gap if gap >= 0 else BURIES - gap)


def worth_playing_out(rules: Rules) -> bool:
    """Whether the solver plays greedy lines in a game: where the player
    places the cards turned (``play.placing``), or deals a pack and builds
    on the tableau (a tableau pile with a build of its own)."""
    if rules.layout.play.placing is not None:
        return True
    return rules.has_deal_step and any(rules.specs[i].build is not None for i in rules.tableau)


class Playouts:
    """One round of lines played out from the start, until its *budget* of
    positions is spent; answers as the solver's other searches do
    (``step``), but never ``lost``."""

    FIRST = 0  # the first round's number (its generator's seed)

    def __init__(self, rules: Rules, start: Position, pruning, round_: int,
                 budget: int) -> None:
        self.rules, self.start, self.pruning = rules, start, pruning
        self.budget = budget
        self.states = 0
        self.rng = random.Random(round_)
        self.tableau = frozenset(rules.tableau)
        self.dealt = rules.layout.play.placing is None  # the pack dealt, not placed
        self.lines = 0
        self._begin()

    def _begin(self) -> None:
        self.began = self.states  # the positions met before this line
        self.pos, self.last, self.pending = self.start, None, None
        self.line: list[Move] = []
        self.seen = {self.pruning.key(self.start)}
        self.noise = NOISES[self.lines % len(NOISES)]
        self.latest = bool(self.lines // len(NOISES) % 2)
        self.lines += 1

    def _choose(self, pos: Position, moves: list[Move]) -> Move | None:
        """The move this line makes next: a card up where one can go, else
        the card laid where it buries least (with this line's noise), else
        the move the pruning gives first (the deal); where the pack is dealt,
        a deal where there is no card to lay, and once in :data:`DEAL_FIRST`
        times where there is."""
        homes = self.pruning.foundations
        up = [m for m in moves if m.kind is _MOVE and m.dst in homes]
        if up:
            return up[-1] if len(up) == 1 or not self.noise else self.rng.choice(up)
        laid = [m for m in moves if m.kind is _MOVE and m.dst in self.tableau]
        if self.dealt:
            deal = [m for m in moves if m.kind is _DEAL]
            if deal and (not laid or self.rng.random() < DEAL_FIRST):
                return deal[-1]
        if not laid:
            return moves[-1] if moves else None
        when = when_wanted(self.rules, pos, self.latest)
        rng, noise, best, chosen = self.rng, self.noise, None, None
        for move in reversed(laid):  # (the pruning's first first: ties go to it)
            card = how_soon(when, self.rules.moving_card(pos, move))
            under = pos.piles[move.dst]
            score = lay_score(card, how_soon(when, under[-1]) if under else None)
            if noise:
                score += rng.random() * noise
            if best is None or score < best:
                best, chosen = score, move
        return chosen

    def step(self, n: int) -> tuple[str, list[Move]] | None:
        rules, key, apply, cover = self.rules, self.pruning.key, self.pruning.apply, \
            self.pruning.cover
        homes, plain = self.pruning.foundations, self.pruning.open
        goal = min(self.states + n, self.budget)
        while self.states < goal:
            pos = self.pos
            moves = list(self.pruning.moves(pos, self.last, self.pending))
            move = self._choose(pos, moves)
            while move is not None:
                nxt = apply(pos, move)
                then = cover(pos, move)
                if then is not None or key(nxt) not in self.seen:
                    break
                moves.remove(move)  # back where this line has been: another move
                move = self._choose(pos, moves)
            if move is None:  # the line is stuck: the next begins
                if self.states == self.began:  # not one position met: nor will another
                    self.budget = self.states  # line (the round ends)
                    return None
                self._begin()
                continue
            self.line.append(move)
            if then is not None:  # a position passed through (see Pruning.cover)
                self.pos, self.pending = nxt, then
                continue
            self.seen.add(key(nxt))
            self.states += 1
            if (move.dst in homes or not plain or move.kind is MoveKind.DEAL) \
                    and rules.is_won(nxt):
                return "won", self.line
            self.pos, self.last, self.pending = nxt, move, None
        return None
