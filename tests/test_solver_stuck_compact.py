"""The proof of loss from a card that can never move again, read from the
compact search's positions (patience_cli.solver.stuck.CompactHeld): cards
held in a row whose face-up cards move together and on the talon, the same
answers as the engine's rule where both read a game, the looks at what a
move changed against the whole look, never a position on a winning line,
and the search it shortens."""

import random

import pytest
from conftest import position
from test_solver_compact import COMPACT  # the games the compact search takes

from patience_cli.cards import Card, Suit, number
from patience_cli.game import Game
from patience_cli.solver import LOST, WON, solve
from patience_cli.solver import compact as solver_compact
from patience_cli.solver.compact import CompactSearch, Tables
from patience_cli.solver.pruning import Pruning
from patience_cli.solver.stuck import CompactHeld, Held

SPADES_TO_SIX = "As 2s 3s 4s 5s 6s"
CLUBS_TO_SIX = "Ac 2c 3c 4c 5c 6c"
HEARTS_TO_NINE = "Ah 2h 3h 4h 5h 6h 7h 8h 9h"


def _held(rules, pos) -> tuple[CompactHeld, tuple]:
    """The compact rule for *pos*'s game, and *pos* in compact form."""
    tables = Tables.of(rules)
    return CompactSearch(tables, pos, Pruning(rules, start=pos)).held, tables.state(pos)


def test_the_compact_rule_takes_the_compact_games_where_some_card_no_space_takes():
    """Klondike (spaces take kings), Lucas and the Trefoil of two packs
    (spaces never filled); not Napoleon at St. Helena, Fortress or Lucas
    with lanes, where a space takes any card."""
    deals = [(g, v, Game.new(g, v, seed=1)) for g, v in COMPACT]
    taken = [(g, v) for g, v, deal in deals if _held(deal.rules, deal.position)[0]]
    assert taken == [("klondike", None), ("la-belle-lucie", "trefoil-two-packs"), ("lucas", None)]


def test_a_run_whose_foot_can_go_nowhere_holds_the_card_over_its_suits_lower_card():
    """Klondike: the four of spades tops a run from the eight of clubs, over
    the three of spades face down; the eight may go only on a red nine, and
    the nine of hearts is home, the nine of diamonds under it.  The run can
    never leave, so the four never goes up."""
    rules, pos = position("klondike", {1: "9d 3s 8c 7d 6s 5d 4s", 8: HEARTS_TO_NINE},
                          down={1: 2})
    held, st = _held(rules, pos)
    assert held.lost(st)
    assert held.laid_lost(st, 0, 5)  # the run laid there last
    assert held.homed_lost(st, st[1][0])  # the nine of hearts gone up last


def test_a_run_is_not_held_while_its_foot_may_go_on_a_card_out_and_not_under_it():
    rules, pos = position("klondike", {1: "3s 8c 7d 6s 5d 4s", 2: "9d", 8: HEARTS_TO_NINE},
                          down={1: 1})
    held, st = _held(rules, pos)
    assert not held.lost(st) and not held.laid_lost(st, 0, 5)


def test_a_run_is_not_held_while_a_king_is_at_its_foot():
    """(A space takes a king: the row may yet be emptied for it.)"""
    rules, pos = position("klondike", {1: "3s Kd Qs Jd 10s 9d 8s 7d 6s 5d 4s",
                                       8: HEARTS_TO_NINE}, down={1: 1})
    held, st = _held(rules, pos)
    assert not held.lost(st)


def test_a_talon_card_over_its_suits_lower_card_with_nowhere_to_go_is_held():
    """Klondike's talon: the five of hearts over the four, both black sixes
    home.  With the six of clubs still out on a row, the five may go on it."""
    rules, pos = position("klondike", {13: "4h 10d 5h", 9: SPADES_TO_SIX, 10: CLUBS_TO_SIX})
    held, st = _held(rules, pos)
    assert held.lost(st) and held.dealt_lost(st)
    rules, pos = position("klondike", {13: "4h 10d 5h", 9: SPADES_TO_SIX,
                                       10: CLUBS_TO_SIX[:-3], 1: "6c"})
    held, st = _held(rules, pos)
    assert not held.lost(st) and not held.dealt_lost(st)


def test_a_talon_card_is_not_held_while_a_redeal_is_left():
    """Lucas (two packs, spaces never filled) turns its talon over once:
    until then a card's place in it may change.  The six of hearts over
    both fives and both sevens of hearts is held only once that is done."""
    game = Game.new("lucas", seed=1)
    held, (rows, homes, pack, _, _) = _held(game.rules, game.position)
    five, six, seven = (number(Card(rank, Suit.HEARTS)) for rank in (5, 6, 7))
    talon = bytes((five, seven, five, seven, six))
    assert held.dealt_lost((rows, homes, pack, talon, 1))
    assert not held.dealt_lost((rows, homes, pack, talon, 0))
    assert not held.dealt_lost((rows, homes, pack, talon[:-2] + talon[-1:], 1))


def _random_play(game_id, variant, seeds, steps=300):
    """Each move of random play in compact form over *seeds*: (held, the
    state before, the move, the state after, the foundation it went to)."""
    for seed in seeds:
        game = Game.new(game_id, variant, seed=seed)
        tables = Tables.of(game.rules)
        search = CompactSearch(tables, game.position, Pruning(game.rules, start=game.position))
        st, rng = tables.state(game.position), random.Random(seed)
        for _ in range(steps):
            moves = search.c.moves(st)
            if not moves:
                break
            # the cards up whenever they can go (a game played that far holds cards)
            homeward = [m for m in moves if m[2] >= 0]
            move, nxt, f = homeward[0] if homeward else rng.choice(moves)
            yield search.held, st, move, nxt, f
            st = nxt


@pytest.mark.parametrize("game_id, variant", [("klondike", None), ("lucas", None)])
def test_the_looks_at_what_a_move_changed_find_what_the_whole_look_finds(game_id, variant):
    """Along random play of deals 1 to 25: from a position not lost, the
    look at the cards a move laid on a row, at the card dealt, or at the
    cards a card gone home could have taken agrees with the look at every
    card; and cards are found held."""
    looked = found = 0
    row_of = {p: i for i, p in enumerate(Tables.of(Game.new(game_id, variant, seed=1)
                                                   .rules).row_piles)}
    for held, st, move, nxt, f in _random_play(game_id, variant, range(1, 26)):
        if held.lost(st):
            continue
        lost = held.lost(nxt)
        if f >= 0:
            assert held.homed_lost(nxt, nxt[1][f]) == lost
        elif move is None:
            assert held.dealt_lost(nxt) == lost
        else:
            assert held.laid_lost(nxt, row_of[move[1]], move[2]) == lost
        looked += 1
        found += lost
    assert looked > 500 and found > 0


def test_the_compact_rule_agrees_with_the_engines_where_both_read_a_game():
    """The Trefoil of two packs (single cards, no space ever filled, no
    talon): along random play of deals 1 to 8 (cards sent up whenever they
    can go), the same answer as :class:`Held` on the engine's position, and
    cards found held."""
    looked = found = 0
    for seed in range(1, 9):
        game = Game.new("la-belle-lucie", "trefoil-two-packs", seed=seed)
        rules, pos, rng = game.rules, game.position, random.Random(seed)
        engine, (held, _) = Held.of(rules), _held(rules, pos)
        tables = Tables.of(rules)
        for _ in range(300):
            moves = list(rules.open_moves(pos))
            if not moves:
                break
            homeward = [m for m in moves if m.dst in rules.foundations]
            pos = rules.apply(pos, homeward[0] if homeward else rng.choice(moves))
            lost = engine.lost(pos)
            assert held.lost(tables.state(pos)) == lost
            looked += 1
            found += lost
    assert looked > 500 and found > 0


def _without_rule(monkeypatch):
    monkeypatch.setattr(solver_compact.CompactHeld, "of", classmethod(lambda cls, *a: None))


@pytest.fixture
def held_alone(monkeypatch):
    """The compact search without the rule of cards waiting on one another
    (:mod:`patience_cli.solver.reach`): what the one-card rule does, measured
    by itself."""
    monkeypatch.setattr(solver_compact.CompactReach, "of", classmethod(lambda cls, *a: None))


@pytest.mark.parametrize("seed", [6, 9, 13])
def test_no_position_of_a_winning_line_is_held(seed, monkeypatch, held_alone):
    """Klondike's deals 6, 9 and 13, won by the search without the rule:
    no position from the deal to the win is called lost."""
    game = Game.new("klondike", seed=seed)
    rules, pos = game.rules, game.position
    held, _ = _held(rules, pos)
    _without_rule(monkeypatch)
    found = solve(rules, pos, seconds=60, max_states=200_000, shorten=False)
    assert found.result == WON
    tables = Tables.of(rules)
    for move in found.moves:
        pos = rules.apply(pos, move)
        assert not held.lost(tables.state(pos))
    assert rules.is_won(pos)


def test_the_rule_proves_a_loss_in_fewer_positions(monkeypatch, held_alone):
    """Klondike's deal 14 (lost, as Solvitaire finds): about 130 positions
    with the rule, over 5,000 without."""
    game = Game.new("klondike", seed=14)
    with_rule = solve(game.rules, game.position, seconds=60, max_states=20_000)
    _without_rule(monkeypatch)
    without = solve(game.rules, game.position, seconds=60, max_states=20_000)
    assert with_rule.result == without.result == LOST
    assert with_rule.states * 10 < without.states
