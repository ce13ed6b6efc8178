"""Hoffmann's Constitution (Hoffmann no. 32): each rule and each sentence that
allows or forbids something, shown allowed and forbidden on hand-made positions
(the first, Hoffmann's own diagram), and the deal as the book lays it."""

from conftest import pile_index, pile_text, position, refusal

from patience_cli.cards import parse_card
from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

HC = "hoffmann-constitution"
UPPER, HEAPS, LOWER = range(1, 9), range(9, 17), range(17, 25)
PACK = 25
#: Hoffmann's diagram: the upper row and the lower row, the middle row not begun
DIAGRAM = {**dict(zip(UPPER, "7s Qd Jc 6h Qc 9d 10s Kd".split())),
           **dict(zip(LOWER, "Kc 3d 3h Js 4d 10c Kh Qh".split())), PACK: "2c 5d"}


def hc(piles, **kw):
    kw.setdefault("down", {PACK: len(piles.get(PACK, "").split())})
    return position(HC, piles, **kw)


def begun(*heaps):
    """Every heap begun with the card one above its upper card of the diagram,
    and the heaps given."""
    firsts = dict(zip(HEAPS, "8c Kc Qc 7c Kd 10h Jc Ac".split()))
    return {**firsts, **dict(heaps)}


def test_the_deal_two_rows_of_eight_and_the_pack():
    game = Game.new(HC, seed=5)
    rules, pos, deck = game.rules, game.position, game.deck
    assert [pile_text(rules, pos, n) for n in UPPER] == [c.code for c in deck[:8]]
    assert [pile_text(rules, pos, n) for n in LOWER] == [c.code for c in deck[8:16]]
    assert all(pile_text(rules, pos, n) == "" for n in HEAPS)
    assert len(pos.piles[pile_index(rules, PACK)]) == 88


def test_rule_1_a_middle_place_begins_one_rank_above_its_upper_card_any_suit():
    rules, pos = hc(DIAGRAM)
    assert refusal(rules, pos, 17, 10) is None        # the K♣ below the Q♦
    assert refusal(rules, pos, 17, 13) is None        # ... or below the Q♣
    assert refusal(rules, pos, 20, 15) is None        # the J♠ below the 10♠
    assert refusal(rules, pos, 24, 11) is None        # the Q♥ below the J♣
    assert "begins only with a queen" in refusal(rules, pos, 20, 11)
    assert "begins only with an ace" in refusal(rules, pos, 17, 16)   # below the K♦
    assert "begins only with an eight" in refusal(rules, pos, 19, 9)


def test_rule_2_the_heaps_grow_only_once_the_middle_row_is_complete():
    rules, pos = hc({**DIAGRAM, 10: "Kc", 17: "Qh Ah"})
    assert "only once the middle row is complete" in refusal(rules, pos, 17, 10)
    rules, pos = hc({**DIAGRAM, **begun(), 17: "Qh Ah", 18: "2s", 19: "Ks"})
    assert refusal(rules, pos, 17, 10) is None         # an A♥ on the K♣: round the corner
    assert refusal(rules, pos, 18, 16) is None         # a 2♠ on the A♣: any suit
    assert refusal(rules, pos, 19, 16) is not None     # never downwards


def test_the_quick_look_names_the_one_rank_each_heap_takes_and_none_elsewhere():
    """The move generator's quick look (own_ranks_taken), before the full
    rules: a heap's place the rank above its upper card, a begun heap none
    until the middle row is complete, then the rank above its top card; the
    two rows no card.  Its moves are the full rules' own."""
    rules, pos = hc({**DIAGRAM, 10: "Kc", 17: "Qh Ah"})
    look = {n: rules.ranks_taken(pos, pile_index(rules, n)) for n in (*UPPER, *HEAPS, *LOWER)}
    assert look[9] == {8} and look[11] == {12} and look[16] == {1}   # below the 7♠, J♣, K♦
    assert look[10] == frozenset()                    # begun, the row not complete
    assert all(look[n] == frozenset() for n in (*UPPER, *LOWER))
    rules, pos = hc({**DIAGRAM, **begun((9, "8c 9h")), 17: "Qh Ah"})
    assert rules.ranks_taken(pos, pile_index(rules, 9)) == {10}
    assert rules.ranks_taken(pos, pile_index(rules, 10)) == {1}   # the K♣: round the corner
    assert {(m.src, m.dst) for m in rules.open_moves(pos)} >= {
        (pile_index(rules, 17), pile_index(rules, 10))}


def test_rule_3_only_the_lower_rows_top_cards_are_free():
    rules, pos = hc({**DIAGRAM, 17: "Kc 5s"})
    assert "the 5♠ cannot begin it" in refusal(rules, pos, 17, 10)  # the K♣ lies under it
    assert [c.code for c in rules.available_cards(pos, pile_index(rules, 17))] == ["5s"]
    assert "stay there" in refusal(rules, pos, 9, 10)  # nothing passes between the heaps


def test_rule_4_a_heap_is_ended_by_its_own_upper_card():
    twelve = "8c 9h 10s Jd Qc Kh Ac 2d 3s 4h 5c 6d"    # below the 7♠: it lacks only a seven
    rules, pos = hc({**DIAGRAM, **begun((9, twelve)), 18: "7h"})
    assert refusal(rules, pos, 1, 9) is None           # the 7♠ ends it, the thirteenth
    assert "itself ends it" in refusal(rules, pos, 18, 9)
    rules, pos = hc({**DIAGRAM, **begun()})
    assert "only as its thirteenth" in refusal(rules, pos, 1, 9)
    assert "goes only onto the heap below it" in refusal(rules, pos, 4, 9)


def test_rule_5_the_pack_is_dealt_onto_each_lower_place_once_through():
    rules, pos = hc({**DIAGRAM, 18: "", PACK: " ".join(["5c"] * 8)}, down={PACK: 8})
    dealt = rules.apply(pos, DEAL)
    assert [len(dealt.piles[pile_index(rules, n)]) for n in LOWER] == [2, 1, 2, 2, 2, 2, 2, 2]
    assert not rules.is_legal(dealt, DEAL)
    assert rules.status(dealt)[0] is Status.LOST


def twelve_above(upper: str) -> str:
    """The twelve cards a heap holds below *upper* before it ends: one rank
    above it round the corner to one below it (clubs and hearts by turns)."""
    rank = parse_card(upper).rank
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    return " ".join(names.get((rank + k - 1) % 13 + 1, str((rank + k - 1) % 13 + 1)) + "ch"[k % 2]
                    for k in range(1, 13))


def test_rule_6_the_game_is_won_when_every_heap_is_ended():
    uppers = dict(zip(UPPER, "7s Qd Jc 6h Qc 9d 10s Kd".split()))
    heaps = {h: twelve_above(uppers[u]) for u, h in zip(UPPER, HEAPS)}
    rules, pos = hc({**uppers, **heaps})
    for u, h in zip(UPPER, HEAPS):
        assert rules.status(pos)[0] is Status.PLAYING
        assert refusal(rules, pos, u, h) is None
        pos = rules.apply(pos, next(m for m in rules.legal_moves(pos)
                                    if m.src == pile_index(rules, u)))
    assert all(len(pos.piles[pile_index(rules, h)]) == 13 for h in HEAPS)
    assert rules.status(pos)[0] is Status.WON
