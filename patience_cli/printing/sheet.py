"""The rule sheet and the documents: one game's sheet as PDF, the diagram as
SVG, and the booklet of every game."""

from __future__ import annotations

import html
import io
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
)
from reportlab.platypus import Paragraph as _Paragraph
from reportlab.platypus.tableofcontents import TableOfContents

from ..layout import Layout, game_ids, load_layout
from ..rules_text import render_rules
from .diagram import (
    make_diagram,
    subtitle,
)
from .geometry import (
    fit_look,
)
from .labels import reading_key, sheet_title
from .legend import (
    deal_lines,
    legend_lines,
)
from .style import (
    ACCENT,
    FAINT,
    INK,
    MARGIN,
    PAPERS,
    SANS,
    SANS_BOLD,
    SERIF,
    SYMBOL_CHARS,
    TITLE_FONT,
    Look,
)

if TYPE_CHECKING:
    from ..game import Game


class Paragraph(_Paragraph):
    """reportlab's paragraph, its lines broken once for a width: a sheet
    measures its legend and its rules to fit them to the page, then lays them
    out at that same width (breaking lines is most of a sheet's time)."""

    _wrapped: tuple[float, float, float] | None = None  # (width offered, width, height)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        done = self._wrapped
        if done is not None and done[0] == availWidth:
            return done[1], done[2]
        width, height = super().wrap(availWidth, availHeight)
        self._wrapped = (availWidth, width, height)
        return width, height


# ---------------------------------------------------------------- the rule sheet
def styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("body", fontName=SERIF, fontSize=10.5, leading=14, textColor=INK,
                          spaceAfter=5)
    return {
        "body": base,
        "title": ParagraphStyle("title", parent=base, fontName=TITLE_FONT, fontSize=22,
                                leading=26, spaceAfter=4, alignment=TA_CENTER),
        "sub": ParagraphStyle("sub", parent=base, fontName=SANS, fontSize=9, leading=12,
                              textColor=FAINT, alignment=TA_CENTER, spaceAfter=10),
        "h2": ParagraphStyle("h2", parent=base, fontName=SANS_BOLD, fontSize=12, leading=15,
                             spaceBefore=9, spaceAfter=4, textColor=ACCENT),
        "item": ParagraphStyle("item", parent=base, leftIndent=18, bulletIndent=2,
                               spaceAfter=4),
        "meta": ParagraphStyle("meta", parent=base, fontName=SANS, fontSize=9, leading=12,
                               spaceAfter=2),
        "legend": ParagraphStyle("legend", parent=base, fontName=SANS, fontSize=8, leading=10.5,
                                 leftIndent=10, bulletIndent=0, spaceAfter=2),
        "toc0": ParagraphStyle("toc0", parent=base, fontName=SERIF, fontSize=12, leading=18),
    }


def inline(text: str) -> str:
    """Markdown inline marks to reportlab's paragraph markup."""
    text = html.escape(text, quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)\*(?!\w)", r"<i>\1</i>", text)
    text = re.sub(r"`(.+?)`", r'<font name="Courier">\1</font>', text)
    return symbols(text)


def symbols(markup: str) -> str:
    """Suits and arrows in the Symbol font (red suits red) inside paragraph markup."""
    def repl(m: re.Match) -> str:
        ch = m.group(0)
        colour = ' color="#b3261e"' if ch in "♥♦" else ""
        return f'<font name="Symbol"{colour}>{ch}</font>'
    return re.sub(f"[{SYMBOL_CHARS}]", repl, markup)


def rule_flowables(layout: Layout, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    """The rule text (Markdown from rules_text/) as paragraphs."""
    text = render_rules(layout)
    blocks: list[tuple[str, str, str | None]] = []  # (kind, text, bullet)
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line:
            blocks.append(("gap", "", None))
            continue
        if line.startswith("# "):
            continue  # the sheet has its own title
        if line.startswith("## "):
            blocks.append(("h2", line[3:], None))
            continue
        m = re.match(r"^(\d+)\.\s+(.*)$", line)
        if m:
            blocks.append(("item", m.group(2), f"{m.group(1)}."))
            continue
        if line.startswith("- "):
            blocks.append(("item", line[2:], "•"))
            continue
        if line.startswith("  ") and blocks and blocks[-1][0] == "item":
            kind, t, b = blocks[-1]
            blocks[-1] = (kind, t + " " + line.strip(), b)
            continue
        if line.startswith("*Source:*") or line.startswith("*Cards:*") or \
                line.startswith("*Variant:*"):
            blocks.append(("meta", line.rstrip(" "), None))
            continue
        if blocks and blocks[-1][0] == "para":
            kind, t, b = blocks[-1]
            blocks[-1] = (kind, t + " " + line.strip(), b)
        else:
            blocks.append(("para", line.strip(), None))
    out: list[Flowable] = []
    for kind, t, bullet in blocks:
        if kind == "gap":
            continue
        if kind == "h2":
            out.append(CondPageBreak(60))
            out.append(Paragraph(inline(t), st["h2"]))
        elif kind == "item":
            out.append(Paragraph(inline(t), st["item"], bulletText=bullet))
        elif kind == "meta":
            out.append(Paragraph(inline(t), st["meta"]))
        else:
            out.append(Paragraph(inline(t), st["body"]))
    return out


# ---------------------------------------------------------------- documents
class GameTitle(Paragraph):
    """A game's title: the booklet's contents list and its outline (the
    bookmarks a PDF reader lists beside the pages) are made from these;
    *key* names the place both lead to (:func:`outline_key`)."""

    def __init__(self, text: str, style: ParagraphStyle, toc_text: str, key: str) -> None:
        super().__init__(text, style)
        self.toc_text = toc_text
        self.key = key


def outline_key(layout: Layout) -> str:
    """The name of the place a game's sheets begin, in a booklet."""
    return f"game-{layout.id}" + (f"-{layout.variant}" if layout.variant else "")


FOOT_NUMBER_ROOM = 24  # points kept at the foot's right for the page number


def fitted(text: str, width: float, font: str, size: float) -> str:
    """*text*, or as much of it as fits *width* points followed by an
    ellipsis (cut at a word where one ends in the last third)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if stringWidth(text, font, size) <= width:
        return text
    cut = len(text)
    while cut and stringWidth(text[:cut].rstrip(" ,·(") + " …", font, size) > width:
        cut -= 1
    space = text.rfind(" ", 0, cut)
    if space > cut * 2 // 3:
        cut = space
    return text[:cut].rstrip(" ,·(") + " …"


class Doc(BaseDocTemplate):
    def __init__(self, target, paper: str, title: str, footer: str,
                 first: str = "sheet", outline: bool = False) -> None:
        size = PAPERS[paper]
        super().__init__(
            target if isinstance(target, io.BytesIO) else str(target),  # in memory: a trial
            pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN,
            topMargin=MARGIN, bottomMargin=MARGIN + 6, title=title,
            author="patience-cli", subject="Patience: layout diagram and rules",
            creator="patience-cli", producer="patience-cli (reportlab)",
            invariant=1)
        self.footer = footer
        self.outline = outline  # a booklet's: its games listed beside the pages
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        templates = [PageTemplate(id="sheet", frames=[frame], onPage=self._footer),
                     PageTemplate(id="plain", frames=[frame])]
        self.addPageTemplates(sorted(templates, key=lambda t: t.id != first))

    def _footer(self, canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont(SANS, 7.5)
        canvas.setFillColor(FAINT)
        # the page number at the right keeps its room: a long variant's title cut short
        canvas.drawString(self.leftMargin, MARGIN - 4,
                          fitted(self.footer, self.width - FOOT_NUMBER_ROOM, SANS, 7.5))
        canvas.drawRightString(self.pagesize[0] - self.rightMargin, MARGIN - 4,
                               f"{doc.page}")
        canvas.restoreState()

    def afterFlowable(self, flowable) -> None:
        if isinstance(flowable, GameTitle) and self.outline:
            # the title's page: a bookmark in the outline, the contents' line a link to it
            self.canv.bookmarkPage(flowable.key)
            self.canv.addOutlineEntry(flowable.toc_text, flowable.key, level=0)
            self.canv.showOutline()  # a reader opens the booklet with its outline shown
            self.notify("TOCEntry", (0, flowable.toc_text, self.page, flowable.key))


def game_story(layout: Layout, game: Game | None, doc: Doc,
               st: dict[str, ParagraphStyle]) -> list[Flowable]:
    """A game's sheets: the diagram page, then the rule sheet."""
    story: list[Flowable] = [
        GameTitle(inline(sheet_title(layout)), st["title"], sheet_title(layout),
                  outline_key(layout)),
        Paragraph(symbols(html.escape(subtitle(layout, game))), st["sub"]),
    ]
    legend = legend_flowables(layout, game, st)
    hidden = deal_lines(layout, game)
    listed: list[Flowable] = []
    if hidden:
        # one run of text, pile after pile, so that a long list keeps to the page
        listed = [Paragraph("Cards not shown, top card first", st["h2"]),
                  Paragraph(symbols(" · ".join(hidden)), st["legend"])]
    # the diagram gives up some of its room to the list, never so much that
    # its captions would grow small (a list too long for that goes over the page)
    room = max(diagram_room(legend + listed, doc), 0.85 * diagram_room(legend, doc))
    story.append(make_diagram(layout, game, doc.width, room))
    story.append(Spacer(1, 14))
    story.append(KeepTogether(legend))
    story.extend(listed)
    story.append(PageBreak())
    story.extend(fitted_rules(layout, st, doc.width, doc.height))
    return story


def legend_flowables(layout: Layout, game: Game | None,
                     st: dict[str, ParagraphStyle]) -> list[Flowable]:
    return [Paragraph(symbols(line), st["legend"], bulletText="•")
            for line in legend_lines(layout, game)]


def diagram_room(legend: list[Flowable], doc: Doc) -> float:
    """The height left for the diagram on its page, under the title and
    above the legend."""
    legend_h = sum(p.wrap(doc.width, doc.height)[1] + 2 for p in legend) + 30
    return doc.height - 90 - legend_h


def sheet_look(layout: Layout, game: Game | None, paper: str = "a4") -> Look:
    """The scale the diagram of a printed sheet is drawn at, on *paper*."""
    doc = Doc("unused.pdf", paper, "", "")
    room = diagram_room(legend_flowables(layout, game, styles()), doc)
    return fit_look(layout, game, doc.width, room)


def fitted_rules(layout: Layout, st: dict[str, ParagraphStyle], width: float,
                 height: float) -> list[Flowable]:
    """The rule sheet on one page: set smaller, a step at a time, when it
    would spill a few lines onto another (never below 8.5 points)."""
    flowables: list[Flowable] = []
    for factor in (1.0, 0.96, 0.92, 0.88, 0.84, 0.81):
        small = {k: scaled_style(v, factor) for k, v in st.items()}
        flowables = [Paragraph(inline(sheet_title(layout)) + " — the rules", small["h2"])]
        flowables += rule_flowables(layout, small)
        if sum(_height(f, width, height) for f in flowables) <= height - 4:
            return flowables
    return flowables


def scaled_style(style: ParagraphStyle, factor: float) -> ParagraphStyle:
    if factor == 1.0:
        return style
    return ParagraphStyle(f"{style.name}-{factor}", parent=style,
                          fontSize=style.fontSize * factor, leading=style.leading * factor,
                          spaceBefore=style.spaceBefore * factor,
                          spaceAfter=style.spaceAfter * factor)


def _height(f: Flowable, width: float, height: float) -> float:
    if isinstance(f, CondPageBreak):
        return 0.0
    return f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter()


def write_game(target: Path, layout: Layout, game: Game | None, paper: str = "a4") -> None:
    """One game's sheets: the layout diagram, then the rule sheet."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    st = styles()
    doc = Doc(target, paper, f"{sheet_title(layout)}: layout and rules",
              f"{sheet_title(layout)} · {layout.source.citation}")
    story = game_story(layout, game, doc, st)
    doc.build(story)


SVG_SIZE = (680.0, 900.0)  # the drawing's width, and its height at most, in points
SVG_WIDEN, SVG_PAD = 1.15, 12.0


def svg_look(layout: Layout, game: Game | None) -> Look:
    """The scale the SVG diagram is drawn at (what its overlap test checks)."""
    width, height = SVG_SIZE
    return fit_look(layout, game, width - 2 * SVG_PAD, height - 46 - 2 * SVG_PAD, SVG_WIDEN)


def write_svg(target: Path, layout: Layout, game: Game | None) -> None:
    """The layout diagram alone, as SVG, with its title."""
    from reportlab.graphics import renderSVG

    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    # text measured 15% wider than Helvetica's metrics, and a margin: a viewer
    # without Helvetica draws it in a wider font, which must not run together
    drawing = make_diagram(layout, game, *SVG_SIZE, title=True, widen=SVG_WIDEN, pad=SVG_PAD)
    svg = renderSVG.drawToString(drawing)
    svg = svg.replace("<title>...</title>", f"<title>{html.escape(sheet_title(layout), quote=False)}</title>", 1)
    svg = svg.replace("<desc>...</desc>",
                      f"<desc>{html.escape(subtitle(layout, game))}: layout diagram, "
                      "printed by patience-cli</desc>", 1)
    target.write_text(svg_fonts(svg), encoding="utf-8")


#: The PDF's standard fonts, named for SVG viewers: metric-compatible fonts
#: first (Arial and Liberation Sans have Helvetica's widths), so the text keeps
#: the room the diagram gave it.
SVG_FONTS = {
    "Helvetica-Bold": "Helvetica, Arial, 'Liberation Sans', sans-serif; font-weight: bold",
    "Helvetica": "Helvetica, Arial, 'Liberation Sans', sans-serif",
    "Times-Bold": "Times, 'Times New Roman', 'Liberation Serif', serif; font-weight: bold",
    "Times-Roman": "Times, 'Times New Roman', 'Liberation Serif', serif",
    "Symbol": "Symbol, 'DejaVu Sans', sans-serif",
}


def svg_fonts(svg: str) -> str:
    return re.sub(r"font-family: ([A-Za-z-]+)",
                  lambda m: "font-family: " + SVG_FONTS.get(m.group(1), m.group(1)), svg)


def write_booklet(target: Path, paper: str = "a4", ids: Iterable[str] | None = None) -> None:
    """Every registered game: a title page, contents with page numbers, then
    each game's sheets."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    st = styles()
    layouts = sorted((load_layout(gid) for gid in (ids if ids is not None else game_ids())),
                     key=lambda layout: reading_key(layout.title))
    doc = Doc(target, paper, "Patience: the games of the books", "patience-cli booklet",
              first="plain", outline=True)
    toc = _contents(st, _expected_contents(layouts, paper, st))
    story = _front_matter(len(layouts), st, doc, toc)
    for layout in layouts:
        story.append(PageBreak())
        story.extend(game_story(layout, None, doc, st))
    # the contents drawn in the first pass are those expected; a pass more
    # only if a game's sheets take other than their two pages
    doc.multiBuild(story, maxPasses=6)


def _front_matter(count: int, st: dict[str, ParagraphStyle], doc: Doc,
                  toc: TableOfContents) -> list[Flowable]:
    """The booklet's title page and its contents."""
    return [
        Spacer(1, doc.height * 0.3),
        Paragraph("Patience", ParagraphStyle("big", parent=st["title"], fontSize=40,
                                             leading=46)),
        Paragraph("The games of the nineteenth-century books: layouts and rules",
                  ParagraphStyle("bigsub", parent=st["sub"], fontSize=12, leading=16)),
        Spacer(1, 20),
        Paragraph(f"{count} games · printed by patience-cli", st["sub"]),
        NextPageTemplate("sheet"),
        PageBreak(),
        Paragraph("Contents", ParagraphStyle("ch", parent=st["title"], alignment=0)),
        Spacer(1, 10),
        toc,
    ]


def _contents(st: dict[str, ParagraphStyle],
              entries: Sequence[tuple[int, str, int, str | None]]) -> TableOfContents:
    """The contents list, showing *entries* until the booklet's own pass fills it."""
    toc = TableOfContents(dotsMinLevel=0)
    toc.levelStyles = [st["toc0"]]
    toc.addEntries(entries)
    return toc


def _expected_contents(layouts: list[Layout], paper: str,
                       st: dict[str, ParagraphStyle]) -> list[tuple[int, str, int, str]]:
    """The contents as they come out when every game takes its two pages:
    the front matter is set alone (a page or two of text) until the number of
    its pages settles, so that the booklet itself is usually set once, not
    three times."""
    front = 0
    for _ in range(4):  # settles at the second or third setting (a guess: the pass corrects it)
        entries = [(0, sheet_title(layout), front + 1 + 2 * i, outline_key(layout))
                   for i, layout in enumerate(layouts)]
        doc = Doc(io.BytesIO(), paper, "", "", first="plain")
        # set without its links: the places they lead to are not in this trial
        toc = _contents(st, [entry[:3] + (None,) for entry in entries])
        toc.beforeBuild()  # what it draws: the entries it was given
        doc.build(_front_matter(len(layouts), st, doc, toc))
        if doc.page == front:
            break
        front = doc.page
    return entries
