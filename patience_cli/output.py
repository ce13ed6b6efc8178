"""Printing: plain text, or colour through rich when the terminal wants it.

Colour is used only when standard output is a terminal and ``NO_COLOR`` is not
set (https://no-color.org); ``FORCE_COLOR`` forces it.  rich is imported only
then, so scripts and pipes never pay for it.

A command builds its whole report as text first (:func:`render`) and writes
it last (:func:`write`), after the game is saved: only the writing itself can
then fail, and it fails with :class:`OutputError`, so the command line can say
truthfully whether the game was changed."""

from __future__ import annotations

import errno
import io
import os
import sys

from .errors import PatienceError
from .render_text import Line, plain

STYLES = {
    "red": "red", "black": "", "avail": "bold underline", "dim": "dim",
    "heading": "bold", "num": "cyan", "title": "bold", "status": "italic", "": "",
}


class OutputError(PatienceError):
    """Standard output could not be written (closed, full, a closed pipe)."""

    def __init__(self, why: str, broken_pipe: bool = False) -> None:
        super().__init__(why)
        self.broken_pipe = broken_pipe


class WatchedStream:
    """Standard output, remembering whether a write to it failed: the command
    line tells a failed help text (written by click, not by us) from a bug."""

    def __init__(self, stream) -> None:
        self._stream = stream
        self.failed: BaseException | None = None

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except (OSError, ValueError) as exc:
            self.failed = exc
            raise

    def flush(self) -> None:
        try:
            self._stream.flush()
        except (OSError, ValueError) as exc:
            self.failed = exc
            raise

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def no_colour() -> bool:
    """Whether NO_COLOR asks for no colour (https://no-color.org)."""
    return bool(os.environ.get("NO_COLOR"))


def want_colour() -> bool:
    if no_colour():
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError, OSError):  # closed or missing
        return False


def render(lines: list[Line]) -> str:
    """The board lines as text to write, with colour codes when wanted."""
    if not want_colour():
        return plain(lines) + "\n"
    from rich.console import Console
    from rich.text import Text

    buffer = io.StringIO()
    console = Console(file=buffer, highlight=False, force_terminal=True)
    for line in lines:
        text = Text()
        for chunk, style in line:
            text.append(chunk, style=" ".join(STYLES.get(s, "") for s in style.split()) or None)
        console.print(text, soft_wrap=True)
    return buffer.getvalue()


#: What the ASCII mode writes for each symbol (cards read as in --ascii: 10h, Ks).
ASCII = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c", "▒": "#", "—": "--",
                       "–": "-", "·": "-", "↑": "^", "↓": "v", "“": '"', "”": '"',
                       "‘": "'", "’": "'", "…": "...", "×": "x", "→": "->", "←": "<-"})


def asciify(text: str) -> str:
    """*text* with suit symbols as letters and other symbols as ASCII."""
    return text.translate(ASCII)


def fit_encoding(text: str, stream) -> str:
    """*text* as *stream* can take it: unchanged where it can encode it,
    else in ASCII (a non-UTF-8 locale, PYTHONIOENCODING=ascii), anything
    still unencodable replaced by '?'."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
        return text
    except (UnicodeEncodeError, LookupError):
        pass
    text = asciify(text)
    try:
        return text.encode(encoding, errors="replace").decode(encoding)
    except LookupError:
        return text.encode("ascii", errors="replace").decode("ascii")


def write(text: str) -> None:
    """Write *text* to standard output now (in ASCII if its encoding cannot
    take the suit symbols); raises OutputError if it cannot be written."""
    if not text:
        return
    text = fit_encoding(text, sys.stdout)
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError) as exc:
        silence_stdout()
        if isinstance(exc, AttributeError) or isinstance(exc, ValueError):
            raise OutputError("standard output is closed") from None
        why = exc.strerror or str(exc)
        raise OutputError(f"standard output could not be written ({why})",
                          broken_pipe=exc.errno == errno.EPIPE) from None


def write_bytes(data: bytes) -> None:
    """Write *data* (a PDF, an SVG) to standard output as it is."""
    try:
        stream = sys.stdout.buffer
    except AttributeError:  # closed, or a text-only stream
        if sys.stdout is None:
            silence_stdout()
            raise OutputError("standard output is closed") from None
        write(data.decode("latin-1"))
        return
    try:
        sys.stdout.flush()
        stream.write(data)
        stream.flush()
    except (OSError, ValueError) as exc:
        silence_stdout()
        why = getattr(exc, "strerror", None) or "it is closed"
        raise OutputError(f"standard output could not be written ({why})",
                          broken_pipe=getattr(exc, "errno", None) == errno.EPIPE) from None


def silence_stdout() -> None:
    """After a failed write, send what is left to nowhere, so that Python's
    own flush at exit adds no second error."""
    try:
        fd = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)  # the buffered rest then goes to /dev/null at exit
        os.close(null)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        sys.stdout = io.StringIO()


def render_markdown(source: str) -> str:
    """Markdown set for a terminal (headings, emphasis, lists), by rich."""
    from rich.console import Console
    from rich.markdown import Markdown

    buffer = io.StringIO()
    width = min(100, _terminal_size()[0])
    Console(file=buffer, force_terminal=True, width=width).print(Markdown(source))
    return buffer.getvalue()


def columns() -> int:
    """How wide to write: the terminal's width on a terminal, else 80 (or
    $COLUMNS); never under 40."""
    try:
        tty = sys.stdout.isatty()
    except (AttributeError, ValueError):
        tty = False
    if tty or os.environ.get("COLUMNS"):
        return max(40, _terminal_size()[0])
    return 80


def _terminal_size() -> tuple[int, int]:
    import shutil

    size = shutil.get_terminal_size((80, 24))
    return size.columns, size.lines


def page(text: str) -> None:
    """Write *text*, through a pager when it is longer than the terminal."""
    try:
        interactive = sys.stdout.isatty() and sys.stdin.isatty()
    except (AttributeError, ValueError):
        interactive = False
    if interactive and text.count("\n") > _terminal_size()[1] - 2:
        import pydoc

        os.environ.setdefault("LESS", "-R")
        try:
            pydoc.pager(fit_encoding(text, sys.stdout))
            return
        except (OSError, ValueError):
            pass
    write(text)


def emit(lines: list[Line]) -> None:
    write(render(lines))


def say(text: str = "") -> None:
    write(text + "\n")


def one_line(text: str) -> str:
    """The text with every character that is not printable (line and
    paragraph separators, controls, zero-width and direction marks) written
    as its escape, so that a message quoting what a person typed stays one
    visible line."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


#: The longest error line written: a message quoting something huge is cut.
MAX_ERROR = 1000


def error(text: str) -> None:
    """One line on standard error (nothing if standard error is closed too),
    at most MAX_ERROR characters."""
    line = one_line(text)
    if len(line) > MAX_ERROR:
        line = f"{line[:MAX_ERROR - 40]}... (cut: {len(line):,} characters)"
    try:
        sys.stderr.write(fit_encoding(f"patience: {line}\n", sys.stderr))
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
