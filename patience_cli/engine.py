"""The rules engine's core: the piles' roles, one lazy move generator, the
cheap yes or no, apply.

Plain Python with no I/O.  :class:`Rules` holds what every game shares; the
rules a layout names beyond its piles' builds are rule features
(:mod:`patience_cli.features`), each built only when named and asked at the
points of its protocol; a game whose book is truly singular has its own rule
(:class:`~patience_cli.features.game_rule.GameRule`, named by its layout's
``rules``, in its own module under ``patience_cli/games``), which the engine
holds as :attr:`Rules.game` and asks at its hooks
(:data:`~patience_cli.features.game_rule.HOOKS`).

The engine inherits nothing: it holds its parts, one object each, built from
it and typed against the narrow protocol of what each asks of it:

* ``rules.building`` (:mod:`.building`): whether a card may go on a pile, and
  why not; ``rules.look`` (:mod:`.quick_look`): the ranks each pile takes now;
* ``rules.refusals`` (:mod:`.refusals`): why a move is illegal, in the book's words;
* ``rules.standing`` (:mod:`.status`): won, lost or playing;
* ``rules.advice`` (:mod:`.advice`): safe moves and symmetry, for ``auto`` and
  the solver;
* ``rules.words`` (:mod:`.wording`): moves in words, and the commands that make them;
* dealing (:mod:`.dealing`): the lay-out.

Its own face is what a caller asks of every game: :meth:`Rules.legal_moves`,
:meth:`Rules.is_legal`, :meth:`Rules.move_reason`, :meth:`Rules.apply`,
``rules.status`` (the status part's), ``rules.fits`` (the building's).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .advice import Advice
from .building import Building, in_sequence
from .cards import Card
from .features import answering, build_features, deal_steps, settled
from .features.game_rule import HOOKS, GameRule, game_rule_class
from .layout import Layout, PileSpec, Role
from .position import (  # noqa: F401  (the engine's face: what callers import)
    DEAL,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    MoveError,
    MoveKind,
    Position,
    Refusal,
    Status,
    move_from_text,
    move_to_text,
    seq_text,
    transfer,
)
from .quick_look import QuickLook
from .refusals import Refusals
from .status import Standing
from .wording import Wording

if TYPE_CHECKING:
    from .features import DealStep, Feature

__all__ = [
    "DEAL", "HOOKS", "AmbiguousMoveError", "IllegalMoveError", "InvalidMoveError", "Move",
    "MoveError", "MoveKind", "Position", "Refusal", "Rules", "Status", "move_from_text",
    "move_to_text", "replay", "seq_text",
]

_MOVE = MoveKind.MOVE


class Rules:
    """The rules of one game: the layout's piles and builds, the features it
    names, and its own rule where its book is singular (:attr:`game`)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.specs = layout.piles
        self.foundations = tuple(p.index for p in self.specs if p.role is Role.FOUNDATION)
        self.tableau = tuple(p.index for p in self.specs if p.role is Role.TABLEAU)
        self.sources = tuple(p.index for p in self.specs
                             if p.role in (Role.TABLEAU, Role.RESERVE, Role.TALON)
                             and p.available != "none")
        stock = [p.index for p in self.specs if p.role is Role.STOCK]
        talon = [p.index for p in self.specs if p.role is Role.TALON]
        self.stock = stock[0] if len(stock) == 1 else None
        self.talon = talon[0] if len(talon) == 1 else None
        #: the piles the end of the deal waits for (``available = "at-end"``)
        self.pack_and_talon = tuple(stock + talon)
        #: the piles of each group, by the group's key
        self.group_piles: dict[str, tuple[int, ...]] = {
            g: tuple(p.index for p in ps) for g, ps in layout.groups()}
        #: the piles that block each pile while they hold a card (``blocked_by``:
        #: the pile in the same place of each group named)
        self.blockers: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.group_piles[g][self.group_piles[p.group].index(p.index)]
                  for g in p.blocked_by) for p in self.specs)
        #: whether cards go up to the foundations as they are dealt (deal_up)
        self.deals_up = any(p.deal_up is not None or p.set_aside is not None
                            for p in self.specs)
        #: where cards may be played to, group by group
        self.target_groups: tuple[tuple[int, ...], ...] = (self.foundations, self.tableau)
        receiving = tuple(p.index for p in self.specs
                          if p.role is Role.RESERVE and p.build is not None)
        if receiving:  # a reserve that a book lets cards be placed on
            self.target_groups += (receiving,)
        if self.talon is not None and self.specs[self.talon].build is not None:
            self.target_groups += ((self.talon,),)  # cards packed on the talon
        # ---- the rule features the layout names, and who answers at each point
        self.features: tuple[Feature, ...] = build_features(self)
        #: the game's own rule (its layout's ``rules``: the default answers as
        #: the core does), asked at each hook of :data:`HOOKS`
        self.game: GameRule = game_rule_class(layout)(self)
        game = self.game
        at = self.answering
        self._deal_steps = deal_steps(self.features)
        #: whether the ``deal`` move exists in this game
        self.has_deal_step = game.has_deal_step or bool(self._deal_steps)
        self._only, self._narrow_sources = at("only_moves"), at("narrow_sources")
        self._free = at("free_cards")
        self._narrow_targets, self._adds = at("narrow_targets"), at("moves")
        self._owners, self._deal_blocks = at("owns"), at("blocks_deal")
        self._verdicts, self._after = at("verdict"), at("after_move")
        self._winners, self._appliers = at("won"), at("apply_own")
        self._settlers, self._routers = at("settle"), \
            tuple(f for f in self.features if f.restricts_routes)
        #: piles a feature lays cards on by its own rule (the places aside)
        self.placed_by: dict[int, Feature] = {i: f for f in self.features for i in f.places()}
        placed = tuple(i for i in self.placed_by
                       if not any(i in g for g in self.target_groups))
        if placed:  # (a tableau's places a feature lays on are targets already)
            self.target_groups += (placed,)
        self.targets = tuple(i for g in self.target_groups for i in g)
        self._own_route = game.overrides("route_reason")
        self._records = game.overrides("record")
        #: whether the game has moves of its own, or a goal of its own
        self._own_moves = game.overrides("extra_moves") or game.overrides("is_own_move")
        self._own_goal = game.overrides("goal_reached")
        #: why the deal step is not open now, and the position after it, as
        #: the game's rule says (by default the layout's dealing step's)
        self.deal_reason: Callable[[Position], str | None] = \
            game.deal_reason if game.overrides("deal_reason") else self.step_deal_reason
        self.apply_deal: Callable[[Position], Position] = \
            game.apply_deal if game.overrides("apply_deal") else self.step_apply_deal
        #: the cards of a pile that may be played now, as the game's rule says
        #: (by default :meth:`layout_available`, Rule I of most games)
        self.available_cards: Callable[[Position, int], list[Card]] = \
            game.available_cards if game.overrides("available_cards") else self.layout_available
        #: what happens by itself after the deal and after every move, as the
        #: game's rule says (by default :meth:`features_settle`)
        self.settle: Callable[[Position], Position] = \
            game.settle if game.overrides("settle") else self.features_settle
        self._open_routes = not (self._routers or self._own_route)
        #: for each pile, as the move generator asks: whether a move from it names
        #: its card, and whether runs of cards may leave it
        self._names_card = tuple(p.several_free for p in self.specs)
        self._runs_leave = tuple(p.move != "top" for p in self.specs)
        #: the build rules, and the move generator's quick look at them
        self.building = Building(self)
        self.look = QuickLook(self, self.building)
        #: the engine's questions of building, answered by those parts
        self.fits: Callable[[Position, Card, int], bool] = self.building.fits
        self.ranks_taken: Callable[[Position, int], frozenset[int] | None] = \
            self.look.ranks_taken
        self.ranks_taken_by: Callable[[Position, Sequence[int]],
                                      list[tuple[int, frozenset[int] | None]]] = \
            self.look.ranks_taken_by
        self._bare = not any(game.overrides(h) for h in ("play_own", "record", "settle")) \
            and not self._after and not self._settlers and not self._appliers
        #: the last move played with its result, so that its words reuse its events
        #: the parts the engine is made of, each asking it only what it needs
        self.words = Wording(self)
        self.refusals = Refusals(self)
        self.standing = Standing(self)
        #: won, lost or playing, with the reason in words (:meth:`Standing.status`)
        self.status: Callable[[Position], tuple[Status, str]] = self.standing.status
        self.advice = Advice(self)

    @property
    def open_routes(self) -> bool:
        """Whether every card may travel to every pile its build lets it: no
        route rule of a feature's or the game's (found at construction)."""
        return self._open_routes

    def answering(self, point: str) -> tuple[Feature, ...]:
        """The features that answer at *point* of their protocol, in order."""
        return answering(self.features, point)

    def feature(self, kind: type | str) -> Any:
        """The active feature of class *kind* (or of that class name), or None
        (for tests and tools; the package asks :meth:`providing`)."""
        if isinstance(kind, str):
            return next((f for f in self.features if type(f).__name__ == kind), None)
        return next((f for f in self.features if isinstance(f, kind)), None)

    def group_names(self, groups: Sequence[str]) -> str:
        """The names of the piles of *groups*, as a refusal says them."""
        names = [self.specs[self.group_piles[g][0]].name for g in groups]
        return " or the ".join(dict.fromkeys(names))

    def home_count(self, pos: Position) -> int:
        """How many cards are on the foundations."""
        return sum(len(pos.piles[f]) for f in self.foundations)

    def move_reason(self, pos: Position, move: Move) -> str | None:
        """Why *move* is illegal, in the book's words (a :class:`Refusal`
        naming its topics), or None if it is legal: :meth:`Refusals.move_reason`."""
        return self.refusals.move_reason(pos, move)

    def providing(self, capability: str) -> Any:
        """The active feature that provides *capability* (a name of
        :attr:`Feature.provides <patience_cli.features.feature.Feature.provides>`),
        or None."""
        return next((f for f in self.features if capability in f.provides), None)

    # ------------------------------------------------------------------ dealing
    def deal(self, deck: Sequence[Card]) -> Position:
        """Lay out *deck* (top card first), as the game's rule deals it."""
        return self.game.deal(deck)

    def lay_out(self, deck: Sequence[Card]) -> Position:
        """Lay out *deck* (top card first) as the layout says (:mod:`.dealing`)."""
        from .dealing import deal  # only when a game is dealt, not at every command

        pos = self.settle(self.game.initial_extra(deal(self, deck)))
        for f in self.features:
            pos = f.dealt(pos)
        return pos

    @staticmethod
    def dealing() -> Any:
        """The lay-out's rules (:mod:`.dealing`: withdrawing, dealing card by
        card, going up as dealt), for a feature or a game that deals again."""
        from . import dealing

        return dealing

    # ------------------------------------------------------------------ reading
    def spec(self, index: int) -> PileSpec:
        return self.specs[index]

    def layout_available(self, pos: Position, index: int) -> list[Card]:
        """The cards of a pile that may be played now by the layout's rules
        (Rule I of most games)."""
        spec = self.specs[index]
        cards = pos.piles[index]
        if not cards or spec.available == "none":
            return []
        for f in self._free:
            free = f.free_cards(pos, index)
            if free is not None:
                return free
        if spec.blocked_by and any(pos.piles[b] for b in self.blockers[index]):
            return []  # a card lies in the same place of an outer circle
        if len(cards) == 1 and spec.build is not None and spec.build.alone:
            return []  # the card a lone pile stands on (its king) heads it and never moves
        if spec.available == "at-end" and any(
                pos.piles[i] for i in self.pack_and_talon):
            return []  # not to be moved till the end (the Hemispheres' barriers)
        if spec.available == "all" or spec.available == "all-once-dealt" and (
                self.stock is None or not pos.piles[self.stock]):
            return list(cards[pos.down[index]:])  # a hand; a heap spread once the pack is out
        if spec.available in ("ends", "ends-once-dealt") and len(cards) > 1 and \
                not pos.down[index] and (spec.available == "ends" or self.stock is None
                                         or not pos.piles[self.stock]):
            return [cards[0], cards[-1]]  # free at either end (once the pack is dealt)
        if len(cards) <= pos.down[index]:
            return []
        return [cards[-1]]

    def run_lengths(self, pos: Position, index: int) -> range:
        """How many cards may leave pile *index* together (its ``move``): 1 for
        the top card alone; ``face-up-run`` up to every face-up card;
        ``whole-run`` every face-up card and no fewer; ``built-run`` up to the
        longest run at the top that follows the pile's own build."""
        spec = self.specs[index]
        cards = pos.piles[index]
        up = len(cards) - pos.down[index]
        if spec.move == "top" or up < 2:
            return range(1, 2)
        if spec.move == "face-up-run":
            return range(1, up + 1)
        if spec.move == "whole-run":
            return range(up, up + 1)
        n = 1  # built-run, run-to-vacancy
        while n < up and spec.build is not None and \
                in_sequence(spec.build, cards[-n], cards[-n - 1]):
            n += 1
        return range(1, n + 1)

    def moving_card(self, pos: Position, move: Move) -> Card:
        """The card *move* lays on its pile: the card it names, or the top
        card of its pile."""
        if move.card is not None:
            return move.card
        assert move.src is not None, "a deal moves no card"
        return pos.piles[move.src][-1]

    def one_card_leaves(self, pos: Position, src: int) -> bool:
        """Whether the top card alone may leave pile *src* for another pile
        (not where its face-up cards move only all together)."""
        return self.specs[src].move != "whole-run" or \
            len(pos.piles[src]) - pos.down[src] < 2

    # ------------------------------------------------------------------ moves
    def legal_moves(self, pos: Position) -> Iterator[Move]:
        """Every legal move, lazily, in a stable order: foundation moves first.
        Take ``any()`` of it to ask whether a move exists, ``list()`` to have
        them all."""
        if self.status(pos)[0] is not Status.PLAYING:
            return iter(())
        return self.placements(pos)

    def open_moves(self, pos: Position) -> Iterator[Move]:
        """The legal moves of a position that is not won, lazily, without the
        status's look ahead (the solver remembers every position it has seen)."""
        return self.placements(pos)

    def solutions(self, pos: Position) -> list[tuple[str, list[Move]]] | None:
        """A puzzle's every solution from *pos* (the game's rule's), or None."""
        return self.game.solutions(pos)

    def is_won(self, pos: Position) -> bool:
        """Whether every card in play is home: the game is won."""
        return self.standing.all_home(pos) or (self._own_goal and self.game.goal_reached(pos)) or \
            any(f.won(pos) is not None for f in self._winners)

    def open_moves_from(self, pos: Position, src: int) -> Iterator[Move]:
        """The card moves from pile *src* and the deal step of a position not
        won (as :meth:`open_moves`, the other piles not looked at), lazily:
        the solver's next move after a deal passed through."""
        return (m for m in self.placements(pos, (src,))
                if m.kind is MoveKind.DEAL or m.src == src)

    def placements(self, pos: Position,
                    only_from: tuple[int, ...] | None = None) -> Iterator[Move]:
        """The card moves and the deal step the rules allow, whatever the
        status, generated lazily (the card moves from the piles *only_from*
        alone, where given, and the features' and game's own moves)."""
        for f in self._only:
            only = f.only_moves(pos)
            if only is not None:
                yield from only
                return
        sources = self.sources if only_from is None else \
            tuple(s for s in self.sources if s in only_from)
        for f in self._narrow_sources:
            sources = f.narrow_sources(pos, sources)
        groups: Sequence[tuple[int, ...]] = self.building.build_targets
        for f in self._narrow_targets:
            groups = f.narrow_targets(pos, groups)
        free: dict[int, Iterable[Card]] = {}  # each source's cards that may be played, once
        anywhere = self._open_routes
        for dst_group in groups:
            # Empty piles of one layout group with one build are interchangeable:
            # list only the first of each (an empty ace's place and an empty
            # king's are not alike, nor Quadrille's places of the fives and sixes,
            # nor the places of a game that words its own builds: Hoffmann's
            # Constitution begins each heap from the card above it).
            firsts: dict[tuple, int] = {}
            kind, worded = self.vacancy_kinds, self.building.worded
            for d in dst_group:
                if not pos.piles[d] and d not in self.placed_by:  # each place its own
                    firsts.setdefault((kind[d], self.specs[d].build, worded and d), d)
            dsts = [d for d in dst_group if pos.piles[d] or d in self.placed_by
                    or firsts.get((kind[d], self.specs[d].build, worded and d)) == d]
            # the takers of each rank, in order (those that take any rank, or
            # are asked in full, under every rank): a card looks at its own
            by_rank: dict[int, list[tuple]] = {}
            for taker in self.look.takers(pos, dsts):
                for rank in (taker[1] if taker[1] is not None else range(1, 14)):
                    by_rank.setdefault(rank, []).append(taker)
            first_group = dst_group is groups[0]
            names_card, runs_leave = self._names_card, self._runs_leave
            for src in sources:
                many = names_card[src]
                if not first_group and not self.one_card_leaves(pos, src):
                    cards_here: Iterable[Card] = ()   # its face-up cards move only together
                else:
                    known = free.get(src)
                    if known is None:
                        known = free[src] = tuple(dict.fromkeys(
                            self.available_cards(pos, src)))
                    cards_here = known
                for card in cards_here:
                    for dst, _ranks, how, like in by_rank.get(card.rank, ()):
                        if dst == src:
                            continue
                        if how is None or (card.suit == like if how == "same" else
                                           card.colour != like if how == "alternate" else
                                           self.fits(pos, card, dst)):
                            if (anywhere or self.may_route(pos, src, dst, card)) \
                                    and (pos.piles[dst] or not self._pointless(pos, src, dst)):
                                yield Move(_MOVE, src, dst, 1, card if many else None)
                if runs_leave[src] and not first_group:
                    yield from self._run_moves(pos, src, by_rank)
        for f in self._adds:
            yield from f.moves(pos)
        if self._own_moves:
            yield from self.game.extra_moves(pos)
        if self.has_deal_step and self.deal_open(pos):
            yield DEAL

    @functools.cached_property
    def vacancy_kinds(self) -> tuple[str | tuple[int, ...], ...]:
        """Each pile's kind of vacancy, for the move generator (and a rule
        feature offering a card to a vacancy) to list one empty pile of each:
        its layout group, or, for piles alike across
        groups (:meth:`Advice.alike_groups`: Napoleon's Square's packets on three
        sides), their class of piles alike."""
        kind: list[str | tuple[int, ...]] = [spec.group for spec in self.specs]
        for group in self.advice.alike_groups():
            if len({self.specs[i].group for i in group}) > 1:
                for i in group:
                    kind[i] = group
        return tuple(kind)

    def deal_open(self, pos: Position) -> bool:
        """Whether the dealing step may be taken now: its rule allows it and
        no feature holds it back (a card that must be played first)."""
        return self.deal_reason(pos) is None and \
            not any(f.blocks_deal(pos) for f in self._deal_blocks)

    def _run_moves(self, pos: Position, src: int,
                   by_rank: dict[int, list[tuple]]) -> Iterator[Move]:
        """Runs of more than one card from *src* to the piles that take their
        first card: *by_rank*, the move generator's table of the piles of a
        group that take each rank (see :meth:`_takers`), in order."""
        to_vacancy = self.specs[src].move == "run-to-vacancy"
        cards = pos.piles[src]
        for count in (c for c in self.run_lengths(pos, src) if c > 1):
            base = cards[-count]
            for dst, _, how, like in by_rank.get(base.rank, ()):
                if dst == src or (to_vacancy and pos.piles[dst]):
                    continue
                if (how is None or (base.suit == like if how == "same" else
                                    base.colour != like if how == "alternate" else
                                    self.fits(pos, base, dst))) \
                        and self.may_route(pos, src, dst, base) and \
                        not (not pos.piles[dst] and count == len(cards)):
                    yield Move(_MOVE, src, dst, count)

    def _pointless(self, pos: Position, src: int, dst: int) -> bool:
        """Moving a whole packet to an empty packet of the same group (or of
        its class alike across groups) changes nothing: it is legal but never
        listed (into another group's place, as the Shah's outer card into an
        opened ray, it does)."""
        return (not pos.piles[dst] and len(pos.piles[src]) == 1
                and self.specs[src].role is Role.TABLEAU and self.specs[dst].role is Role.TABLEAU
                and self.vacancy_kinds[src] == self.vacancy_kinds[dst])

    # ------------------------------------------------------------------ legality
    def is_legal(self, pos: Position, move: Move) -> bool:
        """Whether *move* is legal: the cheap yes or no, no words made
        (:meth:`move_reason` says why not)."""
        if self.status(pos)[0] is not Status.PLAYING:
            return False
        if (self._own_moves and self.game.is_own_move(pos, move)) \
                or any(f.owns(pos, move) for f in self._owners):
            return True
        if move.kind == "deal":
            return self.deal_open(pos)
        if move.kind != "move" or move.src is None or move.dst is None \
                or move.src == move.dst or move.src not in self.sources \
                or (self.specs[move.dst].role is Role.RESERVE and self.specs[move.dst].build is None
                    and move.dst not in self.placed_by):
            return False
        if move.count != 1:
            if self.specs[move.src].move == "run-to-vacancy" and pos.piles[move.dst]:
                return False
            return move.card is None and move.count in self.run_lengths(pos, move.src) \
                and self.specs[move.dst].role is not Role.FOUNDATION \
                and self.may_route(pos, move.src, move.dst, pos.piles[move.src][-move.count]) \
                and self.fits(pos, pos.piles[move.src][-move.count], move.dst)
        available = self.available_cards(pos, move.src)
        card = move.card if move.card is not None else (available[-1] if available else None)
        if card is None or card not in available:
            return False
        if self.specs[move.dst].role is not Role.FOUNDATION and \
                not self.one_card_leaves(pos, move.src):
            return False
        for f in self._verdicts:
            verdict = f.verdict(pos, move)
            if verdict is not None:
                return verdict
        return self.may_route(pos, move.src, move.dst, card) and self.fits(pos, card, move.dst)

    def may_route(self, pos: Position, src: int, dst: int, card: Card) -> bool:
        """Whether a card of pile *src* may travel to pile *dst* at all (the
        features' route rules and a game's own): the cheap yes or no beside
        :meth:`route_reason`."""
        for f in self._routers:
            if not f.route_allows(pos, src, dst, card):
                return False
        if self._own_route:
            return self.game.route_reason(pos, src, dst, card) is None
        return True

    # ------------------------------------------------------------------ the game's own
    def extra_moves(self, pos: Position) -> Iterable[Move]:
        """The game's own moves open now (:meth:`GameRule.extra_moves`)."""
        return self.game.extra_moves(pos)

    def features_settle(self, pos: Position) -> Position:
        """What the features do by themselves after the deal and after every
        move (vacancies refilled at once)."""
        return settled(self._settlers, pos)

    # ------------------------------------------------------------------ the deal step
    def deal_step_now(self, pos: Position) -> DealStep | None:
        """The layout's dealing step that takes the turn in *pos*, if any."""
        return next((f for f in self._deal_steps if f.takes_turn(pos)), None)

    def step_deal_reason(self, pos: Position) -> str | None:
        """Why the layout's dealing step that takes the turn is not open now."""
        step = self.deal_step_now(pos)
        if step is None:
            return f"{self.layout.title} has no dealing step: every card is dealt at the start"
        return step.deal_reason(pos)

    def step_apply_deal(self, pos: Position) -> Position:
        """The dealing step of the layout's rule that takes the turn now."""
        step = self.deal_step_now(pos)
        if step is None:
            raise NotImplementedError
        return step.apply_deal(pos)

    # ------------------------------------------------------------------ apply
    def apply(self, pos: Position, move: Move) -> Position:
        """The position after *move* (which must be legal): the deal step or
        the cards moved (the game rule's ``play_own`` for its own kind of
        move), then what the rules do with it (the features' ``after_move``),
        what the game records of it (its ``record``), then what happens by
        itself (:meth:`settle`)."""
        src, dst = move.src, move.dst
        if self._bare and move.kind == "move" and src is not None and dst is not None:
            return self.transfer(pos, src, dst, move.count, move.card)
        if move.kind == "deal":
            after = self.apply_deal(pos)
        else:
            own = self.game.play_own(pos, move)
            for f in self._appliers:
                if own is not None:
                    break
                own = f.apply_own(pos, move)
            if own is None:
                assert src is not None and dst is not None, f"{move} moves no card"
                own = self.transfer(pos, src, dst, move.count, move.card)
            after = own
            for f in self._after:
                after = f.after_move(pos, move, after)
        if self._records:
            after = self.game.record(pos, move, after)
        return self.settle(after)

    #: the position with cards moved from one pile to another (:func:`transfer`)
    transfer = staticmethod(transfer)

    def listing(self, pos: Position, moves: list[Move]) -> tuple[list[int], str | None]:
        """Which of *moves* (by index) 'patience moves' shows, and a line summing
        up the rest (the game's rule says: :meth:`GameRule.listing`)."""
        return self.game.listing(pos, moves)


def replay(rules: Rules, start: Position, moves: Iterable[Move]) -> Position:
    pos = start
    for m in moves:
        pos = rules.apply(pos, m)
    return pos


def __getattr__(name: str) -> Any:
    """``redeal_shuffled`` (the talon's shuffle for a redeal), read through the
    engine as before, imported only when asked for."""
    if name == "redeal_shuffled":
        from .features.talon import redeal_shuffled

        return redeal_shuffled
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
