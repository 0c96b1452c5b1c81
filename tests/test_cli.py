"""The ``grimoire`` command as a user runs it, on the bundled snapshot."""

from __future__ import annotations

import json
import re
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
    # The page's header, then how the words were read, before any card.
    assert read.returncode == 0 and read.stdout.splitlines()[1].startswith("read as: id<=w t:instant")
    literal = run("search", "white removal instant", "-n", "5", "--literal", "--json", env_home=home)
    assert json.loads(literal.stdout)["readings"][0]["chips"] == []


def test_data_info_reports_the_snapshot(home):
    result = run("data", "info", env_home=home)
    assert result.returncode == 0
    assert "oracle-corpus" in result.stdout and "33," in result.stdout
    assert "synthetic" in result.stdout
    info = json.loads(run("data", "info", "--json", env_home=home).stdout)
    assert info["card_count"] > 33_000


def _pointer_not_utf8(pointer):
    pointer.write_bytes(b"\xff\xfe\x00")


def _pointer_a_folder(pointer):
    pointer.mkdir()


def _pointer_empty(pointer):
    pointer.write_text("")


def _pointer_to_no_store(pointer):
    pointer.write_text("scryfall-20260101T000000-gone\n")


@pytest.mark.parametrize("damage", [_pointer_not_utf8, _pointer_a_folder, _pointer_empty, _pointer_to_no_store])
def test_a_damaged_pointer_file_falls_back_to_the_snapshot_and_data_info_says_so(home, damage):
    home.mkdir(parents=True, exist_ok=True)
    damage(home / "current")
    card = run("card", "Sol Ring", env_home=home)
    assert card.returncode == 0 and "Traceback" not in card.stderr, card.stderr
    assert "Sol Ring" in card.stdout
    assert "grimoire: warning: the pointer file" in card.stderr and "grimoire data reset" in card.stderr
    info = run("data", "info", env_home=home)
    assert info.returncode == 0, info.stderr
    assert info.stdout.startswith("Problem:   the pointer file") and "grimoire data reset" in info.stdout
    assert json.loads(run("data", "info", "--json", env_home=home).stdout)["problem"].startswith("the pointer")
    assert run("data", "reset", env_home=home).returncode == 0
    assert "Problem" not in run("data", "info", env_home=home).stdout


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
    assert first.startswith("'t:creature c:g pow>=8': cards 1-2 of ") and "(more: page=2)" in first
    assert "cards 3-4 of " in second.splitlines()[0]
    assert "\n1. " in first and "\n3. " in second and "why: " not in first  # syntax only: sorted by name


def test_bad_query_points_at_the_problem(home):
    result = run("search", 't:instant o:"draw', env_home=home)
    assert result.returncode == 1
    assert "grimoire: bad query: unclosed quote (at character 13):" in result.stderr
    assert "\nt:instant o:\"draw\n            ^\n" in result.stderr


def test_a_query_may_start_with_negated_syntax(home, tmp_path):
    """"-t:land" is a query, not -t with the value ":land"; -q takes one too; "-n=2" is still the option."""
    result = run("search", "ramp", "-t:land", "-mv>=3", "-n=2", env_home=home)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("'ramp' | '-t:land' | '-mv>=3': cards 1-2 of ")
    similar = run("similar", "Sol", "Ring", "-q", "-t:creature", "-n", "3", env_home=home)
    assert similar.returncode == 0 and "filters applied: -t:creature" in similar.stdout
    assert "\n3. " in similar.stdout and "Creature" not in similar.stdout


def test_a_query_read_as_an_option_says_how_to_pass_it(home):
    """"-ramp" and "-t=elf" read as options had left argparse's "the following arguments are required: query"."""
    result = run("search", "-t=elf", env_home=home)
    assert result.returncode == 2 and "goes after '--', as in: grimoire search -- '-ramp t:elf'" in result.stderr
    similar = run("similar", "Sol Ring", "-q", "-t=tribal", env_home=home)
    assert similar.returncode == 2 and "is given with '=', as in: -q='-t=tribal'" in similar.stderr
    passed = run("similar", "Sol Ring", "-q=-t=tribal", "-n", "1", env_home=home)
    assert passed.returncode in (0, 1) and "expected one argument" not in passed.stderr


def test_a_filter_the_card_data_cannot_answer_names_the_option(home, tmp_path):
    result = run("search", "ramp", "--format", "modern", env_home=home)
    assert result.returncode == 1 and result.stderr.startswith(
        "grimoire: bad --format: the loaded card data has no modern legality")
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Sol Ring\n1 Island\n")
    stats = run("deck", "stats", str(deck), "--format", "chess", env_home=home)
    assert stats.returncode == 1 and "unknown format 'chess'; deck checks support commander" in stats.stderr


def _on_a_terminal(*args: str, env_extra: dict[str, str]) -> str:
    """What ``grimoire ARGS`` writes when its standard output is a terminal (a pseudo-terminal 60 columns wide)."""
    import fcntl
    import os
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 60, 0, 0))
    env = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "COLUMNS", "TERM")}
    process = subprocess.Popen([sys.executable, "-m", "grimoire", *args], stdout=slave, stderr=subprocess.DEVNULL,
                               env={**env, "TERM": "xterm-256color", **env_extra})
    os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=120)
    os.close(master)
    return b"".join(chunks).decode("utf-8", "replace")


def _colours(text: str) -> list[str]:
    """The colour codes among the ANSI styles in ``text`` (bold and dim are styles, not colours)."""
    params = [p for sgr in re.findall(r"\x1b\[([0-9;]*)m", text) for p in sgr.split(";")]
    return [p for p in params if p.isdigit() and (30 <= int(p) <= 38 or 90 <= int(p) <= 97)]


def test_terminal_output_wraps_to_the_width_and_is_coloured_on_a_terminal_only(home):
    args = ("search", "t:creature c:g pow>=8", "-n", "2")
    coloured = _on_a_terminal(*args, env_extra={"GRIMOIRE_HOME": str(home)})
    assert _colours(coloured)
    assert all(len(line) <= 60 for line in
               (re.sub(r"\x1b\[[0-9;]*m", "", line).rstrip() for line in coloured.splitlines()))
    plain = _on_a_terminal(*args, env_extra={"GRIMOIRE_HOME": str(home), "NO_COLOR": "1"})
    assert not _colours(plain) and "Aboroth" in plain  # NO_COLOR
    piped = run(*args, env_home=home).stdout
    assert "\x1b[" not in piped and any(len(line) > 60 for line in piped.splitlines())  # not wrapped


def test_piping_into_head_is_quiet(home):
    import os

    process = subprocess.Popen([sys.executable, "-m", "grimoire", "search", "draw a card", "-n", "100"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={**os.environ, "GRIMOIRE_HOME": str(home)})
    process.stdout.readline()
    process.stdout.close()  # what head does after its lines
    stderr = process.stderr.read().decode()
    process.wait(timeout=120)
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr and "Exception ignored" not in stderr


def test_a_limit_above_the_maximum_says_it_was_capped(home):
    result = run("search", "draw a card", "-n", "500", "--json", env_home=home)
    assert result.returncode == 0 and json.loads(result.stdout)["limit"] == 100
    assert "note: 500 results per page is above the maximum; showing 100 per page" in result.stderr


def test_the_readme_search_modes_are_all_accepted():
    from grimoire.cli import build_parser
    from grimoire.search.engine import MODES

    for mode in MODES:
        assert build_parser().parse_args(["search", "draw", "--mode", mode]).mode == mode
    assert "late" in MODES


@pytest.mark.slow
def test_late_mode_reranks(home):
    result = run("search", "counter target spell", "--mode", "late", "-n", "3", "--json", env_home=home)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["mode"] == "late" and json.loads(result.stdout)["results"]


def test_a_huge_page_or_limit_is_quoted_short(tmp_path):
    """A 5,000-digit page had been quoted whole by argparse, a 400-digit one by the empty page's line."""
    refused = run("search", "elf", "-p", "9" * 5000, env_home=tmp_path)
    assert refused.returncode == 2 and "a whole number, not '999" in refused.stderr and len(refused.stderr) < 1500
    past = run("search", "elf", "-p", "9" * 400, env_home=tmp_path)
    assert past.returncode == 0 and "(400 characters)" in past.stdout and len(past.stdout) < 1000


def _without_keys(*args: str, home, umask: int | None = None) -> subprocess.CompletedProcess:
    import os

    env = {name: value for name, value in os.environ.items() if not name.endswith("_API_KEY")}
    return subprocess.run([sys.executable, "-m", "grimoire", *args], capture_output=True, text=True, timeout=300,
                          env={**env, "GRIMOIRE_HOME": str(home)}, umask=-1 if umask is None else umask)


@pytest.mark.parametrize("args", [
    ["bench", "agent", "--model", "anthropic/claude-sonnet-4-5", "--tools", "search", "--limit", "1"],
    ["bench", "grade", "--model", "anthropic/claude-sonnet-4-5", "--run", "run.episodes.jsonl", "--out", "grades"],
    ["precon", "run", "--data", "precon-data", "--model", "anthropic/claude-sonnet-4-5", "--max-cost", "5"],
    ["precon", "judge", "--data", "precon-data", "--run", "run.episodes.jsonl", "--model",
     "anthropic/claude-sonnet-4-5"],
    ["precon", "probe", "--data", "precon-data", "--model", "anthropic/claude-sonnet-4-5"],
])
def test_a_model_without_its_key_is_refused_in_one_plain_line(home, tmp_path, args):
    result = _without_keys(*args, home=home)
    assert result.returncode == 1 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("grimoire: anthropic/claude-sonnet-4-5 cannot run: ")
    assert re.search(r"ANTHROPIC_API_KEY|pip install anthropic", lines[0]) and "[" not in lines[0]


def test_a_precon_run_before_the_build_names_the_build_command(home, tmp_path):
    result = _without_keys("precon", "run", "--data", str(tmp_path / "precon-data"), "--model", "role_balance",
                           home=home)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1 and "has no decks.parquet" in result.stderr
    assert f"grimoire precon build --snapshot YYYY-MM-DD --out {tmp_path / 'precon-data'}" in result.stderr


def test_a_small_load_is_refused_with_the_override_named(home, fixtures):
    result = run("data", "load", "scryfall", str(fixtures / "scryfall" / "oracle_cards.json"), env_home=home)
    assert result.returncode == 1
    assert "Refusing" in result.stderr and "--min-cards" in result.stderr


def test_data_embed_keeps_file_modes_and_names_only_embeddings_the_store_lacks(home, fixtures):
    source = str(fixtures / "scryfall" / "oracle_cards.json")
    loaded = _without_keys("data", "load", "scryfall", source, "--min-cards", "1", "--encoder", "all", home=home,
                           umask=0o022)
    assert loaded.returncode == 0, loaded.stderr
    embedded = _without_keys("data", "embed", home=home, umask=0o022)
    assert embedded.returncode == 0, embedded.stderr
    assert "minilm" not in embedded.stdout  # the load embedded every card with it
    store = next(path for path in (home / "stores").iterdir() if (path / "cards.parquet").exists())
    modes = {path.relative_to(store).as_posix(): path.stat().st_mode & 0o777 for path in store.rglob("*")}
    assert modes and {mode for name, mode in modes.items() if (store / name).is_dir()} <= {0o755}
    assert {mode for name, mode in modes.items() if (store / name).is_file()} == {0o644}, modes
