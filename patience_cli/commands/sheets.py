"""The print command: layout diagrams and rule sheets, one game or the booklet."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import quoted
from ..game import Game, parse_deck
from ..layout import load_layout
from .app import (
    Fail,
    JsonOpt,
    VariantOpt,
    _complete_game,
    app,
    deal_choice,
    read_deck_text,
    resolve_choice,
    run,
)
from .writing import out_path, write


@app.command("print")
def print_sheet(
    game: Annotated[str | None, typer.Argument(help="The game to print.",
                                                   autocompletion=_complete_game)] = None,
    all_games: Annotated[bool, typer.Option(
        "--all", help="One booklet of every game: a contents page, each line a link to its "
                      "game, and an outline of the games for a PDF reader.")] = False,
    out: Annotated[str | None, typer.Option(
        "-o", "--output", help="Where to write (default: output/GAME.pdf).")] = None,
    seed: Annotated[str | None, typer.Option(
        "--seed", "-s", help="Show this deal's cards in place on the diagram.")] = None,
    deck: Annotated[str | None, typer.Option(
        "--deck", help="Show this card order (file, or - for stdin) on the diagram.")] = None,
    variant: VariantOpt = None,
    paper: Annotated[str, typer.Option("--paper", help="a4 or letter.")] = "a4",
    fmt: Annotated[str, typer.Option("--format", help="pdf, or svg for the diagram alone.")] = "pdf",
    as_json: JsonOpt = False,
) -> None:
    """Print a game's sheet: the layout diagram, then the rule sheet (PDF).

    Examples: patience print flower-garden ; patience print fours --seed 7 ;
    patience print --all ; patience print fours --format svg
    """
    def body() -> None:
        if paper.lower() not in ("a4", "letter"):
            raise Fail(f"--paper must be a4 or letter, not {quoted(paper)}")
        if fmt.lower() not in ("pdf", "svg"):
            raise Fail(f"--format must be pdf or svg, not {quoted(fmt)}")
        from .. import printing

        if all_games:
            if game is not None or seed is not None or deck is not None:
                raise Fail("--all prints every game as dealt by the book: leave out GAME, "
                           "--seed and --deck")
            if fmt.lower() != "pdf":
                raise Fail("--all makes a PDF booklet; --format svg is for one game")
            target = out_path(out) or Path("output") / "patience-booklet.pdf"
            write(printing.write_booklet, target, as_json, paper.lower())
            return
        if game is None:
            raise Fail("name a game to print, or --all for the booklet")
        gid, var = resolve_choice(game, variant)
        layout = load_layout(gid, var)
        g = None
        if seed is not None or deck is not None:
            _, _, seed_value = deal_choice(gid, seed, None, None)
            cards = parse_deck(read_deck_text(deck), layout) if deck is not None else None
            if cards is not None and seed_value is not None:
                raise Fail("give either --seed or --deck, not both")
            g = Game.new(gid, var, seed=seed_value, deck=cards)
        suffix = "svg" if fmt.lower() == "svg" else "pdf"
        target = out_path(out) or Path("output") / f"{gid}{'-' + var if var else ''}"\
            f"{'-' + str(g.seed) if g and g.seed is not None else ''}.{suffix}"
        if suffix == "svg":
            write(printing.write_svg, target, as_json, layout, g)
        else:
            write(printing.write_game, target, as_json, layout, g, paper.lower())
    run(body, as_json)
