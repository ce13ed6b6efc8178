"""The solver: winning lines replay through the command line to a won game,
proofs of no win agree with an exhaustive search, and the pruned, pooled and
guided searches agree with the search over every move (the commands that use
it: tests/test_solver_commands.py)."""

import json
import shlex
from collections import deque

import pytest
from conftest import ALL_GAMES, cards, move_between, pile_index, position
from hypothesis import given, settings
from hypothesis import strategies as st

from patience_cli.cards import Suit
from patience_cli.engine import DEAL, Move, Status
from patience_cli.game import Game
from patience_cli.games import load
from patience_cli.solver import GAVE_UP, LOST, WON, solve
from patience_cli.solver.pruning import AFTER_DEAL, Pruning


def exhaustive(rules, start) -> str:
    """Every position reachable, by every legal move (no pruning, no order)."""
    seen, queue = {start}, deque([start])
    while queue:
        pos = queue.popleft()
        if rules.status(pos)[0] is Status.WON:
            return WON
        for move in rules.legal_moves(pos):
            nxt = rules.apply(pos, move)
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return LOST


#: Games whose winning lines are also replayed through 'patience play': one of
#: each kind of dealing (none, a talon with redeals, a game module's own deal,
#: rows dealt on, a regathering) and of availability (a hand, face-down rows).
CLI_REPLAYED = ("flower-garden", "klondike", "fours", "congress", "la-belle-lucie",
                "besieged-city", "salic-law")


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_a_winning_line_replays_through_the_command_line(run, game_id):
    """On the first deal, or the second where the first is not won: whatever
    the solver calls won replays to won, move by legal move, each command
    read back as the shell would type it; for a few games of every kind
    (CLI_REPLAYED, both deals), the first such line also command by command
    through 'patience play' (a per-game budget: a bounded number of
    positions a deal)."""
    won = 0
    for seed in (1, 2):
        if won and game_id not in CLI_REPLAYED:
            break
        game = Game.new(game_id, seed=seed)
        found = json.loads(run("solve", game_id, "--seed", str(seed), "--states", "400",
                               "--time", "20", "--json").out)  # positions bound it, not time
        if "opponent" in game.layout.game:  # a game for two: no one winning line, said so
            assert found["kind"] == "error" and "two players" in found["error"]
            continue
        if found["kind"] == "solutions":  # a puzzle: every answer replays to won
            for answer in found["solutions"]:
                replay = Game.new(game_id, seed=seed)
                for command in answer["commands"]:
                    replay.play(replay.parse_move(shlex.split(command)[2:]))
                assert replay.status()[0] is Status.WON, (game_id, seed, answer)
            continue
        assert found["result"] in (WON, LOST, GAVE_UP)
        if found["result"] != WON:
            continue
        won += 1
        assert found["commands"][0] == f"patience new --code {game.code} --force"
        if won > 1 or game_id not in CLI_REPLAYED:  # the engine checks the other lines
            for command in found["commands"][1:]:
                words = shlex.split(command)[1:]  # ["move", "3", "1"] or ["deal"]
                move = game.parse_move(words[1:] if words[0] == "move" else words)
                assert game.rules.is_legal(game.position, move), (game_id, seed, command)
                game.play(move)
            assert game.status()[0] is Status.WON, (game_id, seed)
            continue
        script = "\n".join(" ".join(shlex.split(c)[1:]) for c in found["commands"])
        result = run("play", stdin=script + "\nshow --json\n")
        assert result.code == 0, result.err
        last = result.out.strip().splitlines()[-1]  # JSON Lines: one document a line
        assert json.loads(last)["status"] == "won", (game_id, seed)
        assert json.loads(last)["moves_made"] == len(found["commands"]) - 1
    if game_id in ("fours", "fish-bone", "congress"):
        assert won, f"{game_id}: the solver found no win on deals 1-2"


@pytest.mark.parametrize("garden, bouquet", [
    ({1: "Ac 2c", 2: "3c"}, ""),                       # won: the 2 moves off the ace
    ({1: "2c Ac", 2: "3c 4c"}, ""),                    # won
    ({1: "Ac 3c", 2: "2c 4d", 3: "5s"}, ""),           # won, with a shift to the 5♠
    ({1: "Ac 3c", 2: "2c 4c", 3: "4d", 4: "4s", 5: "4h", 6: "9d"}, ""),  # lost
    ({1: "Ac 3c", 2: "2c 5c", 3: "4d", 4: "4s", 5: "4h", 6: "9d"}, "4c"),
    ({1: "2d Ad", 2: "3d Qs", 3: "Kh", 4: "Kc", 5: "Kd", 6: "Ks"}, ""),  # lost
])
def test_the_solvers_answer_agrees_with_an_exhaustive_search(garden, bouquet):
    piles = dict(garden)
    if bouquet:
        piles[7] = bouquet
    rules, pos = position("flower-garden", piles)
    answer = solve(rules, pos, seconds=30)
    assert answer.result == exhaustive(rules, pos)
    if answer.result == WON:
        for move in answer.moves:
            assert rules.move_reason(pos, move) is None
            pos = rules.apply(pos, move)
        assert rules.status(pos)[0] is Status.WON


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_the_pruned_search_agrees_with_the_unpruned_one_on_small_gardens(data):
    """The solver's pruning (a card laid from the Bouquet takes a card at
    once; a card just laid is not moved on at once) never loses a win: on
    small gardens with every packet begun, it finds one exactly when the
    search without it does (which tries every move, and so is exhaustive
    when it finds none)."""
    cards = data.draw(st.permutations([f"{r}{s}" for r in "A234" for s in "ch"] + ["Ad"]))
    rest = data.draw(st.lists(st.integers(1, 7), min_size=3, max_size=3))
    piles: dict[int, str] = {}
    for card, pile in zip(cards, [1, 2, 3, 4, 5, 6] + rest):
        piles[pile] = (piles.get(pile, "") + " " + card).strip()
    rules, pos = position("flower-garden", piles)
    pruned, full = solve(rules, pos, seconds=60), solve(rules, pos, seconds=60, prune=False)
    assert pruned.result == full.result


def test_a_bouquet_card_goes_up_only_with_the_card_after_it():
    """A Bouquet card that could go up may as well wait in the Bouquet, where
    it stays free and may yet hold a card in the Garden, until the next card
    of its suit follows it: the search passes through the position between
    to the moves onto that foundation, and there are none where the next
    card is not free.  A card safe to play up (an ace), or a king, goes up
    alone."""
    def moves_after(garden: dict, bouquet: str, home: str, card: str):
        rules, pos = position("flower-garden", {**garden, 7: bouquet, 8: home})
        pruning = Pruning(rules)
        up = next(m for m in rules.legal_moves(pos)
                  if m.card == cards(card)[0] and m.dst == pile_index(rules, 8))
        then = pruning.cover(pos, up)
        if then is None:
            return None
        return [rules.moving_card(pos, m).code
                for m in pruning.moves(rules.apply(pos, up), None, then)]

    assert moves_after({1: "Kd 4c", 2: "Qh"}, "3c 9s", "Ac 2c", "3c") == ["4c"]
    assert moves_after({1: "4c Kd", 2: "Qh"}, "3c 9s", "Ac 2c", "3c") == []
    assert moves_after({1: "5c Kd"}, "3c 4c 9s", "Ac 2c", "3c") == ["4c"]  # and on
    assert moves_after({1: "Kd 4c"}, "Ac 9s", "", "Ac") is None
    up_to_queen = " ".join(f"{r}c" for r in "A 2 3 4 5 6 7 8 9 10 J Q".split())
    assert moves_after({1: "Kd 4d"}, "Kc 9s", up_to_queen, "Kc") is None


@pytest.mark.parametrize("game_id, plain", [
    ("flower-garden", True), ("fortress", True),
    ("patriarchs", False),     # a card that can go up has first claim: a move may force another
    ("wheatsheaf", False),     # route rules, and a card that can go up must
    ("besieged-city", False),  # a module of its own
])
def test_the_pruning_and_the_wider_safe_rule_hold_only_where_a_move_touches_two_piles(
        game_id, plain):
    rules = load(game_id)[1]
    assert rules.advice.plain_moves() is plain
    assert Pruning(rules).open is plain


def with_cards_home(seed: int, home: str, game_id: str = "flower-garden"):
    """A deal with the first cards of each suit already home (*home*: how
    many of clubs, diamonds, hearts, spades), the rest where the deal put
    them (a pile's face-down cards less those gone, its top card face up,
    the pack face down): a late position of a real deal, small enough for
    the unpruned search."""
    game = Game.new(game_id, seed=seed)
    rules, start = game.rules, game.start
    counts = dict(zip("cdhs", map(int, home)))
    piles = [[c for c in pile if c.rank > counts[c.suit.value]] for pile in start.piles]
    cards = sorted((c for pile in start.piles for c in pile), key=lambda c: (c.suit.value, c.rank))
    for f, suit in zip(rules.foundations, "cdhs"):
        piles[f] = [c for c in cards if c.suit.value == suit and c.rank <= counts[suit]]
    down = [len(p) if i == rules.stock else min(d, max(len(p) - 1, 0))
            for i, (d, p) in enumerate(zip(start.down, piles))]
    return rules, start._replace(piles=tuple(map(tuple, piles)), down=tuple(down))


@pytest.mark.parametrize("seed, home, result", [
    (73, "3221", LOST), (66, "1032", LOST), (66, "0220", LOST), (66, "3012", LOST),
    (15, "2010", LOST), (24, "1010", WON), (24, "2121", WON), (10, "3333", WON),
    (11, "3131", WON),
])
def test_the_pruned_search_agrees_with_the_unpruned_one_on_deals_with_cards_home(
        seed, home, result):
    """Where the search passes through the position of a Bouquet card laid
    and waiting to be covered, it never keeps it: these late positions of
    deals (lost ones taken from deals the solver proves lost) are decided
    alike with and without the pruning."""
    rules, pos = with_cards_home(seed, home)
    pruned = solve(rules, pos, seconds=60, order="depth-first")
    full = solve(rules, pos, seconds=60, prune=False, order="depth-first")
    assert pruned.result == full.result == result
    assert pruned.states < full.states or result == WON


@pytest.mark.parametrize("seed, home, result", [(204, "3777", LOST), (288, "4953", WON)])
def test_a_deal_passed_through_to_the_talon_keeps_every_win(seed, home, result):
    """Where the pack is turned onto a talon and nothing else touches either,
    the position just dealt is passed through to a deal or a move from the
    talon (a move between could as well come before the deal): late
    Klondike positions are decided alike with and without the pruning, in
    fewer positions with it."""
    rules, pos = with_cards_home(seed, home, "klondike")
    pruned = solve(rules, pos, seconds=60, order="depth-first")
    full = solve(rules, pos, seconds=60, prune=False, order="depth-first")
    assert pruned.result == full.result == result
    assert pruned.states < full.states


def test_after_a_deal_the_search_tries_only_a_deal_or_the_talons_card():
    rules = load("klondike")[1]
    pruning = Pruning(rules)
    assert pruning.talon == rules.talon
    pos = Game.new("klondike", seed=2).position
    assert pruning.cover(pos, DEAL) == AFTER_DEAL
    dealt = rules.apply(pos, DEAL)
    tried = pruning.moves(dealt, DEAL, AFTER_DEAL)
    assert tried and all(m == DEAL or m.src == rules.talon for m in tried)
    assert any(m.src != rules.talon for m in rules.legal_moves(dealt) if m != DEAL)
    # not where a card turned goes up by itself, a deal's card is chosen by the deal
    # alone, or the rules are a module's own
    for game_id in ("robert", "fairest-1", "besieged-city", "flower-garden"):
        assert Pruning(load(game_id)[1]).talon is None, game_id


@pytest.mark.parametrize("game_id, variant, seed, result", [
    ("flower-garden", None, 15, LOST),
    # the pack passed through to the talon (Klondike's deals 18, 19 proved lost)
    ("klondike", None, 18, LOST),
    ("klondike", None, 19, LOST),
    # deals a wider pruning rule (after a card is laid, the next move must touch
    # the pile it left or the card laid) wrongly called lost
    ("fortress", None, 13, WON),
    ("nation", "nationale", 2, WON),
])
def test_the_pruned_search_agrees_with_the_unpruned_one_on_whole_deals(
        game_id, variant, seed, result):
    game = Game.new(game_id, variant, seed=seed)
    # best-first, where the win is found in a fraction of the positions a
    # depth-first search takes (the pruning is the same in both)
    order = "best-first" if result == WON else "auto"
    pruned = solve(game.rules, game.start, seconds=60, order=order)
    full = solve(game.rules, game.start, seconds=60, prune=False, order=order)
    assert pruned.result == full.result == result


@pytest.mark.parametrize("seed", [24, 28])
def test_the_portfolio_wins_deals_that_neither_search_alone_wins_in_as_many_positions(seed):
    """The portfolio (a depth-first search taking turns with short greedy
    searches under several measures) wins these Flower-Garden deals within
    6,000 positions, where depth-first or best-first alone does not; its
    line is legal move by move, and the same budget gives the same line."""
    game = Game.new("flower-garden", seed=seed)
    found = solve(game.rules, game.start, seconds=60, max_states=6000)
    assert found.result == WON and found.states <= 6000
    pos = game.start
    for move in found.moves:
        assert game.rules.move_reason(pos, move) is None
        pos = game.rules.apply(pos, move)
    assert game.rules.is_won(pos)
    assert solve(game.rules, game.start, seconds=60, max_states=6000).moves == found.moves
    for order in ("depth-first", "best-first"):
        alone = solve(game.rules, game.start, seconds=60, max_states=6000, order=order)
        assert alone.result == GAVE_UP, order


def test_a_position_passed_through_with_no_card_to_lay_is_never_kept():
    """A Bouquet card laid on a packet must take a card at once; where no
    card can go on it, the greedy search drops the position as it meets it
    (most such positions: measured, kept and taken out again they gave
    nothing). Every position it keeps waiting for a pile comes with the
    moves onto that pile, and those are the moves the pruning gives there."""
    from patience_cli.solver.guide import Guide
    from patience_cli.solver.search import _Greedy

    game = Game.new("flower-garden", seed=24)
    pruning = Pruning(game.rules, start=game.start)
    greedy = _Greedy(game.rules, game.start, pruning,
                     Guide(game.rules).measure(Guide.MEASURES[0]), None)
    greedy.step(2000)
    waiting = [entry for entry in greedy.heap if entry[4] is not None]
    assert waiting
    for _, _, pos, last, pending, _, _, ahead in waiting:
        assert ahead and all(m.dst == pending for m in ahead)
        assert ahead == pruning.moves(pos, last, pending)


def test_the_guide_counts_what_its_measures_weigh():
    from patience_cli.solver.guide import Guide

    rules, pos = position("flower-garden", {1: "5c Ac 9h", 2: "2d Kc", 3: "3s 7s", 7: "Ah 2h"})
    guide = Guide(rules)
    # home; cards over an ace (wanted first); over a deuce (wanted next); over
    # a lower card of their suit (7s); over any lower card (9h, Kc, 7s); empty packets
    assert guide.counts(pos) == (0, 1, 1, 1, 3, 3)
    rules, pos = position("flower-garden", {1: "2c 9h 4d", 2: "Ad 3c", 8: "Ac"})
    # the 2c (wanted first, under two), the Ad (wanted first: a foundation is
    # empty, under one) and the 3c (wanted next, under none); 9h, 4d and 3c
    # over lower cards of other suits
    assert guide.counts(pos) == (1, 3, 0, 0, 3, 4)
    assert Guide.MEASURES[1] == (10, 3, 1, 3, 0, 5)
    assert guide.measure(Guide.MEASURES[1])(pos) == 10 * 1 - 3 * 3 + 5 * 4


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_the_guide_reads_every_games_deal(game_id):
    """Every registered game gets the portfolio's measures (a new game is
    searched by them once it deals every card at the start): on its deal,
    the cards home are the foundations' cards and no count is negative."""
    from patience_cli.solver.guide import Guide

    game = Game.new(game_id, seed=1)
    guide = Guide(game.rules)
    counts = guide.counts(game.start)
    assert counts[0] == sum(len(game.start.piles[f]) for f in game.rules.foundations)
    assert all(isinstance(n, int) and n >= 0 for n in counts)
    # without the order counts, only those two are left at 0
    unordered = guide.counts(game.start, order=False)
    assert unordered[3:5] == (0, 0)
    assert unordered[:3] + unordered[5:] == counts[:3] + counts[5:]


def test_a_winning_line_is_given_without_its_detours():
    from patience_cli.solver import shortened

    rules, pos = position("flower-garden", {1: "2c Ac", 2: "Kd"})
    # the ace to an empty packet, and from there to the foundation; the deuce;
    # the king to another packet (a move the line needs: kept)
    line = [move_between(rules, 1, 3), move_between(rules, 3, 8), move_between(rules, 1, 8),
            move_between(rules, 2, 4)]
    assert shortened(rules, pos, line) == [move_between(rules, 1, 8), move_between(rules, 1, 8),
                                           move_between(rules, 2, 4)]
    assert shortened(rules, pos, []) == []


def test_positions_alike_under_the_rules_are_one_to_the_solver():
    rules, pos = position("flower-garden", {1: "Kc", 2: "9h 3d", 3: "", 7: "Ah 2h"})
    rules, swapped = position("flower-garden", {1: "9h 3d", 2: "", 3: "Kc", 7: "Ah 2h"})
    assert rules.advice.solver_key(pos) == rules.advice.solver_key(swapped)     # packets alike
    rules, other = position("flower-garden", {1: "Kc", 2: "3d 9h", 3: "", 7: "Ah 2h"})
    assert rules.advice.solver_key(pos) != rules.advice.solver_key(other)
    # the Four Corners' side packets go up only beside their own foundation,
    # in every new deal: its foundations are not alike, nor are its packets
    layout, corners = load("four-corners")
    assert corners.advice.alike_groups() == ()
    # the Sultan's foundations: seven kings that take the ace to the queen of
    # their suit are alike (cards aside), its ace of hearts apart; the two kings
    # of clubs a different height up are one position either way round
    game = Game.new("sultan", "hoffmann", seed=2)
    rules, start = game.rules, game.start
    kings = [f for f in rules.foundations if start.piles[f][0].rank == 13]
    assert tuple(kings) in rules.advice.alike_groups()
    clubs = [f for f in kings if start.piles[f][0].suit is Suit.CLUBS]

    def higher(f):  # the ace and two of clubs up on foundation f
        piles = list(start.piles)
        piles[f] += tuple(cards("Ac 2c"))
        return start._replace(piles=tuple(piles))
    assert higher(clubs[0]) != higher(clubs[1])
    assert rules.advice.solver_key(higher(clubs[0])) == rules.advice.solver_key(higher(clubs[1]))


def test_rows_alike_with_cards_face_down_swapped_about_are_one_position():
    """Klondike's rows are alike to the rules: two of them swapped, each
    with its cards face down, are one position to the key (the count face
    down goes with its row); two rows that differ only in how many of
    their cards lie face down are not."""
    game = Game.new("klondike", seed=1)
    rules, pos = game.rules, game.start
    piles, down = list(pos.piles), list(pos.down)
    piles[2], piles[5] = piles[5], piles[2]
    down[2], down[5] = down[5], down[2]
    swapped = pos._replace(piles=tuple(piles), down=tuple(down))
    assert swapped != pos and rules.advice.solver_key(swapped) == rules.advice.solver_key(pos)
    down[5] -= 1
    assert rules.advice.solver_key(pos._replace(piles=tuple(piles), down=tuple(down))) != \
        rules.advice.solver_key(pos)


def test_the_solvers_key_is_a_few_bytes_that_say_every_card_where_it_lies():
    """The key of a game that reads suits is bytes (a card a byte, a few
    more for the piles): the same for the same cards in new tuples (piles are
    remembered by identity while the key is made), different for one card
    changed over or one card fewer face down."""
    game = Game.new("sultan", "hoffmann", seed=2)
    rules, pos = game.rules, game.start
    key = rules.advice.solver_key(pos)
    assert isinstance(key, bytes) and len(key) < 2 * len(pos.cards())
    anew = pos._replace(piles=tuple(tuple(list(p)) for p in pos.piles))
    assert rules.advice.solver_key(anew) == key
    piles = list(pos.piles)
    stock = rules.stock
    top = piles[stock][-1]
    other = next(c for c in piles[stock] if c.suit != top.suit and c.rank == top.rank)
    piles[stock] = piles[stock][:-1] + (other,)
    assert rules.advice.solver_key(pos._replace(piles=tuple(piles))) != key
    down = list(pos.down)
    down[stock] -= 1
    assert rules.advice.solver_key(pos._replace(down=tuple(down))) != key


def test_cards_of_one_rank_from_the_bouquet_lie_alike_in_the_garden():
    """Which of the Bouquet's sevens was laid on the 8♥ matters only when a
    seven goes up: the search takes the two positions as one, and from it
    either seven may still go up, from the Garden or from the Bouquet.  A line
    through such a choice is made into the engine's own moves."""
    rules, start = position("flower-garden", {1: "8h", 2: "6d", 3: "Qs", 7: "7c 7s",
                                              8: "Ac 2c 3c 4c 5c 6c"})
    pruning = Pruning(rules, start=start)
    bouquet, garden, clubs = (pile_index(rules, n) for n in (7, 1, 8))
    lay = {c: next(m for m in rules.legal_moves(start)
                   if m.card == cards(c)[0] and m.dst == garden) for c in ("7c", "7s")}
    after = {c: rules.apply(start, m) for c, m in lay.items()}
    assert pruning.key(after["7c"]) == pruning.key(after["7s"]) != pruning.key(start)
    assert Pruning(rules).key(after["7c"]) != Pruning(rules).key(after["7s"])
    # from the one with the 7♣ in the Garden: the 7♣ up from there, or from the Bouquet
    ups = {(m.src, rules.moving_card(after["7c"], m).code)
           for m in pruning.moves(after["7c"], None, None) if m.dst == clubs}
    assert ups == {(garden, "7c"), (bouquet, "7c")}
    from_hand = next(m for m in pruning.moves(after["7c"], None, None)
                     if m.dst == clubs and m.src == bouquet)
    up = pruning.apply(after["7c"], from_hand)
    assert up == rules.apply(after["7s"], Move("move", bouquet, clubs, 1, cards("7c")[0]))
    # the line as the engine's moves: it was the 7♠ that was laid all along
    line = pruning.concrete([lay["7c"], from_hand])
    assert [(m.src, m.dst, m.card) for m in line] == [
        (bouquet, garden, cards("7s")[0]), (bouquet, clubs, cards("7c")[0])]
    pos = start
    for move in line:
        assert rules.move_reason(pos, move) is None
        pos = rules.apply(pos, move)
    assert pos == up
    # with the 7♠ in the Garden instead: the 7♣ up from the Bouquet, or from the Garden
    ups = {(m.src, type(m).__name__) for m in pruning.moves(after["7s"], None, None)
           if m.dst == clubs}
    assert ups == {(bouquet, "Move"), (garden, "_Swapped")}
    # and a seven laid from the Bouquet is laid once, whichever it is
    lays = [m for m in pruning.moves(start, None, None) if m.src == bouquet and m.dst == garden]
    assert len(lays) == 1


def test_a_pooled_card_goes_up_from_the_garden_or_the_bouquet_whenever_one_may():
    """The choices the pool keeps open are open everywhere: after a Bouquet
    card goes up early (the next card of its suit must follow), and where a
    card is safe to play up (a deuce), which would otherwise go up alone,
    while the choice matters."""
    def ups(piles: dict, laid: str, early: str | None = None) -> set:
        rules, start = position("flower-garden", piles)
        pruning = Pruning(rules, start=start)
        bouquet, garden = pile_index(rules, 7), pile_index(rules, 1)
        pos = rules.apply(start, Move("move", bouquet, garden, 1, cards(laid)[0]))
        pending = None
        if early is not None:
            up = next(m for m in rules.legal_moves(pos) if m.card == cards(early)[0])
            pending = pruning.cover(pos, up)
            assert pending is not None
            pos = rules.apply(pos, up)
        # the pile each move up takes its card from, by number, and the card
        # that goes up (after the swap, where two cards of the pool change places)
        return {(rules.specs[m.src].number,
                 (m.swap[0] if hasattr(m, "swap") else rules.moving_card(pos, m)).code)
                for m in pruning.moves(pos, None, pending)
                if rules.specs[m.dst].role.value == "foundation"}

    # the 3♣ up early: the 4♣ follows from the Garden, or from the Bouquet (the 4♠ laid)
    assert ups({1: "5h", 7: "3c 4c 4s", 8: "Ac 2c", 2: "9d", 3: "9h", 4: "9s", 5: "10d",
                6: "10h"}, "4c", early="3c") == {(1, "4c"), (7, "4c")}
    # a deuce is safe; with a deuce of the pool in the Garden, which goes up
    # stays open while an ace is out (it could yet be laid on either deuce) ...
    assert ups({1: "3h", 2: "Ad 5s", 7: "2c 2s", 8: "Ac", 9: "As"}, "2c") == {
        (1, "2c"), (7, "2c"), (1, "2s"), (7, "2s")}
    # ... and once none is, every deuce is free and goes up in turn, one alone
    assert ups({1: "3h", 7: "2c 2s", 8: "Ac", 9: "As", 10: "Ah", 11: "Ad"}, "2c") == {(1, "2c")}


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_pooled_search_agrees_with_the_unpruned_one_on_bouquets_of_one_rank(data):
    """The Bouquet's cards of one rank pooled (the search leaves open which
    of them was laid where) give the unpruned search's answer on small
    gardens whose Bouquet holds several cards of a rank, and every win found
    replays move by move: a line through a choice left open is turned into
    the engine's moves.  Each packet is begun with a high spade (the spades
    up to the seven are home), so the low cards have mostly one another to
    build on.  (Nearly all of these games come out; the late positions of
    lost deals above hold the pool to the proofs.)"""
    ranks = "A 2 3 4 5".split()
    home = data.draw(st.lists(st.integers(0, 1), min_size=3, max_size=3))
    piles: dict[int, str] = {11: "As 2s 3s 4s 5s 6s 7s"}
    for number, (suit, n) in enumerate(zip("cdh", home), start=8):
        piles[number] = " ".join(f"{r}{suit}" for r in ranks[:n])
    rest = data.draw(st.permutations([f"{r}{s}" for n, s in zip(home, "cdh")
                                      for r in ranks[n:]]))
    for number, card in enumerate(data.draw(st.permutations("8s 9s 10s Js Qs Ks".split())), 1):
        piles[number] = card
    deal = data.draw(st.lists(st.integers(1, 6), min_size=len(rest) - 6, max_size=len(rest) - 6))
    for card, pile in zip(rest, deal):
        piles[pile] += " " + card
    piles[7] = " ".join(rest[len(deal):])
    rules, pos = position("flower-garden", piles)
    pruned, full = solve(rules, pos, seconds=60), solve(rules, pos, seconds=60, prune=False)
    assert pruned.result == full.result
    if pruned.result == WON:
        for move in pruned.moves:
            assert rules.move_reason(pos, move) is None
            pos = rules.apply(pos, move)
        assert rules.is_won(pos)


def test_a_win_made_by_the_deal_itself_is_found():
    """Where the last card goes up as it is turned (the Dial No. 1's cards
    placed as they come), the deal wins: the search sees it, and the line it
    gives replays to a won game (auto wins deal 1)."""
    from patience_cli.game import Game

    game = Game.new("dial-1", seed=1)
    answer = solve(game.rules, game.start, seconds=60)
    assert answer.result == "won"
    pos = game.start
    for move in answer.moves:
        pos = game.rules.apply(pos, move)
    assert game.rules.status(pos)[0].value == "won"
