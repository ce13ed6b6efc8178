"""The diagram's geometry, in layout units (a card is 1 wide and 1.4 high): a
box for every card, label and caption, which the tests check for overlaps and
the drawing is made from."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..layout import Layout, PileSpec
from .labels import (
    group_heading,
    label_width,
    numbers_text,
    pile_look,
    shown_count,
    text_width,
)
from .style import (
    CARD_H,
    CARD_W,
    FAN_ANGLE,
    MARGIN,
    MAX_SCALE,
    PAPERS,
    SANS_BOLD,
    STEP_DOWN,
    STEP_HAND,
    STEP_RIGHT,
    Box,
    Look,
)

if TYPE_CHECKING:
    from ..game import Game


# ---------------------------------------------------------------- geometry
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


def card_box(layout: Layout, spec: PileSpec, game: Game | None) -> Box:
    """Where the pile's cards are drawn, before any tilt."""
    w, h = pile_extent(spec, shown_count(pile_look(layout, spec, game), spec))
    return Box("card", spec.key, spec.at[0], spec.at[1], w, h)


def footprint(layout: Layout, spec: PileSpec, game: Game | None) -> Box:
    """The room the pile takes on the table: its cards, turned by its tilt."""
    b = card_box(layout, spec, game)
    if not spec.tilt:
        return Box("pile", spec.key, b.x, b.y, b.w, b.h)
    w, h = tilted_extent(b.w, b.h, spec.tilt)
    return Box("pile", spec.key, b.x + (b.w - w) / 2, b.y + (b.h - h) / 2, w, h)


def diagram_boxes(layout: Layout, game: Game | None = None,
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
                               boxes, look, specs[0].caption_at)
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


def fit_look(layout: Layout, game: Game | None, width: float, height: float,
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
                  look: Look, at: tuple[float, float] | None = None) -> Box | None:
    """A place for a group's caption next to its piles, clear of everything
    already placed: above, below, left or right, nearest first; or centred
    where the layout says (``caption_at``)."""
    w = look.units(text_width(text, SANS_BOLD, look.caption_pt) + 4)
    h = (look.caption_pt + 3) / look.scale
    if at is not None:
        return Box("caption", group, at[0] - w / 2, at[1] - h / 2, w, h)
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
