"""General Sedgewick (C28), the Quadrangle, Robert, the Corners and the Terrace (C27):
the foundations' rank fixed by the deal or chosen by the player.
Each rule and each sentence that allows or forbids something, shown allowed and
forbidden on hand-made positions, and the deal as the book lays it."""

from conftest import cards, filled, move_between, pile_index, pile_text, refusal, with_pack

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

# ---------------------------------------------------------------- General Sedgewick
GS = "general-sedgewick"
CROSS = range(1, 6)
F1, PACK, TALON = 6, 10, 11


def gs(piles, **kw):
    return with_pack(GS, piles, CROSS, PACK, "2c", **kw)


def test_sedgewick_the_card_after_the_cross_fixes_the_foundations_rank():
    """"Deal five cards ... in the form of a cross. The next card turned is to
    be placed in the left-hand upper corner, and this constitutes the
    foundation card"."""
    for seed in range(1, 21):
        game = Game.new(GS, seed=seed)
        deck, rules, pos = game.deck, game.rules, game.position
        first = pos.piles[pile_index(rules, F1)][0]
        assert first == deck[5]                       # the sixth card turned
        for n in CROSS:                               # the cross: single cards, none of that rank
            assert len(pos.piles[pile_index(rules, n)]) == 1
            assert pos.piles[pile_index(rules, n)][0].rank != first.rank


def test_sedgewick_the_three_others_of_that_rank_go_to_the_corners_as_they_appear():
    rules, pos = gs({F1: "7h", PACK: "9d 7s"})
    turned = rules.apply(pos, DEAL)                  # the 7♠ is turned: to a corner at once
    assert pile_text(rules, turned, TALON) == ""
    assert sorted(pile_text(rules, turned, n) for n in (7, 8, 9)) == ["", "", "7s"]
    rules, pos = gs({F1: "7h", 1: "7c"})             # a seven freed on the cross goes too
    assert sorted(pile_text(rules, rules.settle(pos), n) for n in (7, 8, 9)) == ["", "", "7c"]
    rules, pos = gs({F1: "7h", 1: "8c"})
    assert "takes only" in refusal(rules, pos, 1, 7)  # another rank never starts a corner
    rules, pos = gs({F1: "7h", 1: "6s", 2: "8d", PACK: "Qc 7d"})
    refilled = rules.apply(pos, move_between(rules, 1, 2))   # its place takes the 7♦ ...
    assert sorted(pile_text(rules, refilled, n) for n in (7, 8, 9)) == ["", "", "7d"]
    assert pile_text(rules, refilled, 1) == "Qc"             # ... which goes up: the next


def test_sedgewick_rule_2_the_foundations_follow_suit_and_turn_the_corner():
    rules, pos = gs({F1: "Jh Qh Kh", 1: "Ah", 2: "Ac"})
    assert refusal(rules, pos, 1, F1) is None         # after the king, the ace of its suit
    assert "follow suit" in refusal(rules, pos, 2, F1)
    rules, pos = gs({F1: "Jh Qh Kh Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h", 1: "Jd", 7: "Jd Qd"})
    assert "complete" in refusal(rules, pos, 1, F1)  # it ends at the rank below the knave


def test_sedgewick_rules_1_3_4_the_cross_packs_down_regardless_of_suit_top_card_only():
    rules, pos = gs({F1: "Ks", 1: "9h", 2: "8c", 3: "10c 8s", 4: "10h"})
    assert refusal(rules, pos, 2, 1) is None          # an 8♣ on a 9♥: down, any suit (III, IV)
    assert "builds down" in refusal(rules, pos, 1, 2)  # a 9 on an 8: never upwards
    assert refusal(rules, pos, 1, 4) is None           # a 9♥ on the 10♥
    under = move_between(rules, 3, 1)._replace(card=cards("10c")[0])
    assert "not available" in rules.move_reason(pos, under)  # the 10♣ under the 8♠ (Rule I)
    assert refusal(rules, pos, 3, 1) is None           # the 8♠ on top of its packet moves
    freed = rules.apply(pos, move_between(rules, 3, 1))
    assert pile_text(rules, freed, 3) == "10c"         # ... and frees the 10♣


def test_sedgewick_talon_cards_go_on_the_cross_and_vacancies_are_refilled():
    """"Cards from the pack or talon may also be placed in descending sequence
    on those of the cross"; a vacancy is filled from the talon, else the pack."""
    rules, pos = gs({F1: "8s", 1: "9s", 2: "Jd", TALON: "10c", PACK: "4h 5d"})
    assert refusal(rules, pos, TALON, 2) is None
    after = rules.apply(pos, move_between(rules, 1, F1))   # the 9♠ up: its place takes the 10♣
    assert pile_text(rules, after, 1) == "10c" and pile_text(rules, after, TALON) == ""
    after = rules.apply(after, move_between(rules, 1, 2))  # the 10♣ on the J♦: from the pack
    assert pile_text(rules, after, 1) == "5d"


def test_sedgewick_there_is_no_redeal():
    rules, pos = gs({F1: "8s", 1: "9s", TALON: "4h 5d", PACK: ""}, down={})
    assert not rules.is_legal(pos, DEAL)
    assert "no redeal" in rules.move_reason(pos, DEAL)
    rules, pos = gs({F1: "8s 9s 10s Js Qs Ks As 2s 3s 4s 5s 6s 7s"}, down={})
    assert rules.status(pos)[0] is not Status.WON
    run = "8 9 10 J Q K A 2 3 4 5 6 7".split()
    full = {F1 + i: " ".join(r + s for r in run) for i, s in enumerate("shdc")}
    rules, pos = filled(GS, {**full, PACK: ""}, (), down={})
    assert rules.status(pos)[0] is Status.WON                # rule 7


# ---------------------------------------------------------------- the Quadrangle
QU = "quadrangle"
HEAPS = range(1, 13)
Q_F1, Q_PACK, Q_WASTE = 13, 21, 22


def qu(piles, **kw):
    return with_pack(QU, piles, HEAPS, Q_PACK, "2c", **kw)


def test_quadrangle_the_card_after_the_frame_fixes_the_rank_of_eight_foundations():
    """Twelve heaps of three, then "the first card that comes to hand ...
    decides what cards shall form the foundations"; such cards, "as they chance
    to appear", go to their places at once."""
    for seed in range(1, 11):
        game = Game.new(QU, seed=seed)
        rules, pos, deck = game.rules, game.position, game.deck
        first = pos.piles[pile_index(rules, Q_F1)][0]
        assert first == deck[36]
        laid = [c for n in range(Q_F1, Q_F1 + 8) for c in pos.piles[pile_index(rules, n)]]
        assert all(c.rank == first.rank for c in laid)
        heaps = [pos.piles[pile_index(rules, n)] for n in HEAPS]
        assert all(len(h) <= 3 for h in heaps) and sum(map(len, heaps)) + len(laid) == 37
        assert not any(h and h[-1].rank == first.rank for h in heaps)   # none left on top
    rules, pos = qu({Q_F1: "7h", Q_PACK: "9d 7s"})
    turned = rules.apply(pos, DEAL)
    assert pile_text(rules, turned, Q_WASTE) == "" and "7s" in \
        [pile_text(rules, turned, n) for n in range(Q_F1 + 1, Q_F1 + 8)]
    rules, pos = qu({Q_F1: "7h", 1: "8c"})
    assert "takes only" in refusal(rules, pos, 1, Q_F1 + 1)


def test_quadrangle_foundations_follow_suit_and_turn_the_corner():
    rules, pos = qu({Q_F1: "Qh Kh", 1: "Ah", 2: "Ac", 3: "2h"})
    assert refusal(rules, pos, 1, Q_F1) is None and "follow suit" in refusal(rules, pos, 2, Q_F1)
    assert refusal(rules, pos, 3, Q_F1) is not None


def test_quadrangle_heaps_pack_down_in_suit_top_card_only():
    rules, pos = qu({Q_F1: "Ks", 1: "9h", 2: "8h", 3: "8c", 4: "10h 8d", Q_WASTE: "8h"})
    assert refusal(rules, pos, 2, 1) is None                          # 8♥ on 9♥
    assert "follows suit" in refusal(rules, pos, 3, 1)                # 8♣ on 9♥: no
    assert refusal(rules, pos, 1, 2) is not None                      # upwards: no
    assert refusal(rules, pos, Q_WASTE, 1) is None                    # the waste's top too
    under = move_between(rules, 4, 1)._replace(card=cards("10h")[0])
    assert "not available" in rules.move_reason(pos, under)


def test_quadrangle_an_emptied_heap_takes_one_waste_card_when_you_like():
    rules, pos = qu({Q_F1: "Ks", 1: "9h", 2: "8h", Q_WASTE: "Qc 5d"})
    after = rules.apply(pos, move_between(rules, 2, 1))
    assert pile_text(rules, after, 2) == "" and pile_text(rules, after, Q_WASTE) == "Qc 5d"
    assert refusal(rules, after, Q_WASTE, 2) is None                  # the 5♦, any card
    assert refusal(rules, after, 3, 2) is not None                    # never from a heap
    assert refusal(rules, after, Q_PACK, 2) is not None               # nor from the pack
    filled_up = rules.apply(after, move_between(rules, Q_WASTE, 2))
    assert pile_text(rules, filled_up, 2) == "5d"
    rules, pos = qu({Q_F1: "Ks", Q_WASTE: "4h", Q_PACK: ""}, down={})
    assert not rules.is_legal(pos, DEAL)                               # a single deal


# ---------------------------------------------------------------- Robert
RB = "robert"
R_PILE, R_PACK, R_WASTE = 1, 2, 3
SUIT_RUNS = [f"{r}{s}" for s in "shdc" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]


def robert(deck_codes, variant=None):
    return Game.new(RB, variant, deck=cards(" ".join(deck_codes)))


def test_robert_the_first_card_begins_the_pile_and_each_card_that_follows_goes_on():
    """"If such first card is, say, a ten, and that next following is a nine or a
    knave, (of any suit), you lay this card upon the ten ... [else] you throw it
    aside to a waste-heap"; then "on this nine the first eight or ten"."""
    first = ["10h", "9c", "3d", "10s", "Jd", "2c"]
    game = robert(first + [c for c in SUIT_RUNS if c not in first])
    rules = game.rules
    assert pile_text(rules, game.position, R_PILE) == "10h"
    for _ in range(5):
        game.play(DEAL)
    assert pile_text(rules, game.position, R_PILE) == "10h 9c 10s Jd"   # down, up, up
    assert pile_text(rules, game.position, R_WASTE) == "3d 2c"
    assert "stay there" in rules.move_reason(game.position, move_between(rules, R_WASTE, R_PILE))


def test_robert_a_king_takes_only_a_queen_unless_the_pile_turns_the_corner():
    deck = SUIT_RUNS                                  # A♠ ... K♠ A♥ ... K♥ A♦ ... K♣
    for variant, won in ((None, False), ("turning", True)):
        game = robert(deck, variant)
        while game.rules.advice.forced_move(game.position) is not None:   # what 'auto' plays
            game.play(game.rules.advice.forced_move(game.position))
        assert (game.status()[0] is Status.WON) is won, variant
        assert game.legal_moves() == []
    plain = robert(deck)
    for _ in range(12):
        plain.play(DEAL)
    plain.play(DEAL)                                  # the A♥ after the K♠: thrown aside
    assert pile_text(plain.rules, plain.position, R_WASTE) == "Ah"


def test_robert_the_waste_heap_is_dealt_three_times_more_and_no_more():
    game = Game.new(RB, seed=4)
    while game.rules.advice.forced_move(game.position) is not None:
        game.play(game.rules.advice.forced_move(game.position))
    assert game.position.get("redeals") == 3 and game.status()[0] is Status.LOST
    assert "3 redeals are used" in game.rules.deal_reason(game.position)


# ---------------------------------------------------------------- the Corners
CO = "corners"
CORNERS, AUXILIARIES = range(1, 5), range(5, 10)
C_STOCK, C_WASTE = 10, 11
WHOLE = [f"{r}{s}" for s in "shdc" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]


def corners(piles, **kw):
    return with_pack(CO, piles, AUXILIARIES, C_STOCK, "Kc", **kw)


def test_corners_the_four_corners_are_of_different_suits():
    """"The cards at corners must be of different suits": a corner card of a
    suit already at a corner goes to the bottom of the pack, the next is dealt."""
    for seed in range(1, 31):
        game = Game.new(CO, seed=seed)
        suits = [game.position.piles[pile_index(game.rules, n)][0].suit for n in CORNERS]
        assert len(set(suits)) == 4, seed
    first = ["5d", "9d", "9s", "Kh", "2c", "4c", "7d", "Jh", "3s", "Qc"]
    game = Game.new(CO, deck=cards(" ".join(first + [c for c in WHOLE if c not in first])))
    rules, pos = game.rules, game.position
    assert [pile_text(rules, pos, n) for n in CORNERS] == ["5d", "9s", "Jh", "Qc"]
    stock = pos.piles[pile_index(rules, C_STOCK)]
    assert stock[0].code == "7d"                      # sent to the bottom of the pack


def test_corners_the_nine_top_cards_are_laid_out_in_three_rows():
    """"You lay out in three rows the nine top cards. The cards at corners ...
    are the foundation cards, the others the auxiliaries": a deck from the
    table is dealt row by row, left to right, the corners at the ends of the
    first and last rows; a seeded deal lays out what it always has."""
    first = ["5d", "9d", "9s", "Kh", "2c", "4c", "Jh", "3s", "Qc"]
    game = Game.new(CO, deck=cards(" ".join(first + [c for c in WHOLE if c not in first])))
    rules, pos = game.rules, game.position
    rows = [[1, 5, 2], [6, 7, 8], [3, 9, 4]]
    assert [[pile_text(rules, pos, n) for n in row] for row in rows] == \
        [["5d", "9d", "9s"], ["Kh", "2c", "4c"], ["Jh", "3s", "Qc"]]
    seeded = Game.new(CO, seed=4)                     # the deck it keeps deals it again
    again = Game.new(CO, deck=seeded.deck)
    assert again.position == seeded.position


def test_corners_each_climbs_in_suit_from_its_own_card_round_the_corner():
    rules, pos = corners({1: "5d", 2: "9s Ks", 3: "Qh", 4: "2c", 5: "6d", 6: "10s", 7: "6s",
                          8: "As", 9: "Kh"})
    assert refusal(rules, pos, 5, 1) is None          # 6♦ on 5♦
    assert refusal(rules, pos, 7, 2) is not None      # 6♠ does not follow 9♠ ... K♠
    assert refusal(rules, pos, 8, 2) is None          # the ace after the king
    assert refusal(rules, pos, 9, 3) is None          # K♥ on Q♥
    run = "5d 6d 7d 8d 9d 10d Jd Qd Kd Ad 2d 3d 4d"
    rules, pos = corners({1: run, 5: "5d"})
    assert "complete" in refusal(rules, pos, 5, 1)


def test_corners_auxiliaries_go_up_and_are_refilled_from_the_stock_nothing_on_them():
    rules, pos = corners({1: "5d", 2: "9s", 3: "Qh", 4: "2c", 5: "6d", 6: "5h", C_STOCK: "8c 7h"})
    after = rules.apply(pos, move_between(rules, 5, 1))
    assert pile_text(rules, after, 5) == "7h" and pile_text(rules, after, C_STOCK) == "8c"
    assert refusal(rules, pos, 6, 7) is not None                      # nothing on an auxiliary


def test_corners_a_card_turned_that_follows_goes_up_else_to_the_waste_three_deals():
    rules, pos = corners({1: "5d", 2: "9s", 3: "Qh", 4: "2c", C_STOCK: "8c 6d"})
    up = rules.apply(pos, DEAL)
    assert pile_text(rules, up, 1) == "5d 6d" and pile_text(rules, up, C_WASTE) == ""
    aside = rules.apply(up, DEAL)
    assert pile_text(rules, aside, C_WASTE) == "8c"
    assert "stay there" in refusal(rules, aside, C_WASTE, 4)          # never played from
    turned = rules.apply(aside, DEAL)                                  # the waste: a new stock
    assert pile_text(rules, turned, C_STOCK) == "8c" and turned.get("redeals") == 1
    spent = corners({1: "5d", 2: "9s", 3: "Qh", 4: "2c", C_STOCK: "", C_WASTE: "8c"},
                    down={}, redeals=2)
    assert not spent[0].is_legal(spent[1], DEAL)


# ---------------------------------------------------------------- the Terrace
TER = "terrace"
VALLEY = range(1, 10)
TERRACE, TF1, TPACK, TTALON = 10, 11, 19, 20


def ter(piles, **kw):
    """A Terrace whose rank is chosen (a seven on the first foundation, unless
    the test says), every Valley place filled with a K♠."""
    return with_pack(TER, {TF1: "7h", **piles}, VALLEY, TPACK, "Ks", **kw)


def test_terrace_the_deal_and_the_choice_of_the_foundations_rank():
    """"Deal out ... a row of thirteen cards. ... turn up ... three cards, and
    choose one of the three as a foundation ... place your two rejected cards
    underneath ... and deal out seven other cards alongside" (rule 1)."""
    game = Game.new(TER, seed=3)
    rules, pos, deck = game.rules, game.position, game.deck
    assert len(pos.piles[pile_index(rules, TERRACE)]) == 13
    three = [pos.piles[pile_index(rules, n)] for n in VALLEY]
    assert [len(p) for p in three] == [1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert [p[0] for p in three[:3]] == list(deck[13:16])
    # the only moves: one of the three to the first foundation
    assert list(rules.legal_moves(pos)) == [move_between(rules, n, TF1) for n in (1, 2, 3)]
    assert "chosen first" in rules.move_reason(pos, DEAL)
    assert "chosen first" in refusal(rules, pos, 1, TF1 + 1)
    assert "chosen first" in refusal(rules, pos, TERRACE, TF1)
    game.play(move_between(rules, 2, TF1))
    game.play(DEAL)                                   # the seven others, and nothing more
    after = game.position
    assert pile_text(rules, after, TTALON) == ""
    assert [len(after.piles[pile_index(rules, n)]) for n in VALLEY] == [1] * 9
    assert after.piles[pile_index(rules, 1)] == three[0] and \
        after.piles[pile_index(rules, 3)] == three[2]    # the two rejected stay
    assert pile_text(rules, after, TF1) == deck[14].code


def test_terrace_rules_2_3_only_its_right_hand_card_is_free_and_it_comes_first():
    rules, pos = ter({TERRACE: "9c 8s", 1: "Kd", 2: "10d"})
    assert refusal(rules, pos, TERRACE, TF1) is None          # the 8♠, its right-hand card
    assert "must be played before any other" in refusal(rules, pos, 2, 1)
    assert "must be played before the pack" in rules.move_reason(pos, DEAL)
    rules, pos = ter({TERRACE: "8s 9c", 1: "10d"})
    assert refusal(rules, pos, TERRACE, 1) is not None        # the Terrace goes only up
    assert refusal(rules, pos, TERRACE, TF1) is not None      # the 9♣ follows no seven
    assert refusal(rules, pos, 1, 2) is not None and rules.is_legal(pos, DEAL)


def test_terrace_rule_4_foundations_alternate_colours_and_turn_the_corner():
    rules, pos = ter({TF1: "Jh Qs Kd", 1: "Ac", 2: "Ad"})
    assert refusal(rules, pos, 1, TF1) is None        # after the king, an ace of the other colour
    assert "alternate" in refusal(rules, pos, 2, TF1)
    rules, pos = ter({TF1: "Jh Qs Kd Ac 2h 3s 4h 5s 6h 7s 8h 9s 10h", 1: "Jc"})
    assert "complete" in refusal(rules, pos, 1, TF1)  # thirteen cards: it ends at the ten


def test_terrace_rule_5_the_others_of_the_rank_go_up_as_they_appear():
    rules, pos = ter({TERRACE: "Kc 7c", 1: "7d", TTALON: "7s"})
    settled = rules.settle(pos)
    up = sorted(pile_text(rules, settled, n) for n in range(TF1 + 1, TF1 + 8))
    assert up == ["", "", "", "", "7c", "7d", "7s"]
    assert pile_text(rules, settled, TERRACE) == "Kc" and pile_text(rules, settled, 1) == ""
    rules, pos = ter({2: "8c"})
    assert "takes only" in refusal(rules, pos, 2, TF1 + 1)   # no other rank starts one


def test_terrace_rule_6_the_valley_packs_down_in_alternate_colours_top_card_only():
    rules, pos = ter({1: "9h", 2: "8c", 3: "8d", 4: "9c 2s", 5: "Ah", TTALON: "8s"})
    assert refusal(rules, pos, 2, 1) is None           # an 8♣ on a 9♥
    assert "alternate" in refusal(rules, pos, 3, 1)    # an 8♦ on a 9♥: same colour
    assert refusal(rules, pos, 1, 2) is not None       # never upwards
    assert refusal(rules, pos, TTALON, 1) is None      # the talon's top card too
    assert refusal(rules, pos, 4, 1) is not None       # the 9♣ lies under the 2♠
    rules, pos = ter({5: "Ah", 6: "Kc"})
    assert refusal(rules, pos, 6, 5) is not None       # no corner turned in the Valley


def test_terrace_rule_7_a_valley_vacancy_is_filled_from_the_pack_at_the_next_deal():
    rules, pos = ter({1: "8h", TF1: "7s", TTALON: "5c", TPACK: "2d 3d"})
    played = rules.apply(pos, move_between(rules, 1, TF1))
    assert pile_text(rules, played, 1) == ""           # it waits for the deal
    assert "filled only from the Pack" in refusal(rules, played, TTALON, 1)
    assert "filled only from the Pack" in refusal(rules, played, 2, 1)
    assert rules.words.deal_step_name(played) == "refill 1 vacancy from the pack"
    dealt = rules.apply(played, DEAL)
    assert pile_text(rules, dealt, 1) == "3d" and pile_text(rules, dealt, TTALON) == "5c"


def test_terrace_rule_8_the_pack_is_turned_once_there_is_no_redeal():
    rules, pos = ter({TTALON: "5c 6d", TPACK: "2d"})
    dealt = rules.apply(pos, DEAL)
    assert pile_text(rules, dealt, TTALON) == "5c 6d 2d"
    assert not rules.is_legal(dealt, DEAL) and rules.status(dealt)[0] is Status.LOST


# ---------------------------------------------------------------- the Plait
PLAIT = "plait"
PL, PCORNERS, PAUX, PF1, PPACK, PWASTE = 1, range(2, 6), range(6, 14), 14, 22, 23


def plait(piles, **kw):
    """A Plait whose rank is fixed (a seven on the first foundation, unless the
    test says), every corner and auxiliary a K♠, the Plait a K♥ and a Q♥."""
    return with_pack(PLAIT, {PF1: "7h", PL: "Kh Qh", **piles}, [*PCORNERS, *PAUX], PPACK, "Ks",
                     **kw)


def test_plait_the_deal_and_the_first_card_of_the_stock_fixes_the_rank():
    for seed in range(1, 11):
        game = Game.new(PLAIT, seed=seed)
        rules, pos, deck = game.rules, game.position, game.deck
        first = pos.piles[pile_index(rules, PF1)][0]
        assert first == deck[32]                      # the card after the 32 of the tableau
        plaited = pos.piles[pile_index(rules, PL)]     # the first twenty, less any gone up
        assert plaited == deck[:len(plaited)] and len(plaited) <= 20
        assert all(c.rank != first.rank for n in [*PCORNERS, *PAUX]
                   for c in pos.piles[pile_index(rules, n)])


def test_plait_rules_1_2_foundations_in_suit_round_the_corner_others_as_they_appear():
    rules, pos = plait({PF1: "Jh Qh Kh", 6: "Ah", 7: "Ac"})
    assert refusal(rules, pos, 6, PF1) is None         # after the king, the ace
    assert "follow suit" in refusal(rules, pos, 7, PF1)
    rules, pos = plait({PF1: "7h", 6: "7c", PWASTE: "7d"})
    settled = rules.settle(pos)
    assert sorted(pile_text(rules, settled, n) for n in range(15, 22)).count("") == 5
    rules, pos = plait({6: "8c"})
    assert "takes only" in refusal(rules, pos, 6, 15)


def test_plait_rules_3_4_only_its_lowest_card_is_free_and_it_comes_first():
    rules, pos = plait({PL: "8h Kc", 6: "8h"})
    assert "the K♣ cannot go on the 7♥" in refusal(rules, pos, PL, PF1)  # the 8♥ under it
    assert refusal(rules, pos, 6, PF1) is None
    rules, pos = plait({PL: "Kc 8h", 6: "8h"})
    assert refusal(rules, pos, PL, PF1) is None
    assert "must be played before any other" in refusal(rules, pos, 6, PF1)
    assert "must be played before the pack" in rules.move_reason(pos, DEAL)
    assert "cannot be returned" in refusal(rules, pos, 7, 6)   # nothing is placed on them


def test_plait_rule_5_corners_from_the_plait_auxiliaries_from_the_stock_at_once():
    rules, pos = plait({2: "8h", 6: "Ks", PL: "Kc Qc", PPACK: "3d 4d"})
    played = rules.apply(pos, move_between(rules, 2, PF1))
    assert pile_text(rules, played, 2) == "Qc" and pile_text(rules, played, PL) == "Kc"
    rules, pos = plait({6: "8h", PPACK: "3d 4d"})
    played = rules.apply(pos, move_between(rules, 6, PF1))
    assert pile_text(rules, played, 6) == "4d"


def test_plait_rule_6_three_redeals():
    """"You are entitled to deal three times through the waste-heap": three
    deals of the waste heap after the first through the pack, as in Robert,
    the Octagon and Quadrille, whose books say the same words."""
    rules, pos = plait({PPACK: "", PWASTE: "2d 3d"}, down={PPACK: 0},
                       redeals=2)
    assert rules.is_legal(pos, DEAL)                           # a third time through it
    rules, pos = plait({PPACK: "", PWASTE: "2d 3d"}, down={PPACK: 0},
                       redeals=3)
    assert not rules.is_legal(pos, DEAL)
    rules, pos = plait({PPACK: "", PWASTE: "2d 3d"}, down={PPACK: 0})
    again = rules.apply(pos, DEAL)
    assert pile_text(rules, again, PWASTE) == "" and len(again.piles[pile_index(rules, PPACK)]) == 2


# ---------------------------------------------------------------- the Herring-Bone
HB = "herring-bone"
BONE, SCENES, BARS, UP1, DOWN1, HPACK, HTALON = 1, range(2, 10), range(10, 14), 14, 18, 22, 23


def hb(piles, **kw):
    """A Herring-Bone whose rank is fixed (a seven of hearts going up, unless the
    test says), every side scene and bar a K♠, the bone a K♥ and a Q♥."""
    return with_pack(HB, {UP1: "7h", BONE: "Kh Qh", **piles}, [*SCENES, *BARS], HPACK, "Ks",
                     **kw)


def test_herring_bone_the_deal_and_the_card_after_the_forty_fixes_the_rank():
    for seed in range(1, 11):
        game = Game.new(HB, seed=seed)
        rules, pos, deck = game.rules, game.position, game.deck
        assert pos.piles[pile_index(rules, UP1)][0] == deck[40]
        bone = pos.piles[pile_index(rules, BONE)]
        assert bone == deck[:len(bone)] and len(bone) <= 28


def test_herring_bone_rules_1_2_four_up_four_down_in_suit_the_first_of_a_suit_up():
    rules, pos = hb({2: "7h", 3: "7c", 4: "7h"})
    settled = rules.settle(pos)
    up = [pile_text(rules, settled, n) for n in range(UP1, UP1 + 4)]
    down = [pile_text(rules, settled, n) for n in range(DOWN1, DOWN1 + 4)]
    assert sorted(u for u in up if u) == ["7c", "7h"]   # the clubs' first goes up
    assert [d for d in down if d] == ["7h"]             # the second heart goes down
    rules, pos = hb({DOWN1: "7h", UP1: "7h 8h 9h 10h Jh Qh Kh", 2: "Ah", 3: "6h", 4: "6c"})
    assert refusal(rules, pos, 2, UP1) is None         # round the corner going up
    assert refusal(rules, pos, 3, DOWN1) is None       # a six on the descending seven
    assert "follow suit" in refusal(rules, pos, 4, DOWN1)
    assert "takes only" in refusal(rules, pos, 4, DOWN1 + 1)   # only a seven starts one


def test_herring_bone_an_empty_foundation_is_known_to_take_only_the_fixed_rank():
    """The move generator's quick look at an empty foundation of suits all
    different: once the rank is fixed, only that rank (whose suit the full
    rules then check); before, any."""
    rules, pos = hb({})
    empty = pile_index(rules, UP1 + 1)
    assert rules.ranks_taken(pos, empty) == {7}
    assert [c for c in cards("7h 7c 8c 6c") if rules.fits(pos, c, empty)] == list(cards("7c"))
    rules, pos = hb({UP1: ""})
    assert rules.ranks_taken(pos, empty) is None   # no card has fixed the rank yet


def test_herring_bone_rule_3_the_bone_from_its_lowest_card_scenes_and_bars_free():
    rules, pos = hb({BONE: "8h Kc", 2: "8h", 10: "8h"})
    assert "the K♣ cannot go on the 7♥" in refusal(rules, pos, BONE, UP1)
    assert refusal(rules, pos, 2, UP1) is None and refusal(rules, pos, 10, UP1) is None
    assert "cannot be returned" in refusal(rules, pos, 2, 10)
    assert "nothing is placed on a card" in refusal(rules, pos, 10, 3)


def test_herring_bone_rule_4_an_emptied_bar_takes_the_bones_lowest_card_at_once():
    rules, pos = hb({10: "8h", BONE: "Kc Qc"})
    played = rules.apply(pos, move_between(rules, 10, UP1))
    assert pile_text(rules, played, 10) == "Qc" and pile_text(rules, played, BONE) == "Kc"


def test_herring_bone_rule_5_a_side_scene_only_from_the_talon_or_the_pack():
    rules, pos = hb({2: "", HTALON: "5c", 10: "9d", HPACK: "3d 4d"})
    assert refusal(rules, pos, HTALON, 2) is None
    assert refusal(rules, pos, HPACK, 2) is None
    assert "filled only from the Talon or the Pack" in refusal(rules, pos, 10, 2)
    assert "filled only from the Talon or the Pack" in refusal(rules, pos, BONE, 2)


def test_herring_bone_rule_6_cards_pass_between_a_suits_two_foundations():
    rules, pos = hb({UP1: "7h 8h 9h", DOWN1: "7h 6h 5h 4h 3h 2h Ah Kh Qh Jh 10h"})
    assert refusal(rules, pos, UP1, DOWN1) is None     # the 9♥ onto the 10♥
    assert refusal(rules, pos, DOWN1, UP1) is None     # the 10♥ onto the 9♥


def test_herring_bone_rule_7_two_shuffled_redeals():
    rules, pos = hb({HPACK: "", HTALON: "2d 3d"}, down={HPACK: 0}, redeals=2)
    assert not rules.is_legal(pos, DEAL)
    rules, pos = hb({HPACK: "", HTALON: "2d 3d"}, down={HPACK: 0}, redeals=1)
    again = rules.apply(pos, DEAL)
    assert pile_text(rules, again, HTALON) == "" and len(again.piles[pile_index(rules, HPACK)]) == 2
