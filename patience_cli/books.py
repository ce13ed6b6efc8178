"""The books the games come from: each book's key (as layouts name it), the
short name the board and the sheets cite, and the full reference."""

from __future__ import annotations


class Book:
    """A book: the short name a board's header and a sheet cite ("Cadogan"),
    and the whole reference, for the rule sheets.  (A plain class: a
    NamedTuple costs a tenth of a millisecond to make at every start.)"""

    __slots__ = ("short", "full")

    def __init__(self, short: str, full: str) -> None:
        self.short, self.full = short, full


BOOKS: dict[str, Book] = {
    "cadogan": Book("Cadogan",
                    "Lady Adelaide Cadogan, Illustrated Games of Patience (1914 edition)"),
    "hoffmann": Book("Hoffmann",
                     "Professor Hoffmann, The Illustrated Book of Patience Games (1892)"),
    "cheney": Book("Cheney", "Ednah D. Cheney, Patience (1869; 3rd ed. 1894)"),
    "patience-games": Book("Patience Games",
                           "Patience Games (an anonymous later handbook; seed excerpt)"),
}


def short_name(key: str) -> str:
    """The book's short name ("Cadogan"), or its key where it is unknown."""
    book = BOOKS.get(key)
    return key if book is None else book.short
