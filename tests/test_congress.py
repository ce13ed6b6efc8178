"""The Congress (Cadogan no. 42): each rule, allowed and forbidden, on
hand-built positions.  Rivers 1-8 (one per column, first row first), helps
9-16 (9-12 the original four), foundations 17-24, pack 25."""

from collections import Counter

from conftest import move_between as mv
from conftest import pile_index as ix
from conftest import pile_text as pile
from conftest import position

from patience_cli.cards import new_pack
from patience_cli.engine import DEAL, Status
from patience_cli.features import ProgressiveRows
from patience_cli.game import Game


def table(rows=1, **piles):
    """Eight full rivers of fillers, four helps, a pack; p<N>= overrides pile N."""
    content = {n: " ".join(["Kc"] * rows) for n in range(1, 9)}
    content |= {9: "Qc", 10: "Qc", 11: "Qc", 12: "Qc", 25: "Kd Kd Kd Kd Kd Kd Kd Kd Kd"}
    content |= {int(k[1:]): v for k, v in piles.items()}
    return content


def test_the_deal_withdraws_the_aces_then_four_helps_and_a_row_of_eight():
    game = Game.new("congress", seed=4)
    rules, pos = game.rules, game.position
    assert all(len(pos.piles[i]) == 1 and pos.piles[i][0].rank == 1 for i in rules.foundations)
    assert [len(pos.piles[i]) for i in rules.game.helps] == [1, 1, 1, 1, 0, 0, 0, 0]
    assert all(len(pos.piles[i]) == 1 for i in rules.game.rivers)
    assert len(pos.piles[rules.stock]) == 104 - 8 - 4 - 8
    assert Counter(pos.cards()) == Counter(new_pack("whist", 2))


def test_foundations_follow_suit_up_from_the_aces():
    rules, pos = position("congress", table(p1="2h", p2="2s", p3="3h", p17="Ah"))
    assert rules.move_reason(pos, mv(rules, 1, 17)) is None
    assert "follow suit" in rules.move_reason(pos, mv(rules, 2, 17))
    assert "ascend" in rules.move_reason(pos, mv(rules, 3, 17))


def test_river_cards_marry_down_in_suit_onto_helps_but_not_the_reverse():
    rules, pos = position("congress", table(p1="9s", p2="9h", p3="Js", p9="10s"))
    assert rules.move_reason(pos, mv(rules, 1, 9)) is None
    assert "follows suit" in rules.move_reason(pos, mv(rules, 2, 9))
    assert "builds down" in rules.move_reason(pos, mv(rules, 3, 9))
    rules, pos = position("congress", table(p1="10s", p9="9s"))
    assert "(rule 2)" in rules.move_reason(pos, mv(rules, 9, 1))


def test_helps_marry_with_each_other_downwards_in_suit():
    rules, pos = position("congress", table(p9="10s", p10="9s", p11="9d"))
    assert rules.move_reason(pos, mv(rules, 10, 9)) is None
    assert "follows suit" in rules.move_reason(pos, mv(rules, 11, 9))


def test_only_the_top_card_of_a_help_packet_is_available():
    rules, pos = position("congress", table(p9="10s 9s", p10="Js"))
    assert rules.available_cards(pos, ix(rules, 9)) == [pos.piles[ix(rules, 9)][-1]]
    assert "builds down" in rules.move_reason(pos, mv(rules, 9, 10))  # the 9♠, not the 10♠


def test_each_row_blocks_the_one_before_and_taking_a_card_frees_the_one_above():
    rules, pos = position("congress", table(rows=2, p1="2h 3c", p17="Ah"), rows=2)
    assert "the 3♣ cannot go on the A♥" in rules.move_reason(pos, mv(rules, 1, 17))
    rules, pos = position("congress", table(rows=2, p1="2h 3c", p17="Ah", p18="2c"), rows=2)
    pos = rules.apply(pos, mv(rules, 1, 18))                  # the 3♣ goes up
    assert rules.move_reason(pos, mv(rules, 1, 17)) is None   # and frees the 2♥


def test_deal_refills_vacancies_uppermost_rows_first_before_a_new_row():
    rules, pos = position("congress", table(rows=2, p1="", p2="Kc", p9="", p25="2d 3d 4d 5d 6d"),
                          rows=2)
    assert rules.feature(ProgressiveRows).vacancies(pos) == [ix(rules, 1), ix(rules, 1), ix(rules, 2), ix(rules, 9)]
    pos = rules.apply(pos, DEAL)                       # pack top is the 6♦, then 5♦ ...
    assert pile(rules, pos, 1) == "6d 5d" and pile(rules, pos, 2) == "Kc 4d"
    assert pile(rules, pos, 9) == "3d" and pos.get("rows") == 2
    pos = rules.apply(pos, DEAL)                       # no vacancy: a new row (one card left)
    assert pile(rules, pos, 1) == "6d 5d 2d" and pos.get("rows") == 3


def test_an_empty_help_is_refilled_from_the_pack_not_from_the_rivers():
    rules, pos = position("congress", table(p9="", p1="5h"))
    assert "refilled from the pack" in rules.move_reason(pos, mv(rules, 1, 9))
    assert "only once the pack" in rules.move_reason(pos, mv(rules, 1, 13))


def test_once_the_pack_is_out_up_to_eight_helps_from_the_rivers():
    rules, pos = position("congress", table(p25="", p1="5h", p2="6h"))
    assert rules.move_reason(pos, mv(rules, 1, 13)) is None
    pos = rules.apply(pos, mv(rules, 1, 13))
    assert "started only with a card from the rivers" in \
        rules.move_reason(pos, mv(rules, 13, 14))
    assert rules.move_reason(pos, mv(rules, 2, 14)) is None
    assert rules.deal_reason(pos) is not None          # no redeal


def test_won_when_every_card_is_on_the_foundations():
    rules, pos = position("congress", {17: "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs", 1: "Ks"})
    pos = rules.apply(pos, mv(rules, 1, 17))
    assert rules.status(pos)[0] is Status.WON


def test_variant_immediate_refills_each_vacancy_as_it_occurs():
    piles = table(rows=2, p1="2h 3c", p17="Ah", p18="2c", p25="9d 8d")
    rules, pos = position("congress", piles, variant="immediate", rows=2)
    pos = rules.apply(pos, mv(rules, 1, 18))                  # the 3♣ goes up ...
    assert pile(rules, pos, 1) == "2h 8d"                     # ... and the 8♦ fills its place
    assert "cannot go on the A♥" in rules.move_reason(pos, mv(rules, 1, 17))
    default_rules, default = position("congress", piles, rows=2)
    default = default_rules.apply(default, mv(default_rules, 1, 18))
    assert pile(default_rules, default, 1) == "2h"            # the default waits for 'deal'
