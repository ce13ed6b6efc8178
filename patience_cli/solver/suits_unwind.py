"""A proof of loss where each suit goes up from its ace on one foundation and
down from its king on another, and some piles' cards leave only for the
foundations (the Zodiac: its circle's cards marry nothing once laid, and
its eight foundations, four aces up and four kings down of different suits,
are formed only at the end): for the solver, through
:meth:`FormedAtEnd.not_lost <patience_cli.features.formed_at_end.FormedAtEnd.not_lost>`.

A card in such a *locked* pile goes home only once every card over it has
gone, and a card laid on it later only adds to what must go first.  So the
question for each suit is whether its two foundations could be built out,
taking the locked piles' cards from the top down and every other card of the
suit (in a reserve, the pack, the talon) whenever it is wanted.  Where that
relaxed game cannot be won for a suit, the real one cannot: the position is
lost.  Once the pack is out and the foundations are being formed the cards
outside the locked piles are free indeed, and the relaxed game is the game:
a position the proof passes is won.

The relaxed game of one suit is small: where its ace-up foundation stands,
where its king-down one stands, and how far down each locked pile of the suit
has gone, searched depth first with the positions met that fail remembered.
A suit's answer is remembered by its locked piles and its foundations.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..features.feature import Rules
from ..layout import Role
from ..position import Position

#: Suits' answers remembered, at most (then begun afresh).
REMEMBERED = 100_000


class SuitsUnwind:
    """The proof (see the module's docstring) for a game of two packs whose
    foundations are four aces up to kings and four kings down to aces, each
    of its own suit (:meth:`build` says where it holds)."""

    def __init__(self, locked: tuple[int, ...], up: tuple[int, ...],
                 down: tuple[int, ...]) -> None:
        #: the piles whose cards leave only for the foundations, and the
        #: foundations going up from the ace and down from the king
        self.locked, self.up, self.down = locked, up, down
        self._answers: dict = {}

    @classmethod
    def build(cls, rules: Rules) -> SuitsUnwind | None:
        """The proof, where the game is of the shape it reads: two packs;
        four foundations ace up to king and four king down to ace, in suit,
        each group's piles of different suits; and tableau or reserve piles
        whose cards no pile but a foundation takes.  None elsewhere."""
        layout, specs = rules.layout, rules.specs
        if layout.pack_count != 2 or layout.pack_kind != "whist":
            return None
        # (only beside rules that take no card from a pile but as the layout's
        # routes allow: another might shift cards otherwise)
        if not all("unwind-safe" in f.provides for f in rules.features):
            return None
        up, down = [], []
        for f in rules.foundations:
            b = specs[f].build
            if b is None or b.suit != "same" or not b.distinct_suits or b.step != 1 \
                    or b.wrap or b.sequence is not None or b.step_by is not None:
                return None
            if (b.base, b.direction, b.until) == (1, "up", 13):
                up.append(f)
            elif (b.base, b.direction, b.until) == (13, "down", 1):
                down.append(f)
            else:
                return None
        if len(up) != 4 or len(down) != 4:
            return None
        foundations = set(rules.foundations)
        locked = tuple(i for i, spec in enumerate(specs)
                       if spec.role in (Role.TABLEAU, Role.RESERVE)
                       and not any(_takes_from(other, spec.group) for j, other in
                                   enumerate(specs) if j != i and j not in foundations))
        return cls(locked, tuple(up), tuple(down)) if locked else None

    def lost(self, pos: Position) -> bool:
        """Whether some suit's foundations can no longer be built out."""
        piles = pos.piles
        by_suit: dict = {}
        for i in self.locked:
            pile = piles[i]
            if len(pile) > 1:  # a lone card waits under nothing
                by_suit.setdefault(pile[0].suit, []).append(tuple([c.rank for c in pile]))
        if not by_suit:
            return False
        stands: dict = {}
        for f in self.up:
            if piles[f]:
                stands.setdefault(piles[f][0].suit, [0, 14])[0] = piles[f][-1].rank
        for f in self.down:
            if piles[f]:
                stands.setdefault(piles[f][0].suit, [0, 14])[1] = piles[f][-1].rank
        answers = self._answers
        for suit, packets in by_suit.items():
            up, down = stands.get(suit, (0, 14))
            key = (tuple(sorted(packets)), up, down)
            answer = answers.get(key)
            if answer is None:
                if len(answers) > REMEMBERED:
                    answers.clear()
                answer = answers[key] = unwinds(key[0], up, down)
            if not answer:
                return True
        return False


def _takes_from(spec, group: str) -> bool:
    """Whether a pile of this spec may ever take a card from the piles of
    *group*: on a card of its own (where it builds), or in its vacancy
    (from its refill's groups, where it has one)."""
    if spec.role not in (Role.TABLEAU, Role.RESERVE):
        return False
    routed = spec.accepts_from is None or group in spec.accepts_from
    build = spec.build
    on_card = build is not None and build.direction != "none" and routed
    if spec.refill is not None:
        vacant = group in spec.refill.sources or group in (spec.refill.after_deal or ())
    else:
        vacant = build is not None and build.empty != "none" and routed
    return on_card or vacant


def unwinds(packets: Iterable[tuple[int, ...]], up: int = 0, down: int = 14) -> bool:
    """Whether one suit's two foundations, the one up standing at *up* (0:
    not begun) and the one down at *down* (14: not begun), can be built out
    (up to 13, down to 1) from two copies of each rank: those in *packets*
    (the locked piles' ranks, bottom first) taken from the top down, the
    others whenever wanted."""
    packets = tuple(packets)
    in_packets = Counter(r for p in packets for r in p)
    loose = {r: 2 - in_packets[r] for r in range(1, 14)}
    failed: set = set()

    def taken(rank: int, heights: tuple[int, ...]) -> int:
        """The copies of *rank* gone from the packets, at these heights."""
        return sum(p[h:].count(rank) for p, h in zip(packets, heights))

    def search(up: int, down: int, heights: tuple[int, ...]) -> bool:
        if up == 13 and down == 1:
            return True
        if (up, down, heights) in failed:
            return False
        for rank, then in ((up + 1, (up + 1, down)), (down - 1, (up, down - 1))):
            if not 1 <= rank <= 13:  # that foundation is built out
                continue
            home = (up >= rank) + (down <= rank)  # its copies home already
            if home - taken(rank, heights) < loose[rank] and search(*then, heights):
                return True
            for k, (packet, h) in enumerate(zip(packets, heights)):
                if h and packet[h - 1] == rank and \
                        search(*then, heights[:k] + (h - 1,) + heights[k + 1:]):
                    return True
        failed.add((up, down, heights))
        return False

    return search(up, down, tuple(len(p) for p in packets))
