"""Declarative game layouts: one TOML file per game in ``layouts/``.

A layout names the game and its source, the packs, and every pile: its number
in play, role, the book's name for it, grid position and orientation for
diagrams, how it is spread, what is dealt to it, and its build rule where the
book's rule is regular.  The text board, the PDF diagram and the deal are all
drawn from this one definition.  See ``layouts/README.md`` for the format.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

from .books import BOOKS  # noqa: F401  (read through this module by the tests)
from .errors import quoted
from .layout_model import (  # noqa: F401  (the model, read through this module)
    _RANKS,
    FIRST,
    Build,
    Layout,
    LayoutError,
    PileSpec,
    Refill,
    Role,
    Source,
    UnknownGameError,
    _merge,
    _rank,
    parse_sequence,
    sequence_text,
)
from .layout_parse import check_layout, parse_layout  # noqa: F401

_PACKAGE_DIR = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """``layouts`` or ``rules_text``: inside the installed package, or at the
    top of a source checkout."""
    installed = _PACKAGE_DIR / name
    if installed.is_dir():
        return installed
    return _PACKAGE_DIR.parent / name


@cache
def _registry() -> dict[str, str | Path]:
    """Every game id with its layout file's name in ``layouts/`` (or a whole
    path): the one place a game id meets a path.  (Listed with ``os.scandir``
    and made paths only when asked: ``Path.glob`` and a path for each of the
    games cost every command half a millisecond.)"""
    with os.scandir(data_dir("layouts")) as entries:
        names = sorted(e.name for e in entries if e.name.endswith(".toml"))
    return {name[:-5]: name for name in names}


def layout_path(game_id: str) -> Path:
    """The layout file of a registered game; an id is looked up, never joined
    onto a path (a saved game's id is data written by someone else)."""
    try:
        return data_dir("layouts") / _registry()[game_id]
    except (KeyError, TypeError):
        raise UnknownGameError(f"no game called {str(game_id)[:40]!r} is registered") from None


#: Where checked layouts are kept as JSON between runs (set by the command
#: line; None: always read the TOML).
_CACHE: list[Path | None] = [None]


def use_cache(folder: Path | None) -> None:
    """Keep checked layouts in *folder* as JSON: a command then reads one small
    JSON file instead of importing a TOML parser and checking the layout
    again.  A cached copy is named after its file's size and time, so an
    edited layout is read and checked afresh."""
    _CACHE[0] = folder


@cache
def load_layout(game_id: str, variant: str | None = None) -> Layout:
    """Read a registered game's layout (raises UnknownGameError if there is none)."""
    path = layout_path(game_id)
    folder = _CACHE[0]
    if folder is not None:
        import json

        from . import __version__

        stamp = "-".join(f"{p.stat().st_mtime_ns}-{p.stat().st_size}"
                         for p in _chain(game_id))
        kept = folder / "layouts" / f"{path.stem}-{__version__}-{stamp}.json"
        try:
            return parse_layout(json.loads(kept.read_text(encoding="utf-8")), variant)
        except LayoutError:
            raise
        except Exception:  # noqa: BLE001 - no copy yet, or a damaged one: read the TOML
            pass
    raw = read_raw(game_id)
    layout = parse_layout(raw, variant)
    if folder is not None:
        _keep(kept, raw)
    return layout


def _chain(game_id: str) -> list[Path]:
    """The layout file of *game_id* and those it extends, nearest first.
    Only the top-level ``extends = "..."`` line is read (no TOML parser is
    imported for it: this runs on every command); a file that says it
    otherwise is read in full and checked when it is not in the cache."""
    chain, seen = [], set()
    gid: str | None = game_id
    while gid is not None:
        if gid in seen:
            raise LayoutError(f"layouts/{game_id}.toml: extends: {gid!r} extends itself")
        seen.add(gid)
        path = layout_path(gid)
        chain.append(path)
        gid = _extends_line(path.read_text(encoding="utf-8"))
    return chain


def _extends_line(text: str) -> str | None:
    """The value of a top-level ``extends = "id"`` line, before any table."""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            return None
        if line.startswith("extends") and "=" in line:
            key, value = line.split("=", 1)
            if key.strip() == "extends":
                return value.split("#", 1)[0].strip().strip('"').strip("'")
    return None


def read_raw(game_id: str) -> dict[str, Any]:
    """A registered game's layout as checked data.  A layout that
    ``extends`` another is that one with its own keys put over it (tables
    merged key by key, lists replaced whole, ``groups`` changing a group's
    piles as in a variant); its variants are its own."""
    import tomllib

    path = layout_path(game_id)
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    check_layout(raw, f"layouts/{path.name}")
    if "extends" not in raw:
        return raw
    if raw["extends"] == game_id or game_id in [p.stem for p in _chain(game_id)[1:]]:
        raise LayoutError(f"layouts/{path.name}: extends: the layouts extend each other")
    base = {k: v for k, v in read_raw(raw["extends"]).items() if k != "variants"}
    own = {k: v for k, v in raw.items() if k not in ("extends", "groups")}
    merged = _merge(base, own)
    groups = raw.get("groups", {})
    known = {entry["group"] for entry in merged["piles"]}
    for group in groups:
        if group not in known:
            raise LayoutError(f"layouts/{path.name}: groups: no group {group!r}")
    merged["piles"] = [{**entry, **groups.get(entry["group"], {})} for entry in merged["piles"]]
    check_layout(merged, f"layouts/{path.name}")
    return merged


def _keep(kept: Path, raw: dict[str, Any]) -> None:
    """Write a checked layout's JSON copy (and drop older copies of it)."""
    import json
    import os

    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        tmp = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, kept)
        for old in kept.parent.glob(f"{kept.name.rsplit('-', 2)[0]}-*.json"):
            if old != kept:
                old.unlink(missing_ok=True)
    except OSError:
        pass  # a cache that cannot be written only makes the next command slower


def game_ids() -> list[str]:
    """Every game with a layout, sorted."""
    return list(_registry())


#: The keys that say how a layout looks or what it is called, never how it
#: plays: at the top of a layout or a variant, and in a pile or a group's change.
_LOOKS_TOP = frozenset({"title", "summary", "source", "also", "board"})
_LOOKS_PILE = frozenset({"name", "heading", "label_by", "labels", "at", "step", "row_step",
                         "wrap", "orientation", "tilt", "caption_at", "spread", "tag", "note"})


@cache
def rules_fingerprint(game_id: str, variant: str | None = None) -> str:
    """A short digest of the rules *game_id* (and *variant*) is played by:
    its layout's keys that bear on play (comments, names, positions and
    notes left out) and the source of the game's own module, if it has one.
    Odds measured under other rules are not the odds of these
    (:class:`~patience_cli.odds_results.Answers`)."""
    import hashlib
    import json

    raw = read_raw(game_id)
    chosen: dict[str, Any] = {"layout": _plays({k: v for k, v in raw.items() if k != "variants"})}
    if variant is not None:
        if variant not in raw.get("variants", {}):
            raise LayoutError(f"{game_id}: no variant {quoted(variant)}")
        chosen["variant"] = _plays(raw["variants"][variant])
    text = json.dumps(chosen, sort_keys=True, ensure_ascii=False)
    module = raw.get("rules")
    if module and module != "standard":
        own = _PACKAGE_DIR / "games" / f"{module}.py"
        if own.exists():
            text += own.read_text(encoding="utf-8")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _plays(table: dict[str, Any]) -> dict[str, Any]:
    """*table* (a layout or a variant) less the keys in :data:`_LOOKS_TOP`
    and, in its piles and group changes, :data:`_LOOKS_PILE`."""
    out = {k: v for k, v in table.items() if k not in _LOOKS_TOP}
    if "piles" in out:
        out["piles"] = [{k: v for k, v in pile.items() if k not in _LOOKS_PILE}
                        for pile in out["piles"]]
    if "groups" in out:
        out["groups"] = {g: {k: v for k, v in change.items() if k not in _LOOKS_PILE}
                         for g, change in out["groups"].items()}
    return out
