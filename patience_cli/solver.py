"""A solver for every registered game: one generic search over the engine's
own moves (no I/O).

Solving is *thoughtful*: the solver knows where every card lies, face-down
cards and the order of the pack included, as a player who could see through
the backs would.  It searches with a transposition table (a position met
before, or one alike under the rules by :meth:`Rules.solver_key`, is not
searched again), over the moves the rules allow, in the engine's order
(moves to the foundations first) with a game's own ordering hook, less the
moves :class:`Pruning` shows can never be needed (and, on a tableau that
builds in any suit, with the hand's cards of one rank pooled: which of them
lies where is left open until one goes up).  Where every card is dealt
at the start, a depth-first search over every position takes turns with a
series of short greedy searches, each led by another measure of how near a
win a position looks (:class:`Guide`): the greedy searches find most wins,
the depth-first one proves most losses.  Where there is a pack to deal, the
search is depth-first alone.  It ends with one of three answers:

* ``won``: a line of moves from the position to a won game (it replays
  through the engine, and so through the command line);
* ``lost``: every position reachable was searched and none is won: a proof
  that the game cannot come out from there;
* ``gave up``: the time or the number of positions ran out first, or the
  memory (:data:`MEMORY_MOST`, 900 MB): more time would not help then.

A game may order or prune moves through the :meth:`Rules.solver_moves` hook
and declare positions alike through :meth:`Rules.solver_key` (``Rules`` gets
them from :mod:`patience_cli.engine`); pruning must never remove every move
that leads to a win.
"""

from __future__ import annotations

import gc
import heapq
import itertools
import os
import random
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, NamedTuple

from .cards import Card
from .engine import Move, Position, Rules, Status

WON, LOST, GAVE_UP = "won", "lost", "gave up"


@dataclass
class Solution:
    result: str                      # won | lost | gave up
    moves: list[Move] = field(default_factory=list)   # the winning line, when won
    states: int = 0                  # positions searched, by every search together
    seconds: float = 0.0
    reached: int = 0                 # when lost: the positions the proof went through
    full: bool = False               # gave up with as many positions kept as it may keep


def solve(rules: Rules, start: Position, seconds: float = 5.0,
          max_states: int | None = None, prune: bool = True,
          order: str = "auto", shorten: bool = True) -> Solution:
    """Search from *start* for a won game; see the module's docstring.
    Without *prune*, every move the game's ordering gives is tried (no
    :class:`Pruning`): slower, for checking the pruning against.  *order*:
    ``best-first`` (the position nearest a win by the first of
    :attr:`Guide.MEASURES` is searched on first), ``depth-first``, or ``portfolio``: one depth-first
    search over every position, taking turns with a series of short greedy
    searches, each led by one of several measures of :class:`Guide` (see
    :func:`_portfolio`); ``auto``: the
    portfolio where every card is dealt at the start, else depth-first
    (which goes on dealing where the foundations' count says little).  Each
    searches every position before it calls a game lost.  The answer
    depends on *seconds* only through where the search stops: within one
    budget of positions it is always the same.  A winning line is given
    :func:`shortened` unless *shorten* is false (counting wins needs no
    line)."""
    began = time.monotonic()
    deadline = began + seconds
    status = rules.status(start)[0]
    if status is not Status.PLAYING:
        return Solution(WON if status is Status.WON else LOST, [], 1, 0.0, 1)
    if order == "auto":
        order = "depth-first" if rules.has_deal_step else "portfolio"
    collecting = gc.isenabled()
    gc.disable()  # the search makes millions of tuples, none cyclic: collecting only slows it
    try:
        pruning = Pruning(rules, enabled=prune, start=start)
        searches: Iterator[_Search]
        if order == "best-first":
            searches = iter([_Greedy(rules, start, pruning,
                                     Guide(rules).measure(Guide.MEASURES[0]), None,
                                     first_met=True)])
        elif order == "portfolio":
            searches = _portfolio(rules, start, pruning)
        elif order == "depth-first":
            searches = iter([_DepthFirst(rules, start, pruning)])
        else:
            raise ValueError(f"no search order {order!r}")
        return _run(searches, began, deadline, max_states, shorten)
    finally:
        if collecting:
            gc.enable()


def shortened(rules: Rules, start: Position, line: list[Move]) -> list[Move]:
    """*line* (moves from *start*) without its detours: from each position of
    the line, the move that reaches the latest position of the line that one
    move reaches (a depth-first search wanders: its lines can be ten times
    longer than need be).  Every move of the result is a legal move of the
    engine's; it takes one look at the moves of each position kept."""
    if not line:
        return line
    path = [start]
    for move in line:
        path.append(rules.apply(path[-1], move))
    # the very positions (not the solver's key, which takes alike ones as one:
    # the moves after them name piles), the latest where one repeats
    index = {pos: i for i, pos in enumerate(path)}
    out: list[Move] = []
    i = 0
    while i < len(line):
        best, step = i + 1, line[i]
        for move in rules.open_moves(path[i]):
            j = index.get(rules.apply(path[i], move), -1)
            if j > best:
                best, step = j, move
        out.append(step)
        i = best
    return out


class _Search:
    """One search, run a slice at a time: :meth:`step` searches up to *n*
    more positions and gives ``(result, line)`` once it has an answer
    (``won`` with its line, or ``lost``: every position it could reach is
    searched), else None; :attr:`states` counts the positions it met."""

    states = 1
    budget: int | None = None   # the positions it may meet, when limited
    rules: Rules
    start: Position
    pruning: "Pruning"

    def step(self, n: int) -> tuple[str, list[Move]] | None:
        raise NotImplementedError


class _DepthFirst(_Search):
    """Depth-first over every position (remembered by the game's key), the
    moves of a position in the order :class:`Pruning` gives."""

    def __init__(self, rules: Rules, start: Position, pruning: "Pruning") -> None:
        self.rules, self.start, self.pruning = rules, start, pruning
        self.key = pruning.key
        self.seen: set = {self.key(start)}
        # each frame: the position, the moves still to try from it, the move
        # that led here, and the last not from a hand (for Pruning.moves)
        self.stack: list[tuple[Position, list[Move], Move | None, Move | None]] = [
            (start, pruning.moves(start, None, None), None, None)]

    def step(self, n: int) -> tuple[str, list[Move]] | None:
        rules, key, seen, stack = self.rules, self.key, self.seen, self.stack
        moves, cover, apply = self.pruning.moves, self.pruning.cover, self.pruning.apply
        # where a move changes nothing but its two piles, only a move up can win
        homes, plain = self.pruning.foundations, self.pruning.open
        goal = self.states + n
        while stack:
            pos, todo, _, last = stack[-1]
            if not todo:
                stack.pop()
                continue
            move = todo.pop()
            nxt = apply(pos, move)
            then = cover(pos, move)
            if then is not None:  # a card from a hand waiting on a pile: passed through
                stack.append((nxt, moves(nxt, last, then), move, last))
                continue
            k = key(nxt)
            if k in seen:
                continue
            seen.add(k)
            self.states += 1
            if (move.dst in homes or not plain) and rules.is_won(nxt):
                return WON, [frame[2] for frame in stack[1:]] + [move]
            stack.append((nxt, moves(nxt, move, None), move, move))
            if self.states >= goal:
                return None
        return LOST, []


class _Greedy(_Search):
    """Greedy best-first: the position the *measure* rates highest is
    searched on first, ties going to the one met last (which keeps to one
    line while the measure is level), or with *first_met* to the one met
    first; the moves shuffled by *rng* where given.  It stops after *budget*
    positions, if given; running out of positions before that proves a
    loss, as every position reachable was met."""

    def __init__(self, rules: Rules, start: Position, pruning: "Pruning",
                 measure: Callable[[Position], int], budget: int | None,
                 rng: random.Random | None = None, first_met: bool = False) -> None:
        self.rules, self.start, self.pruning = rules, start, pruning
        self.measure, self.rng = measure, rng
        self.budget = budget
        self.key = pruning.key
        first = self.key(start)
        # each position kept: the one it was reached from, and the moves since
        self.came: dict = {first: None}
        self.count = itertools.count(1) if first_met else itertools.count(0, -1)
        # each entry: the measure (negated), the order met, the position, the
        # move that led there, the pile that must take the next move (a
        # position passed through, not kept: see Pruning.cover) or None, the position kept last
        # on its way and the moves since
        self.heap: list = [(0, 0, start, None, None, first, ())]

    def step(self, n: int) -> tuple[str, list[Move]] | None:
        rules, key, came, heap, count = self.rules, self.key, self.came, self.heap, self.count
        measure, rng, moves, cover = self.measure, self.rng, self.pruning.moves, \
            self.pruning.cover
        apply = self.pruning.apply
        homes, plain = self.pruning.foundations, self.pruning.open
        goal = self.states + n
        while heap:
            _, _, pos, last, pending, kept, since = heapq.heappop(heap)
            todo = moves(pos, last, pending)
            if rng is not None:
                rng.shuffle(todo)
            for move in reversed(todo):
                nxt = apply(pos, move)
                then = cover(pos, move)
                if then is not None:  # a card from a hand waiting on a pile: passed through
                    heapq.heappush(heap, (-measure(nxt), next(count), nxt, last, then, kept,
                                          since + (move,)))
                    continue
                k = key(nxt)
                if k in came:
                    continue
                came[k] = (kept, since + (move,))
                self.states += 1
                if (move.dst in homes or not plain) and rules.is_won(nxt):
                    line: list[Move] = []
                    back = came[k]
                    while back is not None:
                        line[:0] = back[1]
                        back = came[back[0]]
                    return WON, line
                heapq.heappush(heap, (-measure(nxt), next(count), nxt, move, None, k, ()))
            if self.states >= goal:
                return None
        return LOST, []


def _portfolio(rules: Rules, start: Position, pruning: "Pruning") -> Iterator[_Search]:
    """The searches of the ``portfolio`` order: first the depth-first search
    over every position (it alone can prove most losses), then greedy
    searches without end, each given the next of :attr:`Guide.MEASURES` in
    turn and a budget of positions that doubles with every round of them;
    from the second round on their moves are shuffled (seeded by the search's
    number, so the same deal is always searched alike).  How many positions a
    win takes a greedy search varies from one measure to another by a
    hundredfold and more, and differs from deal to deal: short searches
    under many measures find far more wins than one long one (measured on
    the Flower-Garden)."""
    yield _DepthFirst(rules, start, pruning)
    guide = Guide(rules)
    measures = [guide.measure(w) for w in Guide.MEASURES]
    for n in itertools.count():
        round_, which = divmod(n, len(measures))
        rng = random.Random(n) if round_ else None
        yield _Greedy(rules, start, pruning, measures[which],
                      PROBE_STATES << min(round_, 20), rng)


MASKED_MOST = 400_000  # the piles whose keys are remembered, at most (then begun afresh)
PROBE_STATES = 3000  # the first round's budget for each greedy search
MEMORY_MOST = 900 << 20  # the process's resident memory past which a search gives up,
                         # as when out of time, rather than fill the machine's memory
KEPT_MOST = 800_000  # where the system does not say the memory in use: the positions the
                     # searches may keep at once (most games need under 1 KB each)
LOOKS = 64           # the turns between two looks at the memory in use
SLICE = 256          # the positions a search runs for before the next takes its turn
TURNS = 2            # the depth-first search takes one turn in this many


def _run(searches: Iterator[_Search], began: float, deadline: float,
         max_states: int | None, shorten: bool = True) -> Solution:
    """Runs the first search of *searches* (the one over every position)
    in turns of :data:`SLICE` positions with the others, taken one after
    another, each until its own budget: the first has one turn in
    :data:`TURNS`, the others the rest (alone, the first has them all)."""
    main = next(searches)
    side: _Search | None = None
    total = 0
    for turn in itertools.count():
        search = main
        if turn % TURNS:
            side = side or next(searches, None)
            search = side or main
        n = SLICE if search.budget is None else min(SLICE, search.budget - search.states)
        if max_states is not None:
            n = min(n, max_states - total)
        before = search.states
        answer = search.step(max(n, 1))
        total += search.states - before
        if answer is not None:  # a win, or every position this search could reach met
            line = search.pruning.concrete(answer[1])
            line = shortened(search.rules, search.start, line) if shorten else line
            return Solution(answer[0], line, total, time.monotonic() - began,
                            search.states if answer[0] == LOST else 0)
        if search is side and search.budget is not None and search.states >= search.budget:
            side = None  # spent: the next search takes its place (and its positions go)
        if turn % LOOKS == LOOKS - 1:
            resident = _resident()
            if (resident >= MEMORY_MOST if resident is not None else
                    main.states + (side.states if side is not None else 0) >= KEPT_MOST):
                return Solution(GAVE_UP, [], total, time.monotonic() - began, full=True)
        if (max_states is not None and total >= max_states) or time.monotonic() > deadline:
            return Solution(GAVE_UP, [], total, time.monotonic() - began)
    raise AssertionError("unreachable")


def _resident() -> int | None:
    """This process's resident memory in bytes, where the system says it
    (Linux's /proc), else None."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


try:
    _PAGE = os.sysconf("SC_PAGE_SIZE")
except (AttributeError, ValueError, OSError):
    _PAGE = 4096


class Guide:
    """Measures of how near a win a position looks, for the portfolio's
    greedy searches, from six counts (:meth:`counts`): the cards on the
    foundations; how deep the cards the foundations want next lie in their
    piles (cards over them), and the cards wanted after those; the cards
    lying over a card of their own suit that must go up before them, and
    over any card of a rank that goes up before theirs; and the empty
    tableau piles.  A measure weighs them (:attr:`MEASURES`)."""

    #: weights of (home, over the next wanted, over the ones after, over a
    #: card of the suit wanted first, over a card of a rank wanted first,
    #: empty piles): the first also leads the best-first order; the others
    #: were found good on the Flower-Garden's deals 1-20, each winning deals
    #: the others miss
    MEASURES: tuple[tuple[int, int, int, int, int, int], ...] = (
        (5, 2, 0, 0, 0, 3),
        (10, 3, 1, 3, 0, 5),
        (10, 3, 1, 0, 0, 4),
        (10, 0, 0, 0, 2, 5),
        (10, 4, 2, 0, 0, 4),
        (10, 0, 0, 3, 0, 5),
        (10, 3, 1, 0, 3, 5),
        (10, 2, 0, 3, 0, 5),
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        specs = rules.specs
        founds = [specs[f].build for f in rules.foundations if specs[f].build is not None]
        plain = [b for b in founds if b.sequence is None and b.direction in ("up", "down")]
        self.foundations = [(f, specs[f].build) for f in rules.foundations
                            if specs[f].build in plain]
        self.built = [f for f, _ in self.foundations]
        ways = {b.direction for b in plain}
        # the order cards go up in: by rank up, or down; none where both happen
        self.sign = 0 if len(ways) != 1 else (1 if ways == {"up"} else -1)
        self.in_suit = bool(plain) and all(b.suit == "same" for b in plain)
        self.tableau = frozenset(rules.tableau)
        # the piles whose cards wait under others: not the foundations, nor a
        # hand, whose every card is free
        self.piles = [i for i in range(len(specs)) if i not in set(rules.foundations)
                      and specs[i].available != "all"]
        self._wanted: dict = {}
        self._remembered: dict = {}

    def counts(self, pos: Position, order: bool = True) -> tuple[int, int, int, int, int, int]:
        """The six counts; without *order* the two of cards over cards that
        go up before them are left at 0 (a measure that does not weigh them
        is spared counting them).  A pile's own counts are remembered by its
        cards and the foundations' top cards: a position differs from the one
        it came from in a pile or two."""
        piles = pos.piles
        home = sum([len(piles[f]) for f in self.rules.foundations])
        tops = tuple([piles[f][-1] if piles[f] else None for f in self.built])
        wanted = self._wanted.get(tops)
        if wanted is None:
            wanted = self._wanted[tops] = self.wanted(pos)
        remembered = self._remembered
        if len(remembered) > self.REMEMBERED:
            remembered.clear()
        over_next = over_then = over_suit = over_rank = empty = 0
        for i in self.piles:
            cards = piles[i]
            if not cards:
                empty += i in self.tableau
                continue
            k = (cards, tops, order)
            got = remembered.get(k)
            if got is None:
                got = remembered[k] = self._pile_counts(cards, wanted, order)
            over_next += got[0]
            over_then += got[1]
            over_suit += got[2]
            over_rank += got[3]
        return home, over_next, over_then, over_suit, over_rank, empty

    REMEMBERED = 200_000  # the piles' counts remembered, at most (then begun afresh)

    def wanted(self, pos: Position) -> tuple[frozenset, frozenset]:
        """The cards the foundations take next, and those they take after
        them, as (rank, suit), suit None where any suit will do."""
        first: set = set()
        then: set = set()
        for f, build in self.foundations:
            pile = pos.piles[f]
            if not pile:
                if build.base:
                    first.add((build.base, None))
                    then.add((build.base + (build.step if build.direction == "up"
                                            else -build.step), None))
                continue
            top = pile[-1]
            if top.rank == build.until:
                continue
            suit = top.suit if build.suit == "same" else None
            step = build.step if build.direction == "up" else -build.step
            for n, into in ((1, first), (2, then)):
                rank = top.rank + n * step
                if build.wrap:
                    rank = (rank - 1) % 13 + 1
                into.add((rank, suit))
        return frozenset(first), frozenset(then)

    def _pile_counts(self, cards: tuple, wanted: tuple[frozenset, frozenset],
                     order: bool) -> tuple[int, int, int, int]:
        """One pile's cards over the next wanted, over those after, over a
        card of their suit, and of a rank, that go up before them."""
        first, then = wanted
        sign, in_suit = (self.sign, self.in_suit) if order else (0, False)
        over_next = over_then = over_suit = over_rank = 0
        n = len(cards) - 1
        lowest = 99
        lowest_of: dict = {}
        for k, card in enumerate(cards):
            rank, suit = card
            if (rank, suit) in first or (rank, None) in first:
                over_next += n - k
            elif (rank, suit) in then or (rank, None) in then:
                over_then += n - k
            if sign:
                place = sign * rank
                if place > lowest:
                    over_rank += 1
                else:
                    lowest = place
                if in_suit:
                    if place > lowest_of.get(suit, 99):
                        over_suit += 1
                    else:
                        lowest_of[suit] = place
        return over_next, over_then, over_suit, over_rank

    def measure(self, weights: tuple[int, ...]) -> Callable[[Position], int]:
        """The measure with these weights, higher for a position nearer a win."""
        w_home, w_next, w_then, w_suit, w_rank, w_empty = weights
        counts = self.counts
        order = bool(w_suit or w_rank)

        def measure(pos: Position) -> int:
            home, over_next, over_then, over_suit, over_rank, empty = counts(pos, order)
            return (w_home * home - w_next * over_next - w_then * over_then
                    - w_suit * over_suit - w_rank * over_rank + w_empty * empty)
        return measure


class Pruning:
    """The moves to try from a position, given the move that led there.

    Beyond the game's own ordering (:meth:`Rules.solver_moves`), two rules
    that never lose a win, in a game where a move changes nothing but the two
    piles it names (no route rules, refills, claims or compulsions, no module
    of its own):

    * a card just laid on a tableau pile is not moved on at once, except to a
      foundation: the two moves make one that was open before;
    * a card laid from a pile whose cards all are and stay available (a hand,
      as the Flower-Garden's Bouquet) onto a tableau pile must take a card on
      it at once: laid earlier, it only waits for that card (moves in between
      touch neither it nor its pile), and may as well be laid just before.
      The position with the card waiting is passed through, never kept
      (:meth:`cover`): kept, it would stand for the same position met
      otherwise, with every move open, and that one would go unsearched;
    * a card from a hand goes up to a foundation only when the next card of
      its suit follows it at once (or it is the foundation's last card, or
      one that is safe to play up): until then it only waits in the hand,
      free, where it may yet hold a card on the tableau, and its foundation
      waits for it (no other card can go there first).  The position between
      is passed through in the same way;
    * where the tableau builds with no regard to suit, the hand's cards of a
      rank are pooled: which of them was laid where is left open until one
      goes up, and positions that differ only in that are one position to
      the search (:meth:`_pooled_key`; an exact reduction, not a pruning).

    (A wider rule, that after a card is laid the next move must touch the
    pile it left or the card laid, is not sound: putting one move off can
    break the rule for the move before it.  The tests hold the solver to the
    unpruned search on whole deals of several games, on small gardens and
    on Flower-Garden deals with cards already home.)
    """

    def __init__(self, rules: Rules, enabled: bool = True,
                 start: Position | None = None) -> None:
        self.rules = rules
        self.open = enabled and rules.plain_moves()
        self.tableau = frozenset(rules.tableau)
        self.foundations = frozenset(rules.foundations)
        self.hands = frozenset(
            i for i in rules.sources if rules.specs[i].available == "all"
            and rules.specs[i].build is None and i not in self.tableau) if self.open else frozenset()
        # every card leaves its pile alone, and the engine lists nothing but card moves
        self.single = self.open and all(rules.specs[i].move == "top" for i in rules.sources) \
            and not rules.has_deal_step
        # each foundation's last rank, where a card from a hand waits to go up
        # until the card after it follows at once
        self.final: dict[int, int] = {}
        if self.hands:
            for f in rules.foundations:
                build = rules.specs[f].build
                last = None if build is None else \
                    build.sequence[-1] if build.sequence else build.until
                if last is not None:
                    self.final[f] = last
        #: the cards in play at the start (a position set up by hand may hold
        #: less than the whole pack: a card whose follower is not in play is
        #: its foundation's last, whatever the build's end)
        self.in_play: frozenset[Card] | None = None if start is None else \
            frozenset(c for pile in start.piles for c in pile)
        self.key: Callable[[Position], object] = rules.solver_key
        self.apply: Callable[[Position, Move], Position] = rules.apply
        self.pool: frozenset[Card] = frozenset()
        # (every card face up: none is ever turned down, with nothing dealt in play)
        wants = self._wants() if start is not None and self.single and len(self.hands) == 1 \
            and not any(start.down) else None
        if wants:
            (self.hand,) = self.hands
            self.pool = frozenset(start.piles[self.hand])
            # each foundation, the cards of the pool it may begin with, and
            # after each card the one of the pool it takes next
            cards = [c for pile in start.piles for c in pile]
            self.wants = [(f, [c for c in self.pool if c.rank == base],
                           {c: Card(c.rank + step, c.suit) for c in cards
                            if c.rank != until and Card(c.rank + step, c.suit) in self.pool})
                          for f, base, until, step in wants]
            self.mask = {c: (c.rank, None) for c in self.pool}
            self.masked: dict[tuple, tuple] = {}  # each pile met, as the key shows it
            self.garden = tuple(sorted(self.tableau))
            # the garden's piles taken in sorted order where the rules treat them alike
            self.alike = any(set(g) == self.tableau for g in rules.alike_groups())
            # and the foundations, which each say what they hold by their top card
            self.alike_homes = any(set(g) == self.foundations for g in rules.alike_groups())
            # the piles other than the garden, the hand and the foundations
            self.others = tuple(i for i in range(len(rules.specs)) if i not in self.tableau
                                and i not in self.foundations and i != self.hand)
            self.key, self.apply = self._pooled_key, self._pooled_apply

    def _wants(self) -> list[tuple[int, int, int | None, int]] | None:
        """Where the cards of a hand may be pooled (see :meth:`_pooled_key`):
        each foundation with the rank it starts from, the rank it ends with
        and its step, else None.  That needs a tableau that builds with no
        regard to suit or colour (so that two cards of one rank lie alike
        there), no other pile that takes cards, and foundations each built in
        one suit by a steady step, from one pack."""
        rules = self.rules
        if rules.layout.pack_count != 1 or not rules.tableau:
            return None
        for i, spec in enumerate(rules.specs):
            plain = rules.plain_builds[i]
            if i in self.tableau:
                if plain is None or plain[2] != "any" or plain[4] or spec.available == "all":
                    return None
            elif i in self.foundations:
                if plain is None or plain[2] != "same" or plain[4] or len(plain[3]) != 1 \
                        or not plain[0]:
                    return None
            elif spec.build is not None:
                return None
        plain = rules.plain_builds
        return [(f, plain[f][0], plain[f][1], next(iter(plain[f][3]))) for f in rules.foundations]

    def cover(self, pos: Position, move: Move) -> int | None:
        """The pile that must take the next move, after *move* from *pos*: the
        tableau pile whose new card from a hand waits to be covered, or the
        foundation a card from a hand went up to before its time (see the
        class's docstring).  The searches pass through such a position to the
        moves onto that pile, and neither keep nor count it."""
        if move.src not in self.hands or move.kind != "move":
            return None
        if move.dst in self.tableau:
            return move.dst
        final = self.final.get(move.dst)
        if final is None or move.card is None or move.card.rank == final \
                or self._last_in_play(move.dst, move.card) \
                or self.rules.safe_foundation_move(pos, (move,)) is not None:
            return None
        return move.dst

    def _last_in_play(self, home: int, card: Card) -> bool:
        """Whether no card in play could follow *card* on foundation *home*
        (its build steps by one rank in suit, and that card is not in play)."""
        plain = self.rules.plain_builds[home]
        if self.in_play is None or plain is None or plain[2] != "same" or len(plain[3]) != 1:
            return False
        rank = card.rank + next(iter(plain[3]))
        rank = (rank - 1) % 13 + 1 if plain[4] else rank
        return not 1 <= rank <= 13 or Card(rank, card.suit) not in self.in_play

    def moves(self, pos: Position, last: Move | None, pending: int | None) -> list[Move]:
        """The moves to try, the first to try last (a stack), given the last
        move not from a hand that led here, and the pile that must take the
        next move (:meth:`cover`; or None).  The moves open are asked without
        the status's check for a game that only shifts cards about: the
        search keeps its own record of the positions it has seen, and that
        check would cost more than it saves."""
        pooled = bool(self.pool)
        if pending is not None:
            moves = list(self._onto(pos, pending))
            if pooled and pending in self.foundations:
                moves[len(moves):] = self._virtual(pos, pending)
        else:
            opened = list(self.rules.open_moves(pos))
            moves = self.rules.solver_moves(pos, opened)
            if pooled:
                if len(moves) == 1 and moves is not opened and moves[0].dst in self.foundations \
                        and self._choice_open(pos, self.rules.moving_card(pos, moves[0])):
                    moves = opened  # see _pooled_key: a safe card is not played alone
                if len(moves) > 1 or moves is opened:
                    moves = self._virtual(pos) + self._one_of_each_rank(moves)
        if self.open and last is not None and last.kind == "move" and last.count == 1 \
                and last.dst in self.tableau and last.src not in self.hands:
            moves = [m for m in moves if not (m.kind == "move" and m.src == last.dst
                                              and m.count == 1
                                              and m.dst not in self.foundations)]
        return list(reversed(moves))

    def _onto(self, pos: Position, dst: int) -> Iterator[Move]:
        """The moves open onto pile *dst* (the engine's, in its order; where
        every card leaves its pile alone, found without the others)."""
        rules = self.rules
        if not self.single:
            yield from (m for m in rules.open_moves(pos) if m.kind == "move" and m.dst == dst)
            return
        pile = pos.piles[dst]
        if self.pool and pile and dst in self.tableau:
            # a tableau pile that takes cards by rank alone (see _wants), steps
            # without turning the corner
            _, until, _, steps, _ = rules.plain_builds[dst]
            if pile[-1].rank == until:
                return
            ranks: frozenset[int] | None = frozenset([pile[-1].rank + s for s in steps])
        else:
            ranks = rules.ranks_taken(pos, dst)
        if ranks is not None and not ranks:
            return
        fits, specs = rules.fits, rules.specs
        if self.pool and dst in self.tableau:
            # one card of a rank from the hand
            for src in rules.sources:
                if src == dst:
                    continue
                if src == self.hand:
                    laid: set[int] = set()
                    for card in pos.piles[src]:
                        if (ranks is None or card.rank in ranks) and card.rank not in laid:
                            laid.add(card.rank)
                            yield Move("move", src, dst, 1, card)
                    continue
                cards = pos.piles[src]  # every card face up: the top one is free
                if cards and (ranks is None or cards[-1].rank in ranks):
                    yield Move("move", src, dst, 1, None)
            return
        for src in rules.sources:
            if src == dst:
                continue
            many = specs[src].available == "all"
            for card in dict.fromkeys(rules.available_cards(pos, src)):
                if (ranks is None or card.rank in ranks) and fits(pos, card, dst):
                    yield Move("move", src, dst, 1, card if many else None)

    # ------------------------------------------------------------ a hand's cards pooled
    def _pooled_key(self, pos: Position) -> object:
        """The key of a position where the cards of the hand are pooled.

        In a game whose tableau builds with no regard to suit (the
        Flower-Garden), a card laid from the hand lies there as any card of
        its rank would: which of the hand's cards of that rank it is matters
        only when one of them goes up.  So the search keeps it open: a card
        laid from the hand counts by its rank alone, and the hand by what is
        not home (the foundations say it).  Positions that differ only in
        which of the hand's cards of a rank were laid where are one position
        to the search, and from it every choice stays open (:meth:`_virtual`):
        a card of the pool goes up from the hand while the hand holds any
        card of its rank, or from any pile whose top card is one of its rank
        from the pool, the two cards changing places first.  A line so found
        is made into one of real moves by :meth:`concrete` (each card laid
        was, all along, the one that went up from where it lay).  Every win
        of the game is such a line, and every such line is a win: the key is
        exact.  (A card of the pool that is safe to play up is not played
        alone while another card of the pool of its rank lies on the tableau
        and a card that could be laid on them is out: which goes up is still
        a choice then; see :meth:`_choice_open`.)"""
        masked, piles = self.masked, pos.piles
        garden = []
        for t in self.garden:
            pile = piles[t]
            got = masked.get(pile)
            if got is None:
                if len(masked) >= MASKED_MOST:
                    masked.clear()
                got = masked[pile] = tuple([self.mask.get(c, c) for c in pile])
            garden.append(got)
        if self.alike:
            garden.sort(key=hash)
        # a foundation says what it holds by its top card (one suit, a steady step)
        homes = frozenset([piles[f][-1] for f in self.foundations if piles[f]]) \
            if self.alike_homes else tuple([piles[f][-1:] for f in self.foundations])
        return (tuple(garden), homes, tuple([piles[i] for i in self.others]), pos.down,
                pos.extra)

    def _pooled_apply(self, pos: Position, move: Move) -> Position:
        """The position after *move*, two cards of the pool changing places
        first where it says so (see :meth:`_virtual`)."""
        if type(move) is _Swapped:
            a, b = move.swap
            pos = pos._replace(piles=tuple(
                tuple([b if c == a else a if c == b else c for c in pile])
                if a in pile or b in pile else pile for pile in pos.piles))
            move = Move(move.kind, move.src, move.dst, move.count, move.card)
        return self.rules.apply(pos, move)

    def _choice_open(self, pos: Position, card: Card) -> bool:
        """Whether a card safe to play up may not go up alone, the pool
        leaving open which of its rank goes up: it is of the pool, a card of
        the pool of its rank lies on the tableau, and some card that could be
        laid on them is not home (once all are, every card of the pool of its
        rank is free and safe, and they go up one after another)."""
        if card not in self.pool:
            return False
        rank, pool, piles = card.rank, self.pool, pos.piles
        if not any(c.rank == rank and c in pool for t in self.garden for c in piles[t]):
            return False
        return not self.rules.onto_home(pos, card)

    def _one_of_each_rank(self, moves: list[Move]) -> list[Move]:
        """*moves* with one card of each rank from the hand to each tableau pile."""
        hand, tableau = self.hand, self.tableau
        out: list[Move] = []
        seen: set = set()
        for m in moves:
            if m.src == hand and m.dst in tableau and m.card is not None:
                k = (m.card.rank, m.dst)
                if k in seen:
                    continue
                seen.add(k)
            out.append(m)
        return out

    def _virtual(self, pos: Position, only: int | None = None) -> list[Move]:
        """The moves up that the pool allows beyond the engine's moves of
        this very position (see :meth:`_pooled_key`): each a card of the pool
        that a foundation takes next, up from the hand where the hand holds
        another card of its rank, or from a pile whose top card is another
        card of its rank from the pool, the two changing places first."""
        piles, pool, hand = pos.piles, self.pool, self.hand
        held = piles[hand]
        tops = None  # the tableau piles topped by a card of the pool, and those cards
        bottoms = None  # the cards that began the foundations
        out: list[Move] = []
        for f, firsts, following in self.wants:
            if only is not None and f != only:
                continue
            pile = piles[f]
            if pile:
                card = following.get(pile[-1])
                if card is None:
                    continue
                wanted: Iterable[Card] = (card,)
            else:
                if bottoms is None:
                    bottoms = {piles[g][0] for g in self.foundations if piles[g]}
                wanted = [c for c in firsts if c not in bottoms]
            for card in wanted:
                rank = card.rank
                if card not in held:
                    other = next((c for c in held if c.rank == rank), None)
                    if other is not None:
                        out.append(_Swapped("move", hand, f, 1, card, (card, other)))
                if tops is None:
                    tops = [(t, piles[t][-1]) for t in self.garden
                            if piles[t] and piles[t][-1] in pool]
                for t, top in tops:
                    if top != card and top.rank == rank:
                        out.append(_Swapped("move", t, f, 1, None, (card, top)))
        return out

    def concrete(self, line: list[Move]) -> list[Move]:
        """A line of the search as moves of the engine's: where two cards of
        the pool changed places, the moves before that name one name the
        other (see :meth:`_pooled_key`)."""
        out: list[Move] = []
        for move in line:
            if type(move) is _Swapped:
                a, b = move.swap
                out = [m._replace(card=b) if m.card == a else
                       m._replace(card=a) if m.card == b else m for m in out]
                move = Move(move.kind, move.src, move.dst, move.count, move.card)
            out.append(move)
        return out


class _Swapped(NamedTuple):
    """A move of the search where a hand's cards are pooled: two cards of the
    pool change places (*swap*), then the move is made."""

    kind: str
    src: int | None
    dst: int | None
    count: int
    card: Card | None
    swap: tuple[Card, Card]


# ---------------------------------------------------------------- the odds of a game
@dataclass
class Odds:
    game: str
    variant: str | None
    deals: int
    won: int
    lost: int
    undecided: int
    low: float      # the 95% interval for the share of deals that can be won
    high: float
    budget: str     # what each deal was given

    @property
    def rate(self) -> float | None:
        decided = self.won + self.lost
        return self.won / decided if decided else None


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def odds_interval(won: int, lost: int, undecided: int) -> tuple[float, float]:
    """As Blake and Gent do for Solvitaire: an undecided deal is counted as
    lost for the lower bound and as won for the upper one, so it widens the
    interval instead of counting as a loss."""
    n = won + lost + undecided
    return wilson(won, n)[0], wilson(won + undecided, n)[1]


def solve_seed(args: tuple[str, str | None, int, float, int | None]) -> str:
    """One deal's answer, for a pool of worker processes."""
    from .game import Game

    game_id, variant, seed, seconds, max_states = args
    game = Game.new(game_id, variant, seed=seed)
    return solve(game.rules, game.start, seconds=seconds, max_states=max_states,
                 shorten=False).result
