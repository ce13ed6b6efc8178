"""A solver for every registered game: one generic search over the engine's
own moves (no I/O).

Solving is *thoughtful*: the solver knows where every card lies, face-down
cards and the order of the pack included, as a player who could see through
the backs would.  It is a depth-first search with a transposition table (a
position met before is not searched again), over the moves the rules allow,
tried in the engine's order (moves to the foundations come first) with a
game's own ordering hook.  It ends with one of three answers:

* ``won``: a line of moves from the position to a won game (it replays
  through the engine, and so through the command line);
* ``lost``: every position reachable was searched and none is won: a proof
  that the game cannot come out from there;
* ``gave up``: the time or the number of positions ran out first.

A game may order or prune moves through the :meth:`Rules.solver_moves` hook
(``Rules`` gets it from :mod:`patience_cli.engine`); pruning must never remove
every move that leads to a win.
"""

from __future__ import annotations

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
          max_states: int | None = None) -> Solution:
    """Search from *start* for a won game; see the module's docstring."""
    began = time.monotonic()
    deadline = began + seconds
    status = rules.status(start)[0]
    if status is not Status.PLAYING:
        return Solution(WON if status is Status.WON else LOST, [], 1, 0.0)
    seen: set[Position] = {start}
    # each frame: the position, the moves still to try from it, the move that led here
    stack: list[tuple[Position, list[Move], Move | None]] = [
        (start, _moves(rules, start), None)]
    states = 1
    while stack:
        pos, todo, _ = stack[-1]
        if not todo:
            stack.pop()
            continue
        move = todo.pop()
        nxt = rules.apply(pos, move)
        if nxt in seen:
            continue
        seen.add(nxt)
        states += 1
        if rules.is_won(nxt):
            line = [frame[2] for frame in stack[1:]] + [move]
            return Solution(WON, [m for m in line if m is not None], states,
                            time.monotonic() - began)
        stack.append((nxt, _moves(rules, nxt), move))
        if states % 32 == 0 and (time.monotonic() > deadline or
                                  (max_states is not None and states >= max_states)):
            return Solution(GAVE_UP, [], states, time.monotonic() - began)
        if max_states is not None and states >= max_states:
            return Solution(GAVE_UP, [], states, time.monotonic() - began)
    return Solution(LOST, [], states, time.monotonic() - began)


def _moves(rules: Rules, pos: Position) -> list[Move]:
    """The moves to try, the first to try last (a stack).  The moves open are
    asked without the status's check for a game that only shifts cards about:
    the search keeps its own record of the positions it has seen, and that
    check would cost more than it saves."""
    return list(reversed(rules.solver_moves(pos, list(rules.open_moves(pos)))))


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
