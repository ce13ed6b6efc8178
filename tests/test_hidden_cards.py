"""Travellers (features/travel.py) and Hidden Cards (Hoffmann no. 10): the
deal, each rule sentence on hand-made positions, and the ends."""

from conftest import pile_index, pile_text, played_out, position
from feature_kit import holds_to_its_words

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

HEAPS, RESERVE, KINGS = range(1, 13), 13, 14
GAME = "hidden-cards"


def hidden(piles, reserve="2c 3c 4c 5c", next_heap=1, **extra):
    """Each heap its own four cards of its value (complete) unless the test
    says; the reserve face down."""
    suits = "cdhs"
    full = {n: " ".join(f"{'A23456789' [n - 1] if n < 10 else ('10', 'J', 'Q')[n - 10]}{s}"
                        for s in suits) for n in HEAPS}
    piles = {**full, RESERVE: reserve, **piles}
    rules, pos = position(GAME, {k: v for k, v in piles.items() if v},
                          down={RESERVE: len(reserve.split())}, **extra)
    nxt = -1 if next_heap is None else pile_index(rules, next_heap)
    return rules, pos.with_extra(next=nxt)


def test_the_deal_thirteen_places_of_four_the_reserve_face_down():
    game = Game.new(GAME, seed=5)
    rules, pos = game.rules, game.position
    assert all(len(pos.piles[pile_index(rules, n)]) == 4 for n in (*HEAPS, RESERVE))
    assert all(pos.down[pile_index(rules, n)] == 0 for n in HEAPS)
    assert pos.down[pile_index(rules, RESERVE)] == 4
    assert pos.get("next") == pile_index(rules, 1)


def test_rules_1_2_the_top_card_goes_under_the_heap_of_its_value_whose_top_goes_on():
    rules, pos = hidden({1: "Ac Ad Ah 6s", 6: "6c 6d 6h 9d"})
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 6) == "6s 6c 6d 6h 9d"      # under, not on top
    assert pile_text(rules, pos, 1) == "Ac Ad Ah"
    assert pos.get("next") == pile_index(rules, 6)             # its top card goes next
    assert "the top card of Heap 6" in rules.words.deal_step_name(pos)


def test_rule_3_a_king_is_laid_aside_and_the_next_card_comes_from_the_reserve():
    rules, pos = hidden({1: "Ac Ad Ah Ks", 4: "4c 4d 4h 7c"}, reserve="2c 3c 4s Kd")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, KINGS) == "Ks" and pos.get("next") == -1
    pos = rules.apply(pos, DEAL)                               # the reserve's K♦ too
    assert pile_text(rules, pos, KINGS) == "Ks Kd" and pos.get("next") == -1
    pos = rules.apply(pos, DEAL)                               # now the 4♠ goes under Heap 4
    assert pile_text(rules, pos, 4).startswith("4s ") and pos.get("next") == pile_index(rules, 4)
    assert pos.down[pile_index(rules, RESERVE)] == 2              # the two left, face down


def test_rule_4_won_when_every_heap_holds_its_four():
    rules, pos = hidden({12: "Qc Qd Qh", KINGS: "Kc Kd Kh Ks"}, reserve="Qs", next_heap=None)
    assert rules.status(pos)[0] is Status.PLAYING
    won = rules.apply(pos, DEAL)
    assert rules.status(won) == (Status.WON, "every heap holds its 4 cards of one value")


def test_rule_4_lost_when_the_chain_comes_back_to_a_complete_heap():
    rules, pos = hidden({3: "3c 3d 3h 5s", 5: "3s 5c 5d 5h"})
    assert rules.status(pos)[0] is Status.LOST                 # Heap 1 is complete
    status, why = rules.status(pos)
    assert why.startswith("the chain has come back to Heap 1, which holds all its aces")
    assert why.endswith("2 cards still lie in a heap not their own")
    assert not rules.is_legal(pos, DEAL)


def test_rule_4_lost_when_a_king_comes_and_the_reserve_is_used_up():
    rules, pos = hidden({1: "Ac Ad Ah Kc", 3: "3c 3d 3h As", 5: "3s 5c 5d 5h"}, reserve="")
    pos = rules.apply(pos, DEAL)
    status, why = rules.status(pos)
    assert status is Status.LOST and why.startswith("a card is wanted from the Reserve")


def test_the_deal_is_forced_and_auto_plays_every_game_out():
    rules, pos = hidden({1: "Ac Ad Ah 6s", 6: "6c 6d 6h 9d"})
    assert list(rules.legal_moves(pos)) == [DEAL] and rules.advice.forced_move(pos) == DEAL
    holds_to_its_words(rules, pos)
    for seed in (1, 2, 3, 4):
        game = played_out(GAME, seed, limit=60)                # 52 cards, each once at most
        assert game.status()[0] is not Status.PLAYING, seed


def test_won_with_the_twelve_heaps_complete_while_kings_lie_face_down_in_the_reserve():
    """"For the Patience to succeed, the twelve heaps ... must [each consist]
    of four like cards, the four kings forming a thirteenth heap": with the
    twelve heaps complete, the cards still face down in the reserve can only
    be kings, and the game is won without turning them."""
    rules, pos = hidden({}, reserve="Kc Kd Kh Ks", next_heap=None)
    assert rules.status(pos)[0] is Status.WON
    rules, pos = hidden({KINGS: "Kc Kd"}, reserve="Kh Ks", next_heap=None)
    assert rules.status(pos)[0] is Status.WON
