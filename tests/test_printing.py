"""Printed sheets: deterministic bytes (snapshots), the right content (pypdf),
nothing overlapping or off the page (geometry and a rendered PNG)."""

import functools
import io
import os
import re
import shutil
import subprocess
import sys

import pytest
from conftest import ALL_GAMES
from pypdf import PdfReader
from sheet_kit import SHEETS, flat, pdf_text, sheet, unseeded_pages, unseeded_sheet, unseeded_svg
from syrupy.extensions.single_file import SingleFileSnapshotExtension

from patience_cli import printing
from patience_cli.game import Game
from patience_cli.layout import load_layout
from patience_cli.rules_text import render_rules


@pytest.fixture
def file_snapshot(snapshot):
    return snapshot.use_extension(SingleFileSnapshotExtension)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_game_pdf_snapshot(file_snapshot, game_id):
    assert unseeded_sheet(game_id) == file_snapshot


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_game_svg_snapshot(file_snapshot, game_id):
    assert unseeded_svg(game_id) == file_snapshot


def test_seeded_sheet_snapshot(tmp_path, file_snapshot):
    path = tmp_path / "deal.pdf"
    printing.write_game(path, load_layout("flower-garden"), Game.new("flower-garden", seed=7),
                        "letter")
    assert path.read_bytes() == file_snapshot


#: games whose sheets draw something of every kind: withdrawn cards, slanting
#: and crosswise cards, a circle, squared packets, a long list of hidden cards
DETERMINISM_GAMES = ("empress-of-india", "fish-bone", "sultan", "clock", "indefatigable",
                     "sympathy")


@pytest.mark.heavy
def test_output_is_byte_for_byte_deterministic():
    """A sheet, with or without a deal, is the same bytes when written in
    another process under another hash seed as in this one (the per-game
    snapshots hold every game's unseeded sheet to its bytes across runs)."""
    import hashlib

    code = ("import hashlib, sys, tempfile\n"
            "from pathlib import Path\n"
            "from patience_cli import printing\n"
            "from patience_cli.game import Game\n"
            "from patience_cli.layout import load_layout\n"
            "out = Path(tempfile.mkdtemp()) / 's.pdf'\n"
            "for g in sys.argv[1:]:\n"
            "    for paper, game in (('a4', None), ('letter', Game.new(g, seed=1))):\n"
            "        printing.write_game(out, load_layout(g), game, paper)\n"
            "        print(g, hashlib.sha256(out.read_bytes()).hexdigest())\n")
    # a hash seed other than this process's (random, unless the environment sets one)
    other = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    proc = subprocess.run([sys.executable, "-c", code, *DETERMINISM_GAMES],
                          env={**os.environ, "PYTHONHASHSEED": other},
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    here = [f"{g} {hashlib.sha256(sheet(g, paper, seed)).hexdigest()}"
            for g in DETERMINISM_GAMES for paper, seed in (("a4", None), ("letter", 1))]
    assert proc.stdout.splitlines() == here


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_sheet_names_every_pile_source_and_rule(game_id):
    layout = load_layout(game_id)
    diagram, *rule_pages = unseeded_pages(game_id)
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
    diagram = flat(pdf_text(path, 1)[0])
    assert "in suit" in diagram and "K" in diagram
    assert "6 cards face up" in diagram
    assert "16 cards in hand, all available" in diagram
    path = tmp_path / "fours.pdf"
    printing.write_game(path, load_layout("fours"), None, "a4")
    assert "32 cards face down" in flat(pdf_text(path, 1)[0])


def test_seeded_sheet_shows_the_deal(tmp_path):
    game = Game.new("fours", seed=3)
    path = tmp_path / "fours.pdf"
    printing.write_game(path, game.layout, game, "a4")
    text = flat(pdf_text(path, 1)[0])
    assert "seed 3" in text and "fours@3.r1" in text
    # the face-down pack's order, top first, for setting up a real table
    assert "Cards not shown, top card first" in text
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


@pytest.mark.heavy
def test_booklet_has_title_contents_and_every_game(tmp_path):
    """The title page, the contents (a line a game, in reading order, each a
    link to its page), and every game's sheets where the contents and the
    outline say: the outline read from the PDF for every game, the pages'
    text for the first, the last and a sample between (pypdf takes a tenth
    of a second to read a page's text)."""
    path = tmp_path / "booklet.pdf"
    printing.write_booklet(path, "a4")
    reader = PdfReader(str(path))

    @functools.cache
    def page_text(number: int) -> str:  # the pages looked at alone: not the rule sheets
        return reader.pages[number].extract_text()

    assert "Patience" in page_text(0)
    assert "Contents" in page_text(1)
    contents, links = "", []  # the contents run on over as many pages as the games need
    for number in range(1, len(reader.pages)):
        if "pile numbers used in play" in flat(page_text(number)):
            break
        contents += page_text(number) + "\n"
        links += [a.get_object() for a in reader.pages[number].get("/Annots", [])]
    numbers = [int(n) for n in re.findall(r"\.\s+(\d+)\s*$", contents, flags=re.M)]
    assert len(numbers) == len(ALL_GAMES)
    listed = flat(contents)  # as a reader looks for them: la Belle Lucie under B
    assert listed.index("La Belle Lucie") < listed.index("The Besieged City") < \
        listed.index("Canfield or Klondike") < listed.index("The Kings")
    in_order = sorted(ALL_GAMES, key=lambda g: printing.reading_key(load_layout(g).title))
    titles = [load_layout(gid).title for gid in in_order]
    outline = [(item.title, reader.get_destination_page_number(item) + 1)
               for item in reader.outline]
    assert outline == list(zip(titles, numbers))
    assert reader.trailer["/Root"]["/PageMode"] == "/UseOutlines"
    # each line of the contents leads to its game: a link to the place the outline names
    page_of = {page.indirect_reference.idnum: n + 1 for n, page in enumerate(reader.pages)}
    led_to = [page_of[link["/Dest"][0].idnum] for link in links
              if link.get("/Subtype") == "/Link"]  # the title's link, then the number's
    assert [to for n, to in enumerate(led_to) if n == 0 or to != led_to[n - 1]] == numbers
    for n in sorted({0, len(titles) // 3, 2 * len(titles) // 3, len(titles) - 1}):
        title, page = outline[n]
        assert title in contents.splitlines()
        lines = [line.strip() for line in page_text(page - 1).splitlines()]
        assert title in lines, (title, page)
        assert "pile numbers used in play" in flat(page_text(page - 1))
        assert f"{page}" in lines  # the page's own number, in its footer


def test_a_booklet_whose_contents_are_guessed_wrong_comes_out_the_same(tmp_path, monkeypatch):
    """The contents expected before the booklet is set only spare reportlab
    passes: guessed wrong, the booklet is set again and is the same bytes."""
    from patience_cli.printing import sheet as sheet_module

    games = ["fours", "klondike", "sultan"]
    right = tmp_path / "right.pdf"
    printing.write_booklet(right, "a4", games)
    guessed = sheet_module._expected_contents
    monkeypatch.setattr(sheet_module, "_expected_contents", lambda *args: [
        (level, title, page + 3, key) for level, title, page, key in guessed(*args)])
    wrong = tmp_path / "wrong.pdf"
    printing.write_booklet(wrong, "a4", games)
    assert wrong.read_bytes() == right.read_bytes()


@pytest.mark.skipif(shutil.which("pdftoppm") is None,
                    reason="needs pdftoppm to render the sheets: install poppler-utils "
                           "(Debian, Ubuntu: apt-get install poppler-utils)")
@pytest.mark.parametrize("paper, seed", SHEETS)
@pytest.mark.parametrize("game_id", ALL_GAMES + ["la-belle-lucie:house-on-the-hill"])
def test_nothing_runs_off_the_page(tmp_path, game_id, paper, seed):
    """Rendered (grey, 40 dpi), every page keeps its ink inside a 10 mm border (a
    variant's sheet, with its longer title, too)."""
    from PIL import Image

    path = tmp_path / "sheet.pdf"
    path.write_bytes(sheet(game_id, paper, seed))
    # grey pages (PGM): no colour, no compression, the same ink
    subprocess.run(["pdftoppm", "-gray", "-r", "40", str(path), str(tmp_path / "p")], check=True)
    pngs = sorted(tmp_path.glob("p-*.pgm"))
    assert len(pngs) >= 2  # every page (how many: test_every_sheet_is_a_diagram_page_...)
    for png in pngs:
        image = Image.open(png).convert("L")
        w, h = image.size
        border = round(10 / 25.4 * 40)
        ink = image.point(lambda v: 255 if v < 200 else 0).getbbox()
        assert ink is not None, f"{png.name} is blank"
        left, top, right, bottom = ink
        assert left >= border and top >= border, (png.name, ink, image.size)
        assert right <= w - border and bottom <= h - border, (png.name, ink, image.size)


def test_a_footer_too_long_for_the_page_is_cut_short_before_the_page_number():
    """A variant with a long title (the Lady of the Manor's packets-first
    reading) gives a footer wider than the page: it is cut at a word and
    ends in an ellipsis, leaving the page number its room."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from patience_cli.printing.sheet import FOOT_NUMBER_ROOM, fitted

    assert fitted("The Kings · Cadogan no. 3", 400, "Helvetica", 7.5) == \
        "The Kings · Cadogan no. 3"
    long = "word " * 200
    cut = fitted(long, 300, "Helvetica", 7.5)
    assert cut.endswith("word …") and stringWidth(cut, "Helvetica", 7.5) <= 300
    pages = [page.extract_text() for page in
             PdfReader(io.BytesIO(sheet("lady-of-the-manor:packets-first"))).pages]
    for number, text in enumerate(pages, 1):
        foot = [line for line in text.splitlines() if " · Professor Hoffmann" in line]
        assert len(foot) == 1 and foot[0].rstrip().endswith("…"), (number, foot)
        assert "no. 43" not in foot[0] and f"{number}" in text.splitlines()
    assert FOOT_NUMBER_ROOM > 0


def test_print_command_writes_output_game_pdf(run, tmp_path, monkeypatch):
    from patience_cli.printing import sheet

    # a booklet of two games: the whole one is built once, in the booklet's own test
    monkeypatch.setattr(sheet, "game_ids", lambda: ["fours", "flower-garden"])
    result = run("print", "flower-garden")
    assert result.code == 0
    assert (tmp_path / "output" / "flower-garden.pdf").exists()
    missing = run("print", "fours", "--seed", "7", "-o", "x/y/fours.pdf")  # as cp refuses
    assert missing.code == 1 and "the folder x/y does not exist" in missing.err
    assert not (tmp_path / "x").exists()
    (tmp_path / "x").mkdir()
    assert run("print", "fours", "--seed", "7", "-o", "x/fours.pdf").code == 0
    assert (tmp_path / "x" / "fours.pdf").read_bytes().startswith(b"%PDF")
    proc = run("print", "fours", "-o", "/proc/version")   # a file in a folder of no new files
    assert proc.code == 1 and "its folder /proc takes no new files" in proc.err
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


def test_a_sheet_whose_folder_would_be_a_file_says_so(run, tmp_path):
    (tmp_path / "notes").write_text("mine")
    result = run("print", "fours", "--format", "svg", "-o", "notes/fours.svg")
    assert result.code == 1 and result.err.count("\n") == 1  # refused, as a full disk is
    assert "notes is a file, not a folder" in result.err
    assert (tmp_path / "notes").read_text() == "mine"


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
