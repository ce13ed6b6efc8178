"""Piles the rules treat alike (Rules.alike_groups): the solver takes them
as interchangeable, so a position and one with two of them swapped are one
position to it.  Refilled groups are alike where no rule reads a pile's
place (features.routes.Routes.ordered_groups)."""

import random

import pytest
from conftest import ALL_ROWS, rules_of
from feature_kit import made_up

from patience_cli.features.feature import Feature
from patience_cli.game import Game
from patience_cli.layout import Role
from patience_cli.position import Move, MoveKind


def refilled_alike(rules):
    """The alike groups that are refilled or refilled from."""
    sources = {g for p in rules.specs if p.refill for g in p.refill.sources}
    return [g for g in rules.advice.alike_groups()
            if any(rules.specs[i].refill or rules.specs[i].group in sources for i in g)]


REFILLED = [(g, v) for g, v in ALL_ROWS if refilled_alike(rules_of(g, v))]


def covered(rules):
    """Whether a pair is covered with cards of the pack instead of put out
    (Covering, the Elevens No. 2): the lower place's card is covered first,
    so two places swapped end with their cards under other covers; but a
    covered card is never read again, and the positions play alike."""
    return rules.layout.play.pairs is not None and bool(rules.layout.play.pairs.cover)


# (the Zodiac's foundations, its only alike piles, take no card before every
# card of the pack is placed: random play never gets there)
ALIKE = [(g, v) for g, v in ALL_ROWS if g != "zodiac"
         and rules_of(g, v).advice.alike_groups()
         and not covered(rules_of(g, v))]

RESERVE = [{"group": "reserve", "name": "Reserve", "role": "tableau", "count": 3,
            "number": 8, "at": [0, 6], "step": [1.5, 0], "deal": 1,
            "build": {"direction": "down", "suit": "any", "empty": "any"}}]


def alike(refill, reserve_build=None):
    """The alike groups of the made-up game with a reserve of three, each
    as the layout groups its piles come from."""
    reserve = [{**RESERVE[0], "build": reserve_build}] if reserve_build else RESERVE
    rules = made_up(piles={1: {"refill": refill}} if refill else None, extra_piles=reserve)
    return {frozenset(rules.specs[i].group for i in g) for g in rules.advice.alike_groups()}


ROW, RESERVE_, HOME = frozenset({"row"}), frozenset({"reserve"}), frozenset({"foundation"})


def test_piles_refilled_a_card_at_a_time_stay_alike_where_no_rule_reads_their_places():
    """Three rows refilled from a reserve of three piles: two vacancies
    filled in the layout's order get one card each whichever row is which,
    and the player may fill one from any reserve pile, so both groups stay
    alike.  Not where a row is filled from the reserve pile in the same
    place, nor up to two cards (which row gets how many would hang on
    which is short), nor in a game with a rule that reads places (the
    Fourteenth pairs two cards of one row or one column)."""
    assert alike({"from": ["reserve"]}) == {ROW, RESERVE_, HOME}
    assert alike({"from": ["reserve"], "same_place": True}) == {HOME}
    assert alike({"from": ["reserve"], "size": 2}) == {HOME}
    assert alike({"from": ["reserve"], "size": 2, "count": 2}) == {ROW, RESERVE_, HOME}
    assert rules_of("fourteenth").advice.alike_groups() == ()
    assert {("red-and-black", None), ("square", None), ("constitution", None),
            ("light-and-shade", "hoffmann"), ("napoleons-square", None)} <= set(REFILLED)


def test_piles_of_two_groups_no_rule_names_are_alike_across_them():
    """The rows and the reserve, built alike and named by no rule, are one
    group alike (Napoleon's Square's packets on three sides of the square);
    not where a rule names one of them (the rows refilled from the
    reserve), nor where their builds differ."""
    assert alike(None) == {ROW | RESERVE_, HOME}
    assert alike({"from": ["reserve"]}) == {ROW, RESERVE_, HOME}
    assert alike(None, {"direction": "up", "suit": "any", "empty": "any"}) == \
        {ROW, RESERVE_, HOME}
    squares = [[rules_of("napoleons-square", v).specs[i].group for i in g]
               for v in (None, "singles") for g in rules_of("napoleons-square", v).advice.alike_groups()]
    assert sorted(set(squares[0])) == ["left", "right", "top"] and len(squares[0]) == 12
    assert squares[2] == squares[0]


def mapped(move, to):
    return move._replace(src=to.get(move.src, move.src), dst=to.get(move.dst, move.dst),
                         piles=tuple(to.get(i, i) for i in move.piles))


def swapped(pos, a, b):
    piles, down = list(pos.piles), list(pos.down)
    piles[a], piles[b] = piles[b], piles[a]
    down[a], down[b] = down[b], down[a]
    return pos._replace(piles=tuple(piles), down=tuple(down))


def plays_alike(rules, pos, a, b):
    """Checks that *pos* and *pos* with piles *a* and *b* swapped have the
    same key and status, and that their moves lead to positions of the
    same keys (each move with its piles swapped leading the other to a key
    the first's moves lead to); gives *pos*'s moves and whether the swap
    changed anything."""
    other, to = swapped(pos, a, b), {a: b, b: a}
    assert rules.advice.solver_key(other) == rules.advice.solver_key(pos)
    assert rules.status(other)[0] == rules.status(pos)[0]
    moves = list(rules.open_moves(pos))
    after = {rules.advice.solver_key(rules.apply(pos, m)) for m in moves}
    assert {rules.advice.solver_key(rules.apply(other, m)) for m in rules.open_moves(other)} == after
    for m in moves:  # (the same move, its piles swapped, where the rules list it)
        assert rules.advice.solver_key(rules.apply(other, mapped(m, to))) in after
    return moves, other.piles != pos.piles


@pytest.mark.parametrize("game_id, variant", ALIKE)
def test_two_alike_piles_swapped_are_one_position_and_play_alike(game_id, variant):
    """Along random play (two deals, up to 60 moves): the position and one
    with two piles of an alike group swapped have the same key and
    status, and their moves lead to positions of the same keys (each move
    with its piles swapped leads the other to the key it leads the first
    to): the rules read nothing of which pile is which, vacancies and
    their refills included.  (Where several vacancies are alike, a rule may
    list a move into one of them only: Napoleon's Square's pack card.)  It
    found the Royal Marriage's row and the Juvenile's reserve packets taken
    as alike, though the one is read in order (the cards between two that
    match go out) and the other is turned over in order."""
    rnd = random.Random(f"alike/{game_id}/{variant}")
    checked = 0
    for seed in (1, 2):
        game = Game.new(game_id, variant, seed=seed)
        rules, pos = game.rules, game.position
        for _ in range(60):
            a, b = rnd.sample(rnd.choice(rules.advice.alike_groups_at(pos)), 2)
            moves, differed = plays_alike(rules, pos, a, b)
            checked += differed
            if not moves:
                break
            pos = rules.apply(pos, rnd.choice(moves))
    assert checked, "no two piles swapped ever differed: the test saw nothing"


LATER = [(g, v) for g, v in ALL_ROWS if any(
    type(f).reads_places is not Feature.reads_places for f in rules_of(g, v).features)]


@pytest.mark.parametrize("game_id, variant", LATER)
def test_piles_alike_once_the_rule_that_reads_their_places_stops(game_id, variant):
    """Where each card is dealt onto the latest king or column (the Salic
    Law, the Picture Gallery, the Fairie Queen), their places count while
    the pack lasts; once it is dealt out no rule reads them, and two of
    them swapped are one position that plays alike (a bare king takes a
    card whichever it is)."""
    assert {("salic-law", None), ("salic-law", "picture-gallery"), ("fairie-queen", None)} \
        <= set(LATER)
    rnd = random.Random(f"later/{game_id}/{variant}")
    game = Game.new(game_id, variant, seed=3)
    rules, pos = game.rules, game.position
    stock = next(i for i, p in enumerate(rules.specs) if p.role is Role.STOCK)
    before = set(rules.advice.alike_groups_at(pos))
    while pos.piles[stock]:   # the pack dealt out, every card that can go up sent up
        assert set(rules.advice.alike_groups_at(pos)) == before
        moves = list(rules.open_moves(pos))
        ups = [m for m in moves if m.dst in rules.foundations]
        pos = rules.apply(pos, ups[0] if ups else next(m for m in moves if m.kind is MoveKind.DEAL))
    later = [g for g in rules.advice.alike_groups_at(pos) if g not in before]
    assert later
    checked = 0
    for _ in range(40):
        a, b = rnd.sample(rnd.choice(later), 2)
        moves, differed = plays_alike(rules, pos, a, b)
        checked += differed
        if not moves:
            break
        pos = rules.apply(pos, rnd.choice(moves))
    assert checked


def test_an_empty_pile_of_a_class_alike_across_groups_is_offered_once():
    """Napoleon's Square (singles), deal 3: Packet 5 (the top side) and Packet 1
    (the left side) emptied, the pack's next card is offered to one of them,
    not to each side; the other stays a legal move, only not listed."""
    game = Game.new("napoleons-square", "singles", seed=3)
    for words in (["5", "13"], ["1", "4"]):
        game.play(game.parse_move(words))
    rules, pos = game.rules, game.position
    stock = rules.layout.by_number(21).index
    empty = {rules.layout.by_number(n).index for n in (1, 5)}
    assert {i for i, pile in enumerate(pos.piles) if not pile and i < 12} == empty
    listed = list(rules.legal_moves(pos))
    assert [m.dst in empty for m in listed if m.src == stock] == [True]
    for dst in empty:
        assert rules.is_legal(pos, Move(MoveKind.MOVE, stock, dst))
