"""Declarative game layouts: one TOML file per game in ``layouts/``.

A layout names the game and its source, the packs, and every pile: its number
in play, role, the book's name for it, grid position and orientation for
diagrams, how it is spread, what is dealt to it, and its build rule where the
book's rule is regular.  The text board, the PDF diagram and the deal are all
drawn from this one definition.  See ``layouts/README.md`` for the format.
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from .cards import RANK_TEXT, pack_description
from .books import BOOKS
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


class Build(NamedTuple):
    """A regular build rule, for a foundation or a tableau pile."""

    direction: str = "down"   # up | down | up-or-down | none
    suit: str = "any"         # same | any | alternate
    base: int | None = None   # rank an empty pile starts with (foundations)
    until: int | None = None  # rank a foundation ends with
    empty: str = "any"        # what an empty tableau pile takes: any | none | base
    step: int = 1             # ranks between a card and the next (Mount Olympus: 2)
    wrap: bool = False        # the sequence turns the corner: K then A, A then K
    sequence: tuple[int, ...] | None = None  # a foundation's whole order of ranks,
                              # base first ("K A..Q": a king building ace to queen)
    capacity: int | None = None  # the most cards the pile may hold
    distinct_suits: bool = False  # an empty pile of the group takes its first card
                              # only of a suit no other pile of the group has yet
    base_card: str | None = None  # the one card an empty pile takes ("5h")
    one_way: bool = False     # up-or-down, but a pile keeps the way its first two
                              # cards set (the Wheatsheaf's reserve heaps)
    alone: bool = False       # a pile holding only its first card (a lone king)
                              # takes any card (Spenser's Fairie Queen)

    def describe(self) -> str:
        if self.sequence is not None:
            suit = {"same": "in suit", "any": "any suit",
                    "alternate": "alternate colours"}[self.suit]
            return f"{sequence_text(self.sequence)}, {suit}"
        bits = []
        if self.base == FIRST:
            bits.append("from the first card's rank, round the corner")
        elif self.base is not None:
            bits.append(f"{RANK_TEXT[self.base]} {'↑' if self.direction == 'up' else '↓'} "
                        f"{RANK_TEXT[self.until] if self.until else ''}".strip())
        elif self.direction != "none":
            bits.append(f"builds {self.direction}")
        if self.direction != "none":
            bits.append({"same": "in suit", "any": "any suit",
                         "alternate": "alternate colours"}[self.suit])
        return ", ".join(bits)


def parse_sequence(text: str, where: str) -> tuple[int, ...]:
    """A foundation's order of ranks from its short form: ranks and runs
    separated by spaces, a run ``X..Y`` going up or down from X to Y
    (``"K A..Q"``, ``"5..A K"``, ``"A..K K..A"``)."""
    ranks: list[int] = []
    for token in text.split():
        ends = token.split("..")
        if len(ends) > 2:
            raise LayoutError(f"{where}: {token!r} is not a rank or a run X..Y")
        first = _rank(ends[0], where)
        last = _rank(ends[-1], where)
        if first is None or last is None:
            raise LayoutError(f"{where}: {token!r} is not a rank or a run X..Y")
        way = 1 if last >= first else -1
        ranks.extend(range(first, last + way, way))
    if not ranks:
        raise LayoutError(f"{where}: the sequence is empty")
    return tuple(ranks)


def sequence_text(ranks: tuple[int, ...]) -> str:
    """The short form of a rank order, runs joined: ``K A–Q``."""
    parts: list[list[int]] = []
    for r in ranks:
        if parts and len(parts[-1]) >= 1 and abs(r - parts[-1][-1]) == 1 and \
                (len(parts[-1]) == 1 or r - parts[-1][-1] == parts[-1][-1] - parts[-1][-2]):
            parts[-1].append(r)
        else:
            parts.append([r])
    words = []
    for run in parts:
        if len(run) > 2:
            words.append(f"{RANK_TEXT[run[0]]}–{RANK_TEXT[run[-1]]}")
        else:
            words.extend(RANK_TEXT[r] for r in run)
    return " ".join(words)


class Refill(NamedTuple):
    """How a vacancy is filled: from the first of *sources* (group keys, in
    order) that has a card; *when* ``at-once`` (before anything else is done:
    by itself from a single pile such as the pack or the talon, by the
    player's choice of card from a group of several), ``player`` (an empty
    pile takes a card from these groups only, when the player likes) or
    ``deal`` (vacancies wait for the next 'deal', which fills them and does
    nothing else)."""

    sources: tuple[str, ...]
    when: str = "at-once"
    after_deal: tuple[str, ...] | None = None  # the sources once the pack has
                              # begun to be dealt (the Pyramid: the waste heap alone)
    size: int = 1             # the pile is kept at this many cards at least


class PileSpec(NamedTuple):
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
    withdraw: str | None = None  # the card taken out of the pack before the deal
                          # and laid here: a rank ("A", as it comes) or a card ("Kh")
    accepts_from: tuple[str, ...] | None = None  # the groups whose cards may be
                          # placed here (None: every group that cards leave from)
    refill: Refill | None = None  # how a vacancy here is filled
    first_claim: bool = False  # its card must be played whenever it can be
    move: str = "top"     # top | face-up-run | built-run: what leaves it in one move
    second_to: tuple[str, ...] | None = None  # a card comes here only when no
                          # pile of these groups takes it (the Windmill's centre)
    deal_up: tuple[int, ...] | str | None = None  # the foundations (numbers, or
                          # "any") a card dealt here goes up to at once, as it is dealt

    @property
    def is_face_down(self) -> bool:
        return self.face == "down"

    def hidden(self, down: int, i: int) -> bool:
        """Whether the card at *i* (0: the bottom card) of this pile lies face
        down, *down* being how many of its lowest cards have never been
        uncovered: all of them, or, where rows are dealt alternately face up
        and face down (``face = "alternate"``, the Olga), those of the rows
        dealt face down (the second, the fourth ...)."""
        return i < down and (self.face != "alternate" or i % 2 == 1)

    def hidden_count(self, down: int) -> int:
        """How many of the pile's cards lie face down (see :meth:`hidden`)."""
        return down if self.face != "alternate" else down // 2

    @property
    def ref(self) -> str:
        """The pile as every message names it: with the number the player
        types ("Foundation 8", "the Bouquet (7)")."""
        if self.label.endswith(f" {self.number}"):
            return self.label
        return f"{self.label} ({self.number})"


class Source(NamedTuple):
    book: str
    number: int | None
    title: str           # the game's title in that book
    citation: str        # a full line: "Cadogan, Illustrated Games of Patience (1914), no. 16"


class Layout(NamedTuple):
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
    variant_titles: dict[str, str] = {}  # noqa: RUF012 (never mutated)
    play: dict[str, Any] = {}   # the engine's settings: redeals, redeal_shuffle, own_packs
    board: dict[str, Any] = {}  # the renderers' settings: style, note, mark_available, pairs
    game: dict[str, Any] = {}   # settings of the game's own module, declared by it
    deal_groups: tuple[str, ...] = ()  # the order groups are dealt in (default: the file's)
    deal_up_slot: str = "refill"  # a card gone up in the deal: its place takes the next
                                  # card ("refill") or is passed over ("skip")
    deal_up_from: str = "dealt"   # during the deal, the card dealt goes up ("dealt"), or
                                  # every pile's last card too ("free")

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



_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13} | {str(r): r for r in range(2, 11)}


#: A base or end rank that the deal decides: the rank of the first card laid
#: on any pile of the group (General Sedgewick, the Terrace).
FIRST = 0


def _rank(value: Any, where: str) -> int | None:
    if value is None:
        return None
    if value == "first":
        return FIRST
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


#: Where checked layouts are kept as JSON between runs (set by the command
#: line; None: always read the TOML).
_CACHE: list[Path | None] = [None]


def use_cache(folder: Path | None) -> None:
    """Keep checked layouts in *folder* as JSON: a command then reads one small
    JSON file instead of importing a TOML parser and checking the layout
    again.  A cached copy is named after its file's size and time, so an
    edited layout is read and checked afresh."""
    _CACHE[0] = folder


@cache
def load_layout(game_id: str, variant: str | None = None) -> Layout:
    """Read a registered game's layout (raises UnknownGameError if there is none)."""
    path = layout_path(game_id)
    folder = _CACHE[0]
    if folder is not None:
        import json

        from . import __version__

        stamp = "-".join(f"{p.stat().st_mtime_ns}-{p.stat().st_size}"
                         for p in _chain(game_id))
        kept = folder / "layouts" / f"{path.stem}-{__version__}-{stamp}.json"
        try:
            return parse_layout(json.loads(kept.read_text(encoding="utf-8")), variant)
        except LayoutError:
            raise
        except Exception:  # noqa: BLE001 - no copy yet, or a damaged one: read the TOML
            pass
    raw = read_raw(game_id)
    layout = parse_layout(raw, variant)
    if folder is not None:
        _keep(kept, raw)
    return layout


def _chain(game_id: str) -> list[Path]:
    """The layout file of *game_id* and those it extends, nearest first.
    Only the top-level ``extends = "..."`` line is read (no TOML parser is
    imported for it: this runs on every command); a file that says it
    otherwise is read in full and checked when it is not in the cache."""
    chain, seen = [], set()
    gid: str | None = game_id
    while gid is not None:
        if gid in seen:
            raise LayoutError(f"layouts/{game_id}.toml: extends: {gid!r} extends itself")
        seen.add(gid)
        path = layout_path(gid)
        chain.append(path)
        gid = _extends_line(path.read_text(encoding="utf-8"))
    return chain


def _extends_line(text: str) -> str | None:
    """The value of a top-level ``extends = "id"`` line, before any table."""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            return None
        if line.startswith("extends") and "=" in line:
            key, value = line.split("=", 1)
            if key.strip() == "extends":
                return value.split("#", 1)[0].strip().strip('"').strip("'")
    return None


def read_raw(game_id: str) -> dict[str, Any]:
    """A registered game's layout as checked data.  A layout that
    ``extends`` another is that one with its own keys put over it (tables
    merged key by key, lists replaced whole, ``groups`` changing a group's
    piles as in a variant); its variants are its own."""
    import tomllib

    path = layout_path(game_id)
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    check_layout(raw, f"layouts/{path.name}")
    if "extends" not in raw:
        return raw
    if raw["extends"] == game_id or game_id in [p.stem for p in _chain(game_id)[1:]]:
        raise LayoutError(f"layouts/{path.name}: extends: the layouts extend each other")
    base = {k: v for k, v in read_raw(raw["extends"]).items() if k != "variants"}
    own = {k: v for k, v in raw.items() if k not in ("extends", "groups")}
    merged = _merge(base, own)
    groups = raw.get("groups", {})
    known = {entry["group"] for entry in merged["piles"]}
    for group in groups:
        if group not in known:
            raise LayoutError(f"layouts/{path.name}: groups: no group {group!r}")
    merged["piles"] = [{**entry, **groups.get(entry["group"], {})} for entry in merged["piles"]]
    check_layout(merged, f"layouts/{path.name}")
    return merged


def _keep(kept: Path, raw: dict[str, Any]) -> None:
    """Write a checked layout's JSON copy (and drop older copies of it)."""
    import json
    import os

    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        tmp = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, kept)
        for old in kept.parent.glob(f"{kept.name.rsplit('-', 2)[0]}-*.json"):
            if old != kept:
                old.unlink(missing_ok=True)
    except OSError:
        pass  # a cache that cannot be written only makes the next command slower


def check_layout(raw: dict[str, Any], where: str) -> None:
    """The layout's keys and values against the closed vocabulary
    (:mod:`patience_cli.layout_schema`); raises LayoutError naming the file
    and the path of the first bad value."""
    from .layout_schema import LayoutSchemaError, validate

    try:
        validate(raw, where)
    except LayoutSchemaError as exc:
        raise LayoutError(str(exc)) from None


def _per_pile_targets(value: Any, i: int) -> tuple[int, ...] | str | None:
    """A pile's ``deal_up``: "any", or its own list of foundation numbers
    (a list of lists gives one list to each pile of the group)."""
    if value is None or value == "any":
        return value
    if value and isinstance(value[0], list):
        return tuple(value[i])
    return tuple(value)


def parse_layout(raw: dict[str, Any], variant: str | None = None) -> Layout:
    variants = raw.get("variants", {})
    if variant is not None:
        if variant not in variants:
            raise LayoutError(f"{raw.get('id')}: no variant {variant!r}")
        change = variants[variant]
        raw = _merge(raw, {k: v for k, v in change.items() if k not in ("title", "groups")})
        groups = change.get("groups", {})
        known = {entry["group"] for entry in raw["piles"]}
        for group in groups:
            if group not in known:
                raise LayoutError(f"{raw.get('id')}: variants.{variant}.groups: no group "
                                  f"{group!r}")
        raw = dict(raw, piles=[{**entry, **groups.get(entry["group"], {})}
                               for entry in raw["piles"]])
    gid = raw["id"]
    src = raw["source"]
    book = src["book"]
    number = src.get("number")
    citation = (BOOKS[book].full if book in BOOKS else book) + \
        (f", no. {number}" if number else "")
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
        builds: list[Build | None] = [None]
        if b is not None:
            where = f"{gid}: piles[{n_entry}].build"
            orders = b.get("sequence")
            cards = b.get("base_card")
            if isinstance(orders, list) and len(orders) != count:
                raise LayoutError(f"{where}.sequence: {len(orders)} given for {count} piles")
            if orders is not None and ({"base", "until", "direction", "step", "wrap"} & set(b)):
                raise LayoutError(f"{where}: a sequence gives the whole order: base, until, "
                                  "direction, step and wrap go with it")
            def one_build(i: int) -> Build:
                text = orders[i] if isinstance(orders, list) else orders
                sequence = parse_sequence(text, f"{where}.sequence") if text else None
                return Build(
                    direction=b.get("direction", "up" if sequence else "down"),
                    suit=b.get("suit", "any"),
                    base=sequence[0] if sequence else _rank(b.get("base"), gid),
                    until=sequence[-1] if sequence else _rank(b.get("until"), gid),
                    empty=b.get("empty", "any"), step=b.get("step", 1),
                    wrap=b.get("wrap", False), sequence=sequence, capacity=b.get("capacity"),
                    distinct_suits=b.get("distinct_suits", False),
                    base_card=(cards[i] if isinstance(cards, list) else cards),
                    one_way=b.get("one_way", False), alone=b.get("alone", False))
            listed = isinstance(orders, list) or isinstance(cards, list)
            builds = [one_build(i) for i in range(count if listed else 1)]
        if isinstance(entry.get("deal"), list) and len(entry["deal"]) != count:
            raise LayoutError(f"{gid}: piles[{n_entry}].deal: {len(entry['deal'])} given for "
                              f"{count} pile{'s' if count != 1 else ''}")
        withdraw = entry.get("withdraw")
        if isinstance(withdraw, list) and len(withdraw) != count:
            raise LayoutError(f"{gid}: piles[{n_entry}].withdraw: {len(withdraw)} given for "
                              f"{count} pile{'s' if count != 1 else ''}")
        r = entry.get("refill")
        refill = Refill(tuple(r["from"]), r.get("when", "at-once"),
                        tuple(r["after_deal"]) if "after_deal" in r else None,
                        r.get("size", 1)) if r else None
        accepts = entry.get("accepts_from")
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
                spread=entry.get("spread", "none"),
                deal=entry["deal"][i] if isinstance(entry.get("deal"), list) else entry.get("deal"),
                face=entry.get("face", "up"), build=builds[i % len(builds)],
                available=entry.get("available", "top"), note=entry.get("note", ""),
                heading=entry.get("heading", ""), tag=entry.get("tag", "label"),
                tilt=_tilt(entry.get("tilt", 0), i, gid),
                withdraw=(withdraw[i] if withdraw[i] != "-" else None)
                if isinstance(withdraw, list) else withdraw,
                accepts_from=tuple(accepts) if accepts is not None else None,
                refill=refill, first_claim=entry.get("first_claim", False),
                move=entry.get("move", "top"),
                second_to=tuple(entry["second_to"]) if "second_to" in entry else None,
                deal_up=_per_pile_targets(entry.get("deal_up"), i)))
    groups = {p.group for p in piles}
    for g in raw.get("deal", {}).get("groups", ()):
        if g not in groups:
            raise LayoutError(f"{gid}: deal.groups: no group {g!r}")
    play = raw.get("play", {})
    for where, g in ([("play.deal_to", play["deal_to"])] if "deal_to" in play else []) + \
            [("play.regather.from", g) for g in play.get("regather", {}).get("from", ())] + \
            [("play.grace.from", g) for g in play.get("grace", {}).get("from", ())] + \
            [("play.bottom_to_top.from", g)
             for g in play.get("bottom_to_top", {}).get("from", ())] + \
            [(f"play.hold.{k}", play["hold"][k]) for k in ("group", "up", "down")
             if k in play.get("hold", {})]:
        if g not in groups:
            raise LayoutError(f"{gid}: {where}: no group {g!r}")
    hold = play.get("hold")
    if hold:
        sizes = {k: sum(1 for p in piles if p.group == hold[k]) for k in ("group", "up", "down")}
        if any(p.group in (hold["up"], hold["down"]) and p.role is not Role.FOUNDATION
               for p in piles):
            raise LayoutError(f"{gid}: play.hold: {hold['up']!r} and {hold['down']!r} must be "
                              "groups of foundations")
        if len(set(sizes.values())) != 1:
            raise LayoutError(f"{gid}: play.hold: the groups {hold['group']!r}, {hold['up']!r} "
                              f"and {hold['down']!r} must have as many piles each (a place "
                              "between each ascending foundation and its descending one)")
    if any(p.group in play.get("bottom_to_top", {}).get("from", ()) and p.face != "up"
           for p in piles):
        raise LayoutError(f"{gid}: play.bottom_to_top: its piles must lie face up (a card "
                          "laid from under a pile onto its top is seen)")
    first = play.get("regather", {}).get("first")
    if first is not None and not any(p.number == first and p.group in
                                      play["regather"]["from"] for p in piles):
        raise LayoutError(f"{gid}: play.regather.first: pile {first} is not one of the piles "
                          "taken up")
    for n_entry, entry in enumerate(raw["piles"]):
        named = list(entry.get("accepts_from", [])) + list(entry.get("second_to", [])) + \
            list(entry.get("refill", {}).get("from", [])) + \
            list(entry.get("refill", {}).get("after_deal", []))
        for g in named:
            if g not in groups:
                raise LayoutError(f"{gid}: piles[{n_entry}]: no group {g!r} (the groups are "
                                  f"{', '.join(sorted(groups))})")
        for w in ([entry["withdraw"]] if isinstance(entry.get("withdraw"), str)
                  else entry.get("withdraw", [])):
            if w != "-" and not _card_pattern(w):
                raise LayoutError(f"{gid}: piles[{n_entry}].withdraw: {w!r} is neither a rank "
                                  "(A, 2 ... K) nor a card (Kh)")
    return Layout(
        id=gid, title=raw["title"], summary=raw["summary"], rules=raw.get("rules", "standard"),
        source=source, pack_kind=raw["pack"]["kind"], pack_count=raw["pack"].get("count", 1),
        deal_order=raw.get("deal", {}).get("order", "by-pile"), piles=tuple(piles),
        deal_groups=tuple(raw.get("deal", {}).get("groups", ())),
        deal_up_slot=raw.get("deal", {}).get("up_slot", "refill"),
        deal_up_from=raw.get("deal", {}).get("up_from", "dealt"),
        variant=variant, variants=tuple(variants),
        variant_titles={k: v.get("title", k) for k, v in variants.items()},
        play=raw.get("play", {}), board=raw.get("board", {}), game=raw.get("game", {}))


def _card_pattern(text: str) -> bool:
    """Whether *text* names a rank (``A``) or a card (``Kh``)."""
    t = str(text).upper().removesuffix("+")
    for colour in ("BLACK ", "RED "):
        t = t.removeprefix(colour)
    return t in _RANKS or (t[:-1] in _RANKS and t[-1:] in "CDHS")


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


def catalogue(cache: Path | None = None) -> list[dict[str, Any]]:
    """Every registered game in a line or two (for 'patience list'): read from
    the layouts once, then from a small index kept in *cache*, made anew
    whenever a layout file changes (its name, size and time are in the
    index's name), so that listing many games does not parse every layout on
    every call."""
    import json

    files = _registry()
    stamp_text = "|".join(f"{gid}:{p.stat().st_mtime_ns}:{p.stat().st_size}"
                          for gid, p in files.items())
    from .digest import sha256

    stamp = sha256(stamp_text.encode()).hexdigest()[:16]
    index = cache / f"catalogue-{stamp}.json" if cache is not None else None
    if index is not None:
        try:
            rows = json.loads(index.read_text(encoding="utf-8"))
            if isinstance(rows, list) and [r.get("id") for r in rows] == list(files):
                return rows
        except (OSError, ValueError, AttributeError):
            pass
    rows = []
    for gid in files:
        lay = load_layout(gid)
        rows.append({"id": gid, "title": lay.title, "source": lay.source.citation,
                     "book": lay.source.book, "number": lay.source.number,
                     "packs": lay.pack_count, "pack": lay.pack_kind,
                     "cards": lay.packs, "summary": lay.summary,
                     "variants": list(lay.variants)})
    if index is not None:
        import os

        try:
            index.parent.mkdir(parents=True, exist_ok=True)
            tmp = index.with_name(f"{index.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
            os.replace(tmp, index)
            for old in index.parent.glob("catalogue-*.json"):
                if old != index:
                    old.unlink(missing_ok=True)
        except OSError:
            pass  # a cache that cannot be written is only a slower 'list'
    return rows


def game_ids() -> list[str]:
    """Every game with a layout, sorted."""
    return list(_registry())
