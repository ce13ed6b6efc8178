"""Invariants every registered game keeps, checked by random play (hypothesis).

A game gets these tests by being registered (a layout in ``layouts/``): the
games are read from the registry, never listed here."""

import json
import random
import re
from collections import Counter

import pytest
from conftest import ALL_GAMES, ALL_ROWS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience_cli.cards import new_pack
from patience_cli.engine import Move, Position, Status
from patience_cli.game import Game
from patience_cli.rng import MAX_SEED

#: a per-game budget: six random deals, each played for up to 60 random moves
SETTINGS = settings(max_examples=6, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=MAX_SEED)
choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=60)

#: The longest game random play may take before it must have ended (won,
#: lost, or stuck: every legal move returns to a position already seen).
MOVE_BOUND = 5000


def check_position(game: Game, pos: Position) -> None:
    pack = Counter(new_pack(game.layout.pack_kind, game.layout.pack_count))
    assert Counter(pos.cards()) == pack, "a card was lost or duplicated"
    assert len(pos.piles) == len(game.layout.piles)
    for cards, down in zip(pos.piles, pos.down):
        assert 0 <= down <= len(cards)


def random_play(game: Game, picks: list[int]):
    """Yield after each random legal move (the move, the position before)."""
    for pick in picks:
        legal = game.legal_moves()
        if not legal:
            return
        move = legal[pick % len(legal)]
        before = game.position
        game.play(move)
        yield move, before


@pytest.mark.parametrize("game_id", ALL_GAMES)
@SETTINGS
@given(seed=seeds, picks=choices)
def test_cards_are_conserved_and_undo_is_exact(game_id, seed, picks):
    game = Game.new(game_id, seed=seed)
    check_position(game, game.position)
    for move, before in random_play(game, picks):
        after = game.position
        check_position(game, after)
        assert game.rules.move_reason(before, move) is None
        assert game.rules.is_legal(before, move)
        # a game's own words for a refusal never refuse a legal move
        assert game.rules.game.extra_refusal(before, move) is None
        game.undo()
        assert game.position == before, "undo did not give back the previous position"
        game.play(move)
        assert game.position == after, "the same move from the same position differed"


@pytest.mark.parametrize("game_id", ALL_GAMES)
@SETTINGS
@given(seed=seeds, picks=choices)
def test_save_load_and_replay_give_the_same_position(game_id, seed, picks):
    game = Game.new(game_id, seed=seed)
    for _ in random_play(game, picks):
        pass
    record = json.loads(json.dumps(game.to_record()))
    loaded = Game.from_record(record)
    assert loaded.position == game.position
    assert loaded.moves == game.moves
    assert loaded.replay() == game.position
    view = json.loads(json.dumps(game.position.to_json()))
    assert Position.from_json(view) == game.position


@pytest.mark.parametrize("game_id", ALL_GAMES)
@SETTINGS
@given(seed=seeds, picks=choices)
def test_every_legal_move_reads_back_from_its_command(game_id, seed, picks):
    """The command printed beside each legal move plays exactly that move."""
    game = Game.new(game_id, seed=seed)
    for _ in random_play(game, picks[:20]):
        pass
    for move in game.legal_moves():
        words = game.rules.words.command(game.position, move).split()
        assert game.parse_move(words[1:] if words[0] == "move" else words) == move


@pytest.mark.parametrize("game_id", ALL_GAMES)
@settings(max_examples=2, deadline=None)  # a per-game budget: two deals played out
@given(seed=seeds, rnd=st.randoms(use_true_random=False))
def test_the_game_ends_within_a_bound(game_id, seed, rnd: random.Random):
    """Random play that never returns to a position already seen ends (won,
    lost, or with nothing new to do) within MOVE_BOUND moves; and the status
    is 'won' only when the rules say every card is home."""
    game = Game.new(game_id, seed=seed)
    rules, pos = game.rules, game.position
    if rules.solutions(pos) is not None:  # a puzzle, never lost: its answers are always near
        assert all(len(moves) <= 8 for _, moves in rules.solutions(pos))
        return
    seen = {pos}
    rnd = random.Random(rnd.getrandbits(64))  # one draw from hypothesis, then our own
    for _ in range(MOVE_BOUND):
        status, why = rules.status(pos)
        if status is not Status.PLAYING:
            assert why and not any(rules.legal_moves(pos))
            break
        # a per-game budget: moves are tried in random order and the first that
        # leads somewhere new is played (not every one applied at every step)
        legal = list(rules.legal_moves(pos))
        rnd.shuffle(legal)
        nxt = next((p for p in (rules.apply(pos, m) for m in legal) if p not in seen), None)
        if nxt is None:
            break
        pos = nxt
        seen.add(pos)
    else:
        pytest.fail(f"{game_id} seed {seed}: still playing after {MOVE_BOUND} moves")


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_forced_play_ends(game_id):
    """'patience auto' never loops: forced moves run out or the game ends (a
    per-game budget: six deals)."""
    for seed in range(6):
        game = Game.new(game_id, seed=seed)
        for _ in range(MOVE_BOUND):
            move = game.rules.advice.forced_move(game.position) or \
                game.rules.advice.safe_foundation_move(game.position)
            if move is None:
                break
            game.play(move)
        else:
            pytest.fail(f"{game_id} seed {seed}: auto did not stop")


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_the_move_generator_lists_every_card_move_the_rules_allow(game_id):
    """The generator's quick look (the ranks, suit or colour a pile takes)
    says the build rules again, in another form: along random play, a card
    move onto a pile with cards that the check (:meth:`Rules.is_legal`, the
    full build rules) allows is listed, and every listed one is allowed (a
    per-game budget: two deals, a look at every fifth position)."""
    for seed in (1, 2):
        game = Game.new(game_id, seed=seed)
        rules = game.rules
        # a game with moves of its own (the Empress's pairs, named either way
        # round and listed once) is held to the listed half alone, its first
        # twenty (asking for each walks every pairing of hers)
        plain = not rules.game.overrides("extra_moves")
        rnd = random.Random(seed)
        for turn in range(30):
            pos = game.position
            if turn % 5 == 0 and game.status()[0] is Status.PLAYING:
                moves = game.legal_moves()
                listed = set(moves)
                for move in moves if plain else moves[:20]:
                    assert rules.move_reason(pos, move) is None, (game_id, seed, move)
                for src in rules.sources if plain else ():
                    many = rules.specs[src].several_free
                    for card in rules.available_cards(pos, src):
                        for dst in range(len(pos.piles)):
                            move = Move("move", src, dst, 1, card if many else None)
                            # the cheap check (that it and the refusals agree
                            # is the next test's)
                            if dst != src and pos.piles[dst] and rules.is_legal(pos, move):
                                turned = move._replace(src=dst, dst=src)  # a pair, listed once
                                assert move in listed or (turned in listed and any(
                                    f.either_way for f in rules.features)), (game_id, seed, move)
            legal = game.legal_moves()
            if not legal:
                break
            game.play(legal[rnd.randrange(len(legal))])


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_the_quick_look_at_an_empty_pile_never_turns_a_card_away_that_fits(game_id):
    """The ranks an empty pile is said to take (:meth:`Rules.ranks_taken`,
    the move generator's and the foundations' "as they appear" quick look
    before the full rules) include every card of the pack that fits there:
    along random play, two deals, a look at every fifth position."""
    for seed in (1, 2):
        game = Game.new(game_id, seed=seed)
        rules = game.rules
        pack = set(new_pack(game.layout.pack_kind, 1))
        rnd = random.Random(seed)
        for turn in range(30):
            pos = game.position
            if turn % 5 == 0:
                empties = [d for d in range(len(pos.piles)) if not pos.piles[d]]
                # the same quick look asked of several piles at once
                assert rules.ranks_taken_by(pos, empties) == [
                    (d, r) for d in empties for r in (rules.ranks_taken(pos, d),)
                    if r is None or r]
                for dst in empties:
                    ranks = rules.ranks_taken(pos, dst)
                    if ranks is not None:
                        assert not [c for c in pack if rules.fits(pos, c, dst)
                                    and c.rank not in ranks], (game_id, seed, dst)
            legal = game.legal_moves()
            if not legal:
                break
            game.play(legal[rnd.randrange(len(legal))])


@pytest.mark.parametrize("game_id, variant", ALL_ROWS)
def test_the_check_the_refusals_and_the_move_list_agree(game_id, variant):
    """Along random play (a fixed budget: two deals, twelve moves, fifteen
    random pile pairs and listed moves a position): a move is legal exactly when no words
    refuse it, every listed move is legal, and every legal one-card move is
    listed or is the same as a listed one (onto an empty pile alike to a
    listed one's, or a whole packet onto an empty packet, which changes
    nothing)."""
    from feature_kit import holds_to_its_words

    rnd = random.Random(f"{game_id}/{variant}")
    for seed in (1, 2):
        game = Game.new(game_id, variant, seed=seed)
        rules, pos = game.rules, game.position
        for _ in range(12):
            holds_to_its_words(rules, pos, pairs=15, rnd=rnd)
            legal = list(rules.legal_moves(pos))
            if not legal:
                break
            pos = rules.apply(pos, rnd.choice(legal))


@pytest.mark.parametrize("game_id, variant", ALL_ROWS)
def test_every_board_fits_the_narrowest_terminal(game_id, variant):
    """At 40 columns (the narrowest a board is drawn for) every line of the
    board fits, dealt and after a few moves: a picture board wider than that
    gives way to the piles listed by group."""
    from patience_cli.render_text import board

    game = Game.new(game_id, variant, seed=1)
    rnd = random.Random(game_id)
    for _ in range(3):
        lines = board(game.layout, game.rules, game.position, header="x", footer=["y"],
                      width=40, marked=frozenset({0}))
        too_wide = [line for line in lines if sum(len(t) for t, _ in line) > 40]
        assert not too_wide, (game_id, variant, too_wide[0])
        legal = game.legal_moves()
        if not legal:
            break
        for _ in range(5):
            if legal:
                game.play(rnd.choice(legal))
                legal = game.legal_moves()


@pytest.mark.parametrize("game_id, variant", ALL_ROWS)
def test_every_refusal_cites_the_rule_of_the_rule_sheet_that_forbids_it(game_id, variant):
    """Along random play, every refusal that enforces a rule of the game (a
    build, what an empty pile takes, which cards are free, the deal, a rule
    feature's) names a topic that a numbered rule of 'patience rules' marks,
    so the command line cites that rule's number; and the marks never show."""
    from patience_cli.engine import DEAL, MoveKind
    from patience_cli.layout import load_layout
    from patience_cli.position import Refusal
    from patience_cli.rules_text import render_rules, rule_citations

    layout = load_layout(game_id, variant)
    cited = rule_citations(layout)
    text = render_rules(layout)
    assert "\u27e6" not in text and "cites(" not in text
    assert not re.search(r"(?m)^\s*\d+\.[^\s\d]", text)  # a mark took no rule's space
    rnd = random.Random(f"cite/{game_id}/{variant}")
    for seed in (1,):  # a fixed budget a game: one deal, eight positions, fifteen pairs each
        game = Game.new(game_id, variant, seed=seed)
        rules, n = game.rules, len(game.layout.piles)
        for _ in range(8):
            pos = game.position
            tried = [Move(MoveKind.MOVE, rnd.randrange(n), rnd.randrange(n)) for _ in range(15)]
            for move in [*tried, DEAL]:
                if rules.is_legal(pos, move):
                    continue
                why = rules.move_reason(pos, move)
                if isinstance(why, Refusal) and why.topics:
                    assert any(t in cited for t in why.topics), (why.topics, str(why))
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rnd.choice(legal))


def _games_with_own_builds():
    """The games whose module answers own_fits (read from each layout's
    rules module, no game set up)."""
    import importlib

    from patience_cli.features.game_rule import GameRule
    from patience_cli.layout import load_layout

    out = []
    for g in ALL_GAMES:
        module = load_layout(g).rules
        if module != "standard" and importlib.import_module(
                f"patience_cli.games.{module}").RULES.own_fits is not GameRule.own_fits:
            out.append(g)
    return out


@pytest.mark.parametrize("game_id", _games_with_own_builds())
def test_a_games_own_build_check_agrees_with_its_words(game_id):
    """A game that words build rules of its own and answers the cheap check
    itself (own_fits) allows exactly the cards its words do not refuse, and
    its quick look (own_ranks_taken, through ranks_taken) names the rank of
    every card that fits: every card of the pack on every pile, along random
    play (two deals)."""
    for seed in (1, 2):
        game = Game.new(game_id, seed=seed)
        rules, rnd = game.rules, random.Random(seed)
        pack = new_pack(game.layout.pack_kind)
        for _ in range(25):
            pos = game.position
            for dst in range(len(pos.piles)):
                ranks = rules.ranks_taken(pos, dst)
                for card in pack:
                    fits = rules.fits(pos, card, dst)
                    assert fits == (rules.building.build_reason(pos, card, dst) is None), \
                        (game_id, card, dst)
                    assert not fits or ranks is None or card.rank in ranks, (game_id, card, dst)
            legal = game.legal_moves()
            if not legal:
                break
            game.play(legal[rnd.randrange(len(legal))])


@pytest.mark.parametrize("game_id, variant", ALL_ROWS)
def test_every_command_a_refusal_suggests_is_accepted(game_id, variant):
    """Along random play (one deal, ten positions, twenty random pile pairs
    with one card or several, and the deal), a refusal that names a command
    instead names one that reads back to a legal move: typed as suggested,
    it is played."""
    from patience_cli.engine import DEAL, MoveKind
    from patience_cli.game import IllegalMoveError

    rnd = random.Random(f"instead/{game_id}/{variant}")
    game = Game.new(game_id, variant, seed=3)
    rules, n = game.rules, len(game.layout.piles)
    for _ in range(10):
        pos = game.position
        tried = [Move(MoveKind.MOVE, rnd.randrange(n), rnd.randrange(n), rnd.choice((1, 1, 2, 3)))
                 for _ in range(20)]
        for move in [*tried, DEAL]:
            if rules.is_legal(pos, move):
                continue
            why = rules.move_reason(pos, move)   # the engine names only a legal move
            named = getattr(why, "instead", None)
            assert named is None or rules.is_legal(pos, named), (str(why), named)
            try:
                game.check(move)
            except IllegalMoveError as refused:
                if refused.instead is None:
                    continue
                words = refused.instead.split()
                again = DEAL if words == ["deal"] else game.parse_move(words[1:])
                assert words[0] in ("move", "deal", "remove"), refused.instead
                assert rules.is_legal(pos, again), (str(refused), refused.instead)
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rnd.choice(legal))


def test_klondike_seed_3_suggests_only_legal_moves(run, home):
    """The two refusals readers met (#73): each says why, and suggests
    nothing that is then refused."""
    run("new", "klondike", "--seed", "3")
    for args in (("move", "3", "1"), ("move", "2", "9")):
        refused = run(*args)
        assert refused.code == 1
        suggested = re.search(r"\(patience ([^)]*)\)", refused.err)
        if suggested:
            assert run(*suggested.group(1).split()).code == 0, refused.err
            run("undo")
