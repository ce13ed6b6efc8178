"""A game in progress: the deal (seed or explicit deck), the moves made, the
current position; reading a player's move text against the legal moves.

Still no I/O: :mod:`patience_cli.state` keeps games on disk."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from .cards import Card, CardParseError, new_pack, parse_card
from .engine import (
    DEAL,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    MoveError,
    MoveKind,
    Position,
    Refusal,
    Rules,
    Status,
    move_from_text,
    move_to_text,
)
from .errors import ExitStatus, PatienceError, quoted
from .games import load
from .layout import Layout, LayoutError, Role, game_ids
from .outcome import Outcome
from .refusals import unseen
from .rng import DEAL_VERSION, MAX_SEED, shuffle, shuffle_each

#: The longest deck file or standard input read for ``--deck`` (a deck is a
#: few hundred characters; comments allowed): more is refused, not read.
MAX_DECK_TEXT = 64 * 1024


class DeckError(PatienceError, ValueError):
    """An explicit deck that is not exactly the game's pack."""

    exit_status = ExitStatus.USAGE


class RulesFaultError(PatienceError):
    """The rules' cheap check refuses a move that their words do not explain:
    an internal fault, reported as such (exit 1), the game left unchanged."""

    exit_status = ExitStatus.REFUSED

    def message(self) -> str:
        return f"internal error: {self}"


class RecordError(PatienceError, ValueError):
    """A saved-game record whose fields are not what this program writes, or
    whose moves do not replay: the saved game is damaged."""


def ascii_number(text: str, limit: int) -> int | None:
    """*text* as a whole number from 0 to *limit*, written in ASCII digits
    only, or None.  (``str.isdigit`` also accepts '²' and '٣', and ``int``
    reads '٣' as 3 and refuses more than 4,300 digits with an error.)"""
    text = text.strip()
    if not text or not text.isascii() or not text.isdigit() or len(text) > len(str(limit)):
        return None
    value = int(text)
    return value if value <= limit else None


def shuffled_deck(rules: Rules, seed: int) -> list[Card]:
    """The pack of deal *seed*, in the order the game's deal takes it."""
    layout = rules.layout
    deck = list(_shuffled_pack(layout.pack_kind, layout.pack_count, layout.play.own_packs, seed))
    if layout.play.own_packs:
        return deck
    from .dealing import seeded_order  # (only where a seeded game is dealt)

    return seeded_order(rules, deck)


@lru_cache(maxsize=1024)
def _shuffled_pack(kind: str, count: int, own_packs: bool, seed: int) -> tuple[Card, ...]:
    """The pack shuffled by *seed*: the same for every game of that pack
    (remembered: a printed sheet looks at a hundred deals of each game)."""
    if own_packs:
        # each player shuffles a whole pack of his own
        packs = [new_pack(kind) for _ in range(count)]
        shuffle_each(packs, seed)
        return tuple(c for pack in packs for c in pack)
    deck = new_pack(kind, count)
    shuffle(deck, seed)
    return tuple(deck)


def parse_deck(text: str, layout: Layout) -> list[Card]:
    """Cards top first, separated by spaces, commas or new lines; ``#`` starts
    a comment.  The deck must be exactly the game's pack."""
    cards: list[Card] = []
    for n, line in enumerate(text.splitlines(), 1):
        for word in line.split("#", 1)[0].replace(",", " ").split():
            try:
                cards.append(parse_card(word))
            except CardParseError:
                raise DeckError(f"line {n}: {quoted(word)} is not a card (write e.g. 10h, "
                                "Ks, 7♣)") from None
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
    if layout.play.own_packs:
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
    shown = code if len(code) <= 40 else code[:37] + "..."
    if not head or not seed_text.isascii() or not seed_text.isdigit():
        raise ValueError(f"{shown!r} is not a share code (they look like fours@7.r1)")
    seed = ascii_number(seed_text, MAX_SEED)
    if seed is None:
        raise ValueError(f"the seed of share code {shown!r} is not a whole number from 0 "
                         f"to {MAX_SEED}")
    if version and version != f"r{DEAL_VERSION}":
        raise ValueError(f"share code {shown!r} uses deal algorithm {version[:12]}, "
                         f"this program deals with r{DEAL_VERSION}")
    game, _, variant = head.partition("+")
    return game, variant or None, seed


class Game:
    """One game: its rules, its deal and the moves made (a plain class: a
    dataclass costs a millisecond at every start of 'patience')."""

    __slots__ = ("layout", "rules", "seed", "deck", "explicit_deck", "moves", "start",
                 "position", "undone", "before_last", "started")

    def __init__(self, layout: Layout, rules: Rules, seed: int | None,
                 deck: tuple[Card, ...], explicit_deck: bool,
                 moves: list[Move] | None = None, start: Position | None = None,
                 position: Position | None = None, undone: list[Move] | None = None,
                 before_last: Position | None = None, started: str = "") -> None:
        self.layout = layout
        self.rules = rules
        self.seed = seed
        self.deck = deck
        self.explicit_deck = explicit_deck
        self.moves: list[Move] = moves if moves is not None else []
        self.start: Position = start  # type: ignore[assignment]
        self.position: Position = position  # type: ignore[assignment]
        #: Moves taken back, the next one to redo last; a new move clears them.
        self.undone: list[Move] = undone if undone is not None else []
        #: The position before the last move (None at the deal).
        self.before_last = before_last
        #: When the game was dealt (UTC, ISO 8601): with its name, who it is.
        self.started = started

    def copy(self) -> Game:
        """A copy whose move lists can change without changing this one's."""
        return Game(self.layout, self.rules, self.seed, self.deck, self.explicit_deck,
                    list(self.moves), self.start, self.position, list(self.undone),
                    self.before_last, self.started)

    # ------------------------------------------------------------ making one
    @classmethod
    def new(cls, game_id: str, variant: str | None = None, seed: int | None = None,
            deck: Sequence[Card] | None = None) -> Game:
        layout, rules = load(game_id, variant)
        if deck is None:
            if seed is None:
                seed = random_seed()
            if not 0 <= seed <= MAX_SEED:
                raise ValueError(f"the seed must be a whole number from 0 to {MAX_SEED}")
            cards = shuffled_deck(rules, seed)
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
        return list(self.rules.legal_moves(self.position))

    def check(self, move: Move) -> None:
        """Raise IllegalMoveError, saying which rule forbids *move*, if it is
        illegal (the words are made only then)."""
        if self.rules.is_legal(self.position, move):
            return
        reason = self.rules.move_reason(self.position, move)
        if reason is None:  # the yes or no and the words disagree: a fault, never a play
            raise RulesFaultError(f"the rules refuse {move_to_text(self.layout, move)!r} "
                                  "but give no reason; the game is unchanged (please report "
                                  "this)")
        if reason is not None:
            error = IllegalMoveError(reason)
            if isinstance(reason, Refusal):
                if reason.instead is not None:
                    error.instead = self.rules.words.command(self.position, reason.instead)
                error.cites = (self.layout, reason.topics)
            raise error

    def play(self, move: Move, redoing: bool = False) -> Outcome:
        """Make *move*, the one door a move goes through: checked once
        (IllegalMoveError, with the rule, where it is refused, and nothing
        changes), applied once; returns what it did (the position before and
        after, and on demand its events and words).  *redoing*: a move taken
        back and played again keeps the moves still to redo."""
        self.check(move)
        before = self.position
        self.position = self.rules.apply(before, move)
        self.before_last = before
        self.moves.append(move)
        if not redoing:
            self.undone.clear()
        return Outcome(self.rules, before, move, self.position)

    def undo(self, count: int = 1) -> list[tuple[Position, Move]]:
        """Take back up to *count* moves, keeping them to redo; returns each
        move taken back with the position it was made from, last move first."""
        count = min(count, len(self.moves))
        if not count:
            return []
        keep = len(self.moves) - count
        positions = [self.start]
        for m in self.moves[:-1]:
            positions.append(self.rules.apply(positions[-1], m))
        taken = [(positions[i], self.moves[i]) for i in range(len(self.moves) - 1, keep - 1, -1)]
        self.undone.extend(m for _, m in taken)
        del self.moves[keep:]
        self.position = positions[keep]
        self.before_last = positions[keep - 1] if keep else None
        return taken

    def redo(self, count: int = 1) -> list[tuple[Position, Move]]:
        """Play again up to *count* moves taken back; returns each with the
        position it was made from, in the order played."""
        done: list[tuple[Position, Move]] = []
        while self.undone and len(done) < count:
            move = self.undone[-1]
            before = self.position
            self.play(move, redoing=True)
            self.undone.pop()
            done.append((before, move))
        return done

    def restart(self) -> None:
        """Back to the deal; the moves made can be redone."""
        self.undone.extend(reversed(self.moves))
        self.moves.clear()
        self.position = self.start
        self.before_last = None

    def replay(self) -> Position:
        pos = self.start
        apply = self.rules.apply
        for m in self.moves:
            pos = apply(pos, m)
        return pos

    # ------------------------------------------------------------ reading moves
    def pile_index(self, word: str) -> int:
        number = ascii_number(word, 9999)
        if number is None:
            raise InvalidMoveError(f"{_short(word)!r} is not a pile number")
        spec = self.layout.by_number(number)
        if spec is None:
            numbers = [p.number for p in self.layout.piles]
            raise InvalidMoveError(f"there is no pile {number}: the piles are numbered "
                                   f"{min(numbers)} to {max(numbers)}")
        return spec.index

    def parse_removal(self, args: Sequence[str]) -> Move:
        """Read ``PILE PILE ...``: the piles whose top cards a ``remove``
        puts out together (InvalidMoveError where a word is no pile, or a
        pile is named twice)."""
        words = [a.strip() for a in args]
        if not words:
            raise InvalidMoveError("name the piles whose cards are put out together")
        piles = tuple(self.pile_index(w) for w in words)
        if len(set(piles)) != len(piles):
            raise InvalidMoveError("a pile is named twice: each card is put out once")
        return Move(MoveKind.REMOVE, piles=piles)

    def parse_move(self, args: Sequence[str]) -> Move:
        """Read ``N`` (the Nth legal move), ``SRC DST`` or ``SRC DST COUNT``
        (or ``remove PILE ...``, :meth:`parse_removal`).

        SRC is a pile number or an available card (``10h``); DST a pile
        number or ``f`` for whichever foundation takes the card.  Raises
        InvalidMoveError, AmbiguousMoveError or IllegalMoveError (with the rule)."""
        args = [a.strip() for a in args]
        if args and args[0].lower() == "remove":  # as 'patience moves' writes a removal
            return self.parse_removal(args[1:])
        if len(args) == 1:
            word = args[0]
            if word.lower() == "deal":
                return DEAL
            n = ascii_number(word, 10**9)
            if n is None:
                raise InvalidMoveError(f"{_short(word)!r} is not a move: give a move number "
                                       "from 'patience moves', or SRC DST")
            legal = self.legal_moves()
            if not 1 <= n <= len(legal):
                if not legal:
                    raise InvalidMoveError("there is no legal move now")
                raise InvalidMoveError(f"there is no legal move {n}: moves are numbered 1 to "
                                       f"{len(legal)} (see 'patience moves')")
            return legal[n - 1]
        if len(args) not in (2, 3):
            raise InvalidMoveError("a move is SRC DST (pile numbers, or a card and a pile), "
                                   "SRC DST COUNT (a run of cards, where the game moves "
                                   "runs), or the number of a legal move")
        count = 1
        if len(args) == 3:
            n = ascii_number(args[2], 999)
            if n is None or n < 1:
                raise InvalidMoveError(f"{_short(args[2])!r} is not a number of cards")
            count = n
        src_word, dst_word = args[0], args[1]
        card: Card | None = None
        if src_word.isascii() and src_word.isdigit():
            src = self.pile_index(src_word)
        elif ":" in src_word:  # PILE:CARD, a card named with the pile it lies in
            pile_word, card_word = src_word.split(":", 1)
            src = self.pile_index(pile_word)
            try:
                card = parse_card(card_word)
            except CardParseError:
                raise InvalidMoveError(f"{quoted(card_word)} is not a card") from None
            if card not in self.position.piles[src][self.position.down[src]:]:
                raise IllegalMoveError(unseen(self.position, src, card, self.layout.piles[src]))
        else:
            try:
                card = parse_card(src_word)
            except CardParseError:
                raise InvalidMoveError(f"{quoted(src_word)} is neither a pile number nor a card") from None
            src = self._pile_of(card)
        dsts = self._destinations(dst_word)
        pos = self.position
        spec = self.layout.piles[src]
        if card is None and spec.several_free and pos.piles[src]:
            # A pile whose every card is available: find which card is meant.
            fits = [(c, d) for c in dict.fromkeys(self.rules.available_cards(pos, src))
                    for d in dsts
                    if self.rules.is_legal(pos, Move(MoveKind.MOVE, src, d, count, c))]
            cards = list(dict.fromkeys(c for c, _ in fits))
            if len(cards) > 1:
                options = " or ".join(f"'move {c.code} {dst_word}'" for c in cards[:6])
                raise AmbiguousMoveError(f"several cards of {spec.the_ref} can go there: "
                                         f"name the card, {options}")
            if not cards:
                raise IllegalMoveError(f"no card of {spec.the_ref} can go on "
                                       + self._dst_words(dsts))
            return Move(MoveKind.MOVE, src, fits[0][1], count, cards[0])
        if card is not None and not spec.several_free:
            graced = [Move(MoveKind.MOVE, src, d, count, card) for d in dsts]
            grace = self.rules.providing("grace")
            graced = [m for m in graced if grace is not None and grace.owns(pos, m)]
            if graced:
                return graced[0]  # a grace: a card that is not free, named
            named, card = card, None  # the top card, checked below
            if pos.piles[src][-1] != named or pos.down[src] >= len(pos.piles[src]):
                raise IllegalMoveError(
                    f"the {named} is not available: only the top card of the "
                    f"{spec.ref} may be played")
        if len(dsts) == 1:
            return Move(MoveKind.MOVE, src, dsts[0], count, card)
        moves = [Move(MoveKind.MOVE, src, d, count, card) for d in dsts]
        ok = [m for m in moves if self.rules.is_legal(pos, m)]
        if ok:
            return ok[0]
        return moves[0]

    def _dst_words(self, dsts: list[int]) -> str:
        if len(dsts) > 1:
            return "any foundation"
        return f"{self.layout.piles[dsts[0]].the_ref}"

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
        grace = self.rules.providing("grace")
        graced = list(dict.fromkeys(m.src for m in grace.moves(pos) if m.card == card)) \
            if grace is not None else []
        if len(graced) > 1:
            numbers = [self.layout.piles[i].number for i in graced]
            raise AmbiguousMoveError(
                f"the {card} lies in piles {', '.join(map(str, numbers))}: name the pile, "
                f"as in 'move {numbers[0]}:{card.code} ...'")
        if graced:
            return graced[0]  # not free, but a grace may take it
        if not any(card in p for p in pos.piles):
            raise InvalidMoveError(f"there is no {card} in {self.layout.title}'s pack")
        # where a card lies is said only where it can be seen (face up)
        seen = [self.layout.piles[i].ref for i, p in enumerate(pos.piles)
                if card in p[pos.down[i]:]]
        raise IllegalMoveError(f"the {card} is not available" +
                               (f": it lies in the {seen[0]}" if seen else ""))

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
            "undone": [move_to_text(self.layout, m) for m in self.undone],
            "position": self.position.digest(),
            "started": self.started,
        }

    def deck_digest(self) -> str | None:
        """A short fingerprint of an explicit deck (the history names the deal
        by it, not by its cards)."""
        if not self.explicit_deck:
            return None
        from .digest import sha256

        return sha256(" ".join(c.code for c in self.deck).encode()).hexdigest()[:16]

    #: The fields of a saved record, as :meth:`to_record` writes them.
    RECORD_KEYS = frozenset({"format", "game", "variant", "deal", "moves", "undone",
                             "position", "started", "checksum"})

    @classmethod
    def from_record(cls, record: dict[str, Any], check: bool = True) -> Game:
        """The game a saved record holds, every field checked and every move
        replayed against the rules; raises RecordError for anything else (a
        record is data that someone else may have written)."""
        gid, variant, seed, deck = _check_record(record, cls.RECORD_KEYS)
        try:
            game = cls.new(gid, variant, seed=seed, deck=deck)
            for text in record["moves"]:
                game.play(move_from_text(game.layout, text))
            undone = [move_from_text(game.layout, t) for t in record.get("undone", [])]
        except (MoveError, DeckError, LayoutError) as exc:
            raise RecordError(f"it cannot be replayed ({exc})") from None
        if check and game.position.digest() != record["position"]:
            raise RecordError("replaying the moves does not give the saved position (the "
                              "file was changed, or saved by a version of patience that read "
                              "this game's rules differently)")
        pos = game.position
        for move in reversed(undone):  # the moves to redo must replay too
            if not game.rules.is_legal(pos, move):
                reason = game.rules.move_reason(pos, move)
                raise RecordError(f"a move kept to redo cannot be replayed ({reason})")
            pos = game.rules.apply(pos, move)
        game.undone = undone
        game.started = record.get("started", "")
        return game


def _short(text: str, width: int = 24) -> str:
    return text if len(text) <= width else text[:width - 3] + "..."


def _check_record(record: Any, keys: frozenset[str]
                  ) -> tuple[str, str | None, int | None, list[Card] | None]:
    """The game id, variant, seed and deck of a saved record, every field's
    type and range checked; raises RecordError."""
    def bad(why: str) -> RecordError:
        return RecordError(why)

    if not isinstance(record, dict):
        raise bad("it is not a game record")
    if set(record) - keys or not {"game", "deal", "moves", "position"} <= set(record):
        unknown = sorted(set(record) - keys)[:3] or sorted({"game", "deal", "moves",
                                                            "position"} - set(record))
        raise bad(f"its fields are not a saved game's (see {', '.join(map(repr, unknown))})")
    gid = record["game"]
    if not isinstance(gid, str) or gid not in game_ids():
        raise bad(f"it names no registered game ({_short(str(gid))!r})")
    variant = record.get("variant")
    if variant is not None:
        from .layout import load_layout

        if not isinstance(variant, str) or variant not in load_layout(gid).variants:
            raise bad(f"{gid} has no variant {_short(str(variant))!r}")
    for key in ("moves", "undone"):
        moves = record.get(key, [])
        if not isinstance(moves, list) or not all(isinstance(m, str) and len(m) <= 40
                                                  for m in moves):
            raise bad(f"its {'moves' if key == 'moves' else 'moves to redo'} are not a list "
                      "of moves")
    if not isinstance(record["position"], str):
        raise bad("its position fingerprint is not text")
    if not isinstance(record.get("started", ""), str) or len(record.get("started", "")) > 40:
        raise bad("its starting date is not a date")
    deal = record["deal"]
    if not isinstance(deal, dict):
        raise bad("its deal is not a seed or a deck")
    if set(deal) == {"deck"}:
        words = deal["deck"]
        if not isinstance(words, list) or not all(isinstance(w, str) and len(w) <= 4
                                                  for w in words):
            raise bad("its deck is not a list of cards")
        try:
            return gid, variant, None, [parse_card(w) for w in words]
        except CardParseError as exc:
            raise bad(f"its deck holds something that is not a card ({exc})") from None
    if set(deal) == {"version", "seed"}:
        version, seed = deal["version"], deal["seed"]
        if type(version) is not int or version != DEAL_VERSION:  # noqa: E721 - not bool
            raise bad(f"its deal algorithm r{_short(str(version))} is not known")
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:  # noqa: E721 - not bool
            raise bad(f"its seed is not a whole number from 0 to {MAX_SEED}")
        return gid, variant, seed, None
    raise bad("its deal is not a seed or a deck")
