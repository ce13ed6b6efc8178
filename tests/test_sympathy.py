"""Sympathy (Hoffmann no. 63, and Cheney's deal as the variant 'cheney'):
each sentence of the book that allows or forbids something."""

from collections import Counter

import pytest
from conftest import cards, position

from patience_cli.cards import new_pack
from patience_cli.engine import DEAL, Move, Status
from patience_cli.game import DeckError, Game, check_deck, shuffled_deck
from patience_cli.layout import load_layout


def play_out(game: Game) -> None:
    while game.status()[0] is Status.PLAYING:
        game.play(game.rules.advice.forced_move(game.position))


@pytest.mark.parametrize("variant,heaps,grace", [(None, 16, 4), ("hoffmann", 16, 4),
                                                 ("cheney", 17, 1)])
def test_each_player_deals_a_whole_pack_into_heaps_of_three_and_grace_cards(variant, heaps, grace):
    game = Game.new("sympathy", variant, seed=5)
    rules, pos = game.rules, game.position
    for player in "AB":
        assert len(rules.game.heaps[player]) == heaps
        assert all(len(pos.piles[i]) == 3 for i in rules.game.heaps[player])
        g = rules.game.grace_pile[player]
        assert len(pos.piles[g]) == grace and pos.down[g] == grace
        mine = [c for i in rules.game.heaps[player] + (g,) for c in pos.piles[i]]
        assert Counter(mine) == Counter(new_pack("whist")), "a whole pack of his own"


def test_the_leader_turns_up_the_top_of_each_heap_at_the_deal():
    game = Game.new("sympathy", seed=5)
    rules, pos = game.rules, game.position
    assert all(pos.down[i] == 2 for i in rules.game.heaps["A"])      # Hoffmann: A leads
    assert all(pos.down[i] == 3 for i in rules.game.heaps["B"])
    cheney = Game.new("sympathy", "cheney", seed=5)
    assert all(cheney.position.down[i] == 2 for i in cheney.rules.game.heaps["B"])  # Cheney: B


def small_game():
    """A's heaps 1 and 2 show the 7♥ and 7♠ (the 9♠ face down under the 7♥);
    B's heaps 18, 19 and 20 are face down: 2♦ under 7♥, then 7♣, then 9♠."""
    return position("sympathy", {1: "9s 7h", 2: "Kc 7s", 18: "2d 7h", 19: "7c", 20: "9s"},
                    down={1: 1, 2: 1, 18: 2, 19: 1, 20: 1}, turn="B")


def idx(rules, number):
    return rules.layout.by_number(number).index


def paired(rules, pos):
    return " ".join(c.code for c in pos.piles[rules.game.paired])


def test_an_exact_twin_pairs_and_the_same_heap_is_turned_next():
    rules, pos = small_game()
    assert rules.game.next_step(pos) == ("B", idx(rules, 18), "heap")          # B's heap 18, first in order
    pos = rules.apply(pos, DEAL)                               # B turns the 7♥
    assert paired(rules, pos) == "7h 7h"
    assert pos.piles[0] == cards("9s") and pos.down[0] == 1    # A's 9♠ uncovered, face down
    # the next card of that heap
    assert rules.game.next_step(pos) == ("B", idx(rules, 18), "heap")


def test_same_value_other_suit_or_a_face_down_twin_does_not_pair():
    rules, pos = small_game()
    pos = rules.apply(pos, DEAL)                               # 7♥ pairs
    pos = rules.apply(pos, DEAL)                               # 2♦: no twin at all
    pos = rules.apply(pos, DEAL)                               # 7♣: A shows the 7♠ only
    assert paired(rules, pos) == "7h 7h"
    pos = rules.apply(pos, DEAL)                               # 9♠: A's 9♠ is face down
    assert paired(rules, pos) == "7h 7h"
    # B has nothing left to turn: the turn passes, and A's 9♠ now finds B's
    assert rules.game.next_step(pos) == ("A", idx(rules, 1), "heap")
    pos = rules.apply(pos, DEAL)
    assert paired(rules, pos) == "7h 7h 9s 9s"


def test_the_turn_passes_when_no_heap_of_the_player_is_covered():
    game = Game.new("sympathy", seed=5)
    rules = game.rules
    seen = []
    while game.status()[0] is Status.PLAYING:
        player, pile, kind = rules.game.next_step(game.position)
        if kind == "heap":
            seen.append(player)
            # a player turns a heap only when he has a covered one
            assert pile in rules.game.covered_heaps(game.position, player)
            if player != game.position.get("turn"):
                assert not rules.game.covered_heaps(game.position, game.position.get("turn"))
        game.play(DEAL)
    assert seen[0] == "B" and "A" in seen


def test_grace_cards_come_only_when_no_heap_is_covered():
    game = Game.new("sympathy", seed=5)
    rules = game.rules
    while game.status()[0] is Status.PLAYING:
        player, pile, kind = rules.game.next_step(game.position)
        if kind == "grace":
            assert not rules.game.covered_heaps(game.position, "A")
            assert not rules.game.covered_heaps(game.position, "B")
        game.play(DEAL)


def test_both_win_or_neither():
    results = set()
    for seed in range(40):
        game = Game.new("sympathy", seed=seed)
        play_out(game)
        status, why = game.status()
        results.add(status)
        assert ("both players win" in why) == (status is Status.WON)
        assert ("both players lose" in why) == (status is Status.LOST)
        if status is Status.LOST:
            rules, pos = game.rules, game.position
            a = {c for _, c in rules.game.exposed(pos, "A")}
            b = {c for _, c in rules.game.exposed(pos, "B")}
            assert not a & b, "lost only when no exposed card has its twin showing"
            assert rules.game.next_step(pos) is None, "and nothing is left to turn up"
            assert not rules.game.covered_heaps(pos, "A") and not rules.game.covered_heaps(pos, "B")
            assert not pos.down[rules.game.grace_pile["A"]] and not pos.down[rules.game.grace_pile["B"]]
    assert results == {Status.WON, Status.LOST}


def test_cards_are_never_moved_by_hand():
    game = Game.new("sympathy", seed=5)
    reason = game.rules.move_reason(game.position, Move("move", 17, 0))
    assert "no card is moved by hand" in reason
    assert game.legal_moves() == [DEAL]


def test_the_hint_does_not_reveal_the_card_to_be_turned(run):
    run("new", "sympathy", "--seed", "5")
    out = run("show").out
    assert "B turns up the top card of B's heap 18" in " ".join(out.split())
    moved = run("deal").out.splitlines()[0]
    assert moved.startswith("B turns up the ")


def test_cheney_is_harder_than_hoffmann():
    wins = {}
    for variant in ("hoffmann", "cheney"):
        wins[variant] = 0
        for seed in range(60):
            game = Game.new("sympathy", variant, seed=seed)
            play_out(game)
            wins[variant] += game.status()[0] is Status.WON
    assert wins["cheney"] < wins["hoffmann"]


def test_a_deck_must_give_each_player_a_whole_pack():
    layout = load_layout("sympathy")
    good = shuffled_deck(Game.new("sympathy", seed=1).rules, 1)
    check_deck(good, layout)
    # both copies of the A♠ in the first player's half
    bad = list(good)
    i = bad.index(cards("As")[0], 52)
    j = next(k for k in range(52) if bad[k] != cards("As")[0])
    bad[i], bad[j] = bad[j], bad[i]
    with pytest.raises(DeckError, match="whole pack of his own"):
        check_deck(bad, layout)


def test_a_grace_card_pairs_and_restarts_the_turning():
    # No heap is covered: A turns a grace card, the 7♥, twin of B's 7♥ on heap 18,
    # which uncovers B's 2♦; B then turns that up.  A's unmatched grace 9♣ stays face up.
    rules, pos = position("sympathy", {1: "Kc", 17: "7h 9c", 18: "2d 7h"},
                          down={17: 1, 18: 1}, turn="A")
    assert rules.game.next_step(pos) == ("A", idx(rules, 17), "grace")
    pos = rules.apply(pos, DEAL)
    assert paired(rules, pos) == "7h 7h"
    assert pos.piles[idx(rules, 17)] == cards("9c") and pos.down[idx(rules, 17)] == 0
    assert rules.game.next_step(pos) == ("B", idx(rules, 18), "heap")
