"""The ``grimoire`` command as a user runs it, on the bundled snapshot."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(*args: str, env_home=None) -> subprocess.CompletedProcess:
    import os

    env = {**os.environ}
    if env_home is not None:
        env["GRIMOIRE_HOME"] = str(env_home)
    return subprocess.run([sys.executable, "-m", "grimoire", *args], capture_output=True, text=True, env=env,
                          timeout=120)


@pytest.mark.parametrize(("name", "faces"), [
    ("Fire // Ice", ["[Fire]", "[Ice]"]),
    ("delver of secrets", ["[Delver of Secrets]", "[Insectile Aberration]"]),
    ("Brazen Borrower", ["[Brazen Borrower]", "[Petty Theft]"]),
])
def test_card_shows_every_face(home, name, faces):
    result = run("card", name, env_home=home)
    assert result.returncode == 0, result.stderr
    for face in faces:
        assert face in result.stdout


def test_card_text_and_json(home):
    result = run("card", "Lightning Bolt", env_home=home)
    assert "Lightning Bolt deals 3 damage to any target." in result.stdout
    record = json.loads(run("card", "lightning bolt", "--json", env_home=home).stdout)
    assert record["name"] == "Lightning Bolt" and record["mana_value"] == 1
    assert record["oracle_id"].startswith("syn:")
    assert record["rulings"] is None  # the snapshot has no rulings: unknown, not "none"


def test_unknown_card_names_the_closest_matches(home):
    result = run("card", "Bolt Ligtning Dragonz", env_home=home)
    assert result.returncode == 1
    assert "No card named" in result.stderr and "Did you mean" in result.stderr


def test_search_finds_cards_by_words(home):
    result = run("search", '"deals 3 damage to any target"', "instant", "-n", "50", env_home=home)
    assert result.returncode == 0
    assert "Lightning Bolt" in result.stdout


def test_search_operator_is_a_clear_error_with_position(home):
    result = run("search", 'burn o:"any target"', env_home=home)
    assert result.returncode == 1
    assert "at character 6" in result.stderr


def test_data_info_reports_the_snapshot(home):
    result = run("data", "info", env_home=home)
    assert result.returncode == 0
    assert "oracle-corpus" in result.stdout and "33," in result.stdout
    assert "synthetic" in result.stdout
    info = json.loads(run("data", "info", "--json", env_home=home).stdout)
    assert info["card_count"] > 33_000


def test_data_load_of_a_bad_file_keeps_the_current_store(home, tmp_path):
    bad = tmp_path / "oracle_cards.json"
    bad.write_text('[{"object": "card", "name": ')
    result = run("data", "load", "scryfall", str(bad), env_home=home)
    assert result.returncode == 1
    assert "unchanged" in result.stderr and "oracle_cards.json" in result.stderr
    assert json.loads(run("data", "info", "--json", env_home=home).stdout)["source"] == "oracle-corpus"
