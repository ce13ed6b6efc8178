"""Proofs of loss from a card that can never move again
(patience_cli.solver.stuck): the games it takes, positions it calls lost
and not, never a position on a winning line, and the search it shortens."""

import random

import pytest
from conftest import ALL_GAMES, pile_index, position, rules_of

from patience_cli.cards import Card, Suit
from patience_cli.engine import MoveKind
from patience_cli.game import Game
from patience_cli.layout import load_layout
from patience_cli.solver import LOST, WON, solve
from patience_cli.solver import stuck as solver_stuck
from patience_cli.solver.stuck import Held

HELD = [("anna", None), ("capricieuse", None), ("four-corners", None), ("la-belle-lucie", None),
        ("la-belle-lucie", "trefoil"), ("la-belle-lucie", "house-on-the-hill"),
        ("la-belle-lucie", "trefoil-two-packs"), ("la-belle-lucie", "house-in-the-wood"),
        ("la-belle-lucie", "trefoil-aces-in-pack"),
        ("lucas", None),
        # routes, first claims, vacancies filled from the pack or the talon alone,
        # foundations laid as they appear
        ("four-seasons", None), ("general-sedgewick", None), ("mount-olympus", None),
        ("napoleon-at-st-helena", "talon-lanes"), ("napoleons-square", None),
        ("napoleons-square", "singles"), ("octagon", None), ("quadrangle", None),
        ("red-and-black", None), ("red-and-black", "hoffmann"), ("square", None),
        ("storehouse", None), ("twos", None)]

# the Four Corners near their end, both gatherings spent: the king of
# diamonds lies on the only queen of diamonds not home (the other is on the
# king foundation), and no packet takes a card once empty
DIAMONDS_DOWN = "Kd Qd Jd 10d 9d 8d 7d 6d 5d 4d 3d 2d Ad"
CORNERS = {1: "Qd Kd", 6: "Jc Qc Kc", 13: "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c",
           14: "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks",
           15: "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", 16: "Ad 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd",
           17: "Kh Qh Jh 10h 9h 8h 7h 6h 5h 4h 3h 2h Ah", 18: DIAMONDS_DOWN,
           19: "Kc Qc Jc 10c 9c 8c 7c 6c 5c 4c 3c 2c Ac",
           20: "Ks Qs Js 10s 9s 8s 7s 6s 5s 4s 3s 2s As"}


def test_the_rule_takes_the_games_where_nothing_else_moves_a_card_and_an_empty_pile_may_stay_empty():
    """Moves that change only the piles they name, or rules that only forbid
    moves (routes, first claims) or fill a vacancy from the pack or the talon
    alone; single cards from the top of a pile, foundations that never give
    a card back, a pack turned onto a talon or the tableau gathered a set
    number of times; and some card no empty pile takes.  Not Klondike (runs
    move), the Flower-Garden (an empty pile takes any card), the Carpet (a
    game of its own), the Indefatigable (gathered without a set limit), the
    Constitution (a vacancy filled from the rows below), Queens and Knaves
    (no pile to look at: its queens stay, and take any suit)."""
    taken = [(g, v) for g in ALL_GAMES for v in (None, *load_layout(g).variants)
             if Held.of(rules_of(g, v)) is not None]
    assert sorted(taken, key=lambda gv: (gv[0], gv[1] or "")) == \
        sorted(HELD, key=lambda gv: (gv[0], gv[1] or ""))


def test_a_king_on_the_only_queen_of_its_suit_left_is_held_once_no_gathering_is_left():
    rules, pos = position("four-corners", CORNERS, regathered=2)
    held = Held.of(rules)
    assert held.lost(pos)
    assert held.lost(pos, pile_index(rules, 1))  # the king laid there last
    assert not rules.is_won(pos) and not list(rules.open_moves(pos))


def test_a_gathering_still_to_come_frees_every_card():
    rules, pos = position("four-corners", CORNERS, regathered=1)
    assert not Held.of(rules).lost(pos)


def test_a_card_is_not_held_while_a_card_it_may_go_on_is_out_and_not_under_it():
    """The same, but the queen of diamonds on a packet of its own (the king
    may be laid on it) and the clubs' king under its queen."""
    piles = {**CORNERS, 1: "Kd", 3: "Qd", 6: "Kc Qc"}
    piles[13] += " Jc"
    rules, pos = position("four-corners", piles, regathered=2)
    assert not Held.of(rules).lost(pos)


BELLE_LUCIE_7 = {1: "9h 10c 10d", 2: "Js 9c 4h", 3: "Kc 7h 8s", 4: "6c 6s 8h", 5: "4c 5h 3c",
                 6: "Qd Ah Qh", 7: "2s 3s 9d", 8: "Ks 10h 8c", 9: "Qc 7s 6h", 10: "Jd 8d 5d",
                 11: "2d 7c 10s", 12: "4s 5s Kd", 13: "5c 3d As", 14: "Qs Jc Kh", 15: "Jh 9s 6d",
                 16: "2h 7d 3h", 17: "4d", 19: "Ac 2c", 20: "Ad"}


def test_a_foundation_still_empty_may_yet_reach_a_card():
    """La Belle Lucie's deal 7 after both gatherings, on a winning line, two
    foundations not begun: the king of spades at the foot of a fan goes up
    once the spades' foundation, not begun yet, has climbed to the queen (a
    reading the rule once missed, calling this position lost)."""
    rules, pos = position("la-belle-lucie", BELLE_LUCIE_7, regathered=2)
    assert sum(len(p) for p in pos.piles) == 52
    assert not Held.of(rules).lost(pos)
    assert solve(rules, pos, seconds=60, max_states=20_000).result == WON


def test_a_foundation_in_alternate_colours_may_take_a_card_of_its_own_colour_two_ranks_on():
    """The five of hearts on top: the seven of diamonds may go up after a
    black six (a colour rule once read against the top card alone called
    it out of reach, which would have called a winnable position lost)."""
    chains = [solver_stuck._chain(Card(5, Suit.HEARTS), "alternate", tuple(range(6, 14)))]
    seven = Card(7, Suit.DIAMONDS)
    assert Held._may_go_up(chains, seven, {(6, Suit.CLUBS): 1}, {})
    assert not Held._may_go_up(chains, seven, {(6, Suit.CLUBS): 1}, {(6, Suit.CLUBS): 1})
    assert not Held._may_go_up(chains, seven, {(6, Suit.HEARTS): 1}, {})
    assert Held._may_go_up(chains, Card(6, Suit.SPADES), {}, {})       # next, black on red
    assert not Held._may_go_up(chains, Card(6, Suit.DIAMONDS), {}, {})  # red on red


def test_a_card_is_held_by_any_card_its_foundation_needs_first_not_just_the_one_before_it():
    """The Storehouse's deal 1: the king of clubs lies in the Storehouse
    over the six and seven of clubs.  It goes onto no auxiliary (they build
    down) and up only after the queen, so after the seven: held, though the
    queen of clubs lies elsewhere; the game is lost before a card is
    turned.  With the king at the foot of the Storehouse it is not held."""
    game = Game.new("storehouse", seed=1)
    rules, pos = game.rules, game.position
    store = pile_index(rules, 5)
    king = pos.piles[store].index(Card(13, Suit.CLUBS))
    assert Card(7, Suit.CLUBS) in pos.piles[store][:king]
    assert Card(12, Suit.CLUBS) not in pos.piles[store]
    held = Held.of(rules)
    assert held.held_card(pos) == (store, king)
    assert solve(rules, pos, seconds=60, max_states=100).result == LOST
    cards = list(pos.piles[store])
    cards.insert(0, cards.pop(king))
    moved = pos._replace(piles=tuple(tuple(cards) if i == store else p
                                     for i, p in enumerate(pos.piles)))
    assert held.held_card(moved) != (store, 0)


def test_a_foundation_in_sequence_reads_its_order_the_ace_after_the_king():
    """The Storehouse's foundations climb from two to king, then take the
    ace: an ace is held over any card of its suit, a three over none."""
    chains = [solver_stuck._chain(Card(2, Suit.CLUBS), "same", tuple(range(3, 14)) + (1,))]
    ace, three = Card(1, Suit.CLUBS), Card(3, Suit.CLUBS)
    out = {(r, Suit.CLUBS): 1 for r in range(1, 14)}
    assert Held._may_go_up(chains, ace, out, {})
    assert not Held._may_go_up(chains, ace, out, {(9, Suit.CLUBS): 1})
    assert Held._may_go_up(chains, three, out, {(9, Suit.CLUBS): 1})


@pytest.mark.parametrize("game_id", ["storehouse", "octagon", "square", "four-corners"])
def test_a_card_called_held_never_moves_again_along_random_play(game_id):
    """Random lines through deals 1 to 12: once a card is called held, it
    stays where it lies, in its pile and place, to the end of the line."""
    found = 0
    for seed in range(1, 13):
        game = Game.new(game_id, seed=seed)
        rules, pos = game.rules, game.position
        held = Held.of(rules)
        rng = random.Random(seed)
        watched: list[tuple[int, int, Card]] = []
        for _ in range(500):
            spot = held.held_card(pos)
            if spot is not None:
                pile, at = spot
                watched.append((pile, at, pos.piles[pile][at]))
            for pile, at, card in watched:
                assert len(pos.piles[pile]) > at and pos.piles[pile][at] == card
            moves = list(rules.open_moves(pos))
            if not moves:
                break
            pos = rules.apply(pos, rng.choice(moves))
        found += bool(watched)
    assert found >= 3


def _lines(game_id, variant, seeds, states):
    """The winning lines the solver finds without the rule, on *seeds*."""
    real = Held.of
    solver_stuck.Held.of = classmethod(lambda cls, rules: None)
    lines = []
    try:
        for seed in seeds:
            game = Game.new(game_id, variant, seed=seed)
            found = solve(game.rules, game.position, seconds=60, max_states=states,
                          shorten=False)
            if found.result == WON:
                lines.append((game, found.moves))
    finally:
        solver_stuck.Held.of = real
    return lines


@pytest.mark.parametrize("game_id, variant, seeds", [
    ("la-belle-lucie", None, (4, 5)), ("capricieuse", None, (6,)),
    ("la-belle-lucie", "trefoil", (2,)), ("twos", None, (1,)), ("mount-olympus", None, (1,)),
    ("four-seasons", None, (1,)), ("red-and-black", "hoffmann", (2,)), ("anna", None, (11,))])
def test_no_position_of_a_winning_line_is_held(game_id, variant, seeds):
    """Every position of lines won without the rule, from the deal to the
    win, is not called lost: neither by the whole look nor by the look at
    the card just laid."""
    found = 0
    for game, line in _lines(game_id, variant, seeds, 20_000):
        rules, pos = game.rules, game.position
        held = Held.of(rules)
        for move in line:
            assert not held.lost(pos)
            pos = rules.apply(pos, move)
            laid = move.dst if move.kind == "move" and move.dst in rules.tableau else None
            assert not held.lost(pos) and not held.lost(pos, laid)
            found += 1
        assert rules.is_won(pos)
    assert found > 0


@pytest.mark.parametrize("game_id", ["la-belle-lucie", "four-corners"])
def test_the_look_at_the_card_just_laid_finds_what_the_whole_look_finds(game_id):
    """Along random play after the last gathering (deals 1 to 60, each
    played out): where the position before is not lost and a card was laid
    on the tableau, the look at that card alone agrees with the look at
    every card, and both find held cards."""
    looked, found = 0, 0
    for seed in range(1, 61):
        game = Game.new(game_id, seed=seed)
        rules, pos = game.rules, game.position
        held = Held.of(rules)
        rng = random.Random(seed)
        for _ in range(400):
            moves = list(rules.open_moves(pos))
            if not moves:
                break
            deals = [m for m in moves if m.kind is MoveKind.DEAL]
            move = deals[0] if deals and pos.get("regathered", 0) < 2 else rng.choice(moves)
            before_lost = held.lost(pos)
            pos = rules.apply(pos, move)
            if not before_lost and move.kind == "move" and move.dst in rules.tableau and \
                    pos.get("regathered", 0) == 2:
                lost = held.lost(pos)
                assert held.lost(pos, move.dst) == lost
                looked += 1
                found += lost
    assert looked > 60 and found > 0


@pytest.mark.parametrize("game_id, seed", [("la-belle-lucie", 4), ("la-belle-lucie", 15),
                                           ("capricieuse", 8)])
def test_the_rule_finds_the_same_wins_in_fewer_positions(game_id, seed):
    """Held positions are searched no further: a win is found sooner (the
    Capricieuse's deal 8 within 100 positions, where without the rule 5,000
    do not find it)."""
    game = Game.new(game_id, seed=seed)
    with_rule = solve(game.rules, game.position, seconds=60, max_states=5_000, shorten=False)
    real = Held.of
    solver_stuck.Held.of = classmethod(lambda cls, rules: None)
    try:
        without = solve(game.rules, game.position, seconds=60, max_states=5_000, shorten=False)
    finally:
        solver_stuck.Held.of = real
    assert with_rule.result == WON and without.result != LOST
    assert with_rule.states < without.states
