"""Rule texts: ``rules_text/<game>.md.j2``, Jinja2 templates in our own words
that name piles through the layout, so the numbers a player sees and the text
always agree."""

from __future__ import annotations

import functools
import re
import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .layout import Layout, PileSpec, Role, data_dir

if TYPE_CHECKING:
    import jinja2


def numbers(specs: tuple[PileSpec, ...]) -> str:
    nums = sorted(p.number for p in specs)
    if len(nums) == 1:
        return f"pile {nums[0]}"
    if nums == list(range(nums[0], nums[-1] + 1)):
        return f"piles {nums[0]}–{nums[-1]}"
    return "piles " + ", ".join(map(str, nums))


@dataclass(frozen=True)
class GroupRef:
    """``{{ g.garden }}`` → "the Garden (piles 1–6)"; ``.name``, ``.plural``,
    ``.heading``, ``.numbers``, ``.count`` and ``.first`` for finer wording."""

    specs: tuple[PileSpec, ...]

    @property
    def name(self) -> str:
        first = self.specs[0]
        if first.role is Role.FOUNDATION and len(self.specs) > 1 and first.name == "Foundation":
            return "foundations"
        return first.name

    @property
    def plural(self) -> str:
        """The name of several of the group's piles: "Columns", "Auxiliaries"."""
        name = self.name
        if name.endswith("y") and name[-2:-1] not in ("a", "e", "o", "u"):
            return name[:-1] + "ies"
        return name if name.endswith("s") else name + "s"

    @property
    def heading(self) -> str:
        """The group's own heading where the layout gives one (Fortress's
        "Left group"), else its name."""
        return self.specs[0].heading or self.name

    @property
    def numbers(self) -> str:
        return numbers(self.specs)

    @property
    def count(self) -> int:
        return len(self.specs)

    @property
    def first(self) -> int:
        return self.specs[0].number

    def __str__(self) -> str:
        return f"the {self.name} ({self.numbers})"


class Groups:
    def __init__(self, layout: Layout) -> None:
        self._layout = layout

    def __getattr__(self, name: str) -> GroupRef:
        specs = self._layout.group(name)
        if not specs:
            raise AttributeError(f"layout {self._layout.id} has no group {name!r}")
        return GroupRef(specs)


#: A numbered rule's mark of the refusal topics it states (``{{ cites("build:row") }}``
#: in a template): left out of the text, read by :func:`rule_citations`.
_CITE = re.compile(r"([ \t]*)\u27e6([^\u27e7]*)\u27e7(?=(\n|$)?)")


def _cites(*topics: str) -> str:
    return "\u27e6" + " ".join(topics) + "\u27e7"


@functools.lru_cache(maxsize=4)
def _environment(folder: str) -> jinja2.Environment:
    """The environment of the templates in *folder*: each template is
    compiled once in a process (a booklet renders every game's, some twice)."""
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder),
        undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
        trim_blocks=True, lstrip_blocks=True, autoescape=False)


def _rendered(layout: Layout) -> str:
    """The template rendered, with its rules' marks of the topics they state."""
    template = _environment(str(data_dir("rules_text"))).get_template(f"{layout.id}.md.j2")
    return template.render(layout=layout, g=Groups(layout), source=layout.source,
                           packs=layout.packs, variant=layout.variant, cites=_cites)


def rule_citations(layout: Layout) -> dict[str, int]:
    """Each refusal topic the rule text marks, with the number of the rule
    that states it (the first rule that marks it)."""
    found: dict[str, int] = {}
    number = None
    for line in _rendered(layout).splitlines():
        item = re.match(r"^(\d+)\. ", line)
        if item:
            number = int(item.group(1))
        elif not line.strip() or line.startswith("#"):
            number = None
        for mark in _CITE.finditer(line):
            if number is None:
                raise ValueError(f"rules_text/{layout.id}.md.j2: {mark.group(0).strip()} "
                                 "stands outside a numbered rule")
            for topic in mark.group(2).split():
                found.setdefault(topic, number)
    return found


def rule_cited(layout: Layout, topics: tuple[str, ...]) -> int | None:
    """The number of the rule that states the first of *topics* the rule text
    marks, or None."""
    found = rule_citations(layout)
    return next((found[t] for t in topics if t in found), None)


def render_rules(layout: Layout) -> str:
    """The game's rule text as Markdown."""
    # a mark at a line's end goes with the spaces before it; within a line, alone
    text = _CITE.sub(lambda m: "" if m.group(3) is not None else m.group(1), _rendered(layout))
    head = (f"# {layout.title}\n\n"
            f"*Source:* {layout.source.citation}.  \n*Cards:* {layout.packs}."
            + (f"  \n*Variant:* {layout.variant_titles[layout.variant]}." if layout.variant else "")
            + "\n\n")
    return head + text.strip() + "\n" + odds_section(layout)


def measured_odds(layout: Layout) -> dict | None:
    """The game's measured odds (rules_text/odds.json), for this variant."""
    import json

    path = data_dir("rules_text") / "odds.json"
    try:
        games = json.loads(path.read_text(encoding="utf-8"))["games"]
    except (OSError, ValueError, KeyError):
        return None
    key = layout.id + (f"+{layout.variant}" if layout.variant and
                       f"{layout.id}+{layout.variant}" in games else "")
    found = games.get(key)
    if found is None or (found.get("variant") not in (None, layout.variant)
                         and layout.variant is not None):
        return None
    return found


def odds_section(layout: Layout) -> str:
    """How often the game comes out, as measured, with the deals behind it."""
    if "opponent" in layout.game:  # a game for two: a contest, not a deal to solve
        return ("\n## How often it comes out\n\nA game for two players: who wins turns on "
                "both players' choices,\nso the solver has no one winning line to look for "
                "and measures nothing.\n")
    o = measured_odds(layout)
    if o is None:
        return ""
    decided = o["won"] + o["lost"]
    budget = re.sub(r"\d{4,}", lambda m: f"{int(m.group()):,}", o["budget"])  # 20,000 positions
    told = (f"On deals 1 to {o['deals']:,} this program's solver, which sees every card "
            f"({budget}), won {o['won']:,}, proved {o['lost']:,} lost"
            + (f" and could not decide {o['undecided']:,}" if o["undecided"] else "")
            + f": between {_percent(o['low'])} and {_percent(o['high'])} of deals can be won "
            "(95% interval; undecided deals widen it, they are not counted as lost).")
    if o["undecided"] > decided:
        told += (" Most deals are still beyond the solver, so the interval says little "
                 "yet: `patience odds` with larger `--states` and `--time` narrows it.")
    import textwrap

    return "\n## How often it comes out\n\n" + textwrap.fill(told, width=88) + "\n"


def _percent(x: float) -> str:
    """A share as the sheets print it; a bound of a few in ten thousand keeps its digits."""
    return f"{x:.2%}" if 0 < x < 0.001 else f"{x:.1%}"


def plain_rules(markdown: str) -> str:
    """The rule text as plain text (for a pipe, a file, a dumb terminal):
    headings underlined, emphasis and code marks dropped, lists kept."""
    out: list[str] = []
    item: tuple[str, list[str]] | None = None  # a paragraph or list item: its marker, lines

    def flush() -> None:
        if item is not None:  # re-flowed to the width: the template's breaks are not ours
            marker, words = item
            text = _kept_together(" ".join(words))
            out.extend(line.replace(NBSP, " ") for line in textwrap.wrap(
                text, PLAIN_WIDTH, initial_indent=marker, subsequent_indent=" " * len(marker),
                break_on_hyphens=False) or [marker.rstrip()])

    for line in markdown.splitlines():
        heading = re.match(r"^(#{1,3}) (.*)$", line)
        listed = re.match(r"^(\s*(?:\d+\.|-|\*) )\s*(.*)$", line)
        if heading or not line.strip() or line.lstrip().startswith("|"):
            flush()
            item = None
            if heading:
                title = _unmark(heading.group(2))
                out.append(title)
                out.append(("=" if len(heading.group(1)) == 1 else "-") * len(title))
            else:
                out.append(_unmark(line).rstrip())
        elif listed:
            flush()
            item = (listed.group(1), [_unmark(listed.group(2)).strip()])
        elif item is None:
            item = ("", [_unmark(line).strip()])
        else:
            item[1].append(_unmark(line).strip())
    flush()
    return "\n".join(out).rstrip() + "\n"


#: The width plain rule texts are flowed to.
PLAIN_WIDTH = 80
NBSP = "\u00a0"  # a space no line breaks at (textwrap does not break there)


def _kept_together(text: str) -> str:
    """*text* with a pile's name kept on one line with its numbers ("the
    Garden (piles 1–6)") and a book's "no. 16" kept whole."""
    text = re.sub(r" (\(piles? [^)]*\))", lambda m: NBSP + m.group(1).replace(" ", NBSP), text)
    return re.sub(r"\bno\. (\d)", "no." + NBSP + r"\1", text)


def _unmark(text: str) -> str:
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)\*(?!\w)", r"\1", text)
    return re.sub(r"`(.+?)`", r"\1", text)
