"""The pack dealt a card at a time onto the latest pile of a group, a king
starting the next (the Salic Law, the Fairie Queen).

Layout: ``play.onto_latest`` with ``group``, ``routes`` (ranks sent to the
first empty pile of another group), ``up_at_once`` (any card a foundation
takes goes up as it is dealt) and ``build_after_deal`` (while the pack
lasts, cards go only to the foundations).
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import play_settings as settings
from ..cards import RANK_TEXT, Card
from ..layout import Role
from ..position import DEAL, Position, Refusal
from .feature import DealStep, Rules


class OntoLatest(DealStep):
    reads_suits = False
    topic = "onto-latest"
    keys = ("play.onto_latest",)
    plain = False
    words_say_all = True

    def __init__(self, rules: Rules, rule: settings.OntoLatest, stock: int) -> None:
        super().__init__(rules)
        self.group = rule.group
        self.routes = rule.routes
        self.up_at_once = rule.up_at_once
        self.build_after_deal = rule.build_after_deal
        self.restricts_routes = self.build_after_deal
        self.stock = stock
        # Where the piles a king or a routed card starts are emptied by no move (each
        # king heads its pile and never moves, the routed cards are set out for show:
        # the Salic Law, the Fairie Queen), a card up sooner only sends more of the
        # cards dealt after it up at once, fewer onto the latest pile: no harm.
        specs = [rules.specs[i] for g in (self.group, *self.routes.values())
                 for i in rules.group_piles[g]]
        self.reads_cards_left = not all(
            s.role is Role.DECORATION or (s.build is not None and s.build.alone) for s in specs)

    @classmethod
    def build(cls, rules: Rules) -> OntoLatest | None:
        rule = rules.layout.play.onto_latest
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        return cls(rules, rule, stock[0]) if rule is not None and len(stock) == 1 else None

    def dealing(self, pos: Position) -> bool:
        """Whether the pack is still being dealt, where cards go only to the
        foundations meanwhile (``build_after_deal``)."""
        return self.build_after_deal and bool(pos.piles[self.stock])

    # ------------------------------------------------------------ the deal step
    def deal_reason(self, pos: Position) -> str | None:
        return None if pos.piles[self.stock] else "the pack is dealt out (there is no redeal)"

    def apply_deal(self, pos: Position) -> Position:
        """The pack's next card: a king starts the next pile of the group; a
        card whose rank ``routes`` sends to a group goes to its first empty
        pile; a card that starts a foundation goes to its place (with
        ``up_at_once``, any card a foundation takes goes up); any other card
        onto the latest pile the group has begun."""
        rules = self.rules
        card = pos.piles[self.stock][-1]
        group = rules.group_piles[self.group]
        routed = self.routes.get(RANK_TEXT[card.rank])
        empty = [i for i in (rules.group_piles[routed] if routed else ()) if not pos.piles[i]]
        dst: int | None
        if card.rank == 13 and any(not pos.piles[i] for i in group):
            dst = next(i for i in group if not pos.piles[i])
        elif empty:
            dst = empty[0]
        else:
            dst = next((f for f in rules.foundations
                        if (self.up_at_once or not pos.piles[f]) and rules.fits(pos, card, f)),
                       None)
            if dst is None:
                dst = max((i for i in group if pos.piles[i]), default=group[0])
        return rules.transfer(pos, self.stock, dst)

    def deal_name(self, pos: Position) -> str:
        return "deal the next card of the pack (onto the latest king's pile)"

    def dealt_words(self, pos: Position, ascii: bool) -> str | None:
        if not pos.piles[self.stock]:
            return None
        card = pos.piles[self.stock][-1]
        landed = self.apply_deal(pos)
        dst = next(i for i, (a, b) in enumerate(zip(pos.piles, landed.piles)) if len(b) > len(a))
        return f"dealt the {card.text(ascii)} to {self.rules.specs[dst].ref}"

    # ------------------------------------------------------------ while dealing
    def narrow_targets(self, pos: Position,
                       groups: Sequence[tuple[int, ...]]) -> Sequence[tuple[int, ...]]:
        return groups[:1] if self.dealing(pos) else groups  # the foundations only

    def route_allows(self, pos: Position, src: int, dst: int, card: Card) -> bool:
        return not (self.rules.specs[dst].role is not Role.FOUNDATION and self.dealing(pos))

    def route_refusal(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        if self.dealing(pos) and self.rules.specs[dst].role is not Role.FOUNDATION:
            return Refusal("while the pack is being dealt, cards go only to the foundations",
                           DEAL)
        return None

    def ordered_groups(self) -> set[str]:
        return {self.group}

    def reads_places(self, pos: Position) -> bool:
        return bool(pos.piles[self.stock])  # the latest king, while the pack is dealt
