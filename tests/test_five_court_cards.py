"""The Five Court Cards (Hoffmann no. 17): the five heaps, each rule sentence on
hand-made positions (a heap turned over and thrown out from until an honour,
the first heap fixing the suit, a heap without one thrown out whole, the
heaps gathered and dealt into one fewer), and the ends."""

from conftest import pile_text, played_out, position

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

GAME = "five-court-cards"
HEAPS, OUT = range(1, 6), 6


def table(piles, **kw):
    kw.setdefault("heaps", 5)
    kw.setdefault("looked", 0)
    kw.setdefault("suit", "")
    down = {n: len(piles[n].split()) for n in piles if n in HEAPS}
    return position(GAME, piles, down=down, **kw)


def test_the_layout_five_heaps_face_down_eleven_eleven_and_ten():
    game = Game.new(GAME, seed=1)
    rules, pos = game.rules, game.position
    assert [len(pos.piles[rules.layout.by_number(n).index]) for n in HEAPS] == \
        [11, 11, 10, 10, 10]
    assert all(pos.down[rules.layout.by_number(n).index] == len(
        pos.piles[rules.layout.by_number(n).index]) for n in HEAPS)


def test_rule_1_the_first_heap_turned_over_thrown_out_to_an_honour_which_fixes_the_suit():
    # bottom first: the 5s lay undermost, then the 7d, then the Jh
    rules, pos = table({1: "5s 7d Jh 2c Kc", 2: "3c"})
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 1) == "Kc 2c Jh"
    assert pile_text(rules, pos, OUT) == "5s 7d"
    assert pos.get("suit") == "h"


def test_rule_2_the_other_heaps_stop_only_at_an_honour_of_the_suit_else_all_go():
    rules, pos = table({1: "Jh", 2: "Kd As 4c Qh", 3: "2c 3c"}, looked=1, suit="h")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 2) == "Qh" and pile_text(rules, pos, OUT) == "Kd As 4c"
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 3) == "" and pile_text(rules, pos, OUT).endswith("2c 3c")


def test_rule_3_gathered_the_second_on_the_first_and_dealt_into_one_fewer():
    rules, pos = table({1: "9h Jh", 2: "8h Qh", 3: "7h Ah", 4: "6h Kh", 5: "5h 10h"},
                       looked=5, suit="h")
    assert rules.words.deal_step_name(pos) == "gather the heaps and deal them face down into 4 heaps"
    pos = rules.apply(pos, DEAL)
    # dealt from the first heap's bottom card on: 9h Jh 8h Qh 7h Ah 6h Kh 5h 10h
    assert [pile_text(rules, pos, n) for n in HEAPS] == \
        ["9h 7h 5h", "Jh Ah 10h", "8h 6h", "Qh Kh", ""]
    assert pos.get("heaps") == 4 and pos.get("looked") == 0


def test_rule_4_won_with_only_the_five_honours_left_lost_with_any_other():
    rules, pos = table({1: "10h Kh Qh Jh Ah 4h"}, heaps=1, looked=0, suit="h")
    pos = rules.apply(pos, DEAL)
    assert rules.status(pos)[0] is Status.LOST
    rules, pos = table({1: "4h 10h Kh Qh Jh Ah"}, heaps=1, looked=0, suit="h")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 1) == "Ah Jh Qh Kh 10h"
    assert rules.status(pos)[0] is Status.WON


def test_a_deal_played_out_ends():
    game = played_out(GAME, 4)
    assert game.rules.status(game.position)[0] is Status.WON
