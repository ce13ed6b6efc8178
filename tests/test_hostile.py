"""A game is never lost, and no command reports the opposite of what it did:
output that cannot be written, saved games written by someone else, endless
or outlandish input, sheets written whole or not at all."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import HOSTILE_CHARACTERS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience_cli import cli, output
from patience_cli import state as state_mod
from patience_cli.game import MAX_DECK_TEXT


def saved(home: Path, name: str = "default") -> Path:
    return home / "games" / f"{name}.json"


def files(folder: Path) -> dict[str, bytes]:
    """Every file of a folder (links as their target text), for before/after checks."""
    out = {}
    for p in sorted(folder.iterdir()):
        out[p.name] = os.readlink(p).encode() if p.is_symlink() else p.read_bytes()
    return out


def forge(path: Path, change) -> dict:
    """Edit a saved record with *change* and sign it again, as a forger would."""
    record = json.loads(path.read_text())
    change(record)
    record["checksum"] = state_mod.checksum(record)
    path.write_text(json.dumps(record))
    return record


def one_line(err: str) -> bool:
    """One line by every line break Python knows (U+2028 and the like too)."""
    return (len(err.splitlines()) == 1 and err.endswith("\n") and err.startswith("patience: ")
            and "Traceback" not in err)


# ------------------------------------------------------------------ output that fails
def cli_process(args, home: Path, **kw) -> subprocess.CompletedProcess:
    env = dict(os.environ, PATIENCE_HOME=str(home), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "patience_cli", *args], env=env,
                          stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL, **kw)


def moves_made(home: Path) -> int:
    """How many moves the saved game holds (read as the program reads it)."""
    from patience_cli.game import Game

    return len(Game.from_record(state_mod.Store(home).read("default")).moves)


@pytest.fixture
def dealt(tmp_path, monkeypatch, capsys) -> Path:
    """A saved game of Fours, one deal made (in this process: the command
    under test runs in its own)."""
    home = tmp_path / "st"
    monkeypatch.setenv("PATIENCE_HOME", str(home))
    for args in (["new", "fours", "--seed", "4"], ["deal"]):
        try:
            cli.main(args)
        except SystemExit as exc:
            assert not exc.code, exc.code
    capsys.readouterr()
    return home


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args, change", [
    (["move", "1"], +1), (["move", "1", "--json"], +1), (["deal"], +1), (["undo"], -1),
])
def test_a_full_standard_output_says_the_game_was_saved(dealt, args, change):
    """The action is done and saved before its report is written: when the
    writing fails, the error says so (a script must not play it again)."""
    before = moves_made(dealt)
    with open("/dev/full", "w") as full:
        proc = cli_process(args, dealt, stdout=full)
    assert proc.returncode == 1 and one_line(proc.stderr), proc.stderr
    assert "the game was saved" in proc.stderr and "No space left" in proc.stderr
    assert "unchanged" not in proc.stderr
    assert moves_made(dealt) == before + change


@pytest.mark.parametrize("args, saves", [(["move", "1"], True), (["show"], False),
                                         (["moves"], False), (["undo"], True)])
def test_a_closed_standard_output_is_one_line_and_the_truth(dealt, args, saves):
    before = moves_made(dealt)
    proc = cli_process(args, dealt, stdout=subprocess.DEVNULL,
                       pass_fds=(), preexec_fn=lambda: os.close(1))
    assert proc.returncode == 1 and one_line(proc.stderr), proc.stderr
    assert "standard output is closed" in proc.stderr
    if saves:
        assert "the game was saved" in proc.stderr and moves_made(dealt) != before
    else:
        assert "nothing was changed" in proc.stderr and moves_made(dealt) == before


def test_a_closed_pipe_on_a_reading_command_is_quiet(dealt):
    """'patience moves | head -1': the reader has gone, nothing to report."""
    env = dict(os.environ, PATIENCE_HOME=str(dealt), NO_COLOR="1")
    proc = subprocess.Popen([sys.executable, "-m", "patience_cli", "moves", "--all"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait() == 0 and err == ""


def test_an_internal_error_says_whether_the_game_was_saved(run, home, monkeypatch):
    """The last-resort message counts the saves made, never guesses."""
    run("new", "fours", "--seed", "4")

    def broken(text):
        raise RuntimeError("a bug")

    write = output.write
    monkeypatch.setattr(output, "write", broken)
    result = run("deal")
    assert result.code == 1 and one_line(result.err)
    assert "internal error" in result.err and "the game was saved" in result.err
    monkeypatch.setattr(output, "write", write)
    assert json.loads(run("show", "--json").out)["moves_made"] == 1

    monkeypatch.setattr(cli.Game, "legal_moves", lambda self: 1 / 0)
    result = run("show")
    assert "internal error" in result.err and "no saved game was changed" in result.err


# ------------------------------------------------------------------ forged and damaged files
@pytest.mark.parametrize("game, change, why", [
    ("fours", lambda r: r.update(deal=[]), "deal"),
    ("fours", lambda r: r.update(deal={"version": 1}), "deal"),
    ("fours", lambda r: r["deal"].update(seed="4"), "seed"),
    ("fours", lambda r: r["deal"].update(seed=float("inf")), "seed"),
    ("fours", lambda r: r["deal"].update(seed=2**64), "seed"),
    ("fours", lambda r: r["deal"].update(seed=True), "seed"),
    ("fours", lambda r: r["deal"].update(version=True), "deal algorithm"),
    ("fours", lambda r: r.update(format=True), "format"),
    ("fours", lambda r: r.update(game="x" * 5000), "no registered game"),
    ("fours", lambda r: r.update(game="/proc/1/root/x"), "no registered game"),
    ("fours", lambda r: r.update(game=["fours"]), "no registered game"),
    ("fours", lambda r: r.update(variant="nosuch"), "variant"),
    ("fours", lambda r: r.update(moves=["8:Ah-1"]), "cannot be replayed"),
    ("fours", lambda r: r.update(moves=[7]), "moves"),
    ("fours", lambda r: r.update(moves=["frob 1 2"]), "cannot be replayed"),
    ("fours", lambda r: r.update(extra=1), "fields"),
    ("fours", lambda r: r.update(undone=["1-2"]), "redo"),
    ("fours", lambda r: r.update(undone="deal"), "redo"),
    ("fours", lambda r: r.pop("position"), "fields"),
    ("flower-garden", lambda r: r.update(moves=["deal"]), "cannot be replayed"),
    ("flower-garden", lambda r: r.update(moves=["8:Ah-1"]), "cannot be replayed"),
    ("flower-garden", lambda r: r.update(deal={"deck": ["Ah"] * 52}), "cannot be replayed"),
    ("flower-garden", lambda r: r.update(deal={"deck": ["Zz"]}), "not a card"),
])
def test_forged_records_are_damage_not_crashes(run, home, game, change, why):
    run("new", game, "--seed", "4")
    path = saved(home)
    forge(path, change)
    forged = path.read_bytes()
    result = run("show")
    assert result.code == 1 and one_line(result.err), result.err
    assert "is damaged" in result.err and why in result.err, result.err
    assert path.with_name("default.json.corrupt").read_bytes() == forged
    assert path.read_bytes() == forged  # never overwritten silently


def test_a_game_id_is_looked_up_never_made_a_path(run, home, tmp_path):
    """A forged id naming a layout file elsewhere is not loaded from there."""
    evil = tmp_path / "evil"
    evil.mkdir()
    (evil / "fours.toml").write_text("this is not read")
    run("new", "fours", "--seed", "4")
    forge(saved(home), lambda r: r.update(game=str(evil / "fours")))
    result = run("show")
    assert result.code == 1 and "no registered game" in result.err


def test_deeply_nested_json_is_damage_and_the_other_games_still_list(run, home):
    run("new", "fours", "--seed", "4", "--name", "alpha")
    run("new", "fours", "--seed", "4")
    run("new", "fours", "--seed", "5", "--name", "omega")
    saved(home).write_text("[" * 100000)
    result = run("show")
    assert result.code == 1 and one_line(result.err) and "is damaged" in result.err
    assert saved(home).with_name("default.json.corrupt").exists()
    listing = run("games")
    assert listing.code == 0
    assert "alpha: Fours" in listing.out and "omega: Fours" in listing.out
    assert "default: unusable" in listing.out
    again = run("new", "fours")
    assert again.code == 1 and "is damaged" in again.err and "--force" in again.err


def test_every_damage_keeps_its_own_copy(run, home):
    run("new", "fours", "--seed", "4")
    path = saved(home)
    path.write_bytes(b"first damage")
    assert run("show").code == 1
    run("show")  # the same damage again: no second copy of the same bytes
    path.write_bytes(b"second damage")
    assert run("show").code == 1
    assert path.with_name("default.json.corrupt").read_bytes() == b"first damage"
    assert path.with_name("default.json.corrupt-2").read_bytes() == b"second damage"
    assert not path.with_name("default.json.corrupt-3").exists()


def test_a_huge_file_is_damage_without_reading_it_all(run, home, monkeypatch):
    monkeypatch.setattr(state_mod, "MAX_FILE", 1000)
    run("new", "fours", "--seed", "4")
    saved(home).write_bytes(b" " * 5000)
    result = run("show")
    assert result.code == 1 and "is damaged" in result.err and "MiB" in result.err


_json = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70)
    | st.floats(allow_nan=False) | st.text(HOSTILE_CHARACTERS, max_size=8),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(HOSTILE_CHARACTERS, max_size=6), inner, max_size=3),
    max_leaves=6)
FIELDS = [("format",), ("game",), ("variant",), ("deal",), ("deal", "seed"),
          ("deal", "version"), ("moves",), ("moves", 0), ("moves", 1), ("position",),
          ("undone",)]


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(field=st.sampled_from(FIELDS), value=_json, game=st.sampled_from(["fours",
                                                                           "flower-garden"]))
def test_property_any_forged_field_is_damage_or_harmless(run, home, field, value, game):
    """Whatever a forger writes into any field, re-signing the record: the
    command either plays the game (the forgery was a valid game) or says in one
    line that it is damaged, keeps a copy, and changes no other file."""
    run("new", game, "--seed", "4", "--force")
    run("move", "1")
    run("move", "1")
    path = saved(home)

    def change(record):
        target = record
        for key in field[:-1]:
            target = target[key]
        target[field[-1]] = value

    record = forge(path, change)
    forged = path.read_bytes()
    for copy in path.parent.glob("default.json.corrupt*"):
        copy.unlink()
    before = files(path.parent)
    result = run("show", "--json")
    after = files(path.parent)
    copies = {n: b for n, b in after.items() if n not in before}
    if result.code == 0:
        assert after == before
        return
    assert one_line(result.err), result.err
    fmt = record.get("format")
    if type(fmt) is int and fmt > state_mod.FORMAT:
        assert "newer patience" in result.err and not copies
        return
    assert result.code == 1 and "is damaged" in result.err, result.err
    assert copies == {"default.json.corrupt": forged}
    assert {n: b for n, b in after.items() if n in before} == before


# ------------------------------------------------------------------ links and leftovers
def test_a_linked_saved_game_is_refused_and_left_a_link(run, home, tmp_path):
    run("new", "fours", "--seed", "4")
    real = tmp_path / "elsewhere.json"
    real.write_bytes(saved(home).read_bytes())
    link = saved(home, "linked")
    link.symlink_to(real)
    for args in (["show"], ["deal"], ["new", "fours", "--force"]):
        result = run(*args, "--name", "linked")
        assert result.code == 1 and one_line(result.err) and "symbolic link" in result.err
    assert link.is_symlink() and real.read_bytes() == saved(home).read_bytes()


def test_a_linked_lock_creates_nothing_outside(run, home, tmp_path):
    run("new", "fours", "--seed", "4")
    outside = tmp_path / "outside-lock"
    saved(home).with_name("x.json.lock").symlink_to(outside)
    result = run("new", "fours", "--name", "x")
    assert result.code == 1 and one_line(result.err) and "symbolic link" in result.err
    assert not outside.exists() and not saved(home, "x").exists()


def test_a_save_killed_half_way_leaves_no_temporary_for_ever(run, home):
    run("new", "fours", "--seed", "4")
    folder = saved(home).parent
    stale = folder / "default.json.k1ll3d00.tmp"
    old_copy = folder / "default.json.corrupt.ab12cd34.tmp"
    fresh_copy = folder / "default.json.corrupt-2.ab12cd35.tmp"
    other = folder / "defaults.json.k1ll3d00.tmp"  # another game's
    for p in (stale, old_copy, fresh_copy, other):
        p.write_bytes(b"half")
    os.utime(old_copy, (0, 0))
    assert run("deal").code == 0
    assert not stale.exists() and not old_copy.exists()
    assert fresh_copy.exists() and other.exists()


# ------------------------------------------------------------------ input
@pytest.mark.parametrize("args", [
    ["new", "fours", "--name", "a\n"], ["new", "fours", "--name", "a\tb"],
    ["new", "fours", "--seed", "²"], ["new", "fours", "--seed", "٣"],
    ["new", "fours", "--seed", "9" * 5000], ["new", "fours", "--seed", "18446744073709551616"],
    ["new", "--code", "fours@" + "9" * 5000 + ".r1"],
    ["new", "--code", "fours@18446744073709551616"],
    ["new", "--code", "fours@²"], ["move", "²"], ["move", "٣"], ["move", "1", "2", "²"],
    ["move", "9" * 5000], ["move", "1", "9" * 5000], ["move", "1", "2", "9" * 5000],
    ["move", "٣", "1"], ["undo", "9" * 5000], ["print", "fours", "--seed", "9" * 5000],
])
def test_outlandish_numbers_and_names_are_usage_errors(run, home, args):
    run("new", "fours", "--seed", "4")
    run("deal")
    before = saved(home).read_bytes()
    result = run(*args)
    assert result.code == 2 and one_line(result.err), (args, result.err)
    assert saved(home).read_bytes() == before
    assert sorted(p.name for p in saved(home).parent.iterdir()) == ["default.json",
                                                                    "default.json.lock"]


@pytest.mark.parametrize("typed", ["\u2028", "a\nb", "\x1c", "\u2029x", "\x85", "\u202e12"])
def test_a_line_break_typed_in_an_argument_stays_in_one_visible_line(run, home, typed):
    """What a person typed is quoted in the error with its line breaks and
    invisible marks escaped: still one line, every character visible."""
    result = run("new", "fours", typed)
    assert result.code == 2 and one_line(result.err), result.err
    assert result.err[:-1].isprintable()


def test_a_move_number_in_other_digits_is_not_that_move(run, home):
    """'٣' is the Arabic-Indic three: not ASCII, so not move 3."""
    run("new", "fours", "--seed", "4")
    assert run("move", "٣").code == 2
    assert json.loads(run("show", "--json").out)["moves_made"] == 0


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("command", [["new", "fours"], ["print", "fours", "-o", "x.pdf"]])
def test_an_endless_deck_file_is_refused(run, home, command):
    result = run(*command, "--deck", "/dev/zero")
    assert result.code == 2 and one_line(result.err) and "longer than" in result.err


def test_an_endless_standard_input_is_read_only_so_far(run, home):
    result = run("new", "fours", "--deck", "-", stdin="10h " * MAX_DECK_TEXT)
    assert result.code == 2 and "longer than" in result.err


def test_a_read_only_folder_can_still_be_read(run, home, monkeypatch):
    """Where no lock file can be made, commands that only read still work;
    those that would save refuse in one line."""
    run("new", "fours", "--seed", "4")
    saved(home).with_name("default.json.lock").unlink()
    real_open = os.open

    def read_only(path, flags, *args, **kw):
        if str(path).endswith(".lock") or flags & (os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, *args, **kw)

    monkeypatch.setattr(state_mod.os, "open", read_only)
    assert run("show").code == 0
    assert run("moves").code == 0
    assert run("rules").code == 0
    result = run("deal")
    assert result.code == 1 and one_line(result.err) and "Read-only" in result.err


# ------------------------------------------------------------------ sheets
def test_a_failed_print_leaves_the_earlier_sheet(run, home, monkeypatch):
    from patience_cli.printing import sheet

    # the booklet of two games fails as the whole one would (that one is built once,
    # in test_printing)
    monkeypatch.setattr(sheet, "game_ids", lambda: ["fours", "flower-garden"])
    assert run("print", "fours", "-o", "sheet.pdf").code == 0
    good = Path("sheet.pdf").read_bytes()

    def full(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    for args in (["print", "fours", "--seed", "3"], ["print", "--all"],
                 ["print", "fours", "--format", "svg"]):
        result = run(*args, "-o", "sheet.pdf")
        assert result.code == 1 and one_line(result.err) and "No space" in result.err
    assert Path("sheet.pdf").read_bytes() == good
    assert sorted(os.listdir(".")) == ["sheet.pdf", "state"] or \
        sorted(os.listdir(".")) == ["sheet.pdf"]


def test_print_to_standard_output(tmp_path):
    """'-o -' sends the sheet's bytes to standard output, not to a file named '-'."""
    home = tmp_path / "st"
    sheet = tmp_path / "sheet.pdf"
    cli_process(["print", "fours", "-o", str(sheet)], home, stdout=subprocess.DEVNULL)
    pdf = subprocess.run([sys.executable, "-m", "patience_cli", "print", "fours", "-o", "-"],
                         capture_output=True, cwd=tmp_path, env=dict(os.environ, NO_COLOR="1"))
    assert pdf.returncode == 0 and pdf.stderr == b""
    assert pdf.stdout == sheet.read_bytes()
    svg = subprocess.run([sys.executable, "-m", "patience_cli", "print", "fours", "--format",
                          "svg", "-o", "-"], capture_output=True, cwd=tmp_path)
    assert svg.returncode == 0 and svg.stdout.startswith(b"<?xml")
    assert not (tmp_path / "-").exists()


def test_a_new_sheet_is_readable_by_others(run, home):
    os.umask(0o022)
    run("print", "fours", "-o", "sheet.pdf")
    assert Path("sheet.pdf").stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize("command", [["new", "fours"], ["show"], ["games"], ["deal"]])
def test_a_state_folder_name_too_long_is_one_line(run, home, command):
    result = run(*command, "--state", "9" * 5000)
    assert result.code in (0, 1, 2) and "internal error" not in result.err
    if result.code:
        assert one_line(result.err), result.err


def test_a_move_the_check_refuses_without_words_is_a_fault_never_a_play(run, monkeypatch):
    """If the cheap check says no and no rule's words explain it, the move is
    not played: one line, exit 1, the saved game unchanged."""
    from patience_cli.engine import Rules

    assert run("new", "fours", "--seed", "7").code == 0
    before = run("show", "--json").out
    with monkeypatch.context() as patched:
        patched.setattr(Rules, "is_legal", lambda self, pos, move: False)
        patched.setattr(Rules, "move_reason", lambda self, pos, move: None)
        result = run("move", "1")
    assert result.code == 1 and one_line(result.err)
    assert "internal error" in result.err and "unchanged" in result.err
    assert run("show", "--json").out == before


def test_a_forged_move_without_piles_is_damage_not_a_crash():
    """A record whose move reads 'move 1' or 'move' (a card move written
    without its piles) is a damaged game, like any other forged field."""
    from patience_cli.game import Game, RecordError

    record = Game.new("besieged-city", seed=3).to_record()
    for forged in (["move 1"], ["move"], ["deal 4"]):
        with pytest.raises(RecordError):
            Game.from_record({**record, "moves": forged})


def test_print_writes_into_a_fifo_and_never_replaces_it(run, home):
    """'-o fifo' sends the sheet into the FIFO (read by another process) and
    leaves the FIFO a FIFO; '-o FOLDER' is refused in one line."""
    import stat
    import threading

    fifo = Path("sheet.fifo")
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    result = run("print", "fours", "-o", str(fifo))
    reader.join(10)
    assert result.code == 0
    assert got and got[0].startswith(b"%PDF")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    Path("folder").mkdir()
    refused = run("print", "fours", "-o", "folder")
    assert refused.code == 1 and one_line(refused.err) and "folder" in refused.err


class _EndlessLine:
    """Standard input of one line longer than any memory: a readline that
    asks for all of it never returns."""

    def __init__(self, length: int) -> None:
        self.left, self.asked = length, []

    def isatty(self) -> bool:
        return False

    def readline(self, size: int = -1) -> str:
        self.asked.append(size)
        assert 0 < size <= 1 << 16, "a line read without a bound"
        if self.left <= 0:
            return ""
        piece = min(size, self.left)
        self.left -= piece
        return "x" * piece + ("\n" if self.left == 0 and piece < size else "")


def test_play_reads_a_long_line_a_piece_at_a_time(run, home, monkeypatch):
    import sys

    stdin = _EndlessLine(20_000_000)
    monkeypatch.setattr(sys, "stdin", stdin)
    result = run("play")
    assert result.code == 2 and "a line of 20,000,001 characters is longer" in result.err
    assert max(stdin.asked) <= 1 << 16 and len(stdin.asked) < 400


def test_a_huge_word_is_quoted_short(run, home, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("10h " * 5 + "Z" * 65_000 + "\n")
    result = run("new", "fours", "--deck", str(deck))
    assert result.code == 2 and "(65,000 characters) is not a card" in result.err
    assert len(result.err) < 200
    run("new", "fours", "--seed", "2")
    for args in (["move", "1:" + "Q" * 65_000], ["new", "x" * 65_000], ["rules", "y" * 9_000]):
        result = run(*args)
        assert result.code == 2 and len(result.err) < 300, (args[0], len(result.err))


def test_an_error_line_is_never_longer_than_the_bound(capsys):
    from patience_cli import output

    output.error("z" * 50_000)
    line = capsys.readouterr().err
    assert line.count("\n") == 1 and len(line) <= output.MAX_ERROR + 20
    assert "(cut: 50,000 characters)" in line
