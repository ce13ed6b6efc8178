"""The proof of loss where only the card just turned is played
(:mod:`patience_cli.solver.turned_order`), on the Fairest No. 1 read with
cards let pass: each heap must find its next ranks in order along the cards
to come, and the heaps that want a rank each need a card of it of their own
that passes late enough.  Hand-made positions for each reading, then checks
of soundness: every position of a won line passes, and a position called
lost is lost when searched to its end without the proof."""

import random

from conftest import pile_index, position

from patience_cli.engine import DEAL, Status
from patience_cli.game import Game
from patience_cli.solver import LOST, WON, solve
from patience_cli.solver.proofs import turned_order
from patience_cli.solver.turned_order import TurnedOrder

GAME, VARIANT = "fairest-1", "let-pass"
PACK, WASTE = 9, 10
#: each heap's cards from Hoffmann's table (under the ace, two, three, four)
COLUMNS = ("2 3 4 5 6 7 8 9 10 J Q K", "4 6 8 10 Q A 3 5 7 9 J K",
           "6 9 Q 2 5 8 J A 4 7 10 K", "8 Q 3 7 J 2 6 10 A 5 9 K")


def heaps(*left: int, **kw):
    """A position whose four heaps each lack their last *left* cards (the
    suits from the heap's place), with the pack and talon given in *kw*."""
    piles = {1: "Ac", 2: "2c", 3: "3c", 4: "4c"}
    for n, (column, suit, short) in enumerate(zip(COLUMNS, "dshc", left), start=5):
        ranks = column.split()
        piles[n] = " ".join(f"{r}{suit}" for r in ranks[:len(ranks) - short])
    pack, waste = kw.pop("pack", ""), kw.pop("waste", "")
    piles[PACK], piles[WASTE] = pack, waste
    return position(GAME, piles, down={PACK: len(pack.split())}, variant=VARIANT, **kw)


def lost(rules, pos) -> bool:
    prover = turned_order(rules)
    return prover is not None and prover(pos, [DEAL]) == []


def test_a_heap_whose_next_rank_never_passes_again_is_lost():
    # Heap 5 wants its king: the last deal through the pack holds none
    assert lost(*heaps(1, 0, 0, 0, pack="5h", redeals=2))
    assert not lost(*heaps(1, 0, 0, 0, pack="Kh", redeals=2))


def test_a_heap_must_find_its_ranks_in_order():
    # the king is turned before the queen (the top card is last): one pass will not do
    assert lost(*heaps(2, 0, 0, 0, pack="Qh Kh", redeals=2))
    assert not lost(*heaps(2, 0, 0, 0, pack="Kh Qh", redeals=2))
    assert not lost(*heaps(2, 0, 0, 0, pack="Qh Kh", redeals=1))  # a redeal brings the king back


def test_a_card_gone_by_comes_again_only_with_a_redeal():
    # the king of hearts lies in the talon, turned and let pass
    rules, pos = heaps(1, 0, 0, 0, waste="Kh 5h", pack="6h", redeals=2)
    assert lost(rules, pos)
    assert not lost(*heaps(1, 0, 0, 0, waste="Kh 5h", pack="6h", redeals=1))


def test_the_card_just_turned_still_counts_until_it_is_covered():
    rules, pos = heaps(1, 0, 0, 0, waste="Kh", redeals=2)
    assert not lost(rules, pos)                     # just turned: it may still go up
    assert lost(rules, pos.with_extra(spent=(2, 0)))  # played from since: it waits in vain


def test_heaps_wanting_one_rank_each_need_a_card_of_their_own():
    # Heaps 5 and 6 both want a king: each alone finds the one king to come
    assert lost(*heaps(1, 1, 0, 0, pack="Kh", redeals=2))
    assert not lost(*heaps(1, 1, 0, 0, pack="Ks Kh", redeals=2))
    # two kings, but one passes before either heap is ready for it (the king of
    # hearts, turned first, before Heap 5's queen and Heap 6's knave): each heap
    # alone would take the king of spades
    assert lost(*heaps(2, 2, 0, 0, pack="Ks Js Qs Kh", redeals=2))
    assert not lost(*heaps(2, 2, 0, 0, pack="Ks Js Qs Kh", redeals=1))


def test_the_proof_holds_for_both_readings_and_only_where_its_premises_do():
    for variant in (None, VARIANT):
        rules = Game.new(GAME, variant, seed=1).rules
        assert TurnedOrder.of(rules, pile_index(rules, PACK), pile_index(rules, WASTE)) \
            is not None
    # the Fairest (No. 2) climbs by its own first card, laid where the player chooses
    assert Game.new("fairest-2", seed=1).rules.feature("TurnedCard") is None


def replay(rules, pos, moves):
    for move in moves:
        assert rules.is_legal(pos, move), move
        pos = rules.apply(pos, move)
    return pos


def test_no_position_of_a_won_line_is_called_lost():
    for seed in (24, 59, 99):  # three deals won (of 1 to 100)
        game = Game.new(GAME, VARIANT, seed=seed)
        rules, pos = game.rules, game.position
        solution = solve(rules, pos, seconds=60, max_states=20_000)
        assert solution.result == WON, seed
        for move in solution.moves:
            assert not lost(rules, pos), (seed, move)
            pos = rules.apply(pos, move)
        assert rules.status(pos)[0] is Status.WON


def test_a_position_called_lost_is_lost_when_searched_to_its_end():
    """Play leaves the won lines of three deals at random, then goes on at
    random into the last deal through the pack; where the proof calls such a
    position lost, the search without any proof (every move tried) finds no
    win either.  Some positions it lets pass are won, so the check is not
    one-sided."""
    called = won = 0
    chance = random.Random(7)
    for seed in (24, 59, 99):
        game = Game.new(GAME, VARIANT, seed=seed)
        rules, start = game.rules, game.position
        line = solve(rules, start, seconds=60, max_states=20_000).moves
        stock = pile_index(rules, PACK)
        for _ in range(15):
            pos = replay(rules, start, line[:chance.randrange(len(line))])
            while rules.status(pos)[0] is Status.PLAYING and not (
                    pos.get("redeals", 0) == 2 and len(pos.piles[stock]) <= 12):
                moves = list(rules.legal_moves(pos))
                placed = [m for m in moves if m.kind == "move"]
                pos = rules.apply(pos, placed[0] if placed and chance.random() < 0.95
                                  else chance.choice(moves))
            if rules.status(pos)[0] is not Status.PLAYING:
                continue
            found = solve(rules, pos, seconds=60, max_states=50_000, prune=False).result
            if lost(rules, pos):
                called += 1
                assert found == LOST, seed
            won += found == WON
    assert called >= 10 and won >= 1, (called, won)


def test_deals_the_proof_decides():
    # deals 1 to 100 were all undecided at 20,000 positions without it; now 92 are
    # proved lost, 75 of them before a card is turned, and 3 won
    game = Game.new(GAME, VARIANT, seed=1)
    assert lost(game.rules, game.position)
    assert solve(game.rules, game.position, seconds=60, max_states=10).result == LOST
    game = Game.new(GAME, VARIANT, seed=7)  # lost only a few positions in
    assert not lost(game.rules, game.position)
    assert solve(game.rules, game.position, seconds=60, max_states=100).result == LOST
