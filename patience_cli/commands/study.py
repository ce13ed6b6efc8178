"""Commands that study a game: rules, solve, export, hint (odds: odds.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from .. import output
from ..engine import Move, Status
from ..errors import quoted
from ..game import Game, parse_deck
from ..layout import load_layout
from ..state import DEFAULT_NAME
from .app import (
    SCHEMA,
    AsciiOpt,
    Fail,
    JsonOpt,
    MemoryOpt,
    NameOpt,
    StateOpt,
    VariantOpt,
    _complete_game,
    _count,
    app,
    check_variant,
    deal_choice,
    json_text,
    read_deck_text,
    refuse_contest,
    resolve_choice,
    run,
    seconds_given,
    session,
)
from .writing import STDOUT, out_path, write


@app.command()
def rules(
    game: Annotated[str | None, typer.Argument(
        autocompletion=_complete_game, help="The game (default: the game in progress).")] = None,
    variant: VariantOpt = None,
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
    markdown: Annotated[bool, typer.Option(
        "--markdown", help="Print the rule text's Markdown source as it is.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Print a game's rules, in our words, citing the book and game number:
    formatted on a terminal (through a pager when longer than the screen),
    plain text when piped.

    Examples: patience rules flower-garden ; patience rules fours | less
    """
    def body() -> None:
        from ..rules_text import plain_rules, render_rules

        if game is None:
            with session(name, state, write=False) as g:
                layout = g.layout
        else:
            layout = load_layout(*resolve_choice(game, variant))
        source = render_rules(layout).rstrip() + "\n"
        if ascii:
            source = output.asciify(source)
        if as_json:
            output.write(json_text({"schema": SCHEMA, "kind": "rules", "game": layout.id,
                                     "variant": layout.variant, "title": layout.title,
                                     "source": layout.source.citation, "markdown": source}))
        elif markdown:
            output.write(source)
        elif output.want_colour():
            output.page(output.render_markdown(source))
        else:
            output.write(plain_rules(source))
    run(body, as_json)


def _solve_text(game: Game, start, seconds: float, from_deal: bool, as_json: bool,
                max_states: int | None = None, memory: int | None = None) -> str:
    """Solve from *start* and say it: the commands of the winning line, the
    proof that there is none, or that the time ran out."""
    from ..solver import LOST, WON, solve

    answers = game.rules.solutions(start)
    if answers is not None:  # a puzzle: every solution
        return _solutions_text(game, start, answers, from_deal, as_json)
    sol = solve(game.rules, start, seconds=seconds, max_states=max_states,
                memory_most=None if memory is None else memory << 20)
    pos, commands = start, []
    for m in sol.moves:
        commands.append("patience " + game.rules.words.command(pos, m))
        pos = game.rules.apply(pos, m)
    first = []
    if from_deal:
        first = [f"patience new --code {game.code} --force" if game.code else
                 f"patience new {game.layout.id} --deck FILE --force  # the same deck"]
    if as_json:
        return json_text({"schema": SCHEMA, "kind": "solution", "game": game.layout.id,
                           "code": game.code, "result": sol.result,
                           "from": "deal" if from_deal else "current position",
                           "commands": first + commands if sol.result == WON else [],
                           "states": sol.states, "seconds": round(sol.seconds, 3)})
    where = "from the deal" if from_deal else "from here"
    if sol.result == WON:
        head = (f"# Won {where} in {_count(len(commands), 'move')} "
                f"({_count(sol.states, 'position')} searched, {sol.seconds:.1f} s):")
        return "\n".join([head, *first, *commands]) + "\n"
    if sol.result == LOST:
        return (f"# No win is possible {where}: proved in {_count(sol.reached, 'position')} "
                "(the search followed every line that could matter).\n")
    if sol.full:
        return (f"# No win found in {sol.seconds:.1f} s ({_count(sol.states, 'position')} "
                "searched): the search keeps as many positions as its memory allows, and "
                "more time would not help; a larger --memory would.\n")
    if max_states is not None and sol.states >= max_states:
        return (f"# No win found in the first {_count(sol.states, 'position')} searched; "
                "try a larger --states.\n")
    return (f"# No win found in {seconds:g} s ({_count(sol.states, 'position')} searched); "
            "try a longer --time.\n")


def _solutions_text(game: Game, start, answers, from_deal: bool, as_json: bool) -> str:
    """A puzzle's every solution, each with the commands that reach it."""
    where = "from the deal" if from_deal else "from here"
    start_command = (f"patience new --code {game.code} --force" if game.code else
                     f"patience new {game.layout.id} --deck FILE --force  # the same deck") \
        if from_deal else ""
    found = []
    for name, moves in answers:
        pos, commands = start, []
        for m in moves:
            commands.append("patience " + game.rules.words.command(pos, m))
            pos = game.rules.apply(pos, m)
        found.append((name, commands))
    if as_json:
        return json_text({"schema": SCHEMA, "kind": "solutions", "game": game.layout.id,
                          "code": game.code, "from": "deal" if from_deal else "current position",
                          "start": start_command,
                          "solutions": [{"solution": n, "commands": c} for n, c in found]})
    lines = [f"{_count(len(found), 'solution')}, each with the fewest moves {where}"
             + (f" ({start_command}):" if start_command else ":")]
    for n, (name, commands) in enumerate(found, 1):
        lines.append(f"{n}. {name}: " + ("; ".join(commands) if commands else "as it lies"))
    return "\n".join(lines) + "\n"


TimeOpt = Annotated[float, typer.Option(
    "--time", "-t", min=0.1, max=3600.0, callback=seconds_given,
    help="Seconds to search before giving up.")]
StatesOpt = Annotated[int | None, typer.Option(
    "--states", min=10, help="Positions to search at most before giving up (the same "
    "answer on every machine, where --time depends on the machine's speed).")]


@app.command()
def solve(
    game: Annotated[str | None, typer.Argument(
        autocompletion=_complete_game,
        help="A game to deal and solve (default: the game in progress, from its deal).")
    ] = None,
    seed: Annotated[str | None, typer.Option("--seed", "-s", help="Deal number.")] = None,
    code: Annotated[str | None, typer.Option("--code", help="A share code.")] = None,
    deck: Annotated[str | None, typer.Option(
        "--deck", help="A card order, top first (a file, or - for standard input).")] = None,
    variant: VariantOpt = None, seconds: TimeOpt = 5.0, states: StatesOpt = None,
    memory: MemoryOpt = None,
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None, as_json: JsonOpt = False,
) -> None:
    """Find a winning line for a deal, or prove there is none, or say the time
    ran out. The solver is 'thoughtful': it knows where every card lies, the
    face-down ones too. The line is printed as commands that replay from the deal.

    Examples: patience solve fours --seed 7 ; patience solve ; patience solve
    flower-garden --seed 3 --time 30 --json ; patience solve sultan --variant hoffmann
    --seed 3 --states 6400000 --time 1200 --memory 4000
    """
    def body() -> None:
        if game is None and seed is None and code is None and deck is None:
            with session(name, state, write=False) as g:
                pass  # read under the lock, which is let go before the search
            refuse_contest(g.layout, "patience solve")
            text = _solve_text(g, g.start, seconds, True, as_json, states, memory)
        else:
            if game is None and code is None:
                raise Fail("name a game (or --code), or leave out --seed and --deck to "
                           "solve the game in progress")
            gid, var, seed_value = deal_choice(game, seed, code, variant)
            var = check_variant(gid, var)
            cards = None
            if deck is not None:
                if seed_value is not None:
                    raise Fail("give either --seed/--code or --deck, not both")
                cards = parse_deck(read_deck_text(deck), load_layout(gid, var))
            elif seed_value is None:
                raise Fail("say which deal: --seed N, --code CODE or --deck FILE")
            refuse_contest(load_layout(gid, var), "patience solve")
            g = Game.new(gid, var, seed=seed_value, deck=cards)
            text = _solve_text(g, g.start, seconds, True, as_json, states, memory)
        output.write(text)
    run(body, as_json)


#: The games whose rules Solvitaire also has: its preset, and the settings of
#: its --custom-rules that make it play our game exactly.
SOLVITAIRE = {
    "flower-garden": {
        "preset": "flower-garden",
        # the format of ../shared/formats/solvitaire-deal.md; the rest of the preset
        # (build down regardless of suit, one card at a time, a space takes any card)
        # is ours already
        "rules": {"tableau piles": {"count": 6}, "reserve": {"size": 16},
                  "foundations": {"removable": False}},
        "differs": "its preset lets cards be taken back from the foundations; Cadogan "
                   "does not ('cards on the foundations stay there'), so the rules file "
                   "written beside the deal sets \"removable\": false; the rest of its "
                   "preset (build down regardless of suit, one card at a time, any card "
                   "into a space, the Bouquet all available) is the book's",
    },
}


@app.command()
def export(
    game: Annotated[str | None, typer.Argument(
        autocompletion=_complete_game,
        help="The game (default: the game in progress, as dealt).")] = None,
    seed: Annotated[str | None, typer.Option("--seed", "-s", help="Deal number.")] = None,
    code: Annotated[str | None, typer.Option("--code", help="A share code.")] = None,
    fmt: Annotated[str, typer.Option("--format", help="solvitaire: Solvitaire's JSON deal.")]
    = "solvitaire",
    out: Annotated[str | None, typer.Option(
        "-o", "--output", help="Where to write the deal (default: output/GAME-SEED."
        "solvitaire.json; - for standard output).")] = None,
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None, as_json: JsonOpt = False,
) -> None:
    """Write a deal in another solver's format, so that others can check our
    results with their solver; says which of its rule settings match ours.
    Today: Solvitaire's JSON deal, for the games whose rules it also has
    (the Flower-Garden).

    Examples: patience export flower-garden --seed 7 ;
    patience export --format solvitaire -o deal.json
    """
    def body() -> None:
        if fmt != "solvitaire":
            raise Fail(f"--format must be solvitaire, not {quoted(fmt)}")
        if game is None and seed is None and code is None:
            with session(name, state, write=False) as g:
                dealt = g
        else:
            if game is None and code is None:
                raise Fail("name a game (or --code)")
            gid, var, seed_value = deal_choice(game, seed, code, None)
            if seed_value is None:
                raise Fail("say which deal: --seed N or --code CODE")
            dealt = Game.new(gid, var, seed=seed_value)
        match = SOLVITAIRE.get(dealt.layout.id)
        if match is None or dealt.layout.variant:
            raise Fail(f"Solvitaire has no rules for {dealt.layout.title}: export knows "
                       f"{', '.join(SOLVITAIRE)}")
        deal = solvitaire_deal(dealt)
        text = json.dumps(deal, ensure_ascii=False) + "\n"
        rules_text = json.dumps(match["rules"], indent=1) + "\n"
        stem = f"{dealt.layout.id}-{dealt.seed if dealt.seed is not None else 'deck'}"
        target = out_path(out) or Path("output") / f"{stem}.solvitaire.json"
        if str(target) == STDOUT:
            output.write(text)
            return
        rules_path = target.with_name(target.name.replace(".json", "") + ".rules.json")
        for path, data in ((target, text), (rules_path, rules_text)):
            write(lambda p, d=data: Path(p).write_text(d, encoding="utf-8"), path, False,
                   quiet=True)
        if as_json:
            output.write(json.dumps({"schema": SCHEMA, "kind": "written", "path": str(target),
                                     "rules": str(rules_path), "preset": match["preset"],
                                     "differs": match["differs"]}, ensure_ascii=False) + "\n")
            return
        output.write(f"Wrote {target} and {rules_path}.\n"
                     f"Solve it with: solvitaire --custom-rules {rules_path} {target}\n"
                     f"Its '{match['preset']}' preset matches but for this: "
                     f"{match['differs']}.\n")
    run(body, as_json)


def solvitaire_deal(game: Game) -> dict[str, Any]:
    """The deal as Solvitaire reads it: tableau piles and reserve, bottom
    card first, rank then suit in capitals (a face-down card in lower case)."""
    from ..layout import Role

    def card(c, down: bool) -> str:
        code = c.code.upper()
        return code.lower() if down else code

    pos = game.start
    tableau, reserve = [], []
    for spec in game.layout.piles:
        cards = [card(c, spec.hidden(pos.down[spec.index], i))
                 for i, c in enumerate(pos.piles[spec.index])]
        if spec.role is Role.TABLEAU:
            tableau.append(cards)
        elif spec.role is Role.RESERVE:
            reserve.extend(cards)
    return {"tableau piles": tableau, "reserve": reserve}


def _best_looking(game: Game) -> Move | None:
    """Among the legal moves, the one after which the solver's guide rates
    the position nearest a win (the first of those rated alike)."""
    from ..solver.guide import Guide

    legal = list(game.rules.legal_moves(game.position))
    if not legal:
        return None
    rate = Guide(game.rules).measure(Guide.MEASURES[0])
    return max(legal, key=lambda m: rate(game.rules.apply(game.position, m)))


@app.command()
def hint(
    seconds: TimeOpt = 3.0, states: StatesOpt = None, memory: MemoryOpt = None,
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """The next move of a winning line from where the game stands, or 'no win
    is possible from here' when that is proved, or that none was found in time.
    A hint never names a face-down card.

    Examples: patience hint ; patience hint --time 20 ; patience hint --states 5000 ;
    patience hint --time 600 --memory 3000
    """
    def body() -> None:
        from ..solver import LOST, WON, solve

        with session(name, state, write=False) as g:
            pass  # read under the lock, which is let go before the search
        refuse_contest(g.layout, "patience hint")
        finished = g.status()[0]
        sol = solve(g.rules, g.position, seconds=seconds, max_states=states,
                    memory_most=None if memory is None else memory << 20)
        move = sol.moves[0] if sol.result == WON and sol.moves else None
        command = "patience " + g.rules.words.command(g.position, move) if move else None
        said = g.rules.words.describe(g.position, move, ascii) if move else None
        best = None  # no win found in time: the move the solver's guide rates best
        if move is None and sol.result not in (WON, LOST) and finished is Status.PLAYING:
            best = _best_looking(g)
        best_command = "patience " + g.rules.words.command(g.position, best) if best else None
        best_said = g.rules.words.describe(g.position, best, ascii) if best else None
        if as_json:
            output.write(json_text({"schema": SCHEMA, "kind": "hint", "result": sol.result,
                                     "command": command, "text": said,
                                     "moves_to_win": len(sol.moves) if move else None,
                                     "best_command": best_command, "best_text": best_said,
                                     "states": sol.states,
                                     "seconds": round(sol.seconds, 3)}))
        elif finished is Status.WON:
            _said_wrapped("The game is won: there is nothing left to do.\n")
        elif finished is Status.LOST:
            _said_wrapped("The game is over: no win is possible from here.\n")
        elif move:
            output.write(f"Hint: {command}\n")
            _said_wrapped(f"  {said}; a win in {_count(len(sol.moves), 'move')} from here.\n")
        elif sol.result == LOST:
            _said_wrapped("No win is possible from here.\n")
        elif sol.full:
            _said_wrapped(f"No win found in {sol.seconds:.1f} s: the search keeps as many "
                         "positions as its memory allows, and more time would not help; "
                         "a larger --memory would.\n")
        elif states is not None and sol.states >= states:
            _said_wrapped(f"No win found in the first {_count(sol.states, 'position')} "
                         f"searched: try 'patience hint --states {states * 4}'.\n")
        else:
            _said_wrapped(f"No win found in {seconds:g} s: try 'patience hint --time "
                         f"{seconds * 4:g}'.\n")
        if best and not as_json:
            output.write(f"The move that looks best (not proved): {best_command}\n")
            _said_wrapped(f"  {best_said}\n")
    run(body, as_json)


def _said_wrapped(text: str, width: int = 80) -> None:
    """Write *text* (one line, ending with a new line) in lines of at most
    *width* columns, as the board is written; a text indented keeps its indent,
    and a quoted command stays on one line."""
    import re

    from ..render_text import wrap_text

    indent = text[:len(text) - len(text.lstrip())]
    # a command quoted in the text ('patience hint --states 200') is never broken
    kept = re.sub(r"'[^']*'", lambda m: m.group().replace(" ", "\u00a0"), text.strip())
    lines = wrap_text(kept, width - len(indent), "  ")
    output.write("".join(indent + line.replace("\u00a0", " ") + "\n" for line in lines))
