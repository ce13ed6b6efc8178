"""Refusals: why a move is illegal, in the book's words.

A part of :class:`patience_cli.engine.Rules` (``rules.refusals``), asking the
engine only what :class:`RefusingRules` names.  The words are made only for
a refusal: the cheap yes or no is :meth:`Rules.is_legal`, and a test holds
the two to agree.  Each rule feature words its own refusals
(:mod:`patience_cli.features.feature`); the core words the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .cards import Card
from .layout import PileSpec, Role
from .position import DEAL, Move, MoveKind, Position, Refusal, Status

if TYPE_CHECKING:
    from .building import Building
    from .features import Feature
    from .features.game_rule import GameRule


class RefusingRules(Protocol):
    """What the refusals ask of the engine."""

    specs: tuple[PileSpec, ...]
    features: tuple[Feature, ...]
    placed_by: dict[int, Feature]
    has_deal_step: bool
    game: GameRule
    building: Building

    def status(self, pos: Position) -> tuple[Status, str]: ...
    def is_legal(self, pos: Position, move: Move) -> bool: ...
    def available_cards(self, pos: Position, index: int) -> list[Card]: ...
    def run_lengths(self, pos: Position, index: int) -> range: ...
    def one_card_leaves(self, pos: Position, src: int) -> bool: ...
    def deal_reason(self, pos: Position) -> str | None: ...


class Refusals:
    """Why a move is refused (``rules.refusals``)."""

    def __init__(self, rules: RefusingRules) -> None:
        self.rules = rules
        self.specs = rules.specs
        self.features = rules.features
        self.placed_by = rules.placed_by

    def move_reason(self, pos: Position, move: Move) -> str | None:
        """Why *move* is illegal, in the book's terms, or None if legal; a
        :class:`Refusal` whose topics name the rule it enforces, and whose
        move instead, where it names one, is legal (a suggestion the game
        would then refuse is dropped here, whichever rule made it)."""
        why, topics = self._refusal_and_topics(pos, move)
        if why is None:
            return None
        instead = getattr(why, "instead", None)
        if instead is not None and not self.rules.is_legal(pos, instead):
            instead = None
        if not topics and instead is getattr(why, "instead", None):
            return why
        return Refusal(why, instead, topics)

    def _refusal_and_topics(self, pos: Position, move: Move
                            ) -> tuple[str | None, tuple[str, ...]]:
        """:meth:`move_reason`'s words, and the topics of the rule they give:
        ``deal``, ``free:GROUP`` (which cards may leave a pile),
        ``empty:GROUP`` and ``build:GROUP`` (what a pile takes), a feature's
        ``TOPIC:GROUP`` and ``TOPIC``; none for what no rule of the game says
        (the game is over, a pile is empty, a move that is no move)."""
        status, over = self.rules.status(pos)
        if status is not Status.PLAYING:
            return f"the game is over: {over}", ()
        if self.rules.game.is_own_move(pos, move) or any(f.owns(pos, move) for f in self.features):
            return None, ()
        own = self.rules.game.extra_refusal(pos, move)
        if own is not None:
            return own, ()  # a game's own words cite its own rules
        if move.kind == "deal":
            for f in self.features:
                why = f.deal_refusal(pos)
                if why is not None:
                    return why, (*_about(f, "deal"), "deal")
            # (a game without a dealing step has no rule of dealing to cite)
            return self.rules.deal_reason(pos), ("deal",) * self.rules.has_deal_step
        if move.kind == "remove":
            for f in self.features:
                why = f.removal_refusal(pos, move)
                if why is not None:  # (words may name a more particular rule)
                    return why, (*getattr(why, "topics", ()), *_about(f))
            return "nothing is put out in this game by taking cards up together", ()
        if move.kind != "move" or move.src is None or move.dst is None:
            return "that is not a move of this game", ()
        src, dst = self.specs[move.src], self.specs[move.dst]
        taking = f"free:{src.group}"
        if move.src == move.dst:
            return "a card cannot move to the pile it is on", ()
        if src.role is Role.FOUNDATION:
            for f in self.features:
                why = f.refusal(pos, move) if f.from_foundations else None
                if why is not None:
                    return why, (*_about(f, src.group, dst.group),)
        if src.role in (Role.FOUNDATION, Role.DISCARD, Role.DECORATION) or src.available == "none":
            what = "the foundations" if src.role is Role.FOUNDATION else src.the_ref
            return f"cards on {what} stay there", ()  # what a foundation is, in every book
        if src.role is Role.STOCK:
            for f in self.features:
                why = f.stock_refusal(pos, move)
                if why is not None:
                    return why, (*_about(f, src.group, dst.group), "deal")
            if self.rules.has_deal_step:
                return Refusal(f"{src.the_ref} is dealt, not played from", DEAL), ("deal",)
            return f"{src.the_ref} is dealt, not played from (there is no dealing step)", \
                ("deal",)
        placing = (f"empty:{dst.group}",) * (not pos.piles[move.dst]) + (f"build:{dst.group}",)
        if dst.build is None and move.dst not in self.placed_by:
            placing = ()  # the pack, a talon, a pile for show: nothing is ever placed there
        if dst.role is Role.RESERVE and dst.build is None and move.dst not in self.placed_by:
            return f"cards cannot be returned to {dst.the_ref}", placing
        if not pos.piles[move.src]:
            return f"{src.the_ref} is empty", ()
        available = self.rules.available_cards(pos, move.src)
        if move.card is not None:
            if move.card not in available:
                if move.card in pos.piles[move.src][pos.down[move.src]:]:
                    shown = pos.piles[move.src]
                    which = "the top card" if len(available) < 2 else \
                        "the first and the last card" if available == [shown[0], shown[-1]] \
                        else "the " + " and the ".join(str(c) for c in available)
                    why = (f"the {move.card} is not available: only {which} of "
                           f"{src.the_ref} may be played")
                    for f in self.features:
                        more = f.unavailable_words(pos, move.src)
                        if more is not None:
                            why += more
                    return why, (taking,)
                return unseen(pos, move.src, move.card, src), ()
            card = move.card
        elif not available:
            return f"no card of {src.the_ref} is available", (taking,)
        else:
            card = available[-1]
        if move.count != 1:
            why = self.count_reason(pos, move)
            leaves = self.specs[move.dst].role is not Role.FOUNDATION and \
                move.count in self.rules.run_lengths(pos, move.src)
            return why, (placing if leaves else (taking,))
        if dst.role is not Role.FOUNDATION and not self.rules.one_card_leaves(pos, move.src):
            n = len(pos.piles[move.src]) - pos.down[move.src]
            return Refusal(f"the {n} face-up cards of {src.the_ref} move together or not at "
                           "all", Move(MoveKind.MOVE, move.src, move.dst, n)), (taking,)
        for f in self.features:
            why = f.refusal(pos, move)
            if why is not None:
                return why, _about(f, dst.group, src.group)
            if f.verdict(pos, move):  # allowed whatever the routes and builds say
                return None, ()
        route = self.route_reason(pos, move.src, move.dst, card)
        if route is not None:
            router = next((f for f in self.features if f.restricts_routes), None)
            # a vacancy filled from elsewhere: the rule that says how it is refilled first
            refilled = ("refill:" + dst.group, "refill") \
                if dst.refill is not None and not pos.piles[move.dst] else ()
            return route, (*refilled, *_about(router, dst.group, src.group), *placing)
        return self.rules.building.build_reason(pos, card, move.dst), placing

    def route_reason(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        """Why a card of pile *src* may not go to pile *dst* at all, whatever it
        lands on (a book's rule on where cards may travel), or None: the
        game's rule says (by default :meth:`features_route_reason`)."""
        return self.rules.game.route_reason(pos, src, dst, card)

    def features_route_reason(self, pos: Position, src: int, dst: int,
                              card: Card) -> str | None:
        """Why the features' route rules forbid a card of *src* to go to *dst*."""
        for f in self.features:
            if f.restricts_routes:
                why = f.route_refusal(pos, src, dst, card)
                if why is not None:
                    return why
        return None

    def count_reason(self, pos: Position, move: Move) -> str | None:
        """Why *move.count* cards may not leave together (a run move)."""
        src, dst = move.src, move.dst
        assert src is not None and dst is not None, "a run move names its two piles"
        spec = self.specs[src]
        if spec.move == "top":
            return f"only one card moves at a time from {spec.the_ref}"
        runs = self.rules.run_lengths(pos, src)
        if move.count not in runs and runs[-1] == 1:
            return (f"{spec.the_ref} has one card that may move: {move.count} cannot move "
                    "together")
        if move.count not in runs and spec.move == "whole-run":
            return Refusal(f"the {runs[-1]} face-up cards of {spec.the_ref} move together or "
                           "not at all", Move(MoveKind.MOVE, src, dst, runs[-1])
                           if runs[-1] > 1 else None)
        if move.count not in runs:
            what = "face-up cards" if spec.move == "face-up-run" else "cards in sequence"
            return (f"{spec.the_ref} has {runs[-1]} {what} at its top: {move.count} cannot "
                    "move together")
        if self.specs[dst].role is Role.FOUNDATION:
            return "cards go to the foundations one at a time"
        if spec.move == "run-to-vacancy" and pos.piles[dst]:
            return ("a sequence moves together only into a vacant place; onto a card, one "
                    "card at a time")
        base = pos.piles[src][-move.count]
        return self.route_reason(pos, src, dst, base) or \
            self.rules.building.build_reason(pos, base, dst)


def unseen(pos: Position, src: int, card: Card, spec: PileSpec) -> str:
    """Why *card*, named with pile *src*, is not there to be played: the same
    words whether it lies face down there or elsewhere (nothing hidden is told)."""
    if pos.down[src]:
        return f"the {card} is not among the face-up cards of {spec.the_ref}"
    return f"the {card} is not in {spec.the_ref}"


def _about(feature: Feature | None, *groups: str) -> tuple[str, ...]:
    """A feature's topics for a refusal about *groups* (its topic with each
    group, then alone); none for a feature that names no topic."""
    topic = getattr(feature, "topic", None)
    if topic is None:
        return ()
    return (*(f"{topic}:{g}" for g in groups), topic)
