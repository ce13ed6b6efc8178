"""The command line's shared ground: the Typer application, the options every
command shares, loading and saving a game under its lock, the board and the
JSON documents, and how errors become one line and an exit status."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from .. import output
from ..books import short_name
from ..engine import Move, Status
from ..errors import ExitStatus, PatienceError, quoted
from ..game import MAX_DECK_TEXT, Game, RecordError, ascii_number, parse_share_code
from ..layout import game_ids, load_layout
from ..render_text import Line, board, status_lines, wrap_text
from ..rng import DEAL_VERSION, MAX_SEED
from ..state import Ledger, StateError, Store

#: The version of every JSON document the commands print (see schema/).
SCHEMA = 1

EXIT_REFUSED = ExitStatus.REFUSED
EXIT_USAGE = ExitStatus.USAGE

app = typer.Typer(
    name="patience",
    help=(
        "Play, print and study the patience games of the 19th-century books.\n\n"
        "Start with 'patience list', then for example:\n\n"
        "  patience new fours --seed 7\n\n"
        "  patience moves\n\n"
        "  patience move 3 1\n\n"
        "  patience undo"
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class Fail(PatienceError):
    """An error of the command line itself, to report in one line, with its
    exit status (a usage error unless said otherwise)."""

    def __init__(self, message: str, code: ExitStatus = EXIT_USAGE) -> None:
        super().__init__(message)
        self.exit_status = code


def refuse_contest(layout, command: str) -> None:
    """A game for two players (its ``[game]`` names an opponent) has no one
    winning line for the solver to look for: say so, and how to play it."""
    if "opponent" in layout.game:
        raise Fail(f"{layout.title} is a game for two players: who wins turns on both "
                   f"players' choices, so '{command}' (which looks for one player's winning "
                   f"line) has nothing to say; play it with 'patience new {layout.id}' "
                   "('--opponent program' plays B)")


def _say_version(as_json: bool) -> None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version("patience-cli")
    except PackageNotFoundError:  # pragma: no cover - run from a bare checkout
        number = "unknown"
    if as_json:
        output.say(json.dumps({"schema": SCHEMA, "kind": "version", "version": number,
                               "deal_algorithm": f"r{DEAL_VERSION}"}))
    else:
        output.say(f"patience-cli {number} (deal algorithm r{DEAL_VERSION})")


@app.callback(invoke_without_command=True)
def _main_options(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option(
        "--version", help="Print the program's version and exit (with --json, as JSON).")
    ] = False,
    as_json: Annotated[bool, typer.Option(
        "--json", help="With --version: print it as JSON.")] = False,
) -> None:
    """Play, print and study the patience games of the 19th-century books."""
    if version:
        _say_version(as_json)
        raise typer.Exit()
    if as_json:
        example = f"'patience {ctx.invoked_subcommand} --json'" if ctx.invoked_subcommand \
            else "for example 'patience show --json'"
        ctx.fail(f"--json goes after the command: {example}")
    if ctx.invoked_subcommand is None:
        output.say(ctx.get_help())
        raise typer.Exit()


# ---------------------------------------------------------------- shared options
NameOpt = Annotated[str, typer.Option(
    "--name", "-n", help="Which saved game: several can be kept side by side.",
    show_default=True)]
StateOpt = Annotated[str | None, typer.Option(
    "--state", envvar="PATIENCE_HOME", show_default=False,
    help="Folder where games are kept (default: your user state folder).")]
AsciiOpt = Annotated[bool, typer.Option(
    "--ascii", help="Write suits as letters (10h, Ks) instead of ♥ ♠.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
RevealOpt = Annotated[bool, typer.Option(
    "--reveal", help="With --json: name the face-down cards too (hidden otherwise), and "
                     "give the whole position.")]
VariantOpt = Annotated[str | None, typer.Option(
    "--variant", help="A named variant of the game (see 'patience list').")]


def seconds_given(value: float) -> float:
    """A --time option's check beyond its range: "nan" passes every
    comparison, and a results file must not hold NaN (it is not JSON)."""
    if value != value:
        raise typer.BadParameter("nan is not a number of seconds")
    return value


MemoryOpt = Annotated[int | None, typer.Option(
    "--memory", min=50, max=1_000_000, show_default=False,
    help="Megabytes of memory a search may take, at most (default 900; with --jobs, "
         "shared among them): a search that reaches it stops, undecided.")]


def _complete_game(incomplete: str) -> list[str]:
    """Shell completion of a game's id."""
    return [gid for gid in game_ids() if gid.startswith(incomplete)]


# ---------------------------------------------------------------- helpers
def resolve_game(word: str) -> str:
    """A game id from what the user typed (id, title, or close enough)."""
    ids = game_ids()
    key = word.strip().lower().replace(" ", "-").replace("_", "-")
    if key.startswith("the-"):
        key = key[4:]
    if key in ids:
        return key
    for gid in ids:
        if gid.replace("-", "") == key.replace("-", ""):
            return gid
    import difflib

    def likeness(gid: str) -> float:
        # the whole name, or its beginning (for a word typed half-way)
        return max(difflib.SequenceMatcher(None, key, gid).ratio(),
                   difflib.SequenceMatcher(None, key, gid[:len(key)]).ratio())

    near = [gid for gid in ids if key and (gid.startswith(key) or key in gid)] or \
        [gid for gid in sorted(ids, key=likeness, reverse=True) if likeness(gid) >= 0.6][:1] \
        if len(key) <= 60 else []  # a name is a few words: nothing is near a page of text
    hint = f"; did you mean '{near[0]}'?" if near else ""
    raise Fail(f"no game called {quoted(word)}{hint} ('patience list' shows every game)")


def resolve_choice(word: str, variant: str | None,
                   check: bool = True) -> tuple[str, str | None]:
    """The game and variant of what the user typed: a game's id or title, or
    a book's own title for a variant (Hoffmann's "trefoil" is La Belle
    Lucie's variant trefoil), with *variant* as given (checked, with
    *check*)."""
    try:
        gid = resolve_game(word)
    except Fail:
        from ..book_refs import by_title, title_key

        ref = by_title(word)  # looked up only when the word is no game's id
        if ref is None:
            raise
        gid, named = ref.game, ref.variant
        if named is not None and variant is not None and variant != named:
            raise Fail(f"{quoted(word)} is the variant {named} of {gid}: leave out --variant") \
                from None
        variant = named if named is not None else variant
        layout = load_layout(gid, variant)
        if ref.book and title_key(ref.title) not in (title_key(layout.title),
                                                     title_key(layout.source.title)):
            number = f", no. {ref.number}" if ref.number else ""
            output.error(f"note: {short_name(ref.book)}'s “{ref.title}”{number} is played "
                         f"here as {layout.title} ({ref.command()})")
    return gid, check_variant(gid, variant) if check else variant


def check_variant(game_id: str, variant: str | None) -> str | None:
    if variant is None:
        return None
    layout = load_layout(game_id)
    if variant in layout.variants:
        return variant
    if not layout.variants:
        raise Fail(f"{layout.title} has no variants")
    import difflib

    near = difflib.get_close_matches(variant, layout.variants, n=1)
    hint = f"; did you mean '{near[0]}'?" if near else ""
    raise Fail(f"{layout.title} has no variant {quoted(variant)}{hint} "
               f"(its variants: {', '.join(layout.variants)})")


class Invocation:
    """What one run of 'patience' keeps while it runs: the ledger of the
    saved games it wrote (an error says truly whether a game was saved), and
    the game it last saved, by file (a batch of commands in one process,
    'patience play', reads it back without replaying every move, as long as
    the file holds exactly what was written: its checksum says so)."""

    def __init__(self) -> None:
        self.ledger = Ledger()
        self.last_saved: dict[Path, tuple[str, Game]] = {}
        #: whether JSON documents are written one a line ('patience play' writes
        #: several: JSON Lines), rather than spread over lines for reading
        self.json_lines = False

    def store(self, state: str | Path | None) -> Store:
        """The saved games of the state folder *state*, counted in the ledger."""
        return Store(state, self.ledger)

    def saved_anything(self) -> bool:
        return self.ledger.writes > 0


#: This process's run (one command, or a batch of them).
RUN = Invocation()


def load_game(store: Store, name: str) -> Game:
    record = store.read(name)
    known = RUN.last_saved.get(store.path(name))
    if known is not None and record.get("checksum") == known[0]:
        return _copy(known[1])
    try:
        game = Game.from_record(record)
    except RecordError as exc:
        store.corrupt(name, str(exc))
        raise  # pragma: no cover - corrupt() always raises
    return game


def _copy(game: Game) -> Game:
    return game.copy()


def save_game(store: Store, name: str, game: Game) -> None:
    RUN.last_saved.clear()
    RUN.last_saved[store.path(name)] = (store.write(name, game.to_record()), _copy(game))


@contextlib.contextmanager
def session(name: str, state: Path | None, write: bool = True) -> Iterator[Game]:
    """Lock the named game, load it, hand it over, and save it if asked (a
    command that only reads can read a folder where it cannot lock)."""
    store = RUN.store(state)
    with store.lock(name, read_only=not write):
        game = load_game(store, name)
        before = len(game.moves), game.position
        yield game
        if write and (len(game.moves), game.position) != before:
            save_game(store, name, game)
            if game.position != before[1] and game.status()[0] is not Status.PLAYING:
                record_finish(game, name, state)


def now() -> str:
    from datetime import UTC, datetime

    return datetime.now(UTC).isoformat(timespec="microseconds")


def record_finish(game: Game, name: str, state: str | Path | None) -> None:
    """Keep a finished game in the history ('patience stats'). The game is
    saved already: a history that cannot be written is said, never fatal."""
    from ..history import FinishKept, History

    status, _ = game.status()
    entry = {"game": game.layout.id, "variant": game.layout.variant, "seed": game.seed,
             "deck": game.deck_digest(), "code": game.code, "result": status.value,
             "moves": len(game.moves), "started": game.started or "unknown",
             "finished": now(), "name": name}
    history = History(state)
    try:
        history.record(entry)
    except FinishKept as exc:
        output.error(f"note: {exc}")
    except (OSError, StateError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        output.error(f"note: the finished game could not be added to the history ({why})")
    if history.note:
        output.error(f"note: {history.note}")


def header(game: Game, ascii: bool) -> str:
    src = game.layout.source
    book = short_name(src.book)
    where = f"{book} no. {src.number}" if src.number else book
    title = game.layout.title
    if game.layout.variant:
        title += f" ({game.layout.variant_titles[game.layout.variant]})"
    deal = f"seed {game.seed} · code {game.code}" if game.seed is not None else "dealt from a deck"
    sep = " - " if ascii else " · "
    return sep.join([title, where, deal]).replace(" · ", sep)


def board_text(game: Game, ascii: bool) -> str:
    return output.render(board_lines(game, ascii, output.columns()))


def board_lines(game: Game, ascii: bool, width: int) -> list[Line]:
    """The board as 'patience show' draws it, in lines of styled pieces at
    most *width* columns wide: the header, the piles, and the status, the
    last move and the moves to redo under them (the full screen draws the
    same lines)."""
    legal = game.legal_moves()
    footer = status_lines(game.rules, game.position, len(game.moves), len(legal), ascii)
    marked: frozenset[int] = frozenset()
    if game.moves and game.before_last is not None:
        last = game.moves[-1]
        marked = frozenset(i for i in (last.src, last.dst) if i is not None)
        what = game.rules.words.describe(game.before_last, last, ascii)
        footer.append(f"Last move: {what}" + (" (its piles marked *)" if marked else "")
                      + "; 'patience undo' takes it back")
    if game.undone:
        footer.append(f"{_count(len(game.undone), 'move')} taken back: 'patience redo' "
                      "plays the next again")
    return board(game.layout, game.rules, game.position, ascii=ascii,
                 header=header(game, ascii), footer=footer, marked=marked, width=width)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def position_json(game: Game, reveal: bool = False, said: list[str] | None = None,
                  events: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The JSON view (schema/patience.schema.json, "board"): names, roles,
    cards, availability and status for scripts. Face-down cards are null
    unless *reveal*; then the whole position is given too (it round-trips
    through Position.from_json)."""
    pos, rules, layout = game.position, game.rules, game.layout
    status, why = rules.status(pos)
    piles = []
    for spec in layout.piles:
        cards = pos.piles[spec.index]
        down = pos.down[spec.index]
        piles.append({
            "number": spec.number, "key": spec.key, "name": spec.name, "label": spec.label,
            "role": spec.role.value,
            "cards": [None if spec.hidden(down, i) and not reveal else c.code
                      for i, c in enumerate(cards)],
            "face_down": spec.hidden_count(down),
            "available": [c.code for c in rules.available_cards(pos, spec.index)],
        })
    doc = {
        "schema": SCHEMA, "kind": "board",
        "game": layout.id, "title": layout.title, "variant": layout.variant,
        "source": layout.source.citation, "seed": game.seed, "code": game.code,
        "moves_made": len(game.moves), "moves_to_redo": len(game.undone),
        "status": status.value, "reason": why,
        "legal_moves": sum(1 for _ in rules.legal_moves(pos)), "piles": piles,
        "digest": pos.digest(), "said": said or [], "events": events or [],
        "counters": rules.standing.counters(pos), "left": rules.standing.tallies(pos),
    }
    if reveal:
        doc["position"] = pos.to_json()
    return doc


def moves_json(game: Game) -> dict[str, Any]:
    out = []
    for n, m in enumerate(game.legal_moves(), 1):
        src = game.layout.piles[m.src].number if m.src is not None else None
        dst = game.layout.piles[m.dst].number if m.dst is not None else None
        out.append({"n": n, "kind": m.kind, "src": src, "dst": dst, "count": m.count,
                    "piles": [game.layout.piles[i].number for i in m.piles],
                    "card": (m.card or (game.position.piles[m.src][-1] if m.src is not None
                                        and game.position.piles[m.src] else None)).code
                    if m.kind == "move" else None,
                    "text": game.rules.words.describe(game.position, m, ascii=True),
                    "command": "patience " + game.rules.words.command(game.position, m)})
    return {"schema": SCHEMA, "kind": "moves", "moves": out}


def report(game: Game, as_json: bool, ascii: bool, done: list[str] | None = None,
           reveal: bool = False, events: list[dict[str, Any]] | None = None) -> str:
    """After an action: what was done, then the board (or the JSON view, with
    the events the action caused), as text to write once the game is saved."""
    if as_json:
        doc = position_json(game, reveal, [d.strip() for d in done or []], events)
        return json_text(doc)
    cols = output.columns()
    told = [part for line in done or [] for part in wrap_text(line, cols, "  ")]
    return "".join(line + "\n" for line in told) + board_text(game, ascii)


def play_one(game: Game, move: Move, ascii: bool,
             events: list[dict[str, Any]] | None = None, redoing: bool = False) -> str:
    """Make *move*; returns what it did in words (a sentence's start: 'Dealt
    ...'; when *redoing*, the words as they go after 'Played again:'), and
    adds its events."""
    outcome = game.play(move, redoing=redoing)  # the one door: checked once, applied once
    if events is not None:
        events.extend(outcome.events)
    text = outcome.words(ascii)
    return text if redoing else text[0].upper() + text[1:]


def run(fn, as_json: bool = False):
    """Run a command body, turning known errors into one line on standard
    error and the exit status each error carries; with --json, the error is
    also a JSON document on standard output."""
    RUN.ledger.writes = 0
    try:
        return fn()
    except output.OutputError as exc:
        if RUN.saved_anything():  # counted, not guessed: the game did change
            output.error(f"the game was saved, but {exc}: 'patience show' shows it")
            raise typer.Exit(EXIT_REFUSED) from None
        if exc.broken_pipe:  # the reader has gone (patience moves | head -1)
            raise typer.Exit(0) from None
        output.error(f"{exc}; nothing was changed")
        raise typer.Exit(EXIT_REFUSED) from None
    except PatienceError as exc:
        said = error_text(exc)
        output.error(said)
        if as_json:
            with contextlib.suppress(output.OutputError):
                output.write(json_error(said, exc.exit_status))
        raise typer.Exit(exc.exit_status) from None


def json_text(doc: Any) -> str:
    """A JSON document as a command writes it: indented to be read, or on one
    line where several are written in a row (a batch of commands)."""
    return json.dumps(doc, ensure_ascii=False, indent=None if RUN.json_lines else 1) + "\n"


def error_text(exc: PatienceError) -> str:
    """The one line an error is reported in, with the command that would do
    instead where the error names one."""
    text = exc.message()
    cites = getattr(exc, "cites", None)
    if cites and "(rule " not in text:
        from ..rules_text import rule_cited  # a refusal names the rule that forbids it

        number = rule_cited(*cites)
        if number is not None:
            text += f" (rule {number})"
    return text if exc.instead is None else f"{text} (patience {exc.instead})"


def json_error(message: str, code: int) -> str:
    return json.dumps({"schema": SCHEMA, "kind": "error", "error": message, "exit": int(code)},
                      ensure_ascii=False) + "\n"


# ---------------------------------------------------------------- commands


#: Each command with the module that defines it, in the order 'patience --help'
#: lists them.
COMMAND_MODULES = {
    "list": "play", "new": "play", "deal-out": "play", "show": "play", "moves": "play",
    "move": "play", "remove": "play", "deal": "play", "auto": "play", "undo": "play", "redo": "play",
    "restart": "play", "rules": "study", "solve": "study", "export": "study",
    "odds": "odds", "hint": "study", "games": "scripting", "stats": "scripting",
    "play": "scripting", "print": "sheets",
}
ORDER = tuple(COMMAND_MODULES)


def load_commands(name: str | None = None) -> None:
    """Register the command *name* (its module imported), or every command,
    in the order of :data:`ORDER`."""
    import importlib

    wanted = {COMMAND_MODULES[name]} if name in COMMAND_MODULES else \
        set(COMMAND_MODULES.values())
    for module in sorted(wanted):
        importlib.import_module(f"{__package__}.{module}")
    app.registered_commands.sort(key=lambda c: ORDER.index(c.name or c.callback.__name__))


def _with_flowing_help(commands: list) -> list:
    """*commands*, each help text made to flow (done for the commands built only)."""
    for command in commands:
        if command.help is None and command.callback is not None and command.callback.__doc__:
            command.help = _flowing(command.callback.__doc__)
    return commands


def _flowing(doc: str) -> str:
    """A docstring as help text that the terminal wraps: the lines of each
    paragraph joined (they were broken for the source, not for the screen)."""
    import inspect

    paragraphs = [" ".join(line.strip() for line in p.splitlines())
                  for p in inspect.cleandoc(doc).split("\n\n")]
    return "\n\n".join(paragraphs)


#: the click commands built in this process, by command name ("" for the
#: whole group): an interactive session builds each command once
_BUILT: dict[str, object] = {}


def _command_for(argv: list[str]):
    """The click command to run.  Building the whole group costs every
    command's signature; a player's 'patience move 3 1' builds only 'move'
    (and imports only the module of the commands that play)."""
    name = argv[0] if argv and argv[0] in COMMAND_MODULES else None
    built = _BUILT.get(name or "")
    if built is None:
        built = _BUILT[name or ""] = _build_command(name)
    return built


def _build_command(name: str | None):
    load_commands(name)
    wanted = [c for c in app.registered_commands
              if name is not None and (c.name or c.callback.__name__) == name]
    if not wanted:
        _with_flowing_help(app.registered_commands)
        return typer.main.get_command(app)
    single = typer.Typer(name=app.info.name, add_completion=False,
                         pretty_exceptions_enable=False,
                         context_settings={"help_option_names": ["-h", "--help"]})
    single.registered_commands = _with_flowing_help(wanted)
    single.registered_callback = None
    # a one-command Typer would run it without its name: keep the group
    single.callback(invoke_without_command=False)(lambda: None)
    return typer.main.get_command(single)


def deal_choice(game: str | None, seed: str | None, code: str | None,
                 variant: str | None) -> tuple[str, str | None, int | None]:
    if code is not None:
        if seed is not None:
            raise Fail("give either --seed or --code, not both")
        try:
            gid, var, seed_value = parse_share_code(code)
        except ValueError as exc:
            raise Fail(str(exc)) from None
        gid = resolve_game(gid)
        if game is not None and resolve_game(game) != gid:
            raise Fail(f"the share code is for {gid}, not {game}")
        if variant is not None and variant != var:
            raise Fail("the share code names its own variant; leave out --variant")
        return gid, var, seed_value
    if game is None:
        raise Fail("name a game, e.g. 'patience new fours' ('patience list' shows them all)")
    gid, variant = resolve_choice(game, variant, check=False)
    seed_value = None
    if seed is not None:
        seed_value = ascii_number(seed, MAX_SEED)
        if seed_value is None:
            shown = seed if len(seed) <= 30 else seed[:27] + "..."
            raise Fail(f"the seed must be a whole number from 0 to {MAX_SEED}, not {shown!r}")
    return gid, variant, seed_value


def read_deck_text(deck: str) -> str:
    """The deck file's text (or standard input's, for -), read only up to
    MAX_DECK_TEXT: /dev/zero or an endless pipe is refused, not read for ever."""
    what = "standard input" if deck == "-" else f"the deck file {quoted(deck)}"
    try:
        if deck == "-":
            stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else None
            raw = stream.read(MAX_DECK_TEXT + 1) if stream is not None else \
                sys.stdin.read(MAX_DECK_TEXT + 1).encode("utf-8")
        else:
            with open(deck, "rb") as fh:
                raw = fh.read(MAX_DECK_TEXT + 1)
    except (OSError, ValueError, AttributeError) as exc:
        why = getattr(exc, "strerror", None) or "it cannot be read"
        raise Fail(f"cannot read {what}: {why}") from None
    if len(raw) > MAX_DECK_TEXT:
        raise Fail(f"{what} is longer than {MAX_DECK_TEXT // 1024} KiB: a deck is a list "
                   "of cards (e.g. 10h Ks 7c ...)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Fail(f"cannot read {what}: it is not UTF-8 text") from None
