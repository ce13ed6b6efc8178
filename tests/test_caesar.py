"""Caesar (Cadogan no. 32 = Hoffmann no. 8): the nine cards, transpositions,
Hoffmann's printed solution accepted, a wrong square answered with the lines
that fail, and 'solve' giving all eight magic squares."""

import json

from conftest import move_between, pile_text

from patience_cli.cards import new_pack, parse_card
from patience_cli.engine import Status
from patience_cli.game import Game
from patience_cli.games.caesar import BOOK_SQUARE, magic_squares

GAME = "caesar"
PLACES, DEAD = range(1, 10), 10


def dealt(ranks):
    """The game dealt with the spades of *ranks* first, in order."""
    first = [parse_card(f"{'A' if r == 1 else r}s") for r in ranks]
    return Game.new(GAME, deck=first + [c for c in new_pack() if c not in first])


def test_the_layout_ace_to_nine_of_the_first_suits_the_pack_holds_the_rest_dead():
    for seed in (1, 2, 3):
        game = Game.new(GAME, seed=seed)
        rules, pos = game.rules, game.position
        assert sorted(rules.game.ranks(pos)) == list(range(1, 10))
        assert len(pos.piles[rules.layout.by_number(DEAD).index]) == 43


def test_rule_1_two_cards_change_places_and_nothing_else_moves():
    game = dealt((1, 2, 3, 4, 5, 6, 7, 8, 9))
    rules, pos = game.rules, game.position
    after = rules.apply(pos, move_between(rules, 2, 4))
    assert pile_text(rules, after, 2) == "4s" and pile_text(rules, after, 4) == "2s"
    assert rules.move_reason(pos, move_between(rules, 4, 2)) is None   # either way round
    assert "name two places" in rules.move_reason(pos, move_between(rules, DEAD, 2))
    assert len(list(rules.legal_moves(pos))) == 36


def test_rule_2_the_books_solution_is_accepted():
    game = dealt(BOOK_SQUARE)
    assert game.rules.status(game.position) == \
        (Status.WON, "every row, column and diagonal makes fifteen")


def test_rule_2_a_wrong_square_is_answered_with_the_lines_that_fail():
    # the book's square with the 7 and the 3 of the middle column exchanged
    game = dealt((2, 3, 6, 9, 5, 1, 4, 7, 8))
    rules, pos = game.rules, game.position
    assert rules.status(pos)[0] is Status.PLAYING
    assert rules.game.failing(pos) == ["the top row makes 11", "the bottom row makes 19"]
    fixed = move_between(rules, 2, 8)
    assert rules.words.outcome(pos, fixed) == "transpose the 3♠ (Place 2) and the 7♠ (Place 8)"
    worse = move_between(rules, 1, 2)
    assert "not yet fifteen every way: the top row makes 11" in rules.words.outcome(pos, worse)
    assert rules.status(rules.apply(pos, fixed))[0] is Status.WON


def test_rule_3_there_are_eight_squares_and_solve_reaches_each(run):
    assert len(magic_squares()) == 8 and BOOK_SQUARE in magic_squares()
    game = Game.new(GAME, seed=4)
    answers = game.rules.solutions(game.position)
    assert len(answers) == 8
    for _, moves in answers:
        pos = game.position
        assert len(moves) <= 8
        for m in moves:
            pos = game.rules.apply(pos, m)
        assert game.rules.status(pos)[0] is Status.WON
    out = json.loads(run("solve", GAME, "--seed", "4", "--json").out)
    assert out["kind"] == "solutions" and len(out["solutions"]) == 8
    assert run("new", GAME, "--seed", "4").code == 0
    for command in out["solutions"][5]["commands"]:
        assert run(*command.split()[1:]).code == 0
    assert "won" in run("show").out.lower()
