"""Cards, suits, ranks and packs, in the books' vocabulary.

A *whist pack* is the ordinary 52-card pack; a *piquet pack* is a whist pack
without its twos to sixes (32 cards).  Games use one or more packs; cards of
several packs are equal when rank and suit are equal, just as at the table.
"""


import operator
from collections.abc import Iterable
from enum import Enum
from typing import NamedTuple

from .errors import quoted


class Colour(Enum):
    RED = "red"
    BLACK = "black"


class Suit(Enum):
    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    # Members are singletons compared by identity: hashing by identity (in C)
    # instead of Enum's hash of the name keeps position hashing cheap.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def colour(self) -> Colour:
        return _SUIT_COLOUR[self]

    @property
    def noun(self) -> str:
        return self.name.lower()

    def __lt__(self, other: "Suit") -> bool:
        # Alphabetical (clubs, diamonds, hearts, spades), so cards sort.
        if not isinstance(other, Suit):
            return NotImplemented
        return self.value < other.value


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
#: each suit's colour (a table: the move generator asks it of every card it looks at)
_SUIT_COLOUR = {Suit.CLUBS: Colour.BLACK, Suit.DIAMONDS: Colour.RED, Suit.HEARTS: Colour.RED,
                Suit.SPADES: Colour.BLACK}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

ACE, KNAVE, QUEEN, KING = 1, 11, 12, 13
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 11)}
RANK_NOUN = {
    1: "ace", 2: "deuce", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "knave", 12: "queen", 13: "king",
}
RANK_PLURAL = {r: (n + "s" if r != 6 else "sixes") for r, n in RANK_NOUN.items()}

_RANK_PARSE = {"a": 1, "1": 1, "t": 10, "j": 11, "kn": 11, "q": 12, "k": 13} | {
    str(r): r for r in range(2, 11)
}
_SUIT_PARSE = {
    "c": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "d": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "h": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "s": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
}


class Card(NamedTuple):
    rank: int
    suit: Suit

    def text(self, ascii: bool = False) -> str:
        """Short text: ``10♥`` (or ``10h`` with *ascii*)."""
        return RANK_TEXT[self.rank] + (self.suit.value if ascii else self.suit.symbol)

    @property
    def code(self) -> str:
        """The ASCII code used in files and JSON: ``10h``, ``Ks``."""
        return self.text(ascii=True)

    @property
    def noun(self) -> str:
        """The book's way of naming the card: 'knave of hearts'."""
        return f"{RANK_NOUN[self.rank]} of {self.suit.noun}"

    @property
    def colour(self) -> Colour:
        return _SUIT_COLOUR[self.suit]

    def __str__(self) -> str:
        return self.text()


_SUIT_NUMBER = {suit: i for i, suit in enumerate(Suit)}


def ranks(cards: Iterable[Card]) -> bytes:
    """The ranks of *cards*, in order, as bytes (1 to 13 each): a pile as a
    game that never reads a suit sees it (the solver's key there)."""
    return bytes(map(_RANK_OF, cards))


_RANK_OF = operator.itemgetter(0)  # a card's rank, the first of its fields


def number(card: Card) -> int:
    """A card as a number, 0 to 51: 13 a suit (clubs, diamonds, hearts,
    spades), ace first; twins share theirs (the solver's compact forms)."""
    return _SUIT_NUMBER[card.suit] * 13 + card.rank - 1


_CODE_OF = {Card(rank, suit): _SUIT_NUMBER[suit] * 13 + rank
            for suit in Suit for rank in range(1, 14)}.__getitem__


def codes(cards: Iterable[Card]) -> bytes:
    """*cards*, in order, as bytes: each its :func:`number` plus one (1 to
    52; twins alike), a pile as the solver remembers it where a rule reads
    suits (a few bytes where a tuple of cards takes a few hundred)."""
    return bytes(map(_CODE_OF, cards))


class CardParseError(ValueError):
    """Raised for text that does not name a card."""


def parse_card(text: str) -> Card:
    """Read a card written as ``10h``, ``Th``, ``10♥``, ``KS`` or ``k♠``."""
    t = text.strip().lower()
    if len(t) < 2:
        raise CardParseError(f"{quoted(text)} is not a card (write e.g. 10h, Ks, 7♣)")
    rank = _RANK_PARSE.get(t[:-1])
    suit = _SUIT_PARSE.get(t[-1])
    if rank is None or suit is None:
        raise CardParseError(f"{quoted(text)} is not a card (write e.g. 10h, Ks, 7♣)")
    return Card(rank, suit)


def parse_rank(text: str) -> int:
    """A rank as the layouts write it (``A``, ``2`` ... ``10``, ``J``, ``Q``,
    ``K``) as its number, 1 to 13; raises CardParseError."""
    rank = _RANK_PARSE.get(str(text).strip().lower())
    if rank is None:
        raise CardParseError(f"{text!r} is not a rank (A, 2 ... 10, J, Q, K)")
    return rank


def looks_like_card(text: str) -> bool:
    try:
        parse_card(text)
    except CardParseError:
        return False
    return True


PACK_RANKS = {
    "whist": tuple(range(1, 14)),
    "piquet": (1, 7, 8, 9, 10, 11, 12, 13),
}


def new_pack(kind: str = "whist", count: int = 1) -> list[Card]:
    """The cards of *count* packs of *kind*, in a fixed (unshuffled) order."""
    ranks = PACK_RANKS[kind]
    return [Card(r, s) for _ in range(count) for s in SUITS for r in ranks]


def pack_description(kind: str, count: int) -> str:
    size = len(PACK_RANKS[kind]) * 4 * count
    words = {1: "one", 2: "two", 3: "three", 4: "four"}
    return f"{words.get(count, str(count))} {kind} pack{'s' if count > 1 else ''} ({size} cards)"
