"""The proof of loss from cards that wait on one another
(patience_cli.solver.reach.CompactReach): the games it reads, a ring of
waits the one-card rule misses, never a position of a winning line, only
positions a full search proves lost, and the searches it shortens."""

import random

import pytest
from conftest import position
from test_solver_compact import COMPACT  # the games the compact search takes

from patience_cli.game import Game
from patience_cli.solver import LOST, WON, solve
from patience_cli.solver import compact as solver_compact
from patience_cli.solver.compact import CompactSearch, Tables
from patience_cli.solver.pruning import Pruning
from patience_cli.solver.reach import CompactReach


def _search(rules, pos) -> CompactSearch:
    return CompactSearch(Tables.of(rules), pos, Pruning(rules, start=pos))


def _without_reach(monkeypatch):
    monkeypatch.setattr(solver_compact.CompactReach, "of", classmethod(lambda cls, *a: None))


def test_the_reading_takes_the_compact_games_of_one_pack():
    """Klondike (face-up runs move together) and Fortress (single cards);
    not the compact games of two packs."""
    deals = [(g, v, Game.new(g, v, seed=1)) for g, v in COMPACT]
    taken = [(g, v) for g, v, deal in deals if _search(deal.rules, deal.position).reach]
    assert taken == [("fortress", None), ("klondike", None)]


def _ring(talon: str):
    """Klondike, every card placed: the nine of diamonds alone on row 1 over
    the ace of diamonds, the eight of spades and the six of hearts (face
    down); clubs home to the ten, spades to the seven, hearts to the five;
    *talon* (bottom first) holds the ten of spades and the seven of hearts."""
    return position("klondike", {
        1: "6h 8s Ad 9d", 2: "Ks Qh Js 10h 9s 8h", 3: "Kh Qc Jh", 4: "Kc Qd Jc 10d",
        5: "Kd Qs Jd", 6: "8d 7d 6d 5d 4d 3d 2d", 7: "9h",
        8: "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c", 9: "As 2s 3s 4s 5s 6s 7s", 10: "Ah 2h 3h 4h 5h",
        13: talon}, down={1: 3, 6: 6})


def test_a_ring_of_cards_waiting_on_one_another_is_lost():
    """With the seven of hearts over the ten of spades in the talon, the nine
    of diamonds waits for the ten (the ten of clubs is home), the ten for
    the seven to leave, and the seven for the eight of spades or the six of
    hearts, both under the nine: no card of the ring is held by itself (the
    one-card rule finds nothing), and a search without either rule proves
    the loss.  With the ten on top the ring is open: not lost, and won."""
    rules, pos = _ring("10s 7h")
    search = _search(rules, pos)
    st = search.c.t.state(pos)
    assert search.reach.lost(st) and not search.held.lost(st)
    search.held = search.reach = None
    search.stack = [(st, search._moves(st, False, -1), None, -1)]
    assert search.step(100_000) == (False, [])

    rules, pos = _ring("7h 10s")
    search = _search(rules, pos)
    assert not search.reach.lost(search.c.t.state(pos))
    assert solve(rules, pos, seconds=60, max_states=10_000).result == WON


def test_a_talon_card_waits_on_nothing_while_a_redeal_is_left():
    """The same ring with the talon to be turned over once more: the ten of
    spades may come out of it then, and the position is not called lost;
    with no redeal left it is."""
    rules, pos = _ring("10s 7h")
    t = Tables.of(rules)
    st = t.state(pos)
    once = CompactReach.of(t.under, t.empty, t.runs, [1] * 52, 1)
    assert not once.lost(st)
    assert once.lost(st[:4] + (1,))


def _line(rules, pos, moves):
    tables = Tables.of(rules)
    yield tables.state(pos)
    for move in moves:
        pos = rules.apply(pos, move)
        yield tables.state(pos)


@pytest.mark.parametrize("game_id, seeds", [("klondike", (1, 2, 6, 13)),
                                             ("fortress", (3, 8, 12, 13))])
def test_no_position_of_a_winning_line_is_called_lost(game_id, seeds, monkeypatch):
    """Deals won by the search without the reading: no position from the
    deal to the win is called lost."""
    games = [Game.new(game_id, seed=seed) for seed in seeds]
    readings = [_search(g.rules, g.position).reach for g in games]
    _without_reach(monkeypatch)
    for game, reach in zip(games, readings):
        found = solve(game.rules, game.position, seconds=60, max_states=100_000,
                      shorten=False)
        assert found.result == WON
        assert not any(reach.lost(st) for st in _line(game.rules, game.position, found.moves))


@pytest.mark.parametrize("game_id", ["klondike", "fortress"])
def test_a_position_called_lost_is_lost(game_id):
    """Along random play of deals 1 to 12, the first position of each deal
    the reading calls lost (and the one-card rule does not) is searched to
    its end without either rule: never won."""
    searched = 0
    for seed in range(1, 13):
        game = Game.new(game_id, seed=seed)
        search = _search(game.rules, game.position)
        st, rng = search.c.t.state(game.position), random.Random(seed)
        for _ in range(200):
            if search.reach.lost(st) and not (search.held and search.held.lost(st)):
                search.held = search.reach = None
                search.seen = {search.key(st)}
                search.stack = [(st, search._moves(st, False, -1), None, -1)]
                answer = search.step(30_000)
                assert answer is None or answer == (False, [])
                searched += answer is not None
                break
            moves = search.c.moves(st)
            if not moves:
                break
            st = rng.choice(moves)[1]
    assert searched >= 6


def test_the_reading_shortens_a_klondike_proof(monkeypatch):
    """Klondike's deal 5 (lost, as Solvitaire finds): under 1,000 positions
    with the reading; 5,000 without it do not decide it.  (Deal 4 showed it
    until the one-card rule read a foundation's order whole: that rule
    alone now decides it in 1,127.)"""
    game = Game.new("klondike", seed=5)
    with_reading = solve(game.rules, game.position, seconds=60, max_states=1_000)
    _without_reach(monkeypatch)
    without = solve(game.rules, game.position, seconds=60, max_states=5_000)
    assert with_reading.result == LOST and without.result not in (WON, LOST)
