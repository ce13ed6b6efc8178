"""Declarative game layouts: one TOML file per game in ``layouts/``.

A layout names the game and its source, the packs, and every pile: its number
in play, role, the book's name for it, grid position and orientation for
diagrams, how it is spread, what is dealt to it, and its build rule where the
book's rule is regular.  The text board, the PDF diagram and the deal are all
drawn from this one definition.  See ``layouts/README.md`` for the format.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from .cards import RANK_TEXT, pack_description
from .errors import ExitStatus, PatienceError

_PACKAGE_DIR = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """``layouts`` or ``rules_text``: inside the installed package, or at the
    top of a source checkout."""
    installed = _PACKAGE_DIR / name
    if installed.is_dir():
        return installed
    return _PACKAGE_DIR.parent / name


class LayoutError(PatienceError, ValueError):
    """A layout file that does not follow the format, or a game that has none."""

    exit_status = ExitStatus.USAGE


class UnknownGameError(LayoutError):
    """A game id that is not in the registry."""


class Role(Enum):
    FOUNDATION = "foundation"
    TABLEAU = "tableau"      # packets, fans, columns: built on in play
    RESERVE = "reserve"      # cards to be played from, never built on
    STOCK = "stock"          # the pack still to be dealt, face down
    TALON = "talon"          # cards turned from the stock
    DISCARD = "discard"      # cards put out of play (pairs, fours)
    DECORATION = "decoration"  # cards laid out for show only


@dataclass(frozen=True, slots=True)
class Build:
    """A regular build rule, for a foundation or a tableau pile."""

    direction: str = "down"   # up | down | up-or-down | none
    suit: str = "any"         # same | any | alternate
    base: int | None = None   # rank an empty pile starts with (foundations)
    until: int | None = None  # rank a foundation ends with
    empty: str = "any"        # what an empty tableau pile takes: any | none | base

    def describe(self) -> str:
        bits = []
        if self.base is not None:
            bits.append(f"{RANK_TEXT[self.base]} {'↑' if self.direction == 'up' else '↓'} "
                        f"{RANK_TEXT[self.until] if self.until else ''}".strip())
        elif self.direction != "none":
            bits.append(f"builds {self.direction}")
        if self.direction != "none":
            bits.append({"same": "in suit", "any": "any suit",
                         "alternate": "alternate colours"}[self.suit])
        return ", ".join(bits)


@dataclass(frozen=True, slots=True)
class PileSpec:
    index: int            # position in the layout's pile list (internal)
    number: int           # the number a player types
    key: str              # unique key, e.g. "garden-3"
    group: str            # the group this pile belongs to, e.g. "garden"
    role: Role
    name: str             # the book's name for the group: "Garden"
    label: str            # this pile's own label: "Garden 3"
    at: tuple[float, float]  # grid position (column, row) in card units
    orientation: str      # upright | crosswise
    spread: str           # none | down | right | fan | hand
    deal: int | str | None  # cards dealt at the start: a number, "rest", or None
    face: str             # up | down: how dealt cards lie
    build: Build | None
    available: str        # top | all | none: which cards can be played from it
    note: str = ""
    heading: str = ""     # the group's heading on the board, where not NAME + "s"
    tag: str = "label"    # label | inside: the diagram's label under the card, or
                          # only its number inside it (for close-packed grids)
    tilt: float = 0.0     # degrees the card is turned on the table, about its centre
                          # (positive: its top leans left), as in the book's picture

    @property
    def is_face_down(self) -> bool:
        return self.face == "down"

    @property
    def ref(self) -> str:
        """The pile as every message names it: with the number the player
        types ("Foundation 8", "the Bouquet (7)")."""
        if self.label.endswith(f" {self.number}"):
            return self.label
        return f"{self.label} ({self.number})"


@dataclass(frozen=True, slots=True)
class Source:
    book: str
    number: int | None
    title: str           # the game's title in that book
    citation: str        # a full line: "Cadogan, Illustrated Games of Patience (1914), no. 16"


@dataclass(frozen=True, slots=True)
class Layout:
    id: str
    title: str
    summary: str
    rules: str                  # the rules module in patience_cli.games
    source: Source
    pack_kind: str
    pack_count: int
    deal_order: str             # by-pile | rounds
    piles: tuple[PileSpec, ...]
    variant: str | None = None
    variants: tuple[str, ...] = ()
    variant_titles: dict[str, str] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)  # game-specific settings

    @property
    def packs(self) -> str:
        return pack_description(self.pack_kind, self.pack_count)

    def by_number(self, number: int) -> PileSpec | None:
        for p in self.piles:
            if p.number == number:
                return p
        return None

    def group(self, name: str) -> tuple[PileSpec, ...]:
        return tuple(p for p in self.piles if p.group == name)

    def role(self, role: Role) -> tuple[PileSpec, ...]:
        return tuple(p for p in self.piles if p.role == role)

    def groups(self) -> list[tuple[str, tuple[PileSpec, ...]]]:
        seen: dict[str, list[PileSpec]] = {}
        for p in self.piles:
            seen.setdefault(p.group, []).append(p)
        return [(g, tuple(ps)) for g, ps in seen.items()]


BOOKS = {
    "cadogan": "Lady Adelaide Cadogan, Illustrated Games of Patience (1914 edition)",
    "hoffmann": "Professor Hoffmann, The Illustrated Book of Patience Games (1892)",
    "cheney": "Ednah D. Cheney, Patience (1869; 3rd ed. 1894)",
    "patience-games": "Patience Games (an anonymous later handbook; seed excerpt)",
}

_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13} | {str(r): r for r in range(2, 11)}


def _rank(value: Any, where: str) -> int | None:
    if value is None:
        return None
    r = _RANKS.get(str(value).upper())
    if r is None:
        raise LayoutError(f"{where}: {value!r} is not a rank")
    return r


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


@cache
def _registry() -> dict[str, Path]:
    """Every game id with its layout file: the one place a game id meets a path."""
    return {p.stem: p for p in sorted(data_dir("layouts").glob("*.toml"))}


def layout_path(game_id: str) -> Path:
    """The layout file of a registered game; an id is looked up, never joined
    onto a path (a saved game's id is data written by someone else)."""
    try:
        return _registry()[game_id]
    except (KeyError, TypeError):
        raise UnknownGameError(f"no game called {str(game_id)[:40]!r} is registered") from None


@cache
def load_layout(game_id: str, variant: str | None = None) -> Layout:
    """Read a registered game's layout (raises UnknownGameError if there is none)."""
    path = layout_path(game_id)
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    check_layout(raw, f"layouts/{path.name}")
    return parse_layout(raw, variant)


def check_layout(raw: dict[str, Any], where: str) -> None:
    """The layout's keys and values against the closed vocabulary
    (:mod:`patience_cli.layout_schema`); raises LayoutError naming the file
    and the path of the first bad value."""
    from .layout_schema import LayoutSchemaError, validate

    try:
        validate(raw, where)
    except LayoutSchemaError as exc:
        raise LayoutError(str(exc)) from None


def parse_layout(raw: dict[str, Any], variant: str | None = None) -> Layout:
    variants = raw.get("variants", {})
    if variant is not None:
        if variant not in variants:
            raise LayoutError(f"{raw.get('id')}: no variant {variant!r}")
        raw = _merge(raw, {k: v for k, v in variants[variant].items() if k != "title"})
    gid = raw["id"]
    src = raw["source"]
    book = src["book"]
    number = src.get("number")
    citation = BOOKS.get(book, book) + (f", no. {number}" if number else "")
    if src.get("title"):
        citation += f", “{src['title']}”"
    source = Source(book=book, number=number, title=src.get("title", raw["title"]),
                    citation=citation)

    piles: list[PileSpec] = []
    keys: set[str] = set()
    numbers: set[int] = set()
    for n_entry, entry in enumerate(raw["piles"]):
        count = entry.get("count", 1)
        for key in ("labels", "at", "orientation", "tilt"):
            value = entry.get(key)
            lists = isinstance(value, list) and (key != "at" or isinstance(value[0], list))
            if lists and key in ("labels", "at") and len(value) != count:
                raise LayoutError(f"{gid}: piles[{n_entry}].{key}: {len(value)} given for "
                                  f"{count} pile{'s' if count != 1 else ''}")
        first = entry["number"]
        at = entry.get("at", [0, 0])
        step = entry.get("step", [1, 0])
        wrap = entry.get("wrap")
        group = entry["group"]
        b = entry.get("build")
        build = None
        if b is not None:
            build = Build(
                direction=b.get("direction", "down"), suit=b.get("suit", "any"),
                base=_rank(b.get("base"), gid), until=_rank(b.get("until"), gid),
                empty=b.get("empty", "any"))
        labels = entry.get("labels")
        for i in range(count):
            number = first + i
            key = f"{group}-{i + 1}" if count > 1 else group
            if key in keys or number in numbers:
                raise LayoutError(f"{gid}: pile {key!r} or number {number} given twice")
            keys.add(key)
            numbers.add(number)
            col, row = (i % wrap, i // wrap) if wrap else (i, 0)
            if at and isinstance(at[0], list):  # one position per pile
                pos = (at[i][0], at[i][1])
            else:
                pos = (at[0] + col * step[0] + (row * entry.get("row_step", [0, 1])[0] if wrap else 0),
                       at[1] + col * step[1] + (row * entry.get("row_step", [0, 1])[1] if wrap else 0))
            orientation = _orientation(entry.get("orientation", "upright"), i, gid)
            if isinstance(entry.get("orientation"), list):
                # mixed orientations: each card centred in a square cell
                half = (1.4 - 1.0) / 2
                pos = (pos[0] + half, pos[1]) if orientation == "upright" else \
                    (pos[0], pos[1] + half)
            name = entry["name"]
            if labels:
                label = labels[i]
            elif count > 1 and entry.get("label_by", "number") == "number":
                label = f"{name} {number}"  # the number a player types
            else:
                label = f"{name} {i + 1}" if count > 1 else name
            piles.append(PileSpec(
                index=len(piles), number=number, key=key, group=group,
                role=Role(entry["role"]), name=name, label=label, at=pos,
                orientation=orientation,
                spread=entry.get("spread", "none"), deal=entry.get("deal"),
                face=entry.get("face", "up"), build=build,
                available=entry.get("available", "top"), note=entry.get("note", ""),
                heading=entry.get("heading", ""), tag=entry.get("tag", "label"),
                tilt=_tilt(entry.get("tilt", 0), i, gid)))
    return Layout(
        id=gid, title=raw["title"], summary=raw["summary"], rules=raw.get("rules", "standard"),
        source=source, pack_kind=raw["pack"]["kind"], pack_count=raw["pack"].get("count", 1),
        deal_order=raw.get("deal", {}).get("order", "by-pile"), piles=tuple(piles),
        variant=variant, variants=tuple(variants),
        variant_titles={k: v.get("title", k) for k, v in variants.items()},
        options=raw.get("options", {}))


def _orientation(value: Any, i: int, gid: str) -> str:
    """``upright``, ``crosswise``, or a list of them taken in turn pile by pile
    (the Carpet's checkerboard)."""
    if isinstance(value, list):
        value = value[i % len(value)]
    if value not in ("upright", "crosswise"):
        raise LayoutError(f"{gid}: orientation {value!r} is neither upright nor crosswise")
    return value


def _tilt(value: Any, i: int, gid: str) -> float:
    """Degrees a card is turned on the table, or a list taken pile by pile."""
    if isinstance(value, list):
        value = value[i % len(value)]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not -90 <= value <= 90:
        raise LayoutError(f"{gid}: tilt {value!r} is not a number of degrees from -90 to 90")
    return float(value)


def game_ids() -> list[str]:
    """Every game with a layout, sorted."""
    return list(_registry())
