"""The beam search move by move where cards go out by pairs
(patience_cli.solver.pairs_beam): it wins deals of the Fourteenth played with
one exchange in the game that the depth-first search misses within the same
positions, and the solver's portfolio runs it after each round of greedy
searches; its wins replay through the engine and its ends prove nothing (its
rounds are the deal-to-deal beam's, whose tests show them the same each time
they run)."""

import pytest
from conftest import replays_to_won, search_alone

from patience_cli.game import Game
from patience_cli.solver import search as solver
from patience_cli.solver.guide import Guide
from patience_cli.solver.pairs_beam import PairsBeam, worth_pairs_beam
from patience_cli.solver.pruning import Pruning


def test_the_beam_wins_a_deal_of_the_fourteenth_played_once_that_depth_first_misses():
    """Deal 5 within 4,000 positions: the first beam, four lines side by side,
    wins it (at 3,150 positions: no randomness, the same each time); the
    depth-first search does not."""
    answer, search = search_alone(PairsBeam, "fourteenth", 5, 4000, "once")
    assert answer is not None and answer[0] == "won"
    assert search.width == 4 and search.states == 3150
    assert replays_to_won(answer, search)
    assert search_alone(None, "fourteenth", 5, 4000, "once")[0] is None


@pytest.mark.parametrize("game_id, variant", [("fourteenth", "once"), ("flower-garden", None)])
def test_the_portfolio_ends_each_round_of_greedy_searches_with_the_beam(game_id, variant):
    """The solver's searches where every card is dealt at the start: the
    depth-first search, then rounds of greedy searches, one a measure, each
    round ended, where cards go out by pairs, by a beam of twice the last
    one's positions (none elsewhere: the Flower-Garden)."""
    game = Game.new(game_id, variant, seed=1)
    rules = game.rules
    searches = solver._portfolio(rules, game.start, Pruning(rules, start=game.start))
    kinds = [type(next(searches)).__name__ for _ in range(1 + 2 * (len(Guide.MEASURES) + 1))]
    if not worth_pairs_beam(rules):
        assert kinds[1:] == ["_Greedy"] * (len(kinds) - 1)
        return
    greedy = ["_Greedy"] * len(Guide.MEASURES)
    assert kinds == ["_DepthFirst"] + greedy + ["PairsBeam"] + greedy + ["PairsBeam"]
    searches = solver._portfolio(rules, game.start, Pruning(rules, start=game.start))
    beams = [s for s in (next(searches) for _ in kinds) if isinstance(s, PairsBeam)]
    assert [b.budget for b in beams] == [solver.PAIRS_BEAM_STATES, 2 * solver.PAIRS_BEAM_STATES]
    assert [b.width for b in beams] == [4, 8]


def test_a_beam_whose_lines_all_stick_begins_again_twice_as_wide_until_its_budget():
    """Deal 4: the lines of the beam of 4 all stick (at 2,919 positions); the
    round begins again twice as wide and stops at its budget with no answer."""
    answer, search = search_alone(PairsBeam, "fourteenth", 4, 3500, "once")
    assert answer is None and search.states == 3500
    assert search.width == 8


def test_each_round_begins_twice_as_wide_as_the_last():
    game = Game.new("fourteenth", "once", seed=2)
    assert [PairsBeam(game.rules, game.start, Pruning(game.rules, start=game.start), n,
                      1).width for n in (0, 1, 2)] == [4, 8, 16]


def test_a_position_is_the_more_promising_the_more_cards_are_out_then_the_more_pairs_open():
    game = Game.new("fourteenth", "once", seed=1)
    rules, pos = game.rules, game.start
    beam = PairsBeam(rules, pos, Pruning(rules, start=pos), 0, 100)
    pairs = list(rules.legal_moves(pos))  # nothing but pairs before play comes to a stand
    assert beam.promise(pos) == (0, len(pairs)) and pairs
    after = rules.apply(pos, pairs[0])
    assert beam.promise(after) == (2, len(list(rules.legal_moves(after))))


@pytest.mark.parametrize("game_id, variant, worth", [
    ("fourteenth", None, True), ("fourteenth", "once", True), ("elevens-2", None, True),
    ("covering", None, True), ("wish", None, True),
    ("thirteens", None, False),       # a deal step: the beam from deal to deal is its
    ("flower-garden", None, False),   # no pairs
])
def test_the_beam_runs_where_cards_go_out_by_pairs_and_nothing_is_dealt(game_id, variant, worth):
    assert worth_pairs_beam(Game.new(game_id, variant, seed=1).rules) is worth
