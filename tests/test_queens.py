"""The Queens (Cadogan no. 29): the key's queens paying fourteen cards each,
the shutter and the kings, each rule sentence on hand-made positions, and the
talon's queens paying for a fresh pack (the book's counted example: six
queens, eighteen cards besides them)."""

from conftest import cards, move_between, pile_index, pile_text, position, refusal

from patience_cli.cards import new_pack, parse_card
from patience_cli.engine import DEAL, Status
from patience_cli.game import Game
from patience_cli.games.queens import key_paid, talon_paid

GAME = "queens"
FOUNDATIONS, KEY, SHUTTER, PACK, TALON = range(1, 9), 9, range(10, 17), 17, 18


def table(piles, pack="9c 9c", **kw):
    full = {KEY: "5c", **{n: "Jd" for n in SHUTTER}, PACK: pack, **piles}
    kw.setdefault("pass_size", 99)
    return position(GAME, full, down={PACK: len(pack.split())}, **kw)


def test_rule_iv_each_queen_on_the_key_pays_fourteen_cards_herself_included():
    key = cards(" ".join(["5c"] * 20 + ["Qh"] + ["6c"] * 12 + ["Qs"]))  # 34 cards, Qs on top
    left, paid = key_paid(key)
    assert len(paid) == 14 and paid[0] == parse_card("Qs")       # one queen: fourteen
    assert len(left) == 20 and left[-1] == parse_card("5c")
    # a second queen uncovered pays too; with fewer than fourteen left, all of them
    left, paid = key_paid(cards(" ".join(["5c"] * 4) + " Qh " + " ".join(["6c"] * 13)
                                + " Qs"))
    assert len(paid) == 19 and left == ()
    # the book's extreme: three queens in turn take the whole key
    third = cards(" ".join(["5c"] * 3 + ["Qd"] + ["6c"] * 13 + ["Qh"] + ["7c"] * 13 + ["Qs"]))
    left, paid = key_paid(third)
    assert left == () and len(paid) == 32


def test_rule_iv_at_the_deal_the_paid_cards_go_to_the_bottom_of_the_pack():
    for seed in range(1, 30):
        game = Game.new(GAME, seed=seed)
        pos = game.position
        paid = pos.get("key_paid")
        key = pos.piles[pile_index(game.rules, KEY)]
        assert len(key) == 32 - paid and (not key or key[-1].rank != 12)
        if paid:
            assert all(c.rank == 12 for c in pos.piles[pile_index(game.rules, PACK)][:paid][::14])
            break
    else:
        raise AssertionError("no deal of 1-29 had a queen on its key")


def test_the_layout_the_shutter_of_seven_with_kings_up_as_they_come():
    kings = [parse_card(c) for c in "Kh Ks".split()]
    rest = [c for c in new_pack("whist", 2)]
    for k in kings:
        rest.remove(k)
    deck = rest[:32] + [kings[0]] + rest[32:35] + [kings[1]] + rest[35:]
    game = Game.new(GAME, deck=deck)
    rules, pos = game.rules, game.position
    assert pile_text(rules, pos, 1).startswith("K") and pile_text(rules, pos, 2).startswith("K")
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in SHUTTER)


def test_rule_1_kings_climb_ace_two_to_queen_in_suit():
    rules, pos = table({1: "Kh", 10: "Ah", 11: "2h", 12: "Ks"})
    assert refusal(rules, pos, 10, 1) is None and refusal(rules, pos, 11, 1) is not None
    assert refusal(rules, pos, 12, 2) is None                    # a king to an empty place


def test_rules_2_and_3_the_key_only_to_the_foundations_and_before_any_other():
    rules, pos = table({1: "Kh", KEY: "5c Ah", 10: "Kc", 11: "Qc"})
    assert refusal(rules, pos, KEY, 11) is not None               # never on the shutter
    words = refusal(rules, pos, 11, 10)
    assert words is not None and "must be played before any other" in words
    assert refusal(rules, pos, KEY, 1) is None


def test_rule_4_the_shutter_marries_down_in_suit_and_is_refilled_at_once():
    rules, pos = table({10: "9d", 11: "8d", 12: "8s", TALON: "8d"}, pack="3c 4c")
    assert refusal(rules, pos, 11, 10) is None and refusal(rules, pos, 12, 10) is not None
    after = rules.apply(pos, move_between(rules, 11, 10))
    assert pile_text(rules, after, 11) == "8d"                   # the talon's top first
    rules, pos = table({10: "9d", 11: "8d"}, pack="3c 4c")
    after = rules.apply(pos, move_between(rules, 11, 10))
    assert pile_text(rules, after, 11) == "4c"                   # no talon: the pack's next


def test_rule_6_the_talons_queens_pay_three_cards_each_besides_themselves():
    # the book's example: six queens, eighteen cards besides them
    talon = cards(" ".join(["5c", "Qh"] * 6 + ["6c"] * 20))
    left, dealt = talon_paid(talon)
    assert sum(1 for c in dealt if c.rank == 12) == 6 and len(dealt) == 24
    assert len(left) == len(talon) - 24 and all(c.rank != 12 for c in left)
    short = cards("5c Qh 6c Qs")                                 # too few: all of them
    assert talon_paid(short) == ((), tuple(cards("5c 6c Qh Qs")))
    rules, pos = table({TALON: "5c Qh 6c 7c 8d 9d"}, pack="")
    assert "quee" in rules.words.deal_step_name(pos)
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, TALON) == "8d 9d"
    assert pile_text(rules, pos, PACK).split()[::-1] == ["5c", "6c", "7c", "Qh"]


def test_rule_7_lost_with_no_queen_to_pay_or_a_barren_paid_pack():
    rules, pos = table({TALON: "5c 6c"}, pack="")
    status, words = rules.status(pos)
    assert status is Status.LOST and "no queen" in words
    rules, pos = table({TALON: "5c Qh"}, pack="", pass_size=2)
    assert "placed no card" in rules.status(pos)[1]


def test_the_queens_pay_again_for_every_pack_that_placed_cards():
    """"Deal them out again, and again count the queens to repay yourself as
    before": the cards the last payment left in the talon do not count
    against the next; a paid pack that placed a card is paid for again, one
    that placed none is not."""
    rules, pos = table({TALON: "2d 3d 4d 5d 6d 7d 8d 5c Qh 6c 7c Qs 8c 9c 10c Jc"}, pack="")
    paid = rules.apply(pos, DEAL)                               # two queens: eight cards
    assert pile_text(rules, paid, TALON) == "8d 5c 6c 7c 8c 9c 10c Jc"
    assert paid.get("talon_left") == 8 and paid.get("pass_size") == 8
    left = "8d 5c 6c 7c 8c 9c 10c Jc"
    # the fresh pack dealt through, one of its eight cards placed: the queens pay again
    rules, pos = table({TALON: left + " 2d 3d 4d 5d Qh 7d Qs"}, pack="",
                       talon_left=8, pass_size=8)
    assert rules.deal_reason(pos) is None
    again = rules.apply(pos, DEAL)
    assert len(again.piles[pile_index(rules, PACK)]) == 8
    # all eight back in the talon: nothing placed, no payment
    rules, pos = table({TALON: left + " 2d 3d 4d 5d Qh 6d 7d Qs"}, pack="",
                       talon_left=8, pass_size=8)
    assert "placed no card" in rules.deal_reason(pos)
