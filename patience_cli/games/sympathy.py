"""Sympathy, for two players (or one playing both hands), from Hoffmann's book
(no. 63) and Cheney's (the harder deal, as a variant).

Nothing in Sympathy is a choice: the players turn up their cards in a fixed
order and every identical pair is thrown out as it appears, so the whole game
is one forced step after another (``patience deal`` takes the next step,
``patience auto`` plays to the end).

The order, from Hoffmann's text:

* At the deal the leader turns up the top card of each of his heaps.
* The other player turns up the tops of his heaps one by one, in order; when a
  card he turns is the twin (same suit and value) of one of the leader's
  exposed cards, both are thrown out and he turns up the next card of the same
  heap.  When none of his heaps is headed by a face-down card, the turn passes.
* The players alternate so, each turning up the heaps the other has uncovered,
  until neither has a face-down card heading a heap.
* Then the grace cards are turned up one at a time, the players alternating
  (the one whose turn it is first); a grace card pairs like any other card,
  and a pair so made uncovers a heap and starts the turning again.
* Won when every card is paired; lost when nothing is left to turn up (no
  heap headed by a face-down card, no grace card face down) and no exposed
  card has its twin showing.

A turned grace card that finds no twin stays exposed beside the others and may
still be paired later.  Its turned-up cards lie after the face-down ones in
the grace pile, so the face-down cards stay at the bottom of the pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..engine import DEAL, Move, Position, Refusal
from ..features.game_rule import GameRule
from ..layout_schema import one_of

if TYPE_CHECKING:
    from ..engine import Rules as Engine

PLAYERS = ("A", "B")


#: This game's own settings (the layout's ``[game]`` table), checked when the
#: layout is loaded.
SETTINGS = {"leader": one_of("A", "B")}

class SympathyRules(GameRule):
    rules: Engine

    has_deal_step = True

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        layout = rules.layout
        self.heaps = {p: tuple(s.index for s in layout.group(f"{p.lower()}_heap"))
                      for p in PLAYERS}
        self.grace_pile = {p: layout.group(f"{p.lower()}_grace")[0].index for p in PLAYERS}
        self.paired = layout.group("paired")[0].index
        self.leader = layout.game.get("leader", "A")
        self._heap_set = frozenset(self.heaps["A"] + self.heaps["B"])
        self._grace_set = frozenset(self.grace_pile.values())

    @staticmethod
    def other(player: str) -> str:
        return "B" if player == "A" else "A"

    # ------------------------------------------------------------ the deal
    def initial_extra(self, pos: Position) -> Position:
        down = list(pos.down)
        for i in self.heaps[self.leader]:
            down[i] -= 1  # the leader turns up the top card of each heap
        return Position(pos.piles, tuple(down)).with_extra(turn=self.other(self.leader))

    # ------------------------------------------------------------ reading
    def exposed(self, pos: Position, player: str) -> list[tuple[int, Card]]:
        """(pile, card) for every card of *player* that lies face up and free."""
        out = []
        for i in self.heaps[player]:
            cards = pos.piles[i]
            if cards and pos.down[i] < len(cards):
                out.append((i, cards[-1]))
        g = self.grace_pile[player]
        out.extend((g, c) for c in pos.piles[g][pos.down[g]:])
        return out

    def covered_heaps(self, pos: Position, player: str) -> list[int]:
        """*player*'s heaps headed by a face-down card, in order."""
        return [i for i in self.heaps[player]
                if pos.piles[i] and pos.down[i] == len(pos.piles[i])]

    def next_step(self, pos: Position) -> tuple[str, int, str] | None:
        """(player, pile, 'heap' or 'grace') of the next card to turn, or None."""
        turn = pos.get("turn")
        for player in (turn, self.other(turn)):
            heaps = self.covered_heaps(pos, player)
            if heaps:
                return player, heaps[0], "heap"
        for player in (turn, self.other(turn)):
            g = self.grace_pile[player]
            if pos.down[g]:
                return player, g, "grace"
        return None

    def available_cards(self, pos: Position, index: int) -> list[Card]:
        """The exposed cards of a pile (shown as available on the board): as
        :meth:`exposed` gives them, for the one pile (asked of every pile at
        every move: the whole list each time made solving slow)."""
        cards = pos.piles[index]
        if index in self._grace_set:
            return list(cards[pos.down[index]:])
        if index in self._heap_set and cards and pos.down[index] < len(cards):
            return [cards[-1]]
        return []

    # ------------------------------------------------------------ moves
    def forced_move(self, pos: Position) -> Move | None:
        return DEAL if self.next_step(pos) is not None else None

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        if move.kind != "deal":
            return Refusal("in Sympathy no card is moved by hand: the players turn up their "
                           "cards in turn and pairs are thrown out by themselves; the deal "
                           "turns up the next card", DEAL)
        return None

    def deal_reason(self, pos: Position) -> str | None:
        return None if self.next_step(pos) is not None else "no card is left to turn up"

    def apply_deal(self, pos: Position) -> Position:
        step = self.next_step(pos)
        assert step is not None
        player, i, kind = step
        piles, down = list(pos.piles), list(pos.down)
        cards = piles[i]
        if kind == "heap":
            down[i] -= 1                      # turn up the top card
            card = cards[-1]
        else:
            d = down[i]                       # the top face-down grace card
            card = cards[d - 1]
            piles[i] = cards[:d - 1] + cards[d:] + (card,)
            down[i] = d - 1
        new = Position(tuple(piles), tuple(down), pos.extra)
        twin = self._twin(new, self.other(player), card)
        if twin is not None:
            new = self._throw_out(new, (i, twin), card)
        # a grace card is one turn; heaps are turned until none is covered
        after = self.other(player) if kind == "grace" else player
        return new.with_extra(turn=after)

    def _twin(self, pos: Position, player: str, card: Card) -> int | None:
        for i, c in self.exposed(pos, player):
            if c == card:
                return i
        return None

    def _throw_out(self, pos: Position, piles_of_pair: tuple[int, int], card: Card) -> Position:
        """Both copies of *card* (one on each pile given) go to the Paired pile."""
        for pile in piles_of_pair:
            cards = pos.piles[pile]
            at = len(cards) - 1 - cards[::-1].index(card)
            piles = list(pos.piles)
            piles[pile] = cards[:at] + cards[at + 1:]
            piles[self.paired] = piles[self.paired] + (card,)
            pos = Position(tuple(piles), pos.down, pos.extra)
        return pos

    # ------------------------------------------------------------ status and words
    def won_reason(self, pos: Position) -> str:
        return "every card has found its twin: both players win"

    def lost_reason(self, pos: Position) -> str:
        left = sum(len(p) for p in pos.piles) - len(pos.piles[self.paired])
        return (f"nothing is left to turn up and none of the {left} cards left can find its "
                "twin: both players lose")

    def _name(self, index: int) -> str:
        return self.rules.specs[index].ref

    def deal_step_name(self, pos: Position) -> str:
        step = self.next_step(pos)
        if step is None:
            return "nothing to turn up"
        player, i, kind = step
        if kind == "grace":
            return f"{player} turns up a grace card"
        return f"{player} turns up the top card of {self._name(i)}"

    def describe(self, pos: Position, move: Move, ascii: bool = False) -> str:
        return self.deal_step_name(pos) if move.kind == "deal" else \
            super().describe(pos, move, ascii)

    def outcome(self, pos: Position, move: Move, ascii: bool = False,
                after: Position | None = None,
                events: tuple[dict[str, Any], ...] | None = None) -> str:
        if move.kind != "deal":
            return super().outcome(pos, move, ascii)
        step = self.next_step(pos)
        if step is None:
            return "nothing to turn up"
        player, i, kind = step
        after = after if after is not None else self.rules.apply(pos, move)
        new = after.piles[self.paired][len(pos.piles[self.paired]):]
        where = "a grace card" if kind == "grace" else f"{self._name(i)}"
        if kind == "grace":
            g = pos.piles[i]
            card = g[pos.down[i] - 1]
        else:
            card = pos.piles[i][-1]
        text = f"{player} turns up the {card.text(ascii)} ({where})"
        if new:
            twin = self._twin(pos, self.other(player), card)
            assert twin is not None  # (a card thrown out with its twin, exposed)
            text += (f": it pairs with {self.other(player)}'s {card.text(ascii)} on "
                     f"{self._name(twin)}, and both are thrown out")
        else:
            text += ": no twin showing"
        return text


RULES = SympathyRules
