"""Royal Marriage (Hoffmann no. 6) and the rule feature it stands on
(features/between.py): the deal, each rule allowed and forbidden, the end."""

from conftest import move_between, pile_index, pile_text, position, refusal
from feature_kit import holds_to_its_words

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

PACK, OUT = 53, 54
GAME = "royal-marriage"


def row(cards, pack="2c 3c", **extra):
    """The row's cards from Place 1 on; the pack face down (top card last)."""
    piles = {n: c for n, c in enumerate(cards.split(), 1)}
    if pack:
        piles[PACK] = pack
    return position(GAME, piles, down={PACK: len(pack.split())}, **extra)


def test_the_deal_the_queen_first_the_king_last():
    for seed in (1, 2, 3):
        game = Game.new(GAME, seed=seed)
        rules, pos = game.rules, game.position
        assert pile_text(rules, pos, 1) == "Qh"
        assert pos.piles[pile_index(rules, PACK)][0].code == "Kh"     # the bottom card
        assert len(pos.piles[pile_index(rules, PACK)]) == 51


def test_rule_1_each_card_dealt_beside_the_last():
    rules, pos = row("Qh 4c", pack="9d 7s")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 3) == "7s"
    assert rules.words.deal_step_name(pos) == "lay the next card of the pack on Place 4"


def test_rule_2_one_or_two_cards_between_two_of_one_suit_or_value_are_thrown_out():
    rules, pos = row("Qh 4c 5d Kd Ad 10c")
    assert refusal(rules, pos, 3, 5) is None                  # 5♦ . A♦: the K♦ between
    assert refusal(rules, pos, 5, 3) is None                  # either way round
    assert refusal(rules, pos, 2, 6) is not None              # three cards between
    assert "neither of one suit nor of one value" in refusal(rules, pos, 3, 6)
    after = rules.apply(pos, move_between(rules, 3, 5))
    assert [pile_text(rules, after, n) for n in range(1, 7)] == \
        ["Qh", "4c", "5d", "Ad", "10c", ""]                   # the row closed up
    assert pile_text(rules, after, OUT) == "Kd"
    holds_to_its_words(rules, pos)


def test_rule_2_two_cards_between_of_one_value():
    rules, pos = row("Qh 4c 5d 4s")                           # 4♣ and 4♠: one card between
    assert refusal(rules, pos, 2, 4) is None
    rules, pos = row("Qh 4c 5d Kh")                           # Q♥ . . K♥: two between
    after = rules.apply(pos, move_between(rules, 1, 4))
    assert [pile_text(rules, after, n) for n in (1, 2, 3)] == ["Qh", "Kh", ""]
    assert sorted(pile_text(rules, after, OUT).split()) == ["4c", "5d"]


def test_rule_4_won_with_the_king_beside_the_queen_lost_when_nothing_more_goes():
    rules, pos = row("Qh 4c Kh", pack="")
    assert rules.status(pos)[0] is Status.PLAYING
    won = rules.apply(pos, move_between(rules, 1, 3))
    assert rules.status(won) == (Status.WON, "the K♥ is reunited with the Q♥")
    rules, pos = row("Qh 4c 5d 6s Kh", pack="")
    status, why = rules.status(pos)
    assert status is Status.LOST and why.startswith("the pack is dealt out and 3 cards")


def test_the_deal_is_forced_only_when_nothing_can_be_thrown_out():
    rules, pos = row("Qh 4c 5d")
    assert rules.advice.forced_move(pos) == DEAL
    rules, pos = row("Qh 4c 5h")
    assert rules.advice.forced_move(pos) is None                     # throw out the 4♣, or deal on
    assert rules.is_legal(pos, DEAL)                          # rule 3: before or after dealing
