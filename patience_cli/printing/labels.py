"""What each pile holds on a sheet (read off sample deals) and what its labels
say, with their widths."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..cards import RANK_NOUN
from ..layout import Layout, PileSpec, Role
from .style import (
    MIN_PT,
    SANS,
    SANS_BOLD,
    SYMBOL_CHARS,
    Look,
)

if TYPE_CHECKING:
    from ..engine import Position
    from ..game import Game


# ------------------------------------------------ what the deal puts where
_SAMPLES: dict[tuple[str, str | None], list[Position]] = {}
SAMPLES = 128  # deals looked at to tell what a deal changes (a few ms a game)


def sample_deals(layout: Layout) -> list[Position]:
    """The game's deal of a fresh pack, of the same pack reversed, and of
    shuffled packs: what is the same in all of them is taken not to depend on
    the deal, and only that is printed on a sheet without a seed."""
    key = (layout.id, layout.variant)
    if key not in _SAMPLES:
        from ..cards import new_pack
        from ..game import shuffled_deck
        from ..games import rules_for

        rules = rules_for(layout)
        fresh = new_pack(layout.pack_kind, layout.pack_count)
        if layout.play.own_packs:
            fresh = [c for _ in range(layout.pack_count) for c in new_pack(layout.pack_kind)]
        decks = [fresh, fresh[::-1]] + [shuffled_deck(rules, seed) for seed in range(1, SAMPLES)]
        _SAMPLES[key] = [rules.deal(deck) for deck in decks]
    return _SAMPLES[key]


def nominal_deal(layout: Layout) -> Position:
    """The position the game's deal makes of a fresh, unshuffled pack."""
    return sample_deals(layout)[0]


def count_varies(layout: Layout, spec: PileSpec) -> bool:
    """Whether how many cards the deal puts on *spec* depends on the deal."""
    return len({len(p.piles[spec.index]) for p in sample_deals(layout)}) > 1


def dealt_count(layout: Layout, spec: PileSpec) -> int:
    """How many cards the deal puts on *spec* (the game's own deal of a
    fresh pack, so cards a book withdraws first are counted where they go)."""
    return len(nominal_deal(layout).piles[spec.index])


def dealt_down(layout: Layout, spec: PileSpec) -> int:
    """How many of them lie face down."""
    return nominal_deal(layout).down[spec.index]


@dataclass(frozen=True)
class PileLook:
    """What a pile looks like on the sheet: how many cards, how many face
    down, which cards (a seeded sheet), and whether its count is known."""

    n: int                     # cards on the pile
    down: int                  # of which face down (the lowest)
    cards: tuple               # the cards, bottom first (a seeded sheet), or ()
    known: bool = True         # False: the count depends on the deal (unseeded)
    base_rank: int | None = None  # unseeded: the rank of a card withdrawn before the deal (a
                               # foundation's first card, a card laid out for show)

    @property
    def empty(self) -> bool:
        return self.n == 0 and self.known


#: each (game, variant, pile)'s look on an unseeded sheet, read off the sample deals once
_LOOKS: dict[tuple[str, str | None, int], PileLook] = {}


def pile_look(layout: Layout, spec: PileSpec, game: Game | None) -> PileLook:
    """The pile as a seeded sheet shows it (the deal's cards), or as an
    unseeded one may truthfully show it: the cards the layout deals there, or
    what every deal puts there, or nothing but its place."""
    if game is not None:
        cards = game.position.piles[spec.index]
        return PileLook(len(cards), game.position.down[spec.index], tuple(cards))
    key = (layout.id, layout.variant, spec.index)
    look = _LOOKS.get(key)
    if look is None:
        look = _LOOKS[key] = _unseeded_look(layout, spec)
    return look


def _unseeded_look(layout: Layout, spec: PileSpec) -> PileLook:
    """:func:`pile_look` for a sheet without a deal."""
    varies = count_varies(layout, spec)
    if isinstance(spec.deal, int) and not isinstance(spec.deal, bool) and \
            (varies or dealt_count(layout, spec) != spec.deal):
        # dealt so, then changed by what the book makes happen at once
        return PileLook(spec.deal, spec.deal if spec.is_face_down else 0, ())
    if varies:
        return PileLook(1, 1 if spec.is_face_down else 0, (), known=False)
    n = dealt_count(layout, spec)
    down = dealt_down(layout, spec)
    same = {p.piles[spec.index] for p in sample_deals(layout)}
    if n and not down and len(same) == 1:
        # the same cards in every deal (the Sultan's kings, withdrawn by name): drawn
        return PileLook(n, 0, same.pop())
    base = None
    if spec.role in (Role.FOUNDATION, Role.DECORATION) and n:
        ranks = {p.piles[spec.index][-1].rank for p in sample_deals(layout)}
        base = ranks.pop() if len(ranks) == 1 else None
    return PileLook(n, down, (), base_rank=base)


def shown_count(look: PileLook, spec: PileSpec) -> int:
    """How many card outlines to draw for a pile: one for an empty pile, a
    pile not spread, or one whose count the deal decides."""
    if not look.known or look.n == 0 or spec.spread == "none" or spec.role is Role.STOCK:
        return 1
    if spec.is_face_down and look.down >= look.n:
        return 1
    return look.n


def pile_detail(layout: Layout, spec: PileSpec, game: Game | None) -> str:
    """The second label line: what lies there, or how a foundation is built."""
    if spec.role is Role.FOUNDATION and spec.build is not None:
        if spec.build.step_by is not None:
            return stepped_words(layout, spec, game)
        return spec.build.describe()
    look = pile_look(layout, spec, game)
    if spec.role is Role.DISCARD:
        return "cards put out"
    if not look.known:
        return "the rest of the pack" if spec.role is Role.STOCK else \
            "as many as the deal gives"
    n = look.n
    if n == 0:
        if spec.role is Role.TABLEAU and spec.build is None and layout.play.rows is not None:
            return "dealt in rows"  # (a place the rows are dealt to as the game goes on)
        return "starts empty"
    where = "face down" if spec.is_face_down else "face up"
    if spec.spread == "hand":
        where = "in hand"
    if spec.is_face_down and look.down < n:
        return f"{n - look.down} up, {look.down} face down"
    if spec.face == "alternate" and look.down:
        return f"{n} cards"  # the hatched ones face down
    text = f"{n} card{'s' if n != 1 else ''} {where}"
    if spec.available == "all" and n > 1:
        text += ", all available"
    return text


def label_width(layout: Layout, spec: PileSpec, game: Game | None = None,
                look: Look | None = None) -> float:
    """Width of the label in layout units, drawn at *look*."""
    look = look or Look()
    badge = 2 * max(look.title_pt * 0.72, MIN_PT * 0.8) + 3
    top = text_width(spec.label, SANS_BOLD, look.title_pt) + badge + 4
    bottom = text_width(pile_detail(layout, spec, game), SANS, look.detail_pt) + 4
    return look.units(max(top, bottom))


def text_width(text: str, font: str, size: float) -> float:
    return sum(stringWidth(run, "Symbol" if sym else font, size) for run, sym in runs(text))


def runs(text: str) -> list[tuple[str, bool]]:
    """Split text into runs of ordinary characters and of Symbol-font glyphs
    (suits and arrows, which the standard fonts lack)."""
    out: list[tuple[str, bool]] = []
    for ch in text:
        sym = ch in SYMBOL_CHARS
        if out and out[-1][1] == sym:
            out[-1] = (out[-1][0] + ch, sym)
        else:
            out.append((ch, sym))
    return out


def group_heading(specs: tuple[PileSpec, ...]) -> str:
    from ..render_text import group_title

    return group_title(specs[0], len(specs))


def numbers_text(specs: tuple[PileSpec, ...]) -> str:
    return str(specs[0].number) if len(specs) == 1 else f"{specs[0].number}–{specs[-1].number}"


def stepped_words(layout: Layout, spec: PileSpec, game: Game | None) -> str:
    """A ``step_by`` pile's label: its order where the card it climbs by is
    known (withdrawn, or a seeded sheet's), else what it climbs by."""
    from ..building import stepped_order
    from ..layout import sequence_text

    assert spec.build is not None and spec.build.step_by is not None
    own = spec.build.step_by == "own"
    if own:
        by = spec
    else:
        place = [p for p in layout.piles if p.group == spec.group].index(spec)
        by = [p for p in layout.piles if p.group == spec.build.step_by][place]
    look = pile_look(layout, by, game)
    rank = look.cards[0].rank if look.cards else look.base_rank
    if rank is None:
        return "by its first card" if own else \
            f"by its {by.name.lower().removesuffix(' card')} card"
    order = ((rank,) if own else ()) + stepped_order(rank)
    return f"{sequence_text(order)}, {'in suit' if spec.build.suit == 'same' else 'any suit'}"


def foundation_words(layout: Layout, specs: tuple[PileSpec, ...]) -> str:
    """How a group of foundations is built, in words (:func:`build_words`)."""
    build = specs[0].build
    assert build is not None
    by = next((p.name.lower() for p in layout.piles if p.group == build.step_by), "")
    return build_words(build, each=len({s.build for s in specs}) > 1, by=by)


def build_words(build, each: bool = False, by: str = "") -> str:
    """A build rule in words: "built up in suit from the ace to the king";
    with *each*, of a group whose piles have orders of their own (the clock's
    hours): "built in suit, each in its own order, given beneath it"; a pile
    climbing by the value of another's card (``step_by``), *by* naming that
    card ("balcony card")."""
    if build.step_by is not None:
        suit = {"same": " in suit", "alternate": " in alternate colours",
                "any": " regardless of suit"}[build.suit]
        if build.step_by == "own":
            return f"built{suit}, each climbing by the value of its first card"
        by = by.removesuffix(" card")
        return f"built{suit}, each climbing by the value of its {by or 'own'} card"
    if build.sequence is not None:
        from ..layout import sequence_text

        suit = {"same": " in suit", "alternate": " in alternate colours",
                "any": " regardless of suit"}[build.suit]
        if each:
            return f"built{suit}, each in its own order, given beneath it"
        return f"built{suit} in the order {sequence_text(build.sequence)}"
    way = {"up": "built up", "down": "built down", "up-or-down": "built up or down",
           "none": "not built on"}[build.direction]
    suit = {"same": " in suit", "alternate": " in alternate colours",
            "any": " regardless of suit"}[build.suit] if build.direction != "none" else ""
    span = ""
    if build.base == 0:
        span = (" from its own first card" if build.first_of == "pile" else
                " from the rank of the first card laid") + (", round the corner" * build.wrap)
    elif build.base is not None:
        span = f" from the {RANK_NOUN[build.base]}"
        if build.until is not None:
            span += f" to the {RANK_NOUN[build.until]}"
    return way + suit + span


def sheet_title(layout: Layout) -> str:
    """The title a sheet bears: the game's, with its variant's name where it is
    one (the variant's title up to its colon: what follows describes it)."""
    if layout.variant:
        name = layout.variant_titles[layout.variant].split(":")[0].strip()
        return f"{layout.title} ({name})"
    return layout.title


def reading_key(title: str) -> str:
    """Where a reader looks for a game in a list: its title without the
    article or quotes it begins with ("The Kings" under K, "La Belle Lucie"
    under B, the "Louis" Patience under L)."""
    words = title.replace('"', "").split()
    if len(words) > 1 and words[0].lower() in ("the", "la", "le", "les", "a"):
        words = words[1:]
    return " ".join(words).casefold()
