"""Printed sheets that tell the truth: the legend, the books' names and
order, the cards withdrawn or named by the layout, notes, captions and odds
on every sheet, and only what the sheet shows (the sheets themselves:
tests/sheet_kit.py)."""

import io
import re

import pytest
from conftest import ALL_GAMES
from pypdf import PdfReader
from sheet_kit import (
    SHEETS,
    diagram_text,
    flat,
    pdf_text,
    sheet,
    strings,
    unseeded_pages,
    unseeded_svg,
)

from patience_cli import printing
from patience_cli.game import Game
from patience_cli.layout import Role, load_layout


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_the_legend_says_how_this_games_foundations_are_built(tmp_path, game_id):
    text = diagram_text(game_id, tmp_path=tmp_path)
    assert "A foundation marked" not in text  # the one text for all games is gone
    layout = load_layout(game_id)
    for _, specs in layout.groups():
        if specs[0].role.value == "foundation" and specs[0].build is not None:
            line = f"{printing.group_heading(specs)} {printing.numbers_text(specs)}: " \
                   f"{printing.foundation_words(layout, specs)}"
            assert flat(line) in text, line


@pytest.mark.parametrize("game_id, words", [
    ("besieged-city", "A, K, 2, Q, 3, J, 4, 10, 5, 9, 6, 8, 7, 7, 8"),
    ("fish-bone", "Knaves (the spine) 7–14: built down in suit from the knave to the ace"),
    ("empress-of-india", "Generals (red kings) 57–64: built down in suit from the king to the "
                         "ace"),
    ("empress-of-india", "the knave is left out"),
    ("empress-of-india", "the queen is left out"),
])
def test_the_legend_gives_the_books_own_order(tmp_path, game_id, words):
    assert flat(words) in diagram_text(game_id, tmp_path=tmp_path)


@pytest.mark.parametrize("game_id", ["empress-of-india", "carpet", "congress"])
def test_withdrawn_foundation_cards_are_drawn_in_place(tmp_path, game_id):
    layout = load_layout(game_id)
    withdrawn = [s for s in layout.piles if s.role.value == "foundation"
                 and printing.pile_look(layout, s, None).n]
    assert withdrawn
    for spec in withdrawn:
        look = printing.pile_look(layout, spec, None)
        assert look.known and not look.empty
        # its rank where the deal decides the suit, else the very card
        assert look.base_rank == spec.build.base or look.cards[-1].rank == spec.build.base
    assert "each starts with its card" in diagram_text(game_id, tmp_path=tmp_path)


def test_a_card_the_layout_names_is_drawn_on_a_sheet_without_a_seed():
    """The Sultan's kings and ace, fixed by the book (K♣ A♥ K♣ / K♦ K♥ K♦ /
    K♠ K♥ K♠), are drawn as those cards, not as a bare rank; a card whose suit
    the deal decides (the Mill's centre ace) keeps only its rank."""
    sultan = load_layout("sultan")
    shown = [printing.pile_look(sultan, s, None).cards for s in sultan.piles
             if s.role.value in ("foundation", "decoration")]
    assert [c[-1].code for c in shown] == ["Kc", "Ah", "Kc", "Kd", "Kd", "Ks", "Kh", "Ks", "Kh"]
    mill = load_layout("mill")
    centre = printing.pile_look(mill, mill.group("centre")[0], None)
    assert centre.cards == () and centre.base_rank == 1
    guard = load_layout("empress-of-india").group("guard")[0]
    assert printing.pile_look(load_layout("empress-of-india"), guard, None).base_rank == 11


def test_a_crosswise_card_is_drawn_with_its_face_turned_with_it(tmp_path):
    """The Divan lies crosswise (the book's picture): on a seeded sheet its
    cards' faces are turned a quarter with them, as on the unseeded sheet's
    outlines, not drawn upright inside a crosswise outline."""
    layout = load_layout("sultan")
    assert all(s.orientation == "crosswise" for s in layout.group("divan"))
    turned = []
    for game in (None, Game.new("sultan", seed=1)):
        path = tmp_path / "d.svg"
        printing.write_svg(path, layout, game)
        # a quarter turn clockwise: a group's matrix (0 -1 1 0)
        turned.append(path.read_text().count("matrix(0,-1,1,0,"))
    assert turned == [0, 8]       # the eight cards of the Divan, none of the outlines


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_an_unseeded_sheet_prints_no_figure_that_a_deal_changes(game_id):
    layout = load_layout(game_id)
    counts = {}
    for seed in range(20, 32):
        pos = Game.new(game_id, seed=seed).position
        for spec in layout.piles:
            counts.setdefault(spec.key, set()).add(len(pos.piles[spec.index]))
    for spec in layout.piles:
        if len(counts[spec.key]) > 1 and not isinstance(spec.deal, int):
            detail = printing.pile_detail(layout, spec, None)
            if spec.role is Role.FOUNDATION and spec.build is not None:
                detail = detail.replace(spec.build.describe(), "")  # its ranks ("A 7-Q")
            assert not re.search(r"\d", detail), spec.key
            assert not printing.pile_look(layout, spec, None).known, spec.key


def test_the_empress_sheet_has_no_pack_or_talon_count(tmp_path):
    text = diagram_text("empress-of-india", tmp_path=tmp_path)
    assert "119" not in text and not re.search(r"\d+ cards? face", text)


def test_a_seeded_sheet_promises_only_the_lists_it_has(tmp_path):
    text = diagram_text("flower-garden", Game.new("flower-garden", seed=7), tmp_path=tmp_path)
    assert "listed below" not in text and "Cards not shown" not in text
    text = diagram_text("fours", Game.new("fours", seed=7), tmp_path=tmp_path)
    assert "listed below" in text and "Cards not shown" in text


def test_the_unseeded_sympathy_sheet_shows_the_leaders_tops_face_up(tmp_path):
    layout = load_layout("sympathy")
    a, b = layout.group("a_heap")[0], layout.group("b_heap")[0]
    assert printing.pile_look(layout, a, None).down == 2
    assert printing.pile_look(layout, b, None).down == 3
    text = diagram_text("sympathy", tmp_path=tmp_path)
    assert "1 up, 2 face down" in text and "3 cards face down" in text


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_the_books_names_for_areas_are_on_the_diagram(tmp_path, game_id):
    layout = load_layout(game_id)
    boxes = printing.diagram_boxes(layout, None, printing.sheet_look(layout, None))
    captions = {b.key for b in boxes if b.kind == "caption"}
    page = pdf_text_page(game_id, tmp_path)
    for group, specs in printing.inside_groups(layout):
        assert group in captions, group
        assert flat(printing.caption_text(specs)) in page
    for name in {"empress-of-india": ["Army", "Navy", "Guard"],
                 "besieged-city": ["Reserve", "Ramparts"]}.get(game_id, []):
        assert f"{name}" in page.split("•")[0], name  # above the legend: on the diagram


def pdf_text_page(game_id: str, tmp_path) -> str:
    return diagram_text(game_id, tmp_path=tmp_path)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_every_note_of_the_layout_is_on_the_sheet(tmp_path, game_id):
    text = diagram_text(game_id, tmp_path=tmp_path)
    for spec in load_layout(game_id).piles:
        if spec.note:
            assert flat(spec.note) in text, spec.note


@pytest.mark.parametrize("paper, seed", SHEETS)
@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_no_caption_below_6_points_and_nothing_off_the_drawing(game_id, paper, seed):
    """On the two sheets each game is checked on (the narrower paper without
    a deal, the shorter with one): captions readable, the drawing within its
    bounds, and no two boxes overlapping."""
    layout = load_layout(game_id)
    game = None if seed is None else Game.new(game_id, seed=seed)
    doc = printing.Doc("unused.pdf", paper, "", "")
    room = printing.diagram_room(printing.legend_flowables(layout, game, printing.styles()), doc)
    look = printing.fit_look(layout, game, doc.width, room)  # as printing.sheet_look finds it
    drawing = printing.make_diagram(layout, game, doc.width, room)
    sizes = [s.fontSize for s in strings(drawing)]
    assert sizes and min(sizes) >= 6.0, (game_id, min(sizes))
    x0, y0, x1, y1 = drawing.getBounds()
    assert x0 >= -0.5 and y0 >= -0.5, (x0, y0)
    assert x1 <= drawing.width + 0.5 and y1 <= drawing.height + 0.5, (x1, y1, drawing.width)
    boxes = printing.diagram_boxes(layout, game, look)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.overlaps(b), (a, b)


@pytest.mark.parametrize("paper, seed", SHEETS)
@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_every_sheet_is_a_diagram_page_and_a_rule_page(game_id, paper, seed):
    assert len(PdfReader(io.BytesIO(sheet(game_id, paper, seed))).pages) == 2


def test_the_fours_diagram_fills_its_page():
    layout = load_layout("fours")
    doc = printing.Doc("unused.pdf", "a4", "", "")
    room = printing.diagram_room(printing.legend_flowables(layout, None, printing.styles()), doc)
    drawing = printing.make_diagram(layout, None, doc.width, room)
    assert drawing.height >= 0.45 * doc.height


def test_an_empty_spread_pile_is_drawn_once():
    for game_id, key in (("congress", "help-5"), ("fours", "packet-1")):
        layout = load_layout(game_id)
        spec = next(s for s in layout.piles if s.key == key)
        look = printing.pile_look(layout, spec, None)
        assert look.empty and printing.shown_count(look, spec) == 1


def test_the_bones_and_the_diagonal_kings_slant_as_in_the_books_pictures():
    fish = load_layout("fish-bone")
    assert all(s.tilt < 0 for s in fish.group("king"))    # left bones: "\\"
    assert all(s.tilt > 0 for s in fish.group("queen"))   # right bones: "/"
    generals = load_layout("empress-of-india").group("general")
    assert [s.tilt for s in generals] == [0, 0, 0, 0, 45, -45, -45, 45]
    # a slanting card takes the room of its turned outline, and the sheet keeps it clear
    king = fish.group("king")[0]
    box = printing.footprint(fish, king, None)
    assert box.w > printing.CARD_H * 0.9 and box.h > printing.CARD_W * 1.3


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_the_svg_holds_the_whole_diagram_and_its_title(tmp_path, game_id):
    layout = load_layout(game_id)
    svg = unseeded_svg(game_id).decode("utf-8")
    assert f"<title>{layout.title}</title>" in svg and "<title>...</title>" not in svg
    width, height = (float(v) for v in
                     re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    drawing = printing.make_diagram(layout, None, *printing.SVG_SIZE, title=True,
                                    widen=printing.SVG_WIDEN, pad=printing.SVG_PAD)
    assert (drawing.width, drawing.height) == (width, height)
    x0, y0, x1, y1 = drawing.getBounds()
    assert x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height
    boxes = printing.diagram_boxes(layout, None, printing.svg_look(layout, None))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.overlaps(b), (a, b)
    assert "font-family: Helvetica, Arial" in svg


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_each_rule_sheet_prints_how_often_its_game_comes_out(tmp_path, game_id):
    from patience_cli.rules_text import measured_odds

    layout = load_layout(game_id)
    rules = flat(" ".join(unseeded_pages(game_id)[1:]))
    assert "How often it comes out" in rules
    if "opponent" in layout.game:  # a game for two: nothing to measure, and it says so
        assert "A game for two players" in rules and measured_odds(layout) is None
        return
    odds = measured_odds(layout)
    assert odds is not None, f"{game_id}: no measured odds in rules_text/odds.json"
    assert f"deals 1 to {odds['deals']:,}" in rules and f"won {odds['won']:,}" in rules
    positions = int(odds["budget"].split()[0])
    assert f"({positions:,} positions" in rules  # 20,000 with its comma


def test_a_seeded_sheet_lists_the_cards_under_a_squared_packets_top(tmp_path):
    """The Indefatigable's packets lie squared up, face up: the diagram shows
    each top card, and the cards under it are listed, top first."""
    game = Game.new("indefatigable", seed=3)
    path = tmp_path / "indefatigable.pdf"
    printing.write_game(path, game.layout, game, "a4")
    text = flat(pdf_text(path, 1)[0])
    packet = game.position.piles[game.layout.by_number(1).index]
    under = " ".join(c.text() for c in reversed(packet[:-1]))
    assert f"1 Packet 1, face up under the {packet[-1].text()}: {under}" in text


@pytest.mark.parametrize("game_id", ["sympathy", "indefatigable"])
def test_a_seeded_sheet_with_a_long_list_of_hidden_cards_keeps_to_two_pages(tmp_path, game_id):
    """The list of the cards the diagram cannot show is one run of text, and
    the diagram leaves room for it: the deal's page, then the rule sheet."""
    game = Game.new(game_id, seed=5)
    path = tmp_path / f"{game_id}.pdf"
    printing.write_game(path, game.layout, game, "a4")
    pages = pdf_text(path)
    assert len(pages) == 2 and "Cards not shown" in flat(pages[0])


def test_a_variants_sheet_bears_the_variants_title(tmp_path):
    layout = load_layout("la-belle-lucie", "house-on-the-hill")
    path = tmp_path / "sheet.pdf"
    printing.write_game(path, layout, None)
    name = layout.variant_titles["house-on-the-hill"].split(":")[0]
    title = f"{layout.title} ({name})"
    assert title in flat(pdf_text(path, 1)[0])
    assert printing.sheet_title(load_layout("la-belle-lucie")) == "La Belle Lucie"


def test_the_booklet_lists_the_games_as_a_reader_looks_for_them():
    """By title, without the article: the Kings under K, la Belle Lucie under B."""
    from patience_cli.layout import game_ids

    titles = sorted((load_layout(g).title for g in game_ids()), key=printing.reading_key)
    assert titles.index("La Belle Lucie") < titles.index("The Besieged City")
    assert titles.index("Canfield or Klondike") < titles.index("The Kings")



def test_a_rank_letter_stands_clear_of_the_number_disc():
    """On cards of every size a sheet draws, upright or crosswise, the rank
    letter of a withdrawn card (the Empress's kings) keeps clear of the disc
    holding the pile's number in the lower right corner."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from patience_cli.printing.diagram import badge_disc, rank_mark_at
    from patience_cli.printing.style import CARD_H, CARD_W, TITLE_FONT, Look

    for scale in range(20, 97, 4):  # the smallest sheet draws at some 25 points a card
        look = Look(float(scale))
        for w, h in ((CARD_W, CARD_H), (CARD_H, CARD_W)):
            cw, ch = w * scale, h * scale
            x, y, size = rank_mark_at(0.0, ch, cw, ch)
            half = stringWidth("K", TITLE_FONT, size) / 2
            cx, cy, r = badge_disc(look, cw, 0.0)
            # the nearest point of the letter's box (baseline to cap height) to the disc
            nx, ny = min(max(cx, x - half), x + half), min(max(cy, y), y + size * 0.72)
            assert (nx - cx) ** 2 + (ny - cy) ** 2 > r ** 2, (scale, w, h)
            assert y >= 0 and y + size * 0.72 <= ch          # and inside the card


def test_the_crescents_end_heaps_lie_crosswise_with_their_numbers_upright():
    """Hoffmann's diagram lays the two end heaps crosswise: drawn crosswise, not
    as upright cards turned a quarter (which turned their numbers sideways)."""
    heaps = load_layout("crescent").group("heap")
    assert [s.orientation for s in (heaps[0], heaps[-1])] == ["crosswise", "crosswise"]
    assert all(s.orientation == "upright" for s in heaps[1:-1])
    assert all(s.tilt == 0 for s in heaps)


def test_the_key_gives_one_order_only_where_every_pile_of_the_group_has_it():
    from patience_cli.layout import load_layout
    from patience_cli.printing.legend import legend_lines

    hours = next(line for line in legend_lines(load_layout("dial-2"), None)
                 if line.startswith("<b>Hours"))
    assert "each in its own order, given beneath it" in hours and "in the order" not in hours
    centre = next(line for line in legend_lines(load_layout("dial-2"), None)
                  if line.startswith("<b>Centre"))
    assert "in the order K K K K K K K K" in centre
