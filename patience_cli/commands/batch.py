"""The batch grammar of 'patience play', shared by its prompt, its batch
mode and the full screen: the commands a line may give, the shorthand for a
move (``3 1``, ``m 3 1``, a move's number), the options a session adds, and
running one command in-process as the shell would."""

from __future__ import annotations

import contextlib

import typer

from .. import output
from .app import EXIT_USAGE, _command_for, json_error

#: The longest line 'patience play' reads as a command (a command is a few words).
MAX_LINE = 4096

COMMANDS = ("show", "moves", "move", "remove", "deal", "auto", "undo", "redo", "restart",
            "rules", "new", "hint")
LOOK_COMMANDS = ("show", "moves", "move", "remove", "deal", "auto", "undo", "redo", "restart")
PLAY_HELP = """Commands (as in the shell, without 'patience'):
  show                the board          moves        the legal moves, numbered
  move SRC DST        or just: 3 1       move N       the Nth legal move
  remove P P P ...    cards put out together (the Wheel)
  deal                next dealing step  auto [-f]    forced moves (and safe ones up)
  undo [N]            take back          redo [N]     play again what undo took back
  restart             back to the deal
  rules               the rule text      new GAME     deal a new game
  hint                the next move of a winning line
  quit                leave (the game stays saved)"""


def as_command(words: list[str]) -> list[str]:
    """*words* as a command: a move's shorthand (``3 1``, ``m 3 1``, ``f``,
    a move's number) made ``move ...``; any other line as it is."""
    head = words[0].lower()
    if head[0].isdigit() or head == "f" or (len(words) == 2 and head not in COMMANDS):
        return ["move", *words]
    if head == "m":
        return ["move", *words[1:]]
    return words


def unless_given(options: list[str], words: list[str]) -> list[str]:
    """The batch's own *options* (--name N, --state S, --ascii) less those the
    line gives itself: a line's options win."""
    given = set(words)
    out, i = [], 0
    while i < len(options):
        option = options[i]
        takes_value = option in ("--name", "--state")
        aliases = {"--name": {"--name", "-n"}}.get(option, {option})
        if not aliases & given and not any(w.startswith(option + "=") for w in words):
            out.extend(options[i:i + 2] if takes_value else [option])
        i += 2 if takes_value else 1
    return out


def dispatch(args: list[str]) -> int:
    command = _command_for(args)
    try:
        # Without standalone mode, click returns an Exit's code instead of raising.
        code = command.main(args=args, prog_name="patience", standalone_mode=False)
        return code if isinstance(code, int) else 0
    except typer.Exit as exc:
        return exc.exit_code
    except typer.TyperException as exc:
        message = exc.format_message().strip()
        output.error(message)
        if "--json" in args:  # a reader of the documents keeps count: one for this line too
            with contextlib.suppress(output.OutputError):
                output.write(json_error(message, EXIT_USAGE))
        return EXIT_USAGE
