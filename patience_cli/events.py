"""What a move did, for scripts: the events between two positions.

Read off the two positions, so every game reports them the same way: the
move's own card, and what happened by itself with it (cards laid by the
rules, vacancies refilled, cards turned up, cards put out, a deal's cards).
No I/O; cards that are face down after the move are not named."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .layout import Layout, Role
from .position import Move, Position


def move_events(layout: Layout, before: Position, after: Position,
                move: Move) -> list[dict[str, Any]]:
    specs = layout.piles
    gone: dict[int, Counter] = {}
    came: dict[int, Counter] = {}
    for i, (old, new) in enumerate(zip(before.piles, after.piles)):
        lost, got = Counter(old) - Counter(new), Counter(new) - Counter(old)
        if lost:
            gone[i] = lost
        if got:
            came[i] = got
    events: list[dict[str, Any]] = []
    for dst, cards in came.items():
        remaining = Counter(cards)
        arrived = []  # (index in the pile, card), bottom first
        for index, card in enumerate(after.piles[dst]):
            if remaining[card] > 0:
                remaining[card] -= 1
                arrived.append((index, card))
        for index, card in arrived:
            src = next((i for i, lost in gone.items() if lost[card] > 0), None)
            if src is not None:
                gone[src][card] -= 1
            own = (move.kind == "move" and src == move.src and dst == move.dst) or (
                move.kind == "remove" and src in move.piles)  # a set taken up together
            if own:
                kind = "moved"
            elif specs[dst].role is Role.DISCARD:
                kind = "put out"
            elif specs[dst].role is Role.FOUNDATION:
                kind = "placed by the rules"  # up by itself (a knave laid as it turns up)
            elif move.kind == "deal" or (src is not None and specs[src].role is Role.STOCK):
                kind = "dealt"
            else:
                kind = "placed by the rules"
            hidden = specs[dst].hidden(after.down[dst], index)
            events.append({"event": kind, "card": None if hidden else card.code,
                           "from": None if src is None else specs[src].number,
                           "to": specs[dst].number})
    look = layout.play.look_ahead  # packets looked into, not turned up (la Nivernaise)
    looked = look.group if look is not None else None
    for i, (was, now) in enumerate(zip(before.down, after.down)):
        if now < was and after.piles[i] and specs[i].group != looked:
            shown = [c for j, c in enumerate(after.piles[i][now:was], now)
                     if specs[i].hidden(was, j)]
            for card in shown:
                events.append({"event": "turned up", "card": card.code,
                               "pile": specs[i].number})
    order = {"moved": 0, "dealt": 1, "placed by the rules": 2, "put out": 3, "turned up": 4}
    return sorted(events, key=lambda e: order[e["event"]])
