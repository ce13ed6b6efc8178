"""The sheets' paper, margins, inks and fonts, and reportlab set to write the same
bytes for the same input."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab import rl_config

rl_config.invariant = 1  # no dates or random IDs in the files: the same input, the same bytes

from reportlab.lib import colors  # noqa: E402
from reportlab.lib.pagesizes import A4, LETTER  # noqa: E402
from reportlab.lib.units import mm  # noqa: E402

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


@dataclass(frozen=True)
class Box:
    """A rectangle in layout units (y grows downwards, as in the layout)."""

    kind: str      # pile | label | caption
    key: str
    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: Box) -> bool:
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
