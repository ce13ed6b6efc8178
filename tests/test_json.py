"""The JSON interface: every --json document fits the versioned schema in
schema/, errors included; face-down cards stay hidden unless --reveal; moves
list the events they caused; deals come out without saving anything."""

import json
from pathlib import Path

import jsonschema
import pytest

from patience_cli.game import Game

SCHEMA = json.loads((Path(__file__).parent.parent / "schema" / "patience.schema.json")
                    .read_text())


def valid(text: str) -> dict:
    doc = json.loads(text)
    jsonschema.validate(doc, SCHEMA)
    assert doc["schema"] == 1
    return doc


def test_every_command_prints_a_document_of_the_schema(run, tmp_path):
    docs = [valid(run("new", "fours", "--seed", "4", "--json").out)]
    for args in (["show"], ["moves"], ["deal"], ["auto", "--limit", "3"], ["undo"],
                 ["redo"], ["restart"], ["list"], ["games"], ["stats"], ["rules", "fours"],
                 ["print", "fours", "-o", str(tmp_path / "s.pdf")],
                 ["deal-out", "fours", "--seed", "2"], ["hint", "--time", "0.3"],
                 ["solve", "fours", "--seed", "2"], ["odds", "fours", "--deals", "3"],
                 ["export", "flower-garden", "--seed", "1", "-o", str(tmp_path / "x.json")]):
        result = run(*args, "--json")
        assert result.code == 0, (args, result.err)
        docs.append(valid(result.out))
    docs.append(valid(run("--version", "--json").out))
    assert {d["kind"] for d in docs} == {"board", "moves", "games", "saved", "stats",
                                         "rules", "written", "hint", "solution", "odds",
                                         "version"}


def test_version_is_told_in_words_or_as_json_and_json_before_a_command_is_refused(run):
    words = run("--version")
    assert words.code == 0 and words.out.startswith("patience-cli ") and "r1" in words.out
    doc = valid(run("--version", "--json").out)
    assert doc["deal_algorithm"] == "r1" and words.out.split()[1] == doc["version"]
    misplaced = run("--json", "show")
    assert misplaced.code == 2 and "'patience show --json'" in misplaced.err
    assert misplaced.err.count("\n") == 1
    assert run().code == 0 and "Usage: patience" in run().out


@pytest.mark.parametrize("args, code", [
    (["move", "99"], 2), (["move", "1", "2"], 1), (["new", "nosuch"], 2),
    (["show", "--bogus"], 2), (["deal-out", "fours", "--seeds", "9-1"], 2),
])
def test_errors_are_json_documents_too(run, args, code):
    run("new", "fours", "--seed", "4")
    result = run(*args, "--json")
    assert result.code == code
    doc = valid(result.out)
    assert doc == {"schema": 1, "kind": "error", "error": doc["error"], "exit": code}
    assert result.err == f"patience: {doc['error']}\n" or \
        result.err.startswith("patience: ") and result.err.count("\n") == 1


def test_face_down_cards_are_hidden_unless_revealed(run):
    hidden = valid(run("new", "fours", "--seed", "4", "--json").out)
    pack = next(p for p in hidden["piles"] if p["role"] == "stock")
    assert pack["face_down"] == 32 and pack["cards"] == [None] * 32
    assert "position" not in hidden
    shown = valid(run("show", "--json", "--reveal").out)
    pack = next(p for p in shown["piles"] if p["role"] == "stock")
    game = Game.new("fours", seed=4)
    assert pack["cards"] == [c.code for c in game.position.piles[game.rules.stock]]
    assert shown["position"] == game.position.to_json()


def test_a_move_lists_the_events_it_caused(run):
    run("new", "fish-bone", "--seed", "3")
    kinds = set()
    for _ in range(60):
        doc = valid(run("deal", "--json").out)
        assert doc["said"] and doc["said"][0].startswith("Dealt the")
        kinds |= {e["event"] for e in doc["events"]}
        if "placed by the rules" in kinds:
            break
    assert {"dealt", "placed by the rules"} <= kinds   # a knave laid by itself
    run("new", "empress-of-india", "--seed", "2", "--force")
    doc = valid(run("move", "2", "25", "--json").out)
    assert [e["event"] for e in doc["events"]] == ["moved", "dealt"]
    assert doc["events"][1]["to"] == 2                 # Army 2 refilled from the pack
    run("new", "fours", "--seed", "4", "--force")
    doc = valid(run("auto", "--json").out)
    assert any(e["event"] == "put out" for e in doc["events"])
    assert len(doc["said"]) == doc["moves_made"] + 1   # each move told, then the summary


def test_deal_out_saves_nothing_and_matches_new(run, home):
    lines = run("deal-out", "flower-garden", "--seeds", "5-9", "--json").out.splitlines()
    docs = [valid(line) for line in lines]
    assert [d["seed"] for d in docs] == [5, 6, 7, 8, 9]
    assert not (home / "games").exists()
    board = valid(run("new", "flower-garden", "--seed", "7", "--json").out)
    assert board["digest"] == docs[2]["digest"] and board["piles"] == docs[2]["piles"]
    dry = valid(run("new", "fours", "--seed", "1", "--dry-run", "--json",
                    "--name", "x").out)
    assert dry["seed"] == 1 and not (home / "games" / "x.json").exists()
    text = run("deal-out", "fours", "--seed", "3").out
    assert text.startswith("Fours · Patience Games · seed 3")
    # --seeds reads as odds' does: one deal, or ranges joined by commas, in that order
    lines = run("deal-out", "fours", "--seeds", "9,2-3", "--json").out.splitlines()
    assert [valid(line)["seed"] for line in lines] == [9, 2, 3]
    assert run("deal-out", "fours", "--seeds", "3").out == text
