"""Random and hostile command lines never produce a traceback: every failure
is one line on standard error and exit code 1 or 2."""

import errno
import functools
import io
import os
import subprocess
import sys

import pytest
from conftest import HOSTILE_CHARACTERS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience_cli import cli, printing

COMMANDS = ["new", "show", "moves", "move", "deal", "auto", "undo", "restart", "rules",
            "list", "games", "play", "print"]
WORDS = ["fours", "flower-garden", "flower", "the fours", "1", "2", "7", "11", "12", "0",
         "-1", "f", "10h", "Ks", "Zz", "deal", "3", "999999999999999999999999999999",
         "18446744073709551616", "", " ", "../x", "a/b", "\\", "ä", "♥", "\x00", "--seed",
         "--deck", "-", "--name", "--state", "--variant", "--force", "--json", "--ascii",
         "--code", "fours@7.r1", "fours@x", "-f", "--limit", "--all", "--paper", "a5",
         "--format", "svg", "-n", "x" * 300, "nan", "1e9", "--help",
         # digits that are not ASCII, and numbers past Python's int-parsing limit
         "²", "٣", "１", "3²", "9" * 5000, "fours@" + "9" * 5000, "fours@²"]

hostile = st.one_of(st.sampled_from(WORDS), st.text(HOSTILE_CHARACTERS, max_size=12))
argv = st.tuples(st.sampled_from(COMMANDS), st.lists(hostile, max_size=6)).map(
    lambda t: [t[0], *t[1]])


@pytest.fixture(autouse=True)
def booklet_of_one_game(monkeypatch):
    """``print --all`` here writes a booklet of Fours alone: the same
    command, options and files, without drawing every game's sheets in each
    example that draws it (the whole booklet is checked in test_printing)."""
    monkeypatch.setattr(printing, "write_booklet",
                        functools.partial(printing.write_booklet, ids=["fours"]))


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(args=argv, setup=st.booleans())
def test_no_traceback_in_process(run, args, setup):
    if setup:
        run("new", "fours", "--seed", "3", "--force")
    if "\x00" in "".join(args) and args[0] == "print":
        args = args[:1]
    result = run(*args, stdin="")
    assert result.code in (0, 1, 2), (args, result)
    assert "Traceback" not in result.err + result.out
    assert "internal error" not in result.err, (args, result.err)
    if result.code != 0:
        lines = result.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("patience: "), (args, result.err)


class FullStream(io.StringIO):
    """Standard output on a full disk: writes are buffered, flushing fails."""

    def flush(self):
        raise OSError(errno.ENOSPC, "No space left on device")


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(args=argv, stdout=st.sampled_from(["full", "closed"]))
def test_no_traceback_with_a_full_or_closed_standard_output(home, capsys, args, stdout):
    """Every command, its output going nowhere: one line on standard error,
    and never 'internal error'."""
    try:
        cli.main(["new", "fours", "--seed", "3", "--force"])
    except SystemExit:
        pass
    capsys.readouterr()
    old = sys.stdout
    try:
        sys.stdout = FullStream() if stdout == "full" else None
        old_in, sys.stdin = sys.stdin, io.StringIO("")
        try:
            cli.main(args)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        finally:
            sys.stdin = old_in
    finally:
        sys.stdout = old
    err = capsys.readouterr().err
    assert code in (0, 1, 2), (args, err)
    assert "Traceback" not in err and "internal error" not in err, (args, err)
    if code != 0:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("patience: "), (args, err)


def test_no_traceback_from_the_installed_command(tmp_path):
    env = dict(os.environ, PATIENCE_HOME=str(tmp_path), NO_COLOR="1")
    cases = [["move", "1", "2"], ["new", "nosuchgame"], ["new", "fours", "--seed", "-5"],
             ["new", "fours", "--seed", "99999999999999999999999"], ["undo", "0"],
             ["new", "fours", "--deck", str(tmp_path / "missing.txt")], ["frobnicate"],
             ["new", "fours", "--name", "../../etc"], ["rules", "♥"], ["show", "--bogus"]]
    for args in cases:
        proc = subprocess.run([sys.executable, "-m", "patience_cli", *args], env=env,
                              capture_output=True, text=True, stdin=subprocess.DEVNULL,
                              cwd=tmp_path)
        assert proc.returncode in (1, 2), (args, proc.stderr)
        assert "Traceback" not in proc.stderr
        assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("patience: "), args
