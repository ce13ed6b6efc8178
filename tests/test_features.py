"""Each rule feature alone, on a small layout made up for it: what it allows,
what it forbids (with words), what a move does, and the move taken back; and
its three encodings (the moves listed, the yes or no, the words) agree."""

from __future__ import annotations

import json

import pytest

from conftest import cards as cards_of

from feature_kit import holds_to_its_words, laid, made_up, move, text_of, undone
from patience_cli.engine import DEAL, Status
from patience_cli.features import AsTheyAppear, BaseChoice, BottomToTop, DealTo, FaceTurning, FirstClaims, all_features
from patience_cli.features import Exchange, FormedAtEnd, FoundationsFirst, Hemispheres, Grace, LookAhead, PlacedRounds, Holds, OntoLatest, PackFill
from patience_cli.features import ProgressiveCircles, ProgressiveRows, RefillAtDeal, RefillAtOnce, Regather, Routes
from patience_cli.features import Scoring, Talon
from patience_cli.features.talon import redeal_shuffled
from patience_cli.layout import LayoutError


def test_a_feature_is_built_only_where_the_layout_names_it():
    rules = made_up(drop=("stock", "talon"))
    assert rules.features == ()
    assert [type(f) for f in made_up().features] == [Talon]


def test_a_features_quick_look_agrees_with_its_build_on_every_layout():
    """The registry imports a feature's module only where its quick look at
    the layout says the layout names it: that look must never miss a layout
    whose feature would be built."""
    from patience_cli.features import FEATURES, feature_class
    from patience_cli.games import rules_for
    from patience_cli.layout import game_ids, load_layout

    for gid in game_ids():
        for variant in (None, *load_layout(gid).variants):
            rules = rules_for(load_layout(gid, variant))
            for _, name, named in FEATURES:
                if feature_class(name).build(rules) is not None:
                    assert named(rules.layout), (gid, variant, name)


def test_every_feature_names_the_layout_keys_it_carries():
    for kind in all_features():
        assert kind.keys, kind.__name__


# ---------------------------------------------------------------- the talon
def test_talon_turns_the_pack_card_by_card_and_takes_it_up_for_each_redeal():
    rules = made_up({"redeals": 1})
    pos = laid(rules, {1: "9c", 2: "9d", 3: "9h", 6: "2s 3s"}, down={6: 2})
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, DEAL)
    assert text_of(rules, after, 7) == "3s" and after.down[rules.layout.by_number(6).index] == 1
    out = laid(rules, {1: "9c", 2: "9d", 3: "9h", 7: "3s 2s"})
    assert rules.deal_step_name(out).startswith("redeal 1 of 1")
    redealt = undone(rules, out, DEAL)
    assert text_of(rules, redealt, 6) == "2s 3s" and redealt.get("redeals") == 1
    spent = laid(rules, {1: "9c", 2: "9d", 3: "8h", 7: "3s 2s"}, redeals=1)
    assert (rules.tallies(out), rules.tallies(spent)) == (["1 redeal left"], ["0 redeals left"])
    assert not rules.is_legal(spent, DEAL)
    assert rules.move_reason(spent, DEAL) == "the pack is dealt out and the redeal is used"
    holds_to_its_words(rules, spent)


def test_talon_with_deal_up_sends_a_turned_card_up_when_a_foundation_takes_it():
    """Robert's pile: the card turned goes up at once if it follows, else it
    lies on the talon; the words say which."""
    rules = made_up(piles={7: {"deal_up": "any"}})
    pos = laid(rules, {4: "Ah", 6: "5c 2h"}, down={6: 2})
    up = undone(rules, pos, DEAL)
    assert (text_of(rules, up, 4), text_of(rules, up, 7)) == ("Ah 2h", "")
    assert rules.outcome(pos, DEAL).startswith("turned the 2♥ from the Stock (6)")
    aside = rules.apply(up, DEAL)
    assert (text_of(rules, aside, 4), text_of(rules, aside, 7)) == ("Ah 2h", "5c")
    assert rules.outcome(up, DEAL).startswith("dealt the 5♣ to the Talon (7)")


def test_talon_shuffles_for_a_redeal_where_the_book_says_so():
    rules = made_up({"redeals": 1, "redeal_shuffle": True})
    out = laid(rules, {1: "9c", 2: "9d", 3: "9h", 7: "3s 2s 4s 5s"})
    redealt = rules.apply(out, DEAL)
    talon = out.piles[rules.layout.by_number(7).index]
    assert list(redealt.piles[rules.layout.by_number(6).index]) == redeal_shuffled(talon, 1)


# ---------------------------------------------------------------- dealing steps
def test_deal_to_lays_a_card_from_the_pack_on_each_pile_of_its_group():
    rules = made_up({"deal_to": "row"}, drop=("talon",))
    pos = laid(rules, {1: "9c", 2: "9d", 3: "9h", 6: "2s 3s 4s 5s"}, down={6: 4})
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, DEAL)
    assert [text_of(rules, after, n) for n in (1, 2, 3)] == ["9c 5s", "9d 4s", "9h 3s"]
    empty = laid(rules, {1: "9c", 2: "9d", 3: "8h Ad"})
    assert rules.move_reason(empty, DEAL) == "the pack is dealt out"
    assert isinstance(rules.feature(DealTo), DealTo)


def test_deal_to_with_cards_lays_so_many_together_and_gives_way_to_a_new_deal():
    """La Nivernaise's Line: four cards dealt together on each packet; once
    the pack is out, the new deal of the group takes the turn."""
    rules = made_up({"deal_to": {"group": "row", "cards": 2},
                     "regather": {"from": ["row"], "to": "stock"}}, drop=("talon",))
    pos = laid(rules, {1: "9c", 2: "9d", 3: "9h", 6: "2s 3s 4s 5s 6s"}, down={6: 5})
    assert rules.deal_step_name(pos) == "deal 2 cards from the pack to each Row"
    after = undone(rules, pos, DEAL)
    assert [text_of(rules, after, n) for n in (1, 2, 3)] == ["9c 6s 5s", "9d 4s 3s", "9h 2s"]
    assert isinstance(rules._deal_step(after), Regather)
    assert text_of(rules, undone(rules, after, DEAL), 6) != ""


def test_deal_to_slots_lay_a_round_in_order_a_card_gone_up_keeping_its_count():
    """La Parisienne: a round falls to the piles the slots name in turn; a
    card a foundation takes goes up as it falls and its slot is passed over;
    the last new deal has its own round."""
    rules = made_up({"deal_to": {"slots": [1, 2, 3, 3], "last_slots": [1, 2]},
                     "regather": {"from": ["row"], "to": "stock", "times": 1}},
                    piles={1: {"deal_up": "any"}}, drop=("talon",))
    pos = laid(rules, {4: "Ac", 1: "9c", 2: "9d", 3: "9h", 6: "5s 4s 3s 2c 6d"}, down={6: 5})
    assert rules.deal_step_name(pos) == \
        "deal a round from the pack: a card to each Row (1-2) and two to Row 3"
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, DEAL)     # the 6d, then the 2c up to the ace: the 3s is Row 3's
    assert [text_of(rules, after, n) for n in (1, 2, 3, 4)] == ["9c 6d", "9d", "9h 3s 4s",
                                                                "Ac 2c"]
    assert rules.move_reason(laid(rules, {1: "9c", 6: "Ks"}, down={6: 1}, regathered=1),
                             DEAL) is None
    last = undone(rules, laid(rules, {1: "9c", 6: "5s 4s 3s"}, down={6: 3}, regathered=1), DEAL)
    assert [text_of(rules, last, n) for n in (1, 2, 3)] == ["9c 3s", "4s", ""]


def test_deal_to_takes_a_group_or_slots_and_names_real_piles():
    for deal_to, words in (({"cards": 2}, "give one of group"),
                           ({"group": "row", "slots": [1]}, "give one of group"),
                           ({"slots": [1, 99]}, "no pile 99"),
                           ({"group": "row", "last_slots": [1]}, "goes with slots")):
        with pytest.raises(LayoutError, match=words):
            made_up({"deal_to": deal_to}, drop=("talon",))


def test_unlimited_redeals_last_while_each_deal_through_the_pack_places_a_card():
    """The Zodiac: the talon is taken up again as often as a deal through the
    pack placed a card; once one placed none, there is no redeal."""
    rules = made_up({"redeals": "unlimited"})
    pos = laid(rules, {1: "9c", 2: "9d", 3: "9h", 7: "2s 3s"}, pass_size=3)
    holds_to_its_words(rules, pos)
    assert "redeal 1:" in rules.deal_step_name(pos)
    after = undone(rules, pos, DEAL)
    assert text_of(rules, after, 6) == "3s 2s" and after.get("pass_size") == 2
    stuck = laid(rules, {1: "9c", 2: "9d", 3: "9h", 7: "2s 3s"}, pass_size=2)
    assert "placed no card" in rules.move_reason(stuck, DEAL)
    assert rules.status(stuck)[0] is Status.LOST


def test_formed_at_end_foundations_take_no_card_while_the_pack_or_talon_holds_one():
    rules = made_up(piles={4: {"formed": "at-end"}})
    assert isinstance(rules.feature(FormedAtEnd), FormedAtEnd)
    pos = laid(rules, {1: "Ac", 2: "9d", 3: "9h", 6: "5s"}, down={6: 1})
    assert "formed only at the end" in rules.move_reason(pos, move(rules, 1, 4))
    assert not any(m.dst == 3 for m in rules.legal_moves(pos))
    holds_to_its_words(rules, pos)
    out = laid(rules, {1: "Ac", 2: "9d", 3: "9h"})
    assert rules.move_reason(out, move(rules, 1, 4)) is None


def test_hemispheres_a_card_away_from_its_colours_home_is_dead_until_exchanged():
    rules = made_up({"hemispheres": {"red": ["row"], "black": ["far"]}},
                    extra_piles=[{"group": "far", "name": "Far", "role": "tableau",
                                  "number": 8, "at": [0, 6], "deal": 1,
                                  "build": {"direction": "down", "suit": "any",
                                            "empty": "any"}}])
    assert isinstance(rules.feature(Hemispheres), Hemispheres)
    pos = laid(rules, {1: "As", 2: "Ah", 3: "6h", 8: "5d", 6: "Kc"}, down={6: 1})
    assert "wrong hemisphere" in rules.move_reason(pos, move(rules, 1, 4))   # the A♠ lies red
    assert rules.move_reason(pos, move(rules, 2, 4)) is None                 # the A♥ is home
    assert "wrong hemisphere" in rules.move_reason(pos, move(rules, 3, 8))   # not on the 5♦
    exchanges = [m for m in rules.legal_moves(pos) if {m.src, m.dst} == {0, 7}]
    assert len(exchanges) == 1                                  # listed once
    after = undone(rules, pos, exchanges[0])
    assert text_of(rules, after, 1) == "5d" and text_of(rules, after, 8) == "As"
    holds_to_its_words(rules, pos)
    end = laid(rules, {1: "As", 2: "Ah", 3: "6h", 8: "5d"})     # the pack out: all free
    assert rules.move_reason(end, move(rules, 1, 4)) is None
    assert not any({m.src, m.dst} == {0, 7} for m in rules.legal_moves(end))


def test_placed_rounds_each_card_turned_is_laid_where_the_player_likes():
    """Sly: each card turned waits until it is placed on any pile of the group
    (or played up); the group's cards are played only once the round is laid."""
    rules = made_up({"placing": {"group": "row", "round": 2}},
                    piles={1: {"build": None}, 2: {"build": None}, 3: {"build": None}})
    assert isinstance(rules.feature(PlacedRounds), PlacedRounds)
    pos = laid(rules, {1: "9c", 2: "2d", 3: "Ah", 6: "5s 6s 7s"}, down={6: 3})
    assert rules.deal_step_name(pos) == "turn up the next card of the pack, to be placed (1 of 2)"
    turned = undone(rules, pos, DEAL)
    assert text_of(rules, turned, 7) == "7s"
    holds_to_its_words(rules, turned)
    talon = rules.layout.by_number(7).index
    assert sorted(rules.specs[m.dst].number for m in rules.legal_moves(turned)
                  if m.src == talon) == [1, 2, 3]
    assert "must be placed first" in rules.move_reason(turned, DEAL)
    assert "played only when the round" in rules.move_reason(turned, move(rules, 3, 4))
    once = undone(rules, turned, move(rules, 7, 2))
    assert text_of(rules, once, 2) == "2d 7s" and once.get("placed") == 1
    twice = undone(rules, undone(rules, once, DEAL), move(rules, 7, 1))
    assert not twice.get("round_on")                    # the round of two is laid
    assert rules.move_reason(twice, move(rules, 3, 4)) is None
    assert "only the card turned up" in rules.move_reason(twice, move(rules, 3, 1))
    assert made_up().feature(PlacedRounds) is None


def test_bottom_to_top_lays_each_undermost_card_on_top_so_many_times():
    rules = made_up({"bottom_to_top": {"from": ["row"], "times": 1}}, drop=("stock", "talon"))
    pos = laid(rules, {1: "9c 5d", 2: "9d 4c 3h", 3: "10h"})
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, DEAL)
    assert [text_of(rules, after, n) for n in (1, 2, 3)] == ["5d 9c", "4c 3h 9d", "10h"]
    assert not rules.is_legal(after, DEAL)
    assert "laid on top once" in rules.deal_reason(after)
    assert (rules.tallies(pos), rules.tallies(after)) == (["1 shift left"], ["0 shifts left"])
    assert isinstance(rules.feature(BottomToTop), BottomToTop)


def test_regather_takes_up_the_rows_and_deals_them_again_as_many_times_as_allowed():
    rules = made_up({"regather": {"from": ["row"], "times": 1}}, drop=("stock", "talon"))
    pos = laid(rules, {1: "9c 5d", 2: "10d", 3: "8h 7s 6s"})
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, DEAL)
    assert [text_of(rules, after, n) for n in (1, 2, 3)] == ["9c", "5d", "10d 8h 7s 6s"]
    assert after.get("regathered") == 1
    assert not rules.is_legal(after, DEAL)
    assert "gathered and dealt again once" in rules.deal_reason(after)
    assert (rules.tallies(pos), rules.tallies(after)) == (["1 new deal left"], ["0 new deals left"])
    endless = made_up({"regather": {"from": ["row"], "times": "unlimited"}},
                      drop=("stock", "talon"))
    assert endless.tallies(pos) == ["new deals without limit"]


def test_regather_with_a_stall_ends_when_deals_in_a_row_put_nothing_up():
    rules = made_up({"regather": {"from": ["row"], "times": "unlimited", "stall": 1}},
                    drop=("stock", "talon"))
    pos = rules.feature(Regather).dealt(laid(rules, {1: "9c", 2: "10d", 3: "8h"}))
    assert not rules.is_legal(pos, DEAL)
    assert "put no card on a foundation" in rules.deal_reason(pos)
    stuck = rules.feature(Regather).dealt(laid(rules, {1: "9c", 2: "9d", 3: "9h"}))
    assert rules.status(stuck)[0] is Status.LOST
    assert "put no card on a foundation" in rules.status(stuck)[1]


def test_onto_latest_deals_onto_the_latest_kings_pile_and_keeps_the_rows_closed_meanwhile():
    rules = made_up({"onto_latest": {"group": "row", "build_after_deal": True}},
                    drop=("talon",))
    pos = laid(rules, {1: "Kc 5d", 6: "Ks 3h"}, down={6: 2})
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, DEAL)
    assert text_of(rules, after, 1) == "Kc 5d 3h"
    king = rules.apply(after, DEAL)
    assert text_of(rules, king, 2) == "Ks"
    assert not rules.is_legal(after, move(rules, 1, 2))
    words = rules.move_reason(after, move(rules, 1, 2))
    assert "cards go only to the foundations" in words and words.instead == DEAL
    assert rules.is_legal(king, move(rules, 1, 2)) is False  # 3h on Ks: the build says no
    assert isinstance(rules.feature(OntoLatest), OntoLatest)


def test_progressive_rows_refill_the_uppermost_vacancies_first_then_deal_a_new_row():
    rules = made_up({"rows": {"group": "row"}}, drop=("talon",))
    pos = rules.feature(ProgressiveRows).dealt(
        laid(rules, {1: "9c", 2: "8d", 3: "Ah", 6: "2s 3s 4s 5s"}, down={6: 4}))
    assert rules.deal_step_name(pos) == "deal row 2 of the rows"
    holds_to_its_words(rules, pos)
    row = undone(rules, pos, DEAL)
    assert [text_of(rules, row, n) for n in (1, 2, 3)] == ["9c 5s", "8d 4s", "Ah 3s"]
    assert row.get("rows") == 2
    assert not rules.is_legal(row, move(rules, 1, 2))  # a row's lowest card is 5s: no 4 on it
    short = laid(rules, {1: "9c 5s", 2: "8d", 3: "Ah 3s", 6: "2s"}, down={6: 1}, rows=2)
    assert rules.deal_step_name(short) == "refill 1 vacancy from the pack, uppermost rows first"
    filled = undone(rules, short, DEAL)
    assert text_of(rules, filled, 2) == "8d 2s" and filled.get("rows") == 2
    assert rules.outcome(short, DEAL).endswith(": 2♠ to Row 2")


def test_progressive_rows_refill_a_gap_at_the_top_of_a_column_free_at_both_ends_there():
    rules = made_up({"rows": {"group": "row"}}, piles={1: {"available": "ends"}},
                    drop=("talon",))
    pos = laid(rules, {1: "Ah 9c 8d", 2: "Qs 2c", 3: "Jd 4d", 6: "5s 6s 7s"}, down={6: 3},
               rows=3)
    took = undone(rules, pos, move(rules, 1, 4, card="Ah"))        # from the column's top
    assert text_of(rules, took, 1) == "9c 8d" and took.get("tops") == (1, 0, 0)
    assert rules.deal_step_name(took).startswith("refill 3 vacancies")
    filled = undone(rules, took, DEAL)   # row 1 of column 1 first, then row 3 of 2 and 3
    assert [text_of(rules, filled, n) for n in (1, 2, 3)] == ["7s 9c 8d", "Qs 2c 6s",
                                                              "Jd 4d 5s"]
    assert filled.get("tops") == (0, 0, 0)


def test_progressive_rows_refilled_at_once_leave_no_vacancy_while_the_pack_lasts():
    rules = made_up({"rows": {"group": "row", "refill": "immediate"}}, drop=("talon",))
    pos = laid(rules, {1: "9c", 2: "8d", 3: "Ah", 6: "2s 3s"}, down={6: 2}, rows=1)
    after = undone(rules, pos, move(rules, 3, 4))
    assert text_of(rules, after, 3) == "3s" and text_of(rules, after, 4) == "Ah"
    holds_to_its_words(rules, after)


# ---------------------------------------------------------------- refills
CIRCLES = [
    {"group": "ring", "name": "Ring", "role": "tableau", "count": 2, "number": 8,
     "at": [0, 5], "step": [1.5, 0], "deal": 1, "blocked_by": ["rim"],
     "build": {"direction": "none", "empty": "none"}},
    {"group": "rim", "name": "Rim", "role": "tableau", "count": 2, "number": 10,
     "at": [0, 7], "step": [1.5, 0],
     "build": {"direction": "down", "suit": "same", "empty": "none"}}]


def test_progressive_circles_lay_each_ring_in_turn_then_refill_the_inner_first():
    """The Shah's circles: the lay-out deals the first ring, each deal the
    next; a card is free only with nothing in the same place beyond it
    (``blocked_by``); vacancies wait for the next deal, which fills them all,
    the first ring's first, from the talon's top card, then the pack."""
    rules = made_up({"rows": {"groups": ["ring", "rim"], "from": ["talon", "stock"]}},
                    extra_piles=CIRCLES, drop=("row",))
    assert isinstance(rules.feature(ProgressiveCircles), ProgressiveCircles)
    assert rules.feature(ProgressiveRows) is None
    pos = laid(rules, {8: "2h", 9: "5c", 6: "9s 8s 7d"}, down={6: 3}, rows=1)
    assert rules.deal_step_name(pos) == "deal the rim"
    ring = rules.layout.by_number(8).index
    assert rules.available_cards(pos, ring) == list(cards_of("2h"))  # nothing beyond it yet
    holds_to_its_words(rules, pos)
    dealt = undone(rules, pos, DEAL)
    assert [text_of(rules, dealt, n) for n in (10, 11)] == ["7d", "8s"]
    assert rules.available_cards(dealt, ring) == []                # the rim blocks it
    assert "no card of Ring 8" in rules.move_reason(dealt, move(rules, 8, 4))
    assert rules.deal_step_name(dealt).startswith("turn the next card")
    opened = laid(rules, {8: "", 9: "5c", 10: "", 11: "Ks", 7: "Jd", 6: "9s"}, down={6: 1},
                  rows=2)
    assert rules.deal_step_name(opened).startswith("refill 2 vacancies, the ring first")
    holds_to_its_words(rules, opened)
    assert "the deal refills it" in rules.move_reason(opened, move(rules, 7, 10))
    filled = undone(rules, opened, DEAL)
    assert [text_of(rules, filled, n) for n in (8, 10, 7, 6)] == ["Jd", "9s", "", ""]
    assert made_up().feature(ProgressiveCircles) is None


def test_a_vacancy_refilled_with_a_count_takes_so_many_cards_together_once_emptied():
    rules = made_up(piles={1: {"refill": {"from": ["stock"], "count": 3}}}, drop=("talon",))
    pos = laid(rules, {1: "", 2: "9d", 3: "9h", 6: "2s 3s 4s 5s"}, down={6: 4})
    filled = rules.settle(pos)
    assert text_of(rules, filled, 1) == "5s 4s 3s" and text_of(rules, filled, 6) == "2s"
    short = laid(rules, {1: "7c", 2: "9d", 3: "9h", 6: "2s 3s"}, down={6: 2})
    assert rules.settle(short) == short               # a packet short of cards is not


def test_a_vacancy_refilled_at_once_from_the_pack_is_filled_by_itself():
    rules = made_up(piles={1: {"refill": {"from": ["stock"], "when": "at-once"}}},
                    drop=("talon",))
    pos = laid(rules, {1: "Ac", 2: "9d", 3: "9h", 6: "5s"}, down={6: 1})
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, move(rules, 1, 4))
    assert text_of(rules, after, 1) == "5s" and text_of(rules, after, 4) == "Ac"
    assert isinstance(rules.feature(RefillAtOnce), RefillAtOnce)


def test_a_vacancy_refilled_at_once_from_several_piles_waits_for_the_players_card():
    rules = made_up(piles={1: {"refill": {"from": ["reserve"], "when": "at-once"}}},
                    drop=("talon",),
                    extra_piles=[{"group": "reserve", "name": "Reserve", "role": "reserve",
                                  "count": 2, "number": 8, "at": [0, 6], "step": [1.5, 0]}])
    pos = laid(rules, {2: "9d", 3: "9h", 8: "4c", 9: "7d"})
    assert set(rules.legal_moves(pos)) == {move(rules, 8, 1), move(rules, 9, 1)}
    holds_to_its_words(rules, pos)
    assert not rules.is_legal(pos, move(rules, 9, 3))
    assert "must be filled first" in rules.move_reason(pos, move(rules, 9, 3))
    assert not rules.is_legal(pos, DEAL)
    after = undone(rules, pos, move(rules, 9, 1))
    assert text_of(rules, after, 1) == "7d"


def test_vacancies_refilled_at_the_deal_take_the_deal_step_first():
    rules = made_up({"redeals": 0}, piles={1: {"refill": {"from": ["stock"], "when": "deal"}}})
    pos = laid(rules, {2: "9d", 3: "9h", 6: "5s 6s"}, down={6: 2})
    holds_to_its_words(rules, pos)
    assert rules.deal_step_name(pos) == "refill 1 vacancy from the pack"
    after = undone(rules, pos, DEAL)
    assert text_of(rules, after, 1) == "6s" and text_of(rules, after, 7) == ""
    assert rules.deal_step_name(after).startswith("turn the next card")
    assert isinstance(rules.feature(RefillAtDeal), RefillAtDeal)


def test_a_vacancy_the_player_may_fill_from_the_pack():
    rules = made_up(piles={1: {"refill": {"from": ["stock"], "when": "player"}}},
                    drop=("talon",))
    pos = laid(rules, {2: "9d", 3: "8h", 6: "5s 6s"}, down={6: 2})
    fill = move(rules, 6, 1)
    assert fill in list(rules.legal_moves(pos))
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, fill)
    assert text_of(rules, after, 1) == "6s"
    assert "fills only an empty Row" in rules.move_reason(after, move(rules, 6, 1))
    assert isinstance(rules.feature(PackFill), PackFill)


# ---------------------------------------------------------------- routes and claims
def test_routes_a_pile_takes_cards_only_from_the_groups_it_names():
    rules = made_up(piles={4: {"accepts_from": ["talon"]}})
    pos = laid(rules, {1: "Ac", 7: "Ad"})
    holds_to_its_words(rules, pos)
    assert not rules.is_legal(pos, move(rules, 1, 4))
    assert "take cards only from the Talon" in rules.move_reason(pos, move(rules, 1, 4))
    after = undone(rules, pos, move(rules, 7, 4))
    assert text_of(rules, after, 4) == "Ad"
    assert isinstance(rules.feature(Routes), Routes) and not rules.open_routes


def test_routes_a_pile_second_to_another_takes_a_card_only_when_that_one_cannot():
    rules = made_up(piles={1: {"second_to": ["foundation"]}})
    pos = laid(rules, {1: "2c", 2: "Ac", 3: "9h"})
    assert not rules.is_legal(pos, move(rules, 2, 1))
    assert "which comes first" in rules.move_reason(pos, move(rules, 2, 1))
    holds_to_its_words(rules, pos)


def test_first_claim_only_the_claiming_card_moves_while_it_can():
    rules = made_up(piles={7: {"first_claim": True}})
    pos = laid(rules, {1: "9c", 2: "8d", 3: "Kh", 7: "8h", 6: "5s"}, down={6: 1})
    assert set(rules.legal_moves(pos)) == {move(rules, 7, 1)}
    holds_to_its_words(rules, pos)
    assert "must be played before any other" in rules.move_reason(pos, move(rules, 2, 1))
    assert "before the pack is dealt on" in rules.move_reason(pos, DEAL)
    after = undone(rules, pos, move(rules, 7, 1))
    assert DEAL in list(rules.legal_moves(after))
    assert isinstance(rules.feature(FirstClaims), FirstClaims)


def test_foundations_first_a_card_that_can_go_up_must():
    rules = made_up(piles={4: {"first_claim": True}})
    pos = laid(rules, {1: "Ac", 2: "9d", 3: "8h", 6: "5s"}, down={6: 1})
    assert set(rules.legal_moves(pos)) == {move(rules, 1, 4), move(rules, 1, 5)}
    holds_to_its_words(rules, pos)
    assert "before anything else" in rules.move_reason(pos, move(rules, 3, 2))
    after = undone(rules, pos, move(rules, 1, 4))
    assert move(rules, 3, 2) in list(rules.legal_moves(after))
    assert isinstance(rules.feature(FoundationsFirst), FoundationsFirst)


# ---------------------------------------------------------------- graces and holds
def test_grace_lets_a_card_that_is_not_free_go_up_so_many_times():
    rules = made_up({"grace": {"from": ["row"], "times": 1}}, drop=("stock", "talon"))
    pos = laid(rules, {1: "Ac 9d", 2: "8c", 3: "Kh"})
    grace = move(rules, 1, 4, card="Ac")
    assert grace in list(rules.legal_moves(pos))
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, grace)
    assert text_of(rules, after, 1) == "9d" and after.get("graces") == 1
    assert (rules.tallies(pos), rules.tallies(after)) == (["1 grace left"], ["0 graces left"])
    spent = laid(rules, {1: "2c 9d", 2: "10c", 3: "Kh", 4: "Ac"}, graces=1)
    assert not rules.is_legal(spent, move(rules, 1, 4, card="2c"))
    assert "the grace is used" in rules.move_reason(spent, move(rules, 1, 4, card="2c"))
    assert isinstance(rules.feature(Grace), Grace)


def test_holds_a_card_both_foundations_of_a_pair_take_waits_aside():
    rules = made_up({"hold": {"group": "aside", "up": "up", "down": "down",
                              "decide": "player"}}, drop=("foundation", "stock", "talon"),
                    extra_piles=[
                        {"group": "up", "name": "Up", "role": "foundation", "number": 4,
                         "at": [0, 3], "build": {"base": "A", "direction": "up",
                                                 "suit": "same", "until": "K"}},
                        {"group": "down", "name": "Down", "role": "foundation", "number": 5,
                         "at": [2, 3], "build": {"base": "K", "direction": "down",
                                                 "suit": "same", "until": "A"}},
                        {"group": "aside", "name": "Aside", "role": "reserve", "number": 6,
                         "at": [1, 3]}])
    pos = laid(rules, {1: "7c", 2: "9d", 3: "8h", 4: "Ac 2c 3c 4c 5c 6c",
                       5: "Kc Qc Jc 10c 9c 8c"})
    assert rules.is_legal(pos, move(rules, 1, 6))
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, move(rules, 1, 6))
    assert text_of(rules, after, 6) == "7c"
    assert not rules.is_legal(after, move(rules, 6, 2))
    assert "goes only to the Up (4) or the Down (5)" in rules.move_reason(after, move(rules, 6, 2))
    assert rules.is_legal(after, move(rules, 6, 5))
    holds_to_its_words(rules, after)
    assert isinstance(rules.feature(Holds), Holds)


# ---------------------------------------------------------------- turning, scoring
def test_as_they_appear_a_card_that_starts_a_foundation_goes_there_once_free():
    """Anna's knaves, the Mill's first kings: free by the deal, turned from the
    pack, brought into a vacancy or uncovered, such a card goes to its place
    by itself; a card that starts no empty place stays (a second ace of a
    suit whose place is taken is an ordinary card)."""
    rules = made_up(piles={4: {"as_they_appear": True}, 1: {"refill": {"from": ["stock"]}}})
    assert isinstance(rules.feature(AsTheyAppear), AsTheyAppear)
    pos = laid(rules, {1: "Ah", 2: "Ks Ac", 3: "9d", 6: "5c 7d"}, down={6: 2})
    after = rules.settle(pos)
    # the A♥ went up and its row took the pack's top card; the A♣ under nothing goes too
    assert [text_of(rules, after, n) for n in (1, 2, 4, 5)] == ["7d", "Ks", "Ah", "Ac"]
    turned = laid(rules, {4: "Ah", 1: "9d", 6: "4c Ac"}, down={6: 2})
    dealt = rules.apply(turned, DEAL)
    assert text_of(rules, dealt, 5) == "Ac" and text_of(rules, dealt, 7) == ""
    uncovered = laid(rules, {4: "Ah", 1: "Ac 2c", 2: "3c"})
    played = rules.apply(uncovered, move(rules, 1, 2))
    assert text_of(rules, played, 5) == "Ac" and text_of(rules, played, 1) == ""
    full = laid(rules, {4: "Ah", 5: "Ac", 1: "Ah"})
    assert rules.settle(full) == full
    assert made_up().feature(AsTheyAppear) is None


def test_base_choice_one_of_the_cards_turned_up_fixes_the_foundations_rank_first():
    """The Terrace: until the player has sent one of the cards the lay-out
    turned up to the first foundation, nothing else moves, the pack is not
    dealt on and no card starts a foundation by itself; the card chosen fixes
    the rank the other foundations start from."""
    first = {"base": "first", "until": "first", "direction": "up", "suit": "same",
             "wrap": True}
    rules = made_up({"choose_base": {"from": "row"}},
                    piles={1: {"deal": [1, 1, 0]}, 4: {"build": first, "as_they_appear": True}})
    assert isinstance(rules.feature(BaseChoice), BaseChoice)
    pos = laid(rules, {1: "7h", 2: "9c", 7: "9d", 6: "5s 6s"}, down={6: 2})
    assert rules.settle(pos) == pos  # the 9♦ on the talon starts nothing yet
    assert list(rules.legal_moves(pos)) == [move(rules, 1, 4), move(rules, 2, 4)]
    holds_to_its_words(rules, pos)
    assert "chosen first" in rules.move_reason(pos, move(rules, 7, 4))
    assert "chosen first" in rules.move_reason(pos, move(rules, 2, 5))
    assert "chosen first" in rules.move_reason(pos, DEAL)
    chose = undone(rules, pos, move(rules, 2, 4))
    # the nine fixes the rank: the talon's 9♦ starts the second foundation by itself
    assert text_of(rules, chose, 4) == "9c" and text_of(rules, chose, 5) == "9d"
    assert rules.is_legal(chose, DEAL)
    assert made_up().feature(BaseChoice) is None


KINGS = [{"group": "king", "name": "King", "role": "foundation", "count": 2, "number": 8,
          "at": [0, 5], "step": [1.5, 0],
          "build": {"base": "K", "direction": "down", "suit": "same", "until": "A"}}]


def test_exchange_a_card_passes_between_a_suits_up_and_down_foundations():
    rules = made_up({"exchange": {"up": "foundation", "down": "king"}}, extra_piles=KINGS)
    assert isinstance(rules.feature(Exchange), Exchange)
    pos = laid(rules, {4: "Ah 2h 3h", 8: "Kh Qh Jh 10h 9h 8h 7h 6h 5h 4h", 5: "Ac", 9: "Kc",
                       1: "9s", 6: "5s 6s"}, down={6: 2})
    assert move(rules, 4, 8) in list(rules.legal_moves(pos))   # the 3♥ onto the 4♥
    assert move(rules, 8, 4) in list(rules.legal_moves(pos))   # the 4♥ onto the 3♥
    holds_to_its_words(rules, pos)
    assert "begun with stays" in rules.move_reason(pos, move(rules, 5, 9))
    assert "other way" in rules.move_reason(pos, move(rules, 4, 5))
    after = undone(rules, pos, move(rules, 8, 4))
    assert text_of(rules, after, 4) == "Ah 2h 3h 4h"
    assert made_up().feature(Exchange) is None


def test_look_ahead_packets_are_seen_as_deep_as_a_group_has_vacancies():
    rules = made_up({"look_ahead": {"group": "row", "by": "foundation"}}, drop=("talon",))
    assert isinstance(rules.feature(LookAhead), LookAhead)
    pos = laid(rules, {1: "2c 3c 4c 5c", 4: "Ah", 5: "Ac"})
    assert rules.settle(pos).down[0] == 3                 # no vacancy: the top card alone
    one = laid(rules, {1: "2c 3c 4c 5c", 4: "Ah"})
    assert rules.settle(one).down[0] == 2                 # one vacancy: one card more
    assert made_up().feature(LookAhead) is None


def test_face_turning_the_card_beneath_is_turned_up_when_the_top_leaves():
    rules = made_up(piles={1: {"face": "top-up"}}, drop=("stock", "talon"))
    pos = laid(rules, {1: "9s Ac", 2: "9d", 3: "8h"}, down={1: 1})
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, move(rules, 1, 4))
    assert after.down[rules.layout.by_number(1).index] == 0
    assert isinstance(rules.feature(FaceTurning), FaceTurning)


def test_scoring_counts_counters_paid_and_won():
    rules = made_up({"score": {"stake": 52, "per_card": 5}})
    pos = laid(rules, {4: "Ac 2c", 5: "Ad"})
    assert rules.counters(pos) == 15 - 52
    assert isinstance(rules.feature(Scoring), Scoring)
    assert made_up().counters(pos) is None


def test_the_board_says_what_is_left_of_a_counted_rule(run):
    """Redeals left are on the board and in 'show --json', not only in 'moves'."""
    board = run("new", "sultan", "--seed", "1").out
    assert "· 2 redeals left" in board.splitlines()[-1]
    assert json.loads(run("show", "--json").out)["left"] == ["2 redeals left"]
    assert json.loads(run("new", "fours", "--seed", "1", "--force", "--json").out)["left"] == []


@pytest.mark.parametrize("play", [{"redeals": 2}, {"deal_to": "row"}, {"score": {
    "stake": 1, "per_card": 1}}])
def test_a_layout_without_the_feature_gets_none_of_its_rule(play):
    plain = made_up()
    named = made_up(play)
    assert len(named.features) >= len(plain.features)


def test_the_layout_readme_names_the_module_of_every_feature():
    from patience_cli.layout import data_dir

    readme = (data_dir("layouts") / "README.md").read_text()
    for kind in all_features():
        module = kind.__module__.rsplit(".", 1)[1]
        assert f"features/{module}.py" in readme and f"`{kind.__name__}`" in readme, kind


def test_pairs_two_free_cards_making_the_number_go_out_and_singles_alone():
    from patience_cli.features import ExtraCard, Pairs

    out = {"group": "out", "name": "Out", "role": "discard", "number": 8, "at": [8, 0]}
    rules = made_up({"pairs": {"from": ["row"], "total": 13, "singles": ["K"]}},
                    piles={1: {"build": None}}, extra_piles=[out], drop=("talon",))
    assert isinstance(rules.feature(Pairs), Pairs) and rules.feature(ExtraCard) is None
    pos = laid(rules, {1: "9s 6s", 2: "7h", 3: "Kd", 6: "5c"}, down={6: 1})
    listed = [m for m in rules.legal_moves(pos) if m.kind == "move"]
    assert move(rules, 1, 2) in listed and move(rules, 2, 1) not in listed   # listed once
    assert rules.is_legal(pos, move(rules, 2, 1))                           # either way round
    assert move(rules, 3, 8) in listed                                      # a king alone
    holds_to_its_words(rules, pos)
    assert not rules.is_legal(pos, DEAL)                 # every pair goes out before a deal
    after = undone(rules, pos, move(rules, 2, 1))
    assert text_of(rules, after, 1) == "9s" and text_of(rules, after, 2) == ""
    assert sorted(text_of(rules, after, 8).split()) == ["6s", "7h"]
    assert "the 9♠ and the K♦ make twenty-two, not thirteen" == \
        rules.move_reason(after, move(rules, 1, 3))
    assert rules.forced_move(pos) == move(rules, 1, 2)                     # nothing to choose
    assert made_up().feature(Pairs) is None


def test_pairs_extra_card_turned_only_when_nothing_pairs():
    from patience_cli.features import ExtraCard

    out = {"group": "out", "name": "Out", "role": "discard", "number": 8, "at": [8, 0]}
    spare = {"group": "spare", "name": "Spare", "role": "tableau", "number": 9, "at": [9, 0]}
    rules = made_up({"pairs": {"from": ["row"], "total": 11, "singles": ["J", "Q", "K"],
                               "extra": "spare"}},
                    piles={1: {"build": None}}, extra_piles=[out, spare], drop=("talon",))
    assert isinstance(rules.feature(ExtraCard), ExtraCard)
    pos = laid(rules, {1: "2c", 2: "3c", 3: "4c", 6: "9d 8d"}, down={6: 2})
    assert rules.is_legal(pos, DEAL)
    pos = rules.apply(pos, DEAL)
    assert text_of(rules, pos, 9) == "8d" and not rules.is_legal(pos, DEAL)
    holds_to_its_words(rules, pos)
    assert move(rules, 2, 9) in list(rules.legal_moves(pos))  # the 8♦ with the 3♣


def test_count_a_card_answering_its_call_goes_out_the_rest_to_the_talon_dealt_again():
    from patience_cli.features import CalledCount

    out = {"group": "out", "name": "Out", "role": "discard", "number": 8, "at": [8, 0]}
    rules = made_up({"count": {"calls": ["A", "2", "3"]}}, extra_piles=[out],
                    drop=("row", "foundation"))
    assert isinstance(rules.feature(CalledCount), CalledCount)
    assert made_up(extra_piles=[out]).feature(CalledCount) is None
    pos = laid(rules, {6: "2h 5c Ad"}, down={6: 3}, call=0, begun=(0,))
    assert list(rules.legal_moves(pos)) == [DEAL] and rules.forced_move(pos) == DEAL
    holds_to_its_words(rules, pos)
    pos = rules.apply(pos, DEAL)                            # "ace": the A♦ answers
    assert text_of(rules, pos, 8) == "Ad" and pos.get("begun") == ()
    pos = rules.apply(rules.apply(pos, DEAL), DEAL)         # "two" to 5♣, "three" to 2♥
    assert text_of(rules, pos, 7) == "5c 2h" and pos.get("call") == 0
    pos = rules.apply(pos, DEAL)                            # taken up in its order
    assert text_of(rules, pos, 6) == "2h 5c" and pos.get("begun") == (0,)
    assert "would repeat for ever" not in rules.status(pos)[1]
    pos = rules.apply(pos, DEAL)                            # "ace" to the 5♣
    pos = rules.apply(pos, DEAL)                            # "two" to the 2♥: out
    assert text_of(rules, pos, 8) == "Ad 2h" and rules.status(pos)[0].value == "playing"


def test_travel_a_card_goes_under_the_heap_of_its_value_and_that_heaps_top_goes_on():
    from patience_cli.features import Travellers

    rules = made_up({"travel": {"group": "row", "aside": "talon", "spare": "stock"}},
                    piles={1: {"build": None, "available": "none", "rank": ["A", "2", "3"]}},
                    drop=("foundation",))
    assert isinstance(rules.feature(Travellers), Travellers)
    assert made_up().feature(Travellers) is None
    row = {n: rules.layout.by_number(n).index for n in (1, 2, 3)}
    pos = laid(rules, {1: "Ac 3d", 2: "2c 2d", 3: "3c Kh", 6: "Ah"}, down={6: 1},
               next=row[1])
    assert list(rules.legal_moves(pos)) == [DEAL]
    holds_to_its_words(rules, pos)
    pos = rules.apply(pos, DEAL)                            # the 3♦ under Row 3
    assert text_of(rules, pos, 3) == "3d 3c Kh" and pos.get("next") == row[3]
    pos = rules.apply(pos, DEAL)                            # the K♥ aside; next from the stock
    assert text_of(rules, pos, 7) == "Kh" and pos.get("next") == -1
    pos = rules.apply(pos, DEAL)                            # the A♥ under Row 1
    assert text_of(rules, pos, 1) == "Ah Ac" and pos.get("next") == row[1]
    assert rules.feature(Travellers).won(pos) is None       # complete only with all four
    with pytest.raises(LayoutError, match="play.travel: every pile of group 'row' needs its rank"):
        made_up({"travel": {"group": "row", "aside": "talon"}}, drop=("foundation",))


def test_refill_same_place_a_vacancy_takes_the_card_of_the_pile_in_its_place():
    spare = {"group": "spare", "name": "Spare", "role": "tableau", "count": 3, "number": 11,
             "at": [0, 5], "step": [1.5, 0], "deal": 1}
    rules = made_up(piles={1: {"build": None,
                               "refill": {"from": ["spare"], "same_place": True}}},
                    extra_piles=[spare], drop=("talon",))
    pos = laid(rules, {1: "2c", 2: "", 3: "4c", 4: "Ac", 11: "5h", 12: "6h", 13: "7h",
                       6: "9d"}, down={6: 1})
    pos = rules.settle(pos)                                  # (after any move: the core settles)
    assert text_of(rules, pos, 2) == "6h" and text_of(rules, pos, 12) == ""  # its own, by itself
    assert text_of(rules, pos, 11) == "5h" and text_of(rules, pos, 13) == "7h"


def test_change_places_at_a_stand_cards_change_places_two_by_two():
    from patience_cli.features import ChangePlaces

    out = {"group": "out", "name": "Out", "role": "discard", "number": 8, "at": [8, 0]}
    rules = made_up({"pairs": {"from": ["row"], "total": 13},
                     "change_places": {"group": "row", "cards": 1}},
                    piles={1: {"build": None}}, extra_piles=[out], drop=("talon", "foundation"))
    assert isinstance(rules.feature(ChangePlaces), ChangePlaces)
    assert made_up().feature(ChangePlaces) is None
    pos = laid(rules, {1: "9s", 2: "2h", 3: "Ac", 6: "5c"}, down={6: 1})
    listed = [m for m in rules.legal_moves(pos) if m.kind == "move"]
    assert move(rules, 1, 3) in listed and move(rules, 3, 1) not in listed  # listed once
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, move(rules, 3, 1))                          # either way round
    assert (text_of(rules, after, 1), text_of(rules, after, 3)) == ("Ac", "9s")
    assert after.get("exchanged") == 1 and not any(
        m.kind == "move" for m in rules.legal_moves(after))                 # once a stand
    pos = laid(rules, {1: "9s", 2: "4h", 3: "Ac", 6: "5c"}, down={6: 1})    # 9 and 4 pair
    assert not rules.is_legal(pos, move(rules, 1, 3))                       # no stand: no change


def test_between_the_cards_between_two_that_match_go_out_and_the_row_closes_up():
    from patience_cli.features import Between

    out = {"group": "out", "name": "Out", "role": "discard", "number": 8, "at": [8, 0]}
    rules = made_up({"between": {"group": "row", "most": 1}}, piles={1: {"build": None}},
                    extra_piles=[out], drop=("talon", "foundation"))
    assert isinstance(rules.feature(Between), Between)
    assert made_up().feature(Between) is None
    pos = laid(rules, {1: "5c", 2: "9d", 3: "5h", 6: "Kd"}, down={6: 1})
    assert move(rules, 1, 3) in list(rules.legal_moves(pos))                # one between
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, move(rules, 3, 1))                           # either way round
    assert (text_of(rules, after, 1), text_of(rules, after, 2), text_of(rules, after, 8)) == \
        ("5c", "5h", "9d")
    dealt = rules.apply(after, DEAL)                                        # the next, beside
    assert text_of(rules, dealt, 3) == "Kd"
