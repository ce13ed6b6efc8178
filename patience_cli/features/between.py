"""Cards thrown out from between two that match: the pack dealt card by card
into a row, and the one or two cards lying between two cards of one suit or
one value thrown out, the row closing up (Royal Marriage: "you throw out the
cards which intervene between two cards of the same suit or same value ...
only ... so long as there are but one or two cards between").

Layout: ``play.between`` with ``group``, the row's places in order, and
``most``, how many cards may lie between (2).  Each ``patience deal`` lays
the pack's next card on the first empty place of the row.  Throwing out is a
move between the two matching cards (``patience move 1 4``, either way round,
listed once); the cards between go to the layout's one pile of role
``discard``, and the cards beyond close up.  The game is won when the pack
is dealt out and two cards are left in the row (the Royal Marriage: the king
of hearts beside the queen).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import Card
from ..layout import Role
from ..position import DEAL, Move, MoveKind, Position
from .feature import DealStep, Rules


class Between(DealStep):
    topic = "between"
    keys = ("play.between",)
    plain = False
    either_way = True
    lost_says_all = True

    def __init__(self, rules: Rules, stock: int, out: int) -> None:
        super().__init__(rules)
        rule = rules.layout.play.between
        assert rule is not None  # (built only where the layout names it)
        self.row: tuple[int, ...] = rules.group_piles[rule.group]
        self.most: int = rule.most
        self.stock, self.out = stock, out

    @classmethod
    def build(cls, rules: Rules) -> Between | None:
        if rules.layout.play.between is None:
            return None
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        out = [p.index for p in rules.specs if p.role is Role.DISCARD]
        if len(stock) != 1 or len(out) != 1:
            return None
        return cls(rules, stock[0], out[0])

    def ordered_groups(self) -> set[str]:
        """The row: which cards lie between two that match is read from
        their places in it."""
        return {self.rules.specs[self.row[0]].group}

    # ------------------------------------------------------------ the row
    def cards(self, pos: Position) -> list[Card]:
        """The row's cards, in order."""
        return [pos.piles[i][-1] for i in self.row if pos.piles[i]]

    @staticmethod
    def match(a: Card, b: Card) -> bool:
        return a.suit == b.suit or a.rank == b.rank

    def _spans(self, pos: Position) -> Iterator[tuple[int, int]]:
        """(first, last) places of two matching cards with one to ``most``
        cards between them, the row's places in order."""
        cards = self.cards(pos)
        for i, a in enumerate(cards):
            for gap in range(1, self.most + 1):
                j = i + gap + 1
                if j < len(cards) and self.match(a, cards[j]):
                    yield i, j

    # ------------------------------------------------------------ moves
    def moves(self, pos: Position) -> Iterator[Move]:
        for i, j in self._spans(pos):
            yield Move(MoveKind.MOVE, self.row[i], self.row[j])

    def owns(self, pos: Position, move: Move) -> bool:
        if move.kind != MoveKind.MOVE or move.count != 1 or move.src not in self.row \
                or move.dst not in self.row:
            return False
        i, j = sorted((self.row.index(move.src), self.row.index(move.dst)))
        cards = self.cards(pos)
        return j < len(cards) and 2 <= j - i <= self.most + 1 and self.match(cards[i], cards[j])

    def refusal(self, pos: Position, move: Move) -> str | None:
        if move.src not in self.row or move.dst not in self.row or self.owns(pos, move):
            return None
        cards = self.cards(pos)
        i, j = sorted((self.row.index(move.src), self.row.index(move.dst)))
        if j >= len(cards):
            return f"{self.rules.specs[self.row[j]].the_ref} is empty"
        if j - i < 2:
            return "no card lies between them"
        if j - i > self.most + 1:
            return (f"{j - i - 1} cards lie between them: only one or two between two cards that "
                    "match are thrown out")
        return (f"the {cards[i]} and the {cards[j]} are neither of one suit nor of one value: "
                "nothing between them is thrown out")

    def words(self, pos: Position, move: Move, ascii: bool) -> str | None:
        if not self.owns(pos, move):
            return None
        cards = self.cards(pos)
        i, j = sorted((self.row.index(move.src), self.row.index(move.dst)))
        between = " and ".join(f"the {c.text(ascii)}" for c in cards[i + 1:j])
        return (f"throw out {between}, between the {cards[i].text(ascii)} and the "
                f"{cards[j].text(ascii)}")

    def after_move(self, before: Position, move: Move, after: Position) -> Position:
        if not self.owns(before, move):
            return after
        cards = self.cards(before)
        i, j = sorted((self.row.index(move.src), self.row.index(move.dst)))
        kept = cards[:i + 1] + cards[j:]
        piles = list(before.piles)
        for n, place in enumerate(self.row):
            piles[place] = (kept[n],) if n < len(kept) else ()
        piles[self.out] = before.piles[self.out] + tuple(cards[i + 1:j])
        return Position(tuple(piles), before.down, before.extra)

    # ------------------------------------------------------------ the deal
    def deal_reason(self, pos: Position) -> str | None:
        return None if pos.piles[self.stock] else "the pack is dealt out"

    def apply_deal(self, pos: Position) -> Position:
        place = next(i for i in self.row if not pos.piles[i])
        after = self.rules.transfer(pos, self.stock, place)
        down = list(after.down)
        down[self.stock] = len(after.piles[self.stock])
        return Position(after.piles, tuple(down), after.extra)

    def deal_name(self, pos: Position) -> str:
        place = next((i for i in self.row if not pos.piles[i]), self.row[-1])
        return f"lay the next card of the pack on {self.rules.specs[place].the_ref}"

    def forced(self, pos: Position) -> Move | None:
        """With nothing to throw out, the deal is all there is."""
        if next(iter(self._spans(pos)), None) is None and self.deal_reason(pos) is None:
            return DEAL
        return None

    # ------------------------------------------------------------ status
    def won(self, pos: Position) -> str | None:
        if not pos.piles[self.stock] and len(self.cards(pos)) == 2:
            first, last = self.cards(pos)
            return f"the {last} is reunited with the {first}"
        return None

    def lost_words(self, pos: Position) -> str | None:
        n = len(self.cards(pos)) - 2
        return (f"the pack is dealt out and {n} card{'s' if n != 1 else ''} still lie between "
                "the first and the last, none of them between two cards that match "
                f"with at most {self.most} between")
