"""SHA-256 without loading OpenSSL: ``hashlib`` imports ``_hashlib``, which
costs more at start-up than the rest of a 'patience show'; Python's own
``_sha256`` (3.11) or ``_sha2`` (3.12 and later) gives the same digests."""

from __future__ import annotations

try:  # pragma: no cover - which one exists depends on the Python version
    from _sha256 import sha256  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover
    try:
        from _sha2 import sha256  # type: ignore[import-not-found,no-redef]
    except ImportError:
        from hashlib import sha256  # type: ignore[assignment]

__all__ = ["sha256"]
