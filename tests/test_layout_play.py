"""What the layout vocabulary says of play, on the Flower-Garden and small
layouts changed for the purpose: runs moved as a unit or not, reserves that
take cards, foundation bases decided by the first card or the player, the
pack dealt to a group, the tableau gathered and dealt again, a counted
grace, vacancies filled at the next deal."""

import tomllib

from patience_cli.layout import parse_layout


def _garden_with_runs(move: str):
    """The Flower-Garden's layout with the Garden's piles moving runs."""

    from patience_cli.games import rules_for
    from patience_cli.layout import layout_path

    raw = tomllib.loads(layout_path("flower-garden").read_text())
    raw["piles"][0]["move"] = move
    layout = parse_layout(raw)
    return rules_for(layout), layout


def test_a_built_run_moves_as_a_unit_where_the_layout_says_so():
    from conftest import cards

    from patience_cli.engine import Move, Position

    rules, layout = _garden_with_runs("built-run")
    piles = [()] * len(layout.piles)
    piles[0] = cards("Kd 9s 7c 6h 5s")   # 7-6-5 built down: a run of three
    piles[1] = cards("8d")
    piles[2] = cards("Qh")
    pos = Position(tuple(piles), (0,) * len(piles))
    assert list(rules.run_lengths(pos, 0)) == [1, 2, 3]
    three = Move("move", 0, 1, 3)
    assert three in list(rules.legal_moves(pos)) and rules.is_legal(pos, three)
    after = rules.apply(pos, three)
    assert after.piles[1] == cards("8d 7c 6h 5s") and after.piles[0] == cards("Kd 9s")
    four = Move("move", 0, 2, 4)                       # 9-7 is not in sequence
    assert not rules.is_legal(pos, four)
    assert "3 cards in sequence" in rules.move_reason(pos, four)
    wrong = Move("move", 0, 2, 3)                      # the 7♣ does not go on the Q♥
    assert not rules.is_legal(pos, wrong) and rules.move_reason(pos, wrong)


def test_runs_stay_single_cards_where_the_layout_says_top():
    from conftest import cards

    from patience_cli.engine import Move, Position

    rules, layout = _garden_with_runs("top")
    piles = [()] * len(layout.piles)
    # (the ace: play goes on)
    piles[0], piles[1], piles[6] = cards("7c 6h"), cards("8d"), cards("Ah")
    pos = Position(tuple(piles), (0,) * len(piles))
    assert not rules.is_legal(pos, Move("move", 0, 1, 2))
    assert "one card moves at a time" in rules.move_reason(pos, Move("move", 0, 1, 2))


def test_a_face_up_run_moves_whatever_its_order():
    from conftest import cards

    from patience_cli.engine import Move, Position

    rules, layout = _garden_with_runs("face-up-run")
    piles = [()] * len(layout.piles)
    piles[0], piles[1], piles[6] = cards("3c 9s 2h"), cards("10d"), cards("Ah")
    pos = Position(tuple(piles), (1,) + (0,) * (len(piles) - 1))   # the 3♣ face down
    assert list(rules.run_lengths(pos, 0)) == [1, 2]
    assert rules.is_legal(pos, Move("move", 0, 1, 2))               # 9♠ (with the 2♥) on 10♦


def test_a_reserve_receives_cards_only_where_its_layout_gives_it_a_build():

    from conftest import cards

    from patience_cli.engine import Move, Position
    from patience_cli.games import rules_for
    from patience_cli.layout import layout_path

    raw = tomllib.loads(layout_path("kingdom").read_text())
    plain = rules_for(parse_layout(raw))
    raw["piles"][0]["build"] = {"direction": "down", "suit": "any"}
    built = rules_for(parse_layout(raw))
    piles = [cards("Kc") for _ in range(8)] + [()] * (len(plain.specs) - 8)
    piles[0], piles[1] = cards("9s"), cards("8h")
    piles[-2] = cards("2c")                              # a card left in the stock
    pos = Position(tuple(piles), tuple(1 if i == len(piles) - 2 else 0
                                       for i in range(len(piles))))
    move = Move("move", 1, 0)
    assert not plain.is_legal(pos, move) and "cannot be returned" in plain.move_reason(pos, move)
    assert built.is_legal(pos, move) and move in list(built.legal_moves(pos))


def test_a_foundation_base_decided_by_the_first_card_laid():
    """base = until = "first": the group's first card fixes the rank every
    pile starts with, and each pile goes round the corner to the rank below."""

    from conftest import cards

    from patience_cli.engine import Move, Position
    from patience_cli.games import rules_for
    from patience_cli.layout import layout_path

    raw = tomllib.loads(layout_path("flower-garden").read_text())
    raw["piles"][2]["build"] = {"base": "first", "until": "first", "direction": "up",
                                "suit": "same", "wrap": True}
    rules = rules_for(parse_layout(raw))
    f1, f2 = 7, 8
    piles = [()] * len(rules.specs)
    piles[f1] = cards("7h 8h 9h 10h Jh Qh Kh Ah 2h 3h 4h 5h")
    piles[0], piles[1], piles[2] = cards("7s"), cards("8s"), cards("6h")
    pos = Position(tuple(piles), (0,) * len(piles))
    assert rules.is_legal(pos, Move("move", 0, f2))              # a seven starts a pile
    assert not rules.is_legal(pos, Move("move", 1, f2))          # an eight does not
    assert "takes only a seven" in rules.move_reason(pos, Move("move", 1, f2))
    assert rules.is_legal(pos, Move("move", 2, f1))              # K then A then ... 6: the end
    full = rules.apply(pos, Move("move", 2, f1))
    assert "complete" in rules.building.build_reason(full, cards("7h")[0], f1)
    empty = Position(tuple(() if i >= 7 else p for i, p in enumerate(piles)), pos.down)
    assert rules.is_legal(empty, Move("move", 1, f2))            # before any: the first decides


def _garden(change):

    from patience_cli.games import rules_for
    from patience_cli.layout import layout_path

    raw = tomllib.loads(layout_path("flower-garden").read_text())
    change(raw)
    return rules_for(parse_layout(raw))


def test_the_pack_dealt_a_card_to_each_pile_of_a_group():
    from conftest import cards

    from patience_cli.engine import DEAL, Position

    def change(raw):
        raw["piles"][1].update(role="stock", face="down", available="top")
        raw["play"] = {"deal_to": "garden"}
    rules = _garden(change)
    piles = [cards("Kc")] * 6 + [cards("2s 3s 4s 5s 6s 7s 8s")] + [()] * 4
    pos = Position(tuple(piles), (0,) * 6 + (7,) + (0,) * 4)
    assert rules.is_legal(pos, DEAL)
    after = rules.apply(pos, DEAL)
    assert [after.piles[i][-1].code for i in range(6)] == ["8s", "7s", "6s", "5s", "4s", "3s"]
    assert after.piles[6] == cards("2s") and after.down[6] == 1
    last = rules.apply(after, DEAL)
    assert last.piles[0][-1].code == "2s" and last.piles[1] == cards("Kc 7s")
    assert rules.deal_reason(last) == "the pack is dealt out"


def test_the_tableau_gathered_up_and_dealt_again():
    from conftest import cards

    from patience_cli.engine import DEAL, Position

    def change(raw):
        raw["play"] = {"regather": {"from": ["garden"], "shuffle": False, "times": 1}}
    rules = _garden(change)
    garden = ["Kc Qh Jc 10h 9c 8h", "7c 6h 5c 4h 3c 2h", "Kd", "", "", "Qs Js"]
    piles = [cards(g) for g in garden] + [cards("Ad")] + [()] * 4
    pos = Position(tuple(piles), (0,) * 11)
    after = rules.apply(pos, DEAL)
    assert [len(after.piles[i]) for i in range(6)] == [6, 6, 3, 0, 0, 0]
    assert after.piles[2] == cards("Kd Qs Js")          # taken up pile by pile, in order
    assert after.piles[6] == cards("Ad")                # the Bouquet is not gathered
    assert "no more" in rules.deal_reason(after)


def test_a_counted_grace_frees_one_buried_card_for_a_foundation():
    from conftest import cards

    from patience_cli.engine import Move, Position

    def change(raw):
        raw["play"] = {"grace": {"times": 1, "from": ["garden"]}}
    rules = _garden(change)
    piles = [cards("Ah 9s"), cards("Ac 10d"), cards("Kc")] + [()] * 3 + [cards("2d")] + [()] * 4
    pos = Position(tuple(piles), (0,) * 11)
    grace = Move("move", 0, 7, 1, cards("Ah")[0])
    assert rules.is_legal(pos, grace) and grace in list(rules.legal_moves(pos))
    after = rules.apply(pos, grace)
    assert after.piles[0] == cards("9s") and after.piles[7] == cards("Ah")
    second = Move("move", 1, 8, 1, cards("Ac")[0])
    assert not rules.is_legal(after, second)
    assert "the grace is used" in rules.move_reason(after, second)
    plain = _garden(lambda raw: None)
    assert not plain.is_legal(pos, grace)


def test_a_grace_move_is_typed_with_its_card(tmp_path, monkeypatch, run):
    """'patience move Ah 8' names a grace move from the shell."""
    from patience_cli import layout as layout_mod

    files = dict(layout_mod._registry())
    graced = tmp_path / "garden-grace.toml"
    graced.write_text('id = "garden-grace"\nextends = "flower-garden"\n'
                      '[play]\ngrace = { from = ["garden"] }\n')
    files["garden-grace"] = graced
    monkeypatch.setattr(layout_mod, "_registry", lambda: files)
    layout_mod.load_layout.cache_clear()
    try:
        from patience_cli.features.grace import Grace
        from patience_cli.game import Game

        for seed in range(1, 300):
            game = Game.new("garden-grace", seed=seed)
            grace = game.rules.feature(Grace)
            buried = [m for m in game.legal_moves() if grace.owns(game.position, m)]
            if buried:
                break
        move = buried[0]
        number = game.layout.piles[move.dst].number
        game.position = game.start
        parsed = game.parse_move([move.card.code, str(number)])
        assert parsed == move
    finally:
        layout_mod.load_layout.cache_clear()


def test_vacancies_filled_at_the_next_deal_and_piles_kept_at_a_size():
    from conftest import cards

    from patience_cli.engine import DEAL, Move, Position

    def at_deal(raw):
        raw["piles"][1].update(role="stock", face="down", available="top")
        raw["piles"][0]["refill"] = {"from": ["bouquet"], "when": "deal"}
        raw["play"] = {"deal_to": "garden"}
    rules = _garden(at_deal)
    piles = [cards("Ah")] + [cards("Kc")] * 5 + [cards("5s 6s 7s 8s 9s 10s 4s")] + [()] * 4
    pos = Position(tuple(piles), (0,) * 6 + (7,) + (0,) * 4)
    pos = rules.apply(pos, Move("move", 0, 7))          # the ace up: Garden 1 empty
    assert pos.piles[0] == ()                            # it waits for the deal
    assert rules.words.deal_step_name(pos).startswith("refill 1 vacancy")
    pos = rules.apply(pos, DEAL)
    assert pos.piles[0] == cards("4s") and all(len(pos.piles[i]) == 1 for i in range(1, 6))
    pos = rules.apply(pos, DEAL)                         # no vacancy: a card to each
    assert all(len(pos.piles[i]) == 2 for i in range(6))

    def kept_at_two(raw):
        raw["piles"][1].update(role="stock", face="down", available="top")
        raw["piles"][0]["refill"] = {"from": ["bouquet"], "size": 2}
    rules = _garden(kept_at_two)
    piles = [cards("Ah")] + [cards("Kc 9c")] * 4 + [cards("Kc Ad")] + [cards("5s 6s 8h")] \
        + [()] * 4                                      # (the A♦: play goes on)
    pos = rules.settle(Position(tuple(piles), (0,) * 6 + (3,) + (0,) * 4))
    assert pos.piles[0] == cards("Ah 8h")                # topped up to two at once
    move = Move("move", 0, 1)                            # the 8♥ onto a 9♣
    assert rules.is_legal(pos, move)
    pos = rules.apply(pos, move)
    assert pos.piles[0] == cards("Ah 6s")                # and topped up again


def test_a_foundation_base_chosen_by_the_player():
    """base = "first" with nothing dealt to the foundations: the first card the
    player lays on one fixes the rank every other starts with."""

    from conftest import cards

    from patience_cli.engine import Move, Position
    from patience_cli.games import rules_for
    from patience_cli.layout import layout_path

    raw = tomllib.loads(layout_path("flower-garden").read_text())
    raw["piles"][2]["build"] = {"base": "first", "until": "first", "direction": "up",
                                "suit": "same", "wrap": True}
    rules = rules_for(parse_layout(raw))
    piles = [cards("9s"), cards("9h"), cards("10s")] + [()] * 3 + [cards("2c")] + [()] * 4
    pos = Position(tuple(piles), (0,) * 11)
    assert rules.is_legal(pos, Move("move", 0, 7)) and rules.is_legal(pos, Move("move", 2, 7))
    pos = rules.apply(pos, Move("move", 0, 7))          # the player starts with a nine
    assert rules.is_legal(pos, Move("move", 1, 8))      # so another nine starts a pile
    assert not rules.is_legal(pos, Move("move", 6, 8))  # and a deuce does not
