"""The solver: winning lines replay through the command line to a won game,
proofs of no win agree with an exhaustive search, hints name no hidden card."""

import json
import re
import shlex
from collections import deque

import pytest

from patience_cli.engine import Status
from patience_cli.game import Game
from patience_cli.solver import GAVE_UP, LOST, WON, solve

from conftest import ALL_GAMES, position


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


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_a_winning_line_replays_through_the_command_line(run, game_id):
    """On several deals: whatever the solver calls won replays, command by
    command, through 'patience play' to "status": "won"."""
    won = 0
    for seed in (1, 2, 3):
        game = Game.new(game_id, seed=seed)
        found = json.loads(run("solve", game_id, "--seed", str(seed), "--time", "0.6",
                               "--json").out)
        assert found["result"] in (WON, LOST, GAVE_UP)
        if found["result"] != WON:
            continue
        won += 1
        script = "\n".join(" ".join(shlex.split(c)[1:]) for c in found["commands"])
        result = run("play", stdin=script + "\nshow --json\n")
        assert result.code == 0, result.err
        last = result.out[result.out.rindex('{\n "schema"'):]
        assert json.loads(last)["status"] == "won", (game_id, seed)
        assert json.loads(last)["moves_made"] == len(found["commands"]) - 1
        assert found["commands"][0] == f"patience new --code {game.code} --force"
    if game_id in ("fours", "fish-bone", "congress"):
        assert won, f"{game_id}: the solver found no win on deals 1-3"


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


def test_a_proof_of_no_win(run):
    assert "No win is possible from the deal" in run("solve", "sympathy", "--seed", "1").out
    result = run("solve", "sympathy", "--seed", "1", "--json")
    assert json.loads(result.out)["result"] == LOST


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_a_hint_never_names_a_face_down_card(run, game_id):
    for seed in (2, 3):
        run("new", game_id, "--seed", str(seed), "--force")
        run("auto", "--limit", "5")
        game = _saved(run)
        hidden = {c.code for cards, down in zip(game.position.piles, game.position.down)
                  for c in cards[:down]}
        visible = {c.code for cards, down in zip(game.position.piles, game.position.down)
                   for c in cards[down:]}
        doc = json.loads(run("hint", "--time", "0.25", "--json", "--ascii").out)
        named = set(re.findall(r"\b(?:A|[2-9]|10|J|Q|K)[shdc]\b",
                               f"{doc['command']} {doc['text']}"))
        assert not (named & (hidden - visible)), (game_id, named & hidden)


def _saved(run) -> Game:
    from patience_cli.state import Store

    return Game.from_record(Store().read("default"))


def test_solve_needs_a_deal_and_says_so(run):
    result = run("solve", "fours")
    assert result.code == 2 and "--seed N" in result.err
    assert run("solve").code == 2  # no game in progress
    run("new", "fours", "--seed", "2")
    out = run("solve").out
    assert out.startswith("Won from the deal") and "patience new --code fours@2.r1" in out
