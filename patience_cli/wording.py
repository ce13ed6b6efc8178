"""Moves in words: what a move will do, what it did, and the shell command
that makes it.

A part of :class:`patience_cli.engine.Rules` (``rules.words``), asking the
engine only what :class:`WordedRules` names.  :meth:`Wording.describe`
reveals nothing; :meth:`Wording.outcome`, said after a move, may name the
cards it turned up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .cards import Card, parse_card
from .layout import Layout, PileSpec, Role
from .position import Move, Position, seq_text

if TYPE_CHECKING:
    from .features import DealStep, Feature
    from .features.game_rule import GameRule


class WordedRules(Protocol):
    """What the words ask of the engine."""

    layout: Layout
    specs: tuple[PileSpec, ...]
    game: GameRule

    def moving_card(self, pos: Position, move: Move) -> Card: ...
    def deal_step_now(self, pos: Position) -> DealStep | None: ...
    def answering(self, point: str) -> tuple[Feature, ...]: ...


class Wording:
    """Moves in words (``rules.words``)."""

    def __init__(self, rules: WordedRules) -> None:
        self.rules = rules
        self.layout = rules.layout
        self.specs = rules.specs
        self._worders = rules.answering("words")

    def describe(self, pos: Position, move: Move, ascii: bool = False) -> str:
        """A move in words, said before it is made (the game's rule says)."""
        return self.rules.game.describe(pos, move, ascii)

    def move_words(self, pos: Position, move: Move, ascii: bool = False) -> str:
        """A move in words, e.g. '4♦ from Garden 3 to Garden 5'."""
        if move.kind == "deal":
            return self.deal_step_name(pos)
        for f in self._worders:
            said = f.words(pos, move, ascii)
            if said is not None:
                return said
        assert move.src is not None and move.dst is not None, f"{move} names no two piles"
        src, dst = self.specs[move.src], self.specs[move.dst]
        if src.role is Role.STOCK:  # the pack's next card, unseen until it is laid
            return f"the next card of {src.the_ref} to {dst.ref} (empty)"
        card = self.rules.moving_card(pos, move)
        what = card.text(ascii) if move.count == 1 else \
            f"{seq_text(pos.piles[move.src][-move.count:], ascii)}"
        onto = pos.piles[move.dst]
        target = f"onto the {onto[-1].text(ascii)}" if onto else "(empty)"
        return f"{what} from {src.ref} to {dst.ref} {target}"

    def deal_step_name(self, pos: Position) -> str:
        """What the deal step will do, in words (the game's rule says)."""
        return self.rules.game.deal_step_name(pos)

    def step_words(self, pos: Position) -> str:
        """What the layout's dealing step will do, in words."""
        step = self.rules.deal_step_now(pos)
        return "deal" if step is None else step.deal_name(pos)

    def outcome(self, pos: Position, move: Move, ascii: bool = False,
                after: Position | None = None,
                events: tuple[dict[str, Any], ...] | None = None) -> str:
        """What *move* did, said after it is made (the game's rule says)."""
        return self.rules.game.outcome(pos, move, ascii, after, events)

    def outcome_words(self, pos: Position, move: Move, ascii: bool = False,
                      after: Position | None = None,
                      events: tuple[dict[str, Any], ...] | None = None) -> str:
        """What *move* did, said after it is made (may reveal cards it turned up);
        :meth:`describe` says what a move will do, without revealing anything.
        Given the position *after* it, what happened by itself is said too
        (a vacancy refilled from the pack), from its *events* where the caller
        has them (:class:`patience_cli.outcome.Outcome` has)."""
        text = None
        if move.kind == "deal":
            # the card turned, where the step taking the turn names it
            step = self.rules.deal_step_now(pos)
            text = None if step is None else step.dealt_words(pos, ascii)
            if step is not None and text is not None and step.words_say_all:
                return text
        if text is None:
            text = self.describe(pos, move, ascii)
        if after is None:
            return text
        if events is None:
            from .events import move_events

            events = tuple(move_events(self.layout, pos, after, move))
        extra = []
        for e in events:
            if e["event"] == "moved" or (move.kind == "deal" and e["event"] == "dealt"):
                continue
            what = "a card" if e.get("card") is None else \
                f"the {parse_card(e['card']).text(ascii)}"
            if e["event"] == "turned up":
                extra.append(f"{what} is turned up on {self._by_number(e['pile']).ref}")
            elif e["event"] == "put out":
                extra.append(f"{what} is put out")
            else:
                extra.append(f"{what} fills {self._by_number(e['to']).ref}"
                             if self._by_number(e["to"]).role is not Role.FOUNDATION
                             else f"{what} goes to {self._by_number(e['to']).ref}")
        return text + ("; then " + ", ".join(extra) if extra else "")

    def _by_number(self, number: int) -> PileSpec:
        spec = self.layout.by_number(number)
        assert spec is not None
        return spec

    def command(self, pos: Position, move: Move) -> str:
        """The shell command that makes *move*."""
        if move.kind == "deal":
            return "deal"
        if move.kind == "remove":
            return " ".join(["remove", *(str(self.specs[i].number) for i in move.piles)])
        assert move.src is not None and move.dst is not None, f"{move} names no two piles"
        src = self.specs[move.src].number
        dst = self.specs[move.dst].number
        if move.card is not None:
            # with more than one pack a card may lie in two places: name the pile too
            where = f"{src}:" if self.layout.pack_count > 1 else ""
            return f"move {where}{move.card.code} {dst}"
        return f"move {src} {dst}" + (f" {move.count}" if move.count != 1 else "")
