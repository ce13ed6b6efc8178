"""A talon no card is played from, once no redeal is left
(:meth:`patience_cli.features.talon.Talon.not_lost`): a card on it stays
there for good, and a game won only with every card home is lost.  The
Corners (Hoffmann no. 28): a card turned that follows no corner lies on the
waste heap until the next deal through the pack; in the last deal, never."""

import random

from conftest import line_wins, pile_index

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game
from patience_cli.games import load
from patience_cli.solver import LOST, WON, solve

GAME = "corners"


def last_deal(seed: int, chance: random.Random):
    """The Corners played at random into their last deal through the pack,
    with a card on the waste heap, or None where the game ends first."""
    game = Game.new(GAME, seed=seed)
    rules, pos = game.rules, game.position
    talon = pile_index(rules, 11)
    while rules.status(pos)[0] is Status.PLAYING:
        if pos.get("redeals", 0) == 2 and pos.piles[talon]:
            return rules, pos
        moves = list(rules.legal_moves(pos))
        ups = [m for m in moves if m.kind == "move"]
        pos = rules.apply(pos, ups[0] if ups and chance.random() < 0.8 else chance.choice(moves))
    return None


def test_which_talons_keep_their_cards_for_good():
    def dead(game_id):
        return load(game_id)[1].feature("Talon")._dead_talon()
    assert dead("corners") and dead("robert") and dead("dial-1")
    assert not dead("klondike")      # its top card is played
    assert not dead("sultan")        # the Divan is refilled from it
    assert not dead("harvest")       # a rule of its own besides (the count called)


def test_in_the_last_deal_a_card_on_the_waste_heap_loses_the_game():
    chance = random.Random(3)
    found = 0
    for seed in range(1, 30):
        got = last_deal(seed, chance)
        if got is None:
            continue
        rules, pos = got
        talon = pile_index(rules, 11)
        moves = list(rules.legal_moves(pos))
        assert rules.feature("Talon").not_lost(pos, moves) == []
        # played on to the end, the waste heap never gives up a card, nor is it won
        held = len(pos.piles[talon])
        while rules.status(pos)[0] is Status.PLAYING:
            pos = rules.apply(pos, chance.choice(list(rules.legal_moves(pos))))
            assert len(pos.piles[talon]) >= held
            held = len(pos.piles[talon])
        assert rules.status(pos)[0] is Status.LOST
        # one deal earlier the same cards would come round again: nothing is proved
        earlier = pos.with_extra(redeals=1)
        if earlier.piles[talon]:
            assert rules.feature("Talon").not_lost(earlier, [DEAL]) == [DEAL]
        found += 1
    assert found >= 5


def test_deals_it_decides_sooner():
    # deal 9 was proved lost in 26,325 positions without it, deal 3 undecided at 200,000
    game = Game.new(GAME, seed=9)
    assert solve(game.rules, game.start, seconds=60, max_states=2_000).result == LOST
    game = Game.new(GAME, seed=1)    # won in 49,620 positions without it
    solution = solve(game.rules, game.start, seconds=60, max_states=10_000)
    assert solution.result == WON and line_wins(game.rules, game.start, solution.moves)
