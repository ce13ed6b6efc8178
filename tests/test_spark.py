"""The Spark (Hoffmann no. 47): the lay-out, each rule sentence on hand-made
positions (kings down in suit, auxiliaries up in suit, vacancies from the
pack and then from either waste heap, the deal by threes to two waste heaps,
a waste card played at once), and the ends."""

from conftest import move_between, pile_index, pile_text, position, refusal
from feature_kit import holds_to_its_words

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

GAME = "spark"
AUX, KINGS, PACK, WASTES = range(1, 13), range(13, 21), 21, (22, 23)
BASES = dict(zip(KINGS, "Kh Kh Ks Ks Kd Kd Kc Kc".split()))


def table(piles, pack="9c 9c 9c 9c 9c 9c", filler="8c", **kw):
    """Every auxiliary the test leaves out holds *filler*."""
    return position(GAME, {**BASES, **{n: filler for n in AUX}, PACK: pack, **piles},
                    down={PACK: len(pack.split())}, **kw)


def test_the_layout_eight_kings_two_of_a_suit_side_by_side_and_twelve_auxiliaries():
    for seed in (1, 2):
        game = Game.new(GAME, seed=seed)
        rules, pos = game.rules, game.position
        assert [pile_text(rules, pos, n) for n in KINGS] == [BASES[n] for n in KINGS]
        assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in AUX)
        assert len(pos.piles[pile_index(rules, PACK)]) == 104 - 8 - 12


def test_rule_1_the_kings_build_down_in_suit():
    rules, pos = table({1: "Qh", 2: "Qs", 3: "Jh"})
    assert refusal(rules, pos, 1, 13) is None and refusal(rules, pos, 1, 14) is None
    assert refusal(rules, pos, 2, 13) is not None and refusal(rules, pos, 3, 13) is not None
    holds_to_its_words(rules, pos)


def test_rule_2_auxiliaries_build_up_in_suit_among_themselves():
    rules, pos = table({1: "5h", 2: "6h", 3: "6s", 4: "4h"})
    assert refusal(rules, pos, 2, 1) is None                   # the 6♥ on the 5♥
    assert refusal(rules, pos, 3, 1) is not None               # not of its suit
    assert refusal(rules, pos, 4, 1) is not None               # not downwards
    holds_to_its_words(rules, pos)


def test_rule_3_a_vacancy_takes_the_next_card_of_the_pack_until_it_is_dealt_on():
    rules, pos = table({1: "Qh"}, pack="3d 4d")
    pos = rules.apply(pos, move_between(rules, 1, 13))
    assert pile_text(rules, pos, 1) == "4d"


def test_rule_3_once_dealt_on_a_vacancy_is_filled_from_either_waste_heap_first():
    rules, pos = table({1: "Qh", 22: "2c", 23: "3c"}, pack="", dealt=1)
    pos = rules.apply(pos, move_between(rules, 1, 13))
    assert pile_text(rules, pos, 1) == ""
    assert rules.move_reason(pos, move_between(rules, 2, 3)) is not None
    assert rules.move_reason(pos, DEAL) is not None
    assert refusal(rules, pos, 22, 1) is None and refusal(rules, pos, 23, 1) is None
    holds_to_its_words(rules, pos)


def test_rule_4_the_pack_dealt_by_threes_to_the_two_waste_heaps_in_turn():
    rules, pos = table({}, pack="Qs Js 10s 9s 8s 7s 6s 5s 4s")    # the 4♠ is dealt first
    assert rules.words.deal_step_name(pos) == "deal from the pack: three to Waste heap 22"
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 22) == "4s 5s 6s" and pile_text(rules, pos, 23) == ""
    assert rules.words.deal_step_name(pos) == "deal from the pack: three to Waste heap 23"
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 23) == "7s 8s 9s"
    pos = rules.apply(pos, DEAL)                                # back to the first heap
    assert pile_text(rules, pos, 22) == "4s 5s 6s 10s Js Qs"
    assert refusal(rules, pos, 22, 23) is not None              # nothing laid on a waste heap


def test_a_card_freed_by_one_group_is_played_before_the_next_covers_it():
    """"Whenever a card appears which is playable either to one of the
    foundations or to an auxiliary sequence, it must forthwith be played ...
    You must at the same time note carefully whether ... other cards may not
    have become playable": the pack goes out a group of three at a time, so
    a card that the first group's play makes playable (the 7♥ on the other
    heap) is played before the next group covers it."""
    rules, pos = table({1: "5h", 23: "7h"}, pack="9c 8c 4c 6h Jd 2c", filler="Jd", dealt=1)
    pos = rules.apply(pos, DEAL)                                # 2♣ J♦ 6♥ on heap 22
    assert pile_text(rules, pos, 22) == "2c Jd 6h" and pile_text(rules, pos, 23) == "7h"
    pos = rules.apply(pos, move_between(rules, 22, 1))          # the 6♥ onto the 5♥ ...
    assert "must be played before the pack is dealt on" in rules.move_reason(pos, DEAL)
    pos = rules.apply(pos, move_between(rules, 23, 1))          # ... frees the 7♥: played
    assert pile_text(rules, pos, 1) == "5h 6h 7h"


def test_rule_5_a_waste_card_that_can_be_played_must_be_played_at_once():
    rules, pos = table({1: "5h", 2: "Qs", 22: "2c 6h"}, pack="9c", filler="Jd", dealt=1)
    words = refusal(rules, pos, 2, 15)
    assert words is not None and "must be played before any other" in words
    assert rules.move_reason(pos, DEAL) is not None
    assert refusal(rules, pos, 22, 1) is None
    pos = rules.apply(pos, move_between(rules, 22, 1))
    assert refusal(rules, pos, 2, 15) is None


def test_rule_6_won_with_every_card_on_the_kings_lost_when_stuck():
    runs = {n: " ".join(f"{r}{s}" for r in "K Q J 10 9 8 7 6 5 4 3 2 A".split())
            for n, s in zip(KINGS, "hhssddcc")}
    rules, pos = position(GAME, {**runs, 20: runs[20].rsplit(" ", 1)[0], 1: "Ac"})
    assert rules.status(pos)[0] is Status.PLAYING
    assert rules.status(rules.apply(pos, move_between(rules, 1, 20)))[0] is Status.WON
    rules, pos = table({}, pack="", dealt=1)
    assert rules.status(pos)[0] is Status.LOST
