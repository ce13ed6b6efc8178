"""Valentine (Hoffmann no. 26): the lay-out of four with the footnote's
pairing, each rule sentence on hand-made positions (a card laid on or slid
under a heap of its suit, the card beside the row, the row gathered under
the pack and a new row begun), and the ends."""

from conftest import pile_text, played_out, position

from patience_cli.cards import parse_card
from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

GAME = "valentine"
ROW, BESIDE, PACK = range(1, 5), 5, 6


def table(piles, pack="", **kw):
    kw.setdefault("barren", 0)
    kw.setdefault("best", 0)
    return position(GAME, {PACK: pack, **piles}, down={PACK: len(pack.split())}, **kw)


def test_the_layout_four_cards_two_that_follow_in_suit_together_at_once():
    deck = [parse_card(c) for c in "5h 9c 6h Qs 2d 8d".split()]
    rest = [c for c in Game.new(GAME, seed=1).position.piles[5]] + \
        [c for i in range(4) for c in Game.new(GAME, seed=1).position.piles[i]]
    rest = [c for c in rest if c not in deck]
    game = Game.new(GAME, deck=deck + rest)
    rules, pos = game.rules, game.position
    # the 6♥ goes on the 5♥ and its place takes the next card
    assert [pile_text(rules, pos, n) for n in ROW] == ["5h 6h", "9c", "Qs", "2d"]
    assert len(pos.piles[rules.stock]) == 52 - 5


def test_rule_1_a_card_laid_on_a_heap_one_above_or_slid_under_one_below():
    rules, pos = table({1: "5h 6h", 2: "9c", 3: "Qs", 4: "2d"}, pack="Kc 4h 7h")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 1) == "5h 6h 7h"
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 1) == "4h 5h 6h 7h"
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, BESIDE) == "Kc"


def test_rule_2_the_row_gathered_under_the_pack_and_a_new_row_begun():
    rules, pos = table({1: "5h 6h", 2: "9c", 3: "Qs", 4: "2d", BESIDE: "Ks"},
                       pack="8d 3c Jd")
    assert rules.words.deal_step_name(pos).startswith("gather the row under the pack")
    pos = rules.apply(pos, DEAL)
    assert [pile_text(rules, pos, n) for n in ROW] == ["Ks", "Jd", "3c", "8d"]
    # the left-hand heap comes out first, lowest card first
    assert pile_text(rules, pos, PACK).split()[::-1] == ["5h", "6h", "9c", "Qs", "2d"]
    assert pile_text(rules, pos, BESIDE) == ""


def test_rule_3_won_with_the_four_suits_in_the_row():
    suits = {n: " ".join(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
             for n, s in zip(ROW, "hscd")}
    rules, pos = table({**suits, 4: suits[4].rsplit(" ", 1)[0]}, pack="Kd")
    assert rules.status(pos)[0] is Status.PLAYING
    assert rules.status(rules.apply(pos, DEAL))[0] is Status.WON


def test_rule_3_lost_once_the_pack_goes_round_four_times_with_no_fresh_card():
    rules, pos = table({1: "5h", 2: "9c", 3: "Qs", 4: "2d"}, pack="Kc", barren=208)
    status, words = rules.status(pos)
    assert status is Status.LOST and "four times" in words
    rules, pos = table({1: "5h", 2: "9c", 3: "Qs", 4: "2d"}, pack="Kc", barren=207)
    assert rules.status(pos)[0] is Status.PLAYING


def test_a_fresh_card_placed_restarts_the_count_a_run_coming_together_again_does_not():
    rules, pos = table({1: "5h", 2: "9c", 3: "Qs", 4: "2d"}, pack="Kc 7h 6h", best=0)
    pos = rules.apply(pos, DEAL)                                # the 6♥ on the 5♥: fresh
    assert pos.get("barren") == 0 and pos.get("best") >= 1
    rules, pos = table({1: "5h 6h", 2: "9c", 3: "Qs", 4: "2d", BESIDE: "Ks"},
                       pack="8d 3c Jd")
    best = rules.game.links(pos)
    pos = rules.apply(pos.with_extra(best=best), DEAL)
    assert pos.get("best") == best and pos.get("barren") == 3  # three cards turned


def test_a_deal_played_out_ends():
    game = played_out(GAME, 1, limit=100_000)
    assert game.rules.status(game.position)[0] in (Status.WON, Status.LOST)
