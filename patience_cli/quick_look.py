"""The move generator's quick look: the ranks each pile takes now, asked
before the full rules of :mod:`patience_cli.building` (:meth:`Building.fits`).

A part of :class:`patience_cli.engine.Rules` (``rules.look``, beside
:class:`~patience_cli.building.Building`, whose plain builds it reads).  For
each pile the move generator looks at, :meth:`QuickLook._takers` says which
ranks it takes now (None: any) and what else a card needs (its suit, its
colour, or the full rules); a card of another rank is not asked at all.  A
quick look may name more ranks than the rules take, never fewer: the
invariant tests hold it to :meth:`Building.fits` in every game.  Where the
rules are not plain, it asks the rule feature that places the cards
(``Feature.ranks_placed``), or the game that words its own builds (its rule's
``own_ranks_taken``, which may answer with the layout's own quick look,
:meth:`QuickLook.layout_ranks_taken`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .cards import Card
from .layout import FIRST, Build, Role
from .position import Position

if TYPE_CHECKING:
    from .building import Building, BuiltRules

NO_RANKS: frozenset[int] = frozenset()
#: What a pile takes now, for the move generator: (pile, ranks, how, like);
#: see :meth:`QuickLook.takers`.
Taker = tuple[int, frozenset[int] | None, str | None, Any]


def _plain_ranks(plain: tuple, pile: Sequence[Card]) -> frozenset[int] | None:
    """The ranks a pile of plain build *plain* holding *pile* takes (None: any)."""
    empty, until, _, steps, wrap = plain
    if not pile:
        return NO_RANKS if empty is None else None if empty == 0 else frozenset((empty,))
    top = pile[-1].rank
    return NO_RANKS if top == until else ranks_after(top, steps, wrap)


@functools.cache
def ranks_after(rank: int, steps: frozenset[int], wrap: bool) -> frozenset[int]:
    """The ranks a plain build takes on a card of *rank* (found once each)."""
    return frozenset(((rank + s - 1) % 13 + 1) if wrap else rank + s for s in steps)


@functools.cache
def _one_rank(rank: int) -> frozenset[int]:
    return frozenset((rank,))


class QuickLook:
    """The quick look (``rules.look``), reading *building*'s plain builds."""

    def __init__(self, rules: BuiltRules, building: Building) -> None:
        self.specs, self.placed_by, self.game = rules.specs, rules.placed_by, rules.game
        self._worded = building.worded
        self._plain, self._plain_later = building.plain_builds, building.plain_later
        self._layout_plain, self._loose_plain = building.layout_plain, building.loose_plain
        self._plain_now = building.plain_now
        self.building = building

    def layout_ranks_taken(self, pos: Position, dst: int) -> frozenset[int] | None:
        """The ranks pile *dst*'s build as the layout says it takes now, for a
        game's :meth:`own_ranks_taken` where its own rules take no more than
        the layout's (none for a pile without a build; None where the build
        is not plain)."""
        if self.specs[dst].build is None:
            return NO_RANKS
        plain = self._layout_plain[dst]
        return None if plain is None else _plain_ranks(plain, pos.piles[dst])

    def takers(self, pos: Position, dsts: list[int]) -> list[Taker]:
        """What each pile of *dsts* takes now, for the move generator:
        ``(pile, ranks, how, like)``, where *ranks* are the ranks it takes
        (None: any), and *how* says what else a card needs: None nothing
        more, ``same`` the suit *like*, ``alternate`` a colour other than
        *like*, ``fits`` the full rules (:meth:`fits`).  A pile that takes
        nothing now is left out.  (None as both ranks and how: an empty pile
        that takes any card.)"""
        out: list[Taker] = []
        for dst in dsts:
            plain = self._plain[dst]
            pile = pos.piles[dst]
            if plain is None:
                placer = self.placed_by.get(dst)
                if placer is not None:  # laid on by a feature's rule: its quick look
                    ranks = placer.ranks_placed(pos, dst)
                    if ranks is None or ranks:
                        out.append((dst, ranks, "fits", None))
                    continue
                loose = self._loose_plain[dst]
                if loose is not None:  # (a lone first card that takes any card: in full)
                    build = self.specs[dst].build
                    ranks = None if len(pile) == 1 and build is not None and build.alone \
                        else _plain_ranks(loose, pile)
                    if ranks is None or ranks:
                        out.append((dst, ranks, "fits", None))
                    continue
                if self._worded:  # the game's own quick look, where it gives one
                    ranks = self.game.own_ranks_taken(pos, dst)
                    if ranks is not None:
                        if ranks:
                            out.append((dst, ranks, "fits", None))
                        continue
                later = self._plain_later[dst]
                build = self.specs[dst].build
                if build is not None and build.step_by is not None and not self._worded:
                    order = self.building.step_order(pos, self.specs[dst])  # (climbing by a card's rank)
                    if len(pile) < len(order):
                        out.append((dst, _one_rank(order[len(pile)]), "fits", None))
                    continue
                if later == "sequence" and build is not None and \
                        (pile or not build.distinct_suits):  # empty, of suits all different: fits
                    taker = self._sequence_taker(build, dst, pile)
                    if taker is not None:
                        out.append(taker)
                    continue
                plain = self._plain_now(pos, dst) if later == "decided" else None
                if plain is None:
                    out.append((dst, self._first_rank(pos, dst) if later == "decided"
                                and not pile else None, "fits", None))
                    continue
            empty, until, suit, steps, wrap = plain
            if not pile:
                if empty is not None:
                    out.append((dst, None if empty == 0 else frozenset((empty,)), None, None))
                continue
            top = pile[-1]
            if top.rank == until:
                continue
            ranks = ranks_after(top.rank, steps, wrap)
            if suit == "same":
                out.append((dst, ranks, "same", top.suit))
            elif suit == "alternate":
                out.append((dst, ranks, "alternate", top.colour))
            else:
                out.append((dst, ranks, None, None))
        return out

    def _first_rank(self, pos: Position, dst: int) -> frozenset[int] | None:
        """The one rank an empty foundation (or a pile begun by its base)
        of a build decided by the deal takes, where :meth:`_plain_now` leaves
        it to :meth:`fits` (its group's suits must all differ: the Herring-Bone's
        foundations); None where any rank may do, or none is known yet."""
        spec = self.specs[dst]
        build = spec.build
        assert build is not None
        if spec.role is not Role.FOUNDATION and build.empty != "base":
            return None
        if build.base == FIRST:
            build = self.building.decided(pos, spec)
        return _one_rank(build.base) if build.base else None

    @staticmethod
    def _sequence_taker(build: Build, dst: int, pile: Sequence[Card]) -> tuple | None:
        """What a pile built in a set order of ranks takes now (see
        :meth:`_takers`): the next rank of its order, in its suit rule."""
        order = build.sequence or ()
        n = len(pile)
        if n >= len(order):
            return None
        ranks = _one_rank(order[n])
        if not pile or build.suit not in ("same", "alternate"):
            return (dst, ranks, None, None)
        top = pile[-1]
        return (dst, ranks, build.suit, top.suit if build.suit == "same" else top.colour)

    def ranks_taken(self, pos: Position, dst: int) -> frozenset[int] | None:
        """The ranks pile *dst* takes now, for a quick look before
        :meth:`fits`: an empty set where it takes none, None where any rank
        may do (an empty pile that takes any card, or a pile whose rules say
        more than a rank)."""
        takers = self.takers(pos, [dst])
        return takers[0][1] if takers else frozenset()

    def ranks_taken_by(self, pos: Position,
                       dsts: Sequence[int]) -> list[tuple[int, frozenset[int] | None]]:
        """:meth:`ranks_taken` for several piles at once: each pile of *dsts*
        that takes a card now, in their order, with the ranks it takes (None:
        any); the piles that take none are left out."""
        return [(taker[0], taker[1]) for taker in self.takers(pos, list(dsts))]
