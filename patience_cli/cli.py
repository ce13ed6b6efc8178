"""The ``patience`` command: a thin layer over the engine, one shell command per
action, the game kept on disk between commands.

Exit codes: 0 success; 1 a move or action the rules refuse, or a saved game
that cannot be used (busy, damaged, newer format); 2 a usage error (unknown
game, bad seed, bad pile number, malformed move, no game in progress, ...).
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import Annotated, Any, Iterator, Optional

import typer

from . import output
from . import state as state_mod
from .engine import Move, Status
from .errors import ExitStatus, PatienceError
from .game import MAX_DECK_TEXT, Game, RecordError, ascii_number, parse_deck, parse_share_code
from .layout import catalogue, game_ids, load_layout, use_cache
from .render_text import board, status_lines, wrap_text
from .rng import DEAL_VERSION, MAX_SEED
from .state import DEFAULT_NAME, CorruptStateError, NoGameError, StateError, Store, home

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


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("patience-cli")
        except PackageNotFoundError:  # pragma: no cover - run from a bare checkout
            number = "unknown"
        output.say(f"patience-cli {number} (deal algorithm r{DEAL_VERSION})")
        raise typer.Exit()


@app.callback()
def _main_options(
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Print the program's version and exit.")] = False,
) -> None:
    """Play, print and study the patience games of the 19th-century books."""


# ---------------------------------------------------------------- shared options
NameOpt = Annotated[str, typer.Option(
    "--name", "-n", help="Which saved game: several can be kept side by side.",
    show_default=True)]
StateOpt = Annotated[Optional[str], typer.Option(
    "--state", envvar="PATIENCE_HOME", show_default=False,
    help="Folder where games are kept (default: your user state folder).")]
AsciiOpt = Annotated[bool, typer.Option(
    "--ascii", help="Write suits as letters (10h, Ks) instead of ♥ ♠.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
RevealOpt = Annotated[bool, typer.Option(
    "--reveal", help="With --json: name the face-down cards too (hidden otherwise), and "
                     "give the whole position.")]
VariantOpt = Annotated[Optional[str], typer.Option(
    "--variant", help="A named variant of the game (see 'patience list').")]


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
        [gid for gid in sorted(ids, key=likeness, reverse=True) if likeness(gid) >= 0.6][:1]
    hint = f"; did you mean '{near[0]}'?" if near else ""
    raise Fail(f"no game called {word!r}{hint} ('patience list' shows every game)")


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
    raise Fail(f"{layout.title} has no variant {variant!r}{hint} "
               f"(its variants: {', '.join(layout.variants)})")


#: The game this process last saved, by file: a batch of commands in one
#: process ('patience play') reads it back without replaying every move, as
#: long as the file holds exactly what was written (its checksum says so).
_LAST_SAVED: dict[Path, tuple[str, Game]] = {}


def load_game(store: Store, name: str) -> Game:
    record = store.read(name)
    known = _LAST_SAVED.get(store.path(name))
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
    _LAST_SAVED.clear()
    _LAST_SAVED[store.path(name)] = (store.write(name, game.to_record()), _copy(game))


@contextlib.contextmanager
def session(name: str, state: Path | None, write: bool = True) -> Iterator[Game]:
    """Lock the named game, load it, hand it over, and save it if asked (a
    command that only reads can read a folder where it cannot lock)."""
    store = Store(state)
    with store.lock(name, read_only=not write):
        game = load_game(store, name)
        before = len(game.moves), game.position
        yield game
        if write and (len(game.moves), game.position) != before:
            save_game(store, name, game)
            if game.position != before[1] and game.status()[0] is not Status.PLAYING:
                record_finish(game, name, state)


def now() -> str:
    from datetime import datetime, timezone

    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def record_finish(game: Game, name: str, state: str | Path | None) -> None:
    """Keep a finished game in the history ('patience stats'). The game is
    saved already: a history that cannot be written is said, never fatal."""
    from .history import History

    status, _ = game.status()
    entry = {"game": game.layout.id, "variant": game.layout.variant, "seed": game.seed,
             "deck": game.deck_digest(), "code": game.code, "result": status.value,
             "moves": len(game.moves), "started": game.started or "unknown",
             "finished": now(), "name": name}
    history = History(state)
    try:
        history.record(entry)
    except (OSError, StateError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        output.error(f"note: the finished game could not be added to the history ({why})")
    if history.note:
        output.error(f"note: {history.note}")


def header(game: Game, ascii: bool) -> str:
    src = game.layout.source
    book = {"cadogan": "Cadogan", "hoffmann": "Hoffmann", "cheney": "Cheney",
            "patience-games": "Patience Games"}.get(src.book, src.book)
    where = f"{book} no. {src.number}" if src.number else book
    title = game.layout.title
    if game.layout.variant:
        title += f" ({game.layout.variant_titles[game.layout.variant]})"
    deal = f"seed {game.seed} · code {game.code}" if game.seed is not None else "dealt from a deck"
    sep = " - " if ascii else " · "
    return sep.join([title, where, deal]).replace(" · ", sep)


def board_text(game: Game, ascii: bool) -> str:
    legal = game.legal_moves()
    footer = status_lines(game.rules, game.position, len(game.moves), len(legal), ascii)
    marked: frozenset[int] = frozenset()
    if game.moves and game.before_last is not None:
        last = game.moves[-1]
        marked = frozenset(i for i in (last.src, last.dst) if i is not None)
        what = game.rules.describe(game.before_last, last, ascii)
        footer.append(f"Last move: {what}" + (" (its piles marked *)" if marked else "")
                      + "; 'patience undo' takes it back")
    if game.undone:
        footer.append(f"{_count(len(game.undone), 'move')} taken back: 'patience redo' "
                      "plays the next again")
    lines = board(game.layout, game.rules, game.position, ascii=ascii,
                  header=header(game, ascii), footer=footer, marked=marked,
                  width=output.columns())
    return output.render(lines)


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
        "counters": rules.counters(pos),
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
                    "card": (m.card or (game.position.piles[m.src][-1] if m.src is not None
                                        and game.position.piles[m.src] else None)).code
                    if m.kind == "move" else None,
                    "text": game.rules.describe(game.position, m, ascii=True),
                    "command": "patience " + game.rules.command(game.position, m)})
    return {"schema": SCHEMA, "kind": "moves", "moves": out}


def report(game: Game, as_json: bool, ascii: bool, done: list[str] | None = None,
           reveal: bool = False, events: list[dict[str, Any]] | None = None) -> str:
    """After an action: what was done, then the board (or the JSON view, with
    the events the action caused), as text to write once the game is saved."""
    if as_json:
        doc = position_json(game, reveal, [d.strip() for d in done or []], events)
        return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    cols = output.columns()
    told = [part for line in done or [] for part in wrap_text(line, cols, "  ")]
    return "".join(line + "\n" for line in told) + board_text(game, ascii)


def play_one(game: Game, move: Move, ascii: bool,
             events: list[dict[str, Any]] | None = None, redoing: bool = False) -> str:
    """Make *move*; returns what it did in words (a sentence's start: 'Dealt
    ...'; when *redoing*, the words as they go after 'Played again:'), and
    adds its events."""
    game.check(move)  # before describing it: an illegal move may name an empty pile
    played = game.rules.play(game.position, move)  # applied once: position and events
    text = game.rules.outcome(game.position, move, ascii, played.position)
    game.play(move, redoing=redoing, played=played)
    if events is not None:
        events.extend(played.events)
    return text if redoing else text[0].upper() + text[1:]


def run(fn, as_json: bool = False):
    """Run a command body, turning known errors into one line on standard
    error and the exit status each error carries; with --json, the error is
    also a JSON document on standard output."""
    state_mod.writes = 0
    try:
        return fn()
    except output.OutputError as exc:
        if state_mod.writes:  # counted, not guessed: the game did change
            output.error(f"the game was saved, but {exc}: 'patience show' shows it")
            raise typer.Exit(EXIT_REFUSED) from None
        if exc.broken_pipe:  # the reader has gone (patience moves | head -1)
            raise typer.Exit(0) from None
        output.error(f"{exc}; nothing was changed")
        raise typer.Exit(EXIT_REFUSED) from None
    except PatienceError as exc:
        output.error(exc.message())
        if as_json:
            with contextlib.suppress(output.OutputError):
                output.write(json_error(exc.message(), exc.exit_status))
        raise typer.Exit(exc.exit_status) from None


def json_error(message: str, code: int) -> str:
    return json.dumps({"schema": SCHEMA, "kind": "error", "error": message, "exit": int(code)},
                      ensure_ascii=False) + "\n"


# ---------------------------------------------------------------- commands
@app.command("list")
def list_games(as_json: JsonOpt = False) -> None:
    """List every game with its book, packs and a one-line summary.

    Example: patience list --json
    """
    def body() -> None:
        try:
            cache: Path | None = home(None) / "cache"
        except PatienceError:
            cache = None
        rows = catalogue(cache)
        if as_json:
            output.say(json.dumps({"schema": SCHEMA, "kind": "games", "games": rows},
                                  ensure_ascii=False, indent=1))
            return
        width = max(len(r["id"]) for r in rows)
        for r in rows:
            where = {"cadogan": "Cadogan", "hoffmann": "Hoffmann",
                     "patience-games": "Patience Games"}.get(r["book"], r["book"])
            where += f" {r['number']}" if r["number"] else ""
            indent = " " * (width + 2)
            cols = output.columns()
            text = wrap_text(f"{r['id']:<{width}}  {r['title']} ({where}; {r['cards']})",
                             cols, indent)
            text += wrap_text(indent + r["summary"], cols, indent)
            if r["variants"]:
                text += wrap_text(f"{indent}variants: {', '.join(r['variants'])}", cols, indent)
            output.write("".join(line + "\n" for line in text))
    run(body, as_json)


@app.command()
def new(
    game: Annotated[Optional[str], typer.Argument(help="The game, e.g. fours or flower-garden.",
                                                   autocompletion=_complete_game)] = None,
    seed: Annotated[Optional[str], typer.Option(
        "--seed", "-s", help=f"Deal number, 0 to {MAX_SEED}; the same seed deals the same cards "
        "everywhere. Default: a random one (printed).")] = None,
    deck: Annotated[Optional[str], typer.Option(
        "--deck", help="Deal this card order instead (top card first; a file, or - for "
        "standard input), e.g. to replay a book's example or a real table.")] = None,
    code: Annotated[Optional[str], typer.Option(
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
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None,
    ascii: AsciiOpt = False, as_json: JsonOpt = False, reveal: RevealOpt = False,
) -> None:
    """Deal a new game and show the board.

    Examples: patience new fours --seed 7 ; patience new flower-garden ;
    patience new fours --deck example.txt ; patience new --code fours@7.r1
    """
    def body() -> None:
        gid, var, seed_value = _deal_choice(game, seed, code, variant)
        var = check_variant(gid, var)
        cards = None
        if deck is not None:
            if seed_value is not None:
                raise Fail("give either --seed/--code or --deck, not both")
            text = _read_deck_text(deck)
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
        store = Store(state)
        with store.lock(name):
            if not force:
                _refuse_overwrite(store, name)
            save_game(store, name, g)
        output.write(text)
    run(body, as_json)


@app.command("deal-out")
def deal_out(
    game: Annotated[str, typer.Argument(autocompletion=_complete_game,
                                        help="The game, e.g. flower-garden.")],
    seed: Annotated[Optional[str], typer.Option("--seed", "-s", help="One deal number.")] = None,
    seeds: Annotated[Optional[str], typer.Option(
        "--seeds", metavar="FIRST-LAST",
        help="A range of deal numbers, e.g. 1-1000: one deal a line (JSON lines with --json).")
    ] = None,
    variant: VariantOpt = None, ascii: AsciiOpt = False, as_json: JsonOpt = False,
    reveal: RevealOpt = False,
) -> None:
    """Deal without saving anything: the board of a deal, or of a range of
    deals, for scripts and for studying the games. Face-down cards stay hidden
    unless --reveal.

    Examples: patience deal-out fours --seed 7 --json ;
    patience deal-out flower-garden --seeds 1-1000 --json --reveal > deals.jsonl
    """
    def body() -> None:
        gid = resolve_game(game)
        var = check_variant(gid, variant)
        if (seed is None) == (seeds is None):
            raise Fail("give one of --seed N or --seeds FIRST-LAST")
        if seed is not None:
            _, _, first = _deal_choice(gid, seed, None, None)
            last = first
        else:
            head, sep, tail = seeds.partition("-")
            first, last = ascii_number(head, MAX_SEED), ascii_number(tail, MAX_SEED)
            if not sep or first is None or last is None or last < first:
                raise Fail(f"--seeds takes a range FIRST-LAST of whole numbers, e.g. 1-1000, "
                           f"not {seeds[:30]!r}")
            if last - first >= 1_000_000:
                raise Fail("--seeds covers a million deals at most in one run")
        for n in range(first, last + 1):
            g = Game.new(gid, var, seed=n)
            if as_json:
                output.write(json.dumps(position_json(g, reveal), ensure_ascii=False,
                                        separators=(",", ":")) + "\n")
            else:
                output.write(board_text(g, ascii) + ("\n" if n < last else ""))
    run(body, as_json)


def _winnable_seed(gid: str, var: str | None, start: int | None) -> tuple[int, int]:
    from .game import random_seed
    from .solver import WON, solve

    first = random_seed() if start is None else start
    for tried, seed in enumerate(range(first, min(first + 50, MAX_SEED + 1)), 1):
        g = Game.new(gid, var, seed=seed)
        if solve(g.rules, g.start, seconds=3.0, shorten=False).result == WON:
            return seed, tried
    raise Fail(f"no seed from {first} to {first + 49} was shown winnable in 3 s each "
               "(some games are hard for the solver: try another --seed)", EXIT_REFUSED)


def _deal_choice(game: str | None, seed: str | None, code: str | None,
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
    gid = resolve_game(game)
    seed_value = None
    if seed is not None:
        seed_value = ascii_number(seed, MAX_SEED)
        if seed_value is None:
            shown = seed if len(seed) <= 30 else seed[:27] + "..."
            raise Fail(f"the seed must be a whole number from 0 to {MAX_SEED}, not {shown!r}")
    return gid, variant, seed_value


def _read_deck_text(deck: str) -> str:
    """The deck file's text (or standard input's, for -), read only up to
    MAX_DECK_TEXT: /dev/zero or an endless pipe is refused, not read for ever."""
    what = "standard input" if deck == "-" else f"the deck file {deck!r}"
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


def _refuse_overwrite(store: Store, name: str) -> None:
    try:
        old = load_game(store, name)
    except NoGameError:
        return
    except CorruptStateError:
        raise
    if old.status()[0] is Status.PLAYING and old.moves:
        under = "" if name == DEFAULT_NAME else f" under the name {name!r}"
        raise Fail(f"a game of {old.layout.title} is in progress{under} ({len(old.moves)} moves "
                   "made): add --force to replace it, or keep both with --name OTHER",
                   EXIT_REFUSED)


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


def _moves_text(game: Game, as_json: bool, ascii: bool, show_all: bool) -> str:
    if as_json:
        return json.dumps(moves_json(game), ensure_ascii=False, indent=1) + "\n"
    legal = game.legal_moves()
    if not legal:
        status, why = game.status()
        if not why:
            return "No legal move.\n"
        import textwrap

        return textwrap.fill(f"No legal move: {why}.", 80, subsequent_indent="  ") + "\n"
    shown, summary = list(range(len(legal))), None
    if not show_all:
        shown, summary = game.rules.listing(game.position, legal)
    width = len(str(len(legal)))
    cols = output.columns()
    lines = []
    for i in shown:
        m = legal[i]
        text = game.rules.describe(game.position, m, ascii)
        command = f"patience {game.rules.command(game.position, m)}"
        line = f"{i + 1:>{width}}. {text:<48}  {command}"
        if len(line) <= cols:
            lines.append(line)
            continue
        indent = " " * (width + 2)
        lines.extend(wrap_text(f"{i + 1:>{width}}. {text}", cols, indent))
        lines.append(indent + command)
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
    def body() -> None:
        with session(name, state) as game:
            m = game.parse_move(words)
            events: list[dict[str, Any]] = []
            done = play_one(game, m, ascii, events)
            text = report(game, as_json, ascii, [done + "."], reveal, events)
        output.write(text)
    run(body, as_json)


@app.command()
def deal(name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
         as_json: JsonOpt = False, reveal: RevealOpt = False) -> None:
    """Take the game's next dealing step (deal a row, turn the stock, start the next deal)."""
    def body() -> None:
        with session(name, state) as game:
            events: list[dict[str, Any]] = []
            done = play_one(game, Move("deal"), ascii, events)
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
    --foundations play safe cards up. Each move can be undone singly."""
    def body() -> None:
        with session(name, state) as game:
            done: list[str] = []
            events: list[dict[str, Any]] = []
            while len(done) < limit:
                m = game.rules.forced_move(game.position)
                if m is None and foundations:
                    m = game.rules.safe_foundation_move(game.position)
                if m is None:
                    break
                done.append(play_one(game, m, ascii, events))
            lines = [f"  {d}." for d in done] if verbose or as_json else []
            lines.append(f"Auto: {len(done)} move{'s' if len(done) != 1 else ''} made."
                         if done else "Auto: no move is forced now.")
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
            told = [f"Took back: {game.rules.describe(pos, m, ascii)}." for pos, m in taken]
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


@app.command()
def rules(
    game: Annotated[Optional[str], typer.Argument(
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
        from .rules_text import plain_rules, render_rules

        if game is None:
            with session(name, state, write=False) as g:
                layout = g.layout
        else:
            gid = resolve_game(game)
            layout = load_layout(gid, check_variant(gid, variant))
        source = render_rules(layout).rstrip() + "\n"
        if ascii:
            source = output.asciify(source)
        if as_json:
            output.write(json.dumps({"schema": SCHEMA, "kind": "rules", "game": layout.id,
                                     "variant": layout.variant, "title": layout.title,
                                     "source": layout.source.citation, "markdown": source},
                                    ensure_ascii=False, indent=1) + "\n")
        elif markdown:
            output.write(source)
        elif output.want_colour():
            output.page(output.render_markdown(source))
        else:
            output.write(plain_rules(source))
    run(body, as_json)


def _solve_text(game: Game, start, seconds: float, from_deal: bool, as_json: bool,
                max_states: int | None = None) -> str:
    """Solve from *start* and say it: the commands of the winning line, the
    proof that there is none, or that the time ran out."""
    from .solver import WON, LOST, solve

    sol = solve(game.rules, start, seconds=seconds, max_states=max_states)
    pos, commands = start, []
    for m in sol.moves:
        commands.append("patience " + game.rules.command(pos, m))
        pos = game.rules.apply(pos, m)
    first = []
    if from_deal:
        first = [f"patience new --code {game.code} --force" if game.code else
                 f"patience new {game.layout.id} --deck FILE --force  # the same deck"]
    if as_json:
        return json.dumps({"schema": SCHEMA, "kind": "solution", "game": game.layout.id,
                           "code": game.code, "result": sol.result,
                           "from": "deal" if from_deal else "current position",
                           "commands": first + commands if sol.result == WON else [],
                           "states": sol.states, "seconds": round(sol.seconds, 3)},
                          ensure_ascii=False, indent=1) + "\n"
    where = "from the deal" if from_deal else "from here"
    if sol.result == WON:
        head = (f"Won {where} in {_count(len(commands), 'move')} "
                f"({_count(sol.states, 'position')} searched, {sol.seconds:.1f} s):")
        return "\n".join([head, *first, *commands]) + "\n"
    if sol.result == LOST:
        return (f"No win is possible {where}: all {_count(sol.reached, 'position')} that "
                "can be reached were searched.\n")
    if sol.full:
        return (f"No win found in {sol.seconds:.1f} s ({_count(sol.states, 'position')} "
                "searched): the search keeps as many positions as it may, and more time "
                "would not help.\n")
    if max_states is not None and sol.states >= max_states:
        return (f"No win found in the first {_count(sol.states, 'position')} searched; "
                "try a larger --states.\n")
    return (f"No win found in {seconds:g} s ({_count(sol.states, 'position')} searched); "
            "try a longer --time.\n")


TimeOpt = Annotated[float, typer.Option(
    "--time", "-t", min=0.1, max=3600.0, help="Seconds to search before giving up.")]


@app.command()
def solve(
    game: Annotated[Optional[str], typer.Argument(
        autocompletion=_complete_game,
        help="A game to deal and solve (default: the game in progress, from its deal).")
    ] = None,
    seed: Annotated[Optional[str], typer.Option("--seed", "-s", help="Deal number.")] = None,
    code: Annotated[Optional[str], typer.Option("--code", help="A share code.")] = None,
    deck: Annotated[Optional[str], typer.Option(
        "--deck", help="A card order, top first (a file, or - for standard input).")] = None,
    variant: VariantOpt = None, seconds: TimeOpt = 5.0,
    states: Annotated[Optional[int], typer.Option(
        "--states", min=10, help="Positions to search at most before giving up (the same "
        "answer on every machine, where --time depends on the machine's speed).")] = None,
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None, as_json: JsonOpt = False,
) -> None:
    """Find a winning line for a deal, or prove there is none, or say the time
    ran out. The solver is 'thoughtful': it knows where every card lies, the
    face-down ones too. The line is printed as commands that replay from the deal.

    Examples: patience solve fours --seed 7 ; patience solve ; patience solve
    flower-garden --seed 3 --time 30 --json
    """
    def body() -> None:
        if game is None and seed is None and code is None and deck is None:
            with session(name, state, write=False) as g:
                text = _solve_text(g, g.start, seconds, True, as_json, states)
        else:
            if game is None and code is None:
                raise Fail("name a game (or --code), or leave out --seed and --deck to "
                           "solve the game in progress")
            gid, var, seed_value = _deal_choice(game, seed, code, variant)
            var = check_variant(gid, var)
            cards = None
            if deck is not None:
                if seed_value is not None:
                    raise Fail("give either --seed/--code or --deck, not both")
                cards = parse_deck(_read_deck_text(deck), load_layout(gid, var))
            elif seed_value is None:
                raise Fail("say which deal: --seed N, --code CODE or --deck FILE")
            g = Game.new(gid, var, seed=seed_value, deck=cards)
            text = _solve_text(g, g.start, seconds, True, as_json, states)
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
    game: Annotated[Optional[str], typer.Argument(
        autocompletion=_complete_game,
        help="The game (default: the game in progress, as dealt).")] = None,
    seed: Annotated[Optional[str], typer.Option("--seed", "-s", help="Deal number.")] = None,
    code: Annotated[Optional[str], typer.Option("--code", help="A share code.")] = None,
    fmt: Annotated[str, typer.Option("--format", help="solvitaire: Solvitaire's JSON deal.")]
    = "solvitaire",
    out: Annotated[Optional[str], typer.Option(
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
            raise Fail(f"--format must be solvitaire, not {fmt!r}")
        if game is None and seed is None and code is None:
            with session(name, state, write=False) as g:
                dealt = g
        else:
            if game is None and code is None:
                raise Fail("name a game (or --code)")
            gid, var, seed_value = _deal_choice(game, seed, code, None)
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
        target = _out_path(out) or Path("output") / f"{stem}.solvitaire.json"
        if str(target) == STDOUT:
            output.write(text)
            return
        rules_path = target.with_name(target.name.replace(".json", "") + ".rules.json")
        for path, data in ((target, text), (rules_path, rules_text)):
            _write(lambda p, d=data: Path(p).write_text(d, encoding="utf-8"), path, False,
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
    from .layout import Role

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


#: the most deals 'odds' names one by one in its text (--json names them all)
ODDS_LISTED = 30


@app.command()
def odds(
    game: Annotated[str, typer.Argument(autocompletion=_complete_game,
                                        help="The game, e.g. fours.")],
    deals: Annotated[int, typer.Option("--deals", "-d", min=1, max=1_000_000,
                                       help="Solve deals 1 to N.")] = 100,
    states: Annotated[int, typer.Option(
        "--states", min=10, help="Positions each deal may search (keeps a run "
        "reproducible).")] = 20_000,
    seconds: Annotated[float, typer.Option(
        "--time", "-t", min=0.1, help="Seconds each deal may search, at most.")] = 10.0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, max=256,
                                      help="Worker processes.")] = 1,
    variant: VariantOpt = None, as_json: JsonOpt = False,
) -> None:
    """How often a game comes out: solves deals 1..N and reports those won,
    proved lost and undecided, and the share that can be won with its 95%
    interval (undecided deals widen it; they are not counted as losses).
    Thoughtful solving: the solver sees every card. Reproducible when the
    --states budget, not --time, stops the searches. Names the deals proved
    lost and those undecided (all of them with --json, as lost_deals and
    undecided_deals; up to 30 of each in the text).

    Examples: patience odds fours --deals 10000 --jobs 2 ; patience odds
    flower-garden --deals 100 --time 10 --json
    """
    def body() -> None:
        from .solver import LOST, WON, Odds, odds_interval, solve_seed

        gid = resolve_game(game)
        var = check_variant(gid, variant)
        work = [(gid, var, n, seconds, states) for n in range(1, deals + 1)]
        results: list[str] = []
        bar = _progress(deals)
        if jobs > 1:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(jobs) as pool:
                for result in pool.imap(solve_seed, work, chunksize=max(1, deals // (jobs * 8))):
                    results.append(result)
                    bar(len(results))
        else:
            for item in work:
                results.append(solve_seed(item))
                bar(len(results))
        bar(None)
        won, lost = results.count(WON), results.count(LOST)
        low, high = odds_interval(won, lost, deals - won - lost)
        o = Odds(gid, var, deals, won, lost, deals - won - lost, low, high,
                 f"{states} positions or {seconds:g} s a deal")
        lost_deals = [n for n, r in enumerate(results, 1) if r == LOST]
        open_deals = [n for n, r in enumerate(results, 1) if r not in (WON, LOST)]
        if as_json:
            output.write(json.dumps({"schema": SCHEMA, "kind": "odds", "game": gid,
                                     "variant": var, "deals": deals, "won": won, "lost": lost,
                                     "undecided": o.undecided, "low": round(low, 4),
                                     "high": round(high, 4), "budget": o.budget,
                                     "lost_deals": lost_deals, "undecided_deals": open_deals},
                                    ensure_ascii=False, indent=1) + "\n")
            return
        output.write(f"{load_layout(gid, var).title}, deals 1 to {deals} ({o.budget}):\n"
                     f"  won {won}, proved lost {lost}, undecided {o.undecided}\n"
                     f"  can be won: {low:.1%} to {high:.1%} of deals (95% interval)\n")
        for what, which in (("proved lost", lost_deals), ("undecided", open_deals)):
            if which and len(which) <= ODDS_LISTED:
                output.write(f"  {what}: deal{'s' if len(which) > 1 else ''} "
                             f"{', '.join(map(str, which))}\n")
    run(body, as_json)


def _progress(total: int):
    """A progress bar on standard error, on a terminal only."""
    try:
        shown = sys.stderr.isatty()
    except (AttributeError, ValueError):
        shown = False

    def update(done: int | None) -> None:
        if not shown:
            return
        if done is None:
            sys.stderr.write("\r" + " " * 60 + "\r")
        else:
            filled = 30 * done // total
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total}")
        sys.stderr.flush()
    return update


@app.command()
def hint(
    seconds: TimeOpt = 3.0, name: NameOpt = DEFAULT_NAME, state: StateOpt = None,
    ascii: AsciiOpt = False, as_json: JsonOpt = False,
) -> None:
    """The next move of a winning line from where the game stands, or 'no win
    is possible from here' when that is proved, or that none was found in time.
    A hint never names a face-down card.

    Examples: patience hint ; patience hint --time 20
    """
    def body() -> None:
        from .solver import LOST, WON, solve

        with session(name, state, write=False) as g:
            sol = solve(g.rules, g.position, seconds=seconds)
            move = sol.moves[0] if sol.result == WON and sol.moves else None
            command = "patience " + g.rules.command(g.position, move) if move else None
            said = g.rules.describe(g.position, move, ascii) if move else None
        if as_json:
            output.write(json.dumps({"schema": SCHEMA, "kind": "hint", "result": sol.result,
                                     "command": command, "text": said,
                                     "moves_to_win": len(sol.moves) if move else None,
                                     "states": sol.states,
                                     "seconds": round(sol.seconds, 3)},
                                    ensure_ascii=False, indent=1) + "\n")
        elif move:
            output.write(f"Hint: {command}  ({said}; a win in "
                         f"{_count(len(sol.moves), 'move')} from here)\n")
        elif sol.result == LOST:
            output.write("No win is possible from here.\n")
        elif sol.full:
            output.write(f"No win found in {sol.seconds:.1f} s: the search keeps as many "
                         "positions as it may, and more time would not help.\n")
        else:
            output.write(f"No win found in {seconds:g} s: try 'patience hint --time "
                         f"{seconds * 4:g}'.\n")
    run(body, as_json)


@app.command()
def games(
    delete: Annotated[Optional[str], typer.Option(
        "--delete", metavar="NAME", help="Remove the saved game of this name.")] = None,
    state: StateOpt = None, as_json: JsonOpt = False,
) -> None:
    """List the saved games (by --name): each one's game, share code, moves
    made, status and when it was last played; or remove one with --delete.

    Examples: patience games ; patience games --delete old ; patience games --json
    """
    def body() -> None:
        store = Store(state)
        if delete is not None:
            state_mod.check_name(delete)
            with store.lock(delete):
                if not store.delete(delete):
                    raise Fail(f"there is no saved game named {delete!r} ('patience games' "
                               "lists them)")
            with contextlib.suppress(OSError):
                store.path(delete).with_name(delete + ".json.lock").unlink()
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
            output.write(json.dumps({"schema": SCHEMA, "kind": "saved", "folder": str(store.dir),
                                     "games": rows}, ensure_ascii=False, indent=1) + "\n")
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
    from datetime import datetime, timezone

    try:
        stamp = store.path(name).stat().st_mtime
    except OSError:
        return "unknown"
    return datetime.fromtimestamp(stamp, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


@app.command()
def stats(
    game: Annotated[Optional[str], typer.Argument(
        autocompletion=_complete_game, help="Only this game (default: every game).")] = None,
    state: StateOpt = None, as_json: JsonOpt = False,
) -> None:
    """How your finished games went: played, won, lost, win rate, and the best
    and current winning streaks, per game and variant.

    Examples: patience stats ; patience stats flower-garden ; patience stats --json
    """
    def body() -> None:
        from .history import History, tally

        gid = resolve_game(game) if game is not None else None
        history = History(state)
        tallies = tally(history.entries(), gid)
        if history.note:
            output.error(f"note: {history.note}")
        if as_json:
            output.write(json.dumps({"schema": SCHEMA, "kind": "stats",
                                     "stats": [t.as_json() for t in tallies]},
                                    ensure_ascii=False, indent=1) + "\n")
            return
        if not tallies:
            output.write("No finished games yet" + (f" of {gid}" if gid else "") + ".\n")
            return
        lines = [f"{'game':<28} {'played':>6} {'won':>5} {'lost':>5} {'rate':>6} "
                 f"{'best':>5} {'now':>4}"]
        for t in tallies:
            label = t.game + (f" ({t.variant})" if t.variant else "")
            lines.append(f"{label[:28]:<28} {t.played:>6} {t.won:>5} {t.lost:>5} "
                         f"{t.win_rate:>6.0%} {t.best_streak:>5} {t.current_streak:>4}")
        lines.append("best, now: winning streaks (games won in a row), the longest and the "
                     "current one")
        output.write("".join(line + "\n" for line in lines))
    run(body, as_json)


@app.command()
def play(
    game: Annotated[Optional[str], typer.Argument(
        autocompletion=_complete_game,
        help="Start this game; leave out to continue the saved one.")] = None,
    seed: Annotated[Optional[str], typer.Option("--seed", "-s", help="Deal number.")] = None,
    variant: VariantOpt = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an unfinished game.")] = False,
    name: NameOpt = DEFAULT_NAME, state: StateOpt = None, ascii: AsciiOpt = False,
) -> None:
    """Play in one session: type the same commands without 'patience'
    (move 3 1, or just 3 1; deal; undo; moves; auto; rules; quit). The game is
    saved after every command, so the shell commands can take over.

    Fed from a pipe or a file it prints no prompt: it is the fast batch mode
    for scripts (one process for thousands of commands; start with 'new GAME').

    Examples: patience play fours --seed 7 ;
    printf 'new fours --seed 1 --force\\nauto\\n' | patience play
    """
    interactive = _stdin_is_terminal()
    common = ["--name", name] + (["--state", str(state)] if state else [])
    look = common + (["--ascii"] if ascii else [])
    if game is not None:
        args = ["new", game] + (["--seed", seed] if seed else []) + \
               (["--variant", variant] if variant else []) + (["--force"] if force else []) + look
        if _dispatch(args) != 0:
            raise typer.Exit(EXIT_REFUSED)
    elif interactive and _has_game(name, state):
        if _dispatch(["show"] + look) != 0:
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
                line = sys.stdin.readline() if sys.stdin is not None else ""
                if not line:
                    break
        except (EOFError, KeyboardInterrupt):
            if interactive:
                output.say()
            break
        try:
            import shlex

            words = shlex.split(line)
        except ValueError as exc:
            output.error(str(exc))
            worst = max(worst, EXIT_USAGE)
            continue
        if not words or words[0].startswith("#"):
            continue
        head = words[0].lower()
        if head in ("q", "quit", "exit"):
            break
        if head in ("help", "?"):
            output.say(PLAY_HELP)
            continue
        if head[0].isdigit() or head in ("f",) or (len(words) == 2 and head not in COMMANDS):
            words = ["move"] + words
        elif head == "m":
            words = ["move"] + words[1:]
        if words[0] not in COMMANDS:
            output.error(f"unknown command {words[0]!r}: type 'help'")
            worst = max(worst, EXIT_USAGE)
            continue
        extra = look if words[0] in LOOK_COMMANDS else common
        if words[0] in ("rules", "new"):
            extra = common if words[0] == "rules" else look
        code = _dispatch(words + extra)
        worst = max(worst, code)
    if not interactive and worst:
        # a script learns that some command failed (each said why on standard error)
        raise typer.Exit(worst)


def _stdin_is_terminal() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _has_game(name: str, state: str | None) -> bool:
    try:
        return Store(state).path(name).exists()
    except StateError:
        return False


COMMANDS = ("show", "moves", "move", "deal", "auto", "undo", "redo", "restart", "rules", "new",
            "hint")
LOOK_COMMANDS = ("show", "moves", "move", "deal", "auto", "undo", "redo", "restart")
PLAY_HELP = """Commands (as in the shell, without 'patience'):
  show                the board          moves        the legal moves, numbered
  move SRC DST        or just: 3 1       move N       the Nth legal move
  deal                next dealing step  auto [-f]    forced moves (and safe ones up)
  undo [N]            take back          redo [N]     play again what undo took back
  restart             back to the deal
  rules               the rule text      new GAME     deal a new game
  hint                the next move of a winning line
  quit                leave (the game stays saved)"""


def _dispatch(args: list[str]) -> int:
    command = _command_for(args)
    try:
        # Without standalone mode, click returns an Exit's code instead of raising.
        code = command.main(args=args, prog_name="patience", standalone_mode=False)
        return code if isinstance(code, int) else 0
    except typer.Exit as exc:
        return exc.exit_code
    except typer.TyperException as exc:
        output.error(exc.format_message())
        return EXIT_USAGE


@app.command("print")
def print_sheet(
    game: Annotated[Optional[str], typer.Argument(help="The game to print.",
                                                   autocompletion=_complete_game)] = None,
    all_games: Annotated[bool, typer.Option("--all", help="One booklet of every game.")] = False,
    out: Annotated[Optional[str], typer.Option(
        "-o", "--output", help="Where to write (default: output/GAME.pdf).")] = None,
    seed: Annotated[Optional[str], typer.Option(
        "--seed", "-s", help="Show this deal's cards in place on the diagram.")] = None,
    deck: Annotated[Optional[str], typer.Option(
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
            raise Fail(f"--paper must be a4 or letter, not {paper!r}")
        if fmt.lower() not in ("pdf", "svg"):
            raise Fail(f"--format must be pdf or svg, not {fmt!r}")
        from . import printing

        if all_games:
            if game is not None or seed is not None or deck is not None:
                raise Fail("--all prints every game as dealt by the book: leave out GAME, "
                           "--seed and --deck")
            if fmt.lower() != "pdf":
                raise Fail("--all makes a PDF booklet; --format svg is for one game")
            target = _out_path(out) or Path("output") / "patience-booklet.pdf"
            _write(printing.write_booklet, target, as_json, paper.lower())
            return
        if game is None:
            raise Fail("name a game to print, or --all for the booklet")
        gid = resolve_game(game)
        var = check_variant(gid, variant)
        layout = load_layout(gid, var)
        g = None
        if seed is not None or deck is not None:
            _, _, seed_value = _deal_choice(gid, seed, None, None)
            cards = parse_deck(_read_deck_text(deck), layout) if deck is not None else None
            if cards is not None and seed_value is not None:
                raise Fail("give either --seed or --deck, not both")
            g = Game.new(gid, var, seed=seed_value, deck=cards)
        suffix = "svg" if fmt.lower() == "svg" else "pdf"
        target = _out_path(out) or Path("output") / f"{gid}{'-' + var if var else ''}"\
            f"{'-' + str(g.seed) if g and g.seed is not None else ''}.{suffix}"
        if suffix == "svg":
            _write(printing.write_svg, target, as_json, layout, g)
        else:
            _write(printing.write_game, target, as_json, layout, g, paper.lower())
    run(body, as_json)


def _command_for(argv: list[str]):
    """The click command to run.  Building the whole group costs every
    command's signature; a player's 'patience move 3 1' builds only 'move'."""
    name = argv[0] if argv else None
    wanted = [c for c in app.registered_commands
              if name is not None and (c.name or c.callback.__name__) == name]
    if not wanted:
        return typer.main.get_command(app)
    single = typer.Typer(name=app.info.name, add_completion=False,
                         pretty_exceptions_enable=False,
                         context_settings={"help_option_names": ["-h", "--help"]})
    single.registered_commands = wanted
    single.registered_callback = None
    # a one-command Typer would run it without its name: keep the group
    single.callback(invoke_without_command=False)(lambda: None)
    return typer.main.get_command(single)


STDOUT = "-"


def _out_path(out: str | None) -> Path | None:
    if out is None:
        return None
    if not out.strip() or "\x00" in out:
        raise Fail(f"{out!r} is not a usable file name for -o")
    return Path(out).expanduser()


def _file_mode(target: Path) -> int:
    """The mode a new sheet gets: an earlier file's, else what the umask allows
    (a temporary file is private until it is put in place)."""
    import os

    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _write(writer, target: Path, as_json: bool, *args, quiet: bool = False) -> None:
    """Have *writer* make the sheet in a temporary file, then put it in place
    whole (a rename: a full disk or a crash leaves any earlier file as it
    was), or with ``-o -`` send its bytes to standard output."""
    import os
    import shutil
    import tempfile

    to_stdout = str(target) == STDOUT
    folder = Path(tempfile.mkdtemp(prefix="patience-")) if to_stdout else target.parent
    tmp = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=f".tmp{target.suffix}",
                                   dir=folder)
        os.close(fd)
        writer(Path(tmp), *args)
        if to_stdout:
            data = Path(tmp).read_bytes()
        else:
            with open(tmp, "rb+") as fh:
                os.fsync(fh.fileno())
            os.chmod(tmp, _file_mode(target))
            os.replace(tmp, target)
            tmp = None
    except OSError as exc:
        why = exc.strerror or str(exc)
        where = "the sheet" if to_stdout else str(target)
        kept = "" if to_stdout else "; any earlier file there is unchanged"
        raise Fail(f"cannot write {where}: {why}{kept}", EXIT_REFUSED) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        if to_stdout:
            shutil.rmtree(folder, ignore_errors=True)
    if to_stdout:
        output.write_bytes(data)
    elif quiet:
        return
    elif as_json:
        output.write(json.dumps({"schema": SCHEMA, "kind": "written", "path": str(target)},
                                ensure_ascii=False) + "\n")
    else:
        output.say(f"Wrote {target}")


def main(argv: list[str] | None = None) -> None:
    """Entry point: every usage error is one line and exit code 2."""
    if argv is None:
        argv = sys.argv[1:]
    state_mod.writes = 0
    stdout = sys.stdout
    if stdout is not None:
        sys.stdout = output.WatchedStream(stdout)
    try:
        _main(argv)
    finally:
        if stdout is not None:
            sys.stdout = stdout


def _main(argv: list[str]) -> None:
    try:
        use_cache(home(None) / "cache")
    except PatienceError:
        use_cache(None)
    command = _command_for(argv)
    try:
        # Without standalone mode, click returns an Exit's code instead of raising.
        code = command.main(args=argv, prog_name="patience", standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.TyperException as exc:
        message = exc.format_message()
        if type(exc).__name__ == "NoArgsIsHelpError":
            sys.stdout.write(message + "\n")
            sys.exit(0)
        cmd = getattr(getattr(exc, "ctx", None), "command_path", "patience")
        output.error(f"{message.strip()} (see '{cmd} --help')")
        if "--json" in argv:
            with contextlib.suppress(output.OutputError):
                output.write(json_error(f"{message.strip()} (see '{cmd} --help')", EXIT_USAGE))
        sys.exit(EXIT_USAGE)
    except typer.Abort:
        output.error("aborted")
        sys.exit(EXIT_REFUSED)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as exc:  # a bug: still one line, never a traceback
        saved = ("the game was saved before the error: 'patience show' shows it"
                 if state_mod.writes else "no saved game was changed")
        if _stdout_failed(exc):  # click's own help or message, to a full or closed output
            done = "the game was saved" if state_mod.writes else "nothing was changed"
            output.error(f"standard output could not be written; {done}")
            sys.exit(EXIT_REFUSED)
        output.error(f"internal error: {type(exc).__name__}: {str(exc)[:200]} ({saved}; "
                     "please report this)")
        sys.exit(EXIT_REFUSED)


def _stdout_failed(exc: Exception) -> bool:
    """Whether *exc* came from writing to standard output (closed, or a write
    to it failed)."""
    if not isinstance(exc, (OSError, ValueError, AttributeError)):
        return False
    if sys.stdout is None:
        return True
    if isinstance(sys.stdout, output.WatchedStream) and sys.stdout.failed is not None:
        output.silence_stdout()
        return True
    return False
