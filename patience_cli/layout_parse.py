"""A layout's TOML read into its model: checked against the vocabulary
(:mod:`patience_cli.layout_schema`), then its piles, builds and refills made
real, a variant's changes applied."""

from __future__ import annotations

import re
from typing import Any

from .books import BOOKS
from .layout_model import (
    _RANKS,
    Build,
    Layout,
    LayoutError,
    PileSpec,
    Refill,
    Role,
    Source,
    _merge,
    _rank,
    parse_sequence,
)
from .play_settings import parse_play


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
    if value is None or value in ("any", "starts"):
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
        # quotes within the title turn single inside the double ones: “‘Covering’ Patience”
        citation += ", “" + re.sub(r'"([^"]*)"', "‘\\1’", src["title"]) + "”"
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
            stepped = b.get("step_by")
            if stepped is not None and ({"sequence", "base", "until", "direction", "step",
                                         "wrap"} & set(b)):
                raise LayoutError(f"{where}: step_by gives the whole order (double the card's "
                                  "value, then on by it round the ranks to the king): sequence, "
                                  "base, until, direction, step and wrap go with it")

            def one_build(i: int, orders: Any = orders, cards: Any = cards,
                          stepped: Any = stepped, b: dict = b, where: str = where) -> Build:
                text = orders[i] if isinstance(orders, list) else orders
                sequence = parse_sequence(text, f"{where}.sequence") if text else None
                if stepped is not None:
                    return Build(direction="up", suit=b.get("suit", "any"), until=13,
                                 wrap=True, empty=b.get("empty", "base"),
                                 capacity=b.get("capacity"), step_by=stepped)
                return Build(
                    direction=b.get("direction", "up" if sequence else "down"),
                    suit=b.get("suit", "any"),
                    base=sequence[0] if sequence else _rank(b.get("base"), gid),
                    until=sequence[-1] if sequence else _rank(b.get("until"), gid),
                    empty=b.get("empty", "any"), step=b.get("step", 1),
                    wrap=b.get("wrap", False), sequence=sequence, capacity=b.get("capacity"),
                    distinct_suits=b.get("distinct_suits", False),
                    base_card=(cards[i] if isinstance(cards, list) else cards),
                    one_way=b.get("one_way", False), first_of=b.get("first_of", "group"),
                    alone=b.get("alone", False))
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
                        r.get("size", 1), r.get("count"),
                        r.get("same_place", False)) if r else None
        accepts = entry.get("accepts_from")
        labels = entry.get("labels")
        ranks = entry.get("rank")
        if isinstance(ranks, list) and len(ranks) != count:
            raise LayoutError(f"{gid}: piles[{n_entry}].rank: {len(ranks)} given for {count} "
                              f"pile{'s' if count != 1 else ''}")
        if entry.get("deal") == "by-rank" and ranks is None:
            raise LayoutError(f"{gid}: piles[{n_entry}]: deal = \"by-rank\" needs rank (the "
                              "rank whose cards each pile takes)")
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
                deal_up=_per_pile_targets(entry.get("deal_up"), i),
                as_they_appear=entry.get("as_they_appear", False),
                opens_after=tuple(entry.get("opens_after", ())),
                deal_from_top=entry.get("deal_from_top", False),
                distinct_ranks=entry.get("distinct_ranks", False),
                blocked_by=tuple(entry.get("blocked_by", ())),
                caption_at=tuple(entry["caption_at"]) if "caption_at" in entry else None,
                rank=None if ranks is None else
                _rank(ranks[i] if isinstance(ranks, list) else ranks, gid),
                slip_under=tuple(_rank(r, gid) for r in entry.get("slip_under", ())),
                take_top=entry.get("take_top"), set_aside=entry.get("set_aside"),
                formed=entry.get("formed")))
    groups = {p.group for p in piles}
    for g in raw.get("deal", {}).get("groups", ()):
        if g not in groups:
            raise LayoutError(f"{gid}: deal.groups: no group {g!r}")
    if any(p.get("deal_from_top") for p in raw.get("piles", [])) and (
            raw.get("deal", {}).get("order", "by-pile") != "by-pile"
            or any("withdraw" in p for p in raw.get("piles", []))):
        raise LayoutError(f"{gid}: deal_from_top: only for a pack dealt pile by pile, with "
                          "no card withdrawn first")
    play = raw.get("play", {})
    pairs = play.get("pairs")
    if pairs is not None and ("triple" in pairs or "close" in pairs) and not pairs.get("cover"):
        raise LayoutError(f"{gid}: play.pairs: triple and close go with cover = true (the "
                          "cards covered from the pack)")
    if pairs is not None and ("total" in pairs) == bool(pairs.get("alike")):
        raise LayoutError(f"{gid}: play.pairs: give one of total (two cards making a number) "
                          "or alike = true (two cards of one rank) or \"suit\"")
    deal_to = play.get("deal_to")
    if isinstance(deal_to, dict):
        if ("group" in deal_to) == bool(deal_to.get("slots")):
            raise LayoutError(f"{gid}: play.deal_to: give one of group (a card to each of its "
                              "piles) or slots (the piles a round's cards fall to)")
        if "last_slots" in deal_to and not deal_to.get("slots"):
            raise LayoutError(f"{gid}: play.deal_to.last_slots: goes with slots")
        deal_to = deal_to.get("group")
    for where, g in ([("play.deal_to", deal_to)] if deal_to is not None else []) + \
            [("play.regather.from", g) for g in play.get("regather", {}).get("from", ())] + \
            [("play.grace.from", g) for g in play.get("grace", {}).get("from", ())] + \
            [("play.bottom_to_top.from", g)
             for g in play.get("bottom_to_top", {}).get("from", ())] + \
            [(f"play.hold.{k}", play["hold"][k]) for k in ("group", "up", "down")
             if k in play.get("hold", {})] + \
            [(f"play.rows.{k}", play["rows"][k]) for k in ("group", "also")
             if k in play.get("rows", {})] + \
            [("play.rows.groups", g) for g in play.get("rows", {}).get("groups", ())] + \
            [("play.rows.from", g) for g in play.get("rows", {}).get("from", ())] + \
            [(f"play.exchange.{k}", play["exchange"][k]) for k in ("up", "down")
             if k in play.get("exchange", {})] + \
            [(f"play.look_ahead.{k}", play["look_ahead"][k]) for k in ("group", "by")
             if k in play.get("look_ahead", {})] + \
            [("play.choose_base.from", g) for g in [play.get("choose_base", {}).get("from")]
             if g is not None] + \
            [("play.placing.group", g) for g in [play.get("placing", {}).get("group")]
             if g is not None] + \
            [("play.pairs.from", g) for g in play.get("pairs", {}).get("from", ())] + \
            [(f"play.pairs.{k}", g) for k in ("extra", "reserve", "partner")
             for g in [play.get("pairs", {}).get(k)] if g is not None] + \
            [(f"play.{k}.group", g) for k in ("change_places", "between")
             for g in [play.get(k, {}).get("group")] if g is not None] + \
            [(f"play.travel.{k}", g) for k in ("group", "aside", "spare")
             for g in [play.get("travel", {}).get(k)] if g is not None] + \
            [(f"piles[{n}].blocked_by", g) for n, p in enumerate(raw.get("piles", []))
             for g in p.get("blocked_by", ())] + \
            [(f"piles[{n}].set_aside", p["set_aside"])
             for n, p in enumerate(raw.get("piles", [])) if "set_aside" in p] + \
            [(f"piles[{n}].take_top", p["take_top"])
             for n, p in enumerate(raw.get("piles", [])) if "take_top" in p] + \
            [(f"piles[{n}].build.step_by", p["build"]["step_by"])
             for n, p in enumerate(raw.get("piles", []))
             if isinstance(p.get("build"), dict) and p["build"].get("step_by") not in (None, "own")] + \
            [("play.crowned.from", g) for g in play.get("crowned", {}).get("from", ())] + \
            [(f"play.hemispheres.{c}", g) for c in ("red", "black")
             for g in play.get("hemispheres", {}).get(c, ())] + \
            [("play.crowned.to", g) for g in [play.get("crowned", {}).get("to")]
             if g is not None] + \
            [("play.redeal_packets.group", g)
             for g in [play.get("redeal_packets", {}).get("group")] if g is not None] + \
            [(f"piles[{n}].build.first_of", p["build"]["first_of"])
             for n, p in enumerate(raw.get("piles", []))
             if isinstance(p.get("build"), dict)
             and p["build"].get("first_of") not in (None, "group", "pile")]:
        if g not in groups:
            raise LayoutError(f"{gid}: {where}: no group {g!r}")
    for p in piles:
        if p.set_aside is not None and p.rank is None:
            raise LayoutError(f"{gid}: piles of group {p.group!r}: set_aside needs the pile's "
                              "rank (the value whose cards are laid aside as they are dealt)")
    travel = play.get("travel", {}).get("group")
    if travel is not None and any(p.rank is None for p in piles if p.group == travel):
        raise LayoutError(f"{gid}: play.travel: every pile of group {travel!r} needs its rank "
                          "(the value whose cards go under it)")
    sizes = {g: sum(1 for p in piles if p.group == g) for g in groups}
    for p in piles:
        for key, g in (("take_top", p.take_top),
                       ("build.step_by", p.build.step_by if p.build and
                        p.build.step_by != "own" else None)):
            if g is not None and sizes[g] < sizes[p.group]:
                raise LayoutError(f"{gid}: piles of group {p.group!r}: {key}: group {g!r} "
                                  f"has {sizes[g]} piles, fewer than the {sizes[p.group]} "
                                  "it must serve place by place")
    for p in piles:
        for g in p.blocked_by:
            if g in sizes and sizes[g] < sizes[p.group]:
                raise LayoutError(f"{gid}: piles of group {p.group!r}: blocked_by: group {g!r} "
                                  f"has {sizes[g]} piles, fewer than the {sizes[p.group]} "
                                  "it must block place by place")
    rows = play.get("rows")
    if rows is not None and ("group" in rows) == ("groups" in rows):
        raise LayoutError(f"{gid}: play.rows: give either 'group' (rows across its piles) or "
                          "'groups' (each row a group of its own), not both or neither")
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
    numbers = {p.number for p in piles}
    slots = play.get("deal_to") if isinstance(play.get("deal_to"), dict) else {}
    for key in ("slots", "last_slots"):
        stray = [n for n in slots.get(key, ()) if n not in numbers]
        if stray:
            raise LayoutError(f"{gid}: play.deal_to.{key}: no pile {stray[0]}")
    order = play.get("regather", {}).get("order")
    if order is not None and sorted(order) != sorted(
            p.number for p in piles if p.group in play["regather"]["from"]):
        raise LayoutError(f"{gid}: play.regather.order: give each pile taken up once, by "
                          "number")
    for n_entry, entry in enumerate(raw["piles"]):
        named = list(entry.get("accepts_from", [])) + list(entry.get("second_to", [])) + \
            list(entry.get("refill", {}).get("from", [])) + \
            list(entry.get("refill", {}).get("after_deal", [])) + \
            list(entry.get("opens_after", []))
        for g in named:
            if g not in groups:
                raise LayoutError(f"{gid}: piles[{n_entry}]: no group {g!r} (the groups are "
                                  f"{', '.join(sorted(groups))})")
        if entry.get("available") == "below" and play.get("rows", {}).get("refill") not in (
                "current", "none"):
            raise LayoutError(f"{gid}: piles[{n_entry}].available: 'below' needs rows whose "
                              "gaps stay (play.rows.refill = \"none\" or \"current\")")
        if entry.get("opens_after") and not entry.get("as_they_appear"):
            raise LayoutError(f"{gid}: piles[{n_entry}].opens_after: only a pile laid as its "
                              "cards appear (as_they_appear) waits for other groups")
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
        deal_piles=tuple(raw.get("deal", {}).get("piles", ())),
        deal_up_slot=raw.get("deal", {}).get("up_slot", "refill"),
        deal_up_from=raw.get("deal", {}).get("up_from", "dealt"),
        deal_last=_ranks(raw.get("deal", {}).get("last", ())),
        variant=variant, variants=tuple(variants),
        variant_titles={k: v.get("title", k) for k, v in variants.items()},
        play=parse_play(raw.get("play", {})), board=raw.get("board", {}), game=raw.get("game", {}))


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


def _ranks(texts: Any) -> tuple[Any, ...]:
    """Ranks written as in the books' tables (A, 2 ... 10, J, Q, K) as numbers,
    and cards (``Kh``) as cards."""
    from .cards import parse_card, parse_rank

    return tuple(parse_rank(t) if str(t).upper() in ("A", "2", "3", "4", "5", "6", "7", "8",
                                                    "9", "10", "J", "Q", "K")
                 else parse_card(str(t)) for t in texts)
