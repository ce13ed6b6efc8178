"""The lay-out: the pack dealt to the piles as the layout says.

The cards the layout withdraws first (a pile's ``withdraw``), then the rest
pile by pile or in rounds (``[deal]``), cards going up to the foundations as
they are dealt where a pile says so (its ``deal_up``, with ``[deal]``'s
``up_slot`` and ``up_from``).  Used by :meth:`Rules.deal` and by a new deal
of the gathered cards (:mod:`patience_cli.features.regather`); and the order
a seeded deal's shuffled cards are put in so that its lay-out never changes
(:func:`seeded_order`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import RANK_TEXT, Card
from .layout import PileSpec, Role
from .position import Position

if TYPE_CHECKING:
    from .features.feature import Rules

RANK_OF_TEXT = {t: r for r, t in RANK_TEXT.items()}


def deal(rules: Rules, deck: Sequence[Card], as_filed: bool = False) -> Position:
    """Lay out *deck* (top card first) as the layout says: first the cards
    the layout withdraws (each the first of its kind in the pack), then
    the cards of the ranks ``deal.last`` names put at the bottom of the
    pack, in their order, then the rest pile by pile, and what is left sorted
    by rank onto the piles of ``deal = "by-rank"``; then the cards of the
    ranks a pile's ``slip_under`` names slipped under it while one lies on
    top, and a pile of ``take_top`` given the top card of its pile in that
    group (the core then settles it).  With *as_filed*, the piles are dealt
    in the file's order whatever ``deal.piles`` says (the order seeded deals
    were first dealt in: :func:`seeded_order`)."""
    piles: list[list[Card]] = [[] for _ in rules.specs]
    deck = withdraw(rules, deck, piles)
    last = rules.layout.deal_last
    if last:  # "place the rejected court cards below the cut" (Elevens No. 2); "place the
        # king at bottom, so as to be the last card" (Royal Marriage)
        def at_bottom(c: Card) -> bool:
            return c.rank in last or c in last
        deck = [c for c in deck if not at_bottom(c)] + [c for c in deck if at_bottom(c)]
    i = 0
    fixed = rules.layout.dealt_in_order(as_filed)
    shared = [p for p in rules.specs if p.deal == "rest" and rules.layout.deal_order == "rounds"
              and p.role is not Role.STOCK]
    if shared or rules.deals_up or any(p.distinct_ranks for p in fixed):
        i = deal_stepwise(rules, deck, piles, fixed + shared)
    elif rules.layout.deal_order == "rounds":
        remaining = {p.index: p.deal for p in fixed}
        while any(remaining.values()):
            for p in fixed:
                if remaining[p.index]:
                    piles[p.index].append(deck[i])
                    i += 1
                    remaining[p.index] -= 1
    else:
        for p in fixed:
            chunk = deck[i:i + p.deal]
            piles[p.index].extend(reversed(chunk) if p.deal_from_top else chunk)
            i += p.deal
    by_rank = {p.rank: p.index for p in rules.specs if p.deal == "by-rank"}
    if by_rank:  # the rest sorted into heaps by rank ("all the twos ... all the threes")
        for card in deck[i:]:
            if card.rank not in by_rank:
                raise ValueError(f"no pile takes the {card} (deal = \"by-rank\")")
            piles[by_rank[card.rank]].append(card)
        i = len(deck)
    rest = [p for p in rules.specs if p.deal == "rest" and all(p is not q for q in shared)]
    if len(rest) > 1:
        raise ValueError("only one pile may take the rest of the pack")
    if rest:
        # A face-down pack keeps its top card on top (last); cards laid
        # face up are laid in the order they come.
        remainder = deck[i:]
        piles[rest[0].index].extend(reversed(remainder) if rest[0].is_face_down else remainder)
        i = len(deck)
    if i != len(deck):
        raise ValueError(f"the layout deals {i} cards but the pack has {len(deck)}")
    for p in rules.specs:  # "if in this first deal any kings appear on the surface, slip
        # them underneath the packets to which each belongs"
        pile = piles[p.index]
        for _ in range(len(pile) if p.slip_under else 0):
            if pile[-1].rank not in p.slip_under:
                break
            pile.insert(0, pile.pop())
    for p in rules.specs:  # "take the uppermost card of each, and place these eight cards
        # in a line above"
        if p.take_top is not None:
            group = rules.group_piles[p.group]
            source = piles[rules.group_piles[p.take_top][group.index(p.index)]]
            if source:
                piles[p.index].append(source.pop())
    down = tuple(len(piles[p.index]) if p.is_face_down
                 else max(0, len(piles[p.index]) - 1) if p.face in ("top-up", "alternate")
                 else 0
                 for p in rules.specs)
    return Position(tuple(tuple(p) for p in piles), down)


def deal_stepwise(rules: Rules, deck: Sequence[Card], piles: list[list[Card]],
                   order: list[PileSpec]) -> int:
    """Deal *deck* card by card to the piles of *order*, each its ``deal``
    count (``rest``: until the pack is out), pile by pile or a card to each
    in turn (``deal.order``).  A card that a foundation its pile names in
    ``deal_up`` takes goes up as it is dealt, and its place takes the next
    card or is passed over (``deal.up_slot``); with ``deal.up_from =
    "free"`` the last card of every pile dealt goes up too, whenever it can,
    with ``"round"`` the last card of every pile dealt in this round
    (Cadogan's Louis: each circle blocks the one before it), and with
    ``"outer"`` the last card laid on each pile until another covers it, a
    card uncovered by one going up staying blocked (the Kings: "during the
    deal you may not play cards from the inner columns, even if released").
    A foundation of a group of different suits (``build.distinct_suits``)
    dealt a card of a suit another of them holds sends it to the bottom of
    the pack, and takes the next (the Corners: "the cards at corners must be of
    different suits"), as a pile of ``distinct_ranks`` does a card of a rank it
    holds (Nestor); when every card left would be refused, the next is dealt
    all the same.  *deck*, a list, is then reordered in place.
    Returns how many cards of *deck* were dealt."""
    remaining = {p.index: (len(deck) if p.deal == "rest" else p.deal) for p in order}
    refill = rules.layout.deal_up_slot == "refill"
    rounds = rules.layout.deal_order == "rounds"
    free = rules.layout.deal_up_from
    # the piles whose top card was laid in this round ("round") or was the last
    # laid there and is still uncovered ("outer"): the only ones that may go up
    fresh: set[int] | None = set() if free in ("round", "outer") else None
    i = 0
    passed = 0  # cards sent to the bottom in a row: all the pack's rest, and one is dealt
    while i < len(deck) and any(remaining.values()):
        if fresh is not None and free == "round":
            fresh.clear()
        for p in order:
            while remaining[p.index] and i < len(deck):
                card = deck[i]
                if _refused(rules, piles, p, card) and passed < len(deck) - i - 1:
                    deck.append(deck.pop(i))  # type: ignore[attr-defined]  # to the bottom
                    passed += 1
                    continue
                passed = 0
                i += 1
                up = goes_up_as_dealt(rules, piles, p, card)
                if up is not None:
                    piles[up].append(card)
                    if free != "dealt":
                        _free_cards_go_up(rules, piles, order, fresh)
                    if refill:
                        continue  # the next card takes its place
                else:
                    piles[p.index].append(card)
                    if fresh is not None:
                        fresh.add(p.index)
                remaining[p.index] -= 1
                if rounds:
                    break
    return i


def _refused(rules: Rules, piles: list[list[Card]], spec: PileSpec, card: Card) -> bool:
    """Whether *card* may not be dealt to *spec*'s pile: a foundation of a
    group of different suits that another pile of the group already holds
    the suit of, or a pile of ``distinct_ranks`` that already holds its rank
    (Nestor: "never two cards of equal value in the same perpendicular
    line")."""
    if spec.distinct_ranks and any(c.rank == card.rank for c in piles[spec.index]):
        return True
    build = spec.build
    return spec.role is Role.FOUNDATION and build is not None and build.distinct_suits and \
        any(piles[i] and piles[i][0].suit == card.suit for i in rules.group_piles[spec.group])


def _free_cards_go_up(rules: Rules, piles: list[list[Card]], order: list[PileSpec],
                      fresh: set[int] | None = None) -> None:
    """During the deal, the last card of each pile dealt goes up while a
    foundation of its ``deal_up`` takes it (Hoffmann's La Nationale); with
    *fresh*, only the last cards laid in this round, a card beneath one
    gone up staying blocked (Cadogan's Louis)."""
    moved = True
    while moved:
        moved = False
        for p in order:
            if piles[p.index] and (fresh is None or p.index in fresh):
                up = goes_up_as_dealt(rules, piles, p, piles[p.index][-1])
                if up is not None:
                    piles[up].append(piles[p.index].pop())
                    if fresh is not None:
                        fresh.discard(p.index)
                    moved = True


def goes_up_as_dealt(rules: Rules, piles: list[list[Card]], spec: PileSpec,
                      card: Card) -> int | None:
    """The foundation a card just dealt to pile *spec* goes up to at once
    (its ``deal_up``), if one takes it.  Where the layout lays aside a card
    both foundations of a pair take (``play.hold``), such a card goes to
    its place aside; and a card that would follow a card laid aside sends
    that card up first (it is moved here, before the card is laid)."""
    if spec.set_aside is not None and card.rank == spec.rank:
        # "whenever the actual value of the card dealt proves to be the same as the number
        # of the heap to which it is dealt, it is turned over and laid on one side"
        return rules.group_piles[spec.set_aside][0]
    targets = spec.deal_up
    if targets is None:
        return None
    pos = Position(tuple(map(tuple, piles)), (0,) * len(piles))
    holds = rules.providing("holds")
    if holds is not None:
        aside = holds.as_dealt(piles, card, pos)
        if aside is not None:
            return aside
    # a card that starts a foundation goes to its place from any pile ("the
    # foundation cards, as they appear in the deal ... are at once played")
    empty = next((f for f in rules.foundations if not piles[f] and rules.fits(pos, card, f)),
                 None)
    if empty is not None:
        return empty
    if targets == "starts":
        return None  # only a card that starts a foundation goes up as it is dealt
    found = rules.foundations if targets == "any" else \
        tuple(rules.layout.index_of(n) for n in targets)
    return next((f for f in found if rules.fits(pos, card, f)), None)


def withdraw(rules: Rules, deck: Sequence[Card], piles: list[list[Card]]) -> list[Card]:
    """Take out of *deck* the card each pile's ``withdraw`` names (a rank:
    the first card of that rank; a card such as ``Kh``: the first such
    card), lay it on its pile, and return the rest of the deck in order."""
    wanted = [p for p in rules.specs if p.withdraw is not None]
    if not wanted:
        return list(deck)
    rest = list(deck)
    for spec in wanted:
        pattern = spec.withdraw.upper()
        every = pattern.endswith("+")  # every such card still in the pack
        pattern = pattern.rstrip("+")
        colour = None  # "black A": the first black ace
        for word in ("BLACK ", "RED "):
            if pattern.startswith(word):
                colour, pattern = word.strip().lower(), pattern[len(word):]
        rank_text, suit = (pattern[:-1], pattern[-1].lower()) \
            if pattern[-1] in "CDHS" and pattern[:-1] else (pattern, None)
        rank = RANK_OF_TEXT[rank_text]
        found = [n for n, card in enumerate(rest)
                 if card.rank == rank and (suit is None or card.suit.value == suit)
                 and (colour is None or card.colour.value == colour)]
        if not found:
            raise ValueError(f"the pack holds no {spec.withdraw} left for {spec.the_ref}")
        for n in reversed(found if every else found[:1]):
            piles[spec.index].insert(0, rest.pop(n))
    return rest


def seeded_order(rules: Rules, deck: list[Card]) -> list[Card]:
    """The shuffled *deck* as deal algorithm r1 lays it: a pile dealt from its
    top (``deal_from_top``) was once laid bottom first, and piles now dealt
    across groups (``deal.piles``) were once dealt group by group, so its
    cards are put in the order that gives every seeded deal the lay-out it
    has always had (an explicit deck is laid as the book deals it; a seed's
    deal and its share code do not change)."""
    layout = rules.layout
    if layout.deal_piles:
        return _as_first_dealt(rules, deck)
    if layout.deal_order != "by-pile" or not any(p.deal_from_top for p in layout.piles):
        return deck
    fixed = layout.dealt_in_order()
    out, i = list(deck), 0
    for p in fixed:
        if p.deal_from_top:
            out[i:i + p.deal] = reversed(out[i:i + p.deal])
        i += p.deal
    return out


def _as_first_dealt(rules: Rules, deck: list[Card]) -> list[Card]:
    """*deck* reordered so that, dealt in ``deal.piles``'s order, it lays
    out what it laid out dealt in the file's order: the cards of each pile
    of that lay-out in the new order (the piles' own constraints, met
    already, send none to the bottom), then the rest of the pack as that
    deal left it."""
    layout = rules.layout
    first = deal(rules, deck, as_filed=True)
    fixed = layout.dealt_in_order()
    out = [c for p in fixed for c in first.piles[p.index]]
    rest = [p for p in layout.piles if p.deal == "rest"]
    for p in rest:  # (a face-down pack holds its first card on top)
        out.extend(reversed(first.piles[p.index]) if p.is_face_down else first.piles[p.index])
    return out if len(out) == len(deck) else deck
