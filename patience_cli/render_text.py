"""The text board: drawn from the layout (names, numbers, order, spread) and a
position.  Produces styled lines; :mod:`patience_cli.output` prints them plain
or in colour."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from .cards import Card, Colour
from .engine import Position, Rules, Status
from .layout import Layout, PileSpec, Role

Segment = tuple[str, str]  # (text, style); style "" means plain
Line = list[Segment]

#: An empty pile, wherever the board shows one (by ``ascii``).
_EMPTY: dict[bool, Segment] = {False: ("—", "dim"), True: ("--", "dim")}


def card_seg(card: Card, ascii: bool, available: bool = False) -> Segment:
    style = "red" if card.colour is Colour.RED else "black"
    return card.text(ascii), style + (" avail" if available else "")


def _section_order(layout: Layout) -> list[tuple[str, tuple[PileSpec, ...]]]:
    groups = layout.groups()
    return sorted(groups, key=lambda g: (min(p.at[1] for p in g[1]), min(p.at[0] for p in g[1])))


def board(layout: Layout, rules: Rules, pos: Position, *, ascii: bool = False,
          header: str = "", footer: Iterable[str] = (),
          marked: frozenset[int] = frozenset(), width: int = 80) -> list[Line]:
    """The board, in lines of at most *width* columns where it can be (a
    single pile's run of cards may be longer); the piles in *marked* (those
    the last move touched) carry a * after their number."""
    lines: list[Line] = []
    if header:
        lines.extend([(text, "title")] for text in wrap_text(header, width, "  "))
        lines.append([])
    if layout.board.get("style") == "grid":
        grid = grid_board(layout, rules, pos, ascii, marked, width)
        if max(map(_width, grid), default=0) <= width:
            lines.extend(grid)
            return _footer(lines, footer, width)
        # a picture wider than the screen: the piles listed by group, as other boards are
        if layout.board.get("note"):
            lines.extend([(text, "dim")] for text in wrap_text(layout.board["note"], width))
    digits = max(len(str(p.number)) for p in layout.piles)
    pad = max(len(group_title(specs[0], len(specs))) for _, specs in layout.groups()) + 2
    if pad > width // 3:
        pad = 2  # long headings stand on lines of their own
    in_order = layout.board.get("in_order", ())
    for group, specs in _section_order(layout):
        if group in in_order:  # places filled in order: shown up to the first empty one
            filled = [spec for spec in specs if pos.piles[spec.index]]
            specs = tuple(specs[:len(filled) + 1])
        first = specs[0]
        heading = group_title(first, len(specs))
        title = f"{heading:<{pad}}"
        if len(heading) + 2 > pad:
            lines.append([(heading, "heading")])
            title = " " * pad
        if first.spread == "none" and len(specs) > 1 and not (
                layout.board.get("open_packets") and first.role is Role.TABLEAU):
            # one line per row of the layout; foundations and show cards on one line;
            # a row wider than the screen goes on under itself
            # (a row is a band of places less than a card apart: the Carpet's
            # crosswise cards stand half a card lower than its upright ones)
            rows: dict[float, list[PileSpec]] = {}
            bands = _bands((spec.at[1] for spec in specs), 0.9)
            # (piles round a circle or an arc, in more bands than rows: one line too)
            one_line = first.role in (Role.FOUNDATION, Role.DECORATION) or len(bands) > 4
            # (a line in the order of the piles' numbers: a clock's hours read I, II,
            # III ... and not by height)
            order = specs if one_line else sorted(
                specs, key=lambda p: (_band(bands, p.at[1]), p.at[0]))
            for spec in order:
                rows.setdefault(0 if one_line else _band(bands, spec.at[1]), []).append(spec)
            cells = {spec.index: [(f"{spec.number:>{digits}}{_mark(spec, marked)} ", "num"),
                                  *_compact(rules, pos, spec, ascii)] for spec in specs}
            cell_w = max(_width(c) for c in cells.values())
            per_line = max(1, (width - pad + 3) // (cell_w + 3))
            for r, row in enumerate(rows.values()):
                for k in range(0, len(row), per_line):
                    line: Line = [(title if r == 0 and k == 0 else " " * pad, "heading")]
                    for n, spec in enumerate(row[k:k + per_line]):
                        cell = cells[spec.index]
                        if n:
                            line.append(("   ", ""))
                        line.extend(cell)
                        line.append((" " * (cell_w - _width(cell)), ""))
                    lines.append(line)
            continue
        for n, spec in enumerate(specs):
            line = [(title if n == 0 else " " * pad, "heading"),
                    (f"{spec.number:>{digits}}{_mark(spec, marked)} ", "num")]
            line.extend(_pile_cards(rules, pos, spec, ascii))
            lines.extend(_split(line, width, " " * (pad + digits + 2)))
    return _footer(lines, footer, width)


def _split(line: Line, width: int, indent: str) -> list[Line]:
    """A long run of cards goes on under itself, broken between cards."""
    if _width(line) <= width:
        return [line]
    out: list[Line] = [[]]
    for seg in line:
        if seg[0] == " " and _width(out[-1]) + 4 > width:
            out.append([(indent, "")])
            continue
        if _width(out[-1]) + len(seg[0]) > width and seg[0].startswith("  ("):
            out.append([(indent, ""), (seg[0].lstrip(), seg[1])])
            continue
        out[-1].append(seg)
    return out


def _width(line: Line) -> int:
    return sum(len(t) for t, _ in line)


def wrap_text(text: str, width: int, indent: str = "  ") -> list[str]:
    """Plain text in lines of at most *width* columns, later lines indented."""
    return textwrap.wrap(text, width=max(20, width), subsequent_indent=indent,
                         break_on_hyphens=False) or [""]


def _pack(cells: list[Line], width: int, sep: Segment) -> list[Line]:
    """Cells laid in lines of at most *width* columns, *sep* between them."""
    out: list[Line] = []
    line: Line = []
    for cell in cells:
        if line and _width(line) + len(sep[0]) + _width(cell) > width:
            out.append(line)
            line = []
        if line:
            line.append(sep)
        line.extend(cell)
    if line:
        out.append(line)
    return out


def _mark(spec: PileSpec, marked: frozenset[int]) -> str:
    return "*" if spec.index in marked else " "


def _footer(lines: list[Line], footer: Iterable[str], width: int = 80) -> list[Line]:
    footer = list(footer)
    if footer:
        lines.append([])
        for text in footer:
            lines.extend([(part, "status")] for part in wrap_text(text, width))
    return lines


def _bands(values: Iterable[float], gap: float) -> list[float]:
    """Cluster coordinates: the first value of each band of close values."""
    bands: list[float] = []
    for v in sorted(values):
        if not bands or v - bands[-1] >= gap:
            bands.append(v)
    return bands


def _band(bands: list[float], v: float) -> int:
    return max(i for i, b in enumerate(bands) if b <= v + 1e-9)


def grid_board(layout: Layout, rules: Rules, pos: Position, ascii: bool,
               marked: frozenset[int] = frozenset(), width: int = 80) -> list[Line]:
    """The board drawn as the table looks: piles in the rows and columns of the
    layout, each as its number and top card, under a key naming the groups;
    then the piles that hold more than one card showing, in full."""
    dot = " - " if ascii else " · "
    key_cells: list[Line] = []
    for _, specs in layout.groups():
        nums = f"{specs[0].number}" if len(specs) == 1 else f"{specs[0].number}-{specs[-1].number}"
        key_cells.append([(group_title(specs[0], len(specs)), "heading"), (f" {nums}", "num")])
    rows = _bands((p.at[1] for p in layout.piles), 0.9)
    cols = _bands((p.at[0] for p in layout.piles), 0.9)
    cells: dict[tuple[int, int], Line] = {}
    for spec in layout.piles:
        cells[(_band(rows, spec.at[1]), _band(cols, spec.at[0]))] = \
            _cell(rules, pos, spec, ascii, marked)
    col_w = {c: max((_width(cell) for (r, cc), cell in cells.items() if cc == c), default=0)
             for c in range(len(cols))}
    gap = 2 if sum(col_w.values()) + 2 * (len(cols) - 1) <= width else 1
    out: list[Line] = _pack(key_cells, width, (dot, ""))
    if layout.board.get("note"):
        out.extend([(text, "dim")] for text in wrap_text(layout.board["note"], width))
    out.append([])
    for r in range(len(rows)):
        line: Line = []
        for c in range(len(cols)):
            cell = cells.get((r, c), [])
            line.extend(cell)
            line.append((" " * (col_w[c] - _width(cell) + gap), ""))
        out.append(line)
    long = [s for s in layout.piles if s.role in (Role.TABLEAU, Role.RESERVE)
            and len(pos.piles[s.index]) - s.hidden_count(pos.down[s.index]) > 1
            and (not _squared(s) or layout.board.get("open_packets"))]
    if long:
        out.append([])
        for spec in long:
            out.append([(f"{spec.label}: ", "heading"), *_pile_cards(rules, pos, spec, ascii)])
    return out


def _cell(rules: Rules, pos: Position, spec: PileSpec, ascii: bool,
          marked: frozenset[int] = frozenset()) -> Line:
    cards = pos.piles[spec.index]
    line: Line = [(f"{spec.number:>2}{_mark(spec, marked)}", "num")]
    if spec.role is Role.STOCK:
        return line + [(f"{'##' if ascii else '▒▒'}{len(cards)}", "dim")]
    line.extend(_compact(rules, pos, spec, ascii))
    shown = len(cards) - pos.down[spec.index]
    if shown > 1 and spec.role is not Role.FOUNDATION and not _squared(spec):
        line.append((f" ({shown})", "dim"))
    return line


def group_title(spec: PileSpec, count: int) -> str:
    if spec.heading:
        return spec.heading
    if spec.role is Role.FOUNDATION and count > 1:
        return "Foundations"
    if count > 1 and not spec.name.endswith("s"):
        return spec.name + "s"
    return spec.name


def _squared(spec: PileSpec) -> bool:
    """A heap or packet whose cards lie squared: only its top shows."""
    return spec.spread == "none" and spec.role in (Role.RESERVE, Role.TABLEAU)


def _compact(rules: Rules, pos: Position, spec: PileSpec, ascii: bool) -> Line:
    cards = pos.piles[spec.index]
    if not cards:
        return [_EMPTY[ascii]]
    if _squared(spec) and len(cards) > 1:
        # a heap: its top card (or back), and how many cards it holds
        top = [("##" if ascii else "▒▒", "dim")] if pos.down[spec.index] == len(cards) \
            else [card_seg(cards[-1], ascii)]
        return top + [(f"({len(cards)})", "dim")]
    if pos.down[spec.index] == len(cards):
        return [("##" if ascii else "▒▒", "dim")]
    if rules.layout.board.get("pairs") and len(cards) == 2 and spec.role is Role.TABLEAU:
        # a red-and-black pair lying together (the Empress of India)
        return [card_seg(cards[0], ascii), ("&", ""), card_seg(cards[1], ascii)]
    if rules.layout.board.get("mark_available") and spec.role in (Role.TABLEAU, Role.RESERVE):
        # the book marks the available cards with a cross; so does the board
        free = cards[-1] in rules.available_cards(pos, spec.index)
        return [card_seg(cards[-1], ascii, free), ("+" if free else " ", "avail" if free else "")]
    return [card_seg(cards[-1], ascii)]


def _pile_cards(rules: Rules, pos: Position, spec: PileSpec, ascii: bool) -> Line:
    cards = pos.piles[spec.index]
    down = pos.down[spec.index]
    if not cards:
        return [_EMPTY[ascii]]  # as in the compact cells: one way for an empty pile
    if spec.role is Role.DISCARD:
        n = len(cards)
        return [card_seg(cards[-1], ascii), (f"  ({n} card{'s' if n != 1 else ''} out)", "dim")]
    if spec.role is Role.FOUNDATION:
        return [card_seg(cards[-1], ascii), (f"  ({len(cards)})", "dim")]
    if spec.role is Role.TALON:
        # a face-up packet: only its top card shows
        n = len(cards)  # (the pile's own name stands beside it: the Waste heap, Card turned)
        return [card_seg(cards[-1], ascii, True), (f"  ({n} card{'s' * (n != 1)})", "dim")]
    out: Line = []
    back = "##" if ascii else "▒▒"
    if spec.face == "alternate" and down:
        # rows dealt alternately face up and face down (the Olga): each card as it lies
        available = set(rules.available_cards(pos, spec.index))
        for i, card in enumerate(cards):
            if i:
                out.append((" ", ""))
            out.append((back, "dim") if spec.hidden(down, i) else
                       card_seg(card, ascii, card in available and i == len(cards) - 1))
        return out
    if down:
        if down == len(cards):
            return [(back, "dim"), (f" {down} card{'s' if down != 1 else ''} face down", "dim")]
        out.append((f"{back}x{down} ", "dim"))
    available = set(rules.available_cards(pos, spec.index))
    mark_all = spec.available == "all"
    segs = [card_seg(card, ascii, card in available and (mark_all or down + i == len(cards) - 1))
            for i, card in enumerate(cards[down:])]
    if spec.spread == "left":
        segs.reverse()  # the row lies with its top (free) card at the left, as on the table
    for i, seg in enumerate(segs):
        if i:
            out.append((" ", ""))
        out.append(seg)
    return out


def status_lines(rules: Rules, pos: Position, moves_made: int, legal: int,
                 ascii: bool = False) -> list[str]:
    status, why = rules.status(pos)
    made = f"{moves_made} move{'s' if moves_made != 1 else ''}"
    counters, scoring = rules.standing.counters(pos), rules.standing.scoring
    score = "" if counters is None or scoring is None else \
        f" Counters: {counters:+d} (paid {scoring.stake}, {scoring.per_card} won " \
        "for each card on a foundation)."
    if status is Status.WON:
        return [f"Won after {made}: {why}." + score]
    if status is Status.LOST:
        return [f"Lost after {made}: {why}." + score]
    nxt = f"{legal} legal move{'s' if legal != 1 else ''}"
    forced = rules.advice.forced_move(pos)
    hint = ""
    if forced is not None:
        hint = (f"; the rules force: {rules.words.describe(pos, forced, ascii)} "
                f"({rules.words.command(pos, forced)})")
    dot = " - " if ascii else " · "
    tally = "".join(f"{dot}{t}" for t in rules.standing.tallies(pos))
    tally += "" if counters is None else f"{dot}counters {counters:+d}"
    lines = [f"Move {moves_made}{dot}playing{dot}{nxt} ('patience moves'){tally}{hint}"]
    if scoring is not None and counters is not None and moves_made == 0:  # said once, at the deal
        lines.append(f"(Counters: {scoring.stake} paid for the deal, "
                     f"{scoring.per_card} won for each card on a foundation.)")
    return lines


def plain(lines: list[Line]) -> str:
    return "\n".join("".join(t for t, _ in line).rstrip() for line in lines)


def deck_lines(title: str, code: str, game_id: str, cards: Iterable[Card], ascii: bool,
               per_line: int = 13) -> str:
    """A deal as a deck file (``deal-out --as-deck``): a ``#`` comment naming
    it, then its cards top first, *per_line* a line, in the order ``new
    --deck`` deals them."""
    shown = [c.text(ascii) for c in cards]
    lines = [f"# {title}, {code}: the cards top first, as 'patience new {game_id} --deck FILE'",
             "# deals them (the first card here is the first dealt)"]
    lines += [" ".join(shown[i:i + per_line]) for i in range(0, len(shown), per_line)]
    return "".join(line + "\n" for line in lines)
