"""Each rule feature alone, on a small layout made up for it: what it allows,
what it forbids (with words), what a move does, and the move taken back; and
its three encodings (the moves listed, the yes or no, the words) agree."""

from __future__ import annotations

import json

import pytest
from feature_kit import holds_to_its_words, laid, made_up, move, text_of, undone

from patience_cli.engine import DEAL
from patience_cli.features import (
    AsTheyAppear,
    BaseChoice,
    Exchange,
    FaceTurning,
    FirstClaims,
    FoundationsFirst,
    Grace,
    Holds,
    LookAhead,
    Routes,
    Scoring,
    Talon,
    all_features,
)
from patience_cli.layout import LayoutError


def test_a_feature_is_built_only_where_the_layout_names_it():
    rules = made_up(drop=("stock", "talon"))
    assert rules.features == ()
    assert [type(f) for f in made_up().features] == [Talon]


def test_a_features_quick_look_agrees_with_its_build_on_every_layout():
    """The registry imports a feature's module only where its quick look at
    the layout says the layout names it: that look must never miss a layout
    whose feature would be built."""
    from patience_cli.features import FEATURES, feature_class
    from patience_cli.games import rules_for
    from patience_cli.layout import game_ids, load_layout

    for gid in game_ids():
        for variant in (None, *load_layout(gid).variants):
            rules = rules_for(load_layout(gid, variant))
            for entry in FEATURES:
                if feature_class(entry.name).build(rules) is not None:
                    assert entry.named(rules.layout), (gid, variant, entry.name)


def test_every_feature_names_the_layout_keys_it_carries():
    for kind in all_features():
        assert kind.keys, kind.__name__


# ---------------------------------------------------------------- routes and claims
def test_routes_a_pile_takes_cards_only_from_the_groups_it_names():
    rules = made_up(piles={4: {"accepts_from": ["talon"]}})
    pos = laid(rules, {1: "Ac", 7: "Ad"})
    holds_to_its_words(rules, pos)
    assert not rules.is_legal(pos, move(rules, 1, 4))
    assert "take cards only from the Talon" in rules.move_reason(pos, move(rules, 1, 4))
    after = undone(rules, pos, move(rules, 7, 4))
    assert text_of(rules, after, 4) == "Ad"
    assert isinstance(rules.feature(Routes), Routes) and not rules.open_routes


def test_routes_a_pile_second_to_another_takes_a_card_only_when_that_one_cannot():
    rules = made_up(piles={1: {"second_to": ["foundation"]}})
    pos = laid(rules, {1: "2c", 2: "Ac", 3: "9h"})
    assert not rules.is_legal(pos, move(rules, 2, 1))
    assert "which comes first" in rules.move_reason(pos, move(rules, 2, 1))
    holds_to_its_words(rules, pos)


def test_first_claim_only_the_claiming_card_moves_while_it_can():
    rules = made_up(piles={7: {"first_claim": True}})
    pos = laid(rules, {1: "9c", 2: "8d", 3: "Kh", 7: "8h", 6: "5s"}, down={6: 1})
    assert set(rules.legal_moves(pos)) == {move(rules, 7, 1)}
    holds_to_its_words(rules, pos)
    assert "must be played before any other" in rules.move_reason(pos, move(rules, 2, 1))
    assert "before the pack is dealt on" in rules.move_reason(pos, DEAL)
    after = undone(rules, pos, move(rules, 7, 1))
    assert DEAL in list(rules.legal_moves(after))
    assert isinstance(rules.feature(FirstClaims), FirstClaims)


def test_foundations_first_a_card_that_can_go_up_must():
    rules = made_up(piles={4: {"first_claim": True}})
    pos = laid(rules, {1: "Ac", 2: "9d", 3: "8h", 6: "5s"}, down={6: 1})
    assert set(rules.legal_moves(pos)) == {move(rules, 1, 4), move(rules, 1, 5)}
    holds_to_its_words(rules, pos)
    assert "before anything else" in rules.move_reason(pos, move(rules, 3, 2))
    after = undone(rules, pos, move(rules, 1, 4))
    assert move(rules, 3, 2) in list(rules.legal_moves(after))
    assert isinstance(rules.feature(FoundationsFirst), FoundationsFirst)


# ---------------------------------------------------------------- graces and holds
def test_grace_lets_a_card_that_is_not_free_go_up_so_many_times():
    rules = made_up({"grace": {"from": ["row"], "times": 1}}, drop=("stock", "talon"))
    pos = laid(rules, {1: "Ac 9d", 2: "8c", 3: "Kh"})
    grace = move(rules, 1, 4, card="Ac")
    assert grace in list(rules.legal_moves(pos))
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, grace)
    assert text_of(rules, after, 1) == "9d" and after.get("graces") == 1
    assert (rules.standing.tallies(pos), rules.standing.tallies(after)) == (["1 grace left"], ["0 graces left"])
    spent = laid(rules, {1: "2c 9d", 2: "10c", 3: "Kh", 4: "Ac"}, graces=1)
    assert not rules.is_legal(spent, move(rules, 1, 4, card="2c"))
    assert "the grace is used" in rules.move_reason(spent, move(rules, 1, 4, card="2c"))
    assert isinstance(rules.feature(Grace), Grace)


def test_holds_a_card_both_foundations_of_a_pair_take_waits_aside():
    rules = made_up({"hold": {"group": "aside", "up": "up", "down": "down",
                              "decide": "player"}}, drop=("foundation", "stock", "talon"),
                    extra_piles=[
                        {"group": "up", "name": "Up", "role": "foundation", "number": 4,
                         "at": [0, 3], "build": {"base": "A", "direction": "up",
                                                 "suit": "same", "until": "K"}},
                        {"group": "down", "name": "Down", "role": "foundation", "number": 5,
                         "at": [2, 3], "build": {"base": "K", "direction": "down",
                                                 "suit": "same", "until": "A"}},
                        {"group": "aside", "name": "Aside", "role": "reserve", "number": 6,
                         "at": [1, 3]}])
    pos = laid(rules, {1: "7c", 2: "9d", 3: "8h", 4: "Ac 2c 3c 4c 5c 6c",
                       5: "Kc Qc Jc 10c 9c 8c"})
    assert rules.is_legal(pos, move(rules, 1, 6))
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, move(rules, 1, 6))
    assert text_of(rules, after, 6) == "7c"
    assert not rules.is_legal(after, move(rules, 6, 2))
    assert "goes only to the Up (4) or the Down (5)" in rules.move_reason(after, move(rules, 6, 2))
    assert rules.is_legal(after, move(rules, 6, 5))
    holds_to_its_words(rules, after)
    assert isinstance(rules.feature(Holds), Holds)


# ---------------------------------------------------------------- turning, scoring
def test_as_they_appear_a_card_that_starts_a_foundation_goes_there_once_free():
    """Anna's knaves, the Mill's first kings: free by the deal, turned from the
    pack, brought into a vacancy or uncovered, such a card goes to its place
    by itself; a card that starts no empty place stays (a second ace of a
    suit whose place is taken is an ordinary card)."""
    rules = made_up(piles={4: {"as_they_appear": True}, 1: {"refill": {"from": ["stock"]}}})
    assert isinstance(rules.feature(AsTheyAppear), AsTheyAppear)
    pos = laid(rules, {1: "Ah", 2: "Ks Ac", 3: "9d", 6: "5c 7d"}, down={6: 2})
    after = rules.settle(pos)
    # the A♥ went up and its row took the pack's top card; the A♣ under nothing goes too
    assert [text_of(rules, after, n) for n in (1, 2, 4, 5)] == ["7d", "Ks", "Ah", "Ac"]
    turned = laid(rules, {4: "Ah", 1: "9d", 6: "4c Ac"}, down={6: 2})
    dealt = rules.apply(turned, DEAL)
    assert text_of(rules, dealt, 5) == "Ac" and text_of(rules, dealt, 7) == ""
    uncovered = laid(rules, {4: "Ah", 1: "Ac 2c", 2: "3c"})
    played = rules.apply(uncovered, move(rules, 1, 2))
    assert text_of(rules, played, 5) == "Ac" and text_of(rules, played, 1) == ""
    full = laid(rules, {4: "Ah", 5: "Ac", 1: "Ah"})
    assert rules.settle(full) == full
    assert made_up().feature(AsTheyAppear) is None


def test_base_choice_one_of_the_cards_turned_up_fixes_the_foundations_rank_first():
    """The Terrace: until the player has sent one of the cards the lay-out
    turned up to the first foundation, nothing else moves, the pack is not
    dealt on and no card starts a foundation by itself; the card chosen fixes
    the rank the other foundations start from."""
    first = {"base": "first", "until": "first", "direction": "up", "suit": "same",
             "wrap": True}
    rules = made_up({"choose_base": {"from": "row"}},
                    piles={1: {"deal": [1, 1, 0]}, 4: {"build": first, "as_they_appear": True}})
    assert isinstance(rules.feature(BaseChoice), BaseChoice)
    pos = laid(rules, {1: "7h", 2: "9c", 7: "9d", 6: "5s 6s"}, down={6: 2})
    assert rules.settle(pos) == pos  # the 9♦ on the talon starts nothing yet
    assert list(rules.legal_moves(pos)) == [move(rules, 1, 4), move(rules, 2, 4)]
    holds_to_its_words(rules, pos)
    assert "chosen first" in rules.move_reason(pos, move(rules, 7, 4))
    assert "chosen first" in rules.move_reason(pos, move(rules, 2, 5))
    assert "chosen first" in rules.move_reason(pos, DEAL)
    chose = undone(rules, pos, move(rules, 2, 4))
    # the nine fixes the rank: the talon's 9♦ starts the second foundation by itself
    assert text_of(rules, chose, 4) == "9c" and text_of(rules, chose, 5) == "9d"
    assert rules.is_legal(chose, DEAL)
    assert made_up().feature(BaseChoice) is None


KINGS = [{"group": "king", "name": "King", "role": "foundation", "count": 2, "number": 8,
          "at": [0, 5], "step": [1.5, 0],
          "build": {"base": "K", "direction": "down", "suit": "same", "until": "A"}}]


def test_exchange_a_card_passes_between_a_suits_up_and_down_foundations():
    rules = made_up({"exchange": {"up": "foundation", "down": "king"}}, extra_piles=KINGS)
    assert isinstance(rules.feature(Exchange), Exchange)
    pos = laid(rules, {4: "Ah 2h 3h", 8: "Kh Qh Jh 10h 9h 8h 7h 6h 5h 4h", 5: "Ac", 9: "Kc",
                       1: "9s", 6: "5s 6s"}, down={6: 2})
    assert move(rules, 4, 8) in list(rules.legal_moves(pos))   # the 3♥ onto the 4♥
    assert move(rules, 8, 4) in list(rules.legal_moves(pos))   # the 4♥ onto the 3♥
    holds_to_its_words(rules, pos)
    assert "begun with stays" in rules.move_reason(pos, move(rules, 5, 9))
    assert "other way" in rules.move_reason(pos, move(rules, 4, 5))
    after = undone(rules, pos, move(rules, 8, 4))
    assert text_of(rules, after, 4) == "Ah 2h 3h 4h"
    assert made_up().feature(Exchange) is None


def test_look_ahead_packets_are_seen_as_deep_as_a_group_has_vacancies():
    rules = made_up({"look_ahead": {"group": "row", "by": "foundation"}}, drop=("talon",))
    assert isinstance(rules.feature(LookAhead), LookAhead)
    pos = laid(rules, {1: "2c 3c 4c 5c", 4: "Ah", 5: "Ac"})
    assert rules.settle(pos).down[0] == 3                 # no vacancy: the top card alone
    one = laid(rules, {1: "2c 3c 4c 5c", 4: "Ah"})
    assert rules.settle(one).down[0] == 2                 # one vacancy: one card more
    assert made_up().feature(LookAhead) is None


def test_face_turning_the_card_beneath_is_turned_up_when_the_top_leaves():
    rules = made_up(piles={1: {"face": "top-up"}}, drop=("stock", "talon"))
    pos = laid(rules, {1: "9s Ac", 2: "9d", 3: "8h"}, down={1: 1})
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, move(rules, 1, 4))
    assert after.down[rules.layout.by_number(1).index] == 0
    assert isinstance(rules.feature(FaceTurning), FaceTurning)


def test_scoring_counts_counters_paid_and_won():
    rules = made_up({"score": {"stake": 52, "per_card": 5}})
    pos = laid(rules, {4: "Ac 2c", 5: "Ad"})
    assert rules.standing.counters(pos) == 15 - 52
    assert isinstance(rules.feature(Scoring), Scoring)
    assert made_up().standing.counters(pos) is None


def test_the_board_says_what_is_left_of_a_counted_rule(run):
    """Redeals left are on the board and in 'show --json', not only in 'moves'."""
    board = run("new", "sultan", "--seed", "1").out
    assert "· 2 redeals left" in board.splitlines()[-1]
    assert json.loads(run("show", "--json").out)["left"] == ["2 redeals left"]
    assert json.loads(run("new", "fours", "--seed", "1", "--force", "--json").out)["left"] == []


@pytest.mark.parametrize("play", [{"redeals": 2}, {"deal_to": "row"}, {"score": {
    "stake": 1, "per_card": 1}}])
def test_a_layout_without_the_feature_gets_none_of_its_rule(play):
    plain = made_up()
    named = made_up(play)
    assert len(named.features) >= len(plain.features)


def test_the_layout_readme_names_the_module_of_every_feature():
    from patience_cli.layout import data_dir

    readme = (data_dir("layouts") / "README.md").read_text()
    for kind in all_features():
        module = kind.__module__.rsplit(".", 1)[1]
        assert f"features/{module}.py" in readme and f"`{kind.__name__}`" in readme, kind


def test_pairs_two_free_cards_making_the_number_go_out_and_singles_alone():
    from patience_cli.features import ExtraCard, Pairs

    out = {"group": "out", "name": "Out", "role": "discard", "number": 8, "at": [8, 0]}
    rules = made_up({"pairs": {"from": ["row"], "total": 13, "singles": ["K"]}},
                    piles={1: {"build": None}}, extra_piles=[out], drop=("talon",))
    assert isinstance(rules.feature(Pairs), Pairs) and rules.feature(ExtraCard) is None
    pos = laid(rules, {1: "9s 6s", 2: "7h", 3: "Kd", 6: "5c"}, down={6: 1})
    listed = [m for m in rules.legal_moves(pos) if m.kind == "move"]
    assert move(rules, 1, 2) in listed and move(rules, 2, 1) not in listed   # listed once
    assert rules.is_legal(pos, move(rules, 2, 1))                           # either way round
    assert move(rules, 3, 8) in listed                                      # a king alone
    holds_to_its_words(rules, pos)
    assert not rules.is_legal(pos, DEAL)                 # every pair goes out before a deal
    after = undone(rules, pos, move(rules, 2, 1))
    assert text_of(rules, after, 1) == "9s" and text_of(rules, after, 2) == ""
    assert sorted(text_of(rules, after, 8).split()) == ["6s", "7h"]
    assert "the 9♠ and the K♦ make twenty-two, not thirteen" == \
        rules.move_reason(after, move(rules, 1, 3))
    assert rules.advice.forced_move(pos) == move(rules, 1, 2)                     # nothing to choose
    assert made_up().feature(Pairs) is None


def test_pairs_extra_card_turned_only_when_nothing_pairs():
    from patience_cli.features import ExtraCard

    out = {"group": "out", "name": "Out", "role": "discard", "number": 8, "at": [8, 0]}
    spare = {"group": "spare", "name": "Spare", "role": "tableau", "number": 9, "at": [9, 0]}
    rules = made_up({"pairs": {"from": ["row"], "total": 11, "singles": ["J", "Q", "K"],
                               "extra": "spare"}},
                    piles={1: {"build": None}}, extra_piles=[out, spare], drop=("talon",))
    assert isinstance(rules.feature(ExtraCard), ExtraCard)
    pos = laid(rules, {1: "2c", 2: "3c", 3: "4c", 6: "9d 8d"}, down={6: 2})
    assert rules.is_legal(pos, DEAL)
    pos = rules.apply(pos, DEAL)
    assert text_of(rules, pos, 9) == "8d" and not rules.is_legal(pos, DEAL)
    holds_to_its_words(rules, pos)
    assert move(rules, 2, 9) in list(rules.legal_moves(pos))  # the 8♦ with the 3♣


def test_count_a_card_answering_its_call_goes_out_the_rest_to_the_talon_dealt_again():
    from patience_cli.features import CalledCount

    out = {"group": "out", "name": "Out", "role": "discard", "number": 8, "at": [8, 0]}
    rules = made_up({"count": {"calls": ["A", "2", "3"]}}, extra_piles=[out],
                    drop=("row", "foundation"))
    assert isinstance(rules.feature(CalledCount), CalledCount)
    assert made_up(extra_piles=[out]).feature(CalledCount) is None
    pos = laid(rules, {6: "2h 5c Ad"}, down={6: 3}, call=0, begun=(0,))
    assert list(rules.legal_moves(pos)) == [DEAL] and rules.advice.forced_move(pos) == DEAL
    holds_to_its_words(rules, pos)
    pos = rules.apply(pos, DEAL)                            # "ace": the A♦ answers
    assert text_of(rules, pos, 8) == "Ad" and pos.get("begun") == ()
    pos = rules.apply(rules.apply(pos, DEAL), DEAL)         # "two" to 5♣, "three" to 2♥
    assert text_of(rules, pos, 7) == "5c 2h" and pos.get("call") == 0
    pos = rules.apply(pos, DEAL)                            # taken up in its order
    assert text_of(rules, pos, 6) == "2h 5c" and pos.get("begun") == (0,)
    assert "would repeat for ever" not in rules.status(pos)[1]
    pos = rules.apply(pos, DEAL)                            # "ace" to the 5♣
    pos = rules.apply(pos, DEAL)                            # "two" to the 2♥: out
    assert text_of(rules, pos, 8) == "Ad 2h" and rules.status(pos)[0].value == "playing"


def test_travel_a_card_goes_under_the_heap_of_its_value_and_that_heaps_top_goes_on():
    from patience_cli.features import Travellers

    rules = made_up({"travel": {"group": "row", "aside": "talon", "spare": "stock"}},
                    piles={1: {"build": None, "available": "none", "rank": ["A", "2", "3"]}},
                    drop=("foundation",))
    assert isinstance(rules.feature(Travellers), Travellers)
    assert made_up().feature(Travellers) is None
    row = {n: rules.layout.by_number(n).index for n in (1, 2, 3)}
    pos = laid(rules, {1: "Ac 3d", 2: "2c 2d", 3: "3c Kh", 6: "Ah"}, down={6: 1},
               next=row[1])
    assert list(rules.legal_moves(pos)) == [DEAL]
    holds_to_its_words(rules, pos)
    pos = rules.apply(pos, DEAL)                            # the 3♦ under Row 3
    assert text_of(rules, pos, 3) == "3d 3c Kh" and pos.get("next") == row[3]
    pos = rules.apply(pos, DEAL)                            # the K♥ aside; next from the stock
    assert text_of(rules, pos, 7) == "Kh" and pos.get("next") == -1
    pos = rules.apply(pos, DEAL)                            # the A♥ under Row 1
    assert text_of(rules, pos, 1) == "Ah Ac" and pos.get("next") == row[1]
    assert rules.feature(Travellers).won(pos) is None       # complete only with all four
    with pytest.raises(LayoutError, match="play.travel: every pile of group 'row' needs its rank"):
        made_up({"travel": {"group": "row", "aside": "talon"}}, drop=("foundation",))


def test_change_places_at_a_stand_cards_change_places_two_by_two():
    from patience_cli.features import ChangePlaces

    out = {"group": "out", "name": "Out", "role": "discard", "number": 8, "at": [8, 0]}
    rules = made_up({"pairs": {"from": ["row"], "total": 13},
                     "change_places": {"group": "row", "cards": 1}},
                    piles={1: {"build": None}}, extra_piles=[out], drop=("talon", "foundation"))
    assert isinstance(rules.feature(ChangePlaces), ChangePlaces)
    assert made_up().feature(ChangePlaces) is None
    pos = laid(rules, {1: "9s", 2: "2h", 3: "Ac", 6: "5c"}, down={6: 1})
    listed = [m for m in rules.legal_moves(pos) if m.kind == "move"]
    assert move(rules, 1, 3) in listed and move(rules, 3, 1) not in listed  # listed once
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, move(rules, 3, 1))                          # either way round
    assert (text_of(rules, after, 1), text_of(rules, after, 3)) == ("Ac", "9s")
    assert after.get("exchanged") == 1 and not any(
        m.kind == "move" for m in rules.legal_moves(after))                 # once a stand
    pos = laid(rules, {1: "9s", 2: "4h", 3: "Ac", 6: "5c"}, down={6: 1})    # 9 and 4 pair
    assert not rules.is_legal(pos, move(rules, 1, 3))                       # no stand: no change


def test_between_the_cards_between_two_that_match_go_out_and_the_row_closes_up():
    from patience_cli.features import Between

    out = {"group": "out", "name": "Out", "role": "discard", "number": 8, "at": [8, 0]}
    rules = made_up({"between": {"group": "row", "most": 1}}, piles={1: {"build": None}},
                    extra_piles=[out], drop=("talon", "foundation"))
    assert isinstance(rules.feature(Between), Between)
    assert made_up().feature(Between) is None
    pos = laid(rules, {1: "5c", 2: "9d", 3: "5h", 6: "Kd"}, down={6: 1})
    assert move(rules, 1, 3) in list(rules.legal_moves(pos))                # one between
    holds_to_its_words(rules, pos)
    after = undone(rules, pos, move(rules, 3, 1))                           # either way round
    assert (text_of(rules, after, 1), text_of(rules, after, 2), text_of(rules, after, 8)) == \
        ("5c", "5h", "9d")
    dealt = rules.apply(after, DEAL)                                        # the next, beside
    assert text_of(rules, dealt, 3) == "Kd"


def test_every_dealing_step_has_its_place_in_the_order_of_the_steps():
    """A registry line gives a dealing step its place among the steps (the
    first that takes the turn deals); a step without one would never be asked."""
    from patience_cli.features import DEAL_STEPS, FEATURES, DealStep, feature_class

    for entry in FEATURES:
        assert issubclass(feature_class(entry.name), DealStep) == (entry.deals is not None), \
            entry.name
    assert len(set(DEAL_STEPS)) == len(DEAL_STEPS) == sum(e.deals is not None for e in FEATURES)
    assert DEAL_STEPS[-1] == "Talon"  # the talon last: a vacancy waiting for the deal goes first
