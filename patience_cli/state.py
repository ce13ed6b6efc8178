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
import hashlib
import json
import os
import re
import time
from pathlib import Path
from typing import Any, Callable, Iterator

FORMAT = 1
DEFAULT_NAME = "default"
LOCK_WAIT = 5.0  # seconds a command waits for another to finish with a game

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")

#: Readers of older formats: version -> function turning such a record into the
#: current one.  (Format 1 is the first; nothing to migrate yet.)
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class StateError(Exception):
    """A saved game that cannot be used; the message says why and what to do."""


class NoGameError(StateError):
    pass


class BusyError(StateError):
    pass


class CorruptStateError(StateError):
    pass


def home(state: str | os.PathLike | None = None) -> Path:
    for given in (state, os.environ.get("PATIENCE_HOME")):
        if given:
            if "\x00" in str(given):
                raise StateError(f"{str(given)!r} is not a usable folder for games")
            return Path(given).expanduser()
    from platformdirs import user_state_dir

    return Path(user_state_dir("patience-cli", appauthor=False))


def check_name(name: str) -> str:
    if not _NAME.match(name) or name.endswith((".lock", ".corrupt", ".tmp")):
        raise StateError(f"{name!r} is not a usable game name: use up to 64 letters, digits, "
                         "'-', '_' or '.', starting with a letter or digit")
    return name


def checksum(record: dict[str, Any]) -> str:
    body = {k: v for k, v in record.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class Store:
    def __init__(self, state: str | os.PathLike | None = None) -> None:
        self.dir = home(state) / "games"

    def path(self, name: str) -> Path:
        return self.dir / f"{check_name(name)}.json"

    def names(self) -> list[str]:
        if not self.dir.is_dir():
            return []
        return sorted(p.stem for p in self.dir.glob("*.json"))

    # ------------------------------------------------------------------ locking
    @contextlib.contextmanager
    def lock(self, name: str, wait: float | None = None) -> Iterator[None]:
        """Hold the named game's lock; wait up to LOCK_WAIT seconds for another
        command to finish with it, then raise BusyError."""
        wait = LOCK_WAIT if wait is None else wait
        path = self.path(name)
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StateError(f"cannot create the game folder {self.dir}: {exc.strerror}") from None
        lock_path = path.with_name(path.name + ".lock")
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise StateError(f"cannot open the lock file {lock_path}: {exc.strerror}") from None
        try:
            deadline = time.monotonic() + wait
            while not _try_lock(fd):
                if time.monotonic() >= deadline:
                    raise BusyError(f"the game {name!r} is busy: another patience command is "
                                    "using it; try again in a moment")
                time.sleep(0.02)
            yield
        finally:
            _unlock(fd)
            os.close(fd)

    # ------------------------------------------------------------------ reading
    def read(self, name: str) -> dict[str, Any]:
        """The saved record, checked; raises NoGameError or CorruptStateError."""
        path = self.path(name)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise NoGameError(f"no game in progress{_named(name)}: start one with "
                              "'patience new GAME' (see 'patience list')") from None
        except OSError as exc:
            raise StateError(f"cannot read {path}: {exc.strerror}") from None
        try:
            record = json.loads(raw.decode("utf-8"))
            if not isinstance(record, dict):
                raise ValueError("not an object")
        except (ValueError, UnicodeDecodeError):
            self._corrupt(path, raw, "it is not a readable game file")
        version = record.get("format")
        if not isinstance(version, int):
            self._corrupt(path, raw, "it has no format version")
        if version > FORMAT:
            raise StateError(f"the saved game {name!r} was written by a newer patience "
                             f"(format {version}; this one reads up to {FORMAT}): upgrade "
                             "patience-cli to continue it")
        if record.get("checksum") != checksum(record):
            self._corrupt(path, raw, "its checksum does not match (damaged or edited by hand)")
        while version < FORMAT:
            if version not in MIGRATIONS:
                self._corrupt(path, raw, f"format {version} is not known")
            record = MIGRATIONS[version](record)
            version = record["format"]
        return record

    def corrupt(self, name: str, why: str) -> None:
        """Report a saved game that checked out but cannot be replayed."""
        path = self.path(name)
        self._corrupt(path, path.read_bytes(), why)

    def _corrupt(self, path: Path, raw: bytes, why: str) -> None:
        aside = path.with_name(path.name + ".corrupt")
        try:
            if not aside.exists() or aside.read_bytes() != raw:
                _atomic_write(aside, raw)
            kept = f"a copy is kept at {aside}"
        except OSError:
            kept = "it is left as it is"
        raise CorruptStateError(f"the saved game {path.stem!r} is damaged: {why}; {kept}; "
                                f"'patience new GAME --name {path.stem} --force' starts afresh")

    # ------------------------------------------------------------------ writing
    def write(self, name: str, record: dict[str, Any]) -> None:
        record = {"format": FORMAT, **{k: v for k, v in record.items() if k != "checksum"}}
        record["checksum"] = checksum(record)
        data = (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
        try:
            _atomic_write(self.path(name), data)
        except OSError as exc:
            raise StateError(f"could not save the game ({exc.strerror}); the previous "
                             "state is unchanged") from None

    def delete(self, name: str) -> bool:
        try:
            self.path(name).unlink()
            return True
        except FileNotFoundError:
            return False


def _named(name: str) -> str:
    return "" if name == DEFAULT_NAME else f" named {name!r}"


def _atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
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


try:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
except ImportError:  # Windows
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


