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
(:mod:`patience_cli.solver.whole_sets`).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import ClassVar

from .. import play_settings as settings
from ..cards import RANK_NOUN, Card
from ..position import Move, MoveKind, Position, Refusal, seq_text
from .feature import Rules, SetRemoval
from .pairs import in_words


class CrownedSets(SetRemoval):
    provides: ClassVar[frozenset[str]] = frozenset({"crowned"})
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

    @classmethod
    def build(cls, rules: Rules) -> CrownedSets | None:
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
