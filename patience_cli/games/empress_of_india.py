"""The Empress of India (Cadogan no. 14), with four packs.

Withdrawn before the deal: the eight black aces (the Admirals' foundations,
ascending to the kings without queens), the eight red kings (the Generals',
descending to the aces without knaves), the eight black queens (one queen of
clubs is the Empress, the other seven are thrown aside) and the eight red
knaves (her guard).  The Empress and guard are for show.

The Army (24 places, red cards) and the Navy (24, black) are dealt together;
a red card that finds the Army full goes to the red talon, a black one to the
black talon.  Then:

* Rule I: no card goes to a foundation unless a card of the other colour goes
  at the same time.  An "available pair", a single Army card and a single Navy
  card that both fit now, is played up together in one move, from both its
  places.  Otherwise cards are first paired: any unpaired Army card may be laid
  on any unpaired Navy card, or the reverse, and the pair, never to be
  separated, is played to its two foundations together once both fit.
* Rule II: a vacancy in the Army or Navy is refilled at once, by itself, from
  the talon of its colour; only vacancies whose talon is empty are refilled
  from the pack (cards of the other colour turned meanwhile go to their own
  vacancies or talon).
* Rule III: cards from the pack or talon are never played at once: they pass
  through the Army or Navy.
* ``deal`` deals out the rest of the pack into the two talons; no redeal.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..cards import Card, Colour, Suit
from ..engine import Move, MoveKind, Position
from ..features.game_rule import GameRule

if TYPE_CHECKING:
    from ..engine import Rules as Engine

BLACK_ORDER = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13)   # Admirals: A up to K, no queen
RED_ORDER = (13, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)     # Generals: K down to A, no knave
#: the rank that follows each rank on a foundation of either colour
BLACK_NEXT = dict(zip(BLACK_ORDER, BLACK_ORDER[1:]))
RED_NEXT = dict(zip(RED_ORDER, RED_ORDER[1:]))


def is_red(card: Card) -> bool:
    return card.colour is Colour.RED


class EmpressRules(GameRule):
    rules: Engine

    has_deal_step = True

    def __init__(self, rules: Engine) -> None:
        super().__init__(rules)
        self.stock = self.needs(rules.stock, "a pack")
        layout = rules.layout
        ids = lambda g: tuple(p.index for p in layout.group(g))  # noqa: E731
        self.army, self.navy = ids("army"), ids("navy")
        self.admirals, self.generals = ids("admiral"), ids("general")
        self.red_talon, self.black_talon = ids("red_talon")[0], ids("black_talon")[0]
        self.empress, self.guard, self.aside = ids("empress")[0], ids("guard"), ids("aside")[0]

    # ------------------------------------------------------------ the deal
    def deal(self, deck: Sequence[Card]) -> Position:
        """The layout withdraws the Admirals, Generals, Empress, guard and the
        queens thrown aside; the Army and Navy are dealt here."""
        lists: list[list[Card]] = [[] for _ in self.rules.specs]
        rest = self.rules.dealing().withdraw(self.rules, deck, lists)
        piles: list[tuple[Card, ...]] = [tuple(p) for p in lists]
        # the Army and Navy dealt together; the overflow of a full side to its talon
        while rest and not all(piles[i] for i in self.army + self.navy):
            card = rest.pop(0)
            places = [i for i in (self.army if is_red(card) else self.navy) if not piles[i]]
            talon = self.red_talon if is_red(card) else self.black_talon
            target = places[0] if places else talon
            piles[target] = piles[target] + (card,)
        piles[self.stock] = tuple(reversed(rest))
        down = [0] * len(piles)
        down[self.stock] = len(rest)
        return Position(tuple(piles), tuple(down))

    # ------------------------------------------------------------ reading
    def side(self, index: int) -> str | None:
        return "army" if index in self.army else "navy" if index in self.navy else None

    def home(self, pos: Position, card: Card) -> int | None:
        """The foundation *card* would go on now, if any."""
        return self.wanted(pos).get((card.rank, card.suit))

    def available_cards(self, pos: Position, index: int) -> list[Card]:
        if self.side(index):
            return list(pos.piles[index])
        return super().available_cards(pos, index)

    def ready(self, pos: Position, src: int, dst: int) -> tuple[int, int] | None:
        """The two foundations of the single cards on *src* and *dst*, one Army
        and one Navy place, if both fit now: an available pair, played up
        together from both places (the book: "play them, and refill the
        spaces")."""
        if {self.side(src), self.side(dst)} != {"army", "navy"}:
            return None
        if len(pos.piles[src]) != 1 or len(pos.piles[dst]) != 1:
            return None
        red, black = sorted(pos.piles[src] + pos.piles[dst], key=lambda c: not is_red(c))
        wanted = self.wanted(pos)
        r, b = wanted.get((red.rank, red.suit)), wanted.get((black.rank, black.suit))
        return (r, b) if r is not None and b is not None else None

    def wanted(self, pos: Position) -> dict[tuple[int, Suit], int]:
        """Each card a foundation takes now, as (rank, suit), with the
        foundation :meth:`home` gives it (the first that takes it)."""
        out: dict[tuple[int, Suit], int] = {}
        for follows, places in ((RED_NEXT, self.generals), (BLACK_NEXT, self.admirals)):
            for f in places:
                pile = pos.piles[f]
                if pile:
                    rank = follows.get(pile[-1].rank)
                    if rank is not None:
                        out.setdefault((rank, pile[-1].suit), f)
        return out

    def pair_homes(self, pos: Position, index: int,
                   wanted: dict[tuple[int, Suit], int] | None = None) -> tuple[int, int] | None:
        """The two foundations of the pair on *index*, if both cards fit now
        (*wanted*: :meth:`wanted`, where the caller has it)."""
        cards = pos.piles[index]
        if len(cards) != 2:
            return None
        red, black = sorted(cards, key=lambda c: not is_red(c))
        if wanted is None:
            wanted = self.wanted(pos)
        r, b = wanted.get((red.rank, red.suit)), wanted.get((black.rank, black.suit))
        return (r, b) if r is not None and b is not None else None

    # ------------------------------------------------------------ moves
    def extra_moves(self, pos: Position) -> Iterator[Move]:
        """Every move of the Empress is her own: a pair played up, an
        available pair played together, a card paired."""
        wanted = self.wanted(pos)
        for p in self.army + self.navy:
            homes = self.pair_homes(pos, p, wanted)
            if homes:
                yield Move(MoveKind.MOVE, p, homes[0])
        single_army = [a for a in self.army if len(pos.piles[a]) == 1]
        single_navy = [n for n in self.navy if len(pos.piles[n]) == 1]
        # each single card, whether its foundation takes it now (asked once, not
        # of every pairing: :meth:`ready` of two cards is both of theirs)
        up = {p: (pos.piles[p][0].rank, pos.piles[p][0].suit) in wanted
              for p in single_army + single_navy}
        for a in single_army:
            for n in single_navy:
                yield Move(MoveKind.MOVE, a, n)
                if not (up[a] and up[n]):  # an available pair is one move, listed once
                    yield Move(MoveKind.MOVE, n, a)

    def is_own_move(self, pos: Position, move: Move) -> bool:
        """A pair played up (to the first of its two foundations), or two
        single cards of the Army and the Navy paired, named either way round
        (an available pair, listed once, too): :meth:`extra_moves`, asked
        of one move."""
        if move.kind != "move" or move.count != 1 or move.card is not None or \
                move.src is None or move.dst is None:
            return False
        piles = pos.piles
        if len(piles[move.src]) == 2 and self.side(move.src):
            homes = self.pair_homes(pos, move.src)
            return homes is not None and move.dst == homes[0]
        return len(piles[move.src]) == 1 and len(piles[move.dst]) == 1 and \
            {self.side(move.src), self.side(move.dst)} == {"army", "navy"}

    def route_reason(self, pos: Position, src: int, dst: int, card: Card) -> str | None:
        if dst in self.rules.foundations:
            return "a card goes to a foundation only with a card of the other colour (rule 1)"
        return None

    def listing(self, pos: Position, moves: list[Move]) -> tuple[list[int], str | None]:
        """Show the pairs to play, the deal, and the pairings that make a pair
        ready to play at once; sum up the other pairings in one line."""
        shown, rest = [], 0
        for n, m in enumerate(moves):
            if m.kind != "move" or m.dst not in self.rules.sources:
                shown.append(n)
            elif self.home(pos, pos.piles[m.src][-1]) is not None and \
                    self.home(pos, pos.piles[m.dst][-1]) is not None:
                shown.append(n)
            else:
                rest += 1
        if not rest:
            return shown, None
        a, v = self.rules.specs[self.army[0]].number, self.rules.specs[self.navy[0]].number
        plural = "s" if rest != 1 else ""
        return shown, (f"... and {rest} other pairing{plural}: any single Army card "
                       f"({a}-{a + len(self.army) - 1}) on any single Navy card "
                       f"({v}-{v + len(self.navy) - 1}) or the reverse, 'patience move A N' "
                       "('patience moves --all' lists them)")

    def has_move(self, pos: Position) -> bool:
        if pos.piles[self.stock]:
            return True
        if any(len(pos.piles[a]) == 1 for a in self.army) and \
                any(len(pos.piles[n]) == 1 for n in self.navy):
            return True
        wanted = self.wanted(pos)
        return any(self.pair_homes(pos, p, wanted) for p in self.army + self.navy)

    def deal_reason(self, pos: Position) -> str | None:
        return None if pos.piles[self.stock] else "the pack is dealt out (there is no redeal)"

    def extra_refusal(self, pos: Position, move: Move) -> str | None:
        """Every refusal in the book's words (every move here is the Empress's own)."""
        if move.kind == "deal" or self.is_own_move(pos, move):
            return None
        if move.kind != "move" or move.src is None or move.dst is None:
            return "that is not a move of this game"
        if move.count != 1 or move.card is not None:
            return "name two piles: a card to pair and its partner, or a pair and a foundation"
        src, dst = move.src, move.dst
        s, d = self.rules.specs[src], self.rules.specs[dst]
        if src == dst:
            return "a card cannot move to the pile it is on"
        if src in (self.red_talon, self.black_talon, self.stock):
            return ("cards from the pack or talon are never played at once: they pass through "
                    "the Army or Navy first (rule 3)")
        if not self.side(src):
            return f"cards on {s.the_ref} stay there"
        cards = pos.piles[src]
        if not cards:
            return f"{s.the_ref} is empty"
        if dst in self.admirals + self.generals:
            if len(cards) == 1:
                return (f"the {cards[0]} cannot be played alone: a card goes to a foundation "
                        "only with a card of the other colour at the same time; pair it first "
                        "(rule 1)")
            homes = self.pair_homes(pos, src)
            if homes is None:
                red, black = sorted(cards, key=lambda c: not is_red(c))
                stuck = [c for c in (red, black) if self.home(pos, c) is None]
                return (f"the pair {red} and {black} is played together, and the "
                        f"{' and the '.join(str(c) for c in stuck)} cannot go on a foundation "
                        "yet (rule 1)")
            return (f"the pair goes to {self.rules.specs[homes[0]].ref} and "
                    f"{self.rules.specs[homes[1]].ref}")
        if self.side(dst):
            if self.side(dst) == self.side(src):
                return ("a pair is one red card and one black: an Army card pairs only with a "
                        "Navy card, and a Navy card with an Army card")
            if not pos.piles[dst]:
                return f"{d.the_ref} is empty: its vacancy is refilled from the talon (rule 2)"
            if len(cards) > 1 or len(pos.piles[dst]) > 1:
                return "each card can only be paired once"
            return "that is not a move of this game"
        return f"nothing is placed on {d.the_ref}"

    # ------------------------------------------------------------ applying
    def play_own(self, pos: Position, move: Move) -> Position | None:
        """A pair played up: an available pair from its two places, or a made
        pair from its one; None for a pairing (the card laid on its partner)."""
        homes = self.ready(pos, move.src, move.dst)
        places = (move.src, move.dst)
        if not homes and move.dst in self.admirals + self.generals:
            homes, places = self.pair_homes(pos, move.src), (move.src,)
        if not homes:
            return None
        piles = list(pos.piles)
        red, black = sorted((c for i in places for c in pos.piles[i]),
                            key=lambda c: not is_red(c))
        piles[homes[0]] = piles[homes[0]] + (red,)
        piles[homes[1]] = piles[homes[1]] + (black,)
        for i in places:
            piles[i] = ()
        return Position(tuple(piles), pos.down, pos.extra)

    def settle(self, pos: Position) -> Position:
        return self.refill(pos)

    def refill(self, pos: Position) -> Position:
        """Rule II, at once: every vacancy takes the top card of its colour's
        talon; only when that talon is empty is the pack turned, until a card
        of the colour comes, the others going to their own vacancies or talon.
        Talons are used first, for both sides: a vacancy whose talon holds a
        card never takes a card turned from the pack for the other side."""
        piles, down = list(pos.piles), list(pos.down)
        stock = list(piles[self.stock])

        def place(card: Card) -> bool:
            places = [i for i in (self.army if is_red(card) else self.navy) if not piles[i]]
            if places:
                piles[places[0]] = (card,)
                return True
            return False

        sides = ((self.army, self.red_talon), (self.navy, self.black_talon))
        while True:
            for side, talon in sides:  # first every vacancy its own talon can fill
                for i in side:
                    if not piles[i] and piles[talon]:
                        piles[i], piles[talon] = piles[talon][-1:], piles[talon][:-1]
            waiting = any(not piles[i] for side, _ in sides for i in side)
            if not waiting or not stock:
                break
            card = stock.pop()  # then the pack, a card at a time, to its colour's vacancy
            if not place(card):
                t = self.red_talon if is_red(card) else self.black_talon
                piles[t] = piles[t] + (card,)
        piles[self.stock] = tuple(stock)
        down[self.stock] = len(stock)
        return Position(tuple(piles), tuple(down), pos.extra)

    def apply_deal(self, pos: Position) -> Position:
        """Deal out the rest of the pack: each card to a vacancy of its colour,
        or to its talon."""
        piles, down = list(pos.piles), list(pos.down)
        for card in reversed(piles[self.stock]):
            places = [i for i in (self.army if is_red(card) else self.navy) if not piles[i]]
            target = places[0] if places else (self.red_talon if is_red(card)
                                               else self.black_talon)
            piles[target] = piles[target] + (card,)
        piles[self.stock] = ()
        down[self.stock] = 0
        return Position(tuple(piles), tuple(down), pos.extra)

    # ------------------------------------------------------------ status and words
    def won_reason(self, pos: Position) -> str:
        return "every card has reached the Admirals and the Generals"

    def lost_reason(self, pos: Position) -> str:
        return "no pair can be played and none can be made, and the pack is dealt out"

    def deal_step_name(self, pos: Position) -> str:
        return "deal out the rest of the pack into the two talons"

    def describe(self, pos: Position, move: Move, ascii: bool = False) -> str:
        if move.kind == "deal":
            return self.deal_step_name(pos)
        src = pos.piles[move.src]
        homes = self.ready(pos, move.src, move.dst)
        if homes:
            red, black = sorted(src + pos.piles[move.dst], key=lambda c: not is_red(c))
            at = {c: self.rules.specs[i].ref for i in (move.src, move.dst) for c in pos.piles[i]}
            return (f"play the available pair {red.text(ascii)} ({at[red]}) and "
                    f"{black.text(ascii)} ({at[black]}) together to "
                    f"{self.rules.specs[homes[0]].ref} and {self.rules.specs[homes[1]].ref}")
        if move.dst in self.admirals + self.generals:
            homes = self.pair_homes(pos, move.src)
            red, black = sorted(src, key=lambda c: not is_red(c))
            where = (f" to {self.rules.specs[homes[0]].ref} and {self.rules.specs[homes[1]].ref}"
                     if homes else "")
            return (f"play the pair {red.text(ascii)} and {black.text(ascii)} "
                    f"({self.rules.specs[move.src].ref}){where}")
        card, onto = src[-1], pos.piles[move.dst]
        target = onto[-1].text(ascii) if onto else "(empty)"
        return (f"pair the {card.text(ascii)} ({self.rules.specs[move.src].ref}) with the "
                f"{target} ({self.rules.specs[move.dst].ref})")


RULES = EmpressRules
