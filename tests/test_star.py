"""The Star (Hoffmann no. 2): the lay-out, each rule allowed and forbidden,
and the end; the pairs' ``partner`` rule and the refill from the same place."""

from conftest import move_between, pile_index, pile_text, position, refusal

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

INNER, OUTER, STOCK, TURNED, OUT = range(1, 9), range(9, 17), 17, 18, 19
GAME = "star"


def star(piles, stock="7c", **kw):
    """Every star place its own card, none alike (nothing pairs) unless the
    test says; the stock one card unless the test says."""
    fill = dict(zip((*INNER, *OUTER),
                    "7s 8s 9s 10s Js Qs Ks As 7h 8h 9h 10h Jh Qh Kh Ah".split()))
    piles = {**fill, STOCK: stock, **piles}
    piles = {k: v for k, v in piles.items() if v}
    return position(GAME, piles, down={STOCK: len(stock.split())}, **kw)


def test_the_deal_sixteen_in_the_star_sixteen_in_the_stock():
    game = Game.new(GAME, seed=2)
    rules, pos = game.rules, game.position
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in (*INNER, *OUTER))
    assert len(pos.piles[pile_index(rules, STOCK)]) == 16
    assert list(rules.legal_moves(pos)) == [DEAL]


def test_rule_2_the_turned_card_pairs_with_a_star_card_of_its_value():
    rules, pos = star({TURNED: "7d"})
    assert refusal(rules, pos, TURNED, 1) is None             # the 7♠, inner
    assert refusal(rules, pos, 9, TURNED) is None             # the 7♥, outer, either way
    after = rules.apply(pos, move_between(rules, 9, TURNED))
    assert sorted(pile_text(rules, after, OUT).split()) == ["7d", "7h"]
    assert refusal(rules, pos, TURNED, 2) is not None         # an eight: not alike


def test_rule_2_while_the_stock_lasts_every_pair_includes_the_turned_card():
    rules, pos = star({2: "7d"}, stock="9c")                  # 7♠ (Inner 1) and 7♦ (Inner 2)
    assert "every pair includes the card turned up" in refusal(rules, pos, 1, 2)
    assert list(rules.legal_moves(pos)) == [DEAL]


def test_rule_3_an_inner_card_paired_away_is_replaced_by_its_outer_card():
    rules, pos = star({TURNED: "7d"})
    after = rules.apply(pos, move_between(rules, TURNED, 1))  # the 7♠ of Inner 1
    assert pile_text(rules, after, 1) == "7h"                 # Outer 9's card moved in
    assert not after.piles[pile_index(rules, 9)]


def test_rule_4_a_turned_card_pairing_with_none_fills_a_vacant_outer_place_only_then():
    rules, pos = star({TURNED: "8c", 10: ""})                  # Outer 10 vacant; the 8♠ pairs
    reason = refusal(rules, pos, TURNED, 10)
    assert reason is not None and "only when it pairs with none" in reason
    rules, pos = star({TURNED: "8c", 2: "Jd", 10: ""})         # no eight left in the star
    assert refusal(rules, pos, TURNED, 10) is None
    assert refusal(rules, pos, TURNED, 11) is not None        # Outer 11 is not vacant
    assert refusal(rules, pos, 1, 10) is not None             # only a turned card goes there


def test_rule_5_the_stock_out_the_star_pairs_among_itself():
    rules, pos = star({2: "7d", **{n: "" for n in (*range(3, 9), *OUTER)}}, stock="")
    assert refusal(rules, pos, 1, 2) is None
    won = rules.apply(pos, move_between(rules, 1, 2))
    assert rules.status(won)[0] is Status.WON


def test_rule_6_lost_when_the_turned_card_pairs_with_none_and_no_place_is_vacant():
    rules, pos = star({TURNED: "8c", 2: "Jd", 10: "Jc"})
    status, why = rules.status(pos)
    assert (status, why) == (Status.LOST, "the 8♣ turned up pairs with no card of the "
                             "lay-out, and no empty place takes it")
    rules, pos = star({1: "7d", **{n: "" for n in (*range(2, 9), *OUTER)}, 9: "8d"}, stock="")
    assert rules.status(pos)[0] is Status.LOST
