"""Cards the books lay "as they come": such a card goes to its place the
moment it is free (turned from the pack, dealt, uncovered), so the next deal
can never bury it (``as_they_appear``; ``"every"`` for a place that takes
every such card; ``opens_after`` for places laid only after others)."""

import pytest
from conftest import filled, pile_index, pile_text, position, refusal

from patience_cli.engine import DEAL
from patience_cli.game import Game


def dealt(rules, pos, times=1):
    for _ in range(times):
        pos = rules.apply(pos, DEAL)
    return pos


def test_margarethe_every_ace_goes_to_the_packet_as_it_is_turned():
    """"All the aces as they appear are to be placed in one packet in the M
    underneath the knaves." """
    rules, pos = filled("margarethe", {22: "Ah", 23: "Ad 3s"}, range(1, 10), down={23: 2})
    pos = dealt(rules, pos)                                  # the 3♠ to the talon
    assert pile_text(rules, pos, 24) == "3s"
    pos = dealt(rules, pos)                                  # the A♦: not on the talon
    assert pile_text(rules, pos, 24) == "3s" and pile_text(rules, pos, 22) == "Ah Ad"


def test_the_kingdom_an_ace_is_placed_in_position_whenever_it_appears():
    """"Whenever an ace appears, it is placed in position." """
    rules, pos = filled("kingdom", {9: "Ah", 17: "Ac 7s"}, range(1, 9), down={17: 2})
    pos = dealt(rules, pos, 2)
    assert pile_text(rules, pos, 18) == "7s" and pile_text(rules, pos, 10) == "Ac"
    # an ace dealt among the auxiliaries goes to its place, and the row is refilled
    for seed in range(1, 21):
        game = Game.new("kingdom", seed=seed)
        row = [game.position.piles[pile_index(game.rules, n)] for n in range(1, 9)]
        assert all(len(p) == 1 and p[0].rank != 1 for p in row), seed


def test_queens_and_knaves_the_kings_are_laid_as_they_come_to_hand():
    """"As the kings come to hand they are likewise to be laid in two rows." """
    rules, pos = position("queens-and-knaves", {**{n: "Qc" for n in range(1, 9)},
                                                17: "Kd 9s"}, down={17: 2})
    pos = dealt(rules, pos, 2)
    assert pile_text(rules, pos, 18) == "9s" and pile_text(rules, pos, 9) == "Kd"


def test_the_dial_no_2_the_kings_must_be_laid_as_they_come_to_hand():
    """"The kings, which have no place in the circle, must be laid as they come
    to hand in the vacant spaces in the centre." """
    base = {1: "6c", 2: "7h", 3: "8s", 4: "9d", 5: "10c", 6: "Jh", 7: "Qs", 8: "Ad",
            9: "2c", 10: "3h", 11: "4s", 12: "5d"}
    rules, pos = position("dial-2", {**base, 13: "Kh", 14: "Ks 9s"}, down={14: 2})
    pos = dealt(rules, pos, 2)
    assert pile_text(rules, pos, 15) == "9s" and pile_text(rules, pos, 13) == "Kh Ks"


def test_quadrille_queens_first_then_the_fives_and_sixes_as_they_come():
    """"You turn up the cards one by one, until you come to a queen, when you
    place it ... When all four queens have thus taken up their positions, you
    in like manner place the fives and sixes." """
    rules, pos = position("quadrille", {1: "Qh", 2: "Qs", 13: "5s 6h Qd"}, down={13: 3})
    pos = dealt(rules, pos)                                  # the Q♦ to her place
    assert pile_text(rules, pos, 3) == "Qd" and pile_text(rules, pos, 14) == ""
    pos = dealt(rules, pos)                                  # a six before the fourth queen:
    assert pile_text(rules, pos, 14) == "6h" and pile_text(rules, pos, 9) == ""
    assert "only once every Queen is in place" in refusal(rules, pos, 14, 9)
    assert rules.is_legal(pos, DEAL)                         # ... it waits on the waste heap
    rules, pos = position("quadrille", {1: "Qh", 2: "Qs", 3: "Qd", 14: "6h",
                                        13: "5s Qc"}, down={13: 2})
    pos = dealt(rules, pos)                                  # the fourth queen: the 6♥ follows
    assert pile_text(rules, pos, 4) == "Qc" and pile_text(rules, pos, 9) == "6h"
    pos = dealt(rules, pos)                                  # and the 5♠, as it comes
    assert pile_text(rules, pos, 6) == "5s" and pile_text(rules, pos, 14) == ""


@pytest.mark.parametrize("game_id", ["margarethe", "kingdom", "queens-and-knaves", "dial-2",
                                     "quadrille", "anna", "mill"])
def test_no_card_laid_as_it_comes_ever_waits_free_for_the_deal(game_id):
    """Over seeded deals played move by move, no free card that its place
    would take by itself is ever left lying: the deal never covers one."""
    feature = None
    for seed in range(1, 6):
        game = Game.new(game_id, seed=seed)
        rules, pos = game.rules, game.position
        feature = next(f for f in rules.features if type(f).__name__ == "AsTheyAppear")
        for _ in range(150):
            assert feature.settle(pos) == pos, seed
            moves = list(rules.legal_moves(pos))
            if not moves:
                break
            pos = rules.apply(pos, moves[(seed * 7 + len(moves)) % len(moves)])
    assert feature is not None


def test_the_square_an_ace_of_a_suit_not_yet_in_a_corner_is_placed_as_it_appears():
    """"The four aces of different suits must be placed in their allotted
    spaces as they appear": one turned from the pack goes up by itself; a
    second ace of a suit already in a corner stays an ordinary card."""
    rules, pos = position("square", {**{n: "9c" for n in range(1, 17)}, 17: "Ah",
                                     21: "Ah As 5d"}, down={21: 3})
    pos = dealt(rules, pos)
    assert pile_text(rules, pos, 22) == "5d"
    pos = dealt(rules, pos)                                  # the A♠ to a corner
    assert pile_text(rules, pos, 22) == "5d" and pile_text(rules, pos, 18) == "As"
    pos = dealt(rules, pos)                                  # the second A♥ waits
    assert pile_text(rules, pos, 22) == "5d Ah"


def test_the_wrangle_the_aces_are_laid_as_they_come_to_hand():
    """"[The eight aces] as they come to hand in the course of the game are
    laid in their appointed positions." """
    game = Game.new("wrangle", seed=4)
    rules, pos = game.rules, game.position
    for _ in range(400):
        turned = [pos.piles[pile_index(rules, n)] for n in (15, 23)]
        assert not any(p and p[-1].rank == 1 for p in turned)
        moves = list(rules.legal_moves(pos))
        if not moves:
            break
        pos = rules.apply(pos, moves[-1])
    assert sum(len(pos.piles[pile_index(rules, n)]) for n in range(1, 9)) > 0


def test_the_kingdom_an_ace_uncovered_on_the_waste_goes_up_by_itself():
    """An ace "appears" too when the card on it leaves the waste heap: the
    2♠ up, its place filled with the waste's 7♦, the A♣ below goes to a place."""
    from conftest import move_between

    rules, pos = filled("kingdom", {9: "Ah", 1: "2s", 18: "9c Ac 7d", 17: "5h"}, range(1, 9),
                        down={17: 1})
    pos = rules.apply(pos, move_between(rules, 1, 9))
    assert pile_text(rules, pos, 1) == "7d"
    assert pile_text(rules, pos, 18) == "9c" and pile_text(rules, pos, 10) == "Ac"
