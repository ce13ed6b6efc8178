"""The Flower-Garden (Cadogan no. 16): each numbered rule and each sentence of
the PLAY that allows or forbids something, shown allowed and forbidden."""


from conftest import cards, position

from patience_cli.engine import DEAL, Move, Status
from patience_cli.game import Game

GARDEN, BOUQUET, F1, F2 = 0, 6, 7, 8  # pile indexes (piles 1-6, 7, 8-11)


def reason(rules, pos, src, dst, card=None, count=1):
    return rules.move_reason(pos, Move("move", src, dst, count,
                                       cards(card)[0] if card else None))


# Rule I: any card in the Bouquet and the uppermost cards of the Garden are
# available; the removal of the top cards releases those beneath.
def test_rule_1_any_bouquet_card_is_available():
    rules, pos = position("flower-garden", {1: "5c", 7: "Kd 4h Qs"})
    assert reason(rules, pos, BOUQUET, 0, "4h") is None          # a middle card
    assert reason(rules, pos, BOUQUET, 0, "Qs") is not None      # a queen on a five: no


def test_rule_1_only_the_top_card_of_a_packet_is_available():
    rules, pos = position("flower-garden", {1: "Ah 9s", 2: "10c"})
    assert reason(rules, pos, 0, 1) is None                      # 9♠ (top) onto 10♣
    assert reason(rules, pos, 0, F1, "Ah") == \
        "the A♥ is not available: only the top card of Garden 1 may be played"


def test_rule_1_removing_a_top_card_releases_the_one_beneath():
    rules, pos = position("flower-garden", {1: "Ah 9s", 2: "10c"})
    assert reason(rules, pos, 0, F1) is not None                 # 9♠ cannot start a foundation
    pos = rules.apply(pos, Move("move", 0, 1))
    assert reason(rules, pos, 0, F1) is None                     # now the A♥ is free


# Rule II: the foundations must follow suit (and ascend from the ace).
def test_rule_2_foundations_follow_suit_and_ascend():
    rules, pos = position("flower-garden", {8: "Ah", 1: "2h", 2: "2s", 3: "3h"})
    assert reason(rules, pos, 0, F1) is None                     # 2♥ on A♥
    assert reason(rules, pos, 1, F1) == \
        "the foundations follow suit: the 2♠ cannot go on the A♥"
    assert "ascend" in reason(rules, pos, 2, F1)                 # 3♥ on A♥ skips the 2


def test_rule_2_foundations_start_with_aces_only():
    rules, pos = position("flower-garden", {1: "Ah", 2: "2h"})
    assert reason(rules, pos, 0, F1) is None
    assert "takes only an ace" in reason(rules, pos, 1, F1)


def test_rule_2_foundations_end_at_the_king_and_cards_stay_there():
    rules, pos = position("flower-garden", {8: "Ah 2h 3h", 1: "4s", 2: "5d", 7: "Ac"})
    assert "stay there" in reason(rules, pos, F1, 0)


# Rule III: cards placed in sequence on the Garden need not follow suit.
def test_rule_3_garden_builds_down_in_any_suit():
    rules, pos = position("flower-garden",
                          {1: "5c", 2: "4d", 3: "4c", 4: "6h", 5: "3s", 7: "Ah"})
    assert reason(rules, pos, 1, 0) is None                      # 4♦ on 5♣: other suit
    assert reason(rules, pos, 2, 0) is None                      # 4♣ on 5♣: same suit too
    assert reason(rules, pos, 3, 0) == \
        "the Garden builds down: the 6♥ cannot go on the 5♣ (it needs a four)"
    assert reason(rules, pos, 4, 0) is not None                  # 3♠ on 5♣: not in sequence


# PLAY: the book's own example from its tableau.
def test_play_the_books_example():
    # "place the four of diamonds on the five of clubs, then take the ten of
    # hearts from the Bouquet and place it on the knave of diamonds. The nine
    # of clubs can now be transferred, and the ace and deuce of diamonds are
    # released."
    rules, pos = position("flower-garden", {
        1: "5c", 2: "2d Ad 9c 4d", 3: "Jd", 7: "10h Ks"})
    for move in (Move("move", 1, 0), Move("move", BOUQUET, 2, 1, cards("10h")[0]),
                 Move("move", 1, 2)):
        assert rules.move_reason(pos, move) is None
        pos = rules.apply(pos, move)
    assert reason(rules, pos, 1, F1) is None                     # the A♦ is released
    pos = rules.apply(pos, Move("move", 1, F1))
    assert reason(rules, pos, 1, F1) is None                     # then the 2♦


def test_play_bouquet_cards_go_to_the_garden_as_well_as_the_foundations():
    rules, pos = position("flower-garden", {1: "5c", 8: "Ah", 7: "4h 2h"})
    assert reason(rules, pos, BOUQUET, 0, "4h") is None
    assert reason(rules, pos, BOUQUET, F1, "2h") is None


def test_play_transfers_between_packets_as_often_as_you_please():
    rules, pos = position("flower-garden", {1: "5c", 2: "5s", 3: "4d", 7: "Ah"})
    pos = rules.apply(pos, Move("move", 2, 0))
    assert reason(rules, pos, 0, 1) is None                      # and back again
    pos = rules.apply(pos, Move("move", 0, 1))
    assert pos.piles[1][-1] == cards("4d")[0]


def test_play_cards_cannot_be_returned_to_the_bouquet():
    rules, pos = position("flower-garden", {1: "5c 4d", 7: "5s"})
    assert reason(rules, pos, 0, BOUQUET) == "cards cannot be returned to the Bouquet (7)"
    assert reason(rules, pos, 0, 1) is None                      # a packet is fine (empty)


def test_play_there_is_only_one_deal():
    game = Game.new("flower-garden", seed=7)
    assert DEAL not in game.legal_moves()
    assert "no dealing step" in game.rules.move_reason(game.position, DEAL)


def test_play_you_are_not_obliged_to_play():
    # An ace could go up, yet other moves are open too and nothing is forced.
    rules, pos = position("flower-garden", {1: "Ah", 2: "5c", 3: "4d"})
    legal = list(rules.legal_moves(pos))
    assert Move("move", 0, F1) in legal and Move("move", 2, 1) in legal
    assert rules.advice.forced_move(pos) is None
    assert rules.status(pos)[0] is Status.PLAYING


def test_play_a_cleared_packet_takes_any_card_from_bouquet_or_garden():
    rules, pos = position("flower-garden", {1: "", 2: "9d 7c", 7: "Qh"})
    assert reason(rules, pos, BOUQUET, 0, "Qh") is None
    assert reason(rules, pos, 1, 0) is None


def test_play_a_king_moves_only_to_a_cleared_packet():
    rules, pos = position("flower-garden", {1: "Kc", 2: "Ks", 3: "2d", 7: "Ah"})
    assert reason(rules, pos, 0, 1) is not None                  # never on a card
    assert reason(rules, pos, 0, 2) is not None
    rules, pos = position("flower-garden", {1: "Kc", 2: "", 3: "2d 3d", 7: "Ah"})
    assert reason(rules, pos, 0, 1) is None                      # to an empty packet


def test_one_card_at_a_time_in_the_garden():
    rules, pos = position("flower-garden", {1: "6c 5h", 2: "7d", 7: "Ah"})
    assert "one card" in reason(rules, pos, 0, 1, count=2)


def test_the_game_is_won_when_every_card_is_up():
    suits = "cdhs"
    ranks = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    piles = {8 + i: " ".join(r + s for r in ranks) for i, s in enumerate(suits)}
    rules, pos = position("flower-garden", piles)
    assert rules.status(pos)[0] is Status.WON


def test_the_game_is_lost_when_nothing_can_move():
    rules, pos = position("flower-garden", {1: "2c", 2: "2d", 3: "2h", 4: "2s",
                                            5: "9c", 6: "Kh", 7: "Jh"})
    status, why = rules.status(pos)
    assert status is Status.LOST
    assert "no available card" in why
    rules, pos = position("flower-garden", {1: "2c", 7: "Qh", 2: ""})
    assert rules.status(pos)[0] is Status.PLAYING                # an empty packet is a move


def test_the_deal_is_six_packets_of_six_and_a_bouquet_of_sixteen():
    game = Game.new("flower-garden", seed=12)
    sizes = [len(p) for p in game.position.piles]
    assert sizes == [6] * 6 + [16] + [0] * 4
    assert game.position.down == (0,) * 11
    # dealt six at a time, "six packets of six cards dealt together"
    assert game.position.piles[0] == game.deck[:6]


def test_a_position_that_can_only_shuttle_is_lost():
    """Cards can still move between packets, but no run of such moves ever
    lets a card reach a foundation: the game is over, and says why."""
    rules, pos = position("flower-garden", {1: "5c 9h", 2: "10s"})
    assert not any(rules.legal_moves(pos)) and any(rules.placements(pos))  # moves exist...
    status, why = rules.status(pos)
    assert status is Status.LOST and "only shifts cards" in why     # ...but lead nowhere
    rules, pos = position("flower-garden", {1: "Ac 9h", 2: "10s"})
    assert rules.status(pos)[0] is Status.PLAYING                   # 9♥ away frees the A♣
    rules, pos = position("flower-garden", {1: "5c 9h", 2: "10s", 7: "4c"})
    assert rules.status(pos)[0] is Status.PLAYING                   # the Bouquet can still play


def test_a_pile_says_which_ranks_it_takes_before_the_full_check():
    """The quick look the solver takes before asking whether a card fits: a
    packet takes the rank below its top card, an empty packet any card, an
    empty foundation only an ace, and a finished foundation nothing."""
    rules, pos = position("flower-garden", {1: "Ac 9s", 8: "Ah 2h", 9: " ".join(
        f"{r}d" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())})
    index = {n: rules.layout.by_number(n).index for n in (1, 2, 8, 9, 10)}
    assert rules.ranks_taken(pos, index[1]) == {8}
    assert rules.ranks_taken(pos, index[2]) is None
    assert rules.ranks_taken(pos, index[8]) == {3}
    assert rules.ranks_taken(pos, index[9]) == frozenset()
    assert rules.ranks_taken(pos, index[10]) == {1}
    for card in cards("8c 8h 9c 7s Ac"):
        assert rules.fits(pos, card, index[1]) == (card.rank in rules.ranks_taken(pos, index[1]))


def up_to(rank: int, suit: str) -> str:
    return " ".join(f"{r}{suit}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()[:rank])


def test_a_card_goes_up_safely_once_nothing_could_ever_need_it():
    """'auto --foundations' and the solver play a card up at once where that
    can never hurt.  The 6♣ holds only fives; a five not yet home could go up
    instead of onto it, and nothing could be laid on that five, once every
    four is home.  One four still out, and the 6♣ may be wanted to hold a
    five that holds it: then the choice is the player's."""
    piles = {1: "9d 6c", 2: "Ks 5d", 3: "Kh 5h", 4: "Kd 5s", 8: up_to(5, "c"),
             9: up_to(4, "d"), 10: up_to(4, "h"), 11: up_to(4, "s")}
    rules, pos = position("flower-garden", piles)
    six_up = Move("move", GARDEN, F1)
    assert rules.advice.safe_foundation_move(pos, [six_up]) == six_up
    piles.update({10: up_to(3, "h"), 5: "4h"})
    rules, pos = position("flower-garden", piles)
    assert rules.move_reason(pos, six_up) is None             # the 6♣ may still go up
    assert rules.advice.safe_foundation_move(pos, [six_up]) is None
    # the 5♦ is safe: the 4♥, all it could hold, may as well go up
    assert rules.moving_card(pos, rules.advice.safe_foundation_move(pos)) == cards("5d")[0]

