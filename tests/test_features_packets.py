"""Rule features met first in the Great Thirteen, each on a small layout made
up for it (``feature_kit``): a pile climbing by the value of another's card
(``build.step_by``), vacancies filled first (``first_claim = "empty"``), the
deal's kings slipped under and tops taken up (``slip_under``, ``take_top``)
and packets re-dealt one by one round the others (``play.redeal_packets``)."""

import copy

import pytest
from conftest import cards
from feature_kit import BASE, holds_to_its_words, laid, made_up, move, text_of, undone

from patience_cli.building import stepped_order
from patience_cli.engine import DEAL, Rules
from patience_cli.layout import LayoutError, parse_layout

#: Two cards set out for show (numbers 8 and 9), each giving the step of the
#: foundation in its place (4 and 5).
KEYS = [{"group": "key", "name": "Key card", "role": "decoration", "count": 2, "number": 8,
         "at": [0, 5], "step": [1.5, 0]}]
STEPPED = {"build": {"suit": "any", "step_by": "key"}}


def stepped(**more):
    return made_up(piles={4: {**STEPPED, **more}}, extra_piles=KEYS)


def test_step_by_orders_begin_with_double_and_end_with_the_king():
    assert stepped_order(1) == tuple(range(2, 14))
    assert stepped_order(3) == (6, 9, 12, 2, 5, 8, 11, 1, 4, 7, 10, 13)
    assert all(sorted(stepped_order(s)) == sorted(set(range(1, 14)) - {s}) for s in range(1, 13))


def test_step_by_a_pile_climbs_by_its_key_cards_value_round_the_ranks():
    rules = stepped()
    pos = laid(rules, {8: "3c", 9: "Qh", 1: "6d", 2: "Js", 3: "9h"})
    assert rules.is_legal(pos, move(rules, 1, 4))         # double three: six
    assert rules.is_legal(pos, move(rules, 2, 5))         # double twelve, less 13: knave
    assert not rules.is_legal(pos, move(rules, 3, 4))     # a nine must wait for the six
    assert "takes only a six" in rules.move_reason(pos, move(rules, 3, 4))
    pos = rules.apply(pos, move(rules, 1, 4))
    assert rules.is_legal(pos, move(rules, 3, 4))         # six and three: nine, any suit
    pos = laid(rules, {8: "3c", 9: "Qh", 5: "Js", 1: "10d", 2: "9d"})
    assert rules.is_legal(pos, move(rules, 1, 5))         # eleven and twelve, less 13: ten
    assert not rules.is_legal(pos, move(rules, 2, 5))
    holds_to_its_words(rules, pos)


def test_step_by_a_pile_ends_with_the_king_and_takes_nothing_without_its_key_card():
    rules = stepped()
    four = rules.layout.by_number(4).index
    pos = laid(rules, {8: "Ac", 4: "2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc", 1: "Ad"})
    assert not rules.fits(pos, cards("Ad")[0], four)
    assert "complete" in rules.building.build_reason(pos, cards("Ad")[0], four)
    pos = laid(rules, {1: "2d"})
    assert not rules.fits(pos, cards("2d")[0], four)
    assert "no card above it" in rules.building.build_reason(pos, cards("2d")[0], four)


def test_step_by_goes_with_no_other_order_and_names_a_group_of_enough_piles():
    raw = {**BASE, "piles": [dict(p) for p in BASE["piles"]] + KEYS}
    raw["piles"][1] = {**raw["piles"][1], "build": {"step_by": "key", "base": "A"}}
    with pytest.raises(LayoutError, match="step_by gives the whole order"):
        parse_layout(raw)
    raw["piles"][1] = {**raw["piles"][1], "build": {"step_by": "kye"}}
    with pytest.raises(LayoutError, match="build.step_by: no group 'kye'"):
        parse_layout(raw)
    raw["piles"][1] = {**raw["piles"][1], "build": {"step_by": "stock"}}
    with pytest.raises(LayoutError, match="fewer than the 2"):
        parse_layout(raw)


def test_first_claim_empty_a_vacancy_that_a_free_card_fills_comes_first():
    rules = stepped(first_claim="empty")
    pos = laid(rules, {8: "3c", 9: "Qh", 4: "6d", 1: "9h", 2: "Js", 6: "5c"})
    assert not rules.is_legal(pos, move(rules, 1, 4))     # the knave can fill Foundation 5
    words = rules.move_reason(pos, move(rules, 1, 4))
    assert "vacancies must be filled before anything else" in words
    assert not rules.is_legal(pos, DEAL)
    assert list(rules.legal_moves(pos)) == [move(rules, 2, 5)]
    holds_to_its_words(rules, pos)
    pos = rules.apply(pos, move(rules, 2, 5))
    assert rules.is_legal(pos, move(rules, 1, 4))         # no vacancy a card can fill


def test_first_claim_empty_a_vacancy_no_free_card_fills_holds_nothing_back():
    rules = stepped(first_claim="empty")
    pos = laid(rules, {8: "3c", 9: "Qh", 4: "6d", 1: "9h", 2: "10s", 6: "5c"})
    assert rules.is_legal(pos, move(rules, 1, 4))
    assert rules.is_legal(pos, DEAL)


def slipped():
    """Rows of four cards with the kings on top slipped under, and a key row
    taking each row's top card."""
    return made_up(piles={1: {"deal": 4, "slip_under": ["K"]}},
                   extra_piles=[{**KEYS[0], "count": 3, "take_top": "row"}])


def test_slip_under_and_take_top_a_king_on_top_goes_under_then_the_top_card_is_taken():
    rules = slipped()
    deck = cards("2c 3c 4c Kc  5d 6d Kd Ks  7h 8h 9h 10h") + cards(
        "Ac Ad Ah As 2d 2h 2s 3d 3h 3s 4d 4h 4s 5c 5h 5s 6c 6h 6s 7c 7d 7s 8c 8d 8s 9c 9d 9s "
        "10c 10d 10s Jc Jd Jh Js Qc Qd Qh Qs Kh")
    pos = rules.deal(deck)
    assert text_of(rules, pos, 1) == "Kc 2c 3c"           # the king under, the 4 taken up
    assert text_of(rules, pos, 2) == "Kd Ks 5d"           # both kings under, the 6 taken up
    assert text_of(rules, pos, 3) == "7h 8h 9h"
    assert [text_of(rules, pos, n) for n in (8, 9, 10)] == ["4c", "6d", "10h"]


def test_slip_under_a_pile_of_nothing_but_kings_stays_as_it_is():
    rules = slipped()
    deck = cards("Kc Kd Kh Ks") + cards(
        "2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Ac Ad Ah As 2d 2h 2s 3d 3h 3s 4d 4h 4s 5d 5h 5s "
        "6d 6h 6s 7d 7h 7s 8d 8h 8s 9d 9h 9s 10d 10h 10s Jd Jh Js Qd Qh Qs")
    pos = rules.deal(deck)
    assert text_of(rules, pos, 1) == "Kc Kd Kh" and text_of(rules, pos, 8) == "Ks"


def redealt():
    return made_up(play={"redeal_packets": {"group": "row"}}, drop=("stock", "talon"))


def test_redeal_packets_each_packet_dealt_round_the_others_from_the_next():
    rules = redealt()
    pos = laid(rules, {1: "2c 3c 4c 5c 6c", 2: "9d", 3: "8h"})
    assert rules.is_legal(pos, DEAL)
    after = undone(rules, pos, DEAL)
    # packet 1 turned face down: its undermost card (2c) first, onto 2, then 3, then 1 ...
    assert text_of(rules, after, 2) == "9d 2c 5c"
    assert text_of(rules, after, 3) == "8h 3c 6c"
    assert text_of(rules, after, 1) == "4c"
    after = rules.apply(after, DEAL)                      # then packet 2, beginning on 3
    assert text_of(rules, after, 3) == "8h 3c 6c 9d"
    assert text_of(rules, after, 1) == "4c 2c"
    assert text_of(rules, after, 2) == "5c"               # its own place takes its card


def test_redeal_packets_a_played_off_packet_is_passed_over_but_takes_its_cards():
    rules = redealt()
    pos = laid(rules, {2: "9d 8d", 3: "7h"})
    after = rules.apply(pos, DEAL)                        # packet 1 is empty: packet 2 goes
    assert text_of(rules, after, 3) == "7h 9d"
    assert text_of(rules, after, 1) == "8d"               # the vacancy takes its card
    after = rules.apply(after, DEAL)                      # packet 3, onto 1 then 2
    assert text_of(rules, after, 1) == "8d 7h"
    assert text_of(rules, after, 2) == "9d"
    assert not rules.is_legal(after, DEAL)                # each packet once
    assert "every row has been re-dealt" in rules.deal_reason(after)


def test_redeal_packets_waits_while_a_card_can_be_played():
    rules = redealt()
    pos = laid(rules, {1: "2c Ac", 2: "9d"})
    assert not rules.is_legal(pos, DEAL)
    assert "can still be played" in rules.move_reason(pos, DEAL)
    pos = rules.apply(pos, move(rules, 1, 4))
    assert "can still be played" in rules.move_reason(pos, DEAL)  # the two follows
    pos = rules.apply(pos, move(rules, 1, 4))
    assert rules.is_legal(pos, DEAL)


def aside_rows(**play):
    """Three rows keyed to the ranks A, 2, 3, dealt in rounds, a card of a
    row's rank laid face down on an aside pile (number 8); the stock (6)
    holds the rest."""
    raw = copy.deepcopy(BASE)
    raw["deal"] = {"order": "rounds"}
    raw["piles"][0].update(deal=4, rank=["A", "2", "3"], set_aside="aside")
    raw["piles"] = [p for p in raw["piles"] if p["group"] != "talon"] + [
        {"group": "aside", "name": "Aside", "role": "reserve", "number": 8, "at": [5, 5],
         "face": "down"}]
    if play:
        raw["play"] = play
    return Rules(parse_layout(raw))


def test_set_aside_a_card_of_its_rows_rank_is_laid_aside_and_the_next_takes_its_place():
    rules = aside_rows()
    first = cards("Ac 5d 3c 2h 4s 6s")
    deck = first + tuple(c for c in cards(" ".join(
        f"{r}{s}" for s in "cdhs" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()))
        if c not in first)
    pos = rules.deal(deck)
    # in rounds: the A♣ to row 1 is laid aside, the 5♦ takes its place; the 3♣ to row 2,
    # the 2♥ to row 3; then the 4♠ to row 1, the 6♠ to row 2 ...
    assert text_of(rules, pos, 1).split()[:2] == ["5d", "4s"]
    assert text_of(rules, pos, 2).split()[:2] == ["3c", "6s"]
    assert text_of(rules, pos, 3).split()[0] == "2h"
    aside = pos.piles[rules.layout.by_number(8).index]
    assert aside[0] == cards("Ac")[0]
    assert all(c.rank in (1, 2, 3) for c in aside)
    for n in (1, 2, 3):  # no row keeps a card of its own rank
        assert all(c.rank != n for c in pos.piles[rules.layout.by_number(n).index])
    assert pos.down[rules.layout.by_number(8).index] == len(aside)


def test_regather_order_takes_the_piles_up_in_the_order_given():
    rules = aside_rows(regather={"from": ["row"], "order": [2, 1, 3]})
    pos = laid(rules, {1: "4c", 2: "5c 6c", 3: "7c"})
    after = rules.apply(pos, DEAL)
    # taken up 2, 1, 3: 5♣ 6♣ 4♣ 7♣, dealt again in rounds from row 1
    assert [text_of(rules, after, n) for n in (1, 2, 3)] == ["5c 7c", "6c", "4c"]


def test_regather_order_names_every_pile_taken_up_once():
    raw = {**BASE, "play": {"regather": {"from": ["row"], "order": [1, 2, 2]}}}
    with pytest.raises(LayoutError, match="each pile taken up once"):
        parse_layout(raw)


def test_set_aside_needs_the_piles_rank():
    raw = {**BASE, "piles": [{**BASE["piles"][0], "set_aside": "row"}, *BASE["piles"][1:]]}
    with pytest.raises(LayoutError, match="set_aside needs the pile's rank"):
        parse_layout(raw)
