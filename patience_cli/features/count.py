"""A count called aloud as the pack is dealt: a card that answers to the
value called is thrown out (the Talkative: "counting aloud as you do so,
one, two, three ... king :— one, two, and so on.  Whenever the card turned
up chances to correspond with the number called, you throw it aside"; the
Harvest, with a piquet pack, counting "seven" to "ace").

Layout: ``play.count`` with ``calls``, the ranks called in turn, over and
over; and ``restart`` (``true``: after a card answers, the count begins
again at its first call, the Harvest's "starting with the next card, you
again begin to count 'seven'"; by default it goes on).  The layout has a
pile of role ``stock`` (the pack), one of role ``talon`` (the waste-heap the
cards that do not answer fall to) and one of role ``discard`` (the cards
thrown out).  Each ``patience deal`` turns one card and calls it; once the
pack is out, the waste-heap is taken up, its order undisturbed, and dealt
again, the count going on from where it stopped, as often as the player
likes.  The game is won when every card is thrown out, and lost when a new
deal through the waste-heap would begin with a call that an earlier one
began with since the last card was thrown out: the cards lie in the same
order, so it would go as that one did, and so on for ever (the Harvest's
"the first card will again be seven, and the same result will necessarily
be repeated").  Nothing is left to choose: ``auto`` plays the game out.
"""

from __future__ import annotations

from ..cards import RANK_NOUN
from ..layout import Role
from ..position import DEAL, Move, Position
from .feature import DealStep, Rules


class CalledCount(DealStep):
    topic = "count"
    keys = ("play.count",)
    plain = False
    lost_says_all = True

    def __init__(self, rules: Rules, stock: int, waste: int, out: int) -> None:
        super().__init__(rules)
        rule = rules.layout.play.count
        assert rule is not None  # (built only where the layout names it)
        self.calls: tuple[int, ...] = rule.calls
        self.restart: bool = rule.restart
        self.stock, self.waste, self.out = stock, waste, out

    @classmethod
    def build(cls, rules: Rules) -> CalledCount | None:
        if rules.layout.play.count is None:
            return None
        of = {role: [p.index for p in rules.specs if p.role is role]
              for role in (Role.STOCK, Role.TALON, Role.DISCARD)}
        if any(len(found) != 1 for found in of.values()):
            return None
        return cls(rules, of[Role.STOCK][0], of[Role.TALON][0], of[Role.DISCARD][0])

    # ------------------------------------------------------------ the count
    @staticmethod
    def call(pos: Position) -> int:
        """The place in ``calls`` of the next value called."""
        return int(pos.get("call", 0))

    def called(self, pos: Position) -> str:
        """The next value called, as it is said aloud ("seven", "knave")."""
        rank = self.calls[self.call(pos)]
        return "two" if rank == 2 else RANK_NOUN[rank]

    def repeats(self, pos: Position) -> bool:
        """Whether taking up the waste-heap now would begin a deal that one
        since the last card thrown out began with the same call."""
        return not pos.piles[self.stock] and self.call(pos) in pos.get("begun", ())

    def dealt(self, pos: Position) -> Position:
        return pos.with_extra(call=0, begun=(0,))

    # ------------------------------------------------------------ the step
    def deal_reason(self, pos: Position) -> str | None:
        if pos.piles[self.stock]:
            return None
        if not pos.piles[self.waste]:
            return "every card is thrown out"
        if self.repeats(pos):
            return self._repeat_words(pos)
        return None

    def _repeat_words(self, pos: Position) -> str:
        n = len(pos.piles[self.waste])
        return (f"the {n} card{'s' if n != 1 else ''} left would be called over from "
                f"'{self.called(pos)}' in the same order as in an earlier deal since the last "
                "card was thrown out, when none answered: the game would repeat for ever")

    def apply_deal(self, pos: Position) -> Position:
        i = self.call(pos)
        if not pos.piles[self.stock]:  # the waste-heap taken up, its order undisturbed
            piles, down = list(pos.piles), list(pos.down)
            piles[self.stock], piles[self.waste] = tuple(reversed(piles[self.waste])), ()
            down[self.stock], down[self.waste] = len(piles[self.stock]), 0
            return Position(tuple(piles), tuple(down), pos.extra).with_extra(
                begun=(*pos.get("begun", ()), i))
        card = pos.piles[self.stock][-1]
        answers = card.rank == self.calls[i]
        after = self.rules.transfer(pos, self.stock, self.out if answers else self.waste)
        down = list(after.down)
        down[self.stock] = min(down[self.stock], len(after.piles[self.stock]))
        after = Position(after.piles, tuple(down), after.extra)
        if answers:
            return after.with_extra(call=0 if self.restart else (i + 1) % len(self.calls),
                                    begun=())
        return after.with_extra(call=(i + 1) % len(self.calls))

    def deal_name(self, pos: Position) -> str:
        if pos.piles[self.stock]:
            return f"turn the next card of the pack, calling '{self.called(pos)}'"
        return (f"take up the {self.rules.specs[self.waste].ref} and deal it again, calling "
                f"'{self.called(pos)}' first")

    def dealt_words(self, pos: Position, ascii: bool) -> str | None:
        if not pos.piles[self.stock]:
            return None
        card = pos.piles[self.stock][-1]
        said = f"called '{self.called(pos)}' to the {card.text(ascii)}"
        if card.rank == self.calls[self.call(pos)]:
            return f"{said}: it answers and is thrown out"
        return f"{said}, laid on {self.rules.specs[self.waste].the_ref}"

    # ------------------------------------------------------------ status
    def forced(self, pos: Position) -> Move | None:
        return DEAL if self.deal_reason(pos) is None else None

    def tally(self, pos: Position) -> str | None:
        return f"next call: '{self.called(pos)}'"

    def lost_words(self, pos: Position) -> str | None:
        return self._repeat_words(pos) if self.repeats(pos) else None
