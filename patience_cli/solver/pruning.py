"""The moves the solver need not try, and the hand's cards pooled by rank
(:mod:`patience_cli.solver`): rules that never lose a win."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from ..cards import Card, number, ranks
from ..engine import Move, MoveKind, Position, Rules
from ..features.feature import overrides
from .moves import PlainMoves
from .proofs import provers
from .stuck import Held

_MOVE = MoveKind.MOVE
MASKED_MOST = 400_000  # the piles whose keys are remembered, at most (then begun afresh)
#: the "pile" that must take the next move after a deal passed through: the
#: next move is a deal or a move from the talon (see :class:`Pruning`)
AFTER_DEAL = -1


class Pruning:
    """The moves to try from a position, given the move that led there.

    Beyond the game's own ordering (:meth:`Rules.solver_moves`), two rules
    that never lose a win, in a game where a move changes nothing but the two
    piles it names (no route rules, refills, claims or compulsions, no module
    of its own):

    * a card just laid on a tableau pile is not moved on at once, except to a
      foundation: the two moves make one that was open before;
    * a card laid from a pile whose cards all are and stay available (a hand,
      as the Flower-Garden's Bouquet) onto a tableau pile must take a card on
      it at once: laid earlier, it only waits for that card (moves in between
      touch neither it nor its pile), and may as well be laid just before.
      The position with the card waiting is passed through, never kept
      (:meth:`cover`): kept, it would stand for the same position met
      otherwise, with every move open, and that one would go unsearched;
    * a card from a hand goes up to a foundation only when the next card of
      its suit follows it at once (or it is the foundation's last card, or
      one that is safe to play up): until then it only waits in the hand,
      free, where it may yet hold a card on the tableau, and its foundation
      waits for it (no other card can go there first).  The position between
      is passed through in the same way;
    * where the pack is turned onto a talon and nothing else reads or changes
      either (no card is laid on the talon, none turned up as it is dealt,
      no shuffle at a redeal, no pile that waits for the pack to be out),
      a deal is followed at once by another deal or a move from the talon:
      a move between that leaves both alone could as well be made before
      the deal.  The position just dealt is passed through in the same way
      (:data:`AFTER_DEAL`);
    * where nothing but the player's moves of single cards shifts a tableau
      card, and an empty pile may stay empty, a position with a card that
      can never move again (its foundation's card under it, every card it
      may go on home or under it: :class:`~patience_cli.solver.stuck.Held`)
      is lost: it is searched no further (la Belle Lucie after its last
      gathering, the Four Corners, the Capricieuse);
    * in any game, a move after which a rule feature proves the game lost
      by its own rule is not tried
      (:meth:`Feature.not_lost <patience_cli.features.feature.Feature.not_lost>`:
      the Wheel's cards left that could no longer make whole sets);
    * where no rule reads a suit (:attr:`Rules.suitless`), a heap whose
      cards are all of one rank and take none is a hand to the rules above
      (its top card is as good as any of its cards: :meth:`_heaps`), and of
      the moves that lay one card on piles alike in their ranks and rules,
      one is tried (the positions are one to the key: :meth:`_one_of_alike`);
    * where the tableau builds with no regard to suit, the hand's cards of a
      rank are pooled: which of them was laid where is left open until one
      goes up, and positions that differ only in that are one position to
      the search (:meth:`_pooled_key`; an exact reduction, not a pruning).

    (A wider rule, that after a card is laid the next move must touch the
    pile it left or the card laid, is not sound: putting one move off can
    break the rule for the move before it.  The tests hold the solver to the
    unpruned search on whole deals of several games, on small gardens and
    on Flower-Garden deals with cards already home.)
    """

    def __init__(self, rules: Rules, enabled: bool = True,
                 start: Position | None = None) -> None:
        self.rules = rules
        self.enabled = enabled
        self.open = enabled and rules.advice.plain_moves()
        self.tableau = frozenset(rules.tableau)
        self.foundations = frozenset(rules.foundations)
        held = frozenset(
            i for i in rules.sources if rules.specs[i].available == "all"
            and rules.specs[i].build is None and i not in self.tableau) if self.open else frozenset()
        #: the piles whose every card is free, or as good as free: a hand, or in
        #: a suitless game a heap of one rank (:meth:`_heaps`)
        self.hands = held | self._heaps(start)
        #: in a suitless game, each pile of a group alike (:meth:`Rules.alike_groups`)
        #: and its group: a card laid on either of two such piles of the same ranks
        #: makes one position to the key (:meth:`_one_of_alike`)
        self.alike_of: dict[int, int] = {
            i: n for n, group in enumerate(rules.advice.alike_groups()) for i in group
        } if enabled and rules.advice.suitless else {}
        # every card leaves its pile alone, and the engine lists nothing but card moves
        self.single = self.open and all(rules.specs[i].move == "top" for i in rules.sources) \
            and not rules.has_deal_step
        # each foundation's last rank, where a card from a hand waits to go up
        # until the card after it follows at once
        self.final: dict[int, int] = {}
        if self.hands:
            for f in rules.foundations:
                build = rules.specs[f].build
                last = None if build is None else \
                    build.sequence[-1] if build.sequence else build.until
                if last is not None:
                    self.final[f] = last
        #: the cards in play at the start (a position set up by hand may hold
        #: less than the whole pack: a card whose follower is not in play is
        #: its foundation's last, whatever the build's end)
        self.in_play: frozenset[Card] | None = None if start is None else \
            frozenset(c for pile in start.piles for c in pile)
        #: the talon, where a deal is passed through to the next deal or a move from it
        self.talon = self._plain_talon()
        #: the rule that finds a card that can never move again (a lost position)
        self.held = Held.of(rules) if enabled else None
        #: the rule features that prove positions lost by their own rules
        self.proving: tuple[Callable[[Position, list[Move]], list[Move]], ...] = tuple(
            f.not_lost for f in rules.features if overrides(f, "not_lost")) + provers(rules) \
            if enabled else ()
        #: the moves of a position, the engine's (found fast where the layout is plain)
        plain_moves = PlainMoves.of(rules)
        self.open_moves: Callable[[Position], list[Move]] = \
            plain_moves or (lambda pos: list(rules.open_moves(pos)))
        #: where the moves are listed fast (every pile played from gives its top
        #: card, or a hand all its cards): each such pile, whether a move names
        #: its card, and whether all its cards are free (for :meth:`_onto`)
        self.plain_sources = None if plain_moves is None else tuple(
            (s, rules.specs[s].several_free, rules.specs[s].available == "all")
            for s in rules.sources)
        self.key: Callable[[Position], object] = rules.advice.solver_key
        self.apply: Callable[[Position, Move], Position] = rules.apply
        self.pool: frozenset[Card] = frozenset()
        # (every card face up: none is ever turned down, with nothing dealt in play)
        wants = self._wants() if start is not None and self.single and len(held) == 1 \
            and self.hands == held \
            and not any(start.down) else None
        if wants:
            (self.hand,) = self.hands
            self.pool = frozenset(start.piles[self.hand])
            # each foundation, the cards of the pool it may begin with, and
            # after each card the one of the pool it takes next
            cards = [c for pile in start.piles for c in pile]
            self.wants = [(f, [c for c in self.pool if c.rank == base],
                           {c: Card(c.rank + step, c.suit) for c in cards
                            if c.rank != until and Card(c.rank + step, c.suit) in self.pool})
                          for f, base, until, step in wants]
            # each card as the key shows it, a byte: a card of the pool by its
            # rank alone (1 to 13), any other by its rank and suit (from 64)
            self.mask = {c: c.rank if c in self.pool else 64 + number(c) for c in cards}
            #: each pile met, as the key shows it: bytes, which keep their hash
            #: (the search hashes each key it meets) and sort by their content
            self.masked: dict[tuple, bytes] = {}
            self._ranks_onto: dict[tuple, frozenset[int]] = {}  # see _onto_packet
            self.garden = tuple(sorted(self.tableau))
            # the garden's piles taken in sorted order where the rules treat them alike
            self.alike = any(set(g) == self.tableau for g in rules.advice.alike_groups())
            # and the foundations, which each say what they hold by their top card
            self.alike_homes = any(set(g) == self.foundations for g in rules.advice.alike_groups())
            # the piles other than the garden, the hand and the foundations
            self.others = tuple(i for i in range(len(rules.specs)) if i not in self.tableau
                                and i not in self.foundations and i != self.hand)
            self.key, self.apply = self._pooled_key, self._pooled_apply
            fast = PlainMoves.of(rules, pooled=self.hand)
            #: whether the moves open list one card of each rank from the hand already
            self.ranked = fast is not None
            if fast is not None:
                self.open_moves = fast

    def _heaps(self, start: Position | None) -> frozenset[int]:
        """In a game where no rule reads a suit (:attr:`Rules.suitless`) and a
        move changes nothing but its two piles, the piles that hold cards of
        one rank only and never take a card (the Lady of the Manor's heaps):
        their top card is as good as any of theirs, so to the rules above each
        is a hand (a card of a heap goes up only when a card follows it at
        once: put off until then, the heap's top in between is another card of
        its rank, which no rule tells apart)."""
        rules = self.rules
        if not self.open or start is None or not rules.advice.suitless:
            return frozenset()
        # (a pile the layout gives no build takes no card, but where a feature lays one)
        return frozenset(
            i for i in rules.sources if i not in rules.placed_by
            and rules.specs[i].refill is None and rules.specs[i].build is None and start.piles[i]
            and len({c.rank for c in start.piles[i]}) == 1)

    def _wants(self) -> list[tuple[int, int, int | None, int]] | None:
        """Where the cards of a hand may be pooled (see :meth:`_pooled_key`):
        each foundation with the rank it starts from, the rank it ends with
        and its step, else None.  That needs a tableau that builds with no
        regard to suit or colour (so that two cards of one rank lie alike
        there), no other pile that takes cards, and foundations each built in
        one suit by a steady step, from one pack."""
        rules = self.rules
        if rules.layout.pack_count != 1 or not rules.tableau:
            return None
        for i, spec in enumerate(rules.specs):
            plain = rules.building.plain_builds[i]
            if i in self.tableau:
                if plain is None or plain[2] != "any" or plain[4] or spec.available == "all":
                    return None
            elif i in self.foundations:
                if plain is None or plain[2] != "same" or plain[4] or len(plain[3]) != 1 \
                        or not plain[0]:
                    return None
            elif spec.build is not None:
                return None
        plain = rules.building.plain_builds
        return [(f, plain[f][0], plain[f][1], next(iter(plain[f][3]))) for f in rules.foundations]

    def _plain_talon(self) -> int | None:
        """The talon, where dealing onto it changes nothing any move but one
        from it reads, and nothing else changes the stock or the talon (see
        the class's docstring), else None."""
        from ..features.feature import DealStep

        rules = self.rules
        if not self.open or not rules.has_deal_step:
            return None
        steps = [f for f in rules.features if isinstance(f, DealStep)]
        if len(steps) != 1 or "talon" not in steps[0].provides \
                or rules.game.overrides("deal_reason") or rules.game.overrides("apply_deal"):
            return None
        talon = steps[0]
        spec = rules.specs[talon.talon]
        if talon.redeals is None or talon.shuffle or talon.tracks_dealing or spec.deal_up \
                or spec.build is not None or talon.talon in rules.placed_by \
                or any(s.available in ("all-once-dealt", "ends-once-dealt", "at-end")
                       for s in rules.specs):
            return None
        return talon.talon

    def cover(self, pos: Position, move: Move) -> int | None:
        """The pile that must take the next move, after *move* from *pos*: the
        tableau pile whose new card from a hand waits to be covered, or the
        foundation a card from a hand went up to before its time (see the
        class's docstring).  The searches pass through such a position to the
        moves onto that pile, and neither keep nor count it."""
        if move.kind is MoveKind.DEAL:
            return AFTER_DEAL if self.talon is not None else None
        if move.src not in self.hands or move.kind != "move":
            return None
        if move.dst in self.tableau:
            return move.dst
        final = self.final.get(move.dst)
        card = self.rules.moving_card(pos, move)  # (a heap's move names no card: its top)
        if final is None or card.rank == final or self._last_in_play(move.dst, card) \
                or self.rules.advice.safe_foundation_move(pos, (move,)) is not None:
            return None
        return move.dst

    def _last_in_play(self, home: int, card: Card) -> bool:
        """Whether no card in play could follow *card* on foundation *home*
        (its build steps by one rank in suit, and that card is not in play)."""
        plain = self.rules.building.plain_builds[home]
        if self.in_play is None or plain is None or plain[2] != "same" or len(plain[3]) != 1:
            return False
        rank = card.rank + next(iter(plain[3]))
        rank = (rank - 1) % 13 + 1 if plain[4] else rank
        return not 1 <= rank <= 13 or Card(rank, card.suit) not in self.in_play

    def moves(self, pos: Position, last: Move | None, pending: int | None) -> list[Move]:
        """The moves to try, the first to try last (a stack), given the last
        move not from a hand that led here, and the pile that must take the
        next move (:meth:`cover`; or None).  The moves open are asked without
        the status's check for a game that only shifts cards about: the
        search keeps its own record of the positions it has seen, and that
        check would cost more than it saves."""
        if self.held is not None and self.held.lost(
                pos, last.dst if pending is None and last is not None and last.kind == "move"
                and last.dst in self.tableau else None):
            return []
        pooled = bool(self.pool)
        if pending == AFTER_DEAL:
            moves = self.rules.advice.solver_moves(pos, list(self.rules.open_moves_from(pos, self.talon)))
        elif pending is not None:
            moves = self._onto_packet(pos, pending) if pooled and pending in self.tableau \
                else list(self._onto(pos, pending))
            if pooled and pending in self.foundations:
                moves[len(moves):] = self._virtual(pos, pending)
        else:
            opened = self.open_moves(pos)
            moves = self.rules.advice.solver_moves(pos, opened)
            if pooled:
                if len(moves) == 1 and moves is not opened and moves[0].dst in self.foundations \
                        and self._choice_open(pos, self.rules.moving_card(pos, moves[0])):
                    moves = opened  # see _pooled_key: a safe card is not played alone
                if len(moves) > 1 or moves is opened:
                    moves = self._virtual(pos) + (
                        moves if self.ranked else self._one_of_each_rank(moves))
        for not_lost in self.proving:
            moves = not_lost(pos, moves)
        if self.alike_of and len(moves) > 1:
            moves = self._one_of_alike(pos, moves)
        if self.open and last is not None and last.kind == "move" and last.count == 1 \
                and last.dst in self.tableau and last.src not in self.hands:
            moves = [m for m in moves if not (m.kind == "move" and m.src == last.dst
                                              and m.count == 1
                                              and m.dst not in self.foundations)]
        return list(reversed(moves))

    def _one_of_alike(self, pos: Position, moves: list[Move]) -> list[Move]:
        """*moves* less those that lay the same cards on a pile alike, in
        ranks, cards face down and rules, to one laid on before
        (:attr:`alike_of`): the two positions are one to the key."""
        seen: set = set()
        out = []
        piles, down = pos.piles, pos.down
        for m in moves:
            group = self.alike_of.get(m.dst)
            if group is not None and m.kind is _MOVE:
                k = (m.src, m.count, m.card, group, down[m.dst], ranks(piles[m.dst]))
                if k in seen:
                    continue
                seen.add(k)
            out.append(m)
        return out

    def _onto(self, pos: Position, dst: int) -> Iterator[Move]:
        """The moves open onto pile *dst* (the engine's, in its order; where
        every card leaves its pile alone, found without the others; onto a
        tableau pile where the hand is pooled, see :meth:`_onto_packet`)."""
        rules = self.rules
        if not self.single:
            yield from (m for m in rules.open_moves(pos) if m.kind == "move" and m.dst == dst)
            return
        ranks = rules.ranks_taken(pos, dst)
        if ranks is not None and not ranks:
            return
        fits, specs = rules.fits, rules.specs
        if self.plain_sources is not None:  # (each card free as the engine says, read here)
            piles, down = pos.piles, pos.down
            for src, many, every in self.plain_sources:
                pile = piles[src]
                if src == dst or len(pile) <= down[src]:
                    continue
                for card in (dict.fromkeys(pile[down[src]:]) if every else (pile[-1],)):
                    if (ranks is None or card.rank in ranks) and fits(pos, card, dst):
                        yield Move(MoveKind.MOVE, src, dst, 1, card if many else None)
            return
        for src in rules.sources:
            if src == dst:
                continue
            many = specs[src].several_free
            for card in dict.fromkeys(rules.available_cards(pos, src)):
                if (ranks is None or card.rank in ranks) and fits(pos, card, dst):
                    yield Move(MoveKind.MOVE, src, dst, 1, card if many else None)

    def _onto_packet(self, pos: Position, dst: int) -> list[Move]:
        """:meth:`_onto` for a tableau pile where the hand is pooled (the
        pile a card from the hand waits on: met some twice a position, so
        written for speed): the same moves, in the same order."""
        piles = pos.piles
        pile = piles[dst]
        if pile:
            # a tableau pile that takes cards by rank alone (see _wants), steps
            # without turning the corner
            _, until, _, steps, _ = self.rules.building.plain_builds[dst]
            top = pile[-1].rank
            if top == until:
                return []
            ranks: frozenset[int] | None = self._ranks_onto.get((top, steps))
            if ranks is None:
                ranks = self._ranks_onto[(top, steps)] = frozenset([top + s for s in steps])
        else:
            ranks = self.rules.ranks_taken(pos, dst)
        if ranks is not None and not ranks:
            return []
        out: list[Move] = []
        hand = self.hand
        for src in self.rules.sources:
            if src == dst:
                continue
            cards = piles[src]
            if src == hand:  # one card of a rank from the hand
                laid: set[int] = set()
                for card in cards:
                    rank = card.rank
                    if (ranks is None or rank in ranks) and rank not in laid:
                        laid.add(rank)
                        out.append(Move(_MOVE, src, dst, 1, card))
            elif cards and (ranks is None or cards[-1].rank in ranks):
                out.append(Move(_MOVE, src, dst, 1, None))  # every card face up: the top is free
        return out

    # ------------------------------------------------------------ a hand's cards pooled
    def _pooled_key(self, pos: Position) -> object:
        """The key of a position where the cards of the hand are pooled.

        In a game whose tableau builds with no regard to suit (the
        Flower-Garden), a card laid from the hand lies there as any card of
        its rank would: which of the hand's cards of that rank it is matters
        only when one of them goes up.  So the search keeps it open: a card
        laid from the hand counts by its rank alone, and the hand by what is
        not home (the foundations say it).  Positions that differ only in
        which of the hand's cards of a rank were laid where are one position
        to the search, and from it every choice stays open (:meth:`_virtual`):
        a card of the pool goes up from the hand while the hand holds any
        card of its rank, or from any pile whose top card is one of its rank
        from the pool, the two cards changing places first.  A line so found
        is made into one of real moves by :meth:`concrete` (each card laid
        was, all along, the one that went up from where it lay).  Every win
        of the game is such a line, and every such line is a win: the key is
        exact.  (A card of the pool that is safe to play up is not played
        alone while another card of the pool of its rank lies on the tableau
        and a card that could be laid on them is out: which goes up is still
        a choice then; see :meth:`_choice_open`.)"""
        masked, piles = self.masked, pos.piles
        garden = []
        for t in self.garden:
            pile = piles[t]
            got = masked.get(pile)
            if got is None:
                if len(masked) >= MASKED_MOST:
                    masked.clear()
                got = masked[pile] = bytes([self.mask[c] for c in pile])
            garden.append(got)
        if self.alike:
            garden.sort()
        # a foundation says what it holds by its top card (one suit, a steady step)
        homes = frozenset([piles[f][-1] for f in self.foundations if piles[f]]) \
            if self.alike_homes else tuple([piles[f][-1:] for f in self.foundations])
        return (tuple(garden), homes, tuple([piles[i] for i in self.others]), pos.down,
                pos.extra)

    def _pooled_apply(self, pos: Position, move: Move) -> Position:
        """The position after *move*, two cards of the pool changing places
        first where it says so (see :meth:`_virtual`)."""
        if type(move) is _Swapped:
            a, b = move.swap
            pos = pos._replace(piles=tuple(
                tuple([b if c == a else a if c == b else c for c in pile])
                if a in pile or b in pile else pile for pile in pos.piles))
            move = Move(move.kind, move.src, move.dst, move.count, move.card)
        return self.rules.apply(pos, move)

    def _choice_open(self, pos: Position, card: Card) -> bool:
        """Whether a card safe to play up may not go up alone, the pool
        leaving open which of its rank goes up: it is of the pool, a card of
        the pool of its rank lies on the tableau, and some card that could be
        laid on them is not home (once all are, every card of the pool of its
        rank is free and safe, and they go up one after another)."""
        if card not in self.pool:
            return False
        rank, pool, piles = card.rank, self.pool, pos.piles
        if not any(c.rank == rank and c in pool for t in self.garden for c in piles[t]):
            return False
        return not self.rules.advice.onto_home(pos, card)

    def _one_of_each_rank(self, moves: list[Move]) -> list[Move]:
        """*moves* with one card of each rank from the hand to each tableau pile."""
        hand, tableau = self.hand, self.tableau
        out: list[Move] = []
        seen: set = set()
        for m in moves:
            if m.src == hand and m.dst in tableau and m.card is not None:
                k = (m.card.rank, m.dst)
                if k in seen:
                    continue
                seen.add(k)
            out.append(m)
        return out

    def _virtual(self, pos: Position, only: int | None = None) -> list[Move]:
        """The moves up that the pool allows beyond the engine's moves of
        this very position (see :meth:`_pooled_key`): each a card of the pool
        that a foundation takes next, up from the hand where the hand holds
        another card of its rank, or from a pile whose top card is another
        card of its rank from the pool, the two changing places first."""
        piles, pool, hand = pos.piles, self.pool, self.hand
        held = piles[hand]
        tops = None  # the tableau piles topped by a card of the pool, and those cards
        bottoms = None  # the cards that began the foundations
        out: list[Move] = []
        for f, firsts, following in self.wants:
            if only is not None and f != only:
                continue
            pile = piles[f]
            if pile:
                card = following.get(pile[-1])
                if card is None:
                    continue
                wanted: Iterable[Card] = (card,)
            else:
                if bottoms is None:
                    bottoms = {piles[g][0] for g in self.foundations if piles[g]}
                wanted = [c for c in firsts if c not in bottoms]
            for card in wanted:
                rank = card.rank
                if card not in held:
                    other = next((c for c in held if c.rank == rank), None)
                    if other is not None:
                        out.append(_Swapped(MoveKind.MOVE, hand, f, 1, card, (card, other)))
                if tops is None:
                    tops = [(t, piles[t][-1]) for t in self.garden
                            if piles[t] and piles[t][-1] in pool]
                for t, top in tops:
                    if top != card and top.rank == rank:
                        out.append(_Swapped(MoveKind.MOVE, t, f, 1, None, (card, top)))
        return out

    def concrete(self, line: list[Move]) -> list[Move]:
        """A line of the search as moves of the engine's: where two cards of
        the pool changed places, the moves before that name one name the
        other (see :meth:`_pooled_key`)."""
        out: list[Move] = []
        for move in line:
            if type(move) is _Swapped:
                a, b = move.swap
                out = [m._replace(card=b) if m.card == a else
                       m._replace(card=a) if m.card == b else m for m in out]
                move = Move(move.kind, move.src, move.dst, move.count, move.card)
            out.append(move)
        return out


class _Swapped(NamedTuple):
    """A move of the search where a hand's cards are pooled: two cards of the
    pool change places (*swap*), then the move is made."""

    kind: str
    src: int | None
    dst: int | None
    count: int
    card: Card | None
    swap: tuple[Card, Card]
