"""Les Petits Paquets (Hoffmann no. 52): the deal (cards matching their
heap's number laid aside), each rule sentence on hand-made positions (the
kings' two orders, the exchange between them, the chain of travelling cards
run until a card can be played, the new deals gathered row by row), and a
deal played from the shell to a win."""

from conftest import (
    cards,
    move_between,
    pile_index,
    pile_text,
    position,
    refusal,
    won_from_the_shell,
)
from feature_kit import holds_to_its_words

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

GAME = "petits-paquets"
HEAPS, FAN, ASIDE = range(1, 13), 13, 14
UP, DOWN = range(15, 19), range(19, 23)
KINGS = {**{n: k for n, k in zip(UP, ("Ks", "Kh", "Kd", "Kc"))},
         **{n: k for n, k in zip(DOWN, ("Ks", "Kh", "Kd", "Kc"))}}
SPARE = -1


def board(piles: dict[int, str], aside: str = "", next_heap: int | None = None, **extra):
    """The kings in place, the heaps the test gives (others holding a card
    that plays nowhere yet: a nine of hearts), the laid-aside heap face down."""
    filler = {n: "9h" for n in HEAPS}
    rules, pos = position(GAME, {**KINGS, **filler, ASIDE: aside, **piles},
                          down={ASIDE: len(aside.split())}, **extra)
    nxt = SPARE if next_heap is None else pile_index(rules, next_heap)
    return rules, pos.with_extra(next=nxt)


def test_the_deal_no_heap_holds_a_card_of_its_number_those_are_laid_aside_face_down():
    for seed in (1, 2, 3):
        game = Game.new(GAME, seed=seed)
        rules, pos = game.rules, game.position
        for n in HEAPS:
            assert all(c.rank != n for c in pos.piles[pile_index(rules, n)]), (seed, n)
        aside = pos.piles[pile_index(rules, ASIDE)]
        assert aside and pos.down[pile_index(rules, ASIDE)] == len(aside)
        assert sum(len(pos.piles[pile_index(rules, n)]) for n in (*HEAPS, FAN, ASIDE)) == 96


def test_the_deal_in_rounds_the_next_card_takes_a_laid_aside_cards_place():
    rules = Game.new(GAME, seed=1).rules
    kings = cards("Ks Kh Kd Kc Ks Kh Kd Kc")
    first = cards("Ac 3c 3d 4c 5c 6c 7c 8c 9c 10c Jc Qc 2c 9d")   # the A♣ and 3♣ at home
    rest = [c for c in cards(" ".join(f"{r}{s}" for s in "cdhs" for r in
                                      "A 2 3 4 5 6 7 8 9 10 J Q".split())) * 2]
    for c in first:
        rest.remove(c)
    pos = rules.deal(kings + first + tuple(rest))
    assert pile_text(rules, pos, 1).split()[0] == "3c"           # the A♣ went aside
    assert pile_text(rules, pos, 2).split()[0] == "3d"           # the 3♣ went on to heap 2...
    assert pile_text(rules, pos, ASIDE).split()[:1] == ["Ac"]


def test_rule_2_upper_kings_climb_from_the_ace_lower_kings_descend_from_the_queen():
    rules, pos = board({1: "Ac", 2: "Qc", 3: "2c"})
    assert refusal(rules, pos, 1, 18) is None                    # A♣ on the upper K♣
    assert refusal(rules, pos, 2, 22) is None                    # Q♣ on the lower K♣
    assert refusal(rules, pos, 2, 18) is not None
    assert refusal(rules, pos, 3, 18) is not None                # the ace first
    holds_to_its_words(rules, pos)


def test_rule_3_the_books_exchange_the_seven_moved_down_and_the_six_can_go():
    rules, pos = board({18: "Kc Ac 2c 3c 4c 5c 6c 7c", 22: "Kc Qc Jc 10c 9c 8c", 1: "6c"})
    assert refusal(rules, pos, 1, 22) is not None                # the 6♣ fits neither yet
    assert refusal(rules, pos, 18, 22) is None                   # the 7♣ onto the 8♣
    pos = rules.apply(pos, move_between(rules, 18, 22))
    assert refusal(rules, pos, 1, 22) is None                    # "the six is thereby playable"
    assert refusal(rules, pos, 22, 18) is None                   # and back, one at a time


def test_rule_4_a_laid_aside_card_no_foundation_takes_goes_under_its_heap_and_the_chain_runs():
    rules, pos = board({5: "5d Ac 7s"}, aside="5s")
    assert rules.is_legal(pos, DEAL)
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 5) == "5s 5d Ac 7s"             # slipped under heap 5
    assert pos.get("next") == pile_index(rules, 5)
    pos = rules.apply(pos, DEAL)                                 # its 7♠ under heap 7
    assert pile_text(rules, pos, 7) == "7s 9h"
    assert not rules.is_legal(pos, DEAL)                         # heap 5's A♣ now plays
    assert "only when none can" in rules.move_reason(pos, DEAL)


def test_rule_4_a_laid_aside_card_a_foundation_takes_is_turned_up_to_be_played():
    rules, pos = board({}, aside="5s Ah")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, ASIDE) == "5s Ah"
    assert pos.down[pile_index(rules, ASIDE)] == 1               # the A♥ face up
    assert refusal(rules, pos, ASIDE, 16) is None
    pos = rules.apply(pos, move_between(rules, ASIDE, 16))
    assert pos.get("next") == SPARE


def test_rule_4_a_card_played_ends_the_chain_and_a_heap_of_its_own_number_ends_it_too():
    rules, pos = board({7: "9h Ac"}, aside="5s", next_heap=7)
    pos = rules.apply(pos, move_between(rules, 7, 18))
    assert pos.get("next") == SPARE                              # the next from the aside heap
    rules, pos = board({5: "5d 5c"}, aside="5s Qh")
    pos = rules.apply(pos, DEAL)                                 # the Q♥ goes up: turned
    rules, pos = board({5: "5d 5c"}, aside="Qh 5s")
    pos = rules.apply(pos, DEAL)                                 # the 5♠ under a heap of fives
    assert pile_text(rules, pos, 5) == "5s 5d 5c"
    assert pos.get("next") == SPARE                              # the chain is over there


#: One card a heap, none of which meets its own number's heap when the heaps are
#: gathered (1-6, 13, 7-12) and dealt again heap 1's first.
GATHERED = {1: "2h", 2: "5c", 3: "6c", 4: "7c", 5: "8c", 6: "10c", FAN: "4h", 7: "3h",
            8: "Jc", 9: "8d", 10: "2c", 11: "3c", 12: "4c"}


def test_rule_5_two_new_deals_gathered_row_by_row_the_thirteenth_between():
    rules, pos = board(GATHERED, aside="")
    assert pos.get("regathered") is None
    assert "gather up the cards" in rules.words.deal_step_name(pos)
    after = rules.apply(pos, DEAL)
    assert after.get("regathered") == 1
    # dealt again heap 1's first: 2♥ to heap 1, heaps 2-6's cards to heaps 2-6, then the
    # fanned 4♥ to heap 7, heap 7's 3♥ to heap 8 ... and heap 12's 4♣ to the fanned heap
    assert pile_text(rules, after, 1) == "2h" and pile_text(rules, after, 6) == "10c"
    assert pile_text(rules, after, 7) == "4h" and pile_text(rules, after, 8) == "3h"
    assert pile_text(rules, after, FAN) == "4c"
    assert not after.piles[pile_index(rules, ASIDE)]
    pos = after.with_extra(regathered=2)
    assert not rules.is_legal(pos, DEAL)
    assert rules.status(pos)[0] is Status.LOST


def test_rule_5_a_new_deal_lays_matching_cards_aside_again():
    rules, pos = board(GATHERED | {1: "Ah"}, aside="")           # the ace dealt to heap 1
    after = rules.apply(pos, DEAL)
    assert pile_text(rules, after, ASIDE) == "Ah"
    assert pile_text(rules, after, 1) == "5c"                    # the next card in its place
    assert after.down[pile_index(rules, ASIDE)] == 1


def test_a_won_deal_plays_from_the_shell_to_its_end(run):
    won_from_the_shell(run, GAME, 1)


def test_auto_makes_the_steps_of_a_chain_and_stops_at_a_choice():
    rules, pos = board({5: "5d Ac 7s"}, aside="5s")
    assert rules.advice.forced_move(pos) == DEAL                       # nothing plays: the chain runs
    pos = rules.apply(rules.apply(pos, DEAL), DEAL)             # until heap 5's A♣ is free
    assert rules.advice.forced_move(pos) is None                       # a card to play: the player's


def test_nothing_goes_up_during_the_deal():
    """"When the whole of the cards have been dealt out in this manner ... Any
    suitable cards are laid as above described on the eight kings": play
    begins once the deal is done, whatever the footnote says of the picture
    (a choice stated on the sheet)."""
    for seed in (1, 2, 3, 4):
        game = Game.new(GAME, seed=seed)
        rules, pos = game.rules, game.position
        assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in (*UP, *DOWN)), seed
