"""Games of the whole pack laid out in fans or packets and gathered up to be
dealt again: La Belle Lucie (Cadogan no. 1) with Hoffmann's Trefoil (no. 27)
and the two-pack forms.  Each rule and each sentence that allows or forbids
something, shown allowed and forbidden on hand-made positions."""

from collections import Counter

import pytest

from patience_cli.engine import DEAL, Move, Status
from patience_cli.game import Game

from conftest import filled, move_between, pile_index, pile_text, position, refusal

LUCIE = "la-belle-lucie"
FANS = range(1, 19)
FOUND = 19


def test_lucie_deals_seventeen_fans_of_three_and_one_single_card():
    game = Game.new(LUCIE, seed=4)
    sizes = [len(game.position.piles[pile_index(game.rules, n)]) for n in FANS]
    assert sizes == [3] * 17 + [1]
    assert all(not game.position.piles[pile_index(game.rules, n)] for n in range(19, 23))
    assert all(d == 0 for d in game.position.down)          # every card face up


def test_the_trefoil_lays_the_aces_out_first_and_deals_sixteen_fans():
    game = Game.new(LUCIE, seed=4, variant="trefoil")
    rules, pos = game.rules, game.position
    assert sorted(pile_text(rules, pos, n) for n in range(17, 21)) == ["Ac", "Ad", "Ah", "As"]
    assert [len(pos.piles[pile_index(rules, n)]) for n in range(1, 17)] == [3] * 16


def test_only_the_top_card_of_a_fan_is_free():
    rules, pos = position(LUCIE, {1: "Ah 5c 9s", 2: "10s", FOUND: ""})
    buried_ace = move_between(rules, 1, FOUND)._replace(card=pos.piles[0][0])
    assert not rules.is_legal(pos, buried_ace)
    assert "only the top card" in rules.move_reason(pos, buried_ace)
    assert refusal(rules, pos, 1, FOUND) is not None          # the 9♠ is no ace
    assert refusal(rules, pos, 1, 2) is None                  # the 9♠ on the 10♠
    after = rules.apply(pos, move_between(rules, 1, 2))
    assert pile_text(rules, after, 1) == "Ah 5c"              # the 5♣ is freed


def test_fans_marry_downwards_in_suit_only():
    rules, pos = position(LUCIE, {1: "8h", 2: "7h", 3: "7s", 4: "9h", 5: "6d"})
    assert refusal(rules, pos, 2, 1) is None                  # 7♥ on 8♥
    assert refusal(rules, pos, 3, 1) is not None              # 7♠ on 8♥: not in suit
    assert refusal(rules, pos, 4, 1) is not None              # 9♥ on 8♥: not downwards
    assert refusal(rules, pos, 5, 1) is not None


def test_an_emptied_fan_stays_empty():
    rules, pos = position(LUCIE, {1: "", 2: "Kh", 3: "5c"})
    assert "never refilled" in refusal(rules, pos, 2, 1)
    assert refusal(rules, pos, 3, 1) is not None


def test_aces_go_up_as_they_come_free_and_build_in_suit_to_kings():
    rules, pos = position(LUCIE, {1: "2h", 2: "Ah", 3: "2s", FOUND + 1: "Qc", 4: "Kc"})
    assert refusal(rules, pos, 1, FOUND) is not None          # no two on an empty place
    assert refusal(rules, pos, 2, FOUND) is None
    pos = rules.apply(pos, move_between(rules, 2, FOUND))
    assert refusal(rules, pos, 3, FOUND) is not None          # 2♠ on A♥: not in suit
    assert refusal(rules, pos, 1, FOUND) is None
    assert refusal(rules, pos, 4, FOUND + 1) is None          # K♣ on Q♣


def test_the_fans_are_taken_up_shuffled_and_dealt_again_twice():
    game = Game.new(LUCIE, seed=9)
    rules, pos = game.rules, game.position
    before = Counter(pos.cards())
    first = rules.apply(pos, DEAL)
    assert Counter(first.cards()) == before
    sizes = [len(first.piles[pile_index(rules, n)]) for n in FANS]
    assert sizes == [3] * 17 + [1]
    taken_up = [c for n in FANS for c in pos.piles[pile_index(rules, n)]]
    dealt = [c for n in FANS for c in first.piles[pile_index(rules, n)]]
    assert dealt != taken_up                                   # shuffled
    second = rules.apply(first, DEAL)
    assert rules.deal_reason(second) is not None               # twice, no more
    assert "no more" in rules.move_reason(second, DEAL)


def test_a_new_deal_with_fewer_cards_makes_fewer_fans_of_three():
    rules, pos = position(LUCIE, {1: "5c 6d 9h", 2: "Kh 2c", 3: "Qs", FOUND: "Ah 2h 3h"})
    after = rules.apply(pos, DEAL)
    sizes = [len(after.piles[pile_index(rules, n)]) for n in FANS]
    assert sizes == [3, 3] + [0] * 16
    assert pile_text(rules, after, FOUND) == "Ah 2h 3h"        # the foundations stay


def test_the_trefoil_is_gathered_without_shuffling_in_the_fans_order():
    rules, pos = position(LUCIE, {1: "5c 6d 9h", 2: "Kh 2c", 3: "Qs", 17: "Ah"},
                          variant="trefoil")
    after = rules.apply(pos, DEAL)
    assert [pile_text(rules, after, n) for n in (1, 2, 3)] == ["5c 6d 9h", "Kh 2c Qs", ""]
    after = rules.apply(after, DEAL)
    assert rules.deal_reason(after) is not None                 # three deals in all


def test_lost_when_no_card_can_move_and_the_new_deals_are_used():
    rules, pos = position(LUCIE, {1: "2c 5h", 2: "9s"}, regathered=2)
    status, why = rules.status(pos)
    assert status is Status.LOST
    rules, pos = position(LUCIE, {1: "2c 5h", 2: "9s"}, regathered=1)
    assert rules.status(pos)[0] is Status.PLAYING               # a new deal is left


def test_the_house_in_the_wood_has_eight_aces_and_thirty_six_fans():
    game = Game.new(LUCIE, seed=2, variant="house-in-the-wood")
    sizes = [len(game.position.piles[pile_index(game.rules, n)]) for n in range(1, 37)]
    assert sizes == [3] * 17 + [1] + [3] * 17 + [1]
    assert len(game.rules.foundations) == 8


def test_the_house_on_the_hill_marries_up_or_down_and_takes_four_suits_each_way():
    variant = "house-on-the-hill"
    rules, pos = position(LUCIE, {1: "8h", 2: "9h", 3: "7h", 4: "9s"}, variant=variant)
    assert refusal(rules, pos, 2, 1) is None                  # 9♥ on 8♥: up
    assert refusal(rules, pos, 3, 1) is None                  # 7♥ on 8♥: down
    assert refusal(rules, pos, 4, 1) is not None              # 9♠: not in suit
    rules, pos = position(LUCIE, {37: "Ah", 1: "Ah", 2: "Kh", 3: "Kd", 41: "Kh"},
                          variant=variant)
    assert "already holds the hearts" in refusal(rules, pos, 1, 38)   # a second ace of hearts
    assert "already holds the hearts" in refusal(rules, pos, 2, 42)   # a second king of hearts
    assert refusal(rules, pos, 3, 42) is None                 # the K♦ starts a king foundation


def test_hoffmanns_two_pack_trefoil_has_one_deal_only():
    game = Game.new(LUCIE, seed=2, variant="trefoil-two-packs")
    rules, pos = game.rules, game.position
    assert [len(pos.piles[pile_index(rules, n)]) for n in range(1, 33)] == [3] * 32
    assert sorted(pile_text(rules, pos, n) for n in range(33, 41)) == \
        sorted(["Ac", "Ad", "Ah", "As"] * 2)
    assert rules.deal_reason(pos) is not None


# ---------------------------------------------------------------- Napoleon at St. Helena
NAPOLEON = "napoleon-at-st-helena"
N_FOUND, N_STOCK, N_TALON = 11, 19, 20


def test_napoleon_deals_four_rows_of_ten_left_to_right():
    game = Game.new(NAPOLEON, seed=6)
    rules, pos = game.rules, game.position
    assert [len(pos.piles[pile_index(rules, n)]) for n in range(1, 11)] == [4] * 10
    assert len(pos.piles[pile_index(rules, N_STOCK)]) == 104 - 40
    # dealt in rows: the first ten cards of the deck are the top row, one per column
    deck = list(game.deck)
    assert [pos.piles[pile_index(rules, n)][0] for n in range(1, 11)] == deck[:10]


def test_napoleon_only_the_lowest_card_is_free_and_marries_down_in_suit():
    rules, pos = position(NAPOLEON, {1: "9c 8h", 2: "9h", 3: "9s 10h", N_FOUND: "Ah",
                                     N_STOCK: "Qd"}, down={N_STOCK: 1})
    assert refusal(rules, pos, 1, 2) is None                  # 8♥ below the 9♥
    assert refusal(rules, pos, 3, 2) is not None              # 10♥ below the 9♥: not down
    nine = move_between(rules, 1, 2)._replace(card=pos.piles[0][0])
    assert not rules.is_legal(pos, nine)                      # the 9♣ has a card below it
    rules, pos = position(NAPOLEON, {1: "8s", 2: "9h"})
    assert refusal(rules, pos, 1, 2) is not None              # 8♠ below the 9♥: not in suit


def test_napoleon_aces_go_up_as_they_come_and_build_in_suit():
    rules, pos = position(NAPOLEON, {1: "As", 2: "2s", 3: "2h", N_FOUND: ""})
    assert refusal(rules, pos, 2, N_FOUND) is not None
    pos = rules.apply(pos, move_between(rules, 1, N_FOUND))
    assert refusal(rules, pos, 3, N_FOUND) is not None
    assert refusal(rules, pos, 2, N_FOUND) is None


def test_napoleon_a_lane_takes_any_free_card_when_the_player_likes():
    rules, pos = position(NAPOLEON, {1: "", 2: "3c Kd", N_TALON: "7h", N_STOCK: "5s"},
                          down={N_STOCK: 1})
    assert refusal(rules, pos, 2, 1) is None                  # from a column
    assert refusal(rules, pos, N_TALON, 1) is None            # or the talon
    assert rules.is_legal(pos, DEAL)                          # not obliged to fill it first
    rules, pos = position(NAPOLEON, {1: "", 2: "3c Kd", N_TALON: "7h"},
                          variant="talon-lanes")
    assert refusal(rules, pos, 2, 1) is not None              # the note: the talon only
    assert refusal(rules, pos, N_TALON, 1) is None


def test_napoleon_the_talon_top_plays_and_there_is_no_redeal():
    rules, pos = position(NAPOLEON, {1: "9d", N_TALON: "5c 8d", N_FOUND: "Ac"})
    assert refusal(rules, pos, N_TALON, 1) is None            # 8♦ below the 9♦
    assert rules.deal_reason(pos) is not None                 # the pack is out: no redeal
    rules, pos = filled(NAPOLEON, {1: "9d", N_TALON: "5c", N_FOUND: "Ac"}, range(1, 11))
    assert rules.status(pos)[0] is Status.LOST


def test_napoleon_lost_when_the_pack_is_out_and_lanes_only_shift_cards_about():
    """With the pack out, moving cards between lanes and columns that can never
    free a card for a foundation does not keep the game open."""
    rules, pos = position(NAPOLEON, {1: "9d", 2: "Kc 5h", N_FOUND: "Ac"})
    status, why = rules.status(pos)
    assert status is Status.LOST and "shifts cards" in why
    rules, pos = position(NAPOLEON, {1: "9d", 2: "Kc 2c", N_FOUND: "Ac"})
    assert rules.status(pos)[0] is Status.PLAYING              # the 2♣ can go up


# ---------------------------------------------------------------- Lucas
LUCAS = "lucas"
L_FOUND, L_STOCK, L_WASTE = 14, 22, 23


def test_lucas_lays_out_eight_aces_and_thirteen_columns_of_three():
    game = Game.new(LUCAS, seed=3)
    rules, pos = game.rules, game.position
    assert sorted(pile_text(rules, pos, n) for n in range(14, 22)) == \
        sorted(["As", "Ah", "Ac", "Ad"] * 2)
    assert [len(pos.piles[pile_index(rules, n)]) for n in range(1, 14)] == [3] * 13
    assert len(pos.piles[pile_index(rules, L_STOCK)]) == 104 - 8 - 39


def test_lucas_the_lowest_card_is_free_and_the_less_goes_on_the_greater_in_suit():
    rules, pos = position(LUCAS, {1: "Kc 7d", 2: "8d", 3: "8s", 4: "6d", L_FOUND: "As",
                                  L_STOCK: "Qd"}, down={L_STOCK: 1})
    assert refusal(rules, pos, 1, 2) is None                  # 7♦ on 8♦
    assert refusal(rules, pos, 1, 3) is not None              # 7♦ on 8♠
    assert refusal(rules, pos, 4, 1) is None                  # 6♦ on 7♦
    assert refusal(rules, pos, 2, 1) is not None              # 8♦ on 7♦: not downwards
    king = move_between(rules, 1, L_FOUND)._replace(card=pos.piles[0][0])
    assert not rules.is_legal(pos, king)


def test_lucas_a_run_goes_up_to_its_foundation_card_by_card():
    rules, pos = position(LUCAS, {1: "4h 3h 2h", L_FOUND: "Ah"})
    for _ in range(3):
        pos = rules.apply(pos, move_between(rules, 1, L_FOUND))
    assert pile_text(rules, pos, L_FOUND) == "Ah 2h 3h 4h"


def test_lucas_an_emptied_column_stays_empty_unless_the_variant_says_lanes():
    rules, pos = position(LUCAS, {1: "", 2: "9c", L_WASTE: "5h"})
    assert refusal(rules, pos, 2, 1) is not None
    assert refusal(rules, pos, L_WASTE, 1) is not None
    rules, pos = position(LUCAS, {1: "", 2: "9c", L_WASTE: "5h"}, variant="lanes")
    assert refusal(rules, pos, 2, 1) is None
    assert refusal(rules, pos, L_WASTE, 1) is None


def test_lucas_the_waste_heap_is_dealt_again_once_unshuffled():
    rules, pos = position(LUCAS, {1: "Kc", L_WASTE: "5h 9s 2d"})
    again = rules.apply(pos, DEAL)
    assert pile_text(rules, again, L_STOCK) == "2d 9s 5h"     # turned over: the 5♥ on top
    again = rules.apply(again, DEAL)
    assert pile_text(rules, again, L_WASTE) == "5h"
    spent = position(LUCAS, {1: "Kc", L_WASTE: "5h"}, redeals=1)
    assert spent[0].deal_reason(spent[1]) is not None


# ---------------------------------------------------------------- Fortress
FORTRESS = "fortress"
F_FOUND = 11


def test_fortress_deals_the_whole_pack_in_rows_of_five_and_a_bottom_row_of_six():
    game = Game.new(FORTRESS, seed=2)
    sizes = [len(game.position.piles[pile_index(game.rules, n)]) for n in range(1, 11)]
    assert sizes == [5, 5, 5, 5, 6] * 2
    assert all(not game.position.piles[pile_index(game.rules, n)] for n in range(11, 15))


def test_fortress_each_row_is_dealt_beginning_at_the_left_hand():
    """"Beginning at the left hand, and dealing straight across each group": in
    a left-hand row the first card dealt lies at the outer end, where the free
    card is; in a right-hand row, at the inner end.  A seeded deal lays out as
    it always has (its share code still names the same deal)."""
    from patience_cli.cards import new_pack

    deck = list(new_pack("whist"))
    game = Game.new(FORTRESS, deck=deck)
    row1 = game.position.piles[pile_index(game.rules, 1)]
    assert row1[-1] == deck[0] and row1[0] == deck[4]           # outer end first
    assert game.rules.available_cards(game.position, pile_index(game.rules, 1)) == [deck[0]]
    row6 = game.position.piles[pile_index(game.rules, 6)]
    assert row6[0] == deck[26] and row6[-1] == deck[30]          # inner end first
    seeded = Game.new(FORTRESS, seed=7)
    assert seeded.position.digest() == "9f5f4c84d9f25f12"       # as before the fix
    again = Game.new(FORTRESS, deck=list(seeded.deck))
    assert again.position == seeded.position                    # its deck deals it again


def test_fortress_only_the_outside_card_is_free_and_the_board_shows_it_outside(run):
    rules, pos = position(FORTRESS, {1: "Kc 2h", 6: "Ah 9s", F_FOUND: ""})
    assert refusal(rules, pos, 1, F_FOUND) is not None        # the 2♥ is outside, not the K♣
    buried = move_between(rules, 6, F_FOUND)._replace(card=pos.piles[pile_index(rules, 6)][0])
    assert not rules.is_legal(pos, buried)                     # the A♥ has the 9♠ outside it
    run("new", FORTRESS, "--seed", "2")
    board = run("show").out
    left = next(line for line in board.splitlines() if line.startswith("Left group"))
    game = Game.new(FORTRESS, seed=2)
    outside = game.position.piles[pile_index(game.rules, 1)][-1]
    assert left.split()[3] == str(outside)                     # the free card comes first


def test_fortress_marries_up_or_down_in_suit_across_both_groups():
    rules, pos = position(FORTRESS, {1: "7s", 6: "8s", 7: "6s", 8: "8h", 2: "9d", 3: "Ac"})
    assert refusal(rules, pos, 1, 6) is None                  # 7♠ on 8♠, left to right
    assert refusal(rules, pos, 7, 1) is None                  # 6♠ on 7♠, right to left
    assert refusal(rules, pos, 6, 1) is None                  # 8♠ on 7♠: up
    assert refusal(rules, pos, 8, 1) is not None              # 8♥ on 7♠: not in suit
    assert refusal(rules, pos, 2, 1) is not None


def test_fortress_a_lane_takes_any_free_card_and_reverses_a_sequence():
    rules, pos = position(FORTRESS, {1: "", 2: "Kd 2c 3c 4c", F_FOUND: "Ac"})
    assert refusal(rules, pos, 2, 1) is None                  # the 4♣ into the lane
    for _ in range(3):
        pos = rules.apply(pos, move_between(rules, 2, 1))
    assert pile_text(rules, pos, 1) == "4c 3c 2c"             # reversed: the 2♣ outside
    pos = rules.apply(pos, move_between(rules, 1, F_FOUND))
    assert pile_text(rules, pos, F_FOUND) == "Ac 2c"


def test_fortress_aces_go_up_in_suit_and_the_game_is_lost_when_nothing_can_progress():
    rules, pos = position(FORTRESS, {1: "3h", 2: "Ah", F_FOUND: ""})
    assert refusal(rules, pos, 1, F_FOUND) is not None
    assert refusal(rules, pos, 2, F_FOUND) is None
    rules, pos = filled(FORTRESS, {1: "5h", 2: "9c", F_FOUND: "Ah 2h 3h"}, range(1, 11),
                        filler="Kd")
    assert rules.status(pos)[0] is Status.LOST


# ---------------------------------------------------------------- Napoleon's Square
SQUARE = "napoleons-square"
S_FOUND, S_STOCK, S_TALON = 13, 21, 22
PACKETS = range(1, 13)


def test_square_deals_twelve_packets_of_four_or_twelve_single_cards():
    game = Game.new(SQUARE, seed=2)
    assert [len(game.position.piles[pile_index(game.rules, n)]) for n in PACKETS] == [4] * 12
    game = Game.new(SQUARE, seed=2, variant="singles")
    assert [len(game.position.piles[pile_index(game.rules, n)]) for n in PACKETS] == [1] * 12
    assert len(game.position.piles[pile_index(game.rules, S_STOCK)]) == 104 - 12


def test_square_tops_marry_downwards_in_suit_and_only_the_top_is_free():
    rules, pos = filled(SQUARE, {1: "5c 9h", 2: "10h", 3: "10s", 4: "8h", S_STOCK: "2d"},
                        PACKETS, down={S_STOCK: 1})
    assert refusal(rules, pos, 1, 2) is None                  # 9♥ on 10♥
    assert refusal(rules, pos, 1, 3) is not None              # 9♥ on 10♠: not in suit
    assert refusal(rules, pos, 2, 4) is not None              # 10♥ on 8♥
    five = move_between(rules, 1, 4)._replace(card=pos.piles[pile_index(rules, 1)][0])
    assert not rules.is_legal(pos, five)


def test_square_an_empty_place_takes_one_card_from_the_talon_or_the_pack_when_you_like():
    rules, pos = filled(SQUARE, {5: "", 6: "Qd 9c", S_TALON: "4h", S_STOCK: "7s 3d"},
                        PACKETS, down={S_STOCK: 2})
    assert refusal(rules, pos, S_TALON, 5) is None            # the talon's top card
    assert refusal(rules, pos, S_STOCK, 5) is None            # or the pack's next card
    assert "empty" in refusal(rules, pos, S_STOCK, 6)         # the pack fills only a vacancy
    assert refusal(rules, pos, 6, 5) is not None              # not a card of the square
    assert rules.is_legal(pos, DEAL)                          # need not be filled first
    listed = [m for m in rules.legal_moves(pos) if m.src == pile_index(rules, S_STOCK)]
    assert listed == [move_between(rules, S_STOCK, 5)]
    words = rules.describe(pos, listed[0])
    assert "3♦" not in words and "next card of the Pack" in words   # unseen until laid
    after = rules.apply(pos, listed[0])
    assert pile_text(rules, after, 5) == "3d" and after.down[pile_index(rules, S_STOCK)] == 1
    rules2, filled_pos = rules, after
    assert refusal(rules2, filled_pos, S_TALON, 5) is not None   # one card, then a packet:
    rules, pos = filled(SQUARE, {5: "3d", S_TALON: "2d"}, PACKETS)
    assert refusal(rules, pos, S_TALON, 5) is None            # which takes marriages


def test_square_aces_go_up_in_suit_and_there_is_no_redeal():
    rules, pos = filled(SQUARE, {1: "2h", 2: "Ah", S_TALON: "9c"}, PACKETS)
    assert refusal(rules, pos, 1, S_FOUND) is not None
    pos = rules.apply(pos, move_between(rules, 2, S_FOUND))
    assert refusal(rules, pos, 1, S_FOUND) is None
    assert rules.deal_reason(pos) is not None


# ---------------------------------------------------------------- the Indefatigable
INDEF = "indefatigable"
I_FOUND = 13


def test_indefatigable_lays_out_the_aces_and_twelve_packets_of_four():
    game = Game.new(INDEF, seed=3)
    rules, pos = game.rules, game.position
    assert sorted(pile_text(rules, pos, n) for n in range(13, 17)) == ["Ac", "Ad", "Ah", "As"]
    assert [len(pos.piles[pile_index(rules, n)]) for n in range(1, 13)] == [4] * 12


def test_indefatigable_tops_go_up_in_suit_or_the_smaller_on_the_larger():
    rules, pos = position(INDEF, {1: "2s", 2: "4s", 3: "3s", 4: "3h", 5: "", I_FOUND: "As"})
    assert refusal(rules, pos, 1, I_FOUND) is None
    assert refusal(rules, pos, 3, 2) is None                  # 3♠ on 4♠
    assert refusal(rules, pos, 4, 2) is not None              # 3♥ on 4♠
    assert refusal(rules, pos, 2, 3) is not None              # the larger on the smaller
    assert refusal(rules, pos, 4, 5) is not None              # an emptied packet stays empty


def test_indefatigable_is_gathered_last_uppermost_and_dealt_again_in_fours():
    rules, pos = position(INDEF, {1: "9c 8c", 2: "Kd Qh Jd 5s", 3: "7h 2s", I_FOUND: "As"},
                          home_at=1)
    pos = rules.apply(pos, move_between(rules, 3, I_FOUND))   # this deal places a card
    after = rules.apply(pos, DEAL)
    assert [pile_text(rules, after, n) for n in (1, 2, 3, 4)] == \
        ["9c 8c Kd Qh", "Jd 5s 7h", "", ""]
    assert after.get("stalls") == 0
    after = rules.apply(after, DEAL)                           # a barren deal may follow
    assert after.get("regathered") == 2 and after.get("stalls") == 1


def test_indefatigable_two_deals_in_a_row_placing_nothing_end_it():
    rules, pos = position(INDEF, {1: "9c 8c", 2: "Kd", I_FOUND: "As"}, home_at=1)
    pos = rules.apply(pos, DEAL)                               # a first barren deal: allowed
    assert rules.deal_reason(pos) is not None                  # a second: no new deal
    status, why = rules.status(pos)
    assert status is Status.LOST and "2 deals in a row" in why
    # a card placed on a foundation during the deal starts the count again
    rules, pos = position(INDEF, {1: "9c 8c", 2: "Kd 2s", I_FOUND: "As"}, home_at=1, stalls=1)
    pos = rules.apply(pos, move_between(rules, 2, I_FOUND))
    assert rules.deal_reason(pos) is None
    after = rules.apply(pos, DEAL)
    assert after.get("stalls") == 0 and rules.deal_reason(after) is None


def test_indefatigable_the_first_deal_counts_from_the_aces_laid_out():
    game = Game.new(INDEF, seed=3)
    assert game.position.get("home_at") == 4
    pos = game.rules.apply(game.position, DEAL)   # nothing placed
    assert pos.get("stalls") == 1


# ---------------------------------------------------------------- Canfield or Klondike
KLONDIKE = "klondike"
K_FOUND, K_STOCK, K_TALON = 8, 12, 13


def test_klondike_deals_seven_rows_of_one_to_seven_with_the_top_card_face_up():
    game = Game.new(KLONDIKE, seed=4)
    rules, pos = game.rules, game.position
    rows = [pile_index(rules, n) for n in range(1, 8)]
    assert [len(pos.piles[i]) for i in rows] == [1, 2, 3, 4, 5, 6, 7]
    assert [pos.down[i] for i in rows] == [0, 1, 2, 3, 4, 5, 6]
    deck = list(game.deck)
    assert [pos.piles[i][0] for i in rows] == deck[:7]          # the first row of seven
    assert pos.piles[rows[1]][1] == deck[7]                     # then six, one place right
    assert len(pos.piles[pile_index(rules, K_STOCK)]) == 24


def test_klondike_rows_build_down_in_alternate_colours():
    rules, pos = position(KLONDIKE, {1: "9s", 2: "8h", 3: "8c", 4: "10h", K_STOCK: "2c"},
                          down={K_STOCK: 1})
    assert refusal(rules, pos, 2, 1) is None                  # red 8 on black 9
    assert "alternate" in refusal(rules, pos, 3, 1)            # black on black
    assert refusal(rules, pos, 4, 1) is not None              # 10 on 9: not downwards


def test_klondike_rows_build_down_to_the_twos_and_take_no_ace():
    """The rows build "K, Q, J, down to 4, 3, 2": an ace goes up, never on a two."""
    rules, pos = position(KLONDIKE, {1: "2h", 2: "As", 3: "9d", K_STOCK: "2c"},
                          down={K_STOCK: 1})
    assert not rules.is_legal(pos, move_between(rules, 2, 1))
    assert "complete at the deuce" in refusal(rules, pos, 2, 1)
    assert move_between(rules, 2, 1) not in list(rules.legal_moves(pos))


def test_klondike_face_up_cards_move_together_or_not_at_all():
    rules, pos = position(KLONDIKE, {1: "Kc 9s 8h 7c", 2: "10h", 3: "6d", K_FOUND: "Ac 2c 3c 4c 5c 6c",
                                     K_STOCK: "2d"}, down={1: 1, K_STOCK: 1})
    three = Move("move", pile_index(rules, 1), pile_index(rules, 2), 3)
    assert rules.is_legal(pos, three)                         # 9♠ 8♥ 7♣ on the 10♥
    words = refusal(rules, pos, 1, 2)                          # the 7♣ alone: no
    assert "move together" in words and words.instead == three  # the move that would do
    two = Move("move", pile_index(rules, 1), pile_index(rules, 2), 2)
    assert not rules.is_legal(pos, two)
    assert refusal(rules, pos, 1, K_FOUND) is None            # alone to a foundation: yes
    after = rules.apply(pos, three)
    assert pile_text(rules, after, 2) == "10h 9s 8h 7c"
    assert after.down[pile_index(rules, 1)] == 0              # the K♣ beneath is turned up


def test_klondike_the_wider_safe_rule_waits_while_there_is_a_pack_to_deal():
    """Where cards are still to be dealt (Klondike's stock), a card played up
    early changes what later deals bring: only the plain rule holds there,
    so the 6♣, which the wider rule would call safe, is the player's
    choice."""
    piles = {1: "9d 6c", 2: "Ks 5d", 3: "Kh 5h", 8: "Ac 2c 3c 4c 5c", 9: "Ad 2d 3d 4d",
             10: "Ah 2h 3h 4h", 11: "As 2s 3s 4s", 12: "Qd"}
    rules, pos = position(KLONDIKE, piles, down={12: 1})
    six_up = Move("move", 0, rules.layout.by_number(8).index)
    assert rules.has_deal_step and rules.move_reason(pos, six_up) is None
    assert rules.safe_foundation_move(pos, [six_up]) is None


def test_klondike_a_space_takes_only_a_king_or_a_run_headed_by_one():
    rules, pos = position(KLONDIKE, {1: "", 2: "Qd", 3: "Kh Qs", 4: "5c 8d Kd", K_STOCK: "2d"},
                          down={4: 2, K_STOCK: 1})
    assert "king" in refusal(rules, pos, 2, 1)
    assert rules.is_legal(pos, Move("move", pile_index(rules, 3), pile_index(rules, 1), 2))
    assert refusal(rules, pos, 4, 1) is None                  # a lone king
    after = rules.apply(pos, move_between(rules, 4, 1))
    assert after.down[pile_index(rules, 4)] == 1              # the 8♦ is turned up


def test_klondike_the_stock_is_run_through_once_and_the_talon_top_plays():
    rules, pos = position(KLONDIKE, {1: "9s", K_STOCK: "2c 8h"}, down={K_STOCK: 2})
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, K_TALON) == "8h"
    assert refusal(rules, pos, K_TALON, 1) is None
    pos = rules.apply(rules.apply(pos, move_between(rules, K_TALON, 1)), DEAL)
    assert "no redeal" in rules.deal_reason(pos)


def test_klondike_counters_pay_52_and_win_5_a_card(run):
    rules, pos = position(KLONDIKE, {K_FOUND: "Ac 2c", 1: "3c", K_STOCK: "5d"},
                          down={K_STOCK: 1})
    assert rules.counters(pos) == 2 * 5 - 52
    assert rules.counters(rules.apply(pos, move_between(rules, 1, K_FOUND))) == 15 - 52
    run("new", KLONDIKE, "--seed", "4")
    assert "counters -52" in run("show").out
    import json
    assert json.loads(run("show", "--json").out)["counters"] == -52
    assert json.loads(run("new", "fours", "--seed", "1", "--force", "--json").out)["counters"] \
        is None


# ---------------------------------------------------------------- the Kings
KINGS = "kings"


def test_kings_aces_in_two_columns_and_the_pack_dealt_in_columns_of_four():
    game = Game.new(KINGS, seed=2)
    rules, pos = game.rules, game.position
    assert [pos.piles[pile_index(rules, n)][0].code for n in range(9, 17)] == \
        ["Ad", "Ad", "Ac", "Ac", "Ah", "Ah", "As", "As"]
    lines = [len(pos.piles[pile_index(rules, n)]) for n in range(1, 9)]
    home = sum(len(pos.piles[pile_index(rules, n)]) for n in range(9, 17))
    assert sum(lines) + home == 104
    # columns of four: the lines differ only by the outer cards gone up during the deal
    assert max(lines) - min(lines) <= 1 + (home - 8)
    assert all(d == 0 for d in pos.down)


def test_kings_during_the_deal_a_card_goes_up_only_to_an_ace_of_its_own_line():
    """A deck arranged by hand: the 2♥ dealt to line 1 goes up on its line's
    ace (suits are not followed) and the K♦ takes its place; the 3♠ dealt to
    line 2 would go on that 2♥, but it is not on its line, so it stays."""
    from patience_cli.cards import parse_card
    from patience_cli.games import load

    layout, rules = load(KINGS, None)
    aces = [parse_card(c) for c in ["Ad", "Ad", "Ac", "Ac", "Ah", "Ah", "As", "As"]]
    first = [parse_card(c) for c in ["2h", "Kd", "3s", "5c", "9c"]]
    rest = new_pack_of(layout)
    for c in aces + first:
        rest.remove(c)
    pos = rules.deal(aces + first + rest)
    assert pile_text(rules, pos, 9) == "Ad 2h"
    assert pos.piles[pile_index(rules, 1)][0].code == "Kd"        # the next card, its place
    assert pos.piles[pile_index(rules, 2)][0].code == "3s"        # not its line's foundation
    assert [pos.piles[pile_index(rules, n)][0].code for n in (3, 4)] == ["5c", "9c"]


def test_kings_an_outer_card_stays_playable_during_the_deal_until_the_next_column_covers_it():
    """"During the deal you may not play cards from the inner columns": only
    those are barred.  Column one on the left lays the 4♣ on line 1; column
    two the 3♣ over it; then the 2♥, dealt on line 1 of the right group, goes
    up on its line's ace, and the 3♣, still outermost, follows it; the 4♣,
    released but in an inner column, waits."""
    fillers = ["9c", "9d", "9h"]
    rules, pos = _arranged(KINGS, None, ["4c", *fillers, "Kd", "Kh", "Ks", "Kc",
                                         "3c", *fillers, "2h", "Qd", "Qh", "Qs", "Qc"],
                           ["Ad", "Ad", "Ac", "Ac", "Ah", "Ah", "As", "As"])
    home = pile_text(rules, pos, 9)
    assert home.startswith("Ad 2h 3c") and not home.startswith("Ad 2h 3c 4c"), home
    assert pos.piles[pile_index(rules, 1)][0].code == "4c"


def new_pack_of(layout):
    from patience_cli.cards import new_pack
    return list(new_pack(layout.pack_kind, layout.pack_count))


def test_kings_after_the_deal_outer_cards_play_anywhere_regardless_of_suit():
    rules, pos = position(KINGS, {9: "Ad", 11: "Ac 2h", 1: "Kc 2s", 5: "9h 3d", 6: "9c",
                                  7: "8d", 2: "Qh Jh"})
    assert refusal(rules, pos, 1, 9) is None                  # the 2♠ on the A♦, any line
    assert refusal(rules, pos, 5, 11) is None                 # the 3♦ on the 2♥
    assert refusal(rules, pos, 5, 1) is None                  # 3♦ on 2♠: up, any suit
    assert refusal(rules, pos, 7, 6) is None                  # 8♦ on 9♣: down, any suit
    assert refusal(rules, pos, 6, 2) is not None              # 9♣ on J♥: not next
    king = move_between(rules, 1, 9)._replace(card=pos.piles[pile_index(rules, 1)][0])
    assert not rules.is_legal(pos, king)                      # the K♣ is inside the 2♠


def test_kings_a_cleared_line_takes_any_free_card():
    rules, pos = position(KINGS, {3: "", 5: "9h 3d", 9: "Ad", 1: "2c"})
    assert refusal(rules, pos, 5, 3) is None
    assert refusal(rules, pos, 1, 3) is None


# ---------------------------------------------------------------- the Nation
NATION = "nation"


def _arranged(game_id, variant, first, withdrawn):
    from patience_cli.cards import parse_card
    from patience_cli.games import load

    layout, rules = load(game_id, variant)
    put = [parse_card(c) for c in withdrawn + first]
    rest = new_pack_of(layout)
    for c in put:
        rest.remove(c)
    return rules, rules.deal(put + rest)


NATION_OUT = ["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc"]


def test_nation_counts_eight_and_a_card_gone_up_leaves_its_number_empty():
    rules, pos = _arranged(NATION, None, ["9c", "2s", "Jd", "5h", "Qs", "4c", "8d", "7h", "Jc"],
                           NATION_OUT)
    assert pile_text(rules, pos, 13).startswith("As 2s")
    assert pile_text(rules, pos, 17).startswith("Ks Qs")
    assert pile_text(rules, pos, 1) == "9c Jd 5h 4c 8d 7h"     # six cards: two went up
    assert pos.piles[pile_index(rules, 2)][0].code == "Jc"     # the second column begins


def test_nation_a_card_once_in_a_column_stays_during_the_deal_unless_hoffmann():
    first = ["3s", "2s", "9c", "9d", "9h", "10c", "10d", "10h", "Jc"]
    rules, pos = _arranged(NATION, None, first, NATION_OUT)
    assert pos.piles[pile_index(rules, 1)][0].code == "3s"      # laid above the 2♠: it stays
    rules, pos = _arranged(NATION, "nationale", first, NATION_OUT)
    assert not pile_text(rules, pos, 1).startswith("3s")       # Hoffmann: freed, it goes up


def test_nation_lowest_cards_marry_up_or_down_in_suit_and_a_cleared_column_takes_one():
    rules, pos = position(NATION, {1: "Kc 8h", 2: "9h", 3: "7h", 4: "9s", 5: "",
                                   13: "As", 17: "Ks"})
    assert refusal(rules, pos, 1, 2) is None                  # 8♥ on 9♥
    assert refusal(rules, pos, 1, 3) is None                  # 8♥ on 7♥
    assert refusal(rules, pos, 1, 4) is not None              # 8♥ on 9♠
    assert refusal(rules, pos, 1, 5) is None                  # any one card to a cleared column
    two = Move("move", pile_index(rules, 2), pile_index(rules, 5), 2)
    rules, pos = position(NATION, {1: "Kc", 2: "9h 8h", 5: "", 13: "As", 17: "Ks"})
    assert not rules.is_legal(pos, two)                       # Cadogan: one at a time
    rules, pos = position(NATION, {1: "Kc", 2: "9h 8h", 3: "10h", 5: "", 13: "As", 17: "Ks"},
                          variant="nationale")
    assert rules.is_legal(pos, two)                           # Hoffmann: into a vacancy
    onto = Move("move", pile_index(rules, 2), pile_index(rules, 3), 2)
    assert "vacant" in rules.move_reason(pos, onto)            # but not onto a card


def test_nation_is_taken_up_last_column_first_and_dealt_again_twice():
    rules, pos = position(NATION, {1: "9c 8d", 2: "6h", 3: "5s 5d", 13: "Ah", 14: "As",
                                   15: "Ac", 16: "Ad", 17: "Kh", 18: "Ks", 19: "Kc", 20: "Kd"})
    after = rules.apply(pos, DEAL)
    assert pile_text(rules, after, 1) == "5s 5d 6h 9c 8d"       # the last column comes first
    assert rules.deal_reason(rules.apply(after, DEAL)) is not None
    rules, pos = position(NATION, {1: "9c"}, variant="nationale")
    assert rules.deal_reason(pos) is not None                   # Hoffmann: no new deal


# ---------------------------------------------------------------- the Four Corners
CORNERS = "four-corners"


def test_corners_deal_round_and_round_with_aces_and_kings_to_their_places():
    game = Game.new(CORNERS, seed=2)
    rules, pos = game.rules, game.position
    total = sum(len(p) for p in pos.piles)
    assert total == 104
    aces = [pos.piles[pile_index(rules, n)] for n in range(13, 17)]
    kings = [pos.piles[pile_index(rules, n)] for n in range(17, 21)]
    assert all(a and a[0].rank == 1 for a in aces) and len({a[0].suit for a in aces}) == 4
    assert all(k and k[0].rank == 13 for k in kings) and len({k[0].suit for k in kings}) == 4


def test_corners_a_side_card_goes_up_only_to_the_foundation_beside_it():
    """A deck arranged by hand: the A♠ falls on corner 1 and takes the first
    ace place, the 9♣ taking its place; the 2♠ falls on side packet 2, beside
    that place, and goes up, the J♦ taking its place; the 3♠ falls on side
    packet 3, beside another place, and stays; the K♥ on packet 4 takes the
    first king place."""
    rules, pos = _arranged(CORNERS, None, ["As", "9c", "2s", "Jd", "3s", "Kh", "4d"], [])
    assert pile_text(rules, pos, 13).startswith("As 2s")
    assert [pos.piles[pile_index(rules, n)][0].code for n in (1, 2, 3, 4)] == \
        ["9c", "Jd", "3s", "4d"]                               # 3♠: not beside the spades
    assert pile_text(rules, pos, 17).startswith("Kh")


def test_corners_after_the_deal_tops_go_anywhere_and_marry_up_or_down_in_suit():
    rules, pos = position(CORNERS, {2: "Kc 7h", 3: "8h", 4: "6h", 5: "8s", 9: "2d",
                                    15: "Ad", 16: "As", 13: "Ac", 14: "Ah"})
    assert refusal(rules, pos, 9, 15) is None                 # side packet 9 to a far ace
    assert refusal(rules, pos, 2, 3) is None                  # 7♥ on 8♥
    assert refusal(rules, pos, 2, 4) is None                  # 7♥ on 6♥
    assert refusal(rules, pos, 2, 5) is not None              # 7♥ on 8♠
    rules, pos = position(CORNERS, {2: "", 3: "8h", 15: "Ad"})
    assert refusal(rules, pos, 3, 2) is not None              # an emptied packet stays empty


@pytest.mark.parametrize("game_id", ["four-corners", "capricieuse"])
def test_taken_up_from_the_left_and_dealt_again_twice(game_id):
    """The Four Corners' packets and La Capricieuse's columns are gathered in
    order from the left and dealt again as at first, three deals in all (both
    games number the aces 13-16 and the kings 17-20)."""
    rules, pos = position(game_id, {1: "9c 8d", 2: "6h", 13: "Ah", 14: "As", 15: "Ac",
                                    16: "Ad", 17: "Kh", 18: "Ks", 19: "Kc", 20: "Kd"})
    after = rules.apply(pos, DEAL)
    assert [pile_text(rules, after, n) for n in (1, 2, 3)] == ["9c", "8d", "6h"]
    assert rules.deal_reason(rules.apply(after, DEAL)) is not None


# ---------------------------------------------------------------- La Capricieuse
CAPRICE = "capricieuse"


def test_capricieuse_rows_of_twelve_with_cards_going_up_only_as_dealt():
    """The first row: the 2♠ goes up on the A♠ as it turns, the 9♣ takes its
    place; the 3♠, laid in the row before the 2♠ came, stays; the Q♦ goes
    down on the K♦ and the J♥ takes its place."""
    rules, pos = _arranged(CAPRICE, None, ["3s", "2s", "9c", "Qd", "Jh"], NATION_OUT)
    assert pos.piles[pile_index(rules, 1)][0].code == "3s"     # laid: it stays
    assert pos.piles[pile_index(rules, 2)][0].code == "9c"     # in the 2♠'s place
    assert pos.piles[pile_index(rules, 3)][0].code == "Jh"     # in the Q♦'s place
    assert pile_text(rules, pos, 13).startswith("As 2s")
    assert pile_text(rules, pos, 19).startswith("Kd Qd")
    sizes = [len(pos.piles[pile_index(rules, n)]) for n in range(1, 13)]
    assert max(sizes) - min(sizes) <= 1                        # rows of twelve


def test_capricieuse_bottom_cards_play_and_marry_up_or_down_in_suit():
    rules, pos = position(CAPRICE, {1: "Kc 8h", 2: "9h", 3: "7h", 4: "9s", 5: "",
                                    13: "As", 14: "Ah", 17: "Ks", 18: "Kh"})
    assert refusal(rules, pos, 1, 2) is None                  # 8♥ on 9♥
    assert refusal(rules, pos, 1, 3) is None                  # 8♥ on 7♥
    assert refusal(rules, pos, 1, 4) is not None              # 8♥ on 9♠
    assert refusal(rules, pos, 1, 5) is not None              # a cleared column stays empty
    king = move_between(rules, 1, 17)._replace(card=pos.piles[0][0])
    assert not rules.is_legal(pos, king)                       # the K♣ is covered


# ---------------------------------------------------------------- the Fifteen
FIFTEEN = "fifteen"


def test_fifteen_deals_seven_rows_of_fifteen_the_last_of_fourteen():
    game = Game.new(FIFTEEN, seed=2)
    sizes = [len(game.position.piles[pile_index(game.rules, n)]) for n in range(1, 16)]
    assert sizes == [7] * 14 + [6]
    assert all(not game.position.piles[pile_index(game.rules, n)] for n in range(16, 24))


def test_fifteen_lowest_cards_marry_up_or_down_and_aces_kings_of_four_suits():
    rules, pos = position(FIFTEEN, {1: "Kc 8h", 2: "9h", 3: "7h", 4: "9s", 5: "Ah", 6: "Ah",
                                    7: "", 8: "Kd"})
    assert refusal(rules, pos, 1, 2) is None                  # 8♥ on 9♥
    assert refusal(rules, pos, 1, 3) is None                  # 8♥ on 7♥
    assert refusal(rules, pos, 1, 4) is not None              # 8♥ on 9♠
    assert refusal(rules, pos, 1, 7) is None                  # a lane takes any free card
    assert refusal(rules, pos, 5, 16) is None
    pos = rules.apply(pos, move_between(rules, 5, 16))
    assert "already holds the hearts" in refusal(rules, pos, 6, 17)
    assert refusal(rules, pos, 8, 20) is None


def test_fifteen_an_ace_and_a_king_of_the_sixth_row_when_the_game_cannot_begin():
    col = "2c 3c 4c 5c 6c {} 9d"
    rules, pos = position(FIFTEEN, {1: col.format("Ad"), 2: col.format("Ks"),
                                    3: col.format("As"), 4: "7h 8h"})
    draws = [m for m in rules.legal_moves(pos) if m.card is not None]
    assert {m.card.code for m in draws} == {"Ad", "Ks", "As"}     # from the sixth row only
    pos = rules.apply(pos, [m for m in draws if m.card.code == "Ad"][0])
    assert pile_text(rules, pos, 1) == "2c 3c 4c 5c 6c 9d"        # the card below closes up
    # begun now: no more draws, not even the king's
    assert not [m for m in rules.legal_moves(pos) if m.card is not None]
    rules, pos = position(FIFTEEN, {1: col.format("Ad"), 2: "Kh"})
    assert not [m for m in rules.legal_moves(pos) if m.card is not None]  # a king is free
    rules, pos = position(FIFTEEN, {1: "2c 3c 4c 5c 6c 9d Ad 7s"})
    assert not [m for m in rules.legal_moves(pos) if m.card is not None]  # not the sixth


def test_an_empty_kings_place_is_listed_beside_an_empty_aces_place():
    """Empty places of one group are alike and listed once; an empty place
    for a king is not like an empty place for an ace."""
    rules, pos = position(FIFTEEN, {1: "9d Ah", 2: "Kh"})
    listed = {(m.src, m.dst) for m in rules.legal_moves(pos)}
    assert (pile_index(rules, 2), pile_index(rules, 20)) in listed
    assert (pile_index(rules, 1), pile_index(rules, 16)) in listed
    assert (pile_index(rules, 1), pile_index(rules, 17)) not in listed   # alike: listed once


def test_a_card_drawn_by_grace_in_two_packs_is_named_with_its_pile(run):
    """Both aces of spades lie in the sixth row: the command names the pile,
    'patience move 3:As 16', and a bare 'move As 16' asks which."""
    col = "2c 3c 4c 5c 6c {} 9d"
    rules, pos = position(FIFTEEN, {1: col.format("As"), 3: col.format("As"), 5: "7h 8h"})
    draws = [m for m in rules.legal_moves(pos) if m.card is not None]
    assert sorted(rules.command(pos, m) for m in draws) == ["move 1:As 16", "move 3:As 16"]
    game = Game.new(FIFTEEN, seed=2)
    game.position = pos
    assert game.parse_move(["3:As", "16"]) == Move("move", pile_index(rules, 3),
                                                   pile_index(rules, 16), 1, draws[0].card)
    from patience_cli.engine import AmbiguousMoveError

    with pytest.raises(AmbiguousMoveError, match="3:As|1:As"):
        game.parse_move(["As", "16"])


# ---------------------------------------------------------------- Spenser's Fairie Queen
FAIRIE = "fairie-queen"
FQ_STOCK = 17


def test_fairie_queen_deals_onto_the_latest_king_and_aces_to_their_places():
    # the pack, top card last: 5♣, then the K♥ and K♠ together, then the 9♦ and an ace
    rules, pos = position(FAIRIE, {1: "Kc", FQ_STOCK: "Ah 9d Ks Kh 5c"}, down={FQ_STOCK: 5})
    for _ in range(5):
        pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 1) == "Kc 5c"
    assert pile_text(rules, pos, 2) == "Kh"                    # kings in succession: alone
    assert pile_text(rules, pos, 3) == "Ks 9d"                 # the last king takes the cards
    assert pile_text(rules, pos, 9) == "Ah"


def test_fairie_queen_only_foundation_plays_while_the_pack_is_dealt():
    rules, pos = position(FAIRIE, {1: "Kc 2h", 2: "Kh 3s", 3: "Ks", 9: "Ah",
                                   FQ_STOCK: "7c"}, down={FQ_STOCK: 1})
    assert refusal(rules, pos, 1, 9) is None                  # up: yes
    assert "only to the foundations" in refusal(rules, pos, 2, 3)
    rules, pos = position(FAIRIE, {1: "Kc 2h", 2: "Kh 3s", 3: "Ks", 4: "Kd 4c", 9: "Ah"})
    assert refusal(rules, pos, 2, 3) is None                  # after: any card on a lone king
    assert refusal(rules, pos, 1, 2) is None                  # 2♥ below 3♠: down, any suit
    assert refusal(rules, pos, 2, 4) is None                  # 3♠ below 4♣
    assert refusal(rules, pos, 4, 2) is not None              # 4♣ below 3♠: not down


def test_fairie_queen_is_won_with_the_kings_alone_remaining():
    full = " ".join(f"{r}{s}" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                        "J", "Q"] for s in "h")
    piles = {8 + i: full.replace("h", s) for i, s in enumerate("hhssddcc", start=1)}
    rules, pos = position(FAIRIE, {1: "Kc", 2: "Kh", **piles})
    assert rules.status(pos)[0] is Status.WON


# ---------------------------------------------------------------- the Salic Law
SALIC = "salic-law"
SL_STOCK = 25


def test_salic_law_heaps_every_card_on_the_latest_king():
    # the pack, top card last: a queen, an ace, a two, a king, a five
    rules, pos = position(SALIC, {1: "Kc", SL_STOCK: "5d Kh 2s Ah Qd"},
                          down={SL_STOCK: 5})
    for _ in range(5):
        pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 17) == "Qd"                   # the queen, for show
    assert pile_text(rules, pos, 9) == "Ah 2s"                 # up at once, any suit
    assert pile_text(rules, pos, 2) == "Kh 5d"                 # the latest king takes it


def test_salic_law_a_bare_king_takes_one_card_after_the_deal_only():
    rules, pos = position(SALIC, {1: "Kc 7d", 2: "Kh", 9: "Ah", SL_STOCK: "4c"},
                          down={SL_STOCK: 1})
    assert refusal(rules, pos, 1, 2) is not None               # while the pack lasts: no
    rules, pos = position(SALIC, {1: "Kc 7d 9s", 2: "Kh", 3: "Ks 2c", 9: "Ah"})
    assert refusal(rules, pos, 1, 2) is None                   # after the deal: one card
    pos = rules.apply(pos, move_between(rules, 1, 2))
    assert refusal(rules, pos, 1, 2) is not None               # and no more
    rules, pos = position(SALIC, {1: "Kc 7d", 2: "Kh", 9: "Ah", SL_STOCK: "4c"},
                          down={SL_STOCK: 1}, variant="picture-gallery",
                          covered=(pile_index(rules, 2),))
    assert refusal(rules, pos, 1, 2) is None                   # Hoffmann: whenever cleared


def test_salic_law_the_eight_kings_stay_below():
    """"One card from any of the other packets ... on each king", and the
    finished tableau has "the eight kings below": a bare king never moves."""
    rules, pos = position(SALIC, {1: "Kc 7d", 2: "Kh", 3: "Ks", 4: "Kd 2s", 9: "Ah"})
    assert not rules.is_legal(pos, move_between(rules, 2, 3))
    assert "no card of King packet 2 is available" in refusal(rules, pos, 2, 3)
    assert all(m.src != pile_index(rules, 2) for m in rules.legal_moves(pos))
    assert refusal(rules, pos, 1, 3) is None                   # a packet's card: yes


def test_picture_gallery_a_bare_king_takes_a_card_only_once_its_packet_is_cleared():
    """"If you are able to clear away the whole of a packet, leaving the king
    alone, you are entitled to lay upon such king the uppermost card of either
    of the other heaps": a king dealt and never covered takes nothing."""
    rules, pos = position(SALIC, {1: "Kc 7d", 2: "Kh", 3: "Ks 2c", 4: "Kd 3s", 9: "Ah"},
                          variant="picture-gallery")
    assert not rules.is_legal(pos, move_between(rules, 1, 2))   # never cleared
    assert "only once it has been cleared down to its king" in refusal(rules, pos, 1, 2)
    pos = rules.settle(pos)                                     # packet 3 holds its 2
    pos = rules.apply(pos, move_between(rules, 3, 9))           # the 2♣ up: 3 cleared
    assert pile_text(rules, pos, 3) == "Ks"
    assert refusal(rules, pos, 1, 3) is None
    after = rules.apply(pos, move_between(rules, 1, 3))
    assert pile_text(rules, after, 3) == "Ks 7d"
    assert refusal(rules, after, 1, 2) is not None              # packet 2 still never cleared


def test_salic_law_is_won_with_the_kings_bare_and_the_queens_above():
    full = " ".join(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J"])
    piles = {9 + i: " ".join(r + "h" for r in full.split()) for i in range(8)}
    rules, pos = position(SALIC, {1: "Kc", 2: "Kh", 17: "Qh", **piles})
    assert rules.status(pos)[0] is Status.WON


# ---------------------------------------------------------------- sheet claims on dealing
SPADES_UP = ["2s", "3s", "4s", "5s", "6s"]
SPADES_DOWN = ["Qs", "Js", "10s", "9s", "8s"]


def test_nation_a_card_both_series_take_in_the_deal_goes_to_the_aces():
    """Ace series at 6♠, king series at 8♠: the 7♠ dealt goes to the ace's."""
    first = SPADES_UP + SPADES_DOWN[:3] + SPADES_DOWN[3:] + ["7s"]
    rules, pos = _arranged(NATION, None, first, NATION_OUT)
    assert pile_text(rules, pos, 13).startswith("As 2s 3s 4s 5s 6s 7s")
    assert pile_text(rules, pos, 17).startswith("Ks Qs Js 10s 9s 8s")


def test_four_corners_a_card_both_series_take_in_the_deal_goes_to_the_aces():
    """All dealt to corner packet 1, each card going up and the next taking
    its place: the spades climb from the ace and fall from the king until the
    7♠ would fit both; it goes to the ace's."""
    first = ["As", "Ks"] + [c for pair in zip(SPADES_UP, SPADES_DOWN) for c in pair] + ["7s"]
    rules, pos = _arranged(CORNERS, None, first, [])
    assert pile_text(rules, pos, 13).startswith("As 2s 3s 4s 5s 6s 7s")
    assert pile_text(rules, pos, 17).startswith("Ks Qs Js 10s 9s 8s")


def test_picture_gallery_begins_with_the_king_of_hearts():
    assert pile_text(*_first(SALIC, "picture-gallery"), 1) == "Kh"
    assert pile_text(*_first(SALIC, None), 1).startswith("K")


def _first(game_id, variant):
    game = Game.new(game_id, variant, seed=5)
    return game.rules, game.position


def test_indefatigable_a_card_laid_on_another_packet_is_not_placed():
    rules, pos = position(INDEF, {1: "9c 8c", 2: "7c", 3: "Kd", I_FOUND: "As"}, home_at=1)
    pos = rules.apply(pos, move_between(rules, 2, 1))          # packed, not put up
    assert rules.apply(pos, DEAL).get("stalls") == 1           # the deal placed nothing


def test_a_refusal_that_names_a_move_is_told_with_its_command():
    """The engine names the move that would do instead (it speaks no command
    line); the command line says the command: 'patience move 1 2 3'."""
    from patience_cli.commands.app import error_text
    from patience_cli.engine import IllegalMoveError
    from patience_cli.game import Game

    rules, pos = position(KLONDIKE, {1: "Kc 9s 8h 7c", 2: "10h", 3: "6d",
                                     K_FOUND: "Ac 2c 3c 4c 5c 6c", K_STOCK: "2d"},
                          down={1: 1, K_STOCK: 1})
    game = Game.new(KLONDIKE, seed=1)
    game.position = pos
    with pytest.raises(IllegalMoveError) as caught:
        game.check(Move("move", pile_index(rules, 1), pile_index(rules, 2)))
    assert caught.value.instead == "move 1 2 3"
    assert "patience" not in str(caught.value)
    assert error_text(caught.value).endswith("move together or not at all (rule 4) (patience move 1 2 3)")


def test_salic_law_a_king_whose_card_has_gone_up_takes_another():
    """The rule text's reading of "one card ... on each king": a king whose
    card went up is bare again, and may take another."""
    rules, pos = position(SALIC, {1: "Kc 7d", 2: "Kh 2s", 3: "Ks 4c 3d", 9: "Ah"})
    assert refusal(rules, pos, 1, 2) is not None               # holding its card: no
    pos = rules.apply(pos, move_between(rules, 2, 9))          # its 2♠ goes up
    assert pile_text(rules, pos, 2) == "Kh"
    assert refusal(rules, pos, 1, 2) is None                   # bare again: one more


@pytest.mark.parametrize("game_id", ["four-corners", "nation", "louis", "capricieuse",
                                     "crescent"])
def test_a_new_deal_may_be_taken_while_other_moves_are_open(game_id):
    """The rule texts' reading: the books offer the new deal when play is
    stuck; here it may be taken at any time, other moves open or not."""
    for seed in range(1, 30):
        game = Game.new(game_id, seed=seed)
        legal = game.legal_moves()
        if any(m.kind == "move" for m in legal):
            assert DEAL in legal and game.rules.is_legal(game.position, DEAL)
            return
    pytest.fail(f"{game_id}: no deal with a card move open at the start")
