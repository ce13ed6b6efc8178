"""A counted grace: so many times, a face-up card of some groups that is not
free may go to a foundation all the same (the Fifteen, the Picture Gallery).

Layout: ``play.grace`` with ``from`` (the groups), ``times``, ``row`` (only
the card dealt in that row of a pile), ``ranks`` (only cards of these ranks,
each rank once), ``before_start`` (only while the game cannot even begin:
no card has gone up but by the grace, and no card can, now or after any
run of moves between the tableau piles; once one grace is taken, the others
of the same draw may follow until another card goes up) and
``once_dealt`` (only once the pack is dealt out and no free card can go up:
the Labyrinth's one card taken from anywhere, "when the pack is exhausted
and you have played all available cards").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from .. import play_settings as settings
from ..cards import RANK_TEXT
from ..position import Move, MoveKind, Position
from .feature import Feature, Rules


class Grace(Feature):

    provides: ClassVar[frozenset[str]] = frozenset({"grace"})
    keys = ("play.grace",)
    plain = False
    #: how many positions the look for a card freed by moves between the
    #: tableau piles may meet before the game is taken as unable to begin
    LOOK = 2_000

    def __init__(self, rules: Rules, rule: settings.Grace) -> None:
        super().__init__(rules)
        self.groups = rule.groups
        self.times = rule.times
        self.row = rule.row
        self.ranks = rule.ranks
        self.before_start = rule.before_start
        self.once_dealt = rule.once_dealt
        self._asking = False  # (the look ahead asks the engine's moves without the grace)
        self._begins: dict[Position, bool] = {}  # positions looked at: can the game begin?

    @classmethod
    def build(cls, rules: Rules) -> Grace | None:
        rule = rules.layout.play.grace
        return None if rule is None else cls(rules, rule)

    def left(self, pos: Position) -> int:
        return self.times - int(pos.get("graces", 0))

    def tally(self, pos: Position) -> str | None:
        n = self.left(pos)
        return f"{n} grace{'s' if n != 1 else ''} left"

    def moves(self, pos: Position) -> Iterator[Move]:
        """A face-up card of the grace's groups that is not free, to a
        foundation that takes it."""
        rules = self.rules
        if self.left(pos) <= 0:
            return
        if self.before_start and not self._cannot_begin(pos):
            return  # only while the game cannot even begin (the Fifteen)
        if self.once_dealt and (rules.stock is not None and pos.piles[rules.stock]
                                or rules.standing.foundation_move_open(pos)):
            return  # only at the end, once the pack is out and no free card can go up
        used = pos.get("grace_ranks", ())
        for group in self.groups:
            for src in rules.group_piles[group]:
                free = set(rules.available_cards(pos, src))
                cards = pos.piles[src][pos.down[src]:]
                if self.row is not None:  # only the card dealt in that row of the pile
                    cards = pos.piles[src][self.row - 1:self.row] if pos.down[src] < self.row \
                        else ()
                for card in dict.fromkeys(cards):
                    if card in free:
                        continue
                    if self.ranks is not None and (RANK_TEXT[card.rank] not in self.ranks
                                                   or card.rank in used):
                        continue
                    for dst in rules.foundations:
                        if rules.fits(pos, card, dst):
                            yield Move(MoveKind.MOVE, src, dst, 1, card)
                            break

    def _cannot_begin(self, pos: Position) -> bool:
        """Whether the game cannot even begin: no card up but by this grace,
        and (before the first grace of the draw) no card can go up, now or
        "after these changes", the moves between the tableau piles."""
        if self._asking:
            return False
        rules = self.rules
        used = int(pos.get("graces", 0))
        if sum(len(pos.piles[f]) for f in rules.foundations) > used:
            return False  # begun
        if used:
            return True  # the rest of the one draw
        found = self._begins.get(pos)
        if found is None:
            self._asking = True
            try:
                found = self._can_begin(pos)
            finally:
                self._asking = False
            if len(self._begins) > 10_000:
                self._begins.clear()
            self._begins[pos] = found
        return not found

    def _can_begin(self, pos: Position) -> bool:
        """Whether a card can go up now or after some run of moves between
        the tableau piles (a bounded look: past :attr:`LOOK` positions, no)."""
        rules = self.rules
        tableau = {i for g in self.groups for i in rules.group_piles[g]}
        seen, frontier = {pos}, [pos]
        while frontier:
            here = frontier.pop()
            if rules.standing.foundation_move_open(here):
                return True
            for move in rules.open_moves(here):
                if move.kind is MoveKind.MOVE and move.src in tableau and move.dst in tableau:
                    nxt = rules.apply(here, move)
                    if nxt not in seen:
                        seen.add(nxt)
                        frontier.append(nxt)
            if len(seen) > self.LOOK:
                return False
        return False

    def owns(self, pos: Position, move: Move) -> bool:
        return move.card is not None and move.kind == MoveKind.MOVE and move in self.moves(pos)

    def unavailable_words(self, pos: Position, src: int) -> str | None:
        if self.rules.specs[src].group not in self.groups:
            return None
        left = self.left(pos)
        return (f" (a grace lets such a card go to a foundation that takes it: "
                f"{left} left)" if left > 0 else "; the grace is used")

    def after_move(self, before: Position, move: Move, after: Position) -> Position:
        """A card that was not free went up: a grace is spent (and its rank)."""
        if move.card is None or move.src is None \
                or move.card in self.rules.available_cards(before, move.src):
            return after
        after = after.with_extra(graces=int(before.get("graces", 0)) + 1)
        if self.ranks:
            after = after.with_extra(grace_ranks=tuple(
                sorted(set(before.get("grace_ranks", ())) | {move.card.rank})))
        return after

    def ordered_groups(self) -> set[str]:
        return set(self.groups)
