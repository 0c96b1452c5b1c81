"""The deck-fit judge with a scripted grader: rubric v3 verbatim, the commander anonymised, 15 candidates a call in
a seeded order, hidden controls reported, kappa on a re-grade, and the deck-fit score by hand."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from grimoire.bench.precon.episodes import read_episodes
from grimoire.bench.precon.judge import (
    build_prompt,
    deck_fit_rows,
    judge_adds,
    parse_fit_grades,
)
from grimoire.bench.precon.scorer import deck_fit_of, score_dataset
from tests.bench.precon.harness_fixtures import PRECON_ID, TOP_ADDS, build_dataset, bundled_db

# The seed's rubric v3, copied verbatim from the dataset card into the repo (tests/fixtures/seeds/README.md).
RUBRIC_FROM_SEED = (Path(__file__).parents[2] / "fixtures" / "seeds" / "precon_deck_fit_rubric_v3.txt").read_text(
    encoding="utf-8").strip()
ADDS = ["Izoni, Thousand-Eyed", "Deathrite Shaman", "Liliana, Death's Majesty", "Golgari Grave-Troll",
        "Living Death", "Dread Return", "Sylvan Library", "Grisly Salvage", "Jarad, Golgari Lich Lord",
        "Mazirek, Kraul Death Priest", "Syr Konrad, the Grim", "Fecundity", "Pawn of Ulamog", "Butcher of Malakir",
        "Dictate of Erebos", "Grave Pact", "Nadier's Nightblade", "Bastion of Remembrance", "Ob Nixilis, the Fallen",
        "Chittering Witch"]
CANDIDATE = re.compile(r"^Candidate (\d+): (.+?)  ", re.MULTILINE)


@pytest.fixture(scope="module")
def db():
    return bundled_db()


@pytest.fixture(scope="module")
def dataset(tmp_path_factory, db):
    return build_dataset(tmp_path_factory.mktemp("dataset"), db)


def episode(db, adds, model="scripted/a") -> dict:
    return {"precon_id": PRECON_ID, "model": model, "cuts": [], "adds": adds,
            "add_ids": [None if db.find(n) is None else db.find(n).oracle_id for n in adds]}


class Grader:
    """A scripted grader: grades cards by name (default 0) and records every prompt."""

    def __init__(self, grades: dict[str, int] | None = None, broken_replies: int = 0):
        self.grades = grades or {}
        self.prompts: list[str] = []
        self.broken = broken_replies

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.broken:
            self.broken -= 1
            return "I cannot grade these."
        found = CANDIDATE.findall(prompt)
        return json.dumps({"grades": [{"card": int(n), "grade": self.grades.get(name, 0)} for n, name in found]})

    def names(self, prompt: str) -> list[str]:
        return [name for _, name in CANDIDATE.findall(prompt)]


def test_the_prompt_anonymises_the_commander_and_lists_the_other_99(dataset, db):
    deck = dataset.deck(PRECON_ID)
    prompt = build_prompt(deck, db, [db.named("Sol Ring")])
    assert RUBRIC_FROM_SEED in prompt
    assert "Meren" not in prompt and "Your commander: {2}{B}{G}" in prompt
    assert "Whenever another creature you control dies, you get an experience counter." in prompt
    assert "\nSkullclamp" in prompt and "12 Forest" in prompt
    assert "Candidate 1: Sol Ring" in prompt and "at most 3 Game Changers" in prompt
    for leak in ("Secret Graveyard Product", "Grave Secrets Deck", "2031", "EDHREC", "scripted/"):
        assert leak not in prompt


def test_fifteen_candidates_a_call_in_a_reproducible_seeded_order_with_controls(dataset, db):
    episodes = [episode(db, ADDS[:12]), episode(db, ADDS[8:], model="scripted/b")]
    grader = Grader({"Izoni, Thousand-Eyed": 2, "Living Death": 1, TOP_ADDS[1]: 2})
    report = judge_adds(dataset, episodes, db, grader, seed=7, grader_model="scripted", grading_run="run-1")
    first = report.first_pass()
    kinds = {kind: [r for r in first if r.kind == kind] for kind in ("pool", "random", "top_label", "in_deck")}
    assert len(kinds["pool"]) == 20 and len(kinds["random"]) == 6 and len(kinds["in_deck"]) == 3
    # top EDHREC adds no agent picked: Sidisi and Deathrite Shaman are in the pool, so only the other two
    assert {r.name for r in kinds["top_label"]} == {TOP_ADDS[0], TOP_ADDS[3]}
    assert [len(b.candidates) for b in report.batches] == [15, 15, 1]
    first_calls = grader.prompts[:3]
    assert [len(grader.names(p)) for p in first_calls] == [15, 15, 1]
    assert {r.name for r in kinds["pool"]} == set(ADDS)
    in_deck_names = {c.name for c in dataset.deck(PRECON_ID).cards}
    assert all(r.name in in_deck_names for r in kinds["in_deck"])
    assert not any(r.name in in_deck_names or r.name in TOP_ADDS for r in kinds["random"])
    shared = next(r for r in kinds["pool"] if r.name == ADDS[9])
    assert shared.proposed_by == ("scripted/a", "scripted/b")
    assert all(r.rubric == "v3" and r.grading_run == "run-1" and r.split == "test" for r in report.rows)
    row = kinds["pool"][0].to_json()
    assert set(row) == {"precon_id", "split", "oracle_id", "name", "kind", "proposed_by", "grade", "pass", "rubric",
                        "grader_model", "grading_run"}

    again = Grader(grader.grades)
    judge_adds(dataset, episodes, db, again, seed=7, grader_model="scripted", grading_run="run-1")
    assert again.prompts == grader.prompts
    other = Grader(grader.grades)
    judge_adds(dataset, episodes, db, other, seed=8, grader_model="scripted", grading_run="run-1")
    assert [other.names(p) for p in other.prompts[:3]] != [grader.names(p) for p in grader.prompts[:3]]

    checks = report.checks()["test"]
    assert checks["pool"] == (2, 20) and checks["random"] == (0, 6) and checks["in_deck"] == (0, 3)
    assert checks["top_label"] == (0, 2)
    summary = report.summary()
    assert "Test decks: 0/6 random controls graded ≥ 1, 0/3 in-deck cards" in summary
    assert "Re-grading consistency: κ(≥ 1) 1.00" in summary


def test_a_seeded_tenth_is_regraded_in_a_new_order_for_kappa(dataset, db):
    episodes = [episode(db, ADDS)]
    grader = Grader({name: 2 for name in ADDS[:10]})
    report = judge_adds(dataset, episodes, db, grader, seed=3, grader_model="scripted", grading_run="r")
    assert report.regraded_batches == 1 and len(grader.prompts) == len(report.batches) + 1
    regrade = [r for r in report.rows if r.pass_number == 1]
    index = next(i for i, b in enumerate(report.batches) if {c.oracle_id for c in b.candidates}
                 == {r.oracle_id for r in regrade})
    assert grader.names(grader.prompts[-1]) != grader.names(grader.prompts[index])
    assert report.kappa == pytest.approx(1.0)

    class Flipper(Grader):
        def __call__(self, prompt):
            reply = super().__call__(prompt)
            if len(self.prompts) > 2:  # the re-grade disagrees on every card graded >= 1
                data = json.loads(reply)
                for item in data["grades"]:
                    item["grade"] = 0 if item["grade"] else 2
                reply = json.dumps(data)
            return reply

    flipped = judge_adds(dataset, episodes, db, Flipper(grader.grades), seed=3, grader_model="s", grading_run="r")
    assert flipped.kappa < 0


def test_an_unreadable_reply_is_retried_once_then_reported(dataset, db):
    episodes = [episode(db, ADDS[:5])]
    retried = judge_adds(dataset, episodes, db, Grader(broken_replies=1), seed=1, grader_model="s", grading_run="r")
    assert not retried.failed and retried.calls == len(retried.batches) + 2  # the batches, one retry, one re-grade
    failed = judge_adds(dataset, episodes, db, Grader(broken_replies=2), seed=1, grader_model="s", grading_run="r",
                        regrade_share=0)
    assert len(failed.failed) == 1 and failed.failed[0][0] == PRECON_ID and len(failed.failed[0][1]) == 15
    assert len(failed.rows) == len(failed.batches[1].candidates) and "FAILED: 1 batches (15 cards)" in failed.summary()


def test_grades_parse_from_json_or_numbered_lines():
    assert parse_fit_grades('Sure. {"grades": [{"card": 2, "grade": 0}, {"card": 1, "grade": 2}]}', 2) == [2, 0]
    assert parse_fit_grades("Candidate 1: 2\nCandidate 2: 1\nCandidate 3 - 0", 3) == [2, 1, 0]
    assert parse_fit_grades("Candidate 1: 2", 2) is None
    assert parse_fit_grades("Candidate 1: 2\nCandidate 1: 0", 1) is None


def _scored(dataset, db, ep):
    return score_dataset(dataset, read_episodes([ep]), db)[0]


def test_deck_fit_score_counts_invalid_and_missing_slots_as_zero(dataset, db):
    adds = ["Izoni, Thousand-Eyed", "Skullclamp", "Counterspell", "Deathrite Shaman", "Izoni, Thousand-Eyed",
            "No Such Card", "Living Death"]
    score = _scored(dataset, db, episode(db, adds))
    # in the deck already, outside the identity, a duplicate and an unknown card are invalid
    assert [check.valid for check in score.add.checks] == [True, False, False, True, False, False, True]
    ids = {name: db.named(name).oracle_id for name in ("Izoni, Thousand-Eyed", "Deathrite Shaman", "Living Death",
                                                        "Skullclamp")}
    grades = {(PRECON_ID, ids["Izoni, Thousand-Eyed"]): 2, (PRECON_ID, ids["Deathrite Shaman"]): 1,
              (PRECON_ID, ids["Skullclamp"]): 2}  # Living Death ungraded: 0
    assert deck_fit_of(score, grades) == pytest.approx((2 / 2 + 1 / 2) / 20)
    assert deck_fit_of(_scored(dataset, db, episode(db, [])), grades) == 0.0


def test_the_report_grades_feed_deck_fit_per_split(dataset, db):
    ep = episode(db, ADDS)
    report = judge_adds(dataset, [ep], db, Grader({name: 2 for name in ADDS}), seed=0, grader_model="s",
                        grading_run="r", regrade_share=0)
    assert deck_fit_of(_scored(dataset, db, ep), report.grades()) == pytest.approx(1.0)
    rows = deck_fit_rows(dataset, [ep], report.grades(), db)
    assert [(row.split, row.system) for row in rows] == [("test", "scripted/a")]
    assert rows[0].metrics["deck_fit"].mean == pytest.approx(1.0) and rows[0].metrics["deck_fit"].n == 1
