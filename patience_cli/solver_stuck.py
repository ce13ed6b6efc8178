"""Proofs of loss from a card that can never move again (for the solver:
:mod:`patience_cli.solver_pruning` on the engine's positions, :class:`CompactHeld`
on the compact search's; no I/O).

A card on a tableau pile leaves it only to a foundation or onto another
pile's top card.  Where neither can ever happen, the card stays where it is
to the end, and a game won only when every card is home is lost: the search
need not look past that position.  So with the Four Corners after its last
deal: the king of diamonds lies on the only queen of diamonds not yet home,
and no pile takes a card once empty; the queen can never go up, and the king
can go nowhere else.

A card X is held, in one position, when

* no foundation can take it: each foundation that may still build in X's
  suit (or in any suit; one still empty too, unless it begins with X's
  rank, when X may go up as soon as it is free) wants the card before X in
  its order, and every such card not yet home lies under X in X's own pile
  (so it cannot come up before X moves);
* no tableau pile can take it: every card X may be laid on, by each pile's
  build, is home already or lies under X in its pile; and no empty pile
  would take X (a pile may yet be emptied).

The cards under X, and X's own twins, are counted card by card (two packs
hold two of each).  That is all conservative: a card that only looks free
(its foundation's card lies elsewhere but is held too) is not called held,
so the rule may miss a lost position, never call a winnable one lost.

It is sound only where nothing else moves a tableau card: rules that are
plain (:meth:`Rules.plain_moves`: no module of the game's own, no route
rules, refills, claims, graces), every pile built by a plain rule
(:meth:`Rules.plain_builds`), cards that leave a tableau pile one at a
time from its top, nothing taken back from a foundation, no other pile
that takes cards, and a deal step (if any) that turns the pack onto a
talon or gathers the tableau a set number of times (held cards count only
once no gathering is left).  :meth:`Held.of` says whether a game is so.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

from .cards import Card, Suit
from .engine import Position, Rules

_SUITS = tuple(Suit)


class Held:
    """The rule for one game's layout; :meth:`lost` asks it of a position."""

    def __init__(self, rules: Rules, regather: object | None) -> None:
        self.rules = rules
        plain = rules.plain_builds
        self.regather = regather
        self.homes = rules.foundations
        self.total: dict | None = None  # the cards in play, found at the first position
        self.tableau = [i for i in rules.tableau if rules.specs[i].withdraw is None]
        # each card, the cards it may be laid on in the tableau (by any pile's build)
        self.onto: dict[tuple[int, Suit], frozenset[tuple[int, Suit]]] = {}
        self.free: set[tuple[int, Suit]] = set()   # cards an empty pile takes: never held
        for rank in range(1, 14):
            for suit in _SUITS:
                card = (rank, suit)
                targets: set[tuple[int, Suit]] = set()
                for d in rules.tableau:
                    empty, until, rule, steps, wrap = plain[d]
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
    def of(cls, rules: Rules) -> "Held | None":
        """The rule for *rules*' game, where it is sound (see the module's
        docstring) and could ever hold a card, else None."""
        from .features.face_turning import FaceTurning
        from .features.regather import Regather
        from .features.scoring import Scoring
        from .features.talon import Talon

        if not rules.plain_moves() or not rules.tableau or not rules.foundations:
            return None
        plain = rules.plain_builds
        regather = None
        for f in rules.features:
            if type(f) is Regather and f.times is not None and f.stall is None \
                    and not f.to_stock and regather is None:
                regather = f
            elif type(f) not in (Talon, FaceTurning, Scoring):
                return None
        for i, spec in enumerate(rules.specs):
            if i in rules.foundations:
                if plain[i] is None and (spec.build is None or spec.build.sequence is not None
                                         or spec.build.step_by is not None) \
                        or i in rules.sources:
                    return None
            elif i in rules.tableau:
                if plain[i] is None or spec.move != "top" or spec.available != "top":
                    return None
            elif spec.build is not None:
                return None
        held = cls(rules, regather)
        return None if len(held.free) == 52 else held

    def lost(self, pos: Position, laid: int | None = None) -> bool:
        """Whether a card of *pos* is held (see the class's docstring): the
        game cannot be won from *pos*.  With *laid*, the tableau pile the move
        that led to *pos* laid a card on, from a position not lost: only that
        card can have become held (no card went home, and no other pile
        changed but the one it left, whose cards were all under it), so only
        it is looked at."""
        regather = self.regather
        if regather is not None and int(pos.get("regathered", 0)) < regather.times:  # type: ignore[attr-defined]
            return False
        piles = pos.piles
        if self.total is None:  # the cards in play: the same in every position of a game
            self.total = dict(Counter(chain.from_iterable(piles)))
        # each card's copies out of the foundations
        out = dict(self.total)
        for f in self.homes:
            for c in piles[f]:
                out[c] -= 1
        free, onto = self.free, self.onto
        chains = None
        for p in self.tableau if laid is None else (laid,):
            under: dict[tuple[int, Suit], int] = {}
            cards = piles[p]
            if laid is not None:  # the card laid alone, over the rest of its pile
                for c in cards[:-1]:
                    under[c] = under.get(c, 0) + 1
                cards = cards[-1:]
            for c in cards:
                if c not in free:
                    for z in onto[c]:
                        if out.get(z, 0) > under.get(z, 0):
                            break  # a card it may be laid on, out and not under it
                    else:
                        if chains is None:
                            chains = self._chains(pos)
                            if chains is None:
                                return False  # (a foundation not known plainly: any card may go up)
                        if not self._may_go_up(chains, c, out, under):
                            return True
                under[c] = under.get(c, 0) + 1
        return False

    def _chains(self, pos: Position) -> list[tuple] | None:
        """Each foundation that may take more cards, as (the rank it takes
        when empty, or None when it has cards; its top card; its suit rule;
        its step; whether it turns the corner); None where one is not built
        plainly in *pos*."""
        out = []
        plain_now = self.rules.plain_build_now
        for f in self.homes:
            plain = plain_now(pos, f)
            if plain is None or len(plain[3]) != 1:
                return None
            empty, until, rule, steps, wrap = plain
            pile = pos.piles[f]
            if not pile:
                if empty is not None:
                    out.append((empty, None, rule, next(iter(steps)), wrap))
            elif pile[-1][0] != until:
                out.append((None, pile[-1], rule, next(iter(steps)), wrap))
        return out

    @staticmethod
    def _may_go_up(chains: list[tuple], card: Card, out: dict, under: dict) -> bool:
        """Whether a foundation of *chains* may yet take *card*: one that
        takes it when it is free, or whose card before it is out of the
        foundations and not under it."""
        rank, suit = card
        for empty, top, rule, step, wrap in chains:
            if top is None:
                if empty == 0 or empty == rank:
                    return True
            elif rule == "same" and top[1] is not suit:
                continue  # (in alternate colours a card two ranks on is of the top's colour)
            before = rank - step
            if wrap:
                before = (before - 1) % 13 + 1
            if not 1 <= before <= 13:
                continue
            if top is not None and top[0] == before and (
                    rule == "any" or rule == "same" or top.colour is not card.colour):
                return True
            for s in (suit,) if rule == "same" else _SUITS:
                if rule == "alternate" and Card(1, s).colour is card.colour:
                    continue
                if out.get((before, s), 0) > under.get((before, s), 0):
                    return True
        return False


class CompactHeld:
    """The same proof read from the compact search's positions
    (:mod:`patience_cli.solver_compact`: rows as bytes, foundations by their
    top cards, each built up in suit from the ace; a talon never built on),
    for rows whose cards leave one at a time or all their face-up cards
    together (Klondike), and for the talon.

    A card X leaves a row only to a foundation, from the top, or carried by
    a move onto another row or an empty one.  The card at the foot of that
    move, its *base*, is X itself where cards leave one at a time, or while
    X lies face down (once turned up it is on top); where the face-up cards
    move together, the lowest of them (the cards between it and X cannot
    leave before X).  So X is held when each copy of the card before it in
    its suit not home lies under it, and its base can never move: each card
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

    @classmethod
    def of(cls, under: tuple[tuple[int, ...], ...], empty: tuple[frozenset[int], ...],
           runs: tuple[str, ...], copies: list[int], redeals: int) -> "CompactHeld | None":
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
        become held (the cards from that base up), or a card that follows
        *c* in its suit (the twin of *c* may lie under it)."""
        rows, homes, _, talon, used = st
        looks = [(y, True) for y in self.over[c]]
        if c % 13 != 12:
            looks.append((c + 1, False))
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
            x = row[2 + j]  # (_held's first test, here to spare most cards the call)
            if x % 13 and row.find(x - 1, 2, 2 + j) >= 0 and self._held(row, r, j, st[1]):
                return True
        return False

    def dealt_lost(self, st: tuple) -> bool:
        """Whether the card just dealt onto the talon is held."""
        talon = st[3]
        n = len(talon) - 1
        return n > 0 and talon[n] % 13 > 0 and talon.find(talon[n] - 1, 0, n) >= 0 and \
            st[4] >= self.redeals and self._held(talon, -1, n, st[1])

    def _out(self, c: int, homes: tuple[int, ...]) -> int:
        """The copies of card *c* not home."""
        suit = c // 13
        return self.copies[c] - sum(1 for h in homes if h >= c and h // 13 == suit)

    def _held(self, pile: bytes, r: int, j: int, homes: tuple[int, ...]) -> bool:
        """Whether the card at *j* of *pile* (row *r*, bytes with its face-down
        count and length first; or the talon, *r* -1, bare) is held."""
        start = 2 if r >= 0 else 0
        x = pile[start + j]
        if not x % 13 or pile.find(x - 1, start, start + j) < 0:
            return False  # (most cards: the card before it is not under it)
        below = pile[start:start + j]
        under = below.count(x - 1)
        if not under or under < self._out(x - 1, homes):
            return False  # (every copy home: none under it either)
        base = pile[start + pile[0]] if r >= 0 and self.whole[r] and j >= pile[0] else x
        if base in self.free:
            return False
        for u in self.under[base]:
            if self._out(u, homes) > below.count(u):
                return False
        return True
