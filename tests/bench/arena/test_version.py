"""The harness version changes with anything that shapes what a player sees, and other versions are left out."""

from __future__ import annotations

import json
from pathlib import Path

from grimoire.bench.arena.league import load_games
from grimoire.bench.arena.version import harness_version, versioned_files


def test_the_version_covers_the_prompt_the_options_the_decks_and_the_rules():
    import grimoire.render.cards

    names = {path.name for path in versioned_files()}
    assert {"game.py", "wording.py", "prompt.py", "tools.py", "llm_player.py", "delver.txt", "burn.txt",
            "rules.py"} <= names
    assert Path(grimoire.render.cards.__file__) in versioned_files()
    assert any(name.startswith("MagicCompRules") for name in names)


def test_the_version_is_stable_and_moves_with_any_byte_or_engine_change(tmp_path):
    prompt = tmp_path / "prompt.py"
    prompt.write_text("SYSTEM = 'You are playing Magic.'\n")
    first = harness_version([prompt], engine="0.103.0")
    assert first == harness_version([prompt], engine="0.103.0") and len(first) == 12
    assert harness_version([prompt], engine="0.104.0") != first
    prompt.write_text("SYSTEM = 'You are playing Magic!'\n")
    assert harness_version([prompt], engine="0.103.0") != first
    assert harness_version() == harness_version()


def test_games_from_other_versions_are_excluded_unless_declared_compatible(tmp_path):
    log = tmp_path / "games.jsonl"
    base = {"game_id": "g", "deal": "1:a:b", "seed": 1, "first": 0, "players": ["x", "cpu"], "kinds": ["random", "cpu"],
            "decks": ["delver", "burn"], "winner": 0, "end": "win", "turns": 5, "decisions": 9, "actions": [],
            "census": {}, "usage": [{}, {}], "cost_usd": 0.0, "seconds": 1.0}
    log.write_text("\n".join(json.dumps(dict(base, game_id=f"g{i}", harness_version=v))
                             for i, v in enumerate(["new", "new", "old", "older"])) + "\n")
    kept, excluded = load_games(log, "new")
    assert [g.game_id for g in kept] == ["g0", "g1"] and len(excluded) == 2
    kept, excluded = load_games(log, "new", compatible=["old"])
    assert len(kept) == 3 and [g.harness_version for g in excluded] == ["older"]
    assert len(load_games(log)[0]) == 4


def test_the_version_moves_with_the_card_data(tmp_path):
    prompt = tmp_path / "prompt.py"
    prompt.write_text("SYSTEM = 'You are playing Magic.'\n")
    old = harness_version([prompt], engine="0.103.0", card_data="store-a")
    assert harness_version([prompt], engine="0.103.0", card_data="store-b") != old
    from grimoire.bench.arena.version import card_data_digest

    assert len(card_data_digest()) == 64 and card_data_digest() == card_data_digest()
