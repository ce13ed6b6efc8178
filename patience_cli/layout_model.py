"""The layout's model: piles with their roles, builds and refills, the game's
source and the whole layout, as the engine, the boards and the sheets read
them (:mod:`patience_cli.layout` loads them from ``layouts/``)."""


from enum import Enum
from typing import Any, ClassVar

from .cards import RANK_TEXT, pack_description
from .errors import ExitStatus, PatienceError
from .play_settings import PlaySettings
from .records import Record


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


class Build(Record):
    """A regular build rule, for a foundation or a tableau pile."""

    direction: str   # up | down | up-or-down | none
    suit: str         # same | any | alternate
    base: int | None   # rank an empty pile starts with (foundations)
    until: int | None  # rank a foundation ends with
    empty: str        # what an empty tableau pile takes: any | none | base
    step: int             # ranks between a card and the next (Mount Olympus: 2)
    wrap: bool        # the sequence turns the corner: K then A, A then K
    sequence: tuple[int, ...] | None  # a foundation's whole order of ranks,
                              # base first ("K A..Q": a king building ace to queen)
    capacity: int | None  # the most cards the pile may hold
    distinct_suits: bool  # an empty pile of the group takes its first card
                              # only of a suit no other pile of the group has yet
    base_card: str | None  # the one card an empty pile takes ("5h")
    one_way: bool     # up-or-down, but a pile keeps the way its first two
                              # cards set (the Wheatsheaf's reserve heaps)
    first_of: str     # where base and until "first" are read: the group's first card
                      # ("group"), or each pile's own (the Corners' four foundations)
    alone: bool | str  # a pile holding only its first card (a lone king) takes any
                               # card: True, or "cleared" (only once cleared down to it)
                              # takes any card (Spenser's Fairie Queen)
    step_by: str | None  # the group whose card in the same place gives the pile's step:
                         # it climbs from double that card's value by that value, round
                         # the thirteen ranks, to the king (the Great Thirteen's numerals)

    __slots__ = (
        "direction", "suit", "base", "until", "empty", "step", "wrap", "sequence", "capacity",
        "distinct_suits", "base_card", "one_way", "first_of", "alone", "step_by"
    )
    _defaults: ClassVar[dict[str, Any]] = {
        "direction": "down", "suit": "any", "base": None, "until": None, "empty": "any",
        "step": 1, "wrap": False, "sequence": None, "capacity": None, "distinct_suits": False,
        "base_card": None, "one_way": False, "first_of": "group", "alone": False,
        "step_by": None,
    }

    def describe(self) -> str:
        if self.sequence is not None:
            suit = {"same": "in suit", "any": "any suit",
                    "alternate": "alternate colours"}[self.suit]
            return f"{sequence_text(self.sequence)}, {suit}"
        bits = []
        if self.step_by is not None:
            return f"by the {self.step_by} card's value, from double it, to K"
        if self.base == FIRST:
            bits.append(("from its own first card" if self.first_of == "pile" else
                         "from the first card's rank") + (", round the corner" * self.wrap))
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


class Refill(Record):
    """How a vacancy is filled: from the first of *sources* (group keys, in
    order) that has a card; *when* ``at-once`` (before anything else is done:
    by itself from a single pile such as the pack or the talon, by the
    player's choice of card from a group of several), ``player`` (an empty
    pile takes a card from these groups only, when the player likes) or
    ``deal`` (vacancies wait for the next 'deal', which fills them and does
    nothing else)."""

    sources: tuple[str, ...]
    when: str
    after_deal: tuple[str, ...] | None  # the sources once the pack has
                              # begun to be dealt (the Pyramid: the waste heap alone)
    size: int             # the pile is kept at this many cards at least
    count: int | None     # an emptied pile takes so many cards together (la
                          # Nivernaise's Line packet, four), else one at a time to its size
    same_place: bool      # from the pile in the same place of each source group (the
                          # Star's outer card moving into the inner circle), by itself

    __slots__ = ("sources", "when", "after_deal", "size", "count", "same_place")
    _defaults: ClassVar[dict[str, Any]] = {"when": "at-once", "after_deal": None, "size": 1,
                                           "count": None, "same_place": False}


class PileSpec(Record):
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
    note: str
    heading: str     # the group's heading on the board, where not NAME + "s"
    tag: str    # label | inside: the diagram's label under the card, or
                          # only its number inside it (for close-packed grids)
    tilt: float     # degrees the card is turned on the table, about its centre
                          # (positive: its top leans left), as in the book's picture
    withdraw: str | None  # the card taken out of the pack before the deal
                          # and laid here: a rank ("A", as it comes) or a card ("Kh")
    accepts_from: tuple[str, ...] | None  # the groups whose cards may be
                          # placed here (None: every group that cards leave from)
    refill: Refill | None  # how a vacancy here is filled
    first_claim: bool | str  # its card must be played whenever it can be; on the
                          # foundations "empty": a card that can start one (Rule II)
    move: str     # top | face-up-run | built-run: what leaves it in one move
    second_to: tuple[str, ...] | None  # a card comes here only when no
                          # pile of these groups takes it (the Windmill's centre)
    deal_up: tuple[int, ...] | str | None  # the foundations (numbers, or
                          # "any") a card dealt here goes up to at once, as it is dealt
    as_they_appear: bool | str  # (a foundation) a card that starts it goes to it as soon as
                          # it is free: dealt, turned, refilled or uncovered (Anna's knaves);
                          # "every": every card it takes (Margarethe's packet of aces)
    opens_after: tuple[str, ...]  # groups every pile of which holds a card before this
                          # pile takes its first (Quadrille's fives, after the four queens)
    deal_from_top: bool  # the cards dealt together here are laid from its free end
    distinct_ranks: bool  # a card of a rank it holds is sent to the bottom of the pack
    rank: int | None      # the rank the pile is keyed to: with deal = "by-rank", the
                          # rest of the pack's cards of that rank (the Lady of the Manor)
    slip_under: tuple[int, ...]  # ranks whose cards lying on top once the lay-out is
                          # dealt are slipped underneath (the Great Thirteen's kings)
    take_top: str | None  # the group whose pile in the same place gives this pile its
                          # top card once the lay-out is dealt (the Great Thirteen's balcony)
    set_aside: str | None  # the group whose pile a card dealt here of the pile's own
                          # rank is laid on, face down, the next card taking its place
                          # (les Petits Paquets' cards matching their heap's number)
    formed: str | None    # "at-end": a foundation that takes no card while the pack or
                          # the talon holds one (the Zodiac's, formed at the end)
                                 # inwards: the first dealt is its top (Fortress's left wing)
    blocked_by: tuple[str, ...]  # groups whose pile in the same place blocks this one
                                 # while it holds a card (the Shah's circles)
    caption_at: tuple[float, float] | None  # where the sheet centres the group's
                                 # caption, where its piles leave no room beside them

    __slots__ = (
        "index", "number", "key", "group", "role", "name", "label", "at", "orientation", "spread",
        "deal", "face", "build", "available", "note", "heading", "tag", "tilt", "withdraw",
        "accepts_from", "refill", "first_claim", "move", "second_to", "deal_up",
        "as_they_appear", "opens_after", "deal_from_top", "distinct_ranks", "blocked_by",
        "caption_at", "rank", "slip_under", "take_top", "set_aside", "formed",
    )
    _defaults: ClassVar[dict[str, Any]] = {
        "note": "", "heading": "", "tag": "label", "tilt": 0.0, "withdraw": None,
        "accepts_from": None, "refill": None, "first_claim": False, "move": "top",
        "second_to": None, "deal_up": None, "as_they_appear": False, "opens_after": (),
        "deal_from_top": False, "distinct_ranks": False,
        "blocked_by": (), "caption_at": None, "rank": None, "slip_under": (),
        "take_top": None, "set_aside": None, "formed": None,
    }

    @property
    def several_free(self) -> bool:
        """Whether more than its top card may be free at once (a hand, a column
        free at both ends): a move from it names its card."""
        return self.available in ("all", "ends", "ends-once-dealt", "all-once-dealt", "below")

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
        types ("Foundation 8", "Bouquet (7)")."""
        if self.label.endswith(f" {self.number}"):
            return self.label
        return f"{self.label} ({self.number})"

    @property
    def the_ref(self) -> str:
        """:attr:`ref` as a sentence names it: a pile called by its number as
        a name is ("Row 1 is empty"), one called by its name with "the"
        ("the Bouquet (7) is empty"), one whose name is a player's ("A's
        pack") without it ("A's pack (14) is dealt")."""
        ref = self.ref
        first = self.label.split(" ", 1)[0]
        if self.label.endswith(f" {self.number}") or first.endswith("'s"):
            return ref
        return f"the {ref}"


class Source(Record):
    book: str
    number: int | None
    title: str           # the game's title in that book
    citation: str        # a full line: "Cadogan, Illustrated Games of Patience (1914), no. 16"

    __slots__ = ("book", "number", "title", "citation")


class Layout(Record):
    id: str
    title: str
    summary: str
    rules: str                  # the rules module in patience_cli.games
    source: Source
    pack_kind: str
    pack_count: int
    deal_order: str             # by-pile | rounds
    piles: tuple[PileSpec, ...]
    variant: str | None
    variants: tuple[str, ...]
    variant_titles: dict[str, str]  # noqa: RUF012 (never mutated)
    play: PlaySettings  # the [play] table, typed: the rules it names
    board: dict[str, Any]  # the renderers' settings: style, note, mark_available, pairs
    game: dict[str, Any]   # settings of the game's own module, declared by it
    deal_groups: tuple[str, ...]  # the order groups are dealt in (default: the file's)
    deal_piles: tuple[int, ...]  # the order piles are dealt in, by number, where the
                                 # book deals across groups (the Corners' three rows)
    deal_up_slot: str  # a card gone up in the deal: its place takes the next
                                  # card ("refill") or is passed over ("skip")
    deal_up_from: str   # during the deal, the card dealt goes up ("dealt"), or
                                  # every pile's last card too ("free")
    deal_last: tuple  # ranks (numbers) and cards put at the bottom of the pack before the deal

    __slots__ = (
        "id", "title", "summary", "rules", "source", "pack_kind", "pack_count", "deal_order",
        "piles", "variant", "variants", "variant_titles", "play", "board", "game", "deal_groups",
        "deal_piles", "deal_up_slot", "deal_up_from", "deal_last"
    )
    _defaults: ClassVar[dict[str, Any]] = {
        "variant": None, "variants": (), "variant_titles": {}, "play": PlaySettings(),
        "board": {}, "game": {}, "deal_groups": (), "deal_piles": (), "deal_up_slot": "refill",
        "deal_up_from": "dealt", "deal_last": (),
    }

    @property
    def packs(self) -> str:
        return pack_description(self.pack_kind, self.pack_count)

    def by_number(self, number: int) -> PileSpec | None:
        for p in self.piles:
            if p.number == number:
                return p
        return None

    def index_of(self, number: int) -> int:
        """The index of the pile numbered *number* (a number the layout's
        checks have found among its piles)."""
        spec = self.by_number(number)
        if spec is None:
            raise KeyError(f"{self.id} has no pile numbered {number}")
        return spec.index

    def group(self, name: str) -> tuple[PileSpec, ...]:
        return tuple(p for p in self.piles if p.group == name)

    def role(self, role: Role) -> tuple[PileSpec, ...]:
        return tuple(p for p in self.piles if p.role == role)

    def dealt_in_order(self, as_filed: bool = False) -> list[PileSpec]:
        """The piles dealt a fixed count of cards, in the order the lay-out
        deals them: ``deal.piles`` (by number), else ``deal.groups``, else the
        file's (with *as_filed*, ``deal.piles`` left aside: the order seeded
        deals were once dealt in)."""
        fixed = [p for p in self.piles if isinstance(p.deal, int)]
        if self.deal_groups:
            rank = {g: n for n, g in enumerate(self.deal_groups)}
            fixed.sort(key=lambda p: rank.get(p.group, len(rank)))  # stable: file order within
        if self.deal_piles and not as_filed:
            at = {n: k for k, n in enumerate(self.deal_piles)}
            fixed.sort(key=lambda p: at.get(p.number, len(at)))
        return fixed

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
