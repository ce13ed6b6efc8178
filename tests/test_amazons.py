"""The Amazons (Hoffmann no. 4): the lay-out without kings, each rule sentence
on hand-made positions (a card going up only to the ace above its packet, the
place passed over, the packets taken up from the left, a finished family's
packet dealt no more, the loss after two barren deals), and a deal played out."""

from conftest import pile_index, pile_text, played_out, position

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

GAME = "amazons"
PACKETS, ACES, PACK, KINGS = range(1, 5), range(5, 9), 9, 10


def table(piles, pack="", **kw):
    return position(GAME, {KINGS: "Kh Ks Kd Kc", PACK: pack, **piles},
                    down={PACK: len(pack.split())}, **kw)


def test_the_layout_kings_thrown_aside_four_cards_and_aces_from_the_left():
    for seed in range(1, 8):
        game = Game.new(GAME, seed=seed)
        rules, pos = game.rules, game.position
        assert pile_text(rules, pos, KINGS).split() and \
            {c.rank for c in pos.piles[pile_index(rules, KINGS)]} == {13}
        assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in PACKETS)
        aces = [pile_text(rules, pos, n) for n in ACES]
        started = [a for a in aces if a]
        assert aces[:len(started)] == started                   # from the left, no gaps
        assert all(a.startswith("A") for a in started)
        assert len(pos.piles[pile_index(rules, PACK)]) == 28 - 4 - len(started)


def test_rules_2_and_3_a_card_goes_up_only_above_its_packet_and_its_place_is_passed_over():
    # the pack's top card is dealt first: 7h to Packet 1, 7s to Packet 2, 8c, 9c
    rules, pos = table({1: "Qd", 2: "Qd", 3: "Qd", 4: "Qd", 5: "Ah", 6: "As", 7: "Ac"},
                       pack="9c 8c 7s 7h")
    assert rules.words.deal_step_name(pos) == \
        "deal a round from the pack: a card to each Packet (1-4)"
    pos = rules.apply(pos, DEAL)
    assert [pile_text(rules, pos, n) for n in ACES] == ["Ah 7h", "As 7s", "Ac", ""]
    assert [pile_text(rules, pos, n) for n in PACKETS] == ["Qd", "Qd", "Qd 8c", "Qd 9c"]
    assert not rules.legal_moves(pos) or all(m.kind == "deal" for m in rules.legal_moves(pos))


def test_rule_2_a_card_lying_in_the_lower_row_never_goes_up():
    rules, pos = table({1: "Qd 7h", 5: "Ah"}, pack="9c")
    assert [m.kind for m in rules.legal_moves(pos)] == ["deal"]


def test_rule_1_an_ace_falling_anywhere_takes_the_next_place_from_the_left():
    rules, pos = table({1: "Qd", 2: "Qd", 3: "Qd", 4: "Qd", 5: "Ah"}, pack="9c 8c Ad 7s")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 6) == "Ad" and pile_text(rules, pos, 2) == "Qd"
    assert pile_text(rules, pos, 3) == "Qd 8c"


def test_rule_4_taken_up_the_others_on_the_left_hand_packet_its_first_card_dealt_first():
    rules, pos = table({1: "Qd Jd", 2: "Qs", 3: "Qc", 4: "Qh 10h", 5: "Ah"},
                       home_at=0)
    assert "gather" in rules.words.deal_step_name(pos)
    pos = rules.apply(pos, DEAL)
    pack = pile_text(rules, pos, PACK).split()
    assert pack[::-1] == ["Qd", "Jd", "Qs", "Qc", "Qh", "10h"]  # dealt from the end


def test_rule_5_a_finished_familys_packet_is_dealt_no_more():
    family = "Ah 7h 8h 9h 10h Jh Qh"
    rules, pos = table({1: "Qd", 2: "Qs", 3: "Qc", 4: "10s", 5: family, 6: "As"},
                       pack="9c 8c 7c")
    assert rules.words.deal_step_name(pos) == \
        "deal a round from the pack: a card to each Packet (2-4)"
    pos = rules.apply(pos, DEAL)
    assert [pile_text(rules, pos, n) for n in PACKETS] == ["Qd", "Qs 7c", "Qc 8c", "10s 9c"]


def test_rule_6_lost_after_two_deals_in_a_row_that_place_nothing():
    rules, pos = table({1: "Qd", 2: "Qs", 3: "Qc", 4: "10s", 5: "Ah"},
                       home_at=1, regathered=3, stalls=1)
    assert rules.status(pos)[0] is Status.LOST
    rules, pos = table({1: "Qd", 2: "Qs", 3: "Qc", 4: "10s", 5: "Ah"},
                       home_at=0, regathered=3, stalls=1)
    assert rules.status(pos)[0] is Status.PLAYING               # this deal placed the ace


def test_won_with_all_four_families_and_a_deal_played_out_ends():
    families = {n: f"A{s} 7{s} 8{s} 9{s} 10{s} J{s} Q{s}" for n, s in zip(ACES, "hsdc")}
    rules, pos = table(families)
    assert rules.status(pos)[0] is Status.WON
    game = played_out(GAME, 2)
    assert game.rules.status(game.position)[0] is Status.LOST


def test_rule_3_an_ace_among_the_first_four_leaves_its_place_to_the_next_card():
    from patience_cli.cards import new_pack, parse_card

    first = [parse_card(c) for c in "Ah 7c 8c 9c 10c".split()]
    deck = first + [c for c in new_pack("piquet") if c not in first]
    game = Game.new(GAME, deck=deck)
    rules, pos = game.rules, game.position
    assert pile_text(rules, pos, 5) == "Ah"
    assert [pile_text(rules, pos, n) for n in PACKETS] == ["7c", "8c", "9c", "10c"]


def test_a_second_barren_pass_loses_only_once_the_pack_is_dealt_through():
    """"If, twice in succession, you have dealt through the remainder of the
    pack without having been able to add a single card ...": while cards are
    still to be dealt, a second barren pass is not yet over."""
    rules, pos = table({1: "Qd", 2: "Qs", 3: "Qc", 4: "10s", 5: "Ah"}, pack="9c 8d",
                       home_at=1, regathered=3, stalls=1)
    assert rules.status(pos)[0] is Status.PLAYING and rules.is_legal(pos, DEAL)
    assert "one more deal" not in " ".join(rules.standing.tallies(pos))
