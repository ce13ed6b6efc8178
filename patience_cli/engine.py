"""The rules engine: positions, moves, legal-move generation, apply, status.

Plain Python with no I/O.  A :class:`Position` is immutable, so undo is simply
going back to an earlier position and a position can be hashed and compared.
:class:`Rules` holds the machinery every game shares (dealing from the layout,
the regular build rules of foundations and tableau piles); a game whose book
adds irregular rules subclasses it in its own module under
``patience_cli/games``.
"""

from __future__ import annotations

import functools

from .digest import sha256
from enum import Enum
from typing import Any, Iterable, Iterator, NamedTuple, Sequence

from .cards import RANK_NOUN, RANK_TEXT, Card, parse_card

RANK_OF_TEXT = {t: r for r, t in RANK_TEXT.items()}
from .errors import ExitStatus, PatienceError
from .layout import FIRST, Build, Layout, PileSpec, Role


class Status(Enum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


@functools.lru_cache(maxsize=None)
def _ranks_after(rank: int, steps: frozenset[int], wrap: bool) -> frozenset[int]:
    """The ranks a plain build takes on a card of *rank* (found once each)."""
    return frozenset(((rank + s - 1) % 13 + 1) if wrap else rank + s for s in steps)


class Position(NamedTuple):
    """Every pile's cards (bottom first) and how many of them lie face down
    (always the bottom ones), plus any game-specific state in ``extra``."""

    piles: tuple[tuple[Card, ...], ...]
    down: tuple[int, ...]
    extra: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.extra:
            if k == key:
                return v
        return default

    def with_extra(self, **changes: Any) -> "Position":
        d = dict(self.extra)
        d.update(changes)
        return self._replace(extra=tuple(sorted(d.items())))

    def cards(self) -> list[Card]:
        return [c for p in self.piles for c in p]

    def to_json(self) -> dict[str, Any]:
        """The position as plain JSON data (cards as codes such as ``10h``)."""
        return {"piles": [[c.code for c in p] for p in self.piles],
                "down": list(self.down),
                "extra": {k: _plain(v) for k, v in self.extra}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Position":
        """Inverse of :meth:`to_json`."""
        return cls(tuple(tuple(parse_card(c) for c in p) for p in data["piles"]),
                   tuple(int(d) for d in data["down"]),
                   tuple(sorted((k, _frozen(v)) for k, v in data["extra"].items())))

    def digest(self) -> str:
        """A short fingerprint of the position, stable across runs and machines."""
        h = sha256()
        for cards, down in zip(self.piles, self.down):
            h.update(f"{down}:{' '.join(c.code for c in cards)}|".encode())
        h.update(repr(self.extra).encode())
        return h.hexdigest()[:16]


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


class Move(NamedTuple):
    """One action.  ``kind`` is ``move`` (cards from pile *src* to pile *dst*)
    or ``deal`` (the game's next dealing step); games may add kinds of their own.
    ``src``/``dst`` are pile indexes; ``card`` names the card taken where a
    pile offers several (the Bouquet)."""

    kind: str
    src: int | None = None
    dst: int | None = None
    count: int = 1
    card: Card | None = None


DEAL = Move("deal")


class Played(NamedTuple):
    """A move made: the position after it and the events it caused."""

    position: "Position"
    events: tuple[dict[str, Any], ...]


class MoveError(PatienceError, ValueError):
    """Base of the errors met when reading or making a move."""

    exit_status = ExitStatus.USAGE


class InvalidMoveError(MoveError):
    """The move text is not a move at all (syntax, unknown pile)."""


class IllegalMoveError(MoveError):
    """A well-formed move that the rules forbid; the message says which rule."""

    exit_status = ExitStatus.REFUSED

    def message(self) -> str:
        return f"illegal move: {self}"


class AmbiguousMoveError(MoveError):
    """The move text fits several legal moves."""


def seq_text(cards: Sequence[Card], ascii: bool = False) -> str:
    return " ".join(c.text(ascii) for c in cards)


#: The methods a game's module may override (``layouts/README.md`` says what
#: each answers); a test holds every module to them.
HOOKS = (
    "deal", "initial_extra",                          # the deal
    "available_cards",                                # which cards may be played
    "route_reason", "build_reason",                   # where a card may go
    "extra_moves", "is_own_move", "extra_refusal",    # the game's own moves
    "play_own",
    "record", "settle",                               # after a move
    "deal_reason", "apply_deal",                      # a dealing step of its own
    "has_move", "lost_reason", "forced_move",         # the status
    "solver_moves", "solver_key",                     # the solver
    "describe", "outcome", "listing", "deal_step_name", "won_reason",   # words
)


class Rules:
    """Shared machinery; the default rules of a game with regular build rules."""

    #: Whether the ``deal`` move exists in this game.
    has_deal_step = False

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.specs = layout.piles
        self.foundations = tuple(p.index for p in self.specs if p.role is Role.FOUNDATION)
        self.tableau = tuple(p.index for p in self.specs if p.role is Role.TABLEAU)
        self.sources = tuple(p.index for p in self.specs
                             if p.role in (Role.TABLEAU, Role.RESERVE, Role.TALON)
                             and p.available != "none")
        #: where cards may be played to, group by group (a game may add its talon)
        self.target_groups: tuple[tuple[int, ...], ...] = (self.foundations, self.tableau)
        self.targets = self.foundations + self.tableau
        # The pack turned card by card onto a talon, with redeals (declarative:
        # ``redeals`` and ``redeal_shuffle`` in the layout's [play] table).
        stock = [p.index for p in self.specs if p.role is Role.STOCK]
        talon = [p.index for p in self.specs if p.role is Role.TALON]
        self.stock = stock[0] if len(stock) == 1 else None
        self.talon = talon[0] if len(talon) == 1 else None
        self.redeals = int(layout.play.get("redeals", 0))
        self.redeal_shuffle = bool(layout.play.get("redeal_shuffle", False))
        if self.stock is not None and self.talon is not None:
            self.has_deal_step = True
        #: the group the pack is dealt to, a card on each of its piles a step
        #: (play.deal_to), and the groups gathered up and dealt again (play.regather)
        self.deal_to: str | None = layout.play.get("deal_to")
        self.regather: dict[str, Any] = layout.play.get("regather", {})
        times = self.regather.get("times", 1)
        #: how often the tableau may be gathered and dealt again (None: without limit)
        self.regather_times: int | None = None if times == "unlimited" else int(times)
        if self.regather_times == 0:
            self.regather = {}  # a variant's way to say there is no new deal
        #: the deals in a row that may put no card on a foundation before no
        #: new deal is allowed (regather.stall; None: no such limit)
        self.regather_stall: int | None = self.regather.get("stall")
        #: the groups whose piles' undermost cards are laid on their tops, and how
        #: often (play.bottom_to_top: the Crescent's "three times")
        self.bottom_to_top: dict[str, Any] = layout.play.get("bottom_to_top", {})
        #: the pack dealt a card at a time onto the latest pile of a group, a
        #: king starting the next (play.onto_latest: the Salic Law, the Fairie Queen)
        self.onto_latest: dict[str, Any] = layout.play.get("onto_latest", {})
        if self.onto_latest and self.stock is not None:
            self.has_deal_step = True
        #: whether cards go up to the foundations as they are dealt (deal_up)
        self.deals_up = any(p.deal_up is not None for p in self.specs)
        #: counters paid for the pack and won for each card on a foundation
        #: (play.score: Klondike's "pays 52 ... paid 5 counters for every card")
        self.scoring: dict[str, int] = layout.play.get("score", {})
        #: a counted grace: so many times, a face-up card of these groups that
        #: is not free may go to a foundation all the same (play.grace)
        self.grace: dict[str, Any] = layout.play.get("grace", {})
        if (self.deal_to and self.stock is not None) or self.regather or self.bottom_to_top:
            self.has_deal_step = True
        #: the piles of each group, by the group's key
        self.group_piles: dict[str, tuple[int, ...]] = {
            g: tuple(p.index for p in ps) for g, ps in layout.groups()}
        #: piles refilled at once when they empty, in the order they are refilled
        self.refilled_at_once = tuple(p.index for p in self.specs
                                      if p.refill is not None and p.refill.when == "at-once")
        #: piles whose vacancies wait for the next deal (refill.when = "deal")
        self.refilled_at_deal = tuple(p.index for p in self.specs
                                      if p.refill is not None and p.refill.when == "deal")
        if self.refilled_at_deal and self.stock is not None:
            self.has_deal_step = True
        #: piles whose vacancy the player may fill with the pack's next card
        #: (refill.when = "player" from the pack: Napoleon's Square)
        self.filled_from_pack = tuple(
            p.index for p in self.specs if p.refill is not None and p.refill.when == "player"
            and self.stock is not None and self.specs[self.stock].group in p.refill.sources)
        #: whether any pile restricts where its cards come from (accepts_from,
        #: refill, second_to)
        self._routed = any(p.accepts_from is not None or p.refill is not None
                           or p.second_to is not None for p in self.specs) \
            or bool(layout.play.get("onto_latest", {}).get("build_after_deal"))
        #: piles whose card must be played whenever it can be (first_claim)
        self.first_claims = tuple(p.index for p in self.specs if p.first_claim
                                  and p.role is not Role.FOUNDATION)
        #: whether a card that can go to a foundation must (first_claim on foundations)
        self.foundations_first = any(p.first_claim and p.role is Role.FOUNDATION
                                     for p in self.specs)
        #: whether a refill changes its sources once the pack is being dealt
        self._tracks_dealing = any(p.refill is not None and p.refill.after_deal is not None
                                   for p in self.specs)
        receiving = tuple(p.index for p in self.specs
                          if p.role is Role.RESERVE and p.build is not None)
        if receiving:
            # a reserve that a book lets cards be placed on (its layout gives it a build)
            self.target_groups = self.target_groups + (receiving,)
            self.targets = self.targets + receiving
        if self.talon is not None and self.specs[self.talon].build is not None:
            # cards are packed on the talon where the layout gives it a build
            self.target_groups = self.target_groups + ((self.talon,),)
            self.targets = self.targets + (self.talon,)
        #: whether the game words build rules of its own, and a route rule
        #: (asked at every move looked at: found once)
        self._worded = self._worded_builds()
        self._own_route = type(self).route_reason is not Rules.route_reason
        hold = layout.play.get("hold", {})
        #: places where a card that both the ascending and the descending
        #: foundation of a pair take may be laid aside until play decides
        #: (play.hold: the Crescent's "between the two rows"), each with its
        #: pair (ascending, descending); and how a held card leaves
        self.holds: dict[int, tuple[int, int]] = {}
        self.hold_decide: str = hold.get("decide", "continuing")
        if hold:
            g = self.group_piles
            self.holds = {h: (u, d) for h, u, d in
                          zip(g[hold["group"]], g[hold["up"]], g[hold["down"]])}
            self._routed = True
        #: piles whose build the layout says plainly (no sequence, base card,
        #: capacity ... and no words of the game's own): their fits() is a
        #: few comparisons, set out once here (None: the full rules)
        self._plain: tuple[tuple | None, ...] = tuple(
            self._plain_build(p) for p in self.specs)
        #: see :attr:`open_routes`
        self._open_routes = not (self._routed or self._own_route or self.holds)
        #: each foundation of a hold's pair, with its pair
        self._pair_of: dict[int, tuple[int, int]] = {
            f: pair for pair in self.holds.values() for f in pair}
        if not self._worded:
            # a pile the layout gives no build never takes a card by its rules:
            # the move generator need not look at it (a game's own moves may)
            self._build_targets = tuple(tuple(i for i in g if self.specs[i].build is not None)
                                        for g in self.target_groups)
        else:
            self._build_targets = self.target_groups
        if self.holds:
            self.target_groups = self.target_groups + (tuple(self.holds),)
            self.targets = self.targets + tuple(self.holds)
            self._build_targets = self._build_targets + (tuple(self.holds),)

    # ------------------------------------------------------------------ dealing
    def deal(self, deck: Sequence[Card]) -> Position:
        """Lay out *deck* (top card first) as the layout says: first the cards
        the layout withdraws (each the first of its kind in the pack), then
        the rest pile by pile; vacancies to be refilled at once are filled."""
        piles: list[list[Card]] = [[] for _ in self.specs]
        deck = self.withdraw(deck, piles)
        i = 0
        fixed = [p for p in self.specs if isinstance(p.deal, int)]
        if self.layout.deal_groups:
            rank = {g: n for n, g in enumerate(self.layout.deal_groups)}
            fixed.sort(key=lambda p: rank.get(p.group, len(rank)))  # stable: file order within
        shared = [p for p in self.specs if p.deal == "rest" and self.layout.deal_order == "rounds"
                  and p.role is not Role.STOCK]
        if shared or self.deals_up:
            i = self._deal_stepwise(deck, piles, fixed + shared)
        elif self.layout.deal_order == "rounds":
            remaining = {p.index: p.deal for p in fixed}
            while any(remaining.values()):
                for p in fixed:
                    if remaining[p.index]:
                        piles[p.index].append(deck[i])
                        i += 1
                        remaining[p.index] -= 1
        else:
            for p in fixed:
                piles[p.index].extend(deck[i:i + p.deal])
                i += p.deal
        rest = [p for p in self.specs if p.deal == "rest" and p not in shared]
        if len(rest) > 1:
            raise ValueError("only one pile may take the rest of the pack")
        if rest:
            # A face-down pack keeps its top card on top (last); cards laid
            # face up are laid in the order they come.
            remainder = deck[i:]
            piles[rest[0].index].extend(reversed(remainder) if rest[0].is_face_down else remainder)
            i = len(deck)
        if i != len(deck):
            raise ValueError(f"the layout deals {i} cards but the pack has {len(deck)}")
        down = tuple(len(piles[p.index]) if p.is_face_down
                     else max(0, len(piles[p.index]) - 1) if p.face in ("top-up", "alternate")
                     else 0
                     for p in self.specs)
        pos = self.settle(self.initial_extra(Position(tuple(tuple(p) for p in piles), down)))
        if self.regather_stall is not None:  # the foundations' count the first deal starts from
            pos = pos.with_extra(home_at=self._home_count(pos))
        return pos

    def _deal_stepwise(self, deck: Sequence[Card], piles: list[list[Card]],
                       order: list[PileSpec]) -> int:
        """Deal *deck* card by card to the piles of *order*, each its ``deal``
        count (``rest``: until the pack is out), pile by pile or a card to each
        in turn (``deal.order``).  A card that a foundation its pile names in
        ``deal_up`` takes goes up as it is dealt, and its place takes the next
        card or is passed over (``deal.up_slot``); with ``deal.up_from =
        "free"`` the last card of every pile dealt goes up too, whenever it can,
        and with ``"round"`` the last card of every pile dealt in this round
        (Cadogan's Louis: each circle blocks the one before it).
        Returns how many cards of *deck* were dealt."""
        remaining = {p.index: (len(deck) if p.deal == "rest" else p.deal) for p in order}
        refill = self.layout.deal_up_slot == "refill"
        rounds = self.layout.deal_order == "rounds"
        free = self.layout.deal_up_from
        fresh: set[int] | None = set() if free == "round" else None  # this round's tops
        i = 0
        while i < len(deck) and any(remaining.values()):
            if fresh is not None:
                fresh.clear()
            for p in order:
                while remaining[p.index] and i < len(deck):
                    card = deck[i]
                    i += 1
                    up = self._goes_up_as_dealt(piles, p, card)
                    if up is not None:
                        piles[up].append(card)
                        if free != "dealt":
                            self._free_cards_go_up(piles, order, fresh)
                        if refill:
                            continue  # the next card takes its place
                    else:
                        piles[p.index].append(card)
                        if fresh is not None:
                            fresh.add(p.index)
                    remaining[p.index] -= 1
                    if rounds:
                        break
        return i

    def _free_cards_go_up(self, piles: list[list[Card]], order: list[PileSpec],
                          fresh: set[int] | None = None) -> None:
        """During the deal, the last card of each pile dealt goes up while a
        foundation of its ``deal_up`` takes it (Hoffmann's La Nationale); with
        *fresh*, only the last cards laid in this round, a card beneath one
        gone up staying blocked (Cadogan's Louis)."""
        moved = True
        while moved:
            moved = False
            for p in order:
                if piles[p.index] and (fresh is None or p.index in fresh):
                    up = self._goes_up_as_dealt(piles, p, piles[p.index][-1])
                    if up is not None:
                        piles[up].append(piles[p.index].pop())
                        if fresh is not None:
                            fresh.discard(p.index)
                        moved = True

    def _goes_up_as_dealt(self, piles: list[list[Card]], spec: PileSpec,
                          card: Card) -> int | None:
        """The foundation a card just dealt to pile *spec* goes up to at once
        (its ``deal_up``), if one takes it.  Where the layout lays aside a card
        both foundations of a pair take (``play.hold``), such a card goes to
        its place aside; and a card that would follow a card laid aside sends
        that card up first (it is moved here, before the card is laid)."""
        targets = spec.deal_up
        if targets is None:
            return None
        pos = Position(tuple(tuple(p) for p in piles), (0,) * len(piles))
        for hold, pair in self.holds.items():
            if not piles[hold]:
                if self._holdable(pos, card, hold):
                    return hold
                continue
            for f in pair:
                if self.fits(pos, piles[hold][-1], f):
                    after = self.transfer(pos, hold, f)
                    if self.fits(after, card, f):
                        piles[f].append(piles[hold].pop())
                        return f
        # a card that starts a foundation goes to its place from any pile ("the
        # foundation cards, as they appear in the deal ... are at once played")
        empty = next((f for f in self.foundations if not piles[f] and self.fits(pos, card, f)),
                     None)
        if empty is not None:
            return empty
        found = self.foundations if targets == "any" else \
            tuple(self.layout.by_number(n).index for n in targets)  # type: ignore[union-attr]
        return next((f for f in found if self.fits(pos, card, f)), None)

    def withdraw(self, deck: Sequence[Card], piles: list[list[Card]]) -> list[Card]:
        """Take out of *deck* the card each pile's ``withdraw`` names (a rank:
        the first card of that rank; a card such as ``Kh``: the first such
        card), lay it on its pile, and return the rest of the deck in order."""
        wanted = [p for p in self.specs if p.withdraw is not None]
        if not wanted:
            return list(deck)
        rest = list(deck)
        for spec in wanted:
            pattern = spec.withdraw.upper()
            every = pattern.endswith("+")  # every such card still in the pack
            pattern = pattern.rstrip("+")
            colour = None  # "black A": the first black ace
            for word in ("BLACK ", "RED "):
                if pattern.startswith(word):
                    colour, pattern = word.strip().lower(), pattern[len(word):]
            rank_text, suit = (pattern[:-1], pattern[-1].lower()) \
                if pattern[-1] in "CDHS" and pattern[:-1] else (pattern, None)
            rank = RANK_OF_TEXT[rank_text]
            found = [n for n, card in enumerate(rest)
                     if card.rank == rank and (suit is None or card.suit.value == suit)
                     and (colour is None or card.colour.value == colour)]
            if not found:
                raise ValueError(f"the pack holds no {spec.withdraw} left for the {spec.ref}")
            for n in reversed(found if every else found[:1]):
                piles[spec.index].insert(0, rest.pop(n))
        return rest

    def initial_extra(self, pos: Position) -> Position:
        return pos

    @property
    def open_routes(self) -> bool:
        """Whether every card may travel to every pile its build lets it: no
        route rule of the layout's or the game's, no cards laid aside (found
        once, at construction)."""
        return self._open_routes

    @property
    def plain_builds(self) -> tuple[tuple | None, ...]:
        """Each pile's build where the layout says it plainly: (what an empty
        pile takes: a rank, 0 for any card or None for none; the rank it ends
        with; its suit rule; the rank steps a card may make from the top;
        whether it turns the corner), else None (see :meth:`fits`)."""
        return self._plain

    def plain_moves(self) -> bool:
        """Whether a move changes nothing but the two piles it names: no module
        of the game's own, no route rules, claims, compulsions or graces, no
        pile refilled or dealt onto in play (the solver's pruning and the
        wider safe rule rest on it; found once)."""
        known = self.__dict__.get("_plain_moves")
        if known is None:
            known = self.__dict__["_plain_moves"] = self.layout.rules == "standard" \
                and self._open_routes \
                and not (self.first_claims or self.foundations_first or self.grace
                         or self.onto_latest or self.refilled_at_deal or self.refilled_at_once
                         or self.filled_from_pack)
        return known

    # ------------------------------------------------------------------ reading
    def spec(self, index: int) -> PileSpec:
        return self.specs[index]

    def available_cards(self, pos: Position, index: int) -> list[Card]:
        """The cards of a pile that may be played now (Rule I of most games)."""
        spec = self.specs[index]
        cards = pos.piles[index]
        if not cards or spec.available == "none":
            return []
        if spec.available == "all":
            return list(cards[pos.down[index]:])
        if len(cards) <= pos.down[index]:
            return []
        return [cards[-1]]

    def run_lengths(self, pos: Position, index: int) -> range:
        """How many cards may leave pile *index* together (its ``move``): 1 for
        the top card alone; with ``face-up-run`` up to every face-up card;
        with ``whole-run`` every face-up card together and no fewer; with
        ``built-run`` up to the longest run at the top that follows the pile's
        own build."""
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
                self.in_sequence(spec.build, cards[-n], cards[-n - 1]):
            n += 1
        return range(1, n + 1)

    # ------------------------------------------------------------------ building
    def fits(self, pos: Position, card: Card, dst: int) -> bool:
        """Whether *card* may go on pile *dst*: the cheap yes or no, with no
        words made (:meth:`build_reason` words a refusal).  A game that
        words its own build rules is asked through them."""
        plain = self._plain[dst]
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
        if dst in self.holds:
            return self._holdable(pos, card, dst)
        if self._worded:
            return self.build_reason(pos, card, dst) is None
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
        if build.alone and len(pile) == 1:
            return True  # a lone king (its pile's first card alone) takes any card
        top = pile[-1]
        if build.until is not None and top.rank == build.until:
            return False
        if build.one_way and len(pile) > 1 and not self._keeps_way(card, pile):
            return False
        return self.in_sequence(build, card, top)

    def _plain_build(self, spec: PileSpec) -> tuple | None:
        """(what an empty pile takes: a rank, 0 for any card or None for
        none; the rank it ends with; its suit rule; the rank steps a card
        may make from the top; whether it turns the corner), or None."""
        b = spec.build
        if b is None or self._worded or spec.index in self.holds or spec.role not in (
                Role.FOUNDATION, Role.TABLEAU, Role.TALON, Role.RESERVE) or \
                b.distinct_suits or b.base_card is not None or b.sequence is not None or \
                b.base == FIRST or b.until == FIRST or b.capacity is not None or b.alone or \
                b.one_way:
            return None
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

    def _holdable(self, pos: Position, card: Card, hold: int) -> bool:
        """Whether *card* may be laid aside in the empty place *hold*: both
        foundations of its pair take it now (``play.hold``)."""
        up, down = self.holds[hold]
        return not pos.piles[hold] and self.fits(pos, card, up) and self.fits(pos, card, down)

    def _hold_reason(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        """Why a card may not go from *src* to *dst* by the rule of the cards
        laid aside (``play.hold``): a card laid aside goes only to its pair's
        foundations; and with ``decide = "continuing"``, a card that both
        foundations of a pair take goes to one of them only when a free card
        would follow it there at once (until then it waits, aside or where
        it is)."""
        if src in self.holds and dst not in self.holds[src]:
            up, down = self.holds[src]
            return (f"the card laid aside in the {self.specs[src].ref} goes only to the "
                    f"{self.specs[up].ref} or the {self.specs[down].ref}")
        pair = self._pair_of.get(dst)
        if self.hold_decide != "continuing" or pair is None:
            return None
        other = pair[1] if pair[0] == dst else pair[0]
        if not (self.fits(pos, card, dst) and self.fits(pos, card, other)):
            return None
        after = self.transfer(pos, src, dst, card=card if src not in self.holds else None)
        if any(self.fits(after, c, dst) for i in self.sources if i not in self.holds
               for c in self.available_cards(after, i)):
            return None
        hold = next(h for h, p in self.holds.items() if p == pair)
        place = f"in the {self.specs[src].ref}" if src in self.holds else \
            f"where it is, or in the {self.specs[hold].ref},"
        return (f"both the {self.specs[pair[0]].ref} and the {self.specs[pair[1]].ref} "
                f"take the {card}: it waits {place} until a free card would follow it on "
                "one of them, and the first such card decides")

    @staticmethod
    def _keeps_way(card: Card, pile: Sequence[Card]) -> bool:
        """Whether *card* goes on the way the pile's top two cards go."""
        return (card.rank - pile[-1].rank) == (pile[-1].rank - pile[-2].rank)

    def _worded_builds(self) -> bool:
        """Whether this game words build rules of its own (then :meth:`fits`
        asks them); found once per class."""
        cls = type(self)
        found = cls.__dict__.get("_WORDED")
        if found is None:
            found = (cls.build_reason is not Rules.build_reason
                     or cls.empty_reason is not Rules.empty_reason
                     or cls.sequence_reason is not Rules.sequence_reason)
            cls._WORDED = found
        return found

    def build_reason(self, pos: Position, card: Card, dst: int) -> str | None:
        """Why *card* may not go on pile *dst*, or None if it may."""
        spec = self.specs[dst]
        if dst in self.holds:
            if pos.piles[dst]:
                return f"the {spec.ref} holds one card at a time"
            if self._holdable(pos, card, dst):
                return None
            up, down = self.holds[dst]
            return (f"the {spec.ref} takes only a card that both the {self.specs[up].ref} "
                    f"and the {self.specs[down].ref} would take now: the {card} does not")
        build = spec.build
        if build is None or spec.role not in (Role.FOUNDATION, Role.TABLEAU, Role.TALON,
                                              Role.RESERVE):
            return f"nothing may be placed on the {spec.ref}"
        pile = pos.piles[dst]
        where = "the foundations" if spec.role is Role.FOUNDATION else f"the {spec.name}"
        if build.base == 0 or build.until == 0:
            build = self.decided(pos, spec)
            if build.base == 0 and not pile:
                return None  # the first card decides
        if not pile and build.distinct_suits and self._suit_taken(pos, spec, card):
            return (f"the {spec.name}s are of different suits: one already holds the "
                    f"{card.suit.name.lower()}, so the {card} cannot start the {spec.ref}")
        if not pile and build.base_card is not None and card.code.lower() != \
                build.base_card.lower():
            from .cards import parse_card

            return f"the {spec.ref} is the place of the {parse_card(build.base_card)} only"
        if build.sequence is not None:
            return self.order_reason(build, spec, card, pile)
        if not pile:
            return self.empty_reason(build, spec, card)
        if build.capacity is not None and len(pile) >= build.capacity:
            n = build.capacity
            return f"the {spec.ref} holds at most {n} card{'s' if n != 1 else ''}"
        if build.alone and len(pile) == 1:
            return None  # a lone king takes any card
        top = pile[-1]
        if build.until is not None and top.rank == build.until:
            return f"the {spec.ref} is complete at the {RANK_NOUN[top.rank]}"
        if build.one_way and len(pile) > 1 and not self._keeps_way(card, pile) and \
                self.in_sequence(build, card, top):
            way = "up" if top.rank > pile[-2].rank else "down"
            return (f"the {spec.ref} goes {way}, as its first cards set it: the {card} "
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
            return f"an empty packet of the {spec.name} is never refilled"
        return None

    def decided(self, pos: Position, spec: PileSpec) -> Build:
        """*spec*'s build with a base or end rank of ``first`` made real: the
        rank of the first card of any pile of its group (the card the deal
        laid there); its end is the rank below, the run going round the
        corner.  Before any such card: still undecided (0)."""
        build = spec.build
        assert build is not None
        first = next((pos.piles[i][0].rank for i in self.group_piles[spec.group]
                      if pos.piles[i]), 0)
        base = first if build.base == 0 else build.base
        until = ((first - 2) % 13 + 1 if first else 0) if build.until == 0 else build.until
        return build._replace(base=base, until=until)

    def _suit_taken(self, pos: Position, spec: PileSpec, card: Card) -> bool:
        return any(pos.piles[i] and pos.piles[i][0].suit == card.suit
                   for i in self.group_piles[spec.group])

    def order_reason(self, build: Build, spec: PileSpec, card: Card,
                     pile: Sequence[Card]) -> str | None:
        """Why *card* may not go on a pile built in a set order of ranks."""
        from .layout import sequence_text

        order = build.sequence or ()
        n = len(pile)
        if n < len(order) and card.rank == order[n] and \
                (not pile or self.suit_follows(build, card, pile[-1])):
            return None
        if n >= len(order):
            return f"the {spec.ref} is complete"
        needed = RANK_NOUN[order[n]]
        if card.rank != order[n]:
            what = f"the {spec.ref} takes {'an' if order[n] in (1, 8) else 'a'} {needed} next"
            if not pile:
                what = f"an empty {spec.ref} takes only {'an' if order[n] in (1, 8) else 'a'} " \
                       f"{needed}"
            return f"{what} (its order is {sequence_text(order)}): the {card} cannot go there"
        top = pile[-1]
        if build.suit == "same":
            return f"the {spec.ref} follows suit: the {card} cannot go on the {top}"
        return f"the {spec.ref} builds in alternate colours: the {card} cannot go on the {top}"

    @staticmethod
    def suit_follows(build: Build, card: Card, top: Card) -> bool:
        """Whether *card* keeps *build*'s rule of suit or colour on *top*."""
        if build.suit == "same":
            return card.suit == top.suit
        if build.suit == "alternate":
            return card.colour != top.colour
        return True

    @staticmethod
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

    def sequence_reason(self, build: Build, where: str, card: Card, top: Card) -> str | None:
        if self.in_sequence(build, card, top):
            return None  # no words are made for a move that is allowed
        plural = where == "the foundations"  # "the foundations follow", "the Garden follows"
        clash = f"the {card} cannot go on the {top}"
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
            hint = (f" (it needs {'an' if need in (1, 8) else 'a'} {RANK_NOUN[need]})"
                    if build.direction in ("up", "down") and 1 <= need <= 13 else "")
            return f"{where} {verb}: the {card} cannot go on the {top}{hint}"
        return None

    # ------------------------------------------------------------------ moves
    def legal_moves(self, pos: Position) -> Iterator[Move]:
        """Every legal move, lazily, in a stable order: foundation moves first.
        Take ``any()`` of it to ask whether a move exists, ``list()`` to have
        them all."""
        if self.status(pos)[0] is not Status.PLAYING:
            return iter(())
        return self._placements(pos)

    def open_moves(self, pos: Position) -> Iterator[Move]:
        """The legal moves of a position that is not won, lazily, without the
        status's look ahead for a game that only shifts cards about (the
        solver, which remembers every position it has seen, uses this)."""
        return self._placements(pos)

    def is_won(self, pos: Position) -> bool:
        """Whether every card in play is home: the game is won."""
        return self._all_home(pos)

    def _placements(self, pos: Position) -> Iterator[Move]:
        """The card moves and the deal step the rules allow, whatever the
        status, generated lazily."""
        vacancy = self.waiting_vacancy(pos) if self.refilled_at_once else None
        if vacancy is not None:
            # a vacancy to be filled at once, by the player's choice of card
            for src in self._fillers(vacancy):
                if self.available_cards(pos, src):
                    yield Move("move", src, vacancy)
            return
        sources = self.sources
        if self.first_claims:
            claimed = self.claiming(pos)
            if claimed:
                sources = claimed
        groups = self._build_targets
        if self.onto_latest and self.dealing(pos):
            groups = groups[:1]  # while the pack is dealt, cards go only to the foundations
        if self.foundations_first and self.foundation_move_open(pos):
            # a card that can go up must: only such moves are open
            for src in self.sources:
                for card in dict.fromkeys(self.available_cards(pos, src)):
                    for dst in self.foundations:
                        if self.may_route(pos, src, dst, card) and self.fits(pos, card, dst):
                            yield Move("move", src, dst, 1,
                                       card if self.specs[src].available == "all" else None)
            return
        free: dict[int, Iterable[Card]] = {}  # each source's cards that may be played, once
        for dst_group in groups:
            # Empty piles of one layout group are interchangeable: list only the
            # first of each (an empty ace's place and an empty king's are not alike).
            firsts: dict[str, int] = {}
            for d in dst_group:
                if not pos.piles[d] and d not in self.holds:  # each hold has its own pair
                    firsts.setdefault(self.specs[d].group, d)
            dsts = [d for d in dst_group if pos.piles[d] or d in self.holds
                    or firsts.get(self.specs[d].group) == d]
            takers = self._takers(pos, dsts)
            # the takers of each rank, in order (those that take any rank, or
            # are asked in full, under every rank): a card looks at its own
            by_rank: dict[int, list[tuple]] = {}
            for taker in takers:
                for rank in (taker[1] if taker[1] is not None else range(1, 14)):
                    by_rank.setdefault(rank, []).append(taker)
            for src in sources:
                many = self.specs[src].available == "all"
                if dst_group is not groups[0] and not self._one_card_leaves(pos, src):
                    cards_here: Iterable[Card] = ()   # its face-up cards move only together
                else:
                    cards_here = free.get(src)  # type: ignore[assignment]
                    if cards_here is None:
                        cards_here = free[src] = tuple(dict.fromkeys(
                            self.available_cards(pos, src)))
                anywhere = self._open_routes
                for card in cards_here:
                    for dst, ranks, how, like in by_rank.get(card.rank, ()):
                        if dst == src:
                            continue
                        if how is None or (card.suit == like if how == "same" else
                                           card.colour != like if how == "alternate" else
                                           self.fits(pos, card, dst)):
                            if (anywhere or self.may_route(pos, src, dst, card)) \
                                    and (pos.piles[dst] or not self._pointless(pos, src, dst)):
                                yield Move("move", src, dst, 1, card if many else None)
                if self.specs[src].move != "top" and dst_group is not groups[0]:
                    for count in (c for c in self.run_lengths(pos, src) if c > 1):
                        base = pos.piles[src][-count]
                        for dst in dsts:
                            if self.specs[src].move == "run-to-vacancy" and pos.piles[dst]:
                                continue
                            if dst != src and self.may_route(pos, src, dst, base) \
                                    and self.fits(pos, base, dst) and \
                                    not (not pos.piles[dst] and count == len(pos.piles[src])):
                                yield Move("move", src, dst, count)
        if self.filled_from_pack:
            yield from self.pack_fills(pos)
        yield from self.extra_moves(pos)
        if self.grace:
            yield from self.grace_moves(pos)
        if self.has_deal_step and self.deal_reason(pos) is None and \
                not (self.first_claims and sources is not self.sources):
            yield DEAL

    def pack_fills(self, pos: Position) -> Iterator[Move]:
        """The pack's next card, unseen, into a vacancy the player may fill
        from the pack (the first such vacancy of each group: they are alike)."""
        if self.stock is None or not pos.piles[self.stock]:
            return
        groups = set()
        for i in self.filled_from_pack:
            if not pos.piles[i] and self.specs[i].group not in groups:
                groups.add(self.specs[i].group)
                yield Move("move", self.stock, i)

    def _pack_fill_open(self, pos: Position, move: Move) -> bool:
        return move.kind == "move" and move.src == self.stock and move.count == 1 and \
            move.card is None and move.dst in self.filled_from_pack and \
            not pos.piles[move.dst] and bool(pos.piles[self.stock])

    def _one_card_leaves(self, pos: Position, src: int) -> bool:
        """Whether the top card alone may leave pile *src* for another pile
        (not where its face-up cards move only all together)."""
        return self.specs[src].move != "whole-run" or \
            len(pos.piles[src]) - pos.down[src] < 2

    def graces_left(self, pos: Position) -> int:
        return int(self.grace.get("times", 1)) - int(pos.get("graces", 0)) if self.grace else 0

    def grace_moves(self, pos: Position) -> Iterator[Move]:
        """The moves a counted grace opens: a face-up card of the grace's
        groups that is not free, to a foundation that takes it."""
        if self.graces_left(pos) <= 0:
            return
        if self.grace.get("before_start") and (
                any(pos.piles[f] for f in self.foundations) or self.foundation_move_open(pos)):
            return  # only while the game cannot even begin (the Fifteen)
        row = self.grace.get("row")
        ranks = self.grace.get("ranks")
        used = pos.get("grace_ranks", ())
        for group in self.grace.get("from", ()):
            for src in self.group_piles[group]:
                free = set(self.available_cards(pos, src))
                cards = pos.piles[src][pos.down[src]:]
                if row is not None:  # only the card dealt in that row of the pile
                    cards = pos.piles[src][row - 1:row] if pos.down[src] < row else ()
                for card in dict.fromkeys(cards):
                    if card in free:
                        continue
                    if ranks is not None and (RANK_TEXT[card.rank] not in ranks
                                              or card.rank in used):
                        continue
                    for dst in self.foundations:
                        if self.fits(pos, card, dst):
                            yield Move("move", src, dst, 1, card)
                            break

    def is_grace(self, pos: Position, move: Move) -> bool:
        """Whether *move* is one a counted grace opens now."""
        return bool(self.grace) and move.card is not None and move.kind == "move" and \
            move in self.grace_moves(pos)

    # ------------------------------------------------------------------ hooks
    def extra_moves(self, pos: Position) -> Iterable[Move]:
        """Hook: the moves a game's book allows beyond the layout's rules (a
        privilege, a grace), each legal now.  The engine lists them with the
        others and accepts them; :meth:`extra_refusal` words a refusal."""
        return ()

    def is_own_move(self, pos: Position, move: Move) -> bool:
        """Hook: whether *move* is one of the game's own moves, open now.  By
        default, whether :meth:`extra_moves` lists it; a game that lists one
        of several moves alike (an ace to the first empty foundation, a pair
        named either way round) answers for the others here."""
        return move in self.extra_moves(pos)

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        """Hook (words): why the rules refuse *move*, in the book's words, asked
        before the engine's own; None to let the engine answer.  It only words
        a refusal: it must never refuse a legal move (a test holds every game
        to this), since the cheap :meth:`is_legal` does not ask it."""
        return None

    def foundation_move_open(self, pos: Position) -> bool:
        """Whether some available card can go to a foundation now."""
        return any(self.may_route(pos, src, dst, card) and self.fits(pos, card, dst)
                   for src in self.sources for card in self.available_cards(pos, src)
                   for dst in self.foundations)

    def claiming(self, pos: Position) -> tuple[int, ...]:
        """The piles with first claim (``first_claim``) whose card can be
        played now: while there are any, only their cards may move."""
        found = []
        for src in self.first_claims:
            for card in self.available_cards(pos, src):
                if any(dst != src and self.may_route(pos, src, dst, card)
                       and self.fits(pos, card, dst) for dst in self.targets):
                    found.append(src)
                    break
        return tuple(found)

    def is_legal(self, pos: Position, move: Move) -> bool:
        """Whether *move* is legal: the cheap yes or no, no words made
        (:meth:`move_reason` says why not)."""
        if self.status(pos)[0] is not Status.PLAYING:
            return False
        if self.is_own_move(pos, move) or self.is_grace(pos, move):
            return True
        if self.filled_from_pack and self._pack_fill_open(pos, move):
            return not self.first_claims or not self.claiming(pos)
        if move.kind == "deal":
            return self.deal_reason(pos) is None and \
                (not self.refilled_at_once or self.waiting_vacancy(pos) is None) and \
                (not self.first_claims or not self.claiming(pos)) and \
                (not self.foundations_first or not self.foundation_move_open(pos))
        if move.kind != "move" or move.src is None or move.dst is None \
                or move.src == move.dst or move.src not in self.sources \
                or (self.specs[move.dst].role is Role.RESERVE and self.specs[move.dst].build is None
                    and move.dst not in self.holds):
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
                not self._one_card_leaves(pos, move.src):
            return False
        if self.refilled_at_once:
            vacancy = self.waiting_vacancy(pos)
            if vacancy is not None:
                return move.dst == vacancy and move.src in self._fillers(vacancy)
        if self.first_claims:
            claimed = self.claiming(pos)
            if claimed and move.src not in claimed:
                return False
        if self.foundations_first and move.dst not in self.foundations and \
                self.foundation_move_open(pos):
            return False
        return self.may_route(pos, move.src, move.dst, card) and self.fits(pos, card, move.dst)

    def may_route(self, pos: Position, src: int, dst: int, card: Card) -> bool:
        """Whether a card of pile *src* may travel to pile *dst* at all (the
        layout's ``accepts_from`` and ``refill``, and a game's route rule):
        the cheap yes or no beside :meth:`route_reason`."""
        if self.holds and self._hold_reason(pos, src, dst, card) is not None:
            return False
        if self._routed and (not self._accepts(pos, src, dst)
                             or self._wanted_first(pos, dst, card) is not None):
            return False
        if self._own_route:
            return self.route_reason(pos, src, dst, card) is None
        return True

    def _wanted_first(self, pos: Position, dst: int, card: Card) -> int | None:
        """A pile of the groups *dst* is second to that takes *card* now."""
        groups = self.specs[dst].second_to
        if not groups:
            return None
        return next((i for g in groups for i in self.group_piles[g]
                     if self.fits(pos, card, i)), None)

    def refill_sources(self, pos: Position, index: int) -> tuple[str, ...]:
        """The groups a vacancy of pile *index* is filled from now."""
        refill = self.specs[index].refill
        if refill is None:
            return ()
        if refill.after_deal is not None and pos.get("dealt"):
            return refill.after_deal
        return refill.sources

    def _accepts(self, pos: Position, src: int, dst: int) -> bool:
        spec = self.specs[dst]
        if self.onto_latest and spec.role is not Role.FOUNDATION and self.dealing(pos):
            return False
        group = self.specs[src].group
        if spec.refill is not None and not pos.piles[dst]:
            return group in self.refill_sources(pos, dst)
        return spec.accepts_from is None or group in spec.accepts_from

    # ------------------------------------------------------------------ vacancies
    def _fillers(self, vacancy: int) -> tuple[int, ...]:
        """The piles whose cards may fill *vacancy*, by its refill sources."""
        refill = self.specs[vacancy].refill
        return tuple(i for g in (refill.sources if refill else ()) for i in self.group_piles[g])
        # (a group of several piles never changes with after_deal: only the
        # pack and the talon do)

    def waiting_vacancy(self, pos: Position) -> int | None:
        """The first vacancy that must be filled at once by the player's
        choice of a card from a group of several piles (the Constitution's
        rows), if any: until it is filled nothing else may be done."""
        for i in self.refilled_at_once:
            if pos.piles[i]:
                continue
            for g in self.refill_sources(pos, i):
                piles = self.group_piles[g]
                if len(piles) == 1:
                    if pos.piles[piles[0]]:
                        break  # filled by itself (settle); not waiting on the player
                    continue
                if any(self.available_cards(pos, s) for s in piles):
                    return i
        return None

    def settle(self, pos: Position) -> Position:
        """Fill the vacancies the layout refills at once from a single pile
        (the pack, the talon, a pile below), the first source with a card
        first; the layout's order of piles is the order of filling."""
        if not self.refilled_at_once:
            return pos
        changed = True
        while changed:
            changed = False
            for i in self.refilled_at_once:
                if len(pos.piles[i]) >= self.specs[i].refill.size:  # type: ignore[union-attr]
                    continue
                for g in self.refill_sources(pos, i):
                    piles = self.group_piles[g]
                    if len(piles) > 1:
                        if any(self.available_cards(pos, s) for s in piles):
                            break  # the player chooses the card
                        continue
                    if pos.piles[piles[0]]:
                        pos = self.transfer(pos, piles[0], i)
                        changed = True
                        break
        return pos

    def listing(self, pos: Position, moves: list[Move]) -> tuple[list[int], str | None]:
        """Which of *moves* (by index) 'patience moves' shows, and a line summing
        up the rest; a game with a long run of alike moves overrides this."""
        return list(range(len(moves))), None

    def _takers(self, pos: Position, dsts: list[int]) -> list[tuple]:
        """What each pile of *dsts* takes now, for the move generator:
        ``(pile, ranks, how, like)``, where *ranks* are the ranks it takes
        (None: any), and *how* says what else a card needs: None nothing
        more, ``same`` the suit *like*, ``alternate`` a colour other than
        *like*, ``fits`` the full rules (:meth:`fits`).  A pile that takes
        nothing now is left out.  (None as both ranks and how: an empty pile
        that takes any card.)"""
        out = []
        for dst in dsts:
            plain = self._plain[dst]
            if plain is None:
                out.append((dst, None, "fits", None))
                continue
            empty, until, suit, steps, wrap = plain
            pile = pos.piles[dst]
            if not pile:
                if empty is not None:
                    out.append((dst, None if empty == 0 else frozenset((empty,)), None, None))
                continue
            top = pile[-1]
            if top.rank == until:
                continue
            ranks = _ranks_after(top.rank, steps, wrap)
            if suit == "same":
                out.append((dst, ranks, "same", top.suit))
            elif suit == "alternate":
                out.append((dst, ranks, "alternate", top.colour))
            else:
                out.append((dst, ranks, None, None))
        return out

    def ranks_taken(self, pos: Position, dst: int) -> frozenset[int] | None:
        """The ranks pile *dst* takes now, for a quick look before
        :meth:`fits`: an empty set where it takes none, None where any rank
        may do (an empty pile that takes any card, or a pile whose rules say
        more than a rank)."""
        takers = self._takers(pos, [dst])
        return takers[0][1] if takers else frozenset()

    def _pointless(self, pos: Position, src: int, dst: int) -> bool:
        """Moving a whole packet to an empty packet of the same kind changes
        nothing: it is legal but never listed."""
        return (not pos.piles[dst] and len(pos.piles[src]) == 1
                and self.specs[src].role is Role.TABLEAU and self.specs[dst].role is Role.TABLEAU)

    def move_reason(self, pos: Position, move: Move) -> str | None:
        """Why *move* is illegal, in the book's terms, or None if legal."""
        status, why = self.status(pos)
        if status is not Status.PLAYING:
            return f"the game is over: {why}"
        if self.is_own_move(pos, move) or self.is_grace(pos, move):
            return None
        own = self.extra_refusal(pos, move)
        if own is not None:
            return own
        if move.kind == "deal":
            vacancy = self.waiting_vacancy(pos) if self.refilled_at_once else None
            if vacancy is not None:
                return (f"the vacancy in the {self.specs[vacancy].ref} must be filled first, "
                        f"with a card of the {self._group_names(self.refill_sources(pos, vacancy))}")
            if self.foundations_first and self.foundation_move_open(pos):
                return ("a card can go to a foundation, and it must, before the pack is "
                        "dealt on")
            claimed = self.claiming(pos) if self.first_claims else ()
            if claimed:
                return (f"the card of the {self.specs[claimed[0]].ref} can be played, and "
                        "it must be played before the pack is dealt on")
            return self.deal_reason(pos)
        if move.kind != "move" or move.src is None or move.dst is None:
            return "that is not a move of this game"
        src, dst = self.specs[move.src], self.specs[move.dst]
        if move.src == move.dst:
            return "a card cannot move to the pile it is on"
        if src.role in (Role.FOUNDATION, Role.DISCARD, Role.DECORATION) or src.available == "none":
            what = "foundations" if src.role is Role.FOUNDATION else src.ref
            return f"cards on the {what} stay there"
        if src.role is Role.STOCK:
            if self.filled_from_pack and self._pack_fill_open(pos, move):
                return None
            if move.dst in self.filled_from_pack:
                return (f"the {src.ref}'s next card fills only an empty "
                        f"{self.specs[move.dst].name}")
            return f"the {src.ref} is dealt, not played from ({self.deal_hint()})"
        if dst.role is Role.RESERVE and dst.build is None and move.dst not in self.holds:
            return f"cards cannot be returned to the {dst.ref}"
        if not pos.piles[move.src]:
            return f"the {src.ref} is empty"
        available = self.available_cards(pos, move.src)
        if move.card is not None:
            if move.card not in available:
                if move.card in pos.piles[move.src]:
                    why = (f"the {move.card} is not available: only the top card of the "
                           f"{src.ref} may be played")
                    if self.grace and src.group in self.grace.get("from", ()):
                        left = self.graces_left(pos)
                        why += (f" (a grace lets such a card go to a foundation that takes it: "
                                f"{left} left)" if left > 0 else "; the grace is used")
                    return why
                return f"the {move.card} is not in the {src.ref}"
            card = move.card
        elif not available:
            return f"no card of the {src.ref} is available"
        else:
            card = available[-1]
        if move.count != 1:
            return self.count_reason(pos, move)
        if dst.role is not Role.FOUNDATION and not self._one_card_leaves(pos, move.src):
            n = len(pos.piles[move.src]) - pos.down[move.src]
            return (f"the {n} face-up cards of the {src.ref} move together or not at all "
                    f"(patience move {src.number} {dst.number} {n})")
        if self.refilled_at_once:
            vacancy = self.waiting_vacancy(pos)
            if vacancy is not None and (move.dst != vacancy
                                        or move.src not in self._fillers(vacancy)):
                return (f"the vacancy in the {self.specs[vacancy].ref} must be filled first, "
                        f"with a card of the {self._group_names(self.refill_sources(pos, vacancy))}")
        if self.first_claims and move.src not in self.first_claims:
            claimed = self.claiming(pos)
            if claimed:
                return (f"the card of the {self.specs[claimed[0]].ref} can be played, and "
                        "it must be played before any other")
        if self.foundations_first and move.dst not in self.foundations and \
                self.foundation_move_open(pos):
            return "a card can go to a foundation, and it must, before anything else is done"
        return self.route_reason(pos, move.src, move.dst, card) or \
            self.build_reason(pos, card, move.dst)

    def route_reason(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        """Why a card of pile *src* may not go to pile *dst* at all, whatever it
        lands on (a book's rule on where cards may travel), or None.  By
        default the layout's ``accepts_from`` and ``refill`` say."""
        if not self._routed:
            return None
        if self.holds:
            why = self._hold_reason(pos, src, dst, card)
            if why is not None:
                return why
        spec, origin = self.specs[dst], self.specs[src]
        if self.onto_latest and self.dealing(pos) and spec.role is not Role.FOUNDATION:
            return ("while the pack is being dealt, cards go only to the foundations "
                    "(use 'deal' to deal on)")
        if self._accepts(pos, src, dst):
            first = self._wanted_first(pos, dst, card)
            if first is None:
                return None
            return (f"the {card} can go to the {self.specs[first].ref}, which comes first: "
                    f"a card goes to the {spec.name} only when the "
                    f"{self._group_names(spec.second_to or ())} cannot take it")
        if spec.refill is not None and not pos.piles[dst]:
            return (f"a vacancy in the {spec.name} is filled only from the "
                    f"{self._group_names(self.refill_sources(pos, dst))}: not from the "
                    f"{origin.ref}")
        where = "the foundations take" if spec.role is Role.FOUNDATION else \
            f"the {spec.name} takes"
        return (f"{where} cards only from the {self._group_names(spec.accepts_from or ())}: "
                f"not from the {origin.ref}")

    def _group_names(self, groups: Sequence[str]) -> str:
        names = [self.specs[self.group_piles[g][0]].name for g in groups]
        return " or the ".join(dict.fromkeys(names))

    def count_reason(self, pos: Position, move: Move) -> str | None:
        """Why *move.count* cards may not leave together (a run move)."""
        spec = self.specs[move.src]  # type: ignore[index]
        if spec.move == "top":
            return f"only one card moves at a time from the {spec.ref}"
        runs = self.run_lengths(pos, move.src)  # type: ignore[arg-type]
        if move.count not in runs and spec.move == "whole-run":
            return (f"the {runs[-1]} face-up cards of the {spec.ref} move together or not at "
                    "all" + (f" (patience move {spec.number} {self.specs[move.dst].number} "
                             f"{runs[-1]})" if runs[-1] > 1 else ""))
        if move.count not in runs:
            what = "face-up cards" if spec.move == "face-up-run" else "cards in sequence"
            return (f"the {spec.ref} has {runs[-1]} {what} at its top: {move.count} cannot "
                    "move together")
        if self.specs[move.dst].role is Role.FOUNDATION:  # type: ignore[index]
            return "cards go to the foundations one at a time"
        if spec.move == "run-to-vacancy" and pos.piles[move.dst]:  # type: ignore[index]
            return ("a sequence moves together only into a vacant place; onto a card, one "
                    "card at a time")
        base = pos.piles[move.src][-move.count]  # type: ignore[index]
        return self.route_reason(pos, move.src, move.dst, base) or \
            self.build_reason(pos, base, move.dst)  # type: ignore[arg-type]

    def deal_hint(self) -> str:
        return "use 'deal'" if self.has_deal_step else "there is no dealing step"

    def deal_reason(self, pos: Position) -> str | None:
        if self.refilled_at_deal and self.stock is not None and pos.piles[self.stock] and \
                self.short_at_deal(pos):
            return None
        if self.deal_to and self.stock is not None:
            return None if pos.piles[self.stock] else "the pack is dealt out"
        if self.onto_latest and self.stock is not None:
            return None if pos.piles[self.stock] else "the pack is dealt out (there is no redeal)"
        if self.bottom_to_top:
            times = self.bottom_to_top["times"]
            if int(pos.get("shifted", 0)) >= times:
                return (f"the undermost cards have been laid on top "
                        f"{'once' if times == 1 else f'{times} times'}: there is no more")
            return None
        if self.regather:
            if self.regather_stall is not None and \
                    self.stalls_after_this_deal(pos) >= self.regather_stall:
                n = self.regather_stall
                return (f"{n} deal{'s' if n != 1 else ''} in a row {'have' if n != 1 else 'has'} "
                        "put no card on a foundation: there is no new deal")
            times = self.regather_times
            if times is not None and int(pos.get("regathered", 0)) >= times:
                return (f"the cards have been gathered and dealt again "
                        f"{'once' if times == 1 else f'{times} times'}: there is no more")
            return None
        if self.stock is None or self.talon is None:
            return f"{self.layout.title} has no dealing step: every card is dealt at the start"
        if pos.piles[self.stock]:
            return None
        if not pos.piles[self.talon]:
            return "the pack is dealt out and the talon is empty"
        if self.redeals == 0:
            return "the pack is dealt out and there is no redeal"
        if self.redeals_used(pos) >= self.redeals:
            n = self.redeals
            return (f"the pack is dealt out and the {'redeal is' if n == 1 else f'{n} redeals are'}"
                    " used")
        return None

    def gather_and_deal(self, pos: Position) -> Position:
        """Take up the cards of the groups ``regather.from`` names, pile by pile
        in the layout's order (each pile's cards bottom first), shuffle them
        where ``regather.shuffle`` says so, and deal them again as at the
        start: each pile its ``deal`` count, in order, until the cards run out."""
        groups = self.regather.get("from", ())
        piles = [list(p) for p in pos.piles]
        down = list(pos.down)
        order = [i for i, spec in enumerate(self.specs) if spec.group in groups]
        taken = order[::-1] if self.regather.get("last_first", False) else order
        first = self.regather.get("first")
        if first is not None:  # taken up from this pile round to the one before it
            at = taken.index(self.layout.by_number(first).index)  # type: ignore[union-attr]
            taken = taken[at:] + taken[:at]
        cards = [c for i in taken for c in piles[i]]
        done = int(pos.get("regathered", 0)) + 1
        stalls = {}
        if self.regather_stall is not None:
            stalls = {"stalls": self.stalls_after_this_deal(pos), "home_at": self._home_count(pos)}
        if self.regather.get("shuffle", False):
            cards = redeal_shuffled(cards, done)
        for i in order:
            piles[i], down[i] = [], 0
        if self.deals_up:  # dealt again as at the start: cards go up as they come
            k = self._deal_stepwise(cards, piles, [self.specs[i] for i in order])
        else:
            k = 0
            for i in order:
                n = self.specs[i].deal if isinstance(self.specs[i].deal, int) else 0
                piles[i] = cards[k:k + n]
                k += n
        if k < len(cards):  # more cards than the first deal laid: on the last piles
            piles[order[-1]] = piles[order[-1]] + cards[k:]
        return Position(tuple(tuple(p) for p in piles), tuple(down),
                        pos.extra).with_extra(regathered=done, **stalls)

    def undermost_to_top(self, pos: Position) -> Position:
        """The undermost card of every pile of the groups
        ``bottom_to_top.from`` names laid on the top of its pile (the
        Crescent's "redeal")."""
        groups = self.bottom_to_top["from"]
        piles = list(pos.piles)
        for i, spec in enumerate(self.specs):
            if spec.group in groups and len(piles[i]) > 1:
                piles[i] = piles[i][1:] + piles[i][:1]
        return Position(tuple(piles), pos.down, pos.extra).with_extra(
            shifted=int(pos.get("shifted", 0)) + 1)

    def counters(self, pos: Position) -> int | None:
        """The player's counters, where the game is scored (``play.score``):
        so many won for each card on a foundation, less the stake paid."""
        if not self.scoring:
            return None
        return self.scoring["per_card"] * self._home_count(pos) - self.scoring["stake"]

    def _home_count(self, pos: Position) -> int:
        return sum(len(pos.piles[f]) for f in self.foundations)

    def stalls_after_this_deal(self, pos: Position) -> int:
        """How many deals in a row will have put no card on a foundation once
        the one being played now ends (``regather.stall``)."""
        barren = self._home_count(pos) == pos.get("home_at", 0)
        return int(pos.get("stalls", 0)) + 1 if barren else 0

    def deal_onto_latest(self, pos: Position) -> Position:
        """The pack's next card (``play.onto_latest``): a king starts the next
        pile of the group; a card whose rank ``routes`` sends to a group goes
        to its first empty pile; a card that starts a foundation goes to its
        place (with ``up_at_once``, any card a foundation takes goes up); any
        other card onto the latest pile the group has begun."""
        card = pos.piles[self.stock][-1]  # type: ignore[index]
        group = self.group_piles[self.onto_latest["group"]]
        routed = self.onto_latest.get("routes", {}).get(RANK_TEXT[card.rank])
        empty = [i for i in (self.group_piles[routed] if routed else ()) if not pos.piles[i]]
        if card.rank == 13 and any(not pos.piles[i] for i in group):
            dst = next(i for i in group if not pos.piles[i])
        elif empty:
            dst = empty[0]
        else:
            at_once = bool(self.onto_latest.get("up_at_once"))
            dst = next((f for f in self.foundations
                        if (at_once or not pos.piles[f]) and self.fits(pos, card, f)), None)
            if dst is None:
                dst = max((i for i in group if pos.piles[i]), default=group[0])
        return self.transfer(pos, self.stock, dst)  # type: ignore[arg-type]

    def dealing(self, pos: Position) -> bool:
        """Whether the pack is still being dealt, where the layout lets cards
        go only to the foundations meanwhile (``onto_latest.build_after_deal``)."""
        return bool(self.onto_latest.get("build_after_deal")) and self.stock is not None \
            and bool(pos.piles[self.stock])

    def redeals_used(self, pos: Position) -> int:
        return int(pos.get("redeals", 0))

    def moving_card(self, pos: Position, move: Move) -> Card:
        return move.card if move.card is not None else pos.piles[move.src][-1]

    def apply(self, pos: Position, move: Move) -> Position:
        """The position after *move* (which must be legal): the deal step or
        the cards moved (:meth:`play_own` for a game's own kind of move), then
        what the game records of it (:meth:`record`), then what happens by
        itself (:meth:`settle`)."""
        bare = self._bare
        if bare is None:
            bare = self._bare = self._bare_moves()
        if bare and move.kind == "move":
            return self.transfer(pos, move.src, move.dst, move.count, move.card)
        if move.kind == "deal":
            after = self.apply_deal(pos)
        else:
            own = self.play_own(pos, move)
            if own is not None:
                after = own
            else:
                after = self.transfer(pos, move.src, move.dst, move.count, move.card)
                if self.grace and move.card is not None and \
                        move.card not in self.available_cards(pos, move.src):
                    after = after.with_extra(graces=int(pos.get("graces", 0)) + 1)
                    if self.grace.get("ranks"):
                        after = after.with_extra(grace_ranks=tuple(
                            sorted(set(pos.get("grace_ranks", ())) | {move.card.rank})))
            if self.specs[move.src].face in ("top-up", "alternate"):
                after = self.turn_up(after, move.src)
        return self.settle(self.record(pos, move, after))

    _bare: bool | None = None  # see _bare_moves (found at the first move)

    def _bare_moves(self) -> bool:
        """Whether a card move is the cards' transfer and nothing else: no
        module's own moves, records or settling, no graces, no vacancy filled
        at once and no pile that turns its next card up."""
        cls = type(self)
        return cls.play_own is Rules.play_own and cls.record is Rules.record \
            and cls.settle is Rules.settle and not self.grace and not self.refilled_at_once \
            and not any(p.face in ("top-up", "alternate") for p in self.specs)

    @staticmethod
    def turn_up(pos: Position, index: int) -> Position:
        """A pile that keeps its top card face up (``face = "top-up"``): when
        its last face-up card is taken away, the card beneath is turned up.
        (With ``face = "alternate"`` the count is of the cards never yet
        uncovered, and the card beneath is turned up, or was already face up.)"""
        n = len(pos.piles[index])
        if n and pos.down[index] >= n:
            down = tuple(n - 1 if i == index else d for i, d in enumerate(pos.down))
            return Position(pos.piles, down, pos.extra)
        return pos

    def play_own(self, pos: Position, move: Move) -> Position | None:
        """Hook: the position after one of the game's own moves (from
        :meth:`extra_moves`) that does more than lay the top cards of one pile
        on another (the Empress's pair played up from two places, the Besieged
        City's transposition); None for the ordinary move."""
        return None

    def record(self, before: Position, move: Move, after: Position) -> Position:
        """Hook: *after* with what the game keeps in ``extra`` about the move
        just made (the Mill's packets passed from, the Carpet's direction of
        packing on the talon); called before :meth:`settle`."""
        return after

    def short_at_deal(self, pos: Position) -> list[int]:
        """The piles waiting for the next deal to refill them, in order."""
        return [i for i in self.refilled_at_deal
                if len(pos.piles[i]) < self.specs[i].refill.size]  # type: ignore[union-attr]

    def refill_at_deal(self, pos: Position) -> Position:
        """Fill every vacancy waiting for the deal from its sources' top cards
        (the pack's next card, the talon's top), in the layout's order."""
        for i in self.short_at_deal(pos):
            while len(pos.piles[i]) < self.specs[i].refill.size:  # type: ignore[union-attr]
                source = next((self.group_piles[g][0] for g in self.refill_sources(pos, i)
                               if len(self.group_piles[g]) == 1
                               and pos.piles[self.group_piles[g][0]]), None)
                if source is None:
                    break
                pos = self.transfer(pos, source, i)
        return pos

    def apply_deal(self, pos: Position) -> Position:
        """Turn the top card of the pack onto the talon; when the pack is out,
        take up the talon as the new pack (shuffled where the book says so).
        Or, as the layout says: a card from the pack onto each pile of a group
        (``deal_to``), or the groups' cards gathered up and dealt again
        (``regather``)."""
        if self.refilled_at_deal and self.stock is not None and pos.piles[self.stock] and \
                self.short_at_deal(pos):
            return self.refill_at_deal(pos)  # this deal fills the vacancies and does no more
        if self.onto_latest and self.stock is not None:
            return self.deal_onto_latest(pos)
        if self.deal_to and self.stock is not None:
            piles, down = list(pos.piles), list(pos.down)
            stock = list(piles[self.stock])
            for i in self.group_piles[self.deal_to]:
                if not stock:
                    break
                piles[i] = piles[i] + (stock.pop(),)
            piles[self.stock] = tuple(stock)
            down[self.stock] = min(down[self.stock], len(stock))
            return Position(tuple(piles), tuple(down), pos.extra)
        if self.bottom_to_top:
            return self.undermost_to_top(pos)
        if self.regather:
            return self.gather_and_deal(pos)
        if self.stock is None or self.talon is None:
            raise NotImplementedError
        piles, down = list(pos.piles), list(pos.down)
        stock, talon = piles[self.stock], piles[self.talon]
        if stock:
            piles[self.stock], piles[self.talon] = stock[:-1], talon + stock[-1:]
            down[self.stock] = min(down[self.stock], len(stock) - 1)
            new = Position(tuple(piles), tuple(down), pos.extra)
            if self._tracks_dealing and not pos.get("dealt"):
                new = new.with_extra(dealt=1)
            return new
        used = self.redeals_used(pos)
        # turned over, the talon's first card is the new pack's top card
        new = list(reversed(talon))
        if self.redeal_shuffle:
            new = redeal_shuffled(talon, used + 1)
        piles[self.stock], piles[self.talon] = tuple(new), ()
        down[self.stock], down[self.talon] = len(new), 0
        return Position(tuple(piles), tuple(down), pos.extra).with_extra(redeals=used + 1)

    @staticmethod
    def transfer(pos: Position, src: int, dst: int, count: int = 1,
                 card: Card | None = None) -> Position:
        piles = list(pos.piles)
        s = piles[src]
        if card is not None and s[-1] != card:
            i = len(s) - 1 - s[::-1].index(card)
            moving, rest = (card,), s[:i] + s[i + 1:]
        else:
            moving, rest = s[-count:], s[:-count]
        piles[src] = rest
        piles[dst] = piles[dst] + moving
        down = pos.down
        if down[src] > len(rest):
            down = tuple(len(rest) if i == src else d for i, d in enumerate(down))
        return Position(tuple(piles), down, pos.extra)

    # ------------------------------------------------------------------ state
    def status(self, pos: Position) -> tuple[Status, str]:
        """Won, lost or playing, with the reason in words (remembered for the
        last positions asked about: one command asks several times)."""
        cache = self.__dict__.setdefault("_status_cache", {})
        found = cache.get(pos)
        if found is None:
            found = self._status(pos)
            if len(cache) > 64:
                cache.clear()
            cache[pos] = found
        return found

    def _status(self, pos: Position) -> tuple[Status, str]:
        if self._all_home(pos):
            return Status.WON, self.won_reason(pos)
        if not self.has_move(pos):
            return Status.LOST, self.lost_reason(pos)
        if (not self.has_deal_step or self.deal_reason(pos) is not None) and \
                not self._progress_now(pos) and self._only_shuttling(pos):
            return Status.LOST, ("every move left only shifts cards between the same "
                                 "places: no card can ever reach a foundation or leave "
                                 f"the {self._reserve_names()}")
        return Status.PLAYING, ""

    def _all_home(self, pos: Position) -> bool:
        """Whether every card in play is on the foundations (or, in a game
        whose cards go out of play, out): cards laid out for show or put out
        of play do not count, nor does a card withdrawn to a pile as its base
        (Queens and Knaves' queens stay where they are)."""
        if not self.foundations and not any(s.role is Role.DISCARD for s in self.specs):
            return False
        for spec, cards in zip(self.specs, pos.piles):
            if not cards or spec.role in (Role.FOUNDATION, Role.DECORATION, Role.DISCARD):
                continue
            if len(cards) == 1 and spec.withdraw is not None and \
                    not any(self.fits(pos, cards[0], f) for f in self.foundations):
                continue
            if self.foundations and all(c.rank not in self._home_ranks for c in cards):
                continue  # cards no foundation ever takes (the Fairie Queen's kings)
            return False
        return True

    @property
    def _home_ranks(self) -> frozenset[int]:
        """The ranks the foundations can ever take (by their builds)."""
        found = self.__dict__.get("_home_ranks_")
        if found is None:
            ranks: set[int] = set()
            for f in self.foundations:
                b = self.specs[f].build
                if b is None or b.wrap or b.base in (None, FIRST) or b.until in (None, FIRST):
                    ranks = set(range(1, 14))
                    break
                if b.sequence is not None:
                    ranks |= set(b.sequence)
                else:
                    lo, hi = sorted((b.base, b.until))
                    ranks |= set(range(lo, hi + 1))
            found = self.__dict__["_home_ranks_"] = frozenset(ranks)
        return found

    #: How many positions the shuttle check looks at before it gives up (and
    #: calls the game still open).
    SHUTTLE_SEARCH = 400

    def _only_shuttling(self, pos: Position) -> bool:
        """Whether, in a game with no deal to come, nothing but moves from one
        tableau pile to another is left, and no run of them ever opens a move
        that makes progress (to a foundation, or out of a reserve): the
        positions reachable are all known, and the game can never come out.
        Looked at only when no progress move is open now, and remembered."""
        if not self.tableau:
            return False
        cache = self.__dict__.setdefault("_shuttle_cache", {})
        if pos in cache:
            return cache[pos]
        seen = {pos}
        frontier = [pos]
        stuck = True
        while frontier and stuck:
            here = frontier.pop()
            for move in self._placements(here):
                if move.kind != "move" or move.dst not in self.tableau or \
                        move.src not in self.tableau:
                    stuck = False  # a foundation, a reserve card, a deal: progress
                    break
                nxt = self.apply(here, move)
                known = cache.get(nxt)
                if known is False:
                    stuck = False  # it leads where progress is open (or past knowing)
                    break
                if nxt not in seen:
                    seen.add(nxt)
                    if known is None:  # (a stuck one's moves are all known to be stuck)
                        frontier.append(nxt)
            if len(seen) > self.SHUTTLE_SEARCH:
                stuck = False  # too many to know: still open
        if len(cache) > 50_000:
            cache.clear()
        # every position met shares the answer: stuck, its moves lead only
        # among positions that are stuck too; too many, the search from it
        # would meet the same crowd (random play and a long game wander
        # through such a crowd, and must not search it afresh at each step)
        cache.update(dict.fromkeys(seen if stuck or len(seen) > self.SHUTTLE_SEARCH
                                   else (pos,), stuck))
        return stuck

    def _progress_now(self, pos: Position) -> bool:
        """Whether a move that makes progress is open now: a card from a
        reserve to anywhere, or any card to a foundation (reserves first:
        in most positions the first card looked at answers).  A move of the
        game's own (:meth:`extra_moves`) counts as progress: the engine cannot
        judge it, and calling a game lost is the side not to err on."""
        if next(iter(self.extra_moves(pos)), None) is not None:
            return True
        others = [i for i in self.sources if i not in self.tableau]
        for src in others + [i for i in self.sources if i in self.tableau]:
            targets = self.targets if src in others else self.foundations
            for card in self.available_cards(pos, src):
                for dst in targets:
                    if dst != src and self.may_route(pos, src, dst, card) \
                            and self.fits(pos, card, dst):
                        return True
        return False

    def _reserve_names(self) -> str:
        names = sorted({self.specs[i].name for i in self.sources if i not in self.tableau})
        return " or the ".join(names) if names else "tableau"

    def won_reason(self, pos: Position) -> str:
        """Hook (words): how the game came out, said when it is won."""
        return "every card is on the foundations"

    def has_move(self, pos: Position) -> bool:
        """Hook (status): whether any move is open, the game over or not; by
        default, whether the lazy generator yields one."""
        return any(True for _ in self._placements(pos))

    def lost_reason(self, pos: Position) -> str:
        """Hook (status): why the game is lost, when no move is open."""
        why = self.deal_reason(pos) if self.has_deal_step and self.regather_stall else None
        return ("no available card can go to a foundation or be placed in sequence, "
                + (f"and {why}" if why else "and there is no further deal"))

    def forced_move(self, pos: Position) -> Move | None:
        """The move the rules force now, if any (``auto`` plays these)."""
        return None

    def safe_foundation_move(self, pos: Position,
                             moves: Iterable[Move] | None = None) -> Move | None:
        """A move to a foundation that can never hurt (for ``auto --foundations``),
        among *moves* (by default the legal moves).

        A card is safe when no tableau pile could ever need it to hold a
        lower card: aces and deuces always; otherwise once every card of the
        next lower rank that could be placed on it is on a foundation; and,
        where nothing is dealt or gathered in play and a move changes nothing
        but its two piles (:meth:`plain_moves`), once each of those cards
        could go up instead (every card of two ranks lower of its suit is
        home) and nothing could be placed on it (every card of two ranks
        lower that could be is home)."""
        if not self._safety_known():
            return None  # builds this rule of thumb does not cover: nothing is called safe
        tops: dict[str, list[int]] | None = None  # each suit's foundations' top ranks
        for move in (self.legal_moves(pos) if moves is None else moves):
            if move.kind != "move" or self.specs[move.dst].role is not Role.FOUNDATION:
                continue
            if tops is None:
                tops = self._foundation_tops(pos)
            card = self.moving_card(pos, move)
            if not self._safe(card, tops):
                continue
            # where a card could go up on piles that are not alike (an ascending
            # and a descending foundation of its suit), the choice matters
            homes = {(self.specs[f].build, pos.piles[f][-1].rank if pos.piles[f] else None)
                     for f in self.foundations if self.fits(pos, card, f)}
            if len(homes) == 1:
                return move
        return None

    def _safety_known(self) -> bool:
        """Whether :meth:`_safe`'s rule of thumb holds for this layout: every
        pile built on in play builds down by one without turning the corner
        (or is not built on), and, where such piles exist, the foundations
        go up; found once."""
        known = self.__dict__.get("_safety")
        if known is None:
            built = [p.build for p in self.specs if p.build is not None and p.role in
                     (Role.TABLEAU, Role.TALON, Role.RESERVE)]
            plain = all(b.direction in ("down", "none") and b.step == 1 and not b.wrap
                        and not b.one_way for b in built)
            up = all(p.build.sequence is None and p.build.direction == "up"
                     for p in self.specs if p.role is Role.FOUNDATION and p.build)
            known = plain and (up or not any(b.direction != "none" for b in built))
            self.__dict__["_safety"] = known
        return known

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
        if self.has_deal_step or not self.plain_moves() \
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
        known = self.__dict__.setdefault("_onto_suits", {})
        if suit in known:
            return known[suit]
        builds = [self.specs[t].build for t in self.tableau if self.specs[t].build]
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

    # ------------------------------------------------------------------ words
    def describe(self, pos: Position, move: Move, ascii: bool = False) -> str:
        """A move in words, e.g. '4♦ from Garden 3 to Garden 5'."""
        if move.kind == "deal":
            return self.deal_step_name(pos)
        src, dst = self.specs[move.src], self.specs[move.dst]
        if src.role is Role.STOCK:  # the pack's next card, unseen until it is laid
            return f"the next card of the {src.ref} to {dst.ref} (empty)"
        card = self.moving_card(pos, move)
        what = card.text(ascii) if move.count == 1 else \
            f"{seq_text(pos.piles[move.src][-move.count:], ascii)}"
        onto = pos.piles[move.dst]
        target = f"onto the {onto[-1].text(ascii)}" if onto else "(empty)"
        return f"{what} from {src.ref} to {dst.ref} {target}"

    def deal_step_name(self, pos: Position) -> str:
        if self.refilled_at_deal and self.stock is not None and pos.piles[self.stock] and \
                self.short_at_deal(pos):
            n = len(self.short_at_deal(pos))
            return f"refill {n} vacanc{'y' if n == 1 else 'ies'} from the pack"
        if self.deal_to and self.stock is not None:
            return f"deal a card from the pack to each {self.specs[self.group_piles[self.deal_to][0]].name}"
        if self.onto_latest and self.stock is not None:
            return "deal the next card of the pack (onto the latest king's pile)"
        if self.bottom_to_top:
            names = self._group_names(self.bottom_to_top["from"]).lower()
            return (f"lay the undermost card of each {names} on its top "
                    f"({int(pos.get('shifted', 0)) + 1} of {self.bottom_to_top['times']})")
        if self.regather:
            which = "" if self.regather_times is None else \
                f" ({int(pos.get('regathered', 0)) + 1} of {self.regather_times})"
            return (f"gather up the cards{' and shuffle them' if self.regather.get('shuffle') else ''}"
                    f" and deal them again{which}")
        if self.stock is None or self.talon is None:
            return "deal"
        if pos.piles[self.stock]:
            return f"turn the next card of the pack onto the {self.specs[self.talon].ref}"
        how = "shuffle it" if self.redeal_shuffle else "turn it over"
        return (f"redeal {self.redeals_used(pos) + 1} of {self.redeals}: take up the "
                f"{self.specs[self.talon].ref}, {how} and deal again")

    def play(self, pos: Position, move: Move) -> "Played":
        """Apply *move* (which must be legal): the new position and the events
        it caused (forced placings, refills, cards turned up, cards put out),
        so that a caller reports what happened without applying it again."""
        from .events import move_events

        after = self.apply(pos, move)
        played = Played(after, tuple(move_events(self.layout, pos, after, move)))
        self.__dict__["_last_played"] = (pos, move, played)  # its words reuse the events
        return played

    def outcome(self, pos: Position, move: Move, ascii: bool = False,
                after: Position | None = None) -> str:
        """What *move* did, said after it is made (may reveal cards it turned up);
        :meth:`describe` says what a move will do, without revealing anything.
        Given the position *after* it, what happened by itself is said too
        (a vacancy refilled from the pack)."""
        if move.kind == "deal" and self.stock is not None and self.talon is not None \
                and pos.piles[self.stock]:
            card = pos.piles[self.stock][-1]
            text = f"dealt the {card.text(ascii)} to the {self.specs[self.talon].ref}"
        elif move.kind == "deal" and self.onto_latest and self.stock is not None \
                and pos.piles[self.stock]:
            card = pos.piles[self.stock][-1]
            landed = self.deal_onto_latest(pos)
            dst = next(i for i, (a, b) in enumerate(zip(pos.piles, landed.piles))
                       if len(b) > len(a))
            return f"dealt the {card.text(ascii)} to {self.specs[dst].ref}"
        else:
            text = self.describe(pos, move, ascii)
        if after is None:
            return text
        last = self.__dict__.get("_last_played")
        if last is not None and last[0] is pos and last[1] == move and last[2].position is after:
            events = last[2].events
        else:
            from .events import move_events

            events = tuple(move_events(self.layout, pos, after, move))
        extra = []
        for e in events:
            if e["event"] == "moved" or (move.kind == "deal" and e["event"] == "dealt"):
                continue
            what = "a card" if e.get("card") is None else \
                f"the {parse_card(e['card']).text(ascii)}"
            if e["event"] == "turned up":
                extra.append(f"{what} is turned up on {self._by_number(e['pile']).ref}")
            elif e["event"] == "put out":
                extra.append(f"{what} is put out")
            else:
                extra.append(f"{what} fills {self._by_number(e['to']).ref}"
                             if self._by_number(e["to"]).role is not Role.FOUNDATION
                             else f"{what} goes to {self._by_number(e['to']).ref}")
        return text + ("; then " + ", ".join(extra) if extra else "")

    def _by_number(self, number: int) -> PileSpec:
        spec = self.layout.by_number(number)
        assert spec is not None
        return spec

    def solver_moves(self, pos: Position, moves: list[Move]) -> list[Move]:
        """Hook for the solver (:mod:`patience_cli.solver`): the legal moves in
        the order to try them, best first; a game may drop moves that can never
        matter (dominance, symmetry), never all that lead to a win.  By
        default: the forced move alone where the rules force one, or a card
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
        """Hook for the solver: what it remembers a position by, so that
        positions alike under the rules are searched once (symmetry).  By
        default the piles of a group whose piles the rules treat all alike
        (see :meth:`alike_groups`) are taken in sorted order: six Garden
        packets swapped about are one position."""
        groups = self.alike_groups()
        if not groups:
            return pos
        if not any(pos.down):  # every card face up: the piles alone say it
            cards = list(pos.piles)
            for group in groups:
                # in the order of their hashes: the same within a run, which is all
                # a search needs, and far cheaper than comparing cards (two piles of
                # one hash keep their order: at worst a transposition missed)
                for i, pile in zip(group, sorted([cards[i] for i in group], key=hash)):
                    cards[i] = pile
            return tuple(cards), pos.extra
        piles = list(zip(pos.piles, pos.down))
        for group in groups:
            for i, pile in zip(group, sorted([piles[i] for i in group], key=hash)):
                piles[i] = pile
        return tuple(piles), pos.extra

    def alike_groups(self) -> tuple[tuple[int, ...], ...]:
        """The groups of tableau or foundation piles that the rules treat all
        alike, found once: in a game with no module of its own, a group whose
        piles differ only in number and place, that is not dealt or gathered
        pile by pile in play (regather, deal_to, onto_latest), not refilled
        from, nor named by a grace, a hold or a pile's own ``deal_up`` list
        (the Four Corners' side packets go up only to the foundation beside
        them, in every new deal)."""
        found = self.__dict__.get("_alike")
        if found is not None:
            return found
        out = []
        play = self.layout.play
        ordered = set(self.regather.get("from", ())) | set(self.grace.get("from", ())) | {
            self.deal_to, self.onto_latest.get("group")} | set(
            play.get("hold", {}).get(k) for k in ("group", "up", "down"))
        refilled_from = {g for p in self.specs if p.refill for g in p.refill.sources}
        named = {n for p in self.specs if isinstance(p.deal_up, tuple) for n in p.deal_up}
        if self.layout.rules == "standard":
            for group, piles in self.group_piles.items():
                specs = [self.specs[i] for i in piles]
                first = specs[0]
                if len(piles) < 2 or first.role not in (Role.TABLEAU, Role.FOUNDATION) or \
                        group in ordered or group in refilled_from or first.refill is not None \
                        or any(p.number in named or isinstance(p.deal_up, tuple)
                               for p in specs):
                    continue
                rule = lambda p: (p.role, p.build, p.available, p.face, p.move,  # noqa: E731
                                  p.accepts_from, p.second_to, p.first_claim, p.deal_up)
                if all(rule(p) == rule(first) for p in specs):
                    out.append(piles)
        found = self.__dict__["_alike"] = tuple(out)
        return found

    def command(self, pos: Position, move: Move) -> str:
        """The shell command that makes *move*."""
        if move.kind == "deal":
            return "deal"
        src = self.specs[move.src].number
        dst = self.specs[move.dst].number
        if move.card is not None:
            # with more than one pack a card may lie in two places: name the pile too
            where = f"{src}:" if self.layout.pack_count > 1 else ""
            return f"move {where}{move.card.code} {dst}"
        return f"move {src} {dst}" + (f" {move.count}" if move.count != 1 else "")


def redeal_shuffled(cards: Sequence[Card], redeal: int) -> list[Card]:
    """The talon shuffled for a redeal.  The shuffle is drawn from the cards'
    own order and the redeal's number, so replaying a game gives the same
    redeal, and nothing outside the position is needed (deal algorithm r1)."""
    from .rng import shuffle

    key = sha256(f"redeal {redeal}: {' '.join(c.code for c in cards)}".encode())
    new = list(cards)
    shuffle(new, int(key.hexdigest()[:16], 16))
    return new


# ---------------------------------------------------------------------- notation
def move_to_text(layout: Layout, move: Move) -> str:
    """Compact notation used in saved games: ``deal``, ``3-1``, ``7:10h-8``, ``2-5x3``."""
    if move.kind != "move":
        parts = [move.kind]
        if move.src is not None:
            parts.append(str(layout.piles[move.src].number))
        if move.dst is not None:
            parts.append(str(layout.piles[move.dst].number))
        return " ".join(parts)
    src = str(layout.piles[move.src].number)
    if move.card is not None:
        src += ":" + move.card.code
    text = f"{src}-{layout.piles[move.dst].number}"
    return text + (f"x{move.count}" if move.count != 1 else "")


def move_from_text(layout: Layout, text: str) -> Move:
    """Inverse of :func:`move_to_text` (raises InvalidMoveError)."""
    def index(number: str) -> int:
        spec = layout.by_number(int(number))
        if spec is None:
            raise InvalidMoveError(f"no pile {number}")
        return spec.index
    try:
        if "-" not in text:
            words = text.split()
            idx = [index(w) for w in words[1:]]
            return Move(words[0], *(idx + [None, None])[:2])
        src, rest = text.split("-", 1)
        card = None
        if ":" in src:
            src, code = src.split(":", 1)
            card = parse_card(code)
        count = 1
        if "x" in rest:
            rest, n = rest.split("x", 1)
            count = int(n)
        return Move("move", index(src), index(rest), count, card)
    except (ValueError, IndexError) as exc:
        raise InvalidMoveError(f"unreadable move {text!r}") from exc


def replay(rules: Rules, start: Position, moves: Iterable[Move]) -> Position:
    pos = start
    for m in moves:
        pos = rules.apply(pos, m)
    return pos
