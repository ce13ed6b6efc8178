"""The commands of ``patience``, by what they serve: playing (:mod:`.play`),
studying (:mod:`.study`), saved games and scripts (:mod:`.scripting`),
printing (:mod:`.sheets`); :mod:`.app` holds what they share.  Importing
this package registers every command on :data:`.app.app`, in the order
``patience --help`` lists them."""

from __future__ import annotations

from . import play, scripting, sheets, study  # noqa: F401  (each registers its commands)
from .app import app

#: The commands in the order 'patience --help' lists them.
ORDER = ("list", "new", "deal-out", "show", "moves", "move", "deal", "auto", "undo", "redo",
         "restart", "rules", "solve", "export", "odds", "hint", "games", "stats", "play",
         "print")

app.registered_commands.sort(key=lambda c: ORDER.index(c.name or c.callback.__name__))
