"""The legend beside the diagram: each group of piles, its numbers, its build
and what the deal lays there."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..layout import Layout, Role
from .geometry import (
    inside_groups,
)
from .labels import (
    foundation_words,
    group_heading,
    numbers_text,
    pile_look,
)

if TYPE_CHECKING:
    from ..game import Game


# ---------------------------------------------------------------- the legend


def legend_lines(layout: Layout, game: Game | None) -> list[str]:
    """The key to the diagram, drawn from this game's layout: how each group of
    foundations is built, what the layout notes say, what the drawing shows."""
    lines = ["The numbers in the blue discs are the pile numbers used in play "
             "(e.g. <i>patience move 3 1</i>); the names are the book's."]
    for _, specs in layout.groups():
        head = f"<b>{html.escape(group_heading(specs))} {numbers_text(specs)}</b>"
        spec = specs[0]
        words = []
        if spec.role is Role.FOUNDATION:
            if spec.build is not None:
                words.append(foundation_words(layout, specs))
            looks = [pile_look(layout, s, game) for s in specs]
            if game is None and all(lk.known and lk.n for lk in looks) and \
                    all(s.withdraw is not None for s in specs):
                words.append("each starts with its card, laid out before the deal")
        if spec.note:
            words.append(html.escape(spec.note))
        if words:
            lines.append(f"{head}: " + "; ".join(words) + ".")
    drawn = [pile_look(layout, s, game) for s in layout.piles]
    if any(lk.empty for lk in drawn):
        lettered = any(s.role is Role.FOUNDATION and s.build is not None and s.build.base
                       and (lk.empty or not lk.known) for s, lk in zip(layout.piles, drawn))
        lines.append("Dashed outlines are places that start empty"
                     + (" (a faint letter: the card that starts a foundation there)."
                        if lettered else "."))
    if any(p.is_face_down for p in layout.piles):
        lines.append("Hatched cards lie face down; the figure on them is how many.")
    if any(p.spread == "hand" for p in layout.piles):
        lines.append("Cards shown in a spread row are held in the hand, every one available.")
    if any(p.spread == "fan" for p in layout.piles):
        lines.append("Fanned packets are spread so that every card shows; only the top "
                     "(rightmost) card may be played.")
    if any(p.orientation == "crosswise" for p in layout.piles):
        lines.append("A card drawn crosswise lies crosswise on the table"
                     + ("; a card drawn slanting lies slanting, as in the book's picture."
                        if any(p.tilt for p in layout.piles) else "."))
    inside = inside_groups(layout)
    if inside:
        names = "; ".join(f"{html.escape(group_heading(specs))} "
                          f"{numbers_text(specs)}" for _, specs in inside)
        lines.append(f"Numbered in the corner of the card: {names}.")
    score = layout.play.score
    if score is not None:
        lines.append(f"Scored in counters: {score.stake} paid for the pack, "
                     f"{score.per_card} won for every card on a foundation.")
    if layout.board.get("mark_available"):
        lines.append("A cross marks a card that is available "
                     + ("in this deal." if game is not None else "after the deal, as in the book."))
    if game is None:
        varies = any(not lk.known for lk in drawn)
        lines.append("Print with <i>--seed N</i> to see a deal's cards in place"
                     + ("; how many cards some piles get depends on the deal, so those "
                        "figures are left off here." if varies else "."))
    else:
        lines.append("The cards shown are this deal's, as dealt"
                     + ("; the cards hidden are listed below, to set up a real table."
                        if deal_lines(layout, game) else "."))
    return lines


def deal_lines(layout: Layout, game: Game | None) -> list[str]:
    """The face-down cards of a deal, pile by pile, top card first."""
    if game is None:
        return []
    lines = []
    for spec in layout.piles:
        cards = game.position.piles[spec.index]
        hidden = game.position.down[spec.index]
        backs = [c for i, c in enumerate(cards) if spec.hidden(hidden, i)]
        if backs:
            order = " ".join(c.text() for c in reversed(backs))
            lines.append(f"<b>{spec.number}</b> {html.escape(spec.label)}: {order}")
        if spec.spread == "none" and spec.role is not Role.STOCK and len(cards) - hidden > 1:
            # a packet squared up, face up: the diagram shows its top card only
            order = " ".join(c.text() for c in reversed(cards[hidden:-1]))
            lines.append(f"<b>{spec.number}</b> {html.escape(spec.label)}, face up under the "
                         f"{cards[-1].text()}: {order}")
    return lines
