"""Elevens No. 2, Hoffmann's third method (the variant ``third-method``, on
the rule feature ``play.pairs.triple`` with ``close = "matched"``): nine
cards from the whole pack, couples making eleven and a king, queen and knave
covered, and the close: won when what is left all pairs, with at most one
card in the hand."""

import pytest
from conftest import move_between, pile_index, pile_text, position, refusal
from feature_kit import BASE, holds_to_its_words

from patience_cli.engine import Status
from patience_cli.game import Game
from patience_cli.layout import LayoutError, parse_layout
from patience_cli.position import Move, MoveKind

GAME, VARIANT = "elevens-2", "third-method"
HEAPS, STOCK = range(1, 10), 10


def nine(cards: str, stock: str = "2s 3s 4s"):
    return position(GAME, {**dict(zip(HEAPS, cards.split())), STOCK: stock},
                    down={STOCK: len(stock.split())}, variant=VARIANT)


def remove(rules, *numbers):
    return Move(MoveKind.REMOVE, piles=tuple(pile_index(rules, n) for n in numbers))


def test_the_lay_out_nine_cards_from_the_whole_pack():
    courts = 0
    for seed in range(1, 6):
        game = Game.new(GAME, VARIANT, seed=seed)
        rules, pos = game.rules, game.position
        assert [len(pos.piles[pile_index(rules, n)]) for n in HEAPS] == [1] * 9
        assert len(pos.piles[pile_index(rules, STOCK)]) == 43
        courts += sum(c.rank > 10 for p in pos.piles for c in p[-12:])
    assert courts  # the court cards are shuffled in, not put at the bottom


def test_rule_3_a_king_queen_and_knave_showing_are_covered_together():
    rules, pos = nine("Kc 2c Qd 3c 4c Jh 5c 7c 8h", stock="9s 8s 7s")
    assert remove(rules, 1, 3, 6) in list(rules.legal_moves(pos))
    assert rules.move_reason(pos, remove(rules, 6, 1, 3)) is None  # any order
    after = rules.apply(pos, remove(rules, 6, 1, 3))
    # each covered with the next card, the lower-numbered heap first
    assert [pile_text(rules, after, n) for n in (1, 3, 6)] == ["Kc 7s", "Qd 8s", "Jh 9s"]
    assert "are a king, queen, knave" in rules.move_reason(pos, remove(rules, 1, 2, 3))
    holds_to_its_words(rules, pos)


def test_rule_4_a_couple_needs_two_cards_in_the_hand_a_set_three():
    rules, pos = nine("Kc 2c Qd 3c 4c Jh 5c 7c 8h", stock="9s 8s")
    assert remove(rules, 1, 3, 6) not in list(rules.legal_moves(pos))
    assert "too few cards to cover three" in rules.move_reason(pos, remove(rules, 1, 3, 6))
    assert refusal(rules, pos, 4, 9) is None                     # 3 and 8: two cards will do
    rules, pos = nine("Kc 2c Qd 3c 4c Jh 5c 7c 8h", stock="9s")
    assert "to its close" in refusal(rules, pos, 4, 9)            # one card cannot cover two


def test_rule_5_won_at_the_close_when_all_that_is_left_pairs():
    # a king, queen and knave and three couples showing, the hand empty
    rules, pos = nine("Kc Qd Jh Ac 10c 2c 9c 3c 8c", stock="")
    assert rules.status(pos)[0] is Status.WON
    # one card left in the hand, making eleven with the one showing card unpaired
    # (two sets showing: neither can be covered with one card)
    rules, pos = nine("Kc Qd Jh Kd Qc Js Ac 10c 4c", stock="7d")
    assert rules.status(pos)[0] is Status.WON
    # the same, the hand's card making eleven with none
    rules, pos = nine("Kc Qd Jh Kd Qc Js Ac 10c 4c", stock="6d")
    status, why = rules.status(pos)
    assert status is Status.LOST and "to its close with 1 card in the hand" in why
    # stuck with two cards in the hand and nothing to cover: lost, though the two cards
    # would make eleven with the four and the three showing
    rules, pos = nine("Kc Qd Kh Ac 2c 3c 4c 5c Qs", stock="7d 8d")
    assert rules.status(pos)[0] is Status.LOST


def test_a_couple_covered_as_in_the_second_method():
    rules, pos = nine("Ac 10c 2c 4c 5c 6d 7d 8d 9d", stock="3s 4s")
    after = rules.apply(pos, move_between(rules, 2, 1))
    assert [pile_text(rules, after, n) for n in (1, 2)] == ["Ac 4s", "10c 3s"]


def test_triple_and_close_go_with_cover():
    raw = {**BASE, "play": {"pairs": {"from": ["row"], "total": 11, "triple": ["J", "Q", "K"]}}}
    with pytest.raises(LayoutError, match="triple and close go with cover"):
        parse_layout(raw)
