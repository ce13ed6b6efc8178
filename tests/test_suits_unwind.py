"""The proof that a suit can no longer come out (the Zodiac's foundations,
formed at the end), and the beam led by the cards placed that it lets win."""

from __future__ import annotations

import pytest
from conftest import line_wins, search_alone

from patience_cli.cards import parse_card
from patience_cli.game import Game
from patience_cli.games import load
from patience_cli.solver import search as solver
from patience_cli.solver.placing_beam import PlacingBeam, worth_placing_beam
from patience_cli.solver.proofs import formed_proof
from patience_cli.solver.pruning import Pruning
from patience_cli.solver.suits_unwind import SuitsUnwind, unwinds

ZODIAC, EQUATOR, STOCK = range(0, 24), range(24, 32), 40


def test_a_packet_that_turns_back_unwinds_with_the_other_copies_loose():
    # 6 down (king to seven first), 5 up, 6 up, 5 down
    assert unwinds([(5, 6, 5, 6)])
    assert unwinds([(5, 6, 7, 6, 5, 4)])
    assert unwinds([(7, 6, 7)]) and unwinds([(12, 13, 12)])


def test_two_packets_that_wait_on_each_other_do_not():
    # the top 7 can go down only after both queens, one of which waits
    # under the king, which goes up only after the 7s
    assert not unwinds([(7, 6, 7), (12, 13, 12)])
    assert not unwinds([(4, 5, 4, 5), (7, 6, 7, 6)])


def test_foundations_already_begun_are_read():
    # a 6 over a 7: the 6 goes up, or down on the other 7; with the ace-up
    # foundation at that other 7 already, it can go neither way
    assert unwinds([(7, 6)]) and unwinds([(7, 6)], up=5) and unwinds([(7, 6)], up=6, down=7)
    assert not unwinds([(7, 6)], up=7)


def test_it_holds_for_the_zodiac_alone():
    _, rules = load("zodiac", None)
    proof = SuitsUnwind.build(rules)
    assert proof is not None and proof.locked == tuple(ZODIAC)  # the Equator's cards move
    assert worth_placing_beam(rules)
    for game in ("sultan", "flower-garden", "fourteenth", "congress"):
        assert SuitsUnwind.build(load(game, None)[1]) is None, game
        assert not worth_placing_beam(load(game, None)[1]), game


def _zodiac_with(packets: dict[int, str]):
    """The Zodiac dealt from seed 1, with these packets laid in the circle
    (the rest of the circle and the Equator a card each, the rest in the pack)."""
    game = Game.new("zodiac", None, seed=1)
    laid = {i: tuple(parse_card(c) for c in text.split()) for i, text in packets.items()}
    rest = [c for c in game.start.cards()]
    for cards in laid.values():
        for card in cards:
            rest.remove(card)
    piles = [laid.get(i) or (rest.pop(),) for i in list(ZODIAC) + list(EQUATOR)]
    piles += [()] * 8 + [tuple(rest), ()]
    down = (0,) * 40 + (len(rest), 0)
    return game.rules, game.start._replace(piles=tuple(piles), down=down)


@pytest.mark.parametrize("other, lost", [("Qs Ks Qs", True), ("Qs Ks", False)])
def test_the_search_goes_no_further_where_a_suit_cannot_come_out(other, lost):
    rules, pos = _zodiac_with({0: "7s 6s 7s", 5: other})
    assert formed_proof(rules).lost(pos) is lost
    assert (Pruning(rules, start=pos).moves(pos, None, None) == []) is lost
    assert next(iter(rules.legal_moves(pos)), None) is not None  # the game plays on: the proof is the solver's


class Recording(PlacingBeam):
    """The placing beam, keeping the width and turn weight of each beam it begins."""

    tried: list = []

    def _beam(self):
        self.tried.append((self.width, self.weight))
        return (yield from super()._beam())


def test_the_placing_beam_wins_a_zodiac_deal_with_a_turn_weight_and_its_line_replays(monkeypatch):
    monkeypatch.setattr(Recording, "tried", [])
    answer, search = search_alone(Recording, "zodiac", 11, 20_000)
    assert answer is not None and answer[0] == "won"
    # its first beam, weighing no turns, sticks; the next, of the same width, wins
    assert Recording.tried == [(4, 0), (4, 30)] and search.states < 5_000
    game = Game.new("zodiac", None, seed=11)
    assert line_wins(game.rules, game.start, answer[1])

@pytest.mark.parametrize("game_id", ["zodiac", "sultan"])
def test_each_round_beside_the_depth_first_search_begins_with_the_placing_beam(game_id):
    """Where the foundations are formed at the end, each round of the
    searches beside the depth-first one begins with the placing beam, as
    wide again and with twice the positions each round; nowhere else."""
    game = Game.new(game_id, None, seed=1)
    rules = game.rules
    searches = solver._depth_first_rounds(rules, game.start, Pruning(rules, start=game.start))
    made = [next(searches) for _ in range(9)]
    beams = [s for s in made if isinstance(s, PlacingBeam)]
    if game_id != "zodiac":
        assert beams == []
        return
    assert type(made[1]) is PlacingBeam and len(beams) >= 2
    assert [b.width for b in beams[:2]] == [4, 8]
    assert beams[1].budget == 2 * beams[0].budget


def test_a_turn_in_a_packet_costs_the_beams_weight():
    rules, pos = _zodiac_with({0: "5s 6s 5s", 3: "8h 9h 10h"})  # one turn, one run
    beam = PlacingBeam(rules, pos, Pruning(rules, start=pos), 0, 100)
    by_weight = {}
    for beam.weight in (0, 30, 100):
        by_weight[beam.weight] = beam.promise(pos)[0]
    assert by_weight[0] - by_weight[30] == 30 and by_weight[0] - by_weight[100] == 100


def test_each_width_is_tried_once_with_each_turn_weight_before_a_wider_one(monkeypatch):
    from patience_cli.solver import placing_beam as solver_placing_beam

    assert PlacingBeam.weights == solver_placing_beam.TURN_WEIGHTS == (0, 30, 100)
    monkeypatch.setattr(Recording, "weights", (0, 30))  # two: a wider one sooner
    monkeypatch.setattr(Recording, "tried", [])
    answer, _ = search_alone(Recording, "zodiac", 3, 3_300)
    assert answer is None  # deal 3: its lines stick
    assert Recording.tried == [(4, 0), (4, 30), (8, 0)]
