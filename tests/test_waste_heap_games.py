"""Hoffmann's games of a waste heap feeding withdrawn foundations and packing
piles: the Four Seasons (no. 19), the Cotillon (no. 29), the Octagon (no. 57),
the Twos (no. 36) and Queens and Knaves (no. 55).  Each rule and each sentence
that allows or forbids something, shown allowed and forbidden on hand-made
positions."""

from conftest import filled, move_between, pile_index, pile_text, position, refusal

from patience_cli.engine import DEAL, Move, Status
from patience_cli.game import Game

# ---------------------------------------------------------------- the Four Seasons
SEASONS = "four-seasons"
SEA_F, SEA_STOCK, SEA_WASTE = 13, 17, 18
SIDES = range(1, 13)


def test_seasons_deal_four_aces_red_and_black_in_turn_and_twelve_side_cards():
    game = Game.new(SEASONS, seed=8)
    pos, rules = game.position, game.rules
    assert [pile_text(rules, pos, n) for n in range(13, 17)] == ["Ad", "Ac", "Ah", "As"]
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in SIDES)
    assert len(pos.piles[pile_index(rules, SEA_STOCK)]) == 52 - 16


def test_seasons_foundations_up_in_suit_and_side_rows_down_in_suit():
    rules, pos = filled(SEASONS, {SEA_F: "Ad", 1: "2d", 2: "2c", 3: "9s", 4: "8s", 5: "8h"},
                        SIDES)
    assert refusal(rules, pos, 1, SEA_F) is None
    assert "follow suit" in refusal(rules, pos, 2, SEA_F)
    assert refusal(rules, pos, 4, 3) is None                 # 8♠ on 9♠
    assert "follows suit" in refusal(rules, pos, 5, 3)       # 8♥ on 9♠: no
    assert refusal(rules, pos, 3, 4) is not None             # up: no


def test_seasons_a_gap_is_made_good_from_the_stock_only():
    rules, pos = filled(SEASONS, {SEA_F: "Ad", 1: "2d", SEA_STOCK: "7c 6h", SEA_WASTE: "Qs"},
                        SIDES, down={SEA_STOCK: 2})
    pos = rules.apply(pos, move_between(rules, 1, SEA_F))
    assert pile_text(rules, pos, 1) == "6h" and pile_text(rules, pos, SEA_WASTE) == "Qs"
    rules, pos = filled(SEASONS, {SEA_F: "Ad", 1: "2d", 2: "Kd", SEA_WASTE: "Qs"}, SIDES)
    pos = rules.apply(pos, move_between(rules, 1, SEA_F))     # the stock is out
    assert pile_text(rules, pos, 1) == ""
    assert "filled only from the Stock" in refusal(rules, pos, SEA_WASTE, 1)
    assert "follows suit" in refusal(rules, pos, SEA_WASTE, 2)  # nor on the K♦


def test_seasons_waste_card_packs_on_a_side_card_of_its_suit():
    rules, pos = filled(SEASONS, {2: "Kd", SEA_WASTE: "Qd", SEA_STOCK: "3c"}, SIDES,
                        down={SEA_STOCK: 1})
    assert refusal(rules, pos, SEA_WASTE, 2) is None
    rules, pos = filled(SEASONS, {2: "Kd", SEA_WASTE: "Qs", SEA_STOCK: "3c"}, SIDES,
                        down={SEA_STOCK: 1})
    assert refusal(rules, pos, SEA_WASTE, 2) is not None


def test_seasons_one_new_stock_then_no_more():
    rules, pos = filled(SEASONS, {SEA_WASTE: "5s 3h"}, SIDES)
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, SEA_STOCK) == "3h 5s"
    pos = rules.apply(pos, DEAL)
    pos = rules.apply(pos, DEAL)
    assert "redeal is used" in rules.deal_reason(pos)


# ---------------------------------------------------------------- the Cotillon
COTILLON = "cotillon"
FIVE, SIX, C_STOCK, C_WASTE = 1, 9, 17, 18


def test_cotillon_fives_and_sixes_by_suit_in_pairs():
    game = Game.new(COTILLON, seed=9)
    pos, rules = game.position, game.rules
    fives = [pile_text(rules, pos, n) for n in range(1, 9)]
    sixes = [pile_text(rules, pos, n) for n in range(9, 17)]
    assert fives == ["5s", "5h", "5c", "5d"] * 2
    assert [s[1] for s in sixes] == [f[1] for f in fives]    # each six beside its five


def test_cotillon_sixes_up_to_queens_fives_down_through_the_ace_to_the_king():
    rules, pos = position(COTILLON, {FIVE: "5s 4s 3s 2s As", SIX: "6s 7s 8s 9s 10s Js",
                                     C_WASTE: "Ks"})
    assert refusal(rules, pos, C_WASTE, FIVE) is None          # the king on the ace
    assert refusal(rules, pos, C_WASTE, SIX) is not None       # not on the knave
    rules, pos = position(COTILLON, {FIVE: "5s", SIX: "6s", C_WASTE: "7h"})
    assert "follows suit" in refusal(rules, pos, C_WASTE, SIX)


def test_cotillon_the_card_below_becomes_free_and_two_redeals():
    rules, pos = position(COTILLON, {FIVE: "5s", C_WASTE: "3s 4s"})
    pos = rules.apply(pos, move_between(rules, C_WASTE, FIVE))
    assert refusal(rules, pos, C_WASTE, FIVE) is None          # then the 3♠
    rules, pos = position(COTILLON, {C_WASTE: "9c"})
    for _ in range(4):
        pos = rules.apply(pos, DEAL)                            # redeal, deal, redeal, deal
    assert pos.get("redeals") == 2 and "2 redeals are used" in rules.deal_reason(pos)


# ---------------------------------------------------------------- the Octagon
OCTAGON = "octagon"
O_F, O_STOCK, O_WASTE = 5, 13, 14


def test_octagon_eight_aces_and_four_packets_of_five():
    game = Game.new(OCTAGON, seed=10)
    pos, rules = game.position, game.rules
    assert all(pile_text(rules, pos, n)[0] == "A" for n in range(5, 13))
    assert [len(pos.piles[pile_index(rules, n)]) for n in range(1, 5)] == [5] * 4


def test_octagon_packets_take_waste_cards_down_in_suit_and_play_up():
    rules, pos = filled(OCTAGON, {1: "9c 7h", 2: "8h", O_WASTE: "6h", O_F: "Ah 2h 3h 4h 5h"},
                        range(1, 5))
    assert refusal(rules, pos, O_WASTE, 1) is None            # 6♥ on 7♥
    assert refusal(rules, pos, O_WASTE, O_F) is None          # or up
    assert "takes cards only from the Waste heap" in refusal(rules, pos, 1, 2)
    rules, pos = filled(OCTAGON, {1: "7h", O_WASTE: "6s"}, range(1, 5))
    assert "follows suit" in refusal(rules, pos, O_WASTE, 1)


def test_octagon_a_cleared_packet_takes_the_waste_top_at_once():
    rules, pos = filled(OCTAGON, {1: "2h", O_F: "Ah", O_WASTE: "9d Qc"}, range(1, 5))
    pos = rules.apply(pos, move_between(rules, 1, O_F))
    assert pile_text(rules, pos, 1) == "Qc" and pile_text(rules, pos, O_WASTE) == "9d"
    rules, pos = filled(OCTAGON, {1: "2h", O_F: "Ah", O_STOCK: "9d"}, range(1, 5),
                        down={O_STOCK: 1})
    pos = rules.apply(pos, move_between(rules, 1, O_F))
    assert pile_text(rules, pos, 1) == ""                      # the waste heap is empty
    pos = rules.apply(pos, DEAL)                               # the next card fills it
    assert pile_text(rules, pos, 1) == "9d"


def test_octagon_three_redeals():
    rules, pos = filled(OCTAGON, {O_WASTE: "9c"}, range(1, 5))
    for _ in range(6):
        pos = rules.apply(pos, DEAL)
    assert pos.get("redeals") == 3 and "3 redeals are used" in rules.deal_reason(pos)


# ---------------------------------------------------------------- the Twos
TWOS = "twos"
T_F, T_STOCK, T_WASTE = 11, 19, 20
AUX = range(1, 11)


def test_twos_foundations_from_two_to_king_then_ace():
    rules, pos = filled(TWOS, {T_F: "2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc", 1: "Ac", 2: "3d"},
                        AUX)
    assert refusal(rules, pos, 1, T_F) is None
    rules, pos = filled(TWOS, {T_F: "2c", 1: "Ac", 2: "3d", 3: "3c"}, AUX)
    assert refusal(rules, pos, 1, T_F) is not None             # no ace on a two
    assert "follows suit" in refusal(rules, pos, 2, T_F)
    assert refusal(rules, pos, 3, T_F) is None


def test_twos_auxiliaries_take_waste_cards_down_in_suit_only():
    rules, pos = filled(TWOS, {1: "9h", 2: "8h", T_WASTE: "8h"}, AUX)
    assert refusal(rules, pos, T_WASTE, 1) is None
    assert "only from the Waste heap" in refusal(rules, pos, 2, 1)
    rules, pos = filled(TWOS, {1: "9h", T_WASTE: "8s"}, AUX)
    assert refusal(rules, pos, T_WASTE, 1) is not None


def test_twos_vacancies_filled_from_the_stock_and_two_redeals():
    rules, pos = filled(TWOS, {T_F: "2c", 1: "3c", T_STOCK: "Jd", T_WASTE: "4c"}, AUX,
                        down={T_STOCK: 1})
    pos = rules.apply(pos, move_between(rules, 1, T_F))
    assert pile_text(rules, pos, 1) == "Jd" and pile_text(rules, pos, T_WASTE) == "4c"
    rules, pos = filled(TWOS, {T_WASTE: "9c"}, AUX)
    for _ in range(4):
        pos = rules.apply(pos, DEAL)
    assert "2 redeals are used" in rules.deal_reason(pos)


# ---------------------------------------------------------------- Queens and Knaves
QK = "queens-and-knaves"
KING, Q_STOCK, Q_WASTE = 9, 17, 18


def test_qk_queens_withdrawn_kings_laid_as_they_come():
    game = Game.new(QK, seed=11)
    pos, rules = game.position, game.rules
    assert all(pile_text(rules, pos, n) and pile_text(rules, pos, n)[0] == "Q"
               for n in range(1, 9))
    assert all(pile_text(rules, pos, n) == "" for n in range(9, 17))
    rules, pos = position(QK, {1: "Qs", Q_WASTE: "Kd", Q_STOCK: "3c"}, down={Q_STOCK: 1})
    assert refusal(rules, pos, Q_WASTE, KING) is None
    rules, pos = position(QK, {1: "Qs", Q_WASTE: "Ad", Q_STOCK: "3c"}, down={Q_STOCK: 1})
    assert "takes only a king" in refusal(rules, pos, Q_WASTE, KING)


def test_qk_kings_build_ace_to_knave_in_suit():
    rules, pos = position(QK, {KING: "Kd", 1: "Qs", Q_WASTE: "Ad"})
    assert refusal(rules, pos, Q_WASTE, KING) is None
    rules, pos = position(QK, {KING: "Kd", 1: "Qs", Q_WASTE: "Ah", Q_STOCK: "3c"},
                          down={Q_STOCK: 1})
    assert "follows suit" in refusal(rules, pos, Q_WASTE, KING)
    rules, pos = position(QK, {KING: "Kd Ad 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd"})
    from conftest import cards
    assert "complete" in rules.building.build_reason(pos, cards("Qd")[0], pile_index(rules, KING))


def test_qk_queen_heaps_take_waste_cards_down_regardless_of_suit_and_queens_stay():
    rules, pos = position(QK, {1: "Qs", 2: "Qh", KING: "Kd Ad 2d 3d 4d 5d 6d 7d 8d 9d 10d",
                               Q_WASTE: "Jd"})
    assert refusal(rules, pos, Q_WASTE, 1) is None             # J♦ on Q♠: any suit
    pos = rules.apply(pos, move_between(rules, Q_WASTE, 1))
    assert refusal(rules, pos, 1, KING) is None                # then up to its king
    assert "only from the Waste heap" in refusal(rules, pos, 1, 2)
    pos = rules.apply(pos, move_between(rules, 1, KING))
    assert refusal(rules, pos, 1, KING) is not None            # the queen stays


def test_qk_one_pass_only_and_won_when_the_knaves_crown_the_kings():
    rules, pos = position(QK, {1: "Qs", Q_WASTE: "3c"})
    assert "no redeal" in rules.deal_reason(pos)
    assert rules.status(pos)[0] is Status.LOST
    rules, pos = position(QK, {1: "Qs", KING: "Kd Ad 2d 3d 4d 5d 6d 7d 8d 9d 10d",
                               Q_WASTE: "Jd"})
    pos = rules.apply(pos, Move("move", pile_index(rules, Q_WASTE), pile_index(rules, KING)))
    assert rules.status(pos)[0] is Status.WON


def test_seasons_a_packed_series_moves_only_to_its_foundation_card_by_card():
    """"Play the smaller upon the larger ... All the cards of such series will
    then be transferred to the top of the appropriate heap": a series packed
    on a side card goes up to its foundation; it never moves as one onto
    another side card (a choice stated on the sheet)."""
    rules, pos = filled(SEASONS, {1: "9c 8c", 2: "10c", SEA_STOCK: "5d"}, SIDES,
                        down={SEA_STOCK: 1})
    assert not any(m.count > 1 for m in rules.legal_moves(pos))
    assert not rules.is_legal(pos, Move("move", pile_index(rules, 1), pile_index(rules, 2), 2))


def test_qk_no_card_passes_between_the_queens_heaps_or_between_the_kings():
    """The book lays cards on the queens as they come from the pack and takes
    them only to the kings (a choice stated on the sheet)."""
    rules, pos = position(QK, {1: "Qs Jd", 2: "Qh", KING: "Kd Ad", KING + 1: "Kd",
                               Q_STOCK: "3c"}, down={Q_STOCK: 1})
    assert refusal(rules, pos, 1, 2) is not None               # J♦ on the Q♥: no
    assert refusal(rules, pos, KING, KING + 1) is not None


def test_twos_a_gap_made_while_the_stock_is_out_waits_for_the_redeal():
    """"Any vacancies ... being forthwith filled up from the stock": while the
    stock is out, a gap waits (not filled from the waste heap) until the waste
    heap is turned over as the new stock (a choice stated on the sheet)."""
    rules, pos = filled(TWOS, {T_F: "2c", 1: "3c", T_WASTE: "9d 4c"}, AUX, down={})
    pos = rules.apply(pos, move_between(rules, 1, T_F))
    assert pile_text(rules, pos, 1) == "" and pile_text(rules, pos, T_WASTE) == "9d 4c"
    pos = rules.apply(pos, DEAL)                                  # the redeal fills it
    assert pile_text(rules, pos, 1) != ""
