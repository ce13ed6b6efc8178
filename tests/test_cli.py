"""The shell commands, end to end (in-process), with snapshots of what they print."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ALL_GAMES

EXAMPLE = Path(__file__).parent / "data" / "fours_book_example.txt"


def state_file(home: Path, name: str = "default") -> Path:
    return home / "games" / f"{name}.json"


def test_list_names_every_game(run):
    result = run("list")
    assert result.code == 0
    for gid in ALL_GAMES:
        assert gid in result.out
    assert "Cadogan 16" in result.out


def test_list_json(run):
    rows = json.loads(run("list", "--json").out)["games"]
    assert [r["id"] for r in rows] == ALL_GAMES
    for r in rows:
        assert {"id", "title", "source", "packs"} <= r.keys()
    fg = next(r for r in rows if r["id"] == "flower-garden")
    assert fg["packs"] == 1 and "no. 16" in fg["source"]


@pytest.mark.parametrize("game,seed", [("flower-garden", "7"), ("fours", "7"),
                                       ("flower-garden", "2024")])
def test_new_board_snapshot(run, snapshot, game, seed):
    result = run("new", game, "--seed", seed)
    assert result.code == 0
    assert result.out == snapshot


def test_new_board_ascii_snapshot(run, snapshot):
    result = run("new", "flower-garden", "--seed", "7", "--ascii")
    assert result.out == snapshot
    assert "♥" not in result.out and "♠" not in result.out


def test_new_shows_names_seed_and_share_code(run):
    out = run("new", "flower-garden", "--seed", "7").out
    for word in ("Garden", "Bouquet", "Foundation", "seed 7", "flower-garden@7.r1"):
        assert word in out
    # piles are numbered 1 to 11
    assert all(f" {n} " in out for n in range(1, 12))


def test_same_seed_same_board_and_code_replays_it(run):
    a = run("new", "flower-garden", "--seed", "99").out
    b = run("new", "--code", "flower-garden@99.r1", "--force").out
    assert a == b


def test_show_json_has_status_and_every_pile(run):
    run("new", "flower-garden", "--seed", "7")
    view = json.loads(run("show", "--json").out)
    assert view["status"] == "playing"
    assert [p["number"] for p in view["piles"]] == list(range(1, 12))
    assert sum(len(p["cards"]) for p in view["piles"]) == 52
    assert view["piles"][6]["name"] == "Bouquet"


def test_moves_numbered_and_move_n_plays_the_nth(run):
    run("new", "flower-garden", "--seed", "7")
    listing = run("moves").out.splitlines()
    assert listing[0].lstrip().startswith("1. ")
    moves = json.loads(run("moves", "--json").out)["moves"]
    assert [m["n"] for m in moves] == list(range(1, len(moves) + 1))
    second = moves[1]
    result = run("move", "2")
    assert result.code == 0
    view = json.loads(run("show", "--json").out)
    assert view["moves_made"] == 1
    dst = view["piles"][second["dst"] - 1]["cards"]
    assert dst[-1] == second["card"]


def test_move_src_dst_and_undo(run):
    run("new", "flower-garden", "--seed", "7")
    moves = json.loads(run("moves", "--json").out)["moves"]
    garden = next(m for m in moves if m["src"] <= 6)
    before = json.loads(run("show", "--json").out)
    result = run("move", str(garden["src"]), str(garden["dst"]))
    assert result.code == 0, result.err
    assert result.out.startswith(garden["text"].split(" from ")[0]
                                 .replace("h", "♥").replace("d", "♦").replace("c", "♣")
                                 .replace("s", "♠"))
    after = json.loads(run("show", "--json").out)
    assert after["digest"] != before["digest"]
    assert run("undo").code == 0
    assert json.loads(run("show", "--json").out)["digest"] == before["digest"]
    undo_again = run("undo")
    assert undo_again.code == 1 and "nothing to undo" in undo_again.err


def test_undo_many_and_restart(run):
    run("new", "fours", "--seed", "3")
    start = json.loads(run("show", "--json", "--reveal").out)["position"]
    run("auto", "--limit", "10")
    assert json.loads(run("show", "--json").out)["moves_made"] == 10
    run("undo", "4")
    assert json.loads(run("show", "--json").out)["moves_made"] == 6
    run("restart")
    view = json.loads(run("show", "--json", "--reveal").out)
    assert view["moves_made"] == 0 and view["position"] == start


def test_illegal_move_refused_with_reason_and_nothing_saved(run, home):
    run("new", "flower-garden", "--seed", "7")
    saved = state_file(home).read_bytes()
    view = json.loads(run("show", "--json").out)
    tops = {p["number"]: p["cards"][-1] for p in view["piles"] if p["cards"]}
    # find two garden packets whose tops are not in sequence
    src, dst = next((s, d) for s in range(1, 7) for d in range(1, 7)
                    if s != d and _rank(tops[s]) != _rank(tops[d]) - 1)
    result = run("move", str(src), str(dst))
    assert result.code == 1
    assert result.err.startswith("patience: illegal move: the Garden builds down")
    assert result.err.count("\n") == 1
    assert state_file(home).read_bytes() == saved


def _rank(code: str) -> int:
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(code[:-1].upper(), None) or int(code[:-1])


def test_deal_in_fours_and_refused_in_flower_garden(run):
    run("new", "fours", "--seed", "7")
    assert run("deal").code == 0
    assert json.loads(run("show", "--json").out)["moves_made"] == 1
    run("new", "flower-garden", "--seed", "7", "--force")
    result = run("deal")
    assert result.code == 1 and "no dealing step" in result.err


def test_auto_plays_fours_to_its_end(run):
    run("new", "fours", "--seed", "11")
    run("auto")
    view = json.loads(run("show", "--json").out)
    assert view["status"] in ("won", "lost")
    assert view["legal_moves"] == 0


def test_auto_foundations_in_flower_garden(run):
    run("new", "flower-garden", "--seed", "7")
    plain = run("auto")
    assert "no move is forced" in plain.out
    run("auto", "-f")
    view = json.loads(run("show", "--json").out)
    assert all(p["role"] != "foundation" or not p["cards"] or p["cards"][0][0] == "A"
               for p in view["piles"])


def test_auto_foundations_says_why_it_leaves_a_card_that_could_go_up(run):
    """Where a card sent up sooner may change what follows, auto plays none
    and says so, naming the card (la Belle Lucie's fans are gathered and dealt
    again; the Pyramid's places are refilled from the pack at once)."""
    for game, seed, card, why in (("la-belle-lucie", "3", "A♣", "deal or gather"),
                                  ("pyramid", "2", "2♦", "the pack's next card sooner")):
        run("new", game, "--seed", seed, "--force")
        said = " ".join(run("auto", "--foundations").out.split())
        assert f"the {card} could go up, but is not sure never to hurt" in said, game
        assert why in said and "play it yourself" in said, game
        assert json.loads(run("show", "--json").out)["moves_made"] == 0
    plain = " ".join(run("auto").out.split())  # not asked to play cards up: nothing said of them
    assert "could go up" not in plain


def test_deck_from_stdin_replays_the_book(run):
    result = run("new", "fours", "--deck", "-", stdin=EXAMPLE.read_text())
    assert result.code == 0 and "dealt from a deck" in result.out
    run("auto")
    assert json.loads(run("show", "--json").out)["status"] == "won"


def test_named_games_are_kept_apart(run, home):
    run("new", "fours", "--seed", "1", "--name", "a")
    run("new", "flower-garden", "--seed", "2", "--name", "b")
    run("deal", "--name", "a")
    assert json.loads(run("show", "--json", "--name", "a").out)["game"] == "fours"
    assert json.loads(run("show", "--json", "--name", "b").out)["game"] == "flower-garden"
    assert json.loads(run("show", "--json", "--name", "b").out)["moves_made"] == 0
    listing = run("games").out
    assert "a: Fours, fours@1.r1, 1 move," in listing and "b: The Flower-Garden" in listing


def test_state_option_overrides_patience_home(run, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    run("new", "fours", "--seed", "1", "--state", str(elsewhere))
    assert (elsewhere / "games" / "default.json").exists()
    assert run("show").code == 2  # nothing under PATIENCE_HOME


def test_new_refuses_to_replace_an_unfinished_game(run):
    run("new", "fours", "--seed", "1")
    run("deal")
    result = run("new", "flower-garden")
    assert result.code == 1 and "--force" in result.err
    assert run("new", "flower-garden", "--force").code == 0


def test_saved_game_is_seed_plus_moves(run, home):
    run("new", "fours", "--seed", "5")
    run("deal")
    record = json.loads(state_file(home).read_text())
    assert record["deal"] == {"version": 1, "seed": 5}
    assert record["moves"] == ["deal"]
    assert record["format"] == 1


def test_rules_snapshot(run, snapshot):
    for gid in ALL_GAMES:
        result = run("rules", gid)
        assert result.code == 0
        assert result.out == snapshot(name=gid)


def test_rules_name_the_book_and_the_piles(run):
    out = " ".join(run("rules", "flower-garden").out.split())  # flowed: breaks anywhere
    assert "Cadogan" in out and "no. 16" in out
    assert "the Garden (piles 1–6)" in out and "Bouquet (pile 7)" in out
    assert run("rules", "the flower garden").code == 0


def test_play_session(run):
    result = run("play", "fours", "--seed", "7", stdin="deal\nmoves\nundo\nbogus\nquit\n")
    assert result.code == 2  # fed from a pipe: the worst exit status of its commands
    assert "Deal row 1 of deal 1" in result.out
    assert "Took back: deal row 1 of deal 1." in result.out
    assert "unknown command 'bogus'" in result.err
    assert "patience>" not in result.out and "Type 'help'" not in result.out


def test_play_as_a_batch_without_a_game_to_start_with(run):
    script = "".join(f"new fours --seed {n} --force --json\nauto --json\n" for n in (1, 2, 3))
    result = run("play", stdin=script)
    assert result.code == 0, result.err
    decoder, docs, text = json.JSONDecoder(), [], result.out.strip()
    while text:
        doc, end = decoder.raw_decode(text)
        docs.append(doc)
        text = text[end:].strip()
    assert all(d["status"] in ("won", "lost") for d in docs[1::2])  # auto plays Fours out
    assert [d["seed"] for d in docs[::2]] == [1, 2, 3]
    assert all(d["moves_made"] == 0 for d in docs[::2])


def test_colour_only_on_request(run, monkeypatch):
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    coloured = run("new", "flower-garden", "--seed", "7").out
    assert "\x1b[" in coloured
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in run("show").out


def test_help_has_examples(run):
    result = run("--help")
    assert result.code == 0 and "patience new fours --seed 7" in result.out
    assert "patience move 3 1" in run("move", "--help").out


@pytest.mark.parametrize("typed,suggested", [("flowr", "flower-garden"), ("garden", "flower-garden"),
                                             ("fuors", "fours")])
def test_unknown_game_suggests_the_nearest(run, typed, suggested):
    result = run("new", typed)
    assert result.code == 2
    assert f"did you mean '{suggested}'" in result.err


@pytest.mark.parametrize("args,code,words", [
    (["move", "1", "2"], 2, "no game in progress"),
    (["new", "fours", "--seed", "-5"], 2, "whole number"),
    (["new", "fours", "--variant", "x"], 2, "no variants"),
    (["new", "fours", "--deck", "missing.txt"], 2, "cannot read the deck file"),
])
def test_usage_errors_exit_2(run, args, code, words):
    result = run(*args)
    assert result.code == code and words in result.err


@pytest.mark.parametrize("deck,words", [
    ("Ah Ah", "too many of Ah"), ("Ah 2h", "2h, which is not in it"),
    ("Ah Kh", "missing"), ("Ah Qx", "'Qx' is not a card"),
])
def test_bad_decks_are_explained(run, tmp_path, deck, words):
    path = tmp_path / "deck.txt"
    path.write_text(deck)
    result = run("new", "fours", "--deck", str(path))
    assert result.code == 2 and words in result.err


@pytest.mark.parametrize("args,words", [
    (["move", "1", "9"], "there is no pile 9"), (["move", "x", "y"], "neither a pile number"),
    (["move", "1", "2", "3", "4"], "a move is SRC DST"), (["move", "7"], "no legal move 7"),
    (["move", "1", "2", "x"], "is not a number of cards"),
])
def test_malformed_moves_exit_2(run, args, words):
    run("new", "fours", "--seed", "1")
    result = run(*args)
    assert result.code == 2 and words in result.err


def test_win_and_loss_are_announced_with_the_reason(run):
    run("new", "fours", "--seed", "1")          # a deal that cannot come out
    result = run("auto")
    assert "Lost after" in result.out and "repeat an earlier deal" in result.out
    assert json.loads(run("show", "--json").out)["status"] == "lost"
    moves = run("moves")
    assert moves.out.startswith("The game is lost: deal")
    run("new", "fours", "--seed", "0", "--force")
    assert "Won after" in run("auto").out


def test_ascii_mode_writes_no_suit_symbols_anywhere(run):
    out = run("new", "fours", "--seed", "2", "--ascii").out + run("deal", "--ascii").out + \
        run("moves", "--ascii").out
    assert not set(out) & set("♠♥♦♣·—▒")


@pytest.mark.parametrize("game", ["fours", "flower-garden", "sympathy"])
def test_moves_from_or_to_every_pile_are_answered_in_one_line(run, game):
    """Found by the fuzz test: 'move 1 1' with packet 1 empty crashed."""
    run("new", game, "--seed", "3", "--force")
    piles = len(json.loads(run("show", "--json").out)["piles"])
    for src in range(1, piles + 1):
        for dst in (1, 2, piles):
            result = run("move", str(src), str(dst))
            assert result.code in (0, 1, 2), (src, dst)
            assert "internal error" not in result.err, (src, dst, result.err)
            if result.code == 0:
                run("undo")


def test_missing_cards_are_counted_with_their_copies(run, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("As")
    result = run("new", "sympathy", "--deck", str(path))
    assert result.code == 2 and "missing 103 cards" in result.err


# ------------------------------------------------------------ undo, redo, the last move
def test_undo_says_which_moves_it_took_back_and_redo_plays_them_again(run):
    run("new", "fours", "--seed", "4")
    run("auto", "--limit", "3")
    before = json.loads(run("show", "--json").out)
    result = run("undo", "2")
    assert result.code == 0
    assert result.out.startswith("Took back: 8♠ from Packet 3 to Packet 2 onto the 8♥.\n"
                                 "Took back: deal row 2 of deal 1.\n")
    assert "2 moves taken back: 'patience redo'" in result.out
    result = run("redo", "5")
    assert result.code == 0
    assert result.out.startswith("Played again: deal row 2 of deal 1.\nPlayed again: 8♠")
    assert result.out.count("Played again:") == 2
    after = json.loads(run("show", "--json").out)
    assert after["digest"] == before["digest"] and after["moves_made"] == 3
    nothing = run("redo")
    assert nothing.code == 1 and "nothing to redo" in nothing.err


def test_a_new_move_forgets_the_moves_taken_back(run):
    run("new", "fours", "--seed", "4")
    run("auto", "--limit", "2")
    run("undo")
    assert run("move", "1").code == 0
    assert run("redo").code == 1


def test_restart_can_be_redone_and_redo_survives_the_shell(run):
    run("new", "fours", "--seed", "4")
    run("auto", "--limit", "4")
    done = json.loads(run("show", "--json").out)["digest"]
    assert "4 moves taken back" in run("restart").out
    assert run("redo", "4").code == 0
    assert json.loads(run("show", "--json").out)["digest"] == done


def test_the_last_move_is_marked_on_the_board(run):
    run("new", "flower-garden", "--seed", "7")
    out = run("move", "Ah", "8").out
    assert "Last move: A♥ from Bouquet (7) to Foundation 8 (empty)" in out
    marked = [line for line in out.splitlines() if re.search(r"\d\* ", line)]
    assert any(line.lstrip().startswith("Bouquet") for line in marked)
    assert any("8* A♥" in line for line in marked)


def test_version(run):
    result = run("--version")
    assert result.code == 0 and re.fullmatch(r"patience-cli \S+ \(deal algorithm r1\)\n",
                                             result.out)


def test_shell_completion_of_commands_and_games(tmp_path):
    env = dict(os.environ, COMP_WORDS="patience new flo", COMP_CWORD="2",
               _PATIENCE_COMPLETE="complete_bash")
    out = subprocess.run([sys.executable, "-m", "patience_cli"], env=env,
                         capture_output=True, text=True).stdout
    assert out.split() == ["flower-garden"]
    env.update(COMP_WORDS="patience re", COMP_CWORD="1")
    out = subprocess.run([sys.executable, "-m", "patience_cli"], env=env,
                         capture_output=True, text=True).stdout
    assert set(out.split()) == {"redo", "remove", "restart"}


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_move_texts_name_piles_by_the_numbers_typed(run, game_id):
    """Whatever the game, a listed move names its piles with the numbers that
    'patience move' takes (the book's name beside them)."""
    from patience_cli.game import Game

    game = Game.new(game_id, seed=3)
    moves = [m for m in game.legal_moves() if m.kind == "move"][:40]
    for m in moves:
        text = game.rules.words.describe(game.position, m, ascii=True)
        for index in (m.src, m.dst):
            spec = game.layout.piles[index]
            assert spec.ref in text and str(spec.number) in spec.ref, (text, spec.ref)


def test_sympathy_heaps_show_how_many_cards_they_hold(run):
    out = run("new", "sympathy", "--seed", "2", "--ascii").out
    assert "1  Ac(3)" in out and "18  ##(3)" in out


def test_play_takes_solves_lines_and_a_lines_own_options_win(run):
    """A batch may hold lines as 'solve' prints them ('patience move 3 1'); a
    line's own --name wins over the batch's; an empty word, a line too long
    and '--deck -' (which would read the batch as the deck) are refused in
    one line each, the batch going on."""
    script = ("patience new fours --seed 1 --force\n"
              "new fours --seed 2 --name other --force\n"
              "move 1 --name other\n"
              "\"\"\n"
              "new fours --deck - --force\n"
              + "x" * 5000 + "\n"
              "show --json --name other\n")
    result = run("play", stdin=script)
    assert result.code == 2                                   # some lines were refused
    errors = result.err.strip().splitlines()
    assert len(errors) == 3, errors
    assert "empty word" in errors[0] and "--deck -" in errors[1] and "5,001" in errors[2]
    assert '"moves_made": 1' in result.out.split('"kind": "board"')[-1]
    assert json.loads(run("show", "--json").out)["moves_made"] == 0   # the default game


def test_hint_on_a_finished_game_says_so_and_play_keeps_a_usage_errors_status(run):
    from patience_cli.engine import Status
    from patience_cli.game import Game
    from patience_cli.state import Store

    game = Game.new("fours", seed=1)
    while game.status()[0] is Status.PLAYING:
        game.play(game.legal_moves()[0])
    Store().write("default", game.to_record())
    said = run("hint").out
    assert ("The game is won" in said) if game.status()[0] is Status.WON else \
        ("The game is over" in said)
    assert run("play", "nosuch").code == 2


def test_hint_and_solve_let_go_of_the_games_lock_before_they_search(run, monkeypatch):
    """While 'hint' or 'solve' thinks, another command may take the game's lock."""
    from patience_cli import solver
    from patience_cli.state import Store

    run("new", "fours", "--seed", "3")
    taken = []
    real = solver.solve

    def searching(*args, **kwargs):
        with Store().lock("default", wait=0):   # raises BusyError if still held
            taken.append(True)
        return real(*args, **kwargs)

    monkeypatch.setattr(solver, "solve", searching)
    assert run("hint", "--states", "50").code == 0
    assert run("solve", "--states", "50").code == 0
    assert taken == [True, True]


def test_play_writes_json_lines_one_document_a_line(run):
    script = "new fours --seed 1 --force --json\nauto --json\nmoves --json\nshow --json\n"
    out = run("play", stdin=script).out.strip().splitlines()
    docs = [json.loads(line) for line in out]
    assert [d["kind"] for d in docs] == ["board", "board", "moves", "board"]


def test_play_writes_a_json_error_for_a_usage_error_of_a_json_line(run):
    """Each --json line of a batch gives one document, a usage error too."""
    script = "new fours --seed 1 --force --json\nmove --json\nshow --json --bogus\nshow --json\n"
    out = run("play", stdin=script).out.strip().splitlines()
    kinds = [json.loads(line)["kind"] for line in out]
    assert kinds == ["board", "error", "error", "board"]


def test_winnable_goes_round_past_the_largest_seed_and_odds_caps_its_workers(run, monkeypatch):
    from patience_cli import solver
    from patience_cli.rng import MAX_SEED
    from patience_cli.solver import Solution

    with monkeypatch.context() as patched:
        patched.setattr(solver, "solve", lambda *a, **k: Solution("lost"))
        result = run("new", "fours", "--winnable", "--seed", str(MAX_SEED - 1))
    assert result.code == 1 and one_line(result.err)
    assert f"50 seeds from {MAX_SEED - 1} to 47" in result.err
    capped = json.loads(run("odds", "fours", "--deals", "3", "--jobs", "256", "--states", "50",
                            "--json").out)
    assert capped["won"] + capped["lost"] + capped["undecided"] == 3


def one_line(text: str) -> bool:
    return text.count("\n") == 1 and "Traceback" not in text


def test_a_game_lost_with_moves_left_says_they_cannot_help(run):
    """La Belle Lucie, seed 11, played with the first move each time: it ends
    with moves left that only shift cards about; 'moves' says the game is
    lost and why, rather than that no move is legal."""
    run("new", "la-belle-lucie", "--seed", "11")
    run("auto", "--foundations")
    for _ in range(200):
        if run("move", "1").code != 0:
            break
    assert json.loads(run("show", "--json").out)["status"] == "lost"
    said = run("moves").out
    assert said.startswith("The game is lost: every move left only shifts cards")
    assert "was looked at" in said



def test_a_pile_named_by_its_number_takes_no_article(run):
    """'Row 1 is empty', as one says 'Foundation 8'; a pile named by its book
    name keeps it: 'the Stock (12)'."""
    run("new", "klondike", "--seed", "3")
    run("move", "1", "2")
    empty = run("move", "1", "3")
    assert empty.code == 1 and "Row 1 is empty" in empty.err and "the Row" not in empty.err
    stock = run("move", "12", "1")
    assert "the Stock (12) is dealt, not played from" in stock.err


def test_a_refusal_cites_the_numbered_rule_that_forbids_it(run):
    """Data-only games cite their rules as the module games do: the number is
    the one 'patience rules' prints."""
    run("new", "klondike", "--seed", "3")
    build = run("move", "2", "3")
    assert build.code == 1 and build.err.rstrip().endswith("(rule 3)")
    assert "3. On the Rows a card goes on one of the other colour" in run("rules", "klondike").out
    stock = run("move", "12", "1")
    assert "(rule 7) (patience deal)" in stock.err
    run("new", "flower-garden", "--seed", "7", "--force")
    start = run("move", "1", "8", "--json")
    assert json.loads(start.out)["error"].endswith("takes only an ace: the Q♦ cannot start it (rule 2)")


def test_a_cited_topic_must_stand_in_a_numbered_rule(tmp_path, monkeypatch):
    from patience_cli import rules_text
    from patience_cli.layout import load_layout

    (tmp_path / "fours.md.j2").write_text("## Rules\n\n1. Build. {{ cites('build:x') }}\n"
                                          "   more of rule one {{ cites('deal') }}\n\n"
                                          "A note {{ cites('free:y') }}\n")
    monkeypatch.setattr(rules_text, "data_dir", lambda name: tmp_path)
    with pytest.raises(ValueError, match="outside a numbered rule"):
        rules_text.rule_citations(load_layout("fours"))
    (tmp_path / "fours.md.j2").write_text("## Rules\n\n1. Build. {{ cites('build:x') }}\n"
                                          "   more of rule one {{ cites('deal') }}\n"
                                          "2. Free. {{ cites('free:y', 'build:x') }}\n")
    layout = load_layout("fours")
    assert rules_text.rule_citations(layout) == {"build:x": 1, "deal": 1, "free:y": 2}
    assert rules_text.rule_cited(layout, ("empty:x", "free:y")) == 2
    assert "cites" not in rules_text.render_rules(layout) and "\u27e6" not in \
        rules_text.render_rules(layout)


def test_a_books_own_title_finds_its_game_and_variant(run):
    """A player holding Hoffmann's book types his titles: 'trefoil' is La Belle
    Lucie's variant trefoil, 'windmill' the Mill's, 'the picture gallery' the
    Salic Law's; a title that names a variant refuses another --variant."""
    import json

    for typed, game, variant in (("trefoil", "la-belle-lucie", "trefoil"),
                                 ("windmill", "mill", "windmill"),
                                 ("The Picture Gallery", "salic-law", "picture-gallery"),
                                 ("parallels", "labyrinth", "parallels")):
        result = run("new", typed, "--seed", "3", "--dry-run", "--json")
        assert result.code == 0, result.err
        shown = json.loads(result.out)
        assert (shown["game"], shown["variant"]) == (game, variant), typed
    refused = run("new", "trefoil", "--variant", "house-in-the-wood", "--dry-run")
    assert refused.code == 2 and "leave out --variant" in refused.err
    unknown = run("new", "no such game", "--dry-run")
    assert unknown.code != 0 and "no game called" in unknown.err


def test_the_other_commands_take_a_books_title_too(run):
    rules = run("rules", "trefoil")
    assert rules.code == 0 and "The Trefoil" in rules.out
    dealt = run("deal-out", "windmill", "--seed", "2")
    assert dealt.code == 0 and "mill+windmill@2.r1" in dealt.out


def test_a_hint_is_written_in_lines_of_at_most_80_columns(run):
    """The hint's command stands on a line of its own, to copy; its words are
    wrapped at 80 columns like the board (#73: hint lines ran to 97-102)."""
    run("new", "klondike", "--seed", "3")
    said = run("hint")
    assert said.code == 0
    lines = said.out.splitlines()
    assert lines[0].startswith("Hint: patience ")
    assert all(len(line) <= 80 for line in lines), lines


def test_klondikes_counters_are_explained_under_the_board_once(run):
    """#73: 'counters -52' was explained only on the printed sheet."""
    dealt = run("new", "klondike", "--seed", "3")
    assert "(Counters: 52 paid for the deal, 5 won for each card on a foundation.)" in dealt.out
    assert "paid for the deal" not in run("deal").out
