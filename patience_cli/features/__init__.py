"""The rule features of the layout vocabulary, one module each.

:data:`FEATURES` lists them in the order the core asks them at each point of
the protocol (:mod:`.feature`); a game's layout builds those it names.
``layouts/README.md`` maps each layout key to its feature.
"""

from __future__ import annotations

from .bottom_to_top import BottomToTop
from .claims import FirstClaims, FoundationsFirst
from .cleared import ClearedPackets
from .deal_to import DealTo
from .face_turning import FaceTurning
from .feature import DealStep, Feature, Rules
from .grace import Grace
from .holds import Holds
from .onto_latest import OntoLatest
from .refills import PackFill, RefillAtDeal, RefillAtOnce
from .regather import Regather
from .routes import Routes
from .rows import ProgressiveRows
from .scoring import Scoring
from .talon import Talon

#: Every feature, in the order the core asks them at each point.
FEATURES: tuple[type[Feature], ...] = (
    RefillAtOnce, FirstClaims, FoundationsFirst, Holds, OntoLatest, Routes,
    PackFill, Grace, FaceTurning, Scoring, ClearedPackets,
    ProgressiveRows, RefillAtDeal, DealTo, BottomToTop, Regather, Talon,
)

#: The dealing steps, in the order they are asked: the first that takes the
#: turn deals (vacancies waiting for the deal before anything else; the
#: talon last).
DEAL_STEPS: tuple[type[DealStep], ...] = (
    ProgressiveRows, RefillAtDeal, OntoLatest, DealTo, BottomToTop, Regather, Talon)


def build_features(rules: Rules) -> tuple[Feature, ...]:
    """The features *rules*' layout names, in :data:`FEATURES` order."""
    return tuple(f for f in (kind.build(rules) for kind in FEATURES) if f is not None)


def deal_steps(features: tuple[Feature, ...]) -> tuple[DealStep, ...]:
    """The dealing steps among *features*, in :data:`DEAL_STEPS` order."""
    return tuple(f for kind in DEAL_STEPS for f in features if type(f) is kind)


__all__ = ["DEAL_STEPS", "FEATURES", "DealStep", "Feature", "build_features", "deal_steps"]
