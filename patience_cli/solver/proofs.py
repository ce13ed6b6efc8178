"""The solver's own proofs of loss, built from what a game's rules provide
(:attr:`Feature.provides <patience_cli.features.feature.Feature.provides>`),
never from their classes: the suits that cannot unwind where the foundations
are formed at the end (:mod:`.suits_unwind`), the pack's order where only the
card just turned may be played (:mod:`.turned_order`), and whole sets where
crowned sets are put out (:mod:`.whole_sets`).  Each answers as a rule's
``not_lost`` does: the moves after which the game is not yet proved lost.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from ..engine import Move, Position, Rules
from .suits_unwind import SuitsUnwind
from .turned_order import TurnedOrder
from .whole_sets import WholeSets

Prover = Callable[[Position, list[Move]], list[Move]]

_UNWINDS: weakref.WeakKeyDictionary[Rules, SuitsUnwind | None] = weakref.WeakKeyDictionary()


def formed_proof(rules: Rules) -> SuitsUnwind | None:
    """The proof of the foundations formed at the end, where the game has the
    shape it reads (else None), made once for *rules*."""
    if rules not in _UNWINDS:
        _UNWINDS[rules] = SuitsUnwind.build(rules) \
            if rules.providing("formed-at-end") is not None else None
    return _UNWINDS[rules]


def turned_order(rules: Rules) -> Prover | None:
    """The proof from the pack's order, where only the card just turned may
    be played and no other rule adds a move (beside the talon's deal, only a
    card that fits placed as it is turned)."""
    turned = rules.providing("turned-card")
    if turned is None or not all(f.provides & {"talon", "turned-card", "turn-safe"}
                                 for f in rules.features):
        return None
    proof = TurnedOrder.of(rules, turned.stock, turned.talon)
    if proof is None:
        return None
    return lambda pos, moves: proof.not_lost(pos, moves, turned.spent(pos))


def whole_sets(rules: Rules) -> WholeSets | None:
    """The proof of whole sets, where crowned sets are put out."""
    crowned = rules.providing("crowned")
    return None if crowned is None else WholeSets(crowned)


def provers(rules: Rules) -> tuple[Prover, ...]:
    """Every proof of loss of the solver's own that *rules* admit."""
    found: list[Prover] = []
    proof = formed_proof(rules)
    if proof is not None:
        found.append(lambda pos, moves: [] if proof.lost(pos) else moves)
    turned = turned_order(rules)
    if turned is not None:
        found.append(turned)
    sets = whole_sets(rules)
    if sets is not None:
        found.append(sets.not_lost)
    return tuple(found)
