"""The Fairest No. 1 (Hoffmann no. 21): the lay-out, each rule sentence on
hand-made positions, only the card just turned placed (a talon of
``available = "turned"``), and placed as it is turned where it fits (the
talon's ``first_claim``; the variant ``let-pass`` lets it pass), and
Hoffmann's table of thirteen rows replayed."""

from conftest import cards, move_between, pile_index, pile_text, position, refusal

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

TOP, HEAPS, PACK, WASTE = range(1, 5), range(5, 9), 9, 10
GAME = "fairest-1"

#: Hoffmann's table: the top row, then the heaps' cards row by row.  His fourth
#: row ends "Nine", but eight and four make twelve, a queen, and the queen and
#: four make sixteen, less thirteen three: a three (his nine stands twice in
#: that column); the table is replayed with the three.
TABLE = """A 2 3 4
2 4 6 8
3 6 9 Q
4 8 Q 3
5 10 2 7
6 Q 5 J
7 A 8 2
8 3 J 6
9 5 A 10
10 7 4 A
J 9 7 5
Q J 10 9
K K K K"""


def fairest(piles, pack="5c 6c", variant=None, **kw):
    base = {1: "Ac", 2: "2c", 3: "3c", 4: "4c", 5: "2d", 6: "4d", 7: "6d", 8: "8d"}
    return position(GAME, {**base, PACK: pack, **piles}, down={PACK: len(pack.split())},
                    variant=variant, **kw)


def test_the_layout_ace_two_three_four_above_their_doubles():
    for seed in (1, 2):
        game = Game.new(GAME, seed=seed)
        rules, pos = game.rules, game.position
        assert [pos.piles[pile_index(rules, n)][0].rank for n in TOP] == [1, 2, 3, 4]
        assert [pos.piles[pile_index(rules, n)][0].rank for n in HEAPS] == [2, 4, 6, 8]
        assert len(pos.piles[pile_index(rules, PACK)]) == 44


def test_hoffmanns_table_of_thirteen_rows_replays():
    rows = [line.split() for line in TABLE.splitlines()]
    rules, pos = fairest({})
    for row in rows[2:]:
        for n, rank in zip(HEAPS, row):
            card = cards(f"{rank}s")[0]
            assert rules.fits(pos, card, pile_index(rules, n)), (n, rank)
            piles = list(pos.piles)
            piles[pile_index(rules, n)] += (card,)
            pos = pos._replace(piles=tuple(piles))
    assert all(pos.piles[pile_index(rules, n)][-1].rank == 13 for n in HEAPS)


def test_rule_the_sum_of_the_heaps_top_and_the_card_above_regardless_of_suit():
    rules, pos = fairest({WASTE: "6h"}, spent=())
    assert refusal(rules, pos, WASTE, 6) is None              # 4 + 2 = 6 on Heap 6
    assert refusal(rules, pos, WASTE, 5) is not None          # Heap 5 wants a three
    rules, pos = fairest({8: "8d Qd", WASTE: "3h"})
    assert refusal(rules, pos, WASTE, 8) is None              # 12 + 4 = 16, less 13: three


def test_the_quick_look_names_the_one_rank_each_heap_takes_next():
    """The move generator's quick look, before the full rules: a heap
    climbing by the card above it takes one rank, the next of its order (4
    and 8 make twelve: a queen; 12 and 4, less thirteen: a three), and a
    heap closed by its king none."""
    rules, pos = fairest({8: "8d Qd", WASTE: "3h"})
    assert [rules.ranks_taken(pos, pile_index(rules, h)) for h in HEAPS] == \
        [{3}, {6}, {9}, {3}]
    rules, pos = fairest({5: "2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd", WASTE: "Ah"})
    assert rules.ranks_taken(pos, pile_index(rules, 5)) == set()


def test_rule_a_king_closes_the_heap():
    rules, pos = fairest({5: "2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd", WASTE: "Kh"})
    assert refusal(rules, pos, WASTE, 5) is None
    after = rules.apply(pos, move_between(rules, WASTE, 5))
    rules, pos = fairest({5: "2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd", WASTE: "Ah"})
    assert refusal(rules, pos, WASTE, 5) is not None          # closed: nothing more
    assert pile_text(rules, after, 5).endswith("Kh")


def test_rule_only_the_card_just_turned_is_placed():
    rules, pos = fairest({}, pack="4h 5h 6h", variant="let-pass")  # top card last: the 6♥
    pos = rules.apply(pos, DEAL)
    assert refusal(rules, pos, WASTE, 6) is None              # the 6♥ just turned
    assert rules.is_legal(pos, DEAL)                          # ... or let pass
    pos = rules.apply(pos, DEAL)                              # the 5♥ covers it
    assert refusal(rules, pos, WASTE, 6) is not None
    pos = rules.apply(pos, DEAL)                              # the 4♥ turned
    assert refusal(rules, pos, WASTE, 5) is not None          # Heap 5 wants a three


def test_rule_once_the_turned_card_is_placed_the_one_beneath_waits():
    rules, pos = fairest({WASTE: "6h"}, pack="3h")            # the 3♥ turned onto the 6♥
    pos = rules.apply(pos, DEAL)
    assert refusal(rules, pos, WASTE, 5) is None              # 2 + 1 = 3
    pos = rules.apply(pos, move_between(rules, WASTE, 5))
    assert pile_text(rules, pos, WASTE) == "6h"
    reason = refusal(rules, pos, WASTE, 6)                    # 6 would fit, but was turned before
    assert reason is not None and "only the card just turned" in reason
    assert not any(m.kind == "move" for m in rules.legal_moves(pos))
    assert rules.is_legal(pos, DEAL)                          # and it claims no placing


def test_rule_a_card_that_fits_is_placed_before_the_next_is_turned():
    rules, pos = fairest({}, pack="4h 5h 6h")
    pos = rules.apply(pos, DEAL)                              # the 6♥ fits Heap 6
    assert not rules.is_legal(pos, DEAL)
    assert list(rules.legal_moves(pos)) == [move_between(rules, WASTE, 6)]
    reason = rules.move_reason(pos, DEAL)
    assert reason is not None and "6♥" in reason and "must be played" in reason
    pos = rules.apply(pos, move_between(rules, WASTE, 6))
    assert rules.is_legal(pos, DEAL)
    pos = rules.apply(pos, DEAL)                              # the 5♥ fits nothing
    assert rules.is_legal(pos, DEAL)
    assert not any(m.kind == "move" for m in rules.legal_moves(pos))


def test_rule_a_card_that_fits_two_heaps_is_placed_on_either():
    rules, pos = fairest({5: "2d 3d 4d 5d"}, pack="6h")
    pos = rules.apply(pos, DEAL)
    assert not rules.is_legal(pos, DEAL)
    assert {rules.specs[m.dst].number for m in rules.legal_moves(pos)} == {5, 6}


def test_rule_three_deals_in_all_then_lost():
    rules, pos = fairest({WASTE: "7h"}, pack="", redeals=1)
    assert rules.is_legal(pos, DEAL)
    rules, pos = fairest({WASTE: "7h"}, pack="", redeals=2)
    assert rules.status(pos)[0] is Status.LOST


def test_play_a_card_may_suit_two_heaps_and_the_choice_is_the_players():
    # Heap 5 (under the ace) at five wants a six; Heap 6 (under the two) at four wants a six
    rules, pos = fairest({5: "2d 3d 4d 5d"}, pack="6h")
    pos = rules.apply(pos, DEAL)
    assert refusal(rules, pos, WASTE, 5) is None and refusal(rules, pos, WASTE, 6) is None
    assert {rules.specs[m.dst].number for m in rules.legal_moves(pos) if m.kind == "move"} \
        == {5, 6}
