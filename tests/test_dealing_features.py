"""The rule features that deal, turn, refill and gather, each alone on a
small layout made up for it (the talon, the dealing steps, the refills): what
it allows, what it forbids (with words), what a move does, and the move taken
back; and its three encodings (the moves listed, the yes or no, the words)
agree."""

from __future__ import annotations

import pytest
from conftest import cards as cards_of
from feature_kit import holds_to_its_words, laid, made_up, move, text_of, undone

from patience_cli.engine import DEAL, Status
from patience_cli.features import (
    BottomToTop,
    DealTo,
    FormedAtEnd,
    Hemispheres,
    OntoLatest,
    PackFill,
    PlacedRounds,
    ProgressiveCircles,
    ProgressiveRows,
    RefillAtDeal,
    RefillAtOnce,
    Regather,
)
from patience_cli.features.talon import redeal_shuffled
from patience_cli.layout import LayoutError


# ---------------------------------------------------------------- the talon
def test_talon_turns_the_pack_card_by_card_and_takes_it_up_for_each_redeal():
    rules = made_up({"redeals": 1})
    pos = laid(rules, {1: "9c", 2: "9d", 3: "9h", 6: "2s 3s"}, down={6: 2})
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, DEAL)
    assert text_of(rules, after, 7) == "3s" and after.down[rules.layout.by_number(6).index] == 1
    out = laid(rules, {1: "9c", 2: "9d", 3: "9h", 7: "3s 2s"})
    assert rules.words.deal_step_name(out).startswith("redeal 1 of 1")
    redealt = undone(rules, out, DEAL)
    assert text_of(rules, redealt, 6) == "2s 3s" and redealt.get("redeals") == 1
    spent = laid(rules, {1: "9c", 2: "9d", 3: "8h", 7: "3s 2s"}, redeals=1)
    assert (rules.standing.tallies(out), rules.standing.tallies(spent)) == (["1 redeal left"], ["0 redeals left"])
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
    assert rules.words.outcome(pos, DEAL).startswith("turned the 2♥ from the Stock (6)")
    aside = rules.apply(up, DEAL)
    assert (text_of(rules, aside, 4), text_of(rules, aside, 7)) == ("Ah 2h", "5c")
    assert rules.words.outcome(up, DEAL).startswith("dealt the 5♣ to the Talon (7)")


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
    assert rules.words.deal_step_name(pos) == "deal 2 cards from the pack to each Row"
    after = undone(rules, pos, DEAL)
    assert [text_of(rules, after, n) for n in (1, 2, 3)] == ["9c 6s 5s", "9d 4s 3s", "9h 2s"]
    assert isinstance(rules.deal_step_now(after), Regather)
    assert text_of(rules, undone(rules, after, DEAL), 6) != ""


def test_deal_to_slots_lay_a_round_in_order_a_card_gone_up_keeping_its_count():
    """La Parisienne: a round falls to the piles the slots name in turn; a
    card a foundation takes goes up as it falls and its slot is passed over;
    the last new deal has its own round."""
    rules = made_up({"deal_to": {"slots": [1, 2, 3, 3], "last_slots": [1, 2]},
                     "regather": {"from": ["row"], "to": "stock", "times": 1}},
                    piles={1: {"deal_up": "any"}}, drop=("talon",))
    pos = laid(rules, {4: "Ac", 1: "9c", 2: "9d", 3: "9h", 6: "5s 4s 3s 2c 6d"}, down={6: 5})
    assert rules.words.deal_step_name(pos) == \
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
    assert "redeal 1:" in rules.words.deal_step_name(pos)
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
    assert rules.words.deal_step_name(pos) == "turn up the next card of the pack, to be placed (1 of 2)"
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
    assert (rules.standing.tallies(pos), rules.standing.tallies(after)) == (["1 shift left"], ["0 shifts left"])
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
    assert (rules.standing.tallies(pos), rules.standing.tallies(after)) == (["1 new deal left"], ["0 new deals left"])
    endless = made_up({"regather": {"from": ["row"], "times": "unlimited"}},
                      drop=("stock", "talon"))
    assert endless.standing.tallies(pos) == ["new deals without limit"]


def test_regather_with_a_stall_ends_when_deals_in_a_row_put_nothing_up():
    rules = made_up({"regather": {"from": ["row"], "times": "unlimited", "stall": 1}},
                    drop=("stock", "talon"))
    pos = rules.feature(Regather).dealt(laid(rules, {1: "9c", 2: "10d", 3: "8h"}))
    assert rules.is_legal(pos, DEAL)                # a card may still move: the deal is open,
    lost = undone(rules, pos, DEAL)                 # and it loses, for good
    assert rules.status(lost)[0] is Status.LOST and list(rules.legal_moves(lost)) == []
    assert "put no card on a foundation: the game is lost" in rules.status(lost)[1]
    assert lost.piles == pos.piles                  # nothing dealt again
    stuck = rules.feature(Regather).dealt(laid(rules, {1: "9c", 2: "9d", 3: "9h"}))
    assert rules.status(stuck)[0] is Status.LOST    # the losing deal the only move: lost now
    assert "a new deal would make 1 deal in a row put no card" in rules.status(stuck)[1]


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
    assert rules.words.deal_step_name(pos) == "deal row 2 of the rows"
    holds_to_its_words(rules, pos)
    row = undone(rules, pos, DEAL)
    assert [text_of(rules, row, n) for n in (1, 2, 3)] == ["9c 5s", "8d 4s", "Ah 3s"]
    assert row.get("rows") == 2
    assert not rules.is_legal(row, move(rules, 1, 2))  # a row's lowest card is 5s: no 4 on it
    short = laid(rules, {1: "9c 5s", 2: "8d", 3: "Ah 3s", 6: "2s"}, down={6: 1}, rows=2)
    assert rules.words.deal_step_name(short) == "refill 1 vacancy from the pack, uppermost rows first"
    filled = undone(rules, short, DEAL)
    assert text_of(rules, filled, 2) == "8d 2s" and filled.get("rows") == 2
    assert rules.words.outcome(short, DEAL).endswith(": 2♠ to Row 2")


def test_progressive_rows_refill_a_gap_at_the_top_of_a_column_free_at_both_ends_there():
    rules = made_up({"rows": {"group": "row"}}, piles={1: {"available": "ends"}},
                    drop=("talon",))
    pos = laid(rules, {1: "Ah 9c 8d", 2: "Qs 2c", 3: "Jd 4d", 6: "5s 6s 7s"}, down={6: 3},
               rows=3)
    took = undone(rules, pos, move(rules, 1, 4, card="Ah"))        # from the column's top
    assert text_of(rules, took, 1) == "9c 8d" and took.get("tops") == (1, 0, 0)
    assert rules.words.deal_step_name(took).startswith("refill 3 vacancies")
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
    assert rules.words.deal_step_name(pos) == "deal the rim"
    ring = rules.layout.by_number(8).index
    assert rules.available_cards(pos, ring) == list(cards_of("2h"))  # nothing beyond it yet
    holds_to_its_words(rules, pos)
    dealt = undone(rules, pos, DEAL)
    assert [text_of(rules, dealt, n) for n in (10, 11)] == ["7d", "8s"]
    assert rules.available_cards(dealt, ring) == []                # the rim blocks it
    assert "no card of Ring 8" in rules.move_reason(dealt, move(rules, 8, 4))
    assert rules.words.deal_step_name(dealt).startswith("turn the next card")
    opened = laid(rules, {8: "", 9: "5c", 10: "", 11: "Ks", 7: "Jd", 6: "9s"}, down={6: 1},
                  rows=2)
    assert rules.words.deal_step_name(opened).startswith("refill 2 vacancies, the ring first")
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
    assert rules.words.deal_step_name(pos) == "refill 1 vacancy from the pack"
    after = undone(rules, pos, DEAL)
    assert text_of(rules, after, 1) == "6s" and text_of(rules, after, 7) == ""
    assert rules.words.deal_step_name(after).startswith("turn the next card")
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
