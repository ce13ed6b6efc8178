"""Positions and moves: what the engine reads and writes, and nothing more.

A :class:`Position` is immutable, so undo is going back to an earlier one and
a position can be hashed and compared; a :class:`Move` is one action, of a
:class:`MoveKind`.  The notation of saved games (``3-1``, ``deal``) and the
errors met reading or making a move live here too.  Plain Python, no I/O.
"""


from collections.abc import Sequence
from enum import Enum, StrEnum
from typing import Any, NamedTuple

from .cards import Card, parse_card
from .digest import sha256
from .errors import ExitStatus, PatienceError
from .layout import Layout


class Status(Enum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"



class Position(NamedTuple):
    """Every pile's cards (bottom first) and how many of them lie face down
    (always the bottom ones), plus any game-specific state in ``extra``."""

    piles: tuple[tuple[Card, ...], ...]
    down: tuple[int, ...]
    extra: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.extra:
            if k == key:
                return v
        return default

    def with_extra(self, **changes: Any) -> "Position":
        d = dict(self.extra)
        d.update(changes)
        return self._replace(extra=tuple(sorted(d.items())))

    def cards(self) -> list[Card]:
        return [c for p in self.piles for c in p]

    def to_json(self) -> dict[str, Any]:
        """The position as plain JSON data (cards as codes such as ``10h``)."""
        return {"piles": [[c.code for c in p] for p in self.piles],
                "down": list(self.down),
                "extra": {k: _plain(v) for k, v in self.extra}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Position":
        """Inverse of :meth:`to_json`."""
        return cls(tuple(tuple(parse_card(c) for c in p) for p in data["piles"]),
                   tuple(int(d) for d in data["down"]),
                   tuple(sorted((k, _frozen(v)) for k, v in data["extra"].items())))

    def digest(self) -> str:
        """A short fingerprint of the position, stable across runs and machines."""
        h = sha256()
        for cards, down in zip(self.piles, self.down):
            h.update(f"{down}:{' '.join(c.code for c in cards)}|".encode())
        h.update(repr(self.extra).encode())
        return h.hexdigest()[:16]


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value



class MoveKind(StrEnum):
    """What a move does: cards from one pile to another, or the game's next
    dealing step.  (A ``str``: saved games write it as it reads.)"""

    MOVE = "move"
    DEAL = "deal"
    REMOVE = "remove"  # several cards put out together (the Wheel's crowned eighteens)


class Move(NamedTuple):
    """One action.  ``kind`` is a :class:`MoveKind`: ``move`` (cards from pile
    *src* to pile *dst*) or ``deal`` (the game's next dealing step).
    ``src``/``dst`` are pile indexes; ``card`` names the card taken where a
    pile offers several (the Bouquet); ``piles``, the piles whose top cards a
    ``remove`` puts out together, in the order named."""

    kind: MoveKind
    src: int | None = None
    dst: int | None = None
    count: int = 1  # type: ignore[assignment]  # (the field shadows tuple.count: saved games name it)
    card: Card | None = None
    piles: tuple[int, ...] = ()


DEAL = Move(MoveKind.DEAL)


class Refusal(str):
    """Why a move is refused, in words, with the move that would do what the
    player seems to want where there is one (:attr:`instead`): the engine
    names a move, the command line says the command that makes it.  Its
    :attr:`topics` name the rule it enforces, the most particular first
    (``empty:row``, ``build:row``): the rule text says which numbered rule
    states each (:func:`patience_cli.rules_text.rule_cited`)."""

    instead: "Move | None"
    topics: tuple[str, ...]

    def __new__(cls, text: str, instead: "Move | None" = None,
                topics: tuple[str, ...] = ()) -> "Refusal":
        made = super().__new__(cls, text)
        made.instead = instead
        made.topics = topics
        return made


class MoveError(PatienceError, ValueError):
    """Base of the errors met when reading or making a move."""

    exit_status = ExitStatus.USAGE


class InvalidMoveError(MoveError):
    """The move text is not a move at all (syntax, unknown pile)."""


class IllegalMoveError(MoveError):
    """A well-formed move that the rules forbid; the message says which rule."""

    exit_status = ExitStatus.REFUSED
    #: the layout and the topics of the rule that forbids the move (the command
    #: line cites its number in the rule text)
    cites: "tuple[Layout, tuple[str, ...]] | None" = None

    def message(self) -> str:
        return f"illegal move: {self}"


class AmbiguousMoveError(MoveError):
    """The move text fits several legal moves."""


def seq_text(cards: Sequence[Card], ascii: bool = False) -> str:
    return " ".join(c.text(ascii) for c in cards)


# ---------------------------------------------------------------------- notation
def move_to_text(layout: Layout, move: Move) -> str:
    """Compact notation used in saved games: ``deal``, ``3-1``, ``7:10h-8``, ``2-5x3``,
    ``remove 1 5 7 12``."""
    if move.kind == "remove":
        return " ".join(["remove", *(str(layout.piles[i].number) for i in move.piles)])
    if move.kind != "move":
        parts: list[str] = [move.kind]
        if move.src is not None:
            parts.append(str(layout.piles[move.src].number))
        if move.dst is not None:
            parts.append(str(layout.piles[move.dst].number))
        return " ".join(parts)
    assert move.src is not None and move.dst is not None, "a card move names its two piles"
    src = str(layout.piles[move.src].number)
    if move.card is not None:
        src += ":" + move.card.code
    text = f"{src}-{layout.piles[move.dst].number}"
    return text + (f"x{move.count}" if move.count != 1 else "")


def move_from_text(layout: Layout, text: str) -> Move:
    """Inverse of :func:`move_to_text` (raises InvalidMoveError)."""
    def index(number: str) -> int:
        spec = layout.by_number(int(number))
        if spec is None:
            raise InvalidMoveError(f"no pile {number}")
        return spec.index
    try:
        if "-" not in text:
            words = text.split()
            kind = MoveKind(words[0])
            if kind is MoveKind.REMOVE:
                if len(words) < 2:
                    raise InvalidMoveError(f"unreadable move {text!r}")
                return Move(kind, piles=tuple(index(w) for w in words[1:]))
            if kind is MoveKind.MOVE or len(words) > 1:  # a card move is written 3-1
                raise InvalidMoveError(f"unreadable move {text!r}")
            return Move(kind)
        src, rest = text.split("-", 1)
        card = None
        if ":" in src:
            src, code = src.split(":", 1)
            card = parse_card(code)
        count = 1
        if "x" in rest:
            rest, n = rest.split("x", 1)
            count = int(n)
        return Move(MoveKind.MOVE, index(src), index(rest), count, card)
    except (ValueError, IndexError) as exc:
        raise InvalidMoveError(f"unreadable move {text!r}") from exc


def transfer(pos: Position, src: int, dst: int, count: int = 1,
             card: Card | None = None) -> Position:
    """*pos* with the top *count* cards of pile *src* (or the card *card*,
    wherever it lies there) laid on pile *dst*."""
    piles = list(pos.piles)
    s = piles[src]
    moving: tuple[Card, ...]
    if card is not None and s[-1] != card:
        i = len(s) - 1 - s[::-1].index(card)
        moving, rest = (card,), s[:i] + s[i + 1:]
    else:
        moving, rest = s[-count:], s[:-count]
    piles[src] = rest
    piles[dst] = piles[dst] + moving
    down = pos.down
    if down[src] > len(rest):
        down = tuple(len(rest) if i == src else d for i, d in enumerate(down))
    return Position(tuple(piles), down, pos.extra)
