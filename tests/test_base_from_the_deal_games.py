"""General Sedgewick (Cadogan no. 28): the foundations' rank fixed by the deal.
Each rule and each sentence that allows or forbids something, shown allowed and
forbidden on hand-made positions, and the deal as the book lays it."""

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

from conftest import cards, filled, move_between, pile_index, pile_text, refusal, with_pack

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
        while game.rules.forced_move(game.position) is not None:   # what 'auto' plays
            game.play(game.rules.forced_move(game.position))
        assert (game.status()[0] is Status.WON) is won, variant
        assert game.legal_moves() == []
    plain = robert(deck)
    for _ in range(12):
        plain.play(DEAL)
    plain.play(DEAL)                                  # the A♥ after the K♠: thrown aside
    assert pile_text(plain.rules, plain.position, R_WASTE) == "Ah"


def test_robert_the_waste_heap_is_dealt_three_times_more_and_no_more():
    game = Game.new(RB, seed=4)
    while game.rules.forced_move(game.position) is not None:
        game.play(game.rules.forced_move(game.position))
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
    first = ["5d", "9d", "9s", "Kh", "2c"]
    game = Game.new(CO, deck=cards(" ".join(first + [c for c in WHOLE if c not in first])))
    rules, pos = game.rules, game.position
    assert [pile_text(rules, pos, n) for n in CORNERS] == ["5d", "9s", "Kh", "2c"]
    stock = pos.piles[pile_index(rules, C_STOCK)]
    assert stock[0].code == "9d"                      # sent to the bottom of the pack


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
