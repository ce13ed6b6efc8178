"""The saved game as the full screen plays it: every action is the shell's own
command (``move 3 1``, ``deal``, ``undo`` ...), run through the batch grammar
of 'patience play' with its output caught, so the screen plays exactly as the
shell does and leaves the same saved game; the position is read back from the
store after each command.  No Textual here: it can be tested alone.
"""

from __future__ import annotations

import contextlib
import io
import json
import shlex
from dataclasses import dataclass, field
from typing import Any

from ..game import Game
from ..state import DEFAULT_NAME, NoGameError


@dataclass
class Said:
    """What a command said: *ok*, its words (a move's, or a refusal in one
    line), and its JSON document where it wrote one."""

    ok: bool
    words: list[str] = field(default_factory=list)
    doc: dict[str, Any] | None = None


#: The commands of the batch grammar that write a JSON document with --json.
_JSON = frozenset({"show", "moves", "move", "remove", "deal", "auto", "undo", "redo",
                   "restart", "hint", "new"})


class Table:
    """One saved game (*name* in *state*), played by commands."""

    def __init__(self, name: str = DEFAULT_NAME, state: str | None = None,
                 ascii: bool = False) -> None:
        self.name, self.state, self.ascii = name, state, ascii

    # ------------------------------------------------------------ commands
    def line(self, text: str) -> Said:
        """A line as typed at the command line: the batch grammar of 'patience
        play' (``3 1``, ``move 2``, ``deal``, ``undo 3``, ``hint`` ...)."""
        from ..commands.batch import COMMANDS, as_command

        try:
            words = shlex.split(text)
        except ValueError as exc:
            return Said(False, [str(exc)])
        if words and words[0] == "patience":
            words = words[1:]
        if not words:
            return Said(True)
        words = as_command(words)
        if words[0] not in COMMANDS or words[0] == "rules":
            return Said(False, [f"unknown command {words[0]!r} here: type a move (3 1, or a "
                                "move's number), deal, undo, redo, restart, auto or hint"])
        return self.run(words)

    def run(self, words: list[str]) -> Said:
        """Run ``patience WORDS`` on this game, its output caught."""
        from ..commands.app import RUN
        from ..commands.batch import dispatch, unless_given

        options = ["--name", self.name] + (["--state", self.state] if self.state else []) \
            + (["--ascii"] if self.ascii else [])
        args = list(words) + (["--json"] if words[0] in _JSON and "--json" not in words
                              else [])
        out, err = io.StringIO(), io.StringIO()
        lines_before = RUN.json_lines
        RUN.json_lines = True
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = dispatch(args + unless_given(options, args))
        finally:
            RUN.json_lines = lines_before
        doc = None
        for line in out.getvalue().splitlines():
            with contextlib.suppress(ValueError):
                doc = json.loads(line)
        if code != 0:
            said = doc.get("error") if isinstance(doc, dict) and doc.get("kind") == "error" \
                else None
            errors = [e.removeprefix("patience: ") for e in err.getvalue().splitlines()]
            return Said(False, [said] if said else errors[-1:] or ["refused"], doc)
        notes = [e.removeprefix("patience: ") for e in err.getvalue().splitlines()]
        words_said = list(doc.get("said") or []) if isinstance(doc, dict) else []
        return Said(True, words_said + notes, doc)

    # ------------------------------------------------------------ the game
    def game(self) -> Game | None:
        """The saved game as it stands, or None where there is none; a saved
        game that cannot be used (damaged, not a file) raises StateError,
        whose one line says why."""
        from ..commands.app import RUN, load_game

        store = RUN.store(self.state)
        try:
            with store.lock(self.name, read_only=True):
                return load_game(store, self.name)
        except NoGameError:
            return None
