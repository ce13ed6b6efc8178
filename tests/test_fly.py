"""The Fly (Hoffmann no. 51): the lay-out, each rule sentence on hand-made
positions (aces building regardless of suit, the card turned laid on any of
five waste heaps, the Fly's first claim), and the ends."""

from conftest import move_between, pile_index, pile_text, position, refusal
from feature_kit import holds_to_its_words

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

GAME = "fly"
FOUNDATIONS, FLY, WASTES, PACK, TURNED = range(1, 9), 9, range(10, 15), 15, 16
ACES = dict(zip(FOUNDATIONS, "Ac Ad Ah As Ac Ad Ah As".split()))


def table(piles, pack="5c 6c", **kw):
    return position(GAME, {**ACES, FLY: "Kc", PACK: pack, **piles},
                    down={PACK: len(pack.split())}, **kw)


def test_the_layout_eight_aces_a_fly_of_thirteen_and_the_pack():
    for seed in (1, 2):
        game = Game.new(GAME, seed=seed)
        rules, pos = game.rules, game.position
        assert all(pile_text(rules, pos, n).startswith("A") for n in FOUNDATIONS)
        assert len(pos.piles[pile_index(rules, FLY)]) == 13
        assert pos.down[pile_index(rules, FLY)] == 0
        assert len(pos.piles[pile_index(rules, PACK)]) == 83


def test_rule_1_the_aces_build_up_regardless_of_suit():
    rules, pos = table({10: "2s", 11: "3h"})
    assert refusal(rules, pos, 10, 1) is None                  # 2♠ on the A♣
    assert refusal(rules, pos, 11, 1) is not None              # the three waits for a two
    holds_to_its_words(rules, pos)


def test_rule_2_the_card_turned_goes_up_or_onto_any_waste_heap_then_the_next():
    rules, pos = table({}, pack="9h 8s")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, TURNED) == "8s"
    assert "must be placed first" in rules.move_reason(pos, DEAL)
    assert all(refusal(rules, pos, TURNED, n) is None for n in WASTES)
    pos = rules.apply(pos, move_between(rules, TURNED, 13))
    assert pile_text(rules, pos, 13) == "8s" and rules.is_legal(pos, DEAL)


def test_rule_3_no_card_on_the_fly_nor_from_one_waste_heap_to_another():
    rules, pos = table({10: "Qs 2s", 11: "9h", TURNED: "4d"})
    assert refusal(rules, pos, TURNED, FLY) is not None
    assert refusal(rules, pos, 10, 11) is not None


def test_rule_4_the_flys_card_goes_up_first():
    rules, pos = table({FLY: "Kc 2h", 10: "2s"})
    words = refusal(rules, pos, 10, 1)
    assert words is not None and "must be played before any other" in words
    assert refusal(rules, pos, FLY, 1) is None
    pos = rules.apply(pos, move_between(rules, FLY, 1))
    assert refusal(rules, pos, 10, 2) is None                  # now the waste's two


def test_rule_5_won_with_every_card_up_lost_when_the_pack_is_out():
    tops = {n: f"A{s} 2{s} 3{s} 4{s} 5{s} 6{s} 7{s} 8{s} 9{s} 10{s} J{s} Q{s} K{s}"
            for n, s in zip(FOUNDATIONS, "cdhscdhs")}
    rules, pos = table({**tops, 1: tops[1].rsplit(" ", 1)[0], FLY: "Kc"}, pack="")
    assert rules.status(pos)[0] is Status.PLAYING
    assert rules.status(rules.apply(pos, move_between(rules, FLY, 1)))[0] is Status.WON
    rules, pos = table({10: "5s"}, pack="")
    assert rules.status(pos)[0] is Status.LOST
