"""The rule feature ``play.crowned`` (features/crowned.py) on a small layout
made up for it: three free cards of different values making a number, taken
up together with a court card to crown them (``patience remove``), laid as
one packet, the crown on top, on the first empty place of a group."""

from feature_kit import holds_to_its_words, laid, made_up, text_of, undone

from patience_cli.engine import DEAL
from patience_cli.position import Move, MoveKind, move_from_text, move_to_text

#: Rows 1-5 (the cushion) and two places (8, 9) for crowned packets.
PLACES = [{"group": "place", "name": "Place", "role": "foundation", "count": 2, "number": 8,
           "at": [0, 5], "step": [1.5, 0]}]


def crowned():
    rules = made_up(play={"crowned": {"from": ["row"], "total": 18, "to": "place"},
                          "deal_to": "row"},
                    piles={1: {"count": 5, "build": {"direction": "none", "empty": "none"}}},
                    extra_piles=PLACES, drop=("talon", "foundation"))
    return rules


def remove(rules, *numbers):
    return Move(MoveKind.REMOVE, piles=tuple(rules.layout.by_number(n).index for n in numbers))


def test_a_set_of_three_values_making_the_number_crowned_goes_out_as_one_packet():
    rules = crowned()
    pos = laid(rules, {1: "4c 2c", 2: "7d", 3: "9h", 4: "Qs", 5: "Kd", 6: "3c"})
    sets = list(rules.legal_moves(pos))
    assert remove(rules, 1, 2, 3, 4) in sets and remove(rules, 1, 2, 3, 5) in sets
    assert rules.is_legal(pos, remove(rules, 4, 3, 1, 2))       # named in any order
    after = undone(rules, pos, remove(rules, 4, 3, 1, 2))
    assert text_of(rules, after, 8) == "2c 7d 9h Qs"           # the crown on top
    assert text_of(rules, after, 1) == "4c"                     # the card beneath now free
    assert [text_of(rules, after, n) for n in (2, 3, 4)] == ["", "", ""]
    holds_to_its_words(rules, pos)


def test_no_two_of_a_value_the_sum_must_be_made_and_one_crown():
    rules = crowned()
    pos = laid(rules, {1: "6c", 2: "6d", 3: "6h", 4: "Qs", 5: "Jd", 6: "3c"})
    assert list(rules.legal_moves(pos)) == [DEAL]               # 6 6 6: one value thrice
    words = rules.move_reason(pos, remove(rules, 1, 2, 3, 4))
    assert "no two cards of a set may be of one value" in words
    pos = laid(rules, {1: "2c", 2: "7d", 3: "8h", 4: "Qs", 5: "Jd", 6: "3c"})
    assert "make seventeen, not eighteen" in rules.move_reason(pos, remove(rules, 1, 2, 3, 4))
    assert "one court card" in rules.move_reason(pos, remove(rules, 1, 2, 4, 5))
    assert "name four piles" in rules.move_reason(pos, remove(rules, 1, 2, 4))


def test_a_set_with_no_crown_waits_and_does_not_hold_the_deal_back():
    rules = crowned()
    pos = laid(rules, {1: "2c", 2: "7d", 3: "9h", 4: "5s", 5: "4d", 6: "3c"})
    assert list(rules.legal_moves(pos)) == [DEAL]
    assert "no court card" in rules.move_reason(pos, remove(rules, 1, 2, 3, 4))
    assert rules.is_legal(pos, DEAL)


def test_the_deal_waits_while_a_set_can_be_taken():
    rules = crowned()
    pos = laid(rules, {1: "2c", 2: "7d", 3: "9h", 4: "Qs", 5: "4d", 6: "3c"})
    assert not rules.is_legal(pos, DEAL)
    assert "the next deal waits" in rules.move_reason(pos, DEAL)


def test_a_removal_reads_and_writes_as_saved_games_keep_it():
    rules = crowned()
    m = remove(rules, 4, 1, 2, 3)
    assert move_to_text(rules.layout, m) == "remove 4 1 2 3"
    assert move_from_text(rules.layout, "remove 4 1 2 3") == m


def test_the_solver_proves_nothing_where_cards_may_go_out_otherwise():
    # the made-up places are foundations: the sets are not the only way out of play, so
    # a set after which the rest make no whole sets is still tried (the Wheel: test_wheel)
    from patience_cli.solver.pruning import Pruning

    rules = crowned()
    pos = laid(rules, {1: "3c", 2: "6d", 3: "9h", 4: "Qs", 5: "2d", 6: "2c"})
    tried = Pruning(rules, start=pos).moves(pos, None, None)
    assert remove(rules, 1, 2, 3, 4) in tried
