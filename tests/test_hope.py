"""Hope (Hoffmann no. 3): the named suit, each rule sentence on hand-made
positions (three cards turned, the suit put aside, five turns then the
reshuffle, three operations), the ends and the variants."""

from conftest import pile_text, played_out, position

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

GAME = "hope"
PACK, TABLE, SUIT = 1, 2, 3


def table(piles, variant=None, **kw):
    kw.setdefault("operation", 1)
    kw.setdefault("step", 0)
    pack = piles.get(PACK, "")
    return position(GAME, piles, down={PACK: len(pack.split())}, variant=variant, **kw)


def test_the_layout_the_whole_piquet_pack_face_down():
    game = Game.new(GAME, seed=1)
    assert len(game.position.piles[game.rules.stock]) == 32
    assert game.rules.game.suit == "c"
    assert Game.new(GAME, seed=1, variant="hearts").rules.game.suit == "h"


def test_rule_1_three_cards_turned_the_named_suit_put_aside():
    rules, pos = table({PACK: "9s 8c 7d Ac", SUIT: "Kc"})       # the Ac is the top card
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, SUIT) == "Kc Ac 8c"
    assert pile_text(rules, pos, TABLE) == "7d"
    assert pile_text(rules, pos, PACK) == "9s"


def test_rule_1_in_the_hearts_variant_the_hearts_are_put_aside():
    rules, pos = table({PACK: "9s 8h 7d Ac"}, variant="hearts")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, SUIT) == "8h"
    assert pile_text(rules, pos, TABLE) == "Ac 7d"


def test_rule_2_after_five_turns_the_table_is_shuffled_back_into_the_pack():
    rules, pos = table({PACK: "9s 8s", TABLE: "7d 7h 7s", SUIT: "Kc"}, step=5)
    assert rules.words.deal_step_name(pos).startswith("shuffle the cards turned")
    pos = rules.apply(pos, DEAL)
    assert sorted(pile_text(rules, pos, PACK).split()) == sorted("9s 8s 7d 7h 7s".split())
    assert pile_text(rules, pos, TABLE) == "" and pile_text(rules, pos, SUIT) == "Kc"
    assert pos.get("operation") == 2 and pos.get("step") == 0


def test_rule_3_won_with_the_whole_suit_lost_after_the_third_operation():
    rules, pos = table({PACK: "Ac 9s", SUIT: "7c 8c 9c 10c Jc Qc Kc"})
    assert rules.status(pos)[0] is Status.PLAYING
    assert rules.status(rules.apply(pos, DEAL))[0] is Status.WON
    rules, pos = table({PACK: "Ac 9s", SUIT: "7c"}, operation=3, step=5)
    status, words = rules.status(pos)
    assert status is Status.LOST and "7 of the clubs" in words
    rules, pos = table({PACK: "Ac 9s", SUIT: "7c"}, operation=2, step=5)
    assert rules.status(pos)[0] is Status.PLAYING


def test_a_deal_played_out_ends_within_three_operations():
    game = played_out(GAME, 3)
    assert game.rules.status(game.position)[0] in (Status.WON, Status.LOST)
    assert game.position.get("operation") <= 3
