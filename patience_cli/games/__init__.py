"""The singular rules: every game is a layout in ``layouts/`` whose ``rules``
names either ``standard`` (the layout's rules alone) or a module here that
holds the game's own rule, a :class:`~patience_cli.features.game_rule.GameRule`
feature named ``RULES`` (the engine finds it: :func:`patience_cli.engine.game_rule_class`).

Only the one game being played is read: ``patience move`` never reads every
layout."""

from __future__ import annotations

from ..engine import Rules
from ..layout import Layout, load_layout


def rules_for(layout: Layout) -> Rules:
    """The rules of *layout*'s game (its own rule found by the engine)."""
    return Rules(layout)


def load(game_id: str, variant: str | None = None) -> tuple[Layout, Rules]:
    layout = load_layout(game_id, variant)
    return layout, rules_for(layout)
