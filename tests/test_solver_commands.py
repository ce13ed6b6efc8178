"""The solver from the command line (solve, hint, odds, new --winnable,
export) and its budgets of positions, time and memory: proofs and wins
reported as found, hints that name no hidden card, odds alike with one or
two jobs."""

import json
import re

import pytest
from conftest import ALL_GAMES

from patience_cli.game import Game
from patience_cli.solver import GAVE_UP, LOST, WON, solve


def test_a_proof_of_no_win(run):
    assert "No win is possible from the deal" in run("solve", "sympathy", "--seed", "1").out
    result = run("solve", "sympathy", "--seed", "1", "--json")
    assert json.loads(result.out)["result"] == LOST
    # the portfolio's proof counts the positions the proving search went
    # through (the depth-first one's, its start included), not the greedy
    # searches' work besides
    game = Game.new("flower-garden", seed=27)
    proof = solve(game.rules, game.start, seconds=60)
    alone = solve(game.rules, game.start, seconds=60, order="depth-first")
    assert proof.result == alone.result == LOST
    assert proof.reached == alone.reached < proof.states
    assert f"proved in {proof.reached} positions" in \
        run("solve", "flower-garden", "--seed", "27").out


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_a_hint_never_names_a_face_down_card(run, game_id):
    for seed in (3,):  # a per-game budget: one deal, five forced moves in
        run("new", game_id, "--seed", str(seed), "--force")
        run("auto", "--limit", "5")
        game = _saved(run)
        hidden = {c.code for cards, down in zip(game.position.piles, game.position.down)
                  for c in cards[:down]}
        visible = {c.code for cards, down in zip(game.position.piles, game.position.down)
                   for c in cards[down:]}
        doc = json.loads(run("hint", "--states", "150", "--json", "--ascii").out)
        if "opponent" in game.layout.game:  # a game for two: no hint, and it says why
            assert doc["kind"] == "error" and "two players" in doc["error"]
            continue
        named = set(re.findall(r"\b(?:A|[2-9]|10|J|Q|K)[shdc]\b",
                               f"{doc['command']} {doc['text']} {doc['best_command']} "
                               f"{doc['best_text']}"))
        assert not (named & (hidden - visible)), (game_id, named & hidden)


def _saved(run) -> Game:
    from patience_cli.state import Store

    return Game.from_record(Store().read("default"))


def test_solve_needs_a_deal_and_says_so(run):
    result = run("solve", "fours")
    assert result.code == 2 and "--seed N" in result.err
    assert run("solve").code == 2  # no game in progress
    run("new", "fours", "--seed", "2")
    out = run("solve").out
    assert out.startswith("# Won from the deal") and "patience new --code fours@2.r1" in out


@pytest.mark.parametrize("args", [["solve"], ["hint"], ["odds", "fours", "--deals", "2"]])
@pytest.mark.parametrize("seconds", ["nan", "NaN", "inf", "0"])
def test_a_time_that_is_no_number_of_seconds_is_refused(run, tmp_path, args, seconds):
    # "nan" passes every range check, and went into the results file as NaN (not JSON)
    run("new", "fours", "--seed", "2")
    results = tmp_path / "fours.jsonl"
    extra = ["--results", str(results)] if args[0] == "odds" else []
    result = run(*args, *extra, "--time", seconds)
    assert result.code == 2 and "'--time'" in result.err and result.err.count("\n") == 1
    assert not results.exists()


def test_the_interval_widens_with_undecided_deals_and_never_counts_them_lost():
    from patience_cli.solver import odds_interval, wilson

    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596   # the textbook figures
    decided = odds_interval(50, 50, 0)
    open_ = odds_interval(50, 30, 20)
    assert open_[0] == pytest.approx(decided[0]) and open_[1] > decided[1]


def test_odds_count_won_lost_undecided_alike_with_one_or_two_jobs(run):
    from test_json import valid

    one = valid(run("odds", "fours", "--deals", "40", "--json").out)
    two = valid(run("odds", "fours", "--deals", "40", "--jobs", "2", "--no-results",
                    "--json").out)
    assert {**one, "results": None, "reused": 0} == two
    assert one["won"] + one["lost"] + one["undecided"] == 40 and one["undecided"] == 0
    results = {n: solve(*_start("fours", n)).result for n in range(1, 41)}
    wins = sum(r == WON for r in results.values())
    assert one["won"] == wins and one["low"] <= wins / 40 <= one["high"]
    assert one["lost_deals"] == [n for n, r in results.items() if r == LOST]
    assert one["undecided_deals"] == []
    text = run("odds", "fours", "--deals", "40").out
    assert f"won {wins}, proved lost {40 - wins}, undecided 0" in text
    assert "proved lost: deals " + ", ".join(map(str, one["lost_deals"])) in text
    # a budget too small to decide: the deals are named as undecided
    short = valid(run("odds", "flower-garden", "--deals", "2", "--states", "50", "--json").out)
    assert short["undecided_deals"] == [1, 2] and short["lost_deals"] == []
    assert "undecided: deals 1, 2" in run("odds", "flower-garden", "--deals", "2",
                                          "--states", "50").out
    # more than 30 (Sympathy loses 32 of its first 40 deals): named in JSON only
    many = run("odds", "sympathy", "--deals", "40").out
    assert "proved lost 32" in many and "proved lost:" not in many
    assert len(valid(run("odds", "sympathy", "--deals", "40", "--json").out)["lost_deals"]) == 32


def _start(game_id: str, seed: int):
    game = Game.new(game_id, seed=seed)
    return game.rules, game.start


def test_new_winnable_deals_the_first_winnable_seed(run):
    out = run("new", "fours", "--winnable", "--seed", "1").out
    first = next(n for n in range(1, 50) if solve(*_start("fours", n)).result == WON)
    assert out.startswith(f"Seed {first} can be won") and f"seed {first} ·" in out
    assert run("new", "fours", "--winnable", "--deck", "x", "--force").code == 2


def test_export_writes_solvitaires_deal_and_the_rules_that_match(run, tmp_path):
    result = run("export", "flower-garden", "--seed", "7", "-o", str(tmp_path / "d.json"))
    assert result.code == 0 and "removable" in result.out
    deal = json.loads((tmp_path / "d.json").read_text())
    game = Game.new("flower-garden", seed=7)
    garden = [[c.code.upper() for c in game.position.piles[i]] for i in range(6)]
    assert deal == {"tableau piles": garden,
                    "reserve": [c.code.upper() for c in game.position.piles[6]]}
    rules = json.loads((tmp_path / "d.rules.json").read_text())
    assert rules["foundations"] == {"removable": False}
    refused = run("export", "fours", "--seed", "1")
    assert refused.code == 2 and "Solvitaire has no rules for Fours" in refused.err


def test_a_search_bounded_by_positions_says_so(run):
    result = run("solve", "flower-garden", "--seed", "1", "--states", "40", "--time", "30")
    assert result.code == 0
    assert result.out.startswith("# No win found in the first 4")   # 40 or a few more
    assert "--states" in result.out and "--time" not in result.out


def test_a_search_gives_up_before_it_fills_the_memory(run, monkeypatch):
    """Past a bound on the memory in use, a search gives up as it would out
    of time, and says that more time would not help; where the system does
    not say the memory in use, a bound on the positions kept stands in."""
    from patience_cli.solver import search as solver
    game = Game.new("flower-garden", seed=2)
    monkeypatch.setattr(solver, "LOOKS", 1)
    assert solver._resident() > 0
    monkeypatch.setattr(solver, "MEMORY_MOST", 200 << 20)
    assert not solve(game.rules, game.start, seconds=60, max_states=3000).full
    monkeypatch.setattr(solver, "MEMORY_MOST", 0)
    found = solve(game.rules, game.start, seconds=60)
    assert found.result == GAVE_UP and found.full and found.states <= solver.SLICE + 1
    result = run("solve", "flower-garden", "--seed", "2", "--time", "60")
    assert result.code == 0 and "more time would not help" in result.out
    run("new", "flower-garden", "--seed", "2")
    assert "more time would not help" in run("hint", "--time", "60").out
    monkeypatch.setattr(solver, "_resident", lambda: None)
    monkeypatch.setattr(solver, "KEPT_MOST", 2000)
    found = solve(game.rules, game.start, seconds=60)
    assert found.full and 2000 <= found.states < 2000 + 2 * solver.SLICE


def test_a_search_is_charged_only_for_the_memory_it_adds(monkeypatch):
    """A worker process of 'patience odds' keeps the pages of a large search
    it ran before: the next deal's search must not give up at its first look
    for memory it never took (a run at 1,000,000 positions recorded deals
    "undecided" after 16,384 positions so)."""
    from patience_cli.solver import search as solver
    game = Game.new("flower-garden", seed=2)
    monkeypatch.setattr(solver, "LOOKS", 1)
    monkeypatch.setattr(solver, "MEMORY_MOST", 200 << 20)
    held = [8 << 30]  # the process holds 8 GB already, and each look finds 1 MB more

    def resident():
        held[0] += 10 << 20
        return held[0]
    monkeypatch.setattr(solver, "_resident", resident)
    found = solve(game.rules, game.start, seconds=60, max_states=3000)
    assert not found.full and found.states == 3000

    def growing():  # a search that adds more than its bound still gives up
        held[0] += 300 << 20
        return held[0]
    monkeypatch.setattr(solver, "_resident", growing)
    assert solve(game.rules, game.start, seconds=60, max_states=3000).full


def test_a_hint_that_finds_no_win_in_time_gives_the_move_that_looks_best(run):
    """'hint' never gives nothing: with no win proved in its budget it names
    the move the solver's guide rates best, said as not proved."""
    run("new", "klondike", "--seed", "21")
    said = run("hint", "--states", "50").out
    assert "No win found" in said and "The move that looks best (not proved): patience " in said
    # the positions, not the time, stopped it: it says so, and what to raise
    assert said.startswith("No win found in the first 5") and "--states 200" in said
    assert "--time" not in said
    doc = json.loads(run("hint", "--states", "50", "--json").out)
    assert doc["result"] == "gave up" and doc["command"] is None
    assert doc["best_command"].startswith("patience ") and doc["best_text"]


def test_the_memory_a_search_may_take_is_the_players_to_set(run, monkeypatch):
    """--memory sets the bound of 'solve', 'hint' and 'odds' (megabytes): a search
    whose process grows by ten megabytes at each look stops at 60 given
    --memory 60, says that a larger --memory would help, and 'odds' records
    the deal undecided at the positions it reached; given more, it goes on
    to its budget of positions."""
    from patience_cli.solver import search as solver
    monkeypatch.setattr(solver, "LOOKS", 1)
    held = [1 << 30]

    def resident():
        held[0] += 10 << 20
        return held[0]
    monkeypatch.setattr(solver, "_resident", resident)
    small = run("solve", "flower-garden", "--seed", "2", "--states", "200000", "--time", "60",
                "--memory", "60")
    assert small.code == 0 and "a larger --memory would" in small.out
    wide = run("solve", "flower-garden", "--seed", "2", "--states", "2000", "--time", "60",
               "--memory", "100000")
    assert wide.out.startswith("# No win found in the first 2")
    doc = json.loads(run("odds", "flower-garden", "--seeds", "2", "--states", "200000",
                         "--memory", "60", "--no-results", "--json").out)
    assert doc["undecided"] == 1
    assert run("solve", "flower-garden", "--seed", "2", "--memory", "10").code == 2  # below 50
    # and 'hint', from a game in play
    assert run("new", "flower-garden", "--seed", "2").code == 0
    hint = run("hint", "--states", "200000", "--time", "60", "--memory", "60")
    assert hint.code == 0 and "a larger --memory would" in hint.out
    assert run("hint", "--memory", "10").code == 2


@pytest.mark.parametrize("game_id,seed,limits,status", [
    ("fours", "7", (), "won"),                                        # a win, replayed
    ("sympathy", "1", (), None),                                       # proved lost
    ("flower-garden", "1", ("--states", "40", "--time", "30"), None),  # undecided
])
def test_solve_piped_into_play_runs_every_line(run, game_id, seed, limits, status):
    """The README's promise, 'patience solve ... | patience play': every line
    'solve' writes is a command or a '#' comment, which the batch skips (#73)."""
    said = run("solve", game_id, "--seed", seed, *limits)
    assert said.code == 0
    assert all(line.startswith(("patience ", "# ")) for line in said.out.splitlines())
    played = run("play", stdin=said.out)
    assert played.code == 0, played.err
    if status == "won":
        assert "Won after" in played.out
