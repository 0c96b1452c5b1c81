"""The precon harness end to end, offline: a scripted model searches and submits cuts and adds for a one-precon
dataset built from the Golgari fixture deck; the picks land in the EPISODES file beside the inspect log."""

from __future__ import annotations

import json
import re

import pytest

from grimoire.bench.precon.harness import (
    deck_prompt,
    episodes_from_log,
    precon_dataset,
    run_precon_bench,
)
from tests.bench.precon.harness_fixtures import (
    DECK_NAME,
    PRECON_ID,
    PRODUCT,
    RELEASE,
    build_dataset,
    bundled_db,
    script,
)


@pytest.fixture(scope="module")
def db():
    return bundled_db()


@pytest.fixture
def dataset(tmp_path, db):
    return build_dataset(tmp_path / "dataset", db)


def test_the_prompt_shows_card_text_marks_the_commander_and_hides_the_product(dataset, db):
    prompt = deck_prompt(dataset.deck(PRECON_ID), db)
    assert "COMMANDER: Meren of Clan Nel Toth" in prompt
    assert "Whenever another creature you control dies, you get an experience counter." in prompt
    assert "Sol Ring\n  {1}  Artifact\n  {T}: Add {C}{C}." in prompt
    assert "12x Forest" in prompt
    for leak in (PRODUCT, DECK_NAME, RELEASE, "Released", "Rarity", "price", "EDHREC", "$"):
        assert leak not in prompt
    sample = precon_dataset(dataset, db)[0]
    assert sample.id == PRECON_ID and sample.metadata["color_identity"] == "bg"


def test_a_scripted_agent_searches_and_its_picks_land_in_the_episodes_file(dataset, db, tmp_path):
    cuts = ["Murder", "Doom Blade", "Not A Real Card"]
    adds = ["Ramunap Excavator", "Izoni, Thousand-Eyed", "Deathrite Shaman"]
    turns = [{"tool": "search", "arguments": {"query": "return creature card from graveyard"}},
             {"tool": "submit", "arguments": {"cuts": cuts, "adds": adds}}]
    run = run_precon_bench(dataset, db, script(tmp_path / "agent.jsonl", turns), log_dir=tmp_path / "logs",
                           search_mode="bm25")
    assert run.log_path.exists() and run.episodes_path.name.endswith(".episodes.jsonl")
    assert run.episodes_path.parent == run.log_path.parent
    (episode,) = [json.loads(line) for line in run.episodes_path.read_text().splitlines()]
    assert episode["precon_id"] == PRECON_ID and episode["model"].startswith("scripted/")
    assert episode["cuts"] == cuts and episode["adds"] == adds
    assert episode["cut_ids"][0] == db.named("Murder").oracle_id and episode["cut_ids"][2] is None
    assert episode["add_ids"] == [db.named(name).oracle_id for name in adds]
    assert episode["calls_used"] == 1 and not episode["never_submitted"]
    assert episode["input_tokens"] > 0 and episode["output_tokens"] > 0 and episode["cost"] == 0.0
    assert episodes_from_log(run.log_path) == run.episodes


def test_searches_are_capped_and_a_silent_agent_submits_nothing(dataset, db, tmp_path):
    turns = [{"tool": "search", "arguments": {"query": "draw cards"}}] * 12
    run = run_precon_bench(dataset, db, script(tmp_path / "agent.jsonl", turns), log_dir=tmp_path / "logs",
                           search_mode="bm25", max_calls=3)
    (episode,) = run.episodes
    assert episode["calls_used"] == 3 and episode["refused_calls"] >= 1
    assert episode["never_submitted"] and episode["cuts"] == [] and episode["adds"] == []


def test_only_the_first_picks_count(dataset, db, tmp_path):
    names = [c.name for c in dataset.deck(PRECON_ID).cards if not c.is_commander][:25]
    turns = [{"tool": "submit", "arguments": {"cuts": names, "adds": []}}]
    run = run_precon_bench(dataset, db, script(tmp_path / "agent.jsonl", turns), log_dir=tmp_path / "logs",
                           search_mode="bm25")
    assert run.episodes[0]["cuts"] == names[:20]


def test_search_keeps_to_the_decks_identity_and_commander_legality(dataset, db, tmp_path):
    turns = [{"tool": "search", "arguments": {"query": "counter target spell"}},
             {"tool": "submit", "arguments": {"cuts": [], "adds": []}}]
    run = run_precon_bench(dataset, db, script(tmp_path / "agent.jsonl", turns), log_dir=tmp_path / "logs",
                           search_mode="bm25")
    from inspect_ai.log import read_eval_log

    sample = read_eval_log(str(run.log_path)).samples[0]
    shown = next(m.text for m in sample.messages if m.role == "tool")
    # The search tool answers what MCP search_cards does: "3. Name  {cost}  · mv 3 · ..." heads each card.
    names = [match.group(1) for match in re.finditer(r"^\d+\. (.+?)  (?:\{|·)", shown, re.MULTILINE)]
    assert names
    for name in names:
        card = db.named(name)
        assert set(card.color_identity) <= {"B", "G"} and card.legality("commander") == "legal"
