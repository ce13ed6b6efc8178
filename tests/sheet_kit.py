"""The sheets the printing tests read, each made once per test process and
shared by every test that reads it (a per-game budget as games are added),
and what they read of them."""

import functools
import io
import re
import tempfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from patience_cli import printing
from patience_cli.game import Game
from patience_cli.layout import load_layout


def pdf_text(path: Path, pages: int | None = None) -> list[str]:
    """The text of each page of a PDF (of its first *pages* alone, where given)."""
    return [page.extract_text() for page in PdfReader(str(path)).pages[:pages]]


@functools.cache
def sheet(game_id: str, paper: str = "a4", seed: int | None = None) -> bytes:
    """A game's sheet (``GAME:VARIANT`` names a variant's), without a deal or
    of the deal *seed*, written once per test process: the many tests that
    read the same sheet share it (a per-game budget as games are added; the
    tests of one game run in one worker), each still failing on its own.
    Each game is checked on two sheets: A4 without a deal, the narrower
    paper, and US letter with deal 1, the shorter paper with the fuller
    diagram page."""
    game_id, _, variant = game_id.partition(":")
    game = None if seed is None else Game.new(game_id, variant or None, seed=seed)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.pdf"
        printing.write_game(path, load_layout(game_id, variant or None), game, paper)
        return path.read_bytes()


def unseeded_sheet(game_id: str) -> bytes:
    return sheet(game_id, "a4")


#: the two sheets each game is checked on: (paper, seed)
SHEETS = [pytest.param("a4", None, id="a4"), pytest.param("letter", 1, id="letter-deal-1")]


@functools.cache
def unseeded_pages(game_id: str) -> tuple[str, ...]:
    """The text of each page of :func:`unseeded_sheet`."""
    return tuple(page.extract_text()
                 for page in PdfReader(io.BytesIO(unseeded_sheet(game_id))).pages)


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def diagram_text(game_id: str, game=None, paper: str = "a4", tmp_path=None) -> str:
    if game is None and paper == "a4":
        return flat(unseeded_pages(game_id)[0])
    path = tmp_path / f"{game_id}.pdf"
    printing.write_game(path, load_layout(game_id), game, paper)
    return flat(pdf_text(path, 1)[0])


def strings(node):
    """Every String drawn in a reportlab Drawing or Group."""
    from reportlab.graphics.shapes import Group, String

    for item in getattr(node, "contents", []):
        if isinstance(item, String):
            yield item
        elif isinstance(item, Group):
            yield from strings(item)


@functools.cache
def unseeded_svg(game_id: str) -> bytes:
    """A game's diagram as SVG, without a deal, written once per test process."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "diagram.svg"
        printing.write_svg(path, load_layout(game_id), None)
        return path.read_bytes()
