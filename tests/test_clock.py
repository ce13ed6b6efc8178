"""The Clock (Cadogan no. 9): the twelve cards of Tableau No. 1, each rule
allowed and forbidden on hand-made positions."""

from conftest import filled, move_between, pile_index, pile_text, refusal

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

HOURS, PACKETS, STOCK, TALON = range(1, 13), range(13, 25), 25, 26
BASES = {1: "6c", 2: "7h", 3: "8s", 4: "9d", 5: "10c", 6: "Jh", 7: "Qs", 8: "Kd", 9: "2c",
         10: "3h", 11: "4s", 12: "5d"}


def clock(piles, stock="3d 4d 5d", **kw):
    """The hours as dealt, every packet three queens of clubs (nothing moves)
    unless the test says, the pack three cards."""
    piles = {**BASES, STOCK: stock, **piles}
    kw.setdefault("down", {STOCK: len(stock.split())})
    return filled("clock", piles, PACKETS, filler="Qc Qc Qc", **kw)


def test_the_deal_tableau_no_1_and_twelve_packets_of_three():
    game = Game.new("clock", seed=6)
    rules, pos = game.rules, game.position
    assert {n: pile_text(rules, pos, n) for n in HOURS} == BASES
    assert all(len(pos.piles[pile_index(rules, n)]) == 3 for n in PACKETS)
    assert len(pos.piles[pile_index(rules, STOCK)]) == 104 - 12 - 36


def test_rule_1_each_hour_climbs_in_suit_king_then_ace_to_its_hour():
    rules, pos = clock({8: "Kd", 13: "Qc Qc Ad"})
    assert refusal(rules, pos, 13, 8) is None                 # the ace on the king
    rules, pos = clock({8: "Kd Ad 2d 3d 4d 5d 6d 7d 8d", 13: "Qc Qc 9d"})
    assert refusal(rules, pos, 13, 8) is not None             # VIII ends with the eight
    rules, pos = clock({12: "5d 6d 7d 8d 9d 10d Jd Qd", 13: "Qc Qc Kd"})
    assert refusal(rules, pos, 13, 12) is not None            # XII ends with the queen
    rules, pos = clock({13: "Qc Qc 7c"})
    assert refusal(rules, pos, 13, 1) is None                 # on the six of clubs
    rules, pos = clock({13: "Qc Qc 7s"})
    assert refusal(rules, pos, 13, 1) is not None             # not of its suit


def test_rule_2_top_cards_marry_downwards_in_suit_within_the_circle_only():
    rules, pos = clock({13: "Qc Qc 7s", 14: "Qc Qc 8s", 15: "Qc Qc 8h"})
    assert refusal(rules, pos, 13, 14) is None
    assert refusal(rules, pos, 13, 15) is not None            # not in suit
    assert refusal(rules, pos, 14, 13) is not None            # not upwards
    rules, pos = clock({14: "Qc Qc 8s", TALON: "7s"})
    assert refusal(rules, pos, TALON, 14) is not None         # not from the talon
    pos = rules.apply(clock({13: "Qc Qc 7s", 14: "Qc Qc 8s"})[1],
                      move_between(rules, 13, 14))
    assert pile_text(rules, pos, 14) == "Qc Qc 8s 7s"          # more than three by marriage
    rules, pos = clock({14: "Qc Qc 8s", TALON: "7s"}, stock="")
    assert refusal(rules, pos, TALON, 14) is not None


def test_rule_3_a_short_packet_waits_for_the_deal_play_going_on_meanwhile():
    rules, pos = clock({13: "Qc Qc 7c", 14: "Qc Qc 8c"}, stock="9h 8h 3s 2s")
    pos = rules.apply(pos, move_between(rules, 13, 1))        # the 7♣ up
    assert len(pos.piles[pile_index(rules, 13)]) == 2         # waits for the deal
    assert rules.is_legal(pos, move_between(rules, 14, 1))    # play goes on meanwhile
    pos = rules.apply(pos, move_between(rules, 14, 1))
    assert rules.words.deal_step_name(pos) == "refill 2 vacancies from the pack"
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 13) == "Qc Qc 2s" and pile_text(rules, pos, 14) == "Qc Qc 3s"
    assert not pos.piles[pile_index(rules, TALON)]            # the deal did nothing else


def test_rule_3_refill_brings_each_short_packet_to_three_from_the_pack_not_the_talon():
    rules, pos = clock({13: "Qc", 14: "Qc Qc", TALON: "9h"}, stock="2s 3s 4s")
    assert rules.words.deal_step_name(pos) == "refill 2 vacancies from the pack"
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 13) == "Qc 4s 3s"            # Packet 13 (I) first
    assert pile_text(rules, pos, 14) == "Qc Qc 2s"
    assert pile_text(rules, pos, TALON) == "9h"


def test_rule_4_the_pack_to_the_talon_whose_top_plays_only_to_the_hours():
    rules, pos = clock({}, stock="7c")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, TALON) == "7c"
    assert refusal(rules, pos, TALON, 1) is None
    rules, pos = clock({13: "Qc Qc 8h"}, stock="7h")
    pos = rules.apply(pos, DEAL)
    assert refusal(rules, pos, TALON, 13) is not None


def test_rule_5_no_redeal_lost_when_nothing_moves():
    rules, pos = clock({TALON: "9h"}, stock="")
    assert not rules.is_legal(pos, DEAL)
    assert rules.status(pos)[0] is Status.LOST


def test_a_marriage_never_turns_the_corner_no_king_on_an_ace():
    """"Marry in a descending line": a king climbs on an hour after its queen
    and before its ace, but in the circle a marriage goes one rank down and
    stops at the ace: a king is never married on an ace (a choice stated on the
    sheet)."""
    rules, pos = clock({13: "Qc Qc As", 14: "Qc Qc Ks", 15: "Qc Qc 2s"})
    assert refusal(rules, pos, 14, 13) is not None              # K♠ on A♠: no
    assert refusal(rules, pos, 13, 15) is None                  # A♠ on 2♠: yes
