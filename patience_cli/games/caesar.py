"""Caesar, from both books (Cadogan no. 32, Hoffmann no. 8): a puzzle, not a
patience.

The nine cards ace to nine (of whatever suits the shuffled pack gives first)
lie in three rows of three, in the order they came; the rest of the pack is
dead.  A move transposes two cards (``patience move 2 4``).  The puzzle is
solved when every row, column and diagonal counts fifteen pips (the ace one):
a magic square, of which there are eight (Hoffmann prints one; the others are
its turns and reflections).  ``patience solve`` lists all eight, each with the
fewest transpositions that reach it from the cards as they lie.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..engine import Move, MoveKind, Position
from ..features.game_rule import GameRule

if TYPE_CHECKING:
    from ..engine import Rules as Engine

#: Hoffmann's "Solution of the Caesar Problem", row by row.
BOOK_SQUARE = (2, 7, 6, 9, 5, 1, 4, 3, 8)

#: The eight lines of the square, by place (0 to 8, row by row), with their names.
LINES = (((0, 1, 2), "the top row"), ((3, 4, 5), "the middle row"),
         ((6, 7, 8), "the bottom row"), ((0, 3, 6), "the left column"),
         ((1, 4, 7), "the middle column"), ((2, 5, 8), "the right column"),
         ((0, 4, 8), "the diagonal from the top left"),
         ((2, 4, 6), "the diagonal from the top right"))


def _turned(square: Sequence[int]) -> tuple[int, ...]:
    """*square* turned a quarter clockwise."""
    return tuple(square[6 - 3 * (i % 3) + i // 3] for i in range(9))


def _mirrored(square: Sequence[int]) -> tuple[int, ...]:
    return tuple(square[3 * (i // 3) + 2 - i % 3] for i in range(9))


def magic_squares() -> tuple[tuple[int, ...], ...]:
    """The eight magic squares of ace to nine: the book's, turned and mirrored."""
    found: list[tuple[int, ...]] = []
    square: tuple[int, ...] = BOOK_SQUARE
    for _ in range(4):
        found += [square, _mirrored(square)]
        square = _turned(square)
    return tuple(sorted(set(found)))


class CaesarRules(GameRule):
    rules: Engine

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        layout = rules.layout
        self.places = tuple(p.index for p in layout.group("place"))
        self._place_set = frozenset(self.places)

    # ------------------------------------------------------------ the deal
    def deal(self, deck: Sequence[Card]) -> Position:
        """The first ace, two ... nine the shuffled pack holds, laid in the
        order they come; the rest dead."""
        chosen: dict[int, Card] = {}
        for card in deck:
            if card.rank <= 9 and card.rank not in chosen:
                chosen[card.rank] = card
        nine = [c for c in deck if chosen.get(c.rank) is c]
        return super().deal(nine + [c for c in deck if not any(c is n for n in nine)])

    # ------------------------------------------------------------ reading
    def ranks(self, pos: Position) -> tuple[int, ...]:
        return tuple(pos.piles[i][-1].rank if pos.piles[i] else 0 for i in self.places)

    def failing(self, pos: Position) -> list[str]:
        """The lines that do not make fifteen, in words."""
        r = self.ranks(pos)
        return [f"{name} makes {sum(r[i] for i in line)}" for line, name in LINES
                if sum(r[i] for i in line) != 15]

    # ------------------------------------------------------------ moves
    def extra_moves(self, pos: Position) -> Iterable[Move]:
        if self.goal_reached(pos):
            return ()
        return (Move(MoveKind.MOVE, a, b) for n, a in enumerate(self.places)
                for b in self.places[n + 1:])

    def is_own_move(self, pos: Position, move: Move) -> bool:
        return move.kind == "move" and move.src in self._place_set and \
            move.dst in self._place_set and move.src != move.dst and move.count == 1 and \
            not self.goal_reached(pos)

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        if move.kind != "move":
            return None
        if move.src not in self._place_set or move.dst not in self._place_set:
            return "in Caesar two of the nine cards change places: name two places, 1 to 9"
        if move.src == move.dst:
            return "name two different places"
        if self.goal_reached(pos):
            return "every line already makes fifteen"
        return None

    def play_own(self, pos: Position, move: Move) -> Position:
        piles = list(pos.piles)
        a, b = move.src, move.dst
        assert a is not None and b is not None  # (two places named: its is_own_move)
        piles[a], piles[b] = piles[b], piles[a]
        return Position(tuple(piles), pos.down, pos.extra)

    # ------------------------------------------------------------ the solver
    def fewest_swaps(self, pos: Position, goal: Sequence[int]) -> list[Move]:
        """The fewest transpositions from *pos* to the square *goal*: each
        puts the card a place wants there, from the first place wrong."""
        ranks = list(self.ranks(pos))
        moves = []
        for i in range(9):
            if ranks[i] != goal[i]:
                j = ranks.index(goal[i], i + 1)
                ranks[i], ranks[j] = ranks[j], ranks[i]
                moves.append(Move(MoveKind.MOVE, self.places[i], self.places[j]))
        return moves

    def solutions(self, pos: Position) -> list[tuple[str, list[Move]]]:
        """Every magic square, with the fewest transpositions to it."""
        return [(" / ".join(" ".join(str(r) for r in goal[k:k + 3]) for k in (0, 3, 6)),
                 self.fewest_swaps(pos, goal)) for goal in magic_squares()]

    def solver_moves(self, pos: Position, moves: list[Move]) -> list[Move]:
        """Only the first transposition towards the nearest magic square:
        every arrangement reaches one, so no other move need be tried."""
        lines = sorted((self.fewest_swaps(pos, goal) for goal in magic_squares()), key=len)
        return [m for m in moves if lines and lines[0] and m == lines[0][0]] or moves

    # ------------------------------------------------------------ status and words
    def goal_reached(self, pos: Position) -> bool:
        return not self.failing(pos)

    def describe(self, pos: Position, move: Move, ascii: bool = False) -> str:
        if move.kind == "move" and move.src in self._place_set and move.dst in self._place_set:
            a, b = pos.piles[move.src][-1], pos.piles[move.dst][-1]
            return (f"transpose the {a.text(ascii)} ({self.rules.specs[move.src].ref}) "
                    f"and the {b.text(ascii)} ({self.rules.specs[move.dst].ref})")
        return super().describe(pos, move, ascii)

    def outcome(self, pos: Position, move: Move, ascii: bool = False,
                after: Position | None = None,
                events: tuple[dict[str, Any], ...] | None = None) -> str:
        if not self.is_own_move(pos, move):
            return super().outcome(pos, move, ascii, after, events)
        text = self.describe(pos, move, ascii)
        after = after if after is not None else self.rules.apply(pos, move)
        wrong = self.failing(after)
        if wrong:
            text += "; not yet fifteen every way: " + ", ".join(wrong)
        return text

    def won_reason(self, pos: Position) -> str:
        return "every row, column and diagonal makes fifteen"


RULES = CaesarRules
