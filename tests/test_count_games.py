"""A count called aloud as the pack is dealt (features/count.py), and the
games built on it: the Talkative (Hoffmann no. 18) and the Harvest (Hoffmann
no. 5), each rule sentence on hand-made positions, the deal, and the end."""

from conftest import pile_index, pile_text, played_out, position
from feature_kit import holds_to_its_words

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

PACK, WASTE, OUT = 1, 2, 3


def talkative(pack, waste="", out="", **extra):
    """The pack bottom first (its top card last), all face down."""
    piles = {PACK: pack, WASTE: waste, OUT: out}
    return position("talkative", {k: v for k, v in piles.items() if v},
                    down={PACK: len(pack.split())}, **extra)


def harvest(pack, waste="", out="", variant=None, **extra):
    piles = {PACK: pack, WASTE: waste, OUT: out}
    return position("harvest", {k: v for k, v in piles.items() if v},
                    down={PACK: len(pack.split())}, variant=variant, **extra)


def dealt(rules, pos, times=1):
    for _ in range(times):
        pos = rules.apply(pos, DEAL)
    return pos


def test_the_deal_the_whole_pack_face_down_the_count_at_its_first_call():
    for game_id, size, first in (("talkative", 52, "ace"), ("harvest", 32, "seven")):
        game = Game.new(game_id, seed=4)
        rules, pos = game.rules, game.position
        assert len(pos.piles[pile_index(rules, PACK)]) == size
        assert pos.down[pile_index(rules, PACK)] == size
        assert rules.words.deal_step_name(pos) == f"turn the next card of the pack, calling '{first}'"


def test_talkative_rules_1_2_a_card_answering_its_call_is_thrown_out_the_count_going_on():
    # top card last: called ace, two, three, four to A♠, 5♥, 3♦, 9♣
    rules, pos = talkative("9c 3d 5h As", call=0, begun=(0,))
    pos = dealt(rules, pos)
    assert pile_text(rules, pos, OUT) == "As"              # "ace": it answers
    pos = dealt(rules, pos)
    assert pile_text(rules, pos, WASTE) == "5h"            # "two": it does not
    pos = dealt(rules, pos)
    assert pile_text(rules, pos, OUT) == "As 3d"           # "three": the count went on
    pos = dealt(rules, pos)
    assert pile_text(rules, pos, WASTE) == "5h 9c"         # "four"
    assert rules.words.deal_step_name(pos).endswith("calling 'five' first")


def test_talkative_the_count_goes_on_from_king_to_ace():
    rules, pos = talkative("Ac Kd", call=12, begun=(0,))
    pos = dealt(rules, pos, 2)
    assert pile_text(rules, pos, OUT) == "Kd Ac"


def test_talkative_rule_3_the_waste_heap_taken_up_in_its_order_the_count_going_on():
    rules, pos = talkative("", waste="9c 5h 8d", call=5, begun=(0,))
    assert rules.is_legal(pos, DEAL)
    pos = dealt(rules, pos)
    assert pile_text(rules, pos, PACK) == "8d 5h 9c"       # the 9♣ laid first comes first
    assert pos.down[pile_index(rules, PACK)] == 3
    assert not pos.piles[pile_index(rules, WASTE)]
    pos = dealt(rules, pos)                                 # "six" to the 9♣
    assert pile_text(rules, pos, WASTE) == "9c"
    pos = dealt(rules, pos, 2)                              # "seven", "eight" to 5♥, 8♦
    assert pile_text(rules, pos, OUT) == "8d"


def test_talkative_rule_4_won_when_every_card_is_thrown_out():
    rules, pos = talkative("Ac", out="2c", call=0, begun=(0,))
    assert rules.status(pos)[0] is Status.PLAYING
    assert rules.status(dealt(rules, pos))[0] is Status.WON


def test_talkative_rule_4_lost_when_a_deal_would_repeat_an_earlier_one():
    # thirteen cards, each called one below its value: the deal through them ends where
    # it began, on "ace", and the next would go the same way
    rules, pos = talkative("Ac Kc Qc Jc 10c 9c 8c 7c 6c 5c 4c 3c 2c", call=0, begun=(0,))
    pos = dealt(rules, pos, 13)
    assert not pos.piles[pile_index(rules, OUT)]
    status, why = rules.status(pos)
    assert status is Status.LOST
    assert why.startswith("the 13 cards left would be called over from 'ace'")
    assert not rules.is_legal(pos, DEAL)


def test_harvest_rule_4_lost_only_once_every_start_that_can_recur_was_met():
    # four cards, eight calls: deals begin "seven", then "knave", then "seven" again
    rules, pos = harvest("Jc 10c 9c 8c", call=0, begun=(0,))
    pos = dealt(rules, pos, 4)
    assert rules.status(pos)[0] is Status.PLAYING          # a deal from "knave" is new
    pos = dealt(rules, pos, 5)                              # taken up, dealt from "knave"
    assert pos.get("begun") == (0, 4)
    assert rules.status(pos)[0] is Status.LOST


def test_talkative_a_card_thrown_out_forgets_the_deals_before():
    # the deals began "ace" and "three"; now the K♣ answers: a deal from "ace" is new
    rules, pos = talkative("Kc", waste="", call=12, begun=(0, 2))
    pos = dealt(rules, pos)
    assert pos.get("begun") == ()
    assert rules.status(pos)[0] is Status.WON


def test_the_deal_is_forced_and_auto_plays_the_game_out():
    rules, pos = talkative("9c 3d", call=0, begun=(0,))
    assert rules.advice.forced_move(pos) == DEAL
    assert list(rules.legal_moves(pos)) == [DEAL]
    holds_to_its_words(rules, pos)
    for game_id in ("talkative", "harvest"):
        for seed in (1, 2, 3):
            game = played_out(game_id, seed)
            assert game.status()[0] is not Status.PLAYING, (game_id, seed)


def test_harvest_rule_2_after_a_card_answers_the_count_begins_again_at_seven():
    # top card last: "seven" to the 10♠, "eight" to the 8♦ (answers), then "seven" again
    rules, pos = harvest("7c 8d 10s", call=0, begun=(0,))
    pos = dealt(rules, pos, 3)
    assert pile_text(rules, pos, OUT) == "8d 7c"
    assert pile_text(rules, pos, WASTE) == "10s"


def test_harvest_variant_count_on_the_count_goes_on_after_a_card_answers():
    rules, pos = harvest("9c 8d 10s", variant="count-on", call=0, begun=(0,))
    pos = dealt(rules, pos, 3)                              # seven, eight (8♦ out), nine
    assert pile_text(rules, pos, OUT) == "8d 9c"


def test_harvest_the_count_goes_from_ace_back_to_seven():
    rules, pos = harvest("7h As", call=7, begun=(0,))       # "ace", then "seven"
    pos = dealt(rules, pos, 2)
    assert pile_text(rules, pos, OUT) == "As 7h"


def test_harvest_hoffmanns_failure_eight_cards_none_answering_from_seven_twice():
    eight = "7c Ac Kc Qc Jc 10c 9c 8c"   # top card last: called seven..ace, none answers
    rules, pos = harvest(eight, out="7d", call=0, begun=(0,))
    pos = dealt(rules, pos, 8)
    assert rules.status(pos)[0] is Status.LOST
    assert "'seven'" in rules.status(pos)[1]
