"""The Fairest No. 2 (Hoffmann no. 22): foundations building by their own
values (``build.step_by = "own"``), each card turned played up or laid on the
waste heap the player chooses, whose top cards stay free while a card waits
(``play.placing`` with ``round = 1`` and ``frozen = false``)."""

from conftest import move_between, pile_index, pile_text, position, refusal
from feature_kit import holds_to_its_words

from patience_cli.building import stepped_order
from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

GAME = "fairest-2"
FOUNDATIONS, WASTES, PACK, TURNED = range(1, 5), range(5, 9), 9, 10


def table(piles, pack="5c 6c", **kw):
    base = {1: "Ac", 2: "2d", 3: "3s", 4: "4h", PACK: pack}
    return position(GAME, {**base, **piles}, down={PACK: len(pack.split())}, **kw)


def test_the_layout_ace_two_three_four_and_the_pack():
    for seed in (1, 2):
        game = Game.new(GAME, seed=seed)
        rules, pos = game.rules, game.position
        assert [pos.piles[pile_index(rules, n)][0].rank for n in FOUNDATIONS] == [1, 2, 3, 4]
        assert len(pos.piles[pile_index(rules, PACK)]) == 48
        assert not any(pos.piles[pile_index(rules, n)] for n in WASTES)


def test_rule_1_each_foundation_climbs_by_its_own_value_round_past_the_king():
    assert (3, *stepped_order(3)) == (3, 6, 9, 12, 2, 5, 8, 11, 1, 4, 7, 10, 13)
    rules, pos = table({5: "8h", 6: "Qs", 7: "5d"})
    assert refusal(rules, pos, 5, 4) is None                   # 4 + 4: eight, any suit
    assert refusal(rules, pos, 7, 3) is not None               # the three wants a six
    rules, pos = table({2: "2d 4d 6d 8d 10d", 6: "Qs"})
    assert refusal(rules, pos, 6, 2) is None
    rules, pos = table({2: "2d 4d 6d 8d 10d Qd", 6: "Ah"})
    assert refusal(rules, pos, 6, 2) is None                   # twelve and two, less 13
    holds_to_its_words(rules, pos)


def test_rule_2_the_card_turned_goes_up_or_onto_any_waste_heap_then_the_next():
    rules, pos = table({}, pack="9h 5s")
    pos = rules.apply(pos, DEAL)                               # the 5♠ turned
    assert pile_text(rules, pos, TURNED) == "5s"
    assert not rules.is_legal(pos, DEAL)                       # it must be placed first
    assert "must be placed first" in rules.move_reason(pos, DEAL)
    for n in WASTES:
        assert refusal(rules, pos, TURNED, n) is None
    pos = rules.apply(pos, move_between(rules, TURNED, 7))
    assert pile_text(rules, pos, 7) == "5s" and rules.is_legal(pos, DEAL)


def test_rule_3_a_waste_top_plays_even_while_a_card_waits_but_never_to_another_heap():
    rules, pos = table({5: "Kc 2h", TURNED: "3h"}, pack="9h")
    assert refusal(rules, pos, 5, 1) is None                   # the 2♥ on the ace ...
    pos = rules.apply(pos, move_between(rules, 5, 1))
    assert refusal(rules, pos, TURNED, 1) is None              # ... then the 3♥ turned
    rules, pos = table({5: "Kc 2h", 6: "9s"})
    assert refusal(rules, pos, 5, 6) is not None               # waste to waste: never


def test_rule_4_won_with_every_card_up_lost_when_the_pack_is_out():
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    suits = {1: "c", 2: "d", 3: "s", 4: "h"}
    whole = {n: " ".join(f"{names.get(r, r)}{suits[n]}" for r in (n, *stepped_order(n)))
             for n in FOUNDATIONS}
    last = whole[1].rsplit(" ", 1)
    rules, pos = table({**whole, 1: last[0], 5: last[1]}, pack="")
    assert rules.status(pos)[0] is Status.PLAYING
    won = rules.apply(pos, move_between(rules, 5, 1))
    assert rules.status(won)[0] is Status.WON
    rules, pos = table({5: "Kc"}, pack="")
    status, why = rules.status(pos)
    assert status is Status.LOST


def test_only_a_card_that_cannot_be_used_is_laid_on_a_waste_heap():
    """"The cards which cannot be used, as not answering these conditions, are
    dealt in any order you please to form waste-heaps": a card turned that can
    go up may not be laid on a waste heap instead."""
    rules, pos = table({}, pack="9h 2s")
    pos = rules.apply(pos, DEAL)                               # the 2♠ turned: the ace takes it
    for n in WASTES:
        assert "only when the Foundation cannot take it" in refusal(rules, pos, TURNED, n)
    assert refusal(rules, pos, TURNED, 1) is None
    assert [m.dst for m in rules.legal_moves(pos)] == [pile_index(rules, 1)]
    holds_to_its_words(rules, pos)
