"""The pack turned card by card onto a talon, with redeals.

Layout: a pile of role ``stock`` and one of role ``talon``; ``play.redeals``
(how often the talon may be taken up as a new pack; ``"unlimited"``: as long
as each deal through the pack places a card, the Zodiac's "re-dealt as often
as required") and
``play.redeal_shuffle`` (whether it is shuffled then, as the Sultan's).  The
talon's ``deal_up``: a card turned goes up at once to a foundation that takes
it, as a card dealt to the lay-out does (Robert: "you lay this card upon the
ten ... [or] throw it aside to a waste-heap").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..cards import Card
from ..digest import sha256
from ..layout import Role
from ..position import Move, Position
from .feature import DealStep, Feature, Rules


class Talon(DealStep):

    provides: ClassVar[frozenset[str]] = frozenset({"talon", "holds-nothing", "placed-safe", "turn-safe",
                                                   "unwind-safe"})
    keys = ("play.redeals", "play.redeal_shuffle", "piles[].deal_up (the talon)")
    place_blind = True
    _dead: bool | None = None  # whether its cards stay for good once no redeal is left

    def __init__(self, rules: Rules, stock: int, talon: int) -> None:
        super().__init__(rules)
        self.stock, self.talon = stock, talon
        self.redeals = rules.layout.play.redeals
        self.shuffle = rules.layout.play.redeal_shuffle
        self.reads_suits = self.shuffle  # (the shuffle is drawn from the cards)
        # a pass that places no card ends the game where the redeals are
        # unlimited: a card kept back to place in a later pass may keep it going
        self.reads_cards_left = self.shuffle or self.redeals is None
        #: whether a refill changes its sources once the pack is being dealt
        #: (a pile's ``refill.after_deal``): the first card turned is kept
        self.tracks_dealing = any(p.refill is not None and p.refill.after_deal is not None
                                  for p in rules.specs)

    @classmethod
    def build(cls, rules: Rules) -> Talon | None:
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        talon = [p.index for p in rules.specs if p.role is Role.TALON]
        if len(stock) == 1 and len(talon) == 1:
            return cls(rules, stock[0], talon[0])
        return None

    def used(self, pos: Position) -> int:
        return int(pos.get("redeals", 0))

    def dealt(self, pos: Position) -> Position:
        if self.redeals is not None:
            return pos
        return pos.with_extra(pass_size=len(pos.piles[self.stock]))  # the first deal's pack

    def barren(self, pos: Position) -> bool:
        """Whether the deal through the pack just ended placed no card: the
        talon holds every card the pack held at its start."""
        return len(pos.piles[self.talon]) >= int(pos.get("pass_size", 0))

    def deal_reason(self, pos: Position) -> str | None:
        if pos.piles[self.stock]:
            return None
        if not pos.piles[self.talon]:
            return "the pack is dealt out and the talon is empty"
        if self.redeals is None:
            return ("the last deal through the pack placed no card: a redeal would place none"
                    if self.barren(pos) else None)
        if self.redeals == 0:
            return "the pack is dealt out and there is no redeal"
        if self.used(pos) >= self.redeals:
            n = self.redeals
            return (f"the pack is dealt out and the {'redeal is' if n == 1 else f'{n} redeals are'}"
                    " used")
        return None

    def apply_deal(self, pos: Position) -> Position:
        """Turn the top card of the pack onto the talon; when the pack is out,
        take up the talon as the new pack (shuffled where the book says so)."""
        piles, down = list(pos.piles), list(pos.down)
        stock, talon = piles[self.stock], piles[self.talon]
        if stock:
            piles[self.stock], piles[self.talon] = stock[:-1], talon + stock[-1:]
            down[self.stock] = min(down[self.stock], len(stock) - 1)
            if self.rules.specs[self.talon].deal_up is not None:
                up = self.rules.dealing().goes_up_as_dealt(
                    self.rules, [list(p) for p in pos.piles], self.rules.specs[self.talon],
                    stock[-1])
                if up is not None:  # up as it is turned, past the talon
                    piles[self.talon], piles[up] = talon, piles[up] + stock[-1:]
            new = Position(tuple(piles), tuple(down), pos.extra)
            if self.tracks_dealing and not pos.get("dealt"):
                new = new.with_extra(dealt=1)
            return new
        used = self.used(pos)
        # turned over, the talon's first card is the new pack's top card
        new_pack = list(reversed(talon))
        if self.shuffle:
            new_pack = redeal_shuffled(talon, used + 1)
        piles[self.stock], piles[self.talon] = tuple(new_pack), ()
        down[self.stock], down[self.talon] = len(new_pack), 0
        new = Position(tuple(piles), tuple(down), pos.extra).with_extra(redeals=used + 1)
        return new if self.redeals is not None else new.with_extra(pass_size=len(new_pack))

    def not_lost(self, pos: Position, moves: list[Move]) -> list[Move]:
        """None of *moves* where a card lies on a talon no card is played
        from once no redeal is left (:meth:`_dead_talon`): it can never go
        home, and every card must (the Corners' last deal: a card turned that
        follows no corner is lost to the game)."""
        dead = self._dead
        if dead is None:
            dead = self._dead = self._dead_talon()
        if not dead or self.redeals is None or self.used(pos) < self.redeals \
                or not pos.piles[self.talon]:
            return moves
        homes = self.rules.standing.home_ranks
        return [] if any(c.rank in homes for c in pos.piles[self.talon]) else moves

    def _dead_talon(self) -> bool:
        """Whether a card on the talon stays there for good once no redeal is
        left: a set number of redeals; no card played from the talon, nor
        taken from it to fill a vacancy; a win only with every card home; no
        module of the game's own, and no rule feature but those that never
        move a card off the talon (routes, and vacancies refilled at once,
        whose sources are read here: from the pack, not the talon).  (For the
        solver alone: the features it names are imported only then.)"""
        from .refills import RefillAtOnce
        from .routes import Routes

        rules = self.rules
        group = rules.specs[self.talon].group
        return self.redeals is not None and self.talon not in rules.sources \
            and rules.layout.rules == "standard" \
            and all(type(f) in (Talon, Routes, RefillAtOnce) for f in rules.features) \
            and not any(p.refill is not None and (group in p.refill.sources or group in (
                p.refill.after_deal or ())) for p in rules.specs)

    def lost_words(self, pos: Position) -> str | None:
        if self.redeals is None and not pos.piles[self.stock] and pos.piles[self.talon] \
                and self.barren(pos):
            return "the last deal through the pack placed no card, so a redeal would place none"
        return None

    def tally(self, pos: Position) -> str | None:
        if self.redeals is None:
            return "redeals while each deal places a card"
        if self.redeals == 0:
            return None
        n = self.redeals - self.used(pos)
        return f"{n} redeal{'s' if n != 1 else ''} left"

    def deal_name(self, pos: Position) -> str:
        specs = self.rules.specs
        if pos.piles[self.stock]:
            return f"turn the next card of the pack onto {specs[self.talon].the_ref}"
        how = "shuffle it" if self.shuffle else "turn it over"
        of = "" if self.redeals is None else f" of {self.redeals}"
        return (f"redeal {self.used(pos) + 1}{of}: take up the "
                f"{specs[self.talon].ref}, {how} and deal again")

    def dealt_words(self, pos: Position, ascii: bool) -> str | None:
        if not pos.piles[self.stock]:
            return None
        card = pos.piles[self.stock][-1]
        specs = self.rules.specs
        if specs[self.talon].deal_up is not None and \
                len(self.apply_deal(pos).piles[self.talon]) == len(pos.piles[self.talon]):
            # gone up as it was turned (the events say where)
            return f"turned the {card.text(ascii)} from {specs[self.stock].the_ref}"
        return f"dealt the {card.text(ascii)} to {specs[self.talon].the_ref}"


def redeal_shuffled(cards: Sequence[Card], redeal: int) -> list[Card]:
    """The talon shuffled for a redeal.  The shuffle is drawn from the cards'
    own order and the redeal's number, so replaying a game gives the same
    redeal, and nothing outside the position is needed (deal algorithm r1)."""
    from ..rng import shuffle

    key = sha256(f"redeal {redeal}: {' '.join(c.code for c in cards)}".encode())
    new = list(cards)
    shuffle(new, int(key.hexdigest()[:16], 16))
    return new


class TurnedCard(Feature):
    """Only the card just turned from the pack may be played from the talon
    (a talon of ``available = "turned"``): once it is played, or covered by
    the next, the cards beneath wait for the next deal through the talon (the
    Fairest: "whenever you turn up a card ... you place it").  The position
    keeps where the pack stood when a card was last played from the talon.
    For the solver, where the pack's order is all that is left to play with,
    a proof of loss from it (:mod:`patience_cli.solver.turned_order`)."""

    provides: ClassVar[frozenset[str]] = frozenset({"turned-card", "turn-safe"})

    reads_suits = False
    topic = "talon"
    keys = ('piles[].available = "turned" (the talon)',)
    plain = False

    def __init__(self, rules: Rules, stock: int, talon: int) -> None:
        super().__init__(rules)
        self.stock, self.talon = stock, talon

    @classmethod
    def build(cls, rules: Rules) -> TurnedCard | None:
        stock = [p.index for p in rules.specs if p.role is Role.STOCK]
        talon = [p.index for p in rules.specs if p.role is Role.TALON]
        if len(stock) == 1 and len(talon) == 1 and rules.specs[talon[0]].available == "turned":
            return cls(rules, stock[0], talon[0])
        return None

    def _mark(self, pos: Position) -> tuple[int, int]:
        """Where the pack stands: the deals through it so far, and its cards left."""
        return int(pos.get("redeals", 0)), len(pos.piles[self.stock])

    def spent(self, pos: Position) -> bool:
        """Whether the talon's top card was not turned since a card was last
        played from it."""
        return tuple(pos.get("spent", ())) == self._mark(pos)

    def narrow_sources(self, pos: Position, sources: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(i for i in sources if i != self.talon) if self.spent(pos) else sources

    def verdict(self, pos: Position, move: Move) -> bool | None:
        return False if move.src == self.talon and self.spent(pos) else None

    def refusal(self, pos: Position, move: Move) -> str | None:
        if move.src != self.talon or not self.spent(pos):
            return None
        return (f"only the card just turned may be played from {self.rules.specs[self.talon].the_ref}: "
                f"the {pos.piles[self.talon][-1]} was turned before, and waits for the next deal "
                "through it")

    def after_move(self, before: Position, move: Move, after: Position) -> Position:
        if move.src == self.talon:
            return after.with_extra(spent=self._mark(after))
        return after
