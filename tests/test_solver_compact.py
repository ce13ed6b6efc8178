"""The solver's compact search (patience_cli.solver.compact): the games it
takes, its moves held to the engine's, its search to the engine's search."""

import random

import pytest
from conftest import ALL_GAMES, pile_index, position, rules_of

from patience_cli.engine import MoveKind
from patience_cli.game import Game
from patience_cli.layout import load_layout
from patience_cli.solver import LOST, WON, solve
from patience_cli.solver import compact as solver_compact
from patience_cli.solver import search as solver
from patience_cli.solver.compact import Compact, CompactSearch, Tables, as_move
from patience_cli.solver.pruning import Pruning
from patience_cli.solver.stuck import Held

COMPACT = [("fortress", None), ("klondike", None), ("la-belle-lucie", "trefoil-two-packs"),
           ("lucas", None), ("lucas", "lanes"), ("napoleon-at-st-helena", None),
           ("napoleon-at-st-helena", "talon-lanes")]


def test_the_compact_form_takes_the_plainest_games_and_no_other():
    """Rows built on, foundations in suit from the ace, a pack run through
    to a talon a set number of times at most, fixed routes (a vacancy filled
    from the talon alone: Napoleon's talon lanes), nothing else: these
    seven, and not a game with a vacancy filled at once (the Square), a
    gathering (la Belle Lucie), foundations of any suit (the Kings) or a
    hand (the Flower-Garden)."""
    taken = [(g, v) for g in ALL_GAMES for v in (None, *load_layout(g).variants)
             if Tables.of(rules_of(g, v)) is not None]
    assert taken == COMPACT


def _states(tables: Tables, rules, pos, moves) -> list:
    return [(m, tables.state(rules.apply(pos, m))) for m in moves]


def _agree(tables: Tables, rules, pos) -> list:
    """Holds the compact moves from *pos* to the engine's: every move, in
    order, to the same position; with the safe rule, the engine solver's
    choice; after a deal, the talon's moves and the deal.  Gives the
    engine's moves."""
    compact = Compact(tables, pos)
    st = tables.state(pos)
    engine = list(rules.open_moves(pos))
    ours = compact.moves(st)
    assert [(as_move(m), s) for m, s, _ in ours] == _states(tables, rules, pos, engine)
    assert all((f >= 0) == (rules.specs[as_move(m).dst].role.name == "FOUNDATION")
               for m, _, f in ours if m is not None)
    chosen = rules.advice.solver_moves(pos, engine)
    safe = compact.moves(st, safe_alone=True)
    assert [(as_move(m), s) for m, s, _ in safe] == _states(tables, rules, pos, chosen)
    if tables.talon is not None:
        after = list(rules.open_moves_from(pos, tables.talon))
        assert [(as_move(m), s) for m, s, _ in compact.moves(st, talon_only=True)] == \
            _states(tables, rules, pos, after)
    return engine


@pytest.mark.parametrize("game_id, variant", COMPACT)
def test_the_compact_moves_are_the_engines_in_its_order(game_id, variant):
    """Along random play (two deals of 100 moves: mostly card moves on the
    first, so that rows empty and build up, mostly deals on the second, so
    that the pack runs out and is dealt again where the game allows): the
    compact moves from a position are the engine's moves, in the engine's order, each leading to
    the position the engine's leads to; after a deal, those from the talon
    and the deal; and with the safe rule, the engine's solver's choice (a
    safe card up alone, or every move)."""
    rnd = random.Random(f"compact/{game_id}/{variant}")
    redealt = False
    for seed, dealing in ((1, 0.2), (2, 0.9)):
        game = Game.new(game_id, variant, seed=seed)
        rules, pos = game.rules, game.position
        tables = Tables.of(rules)
        for _ in range(100):
            engine = _agree(tables, rules, pos)
            if not engine:
                break
            cards = [m for m in engine if m.kind is MoveKind.MOVE]
            move = engine[-1] if engine[-1].kind is MoveKind.DEAL and (
                not cards or rnd.random() < dealing) else rnd.choice(cards or engine)
            redealt |= move.kind is MoveKind.DEAL and not pos.piles[tables.stock]
            pos = rules.apply(pos, move)
    assert redealt == (tables.redeals > 0)  # the redeal was met where there is one


@pytest.mark.parametrize("variant, takes", [(None, {"column", "talon"}),
                                             ("talon-lanes", {"talon"})])
def test_a_vacancy_takes_what_the_rules_route_to_it(variant, takes):
    """Napoleon at St. Helena: a vacancy takes any free card; in the talon
    lanes, only the talon's (the compact moves as the engine's)."""
    rules, pos = position("napoleon-at-st-helena", {
        2: "5h 9c", 3: "Kd 8s", 4: "3s", 11: "Ah", 19: "2c 3c", 20: "Ks Qd"}, variant=variant)
    engine = _agree(Tables.of(rules), rules, pos)
    vacancy = pile_index(rules, 1)
    assert {rules.specs[m.src].group for m in engine if m.dst == vacancy} == takes


def _generic(monkeypatch):
    """The engine's depth-first search alone, where the compact one runs (the
    rounds beside it run only beside the engine's)."""
    monkeypatch.setattr(solver.Tables, "of", classmethod(lambda cls, rules: None))
    monkeypatch.setattr(solver.bounded, "kind", lambda rules: None)


@pytest.mark.parametrize("game_id, variant, seed, budget", [
    ("fortress", None, 3, 3000), ("fortress", None, 9, 3000), ("klondike", None, 19, 3000),
    ("klondike", None, 22, 3000), ("la-belle-lucie", "trefoil-two-packs", 2, 3000),
    ("napoleon-at-st-helena", None, 3, 12_000), ("lucas", "lanes", 15, 3000),
])
def test_the_compact_search_meets_the_positions_the_engines_search_meets(
        game_id, variant, seed, budget, monkeypatch):
    """Deals won and lost within a budget of positions: the same answer, the
    same winning line, after the same number of positions as the
    search over the engine's positions (the same moves, tried in the same
    order, pruned alike): a deal's answer at a budget of positions does not
    depend on which search ran.  (Where the engine's search does not read
    a card that can never move again, as in Klondike, whose runs move
    together, the compact search does not either here; nor does it read
    cards that wait on one another, which the engine's search never reads.)"""
    game = Game.new(game_id, variant, seed=seed)
    if Held.of(game.rules) is None:
        monkeypatch.setattr(solver_compact.CompactHeld, "of", classmethod(lambda cls, *a: None))
    monkeypatch.setattr(solver_compact.CompactReach, "of", classmethod(lambda cls, *a: None))
    compact = solve(game.rules, game.start, seconds=120, max_states=budget, shorten=False)
    _generic(monkeypatch)
    game = Game.new(game_id, variant, seed=seed)
    engine = solve(game.rules, game.start, seconds=120, max_states=budget, shorten=False)
    assert compact.result in (WON, LOST)  # decided: the whole search is compared
    assert (compact.result, compact.states, compact.moves) == \
        (engine.result, engine.states, engine.moves)


@pytest.mark.parametrize("seed, result", [(2, WON), (4, LOST), (5, LOST), (11, LOST),
                                          (17, LOST), (18, LOST), (19, LOST)])
def test_klondike_deals_are_decided_as_solvitaire_decides_them(seed, result):
    """Whole Klondike deals, answered as Solvitaire answers them
    (shared/peers/solvitaire.md); a win replays through the engine."""
    game = Game.new("klondike", seed=seed)
    answer = solve(game.rules, game.start, seconds=120)
    assert answer.result == result
    if result == WON:
        pos = game.start
        for move in answer.moves:
            assert game.rules.is_legal(pos, move)
            pos = game.rules.apply(pos, move)
        assert game.rules.is_won(pos)


def test_rows_alike_in_another_order_are_one_position_and_their_faces_count():
    game = Game.new("klondike", seed=5)
    tables = Tables.of(game.rules)
    rows, homes, pack, talon, used = tables.state(game.start)
    key = tables.key((rows, homes, pack, talon, used))
    swapped = (rows[1], rows[0]) + rows[2:]
    assert tables.key((swapped, homes, pack, talon, used)) == key
    turned = (rows[0], bytes((rows[1][0] - 1,)) + rows[1][1:]) + rows[2:]
    assert tables.key((turned, homes, pack, talon, used)) != key
    dealt = tables.key((rows, homes, pack[1:], talon + pack[:1], used))
    assert dealt != key
    assert tables.key((rows, homes, b"", pack, 1)) != tables.key((rows, homes, b"", pack, 0))


@pytest.mark.parametrize("seed", [3, 8])
def test_with_one_pack_the_pack_and_the_talon_follow_from_the_rest(seed):
    """With one pack the key leaves the pack and the talon out: they are the
    cards neither on a row nor home, in the order first dealt, the pack the
    last of them.  Held along random play of Klondike, its talon turned over
    twice at most here to try the redeal too; with two packs (Napoleon at St.
    Helena) the key keeps them."""
    game = Game.new("klondike", seed=seed)
    tables = Tables._of(game.rules)
    tables.redeals = 2
    compact = Compact(tables, game.start)
    st = tables.state(game.start)
    order = st[2]  # the whole pack, at the start
    rng = random.Random(seed)
    turned = 0
    for _ in range(600):
        rows, homes, pack, talon, used = st
        home = {c for h in homes if h >= 0 for c in range(h - h % 13, h + 1)}
        left = bytes(c for c in order if c not in home and all(c not in r[2:] for r in rows))
        assert (left[:len(left) - len(pack)], left[len(left) - len(pack):]) == (talon, pack)
        turned = max(turned, used)
        moves = compact.moves(st)
        if not moves:
            break
        deals = [m for m in moves if m[0] is None]  # (a deal half the time, to run through)
        st = rng.choice(deals if deals and rng.random() < 0.5 else moves)[1]
    assert turned == 2
    napoleon = Game.new("napoleon-at-st-helena", seed=1)
    two = Tables.of(napoleon.rules)
    rows, homes, pack, talon, used = two.state(napoleon.start)
    assert two.key((rows, homes, pack[2:], pack[:2], used)) != \
        two.key((rows, homes, pack[2:], pack[1::-1], used))


def test_a_winning_line_the_engine_would_not_play_is_a_fault_never_a_win(monkeypatch):
    """The compact search replays its line through the engine before it
    calls a deal won."""
    from patience_cli.solver import compact as solver_compact

    game = Game.new("klondike", seed=6)
    monkeypatch.setattr(solver_compact, "as_move",
                        lambda move: solver_compact.DEAL if move is None else
                        solver_compact.Move(MoveKind.MOVE, move[0], move[0], move[2]))
    search = CompactSearch(Tables.of(game.rules), game.start, Pruning(game.rules,
                                                                       start=game.start))
    with pytest.raises(RuntimeError, match="not the engine's"):
        search.step(10_000)
