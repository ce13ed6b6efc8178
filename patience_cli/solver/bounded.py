"""Searches for wins that keep near the depth-first search's first choices,
in rounds beside it: one that buries few cards, one that departs little
from the first move (for the solver, :mod:`patience_cli.solver`; no I/O).

Where the player lays each card turned on whichever pile of a group he likes
(``play.placing``: the Fairest No. 2's four waste heaps, the Fly's five),
the depth-first search over every position spends its budget far down the
first lines it meets, and most of them buried, early on, a card the
foundations want soon under one they want late.  :class:`Bounded` follows
only the lines that lay a card on a tableau pile whose top card the
foundations want sooner than it (:func:`when_wanted`) at most *bound* times;
the solver runs it for bounds 0, 1, 2 ..., each round with twice the
positions of the one before, in turns with the search over every position.
Its wins are wins: every move is the engine's, pruned as the full search
prunes them.  Its running out proves nothing (it left lines out): a round
that meets every position within its bound only ends, and the next begins.

In the other games with a pack to deal, the depth-first search is as blind
the other way: it tries every choice near the end of its first line before
any near the start, and a deal is won in its first few hundred positions or
not at all.  :class:`FewDepartures` follows, in the same rounds, only the
lines that leave the move the pruning gives first at most *bound* times
(anywhere along the line: a "limited discrepancy" search), so that a
different choice early on is tried within the first thousand positions.
"""

from __future__ import annotations

from ..engine import Move, Position, Rules
from ..position import MoveKind

_MOVE = MoveKind.MOVE
NEVER = 99  # how soon a card no foundation wants now is wanted: never


def when_wanted(rules: Rules, pos: Position,
                latest: bool = False) -> dict[tuple[int, object], int]:
    """How soon the foundations want each card: for (rank, suit), or (rank,
    None) where any suit will do, the fewest cards any foundation takes
    before it (0: it goes up next), by each foundation's build as it stands
    (up or down by steps, a sequence of ranks, the Fairest's climb by a
    card's value); with *latest*, the most cards any foundation that wants
    it takes before it (when the last of them will want it)."""
    when: dict[tuple[int, object], int] = {}
    specs = rules.specs
    for f in rules.foundations:
        build, pile = specs[f].build, pos.piles[f]
        if build is None:
            continue
        suit = pile[-1].suit if pile and build.suit == "same" else None
        if build.step_by is not None or build.sequence is not None:
            order = rules.building.step_order(pos, specs[f]) if build.step_by is not None \
                else build.sequence
            ranks = list(order[len(pile):]) if order else []
        elif build.direction in ("up", "down") and (pile or build.base):
            step = build.step if build.direction == "up" else -build.step
            rank = pile[-1].rank if pile else build.base - step
            ranks = []
            while rank != build.until and len(ranks) < 13:
                rank += step
                if build.wrap:
                    rank = (rank - 1) % 13 + 1
                if not 1 <= rank <= 13:
                    break
                ranks.append(rank)
        else:
            continue
        for soon, rank in enumerate(ranks):
            known = when.get((rank, suit))
            if known is None or (soon > known if latest else soon < known):
                when[(rank, suit)] = soon
    return when


def how_soon(when: dict, card) -> int:
    """How soon the foundations want *card*, by :func:`when_wanted`'s *when*."""
    return min(when.get((card.rank, card.suit), NEVER), when.get((card.rank, None), NEVER))


class Bounded:
    """One round: depth-first, the moves in the order the solver's pruning
    gives, a line laying at most *bound* cards over a card wanted sooner; a
    position is searched again only when met by a line that buried fewer.
    Answers as the solver's other searches do (``step``), but never
    ``lost``: its :attr:`budget` is cut to the positions met once every one
    within the bound is met."""

    FIRST = 0  # the bound of the first round

    def __init__(self, rules: Rules, start: Position, pruning, bound: int,
                 budget: int) -> None:
        self.rules, self.start, self.pruning = rules, start, pruning
        self.bound, self.budget = bound, budget
        self.states = 1
        self.tableau = frozenset(rules.tableau)
        self.buried = {pruning.key(start): 0}  # each position, the fewest cards buried to it
        # each frame: the position, the moves still to try (each with the card
        # it buries, 0 or 1), the move that led here, the last not from a
        # hand (for Pruning.moves), the cards buried on the way
        self.stack: list[tuple[Position, list[tuple[int, Move]], Move | None,
                               Move | None, int]] = [
            (start, self._moves(start, None, None, 0), None, None, 0)]

    def _moves(self, pos: Position, last: Move | None, pending: int | None,
               buried: int) -> list[tuple[int, Move]]:
        """The pruning's moves, those that bury a card tried last, and left
        out once the line has buried :attr:`bound` cards (the list is taken
        from its end)."""
        others: list[tuple[int, Move]] = []
        laid: list[tuple[int, int, Move]] = []  # (how much sooner the card under is wanted, ...)
        when = None
        for move in self.pruning.moves(pos, last, pending):
            if move.kind is _MOVE and move.dst in self.tableau:
                if when is None:
                    when = when_wanted(self.rules, pos)
                card = how_soon(when, self.rules.moving_card(pos, move))
                under = pos.piles[move.dst]
                gap = how_soon(when, under[-1]) - card if under else NEVER + 1
                if gap < 0 and buried >= self.bound:
                    continue
                laid.append((gap if gap >= 0 else NEVER + 2 - gap, len(laid), move))
            else:
                others.append((0, move))
        # tried first (last in the list): the moves that lay no card, then a
        # card laid on the card wanted next after it, ... an empty pile, and
        # last the cards that bury one (the least wanted on the soonest first)
        laid.sort(reverse=True)
        return [(int(gap > NEVER + 1), move) for gap, _, move in laid] + others

    def step(self, n: int) -> tuple[str, list[Move]] | None:
        rules, key, stack, buried_at = self.rules, self.pruning.key, self.stack, self.buried
        cover, apply = self.pruning.cover, self.pruning.apply
        homes, plain = self.pruning.foundations, self.pruning.open
        goal = self.states + n
        while stack:
            pos, todo, _, last, buried = stack[-1]
            if not todo:
                stack.pop()
                continue
            cost, move = todo.pop()
            nxt = apply(pos, move)
            total = buried + cost
            then = cover(pos, move)
            if then is not None:  # a position passed through (see Pruning.cover)
                ahead = self._moves(nxt, last, then, total)
                if ahead:
                    stack.append((nxt, ahead, move, last, total))
                continue
            k = key(nxt)
            if buried_at.get(k, self.bound + 1) <= total:
                continue  # met before by a line that buried no more
            buried_at[k] = total
            self.states += 1
            if (move.dst in homes or not plain or move.kind is MoveKind.DEAL) \
                    and rules.is_won(nxt):
                return "won", [frame[2] for frame in stack[1:]] + [move]
            stack.append((nxt, self._moves(nxt, move, None, total), move, move, total))
            if self.states >= goal:
                return None
        self.budget = self.states  # every position within the bound met: the round ends
        return None


class FewDepartures(Bounded):
    """One round that keeps to the move the pruning gives first (the one the
    depth-first search tries first) at all but *bound* positions of a line:
    each other move there costs one departure.  Otherwise as
    :class:`Bounded`, whose rounds, budgets and answers it shares; its rounds
    begin at bound 1, as the line of bound 0 is the depth-first search's
    first line."""

    FIRST = 1

    def _moves(self, pos: Position, last: Move | None, pending: int | None,
               departed: int) -> list[tuple[int, Move]]:
        moves = self.pruning.moves(pos, last, pending)
        if not moves:
            return []
        first = (0, moves[-1])  # (the list is taken from its end)
        if departed >= self.bound:
            return [first]
        return [(1, move) for move in moves[:-1]] + [first]


def kind(rules: Rules) -> type[Bounded] | None:
    """The rounds worth running beside the depth-first search: where the
    player lays the cards turned on piles of his choosing (``play.placing``),
    those that bury few cards; elsewhere, where there is a pack to deal,
    those that depart little from the first move; else none (the solver's
    greedy searches take their turns there)."""
    if rules.layout.play.placing is not None:
        return Bounded
    return FewDepartures if rules.has_deal_step else None
