"""Commands for saved games and scripts: games, stats, and play (a batch of
commands, or an interactive session)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from .. import output
from .. import state as state_mod
from ..errors import quoted
from ..render_text import wrap_text
from ..state import DEFAULT_NAME, StateError, Store
from .app import (
    EXIT_USAGE,
    RUN,
    SCHEMA,
    AsciiOpt,
    Fail,
    JsonOpt,
    NameOpt,
    StateOpt,
    VariantOpt,
    _complete_game,
    _count,
    app,
    json_text,
    load_game,
    resolve_game,
    run,
)
from .batch import (
    COMMANDS,
    LOOK_COMMANDS,
    MAX_LINE,
    PLAY_HELP,
    as_command,
    dispatch,
    unless_given,
)


@app.command()
def games(
    delete: Annotated[str | None, typer.Option(
        "--delete", metavar="NAME", help="Remove the saved game of this name.")] = None,
    state: StateOpt = None, as_json: JsonOpt = False,
) -> None:
    """List the saved games (by --name): each one's game, share code, moves
    made, status and when it was last played; or remove one with --delete.

    Examples: patience games ; patience games --delete old ; patience games --json
    """
    def body() -> None:
        store = RUN.store(state)
        if delete is not None:
            state_mod.check_name(delete)
            with store.lock(delete):
                if not store.delete(delete):
                    raise Fail(f"there is no saved game named {quoted(delete)} ('patience games' "
                               "lists them)")
            # the lock file stays: a command waiting on it holds it open, and one
            # made afresh beside it would let two commands hold "the lock" at once
            output.write(f"Removed the saved game {delete!r}.\n")
            return
        rows = []
        for n in store.names():
            try:
                g = load_game(store, n)
                st, _ = g.status()
                rows.append({"name": n, "game": g.layout.id, "title": g.layout.title,
                             "variant": g.layout.variant, "code": g.code,
                             "moves": len(g.moves), "status": st.value,
                             "started": g.started or None, "saved": _saved_at(store, n)})
            except StateError as exc:
                rows.append({"name": n, "error": exc.message()})
        if as_json:
            output.write(json_text({"schema": SCHEMA, "kind": "saved", "folder": str(store.dir),
                                     "games": rows}))
            return
        cols = output.columns()
        lines = [f"Games are kept in {store.dir}"]
        for r in rows:
            if "error" in r:
                lines += wrap_text(f"  {r['name']}: unusable ({r['error']})", cols, "    ")
                continue
            deal = r["code"] or "dealt from a deck"
            lines += wrap_text(f"  {r['name']}: {r['title']}, {deal}, {_count(r['moves'], 'move')}"
                               f", {r['status']}, last played {r['saved']}", cols, "    ")
        output.write("".join(line + "\n" for line in lines))
    run(body, as_json)


def _saved_at(store: Store, name: str) -> str:
    from datetime import UTC, datetime

    try:
        stamp = store.path(name).stat().st_mtime
    except OSError:
        return "unknown"
    return datetime.fromtimestamp(stamp, UTC).strftime("%Y-%m-%d %H:%M UTC")


@app.command()
def stats(
    game: Annotated[str | None, typer.Argument(
        autocompletion=_complete_game, help="Only this game (default: every game).")] = None,
    state: StateOpt = None, as_json: JsonOpt = False,
) -> None:
    """How your finished games went: played, won, lost, win rate, and the best
    and current winning streaks, per game and variant.

    Examples: patience stats ; patience stats flower-garden ; patience stats --json
    """
    def body() -> None:
        from ..history import History, tally

        gid = resolve_game(game) if game is not None else None
        history = History(state)
        tallies = tally(history.entries(), gid)
        if history.note:
            output.error(f"note: {history.note}")
        if as_json:
            output.write(json_text({"schema": SCHEMA, "kind": "stats",
                                     "stats": [t.as_json() for t in tallies]}))
            return
        if not tallies:
            output.write("No finished games yet" + (f" of {gid}" if gid else "") + ".\n")
            return
        lines = [f"{'game':<28} {'played':>6} {'won':>5} {'lost':>5} {'rate':>6} "
                 f"{'best':>5} {'now':>4}"]
        for t in tallies:
            label = t.game + (f" ({t.variant})" if t.variant else "")
            label = "".join(c if c.isprintable() else "?" for c in label)  # as stored, unsafe
            lines.append(f"{label[:28]:<28} {t.played:>6} {t.won:>5} {t.lost:>5} "
                         f"{t.win_rate:>6.0%} {t.best_streak:>5} {t.current_streak:>4}")
        lines.append("best, now: winning streaks (games won in a row), the longest and the "
                     "current one")
        output.write("".join(line + "\n" for line in lines))
    run(body, as_json)


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(
        autocompletion=_complete_game,
        help="Start this game; leave out to continue the saved one.")] = None,
    seed: Annotated[str | None, typer.Option("--seed", "-s", help="Deal number.")] = None,
    variant: VariantOpt = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an unfinished game.")] = False,
    tui: Annotated[bool, typer.Option(
        "--tui", help="Play on the full screen: the board, the legal moves beside it, keys "
        "and the mouse (d deal, u undo, r redo, h hint, a auto, ? rules, q quit).")] = False,
    opponent: Annotated[str | None, typer.Option(
        "--opponent", metavar="program", help="With GAME, a game for two players: the "
        "program plays B's hand.")] = None,
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
) -> None:
    """Play in one session: type the same commands without 'patience'
    (move 3 1, or just 3 1; deal; undo; moves; auto; rules; quit). The game is
    saved after every command, so the shell commands can take over.

    With --tui, the same game on the full screen, at the keyboard or the mouse.

    Fed from a pipe or a file it prints no prompt: it is the fast batch mode
    for scripts (one process for thousands of commands; start with 'new GAME').

    Examples: patience play fours --seed 7 ; patience play --tui flower-garden ;
    printf 'new fours --seed 1 --force\\nauto\\n' | patience play
    """
    if tui:
        _full_screen(game, seed, variant, force, opponent, name, state, ascii)
        return
    if opponent is not None and game is None:
        raise typer.BadParameter("--opponent goes with GAME (a new game for two players)")
    interactive = _stdin_is_terminal()
    RUN.json_lines = True  # several documents in a row: one a line (JSON Lines)
    common = ["--name", name] + (["--state", str(state)] if state else [])
    look = common + (["--ascii"] if ascii else [])
    if game is not None:
        args = ["new", game] + (["--seed", seed] if seed else []) + \
               (["--variant", variant] if variant else []) + (["--force"] if force else []) + \
               (["--opponent", opponent] if opponent else []) + look
        code = dispatch(args)
        if code != 0:
            raise typer.Exit(code)  # a usage error stays one (exit 2)
    elif interactive and _has_game(name, state):
        if dispatch(["show"] + look) != 0:
            raise typer.Exit(EXIT_USAGE)
    elif interactive:
        output.say("No game in progress: type 'new GAME' (e.g. new fours), or 'quit'.")
    if interactive:
        output.say("Type 'help' for the commands, 'quit' to leave (the game stays saved).")
    worst = 0
    while True:
        try:
            if interactive:
                line = input("patience> ")
            else:
                line, length = _read_line()
                if not line:
                    break
        except (EOFError, KeyboardInterrupt):
            if interactive:
                output.say()
            break
        if interactive:
            length = len(line)
        if length > MAX_LINE:
            output.error(f"a line of {length:,} characters is longer than a command can be "
                         f"({MAX_LINE:,} at most); it is skipped")
            worst = max(worst, EXIT_USAGE)
            continue
        try:
            import shlex

            words = shlex.split(line)
        except ValueError as exc:
            output.error(str(exc))
            worst = max(worst, EXIT_USAGE)
            continue
        if words and words[0] == "patience":
            words = words[1:]  # a line as 'solve' prints it, or as typed in the shell
        if not words or words[0].startswith("#"):
            continue
        if any(not w for w in words):
            output.error("an empty word ('') is not part of any command")
            worst = max(worst, EXIT_USAGE)
            continue
        if "--deck" in words and words[words.index("--deck") + 1:][:1] == ["-"]:
            output.error("in 'patience play', '--deck -' would read the commands that follow "
                         "as the deck: give the deck in a file")
            worst = max(worst, EXIT_USAGE)
            continue
        head = words[0].lower()
        if head in ("q", "quit", "exit"):
            break
        if head in ("help", "?"):
            output.say(PLAY_HELP)
            continue
        words = as_command(words)
        if words[0] not in COMMANDS:
            output.error(f"unknown command {quoted(words[0])}: type 'help'")
            worst = max(worst, EXIT_USAGE)
            continue
        extra = look if words[0] in LOOK_COMMANDS else common
        if words[0] in ("rules", "new"):
            extra = common if words[0] == "rules" else look
        code = dispatch(words + unless_given(extra, words))
        worst = max(worst, code)
    if not interactive and worst:
        # a script learns that some command failed (each said why on standard error)
        raise typer.Exit(worst)


def _full_screen(game: str | None, seed: str | None, variant: str | None, force: bool,
                 opponent: str | None, name: str, state: str | None, ascii: bool) -> None:
    """'patience play --tui': deal GAME first where given (refused as 'new'
    refuses it, before the screen opens), then play the saved game on the
    full screen."""
    from ..tui.table import Table

    table = Table(name, str(state) if state else None, ascii)
    if game is not None:
        said = table.run(["new", game] + (["--seed", seed] if seed else [])
                         + (["--variant", variant] if variant else [])
                         + (["--force"] if force else [])
                         + (["--opponent", opponent] if opponent else []))
        if not said.ok:
            for line in said.words:
                output.error(line)
            code = said.doc.get("exit", EXIT_USAGE) if said.doc else EXIT_USAGE
            raise typer.Exit(int(code))
    elif opponent is not None:
        raise typer.BadParameter("--opponent goes with GAME (a new game for two players)")
    from ..tui.screen import run_screen

    run_screen(table)


def _read_line() -> tuple[str, int]:
    """The next line of standard input ("" at its end) and its length, read
    with a bound: a line over MAX_LINE characters is passed over a piece at a
    time (only its first piece is kept), never held whole."""
    if sys.stdin is None:
        return "", 0
    line = sys.stdin.readline(MAX_LINE + 1)
    length = len(line)
    if length > MAX_LINE and not line.endswith("\n"):
        while True:
            piece = sys.stdin.readline(1 << 16)
            length += len(piece)
            if not piece or piece.endswith("\n"):
                break
    return line, length


def _stdin_is_terminal() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _has_game(name: str, state: str | None) -> bool:
    try:
        return RUN.store(state).path(name).exists()
    except StateError:
        return False
