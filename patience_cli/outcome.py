"""What one move did: the answer of :meth:`patience_cli.game.Game.play`, the
one door a move goes through.

The position before and after and the move are kept; the events (forced
placings, refills, cards turned up or put out) and the words are made only
when asked, once: replaying a saved game's moves costs no words, and the
commands that report a move ask for both.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

from .position import Move, Position

if TYPE_CHECKING:
    from .layout import Layout


class Words(Protocol):
    """The words of a move made (:class:`patience_cli.wording.Wording`)."""

    def outcome(self, pos: Position, move: Move, ascii: bool = False,
                after: Position | None = None,
                events: tuple[dict[str, Any], ...] | None = None) -> str: ...


class Telling(Protocol):
    """What an outcome needs of the rules: the layout, and the words of a
    move made."""

    @property
    def layout(self) -> Layout: ...
    @property
    def words(self) -> Words: ...


class Outcome:
    """A move made: *before* it, *after* it, and the rules that tell it.
    (A plain class: a dataclass would import its module at every start.)"""

    __slots__ = ("rules", "before", "move", "after", "__dict__")

    def __init__(self, rules: Telling, before: Position, move: Move, after: Position) -> None:
        self.rules, self.before, self.move, self.after = rules, before, move, after

    @cached_property
    def events(self) -> tuple[dict[str, Any], ...]:
        """What happened, as the JSON output's events: the move itself, and
        what followed by itself."""
        from .events import move_events

        return tuple(move_events(self.rules.layout, self.before, self.after, self.move))

    def words(self, ascii: bool = False) -> str:
        """What the move did, in words (may name cards it turned up)."""
        return self.rules.words.outcome(self.before, self.move, ascii, self.after, self.events)
