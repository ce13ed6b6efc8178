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
lies where is left open until one goes up; where no rule reads a suit at
all, a position is remembered by its ranks alone; the order cards were put
out of play in is never part of it).  Where every card is dealt
at the start, a depth-first search over every position takes turns with a
series of short greedy searches, each led by another measure of how near a
win a position looks (:class:`Guide`), and where cards go out by pairs, each
round of them followed by a beam search move by move that keeps the lines with
most pairs open (:mod:`patience_cli.solver.pairs_beam`): these find most wins,
the depth-first one proves most losses.  Where there is a pack to deal, the
search is depth-first, taking turns with rounds of a search that keeps near
its first choices (:mod:`patience_cli.solver.bounded`), which finds wins
only: lines that leave the move tried first at few positions, or, where the
player lays each card turned on a pile of his choosing, lines that bury few
cards, in turns with greedy lines played out with noise
(:mod:`patience_cli.solver.playouts`; over compact positions where no rule
reads a suit: :mod:`patience_cli.solver.placed`), and elsewhere with beam searches that
follow many lines side by side from deal to deal
(:mod:`patience_cli.solver.beam`).  For the
plainest games the depth-first search runs over compact positions (:mod:`patience_cli.solver.compact`): the same
moves in the same order, pruned alike, several times faster.  A position
with a card that can never move again is lost at once
(:mod:`patience_cli.solver.stuck`).  It ends with
one of three answers:

* ``won``: a line of moves from the position to a won game (it replays
  through the engine, and so through the command line);
* ``lost``: every position reachable was searched and none is won: a proof
  that the game cannot come out from there;
* ``gave up``: the time or the number of positions ran out first, or the
  memory (the search may add :data:`MEMORY_MOST`, 900 MB, to what the
  process held when it began): more time would not help then.

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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from ..engine import Move, Position, Rules, Status
from ..position import MoveKind
from . import bounded
from .beam import Beam, worth_beaming
from .compact import CompactSearch, Tables
from .guide import Guide
from .pairs_beam import PairsBeam, worth_pairs_beam
from .placed import PlacedLines
from .placing_beam import PlacingBeam, worth_placing_beam
from .playouts import Playouts, worth_playing_out
from .pruning import Pruning

WON, LOST, GAVE_UP = "won", "lost", "gave up"
#: The solver's revision, kept with each deal's answer in the odds' results
#: files: raised whenever a change may decide deals the solver left undecided
#: within the same budget, so that a run solves those deals again instead of
#: taking the older answer (a win or a proof stands: :mod:`.odds_results`).
#: 2: positions alike in ranks are one where no rule reads a suit (2026-11-26).
#: 3: positions that differ only in the order cards were put out are one (2026-11-27).
#: 4: where the player places the cards turned, rounds that bury few cards (2026-11-27).
#: 5: in the other games with a pack to deal, rounds that depart little from the
#:    first move (2026-11-27).
#: 6: piles refilled a card at a time, and reserve piles, taken as alike where no rule
#:    reads places (2026-11-27).
#: 7: and piles alike once the rule that reads their places stops (the Salic Law's kings,
#:    the pack dealt out; 2026-11-27).
#: 8: where the player places the cards turned, greedy lines with noise (2026-11-27).
#: 9: and where a pack is dealt and the tableau built on (2026-11-27).
#: 10: where a pack is dealt, beam searches from deal to deal (2026-11-27).
#: 11: a beam whose lines all stick begins again twice as wide (2026-11-27).
#: 12: where the player places the cards turned, the depth-first search takes one turn
#:     in eight, the rounds beside it the rest (2026-11-28).
#: 13: a move after which a rule feature proves the game lost is not tried (the Wheel's
#:     cards left that could no longer make whole sets; 2026-11-28).
#: 14: and a row the Wheel's pack will deal whose every set those cards forbid (2026-11-28).
#: 15: and, before the Wheel's first row, every way its refills can go (2026-11-28).
#: 16: no card called safe to send up where its going up sooner may change what a rule
#:     does with the other cards (packets gathered and dealt again, a pass that must place
#:     a card, a vacancy filled from the pack), so no proof rests on it (2026-11-28).
#: 17: where only the card just turned is played and the pack's order is all that is
#:     left, each foundation must find its ranks in order along the cards to come, and
#:     the foundations wanting a rank each a card of it of their own (the Fairest No. 1
#:     with cards let pass; 2026-11-28).
#: 18: a card on a talon no card is played from, once no redeal is left, loses the game
#:     (the Corners' last deal; 2026-11-28).
#: 19: a card that can never move again is read in reserves, and beside routes, first claims
#:     and vacancies filled from the pack or the talon, its foundation's order read whole
#:     (any card it needs first lying under it), foundations in sequence too (the
#:     Storehouse: a king over a lower card of its suit; 2026-11-28).
#: 20: a card its own foundation takes again after it, rank for rank (the Dial No. 2's
#:     centre of eight kings), is safe to send up while others of its rank are out
#:     (2026-11-28).
#: 21: where the player places the cards turned and no rule reads a suit (the Fly, the
#:     Fairest No. 2), the greedy lines over compact positions, some ten times as fast,
#:     given four positions for each of the rounds' beside them (2026-11-28).
#: 22: piles of several groups that no rule names, built alike, taken as alike across
#:     their groups (Napoleon's Square's packets on three sides, the Fortress's two
#:     wings; 2026-11-29).
#: 23: and the pack's next card offered to one empty pile of such a class, not one a
#:     group (2026-11-29).
#: 24: where cards go out by pairs and nothing is dealt as the game goes, a beam search
#:     move by move, the positions with most pairs open kept (the Fourteenth; 2026-11-29).
#: 25: where the foundations are formed only at the end, a position whose suit can no
#:     longer come out is lost, and a beam move by move led by the cards placed (the
#:     Zodiac; 2026-11-29).
#: 26: and that beam, at each width, once with each of three weights on the turns in the
#:     circle's packets (2026-11-29).
#: 27: where every foundation climbs regardless of suit, the beam from deal to deal
#:     counts against a position each card lying over a card of the rank before its own
#:     (Hoffmann's Constitution, the Kingdom, the Salic Law and its Picture Gallery;
#:     2026-11-29).
REVISION = 27
#: the revision from which proofs of loss stand in a game whose safe moves revision 16
#: narrowed (:func:`proofs_since`): the Pyramid's 11 proofs and one of the Indefatigable's
#: were of lines a move wrongly called safe had cut off
SAFE_NARROWED = 16


def proofs_since(rules: Rules) -> int:
    """The first solver revision whose proofs of loss stand for *rules*'
    game: :data:`SAFE_NARROWED` where that revision's narrower safe moves
    (:meth:`Rules.safe_moves_narrowed`) differ from the older ones here,
    else 1 (every proof stands)."""
    return SAFE_NARROWED if rules.advice.safe_moves_narrowed() else 1


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
          order: str = "auto", shorten: bool = True,
          memory_most: int | None = None) -> Solution:
    """Search from *start* for a won game; see the module's docstring.
    Without *prune*, every move the game's ordering gives is tried (no
    :class:`Pruning`): slower, for checking the pruning against.  *order*:
    ``best-first`` (the position nearest a win by the first of
    :attr:`Guide.MEASURES` is searched on first), ``depth-first``, or ``portfolio``: one depth-first
    search over every position, taking turns with a series of short greedy
    searches, each led by one of several measures of :class:`Guide` (see
    :func:`_portfolio`); ``auto``: the
    portfolio where every card is dealt at the start, else depth-first
    (which goes on dealing where the foundations' count says little; with
    rounds that keep near its first choices:
    :func:`~patience_cli.bounded.kind`).  Each
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
            searches = _depth_first_rounds(rules, start, pruning)
        else:
            raise ValueError(f"no search order {order!r}")
        placing = order == "depth-first" and bounded.kind(rules) is bounded.Bounded
        return _run(searches, began, deadline, max_states, shorten,
                    MEMORY_MOST if memory_most is None else memory_most,
                    ALONE_FIRST if order == "depth-first" else 0,
                    PLACING_TURNS if placing else TURNS)
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


class _Search(Protocol):
    """One search, run a slice at a time: :meth:`step` searches up to *n*
    more positions and gives ``(result, line)`` once it has an answer
    (``won`` with its line, or ``lost``: every position it could reach is
    searched), else None; :attr:`states` counts the positions it met.  (A
    protocol: :class:`~patience_cli.bounded.Bounded` answers it
    without deriving from it.)"""

    states = 1
    budget: int | None = None   # the positions it may meet, when limited
    rules: Rules
    start: Position
    pruning: Pruning

    def step(self, n: int) -> tuple[str, list[Move]] | None:
        raise NotImplementedError


class _DepthFirst(_Search):
    """Depth-first over every position (remembered by the game's key), the
    moves of a position in the order :class:`Pruning` gives."""

    def __init__(self, rules: Rules, start: Position, pruning: Pruning) -> None:
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
        # where a move changes nothing but its two piles, only a move up can win (or a
        # deal, which may lay the cards it turns up on the foundations: Robert, the Dial)
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
                ahead = moves(nxt, last, then)
                if ahead:
                    stack.append((nxt, ahead, move, last))
                continue
            size = len(seen)
            seen.add(key(nxt))
            if len(seen) == size:
                continue  # met before (the key hashed once: it is no small tuple)
            self.states += 1
            if (move.dst in homes or not plain or move.kind is MoveKind.DEAL) and rules.is_won(nxt):
                return WON, [frame[2] for frame in stack[1:]] + [move]
            stack.append((nxt, moves(nxt, move, None), move, move))
            if self.states >= goal:
                return None
        return LOST, []


class _Compact(_Search):
    """The depth-first search over compact positions, where the game is plain
    enough (:mod:`patience_cli.solver.compact`)."""

    def __init__(self, search: CompactSearch) -> None:
        self.search = search
        self.rules, self.start, self.pruning = search.rules, search.start, search.pruning

    @property
    def states(self) -> int:  # type: ignore[override]
        return self.search.states

    def step(self, n: int) -> tuple[str, list[Move]] | None:
        answer = self.search.step(n)
        return None if answer is None else (WON if answer[0] else LOST, answer[1])


def _depth_first(rules: Rules, start: Position, pruning: Pruning) -> _Search:
    """The depth-first search over every position: over compact positions
    where the game allows (and moves are pruned), else over the engine's."""
    tables = Tables.of(rules) if pruning.enabled else None
    if tables is not None:
        return _Compact(CompactSearch(tables, start, pruning))
    return _DepthFirst(rules, start, pruning)


def _depth_first_rounds(rules: Rules, start: Position, pruning: Pruning) -> Iterator[_Search]:
    """The depth-first search over every position, then rounds of a search
    that keeps close to it (:func:`bounded.kind`): where the player
    places the cards turned, one that buries few cards
    (:class:`~patience_cli.bounded.Bounded`), else one that departs
    little from the first move (:class:`~patience_cli.bounded.FewDepartures`),
    each round's bound one more than the last's, with twice its positions; in
    the games :func:`~patience_cli.solver.playouts.worth_playing_out` names,
    each round after one of greedy lines with noise
    (:class:`~patience_cli.solver.playouts.Playouts`) with as many (over
    compact positions, :class:`~patience_cli.solver.placed.PlacedLines`,
    where they read the game: with :attr:`~patience_cli.solver.placed.PlacedLines.WEIGHT`
    times as many); and in
    those :func:`~patience_cli.solver.beam.worth_beaming` names, each round
    first one of a beam search (:class:`~patience_cli.solver.beam.Beam`),
    twice as wide each round, with as many.  Where the player places the
    cards, the depth-first search takes one turn in :data:`PLACING_TURNS`
    (:func:`solve`), elsewhere one in :data:`TURNS`.  None
    beside the compact search: its positions come five times as fast, and the
    rounds, over the engine's, would take most of its time (on Napoleon at
    St. Helena and Lucas, deals 1-20 at 20,000 positions, they won nothing
    more in twice the time)."""
    first = _depth_first(rules, start, pruning)
    yield first
    rounds = bounded.kind(rules)
    if rounds is not None and not isinstance(first, _Compact):
        lines = PlacedLines if PlacedLines.suits(rules, start) else Playouts
        kinds: tuple = (lines, rounds) if worth_playing_out(rules) else (rounds,)
        if worth_beaming(rules):
            kinds = (Beam,) + kinds
        if worth_placing_beam(rules):
            kinds = (PlacingBeam,) + kinds
        for n in itertools.count():
            for each in kinds:
                yield each(rules, start, pruning, each.FIRST + n, BOUNDED_STATES << min(n, 20))


class _Greedy(_Search):
    """Greedy best-first: the position the *measure* rates highest is
    searched on first, ties going to the one met last (which keeps to one
    line while the measure is level), or with *first_met* to the one met
    first; the moves shuffled by *rng* where given.  It stops after *budget*
    positions, if given; running out of positions before that proves a
    loss, as every position reachable was met."""

    def __init__(self, rules: Rules, start: Position, pruning: Pruning,
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
        # on its way, the moves since, and for a position passed through the
        # moves from it (found as it is met: one with none is never kept)
        self.heap: list = [(0, 0, start, None, None, first, (), None)]

    def step(self, n: int) -> tuple[str, list[Move]] | None:
        rules, key, came, heap, count = self.rules, self.key, self.came, self.heap, self.count
        measure, rng, moves, cover = self.measure, self.rng, self.pruning.moves, \
            self.pruning.cover
        apply = self.pruning.apply
        homes, plain = self.pruning.foundations, self.pruning.open
        goal = self.states + n
        while heap:
            _, _, pos, last, pending, kept, since, todo = heapq.heappop(heap)
            if todo is None:
                todo = moves(pos, last, pending)
            if rng is not None:
                rng.shuffle(todo)
            for move in reversed(todo):
                nxt = apply(pos, move)
                then = cover(pos, move)
                if then is not None:  # a card from a hand waiting on a pile: passed through
                    ahead = moves(nxt, last, then)
                    if ahead:  # (most have none: they are left out, measure and all)
                        heapq.heappush(heap, (-measure(nxt), next(count), nxt, last, then, kept,
                                              since + (move,), ahead))
                    continue
                k = key(nxt)
                got = (kept, since + (move,))
                if came.setdefault(k, got) is not got:
                    continue  # met before (the key hashed once)
                self.states += 1
                if (move.dst in homes or not plain or move.kind is MoveKind.DEAL) and rules.is_won(nxt):
                    line: list[Move] = []
                    back = came[k]
                    while back is not None:
                        line[:0] = back[1]
                        back = came[back[0]]
                    return WON, line
                heapq.heappush(heap, (-measure(nxt), next(count), nxt, move, None, k, (), None))
            if self.states >= goal:
                return None
        return LOST, []


def _portfolio(rules: Rules, start: Position, pruning: Pruning) -> Iterator[_Search]:
    """The searches of the ``portfolio`` order: first the depth-first search
    over every position (it alone can prove most losses), then greedy
    searches without end, each given the next of :attr:`Guide.MEASURES` in
    turn and a budget of positions that doubles with every round of them;
    from the second round on their moves are shuffled (seeded by the search's
    number, so the same deal is always searched alike).  How many positions a
    win takes a greedy search varies from one measure to another by a
    hundredfold and more, and differs from deal to deal: short searches
    under many measures find far more wins than one long one (measured on
    the Flower-Garden).  Where cards go out by pairs
    (:func:`~patience_cli.solver.pairs_beam.worth_pairs_beam`), each round
    ends with a beam search move by move
    (:class:`~patience_cli.solver.pairs_beam.PairsBeam`), with
    :data:`PAIRS_BEAM_STATES` positions the first round and twice as many
    each round after (after the greedy searches, which win most deals of
    these games sooner: the Fourteenth's deals 1 to 100 at 20,000 positions,
    94 won where the beam went first 90)."""
    yield _depth_first(rules, start, pruning)
    guide = Guide(rules)
    measures = [guide.measure(w) for w in Guide.MEASURES]
    beams = worth_pairs_beam(rules)
    for n in itertools.count():
        round_, which = divmod(n, len(measures))
        rng = random.Random(n) if round_ else None
        yield _Greedy(rules, start, pruning, measures[which],
                      PROBE_STATES << min(round_, 20), rng)
        if beams and which == len(measures) - 1:
            yield PairsBeam(rules, start, pruning, round_, PAIRS_BEAM_STATES << min(round_, 20))


PROBE_STATES = 3000  # the first round's budget for each greedy search
PAIRS_BEAM_STATES = 32000  # the first round's budget for the beam where cards go out by pairs:
                          # room for beams of 4, 8 and 16 (the Fourteenth played once)
BOUNDED_STATES = 10000  # the budget of the first round that keeps near the first choices
MEMORY_MOST = 900 << 20  # the resident memory a search may add to what its process held
                         # when it began: past it the search gives up, as when out of time,
                         # rather than fill the machine's memory (a worker process that
                         # ran a large search keeps its pages: the next one must not be
                         # charged for them)
KEPT_MOST = 800_000  # where the system does not say the memory in use: the positions the
                     # searches may keep at once (most games need under 1 KB each)
LOOKS = 64           # the turns between two looks at the memory in use
SLICE = 256          # the positions a search runs for before the next takes its turn
TURNS = 2            # the depth-first search takes one turn in this many
PLACING_TURNS = 8    # ... where the player places the cards turned: its space is never
                     # searched through there (no deal of the Fly, the Fairest No. 2 or Sly
                     # proved lost), and the rounds beside it win the deals
ALONE_FIRST = 1000   # where a pack is dealt, the positions the depth-first search meets
                     # before the rounds beside it begin: most deals it wins or proves
                     # lost within them, and the rounds would only halve its pace


def _run(searches: Iterator[_Search], began: float, deadline: float,
         max_states: int | None, shorten: bool = True,
         memory_most: int = MEMORY_MOST, alone_first: int = 0,
         turns: int = TURNS) -> Solution:
    """Runs the first search of *searches* (the one over every position)
    in turns of :data:`SLICE` positions with the others, taken one after
    another, each until its own budget: the first has one turn in *turns*,
    the others the rest (alone, the first has them all).  The first runs
    alone for its first *alone_first* positions."""
    main = next(searches)
    side: _Search | None = None
    total = 0
    held_before = _resident()
    for turn in itertools.count():
        search = main
        if turn % turns and main.states >= alone_first:
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
            if (resident - (held_before or 0) >= memory_most if resident is not None else
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


# ---------------------------------------------------------------- the odds of a game
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
