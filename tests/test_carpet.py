"""The Carpet (Cadogan no. 40): each rule, allowed and forbidden, on
hand-built positions.  Carpet places 1-64 row by row (place 1 upright, 2
crosswise, ...; place 9 starts row 2 crosswise), aces 65-68, kings 69-72,
pack 73, talon 74."""

from collections import Counter

from conftest import move_between as mv
from conftest import pile_index as ix
from conftest import position

from patience_cli.cards import new_pack
from patience_cli.engine import DEAL, Status, redeal_shuffled
from patience_cli.game import Game


def carpet(full=True, gaps=(), **cards):
    """A full carpet of 9♣ fillers (unless *full* is false), places in *gaps*
    empty, and the given places ("c10": "5h") holding the given cards."""
    piles = {n: "9c" for n in range(1, 65)} if full else {}
    piles[73] = "5d"  # a card left in the pack keeps the game going
    for n in gaps:
        piles.pop(n, None)
    for key, text in cards.items():
        piles[int(key[1:])] = text
    return piles


def free(rules, pos):
    return {rules.specs[i].number for i in rules.game.carpet if rules.available_cards(pos, i)}


def test_after_the_deal_only_cards_with_a_narrow_end_on_the_edge_are_free():
    rules, pos = position("carpet", carpet())
    # the book's crosses: upright cards of the top and bottom rows, crosswise
    # cards at the ends of the rows
    assert free(rules, pos) == {1, 3, 5, 7, 58, 60, 62, 64, 8, 24, 40, 56, 9, 25, 41, 57}


def test_an_upright_card_is_freed_by_a_clear_lane_along_its_column():
    rules, pos = position("carpet", carpet(gaps=[2]))          # above place 10
    assert 10 in free(rules, pos)
    rules, pos = position("carpet", carpet(gaps=[18]))         # below, but the lane is blocked
    assert 10 not in free(rules, pos)
    rules, pos = position("carpet", carpet(gaps=[18, 26, 34, 42, 50, 58]))  # clear to the bottom
    assert 10 in free(rules, pos)


def test_a_crosswise_card_is_freed_only_along_its_row():
    rules, pos = position("carpet", carpet(gaps=[9, 10]))      # left of place 11, to the edge
    assert 11 in free(rules, pos)
    rules, pos = position("carpet", carpet(gaps=[3, 19]))      # above and below: long sides only
    assert 11 not in free(rules, pos)


def test_taking_a_card_does_not_free_the_next_one_in_its_line():
    rules, pos = position("carpet", carpet(c3="Ad"))
    assert 11 not in free(rules, pos)
    pos = rules.apply(pos, mv(rules, 3, 67))                   # A♦ off the top of column 3
    assert 11 not in free(rules, pos), "place 11 lies crosswise: its ends are 10 and 12"
    assert "are blocked" in rules.move_reason(pos, mv(rules, 11, 74))


def test_foundations_follow_suit_aces_up_kings_down():
    rules, pos = position("carpet", {**carpet(c1="2s", c3="2h", c5="Qs", c7="Js"),
                                     65: "As", 69: "Ks"})
    assert rules.move_reason(pos, mv(rules, 1, 65)) is None
    assert "follow suit" in rules.move_reason(pos, mv(rules, 3, 65))
    assert rules.move_reason(pos, mv(rules, 5, 69)) is None
    assert "descend" in rules.move_reason(pos, mv(rules, 7, 69))


def test_carpet_cards_pack_on_the_talon_up_or_down_in_suit():
    rules, pos = position("carpet", {**carpet(c1="8h", c3="6h", c5="8s", c7="9h"), 74: "7h"})
    assert rules.move_reason(pos, mv(rules, 1, 74)) is None
    assert rules.move_reason(pos, mv(rules, 3, 74)) is None
    assert "follows suit" in rules.move_reason(pos, mv(rules, 5, 74))
    assert "up or down" in rules.move_reason(pos, mv(rules, 7, 74))


def test_a_sequence_on_the_talon_keeps_its_direction():
    """Rule IV: "ascending or descending sequences": 6♥ 7♥ packed up takes the
    8♥, not the other 6♥; a card turned from the pack starts a new sequence."""
    rules, pos = position("carpet", {**carpet(c1="7h", c3="6h", c5="8h", c7="6s"),
                                     73: "5d 7s", 74: "6h"})
    pos = rules.apply(pos, mv(rules, 1, 74))                    # 7♥ on 6♥: ascending
    assert "ascending" in rules.move_reason(pos, mv(rules, 3, 74))
    assert rules.move_reason(pos, mv(rules, 5, 74)) is None
    pos = rules.apply(pos, DEAL)                                # the 7♠ starts anew
    assert rules.move_reason(pos, mv(rules, 7, 74)) is None     # 6♠ down on it
    pos = rules.apply(pos, mv(rules, 7, 74))
    assert rules.game.talon_steps(pos) == (0, 1, 0, -1)


def test_the_direction_comes_back_with_the_card_below():
    """When the talon's top card goes up, the sequence below it keeps its own
    direction: after 8♥ 7♥ (descending), the 6♥ may follow, the other 8♥ not."""
    rules, pos = position("carpet", {**carpet(c1="7h", c3="6h", c5="8h"),
                                     65: "Ad 2d 3d 4d 5d", 73: "5c 6d", 74: "8h"})
    pos = rules.apply(pos, mv(rules, 1, 74))                    # 7♥ on 8♥: descending
    pos = rules.apply(pos, DEAL)                                # the 6♦ turned
    assert rules.move_reason(pos, mv(rules, 5, 74)) is not None  # 8♥ not on the 6♦
    pos = rules.apply(pos, mv(rules, 74, 65))                   # the 6♦ played up
    assert rules.game.talon_steps(pos) == (0, -1)
    assert rules.move_reason(pos, mv(rules, 3, 74)) is None     # 6♥ continues down
    assert "descending" in rules.move_reason(pos, mv(rules, 5, 74))


def test_the_quick_look_takes_the_layouts_ranks_and_the_move_list_the_full_rules():
    """The move generator's quick look (own_ranks_taken): the carpet's
    places no card, the foundations the next rank, the talon a rank either
    side of its top (its direction is the full rules' to check), an empty
    talon none."""
    rules, pos = position("carpet", {**carpet(c1="7h", c3="6h", c5="8h"),
                                     65: "Ah 2h", 69: "Kh", 73: "5d", 74: "6h"})
    pos = rules.apply(pos, mv(rules, 1, 74))                    # 7♥ on 6♥: ascending
    look = {n: rules.ranks_taken(pos, ix(rules, n)) for n in (1, 10, 65, 66, 69, 70, 74)}
    assert look == {1: set(), 10: set(), 65: {3}, 66: {1}, 69: {12}, 70: {13}, 74: {6, 8}}
    assert [(rules.specs[m.src].number, rules.specs[m.dst].number)
            for m in rules.open_moves(pos) if m.dst == ix(rules, 74)] == [(5, 74)]
    rules, pos = position("carpet", carpet())
    assert rules.ranks_taken(pos, ix(rules, 74)) == set()      # an empty talon


def test_nothing_is_packed_on_an_empty_talon_and_only_carpet_cards_are_packed():
    rules, pos = position("carpet", carpet(c1="8h"))
    assert "once it is formed" in rules.move_reason(pos, mv(rules, 1, 74))
    rules, pos = position("carpet", {**carpet(), 74: "7h", 65: "8h"})
    assert "stay there" in rules.move_reason(pos, mv(rules, 65, 74))


def test_the_pack_is_turned_onto_the_talon_whose_top_card_plays():
    rules, pos = position("carpet", {**carpet(), 65: "Ah", 73: "5d 5c 2h"})
    pos = rules.apply(pos, DEAL)
    assert rules.move_reason(pos, mv(rules, 74, 65)) is None
    pos = rules.apply(pos, DEAL)                                # the 5♣ covers it
    assert "follow suit" in rules.move_reason(pos, mv(rules, 74, 65))


def test_two_redeals_each_shuffled_then_no_more():
    rules, pos = position("carpet", {**carpet(), 73: "", 74: "2c 3c 4c 5c 6c 7c"})
    talon = pos.piles[ix(rules, 74)]
    pos = rules.apply(pos, DEAL)                                # redeal 1
    stock = pos.piles[ix(rules, 73)]
    assert Counter(stock) == Counter(talon) and list(stock) == redeal_shuffled(talon, 1)
    for _ in range(6):
        pos = rules.apply(pos, DEAL)
    pos = rules.apply(pos, DEAL)                                # redeal 2
    assert pos.get("redeals") == 2
    for _ in range(6):
        pos = rules.apply(pos, DEAL)
    assert "2 redeals are used" in rules.deal_reason(pos)


def test_the_deal_withdraws_an_ace_and_a_king_of_each_suit():
    game = Game.new("carpet", seed=11)
    rules, pos = game.rules, game.position
    aces = [pos.piles[i] for i in rules.game.aces]
    kings = [pos.piles[i] for i in rules.game.kings]
    assert all(len(p) == 1 and p[0].rank == 1 for p in aces)
    assert all(len(p) == 1 and p[0].rank == 13 for p in kings)
    assert len({p[0].suit for p in aces}) == 4 and len({p[0].suit for p in kings}) == 4
    assert all(len(pos.piles[i]) == 1 for i in rules.game.carpet)
    assert len(pos.piles[rules.stock]) == 32
    assert Counter(pos.cards()) == Counter(new_pack("whist", 2))


def test_won_when_every_card_is_on_the_foundations():
    rules, pos = position("carpet", {65: "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs", 1: "Ks"})
    assert rules.status(pos)[0] is Status.PLAYING
    pos = rules.apply(pos, mv(rules, 1, 65))
    assert rules.status(pos)[0] is Status.WON
