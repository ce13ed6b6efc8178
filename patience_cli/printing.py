"""Printed sheets: the layout diagram and the rule sheet, as PDF (and the
diagram alone as SVG), drawn from the same layout definition the game is dealt
from.  The only module that imports reportlab, so playing never pays for it.

The renderer knows nothing of any game: it reads piles, positions, spreads,
orientations, deal counts and build rules from the layout.  Output is
byte-for-byte deterministic (reportlab's invariant mode, fixed metadata).

Geometry is worked out first, in layout units (a card is 1 wide and 1.4
high), as a list of boxes: :func:`diagram_boxes` is what the tests check for
overlaps, and what the drawing is made from.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from reportlab import rl_config

rl_config.invariant = 1  # no dates or random IDs in the files: the same input, the same bytes

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Rect, String  # noqa: E402
from reportlab.lib import colors  # noqa: E402
from reportlab.lib.enums import TA_CENTER  # noqa: E402
from reportlab.lib.pagesizes import A4, LETTER  # noqa: E402
from reportlab.lib.styles import ParagraphStyle  # noqa: E402
from reportlab.lib.units import mm  # noqa: E402
from reportlab.pdfbase.pdfmetrics import stringWidth  # noqa: E402
from reportlab.platypus import (  # noqa: E402
    BaseDocTemplate, CondPageBreak, Flowable, Frame, KeepTogether, NextPageTemplate,
    PageBreak, PageTemplate, Paragraph, Spacer,
)
from reportlab.platypus.tableofcontents import TableOfContents  # noqa: E402

from .books import short_name  # noqa: E402
from .cards import RANK_NOUN, RANK_TEXT, Card  # noqa: E402
from .layout import Layout, PileSpec, Role, game_ids, load_layout  # noqa: E402
from .rules_text import render_rules  # noqa: E402

if TYPE_CHECKING:
    from .game import Game
    from .engine import Position

PAPERS = {"a4": A4, "letter": LETTER}
MARGIN = 18 * mm

CARD_W, CARD_H = 1.0, 1.4          # a card, in layout units
LABEL_H = 0.62                      # room under a pile for its two label lines
FAN_ANGLE = 64.0                    # degrees from the first card of a fan to the last
STEP_DOWN, STEP_RIGHT, STEP_HAND = 0.26, 0.3, 0.42

INK = colors.HexColor("#222222")
RED = colors.HexColor("#b3261e")
FAINT = colors.HexColor("#8a8a8a")
ACCENT = colors.HexColor("#1f4e79")
PAPER_TINT = colors.HexColor("#fbf8f1")
BACK = colors.HexColor("#d9e2ec")

SUITS = "♠♥♦♣"
SYMBOL_CHARS = SUITS + "↑↓"
SANS, SANS_BOLD, SERIF = "Helvetica", "Helvetica-Bold", "Times-Roman"
TITLE_FONT = "Times-Bold"



# ---------------------------------------------------------------- geometry
@dataclass(frozen=True)
class Box:
    """A rectangle in layout units (y grows downwards, as in the layout)."""

    kind: str      # pile | label | caption
    key: str
    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: "Box") -> bool:
        return (self.x < other.x + other.w and other.x < self.x + self.w
                and self.y < other.y + other.h and other.y < self.y + self.h)


MIN_PT = 6.0          # no caption on a sheet is smaller than this
UNIT_NOMINAL = 48.0   # points per layout unit at which captions have their full size
MAX_SCALE = 96.0      # points per layout unit at most: a card about 34 mm wide


@dataclass(frozen=True)
class Look:
    """How large a diagram is drawn: points per layout unit, and how much wider
    than the PDF fonts' metrics its text may come out (an SVG viewer without
    Helvetica uses a wider font)."""

    scale: float = UNIT_NOMINAL
    widen: float = 1.0

    @property
    def k(self) -> float:
        return min(1.0, self.scale / UNIT_NOMINAL)

    @property
    def title_pt(self) -> float:
        return max(MIN_PT + 0.5, 8 * self.k)

    @property
    def detail_pt(self) -> float:
        return max(MIN_PT, 6.5 * self.k)

    @property
    def caption_pt(self) -> float:
        return max(MIN_PT + 1, 9 * self.k)

    @property
    def badge_pt(self) -> float:
        """The size of a number inside a card."""
        return max(MIN_PT, min(7.0, self.scale * 0.14))

    def units(self, points: float) -> float:
        return points * self.widen / self.scale


# ------------------------------------------------ what the deal puts where
_SAMPLES: dict[tuple[str, str | None], list["Position"]] = {}
SAMPLES = 128  # deals looked at to tell what a deal changes (a few ms a game)


def sample_deals(layout: Layout) -> list["Position"]:
    """The game's deal of a fresh pack, of the same pack reversed, and of
    shuffled packs: what is the same in all of them is taken not to depend on
    the deal, and only that is printed on a sheet without a seed."""
    key = (layout.id, layout.variant)
    if key not in _SAMPLES:
        from .cards import new_pack
        from .game import shuffled_deck
        from .games import rules_for

        rules = rules_for(layout)
        fresh = new_pack(layout.pack_kind, layout.pack_count)
        if layout.play.get("own_packs"):
            fresh = [c for _ in range(layout.pack_count) for c in new_pack(layout.pack_kind)]
        decks = [fresh, fresh[::-1]] + [shuffled_deck(layout, seed) for seed in range(1, SAMPLES)]
        _SAMPLES[key] = [rules.deal(deck) for deck in decks]
    return _SAMPLES[key]


def nominal_deal(layout: Layout) -> "Position":
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
    base_rank: int | None = None  # unseeded: a foundation's card withdrawn before the deal

    @property
    def empty(self) -> bool:
        return self.n == 0 and self.known


def pile_look(layout: Layout, spec: PileSpec, game: "Game | None") -> PileLook:
    """The pile as a seeded sheet shows it (the deal's cards), or as an
    unseeded one may truthfully show it: the cards the layout deals there, or
    what every deal puts there, or nothing but its place."""
    if game is not None:
        cards = game.position.piles[spec.index]
        return PileLook(len(cards), game.position.down[spec.index], tuple(cards))
    varies = count_varies(layout, spec)
    if isinstance(spec.deal, int) and not isinstance(spec.deal, bool) and \
            (varies or dealt_count(layout, spec) != spec.deal):
        # dealt so, then changed by what the book makes happen at once
        return PileLook(spec.deal, spec.deal if spec.is_face_down else 0, ())
    if varies:
        return PileLook(1, 1 if spec.is_face_down else 0, (), known=False)
    n = dealt_count(layout, spec)
    base = None
    if spec.role is Role.FOUNDATION and n:
        ranks = {p.piles[spec.index][-1].rank for p in sample_deals(layout)}
        base = ranks.pop() if len(ranks) == 1 else None
    return PileLook(n, dealt_down(layout, spec), (), base_rank=base)


def shown_count(look: PileLook, spec: PileSpec) -> int:
    """How many card outlines to draw for a pile: one for an empty pile, a
    pile not spread, or one whose count the deal decides."""
    if not look.known or look.n == 0 or spec.spread == "none" or spec.role is Role.STOCK:
        return 1
    if spec.is_face_down and look.down >= look.n:
        return 1
    return look.n


def card_size(spec: PileSpec) -> tuple[float, float]:
    return (CARD_H, CARD_W) if spec.orientation == "crosswise" else (CARD_W, CARD_H)


def pile_extent(spec: PileSpec, n: int) -> tuple[float, float]:
    """Width and height a pile of *n* shown cards takes, before any tilt."""
    w, h = card_size(spec)
    if spec.spread == "down":
        return w, h + STEP_DOWN * (n - 1)
    if spec.spread in ("right", "left"):
        return w + STEP_RIGHT * (n - 1), h
    if spec.spread == "hand":
        return w + STEP_HAND * (n - 1), h
    if spec.spread == "fan":
        return fan_extent(n)
    return w, h


def tilted_extent(w: float, h: float, tilt: float) -> tuple[float, float]:
    a = math.radians(tilt)
    c, s = abs(math.cos(a)), abs(math.sin(a))
    return w * c + h * s, w * s + h * c


def fan_angles(n: int) -> list[float]:
    if n <= 1:
        return [0.0]
    return [FAN_ANGLE / 2 - FAN_ANGLE * i / (n - 1) for i in range(n)]


def _rotated_corners(cx: float, cy: float, angle: float) -> list[tuple[float, float]]:
    """Corners of a card whose bottom centre is at (cx, cy), turned *angle*
    degrees (positive = leaning left), in y-up coordinates."""
    a = math.radians(angle)
    pts = [(-CARD_W / 2, 0), (CARD_W / 2, 0), (CARD_W / 2, CARD_H), (-CARD_W / 2, CARD_H)]
    return [(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a))
            for x, y in pts]


def fan_extent(n: int) -> tuple[float, float]:
    pts = [p for a in fan_angles(n) for p in _rotated_corners(0, 0, a)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return max(xs) - min(xs), max(ys) - min(ys)


def card_box(layout: Layout, spec: PileSpec, game: "Game | None") -> Box:
    """Where the pile's cards are drawn, before any tilt."""
    w, h = pile_extent(spec, shown_count(pile_look(layout, spec, game), spec))
    return Box("card", spec.key, spec.at[0], spec.at[1], w, h)


def footprint(layout: Layout, spec: PileSpec, game: "Game | None") -> Box:
    """The room the pile takes on the table: its cards, turned by its tilt."""
    b = card_box(layout, spec, game)
    if not spec.tilt:
        return Box("pile", spec.key, b.x, b.y, b.w, b.h)
    w, h = tilted_extent(b.w, b.h, spec.tilt)
    return Box("pile", spec.key, b.x + (b.w - w) / 2, b.y + (b.h - h) / 2, w, h)


def diagram_boxes(layout: Layout, game: "Game | None" = None,
                  look: Look | None = None) -> list[Box]:
    """Every pile's footprint, its label's box, and the captions of the
    close-packed groups, in layout units, as drawn at *look* (by default, as
    fitted to an A4 page)."""
    if look is None:
        look = fit_look(layout, game, PAPERS["a4"][0] - 2 * MARGIN, 560.0)
    boxes = [footprint(layout, spec, game) for spec in layout.piles]
    piles = {b.key: b for b in boxes}
    for spec in layout.piles:
        if spec.tag == "inside":
            continue  # only the number, drawn inside the card
        pile = piles[spec.key]
        lw = max(pile.w, label_width(layout, spec, game, look))
        lh = look.units(look.title_pt + look.detail_pt + 7) / look.widen
        boxes.append(place_label(spec.key, pile, lw, lh, look.units(3) / look.widen, boxes))
    for group, specs in inside_groups(layout):
        placed = place_caption(group, [piles[s.key] for s in specs], caption_text(specs),
                               boxes, look)
        if placed is not None:
            boxes.append(placed)
    return boxes


def place_label(key: str, pile: Box, w: float, h: float, gap: float,
                taken: list[Box]) -> Box:
    """A label's box: under its pile, centred if there is room, else flush
    with one side of the pile, else beside it; centred under it when nothing
    is clear (the overlap test then names the layout to give it room)."""
    below = pile.y + pile.h + gap
    beside = pile.y + pile.h - h
    for x, y in ((pile.x + (pile.w - w) / 2, below), (pile.x, below),
                 (pile.x + pile.w - w, below), (pile.x + pile.w + gap, beside),
                 (pile.x - w - gap, beside)):
        box = Box("label", key, x, y, w, h)
        if not any(box.overlaps(b) for b in taken):
            return box
    return Box("label", key, pile.x + (pile.w - w) / 2, below, w, h)


def fit_look(layout: Layout, game: "Game | None", width: float, height: float,
             widen: float = 1.0) -> Look:
    """The largest scale at which the whole diagram, captions included (their
    size depends on the scale), fits *width* x *height* points."""
    look = Look(MAX_SCALE, widen)
    for _ in range(6):
        boxes = diagram_boxes(layout, game, look)
        bw, bh = extent(boxes)
        scale = min(width / bw, height / bh, MAX_SCALE)
        if abs(scale - look.scale) < 0.01:
            break
        look = Look(scale, widen)
    return look


def extent(boxes: list[Box]) -> tuple[float, float]:
    return (max(b.x + b.w for b in boxes) - min(b.x for b in boxes),
            max(b.y + b.h for b in boxes) - min(b.y for b in boxes))


def inside_groups(layout: Layout) -> list[tuple[str, tuple[PileSpec, ...]]]:
    return [(g, specs) for g, specs in layout.groups() if specs[0].tag == "inside"]


def caption_text(specs: tuple[PileSpec, ...]) -> str:
    return f"{group_heading(specs)} {numbers_text(specs)}"


def place_caption(group: str, piles: list[Box], text: str, taken: list[Box],
                  look: Look) -> Box | None:
    """A place for a group's caption next to its piles, clear of everything
    already placed: above, below, left or right, nearest first."""
    w = look.units(text_width(text, SANS_BOLD, look.caption_pt) + 4)
    h = (look.caption_pt + 3) / look.scale
    x0, y0 = min(b.x for b in piles), min(b.y for b in piles)
    x1, y1 = max(b.x + b.w for b in piles), max(b.y + b.h for b in piles)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    gap = 0.08
    # over (or under) the group's middle only where a pile of it lies at that
    # edge: the Olga's foundations either side of the bed, the Crescent's
    # heaps round the foundations, have their caption by a pile of their own
    def edge(top: bool) -> bool:
        return any(b.x - 0.75 <= cx <= b.x + b.w + 0.75 and (b.y <= y0 + 0.5 if top else b.y + b.h >= y1 - 0.5)
                   for b in piles)
    for d in (0.0, 0.25, 0.6, 1.2, 2.0, 3.0):
        spots = [(cx - w / 2, y0 - h - gap - d), (cx - w / 2, y1 + gap + d),
                 (x0 - w - gap - d, cy - h / 2), (x1 + gap + d, cy - h / 2),
                 (x0, y0 - h - gap - d), (x1 - w, y1 + gap + d)]
        if not edge(True):
            spots[0] = spots[4]   # over the group's first pile instead
        if not edge(False):
            spots[1] = spots[5]   # under its last
        for x, y in spots:
            box = Box("caption", group, x, y, w, h)
            if not any(box.overlaps(b) for b in taken):
                return box
    return None


# ---------------------------------------------------------------- words on the sheet
def pile_detail(layout: Layout, spec: PileSpec, game: "Game | None") -> str:
    """The second label line: what lies there, or how a foundation is built."""
    if spec.role is Role.FOUNDATION and spec.build is not None:
        return spec.build.describe()
    look = pile_look(layout, spec, game)
    if spec.role is Role.DISCARD:
        return "cards put out"
    if not look.known:
        return "the rest of the pack" if spec.role is Role.STOCK else \
            "as many as the deal gives"
    n = look.n
    if n == 0:
        if spec.role is Role.TABLEAU and spec.build is None:
            return "dealt in rows"
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


def label_width(layout: Layout, spec: PileSpec, game: "Game | None" = None,
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


# ---------------------------------------------------------------- the drawing
class Sheet:
    """Turns layout units into points on a Drawing (y up), at a Look's scale."""

    def __init__(self, boxes: list[Box], width: float, look: Look, top_pad: float = 0,
                 pad: float = 0):
        self.x0 = min(b.x for b in boxes)
        self.y0 = min(b.y for b in boxes)
        bw, bh = extent(boxes)
        self.look = look
        self.scale = look.scale
        self.width = width
        self.height = math.ceil(bh * self.scale + top_pad + 2 * pad)
        self.pad_x = (width - bw * self.scale) / 2
        self.top_pad = top_pad + pad

    def pt(self, x: float, y: float) -> tuple[float, float]:
        """A layout point to drawing points (flipping y)."""
        return (self.pad_x + (x - self.x0) * self.scale,
                self.height - self.top_pad - (y - self.y0) * self.scale)


def draw_text(group: Group, x: float, y: float, text: str, font: str, size: float,
              colour=INK, anchor: str = "start") -> None:
    """Text with suits and arrows in the Symbol font, red suits in red."""
    total = text_width(text, font, size)
    if anchor == "middle":
        x -= total / 2
    elif anchor == "end":
        x -= total
    for run, sym in runs(text):
        fill = colour
        if sym and any(ch in "♥♦" for ch in run):
            fill = RED
        group.add(String(x, y, run, fontName="Symbol" if sym else font, fontSize=size,
                         fillColor=fill))
        x += stringWidth(run, "Symbol" if sym else font, size)


def card_shape(w: float, h: float, card: Card | None, face_down: bool, ghost: bool,
               size: float, pip: bool = True, index_right: bool = False) -> Group:
    """One card, its bottom-left corner at (0, 0), in points; its index in the
    top-left corner, or the top-right one (*index_right*) for a card that the
    card laid on it covers from the left."""
    g = Group()
    r = min(w, h) * 0.08
    if ghost:
        g.add(Rect(0, 0, w, h, rx=r, ry=r, fillColor=None, strokeColor=FAINT,
                   strokeWidth=0.7, strokeDashArray=[2.5, 2]))
        return g
    g.add(Rect(0, 0, w, h, rx=r, ry=r, fillColor=BACK if face_down else colors.white,
               strokeColor=INK, strokeWidth=0.6))
    if face_down:
        # a back: diagonal hatching, clipped to a margin inside the outline
        step, a = max(w, h) / 7, r * 0.8
        k = -h
        while k < w:
            t0, t1 = max(a - k, a), min(w - a - k, h - a)   # the line (k + t, t)
            if t1 > t0:
                g.add(Line(k + t0, t0, k + t1, t1, strokeWidth=0.5,
                           strokeColor=colors.HexColor("#9fb3c8")))
            k += step
        return g
    if card is not None:
        text = card.text()
        fs = size
        if index_right:
            draw_text(g, w * 0.91 - text_width(text, SANS_BOLD, fs), h - fs * 1.05, text,
                      SANS_BOLD, fs)
        else:
            draw_text(g, w * 0.09, h - fs * 1.05, text, SANS_BOLD, fs)
        if not pip:
            return g
        big = min(w, h) * 0.42
        suit = card.suit.symbol
        g.add(String(w / 2 - stringWidth(suit, "Symbol", big) / 2, h * 0.28, suit,
                     fontName="Symbol", fontSize=big,
                     fillColor=RED if card.colour.value == "red" else INK))
    return g


def place(shape: Group, x: float, y: float, angle: float = 0.0) -> Group:
    g = Group(shape)
    g.translate(x, y)
    if angle:
        g.rotate(angle)
    return g


def draw_pile(d: Group, sheet: Sheet, layout: Layout, spec: PileSpec, game: "Game | None",
              box: Box) -> None:
    """One pile's cards at *box* (its cards' place before any tilt); a tilted
    pile is drawn upright, then turned about its centre."""
    if spec.tilt:
        g = Group()
        _draw_cards(g, sheet, layout, spec, game, box)
        cx, cy = sheet.pt(box.x + box.w / 2, box.y + box.h / 2)
        g.translate(cx, cy)
        g.rotate(spec.tilt)
        g.translate(-cx, -cy)
        d.add(g)
    else:
        _draw_cards(d, sheet, layout, spec, game, box)


def _draw_cards(d: Group, sheet: Sheet, layout: Layout, spec: PileSpec, game: "Game | None",
                box: Box) -> None:
    s = sheet.scale
    cw, ch = (c * s for c in card_size(spec))
    look = pile_look(layout, spec, game)
    cards = list(look.cards)
    n_shown = shown_count(look, spec)
    # a place that starts (or is) empty, or a foundation the deal may fill: dashed
    ghost = look.empty or (not look.known and spec.role is Role.FOUNDATION)
    fs = max(MIN_PT, min(9.0, cw * 0.2))
    bx, by_top = sheet.pt(box.x, box.y)
    if spec.spread == "fan" and not spec.is_face_down and not ghost:
        angles = fan_angles(n_shown)
        # pivot: bottom centre of the fan box
        ext_w, ext_h = fan_extent(n_shown)
        pts = [p for a in angles for p in _rotated_corners(0, 0, a)]
        minx, miny = min(p[0] for p in pts), min(p[1] for p in pts)
        px = bx + (-minx) * s
        py = by_top - ext_h * s + (-miny) * s
        for i, a in enumerate(angles):
            card = cards[i] if i < len(cards) else None
            # each card turns about its bottom centre, the fan's pivot
            d.add(place(place(card_shape(cw, ch, card, False, False, fs), -cw / 2, 0), px, py, a))
        return
    if spec.is_face_down and spec.spread == "none" and look.known and 0 < look.down < look.n:
        # face-down cards with a face-up card on top: the backs peep out behind it
        x, y = bx, by_top - ch
        d.add(place(card_shape(cw, ch, None, True, False, fs), x + cw * 0.14, y))
        d.add(place(card_shape(cw, ch, cards[-1] if cards else None, False, False, fs), x, y))
        return
    for i in range(n_shown):
        card = None
        if cards:
            card = cards[i] if spec.spread != "none" else cards[-1]
        if spec.spread == "down":
            x, y = bx, by_top - ch - STEP_DOWN * s * i
        elif spec.spread == "right":
            x, y = bx + STEP_RIGHT * s * i, by_top - ch
        elif spec.spread == "left":   # the top card at the left, the pile's outer end
            x, y = bx + STEP_RIGHT * s * (n_shown - 1 - i), by_top - ch
        elif spec.spread == "hand":
            x, y = bx + STEP_HAND * s * i, by_top - ch
        else:
            x, y = bx, by_top - ch
        if spec.spread == "none":
            down = spec.is_face_down and (not look.known or look.down >= look.n)
        else:
            down = spec.hidden(look.down, i) if look.known else spec.is_face_down
        d.add(place(card_shape(cw, ch, card, down and not ghost, ghost, fs,
                               pip=i == n_shown - 1,
                               index_right=spec.spread == "left" and i < n_shown - 1), x, y))
    base = look.base_rank
    if spec.role is Role.FOUNDATION and spec.build is not None and spec.build.base and ghost:
        base = spec.build.base
    if base is not None and not cards:
        # the rank a foundation starts with: withdrawn before the deal (solid), or
        # to be played there (faint, on a dashed outline)
        x, y = bx + cw / 2, by_top - ch / 2 - 6
        draw_text(d, x, y, RANK_TEXT[base], TITLE_FONT, max(MIN_PT, min(20, ch * 0.3)),
                  FAINT if ghost else INK, "middle")
    if spec.is_face_down and look.known and look.n and not (0 < look.down < look.n):
        draw_text(d, bx + cw / 2, by_top - ch / 2 - 4, str(look.n), SANS_BOLD,
                  max(MIN_PT, min(13, cw * 0.3)), ACCENT, "middle")
    if spec.tag == "inside":
        _draw_badge(d, sheet, spec, bx + cw, by_top - ch)


def _draw_badge(d: Group, sheet: Sheet, spec: PileSpec, right: float, bottom: float) -> None:
    """The pile's number in a disc in the card's lower right corner."""
    size = sheet.look.badge_pt
    r = size * 0.82
    cx, cy = right - r - 2, bottom + r + 2
    d.add(Circle(cx, cy, r, fillColor=ACCENT, strokeColor=None))
    num = str(spec.number)
    d.add(String(cx - stringWidth(num, SANS_BOLD, size) / 2, cy - size * 0.35, num,
                 fontName=SANS_BOLD, fontSize=size, fillColor=colors.white))


def draw_label(d: Group, sheet: Sheet, layout: Layout, spec: PileSpec, game: "Game | None",
               label: Box) -> None:
    """The pile's number in a disc, its name, and what lies there, in its box."""
    look = sheet.look
    cx, y_top = sheet.pt(label.x + label.w / 2, label.y)
    title_size, detail_size = look.title_pt, look.detail_pt
    title = spec.label
    tw = stringWidth(title, SANS_BOLD, title_size)
    badge_r = max(title_size * 0.72, MIN_PT * 0.8)
    total = tw + 2 * badge_r + 3
    x = cx - total / 2
    y = y_top - title_size
    d.add(Circle(x + badge_r, y + title_size * 0.33, badge_r, fillColor=ACCENT,
                 strokeColor=None))
    num, num_size = str(spec.number), max(MIN_PT, title_size * 0.85)
    d.add(String(x + badge_r - stringWidth(num, SANS_BOLD, num_size) / 2,
                 y + title_size * 0.33 - num_size * 0.35, num, fontName=SANS_BOLD,
                 fontSize=num_size, fillColor=colors.white))
    draw_text(d, x + 2 * badge_r + 3, y, title, SANS_BOLD, title_size)
    draw_text(d, cx, y - detail_size - 2, pile_detail(layout, spec, game), SANS, detail_size,
              FAINT, "middle")


def draw_caption(d: Group, sheet: Sheet, text: str, box: Box) -> None:
    """A close-packed group's name and numbers, as the book names the area."""
    x, y_top = sheet.pt(box.x, box.y)
    size = sheet.look.caption_pt
    draw_text(d, x + 2, y_top - size, text, SANS_BOLD, size, ACCENT)


def make_diagram(layout: Layout, game: "Game | None", width: float, max_height: float,
                 title: bool = False, widen: float = 1.0, pad: float = 0.0) -> Drawing:
    """The layout diagram as a reportlab Drawing (a flowable, and SVG-able)."""
    top_pad = 46.0 if title else 0.0
    look = fit_look(layout, game, width - 2 * pad, max_height - top_pad - 2 * pad, widen)
    boxes = diagram_boxes(layout, game, look)
    sheet = Sheet(boxes, width, look, top_pad, pad)
    d = Drawing(width, sheet.height)
    if title:
        draw_text(d, width / 2, sheet.height - pad - 20, layout.title, TITLE_FONT, 18, INK,
                  "middle")
        draw_text(d, width / 2, sheet.height - pad - 36, subtitle(layout, game), SANS, 8.5,
                  FAINT, "middle")
    for spec in layout.piles:
        draw_pile(d, sheet, layout, spec, game, card_box(layout, spec, game))
    labels = {b.key: b for b in boxes if b.kind == "label"}
    for spec in layout.piles:
        if spec.key in labels:
            draw_label(d, sheet, layout, spec, game, labels[spec.key])
    groups = dict(inside_groups(layout))
    for box in boxes:
        if box.kind == "caption":
            draw_caption(d, sheet, caption_text(groups[box.key]), box)
    if layout.board.get("mark_available"):
        piles = {b.key: b for b in boxes if b.kind == "pile"}
        for spec in marked_piles(layout, game):
            draw_cross(d, sheet, piles[spec.key])
    return d


def marked_piles(layout: Layout, game: "Game | None") -> list[PileSpec]:
    """The piles whose card is available: in the game printed, or after the
    deal of any pack (the book marks these with crosses)."""
    if game is not None:
        rules, pos = game.rules, game.position
    else:
        from .games import rules_for

        rules, pos = rules_for(layout), nominal_deal(layout)
    return [spec for spec in layout.piles
            if spec.role in (Role.TABLEAU, Role.RESERVE) and pos.piles[spec.index]
            and pos.piles[spec.index][-1] in rules.available_cards(pos, spec.index)]


def draw_cross(d: Group, sheet: Sheet, pile: Box) -> None:
    """A small cross in the card's lower left corner: the card is available."""
    s = sheet.scale
    x, y = sheet.pt(pile.x, pile.y + pile.h)
    a = max(3.0, s * 0.09)
    x, y = x + a + 3, y + a + 3
    for dx in (-a, a):
        d.add(Line(x - dx, y - a, x + dx, y + a, strokeColor=ACCENT, strokeWidth=1.4))


def subtitle(layout: Layout, game: "Game | None") -> str:
    bits = [short_source(layout), layout.packs]
    if game is not None:
        bits.append(f"deal: seed {game.seed}, code {game.code}" if game.seed is not None
                    else "deal: a given card order")
    return " · ".join(bits)


def short_source(layout: Layout) -> str:
    src = layout.source
    book = short_name(src.book)
    return f"{book} no. {src.number}" if src.number else book


# ---------------------------------------------------------------- the legend
def group_heading(specs: tuple[PileSpec, ...]) -> str:
    from .render_text import group_title

    return group_title(specs[0], len(specs))


def numbers_text(specs: tuple[PileSpec, ...]) -> str:
    return str(specs[0].number) if len(specs) == 1 else f"{specs[0].number}–{specs[-1].number}"

def legend_lines(layout: Layout, game: "Game | None") -> list[str]:
    """The key to the diagram, drawn from this game's layout: how each group of
    foundations is built, what the layout notes say, what the drawing shows."""
    lines = ["The numbers in the blue discs are the pile numbers used in play "
             "(e.g. <i>patience move 3 1</i>); the names are the book's."]
    for _, specs in layout.groups():
        head = f"<b>{html.escape(group_heading(specs))} {numbers_text(specs)}</b>"
        spec = specs[0]
        words = []
        if spec.role is Role.FOUNDATION:
            if spec.build is not None:
                words.append(build_words(spec.build))
            looks = [pile_look(layout, s, game) for s in specs]
            if game is None and all(lk.known and lk.n for lk in looks):
                words.append("each starts with its card, laid out before the deal")
        if spec.note:
            words.append(html.escape(spec.note))
        if words:
            lines.append(f"{head}: " + "; ".join(words) + ".")
    drawn = [pile_look(layout, s, game) for s in layout.piles]
    if any(lk.empty for lk in drawn):
        lettered = any(s.role is Role.FOUNDATION and s.build is not None and s.build.base
                       and (lk.empty or not lk.known) for s, lk in zip(layout.piles, drawn))
        lines.append("Dashed outlines are places that start empty"
                     + (" (a faint letter: the card that starts a foundation there)."
                        if lettered else "."))
    if any(p.is_face_down for p in layout.piles):
        lines.append("Hatched cards lie face down; the figure on them is how many.")
    if any(p.spread == "hand" for p in layout.piles):
        lines.append("Cards shown in a spread row are held in the hand, every one available.")
    if any(p.spread == "fan" for p in layout.piles):
        lines.append("Fanned packets are spread so that every card shows; only the top "
                     "(rightmost) card may be played.")
    if any(p.orientation == "crosswise" for p in layout.piles):
        lines.append("A card drawn crosswise lies crosswise on the table"
                     + ("; a card drawn slanting lies slanting, as in the book's picture."
                        if any(p.tilt for p in layout.piles) else "."))
    inside = inside_groups(layout)
    if inside:
        names = "; ".join(f"{html.escape(group_heading(specs))} "
                          f"{numbers_text(specs)}" for _, specs in inside)
        lines.append(f"Numbered in the corner of the card: {names}.")
    score = layout.play.get("score")
    if score:
        lines.append(f"Scored in counters: {score['stake']} paid for the pack, "
                     f"{score['per_card']} won for every card on a foundation.")
    if layout.board.get("mark_available"):
        lines.append("A cross marks a card that is available "
                     + ("in this deal." if game is not None else "after the deal, as in the book."))
    if game is None:
        varies = any(not lk.known for lk in drawn)
        lines.append("Print with <i>--seed N</i> to see a deal's cards in place"
                     + ("; how many cards some piles get depends on the deal, so those "
                        "figures are left off here." if varies else "."))
    else:
        lines.append("The cards shown are this deal's, as dealt"
                     + ("; the cards hidden are listed below, to set up a real table."
                        if deal_lines(layout, game) else "."))
    return lines


def build_words(build) -> str:
    """A build rule in words: "built up in suit from the ace to the king"."""
    if build.sequence is not None:
        from .layout import sequence_text

        suit = {"same": " in suit", "alternate": " in alternate colours",
                "any": " regardless of suit"}[build.suit]
        return f"built{suit} in the order {sequence_text(build.sequence)}"
    way = {"up": "built up", "down": "built down", "up-or-down": "built up or down",
           "none": "not built on"}[build.direction]
    suit = {"same": " in suit", "alternate": " in alternate colours",
            "any": " regardless of suit"}[build.suit] if build.direction != "none" else ""
    span = ""
    if build.base == 0:
        span = " from the rank of the first card laid, round the corner"
    elif build.base is not None:
        span = f" from the {RANK_NOUN[build.base]}"
        if build.until is not None:
            span += f" to the {RANK_NOUN[build.until]}"
    return way + suit + span


def deal_lines(layout: Layout, game: "Game | None") -> list[str]:
    """The face-down cards of a deal, pile by pile, top card first."""
    if game is None:
        return []
    lines = []
    for spec in layout.piles:
        cards = game.position.piles[spec.index]
        hidden = game.position.down[spec.index]
        backs = [c for i, c in enumerate(cards) if spec.hidden(hidden, i)]
        if backs:
            order = " ".join(c.text() for c in reversed(backs))
            lines.append(f"<b>{spec.number}</b> {html.escape(spec.label)}: {order}")
        if spec.spread == "none" and spec.role is not Role.STOCK and len(cards) - hidden > 1:
            # a packet squared up, face up: the diagram shows its top card only
            order = " ".join(c.text() for c in reversed(cards[hidden:-1]))
            lines.append(f"<b>{spec.number}</b> {html.escape(spec.label)}, face up under the "
                         f"{cards[-1].text()}: {order}")
    return lines


# ---------------------------------------------------------------- the rule sheet
def styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("body", fontName=SERIF, fontSize=10.5, leading=14, textColor=INK,
                          spaceAfter=5)
    return {
        "body": base,
        "title": ParagraphStyle("title", parent=base, fontName=TITLE_FONT, fontSize=22,
                                leading=26, spaceAfter=4, alignment=TA_CENTER),
        "sub": ParagraphStyle("sub", parent=base, fontName=SANS, fontSize=9, leading=12,
                              textColor=FAINT, alignment=TA_CENTER, spaceAfter=10),
        "h2": ParagraphStyle("h2", parent=base, fontName=SANS_BOLD, fontSize=12, leading=15,
                             spaceBefore=9, spaceAfter=4, textColor=ACCENT),
        "item": ParagraphStyle("item", parent=base, leftIndent=18, bulletIndent=2,
                               spaceAfter=4),
        "meta": ParagraphStyle("meta", parent=base, fontName=SANS, fontSize=9, leading=12,
                               spaceAfter=2),
        "legend": ParagraphStyle("legend", parent=base, fontName=SANS, fontSize=8, leading=10.5,
                                 leftIndent=10, bulletIndent=0, spaceAfter=2),
        "toc0": ParagraphStyle("toc0", parent=base, fontName=SERIF, fontSize=12, leading=18),
    }


def inline(text: str) -> str:
    """Markdown inline marks to reportlab's paragraph markup."""
    text = html.escape(text, quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)\*(?!\w)", r"<i>\1</i>", text)
    text = re.sub(r"`(.+?)`", r'<font name="Courier">\1</font>', text)
    return symbols(text)


def symbols(markup: str) -> str:
    """Suits and arrows in the Symbol font (red suits red) inside paragraph markup."""
    def repl(m: re.Match) -> str:
        ch = m.group(0)
        colour = ' color="#b3261e"' if ch in "♥♦" else ""
        return f'<font name="Symbol"{colour}>{ch}</font>'
    return re.sub(f"[{SYMBOL_CHARS}]", repl, markup)


def rule_flowables(layout: Layout, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    """The rule text (Markdown from rules_text/) as paragraphs."""
    text = render_rules(layout)
    blocks: list[tuple[str, str, str | None]] = []  # (kind, text, bullet)
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line:
            blocks.append(("gap", "", None))
            continue
        if line.startswith("# "):
            continue  # the sheet has its own title
        if line.startswith("## "):
            blocks.append(("h2", line[3:], None))
            continue
        m = re.match(r"^(\d+)\.\s+(.*)$", line)
        if m:
            blocks.append(("item", m.group(2), f"{m.group(1)}."))
            continue
        if line.startswith("- "):
            blocks.append(("item", line[2:], "•"))
            continue
        if line.startswith("  ") and blocks and blocks[-1][0] == "item":
            kind, t, b = blocks[-1]
            blocks[-1] = (kind, t + " " + line.strip(), b)
            continue
        if line.startswith("*Source:*") or line.startswith("*Cards:*") or \
                line.startswith("*Variant:*"):
            blocks.append(("meta", line.rstrip(" "), None))
            continue
        if blocks and blocks[-1][0] == "para":
            kind, t, b = blocks[-1]
            blocks[-1] = (kind, t + " " + line.strip(), b)
        else:
            blocks.append(("para", line.strip(), None))
    out: list[Flowable] = []
    for kind, t, bullet in blocks:
        if kind == "gap":
            continue
        if kind == "h2":
            out.append(CondPageBreak(60))
            out.append(Paragraph(inline(t), st["h2"]))
        elif kind == "item":
            out.append(Paragraph(inline(t), st["item"], bulletText=bullet))
        elif kind == "meta":
            out.append(Paragraph(inline(t), st["meta"]))
        else:
            out.append(Paragraph(inline(t), st["body"]))
    return out


# ---------------------------------------------------------------- documents
class GameTitle(Paragraph):
    """A game's title: the booklet's contents list is made from these."""

    def __init__(self, text: str, style: ParagraphStyle, toc_text: str) -> None:
        super().__init__(text, style)
        self.toc_text = toc_text


class Doc(BaseDocTemplate):
    def __init__(self, target, paper: str, title: str, footer: str,
                 first: str = "sheet") -> None:
        size = PAPERS[paper]
        super().__init__(
            str(target), pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN,
            topMargin=MARGIN, bottomMargin=MARGIN + 6, title=title,
            author="patience-cli", subject="Patience: layout diagram and rules",
            creator="patience-cli", producer="patience-cli (reportlab)",
            invariant=1)
        self.footer = footer
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        templates = [PageTemplate(id="sheet", frames=[frame], onPage=self._footer),
                     PageTemplate(id="plain", frames=[frame])]
        self.addPageTemplates(sorted(templates, key=lambda t: t.id != first))

    def _footer(self, canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont(SANS, 7.5)
        canvas.setFillColor(FAINT)
        canvas.drawString(self.leftMargin, MARGIN - 4, self.footer)
        canvas.drawRightString(self.pagesize[0] - self.rightMargin, MARGIN - 4,
                               f"{doc.page}")
        canvas.restoreState()

    def afterFlowable(self, flowable) -> None:
        if isinstance(flowable, GameTitle):
            self.notify("TOCEntry", (0, flowable.toc_text, self.page))


def game_story(layout: Layout, game: "Game | None", doc: Doc,
               st: dict[str, ParagraphStyle]) -> list[Flowable]:
    """A game's sheets: the diagram page, then the rule sheet."""
    story: list[Flowable] = [
        GameTitle(inline(layout.title), st["title"], layout.title),
        Paragraph(symbols(html.escape(subtitle(layout, game))), st["sub"]),
    ]
    legend = legend_flowables(layout, game, st)
    hidden = deal_lines(layout, game)
    listed: list[Flowable] = []
    if hidden:
        # one run of text, pile after pile, so that a long list keeps to the page
        listed = [Paragraph("Cards not shown, top card first", st["h2"]),
                  Paragraph(symbols(" · ".join(hidden)), st["legend"])]
    # the diagram gives up some of its room to the list, never so much that
    # its captions would grow small (a list too long for that goes over the page)
    room = max(diagram_room(legend + listed, doc), 0.85 * diagram_room(legend, doc))
    story.append(make_diagram(layout, game, doc.width, room))
    story.append(Spacer(1, 14))
    story.append(KeepTogether(legend))
    story.extend(listed)
    story.append(PageBreak())
    story.extend(fitted_rules(layout, st, doc.width, doc.height))
    return story


def legend_flowables(layout: Layout, game: "Game | None",
                     st: dict[str, ParagraphStyle]) -> list[Flowable]:
    return [Paragraph(symbols(line), st["legend"], bulletText="•")
            for line in legend_lines(layout, game)]


def diagram_room(legend: list[Flowable], doc: "Doc") -> float:
    """The height left for the diagram on its page, under the title and
    above the legend."""
    legend_h = sum(p.wrap(doc.width, doc.height)[1] + 2 for p in legend) + 30
    return doc.height - 90 - legend_h


def sheet_look(layout: Layout, game: "Game | None", paper: str = "a4") -> Look:
    """The scale the diagram of a printed sheet is drawn at, on *paper*."""
    doc = Doc("unused.pdf", paper, "", "")
    room = diagram_room(legend_flowables(layout, game, styles()), doc)
    return fit_look(layout, game, doc.width, room)


def fitted_rules(layout: Layout, st: dict[str, ParagraphStyle], width: float,
                 height: float) -> list[Flowable]:
    """The rule sheet on one page: set smaller, a step at a time, when it
    would spill a few lines onto another (never below 8.5 points)."""
    flowables: list[Flowable] = []
    for factor in (1.0, 0.96, 0.92, 0.88, 0.84, 0.81):
        small = {k: scaled_style(v, factor) for k, v in st.items()}
        flowables = [Paragraph(inline(layout.title) + " — the rules", small["h2"])]
        flowables += rule_flowables(layout, small)
        if sum(_height(f, width, height) for f in flowables) <= height - 4:
            return flowables
    return flowables


def scaled_style(style: ParagraphStyle, factor: float) -> ParagraphStyle:
    if factor == 1.0:
        return style
    return ParagraphStyle(f"{style.name}-{factor}", parent=style,
                          fontSize=style.fontSize * factor, leading=style.leading * factor,
                          spaceBefore=style.spaceBefore * factor,
                          spaceAfter=style.spaceAfter * factor)


def _height(f: Flowable, width: float, height: float) -> float:
    if isinstance(f, CondPageBreak):
        return 0.0
    return f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter()


def write_game(target: Path, layout: Layout, game: "Game | None", paper: str = "a4") -> None:
    """One game's sheets: the layout diagram, then the rule sheet."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    st = styles()
    doc = Doc(target, paper, f"{layout.title}: layout and rules",
              f"{layout.title} · {layout.source.citation}")
    story = game_story(layout, game, doc, st)
    doc.build(story)


SVG_SIZE = (680.0, 900.0)  # the drawing's width, and its height at most, in points
SVG_WIDEN, SVG_PAD = 1.15, 12.0


def svg_look(layout: Layout, game: "Game | None") -> Look:
    """The scale the SVG diagram is drawn at (what its overlap test checks)."""
    width, height = SVG_SIZE
    return fit_look(layout, game, width - 2 * SVG_PAD, height - 46 - 2 * SVG_PAD, SVG_WIDEN)


def write_svg(target: Path, layout: Layout, game: "Game | None") -> None:
    """The layout diagram alone, as SVG, with its title."""
    from reportlab.graphics import renderSVG

    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    # text measured 15% wider than Helvetica's metrics, and a margin: a viewer
    # without Helvetica draws it in a wider font, which must not run together
    drawing = make_diagram(layout, game, *SVG_SIZE, title=True, widen=SVG_WIDEN, pad=SVG_PAD)
    svg = renderSVG.drawToString(drawing)
    svg = svg.replace("<title>...</title>", f"<title>{html.escape(layout.title, quote=False)}</title>", 1)
    svg = svg.replace("<desc>...</desc>",
                      f"<desc>{html.escape(subtitle(layout, game))}: layout diagram, "
                      "printed by patience-cli</desc>", 1)
    target.write_text(svg_fonts(svg), encoding="utf-8")


#: The PDF's standard fonts, named for SVG viewers: metric-compatible fonts
#: first (Arial and Liberation Sans have Helvetica's widths), so the text keeps
#: the room the diagram gave it.
SVG_FONTS = {
    "Helvetica-Bold": "Helvetica, Arial, 'Liberation Sans', sans-serif; font-weight: bold",
    "Helvetica": "Helvetica, Arial, 'Liberation Sans', sans-serif",
    "Times-Bold": "Times, 'Times New Roman', 'Liberation Serif', serif; font-weight: bold",
    "Times-Roman": "Times, 'Times New Roman', 'Liberation Serif', serif",
    "Symbol": "Symbol, 'DejaVu Sans', sans-serif",
}


def svg_fonts(svg: str) -> str:
    return re.sub(r"font-family: ([A-Za-z-]+)",
                  lambda m: "font-family: " + SVG_FONTS.get(m.group(1), m.group(1)), svg)


def write_booklet(target: Path, paper: str = "a4", ids: Iterable[str] | None = None) -> None:
    """Every registered game: a title page, contents with page numbers, then
    each game's sheets."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    st = styles()
    layouts = [load_layout(gid) for gid in (ids if ids is not None else game_ids())]
    doc = Doc(target, paper, "Patience: the games of the books", "patience-cli booklet",
              first="plain")
    story: list[Flowable] = [
        Spacer(1, doc.height * 0.3),
        Paragraph("Patience", ParagraphStyle("big", parent=st["title"], fontSize=40,
                                             leading=46)),
        Paragraph("The games of the nineteenth-century books: layouts and rules",
                  ParagraphStyle("bigsub", parent=st["sub"], fontSize=12, leading=16)),
        Spacer(1, 20),
        Paragraph(f"{len(layouts)} games · printed by patience-cli", st["sub"]),
        NextPageTemplate("sheet"),
        PageBreak(),
        Paragraph("Contents", ParagraphStyle("ch", parent=st["title"], alignment=0)),
        Spacer(1, 10),
    ]
    toc = TableOfContents(dotsMinLevel=0)
    toc.levelStyles = [st["toc0"]]
    story.append(toc)
    for layout in layouts:
        story.append(PageBreak())
        story.extend(game_story(layout, None, doc, st))
    doc.multiBuild(story, maxPasses=6)
