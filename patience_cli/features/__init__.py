"""The rule features of the layout vocabulary, one module each.

:data:`FEATURES` lists them in the order the core asks them at each point of
the protocol (:mod:`.feature`), each with a quick look at a layout that says
whether it names the feature: a feature's module is imported only for a
layout that names it (a command pays only for the rules of its game).  The
feature's own ``build`` has the last word.  ``layouts/README.md`` maps each
layout key to its feature.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..layout import Layout, Role

if TYPE_CHECKING:  # the protocol's module is imported when a game names a feature
    from ..position import Position
    from .feature import DealStep, Feature, Rules


def _refill(when: str) -> Callable[[Layout], bool]:
    return lambda layout: any(p.refill is not None and p.refill.when == when
                              for p in layout.piles)


def _stock(layout: Layout) -> int:
    return sum(1 for p in layout.piles if p.role is Role.STOCK)


class Entry(NamedTuple):
    """A registry line: the rule's module and class, whether a layout names
    it (a quick look: the class's own ``build`` has the last word), and, for
    a dealing step, its place in the order the steps are asked (the first
    that takes the turn deals: vacancies waiting for the deal before anything
    else, the talon last)."""

    module: str
    name: str
    named: Callable[[Layout], bool]
    deals: int | None = None


#: Every feature, in the order the core asks them at each point.
FEATURES: tuple[Entry, ...] = (
    Entry("as_they_appear", "AsTheyAppear", lambda layout: any(p.as_they_appear
                                                          for p in layout.piles)),
    Entry("refills", "RefillAtOnce", _refill("at-once")),
    Entry("base_choice", "BaseChoice", lambda layout: layout.play.choose_base is not None),
    Entry("claims", "FirstClaims", lambda layout: any(
        p.first_claim and p.role is not Role.FOUNDATION for p in layout.piles)),
    Entry("claims", "FoundationsFirst", lambda layout: any(
        p.first_claim and p.role is Role.FOUNDATION for p in layout.piles)),
    Entry("holds", "Holds", lambda layout: layout.play.hold is not None),
    Entry("formed_at_end", "FormedAtEnd", lambda layout: any(p.formed for p in layout.piles)),
    Entry("hemispheres", "Hemispheres", lambda layout: layout.play.hemispheres is not None),
    Entry("onto_latest", "OntoLatest", lambda layout: layout.play.onto_latest is not None, deals=12),
    Entry("routes", "Routes", lambda layout: any(
        p.accepts_from is not None or p.refill is not None or p.second_to is not None
        for p in layout.piles)),
    Entry("refills", "PackFill", lambda layout: _refill("player")(layout) and _stock(layout) == 1),
    Entry("grace", "Grace", lambda layout: layout.play.grace is not None),
    Entry("exchange", "Exchange", lambda layout: layout.play.exchange is not None),
    Entry("change_places", "ChangePlaces", lambda layout: layout.play.change_places is not None),
    Entry("pairs", "Pairs", lambda layout: layout.play.pairs is not None),
    Entry("pairs", "ExtraCard", lambda layout: layout.play.pairs is not None
     and layout.play.pairs.extra is not None, deals=5),
    Entry("pairs", "ReservePackets", lambda layout: layout.play.pairs is not None
     and layout.play.pairs.reserve is not None, deals=6),
    Entry("triples", "CoveredTriples", lambda layout: layout.play.pairs is not None
     and bool(layout.play.pairs.triple)),
    Entry("count", "CalledCount", lambda layout: layout.play.count is not None, deals=8),
    Entry("travel", "Travellers", lambda layout: layout.play.travel is not None, deals=9),
    Entry("between", "Between", lambda layout: layout.play.between is not None, deals=10),
    Entry("crowned", "CrownedSets", lambda layout: layout.play.crowned is not None),
    Entry("packet_redeal", "PacketRedeal", lambda layout: layout.play.redeal_packets is not None, deals=11),
    Entry("face_turning", "FaceTurning", lambda layout: any(
        p.face in ("top-up", "alternate") for p in layout.piles)),
    Entry("scoring", "Scoring", lambda layout: layout.play.score is not None),
    Entry("look_ahead", "LookAhead", lambda layout: layout.play.look_ahead is not None),
    Entry("cleared", "ClearedPackets", lambda layout: any(
        p.build is not None and p.build.alone == "cleared" for p in layout.piles)),
    Entry("placing", "PlacedRounds", lambda layout: layout.play.placing is not None, deals=7),
    Entry("rows", "ProgressiveRows", lambda layout: layout.play.rows is not None
     and layout.play.rows.group is not None
     and layout.play.rows.refill not in ("current", "none"), deals=1),
    Entry("open_rows", "OpenRows", lambda layout: layout.play.rows is not None
     and layout.play.rows.group is not None and layout.play.rows.refill in ("current", "none"), deals=2),
    Entry("rows", "ProgressiveCircles", lambda layout: layout.play.rows is not None
     and bool(layout.play.rows.groups), deals=3),
    Entry("refills", "RefillAtDeal", _refill("deal"), deals=4),
    Entry("deal_to", "DealTo", lambda layout: layout.play.deal_to is not None
     or bool(layout.play.deal_slots), deals=13),
    Entry("bottom_to_top", "BottomToTop", lambda layout: layout.play.bottom_to_top is not None, deals=14),
    Entry("regather", "Regather", lambda layout: layout.play.regather is not None, deals=15),
    Entry("talon", "TurnedCard", lambda layout: any(
        p.role is Role.TALON and p.available == "turned" for p in layout.piles)),
    Entry("talon", "Talon", lambda layout: _stock(layout) == 1 and sum(
        1 for p in layout.piles if p.role is Role.TALON) == 1, deals=16),
)

#: The dealing steps, in the order they are asked (their registry lines' ``deals``).
DEAL_STEPS: tuple[str, ...] = tuple(
    e.name for e in sorted((e for e in FEATURES if e.deals is not None),
                           key=lambda e: e.deals or 0))

_MODULES = {e.name: e.module for e in FEATURES}


def feature_class(name: str) -> type[Feature]:
    """The feature class called *name* (its module imported now)."""
    return getattr(importlib.import_module(f"{__name__}.{_MODULES[name]}"), name)


def all_features() -> list[type[Feature]]:
    """Every feature class, in :data:`FEATURES` order (every module imported)."""
    return [feature_class(e.name) for e in FEATURES]


def build_features(rules: Rules) -> tuple[Feature, ...]:
    """The features *rules*' layout names, in :data:`FEATURES` order."""
    built = (feature_class(e.name).build(rules) for e in FEATURES if e.named(rules.layout))
    return tuple(f for f in built if f is not None)


def answering(features: tuple[Feature, ...], point: str) -> tuple[Feature, ...]:
    """The features that answer at *point* of the protocol (those overriding it)."""
    if not features:
        return ()
    from .feature import overrides  # imported for a game that names a feature

    return tuple(f for f in features if overrides(f, point))


def settled(settlers: tuple[Feature, ...], pos: Position) -> Position:
    """*pos* once the features that act by themselves (:meth:`Feature.settle`)
    have acted, in turn, until none changes it: a card laid by one may let
    another act (a vacancy refilled with a knave that goes up at once)."""
    while True:
        before = pos
        for f in settlers:
            pos = f.settle(pos)
        if pos == before or len(settlers) < 2:
            return pos


def deal_steps(features: tuple[Feature, ...]) -> tuple[DealStep, ...]:
    """The dealing steps among *features*, in :data:`DEAL_STEPS` order."""
    if not features:
        return ()
    from .feature import DealStep

    return tuple(f for name in DEAL_STEPS for f in features
                 if isinstance(f, DealStep) and type(f).__name__ == name)


def __getattr__(name: str) -> Any:
    """A feature class by its name (``from patience_cli.features import Grace``),
    or a name of the protocol (``Feature``, ``DealStep``)."""
    if name in _MODULES:
        return feature_class(name)
    if name in ("Feature", "DealStep", "Rules", "overrides"):
        return getattr(importlib.import_module(f"{__name__}.feature"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DEAL_STEPS", "FEATURES", "Entry", "DealStep", "Feature", "all_features", "answering",
           "build_features", "deal_steps", "feature_class", "settled"]
