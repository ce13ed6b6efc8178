"""The ``patience`` command: a thin layer over the engine, one shell command per
action, the game kept on disk between commands.

Exit codes: 0 success; 1 a move or action the rules refuse, or a saved game
that cannot be used (busy, damaged, newer format); 2 a usage error (unknown
game, bad seed, bad pile number, malformed move, no game in progress, ...).
"""

from __future__ import annotations

import contextlib
import sys

import typer

from . import output
from .commands.app import EXIT_REFUSED, EXIT_USAGE, RUN, _command_for, json_error
from .errors import PatienceError
from .game import Game  # noqa: F401  (what a test patches: the class the commands use)
from .layout import use_cache
from .state import home


def main(argv: list[str] | None = None) -> None:
    """Entry point: every usage error is one line and exit code 2."""
    if argv is None:
        argv = sys.argv[1:]
    RUN.ledger.writes = 0
    stdout = sys.stdout
    if stdout is not None:
        sys.stdout = output.WatchedStream(stdout)
    try:
        _main(argv)
    finally:
        if stdout is not None:
            sys.stdout = stdout


def _main(argv: list[str]) -> None:
    try:
        use_cache(home(None) / "cache")
    except PatienceError:
        use_cache(None)
    command = _command_for(argv)
    try:
        # Without standalone mode, click returns an Exit's code instead of raising.
        code = command.main(args=argv, prog_name="patience", standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.TyperException as exc:
        message = exc.format_message()
        if type(exc).__name__ == "NoArgsIsHelpError":
            sys.stdout.write(message + "\n")
            sys.exit(0)
        cmd = getattr(getattr(exc, "ctx", None), "command_path", "patience")
        output.error(f"{message.strip()} (see '{cmd} --help')")
        if "--json" in argv:
            with contextlib.suppress(output.OutputError):
                output.write(json_error(f"{message.strip()} (see '{cmd} --help')", EXIT_USAGE))
        sys.exit(EXIT_USAGE)
    except typer.Abort:
        output.error("aborted")
        sys.exit(EXIT_REFUSED)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as exc:  # a bug: still one line, never a traceback
        saved = ("the game was saved before the error: 'patience show' shows it"
                 if RUN.saved_anything() else "no saved game was changed")
        if _stdout_failed(exc):  # click's own help or message, to a full or closed output
            done = "the game was saved" if RUN.saved_anything() else "nothing was changed"
            output.error(f"standard output could not be written; {done}")
            sys.exit(EXIT_REFUSED)
        output.error(f"internal error: {type(exc).__name__}: {str(exc)[:200]} ({saved}; "
                     "please report this)")
        sys.exit(EXIT_REFUSED)


def _stdout_failed(exc: Exception) -> bool:
    """Whether *exc* came from writing to standard output (closed, or a write
    to it failed)."""
    if not isinstance(exc, (OSError, ValueError, AttributeError)):
        return False
    if sys.stdout is None:
        return True
    if isinstance(sys.stdout, output.WatchedStream) and sys.stdout.failed is not None:
        output.silence_stdout()
        return True
    return False
