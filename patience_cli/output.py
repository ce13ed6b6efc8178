"""Printing: plain text, or colour through rich when the terminal wants it.

Colour is used only when standard output is a terminal and ``NO_COLOR`` is not
set (https://no-color.org); ``FORCE_COLOR`` forces it.  rich is imported only
then, so scripts and pipes never pay for it."""

from __future__ import annotations

import os
import sys

from .render_text import Line, plain

STYLES = {
    "red": "red", "black": "", "avail": "bold underline", "dim": "dim",
    "heading": "bold", "num": "cyan", "title": "bold", "status": "italic", "": "",
}


def want_colour() -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty()


def emit(lines: list[Line]) -> None:
    if not want_colour():
        sys.stdout.write(plain(lines) + "\n")
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False, force_terminal=True)
    for line in lines:
        text = Text()
        for chunk, style in line:
            text.append(chunk, style=" ".join(STYLES.get(s, "") for s in style.split()) or None)
        console.print(text, soft_wrap=True)


def say(text: str = "") -> None:
    sys.stdout.write(text + "\n")


def error(text: str) -> None:
    """One line on standard error."""
    sys.stderr.write(f"patience: {text}\n")
