"""Games kept on disk between commands.

One JSON file per named game under ``<home>/games/<name>.json``, where
``<home>`` is ``--state PATH``, else ``$PATIENCE_HOME``, else the user's state
directory (platformdirs).  A file holds the deal (seed or deck) and the moves,
never the cards' positions: loading replays the moves and checks the result
against the position fingerprint that was saved, and a checksum covers the
whole record, so a damaged or hand-edited file is detected.

Writes are atomic (temporary file, fsync, rename) and every command that reads
and writes a game holds an exclusive lock on it, so two commands at once
cannot lose a move.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .digest import sha256
from .errors import ExitStatus, PatienceError

FORMAT = 1
DEFAULT_NAME = "default"
LOCK_WAIT = 5.0  # seconds a command waits for another to finish with a game
MAX_FILE = 16 * 1024 * 1024  # bytes: a saved game is a few kilobytes; more is not ours
MAX_CORRUPT_COPIES = 99  # damaged copies kept aside per game, numbered

#: what a game's name is made of (checked without a regular expression: compiling
#: one costs every command a tenth of a millisecond)
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")
_NAME_MAX = 64
# a temporary file of _atomic_write for NAME.json (NAME.json.XXXXXXXX.tmp) and
# for its damaged copies (NAME.json.corrupt-2.XXXXXXXX.tmp); compiled when first used
_TMP = r"\.json(\.corrupt(-[0-9]+)?)?\.[a-z0-9_]{8,16}\.tmp"  # 12 hex digits now
STALE_COPY = 60.0  # seconds: a damaged copy's temporary older than this is stale
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO is opened without waiting for a writer

#: Readers of older formats: version -> function turning such a record into the
#: current one.  (Format 1 is the first; nothing to migrate yet.)
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class Ledger:
    """What a run of the program has written to its state folders: the count
    of saved-game files, from which an error says whether a game was saved,
    never by guessing.  A :class:`Store` given a ledger counts into it."""

    def __init__(self) -> None:
        self.writes = 0


class StateError(PatienceError):
    """A saved game that cannot be used; the message says why and what to do."""


class NoGameError(StateError):
    exit_status = ExitStatus.USAGE


class BadNameError(StateError):
    """A game name or state folder that cannot be used."""

    exit_status = ExitStatus.USAGE


class BusyError(StateError):
    pass


class CorruptStateError(StateError):
    pass


class LinkError(StateError):
    """A symbolic link where a saved game or its lock should be."""


def home(state: str | os.PathLike | None = None) -> Path:
    for given in (state, os.environ.get("PATIENCE_HOME")):
        if given:
            if "\x00" in str(given):
                raise BadNameError(f"{str(given)!r} is not a usable folder for games")
            return Path(given).expanduser()
    from platformdirs import user_state_dir

    return Path(user_state_dir("patience-cli", appauthor=False))


def _is_name(name: str) -> bool:
    """Up to 64 letters, digits, '_', '.' or '-' (ASCII), the first a letter or digit."""
    return 0 < len(name) <= _NAME_MAX and name[0] not in "_.-" and set(name) <= _NAME_CHARS


def check_name(name: str) -> str:
    if not _is_name(name) or name.endswith((".lock", ".corrupt", ".tmp")):
        raise BadNameError(f"{name[:80]!r} is not a usable game name: use up to 64 letters, "
                           "digits, '-', '_' or '.', starting with a letter or digit")
    return name


def checksum(record: dict[str, Any]) -> str:
    body = {k: v for k, v in record.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return sha256(text.encode()).hexdigest()


class Store:
    """The saved games of one state folder.

    Symbolic links are not followed inside the game folder: a saved game, its
    lock or its temporary file that is a link is refused (a link could point a
    write outside the folder or replace a file the user keeps elsewhere).  The
    folder itself may be a link."""

    def __init__(self, state: str | os.PathLike | None = None,
                 ledger: Ledger | None = None) -> None:
        self.dir = home(state) / "games"
        self.ledger = ledger

    def path(self, name: str) -> Path:
        return self.dir / f"{check_name(name)}.json"

    def names(self) -> list[str]:
        if not _is_dir(self.dir):
            return []
        return sorted(p.stem for p in self.dir.glob("*.json") if _is_name(p.stem))

    # ------------------------------------------------------------------ locking
    @contextlib.contextmanager
    def lock(self, name: str, wait: float | None = None,
             read_only: bool = False) -> Iterator[None]:
        """Hold the named game's lock; wait up to LOCK_WAIT seconds for another
        command to finish with it, then raise BusyError.

        With *read_only*, a folder where no lock can be made (read-only, not
        ours) is read without one: saves are atomic renames, so a reader
        never sees half a file."""
        wait = LOCK_WAIT if wait is None else wait
        path = self.path(name)
        lock_path = path.with_name(path.name + ".lock")
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o644)
        except OSError as exc:
            if exc.errno == errno.ELOOP or _is_link(lock_path):
                raise LinkError(f"the lock file {lock_path} is a symbolic link: patience does "
                                "not follow links in its game folder; remove it") from None
            if read_only:
                yield
                return
            folder = _is_dir(self.dir)
            what = "the game folder" if not folder else "the lock file"
            where = self.dir if not folder else lock_path
            verb = "open" if folder and os.path.lexists(lock_path) else "create"
            raise StateError(f"cannot {verb} {what} {where}: {exc.strerror}") from None
        try:
            deadline = time.monotonic() + wait
            while not _try_lock(fd):
                if time.monotonic() >= deadline:
                    raise BusyError(f"the game {name!r} is busy: another patience command is "
                                    "using it; try again in a moment")
                time.sleep(0.02)
            if not read_only:
                self._clean_temporaries(name)
            yield
        finally:
            _unlock(fd)
            os.close(fd)

    def _clean_temporaries(self, name: str) -> None:
        """Remove what a save killed half-way left.  Under the game's lock no
        other command is saving it, so a temporary of the game file is stale;
        a damaged copy may be kept aside without the lock ('patience games'),
        so its temporary is stale only when it is a minute old."""
        now = time.time()
        with contextlib.suppress(OSError):
            for entry in os.scandir(self.dir):
                found = entry.name.startswith(name) and re.fullmatch(_TMP, entry.name[len(name):])
                if not found:
                    continue
                with contextlib.suppress(OSError):
                    if not found.group(1) or \
                            now - entry.stat(follow_symlinks=False).st_mtime > STALE_COPY:
                        os.unlink(entry.path)

    # ------------------------------------------------------------------ reading
    def read(self, name: str) -> dict[str, Any]:
        """The saved record, checked; raises NoGameError, CorruptStateError,
        LinkError or StateError.  Only the file's format and checksum are
        checked here: :meth:`patience_cli.game.Game.from_record` checks the
        fields and replays the moves."""
        path = self.path(name)
        raw = self._read_bytes(name, path)
        try:
            record = json.loads(raw.decode("utf-8"))
            if not isinstance(record, dict):
                raise ValueError("not an object")
        except (ValueError, UnicodeDecodeError, RecursionError):
            self._corrupt(path, raw, "it is not a readable game file")
        version = record.get("format")
        if type(version) is not int:  # noqa: E721 - True is an int, and no version
            self._corrupt(path, raw, "it has no format version")
        if version > FORMAT:
            raise StateError(f"the saved game {name!r} was written by a newer patience "
                             f"(format {version}; this one reads up to {FORMAT}): upgrade "
                             "patience-cli to continue it")
        try:
            good = record.get("checksum") == checksum(record)
        except (ValueError, RecursionError):
            good = False
        if not good:
            self._corrupt(path, raw, "its checksum does not match (damaged or edited by hand)")
        while version < FORMAT:
            if version not in MIGRATIONS:
                self._corrupt(path, raw, f"format {version} is not known")
            record = MIGRATIONS[version](record)
            version = record["format"]
        return record

    def _read_bytes(self, name: str, path: Path) -> bytes:
        try:
            fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK)
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                raise StateError(f"the saved game {path} is not a regular file (a FIFO or a "
                                 "device): patience reads only files in its game folder")
        except FileNotFoundError:
            raise NoGameError(f"no game in progress{_named(name)}: start one with "
                              "'patience new GAME' (see 'patience list')") from None
        except OSError as exc:
            if exc.errno == errno.ELOOP or _is_link(path):
                raise LinkError(f"the saved game {path} is a symbolic link: patience does not "
                                "follow links in its game folder; put the file itself "
                                "there") from None
            raise StateError(f"cannot read {path}: {exc.strerror}") from None
        try:
            with os.fdopen(fd, "rb") as fh:
                raw = fh.read(MAX_FILE + 1)
        except OSError as exc:
            raise StateError(f"cannot read {path}: {exc.strerror}") from None
        if len(raw) > MAX_FILE:
            self._corrupt(path, raw[:MAX_FILE], f"it is over {MAX_FILE // 2**20} MiB long, "
                          "far more than any saved game", copy=False)
        return raw

    def corrupt(self, name: str, why: str) -> None:
        """Report a saved game that checked out but cannot be replayed."""
        path = self.path(name)
        self._corrupt(path, self._read_bytes(name, path), why)

    def _corrupt(self, path: Path, raw: bytes, why: str, copy: bool = True) -> None:
        """Keep the damaged file's bytes aside (every damage its own copy:
        NAME.json.corrupt, then NAME.json.corrupt-2 ...) and raise."""
        kept = "it is left as it is"
        if copy:
            try:
                aside = _keep_aside(path, raw)
                kept = f"a copy is kept at {aside}"
            except OSError:
                pass
        raise CorruptStateError(f"the saved game {path.stem!r} is damaged: {why}; {kept}; "
                                f"'patience new GAME --name {path.stem} --force' starts afresh")

    # ------------------------------------------------------------------ writing
    def write(self, name: str, record: dict[str, Any]) -> str:
        """Save *record* under *name*; returns its checksum."""
        record = {"format": FORMAT, **{k: v for k, v in record.items() if k != "checksum"}}
        record["checksum"] = checksum(record)
        data = (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
        path = self.path(name)
        if _is_link(path):
            raise LinkError(f"the saved game {path} is a symbolic link: patience does not "
                            "replace links in its game folder; the game was not saved")
        try:
            _atomic_write(path, data)
        except OSError as exc:
            raise StateError(f"could not save the game ({exc.strerror}); the previous "
                             "state is unchanged") from None
        if self.ledger is not None:
            self.ledger.writes += 1
        return record["checksum"]

    def delete(self, name: str) -> bool:
        try:
            self.path(name).unlink()
            return True
        except FileNotFoundError:
            return False


def _read_regular(path: Path, limit: int) -> bytes | None:
    """At most *limit* bytes of *path*, a regular file, read without following
    a link or waiting on a FIFO; None where it is not a regular file.  Raises
    FileNotFoundError where there is nothing of that name."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK)
    except FileNotFoundError:
        raise
    except OSError:
        if os.path.lexists(path):
            return None  # a link (ELOOP), or unreadable: treated as taken
        raise FileNotFoundError(path) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            return fh.read(limit)
    finally:
        if fd >= 0:
            os.close(fd)


def _keep_aside(path: Path, raw: bytes) -> Path:
    """Write *raw* to the first free ``.corrupt`` name beside *path*, unless an
    identical copy is already there; never overwrite an earlier copy."""
    names = [path.name + ".corrupt"] + [f"{path.name}.corrupt-{n}"
                                         for n in range(2, MAX_CORRUPT_COPIES + 1)]
    for candidate in (path.with_name(n) for n in names):
        try:
            if _read_regular(candidate, len(raw) + 1) == raw:
                return candidate
            continue  # another copy, or not a regular file (a link, a FIFO): not touched
        except FileNotFoundError:
            pass
        try:
            _atomic_write(candidate, raw, exclusive=True)
            return candidate
        except FileExistsError:
            continue  # another command took this name a moment ago
    raise OSError(errno.EEXIST, "too many damaged copies kept")


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def _is_link(path: Path) -> bool:
    try:
        return path.is_symlink()
    except OSError:  # a name too long, a folder we may not read: not a link we know of
        return False


def _named(name: str) -> str:
    return "" if name == DEFAULT_NAME else f" named {name!r}"


def _atomic_write(path: Path, data: bytes, exclusive: bool = False) -> None:
    """Write *data* to *path* whole or not at all: a temporary file beside it,
    synced, then renamed over it (with *exclusive*, linked to a new name,
    raising FileExistsError if the name is taken)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # mkstemp's own way, without importing tempfile (and random) on every move
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    while True:
        tmp = str(path.parent / f"{path.name}.{os.urandom(6).hex()}.tmp")
        try:
            fd = os.open(tmp, flags, 0o600)
            break
        except FileExistsError:  # pragma: no cover - 48 random bits
            continue
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if exclusive:
            os.link(tmp, path)
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError, AttributeError):
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


if sys.platform != "win32":
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
else:  # Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


