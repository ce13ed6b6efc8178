"""The deals a --seeds option names, read alike by deal-out and odds."""

import pytest

from patience_cli.rng import MAX_SEED
from patience_cli.seed_ranges import SeedRangeError, parse_seeds, ranges_of, seeds_text


def test_seeds_are_ranges_joined_by_commas():
    assert parse_seeds("1-1000000") == [range(1, 1_000_001)]
    assert parse_seeds("7") == [range(7, 8)]
    assert parse_seeds("1-10,20-30") == [range(1, 11), range(20, 31)]
    assert parse_seeds(f"0-{MAX_SEED}", most=MAX_SEED + 1) == [range(0, MAX_SEED + 1)]
    assert seeds_text(parse_seeds("1-10, 20-30,40")) == "1-10, 20-30, 40"


@pytest.mark.parametrize("bad", [
    "", "a-b", "5-1", "1-", "-3", "1-10;20", "1-99999999999", str(MAX_SEED + 1),
    "²", "٣", "1-٣", "9" * 5000, "1,,2",
])
def test_anything_else_is_refused_in_one_line(bad):
    with pytest.raises(SeedRangeError) as refused:
        parse_seeds(bad)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 120


def test_a_cap_on_how_many():
    assert len(parse_seeds("1-100", most=100)[0]) == 100
    with pytest.raises(SeedRangeError, match="more than 100 seeds"):
        parse_seeds("1-50,51-101", most=100)


@pytest.mark.parametrize("command", [["deal-out", "fours"], ["odds", "fours", "--no-results"]])
@pytest.mark.parametrize("bad", ["²", "9" * 5000, "9-1"])
def test_commands_refuse_a_bad_range_with_exit_2(run, command, bad):
    result = run(*command, "--seeds", bad)
    assert result.code == 2 and result.err.startswith("patience: --seeds: ")
    assert result.err.count("\n") == 1 and "internal error" not in result.err


def test_seeds_listed_become_runs_that_read_back():
    assert ranges_of([9, 1, 2, 3, 7, 8, 3]) == [range(1, 4), range(7, 10)]
    assert ranges_of([]) == []
    seeds = [1, 2, 3, 5, 8, 9, 10, 42]
    assert [s for r in parse_seeds(seeds_text(ranges_of(seeds))) for s in r] == seeds


def test_seeds_named_one_by_one_are_said_as_runs():
    assert seeds_text(parse_seeds("1,2,3,7,8,20")) == "1-3, 7-8, 20"
    assert seeds_text(parse_seeds("5,1-3")) == "5, 1-3"  # in the order given
