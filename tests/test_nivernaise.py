"""La Nivernaise (Cadogan no. 13): each rule and each sentence that allows or
forbids something, shown allowed and forbidden on hand-made positions, and the
deal as the book lays it."""

from conftest import pile_index, pile_text, position, refusal

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

NIV = "nivernaise"
FLANKS, ACES, KINGS, LINE = range(1, 9), range(9, 13), range(13, 17), range(17, 23)
PACK = 23


def niv(piles, **kw):
    """Every flank place holding a Q♠, every Line packet a 7♣ (none free to
    play), the pack two cards, unless the test says."""
    base = {**{n: "Qs" for n in FLANKS}, **{n: "7c" for n in LINE}, PACK: "3d 4d"}
    piles = {**base, **piles}
    kw.setdefault("down", {PACK: len(piles[PACK].split())})
    rules, pos = position(NIV, piles, **kw)
    return rules, rules.settle(pos)


def test_the_deal_flanks_of_four_and_a_line_of_six_packets_of_four():
    game = Game.new(NIV, seed=8)
    rules, pos, deck = game.rules, game.position, game.deck
    found = [c for n in (*ACES, *KINGS) for c in pos.piles[pile_index(rules, n)]]
    flank_cards = [c for n in FLANKS for c in pos.piles[pile_index(rules, n)]]
    assert sorted(flank_cards + [c for c in found if c in deck[:8]]) == sorted(deck[:8])
    for k, n in enumerate(LINE):                   # four dealt together, the first undermost
        packet = list(pos.piles[pile_index(rules, n)])
        dealt = [c for c in deck[8 + 4 * k:12 + 4 * k]]
        assert packet == dealt[:len(packet)]
    assert rules.words.deal_step_name(pos) == "deal 4 cards from the pack to each Line"


def test_rule_1_aces_and_kings_of_different_suits_go_up_as_they_appear():
    rules, pos = niv({1: "Ah", 2: "Ah", 17: "7c Kh", 18: "7c Ks"})
    aces = [pile_text(rules, pos, n) for n in ACES]
    kings = [pile_text(rules, pos, n) for n in KINGS]
    assert aces.count("Ah") == 1 and pile_text(rules, pos, 2) == "Ah"   # a second A♥ stays
    assert sorted(k for k in kings if k) == ["Kh", "Ks"]
    rules, pos = niv({9: "Ah 2h", 13: "Kh Qh", 1: "3h", 2: "Jh", 3: "3c"})
    assert refusal(rules, pos, 1, 9) is None and refusal(rules, pos, 2, 13) is None
    assert "follow suit" in refusal(rules, pos, 3, 9)
    assert "of different suits" in refusal(rules, pos, 1, 10)  # a heart: its ace is up
    assert "takes only an ace" in refusal(rules, pos, 3, 10)


def test_rule_2_only_the_lines_top_cards_are_free_and_nothing_is_placed():
    rules, pos = niv({9: "Ah", 17: "2h 5c", 1: "", 2: "2h"})
    assert refusal(rules, pos, 2, 9) is None           # a flank card goes up
    assert "the 5♣ cannot go on the A♥" in refusal(rules, pos, 17, 9)  # the 2♥ lies under it
    assert "nothing is placed on a card of the Flank" in refusal(rules, pos, 18, 3)
    assert "nothing may be placed on Line 17" in refusal(rules, pos, 2, 17)
    assert "filled only from the Pack or the Line" in refusal(rules, pos, 2, 1)


def test_rule_3_the_line_is_seen_only_as_deep_as_the_flanks_have_vacancies():
    rules, pos = niv({17: "2c 3c 4c 5c"})
    assert pos.down[pile_index(rules, 17)] == 3        # no vacancy: the top card alone
    rules, pos = niv({17: "2c 3c 4c 5c", 1: "", 5: ""})
    assert pos.down[pile_index(rules, 17)] == 1        # two vacancies: two more seen
    game = Game.new(NIV, seed=8)
    shown = game.rules.settle(game.position)
    assert shown == game.position                      # kept so after the deal


def test_rule_4_a_flank_vacancy_is_filled_from_the_line_or_the_pack_when_you_like():
    rules, pos = niv({1: "", 17: "9c 8d", PACK: "3d 4d"})
    assert refusal(rules, pos, 17, 1) is None          # the Line's top card
    assert refusal(rules, pos, PACK, 1) is None        # the pack's next card, unseen
    assert "filled only from the Pack or the Line" in refusal(rules, pos, 2, 1)
    filled = rules.apply(pos, next(m for m in rules.legal_moves(pos)
                                   if m.src == pile_index(rules, PACK)))
    assert pile_text(rules, filled, 1) == "4d"


def test_rule_5_a_packet_played_out_takes_four_cards_at_once():
    rules, pos = niv({9: "Ah", 17: "2h", PACK: "6d 5d 4d 3d 2d"})
    played = rules.apply(pos, next(m for m in rules.legal_moves(pos)
                                   if m.src == pile_index(rules, 17)))
    assert pile_text(rules, played, 17) == "2d 3d 4d 5d"
    rules, pos = niv({9: "Ah", 17: "7c 2h"})
    played = rules.apply(pos, next(m for m in rules.legal_moves(pos)
                                   if m.src == pile_index(rules, 17)))
    assert pile_text(rules, played, 17) == "7c"        # a packet with cards takes none


def test_rule_6_one_card_at_a_time_passes_between_a_suits_two_foundations():
    rules, pos = niv({9: "Ah 2h 3h 4h 5h 6h", 13: "Kh Qh Jh 10h 9h 8h 7h", 10: "Ac 2c",
                      14: "Kc"})
    assert refusal(rules, pos, 13, 9) is None          # the 7♥ onto the ace's 6♥
    assert refusal(rules, pos, 9, 13) is None          # or the 6♥ onto the king's 7♥
    assert "follow suit" in refusal(rules, pos, 10, 13)        # a club onto the hearts
    assert "descend in sequence" in refusal(rules, pos, 10, 14)  # the 2♣ does not follow the K♣
    assert "begun with stays" in refusal(rules, pos, 14, 10)   # the K♣ itself never passes
    assert "foundation of the other way" in refusal(rules, pos, 9, 10)
    assert "foundation of the other way" in refusal(rules, pos, 9, 1)
    moved = rules.apply(pos, next(m for m in rules.legal_moves(pos)
                                  if m.src == pile_index(rules, 13)))
    assert pile_text(rules, moved, 9).endswith("6h 7h") and pile_text(rules, moved, 13).endswith("8h")


def test_rule_7_four_cards_a_packet_then_the_line_taken_up_from_the_left_once():
    rules, pos = niv({PACK: "", 17: "2c 3c", 18: "4c", 19: "5c", 20: "6c", 21: "8c", 22: "9c"},
                     down={PACK: 0})
    assert rules.words.deal_step_name(pos).startswith("gather up the cards")
    again = rules.apply(pos, DEAL)
    # the first packet's undermost card is dealt first, four to a packet
    assert [pile_text(rules, again, n) for n in (17, 18)] == ["2c 3c 4c 5c", "6c 8c 9c"]
    assert pile_text(rules, again, PACK) == ""
    assert not rules.is_legal(again, DEAL)             # once only
    assert rules.status(again)[0] is Status.LOST
