"""Here and There (Hoffmann no. 62), for two players: the lay-out, each rule
sentence on hand-made positions (the first card fixing the foundations, only
the player to move playing his card turned, the other's waste heap one above
or below, the turn passing, the waste heap taken up when the turn comes),
the end, the program's hand and the study commands' refusal."""

from conftest import move_between, pile_index, pile_text, position, refusal

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game

GAME = "here-and-there"
FOUNDATIONS = range(1, 9)
A_PACK, A_TURNED, A_WASTE, B_PACK, B_TURNED, B_WASTE = range(9, 15)


def table(piles, turn="A", variant=None, **kw):
    """Both players hold cards unless the test says otherwise."""
    piles = {A_PACK: "2c", B_PACK: "3c", **piles}
    down = {n: len(piles[n].split()) for n in (A_PACK, B_PACK) if n in piles}
    kw.setdefault("idle", 0)
    return position(GAME, {1: "7h", **piles}, down=down, variant=variant, turn=turn, **kw)


def test_the_layout_a_pack_each_and_As_first_card_begins_the_foundations():
    game = Game.new(GAME, seed=1)
    rules, pos = game.rules, game.position
    assert len(pos.piles[pile_index(rules, A_PACK)]) == 51
    assert len(pos.piles[pile_index(rules, B_PACK)]) == 52
    assert len(pos.piles[pile_index(rules, 1)]) == 1 and rules.game.player(pos) == "A"
    assert "A to play" in rules.standing.tallies(pos)[0]


def test_rule_1_foundations_of_the_first_rank_build_up_in_suit_round_the_corner():
    rules, pos = table({A_TURNED: "7s"})
    assert refusal(rules, pos, A_TURNED, 3) is None             # a seven begins one
    rules, pos = table({A_TURNED: "Ah", 1: "7h 8h 9h 10h Jh Qh Kh", A_PACK: "2c"})
    assert refusal(rules, pos, A_TURNED, 1) is None             # round the corner
    rules, pos = table({A_TURNED: "7h", 1: "7h 8h 9h 10h Jh Qh Kh A 2h 3h 4h 5h 6h"
                        .replace(" A ", " Ah "), A_PACK: "2c"})
    assert refusal(rules, pos, A_TURNED, 1) is not None         # ended with the six


def test_rule_2_only_the_player_to_move_plays_and_only_his_card_turned():
    rules, pos = table({A_TURNED: "8h", B_TURNED: "8h", A_PACK: "2c", B_PACK: "3c"})
    assert refusal(rules, pos, A_TURNED, 1) is None
    words = refusal(rules, pos, B_TURNED, 1)
    assert words is not None and "it is A's turn" in words
    rules, pos = table({A_PACK: "2c 5d", B_PACK: "3c"})
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, A_TURNED) == "5d" and rules.game.player(pos) == "A"
    assert "must be played first" in rules.move_reason(pos, DEAL)


def test_rule_3_onto_the_others_waste_one_above_or_below_whatever_the_suit():
    rules, pos = table({A_TURNED: "5d", B_WASTE: "Kc 4s", A_PACK: "2c", B_PACK: "3c"})
    assert refusal(rules, pos, A_TURNED, B_WASTE) is None
    pos2 = rules.apply(pos, move_between(rules, A_TURNED, B_WASTE))
    assert pile_text(rules, pos2, B_WASTE) == "Kc 4s 5d" and rules.game.player(pos2) == "A"
    rules, pos = table({A_TURNED: "5d", B_WASTE: "Kc", A_PACK: "2c", B_PACK: "3c"})
    words = refusal(rules, pos, A_TURNED, B_WASTE)
    assert "not one above or one below" in words


def test_rule_4_a_card_that_can_go_nowhere_ends_the_turn_on_ones_own_waste():
    rules, pos = table({A_TURNED: "Jc", B_WASTE: "4s", A_PACK: "2c", B_PACK: "3c"})
    assert [rules.specs[m.dst].number for m in rules.legal_moves(pos)] == [A_WASTE]
    pos = rules.apply(pos, move_between(rules, A_TURNED, A_WASTE))
    assert pile_text(rules, pos, A_WASTE) == "Jc" and rules.game.player(pos) == "B"
    rules, pos = table({A_TURNED: "8h", A_PACK: "2c", B_PACK: "3c"})
    assert "may not go on A's own waste heap" in refusal(rules, pos, A_TURNED, A_WASTE)


def test_rule_5_the_pack_out_ends_the_turn_and_the_waste_is_taken_up_next_time():
    rules, pos = table({A_TURNED: "8h", A_PACK: "", A_WASTE: "2c 3d", B_PACK: "3c 4c"},
                       played=True)
    pos = rules.apply(pos, move_between(rules, A_TURNED, 1))
    assert rules.game.player(pos) == "B"                             # A's pack is out
    pos = rules.apply(pos, DEAL)                                 # B turns the 4♣ ...
    pos = rules.apply(pos, move_between(rules, B_TURNED, B_WASTE))
    assert rules.game.player(pos) == "A"
    assert rules.words.deal_step_name(pos) == "A takes up his waste heap, turned over, as his pack"
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, A_PACK) == "3d 2c" and pile_text(rules, pos, A_WASTE) == ""
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, A_TURNED) == "2c"               # the first laid comes first


def test_rule_6_the_first_to_get_rid_of_all_his_cards_wins():
    rules, pos = table({A_TURNED: "8h", A_PACK: ""})
    pos = rules.apply(pos, move_between(rules, A_TURNED, 1))
    assert rules.status(pos) == (Status.WON, "A has got rid of all his cards and wins")


def test_drawn_when_the_turns_can_only_repeat():
    rules, pos = table({A_PACK: "2c", B_PACK: "3c"}, idle=5)
    assert rules.status(pos)[0] is Status.LOST and "drawn" in rules.status(pos)[1]
    rules, pos = table({A_PACK: "2c", B_PACK: "3c"}, idle=3)
    assert rules.status(pos)[0] is Status.PLAYING


def test_the_program_plays_bs_hand_as_soon_as_its_turn_comes(run):
    rules, pos = table({A_TURNED: "Jc", B_PACK: "3c Qd 4s", A_PACK: "2c"},
                       variant="against-program")
    move = move_between(rules, A_TURNED, A_WASTE)
    after = rules.apply(pos, move)
    # B turns the 4♠ (to its waste), and the turn is A's again
    assert pile_text(rules, after, B_WASTE) == "4s" and rules.game.player(after) == "A"
    assert pile_text(rules, after, B_PACK) == "3c Qd"
    assert "then B (the program): B turns up his next card" in rules.words.outcome(pos, move)
    rules, pos = table({A_TURNED: "Jc", B_PACK: "3c Qd", A_PACK: "2c"},
                       variant="against-program")
    after = rules.apply(pos, move)                              # the Q♦ onto A's knave
    assert pile_text(rules, after, A_WASTE) == "Jc Qd"
    assert run("new", GAME, "--opponent", "program", "--seed", "5").code == 0
    for _ in range(12):
        assert run("auto").code == 0
        moves = run("moves").out
        if "patience move" not in moves:
            break
        assert run("move", "1").code == 0
    shown = run("show").out
    assert "(the program)" in shown or "B to play" not in shown
    assert "B to play" not in shown                             # B never waits


def test_the_study_commands_say_a_game_for_two_has_no_winning_line(run):
    for args in (("solve", GAME, "--seed", "1"), ("odds", GAME, "--deals", "2")):
        result = run(*args)
        assert result.code == 2 and "a game for two players" in result.err
    assert run("new", "fours", "--opponent", "program").code == 2


def test_only_a_card_no_foundation_takes_goes_onto_the_others_waste():
    """"Each player ... has the right to play a given card (not available for
    the main sequences) upon the waste-heap of his adversary": a card that a
    foundation takes may not go on the other's waste heap, and the program's
    hand plays it up."""
    rules, pos = table({A_TURNED: "8h", B_WASTE: "Kc 9s", A_PACK: "2c", B_PACK: "3c"})
    assert "can go to a foundation" in refusal(rules, pos, A_TURNED, B_WASTE)
    assert refusal(rules, pos, A_TURNED, 1) is None
    assert all(m.dst != pile_index(rules, B_WASTE) for m in rules.legal_moves(pos))
    rules, pos = table({B_TURNED: "8h", A_WASTE: "Kc 9s", A_PACK: "2c", B_PACK: "3c"},
                       turn="B", variant="against-program")
    assert rules.game.program_move(pos) == move_between(rules, B_TURNED, 1)
