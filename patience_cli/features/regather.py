"""The tableau gathered up and dealt again (la Belle Lucie's fans, the
Indefatigable's end).

Layout: ``play.regather`` with ``from`` (the groups), ``shuffle``, ``times``
(0: none, ``"unlimited"``), ``stall``, ``last_first``, ``first`` and ``to``
(``piles``, the default: dealt again at once as at the start; ``stock``: laid
back face down as the pack, the first card taken up on top, to be dealt row by
row again: Babette's garden, taken up column by column).

With ``stall = N`` the new deals have no limit but this: the deal that ends
the Nth deal in a row to put no card on a foundation ends the game, lost
(the Indefatigable: "if you have more than once dealt through the stock
without placing a single card, the game is lost").  The cards are not dealt
again then, and no move is open after it: lost is lost, and ``undo`` is the
way back.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from .. import play_settings as settings
from ..layout import Role
from ..position import Move, MoveKind, Position
from .feature import DealStep, Rules
from .talon import redeal_shuffled


class Regather(DealStep):

    provides: ClassVar[frozenset[str]] = frozenset({"regather"})
    deals_again = True
    keys = ("play.regather",)

    def __init__(self, rules: Rules, rule: settings.Regather) -> None:
        super().__init__(rules)
        self.groups = rule.groups
        self.shuffle = rule.shuffle
        self.last_first = rule.last_first
        self.first = rule.first
        self.order = rule.order
        #: where the cards gathered go: dealt again at once, or back into the pack
        self.to_stock = rule.to == "stock"
        #: how often the tableau may be gathered and dealt again (None: without limit)
        self.times = rule.times
        #: the deals in a row that may put no card on a foundation before no
        #: new deal is allowed (None: no such limit)
        self.stall = rule.stall
        #: a game lost by its barren deals says so, and only so
        self.lost_says_all = self.stall is not None
        self._asking = False  # (only_moves asking the engine for the other moves)

    @classmethod
    def build(cls, rules: Rules) -> Regather | None:
        rule = rules.layout.play.regather
        return None if rule is None else cls(rules, rule)

    def dealt(self, pos: Position) -> Position:
        if self.stall is None:
            return pos
        return pos.with_extra(home_at=self.rules.home_count(pos))  # the first deal's count

    def stalls_after_this_deal(self, pos: Position) -> int:
        """How many deals in a row will have put no card on a foundation once
        the one being played now ends."""
        barren = self.rules.home_count(pos) == pos.get("home_at", 0)
        return int(pos.get("stalls", 0)) + 1 if barren else 0

    def ends_game(self, pos: Position) -> bool:
        """Whether the deal taken now would be the one that loses the game:
        this rule's (the pack, if any, dealt out) and the last barren deal
        allowed."""
        stock = self.rules.stock
        return self.stall is not None and (stock is None or not pos.piles[stock]) and \
            self.stalls_after_this_deal(pos) >= self.stall

    def stalled(self, pos: Position) -> bool:
        """Whether the game was lost by a deal that ended too many barren ones."""
        return self.stall is not None and int(pos.get("stalls", 0)) >= self.stall

    def only_moves(self, pos: Position) -> Iterator[Move] | None:
        """None open once the game is lost so; nor where the deal that would
        lose it is the only move left (lost then, without the deal)."""
        if self.stalled(pos):
            return iter(())
        if self.ends_game(pos) and not self._asking:
            self._asking = True  # the other moves, asked of the engine without this rule
            try:
                other = any(m.kind is not MoveKind.DEAL for m in self.rules.open_moves(pos))
            finally:
                self._asking = False
            if not other:
                return iter(())
        return None

    def _stall_words(self) -> str:
        n = self.stall
        return f"{n} deal{'s' if n != 1 else ''} in a row put no card on a foundation"

    def deal_reason(self, pos: Position) -> str | None:
        if self.stalled(pos):
            return f"{self._stall_words()}: the game is lost"
        times = self.times
        if times is not None and int(pos.get("regathered", 0)) >= times:
            return (f"the cards have been gathered and dealt again "
                    f"{'once' if times == 1 else f'{times} times'}: there is no more")
        return None

    def tally(self, pos: Position) -> str | None:
        if self.ends_game(pos):
            return "no card placed since the last deal: one more deal without one loses"
        if self.times is None:
            return "new deals without limit"
        n = self.times - int(pos.get("regathered", 0))
        return f"{n} new deal{'s' if n != 1 else ''} left"

    def apply_deal(self, pos: Position) -> Position:
        """Take up the cards of the groups pile by pile in the layout's order
        (each pile's cards bottom first), shuffle them where the layout says
        so, and deal them again as at the start: each pile its ``deal``
        count, in order, until the cards run out."""
        rules = self.rules
        piles = [list(p) for p in pos.piles]
        down = list(pos.down)
        order = [i for i, spec in enumerate(rules.specs) if spec.group in self.groups]
        taken = order[::-1] if self.last_first else order
        if self.order:  # taken up in the order the layout gives (les Petits Paquets' rows)
            taken = [rules.layout.index_of(n) for n in self.order]
        if self.first is not None:  # taken up from this pile round to the one before it
            at = taken.index(rules.layout.index_of(self.first))
            taken = taken[at:] + taken[:at]
        if self.ends_game(pos):  # the game is lost: nothing is dealt again
            return pos.with_extra(stalls=self.stalls_after_this_deal(pos))
        cards = [c for i in taken for c in piles[i]]
        done = int(pos.get("regathered", 0)) + 1
        stalls = {}
        if self.stall is not None:
            stalls = {"stalls": self.stalls_after_this_deal(pos),
                      "home_at": rules.home_count(pos)}
        if self.shuffle:
            cards = redeal_shuffled(cards, done)
        for i in order:
            piles[i], down[i] = [], 0
        if self.to_stock:  # the pack again, its top card the first taken up
            stock = next(i for i, spec in enumerate(rules.specs) if spec.role is Role.STOCK)
            piles[stock] = cards[::-1] + piles[stock]
            down[stock] = len(piles[stock])
            return Position(tuple(tuple(p) for p in piles), tuple(down),
                            pos.extra).with_extra(regathered=done, **stalls)
        if rules.deals_up:  # dealt again as at the start: cards go up (or aside) as they come
            k = rules.dealing().deal_stepwise(rules, cards, piles, [rules.specs[i] for i in order])
            for i, spec in enumerate(rules.specs):  # a pile laid face down stays so
                if spec.is_face_down and i not in order and spec.role is not Role.STOCK:
                    down[i] = len(piles[i])
        else:
            k = 0
            for i in order:
                n = deal if isinstance(deal := rules.specs[i].deal, int) else 0
                piles[i] = cards[k:k + n]
                k += n
        if k < len(cards):  # more cards than the first deal laid: on the last piles
            piles[order[-1]] = piles[order[-1]] + cards[k:]
        return Position(tuple(tuple(p) for p in piles), tuple(down),
                        pos.extra).with_extra(regathered=done, **stalls)

    def deal_name(self, pos: Position) -> str:
        if self.ends_game(pos):
            return f"gather up the cards: {self._stall_words()}, and the game is lost"
        which = "" if self.times is None else \
            f" ({int(pos.get('regathered', 0)) + 1} of {self.times})"
        return (f"gather up the cards{' and shuffle them' if self.shuffle else ''}"
                f" and deal them again{which}")

    def lost_words(self, pos: Position) -> str | None:
        if self.stalled(pos):
            return f"{self._stall_words()}: the game is lost"
        if self.ends_game(pos):
            return (f"no card can move, and a new deal would make {self._stall_words()}: "
                    "the game is lost")
        return None

    def ordered_groups(self) -> set[str]:
        return set(self.groups)
