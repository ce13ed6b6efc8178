"""The Zodiac (Cadogan no. 20): the lay-out, each rule sentence on hand-made
positions (Zodiac cards marrying up or down in suit with the Equator and the
talon, never each other; spaces filled when the player likes; the talon
redealt while it places cards; the foundations formed only at the end), and
the ends."""

from conftest import move_between, pile_index, pile_text, position, refusal
from feature_kit import holds_to_its_words

from patience_cli.engine import DEAL, Move, MoveKind, Status
from patience_cli.game import Game

GAME = "zodiac"
ZODIAC, EQUATOR, ACES, KINGS, PACK, TALON = range(1, 25), range(25, 33), range(33, 37), \
    range(37, 41), 41, 42


def table(piles, pack="9c 9c", **kw):
    """Every Zodiac and Equator place the test leaves out holds a card."""
    full = {**{n: "Kc" for n in ZODIAC}, **{n: "Qs" for n in EQUATOR}, PACK: pack, **piles}
    return position(GAME, full, down={PACK: len(pack.split())}, **kw)


def test_the_layout_an_equator_of_eight_and_a_zodiac_of_twenty_four():
    game = Game.new(GAME, seed=1)
    rules, pos = game.rules, game.position
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in [*ZODIAC, *EQUATOR])
    assert all(not pos.piles[pile_index(rules, n)] for n in [*ACES, *KINGS])
    assert len(pos.piles[pile_index(rules, PACK)]) == 104 - 32


def test_rule_1_zodiac_cards_marry_up_or_down_in_suit_never_each_other():
    rules, pos = table({1: "8h", 25: "7h", 26: "9h", 27: "9s", 2: "7h", TALON: "9h"})
    assert refusal(rules, pos, 25, 1) is None and refusal(rules, pos, 26, 1) is None
    assert refusal(rules, pos, TALON, 1) is None
    assert refusal(rules, pos, 27, 1) is not None                # not of its suit
    assert refusal(rules, pos, 2, 1) is not None                 # Zodiac to Zodiac
    assert refusal(rules, pos, 1, 25) is not None                # nothing on the Equator
    rules, pos = table({1: "8h 7h", 26: "8h"})
    assert refusal(rules, pos, 26, 1) is None                    # the same packet goes back up
    holds_to_its_words(rules, pos)


def test_rule_2_a_space_is_filled_from_the_talon_or_pack_when_the_player_likes():
    rules, pos = table({1: "", 25: "", TALON: "4d"})
    assert refusal(rules, pos, TALON, 1) is None and refusal(rules, pos, TALON, 25) is None
    assert rules.is_legal(pos, DEAL)                             # need not fill it first
    assert refusal(rules, pos, 26, 1) is not None                # not from the Equator
    rules, pos = table({1: ""}, pack="3c 4d")
    unseen = Move(MoveKind.MOVE, pile_index(rules, PACK), pile_index(rules, 1))
    assert rules.move_reason(pos, unseen) is None                # no talon: the pack's next
    assert pile_text(rules, rules.apply(pos, unseen), 1) == "4d"


def test_rule_3_the_talon_is_redealt_while_a_deal_through_it_places_a_card():
    rules, pos = table({TALON: "4d 5d 6d"}, pack="", pass_size=4)   # one card was placed
    assert rules.is_legal(pos, DEAL)
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, PACK) == "6d 5d 4d" and pos.get("pass_size") == 3
    rules, pos = table({TALON: "4d 5d 6d"}, pack="", pass_size=3)   # none was
    status, words = rules.status(pos)
    assert status is Status.LOST and "placed no card" in words


def test_rule_4_the_foundations_are_formed_only_when_every_card_is_placed():
    rules, pos = table({1: "Ah", 25: "Kh"})
    words = refusal(rules, pos, 1, 33)
    assert words is not None and "formed only at the end" in words
    assert not any(m.dst == pile_index(rules, 33) for m in rules.legal_moves(pos))
    rules, pos = table({1: "Ah", 25: "Kh"}, pack="")
    assert refusal(rules, pos, 1, 33) is None and refusal(rules, pos, 25, 37) is None
    rules, pos = table({1: "As", 33: "Ah", 34: "Ac", 35: "Ad", 2: "Ah"}, pack="")
    assert refusal(rules, pos, 1, 36) is None                    # a fourth suit
    rules, pos = table({2: "Ah", 33: "Ah", 34: "Ac", 35: "Ad"}, pack="")
    assert refusal(rules, pos, 2, 36) is not None                # a second ace of hearts


def test_rule_5_won_with_every_card_up():
    up = {n: " ".join(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
          for n, s in zip(ACES, "hscd")}
    down = {n: " ".join(f"{r}{s}" for r in "K Q J 10 9 8 7 6 5 4 3 2 A".split())
            for n, s in zip(KINGS, "hscd")}
    empty = {n: "" for n in [*ZODIAC, *EQUATOR]}
    rules, pos = table({**empty, **up, **down, 40: down[40].rsplit(" ", 1)[0], 1: "Ad"},
                       pack="")
    assert rules.status(pos)[0] is Status.PLAYING
    assert rules.status(rules.apply(pos, move_between(rules, 1, 40)))[0] is Status.WON
