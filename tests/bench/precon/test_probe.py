"""The memorisation probe with a scripted model: the anonymised deck is shown, replies are scored against precons."""

from __future__ import annotations

import json

import pytest

import grimoire
from grimoire.bench.precon.dataset import load_dataset
from grimoire.bench.precon.probe import names_the_deck, probe_prompt, rates_by_split, run_probe
from grimoire.llm import complete_fn
from tests.bench.precon.fixtures_data import make_fixture_dataset


@pytest.fixture(scope="module")
def db():
    return grimoire.open()


@pytest.fixture(scope="module")
def dataset(tmp_path_factory, db):
    return load_dataset(make_fixture_dataset(tmp_path_factory.mktemp("probe"), db))


def test_the_prompt_hides_the_commander_and_the_product(dataset, db):
    pid = next(p for p in dataset.precon_ids if dataset.precon(p)["deck_name"] == "Grave Alpha")
    prompt = probe_prompt(dataset.deck(pid), db)
    assert "Meren of Clan Nel Toth" not in prompt and "your commander" in prompt.lower()
    assert "Grave Alpha" not in prompt and "Alpha Commander" not in prompt and "AAC" not in prompt
    assert "Viscera Seer" in prompt


def test_a_reply_names_the_deck_by_whole_words():
    assert names_the_deck("I think it is *Grave Alpha* from Alpha Commander.", "Grave Alpha")
    assert names_the_deck("grave-alpha", "Grave Alpha")
    assert not names_the_deck("Gravely Alphabetical", "Grave Alpha")
    assert not names_the_deck("unknown", "Grave Alpha")


def test_rates_per_split_from_a_scripted_model(dataset, db, tmp_path):
    order = [dataset.precon(row.precon_id)["deck_name"] for row in dataset.split_rows()]
    replies = [f"That is {name}." if name in ("Grave Alpha", "Blood Beta") else "unknown" for name in order]
    script = tmp_path / "probe.jsonl"
    script.write_text("".join(json.dumps({"text": reply}) + "\n" for reply in replies), encoding="utf-8")
    answers = run_probe(dataset, db, complete_fn(f"scripted/{script}"))
    assert [a.deck_name for a in answers] == order
    assert rates_by_split(answers) == {"dev": (1, 1), "test": (1, 2)}
