"""Fours replays the worked example of *Patience Games* move for move."""

from pathlib import Path

import pytest
from conftest import position

from patience_cli.engine import DEAL, IllegalMoveError, Move, Status
from patience_cli.game import Game, parse_deck
from patience_cli.layout import load_layout

EXAMPLE = Path(__file__).parent / "data" / "fours_book_example.txt"


@pytest.fixture
def game() -> Game:
    return Game.new("fours", deck=parse_deck(EXAMPLE.read_text(), load_layout("fours")))


def play_deal(game: Game) -> list[str]:
    """Play the forced moves of one whole deal; the moves made, in words."""
    made = []
    deal_no = game.position.get("deal")
    while game.status()[0] is Status.PLAYING and game.position.get("deal") == deal_no:
        move = game.rules.advice.forced_move(game.position)
        if move == DEAL and not game.position.piles[game.rules.stock]:
            break  # the gathering starts the next deal
        if move != DEAL:
            made.append(game.rules.words.describe(game.position, move, ascii=True).split(" from ")[0])
        game.play(move)
    return made


def tops(game: Game, n: int) -> list[str]:
    return [" ".join(c.code for c in game.position.piles[i][-n:]) for i in game.rules.game.packets]


def test_the_first_deal_makes_exactly_the_books_moves(game):
    # "Move the 10 of clubs on to the 10 of spades, and the king of spades on to
    # the king of clubs ... knave of clubs on to the knave of spades ... 8 of
    # spades on to the 8 of hearts ... 7 of hearts on to the 7 of spades ...
    # 9 of clubs on to 9 of hearts ... 9 of diamonds ... on to the 9 of clubs."
    assert play_deal(game) == ["10c", "Ks", "Jc", "8s", "7h", "9c", "9d"]


def test_the_first_row_of_the_second_deal_is_the_books(game):
    play_deal(game)
    game.play(DEAL)  # gather up, turn over
    game.play(DEAL)  # first row of deal 2
    row = [game.position.piles[i][-1].code for i in game.rules.game.packets]
    assert row == ["10d", "10s", "10c", "Js"]


def test_the_second_row_of_the_second_deal_is_the_books(game):
    # "knave of clubs, 9 of spades, ace of diamonds, knave of diamonds ... Move
    # knave of diamonds on to knave of clubs. This exposes knave of spades,
    # which is moved on to the knave of diamonds."
    play_deal(game)
    game.play(DEAL)
    game.play(DEAL)
    while (m := game.rules.advice.forced_move(game.position)) != DEAL:
        game.play(m)
    game.play(DEAL)
    assert [game.position.piles[i][-1].code for i in game.rules.game.packets] == \
        ["Jc", "9s", "Ad", "Jd"]
    made = []
    while (m := game.rules.advice.forced_move(game.position)) != DEAL:
        made.append(game.rules.words.describe(game.position, m, ascii=True))
        game.play(m)
    assert [t.split(" from ")[0] for t in made] == ["Jd", "Js"]
    assert all(t.endswith(("onto the Jc", "onto the Jd")) for t in made)


def test_the_second_deal_ends_as_the_book_shows_but_for_the_kings_and_nines(game):
    """Every packet the book names at the end of the second deal, with the
    two places where our reading (the kings out in the first deal) departs
    from its narrative, as the rule sheet says."""
    play_deal(game)
    assert {c.rank for c in game.position.piles[game.rules.game.out]} == {13}  # book: not yet
    game.play(DEAL)
    before = len(game.position.piles[game.rules.game.out])
    play_deal(game)
    out = game.position.piles[game.rules.game.out][before:]
    # "the four 7's and the four queens go out" (and here the nines too)
    assert {c.rank for c in out} == {7, 12, 9} and len(out) == 12
    p1, p2, p3, p4 = (game.position.piles[i] for i in game.rules.game.packets)
    # "Three aces are on top of packet 1"
    assert [c.rank for c in p1[-3:]] == [1, 1, 1]
    # "three kings on top of packet 2": here the kings are already out
    assert p2 == ()
    # "and three 8's on top of packet 3. The place of packet 4 is vacant."
    assert [c.rank for c in p3[-3:]] == [8, 8, 8]
    assert p4 == ()


def test_the_third_deal_puts_out_what_is_left_in_the_books_order(game):
    # "all the cards go out first the knaves, then the 9's, kings, aces, 10's,
    # and 8's": the same order, less the nines and kings, out before
    for _ in range(2):
        play_deal(game)
        game.play(DEAL)
    before = len(game.position.piles[game.rules.game.out])
    play_deal(game)
    out = game.position.piles[game.rules.game.out][before:]
    ranks = [c.rank for c in out][::4]
    assert ranks == [11, 1, 10, 8]


def test_every_card_goes_out_in_the_third_deal(game):
    for _ in range(2):
        play_deal(game)
        game.play(DEAL)
    assert game.position.get("deal") == 3
    play_deal(game)
    assert game.status()[0] is Status.WON
    assert game.position.get("deal") == 3
    assert len(game.position.piles[game.rules.game.out]) == 32


def test_our_reading_four_dealt_together_go_out_at_once(game):
    """The documented choice: the fourth king, dealt onto three kings in the
    first deal, puts the four out at once (the book's rule), although the
    book's narrative forgets to."""
    for _ in range(4):
        game.play(DEAL)
        while (m := game.rules.advice.forced_move(game.position)) != DEAL:
            game.play(m)
    before = len(game.position.piles[game.rules.game.out])
    game.play(DEAL)  # row 5: A♦ K♦ 7♦ Q♠ — the K♦ falls on the three kings
    out = game.position.piles[game.rules.game.out]
    assert len(out) - before == 4 and {c.rank for c in out} == {13}


def test_auto_plays_the_whole_game_from_the_shell(run):
    assert run("new", "fours", "--deck", str(EXAMPLE)).code == 0
    result = run("auto")
    assert result.code == 0
    assert "Won" in result.out
    assert run("show", "--json").out.count('"status": "won"') == 1


def test_only_the_forced_move_is_legal():
    # Packets: 9♠ | 9♥ | 9♣ | 8♦ — the leftmost pair moves first.
    rules, pos = position("fours", {1: "9s", 2: "9h", 3: "9c", 4: "8d"},
                          deal=1, row=1, seen=("",), repeat=False)
    assert list(rules.legal_moves(pos)) == [Move("move", 1, 0)]
    assert rules.move_reason(pos, Move("move", 1, 0)) is None
    # Right to left, leftmost pair first: 3 onto 1 is not the book's order.
    assert "leftmost pair" in rules.move_reason(pos, Move("move", 2, 0))
    # Left to right is never a move.
    assert rules.move_reason(pos, Move("move", 0, 1)) is not None
    # Different values never pair, and dealing waits for the pair.
    assert "same value" in rules.move_reason(pos, Move("move", 3, 2))
    assert "must first be moved" in rules.move_reason(pos, DEAL)


def test_a_recurring_deal_is_detected():
    # The book's own example of a hopeless end: "three aces, two 10's, four
    # 8's, two 10's, and the fourth ace ... would repeat again and again".
    rules, pos = position("fours", {5: "As 10s 10h 8s 8h 8d 8c 10d 10c Ah Ad Ac"},
                          down={5: 12})
    pos = rules.game.initial_extra(pos)
    for _ in range(200):
        if rules.status(pos)[0] is not Status.PLAYING:
            break
        pos = rules.apply(pos, rules.advice.forced_move(pos))
    status, why = rules.status(pos)
    assert status is Status.LOST and "repeat" in why


def test_illegal_move_leaves_the_game_unchanged(game):
    game.play(DEAL)
    before = game.position
    with pytest.raises(IllegalMoveError):
        game.play(Move("move", 0, 1))
    assert game.position == before and len(game.moves) == 1
