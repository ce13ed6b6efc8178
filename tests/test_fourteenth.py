"""The Fourteenth (Cadogan no. 11): the square, pairs making fourteen in a
line, refills from the pack, the exchange (features/change_places.py), and
the book's tableau as read."""

from conftest import move_between, pile_index, pile_text, position, refusal

from patience_cli.engine import Status
from patience_cli.game import Game

PLACES, PACK, OUT = range(1, 26), 26, 27
GAME = "fourteenth"
#: the book's tableau as we read it, row by row
TABLEAU = ["10h 5c 2d Js 4c", "5h 8d 3h 6s 5d", "6h Kc Ah 2h 3s", "As 2c 5s 3h 6d",
           "3d 5s 5h 2s 4h"]


def square(rows, pack="9c 9d 9h 9s", variant=None, **extra):
    cards = " ".join(rows).split()
    piles = {n: c for n, c in zip(PLACES, cards)}
    piles[PACK] = pack
    return position(GAME, {k: v for k, v in piles.items() if v},
                    down={PACK: len(pack.split())}, variant=variant, **extra)


#: a square where no two cards of a line make fourteen (every card a two or a three)
STUCK = ["2c 2d 2h 2s 3c", "3d 3h 3s 2c 2d", "2h 2s 3c 3d 3h", "3s 2c 2d 2h 2s",
         "3c 3d 3h 3s 2c"]


def test_the_deal_twenty_five_in_five_rows():
    game = Game.new(GAME, seed=3)
    rules, pos = game.rules, game.position
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in PLACES)
    assert len(pos.piles[pile_index(rules, PACK)]) == 104 - 25


def test_the_books_tableau_as_read():
    """"In the tableau three fourteens could be at once composed: the ten of
    hearts with the four of clubs, the knave of spades with the three of
    hearts, the eight of diamonds with the six of spades" (and the picture
    holds a fourth, the king of clubs with the ace of hearts)."""
    rules, pos = square(TABLEAU)
    assert refusal(rules, pos, 1, 5) is None                  # ten of hearts, four of clubs
    assert refusal(rules, pos, 4, 19) is None                 # knave of spades, three of hearts
    assert refusal(rules, pos, 7, 9) is None                  # eight of diamonds, six of spades
    assert refusal(rules, pos, 12, 13) is None                # king of clubs, ace of hearts
    assert "neither one row nor one column" in refusal(rules, pos, 4, 8)  # the knave, the 3♥
    #                                                           of the second row


def test_rule_2_fourteen_in_one_row_or_column_either_way_round():
    rules, pos = square(TABLEAU)
    assert refusal(rules, pos, 5, 1) is None                  # either way round
    assert refusal(rules, pos, 16, 17) is not None            # ace and two: three
    assert "make" in refusal(rules, pos, 1, 2)
    listed = {(rules.specs[m.src].number, rules.specs[m.dst].number)
              for m in rules.legal_moves(pos)}
    assert (1, 5) in listed and (5, 1) not in listed


def test_rule_3_the_places_are_filled_at_once_from_the_pack():
    rules, pos = square(TABLEAU, pack="9c 7d")
    after = rules.apply(pos, move_between(rules, 1, 5))
    assert pile_text(rules, after, 1) == "7d" and pile_text(rules, after, 5) == "9c"
    assert sorted(pile_text(rules, after, OUT).split()) == ["10h", "4c"]


def test_rule_4_an_exchange_only_at_a_stand_two_changes_of_four_cards():
    rules, pos = square(TABLEAU)
    assert refusal(rules, pos, 2, 3) is not None              # fourteens open: no change
    rules, pos = square(STUCK)
    assert refusal(rules, pos, 1, 25) is None                 # at a stand: two change places
    pos = rules.apply(pos, move_between(rules, 1, 25))
    assert pile_text(rules, pos, 1) == "2c" and pile_text(rules, pos, 25) == "2c"
    pos = rules.apply(pos, move_between(rules, 2, 10))        # the second change ends it
    assert pos.get("exchanged") == 1 and pos.get("changing") == ()
    rules2, pos2 = square(STUCK)
    pos2 = rules2.apply(pos2, move_between(rules2, 5, 6))     # 3♣ and 3♦ change places
    assert pile_text(rules2, pos2, 5) == "3d" and pile_text(rules2, pos2, 6) == "3c"
    assert "exchange under way" in refusal(rules2, pos2, 5, 7)  # a card changed already
    assert all(m.src not in (pile_index(rules2, 5), pile_index(rules2, 6))
               and m.dst not in (pile_index(rules2, 5), pile_index(rules2, 6))
               for m in rules2.legal_moves(pos2))


def test_rule_5_lost_once_the_exchange_is_made_and_nothing_pairs():
    rules, pos = square(STUCK)
    pos = rules.apply(pos, move_between(rules, 1, 2))
    pos = rules.apply(pos, move_between(rules, 3, 4))
    status, why = rules.status(pos)
    assert status is Status.LOST and "the one exchange allowed since play last came" in why


def test_rule_4_a_fourteen_made_lets_a_new_stand_have_its_exchange():
    rules, pos = square(["10c 4c 2h 2s 3c", *STUCK[1:]], pack="2c 2d")
    pos = pos.with_extra(exchanged=1)
    assert refusal(rules, pos, 3, 4) is not None              # a fourteen is open
    pos = rules.apply(pos, move_between(rules, 1, 2))         # made: the stand is over
    assert pos.get("exchanged") == 0
    rules, pos = square(["10c 4c 2h 2s 3c", *STUCK[1:]], pack="2c 2d", variant="once")
    pos = rules.apply(pos.with_extra(exchanged=1), move_between(rules, 1, 2))
    assert pos.get("exchanged") == 1                          # one in the whole game
