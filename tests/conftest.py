"""Shared test helpers: run the CLI in-process, build positions by hand."""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from patience_cli import cli
from patience_cli.cards import parse_card
from patience_cli.engine import Move, Position, Rules
from patience_cli.games import load
from patience_cli.layout import game_ids, load_layout


@dataclass
class Result:
    code: int
    out: str
    err: str


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private state folder for the saved games of one test."""
    state = tmp_path / "state"
    monkeypatch.setenv("PATIENCE_HOME", str(state))
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.chdir(tmp_path)
    return state


@pytest.fixture
def run(home: Path, capsys: pytest.CaptureFixture[str]):
    """Run ``patience ARGS...`` in-process; returns exit code, stdout, stderr."""

    def _run(*args: str, stdin: str | None = None) -> Result:
        capsys.readouterr()
        if stdin is not None:
            import io
            import sys
            old = sys.stdin
            sys.stdin = io.StringIO(stdin)
        try:
            try:
                cli.main(list(args))
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        finally:
            if stdin is not None:
                sys.stdin = old
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return _run


# Characters a hostile argument is made of: every ASCII character (controls
# included) and the kinds of non-ASCII that trip parsers: letters with and
# without combining marks, digits and numbers that are not ASCII, suit signs,
# direction and zero-width marks, other spaces, a byte-order mark, CJK and an
# emoji (a character outside the basic plane). A listed alphabet spares
# hypothesis building its Unicode tables in each fresh test folder (about 3 s
# a worker).
HOSTILE_CHARACTERS = ("".join(map(chr, range(128))) + "äéß\u0301\u0308²٣１Ⅻ½♥♠♦♣"
                      "\u200b\u200f\u202e\u2028\u00a0\u3000\ufeff\ufffd漢\U0001f0a1\U0001f600")


def cards(text: str) -> tuple:
    return tuple(parse_card(w) for w in text.split())


def position(game_id: str, piles: dict[int, str], down: dict[int, int] | None = None,
             variant: str | None = None, **extra) -> tuple:
    """(rules, position) with the given cards (bottom first) on the numbered piles."""
    layout, rules = load(game_id, variant)
    contents = [()] * len(layout.piles)
    for number, text in piles.items():
        contents[layout.by_number(number).index] = cards(text)
    downs = [0] * len(layout.piles)
    for number, n in (down or {}).items():
        downs[layout.by_number(number).index] = n
    pos = Position(tuple(contents), tuple(downs))
    if extra:
        pos = pos.with_extra(**extra)
    return rules, pos


def pile_index(rules, number: int) -> int:
    """The internal index of the pile a player calls *number*."""
    return rules.layout.by_number(number).index


def move_between(rules, src: int, dst: int) -> Move:
    """The move of the top card of pile *src* to pile *dst* (pile numbers)."""
    return Move("move", pile_index(rules, src), pile_index(rules, dst))


def pile_text(rules, pos: Position, number: int) -> str:
    """The cards of pile *number*, bottom first, as codes: "5c 4c"."""
    return " ".join(c.code for c in pos.piles[pile_index(rules, number)])


ALL_GAMES = game_ids()
#: Every game and each of its variants: (game id, variant or None).
ALL_ROWS = [(g, v) for g in ALL_GAMES for v in (None, *load_layout(g).variants)]


@functools.cache
def rules_of(game_id: str, variant: str | None = None) -> Rules:
    """A row's rules, made once per test process: what the modules read of
    every row to choose the rows a test runs on (no deal is dealt for it)."""
    return load(game_id, variant)[1]


def pytest_report_header(config):
    return f"games registered: {', '.join(ALL_GAMES)}; PATIENCE_HOME in tests: per test"


os.environ.pop("PATIENCE_HOME", None)


def refusal(rules, pos, src: int, dst: int):
    """Why the top card of pile *src* may not go to pile *dst* (pile numbers),
    or None if it may."""
    return rules.move_reason(pos, move_between(rules, src, dst))


def with_pack(game_id: str, piles: dict[int, str], fill, pack: int, filler: str,
              in_pack: str = "3d 4d", **kw) -> tuple:
    """(rules, position) as :func:`filled`, the pack (pile *pack*) holding the
    cards *in_pack*, face down, unless the test gives its own: a game that
    goes on, its pack not yet out."""
    piles = {pack: in_pack, **piles}
    kw.setdefault("down", {pack: len(piles[pack].split())})
    return filled(game_id, piles, fill, filler=filler, **kw)


def filled(game_id: str, piles: dict[int, str], fill, filler: str = "Kc", **kw) -> tuple:
    """(rules, position) as :func:`position`, with every pile numbered in
    *fill* that the test leaves out holding *filler*: so that no vacancy the
    test did not make draws on the pack or the talon."""
    return position(game_id, {**{n: filler for n in fill if n not in piles}, **piles}, **kw)


def played_out(game_id: str, seed: int, limit: int = 20_000):
    """The game dealt from *seed* and played as 'auto' plays it, move by
    forced move, until no move is forced (at most *limit* moves)."""
    from patience_cli.game import Game

    game = Game.new(game_id, seed=seed)
    for _ in range(limit):
        move = game.rules.advice.forced_move(game.position)
        if move is None:
            break
        game.play(move)
    return game


def won_from_the_shell(run, game_id: str, seed: int, states: int = 20_000) -> None:
    """Solve the deal of *seed* and play the winning line from the shell,
    each move as the command 'patience moves' prints beside it: the game
    ends won."""
    from patience_cli.game import Game
    from patience_cli.solver import solve

    game = Game.new(game_id, seed=seed)
    answer = solve(game.rules, game.position, seconds=60, max_states=states)
    assert answer.result == "won", (game_id, seed, answer.result)
    assert run("new", game_id, "--seed", str(seed)).code == 0
    for move in answer.moves:
        result = run(*game.rules.words.command(game.position, move).split())
        assert result.code == 0, result.err
        game.play(move)
    assert "won" in run("show").out.lower()


def pytest_collection_modifyitems(config, items):
    """The tests in the order the test command's workers take them: the few
    long single tests (marked ``heavy``) first, so that no worker is left
    with one of them while the others have finished; then the tests of no
    one game, in file order; then each game's per-game tests together.  Under
    xdist's ``--dist worksteal`` (the test command's default) each worker
    starts on its half of this list and an idle one takes over the last part
    of a busy one's, so a game's tests mostly run in one worker: the sheets
    and sample deals they share are made once, not once per worker."""
    def game_of(item) -> str:
        callspec = getattr(item, "callspec", None)
        game = callspec.params.get("game_id") if callspec is not None else None
        return game.partition(":")[0] if isinstance(game, str) else ""

    order = {id(item): n for n, item in enumerate(items)}
    items.sort(key=lambda item: (item.get_closest_marker("heavy") is None, game_of(item),
                                 order[id(item)]))


def pytest_collection_finish(session):
    """Less garbage collection in the test process: the objects collection
    made (thousands of test items) live to the end, so they are moved out of
    the collector's view instead of being walked again by every full
    collection; and the collector runs after 20,000 new objects, not 700
    (the sheets and searches make millions; a test process is short-lived).
    About 4% of the suite's time on two cores."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def search_alone(kind, game_id: str, seed: int, budget: int, variant: str | None = None):
    """A search of the solver's alone from deal *seed*: a round of *kind*
    (the side searches: ``Playouts``, ``Beam``, ``FewDepartures`` ...), or
    with *kind* None the depth-first search over every position; until it
    answers, sticks or spends *budget*.  Its answer and itself."""
    from patience_cli.game import Game
    from patience_cli.solver.pruning import Pruning
    from patience_cli.solver.search import _depth_first

    game = Game.new(game_id, variant, seed=seed)
    pruning = Pruning(game.rules, start=game.start)
    search = _depth_first(game.rules, game.start, pruning) if kind is None else \
        kind(game.rules, game.start, pruning, kind.FIRST, budget)
    while search.states < budget:
        before = search.states
        answer = search.step(min(256, budget - search.states))
        if answer is not None or search.states == before:
            return answer, search
    return None, search


def line_wins(rules, start, moves) -> bool:
    """Whether *moves* replay from *start* through the engine, every move
    legal, to a won game."""
    from patience_cli.engine import Status

    pos = start
    for move in moves:
        assert rules.is_legal(pos, move), move
        pos = rules.apply(pos, move)
    return rules.status(pos)[0] is Status.WON


def replays_to_won(answer, search) -> bool:
    """Whether the line of a search's *answer* replays move by move through
    the engine, every move legal, to a won game."""
    return line_wins(search.rules, search.start, search.pruning.concrete(answer[1]))
