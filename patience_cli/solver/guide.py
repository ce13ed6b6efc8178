"""How near a win a position looks, by several measures: the solver's greedy
searches are led by them (:mod:`patience_cli.solver`)."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Position, Rules


class Guide:
    """Measures of how near a win a position looks, for the portfolio's
    greedy searches, from six counts (:meth:`counts`): the cards on the
    foundations; how deep the cards the foundations want next lie in their
    piles (cards over them), and the cards wanted after those; the cards
    lying over a card of their own suit that must go up before them, and
    over any card of a rank that goes up before theirs; and the empty
    tableau piles.  A measure weighs them (:attr:`MEASURES`)."""

    #: weights of (home, over the next wanted, over the ones after, over a
    #: card of the suit wanted first, over a card of a rank wanted first,
    #: empty piles): the first also leads the best-first order; the others
    #: were found good on the Flower-Garden's deals 1-20, each winning deals
    #: the others miss
    MEASURES: tuple[tuple[int, int, int, int, int, int], ...] = (
        (5, 2, 0, 0, 0, 3),
        (10, 3, 1, 3, 0, 5),
        (10, 3, 1, 0, 0, 4),
        (10, 0, 0, 0, 2, 5),
        (10, 4, 2, 0, 0, 4),
        (10, 0, 0, 3, 0, 5),
        (10, 3, 1, 0, 3, 5),
        (10, 2, 0, 3, 0, 5),
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        specs = rules.specs
        founds = [specs[f].build for f in rules.foundations if specs[f].build is not None]
        plain = [b for b in founds if b.sequence is None and b.step_by is None
                 and b.direction in ("up", "down")]
        self.foundations = [(f, specs[f].build) for f in rules.foundations
                            if specs[f].build in plain]
        self.built = [f for f, _ in self.foundations]
        ways = {b.direction for b in plain}
        # the order cards go up in: by rank up, or down; none where both happen
        self.sign = 0 if len(ways) != 1 else (1 if ways == {"up"} else -1)
        self.in_suit = bool(plain) and all(b.suit == "same" for b in plain)
        self.tableau = frozenset(rules.tableau)
        # the piles whose cards wait under others: not the foundations, nor a
        # hand, whose every card is free
        self.piles = [i for i in range(len(specs)) if i not in set(rules.foundations)
                      and specs[i].available != "all"]
        self._wanted: dict = {}
        self._remembered: dict = {}  # by the foundations' top cards: each pile's counts
        self._kept = 0  # the piles' counts remembered

    def counts(self, pos: Position, order: bool = True) -> tuple[int, int, int, int, int, int]:
        """The six counts; without *order* the two of cards over cards that
        go up before them are left at 0 (a measure that does not weigh them
        is spared counting them).  A pile's own counts are remembered by its
        cards and the foundations' top cards: a position differs from the one
        it came from in a pile or two."""
        piles = pos.piles
        home = sum([len(piles[f]) for f in self.rules.foundations])
        tops = tuple([piles[f][-1] if piles[f] else None for f in self.built])
        wanted = self._wanted.get(tops)
        if wanted is None:
            wanted = self._wanted[tops] = self.wanted(pos)
        # the piles' counts under these foundations (the top cards hashed once)
        remembered = self._remembered.get((tops, order))
        if remembered is None or self._kept > self.REMEMBERED:
            if self._kept > self.REMEMBERED:
                self._remembered.clear()
                self._kept = 0
            remembered = self._remembered[(tops, order)] = {}
        over_next = over_then = over_suit = over_rank = empty = 0
        for i in self.piles:
            cards = piles[i]
            if not cards:
                empty += i in self.tableau
                continue
            got = remembered.get(cards)
            if got is None:
                self._kept += 1
                got = remembered[cards] = self._pile_counts(cards, wanted, order)
            over_next += got[0]
            over_then += got[1]
            over_suit += got[2]
            over_rank += got[3]
        return home, over_next, over_then, over_suit, over_rank, empty

    REMEMBERED = 200_000  # the piles' counts remembered, at most (then begun afresh)

    def wanted(self, pos: Position) -> tuple[frozenset, frozenset]:
        """The cards the foundations take next, and those they take after
        them, as (rank, suit), suit None where any suit will do."""
        first: set = set()
        then: set = set()
        for f, build in self.foundations:
            pile = pos.piles[f]
            if not pile:
                if build.base:
                    first.add((build.base, None))
                    then.add((build.base + (build.step if build.direction == "up"
                                            else -build.step), None))
                continue
            top = pile[-1]
            if top.rank == build.until:
                continue
            suit = top.suit if build.suit == "same" else None
            step = build.step if build.direction == "up" else -build.step
            for n, into in ((1, first), (2, then)):
                rank = top.rank + n * step
                if build.wrap:
                    rank = (rank - 1) % 13 + 1
                into.add((rank, suit))
        return frozenset(first), frozenset(then)

    def _pile_counts(self, cards: tuple, wanted: tuple[frozenset, frozenset],
                     order: bool) -> tuple[int, int, int, int]:
        """One pile's cards over the next wanted, over those after, over a
        card of their suit, and of a rank, that go up before them."""
        first, then = wanted
        sign, in_suit = (self.sign, self.in_suit) if order else (0, False)
        over_next = over_then = over_suit = over_rank = 0
        n = len(cards) - 1
        lowest = 99
        lowest_of: dict = {}
        for k, card in enumerate(cards):
            rank, suit = card
            if (rank, suit) in first or (rank, None) in first:
                over_next += n - k
            elif (rank, suit) in then or (rank, None) in then:
                over_then += n - k
            if sign:
                place = sign * rank
                if place > lowest:
                    over_rank += 1
                else:
                    lowest = place
                if in_suit:
                    if place > lowest_of.get(suit, 99):
                        over_suit += 1
                    else:
                        lowest_of[suit] = place
        return over_next, over_then, over_suit, over_rank

    def measure(self, weights: tuple[int, ...]) -> Callable[[Position], int]:
        """The measure with these weights, higher for a position nearer a win."""
        w_home, w_next, w_then, w_suit, w_rank, w_empty = weights
        counts = self.counts
        order = bool(w_suit or w_rank)

        def measure(pos: Position) -> int:
            home, over_next, over_then, over_suit, over_rank, empty = counts(pos, order)
            return (w_home * home - w_next * over_next - w_then * over_then
                    - w_suit * over_suit - w_rank * over_rank + w_empty * empty)
        return measure
