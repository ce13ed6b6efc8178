"""Margarethe (Cadogan no. 35), Anna (Cadogan no. 47) and the Square
(Cadogan no. 34): each rule and each sentence that allows or forbids
something, shown allowed and forbidden on hand-made positions, and the
Square's worked example of reversing a sequence."""

from conftest import cards, filled, move_between, pile_index, pile_text, position, refusal

from patience_cli.engine import DEAL, Move, Status
from patience_cli.game import Game

# ---------------------------------------------------------------- Margarethe
MAR = "margarethe"
M_KING, M_KNAVE, M_QUEEN, M_ACES, M_PACK, M_TALON = 10, 14, 18, 22, 23, 24
HELPS = range(1, 10)


def test_margarethe_court_cards_withdrawn_and_nine_helps():
    game = Game.new(MAR, seed=3)
    pos, rules = game.position, game.rules
    assert {pile_text(rules, pos, n)[0] for n in range(10, 14)} == {"K"}
    assert {pile_text(rules, pos, n)[0] for n in range(14, 18)} == {"J"}
    assert {pile_text(rules, pos, n)[0] for n in range(18, 22)} == {"Q"}
    assert len(pos.piles[pile_index(rules, M_PACK)]) == 52 - 12 - 9


def test_margarethe_rule_2_kings_ten_to_eight_knaves_seven_to_five_queens_four_to_two():
    rules, pos = filled(MAR, {M_KING: "Kc", M_KNAVE: "Jc", M_QUEEN: "Qc", 1: "10c", 2: "7c",
                              3: "4c", 4: "9c", 5: "10d", M_PACK: "2s"}, HELPS,
                        down={M_PACK: 1})
    assert refusal(rules, pos, 1, M_KING) is None
    assert refusal(rules, pos, 2, M_KNAVE) is None
    assert refusal(rules, pos, 3, M_QUEEN) is None
    assert "takes a ten next" in refusal(rules, pos, 4, M_KING)
    assert "follows suit" in refusal(rules, pos, 5, M_KING)
    assert refusal(rules, pos, 2, M_KING) is not None


def test_margarethe_a_king_ends_with_the_eight():
    rules, pos = filled(MAR, {M_KING: "Kc 10c 9c 8c", 1: "7c"}, HELPS)
    assert "complete" in rules.building.build_reason(pos, cards("7c")[0], pile_index(rules, M_KING))


def test_margarethe_rule_3_every_ace_into_one_packet():
    rules, pos = filled(MAR, {M_ACES: "Ah As", 1: "Ad", 2: "2d", M_PACK: "3s"}, HELPS,
                        down={M_PACK: 1})
    assert refusal(rules, pos, 1, M_ACES) is None
    assert refusal(rules, pos, 2, M_ACES) is not None


def test_margarethe_rule_4_helps_refilled_from_the_pack_only_never_built_on():
    rules, pos = filled(MAR, {M_KING: "Kc", 1: "10c", M_PACK: "5h", M_TALON: "6d"}, HELPS,
                        down={M_PACK: 1})
    pos = rules.apply(pos, move_between(rules, 1, M_KING))
    assert pile_text(rules, pos, 1) == "5h" and pile_text(rules, pos, M_TALON) == "6d"
    assert refusal(rules, pos, M_TALON, 2) is not None


def test_margarethe_one_redeal():
    rules, pos = filled(MAR, {M_TALON: "5h 6d"}, HELPS)
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, M_PACK) == "6d 5h"
    pos = rules.apply(pos, DEAL)
    pos = rules.apply(pos, DEAL)
    assert "redeal is used" in rules.deal_reason(pos)


# ---------------------------------------------------------------- Anna
ANNA = "anna"
A_KNAVE, A_PACK, A_TALON = 9, 17, 18
A_HELPS = range(1, 9)


def test_anna_knaves_laid_as_they_come_build_down_through_the_ace_to_the_king():
    rules, pos = filled(ANNA, {1: "Jh", 2: "10h", A_PACK: "3s"}, A_HELPS, down={A_PACK: 1})
    assert refusal(rules, pos, 1, A_KNAVE) is None
    assert "takes only a knave" in refusal(rules, pos, 2, A_KNAVE)
    rules, pos = filled(ANNA, {A_KNAVE: "Jh 10h 9h 8h 7h 6h 5h 4h 3h 2h Ah", 1: "Kh", 2: "Kd",
                               A_PACK: "3s"}, A_HELPS, down={A_PACK: 1})
    assert refusal(rules, pos, 1, A_KNAVE) is None               # the king after the ace
    assert "follows suit" in refusal(rules, pos, 2, A_KNAVE)


def test_anna_knaves_that_turn_up_anywhere_are_laid_in_the_n_at_once():
    """"Whenever in the course of the deal knaves turn up, they are to be placed
    so as to form the letter N": a knave dealt among the helps goes to the N
    and the pack's next card takes its place; a knave turned from the pack or
    brought into a vacancy goes there too; never does a knave wait."""
    for seed in range(1, 31):
        game = Game.new(ANNA, seed=seed)
        knaves = sum(c.rank == 11 for c in game.deck[:8])
        helps = [game.position.piles[pile_index(game.rules, n)] for n in A_HELPS]
        assert all(len(h) == 1 and h[0].rank != 11 for h in helps), seed
        laid = [p for n in range(A_KNAVE, A_KNAVE + 8)
                for p in game.position.piles[pile_index(game.rules, n)]]
        assert len(laid) >= knaves and all(c.rank == 11 for c in laid)
    rules, pos = filled(ANNA, {A_PACK: "3s Jd"}, A_HELPS, down={A_PACK: 2})
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, A_TALON) == "" and pile_text(rules, pos, A_KNAVE) == "Jd"
    rules, pos = filled(ANNA, {1: "7h", 2: "8h", A_PACK: "4s Jc"}, A_HELPS, down={A_PACK: 2})
    pos = rules.apply(pos, move_between(rules, 2, 1))            # the vacancy takes the J♣ ...
    # ... which goes on
    assert pile_text(rules, pos, A_KNAVE) == "Jc" and pile_text(rules, pos, 2) == "4s"


def test_anna_helps_marry_upwards_in_suit_top_card_only():
    rules, pos = filled(ANNA, {1: "7h", 2: "8h", 3: "6h", 4: "8s", 5: "9h 2c", A_PACK: "3s"},
                        A_HELPS, down={A_PACK: 1})
    assert refusal(rules, pos, 2, 1) is None                     # 8♥ on 7♥: ascending
    assert refusal(rules, pos, 3, 1) is not None                 # 6♥ on 7♥: no
    assert "follows suit" in refusal(rules, pos, 4, 1)
    pos = rules.apply(pos, move_between(rules, 2, 1))
    assert refusal(rules, pos, 5, 1) is not None                 # the 9♥ is covered


def test_anna_rule_3_nothing_is_laid_on_a_queen():
    rules, pos = filled(ANNA, {1: "Jh", 2: "Qh", 3: "Kh", A_PACK: "3s 4s"}, A_HELPS,
                        down={A_PACK: 2})
    assert refusal(rules, pos, 2, 1) is None                     # a queen on the knave
    pos = rules.apply(pos, move_between(rules, 2, 1))
    assert "complete at the queen" in refusal(rules, pos, 3, 1)


def test_anna_vacancies_from_talon_then_pack_and_two_redeals():
    rules, pos = filled(ANNA, {1: "7h", 2: "8h", A_TALON: "Qc", A_PACK: "3s"}, A_HELPS,
                        down={A_PACK: 1})
    pos = rules.apply(pos, move_between(rules, 2, 1))
    assert pile_text(rules, pos, 2) == "Qc"
    rules, pos = filled(ANNA, {A_TALON: "9c"}, A_HELPS)
    for _ in range(4):
        pos = rules.apply(pos, DEAL)
    assert "2 redeals are used" in rules.deal_reason(pos)


# ---------------------------------------------------------------- the Square
SQ = "square"
SQ_F, SQ_PACK, SQ_TALON = 17, 21, 22
CELLS = range(1, 17)


def test_square_four_aces_of_different_suits_as_they_appear():
    rules, pos = filled(SQ, {SQ_F: "Ah", 1: "Ah", 2: "As", SQ_PACK: "3c"}, CELLS,
                        down={SQ_PACK: 1})
    assert "different suits" in refusal(rules, pos, 1, SQ_F + 1)
    assert refusal(rules, pos, 2, SQ_F + 1) is None


def test_square_an_ace_dealt_among_the_sixteen_goes_to_its_corner_at_once():
    """"During the deal, the four aces of different suits must be placed in
    their allotted spaces as they appear": the first ace of a suit dealt to
    the Square goes up, and the next card takes its place; a second ace of
    the same suit stays where it is dealt."""
    from patience_cli.cards import new_pack, parse_card

    first = [parse_card(c) for c in
             ["9d", "Ac", "5h", "7s", "Ac", "Jd", "2h", "4c", "6d", "8s", "10h", "Qc", "Kd",
              "3s", "5d", "7h", "9c"]]
    rest = list(new_pack("whist", 2))
    for c in first:
        rest.remove(c)
    game = Game.new(SQ, deck=first + rest)
    rules, pos = game.rules, game.position
    homes = [pile_text(rules, pos, n) for n in range(17, 21)]
    assert homes.count("Ac") == 1 and homes.count("") == 3
    assert pile_text(rules, pos, 2) == "5h"                    # the next card in its place
    assert pile_text(rules, pos, 4) == "Ac"                    # the second A♣ stays
    assert pile_text(rules, pos, 16) == "9c"                   # sixteen cards still


def test_square_rule_2_up_to_the_king_a_second_king_then_down_to_the_ace():
    up = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"
    rules, pos = filled(SQ, {SQ_F: up, 1: "Kh", 2: "Ah", SQ_PACK: "3c"}, CELLS,
                        down={SQ_PACK: 1})
    assert refusal(rules, pos, 1, SQ_F) is None                  # the second king
    assert refusal(rules, pos, 2, SQ_F) is not None
    rules, pos = filled(SQ, {SQ_F: up + " Kh", 1: "Qh", SQ_PACK: "3c"}, CELLS,
                        down={SQ_PACK: 1})
    assert refusal(rules, pos, 1, SQ_F) is None                  # then down
    down = up + " Kh Qh Jh 10h 9h 8h 7h 6h 5h 4h 3h 2h Ah"
    rules, pos = position(SQ, {SQ_F: down})
    assert "complete" in rules.building.build_reason(pos, cards("2h")[0], pile_index(rules, SQ_F))


def test_square_rule_3_marriages_up_or_down_in_suit():
    rules, pos = filled(SQ, {1: "9c", 2: "8c", 3: "10c", 4: "8d", 5: "7c", SQ_PACK: "3s"},
                        CELLS, down={SQ_PACK: 1})
    assert refusal(rules, pos, 2, 1) is None
    assert refusal(rules, pos, 3, 1) is None
    assert "follows suit" in refusal(rules, pos, 4, 1)
    assert refusal(rules, pos, 5, 1) is not None


def test_square_the_books_example_a_sequence_reversed_onto_a_nine():
    # a run 10-J-Q of clubs ending in a ten on one packet; a nine elsewhere:
    # the ten goes on the nine, then the knave, then the queen: reversed.
    rules, pos = filled(SQ, {1: "9c", 2: "Qc Jc 10c", SQ_PACK: "3s 4s 5s"}, CELLS,
                        down={SQ_PACK: 3})
    for _ in range(3):
        pos = rules.apply(pos, move_between(rules, 2, 1))
    assert pile_text(rules, pos, 1) == "9c 10c Jc Qc"
    assert pile_text(rules, pos, 2) == "5s"                      # refilled from the pack


def test_square_vacancy_from_the_talon_first_and_no_redeal():
    rules, pos = filled(SQ, {1: "9c", 2: "8c", SQ_TALON: "Kd", SQ_PACK: "3s"}, CELLS,
                        down={SQ_PACK: 1})
    pos = rules.apply(pos, move_between(rules, 2, 1))
    assert pile_text(rules, pos, 2) == "Kd"
    rules, pos = filled(SQ, {SQ_TALON: "Kd"}, CELLS)
    assert "no redeal" in rules.deal_reason(pos)
    rules, pos = position(SQ, {SQ_F: "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Kh Qh Jh 10h 9h "
                                     "8h 7h 6h 5h 4h 3h 2h", 1: "Ah"})
    pos = rules.apply(pos, Move("move", pile_index(rules, 1), pile_index(rules, SQ_F)))
    assert rules.status(pos)[0] is Status.WON


def test_anna_the_talon_is_dealt_again_as_it_lies_unshuffled():
    """"The talon may be re-dealt twice": turned over as it lies, not shuffled
    (a choice stated on the sheet, as for Margarethe)."""
    rules, pos = filled(ANNA, {A_TALON: "9c 5h 2d"}, A_HELPS)
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, A_PACK) == "2d 5h 9c"
