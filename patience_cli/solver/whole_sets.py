"""Proofs of loss for crowned sets (:mod:`patience_cli.features.crowned`), for the solver: where
the sets are the only way out of play, the cards left must still make whole
sets, and the rows the pack will deal must not force a set they cannot.

Every card in play must go out in a set there, so a position is lost unless
what is left makes whole sets: one crown to each set's other cards, and those
dividing into sets of different values that make the total, whatever their
order in the piles (:meth:`WholeSets.divides`).  With the Wheel's two packs
that rules out a set of 3, 6 and 9 or of 5, 6 and 7 for the whole game: the
eight cards of each value 2 to 10 divide into sets only as 2-6-10, 3-7-8 and
4-5-9 as many times each, and 2-7-9, 3-5-10 and 4-6-8 for the rest.

A set that no division of the cards left holds is in none of any later
position either (each later division, with the sets taken since, is one of
these), so a set ruled out now stays ruled out.  That lets the proof look
ahead along the pack (:meth:`WholeSets.rows_lost`): where the pack is dealt in
rows that each cover every pile the sets are taken from, a full row's own
cards are the only free ones once it is dealt, and a row with a crown and a
set among them forces a set (the deal waits while one can be made); a row
whose every set is ruled out loses the game when it comes.  Before the first
row, refills from the pack decide which rows come; while each pile holds a
single card, the piles' order does not matter until then, so the proof
follows every way the refills can go with the cards as a multiset.
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Protocol

from ..cards import Card
from ..features.feature import DealStep, Rules, overrides
from ..layout import Role
from ..position import Move, Position

Counts = tuple[int, ...]   # the cards left of each rank (index 1 to 13), crowns at 0
WHOLE_MOST = 200_000       # the counts whose answer is remembered, at most


class Sets(Protocol):
    """What the proof reads of the rule (:class:`patience_cli.features.crowned.CrownedSets`)."""

    rules: Rules
    pool: tuple[int, ...]               # the piles sets are taken from
    homes: tuple[int, ...]              # the places crowned sets are laid on
    crown: frozenset[int]
    size: int                           # the cards of a set, its crown apart
    total: int
    kinds: tuple[tuple[int, ...], ...]  # the values a set may be made of


class WholeSets:
    """The proof for one game's crowned sets."""

    def __init__(self, sets: Sets) -> None:
        self.sets = sets
        self.rules = rules = sets.rules
        #: the piles whose cards are out of play or never in it
        self.out = frozenset(i for i, s in enumerate(rules.specs) if i in sets.homes
                             or s.role in (Role.DECORATION, Role.DISCARD))
        self._kinds = frozenset(sets.kinds)
        self._whole: dict[Counts, bool] = {}                 # see divides
        self._row_sets: dict[tuple[Card, ...], list[tuple[int, ...]]] = {}  # see sets_in
        self._pack: tuple[Card, ...] = ()          # the pack _refills and _row_sets are for
        self._refills: dict[tuple[tuple[Card, ...], int], bool] = {}  # see refills_lost

    def not_lost(self, pos: Position, moves: list[Move]) -> list[Move]:
        """*moves* less the sets after which the cards left make no whole
        sets; none where *pos* itself is lost."""
        if not self.alone:
            return moves
        crown = self.sets.crown
        counts = [0] * 14
        out = self.out
        for i, pile in enumerate(pos.piles):
            if i not in out:
                for card in pile:
                    counts[card.rank] += 1
        crowns = 0
        for rank in crown:
            crowns += counts[rank]
            counts[rank] = 0
        left = tuple(counts)
        if crowns * self.sets.size != sum(counts) or not self.divides(left) or \
                self.rows is not None and self.rows_lost(pos, left):
            return []
        kept = []
        for move in moves:
            if move.kind == "remove":
                ranks = tuple(r for i in move.piles if (r := pos.piles[i][-1].rank) not in crown)
                if not self.divides(self._without(left, ranks)):
                    continue
            kept.append(move)
        return kept

    @functools.cached_property
    def alone(self) -> bool:
        """Whether the sets are the only way cards leave play: no foundation,
        no module of the game's own, no other rule with moves of its own."""
        rules = self.rules
        return not rules.foundations and rules.layout.rules == "standard" and \
            not any(overrides(f, "apply_own") for f in rules.features if f is not self.sets)

    def divides(self, counts: Counts) -> bool:
        """Whether *counts* divide into sets: the lowest rank left goes in a
        set that it heads, tried kind by kind (each count met is answered
        once)."""
        known = self._whole.get(counts)
        if known is not None:
            return known
        if len(self._whole) >= WHOLE_MOST:
            self._whole.clear()  # (a long run meets ever more: begun afresh)
        low = next((r for r, n in enumerate(counts) if n), None)
        whole = low is None
        for kind in self.sets.kinds:
            if whole:
                break
            if kind[0] == low and all(counts[r] for r in kind):
                less = list(counts)
                for r in kind:
                    less[r] -= 1
                whole = self.divides(tuple(less))
        self._whole[counts] = whole
        return whole

    @staticmethod
    def _without(counts: Counts, ranks: tuple[int, ...]) -> Counts:
        """*counts* less a set's cards of *ranks* (all different)."""
        return tuple(n - (r in ranks) for r, n in enumerate(counts))

    # ------------------------------------------------------------ the rows ahead
    @functools.cached_property
    def rows(self) -> tuple[int, int] | None:
        """Where the pack is dealt in rows that cover every pile the sets are
        taken from, and nothing but refills until the first row takes a card
        from it: the pack and a row's length (the Wheel: rows of twelve over
        the cushion, refilled from the pack until the first row), else None."""
        rules, pool = self.rules, self.sets.pool
        steps = [f for f in rules.features if isinstance(f, DealStep)]
        if not self.alone or len(steps) != 1 or "deal-to" not in steps[0].provides:
            return None
        deal = steps[0]
        if deal.slots or deal.cards != 1 or deal.group is None or \
                set(rules.group_piles[deal.group]) != set(pool):
            return None
        stock = rules.specs[deal.stock].group
        for i, spec in enumerate(rules.specs):
            refill = spec.refill
            if refill is not None and (i not in pool or refill.sources != (stock,)
                                       or refill.after_deal != ()):
                return None
        return deal.stock, len(pool)

    def rows_lost(self, pos: Position, counts: Counts) -> bool:
        """Whether a row the pack will deal loses the game, whatever is
        played before it (see the module's docstring)."""
        assert self.rows is not None  # (asked only where rows are dealt)
        stock, _ = self.rows
        pack = pos.piles[stock]
        if self._pack[:len(pack)] != pack:  # another deal: what was found is for its pack
            self._pack, self._refills, self._row_sets = pack, {}, {}
        if pos.get("dealt"):  # no refill any more: the rows are the pack's, in turn
            return self.chain_lost(pack, len(pack), counts)
        pool = self.sets.pool
        if any(len(pos.piles[i]) > 1 for i in pool):
            return False  # (not a lay-out the refills leave)
        cards = tuple(sorted(pos.piles[i][0] for i in pool if pos.piles[i]))
        return self.refills_lost(pack, cards, len(pack), counts)

    def chain_lost(self, pack: tuple[Card, ...], left: int, counts: Counts) -> bool:
        """Whether one of the full rows dealt from the first *left* cards of
        *pack* (its top card last) forces only sets ruled out by *counts*."""
        assert self.rows is not None
        _, width = self.rows
        for end in range(left, width - 1, -width):
            kinds = self.sets_in(pack[end - width:end])
            if kinds and not any(self.divides(self._without(counts, k)) for k in kinds):
                return True
        return False

    def sets_in(self, row: tuple[Card, ...]) -> list[tuple[int, ...]]:
        """The kinds of set *row*'s cards make, none without a crown among
        them (each row met is answered once)."""
        known = self._row_sets.get(row)
        if known is None:
            ranks = {c.rank for c in row}
            known = [k for k in self.sets.kinds if ranks.issuperset(k)] \
                if ranks & self.sets.crown else []
            self._row_sets[row] = known
        return known

    def refills_lost(self, pack: tuple[Card, ...], cards: tuple[Card, ...], left: int,
                     counts: Counts) -> bool:
        """Before the first row, with *cards* one to a pile and the first
        *left* cards of *pack* still to come: whether every way the sets can
        be taken until none is open (each set's places refilled from the
        pack at once, and no set ruled out by the cards left, which would
        lose) ends with the next rows losing the game.  Each multiset of
        cards met, with the pack as far as it is, is answered once."""
        key = (cards, left)
        known = self._refills.get(key)
        if known is not None:
            return known
        size, crown = self.sets.size, self.sets.crown
        crowns = sorted({c for c in cards if c.rank in crown})
        pips = sorted(c for c in cards if c.rank not in crown)
        chosen_sets = {chosen for chosen in combinations(pips, size)
                       if tuple(sorted(c.rank for c in chosen)) in self._kinds} if crowns else set()
        if not chosen_sets:  # no set open: the next row is dealt now
            lost = self.chain_lost(pack, left, counts)
        else:
            lost = True
            for chosen in sorted(chosen_sets):
                less = self._without(counts, tuple(c.rank for c in chosen))
                if not self.divides(less):
                    continue  # taken, it loses: it is in no winning line
                for crown_card in crowns:
                    rest = list(cards)
                    for c in (*chosen, crown_card):
                        rest.remove(c)
                    n = min(size + 1, left)
                    after = tuple(sorted(rest + list(pack[left - n:left])))
                    if not self.refills_lost(pack, after, left - n, less):
                        lost = False
                        break
                if not lost:
                    break
        self._refills[key] = lost
        return lost
