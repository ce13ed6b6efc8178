"""The Dial No. 1 (Hoffmann no. 11) and No. 2 (no. 12): the deal, each rule
sentence allowed and forbidden on hand-made positions, and the variants."""

from conftest import cards, move_between, pile_index, pile_text, played_out, position, refusal

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

HOURS, CENTRE, STOCK, WASTE = range(1, 13), 13, 14, 15


def turned(rules, pos, times=1):
    for _ in range(times):
        pos = rules.apply(pos, DEAL)
    return pos


# ------------------------------------------------------------------ No. 1
def dial1(piles, stock, variant=None, **kw):
    return position("dial-1", {STOCK: stock, **piles}, down={STOCK: len(stock.split())},
                    variant=variant, **kw)


def test_dial1_nothing_is_dealt_but_the_pack():
    game = Game.new("dial-1", seed=2)
    rules, pos = game.rules, game.position
    assert len(pos.piles[pile_index(rules, STOCK)]) == 52
    assert all(not pos.piles[pile_index(rules, n)] for n in (*HOURS, CENTRE, WASTE))
    assert len(Game.new("dial-1", "two-packs", seed=2).position.piles[
        pile_index(rules, STOCK)]) == 104


def test_dial1_rule_2_a_diamond_goes_to_the_hour_of_its_value_as_it_is_turned():
    rules, pos = dial1({}, "3c Kd 6s 6d")                   # top card last
    pos = turned(rules, pos)
    assert pile_text(rules, pos, 6) == "6d"
    pos = turned(rules, pos)                                # the 6♠ goes on it
    assert pile_text(rules, pos, 6) == "6d 6s"
    pos = turned(rules, pos)
    assert pile_text(rules, pos, CENTRE) == "Kd"            # the kings' place
    pos = turned(rules, pos)                                # nothing goes before its diamond
    assert pile_text(rules, pos, WASTE) == "3c" and not pos.piles[pile_index(rules, 3)]


def test_dial1_rule_3_the_same_value_in_alternate_colours():
    rules, pos = dial1({6: "6d"}, "6s 6c 6h")
    pos = turned(rules, pos)                                # the 6♥ is red, on red: waits
    assert pile_text(rules, pos, WASTE) == "6h"
    pos = turned(rules, pos, 2)                             # the 6♣ on; the 6♠ on black: no
    assert pile_text(rules, pos, 6) == "6d 6c" and pile_text(rules, pos, WASTE) == "6h 6s"
    assert not rules.fits(pos, cards("6s")[0], pile_index(rules, 6))   # black on black
    assert rules.fits(pos, cards("6h")[0], pile_index(rules, 6))


def test_dial1_rule_1_a_card_on_the_waste_heap_stays_until_dealt_again():
    rules, pos = dial1({6: "6d 6c", WASTE: "6h"}, "9s")
    assert refusal(rules, pos, WASTE, 6) is not None
    assert not any(m.kind == "move" for m in rules.legal_moves(pos))


def test_dial1_rule_4_two_deals_more_then_lost():
    rules, pos = dial1({WASTE: "3c"}, "", redeals=1)
    assert rules.is_legal(pos, DEAL)                        # the second redeal
    rules, pos = dial1({WASTE: "3c"}, "", redeals=2)
    assert rules.status(pos)[0] is Status.LOST
    rules, pos = dial1({WASTE: "3c"}, "", variant="two-packs", redeals=2)
    assert rules.is_legal(pos, DEAL)                        # two packs: three redeals


def test_dial1_variant_two_packs_eight_at_each_hour():
    rules, pos = dial1({6: "6d 6c 6h 6s 6d 6c 6h"}, "6s", variant="two-packs")
    assert pile_text(rules, turned(rules, pos), 6) == "6d 6c 6h 6s 6d 6c 6h 6s"
    rules, pos = dial1({6: "6d 6c 6h 6s"}, "6d")
    assert pile_text(rules, turned(rules, pos), WASTE) == "6d"  # one pack: four only


def test_dial1_auto_plays_the_game_out_and_with_one_pack_always_wins():
    """The sheet's claim: the first deal places every diamond, and the second
    and third the three cards of each value left, whatever their order."""
    for seed in range(1, 21):
        game = played_out("dial-1", seed, limit=400)
        assert game.status()[0] is Status.WON, seed


# ------------------------------------------------------------------ No. 2
def dial2(piles, stock="", **kw):
    base = {1: "6c", 2: "7h", 3: "8s", 4: "9d", 5: "10c", 6: "Jh", 7: "Qs", 8: "Ad",
            9: "2c", 10: "3h", 11: "4s", 12: "5d"}
    return position("dial-2", {**base, STOCK: stock, **piles}, down={STOCK: len(stock.split())},
                    **kw)


def test_dial2_the_twelve_cards_at_their_hours():
    game = Game.new("dial-2", seed=3)
    rules, pos = game.rules, game.position
    said = {n: pile_text(rules, pos, n) for n in HOURS}
    assert said == {1: "6c", 2: "7h", 3: "8s", 4: "9d", 5: "10c", 6: "Jh", 7: "Qs", 8: "Ad",
                    9: "2c", 10: "3h", 11: "4s", 12: "5d"}
    assert len(pos.piles[pile_index(rules, STOCK)]) == 92


def test_dial2_rule_1_each_hour_climbs_in_suit_the_queen_followed_by_the_ace():
    rules, pos = dial2({4: "9d 10d Jd Qd", WASTE: "Ad"})
    assert refusal(rules, pos, WASTE, 4) is None            # the queen, then the ace
    assert refusal(rules, pos, WASTE, 8) is not None        # (the A♦ at VIII is there)
    rules, pos = dial2({4: "9d 10d Jd Qd", WASTE: "Kd"})
    assert refusal(rules, pos, WASTE, 4) is not None        # no king in the climb
    rules, pos = dial2({8: "Ad", WASTE: "2h"})
    assert refusal(rules, pos, WASTE, 8) is not None        # in suit


def test_dial2_rule_1_each_hour_ends_at_its_rank():
    rules, pos = dial2({8: "Ad 2d 3d 4d 5d 6d 7d 8d", WASTE: "9d"})
    assert refusal(rules, pos, WASTE, 8) is not None        # VIII ends with the eight
    rules, pos = dial2({12: "5d 6d 7d 8d 9d 10d Jd Qd", WASTE: "Ad"})
    assert refusal(rules, pos, WASTE, 12) is not None       # XII with the queen


def test_dial2_rule_2_kings_to_the_centre_any_suit():
    rules, pos = dial2({CENTRE: "Kd", WASTE: "Ks"})
    assert refusal(rules, pos, WASTE, CENTRE) is None
    rules, pos = dial2({WASTE: "Qh"})
    assert refusal(rules, pos, WASTE, CENTRE) is not None


def test_dial2_a_king_is_safe_to_send_to_the_centre_whatever_kings_are_left():
    # the centre takes every king, in any order: the kings still out each
    # have a place there, so sending one up is never a choice
    rules, pos = dial2({CENTRE: "Kd", WASTE: "Ks"}, stock="Kh Kc 9s")
    up = move_between(rules, WASTE, CENTRE)
    assert rules.advice.safe_foundation_move(pos, [up]) == up
    # a card its twin could take the place of, with no other hour waiting, is a choice
    rules, pos = dial2({WASTE: "7c"}, stock="7c 9s")
    up = move_between(rules, WASTE, 1)
    assert rules.is_legal(pos, up) and rules.advice.safe_foundation_move(pos, [up]) is None


def test_dial2_rule_3_the_waste_top_plays_when_it_fits():
    rules, pos = dial2({WASTE: "2d 6d"}, stock="9s")
    moves = [m for m in rules.legal_moves(pos) if m.kind == "move"]
    assert move_between(rules, WASTE, 12) in moves          # the 6♦ on the 5♦
    assert all(m.src == pile_index(rules, WASTE) for m in moves)


def test_dial2_rule_4_three_deals_in_all():
    rules, pos = dial2({WASTE: "Qd"}, redeals=1)
    assert rules.is_legal(pos, DEAL)
    rules, pos = dial2({WASTE: "Qd"}, redeals=2)
    assert not rules.is_legal(pos, DEAL) and rules.status(pos)[0] is Status.LOST
