"""Hope, from Hoffmann's book (no. 3).

Nothing in Hope is a choice once the suit is named (the layout's ``[game]``
``suit``; the book's example, clubs, by default, the other suits as
variants): each ``patience deal`` takes the next step, and ``patience auto``
plays to the end.

* A step turns up the pack's top three cards: those of the named suit are put
  aside, the others laid on the table.
* After five such steps, the next shuffles the cards on the table (the named
  suit excepted) back into the pack.  That is one operation; there are three.
* Won as soon as every card of the suit is put aside ("if at the close of the
  third operation you have extracted all the clubs"); lost when the third
  operation closes with one still in hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import PACK_RANKS
from ..engine import Move, Position
from ..features.game_rule import GameRule
from ..features.talon import redeal_shuffled
from ..layout_schema import one_of

if TYPE_CHECKING:
    from ..engine import Rules as Engine

#: This game's own settings (the layout's ``[game]`` table).
SETTINGS = {"suit": one_of("c", "d", "h", "s")}

SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}

#: Steps of three cards in an operation, and operations in the game.
STEPS, OPERATIONS, CARDS = 5, 3, 3


class HopeRules(GameRule):
    rules: Engine

    has_deal_step = True

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        self.stock = self.needs(rules.stock, "a pack")
        layout = rules.layout
        self.table = layout.group("table")[0].index
        self.aside = layout.group("suit")[0].index
        self.suit = layout.game.get("suit", "c")
        self.suit_name = SUIT_NAMES[self.suit]

    def initial_extra(self, pos: Position) -> Position:
        return pos.with_extra(operation=1, step=0)

    # ------------------------------------------------------------ the steps
    def _reshuffle_next(self, pos: Position) -> bool:
        return int(pos.get("step", 0)) >= STEPS or not pos.piles[self.stock]

    def deal_reason(self, pos: Position) -> str | None:
        if self._reshuffle_next(pos) and int(pos.get("operation", 1)) >= OPERATIONS:
            return "the third operation is over"
        return None

    def apply_deal(self, pos: Position) -> Position:
        piles = list(pos.piles)
        down = list(pos.down)
        if self._reshuffle_next(pos):
            done = int(pos.get("operation", 1))
            cards = redeal_shuffled(piles[self.table] + piles[self.stock], done)
            piles[self.table], piles[self.stock] = (), tuple(cards)
            down[self.stock] = len(cards)
            return Position(tuple(piles), tuple(down), pos.extra).with_extra(
                operation=done + 1, step=0)
        turned = piles[self.stock][::-1][:CARDS]  # the top card first
        piles[self.stock] = piles[self.stock][:len(piles[self.stock]) - len(turned)]
        piles[self.aside] += tuple(c for c in turned if c.suit.value == self.suit)
        piles[self.table] += tuple(c for c in turned if c.suit.value != self.suit)
        down[self.stock] = len(piles[self.stock])
        return Position(tuple(piles), tuple(down), pos.extra).with_extra(
            step=int(pos.get("step", 0)) + 1)

    def forced_move(self, pos: Position) -> Move | None:
        return next(iter(self.rules.legal_moves(pos)), None)

    # ------------------------------------------------------------ status and words
    def goal_reached(self, pos: Position) -> bool:
        return len(pos.piles[self.aside]) == self._suit_size

    @property
    def _suit_size(self) -> int:
        return len(PACK_RANKS[self.rules.layout.pack_kind]) * self.rules.layout.pack_count

    def deal_step_name(self, pos: Position) -> str:
        operation = int(pos.get("operation", 1))
        if self._reshuffle_next(pos):
            return (f"shuffle the cards turned ({self.suit_name} excepted) into the pack: "
                    f"operation {operation + 1} of {OPERATIONS}")
        return (f"turn up three cards, putting aside the {self.suit_name} (turn "
                f"{int(pos.get('step', 0)) + 1} of {STEPS}, operation {operation} of "
                f"{OPERATIONS})")

    def won_reason(self, pos: Position) -> str:
        return f"every one of the {self.suit_name} is put aside"

    def lost_reason(self, pos: Position) -> str:
        left = self._suit_size - len(pos.piles[self.aside])
        return (f"the third operation is over with {left} of the {self.suit_name} "
                "still in the pack")


RULES = HopeRules
