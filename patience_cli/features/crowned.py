"""Crowned sets: several free cards of different values that make the game's
number, taken up together with a court card to crown them, and laid as one
packet on a place of their own (the Wheel: "three cards make the required
sum ... put any court card that may be in the cushion at the top, and place
the packet thus crowned ... on one of the spaces reserved in the circle").

Layout: ``play.crowned`` with ``from`` (the groups whose free cards are
taken), ``total`` (the number the cards make, each counting its pips),
``cards`` (how many make it, 3 by default), ``crown`` (the ranks that crown a
set, the court cards by default: they never count in a sum) and ``to`` (the
group of places a crowned packet is laid on, the first empty one).  A set is
typed ``patience remove 2 5 9 12``: the piles of its cards and its crown, in
any order; ``moves`` lists each set open.  No two cards of a set are of one
value, and a set with no crown free waits.  While a set is open the deal step
waits ("when no more combinations can be made, you proceed to deal").

Where the sets are the only way out of play (no foundation), the cards left
must make whole sets, which proves many positions lost for the solver
(:meth:`CrownedSets.hopeless`).
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Iterator

from .. import play_settings as settings
from ..cards import RANK_NOUN, Card
from ..layout import Role
from ..position import Move, MoveKind, Position, Refusal, seq_text
from .feature import DealStep, Rules, SetRemoval, overrides
from .pairs import in_words


class CrownedSets(SetRemoval):
    reads_suits = False
    topic = "crowned"
    keys = ("play.crowned",)

    def __init__(self, rules: Rules, rule: settings.Crowned) -> None:
        super().__init__(rules)
        self.pool = tuple(i for g in rule.groups for i in rules.group_piles[g])
        self.homes = rules.group_piles[rule.to]
        self.total, self.size, self.crown = rule.total, rule.cards, frozenset(rule.crown)
        #: the values a set may be made of, each set of them as a row of ranks
        #: (one set's ranks, increasing)
        self.kinds = tuple(c for c in combinations(sorted(set(range(1, 14)) - self.crown),
                                                   self.size) if sum(c) == self.total)
        #: the piles whose cards are out of play or never in it
        self._out = frozenset(i for i, s in enumerate(rules.specs) if i in self.homes
                              or s.role in (Role.DECORATION, Role.DISCARD))
        self._whole: dict[tuple[int, ...], bool] = {}  # see _divides
        self._row_sets: dict[tuple[Card, ...], list[tuple[int, ...]]] = {}  # see _sets_in

    @classmethod
    def build(cls, rules: Rules) -> "CrownedSets | None":
        rule = rules.layout.play.crowned
        return None if rule is None else cls(rules, rule)

    # ------------------------------------------------------------ the sets
    def _free(self, pos: Position) -> list[tuple[int, Card]]:
        return [(i, pos.piles[i][-1]) for i in self.pool if pos.piles[i]
                and pos.piles[i][-1] in self.rules.available_cards(pos, i)]

    def moves(self, pos: Position) -> Iterator[Move]:
        if not any(not pos.piles[i] for i in self.homes):
            return
        free = self._free(pos)
        crowns = [i for i, c in free if c.rank in self.crown]
        if not crowns:
            return  # Rule III: no set is taken up without a court card to crown it
        pips = [(i, c) for i, c in free if c.rank not in self.crown]
        for chosen in combinations(pips, self.size):
            ranks = {c.rank for _, c in chosen}
            if len(ranks) == self.size and sum(ranks) == self.total:
                for crown in crowns:
                    yield Move(MoveKind.REMOVE, piles=(*(i for i, _ in chosen), crown))

    # ------------------------------------------------------------ the solver
    def not_lost(self, pos: Position, moves: list[Move]) -> list[Move]:
        """The moves after which the cards left can still all go out in
        sets.  Where nothing else takes a card out of play (:attr:`_alone`),
        every card in play but those laid out for show must, so a position
        is lost unless what is left makes whole sets: one crown to each
        *size* other cards, and those dividing into sets of different values
        that make the total (whatever their order in the piles).  With the
        Wheel's two packs that rules out a set of 3, 6 and 9 or of 5, 6 and
        7 for the whole game: the eight cards of each value 2 to 10 divide
        into sets only as 2-6-10, 3-7-8 and 4-5-9 as many times each, and
        2-7-9, 3-5-10 and 4-6-8 for the rest.  A set taken leaves a crown
        to each set as before; the deal step leaves the cards as they were."""
        if not self._alone:
            return moves
        counts = [0] * 14
        out = self._out
        for i, pile in enumerate(pos.piles):
            if i not in out:
                for card in pile:
                    counts[card.rank] += 1
        crowns = 0
        for rank in self.crown:
            crowns += counts[rank]
            counts[rank] = 0
        if crowns * self.size != sum(counts) or not self._divides(tuple(counts)):
            return []
        if self._rows is not None and self._row_ahead_lost(pos, counts):
            return []
        kept = []
        for move in moves:
            if move.kind == "remove":
                less = counts[:]
                for i in move.piles:
                    rank = pos.piles[i][-1].rank
                    if rank not in self.crown:
                        less[rank] -= 1
                if not self._divides(tuple(less)):
                    continue
            kept.append(move)
        return kept

    @functools.cached_property
    def _alone(self) -> bool:
        """Whether this rule's sets are the only way cards leave play: no
        foundation, no module of the game's own, no other rule with moves of
        its own (asked once the game's features are all built)."""
        rules = self.rules
        return not rules.foundations and rules.layout.rules == "standard" and \
            not any(overrides(f, "apply_own") for f in rules.features if f is not self)

    @functools.cached_property
    def _rows(self) -> tuple[int, int] | None:
        """Where the pack is dealt in rows that cover every pile of the sets'
        pool, and nothing else ever takes a card from it: the pack and the
        pool's size (the Wheel: rows of twelve over the cushion; its refills
        from the pack stop at the first row), else None."""
        from .deal_to import DealTo

        rules = self.rules
        steps = [f for f in rules.features if isinstance(f, DealStep)]
        if not self._alone or len(steps) != 1 or type(steps[0]) is not DealTo:
            return None
        deal = steps[0]
        if deal.slots or deal.cards != 1 or deal.group is None or \
                set(rules.group_piles[deal.group]) != set(self.pool):
            return None
        stock = rules.specs[deal.stock].group
        for i, spec in enumerate(rules.specs):
            refill = spec.refill
            if refill is not None and (i not in self.pool or refill.sources != (stock,)
                                       or refill.after_deal != ()):
                return None
        return deal.stock, len(self.pool)

    def _row_ahead_lost(self, pos: Position, counts: list[int]) -> bool:
        """Whether a row the pack will deal later loses the game: once no
        refill can take a card from the pack (after the first row, or with
        the next deal the only move), the pack is dealt in rows in its
        order, whatever is played, and each full row covers the whole pool,
        so that its own cards are the only free ones.  A row with a crown
        and a set among its cards forces a set to be taken; where every set
        it holds is one that the cards left now could not make whole sets
        after, the game is lost when it comes.  (A set that no division of
        the cards left holds is in none of any later, as each later one is a
        division of these less the sets taken since.)"""
        if not pos.get("dealt") and self.any_open(pos):
            return False  # refills to come take cards from the pack: the rows may shift
        stock, width = self._rows  # type: ignore[misc]
        pack = pos.piles[stock]
        for end in range(len(pack), width - 1, -width):
            sets = self._sets_in(pack[end - width:end])
            if sets and not any(self._divides(tuple(
                    n - (r in kind) for r, n in enumerate(counts))) for kind in sets):
                return True
        return False

    def _sets_in(self, row: tuple[Card, ...]) -> list[tuple[int, ...]]:
        """The kinds of set *row*'s cards make, none without a crown among
        them (each row met is answered once)."""
        known = self._row_sets.get(row)
        if known is None:
            ranks = {c.rank for c in row}
            known = [k for k in self.kinds if ranks.issuperset(k)] \
                if ranks & self.crown else []
            self._row_sets[row] = known
        return known

    def _divides(self, counts: tuple[int, ...]) -> bool:
        """Whether *counts* (the cards of each rank) divide into sets of
        :attr:`kinds`: the lowest rank left goes in a set that it heads, tried
        kind by kind (each count met is answered once)."""
        known = self._whole.get(counts)
        if known is not None:
            return known
        low = next((r for r, n in enumerate(counts) if n), None)
        whole = low is None
        for kind in self.kinds:
            if whole:
                break
            if kind[0] == low and all(counts[r] for r in kind):
                less = list(counts)
                for r in kind:
                    less[r] -= 1
                whole = self._divides(tuple(less))
        self._whole[counts] = whole
        return whole

    # ------------------------------------------------------------ words
    def removal_refusal(self, pos: Position, move: Move) -> str | None:
        specs = self.rules.specs
        named = move.piles
        if len(named) != self.size + 1 or len(set(named)) != len(named):
            return (f"a set is {in_words(self.size)} cards making {in_words(self.total)} and a "
                    f"court card to crown them: name {in_words(self.size + 1)} piles")
        for i in named:
            if i not in self.pool:
                return f"cards are taken up only from the {self.rules.group_names(self._groups())}"
            if not pos.piles[i]:
                return f"{specs[i].the_ref} is empty"
        cards = [pos.piles[i][-1] for i in named]
        crowns = [c for c in cards if c.rank in self.crown]
        if not crowns:
            return Refusal(f"{seq_text(cards)}: there is no court card among them to crown the "
                           "set, and its cards wait until one is free", None, ("crowned:crown",))
        if len(crowns) > 1:
            return (f"a set has one court card, to crown it: {seq_text(crowns)} are "
                    f"{in_words(len(crowns))}")
        pips = [c for c in cards if c.rank not in self.crown]
        if len({c.rank for c in pips}) != len(pips):
            return Refusal(f"no two cards of a set may be of one value: {seq_text(pips)}", None,
                           ("crowned:values",))
        made = sum(c.rank for c in pips)
        if made != self.total:
            return f"{seq_text(pips)} make {in_words(made)}, not {in_words(self.total)}"
        if all(pos.piles[i] for i in self.homes):
            return "every place for a crowned set is taken"
        return None

    def _groups(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.rules.specs[i].group for i in self.pool))

    def words(self, pos: Position, move: Move, ascii: bool) -> str | None:
        if move.kind != "remove":
            return None
        cards = [pos.piles[i][-1] for i in move.piles if pos.piles[i]]
        pips = [c for c in cards if c.rank not in self.crown]
        crown = next((c for c in cards if c.rank in self.crown), None)
        place = next((i for i in self.homes if not pos.piles[i]), None)
        said = f"{seq_text(pips, ascii)}, crowned by the {crown.text(ascii) if crown else '?'}"
        return said + (f", to {self.rules.specs[place].ref}" if place is not None else "")

    def deal_refusal(self, pos: Position) -> str | None:
        if self.any_open(pos):
            return (f"{in_words(self.size)} cards making {in_words(self.total)} can be taken up "
                    "with a court card: the next deal waits until no set can be made")
        return None

    def lost_words(self, pos: Position) -> str | None:
        crown = "court card" if self.crown == {11, 12, 13} else \
            " or ".join(RANK_NOUN[r] for r in sorted(self.crown))
        return (f"the pack is dealt out and no {in_words(self.size)} cards making "
                f"{in_words(self.total)} can be crowned by a {crown}")

    # ------------------------------------------------------------ the move
    def apply_own(self, pos: Position, move: Move) -> Position | None:
        if move.kind != "remove":
            return None
        place = next(i for i in self.homes if not pos.piles[i])
        cards = [pos.piles[i][-1] for i in sorted(move.piles)]
        # the packet: the set's cards in their places' order, the crown at the top
        packet = tuple(c for c in cards if c.rank not in self.crown) + \
            tuple(c for c in cards if c.rank in self.crown)
        piles = list(pos.piles)
        down = list(pos.down)
        for i in move.piles:
            piles[i] = piles[i][:-1]
            down[i] = min(down[i], len(piles[i]))
        piles[place] = packet
        return Position(tuple(piles), tuple(down), pos.extra)
