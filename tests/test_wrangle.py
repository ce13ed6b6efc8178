"""The Wrangle (Hoffmann no. 61), for two players: the lay-out, each rule
sentence on hand-made positions (aces up in suit, auxiliary heaps down in
suit and refilled from the waste of the player to move, the card turned onto
the other's reserve or waste heap, the turn passing), the end, and the
program's hand."""

from conftest import move_between, pile_index, pile_text, position, refusal

from patience_cli.engine import Status
from patience_cli.game import Game

GAME = "wrangle"
FOUNDATIONS = range(1, 9)
A_RESERVE, A_AUX, A_PACK, A_TURNED, A_WASTE = 9, range(10, 14), 14, 15, 16
B_RESERVE, B_AUX, B_PACK, B_TURNED, B_WASTE = 17, range(18, 22), 22, 23, 24


def table(piles, turn="A", variant=None, **kw):
    """Both players hold cards, and every auxiliary heap one, unless the test
    says otherwise."""
    piles = {A_PACK: "2c", B_PACK: "3c", A_RESERVE: "Kd", B_RESERVE: "Kd",
             **{n: "Qc" for n in [*A_AUX, *B_AUX]}, **piles}
    down = {n: len(piles[n].split()) for n in (A_PACK, B_PACK)}
    kw.setdefault("idle", 0)
    return position(GAME, piles, down=down, variant=variant, turn=turn, **kw)


def test_the_layout_a_reserve_of_thirteen_four_auxiliaries_and_a_pack_each():
    game = Game.new(GAME, seed=1)
    rules, pos = game.rules, game.position
    count = lambda n: len(pos.piles[pile_index(rules, n)])  # noqa: E731
    assert [count(n) for n in (A_RESERVE, A_PACK, B_RESERVE, B_PACK)] == [13, 35, 13, 35]
    assert all(count(n) == 1 for n in [*A_AUX, *B_AUX])
    assert all(count(n) == 0 for n in FOUNDATIONS)
    assert "A to play; A holds 48 cards, B 48" in rules.standing.tallies(pos)[0]


def test_rule_1_aces_begin_the_foundations_and_build_up_in_suit():
    rules, pos = table({A_TURNED: "Ah", 1: "As 2s"})
    assert refusal(rules, pos, A_TURNED, 2) is None
    assert refusal(rules, pos, A_TURNED, 1) is not None
    rules, pos = table({A_TURNED: "3s", 1: "As 2s"})
    assert refusal(rules, pos, A_TURNED, 1) is None


def test_rule_2_auxiliaries_down_in_suit_their_tops_only_to_the_foundations():
    rules, pos = table({A_TURNED: "Jc", 10: "Qc", 18: "2s", 1: "As", 11: "Jh"})
    assert refusal(rules, pos, A_TURNED, 10) is None            # the J♣ on the Q♣
    assert refusal(rules, pos, A_TURNED, 11) is not None         # not on the J♥
    assert refusal(rules, pos, 18, 1) is None                    # B's heap's 2♠ goes up
    words = refusal(rules, pos, 11, 10)
    assert words is not None and "only to a foundation" in words


def test_rule_2_an_auxiliary_played_out_takes_the_top_of_the_movers_waste():
    rules, pos = table({18: "2s", 1: "As", A_WASTE: "9d 5h", B_WASTE: "7c"})
    pos = rules.apply(pos, move_between(rules, 18, 1))
    assert pile_text(rules, pos, 18) == "5h" and pile_text(rules, pos, A_WASTE) == "9d"


def test_rule_3_the_reserve_top_plays_up_or_onto_an_auxiliary_only_the_movers():
    rules, pos = table({A_RESERVE: "Kd Jc", B_RESERVE: "Kd Jc"})
    assert refusal(rules, pos, A_RESERVE, 10) is None
    words = refusal(rules, pos, B_RESERVE, 10)
    assert words is not None and "it is A's turn" in words


def test_rule_4_onto_the_others_reserve_or_waste_one_above_or_below_in_suit():
    rules, pos = table({A_TURNED: "5d", B_RESERVE: "Kd 4d", B_WASTE: "6d", A_RESERVE: "Kd"})
    assert refusal(rules, pos, A_TURNED, B_RESERVE) is None
    assert refusal(rules, pos, A_TURNED, B_WASTE) is None
    rules, pos = table({A_TURNED: "5d", B_RESERVE: "Kd 4s", B_WASTE: "8d"})
    assert "not one above or one below" in refusal(rules, pos, A_TURNED, B_RESERVE)
    assert "not one above or one below" in refusal(rules, pos, A_TURNED, B_WASTE)


def test_rules_5_and_6_a_card_that_can_go_nowhere_passes_the_turn():
    rules, pos = table({A_TURNED: "9s"})
    assert [rules.specs[m.dst].number for m in rules.legal_moves(pos)
            if m.kind == "move" and m.src == pile_index(rules, A_TURNED)] == [A_WASTE]
    pos = rules.apply(pos, move_between(rules, A_TURNED, A_WASTE))
    assert rules.game.player(pos) == "B"
    assert rules.words.deal_step_name(pos) == "B turns up his next card"
    rules, pos = table({A_TURNED: "Jc"})
    assert "may not go on A's own waste heap" in refusal(rules, pos, A_TURNED, A_WASTE)


def test_rule_7_the_first_to_get_rid_of_his_pack_reserve_and_waste_wins():
    rules, pos = table({A_TURNED: "Jc", A_PACK: "", A_RESERVE: ""})
    pos = rules.apply(pos, move_between(rules, A_TURNED, 10))
    assert rules.status(pos) == (Status.WON, "A has got rid of all his cards and wins")


def test_the_program_plays_bs_hand_when_its_turn_comes():
    rules, pos = table({A_TURNED: "9s", B_PACK: "3c 4h", B_RESERVE: "Kd 8s"},
                       variant="against-program")
    move = move_between(rules, A_TURNED, A_WASTE)
    after = rules.apply(pos, move)
    # B's reserve top (8♠) can go nowhere; B turns the 4♥, which can go nowhere either (not
    # of the 9♠'s suit), lays it on its waste heap, and the turn is A's again
    assert rules.game.player(after) == "A" and pile_text(rules, after, B_WASTE) == "4h"
    assert "then B (the program)" in rules.words.outcome(pos, move)


def test_play_ends_drawn_when_nothing_reaches_a_foundation_for_long():
    # each holds two cards: drawn after more than 2 x lcm(2, 2) + 2 = 6 idle moves
    rules, pos = table({}, idle=7)
    assert rules.status(pos)[0] is Status.LOST and "drawn" in rules.status(pos)[1]
    assert table({}, idle=6)[0].status(table({}, idle=6)[1])[0] is Status.PLAYING
    game = Game.new(GAME, "against-program", seed=2)
    pos = game.position
    for _ in range(5000):
        if game.rules.status(pos)[0] is not Status.PLAYING:
            break
        pos = game.rules.apply(pos, game.rules.game.program_move(pos))
    assert game.rules.status(pos)[0] is not Status.PLAYING


def test_the_privilege_is_only_for_a_card_that_cannot_be_played():
    """"Should a given card be not playable either to the main sequences, to
    the auxiliary heaps, or his own reserve-heap, he may play it ... upon the
    reserve-heap of his adversary": a card that fits an auxiliary heap (or a
    foundation) may not go onto the other player's heaps, and the program's
    hand plays it where it fits."""
    rules, pos = table({A_TURNED: "Jc", B_RESERVE: "Kd 10c", B_WASTE: "Qc"})
    for heap in (B_RESERVE, B_WASTE):
        assert "can go to a foundation or an auxiliary heap" in \
            refusal(rules, pos, A_TURNED, heap)
    assert refusal(rules, pos, A_TURNED, 10) is None            # the J♣ on a Q♣
    assert all(m.dst not in (pile_index(rules, B_RESERVE), pile_index(rules, B_WASTE))
               for m in rules.legal_moves(pos))
    rules, pos = table({1: "Ac", B_TURNED: "2c", A_RESERVE: "Kd 3c"}, turn="B",
                       variant="against-program")
    assert refusal(rules, pos, B_TURNED, A_RESERVE) is not None
    rules, pos = table({B_TURNED: "Jc", A_RESERVE: "Kd 10c"}, turn="B",
                       variant="against-program")
    chosen = rules.game.program_move(pos)
    assert chosen.src == pile_index(rules, B_TURNED)
    assert rules.specs[chosen.dst].number in [*A_AUX, *B_AUX]      # onto a Q♣, not A's reserve


def test_a_players_own_waste_top_is_not_played_from_the_heap():
    """Hoffmann names the cards turned, the reserve's top and the auxiliary
    heaps' tops as the cards a player plays; his own waste heap's top card
    waits to be taken up (a choice stated on the sheet)."""
    rules, pos = table({1: "Ac", A_WASTE: "9d 2c", A_TURNED: "Kh"})
    assert refusal(rules, pos, A_WASTE, 1) is not None
    assert all(m.src != pile_index(rules, A_WASTE) for m in rules.legal_moves(pos))


def test_a_players_pile_is_named_without_the(run):
    """#73: the Wrangle said "the A's pack": a player's pile takes no article."""
    run("new", "wrangle", "--seed", "2")
    refused = run("move", "14", "1")
    assert refused.code != 0 and "A's pack (14)" in refused.err and "the A's" not in refused.err
