"""The search for wins that buries few cards (:mod:`patience_cli.solver_bounded`):
how soon the foundations want a card, the bound it keeps to, that its wins
replay through the engine and that its running out is never called a loss."""

from patience_cli import solver, solver_bounded
from patience_cli.engine import Status
from patience_cli.game import Game
from patience_cli.position import MoveKind
from patience_cli.solver_bounded import NEVER, Bounded, when_wanted
from patience_cli.solver_pruning import Pruning

from conftest import cards, pile_index, position

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


def test_its_wins_replay_through_the_engine_and_the_full_search_alone_misses_them(monkeypatch):
    game = Game.new("fairest-2", seed=2)
    found = solver.solve(game.rules, game.position, seconds=60, max_states=2000)
    assert found.result == solver.WON
    for move in found.moves:
        game.play(move)
    assert game.rules.status(game.position)[0] is Status.WON
    monkeypatch.setattr(solver_bounded, "applies", lambda rules: False)
    alone = solver.solve(game.rules, Game.new("fairest-2", seed=2).position, seconds=60,
                         max_states=2000)
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
