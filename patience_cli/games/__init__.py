"""The registry: every game is a layout in ``layouts/`` whose ``rules`` names
either ``standard`` (the shared machinery of :mod:`patience_cli.engine`) or a
module here holding the game's irregular rules as a ``RULES`` class.

Only the one game being played is read: ``patience move`` never reads every
layout."""

from __future__ import annotations

import importlib

from ..engine import Rules
from ..layout import Layout, load_layout


def rules_for(layout: Layout) -> Rules:
    if layout.rules == "standard":
        return Rules(layout)
    try:
        module = importlib.import_module(f"{__name__}.{layout.rules}")
        rules = module.RULES
    except (ModuleNotFoundError, AttributeError):
        from ..layout import LayoutError

        raise LayoutError(f"layouts/{layout.id}.toml: rules: {layout.rules!r} is neither "
                          "'standard' nor a module of patience_cli/games with RULES") from None
    return rules(layout)


def load(game_id: str, variant: str | None = None) -> tuple[Layout, Rules]:
    layout = load_layout(game_id, variant)
    return layout, rules_for(layout)
