"""The last games of batch 2: the Crescent (Hoffmann no. 30) and the "Louis"
Patience (Cadogan no. 43 = Hoffmann no. 60), whose card that both the ace's
and the king's foundation take waits aside until play decides; and the Olga
(Cadogan no. 31), four piquet packs in a flower-bed of rows alternately face
up and face down.  Each rule and each sentence that allows or forbids
something, shown allowed and forbidden on hand-made positions, and the
books' worked example replayed."""

import json

import pytest
from conftest import cards, move_between, pile_index, pile_text, position, refusal

from patience_cli.cards import new_pack, parse_card
from patience_cli.engine import DEAL, Status
from patience_cli.game import Game
from patience_cli.games import load


def arranged(game_id, variant, first):
    """(rules, position) dealt from a pack whose first cards are *first*, the
    rest shuffled (a pack in order would send whole suits up in the deal)."""
    import random

    layout, rules = load(game_id, variant)
    put = [parse_card(c) for c in first]
    rest = list(new_pack(layout.pack_kind, layout.pack_count))
    for c in put:
        rest.remove(c)
    random.Random(1).shuffle(rest)
    return rules, rules.deal(put + rest)


# ---------------------------------------------------------------- the Crescent
CRESCENT = "crescent"
C_ACES, C_KINGS, C_WAIT = range(17, 21), range(21, 25), range(25, 29)
AC, KC, WC = 18, 22, 26          # clubs: the second column of each row
# clubs built up to the seven and down to the nine (Hoffmann's footnote)
CLUBS = {17: "Ad", AC: "Ac 2c 3c 4c 5c 6c 7c", 19: "Ah", 20: "As",
         21: "Kd", KC: "Kc Qc Jc 10c 9c", 23: "Kh", 24: "Ks"}


def test_crescent_lays_an_ace_and_king_of_each_suit_and_sixteen_heaps_of_six():
    game = Game.new(CRESCENT, seed=5)
    rules, pos = game.rules, game.position
    aces = [pile_text(rules, pos, n) for n in C_ACES]
    kings = [pile_text(rules, pos, n) for n in C_KINGS]
    assert aces == ["Ad", "Ac", "Ah", "As"] and kings == ["Kd", "Kc", "Kh", "Ks"]
    assert [len(pos.piles[pile_index(rules, n)]) for n in range(1, 17)] == [6] * 16
    assert all(not pos.piles[pile_index(rules, n)] for n in C_WAIT)
    assert all(d == 0 for d in pos.down)                     # every heap face up


def test_crescent_only_the_top_card_of_a_heap_plays():
    rules, pos = position(CRESCENT, {**CLUBS, 1: "2d 9h"})
    buried = move_between(rules, 1, 17)._replace(card=parse_card("2d"))
    assert not rules.is_legal(pos, buried)
    assert "only the top card" in rules.move_reason(pos, buried)


def test_crescent_the_board_shows_each_heaps_top_and_how_many_cards_it_holds(run):
    run("new", CRESCENT, "--seed", "5")
    game = Game.new(CRESCENT, seed=5)
    top = game.position.piles[pile_index(game.rules, 1)][-1]
    board = run("show", "--ascii").out
    assert f" 1  {top.text(ascii=True)}(6)" in board
    assert "Heap 1:" not in board                            # the heap is not listed card by card


def test_crescent_tops_marry_up_or_down_in_suit_and_an_emptied_heap_stays_empty():
    rules, pos = position(CRESCENT, {**CLUBS, 1: "8h", 2: "7h", 3: "9h", 4: "7s",
                                     5: "6h", 6: ""})
    assert refusal(rules, pos, 2, 1) is None                 # 7♥ on 8♥: down
    assert refusal(rules, pos, 3, 1) is None                 # 9♥ on 8♥: up
    assert refusal(rules, pos, 4, 1) is not None             # 7♠ on 8♥: not in suit
    assert refusal(rules, pos, 5, 1) is not None             # 6♥ on 8♥: not next
    assert "never refilled" in refusal(rules, pos, 2, 6)


def test_crescent_the_undermost_card_of_each_heap_goes_on_top_three_times():
    rules, pos = position(CRESCENT, {**CLUBS, 1: "9s 5d 3h", 2: "4s", 3: "10h Jd"})
    assert "(1 of 3)" in rules.words.describe(pos, DEAL)
    after = rules.apply(pos, DEAL)
    assert pile_text(rules, after, 1) == "5d 3h 9s"          # the 9♠ from under to top
    assert pile_text(rules, after, 2) == "4s"
    assert pile_text(rules, after, 3) == "Jd 10h"
    for _ in range(2):
        after = rules.apply(after, DEAL)
    assert pile_text(rules, after, 1) == "9s 5d 3h"
    assert "3 times" in rules.deal_reason(after)
    assert not rules.is_legal(after, DEAL)


def test_crescent_a_card_both_rows_take_is_laid_between_them():
    rules, pos = position(CRESCENT, {**CLUBS, 1: "8c", 2: "8h", 3: "8c"})
    assert refusal(rules, pos, 1, WC) is None                # the 8♣ fits 7♣ and 9♣
    assert "both" in refusal(rules, pos, 1, WC - 1)          # not in the diamonds' place
    assert "both" in refusal(rules, pos, 2, WC + 1)          # the 8♥ fits neither heart row
    # the move list offers it there (the place's quick look: the ranks both rows take)
    wait = pile_index(rules, WC)
    assert rules.ranks_taken(pos, wait) == {8}
    assert {m.src for m in rules.legal_moves(pos) if m.dst == wait} == \
        {pile_index(rules, 1), pile_index(rules, 3)}
    held = rules.apply(pos, move_between(rules, 1, WC))
    assert pile_text(rules, held, WC) == "8c"
    assert rules.ranks_taken(held, wait) == frozenset()     # it holds one card at a time
    assert "one card" in refusal(rules, held, 3, WC)        # the other 8♣ cannot join it
    assert "goes only to" in refusal(rules, held, WC, 3)     # never back to a heap


def test_crescent_the_first_card_that_follows_decides_hoffmanns_footnote():
    # "If a seven of clubs first appears, both cards will be played to the
    # king series; if a nine, both will be played to the ace series."
    rules, pos = position(CRESCENT, {**CLUBS, WC: "8c", 1: "5h", 2: "Jd"})
    assert "waits" in refusal(rules, pos, WC, AC)
    assert "waits" in refusal(rules, pos, WC, KC)
    assert not any(m.src == pile_index(rules, WC) for m in rules.legal_moves(pos))
    rules, seven = position(CRESCENT, {**CLUBS, WC: "8c", 1: "5h 7c", 2: "Jd"})
    assert refusal(rules, seven, WC, KC) is None             # the seven decides: kings
    assert "waits" in refusal(rules, seven, WC, AC)
    seven = rules.apply(seven, move_between(rules, WC, KC))
    seven = rules.apply(seven, move_between(rules, 1, KC))
    assert pile_text(rules, seven, KC).endswith("9c 8c 7c")
    rules, nine = position(CRESCENT, {**CLUBS, WC: "8c", 1: "5h 9c", 2: "Jd"})
    assert refusal(rules, nine, WC, AC) is None              # a nine: the aces
    assert "waits" in refusal(rules, nine, WC, KC)


def test_crescent_a_card_both_rows_take_waits_on_its_heap_too():
    rules, pos = position(CRESCENT, {**CLUBS, 1: "8c", 2: "Jd"})
    assert "waits" in refusal(rules, pos, 1, AC)
    rules, pos = position(CRESCENT, {**CLUBS, 1: "9c 8c", 2: "Jd"})
    assert refusal(rules, pos, 1, AC) is None                # the 9♣ beneath follows it


def test_crescent_is_lost_when_the_shifts_are_used_and_nothing_moves():
    rules, pos = position(CRESCENT, {**CLUBS, 1: "5h", 2: "Jd"}, shifted=3)
    assert rules.status(pos)[0] is Status.LOST


# ---------------------------------------------------------------- the "Louis" Patience
LOUIS = "louis"
L_OUT = ["Ad", "Ac", "Ah", "As", "Kd", "Kc", "Kh", "Ks"]
L_A, L_B, L_C, L_G = 1, 2, 3, 7
L_AD, L_AC, L_KC, L_WC = 13, 14, 18, 22
# cards no foundation takes at the start (no twos, no queens)
FILL = ["9s", "8h", "7c", "6d", "5s", "10h", "9c", "8d", "7s", "6h", "5c"]


@pytest.mark.parametrize("variant", [None, "hoffmann"])
def test_louis_a_card_going_up_as_it_turns_leaves_its_letter_to_the_next(variant):
    rules, pos = arranged(LOUIS, variant, L_OUT + ["2d", "9s", "8h"])
    assert pile_text(rules, pos, L_AD).startswith("Ad 2d")
    assert pos.piles[pile_index(rules, L_A)][0].code == "9s"   # a took the next card
    assert pos.piles[pile_index(rules, L_B)][0].code == "8h"


def test_louis_cadogan_a_card_of_the_circle_goes_up_when_freed_but_not_an_earlier_one():
    first = L_OUT + ["3c"] + FILL + ["3d", "2d", "2c"]
    rules, pos = arranged(LOUIS, None, first)
    a = [c.code for c in pos.piles[pile_index(rules, L_A)]]
    assert a[0] == "3c"                                      # circle one, blocked: it stays
    assert pile_text(rules, pos, L_AD).startswith("Ad 2d 3d")  # circle two's 3♦ went up
    rules, pos = arranged(LOUIS, "hoffmann", first)
    a = [c.code for c in pos.piles[pile_index(rules, L_A)]]
    assert a[:2] == ["3c", "3d"]                             # Hoffmann: only as it turns


def test_louis_the_board_shows_only_each_letters_top_card_and_count(run):
    run("new", LOUIS, "--seed", "4")
    game = Game.new(LOUIS, seed=4)
    board = run("show", "--ascii").out
    assert "Letter a:" not in board                         # the circles beneath stay squared
    cards = game.position.piles[pile_index(game.rules, L_A)]
    assert f" 1 {cards[-1].text(ascii=True)}({len(cards)})" in board


def test_louis_after_the_deal_tops_marry_up_or_down_in_suit_and_a_letter_stays_empty():
    rules, pos = position(LOUIS, {1: "9s 8h", 2: "7h", 3: "9h", 4: "7s", 5: "", 13: "Ad",
                                  14: "Ac", 15: "Ah", 16: "As", 17: "Kd", 18: "Kc",
                                  19: "Kh", 20: "Ks"}, regathered=0)
    assert refusal(rules, pos, 2, 1) is None
    assert refusal(rules, pos, 3, 1) is None
    assert refusal(rules, pos, 4, 1) is not None
    assert refusal(rules, pos, 2, 5) is not None             # an empty letter takes nothing


def test_louis_the_alphabet_is_taken_up_from_g_and_dealt_again_unshuffled():
    letters = {n: "6d" for n in range(1, 13)}
    letters[L_G] = "9h 10h"                                  # g: two cards, 9♥ beneath
    letters[L_G + 1] = "5s"                                  # h
    found = {13: "Ad", 14: "Ac", 15: "Ah", 16: "As 2s 3s 4s", 17: "Kd", 18: "Kc",
             19: "Kh", 20: "Ks Qs"}
    rules, pos = position(LOUIS, {**letters, **found})
    after = rules.apply(pos, DEAL)
    assert pile_text(rules, after, L_A) == "9h"              # g's first card comes out first
    assert pile_text(rules, after, L_B) == "10h"
    # then h's: the 5♠ goes up as it turns, and its letter takes the next card
    assert pile_text(rules, after, 16).endswith("4s 5s")
    assert pile_text(rules, after, L_C) == "6d"


def test_louis_three_new_deals_in_cadogan_two_in_hoffmann():
    for variant, times in ((None, 3), ("hoffmann", 2)):
        rules, pos = position(LOUIS, {1: "9s", 13: "Ad"}, variant=variant,
                              regathered=times - 1)
        assert rules.deal_reason(pos) is None
        assert rules.deal_reason(pos.with_extra(regathered=times)) is not None


LOUIS_CLUBS = {13: "Ad", L_AC: "Ac 2c 3c 4c 5c 6c 7c", 15: "Ah", 16: "As",
               17: "Kd", L_KC: "Kc Qc Jc 10c 9c", 19: "Kh", 20: "Ks"}


def test_louis_cadogan_a_card_laid_aside_goes_on_either_when_the_player_likes():
    rules, pos = position(LOUIS, {**LOUIS_CLUBS, 1: "8c", 2: "5h"})
    assert refusal(rules, pos, 1, L_AC) is None              # "you can place it on either"
    assert refusal(rules, pos, 1, L_WC) is None              # or lay it aside
    held = rules.apply(pos, move_between(rules, 1, L_WC))
    assert refusal(rules, held, L_WC, L_AC) is None
    assert refusal(rules, held, L_WC, L_KC) is None


def test_louis_hoffmann_a_card_laid_aside_waits_for_the_card_that_follows_it():
    rules, pos = position(LOUIS, {**LOUIS_CLUBS, L_WC: "8c", 1: "5h", 2: "7c"},
                          variant="hoffmann")
    assert refusal(rules, pos, L_WC, L_KC) is None           # a seven: the king's series
    assert "waits" in refusal(rules, pos, L_WC, L_AC)
    rules, pos = position(LOUIS, {**LOUIS_CLUBS, L_WC: "8c", 1: "5h", 2: "9c"},
                          variant="hoffmann")
    assert refusal(rules, pos, L_WC, L_AC) is None           # a nine: the ace's series
    assert "waits" in refusal(rules, pos, L_WC, L_KC)


def test_louis_in_the_deal_such_a_card_is_laid_aside_and_sent_up_by_the_card_after_it():
    letters = {n: "5h" for n in range(1, 13)}
    letters[L_G] = "8c 7c"
    rules, pos = position(LOUIS, {**LOUIS_CLUBS, **letters})
    after = rules.apply(pos, DEAL)
    assert pile_text(rules, after, L_KC).endswith("9c 8c 7c")
    assert not after.piles[pile_index(rules, L_WC)]
    letters[L_G] = "8c 5d"
    rules, pos = position(LOUIS, {**LOUIS_CLUBS, **letters})
    after = rules.apply(pos, DEAL)
    assert pile_text(rules, after, L_WC) == "8c"             # laid aside, waiting


# ---------------------------------------------------------------- the Olga
OLGA = "olga"
O_FOUND = 8
O_STOCK, O_TALON = 24, 25


def test_olga_deals_seven_rows_of_seven_alternately_face_up_and_down_from_128_cards():
    game = Game.new(OLGA, seed=8)
    rules, pos = game.rules, game.position
    assert sum(len(p) for p in pos.piles) == 128
    assert {c.rank for c in pos.cards()} == {1, 7, 8, 9, 10, 11, 12, 13}
    for n in range(1, 8):
        spec = rules.layout.by_number(n)
        down = pos.down[spec.index]
        assert [spec.hidden(down, i) for i in range(7)] == [False, True] * 3 + [False]
    assert len(pos.piles[pile_index(rules, O_STOCK)]) == 128 - 49


def test_olga_the_board_and_json_hide_the_face_down_rows_only(run):
    run("new", OLGA, "--seed", "8")
    game = Game.new(OLGA, seed=8)
    col = game.position.piles[pile_index(game.rules, 1)]
    line = next(x for x in run("show", "--ascii").out.splitlines() if " 1  " in x)
    shown = line.split(" 1  ")[1].split()
    assert shown[1::2][:3] == ["##"] * 3                    # rows two, four and six
    assert shown[0::2] == [c.text(ascii=True) for c in col[0::2]]
    doc = json.loads(run("show", "--json").out)
    cards = next(p for p in doc["piles"] if p["number"] == 1)["cards"]
    assert cards == [c.code if i % 2 == 0 else None for i, c in enumerate(col)]


def test_olga_the_card_above_is_turned_up_when_the_last_is_taken():
    rules, pos = position(OLGA, {1: "Kh 9c Qs 8d 10c As 7h", 2: "8s", O_STOCK: "Kc"},
                          down={1: 6})
    spec = rules.layout.by_number(1)
    assert rules.available_cards(pos, spec.index) == [parse_card("7h")]
    after = rules.apply(pos, move_between(rules, 1, 2))      # the 7♥ on the 8♠
    assert not spec.hidden(after.down[spec.index], 5)        # the A♠ is turned up
    assert refusal(rules, after, 1, O_FOUND) is None
    up = move_between(rules, 1, O_FOUND)
    later = rules.apply(after, up)
    assert [spec.hidden(later.down[spec.index], i) for i in range(5)] == \
        [False, True, False, True, False]                   # the 10♣ was face up already
    from patience_cli.events import move_events
    first = move_between(rules, 1, 2)
    events = move_events(rules.layout, pos, after, first)
    assert {"event": "turned up", "card": "As", "pile": 1} in events
    assert not [e for e in move_events(rules.layout, after, later, up)
                if e["event"] == "turned up"]               # nothing new is turned up


def test_olga_foundations_go_ace_seven_eight_to_king_in_suit():
    rules, pos = position(OLGA, {1: "7h", 2: "8h", 3: "7s", 4: "Ah", 5: "", O_FOUND: "",
                                 O_FOUND + 1: "Ah", O_FOUND + 2: "Ah 7h 8h 9h 10h Jh Qh Kh",
                                 O_STOCK: "Kc"})
    assert refusal(rules, pos, 1, O_FOUND) is not None       # an empty place takes an ace
    assert refusal(rules, pos, 4, O_FOUND) is None
    assert refusal(rules, pos, 1, O_FOUND + 1) is None       # the seven on the ace
    assert refusal(rules, pos, 2, O_FOUND + 1) is not None   # not the eight
    assert refusal(rules, pos, 3, O_FOUND + 1) is not None   # not the 7♠: suit
    assert refusal(rules, pos, 4, O_FOUND + 2) is not None   # complete at the king


def test_olga_a_card_that_could_go_up_may_be_laid_on_the_bed_instead():
    # "You are not obliged to play cards on the foundations"
    rules, pos = position(OLGA, {1: "7h", 2: "8s", O_FOUND: "Ah", O_STOCK: "Kc"})
    assert refusal(rules, pos, 1, O_FOUND) is None
    assert refusal(rules, pos, 1, 2) is None
    assert rules.advice.forced_move(pos) is None


def test_olga_the_bed_packs_down_in_alternate_colours_nothing_on_a_seven():
    rules, pos = position(OLGA, {1: "9h", 2: "8s", 3: "8d", 4: "7c", 5: "Ad", 6: "10c",
                                 O_STOCK: "Kc"})
    assert refusal(rules, pos, 2, 1) is None                 # a black eight on a red nine
    assert refusal(rules, pos, 3, 1) is not None             # red on red
    assert refusal(rules, pos, 1, 2) is not None             # not upwards
    assert refusal(rules, pos, 5, 4) is not None             # no ace on a seven
    assert refusal(rules, pos, 1, 6) is None


def test_olga_the_talon_top_packs_on_the_bed_but_an_empty_column_takes_only_bed_cards():
    rules, pos = position(OLGA, {1: "9h", 2: "", 3: "10d", O_TALON: "8c", O_STOCK: "Kc"})
    assert refusal(rules, pos, O_TALON, 1) is None           # "from the pack or talon"
    assert "filled only from" in refusal(rules, pos, O_TALON, 2)
    assert refusal(rules, pos, 3, 2) is None                 # a free card of the bed


def test_olga_an_ace_goes_to_a_foundation_or_an_empty_column_only():
    rules, pos = position(OLGA, {1: "Ad", 2: "", 3: "7c", 4: "8h", O_STOCK: "Kc"})
    assert refusal(rules, pos, 1, O_FOUND) is None
    assert refusal(rules, pos, 1, 2) is None                 # an emptied column takes it
    assert refusal(rules, pos, 1, 3) is not None             # not on a seven
    assert refusal(rules, pos, 1, 4) is not None


def test_olga_the_pack_is_dealt_once():
    rules, pos = position(OLGA, {1: "9h", O_TALON: "8d 8h", O_STOCK: ""})
    assert "no redeal" in rules.deal_reason(pos)
    assert rules.status(pos)[0] is Status.LOST


def test_olga_a_refusal_never_asks_for_a_card_the_piquet_pack_lacks():
    """Nothing goes on a seven (the pack has no six): the refusal says so,
    not that the seven "needs a six"."""
    rules, pos = position(OLGA, {1: "7s", 2: "Ah", 3: "9s"})
    words = rules.building.build_reason(pos, cards("Ah")[0], pile_index(rules, 1))
    assert "nothing goes on a seven" in words and "needs a six" not in words
    words = rules.building.build_reason(pos, cards("7d")[0], pile_index(rules, 3))
    assert "it needs an eight" in words
