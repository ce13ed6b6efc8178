"""The full screen ('patience play --tui', patience_cli/tui/), driven headless
with Textual's own pilot: keys and clicks that play a won Fours deal to its
end, a refused move, undo and redo, a click on a pile then another, a turn
of a two-player game, the rules, a hint, a resize; and snapshots of the
screen for games of different shapes at 80x24 and 120x40."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("textual")

from conftest import ALL_ROWS  # noqa: E402

from patience_cli.tui.board_view import draw_board, pile_number  # noqa: E402
from patience_cli.tui.screen import PatienceApp, RulesScreen  # noqa: E402
from patience_cli.tui.table import Table  # noqa: E402


def said(app) -> str:
    return str(app.query_one("#said").render())


def played(app) -> int:
    return len(app.game.moves)


def drive(size, steps):
    """Run the app at *size*; *steps* is a coroutine function given the app
    and its pilot."""
    async def main():
        app = PatienceApp(Table())
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await steps(app, pilot)
    asyncio.run(main())


def where(app, pile: int) -> tuple[int, int]:
    """A point of *pile* on the board widget (its padding of one counted)."""
    for y, row in enumerate(app.drawn.spans):
        for start, _, p in row:
            if p == pile:
                return start + 2, y
    raise AssertionError(f"pile {pile} not drawn")


def test_keys_and_clicks_play_a_won_fours_deal_to_its_end_and_the_shell_sees_it(run, home):
    run("new", "fours", "--seed", "7")

    async def steps(app, pilot):
        await pilot.press("d")                           # deal: the rules force it
        await pilot.pause()
        assert said(app) == "Deal row 1 of deal 1." and played(app) == 1
        await pilot.click("#board", offset=where(app, 4))  # a click on a packet, then another
        await pilot.pause()
        await pilot.click("#board", offset=where(app, 3))
        await pilot.pause()
        assert played(app) == 2 and said(app).startswith("Q♠ from Packet 4 to Packet 3")
        await pilot.press("u", "enter")                  # the same move, from the list
        await pilot.pause()
        assert played(app) == 2 and said(app).startswith("Q♠ from Packet 4 to Packet 3")
        await pilot.press("3", "space", "1", "enter")     # a refused move: one line, no change
        await pilot.pause()
        assert played(app) == 2 and "illegal move" in said(app)
        assert app.query_one("#said").has_class("refused")
        await pilot.press("escape", "u")                 # undo, then redo
        await pilot.pause()
        assert played(app) == 1
        await pilot.press("r")
        await pilot.pause()
        assert played(app) == 2
        await pilot.press("a")                           # auto plays it out
        await pilot.pause()
        assert app.game.status()[0].value == "won"
        assert "The game is won: every card has gone out" in str(
            app.query_one("#moves").get_option_at_index(0).prompt)
    drive((80, 24), steps)
    shown = json.loads(run("show", "--json").out)       # the same saved game
    assert shown["status"] == "won" and shown["moves_made"] > 50


def test_a_click_on_a_pile_then_another_moves_the_card(run, home):
    run("new", "flower-garden", "--seed", "7")

    async def steps(app, pilot):
        await pilot.click("#board", offset=where(app, 7))        # the Bouquet
        await pilot.pause()
        assert app.chosen == 7 and "From pile 7" in said(app)
        await pilot.click("#board", offset=where(app, 7))        # the same: let go
        await pilot.pause()
        assert app.chosen is None and played(app) == 0
        await pilot.click("#board", offset=where(app, 7))
        await pilot.click("#board", offset=where(app, 8))        # a foundation
        await pilot.pause()
        assert played(app) == 1 and said(app).startswith("A♥ from Bouquet (7) to Foundation 8")
    drive((80, 24), steps)


def test_a_move_number_typed_and_the_command_line_take_the_batch_grammar(run, home):
    run("new", "flower-garden", "--seed", "7")

    async def steps(app, pilot):
        await pilot.press("colon", *"move 3", "enter")
        await pilot.pause()
        assert played(app) == 1 and said(app).startswith("A♥ from Bouquet (7) to Garden 3")
        await pilot.press(*"undo", "enter")
        await pilot.pause()
        assert played(app) == 0
        await pilot.press(*"move 3", "tab")            # Tab completes a legal move
        await pilot.pause()
        assert app.query_one("#command").value == "move 3 6"
        await pilot.press("enter")
        await pilot.pause()
        assert played(app) == 1 and said(app).startswith("2♦ from Garden 3 to Garden 6")
        await pilot.press(*"undo", "enter", *"nonsense", "enter")
        await pilot.pause()
        assert "unknown command" in said(app) and played(app) == 0
    drive((80, 24), steps)


def test_the_hint_is_highlighted_in_the_list(run, home):
    run("new", "flower-garden", "--seed", "7")

    async def steps(app, pilot):
        await pilot.press("down", "down", "h")
        await pilot.pause()
        assert said(app).startswith("Hint: ") and "(move Ah 8)" in said(app)
        moves = app.query_one("#moves")
        assert moves.get_option_at_index(moves.highlighted).id == "1"
    drive((80, 24), steps)


def test_a_refusal_cites_its_rule_and_the_rules_are_a_key_away(run, home):
    run("new", "klondike", "--seed", "3")

    async def steps(app, pilot):
        await pilot.press("3", "space", "1", "enter")     # refused, with the rule's number
        await pilot.pause()
        assert said(app).endswith("cannot go on the 7♥ (rule 3)") and played(app) == 0
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "Canfield or Klondike" in app.screen.source
        await pilot.press("pagedown", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)
    drive((80, 24), steps)


def test_a_two_player_turn_is_played_and_the_program_answers(run, home):
    run("new", "here-and-there", "--seed", "2", "--opponent", "program")

    async def steps(app, pilot):
        answered = False
        for _ in range(40):                      # A plays the first move listed each time
            before = played(app)
            await pilot.press("enter")
            await pilot.pause()
            assert played(app) == before + 1
            if "(the program)" in said(app):     # B's turn, played by the program on screen
                answered = True
                break
        assert answered
        assert "A to play" in app.drawn.text.plain
    drive((100, 30), steps)


def test_the_board_follows_the_terminals_size(run, home):
    run("new", "flower-garden", "--seed", "7")

    async def steps(app, pilot):
        narrow = max(len(line) for line in app.drawn.text.plain.splitlines())
        await pilot.resize_terminal(140, 40)
        await pilot.pause()
        wide = max(len(line) for line in app.drawn.text.plain.splitlines())
        assert narrow <= 80 - 34 and wide > narrow     # the Bouquet on one line when it fits
    drive((80, 24), steps)


def test_a_damaged_saved_game_is_one_line_on_the_screen(run, home):
    run("new", "fours", "--seed", "7")
    (home / "games" / "default.json").write_text("{ not a game")

    async def steps(app, pilot):
        assert app.game is None and "is damaged" in said(app)
        assert app.query_one("#said").has_class("refused")
    drive((80, 24), steps)


def test_no_game_is_said_and_play_tui_refuses_a_bad_game_before_the_screen(run, home):
    async def steps(app, pilot):
        assert "No game in progress" in str(app.query_one("#board").render())
    drive((80, 24), steps)
    refused = run("play", "--tui", "nosuch")
    assert refused.code == 2 and "no game called" in refused.err


def test_the_board_map_names_each_piles_number_and_cards():
    lines = [[("Garden  ", "heading"), (" 1", "num"), ("  ", ""), ("6♥", "red"), (" ", ""),
              (" 2*", "num"), ("  ", ""), ("K♣", "black")],
             [("        ", ""), ("7♦", "red")],
             [], [("Move 0", "status")]]
    drawn = draw_board(lines, chosen=2)
    assert [p for _, _, p in drawn.spans[0]] == [1, 1, 1, 1, 2, 2, 2]
    assert drawn.pile_at(0, 0) is None and drawn.pile_at(10, 0) == 1
    assert drawn.pile_at(16, 0) == 2 and drawn.pile_at(8, 1) == 2   # wrapped: the pile above
    assert drawn.spans[2] == () and drawn.spans[3] == ()
    assert pile_number(" 12*") == 12 and pile_number("x") is None


@pytest.mark.parametrize("game, seed, size", [
    ("fours", "7", (80, 24)), ("flower-garden", "7", (120, 40)),
    ("carpet", "2", (80, 24)), ("klondike", "3", (120, 40)),
])
def test_snapshots_of_the_screen(run, home, snap_compare, game, seed, size):
    run("new", game, "--seed", seed)
    assert snap_compare(PatienceApp(Table()), terminal_size=size)


@pytest.mark.parametrize("game_id, variant", ALL_ROWS)
def test_every_game_can_be_played_on_the_screen_by_clicks(game_id, variant):
    """On the full screen's board (46 columns, what 80 leaves beside the
    list), every pile that holds a card can be clicked."""
    from patience_cli.commands.app import board_lines
    from patience_cli.game import Game

    game = Game.new(game_id, variant, seed=1)
    drawn = draw_board(board_lines(game, False, 46))
    clickable = {p for row in drawn.spans for _, _, p in row}
    holding = {spec.number for spec in game.layout.piles if game.position.piles[spec.index]}
    assert holding <= clickable, sorted(holding - clickable)


def test_ascii_is_honoured_on_the_screen(run, home):
    run("new", "flower-garden", "--seed", "7")

    async def main():
        app = PatienceApp(Table(ascii=True))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            board = app.drawn.text.plain
            listed = str(app.query_one("#moves").get_option_at_index(0).prompt)
            assert "Ah" in board and not set("♠♥♦♣") & set(board + listed)
            await pilot.press("enter")
            await pilot.pause()
            assert said(app).startswith("Ah from Bouquet (7)")
    asyncio.run(main())
