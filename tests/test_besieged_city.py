"""The Besieged City (Cadogan no. 15): each rule, allowed and forbidden, on
hand-built positions.  Ramparts: top 1-3, left 4-7, right 8-11, bottom 12-14;
Reserve 15-26 row by row (15 ends at Ramparts 1, 12, 4 and 8); foundations
27-30; pack 31; talon 32."""

from conftest import move_between as mv
from conftest import pile_index as ix
from conftest import pile_text as pile
from conftest import position

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game
from patience_cli.games.besieged_city import ORDER


def city(**piles):
    """Ramparts full of K♣ and a Reserve of K♦ (they pack on nothing here), a
    card left in the pack, the 3♠ and 2♠ on Ramparts 13 and 14; p<N>= overrides
    pile N."""
    content = {n: "Kc" for n in range(1, 15)} | {n: "Kd" for n in range(15, 27)}
    content[31] = "5d"
    content[13], content[14] = "3s", "2s"   # a move always at hand: the game goes on
    content |= {int(k[1:]): v for k, v in piles.items()}
    return content


def test_foundations_go_a_k_2_q_and_so_on_in_suit_and_back_to_the_ace():
    assert ORDER[:6] == (1, 13, 2, 12, 3, 11) and ORDER[12:14] == (7, 7)
    assert ORDER[-1] == 1 and len(ORDER) == 26
    rules, pos = position("besieged-city", city(p1="Kh", p2="2h", p3="Ks", p27="Ah"))
    assert rules.move_reason(pos, mv(rules, 1, 27)) is None
    assert "follow suit" in rules.move_reason(pos, mv(rules, 3, 27))
    assert "comes a king" in rules.move_reason(pos, mv(rules, 2, 27))
    rules, pos = position("besieged-city", city(p1="7h", p27="Ah Kh 2h Qh 3h Jh 4h 10h 5h 9h 6h 8h 7h"))
    assert rules.move_reason(pos, mv(rules, 1, 27)) is None


def test_the_foundation_aces_are_of_different_suits():
    rules, pos = position("besieged-city", city(p1="Ah", p27="Ah"))
    assert "different suits" in rules.move_reason(pos, mv(rules, 1, 28))
    rules, pos = position("besieged-city", city(p1="As", p27="Ah"))
    assert rules.move_reason(pos, mv(rules, 1, 28)) is None


def test_reserve_cards_pass_through_the_ramparts_before_the_foundations():
    rules, pos = position("besieged-city", city(p15="Ah"))
    assert "(rule 2)" in rules.move_reason(pos, mv(rules, 15, 27))


def test_the_card_just_turned_may_go_up_but_a_covered_talon_card_may_not():
    rules, pos = position("besieged-city", city(p27="Ah", p31="5d Kh"))
    pos = rules.apply(pos, DEAL)                            # K♥ turned
    assert rules.move_reason(pos, mv(rules, 32, 27)) is None
    pos = rules.apply(pos, DEAL)                            # covered by the 5♦
    rules2, covered = position("besieged-city", city(p27="Ah", p32="5d Kh", p31="9c"),
                               turned=False)
    assert "(rule 2)" in rules2.move_reason(covered, mv(rules2, 32, 27))
    assert "(rule 2)" in rules.move_reason(pos, mv(rules, 32, 1))   # never by hand


def test_ramparts_pack_in_suit_by_rank_or_by_the_foundations_order():
    rules, pos = position("besieged-city", city(p1="2h", p2="Qh", p3="3h", p4="Qs", p5="5h",
                                                p6="7h", p7="7h"))
    assert rules.move_reason(pos, mv(rules, 2, 1)) is None     # queen on two
    assert rules.move_reason(pos, mv(rules, 3, 1)) is None     # three on two
    assert rules.move_reason(pos, mv(rules, 1, 2)) is None     # two on queen (vice versa)
    assert rules.move_reason(pos, mv(rules, 6, 7)) is None     # seven on seven
    assert "(rule 3)" in rules.move_reason(pos, mv(rules, 4, 1))  # another suit
    assert "(rule 3)" in rules.move_reason(pos, mv(rules, 5, 1))  # five on two: neither


def test_a_reserve_card_goes_only_to_the_ends_of_its_row_or_column():
    rules, pos = position("besieged-city", city(p15="Qh", p1="2h", p12="2h", p4="2h",
                                                p8="2h", p2="2h", p5="2h"))
    for end in (1, 12, 4, 8):
        assert rules.move_reason(pos, mv(rules, 15, end)) is None, end
    for other in (2, 5):
        assert "(rule 4)" in rules.move_reason(pos, mv(rules, 15, other)), other
    assert "for Reserve 15, Ramparts 1, 4, 8, 12 (rule 4)" in \
        rules.move_reason(pos, mv(rules, 15, 2))          # its ends, in number order
    # the move generator offers the Reserve card those four ends and nothing else
    src = rules.layout.by_number(15).index
    assert sorted(rules.specs[m.dst].number for m in rules.legal_moves(pos) if m.src == src) \
        == [1, 4, 8, 12]


def test_a_rampart_vacancy_is_filled_at_once_from_its_line():
    rules, pos = position("besieged-city", city(p4="Ah", p15="9s", p18="9d"))
    pos = rules.apply(pos, mv(rules, 4, 27))                 # Rampart 4 (the book's A) empties
    assert rules.game.pending(pos) == [ix(rules, 4)]
    fills = {rules.words.command(pos, m) for m in rules.legal_moves(pos)}
    assert fills == {"move 15 4", "move 16 4", "move 17 4"}  # Reserve row 1 only
    assert "(rule 5)" in rules.move_reason(pos, mv(rules, 18, 4))
    assert "(rule 5)" in rules.move_reason(pos, DEAL)
    assert "(rule 5)" in rules.move_reason(pos, mv(rules, 1, 27))


def test_a_reserve_vacancy_takes_the_talon_top_or_else_the_pack():
    rules, pos = position("besieged-city", city(p15="Qh", p1="2h", p31="5d 6d", p32="7s 8s"))
    pos = rules.apply(pos, mv(rules, 15, 1))
    assert pile(rules, pos, 15) == "8s" and pile(rules, pos, 32) == "7s"
    rules, pos = position("besieged-city", city(p15="Qh", p1="2h", p31="5d 6d"))
    pos = rules.apply(pos, mv(rules, 15, 1))
    assert pile(rules, pos, 15) == "6d" and pile(rules, pos, 31) == "5d"


def test_no_redeal():
    rules, pos = position("besieged-city", city(p31="", p32="5d 6d"))
    assert "no redeal" in rules.move_reason(pos, DEAL)


def test_transposing_only_at_the_end_and_only_to_let_a_card_pass():
    # Reserve 15 (ends 1, 12, 4, 8) holds the 9♠; Reserve 26 (ends 3, 14, 7, 11)
    # the 4♥; Rampart 3 shows the 10♠: swapped, the 9♠ could go on it.
    layout = city(p15="9s", p26="4h", p3="10s", p31="")
    rules, pos = position("besieged-city", layout)
    assert rules.move_reason(pos, mv(rules, 15, 26)) is None
    after = rules.apply(pos, mv(rules, 15, 26))
    assert pile(rules, after, 26) == "9s" and pile(rules, after, 15) == "4h"
    assert rules.move_reason(after, mv(rules, 26, 3)) is None
    rules, pos = position("besieged-city", city(p15="9s", p26="4h", p31=""))
    assert "does not" in rules.move_reason(pos, mv(rules, 15, 26))
    rules, pos = position("besieged-city", city(p15="9s", p26="4h", p3="10s"))
    assert "only at the end" in rules.move_reason(pos, mv(rules, 15, 26))


def test_won_when_all_four_foundations_close_with_their_aces():
    done = " ".join(f"{'A' if r == 1 else {11: 'J', 12: 'Q', 13: 'K'}.get(r, r)}" for r in ORDER)
    piles = {27 + i: " ".join(w + s for w in done.split()) for i, s in enumerate("shd")}
    piles[30] = " ".join(w + "c" for w in done.split()[:-1])
    piles[1] = "Ac"
    rules, pos = position("besieged-city", piles)
    pos = rules.apply(pos, mv(rules, 1, 30))
    assert rules.status(pos)[0] is Status.WON


def test_variant_fourteens_packs_only_the_books_kind_of_pair():
    piles = city(p1="2h", p2="Kh", p3="Qh")
    rules, pos = position("besieged-city", piles)
    assert rules.move_reason(pos, mv(rules, 2, 1)) is None          # K next to 2 in the order
    rules, pos = position("besieged-city", piles, variant="fourteens")
    assert "(rule 3)" in rules.move_reason(pos, mv(rules, 2, 1))     # K + 2 is not fourteen
    assert rules.move_reason(pos, mv(rules, 3, 1)) is None          # Q + 2 is


def test_an_ace_is_listed_once_for_the_empty_foundations():
    """The four empty foundations are alike: one move lists the ace, not four."""
    rules = Game.new("besieged-city", seed=1).rules
    for seed in range(1, 40):
        game = Game.new("besieged-city", seed=seed)
        moves = game.legal_moves()
        to_empty = [m for m in moves if m.dst in rules.foundations
                    and not game.position.piles[m.dst]]
        if to_empty:
            assert len(to_empty) == len({m.src for m in to_empty})
            texts = [rules.words.describe(game.position, m) for m in moves]
            assert len(texts) == len(set(texts))
            return
    raise AssertionError("no deal with an ace ready")
