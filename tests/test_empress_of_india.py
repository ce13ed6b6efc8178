"""The Empress of India (Cadogan no. 14): each rule, allowed and forbidden,
on hand-built positions.  Army 1-24, Navy 25-48, Admirals 49-56, Generals
57-64, red talon 65, black talon 66, pack 67, Empress 68, guard 69-76, the
queens thrown aside 77."""

import re
from collections import Counter

from conftest import move_between as mv
from conftest import pile_text as pile
from conftest import position

from patience_cli.cards import new_pack
from patience_cli.engine import DEAL, Status
from patience_cli.game import Game


def table(**piles):
    """Admirals on the A♠ and Generals on the K♥ (one each used), the rest of the
    Army 9♦ and Navy 9♣ fillers; p<N>= overrides pile N."""
    content = {n: "9d" for n in range(1, 25)} | {n: "9c" for n in range(25, 49)}
    content |= {49: "As", 50: "Ac", 57: "Kh", 58: "Kd"}
    content |= {int(k[1:]): v for k, v in piles.items()}
    return content


def test_the_deal_withdraws_the_foundations_the_empress_and_her_guard():
    game = Game.new("empress-of-india", seed=8)
    rules, pos = game.rules, game.position
    assert {c.code for i in rules.game.admirals for c in pos.piles[i]} == {"As", "Ac"}
    assert all(len(pos.piles[i]) == 1 for i in rules.game.admirals + rules.game.generals)
    assert {c.code for i in rules.game.generals for c in pos.piles[i]} == {"Kh", "Kd"}
    assert pos.piles[rules.game.empress][0].code == "Qc"
    assert sorted(c.code for i in rules.game.guard for c in pos.piles[i]) == ["Jd"] * 4 + ["Jh"] * 4
    assert len(pos.piles[rules.game.aside]) == 7
    assert all(len(pos.piles[i]) == 1 and pos.piles[i][0].colour.value == "red"
               for i in rules.game.army)
    assert all(len(pos.piles[i]) == 1 and pos.piles[i][0].colour.value == "black"
               for i in rules.game.navy)
    talons = pos.piles[rules.game.red_talon] + pos.piles[rules.game.black_talon]
    assert all(c.colour.value == "red" for c in pos.piles[rules.game.red_talon])
    assert all(c.colour.value == "black" for c in pos.piles[rules.game.black_talon])
    assert len(talons) + len(pos.piles[rules.stock]) == 208 - 32 - 48
    assert Counter(pos.cards()) == Counter(new_pack("whist", 4))


def test_no_card_goes_up_alone_only_a_red_and_black_pair_together():
    rules, pos = position("empress-of-india", table(p1="Qh", p25="3s", p26="2c", p67="5d"))
    assert "(rule 1)" in rules.move_reason(pos, mv(rules, 1, 57))
    assert "(rule 1)" in rules.move_reason(pos, mv(rules, 25, 49))
    pos = rules.apply(pos, mv(rules, 1, 25))                 # pair Q♥ on 3♠
    assert pile(rules, pos, 25) == "3s Qh"
    assert "(rule 1)" in rules.move_reason(pos, mv(rules, 26, 50))  # the 2♣ cannot go alone


def test_a_made_pair_goes_up_together_once_both_fit():
    rules, pos = position("empress-of-india", table(p1="Qh", p2="5h", p25="3s", p26="2s",
                                                    p67="5d"))
    pos = rules.apply(pos, mv(rules, 1, 25))                 # pair Q♥ on 3♠: not ready
    pos = rules.apply(pos, mv(rules, 2, 26))                 # pair 5♥ on 2♠: not ready
    assert "cannot go on a foundation yet" in rules.move_reason(pos, mv(rules, 25, 57))
    assert "cannot go on a foundation yet" in rules.move_reason(pos, mv(rules, 26, 49))


def test_an_available_pair_is_played_up_at_once_from_both_places():
    """The book: "if any available pairs of cards have been dealt, play them
    ... and refill the spaces": one move, both places left empty and refilled."""
    rules, pos = position("empress-of-india", table(p1="Qh", p25="2s", p65="8h", p66="7c",
                                                    p67="5d"))
    assert rules.move_reason(pos, mv(rules, 1, 25)) is None
    assert rules.move_reason(pos, mv(rules, 25, 1)) is None  # either way round, the same
    listed = [m for m in rules.legal_moves(pos) if {m.src, m.dst} == {0, 24}]
    assert len(listed) == 1                                   # and listed once
    for a, b in ((1, 25), (25, 1)):
        after = rules.apply(pos, mv(rules, a, b))
        assert pile(rules, after, 57) == "Kh Qh" and pile(rules, after, 49) == "As 2s"
        assert pile(rules, after, 1) == "8h" and pile(rules, after, 25) == "7c"


def test_the_books_refill_does_not_depend_on_which_card_was_laid_on_which():
    """Red talon empty, black talon 9♣, pack 7♠ 3♠ J♥ (top first): the Navy
    vacancy of an available pair takes the 9♣ from its own talon, and the
    pack is turned for the Army vacancy only (the 7♠ and 3♠ to the black
    talon, the J♥ to the Army), whichever card the player names first."""
    rules, pos = position("empress-of-india", table(p3="Qh", p30="2s", p66="9c",
                                                    p67="Jh 3s 7s"))
    for a, b in ((3, 30), (30, 3)):
        after = rules.apply(pos, mv(rules, a, b))
        assert pile(rules, after, 30) == "9c"
        assert pile(rules, after, 3) == "Jh"
        assert pile(rules, after, 66) == "7s 3s" and pile(rules, after, 67) == ""


def test_a_pair_waits_until_both_cards_fit():
    rules, pos = position("empress-of-india", table(p1="Qh", p25="3s", p67="5d"))
    pos = rules.apply(pos, mv(rules, 1, 25))
    assert "cannot go on a foundation yet" in rules.move_reason(pos, mv(rules, 25, 57))


def test_any_army_card_pairs_with_any_navy_card_and_the_reverse_but_once_only():
    rules, pos = position("empress-of-india", table(p1="5h", p2="6h", p25="Jc", p67="5d"))
    assert rules.move_reason(pos, mv(rules, 1, 25)) is None
    assert rules.move_reason(pos, mv(rules, 25, 1)) is None
    assert "Army card pairs only with a Navy card" in rules.move_reason(pos, mv(rules, 1, 2))
    assert "the pile it is on" in rules.move_reason(pos, mv(rules, 1, 1))
    pos = rules.apply(pos, mv(rules, 1, 25))
    assert "only be paired once" in rules.move_reason(pos, mv(rules, 2, 25))
    assert "only be paired once" in rules.move_reason(pos, mv(rules, 25, 2))


def test_a_vacancy_is_refilled_at_once_from_its_own_talon_or_else_the_pack():
    rules, pos = position("empress-of-india", table(p1="5h", p25="Jc", p65="4d 8h",
                                                    p66="7s", p67="5d"))
    pos = rules.apply(pos, mv(rules, 1, 25))                # Army 1 empties
    assert pile(rules, pos, 1) == "8h" and pile(rules, pos, 65) == "4d"
    rules, pos = position("empress-of-india", table(p1="5h", p25="Jc", p66="7s",
                                                    p67="6h 4c 2s"))
    pos = rules.apply(pos, mv(rules, 1, 25))                # no red talon: turn the pack
    assert pile(rules, pos, 1) == "6h"
    assert pile(rules, pos, 66) == "7s 2s 4c"               # black cards to their talon
    assert pile(rules, pos, 67) == ""


def test_pack_and_talon_cards_are_never_played_at_once():
    rules, pos = position("empress-of-india", table(p65="Qh", p67="5d"))
    assert "(rule 3)" in rules.move_reason(pos, mv(rules, 65, 57))
    assert "(rule 3)" in rules.move_reason(pos, mv(rules, 65, 25))


def test_the_foundations_follow_suit_and_leave_out_queens_and_knaves():
    rules, pos = position("empress-of-india", table(p1="10h", p25="Ks", p2="Jd",
                                                    p49="As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js",
                                                    p57="Kh Qh", p67="5d"))
    assert rules.game.ready(pos, 0, 24)                 # 10♥ after Q♥; K♠ after J♠
    assert rules.move_reason(pos, mv(rules, 1, 25)) is None
    rules, pos = position("empress-of-india", table(p1="10d", p25="2s", p67="5d"))
    pos = rules.apply(pos, mv(rules, 1, 25))       # 10♦ is not next on K♦ (the queen is)
    assert "cannot go on a foundation yet" in rules.move_reason(pos, mv(rules, 25, 58))


def test_deal_puts_the_rest_of_the_pack_into_the_two_talons_once():
    rules, pos = position("empress-of-india", table(p67="5d 5s 6h"))
    pos = rules.apply(pos, DEAL)
    assert pile(rules, pos, 65) == "6h 5d" and pile(rules, pos, 66) == "5s"
    assert pile(rules, pos, 67) == ""
    assert "no redeal" in (rules.move_reason(pos, DEAL) or "")


def test_won_when_every_card_is_on_the_foundations():
    rules, pos = position("empress-of-india", {49: "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js",
                                               57: "Kh Qh 10h 9h 8h 7h 6h 5h 4h 3h 2h",
                                               1: "Ah", 25: "Ks"})
    pos = rules.apply(pos, mv(rules, 1, 25))
    assert rules.status(pos)[0] is Status.WON


def test_moves_sums_up_the_pairings_and_all_lists_them(run):
    assert run("new", "empress-of-india", "--seed", "2").code == 0
    short_text = run("moves").out
    short = [line for line in short_text.splitlines() if re.match(r"\s*\d+\. ", line)]
    full = [line for line in run("moves", "--all").out.splitlines()
            if re.match(r"\s*\d+\. ", line)]
    summary = " ".join(short_text.split("\n" + short[-1])[-1].split())
    assert "other pairings" in summary and "'patience moves --all'" in summary
    total = int(full[-1].split(".")[0])
    assert len(full) == total > len(short)
    # the numbers shown are those of the full list: 'move N' plays the same move
    shown = short[0].split(".")[0]
    assert any(line.startswith(shown + ".") and line == short[0] for line in full)


def test_a_pairing_reports_the_refill_it_brought(run):
    run("new", "empress-of-india", "--seed", "2")
    result = run("move", "2", "25")
    assert result.code == 0
    assert result.out.startswith("Pair the Q♦ (Army 2) with the 7♠ (Navy 25); then the ")
