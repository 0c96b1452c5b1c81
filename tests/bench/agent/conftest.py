"""A store of 40 numbered red instants and 5 green creatures, and tasks over it, for the agent benchmark tests."""

from __future__ import annotations

import json

import pytest

from grimoire.cards.store import CardDB, write_store
from tests.search.conftest import card

INSTANTS = [card(f"Spark {n:02d}", "{R}", "Instant", f"Spark {n:02d} deals {n} damage to any target.")
            for n in range(1, 41)]
CREATURES = [card(f"Grove Beast {n}", "{1}{G}", "Creature — Beast", "Reach", pt="2/2") for n in range(1, 6)]


@pytest.fixture(scope="session")
def spark_db(tmp_path_factory) -> CardDB:
    folder = tmp_path_factory.mktemp("spark-store")
    write_store(folder, INSTANTS + CREATURES, {"source": "test"})
    return CardDB(folder)


# Rows in the published agent_tasks columns (id, prompt, kind, source, relevant, graded, filters, popular), as the
# card of the Hugging Face dataset kasper-cbx/mtg-search-bench documents them, plus our relevant_names /
# graded_names for a store without Scryfall oracle ids.
TASK_ROWS = [
    {"id": "t-burn", "prompt": "A one-mana red burn instant.", "kind": "attr", "source": "test", "relevant": [],
     "graded": [], "filters": json.dumps({"color_identity": "r", "types": ["instant"]}), "popular": None,
     "relevant_names": ["Spark 01", "Spark 02", "Spark 03"], "graded_names": ["Spark 01"], "split": "dev"},
    {"id": "t-deck", "prompt": "Cards that ping for my aggro deck.", "kind": "deck", "source": "test",
     "relevant": [], "graded": [], "filters": "{}", "popular": None,
     "relevant_names": ["Spark 04", "Spark 05", "No Such Card"], "graded_names": [], "split": "test"},
    {"id": "t-known", "prompt": "The green beast that has reach, the first one.", "kind": "known",
     "source": "known-obscure", "relevant": [], "graded": [], "filters": json.dumps({"color_identity": "g"}),
     "popular": False, "relevant_names": ["Grove Beast 1"], "graded_names": ["Grove Beast 1"], "split": "test"},
]


@pytest.fixture
def tasks_file(tmp_path):
    path = tmp_path / "tasks.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in TASK_ROWS), encoding="utf-8")
    return path
