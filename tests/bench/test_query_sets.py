"""The shipped players and tags query sets: their size, schema and split, and labels that respect the query's words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

import grimoire
from grimoire.bench.search.dataset import load_queries
from grimoire.bench.search.labels import LabelRule, apply_rule, identity_mask

QUERY_DIR = Path(grimoire.__file__).parent / "bench" / "search" / "queries"
FUNCTION_TAGS = """
sweeper sweeper-one-sided mana-rock mana-dork ramp-land sac-outlet token-doubler counter-doubler
steal threaten clone flicker reanimate tutor-creature tutor-land wheel impulse-draw cantrip looter
pillowfort stax extra-combat extra-turn cost-reducer haste-enabler evasion-granter lifegain-payoff
draw-punisher fog land-destruction treasure-maker graveyard-hate protection-granter untapper
landfall-payoff aristocrat-payoff free-spell removal creature-removal artifact-removal
enchantment-removal planeswalker-removal burn counterspell discard card-draw ramp tutor
tutor-artifact bounce mill self-mill token-maker anthem lifegain recursion edict lord mana-fixing
ritual mana-doubler copy-spell tapper goad proliferate
""".split()
# The readings of colour, type and cost words (docs/search-benchmark.md, "How the players set reads its words").
COLOUR_WORDS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g", "colorless": "c",
                "selesnya": "gw", "orzhov": "wb", "rakdos": "br", "gruul": "rg", "golgari": "bg", "simic": "gu",
                "izzet": "ur", "azorius": "wu", "boros": "rw", "dimir": "ub", "esper": "wub", "grixis": "ubr"}
COMMANDERS = {"atraxa": "wubg", "krenko": "r", "meren": "bg", "rhys the redeemed": "gw", "ur-dragon": "wubrg"}
TYPE_WORDS = {"instant": "instant", "instants": "instant", "equipment": "equipment", "enchantments": "enchantment",
              "artifacts": "artifact", "creatures": "creature", "lords": "creature", "dragons": "dragon"}


def rows(name: str) -> list[dict]:
    return [json.loads(line) for line in (QUERY_DIR / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def db():
    return grimoire.open()


@pytest.mark.parametrize("name, least", [("players", 100), ("tags", 60)])
def test_sets_have_the_seed_schema_a_recorded_split_and_three_to_eight_staples(name, least):
    queries = rows(name)
    assert len(queries) >= least and len({q["id"] for q in queries}) == len(queries)
    for query in queries:
        assert {"set", "id", "query", "relevant", "graded", "filters", "origin", "source", "labeling_rule",
                "split"} <= set(query) and query["set"] == name
        assert query["filters"] == "{}", query["id"]  # the words stay in the text; nothing is given as a filter
        assert query["split"] in ("dev", "test")
        assert 3 <= len(query["graded"]) <= 8, query["id"]
        graded = {item["oracle_id"] for item in query["graded"]}
        assert graded <= set(query["relevant"]), f"{query['id']}: a graded card is not relevant"
        assert len(query["relevant"]) == len(query["relevant_names"]), query["id"]
    splits = [q["split"] for q in queries]
    assert 0.25 < splits.count("dev") / len(splits) < 0.55  # dev for tuning, the rest held out


def test_tags_set_asks_for_every_function_tag_once():
    assert sorted(q["id"].removeprefix("tg-") for q in rows("tags")) == sorted(FUNCTION_TAGS)


def test_ids_and_names_point_at_the_same_cards_of_the_bundled_snapshot(db):
    for query in rows("players")[:20] + rows("tags")[:20]:
        for oracle_id, name in zip(query["relevant"], query["relevant_names"], strict=True):
            assert db.get(oracle_id).name == name


def _expected_identity(text: str) -> str | None:
    words = set(re.findall(r"[a-z-]+", text.lower()))
    letters = {COLOUR_WORDS[w] for w in words if w in COLOUR_WORDS}
    letters |= {identity for commander, identity in COMMANDERS.items() if commander in text.lower()}
    if not letters:
        return None
    return "".join(sorted(set("".join(letters)) - ({"c"} if len(letters) > 1 else set())))


def _expected_mana_value(text: str) -> tuple[float | None, float | None]:
    text = text.lower()
    if match := re.search(r"under (\d+) mana", text):
        return None, int(match.group(1)) - 1
    if match := re.search(r"\b(\d+) mana\b", text):
        return int(match.group(1)), int(match.group(1))
    if "cheap" in text:
        return None, 2
    if re.search(r"\bbig\b", text):
        return 6, None
    return None, None


@pytest.mark.parametrize("query", rows("players"), ids=lambda q: q["id"])
def test_players_rules_read_the_colour_type_and_cost_words(query):
    rule = LabelRule.from_json(query["labeling_rule"])
    identity = _expected_identity(query["query"])
    if identity is not None:
        assert sorted(rule.identity or "") == sorted(identity), f"{query['query']!r} reads as identity {rule.identity}"
    low, high = _expected_mana_value(query["query"])
    assert (rule.mana_value_min, rule.mana_value_max) == (low, high), query["query"]
    for word, type_name in TYPE_WORDS.items():
        # The word names the cards asked for when it heads the request ("blue clone creatures", "creatures that
        # blink"), not when it is what the cards act on ("steal creatures in blue", "cost reducers for artifacts").
        heads = rf"(?<!for )(?<!copy )(?<!my )(?<!steal )\b{word}(?= that| with| under|$)"
        if re.search(heads, query["query"].lower()):
            assert any(type_name in t.lower() for t in rule.types), f"{query['query']!r} should need type {type_name}"


def test_players_relevant_cards_respect_their_readings(db):
    """A 'white' query's relevant cards are within white; 'instant' means instants; 'under 3 mana' means mv <= 2."""
    columns = db.columns
    for query in rows("players"):
        rule = LabelRule.from_json(query["labeling_rule"])
        cards = np.array([db.row_of(oracle_id) for oracle_id in query["relevant"]])
        if rule.identity is not None:
            outside = columns.color_identity[cards] & np.uint8(31 & ~identity_mask(rule.identity))
            assert not outside.any(), f"{query['id']}: a card outside identity {rule.identity}"
        mana_value = columns.mana_value[cards]
        assert rule.mana_value_max is None or (mana_value <= rule.mana_value_max).all(), query["id"]
        assert rule.mana_value_min is None or (mana_value >= rule.mana_value_min).all(), query["id"]
        for row in cards:
            type_line = columns.type_line[row].lower()
            assert not rule.types or any(t in type_line for t in rule.types), (query["id"], columns.name[row])


@pytest.mark.parametrize("name", ["players", "tags"])
def test_labels_are_what_the_rules_rebuild(db, name):
    """scripts/build_query_labels.py is the only writer: a dev and a test query of each set rebuild unchanged."""
    queries = rows(name)
    for query in [next(q for q in queries if q["split"] == split) for split in ("dev", "test")]:
        relevant, graded = apply_rule(db, LabelRule.from_json(query["labeling_rule"]))
        assert relevant == query["relevant_names"] and graded == query["graded_names"]


def test_shipped_sets_load_with_every_label_resolved(db):
    for name in ("players", "tags"):
        query_set = load_queries(QUERY_DIR / f"{name}.jsonl", db)
        assert not query_set.warnings
        assert all(2 in q.gains.values() for q in query_set.queries)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["players", "tags"])
def test_every_label_is_what_its_rule_rebuilds(db, name):
    for query in rows(name):
        relevant, graded = apply_rule(db, LabelRule.from_json(query["labeling_rule"]))
        assert relevant == query["relevant_names"] and graded == query["graded_names"], query["id"]
