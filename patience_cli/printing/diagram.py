"""The layout diagram drawn: the words under each pile and the cards, badges,
labels and captions of the drawing."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from ..books import short_name
from ..cards import RANK_TEXT, Card
from ..layout import Layout, PileSpec, Role
from .geometry import (
    _rotated_corners,
    caption_text,
    card_box,
    card_size,
    diagram_boxes,
    extent,
    fan_angles,
    fan_extent,
    fit_look,
    inside_groups,
)
from .labels import (
    nominal_deal,
    pile_detail,
    pile_look,
    runs,
    sheet_title,
    shown_count,
    text_width,
)
from .style import (
    ACCENT,
    BACK,
    FAINT,
    INK,
    MIN_PT,
    RED,
    SANS,
    SANS_BOLD,
    STEP_DOWN,
    STEP_HAND,
    STEP_RIGHT,
    TITLE_FONT,
    Box,
    Look,
)

if TYPE_CHECKING:
    from ..game import Game


# ---------------------------------------------------------------- words on the sheet


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


def draw_pile(d: Group, sheet: Sheet, layout: Layout, spec: PileSpec, game: Game | None,
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


def _draw_cards(d: Group, sheet: Sheet, layout: Layout, spec: PileSpec, game: Game | None,
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
        if spec.orientation == "crosswise" and card is not None and not down:
            # its face turned with it: an upright card turned a quarter clockwise about
            # its corner, its index coming to the top right (clear of the number's disc)
            d.add(place(card_shape(ch, cw, card, False, False, fs), x, y + ch, -90))
            continue
        d.add(place(card_shape(cw, ch, card, down and not ghost, ghost, fs,
                               pip=i == n_shown - 1,
                               index_right=spec.spread == "left" and i < n_shown - 1), x, y))
    base = look.base_rank
    if spec.role is Role.FOUNDATION and spec.build is not None and spec.build.base and ghost:
        base = spec.build.base
    if base is not None and not cards:
        # the rank a foundation starts with: withdrawn before the deal (solid), or
        # to be played there (faint, on a dashed outline)
        x, y, size = rank_mark_at(bx, by_top, cw, ch)
        draw_text(d, x, y, RANK_TEXT[base], TITLE_FONT, size, FAINT if ghost else INK, "middle")
    if spec.is_face_down and look.known and look.n and not (0 < look.down < look.n):
        draw_text(d, bx + cw / 2, by_top - ch / 2 - 4, str(look.n), SANS_BOLD,
                  max(MIN_PT, min(13, cw * 0.3)), ACCENT, "middle")
    if spec.tag == "inside":
        _draw_badge(d, sheet, spec, bx + cw, by_top - ch)


def rank_mark_at(left: float, top: float, cw: float, ch: float) -> tuple[float, float, float]:
    """Where a rank letter stands on a card (its centre, its baseline, its
    size): in the card's upper half, clear of the number's disc in the lower
    right corner (:func:`badge_disc`)."""
    size = max(MIN_PT, min(20, ch * 0.3))
    return left + cw / 2, top - ch * 0.12 - size, size


def badge_disc(look: Look, right: float, bottom: float) -> tuple[float, float, float]:
    """The disc of a pile's number in a card's lower right corner: centre, radius."""
    r = look.badge_pt * 0.82
    return right - r - 2, bottom + r + 2, r


def _draw_badge(d: Group, sheet: Sheet, spec: PileSpec, right: float, bottom: float) -> None:
    """The pile's number in a disc in the card's lower right corner."""
    size = sheet.look.badge_pt
    cx, cy, r = badge_disc(sheet.look, right, bottom)
    d.add(Circle(cx, cy, r, fillColor=ACCENT, strokeColor=None))
    num = str(spec.number)
    d.add(String(cx - stringWidth(num, SANS_BOLD, size) / 2, cy - size * 0.35, num,
                 fontName=SANS_BOLD, fontSize=size, fillColor=colors.white))


def draw_label(d: Group, sheet: Sheet, layout: Layout, spec: PileSpec, game: Game | None,
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


def make_diagram(layout: Layout, game: Game | None, width: float, max_height: float,
                 title: bool = False, widen: float = 1.0, pad: float = 0.0) -> Drawing:
    """The layout diagram as a reportlab Drawing (a flowable, and SVG-able)."""
    top_pad = 46.0 if title else 0.0
    look = fit_look(layout, game, width - 2 * pad, max_height - top_pad - 2 * pad, widen)
    boxes = diagram_boxes(layout, game, look)
    sheet = Sheet(boxes, width, look, top_pad, pad)
    d = Drawing(width, sheet.height)
    if title:
        draw_text(d, width / 2, sheet.height - pad - 20, sheet_title(layout), TITLE_FONT, 18, INK,
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


def marked_piles(layout: Layout, game: Game | None) -> list[PileSpec]:
    """The piles whose card is available: in the game printed, or after the
    deal of any pack (the book marks these with crosses)."""
    if game is not None:
        rules, pos = game.rules, game.position
    else:
        from ..games import rules_for

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


def subtitle(layout: Layout, game: Game | None) -> str:
    bits = [short_source(layout), layout.packs]
    if game is not None:
        bits.append(f"deal: seed {game.seed}, code {game.code}" if game.seed is not None
                    else "deal: a given card order")
    return " · ".join(bits)


def short_source(layout: Layout) -> str:
    src = layout.source
    book = short_name(src.book)
    return f"{book} no. {src.number}" if src.number else book
