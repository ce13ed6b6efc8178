"""The Fish-Bone (Cadogan no. 41): each rule, allowed and forbidden, on
hand-built positions.  Piles: gridiron 1-6, knaves 7-14, kings 15-22,
queens 23-30, pack 31, talon 32."""

from conftest import move_between as mv
from conftest import pile_text as pile
from conftest import position

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game


def test_knaves_build_down_in_suit_to_the_ace():
    rules, pos = position("fish-bone", {7: "Jh", 32: "10h", 1: "10s", 2: "9h"})
    assert rules.move_reason(pos, mv(rules, 32, 7)) is None
    assert "follow suit" in rules.move_reason(pos, mv(rules, 1, 7))
    assert "descend" in rules.move_reason(pos, mv(rules, 2, 7))
    pos = rules.apply(pos, mv(rules, 32, 7))
    assert rules.move_reason(pos, mv(rules, 2, 7)) is None


def test_a_knave_is_laid_by_itself_in_the_next_place_of_the_spine():
    rules, pos = position("fish-bone", {7: "Js", 31: "Jd 4c", 32: "5c"})
    pos = rules.apply(pos, DEAL)                       # the 4♣ covers nothing useful
    assert pile(rules, pos, 32) == "5c 4c"
    pos = rules.apply(pos, DEAL)                       # the J♦ turns up
    assert pile(rules, pos, 8) == "Jd" and pile(rules, pos, 32) == "5c 4c"


def test_a_knave_may_not_skip_a_place_in_the_spine():
    rules, pos = position("fish-bone", {7: "Js", 32: "Jd"})
    assert "next one goes to Knave 8" in rules.move_reason(pos, mv(rules, 32, 9))
    assert rules.move_reason(pos, mv(rules, 32, 8)) is None


def test_a_king_or_queen_waits_in_the_talon_until_its_knave_is_down():
    rules, pos = position("fish-bone", {7: "Js", 31: "Jh Kh", 1: "4c"})
    pos = rules.apply(pos, DEAL)                       # K♥: no knave of hearts yet
    assert pile(rules, pos, 32) == "Kh"
    assert "knave" in rules.move_reason(pos, mv(rules, 32, 16))
    assert "own suit" in rules.move_reason(pos, mv(rules, 32, 15))   # beside the J♠
    assert "(rule 3)" in rules.move_reason(pos, mv(rules, 32, 1 + 3))  # not to the gridiron
    pos = rules.apply(pos, DEAL)                       # J♥ laid, then the K♥ beside it
    assert pile(rules, pos, 8) == "Jh" and pile(rules, pos, 16) == "Kh"
    assert pile(rules, pos, 32) == ""


def test_the_king_lies_on_the_left_and_the_queen_on_the_right():
    rules, pos = position("fish-bone", {7: "Js", 32: "Qs"})
    assert "only a king" in rules.move_reason(pos, mv(rules, 32, 15))
    rules, pos = position("fish-bone", {31: "Ks Qs Js"})
    pos = rules.apply(rules.apply(rules.apply(pos, DEAL), DEAL), DEAL)
    assert pile(rules, pos, 7) == "Js" and pile(rules, pos, 23) == "Qs"
    assert pile(rules, pos, 15) == "Ks"


def test_gridiron_cards_marry_upwards_in_suit_only_from_pack_or_talon():
    rules, pos = position("fish-bone", {1: "5h", 2: "6h", 7: "Js", 32: "6h"})
    assert rules.move_reason(pos, mv(rules, 32, 1)) is None
    assert "never with each other" in rules.move_reason(pos, mv(rules, 2, 1))
    rules, pos = position("fish-bone", {1: "5h", 7: "Js", 32: "6c"})
    assert "follows suit" in rules.move_reason(pos, mv(rules, 32, 1))
    rules, pos = position("fish-bone", {1: "5h", 7: "Js", 32: "4h"})
    assert "builds up" in rules.move_reason(pos, mv(rules, 32, 1))


def test_an_empty_gridiron_place_takes_the_talon_card():
    rules, pos = position("fish-bone", {1: "5h", 7: "Js", 32: "9c"})
    assert rules.move_reason(pos, mv(rules, 32, 2)) is None
    pos = rules.apply(pos, mv(rules, 32, 2))
    assert pile(rules, pos, 2) == "9c"


def test_only_top_cards_of_gridiron_and_talon_are_available():
    rules, pos = position("fish-bone", {1: "10h 9c", 7: "Jh", 32: "10h 4d"})
    moves = {rules.words.command(pos, m) for m in rules.legal_moves(pos)}
    assert "move 1 7" not in moves and "move 32 7" not in moves


def test_one_redeal_turning_the_talon_over():
    rules, pos = position("fish-bone", {7: "Js", 31: "2c 3d", 32: "4h 5s"})
    pos = rules.apply(pos, DEAL)
    pos = rules.apply(pos, DEAL)
    assert pile(rules, pos, 32) == "4h 5s 3d 2c" and rules.deal_reason(pos) is None
    pos = rules.apply(pos, DEAL)                              # the redeal
    assert pile(rules, pos, 31) == "2c 3d 5s 4h"              # 4♥ comes first again
    assert pile(rules, pos, 32) == ""
    for _ in range(4):
        pos = rules.apply(pos, DEAL)
    assert "redeal is used" in rules.deal_reason(pos)


def test_a_seeded_deal_lays_six_gridiron_cards_and_any_knaves_among_them():
    game = Game.new("fish-bone", seed=3)
    rules, pos = game.rules, game.position
    on_gridiron = [c for i in rules.game.gridiron for c in pos.piles[i]]
    on_spine = [c for i in rules.game.knaves for c in pos.piles[i]]
    assert len(on_gridiron) + len(on_spine) == 6
    assert all(c.rank == 11 for c in on_spine) and all(c.rank != 11 for c in on_gridiron)
    assert len(pos.piles[rules.stock]) == 98


def test_won_when_every_card_lies_in_the_fish_bone():
    rules, pos = position("fish-bone", {7: "Jh 10h 9h 8h 7h 6h 5h 4h 3h 2h", 15: "Kh",
                                         23: "Qh", 32: "Ah"})
    pos = rules.apply(pos, mv(rules, 32, 7))
    assert rules.status(pos)[0] is Status.WON


def test_what_happens_by_itself_is_told_with_the_move_in_ascii_too():
    rules, pos = position("fish-bone", {7: "Js", 31: "Jd"})
    assert rules.words.outcome(pos, DEAL, ascii=True) == \
        "dealt the Jd to the Talon (32); then the Jd goes to Knave 8"
