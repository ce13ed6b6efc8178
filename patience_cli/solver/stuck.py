"""Proofs of loss from a card that can never move again (for the solver:
:mod:`patience_cli.solver.pruning` on the engine's positions, :class:`CompactHeld`
on the compact search's; no I/O).

A card on a tableau pile leaves it only to a foundation or onto another
pile's top card.  Where neither can ever happen, the card stays where it is
to the end, and a game won only when every card of the ranks its
foundations take is home is lost (a card of another rank, such as Anna's
queens, is never held): the search need not look past that position.  So
with the Four Corners after its last deal: the king of diamonds lies on the
only queen of diamonds not yet home, and no pile takes a card once empty;
the queen can never go up, and the king can go nowhere else.

A card X is held, in one position, when

* no foundation can take it: each foundation that may still build in X's
  suit (or in any suit; one still empty too, unless it begins with X's
  rank, when X may go up as soon as it is free) wants, before X in its
  order, a card of which every copy not yet home lies under X in X's own
  pile (so it cannot come up before X moves);
* no tableau pile can take it: every card X may be laid on, by each pile's
  build, is home already or lies under X in its pile; and no empty pile
  would take X (a pile may yet be emptied).

The cards under X, and X's own twins, are counted card by card (two packs
hold two of each).  That is all conservative: a card that only looks free
(its foundation's card lies elsewhere but is held too) is not called held,
so the rule may miss a lost position, never call a winnable one lost.

A foundation takes X only once it has climbed through every rank before X
in its order, so the rule reads that order whole: X is held, too, where
some rank between the foundation's top and X has every copy not yet home
under X (the Storehouse: a king over a seven of its suit, in a heap whose
cards go only up or onto a card one higher, and a king onto none).  A
foundation's order is its plain build's or its ``sequence`` (two up to
king, then the ace).

It is sound only where nothing else moves a tableau card: no module of the
game's own; rule features that only forbid moves (routes, first claims),
fill a vacancy from the pack or the talon alone, at once or when the
player likes (a card in the tableau or a reserve never goes to an empty
pile refilled so), or lay a free card that starts a foundation there as it
appears; every pile
built by a plain rule (:meth:`Rules.plain_builds`), foundations also by a
sequence; cards that leave a tableau pile, or a reserve (a pile nothing is
laid on, also looked at), one at a time from its top; nothing taken back
from a foundation; no other pile that takes cards; and a deal step (if
any) that turns the pack onto a talon or gathers the tableau a set number
of times (held cards count only once no gathering is left).
:meth:`Held.of` says whether a game is so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import chain

from ..cards import Card, Suit
from ..engine import Position, Rules
from ..layout import Role

_SUITS = tuple(Suit)


def _chain(top: Card | None, rule: str, ranks: tuple[int, ...]) -> tuple:
    """A foundation's entry in :meth:`Held._chains`: its top card, its suit
    rule, the ranks it takes next and where each first comes among them."""
    where: dict[int, int] = {}
    for k, r in enumerate(ranks):
        where.setdefault(r, k)
    return top, rule, ranks, where


def _reserves(rules: Rules) -> Iterator[int]:
    """The reserve piles whose cards leave one at a time from the top (and
    nothing is laid on them): looked at as the tableau's piles are."""
    for spec in rules.specs:
        if spec.role is Role.RESERVE and spec.build is None and spec.move == "top" \
                and spec.available == "top" and spec.withdraw is None:
            yield spec.index


class Held:
    """The rule for one game's layout; :meth:`lost` asks it of a position."""

    def __init__(self, rules: Rules, regather: object | None) -> None:
        self.rules = rules
        plain = rules.building.plain_builds
        self.regather = regather
        self.homes = rules.foundations
        self.total: dict | None = None  # the cards in play, found at the first position
        # the piles the foundations' state is read from: theirs, and those whose first
        # card decides a foundation's base (Building.decided)
        read = set(self.homes)
        for f in self.homes:
            build = rules.specs[f].build
            if build is not None and build.first_of not in (None, "group", "pile"):
                read.update(rules.group_piles[build.first_of])
        self._read = tuple(sorted(read))
        self._known: dict[tuple, tuple] = {}
        self._serial = 0
        self._memo: dict[tuple[int, int], tuple] = {}  # each pile's answer (held_card)
        self._made: dict[tuple, tuple] = {}  # each begun foundation's entry (_chains)
        self.tableau = [i for i in rules.tableau if rules.specs[i].withdraw is None] + \
            list(_reserves(rules))
        # each card, the cards it may be laid on in the tableau (by any pile's build)
        self.onto: dict[tuple[int, Suit], frozenset[tuple[int, Suit]]] = {}
        # never held: cards an empty pile takes, and cards of a rank no foundation takes
        # (the game is won without them: Anna's queens)
        self.free: set[tuple[int, Suit]] = set()
        home_ranks = rules.standing.home_ranks
        for rank in range(1, 14):
            for suit in _SUITS:
                card = (rank, suit)
                if rank not in home_ranks:
                    self.free.add(card)
                targets: set[tuple[int, Suit]] = set()
                for d in rules.tableau:
                    empty, until, rule, steps, wrap = plain[d]
                    if rules.specs[d].refill is not None:
                        empty = None  # (refilled from the pack or the talon alone: Held.of)
                    if empty is not None and (empty == 0 or empty == rank):
                        self.free.add(card)
                    for step in steps:
                        below = rank - step
                        if wrap:
                            below = (below - 1) % 13 + 1
                        if not 1 <= below <= 13 or below == until:
                            continue
                        for s in _SUITS:
                            if rule == "same" and s is not suit or rule == "alternate" and \
                                    Card(1, s).colour is Card(1, suit).colour:
                                continue
                            targets.add((below, s))
                self.onto[card] = frozenset(targets)

    @classmethod
    def of(cls, rules: Rules) -> Held | None:
        """The rule for *rules*' game, where it is sound (see the module's
        docstring) and could ever hold a card, else None."""
        if rules.layout.rules != "standard" or not rules.tableau or not rules.foundations:
            return None
        plain = rules.building.plain_builds
        regather = None
        for f in rules.features:
            if "regather" in f.provides and f.times is not None and f.stall is None \
                    and not f.to_stock and regather is None:
                regather = f
            elif "holds-nothing" not in f.provides:
                return None
        pack = {s.group for s in rules.specs if s.role in (Role.STOCK, Role.TALON)}
        for i, spec in enumerate(rules.specs):
            if spec.refill is not None and not set(
                    spec.refill.sources + (spec.refill.after_deal or ())) <= pack:
                return None  # (a vacancy filled from the tableau or a reserve)
            if i in rules.foundations:
                if plain[i] is None and (spec.build is None or spec.build.step_by is not None) \
                        or i in rules.sources:
                    return None
            elif i in rules.tableau:
                if plain[i] is None or spec.move != "top" or spec.available != "top":
                    return None
            elif spec.build is not None:
                return None
        held = cls(rules, regather)
        return None if len(held.free) == 52 or not held.tableau else held

    def lost(self, pos: Position, laid: int | None = None) -> bool:
        """Whether a card of *pos* is held (see the class's docstring): the
        game cannot be won from *pos*.  With *laid*, the tableau pile the move
        that led to *pos* laid a card on, from a position not lost: only that
        card can have become held (no card went home, and no other pile
        changed but the one it left, whose cards were all under it), so only
        it is looked at."""
        return self.held_card(pos, laid) is not None

    def held_card(self, pos: Position, laid: int | None = None) -> tuple[int, int] | None:
        """The first held card of *pos* (see :meth:`lost`), as its pile and its
        place in the pile (0 at the bottom), or None.  Each pile's answer is
        kept while its cards and the foundations stay the very same objects
        (a deal, or a move between two piles, leaves the others as they were)."""
        regather = self.regather
        if regather is not None and int(pos.get("regathered", 0)) < regather.times:  # type: ignore[attr-defined]
            return None
        piles = pos.piles
        if self.total is None:  # the cards in play: the same in every position of a game
            self.total = dict(Counter(chain.from_iterable(piles)))
        out, chains, serial = self._homes_now(pos)
        if chains is None:
            return None  # (a foundation not known plainly: any card may go up)
        if laid is not None:
            j = self._held_in(piles[laid], out, chains, len(piles[laid]) - 1)
            return None if j is None else (laid, j)
        memo = self._memo
        for p in self.tableau:
            pile = piles[p]
            if not pile:
                continue
            key = (id(pile), serial)
            kept = memo.get(key)
            if kept is not None and kept[0] is pile:
                j = kept[1]
            else:
                j = self._held_in(pile, out, chains, 0)
                if len(memo) >= 1 << 16:
                    memo.clear()
                memo[key] = (pile, j)  # (the pile kept: its id is not reused while it lives)
            if j is not None:
                return p, j
        return None

    def _held_in(self, pile: tuple[Card, ...], out: dict, chains: list[tuple],
                 first: int) -> int | None:
        """The place of the first held card of *pile* from *first* up, or None."""
        free, onto = self.free, self.onto
        under: dict[tuple[int, Suit], int] = {}
        for c in pile[:first]:
            under[c] = under.get(c, 0) + 1
        for j in range(first, len(pile)):
            c = pile[j]
            if c not in free:
                for z in onto[c]:
                    if out.get(z, 0) > under.get(z, 0):
                        break  # a card it may be laid on, out and not under it
                else:
                    if not self._may_go_up(chains, c, out, under):
                        return j
            under[c] = under.get(c, 0) + 1
        return None

    def _homes_now(self, pos: Position) -> tuple[dict, list[tuple] | None, int]:
        """Each card's copies out of the foundations in *pos*, the
        foundations' orders (:meth:`_chains`), and a number for that state
        never given to another: found again only where the piles they are
        read from are not the very ones of a position met lately (most moves
        leave the foundations as they were)."""
        piles = pos.piles
        read = tuple(piles[i] for i in self._read)
        key = tuple(map(id, read))
        known = self._known.get(key)
        if known is not None and all(a is b for a, b in zip(known[0], read)):
            return known[1], known[2], known[3]
        assert self.total is not None  # (found at the first position)
        out = dict(self.total)
        for f in self.homes:
            for c in piles[f]:
                out[c] -= 1
        chains = self._chains(pos)
        if len(self._known) >= 4096:
            self._known.clear()
        # (the piles kept with their answer: an id is not reused while they live)
        self._serial += 1
        self._known[key] = (read, out, chains, self._serial)
        return out, chains, self._serial

    def _chains(self, pos: Position) -> list[tuple] | None:
        """Each foundation that may take more cards, as (its top card, or
        None while it is empty; its suit rule; the ranks it takes next, in
        order, or None where an empty one takes any card); None where one
        is not built plainly or by a sequence in *pos*."""
        out = []
        rules = self.rules
        plain_now = rules.building.plain_build_now
        made = self._made
        for f in self.homes:
            pile = pos.piles[f]
            top = pile[-1] if pile else None
            if top is not None:  # (begun: its order is known from its length and top card)
                entry = made.get((f, len(pile), top))
                if entry is not None:
                    if entry[0] is not None:
                        out.append(entry)
                    continue
            entry = self._chain_of(pos, f, pile, top, plain_now)
            if entry is False:
                return None
            if top is not None:
                made[f, len(pile), top] = entry if entry is not None else (None,)
            if entry is not None:
                out.append(entry)
        return out

    def _chain_of(self, pos: Position, f: int, pile: tuple[Card, ...], top: Card | None,
                  plain_now) -> tuple | None | bool:
        """Foundation *f*'s entry in :meth:`_chains`; None where it takes no
        more cards; False where it is not built plainly or by a sequence."""
        build = self.rules.specs[f].build
        if build is not None and build.sequence is not None:
            if len(pile) < len(build.sequence):
                return _chain(top, build.suit, build.sequence[len(pile):])
            return None
        plain = plain_now(pos, f)
        if plain is None or len(plain[3]) != 1:
            return False
        empty, until, rule, steps, wrap = plain
        if top is None and empty is None:
            return None
        if top is None and empty == 0:
            return None, rule, None, None
        step = next(iter(steps))
        ranks = []
        rank = empty if top is None else top[0] + step
        for _ in range(13):
            if top is not None and top[0] == until:
                break
            if wrap:
                rank = (rank - 1) % 13 + 1
            elif not 1 <= rank <= 13:
                break
            ranks.append(rank)
            if rank == until:
                break
            rank += step
        return _chain(top, rule, tuple(ranks))

    @staticmethod
    def _may_go_up(chains: list[tuple], card: Card, out: dict, under: dict) -> bool:
        """Whether a foundation of *chains* may yet take *card*: one that
        takes it when it is free, or whose every rank before it, in its
        order, has a card of the suit (or colour) it wants out of the
        foundations and not under *card*."""
        rank, suit = card
        colour = card.colour
        for top, rule, ranks, where in chains:
            if ranks is None:
                return True  # (an empty foundation that takes any card)
            if rule == "same" and top is not None and top[1] is not suit:
                continue
            k = where.get(rank)
            if k is None:
                continue
            if rule == "alternate" and top is not None and \
                    (top.colour is colour) != (k % 2 == 1):
                continue  # (its colour alternates from the top's)
            if rule == "same":
                for r in ranks[:k]:
                    if out.get((r, suit), 0) <= under.get((r, suit), 0):
                        break  # every copy of a card it needs first lies under card (or is home)
                else:
                    return True
                continue
            for i, r in enumerate(ranks[:k]):
                wanted: tuple[Suit, ...] = _SUITS
                if rule == "alternate":  # the colour changes at each step back from card
                    wanted = tuple(s for s in _SUITS
                                   if (Card(1, s).colour is colour) == ((k - i) % 2 == 0))
                if not any(out.get((r, s), 0) > under.get((r, s), 0) for s in wanted):
                    break  # every copy of a card it needs first lies under card (or is home)
            else:
                return True
        return False


class CompactHeld:
    """The same proof read from the compact search's positions
    (:mod:`patience_cli.solver.compact`: rows as bytes, foundations by their
    top cards, each built up in suit from the ace; a talon never built on),
    for rows whose cards leave one at a time or all their face-up cards
    together (Klondike), and for the talon.

    A card X leaves a row only to a foundation, from the top, or carried by
    a move onto another row or an empty one.  The card at the foot of that
    move, its *base*, is X itself where cards leave one at a time, or while
    X lies face down (once turned up it is on top); where the face-up cards
    move together, the lowest of them (the cards between it and X cannot
    leave before X).  So X is held when, for some card of its suit between
    the highest of its suit's foundations still below X and X, each copy
    not home lies under it (no foundation can climb to X), and its base can
    never move: each card
    the base may be laid on is home or under X (under the base, or carried
    with it), and no empty row takes the base.  X then never leaves its
    row, nor the card before it from under X.  A talon card leaves only
    from the top, alone: held the same way once no redeal is left (one
    would turn the talon over).  An ace is never held: a foundation waits
    for each copy."""

    def __init__(self, under: tuple[tuple[int, ...], ...], free: frozenset[int],
                 whole: tuple[bool, ...], copies: list[int], redeals: int) -> None:
        self.under, self.free, self.whole = under, free, whole
        self.copies, self.redeals = copies, redeals
        #: each card, the cards that may be laid on it
        self.over = tuple(tuple(x for x in range(52) if c in under[x]) for c in range(52))
        #: each card, a table marking the lower cards of its suit (bytes.translate: one
        #: quick look whether any lies under it, before the closer one)
        self.lower = tuple(bytes(int(x - x % 13 <= y < x) for y in range(256))
                           for x in range(52))

    @classmethod
    def of(cls, under: tuple[tuple[int, ...], ...], empty: tuple[frozenset[int], ...],
           runs: tuple[str, ...], copies: list[int], redeals: int) -> CompactHeld | None:
        """The rule for a layout whose rows lay each card on the cards of
        *under* (a card as a number, as the compact search's), whose empty
        rows take the cards of *empty* and move cards as *runs* says, with
        *copies* of each card in play and *redeals*; None where every card in
        play may go to an empty row (none is ever held) or a row moves runs
        of another kind."""
        free = frozenset().union(*empty)
        if all(c in free for c in range(52) if copies[c]) or \
                not set(runs) <= {"top", "whole-run"}:
            return None
        return cls(under, free, tuple(how == "whole-run" for how in runs), copies, redeals)

    def lost(self, st: tuple) -> bool:
        """Whether a card of the compact position *st* is held."""
        rows, homes, _, talon, used = st
        for r, row in enumerate(rows):
            for j in range(row[1]):
                if self._held(row, r, j, homes):
                    return True
        return used >= self.redeals and any(
            self._held(talon, -1, i, homes) for i in range(1, len(talon)))

    def homed_lost(self, st: tuple, c: int) -> bool:
        """Whether a card is held once card *c* has gone home (from a position
        not lost): only a card whose base *c* could have taken can have
        become held (the cards from that base up), a card that follows *c*
        in its suit (the twin of *c* may lie under it), or the twin of *c*
        (the foundation that took *c* no longer climbs to it)."""
        rows, homes, _, talon, used = st
        looks = [(y, True) for y in self.over[c]]
        if self.copies[c] > 1:  # (one copy: c is home, so under no card)
            looks += [(y, False) for y in range(c, c - c % 13 + 13)]
        for y, base in looks:
            for r, row in enumerate(rows):
                at = row.find(y, 2) - 2
                while at >= 0:
                    tops = range(at, row[1]) if base and self.whole[r] and at == row[0] \
                        else (at,)
                    if any(self._held(row, r, j, homes) for j in tops):
                        return True
                    at = row.find(y, at + 3) - 2
            if used >= self.redeals:
                at = talon.find(y)
                while at >= 0:
                    if self._held(talon, -1, at, homes):
                        return True
                    at = talon.find(y, at + 1)
        return False

    def laid_lost(self, st: tuple, r: int, count: int) -> bool:
        """Whether one of the *count* cards just laid on row *r* is held
        (after a move that sent no card home, from a position not lost: no
        other card's lot changed)."""
        row = st[0][r]
        for j in range(row[1] - count, row[1]):
            if self._held(row, r, j, st[1]):
                return True
        return False

    def dealt_lost(self, st: tuple) -> bool:
        """Whether the card just dealt onto the talon is held."""
        talon = st[3]
        n = len(talon) - 1
        return n > 0 and st[4] >= self.redeals and self._held(talon, -1, n, st[1])

    def _out(self, c: int, homes: tuple[int, ...]) -> int:
        """The copies of card *c* not home."""
        n = self.copies[c]
        end = c - c % 13 + 13  # (past its suit's king)
        for h in homes:
            if c <= h < end:
                n -= 1
        return n

    def _held(self, pile: bytes, r: int, j: int, homes: tuple[int, ...]) -> bool:
        """Whether the card at *j* of *pile* (row *r*, bytes with its face-down
        count and length first; or the talon, *r* -1, bare) is held."""
        start = 2 if r >= 0 else 0
        x = pile[start + j]
        below = pile[start:start + j]
        if 1 not in below.translate(self.lower[x]):
            return False  # (most cards: no lower card of its suit under it)
        base = pile[start + pile[0]] if r >= 0 and self.whole[r] and j >= pile[0] else x
        if base in self.free:
            return False
        for u in self.under[base]:
            if self._out(u, homes) > below.count(u):
                return False  # (most of the rest: a card its base may go on is free)
        suit = x - x % 13  # (its ace)
        # the highest card of its suit home below it (the foundation nearest it)
        top = suit - 1
        for h in homes:
            if top < h < x:
                top = h
        for y in range(top + 1, x):
            if y in below and below.count(y) >= self._out(y, homes):
                return True  # every copy of y not home under it: no foundation climbs to it
        return False
