"""Piles cards are put out of play to (Rules.put_out): the solver's key
leaves them out, as no rule reads the order cards went out in
(patience_cli.advice)."""

import random

import pytest
from conftest import ALL_ROWS, rules_of

from patience_cli.engine import MoveKind
from patience_cli.game import Game

PUT_OUT = [(g, v) for g, v in ALL_ROWS if rules_of(g, v).advice.put_out]


def test_the_games_that_put_cards_out_of_play():
    """Royal Marriage throws cards out from between two that match, the
    Juvenile and Nestor put out pairs; the Flower-Garden puts nothing out,
    and Fours, a game with a module of its own, is left alone."""
    put_out = set(PUT_OUT)
    assert {("royal-marriage", None), ("juvenile", None), ("nestor", None),
            ("fourteenth", None)} <= put_out
    assert not {("flower-garden", None), ("fours", None)} & put_out


def shuffled_out(pos, piles, rnd):
    """*pos* with the cards of each pile of *piles* in another order, and
    the piles that hold cards swapped about among themselves (the Wheel's
    circle: which crowned set lies on which of the places filled)."""
    cards = list(pos.piles)
    held = [i for i in piles if cards[i]]
    contents = [list(cards[i]) for i in held]
    rnd.shuffle(contents)
    for i, pile in zip(held, contents):
        rnd.shuffle(pile)
        cards[i] = tuple(pile)
    return pos._replace(piles=tuple(cards))


def shape(moves):
    return [(m.kind, m.src, m.dst, m.count, m.card, m.piles) for m in moves]


@pytest.mark.parametrize("game_id, variant", PUT_OUT)
def test_the_order_cards_went_out_in_is_read_by_no_rule(game_id, variant):
    """Along random play of every row that puts cards out (two deals, up to
    150 moves): the position and one with the cards put out in another
    order have the same key, the same moves, the same status, and each move
    leads both to positions of the same key; and each move still changes
    the key (leaving those piles out does not blind it to the rest)."""
    rnd = random.Random(f"put-out/{game_id}/{variant}")
    shuffled = 0
    for seed in (1, 2):
        game = Game.new(game_id, variant, seed=seed)
        rules, pos = game.rules, game.position
        for _ in range(150):
            other = shuffled_out(pos, rules.advice.put_out, rnd)
            shuffled += other != pos
            assert rules.advice.solver_key(other) == rules.advice.solver_key(pos)
            moves, others = list(rules.open_moves(pos)), list(rules.open_moves(other))
            assert shape(others) == shape(moves)
            assert rules.status(other)[0] == rules.status(pos)[0]
            for m in moves[:4]:
                assert rules.advice.solver_key(rules.apply(other, m)) == \
                    rules.advice.solver_key(rules.apply(pos, m))
                assert rules.advice.solver_key(rules.apply(pos, m)) != rules.advice.solver_key(pos)
            if not moves:
                break
            cards = [m for m in moves if m.kind is not MoveKind.DEAL]
            pos = rules.apply(pos, rnd.choice(cards if cards and rnd.random() < 0.8 else moves))
    assert shuffled, "random play never put two cards out: the test saw nothing"
