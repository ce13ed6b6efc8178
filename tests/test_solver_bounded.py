"""The searches for wins that keep near the depth-first search's first choices
(:mod:`patience_cli.solver.bounded`): the one that buries few cards (how soon
the foundations want a card) and the one that departs little from the first
move; the bound each keeps to, that their wins replay through the engine and
that their running out is never called a loss."""

import pytest
from conftest import cards, pile_index, position

from patience_cli.engine import Status
from patience_cli.game import Game
from patience_cli.position import MoveKind
from patience_cli.solver import bounded as solver_bounded
from patience_cli.solver import search as solver
from patience_cli.solver.bounded import NEVER, Bounded, FewDepartures, when_wanted
from patience_cli.solver.pruning import Pruning

SPADES, HEARTS = cards("As")[0].suit, cards("Ah")[0].suit


def test_how_soon_the_foundations_want_a_card_calculation():
    game = Game.new("fairest-2", seed=1)   # the ace, two, three and four climb by their values
    when = when_wanted(game.rules, game.position)
    assert when[(2, None)] == 0            # the ace's next
    assert when[(4, None)] == 0            # the two's next (the ace's third)
    assert when[(3, None)] == 1            # the ace's second (the three wants a six first)
    assert when[(13, None)] == 11          # a king closes each, last
    assert all(soon < NEVER for soon in when.values()) and len(when) == 13


def test_how_soon_the_foundations_want_a_card_in_suit_and_from_an_empty_base():
    rules, pos = position("klondike", {8: "Ah 2h 3h"})       # one foundation begun
    when = when_wanted(rules, pos)
    assert when[(4, HEARTS)] == 0 and when[(5, HEARTS)] == 1 and when[(13, HEARTS)] == 9
    assert (4, SPADES) not in when
    assert when[(1, None)] == 0 and when[(2, None)] == 1    # an empty foundation's ace, two


def _buried(rules, line, start) -> int:
    """The cards the moves of *line* lay over a card wanted sooner."""
    count, pos = 0, start
    for move in line:
        if move.kind is MoveKind.MOVE and move.dst in rules.tableau and pos.piles[move.dst]:
            when = when_wanted(rules, pos)
            soon = [min(when.get((c.rank, c.suit), NEVER), when.get((c.rank, None), NEVER))
                    for c in (rules.moving_card(pos, move), pos.piles[move.dst][-1])]
            count += soon[0] > soon[1]
        pos = rules.apply(pos, move)
    return count


def test_a_line_buries_no_more_cards_than_its_bound():
    game = Game.new("fairest-2", seed=1)
    rules, start = game.rules, game.position
    for bound in (0, 1):
        search = Bounded(rules, start, Pruning(rules, start=start), bound, 3000)
        most = 0
        while search.states < 3000:
            if search.step(100) is not None:
                break
            line = [frame[2] for frame in search.stack[1:]]
            most = max(most, _buried(rules, line, start))
        assert most == bound   # the bound is reached, never passed


@pytest.mark.parametrize("game_id, seed, states, rounds", [
    ("fairest-2", 2, 2000, Bounded),       # the rounds that bury few cards
    ("anna", 4, 2500, FewDepartures),      # the rounds that depart little from the first move
])
def test_its_wins_replay_through_the_engine_and_the_full_search_alone_misses_them(
        monkeypatch, game_id, seed, states, rounds):
    game = Game.new(game_id, seed=seed)
    assert solver_bounded.kind(game.rules) is rounds
    monkeypatch.setattr(solver, "worth_beaming", lambda rules: False)  # the rounds alone
    monkeypatch.setattr(solver, "worth_playing_out", lambda rules: False)
    found = solver.solve(game.rules, game.position, seconds=60, max_states=states)
    assert found.result == solver.WON
    for move in found.moves:
        game.play(move)
    assert game.rules.status(game.position)[0] is Status.WON
    monkeypatch.setattr(solver_bounded, "kind", lambda rules: None)
    game = Game.new(game_id, seed=seed)
    alone = solver.solve(game.rules, game.position, seconds=60, max_states=states)
    assert alone.result == solver.GAVE_UP


def test_running_out_is_no_proof_of_loss():
    # the pack's last card, a five, wanted by none now: laid on an empty heap it is
    # still lost (the three on the two can never move), laid on the three it buries it
    rules, pos = position("fairest-2", {1: "Ac", 2: "2d", 3: "3s", 4: "4h", 5: "2c 3c",
                                        9: "5c"}, down={9: 1})
    search = Bounded(rules, pos, Pruning(rules, start=pos), 0, 1000)
    assert search.step(1000) is None            # every line within the bound met ...
    assert search.budget == search.states < 1000  # ... and the round ends, no answer
    assert solver.solve(rules, pos, seconds=30, max_states=1000).result == solver.LOST
    assert pile_index(rules, 5) in rules.tableau


# ------------------------------------------------ the rounds that depart little
def _departures(pruning, stack) -> int:
    """The moves of the line on *stack* that are not the move the pruning
    gives first where they are made."""
    count = 0
    for before, (parent, frame) in enumerate(zip(stack, stack[1:])):
        move = frame[2]
        if before == 0:
            moves = pruning.moves(parent[0], None, None)
        elif parent[3] is parent[2]:   # kept: its moves follow the move that led there
            moves = pruning.moves(parent[0], parent[2], None)
        else:                          # passed through: the pile that must take the next
            grand = stack[before - 1][0]
            moves = pruning.moves(parent[0], parent[3], pruning.cover(grand, parent[2]))
        count += move != moves[-1]
    return count


def test_a_line_departs_from_the_first_move_no_more_than_its_bound():
    game = Game.new("clock", seed=3)
    rules, start = game.rules, game.position
    for bound in (0, 1, 2):
        pruning = Pruning(rules, start=start)
        search = FewDepartures(rules, start, pruning, bound, 3000)
        most = 0
        while search.states < 3000 and search.budget == 3000:
            if search.step(50) is not None:
                break
            most = max(most, _departures(pruning, search.stack))
        assert most == bound   # the bound is reached, never passed


def test_a_round_that_departs_little_proves_no_loss():
    game = Game.new("klondike", seed=11)   # lost, proved by the full search
    rules, start = game.rules, game.position
    search = FewDepartures(rules, start, Pruning(rules, start=start), 0, 1000)
    assert search.step(1000) is None             # the one line met, no answer ...
    assert search.budget == search.states < 1000  # ... and the round ends
    assert solver.solve(rules, start, seconds=30, max_states=3000).result == solver.LOST


def test_which_rounds_run_beside_the_depth_first_search():
    assert solver_bounded.kind(Game.new("fairest-2", seed=1).rules) is Bounded
    assert solver_bounded.kind(Game.new("sultan", seed=1).rules) is FewDepartures
    assert solver_bounded.kind(Game.new("flower-garden", seed=1).rules) is None  # greedy there


def test_the_depth_first_search_runs_alone_for_its_first_positions(monkeypatch):
    game = Game.new("fish-bone", seed=2)   # won by the depth-first search in a few hundred
    beside = solver.solve(game.rules, game.position, seconds=60, max_states=2000)
    monkeypatch.setattr(solver_bounded, "kind", lambda rules: None)
    alone = solver.solve(game.rules, game.position, seconds=60, max_states=2000)
    assert beside.result == alone.result == solver.WON
    assert beside.states == alone.states < solver.ALONE_FIRST


def test_where_the_player_places_the_cards_the_rounds_take_seven_turns_in_eight(monkeypatch):
    """The depth-first search never searches such a game through (no deal
    of the Fly, the Fairest No. 2 or Sly proved lost), and the lines and
    rounds beside it win the deals: the Fairest (No. 2)'s deal 2 is won
    within 6,000 positions, where with half the turns they took 9,031."""
    game = Game.new("fairest-2", seed=2)
    now = solver.solve(game.rules, game.position, seconds=60, max_states=6_000, shorten=False)
    monkeypatch.setattr(solver, "PLACING_TURNS", solver.TURNS)
    half = solver.solve(game.rules, game.position, seconds=60, max_states=6_000, shorten=False)
    assert now.result == solver.WON and half.result == solver.GAVE_UP
    assert now.states == 5_447


def test_the_depth_first_search_keeps_half_the_turns_elsewhere(monkeypatch):
    turns = []
    real = solver._run
    monkeypatch.setattr(solver, "_run", lambda *a: turns.append(a[-1]) or real(*a))
    for game_id in ("sultan", "fairest-2", "flower-garden"):
        game = Game.new(game_id, seed=1)
        solver.solve(game.rules, game.position, seconds=60, max_states=200)
    assert turns == [solver.TURNS, solver.PLACING_TURNS, solver.TURNS] == [2, 8, 2]
