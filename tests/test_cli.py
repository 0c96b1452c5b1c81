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


def test_search_shows_its_reading_and_literal_turns_it_off(home):
    read = run("search", "white removal instant", "-n", "5", env_home=home)
    assert read.returncode == 0 and read.stdout.startswith("read as: id<=w t:instant")
    literal = run("search", "white removal instant", "-n", "5", "--literal", "--json", env_home=home)
    assert json.loads(literal.stdout)["readings"][0]["chips"] == []


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


@pytest.mark.parametrize("args", [
    ["search", "whenever a creature you control dies, draw a card", "--id", "bg", "--format", "commander"],
    ["search", 't:instant id<=r mv<=1 o:"damage to any target"'],
    ["similar", "Smothering Tithe"],
    ["search", "role:ramp t:creature id:g mv<=2"],
])
def test_search_commands_from_the_issue(home, args):
    result = run(*args, "--json", env_home=home)
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["results"], payload
    for item in payload["results"]:
        assert item["roles"] is not None and item["why"]
    if "t:instant" in args[1]:
        assert all(r["mana_value"] <= 1 and set(r["color_identity"]) <= {"R"} for r in payload["results"])


def test_search_text_output_and_paging(home):
    first = run("search", "t:creature c:g pow>=8", "-n", "2", env_home=home).stdout
    second = run("search", "t:creature c:g pow>=8", "-n", "2", "-p", "2", env_home=home).stdout
    assert first.startswith("1-2 of ") and second.startswith("3-4 of ")
    assert "1. " in first and "3. " in second


def test_bad_query_points_at_the_problem(home):
    result = run("search", 't:instant o:"draw', env_home=home)
    assert result.returncode == 1
    assert "unclosed quote (at character 13)" in result.stderr
    assert "\n  t:instant o:\"draw\n              ^" in result.stderr
