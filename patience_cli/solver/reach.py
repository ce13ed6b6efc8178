"""Proofs of loss from cards that wait on one another, read from the compact
search's positions (:mod:`patience_cli.solver.compact`; no I/O).

:class:`~patience_cli.solver.stuck.CompactHeld` finds a card that can never
move again by itself: its foundation's card lies under it, and every card it
may be laid on is home or under it too.  Cards may also wait on one another
in a ring, none held by itself: in Klondike, the nine of diamonds lies alone
over the ace of diamonds, the eight of spades and the six of hearts, face
down; it wants the ten of spades (the ten of clubs is home), which lies in
the talon under the seven of hearts, which wants the eight of spades or the
six of hearts.  Together they can never move.  :class:`CompactReach` finds such
rings by reading the rules loosely, each card on its own, as if no two cards
ever competed for a place, and asking what may *ever* happen from a
position:

* a card *may go home* when it may come free for a foundation and the card
  before it in its suit is home or may go home (an ace always may);
* a card *may leave* when it may go home, or when it may come free and some
  card it may be laid on may be a row's top card, or it may go to an empty
  row that may ever be empty;
* a card may be a row's top card when it may come free where it lies, or
  when it may leave for a row alone (from the pack, the talon or the top of
  a row of one card);
* a row may be empty when every card in it may leave.

Where a card comes free: a card in the pack always (it is dealt onto the
talon's top); in the talon, once every card over it may leave (or at any
time while a redeal is left: the talon becomes the pack again); in a row
whose cards leave one at a time, once every card over it may leave.  In a
row whose face-up cards move together (Klondike): a face-down card once the
face-up run's lowest card (its foot) and every face-down card over it may
leave; the foot may carry the run off at any time (a card it may be laid
on being a row's top card); a face-up card above the foot never leaves but
for a foundation (it goes only where the run goes, and leaves the run only
from its top, for home), so it comes free for home, or is a row's top card
in place, once every face-up card over it may go home.

These facts are found by going on until nothing more is found (each only
grows).  The reading is loose, never strict: take any real play from the
position, and each thing in the order it happens (a card going home, a card
leaving, a card becoming a row's top card, a row emptying) rests on things
that happened before it, which the reading has found already, so it finds
this one too.  So if the game can be won from the position, every card not
home may go home; a card that may not proves the position lost, and the
search looks no further.

It reads the games of one pack the compact search takes whose rows move
only their top card or all their face-up cards together (Klondike, Fortress:
:meth:`CompactReach.of`).  With two packs a card would have to be read by
its kind (either copy of the card before it, either copy of a card it may be
laid on); so read, even with each copy's place followed on its own, it
decided nothing more of Napoleon at St. Helena, Lucas or the Trefoil of two
packs (deals 1 to 20, or 1 to 10, at 20,000 positions) at half the speed or
less.
"""

from __future__ import annotations

_ACE = 1 << 52  # a foundation always waits for an ace: the bit its "card before" reads


class CompactReach:
    """The reading for one layout; :meth:`lost` asks it of a compact position."""

    def __init__(self, under: tuple[tuple[int, ...], ...], empty: tuple[frozenset[int], ...],
                 whole: tuple[bool, ...], copies: list[int], redeals: int) -> None:
        rows = range(len(whole))
        self.whole, self.redeals = whole, redeals
        #: the cards in play (as bits): those not home are out, somewhere
        self.in_play = sum(1 << c for c in range(52) if copies[c])
        #: each card, the cards it may be laid on (as bits)
        self.onto = tuple(sum(1 << u for u in under[c]) for c in range(52))
        #: each card, the rows that take it when empty (as bits)
        self.empties = tuple(sum(1 << d for d in rows if c in empty[d]) for c in range(52))
        #: each card, the card before it in its suit (as a bit; an ace's is always there)
        self.before = tuple(1 << (c - 1) if c % 13 else _ACE for c in range(52))
        #: each foundation's top card, the cards of its suit up to it
        self.home_to = tuple(sum(1 << x for x in range(h - h % 13, h + 1)) for h in range(52))

    @classmethod
    def of(cls, under: tuple[tuple[int, ...], ...], empty: tuple[frozenset[int], ...],
           runs: tuple[str, ...], copies: list[int], redeals: int) -> CompactReach | None:
        """The reading for a layout whose rows lay each card on the cards of
        *under* (cards as numbers, as the compact search's), whose empty rows
        take the cards of *empty*, move cards as *runs* says, with *copies* of
        each card in play, and whose talon may be turned over *redeals* times;
        None where a card is in play twice or a row moves runs of another
        kind (part of a run)."""
        if max(copies) > 1 or not set(runs) <= {"top", "whole-run"}:
            return None
        return cls(under, empty, tuple(how == "whole-run" for how in runs), copies, redeals)

    def lost(self, st: tuple) -> bool:
        """Whether some card of the compact position *st* may never go home
        (see the module's docstring): then the game is lost from *st*."""
        rows, homes, pack, talon, used = st
        onto, empties, before = self.onto, self.empties, self.before
        home = _ACE
        for h in homes:
            if h >= 0:
                home |= self.home_to[h]
        ok = home    # the cards home or that may go home
        top = 0      # the cards that may be a row's top card
        empty = 0    # the rows that may be empty
        waiting = 0  # cards free for home but for the card before them
        need = self.in_play & ~home  # the cards out
        if used < self.redeals:
            loose, talon = list(pack + talon), b""
        else:
            loose, talon = list(pack), talon[::-1]  # (the talon's top first)
        for c in loose:
            waiting |= 1 << c

        def up(c: int) -> None:
            """Card *c* may go home, and so may the cards after it waiting."""
            nonlocal ok
            ok |= 1 << c
            c += 1
            while c % 13 and waiting >> c & 1 and not ok >> c & 1:
                ok |= 1 << c
                c += 1

        for c in loose:
            if not ok >> c & 1 and ok & before[c]:
                up(c)
        # each row's progress: [its number, the face-up run's next card to
        # look at (as an index into the row's bytes), the next face-down card,
        # the face-down count (-1 where the row's cards leave one at a time),
        # whether the foot may carry the run off]
        rest = []
        for r, row in enumerate(rows):
            down, n = row[0], row[1]
            if self.whole[r]:
                rest.append([r, n + 1, down + 1, down, n == down])
            else:
                rest.append([r, 1, n + 1, -1, True])
        t = 0  # the talon's next card to look at
        while True:
            before_ok, before_top, before_empty = ok, top, empty
            if loose:  # cards come free for good: each may yet go to a row
                keep = []
                for c in loose:
                    if onto[c] & top or empties[c] & empty:
                        top |= 1 << c
                    else:
                        keep.append(c)
                loose = keep
            while t < len(talon):
                c = talon[t]
                b = 1 << c
                if not ok & b:
                    if ok & before[c]:
                        up(c)
                    else:
                        waiting |= b
                if onto[c] & top or empties[c] & empty:
                    top |= b
                elif ok & b:
                    loose.append(c)  # free for good: it may yet go to a row
                else:
                    break  # it may never leave: the cards under it never come free
                t += 1
            for k in range(len(rest) - 1, -1, -1):
                r, j, d, down, carried = rest[k]
                row = rows[r]
                if down >= 0:
                    while j > down + 1:  # the face-up run, from its top, while each goes home
                        c = row[j]
                        b = 1 << c
                        top |= b
                        if not ok & b:
                            if not ok & before[c]:
                                waiting |= b
                                break
                            up(c)
                        j -= 1
                    rest[k][1] = j
                    if not carried:
                        c = row[down + 2]
                        if not (ok >> c & 1 or onto[c] & top or empties[c] & empty):
                            continue  # the run stays: the cards under it never come free
                        rest[k][4] = True
                while d > 1:  # the cards under the run (or every card), one at a time
                    c = row[d]
                    b = 1 << c
                    top |= b
                    if not ok & b:
                        if ok & before[c]:
                            up(c)
                        else:
                            waiting |= b
                            if not (onto[c] & top or empties[c] & empty):
                                break
                    d -= 1
                else:
                    empty |= 1 << r
                    if down < 0 or j <= down + 1:
                        del rest[k]
                        continue
                rest[k][2] = d
            if not need & ~ok:
                return False
            if ok == before_ok and top == before_top and empty == before_empty:
                return True
