"""What the rule sheets say of dealing from a deck, where their games deal
otherwise than 'new --help' says: each checked on a seeded deal's deck (the
order 'new --deck' takes, tests/test_deck_files.py)."""

from conftest import pile_index

from patience_cli.game import Game
from patience_cli.layout import load_layout
from patience_cli.rules_text import render_rules


def top_and_bottom(game, number):
    pile = game.position.piles[pile_index(game.rules, number)]
    return pile[-1], pile[0]


def said(game_id):
    return " ".join(render_rules(load_layout(game_id)).split())


def test_the_queens_key_is_the_first_thirty_two_cards_the_last_on_top():
    assert "the thirty-second is its top card" in said("queens")
    for seed in range(1, 40):
        game = Game.new("queens", seed=seed)
        if game.deck[31].rank != 12:  # (a queen on top pays)
            assert top_and_bottom(game, 9) == (game.deck[31], game.deck[0])
            return
    raise AssertionError("no seed without a queen on top of the key")


def test_here_and_there_each_half_a_pack_its_last_card_turned_first():
    assert "the 52nd card of the file is A's first card" in said("here-and-there")
    game = Game.new("here-and-there", seed=5)
    assert game.position.piles[pile_index(game.rules, 1)] == (game.deck[51],)
    assert top_and_bottom(game, 12) == (game.deck[103], game.deck[52])


def test_the_wrangle_reserve_auxiliaries_then_the_pack_the_last_turned_first():
    assert "the first thirteen make the reserve" in said("wrangle")
    game = Game.new("wrangle", seed=5)
    deck = game.deck
    if not any(c.rank == 1 for c in deck[:17] + deck[52:69]):  # (an ace goes up as it comes)
        assert top_and_bottom(game, 9) == (deck[12], deck[0])
        assert [game.position.piles[pile_index(game.rules, n)][0] for n in range(10, 14)] \
            == list(deck[13:17])
    assert top_and_bottom(game, 14)[1] == deck[17] and top_and_bottom(game, 22) == \
        (deck[103], deck[69])


def test_sympathy_heaps_of_three_in_order_then_the_grace_cards():
    assert "every three cards make a heap" in said("sympathy")
    game = Game.new("sympathy", seed=5)
    assert game.position.piles[pile_index(game.rules, 1)] == tuple(game.deck[0:3])
    assert game.position.piles[pile_index(game.rules, 18)] == tuple(game.deck[52:55])


def test_the_terrace_the_first_thirteen_cards_the_thirteenth_on_top():
    assert "the first thirteen cards of the file make the Terrace" in said("terrace")
    game = Game.new("terrace", seed=5)
    assert top_and_bottom(game, 10) == (game.deck[12], game.deck[0])


def test_rows_dealt_out_of_the_order_of_their_numbers():
    """The Constitution's People first, the Besieged City's Reserve before the
    Ramparts, the Congress's helps before the rivers: the first card dealt
    (after the cards taken out) lies where the sheet says."""
    for game_id, first, words in (("constitution", 25, "fill the People"),
                                  ("besieged-city", 15, "fill the Reserve"),
                                  ("congress", 9, "the first four Helps")):
        assert words in said(game_id)
        game = Game.new(game_id, seed=5)
        rest = list(game.deck)
        for spec in game.layout.piles:  # the cards taken out first, wherever they lay
            if spec.withdraw is not None and game.start.piles[spec.index]:
                rest.remove(game.start.piles[spec.index][0])
        assert game.start.piles[pile_index(game.rules, first)][0] == rest[0], game_id


def test_fortress_left_rows_begin_at_their_outer_end_right_rows_end_there():
    assert "the first card of each row lies at its outer end" in said("fortress")
    game = Game.new("fortress", seed=5)
    deck = game.deck
    row1 = game.position.piles[pile_index(game.rules, 1)]
    row6 = game.position.piles[pile_index(game.rules, 6)]
    assert row1[-1] == deck[0] and row1[0] == deck[4]          # the first card free
    assert row6[0] == deck[26] and row6[-1] == deck[30]        # the fifth card free


def test_lady_of_the_manor_packets_of_twelve_then_the_rest_by_rank():
    assert "the next forty-eight cards make the four packets" in said("lady-of-the-manor")
    game = Game.new("lady-of-the-manor", seed=5)
    rest = [c for c in game.deck if c.rank != 1]
    packet = game.position.piles[pile_index(game.rules, 9)]
    assert list(packet) == rest[:12]
    twos = [c for c in rest[48:] if c.rank == 2]
    assert list(game.position.piles[pile_index(game.rules, 13)]) == twos


def test_elevens_2_and_royal_marriage_put_their_cards_last():
    assert "the twelve court cards are first put at the bottom" in said("elevens-2")
    game = Game.new("elevens-2", seed=5)
    stock = game.position.piles[pile_index(game.rules, 13)]
    assert all(c.rank >= 11 for c in stock[:12])               # the bottom twelve
    others = [c for c in game.deck if c.rank < 11]
    assert [game.position.piles[pile_index(game.rules, n)][0] for n in range(1, 13)] == \
        others[:12]
    assert "the king of hearts put last" in said("royal-marriage")


def test_every_game_that_deals_otherwise_than_new_help_says_has_its_sheet_say_how():
    """'new --help': the piles are dealt in the order the board numbers them,
    a pile given several cards at once getting them one on another, the pack
    keeping the rest with the next card on top.  A layout that deals its
    piles in another order, from a pile's top, by rank, with cards put last,
    kings slipped under, or each player's own pack, has its sheet say how."""
    from conftest import ALL_ROWS

    for game_id, variant in ALL_ROWS:
        layout = load_layout(game_id, variant)
        numbers = [p.number for p in layout.dealt_in_order()]
        otherwise = (numbers != sorted(numbers) or layout.deal_last or layout.play.own_packs
                     or any(p.deal_from_top or p.deal == "by-rank" or p.slip_under
                            for p in layout.piles))
        if otherwise:
            assert "--deck" in render_rules(layout), (game_id, variant)


def test_great_thirteen_packets_of_thirteen_in_order_the_thirteenth_on_top():
    game = Game.new("great-thirteen", seed=5)
    packet = game.position.piles[pile_index(game.rules, 1)]
    balcony = game.position.piles[pile_index(game.rules, 17)]
    from collections import Counter

    assert Counter(packet + balcony) == Counter(game.deck[:13])   # the file's first thirteen
