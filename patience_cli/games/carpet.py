"""The Carpet (Cadogan no. 40).

Sixty-four cards lie in eight rows of eight, upright and crosswise by turns
(the layout holds the pattern of the book's picture).  A card's narrow ends
are its top and bottom if it lies upright, its left and right sides if it lies
crosswise.  A card is available only while one narrow end is free: a clear
lane, along its row or its column, from that end to the edge of the carpet
(Rule II and the closing paragraph).  Available carpet cards go to the
foundations, or onto the top card of the talon in suit, one higher or one lower
(Rule IV), in "ascending or descending sequences": a sequence keeps the
direction its first card gave it, until a card turned from the pack starts a
new one.  The position remembers, for each talon card, how it came there
(``talon_steps``: 0 turned from the pack, +1 or -1 packed up or down).  The
talon is taken up, shuffled and dealt again, twice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card
from ..engine import Move, Position
from ..features.game_rule import GameRule

if TYPE_CHECKING:
    from ..engine import Rules as Engine

ACE, KING = 1, 13


class CarpetRules(GameRule):
    rules: Engine

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        self.talon = self.needs(rules.talon, "a talon")
        build = rules.specs[self.talon].build
        assert build is not None  # (cards are packed on it: rule 4)
        #: the talon's build, as the layout says it
        self.talon_build = build
        layout = rules.layout
        self.carpet = tuple(p.index for p in layout.group("carpet"))
        self.side = round(len(self.carpet) ** 0.5)
        self.cell = {index: divmod(n, self.side) for n, index in enumerate(self.carpet)}
        self.at = {rc: index for index, rc in self.cell.items()}
        self.aces = tuple(p.index for p in layout.group("ace"))
        self.kings = tuple(p.index for p in layout.group("king"))

    # ------------------------------------------------------------ availability
    def lane_free(self, pos: Position, index: int) -> bool:
        """Whether one narrow end of the card on carpet place *index* has a clear
        lane to the edge of the carpet."""
        r, c = self.cell[index]
        if self.rules.specs[index].orientation == "upright":
            ends = ([(i, c) for i in range(r)], [(i, c) for i in range(r + 1, self.side)])
        else:
            ends = ([(r, j) for j in range(c)], [(r, j) for j in range(c + 1, self.side)])
        return any(all(not pos.piles[self.at[rc]] for rc in lane) for lane in ends)

    def available_cards(self, pos: Position, index: int) -> list[Card]:
        if index in self.cell:
            cards = pos.piles[index]
            return list(cards) if cards and self.lane_free(pos, index) else []
        return super().available_cards(pos, index)

    def route_reason(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        if dst == self.talon and src not in self.cell:
            return "only cards from the carpet may be packed on the talon (rule 4)"
        return None

    def own_fits(self, pos: Position, card: Card, dst: int) -> bool | None:
        """:meth:`build_reason` without the words."""
        if dst == self.talon:
            talon = pos.piles[dst]
            if not talon or not self.rules.building.in_sequence(self.talon_build, card, talon[-1]):
                return False
            steps = self.talon_steps(pos)
            return not (steps and steps[-1] and card.rank - talon[-1].rank != steps[-1])
        return None

    def own_ranks_taken(self, pos: Position, dst: int) -> frozenset[int] | None:
        """The layout's quick look: the talon's own rule (its sequence keeps
        its way) takes no card the layout's build refuses."""
        return self.rules.look.layout_ranks_taken(pos, dst)

    def build_reason(self, pos: Position, card: Card, dst: int) -> str | None:
        if dst == self.talon:
            talon = pos.piles[dst]
            if not talon:
                return "cards are packed on the talon only once it is formed (rule 4)"
            reason = self.rules.building.sequence_reason(self.talon_build, "the talon", card, talon[-1])
            steps = self.talon_steps(pos)
            if reason is None and steps and steps[-1] and card.rank - talon[-1].rank != steps[-1]:
                way = "ascending" if steps[-1] > 0 else "descending"
                return (f"the sequence on the talon is {way}: the {card} cannot turn it back "
                        f"on the {talon[-1]} (rule 4)")
            return reason
        return super().build_reason(pos, card, dst)

    def talon_steps(self, pos: Position) -> tuple[int, ...]:
        """For each talon card, bottom first: 0 if turned from the pack, +1 or -1
        if packed from the carpet one higher or one lower than the card below."""
        steps = pos.get("talon_steps", ())
        talon = len(pos.piles[self.talon])
        return tuple(steps[:talon]) + (0,) * (talon - len(steps))

    def record(self, before: Position, move: Move, after: Position) -> Position:
        """The talon's steps (see :meth:`talon_steps`) after the move."""
        steps = list(self.talon_steps(before))
        was, now = before.piles[self.talon], after.piles[self.talon]
        if move.kind == "move" and move.dst == self.talon:
            steps.append(now[-1].rank - was[-1].rank)
        elif move.kind == "move" and move.src == self.talon:
            steps.pop()
        elif now[:len(was)] == was:
            steps += [0] * (len(now) - len(was))   # turned from the pack
        else:
            steps = [0] * len(now)                 # a redeal: the talon taken up
        if not any(steps):
            steps = []
        return after.with_extra(talon_steps=tuple(steps)) \
            if steps or before.get("talon_steps") else after

    def not_available_reason(self, pos: Position, index: int) -> str:
        ends = "top and bottom" if self.rules.specs[index].orientation == "upright" else "left and right"
        return (f"the card on {self.rules.specs[index].ref} is not available: both its narrow "
                f"ends ({ends}) are blocked, with no clear lane to the edge of the carpet "
                "(rule 2)")

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        """Rule 2 in the book's words: a carpet card with both narrow ends blocked."""
        if move.kind == "move" and move.src in self.cell and pos.piles[move.src] \
                and not self.lane_free(pos, move.src):
            return self.not_available_reason(pos, move.src)
        return None


RULES = CarpetRules
