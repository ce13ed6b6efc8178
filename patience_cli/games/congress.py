"""The Congress (Cadogan no. 42).

The eight aces are withdrawn as foundations, built up in suit.  Four help cards
are dealt in a line, then a row of eight, the first of the rivers.  Each new row
of eight is dealt below the last and blocks it (Rule V): in each river (a
column) only the lowest card is free, and taking it frees the one above.

* Rivers marry downwards in suit onto the helps, never the reverse (Rule II);
  helps marry downwards in suit onto each other (Rule III); only the top card
  of a help packet is free (Rule IV).
* The pack deals one step at a time: first the vacancies are refilled, the
  uppermost rows of the rivers first, then the empty helps; when there is no
  vacancy, the next row of eight is dealt.
* Once the pack is out there may be up to eight help packets: any free river
  card may start a help packet on an empty help place.
"""

from __future__ import annotations

from ..cards import Card
from ..engine import DEAL, Move, Position, Refusal, Rules
from ..layout import Layout
from ..layout_schema import integer, one_of

ACE = 1


#: This game's own settings (the layout's ``[game]`` table), checked when the
#: layout is loaded.
SETTINGS = {"original_helps": integer(1, 8), "refill": one_of("pause", "immediate")}

class CongressRules(Rules):
    has_deal_step = True

    def __init__(self, layout: Layout) -> None:
        super().__init__(layout)
        self.rivers = tuple(p.index for p in layout.group("river"))
        self.helps = tuple(p.index for p in layout.group("help"))
        self.first_helps = self.helps[:int(layout.game.get("original_helps", 4))]
        #: "pause" (the default): vacancies wait for the next 'deal';
        #: "immediate" (the variant): every vacancy is refilled as it occurs
        self.refill = layout.game.get("refill", "pause")

    # ------------------------------------------------------------ the deal
    def initial_extra(self, pos: Position) -> Position:
        """The layout withdraws the aces and deals the helps and the first row."""
        return pos.with_extra(rows=1)

    # ------------------------------------------------------------ reading
    def vacancies(self, pos: Position) -> list[int]:
        """The piles to refill from the pack, in order: the rivers' uppermost
        rows first (left to right in each row), then the empty helps."""
        order = []
        for row in range(pos.get("rows", 1)):
            # a river short by two rows is named once for each row
            order.extend(i for i in self.rivers if len(pos.piles[i]) <= row)
        order.extend(i for i in self.first_helps if not pos.piles[i])
        return order

    def pack_out(self, pos: Position) -> bool:
        return not pos.piles[self.stock]

    # ------------------------------------------------------------ where cards go
    def route_reason(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        if dst in self.helps:
            if src in self.helps and not pos.piles[dst]:
                return "a help packet is started only with a card from the rivers"
            if not pos.piles[dst]:
                if not self.pack_out(pos):
                    if dst in self.first_helps:
                        return Refusal("while the pack lasts an empty help place is "
                                       "refilled from the pack", DEAL)
                    return ("new help packets may be started only once the pack is "
                            "exhausted")
        return None

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        if move.kind == "move" and move.dst in self.rivers and move.src != move.dst:
            return "nothing is placed on the rivers: cards marry only onto the helps (rule 2)"
        return None

    # ------------------------------------------------------------ the pack
    def deal_reason(self, pos: Position) -> str | None:
        if not pos.piles[self.stock]:
            return "the pack is exhausted (there is no redeal)"
        return None

    def settle(self, pos: Position) -> Position:
        if self.refill == "immediate" and self.vacancies(pos) and pos.piles[self.stock]:
            return self.apply_deal(pos)  # refills, as there are vacancies
        return pos

    def apply_deal(self, pos: Position) -> Position:
        piles, down = list(pos.piles), list(pos.down)
        stock = list(piles[self.stock])
        todo = self.vacancies(pos)
        rows = pos.get("rows", 1)
        if not todo:
            todo = list(self.rivers)
            rows += 1
        for i in todo:
            if not stock:
                break
            piles[i] = piles[i] + (stock.pop(),)
        piles[self.stock] = tuple(stock)
        down[self.stock] = len(stock)
        return Position(tuple(piles), tuple(down), pos.extra).with_extra(rows=rows)

    def deal_step_name(self, pos: Position) -> str:
        todo = self.vacancies(pos)
        if not pos.piles[self.stock]:
            return "the pack is exhausted"
        if todo:
            n = len(todo)
            return f"refill {n} vacanc{'y' if n == 1 else 'ies'} from the pack, uppermost rows first"
        return f"deal row {pos.get('rows', 1) + 1} of the rivers"

    def outcome(self, pos: Position, move: Move, ascii: bool = False,
                after: Position | None = None) -> str:
        if move.kind != "deal":
            text = super().outcome(pos, move, ascii)
            after = after if after is not None else self.apply(pos, move)
            plain = self.transfer(pos, move.src, move.dst)
            new = [f"{c.text(ascii)} to {self.specs[i].ref}" for i in self.rivers + self.first_helps
                   for c in after.piles[i][len(plain.piles[i]):]]
            return text + ("; refilled: " + ", ".join(new) if new else "")
        after = after if after is not None else self.apply_deal(pos)
        dealt = []
        for i in self.rivers + self.first_helps:
            new = after.piles[i][len(pos.piles[i]):]
            dealt.extend(f"{c.text(ascii)} to {self.specs[i].ref}" for c in new)
        return f"{self.deal_step_name(pos)}: " + ", ".join(dealt)


RULES = CongressRules
