"""Advice for ``auto`` and the solver: moves that can never hurt, moves the
rules force, and positions alike under the rules.

A part of :class:`patience_cli.engine.Rules` (``rules.advice``), asking the
engine only what :class:`AdvisedRules` names.  Nothing here changes what is
legal: it says which legal moves need not be tried.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from .cards import Card, codes, ranks
from .features.feature import Feature
from .layout import FIRST, Layout, PileSpec, Role
from .position import DEAL, Move, Position
from .records import Record

#: the piles whose bytes :meth:`Advice._rows` remembers at most (some 20 MB)
ROWS_KEPT = 50_000


class SafeRule(NamedTuple):
    """See :meth:`Advice.safe_rule`."""

    known: bool
    onto: dict[str, frozenset[str] | None]
    twins: bool
    wide: bool


if TYPE_CHECKING:
    from .features.game_rule import GameRule


class AdvisedRules(Protocol):
    """What the advice asks of the engine."""

    layout: Layout
    specs: tuple[PileSpec, ...]
    foundations: tuple[int, ...]
    tableau: tuple[int, ...]
    sources: tuple[int, ...]
    group_piles: dict[str, tuple[int, ...]]
    features: tuple[Feature, ...]
    has_deal_step: bool
    game: GameRule

    @property
    def open_routes(self) -> bool: ...
    def answering(self, point: str) -> tuple[Feature, ...]: ...
    def is_legal(self, pos: Position, move: Move) -> bool: ...
    def legal_moves(self, pos: Position) -> Iterator[Move]: ...
    def moving_card(self, pos: Position, move: Move) -> Card: ...
    def fits(self, pos: Position, card: Card, dst: int) -> bool: ...


class Advice:
    """Safe moves, forced moves and symmetry (``rules.advice``)."""

    def __init__(self, rules: AdvisedRules) -> None:
        self.rules = rules
        self.layout, self.specs, self.features = rules.layout, rules.specs, rules.features
        self.foundations, self.tableau = rules.foundations, rules.tableau
        self.group_piles = rules.group_piles
        self._forcers = rules.answering("forced")
        self._onto_suits: dict[str, frozenset[str] | None] = {}  # see _suits_onto

    def plain_moves(self) -> bool:
        """Whether a move changes nothing but the two piles it names: no module
        of the game's own, no route rules, claims, compulsions or graces, no
        pile refilled or dealt onto in play (the solver's pruning and the
        wider safe rule rest on it; found once)."""
        return self._plain_moves

    @functools.cached_property
    def _plain_moves(self) -> bool:
        return self.layout.rules == "standard" and self.rules.open_routes \
            and all(f.plain for f in self.features)

    def forced_move(self, pos: Position) -> Move | None:
        """The move the rules force now, if any (``auto`` plays these), as
        the game's rule says (by default :meth:`rule_forced_move`)."""
        return self.rules.game.forced_move(pos)

    def rule_forced_move(self, pos: Position) -> Move | None:
        """The move the layout's rules force now, if any: by
        default the deal, in a game where the player never moves a card (no
        pile is played from: Robert's cards go up or aside as they are turned),
        or the move a rule feature forces (a pair that must go out)."""
        for f in self._forcers:
            move = f.forced(pos)
            if move is not None:
                return move
        if not self.rules.sources and self.rules.has_deal_step and self.rules.is_legal(pos, DEAL):
            return DEAL
        return None

    def safe_foundation_move(self, pos: Position,
                             moves: Iterable[Move] | None = None) -> Move | None:
        """A move to a foundation that can never hurt (for ``auto --foundations``),
        among *moves* (by default the legal moves).

        A card is safe when no tableau pile could ever need it to hold a
        lower card, its pile is not refilled (its vacancy would take a card
        of the pack sooner), no rule's doing depends on when it goes up
        (:meth:`_safety_known`), and every other card in play that could go up there in its
        place (its twin in a game of two packs, or a card of its rank where the
        foundations do not follow suit) has another foundation waiting for it:
        aces and deuces always; otherwise once every card of the
        next lower rank that could be placed on it is on a foundation; and,
        where nothing is dealt or gathered in play and a move changes nothing
        but its two piles (:meth:`plain_moves`), once each of those cards
        could go up instead (every card of two ranks lower of its suit is
        home) and nothing could be placed on it (every card of two ranks
        lower that could be is home)."""
        if not self._safety_known():
            return None  # builds this rule of thumb does not cover: nothing is called safe
        tops: dict[str, list[int]] | None = None  # each suit's foundations' top ranks
        for move in (self.rules.legal_moves(pos) if moves is None else moves):
            if move.kind != "move" or move.dst is None \
                    or self.specs[move.dst].role is not Role.FOUNDATION:
                continue
            if tops is None:
                tops = self._foundation_tops(pos)
            if move.src in self._refilled:
                continue  # its place must take another card: the pack's comes sooner
            card = self.rules.moving_card(pos, move)
            if not self._safe(card, tops):
                continue
            if self._twins and self._twin_in_play(pos, card, move):
                continue  # another card could take its place there: which goes up is a choice
            # where a card could go up on piles that are not alike (an ascending
            # and a descending foundation of its suit), the choice matters
            homes = {(self.specs[f].build, pos.piles[f][-1].rank if pos.piles[f] else None)
                     for f in self.foundations if self.rules.fits(pos, card, f)}
            if len(homes) == 1:
                return move
        return None

    def unsafe_words(self, pos: Position) -> str | None:
        """Why no card that could go up now is called safe, to the player
        (``auto --foundations`` then plays none), or None where no card can
        go up now or one is safe."""
        ups = [m for m in self.rules.legal_moves(pos)
               if m.kind == "move" and m.dst is not None
               and self.specs[m.dst].role is Role.FOUNDATION]
        if not ups or self.safe_foundation_move(pos, ups) is not None:
            return None
        move = ups[0]
        card = self.rules.moving_card(pos, move)
        if not self._safety:
            why = "this game's builds are beyond the rule that calls a card safe"
        elif self._reads_cards_left:
            why = "the rules later deal or gather the cards left, so when it goes up may matter"
        elif move.src in self._refilled:
            why = "its place would take the pack's next card sooner"
        elif not self._safe(card, self._foundation_tops(pos)):
            why = "a lower card may yet need it to be laid on"
        elif self._twins and self._twin_in_play(pos, card, move):
            why = "another card could go there in its place, and which goes up may matter"
        else:
            why = "it could go up on foundations of different kinds, and which may matter"
        if len(ups) == 1:
            return (f"the {card.text()} could go up, but is not sure never to hurt: {why}; "
                    "play it yourself")
        return (f"{len(ups)} cards could go up (the {card.text()} and others), but none is sure "
                f"never to hurt (the {card.text()}: {why}); play them yourself")

    def safe_rule(self) -> SafeRule:
        """The terms of :meth:`safe_foundation_move`'s rule, for a search that
        keeps positions of its own (:mod:`patience_cli.solver.compact`): whether
        the rule holds for this layout, the suits laid on a card of each suit
        (:meth:`_suits_onto`), whether a card's twin may take its place, and
        whether the wider clause (two ranks lower home) applies."""
        return SafeRule(self._safety_known(), {s: self._suits_onto(s) for s in "cdhs"},
                        self._twins, not self.rules.has_deal_step and self.plain_moves())

    @functools.cached_property
    def _twins(self) -> bool:
        """Whether two cards in play may both fit one foundation at once: two
        packs (a card and its twin), or foundations that do not follow suit."""
        return self.layout.pack_count > 1 or any(
            (build := self.specs[f].build) is not None and build.suit != "same"
            for f in self.foundations)

    def _twin_in_play(self, pos: Position, card: Card, move: Move) -> bool:
        """Whether a card besides *card*, not yet on a foundation, could go up
        where *move* lays it in its place (its twin, or a card of its rank
        where the foundation takes any suit or either of a colour), and not
        every such card has another foundation waiting for it now.  Then
        sending *card* up is a choice: the other may be the card that pile
        must wait for (a buried card on whose release a lower card depends:
        the Lady of the Manor's packets).  A foundation that takes *card* now
        waits for such a card: nothing else can go on it; and so does each
        place of *move*'s own foundation after *card* that takes its rank
        again in the same suit or any (the Dial No. 2's centre, eight kings
        of any suit)."""
        dst = move.dst
        assert dst is not None, "a card goes up to a foundation"
        build = self.specs[dst].build
        suit = "same" if build is None else build.suit
        piles, rank = pos.piles, card.rank
        # (the card itself is in play: -1; counted for speed, met at every card up)
        if suit == "same":
            others = sum([piles[i].count(card) for i in self._off_foundations]) - 1
        elif suit == "any":
            others = sum([ranks(piles[i]).count(rank) for i in self._off_foundations]) - 1
        else:
            others = sum(1 for i in self._off_foundations for c in piles[i]
                         if c.rank == rank and c.colour == card.colour) - 1
        if others <= 0:
            return False
        waiting = sum(1 for f in self.foundations
                      if f != dst and self.rules.fits(pos, card, f))
        if build is not None and build.sequence is not None and suit in ("any", "same"):
            # its own places after this one that take the rank again wait too
            # (the Dial No. 2's centre: K K K ..., any suit)
            n = len(piles[dst]) + 1
            while n < len(build.sequence) and build.sequence[n] == rank:
                waiting, n = waiting + 1, n + 1
        return waiting < others

    @functools.cached_property
    def _off_foundations(self) -> tuple[int, ...]:
        return tuple(i for i in range(len(self.specs)) if i not in self._foundation_set)

    @functools.cached_property
    def _foundation_set(self) -> frozenset[int]:
        return frozenset(self.foundations)

    def _safety_known(self) -> bool:
        """Whether :meth:`_safe`'s rule of thumb holds for this layout: every
        pile built on in play builds down by one without turning the corner
        (or is not built on), and, where such piles exist, the foundations
        go up; and no rule's doing depends on when a card goes up
        (:attr:`Feature.reads_cards_left`: the packets gathered and dealt
        again, a pass that must place a card); found once."""
        return self._safety and not self._reads_cards_left

    @functools.cached_property
    def _reads_cards_left(self) -> bool:
        return any(f.reads_cards_left for f in self.features)

    @functools.cached_property
    def _refilled(self) -> frozenset[int]:
        """The piles whose vacancy is filled by the rules, at once or at the
        next deal (not where the player may fill it, or leave it empty)."""
        return frozenset(p.index for p in self.specs
                         if p.refill is not None and p.refill.when != "player")

    def safe_moves_narrowed(self) -> bool:
        """Whether this layout's safe moves are fewer since solver revision 16
        (no card safe where a rule reads the cards left, nor from a pile
        refilled): proofs of loss of earlier solvers may rest on a move that
        was wrongly called safe here (:func:`patience_cli.solver.proofs_since`)."""
        return self._safety and any(self.specs[f].build is not None for f in self.foundations) \
            and (self._reads_cards_left or bool(self._refilled))

    @functools.cached_property
    def _safety(self) -> bool:
        built = [p.build for p in self.specs if p.build is not None and p.role in
                 (Role.TABLEAU, Role.TALON, Role.RESERVE)]
        plain = all(b.direction in ("down", "none") and b.step == 1 and not b.wrap
                    and not b.one_way for b in built)
        up = all(p.build.sequence is None and p.build.direction == "up"
                 for p in self.specs if p.role is Role.FOUNDATION and p.build)
        return plain and (up or not any(b.direction != "none" for b in built))

    def _safe(self, card: Card, tops: dict) -> bool:
        if card.rank <= 2:
            return True
        onto = self._suits_onto(card.suit.value)
        if onto is None:
            return True
        if self._rank_home(onto, card.rank - 1, tops):
            return True
        # a card that could be laid on this one, not yet home, could as well go
        # home instead, where its foundation waits for it and nothing could
        # ever be laid on it: every card of the rank below it that could is home
        # (only where a move changes nothing but its two piles and nothing is
        # dealt or gathered, which the card's going up early would change)
        if self.rules.has_deal_step or not self.plain_moves() \
                or not self._rank_home(onto, card.rank - 2, tops):
            return False
        below: set[str] = set()
        for s in onto:
            below |= self._suits_onto(s) or frozenset()
        return self._rank_home(below, card.rank - 2, tops)

    def _suits_onto(self, suit: str) -> frozenset[str] | None:
        """The suits of the cards that some tableau pile lets be laid on a
        card of *suit*; None where no tableau pile is built on (found once
        for each suit)."""
        known = self._onto_suits  # found once a suit
        if suit in known:
            return known[suit]
        builds = [b for t in self.tableau if (b := self.specs[t].build) is not None]
        suits: set[str] | None = None
        if builds and not all(b.direction == "none" for b in builds):
            red = suit in ("d", "h")
            suits = set()
            for b in builds:
                if b.suit == "any":
                    suits |= {"c", "d", "h", "s"}
                elif b.suit == "alternate":
                    suits |= {"c", "s"} if red else {"d", "h"}
                else:
                    suits.add(suit)
        known[suit] = None if suits is None else frozenset(suits)
        return known[suit]

    def _foundation_tops(self, pos: Position) -> dict[str, list[int]]:
        """Each suit's foundations' top ranks (by the suit's letter)."""
        tops: dict[str, list[int]] = {}
        for f in self.foundations:
            pile = pos.piles[f]
            if pile:
                tops.setdefault(pile[0].suit.value, []).append(pile[-1].rank)
        return tops

    def onto_home(self, pos: Position, card: Card) -> bool:
        """Whether every card that some tableau pile would let be laid on
        *card* (the rank below it, in the suits the builds allow) is on a
        foundation; true where no tableau pile is built on."""
        onto = self._suits_onto(card.suit.value)
        return onto is None or self._rank_home(onto, card.rank - 1, self._foundation_tops(pos))

    def _rank_home(self, suits: Iterable[str], rank: int, tops: dict) -> bool:
        """Whether every card of *rank* in *suits* (each copy of it) is on a
        foundation, given each suit's foundations' top ranks."""
        copies = self.layout.pack_count
        for s in suits:
            if sum(1 for r in tops.get(s, ()) if r >= rank) < copies:
                return False
        return True

    def solver_moves(self, pos: Position, moves: list[Move]) -> list[Move]:
        """For the solver (:mod:`patience_cli.solver`): the legal moves in
        the order to try them, best first, as the game's rule orders them (by
        default :meth:`ordered_moves`)."""
        return self.rules.game.solver_moves(pos, moves)

    def ordered_moves(self, pos: Position, moves: list[Move]) -> list[Move]:
        """The legal moves in the order to try them, best first; moves that
        can never matter (dominance, symmetry) dropped, never all that lead
        to a win: the forced move alone where the rules force one, or a card
        to a foundation that can never hurt ('auto --foundations'), else
        every move, those to the foundations first (the engine's order)."""
        forced = self.forced_move(pos)
        if forced is not None and forced in moves:
            return [forced]
        safe = self.safe_foundation_move(pos, moves)
        if safe is not None:
            return [safe]  # a card up that can never hurt: nothing else need be tried
        return moves

    def solver_key(self, pos: Position) -> Any:
        """For the solver: what it remembers a position by, as the game's rule
        says (by default :meth:`position_key`)."""
        return self.rules.game.solver_key(pos)

    def position_key(self, pos: Position) -> Any:
        """What the solver remembers a position by, so that positions alike
        under the rules are searched once (symmetry): the piles of a group whose piles the rules treat all alike
        (see :meth:`alike_groups`) are taken in sorted order: six Garden
        packets swapped about are one position.  The piles cards are put out
        to (:attr:`put_out`) are left out: what they hold follows from the
        other piles, and in what order no rule reads."""
        groups = self.alike_groups_at(pos)
        put_out = self.put_out
        if put_out:
            piles = list(pos.piles)
            for i in put_out:
                piles[i] = ()
            pos = pos._replace(piles=tuple(piles))
        return self._bytes_key(pos, groups, ranks if self.suitless else codes)

    @functools.cached_property
    def put_out(self) -> tuple[int, ...]:
        """The piles cards are put out of play to (role ``discard``: Royal
        Marriage's cards thrown out, the pairs of Nestor), in a game with no
        module of its own: no card leaves such a pile, and no rule reads
        what they hold beyond which of them hold cards, which follows from
        how many went out (the Wheel's circle fills its places in order).
        So two positions that differ only in the order cards were put out
        have one future: the solver's key leaves these piles out, as the
        cards they hold are the cards no other pile holds."""
        if self.layout.rules != "standard":
            return ()
        return tuple(i for i, p in enumerate(self.specs) if p.role is Role.DISCARD)

    @functools.cached_property
    def suitless(self) -> bool:
        """Whether no rule of the game reads a card's suit once the cards are
        dealt: every build takes any suit (no pile waits for one card, none
        for a suit its fellows lack), no rule feature reads suits
        (:attr:`Feature.reads_suits`: no shuffle drawn from the cards, no pair
        or marriage of a suit) and the game has no module of its own.  Then
        two positions alike in ranks (and in the cards face down) have the
        same future, move for move: the Lady of the Manor's eight aces climb
        to kings regardless of suit, and which three went up where is all one
        to the search (:meth:`solver_key`)."""
        return self.layout.rules == "standard" \
            and all(f.reads_suits is False for f in self.features) \
            and all(p.build is None or (p.build.suit == "any" and p.build.base_card is None
                                        and not p.build.distinct_suits) for p in self.specs)

    def _bytes_key(self, pos: Position, groups: tuple[tuple[int, ...], ...],
                   row: Callable[[Iterable[Card]], bytes]) -> Any:
        """A position as the solver remembers it: each pile as bytes (*row*:
        its ranks in a game that never reads a suit, :attr:`suitless`, else
        its cards, :func:`~patience_cli.cards.codes`), a 0 between two piles
        (neither form has a 0), then, where cards lie face down, a 255 and
        each pile's count of them; the piles of a group alike taken in sorted
        order; with the game's own state where it has some.  A few hundred
        bytes a position, where the position's tuples take a kilobyte or
        more: deep searches are bound by memory."""
        rows = self._rows(pos.piles, row)
        if not any(pos.down):
            for group in groups:
                for i, pile in zip(group, sorted([rows[i] for i in group])):
                    rows[i] = pile
            key = b"\0".join(rows)
        else:
            piles = list(zip(rows, pos.down))  # (the count face down goes with its pile)
            for group in groups:
                for i, counted in zip(group, sorted([piles[i] for i in group])):
                    piles[i] = counted
            key = b"\0".join([r for r, _ in piles]) + b"\xff" + bytes([d for _, d in piles])
        return (key, pos.extra) if pos.extra else key

    def _rows(self, piles: tuple[tuple[Card, ...], ...],
              row: Callable[[Iterable[Card]], bytes]) -> list[bytes]:
        """Each pile as *row* gives it, remembered by the pile's identity:
        a move makes one or two piles anew and shares the others with the
        position it left, so most piles of a key were met in the last.  (Each
        pile is kept with its bytes, so its identity cannot pass to another
        while remembered; the memo is emptied past :data:`ROWS_KEPT`.)"""
        memo = self._row_memo
        if len(memo) > ROWS_KEPT:
            memo.clear()
        out = []
        for pile in piles:
            known = memo.get(id(pile))
            if known is None or known[0] is not pile:
                known = memo[id(pile)] = (pile, row(pile))
            out.append(known[1])
        return out

    @functools.cached_property
    def _row_memo(self) -> dict[int, tuple[tuple[Card, ...], bytes]]:
        return {}

    def alike_groups(self) -> tuple[tuple[int, ...], ...]:
        """The groups of tableau, reserve, foundation or discard piles that
        the rules treat all alike (the Wheel's circle of crowned sets, Red
        and Black's Volunteers), found once: in a game with no module of its
        own, a group whose piles differ only in number and place, that is
        not dealt or gathered pile by pile in play (regather, deal_to,
        onto_latest), not refilled or refilled from where that reads places
        (:meth:`Routes.ordered_groups
        <patience_cli.features.routes.Routes.ordered_groups>`), nor read in
        order (the Royal Marriage's row), nor named by a grace, a hold or a
        pile's own ``deal_up`` list
        (the Four Corners' side packets go up only to the foundation beside
        them, in every new deal)."""
        return self._alike

    def alike_groups_at(self, pos: Position) -> tuple[tuple[int, ...], ...]:
        """:meth:`alike_groups`, and the groups alike in *pos* and every
        position after it: those kept in order only by rules that no longer
        read places there (:meth:`Feature.reads_places
        <patience_cli.features.feature.Feature.reads_places>`: the Salic
        Law's kings once the pack is dealt out)."""
        later = self._alike_later
        if not later:
            return self._alike
        return self._alike + tuple(c for features, classes in later
                                   if not any(f.reads_places(pos) for f in features)
                                   for c in classes)

    @functools.cached_property
    def _alike_later(self) -> tuple[tuple[tuple[Any, ...], tuple[tuple[int, ...], ...]], ...]:
        """Each group kept in order only by rules that may stop reading
        places: those rules, and its piles alike once they have."""
        stops = [f for f in self.features
                 if type(f).reads_places is not Feature.reads_places]
        out = []
        for group in {g for f in stops for g in f.ordered_groups()}:
            keeping = [f for f in self.features if group in f.ordered_groups()]
            if all(f in stops for f in keeping):
                ordered = {g for f in self.features for g in f.ordered_groups()} - {group}
                classes = self._alike_classes(ordered, only=group)
                if classes:
                    out.append((tuple(keeping), classes))
        return tuple(out)

    @functools.cached_property
    def _alike(self) -> tuple[tuple[int, ...], ...]:
        return self._alike_classes({g for f in self.features for g in f.ordered_groups()})

    def _alike_classes(self, ordered: set[str],
                       only: str | None = None) -> tuple[tuple[int, ...], ...]:
        """The alike groups where the rules keep the *ordered* groups in
        order (of group *only*, if given)."""
        out: list[tuple[int, ...]] = []
        named = {n for p in self.specs if isinstance(p.deal_up, tuple) for n in p.deal_up}
        # groups whose piles answer to the pile in the same place of another group
        # (either side; a group refilled, or refilled from, is one of Routes'
        # ordered groups, whether from the same place or not)
        placed = {g for p in self.specs for g in (*p.blocked_by, p.take_top, p.set_aside)
                  if g} | {p.group for p in self.specs if p.blocked_by or p.take_top
                           or p.set_aside}
        if self.layout.rules == "standard":
            # piles of groups no rule names, alike across their groups (Napoleon's
            # Square's packets on three sides of the square)
            unnamed = set() if only is not None else unnamed_groups(self.layout, self.group_piles)
            across: dict[tuple, list[int]] = {}
            for group, piles in self.group_piles.items():
                if only is not None and group != only:
                    continue
                specs = [self.specs[i] for i in piles]
                first = specs[0]
                if (len(piles) < 2 and group not in unnamed) \
                        or first.role not in (Role.TABLEAU, Role.FOUNDATION,
                                              Role.RESERVE, Role.DISCARD) or \
                        group in ordered or group in placed \
                        or (first.build is not None and first.build.step_by) \
                        or any(p.number in named or isinstance(p.deal_up, tuple)
                               for p in specs):
                    continue
                # the piles of the group that the rules treat alike: all of
                # them, or those of one build where a layout gives each its
                # own (the Sultan's kings of one suit, its ace of hearts apart)
                classes = across if group in unnamed else {}
                for i, p in zip(piles, specs):
                    classes.setdefault(_play_rule(p), []).append(i)
                if classes is not across:
                    out.extend(tuple(c) for c in classes.values() if len(c) > 1)
            out.extend(tuple(c) for c in across.values() if len(c) > 1)
        return tuple(sorted(out))


def _strings(value: Any, into: set[str]) -> None:
    """Every string held in *value* (records, tuples, lists, dicts), into *into*."""
    if isinstance(value, str):
        into.add(value)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            _strings(v, into)
    elif isinstance(value, dict):
        for k, v in value.items():
            _strings(k, into)
            _strings(v, into)
    elif isinstance(value, Record):
        _strings(value._values(), into)


def _play_rule(p: PileSpec) -> tuple:
    """Everything a pile's spec says that bears on play once the cards are
    dealt (not its number, place or label, nor how it is dealt: the Lady of
    the Manor's heaps, each dealt one rank, play alike): two piles of a
    group alike in this are interchangeable to the search, their cards aside."""
    return (p.role, p.build, p.available, p.face, p.move, p.accepts_from, p.second_to,
            p.first_claim, p.deal_up, p.refill, p.as_they_appear, p.opens_after, p.formed)


def unnamed_groups(layout: Layout, group_piles: dict[str, tuple[int, ...]]) -> set[str]:
    """The groups that no rule names (no pile's or [play]'s setting holds
    the group's name, nor does the game's own settings), whose piles a
    build reads nothing of beside their own cards: a pile of one is
    alike to a pile of another with the same rules."""
    named: set[str] = set()
    for spec in layout.piles:
        _strings((spec.build, spec.accepts_from, spec.refill, spec.second_to,
                  spec.take_top, spec.set_aside, spec.blocked_by, spec.deal_up,
                  spec.opens_after), named)
    _strings((layout.play, layout.game), named)
    return {g for g, piles in group_piles.items() if g not in named and all(
        b is None or not (b.distinct_suits or b.step_by or
                          (b.first_of == "group" and FIRST in (b.base, b.until)))
        for b in (layout.piles[i].build for i in piles))}
