"""The engine's moves of a plain layout, found fast for the solver.

The engine's move generator (:meth:`Rules.open_moves`) answers every game:
it asks the rule features at each step, looks up each pile's build, and
files the piles that take a card by rank before it looks at the cards.  In a
layout with no feature that narrows or adds moves, no route rule, no pile a
feature lays on, every build plain (:meth:`Rules.plain_builds`) and every
card leaving its pile alone (a row's top card, or any card of a hand), the
same moves follow from a few comparisons a card: :class:`PlainMoves` gives
them, the same moves in the same order, each group's takers remembered by
its piles' top cards; two to four times as fast on the positions a search
meets (the Flower-Garden 18 µs a listing against 10, la Belle Lucie 37
against 18, Sympathy 29 against 7).  With the Flower-Garden's Bouquet pooled
by rank (:class:`~patience_cli.solver.pruning.Pruning`) it lists one card
of each rank from the hand to each packet.  The solver's searches take
their moves from it where it applies (:class:`~patience_cli.solver.pruning.Pruning`),
so a search meets the same positions either way; the tests hold it to the
engine along random play of every game it takes.
"""

from __future__ import annotations

from ..engine import DEAL, Move, MoveKind, Position, Rules
from ..layout_model import Role
from ..quick_look import ranks_after

_MOVE = MoveKind.MOVE
_EVERY = range(1, 14)
_UNKNOWN: list = []  # a group's takers not yet remembered
_KNOWN_MOST = 100_000  # the groups' takers remembered, at most (then begun afresh)


class PlainMoves:
    """The card moves (and the deal) of a position, as the engine lists
    them, for a layout plain enough (:meth:`of`: None where it is not)."""

    @classmethod
    def of(cls, rules: Rules, pooled: int | None = None) -> PlainMoves | None:
        """The moves of *rules*' positions, where the layout is plain enough;
        with *pooled*, a hand whose cards of a rank the solver pools, only the
        first card of each rank from it to each tableau pile (the others lie
        there as it would: see :meth:`Pruning._pooled_key`)."""
        if rules.game.overrides("extra_moves") \
                or rules._only or rules._narrow_sources or rules._narrow_targets or rules._adds \
                or not rules.open_routes or rules.placed_by or rules.building.worded:
            return None
        specs, plain = rules.specs, rules.building.plain_builds
        for s in rules.sources:
            spec = specs[s]
            if spec.move != "top" or spec.available not in ("top", "all") or spec.blocked_by \
                    or (spec.build is not None and spec.build.alone):
                return None
        if any(plain[d] is None for group in rules.building.build_targets for d in group):
            return None
        return cls(rules, pooled)

    def __init__(self, rules: Rules, pooled: int | None = None) -> None:
        self.rules = rules
        self.pooled = pooled
        specs, plain, kind = rules.specs, rules.building.plain_builds, rules.vacancy_kinds
        #: each group of piles played to, in the engine's order: each pile with
        #: what makes two empty ones alike, its plain build, and whether it is
        #: a tableau pile (and of which kind of vacancy), for the pointless move below
        self.groups = tuple(
            tuple((d, (kind[d], specs[d].build), plain[d],
                   specs[d].role is Role.TABLEAU and kind[d]) for d in group)
            for group in rules.building.build_targets)
        #: each pile played from: whether a move names its card, whether every
        #: card of it is free (a hand), and its tableau kind of vacancy (else False)
        self.sources = tuple((s, specs[s].several_free, specs[s].available == "all",
                              specs[s].role is Role.TABLEAU and kind[s])
                             for s in rules.sources)
        self._after: dict[tuple, frozenset[int]] = {}
        #: each group's takers by rank (:meth:`_by_rank`), by its piles' top cards
        self._takers: tuple[dict, ...] = tuple({} for _ in self.groups)
        self._indices = tuple(tuple(d for d, *_ in group) for group in self.groups)
        #: whether a hand may hold twins (listed once)
        self._twins = rules.layout.pack_count > 1

    def _by_rank(self, piles_of: tuple, tops: tuple) -> list[tuple] | None:
        """The piles of a group that take a card of each rank (a list by rank),
        in the group's order, given each one's top card (None where it is
        empty): each as (pile, the suit rule, the suit or colour it asks, its
        tableau group, whether it is empty); None where none takes a card."""
        by_rank: dict[int, list[tuple]] = {}
        alike: set = set()
        after = self._after
        for (d, key, (empty, until, suit, steps, wrap), dgroup), top in zip(piles_of, tops):
            if top is None:
                if key in alike:
                    continue  # empty piles alike: the first stands for all
                alike.add(key)
                if empty is not None:
                    taker = (d, None, None, dgroup, True)
                    for rank in (_EVERY if empty == 0 else (empty,)):
                        by_rank.setdefault(rank, []).append(taker)
                continue
            if top.rank == until:
                continue
            k = (top.rank, steps, wrap)
            ranks = after.get(k)
            if ranks is None:
                ranks = after[k] = ranks_after(top.rank, steps, wrap)
            taker = (d, suit if suit in ("same", "alternate") else None,
                     top.suit if suit == "same" else top.colour, dgroup, False)
            for rank in ranks:
                by_rank.setdefault(rank, []).append(taker)
        if not by_rank:
            return None
        # a list by rank (faster to read than a dict, card by card)
        return [tuple(by_rank.get(rank, ())) for rank in range(15)]

    def __call__(self, pos: Position) -> list[Move]:
        """The moves of :meth:`Rules.open_moves`, in its order, as a list."""
        piles, down = pos.piles, pos.down
        out: list[Move] = []
        free = []  # each source's free cards
        for s, many, hand, group in self.sources:
            pile = piles[s]
            if hand:
                cards = pile[down[s]:]
                if cards:
                    free.append((s, many, group, len(pile),
                                 tuple(dict.fromkeys(cards)) if self._twins else cards))
            elif len(pile) > down[s]:
                free.append((s, many, group, len(pile), pile[-1:]))
        for piles_of, indices, known in zip(self.groups, self._indices, self._takers):
            tops = tuple([piles[d][-1] if piles[d] else None for d in indices])
            by_rank = known.get(tops, _UNKNOWN)
            if by_rank is _UNKNOWN:
                if len(known) >= _KNOWN_MOST:
                    known.clear()
                by_rank = known[tops] = self._by_rank(piles_of, tops)
            if by_rank is None:
                continue
            for s, many, sgroup, n, cards in free:
                laid: set | None = set() if s == self.pooled else None
                for card in cards:
                    for d, how, like, dgroup, empty in by_rank[card.rank]:
                        if d == s:
                            continue
                        if how is not None and (card.suit != like if how == "same"
                                                else card.colour == like):
                            continue
                        # a lone tableau card to an empty pile of its group changes nothing
                        if empty and n == 1 and dgroup is not False and sgroup == dgroup:
                            continue
                        if laid is not None and dgroup is not False:
                            if (card.rank, d) in laid:
                                continue  # a card of its rank is laid there already
                            laid.add((card.rank, d))
                        out.append(Move(_MOVE, s, d, 1, card if many else None))
        if self.rules.has_deal_step and self.rules.deal_open(pos):
            out.append(DEAL)
        return out
