"""Removal by pairs (features/pairs.py) and the games built on it: Thirteens
(Hoffmann no. 20) and Elevens No. 1 (Hoffmann no. 13), each rule and each
sentence that allows or forbids something, allowed and forbidden on
hand-made positions, and the deal as the book lays it."""

from conftest import filled, move_between, pile_index, pile_text, played_out, position, refusal

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game
from patience_cli.outcome import Outcome

THIRTEENS, ELEVENS = "thirteens", "elevens-1"
T_PLACES, T_STOCK, T_OUT = range(1, 11), 11, 12
E_PLACES, E_EXTRA, E_STOCK, E_OUT = range(1, 10), 10, 11, 12


def thirteens(piles, stock="3d 4d", **kw):
    """Every place a 9♣ (nothing pairs) unless the test says; the stock two cards."""
    piles = {T_STOCK: stock, **piles}
    kw.setdefault("down", {T_STOCK: len(piles[T_STOCK].split())})
    return filled(THIRTEENS, piles, T_PLACES, filler="9c", **kw)


def elevens(piles, stock="3d 4d", **kw):
    """Every place a 2♣ (nothing pairs) unless the test says; the stock two cards."""
    piles = {E_STOCK: stock, **piles}
    kw.setdefault("down", {E_STOCK: len(piles[E_STOCK].split())})
    return filled(ELEVENS, piles, E_PLACES, filler="2c", **kw)


def listed(rules, pos):
    return [(rules.specs[m.src].number, rules.specs[m.dst].number)
            for m in rules.legal_moves(pos) if m.kind == "move"]


# ------------------------------------------------------------------ Thirteens
def test_thirteens_the_deal_two_rows_of_five_and_the_stock():
    for seed in (1, 2, 3):
        game = Game.new(THIRTEENS, seed=seed)
        rules, pos = game.rules, game.position
        assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in T_PLACES)
        assert len(pos.piles[pile_index(rules, T_STOCK)]) == 42
        assert pos.down[pile_index(rules, T_STOCK)] == 42
        assert not pos.piles[pile_index(rules, T_OUT)]


def test_thirteens_rules_1_2_two_cards_making_thirteen_go_out_together_either_way():
    rules, pos = thirteens({1: "6s", 7: "7h", 3: "Jd", 9: "2h", 4: "Ac", 5: "Qs"})
    assert sorted(listed(rules, pos)) == [(1, 7), (3, 9), (4, 5)]  # each pair once
    for src, dst in ((1, 7), (7, 1), (3, 9), (9, 3), (4, 5), (5, 4)):
        assert refusal(rules, pos, src, dst) is None, (src, dst)
    after = rules.apply(pos, move_between(rules, 7, 1))
    assert pile_text(rules, after, 1) == "" and pile_text(rules, after, 7) == ""
    assert sorted(pile_text(rules, after, T_OUT).split()) == ["6s", "7h"]
    move = move_between(rules, 1, 7)
    events = Outcome(rules, pos, move, rules.apply(pos, move)).events
    assert sorted((e["event"], e["card"]) for e in events) == [("put out", "6s"),
                                                               ("put out", "7h")]
    assert "put out the 6♠ from Place 1 and the 7♥ from Place 7 (thirteen)" == \
        rules.words.describe(pos, move_between(rules, 1, 7))


def test_thirteens_rule_2_forbidden_cards_not_making_thirteen_and_any_other_move():
    rules, pos = thirteens({1: "6s", 2: "8h", 3: "5d"})
    assert refusal(rules, pos, 1, 2) == "the 6♠ and the 8♥ make fourteen, not thirteen"
    assert rules.move_reason(pos, move_between(rules, 1, 2)).topics[0] == "pairs:place"
    assert "only kings go out alone; the 6♠ counts six" in refusal(rules, pos, 1, T_OUT)
    assert refusal(rules, pos, 2, 3) is None  # 8 and 5
    emptied = rules.apply(pos, move_between(rules, 2, 3))
    assert "Place 2 is empty" in refusal(rules, emptied, 1, 2)
    assert refusal(rules, pos, T_OUT, 1) is not None  # nothing comes back


def test_thirteens_rule_2_a_king_goes_out_alone():
    rules, pos = thirteens({4: "Kd"})
    assert listed(rules, pos) == [(4, T_OUT)]
    assert refusal(rules, pos, 4, T_OUT) is None
    after = rules.apply(pos, move_between(rules, 4, T_OUT))
    assert pile_text(rules, after, T_OUT) == "Kd" and pile_text(rules, after, 4) == ""
    assert refusal(rules, pos, 4, 1) is not None  # a king pairs with nothing (13 + 2)


def test_thirteens_rule_3_the_gaps_are_filled_only_once_nothing_more_goes_out():
    rules, pos = thirteens({1: "6s", 2: "7h", 3: "Kd"}, stock="9c 8c 5d")
    assert not rules.is_legal(pos, DEAL)
    why = rules.move_reason(pos, DEAL)
    assert why.startswith("every pair goes out before the gaps are filled")
    pos = rules.apply(pos, move_between(rules, 1, 2))
    assert not rules.is_legal(pos, DEAL)  # the king still shows
    pos = rules.apply(pos, move_between(rules, 3, T_OUT))
    assert rules.is_legal(pos, DEAL)
    pos = rules.apply(pos, DEAL)  # the stock's top card first, in the order of the places
    assert [pile_text(rules, pos, n) for n in (1, 2, 3)] == ["5d", "8c", "9c"]


def test_thirteens_rule_4_lost_with_the_places_filled_and_nothing_making_thirteen():
    rules, pos = thirteens({}, stock="9c")
    status, why = rules.status(pos)
    assert status is Status.LOST
    assert why == "no two free cards make thirteen and no king shows"
    rules, won = thirteens({n: "" for n in T_PLACES}, stock="", down={T_STOCK: 0})
    assert rules.status(won) == (Status.WON, "every card is put out")


def test_thirteens_auto_plays_the_game_to_its_end():
    for seed in (1, 2, 3):
        game = played_out(THIRTEENS, seed, limit=200)
        assert game.status()[0] is not Status.PLAYING, seed


# ------------------------------------------------------------------ Elevens
def test_elevens_the_deal_three_rows_of_three():
    game = Game.new(ELEVENS, seed=4)
    rules, pos = game.rules, game.position
    assert all(len(pos.piles[pile_index(rules, n)]) == 1 for n in E_PLACES)
    assert not pos.piles[pile_index(rules, E_EXTRA)]
    assert len(pos.piles[pile_index(rules, E_STOCK)]) == 43


def test_elevens_rules_1_2_pairs_making_eleven_and_court_cards_alone():
    rules, pos = elevens({1: "7s", 5: "4h", 2: "10d", 9: "Ac", 3: "Qh", 4: "Jd", 6: "Ks"})
    assert sorted(listed(rules, pos)) == [(1, 5), (2, 9), (3, E_OUT), (4, E_OUT), (6, E_OUT)]
    assert refusal(rules, pos, 9, 2) is None
    assert refusal(rules, pos, 1, 2) == "the 7♠ and the 10♦ make seventeen, not eleven"
    assert "only knaves, queens and kings go out alone" in refusal(rules, pos, 1, E_OUT)
    assert refusal(rules, pos, 3, 4) == "the Q♥ and the J♦ make twenty-three, not eleven"


def test_elevens_rule_3_blanks_filled_from_the_stock_when_nothing_more_goes():
    rules, pos = elevens({1: "7s", 5: "4h"}, stock="9c 8c")
    assert not rules.is_legal(pos, DEAL)
    pos = rules.apply(pos, move_between(rules, 1, 5))
    pos = rules.apply(pos, DEAL)
    assert [pile_text(rules, pos, n) for n in (1, 5)] == ["8c", "9c"]
    assert not pos.piles[pile_index(rules, E_EXTRA)]


def test_elevens_rule_4_one_more_card_when_nothing_makes_eleven():
    rules, pos = elevens({1: "5s"}, stock="Kh 6d")
    assert rules.status(pos)[0] is Status.PLAYING
    assert rules.words.describe(pos, DEAL) == "turn up one more card of the pack, on the Extra card (10)"
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, E_EXTRA) == "6d"
    assert not rules.is_legal(pos, DEAL)  # no other while it waits
    assert rules.move_reason(pos, DEAL).endswith(
        "put out the 5♠ from Place 1 and the 6♦ from Extra card (10) (eleven)")
    assert listed(rules, pos) == [(1, E_EXTRA)]  # it pairs with the 5♠
    pos = rules.apply(pos, move_between(rules, E_EXTRA, 1))
    assert not pos.piles[pile_index(rules, E_EXTRA)]
    pos = rules.apply(pos, DEAL)  # the blank is filled first, then the game goes on
    assert pile_text(rules, pos, 1) == "Kh" and not pos.piles[pile_index(rules, E_EXTRA)]


def test_elevens_rule_4_lost_when_the_extra_card_pairs_with_none():
    rules, pos = elevens({}, stock="3h 8d")
    assert rules.status(pos)[0] is Status.PLAYING  # the extra card is still to come
    pos = rules.apply(pos, DEAL)
    status, why = rules.status(pos)
    assert status is Status.LOST
    assert why == ("no two free cards make eleven and no knave, queen or king shows; the 8♦ "
                   "turned up besides makes eleven with none")


def test_elevens_rule_5_won_when_the_whole_pack_is_removed():
    rules, pos = elevens({n: "" for n in E_PLACES}, stock="", down={E_STOCK: 0})
    assert rules.status(pos) == (Status.WON, "every card is put out")
    rules, pos = elevens({n: "" for n in E_PLACES if n != 3} | {3: "Qs"}, stock="",
                         down={E_STOCK: 0})
    assert rules.status(pos)[0] is Status.PLAYING
    assert rules.advice.forced_move(pos) == move_between(rules, 3, E_OUT)


def test_nothing_to_choose_auto_comes_out_exactly_when_the_solver_finds_a_win():
    """The rule sheets' 'there is nothing to choose': the forced line wins
    exactly the deals that any line wins."""
    from patience_cli.solver import WON, solve

    for game_id in (THIRTEENS, ELEVENS):
        for seed in range(1, 16):
            game = Game.new(game_id, seed=seed)
            best = solve(game.rules, game.start, seconds=30, max_states=20_000).result
            while (move := game.rules.advice.forced_move(game.position)) is not None:
                game.play(move)
            assert (game.status()[0] is Status.WON) == (best == WON), (game_id, seed)


# ------------------------------------------------------------------ The Wish
WISH, W_HEAPS, W_OUT = "wish", range(1, 9), 9


def wish(piles, **kw):
    """Every heap the 7♣ alone unless the test says (sevens pair: the test
    gives every heap it needs)."""
    return filled(WISH, piles, W_HEAPS, filler="7c", **kw)


def test_wish_the_deal_eight_heaps_of_four_their_top_cards_turned_up():
    game = Game.new(WISH, seed=2)
    rules, pos = game.rules, game.position
    for n in W_HEAPS:
        i = pile_index(rules, n)
        assert len(pos.piles[i]) == 4 and pos.down[i] == 3
    assert sum(len(p) for p in pos.piles) == 32


def test_wish_rules_1_2_two_alike_thrown_aside_and_the_cards_below_turned_up():
    rules, pos = wish({1: "8s 9h Ac", 2: "Qd Ah", 3: "8c Ad", 4: "Kh 9c", 5: "Kc",
                       6: "Qh", 7: "Jd", 8: "10s"}, down={1: 2, 2: 1, 3: 1, 4: 1})
    assert sorted(listed(rules, pos)) == [(1, 2), (1, 3), (2, 3)]  # three aces: any two
    assert refusal(rules, pos, 3, 1) is None
    assert refusal(rules, pos, 4, 5) == "the 9♣ and the K♣ are not alike"
    assert refusal(rules, pos, 1, W_OUT) is not None      # nothing goes out alone
    after = rules.apply(pos, move_between(rules, 3, 1))
    # rule 2: the card below each is turned up at once
    for n, top in ((1, "9h"), (3, "8c")):
        i = pile_index(rules, n)
        assert pile_text(rules, after, n).split()[-1] == top
        assert after.down[i] == len(after.piles[i]) - 1
    assert sorted(pile_text(rules, after, W_OUT).split()) == ["Ac", "Ad"]
    assert rules.advice.forced_move(pos) is None  # which two aces go decides what comes up: a choice
    # a card below the top is not free, though alike
    assert rules.move_reason(pos, move_between(rules, 4, 5)) is not None


def test_wish_rule_3_an_emptied_place_takes_another_heaps_top_card():
    rules, pos = wish({1: "", 2: "9s Qd", 3: "Kc", 4: "Jd", 5: "10c", 6: "8h", 7: "9d",
                       8: "Ah"}, down={2: 1})
    assert refusal(rules, pos, 2, 1) is None            # the Q♦ to the empty place
    assert rules.words.describe(pos, move_between(rules, 2, 1)) == \
        "Q♦ from Heap 2 to Heap 1 (empty)"
    after = rules.apply(pos, move_between(rules, 2, 1))
    assert pile_text(rules, after, 1) == "Qd" and after.down[pile_index(rules, 2)] == 0
    assert refusal(rules, after, 3, 1) is not None      # nothing is laid on a card


def test_wish_rule_4_won_all_thrown_aside_lost_when_no_two_alike():
    rules, pos = wish({1: "Ac", 2: "Kc", 3: "Qc", 4: "Jc", 5: "10c", 6: "9c", 7: "8c",
                       8: "7c"})
    assert rules.status(pos) == (Status.LOST, "no two free cards are alike")
    rules, pos = wish({n: "" for n in W_HEAPS})
    assert rules.status(pos) == (Status.WON, "every card is put out")


# ------------------------------------------------------------------ Nestor
NESTOR, N_COLUMNS, N_RESERVE, N_TURNED, N_OUT = "nestor", range(1, 9), 9, range(10, 14), 14


def nestor(piles, reserve="3d 4d", **kw):
    piles = {N_RESERVE: reserve, **piles}
    kw.setdefault("down", {N_RESERVE: len(piles[N_RESERVE].split())})
    # every column a different card, nothing alike, unless the test says
    fillers = dict(zip(N_COLUMNS, "Ac 2c 5c 6c 7c 8c 9c 10c".split()))
    return filled(NESTOR, {**{n: fillers[n] for n in N_COLUMNS if n not in piles}, **piles},
                  N_COLUMNS, **kw)


def test_nestor_the_deal_six_rows_never_two_of_a_value_in_a_column():
    for seed in range(1, 31):
        game = Game.new(NESTOR, seed=seed)
        rules, pos = game.rules, game.position
        for n in N_COLUMNS:
            column = pos.piles[pile_index(rules, n)]
            assert len(column) == 6
            assert len({c.rank for c in column}) == 6, (seed, n)
        assert len(pos.piles[pile_index(rules, N_RESERVE)]) == 4


def test_nestor_the_deal_a_card_refused_everywhere_left_is_dealt_all_the_same():
    """The choice the rule sheet states: when every card left would go to a
    column holding its value, the next is dealt there all the same."""
    from patience_cli.cards import Card, Suit, new_pack

    spades = [Card(r, Suit.SPADES) for r in range(1, 6)]          # column 8, rows 1-5
    hearts = [Card(r, Suit.HEARTS) for r in range(1, 6)]          # the last five cards
    rest = sorted((c for c in new_pack() if c not in spades + hearts),
                  key=lambda c: (c.rank, c.suit.value))           # 42: seven columns of six
    deck = []
    for row in range(6):
        deck += [rest[row * 7 + col] for col in range(7)]
        deck.append(spades[row] if row < 5 else hearts[0])
    deck += hearts[1:]
    game = Game.new(NESTOR, deck=tuple(deck))
    rules, pos = game.rules, game.position
    assert pile_text(rules, pos, 8) == "As 2s 3s 4s 5s 5h"         # the fifth it met, dealt
    assert sorted(pile_text(rules, pos, N_RESERVE).split()) == ["2h", "3h", "4h", "Ah"]
    for n in range(1, 8):
        assert len({c.rank for c in pos.piles[pile_index(rules, n)]}) == 6


def test_nestor_rules_1_2_the_lowest_cards_alike_thrown_out_together():
    rules, pos = nestor({1: "Kd 5h", 2: "5s", 3: "Kc Jd"})
    assert listed(rules, pos) == [(1, 2)]
    assert refusal(rules, pos, 2, 1) is None
    assert refusal(rules, pos, 3, 1) == "the J♦ and the 5♥ are not alike"
    # the K♦ above the 5♥ is not free until the 5♥ has gone
    assert not any(rules.is_legal(pos, m) for m in [move_between(rules, 1, 3)])
    after = rules.apply(pos, move_between(rules, 1, 2))
    assert pile_text(rules, after, 1) == "Kd" and pile_text(rules, after, 2) == ""
    assert refusal(rules, after, 3, 2) == \
        "Column 2 is empty: there is no card to pair with"    # nothing is laid on a place
    assert rules.advice.forced_move(pos) is None


def test_nestor_rule_3_the_reserve_taken_up_one_by_one_when_nothing_pairs():
    rules, pos = nestor({1: "Kd 3h"}, reserve="Js 3s")
    assert rules.is_legal(pos, DEAL)
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 10) == "3s"
    assert listed(rules, pos) == [(1, 10)]                 # it pairs like a free card
    assert not rules.is_legal(pos, DEAL)                   # not while a pair is open
    # a reserve card that pairs with none waits, and the next may be taken up
    rules, pos = nestor({}, reserve="3s Js")
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 10) == "Js" and rules.is_legal(pos, DEAL)
    pos = rules.apply(pos, DEAL)
    assert pile_text(rules, pos, 11) == "3s"


def test_nestor_rule_4_lost_with_nothing_alike_and_the_reserve_used_up():
    rules, pos = nestor({}, reserve="", down={N_RESERVE: 0})
    assert rules.status(pos) == (Status.LOST, "no two free cards are alike")
    rules, pos = nestor({n: "" for n in N_COLUMNS}, reserve="", down={N_RESERVE: 0})
    assert rules.status(pos) == (Status.WON, "every card is put out")


# ------------------------------------------------------------------ Covering
COVERING, C_PLACES, C_PACK = "covering", range(1, 5), 5


def covering(piles, pack="3d 4d 5d 6d", **kw):
    piles = {C_PACK: pack, **piles}
    kw.setdefault("down", {C_PACK: len(piles[C_PACK].split())})
    return filled(COVERING, piles, C_PLACES, **kw)


def test_covering_the_deal_four_cards_face_up():
    game = Game.new(COVERING, seed=1)
    rules, pos = game.rules, game.position
    assert [len(pos.piles[pile_index(rules, n)]) for n in C_PLACES] == [1, 1, 1, 1]
    assert len(pos.piles[pile_index(rules, C_PACK)]) == 48


def test_covering_rule_1_two_of_a_suit_each_covered_from_the_pack():
    rules, pos = covering({1: "Js", 2: "2h", 3: "5s", 4: "9d"}, pack="Kc Qh")
    assert listed(rules, pos) == [(1, 3)]
    assert refusal(rules, pos, 3, 1) is None
    assert refusal(rules, pos, 1, 2) == "the J♠ and the 2♥ are not of one suit"
    assert rules.words.describe(pos, move_between(rules, 3, 1)) == \
        "cover the 5♠ on Place 3 and the J♠ on Place 1 (two of a suit)"
    after = rules.apply(pos, move_between(rules, 3, 1))
    # the lower-numbered place first: the pack's top card (the Q♥) on Place 1
    assert [pile_text(rules, after, n) for n in (1, 3)] == ["Js Qh", "5s Kc"]
    assert rules.advice.forced_move(pos) is None  # which suit is covered first is a choice


def test_covering_rule_2_won_when_the_pack_is_used_up_lost_four_suits():
    rules, pos = covering({1: "Js", 2: "2h", 3: "5s", 4: "9d"}, pack="Kc Qc")
    after = rules.apply(pos, move_between(rules, 1, 3))
    assert rules.status(after) == (Status.WON, "the pack is used up")
    assert rules.is_won(after)
    rules, pos = covering({1: "Js", 2: "2h", 3: "5c", 4: "9d"})
    assert rules.status(pos) == (Status.LOST, "the cards showing are all of different suits")


# ------------------------------------------------------------------ The Juvenile
JUVENILE, J_PACKETS, J_RESERVE, J_OUT = "juvenile", range(1, 17), (17, 18), 19


def juvenile(piles, **kw):
    """Every packet the 9♣ alone (nines make eighteen) unless the test says;
    both reserve packets face down."""
    piles = {17: "2h 3h 4h 5h", 18: "6h 8h 9h 10h", **piles}
    kw.setdefault("down", {n: len(piles[n].split()) for n in J_RESERVE})
    return filled(JUVENILE, piles, J_PACKETS, filler="9c", **kw)


def test_juvenile_the_deal_sixteen_packets_of_six_and_two_reserve_packets_of_four():
    game = Game.new(JUVENILE, seed=5)
    rules, pos = game.rules, game.position
    assert all(len(pos.piles[pile_index(rules, n)]) == 6 for n in J_PACKETS)
    for n in J_RESERVE:
        i = pile_index(rules, n)
        assert len(pos.piles[i]) == 4 and pos.down[i] == 4


def test_juvenile_rules_1_2_two_top_cards_making_fourteen_removed_nothing_refilled():
    rules, pos = juvenile({1: "Kh Ac", 2: "Ks", 3: "7d", 4: "7s", 5: "Jh 3c"})
    assert sorted(listed(rules, pos)) == [(1, 2), (3, 4)]   # two sevens make fourteen too
    assert refusal(rules, pos, 5, 1) == "the 3♣ and the A♣ make four, not fourteen"
    after = rules.apply(pos, move_between(rules, 2, 1))
    assert pile_text(rules, after, 1) == "Kh" and pile_text(rules, after, 2) == ""
    assert not rules.is_legal(after, move_between(rules, 1, 2))  # an empty packet stays so
    assert rules.advice.forced_move(pos) is None


def test_juvenile_rule_3_a_reserve_packet_turned_over_when_nothing_makes_fourteen():
    rules, pos = juvenile({1: "Jc"})
    assert rules.words.describe(pos, DEAL) == "turn over Reserve packet 17"
    pos = rules.apply(pos, DEAL)
    i = pile_index(rules, 17)
    assert pile_text(rules, pos, 17) == "5h 4h 3h 2h" and pos.down[i] == 0
    assert listed(rules, pos) == []           # the 2♥ makes thirteen with the knave
    pos = rules.apply(pos, DEAL)              # so the other is turned over
    assert pile_text(rules, pos, 18) == "10h 9h 8h 6h"
    assert not rules.is_legal(pos, DEAL)
    rules, pos = juvenile({1: "Qc"})
    pos = rules.apply(pos, DEAL)
    assert listed(rules, pos) == [(1, 17)]    # the queen and the 2♥
    assert not rules.is_legal(pos, DEAL)      # not while a couple is open
    pos = rules.apply(pos, move_between(rules, 17, 1))
    assert pile_text(rules, pos, 17) == "5h 4h 3h"  # the next card is free


def test_juvenile_rule_4_won_all_removed_lost_with_nothing_left_to_turn():
    rules, pos = juvenile({17: "2h", 18: "3h"}, down={17: 0, 18: 0})
    assert rules.status(pos) == (Status.LOST, "no two free cards make fourteen")
    rules, pos = juvenile({n: "" for n in J_PACKETS} | {17: "", 18: ""}, down={})
    assert rules.status(pos) == (Status.WON, "every card is put out")


# ------------------------------------------------------------------ Elevens No. 2
ELEVENS_2, E2_HEAPS, E2_STOCK = "elevens-2", range(1, 13), 13


def test_elevens_2_the_court_cards_are_the_last_of_the_pack():
    for seed in (1, 2, 3):
        game = Game.new(ELEVENS_2, seed=seed)
        rules, pos = game.rules, game.position
        heaps = [c for n in E2_HEAPS for c in pos.piles[pile_index(rules, n)]]
        assert len(heaps) == 12 and all(c.rank <= 10 for c in heaps)
        stock = pos.piles[pile_index(rules, E2_STOCK)]  # the top card last
        assert [c.rank > 10 for c in stock] == [True] * 12 + [False] * 28


def test_elevens_2_rule_2_two_making_eleven_covered_rule_3_won_with_the_courts_on_top():
    heaps = dict(zip(E2_HEAPS, "Ac 2c 3c 4c 5c 5h 10h 9d 8d 7d 6d 6h".split()))
    courts = "Kh Kd Kc Ks Qh Qd Qc Qs Jh Jd Jc Js"
    rules, pos = filled(ELEVENS_2, {**heaps, E2_STOCK: courts}, E2_HEAPS,
                        down={E2_STOCK: 12})
    assert sorted(listed(rules, pos)) == [(1, 7), (2, 8), (3, 9), (4, 10), (5, 11), (5, 12),
                                          (6, 11), (6, 12)]
    assert refusal(rules, pos, 1, 2) == "the A♣ and the 2♣ make three, not eleven"
    after = rules.apply(pos, move_between(rules, 7, 1))
    assert [pile_text(rules, after, n) for n in (1, 7)] == ["Ac Js", "10h Jc"]
    assert refusal(rules, after, 1, 7) == "the J♠ and the J♣ make twenty-two, not eleven"
    # six couples cover the twelve heaps with the twelve court cards: won
    for a, b in ((2, 8), (3, 9), (4, 10), (5, 11), (6, 12)):
        assert refusal(rules, after, a, b) is None, (a, b)
        after = rules.apply(after, move_between(rules, a, b))
    assert rules.status(after) == (Status.WON, "the pack is used up")
    assert all(after.piles[pile_index(rules, n)][-1].rank > 10 for n in E2_HEAPS)
    stuck = dict(zip(E2_HEAPS, "Ac 2c 3c 4c 5c Ad 2d 3d 4d 5d Ah 2h".split()))  # none make eleven
    rules, pos = filled(ELEVENS_2, {**stuck, E2_STOCK: courts}, E2_HEAPS, down={E2_STOCK: 12})
    assert rules.status(pos) == (Status.LOST, "no two free cards make eleven")


def test_elevens_a_court_card_turned_up_as_the_extra_card_goes_out_alone():
    """"You are allowed to turn up one additional card from the stock, but if
    the card so drawn will not combine with either of those upon the table to
    make eleven, you have lost": a court card needs no partner (Rule: "the
    court cards ... removed"), so one drawn goes out alone and the game goes
    on (a choice stated on the sheet)."""
    rules, pos = elevens({1: "5s"}, stock="9c Qd")
    pos = rules.apply(pos, DEAL)                       # the Q♦ turned up besides
    assert pile_text(rules, pos, E_EXTRA) == "Qd"
    assert rules.status(pos)[0] is Status.PLAYING
    assert listed(rules, pos) == [(E_EXTRA, E_OUT)]


def test_pairs_dr_poles_game_from_the_wishs_footnote():
    """Hoffmann's footnote to the Wish: Dr. Pole's "Pairs": "deal out from the
    pack nine cards ... abstract from them any pairs ... Fill the place of the
    pairs withdrawn with new cards from the pack ... You are then allowed to
    lay down one extra card; if this gives you a pair, you remove them, fill
    up to nine, and go on as before"; "if this does not succeed you lose"."""
    game = Game.new("wish", "pairs", seed=3)
    assert game.layout.packs == "one whist pack (52 cards)"
    assert sum(len(game.position.piles[pile_index(game.rules, n)]) for n in range(1, 10)) == 9
    nine = {1: "2c", 2: "3c", 3: "4c", 4: "5c", 5: "6c", 6: "7c", 7: "8c", 8: "9c", 9: "10c"}
    rules, pos = position("wish", {**nine, 1: "2c", 2: "2d", 11: "Kd Qh"}, down={11: 2},
                          variant="pairs")
    pos = rules.apply(pos, move_between(rules, 1, 2))           # a pair out ...
    assert pile_text(rules, pos, 1) == "Qh" and pile_text(rules, pos, 2) == "Kd"  # refilled
    rules, pos = position("wish", {**nine, 11: "Kd 2h"}, down={11: 2}, variant="pairs")
    assert not rules.is_legal(pos, move_between(rules, 1, 2))   # no pair: a block
    pos = rules.apply(pos, DEAL)                                 # the extra card, the 2♥
    assert pile_text(rules, pos, 10) == "2h"
    pos = rules.apply(pos, move_between(rules, 1, 10))           # it pairs: go on
    assert pile_text(rules, pos, 1) == "Kd" and pile_text(rules, pos, 10) == ""
    rules, pos = position("wish", {**nine, 11: "2h Kd"}, down={11: 2}, variant="pairs")
    pos = rules.apply(pos, DEAL)                                 # the K♦ pairs with none
    assert rules.status(pos)[0] is Status.LOST
