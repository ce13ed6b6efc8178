"""Every finished game, for 'patience stats': ``<home>/history.sqlite3``.

One row per game played (a saved game's deal, from 'patience new' to its
end): the game, variant, deal (seed, or a digest of an explicit deck), share
code, result, moves and dates.  A game that ends, is taken back and ends again
keeps one row, with its last result.

The history is an SQLite database (Python's standard library): a finish adds
or replaces one row, under SQLite's own locking, however long the history
is, and many commands finishing at once are each recorded.  A row whose
fields are not what this program writes is left out of the counts, never a
crash.  A history of an earlier version (``history.json``) is read into it
once and kept beside it as ``history.json.imported``.  The file must be a
regular file: a link or anything else is refused in one line, never followed.

A lock is not damage.  A finish waits up to :data:`BUSY_WAIT` seconds for
another program holding the database (a long write, a backup); if it still
cannot write, the finish is kept in ``history.pending`` and the next command
that opens the history adds it.  Only a file SQLite finds is not a database,
or a damaged one, is set aside (``history.sqlite3.corrupt``) and begun anew.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .state import MAX_FILE, StateError, checksum, home

HISTORY = "history.sqlite3"
OLD_HISTORY = "history.json"
#: Finishes that could not be written yet, one JSON object a line.
PENDING = "history.pending"
ENTRY_KEYS = ("game", "variant", "seed", "deck", "code", "result", "moves", "started",
              "finished", "name")
#: How long a finish waits for another command writing the history (seconds).
BUSY_WAIT = 10.0

_SCHEMA = """CREATE TABLE IF NOT EXISTS games (
    name TEXT, started TEXT, code TEXT, deck TEXT,
    game TEXT, variant TEXT, seed INTEGER, result TEXT, moves INTEGER, finished TEXT)"""
#: One game played is one row: the same name, start, code and deck (NULLs alike).
_SAME = "DELETE FROM games WHERE name IS ? AND started IS ? AND code IS ? AND deck IS ?"
_ADD = (f"INSERT INTO games ({', '.join(ENTRY_KEYS)}) "
        f"VALUES ({', '.join('?' * len(ENTRY_KEYS))})")


def _put(db: sqlite3.Connection, entry: dict[str, Any]) -> None:
    """Add *entry*, replacing the row of the same game played (in the caller's
    transaction)."""
    db.execute(_SAME, tuple(entry.get(k) for k in ("name", "started", "code", "deck")))
    db.execute(_ADD, tuple(entry.get(k) for k in ENTRY_KEYS))


#: SQLite's result codes for a database another connection holds.
_BUSY = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})
#: SQLite's result codes for a file that is not a sound database.
_DAMAGED = frozenset({sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT})


def _code(exc: sqlite3.Error) -> int:
    """SQLite's primary result code of *exc* (extended codes folded)."""
    return int(getattr(exc, "sqlite_errorcode", -1)) & 0xFF


class HistoryError(StateError):
    """The history cannot be read or written (its file is not a regular file,
    or not a database)."""


class HistoryBusy(HistoryError):
    """Another program held the history for longer than the wait."""


class FinishKept(HistoryError):
    """A finish could not be written now and is kept for the next command."""


class History:
    def __init__(self, state: str | os.PathLike | None = None) -> None:
        self.folder = home(state)
        self.path = self.folder / HISTORY
        self.note: str | None = None  # said once, where something was left out or kept aside

    # ------------------------------------------------------------ the database
    def _connect(self, create: bool) -> sqlite3.Connection | None:
        try:
            mode = os.lstat(self.path).st_mode
        except FileNotFoundError:
            if not create:
                return None
            self.folder.mkdir(parents=True, exist_ok=True)
            mode = None
        except OSError as exc:
            raise HistoryError(f"cannot read the history {self.path}: {exc.strerror}") from None
        if mode is not None and not stat.S_ISREG(mode):
            raise HistoryError(f"the history {self.path} is not a regular file (a link or a "
                               "device): patience does not follow it; move it away")
        try:
            db = self._open()
        except sqlite3.Error as exc:
            if _code(exc) in _BUSY:
                raise HistoryBusy(f"the history {self.path} is held by another program "
                                  f"(waited {BUSY_WAIT:g} s)") from None
            if mode is None or not create or _code(exc) not in _DAMAGED:
                raise HistoryError(f"the history {self.path} cannot be read ({exc})") from None
            db = self._begin_anew(exc)
        self._import_old(db)
        self._add_pending(db)
        return db

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_WAIT, isolation_level=None)
        try:
            db.execute(_SCHEMA)
        except sqlite3.Error:
            db.close()
            raise
        return db

    def _begin_anew(self, exc: Exception) -> sqlite3.Connection:
        """A history that is not a database: kept aside whole, a new one begun."""
        for n in range(1, 100):
            aside = self.path.with_name(HISTORY + (".corrupt" if n == 1 else f".corrupt-{n}"))
            if not os.path.lexists(aside):
                break
        else:
            raise HistoryError(f"the history {self.path} is damaged ({exc}) and too many "
                               "damaged copies are kept beside it") from None
        try:
            os.rename(self.path, aside)
            db = self._open()
        except (OSError, sqlite3.Error) as again:
            raise HistoryError(f"the history {self.path} is damaged and cannot be begun "
                               f"anew ({again})") from None
        self.note = (f"the history of finished games was damaged: it is kept at {aside} and "
                     "a new one begun")
        return db

    def _import_old(self, db: sqlite3.Connection) -> None:
        """Read an earlier version's history.json into the database, once."""
        old = self.folder / OLD_HISTORY
        try:
            if not stat.S_ISREG(os.lstat(old).st_mode):
                return
            with open(old, "rb") as fh:
                raw = fh.read(MAX_FILE + 1)
        except OSError:
            return
        try:
            record = json.loads(raw.decode("utf-8"))
            if len(raw) > MAX_FILE or not isinstance(record, dict) \
                    or record.get("checksum") != checksum(record):
                raise ValueError("not a history")
            entries = [e for e in record.get("games", []) if _good(e)]
        except (ValueError, UnicodeDecodeError, RecursionError, AttributeError):
            return  # left where it is, untouched: nothing is lost
        with db:
            db.execute("BEGIN IMMEDIATE")
            for e in entries:
                _put(db, e)
        try:
            os.replace(old, old.with_name(OLD_HISTORY + ".imported"))
        except OSError:
            pass  # read again next time: each game played stays one row

    # ------------------------------------------------------------ reading, writing
    def entries(self) -> list[dict[str, Any]]:
        """Every finished game whose fields are what this program writes.

        Raises :class:`HistoryError` where the history cannot be read (held by
        another program past the wait, damaged, not a regular file)."""
        db = self._connect(create=os.path.lexists(self.pending_path))
        if db is None:
            return []
        try:
            rows = db.execute(f"SELECT {', '.join(ENTRY_KEYS)} FROM games ORDER BY rowid"
                              ).fetchall()
        except sqlite3.Error as exc:
            if _code(exc) in _BUSY:
                raise HistoryBusy(f"the history {self.path} is held by another program "
                                  f"(waited {BUSY_WAIT:g} s)") from None
            raise HistoryError(f"the history {self.path} cannot be read ({exc})") from None
        finally:
            db.close()
        entries = [dict(zip(ENTRY_KEYS, row)) for row in rows]
        good = [e for e in entries if _good(e)]
        if len(good) < len(entries):
            self.note = (f"{len(entries) - len(good)} entries of the history are not what "
                         "patience writes and are left out")
        return good

    def record(self, entry: dict[str, Any]) -> None:
        """Add a finished game, or replace the row of the same game played.

        A history held by another program past the wait, or one that cannot be
        written for another reason, keeps *entry* pending for the next command
        and raises :class:`FinishKept` (or :class:`HistoryError` where even that
        failed)."""
        try:
            db = self._connect(create=True)
            assert db is not None
        except HistoryError as exc:
            raise self._keep_pending([entry], str(exc)) from None
        try:
            with db:
                db.execute("BEGIN IMMEDIATE")
                _put(db, entry)
        except sqlite3.Error as exc:
            why = (f"the history {self.path} is held by another program (waited "
                   f"{BUSY_WAIT:g} s)" if _code(exc) in _BUSY
                   else f"the history could not be written ({exc})")
            raise self._keep_pending([entry], why) from None
        finally:
            db.close()

    # ------------------------------------------------------------ pending finishes
    @property
    def pending_path(self) -> Path:
        return self.folder / PENDING

    def _keep_pending(self, entries: list[dict[str, Any]], why: str) -> HistoryError:
        """Append *entries* to the pending file; the error to raise says where
        they are (or that they could not be kept either)."""
        text = "".join(json.dumps(e, sort_keys=True) + "\n" for e in entries)
        try:
            if os.path.lexists(self.pending_path) and \
                    not stat.S_ISREG(os.lstat(self.pending_path).st_mode):
                raise OSError(f"{self.pending_path} is not a regular file")
            self.folder.mkdir(parents=True, exist_ok=True)
            with open(self.pending_path, "a", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:
            return HistoryError(f"{why}; the finish could not be kept for later either "
                                f"({getattr(exc, 'strerror', None) or exc})")
        return FinishKept(f"{why}; the finish is kept and the next command adds it")

    def _add_pending(self, db: sqlite3.Connection) -> None:
        """Add the finishes kept pending, claimed by renaming so that two
        commands never add the same file twice (adding twice is harmless: one
        game played stays one row)."""
        if not os.path.lexists(self.pending_path):
            return
        claimed = self.pending_path.with_name(f"{PENDING}.{os.getpid()}")
        try:
            if not stat.S_ISREG(os.lstat(self.pending_path).st_mode):
                return
            os.replace(self.pending_path, claimed)
            with open(claimed, "rb") as fh:
                raw = fh.read(MAX_FILE + 1)
        except OSError:
            return  # another command claimed it first
        entries = []
        for line in raw[:MAX_FILE].decode("utf-8", "replace").splitlines():
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):
                continue
            if _good(entry):
                entries.append(entry)
        try:
            with db:
                db.execute("BEGIN IMMEDIATE")
                for entry in entries:
                    _put(db, entry)
        except sqlite3.Error:
            self._keep_pending(entries, "")  # back where they were, for the next command
        try:
            os.remove(claimed)
        except OSError:
            pass


def _good(entry: Any) -> bool:
    """Whether *entry* has the fields, of the types, this program writes."""
    if not isinstance(entry, dict) or not set(entry) <= set(ENTRY_KEYS):
        return False
    text = (str, type(None))
    return (isinstance(entry.get("game"), str) and entry.get("result") in ("won", "lost")
            and isinstance(entry.get("started"), str)
            and isinstance(entry.get("finished", ""), text)
            and isinstance(entry.get("variant"), text) and isinstance(entry.get("code"), text)
            and isinstance(entry.get("name", ""), text) and isinstance(entry.get("deck"), text)
            and (entry.get("seed") is None or type(entry.get("seed")) is int)
            and (entry.get("moves") is None or type(entry.get("moves")) is int))


@dataclass
class Tally:
    game: str
    variant: str | None
    played: int = 0
    won: int = 0
    lost: int = 0
    best_streak: int = 0
    current_streak: int = 0

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "variant": self.variant, "played": self.played,
                "won": self.won, "lost": self.lost, "win_rate": round(self.win_rate, 4),
                "best_streak": self.best_streak, "current_streak": self.current_streak}


def tally(entries: list[dict[str, Any]], game: str | None = None) -> list[Tally]:
    """Played, won, lost and winning streaks per game and variant, in the
    order the games were started."""
    out: dict[tuple[str, str | None], Tally] = {}
    for e in sorted(entries, key=lambda e: (e["started"], e.get("finished") or "")):
        if game is not None and e["game"] != game:
            continue
        t = out.setdefault((e["game"], e.get("variant")), Tally(e["game"], e.get("variant")))
        t.played += 1
        if e["result"] == "won":
            t.won += 1
            t.current_streak += 1
            t.best_streak = max(t.best_streak, t.current_streak)
        else:
            t.lost += 1
            t.current_streak = 0
    return sorted(out.values(), key=lambda t: (t.game, t.variant or ""))


def history_path(state: str | os.PathLike | None = None) -> Path:
    return home(state) / HISTORY
