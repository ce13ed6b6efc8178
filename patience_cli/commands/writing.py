"""Writing a sheet or an export into a file: made whole in a temporary file and
put in place by a rename (a full disk leaves any earlier file as it was),
written into a device or a FIFO (never replaced), or sent to standard output
with ``-o -``.  Used by 'print' and 'export'."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from .. import output
from ..errors import quoted
from .app import EXIT_REFUSED, SCHEMA, Fail

STDOUT = "-"
#: Where sheets go unless -o says otherwise: the only folder 'print' makes.
DEFAULT_FOLDER = Path("output")


def out_path(out: str | None) -> Path | None:
    if out is None:
        return None
    if not out.strip() or "\x00" in out:
        raise Fail(f"{quoted(out)} is not a usable file name for -o")
    return Path(out).expanduser()


def file_mode(target: Path) -> int:
    """The mode a new sheet gets: an earlier file's, else what the umask allows
    (a temporary file is private until it is put in place)."""
    import os

    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def not_a_file(target: Path) -> str | None:
    """"folder" or "special" where *target* exists and is not a regular file
    (a device, a FIFO: written into, never replaced), else None."""
    import stat

    try:
        mode = target.stat().st_mode
    except OSError:
        return None
    if stat.S_ISDIR(mode):
        return "folder"
    return None if stat.S_ISREG(mode) else "special"


def why_unwritten(exc: OSError, target: Path) -> str:
    """Why *target* could not be written, in words: where a part of its path
    is a file, not "File exists" (what making its folder answers then)."""
    import errno

    if exc.errno in (errno.EEXIST, errno.ENOTDIR):
        for part in reversed(target.parents):
            if part.exists() and not part.is_dir():
                return f"{part} is a file, not a folder"
    return exc.strerror or str(exc)


def check_folder(target: Path, default: Path = DEFAULT_FOLDER) -> None:
    """Refuse a target whose folder is missing, as ``cp`` does (only the
    default output folder, *default*, is made); where a part of the path is a
    file, say so."""
    folder = target.parent
    if folder.is_dir():
        return
    if folder == default and not folder.exists():
        try:
            folder.mkdir(parents=True)
            return
        except OSError as exc:
            raise Fail(f"cannot write {target}: {why_unwritten(exc, target)}",
                       EXIT_REFUSED) from None
    for part in reversed(target.parents):
        if part.exists() and not part.is_dir():
            raise Fail(f"cannot write {target}: {part} is a file, not a folder", EXIT_REFUSED)
    raise Fail(f"cannot write {target}: the folder {folder} does not exist (make it first)",
               EXIT_REFUSED)


def write(writer, target: Path, as_json: bool, *args, quiet: bool = False) -> None:
    """Have *writer* make the sheet in a temporary file, then put it in place
    whole (a rename: a full disk or a crash leaves any earlier file as it
    was), or with ``-o -`` send its bytes to standard output."""
    import os
    import shutil
    import tempfile

    to_stdout = str(target) == STDOUT
    special = not to_stdout and not_a_file(target)  # a device or a FIFO: written into
    if special == "folder":
        raise Fail(f"cannot write {target}: it is a folder; give a file name", EXIT_REFUSED)
    aside = to_stdout or bool(special)  # made in a folder of its own, then copied out
    folder = Path(tempfile.mkdtemp(prefix="patience-")) if aside else target.parent
    if not aside:
        check_folder(target)
    tmp = None
    try:
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.",
                                       suffix=f".tmp{target.suffix}", dir=folder)
        except OSError as exc:
            if aside or to_stdout:
                raise
            raise Fail(f"cannot write {target}: its folder {folder} takes no new files "
                       f"({exc.strerror or exc})", EXIT_REFUSED) from None
        os.close(fd)
        writer(Path(tmp), *args)
        if to_stdout:
            data = Path(tmp).read_bytes()
        elif special:  # never renamed over: the device or FIFO stays what it is
            with open(target, "wb") as out:
                out.write(Path(tmp).read_bytes())
        else:
            with open(tmp, "rb+") as fh:
                os.fsync(fh.fileno())
            os.chmod(tmp, file_mode(target))
            os.replace(tmp, target)
            tmp = None
    except OSError as exc:
        why = (exc.strerror or str(exc)) if to_stdout else why_unwritten(exc, target)
        where = "the sheet" if to_stdout else str(target)
        kept = "" if to_stdout else "; any earlier file there is unchanged"
        raise Fail(f"cannot write {where}: {why}{kept}", EXIT_REFUSED) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        if aside:
            shutil.rmtree(folder, ignore_errors=True)
    if to_stdout:
        output.write_bytes(data)
    elif quiet:
        return
    elif as_json:
        output.write(json.dumps({"schema": SCHEMA, "kind": "written", "path": str(target)},
                                ensure_ascii=False) + "\n")
    else:
        output.say(f"Wrote {target}")
