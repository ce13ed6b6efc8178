"""Games of columns, rows and packets dealt from the pack: the Kings, the
Nation, the Four Corners, la Capricieuse, the Fifteen, Spenser's Fairie Queen
and the Salic Law, and what their sheets claim of cards going up during the
deal.  Each rule shown allowed and forbidden on hand-made or arranged deals."""

import pytest
from conftest import move_between, pile_index, pile_text, position, refusal

from patience_cli.engine import DEAL, Move, Status
from patience_cli.game import Game

# ---------------------------------------------------------------- the Kings
KINGS = "kings"


def test_kings_aces_in_two_columns_and_the_pack_dealt_in_columns_of_four():
    game = Game.new(KINGS, seed=2)
    rules, pos = game.rules, game.position
    assert [pos.piles[pile_index(rules, n)][0].code for n in range(9, 17)] == \
        ["Ad", "Ad", "Ac", "Ac", "Ah", "Ah", "As", "As"]
    lines = [len(pos.piles[pile_index(rules, n)]) for n in range(1, 9)]
    home = sum(len(pos.piles[pile_index(rules, n)]) for n in range(9, 17))
    assert sum(lines) + home == 104
    # columns of four: the lines differ only by the outer cards gone up during the deal
    assert max(lines) - min(lines) <= 1 + (home - 8)
    assert all(d == 0 for d in pos.down)


def test_kings_during_the_deal_a_card_goes_up_only_to_an_ace_of_its_own_line():
    """A deck arranged by hand: the 2♥ dealt to line 1 goes up on its line's
    ace (suits are not followed) and the K♦ takes its place; the 3♠ dealt to
    line 2 would go on that 2♥, but it is not on its line, so it stays."""
    from patience_cli.cards import parse_card
    from patience_cli.games import load

    layout, rules = load(KINGS, None)
    aces = [parse_card(c) for c in ["Ad", "Ad", "Ac", "Ac", "Ah", "Ah", "As", "As"]]
    first = [parse_card(c) for c in ["2h", "Kd", "3s", "5c", "9c"]]
    rest = new_pack_of(layout)
    for c in aces + first:
        rest.remove(c)
    pos = rules.deal(aces + first + rest)
    assert pile_text(rules, pos, 9) == "Ad 2h"
    assert pos.piles[pile_index(rules, 1)][0].code == "Kd"        # the next card, its place
    assert pos.piles[pile_index(rules, 2)][0].code == "3s"        # not its line's foundation
    assert [pos.piles[pile_index(rules, n)][0].code for n in (3, 4)] == ["5c", "9c"]


def test_kings_an_outer_card_stays_playable_during_the_deal_until_the_next_column_covers_it():
    """"During the deal you may not play cards from the inner columns": only
    those are barred.  Column one on the left lays the 4♣ on line 1; column
    two the 3♣ over it; then the 2♥, dealt on line 1 of the right group, goes
    up on its line's ace, and the 3♣, still outermost, follows it; the 4♣,
    released but in an inner column, waits."""
    fillers = ["9c", "9d", "9h"]
    rules, pos = _arranged(KINGS, None, ["4c", *fillers, "Kd", "Kh", "Ks", "Kc",
                                         "3c", *fillers, "2h", "Qd", "Qh", "Qs", "Qc"],
                           ["Ad", "Ad", "Ac", "Ac", "Ah", "Ah", "As", "As"])
    home = pile_text(rules, pos, 9)
    assert home.startswith("Ad 2h 3c") and not home.startswith("Ad 2h 3c 4c"), home
    assert pos.piles[pile_index(rules, 1)][0].code == "4c"


def new_pack_of(layout):
    from patience_cli.cards import new_pack
    return list(new_pack(layout.pack_kind, layout.pack_count))


def test_kings_after_the_deal_outer_cards_play_anywhere_regardless_of_suit():
    rules, pos = position(KINGS, {9: "Ad", 11: "Ac 2h", 1: "Kc 2s", 5: "9h 3d", 6: "9c",
                                  7: "8d", 2: "Qh Jh"})
    assert refusal(rules, pos, 1, 9) is None                  # the 2♠ on the A♦, any line
    assert refusal(rules, pos, 5, 11) is None                 # the 3♦ on the 2♥
    assert refusal(rules, pos, 5, 1) is None                  # 3♦ on 2♠: up, any suit
    assert refusal(rules, pos, 7, 6) is None                  # 8♦ on 9♣: down, any suit
    assert refusal(rules, pos, 6, 2) is not None              # 9♣ on J♥: not next
    king = move_between(rules, 1, 9)._replace(card=pos.piles[pile_index(rules, 1)][0])
    assert not rules.is_legal(pos, king)                      # the K♣ is inside the 2♠


def test_kings_a_cleared_line_takes_any_free_card():
    rules, pos = position(KINGS, {3: "", 5: "9h 3d", 9: "Ad", 1: "2c"})
    assert refusal(rules, pos, 5, 3) is None
    assert refusal(rules, pos, 1, 3) is None


# ---------------------------------------------------------------- the Nation
NATION = "nation"


def _arranged(game_id, variant, first, withdrawn):
    from patience_cli.cards import parse_card
    from patience_cli.games import load

    layout, rules = load(game_id, variant)
    put = [parse_card(c) for c in withdrawn + first]
    rest = new_pack_of(layout)
    for c in put:
        rest.remove(c)
    return rules, rules.deal(put + rest)


NATION_OUT = ["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc"]


def test_nation_counts_eight_and_a_card_gone_up_leaves_its_number_empty():
    rules, pos = _arranged(NATION, None, ["9c", "2s", "Jd", "5h", "Qs", "4c", "8d", "7h", "Jc"],
                           NATION_OUT)
    assert pile_text(rules, pos, 13).startswith("As 2s")
    assert pile_text(rules, pos, 17).startswith("Ks Qs")
    assert pile_text(rules, pos, 1) == "9c Jd 5h 4c 8d 7h"     # six cards: two went up
    assert pos.piles[pile_index(rules, 2)][0].code == "Jc"     # the second column begins


def test_nation_a_card_once_in_a_column_stays_during_the_deal_unless_hoffmann():
    first = ["3s", "2s", "9c", "9d", "9h", "10c", "10d", "10h", "Jc"]
    rules, pos = _arranged(NATION, None, first, NATION_OUT)
    assert pos.piles[pile_index(rules, 1)][0].code == "3s"      # laid above the 2♠: it stays
    rules, pos = _arranged(NATION, "nationale", first, NATION_OUT)
    assert not pile_text(rules, pos, 1).startswith("3s")       # Hoffmann: freed, it goes up


def test_nation_lowest_cards_marry_up_or_down_in_suit_and_a_cleared_column_takes_one():
    rules, pos = position(NATION, {1: "Kc 8h", 2: "9h", 3: "7h", 4: "9s", 5: "",
                                   13: "As", 17: "Ks"})
    assert refusal(rules, pos, 1, 2) is None                  # 8♥ on 9♥
    assert refusal(rules, pos, 1, 3) is None                  # 8♥ on 7♥
    assert refusal(rules, pos, 1, 4) is not None              # 8♥ on 9♠
    assert refusal(rules, pos, 1, 5) is None                  # any one card to a cleared column
    two = Move("move", pile_index(rules, 2), pile_index(rules, 5), 2)
    rules, pos = position(NATION, {1: "Kc", 2: "9h 8h", 5: "", 13: "As", 17: "Ks"})
    assert not rules.is_legal(pos, two)                       # Cadogan: one at a time
    rules, pos = position(NATION, {1: "Kc", 2: "9h 8h", 3: "10h", 5: "", 13: "As", 17: "Ks"},
                          variant="nationale")
    assert rules.is_legal(pos, two)                           # Hoffmann: into a vacancy
    onto = Move("move", pile_index(rules, 2), pile_index(rules, 3), 2)
    assert "vacant" in rules.move_reason(pos, onto)            # but not onto a card


def test_nation_is_taken_up_last_column_first_and_dealt_again_twice():
    rules, pos = position(NATION, {1: "9c 8d", 2: "6h", 3: "5s 5d", 13: "Ah", 14: "As",
                                   15: "Ac", 16: "Ad", 17: "Kh", 18: "Ks", 19: "Kc", 20: "Kd"})
    after = rules.apply(pos, DEAL)
    assert pile_text(rules, after, 1) == "5s 5d 6h 9c 8d"       # the last column comes first
    assert rules.deal_reason(rules.apply(after, DEAL)) is not None
    rules, pos = position(NATION, {1: "9c"}, variant="nationale")
    assert rules.deal_reason(pos) is not None                   # Hoffmann: no new deal


# ---------------------------------------------------------------- the Four Corners
CORNERS = "four-corners"


def test_corners_deal_round_and_round_with_aces_and_kings_to_their_places():
    game = Game.new(CORNERS, seed=2)
    rules, pos = game.rules, game.position
    total = sum(len(p) for p in pos.piles)
    assert total == 104
    aces = [pos.piles[pile_index(rules, n)] for n in range(13, 17)]
    kings = [pos.piles[pile_index(rules, n)] for n in range(17, 21)]
    assert all(a and a[0].rank == 1 for a in aces) and len({a[0].suit for a in aces}) == 4
    assert all(k and k[0].rank == 13 for k in kings) and len({k[0].suit for k in kings}) == 4


def test_corners_a_side_card_goes_up_only_to_the_foundation_beside_it():
    """A deck arranged by hand: the A♠ falls on corner 1 and takes the first
    ace place, the 9♣ taking its place; the 2♠ falls on side packet 2, beside
    that place, and goes up, the J♦ taking its place; the 3♠ falls on side
    packet 3, beside another place, and stays; the K♥ on packet 4 takes the
    first king place."""
    rules, pos = _arranged(CORNERS, None, ["As", "9c", "2s", "Jd", "3s", "Kh", "4d"], [])
    assert pile_text(rules, pos, 13).startswith("As 2s")
    assert [pos.piles[pile_index(rules, n)][0].code for n in (1, 2, 3, 4)] == \
        ["9c", "Jd", "3s", "4d"]                               # 3♠: not beside the spades
    assert pile_text(rules, pos, 17).startswith("Kh")


def test_corners_after_the_deal_tops_go_anywhere_and_marry_up_or_down_in_suit():
    rules, pos = position(CORNERS, {2: "Kc 7h", 3: "8h", 4: "6h", 5: "8s", 9: "2d",
                                    15: "Ad", 16: "As", 13: "Ac", 14: "Ah"})
    assert refusal(rules, pos, 9, 15) is None                 # side packet 9 to a far ace
    assert refusal(rules, pos, 2, 3) is None                  # 7♥ on 8♥
    assert refusal(rules, pos, 2, 4) is None                  # 7♥ on 6♥
    assert refusal(rules, pos, 2, 5) is not None              # 7♥ on 8♠
    rules, pos = position(CORNERS, {2: "", 3: "8h", 15: "Ad"})
    assert refusal(rules, pos, 3, 2) is not None              # an emptied packet stays empty


@pytest.mark.parametrize("game_id", ["four-corners", "capricieuse"])
def test_taken_up_from_the_left_and_dealt_again_twice(game_id):
    """The Four Corners' packets and La Capricieuse's columns are gathered in
    order from the left and dealt again as at first, three deals in all (both
    games number the aces 13-16 and the kings 17-20)."""
    rules, pos = position(game_id, {1: "9c 8d", 2: "6h", 13: "Ah", 14: "As", 15: "Ac",
                                    16: "Ad", 17: "Kh", 18: "Ks", 19: "Kc", 20: "Kd"})
    after = rules.apply(pos, DEAL)
    assert [pile_text(rules, after, n) for n in (1, 2, 3)] == ["9c", "8d", "6h"]
    assert rules.deal_reason(rules.apply(after, DEAL)) is not None


# ---------------------------------------------------------------- La Capricieuse
CAPRICE = "capricieuse"


def test_capricieuse_rows_of_twelve_with_cards_going_up_only_as_dealt():
    """The first row: the 2♠ goes up on the A♠ as it turns, the 9♣ takes its
    place; the 3♠, laid in the row before the 2♠ came, stays; the Q♦ goes
    down on the K♦ and the J♥ takes its place."""
    rules, pos = _arranged(CAPRICE, None, ["3s", "2s", "9c", "Qd", "Jh"], NATION_OUT)
    assert pos.piles[pile_index(rules, 1)][0].code == "3s"     # laid: it stays
    assert pos.piles[pile_index(rules, 2)][0].code == "9c"     # in the 2♠'s place
    assert pos.piles[pile_index(rules, 3)][0].code == "Jh"     # in the Q♦'s place
    assert pile_text(rules, pos, 13).startswith("As 2s")
    assert pile_text(rules, pos, 19).startswith("Kd Qd")
    sizes = [len(pos.piles[pile_index(rules, n)]) for n in range(1, 13)]
    assert max(sizes) - min(sizes) <= 1                        # rows of twelve


def test_capricieuse_bottom_cards_play_and_marry_up_or_down_in_suit():
    rules, pos = position(CAPRICE, {1: "Kc 8h", 2: "9h", 3: "7h", 4: "9s", 5: "",
                                    13: "As", 14: "Ah", 17: "Ks", 18: "Kh"})
    assert refusal(rules, pos, 1, 2) is None                  # 8♥ on 9♥
    assert refusal(rules, pos, 1, 3) is None                  # 8♥ on 7♥
    assert refusal(rules, pos, 1, 4) is not None              # 8♥ on 9♠
    assert refusal(rules, pos, 1, 5) is not None              # a cleared column stays empty
    king = move_between(rules, 1, 17)._replace(card=pos.piles[0][0])
    assert not rules.is_legal(pos, king)                       # the K♣ is covered


# ---------------------------------------------------------------- the Fifteen
FIFTEEN = "fifteen"


def test_fifteen_deals_seven_rows_of_fifteen_the_last_of_fourteen():
    game = Game.new(FIFTEEN, seed=2)
    sizes = [len(game.position.piles[pile_index(game.rules, n)]) for n in range(1, 16)]
    assert sizes == [7] * 14 + [6]
    assert all(not game.position.piles[pile_index(game.rules, n)] for n in range(16, 24))


def test_fifteen_lowest_cards_marry_up_or_down_and_aces_kings_of_four_suits():
    rules, pos = position(FIFTEEN, {1: "Kc 8h", 2: "9h", 3: "7h", 4: "9s", 5: "Ah", 6: "Ah",
                                    7: "", 8: "Kd"})
    assert refusal(rules, pos, 1, 2) is None                  # 8♥ on 9♥
    assert refusal(rules, pos, 1, 3) is None                  # 8♥ on 7♥
    assert refusal(rules, pos, 1, 4) is not None              # 8♥ on 9♠
    assert refusal(rules, pos, 1, 7) is None                  # a lane takes any free card
    assert refusal(rules, pos, 5, 16) is None
    pos = rules.apply(pos, move_between(rules, 5, 16))
    assert "already holds the hearts" in refusal(rules, pos, 6, 17)
    assert refusal(rules, pos, 8, 20) is None


FULL = {n: "Qc" for n in range(1, 16)}  # no lane open: every column holds a card


def test_fifteen_an_ace_and_a_king_of_the_sixth_row_when_the_game_cannot_begin():
    col = "2c 3c 4c 5c 6c {} 9d"
    rules, pos = position(FIFTEEN, {**FULL, 1: col.format("Ad"), 2: col.format("Ks"),
                                    3: col.format("As"), 4: "7h 8h"})
    draws = [m for m in rules.legal_moves(pos) if m.card is not None]
    assert {m.card.code for m in draws} == {"Ad", "Ks", "As"}     # from the sixth row only
    pos = rules.apply(pos, [m for m in draws if m.card.code == "Ad"][0])
    assert pile_text(rules, pos, 1) == "2c 3c 4c 5c 6c 9d"        # the card below closes up
    rules, pos = position(FIFTEEN, {**FULL, 1: col.format("Ad"), 2: "Kh"})
    assert not [m for m in rules.legal_moves(pos) if m.card is not None]  # a king is free
    rules, pos = position(FIFTEEN, {**FULL, 1: "2c 3c 4c 5c 6c 9d Ad 7s"})
    assert not [m for m in rules.legal_moves(pos) if m.card is not None]  # not the sixth


def test_fifteen_one_ace_and_one_king_drawn_one_after_the_other():
    """"You may withdraw from the sixth row one ace and one king": the ace
    drawn, the king may follow, even where the ace's draw freed a card that
    could go up; once another card has gone up, the game has begun and no
    draw is left."""
    col = "2c 3c 4c 5c 6c {} 9d"
    rules, pos = position(FIFTEEN, {**FULL, 1: "5c 6c 7c 8c 9c Ad 2d", 2: col.format("Ks")})
    ace = next(m for m in rules.legal_moves(pos) if m.card is not None and m.card.code == "Ad")
    pos = rules.apply(pos, ace)                                   # the 2♦ closes up: it fits
    assert rules.is_legal(pos, move_between(rules, 1, 16))
    king = [m for m in rules.legal_moves(pos) if m.card is not None]
    assert [m.card.code for m in king] == ["Ks"]                  # the draw's other half
    begun = rules.apply(pos, move_between(rules, 1, 16))          # the 2♦ up: begun
    assert not [m for m in rules.legal_moves(begun) if m.card is not None]


def test_fifteen_the_draw_only_if_after_the_marriages_no_card_can_go_up():
    """"Then marry, both in ascending and in descending lines ...; but if,
    after these changes, no foundation card is available, so that the
    patience cannot even begin, you may withdraw ...": where a marriage would
    free an ace, there is no draw; where the marriages free none, there is."""
    col = "2c 3c 4c 5c 6c {} 9d"
    free_by_marrying = {**FULL, 1: col.format("Ks"), 2: "8h Ad 9h", 3: "10h", 4: "Jc"}
    rules, pos = position(FIFTEEN, free_by_marrying)
    assert not rules.standing.foundation_move_open(pos)
    assert not [m for m in rules.legal_moves(pos) if m.card is not None]
    pos = rules.apply(pos, move_between(rules, 2, 3))             # the 9♥ on the 10♥
    assert rules.standing.foundation_move_open(pos)                        # the A♦ is free
    nothing_freed = {**FULL, 1: col.format("Ks"), 2: "8h 4d 9h", 3: "Qd 10h", 4: "5s"}
    rules, pos = position(FIFTEEN, nothing_freed)
    assert [m.card.code for m in rules.legal_moves(pos) if m.card is not None] == ["Ks"]


def test_an_empty_kings_place_is_listed_beside_an_empty_aces_place():
    """Empty places of one group are alike and listed once; an empty place
    for a king is not like an empty place for an ace."""
    rules, pos = position(FIFTEEN, {1: "9d Ah", 2: "Kh"})
    listed = {(m.src, m.dst) for m in rules.legal_moves(pos)}
    assert (pile_index(rules, 2), pile_index(rules, 20)) in listed
    assert (pile_index(rules, 1), pile_index(rules, 16)) in listed
    assert (pile_index(rules, 1), pile_index(rules, 17)) not in listed   # alike: listed once


def test_a_card_drawn_by_grace_in_two_packs_is_named_with_its_pile(run):
    """Both aces of spades lie in the sixth row: the command names the pile,
    'patience move 3:As 16', and a bare 'move As 16' asks which."""
    col = "2c 3c 4c 5c 6c {} 9d"
    rules, pos = position(FIFTEEN, {**FULL, 1: col.format("As"), 3: col.format("As"),
                                    5: "7h 8h"})
    draws = [m for m in rules.legal_moves(pos) if m.card is not None]
    assert sorted(rules.words.command(pos, m) for m in draws) == ["move 1:As 16", "move 3:As 16"]
    game = Game.new(FIFTEEN, seed=2)
    game.position = pos
    assert game.parse_move(["3:As", "16"]) == Move("move", pile_index(rules, 3),
                                                   pile_index(rules, 16), 1, draws[0].card)
    from patience_cli.engine import AmbiguousMoveError

    with pytest.raises(AmbiguousMoveError, match="3:As|1:As"):
        game.parse_move(["As", "16"])


# ---------------------------------------------------------------- Spenser's Fairie Queen
FAIRIE = "fairie-queen"
FQ_STOCK = 17


def test_fairie_queen_deals_onto_the_latest_king_and_aces_to_their_places():
    # the pack, top card last: 5♣, then the K♥ and K♠ together, then the 9♦ and an ace
    rules, pos = position(FAIRIE, {1: "Kc", FQ_STOCK: "Ah 9d Ks Kh 5c"}, down={FQ_STOCK: 5})
    for _ in range(5):
        pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 1) == "Kc 5c"
    assert pile_text(rules, pos, 2) == "Kh"                    # kings in succession: alone
    assert pile_text(rules, pos, 3) == "Ks 9d"                 # the last king takes the cards
    assert pile_text(rules, pos, 9) == "Ah"


def test_fairie_queen_only_foundation_plays_while_the_pack_is_dealt():
    rules, pos = position(FAIRIE, {1: "Kc 2h", 2: "Kh 3s", 3: "Ks", 9: "Ah",
                                   FQ_STOCK: "7c"}, down={FQ_STOCK: 1})
    assert refusal(rules, pos, 1, 9) is None                  # up: yes
    assert "only to the foundations" in refusal(rules, pos, 2, 3)
    rules, pos = position(FAIRIE, {1: "Kc 2h", 2: "Kh 3s", 3: "Ks", 4: "Kd 4c", 9: "Ah"})
    assert refusal(rules, pos, 2, 3) is None                  # after: any card on a lone king
    assert refusal(rules, pos, 1, 2) is None                  # 2♥ below 3♠: down, any suit
    assert refusal(rules, pos, 2, 4) is None                  # 3♠ below 4♣
    assert refusal(rules, pos, 4, 2) is not None              # 4♣ below 3♠: not down


def test_fairie_queen_the_quick_look_asks_a_lone_kings_cards_in_full_and_reads_the_rest():
    """The move generator's quick look at a pile whose first card alone
    takes any card: any rank there (the full rules decide), else the ranks
    of its build beyond (a card one lower, any suit); its moves are the full
    rules' own."""
    rules, pos = position(FAIRIE, {1: "Kc 2h", 2: "Kh 3s", 3: "Ks", 4: "Kd 4c", 9: "Ah"})
    look = {n: rules.ranks_taken(pos, pile_index(rules, n)) for n in (1, 2, 3, 4)}
    assert look == {1: {1}, 2: {2}, 3: None, 4: {3}}
    moves = {(rules.specs[m.src].number, rules.specs[m.dst].number)
             for m in rules.open_moves(pos)}
    assert {(2, 3), (1, 3), (4, 3), (1, 2), (2, 4)} <= moves and (4, 2) not in moves


def test_fairie_queen_is_won_with_the_kings_alone_remaining():
    full = " ".join(f"{r}{s}" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                        "J", "Q"] for s in "h")
    piles = {8 + i: full.replace("h", s) for i, s in enumerate("hhssddcc", start=1)}
    rules, pos = position(FAIRIE, {1: "Kc", 2: "Kh", **piles})
    assert rules.status(pos)[0] is Status.WON


# ---------------------------------------------------------------- the Salic Law
SALIC = "salic-law"
SL_STOCK = 25


def test_salic_law_heaps_every_card_on_the_latest_king():
    # the pack, top card last: a queen, an ace, a two, a king, a five
    rules, pos = position(SALIC, {1: "Kc", SL_STOCK: "5d Kh 2s Ah Qd"},
                          down={SL_STOCK: 5})
    for _ in range(5):
        pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 17) == "Qd"                   # the queen, for show
    assert pile_text(rules, pos, 9) == "Ah 2s"                 # up at once, any suit
    assert pile_text(rules, pos, 2) == "Kh 5d"                 # the latest king takes it


def test_salic_law_a_bare_king_takes_one_card_after_the_deal_only():
    rules, pos = position(SALIC, {1: "Kc 7d", 2: "Kh", 9: "Ah", SL_STOCK: "4c"},
                          down={SL_STOCK: 1})
    assert refusal(rules, pos, 1, 2) is not None               # while the pack lasts: no
    rules, pos = position(SALIC, {1: "Kc 7d 9s", 2: "Kh", 3: "Ks 2c", 9: "Ah"})
    assert refusal(rules, pos, 1, 2) is None                   # after the deal: one card
    pos = rules.apply(pos, move_between(rules, 1, 2))
    assert refusal(rules, pos, 1, 2) is not None               # and no more
    rules, pos = position(SALIC, {1: "Kc 7d", 2: "Kh", 9: "Ah", SL_STOCK: "4c"},
                          down={SL_STOCK: 1}, variant="picture-gallery",
                          covered=(pile_index(rules, 2),))
    assert refusal(rules, pos, 1, 2) is None                   # Hoffmann: whenever cleared


def test_salic_law_the_eight_kings_stay_below():
    """"One card from any of the other packets ... on each king", and the
    finished tableau has "the eight kings below": a bare king never moves."""
    rules, pos = position(SALIC, {1: "Kc 7d", 2: "Kh", 3: "Ks", 4: "Kd 2s", 9: "Ah"})
    assert not rules.is_legal(pos, move_between(rules, 2, 3))
    assert "no card of King packet 2 is available" in refusal(rules, pos, 2, 3)
    assert all(m.src != pile_index(rules, 2) for m in rules.legal_moves(pos))
    assert refusal(rules, pos, 1, 3) is None                   # a packet's card: yes


def test_picture_gallery_a_bare_king_takes_a_card_only_once_its_packet_is_cleared():
    """"If you are able to clear away the whole of a packet, leaving the king
    alone, you are entitled to lay upon such king the uppermost card of either
    of the other heaps": a king dealt and never covered takes nothing."""
    rules, pos = position(SALIC, {1: "Kc 7d", 2: "Kh", 3: "Ks 2c", 4: "Kd 3s", 9: "Ah"},
                          variant="picture-gallery")
    assert not rules.is_legal(pos, move_between(rules, 1, 2))   # never cleared
    assert "only once it has been cleared down to its king" in refusal(rules, pos, 1, 2)
    pos = rules.settle(pos)                                     # packet 3 holds its 2
    pos = rules.apply(pos, move_between(rules, 3, 9))           # the 2♣ up: 3 cleared
    assert pile_text(rules, pos, 3) == "Ks"
    assert refusal(rules, pos, 1, 3) is None
    after = rules.apply(pos, move_between(rules, 1, 3))
    assert pile_text(rules, after, 3) == "Ks 7d"
    assert refusal(rules, after, 1, 2) is not None              # packet 2 still never cleared


def test_salic_law_is_won_with_the_kings_bare_and_the_queens_above():
    full = " ".join(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J"])
    piles = {9 + i: " ".join(r + "h" for r in full.split()) for i in range(8)}
    rules, pos = position(SALIC, {1: "Kc", 2: "Kh", 17: "Qh", **piles})
    assert rules.status(pos)[0] is Status.WON


# ---------------------------------------------------------------- sheet claims on dealing
SPADES_UP = ["2s", "3s", "4s", "5s", "6s"]
SPADES_DOWN = ["Qs", "Js", "10s", "9s", "8s"]


def test_nation_a_card_both_series_take_in_the_deal_goes_to_the_aces():
    """Ace series at 6♠, king series at 8♠: the 7♠ dealt goes to the ace's."""
    first = SPADES_UP + SPADES_DOWN[:3] + SPADES_DOWN[3:] + ["7s"]
    rules, pos = _arranged(NATION, None, first, NATION_OUT)
    assert pile_text(rules, pos, 13).startswith("As 2s 3s 4s 5s 6s 7s")
    assert pile_text(rules, pos, 17).startswith("Ks Qs Js 10s 9s 8s")


def test_four_corners_a_card_both_series_take_in_the_deal_goes_to_the_aces():
    """All dealt to corner packet 1, each card going up and the next taking
    its place: the spades climb from the ace and fall from the king until the
    7♠ would fit both; it goes to the ace's."""
    first = ["As", "Ks"] + [c for pair in zip(SPADES_UP, SPADES_DOWN) for c in pair] + ["7s"]
    rules, pos = _arranged(CORNERS, None, first, [])
    assert pile_text(rules, pos, 13).startswith("As 2s 3s 4s 5s 6s 7s")
    assert pile_text(rules, pos, 17).startswith("Ks Qs Js 10s 9s 8s")


def test_picture_gallery_begins_with_the_king_of_hearts():
    assert pile_text(*_first(SALIC, "picture-gallery"), 1) == "Kh"
    assert pile_text(*_first(SALIC, None), 1).startswith("K")


def _first(game_id, variant):
    game = Game.new(game_id, variant, seed=5)
    return game.rules, game.position


def test_salic_law_a_king_whose_card_has_gone_up_takes_another():
    """The rule text's reading of "one card ... on each king": a king whose
    card went up is bare again, and may take another."""
    rules, pos = position(SALIC, {1: "Kc 7d", 2: "Kh 2s", 3: "Ks 4c 3d", 9: "Ah"})
    assert refusal(rules, pos, 1, 2) is not None               # holding its card: no
    pos = rules.apply(pos, move_between(rules, 2, 9))          # its 2♠ goes up
    assert pile_text(rules, pos, 2) == "Kh"
    assert refusal(rules, pos, 1, 2) is None                   # bare again: one more


@pytest.mark.parametrize("game_id", ["four-corners", "nation", "louis", "capricieuse",
                                     "crescent"])
def test_a_new_deal_may_be_taken_while_other_moves_are_open(game_id):
    """The rule texts' reading: the books offer the new deal when play is
    stuck; here it may be taken at any time, other moves open or not."""
    for seed in range(1, 30):
        game = Game.new(game_id, seed=seed)
        legal = game.legal_moves()
        if any(m.kind == "move" for m in legal):
            assert DEAL in legal and game.rules.is_legal(game.position, DEAL)
            return
    pytest.fail(f"{game_id}: no deal with a card move open at the start")


def test_fifteen_the_sheet_gives_the_looks_bound_the_program_uses():
    from patience_cli.features.grace import Grace
    from patience_cli.layout import load_layout
    from patience_cli.rules_text import render_rules

    said = " ".join(render_rules(load_layout(FIFTEEN)).split())
    assert f"up to {Grace.LOOK:,} such positions" in said
