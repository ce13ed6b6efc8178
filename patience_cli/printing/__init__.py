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

from .diagram import (  # noqa: F401
    Sheet,
    _draw_badge,
    _draw_cards,
    card_shape,
    draw_caption,
    draw_cross,
    draw_label,
    draw_pile,
    draw_text,
    make_diagram,
    marked_piles,
    place,
    short_source,
    subtitle,
)
from .geometry import (  # noqa: F401
    _rotated_corners,
    caption_text,
    card_box,
    card_size,
    diagram_boxes,
    extent,
    fan_angles,
    fan_extent,
    fit_look,
    footprint,
    inside_groups,
    pile_extent,
    place_caption,
    place_label,
    tilted_extent,
)
from .labels import (  # noqa: F401
    _SAMPLES,
    SAMPLES,
    PileLook,
    build_words,
    count_varies,
    dealt_count,
    dealt_down,
    foundation_words,
    group_heading,
    label_width,
    nominal_deal,
    numbers_text,
    pile_detail,
    pile_look,
    reading_key,
    runs,
    sample_deals,
    sheet_title,
    shown_count,
    text_width,
)
from .legend import (  # noqa: F401
    deal_lines,
    legend_lines,
)
from .sheet import (  # noqa: F401
    SVG_FONTS,
    SVG_PAD,
    SVG_SIZE,
    SVG_WIDEN,
    Doc,
    GameTitle,
    _height,
    diagram_room,
    fitted_rules,
    game_story,
    inline,
    legend_flowables,
    rule_flowables,
    scaled_style,
    sheet_look,
    styles,
    svg_fonts,
    svg_look,
    symbols,
    write_booklet,
    write_game,
    write_svg,
)
from .style import (  # noqa: F401
    ACCENT,
    BACK,
    CARD_H,
    CARD_W,
    FAINT,
    FAN_ANGLE,
    INK,
    LABEL_H,
    MARGIN,
    MAX_SCALE,
    MIN_PT,
    PAPER_TINT,
    PAPERS,
    RED,
    SANS,
    SANS_BOLD,
    SERIF,
    STEP_DOWN,
    STEP_HAND,
    STEP_RIGHT,
    SUITS,
    SYMBOL_CHARS,
    TITLE_FONT,
    UNIT_NOMINAL,
    Box,
    Look,
)
