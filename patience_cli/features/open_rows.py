"""Rows dealt one under another whose gaps stay where they fall (the
Labyrinth, Babette): a card is free when no card lies below it in its column
(or, where the column's ``available`` is ``ends``, none above it either), so
a gap anywhere frees the card above it, however many rows are dealt below.

Layout: ``play.rows`` with ``refill = "current"`` or ``"none"`` (Babette:
"vacancies in the garden are not to be refilled", each new row laid "in its
proper detached line").  Each ``patience deal`` lays the next row below all
the others.  With ``"current"``, a gap in the row being dealt may be
filled from the pack, by the player, when he chooses (``patience move PACK
COLUMN``: Rule III, "you can only refill vacancies in the lowest row"), so
that he may first play the card above it that its removal set free ("each
row completely blocking the preceding one unless the removal of a card
releases the one above it"); a gap in any other row stays for good.

A column's cards keep their rows in the position's ``at`` (for each column,
the rows its cards lie in, from the top): a card laid in the row being
dealt under a gap leaves the gap between it and the cards above.
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import play_settings as settings
from ..cards import Card
from ..layout import Role
from ..position import Move, MoveKind, Position
from .feature import Rules
from .rows import RowDeal


class OpenRows(RowDeal):
    keys = ("play.rows (refill = \"current\" or \"none\")",)

    def __init__(self, rules: Rules, rule: settings.Rows, stock: int) -> None:
        super().__init__(rules, rule, stock)
        self._column = {p: k for k, p in enumerate(self.rows)}
        #: whether a card with no card above it is free too (the Labyrinth's Rule II)
        self.free_above = {p: rules.specs[p].available == "ends" for p in self.rows}

    @classmethod
    def build(cls, rules: Rules) -> OpenRows | None:
        rule = rules.layout.play.rows
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        if rule is None or rule.group is None or rule.refill not in ("current", "none") \
                or len(stock) != 1:
            return None
        return cls(rules, rule, stock[0])

    # ------------------------------------------------------------ the rows of the cards
    def rows_of(self, pos: Position, pile: int) -> tuple[int, ...]:
        """The rows the cards of column *pile* lie in, its first card's first
        (a position made without them: the cards one under another from the
        top, below the gaps its ``tops`` names)."""
        at = pos.get("at")
        k = self._column[pile]
        if at is not None:
            return at[k]
        tops = pos.get("tops") or (0,) * len(self.rows)
        return tuple(range(tops[k], tops[k] + len(pos.piles[pile])))

    def _with_rows(self, pos: Position, changed: dict[int, tuple[int, ...]]) -> Position:
        at = [changed.get(p, self.rows_of(pos, p)) for p in self.rows]
        return pos.with_extra(at=tuple(at))

    def dealt(self, pos: Position) -> Position:
        pos = pos.with_extra(rows=1)
        return self._with_rows(pos, {})

    def settle(self, pos: Position) -> Position:
        """Keep the rows in step with a column changed by another rule (a
        card gone up by itself as it was dealt: the cards taken are the
        lowest)."""
        if pos.get("at") is None:
            return pos
        changed = {}
        for p in self.rows:
            rows = self.rows_of(pos, p)
            if len(rows) != len(pos.piles[p]):
                n = len(pos.piles[p])
                changed[p] = rows[:n] if len(rows) > n else \
                    rows + tuple(range(pos.get("rows", 1) - (n - len(rows)), pos.get("rows", 1)))
        return self._with_rows(pos, changed) if changed else pos

    def free_cards(self, pos: Position, index: int) -> list[Card] | None:
        if index not in self._column:
            return None
        rows = self.rows_of(pos, index)
        taken = set(rows)
        above = self.free_above[index]
        down = pos.down[index]
        return [card for k, (card, r) in enumerate(zip(pos.piles[index], rows))
                if k >= down and (r + 1 not in taken or above and r - 1 not in taken)]

    def unavailable_words(self, pos: Position, src: int) -> str | None:
        if src not in self._column:
            return None
        if self.free_above[src]:
            return " (a card of a column is free with no card above it or none below it)"
        return " (a card of a column is free with no card below it)"

    # ------------------------------------------------------------ the row being dealt
    def gap_columns(self, pos: Position) -> list[int]:
        """The columns with a gap in the row being dealt, left to right (none
        where no gap is ever refilled)."""
        if self.refill == "none":
            return []
        current = pos.get("rows", 1) - 1
        return [p for p in self.rows if current not in self.rows_of(pos, p)]

    def vacancies(self, pos: Position) -> list[int]:
        return self.gap_columns(pos)

    def moves(self, pos: Position) -> Iterable[Move]:
        if not pos.piles[self.stock]:
            return ()
        return [Move(MoveKind.MOVE, self.stock, p) for p in self.gap_columns(pos)]

    def owns(self, pos: Position, move: Move) -> bool:
        return move.kind == MoveKind.MOVE and move.src == self.stock and move.card is None \
            and move.count == 1 and bool(pos.piles[self.stock]) \
            and move.dst in self.gap_columns(pos)

    def stock_refusal(self, pos: Position, move: Move) -> str | None:
        if move.dst not in self._column or move.card is not None or move.count != 1:
            return None
        if not pos.piles[self.stock]:
            return "the pack is exhausted"
        row = pos.get("rows", 1)
        return (f"only a gap in the row being dealt (row {row}) is filled from the pack, "
                f"and {self.rules.specs[move.dst].the_ref} has its card there")

    def words(self, pos: Position, move: Move, ascii: bool) -> str | None:
        if move.src != self.stock or move.dst not in self._column:
            return None
        return (f"fill the gap of {self.rules.specs[move.dst].ref} in row "
                f"{pos.get('rows', 1)} with the next card of the pack")

    def after_move(self, before: Position, move: Move, after: Position) -> Position:
        """The rows of the columns a card left or was laid in."""
        changed = {}
        src, dst = move.src, move.dst
        if src in self._column:
            pile, rows = before.piles[src], self.rows_of(before, src)
            card = move.card
            # the card transfer takes: the last, or the last of the named card's kind
            i = len(pile) - 1 if card is None or pile[-1] == card else \
                len(pile) - 1 - pile[::-1].index(card)
            changed[src] = rows[:i] + rows[i + 1:]
        if dst in self._column and src == self.stock:
            changed[dst] = self.rows_of(before, dst) + (before.get("rows", 1) - 1,)
        return self._with_rows(after, changed) if changed else after

    # ------------------------------------------------------------ the deal
    def apply_deal(self, pos: Position) -> Position:
        """The next row, below all the others: a card to each column."""
        piles, down = list(pos.piles), list(pos.down)
        stock = list(piles[self.stock])
        row = pos.get("rows", 1)
        changed = {}
        for p in self.rows:
            if not stock:
                break
            piles[p] = piles[p] + (stock.pop(),)
            changed[p] = self.rows_of(pos, p) + (row,)
        piles[self.stock] = tuple(stock)
        down[self.stock] = len(stock)
        after = Position(tuple(piles), tuple(down), pos.extra).with_extra(rows=row + 1)
        return self._with_rows(after, changed)

    def deal_name(self, pos: Position) -> str:
        if not pos.piles[self.stock]:
            return "the pack is exhausted"
        heading = self.rules.specs[self.rows[0]].heading or \
            f"{self.rules.specs[self.rows[0]].name}s"
        return f"deal row {pos.get('rows', 1) + 1} of the {heading.lower()}"
