"""The full screen of 'patience play --tui' (Textual).

The board fills the left (scrolling where a game is larger than the screen),
the legal moves are listed on the right, numbered as 'patience moves' numbers
them, and a command line runs along the bottom.  A move is made by

* a move's number from the list (Enter on it, or a click),
* a click on a pile (a card or its number) and then on another,
* or any command of 'patience play' typed at the command line (``3 1``,
  ``move 2``, ``deal``, ``undo 3`` ...; Tab completes a legal move).

Keys: d deal, u undo, r redo, h hint (its move highlighted in the list), a auto,
R restart, ? the rules, : the command line, Escape back to the list, q quit.
Every action is the shell's own command on the same saved game
(:class:`.table.Table`): leave the screen and 'patience show' shows it.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Click
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Footer, Input, Label, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from ..game import Game
from ..output import no_colour
from ..state import StateError
from .board_view import Drawn, draw_board
from .table import Said, Table

#: The width of the list of moves, in columns.
SIDE = 34


class BoardView(Static):
    """The board; a click on a pile's number or cards picks the pile."""

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and isinstance(self.app, PatienceApp):
            self.app.board_clicked(offset.x, offset.y)


class CommandLine(Input):
    """The command line: Tab (as Right at its end) takes the legal move it
    suggests."""

    BINDINGS = [Binding("tab", "cursor_right", "Complete", show=False)]


class BoardPane(VerticalScroll):
    """The board's pane: it scrolls where a board is larger than the screen,
    and a change of its size draws the board again to the new width."""

    def on_resize(self) -> None:
        if isinstance(self.app, PatienceApp):
            self.app.draw()


class RulesScreen(ModalScreen[None]):
    """The game's rule sheet, rendered and scrollable; Escape or q closes it."""

    BINDINGS = [Binding("escape,q,question_mark", "app.pop_screen", "Close")]

    def __init__(self, source: str) -> None:
        super().__init__()
        self.source = source

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules"):
            yield Markdown(self.source)
        yield Footer()


class PatienceApp(App[None]):
    """One saved game, played on the full screen."""

    TITLE = "patience"
    CSS = f"""
    #main {{ height: 1fr; }}
    #board-pane {{ width: 1fr; }}
    #board {{ width: auto; padding: 0 1; }}
    #side {{ width: {SIDE}; border-left: solid $primary; }}
    #side-title {{ padding: 0 1; text-style: bold; }}
    #moves {{ height: 1fr; border: none; }}
    #said {{ height: auto; max-height: 3; padding: 0 1; }}
    #said.refused {{ color: $error; }}
    #command {{ dock: bottom; }}
    """
    BINDINGS = [
        Binding("d", "command('deal')", "Deal"),
        Binding("u", "command('undo')", "Undo"),
        Binding("r", "command('redo')", "Redo"),
        Binding("h", "hint", "Hint"),
        Binding("a", "command('auto')", "Auto"),
        Binding("R", "command('restart')", "Restart"),
        Binding("question_mark", "rules", "Rules"),
        Binding("colon", "focus_command", "Command", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.game: Game | None = None
        self.chosen: int | None = None      # a pile clicked: the move's source
        self.numbers: list[int] = []        # the list's options, as move numbers
        self.commands: list[str] = []       # each legal move's command
        self.drawn: Drawn | None = None     # the board as drawn, with where each pile lies

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with BoardPane(id="board-pane"):
                yield BoardView(id="board")
            with Vertical(id="side"):
                yield Label("Moves", id="side-title")
                yield OptionList(id="moves")
        yield Static(id="said")
        yield CommandLine(placeholder="a move (3 1, or its number), deal, undo, hint ... "
                          "(: here, Esc back)", id="command", select_on_focus=False)
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_game()
        self.query_one("#moves", OptionList).focus()

    # ------------------------------------------------------------ drawing
    def refresh_game(self) -> None:
        """Read the saved game again and draw it (a saved game that cannot
        be used is said in one line, and nothing is drawn)."""
        try:
            self.game = self.table.game()
        except StateError as exc:
            self.game = None
            self.say(Said(False, [str(exc)]))
            self.query_one("#board", Static).update("The saved game cannot be shown (said below).")
            self.query_one("#moves", OptionList).clear_options()
            return
        self.draw()

    def draw(self) -> None:
        from ..commands.app import board_lines
        from ..commands.play import listed_moves, no_move_words

        board = self.query_one("#board", Static)
        moves = self.query_one("#moves", OptionList)
        if self.game is None:
            board.update("No game in progress: leave (q) and start one with "
                         "'patience new GAME', or 'patience play --tui GAME'.")
            moves.clear_options()
            return
        game = self.game
        pane = self.query_one("#board-pane", BoardPane)
        width = max(40, (pane.size.width or self.size.width - SIDE) - 3)
        lines = board_lines(game, self.table.ascii, width)
        self.drawn = draw_board(lines, chosen=self.chosen, colour=not no_colour())
        board.update(self.drawn.text)
        self.sub_title = f"{game.layout.title} · {game.code or 'own deck'}"
        self.title = "patience"
        listed, summary, legal = listed_moves(game, self.table.ascii)
        digits = len(str(legal))
        self.numbers = [number for number, _, _ in listed]
        moves.clear_options()
        moves.add_options([Option(f"{number:>{digits}}. {said}", id=str(number))
                           for number, said, _ in listed])
        if listed:
            moves.highlighted = 0
        if summary:
            moves.add_option(Option(summary, disabled=True))
        if not legal:
            moves.add_option(Option(no_move_words(game), disabled=True))
        self.commands = [game.rules.words.command(game.position, m) for m in game.legal_moves()]
        command = self.query_one("#command", Input)
        command.suggester = SuggestFromList(self.commands + ["deal", "undo", "redo", "restart",
                                                            "auto", "hint"],
                                            case_sensitive=False)

    def say(self, said: Said) -> None:
        box = self.query_one("#said", Static)
        box.set_class(not said.ok, "refused")
        words = said.words[-3:] if said.words else []
        box.update(Text("\n".join(words)))

    # ------------------------------------------------------------ playing
    def play(self, line: str) -> Said:
        """Run a command line on the game and draw what it left."""
        said = self.table.line(line)
        self.chosen = None
        self.say(said)
        self.refresh_game()
        return said

    def action_command(self, words: str) -> None:
        self.play(words)

    def action_pick(self, number: int) -> None:
        """A pile clicked: the first is the source, the second the target."""
        if self.chosen is None:
            self.chosen = number
            self.say(Said(True, [f"From pile {number}: click the pile to move to "
                                 "(the same pile again, or Escape, to let go)"]))
            self.draw()
        elif self.chosen == number:
            self.action_cancel()
        else:
            self.play(f"move {self.chosen} {number}")

    def action_cancel(self) -> None:
        if self.chosen is not None:
            self.chosen = None
            self.say(Said(True, []))
            self.draw()
        self.query_one("#moves", OptionList).focus()

    def action_focus_command(self) -> None:
        self.query_one("#command", Input).focus()

    def action_hint(self) -> None:
        said = self.table.run(["hint"])
        doc = said.doc or {}
        if not said.ok or not doc.get("command"):
            self.say(said if not said.ok else Said(True, ["No hint: " + str(doc.get("result"))]))
            return
        command = str(doc["command"]).removeprefix("patience ")
        words = [f"Hint: {doc.get('text')} ({command})"]
        if command in self.commands:
            number = self.commands.index(command) + 1
            if number in self.numbers:
                self.query_one("#moves", OptionList).highlighted = self.numbers.index(number)
        self.say(Said(True, words))

    def action_rules(self) -> None:
        from ..rules_text import render_rules

        if self.game is not None:
            self.push_screen(RulesScreen(render_rules(self.game.layout)))

    @on(OptionList.OptionSelected, "#moves")
    def move_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.play(f"move {event.option.id}")

    @on(Input.Submitted, "#command")
    def line_typed(self, event: Input.Submitted) -> None:
        line = event.value.strip()
        event.input.value = ""
        if line in ("q", "quit", "exit"):
            self.exit()
            return
        if line == "rules":
            self.action_rules()
            return
        if line:
            self.play(line)

    def board_clicked(self, x: int, y: int) -> None:
        """A click at column *x* of line *y* of the board: the pile there
        picked; the keys go on working the list of moves."""
        pile = self.drawn.pile_at(x, y) if self.drawn is not None else None
        if pile is not None:
            self.action_pick(pile)
        self.query_one("#moves", OptionList).focus()

    def on_key(self, event) -> None:
        """A digit typed over the list begins a command line (``3 1``)."""
        command = self.query_one("#command", Input)
        if event.character and event.character.isdigit() and not command.has_focus:
            command.focus()
            command.value = event.character
            command.cursor_position = 1
            event.stop()


def run_screen(table: Table) -> None:
    """Play *table*'s game on the full screen until the player leaves."""
    PatienceApp(table).run()
