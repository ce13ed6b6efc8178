"""Printed sheets: deterministic bytes (snapshots), the right content (pypdf),
nothing overlapping or off the page (geometry and a rendered PNG)."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from syrupy.extensions.single_file import SingleFileSnapshotExtension

from patience_cli import printing
from patience_cli.game import Game
from patience_cli.layout import load_layout
from patience_cli.rules_text import render_rules

from conftest import ALL_GAMES


@pytest.fixture
def file_snapshot(snapshot):
    return snapshot.use_extension(SingleFileSnapshotExtension)


def pdf_text(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(str(path)).pages]


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_game_pdf_snapshot(tmp_path, file_snapshot, game_id):
    path = tmp_path / "sheet.pdf"
    printing.write_game(path, load_layout(game_id), None, "a4")
    assert path.read_bytes() == file_snapshot


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_game_svg_snapshot(tmp_path, file_snapshot, game_id):
    path = tmp_path / "diagram.svg"
    printing.write_svg(path, load_layout(game_id), None)
    assert path.read_bytes() == file_snapshot


def test_seeded_sheet_snapshot(tmp_path, file_snapshot):
    path = tmp_path / "deal.pdf"
    printing.write_game(path, load_layout("flower-garden"), Game.new("flower-garden", seed=7),
                        "letter")
    assert path.read_bytes() == file_snapshot


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_output_is_byte_for_byte_deterministic(tmp_path, game_id):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    printing.write_game(a, load_layout(game_id), Game.new(game_id, seed=3), "a4")
    printing.write_game(b, load_layout(game_id), Game.new(game_id, seed=3), "a4")
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_sheet_names_every_pile_source_and_rule(tmp_path, game_id):
    layout = load_layout(game_id)
    path = tmp_path / "sheet.pdf"
    printing.write_game(path, layout, None, "a4")
    diagram, *rule_pages = pdf_text(path)
    diagram_words = flat(diagram)
    for spec in layout.piles:
        if spec.tag == "inside":  # a close-packed grid: the key names the group
            specs = layout.group(spec.group)
            assert flat(f"{printing.group_heading(specs)} {printing.numbers_text(specs)}") \
                in diagram_words, spec.label
        else:
            assert spec.label in diagram_words, spec.label
        assert re.search(rf"(^|\s){spec.number}(\s|$)", diagram), spec.number
    rules = flat(" ".join(rule_pages))
    assert flat(layout.source.citation.replace("“", "").replace("”", "")) in \
        rules.replace("“", "").replace("”", "")
    numbered = re.findall(r"^(\d+)\. (.+)$", render_rules(layout), flags=re.M)
    assert numbered, "every game's rule text has numbered rules"
    for n, first_line in numbered:
        words = " ".join(first_line.split()[:6])
        assert f"{n}. {words}" in rules or words in rules, (n, words)


def test_foundation_bases_and_deal_counts_are_marked(tmp_path):
    path = tmp_path / "fg.pdf"
    printing.write_game(path, load_layout("flower-garden"), None, "a4")
    diagram = flat(pdf_text(path)[0])
    assert "in suit" in diagram and "K" in diagram
    assert "6 cards face up" in diagram
    assert "16 cards in hand, all available" in diagram
    path = tmp_path / "fours.pdf"
    printing.write_game(path, load_layout("fours"), None, "a4")
    assert "32 cards face down" in flat(pdf_text(path)[0])


def test_seeded_sheet_shows_the_deal(tmp_path):
    game = Game.new("fours", seed=3)
    path = tmp_path / "fours.pdf"
    printing.write_game(path, game.layout, game, "a4")
    text = flat(pdf_text(path)[0])
    assert "seed 3" in text and "fours@3.r1" in text
    # the face-down pack's order, top first, for setting up a real table
    assert "Face-down cards, top card first" in text
    pack = " ".join(c.text() for c in reversed(game.position.piles[game.rules.stock]))
    assert f"5 Pack: {pack}" in text


@pytest.mark.parametrize("game_id", ALL_GAMES)
@pytest.mark.parametrize("seed", [None, 7])
def test_nothing_overlaps_on_the_diagram(game_id, seed):
    layout = load_layout(game_id)
    game = None if seed is None else Game.new(game_id, seed=seed)
    boxes = printing.diagram_boxes(layout, game)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.overlaps(b), (a, b)


def test_booklet_has_title_contents_and_every_game(tmp_path):
    path = tmp_path / "booklet.pdf"
    printing.write_booklet(path, "a4")
    pages = pdf_text(path)
    assert "Patience" in pages[0]
    contents = pages[1]
    assert "Contents" in contents
    numbers = [int(n) for n in re.findall(r"\.\s+(\d+)\s*$", contents, flags=re.M)]
    assert len(numbers) == len(ALL_GAMES)
    for gid, page in zip(ALL_GAMES, numbers):
        title = load_layout(gid).title
        assert title in contents.splitlines()
        lines = [line.strip() for line in pages[page - 1].splitlines()]
        assert title in lines, (title, page)
        assert "pile numbers used in play" in flat(pages[page - 1])
        assert f"{page}" in lines  # the page's own number, in its footer


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils")
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_nothing_runs_off_the_page(tmp_path, game_id, paper):
    """Rendered to PNG, every page keeps its ink inside a 10 mm border."""
    from PIL import Image

    path = tmp_path / "sheet.pdf"
    printing.write_game(path, load_layout(game_id), Game.new(game_id, seed=1), paper)
    subprocess.run(["pdftoppm", "-png", "-r", "40", str(path), str(tmp_path / "p")], check=True)
    pngs = sorted(tmp_path.glob("p-*.png"))
    assert len(pngs) == len(PdfReader(str(path)).pages) >= 2
    for png in pngs:
        image = Image.open(png).convert("L")
        w, h = image.size
        border = round(10 / 25.4 * 40)
        ink = image.point(lambda v: 255 if v < 200 else 0).getbbox()
        assert ink is not None, f"{png.name} is blank"
        left, top, right, bottom = ink
        assert left >= border and top >= border, (png.name, ink, image.size)
        assert right <= w - border and bottom <= h - border, (png.name, ink, image.size)


def test_print_command_writes_output_game_pdf(run, tmp_path):
    result = run("print", "flower-garden")
    assert result.code == 0
    assert (tmp_path / "output" / "flower-garden.pdf").exists()
    assert run("print", "fours", "--seed", "7", "-o", "x/fours.pdf").code == 0
    assert (tmp_path / "x" / "fours.pdf").read_bytes().startswith(b"%PDF")
    assert run("print", "fours", "--format", "svg").code == 0
    assert (tmp_path / "output" / "fours.svg").read_text().lstrip().startswith("<?xml")
    assert run("print", "--all").code == 0
    assert (tmp_path / "output" / "patience-booklet.pdf").exists()


@pytest.mark.parametrize("args,words", [
    (["print"], "name a game"), (["print", "fours", "--paper", "a5"], "a4 or letter"),
    (["print", "fours", "--format", "png"], "pdf or svg"), (["print", "nope"], "no game"),
    (["print", "--all", "--format", "svg"], "PDF booklet"),
])
def test_print_usage_errors(run, args, words):
    result = run(*args)
    assert result.code == 2 and words in result.err


def test_playing_never_imports_reportlab_or_jinja(tmp_path):
    code = ("import sys\nfrom patience_cli.cli import main\n"
            "main(['new', 'fours', '--seed', '1'])\nmain(['deal'])\nmain(['show'])\n"
            "main(['moves'])\nmain(['undo'])\n"
            "heavy = [m for m in ('reportlab', 'jinja2', 'pypdf') if m in sys.modules]\n"
            "assert not heavy, heavy\n")
    env = {"PATIENCE_HOME": str(tmp_path), "NO_COLOR": "1", "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_suits_go_to_the_symbol_font():
    assert printing.runs("A♠ ↑ K") == [("A", False), ("♠", True), (" ", False), ("↑", True),
                                      (" K", False)]
    markup = printing.inline("the **7♥** on `move 3 1`")
    assert '<font name="Symbol" color="#b3261e">♥</font>' in markup
    assert "<b>" in markup and 'name="Courier"' in markup
