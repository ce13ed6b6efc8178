"""The status of a position: won, lost or playing, and why.

A part of :class:`patience_cli.engine.Rules` (``rules.standing``), asking the
engine only what :class:`StandingRules` names.  A game is lost when
no move is open, or when every move left only shifts cards between the same
places (a bounded look ahead, remembered).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .cards import Card
from .layout import FIRST, PileSpec, Role
from .position import Move, Position, Status

if TYPE_CHECKING:
    from .features import Feature
    from .features.game_rule import GameRule
    from .features.scoring import Scoring


class StandingRules(Protocol):
    """What the status asks of the engine."""

    specs: tuple[PileSpec, ...]
    foundations: tuple[int, ...]
    tableau: tuple[int, ...]
    sources: tuple[int, ...]
    targets: tuple[int, ...]
    features: tuple[Feature, ...]
    has_deal_step: bool
    game: GameRule

    def answering(self, point: str) -> tuple[Feature, ...]: ...
    def providing(self, capability: str) -> Any: ...
    def placements(self, pos: Position) -> Iterator[Move]: ...
    def extra_moves(self, pos: Position) -> Iterable[Move]: ...
    def apply(self, pos: Position, move: Move) -> Position: ...
    def available_cards(self, pos: Position, index: int) -> list[Card]: ...
    def may_route(self, pos: Position, src: int, dst: int, card: Card) -> bool: ...
    def fits(self, pos: Position, card: Card, dst: int) -> bool: ...
    def deal_reason(self, pos: Position) -> str | None: ...
    def ranks_taken_by(self, pos: Position, dsts: Sequence[int]
                       ) -> list[tuple[int, frozenset[int] | None]]: ...


class Standing:
    """Won, lost or playing (``rules.standing``)."""

    def __init__(self, rules: StandingRules) -> None:
        self.rules = rules
        self.specs, self.features = rules.specs, rules.features
        self.foundations, self.tableau = rules.foundations, rules.tableau
        self.sources, self.targets = rules.sources, rules.targets
        self._winners, self._owners = rules.answering("won"), rules.answering("owns")
        self._adds = rules.answering("moves")
        #: the counters paid and won, where the game is scored
        self.scoring: Scoring | None = rules.providing("scoring")
        self._status_cache: dict[Position, tuple[Status, str]] = {}
        self._shuttle_cache: dict[Position, bool] = {}

    def status(self, pos: Position) -> tuple[Status, str]:
        """Won, lost or playing, with the reason in words (remembered for the
        last positions asked about: one command asks several times)."""
        cache = self._status_cache
        found = cache.get(pos)
        if found is None:
            found = self._status(pos)
            if len(cache) > 64:
                cache.clear()
            cache[pos] = found
        return found

    def _status(self, pos: Position) -> tuple[Status, str]:
        if self.all_home(pos) or self.rules.game.goal_reached(pos):
            return Status.WON, self.won_reason(pos)
        for f in self._winners:
            said = f.won(pos)
            if said is not None:
                return Status.WON, said
        if not self.has_move(pos):
            return Status.LOST, self.lost_reason(pos)
        if (not self.rules.has_deal_step or self.rules.deal_reason(pos) is not None) and \
                not self._progress_now(pos) and self._only_shuttling(pos):
            return Status.LOST, ("every move left only shifts cards between the same "
                                 "places: every position they lead to was looked at, and "
                                 "from none can a card ever reach a foundation or leave "
                                 f"the {self._reserve_names()}")
        return Status.PLAYING, ""

    def all_home(self, pos: Position) -> bool:
        """Whether every card in play is on the foundations (or, in a game
        whose cards go out of play, out): cards laid out for show or put out
        of play do not count, nor does a card withdrawn to a pile as its base
        (Queens and Knaves' queens stay where they are)."""
        if not self.foundations and not any(s.role is Role.DISCARD for s in self.specs):
            return False
        for spec, cards in zip(self.specs, pos.piles):
            if not cards or spec.role in (Role.FOUNDATION, Role.DECORATION, Role.DISCARD):
                continue
            if len(cards) == 1 and spec.withdraw is not None and \
                    not any(self.rules.fits(pos, cards[0], f) for f in self.foundations):
                continue
            if self.foundations and all(c.rank not in self.home_ranks for c in cards):
                continue  # cards no foundation ever takes (the Fairie Queen's kings)
            return False
        return True

    @functools.cached_property
    def home_ranks(self) -> frozenset[int]:
        """The ranks the foundations can ever take (by their builds)."""
        ranks: set[int] = set()
        for f in self.foundations:
            b = self.specs[f].build
            if b is None or b.wrap or b.base in (None, FIRST) or b.until in (None, FIRST):
                ranks = set(range(1, 14))
                break
            if b.sequence is not None:
                ranks |= set(b.sequence)
            else:
                lo, hi = sorted((b.base, b.until))
                ranks |= set(range(lo, hi + 1))
        return frozenset(ranks)

    #: How many positions the shuttle check looks at before it gives up (and
    #: calls the game still open).
    SHUTTLE_SEARCH = 400

    def _only_shuttling(self, pos: Position) -> bool:
        """Whether, in a game with no deal to come, nothing but moves from one
        tableau pile to another is left, and no run of them ever opens a move
        that makes progress (to a foundation, or out of a reserve): the
        positions reachable are all known, and the game can never come out.
        Looked at only when no progress move is open now, and remembered."""
        if not self.tableau:
            return False
        cache = self._shuttle_cache
        if pos in cache:
            return cache[pos]
        seen = {pos}
        frontier = [pos]
        stuck = True
        while frontier and stuck:
            here = frontier.pop()
            for move in self.rules.placements(here):
                if move.kind != "move" or move.dst not in self.tableau or \
                        move.src not in self.tableau or \
                        any(not f.plain and f.owns(here, move) for f in self._owners):
                    stuck = False  # a foundation, a reserve card, a deal, a pair: progress
                    break
                nxt = self.rules.apply(here, move)
                known = cache.get(nxt)
                if known is False:
                    stuck = False  # it leads where progress is open (or past knowing)
                    break
                if nxt not in seen:
                    seen.add(nxt)
                    if known is None:  # (a stuck one's moves are all known to be stuck)
                        frontier.append(nxt)
            if len(seen) > self.SHUTTLE_SEARCH:
                stuck = False  # too many to know: still open
        if len(cache) > 50_000:
            cache.clear()
        # every position met shares the answer: stuck, its moves lead only
        # among positions that are stuck too; too many, the search from it
        # would meet the same crowd (random play and a long game wander
        # through such a crowd, and must not search it afresh at each step)
        cache.update(dict.fromkeys(seen if stuck or len(seen) > self.SHUTTLE_SEARCH
                                   else (pos,), stuck))
        return stuck

    def _progress_now(self, pos: Position) -> bool:
        """Whether a move that makes progress is open now: a card from a
        reserve to anywhere, or any card to a foundation (reserves first:
        in most positions the first card looked at answers).  A move of the
        game's own (:meth:`extra_moves`) or a rule feature's that is more than
        a transfer (not ``plain``: a pair put out) counts as progress: the engine cannot
        judge it, and calling a game lost is the side not to err on."""
        if next(iter(self.rules.extra_moves(pos)), None) is not None:
            return True
        for f in self._adds:
            if not f.plain and next(iter(f.moves(pos)), None) is not None:
                return True  # a rule's own move (a pair put out): progress, as above
        others = [i for i in self.sources if i not in self.tableau]
        for src in others + [i for i in self.sources if i in self.tableau]:
            targets = self.targets if src in others else self.foundations
            for card in self.rules.available_cards(pos, src):
                for dst in targets:
                    if dst != src and self.rules.may_route(pos, src, dst, card) \
                            and self.rules.fits(pos, card, dst):
                        return True
        return False

    def _reserve_names(self) -> str:
        names = sorted({self.specs[i].name for i in self.sources if i not in self.tableau})
        return " or the ".join(names) if names else "tableau"

    def won_reason(self, pos: Position) -> str:
        """How the game came out, said when it is won (the game's rule says)."""
        return self.rules.game.won_reason(pos)

    def all_home_words(self, pos: Position) -> str:
        """How a game won with every card home came out."""
        if not self.foundations:  # a game whose cards are put out of play
            return "every card is put out"
        return "every card is on the foundations"

    def has_move(self, pos: Position) -> bool:
        """Whether any move is open, the game over or not (the game's rule says)."""
        return self.rules.game.has_move(pos)

    def any_move(self, pos: Position) -> bool:
        """Whether the lazy generator yields a move, the game over or not."""
        return any(True for _ in self.rules.placements(pos))

    def lost_reason(self, pos: Position) -> str:
        """Why the game is lost, when no move is open (the game's rule says)."""
        return self.rules.game.lost_reason(pos)

    def no_move_words(self, pos: Position) -> str:
        """Why a game with no move open is lost, as the features say it."""
        for f in self.features:  # a rule that says the whole of it (no pair left)
            if f.lost_says_all and (whole := f.lost_words(pos)) is not None:
                return whole
        why = next((w for f in self.features if (w := f.lost_words(pos)) is not None), None) \
            if self.rules.has_deal_step else None
        return ("no available card can go to a foundation or be placed in sequence, "
                + (f"and {why}" if why else "and there is no further deal"))

    def tallies(self, pos: Position) -> list[str]:
        """What the board's status line says beside the moves: what is left
        of the counted rules (redeals, new deals, graces), and in a game for
        two, whose turn it is (the game's rule says)."""
        return self.rules.game.tallies(pos)

    def feature_tallies(self, pos: Position) -> list[str]:
        """What is left of the features' counted rules, for the status line."""
        return [t for f in self.features for t in (f.tally(pos),) if t]

    def counters(self, pos: Position) -> int | None:
        """The player's counters, where the game is scored (``play.score``)."""
        return None if self.scoring is None else self.scoring.counters(pos)

    def foundation_move_open(self, pos: Position) -> bool:
        """Whether some available card can go to a foundation now (the
        foundations' ranks looked at first: :meth:`QuickLook.ranks_taken_by`)."""
        takes = self.rules.ranks_taken_by(pos, self.foundations)
        return bool(takes) and any(
            (ranks is None or card.rank in ranks) and self.rules.fits(pos, card, dst)
            and self.rules.may_route(pos, src, dst, card)
            for src in self.sources for card in self.rules.available_cards(pos, src)
            for dst, ranks in takes)
