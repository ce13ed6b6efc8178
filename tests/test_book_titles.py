"""A player holding a book types its titles: every entry of Cadogan's and
Hoffmann's books, and each of Cheney's names that matches a game here, finds
the game or variant that plays it; 'list --book' lists a book in its own
order and 'list --json' gives every book reference of a game.

tests/data/book_entries.csv is the books' contents (book, number, title as
the catalogue of the sources gives them): a list of facts, kept here so that
the tests need nothing outside the repository."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from patience_cli.book_refs import book_refs, by_title

ENTRIES = list(csv.DictReader(open(Path(__file__).parent / "data" / "book_entries.csv",
                                   encoding="utf-8")))


def test_every_entry_of_both_books_is_played_here():
    played = {(r.book, r.number) for r in book_refs()}
    missing = [e for e in ENTRIES if (e["book"], int(e["number"])) not in played]
    assert not missing
    for book, count in (("cadogan", 47), ("hoffmann", 63)):
        assert {n for b, n in played if b == book} == set(range(1, count + 1))


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"{e['book']}-{e['number']}")
def test_a_books_title_finds_the_game_that_plays_it(entry):
    refs = [r for r in book_refs(entry["book"]) if r.number == int(entry["number"])]
    found = by_title(entry["title"])
    assert found is not None, entry
    if found.game not in {r.game for r in refs}:   # another book's game of that title:
        assert found.book != entry["book"]         # found with the book's name before it
        found = by_title(f"{entry['book']}'s {entry['title']}")
    assert found.game in {r.game for r in refs}, (entry, found)
    # where no other book gives the title to another reading, the very variant
    same_title = [r for r in book_refs() if r.title.lower() == found.title.lower()]
    if len({(r.game, r.variant) for r in same_title}) == 1:
        assert (found.game, found.variant) in {(r.game, r.variant) for r in refs}


@pytest.mark.parametrize("typed, game, variant", [
    ("trefoil", "la-belle-lucie", "trefoil"), ("Windmill", "mill", "windmill"),
    ("parallels", "labyrinth", "parallels"), ("The Picture Gallery", "salic-law",
                                              "picture-gallery"),
    ("duchess of luynes", "parisienne", None), ("fifteen in a row", "fifteen", None),
    ("Hoffmann's The Constitution", "hoffmann-constitution", None),
    ("hoffmann sultan", "sultan", "hoffmann"), ("cadogan sultan", "sultan", None)])
def test_new_takes_a_books_title_and_says_which_game_it_is(run, home, typed, game, variant):
    result = run("new", typed, "--seed", "3", "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert (data["game"], data.get("variant")) == (game, variant)


def test_a_name_of_another_book_is_said_as_that_book_calls_it(run, home):
    result = run("new", "fourteen", "--seed", "3")
    assert result.code == 0
    assert "Cheney's “Fourteen”, no. 8 is played here as The Fourteenth" in result.err
    assert run("new", "push pin").code == 2    # Cheney's, but no game here


def test_list_book_gives_a_book_in_its_own_order_with_commands(run, home):
    text = run("list", "--book", "hoffmann").out.splitlines()
    assert text[0].startswith("Professor Hoffmann") and "63 of its games" in text[1]
    numbers = [int(line.split()[0]) for line in text[2:] if line[:4].strip()]
    assert numbers == list(range(1, 64))
    trefoil = next(i for i, line in enumerate(text) if " The Trefoil " in line)
    assert text[trefoil].endswith("patience new la-belle-lucie --variant trefoil")
    assert text[trefoil + 1].strip().startswith("patience new la-belle-lucie --variant")
    data = json.loads(run("list", "--book", "Cadogan", "--json").out)
    assert data["kind"] == "book" and data["book"] == "cadogan"
    assert [e["number"] for e in data["entries"]] == list(range(1, 48))
    refused = run("list", "--book", "hoyle")
    assert refused.code == 2 and "cadogan, hoffmann" in refused.err


def test_list_json_gives_every_book_reference_of_a_game(run, home):
    games = {g["id"]: g for g in json.loads(run("list", "--json").out)["games"]}
    kings = {(b["book"], b["number"]) for b in games["kings"]["books"]}
    assert kings == {("cadogan", 21), ("hoffmann", 59)}
    salic = {(b["book"], b["number"], b["variant"]) for b in games["salic-law"]["books"]}
    assert ("hoffmann", 58, "picture-gallery") in salic and ("cheney", 10, None) in salic
    for g in games.values():   # the game's own book first
        assert (g["books"][0]["book"], g["books"][0]["number"]) == (g["book"], g["number"])
