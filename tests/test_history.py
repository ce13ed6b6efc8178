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
    path = home / "history.json"
    path.write_text("{ not json")
    result = run("stats")
    assert result.code == 0 and "damaged" in result.err
    assert (home / "history.json.corrupt").read_text() == "{ not json"
    finish(run, 2)
    assert len(history_mod.History(home).entries()) == 1


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
