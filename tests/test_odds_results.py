"""Odds that accumulate, resume and merge: the results file of 'patience odds'
(patience_cli/odds_results.py), and the same counts on a Dask cluster as with
--jobs (patience_cli/odds_run.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_json import valid

from patience_cli.games import load
from patience_cli.layout import load_layout, rules_fingerprint
from patience_cli.odds_results import (
    Answers,
    Budget,
    DealAnswer,
    ResultsError,
    first_deals,
    read_answers,
    tally,
)
from patience_cli.solver import REVISION, SAFE_NARROWED, proofs_since

SMALL, LARGE = Budget(50, 10.0), Budget(20_000, 10.0)


def answer(seed: int, result: str, budget: Budget = LARGE, game: str = "fours",
           deal: str = "r1") -> DealAnswer:
    return DealAnswer(game, None, seed, result, 10, 0.1, budget, deal)


def test_an_answer_is_one_json_line_and_reads_back():
    a = answer(7, "won")
    line = a.line()
    assert line.endswith("\n") and line.count("\n") == 1
    data = json.loads(line)
    assert {"game", "variant", "seed", "result", "positions", "seconds", "budget"} <= set(data)
    assert list(read_answers([line])) == [a]


def test_a_torn_last_line_is_passed_over_but_a_bad_line_in_the_middle_is_an_error():
    good = answer(1, "won").line()
    torn = answer(2, "lost").line()[:30]  # the run stopped as it wrote
    assert [a.seed for a in read_answers([good, torn])] == [1]
    with pytest.raises(ResultsError, match="line 2"):
        list(read_answers([good, "not json\n", answer(3, "won").line()]))
    with pytest.raises(ResultsError, match="line 1"):
        list(read_answers([json.dumps({"game": "fours", "seed": 1}) + "\n"]))
    with pytest.raises(ResultsError, match="line 1"):  # a torn line followed by more
        list(read_answers([torn, good]))


def test_a_decided_answer_stands_whatever_the_budget_an_undecided_one_only_for_less():
    known = Answers("fours", None)
    known.add(answer(1, "undecided", SMALL))
    known.add(answer(2, "won", SMALL))
    assert known.usable(1, SMALL) is not None and known.usable(1, LARGE) is None
    assert known.usable(2, LARGE).result == "won"  # a win is a win at any budget
    known.add(answer(1, "lost", SMALL))  # a proof found later replaces the undecided one
    assert known.usable(1, LARGE).result == "lost"
    known.add(answer(1, "undecided", LARGE))  # and is not undone by a later undecided
    assert known.by_seed[1].result == "lost"
    known.add(answer(3, "undecided", SMALL))
    known.add(answer(3, "undecided", LARGE))  # the larger budget's is kept
    assert known.usable(3, LARGE) is not None


def test_an_undecided_answer_of_an_earlier_solver_is_solved_again():
    """A newer solver may decide what an older one left open within the same
    budget: its undecided answers are not taken, and this solver's replace
    them; a win or a proof stands whichever solver found it."""
    known = Answers("fours", None)
    older = DealAnswer("fours", None, 1, "undecided", 10, 0.1, LARGE, "r1", REVISION - 1)
    known.add(older)
    assert known.usable(1, SMALL) is None  # even for a smaller budget
    known.add(answer(1, "undecided", SMALL))  # this solver's, on a smaller budget
    assert known.by_seed[1].solver == REVISION and known.usable(1, SMALL) is not None
    known.add(older)  # and an older one read later does not undo it
    assert known.by_seed[1].solver == REVISION
    known.add(DealAnswer("fours", None, 2, "won", 10, 0.1, SMALL, "r1", REVISION - 1))
    assert known.usable(2, LARGE).result == "won"
    # a line written before the revision was kept is of revision 1
    data = json.loads(older.line())
    assert data["solver"] == REVISION - 1
    del data["solver"]
    assert DealAnswer.from_json(data).solver == 1


def test_deals_go_out_in_packets_small_enough_to_report_often():
    """A hundred deals on two workers (the table's rows, some deals taking
    minutes) go one a packet, each answer written as it is found; a
    million go 200 a packet; every seed goes once, in order."""
    from patience_cli.odds_run import packets

    assert packets(range(1, 101), 2) == [[n] for n in range(1, 101)]
    big = packets(range(1, 1_000_001), 16)
    assert {len(p) for p in big} == {200}
    assert [n for p in packets(range(1, 10_001), 2) for n in p] == list(range(1, 10_001))


def test_answers_of_another_game_or_deal_algorithm_are_not_taken_and_contradictions_refused():
    known = Answers("fours", None)
    known.add(answer(1, "won", game="sympathy"))
    known.add(answer(2, "won", deal="r0"))
    assert known.by_seed == {}
    known.add(answer(1, "won"))
    with pytest.raises(ResultsError, match="deal 1 of fours is won in one run and lost"):
        known.add(answer(1, "lost"))


def test_answers_of_other_rules_are_not_taken_and_lines_from_before_fingerprints_are():
    known = Answers("fours", None, rules="a1b2c3d4e5f6")
    known.add(DealAnswer("fours", None, 1, "won", 10, 0.1, LARGE, rules="0123456789ab"))
    assert known.by_seed == {}                           # the game as it was once read
    known.add(DealAnswer("fours", None, 1, "lost", 10, 0.1, LARGE, rules="a1b2c3d4e5f6"))
    known.add(answer(2, "won"))                          # written before answers carried rules
    assert {n: a.result for n, a in known.by_seed.items()} == {1: "lost", 2: "won"}
    line = DealAnswer("fours", None, 3, "won", 10, 0.1, LARGE, rules="a1b2c3d4e5f6").line()
    assert json.loads(line)["rules"] == "a1b2c3d4e5f6"
    assert list(read_answers([line]))[0].rules == "a1b2c3d4e5f6"


def test_the_rules_fingerprint_changes_with_the_rules_not_with_the_looks(monkeypatch):
    from patience_cli import layout

    raw = layout.read_raw("blockade")
    fingerprint = layout.rules_fingerprint.__wrapped__

    def of(changed):
        monkeypatch.setattr(layout, "read_raw", lambda game_id: changed)
        return fingerprint("blockade"), fingerprint("blockade", "second")

    same = of(raw)
    looks = json.loads(json.dumps(raw))
    looks["title"], looks["piles"][0]["note"], looks["piles"][0]["at"] = "B", "n", [1, 1]
    looks["variants"]["second"]["title"] = "Other"
    assert of(looks) == same
    rules = json.loads(json.dumps(raw))
    rules["play"]["rows"]["refill"] = "current"
    assert of(rules)[0] != same[0]
    pile = json.loads(json.dumps(raw))
    pile["variants"]["second"]["piles"][0]["count"] = 9
    base, second = of(pile)                              # the variant's piles alone
    assert base == same[0] and second != same[1]
    with pytest.raises(layout.LayoutError, match="no variant"):
        fingerprint("blockade", "nine")


def test_tally_and_first_deals_count_deals_1_to_n_as_far_as_none_is_missing():
    known = Answers("fours", None)
    for seed, result in ((1, "won"), (2, "lost"), (3, "undecided"), (5, "won")):
        known.add(answer(seed, result))
    first = first_deals(known)
    assert [a.seed for a in first] == [1, 2, 3]
    t = tally(first)
    assert (t.won, t.lost, t.undecided, t.lost_deals, t.undecided_deals) == (1, 1, 1, (2,), (3,))


# ------------------------------------------------------------- the command
def test_odds_keeps_each_answer_and_a_second_run_takes_them(run, tmp_path):
    first = valid(run("odds", "fours", "--deals", "20", "--json").out)
    path = Path(first["results"])
    assert path == Path("output/odds/fours.jsonl") and first["reused"] == 0
    lines = path.read_text().splitlines()
    assert sorted(json.loads(x)["seed"] for x in lines) == list(range(1, 21))
    more = valid(run("odds", "fours", "--deals", "30", "--json").out)
    assert more["reused"] == 20 and len(path.read_text().splitlines()) == 30
    fresh = valid(run("odds", "fours", "--deals", "30", "--no-results", "--json").out)
    assert {k: more[k] for k in ("won", "lost", "lost_deals", "undecided_deals")} == \
        {k: fresh[k] for k in ("won", "lost", "lost_deals", "undecided_deals")}
    text = run("odds", "fours", "--deals", "30").out
    assert "answers kept in output/odds/fours.jsonl (30 taken from it, 0 solved now)" in text


def test_proofs_of_a_solver_whose_safe_moves_were_too_wide_for_the_game_are_not_taken():
    """Revision 16 called fewer moves safe where a card kept back may change
    what a rule does (the Pyramid's places refilled, the Indefatigable's
    packets gathered): a "lost" of an earlier solver is not taken there (the
    Pyramid's 11 were all won), a win is; elsewhere every proof stands."""
    assert proofs_since(load("pyramid")[1]) == SAFE_NARROWED == proofs_since(
        load("indefatigable")[1])
    assert proofs_since(load("klondike")[1]) == proofs_since(load("flower-garden")[1]) == 1
    known = Answers("pyramid", None, proofs_since=SAFE_NARROWED)
    for seed, result, solver in [(1, "lost", SAFE_NARROWED - 1), (2, "won", SAFE_NARROWED - 1),
                                 (3, "lost", SAFE_NARROWED)]:
        known.add(DealAnswer("pyramid", None, seed, result, 10, 0.1, LARGE, "r1", solver))
    assert {n: a.result for n, a in known.by_seed.items()} == {2: "won", 3: "lost"}
    known.add(DealAnswer("pyramid", None, 1, "won", 10, 0.1, LARGE, "r1", SAFE_NARROWED))
    assert known.by_seed[1].result == "won"     # no contradiction with the proof set aside


def test_odds_solves_again_a_proof_that_no_longer_stands(run, tmp_path):
    file = tmp_path / "pyramid.jsonl"
    line = DealAnswer("pyramid", None, 4, "lost", 10, 0.1, Budget(20_000, 20.0), "r1",
                      SAFE_NARROWED - 1, rules_fingerprint("pyramid")).line()
    file.write_text(line)
    again = valid(run("odds", "pyramid", "--seeds", "4", "--states", "20000", "--results",
                      str(file), "--json").out)
    assert again["reused"] == 0 and (again["won"], again["lost"]) == (1, 0)


def test_answers_of_the_game_under_rules_since_changed_are_solved_again(run, tmp_path):
    file = tmp_path / "fours.jsonl"
    first = valid(run("odds", "fours", "--deals", "4", "--results", str(file), "--json").out)
    lines = [json.loads(line) for line in file.read_text().splitlines()]
    assert {line["rules"] for line in lines} == {rules_fingerprint("fours")}
    for line in lines[:2]:  # two deals measured when the rules were read otherwise
        line["rules"], line["result"] = "0123456789ab", "lost" if line["result"] == "won" \
            else "won"
    file.write_text("".join(json.dumps(line) + "\n" for line in lines))
    again = valid(run("odds", "fours", "--deals", "4", "--results", str(file), "--json").out)
    assert again["reused"] == 2
    assert (again["won"], again["lost"]) == (first["won"], first["lost"])


def test_a_deal_stopped_by_the_memory_cap_is_undecided_within_the_positions_it_reached(
        monkeypatch):
    """A search that gave up for memory did not have the run's budget: its
    answer says the positions it reached, so a run with that budget, on a
    machine with more memory, tries the deal again."""
    from patience_cli.odds_run import solve_deal
    from patience_cli.solver import search as solver

    monkeypatch.setattr(solver, "LOOKS", 1)  # a look at the memory every 256 positions
    found = solve_deal("flower-garden", None, 2, LARGE, memory=0)
    assert found.result == "undecided" and found.positions < LARGE.positions
    assert found.budget == Budget(found.positions, LARGE.seconds)
    answers = Answers("flower-garden", None)
    answers.add(found)
    assert answers.usable(2, LARGE) is None and answers.usable(2, SMALL) == found
    assert solve_deal("flower-garden", None, 2, SMALL).budget == SMALL


def test_a_run_stopped_part_way_resumes_where_it_stopped(run, tmp_path):
    whole = valid(run("odds", "sympathy", "--deals", "12", "--no-results", "--json").out)
    file = tmp_path / "half.jsonl"
    run("odds", "sympathy", "--deals", "5", "--results", str(file))
    # the machine went down as the sixth answer was written
    file.write_text(file.read_text() + '{"game": "sympathy", "variant": nu')
    resumed = valid(run("odds", "sympathy", "--deals", "12", "--results", str(file),
                        "--json").out)
    assert resumed["reused"] == 5
    assert {k: resumed[k] for k in ("won", "lost", "lost_deals")} == \
        {k: whole[k] for k in ("won", "lost", "lost_deals")}
    seeds = [a.seed for a in read_answers(file.read_text().splitlines(keepends=True))]
    assert sorted(seeds) == list(range(1, 13))


def test_files_of_several_runs_merge(run, tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    run("odds", "fours", "--seeds", "1-10", "--results", str(a))
    run("odds", "fours", "--seeds", "11-25", "--results", str(b))
    both = tmp_path / "both.jsonl"
    both.write_text(a.read_text() + b.read_text())
    merged = valid(run("odds", "fours", "--deals", "25", "--results", str(both), "--json").out)
    fresh = valid(run("odds", "fours", "--deals", "25", "--no-results", "--json").out)
    assert merged["reused"] == 25 and merged["lost_deals"] == fresh["lost_deals"]
    assert merged["seeds"] == "1-25"
    assert run("odds", "fours", "--seeds", "5", "--results", str(both)).out.startswith(
        "Fours, deal 5 (")
    assert run("odds", "fours", "--seeds", "20-22,24", "--results", str(both)).out.startswith(
        "Fours, deals 20-22, 24 (")


def test_bad_seeds_files_and_options_are_one_line_errors(run, tmp_path):
    for args, words in ((["--deals", "3", "--seeds", "1-3"], "one of --deals"),
                        (["--seeds", "9-1"], "ends before it begins"),
                        (["--seeds", "1-3,2-4"], "some deals twice"),
                        (["--results", str(tmp_path)], "it is a folder"),
                        (["--results", "x.jsonl", "--no-results"], "one of --results")):
        result = run("odds", "fours", *args)
        assert result.code == 2 and result.err.count("\n") == 1 and words in result.err, args
    broken = tmp_path / "broken.jsonl"
    broken.write_text(answer(1, "won").line() + "garbage\n" + answer(2, "won").line())
    result = run("odds", "fours", "--deals", "3", "--results", str(broken))
    assert result.code == 2 and "broken.jsonl, line 2: not JSON" in result.err
    assert broken.read_text().count("\n") == 3  # left as it was
    # a results file whose folder would be a file: said so, not "File exists"
    result = run("odds", "fours", "--deals", "1", "--results", str(broken / "x.jsonl"))
    assert result.code == 1 and f"{broken} is a file, not a folder" in result.err


@pytest.mark.heavy
def test_on_a_dask_cluster_the_counts_are_those_of_jobs(run):
    distributed = pytest.importorskip("distributed")
    here = valid(run("odds", "sympathy", "--deals", "30", "--jobs", "2", "--no-results",
                     "--json").out)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        there = valid(run("odds", "sympathy", "--deals", "30", "--no-results", "--scheduler",
                          cluster.scheduler_address, "--json").out)
    assert there == here


def test_an_unreachable_scheduler_is_one_line(run):
    pytest.importorskip("distributed")
    result = run("odds", "fours", "--deals", "2", "--no-results", "--scheduler", "nonsense")
    assert result.code == 1 and result.err.count("\n") == 1
    assert "cannot reach the Dask scheduler at nonsense" in result.err


def _update_odds():
    import importlib.util

    script = Path(__file__).resolve().parent.parent / "scripts" / "update_odds.py"
    spec = importlib.util.spec_from_file_location("update_odds", script)
    update_odds = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(update_odds)
    return update_odds


def test_update_odds_builds_the_tables_figures_from_results_files(tmp_path):
    update_odds = _update_odds()
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text(answer(1, "won").line() + answer(2, "lost", SMALL).line()
                 + answer(1, "won", game="sympathy").line())
    b.write_text(answer(3, "undecided").line() + answer(5, "won").line())
    entries = update_odds.from_results([str(a), str(b)])
    fours = entries["fours"]  # deals 1 to 3: the fifth is not counted, the fourth missing
    assert (fours["deals"], fours["won"], fours["lost"], fours["undecided"]) == (3, 1, 1, 1)
    assert fours["budget"] == "20000 positions or 10 s a deal"  # the largest any had
    assert 0 < fours["low"] < 1 / 3 < fours["high"] < 1
    assert fours["undecided_seeds"] == "3"  # to be searched again: parse_seeds reads it
    assert entries["sympathy"]["deals"] == 1 and "undecided_seeds" not in entries["sympathy"]


def test_the_readmes_odds_table_and_shortfall_list_are_those_odds_json_gives():
    """The README's odds table, and its list of the rows short of the aim,
    are what scripts/update_odds.py writes from rules_text/odds.json: no row
    edited by hand, none left out, no figure stale."""
    update_odds = _update_odds()
    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    data = json.loads((root / "rules_text" / "odds.json").read_text(encoding="utf-8"))
    assert update_odds.readme_text(readme, data) == readme
    short = readme[readme.index(update_odds.SHORT_HEAD):readme.index(update_odds.SHORT_END)]
    short = " ".join(short.split())
    for key, o in data["games"].items():  # each row over the aim named, with its figure
        game, _, variant = key.partition("+")
        named = f"{load_layout(game, variant or None).title}" + (f" (`{variant}`)" if variant else "")
        figure = round(100 * o["undecided"] / o["deals"])
        positions = int(o["budget"].split()[0])
        over = o["undecided"] * 100 > update_odds.AIM * o["deals"]
        assert any(f"{named} {figure} ({positions:,}){end}" in short for end in ",.") == over, key


def test_the_shortfall_list_sorts_games_by_what_their_rules_do_with_the_cards():
    kind = _update_odds().dealing_kind
    assert [kind(load(game, variant)[1]) for game, variant in (
        ("flower-garden", None), ("klondike", None), ("sultan", None),
        ("la-belle-lucie", None), ("crescent", None), ("fly", None))] == [
        "start", "once", "again", "gathered", "gathered", "placed"]
