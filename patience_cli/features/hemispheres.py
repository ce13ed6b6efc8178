"""Hemispheres: places that are the home of one colour (the Hemispheres' Races:
red cards belong to the north, black to the south).

Layout: ``play.hemispheres = { red = [GROUPS], black = [GROUPS] }``.  While the
pack or the talon holds a card, a card lying in the other colour's home
"cannot be used in any way": it is not free, and nothing is laid on it.
Two such cards, a red one lying in the south and a black one in the north
(each the top card of its place), may change places, an exchange
(``patience move 3 8``, either way round).  Once the pack and the talon are
out, a card is free wherever it lies ("transferred without an exchange").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..cards import Card
from ..layout import Role
from ..position import Move, MoveKind, Position
from .feature import Feature, Rules, targets_without


class Hemispheres(Feature):
    topic = "hemisphere"
    keys = ("play.hemispheres",)
    plain = False
    either_way = True

    def __init__(self, rules: Rules, home: dict[int, str], waiting: tuple[int, ...]) -> None:
        super().__init__(rules)
        #: the colour each place is the home of, and the piles the end waits for
        self.home, self.waiting = home, waiting
        #: the position :meth:`strangers` was last asked of, and its answer (one
        #: attribute, replaced whole)
        self._last: tuple[Position | None, tuple[int, ...]] = (None, ())

    @classmethod
    def build(cls, rules: Rules) -> Hemispheres | None:
        table = rules.layout.play.hemispheres
        if not table:
            return None
        home = {i: colour for colour, groups in table.items() for g in groups
                for i in rules.group_piles[g]}
        waiting = tuple(p.index for p in rules.specs if p.role in (Role.STOCK, Role.TALON))
        return cls(rules, home, waiting)

    def at_end(self, pos: Position) -> bool:
        return not any(pos.piles[i] for i in self.waiting)

    def stranger(self, pos: Position, index: int) -> Card | None:
        """The top card of place *index* where it lies in the other colour's
        home and may not be used (before the end), else None."""
        colour = self.home.get(index)
        pile = pos.piles[index]
        if colour is None or not pile or pile[-1].colour.value == colour or self.at_end(pos):
            return None
        return pile[-1]

    def strangers(self, pos: Position) -> tuple[int, ...]:
        """The places whose top card is a stranger (:meth:`stranger`), in
        their order; found once a position (the move list asks thrice)."""
        last = self._last
        if pos is last[0]:
            return last[1]
        strangers = () if self.at_end(pos) else tuple(
            i for i, colour in self.home.items()
            if pos.piles[i] and pos.piles[i][-1].colour.value != colour)
        self._last = (pos, strangers)
        return strangers

    # ------------------------------------------------------------ what may move
    def narrow_sources(self, pos: Position, sources: tuple[int, ...]) -> tuple[int, ...]:
        strangers = self.strangers(pos)
        return tuple(i for i in sources if i not in strangers) if strangers else sources

    def narrow_targets(self, pos: Position,
                       groups: Sequence[tuple[int, ...]]) -> Sequence[tuple[int, ...]]:
        strangers = self.strangers(pos)
        return targets_without(groups, frozenset(strangers)) if strangers else groups

    def verdict(self, pos: Position, move: Move) -> bool | None:
        if move.src is not None and self.stranger(pos, move.src) is not None:
            return False
        if move.dst is not None and self.stranger(pos, move.dst) is not None:
            return False
        return None

    def moves(self, pos: Position) -> Iterable[Move]:
        return self._exchanges(pos)

    def _exchanges(self, pos: Position) -> Iterator[Move]:
        strangers = self.strangers(pos)
        for n, a in enumerate(strangers):
            for b in strangers[n + 1:]:
                if self.home[a] != self.home[b]:
                    yield Move(MoveKind.MOVE, a, b)

    def owns(self, pos: Position, move: Move) -> bool:
        return move.kind == "move" and move.count == 1 and move.src in self.home \
            and move.dst in self.home and self.home[move.src] != self.home[move.dst] \
            and self.stranger(pos, move.src) is not None \
            and self.stranger(pos, move.dst) is not None

    def apply_own(self, pos: Position, move: Move) -> Position | None:
        if not self.owns(pos, move):
            return None
        piles = list(pos.piles)
        a, b = move.src, move.dst
        assert a is not None and b is not None  # (its owns() says so)
        piles[a], piles[b] = piles[a][:-1] + piles[b][-1:], piles[b][:-1] + piles[a][-1:]
        return Position(tuple(piles), pos.down, pos.extra)

    # ------------------------------------------------------------ words
    def refusal(self, pos: Position, move: Move) -> str | None:
        for index in (move.src, move.dst):
            card = self.stranger(pos, index) if index is not None else None
            if card is not None:
                home = "the north" if card.colour.value == "red" else "the south"
                return (f"the {card} lies in the wrong hemisphere ({card.colour.value} cards "
                        f"belong to {home}): it cannot be used until it is exchanged, or "
                        "the pack and talon are out")
        return None

    def words(self, pos: Position, move: Move, ascii: bool) -> str | None:
        if not self.owns(pos, move):
            return None
        specs, src, dst = self.rules.specs, move.src, move.dst
        assert src is not None and dst is not None  # (its owns() says so)
        a, b = pos.piles[src][-1], pos.piles[dst][-1]
        return (f"exchange the {a.text(ascii)} ({specs[src].ref}) and the "
                f"{b.text(ascii)} ({specs[dst].ref}) into their hemispheres")
