"""The foundation base chosen by the player: the lay-out turns up a few
cards, and before anything else the player sends one of them to the first
foundation, whose rank then starts every foundation (the Terrace: "turn up
from the pack in hand three cards, and choose one of the three as a
foundation").

Layout: ``play.choose_base`` with ``from``, the group whose dealt cards are
the choice; the foundations' ``build.base = "first"`` reads the rank from
the card chosen.  Until it is chosen no other card moves and the pack is
not dealt on.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..position import Move, MoveKind, Position
from .feature import Feature, Rules


class BaseChoice(Feature):
    topic = "choose"
    keys = ("play.choose_base",)
    plain = False

    def __init__(self, rules: Rules, choices: tuple[int, ...], home: int) -> None:
        super().__init__(rules)
        #: the piles the lay-out dealt the cards to choose from
        self.choices = choices
        #: the foundation the chosen card starts (the first)
        self.home = home

    @classmethod
    def build(cls, rules: Rules) -> BaseChoice | None:
        rule = rules.layout.play.choose_base
        if rule is None or not rules.foundations:
            return None
        choices = tuple(i for i in rules.group_piles[rule.group]
                        if isinstance(deal := rules.specs[i].deal, int) and deal > 0)
        return cls(rules, choices, rules.foundations[0])

    def choosing(self, pos: Position) -> bool:
        """Whether the base is still to be chosen (no foundation begun)."""
        return not any(pos.piles[f] for f in self.rules.foundations)

    def only_moves(self, pos: Position) -> Iterator[Move] | None:
        if not self.choosing(pos):
            return None
        return (Move(MoveKind.MOVE, src, self.home) for src in self.choices if pos.piles[src])

    def blocks_deal(self, pos: Position) -> bool:
        return self.choosing(pos)

    def verdict(self, pos: Position, move: Move) -> bool | None:
        if not self.choosing(pos):
            return None
        return move.src in self.choices and move.dst == self.home

    def _words(self) -> str:
        rules = self.rules
        numbers = [str(rules.specs[i].number) for i in self.choices]
        which = ", ".join(numbers[:-1]) + f" or {numbers[-1]}" if len(numbers) > 1 else numbers[0]
        return (f"the foundations' rank is chosen first: move the card you choose of "
                f"{rules.specs[self.choices[0]].name} {which} to "
                f"{rules.specs[self.home].the_ref}")

    def deal_refusal(self, pos: Position) -> str | None:
        return self._words() if self.choosing(pos) else None

    def refusal(self, pos: Position, move: Move) -> str | None:
        if self.choosing(pos) and not (move.src in self.choices and move.dst == self.home):
            return self._words()
        return None
