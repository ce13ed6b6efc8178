"""The solver's fast moves of a plain layout (patience_cli.solver.moves):
the games it takes, and its moves held to the engine's, in order."""

import random

import pytest
from conftest import ALL_ROWS, rules_of

from patience_cli.engine import MoveKind
from patience_cli.game import Game
from patience_cli.solver.moves import PlainMoves
from patience_cli.solver.pruning import Pruning

PLAIN = [(g, v) for g, v in ALL_ROWS if PlainMoves.of(rules_of(g, v)) is not None]


def test_it_takes_the_plain_layouts_and_not_those_a_feature_or_a_game_moves_in():
    """A hand and rows (the Flower-Garden), rows (the Fortress), packets
    (Sympathy) are plain; a game of its own moves (Caesar's magic squares),
    one with a route rule (the Fourteenth), one whose runs of cards move
    together (Klondike's rows) are not."""
    plain = set(PLAIN)
    assert {("flower-garden", None), ("fortress", None), ("sympathy", None)} <= plain
    assert not {("caesar", None), ("fourteenth", None), ("klondike", None)} & plain


@pytest.mark.parametrize("game_id, variant", PLAIN)
def test_the_moves_are_the_engines_in_its_order(game_id, variant):
    """Along random play (three deals of up to 150 moves, card moves far
    more often than deals, so that rows empty and fill again): the same
    moves as the engine's generator, in the same order."""
    rnd = random.Random(f"plain-moves/{game_id}/{variant}")
    for seed in (1, 2, 3):
        game = Game.new(game_id, variant, seed=seed)
        rules, pos = game.rules, game.position
        fast = PlainMoves.of(rules)
        for _ in range(150):
            engine = list(rules.open_moves(pos))
            assert fast(pos) == engine
            if not engine:
                break
            cards = [m for m in engine if m.kind is MoveKind.MOVE]
            pos = rules.apply(pos, rnd.choice(cards if cards and rnd.random() < 0.9 else engine))


def test_empty_piles_and_a_lone_card_are_listed_as_the_engine_lists_them():
    """The Flower-Garden with three packets emptied and one down to its last
    card: one empty packet stands for all three, a lone card is not moved
    to an empty packet (that changes nothing), a card from the Bouquet is."""
    game = Game.new("flower-garden", seed=5)
    rules, pos = game.rules, game.position
    piles = list(pos.piles)
    bouquet = list(piles[6])
    for i in (0, 1, 2):
        bouquet += piles[i]
        piles[i] = ()
    bouquet += piles[3][:-1]
    piles[3] = piles[3][-1:]
    piles[6] = tuple(bouquet)
    pos = pos._replace(piles=tuple(piles))
    moves = PlainMoves.of(rules)(pos)
    assert moves == list(rules.open_moves(pos))
    to_empty = [m for m in moves if m.dst in (0, 1, 2)]
    assert {m.dst for m in to_empty} == {0}
    assert not any(m.src == 3 and m.dst == 0 for m in moves)
    assert any(m.src == 6 and m.dst == 0 for m in moves)


def test_with_the_hand_pooled_one_card_of_a_rank_goes_from_it_to_each_pile():
    """Where the solver pools the Bouquet's cards by rank, the moves are the
    engine's with only the first card of each rank from the Bouquet to each
    packet of the Garden (the rest unchanged, in order), along random play."""
    rnd = random.Random("plain-moves/pooled")
    for seed in (1, 2, 3):
        game = Game.new("flower-garden", seed=seed)
        rules, pos = game.rules, game.position
        fast = PlainMoves.of(rules, pooled=6)
        pooled = 0
        for _ in range(150):
            engine = list(rules.open_moves(pos))
            seen, expected = set(), []
            for m in engine:
                if m.src == 6 and m.dst in rules.tableau:
                    if (m.card.rank, m.dst) in seen:
                        continue
                    seen.add((m.card.rank, m.dst))
                expected.append(m)
            assert fast(pos) == expected
            pooled += len(engine) - len(expected)
            if not engine:
                break
            pos = rules.apply(pos, rnd.choice(engine))
        assert pooled  # two cards of a rank were in the Bouquet, for one packet


def test_the_solvers_pruning_takes_its_moves_from_it():
    """The search asks the fast moves where the layout is plain, the
    engine's elsewhere."""
    fg = Game.new("flower-garden", seed=1)
    assert isinstance(Pruning(fg.rules, start=fg.position).open_moves, PlainMoves)
    caesar = Game.new("caesar", seed=1)
    assert not isinstance(Pruning(caesar.rules, start=caesar.position).open_moves, PlainMoves)
