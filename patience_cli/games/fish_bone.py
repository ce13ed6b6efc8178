"""The Fish-Bone (Cadogan no. 41).

The knaves are the foundations, built down in suit to the aces.  They are laid
in a line in the order they turn up, and a knave's king and queen may lie
beside it only once it is down (Rule II).  The six cards of the gridiron marry
upwards in suit, but only with cards from the pack or talon, never with each
other.  The pack is turned card by card onto the talon; one redeal.

What the book makes compulsory happens by itself after every move: a knave is
laid as soon as it is free ("played as they appear"), and so is a king or queen
whose knave is down ("never omit to place the kings and queens").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import RANK_NOUN, Card
from ..engine import Move, Position
from ..features.game_rule import GameRule

if TYPE_CHECKING:
    from ..engine import Rules as Engine

KNAVE, QUEEN, KING = 11, 12, 13


class FishBoneRules(GameRule):
    rules: Engine

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        self.talon = self.needs(rules.talon, "a talon")
        layout = rules.layout
        self.gridiron = tuple(p.index for p in layout.group("gridiron"))
        self.knaves = tuple(p.index for p in layout.group("knave"))
        self.bones = {KING: tuple(p.index for p in layout.group("king")),
                      QUEEN: tuple(p.index for p in layout.group("queen"))}

    # ------------------------------------------------------------ where cards go
    def route_reason(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        if dst in self.gridiron:
            if src in self.gridiron:
                return ("cards of the gridiron marry only with cards from the pack or talon, "
                        "never with each other")
            if card.rank in (KING, QUEEN):
                return (f"a {RANK_NOUN[card.rank]} goes to the talon until a knave of its suit is down "
                        "to receive it (rule 3)")
        return None

    def own_fits(self, pos: Position, card: Card, dst: int) -> bool | None:
        """:meth:`build_reason` without the words."""
        for rank, places in self.bones.items():
            if dst in places:
                knave = pos.piles[self.knaves[places.index(dst)]]
                return card.rank == rank and not pos.piles[dst] and bool(knave) and \
                    knave[0].suit == card.suit
        if dst in self.knaves and not pos.piles[dst] and card.rank == KNAVE and \
                dst != next(k for k in self.knaves if not pos.piles[k]):
            return False
        return None

    def build_reason(self, pos: Position, card: Card, dst: int) -> str | None:
        for rank, places in self.bones.items():
            if dst in places:
                return self.bone_reason(pos, card, rank, places.index(dst))
        if dst in self.knaves and not pos.piles[dst] and card.rank == KNAVE:
            first = next(k for k in self.knaves if not pos.piles[k])
            if dst != first:
                return (f"the knaves are laid in a line as they appear: the next one goes to "
                        f"{self.rules.specs[first].ref}")
        return super().build_reason(pos, card, dst)

    def bone_reason(self, pos: Position, card: Card, rank: int, i: int) -> str | None:
        spec = self.rules.specs[self.bones[rank][i]]
        noun = "king" if rank == KING else "queen"
        if card.rank != rank:
            return f"only a {noun} goes to {spec.ref}: the {card} cannot go there"
        if pos.piles[spec.index]:
            return f"{spec.the_ref} already holds its {noun}"
        knave = pos.piles[self.knaves[i]]
        if not knave:
            return (f"{spec.the_ref} waits for its knave: a {noun} is placed only beside a "
                    f"knave of its suit already down (rule 3)")
        if knave[0].suit != card.suit:
            return (f"{spec.the_ref} belongs to the {knave[0]}: a {noun} goes only beside the "
                    f"knave of its own suit")
        return None

    # ------------------------------------------------------------ what happens by itself
    def settle(self, pos: Position) -> Position:
        """The engine's hook after every move and the deal: the free knaves,
        kings and queens go to their places."""
        return self.lay_free_cards(super().settle(pos))[0]

    def lay_free_cards(self, pos: Position) -> tuple[Position, list[tuple[Card, int]]]:
        """Lay every free knave, and every king and queen whose knave is down;
        also says which card went where."""
        done: list[tuple[Card, int]] = []
        while True:
            for src in (self.talon, *self.gridiron):
                cards = pos.piles[src]
                if not cards:
                    continue
                dst = self._home(pos, cards[-1])
                if dst is not None:
                    done.append((cards[-1], dst))
                    pos = self.rules.transfer(pos, src, dst)
                    break
            else:
                return pos, done

    def _home(self, pos: Position, card: Card) -> int | None:
        if card.rank == KNAVE:
            return next((k for k in self.knaves if not pos.piles[k]), None)
        if card.rank in self.bones:
            for i, place in enumerate(self.bones[card.rank]):
                if self.bone_reason(pos, card, card.rank, i) is None:
                    return place
        return None

    def outcome(self, pos: Position, move: Move, ascii: bool = False,
                after: Position | None = None,
                events: tuple[dict[str, Any], ...] | None = None) -> str:
        text = super().outcome(pos, move, ascii)
        done = self.lay_free_cards(self.rules.transfer(pos, move.src, move.dst))[1] \
            if move.src is not None and move.dst is not None \
            else self.lay_free_cards(self.apply_deal(pos))[1]
        if done:
            text += "; then " + ", ".join(f"the {card.text(ascii)} goes to {self.rules.specs[dst].ref}"
                                          for card, dst in done)
        return text


RULES = FishBoneRules
