"""Exit statuses, mapped once, and the base of every error the program reports.

Every error a user can meet carries its exit status as a class attribute, so
the command line maps an error to its status by type, never by its message.
The statuses are documented in the README:

* 0 ``OK``: done;
* 1 ``REFUSED``: refused (a move the rules forbid, a busy or damaged game, a
  file that could not be written, output that could not be written);
* 2 ``USAGE``: a usage error (unknown game, bad number, bad file, no game).
"""

from __future__ import annotations

from enum import IntEnum


class ExitStatus(IntEnum):
    OK = 0
    REFUSED = 1
    USAGE = 2


class PatienceError(Exception):
    """An error reported to the user in one line, with its exit status."""

    exit_status: ExitStatus = ExitStatus.REFUSED
    #: A command that would do what the user seems to want, in the game's
    #: notation without the program's name ("move 3 5 4", "deal"): the
    #: command line names it after the message.
    instead: str | None = None

    def message(self) -> str:
        """The one line the user reads (without the ``patience:`` prefix)."""
        return str(self)


def quoted(text: str, limit: int = 40) -> str:
    """*text* as a message quotes what a person gave: in quotes, and cut to
    *limit* characters with its length said where it is longer, so that a
    65,000-character word makes a short error line."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"
