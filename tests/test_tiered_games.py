"""The games whose cards climb through rows to reach the foundations: Light
and Shade (Cadogan no. 24 = Hoffmann no. 53) and the Constitution (Cadogan
no. 19).  Each rule and each sentence that allows or forbids something,
shown allowed and forbidden on hand-made positions."""

from conftest import filled, move_between, pile_index, pile_text, refusal

from patience_cli.engine import DEAL, Move, Status
from patience_cli.game import Game

# ---------------------------------------------------------------- Light and Shade
LS = "light-and-shade"
AUX, RIVAL, LS_F, LS_PACK, LS_TALON = 1, 5, 9, 17, 18
ROWS = range(1, 9)


def ls(piles, **kw):
    """A Light and Shade table with every row filled and a card left in the pack."""
    kw.setdefault("down", {LS_PACK: 1})
    return filled(LS, {LS_PACK: "3c", **piles}, ROWS, **kw)


def test_ls_deal_eight_aces_four_auxiliaries_four_rivals():
    game = Game.new(LS, seed=12)
    pos, rules = game.position, game.rules
    assert [pile_text(rules, pos, n) for n in range(9, 17)] == \
        ["As", "As", "Ac", "Ac", "Ah", "Ah", "Ad", "Ad"]
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in ROWS)


def test_ls_rule_1_foundations_ascend_in_alternate_colours():
    rules, pos = filled(LS, {LS_F: "Ah", AUX: "2s", AUX + 1: "2h"}, ROWS)
    assert refusal(rules, pos, AUX, LS_F) is None              # black deuce on red ace
    assert "alternate colours" in refusal(rules, pos, AUX + 1, LS_F)


def test_ls_rule_2_auxiliaries_descend_in_alternate_colours_from_rivals_and_talon():
    rules, pos = filled(LS, {AUX: "9s", RIVAL: "8h", RIVAL + 1: "8c", LS_TALON: "8d"}, ROWS)
    assert refusal(rules, pos, RIVAL, AUX) is None
    assert "alternate colours" in refusal(rules, pos, RIVAL + 1, AUX)
    assert refusal(rules, pos, LS_TALON, AUX) is None          # talon cards pass in here
    rules, pos = ls({AUX: "9s", AUX + 1: "8h"})
    assert "only from the Rival or the Talon" in refusal(rules, pos, AUX + 1, AUX)


def test_ls_rule_3_only_auxiliaries_feed_the_foundations():
    rules, pos = ls({LS_F: "Ah", RIVAL: "2s", LS_TALON: "2c"})
    assert "only from the Auxiliary" in refusal(rules, pos, RIVAL, LS_F)
    assert "only from the Auxiliary" in refusal(rules, pos, LS_TALON, LS_F)


def test_ls_rule_3_a_vacancy_in_the_auxiliaries_is_filled_from_a_rival_first():
    rules, pos = filled(LS, {LS_F: "Ah", AUX: "2s", RIVAL: "Qd", RIVAL + 1: "5c",
                             LS_TALON: "9h"}, ROWS)
    pos = rules.apply(pos, move_between(rules, AUX, LS_F))
    assert pile_text(rules, pos, AUX) == ""
    assert "must be filled first" in rules.move_reason(pos, DEAL)
    assert "must be filled first" in refusal(rules, pos, AUX + 1, AUX + 2)
    assert "with a card of the Rival" in refusal(rules, pos, LS_TALON, AUX)
    assert refusal(rules, pos, RIVAL + 1, AUX) is None          # the player's choice
    pos = rules.apply(pos, move_between(rules, RIVAL + 1, AUX))
    assert pile_text(rules, pos, AUX) == "5c"
    assert pile_text(rules, pos, RIVAL + 1) == "9h"             # the Rival from the talon


def test_ls_rivals_from_the_pack_when_the_talon_is_empty_and_no_redeal():
    rules, pos = filled(LS, {AUX: "9s", RIVAL: "8h", LS_PACK: "Kd"}, ROWS, down={LS_PACK: 1})
    pos = rules.apply(pos, move_between(rules, RIVAL, AUX))
    assert pile_text(rules, pos, RIVAL) == "Kd"
    rules, pos = filled(LS, {LS_TALON: "5c"}, ROWS)
    assert "no redeal" in rules.deal_reason(pos)


def test_ls_hoffmann_allows_one_redeal():
    rules, pos = filled(LS, {LS_TALON: "5c 6d"}, ROWS, variant="hoffmann")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, LS_PACK) == "6d 5c"


def test_ls_hoffmann_the_waste_card_goes_up_and_the_lower_row_fills_from_the_pack():
    """Hoffmann: "The remaining cards are dealt one by one to a waste-heap, any
    which may be suitable in point of value and colour being played ... to
    the foundations or auxiliary heaps"; "the vacancies produced by this means
    in the lower row are filled up with cards from the pack"."""
    rules, pos = filled(LS, {LS_F: "Ah", LS_TALON: "9d 2c", RIVAL: "2s", AUX: "3h",
                             LS_PACK: "Kd"}, ROWS, down={LS_PACK: 1}, variant="hoffmann")
    assert refusal(rules, pos, LS_TALON, LS_F) is None          # the waste card goes up
    assert "only from the Auxiliary or the Talon" in refusal(rules, pos, RIVAL, LS_F)
    pos = rules.apply(pos, move_between(rules, RIVAL, AUX))      # the 2♠ onto the 3♥
    assert pile_text(rules, pos, RIVAL) == "Kd"                 # from the pack, not the waste
    assert pile_text(rules, pos, LS_TALON) == "9d 2c"
    rules, pos = filled(LS, {AUX: "3h", RIVAL: "2s", LS_TALON: "9d"}, ROWS, variant="hoffmann")
    pos = rules.apply(pos, move_between(rules, RIVAL, AUX))      # the pack out: it waits
    assert pile_text(rules, pos, RIVAL) == "" and pile_text(rules, pos, LS_TALON) == "9d"


# ---------------------------------------------------------------- the Constitution
CON = "constitution"
COUNCIL, LORDS, COMMONS, PEOPLE, GOV = 1, 9, 17, 25, 33
C_PACK, C_TALON = 51, 52
ALL_ROWS = range(1, 33)


def test_con_deal_withdraws_sovereign_bishops_judges_government_and_seven_queens():
    game = Game.new(CON, seed=13)
    pos, rules = game.position, game.rules
    assert pile_text(rules, pos, 41) == "Qd"
    assert sorted(pile_text(rules, pos, n) for n in range(42, 50)) == \
        sorted(["Ks", "Kc", "Kh", "Kd"] * 2)
    assert all(pile_text(rules, pos, n)[0] == "A" for n in range(33, 41))
    aside = pos.piles[pile_index(rules, 50)]
    assert len(aside) == 7 and all(c.rank == 12 for c in aside)
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in ALL_ROWS)
    assert len(pos.piles[pile_index(rules, C_PACK)]) == 104 - 24 - 32


def test_con_rule_1_only_the_privy_council_plays_to_the_government():
    rules, pos = filled(CON, {GOV: "Ah", COUNCIL: "2h", LORDS: "2h"}, ALL_ROWS)
    assert refusal(rules, pos, COUNCIL, GOV) is None
    assert "only from the Privy Council" in refusal(rules, pos, LORDS, GOV)


def test_con_rule_2_cards_climb_one_row_at_a_time():
    rules, pos = filled(CON, {COUNCIL: "10s", LORDS: "9h", COMMONS: "9d", COUNCIL + 1: "9h",
                              LORDS + 1: "10c", PEOPLE: "9h"}, ALL_ROWS)
    assert refusal(rules, pos, LORDS, COUNCIL) is None          # the row just above
    assert "only from the Lords" in refusal(rules, pos, COMMONS, COUNCIL)  # two rows up
    assert "only from the Lords" in refusal(rules, pos, COUNCIL + 1, COUNCIL)  # own row
    assert refusal(rules, pos, PEOPLE, LORDS + 1) is not None   # People to the Lords
    assert refusal(rules, pos, COUNCIL, LORDS) is not None      # never down a row


def test_con_rules_3_and_4_descending_alternate_colours_top_card_only():
    rules, pos = filled(CON, {COUNCIL: "10s", LORDS: "9h", LORDS + 1: "9c",
                              LORDS + 2: "Kd 8c", C_PACK: "5h 2d"}, ALL_ROWS, down={C_PACK: 2})
    assert refusal(rules, pos, LORDS, COUNCIL) is None
    assert "alternate colours" in refusal(rules, pos, LORDS + 1, COUNCIL)
    pos = rules.apply(pos, move_between(rules, LORDS, COUNCIL))   # 9♥ up
    pos = rules.apply(pos, move_between(rules, COMMONS, LORDS))   # its place filled
    pos = rules.apply(pos, move_between(rules, PEOPLE, COMMONS))  # and so on down
    assert pile_text(rules, pos, PEOPLE) == "2d"                  # the People from the pack
    assert refusal(rules, pos, LORDS + 2, COUNCIL) is None      # the 8♣ on the 9♥
    assert pile_text(rules, pos, COUNCIL) == "10s 9h"


def test_con_rule_5_each_vacancy_filled_at_once_from_the_row_below():
    rules, pos = filled(CON, {GOV: "Ah", COUNCIL: "2h", LORDS + 3: "7c", COMMONS + 4: "6d",
                              PEOPLE + 5: "5s", C_TALON: "Jd", C_PACK: "3c"},
                        ALL_ROWS, down={C_PACK: 1})
    pos = rules.apply(pos, move_between(rules, COUNCIL, GOV))
    assert "must be filled first" in rules.move_reason(pos, DEAL)
    assert "must be filled first" in refusal(rules, pos, COMMONS, LORDS)
    assert "with a card of the Lords" in refusal(rules, pos, COMMONS + 4, COUNCIL)
    pos = rules.apply(pos, move_between(rules, LORDS + 3, COUNCIL))   # the player's choice
    pos = rules.apply(pos, move_between(rules, COMMONS + 4, LORDS + 3))
    pos = rules.apply(pos, move_between(rules, PEOPLE + 5, COMMONS + 4))
    assert pile_text(rules, pos, PEOPLE + 5) == "Jd"            # People from the talon
    assert [pile_text(rules, pos, n) for n in (COUNCIL, LORDS + 3, COMMONS + 4)] == \
        ["7c", "6d", "5s"]
    assert rules.move_reason(pos, DEAL) is None                 # all filled: play goes on


def test_con_rule_5_people_from_the_pack_when_there_is_no_talon():
    rules, pos = filled(CON, {COMMONS: "10s", PEOPLE: "9h", C_PACK: "4c"}, ALL_ROWS,
                        down={C_PACK: 1})
    pos = rules.apply(pos, move_between(rules, PEOPLE, COMMONS))
    assert pile_text(rules, pos, PEOPLE) == "4c"


def test_con_rule_6_government_follows_suit_to_the_knave_and_no_redeal():
    rules, pos = filled(CON, {GOV: "Ah", COUNCIL: "2s", C_PACK: "2d"}, ALL_ROWS,
                        down={C_PACK: 1})
    assert "follow suit" in refusal(rules, pos, COUNCIL, GOV)
    rules, pos = filled(CON, {C_TALON: "4c"}, ALL_ROWS)
    assert "no redeal" in rules.deal_reason(pos)
    rules, pos = filled(CON, {GOV: "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h", COUNCIL: "Jh"}, [],
                        filler="Kc")
    pos = rules.apply(pos, Move("move", pile_index(rules, COUNCIL), pile_index(rules, GOV)))
    assert rules.status(pos)[0] is Status.WON


def test_ls_rivals_are_never_built_on():
    rules, pos = ls({RIVAL: "9s", AUX: "8h", LS_TALON: "8d"})
    assert "cannot be returned" in refusal(rules, pos, AUX, RIVAL)
    assert "cannot be returned" in refusal(rules, pos, LS_TALON, RIVAL)


def test_con_rule_7_talon_cards_enter_only_by_filling_the_people():
    rules, pos = filled(CON, {COMMONS: "10s", C_TALON: "9h", C_PACK: "2d"}, ALL_ROWS,
                        down={C_PACK: 1})
    assert "only from the People" in refusal(rules, pos, C_TALON, COMMONS)
    assert refusal(rules, pos, C_TALON, PEOPLE) is not None       # the People: no building
    rules, pos = filled(CON, {COMMONS: "10s", PEOPLE: "9h", C_TALON: "Jd", C_PACK: "2d"},
                        ALL_ROWS, down={C_PACK: 1})
    assert refusal(rules, pos, PEOPLE, COMMONS) is None             # from the People: yes
    pos = rules.apply(pos, move_between(rules, PEOPLE, COMMONS))
    assert pile_text(rules, pos, PEOPLE) == "Jd"                     # the talon card enters
