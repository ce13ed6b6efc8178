"""The Blockade (Cadogan no. 8 = Hoffmann no. 41): rows dealt one under
another.  Each rule and each sentence that allows or forbids something,
shown allowed and forbidden on hand-made positions."""

from conftest import cards, filled, move_between, pile_index, pile_text, refusal, with_pack

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

BL = "blockade"
COLUMNS = range(1, 13)
B_F1, B_PACK = 13, 21


def blockade(piles, rows=1, **kw):
    return with_pack(BL, piles, COLUMNS, B_PACK, "Kc", "3d 4d 5d", rows=rows, **kw)


def test_blockade_twelve_cards_in_a_row_then_a_row_under_it_at_each_deal():
    game = Game.new(BL, seed=3)
    rules = game.rules
    assert all(len(game.position.piles[pile_index(rules, n)]) == 1 for n in COLUMNS)
    game.play(DEAL)
    assert all(len(game.position.piles[pile_index(rules, n)]) == 2 for n in COLUMNS)
    assert len(game.position.piles[pile_index(rules, B_PACK)]) == 104 - 24


def test_blockade_rule_1_a_card_is_free_when_none_lies_below_it():
    rules, pos = blockade({1: "Ah 9c", 2: "10c", B_F1: ""}, rows=2)
    under = move_between(rules, 1, B_F1)._replace(card=cards("Ah")[0])
    assert "not available" in rules.move_reason(pos, under)       # the row below blocks it
    assert refusal(rules, pos, 1, 2) is None                       # the lowest card is free
    freed = rules.apply(pos, move_between(rules, 1, 2))
    assert pile_text(rules, freed, 1) == "Ah"                      # not refilled yet (rule 4)
    # taking a card frees the one above
    assert refusal(rules, freed, 1, B_F1) is None


def test_blockade_rule_2_aces_go_up_in_suit_to_the_kings():
    rules, pos = blockade({1: "Ah", 2: "2h", 3: "2c", B_F1: ""})
    assert refusal(rules, pos, 1, B_F1) is None
    assert "takes only an ace" in refusal(rules, pos, 2, B_F1)
    rules, pos = blockade({B_F1: "Ah", 2: "2h", 3: "2c"})
    assert refusal(rules, pos, 2, B_F1) is None and "follow suit" in refusal(rules, pos, 3, B_F1)


def test_blockade_rule_3_free_cards_marry_downwards_in_suit():
    rules, pos = blockade({1: "9c", 2: "8c", 3: "8h", 4: "10c"})
    assert refusal(rules, pos, 2, 1) is None                       # 8♣ on 9♣
    assert "follows suit" in refusal(rules, pos, 3, 1)             # 8♥ on 9♣: no
    assert refusal(rules, pos, 4, 1) is not None                   # 10♣ on 9♣: upwards, no
    rules, pos = blockade({1: "", 2: "8c", B_PACK: ""}, down={})
    assert refusal(rules, pos, 2, 1) is not None                   # no pack: a gap stays empty


def test_blockade_rule_4_a_spell_of_play_then_every_vacancy_refilled_the_uppermost_first():
    """"The removal of any card in the lower rows releases the one immediately
    above it"; "The vacancies thus caused must be immediately refilled from the
    pack, then again play and marry"; "vacancies will often be made in the
    higher rows. These must always be refilled first"."""
    rules, pos = filled(BL, {1: "9c 4s", 2: "6h 5s", 3: "Kc 10c", B_PACK: "Jd Qd Kd"},
                        COLUMNS, filler="Kc Kc", rows=2, down={B_PACK: 3})
    married = rules.apply(pos, move_between(rules, 1, 2))          # the 4♠ on the 5♠
    assert pile_text(rules, married, 1) == "9c"                    # not refilled as it occurs,
    dug = rules.apply(married, move_between(rules, 1, 3))          # and the 9♣ it freed is free
    assert pile_text(rules, dug, 1) == "" and pile_text(rules, dug, 3) == "Kc 10c 9c"
    assert rules.words.deal_step_name(dug) == "refill 2 vacancies from the pack, uppermost rows first"
    refilled = rules.apply(dug, DEAL)                              # the higher row first
    assert pile_text(rules, refilled, 1) == "Kd Qd" and pile_text(rules, refilled, B_PACK) == "Jd"
    assert rules.words.deal_step_name(refilled) == "deal row 3 of the columns"
    # the uppermost row first, left to right: column 1's two gaps and column 2's one
    rules, pos = filled(BL, {1: "", 2: "6h", B_PACK: "Jd Qd Kd 2s"}, COLUMNS, filler="Kc Kc",
                        rows=2, down={B_PACK: 4})
    assert rules.settle(pos) == pos
    after = rules.apply(pos, DEAL)
    assert (pile_text(rules, after, 1), pile_text(rules, after, 2)) == ("2s Kd", "6h Qd")


def test_blockade_married_cards_lie_exactly_over_each_other():
    """"Marry in descending line, but be careful to place the cards exactly
    over each other, to avoid confusion. The vacancies thus caused must be
    immediately refilled from the pack": a married card lies on the other in
    its place (the column gains no row), and the place it left is a vacancy,
    refilled like any other, covering what lies there."""
    rules, pos = filled(BL, {1: "Kc 9c", 2: "Kc 8c", 3: "Kc 7c", B_PACK: "Jd Qd Kd"}, COLUMNS,
                        filler="Kc Kc", rows=2, down={B_PACK: 3})
    married = rules.apply(pos, move_between(rules, 2, 1))          # the 8♣ over the 9♣
    assert pile_text(rules, married, 1) == "Kc 9c 8c" and pile_text(rules, married, 2) == "Kc"
    assert rules.words.deal_step_name(married) == "refill 1 vacancy from the pack, uppermost rows first"
    again = rules.apply(married, move_between(rules, 3, 1))        # the 7♣ over the 8♣
    assert rules.words.deal_step_name(again) == "refill 2 vacancies from the pack, uppermost rows first"
    refilled = rules.apply(again, DEAL)
    assert pile_text(rules, refilled, 2) == "Kc Kd" and pile_text(rules, refilled, 3) == "Kc Qd"
    assert rules.words.deal_step_name(refilled) == "deal row 3 of the columns"
    # the married packet is covered by the next row, and its top card freed with it
    row3 = rules.apply(refilled, DEAL)
    assert pile_text(rules, row3, 1) == "Kc 9c 8c 7c Jd"
    rules, pos = filled(BL, {1: "9c 8c", B_F1: "Ac 2c 3c 4c 5c 6c 7c", B_PACK: "Jd Qd"},
                        COLUMNS, filler="Kc", rows=1, down={B_PACK: 2}, over=((1,),) + ((),) * 11)
    up = rules.apply(pos, move_between(rules, 1, B_F1))            # the 8♣ of the packet goes up
    assert pile_text(rules, up, 1) == "9c" and rules.words.deal_step_name(up) == "deal row 2 of the columns"


def test_blockade_rule_5_no_redeal():
    rules, pos = blockade({1: "9c", 2: "8h", B_PACK: ""}, down={})
    assert not rules.is_legal(pos, DEAL) and "no redeal" in rules.deal_reason(pos)
    run = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    full = {B_F1 + i: " ".join(r + s for r in run) for i, s in enumerate("shdcshdc")}
    rules, pos = filled(BL, {**full, B_PACK: ""}, (), down={})
    assert rules.status(pos)[0] is Status.WON


# ---------------------------------------------------------------- Babette
BA = "babette"
GARDEN = range(1, 9)
K1, A1, BA_PACK = 9, 13, 17


def babette(piles, **kw):
    return with_pack(BA, piles, GARDEN, BA_PACK, "5c", **kw)


def test_babette_rows_of_eight_each_blocking_the_one_above_no_vacancy_refilled():
    game = Game.new(BA, seed=5)
    rules = game.rules
    assert all(len(game.position.piles[pile_index(rules, n)]) == 1 for n in GARDEN)
    rules, pos = babette({1: "Ah 9c", 2: "", BA_PACK: "Qs Js 10s 9s 8s 7s 6s 5s"})
    under = move_between(rules, 1, A1)._replace(card=cards("Ah")[0])
    assert "not available" in rules.move_reason(pos, under)        # Rule III
    dealt = rules.apply(pos, DEAL)                                   # a whole row, gap kept
    assert [pile_text(rules, dealt, n) for n in (1, 2, 3)] == ["Ah 9c 5s", "6s", "5c 7s"]
    assert rules.settle(dealt) == dealt                              # Rule II: never refilled


def test_babette_a_gap_stays_in_its_row_and_frees_the_card_above_it():
    """Rule II: "Vacancies in the garden are not to be refilled"; Rule III:
    "Each row of cards in the garden blocks the preceding one, but on the
    removal of cards in the lower rows those above them are released"; and
    each row is placed "in its proper detached line ... not partly refilling
    other rows": a row dealt below a gap leaves the gap, and the card above
    the gap stays free."""
    clubs = "Ac 2c 3c 4c 5c 6c 7c 8c"
    rules, pos = babette({1: "Ah 9c", A1: clubs, BA_PACK: "Qs Js 10s 9s 8s 7s 6s 5s"},
                         rows=2)
    up = move_between(rules, 1, A1 + 1)._replace(card=cards("Ah")[0])
    assert not rules.is_legal(pos, up)                               # the 9♣ blocks it
    pos = rules.apply(pos, move_between(rules, 1, A1))               # the 9♣ up: a gap
    assert rules.is_legal(pos, up)
    dealt = rules.apply(pos, DEAL)                                   # row 3 below the gap
    assert pile_text(rules, dealt, 1) == "Ah 5s"
    assert rules.is_legal(dealt, up)                                 # the A♥ stays free
    assert [c.code for c in rules.available_cards(dealt, pile_index(rules, 1))] == ["Ah", "5s"]


def test_babette_rule_1_aces_up_kings_down_in_suit_of_different_suits():
    rules, pos = babette({1: "Ah", 2: "Kh", 3: "Ah", 4: "2h", 5: "Qh"})
    assert refusal(rules, pos, 1, A1) is None and refusal(rules, pos, 2, K1) is None
    assert refusal(rules, pos, 4, A1) is not None                    # a two starts nothing
    rules, pos = babette({A1: "Ah", K1: "Kh", 3: "Ah", 4: "2h", 5: "Qh", 6: "Qs"})
    assert "different suits" in refusal(rules, pos, 3, A1 + 1)       # a second ace of hearts
    assert refusal(rules, pos, 4, A1) is None and refusal(rules, pos, 5, K1) is None
    assert "follow" in refusal(rules, pos, 6, K1)


def test_babette_rule_2_nothing_is_laid_on_the_garden():
    rules, pos = babette({1: "9c", 2: "8c", 3: "10c"})
    assert refusal(rules, pos, 2, 1) is not None and refusal(rules, pos, 3, 1) is not None


def test_babette_the_garden_is_taken_up_by_columns_twice_the_right_hand_column_first():
    rules, pos = babette({1: "2c 3c", 2: "4c", 3: "", 4: "5h 6h", 5: "", 6: "", 7: "",
                          8: "7s 8s", BA_PACK: ""}, down={})
    assert rules.is_legal(pos, DEAL)
    taken = rules.apply(pos, DEAL)
    pack = taken.piles[pile_index(rules, BA_PACK)]
    # top first: column 8 (its first card first), then 4, 2, 1
    assert " ".join(c.code for c in reversed(pack)) == "7s 8s 5h 6h 4c 2c 3c"
    assert all(pile_text(rules, taken, n) == "" for n in GARDEN)
    row = rules.apply(taken, DEAL)
    assert [pile_text(rules, row, n) for n in GARDEN] == \
        ["7s", "8s", "5h", "6h", "4c", "2c", "3c", ""]
    spent = babette({1: "2c", BA_PACK: ""}, down={}, regathered=2)[1]
    assert not rules.is_legal(spent, DEAL) and "2 times" in rules.deal_reason(spent)


# ---------------------------------------------------------------- Hoffmann's other Blockade
B2_COLUMNS, B2_ACE, B2_KING, B2_PACK = range(1, 11), 11, 15, 19


def second(piles, **kw):
    return with_pack(BL, piles, B2_COLUMNS, B2_PACK, "5c", variant="second", **kw)


def test_blockade_second_rows_of_ten_aces_and_kings_as_they_come_no_marriages():
    game = Game.new(BL, "second", seed=3)
    rules, pos = game.rules, game.position
    columns = [pos.piles[pile_index(rules, n)] for n in B2_COLUMNS]
    assert all(len(c) <= 1 and all(card.rank not in (1, 13) for card in c) for c in columns)
    home = sum(len(pos.piles[i]) for i in rules.foundations)
    assert home and sum(not c for c in columns) == home          # each went up, its place left
    assert rules.words.deal_step_name(pos).startswith(f"refill {home} vacanc")  # for the deal to fill
    rules, pos = second({1: "9c", 2: "8c", 3: "Ah", 4: "Kh", 5: "Ah"})
    settled = rules.settle(pos)
    assert pile_text(rules, settled, B2_ACE) == "Ah" and pile_text(rules, settled, B2_KING) == "Kh"
    assert pile_text(rules, settled, 5) == "Ah"                # a second A♥: an ordinary card
    assert refusal(rules, settled, 2, 1) is not None            # no marriages


def test_blockade_second_both_ends_free_once_all_is_dealt():
    rules, pos = second({1: "2h 7s 3c", B2_ACE: "Ah", 6: "2c", B2_ACE + 1: "Ac"})
    first = move_between(rules, 1, B2_ACE)._replace(card=cards("2h")[0])
    assert not rules.is_legal(pos, first)                         # the pack still lasts
    rules, pos = second({1: "2h 7s 3c", B2_ACE: "Ah", 6: "2c", B2_ACE + 1: "Ac", B2_PACK: ""},
                        down={})
    assert rules.is_legal(pos, first)                             # now its first card is free
    middle = move_between(rules, 1, B2_ACE)._replace(card=cards("7s")[0])
    assert not rules.is_legal(pos, middle)                        # never a card between two
    assert first in list(rules.legal_moves(pos))
    after = rules.apply(pos, first)
    assert pile_text(rules, after, 1) == "7s 3c" and pile_text(rules, after, B2_ACE) == "Ah 2h"


# ---------------------------------------------------------------- the Labyrinth
LA = "labyrinth"
L_COLUMNS, L_ACE, L_KING, L_PACK = range(1, 11), 11, 15, 19
BASES = {L_ACE: "As", L_ACE + 1: "Ah", L_ACE + 2: "Ad", L_ACE + 3: "Ac",
         L_KING: "Ks", L_KING + 1: "Kh", L_KING + 2: "Kd", L_KING + 3: "Kc"}


def labyrinth(piles, **kw):
    """Three rows dealt, each column whole unless the test says otherwise."""
    return with_pack(LA, {**BASES, **piles}, L_COLUMNS, L_PACK, "5c 6c 7c", "3d 4d 9s",
                     rows=3, **kw)


def test_labyrinth_aces_and_kings_laid_out_first_rows_of_ten():
    game = Game.new(LA, seed=4)
    rules, pos = game.rules, game.position
    assert [pile_text(rules, pos, n) for n in BASES] == list(BASES.values())
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in L_COLUMNS)
    game.play(DEAL)
    assert all(len(game.position.piles[pile_index(rules, n)]) == 2 for n in L_COLUMNS)


def test_labyrinth_rule_2_free_from_the_top_or_the_bottom():
    rules, pos = labyrinth({1: "2h Qs 2s", 2: "2d"})
    top = move_between(rules, 1, L_ACE + 1)._replace(card=cards("2h")[0])
    middle = move_between(rules, 1, L_KING)._replace(card=cards("Qs")[0])
    bottom = move_between(rules, 1, L_ACE)._replace(card=cards("2s")[0])
    assert rules.is_legal(pos, top) and rules.is_legal(pos, bottom)
    assert not rules.is_legal(pos, middle)                      # blocked both ways
    assert "only the first and the last card of Column 1" in rules.move_reason(pos, middle)
    assert refusal(rules, pos, 2, 1) is not None                 # nothing laid on a column


def test_labyrinth_rule_3_only_the_row_being_dealt_is_refilled_and_by_the_player():
    """Rule III: "You can only refill vacancies in the lowest row as the deal
    goes on (i.e., in the row which you are actually dealing)": a gap above
    stays; a gap in the row being dealt is filled from the pack when the
    player chooses ('patience move 19 1'), not by itself."""
    rules, pos = labyrinth({1: "2h Qs 2s", 2: "7c 8c 9c"})
    top = move_between(rules, 1, L_ACE + 1)._replace(card=cards("2h")[0])
    after = rules.apply(pos, top)                                # a gap in the first row: kept
    assert pile_text(rules, after, 1) == "Qs 2s" and pile_text(rules, after, L_PACK) == "3d 4d 9s"
    assert move_between(rules, L_PACK, 1) not in list(rules.legal_moves(after))
    assert "only a gap in the row being dealt" in rules.move_reason(after,
                                                                    move_between(rules, L_PACK, 1))
    bottom = move_between(rules, 1, L_ACE)._replace(card=cards("2s")[0])
    after = rules.apply(after, bottom)                           # the row being dealt: a gap
    assert pile_text(rules, after, 1) == "Qs"                    # not filled by itself
    fill = move_between(rules, L_PACK, 1)
    assert fill in list(rules.legal_moves(after))
    filled = rules.apply(after, fill)                            # the player fills it
    assert pile_text(rules, filled, 1) == "Qs 9s"
    dealt = rules.apply(filled, DEAL)                            # a new row below all
    assert pile_text(rules, dealt, 1) == "Qs 9s 4d"


def test_labyrinth_a_card_taken_from_the_row_being_dealt_releases_the_one_above():
    """"Each row completely blocking the preceding one unless the removal of a
    card releases the one above it": with the gap left open, the card above
    it is free, and a card laid in the gap afterwards leaves a gap between
    them, which frees the cards on either side of it."""
    rules, pos = labyrinth({1: "Jd 3h 2s", L_ACE + 1: "Ah 2h"})
    pos = rules.apply(pos, move_between(rules, 1, L_ACE)._replace(card=cards("2s")[0]))
    up = move_between(rules, 1, L_ACE + 1)._replace(card=cards("3h")[0])
    assert rules.is_legal(pos, up)                               # released by the gap below
    pos = rules.apply(pos, up)
    pos = rules.apply(pos, move_between(rules, L_PACK, 1))       # the 9♠ into row 3
    assert pile_text(rules, pos, 1) == "Jd 9s"
    free = [c.code for c in rules.available_cards(pos, pile_index(rules, 1))]
    assert free == ["Jd", "9s"]                                  # the J♦ with a gap below it
    pos = rules.apply(pos, DEAL)                                 # the 4♦ under the 9♠
    assert [c.code for c in rules.available_cards(pos, pile_index(rules, 1))] == \
        ["Jd", "9s", "4d"]                                       # the 9♠: a gap above it


def test_labyrinth_rule_6_one_card_from_anywhere_once_the_pack_is_out():
    """"When the pack is exhausted and you have played all available cards
    ... you have one more chance, the privilege of removing any one card"."""
    rules, pos = labyrinth({1: "Jd 2h 7c"})
    grace = move_between(rules, 1, L_ACE + 1)._replace(card=cards("2h")[0])
    assert not rules.is_legal(pos, grace)                        # not while the pack lasts
    rules, pos = labyrinth({1: "Jd 2h 7c", 2: "9c 3h 8c", L_PACK: ""}, down={})
    assert rules.is_legal(pos, grace) and grace in list(rules.legal_moves(pos))
    after = rules.apply(pos, grace)
    assert pile_text(rules, after, 1) == "Jd 7c" and after.get("graces") == 1
    again = move_between(rules, 2, L_ACE + 1)._replace(card=cards("3h")[0])
    assert not rules.is_legal(after, again)                      # once in the game
    rules, pos = labyrinth({1: "Jd 2h 7c", 2: "9c 3h 2d", L_PACK: ""}, down={})
    assert not rules.is_legal(pos, grace)                        # the 2♦ can still go up


# ---------------------------------------------------------------- the Parallels (variant)
def parallels(piles, **kw):
    return with_pack(LA, {**BASES, **piles}, L_COLUMNS, L_PACK, "5c 6c 7c", "3d 4d 9s",
                     variant="parallels", rows=3, **kw)


def test_parallels_every_gap_is_refilled_uppermost_row_first_before_a_new_row():
    """"You supply the places of the removed cards from the pack, first
    completing the uppermost row, then the second, and so on"."""
    rules, pos = parallels({1: "2h Qs 2s", 2: "7c 8c 9c", 3: "2d Jc Qc"})
    top = move_between(rules, 1, L_ACE + 1)._replace(card=cards("2h")[0])
    after = rules.apply(pos, top)                                # a gap in the first row
    assert pile_text(rules, after, 1) == "Qs 2s" and pile_text(rules, after, L_PACK) == "3d 4d 9s"
    bottom = move_between(rules, 3, L_ACE + 2)._replace(card=cards("Qc")[0])
    assert not rules.is_legal(after, bottom)                     # the Q♣ goes nowhere
    up = rules.apply(after, move_between(rules, 3, L_ACE + 2)._replace(card=cards("2d")[0]))
    assert rules.words.deal_step_name(up) == "refill 2 vacancies from the pack, uppermost rows first"
    filled = rules.apply(up, DEAL)
    # the first row's gaps first, left to right, each above its column's cards
    assert pile_text(rules, filled, 1) == "9s Qs 2s" and pile_text(rules, filled, 3) == "4d Jc Qc"
    assert rules.words.deal_step_name(filled) == "deal row 4 of the columns"
    assert not rules.is_legal(pos, move_between(rules, 2, 1))    # nothing laid on a column


def test_parallels_has_no_grace():
    rules, pos = parallels({1: "Qs 2h 7c", 2: "9c 3h 8c", L_PACK: ""}, down={})
    grace = move_between(rules, 1, L_ACE + 1)._replace(card=cards("2h")[0])
    assert not rules.is_legal(pos, grace) and rules.feature("Grace") is None
    assert "only the first and the last card" in rules.move_reason(pos, grace)


def test_labyrinth_as_they_appear_the_aces_and_kings_wait_for_the_deal():
    game = Game.new(LA, seed=4, variant="as-they-appear")
    rules, pos = game.rules, game.position
    up = [c for n in range(L_ACE, L_KING + 4) for c in pos.piles[pile_index(rules, n)][:1]]
    assert all(c.rank in (1, 13) for c in up) and len({(c.rank, c.suit) for c in up}) == len(up)
    # a card of the first row gone up leaves its gap for the player to fill
    assert len(pos.piles[pile_index(rules, L_PACK)]) == 104 - 10


def test_babette_a_card_that_is_not_free_is_refused_naming_the_free_ones():
    clubs = "Ac 2c 3c 4c 5c 6c 7c 8c"
    rules, pos = babette({1: "Qd Ah 9c", A1: clubs, BA_PACK: "Qs Js 10s"}, rows=3)
    pos = rules.apply(pos, move_between(rules, 1, A1))               # the 9♣ up
    pos = rules.apply(pos, DEAL)                                     # a row below the gap
    stuck = move_between(rules, 1, A1 + 1)._replace(card=cards("Qd")[0])
    words = rules.move_reason(pos, stuck)
    assert "only the A♥ and the 10♠ of Column 1 may be played" in words


def test_available_below_needs_rows_whose_gaps_stay():
    import copy

    import pytest

    from patience_cli.layout import LayoutError, parse_layout, read_raw

    raw = copy.deepcopy(read_raw("blockade"))
    raw.pop("variants", None)
    raw["piles"][0]["available"] = "below"
    with pytest.raises(LayoutError, match="'below' needs rows whose gaps stay"):
        parse_layout(raw)
