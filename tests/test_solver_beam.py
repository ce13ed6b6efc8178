"""The beam search from deal to deal (patience_cli.solver.beam): where a pack
is dealt, it wins deals that the depth-first search and the rounds that
depart little from its first move miss within the same positions; its wins
replay through the engine, its ends prove nothing, and a round's answer is
the same each time it runs."""

from conftest import replays_to_won, search_alone

from patience_cli.game import Game
from patience_cli.solver.beam import Beam, worth_beaming
from patience_cli.solver.bounded import FewDepartures
from patience_cli.solver.pruning import Pruning


def test_a_beam_wins_a_deal_of_red_and_black_that_the_other_searches_miss():
    """Red and Black's deal 7 within 5,000 positions: the first round of the
    beam wins it (its sixteen lines side by side through the pack and the
    redeal); the depth-first search and the first round that departs little
    from it do not."""
    answer, search = search_alone(Beam, "red-and-black", 7, 5000)
    assert answer is not None and answer[0] == "won"
    assert search.width == 16 and search.states < 5000
    assert replays_to_won(answer, search)
    assert search_alone(FewDepartures, "red-and-black", 7, 5000)[0] is None
    assert search_alone(None, "red-and-black", 7, 5000)[0] is None


def test_a_beam_whose_lines_all_stick_begins_again_twice_as_wide_until_its_budget():
    """The Sultan's deal 3: every line the first beam keeps sticks long
    before 5,000 positions; the round begins again from the start, twice as
    wide each time, and stops at its budget with no answer: the positions
    it dropped may hold a win."""
    answer, search = search_alone(Beam, "sultan", 3, 5000)
    assert answer is None and search.states == 5000
    assert search.width > 16
    first = Beam(search.rules, search.start, Pruning(search.rules, start=search.start), 0,
                 5000)
    first.step(5000)
    assert first.width == search.width  # the same widths each time


def test_a_beam_that_dropped_no_position_ends_its_round_and_proves_nothing():
    """Robert's deal 1: the first beam keeps every position it meets, and
    every line sticks; a wider beam would meet no more, so the round ends
    there (its budget becomes the positions it met, so the solver's next
    search takes its turn), with no answer: proofs are the depth-first
    search's."""
    answer, search = search_alone(Beam, "robert", 1, 5000)
    assert answer is None and search.states < 5000
    assert search.width == 16 and search.budget == search.states
    assert search.step(256) is None and search.states == search.budget


def test_a_beam_round_gives_the_same_answer_each_time_and_is_wider_each_round():
    game = Game.new("hoffmann-constitution", seed=7)  # won at some 3,500 positions
    rounds = [Beam(game.rules, game.start, Pruning(game.rules, start=game.start), n, 40_000)
              for n in (0, 0)]
    answers = [search.step(40_000) for search in rounds]
    assert answers[0] is not None and answers[0][0] == "won"
    assert answers[0] == answers[1] and rounds[0].states == rounds[1].states
    assert [Beam(game.rules, game.start, Pruning(game.rules, start=game.start), n, 1).width
            for n in (0, 1, 2)] == [16, 32, 64]


def test_a_position_is_the_more_promising_the_more_cards_are_home_and_the_fewer_wait():
    game = Game.new("kingdom", seed=1)
    beam = Beam(game.rules, game.start, Pruning(game.rules, start=game.start), 0, 100)
    rules, pos = game.rules, game.start
    assert beam.promise(pos) == 10  # the ace taken out, nothing dealt
    dealt = rules.apply(pos, next(m for m in rules.legal_moves(pos) if m.kind == "deal"))
    assert beam.promise(dealt) == 9  # a card waits in the waste heap


def test_beams_run_where_a_pack_is_dealt_and_the_player_does_not_place_the_cards():
    worth = {game: worth_beaming(Game.new(game, seed=1).rules)
             for game in ("kingdom", "patriarchs", "red-and-black", "fly", "flower-garden")}
    # the Fly's cards are placed by the player; the Flower-Garden deals no pack
    assert worth == {"kingdom": True, "patriarchs": True, "red-and-black": True,
                     "fly": False, "flower-garden": False}


def test_a_card_over_a_card_it_follows_is_a_trap_however_deep_and_only_where_it_follows():
    """A card lying over a card of the rank before its own, in the same pile,
    must wait for another card of that rank to go up first: counted once for
    each such card beneath it; a king over an ace only where the
    foundations turn the corner."""
    from patience_cli.cards import Card, Suit
    from patience_cli.solver.beam import followers, traps

    def pile(*ranks):
        return tuple(Card(rank, Suit.HEARTS) for rank in ranks)

    up = followers(wrap=False)
    assert traps([pile(5, 9, 6)], up) == 1          # the six over the five, a card between
    assert traps([pile(6, 5)], up) == 0              # the five may go up first, then the six
    assert traps([pile(5, 5, 6), pile(7, 6)], up) == 2  # both fives; not the seven over the six
    assert traps([pile(12, 13, 1)], up) == 1         # the king over the queen; no ace after it
    assert traps([pile(13, 1)], followers(wrap=True)) == 1  # turning the corner: K then A
    assert traps([pile(4)], up) == 0


def test_the_traps_are_read_where_every_foundation_climbs_regardless_of_suit():
    """Hoffmann's Constitution (heaps climbing regardless of suit, round the
    corner) reads its upper and lower rows; the Kingdom (aces up to kings
    regardless of suit) its row and its waste heap; games whose foundations
    follow suit, go two ways or climb by other steps read none."""
    from patience_cli.solver.beam import NO_RANK, stacks_under_followers

    def read(game_id):
        rules = Game.new(game_id, seed=1).rules
        found = stacks_under_followers(rules)
        return None if found is None else (
            sorted({rules.specs[i].group for i in found[0]}), found[1][13])

    assert read("hoffmann-constitution") == (["lower", "upper"], 1)
    assert read("kingdom") == (["auxiliary", "talon"], NO_RANK)
    # in suit (Klondike, the Patriarchs); up and down (the Mill); by the numerals' steps
    # (the Great Thirteen)
    for game_id in ("klondike", "patriarchs", "mill", "great-thirteen"):
        assert read(game_id) is None, game_id


def test_the_beam_weighing_traps_wins_a_deal_of_the_constitution_it_misses_without(monkeypatch):
    """Hoffmann's Constitution, deal 7 (undecided at 800,000 positions before
    the traps were weighed): the beam wins it within 5,000 positions, and its
    line replays through the engine; the beam that reads no traps does not."""
    import patience_cli.solver.beam as solver_beam

    answer, search = search_alone(Beam, "hoffmann-constitution", 7, 5_000)
    assert answer is not None and answer[0] == "won"
    assert replays_to_won(answer, search)
    monkeypatch.setattr(solver_beam, "stacks_under_followers", lambda rules: None)
    answer, search = search_alone(Beam, "hoffmann-constitution", 7, 5_000)
    assert answer is None and search.weights == (0,)


def test_where_traps_are_read_each_width_is_tried_weighing_them_then_not():
    from patience_cli.solver.beam import TRAP_WEIGHT

    def weights(game_id):
        game = Game.new(game_id, seed=1)
        return Beam(game.rules, game.start, Pruning(game.rules, start=game.start), 0, 1).weights

    assert weights("hoffmann-constitution") == weights("kingdom") == (TRAP_WEIGHT, 0)
    assert TRAP_WEIGHT > 0 and weights("patriarchs") == (0,)
