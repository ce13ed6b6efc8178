"""The Great Thirteen (Cadogan no. 45): the lay-out (kings slipped under,
the balcony taken from the packets' tops), Cadogan's tableau and worked
placings replayed, each rule sentence on hand-made positions, Rule III's
re-deal followed literally, and a deal played from the shell to a win."""

from collections import Counter

from conftest import move_between, pile_index, pile_text, position, refusal, won_from_the_shell
from feature_kit import holds_to_its_words

from patience_cli import rules_text
from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

GAME = "great-thirteen"
GROUND, NUMERALS, BALCONY = range(1, 9), range(9, 17), range(17, 25)

#: Cadogan's tableau: the balcony, and the numerals placed under it ("the
#: numeral 6 is placed under a three, the 4 under a two ... an ace under a
#: seven ... a knave under a queen ... a three under an eight").
TABLEAU_BALCONY = "7c 3d 9h Ac Qs 5d 8c 2h"
TABLEAU_NUMERALS = "A 6 5 2 J 10 3 4"


def board(ground: dict[int, str], numerals: dict[int, str] | None = None,
          balcony: str = TABLEAU_BALCONY, **extra):
    piles = {n: c for n, c in zip(BALCONY, balcony.split())}
    return position(GAME, {**piles, **(numerals or {}), **ground}, **extra)


def test_the_layout_eight_packets_their_tops_the_balcony_no_king_among_them():
    for seed in (1, 2, 3):
        game = Game.new(GAME, seed=seed)
        rules, pos = game.rules, game.position
        assert [len(pos.piles[pile_index(rules, n)]) for n in GROUND] == [12] * 8
        balcony = [pos.piles[pile_index(rules, n)] for n in BALCONY]
        assert all(len(p) == 1 and p[0].rank != 13 for p in balcony)
        assert not any(pos.piles[pile_index(rules, n)] for n in NUMERALS)
        laid = Counter(c for p in pos.piles for c in p)
        assert len(laid) == 52 and set(laid.values()) == {2}   # two whole packs


def test_cadogans_tableau_each_numeral_begins_with_double_its_balcony_card():
    for n, (balcony, numeral) in enumerate(zip(TABLEAU_BALCONY.split(),
                                               TABLEAU_NUMERALS.split())):
        rules, pos = board({1: f"{numeral}d"})
        assert refusal(rules, pos, 1, NUMERALS[n]) is None, (balcony, numeral)
        others = [m for m in NUMERALS if m != NUMERALS[n]
                  and refusal(rules, pos, 1, m) is None]
        assert not any(TABLEAU_NUMERALS.split()[m - 9] != numeral for m in others)


def test_cadogans_additions_an_eight_on_the_ace_a_ten_on_the_knave():
    numerals = {n: f"{r}s" for n, r in zip(NUMERALS, TABLEAU_NUMERALS.split())}
    rules, pos = board({1: "8h", 2: "10h", 3: "9h"}, numerals)
    assert refusal(rules, pos, 1, 9) is None                  # one and seven make eight
    assert refusal(rules, pos, 2, 13) is None                 # eleven and twelve, less 13
    assert "takes a nine next" not in (refusal(rules, pos, 3, 9) or "")
    assert "takes an eight next" in refusal(rules, pos, 3, 9)
    holds_to_its_words(rules, pos)


def test_rule_1_only_the_top_card_of_a_ground_packet_is_free():
    rules, pos = board({1: "Ad 9s"})                          # the ace lies under the nine
    assert refusal(rules, pos, 1, 12) is not None
    assert "Ground packet" not in pile_text(rules, pos, 1)


def test_rule_3_a_numeral_ends_with_a_king_and_closes():
    whole = "A 8 2 9 3 10 4 J 5 Q 6"                           # under the seven
    rules, pos = board({1: "Kc", 2: "7c"}, {9: " ".join(f"{r}s" for r in whole.split())})
    assert refusal(rules, pos, 1, 9) is None
    after = rules.apply(pos, move_between(rules, 1, 9))
    assert "complete" in refusal(rules, after, 2, 9)


def test_rule_4_a_vacancy_a_free_card_can_fill_comes_first():
    rules, pos = board({1: "8h", 2: "6d"}, {9: "As"})         # the 6 fills Numeral 10
    words = refusal(rules, pos, 1, 9)
    assert words is not None and "vacancies must be filled" in words
    assert rules_text.rule_cited(rules.layout, words.topics) == 4
    assert refusal(rules, pos, 2, 10) is None
    after = rules.apply(pos, move_between(rules, 2, 10))
    assert refusal(rules, after, 1, 9) is None


def test_rule_5_the_re_deal_waits_until_no_card_can_be_played():
    rules, pos = board({1: "8h", 2: "Kd Kc"}, {9: "As"})
    assert not rules.is_legal(pos, DEAL)
    assert "can still be played" in rules.move_reason(pos, DEAL)


def test_rule_5_each_packet_is_dealt_round_the_others_beginning_on_its_right():
    ground = {1: "Kd Kc", 2: "Kh", 3: "Qh Ks", 5: "Qc", 8: "Qd"}
    rules, pos = board(ground, {9: "As"})
    assert rules.is_legal(pos, DEAL)
    pos = rules.apply(pos, DEAL)                              # packet 1: Kd onto 2, Kc onto 3
    assert [pile_text(rules, pos, n) for n in (1, 2, 3)] == ["", "Kh Kd", "Qh Ks Kc"]
    pos = rules.apply(pos, DEAL)                              # packet 2: onto 3, then 4 (vacant)
    assert [pile_text(rules, pos, n) for n in (2, 3, 4)] == ["", "Qh Ks Kc Kh", "Kd"]
    pos = rules.apply(pos, DEAL)                              # packet 3: onto 4 ... 7
    assert [pile_text(rules, pos, n) for n in range(3, 8)] == ["", "Kd Qh", "Qc Ks", "Kc",
                                                               "Kh"]
    assert rules.status(pos)[0] is Status.PLAYING


def test_rule_5_a_played_off_packet_is_passed_over_and_the_last_goes_round_to_the_first():
    rules, pos = board({8: "Kd Kc Kh"}, {9: "As"}, redealt=7)
    pos = rules.apply(pos, DEAL)                              # packet 8: onto 1, 2, 3
    assert [pile_text(rules, pos, n) for n in (1, 2, 3, 8)] == ["Kd", "Kc", "Kh", ""]
    assert not rules.is_legal(pos, DEAL)


def test_rule_6_won_when_every_numeral_ends_with_a_king_lost_when_re_dealt_out():
    rules, pos = board({1: "Kd"}, {9: "As 8s 2s 9s 3s 10s 4s Js 5s Qs 6s"}, redealt=8)
    assert rules.status(pos)[0] is Status.PLAYING
    rules, pos = board({1: "Kd"}, {9: "As 8s"}, redealt=8)
    status, why = rules.status(pos)
    assert status is Status.LOST and "re-dealt" in why


def test_a_won_deal_plays_from_the_shell_to_its_end(run):
    won_from_the_shell(run, GAME, 1)


def test_a_king_uncovered_by_slipping_one_under_is_slipped_too():
    """"If in this first deal any kings appear on the surface, slip them
    underneath the packets to which each belongs": a king that a king slipped
    under leaves on the surface is slipped under in its turn (a choice stated
    on the sheet), so no packet shows a king once the deal is done."""
    from patience_cli.cards import new_pack, parse_card

    first = [parse_card(c) for c in "2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kh Ks".split()]
    rest = list(new_pack("whist", 2))
    for card in first:
        rest.remove(card)
    game = Game.new(GAME, deck=first + rest)
    packet = game.position.piles[pile_index(game.rules, 1)]
    balcony = game.position.piles[pile_index(game.rules, 17)]
    assert [c.code for c in packet[:2]] == ["Kh", "Ks"]          # both under, in turn
    assert balcony[0].code == "Qc"                               # the surface card taken up
