"""Games of the whole pack laid out in fans, rows or packets, their top or
lowest cards free: la Belle Lucie (Cadogan no. 1) with Hoffmann's Trefoil (no.
27) and the two-pack forms, Napoleon at St. Helena, Lucas, Fortress,
Napoleon's Square, the Indefatigable, Canfield or Klondike.  Each rule and
each sentence that allows or forbids something, shown allowed and forbidden
on hand-made positions."""

from collections import Counter

import pytest
from conftest import filled, move_between, pile_index, pile_text, position, refusal

from patience_cli.engine import DEAL, Move, Status
from patience_cli.game import Game

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
    words = rules.words.describe(pos, listed[0])
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
    """"If you have more than once dealt through the stock without placing a
    single card, the game is lost, for you cannot possibly succeed": the
    deal that ends the second barren deal in a row loses the game, then and
    for good (no later move opens it again; undo is the way back)."""
    rules, pos = position(INDEF, {1: "9c 8c", 2: "Qh", 3: "2s Jh", I_FOUND: "As"},
                          home_at=1)
    for move in (move_between(rules, 3, 2), move_between(rules, 3, I_FOUND)):
        assert rules.is_legal(pos, move)                        # the J♥ on the Q♥, the 2♠ up:
        pos = rules.apply(pos, move)                            # this deal placed a card
    pos = rules.apply(pos, DEAL)                                # ... so the deal starts afresh
    assert pos.get("stalls") == 0 and rules.status(pos)[0] is Status.PLAYING
    rules, pos = position(INDEF, {1: "9c 8c", 2: "Qh", 3: "2s Jh", I_FOUND: "As"},
                          home_at=1, stalls=1)
    assert "one more deal without one loses" in " ".join(rules.standing.tallies(pos))
    lost = rules.apply(pos, DEAL)                               # a second barren deal
    status, why = rules.status(lost)
    assert status is Status.LOST and "2 deals in a row put no card on a foundation" in why
    assert list(rules.legal_moves(lost)) == []                  # lost is lost
    assert rules.is_legal(pos, move_between(rules, 3, 2))       # (before that deal, open)
    assert not rules.is_legal(lost, move_between(rules, 3, 2))
    pos = rules.apply(pos, move_between(rules, 3, 2))
    pos = rules.apply(pos, move_between(rules, 3, I_FOUND))     # a card placed in time
    after = rules.apply(pos, DEAL)
    assert after.get("stalls") == 0 and rules.status(after)[0] is Status.PLAYING


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
    assert rules.advice.safe_foundation_move(pos, [six_up]) is None


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
    assert rules.standing.counters(pos) == 2 * 5 - 52
    assert rules.standing.counters(rules.apply(pos, move_between(rules, 1, K_FOUND))) == 15 - 52
    run("new", KLONDIKE, "--seed", "4")
    assert "counters -52" in run("show").out
    import json
    assert json.loads(run("show", "--json").out)["counters"] == -52
    assert json.loads(run("new", "fours", "--seed", "1", "--force", "--json").out)["counters"] \
        is None


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


def test_lucas_the_waste_top_marries_onto_a_column():
    """Hoffmann's footnote: "the uppermost card for the time of the waste-heap
    ... is available for any use that can be made of it": it goes on a
    column's lowest card one higher in suit (a choice stated on the sheet)."""
    rules, pos = position(LUCAS, {1: "Kc 8d", L_WASTE: "9s 7d", L_STOCK: "Qd"},
                          down={L_STOCK: 1})
    assert refusal(rules, pos, L_WASTE, 1) is None


def test_napoleons_the_talons_top_card_goes_on_the_tableau_at_any_time():
    """Napoleon at St. Helena: the cards turned are played on the foundations
    "or [placed] on the sequences of the tableau"; the talon's top card keeps
    that use for as long as it lies on top, not only when just turned (a
    choice stated on both sheets; Napoleon's Square too)."""
    rules, pos = position(NAPOLEON, {1: "Kc 8d", 2: "Qs", N_TALON: "2s 7d", N_STOCK: "Qd"},
                          down={N_STOCK: 1})
    assert refusal(rules, pos, N_TALON, 1) is None                # the 7♦ on the 8♦
    rules, pos = filled(SQUARE, {1: "Kc 8d", S_TALON: "2s 7d", S_STOCK: "Qd"}, PACKETS,
                        down={S_STOCK: 1})
    assert refusal(rules, pos, S_TALON, 1) is None


def test_house_on_the_hill_the_four_aces_are_of_different_suits_too():
    """"Four aces, and four kings of different suits": read as both: a second
    ace of hearts begins no foundation (a choice stated on the sheet)."""
    rules, pos = position(LUCIE, {1: "9c Ah", 2: "9d Ah", 37: "Ah"}, variant="house-on-the-hill")
    assert "different suits" in refusal(rules, pos, 1, 38)


def test_trefoil_harder_form_the_aces_stay_in_the_pack_and_go_up_as_they_come_free():
    """"You may make this Patience somewhat more difficult by not removing the
    foundation cards ... beforehand, but only laying them out in the course of
    the game, as an ace chances to be the uppermost card of one of the
    fan-shaped heaps, or ... is released"."""
    for seed in (1, 2, 3):
        game = Game.new(LUCIE, "trefoil-aces-in-pack", seed=seed)
        rules, pos = game.rules, game.position
        fans = [pos.piles[pile_index(rules, n)] for n in range(1, 19)]
        assert sum(len(f) for f in fans) + sum(len(pos.piles[pile_index(rules, n)])
                                               for n in range(19, 23)) == 52
        assert not any(f and f[-1].rank == 1 for f in fans), seed    # laid out at once
    rules, pos = position(LUCIE, {1: "9c 6h", 2: "Ah 5h", 3: "Kc"},
                          variant="trefoil-aces-in-pack")
    freed = rules.apply(pos, move_between(rules, 2, 1))               # the 5♥ on the 6♥
    assert pile_text(rules, freed, 2) == "" and pile_text(rules, freed, 19) == "Ah"
