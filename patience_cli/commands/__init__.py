"""The commands of ``patience``, by what they serve: playing (:mod:`.play`),
studying (:mod:`.study`), saved games and scripts (:mod:`.scripting`),
printing (:mod:`.sheets`); :mod:`.app` holds what they share.  Importing
this package registers every command on :data:`.app.app`, in the order
``patience --help`` lists them."""

from __future__ import annotations

import inspect

from . import play, scripting, sheets, study  # noqa: F401  (each registers its commands)
from .app import app

#: The commands in the order 'patience --help' lists them.
ORDER = ("list", "new", "deal-out", "show", "moves", "move", "deal", "auto", "undo", "redo",
         "restart", "rules", "solve", "export", "odds", "hint", "games", "stats", "play",
         "print")

app.registered_commands.sort(key=lambda c: ORDER.index(c.name or c.callback.__name__))


def _flowing(doc: str) -> str:
    """A docstring as help text that the terminal wraps: the lines of each
    paragraph joined (they were broken for the source, not for the screen)."""
    paragraphs = [" ".join(line.strip() for line in p.splitlines())
                  for p in inspect.cleandoc(doc).split("\n\n")]
    return "\n\n".join(paragraphs)


for _command in app.registered_commands:
    if _command.help is None and _command.callback is not None and _command.callback.__doc__:
        _command.help = _flowing(_command.callback.__doc__)
