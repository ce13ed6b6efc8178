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

from .cards import RANK_TEXT, Card  # noqa: E402
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

BOOK_NAMES = {"cadogan": "Cadogan", "hoffmann": "Hoffmann", "cheney": "Cheney",
              "patience-games": "Patience Games"}


# ---------------------------------------------------------------- geometry
@dataclass(frozen=True)
class Box:
    """A rectangle in layout units (y grows downwards, as in the layout)."""

    kind: str      # pile | label
    key: str
    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: "Box") -> bool:
        return (self.x < other.x + other.w and other.x < self.x + self.w
                and self.y < other.y + other.h and other.y < self.y + self.h)


def dealt_count(layout: Layout, spec: PileSpec) -> int:
    """How many cards the deal puts on *spec* (the game's own deal of a
    fresh pack, so cards a book withdraws first are counted where they go)."""
    return len(nominal_deal(layout).piles[spec.index])


_NOMINAL: dict[tuple[str, str | None], "Position"] = {}


def nominal_deal(layout: Layout) -> "Position":
    """The position the game's deal makes of a fresh, unshuffled pack."""
    key = (layout.id, layout.variant)
    if key not in _NOMINAL:
        from .cards import new_pack
        from .games import rules_for

        rules = rules_for(layout)
        _NOMINAL[key] = rules.deal(new_pack(layout.pack_kind, layout.pack_count))
    return _NOMINAL[key]


def shown_count(layout: Layout, spec: PileSpec, cards: int | None) -> int:
    """How many card outlines to draw for a pile."""
    n = dealt_count(layout, spec) if cards is None else cards
    if spec.spread in ("none",) or spec.is_face_down or spec.role is Role.STOCK:
        return 1
    if spec.spread == "down" and n == 0:
        return 3  # a packet built on in play: show that cards go on top of each other
    return max(1, n)


def card_size(spec: PileSpec) -> tuple[float, float]:
    return (CARD_H, CARD_W) if spec.orientation == "crosswise" else (CARD_W, CARD_H)


def pile_extent(spec: PileSpec, n: int) -> tuple[float, float]:
    """Width and height a pile of *n* shown cards takes."""
    w, h = card_size(spec)
    if spec.spread == "down":
        return w, h + STEP_DOWN * (n - 1)
    if spec.spread == "right":
        return w + STEP_RIGHT * (n - 1), h
    if spec.spread == "hand":
        return w + STEP_HAND * (n - 1), h
    if spec.spread == "fan":
        return fan_extent(n)
    return w, h


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


def diagram_boxes(layout: Layout, game: "Game | None" = None) -> list[Box]:
    """Every pile's footprint and its label's box, in layout units."""
    boxes = []
    for spec in layout.piles:
        cards = None if game is None else len(game.position.piles[spec.index])
        n = shown_count(layout, spec, cards)
        w, h = pile_extent(spec, n)
        x, y = spec.at
        boxes.append(Box("pile", spec.key, x, y, w, h))
        if spec.tag == "inside":
            continue  # only the number, drawn inside the card
        lw = max(w, label_width(layout, spec, game))
        boxes.append(Box("label", spec.key, x + (w - lw) / 2, y + h + 0.06, lw, LABEL_H - 0.1))
    return boxes


# ---------------------------------------------------------------- words on the sheet
def pile_detail(layout: Layout, spec: PileSpec, game: "Game | None") -> str:
    """The second label line: what lies there, or how a foundation is built."""
    if spec.role is Role.FOUNDATION and spec.build is not None:
        return spec.build.describe()
    if game is not None:
        n = len(game.position.piles[spec.index])
    else:
        n = dealt_count(layout, spec)
    if spec.role is Role.DISCARD:
        return "cards put out"
    if n == 0:
        if spec.role is Role.TABLEAU and spec.build is None:
            return "dealt in rows"
        return "empty at the start"
    where = "face down" if spec.is_face_down else "face up"
    if spec.spread == "hand":
        where = "in hand"
    if game is not None and spec.is_face_down and game.position.down[spec.index] < n:
        hidden = game.position.down[spec.index]
        return f"{n - hidden} up, {hidden} face down"
    text = f"{n} card{'s' if n != 1 else ''} {where}"
    if spec.available == "all" and n > 1:
        text += ", all available"
    return text


def label_width(layout: Layout, spec: PileSpec, game: "Game | None" = None) -> float:
    """Width of the label in layout units at the nominal label size."""
    top = stringWidth(spec.label, SANS_BOLD, 8) + 14
    bottom = text_width(pile_detail(layout, spec, game), SANS, 6.5)
    return max(top, bottom) / UNIT_NOMINAL


UNIT_NOMINAL = 48.0  # points per layout unit at which labels are measured


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
    """Turns layout units into points on a Drawing (y up)."""

    def __init__(self, boxes: list[Box], width: float, max_height: float, top_pad: float = 0):
        self.x0 = min(b.x for b in boxes)
        self.y0 = min(b.y for b in boxes)
        bw = max(b.x + b.w for b in boxes) - self.x0
        bh = max(b.y + b.h for b in boxes) - self.y0
        self.scale = min(width / bw, max_height / bh, 62.0)
        self.width = width
        self.height = bh * self.scale + top_pad
        self.pad_x = (width - bw * self.scale) / 2
        self.top_pad = top_pad

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
               size: float, pip: bool = True) -> Group:
    """One card, its bottom-left corner at (0, 0), in points."""
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


def pile_cards(spec: PileSpec, game: "Game | None") -> list[Card | None]:
    if game is None:
        return []
    return list(game.position.piles[spec.index])


def draw_pile(d: Group, sheet: Sheet, layout: Layout, spec: PileSpec, game: "Game | None",
              box: Box) -> None:
    s = sheet.scale
    cw, ch = (c * s for c in card_size(spec))
    cards = pile_cards(spec, game)
    n_shown = round_shown(layout, spec, game)
    face_down = spec.is_face_down
    ghost = game is None and not face_down and (
        dealt_count(layout, spec) == 0 or spec.role is Role.FOUNDATION)
    if game is not None and not cards:
        ghost = True
    fs = max(5.5, min(9.0, cw * 0.2))
    bx, by_top = sheet.pt(box.x, box.y)
    if spec.spread == "fan" and not face_down:
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
            d.add(place(place(card_shape(cw, ch, card, False, ghost, fs), -cw / 2, 0), px, py, a))
        return
    if face_down and game is not None and spec.spread == "none" and \
            game.position.down[spec.index] < len(cards):
        # face-down cards with a face-up card on top: the backs peep out behind it
        hidden = game.position.down[spec.index]
        x, y = bx, by_top - ch
        if hidden:
            d.add(place(card_shape(cw, ch, None, True, False, fs), x + cw * 0.14, y))
        d.add(place(card_shape(cw, ch, cards[-1], False, False, fs), x, y))
        return
    for i in range(n_shown):
        card = None
        if cards:
            card = cards[i] if spec.spread != "none" else cards[-1]
        if spec.spread == "down":
            x, y = bx, by_top - ch - STEP_DOWN * s * i
        elif spec.spread == "right":
            x, y = bx + STEP_RIGHT * s * i, by_top - ch
        elif spec.spread == "hand":
            x, y = bx + STEP_HAND * s * i, by_top - ch
        else:
            x, y = bx, by_top - ch
        down = face_down and (game is None or i < game.position.down[spec.index])
        d.add(place(card_shape(cw, ch, card, down, ghost, fs, pip=i == n_shown - 1), x, y))
    if spec.role is Role.FOUNDATION and spec.build is not None and spec.build.base and not cards:
        x, y = bx + cw / 2, by_top - ch / 2 - 6
        draw_text(d, x, y, RANK_TEXT[spec.build.base], TITLE_FONT, min(20, ch * 0.3), FAINT,
                  "middle")
    if face_down:
        n = len(cards) if game is not None else dealt_count(layout, spec)
        if n:
            draw_text(d, bx + cw / 2, by_top - ch / 2 - 4, str(n), SANS_BOLD, min(13, cw * 0.3),
                      ACCENT, "middle")


def round_shown(layout: Layout, spec: PileSpec, game: "Game | None") -> int:
    cards = None if game is None else len(game.position.piles[spec.index])
    return shown_count(layout, spec, cards)


def draw_label(d: Group, sheet: Sheet, layout: Layout, spec: PileSpec, game: "Game | None",
               pile: Box) -> None:
    s = sheet.scale
    if spec.tag == "inside":
        # a close-packed grid: the pile's number in a badge inside the card
        size = max(5.0, min(8.0, s * 0.16))
        r = size * 0.8
        x, y = sheet.pt(pile.x + pile.w, pile.y + pile.h)
        cx, cy = x - r - 2, y + r + 2
        d.add(Circle(cx, cy, r, fillColor=ACCENT, strokeColor=None))
        num = str(spec.number)
        d.add(String(cx - stringWidth(num, SANS_BOLD, size * 0.85) / 2, cy - size * 0.3, num,
                     fontName=SANS_BOLD, fontSize=size * 0.85, fillColor=colors.white))
        return
    cx, _ = sheet.pt(pile.x + pile.w / 2, 0)
    _, y_bottom = sheet.pt(0, pile.y + pile.h)
    k = min(1.0, s / UNIT_NOMINAL)  # labels were measured at UNIT_NOMINAL: shrink with the sheet
    title_size, detail_size = 8 * k, 6.5 * k
    title = spec.label
    tw = stringWidth(title, SANS_BOLD, title_size)
    badge_r = title_size * 0.72
    total = tw + 2 * badge_r + 3
    x = cx - total / 2
    y = y_bottom - title_size - 4
    d.add(Circle(x + badge_r, y + title_size * 0.33, badge_r, fillColor=ACCENT,
                 strokeColor=None))
    num = str(spec.number)
    d.add(String(x + badge_r - stringWidth(num, SANS_BOLD, title_size * 0.85) / 2,
                 y + title_size * 0.33 - title_size * 0.3, num, fontName=SANS_BOLD,
                 fontSize=title_size * 0.85, fillColor=colors.white))
    draw_text(d, x + 2 * badge_r + 3, y, title, SANS_BOLD, title_size)
    draw_text(d, cx, y - detail_size - 2, pile_detail(layout, spec, game), SANS, detail_size,
              FAINT, "middle")


def make_diagram(layout: Layout, game: "Game | None", width: float, max_height: float,
                 title: bool = False) -> Drawing:
    """The layout diagram as a reportlab Drawing (a flowable, and SVG-able)."""
    boxes = diagram_boxes(layout, game)
    top_pad = 46.0 if title else 0.0
    sheet = Sheet(boxes, width, max_height - top_pad, top_pad)
    d = Drawing(width, sheet.height)
    if title:
        draw_text(d, width / 2, sheet.height - 20, layout.title, TITLE_FONT, 18, INK, "middle")
        draw_text(d, width / 2, sheet.height - 36, subtitle(layout, game), SANS, 8.5, FAINT,
                  "middle")
    piles = {b.key: b for b in boxes if b.kind == "pile"}
    for spec in layout.piles:
        draw_pile(d, sheet, layout, spec, game, piles[spec.key])
    for spec in layout.piles:
        draw_label(d, sheet, layout, spec, game, piles[spec.key])
    if layout.options.get("mark_available"):
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
    book = BOOK_NAMES.get(src.book, src.book)
    return f"{book} no. {src.number}" if src.number else book


# ---------------------------------------------------------------- the legend
def group_heading(specs: tuple[PileSpec, ...]) -> str:
    from .render_text import group_title

    return group_title(specs[0], len(specs))


def numbers_text(specs: tuple[PileSpec, ...]) -> str:
    return str(specs[0].number) if len(specs) == 1 else f"{specs[0].number}–{specs[-1].number}"

def legend_lines(layout: Layout, game: "Game | None") -> list[str]:
    lines = ["The numbers in the blue discs are the pile numbers used in play "
             "(e.g. <i>patience move 3 1</i>); the names are the book's."]
    if any(p.role is Role.FOUNDATION for p in layout.piles):
        lines.append("A foundation marked <b>A ↑ K</b> starts with an ace and is built up to "
                     "the king; dashed outlines are places that start empty.")
    if any(p.is_face_down for p in layout.piles):
        lines.append("Hatched cards lie face down; the figure on them is how many.")
    if any(p.spread == "hand" for p in layout.piles):
        lines.append("Cards shown in a spread row are held in the hand, every one available.")
    if any(p.spread == "fan" for p in layout.piles):
        lines.append("Fanned packets are spread so that every card shows; only the top "
                     "(rightmost) card may be played.")
    if any(p.orientation == "crosswise" for p in layout.piles):
        lines.append("A card drawn crosswise lies crosswise on the table.")
    inside = [specs for _, specs in layout.groups() if specs[0].tag == "inside"]
    if inside:
        names = "; ".join(f"{html.escape(group_heading(specs))} "
                          f"{numbers_text(specs)}" for specs in inside)
        lines.append(f"Numbered in the corner of the card: {names}.")
    if layout.options.get("mark_available"):
        lines.append("A cross marks a card that is available "
                     + ("in this deal." if game is not None else "after the deal, as in the book."))
    if game is None:
        lines.append("Print with <i>--seed N</i> to see a deal's cards in place.")
    else:
        lines.append("The cards shown are this deal's, as dealt; the face-down cards are "
                     "listed below the diagram, so that a real table can be set up.")
    return lines


def deal_lines(layout: Layout, game: "Game | None") -> list[str]:
    """The face-down cards of a deal, pile by pile, top card first."""
    if game is None:
        return []
    lines = []
    for spec in layout.piles:
        hidden = game.position.down[spec.index]
        if hidden:
            order = " ".join(c.text() for c in reversed(game.position.piles[spec.index][:hidden]))
            lines.append(f"<b>{spec.number}</b> {html.escape(spec.label)}: {order}")
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
    legend = [Paragraph(symbols(line), st["legend"], bulletText="•")
              for line in legend_lines(layout, game)]
    legend_h = sum(p.wrap(doc.width, doc.height)[1] + 2 for p in legend) + 30
    room = doc.height - 90 - legend_h
    story.append(make_diagram(layout, game, doc.width, room))
    story.append(Spacer(1, 14))
    story.append(KeepTogether(legend))
    hidden = deal_lines(layout, game)
    if hidden:
        story.append(Paragraph("Face-down cards, top card first", st["h2"]))
        story.extend(Paragraph(symbols(line), st["legend"]) for line in hidden)
    story.append(PageBreak())
    story.append(Paragraph(inline(layout.title) + " — the rules", st["h2"]))
    story.extend(rule_flowables(layout, st))
    return story


def write_game(target: Path, layout: Layout, game: "Game | None", paper: str = "a4") -> None:
    """One game's sheets: the layout diagram, then the rule sheet."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    st = styles()
    doc = Doc(target, paper, f"{layout.title}: layout and rules",
              f"{layout.title} · {layout.source.citation}")
    story = game_story(layout, game, doc, st)
    doc.build(story)


def write_svg(target: Path, layout: Layout, game: "Game | None") -> None:
    """The layout diagram alone, as SVG, with its title."""
    from reportlab.graphics import renderSVG

    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    drawing = make_diagram(layout, game, 520, 640, title=True)
    renderSVG.drawToFile(drawing, str(target))


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
