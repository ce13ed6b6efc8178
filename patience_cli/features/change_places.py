"""Cards changing places: when nothing more can be done, two cards of the
lay-out change places with two others (the Fourteenth: "If in the course of
the game the number fourteen cannot be composed, one chance remains--any two
cards may be taken from their proper position, and may change places with
any other two cards").

Layout: ``play.change_places`` with ``group`` (the places), ``cards`` (how
many cards change places with as many others: 2) and ``per`` (``block``: one
exchange each time play comes to a stand, the default; ``game``: one in the
whole game).  The exchange is made as so many changes of two cards' places,
each typed as a move between them (``patience move 3 7``, either way round,
listed once); it may begin only when no pair can be put out (the layout's
``play.pairs``), and once begun it must be finished before anything else.
The cards of one exchange are all different.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from ..position import Move, MoveKind, Position
from .feature import Feature, Rules


class ChangePlaces(Feature):

    provides: ClassVar[frozenset[str]] = frozenset({"change-places"})
    reads_suits = False
    topic = "change"
    keys = ("play.change_places",)
    plain = False
    either_way = True
    lost_says_all = True

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        rule = rules.layout.play.change_places
        assert rule is not None  # (built only where the layout names it)
        self.spots: tuple[int, ...] = rules.group_piles[rule.group]
        self.cards: int = rule.cards
        self.per_game: bool = rule.per == "game"

    @classmethod
    def build(cls, rules: Rules) -> ChangePlaces | None:
        return cls(rules) if rules.layout.play.change_places is not None else None

    # ------------------------------------------------------------ state
    @staticmethod
    def changed(pos: Position) -> tuple[int, ...]:
        """The places whose cards have changed in the exchange under way."""
        return tuple(pos.get("changing", ()))

    def midway(self, pos: Position) -> bool:
        """Whether an exchange is begun and not finished."""
        return bool(self.changed(pos))

    def _pairs_open(self, pos: Position) -> bool:
        pairs = self.rules.providing("pairs")
        return pairs is not None and pairs.any_open(pos)

    def may_begin(self, pos: Position) -> bool:
        """Whether an exchange may begin now: play is at a stand, and the
        exchange allowed (in this stand, or in the game) is not used."""
        return not pos.get("exchanged", 0) and not self.midway(pos) and \
            not self._pairs_open(pos)

    # ------------------------------------------------------------ moves
    def _changes(self, pos: Position) -> Iterator[Move]:
        done = set(self.changed(pos))
        free = [i for i in self.spots if pos.piles[i] and i not in done]
        for n, i in enumerate(free):
            for j in free[n + 1:]:
                yield Move(MoveKind.MOVE, i, j)

    def moves(self, pos: Position) -> Iterator[Move]:
        if self.midway(pos) or self.may_begin(pos):
            yield from self._changes(pos)

    def only_moves(self, pos: Position) -> Iterator[Move] | None:
        return self._changes(pos) if self.midway(pos) else None

    def owns(self, pos: Position, move: Move) -> bool:
        if move.kind != MoveKind.MOVE or move.count != 1 or move.src == move.dst or \
                move.src not in self.spots or move.dst not in self.spots or \
                not pos.piles[move.src] or not pos.piles[move.dst]:
            return False
        if self.midway(pos):
            return move.src not in self.changed(pos) and move.dst not in self.changed(pos)
        return self.may_begin(pos)

    def verdict(self, pos: Position, move: Move) -> bool | None:
        return False if self.midway(pos) else None  # the exchange is finished first

    # ------------------------------------------------------------ words
    def words(self, pos: Position, move: Move, ascii: bool) -> str | None:
        if not self.owns(pos, move):
            return None
        specs = self.rules.specs
        assert move.src is not None and move.dst is not None  # (its owns() says so)
        a, b = pos.piles[move.src][-1].text(ascii), pos.piles[move.dst][-1].text(ascii)
        step = len(self.changed(pos)) // 2 + 1
        return (f"change the places of the {a} on {specs[move.src].ref} and the {b} on "
                f"{specs[move.dst].ref} (change {step} of {self.cards} in the exchange)")

    def refusal(self, pos: Position, move: Move) -> str | None:
        if move.src not in self.spots or move.dst not in self.spots:
            return None
        if self.midway(pos):
            if self.owns(pos, move):
                return None
            return ("the exchange under way is finished first: two more cards change places, "
                    "neither of them one that has changed already")
        return None

    def lost_words(self, pos: Position) -> str | None:
        pairs = self.rules.providing("pairs")
        why = pairs.lost_words(pos) if pairs is not None else None
        if why is None or not pos.get("exchanged", 0):
            return None
        when = "in the game" if self.per_game else "since play last came to a stand"
        return f"{why}, and the one exchange allowed {when} is made"

    # ------------------------------------------------------------ after a move
    def after_move(self, before: Position, move: Move, after: Position) -> Position:
        if self.owns(before, move):
            # the card moved lies on the other's place: the other goes to its place
            piles = list(after.piles)
            assert move.src is not None and move.dst is not None  # (its owns() says so)
            dst = piles[move.dst]
            piles[move.dst], piles[move.src] = dst[:-2] + dst[-1:], piles[move.src] + dst[-2:-1]
            done = (*self.changed(before), move.src, move.dst)
            after = Position(tuple(piles), after.down, after.extra)
            if len(done) >= 2 * self.cards:
                return after.with_extra(changing=(), exchanged=1)
            return after.with_extra(changing=done)
        if not self.per_game and before.get("exchanged", 0):
            return after.with_extra(exchanged=0)  # play went on: a new stand may come
        return after
