"""Proofs of loss from a card that can never move again (for the solver:
:mod:`patience_cli.solver_pruning`; no I/O).

A card on a tableau pile leaves it only to a foundation or onto another
pile's top card.  Where neither can ever happen, the card stays where it is
to the end, and a game won only when every card is home is lost: the search
need not look past that position.  So with the Four Corners after its last
deal: the king of diamonds lies on the only queen of diamonds not yet home,
and no pile takes a card once empty; the queen can never go up, and the king
can go nowhere else.

A card X is held, in one position, when

* no foundation can take it: each foundation that may still build in X's
  suit (or in any suit; one still empty too, unless it begins with X's
  rank, when X may go up as soon as it is free) wants the card before X in
  its order, and every such card not yet home lies under X in X's own pile
  (so it cannot come up before X moves);
* no tableau pile can take it: every card X may be laid on, by each pile's
  build, is home already or lies under X in its pile; and no empty pile
  would take X (a pile may yet be emptied).

The cards under X, and X's own twins, are counted card by card (two packs
hold two of each).  That is all conservative: a card that only looks free
(its foundation's card lies elsewhere but is held too) is not called held,
so the rule may miss a lost position, never call a winnable one lost.

It is sound only where nothing else moves a tableau card: rules that are
plain (:meth:`Rules.plain_moves`: no module of the game's own, no route
rules, refills, claims, graces), every pile built by a plain rule
(:meth:`Rules.plain_builds`), cards that leave a tableau pile one at a
time from its top, nothing taken back from a foundation, no other pile
that takes cards, and a deal step (if any) that turns the pack onto a
talon or gathers the tableau a set number of times (held cards count only
once no gathering is left).  :meth:`Held.of` says whether a game is so.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

from .cards import Card, Suit
from .engine import Position, Rules

_SUITS = tuple(Suit)


class Held:
    """The rule for one game's layout; :meth:`lost` asks it of a position."""

    def __init__(self, rules: Rules, regather: object | None) -> None:
        self.rules = rules
        plain = rules.plain_builds
        self.regather = regather
        self.homes = rules.foundations
        self.total: dict | None = None  # the cards in play, found at the first position
        self.tableau = [i for i in rules.tableau if rules.specs[i].withdraw is None]
        # each card, the cards it may be laid on in the tableau (by any pile's build)
        self.onto: dict[tuple[int, Suit], frozenset[tuple[int, Suit]]] = {}
        self.free: set[tuple[int, Suit]] = set()   # cards an empty pile takes: never held
        for rank in range(1, 14):
            for suit in _SUITS:
                card = (rank, suit)
                targets: set[tuple[int, Suit]] = set()
                for d in rules.tableau:
                    empty, until, rule, steps, wrap = plain[d]
                    if empty is not None and (empty == 0 or empty == rank):
                        self.free.add(card)
                    for step in steps:
                        below = rank - step
                        if wrap:
                            below = (below - 1) % 13 + 1
                        if not 1 <= below <= 13 or below == until:
                            continue
                        for s in _SUITS:
                            if rule == "same" and s is not suit or rule == "alternate" and \
                                    Card(1, s).colour is Card(1, suit).colour:
                                continue
                            targets.add((below, s))
                self.onto[card] = frozenset(targets)

    @classmethod
    def of(cls, rules: Rules) -> "Held | None":
        """The rule for *rules*' game, where it is sound (see the module's
        docstring) and could ever hold a card, else None."""
        from .features.face_turning import FaceTurning
        from .features.regather import Regather
        from .features.scoring import Scoring
        from .features.talon import Talon

        if not rules.plain_moves() or not rules.tableau or not rules.foundations:
            return None
        plain = rules.plain_builds
        regather = None
        for f in rules.features:
            if type(f) is Regather and f.times is not None and f.stall is None \
                    and not f.to_stock and regather is None:
                regather = f
            elif type(f) not in (Talon, FaceTurning, Scoring):
                return None
        for i, spec in enumerate(rules.specs):
            if i in rules.foundations:
                if plain[i] is None and (spec.build is None or spec.build.sequence is not None
                                         or spec.build.step_by is not None) \
                        or i in rules.sources:
                    return None
            elif i in rules.tableau:
                if plain[i] is None or spec.move != "top" or spec.available != "top":
                    return None
            elif spec.build is not None:
                return None
        held = cls(rules, regather)
        return None if len(held.free) == 52 else held

    def lost(self, pos: Position, laid: int | None = None) -> bool:
        """Whether a card of *pos* is held (see the class's docstring): the
        game cannot be won from *pos*.  With *laid*, the tableau pile the move
        that led to *pos* laid a card on, from a position not lost: only that
        card can have become held (no card went home, and no other pile
        changed but the one it left, whose cards were all under it), so only
        it is looked at."""
        regather = self.regather
        if regather is not None and int(pos.get("regathered", 0)) < regather.times:  # type: ignore[attr-defined]
            return False
        piles = pos.piles
        if self.total is None:  # the cards in play: the same in every position of a game
            self.total = dict(Counter(chain.from_iterable(piles)))
        # each card's copies out of the foundations
        out = dict(self.total)
        for f in self.homes:
            for c in piles[f]:
                out[c] -= 1
        free, onto = self.free, self.onto
        chains = None
        for p in self.tableau if laid is None else (laid,):
            under: dict[tuple[int, Suit], int] = {}
            cards = piles[p]
            if laid is not None:  # the card laid alone, over the rest of its pile
                for c in cards[:-1]:
                    under[c] = under.get(c, 0) + 1
                cards = cards[-1:]
            for c in cards:
                if c not in free:
                    for z in onto[c]:
                        if out.get(z, 0) > under.get(z, 0):
                            break  # a card it may be laid on, out and not under it
                    else:
                        if chains is None:
                            chains = self._chains(pos)
                            if chains is None:
                                return False  # (a foundation not known plainly: any card may go up)
                        if not self._may_go_up(chains, c, out, under):
                            return True
                under[c] = under.get(c, 0) + 1
        return False

    def _chains(self, pos: Position) -> list[tuple] | None:
        """Each foundation that may take more cards, as (the rank it takes
        when empty, or None when it has cards; its top card; its suit rule;
        its step; whether it turns the corner); None where one is not built
        plainly in *pos*."""
        out = []
        plain_now = self.rules.plain_build_now
        for f in self.homes:
            plain = plain_now(pos, f)
            if plain is None or len(plain[3]) != 1:
                return None
            empty, until, rule, steps, wrap = plain
            pile = pos.piles[f]
            if not pile:
                if empty is not None:
                    out.append((empty, None, rule, next(iter(steps)), wrap))
            elif pile[-1][0] != until:
                out.append((None, pile[-1], rule, next(iter(steps)), wrap))
        return out

    @staticmethod
    def _may_go_up(chains: list[tuple], card: Card, out: dict, under: dict) -> bool:
        """Whether a foundation of *chains* may yet take *card*: one that
        takes it when it is free, or whose card before it is out of the
        foundations and not under it."""
        rank, suit = card
        for empty, top, rule, step, wrap in chains:
            if top is None:
                if empty == 0 or empty == rank:
                    return True
            elif rule == "same" and top[1] is not suit or \
                    rule == "alternate" and top.colour is card.colour:
                continue
            before = rank - step
            if wrap:
                before = (before - 1) % 13 + 1
            if not 1 <= before <= 13:
                continue
            if top is not None and top[0] == before and (rule != "same" or top[1] is suit):
                return True
            for s in (suit,) if rule == "same" else _SUITS:
                if rule == "alternate" and Card(1, s).colour is card.colour:
                    continue
                if out.get((before, s), 0) > under.get((before, s), 0):
                    return True
        return False
