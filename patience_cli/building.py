"""Building: whether a card may go on a pile by the pile's build, and why not.

A part of :class:`patience_cli.engine.Rules` (``rules.building``), asking the
engine only what :class:`BuiltRules` names.  :meth:`Building.fits` is the
cheap yes or no the move generator asks; :meth:`Building.build_reason` words
a refusal; a game that words its own build rules (its rule overriding
``build_reason``) is asked through them, unless its ``own_fits`` answers the
yes or no without words.  A pile that
a rule feature lays cards on by its own rule (a place aside) is answered by
that feature.  The move generator's quick look before :meth:`Building.fits`
(the ranks each pile takes now) is :mod:`patience_cli.quick_look`'s.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .cards import PACK_RANKS, RANK_NOUN, Card, parse_card
from .layout import FIRST, Build, PileSpec, Role, sequence_text
from .position import Position

if TYPE_CHECKING:
    from .features import Feature
    from .features.game_rule import GameRule
    from .layout import Layout


class BuiltRules(Protocol):
    """What the building rules ask of the engine."""

    layout: Layout
    specs: tuple[PileSpec, ...]
    group_piles: dict[str, tuple[int, ...]]
    target_groups: tuple[tuple[int, ...], ...]
    placed_by: dict[int, Feature]
    game: GameRule

    def providing(self, capability: str) -> Any: ...


@functools.cache
def stepped_order(step: int) -> tuple[int, ...]:
    """The ranks of a pile climbing by *step* (``build.step_by``): double
    the step, then on by it, thirteen taken off where a sum passes it, to
    the king (by three: 6 9 Q 2 5 8 J A 4 7 10 K)."""
    order = []
    k = 2
    while True:
        rank = (k * step - 1) % 13 + 1
        order.append(rank)
        if rank == 13:
            return tuple(order)
        k += 1


def in_sequence(build: Build, card: Card, top: Card) -> bool:
    """Whether *card* may go on *top* by *build*: the cheap yes or no;
    :meth:`sequence_reason` words a refusal."""
    if build.suit == "same" and card.suit != top.suit:
        return False
    if build.suit == "alternate" and card.colour == top.colour:
        return False
    step = card.rank - top.rank
    if build.wrap:
        step = (step + 13) % 13
        up = step == build.step % 13
        down = step == (13 - build.step) % 13
    else:
        up, down = step == build.step, step == -build.step
    return (up and build.direction in ("up", "up-or-down")) or \
        (down and build.direction in ("down", "up-or-down"))


class Building:
    """The build rules of the layout's piles (``rules.building``)."""

    def __init__(self, rules: BuiltRules) -> None:
        """Found once: whether the game words its own builds, each pile's
        plain build, and the piles the move generator looks at."""
        self.rules = rules
        self.layout, self.specs, self.group_piles = rules.layout, rules.specs, rules.group_piles
        self.placed_by = rules.placed_by
        self.game = rules.game
        #: the rule that keeps which lone kings have been cleared down to themselves
        self._clearing = rules.providing("cleared")
        #: whether the game words build rules of its own
        self.worded = self.game.overrides("build_reason")
        #: each ``step_by`` pile's pile of the card it climbs by (found when first asked)
        self._step_piles: dict[int, int | None] = {}
        #: each (pile, first rank) pair's build as decided by the deal (see :meth:`decided`)
        self._decided: dict[tuple[int, int], Build] = {}
        #: piles whose build the layout says plainly: their fits() is a few
        #: comparisons, set out once here (None: the full rules)
        self._plain: tuple[tuple | None, ...] = tuple(
            self._plain_build(p, self.worded) for p in self.specs)
        #: the same as the layout says it, whether or not the game words builds
        #: of its own (for the quick look's :meth:`QuickLook.layout_ranks_taken`)
        self.layout_plain = tuple(self._plain_build(p, False) for p in self.specs) \
            if self.worded else self._plain
        #: piles whose build is plain but for a rule that narrows it (``one_way``:
        #: a run keeps its way) or a lone first card that takes any card
        #: (``alone``, the Salic Law's kings): their build without it as a plain
        #: build, for the quick look
        self.loose_plain = tuple(
            self._plain_build(p, self.worded, p.build._replace(alone=False, one_way=False))
            if p.build is not None and (p.build.alone or p.build.one_way) else None
            for p in self.specs)
        #: piles whose build is plain once the position is known: "sequence"
        #: (a set order of ranks), "decided" (a base or end the deal decides,
        #: or suits all different: plain once the pile has a card), else None
        self.plain_later: tuple[str | None, ...] = tuple(self._later_kind(p) for p in self.specs)
        #: each (pile, build as decided)'s plain build, found when first asked
        self._plain_decided: dict[tuple[int, Build], tuple] = {}
        if not self.worded:
            # a pile the layout gives no build never takes a card by its rules:
            # the move generator need not look at it (a feature's places may)
            self.build_targets = tuple(
                tuple(i for i in g if self.specs[i].build is not None or i in self.placed_by)
                for g in rules.target_groups)
        else:
            self.build_targets = rules.target_groups

    @property
    def plain_builds(self) -> tuple[tuple | None, ...]:
        """Each pile's build where the layout says it plainly: (what an empty
        pile takes: a rank, 0 for any card or None for none; the rank it ends
        with; its suit rule; the rank steps a card may make from the top;
        whether it turns the corner), else None (see :meth:`fits`)."""
        return self._plain

    def plain_build_now(self, pos: Position, dst: int) -> tuple | None:
        """Pile *dst*'s build in *pos* as a plain build (see :meth:`plain_builds`),
        where it is one: as the layout says it, or once the deal or the pile's
        first card has decided it; else None."""
        plain = self._plain[dst]
        if plain is None and self.plain_later[dst] == "decided":
            plain = self.plain_now(pos, dst)
        return plain

    def fits(self, pos: Position, card: Card, dst: int) -> bool:
        """Whether *card* may go on pile *dst*: the cheap yes or no, with no
        words made (:meth:`build_reason` words a refusal).  A game that
        words its own build rules answers through :meth:`own_fits` (by
        default: through its words)."""
        plain = self._plain[dst]
        if plain is None and self.plain_later[dst] == "decided":
            plain = self.plain_now(pos, dst)
        if plain is not None:
            pile = pos.piles[dst]
            empty, until, suit, steps, wrap = plain
            if not pile:
                return empty is not None and (empty == 0 or card.rank == empty)
            top = pile[-1]
            if top.rank == until or (suit == "same" and card.suit != top.suit) or \
                    (suit == "alternate" and card.colour == top.colour):
                return False
            return ((card.rank - top.rank) % 13 if wrap else card.rank - top.rank) in steps
        placer = self.placed_by.get(dst)
        if placer is not None:
            return placer.fits(pos, card, dst)
        if self.worded:
            own = self.game.own_fits(pos, card, dst)
            if own is not None:
                return own
        spec = self.specs[dst]
        build = spec.build
        if build is None or spec.role not in (Role.FOUNDATION, Role.TABLEAU, Role.TALON,
                                              Role.RESERVE):
            return False
        pile = pos.piles[dst]
        if not pile and build.distinct_suits and self._suit_taken(pos, spec, card):
            return False
        if not pile and build.base_card is not None and card.code.lower() != \
                build.base_card.lower():
            return False
        if build.step_by is not None:  # (the cheap way: no build made)
            order = self.step_order(pos, spec)
            n = len(pile)
            return n < len(order) and card.rank == order[n] and \
                (not pile or self.suit_follows(build, card, pile[-1]))
        if build.sequence is not None:
            n = len(pile)
            return n < len(build.sequence) and card.rank == build.sequence[n] and \
                (not pile or self.suit_follows(build, card, pile[-1]))
        if build.base == 0 or build.until == 0:  # decided by the deal (FIRST)
            build = self.decided(pos, spec)
        if not pile:
            if spec.role is Role.FOUNDATION or build.empty == "base":
                return build.base is None or build.base == 0 or card.rank == build.base
            return build.empty != "none"
        if build.capacity is not None and len(pile) >= build.capacity:
            return False
        if build.alone and len(pile) == 1:  # a lone king (its pile's first card alone)
            return build.alone is True or self._cleared(pos, dst)  # takes any card
        top = pile[-1]
        if build.until is not None and top.rank == build.until:
            return False
        if build.one_way and len(pile) > 1 and not self._keeps_way(card, pile):
            return False
        return self.in_sequence(build, card, top)

    def _plain_build(self, spec: PileSpec, worded: bool,
                     build: Build | None = None) -> tuple | None:
        """(what an empty pile takes: a rank, 0 for any card or None for
        none; the rank it ends with; its suit rule; the rank steps a card
        may make from the top; whether it turns the corner), or None (also
        for every pile of a game that words its builds, where *worded*), of
        *spec*'s build or of *build*."""
        b = spec.build if build is None else build
        if b is None or worded or spec.index in self.placed_by or spec.role not in (
                Role.FOUNDATION, Role.TABLEAU, Role.TALON, Role.RESERVE) or \
                b.distinct_suits or b.base_card is not None or b.sequence is not None or \
                b.step_by is not None or \
                b.base == FIRST or b.until == FIRST or b.capacity is not None or b.alone or \
                b.one_way:
            return None
        return self._plain_of(spec, b)

    def _later_kind(self, spec: PileSpec) -> str | None:
        """Whether a pile the layout does not build plainly is plain in a
        given position (see ``_plain_later``)."""
        b = spec.build
        if self._plain[spec.index] is not None or b is None or self.worded or \
                spec.index in self.placed_by or spec.role not in (
                    Role.FOUNDATION, Role.TABLEAU, Role.TALON, Role.RESERVE) or \
                b.base_card is not None or b.step_by is not None or \
                b.capacity is not None or b.alone or b.one_way:
            return None
        return "sequence" if b.sequence is not None else "decided"

    def _plain_of(self, spec: PileSpec, b: Build) -> tuple:
        """*spec*'s build *b* as a plain build (see :meth:`_plain_build`)."""
        empty: int | None
        if spec.role is Role.FOUNDATION or b.empty == "base":
            empty = b.base or 0
        else:
            empty = None if b.empty == "none" else 0
        steps = set()
        if b.direction in ("up", "up-or-down"):
            steps.add(b.step % 13 if b.wrap else b.step)
        if b.direction in ("down", "up-or-down"):
            steps.add((13 - b.step) % 13 if b.wrap else -b.step)
        return empty, b.until, b.suit, frozenset(steps), b.wrap

    @staticmethod
    def _keeps_way(card: Card, pile: Sequence[Card]) -> bool:
        """Whether *card* goes on the way the pile's top two cards go."""
        return (card.rank - pile[-1].rank) == (pile[-1].rank - pile[-2].rank)

    def _cleared(self, pos: Position, index: int) -> bool:
        """Whether a lone king's pile *index* has been cleared down to it
        (the rule that provides ``cleared`` keeps that)."""
        rule = self._clearing
        return rule is not None and rule.cleared(pos, index)

    def build_reason(self, pos: Position, card: Card, dst: int) -> str | None:
        """Why *card* may not go on pile *dst*, or None if it may (the game's
        rule says: by default :meth:`layout_build_reason`)."""
        return self.game.build_reason(pos, card, dst)

    def layout_build_reason(self, pos: Position, card: Card, dst: int) -> str | None:
        """Why *card* may not go on pile *dst* by the layout's builds, or None."""
        spec = self.specs[dst]
        placer = self.placed_by.get(dst)
        if placer is not None:
            return placer.build_reason(pos, card, dst)
        build = spec.build
        if build is None or spec.role not in (Role.FOUNDATION, Role.TABLEAU, Role.TALON,
                                              Role.RESERVE):
            return f"nothing may be placed on {spec.the_ref}"
        pile = pos.piles[dst]
        where = "the foundations" if spec.role is Role.FOUNDATION else f"the {spec.name}"
        if build.base == 0 or build.until == 0:
            build = self.decided(pos, spec)
            if build.base == 0 and not pile:
                return None  # the first card decides
        if not pile and build.distinct_suits and self._suit_taken(pos, spec, card):
            return (f"the {spec.name}s are of different suits: one already holds the "
                    f"{card.suit.name.lower()}, so the {card} cannot start {spec.the_ref}")
        if not pile and build.base_card is not None and card.code.lower() != \
                build.base_card.lower():
            return f"{spec.the_ref} is the place of the {parse_card(build.base_card)} only"
        if build.step_by is not None:
            build = self.stepped(pos, spec)
            if not build.sequence:
                return f"{spec.the_ref} has no card {'' if build.step_by == 'own' else 'above it '}" \
                    "to climb by"
        if build.sequence is not None:
            return self.order_reason(build, spec, card, pile)
        if not pile:
            return self.empty_reason(build, spec, card)
        if build.capacity is not None and len(pile) >= build.capacity:
            n = build.capacity
            return f"{spec.the_ref} holds at most {n} card{'s' if n != 1 else ''}"
        if build.alone and len(pile) == 1:
            if build.alone is True or self._cleared(pos, dst):
                return None  # a lone king takes any card
            return (f"{spec.the_ref} takes a card only once it has been cleared down to its "
                    f"{RANK_NOUN[pile[0].rank]}")
        top = pile[-1]
        if build.until is not None and top.rank == build.until:
            return f"{spec.the_ref} is complete at the {RANK_NOUN[top.rank]}"
        if build.one_way and len(pile) > 1 and not self._keeps_way(card, pile) and \
                self.in_sequence(build, card, top):
            way = "up" if top.rank > pile[-2].rank else "down"
            return (f"{spec.the_ref} goes {way}, as its first cards set it: the {card} "
                    f"cannot go on the {top}")
        return self.sequence_reason(build, where, card, top)

    def empty_reason(self, build: Build, spec: PileSpec, card: Card) -> str | None:
        if spec.role is Role.FOUNDATION or build.empty == "base":
            if build.base is not None and card.rank != build.base:
                return (f"an empty {'foundation' if spec.role is Role.FOUNDATION else spec.ref}"
                        f" takes only {'an' if build.base in (1, 8) else 'a'} "
                        f"{RANK_NOUN[build.base]}: the {card} cannot start it")
            return None
        if build.empty == "none":
            rows = self.layout.play.rows
            if rows is not None and spec.group in (rows.group, *rows.groups):
                return f"nothing is moved into an empty place of the {spec.name}: the deal refills it"
            return f"an empty packet of the {spec.name} is never refilled"
        return None

    def decided(self, pos: Position, spec: PileSpec) -> Build:
        """*spec*'s build with a base or end rank of ``first`` made real: the
        rank of the first card of any pile of its group (the card the deal
        laid there), of the pile's own (``first_of = "pile"``) or of another
        group's (``first_of = GROUP``: the Herring-Bone's descending
        foundations take the ascending ones' rank); its end is the rank
        before it, the run going round the corner.  Before any such card:
        still undecided (0)."""
        build = spec.build
        assert build is not None
        piles = (spec.index,) if build.first_of == "pile" else \
            self.group_piles[spec.group if build.first_of == "group" else build.first_of]
        first = next((pos.piles[i][0].rank for i in piles if pos.piles[i]), 0)
        made = self._decided.get((spec.index, first))
        if made is None:
            made = self._decided[spec.index, first] = self._decide(build, first)
        return made

    @staticmethod
    def _decide(build: Build, first: int) -> Build:
        """*build* with its ``first`` base or end made real for a first card of
        rank *first* (0: none yet)."""
        base = first if build.base == 0 else build.base
        # the rank the run ends with: one below the first going up, one above going down
        end = (first % 13 + 1 if build.direction == "down" else (first - 2) % 13 + 1) \
            if first else 0
        until = end if build.until == 0 else build.until
        return build._replace(base=base, until=until)

    def step_order(self, pos: Position, spec: PileSpec) -> tuple[int, ...]:
        """The order of ranks a ``step_by`` pile climbs in now (empty while
        the card it climbs by is missing)."""
        build = spec.build
        assert build is not None
        if build.step_by == "own":
            pile = pos.piles[spec.index]
            return (pile[0].rank, *stepped_order(pile[0].rank)) if pile else ()
        by = self._step_piles.get(spec.index)
        if by is None:
            by = self._step_piles[spec.index] = self.step_pile(spec)
        pile = pos.piles[by] if by is not None else ()
        return stepped_order(pile[0].rank) if pile else ()

    def stepped(self, pos: Position, spec: PileSpec) -> Build:
        """*spec*'s build (``step_by``) as the order of ranks it climbs in,
        by the value of the card in the same place of the group it names
        (no order while that place is empty); with ``step_by = "own"``, by
        the value of its own first card, from that card (Calculation)."""
        build = spec.build
        assert build is not None and build.step_by is not None
        return build._replace(sequence=self.step_order(pos, spec))

    def step_pile(self, spec: PileSpec) -> int | None:
        """The pile whose card gives *spec*'s step (``build.step_by``)."""
        assert spec.build is not None and spec.build.step_by is not None
        place = self.group_piles[spec.group].index(spec.index)
        by = self.group_piles[spec.build.step_by]
        return by[place] if place < len(by) else None

    def _suit_taken(self, pos: Position, spec: PileSpec, card: Card) -> bool:
        return any(pos.piles[i] and pos.piles[i][0].suit == card.suit
                   for i in self.group_piles[spec.group])

    def order_reason(self, build: Build, spec: PileSpec, card: Card,
                     pile: Sequence[Card]) -> str | None:
        """Why *card* may not go on a pile built in a set order of ranks."""
        order = build.sequence or ()
        n = len(pile)
        if n < len(order) and card.rank == order[n] and \
                (not pile or self.suit_follows(build, card, pile[-1])):
            return None
        if n >= len(order):
            return f"{spec.the_ref} is complete"
        needed = RANK_NOUN[order[n]]
        if card.rank != order[n]:
            what = f"{spec.the_ref} takes {'an' if order[n] in (1, 8) else 'a'} {needed} next"
            if not pile:
                what = f"an empty {spec.ref} takes only {'an' if order[n] in (1, 8) else 'a'} " \
                       f"{needed}"
            return f"{what} (its order is {sequence_text(order)}): the {card} cannot go there"
        top = pile[-1]
        if build.suit == "same":
            return f"{spec.the_ref} follows suit: the {card} cannot go on the {top}"
        return f"{spec.the_ref} builds in alternate colours: the {card} cannot go on the {top}"

    @staticmethod
    def suit_follows(build: Build, card: Card, top: Card) -> bool:
        """Whether *card* keeps *build*'s rule of suit or colour on *top*."""
        if build.suit == "same":
            return card.suit == top.suit
        if build.suit == "alternate":
            return card.colour != top.colour
        return True

    in_sequence = staticmethod(in_sequence)

    def sequence_reason(self, build: Build, where: str, card: Card, top: Card) -> str | None:
        if self.in_sequence(build, card, top):
            return None  # no words are made for a move that is allowed
        plural = where == "the foundations"  # "the foundations follow", "the Garden follows"
        clash = f"the {card} cannot go on the {top}"
        if build.direction == "none":
            return f"nothing is placed on a card of {where}: only an empty place takes one"
        if build.suit == "same" and card.suit != top.suit:
            return f"{where} {'follow' if plural else 'follows'} suit: {clash}"
        if build.suit == "alternate" and card.colour == top.colour:
            return f"{where} {'build' if plural else 'builds'} in alternate colours: {clash}"
        ok = False
        if not ok:
            verb = {"up": "builds up", "down": "builds down"}.get(build.direction,
                                                                "builds up or down")
            if where.startswith("the foundations"):
                verb = {"up": "ascend in sequence", "down": "descend in sequence"}.get(
                    build.direction, verb)
            need = top.rank + build.step if build.direction == "up" else top.rank - build.step
            if build.wrap:
                need = (need - 1) % 13 + 1
            if build.step != 1:
                verb += f" by {build.step}s"
            hint = ""
            if build.direction in ("up", "down") and 1 <= need <= 13:
                hint = (f" (it needs {'an' if need in (1, 8) else 'a'} {RANK_NOUN[need]})"
                        if need in PACK_RANKS[self.layout.pack_kind] else
                        f" (nothing goes on {'an' if top.rank in (1, 8) else 'a'} "
                        f"{RANK_NOUN[top.rank]}: the pack has no {RANK_NOUN[need]})")
            return f"{where} {verb}: the {card} cannot go on the {top}{hint}"
        return None

    def plain_now(self, pos: Position, dst: int) -> tuple | None:
        """A pile of ``_plain_later`` "decided" as a plain build in *pos*:
        its base or end made real; None while it is empty and takes only a
        suit its group does not hold yet."""
        spec = self.specs[dst]
        build = spec.build
        assert build is not None
        if build.distinct_suits and not pos.piles[dst]:
            return None
        if build.base == FIRST or build.until == FIRST:
            build = self.decided(pos, spec)
        plain = self._plain_decided.get((dst, build))
        if plain is None:
            plain = self._plain_decided[dst, build] = self._plain_of(spec, build)
        return plain
