"""The games of a free row refilled at once from the talon, else the pack, and
foundations withdrawn before the deal: Two Rings (Cadogan no. 38), the Sultan
(Cadogan no. 12 = Hoffmann no. 42), the Kingdom (Hoffmann no. 37) and Mount
Olympus (Cadogan no. 36).  Each rule and each sentence that allows or forbids
something, shown allowed and forbidden on hand-made positions."""

import pytest
from conftest import filled, move_between, pile_index, pile_text, position, refusal

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

# ---------------------------------------------------------------- Two Rings
RINGS = "two-rings"
SEVEN, SIX, R_PACK, R_TALON = 9, 17, 25, 26


def test_two_rings_deal_withdraws_sevens_and_sixes_and_a_bracelet_of_eight():
    game = Game.new(RINGS, seed=4)
    pos, rules = game.position, game.rules
    assert {pile_text(rules, pos, n)[0] for n in range(9, 17)} == {"7"}
    assert {pile_text(rules, pos, n)[0] for n in range(17, 25)} == {"6"}
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in range(1, 9))
    assert len(pos.piles[pile_index(rules, R_PACK)]) == 104 - 24


def test_two_rings_sevens_ascend_to_kings_and_sixes_descend_to_aces_in_suit():
    rules, pos = filled(RINGS, {SEVEN: "7h", SIX: "6h", 1: "8h", 2: "5h", 3: "8s", 4: "6h"},
                        range(1, 9))
    assert refusal(rules, pos, 1, SEVEN) is None
    assert refusal(rules, pos, 2, SIX) is None
    assert "follows suit" in refusal(rules, pos, 3, SEVEN)
    assert refusal(rules, pos, 2, SEVEN) is not None      # 5 on a seven: no
    assert refusal(rules, pos, 1, SIX) is not None        # 8 on a six: no
    rules, pos = position(RINGS, {SEVEN: "7h 8h 9h 10h Jh Qh Kh", SIX: "6h 5h 4h 3h 2h Ah"})
    ace, king = pos.piles[pile_index(rules, SIX)][-1], pos.piles[pile_index(rules, SEVEN)][-1]
    assert "complete" in rules.building.build_reason(pos, ace, pile_index(rules, SIX))
    assert "complete" in rules.building.build_reason(pos, king, pile_index(rules, SEVEN))


def test_two_rings_nothing_is_placed_on_the_bracelet():
    rules, pos = filled(RINGS, {1: "9h", 2: "8s", R_TALON: "8c"}, range(1, 9))
    assert refusal(rules, pos, 2, 1) is not None
    assert refusal(rules, pos, R_TALON, 1) is not None


def test_two_rings_a_vacancy_takes_the_talon_card_first_then_the_pack():
    rules, pos = filled(RINGS, {SEVEN: "7h", 1: "8h", R_TALON: "Qc", R_PACK: "2d 3d"},
                        range(1, 9), down={R_PACK: 2})
    pos = rules.apply(pos, move_between(rules, 1, SEVEN))
    assert pile_text(rules, pos, 1) == "Qc" and pile_text(rules, pos, R_TALON) == ""
    rules, pos = filled(RINGS, {SEVEN: "7h", 1: "8h", R_PACK: "2d 3d"}, range(1, 9),
                        down={R_PACK: 2})
    pos = rules.apply(pos, move_between(rules, 1, SEVEN))
    assert pile_text(rules, pos, 1) == "3d" and pos.down[pile_index(rules, 1)] == 0


def test_two_rings_one_redeal_unshuffled():
    rules, pos = filled(RINGS, {R_TALON: "5s 3h 4d"}, range(1, 9))
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, R_PACK) == "4d 3h 5s"
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, R_TALON) == "5s"
    for _ in range(2):
        pos = rules.apply(pos, DEAL)
    assert "redeal is used" in rules.deal_reason(pos)


# ---------------------------------------------------------------- the Sultan
SULTAN = "sultan"
S_KING, S_ACE, S_SULTAN, S_PACK, S_TALON = 9, 10, 17, 18, 19


def test_sultan_deal_lays_the_kings_and_ace_as_hoffmann_arranges_them():
    game = Game.new(SULTAN, seed=2)
    pos, rules = game.position, game.rules
    assert [pile_text(rules, pos, n) for n in range(9, 17)] == \
        ["Kc", "Ah", "Kc", "Kd", "Kd", "Ks", "Kh", "Ks"]
    assert pile_text(rules, pos, S_SULTAN) == "Kh"
    assert len(pos.piles[pile_index(rules, S_PACK)]) == 104 - 17


def test_sultan_kings_take_ace_to_queen_and_the_ace_of_hearts_two_to_queen():
    rules, pos = filled(SULTAN, {S_KING: "Kc", S_ACE: "Ah", 1: "Ac", 2: "2h", 3: "2c", 4: "Ad"},
                        range(1, 9))
    assert refusal(rules, pos, 1, S_KING) is None          # A♣ on K♣
    assert refusal(rules, pos, 2, S_ACE) is None           # 2♥ on A♥
    assert refusal(rules, pos, 3, S_KING) is not None      # 2♣ on K♣ skips the ace
    assert "follows suit" in refusal(rules, pos, 4, S_KING)
    rules, pos = filled(SULTAN, {S_KING: "Kc Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc"}, range(1, 9))
    king = pos.piles[pile_index(rules, 1)][-1]
    assert "complete" in rules.building.build_reason(pos, king, pile_index(rules, S_KING))  # queen ends it


def test_sultan_the_sultan_takes_no_part():
    rules, pos = filled(SULTAN, {S_SULTAN: "Kh", 1: "Ah"}, range(1, 9))
    assert refusal(rules, pos, 1, S_SULTAN) is not None
    assert refusal(rules, pos, S_SULTAN, 1) is not None


def test_sultan_divan_refilled_from_the_talon_or_when_there_is_none_the_pack():
    rules, pos = filled(SULTAN, {S_KING: "Kc", 1: "Ac", S_TALON: "9d", S_PACK: "5s"},
                        range(1, 9), down={S_PACK: 1})
    pos = rules.apply(pos, move_between(rules, 1, S_KING))
    assert pile_text(rules, pos, 1) == "9d"
    rules, pos = filled(SULTAN, {S_KING: "Kc", 1: "Ac", S_PACK: "5s"}, range(1, 9),
                        down={S_PACK: 1})
    pos = rules.apply(pos, move_between(rules, 1, S_KING))
    assert pile_text(rules, pos, 1) == "5s"
    assert refusal(rules, pos, 2, 1) is not None            # nothing placed on the Divan


def test_hoffmann_sultan_divan_refilled_from_the_stock_never_the_talon():
    """Hoffmann: "his place is at once filled from the stock", the pack not
    yet turned; while it is out the place waits for the redeal."""
    rules, pos = filled(SULTAN, {S_KING: "Kc", 1: "Ac", S_TALON: "9d", S_PACK: "5s"},
                        range(1, 9), down={S_PACK: 1}, variant="hoffmann")
    pos = rules.apply(pos, move_between(rules, 1, S_KING))
    assert pile_text(rules, pos, 1) == "5s" and pile_text(rules, pos, S_TALON) == "9d"
    rules, pos = filled(SULTAN, {S_KING: "Kc", 1: "Ac", S_TALON: "9d 7h"}, range(1, 9),
                        variant="hoffmann")
    pos = rules.apply(pos, move_between(rules, 1, S_KING))
    assert pile_text(rules, pos, 1) == "" and pile_text(rules, pos, S_TALON) == "9d 7h"
    assert rules.status(pos)[0] is Status.PLAYING             # the place waits
    pos = rules.apply(pos, DEAL)                              # the redeal fills it
    assert pile_text(rules, pos, 1) == "9d" and pile_text(rules, pos, S_PACK) == "7h"


@pytest.mark.parametrize("variant, shuffled", [(None, True), ("hoffmann", False)])
def test_sultan_two_redeals_shuffled_by_cadogan_not_by_hoffmann(variant, shuffled):
    rules, pos = filled(SULTAN, {S_TALON: "5s 3h 4d 7c 8c 9c 10c"}, range(1, 9),
                        variant=variant)
    pos = rules.apply(pos, DEAL)
    assert (pile_text(rules, pos, S_PACK) != "10c 9c 8c 7c 4d 3h 5s") is shuffled
    for _ in range(7):
        pos = rules.apply(pos, DEAL)
    pos = rules.apply(pos, DEAL)                              # the second redeal
    assert pos.get("redeals") == 2
    for _ in range(7):
        pos = rules.apply(pos, DEAL)
    assert "2 redeals are used" in rules.deal_reason(pos)


# ---------------------------------------------------------------- the Kingdom
KINGDOM = "kingdom"
K_FIRST, K_STOCK, K_TALON = 9, 17, 18


def test_kingdom_one_ace_withdrawn_under_the_first_card():
    game = Game.new(KINGDOM, seed=6)
    pos, rules = game.position, game.rules
    assert pile_text(rules, pos, K_FIRST)[0] == "A"
    assert all(pile_text(rules, pos, n) == "" for n in range(10, 17))


def test_kingdom_foundations_go_up_regardless_of_suit_and_start_with_aces():
    rules, pos = filled(KINGDOM, {K_FIRST: "Ah", 1: "2s", 2: "3h", 3: "Ac", 4: "5d"},
                        range(1, 9))
    assert refusal(rules, pos, 1, K_FIRST) is None          # a two of spades on the A♥
    assert refusal(rules, pos, 2, K_FIRST) is not None      # a three skips the two
    assert refusal(rules, pos, 3, 10) is None               # another ace, as it comes
    assert "takes only an ace" in refusal(rules, pos, 4, 10)


def test_kingdom_row_refilled_from_the_waste_heap_and_no_second_deal():
    rules, pos = filled(KINGDOM, {K_FIRST: "Ah", 1: "2s", K_TALON: "9c 8d"}, range(1, 9))
    pos = rules.apply(pos, move_between(rules, 1, K_FIRST))
    assert pile_text(rules, pos, 1) == "8d" and pile_text(rules, pos, K_TALON) == "9c"
    assert "no redeal" in rules.deal_reason(pos)


# ---------------------------------------------------------------- Mount Olympus
OLYMPUS = "mount-olympus"
O_ACE, O_TWO, O_PACK, O_TALON = 10, 18, 26, 27


def test_olympus_foundations_go_up_by_twos_in_suit():
    rules, pos = filled(OLYMPUS, {O_ACE: "As", O_TWO: "2s", 1: "3s", 2: "4s", 3: "2s",
                                  4: "3h"}, range(1, 10))
    assert refusal(rules, pos, 1, O_ACE) is None            # A then 3
    assert refusal(rules, pos, 2, O_TWO) is None            # 2 then 4
    assert refusal(rules, pos, 3, O_ACE) is not None        # not the 2 on the ace
    assert "follows suit" in refusal(rules, pos, 4, O_ACE)
    rules, pos = filled(OLYMPUS, {O_ACE: "As 3s 5s 7s 9s Js", O_TWO: "2s 4s 6s 8s 10s Qs",
                                  1: "Ks"}, range(1, 10))
    assert refusal(rules, pos, 1, O_ACE) is None            # the aces end with kings
    assert refusal(rules, pos, 1, O_TWO) is not None        # the twos with queens


def test_olympus_battery_packs_down_by_twos_in_suit_top_card_only():
    rules, pos = filled(OLYMPUS, {1: "9h", 2: "7h", 3: "8h", 4: "7s", 5: "Qh", 6: "10h 3c",
                                  O_PACK: "4d"}, range(1, 10), down={O_PACK: 1})
    assert refusal(rules, pos, 2, 1) is None                # a seven on a nine
    assert "by 2s" in refusal(rules, pos, 3, 1)             # an eight on a nine: no
    assert refusal(rules, pos, 4, 1) is not None            # not of the suit
    assert refusal(rules, pos, 6, 5) is not None            # the 10♥ is covered
    pos = rules.apply(pos, move_between(rules, 2, 1))
    assert pile_text(rules, pos, 1) == "9h 7h"


def test_olympus_spaces_refilled_from_talon_then_pack_and_one_redeal():
    rules, pos = filled(OLYMPUS, {O_ACE: "As", 1: "3s", O_TALON: "Jd", O_PACK: "4c"},
                        range(1, 10), down={O_PACK: 1})
    pos = rules.apply(pos, move_between(rules, 1, O_ACE))
    assert pile_text(rules, pos, 1) == "Jd"
    rules, pos = filled(OLYMPUS, {O_TALON: "5s 3h"}, range(1, 10))
    pos = rules.apply(pos, DEAL)
    assert pos.get("redeals") == 1
    pos = rules.apply(pos, DEAL)
    pos = rules.apply(pos, DEAL)
    assert "redeal is used" in rules.deal_reason(pos)


@pytest.mark.parametrize("game_id", [RINGS, SULTAN, KINGDOM, OLYMPUS])
def test_won_when_every_card_is_home_and_lost_when_stuck(game_id):
    game = Game.new(game_id, seed=1)
    rules = game.rules
    found = [i for i in rules.foundations]
    piles = [()] * len(rules.specs)
    piles = list(piles)
    for i in found:
        piles[i] = game.position.piles[i][:1]
    from patience_cli.engine import Position
    won = Position(tuple(piles), (0,) * len(piles))
    assert rules.status(won)[0] is Status.WON
    stuck = filled(game_id, {s.number: pile_text(rules, won, s.number) for s in rules.specs
                             if s.index in found},
                   [s.number for s in rules.specs if s.role.value in ("reserve", "tableau")],
                   filler="Kc", redeals=9)[1]
    assert rules.status(stuck)[0] is Status.LOST


def test_kingdom_nothing_is_placed_on_the_row():
    rules, pos = filled(KINGDOM, {1: "9s", 2: "8h", K_TALON: "8d", K_STOCK: "2c"}, range(1, 9),
                        down={K_STOCK: 1})
    assert "cannot be returned" in refusal(rules, pos, 2, 1)
    assert "cannot be returned" in refusal(rules, pos, K_TALON, 1)
