"""The Hemispheres (Cadogan no. 17): the lay-out, each rule sentence on
hand-made positions (cards usable only in their own hemisphere, exchanges,
marriages in the Race, talon cards in any Race, vacancies refilled first at
the deal, the barriers only at the end), and the ends."""

from conftest import move_between, pile_index, pile_text, position, refusal
from feature_kit import holds_to_its_words

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

GAME = "hemispheres"
EUROPEAN, ASIATIC, AUSTRALIAN, AFRICAN = range(1, 4), range(4, 7), range(7, 10), range(10, 13)
BARRIERS, ACES, KINGS, PACK, TALON = range(13, 17), range(17, 21), range(21, 25), 25, 26
BASES = {13: "Kh", 14: "Ac", 15: "Kd", 16: "As", 17: "Ah", 18: "Ad", 19: "Ah", 20: "Ad",
         21: "Ks", 22: "Kc", 23: "Ks", 24: "Kc"}


def table(piles, pack="9c 9c", **kw):
    """Every Race place the test leaves out holds a card of its own colour."""
    full = {**BASES, **{n: "Qh" for n in [*EUROPEAN, *ASIATIC]},
            **{n: "3c" for n in [*AUSTRALIAN, *AFRICAN]}, PACK: pack, **piles}
    return position(GAME, full, down={PACK: len(pack.split())}, **kw)


def test_the_layout_the_cross_the_barriers_and_four_races_of_three():
    game = Game.new(GAME, seed=1)
    rules, pos = game.rules, game.position
    assert {n: pile_text(rules, pos, n) for n in BASES} == BASES
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in range(1, 13))
    assert len(pos.piles[pile_index(rules, PACK)]) == 104 - 12 - 12


def test_rule_1_a_card_in_the_wrong_hemisphere_cannot_be_used():
    rules, pos = table({1: "2d", 2: "2s", 8: "2h", 9: "Qd"})
    assert refusal(rules, pos, 1, 18) is None                    # a red card in the north
    words = refusal(rules, pos, 2, 17)
    assert words is not None and "wrong hemisphere" in words     # the 2♠ lies north
    assert refusal(rules, pos, 8, 17) is not None                # the 2♥ lies south
    rules, pos = table({1: "2d", 2: "2s", TALON: "Jd"}, pack="9c")
    assert "wrong hemisphere" in refusal(rules, pos, TALON, 2)   # nothing laid on it
    holds_to_its_words(rules, pos)


def test_rule_2_a_red_card_south_and_a_black_card_north_are_exchanged():
    rules, pos = table({2: "Qh 2s", 8: "3c 2h", 9: "Qd"})
    exchange = move_between(rules, 2, 8)
    assert rules.move_reason(pos, exchange) is None
    assert rules.move_reason(pos, move_between(rules, 8, 2)) is None   # either way round
    after = rules.apply(pos, exchange)
    assert pile_text(rules, after, 2) == "Qh 2h" and pile_text(rules, after, 8) == "3c 2s"
    assert refusal(rules, after, 2, 17) is None                  # the 2♥ now usable
    assert rules.move_reason(pos, move_between(rules, 2, 1)) is not None  # not two north
    holds_to_its_words(rules, pos)


def test_rule_3_red_aces_up_and_black_kings_down_in_suit():
    rules, pos = table({1: "2h", 7: "Qs", 10: "Qh"})
    assert refusal(rules, pos, 1, 17) is None and refusal(rules, pos, 1, 18) is not None
    assert refusal(rules, pos, 7, 21) is None and refusal(rules, pos, 7, 22) is not None


def test_rule_4_cards_marry_in_their_race_red_down_black_up_talon_in_any():
    rules, pos = table({1: "9h", 2: "8h", 3: "10h", 4: "8h", 7: "5c", 8: "6c", TALON: "8h"})
    assert refusal(rules, pos, 2, 1) is None                     # the 8♥ down on the 9♥
    assert refusal(rules, pos, 3, 1) is not None                 # not up
    assert refusal(rules, pos, 4, 1) is not None                 # the Asiatic's: another Race
    assert refusal(rules, pos, 8, 7) is None                     # black up: 6♣ on the 5♣
    assert refusal(rules, pos, TALON, 1) is None                 # the talon's, in any Race


def test_rule_5_vacancies_are_refilled_first_then_the_talon():
    rules, pos = table({1: "", 3: ""}, pack="9c 4d 5d")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 1) == "5d" and pile_text(rules, pos, 3) == "4d"
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, TALON) == "9c"
    rules, pos = table({TALON: "9c"}, pack="")
    assert rules.move_reason(pos, DEAL) is not None              # no redeal


def test_rule_6_the_barriers_and_every_card_are_free_only_at_the_end():
    up = " ".join(f"{r}h" for r in "A 2 3 4 5 6 7 8 9 10 J Q".split())
    down = " ".join(f"{r}s" for r in "K Q J 10 9 8 7 6 5 4 3".split())
    rules, pos = table({17: up, 21: down, 2: "2s"})
    assert refusal(rules, pos, 13, 17) is not None               # the K♥ waits for the end
    assert "wrong hemisphere" in refusal(rules, pos, 2, 21)      # the 2♠ lies north
    rules, pos = table({17: up, 21: down, 2: "2s"}, pack="")
    assert refusal(rules, pos, 13, 17) is None                   # the end: the barrier goes up
    assert refusal(rules, pos, 2, 21) is None                    # transferred without exchange


def test_rule_7_won_with_every_card_home():
    up = {n: " ".join(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
          for n, s in zip(ACES, "hdhd")}
    down = {n: " ".join(f"{r}{s}" for r in "K Q J 10 9 8 7 6 5 4 3 2 A".split())
            for n, s in zip(KINGS, "scsc")}
    empty = {n: "" for n in range(1, 17)}
    rules, pos = table({**empty, **up, **down, 16: "As", 23: down[23].rsplit(" ", 1)[0]},
                       pack="")
    assert rules.status(pos)[0] is Status.PLAYING
    assert rules.status(rules.apply(pos, move_between(rules, 16, 23)))[0] is Status.WON
