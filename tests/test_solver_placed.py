"""Greedy lines over compact positions (patience_cli.solver.placed): where
the player places each card turned and no rule reads a suit, the lines of
solver_playouts read the ranks alone; their wins replay through the engine,
and the solver plays them in those games only."""

import pytest
from conftest import replays_to_won, search_alone

from patience_cli.engine import Status
from patience_cli.game import Game
from patience_cli.solver.placed import PlacedLines, Ranks
from patience_cli.solver.pruning import Pruning
from patience_cli.solver.search import _depth_first_rounds


def test_the_fly_and_the_fairest_no_2_are_read_as_ranks_climbing_their_chains():
    fly = Game.new("fly", seed=1)
    ranks = Ranks.of(fly.rules, fly.start)
    # eight aces, each climbing two to king in any suit; the Fly's thirteen and
    # the pack's eighty-three cards still to go up
    assert ranks is not None and ranks.chains == (tuple(range(2, 14)),) * 8
    assert ranks.cards == 96
    fairest = Game.new("fairest-2", seed=1)
    ranks = Ranks.of(fairest.rules, fairest.start)
    # the ace, two, three and four climbing by their own values, thirteen taken
    # off where a sum passes it, each to a king
    assert ranks is not None and ranks.chains == (
        (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13),
        (4, 6, 8, 10, 12, 1, 3, 5, 7, 9, 11, 13),
        (6, 9, 12, 2, 5, 8, 11, 1, 4, 7, 10, 13),
        (8, 12, 3, 7, 11, 2, 6, 10, 1, 5, 9, 13))


@pytest.mark.parametrize("game_id", ["sly", "fairest-1", "klondike", "flower-garden", "red-and-black"])
def test_games_that_read_suits_or_deal_otherwise_are_not_read_so(game_id):
    # Sly's rounds of twenty and foundations in suit; the Fairest No. 1's card
    # turned only played; the others deal or build on their tableau
    game = Game.new(game_id, seed=1)
    assert Ranks.of(game.rules, game.start) is None
    assert not PlacedLines.suits(game.rules, game.start)


def test_a_won_line_replays_through_the_engine():
    answer, search = search_alone(PlacedLines, "fly", 10, 200_000)
    assert answer is not None and answer[0] == "won"
    assert replays_to_won(answer, search)
    assert search.lines > 1  # the first line, with no noise, sticks on this deal


def test_lines_from_a_game_under_way_replay_from_there():
    game = Game.new("fly", seed=7)
    rules, pos = game.rules, game.start
    for _ in range(12):  # a few cards turned and played or laid, as the engine gives them
        pos = rules.apply(pos, next(iter(rules.legal_moves(pos))))
    search = PlacedLines(rules, pos, Pruning(rules, start=pos), PlacedLines.FIRST, 100_000)
    answer = None
    while answer is None and search.states < search.budget:
        answer = search.step(256)
    assert answer is not None
    for move in answer[1]:
        assert rules.is_legal(pos, move), move
        pos = rules.apply(pos, move)
    assert rules.status(pos)[0] is Status.WON


def test_a_round_gives_the_same_answer_each_time_and_stops_at_its_budget():
    first, again = search_alone(PlacedLines, "fly", 1, 30_000), \
        search_alone(PlacedLines, "fly", 1, 30_000)
    assert first[0] is None and again[0] is None
    assert (first[1].states, first[1].lines) == (again[1].states, again[1].lines) == \
        (30_000, first[1].lines)
    assert first[1].lines > 100


def test_a_line_the_engine_would_not_play_is_not_called_won():
    game = Game.new("fly", seed=3)
    search = PlacedLines(game.rules, game.start, Pruning(game.rules, start=game.start),
                         PlacedLines.FIRST, 1000)
    # a card laid on a heap before any is turned
    assert search._replayed([("lay", 0)]) is None
    # moves the engine plays, but not to a won game
    assert search._replayed([("deal",)]) is None


def test_the_solver_plays_the_compact_lines_where_they_read_the_game_and_the_engines_elsewhere():
    def side(game_id):
        game = Game.new(game_id, seed=1)
        rounds = _depth_first_rounds(game.rules, game.start, Pruning(game.rules, start=game.start))
        next(rounds)  # the depth-first search
        return {type(next(rounds)).__name__ for _ in range(4)}
    assert side("fly") == side("fairest-2") == {"PlacedLines", "Bounded"}
    assert side("sly") == {"Playouts", "Bounded"}
