"""What the commands print fits the terminal it goes to: 80 columns or the
width there is, help texts that flow, rules as plain text in a pipe and
markdown on request, colour only where wanted, ASCII where the output cannot
take suit symbols."""

import os
import subprocess
import sys

import pytest
from conftest import ALL_GAMES


def test_rules_are_plain_text_in_a_pipe_and_markdown_on_request(run):
    plain = run("rules", "flower-garden").out
    assert plain.startswith("The Flower-Garden\n=================\n")
    assert "**" not in plain and "`" not in plain and "\n## " not in plain
    assert "\nRules\n-----\n" in plain
    source = run("rules", "flower-garden", "--markdown").out
    assert source.startswith("# The Flower-Garden") and "## Rules" in source
    ascii_text = run("rules", "fours", "--ascii").out
    assert not set("♠♥♦♣–—“”") & set(ascii_text)


def test_rules_are_set_for_a_terminal_when_colour_is_wanted(run, monkeypatch):
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    out = run("rules", "fours").out
    assert "\x1b[" in out and "## " not in out


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_an_output_that_cannot_take_suit_symbols_gets_ascii(tmp_path, encoding):
    env = dict(os.environ, PATIENCE_HOME=str(tmp_path), NO_COLOR="1",
               PYTHONIOENCODING=encoding)
    cmd = [sys.executable, "-m", "patience_cli"]
    new = subprocess.run(cmd + ["new", "flower-garden", "--seed", "7"], env=env,
                         capture_output=True)
    assert new.returncode == 0, new.stderr
    text = new.stdout.decode(encoding)
    assert "6h 6c 3s 4h 8c Qd" in text and "♥" not in text
    bad = subprocess.run(cmd + ["move", "1", "2"], env=env, capture_output=True)
    assert bad.returncode == 1
    assert bad.stderr.decode(encoding).startswith("patience: illegal move: ")
    assert b"Qd cannot go on the 10s" in bad.stderr
    rules = subprocess.run(cmd + ["rules", "fours"], env=env, capture_output=True)
    assert rules.returncode == 0 and rules.stdout.decode(encoding)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_every_line_fits_an_80_column_terminal(run, game_id):
    """Boards, move lists and the status lines at 80 columns (the width when
    standard output is not a terminal), in mid-game too (a per-game budget:
    one deal)."""
    for seed in (1,):
        texts = [run("new", game_id, "--seed", str(seed), "--force").out, run("moves").out]
        texts.append(run("auto", "--foundations", "--limit", "12").out)
        for _ in range(6):
            texts.append(run("move", "1").out)
        texts += [run("moves").out, run("show", "--ascii").out]
    for text in texts:
        for line in text.splitlines():
            assert len(line) <= 80, (game_id, line)


def test_the_game_list_fits_an_80_column_terminal(run):
    lines = run("list").out.splitlines()
    assert len(lines) > len(ALL_GAMES)
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)


def test_boards_use_the_width_there_is(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    wide = run("new", "empress-of-india", "--seed", "2").out
    assert max(len(line) for line in wide.splitlines()) > 100
    monkeypatch.setenv("COLUMNS", "60")
    narrow = run("show").out
    assert max(len(line) for line in narrow.splitlines()) <= 60


def test_help_texts_flow_so_the_terminal_wraps_them(run, monkeypatch):
    """Every command's help is given as paragraphs of one line each (the
    terminal wraps them), so no line is left with one word at 80 columns
    where the source broke it."""
    from patience_cli.commands.app import _command_for

    for name, command in _command_for([]).commands.items():
        for paragraph in command.help.split("\n\n"):
            assert "\n" not in paragraph, (name, paragraph[:40])
        single = _command_for([name]).commands[name]
        assert single.help == command.help
    monkeypatch.setenv("COLUMNS", "80")
    out = run("--help").out
    assert not any(line.strip("│ ") in ("of", "time") for line in out.splitlines())


def test_rules_piped_to_a_file_keep_to_80_columns(run):
    """Plain rule texts are flowed to 80 columns (the templates' line breaks
    fall elsewhere once names and numbers are put in), and no gap of spaces
    is left inside a sentence."""
    for gid in ("mill", "carpet", "empress-of-india", "crescent"):
        text = run("rules", gid).out
        assert max(len(line) for line in text.splitlines()) <= 80, gid
        assert "each   builds" not in text and not any(
            "   " in line.strip() for line in text.splitlines()), gid
