"""A game in progress: the deal (seed or explicit deck), the moves made, the
current position; reading a player's move text against the legal moves.

Still no I/O: :mod:`patience_cli.state` keeps games on disk."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence

from .cards import Card, CardParseError, new_pack, parse_card
from .engine import (
    AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move, Position, Rules, Status,
    move_from_text, move_to_text,
)
from .games import load
from .layout import Layout, Role
from .rng import DEAL_VERSION, MAX_SEED, shuffle, shuffle_each


class DeckError(ValueError):
    """An explicit deck that is not exactly the game's pack."""


def shuffled_deck(layout: Layout, seed: int) -> list[Card]:
    if layout.options.get("own_packs"):
        # each player shuffles a whole pack of his own
        packs = [new_pack(layout.pack_kind) for _ in range(layout.pack_count)]
        shuffle_each(packs, seed)
        return [c for pack in packs for c in pack]
    deck = new_pack(layout.pack_kind, layout.pack_count)
    shuffle(deck, seed)
    return deck


def parse_deck(text: str, layout: Layout) -> list[Card]:
    """Cards top first, separated by spaces, commas or new lines; ``#`` starts
    a comment.  The deck must be exactly the game's pack."""
    cards: list[Card] = []
    for n, line in enumerate(text.splitlines(), 1):
        for word in line.split("#", 1)[0].replace(",", " ").split():
            try:
                cards.append(parse_card(word))
            except CardParseError:
                raise DeckError(f"line {n}: {word!r} is not a card (write e.g. 10h, Ks, 7♣)") from None
    check_deck(cards, layout)
    return cards


def check_deck(cards: Sequence[Card], layout: Layout) -> None:
    want = Counter(new_pack(layout.pack_kind, layout.pack_count))
    have = Counter(cards)
    unknown = [c for c in have if c not in want]
    if unknown:
        raise DeckError(f"{layout.title} uses {layout.packs}; the deck has "
                        f"{', '.join(c.code for c in unknown)}, which is not in it")
    extra = [c for c in have if have[c] > want[c]]
    if extra:
        raise DeckError(f"the deck has too many of {', '.join(c.code for c in extra)} "
                        f"({layout.title} uses {layout.packs})")
    missing = [c for c in want if have[c] < want[c]]
    if missing:
        shown = ", ".join(c.code for c in missing[:8]) + (" ..." if len(missing) > 8 else "")
        count = sum((want - have).values())
        raise DeckError(f"the deck is missing {count} card{'s' if count != 1 else ''}: {shown} "
                        f"({layout.title} uses {layout.packs})")
    if layout.options.get("own_packs"):
        size = len(new_pack(layout.pack_kind))
        for n in range(layout.pack_count):
            part = Counter(cards[n * size:(n + 1) * size])
            twice = [c.code for c in part if part[c] > 1]
            if twice:
                raise DeckError(f"in {layout.title} each player has a whole pack of his own: "
                                f"cards {n * size + 1} to {(n + 1) * size} of the deck are one "
                                f"pack, but they hold {', '.join(twice[:6])} twice")


def random_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


def share_code(game_id: str, variant: str | None, seed: int) -> str:
    return f"{game_id}{'+' + variant if variant else ''}@{seed}.r{DEAL_VERSION}"


def parse_share_code(code: str) -> tuple[str, str | None, int]:
    """``fours@7.r1`` → ('fours', None, 7); raises ValueError."""
    head, _, tail = code.strip().partition("@")
    seed_text, _, version = tail.partition(".")
    if not head or not seed_text.isdigit():
        raise ValueError(f"{code!r} is not a share code (they look like fours@7.r1)")
    if version and version != f"r{DEAL_VERSION}":
        raise ValueError(f"share code {code!r} uses deal algorithm {version}, "
                         f"this program deals with r{DEAL_VERSION}")
    game, _, variant = head.partition("+")
    return game, variant or None, int(seed_text)


@dataclass
class Game:
    layout: Layout
    rules: Rules
    seed: int | None
    deck: tuple[Card, ...]
    explicit_deck: bool
    moves: list[Move] = field(default_factory=list)
    start: Position = None  # type: ignore[assignment]
    position: Position = None  # type: ignore[assignment]

    # ------------------------------------------------------------ making one
    @classmethod
    def new(cls, game_id: str, variant: str | None = None, seed: int | None = None,
            deck: Sequence[Card] | None = None) -> "Game":
        layout, rules = load(game_id, variant)
        if deck is None:
            if seed is None:
                seed = random_seed()
            if not 0 <= seed <= MAX_SEED:
                raise ValueError(f"the seed must be a whole number from 0 to {MAX_SEED}")
            cards = shuffled_deck(layout, seed)
        else:
            check_deck(deck, layout)
            cards = list(deck)
        start = rules.deal(cards)
        return cls(layout, rules, None if deck is not None else seed, tuple(cards),
                   deck is not None, [], start, start)

    @property
    def id(self) -> str:
        return self.layout.id

    @property
    def code(self) -> str | None:
        if self.seed is None:
            return None
        return share_code(self.layout.id, self.layout.variant, self.seed)

    # ------------------------------------------------------------ playing
    def status(self) -> tuple[Status, str]:
        return self.rules.status(self.position)

    def legal_moves(self) -> list[Move]:
        return self.rules.legal_moves(self.position)

    def check(self, move: Move) -> None:
        """Raise IllegalMoveError, saying which rule forbids *move*, if it is illegal."""
        reason = self.rules.move_reason(self.position, move)
        if reason is not None:
            raise IllegalMoveError(reason)

    def play(self, move: Move) -> None:
        self.check(move)
        self.position = self.rules.apply(self.position, move)
        self.moves.append(move)

    def undo(self, count: int = 1) -> int:
        """Take back up to *count* moves; returns how many were taken back."""
        count = min(count, len(self.moves))
        if count:
            del self.moves[-count:]
            self.position = self.replay()
        return count

    def restart(self) -> None:
        self.moves.clear()
        self.position = self.start

    def replay(self) -> Position:
        pos = self.start
        apply = self.rules.apply
        for m in self.moves:
            pos = apply(pos, m)
        return pos

    # ------------------------------------------------------------ reading moves
    def pile_index(self, word: str) -> int:
        try:
            number = int(word)
        except ValueError:
            raise InvalidMoveError(f"{word!r} is not a pile number") from None
        spec = self.layout.by_number(number)
        if spec is None:
            numbers = [p.number for p in self.layout.piles]
            raise InvalidMoveError(f"there is no pile {number}: the piles are numbered "
                                   f"{min(numbers)} to {max(numbers)}")
        return spec.index

    def parse_move(self, args: Sequence[str]) -> Move:
        """Read ``N`` (the Nth legal move), ``SRC DST`` or ``SRC DST COUNT``.

        SRC is a pile number or an available card (``10h``); DST a pile
        number or ``f`` for whichever foundation takes the card.  Raises
        InvalidMoveError, AmbiguousMoveError or IllegalMoveError (with the rule)."""
        args = [a.strip() for a in args]
        if len(args) == 1:
            word = args[0]
            if word.lower() == "deal":
                return Move("deal")
            if not word.isdigit():
                raise InvalidMoveError(f"{word!r} is not a move: give a move number from "
                                       "'patience moves', or SRC DST")
            legal = self.legal_moves()
            n = int(word)
            if not 1 <= n <= len(legal):
                if not legal:
                    raise InvalidMoveError("there is no legal move now")
                raise InvalidMoveError(f"there is no legal move {n}: moves are numbered 1 to "
                                       f"{len(legal)} (see 'patience moves')")
            return legal[n - 1]
        if len(args) not in (2, 3):
            raise InvalidMoveError("a move is SRC DST [COUNT] (pile numbers) or the number "
                                   "of a legal move")
        count = 1
        if len(args) == 3:
            if not args[2].isdigit() or not 1 <= int(args[2]) <= 999:
                raise InvalidMoveError(f"{args[2]!r} is not a card count (a whole number, 1 or more)")
            count = int(args[2])
        src_word, dst_word = args[0], args[1]
        card: Card | None = None
        if src_word.isdigit():
            src = self.pile_index(src_word)
        else:
            try:
                card = parse_card(src_word)
            except CardParseError:
                raise InvalidMoveError(f"{src_word!r} is neither a pile number nor a card") from None
            src = self._pile_of(card)
        dsts = self._destinations(dst_word)
        pos = self.position
        spec = self.layout.piles[src]
        if card is None and spec.available == "all" and pos.piles[src]:
            # A pile whose every card is available: find which card is meant.
            fits = [(c, d) for c in dict.fromkeys(self.rules.available_cards(pos, src))
                    for d in dsts
                    if self.rules.move_reason(pos, Move("move", src, d, count, c)) is None]
            cards = list(dict.fromkeys(c for c, _ in fits))
            if len(cards) > 1:
                options = " or ".join(f"'move {c.code} {dst_word}'" for c in cards[:6])
                raise AmbiguousMoveError(f"several cards of the {spec.label} can go there: "
                                         f"name the card, {options}")
            if not cards:
                raise IllegalMoveError(f"no card of the {spec.label} can go on "
                                       + self._dst_words(dsts))
            return Move("move", src, fits[0][1], count, cards[0])
        if card is not None and spec.available != "all":
            card = None  # the top card, checked below
            if pos.piles[src][-1] != parse_card(src_word):
                raise IllegalMoveError(
                    f"the {parse_card(src_word)} is not available: only the top card of the "
                    f"{spec.label} may be played")
        if len(dsts) == 1:
            return Move("move", src, dsts[0], count, card)
        moves = [Move("move", src, d, count, card) for d in dsts]
        ok = [m for m in moves if self.rules.move_reason(pos, m) is None]
        if ok:
            return ok[0]
        return moves[0]

    def _dst_words(self, dsts: list[int]) -> str:
        if len(dsts) > 1:
            return "any foundation"
        return f"the {self.layout.piles[dsts[0]].label}"

    def _destinations(self, word: str) -> list[int]:
        if word.lower() in ("f", "found", "foundation"):
            found = [p.index for p in self.layout.role(Role.FOUNDATION)]
            if not found:
                raise InvalidMoveError(f"{self.layout.title} has no foundations")
            return found
        return [self.pile_index(word)]

    def _pile_of(self, card: Card) -> int:
        pos = self.position
        where = [i for i in self.rules.sources if card in self.rules.available_cards(pos, i)]
        if where:
            return where[0]
        holders = [self.layout.piles[i].label for i, p in enumerate(pos.piles) if card in p]
        if not holders:
            raise InvalidMoveError(f"there is no {card} in {self.layout.title}'s pack")
        raise IllegalMoveError(f"the {card} is not available: it lies in the {holders[0]}")

    # ------------------------------------------------------------ saving
    def to_record(self) -> dict[str, Any]:
        deal: dict[str, Any]
        if self.explicit_deck:
            deal = {"deck": [c.code for c in self.deck]}
        else:
            deal = {"version": DEAL_VERSION, "seed": self.seed}
        return {
            "game": self.layout.id,
            "variant": self.layout.variant,
            "deal": deal,
            "moves": [move_to_text(self.layout, m) for m in self.moves],
            "position": self.position.digest(),
        }

    @classmethod
    def from_record(cls, record: dict[str, Any], check: bool = True) -> "Game":
        deal = record["deal"]
        if "deck" in deal:
            game = cls.new(record["game"], record.get("variant"),
                           deck=[parse_card(c) for c in deal["deck"]])
        else:
            if deal.get("version") != DEAL_VERSION:
                raise ValueError(f"deal algorithm r{deal.get('version')} is not known")
            game = cls.new(record["game"], record.get("variant"), seed=int(deal["seed"]))
        game.moves = [move_from_text(game.layout, t) for t in record["moves"]]
        game.position = game.replay()
        if check and game.position.digest() != record["position"]:
            raise ValueError("replaying the moves does not give the saved position")
        return game
