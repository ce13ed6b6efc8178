"""A solver for every registered game: one generic search over the engine's
own moves (no I/O).

Solving is *thoughtful*: the solver knows where every card lies, face-down
cards and the order of the pack included, as a player who could see through
the backs would.  It searches with a transposition table (a position met
before, or one alike under the rules by :meth:`Rules.solver_key`, is not
searched again), over the moves the rules allow, in the engine's order
(moves to the foundations first) with a game's own ordering hook, less the
moves :class:`Pruning` shows can never be needed.  Where every card is dealt
at the start it searches depth-first with half its time, then best-first (by
:func:`promise`); where there is a pack to deal, depth-first.  It ends with
one of three answers:

* ``won``: a line of moves from the position to a won game (it replays
  through the engine, and so through the command line);
* ``lost``: every position reachable was searched and none is won: a proof
  that the game cannot come out from there;
* ``gave up``: the time or the number of positions ran out first.

A game may order or prune moves through the :meth:`Rules.solver_moves` hook
and declare positions alike through :meth:`Rules.solver_key` (``Rules`` gets
them from :mod:`patience_cli.engine`); pruning must never remove every move
that leads to a win.
"""

from __future__ import annotations

import heapq
import itertools
import time
from dataclasses import dataclass, field

from .engine import Move, Position, Rules, Status

WON, LOST, GAVE_UP = "won", "lost", "gave up"


@dataclass
class Solution:
    result: str                      # won | lost | gave up
    moves: list[Move] = field(default_factory=list)   # the winning line, when won
    states: int = 0                  # positions searched
    seconds: float = 0.0


def solve(rules: Rules, start: Position, seconds: float = 5.0,
          max_states: int | None = None, prune: bool = True,
          order: str = "auto") -> Solution:
    """Search from *start* for a won game; see the module's docstring.
    Without *prune*, every move the game's ordering gives is tried (no
    :class:`Pruning`): slower, for checking the pruning against.  *order*:
    ``best-first`` (the position nearest a win by :func:`promise` is
    searched on first), ``depth-first``, or ``both``: depth-first with half
    the time and positions, then best-first with what is left (each finds
    wins the other misses); ``auto``: both where every card is dealt at the
    start, else depth-first (which goes on dealing where the foundations'
    count says little).  Each searches every position before it calls a
    game lost."""
    began = time.monotonic()
    deadline = began + seconds
    status = rules.status(start)[0]
    if status is not Status.PLAYING:
        return Solution(WON if status is Status.WON else LOST, [], 1, 0.0)
    if order == "auto":
        order = "depth-first" if rules.has_deal_step else "both"
    if order == "both":
        half = None if max_states is None else max(1, max_states // 2)
        first = solve(rules, start, seconds / 2, half, prune, "depth-first")
        if first.result != GAVE_UP:
            return first
        rest = _best_first(rules, start, time.monotonic(), deadline,
                           None if max_states is None else max(1, max_states - first.states),
                           prune)
        rest.states += first.states
        rest.seconds = time.monotonic() - began
        return rest
    if order == "best-first":
        return _best_first(rules, start, began, deadline, max_states, prune)
    key = rules.solver_key
    seen: set = {key(start)}
    # each frame: the position, the moves still to try from it, the move that led here
    prune_ = Pruning(rules, enabled=prune)
    stack: list[tuple[Position, list[Move], Move | None]] = [
        (start, prune_.moves(start, None), None)]
    states = 1
    while stack:
        pos, todo, _ = stack[-1]
        if not todo:
            stack.pop()
            continue
        move = todo.pop()
        nxt = rules.apply(pos, move)
        k = key(nxt)
        if k in seen:
            continue
        seen.add(k)
        states += 1
        if rules.is_won(nxt):
            line = [frame[2] for frame in stack[1:]] + [move]
            return Solution(WON, [m for m in line if m is not None], states,
                            time.monotonic() - began)
        stack.append((nxt, prune_.moves(nxt, move), move))
        if _spent(states, deadline, max_states):
            return Solution(GAVE_UP, [], states, time.monotonic() - began)
    return Solution(LOST, [], states, time.monotonic() - began)


def _best_first(rules: Rules, start: Position, began: float, deadline: float,
                max_states: int | None, prune: bool) -> Solution:
    """The search, the most promising position first (ties: the one met
    first); each position remembered by the game's key, with the key of
    the one it was reached from and the move, to give the line back."""
    key = rules.solver_key
    moves = Pruning(rules, enabled=prune).moves
    came: dict = {key(start): None}
    count = itertools.count()
    heap = [(0, next(count), start, None)]
    states = 1
    while heap:
        _, _, pos, last = heapq.heappop(heap)
        here = key(pos)
        for move in reversed(moves(pos, last)):
            nxt = rules.apply(pos, move)
            k = key(nxt)
            if k in came:
                continue
            came[k] = (here, move)
            states += 1
            if rules.is_won(nxt):
                line = [move]
                back = came[here]
                while back is not None:
                    line.append(back[1])
                    back = came[back[0]]
                return Solution(WON, line[::-1], states, time.monotonic() - began)
            heapq.heappush(heap, (-promise(rules, nxt), next(count), nxt, move))
            if _spent(states, deadline, max_states):
                return Solution(GAVE_UP, [], states, time.monotonic() - began)
    return Solution(LOST, [], states, time.monotonic() - began)


def _spent(states: int, deadline: float, max_states: int | None) -> bool:
    """Whether the search has used its positions, or (looked at every 32
    positions) its time."""
    if max_states is not None and states >= max_states:
        return True
    return states % 32 == 0 and time.monotonic() > deadline


def promise(rules: Rules, pos: Position) -> int:
    """How near a win a position looks, for the best-first search: the cards
    on the foundations count most; each card lying on a card a foundation
    wants next counts against; each empty tableau pile counts for."""
    home = 0
    wanted = set()
    bases = set()
    for f in rules.foundations:
        pile = pos.piles[f]
        home += len(pile)
        build = rules.specs[f].build
        if build is None:
            continue
        if not pile:
            if build.base:
                bases.add(build.base)
        elif build.sequence is None and build.direction in ("up", "down"):
            nxt = pile[-1].rank + (build.step if build.direction == "up" else -build.step)
            wanted.add((nxt, pile[-1].suit if build.suit == "same" else None))
    depth = empty = 0
    for i in rules.tableau:
        cards = pos.piles[i]
        if not cards:
            empty += 1
            continue
        n = len(cards)
        for k, c in enumerate(cards):
            if c.rank in bases or (c.rank, c.suit) in wanted or (c.rank, None) in wanted:
                depth += n - 1 - k
    return 5 * home - 2 * depth + 3 * empty


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

    (A wider rule, that after a card is laid the next move must touch the
    pile it left or the card laid, is not sound: putting one move off can
    break the rule for the move before it.  The tests hold the solver to the
    unpruned search on whole deals of several games.)
    """

    def __init__(self, rules: Rules, enabled: bool = True) -> None:
        self.rules = rules
        self.open = enabled and rules.layout.rules == "standard" \
            and bool(getattr(rules, "_open_routes", False)) \
            and not (rules.first_claims or rules.foundations_first or rules.grace
                     or rules.onto_latest or rules.refilled_at_deal or rules.filled_from_pack)
        self.tableau = frozenset(rules.tableau)
        self.foundations = frozenset(rules.foundations)
        self.hands = frozenset(
            i for i in rules.sources if rules.specs[i].available == "all"
            and rules.specs[i].build is None and i not in self.tableau) if self.open else frozenset()

    def moves(self, pos: Position, last: Move | None) -> list[Move]:
        """The moves to try, the first to try last (a stack).  The moves open
        are asked without the status's check for a game that only shifts
        cards about: the search keeps its own record of the positions it has
        seen, and that check would cost more than it saves."""
        moves = self.rules.solver_moves(pos, list(self.rules.open_moves(pos)))
        if self.open and last is not None and last.kind == "move" and last.count == 1 \
                and last.dst in self.tableau:
            if last.src in self.hands:
                moves = [m for m in moves if m.kind == "move" and m.dst == last.dst]
            else:
                moves = [m for m in moves if not (m.kind == "move" and m.src == last.dst
                                                  and m.count == 1
                                                  and m.dst not in self.foundations)]
        return list(reversed(moves))


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
    return solve(game.rules, game.start, seconds=seconds, max_states=max_states).result
