"""The solver's compact search for the plainest games: rows built on and a
pack run through to a talon (Klondike, Napoleon at St. Helena, Lucas ...).

The engine answers every game through one move generator over
:class:`~patience_cli.position.Position`, its features asked at each step.
For a game that uses none of them beyond turning a row's top card up, a
talon and scoring, a position is no more than the rows (cards as numbers,
with the count face down), each foundation's top card, the pack, the talon
and the redeals used; the moves follow from tables made once for the layout
(what each row takes on each card, which foundation waits for which card).
The search here is the solver's depth-first search (:mod:`patience_cli.solver`)
over that form, about five times as many positions a second, with the same
rules that never lose a win (:class:`~patience_cli.solver.pruning.Pruning`):
a card that is safe to play up is played alone; after a deal, the next move
deals again or plays from the talon; a card just laid on a row is not moved
on at once except to a foundation.  A position with a card that can never
move again is searched no further, as the engine's search does where it
reads that rule (:class:`~patience_cli.solver.stuck.CompactHeld`, which
also reads rows whose face-up cards move together, and the talon: so in
Klondike, where the engine's search does not); with one pack, nor one where
cards wait on one another in a ring (:class:`~patience_cli.solver.reach.CompactReach`,
which the engine's search never reads: Klondike's lost deal 8 is proved in
123,032 positions with it, 1,591,948 without).

Its moves name the engine's piles (:func:`as_move` makes them the engine's
:class:`Move` values): a winning line replays through the engine, and
:meth:`CompactSearch.step` checks that it does, move by move, before it
calls a deal won.  Tests hold the compact moves (:meth:`Compact.moves`), in
their order, to the engine's along random play of every game it takes, and
its search to the engine's search: the same answer after the same number of
positions.
"""

from __future__ import annotations

import weakref
from typing import Protocol

from ..advice import SafeRule
from ..cards import Card, Suit, number
from ..engine import DEAL, Move, MoveKind, Position, Rules
from ..layout_model import Role
from .pruning import Pruning
from .reach import CompactReach
from .stuck import CompactHeld

_SUITS = tuple(Suit)  # in the order of cards.number
_MOVE = MoveKind.MOVE
_RUNS = ("top", "whole-run", "face-up-run", "built-run")


class TalonReading(Protocol):
    """What the compact search reads of the rule that provides ``talon``
    (:attr:`Feature.provides <patience_cli.features.feature.Feature.provides>`)."""

    stock: int
    talon: int
    redeals: int | None
    shuffle: bool
    tracks_dealing: bool


def _rank(c: int) -> int:
    return c % 13 + 1


def _plain_route(spec) -> bool:
    """Whether a row's routes are none, or fixed (the ``routes`` of the layout): the groups
    it takes cards from, and those a vacancy in it is filled from at the
    player's choice, one card; never a pile it is second to."""
    refill = spec.refill
    return spec.second_to is None and (refill is None or (
        refill.when == "player" and refill.after_deal is None and refill.size == 1
        and refill.count is None and not refill.same_place))


_MADE: weakref.WeakKeyDictionary[Rules, Tables | None] = weakref.WeakKeyDictionary()


#: A position in compact form, a plain tuple (made by the million):
#: ``(rows, homes, pack, talon, used)``: each row as bytes (its count of
#: cards face down, its count of cards, then its cards as numbers, bottom
#: first), each foundation's top card (-1 when empty), the pack's cards in
#: the order they are dealt and the talon's cards (bytes), the redeals used.
State = tuple


class Tables:
    """One layout as the compact search reads it; :meth:`of` says whether the
    layout is plain enough (None if not), made once for a game's rules."""

    @classmethod
    def of(cls, rules: Rules) -> Tables | None:
        try:
            return _MADE[rules]
        except KeyError:
            made = _MADE[rules] = cls._of(rules)
            return made

    @classmethod
    def _of(cls, rules: Rules) -> Tables | None:
        if rules.layout.rules != "standard" or not rules.tableau or not rules.foundations \
                or rules.layout.pack_count > 4 \
                or rules.placed_by or rules.deals_up \
                or any(rules.game.overrides(hook)
                       for hook in ("route_reason", "solver_moves", "solver_key")):
            return None
        talon: TalonReading | None = None
        for f in rules.features:
            if "talon" in f.provides and talon is None:
                talon = f
            elif "still" not in f.provides:
                return None
        roles = {Role.TABLEAU, Role.FOUNDATION} | ({Role.STOCK, Role.TALON} if talon else set())
        if any(s.role not in roles for s in rules.specs):
            return None
        if talon is not None and (talon.redeals is None or talon.shuffle or talon.tracks_dealing
                                  or rules.specs[talon.talon].build
                                  is not None or rules.specs[talon.talon].deal_up is not None):
            return None
        if not set(rules.sources) <= set(rules.tableau) | ({talon.talon} if talon else set()):
            return None
        safe = rules.advice.safe_rule()
        for i in rules.tableau:
            s = rules.specs[i]
            plain = rules.building.plain_builds[i]
            if plain is None or plain[4] or s.available != "top" or s.move not in _RUNS \
                    or s.face not in ("up", "top-up") or s.blocked_by or s.build.alone \
                    or not _plain_route(s) or s.first_claim \
                    or s.second_to is not None or s.deal_up is not None:
                return None
        for i in rules.foundations:
            s, plain = rules.specs[i], rules.building.plain_builds[i]
            if plain is None or plain[:5] != (1, 13, "same", frozenset((1,)), False) \
                    or s.first_claim or s.as_they_appear or s.formed or s.deal_up is not None \
                    or s.accepts_from is not None or s.refill is not None or s.second_to:
                return None
        return cls(rules, talon, safe)

    def __init__(self, rules: Rules, talon: TalonReading | None, safe: SafeRule) -> None:
        self.rules = rules
        self.row_piles = tuple(rules.tableau)
        self.home_piles = tuple(rules.foundations)
        self.talon = talon.talon if talon else None
        self.stock = talon.stock if talon else None
        self.redeals: int = talon.redeals if talon else 0
        row_of = {p: n for n, p in enumerate(self.row_piles)}
        #: the sources in the engine's order: a row's number, or -1 for the talon
        self.sources = tuple(row_of.get(p, -1) for p in rules.sources)
        self.talon_source = (-1,) if -1 in self.sources else ()
        specs = [rules.specs[p] for p in self.row_piles]
        self.runs = tuple(s.move for s in specs)
        self.turning = tuple(s.face == "top-up" for s in specs)
        # for each row: the cards that follow each card in its build (its
        # built runs), those it takes on each top card, and empty
        cards = [Card(_rank(c), _SUITS[c // 13]) for c in range(52)]
        self.follows: list[list[frozenset[int]]] = []
        self.onto: list[list[frozenset[int]]] = []
        self.empty: list[frozenset[int]] = []
        for p in self.row_piles:
            empty, until = rules.building.plain_builds[p][:2]
            build = rules.specs[p].build
            follows = [frozenset(c for c in range(52)
                                 if rules.building.in_sequence(build, cards[c], cards[top]))
                       for top in range(52)]
            self.follows.append(follows)
            self.onto.append([frozenset() if _rank(top) == until else follows[top]
                              for top in range(52)])
            self.empty.append(frozenset() if empty is None else frozenset(range(52)) if empty == 0
                              else frozenset(c for c in range(52) if _rank(c) == empty))
        # the sources each row takes cards from, filled and empty (None: any)
        group_of = {n: rules.specs[rules.sources[i]].group for i, n in enumerate(self.sources)}

        def sources(groups: tuple[str, ...] | None) -> frozenset[int] | None:
            return None if groups is None else \
                frozenset(n for n, g in group_of.items() if g in groups)

        self.from_filled = tuple(sources(s.accepts_from) for s in specs)
        self.from_empty = tuple(self.from_filled[d] if s.refill is None else
                                sources(s.refill.sources) for d, s in enumerate(specs))
        self.routed = any(f is not None for f in self.from_filled + self.from_empty)
        #: the cards each card may be laid on, on some row
        self.under = tuple(tuple(top for top in range(52) if any(c in o[top] for o in self.onto))
                           for c in range(52))
        # rows alike, and empty rows interchangeable: the first empty of each kind
        self.kind = tuple((s.group, s.build) for s in specs)
        self.group = tuple(s.group for s in specs)
        self.alike_rows = tuple(tuple(row_of[p] for p in g) for g in rules.advice.alike_groups()
                                if g[0] in row_of)
        self.all_rows_alike = self.alike_rows == (tuple(range(len(self.row_piles))),)
        self.alike_homes = any(set(g) == set(self.home_piles) for g in rules.advice.alike_groups())
        self.packs = rules.layout.pack_count
        self.safe = safe
        self.onto_suits = tuple(None if safe.onto[s.value] is None else
                                tuple(_SUITS.index(Suit(x)) for x in sorted(safe.onto[s.value]))
                                for s in _SUITS)

    # ------------------------------------------------------------ positions
    def state(self, pos: Position) -> State:
        """*pos* in compact form."""
        rows = tuple(bytes((pos.down[p], len(pos.piles[p])))
                     + bytes(number(c) for c in pos.piles[p])
                     for p in self.row_piles)
        homes = tuple(number(pos.piles[f][-1]) if pos.piles[f] else -1 for f in self.home_piles)
        talon = b"" if self.talon is None else bytes(number(c) for c in pos.piles[self.talon])
        pack = b"" if self.stock is None else \
            bytes(number(c) for c in reversed(pos.piles[self.stock]))  # in the order dealt
        return rows, homes, pack, talon, int(pos.get("redeals", 0))

    def key(self, st: State) -> bytes:
        """What the search remembers *st* by, in a few bytes: its rows (each
        says its length), those of a group the rules treat alike in sorted
        order (and so the foundations), then the foundations' top cards, the
        redeals used and the pack's length; with two packs or more, the pack
        and the talon.  With one pack the pack's and the talon's cards follow
        from the rest: they are the cards neither on a row nor home (each
        foundation holds its suit from the ace to its top card), and both
        keep the order the cards were first dealt in (a card leaves the talon
        only from its top, and the talon turned over is the pack again, its
        first card first), the talon's all before the pack's: so the pack is
        the last of them in that order, as many as its length.  (With two
        packs, which of two twins is left is not known from the rest, and
        twins lie in different places of that order.)"""
        rows, homes, pack, talon, used = st
        if self.all_rows_alike:
            shown = b"".join(sorted(rows))
        else:
            parts = list(rows)
            for group in self.alike_rows:
                for i, part in zip(group, sorted([parts[i] for i in group])):
                    parts[i] = part
            shown = b"".join(parts)
        tops = bytes(sorted([h + 1 for h in homes]) if self.alike_homes else [h + 1 for h in homes])
        if self.packs == 1:
            return shown + tops + bytes((used, len(pack)))
        return shown + tops + bytes((used, len(pack))) + pack + talon


class Compact:
    """The compact moves of one layout, for a search from *start*."""

    def __init__(self, tables: Tables, start: Position) -> None:
        self.t = tables
        self.total = sum(len(p) for p in start.piles)
        self.copies = [0] * 52
        for pile in start.piles:
            for card in pile:
                self.copies[number(card)] += 1

    def moves(self, st: State, talon_only: bool = False,
              safe_alone: bool = False) -> list[tuple[tuple | None, State, int]]:
        """Every move the engine lists from *st* (in its order), each as
        ``(move, state, foundation)``: the move as ``(src, dst, count)`` in the
        engine's pile indexes (None for the deal; :func:`as_move` makes it
        the engine's), the state it leads to and the foundation it lays a card
        on (else -1).  With *talon_only*, the moves from the talon and the
        deal alone; with *safe_alone*, the first move to a foundation that is
        :meth:`safe` alone, where there is one."""
        t = self.t
        rows, homes, pack, talon, used = st
        out: list = []
        piles, homes_at, talon_at = t.row_piles, t.home_piles, t.talon
        # each source's top card, where it has one to play (a row's face up)
        tops = []
        for src in (t.talon_source if talon_only else t.sources):
            if src < 0:
                if talon:
                    tops.append((src, talon[-1]))
            else:
                row = rows[src]
                if row[1] > row[0]:
                    tops.append((src, row[-1]))
        # to the foundations (of the empty ones, the first alone)
        first_empty = homes.index(-1) if -1 in homes else -1
        for src, c in tops:
            if c % 13:
                if c - 1 not in homes:
                    continue
                fs = [homes.index(c - 1)] if t.packs == 1 else \
                    [f for f, h in enumerate(homes) if h == c - 1]
            elif first_empty >= 0:
                fs = [first_empty]
            else:
                continue
            for f in fs:
                new_homes = homes[:f] + (c,) + homes[f + 1:]
                if src < 0:
                    move = ((talon_at, homes_at[f], 1), (rows, new_homes, pack, talon[:-1], used), f)
                else:
                    move = ((piles[src], homes_at[f], 1),
                            (self._taken(rows, src, 1), new_homes, pack, talon, used), f)
                if safe_alone and self.safe(c, f, homes):
                    return [move]
                out.append(move)
        # to the rows: the rows that take each card, in order (of the empty
        # ones alike, the first alone), found from the cards it may go on
        on_top: dict[int, list[int]] = {}
        empties: list[int] = []
        kinds: set = set()
        kind = t.kind
        for d, row in enumerate(rows):
            if row[1]:
                top = row[-1]
                if top in on_top:
                    on_top[top].append(d)
                else:
                    on_top[top] = [d]
            elif kind[d] not in kinds:
                kinds.add(kind[d])
                empties.append(d)
        runs = t.runs
        for src, c in tops:
            if src < 0:
                for d in self._takers(c, on_top, empties, src):
                    out.append(((talon_at, piles[d], 1),
                                (self._laid(rows, d, talon[-1:]), homes, pack, talon[:-1], used),
                                -1))
                continue
            row = rows[src]
            up = row[1] - row[0]
            if up < 2 or runs[src] != "whole-run":
                for d in self._takers(c, on_top, empties, src):
                    if d != src and (rows[d][1] or row[1] != 1 or t.group[src] != t.group[d]):
                        out.append(((piles[src], piles[d], 1),
                                    (self._moved(rows, src, d, 1), homes, pack, talon, used), -1))
            if up > 1 and runs[src] != "top":
                for count in self._counts(row, src, up):
                    for d in self._takers(row[-count], on_top, empties, src):
                        if d != src and (rows[d][1] or count != row[1]):
                            out.append(((piles[src], piles[d], count),
                                        (self._moved(rows, src, d, count), homes, pack, talon,
                                         used), -1))
        if pack:
            out.append((None, (rows, homes, pack[1:], talon + pack[:1], used), -1))
        elif talon and used < t.redeals:  # the talon turned over, its first card first
            out.append((None, (rows, homes, talon, b"", used + 1), -1))
        return out

    def _takers(self, c: int, on_top: dict[int, list[int]], empties: list[int],
                src: int) -> list[int]:
        """The rows that take card *c* from source *src* (in order), given
        the rows by their top cards and the empty rows that count."""
        t = self.t
        onto = t.onto
        ds = [d for u in t.under[c] if u in on_top for d in on_top[u] if c in onto[d][u]]
        for d in empties:
            if c in t.empty[d]:
                ds.append(d)
        if t.routed:
            ds = [d for d in ds if (allowed := t.from_empty[d] if d in empties else
                                    t.from_filled[d]) is None or src in allowed]
        if len(ds) > 1:
            ds.sort()
        return ds

    def _counts(self, row: bytes, src: int, up: int) -> range:
        """How many cards of more than one may leave row *src* together."""
        how = self.t.runs[src]
        if how == "whole-run":
            return range(up, up + 1)
        if how == "face-up-run":
            return range(2, up + 1)
        n = 1
        follows = self.t.follows[src]
        while n < up and row[-n] in follows[row[-n - 1]]:
            n += 1
        return range(2, n + 1)

    def _taken(self, rows: tuple[bytes, ...], src: int, count: int) -> tuple[bytes, ...]:
        """*rows* with *count* cards taken from row *src* (the card beneath
        turned up where the row turns its top card up)."""
        row = rows[src]
        down, n = row[0], row[1] - count
        if n and down >= n and self.t.turning[src]:
            down = n - 1
        return rows[:src] + (bytes((down, n)) + row[2:2 + n],) + rows[src + 1:]

    @staticmethod
    def _laid(rows: tuple[bytes, ...], dst: int, cards: bytes) -> tuple[bytes, ...]:
        row = rows[dst]
        return rows[:dst] + (bytes((row[0], row[1] + len(cards))) + row[2:] + cards,) + \
            rows[dst + 1:]

    def _moved(self, rows: tuple[bytes, ...], src: int, dst: int, count: int) -> tuple:
        return self._taken(self._laid(rows, dst, rows[src][-count:]), src, count)

    def home_count(self, homes: tuple[int, ...]) -> int:
        """The cards on the foundations (each holds its suit from the ace up)."""
        return sum(h % 13 + 1 for h in homes if h >= 0)

    def safe(self, c: int, f: int, homes: tuple[int, ...]) -> bool:
        """Whether laying card *c* on foundation *f* can never hurt: the
        engine's :meth:`~patience_cli.advice.Advice.safe_foundation_move`
        rule, read from the compact position."""
        t = self.t
        rule = t.safe
        if not rule.known:
            return False
        r = c % 13 + 1
        if r > 2:
            onto = t.onto_suits[c // 13]
            if onto is not None and not self._rank_home(onto, r - 1, homes):
                if not rule.wide or not self._rank_home(onto, r - 2, homes):
                    return False
                below = {s for x in onto for s in (t.onto_suits[x] or ())}
                if not self._rank_home(below, r - 2, homes):
                    return False
        if rule.twins:
            suit = c // 13
            home = sum(1 for h in homes if h >= 0 and h // 13 == suit and h % 13 + 1 >= r)
            others = self.copies[c] - home - 1
            if others > 0:
                waiting = sum(1 for g, h in enumerate(homes) if g != f and (
                    (h >= 0 and h + 1 == c and c % 13) or (h < 0 and r == 1)))
                if waiting < others:
                    return False
        return True

    def _rank_home(self, suits, rank: int, homes: tuple[int, ...]) -> bool:
        """Whether every card of *rank* in *suits* (each copy) is home."""
        packs = self.t.packs
        for s in suits:
            if sum(1 for h in homes if h >= 0 and h // 13 == s and h % 13 + 1 >= rank) < packs:
                return False
        return True


def as_move(move: tuple | None) -> Move:
    """A compact search's move as the engine's."""
    return DEAL if move is None else Move(_MOVE, *move)


class CompactSearch:
    """The solver's depth-first search (see :class:`patience_cli.solver._DepthFirst`)
    over compact positions, run a slice at a time: :meth:`step` searches up
    to *n* more positions and gives ``(True, line)`` for a win, ``(False,
    [])`` once every position is searched, else None."""

    def __init__(self, tables: Tables, start: Position, pruning: Pruning) -> None:
        self.rules, self.start, self.pruning = tables.rules, start, pruning
        self.c = Compact(tables, start)
        self.key = tables.key
        first = tables.state(start)
        self.seen = {self.key(first)}
        self.states = 1
        self.pass_deals = pruning.talon is not None
        self.after_single = pruning.open
        #: the proof of loss from a card that can never move again, where one may be
        self.held = CompactHeld.of(tables.under, tables.empty, tables.runs, self.c.copies,
                                   tables.redeals)
        #: the proof of loss from cards that wait on one another, where one may be
        self.reach = CompactReach.of(tables.under, tables.empty, tables.runs, self.c.copies,
                                        tables.redeals)
        # each frame: the state, the moves still to try (the next last), the
        # move that led here, and the row a single card was last laid on (or -1)
        self.stack: list = [] if self.held is not None and self.held.lost(first) or \
            self.reach is not None and self.reach.lost(first) else \
            [(first, self._moves(first, False, -1), None, -1)]

    def _moves(self, st: State, after_deal: bool, last_row: int) -> list:
        moves = self.c.moves(st, after_deal, safe_alone=True)
        if last_row >= 0:
            pile = self.c.t.row_piles[last_row]
            moves = [m for m in moves if m[0] is None or m[2] >= 0 or m[0][0] != pile
                     or m[0][2] != 1]
        moves.reverse()
        return moves

    def step(self, n: int) -> tuple[bool, list[Move]] | None:
        key, seen, stack, compact = self.key, self.seen, self.stack, self.c
        row_of = {p: i for i, p in enumerate(compact.t.row_piles)}
        goal = self.states + n
        total, home_count, moves = compact.total, compact.home_count, self._moves
        pass_deals, after_single, held = self.pass_deals, self.after_single, self.held
        reach = self.reach
        while stack:
            st, todo, _, last = stack[-1]
            if not todo:
                stack.pop()
                continue
            move, nxt, f = todo.pop()
            if move is None and pass_deals:
                if held is None or not held.dealt_lost(nxt):
                    stack.append((nxt, moves(nxt, True, last), move, last))
                continue
            size = len(seen)
            seen.add(key(nxt))
            if len(seen) == size:
                continue  # met before (the key hashed once)
            self.states += 1
            if f >= 0 and home_count(nxt[1]) == total:
                line = [frame[2] for frame in stack[1:]] + [move]
                return True, self._replayed([as_move(m) for m in line])
            if held is not None and (
                    held.homed_lost(nxt, nxt[1][f]) if f >= 0 else
                    held.dealt_lost(nxt) if move is None else
                    held.laid_lost(nxt, row_of[move[1]], move[2])):
                continue  # lost: searched no further (only what the move changed is looked at)
            if reach is not None and reach.lost(nxt):
                continue  # lost: cards wait on one another
            row = row_of.get(move[1], -1) if after_single and move is not None \
                and move[2] == 1 else -1
            stack.append((nxt, moves(nxt, False, row), move, row))
            if self.states >= goal:
                return None
        return False, []

    def _replayed(self, line: list[Move]) -> list[Move]:
        """*line*, checked move by move through the engine (a winning line
        the engine would not play is a fault of this module's, never a win)."""
        rules, pos = self.rules, self.start
        for move in line:
            if not rules.is_legal(pos, move):
                raise RuntimeError(f"the compact search's move {move} is not the engine's")
            pos = rules.apply(pos, move)
        if not rules.is_won(pos):
            raise RuntimeError("the compact search's winning line does not win")
        return line
