"""Moves in words: what a move will do, what it did, and the shell command
that makes it.

Part of :class:`patience_cli.engine.Rules` (a mixin).  :meth:`describe`
reveals nothing; :meth:`outcome`, said after a move, may name the cards it
turned up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import parse_card
from .layout import Layout, PileSpec, Role
from .position import Move, Position, seq_text

if TYPE_CHECKING:
    from .features import DealStep


class Wording:
    """Moves in words (a part of ``Rules``)."""

    layout: Layout
    specs: tuple[PileSpec, ...]
    _deal_steps: tuple[DealStep, ...]

    def describe(self, pos: Position, move: Move, ascii: bool = False) -> str:
        """A move in words, said before it is made (the game's rule says)."""
        return self.game.describe(pos, move, ascii)  # type: ignore[attr-defined]

    def move_words(self, pos: Position, move: Move, ascii: bool = False) -> str:
        """A move in words, e.g. '4♦ from Garden 3 to Garden 5'."""
        if move.kind == "deal":
            return self.deal_step_name(pos)
        for f in self._worders:  # type: ignore[attr-defined]
            said = f.words(pos, move, ascii)
            if said is not None:
                return said
        src, dst = self.specs[move.src], self.specs[move.dst]  # type: ignore[index]
        if src.role is Role.STOCK:  # the pack's next card, unseen until it is laid
            return f"the next card of {src.the_ref} to {dst.ref} (empty)"
        card = self.moving_card(pos, move)  # type: ignore[attr-defined]
        what = card.text(ascii) if move.count == 1 else \
            f"{seq_text(pos.piles[move.src][-move.count:], ascii)}"  # type: ignore[index]
        onto = pos.piles[move.dst]  # type: ignore[index]
        target = f"onto the {onto[-1].text(ascii)}" if onto else "(empty)"
        return f"{what} from {src.ref} to {dst.ref} {target}"

    def deal_step_name(self, pos: Position) -> str:
        """What the deal step will do, in words (the game's rule says)."""
        return self.game.deal_step_name(pos)  # type: ignore[attr-defined]

    def step_words(self, pos: Position) -> str:
        """What the layout's dealing step will do, in words."""
        step = self._deal_step(pos)  # type: ignore[attr-defined]
        return "deal" if step is None else step.deal_name(pos)

    def outcome(self, pos: Position, move: Move, ascii: bool = False,
                after: Position | None = None,
                events: tuple[dict[str, Any], ...] | None = None) -> str:
        """What *move* did, said after it is made (the game's rule says)."""
        return self.game.outcome(pos, move, ascii, after, events)  # type: ignore[attr-defined]

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
            step = self._deal_step(pos)  # type: ignore[attr-defined]
            text = None if step is None else step.dealt_words(pos, ascii)
            if text is not None and step.words_say_all:
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
        src = self.specs[move.src].number  # type: ignore[index]
        dst = self.specs[move.dst].number  # type: ignore[index]
        if move.card is not None:
            # with more than one pack a card may lie in two places: name the pile too
            where = f"{src}:" if self.layout.pack_count > 1 else ""
            return f"move {where}{move.card.code} {dst}"
        return f"move {src} {dst}" + (f" {move.count}" if move.count != 1 else "")
