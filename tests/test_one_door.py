"""Game.play is the one door a move goes through: checked once, applied once,
and it returns what happened (the position before and after, the events and
the words on demand); a refused move changes nothing."""

from __future__ import annotations

import pytest

from patience_cli.engine import IllegalMoveError
from patience_cli.game import Game
from patience_cli.outcome import Outcome


def test_play_returns_what_the_move_did():
    game = Game.new("klondike", None, seed=3)
    start = game.position
    move = next(m for m in game.legal_moves() if m.kind == "move")
    outcome = game.play(move)
    assert isinstance(outcome, Outcome)
    assert (outcome.before, outcome.move, outcome.after) == (start, move, game.position)
    assert outcome.events[0]["event"] == "moved"
    assert outcome.words() == game.rules.words.outcome(start, move, after=game.position)
    assert game.moves == [move] and game.before_last == start


def test_a_refused_move_changes_nothing_and_says_why(monkeypatch):
    game = Game.new("klondike", None, seed=3)
    refused = next(m for m in (game.parse_move(["3", "1"]),) if not game.rules.is_legal(
        game.position, m))
    before = game.position
    with pytest.raises(IllegalMoveError, match="alternate colours"):
        game.play(refused)
    assert game.position == before and game.moves == []


def test_the_check_is_made_once_and_no_words_are_made_unless_asked(monkeypatch):
    game = Game.new("fours", None, seed=2)
    calls = {"is_legal": 0, "outcome": 0}
    is_legal, outcome = game.rules.is_legal, game.rules.words.outcome

    def counted_is_legal(pos, move):
        calls["is_legal"] += 1
        return is_legal(pos, move)

    def counted_outcome(*args, **kw):
        calls["outcome"] += 1
        return outcome(*args, **kw)
    monkeypatch.setattr(game.rules, "is_legal", counted_is_legal)
    monkeypatch.setattr(game.rules.words, "outcome", counted_outcome)
    moves = game.legal_moves()[:1]
    calls["is_legal"] = 0
    for move in moves:
        game.play(move)
    assert calls == {"is_legal": 1, "outcome": 0}
