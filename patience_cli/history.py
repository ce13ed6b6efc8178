"""Every finished game, for 'patience stats': ``<home>/history.json``.

One entry per game played (a saved game's deal, from 'patience new' to its
end): the game, variant, deal (seed, or a digest of an explicit deck), share
code, result, moves and dates.  A game that ends, is taken back and ends again
keeps one entry, with its last result.  The file is written like a saved game:
atomically, under a lock, with a format version and a checksum; a damaged file
is kept aside (``history.json.corrupt``) and a new one begun, never lost.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .state import FORMAT, MAX_FILE, Store, _atomic_write, _keep_aside, checksum, home

HISTORY = "history.json"
ENTRY_KEYS = {"game", "variant", "seed", "deck", "code", "result", "moves", "started",
              "finished", "name"}


class History:
    def __init__(self, state: str | os.PathLike | None = None) -> None:
        self.path = home(state) / HISTORY
        self.note: str | None = None  # said once, if the file was found damaged

    def entries(self) -> list[dict[str, Any]]:
        try:
            raw = self.path.read_bytes()[:MAX_FILE + 1]
        except FileNotFoundError:
            return []
        except OSError:
            return []
        try:
            record = json.loads(raw.decode("utf-8"))
            if not isinstance(record, dict) or record.get("checksum") != checksum(record) \
                    or type(record.get("format")) is not int or record["format"] > FORMAT:
                raise ValueError("not a history")
            games = record["games"]
            if not isinstance(games, list) or not all(_good(e) for e in games):
                raise ValueError("not a history")
            return games
        except (ValueError, KeyError, UnicodeDecodeError, RecursionError):
            try:
                aside = _keep_aside(self.path, raw)
                self.note = (f"the history of finished games was damaged: it is kept at "
                             f"{aside} and a new one begun")
            except OSError:
                self.note = "the history of finished games is damaged and cannot be kept aside"
            return []

    def record(self, entry: dict[str, Any]) -> None:
        """Add a finished game, or replace the entry of the same game played."""
        store = Store(self.path.parent)
        with store.lock("history"):
            same = (entry["name"], entry["started"], entry["code"], entry["deck"])
            games = [e for e in self.entries()
                     if (e.get("name"), e.get("started"), e.get("code"), e.get("deck")) != same]
            games.append(entry)
            record = {"format": FORMAT, "games": games}
            record["checksum"] = checksum(record)
            _atomic_write(self.path, (json.dumps(record, ensure_ascii=False, indent=0)
                                      + "\n").encode("utf-8"))


def _good(entry: Any) -> bool:
    return (isinstance(entry, dict) and set(entry) <= ENTRY_KEYS
            and isinstance(entry.get("game"), str) and entry.get("result") in ("won", "lost")
            and isinstance(entry.get("started"), str))


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
    for e in sorted(entries, key=lambda e: (e["started"], e.get("finished", ""))):
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
