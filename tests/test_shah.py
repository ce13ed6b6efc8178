"""The Shah (Cadogan no. 7 = Hoffmann no. 46): each rule and each sentence that
allows or forbids something, shown allowed and forbidden on hand-made positions,
and the deal circle by circle as the book lays it."""

from conftest import pile_index, pile_text, position, refusal

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

SHAH = "shah"
INNER, MIDDLE, OUTER = range(1, 9), range(9, 17), range(17, 25)
F = dict(zip("shdc", (25, 26, 27, 28)))     # one foundation of each suit, in the tests
PACK, TALON = 34, 35


def star(piles, rows=3, **kw):
    """Every ray full (a K♠ in each place), the foundations at their aces, the
    circles all dealt, unless the test says otherwise."""
    full = {n: "Ks" for n in (*INNER, *MIDDLE, *OUTER)}
    aces = {25: "As", 26: "Ah", 27: "Ad", 28: "Ac", 29: "As", 30: "Ah", 31: "Ad", 32: "Ac"}
    piles = {**full, **aces, PACK: "3d 4d", **piles}
    kw.setdefault("down", {PACK: len(piles[PACK].split())})
    return position(SHAH, piles, rows=rows, **kw)


def test_the_deal_withdraws_aces_and_kings_and_lays_the_circles_one_at_a_time():
    game = Game.new(SHAH, seed=4)
    rules, pos = game.rules, game.position
    assert sorted(pile_text(rules, pos, n)[0] for n in range(25, 33)) == ["A"] * 8
    assert pile_text(rules, pos, 33)[0] == "K" and len(pile_text(rules, pos, 36).split()) == 7
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in INNER)
    assert all(not pos.piles[pile_index(rules, n)] for n in (*MIDDLE, *OUTER))
    assert rules.words.deal_step_name(pos) == "deal the middle circle"
    pack = pos.piles[pile_index(rules, PACK)]
    game.play(DEAL)
    after = game.position
    # the middle circle, from the top round clockwise: the pack's next eight cards
    assert [after.piles[pile_index(rules, n)][0] for n in MIDDLE] == list(reversed(pack[-8:]))
    assert rules.words.deal_step_name(after) == "deal the outer circle"
    game.play(DEAL)
    assert all(len(game.position.piles[pile_index(rules, n)]) == 1 for n in OUTER)
    assert rules.words.deal_step_name(game.position).startswith("turn the next card")


def test_rule_1_a_card_is_free_only_when_nothing_lies_beyond_it_in_its_ray():
    rules, pos = star({1: "2h", 9: "", 17: ""}, rows=1)   # only the inner circle dealt
    assert refusal(rules, pos, 1, F["h"]) is None
    rules, pos = star({1: "2h", 17: "", 9: "5c"}, rows=2)  # the middle circle blocks it
    assert "no card of Inner circle 1" in refusal(rules, pos, 1, F["h"])
    rules, pos = star({1: "2h", 9: "3h", 17: "5c"})
    assert "no card of Middle circle 9" in refusal(rules, pos, 9, F["h"])  # the outer blocks it
    rules, pos = star({1: "2h", 9: "", 17: "", 10: "3h"})
    assert refusal(rules, pos, 1, F["h"]) is None          # its ray opened: free again
    assert "no card of Middle circle 10" in refusal(rules, pos, 10, F["h"])  # still blocked
    assert [c.code for c in rules.available_cards(pos, pile_index(rules, 1))] == ["2h"]


def test_rule_2_the_foundations_follow_suit_from_the_ace_to_the_queen():
    rules, pos = star({17: "2h", 18: "2c", 19: "Kh"})
    assert refusal(rules, pos, 17, F["h"]) is None
    assert "follow suit" in refusal(rules, pos, 18, F["h"])
    rules, pos = star({F["h"]: "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh", 19: "Kh"})
    assert "complete" in refusal(rules, pos, 19, F["h"])  # the queen ends it: no king


def test_rule_3_only_the_outer_circle_marries_downwards_in_suit():
    rules, pos = star({17: "9d", 18: "8d", 19: "8c", 20: "10d", TALON: "8d"})
    assert refusal(rules, pos, 18, 17) is None             # an 8♦ on the 9♦
    assert refusal(rules, pos, TALON, 17) is None          # the talon's top card too
    assert "follows suit" in refusal(rules, pos, 19, 17)
    assert refusal(rules, pos, 17, 20) is None             # the 9♦ on the 10♦
    assert "builds down" in refusal(rules, pos, 20, 17)    # never upwards
    rules, pos = star({17: "", 9: "8d", 18: "9d"})          # a free middle card ...
    assert "takes cards only from the Outer circle or the Talon" in \
        refusal(rules, pos, 9, 18)                          # ... never marries
    rules, pos = star({17: "", 9: "9d", 18: "8d"})
    assert "nothing may be placed on Middle circle 9" in refusal(rules, pos, 18, 9)
    rules, pos = star({17: "9d 8d 7d"})
    assert [c.code for c in rules.available_cards(pos, pile_index(rules, 17))] == ["7d"]


def test_rule_4_empty_places_are_filled_at_the_next_deal_inner_first_talon_first():
    rules, pos = star({1: "", 9: "", 17: "", 19: "", TALON: "5c 6c", PACK: "3d 4d"})
    assert rules.words.deal_step_name(pos).startswith("refill 4 vacancies, the inner circle first")
    assert "the deal refills it" in refusal(rules, pos, TALON, 19)
    dealt = rules.apply(pos, DEAL)
    # inner 1 then middle 9 then outer 17 and 19: the talon's 6♣, 5♣, then the pack's 4♦, 3♦
    assert [pile_text(rules, dealt, n) for n in (1, 9, 17, 19)] == ["6c", "5c", "4d", "3d"]
    assert pile_text(rules, dealt, TALON) == "" and pile_text(rules, dealt, PACK) == ""
    rules, pos = star({19: "", TALON: "5c"})
    assert "the deal refills it" in refusal(rules, pos, TALON, 19)  # nothing moved there
    assert "the deal refills it" in refusal(rules, pos, 18, 19)
    assert pile_text(rules, rules.apply(pos, DEAL), 19) == "5c"


def test_rule_5_an_opened_ray_takes_one_outer_card_as_its_inner_card():
    rules, pos = star({1: "", 9: "", 17: "", 18: "Qd", TALON: "Jc"})
    assert refusal(rules, pos, 18, 1) is None               # the grace
    assert "only from the Outer circle: not from the Talon" in refusal(rules, pos, TALON, 1)
    graced = rules.apply(pos, next(m for m in rules.legal_moves(pos)
                                   if m.src == pile_index(rules, 18)
                                   and m.dst == pile_index(rules, 1)))
    assert pile_text(rules, graced, 1) == "Qd"
    assert rules.words.deal_step_name(graced).startswith("refill 3 vacancies")
    rules, pos = star({1: "", 9: "", 17: "", 10: "Qd", 18: ""})
    assert "only from the Outer circle: not from Middle circle 10" in \
        refusal(rules, pos, 10, 1)                          # not from the third circle


def test_rule_6_then_the_pack_is_turned_once_and_the_game_can_be_lost():
    rules, pos = star({PACK: "3d", TALON: "5c"})
    dealt = rules.apply(pos, DEAL)
    assert pile_text(rules, dealt, TALON) == "5c 3d"
    assert not rules.is_legal(dealt, DEAL)
    assert rules.status(dealt)[0] is Status.LOST


def test_the_books_advice_a_place_made_for_a_card_just_turned_takes_it():
    """"Wait until, in dealing, a card turns up likely to be soon required, and
    then, by playing or marrying, you make a vacant space in which to place
    it"."""
    rules, pos = star({17: "2h", 9: "Qc", PACK: "9s 7d"})
    turned = rules.apply(pos, DEAL)                         # the 7♦ is turned up
    played = rules.apply(turned, next(m for m in rules.legal_moves(turned)
                                      if m.src == pile_index(rules, 17)
                                      and m.dst == pile_index(rules, F["h"])))
    filled = rules.apply(played, DEAL)
    assert pile_text(rules, filled, 17) == "7d" and pile_text(rules, filled, TALON) == ""


def test_while_the_circles_are_dealt_a_place_played_is_filled_at_once_from_the_hand():
    """"Next deal out a circle of eight cards ... If any of these are suitable,
    play them, filling the spaces at once from the cards in your hand": each
    place is filled the moment it is emptied, so two places played one after
    the other take the pack's cards in that order, not clockwise."""
    rules, pos = star({1: "Kc", 3: "2h", 5: "2c", **{n: "" for n in (*MIDDLE, *OUTER)},
                       PACK: "7d 8d 9d"}, rows=1)
    pos = rules.apply(pos, pos_move(rules, 5, F["c"]))         # the 2♣ first: the 9♦ there
    assert pile_text(rules, pos, 5) == "9d"
    pos = rules.apply(pos, pos_move(rules, 3, F["h"]))         # then the 2♥: the 8♦
    assert pile_text(rules, pos, 3) == "8d" and pile_text(rules, pos, PACK) == "7d"
    assert rules.words.deal_step_name(pos) == "deal the middle circle"
    # once the three circles are out, a place waits for the next deal
    rules, pos = star({19: "2h", TALON: "5c"})
    pos = rules.apply(pos, pos_move(rules, 19, F["h"]))
    assert pile_text(rules, pos, 19) == ""


def pos_move(rules, src, dst):
    from conftest import move_between
    return move_between(rules, src, dst)
