"""The ``[play]`` table of a layout, typed: one record for each rule it names,
read once when the layout is loaded (:func:`parse_play`), so that the rule
features read fields, never a raw table.  The vocabulary and its checks are
:data:`patience_cli.layout_schema.PLAY`; ``layouts/README.md`` says what each
key means and which feature carries it."""

from __future__ import annotations

from typing import Any, ClassVar

from .records import Record


class Regather(Record):
    """A new deal of the tableau: from (the groups, pile by pile), shuffle, times
    (None: without limit), stall, last_first, first (the pile it begins with),
    to (``piles``: dealt again at once as at the start; ``stock``: back into the
    pack, to be dealt by the game's own dealing step), order (the numbers of the
    piles in the order they are taken up, where not the layout's)."""

    __slots__ = ("groups", "shuffle", "times", "stall", "last_first", "first", "to", "order")
    groups: tuple[str, ...]
    shuffle: bool
    times: int | None
    stall: int | None
    last_first: bool
    first: int | None
    to: str
    order: tuple[int, ...]
    _defaults: ClassVar[dict[str, Any]] = {
        "groups": (), "shuffle": False, "times": 1, "stall": None, "last_first": False,
        "first": None, "to": "piles", "order": ()}


class BottomToTop(Record):
    """The undermost cards laid on top: the groups, how often."""

    __slots__ = ("groups", "times")
    groups: tuple[str, ...]
    times: int
    _defaults: ClassVar[dict[str, Any]] = {"groups": (), "times": 1}


class Hold(Record):
    """Cards laid aside between two foundations: the places, the pairs, who decides."""

    __slots__ = ("group", "up", "down", "decide")
    group: str
    up: str
    down: str
    decide: str
    _defaults: ClassVar[dict[str, Any]] = {
        "group": None, "up": None, "down": None, "decide": "continuing"}


class Grace(Record):
    """A counted grace: the groups, how often, the row, the ranks, only before the start."""

    __slots__ = ("groups", "times", "row", "ranks", "before_start", "once_dealt")
    groups: tuple[str, ...]
    times: int
    row: int | None
    ranks: tuple[str, ...] | None
    before_start: bool
    once_dealt: bool
    _defaults: ClassVar[dict[str, Any]] = {
        "groups": (), "times": 1, "row": None, "ranks": None, "before_start": False,
        "once_dealt": False}


class Score(Record):
    """Counters: the stake paid, and so many won for each card on a foundation."""

    __slots__ = ("stake", "per_card")
    stake: int
    per_card: int
    _defaults: ClassVar[dict[str, Any]] = {"stake": 0, "per_card": 0}


class OntoLatest(Record):
    """The pack dealt onto the latest pile of a group."""

    __slots__ = ("group", "routes", "up_at_once", "build_after_deal")
    group: str
    routes: dict[str, str]
    up_at_once: bool
    build_after_deal: bool
    _defaults: ClassVar[dict[str, Any]] = {
        "group": None, "routes": {}, "up_at_once": False, "build_after_deal": False}


class Rows(Record):
    """Progressive rows: across the piles of one group (``group``), or each
    row a group of its own (``groups``: the Shah's circles), refilled from the
    groups ``sources`` (the pack by default)."""

    __slots__ = ("group", "groups", "refill", "also", "sources", "laid_over")
    group: str | None
    groups: tuple[str, ...]
    refill: str
    also: str | None
    sources: tuple[str, ...]
    laid_over: bool
    _defaults: ClassVar[dict[str, Any]] = {"group": None, "groups": (), "refill": "pause",
                                           "also": None, "sources": ("stock",),
                                           "laid_over": False}


class ChooseBase(Record):
    """The foundations' base chosen by the player from the cards dealt to a group."""

    __slots__ = ("group",)
    group: str
    _defaults: ClassVar[dict[str, Any]] = {"group": None}


class Exchange(Record):
    """Cards passed between the ascending and the descending foundations."""

    __slots__ = ("up", "down")
    up: str
    down: str
    _defaults: ClassVar[dict[str, Any]] = {}


class LookAhead(Record):
    """How deep the packets of a group may be looked into: as many cards as
    the group ``by`` has empty piles."""

    __slots__ = ("group", "by")
    group: str
    by: str
    _defaults: ClassVar[dict[str, Any]] = {}


class Placing(Record):
    """Rounds of cards the player places on a group, and whether the group's
    cards wait while a round is laid (``frozen``)."""

    __slots__ = ("group", "round", "frozen")
    group: str
    round: int
    frozen: bool
    _defaults: ClassVar[dict[str, Any]] = {"frozen": True}


class Pairs(Record):
    """Removal by pairs: the groups whose free cards pair (``groups``, the
    layout's ``from``), the number two cards make, the ranks (1 to 13) that
    go out alone, and a group of one place for an extra card; with cover, the
    ranks of three cards covered together (``triple``) and how the game closes
    (``close``: ``matched``, won when what is left all pairs)."""

    __slots__ = ("groups", "total", "alike", "singles", "extra", "cover", "reserve", "partner",
                 "line", "triple", "close")
    groups: tuple[str, ...]
    total: int
    alike: bool | str
    singles: tuple[int, ...]
    extra: str | None
    cover: bool
    reserve: str | None
    partner: str | None
    line: bool
    triple: tuple[int, ...]
    close: str | None
    _defaults: ClassVar[dict[str, Any]] = {"total": 0, "alike": False, "singles": (),
                                           "extra": None, "cover": False, "reserve": None,
                                           "partner": None, "line": False, "triple": (),
                                           "close": None}


class Count(Record):
    """A count called aloud as the pack is dealt: the ranks called in turn,
    and whether the count begins again after a card answers."""

    __slots__ = ("calls", "restart")
    calls: tuple[int, ...]
    restart: bool
    _defaults: ClassVar[dict[str, Any]] = {"restart": False}


class Travel(Record):
    """Heaps keyed to ranks, each card slipped under its heap and that heap's
    top card travelling on: the heaps, the pile cards of no heap are laid
    aside on, the pile the next traveller comes from after one, and until
    when a chain runs (``playable``: while no card can go to a foundation)."""

    __slots__ = ("group", "aside", "spare", "until")
    group: str
    aside: str | None
    spare: str | None
    until: str | None
    _defaults: ClassVar[dict[str, Any]] = {"aside": None, "spare": None, "until": None}


class ChangePlaces(Record):
    """Cards changing places when play comes to a stand: the places, how
    many cards change with as many others, and how often (each stand, or
    once a game)."""

    __slots__ = ("group", "cards", "per")
    group: str
    cards: int
    per: str
    _defaults: ClassVar[dict[str, Any]] = {"cards": 2, "per": "block"}


class Between(Record):
    """Cards thrown out from between two that match: the row's group and how
    many cards may lie between."""

    __slots__ = ("group", "most")
    group: str
    most: int
    _defaults: ClassVar[dict[str, Any]] = {"most": 2}


class RedealPackets(Record):
    """The packets of a group re-dealt one by one, each round the others:
    the group."""

    __slots__ = ("group",)
    group: str
    _defaults: ClassVar[dict[str, Any]] = {}


class Crowned(Record):
    """Crowned sets: the groups cards are taken from, the number they make,
    how many make it, the ranks that crown a set, and the group of places a
    crowned packet is laid on."""

    __slots__ = ("groups", "total", "cards", "crown", "to")
    groups: tuple[str, ...]
    total: int
    cards: int
    crown: tuple[int, ...]
    to: str
    _defaults: ClassVar[dict[str, Any]] = {"cards": 3, "crown": (11, 12, 13)}


class PlaySettings(Record):
    """Every key of [play], typed; a rule the layout does not name is None."""

    __slots__ = ("redeals", "redeal_shuffle", "own_packs", "deal_to", "deal_cards", "deal_slots",
                 "deal_last_slots", "deal_per_step", "regather",
                 "bottom_to_top", "hold", "grace", "score", "onto_latest", "rows", "choose_base",
                 "exchange", "look_ahead", "placing", "pairs", "count", "travel",
                 "change_places", "between", "redeal_packets", "crowned",
                 "hemispheres")
    redeals: int | None
    redeal_shuffle: bool
    own_packs: bool
    deal_to: str | None
    deal_cards: int
    deal_slots: tuple[int, ...]
    deal_last_slots: tuple[int, ...]
    deal_per_step: int
    regather: Regather | None
    bottom_to_top: BottomToTop | None
    hold: Hold | None
    grace: Grace | None
    score: Score | None
    onto_latest: OntoLatest | None
    rows: Rows | None
    choose_base: ChooseBase | None
    exchange: Exchange | None
    look_ahead: LookAhead | None
    placing: Placing | None
    pairs: Pairs | None
    count: Count | None
    travel: Travel | None
    change_places: ChangePlaces | None
    between: Between | None
    redeal_packets: RedealPackets | None
    crowned: Crowned | None
    hemispheres: dict[str, tuple[str, ...]] | None
    _defaults: ClassVar[dict[str, Any]] = {
        "redeals": 0, "redeal_shuffle": False, "own_packs": False, "deal_to": None,
        "deal_cards": 1, "deal_slots": (), "deal_last_slots": (), "deal_per_step": 0,
        "regather": None, "bottom_to_top": None, "hold": None, "grace": None, "score": None,
        "onto_latest": None, "rows": None, "choose_base": None, "exchange": None,
        "look_ahead": None, "placing": None, "pairs": None, "count": None,
        "travel": None, "change_places": None, "between": None, "redeal_packets": None,
        "crowned": None, "hemispheres": None}


def parse_play(table: dict[str, Any]) -> PlaySettings:
    """The ``[play]`` table (already checked against the vocabulary), typed."""
    regather = table.get("regather")
    times = None if not regather else regather.get("times", 1)
    grace = table.get("grace")
    deal_to = table.get("deal_to")
    return PlaySettings(
        # "unlimited": None, a redeal as long as each deal through the pack places a card
        redeals=None if table.get("redeals") == "unlimited" else int(table.get("redeals", 0)),
        redeal_shuffle=bool(table.get("redeal_shuffle", False)),
        own_packs=bool(table.get("own_packs", False)),
        # deal_to: the group, or a table: the group and the cards laid on each pile
        deal_to=deal_to.get("group") if isinstance(deal_to, dict) else deal_to,
        deal_cards=int(deal_to.get("cards", 1)) if isinstance(deal_to, dict) else 1,
        # or the piles, by number, a round's cards fall to in turn (la Parisienne)
        deal_slots=tuple(deal_to.get("slots", ())) if isinstance(deal_to, dict) else (),
        deal_last_slots=tuple(deal_to.get("last_slots", ())) if isinstance(deal_to, dict)
        else (),
        # the slots laid at one deal step, where not the whole round (the Spark's threes)
        deal_per_step=int(deal_to.get("per_deal", 0)) if isinstance(deal_to, dict) else 0,
        # times = 0: a variant's way to say there is no new deal
        regather=None if not regather or times == 0 else Regather(
            tuple(regather.get("from", ())), bool(regather.get("shuffle", False)),
            None if times is None or times == "unlimited" else int(times), regather.get("stall"),
            bool(regather.get("last_first", False)), regather.get("first"),
            regather.get("to", "piles"), tuple(regather.get("order", ()))),
        bottom_to_top=_made(BottomToTop, table.get("bottom_to_top"), groups="from"),
        hold=_made(Hold, table.get("hold")),
        # times = 0: a variant's way to say there is no grace
        grace=None if not grace or grace.get("times", 1) == 0 else Grace(
            tuple(grace.get("from", ())), int(grace.get("times", 1)), grace.get("row"),
            None if grace.get("ranks") is None else tuple(str(r).upper()
                                                           for r in grace["ranks"]),
            bool(grace.get("before_start", False)), bool(grace.get("once_dealt", False))),
        score=_made(Score, table.get("score")),
        onto_latest=_made(OntoLatest, table.get("onto_latest")),
        rows=_rows(table.get("rows")),
        choose_base=ChooseBase(table["choose_base"]["from"]) if table.get("choose_base")
        else None,
        exchange=_made(Exchange, table.get("exchange")),
        look_ahead=_made(LookAhead, table.get("look_ahead")),
        placing=_made(Placing, table.get("placing")),
        pairs=_pairs(table.get("pairs")),
        count=_count(table.get("count")),
        travel=_made(Travel, table.get("travel")),
        change_places=_made(ChangePlaces, table.get("change_places")),
        between=_made(Between, table.get("between")),
        redeal_packets=_made(RedealPackets, table.get("redeal_packets")),
        crowned=_crowned(table.get("crowned")),
        # the groups that are each colour's home (the Hemispheres' Races)
        hemispheres=None if not table.get("hemispheres") else
        {c: tuple(g) for c, g in table["hemispheres"].items()},
    )


def _crowned(table: dict[str, Any] | None) -> Crowned | None:
    if not table:
        return None
    from .cards import parse_rank

    return Crowned(tuple(table["from"]), int(table["total"]), int(table.get("cards", 3)),
                   tuple(parse_rank(r) for r in table.get("crown", ("J", "Q", "K"))),
                   table["to"])


def _count(table: dict[str, Any] | None) -> Count | None:
    if not table:
        return None
    from .cards import parse_rank

    return Count(tuple(parse_rank(r) for r in table["calls"]), bool(table.get("restart", False)))


def _pairs(table: dict[str, Any] | None) -> Pairs | None:
    if not table:
        return None
    from .cards import parse_rank

    alike = table.get("alike", False)
    return Pairs(tuple(table["from"]), int(table.get("total", 0)),
                 alike if alike == "suit" else bool(alike),
                 tuple(parse_rank(r) for r in table.get("singles", ())),
                 table.get("extra"), bool(table.get("cover", False)), table.get("reserve"),
                 table.get("partner"), bool(table.get("line", False)),
                 tuple(parse_rank(r) for r in table.get("triple", ())), table.get("close"))


def _rows(table: dict[str, Any] | None) -> Rows | None:
    if not table:
        return None
    values = dict(table)
    if "from" in values:
        values["sources"] = tuple(values.pop("from"))
    if "groups" in values:
        values["groups"] = tuple(values["groups"])
    return Rows(**values)


def _made(kind: type, table: dict[str, Any] | None, groups: str | None = None) -> Any:
    """*kind* made of *table*'s keys (the key *groups* read as the field
    ``groups``, a tuple), or None where the table is absent or empty."""
    if not table:
        return None
    values = dict(table)
    if groups is not None:
        values["groups"] = tuple(values.pop(groups))
    return kind(**values)
