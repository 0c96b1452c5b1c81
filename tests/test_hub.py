"""hf: references end to end against a Hub stand-in on 127.0.0.1 (HF_ENDPOINT), with Parquet files in the seeds'
schemas: the search bench (queries, agent_tasks, qrels, relevance_grades), the precon bench and the card index."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import grimoire
from grimoire import hub
from grimoire.bench.agent.dataset import load_grades, load_qrels, load_tasks
from grimoire.bench.precon.dataset import load_dataset
from grimoire.bench.search.dataset import load_queries
from grimoire.cli import main
from tests.hub_server import HubStandIn

COMMIT = "0f3c2d9e8b7a6f5e4d3c2b1a09f8e7d6c5b4a392"
# Scryfall oracle ids as the published labels carry them; the bundled snapshot's ids are synthetic, so these
# resolve only by the names the graded configs give them.
BOLT, COUNTERSPELL, UNNAMED = ("4457ed35-7c10-48c8-9776-456485fdf070", "d8ee7a3f-1b1a-4f3b-9c43-0fd1ea0b6b6d",
                               "00000000-1111-2222-3333-444444444444")


def _parquet(rows: list[dict], schema: pa.Schema) -> bytes:
    buffer = io.BytesIO()
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), buffer)
    return buffer.getvalue()


GRADED = pa.list_(pa.struct([("oracle_id", pa.string()), ("grade", pa.int64())]))
# Column names and types from the seed's dataset card (kasper-cbx/mtg-search-bench, "Configs").
QUERIES = pa.schema([("set", pa.string()), ("id", pa.string()), ("query", pa.string()),
                     ("relevant", pa.list_(pa.string())), ("graded", GRADED), ("filters", pa.string()),
                     ("origin", pa.string()), ("source", pa.string()), ("labeling_rule", pa.string())])
AGENT_TASKS = pa.schema([("id", pa.string()), ("prompt", pa.string()), ("kind", pa.string()), ("source", pa.string()),
                         ("relevant", pa.list_(pa.string())), ("graded", GRADED), ("filters", pa.string()),
                         ("popular", pa.bool_())])
QRELS = pa.schema([("task_id", pa.string()), ("oracle_id", pa.string()), ("name", pa.string()),
                   ("relevance", pa.int64()), ("source", pa.string())])
GRADES = pa.schema([("experiment", pa.string()), ("grading_run", pa.string()), ("task_id", pa.string()),
                    ("oracle_id", pa.string()), ("name", pa.string()), ("grade", pa.int64()), ("on_list", pa.bool_()),
                    ("kind", pa.string()), ("pass", pa.int64()), ("grader_model", pa.string())])


def search_bench_files() -> dict[str, bytes]:
    queries = [
        {"set": "handwritten", "id": "hw-001", "query": "deals 3 damage to any target", "relevant": [BOLT],
         "graded": [{"oracle_id": BOLT, "grade": 2}], "filters": "{}", "origin": None, "source": "regex",
         "labeling_rule": "o:/3 damage to any target/"},
        {"set": "tags", "id": "tag-001", "query": "counter a spell", "relevant": [COUNTERSPELL, UNNAMED],
         "graded": [], "filters": "{}", "origin": None, "source": "otag:counterspell", "labeling_rule": "otag"},
    ]
    tasks = [{"id": "attr-001", "prompt": "a 1-mana red instant that deals damage", "kind": "attr",
              "source": "otag:burn", "relevant": [BOLT], "graded": [{"oracle_id": BOLT, "grade": 2}],
              "filters": json.dumps({"color_identity": "r"}), "popular": None}]
    qrels = [{"task_id": "attr-001", "oracle_id": BOLT, "name": "Lightning Bolt", "relevance": 2, "source": "list"}]
    grades = [{"experiment": "EXP-016", "grading_run": "judge-full", "task_id": "deck-001",
               "oracle_id": COUNTERSPELL, "name": "Counterspell", "grade": 2, "on_list": False, "kind": "pool",
               "pass": 0, "grader_model": "claude-sonnet-5-5"}]
    return {"data/queries.parquet": _parquet(queries, QUERIES),
            "data/agent_tasks.parquet": _parquet(tasks, AGENT_TASKS),
            "data/qrels.parquet": _parquet(qrels, QRELS), "data/relevance_grades.parquet": _parquet(grades, GRADES),
            "README.md": b"# MTG Search Benchmark\n"}


@pytest.fixture
def hub_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, home: Path):
    """A Hub stand-in with the search bench at v1.1; HF_ENDPOINT and the Hub cache point at it and tmp_path."""
    server = HubStandIn({hub.SEARCH_BENCH: {"v1.1": (COMMIT, search_bench_files())}})
    monkeypatch.setenv("HF_ENDPOINT", server.url)
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf-cache"))
    yield server
    server.close()


@pytest.fixture(scope="module")
def db():
    return grimoire.open()


def test_a_reference_without_revision_is_pinned_to_the_seeds_revision():
    assert hub.parse_ref("hf:kasper-cbx/mtg-search-bench") == hub.HubRef(hub.SEARCH_BENCH, "v1.1")
    assert hub.parse_ref("hf:kasper-cbx/mtg-precon-bench").revision == "v1.0"
    assert hub.parse_ref("hf:kasper-cbx/mtg-search-index").revision == "scryfall-20261014090155"
    ref = hub.parse_ref("hf:someone/other@abc123/data/x.parquet")
    assert (ref.repo, ref.revision, ref.path) == ("someone/other", "abc123", "data/x.parquet")
    assert hub.parse_ref("hf:someone/other").revision == "main"
    with pytest.raises(hub.HubError, match="hf:owner/name"):
        hub.parse_ref("hf:nothing")


def test_queries_from_the_hub_resolve_by_name_and_report_what_does_not(hub_env, db):
    query_set = load_queries("hf:kasper-cbx/mtg-search-bench", db)
    assert query_set.source == {"source": "hf:kasper-cbx/mtg-search-bench@v1.1", "repo": hub.SEARCH_BENCH,
                                "revision": "v1.1", "commit": COMMIT}
    by_id = {q.id: q for q in query_set.queries}
    bolt = db.names.find("Lightning Bolt")
    assert by_id["hw-001"].gains == {bolt: 2}
    # Counterspell resolves through the name relevance_grades gives its id; the unnamed id is reported.
    assert by_id["tag-001"].gains == {db.names.find("Counterspell"): 1}
    assert by_id["tag-001"].unknown == (UNNAMED,)
    assert query_set.unresolved_by_set() == {"handwritten": (0, 1), "tags": (1, 2)}
    assert any(r.startswith("HEAD /datasets/kasper-cbx/mtg-search-bench/resolve/v1.1/data/queries.parquet")
               for r in hub_env.requests)


def test_agent_configs_from_the_hub(hub_env, db):
    tasks = load_tasks("hf:kasper-cbx/mtg-search-bench@v1.1", db)
    assert [t.id for t in tasks.tasks] == ["attr-001"] and tasks.source["commit"] == COMMIT
    assert tasks.tasks[0].gains == {db.names.find("Lightning Bolt"): 2}
    qrels, _ = load_qrels("hf:kasper-cbx/mtg-search-bench", db)
    assert qrels == {"attr-001": {db.names.find("Lightning Bolt"): 2}}
    grades, _ = load_grades("hf:kasper-cbx/mtg-search-bench", db)
    assert [g.name for g in grades] == ["Counterspell"]


def test_files_come_from_the_cache_once_fetched(hub_env, db):
    load_queries("hf:kasper-cbx/mtg-search-bench", db)
    gets = sum(r.startswith("GET ") for r in hub_env.requests)
    load_queries("hf:kasper-cbx/mtg-search-bench", db)
    assert sum(r.startswith("GET ") for r in hub_env.requests) == gets


def test_bench_search_records_the_commit_and_compares_with_the_published_table(hub_env, tmp_path, capsys):
    out = tmp_path / "results"
    code = main(["bench", "search", "--queries", "hf:kasper-cbx/mtg-search-bench", "--engines", "bm25",
                 "--compare-published", "--out", str(out)])
    printed = capsys.readouterr()
    assert code == 0, printed.err
    assert f"at commit {COMMIT}" in printed.out
    assert "mLateOn (late interaction) (published)" in printed.out and "60.5" in printed.out
    assert "grimoire bm25 (this run)" in printed.out
    assert "card snapshots differ" in printed.out and "queries differ" not in printed.out
    assert "tags 1 of 2" in printed.err
    scores = json.loads((out / "search_scores.json").read_text())
    assert scores["sources"][0]["commit"] == COMMIT


def test_an_unknown_revision_or_file_is_a_clear_error(hub_env, db, capsys):
    with pytest.raises(hub.HubError, match="no revision 'v9'"):
        load_queries("hf:kasper-cbx/mtg-search-bench@v9", db)
    with pytest.raises(hub.HubError, match="has no file data/nope.parquet"):
        load_queries("hf:kasper-cbx/mtg-search-bench/data/nope.parquet", db)
    with pytest.raises(hub.HubError, match="no dataset someone/missing"):
        load_queries("hf:someone/missing", db)


@pytest.fixture
def offline(monkeypatch, tmp_path) -> tuple[str, list[float]]:
    """HF_ENDPOINT at a 127.0.0.1 port nothing listens on; huggingface_hub's back-off waits recorded, not slept."""
    import socket

    import huggingface_hub.utils._http as hf_http

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        endpoint = f"http://127.0.0.1:{sock.getsockname()[1]}"
    monkeypatch.setenv("HF_ENDPOINT", endpoint)
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf-cache"))
    waits: list[float] = []  # huggingface_hub backs off about 20 s before it gives up: count the waits, skip them
    monkeypatch.setattr(hf_http.time, "sleep", waits.append)
    return endpoint, waits


def test_offline_the_message_names_the_files_to_fetch(offline, home, capsys):
    endpoint, waits = offline
    code = main(["bench", "search", "--queries", "hf:kasper-cbx/mtg-search-bench", "--engines", "bm25"])
    err = capsys.readouterr().err
    assert code == 1
    assert "cannot reach the Hugging Face Hub" in err
    assert f"{endpoint}/datasets/kasper-cbx/mtg-search-bench/resolve/v1.1/data/queries.parquet" in err
    assert "Traceback" not in err
    assert waits  # it did retry, as it does for a user offline


def test_offline_data_load_names_the_index_card_table(offline, home, capsys):
    # The index's card file is only a candidate (fetched as optional), yet it is the file to fetch by hand.
    endpoint, _ = offline
    assert main(["data", "load", "hf:kasper-cbx/mtg-search-index", "--no-embed"]) == 1
    err = capsys.readouterr().err
    listed = err.split("Fetch these files by hand:\n", 1)[1].splitlines()[0].strip()
    assert listed == f"{endpoint}/datasets/kasper-cbx/mtg-search-index/resolve/scryfall-20261014090155/cards.parquet"


def test_precon_dataset_from_the_hub_in_the_published_layout(monkeypatch, tmp_path, home, db, capsys):
    from tests.bench.precon.fixtures_data import make_fixture_dataset

    built = make_fixture_dataset(tmp_path, db)
    files = {f"data/{path.name}": path.read_bytes() for path in built.glob("*.parquet")}
    files["manifest.json"] = (built / "manifest.json").read_bytes()
    server = HubStandIn({hub.PRECON_BENCH: {"v1.0": (COMMIT, files)}})
    try:
        monkeypatch.setenv("HF_ENDPOINT", server.url)
        monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf-cache"))
        dataset = load_dataset("hf:kasper-cbx/mtg-precon-bench")
        assert dataset.source["commit"] == COMMIT and len(dataset) == len(load_dataset(built))
        code = main(["precon", "run", "--data", "hf:kasper-cbx/mtg-precon-bench", "--model", "role_balance",
                     "--log-dir", str(tmp_path / "logs")])
        out = capsys.readouterr().out
        assert code == 0 and f"Data: hf:kasper-cbx/mtg-precon-bench@v1.0 at commit {COMMIT}" in out
    finally:
        server.close()


def test_data_load_of_the_index_card_table(monkeypatch, tmp_path, home, fixtures, capsys):
    # The index's card table as Scryfall card objects in Parquet (the seeds call it cards.parquet); rows from the
    # Scryfall bulk sample in tests/fixtures (itself in Scryfall's oracle_cards format).
    rows = json.loads((fixtures / "scryfall" / "oracle_cards.json").read_text())
    # pyarrow infers each struct's fields from the first rows, which would drop the reversible card's face ids.
    rows = [row for row in rows if row.get("layout") != "reversible_card"]
    buffer = io.BytesIO()
    pq.write_table(pa.Table.from_pylist(rows), buffer)
    index = {"scryfall-20261014090155": (COMMIT, {"cards.parquet": buffer.getvalue()})}
    server = HubStandIn({hub.SEARCH_INDEX: index})
    try:
        monkeypatch.setenv("HF_ENDPOINT", server.url)
        monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf-cache"))
        code = main(["data", "load", "hf:kasper-cbx/mtg-search-index", "--min-cards", "5", "--no-embed"])
        printed = capsys.readouterr()
        assert code == 0, printed.err
        db = grimoire.open()
        assert db.manifest["source_detail"] == (f"hf:kasper-cbx/mtg-search-index@scryfall-20261014090155 "
                                                f"(commit {COMMIT})")
        assert db.find_id(BOLT) is not None
        from grimoire.bench.search.published import same_snapshot

        assert same_snapshot(db.manifest)
    finally:
        server.close()


def test_data_load_refuses_a_file_beside_a_reference(home, capsys):
    assert main(["data", "load", "hf:kasper-cbx/mtg-search-index", "cards.json"]) == 1
    assert "names its own card file" in capsys.readouterr().err
    assert main(["data", "load", "scryfall"]) == 1
    assert "needs the FILE" in capsys.readouterr().err
