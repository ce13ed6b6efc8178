"""Removal by pairs: two available cards that together make the game's
number, or that are alike, are put out of play together, and a card that
makes the number alone goes out by itself (Thirteens: "you throw out by twos
... all such cards as taken together make the number thirteen ... and all
kings"; Elevens: a seven and a four, and every court card by itself; the
Wish and Nestor: two cards alike in value).  Cards count their pips, the
knave eleven, the queen twelve and the king thirteen.

Layout: ``play.pairs`` with ``from`` (the groups whose free cards pair),
``total`` (the number two cards make) or ``alike`` (``true``: of one rank;
``"suit"``: of one suit), and ``singles`` (the ranks that go out alone); the
cards go to the layout's one pile of role ``discard``.  A pair is typed as a
move from one of its cards to the other (``patience move 3 7``, either way
round; listed once), a single as a move to the discard pile.  While a pair
or a single is open the deal step waits: "having removed ... all such cards
... you replace the missing cards" (the gaps wait for the deal:
``refill.when = "deal"``).  ``extra``: a group of places on whose first empty
one, when nothing pairs and no gap is left, the deal turns one more card of
the pack (Elevens: "you are allowed to turn up one additional card from the
stock"; Nestor's reserve), a step of :class:`ExtraCard`.  ``cover``: the two
cards are not put out but each covered with the next card of the pack, and
the game is won when the pack is used up ("Covering" Patience).
``reserve``: a group of packets dealt face down, each turned over by the deal
when nothing pairs, its cards then pairing from the top down (the Juvenile), a
step of :class:`ReservePackets`.  ``partner``: a group (the card turned up
from the pack, the Star's) one of whose cards every pair must include while
the pack lasts or it holds a card; such a card that pairs with none may be
laid on an empty place of ``from`` whose build takes it (the Star's vacant
outer places), and only then.  ``line = true``: the two cards of a pair lie in
one row or one column of the lay-out (the Fourteenth: "any two cards taken
either from a perpendicular or from a horizontal row").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from .. import play_settings as settings
from ..cards import RANK_NOUN, Card
from ..layout import Role
from ..position import DEAL, Move, MoveKind, Position
from .feature import DealStep, Feature, Rules

NUMBER_WORDS = {n: w for n, w in enumerate(
    "nothing one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three "
    "twenty-four twenty-five twenty-six".split())}
#: What a card counts: its pips, the knave eleven, the queen twelve, the king thirteen.
VALUE = {rank: rank for rank in range(1, 14)}


def in_words(n: int) -> str:
    return NUMBER_WORDS.get(n, str(n))


class Pairs(Feature):

    provides: ClassVar[frozenset[str]] = frozenset({"pairs"})
    topic = "pairs"
    keys = ("play.pairs",)
    plain = False
    lost_says_all = True
    either_way = True

    def __init__(self, rules: Rules, rule: settings.Pairs, out: int,
                 stock: int | None) -> None:
        super().__init__(rules)
        self.stock = stock
        self.pool: tuple[int, ...] = tuple(
            i for g in (*rule.groups, *(g for g in (rule.extra, rule.reserve) if g))
            for i in rules.group_piles[g])
        self.total = rule.total
        #: two cards pair by being alike: in rank, or (``"suit"``) in suit
        self.alike = "rank" if rule.alike is True else rule.alike or None
        self.reads_suits = self.alike == "suit"
        self.cover = rule.cover
        #: (with cover) the game closes when nothing more can be covered, won where the
        #: cards left all pair: a pair is covered only while the pack holds two cards
        self.matched_close = rule.close == "matched"
        self.triple = frozenset(rule.triple)
        self.singles = frozenset(rule.singles)
        self.out = out
        #: the piles one of whose cards every pair includes while the pack lasts
        self.partner: tuple[int, ...] = rules.group_piles[rule.partner] if rule.partner else ()
        #: whether the two cards of a pair lie in one row or one column
        self.line = rule.line
        #: whether vacancies are refilled at once (then which pair goes first decides
        #: which places the pack's next cards fill)
        self.refilled_at_once = any(rules.specs[i].refill is not None
                                    and rules.specs[i].refill.when == "at-once"
                                    for i in self.pool)
        #: whether the places are alike: single cards, nothing laid on them
        #: (then which of two equal cards goes out leaves the same game)
        self.alike_places = all(rules.specs[i].build is None
                                and rules.specs[i].deal in (None, 0, 1) for i in self.pool)

    @classmethod
    def build(cls, rules: Rules) -> Pairs | None:
        rule = rules.layout.play.pairs
        out = [p.index for p in rules.specs if p.role is Role.DISCARD]
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        if rule is None or (len(out) != 1 and not rule.cover) or (rule.cover and len(stock) != 1):
            return None
        return cls(rules, rule, out[0] if out else -1, stock[0] if stock else None)

    # ------------------------------------------------------------ which cards
    def _free(self, pos: Position, i: int) -> Card | None:
        cards = self.rules.available_cards(pos, i)
        return cards[-1] if cards else None

    def in_line(self, i: int, j: int) -> bool:
        """Whether piles *i* and *j* may pair by their places: anywhere, or
        (``line``) in one row or one column."""
        if not self.line:
            return True
        a, b = self.rules.specs[i].at, self.rules.specs[j].at
        return abs(a[0] - b[0]) < 0.01 or abs(a[1] - b[1]) < 0.01

    def _exchanging(self, pos: Position) -> bool:
        """Whether cards are changing places (:mod:`.change_places`): until
        that is done, nothing pairs."""
        changer = self.rules.providing("change-places")
        return changer is not None and changer.midway(pos)

    def pairs_with(self, a: Card, b: Card) -> bool:
        if self.alike == "suit":
            return a.suit == b.suit
        if self.alike:
            return a.rank == b.rank
        return VALUE[a.rank] + VALUE[b.rank] == self.total

    def _made(self) -> str:
        """What a pair makes, in words."""
        return "two of a suit" if self.alike == "suit" else "a pair" if self.alike else \
            in_words(self.total)

    def alone(self, card: Card) -> bool:
        return card.rank in self.singles

    # ------------------------------------------------------------ moves
    def bound(self, pos: Position) -> bool:
        """Whether every pair must include the partner's card now: while the
        pack lasts or a partner place holds a card."""
        return bool(self.partner) and (
            any(pos.piles[i] for i in self.partner)
            or (self.stock is not None and bool(pos.piles[self.stock])))

    def _short(self, pos: Position, n: int = 2) -> bool:
        """Whether the pack holds too few cards to cover *n* cards (where
        the game closes matched: a pair is covered whole or not at all)."""
        return self.matched_close and self.stock is not None and len(pos.piles[self.stock]) < n

    def moves(self, pos: Position) -> Iterator[Move]:
        if (self.line and self._exchanging(pos)) or self._short(pos):
            return
        free = [(i, c) for i in self.pool if (c := self._free(pos, i)) is not None]
        bound = self.bound(pos)
        for n, (i, a) in enumerate(free):
            if self.alone(a) and (not bound or i in self.partner):
                yield Move(MoveKind.MOVE, i, self.out)
            for j, b in free[n + 1:]:
                if self.pairs_with(a, b) and self.in_line(i, j) and (
                        not bound or i in self.partner or j in self.partner):
                    yield Move(MoveKind.MOVE, i, j)

    def any_open(self, pos: Position) -> bool:
        return next(iter(self.moves(pos)), None) is not None

    def owns(self, pos: Position, move: Move) -> bool:
        src, dst = move.src, move.dst
        if move.kind != MoveKind.MOVE or move.count != 1 or src not in self.pool or \
                (dst != self.out and dst not in self.pool) or src == dst or self._short(pos):
            return False
        a = self._free(pos, src)
        if a is None or (move.card is not None and move.card != a):
            return False
        if self.bound(pos) and src not in self.partner and dst not in self.partner:
            return False
        if dst == self.out:
            return self.alone(a)
        b = self._free(pos, dst)
        return b is not None and self.pairs_with(a, b) and self.in_line(src, dst) and \
            not (self.line and self._exchanging(pos))

    def narrow_sources(self, pos: Position, sources: tuple[int, ...]) -> tuple[int, ...]:
        """The partner's card is not laid anywhere while it pairs."""
        if not self.partner or not self.any_open(pos):
            return sources
        return tuple(i for i in sources if i not in self.partner)

    def verdict(self, pos: Position, move: Move) -> bool | None:
        """The partner's card is laid on an empty place only when it pairs with none."""
        if move.src in self.partner and not self.owns(pos, move) and self.any_open(pos):
            return False
        return None

    def blocks_deal(self, pos: Position) -> bool:
        return self.any_open(pos)

    def forced(self, pos: Position) -> Move | None:
        """Every pair and single must go out before the deal, and the places
        are alike (single cards, nothing laid on them): whatever the order,
        the same cards are left (a card's partner is of one rank), so the
        first open one, else the deal, is forced.  Not so where cards are
        covered at once: which suit is covered first is a choice."""
        if not self.alike_places or self.cover or self.line or self.refilled_at_once:
            return None  # which cards go decides which come up (or which suit is left): a choice
        first = next(iter(self.moves(pos)), None)
        if first is not None:
            return first
        return DEAL if self.rules.is_legal(pos, DEAL) else None

    # ------------------------------------------------------------ words
    def words(self, pos: Position, move: Move, ascii: bool) -> str | None:
        if not self.owns(pos, move):
            return None  # (a card moved to an empty place by its build: the core's words)
        specs = self.rules.specs
        a = pos.piles[move.src][-1].text(ascii)
        if move.dst == self.out:
            return (f"put out the {a} from {specs[move.src].ref} to {specs[self.out].ref} "
                    f"({in_words(self.total)} alone)")
        b = pos.piles[move.dst][-1].text(ascii)
        if self.cover:
            return (f"cover the {a} on {specs[move.src].ref} and the {b} on "
                    f"{specs[move.dst].ref} ({self._made()})")
        return (f"put out the {a} from {specs[move.src].ref} and the {b} from "
                f"{specs[move.dst].ref} ({self._made()})")

    def refusal(self, pos: Position, move: Move) -> str | None:
        src, dst = move.src, move.dst
        if src not in self.pool or (dst != self.out and dst not in self.pool):
            return None
        a = self._free(pos, src)
        if a is None:
            return None
        if src in self.partner and not self.owns(pos, move) and self.any_open(pos):
            first = next(iter(self.moves(pos)))
            return (f"the {a} pairs with a card of the lay-out ({self.words(pos, first, False)}): "
                    "it is laid in an empty place only when it pairs with none")
        if self.bound(pos) and src not in self.partner and dst not in self.partner:
            turned = self.rules.specs[self.partner[0]]
            return (f"while the pack lasts, every pair includes the card turned up on "
                    f"{turned.the_ref}")
        total = in_words(self.total)
        if self._short(pos) and dst != self.out and self._free(pos, dst) is not None:
            return "the pack holds too few cards to cover two: the game is at its close"
        if dst == self.out:
            if self.alone(a):
                return None
            if not self.singles:
                return f"no card goes out alone: the {a} goes out with a card that pairs with it"
            return (f"only {self._singles_words()} go out alone; the {a} counts "
                    f"{in_words(VALUE[a.rank])}: put it out with a card that makes {total} "
                    "with it")
        b = self._free(pos, dst)
        if b is None:
            if self.rules.fits(pos, a, dst):
                return None  # an empty place that takes a card by its build
            return f"{self.rules.specs[dst].the_ref} is empty: there is no card to pair with"
        if self.alike == "suit":
            return None if a.suit == b.suit else f"the {a} and the {b} are not of one suit"
        if self.alike:
            return None if a.rank == b.rank else f"the {a} and the {b} are not alike"
        made = VALUE[a.rank] + VALUE[b.rank]
        if made != self.total:
            return f"the {a} and the {b} make {in_words(made)}, not {total}"
        if not self.in_line(src, dst):
            return (f"the {a} and the {b} make {total}, but they lie in neither one row nor "
                    "one column")
        return None

    def deal_refusal(self, pos: Position) -> str | None:
        first = next(iter(self.moves(pos)), None)
        if first is None:
            return None
        return ("every pair goes out before the gaps are filled or another card is turned: "
                f"{self.words(pos, first, False)}")

    def _singles_words(self, last: str = " and ", plural: int = 1) -> str:
        """The ranks that go out alone: 'knaves, queens and kings' (or, not
        *plural*, with *last* ' or ': 'knave, queen or king')."""
        names = {11: "knave", 12: "queen", 13: "king"}
        said = [names.get(r, str(r)) + "s" * plural for r in sorted(self.singles)]
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + last + said[-1]

    def lost_words(self, pos: Position) -> str | None:
        turned = next((pos.piles[i][-1] for i in self.partner if pos.piles[i]), None)
        if turned is not None:
            return (f"the {turned} turned up pairs with no card of the lay-out, and no empty "
                    "place takes it")
        extra = self.rules.providing("extra-card")
        turned = f"; the {extra.waiting(pos)} turned up besides makes " \
            f"{self._made()} with none" if extra is not None and extra.waiting(pos) is not None else ""
        alone = f" and no {self._singles_words(' or ', 0)} shows" if self.singles else ""
        if self.triple:
            alone = " and no " + ", ".join(RANK_NOUN[r] for r in sorted(self.triple)) + \
                " show together"
        if self.matched_close:
            left = len(pos.piles[self.stock]) if self.stock is not None else 0
            sets = " and sets of a " + ", ".join(
                RANK_NOUN[r] for r in sorted(self.triple, reverse=True)) if self.triple else ""
            return (f"the game has come to its close with {left} card{'s' if left != 1 else ''}"
                    f" in the hand, and the cards left do not all make {in_words(self.total)}s"
                    f"{sets}")
        if self.alike == "suit":
            return "the cards showing are all of different suits"
        if self.alike:
            return f"no two free cards are alike{turned}"
        return f"no two free cards make {in_words(self.total)}{alone}{turned}"

    # ------------------------------------------------------------ after a move
    def after_move(self, before: Position, move: Move, after: Position) -> Position:
        """A pair: the card moved onto its partner, both go out."""
        if move.src not in self.pool or move.dst not in self.pool or not before.piles[move.dst] \
                or not self.owns(before, move):
            return after  # (a card moved to an empty place by its build, or changing places)
        if self.cover:  # the card back in its place, and each covered from the pack
            after = self.rules.transfer(after, move.dst, move.src)
            for place in sorted((move.src, move.dst)):
                if after.piles[self.stock]:
                    after = self.rules.transfer(after, self.stock, place)
            return after
        return self.rules.transfer(after, move.dst, self.out, 2)

    def won(self, pos: Position) -> str | None:
        """(Covering) Won once the pack is used up; where the game closes
        matched, once nothing more can be covered with at most one card left in
        the hand, and the cards showing and that card all make the number or
        sets of ``triple``."""
        if not self.cover:
            return None
        if not self.matched_close:
            return "the pack is used up" if not pos.piles[self.stock] else None
        hand = pos.piles[self.stock]
        if len(hand) > 1 or self.any_open(pos):
            return None
        triples = self.rules.providing("covered-triples")
        if triples is not None and triples.any_open(pos):
            return None
        left = [c for i in self.pool if (c := self._free(pos, i)) is not None] + list(hand)
        if not self.all_matched(left):
            return None
        return "every card left makes " + in_words(self.total) + \
            (" or a set" if self.triple else "") + " with others: as if the whole were played"

    def all_matched(self, cards: list[Card]) -> bool:
        """Whether *cards* fall wholly into pairs making the number and sets of
        one card of each rank of ``triple``."""
        count = {r: 0 for r in range(1, 14)}
        for c in cards:
            count[c.rank] += 1
        if self.triple:
            sets = {count[r] for r in self.triple}
            if len(sets) != 1:
                return False
            for r in self.triple:
                count[r] = 0
        return all(count[r] % 2 == 0 if 2 * r == self.total else
                   count[r] == count.get(self.total - r, -1) for r in count if count[r])


class ExtraCard(DealStep):
    """When nothing pairs and no gap is left, one more card of the pack
    turned up on the first empty place of the ``extra`` group, where it
    waits to pair (Elevens' one additional card; Nestor's reserve, taken up
    one by one, a card that pairs with none put aside to pair later)."""

    provides: ClassVar[frozenset[str]] = frozenset({"extra-card"})

    topic = "pairs"
    keys = ("play.pairs.extra",)
    reads_suits = False
    plain = False

    def __init__(self, rules: Rules, spots: tuple[int, ...], stock: int) -> None:
        super().__init__(rules)
        self.spots, self.stock = spots, stock

    @classmethod
    def build(cls, rules: Rules) -> ExtraCard | None:
        rule = rules.layout.play.pairs
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        if rule is None or not rule.extra or len(stock) != 1:
            return None
        return cls(rules, rules.group_piles[rule.extra], stock[0])

    def waiting(self, pos: Position) -> Card | None:
        """The one card turned up, where there is one place for it and it is
        taken."""
        if len(self.spots) == 1 and pos.piles[self.spots[0]]:
            return pos.piles[self.spots[-1]][-1]
        return None

    def deal_reason(self, pos: Position) -> str | None:
        if not pos.piles[self.stock]:
            return "the pack is dealt out (there is no redeal)"
        if all(pos.piles[i] for i in self.spots):
            name = self.rules.specs[self.spots[0]]
            return (f"one more card is turned up only onto an empty place of the "
                    f"{name.heading or name.name}: every place holds one")
        return None

    def apply_deal(self, pos: Position) -> Position:
        place = next(i for i in self.spots if not pos.piles[i])
        return self.rules.transfer(pos, self.stock, place)

    def deal_name(self, pos: Position) -> str:
        place = next((i for i in self.spots if not pos.piles[i]), self.spots[0])
        return f"turn up one more card of the pack, on {self.rules.specs[place].the_ref}"


class ReservePackets(DealStep):
    """Packets dealt face down as a reserve, each turned over when nothing
    pairs, its cards then pairing from the top down (the Juvenile: "you turn
    over one of the four-card packets, and see whether the uppermost card of
    this will combine ... you have recourse to the second packet")."""

    topic = "pairs"
    keys = ("play.pairs.reserve",)
    reads_suits = False
    plain = False

    def __init__(self, rules: Rules, packets: tuple[int, ...]) -> None:
        super().__init__(rules)
        self.packets = packets

    @classmethod
    def build(cls, rules: Rules) -> ReservePackets | None:
        rule = rules.layout.play.pairs
        if rule is None or not rule.reserve:
            return None
        return cls(rules, rules.group_piles[rule.reserve])

    def ordered_groups(self) -> set[str]:
        """The packets: they are turned over in the layout's order."""
        return {self.rules.specs[self.packets[0]].group}

    def _next(self, pos: Position) -> int | None:
        return next((i for i in self.packets if pos.piles[i] and pos.down[i]), None)

    def deal_reason(self, pos: Position) -> str | None:
        if self._next(pos) is None:
            return "every reserve packet is turned over"
        return None

    def apply_deal(self, pos: Position) -> Position:
        """The packet turned over: its undermost card comes on top, face up."""
        i = self._next(pos)
        assert i is not None
        piles = list(pos.piles)
        piles[i] = tuple(reversed(piles[i]))
        down = tuple(0 if j == i else d for j, d in enumerate(pos.down))
        return Position(tuple(piles), down, pos.extra)

    def deal_name(self, pos: Position) -> str:
        i = self._next(pos)
        return "turn over a reserve packet" if i is None else \
            f"turn over {self.rules.specs[i].the_ref}"
