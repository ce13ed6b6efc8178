"""Every registered layout is well formed; the shared renderers honour what a
layout says (orientation, spread) without knowing the game."""

import json
import re
import tomllib

import pytest
from conftest import ALL_GAMES, ALL_ROWS

from patience_cli import printing
from patience_cli.game import Game
from patience_cli.layout import BOOKS, Role, data_dir, load_layout, parse_layout
from patience_cli.rules_text import render_rules


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_layout_is_well_formed(game_id):
    layout = load_layout(game_id)
    numbers = [p.number for p in layout.piles]
    assert sorted(numbers) == list(range(1, len(numbers) + 1)), "piles numbered 1..N"
    assert layout.source.book in BOOKS
    assert all(p.name and p.label for p in layout.piles)
    assert all(p.build is not None for p in layout.piles if p.role is Role.FOUNDATION) or \
        layout.rules != "standard"
    for variant in (None, *layout.variants):
        game = Game.new(game_id, variant, seed=1)   # the deal uses the whole pack
        assert sum(len(p) for p in game.position.piles) == len(game.deck)
        text = render_rules(load_layout(game_id, variant))
        assert text.startswith(f"# {layout.title}") and "## Rules" in text


def test_rule_text_exists_for_every_layout_and_no_other():
    templates = sorted(p.name.removesuffix(".md.j2") for p in data_dir("rules_text").glob("*.md.j2"))
    assert templates == sorted(ALL_GAMES)


@pytest.mark.parametrize("game_id, variant", ALL_ROWS)
def test_rule_text_never_makes_a_plural_of_a_plural(game_id, variant):
    """A template that adds an s to a group's name where the name is
    already plural ("foundations", as the rule text names several
    Foundation piles) writes "foundationss": the Salic Law's sheet did."""
    text = render_rules(load_layout(game_id, variant)).lower()
    names = {p.name.lower() for p in load_layout(game_id, variant).piles} | {"foundations"}
    assert not [n + "s" for n in names if n.endswith("s") and re.search(rf"\b{n}s\b", text)]


def synthetic(orientation: str):
    raw = tomllib.loads(f"""
id = "test"
title = "Test"
summary = "A made-up layout."
[source]
book = "cadogan"
[pack]
kind = "piquet"
[[piles]]
group = "line"
name = "Line"
role = "tableau"
count = 2
number = 1
step = [2, 0]
orientation = "{orientation}"
deal = 16
""")
    return parse_layout(raw)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_a_source_is_cited_with_its_quotes_nested(game_id):
    """The book's title of a game stands in double quotes in the citation;
    quotes of its own turn single inside them ("Covering" Patience: “‘Covering’
    Patience”), never two double quotes side by side."""
    layout = load_layout(game_id)
    citation, title = layout.source.citation, layout.source.title
    assert '"' not in citation
    assert citation.endswith("“" + title.replace('"', "‘", 1).replace('"', "’", 1) + "”")


def test_crosswise_cards_are_drawn_crosswise():
    upright = printing.diagram_boxes(synthetic("upright"))[0]
    crosswise = printing.diagram_boxes(synthetic("crosswise"))[0]
    assert upright.h > upright.w
    assert crosswise.w > crosswise.h
    assert (crosswise.w, crosswise.h) == (upright.h, upright.w)


def test_print_with_a_deck_shows_those_cards(run, tmp_path):
    from pathlib import Path

    from pypdf import PdfReader

    deck = Path(__file__).parent / "data" / "fours_book_example.txt"
    assert run("print", "fours", "--deck", str(deck), "-o", "deck.pdf").code == 0
    text = PdfReader(str(tmp_path / "deck.pdf")).pages[0].extract_text()
    assert "a given card order" in text and "Cards not shown, top card first" in text


def test_refusals_cite_the_rule_numbers_of_the_rule_sheet():
    """A refusal's "(rule N)" is rule N of 'patience rules' for that game: it
    names a rule the sheet has, never the book's roman numbering."""
    import re
    from pathlib import Path

    for gid in ALL_GAMES:
        layout = load_layout(gid)
        if layout.rules == "standard":
            continue
        source = (Path(__file__).parent.parent / "patience_cli" / "games" /
                  f"{layout.rules}.py").read_text()
        rules = {int(n) for n in re.findall(r"^(\d+)\. ", render_rules(layout), flags=re.M)}
        cited = {int(n) for n in re.findall(r"\(rule (\d+)\)", source)}
        assert cited <= rules, (gid, cited - rules)
        assert not re.search(r'\(Rule [IVX]+\)"', source), gid


# ------------------------------------------------------------ the closed vocabulary
def raw_layout(game_id: str) -> dict:
    return tomllib.loads((data_dir("layouts") / f"{game_id}.toml").read_text())


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_every_layout_keeps_to_the_vocabulary(game_id):
    from patience_cli.layout import check_layout

    check_layout(raw_layout(game_id), f"layouts/{game_id}.toml")  # raises if not


@pytest.mark.parametrize("change, message", [
    (lambda r: r["piles"][2].update(direction="down"),
     "layouts/flower-garden.toml: piles[2].direction: is not a key of this table"),
    (lambda r: r["piles"][0]["build"].update(direction="donw"),
     "layouts/flower-garden.toml: piles[0].build.direction: 'donw' is not one of up, down, "
     "up-or-down, none"),
    (lambda r: r["piles"][0].update(spred="down"),
     "piles[0].spred: is not a key of this table (did you mean 'spread'?)"),
    (lambda r: r["piles"][1].pop("role"), "piles[1]: the key 'role' is missing"),
    (lambda r: r.pop("summary"), ": the key 'summary' is missing"),
    (lambda r: r["pack"].update(count="two"), "pack.count: 'two' is not a whole number"),
    (lambda r: r["piles"][0].update(count=True), "piles[0].count: True is not a whole number"),
    (lambda r: r["piles"][0].update(at=[1]), "piles[0].at: "),
    (lambda r: r["source"].update(book="cadogen"), "source.book: 'cadogen' is not one of"),
    (lambda r: r.update(play={"redeal": 1}), "play.redeal: is not a key of this table "
                                            "(did you mean 'redeals'?)"),
    (lambda r: r.update(game={"leader": "A"}), "game: only a game with a module of its own"),
    (lambda r: r.update(board={"style": "grif"}), "board.style: 'grif' is not one of rows, grid"),
    (lambda r: r["piles"][0]["build"].update(base="B"), "piles[0].build.base: 'B' is not a rank"),
])
def test_a_misspelt_key_or_value_is_an_error_naming_file_and_path(change, message):
    from patience_cli.layout import LayoutError, check_layout

    raw = raw_layout("flower-garden")
    change(raw)
    with pytest.raises(LayoutError) as exc:
        check_layout(raw, "layouts/flower-garden.toml")
    assert message in str(exc.value)
    assert str(exc.value).startswith("layouts/flower-garden.toml: ")


@pytest.mark.parametrize("game_id, change, message", [
    ("crescent", lambda r: r["piles"][3].update(count=3), "must have as many piles each"),
    ("crescent", lambda r: r["play"]["hold"].update(up="heap"), "groups of foundations"),
    ("crescent", lambda r: r["piles"][0].update(face="down"), "its piles must lie face up"),
    ("louis", lambda r: r["play"]["regather"].update(first=15), "is not one of the piles"),
])
def test_the_new_play_settings_are_checked_against_the_piles(game_id, change, message):
    from patience_cli.layout import LayoutError

    raw = raw_layout(game_id)
    change(raw)
    with pytest.raises(LayoutError, match=message) as exc:
        parse_layout(raw)
    assert "\n" not in str(exc.value)


def test_a_variants_keys_are_checked_with_their_path():
    from patience_cli.layout import LayoutError, check_layout

    raw = raw_layout("sympathy")
    raw["variants"]["cheney"]["piles"][0]["fase"] = "down"
    with pytest.raises(LayoutError, match=r"variants\.cheney\.piles\[0\]\.fase: is not a key"):
        check_layout(raw, "layouts/sympathy.toml")


def test_a_labels_list_of_the_wrong_length_and_an_unknown_rules_module():
    from patience_cli.games import rules_for
    from patience_cli.layout import LayoutError

    raw = raw_layout("fours")
    raw["piles"][0]["labels"] = ["One", "Two"]
    with pytest.raises(LayoutError, match=r"piles\[0\]\.labels: 2 given for 4 piles"):
        parse_layout(raw)
    raw = raw_layout("fours")
    raw["rules"] = "nosuch"
    with pytest.raises(LayoutError, match="rules: 'nosuch' is neither"):
        rules_for(parse_layout(raw))


def test_the_readme_documents_every_key_of_the_vocabulary():
    from patience_cli import layout_schema as ls

    readme = data_dir("layouts").parent / "layouts" / "README.md"
    if not readme.exists():  # an installed copy: the README stays in the source tree
        pytest.skip("layouts/README.md is in the source checkout only")
    text = readme.read_text()
    for table in (ls.LAYOUT, ls.PILE, ls.BUILD, ls.REFILL, ls.PLAY, ls.BOARD, ls.SOURCE,
                  ls.PACK, ls.DEAL):
        for key in table.keys:
            assert f"`{key}" in text or f"`[{key}" in text or f"[[{key}]]" in text, key


def test_game_modules_are_game_rules_answering_only_the_documented_hooks():
    """A game's module holds a GameRule (a feature its layout names), never
    an engine of its own: it answers the engine only at the hooks of
    game_rule.HOOKS (each documented in layouts/README.md) and the feature's
    points, and sets nothing of the engine's (no ``self.rules.X = ...``)."""
    import ast
    import importlib
    import inspect

    from patience_cli.engine import Rules
    from patience_cli.features.feature import Feature
    from patience_cli.features.game_rule import HOOKS, GameRule
    from patience_cli.games import rules_for

    readme = data_dir("layouts").parent / "layouts" / "README.md"
    if readme.exists():
        text = readme.read_text()
        for hook in HOOKS:
            assert f"`{hook}" in text or f", `{hook}`" in text, f"{hook} is not documented"
    modules = {load_layout(g).rules: g for g in ALL_GAMES} | {}
    modules.pop("standard", None)
    assert modules, "no game has a module"
    for module, game_id in modules.items():
        rules = rules_for(load_layout(game_id))
        cls = type(rules.game)
        assert type(rules) is Rules and issubclass(cls, GameRule) and not issubclass(cls, Rules)
        for klass in cls.__mro__[:cls.__mro__.index(GameRule)]:
            for name, value in vars(klass).items():
                if name.startswith("__") or not callable(value):
                    continue
                if hasattr(GameRule, name):
                    assert name in HOOKS or hasattr(Feature, name), \
                        f"{module} overrides {name}, which is not a hook"
        tree = ast.parse(inspect.getsource(importlib.import_module(f"patience_cli.games.{module}")))
        for node in ast.walk(tree):
            for target in getattr(node, "targets", [getattr(node, "target", None)]):
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Attribute) \
                        and target.value.attr == "rules":
                    raise AssertionError(f"{module} sets the engine's {target.attr}")


def test_the_readme_games_table_lists_every_game_and_says_truly_whether_it_is_data_only():
    """The README's games table has a row for every registered game, and its
    'rules' column says 'data only' exactly when the game has no module."""
    import re

    readme = data_dir("layouts").parent / "README.md"
    if not readme.exists():
        pytest.skip("README.md is in the source checkout only")
    rows = {m.group(1): m.group(2) for m in
            re.finditer(r"^\| `([a-z0-9-]+)` \|.*\| ([^|]+) \|$", readme.read_text(), re.M)}
    for game_id in ALL_GAMES:
        assert game_id in rows, f"{game_id} is not in the README's games table"
        data_only = load_layout(game_id).rules == "standard"
        assert (rows[game_id].strip() == "data only") is data_only, game_id


def test_checked_layouts_are_kept_as_json_and_a_damaged_copy_is_read_afresh(tmp_path):
    """A command reads a game's layout from its checked JSON copy (no TOML
    parser needed); a damaged copy is ignored and the TOML read again."""
    import json

    from patience_cli import layout as layout_mod

    layout_mod.use_cache(tmp_path)
    try:
        layout_mod.load_layout.cache_clear()
        first = layout_mod.load_layout("fours")
        kept = list((tmp_path / "layouts").glob("fours-*.json"))
        assert len(kept) == 1
        raw = json.loads(kept[0].read_text())
        raw["title"] = "Fours, from the copy"
        kept[0].write_text(json.dumps(raw))
        layout_mod.load_layout.cache_clear()
        assert layout_mod.load_layout("fours").title == "Fours, from the copy"
        kept[0].write_text("{ damaged")
        layout_mod.load_layout.cache_clear()
        assert layout_mod.load_layout("fours").title == first.title
    finally:
        layout_mod.use_cache(None)
        layout_mod.load_layout.cache_clear()


def test_the_game_list_is_kept_in_an_index_that_follows_the_layouts(run, home):
    """'patience list' reads one small index once it has been made; what it
    lists is the same either way, and a damaged index is made anew."""
    first = run("list", "--json")
    index = list((home / "cache").glob("catalogue-*.json"))
    assert first.code == 0 and len(index) == 1
    assert run("list", "--json").out == first.out
    index[0].write_text("[{")
    again = run("list", "--json")
    assert again.out == first.out
    assert len(json.loads(again.out)["games"]) == len(ALL_GAMES)


def test_the_wrapped_list_is_kept_per_width_and_read_back_the_same(run, home, monkeypatch):
    """'patience list' wraps the summaries once for a width and reads them back
    after; another width is wrapped anew; each line fits its width."""
    monkeypatch.setenv("COLUMNS", "70")
    first = run("list").out
    kept = list((home / "cache").glob("listing-*-70.txt"))
    assert len(kept) == 1 and kept[0].read_text() == first
    assert run("list").out == first
    assert max(len(line) for line in first.splitlines()) <= 70
    monkeypatch.setenv("COLUMNS", "50")
    narrow = run("list").out
    assert narrow != first and max(len(line) for line in narrow.splitlines()) <= 50
    assert [line.split()[0] for line in narrow.splitlines() if not line.startswith(" ")] == \
        ALL_GAMES


def test_a_layout_may_extend_another_and_give_only_what_differs(tmp_path, monkeypatch):
    """'extends': the other layout with this one's keys put over it (tables key
    by key, a group's piles changed by 'groups'), checked once merged."""
    from patience_cli import layout as layout_mod

    files = dict(layout_mod._registry())
    derived = tmp_path / "red-and-black-slow.toml"
    derived.write_text('id = "red-and-black-slow"\nextends = "red-and-black"\n'
                       'title = "Red and Black, no redeal"\n[play]\nredeals = 0\n'
                       '[groups.volunteer]\nnote = "eight of them"\n')
    files["red-and-black-slow"] = derived
    monkeypatch.setattr(layout_mod, "_registry", lambda: files)
    raw = layout_mod.read_raw("red-and-black-slow")
    layout = parse_layout(raw)
    assert layout.title == "Red and Black, no redeal" and layout.play.redeals == 0
    assert layout.play.redeal_shuffle is True                     # kept from the base
    assert layout.group("volunteer")[0].note == "eight of them"
    assert len(layout.piles) == len(load_layout("red-and-black").piles)
    derived.write_text('id = "red-and-black-slow"\nextends = "red-and-black"\n'
                       '[play]\nredeels = 0\n')
    with pytest.raises(layout_mod.LayoutError, match="play.redeels"):
        layout_mod.read_raw("red-and-black-slow")
    derived.write_text('id = "red-and-black-slow"\nextends = "red-and-black-slow"\n')
    with pytest.raises(layout_mod.LayoutError, match="extend"):
        layout_mod.read_raw("red-and-black-slow")


def test_the_extends_line_is_found_without_a_toml_parser():
    from patience_cli.layout import _extends_line

    assert _extends_line('# a comment\nid = "x"\nextends = "red-and-black"   # the base\n'
                         '[pack]\nkind = "whist"\n') == "red-and-black"
    assert _extends_line('id = "x"\n[play]\nextends = "no"\n') is None   # not top level
    assert _extends_line('extends_more = 1\nid = "y"\n') is None


def test_a_rule_text_names_several_piles_of_a_group_in_the_plural():
    """``{{ g.auxiliary.plural }}``: the Patriarchs' Auxiliaries, Klondike's Rows."""
    from patience_cli.rules_text import GroupRef

    def group(game_id, name):
        specs = tuple(s for s in Game.new(game_id, seed=1).rules.specs if s.name == name)
        return GroupRef(specs)

    assert group("patriarchs", "Auxiliary").plural == "Auxiliaries"
    assert group("klondike", "Row").plural == "Rows"
    assert "the Auxiliaries (piles 1–9)" in " ".join(render_rules(load_layout("patriarchs")).split())
    assert "Auxiliarys" not in render_rules(load_layout("storehouse"))


@pytest.mark.parametrize("game_id, role, what", [("fours", "STOCK", "a pack"),
                                                  ("fish-bone", "TALON", "a talon")])
def test_a_game_rule_refuses_a_layout_without_the_pile_it_needs(game_id, role, what):
    """A game's own rule that cannot be played without its pack or talon
    says so in one line, naming the layout, instead of failing later."""
    from patience_cli.engine import Rules
    from patience_cli.layout import LayoutError, Role

    layout = load_layout(game_id)
    lacking = layout._replace(piles=tuple(p for p in layout.piles if p.role is not Role[role]))
    with pytest.raises(LayoutError, match=f"^layouts/{game_id}.toml: .* needs {what}$"):
        Rules(lacking)
    Rules(layout)  # (the layout as it is has it)
