"""Sly (Cadogan no. 44): each rule and each sentence that allows or forbids
something, shown allowed and forbidden on hand-made positions, and the deal as
the book lays it."""

from conftest import cards, move_between, pile_index, pile_text, position, refusal

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

SLY = "sly"
PROMENADE, ACES, KINGS = range(1, 21), range(21, 25), range(25, 29)
PACK, TURNED = 29, 30


def sly(piles, **kw):
    """Every promenade packet a 7♣, the pack two cards, between rounds, unless
    the test says."""
    piles = {**{n: "7c" for n in PROMENADE}, PACK: "3d 4d", **piles}
    kw.setdefault("down", {PACK: len(piles[PACK].split())})
    return position(SLY, piles, **kw)


def test_the_deal_twenty_cards_foundation_cards_going_up_as_they_come():
    for seed in range(1, 11):
        game = Game.new(SLY, seed=seed)
        rules, pos = game.rules, game.position
        assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in PROMENADE)
        up = [c for n in (*ACES, *KINGS) for c in pos.piles[pile_index(rules, n)]]
        assert len(up) + 20 + len(pos.piles[pile_index(rules, PACK)]) == 104
    # rule 2: the 2♥ dealt before its ace stays; the A♥ goes up, its place taking
    # the next card, the 3♥, which stays (the 2♥ is not up)
    first = ["2h", "9s", "Ah", "3h", "5c"]
    whole = [f"{r}{s}" for s in "shdc" for r in
             ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")] * 2
    for c in first:
        whole.remove(c)
    game = Game.new(SLY, deck=cards(" ".join(first + whole)))
    rules, pos = game.rules, game.position
    assert [pile_text(rules, pos, n) for n in (1, 2, 3, 4)] == ["2h", "9s", "3h", "5c"]
    assert pile_text(rules, pos, 21) == "Ah"


def test_rule_1_aces_and_kings_of_different_suits_as_they_appear():
    rules, pos = sly({1: "Ah", 2: "Ah", 3: "Kc", PACK: "3d 4d 5d 6d"})
    settled = rules.settle(pos)
    assert [pile_text(rules, settled, n) for n in (21, 25)] == ["Ah", "Kc"]
    assert pile_text(rules, settled, 2) == "Ah"        # a second A♥: an ordinary card
    assert "of different suits" in refusal(rules, settled, 2, 22)


def test_rule_3_between_rounds_top_cards_go_up_and_never_pass_between_packets():
    rules, pos = sly({21: "Ah", 1: "9s 2h", 2: "3h"})
    assert refusal(rules, pos, 1, 21) is None
    assert "only the card turned up" in refusal(rules, pos, 2, 3)
    assert "the 3♥ cannot go on the A♥" in refusal(rules, pos, 2, 21)


def test_rule_4_a_promenade_vacancy_is_filled_at_once_from_the_pack():
    rules, pos = sly({21: "Ah", 1: "2h", PACK: "3d 4d"})
    played = rules.apply(pos, move_between(rules, 1, 21))
    assert pile_text(rules, played, 1) == "4d"
    # (a choice stated on the sheet) the card that fills a vacancy is not one of the
    # next round's twenty: the round still lays twenty cards of its own
    assert not played.get("placed") and not played.get("round_on")


def test_rule_5_a_round_is_laid_where_you_like_and_blocks_the_promenade():
    rules, pos = sly({21: "Ah", 1: "2h", PACK: "3d 2h 9c"})
    turned = rules.apply(pos, DEAL)
    assert pile_text(rules, turned, TURNED) == "9c"
    assert "must be placed first" in rules.move_reason(turned, DEAL)
    assert "played only when the round of 20 is laid" in refusal(rules, turned, 1, 21)
    for n in (1, 7, 20):                                # anywhere, on any card
        assert refusal(rules, turned, TURNED, n) is None
    # and the move list offers it on every packet, nothing else
    offered = {m.dst for m in rules.legal_moves(turned) if m.src == pile_index(rules, TURNED)}
    assert offered == {pile_index(rules, n) for n in PROMENADE}
    assert {m.src for m in rules.legal_moves(turned)} == {pile_index(rules, TURNED)}
    laid = rules.apply(turned, move_between(rules, TURNED, 7))
    assert pile_text(rules, laid, 7) == "7c 9c" and laid.get("placed") == 1
    up = rules.apply(rules.apply(laid, DEAL), move_between(rules, TURNED, 21))
    assert up.get("placed") == 1                        # played up: it does not count
    rules, pos = sly({21: "Ah", PACK: "3d 2h"}, round_on=1, placed=19)
    turned = rules.apply(pos, DEAL)
    assert "played only when the round of 20 is laid" in refusal(rules, turned, 3, 21)
    full = rules.apply(turned, move_between(rules, TURNED, 3))   # the twentieth
    assert not full.get("round_on") and refusal(rules, full, 3, 21) is None
    assert "is dealt, not played from" in refusal(rules, full, PACK, 3)


def test_rule_6_no_redeal_the_last_round_ends_short():
    rules, pos = sly({PACK: "9c"}, down={PACK: 1}, round_on=1, placed=5)
    turned = rules.apply(pos, DEAL)
    laid = rules.apply(turned, move_between(rules, TURNED, 4))
    assert not laid.get("round_on")                     # the pack out: the round is over
    assert not rules.is_legal(laid, DEAL)
    assert rules.status(laid)[0] is Status.LOST
