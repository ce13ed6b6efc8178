"""The Besieged City (Cadogan no. 15).

Twelve cards in four rows of three are the Reserve; fourteen crosswise cards
round them are the Ramparts: three above and three below the Reserve's
columns, four beside its rows on each side.  So every Reserve card lies in one
row and one column, and each line has a Rampart at both ends.

* Foundations: four aces of different suits, built in suit A, K, 2, Q, 3, J,
  4, 10, 5, 9, 6, 8, 7 and back again 7, 8, 6 ... K, A: all 26 cards of a suit.
* Ramparts: the top card of a packet goes to a foundation or onto another
  packet, in suit, one higher or lower, or next to it in the foundations'
  order (a queen on a two, a two on a queen), changing direction at will
  (Rule II).
* Reserve: any Reserve card may go onto the Ramparts at the ends of its own row
  or column, on the same terms (Rule III), never straight to a foundation.
* A Rampart vacancy must be filled at once with a card of the Reserve line it
  ends (Rule IV); the player chooses which.  A Reserve vacancy is filled at
  once from the talon, or from the pack when there is no talon (Rule V): that
  happens by itself.
* The pack is turned card by card onto the talon; the card just turned may go
  to a foundation (Rule I: "from the pack"); once covered, a talon card can
  only pass into the Reserve.  No redeal.
* When the pack and talon are exhausted, two Reserve cards may be transposed
  if that lets one of them pass to the Ramparts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import RANK_NOUN, Card
from ..engine import DEAL, Move, MoveKind, Position, Refusal
from ..features.game_rule import GameRule
from ..layout_schema import one_of

if TYPE_CHECKING:
    from ..engine import Rules as Engine

#: the order each foundation is built in, from its ace to its closing ace
HALF = (1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7)
ORDER = HALF + HALF[::-1]
NEXT_IN_ORDER = {frozenset((a, b)) for a, b in zip(ORDER, ORDER[1:])}
#: the variant 'fourteens': only the book's kind of pair, a queen and a two,
#: a knave and a three ... (values adding up to fourteen)
FOURTEENS = {frozenset((a, 14 - a)) for a in range(1, 14)}


def packs_on(card: Card, top: Card, pairs: set = NEXT_IN_ORDER) -> bool:
    """Rule II: same suit, and one apart in rank or a pair of the foundations'
    order."""
    return card.suit == top.suit and (abs(card.rank - top.rank) == 1
                                      or frozenset((card.rank, top.rank)) in pairs)


#: This game's own settings (the layout's ``[game]`` table), checked when the
#: layout is loaded.
SETTINGS = {"packing": one_of("order", "fourteens")}

class BesiegedCityRules(GameRule):
    rules: Engine

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        self.stock = self.needs(rules.stock, "a pack")
        self.talon = self.needs(rules.talon, "a talon")
        layout = rules.layout
        ids = lambda g: tuple(p.index for p in layout.group(g))  # noqa: E731
        self.top, self.left, self.right, self.bottom = (ids(g) for g in
                                                        ("top", "left", "right", "bottom"))
        self.ramparts = self.top + self.left + self.right + self.bottom
        self.rampart_at = {rp: k for k, rp in enumerate(self.ramparts)}  # (their order)
        reserve = ids("reserve")
        self.reserve = reserve
        cols = len(self.top)
        self.line: dict[int, tuple[int, ...]] = {}   # rampart -> the Reserve line it ends
        for c in range(cols):
            column = reserve[c::cols]
            self.line[self.top[c]] = self.line[self.bottom[c]] = column
        for r in range(len(self.left)):
            row = reserve[r * cols:(r + 1) * cols]
            self.line[self.left[r]] = self.line[self.right[r]] = row
        self.pairs = FOURTEENS if layout.game.get("packing") == "fourteens" \
            else NEXT_IN_ORDER
        self.ends: dict[int, tuple[int, ...]] = {   # reserve place -> its four Ramparts
            i: tuple(rp for rp in self.ramparts if i in self.line[rp]) for i in reserve}
        #: each rank, the ranks a card of it packs on (Rule II), for the move list
        self.packs_with = {r: frozenset(x for x in range(1, 14) if abs(x - r) == 1
                                        or frozenset((x, r)) in self.pairs)
                           for r in range(1, 14)}

    # ------------------------------------------------------------ reading
    def pending(self, pos: Position) -> list[int]:
        """Empty Ramparts that must be filled now: those whose line still holds
        a Reserve card (Rule IV)."""
        return [rp for rp in self.ramparts
                if not pos.piles[rp] and any(pos.piles[i] for i in self.line[rp])]

    def exhausted(self, pos: Position) -> bool:
        return not pos.piles[self.stock] and not pos.piles[self.talon]

    def available_cards(self, pos: Position, index: int) -> list[Card]:
        if index == self.talon:
            cards = pos.piles[index]
            fresh = cards and pos.get("turned_at") == len(cards)
            return [cards[-1]] if fresh else []
        return super().available_cards(pos, index)

    # ------------------------------------------------------------ moves
    def extra_moves(self, pos: Position) -> list[Move]:
        """Every card move here is the game's own (the layout gives no builds):
        filling a Rampart from its line while one waits; else a Rampart, the
        talon's card just turned or a Reserve card to a foundation or a
        Rampart; a transposition at the end."""
        pending = self.pending(pos)
        if pending:
            return [Move(MoveKind.MOVE, i, rp) for rp in pending for i in self.line[rp] if pos.piles[i]]
        moves = []
        # empty foundations are alike: an ace is listed once, to the first of them
        empty = [f for f in self.rules.foundations if not pos.piles[f]][:1]
        targets = tuple(f for f in self.rules.foundations if pos.piles[f] or f in empty)
        # each Rampart's top card, for the cards that pack on it (an empty one
        # takes only a card of its own line, from the Reserve)
        tops: dict[tuple, list[int]] = {}
        for rp in self.ramparts:
            if pos.piles[rp]:
                top = pos.piles[rp][-1]
                tops.setdefault((top.rank, top.suit), []).append(rp)
        for src in self.ramparts + (self.talon,) + self.reserve:
            if not pos.piles[src]:
                continue
            if src in self.reserve:  # a Reserve card goes only to the Ramparts at its line's ends
                dsts: tuple[int, ...] = self.ends[src]
            else:
                card = pos.piles[src][-1]
                onto = [rp for r in self.packs_with[card.rank]
                        for rp in tops.get((r, card.suit), ())]
                dsts = targets + tuple(sorted(onto, key=self.rampart_at.__getitem__))
            for dst in dsts:
                if self._allows(pos, src, dst):
                    moves.append(Move(MoveKind.MOVE, src, dst))
        if self.exhausted(pos):
            for a in self.reserve:
                for b in self.reserve:
                    if a < b and self._transposes(pos, a, b):
                        moves.append(Move(MoveKind.MOVE, a, b))
        return moves

    def is_own_move(self, pos: Position, move: Move) -> bool:
        if move.kind != "move" or move.src is None or move.dst is None or move.count != 1 \
                or move.card is not None:
            return False
        pending = self.pending(pos)
        if pending and not (move.dst in pending and move.src in self.line[move.dst]):
            return False
        return self._allows(pos, move.src, move.dst)

    def _allows(self, pos: Position, src: int, dst: int) -> bool:
        """The cheap yes or no of :meth:`_reason`, with no words made (the
        move generator asks it of every pair of places)."""
        if src == dst or not pos.piles[src] or src in self.rules.foundations or src == self.stock \
                or dst in (self.stock, self.talon):
            return False
        card = pos.piles[src][-1]
        if src == self.talon:
            return dst in self.rules.foundations and bool(self.available_cards(pos, src)) and \
                self._foundation_takes(pos, card, dst)
        if src in self.reserve:
            if dst in self.reserve:
                return self._transposes(pos, src, dst)
            if dst not in self.ends[src]:
                return False
        elif dst in self.reserve:
            return False
        if dst in self.rules.foundations:
            return self._foundation_takes(pos, card, dst)
        top = pos.piles[dst]
        if not top:
            return src in self.reserve and src in self.line[dst]
        return packs_on(card, top[-1], self.pairs)

    def _foundation_takes(self, pos: Position, card: Card, dst: int) -> bool:
        """The cheap yes or no of :meth:`_foundation_reason`."""
        pile = pos.piles[dst]
        if not pile:
            return card.rank == 1 and not any(pos.piles[f] and pos.piles[f][0].suit == card.suit
                                              for f in self.rules.foundations)
        return len(pile) < len(ORDER) and card.suit == pile[0].suit and \
            card.rank == ORDER[len(pile)]

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        if move.kind != "move" or move.src is None or move.dst is None:
            return None
        if move.count != 1:
            return "cards move one at a time in The Besieged City"
        if move.card is not None:
            return "name the pile, not the card: every pile here offers one card"
        pending = self.pending(pos)
        if pending and not (move.dst in pending and move.src in self.line[move.dst]):
            return self._pending_text(pending[0])
        return self._reason(pos, move.src, move.dst)

    def deal_reason(self, pos: Position) -> str | None:
        pending = self.pending(pos)
        if pending:
            return self._pending_text(pending[0])
        return None if pos.piles[self.stock] else "the pack is dealt out (there is no redeal)"

    def _pending_text(self, rampart: int) -> str:
        line = ", ".join(str(self.rules.specs[i].number) for i in self.line[rampart])
        return (f"first fill the vacancy in {self.rules.specs[rampart].ref} with a card of its "
                f"Reserve line ({line}): vacancies are filled at once (rule 5)")

    def _reason(self, pos: Position, src: int, dst: int) -> str | None:
        s, d = self.rules.specs[src], self.rules.specs[dst]
        if src == dst:
            return "a card cannot move to the pile it is on"
        if not pos.piles[src]:
            return f"{s.the_ref} is empty"
        card = pos.piles[src][-1]
        if src in self.rules.foundations:
            return "cards on the foundations stay there"
        if src == self.stock:
            return Refusal("the pack is dealt, not played from", DEAL)
        if src == self.talon:
            if dst not in self.rules.foundations:
                return ("talon cards pass into the Reserve by themselves as it empties; "
                        "they are never placed by hand (rule 2)")
            if not self.available_cards(pos, src):
                return ("only the card just turned from the pack may go to a foundation; "
                        "once on the talon it must pass through the Reserve (rule 2)")
        if src in self.reserve:
            if dst in self.rules.foundations:
                return ("Reserve cards must pass into the Ramparts before they can be played "
                        "(rule 2)")
            if dst in self.reserve:
                return self._transpose_reason(pos, src, dst)
            if dst not in self.ends[src]:
                ends = ", ".join(str(self.rules.specs[r].number) for r in self.ends[src])
                return (f"a Reserve card goes only to the Ramparts at the ends of its own row "
                        f"or column: for {s.ref}, Ramparts {ends} (rule 4)")
        if dst in (self.stock, self.talon):
            return f"nothing is placed on {d.the_ref}"
        if dst in self.reserve:
            return "the Reserve is filled only from the talon or the pack (rule 6)"
        if dst in self.rules.foundations:
            return self._foundation_reason(pos, card, dst)
        # dst is a Rampart
        top = pos.piles[dst]
        if not top:
            if src in self.reserve and src in self.line[dst]:
                return None
            return ("a vacancy in the Ramparts is filled only with a Reserve card from the "
                    "line it ends (rule 5)")
        if not packs_on(card, top[-1], self.pairs):
            return (f"in the Ramparts a card goes on one of its own suit, one higher or lower "
                    f"or next in the foundations' order (a queen on a two): the {card} "
                    f"cannot go on the {top[-1]} (rule 3)")
        return None

    def _foundation_reason(self, pos: Position, card: Card, dst: int) -> str | None:
        pile = pos.piles[dst]
        if not pile:
            if card.rank != 1:
                return f"an empty foundation takes only an ace: the {card} cannot start it"
            if any(pos.piles[f] and pos.piles[f][0].suit == card.suit
                   for f in self.rules.foundations):
                return f"the foundations are four aces of different suits: {card.suit.noun} " \
                       "have one already"
            return None
        if len(pile) == len(ORDER):
            return f"{self.rules.specs[dst].the_ref} is complete"
        if card.suit != pile[0].suit:
            return f"the foundations follow suit: the {card} cannot go on the {pile[-1]}"
        need = ORDER[len(pile)]
        if card.rank != need:
            return (f"the foundation goes A, K, 2, Q, 3, J ... by turns: after the "
                    f"{pile[-1]} comes a {RANK_NOUN[need]}, not the {card}")
        return None

    def _transpose_reason(self, pos: Position, a: int, b: int) -> str | None:
        if not self.exhausted(pos):
            return ("Reserve cards may be transposed only at the end, when the pack and the "
                    "talon are exhausted")
        if not pos.piles[b]:
            return f"{self.rules.specs[b].the_ref} is empty"
        swapped = self.apply_swap(pos, a, b)
        for i in (a, b):
            for rp in self.ends[i]:
                if self._takes(swapped, i, rp):
                    return None
        return ("a transposition is allowed only to let a Reserve card pass to the Ramparts, "
                "and this one does not")

    def _transposes(self, pos: Position, a: int, b: int) -> bool:
        """The cheap yes or no of :meth:`_transpose_reason`."""
        return self.exhausted(pos) and bool(pos.piles[b]) and bool(pos.piles[a]) and \
            self._transpose_reason(pos, a, b) is None

    def _takes(self, pos: Position, src: int, rampart: int) -> bool:
        """Whether the Reserve card on *src* could pass to *rampart*, one of the
        ends of its line: into its vacancy, or onto its top card (rule 3)."""
        top = pos.piles[rampart]
        return not top or packs_on(pos.piles[src][-1], top[-1], self.pairs)

    # ------------------------------------------------------------ applying
    @staticmethod
    def apply_swap(pos: Position, a: int, b: int) -> Position:
        piles = list(pos.piles)
        piles[a], piles[b] = piles[b], piles[a]
        return Position(tuple(piles), pos.down, pos.extra)

    def play_own(self, pos: Position, move: Move) -> Position | None:
        if move.src in self.reserve and move.dst in self.reserve:
            return self.apply_swap(pos, move.src, move.dst)
        return None

    def record(self, before: Position, move: Move, after: Position) -> Position:
        """After a deal, the talon's card is the one just turned: it alone may
        go to a foundation, until it is covered or taken (Rule I)."""
        if move.kind == "deal":
            return after.with_extra(turned_at=len(after.piles[self.talon]))
        return after

    def forced_move(self, pos: Position) -> Move | None:
        pending = self.pending(pos)
        if pending:
            fills = [m for m in self.extra_moves(pos) if m.dst == pending[0]]
            if len(fills) == 1:
                return fills[0]
        return None

    # ------------------------------------------------------------ words
    def describe(self, pos: Position, move: Move, ascii: bool = False) -> str:
        if move.kind == "move" and move.src in self.reserve and move.dst in self.reserve:
            a, b = pos.piles[move.src][-1], pos.piles[move.dst][-1]
            return (f"transpose the {a.text(ascii)} ({self.rules.specs[move.src].ref}) and the "
                    f"{b.text(ascii)} ({self.rules.specs[move.dst].ref})")
        return super().describe(pos, move, ascii)

    def outcome(self, pos: Position, move: Move, ascii: bool = False,
                after: Position | None = None,
                events: tuple[dict[str, Any], ...] | None = None) -> str:
        text = super().outcome(pos, move, ascii)
        after = after if after is not None else self.rules.apply(pos, move)
        src = move.src
        if move.kind == "move" and src in self.reserve and move.dst not in self.reserve \
                and after.piles[src]:
            text += f"; then the {after.piles[src][-1].text(ascii)} fills {self.rules.specs[src].ref}"
        return text


RULES = BesiegedCityRules
