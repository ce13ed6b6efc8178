"""A deal written as a deck file (``deal-out --as-deck``) deals the same game
again with ``new --deck``: for every game and variant, the file holds the
cards top first in the order ``--deck`` takes them."""

import json

import pytest
from conftest import ALL_ROWS


@pytest.mark.parametrize("game_id,variant", ALL_ROWS,
                         ids=[g + (f"+{v}" if v else "") for g, v in ALL_ROWS])
def test_a_seeded_deal_written_as_a_deck_deals_the_same_game(run, tmp_path, game_id, variant):
    chosen = ["--variant", variant] if variant else []
    written = run("deal-out", game_id, "--seed", "11", "--as-deck", *chosen)
    assert written.code == 0, written.err
    assert written.out.startswith("# ") and f"new {game_id} --deck" in written.out
    deck = tmp_path / "deck.txt"
    deck.write_text(written.out, encoding="utf-8")
    seeded = run("deal-out", game_id, "--seed", "11", "--json", "--reveal", *chosen)
    again = run("new", game_id, "--deck", str(deck), "--dry-run", "--json", "--reveal", *chosen)
    assert again.code == 0, again.err
    assert json.loads(again.out)["position"] == json.loads(seeded.out)["position"]


def test_as_deck_with_json_is_refused_in_one_line(run):
    result = run("deal-out", "fours", "--seed", "1", "--as-deck", "--json")
    assert result.code == 2 and "leave out --json" in result.out
