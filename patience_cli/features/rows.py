"""Progressive rows: each deal step lays a row across a group of piles, the
new row blocking the one before (only the lowest card of a column is free),
and a vacancy is refilled from the pack, uppermost rows first, either at the
next pause or the moment it occurs (the Congress's rivers).

Layout: ``play.rows`` with ``group`` (the piles a row is laid across),
``refill`` (``pause``: the next deal step refills every vacancy and does no
more, a new row being dealt only when there is none, a gap left at the top of
a column free at both ends filled there, above its cards: the Parallels; ``immediate``: every
vacancy is refilled as it occurs; ``current``: only the row being dealt is
refilled, as its vacancies occur, a column whose first card was taken away
keeping its gap: the Labyrinth; ``none``: vacancies are never refilled, each
deal lays a new row: Babette's garden) and ``also`` (a group whose piles the
lay-out dealt a card to are refilled too, after the rows: the Congress's
four original help places).  With ``laid_over = true`` a card laid on a
column's card lies exactly over it, in its place: the column keeps its rows,
and the place the card left is a vacancy like any other (the Blockade:
"be careful to place the cards exactly over each other"; the positions of
such cards in their columns are kept in the position's ``over``).
"""

from __future__ import annotations

from .. import play_settings as settings
from ..layout import Role
from ..position import Move, Position
from .feature import DealStep, Rules


class RowDeal(DealStep):
    """What rows dealt across the piles of one group share: the group, the
    pack they are dealt from, the dealing step's turn and its words (the
    rows that refill their vacancies, :class:`ProgressiveRows`, and those
    whose gaps stay, :class:`~patience_cli.features.open_rows.OpenRows`)."""

    topic = "rows"
    plain = False
    words_say_all = True

    def __init__(self, rules: Rules, rule: settings.Rows, stock: int) -> None:
        super().__init__(rules)
        assert rule.group is not None  # (rows across one group: its build says so)
        self.group: str = rule.group
        self.refill = rule.refill
        self.stock = stock
        #: the piles a row is laid across
        self.rows = rules.group_piles[self.group]
        #: whether a card laid on a column's card lies over it in its place
        self.laid_over = rule.laid_over
        also = rule.also
        #: the piles of the ``also`` group that the lay-out dealt to, refilled after the rows
        self.also = tuple(i for i in rules.group_piles.get(also, ())
                          if isinstance(deal := rules.specs[i].deal, int) and deal > 0) \
            if also else ()

    def takes_turn(self, pos: Position) -> bool:
        """While the pack lasts; then a new deal of the rows, where the layout
        has one (``play.regather``), takes the turn."""
        return bool(pos.piles[self.stock]) or self.rules.providing("regather") is None

    def deal_reason(self, pos: Position) -> str | None:
        if not pos.piles[self.stock]:
            return "the pack is exhausted (there is no redeal)"
        return None

    def dealt_words(self, pos: Position, ascii: bool) -> str | None:
        after = self.apply_deal(pos)
        dealt: list[str] = []
        for i in self.rows + self.also:
            new = after.piles[i][len(pos.piles[i]):]
            dealt.extend(f"{c.text(ascii)} to {self.rules.specs[i].ref}" for c in new)
        return f"{self.deal_name(pos)}: " + ", ".join(dealt)

    def ordered_groups(self) -> set[str]:
        return {self.group} | {self.rules.specs[i].group for i in self.also}


class ProgressiveRows(RowDeal):
    keys = ("play.rows",)

    @classmethod
    def build(cls, rules: Rules) -> ProgressiveRows | None:
        rule = rules.layout.play.rows
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        return cls(rules, rule, stock[0]) if rule is not None and rule.group is not None \
            and rule.refill not in ("current", "none") and len(stock) == 1 else None

    def dealt(self, pos: Position) -> Position:
        return pos.with_extra(rows=1)  # the lay-out dealt the first row

    def gaps(self, pos: Position) -> list[tuple[int, bool]]:
        """(``pause`` and ``immediate``) The places to refill, in order: the
        rows' uppermost first, left to right in each row; each a column and
        whether the gap lies above the column's cards (a card taken from a
        column free at both ends: the Parallels), not below them."""
        tops = pos.get("tops") or (0,) * len(self.rows)
        over = pos.get("over") or ((),) * len(self.rows)
        found = []
        for row in range(pos.get("rows", 1)):
            # a pile short by two rows is named once for each row
            for i, gone, laid in zip(self.rows, tops, over):
                if row < gone:
                    found.append((i, True))
                elif row >= gone + len(pos.piles[i]) - len(laid):
                    found.append((i, False))
        return found

    def _laid_over(self, before: Position, move: Move, after: Position) -> Position:
        """(``laid_over``) Keep the places in their columns of the cards that
        lie over another: a card laid on a column's card is one; the card
        taken from a column's end is one no more."""
        over = [set(c) for c in (before.get("over") or ((),) * len(self.rows))]
        src, dst = move.src, move.dst
        if src in self.rows:
            over[self.rows.index(src)].discard(len(before.piles[src]) - 1)
        if dst in self.rows and before.piles[dst]:
            over[self.rows.index(dst)].add(len(before.piles[dst]))
        found = tuple(tuple(sorted(c)) for c in over)
        extra = dict(after.extra)
        if any(found):
            extra["over"] = found
        else:
            extra.pop("over", None)
        return after._replace(extra=tuple(sorted(extra.items())))

    def vacancies(self, pos: Position) -> list[int]:
        """The piles to refill from the pack, in order: the rows' uppermost
        first (left to right in each row), then the ``also`` piles."""
        if self.refill == "none":
            return []
        if self.refill == "current":  # the row being dealt: a column short of it
            tops = pos.get("tops") or (0,) * len(self.rows)
            return [i for i, gone in zip(self.rows, tops)
                    if len(pos.piles[i]) + gone < pos.get("rows", 1)]
        return [i for i, _ in self.gaps(pos)] + [i for i in self.also if not pos.piles[i]]

    def after_move(self, before: Position, move: Move, after: Position) -> Position:
        """(``current``) Count the cards taken from a column's top: the rows
        they stood in stay gaps, never refilled."""
        if self.laid_over and move.count == 1:
            after = self._laid_over(before, move, after)
        src = move.src
        if self.refill in ("none", "immediate") or src not in self.rows \
                or len(before.piles[src]) < 2 \
                or move.card is None or before.piles[src][-1] == move.card:
            return after
        tops = list(before.get("tops") or (0,) * len(self.rows))
        tops[self.rows.index(src)] += 1
        return after.with_extra(tops=tuple(tops))

    def settle(self, pos: Position) -> Position:
        if self.refill in ("immediate", "current") and self.vacancies(pos) and \
                pos.piles[self.stock]:
            return self.apply_deal(pos)  # refills, as there are vacancies
        return pos

    def apply_deal(self, pos: Position) -> Position:
        piles, down = list(pos.piles), list(pos.down)
        stock = list(piles[self.stock])
        rows = pos.get("rows", 1)
        if self.refill in ("pause", "immediate") and self.gaps(pos):
            # the gaps, uppermost rows first: one above a column's cards goes
            # back above them (its cards laid above in the order they come)
            tops = list(pos.get("tops") or (0,) * len(self.rows))
            above: dict[int, list] = {}
            for i, top in self.gaps(pos):
                if not stock:
                    break
                if top:
                    above.setdefault(i, []).append(stock.pop())
                    tops[self.rows.index(i)] -= 1
                else:
                    piles[i] = piles[i] + (stock.pop(),)
            for i, cards in above.items():
                piles[i] = tuple(cards) + piles[i]
            for i in self.also:
                if not piles[i] and stock:
                    piles[i] = (stock.pop(),)
            piles[self.stock] = tuple(stock)
            down[self.stock] = len(stock)
            after = Position(tuple(piles), tuple(down), pos.extra)
            return after.with_extra(tops=tuple(tops)) if pos.get("tops") else after
        todo = self.vacancies(pos)
        if not todo:
            todo = list(self.rows)
            rows += 1
        for i in todo:
            if not stock:
                break
            piles[i] = piles[i] + (stock.pop(),)
        piles[self.stock] = tuple(stock)
        down[self.stock] = len(stock)
        return Position(tuple(piles), tuple(down), pos.extra).with_extra(rows=rows)

    def deal_name(self, pos: Position) -> str:
        todo = self.vacancies(pos)
        if not pos.piles[self.stock]:
            return "the pack is exhausted"
        if todo:
            n = len(todo)
            return f"refill {n} vacanc{'y' if n == 1 else 'ies'} from the pack, uppermost rows first"
        heading = self.rules.specs[self.rows[0]].heading or f"{self.rules.specs[self.rows[0]].name}s"
        return f"deal row {pos.get('rows', 1) + 1} of the {heading.lower()}"



class ProgressiveCircles(DealStep):
    """Rows that are groups of their own, each laid in its places (the
    Shah's circles of the star, each blocking the one inside it: the
    places' ``blocked_by``): the lay-out deals the first, each deal step the
    next.  While rows are still to be laid, a place emptied is filled at once
    from the pack (the Shah: "if any of these are suitable, play them,
    filling the spaces at once from the cards in your hand"), each as it is
    emptied; once all are laid, a deal step that finds vacancies refills them
    all, the first row's first, from the ``from`` groups (the talon's top
    card, then the pack's next), and does no more."""

    topic = "rows"
    keys = ("play.rows.groups",)
    plain = False
    words_say_all = True

    def __init__(self, rules: Rules, rule: settings.Rows) -> None:
        super().__init__(rules)
        #: each row's piles, the first row (laid by the lay-out) first
        self.rows = tuple(rules.group_piles[g] for g in rule.groups)
        #: the single piles vacancies are filled from, in order of preference
        self.sources = tuple(rules.group_piles[g][0] for g in rule.sources)

    @classmethod
    def build(cls, rules: Rules) -> ProgressiveCircles | None:
        rule = rules.layout.play.rows
        return cls(rules, rule) if rule is not None and rule.groups else None

    def dealt(self, pos: Position) -> Position:
        return pos.with_extra(rows=1)  # the lay-out dealt the first row

    def settle(self, pos: Position) -> Position:
        """While rows are still to be laid, an emptied place takes the
        pack's next card at once."""
        rules = self.rules
        if pos.get("rows", 1) >= len(self.rows) or rules.stock is None:
            return pos
        for i in self.vacancies(pos):
            if not pos.piles[rules.stock]:
                break
            pos = rules.transfer(pos, rules.stock, i)
        return pos

    def vacancies(self, pos: Position) -> list[int]:
        """The empty places of the rows laid so far, the first row's first."""
        return [i for row in self.rows[:pos.get("rows", 1)] for i in row if not pos.piles[i]]

    def source(self, pos: Position) -> int | None:
        return next((s for s in self.sources if pos.piles[s]), None)

    def takes_turn(self, pos: Position) -> bool:
        """While a row is still to be laid or a vacancy to be filled, and
        there is a card to do it with."""
        if pos.get("rows", 1) < len(self.rows):
            stock = self.rules.stock
            assert stock is not None  # (the rows still to be laid come from the pack)
            return bool(pos.piles[stock]) or bool(self.vacancies(pos))
        return bool(self.vacancies(pos)) and self.source(pos) is not None

    def apply_deal(self, pos: Position) -> Position:
        rules = self.rules
        todo = self.vacancies(pos)
        rows = pos.get("rows", 1)
        if not todo:  # the next row, from the pack
            stock = rules.stock
            assert stock is not None  # (the rows still to be laid come from the pack)
            for i in self.rows[rows]:
                if pos.piles[stock]:
                    pos = rules.transfer(pos, stock, i)
            return pos.with_extra(rows=rows + 1)
        for i in todo:
            source = self.source(pos)
            if source is None:
                break
            pos = rules.transfer(pos, source, i)
        return pos

    def deal_reason(self, pos: Position) -> str | None:
        if self.source(pos) is None:
            return "the pack is exhausted (there is no redeal)"
        return None

    def _row_name(self, k: int) -> str:
        spec = self.rules.specs[self.rows[k][0]]
        return (spec.heading or spec.name).lower()

    def deal_name(self, pos: Position) -> str:
        todo = self.vacancies(pos)
        if todo:
            n = len(todo)
            return (f"refill {n} vacanc{'y' if n == 1 else 'ies'}, the "
                    f"{self._row_name(0)} first, from the "
                    f"{self.rules.group_names([self.rules.specs[s].group for s in self.sources])}")
        return f"deal the {self._row_name(pos.get('rows', 1))}"

    def dealt_words(self, pos: Position, ascii: bool) -> str | None:
        after = self.apply_deal(pos)
        dealt: list[str] = []
        for row in self.rows:
            for i in row:
                new = after.piles[i][len(pos.piles[i]):]
                dealt.extend(f"{c.text(ascii)} to {self.rules.specs[i].ref}" for c in new)
        return f"{self.deal_name(pos)}: " + ", ".join(dealt)

    def ordered_groups(self) -> set[str]:
        return {self.rules.specs[row[0]].group for row in self.rows}
