"""Greedy lines with noise over compact positions, where the player places
each card turned and no rule reads a suit (the Fly, the Fairest No. 2): the
lines of :mod:`patience_cli.solver.playouts`, some ten times as fast (for
the solver, :mod:`patience_cli.solver`; no I/O).

In those games a position is no more than the ranks: each foundation's
place along the ranks it climbs through (found once, by asking the rules
which rank each next place takes), the waste heaps and the reserves with
first claim (the Fly) as lists of ranks, the pack's ranks in the order they
are turned and the card turned, if any.  A line chooses as
:class:`~patience_cli.solver.playouts.Playouts` does: a card goes up where
one can (a reserve with first claim before any other), else the card
turned goes on the heap where it buries least (on the card the foundations
want next after it, an empty heap, and last over the card wanted soonest),
each score shaken by the line's noise.  A won line is replayed through the
engine, move by move, before it is called won (its moves are the engine's);
a line the engine would not play (none has been met) is dropped, as a
stuck one.  Like the engine's lines, it counts a position for every move
and never answers ``lost``.

:meth:`PlacedLines.suits` says whether a game is one of these; where it is
not, the solver plays the engine's lines.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Iterator

from ..cards import Card, Suit
from ..engine import Move, Position, Rules
from ..layout import Role
from ..position import MoveKind
from .bounded import NEVER
from .playouts import NOISES, lay_score

_MOVE = MoveKind.MOVE


class Ranks:
    """A layout as the lines read it (:meth:`of`: None where they cannot):
    each foundation's ranks to come, the piles each part of a position
    comes from."""

    _made: weakref.WeakKeyDictionary[Rules, Ranks | None] = weakref.WeakKeyDictionary()

    @classmethod
    def of(cls, rules: Rules, start: Position) -> Ranks | None:
        """The compact reading of *rules* from *start*, or None where the game
        is not one of these (see the module's docstring)."""
        try:
            plain = cls._made[rules]
        except KeyError:
            plain = cls._made[rules] = cls._plain(rules)
        if not plain:
            return None
        ranks = cls(rules, start)
        # every card not home has its place in a chain (else a chain stopped at a choice)
        out = sum(len(p) for i, p in enumerate(start.piles) if i not in ranks.homes)
        return ranks if ranks.cards == out else None

    @staticmethod
    def _plain(rules: Rules) -> bool:
        """Whether the lines can read *rules*: cards placed one a round with
        the heaps free, no suit read, no rule but the placing, the talon (no
        redeal), first claims on reserves and heaps second to the foundations
        (the Fairest No. 2's: a line plays a card up wherever one can), no
        game module."""
        placing = rules.layout.play.placing
        if placing is None or placing.round != 1 or placing.frozen or not rules.advice.suitless \
                or rules.layout.rules != "standard":
            return False
        if not all(f.provides & {"placing", "placed-safe"} for f in rules.features):
            return False
        talon = rules.providing("placing")
        if talon is None:
            return False
        heaps = set(talon.piles)
        homes = {s.group for s in rules.specs if s.role is Role.FOUNDATION}
        for i, spec in enumerate(rules.specs):
            if spec.role is Role.TABLEAU and i not in heaps:
                return False
            if spec.accepts_from is not None or spec.refill is not None or (
                    spec.second_to is not None and set(spec.second_to) != homes):
                return False  # (a route the lines do not follow)
            if spec.role is Role.RESERVE and not spec.first_claim:
                return False
            if spec.role is Role.FOUNDATION and spec.first_claim:
                return False
            if spec.role not in (Role.FOUNDATION, Role.TABLEAU, Role.RESERVE, Role.STOCK,
                                 Role.TALON):
                return False
        for f in rules.features:
            if "talon" in f.provides and f.redeals != 0:
                return False
        return set(rules.sources) == heaps | {talon.talon} | {
            i for i, s in enumerate(rules.specs) if s.role is Role.RESERVE}

    def __init__(self, rules: Rules, start: Position) -> None:
        placing = rules.providing("placing")
        self.rules = rules
        self.stock, self.talon = placing.stock, placing.talon
        self.heaps = tuple(placing.piles)
        self.reserves = tuple(i for i in rules.sources if rules.specs[i].role is Role.RESERVE)
        self.homes = tuple(rules.foundations)
        #: each foundation's ranks to come from *start*, in order
        self.chains = tuple(self._chain(start, f) for f in self.homes)
        self.cards = sum(len(c) for c in self.chains)  # the cards still to go up
        #: for each foundation, at each place of its chain, how many cards it takes
        #: before each rank (NEVER where it takes none of it)
        self.ahead = tuple(tuple(tuple(next((k - a for k in range(a, len(chain))
                                             if chain[k] == r), NEVER) for r in range(14))
                                       for a in range(len(chain) + 1))
                           for chain in self.chains)
        #: the sources as the engine orders them: ("reserve"|"heap"|"talon", index)
        order = []
        for i in rules.sources:
            if i in self.reserves:
                order.append(("reserve", self.reserves.index(i)))
            elif i in self.heaps:
                order.append(("heap", self.heaps.index(i)))
            else:
                order.append(("talon", 0))
        self.order = tuple(order)

    def _chain(self, start: Position, f: int) -> tuple[int, ...]:
        """The ranks foundation *f* takes from *start*, one after another,
        as the rules say (a card of any suit asked: no rule reads one)."""
        rules, pos, ranks = self.rules, start, []
        while len(ranks) < 60:
            fit = [r for r in range(1, 14) if rules.fits(pos, Card(r, Suit.SPADES), f)]
            if len(fit) != 1:
                break  # none (the foundation is complete) or a choice: the chain ends
            ranks.append(fit[0])
            piles = list(pos.piles)
            piles[f] = piles[f] + (Card(fit[0], Suit.SPADES),)
            pos = Position(tuple(piles), pos.down, pos.extra)
        return tuple(ranks)


class PlacedLines:
    """One round of greedy lines with noise over compact positions, until
    its *budget* of positions is spent; answers as the solver's other
    searches do (``step``), never ``lost``.  Made only where
    :meth:`suits` says so."""

    FIRST = 0  # the first round's number (its generator's seed)
    #: the positions a round of these lines is given for each one of the round
    #: beside it: its positions cost a tenth of the time, and they win the deals
    WEIGHT = 4

    @staticmethod
    def suits(rules: Rules, start: Position) -> bool:
        return Ranks.of(rules, start) is not None

    def __init__(self, rules: Rules, start: Position, pruning, round_: int,
                 budget: int) -> None:
        self.rules, self.start, self.pruning = rules, start, pruning
        self.budget = budget * self.WEIGHT
        self.states = 0
        self.rng = random.Random(round_)
        self.lines = 0
        ranks = Ranks.of(rules, start)
        assert ranks is not None, "PlacedLines made for a game it cannot read"
        self.ranks = ranks
        piles = start.piles
        self.first_pack = tuple(c.rank for c in reversed(piles[ranks.stock]))
        self.first_heaps = tuple(tuple(c.rank for c in piles[h]) for h in ranks.heaps)
        self.first_reserves = tuple(tuple(c.rank for c in piles[r]) for r in ranks.reserves)
        self.first_turned = tuple(c.rank for c in piles[ranks.talon])
        self._lines = self._search()

    def step(self, n: int) -> tuple[str, list[Move]] | None:
        goal = min(self.states + n, self.budget)
        lines = self._lines
        while self.states < goal:
            actions = next(lines)
            if actions is not None:
                moves = self._replayed(actions)
                if moves is not None:
                    return "won", moves
        return None

    def _search(self) -> Iterator[list[tuple] | None]:
        """Plays lines one after another without end: yields None after each
        position met, and a line's actions when it comes out."""
        ranks, rng = self.ranks, self.rng
        chains, order = ranks.chains, ranks.order
        homes = range(len(chains))
        while True:
            noise = NOISES[self.lines % len(NOISES)]
            latest = bool(self.lines // len(NOISES) % 2)
            self.lines += 1
            at = [0] * len(chains)                       # each foundation's place in its chain
            wants: list[list[int]] = [[] for _ in range(14)]  # the foundations each rank fits
            for f in homes:
                if chains[f]:
                    wants[chains[f][0]].append(f)
            heaps = [list(h) for h in self.first_heaps]
            reserves = [list(r) for r in self.first_reserves]
            turned = list(self.first_turned)
            pack, dealt = self.first_pack, 0
            actions: list[tuple] = []
            left = ranks.cards
            while left:
                # the cards that can go up, in the engine's order (a reserve's first claim
                # before any other)
                up: list[tuple[str, int, int]] = []
                claimed = False
                for kind, i in order:
                    pile = reserves[i] if kind == "reserve" else heaps[i] if kind == "heap" \
                        else turned
                    if not pile or not wants[pile[-1]]:
                        continue
                    if kind == "reserve":
                        if not claimed:
                            claimed, up = True, []
                    elif claimed:
                        continue
                    up.extend((kind, i, f) for f in sorted(wants[pile[-1]]))
                if up:
                    kind, i, f = up[-1] if len(up) == 1 or not noise else rng.choice(up)
                    pile = reserves[i] if kind == "reserve" else heaps[i] if kind == "heap" \
                        else turned
                    rank = pile.pop()
                    wants[rank].remove(f)
                    at[f] += 1
                    if at[f] < len(chains[f]):
                        wants[chains[f][at[f]]].append(f)
                    left -= 1
                    actions.append((kind, i, f))
                elif turned:
                    h = self._heap(turned[-1], heaps, at, latest, noise)
                    heaps[h].append(turned.pop())
                    actions.append(("lay", h))
                elif dealt < len(pack):
                    turned.append(pack[dealt])
                    dealt += 1
                    actions.append(("deal",))
                else:
                    break  # stuck: the pack is out and no card goes up; the next line begins
                self.states += 1
                yield None
            else:
                yield actions

    def _heap(self, rank: int, heaps: list[list[int]], at: list[int], latest: bool,
              noise: float) -> int:
        """The heap the card turned goes on: where it buries least, by how
        soon the foundations want each rank, shaken by *noise*."""
        ahead = [row[a] for row, a in zip(self.ranks.ahead, at)]
        pick = max if latest else min

        def soon(r: int) -> int:
            wanted = [d[r] for d in ahead if d[r] < NEVER]
            return pick(wanted) if wanted else NEVER

        card = soon(rank)
        rng, best, chosen = self.rng, None, 0
        for h in range(len(heaps) - 1, -1, -1):
            heap = heaps[h]
            score = lay_score(card, soon(heap[-1]) if heap else None)
            if noise:
                score += rng.random() * noise
            if best is None or score < best:
                best, chosen = score, h
        return chosen

    def _replayed(self, actions: list[tuple]) -> list[Move] | None:
        """The engine's moves for a won line's *actions*, each found among
        the engine's legal moves; None if the engine refuses one or the end
        is not a win."""
        rules, ranks, pos = self.rules, self.ranks, self.start
        out: list[Move] = []
        for action in actions:
            if action[0] == "deal":
                want = (MoveKind.DEAL, None, None)
            elif action[0] == "lay":
                want = (_MOVE, ranks.talon, ranks.heaps[action[1]])
            else:
                kind, i, f = action
                src = ranks.reserves[i] if kind == "reserve" else ranks.heaps[i] \
                    if kind == "heap" else ranks.talon
                want = (_MOVE, src, ranks.homes[f])
            move = next((m for m in rules.legal_moves(pos)
                         if (m.kind, m.src if m.kind is _MOVE else None,
                             m.dst if m.kind is _MOVE else None) == want), None)
            if move is None:
                return None
            out.append(move)
            pos = rules.apply(pos, move)
        return out if rules.is_won(pos) else None
