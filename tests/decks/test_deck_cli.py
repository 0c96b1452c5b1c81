"""``grimoire deck check`` and ``grimoire deck stats`` as a user runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.decks.conftest import DECKS


def run(*args: str, home) -> subprocess.CompletedProcess:
    env = {**os.environ, "GRIMOIRE_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "grimoire", "deck", *args], capture_output=True, text=True,
                          env=env, timeout=60)


def test_check_broken_deck_exits_1_with_line_numbers(home):
    result = run("check", str(DECKS / "broken_commander.txt"), "--bracket", "3", home=home)
    assert result.returncode == 1
    assert "line 30: '1 Notacard Xyz'" in result.stderr
    assert "[banned]" in result.stdout and "Mana Crypt" in result.stdout
    assert "[game changers]" in result.stdout


def test_check_json_and_stats_json(home, tmp_path):
    deck = {"data": {"name": "Tiny", "mainBoard": [{"name": "Lightning Bolt", "count": 5}]}}
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(deck), encoding="utf-8")
    result = run("check", str(path), "--format", "modern", "--json", home=home)
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert report["legal"] is False
    assert {v["rule"] for v in report["violations"]} >= {"deck size", "copies"}


def test_legal_deck_and_stats_in_process(home, capsys):
    from grimoire.cli import main

    assert main(["deck", "check", str(DECKS / "golgari_commander.txt"), "--bracket", "2"]) == 0
    assert "legal as far as the data shows" in capsys.readouterr().out
    assert main(["deck", "check", str(DECKS / "golgari_commander.txt"), "--format", "EDH", "--bracket", "2"]) == 0
    assert "commander:" in capsys.readouterr().out  # Scryfall's shorthand names the format
    assert main(["deck", "stats", str(DECKS / "golgari_commander.txt"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["stats"]["land_count"] == 37
    assert main(["deck", "stats", str(DECKS / "broken_commander.txt")]) == 0
    out, err = capsys.readouterr()
    assert "line 30" in err and "Mana curve" in out and "lands" in out
    assert main(["deck", "check", str(DECKS / "missing.txt")]) == 1
    assert "missing.txt" in capsys.readouterr().err


def test_a_deck_with_no_card_lists_each_unreadable_line_once(home, tmp_path):
    path = tmp_path / "nothing.txt"
    path.write_text("1 Notacard Xyz\n2 Blorp Zzkq\n", encoding="utf-8")
    result = run("check", str(path), home=home)
    assert result.returncode == 1
    assert result.stderr.count("line 1: '1 Notacard Xyz'") == 1 and result.stderr.count("line 2:") == 1


def test_check_a_moxfield_plain_export_without_a_commander_header(home, capsys):
    """`deck check` of Moxfield's plain-text export, whose commander is its first line (it said "no commander")."""
    from grimoire.cli import main

    assert main(["deck", "check", str(DECKS / "moxfield_plain_commander.txt"), "--format", "commander"]) == 0
    captured = capsys.readouterr()
    assert "commander: Meren of Clan Nel Toth" in captured.out and "no commander" not in captured.out
    assert "note: line 1: took Meren of Clan Nel Toth as the commander" in captured.err  # said in text too
    assert main(["deck", "check", str(DECKS / "moxfield_plain_commander.txt"), "--json"]) == 0
    assert "took Meren of Clan Nel Toth as the commander" in json.loads(capsys.readouterr().out)["deck"]["notes"][0]


def test_a_deck_file_is_read_whatever_its_name_and_a_missing_one_is_named(home, tmp_path, monkeypatch, capsys):
    """Only .txt, .json, .dek and .dck names and names with a slash had been read as files: "mydeck" was read as
    a one-line decklist, refused as "no card named 'mydeck'"."""
    from grimoire.cli import main

    monkeypatch.chdir(tmp_path)
    listing = (DECKS / "golgari_commander.txt").read_text(encoding="utf-8")
    for name in ("mydeck", "deck.dec", "list.mwDeck"):
        (tmp_path / name).write_text(listing, encoding="utf-8")
        assert main(["deck", "stats", name, "--json"]) == 0, capsys.readouterr().err
        assert json.loads(capsys.readouterr().out)["stats"]["land_count"] == 37
        assert main(["deck", "check", name, "--bracket", "2"]) == 0
        assert "legal as far as the data shows" in capsys.readouterr().out
    for missing in ("gone.dec", "gonedeck"):  # (one word naming no file nor card had been "no card named")
        assert main(["deck", "check", missing]) == 1
        err = capsys.readouterr().err
        assert f"no deck file at {missing}" in err and "no card named" not in err


def test_a_saved_moxfield_deck_is_checked_in_its_own_format_and_says_so(home, tmp_path):
    """A Modern deck's Moxfield answer (its `format`, as tests/decks/test_fetch.py's MOXFIELD_MODERN) had been
    checked as Commander, with three false errors; --format still wins."""
    from tests.decks.test_fetch import MOXFIELD_MODERN

    path = tmp_path / "burn.json"
    path.write_text(json.dumps(MOXFIELD_MODERN), encoding="utf-8")
    result = run("check", str(path), home=home)
    assert result.returncode == 0, result.stdout
    assert "checked as modern: the deck's own format: moxfield.com says the deck is 'modern'" in result.stdout
    asked = run("check", str(path), "--format", "commander", "--json", home=home)
    assert asked.returncode == 1 and json.loads(asked.stdout)["format"] == "commander"


def test_a_format_the_data_cannot_check_is_legality_unknown_not_legal(home, capsys):
    """The bundled data holds no Modern legality: the first line had said "modern: legal as far as the data shows"
    where the web page said "legality unknown"; every surface now says the library's verdict."""
    from grimoire.cli import main

    assert main(["deck", "check", str(DECKS / "modern_burn.dek"), "--format", "modern"]) == 0
    out = capsys.readouterr().out
    assert "modern: legality unknown with this card data" in out and "legal as far as" not in out
    assert main(["deck", "check", str(DECKS / "modern_burn.dek"), "--format", "modern", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "legality unknown"


def test_a_bracket_check_that_passes_shows_the_game_changer_count(home, capsys):
    """`--bracket 3` on a passing deck had said nothing of brackets: the count against the limit is a note."""
    from grimoire.cli import main

    assert main(["deck", "check", str(DECKS / "golgari_commander.txt"), "--bracket", "3"]) == 0
    out = capsys.readouterr().out
    assert "commander: legal as far as the data shows" in out
    assert "note [bracket] 0 Game Changers; bracket 3 allows at most 3" in out
    assert main(["deck", "check", str(DECKS / "golgari_commander.txt"), "--bracket", "4", "--json"]) == 0
    [note] = [v for v in json.loads(capsys.readouterr().out)["violations"] if v["rule"] == "bracket"]
    assert note["severity"] == "note" and "bracket 4 allows any number" in note["message"]
