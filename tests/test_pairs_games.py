"""Removal by pairs (features/pairs.py) and the games built on it: Thirteens
(Hoffmann no. 20) and Elevens No. 1 (Hoffmann no. 13), each rule and each
sentence that allows or forbids something, allowed and forbidden on
hand-made positions, and the deal as the book lays it."""

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

from conftest import filled, move_between, pile_index, pile_text, refusal

THIRTEENS, ELEVENS = "thirteens", "elevens"
T_PLACES, T_STOCK, T_OUT = range(1, 11), 11, 12
E_PLACES, E_EXTRA, E_STOCK, E_OUT = range(1, 10), 10, 11, 12


def thirteens(piles, stock="3d 4d", **kw):
    """Every place a 9♣ (nothing pairs) unless the test says; the stock two cards."""
    piles = {T_STOCK: stock, **piles}
    kw.setdefault("down", {T_STOCK: len(piles[T_STOCK].split())})
    return filled(THIRTEENS, piles, T_PLACES, filler="9c", **kw)


def elevens(piles, stock="3d 4d", **kw):
    """Every place a 2♣ (nothing pairs) unless the test says; the stock two cards."""
    piles = {E_STOCK: stock, **piles}
    kw.setdefault("down", {E_STOCK: len(piles[E_STOCK].split())})
    return filled(ELEVENS, piles, E_PLACES, filler="2c", **kw)


def listed(rules, pos):
    return [(rules.specs[m.src].number, rules.specs[m.dst].number)
            for m in rules.legal_moves(pos) if m.kind == "move"]


# ------------------------------------------------------------------ Thirteens
def test_thirteens_the_deal_two_rows_of_five_and_the_stock():
    for seed in (1, 2, 3):
        game = Game.new(THIRTEENS, seed=seed)
        rules, pos = game.rules, game.position
        assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in T_PLACES)
        assert len(pos.piles[pile_index(rules, T_STOCK)]) == 42
        assert pos.down[pile_index(rules, T_STOCK)] == 42
        assert not pos.piles[pile_index(rules, T_OUT)]


def test_thirteens_rules_1_2_two_cards_making_thirteen_go_out_together_either_way():
    rules, pos = thirteens({1: "6s", 7: "7h", 3: "Jd", 9: "2h", 4: "Ac", 5: "Qs"})
    assert sorted(listed(rules, pos)) == [(1, 7), (3, 9), (4, 5)]  # each pair once
    for src, dst in ((1, 7), (7, 1), (3, 9), (9, 3), (4, 5), (5, 4)):
        assert refusal(rules, pos, src, dst) is None, (src, dst)
    after = rules.apply(pos, move_between(rules, 7, 1))
    assert pile_text(rules, after, 1) == "" and pile_text(rules, after, 7) == ""
    assert sorted(pile_text(rules, after, T_OUT).split()) == ["6s", "7h"]
    events = rules.play(pos, move_between(rules, 1, 7)).events
    assert sorted((e["event"], e["card"]) for e in events) == [("put out", "6s"),
                                                               ("put out", "7h")]
    assert "put out the 6♠ from Place 1 and the 7♥ from Place 7 (thirteen)" == \
        rules.describe(pos, move_between(rules, 1, 7))


def test_thirteens_rule_2_forbidden_cards_not_making_thirteen_and_any_other_move():
    rules, pos = thirteens({1: "6s", 2: "8h", 3: "5d"})
    assert refusal(rules, pos, 1, 2) == "the 6♠ and the 8♥ make fourteen, not thirteen"
    assert rules.move_reason(pos, move_between(rules, 1, 2)).topics[0] == "pairs:place"
    assert "only kings go out alone; the 6♠ counts six" in refusal(rules, pos, 1, T_OUT)
    assert refusal(rules, pos, 2, 3) is None  # 8 and 5
    emptied = rules.apply(pos, move_between(rules, 2, 3))
    assert "Place 2 is empty" in refusal(rules, emptied, 1, 2)
    assert refusal(rules, pos, T_OUT, 1) is not None  # nothing comes back


def test_thirteens_rule_2_a_king_goes_out_alone():
    rules, pos = thirteens({4: "Kd"})
    assert listed(rules, pos) == [(4, T_OUT)]
    assert refusal(rules, pos, 4, T_OUT) is None
    after = rules.apply(pos, move_between(rules, 4, T_OUT))
    assert pile_text(rules, after, T_OUT) == "Kd" and pile_text(rules, after, 4) == ""
    assert refusal(rules, pos, 4, 1) is not None  # a king pairs with nothing (13 + 2)


def test_thirteens_rule_3_the_gaps_are_filled_only_once_nothing_more_goes_out():
    rules, pos = thirteens({1: "6s", 2: "7h", 3: "Kd"}, stock="9c 8c 5d")
    assert not rules.is_legal(pos, DEAL)
    why = rules.move_reason(pos, DEAL)
    assert why.startswith("every card that makes the number goes out before the gaps")
    pos = rules.apply(pos, move_between(rules, 1, 2))
    assert not rules.is_legal(pos, DEAL)  # the king still shows
    pos = rules.apply(pos, move_between(rules, 3, T_OUT))
    assert rules.is_legal(pos, DEAL)
    pos = rules.apply(pos, DEAL)  # the stock's top card first, in the order of the places
    assert [pile_text(rules, pos, n) for n in (1, 2, 3)] == ["5d", "8c", "9c"]


def test_thirteens_rule_4_lost_with_the_places_filled_and_nothing_making_thirteen():
    rules, pos = thirteens({}, stock="9c")
    status, why = rules.status(pos)
    assert status is Status.LOST
    assert why == "no two free cards make thirteen and no king shows"
    rules, won = thirteens({n: "" for n in T_PLACES}, stock="", down={T_STOCK: 0})
    assert rules.status(won) == (Status.WON, "every card is put out")


def test_thirteens_auto_plays_the_game_to_its_end():
    for seed in (1, 2, 3):
        game = Game.new(THIRTEENS, seed=seed)
        for _ in range(200):
            move = game.rules.forced_move(game.position)
            if move is None:
                break
            game.play(move)
        assert game.status()[0] is not Status.PLAYING, seed


# ------------------------------------------------------------------ Elevens
def test_elevens_the_deal_three_rows_of_three():
    game = Game.new(ELEVENS, seed=4)
    rules, pos = game.rules, game.position
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in E_PLACES)
    assert not pos.piles[pile_index(rules, E_EXTRA)]
    assert len(pos.piles[pile_index(rules, E_STOCK)]) == 43


def test_elevens_rules_1_2_pairs_making_eleven_and_court_cards_alone():
    rules, pos = elevens({1: "7s", 5: "4h", 2: "10d", 9: "Ac", 3: "Qh", 4: "Jd", 6: "Ks"})
    assert sorted(listed(rules, pos)) == [(1, 5), (2, 9), (3, E_OUT), (4, E_OUT), (6, E_OUT)]
    assert refusal(rules, pos, 9, 2) is None
    assert refusal(rules, pos, 1, 2) == "the 7♠ and the 10♦ make seventeen, not eleven"
    assert "only knaves, queens and kings go out alone" in refusal(rules, pos, 1, E_OUT)
    assert refusal(rules, pos, 3, 4) == "the Q♥ and the J♦ make twenty-three, not eleven"


def test_elevens_rule_3_blanks_filled_from_the_stock_when_nothing_more_goes():
    rules, pos = elevens({1: "7s", 5: "4h"}, stock="9c 8c")
    assert not rules.is_legal(pos, DEAL)
    pos = rules.apply(pos, move_between(rules, 1, 5))
    pos = rules.apply(pos, DEAL)
    assert [pile_text(rules, pos, n) for n in (1, 5)] == ["8c", "9c"]
    assert not pos.piles[pile_index(rules, E_EXTRA)]


def test_elevens_rule_4_one_more_card_when_nothing_makes_eleven():
    rules, pos = elevens({1: "5s"}, stock="Kh 6d")
    assert rules.status(pos)[0] is Status.PLAYING
    assert rules.describe(pos, DEAL) == "turn up one more card of the pack, on the Extra card (10)"
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, E_EXTRA) == "6d"
    assert not rules.is_legal(pos, DEAL)  # no other while it waits
    assert rules.move_reason(pos, DEAL).endswith(
        "put out the 5♠ from Place 1 and the 6♦ from Extra card (10) (eleven)")
    assert listed(rules, pos) == [(1, E_EXTRA)]  # it pairs with the 5♠
    pos = rules.apply(pos, move_between(rules, E_EXTRA, 1))
    assert not pos.piles[pile_index(rules, E_EXTRA)]
    pos = rules.apply(pos, DEAL)  # the blank is filled first, then the game goes on
    assert pile_text(rules, pos, 1) == "Kh" and not pos.piles[pile_index(rules, E_EXTRA)]


def test_elevens_rule_4_lost_when_the_extra_card_pairs_with_none():
    rules, pos = elevens({}, stock="3h 8d")
    assert rules.status(pos)[0] is Status.PLAYING  # the extra card is still to come
    pos = rules.apply(pos, DEAL)
    status, why = rules.status(pos)
    assert status is Status.LOST
    assert why == ("no two free cards make eleven and no knave, queen or king shows; the 8♦ "
                   "turned up besides makes eleven with none")


def test_elevens_rule_5_won_when_the_whole_pack_is_removed():
    rules, pos = elevens({n: "" for n in E_PLACES}, stock="", down={E_STOCK: 0})
    assert rules.status(pos) == (Status.WON, "every card is put out")
    rules, pos = elevens({n: "" for n in E_PLACES if n != 3} | {3: "Qs"}, stock="",
                         down={E_STOCK: 0})
    assert rules.status(pos)[0] is Status.PLAYING
    assert rules.forced_move(pos) == move_between(rules, 3, E_OUT)


def test_nothing_to_choose_auto_comes_out_exactly_when_the_solver_finds_a_win():
    """The rule sheets' 'there is nothing to choose': the forced line wins
    exactly the deals that any line wins."""
    from patience_cli.solver import WON, solve

    for game_id in (THIRTEENS, ELEVENS):
        for seed in range(1, 16):
            game = Game.new(game_id, seed=seed)
            best = solve(game.rules, game.start, seconds=30, max_states=20_000).result
            while (move := game.rules.forced_move(game.position)) is not None:
                game.play(move)
            assert (game.status()[0] is Status.WON) == (best == WON), (game_id, seed)
