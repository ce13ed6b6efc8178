"""Greedy lines played out with noise (patience_cli.solver.playouts): where
the player lays each card turned where he likes, they win deals that the
rounds burying few cards miss, and where a pack is dealt onto a tableau
built on, deals that the rounds departing little from the first move miss;
their wins replay through the engine, their ends prove nothing, and a
round's answer is the same each time it runs."""

from conftest import replays_to_won, search_alone

from patience_cli.game import Game
from patience_cli.solver.bounded import Bounded, FewDepartures, when_wanted
from patience_cli.solver.playouts import Playouts, worth_playing_out
from patience_cli.solver.pruning import Pruning


def test_lines_with_noise_win_a_deal_of_the_fairest_no_2_that_burying_few_cards_misses():
    answer, search = search_alone(Playouts, "fairest-2", 17, 5000)
    assert answer is not None and answer[0] == "won"
    assert replays_to_won(answer, search)
    assert search_alone(Bounded, "fairest-2", 17, 5000)[0] is None


def test_lines_win_a_deal_of_red_and_black_that_departing_little_misses():
    """Where the pack is dealt: Red and Black's deal 6, won by the second
    line (the first, with no noise, sticks), not by the round of the same
    budget that departs little from the first move."""
    answer, search = search_alone(Playouts, "red-and-black", 6, 2000)
    assert answer is not None and answer[0] == "won"
    assert search.lines == 2
    assert replays_to_won(answer, search)
    assert search_alone(FewDepartures, "red-and-black", 6, 2000)[0] is None


def test_lines_are_played_where_cards_are_placed_or_a_pack_dealt_onto_a_built_tableau():
    worth = {game: worth_playing_out(Game.new(game, seed=1).rules)
             for game in ("fly", "red-and-black", "salic-law", "kingdom", "mill", "fours")}
    # the Fly places; Red and Black and the Salic Law build on their tableau;
    # the Kingdom's and the Mill's refilled piles are reserves; Fours deals rows
    # of four that no card is built on
    assert worth == {"fly": True, "red-and-black": True, "salic-law": True,
                     "kingdom": False, "mill": False, "fours": False}


def test_a_round_of_lines_gives_the_same_answer_each_time():
    first, again = search_alone(Playouts, "fly", 14, 3000), search_alone(Playouts, "fly", 14, 3000)
    assert first[0] == again[0]
    assert (first[1].states, first[1].lines) == (again[1].states, again[1].lines)
    assert first[1].lines > 3  # several lines, each another (the noise)


def test_a_round_of_lines_never_calls_a_deal_lost_and_stops_at_its_budget():
    answer, search = search_alone(Playouts, "fly", 2, 2000)
    assert answer is None and search.states == 2000


def test_how_soon_the_first_and_the_last_foundation_want_a_card():
    """The Fairest (No. 2) from the deal: the ace's foundation wants a five
    after three cards (2, 3, 4), the two's after seven (4, 6, 8, 10, Q, A,
    3), the three's after four (6, 9, Q, 2), the four's after nine (8, Q,
    3, 7, J, 2, 6, 10, A): the soonest three, the latest nine."""
    game = Game.new("fairest-2", seed=1)
    assert when_wanted(game.rules, game.start)[(5, None)] == 3
    assert when_wanted(game.rules, game.start, latest=True)[(5, None)] == 9


def test_a_round_whose_lines_meet_no_position_ends_at_once():
    """Where no line can leave the start (here a pruning that gives no
    move), the round ends instead of beginning line after line."""
    game = Game.new("fly", seed=1)
    pruning = Pruning(game.rules, start=game.start)
    pruning.moves = lambda pos, last, pending: []
    search = Playouts(game.rules, game.start, pruning, Playouts.FIRST, 1000)
    assert search.step(256) is None
    assert search.budget == search.states == 0
