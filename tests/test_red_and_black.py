"""Red and Black (Cadogan no. 33) = Rouge et Noir (Hoffmann no. 35): each
numbered rule and each sentence of the PLAY that allows or forbids something,
shown allowed and forbidden on hand-made positions."""

from collections import Counter

from conftest import move_between, pile_index, pile_text, position

from patience_cli.engine import DEAL, Status, redeal_shuffled
from patience_cli.game import Game

GAME = "red-and-black"
F = 9              # the first foundation's number (9-16)
PACK, TALON = 17, 18


def reason(rules, pos, src, dst):
    return rules.move_reason(pos, move_between(rules, src, dst))


def table(piles, **kw):
    """A position where every Volunteer not named holds a king of its own (so
    no vacancy draws on the pack unless the test makes one)."""
    filler = {n: "Kc" for n in range(1, 9) if n not in piles}
    return position(GAME, {**filler, **piles}, **kw)


def test_the_deal_withdraws_the_aces_in_pairs_and_deals_eight_volunteers():
    game = Game.new(GAME, seed=5)
    pos, rules = game.position, game.rules
    assert [pile_text(rules, pos, n) for n in range(9, 17)] == \
        ["Ad", "Ad", "Ac", "Ac", "Ah", "Ah", "As", "As"]
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in range(1, 9))
    assert len(pos.piles[pile_index(rules, PACK)]) == 104 - 16
    assert sum(len(p) for p in pos.piles) == 104
    assert not any(c.rank == 1 for n in range(1, 9) for c in pos.piles[pile_index(rules, n)])


# Rule I: the foundations follow suit (and ascend from the ace to the king).
def test_rule_1_foundations_follow_suit_and_ascend():
    rules, pos = position(GAME, {F: "Ad", 1: "2d", 2: "2h", 3: "3d"})
    assert reason(rules, pos, 1, F) is None
    assert reason(rules, pos, 2, F) == "the foundations follow suit: the 2♥ cannot go on the A♦"
    assert "ascend" in reason(rules, pos, 3, F)


def test_rule_1_a_foundation_ends_with_its_king():
    rules, pos = position(GAME, {F: "Ad 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd", 1: "Ad"})
    assert reason(rules, pos, 1, F) is not None


# Rule II: on the Volunteers, descending sequence in alternate colours.
def test_rule_2_volunteers_pack_down_in_alternate_colours():
    rules, pos = position(GAME, {1: "4s", 2: "3h", 3: "3c", 4: "5d", PACK: "9c"},
                          down={PACK: 1})
    assert reason(rules, pos, 2, 1) is None                          # red 3 on black 4
    assert "alternate colours" in reason(rules, pos, 3, 1)          # black 3 on black 4
    assert "builds down" in reason(rules, pos, 4, 1)                 # 5 on 4: not up


def test_rule_2_the_books_example_black_four_red_three_black_deuce():
    rules, pos = position(GAME, {1: "4s", 2: "3h", 3: "2c", PACK: "9c 9d"}, down={PACK: 2})
    pos = rules.apply(pos, move_between(rules, 2, 1))
    pos = rules.apply(pos, move_between(rules, 3, 1))
    assert pile_text(rules, pos, 1) == "4s 3h 2c"


def test_rule_2_only_the_top_card_of_a_volunteer_is_free():
    rules, pos = position(GAME, {F: "Ad", 1: "2d 5c", 2: "6h"})
    assert reason(rules, pos, 1, F) is not None                      # the 2♦ is covered
    assert reason(rules, pos, 1, 2) is None                          # the 5♣ (top) on the 6♥
    pos = rules.apply(pos, move_between(rules, 1, 2))
    assert reason(rules, pos, 1, F) is None                          # now it is free


def test_rule_2_nothing_goes_back_to_the_pack_or_talon():
    rules, pos = position(GAME, {1: "5c", TALON: "6h"})
    assert reason(rules, pos, 1, TALON) is not None
    assert reason(rules, pos, 1, PACK) is not None


# Rule III (the PLAY): each vacancy filled at once from the cards in hand.
def test_rule_3_an_emptied_volunteer_is_refilled_at_once_from_the_pack():
    rules, pos = table({F: "Ad", 1: "2d", PACK: "9c Kh"}, down={PACK: 2})
    pos = rules.apply(pos, move_between(rules, 1, F))
    assert pile_text(rules, pos, 1) == "Kh"                          # the pack's top card
    assert pos.down[pile_index(rules, 1)] == 0                       # face up
    assert pile_text(rules, pos, PACK) == "9c"


def test_rule_3_no_other_card_fills_a_vacancy_and_it_waits_for_the_redeal():
    rules, pos = table({F: "Ad", 1: "2d", 2: "8s", TALON: "7h"})
    pos = rules.apply(pos, move_between(rules, 1, F))                # the pack is out
    assert pile_text(rules, pos, 1) == ""
    assert "filled only from the Pack" in reason(rules, pos, TALON, 1)
    assert "filled only from the Pack" in reason(rules, pos, 2, 1)
    pos = rules.apply(pos, DEAL)                                     # the redeal refills it
    assert pile_text(rules, pos, 1) == "7h" and pile_text(rules, pos, TALON) == ""


# Rule IV: the pack is turned a card at a time; the talon's top card plays.
def test_rule_4_the_pack_turns_onto_the_talon_and_its_top_card_plays():
    rules, pos = position(GAME, {F: "Ad", 1: "9c", PACK: "5s 2d"}, down={PACK: 2})
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, TALON) == "2d"
    assert reason(rules, pos, TALON, F) is None
    pos = rules.apply(pos, DEAL)
    assert reason(rules, pos, TALON, F) is not None                  # the 2♦ is covered now


def test_rule_4_a_talon_card_may_go_on_a_volunteer():
    rules, pos = position(GAME, {1: "9c", TALON: "8d", PACK: "5s"}, down={PACK: 1})
    assert reason(rules, pos, TALON, 1) is None


# Rule V: the talon taken up, shuffled, and re-dealt once (Hoffmann: unshuffled).
def test_rule_3_vacancies_left_when_the_pack_ran_out_are_filled_by_the_redeal():
    rules, pos = position(GAME, {1: "9c", TALON: "5s 3h 4d"})        # seven vacancies
    pos = rules.apply(pos, DEAL)                                     # the redeal fills three
    assert [pile_text(rules, pos, n) != "" for n in range(2, 9)].count(True) == 3
    assert pile_text(rules, pos, PACK) == ""


def test_rule_5_one_shuffled_redeal_then_no_more():
    rules, pos = table({1: "9c", TALON: "5s 3h 4d"})
    talon = pos.piles[pile_index(rules, TALON)]
    pos = rules.apply(pos, DEAL)
    stock = pos.piles[pile_index(rules, PACK)]
    assert Counter(stock) == Counter(talon) and list(stock) == redeal_shuffled(talon, 1)
    for _ in range(3):
        pos = rules.apply(pos, DEAL)
    assert "redeal is used" in rules.deal_reason(pos)
    assert rules.status(pos)[0] is Status.LOST


def test_rule_5_hoffmann_deals_the_waste_heap_again_unshuffled():
    rules, pos = table({1: "9c", TALON: "5s 3h 4d"}, variant="hoffmann")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, PACK) == "4d 3h 5s"                 # turned over: 5♠ on top
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, TALON) == "5s"


# Rule VI: won when every card is up; lost when nothing can move.
def test_rule_6_won_and_lost():
    rules, pos = position(GAME, {F: "Ad 2d 3d", 1: "4d"})
    pos = rules.apply(pos, move_between(rules, 1, F))
    assert rules.status(pos)[0] is Status.WON
    rules, pos = position(GAME, {F: "Ad", 1: "5d", 2: "5h"}, redeals=1)
    assert rules.status(pos)[0] is Status.LOST


def test_a_whole_game_plays_from_the_shell(run):
    assert run("new", GAME, "--seed", "3").code == 0
    for _ in range(30):
        if run("deal").code:
            break
    out = run("show").out
    assert "Volunteer" in out and "Talon" in out


def test_a_move_reports_the_refill_it_caused_once_applied():
    """A move's outcome gives its events; the words said after the move name
    the card that refilled the vacancy."""
    from patience_cli.outcome import Outcome

    rules, pos = table({F: "Ad", 1: "2d", PACK: "9c Kh"}, down={PACK: 2})
    move = move_between(rules, 1, F)
    played = Outcome(rules, pos, move, rules.apply(pos, move))
    kinds = [(e["event"], e["card"], e["to"]) for e in played.events]
    assert ("moved", "2d", F) in kinds and ("dealt", "Kh", 1) in kinds
    assert played.words().endswith("then the K♥ fills Volunteer 1")
    assert rules.words.outcome(pos, move, after=played.after).endswith("then the K♥ fills "
                                                                 "Volunteer 1")


def test_move_json_lists_the_refill(run):
    import json

    for seed in range(1, 200):  # the first deal that opens with a card to go up
        game = Game.new(GAME, seed=seed)
        up = next((m for m in game.legal_moves()
                   if m.kind == "move" and m.dst in game.rules.foundations), None)
        if up is not None:
            break
    src, dst = game.layout.piles[up.src].number, game.layout.piles[up.dst].number
    assert run("new", GAME, "--seed", str(seed)).code == 0
    out = json.loads(run("move", str(src), str(dst), "--json").out)
    assert any(e["event"] == "dealt" and e["to"] == src for e in out["events"])
