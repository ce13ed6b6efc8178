"""The protocol between the engine's core and a rule feature.

A rule feature is one rule of the layout vocabulary (a counted grace, cards
laid aside between two foundations, a vacancy refilled at once ...).  It is
built only when a layout names it (:meth:`Feature.build`), reads its own
layout keys there, and answers the core at the points below.  Every point
has a default that changes nothing; a feature overrides only the points its
rule touches, and the core asks, at each point, only the features that
override it (found once per game), in the order of
:data:`patience_cli.features.FEATURES`.

The three encodings of a rule sit together in its class: the moves it
generates (:meth:`moves`, :meth:`only_moves`), the cheap yes or no
(:meth:`owns`, :meth:`verdict`, :meth:`route_allows`, :meth:`blocks_deal`;
for the places it lays cards on, :meth:`fits`, after the quick look of
:meth:`ranks_placed`) and the refusal's words (:meth:`refusal`,
:meth:`route_refusal`, :meth:`deal_refusal` ...), which a test holds to
agree.  A rule may also word its own moves (:meth:`words`), force one
where the player has no choice that matters (:meth:`forced`, for
``auto``), say when the game is won (:meth:`won`) or why it is lost
(:meth:`lost_words`), and prove a position lost for the solver
(:meth:`not_lost`).

A dealing step (the pack onto the talon, the tableau gathered and dealt
again ...) is a :class:`DealStep`: the first active one that takes the turn
in a position answers for the ``deal`` move there.

What a rule says of itself (its class's flags, read by the core and the
solver; each has a default that asks nothing of the rule):

``keys``
    The layout keys that name and set it, for ``layouts/README.md``.
``plain``
    Whether a move stays the transfer of cards between its two piles with
    this rule in play (the solver's pruning rests on it: :meth:`Rules.plain_moves`).
``topic``
    The rule's name in a refusal's topics (``refill``, ``claim`` ...): the
    rule text cites the numbered rule that states it (None: the core's topics).
``restricts_routes``
    Whether the rule restricts where a card may travel (then the move
    generator asks :meth:`route_allows` of every move it looks at).
``either_way``
    Whether the rule's moves between two piles are named either way round
    and listed once, the lower pile first (a pair put out: ``3 7`` or ``7 3``).
``lost_says_all``
    Whether :meth:`lost_words` say the whole of why the game is lost (not
    only why no deal is left).
``reads_suits``
    Whether the rule ever reads a card's suit in play (a pair of one suit,
    a marriage, a shuffle drawn from the cards).  Where no rule does and
    every build takes any suit, positions alike in ranks are one position
    to the solver (:meth:`Rules.suitless`): a rule must say False only
    where it reads ranks, places and counts alone.
``place_blind``
    Whether the rule reads nothing of where a pile lies in its group: it
    treats every pile of a group whose specs are alike the same (no row or
    column, no neighbour, no first or last pile but as an order of filling
    several vacancies alike).  Where every rule of a game says True, the
    piles of a group refilled one card at a time are interchangeable to
    the solver (:meth:`Routes.ordered_groups
    <patience_cli.features.routes.Routes.ordered_groups>`); a rule must
    say True only where that holds.
``deals_again``
    Whether the rule takes up cards already dealt and deals them again
    (the tableau gathered, packets re-dealt, the undermost card of each
    heap laid on its top): what the README's odds say of a game's kind.
``reads_cards_left``
    Whether what the rule does with the other cards may depend on when a
    card goes to its foundation: a lay-out dealt again from the cards left
    (the packets gathered: a card still there shifts every card after it),
    a pass through the pack that must place a card or end the game, a
    shuffle drawn from the cards, a round that counts the cards laid.  Then
    no move up is called safe (:meth:`Rules.safe_foundation_move`): keeping
    a card back may be what wins (the Indefatigable's deal 57).  True by
    default for a dealing step.  (A card whose pile the rules refill is
    never safe to send up: the core reads that from the layout.)
``from_foundations``
    Whether the rule lets cards leave the foundations (then a refusal of
    such a move asks its :meth:`refusal` before saying they stay there).
``provides``
    What the rule offers others by name, so that the solver, the core and
    other rules find it by what it does, never by its class
    (:meth:`Rules.providing`).  The names in use:

    * ``talon``: turns the pack one card at a time onto a talon; its
      ``stock``, ``talon``, ``redeals``, ``shuffle`` and ``tracks_dealing``
      are read (the compact search, the pruning);
    * ``still``: moves no card and forbids no move but by fixed routes (a
      card turned face up, a score, fixed routes): the compact search keeps
      nothing of it;
    * ``holds-nothing``: brings no card back to where the stuck rule counts
      it held (:mod:`patience_cli.solver.stuck`);
    * ``regather``: gathers the tableau and deals it again (``times``,
      ``stall``, ``to_stock`` read by the stuck rule);
    * ``placing``: the placed rounds' heaps (``piles``, ``stock``, ``talon``;
      the placed lines), and ``placed-safe``: a rule those lines follow;
    * ``turned-card``: only the card just turned may be played from the
      talon (``stock``, ``talon``, ``spent``), and ``turn-safe``: a rule the
      proof from the pack's order allows beside it
      (:mod:`patience_cli.solver.turned_order`);
    * ``crowned``: crowned sets put out (the solver's proof of whole sets),
      and ``deal-to``: the pack dealt a card to each pile of a group
      (``stock``, ``group``, ``cards``, ``slots``; that proof's rows ahead);
    * ``cleared``: which lone kings have been cleared down to themselves
      (the build's ``alone = "cleared"``);
    * ``unwind-safe``: takes no card from a pile but as the layout's routes
      allow (the pack dealt to the talon, a vacancy filled from the pack),
      so the proof of suits unwinding holds beside it
      (:mod:`patience_cli.solver.suits_unwind`);
    * ``pairs``, ``formed-at-end``, ``grace``, ``holds``, ``scoring``,
      ``change-places``, ``extra-card``, ``covered-triples``: the rule of
      that name, read by the parts that name it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from ..cards import Card
from ..layout import Layout, PileSpec
from ..position import Move, Position

if TYPE_CHECKING:
    class Standing(Protocol):
        """What a feature may ask of the status (:class:`patience_cli.status.Standing`)."""

        @property
        def home_ranks(self) -> frozenset[int]: ...
        def foundation_move_open(self, pos: Position) -> bool: ...

    class Building(Protocol):
        """What a feature may ask of the builds (:class:`patience_cli.building.Building`)."""

        def build_reason(self, pos: Position, card: Card, dst: int) -> str | None: ...

    class Rules(Protocol):
        """What a feature may ask of the engine (:class:`patience_cli.engine.Rules`)."""

        layout: Layout
        specs: tuple[PileSpec, ...]
        group_piles: dict[str, tuple[int, ...]]
        foundations: tuple[int, ...]
        stock: int | None
        sources: tuple[int, ...]
        targets: tuple[int, ...]
        deals_up: bool
        features: tuple[Feature, ...]
        @property
        def standing(self) -> Standing: ...
        @property
        def building(self) -> Building: ...

        @property
        def vacancy_kinds(self) -> tuple[str | tuple[int, ...], ...]: ...

        def available_cards(self, pos: Position, index: int) -> list[Card]: ...
        def open_moves(self, pos: Position) -> Iterator[Move]: ...
        def apply(self, pos: Position, move: Move) -> Position: ...
        def fits(self, pos: Position, card: Card, dst: int) -> bool: ...
        def ranks_taken(self, pos: Position, dst: int) -> frozenset[int] | None: ...
        def ranks_taken_by(self, pos: Position, dsts: Sequence[int]
                           ) -> list[tuple[int, frozenset[int] | None]]: ...
        def may_route(self, pos: Position, src: int, dst: int, card: Card) -> bool: ...
        def transfer(self, pos: Position, src: int, dst: int, count: int = 1,
                     card: Card | None = None) -> Position: ...
        def deal_reason(self, pos: Position) -> str | None: ...
        def home_count(self, pos: Position) -> int: ...
        def group_names(self, groups: Sequence[str]) -> str: ...
        def feature(self, kind: type | str) -> Any: ...
        def providing(self, capability: str) -> Any: ...
        def dealing(self) -> Any: ...
else:  # the protocol is for the type checker: made at run time, it costs every start
    Rules = Any


class Feature:
    """One rule of the layout vocabulary, answering the core's questions."""

    #: The layout keys that name and set it (see the module's docs).
    keys: ClassVar[tuple[str, ...]] = ()
    #: Whether a move stays the transfer of cards between its two piles (see the module's docs).
    plain: ClassVar[bool] = True
    #: The rule's name in a refusal's topics (none: the core's) (see the module's docs).
    topic: ClassVar[str | None] = None
    #: Whether the rule restricts where a card may travel (see the module's docs).
    restricts_routes: bool = False
    #: Whether its moves between two piles are named either way round (see the module's docs).
    either_way: ClassVar[bool] = False
    #: Whether its lost_words say the whole of why the game is lost (see the module's docs).
    lost_says_all: bool = False
    #: Whether the rule ever reads a card's suit in play (see the module's docs).
    reads_suits: bool = True
    #: Whether the rule reads nothing of where a pile lies in its group (see the module's docs).
    place_blind: ClassVar[bool] = False
    #: Whether the rule takes up cards already dealt and deals them again (see the module's docs).
    deals_again: ClassVar[bool] = False
    #: Whether what it does may depend on when a card goes up (see the module's docs).
    reads_cards_left: bool = False
    #: Whether the rule lets cards leave the foundations (see the module's docs).
    from_foundations: ClassVar[bool] = False
    #: What the rule offers others by name (the names in use: above) (see the module's docs).
    provides: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    @classmethod
    def build(cls, rules: Rules) -> Feature | None:
        """The feature for *rules*' layout, or None where the layout does
        not name it."""
        raise NotImplementedError

    # ------------------------------------------------------------ the deal
    def dealt(self, pos: Position) -> Position:
        """The position just dealt, with what the feature keeps of it."""
        return pos

    def settle(self, pos: Position) -> Position:
        """What happens by itself after the deal and after every move."""
        return pos

    # ------------------------------------------------------------ places
    def places(self) -> tuple[int, ...]:
        """Piles cards are laid on by this feature's rule alone (not by a
        build): they are move targets, and :meth:`fits` answers for them."""
        return ()

    def fits(self, pos: Position, card: Card, dst: int) -> bool:
        """Whether *card* may be laid on *dst*, one of :meth:`places`."""
        return False

    def ranks_placed(self, pos: Position, dst: int) -> frozenset[int] | None:
        """The ranks a card laid on *dst*, one of :meth:`places`, may have
        now: the move generator's quick look before :meth:`fits` (None: any
        rank may do, as far as this says)."""
        return None

    def build_reason(self, pos: Position, card: Card, dst: int) -> str | None:
        """Why *card* may not be laid on *dst*, one of :meth:`places`."""
        return None

    # ------------------------------------------------------------ moves
    def free_cards(self, pos: Position, index: int) -> list[Card] | None:
        """The cards of pile *index* that may be played now, where the rule
        decides it (a column with gaps inside it: the Labyrinth), else None
        (the pile's ``available`` says)."""
        return None

    def only_moves(self, pos: Position) -> Iterator[Move] | None:
        """While the rule holds, the only moves open (else None)."""
        return None

    def narrow_sources(self, pos: Position, sources: tuple[int, ...]) -> tuple[int, ...]:
        """The piles cards may be played from now, of *sources*."""
        return sources

    def narrow_targets(self, pos: Position,
                       groups: Sequence[tuple[int, ...]]) -> Sequence[tuple[int, ...]]:
        """The groups of piles cards may be played to now, of *groups*."""
        return groups

    def moves(self, pos: Position) -> Iterable[Move]:
        """The moves the rule adds, each legal now."""
        return ()

    def owns(self, pos: Position, move: Move) -> bool:
        """Whether *move* is one the rule adds, open now (then it is legal)."""
        return False

    def blocks_deal(self, pos: Position) -> bool:
        """Whether the rule forbids the deal step now."""
        return False

    def forced(self, pos: Position) -> Move | None:
        """The move the rule forces now, where the player has no choice that
        matters (``auto`` plays it), or None."""
        return None

    def verdict(self, pos: Position, move: Move) -> bool | None:
        """For a one-card move the layout's rules would let pass so far:
        False to forbid it, True to allow it whatever the routes and builds
        say, None to leave it to them."""
        return None

    def route_allows(self, pos: Position, src: int, dst: int, card: Card) -> bool:
        """Whether a card of pile *src* may travel to pile *dst* at all."""
        return True

    # ------------------------------------------------------------ words
    def deal_refusal(self, pos: Position) -> str | None:
        """Why the rule forbids the deal step now."""
        return None

    def stock_refusal(self, pos: Position, move: Move) -> str | None:
        """Words for a card move from the stock, asked before the core's."""
        return None

    def unavailable_words(self, pos: Position, src: int) -> str | None:
        """Words added where a card of *src* that is not free is named."""
        return None

    def refusal(self, pos: Position, move: Move) -> str | None:
        """Why the rule forbids a one-card move (the words of :meth:`verdict`)."""
        return None

    def words(self, pos: Position, move: Move, ascii: bool) -> str | None:
        """One of the rule's own moves in words, said before it is made (a
        pair put out), or None for the core's words."""
        return None

    def route_refusal(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        """Why a card of *src* may not travel to *dst* (:meth:`route_allows`)."""
        return None

    def removal_refusal(self, pos: Position, move: Move) -> str | None:
        """Why a ``remove`` move (cards taken up together from several piles)
        is refused, where the rule makes such moves (:meth:`owns` answers the
        cheap yes or no)."""
        return None

    # ------------------------------------------------------------ after a move
    def apply_own(self, pos: Position, move: Move) -> Position | None:
        """The position after one of the rule's own moves that is not the top
        cards of one pile laid on another (a ``remove``), else None."""
        return None

    def after_move(self, before: Position, move: Move, after: Position) -> Position:
        """*after* (a card move made) with what the rule does or keeps of it."""
        return after

    # ------------------------------------------------------------ status, solver
    def won(self, pos: Position) -> str | None:
        """How the game came out, where the rule says it is won now (the
        pack used up: Covering), else None (every card home wins)."""
        return None

    def lost_words(self, pos: Position) -> str | None:
        """Why no deal is left, said when the game is lost (with
        :attr:`lost_says_all`, why the game is lost)."""
        return None

    def not_lost(self, pos: Position, moves: list[Move]) -> list[Move]:
        """For the solver: those of *moves* (the moves open in *pos*) after
        which the rule does not prove the game lost, none where it proves
        *pos* lost already (the search goes no further there).  A proof
        only: a move after which the game could still be won is always kept.
        By default, all of them."""
        return moves

    def tally(self, pos: Position) -> str | None:
        """What is left of a counted rule, for the board's status line
        ("1 redeal left"), or None."""
        return None

    def ordered_groups(self) -> set[str]:
        """Groups whose piles the rule treats one by one (the solver may not
        take them as interchangeable)."""
        return set()

    def reads_places(self, pos: Position) -> bool:
        """Whether the rule may still read the places of its
        :meth:`ordered_groups` in *pos* or in any position after it.  A rule
        that stops (onto_latest's kings, once the pack is dealt out) says
        False from then on, and the solver takes them as alike there
        (:meth:`Rules.alike_groups_at`)."""
        return True


class DealStep(Feature):
    """A feature that is (or, in some positions, takes the place of) the
    game's dealing step."""

    #: Whether :meth:`dealt_words` say all the deal did (no events follow them).
    words_say_all: bool = False
    reads_cards_left = True  # unless the step says otherwise (see Feature)

    def takes_turn(self, pos: Position) -> bool:
        """Whether this feature answers for the deal step in *pos*."""
        return True

    def deal_reason(self, pos: Position) -> str | None:
        """Why the deal step is not open now, or None."""
        return None

    def apply_deal(self, pos: Position) -> Position:
        """The position after the deal step."""
        raise NotImplementedError

    def deal_name(self, pos: Position) -> str:
        """What the deal step does, said before it is made."""
        return "deal"

    def dealt_words(self, pos: Position, ascii: bool) -> str | None:
        """What the deal step did, said after it, where it says more than
        :meth:`deal_name` (the card turned up)."""
        return None


def targets_without(groups: Sequence[tuple[int, ...]],
                    closed: set[int] | frozenset[int]) -> Sequence[tuple[int, ...]]:
    """*groups* of target piles with the piles *closed* left out (a group
    left empty dropped), for :meth:`Feature.narrow_targets`."""
    if not closed:
        return groups
    return [g for g in (tuple(i for i in grp if i not in closed) for grp in groups) if g]


def overrides(feature: Feature, name: str) -> bool:
    """Whether *feature*'s class answers at point *name* (not the default)."""
    base = DealStep if hasattr(DealStep, name) and name in DealStep.__dict__ else Feature
    return getattr(type(feature), name) is not getattr(base, name)


class SetRemoval(Feature):
    """A rule whose moves take several piles' cards up together (a ``remove``
    move: the Wheel's crowned sets, Elevens' court-card triples): such a move
    is legal when :meth:`removal_refusal` has no words against it, and the
    deal step waits while one is open."""

    plain: ClassVar[bool] = False

    def any_open(self, pos: Position) -> bool:
        return next(iter(self.moves(pos)), None) is not None

    def owns(self, pos: Position, move: Move) -> bool:
        return move.kind == "remove" and self.removal_refusal(pos, move) is None

    def blocks_deal(self, pos: Position) -> bool:
        return self.any_open(pos)
