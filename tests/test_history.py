"""Finished games are kept, and 'patience stats' and 'patience games' tell them."""

import json

from patience_cli import history as history_mod


def finish(run, seed: int, name: str = "default") -> str:
    run("new", "fours", "--seed", str(seed), "--force", "--name", name)
    out = run("auto", "--json", "--name", name).out
    return json.loads(out)["status"]


def test_every_finished_game_is_recorded_once_with_its_last_result(run, home):
    results = [finish(run, seed) for seed in (1, 2, 3)]
    entries = history_mod.History(home).entries()
    assert [e["result"] for e in entries] == results
    assert [e["code"] for e in entries] == ["fours@1.r1", "fours@2.r1", "fours@3.r1"]
    assert all(e["moves"] > 0 and e["started"] and e["finished"] for e in entries)
    run("undo")                     # the last game, taken back and finished again
    run("auto")
    assert len(history_mod.History(home).entries()) == 3
    assert run("show").code == 0    # playing on is not a new game


def test_an_unfinished_game_is_not_recorded(run, home):
    run("new", "fours", "--seed", "1")
    run("deal")
    assert history_mod.History(home).entries() == []
    assert "No finished games yet" in run("stats").out


def test_stats_count_wins_losses_and_streaks(run, home):
    outcomes = [finish(run, seed) for seed in range(1, 9)]
    data = json.loads(run("stats", "--json").out)
    assert data["schema"] == 1
    (fours,) = data["stats"]
    assert fours["played"] == 8 and fours["won"] == outcomes.count("won")
    assert fours["lost"] == outcomes.count("lost")
    best = current = 0
    for o in outcomes:
        current = current + 1 if o == "won" else 0
        best = max(best, current)
    assert (fours["best_streak"], fours["current_streak"]) == (best, current)
    text = run("stats", "fours").out
    assert f"{fours['played']:>6}" in text and "%" in text
    assert "No finished games yet of flower-garden" in run("stats", "flower-garden").out


def test_tally_by_game_and_variant():
    entries = [{"game": "sympathy", "variant": v, "result": r, "started": s}
               for v, r, s in [("cheney", "won", "1"), (None, "lost", "2"),
                               ("cheney", "won", "3"), ("cheney", "lost", "4")]]
    tallies = {t.variant: t for t in history_mod.tally(entries)}
    assert tallies["cheney"].played == 3 and tallies["cheney"].best_streak == 2
    assert tallies["cheney"].current_streak == 0 and tallies[None].lost == 1


def test_a_damaged_history_is_kept_aside_and_a_new_one_begun(run, home):
    finish(run, 1)
    path = home / "history.sqlite3"
    path.write_text("{ not a database")
    refused = run("stats")                           # said, not "No finished games yet"
    assert refused.code == 1 and "cannot be read" in refused.err and not refused.out
    finish(run, 2)                                   # recorded in a new history
    assert (home / "history.sqlite3.corrupt").read_text() == "{ not a database"
    assert len(history_mod.History(home).entries()) == 1


def test_an_earlier_json_history_is_read_in_once_and_kept(run, home):
    from patience_cli.state import checksum

    entry = {"game": "fours", "variant": None, "seed": 9, "deck": None, "code": "fours@9.r1",
             "result": "won", "moves": 40, "started": "2026-01-01", "finished": "2026-01-02",
             "name": "default"}
    record = {"format": 1, "games": [entry]}
    record["checksum"] = checksum(record)
    home.mkdir(parents=True, exist_ok=True)
    (home / "history.json").write_text(json.dumps(record))
    finish(run, 1)
    entries = history_mod.History(home).entries()
    assert [e["code"] for e in entries] == ["fours@9.r1", "fours@1.r1"]
    assert (home / "history.json.imported").exists() and not (home / "history.json").exists()


def test_many_games_finishing_at_once_are_all_recorded(home):
    import threading

    def one(n):
        history_mod.History(home).record({
            "game": "fours", "variant": None, "seed": n, "deck": None, "code": f"fours@{n}.r1",
            "result": "lost", "moves": 3, "started": f"s{n}", "finished": "f", "name": f"g{n}"})
    threads = [threading.Thread(target=one, args=(n,)) for n in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(history_mod.History(home).entries()) == 20


def test_a_history_row_of_the_wrong_types_or_a_link_is_never_a_crash(run, home, tmp_path):
    import sqlite3

    finish(run, 1)
    db = sqlite3.connect(home / "history.sqlite3")
    db.execute("INSERT INTO games (name, started, code, deck, game, variant, seed, result, "
               "moves, finished) VALUES ('x', 5, 'c', NULL, 'fours', NULL, 'seven', 'won', "
               "'many', NULL)")
    db.execute("INSERT INTO games (name, started, code, deck, game, variant, seed, result, "
               "moves, finished) VALUES ('y', 's', 'c', NULL, '\x1b[31mred', NULL, 1, "
               "'won', 1, 'f')".replace("\\x1b", "\x1b"))
    db.commit()
    db.close()
    result = run("stats")
    assert result.code == 0 and "left out" in result.err
    assert "\x1b" not in result.out
    (home / "history.sqlite3").rename(tmp_path / "kept.sqlite3")
    (home / "history.sqlite3").symlink_to("/dev/zero")
    run("new", "fours", "--seed", "2", "--force")
    out = run("auto")
    assert out.code == 0 and "not a regular file" in out.err
    refused = run("stats")
    assert refused.code == 1 and "not a regular file" in refused.err


def test_games_lists_code_moves_status_and_date_and_deletes(run, home):
    run("new", "fours", "--seed", "3", "--name", "a")
    run("deal", "--name", "a")
    run("new", "flower-garden", "--seed", "4", "--name", "b")
    out = run("games").out
    assert "a: Fours, fours@3.r1, 1 move, playing, last played 20" in out
    assert "b: The Flower-Garden, flower-garden@4.r1, 0 moves, playing" in out
    data = json.loads(run("games", "--json").out)
    assert data["schema"] == 1 and [g["name"] for g in data["games"]] == ["a", "b"]
    assert run("games", "--delete", "a").code == 0
    assert [g["name"] for g in json.loads(run("games", "--json").out)["games"]] == ["b"]
    again = run("games", "--delete", "a")
    assert again.code == 2 and "no saved game named 'a'" in again.err
    bad = run("games", "--delete", "../x")
    assert bad.code == 2 and "not a usable game name" in bad.err


def hold_history(home):
    """Another program holding the history: an open write transaction."""
    import sqlite3

    home.mkdir(parents=True, exist_ok=True)
    holder = sqlite3.connect(home / "history.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    return holder


def test_a_locked_history_is_waited_for_never_set_aside(run, home, monkeypatch):
    monkeypatch.setattr(history_mod, "BUSY_WAIT", 0.2)
    finish(run, 1)
    holder = hold_history(home)
    try:
        run("new", "fours", "--seed", "2", "--force")
        out = run("auto")                            # the finish cannot be written now
        assert out.code == 0
        assert "held by another program" in out.err and "kept" in out.err
        busy = run("stats")                          # nor read: said, non-zero
        assert busy.code == 1 and "held by another program" in busy.err
    finally:
        holder.rollback()
        holder.close()
    assert not list(home.glob("history.sqlite3.corrupt*"))
    assert (home / "history.pending").exists()
    data = json.loads(run("stats", "--json").out)    # the next command adds the kept finish
    assert data["stats"][0]["played"] == 2
    assert not (home / "history.pending").exists()
    assert [e["code"] for e in history_mod.History(home).entries()] == [
        "fours@1.r1", "fours@2.r1"]


def test_a_kept_finish_is_added_once_by_the_next_finish(run, home, monkeypatch):
    monkeypatch.setattr(history_mod, "BUSY_WAIT", 0.1)
    holder = hold_history(home)
    try:
        finish(run, 1)
    finally:
        holder.rollback()
        holder.close()
    assert (home / "history.pending").exists()
    finish(run, 2)                                   # writes the kept one and its own
    assert not (home / "history.pending").exists()
    assert run("stats").code == 0                    # nothing is added twice
    assert [e["code"] for e in history_mod.History(home).entries()] == [
        "fours@1.r1", "fours@2.r1"]


def test_a_pending_line_that_is_not_a_finish_is_left_out(home):
    home.mkdir(parents=True)
    good = {"game": "fours", "variant": None, "seed": 4, "deck": None, "code": "fours@4.r1",
            "result": "won", "moves": 9, "started": "s", "finished": "f", "name": "default"}
    (home / "history.pending").write_text("[[[\n" + json.dumps(good) + "\n{\"game\": 5}\n")
    assert [e["code"] for e in history_mod.History(home).entries()] == ["fours@4.r1"]
