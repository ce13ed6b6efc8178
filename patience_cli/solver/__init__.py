"""The solver, one idea a module: :mod:`.search` holds the entry point,
:func:`solve`, and the search itself; the others are what it uses where a
game allows (a compact search of positions as numbers, beams, playouts, the
pruning of moves that cannot matter, bounds, proofs of a card held for ever).

Only :func:`solve` and the names the odds and the commands read are exported
here; a module's own names are imported from it.
"""

from .search import (
    GAVE_UP,
    LOST,
    MEMORY_MOST,
    REVISION,
    SAFE_NARROWED,
    WON,
    Solution,
    odds_interval,
    proofs_since,
    shortened,
    solve,
    wilson,
)

__all__ = ["GAVE_UP", "LOST", "MEMORY_MOST", "REVISION", "SAFE_NARROWED", "WON", "Solution",
           "odds_interval", "proofs_since", "shortened", "solve", "wilson"]
