"""A kit for testing one rule feature alone, on a small layout made up for it.

:func:`made_up` builds the engine for a layout of a few piles with the keys a
test adds; :func:`laid` sets cards on its piles; :func:`holds_to_its_words`
checks that the feature's three encodings agree in a position (the moves the
generator lists, the cheap yes or no, the refusal's words); :func:`undone`
plays a move through a :class:`Game` and takes it back.
"""

from __future__ import annotations

import copy
from typing import Any

from conftest import cards

from patience_cli.engine import DEAL, Move, MoveKind, Position, Rules
from patience_cli.game import Game
from patience_cli.layout import parse_layout

#: Three rows that build down in any suit, two foundations from the ace up in
#: suit, a face-down stock (number 6) and a face-up talon (number 7).
BASE: dict[str, Any] = {
    "id": "made-up", "title": "A made-up game", "summary": "for a test of one feature",
    "source": {"book": "cadogan", "number": 1}, "pack": {"kind": "whist", "count": 1},
    "piles": [
        {"group": "row", "name": "Row", "role": "tableau", "count": 3, "number": 1,
         "at": [0, 0], "step": [1.5, 0], "deal": 1,
         "build": {"direction": "down", "suit": "any", "empty": "any"}},
        {"group": "foundation", "name": "Foundation", "role": "foundation", "count": 2,
         "number": 4, "at": [0, 3], "step": [1.5, 0],
         "build": {"base": "A", "direction": "up", "suit": "same", "until": "K"}},
        {"group": "stock", "name": "Stock", "role": "stock", "number": 6, "at": [5, 0],
         "deal": "rest", "face": "down"},
        {"group": "talon", "name": "Talon", "role": "talon", "number": 7, "at": [6.5, 0]},
    ],
}


def made_up(play: dict[str, Any] | None = None, piles: dict[int, dict[str, Any]] | None = None,
            extra_piles: list[dict[str, Any]] | None = None, drop: tuple[str, ...] = ()) -> Rules:
    """The engine for :data:`BASE` with *play* as its ``[play]`` table, the
    keys of *piles* (by the entry's first number) set on those entries,
    *extra_piles* added and the groups *drop* left out."""
    raw = copy.deepcopy(BASE)
    raw["piles"] = [p for p in raw["piles"] if p["group"] not in drop] + (extra_piles or [])
    for entry in raw["piles"]:
        entry.update((piles or {}).get(entry["number"], {}))
    if play:
        raw["play"] = play
    return Rules(parse_layout(raw))


def laid(rules: Rules, piles: dict[int, str], down: dict[int, int] | None = None,
         **extra: Any) -> Position:
    """A position of *rules* with these cards (bottom first) on the numbered piles."""
    contents = [()] * len(rules.specs)
    for number, text in piles.items():
        contents[rules.layout.by_number(number).index] = cards(text)
    downs = [0] * len(rules.specs)
    for number, n in (down or {}).items():
        downs[rules.layout.by_number(number).index] = n
    pos = Position(tuple(contents), tuple(downs))
    return pos.with_extra(**extra) if extra else pos


def move(rules: Rules, src: int, dst: int, count: int = 1, card: str | None = None) -> Move:
    """The move from pile number *src* to pile number *dst*."""
    return Move(MoveKind.MOVE, rules.layout.by_number(src).index,
                rules.layout.by_number(dst).index, count,
                cards(card)[0] if card else None)


def text_of(rules: Rules, pos: Position, number: int) -> str:
    return " ".join(c.code for c in pos.piles[rules.layout.by_number(number).index])


def holds_to_its_words(rules: Rules, pos: Position, pairs: int | None = None,
                       rnd: Any = None) -> None:
    """The three encodings agree in *pos*: every listed move is legal with no
    words against it; every move from pile to pile (and the deal step) is
    legal exactly when no words refuse it; every legal one-card move is
    listed, or lands on an empty pile alike to a listed one (of its group,
    or of its class of piles alike across groups), or moves a
    whole packet to an empty packet (which changes nothing: never listed), or
    is listed with its card named (a pile whose every card is free), or is a
    game's own move named another way round (its module answers for it).
    With *pairs*, a budget: so many pile pairs and listed moves drawn by *rnd*."""
    listed = list(rules.legal_moves(pos))
    checked = listed if pairs is None else rnd.sample(listed, min(pairs, len(listed)))
    for m in checked:
        assert rules.is_legal(pos, m), f"{m} is listed but not legal"
        assert rules.move_reason(pos, m) is None, f"{m} is listed but refused"
    every = [Move(MoveKind.MOVE, s, d) for s in range(len(rules.specs))
             for d in range(len(rules.specs))]
    if pairs is not None:  # a budget: so many pairs drawn at random, and the listed moves
        every = rnd.sample(every, min(pairs, len(every))) + [
            Move(MoveKind.MOVE, m.src, m.dst) for m in checked if m.kind == MoveKind.MOVE]
    probes = [DEAL] + every
    for m in probes:
        legal = rules.is_legal(pos, m)
        words = rules.move_reason(pos, m)
        assert legal == (words is None), f"{m}: legal {legal}, words {words!r}"
        if legal and m not in listed and not rules.game.is_own_move(pos, m):
            # (a game's own move named another way round is one it answers for)
            free = rules.available_cards(pos, m.src) if m.src is not None else []
            if free and m._replace(card=free[-1]) in listed:
                continue  # the card named where the pile offers several
            if any(f.either_way for f in rules.features) and \
                    m._replace(src=m.dst, dst=m.src) in listed:
                continue  # a pair, named the other way round, listed once
            alike = [x for x in listed if x.src == m.src and x.dst is not None
                     and not pos.piles[x.dst] and not pos.piles[m.dst]
                     and rules.vacancy_kinds[x.dst] == rules.vacancy_kinds[m.dst]
                     and rules.specs[x.dst].build == rules.specs[m.dst].build]
            pointless = rules._pointless(pos, m.src, m.dst)
            assert alike or pointless, f"{m} is legal but not listed"


def undone(rules: Rules, pos: Position, m: Move) -> Position:
    """Play *m* from *pos* through a game, take it back, and return the
    position after it (the game is back at *pos*)."""
    game = Game(rules.layout, rules, None, (), True, [], pos, pos)
    game.play(m)
    after = game.position
    game.undo()
    assert game.position == pos and game.moves == []
    return after
