"""The saved game survives anything: atomic writes, versions, damage, locks."""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from patience_cli import state as state_mod
from patience_cli.game import Game
from patience_cli.state import (
    BusyError,
    NoGameError,
    StateError,
    Store,
)


def saved(home: Path, name: str = "default") -> Path:
    return home / "games" / f"{name}.json"


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(tmp_path / "st")


def a_game(moves: int = 3) -> Game:
    g = Game.new("fours", seed=4)
    for _ in range(moves):
        g.play(g.rules.advice.forced_move(g.position))
    return g


def test_write_then_read_round_trips(store):
    g = a_game()
    store.write("x", g.to_record())
    back = Game.from_record(store.read("x"))
    assert back.position == g.position and back.moves == g.moves


def test_no_game_is_a_clear_error(store):
    with pytest.raises(NoGameError, match="patience new"):
        store.read("default")


def test_a_crash_during_the_write_leaves_the_previous_game(store, monkeypatch):
    store.write("x", a_game(1).to_record())
    before = store.path("x").read_bytes()

    def crash(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(state_mod.os, "replace", crash)
    with pytest.raises(StateError, match="previous state is unchanged"):
        store.write("x", a_game(2).to_record())
    assert store.path("x").read_bytes() == before
    assert [p.name for p in store.path("x").parent.iterdir()] == ["x.json"]  # no temp left


def test_a_full_disk_during_a_move_keeps_the_game(run, home, monkeypatch):
    run("new", "fours", "--seed", "4")
    before = saved(home).read_bytes()

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(state_mod.os, "fsync", full)
    result = run("deal")
    assert result.code == 1
    assert "could not save the game (No space left on device)" in result.err
    assert saved(home).read_bytes() == before


def test_a_newer_format_is_refused(store):
    store.write("x", a_game().to_record())
    record = json.loads(store.path("x").read_text())
    record["format"] = state_mod.FORMAT + 1
    record["checksum"] = state_mod.checksum(record)
    store.path("x").write_text(json.dumps(record))
    with pytest.raises(StateError, match="newer patience"):
        store.read("x")
    assert not store.path("x").with_name("x.json.corrupt").exists()


def test_an_older_format_is_migrated(store, monkeypatch):
    record = {k: v for k, v in a_game().to_record().items()}
    old = {"format": 0, "game": record["game"], "seed": record["deal"]["seed"],
           "moves": record["moves"], "position": record["position"]}
    old["checksum"] = state_mod.checksum(old)
    store.path("x").parent.mkdir(parents=True)
    store.path("x").write_text(json.dumps(old))

    def from_0(r):
        return {"format": 1, "game": r["game"], "variant": None,
                "deal": {"version": 1, "seed": r["seed"]}, "moves": r["moves"],
                "position": r["position"]}

    monkeypatch.setitem(state_mod.MIGRATIONS, 0, from_0)
    assert Game.from_record(store.read("x")).position == a_game().position


@pytest.mark.parametrize("damage", [
    lambda raw: raw[: len(raw) // 2],                                  # truncated
    lambda raw: b"\x00\xff" + raw,                                     # binary junk
    lambda raw: raw.replace(b'"deal"', b'"deaX"', 1),                  # edited by hand
    lambda raw: b"[1, 2, 3]",                                          # not a game
])
def test_damage_is_detected_and_the_file_kept_aside(run, home, damage):
    run("new", "fours", "--seed", "4")
    run("deal")
    path = saved(home)
    broken = damage(path.read_bytes())
    path.write_bytes(broken)
    result = run("show")
    assert result.code == 1
    assert "is damaged" in result.err and result.err.count("\n") == 1
    assert path.with_name("default.json.corrupt").read_bytes() == broken
    # the move is refused too, and the damaged file is not overwritten silently
    assert run("deal").code == 1
    assert path.read_bytes() == broken
    assert run("new", "fours").code == 1
    assert run("new", "fours", "--force").code == 0


def test_replay_is_checked_on_load(run, home):
    """A file whose checksum is right but whose moves do not give the saved
    position (edited carefully, or written by a buggy version) is refused."""
    run("new", "fours", "--seed", "4")
    run("auto", "--limit", "5")
    path = saved(home)
    record = json.loads(path.read_text())
    record["moves"] = record["moves"][:-1]
    record["checksum"] = state_mod.checksum(record)
    path.write_text(json.dumps(record))
    result = run("show")
    assert result.code == 1 and "does not give the saved position" in result.err


def test_unreadable_moves_are_damage(run, home):
    run("new", "fours", "--seed", "4")
    path = saved(home)
    record = json.loads(path.read_text())
    record["moves"] = ["99-1"]
    record["checksum"] = state_mod.checksum(record)
    path.write_text(json.dumps(record))
    assert run("show").code == 1


def test_a_busy_game_waits_then_says_so(run, home, monkeypatch):
    run("new", "fours", "--seed", "4")
    monkeypatch.setattr(state_mod, "LOCK_WAIT", 0.2)
    store = Store(home)
    held, release = threading.Event(), threading.Event()

    def hold():
        with store.lock("default"):
            held.set()
            release.wait(5)

    t = threading.Thread(target=hold)
    t.start()
    held.wait(5)
    try:
        with pytest.raises(BusyError):
            with Store(home).lock("default", wait=0.2):
                pass
        result = run("deal")
    finally:
        release.set()
        t.join()
    assert result.code == 1 and "busy" in result.err
    assert run("deal").code == 0


def test_two_shells_at_once_lose_no_move(tmp_path):
    """Two processes each make ten forced moves on the same game at once:
    all twenty are kept."""
    env = dict(os.environ, PATIENCE_HOME=str(tmp_path / "st"), NO_COLOR="1")
    cmd = [sys.executable, "-m", "patience_cli"]
    subprocess.run(cmd + ["new", "fours", "--seed", "4"], env=env, check=True,
                   capture_output=True)
    script = ("import sys\nfrom patience_cli.cli import main\n"
              "for _ in range(10):\n"
              "    try:\n        main(['auto', '--limit', '1'])\n"
              "    except SystemExit as e:\n        assert not e.code, e.code\n")
    procs = [subprocess.Popen([sys.executable, "-c", script], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
             for _ in range(2)]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    out = subprocess.run(cmd + ["show", "--json"], env=env, check=True,
                         capture_output=True, text=True).stdout
    assert json.loads(out)["moves_made"] == 20


@pytest.mark.parametrize("name", ["../evil", "a/b", "", ".hidden", "x" * 100, "nul\x00"])
def test_bad_game_names_are_refused(run, name):
    result = run("new", "fours", "--name", name)
    assert result.code == 2 and "name" in result.err


def test_state_folder_that_cannot_be_written(run, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run("new", "fours", "--state", str(blocker))
    assert result.code in (1, 2) and result.err.startswith("patience: ")


def test_a_save_killed_half_way_is_cleaned_up_and_delete_keeps_the_lock_file(run, home):
    """A temporary a killed save left (NAME.json.<12 hex>.tmp) is removed by the
    next command that locks the game; 'games --delete' never deletes the lock
    file, which a command waiting for the game may hold open."""
    assert run("new", "fours", "--seed", "1").code == 0
    games = home / "games"
    left = games / "default.json.0123456789ab.tmp"
    left.write_text("half a save")
    assert run("deal").code == 0
    assert not left.exists()
    assert run("new", "fours", "--seed", "2", "--name", "g").code == 0
    assert run("games", "--delete", "g").code == 0
    assert (games / "g.json.lock").exists() and not (games / "g.json").exists()


def test_links_and_fifos_in_the_game_folder_are_never_followed_or_waited_on(run, home):
    """A .corrupt name that is a link to /dev/zero is not read (the damaged
    copy goes to the next name); a FIFO where a saved game should be is
    refused at once, and 'patience games' lists the others."""
    import os

    assert run("new", "fours", "--seed", "1").code == 0
    games = home / "games"
    (games / "default.json").write_text("garbage")
    (games / "default.json.corrupt").symlink_to("/dev/zero")
    result = run("show")
    assert result.code == 1 and "damaged" in result.err
    assert (games / "default.json.corrupt-2").read_text() == "garbage"
    assert run("new", "fours", "--seed", "2", "--name", "other").code == 0
    (games / "default.json").unlink()
    os.mkfifo(games / "default.json")
    listed = run("games")
    assert listed.code == 0 and "not a regular file" in listed.out and "other:" in listed.out
    assert run("show").code == 1


def test_a_read_only_folder_says_it_cannot_open_the_lock_file_that_is_there(
        run, home, monkeypatch):
    """Where the lock file is there but cannot be opened for writing (a
    read-only folder), the message says so, not that it cannot be created."""
    import errno
    import os

    from patience_cli import state

    assert run("new", "fours", "--seed", "1").code == 0
    real = os.open

    def refused(path, flags, *args):
        if str(path).endswith(".lock"):
            raise OSError(errno.EROFS, "Read-only file system")
        return real(path, flags, *args)

    with monkeypatch.context() as patched:
        patched.setattr(state.os, "open", refused)
        result = run("deal")
    assert result.code == 1 and "cannot open the lock file" in result.err
    assert "Read-only file system" in result.err
