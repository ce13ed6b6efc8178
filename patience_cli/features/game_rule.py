"""The rule of one book's game where the book is truly singular: a feature
that one layout names (``rules = "fours"``), in its own module under
``patience_cli/games``.

A :class:`GameRule` is built, like every rule feature, from the engine it
answers, and is asked at the engine's hooks (:data:`HOOKS`): the questions a
book may answer in its own way (its deal, its own moves and their words,
when it is won or lost, how the solver orders its moves).  Each hook's
default here is the engine's own answer, so that a game overrides only what
its book changes and asks ``super()`` for the rest.  A layout that names no
module has this default rule: every question is the engine's.

It sits beside the layout's rule features, not among them: the engine asks
:attr:`Rules.game <patience_cli.engine.Rules.game>` at each hook, at the one
place of its order where the hook was always asked (before or after the
features, as :mod:`patience_cli.engine` says), so that a game's own words and
moves keep their place.  A game reads the engine through :attr:`rules` (its
piles, its moves, its words), never by inheritance.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import Card
from ..position import Move, Position

if TYPE_CHECKING:
    from ..layout import Layout

#: The hooks a game's rule may override (``layouts/README.md`` says what
#: each answers); a test holds every module to them and to the feature's points.
HOOKS = (
    "deal", "initial_extra",                          # the deal
    "available_cards",                                # which cards may be played
    "route_reason", "build_reason", "own_fits",       # where a card may go
    "own_ranks_taken",
    "extra_moves", "is_own_move", "extra_refusal",    # the game's own moves
    "play_own",
    "record", "settle",                               # after a move
    "deal_reason", "apply_deal",                      # a dealing step of its own
    "has_move", "lost_reason", "forced_move", "goal_reached",   # the status
    "solver_moves", "solver_key", "solutions",        # the solver
    "describe", "outcome", "listing", "deal_step_name", "won_reason",   # words
    "tallies",
)


class GameRule:
    """A game's own rules (the default: none, every answer the engine's)."""

    #: Whether the ``deal`` move exists in this game beside the layout's
    #: dealing steps (a game with a dealing step of its own says so).
    has_deal_step: ClassVar[bool] = False

    #: The engine, whole: a game's rule may ask it anything.  (Each game's
    #: module types it as ``rules: Engine``, importing the engine's class;
    #: this module, which the engine imports, cannot.)
    rules: Any

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def needs(self, index: int | None, what: str) -> int:
        """*index*, a pile this game cannot be played without (*what*: "a
        pack", "a talon"); a layout that lacks it is refused, in one line."""
        if index is None:
            from ..layout import LayoutError

            layout = self.rules.layout
            raise LayoutError(f"layouts/{layout.id}.toml: {layout.title} ({layout.rules!r}) "
                              f"needs {what}")
        return index

    def overrides(self, name: str) -> bool:
        """Whether this game answers hook *name* in its own way."""
        return getattr(type(self), name) is not getattr(GameRule, name)

    # ------------------------------------------------------------ the deal
    def deal(self, deck: Sequence[Card]) -> Position:
        """Hook: the lay-out of *deck* (top card first); by default the layout's."""
        return self.rules.lay_out(deck)

    def initial_extra(self, pos: Position) -> Position:
        """Hook: the position just dealt with what the game keeps in ``extra``."""
        return pos

    # ------------------------------------------------------------ which cards, where
    def available_cards(self, pos: Position, index: int) -> list[Card]:
        """Hook: the cards of pile *index* that may be played now."""
        return self.rules.layout_available(pos, index)

    def route_reason(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        """Hook: why a card of pile *src* may not go to pile *dst* at all,
        whatever it lands on, or None (by default, the features' routes say)."""
        return self.rules.refusals.features_route_reason(pos, src, dst, card)

    def build_reason(self, pos: Position, card: Card, dst: int) -> str | None:
        """Hook: why *card* may not go on pile *dst*, or None if it may (by
        default the layout's builds say).  A game that words builds of its
        own is asked the cheap yes or no through :meth:`own_fits`."""
        return self.rules.building.layout_build_reason(pos, card, dst)

    def own_fits(self, pos: Position, card: Card, dst: int) -> bool | None:
        """Hook (a game that words build rules of its own): whether *card* may
        go on pile *dst*, the cheap yes or no with no words made, or None where
        the layout's build decides.  Held to agree with :meth:`build_reason`
        (tests/test_invariants.py); unless a game says it here, the words are
        asked."""
        return self.build_reason(pos, card, dst) is None

    def own_ranks_taken(self, pos: Position, dst: int) -> frozenset[int] | None:
        """Hook (a game that words build rules of its own): the ranks pile
        *dst* may take now by all its rules, the move generator's quick look
        before ``fits`` (an empty set: none; every rank ``fits`` allows must be
        in it); None where the game gives none (every card is asked in full)."""
        return None

    # ------------------------------------------------------------ the game's own moves
    def extra_moves(self, pos: Position) -> Iterable[Move]:
        """Hook: the moves a game's book allows beyond the layout's rules (a
        privilege, a grace), each legal now.  The engine lists them with the
        others and accepts them; :meth:`extra_refusal` words a refusal."""
        return ()

    def is_own_move(self, pos: Position, move: Move) -> bool:
        """Hook: whether *move* is one of the game's own moves, open now.  By
        default, whether :meth:`extra_moves` lists it; a game that lists one
        of several moves alike answers for the others here."""
        return move in self.extra_moves(pos)

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        """Hook (words): why the rules refuse *move*, in the book's words, asked
        before the engine's own; None to let the engine answer.  It only words
        a refusal: it must never refuse a legal move (a test holds every game
        to this), since the cheap ``is_legal`` does not ask it."""
        return None

    def play_own(self, pos: Position, move: Move) -> Position | None:
        """Hook: the position after one of the game's own moves that does more
        than lay the top cards of one pile on another; None for the ordinary
        move."""
        return None

    # ------------------------------------------------------------ after a move
    def record(self, before: Position, move: Move, after: Position) -> Position:
        """Hook: *after* with what the game keeps in ``extra`` about the move
        just made; called before :meth:`settle`."""
        return after

    def settle(self, pos: Position) -> Position:
        """Hook: what happens by itself after the deal and after every move
        (by default the features': vacancies refilled at once)."""
        return self.rules.features_settle(pos)

    # ------------------------------------------------------------ a dealing step
    def deal_reason(self, pos: Position) -> str | None:
        """Hook: why the deal step is not open now, or None (by default the
        layout's dealing step that takes the turn says)."""
        return self.rules.step_deal_reason(pos)

    def apply_deal(self, pos: Position) -> Position:
        """Hook: the position after the deal step."""
        return self.rules.step_apply_deal(pos)

    # ------------------------------------------------------------ the status
    def has_move(self, pos: Position) -> bool:
        """Hook (status): whether any move is open, the game over or not."""
        return self.rules.standing.any_move(pos)

    def goal_reached(self, pos: Position) -> bool:
        """Hook (status): whether the game is won now where the book's goal is
        not every card on the foundations (Hope: every card of the chosen
        suit drawn out); by default, never."""
        return False

    def lost_reason(self, pos: Position) -> str:
        """Hook (status): why the game is lost, when no move is open."""
        return self.rules.standing.no_move_words(pos)

    def won_reason(self, pos: Position) -> str:
        """Hook (words): how the game came out, said when it is won."""
        return self.rules.standing.all_home_words(pos)

    def tallies(self, pos: Position) -> list[str]:
        """Hook (words): what the board's status line says beside the moves:
        what is left of the counted rules (redeals, new deals, graces), and
        in a game for two, whose turn it is."""
        return self.rules.standing.feature_tallies(pos)

    # ------------------------------------------------------------ the solver
    def forced_move(self, pos: Position) -> Move | None:
        """Hook: the move the rules force now, if any (``auto`` plays these)."""
        return self.rules.advice.rule_forced_move(pos)

    def solver_moves(self, pos: Position, moves: list[Move]) -> list[Move]:
        """Hook for the solver: the legal moves in the order to try them, best
        first; a game may drop moves that can never matter, never all that
        lead to a win."""
        return self.rules.advice.ordered_moves(pos, moves)

    def solver_key(self, pos: Position) -> Any:
        """Hook for the solver: what it remembers a position by, so that
        positions alike under the rules are searched once."""
        return self.rules.advice.position_key(pos)

    def solutions(self, pos: Position) -> list[tuple[str, list[Move]]] | None:
        """Hook (solver): a puzzle's every solution from *pos*, each named, with
        the moves that reach it (Caesar's eight magic squares); None for a game
        whose ``solve`` looks for one winning line."""
        return None

    # ------------------------------------------------------------ words
    def describe(self, pos: Position, move: Move, ascii: bool = False) -> str:
        """Hook: a move in words, said before it is made (reveals nothing)."""
        return self.rules.words.move_words(pos, move, ascii)

    def outcome(self, pos: Position, move: Move, ascii: bool = False,
                after: Position | None = None,
                events: tuple[dict[str, Any], ...] | None = None) -> str:
        """Hook: what *move* did, said after it is made (may name the cards it
        turned up)."""
        return self.rules.words.outcome_words(pos, move, ascii, after, events)

    def deal_step_name(self, pos: Position) -> str:
        """Hook: what the deal step will do, in words."""
        return self.rules.words.step_words(pos)

    def listing(self, pos: Position, moves: list[Move]) -> tuple[list[int], str | None]:
        """Hook: which of *moves* (by index) 'patience moves' shows, and a line
        summing up the rest; a game with a long run of alike moves says so."""
        return list(range(len(moves))), None


def game_rule_class(layout: Layout) -> type[GameRule]:
    """The game's own rule that *layout* names (``rules``): the default for
    ``standard``, else the ``RULES`` class of its module in ``patience_cli/games``."""
    if layout.rules == "standard":
        return GameRule
    try:
        module = importlib.import_module(f"patience_cli.games.{layout.rules}")
        found: type[GameRule] = module.RULES
    except (ModuleNotFoundError, AttributeError):
        from ..layout import LayoutError

        raise LayoutError(f"layouts/{layout.id}.toml: rules: {layout.rules!r} is neither "
                          "'standard' nor a module of patience_cli/games with RULES") from None
    return found
