"""La Parisienne (Hoffmann no. 48): the lay-out, the rounds of six with the
book's worked example of a card gone up keeping its count, the spread waste,
the shuffled new deals and the grace without a waste heap, and the ends."""

from conftest import move_between, pile_index, pile_text, position, refusal, won_from_the_shell
from feature_kit import holds_to_its_words

from patience_cli.engine import DEAL, Move, MoveKind, Status
from patience_cli.game import Game

GAME = "parisienne"
HEAPS, WASTE, ACES, KINGS, PACK = range(1, 5), 5, range(6, 10), range(10, 14), 14
BASES = {**dict(zip(ACES, "Ah As Ad Ac".split())), **dict(zip(KINGS, "Kh Ks Kd Kc".split()))}


def table(piles, pack="9c 9c", **kw):
    return position(GAME, {**BASES, PACK: pack, **piles},
                    down={PACK: len(pack.split())}, **kw)


def test_the_layout_an_ace_and_a_king_of_each_suit_and_the_first_round():
    for seed in (1, 2, 3):
        game = Game.new(GAME, seed=seed)
        rules, pos = game.rules, game.position
        assert [pile_text(rules, pos, n).split()[0] for n in [*ACES, *KINGS]] == \
            [BASES[n] for n in [*ACES, *KINGS]]
        dealt = sum(len(pos.piles[pile_index(rules, n)]) for n in [*HEAPS, WASTE])
        up = sum(len(pos.piles[pile_index(rules, n)]) - 1 for n in [*ACES, *KINGS])
        assert dealt + up == 6                                  # one round of six
        assert len(pos.piles[pile_index(rules, WASTE)]) <= 2
        assert len(pos.piles[pile_index(rules, PACK)]) == 104 - 8 - 6


def test_rule_1_aces_up_and_kings_down_in_suit():
    rules, pos = table({1: "2h", 2: "Qs", 3: "2s", 4: "Qh"})
    assert refusal(rules, pos, 1, 6) is None and refusal(rules, pos, 2, 11) is None
    assert refusal(rules, pos, 3, 6) is not None and refusal(rules, pos, 4, 11) is not None
    holds_to_its_words(rules, pos)


def test_rules_2_and_3_a_round_of_six_the_card_gone_up_still_counting_as_its_place():
    """The book's example: the card dealt second goes up; the next is still
    number three, dealt to the third heap."""
    pack = "5c 5c 4c 3c 2s 9d"                                  # the 9d falls first
    rules, pos = table({n: "8h" for n in [*HEAPS, WASTE]}, pack=pack)
    assert rules.words.deal_step_name(pos) == ("deal a round from the pack: a card to each Heap "
                                         "(1-4) and two to the Waste heap (5)")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 7) == "As 2s"                  # the second card went up
    assert [pile_text(rules, pos, n) for n in [*HEAPS, WASTE]] == \
        ["8h 9d", "8h", "8h 3c", "8h 4c", "8h 5c 5c"]


def test_rule_4_only_the_tops_go_up_and_nothing_is_laid_on_the_heaps():
    rules, pos = table({1: "2h 9c", 2: "10c", WASTE: "2s 3d"})
    assert refusal(rules, pos, 1, 6) is not None                # the 2♥ is covered
    assert refusal(rules, pos, 2, 1) is not None
    assert refusal(rules, pos, 1, WASTE) is not None
    covered = Move(MoveKind.MOVE, pile_index(rules, WASTE), pile_index(rules, 7), 1,
                   pos.piles[pile_index(rules, WASTE)][0])
    assert rules.move_reason(pos, covered) is not None          # the waste's 2♠ is covered


def test_rule_5_once_the_pack_is_out_the_waste_is_spread():
    waste = "2s 9c 2h 9c"
    rules, pos = table({WASTE: waste})
    assert [c.code for c in rules.available_cards(pos, pile_index(rules, WASTE))] == ["9c"]
    rules, pos = table({WASTE: waste}, pack="")
    free = [c.code for c in rules.available_cards(pos, pile_index(rules, WASTE))]
    assert free == waste.split()
    ups = {(rules.specs[m.src].number, rules.specs[m.dst].number, m.card.code)
           for m in rules.legal_moves(pos) if m.kind == MoveKind.MOVE}
    assert ups == {(WASTE, 6, "2h"), (WASTE, 7, "2s")}
    holds_to_its_words(rules, pos)


def test_rule_6_gathered_and_shuffled_twice_then_the_grace_without_waste():
    rules, pos = table({1: "9c 8c", 2: "7d", WASTE: "6h 5h"}, pack="")
    assert "(1 of 3)" in rules.words.deal_step_name(pos)
    again = rules.apply(pos, DEAL)
    assert sorted(pile_text(rules, again, PACK).split()) == sorted("9c 8c 7d 6h 5h".split())
    assert all(pile_text(rules, again, n) == "" for n in [*HEAPS, WASTE])
    grace = table({}, pack="7d 6h 5h 9c 9c", regathered=3)[1]
    assert rules.words.deal_step_name(grace) == \
        "deal a round from the pack: a card to each Heap (1-4)"
    grace = rules.apply(grace, DEAL)
    assert [pile_text(rules, grace, n) for n in [*HEAPS, WASTE]] == \
        ["9c", "9c", "5h", "6h", ""]
    done = table({1: "9c"}, pack="", regathered=3)
    assert rules.status(done[1])[0] is Status.LOST
    assert rules.move_reason(done[1], DEAL) is not None


def test_rule_7_won_with_every_card_up():
    full_up = {n: " ".join(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
               for n, s in zip(ACES, "hsdc")}
    full_down = {n: " ".join(f"{r}{s}" for r in "K Q J 10 9 8 7 6 5 4 3 2 A".split())
                 for n, s in zip(KINGS, "hsdc")}
    rules, pos = table({**full_up, **full_down, 13: full_down[13].rsplit(" ", 1)[0],
                        1: "Ac"}, pack="")
    assert rules.status(pos)[0] is Status.PLAYING
    assert rules.status(rules.apply(pos, move_between(rules, 1, 13)))[0] is Status.WON


def test_a_won_deal_played_from_the_shell(run):
    won_from_the_shell(run, GAME, 1)


def test_a_card_both_foundations_of_its_suit_take_goes_to_the_aces():
    """The sheet's choice: where the two sequences are about to meet, a card
    dealt goes up to the ace's foundation."""
    rules, pos = table({6: "Ah 2h 3h 4h 5h 6h", 10: "Kh Qh Jh 10h 9h 8h",
                        **{n: "Qc" for n in [*HEAPS, WASTE]}}, pack="9c 9c 9c 9c 9c 7h")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 6).endswith("6h 7h") and pile_text(rules, pos, 10).endswith("8h")
