"""The board's lines (:func:`patience_cli.commands.app.board_lines`, the lines
'patience show' writes) as rich Text for the full screen, the same words and
styles, with a map of where each pile lies on it, so that a click on a pile's
number or cards names the pile.

A pile's piece of a line begins at its number (the "num" pieces) and runs to
the next number; a line with no number goes on with the last pile of the line
above (a long pile's cards wrapped), until a blank line.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from ..output import STYLES
from ..render_text import Line


def pile_number(piece: str) -> int | None:
    """The pile number a "num" piece shows (`` 7``, ``12*``), or None."""
    digits = piece.strip().rstrip("*").strip()
    return int(digits) if digits.isdigit() else None


@dataclass(frozen=True)
class Drawn:
    """The board as drawn: its text, and for each line the columns each pile
    takes there (start, end, pile number)."""

    text: Text
    spans: tuple[tuple[tuple[int, int, int], ...], ...]

    def pile_at(self, x: int, y: int) -> int | None:
        """The pile drawn at column *x* of line *y*, or None."""
        if not 0 <= y < len(self.spans):
            return None
        return next((pile for start, end, pile in self.spans[y] if start <= x < end), None)


def draw_board(lines: list[Line], chosen: int | None = None, colour: bool = True) -> Drawn:
    """*lines* as Text and a map of the piles on it; the pile *chosen* (the
    source of a move being made) in reverse video."""
    text = Text(no_wrap=True, overflow="ignore")
    spans: list[tuple[tuple[int, int, int], ...]] = []
    current: int | None = None
    for n, line in enumerate(lines):
        if n:
            text.append("\n")
        if not "".join(piece for piece, _ in line).strip():
            current = None
        if any(style == "num" for _, style in line):
            current = None
        column, here = 0, []
        for piece, style in line:
            if style == "num":
                current = pile_number(piece)
            look = " ".join(STYLES.get(s, "") for s in style.split()) if colour else ""
            made = Style.parse(look) if look.strip() else Style()
            width = cell_len(piece)
            if current is not None and style not in ("title", "heading", "status"):
                here.append((column, column + width, current))
                if current == chosen:
                    made += Style(reverse=True)
            text.append(piece, style=made)
            column += width
        spans.append(tuple(here))
    return Drawn(text, tuple(spans))
