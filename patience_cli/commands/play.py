"""Commands that play: list, new, deal-out, show, moves, move, deal, auto,
undo, redo, restart."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from .. import output
from ..books import short_name
from ..engine import DEAL, Move, Status
from ..errors import PatienceError, quoted
from ..game import Game, parse_deck
from ..layout import load_layout
from ..render_text import deck_lines, wrap_text
from ..rng import MAX_SEED
from ..state import DEFAULT_NAME, CorruptStateError, NoGameError, Store, home
from .app import (
    EXIT_REFUSED,
    RUN,
    SCHEMA,
    AsciiOpt,
    Fail,
    JsonOpt,
    NameOpt,
    RevealOpt,
    StateOpt,
    VariantOpt,
    _complete_game,
    _count,
    app,
    board_text,
    check_variant,
    deal_choice,
    json_text,
    load_game,
    moves_json,
    now,
    play_one,
    position_json,
    read_deck_text,
    report,
    resolve_choice,
    run,
    save_game,
    session,
)


@app.command("list")
def list_games(
    book: Annotated[str | None, typer.Option(
        "--book", help="List one book's games in its own order, each with the command "
        "that plays it: cadogan, hoffmann or cheney.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """List every game with its book, packs and a one-line summary.

    Examples: patience list ; patience list --book hoffmann ; patience list --json
    """
    def body() -> None:
        from ..catalogue import catalogue  # (read by 'list' only)

        if book is not None:
            _list_book(book, as_json)
            return
        try:
            cache: Path | None = home(None) / "cache"
        except PatienceError:
            cache = None
        rows = catalogue(cache)
        if as_json:
            output.say(json_text({"schema": SCHEMA, "kind": "games", "games": rows}).rstrip("\n"))
            return
        output.write(_listing(rows, output.columns(), cache))
    run(body, as_json)


def _list_book(word: str, as_json: bool) -> None:
    """A book's entries in its own order, each with the game that plays it."""
    from ..book_refs import book_refs
    from ..books import BOOKS

    key = word.strip().lower()
    chosen = next((k for k, b in BOOKS.items() if key in (k, b.short.lower())), None)
    if chosen is None:
        raise Fail(f"no book called {quoted(word)}: the books are "
                   f"{', '.join(BOOKS)}")
    refs = book_refs(chosen)
    if as_json:
        output.say(json_text({"schema": SCHEMA, "kind": "book", "book": chosen,
                              "title": BOOKS[chosen].full,
                              "entries": [{"number": r.number, "title": r.title,
                                           "game": r.game, "variant": r.variant}
                                          for r in refs]}).rstrip("\n"))
        return
    width = max((len(r.title) for r in refs), default=0)
    entries = {(r.number, r.title) for r in refs}
    lines = [BOOKS[chosen].full, f"{len(entries)} of its games are played here, each by the "
             "command beside it:"]
    last = None
    for r in refs:  # an entry played in several readings: its variants under it
        entry = (r.number, r.title)
        shown = f"{r.number or '':>4}  {r.title:<{width}}" if entry != last else \
            " " * (width + 6)
        lines.append(f"{shown}  patience new {r.command()}")
        last = entry
    output.write("".join(line + "\n" for line in lines))


def _listing(rows: list[dict], cols: int, cache: Path | None) -> str:
    """The games in lines of at most *cols* columns: wrapped once for these
    rows and this width, then read from *cache* (wrapping ninety-six summaries
    costs more than the rest of the command)."""
    import json

    from ..digest import sha256

    kept = None
    if cache is not None:
        digest = sha256(json.dumps(rows, sort_keys=True).encode()).hexdigest()[:16]
        kept = cache / f"listing-{digest}-{cols}.txt"
        try:
            return kept.read_text(encoding="utf-8")
        except OSError:
            pass
    width = max(len(r["id"]) for r in rows)
    indent = " " * (width + 2)
    lines: list[str] = []
    for r in rows:
        where = short_name(r["book"])
        where += f" {r['number']}" if r["number"] else ""
        lines += wrap_text(f"{r['id']:<{width}}  {r['title']} ({where}; {r['cards']})",
                           cols, indent)
        lines += wrap_text(indent + r["summary"], cols, indent)
        if r["variants"]:
            lines += wrap_text(f"{indent}variants: {', '.join(r['variants'])}", cols, indent)
    text = "".join(line + "\n" for line in lines)
    if kept is not None:
        import os

        try:
            kept.parent.mkdir(parents=True, exist_ok=True)
            tmp = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, kept)
            for old in kept.parent.glob("listing-*.txt"):  # other games' lists go
                if not old.name.startswith(kept.name.rsplit("-", 1)[0] + "-"):
                    old.unlink(missing_ok=True)
        except OSError:
            pass  # a cache that cannot be written only makes the next 'list' slower
    return text


@app.command()
def new(
    game: Annotated[str | None, typer.Argument(help="The game, e.g. fours or flower-garden.",
                                                   autocompletion=_complete_game)] = None,
    seed: Annotated[str | None, typer.Option(
        "--seed", "-s", help=f"Deal number, 0 to {MAX_SEED}; the same seed deals the same cards "
        "everywhere. Default: a random one (printed).")] = None,
    deck: Annotated[str | None, typer.Option(
        "--deck", help="Deal this card order instead (a file, or - for standard input), e.g. "
        "to replay a book's example or a real table. Top card first: the file's first card is "
        "dealt first. Cards the game takes out before the deal (aces, kings ...) are taken "
        "from where they lie; the piles are dealt in the order the board numbers them (a "
        "card to each in turn where the game deals in rounds), a pile given several cards at "
        "once getting them one on another, its last on top, and a card that goes up or is "
        "laid aside as it is dealt leaving its place to the next; the pack keeps the rest, "
        "the next card on top. A rule sheet says where its game deals otherwise; 'patience "
        "deal-out GAME --seed N --as-deck' writes any deal in this order.")] = None,
    code: Annotated[str | None, typer.Option(
        "--code", help="Deal from a share code such as fours@7.r1.")] = None,
    variant: VariantOpt = None,
    force: Annotated[bool, typer.Option(
        "--force", help="Replace an unfinished (or damaged) game of the same name.")] = False,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="Deal and show, but save nothing (see also 'patience deal-out').")
    ] = False,
    winnable: Annotated[bool, typer.Option(
        "--winnable", help="Deal the first seed, from --seed (or a random one), that the "
        "solver shows can be won (it sees every card; 3 s a seed, 50 seeds at most).")
    ] = False,
    opponent: Annotated[str | None, typer.Option(
        "--opponent", metavar="program", help="In a game for two players (the Wrangle, Here "
        "and There): 'program' lets the program play B's hand, so you play A's alone (the "
        "variant against-program).")] = None,
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None,
    ascii: AsciiOpt = False, as_json: JsonOpt = False, reveal: RevealOpt = False,
) -> None:
    """Deal a new game and show the board.

    Examples: patience new fours --seed 7 ; patience new flower-garden ;
    patience new fours --deck example.txt ; patience new --code fours@7.r1 ;
    patience new here-and-there --opponent program
    """
    def body() -> None:
        gid, var, seed_value = deal_choice(game, seed, code, variant)
        if opponent is not None:
            var = _against_program(gid, var, opponent)
        var = check_variant(gid, var)
        cards = None
        if deck is not None:
            if seed_value is not None:
                raise Fail("give either --seed/--code or --deck, not both")
            text = read_deck_text(deck)
            cards = parse_deck(text, load_layout(gid, var))
        said = []
        if winnable:
            if cards is not None:
                raise Fail("--winnable deals by seed: leave out --deck")
            seed_value, tried = _winnable_seed(gid, var, seed_value)
            said.append(f"Seed {seed_value} can be won (the solver tried {_count(tried, 'seed')}).")
        g = Game.new(gid, var, seed=seed_value, deck=cards)
        g.started = now()
        text = report(g, as_json, ascii, said, reveal=reveal)
        if dry_run:
            output.write(text)
            return
        store = RUN.store(state)
        with store.lock(name):
            if not force:
                _refuse_overwrite(store, name)
            save_game(store, name, g)
        output.write(text)
    run(body, as_json)


def _against_program(gid: str, var: str | None, opponent: str) -> str:
    """The variant in which the program plays B's hand (--opponent program)."""
    if opponent != "program":
        raise Fail(f"--opponent takes 'program' (the program plays B), not {quoted(opponent)}")
    if "against-program" not in load_layout(gid).variants:
        raise Fail(f"{gid} is not a game for two players: --opponent goes with one "
                   "(wrangle, here-and-there)")
    if var not in (None, "against-program"):
        raise Fail("--opponent program is the variant against-program: leave out --variant")
    return "against-program"


#: the most deals one ``deal-out --seeds`` prints
DEALT_OUT_MOST = 1_000_000


@app.command("deal-out")
def deal_out(
    game: Annotated[str, typer.Argument(autocompletion=_complete_game,
                                        help="The game, e.g. flower-garden.")],
    seed: Annotated[str | None, typer.Option("--seed", "-s", help="One deal number.")] = None,
    seeds: Annotated[str | None, typer.Option(
        "--seeds", metavar="FIRST-LAST",
        help="The deals, one a line (JSON lines with --json): FIRST-LAST, or several "
             "joined by commas (1-1000; 1-10,50-60); a million at most.")
    ] = None,
    variant: VariantOpt = None, ascii: AsciiOpt = False, as_json: JsonOpt = False,
    reveal: RevealOpt = False,
    as_deck: Annotated[bool, typer.Option(
        "--as-deck", help="Write each deal as a deck file instead: its cards top first, in "
        "the order 'patience new GAME --deck FILE' deals them, so that the file deals the "
        "same game again (or sets it out on a real table).")] = False,
) -> None:
    """Deal without saving anything: the board of a deal, or of a range of
    deals, for scripts and for studying the games. Face-down cards stay hidden
    unless --reveal.

    Examples: patience deal-out fours --seed 7 --json ;
    patience deal-out flower-garden --seeds 1-1000 --json --reveal > deals.jsonl ;
    patience deal-out corners --seed 4 --as-deck > corners-4.txt ;
    patience new corners --deck corners-4.txt
    """
    def body() -> None:
        from ..seed_ranges import SeedRangeError, parse_seeds

        gid, var = resolve_choice(game, variant)
        if (seed is None) == (seeds is None):
            raise Fail("give one of --seed N or --seeds FIRST-LAST")
        if seed is not None:
            _, _, first = deal_choice(gid, seed, None, None)
            wanted = [first]
        else:
            try:
                wanted = [n for r in parse_seeds(seeds, DEALT_OUT_MOST) for n in r]
            except SeedRangeError as exc:
                raise Fail(f"--seeds: {exc}") from None
        if as_deck and as_json:
            raise Fail("--as-deck writes a deck file, not JSON: leave out --json")
        for k, n in enumerate(wanted):
            g = Game.new(gid, var, seed=n)
            if as_deck:
                title = g.layout.title + (f" ({g.layout.variant_titles[var]})" if var else "")
                output.write(deck_lines(title, g.code or "", g.layout.id, g.deck, ascii)
                             + ("\n" if k < len(wanted) - 1 else ""))
            elif as_json:
                output.write(json.dumps(position_json(g, reveal), ensure_ascii=False,
                                        separators=(",", ":")) + "\n")
            else:
                output.write(board_text(g, ascii) + ("\n" if k < len(wanted) - 1 else ""))
    run(body, as_json)


def _winnable_seed(gid: str, var: str | None, start: int | None) -> tuple[int, int]:
    from ..game import random_seed
    from ..solver import WON, solve

    first = random_seed() if start is None else start
    # fifty seeds from the first, going round past the largest to 0
    seeds = [(first + n) % (MAX_SEED + 1) for n in range(50)]
    shown = _stderr_is_terminal()
    for tried, seed in enumerate(seeds, 1):
        if shown:  # it may take a while: say how far it has got
            sys.stderr.write(f"\rtrying seed {seed} ({tried} of {len(seeds)}) ...")
            sys.stderr.flush()
        g = Game.new(gid, var, seed=seed)
        won = solve(g.rules, g.start, seconds=3.0, shorten=False).result == WON
        if shown and (won or tried == len(seeds)):
            sys.stderr.write("\r" + " " * 60 + "\r")
        if won:
            return seed, tried
    raise Fail(f"none of the 50 seeds from {seeds[0]} to {seeds[-1]} was shown winnable in "
               "3 s each (some games are hard for the solver: try another --seed)",
               EXIT_REFUSED)


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _refuse_overwrite(store: Store, name: str) -> None:
    try:
        old = load_game(store, name)
    except NoGameError:
        return
    except CorruptStateError:
        raise
    if old.status()[0] is Status.PLAYING and old.moves:
        under = "" if name == DEFAULT_NAME else f" under the name {name!r}"
        raise Fail(f"a game of {old.layout.title} is in progress{under} "
                   f"({_count(len(old.moves), 'move')} made): add --force to replace it, or "
                   "keep both with --name OTHER", EXIT_REFUSED)


@app.command()
def show(name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
         as_json: JsonOpt = False, reveal: RevealOpt = False) -> None:
    """Show the current board (numbered piles, the book's names), or --json."""
    def body() -> None:
        with session(name, state, write=False) as game:
            text = report(game, as_json, ascii, reveal=reveal)
        output.write(text)
    run(body, as_json)


@app.command()
def moves(name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
          as_json: JsonOpt = False,
          show_all: Annotated[bool, typer.Option(
              "--all", help="List every legal move, even where a game sums up a long run "
                            "of similar ones (the Empress of India's pairings).")] = False,
          ) -> None:
    """List the legal moves now, numbered: 'patience move N' plays the Nth."""
    def body() -> None:
        with session(name, state, write=False) as game:
            text = _moves_text(game, as_json, ascii, show_all)
        output.write(text)
    run(body, as_json)


def listed_moves(game: Game, ascii: bool, show_all: bool = False
                 ) -> tuple[list[tuple[int, str, str]], str | None, int]:
    """The moves 'patience moves' lists, as (number, words, command), the
    line summing up those a game leaves out, and how many moves are legal
    (the shell and the full screen list the same)."""
    legal = game.legal_moves()
    shown, summary = list(range(len(legal))), None
    if not show_all:
        shown, summary = game.rules.listing(game.position, legal)
    return [(i + 1, game.rules.words.describe(game.position, legal[i], ascii),
             game.rules.words.command(game.position, legal[i])) for i in shown], summary, len(legal)


def no_move_words(game: Game) -> str:
    """What is said where no move is left: the game won or lost and why."""
    status, why = game.status()
    if not why:
        return "No legal move."
    # moves may be left that cannot help: the game is over, and why is said
    head = "The game is won" if status is Status.WON else "The game is lost" \
        if status is Status.LOST else "No legal move"
    return f"{head}: {why}."


def _moves_text(game: Game, as_json: bool, ascii: bool, show_all: bool) -> str:
    if as_json:
        return json_text(moves_json(game))
    listed, summary, legal = listed_moves(game, ascii, show_all)
    if not legal:
        import textwrap

        return textwrap.fill(no_move_words(game), 80, subsequent_indent="  ") + "\n"
    width = len(str(legal))
    cols = output.columns()
    lines = []
    for number, text, command in listed:
        line = f"{number:>{width}}. {text:<48}  patience {command}"
        if len(line) <= cols:
            lines.append(line)
            continue
        indent = " " * (width + 2)
        lines.extend(wrap_text(f"{number:>{width}}. {text}", cols, indent))
        lines.append(f"{indent}patience {command}")
    if summary:
        lines.extend(wrap_text(summary, cols, "    "))
    return "".join(line + "\n" for line in lines)


@app.command()
def move(
    words: Annotated[list[str], typer.Argument(
        help="SRC DST: pile numbers (SRC may be a card such as 10h, or a pile and a card "
        "such as 3:As where two packs hold the card twice; DST may be f for a "
        "foundation), SRC DST COUNT to move a run of COUNT cards where the game lets runs "
        "move (Klondike: patience move 3 5 4), or N, the Nth move of 'patience moves'.",
        metavar="SRC DST [COUNT] | N")],
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
    as_json: JsonOpt = False, reveal: RevealOpt = False,
) -> None:
    """Move cards from one pile to another, or play a numbered legal move.

    Examples: patience move 3 1 ; patience move 10h 5 ; patience move 4 f ; patience move 2 ;
    patience move 3 5 4 ; patience move 3:As 16
    """
    _play_read(lambda game: game.parse_move(words), name, state, ascii, as_json, reveal)


@app.command()
def remove(
    piles: Annotated[list[str], typer.Argument(
        help="the pile numbers whose top cards are put out together, in any order",
        metavar="PILE...")],
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
    as_json: JsonOpt = False, reveal: RevealOpt = False,
) -> None:
    """Put out the top cards of several piles together, where the game's rule takes cards up
    as a set (the Wheel: three cards making eighteen, crowned by a court card).

    Examples: patience remove 2 5 9 12 ; 'patience moves' lists every set open now.
    """
    _play_read(lambda game: game.parse_removal(piles), name, state, ascii, as_json, reveal)


@app.command()
def deal(name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
         as_json: JsonOpt = False, reveal: RevealOpt = False) -> None:
    """Take the game's next dealing step (deal a row, turn the stock, start the next deal)."""
    _play_read(lambda game: DEAL, name, state, ascii, as_json, reveal)


def _play_read(read: Callable[[Game], Move], name: str, state: str | None, ascii: bool,
               as_json: bool, reveal: bool) -> None:
    """Play the one move *read* finds in the saved game, and report it."""
    def body() -> None:
        with session(name, state) as game:
            events: list[dict[str, Any]] = []
            done = play_one(game, read(game), ascii, events)
            text = report(game, as_json, ascii, [done + "."], reveal, events)
        output.write(text)
    run(body, as_json)


@app.command()
def auto(
    foundations: Annotated[bool, typer.Option(
        "--foundations", "-f", help="Also play cards to the foundations when it can never hurt.")] = False,
    limit: Annotated[int, typer.Option("--limit", min=1, max=100000,
                                       help="Stop after this many moves.")] = 10000,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List every move made.")] = False,
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
    as_json: JsonOpt = False, reveal: RevealOpt = False,
) -> None:
    """Make every move the rules force (in Fours, the whole game), and with
    --foundations play safe cards up. Each move can be undone singly.

    A card is safe to play up when no line could need it kept back; where
    one could go up but is not sure to be safe (la Belle Lucie's gatherings
    deal the cards left, the Pyramid's places take the pack's next card),
    auto says so and leaves it to you.

    Examples: patience auto ; patience auto --foundations --verbose
    """
    def body() -> None:
        with session(name, state) as game:
            done: list[str] = []
            events: list[dict[str, Any]] = []
            while len(done) < limit:
                m = game.rules.advice.forced_move(game.position)
                if m is None and foundations:
                    m = game.rules.advice.safe_foundation_move(game.position)
                if m is None:
                    break
                done.append(play_one(game, m, ascii, events))
            lines = [f"  {d}." for d in done] if verbose or as_json else []
            unsafe = game.rules.advice.unsafe_words(game.position) if foundations else None
            lines.append(f"Auto: {len(done)} move{'s' if len(done) != 1 else ''} made."
                         if done else "Auto: no move is forced now.")
            if unsafe is not None:  # why it stopped with cards that could go up
                lines.append(f"Auto: {unsafe}.")
            text = report(game, as_json, ascii, lines, reveal, events)
        output.write(text)
    run(body, as_json)


@app.command()
def undo(
    count: Annotated[int, typer.Argument(min=1, help="How many moves to take back.")] = 1,
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
    as_json: JsonOpt = False, reveal: RevealOpt = False,
) -> None:
    """Take back the last move (or COUNT moves), back as far as the deal;
    'patience redo' plays them again.

    Examples: patience undo ; patience undo 3
    """
    def body() -> None:
        with session(name, state) as game:
            if not game.moves:
                raise Fail("nothing to undo: no move has been made since the deal", EXIT_REFUSED)
            taken = game.undo(count)
            told = [f"Took back: {game.rules.words.describe(pos, m, ascii)}." for pos, m in taken]
            text = report(game, as_json, ascii, told, reveal)
        output.write(text)
    run(body, as_json)


@app.command()
def redo(
    count: Annotated[int, typer.Argument(min=1, help="How many moves to play again.")] = 1,
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
    as_json: JsonOpt = False, reveal: RevealOpt = False,
) -> None:
    """Play again the last move taken back by 'patience undo' (or COUNT of them).
    A new move forgets the moves taken back.

    Examples: patience redo ; patience redo 3
    """
    def body() -> None:
        with session(name, state) as game:
            if not game.undone:
                raise Fail("nothing to redo: no move has been taken back since the last move",
                           EXIT_REFUSED)
            told, events = [], []
            for _ in range(min(count, len(game.undone))):
                said = play_one(game, game.undone[-1], ascii, events, redoing=True)
                game.undone.pop()
                told.append(f"Played again: {said}.")
            text = report(game, as_json, ascii, told, reveal, events)
        output.write(text)
    run(body, as_json)


@app.command()
def restart(name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
            as_json: JsonOpt = False, reveal: RevealOpt = False) -> None:
    """Go back to the deal of the current game (same cards)."""
    def body() -> None:
        with session(name, state) as game:
            n = len(game.moves)
            game.restart()
            text = report(game, as_json, ascii,
                          [f"Back to the deal ({_count(n, 'move')} taken back; 'patience redo' "
                           "plays them again)."], reveal)
        output.write(text)
    run(body, as_json)
