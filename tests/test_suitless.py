"""Games where no rule reads a suit (Rules.suitless): positions alike in
ranks are one position to the solver, and in such a game a heap of one
rank is a hand to the pruning (patience_cli.advice, patience_cli.solver.pruning)."""

import random

import pytest
from conftest import ALL_ROWS, rules_of

from patience_cli.cards import Card
from patience_cli.engine import MoveKind
from patience_cli.game import Game
from patience_cli.solver import WON, solve
from patience_cli.solver.pruning import Pruning

SUITLESS = [(g, v) for g, v in ALL_ROWS if rules_of(g, v).advice.suitless]


def test_the_games_where_no_rule_reads_a_suit():
    """The Lady of the Manor's aces climb regardless of suit, and nothing
    else is built; the Kingdom's talon is turned over unshuffled; the
    Fourteenth's pairs make fourteen whatever their suits.  Not the
    Flower-Garden (its foundations follow suit), nor Cadogan's Sultan (whose
    redeals are shuffled, the shuffle drawn from the cards), nor the
    "Covering" Patience (two cards of one suit cover each other), nor Royal
    Marriage (the cards between two of a suit go out)."""
    suitless = set(SUITLESS)
    assert {("lady-of-the-manor", None), ("lady-of-the-manor", "packets-first"),
            ("kingdom", None), ("kings", None), ("fourteenth", None)} <= suitless
    assert not {("flower-garden", None), ("sultan", None), ("covering", None),
                ("royal-marriage", None)} & suitless
    talon = next(f for f in Game.new("sultan", seed=1).rules.features
                 if type(f).__name__ == "Talon")
    assert talon.reads_suits


def relabelled(pos, rnd):
    """*pos* with the suits dealt anew among the cards of each rank (every
    card keeps its place and rank; which of its rank it is, is drawn)."""
    cards = [c for pile in pos.piles for c in pile]
    suits: dict[int, list] = {}
    for c in cards:
        suits.setdefault(c.rank, []).append(c.suit)
    for pool in suits.values():
        rnd.shuffle(pool)
    piles = tuple(tuple(Card(c.rank, suits[c.rank].pop()) for c in pile) for pile in pos.piles)
    return pos._replace(piles=piles)


def shape(moves):
    return [(m.kind, m.src, m.dst, m.count, m.card and m.card.rank) for m in moves]


@pytest.mark.parametrize("game_id, variant", SUITLESS)
def test_positions_alike_in_ranks_play_alike(game_id, variant):
    """Along random play of every suitless row (two deals, up to 120 moves):
    the position and one with the suits dealt anew within each rank have the
    same key, the same moves in the same order (by piles and ranks) and the
    same status, and each move leads both to positions of the same key.  A
    rule that read a suit would tell them apart somewhere."""
    rnd = random.Random(f"suitless/{game_id}/{variant}")
    for seed in (1, 2):
        game = Game.new(game_id, variant, seed=seed)
        rules, pos = game.rules, game.position
        for _ in range(120):
            other = relabelled(pos, rnd)
            assert rules.advice.solver_key(other) == rules.advice.solver_key(pos)
            moves, others = list(rules.open_moves(pos)), list(rules.open_moves(other))
            assert shape(others) == shape(moves)
            assert rules.status(other)[0] == rules.status(pos)[0]
            for m, o in list(zip(moves, others))[:4]:
                assert rules.advice.solver_key(rules.apply(other, o)) == \
                    rules.advice.solver_key(rules.apply(pos, m))
            if not moves:
                break
            cards = [m for m in moves if m.kind is MoveKind.MOVE]
            pos = rules.apply(pos, rnd.choice(cards if cards and rnd.random() < 0.9 else moves))


def test_a_heap_of_one_rank_is_a_hand_to_the_pruning():
    """The Lady of the Manor's heaps (each all the cards of one rank, none
    laid on them) are hands: a card of a heap goes up only when a card
    follows it at once onto its foundation, the position between passed
    through; a packet's card is not held so.  And a card is laid on one of
    the foundations alike in ranks, not on each."""
    game = Game.new("lady-of-the-manor", seed=3)
    rules, start = game.rules, game.start
    pruning = Pruning(rules, start=start)
    heaps, packets = rules.group_piles["heap"], rules.group_piles["packet"]
    assert pruning.hands == frozenset(heaps)
    # the aces of both colours and suits are one to the key: the first two goes
    # to one of them, not to each
    tried = pruning.moves(start, None, None)
    assert len(tried) == 1 and tried[0].src == heaps[0]
    assert len([m for m in rules.open_moves(start) if m.src == heaps[0]]) == 8
    # a three from its heap onto a two, with another three (not safe to play):
    # the foundation must take the next card at once
    pos = rules.apply(start, tried[0])
    three = next(m for m in rules.open_moves(pos) if m.src == heaps[1])
    assert pruning.cover(pos, three) == three.dst
    after = rules.apply(pos, three)
    assert all(m.dst == three.dst for m in pruning.moves(after, None, three.dst))
    # not in the Flower-Garden's packets (cards of many ranks)
    garden = Game.new("flower-garden", seed=1)
    assert Pruning(garden.rules, start=garden.start).hands == \
        frozenset(garden.rules.group_piles["bouquet"])
    assert packets and not set(packets) & pruning.hands


def late(game_id, seed, moves):
    """The position *moves* moves into the solver's winning line of a deal,
    or along its first line of search where the deal is lost."""
    game = Game.new(game_id, seed=seed)
    rules, pos = game.rules, game.start
    line = solve(rules, pos, seconds=60, max_states=200_000).moves
    for move in line[:moves]:
        pos = rules.apply(pos, move)
    return rules, pos


@pytest.mark.parametrize("seed, moves, result", [(16, 30, WON), (19, 30, WON), (5, 55, WON)])
def test_the_pruned_search_agrees_with_the_unpruned_one_on_late_positions(seed, moves, result):
    """Late positions of the Lady of the Manor's won deals, with cards taken
    from their heaps: decided alike with and without the heap rule, in fewer
    positions with it.  (Deals whose line the solver finds in a few thousand
    positions: the position, not the finding, is what is tested.)"""
    rules, pos = late("lady-of-the-manor", seed, moves)
    pruned = solve(rules, pos, seconds=60, order="depth-first")
    full = solve(rules, pos, seconds=60, prune=False, order="depth-first")
    assert pruned.result == full.result == result
    assert pruned.states < full.states
