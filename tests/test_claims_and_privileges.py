"""The Mill (Cadogan no. 6 = Hoffmann no. 39 the Windmill), the Storehouse
(Hoffmann no. 23), the Reserves (no. 34), the Patriarchs (no. 38), Quadrille
(no. 7) and the Pyramid (no. 16): each rule and each sentence that allows or
forbids something, shown allowed and forbidden on hand-made positions."""

from conftest import cards, filled, move_between, pile_index, pile_text, position, refusal

from patience_cli.engine import DEAL, Move, Status
from patience_cli.game import Game

# ---------------------------------------------------------------- the Mill
MILL = "mill"
CENTRE, KING, M_PACK, M_TALON = 9, 10, 14, 15
WINGS = range(1, 9)


def mill(piles, **kw):
    kw.setdefault("down", {M_PACK: 1})
    return filled(MILL, {M_PACK: "9d", **piles}, WINGS, **kw)


def test_mill_one_ace_in_the_centre_and_kings_as_they_come():
    game = Game.new(MILL, seed=5)
    assert pile_text(game.rules, game.position, CENTRE)[0] == "A"
    assert all(pile_text(game.rules, game.position, n) == "" for n in range(10, 14))
    rules, pos = mill({CENTRE: "As", 1: "Kd", 2: "Qh"})
    assert refusal(rules, pos, 1, KING) is None                    # a king to an angle
    assert "takes only a king" in refusal(rules, pos, 2, KING)


def test_mill_the_first_four_kings_that_appear_are_played_in_the_four_angles():
    """"The first four kings that appear in dealing are to be played in the four
    angles": with the centre at a queen and the angles empty, the king turned
    up goes to an angle by itself, not onto the centre; a king in the wings
    goes there as the deal is made; once every angle holds a king, a king may
    end a run on the centre."""
    queen = "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs"
    rules, pos = filled(MILL, {CENTRE: queen, M_PACK: "9d Kd"}, WINGS, filler="5c",
                        down={M_PACK: 2})
    turned = rules.apply(pos, DEAL)
    assert pile_text(rules, turned, M_TALON) == "" and pile_text(rules, turned, CENTRE) == queen
    assert sorted(pile_text(rules, turned, n) for n in range(10, 14)) == ["", "", "", "Kd"]
    for seed in range(1, 21):  # a king dealt to the wings is never left there
        game = Game.new(MILL, seed=seed)
        empty = [n for n in range(10, 14) if not pile_text(game.rules, game.position, n)]
        assert not (empty and any(pile_text(game.rules, game.position, w).startswith("K")
                                  for w in WINGS)), seed
    rules, pos = mill({CENTRE: queen, M_TALON: "Kd", KING: "Kc", 11: "Ks", 12: "Kh",
                       13: "Kc Qd"})
    assert refusal(rules, pos, M_TALON, CENTRE) is None             # the angles are full


def test_mill_rule_2_no_suit_four_runs_on_the_centre():
    rules, pos = mill({CENTRE: "As", 1: "2h", 2: "3h"})
    assert refusal(rules, pos, 1, CENTRE) is None                  # any suit
    assert refusal(rules, pos, 2, CENTRE) is not None
    run = "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks"
    rules, pos = mill({CENTRE: run, 1: "Ah", 2: "2h"})
    assert refusal(rules, pos, 1, CENTRE) is None                  # the second run begins
    rules, pos = position(MILL, {CENTRE: " ".join([run] * 4)})
    assert "complete" in rules.building.build_reason(pos, cards("Ah")[0], pile_index(rules, CENTRE))


def test_mill_kings_build_down_regardless_of_suit_and_wings_take_nothing():
    rules, pos = mill({KING: "Kc", 1: "Qh", 2: "Jh", 3: "5c"})
    assert refusal(rules, pos, 1, KING) is None
    assert refusal(rules, pos, 2, KING) is not None
    assert refusal(rules, pos, 3, 4) is not None                   # nothing on a wing


def test_mill_wings_refilled_at_once_from_the_talon_then_the_pack():
    rules, pos = mill({CENTRE: "As", 1: "2c", M_TALON: "Jd"})
    pos = rules.apply(pos, move_between(rules, 1, CENTRE))
    assert pile_text(rules, pos, 1) == "Jd"
    rules, pos = mill({CENTRE: "As", 1: "2c"})
    pos = rules.apply(pos, move_between(rules, 1, CENTRE))
    assert pile_text(rules, pos, 1) == "9d"
    rules, pos = filled(MILL, {M_TALON: "4c"}, WINGS)
    assert "no redeal" in rules.deal_reason(pos)


def test_mill_a_king_packets_card_passes_to_the_centre_only_to_bring_another_into_use():
    # centre at 5; a king packet K..6; a wing holds a 7: passing the 6 lets the 7 follow
    rules, pos = mill({CENTRE: "As 2s 3s 4s 5s", KING: "Kc Qc Jc 10c 9c 8c 7c 6h", 1: "7d"})
    transfer = move_between(rules, KING, CENTRE)
    assert transfer in list(rules.legal_moves(pos))
    assert refusal(rules, pos, KING, CENTRE) is None
    assert rules.game.extra_refusal(pos, transfer) is None   # its own words never refuse it
    pos = rules.apply(pos, transfer)
    assert pile_text(rules, pos, CENTRE).endswith("6h")
    # without a card to follow, the privilege is refused
    rules, pos = mill({CENTRE: "As 2s 3s 4s 5s", KING: "Kc Qc Jc 10c 9c 8c 7c 6h", 1: "9d"})
    assert "lets a card of the wings or the talon follow" in refusal(rules, pos, KING, CENTRE)


def test_mill_one_card_from_a_packet_at_a_time():
    rules, pos = mill({CENTRE: "As 2s 3s 4s", KING: "Kc Qc Jc 10c 9c 8c 7c 6h 5h",
                       1: "7d", 2: "6d"})
    pos = rules.apply(pos, move_between(rules, KING, CENTRE))     # the 5 passes (6♦ follows)
    assert refusal(rules, pos, KING, CENTRE) is not None           # not the 6♥ straight after
    pos = rules.apply(pos, move_between(rules, 2, CENTRE))        # the 6♦ is played
    assert pile_text(rules, pos, CENTRE).endswith("6d")


def test_windmill_kings_withdrawn_centre_preferred_and_no_passing():
    game = Game.new(MILL, variant="windmill", seed=5)
    assert [pile_text(game.rules, game.position, n) for n in range(10, 14)] == \
        ["Ks", "Kh", "Kd", "Kc"]
    rules, pos = filled(MILL, {CENTRE: "As 2s 3s 4s 5s 6s 7s", KING: "Ks Qs Js 10s 9s",
                               1: "8h", M_PACK: "9d"}, WINGS, variant="windmill",
                        down={M_PACK: 1})
    assert "comes first" in refusal(rules, pos, 1, KING)          # Hoffmann's 8 example
    assert refusal(rules, pos, 1, CENTRE) is None
    rules, pos = filled(MILL, {CENTRE: "As 2s 3s 4s 5s", KING: "Ks Qs Js 10s 9s 8s 7s 6h",
                               1: "7d", M_PACK: "9d"}, WINGS, variant="windmill",
                        down={M_PACK: 1})
    assert refusal(rules, pos, KING, CENTRE) is not None           # no passing


# ---------------------------------------------------------------- the Storehouse
STORE = "storehouse"
S_STORE, S_F, S_STOCK, S_WASTE = 5, 6, 10, 11
S_AUX = range(1, 5)


def store(piles, **kw):
    kw.setdefault("down", {S_STOCK: 1})
    return filled(STORE, {S_STOCK: "9d", **piles}, S_AUX, **kw)


def test_storehouse_deal_twos_four_auxiliaries_and_thirteen_in_the_storehouse():
    game = Game.new(STORE, seed=2)
    assert {pile_text(game.rules, game.position, n)[0] for n in range(6, 10)} == {"2"}
    assert len(game.position.piles[pile_index(game.rules, S_STORE)]) == 13


def test_storehouse_top_card_must_be_played_when_it_can():
    rules, pos = store({S_F: "2h", S_STORE: "Kc 3h", 1: "3h", S_WASTE: "8c"})
    assert "must be played before any other" in refusal(rules, pos, 1, S_F)
    assert "must be played before" in rules.move_reason(pos, DEAL)
    assert refusal(rules, pos, S_STORE, S_F) is None
    rules, pos = store({S_F: "2h", S_STORE: "Kc 9c", 1: "3h", S_WASTE: "8c"})
    assert refusal(rules, pos, 1, S_F) is None                     # the 9♣ cannot move


def test_storehouse_auxiliaries_descend_in_suit_from_waste_and_storehouse_only():
    rules, pos = store({1: "9c", 2: "8c", S_WASTE: "8c", S_STORE: "Kd 8c"})
    assert refusal(rules, pos, S_STORE, 1) is None
    pos2 = rules.apply(pos, move_between(rules, S_STORE, 1))
    rules, pos = store({1: "9c", 2: "8c", S_WASTE: "8c", S_STORE: "Kd"})
    assert refusal(rules, pos, S_WASTE, 1) is None
    assert "only from the Storehouse or the Waste heap" in refusal(rules, pos, 2, 1)
    assert pile_text(rules, pos2, 1) == "9c 8c"


def test_storehouse_foundations_two_to_king_then_ace_and_vacancies_from_the_waste():
    rules, pos = store({S_F: "2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", 1: "Ah",
                        S_WASTE: "5d 6s", S_STORE: "Kd"})
    pos = rules.apply(pos, move_between(rules, 1, S_F))
    assert pile_text(rules, pos, 1) == "6s" and pile_text(rules, pos, S_WASTE) == "5d"


def test_storehouse_three_deals_in_all():
    rules, pos = store({S_WASTE: "5d", S_STORE: "Kd"}, down={})
    rules, pos = filled(STORE, {S_WASTE: "5d", S_STORE: "Kd"}, S_AUX)
    for _ in range(4):
        pos = rules.apply(pos, DEAL)
    assert "2 redeals are used" in rules.deal_reason(pos)


# ---------------------------------------------------------------- the Reserves
RES = "reserves"
R_ACE, R_KING, R_STOCK, R_WASTE = 5, 9, 13, 14


def test_reserves_deal_aces_kings_and_four_reserves_of_twelve():
    game = Game.new(RES, seed=3)
    assert [len(game.position.piles[pile_index(game.rules, n)]) for n in range(1, 5)] == [12] * 4
    assert len(game.position.piles[pile_index(game.rules, R_STOCK)]) == 104 - 8 - 48


def test_reserves_pack_up_or_down_in_suit_on_the_waste_top_only_from_the_reserves():
    rules, pos = position(RES, {1: "8h", 2: "6h", 3: "7s", 4: "Kc", R_WASTE: "7h",
                                R_STOCK: "2c"}, down={R_STOCK: 1})
    assert refusal(rules, pos, 1, R_WASTE) is None                 # up
    assert refusal(rules, pos, 2, R_WASTE) is None                 # down
    assert "follows suit" in refusal(rules, pos, 3, R_WASTE)
    rules, pos = position(RES, {1: "8h", R_STOCK: "2c"}, down={R_STOCK: 1})
    assert refusal(rules, pos, 1, R_WASTE) is not None             # not on an empty heap


def test_reserves_foundations_and_the_packed_cards_come_up_together():
    rules, pos = position(RES, {R_ACE: "Ah", R_KING: "Kh", 1: "2h", 2: "Qh"})
    assert refusal(rules, pos, 1, R_ACE) is None and refusal(rules, pos, 2, R_KING) is None
    rules, pos = position(RES, {1: "8h", R_WASTE: "3c 7h"})
    pos = rules.apply(pos, move_between(rules, 1, R_WASTE))
    pos = rules.apply(pos, DEAL)                                    # the redeal
    assert pile_text(rules, pos, R_STOCK) == "8h 7h 3c"
    pos = rules.apply(pos, DEAL)
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, R_WASTE) == "3c 7h"               # together again


# ---------------------------------------------------------------- the Patriarchs
PAT = "patriarchs"
P_ACE, P_KING, P_STOCK, P_WASTE = 10, 14, 18, 19
P_AUX = range(1, 10)


def test_patriarchs_the_waste_card_has_first_claim():
    rules, pos = filled(PAT, {P_ACE: "Ah", 1: "2h", P_WASTE: "2h", P_STOCK: "5c"}, P_AUX,
                        down={P_STOCK: 1})
    assert "must be played before any other" in refusal(rules, pos, 1, P_ACE)
    assert refusal(rules, pos, P_WASTE, P_ACE) is None
    assert "must be played before" in rules.move_reason(pos, DEAL)


def test_patriarchs_vacancy_from_the_waste_top_and_one_redeal():
    rules, pos = filled(PAT, {P_ACE: "Ah", 1: "2h", P_WASTE: "9c", P_STOCK: "5c"}, P_AUX,
                        down={P_STOCK: 1})
    pos = rules.apply(pos, move_between(rules, 1, P_ACE))
    assert pile_text(rules, pos, 1) == "9c"
    rules, pos = filled(PAT, {P_WASTE: "9c 8d"}, P_AUX)
    pos = rules.apply(pos, DEAL)
    for _ in range(2):
        pos = rules.apply(pos, DEAL)
    assert "redeal is used" in rules.deal_reason(pos)


def test_patriarchs_foundations_follow_suit_both_ways():
    rules, pos = filled(PAT, {P_ACE: "Ah", P_KING: "Kh", 1: "2s", 2: "Qs", P_STOCK: "5c"},
                        P_AUX, filler="8c", down={P_STOCK: 1})
    assert "follow suit" in refusal(rules, pos, 1, P_ACE)
    assert "follow suit" in refusal(rules, pos, 2, P_KING)
    rules, pos = filled(PAT, {P_ACE: "Ah", P_KING: "Kh", 2: "Qh", P_STOCK: "5c"},
                        P_AUX, filler="8c", down={P_STOCK: 1})
    assert refusal(rules, pos, 2, P_KING) is None


# ---------------------------------------------------------------- Quadrille
QUAD = "quadrille"
Q_QUEEN, Q_FIVE, Q_SIX, Q_STOCK, Q_WASTE = 1, 5, 9, 13, 14


def test_quadrille_each_card_to_its_own_place_as_it_comes():
    rules, pos = position(QUAD, {Q_WASTE: "Qh", Q_STOCK: "2c"}, down={Q_STOCK: 1})
    assert refusal(rules, pos, Q_WASTE, Q_QUEEN) is None           # the Q♥'s place
    assert "place of the Q♠ only" in refusal(rules, pos, Q_WASTE, Q_QUEEN + 1)
    rules, pos = position(QUAD, {1: "Qh", 2: "Qs", 3: "Qd", 4: "Qc", Q_WASTE: "5h",
                                 Q_STOCK: "2c"}, down={Q_STOCK: 1})
    assert refusal(rules, pos, Q_WASTE, Q_FIVE) is None
    assert refusal(rules, pos, Q_WASTE, Q_FIVE + 1) is not None


def test_quadrille_sixes_to_knaves_and_fives_through_the_ace_to_the_king():
    rules, pos = position(QUAD, {Q_SIX: "6h 7h 8h 9h 10h Jh", Q_FIVE: "5h 4h 3h 2h Ah",
                                 Q_WASTE: "Kh"})
    assert refusal(rules, pos, Q_WASTE, Q_FIVE) is None
    assert refusal(rules, pos, Q_WASTE, Q_SIX) is not None


def test_quadrille_three_redeals():
    rules, pos = position(QUAD, {Q_WASTE: "9c"})
    for _ in range(6):
        pos = rules.apply(pos, DEAL)
    assert "3 redeals are used" in rules.deal_reason(pos)


# ---------------------------------------------------------------- the Pyramid
PYR = "pyramid"
PY_F, PY_STOCK, PY_WASTE = 16, 20, 21
PY = range(1, 16)


def test_pyramid_gaps_from_the_pack_until_the_deal_begins_then_from_the_waste_only():
    rules, pos = filled(PYR, {PY_F: "Ah", 1: "2h", 2: "3h", PY_STOCK: "5c 9d"}, PY,
                        down={PY_STOCK: 2})
    pos = rules.apply(pos, move_between(rules, 1, PY_F))
    assert pile_text(rules, pos, 1) == "9d"                         # from the hand
    pos = rules.apply(pos, DEAL)                                    # the 5♣ to the waste
    pos = rules.apply(pos, move_between(rules, 2, PY_F))
    assert pile_text(rules, pos, 2) == "5c"                         # now from the waste
    rules, pos = filled(PYR, {PY_F: "Ah", 1: "2h", PY_STOCK: "5c 9d"}, PY,
                        down={PY_STOCK: 2}, dealt=1)
    pos = rules.apply(pos, move_between(rules, 1, PY_F))
    assert pile_text(rules, pos, 1) == ""                           # the waste is empty: wait
    assert refusal(rules, pos, 3, 1) is not None                    # nor from the Pyramid


def test_pyramid_all_cards_free_nothing_built_and_one_redeal():
    rules, pos = filled(PYR, {PY_F: "Ah", 5: "2h", 6: "3h", PY_STOCK: "5c"}, PY,
                        down={PY_STOCK: 1})
    assert refusal(rules, pos, 5, PY_F) is None
    assert refusal(rules, pos, 5, 6) is not None
    rules, pos = filled(PYR, {PY_WASTE: "9c"}, PY)
    pos = rules.apply(pos, DEAL)
    pos = rules.apply(pos, DEAL)
    assert "redeal is used" in rules.deal_reason(pos)
    rules, pos = position(PYR, {PY_F: "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh", 1: "Kh"})
    pos = rules.apply(pos, Move("move", pile_index(rules, 1), pile_index(rules, PY_F)))
    assert rules.status(pos)[0] is Status.WON


# ---------------------------------------------------------------- the Wheatsheaf
WHEAT = "wheatsheaf"
W_ACE, W_KING, W_STOCK, W_WASTE = 9, 13, 17, 18
W_HEAPS = range(1, 9)


def wheat(piles, **kw):
    kw.setdefault("down", {W_STOCK: 1})
    bases = {9: "Ah", 10: "As", 11: "Ad", 12: "Ac", 13: "Kh", 14: "Ks", 15: "Kd", 16: "Kc"}
    return filled(WHEAT, {W_STOCK: "9d", **bases, **piles}, W_HEAPS, **kw)


def test_wheatsheaf_heaps_go_up_or_down_in_suit_one_way():
    rules, pos = wheat({1: "6d", 2: "5d", 3: "7d", 4: "5s"})
    assert refusal(rules, pos, 2, 1) is None                        # the five on the six
    assert refusal(rules, pos, 3, 1) is None                        # or the seven
    assert "follows suit" in refusal(rules, pos, 4, 1)
    rules, pos = wheat({1: "6d 5d", 2: "4d", 3: "6c 6d"})
    assert refusal(rules, pos, 2, 1) is None                        # on down: the four
    assert "goes down" in refusal(rules, pos, 3, 1)                 # not the six again


def test_wheatsheaf_the_quick_look_reads_a_heap_either_way_and_the_rules_keep_its_way():
    """The move generator's quick look at a heap: a rank either side of its
    top, whichever way it goes (the way it keeps is the full rules' to
    check); its moves are the rules' own."""
    rules, pos = wheat({1: "6d 5d", 2: "4d", 3: "6c 6d"})
    assert rules.ranks_taken(pos, pile_index(rules, 1)) == {4, 6}
    assert rules.ranks_taken(pos, pile_index(rules, 2)) == {3, 5}
    onto_1 = {rules.specs[m.src].number for m in rules.open_moves(pos)
              if m.dst == pile_index(rules, 1)}
    assert 2 in onto_1 and 3 not in onto_1                          # the four, not the six


def test_wheatsheaf_the_books_example_four_five_six_either_way():
    rules, pos = wheat({1: "6d", 2: "5d", 3: "4d"})
    pos = rules.apply(pos, move_between(rules, 2, 1))
    pos = rules.apply(pos, move_between(rules, 3, 1))
    assert pile_text(rules, pos, 1) == "6d 5d 4d"
    rules, pos = wheat({1: "4d", 2: "5d", 3: "6d"})
    pos = rules.apply(pos, move_between(rules, 2, 1))
    pos = rules.apply(pos, move_between(rules, 3, 1))
    assert pile_text(rules, pos, 1) == "4d 5d 6d"


def test_wheatsheaf_a_card_that_can_go_up_must():
    rules, pos = wheat({1: "2h", 2: "9c", 3: "8c"})
    assert "must, before anything else" in refusal(rules, pos, 3, 2)
    assert "must, before the pack" in rules.move_reason(pos, DEAL)
    assert refusal(rules, pos, 1, W_ACE) is None
    assert list(rules.legal_moves(pos)) == [move_between(rules, 1, W_ACE)]


def test_wheatsheaf_vacancies_from_the_waste_and_one_deal_only():
    rules, pos = wheat({1: "2h", W_WASTE: "Jc"})
    pos = rules.apply(pos, move_between(rules, 1, W_ACE))
    assert pile_text(rules, pos, 1) == "Jc"
    rules, pos = filled(WHEAT, {W_WASTE: "Jc"}, W_HEAPS)
    assert "no redeal" in rules.deal_reason(pos)


def test_no_move_is_called_safe_where_the_choice_of_foundation_matters():
    """A 7♥ that fits both the ace pile (at 6♥) and the king pile (at 8♥) of
    its suit: playing it to either may lose; neither 'auto --foundations' nor
    the solver may take one for the other."""
    rules, pos = filled(PAT, {P_ACE: "Ah 2h 3h 4h 5h 6h", P_KING: "Kh Qh Jh 10h 9h 8h",
                              1: "7h", P_STOCK: "5c"}, P_AUX, filler="9d", down={P_STOCK: 1})
    ups = [m for m in rules.legal_moves(pos) if m.dst in (pile_index(rules, P_ACE),
                                                           pile_index(rules, P_KING))]
    assert len(ups) == 2
    assert rules.advice.safe_foundation_move(pos) is None
    assert len([m for m in rules.advice.solver_moves(pos, list(rules.legal_moves(pos)))
                if m in ups]) == 2


def test_patriarchs_nothing_is_placed_on_the_auxiliaries():
    rules, pos = filled(PAT, {1: "9s", 2: "8h", P_STOCK: "5c"}, P_AUX, down={P_STOCK: 1})
    assert "cannot be returned" in refusal(rules, pos, 2, 1)


def test_storehouse_an_emptied_auxiliary_waits_while_the_waste_is_empty():
    rules, pos = store({S_F: "2h", 1: "3h", S_STORE: "Kd"})
    pos = rules.apply(pos, move_between(rules, 1, S_F))
    assert pile_text(rules, pos, 1) == ""
    assert "filled only from the Waste heap" in refusal(rules, pos, S_STORE, 1)
    pos = rules.apply(pos, DEAL)                                    # the 9♦ turned: it fills
    assert pile_text(rules, pos, 1) == "9d"


def test_patriarchs_an_auxiliary_that_becomes_playable_is_played_at_once():
    """"Keep a sharp eye on the nine auxiliary cards ..., and if either becomes
    playable, play it at once accordingly": the pack is not dealt on while an
    auxiliary card can go up; the waste card's first claim still comes before."""
    rules, pos = filled(PAT, {P_ACE: "Ah", 1: "2h", P_WASTE: "9c", P_STOCK: "5c"}, P_AUX,
                        filler="8c", down={P_STOCK: 1})
    assert "must be played before the pack is dealt on" in rules.move_reason(pos, DEAL)
    assert refusal(rules, pos, 1, P_ACE) is None
    pos = rules.apply(pos, move_between(rules, 1, P_ACE))
    assert rules.move_reason(pos, DEAL) is None                 # nothing claims now
    rules, pos = filled(PAT, {P_ACE: "Ah", 1: "2h", P_WASTE: "2h", P_STOCK: "5c"}, P_AUX,
                        filler="8c", down={P_STOCK: 1})
    assert "must be played before any other" in refusal(rules, pos, 1, P_ACE)


def test_reserves_a_card_that_can_go_up_is_not_packed_on_the_waste():
    """"If the uppermost cards of the Reserves are not available for playing to
    the foundation cards, but either of them forms a sequence ... to the top
    card of the waste-heap, it may be laid thereon": a Reserve card that can
    go up may not go to the waste instead."""
    rules, pos = position(RES, {R_ACE: "Ah 2h 3h 4h 5h 6h 7h", 1: "8h", 2: "6h", R_WASTE: "7h",
                                R_STOCK: "2c"}, down={R_STOCK: 1})
    assert "goes to the Waste heap only when" in refusal(rules, pos, 1, R_WASTE)
    assert refusal(rules, pos, 1, R_ACE) is None
    assert refusal(rules, pos, 2, R_WASTE) is None                 # the 6♥ cannot go up
    assert all(not (m.src == pile_index(rules, 1) and m.dst == pile_index(rules, R_WASTE))
               for m in rules.legal_moves(pos))


def test_storehouse_a_vacancy_refused_a_storehouse_card_cites_the_refill_rule(run):
    """The Storehouse's top card may not fill an empty auxiliary ("any
    vacancies should be at once filled from the waste-heap"): the refusal
    cites the sheet's rule 4, the refill, not rule 2."""
    from patience_cli.game import Game
    from patience_cli.rules_text import rule_cited

    rules, pos = store({1: "", S_STORE: "9c", S_F: "2c", S_WASTE: ""})
    why = rules.move_reason(pos, move_between(rules, S_STORE, 1))
    assert "filled only from the Waste heap" in why
    assert move_between(rules, S_STORE, 1) not in list(rules.legal_moves(pos))
    game = Game.new(STORE, seed=2)
    assert rule_cited(game.layout, why.topics) == 4


def test_pyramid_the_waste_heaps_top_card_goes_to_a_foundation():
    """Hoffmann names the waste heap only as what fills the blanks; its top card
    may also go up to a foundation that takes it (a choice stated on the
    sheet: the book builds "the complete suit" on each ace, and cards reach
    the aces only through the Pyramid otherwise)."""
    rules, pos = filled(PYR, {PY_F: "Ah", PY_WASTE: "9c 2h", PY_STOCK: "5c"}, PY,
                        filler="Kc", down={PY_STOCK: 1}, dealt=1)
    assert refusal(rules, pos, PY_WASTE, PY_F) is None
