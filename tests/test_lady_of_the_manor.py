"""The Lady of the Manor (Hoffmann no. 43): the deal sorted by rank
(``deal = "by-rank"``), each rule allowed and forbidden, and the variant."""

import tomllib

import pytest
from conftest import move_between, pile_index, pile_text, position, refusal

from patience_cli.engine import Status
from patience_cli.game import Game
from patience_cli.layout import LayoutError, data_dir, parse_layout

ACES, PACKETS, HEAPS = range(1, 9), range(9, 13), range(13, 25)
GAME = "lady-of-the-manor"


def lady(piles, variant=None):
    return position(GAME, {**{n: "Ac" for n in ACES}, **piles}, variant=variant)


def test_the_deal_eight_aces_four_packets_of_twelve_the_rest_sorted_by_value():
    for seed in (1, 2, 3):
        game = Game.new(GAME, seed=seed)
        rules, pos = game.rules, game.position
        assert all(pile_text(rules, pos, n)[0] == "A" and len(pos.piles[pile_index(rules, n)]) == 1
                   for n in ACES)
        assert all(len(pos.piles[pile_index(rules, n)]) == 12 for n in PACKETS)
        for rank, n in zip(range(2, 14), HEAPS):
            assert all(c.rank == rank for c in pos.piles[pile_index(rules, n)])
        assert sum(len(pos.piles[pile_index(rules, n)]) for n in HEAPS) == 104 - 8 - 48


def test_rule_1_each_ace_climbs_regardless_of_suit_to_the_king():
    rules, pos = lady({9: "2h", 13: "3s 3c"})
    assert refusal(rules, pos, 9, 1) is None                  # a two of any suit
    assert refusal(rules, pos, 13, 1) is not None             # not a three on an ace
    rules, pos = lady({1: "Ac 2h 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd", 9: "Ah"})
    assert refusal(rules, pos, 9, 1) is not None              # the king ends it


def test_rule_2_only_a_packets_top_card_is_free_and_nothing_is_laid_on_it():
    rules, pos = lady({9: "2h 7c", 10: "8s"})
    assert refusal(rules, pos, 9, 1) is not None              # the 2♥ is covered
    assert refusal(rules, pos, 9, 10) is not None             # no building on a packet
    assert all(rules.specs[m.dst].role.value == "foundation"
               for m in rules.legal_moves(pos) if m.kind == "move")


def test_rule_3_a_heaps_card_goes_up_at_any_time_unless_the_variant_says_packets_first():
    piles = {9: "2h", 13: "2s 2c"}
    rules, pos = lady(piles)
    assert refusal(rules, pos, 13, 1) is None
    rules, pos = lady(piles, variant="packets-first")
    assert refusal(rules, pos, 13, 1) is not None             # the packet's two first
    assert refusal(rules, pos, 9, 1) is None
    after = rules.apply(pos, move_between(rules, 9, 1))
    assert refusal(rules, after, 13, 2) is None               # no packet card can: the heap's may


def test_rule_4_won_with_every_card_up_lost_when_nothing_can_go():
    rules, pos = lady({9: "3h"})
    assert rules.status(pos)[0] is Status.LOST
    rules, pos = lady({1: "Ac", 13: "2c"})
    won = rules.apply(pos, move_between(rules, 13, 1))
    assert rules.status(won)[0] is Status.WON


def test_deal_by_rank_needs_its_ranks_one_per_pile():
    raw = tomllib.loads((data_dir("layouts") / f"{GAME}.toml").read_text())
    raw["piles"][2]["rank"] = ["2", "3"]
    with pytest.raises(LayoutError, match=r"piles\[2\].rank: 2 given for 12 piles"):
        parse_layout(raw)
    del raw["piles"][2]["rank"]
    with pytest.raises(LayoutError, match="by-rank"):
        parse_layout(raw)
