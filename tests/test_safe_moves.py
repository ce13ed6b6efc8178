"""Safe moves to the foundations (:meth:`Rules.safe_foundation_move`): a
card is called safe to send up only where no line could need it kept back,
the solver then trying nothing else, and ``auto --foundations`` playing it.
Where a card that could go up is not safe, the player is told why."""

from conftest import pile_index, position

from patience_cli.engine import Move, Status
from patience_cli.game import Game
from patience_cli.games import load
from patience_cli.solver import WON, solve


def test_a_card_is_not_called_safe_to_play_up_while_another_could_take_its_place():
    """The Lady of the Manor: Ace 1 has climbed to the four, Ace 2 to the
    three; a five waits in the fives' heap, and Packet 9 holds the five of
    spades on the four of spades.  Sending the heap's five up first loses
    (the packet's five then has nowhere to go, and the four beneath it never
    comes free); the packet's five first wins.  So neither five is safe, and
    the solver, trying both, finds the win (it once played the heap's five
    as safe, and called such deals lost)."""
    rules, pos = position("lady-of-the-manor", {
        1: "Ac 2c 3c 4c", 2: "Ad 2d 3d", **{n: "Ah" for n in range(3, 9)},
        9: "4s 5s", 16: "5h"})
    assert rules.advice.safe_foundation_move(pos) is None
    answer = solve(rules, pos, seconds=30)
    assert answer.result == "won"
    first = answer.moves[0]
    assert rules.specs[first.src].number == 9                # the packet's five first


def test_the_player_is_told_why_a_card_that_could_go_up_is_not_safe():
    """What ``auto --foundations`` says when it leaves cards that could go
    up: the reason the safe rule gives for the first of them."""
    # the Lady of the Manor above: either five could go up, and which matters
    rules, pos = position("lady-of-the-manor", {
        1: "Ac 2c 3c 4c", 2: "Ad 2d 3d", **{n: "Ah" for n in range(3, 9)},
        9: "4s 5s", 16: "5h"})
    said = rules.advice.unsafe_words(pos)
    assert said.startswith("2 cards could go up (the 5")
    assert "another card could go there in its place" in said
    # Klondike: the three of hearts could go up, but the two of spades or clubs
    # may yet need it
    rules, pos = position("klondike", {8: "Ah 2h", 9: "As", 10: "Ac", 1: "3h"})
    said = rules.advice.unsafe_words(pos)
    assert said.startswith("the 3♥ could go up") and "a lower card may yet need it" in said
    rules, pos = position("klondike", {8: "Ah 2h", 9: "As 2s", 10: "Ac 2c", 1: "3h"})
    assert rules.advice.unsafe_words(pos) is None      # safe: auto plays it, and says nothing
    assert rules.advice.safe_foundation_move(pos) is not None


def _replayed(rules, start, line):
    pos = start
    for move in line:
        assert rules.is_legal(pos, move), move
        pos = rules.apply(pos, move)
    return rules.status(pos)[0]


def test_no_card_is_safe_to_send_up_where_keeping_it_back_may_change_the_deal():
    """The Indefatigable gathers its packets and deals them again in fours: a
    card still there shifts every card after it, and a deal that places no
    card may be the last; so no move up is called safe, nothing else left
    untried.  Its deal 57, once "proved lost" for want of that, is won (the
    line replays to a won game)."""
    game = Game.new("indefatigable", seed=57)
    rules, start = game.rules, game.start
    pos = start
    while not (ups := [m for m in rules.open_moves(pos) if m.kind == "move"
                       and m.dst in rules.foundations]):
        pos = rules.apply(pos, next(iter(rules.open_moves(pos))))
    assert rules.advice.safe_foundation_move(pos, ups) is None
    assert len(rules.advice.solver_moves(pos, list(rules.open_moves(pos)))) > 1
    solution = solve(rules, start, seconds=120, max_states=50_000)
    assert solution.result == WON
    assert _replayed(rules, start, solution.moves) is Status.WON


def test_a_card_whose_place_is_refilled_from_the_pack_is_not_safe_to_send_up():
    """The Pyramid fills each emptied place from the pack (later the waste
    heap) at once: sending a place's card up brings the pack's next card in
    sooner, which may be what loses.  A waste-heap card may still be safe.
    All 11 of deals 1-100 once "proved lost" are won (deal 4 here)."""
    game = Game.new("pyramid", seed=4)
    rules, start = game.rules, game.start
    places = set(rules.group_piles["pyramid"])
    ups = [m for m in rules.open_moves(start) if m.kind == "move" and m.dst in rules.foundations]
    assert ups and all(m.src in places for m in ups)
    assert rules.advice.safe_foundation_move(start, ups) is None
    waste = pile_index(rules, 21)   # the same card on the waste heap instead
    piles = list(start.piles)
    piles[waste] += (piles[ups[0].src][-1],)
    piles[ups[0].src] = piles[ups[0].src][:-1]
    pos = start._replace(piles=tuple(piles))
    from_waste = Move("move", waste, ups[0].dst)
    assert rules.advice.safe_foundation_move(pos, [from_waste]) == from_waste
    solution = solve(rules, start, seconds=120, max_states=20_000)
    assert solution.result == WON
    assert _replayed(rules, start, solution.moves) is Status.WON


def test_which_dealing_steps_say_a_card_kept_back_may_change_what_they_do():
    """A talon dealt a fixed number of times in its order does not (Klondike);
    one dealt until a pass places nothing does (the Zodiac), and so does one
    shuffled at the redeal (Red and Black); rounds of one card on free heaps
    do not (the Fly), Sly's rounds of twenty laid do; the Salic Law's deal
    onto the latest king does not.  Where one says so, no move up is safe."""
    def says(game_id, feature):
        return load(game_id)[1].feature(feature).reads_cards_left
    assert not says("klondike", "Talon")
    assert says("zodiac", "Talon") and says("red-and-black", "Talon")
    assert not says("fly", "PlacedRounds") and says("sly", "PlacedRounds")
    assert not says("salic-law", "OntoLatest")
    assert says("indefatigable", "Regather")
    known = {g: load(g)[1].advice.safe_rule().known
             for g in ("klondike", "fly", "salic-law", "red-and-black", "sly", "indefatigable")}
    assert known == {"klondike": True, "fly": True, "salic-law": True,
                     "red-and-black": False, "sly": False, "indefatigable": False}
