"""Every registered game in a line or two, for 'patience list': its title,
book, packs, summary, variants and every book entry it plays
(:mod:`patience_cli.book_refs`), kept in a small index so that listing does
not parse every layout on every call."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .digest import sha256
from .layout import game_ids, layout_path, load_layout

#: Raised whenever a catalogue row gains a field, so that an index kept by an
#: earlier version is made anew.
CATALOGUE_FORMAT = 2


def catalogue(cache: Path | None = None) -> list[dict[str, Any]]:
    """Every registered game in a line or two (for 'patience list'): read from
    the layouts once, then from a small index kept in *cache*, made anew
    whenever a layout file changes (its name, size and time are in the
    index's name), so that listing many games does not parse every layout on
    every call."""
    files = {gid: layout_path(gid) for gid in game_ids()}
    stats = {gid: p.stat() for gid, p in files.items()}
    stamp_text = "|".join(f"{gid}:{st.st_mtime_ns}:{st.st_size}" for gid, st in stats.items())
    stamp = sha256(stamp_text.encode()).hexdigest()[:16]
    index = cache / f"catalogue-{CATALOGUE_FORMAT}-{stamp}.json" if cache is not None else None
    if index is not None:
        try:
            rows = json.loads(index.read_text(encoding="utf-8"))
            if isinstance(rows, list) and [r.get("id") for r in rows] == list(files):
                return rows
        except (OSError, ValueError, AttributeError):
            pass
    from .book_refs import refs_of  # (only when the index is made anew)

    rows = []
    for gid in files:
        lay = load_layout(gid)
        rows.append({"id": gid, "title": lay.title, "source": lay.source.citation,
                     "book": lay.source.book, "number": lay.source.number,
                     "packs": lay.pack_count, "pack": lay.pack_kind,
                     "cards": lay.packs, "summary": lay.summary,
                     "variants": list(lay.variants),
                     "books": [ref.as_json() for ref in refs_of(gid)]})
    if index is not None:
        try:
            index.parent.mkdir(parents=True, exist_ok=True)
            tmp = index.with_name(f"{index.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
            os.replace(tmp, index)
            for old in index.parent.glob("catalogue-*.json"):
                if old != index:
                    old.unlink(missing_ok=True)
        except OSError:
            pass  # a cache that cannot be written is only a slower 'list'
    return rows
