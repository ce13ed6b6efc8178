"""A results file of 'patience odds' on disk: read with bounds, its torn end cut.

A results file is a regular file (not a device, a FIFO or a folder), read a
line at a time with a bound on each line (:data:`MAX_LINE`: an answer is some
250 bytes), so that no file, however large or hostile, takes more memory than
one line.  What each line must hold is :mod:`patience_cli.odds_results`'s
business; this module only hands it the lines.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from .odds_results import DealAnswer, ResultsError, read_answers

#: The longest line a results file may have (bytes, without its newline).
MAX_LINE = 4096
_CHUNK = 1 << 16
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO is opened without waiting for a writer


def check_regular(path: Path) -> None:
    """Raise ResultsError where *path* exists and is not a regular file."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise ResultsError(f"cannot read {path}: {exc.strerror}") from None
    if not stat.S_ISREG(mode):
        raise ResultsError(f"{path} is not a regular file (a device, a FIFO or a folder): "
                           "a results file is a file of its own")


def read_results(path: Path) -> Iterator[DealAnswer]:
    """The answers of the results file *path* (none where there is no file).

    Raises ResultsError, naming the line, for a line that is not an answer,
    a line over :data:`MAX_LINE` bytes or not UTF-8 (a last line cut short is
    passed over: its deal is solved again), and for a path that is not a
    regular file; OSError for a file that cannot be read."""
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK)
    except FileNotFoundError:
        return
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ResultsError(f"{path} is not a regular file (a device, a FIFO or a "
                               "folder): a results file is a file of its own")
        fh = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with fh:
        yield from read_answers(_lines(fh, str(path)), str(path))


def _lines(fh: IO[bytes], where: str) -> Iterator[str]:
    """The lines of *fh*, each at most MAX_LINE bytes; a longer last line
    with no newline (torn) is given cut, without its newline, so that it is
    passed over as torn; a longer line with more after it is an error."""
    n = 0
    while True:
        raw = fh.readline(MAX_LINE + 1)
        if not raw:
            return
        n += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            if _skip_line(fh):
                raise ResultsError(f"{where}, line {n}: over {MAX_LINE} bytes, not a deal's "
                                   "answer")
            raw = raw[:MAX_LINE]  # the last line, torn: passed over
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            if raw.endswith(b"\n"):
                raise ResultsError(f"{where}, line {n}: not UTF-8 text") from None
            return  # a last line torn inside a character


def _skip_line(fh: IO[bytes]) -> bool:
    """Read past the rest of the current line, a chunk at a time; whether a
    newline ended it (False: the file ended first)."""
    while True:
        chunk = fh.read(_CHUNK)
        if not chunk:
            return False
        cut = chunk.find(b"\n")
        if cut >= 0:
            fh.seek(cut + 1 - len(chunk), os.SEEK_CUR)
            return True


def cut_torn_line(path: Path) -> None:
    """A file whose last line was cut short (a run stopped as it wrote) loses
    that piece, however long, so the file holds whole lines only and the next
    answer starts a line of its own (the deal is solved again)."""
    with open(path, "rb+") as raw:
        size = raw.seek(0, os.SEEK_END)
        if size == 0:
            return
        raw.seek(size - 1)
        if raw.read(1) == b"\n":
            return
        end = size
        while end > 0:
            start = max(0, end - _CHUNK)
            raw.seek(start)
            cut = raw.read(end - start).rfind(b"\n")
            if cut >= 0:
                raw.truncate(start + cut + 1)
                return
            end = start
        raw.truncate(0)
