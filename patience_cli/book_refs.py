"""Every place a game is found in the books: its own ``source``, each
variant's ``source``, and the ``also`` entries of a layout or a variant (the
same game under another book's title and number: Hoffmann's *Kings*,
no. 59, is Cadogan's, no. 21; Cheney's *Fourteen* is Cadogan's
*Fourteenth*).

Read from the layout files as written (a layout that ``extends`` another
keeps only its own ``also``), only by the commands that need them: 'list'
and a word that is no game's id.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from .books import BOOKS
from .layout import game_ids, layout_path, read_raw


@dataclass(frozen=True)
class BookRef:
    """One entry of a book: its number there (None where the book numbers no
    games), its title there, and the game and variant that play it."""

    book: str
    number: int | None
    title: str
    game: str
    variant: str | None

    def command(self) -> str:
        """What 'patience new' takes for it."""
        return self.game + (f" --variant {self.variant}" if self.variant else "")

    def as_json(self) -> dict[str, Any]:
        return {"book": self.book, "number": self.number, "title": self.title,
                "variant": self.variant}


def _own_raw(game_id: str) -> dict[str, Any]:
    """The layout file's own tables (checked, as read_raw checks them), not
    merged with a layout it extends."""
    import tomllib

    read_raw(game_id)  # checked whole, the error naming file and path
    with open(layout_path(game_id), "rb") as fh:
        return tomllib.load(fh)


def _refs(gid: str, variant: str | None, body: dict[str, Any], title: str,
          own_source: bool) -> list[BookRef]:
    out = []
    src = body.get("source")
    if own_source and src is not None:
        out.append(BookRef(src["book"], src.get("number") or None, src.get("title", title),
                           gid, variant))
    for also in body.get("also", ()):
        out.append(BookRef(also["book"], also.get("number") or None, also["title"], gid,
                           variant))
    return out


@cache
def _refs_of(game_id: str) -> tuple[BookRef, ...]:
    return tuple(_read_refs(game_id))


def refs_of(game_id: str) -> list[BookRef]:
    """Every book entry the game and its variants play, the game's own first
    (read once a process: layouts do not change under a running command)."""
    return list(_refs_of(game_id))


def _read_refs(game_id: str) -> list[BookRef]:
    raw = read_raw(game_id)
    own = _own_raw(game_id)
    refs = _refs(game_id, None, {"source": raw["source"], "also": own.get("also", ())},
                 raw["title"], True)
    for name, body in raw.get("variants", {}).items():
        refs += _refs(game_id, name, body, body.get("title", raw["title"]), True)
    return refs


def book_refs(book: str | None = None) -> list[BookRef]:
    """Every entry of *book* (of every book where None) that a game or variant
    plays, in the book's own order."""
    refs = [r for gid in game_ids() for r in refs_of(gid) if book in (None, r.book)]
    return sorted(refs, key=lambda r: (list(BOOKS).index(r.book) if r.book in BOOKS else 99,
                                       r.number or 0, r.title))


def title_key(text: str) -> str:
    """A title as typed or printed, for matching: no case, no leading "the",
    nothing but letters and digits ("The Dial (No. 2)" and "dial 2" alike)."""
    text = text.strip().lower()
    if text.startswith("the "):
        text = text[4:]
    return "".join(ch for ch in text.replace("no.", "") if ch.isalnum())


def by_title(word: str) -> BookRef | None:
    """The book entry whose title is *word* (Hoffmann's "The Trefoil" is La
    Belle Lucie's variant trefoil), or a variant named so; None if none is.
    A book's name before the title ("hoffmann constitution", "Hoffmann's
    The Constitution") looks in that book only: where two books give one
    title to two games, the first book's is found without it."""
    import re

    book = None
    named = re.match(r"\s*([a-z-]+?)(?:'s|’s)?\s+(.+)", word.lower())
    if named is not None and (named.group(1) in BOOKS or any(
            named.group(1) == b.short.lower() for b in BOOKS.values())):
        book = next(k for k, b in BOOKS.items() if named.group(1) in (k, b.short.lower()))
        word = named.group(2)
    key = title_key(word)
    if not key:
        return None
    for ref in book_refs(book):
        if title_key(ref.title) == key:
            return ref
    if book is not None:
        return None
    for gid in game_ids():
        for name in read_raw(gid).get("variants", {}):
            if title_key(name) == key:
                return BookRef("", None, name, gid, name)
    return None
