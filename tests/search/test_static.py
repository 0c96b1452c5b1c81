"""The static embedding model: the shipped file and its check, its vectors, the cards embedded with it, the
encoder choice, and the training data's separation from every benchmark query."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

import grimoire
from grimoire.search.embed import ModelError, encoder_name
from grimoire.search.engine import SearchEngine
from grimoire.search.static import MODEL_FILE, MODEL_SHA256, StaticEncoder, save_model, shared_static_encoder
from grimoire.search.vectors import STATIC_EMBEDDINGS_FILE, CardVectors, card_texts, refresh_embeddings

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def encoder() -> StaticEncoder:
    return shared_static_encoder()


def _model_bytes() -> bytes:
    return resources.files("grimoire.data").joinpath(MODEL_FILE).read_bytes()


def test_shipped_model_is_small_and_checked(encoder):
    assert len(_model_bytes()) <= 30_000_000
    assert encoder.token_vectors.shape == (encoder.tokenizer.get_vocab_size(), encoder.dimensions)
    with pytest.raises(ModelError, match="sha256 mismatch"):
        StaticEncoder(_model_bytes(), sha256="0" * 64)
    truncated = _model_bytes()[:1000]
    with pytest.raises(ModelError, match="sha256"):
        StaticEncoder(truncated, sha256=MODEL_SHA256)


def test_vectors_are_unit_length_and_queries_match_batches(encoder):
    texts = ["destroy all creatures", "Sol Ring", "draw a card", ""]
    vectors = encoder.encode(texts)
    assert vectors.shape == (4, encoder.dimensions) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors[:3], axis=1), 1.0, atol=1e-5)
    assert not vectors[3].any()  # no token: a zero vector, never NaN
    assert np.allclose(encoder.encode_query("destroy all creatures"), vectors[0], atol=1e-6)


def test_it_knows_some_magic(encoder):
    wrath, draw = encoder.encode(["Sorcery. Destroy all creatures. They can't be regenerated.",
                                  "Instant. Draw two cards."])
    sweeper = encoder.encode_query("board wipe")
    assert sweeper @ wrath > sweeper @ draw
    rock = encoder.encode_query("mana rock")
    sol_ring, bear = encoder.encode(["Artifact. {T}: Add {C}{C}.", "Creature — Bear."])
    assert rock @ sol_ring > rock @ bear


def test_shipped_card_vectors_are_the_static_models_own_outputs(encoder):
    db = grimoire.open()
    vectors = CardVectors(db, "static")
    assert vectors.missing == 0 and (len(vectors), vectors.dimensions) == (len(db), encoder.dimensions)
    rows = [db.names.find(n) for n in ("Lightning Bolt", "Rhystic Study", "Fire // Ice", "Wrath of God")]
    texts = card_texts(db)
    fresh = encoder.encode([texts[r] for r in rows])
    assert np.allclose((fresh * vectors.of(rows)).sum(axis=1), 1.0, atol=0.01)


def test_a_new_store_is_embedded_with_the_static_model(small_db, encoder, tmp_path):
    out = tmp_path / STATIC_EMBEDDINGS_FILE
    stats = refresh_embeddings(small_db, out, encoder="static")
    assert stats["cards"] == len(small_db)
    again = refresh_embeddings(small_db, out, encoder="static")
    assert again["encoded"] == 0  # nothing re-encoded when the texts did not change
    with pytest.raises(ValueError, match="minilm"):
        refresh_embeddings(small_db, out, encoder="static", token_vectors=tmp_path / "tokens.npz")


def test_encoder_choice_names_the_choices(monkeypatch):
    assert encoder_name("static") == "static"
    with pytest.raises(ValueError, match="minilm, static"):
        encoder_name("bert")
    monkeypatch.setenv("GRIMOIRE_ENCODER", "word2vec")
    with pytest.raises(ValueError, match="GRIMOIRE_ENCODER 'word2vec' is unknown"):
        encoder_name()
    monkeypatch.setenv("GRIMOIRE_ENCODER", "static")
    assert encoder_name() == "static"


def test_engine_searches_with_the_static_model():
    engine = SearchEngine(grimoire.open(), encoder="static")
    page = engine.search("counter target spell", mode="dense", filters=None, limit=10)
    assert engine.encoder.model_id.startswith("grimoire-static")
    assert any("Counter target spell" in (r.card.oracle_text or "") for r in page.results)
    similar = engine.similar_to("Llanowar Elves", limit=10)
    assert any("Add {G}" in (r.card.oracle_text or "") for r in similar.results)


def test_an_engine_over_a_model_under_evaluation_ranks_with_that_model(tmp_path):
    """SearchEngine(model=...) encodes the cards and tag phrasings with the model it is given, rounded as a store's
    cache is: given the shipped model it ranks exactly as the shipped engine (what the generalisation check of
    bench/search/phrasings.py relies on), and another model ranks otherwise."""
    db = grimoire.open()
    shipped = SearchEngine(db, encoder="static")
    evaluated = SearchEngine(db, encoder="static", model=StaticEncoder())
    assert evaluated.encoder is not shipped.encoder
    for query in ("mana rocks", "my opponent's deck shrinks fast", "whenever a creature dies, draw a card"):
        assert [r.row for r in evaluated.search(query, limit=20).results] == \
            [r.row for r in shipped.search(query, limit=20).results]
        assert evaluated.tags_for(query) == shipped.tags_for(query)
    encoder = shared_static_encoder()
    rows = encoder.token_vectors.astype(np.float32) * encoder.token_scales[:, None]
    shuffled = rows[np.random.default_rng(0).permutation(len(rows))]  # every token means another token
    path = tmp_path / "shuffled.npz"
    sha256 = save_model(path, shuffled)
    other = SearchEngine(db, slang=False, tag_ranking=False, phrases=False, encoder="static",
                         model=StaticEncoder(path.read_bytes(), sha256))
    dense = SearchEngine(db, slang=False, tag_ranking=False, phrases=False, encoder="static")
    query = "counter target spell"
    assert [r.row for r in other.search(query, mode="dense", limit=10).results] != \
        [r.row for r in dense.search(query, mode="dense", limit=10).results]


def _training_script():
    if "train_embedder" not in sys.modules:
        spec = importlib.util.spec_from_file_location("train_embedder", REPO / "scripts" / "train_embedder.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["train_embedder"] = module  # its dataclasses look their module up by name
        spec.loader.exec_module(module)
    return sys.modules["train_embedder"]


@pytest.fixture(scope="module")
def training():
    """The training script, the bundled store's card texts and tag strengths, and the pairs the script builds
    from them with its seed (built once: about a second)."""
    train = _training_script()
    db = grimoire.open()
    texts, strengths = card_texts(db), SearchEngine(db).tag_strengths
    return train, db, texts, strengths, train.build_pairs(db, texts, strengths, np.random.default_rng(train.SEED))


def test_no_benchmark_query_is_training_data(training):
    train, _, _, _, pairs = training
    queries = train.benchmark_queries()
    shipped = sum(1 for path in (REPO / "src/grimoire/bench/search/queries").glob("*.jsonl")
                  for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    assert len(queries) > 0.9 * shipped  # every set, every split
    texts = {train.normalise(t) for found in pairs.values() for pair in found for t in (pair.left, pair.right)}
    assert not texts & queries
    long_queries = [q for q in queries if len(q.split()) >= 3]
    joined = "\n".join(texts)
    assert not [q for q in long_queries if f" {q} " in f" {joined.replace(chr(10), '  ')} "]


def test_the_training_pairs_are_still_those_of_the_shipped_model(training):
    """The shipped model must come out of scripts/train_embedder.py: its log records the model's sha256 and a
    digest of the pairs and tag strengths it was trained on. Changing the tags, their rules, their phrasings or
    the cards changes them; then retrain (python scripts/train_embedder.py), pin the new sha256 in
    search/static.py and re-embed the snapshot."""
    train, _, _, strengths, pairs = training
    log = (REPO / "docs" / "bench" / "embedder_train.log").read_text(encoding="utf-8")
    assert f"sha256 {MODEL_SHA256}" in log
    assert f"pairs digest: {train.pairs_digest(pairs, strengths)}" in log


def test_tag_phrasings_held_out_are_in_no_training_pair(training):
    """The generalisation check retrains the model without a fold of phrasings (bench/search/phrasings.py): none
    of them may reach a pair, as a text or inside a request frame."""
    train, db, texts, strengths, pairs = training
    names = {tag.name.replace("-", " ") for tag in train.tag_rules.TAGS}
    held = frozenset(p for tag in train.tag_rules.TAGS[::10] for p in tag.phrasings[:2] if p not in names)
    asked = set(held) | {frame.format(p) for frame in train.FRAMES for p in held}

    def texts_of(found: dict) -> set[str]:
        return {text for source in found.values() for pair in source for text in (pair.left, pair.right)}

    assert asked & texts_of(pairs)  # the full pairs hold them: the filter is what leaves them out
    without = train.build_pairs(db, texts, strengths, np.random.default_rng(train.SEED), held)
    assert not asked & texts_of(without)
    # each tag still pairs its cards with its other asks (counted before pairs holding a benchmark query are
    # dropped: which cards are drawn, and so which are dropped, follows the random stream, which the shorter ask
    # lists shift)
    def per_tag(found: list) -> Counter:
        return Counter(pair.group for pair in found)

    assert per_tag(train.tag_pairs(texts, strengths, np.random.default_rng(train.SEED), held_out=held)) == \
        per_tag(train.tag_pairs(texts, strengths, np.random.default_rng(train.SEED)))


def test_hard_negatives_read_alike_but_lack_the_pairs_tag(training):
    train, db, texts, strengths, pairs = training
    pairs = pairs["tags"][::40]
    teacher = CardVectors(db, "minilm").of(np.arange(len(db)))
    found = train.with_hard_negatives(pairs, texts, strengths, teacher, np.random.default_rng(train.SEED))
    with_negative = [p for p in found if p.negative >= 0]
    assert len(with_negative) > 0.8 * len(pairs)
    tag_index = {tag.name: i for i, tag in enumerate(train.tag_rules.TAGS)}
    assert all(strengths[p.negative, tag_index[p.group[4:]]] == 0 for p in with_negative)
    closeness = [teacher[p.card] @ teacher[p.negative] for p in with_negative]
    random_rows = np.random.default_rng(0).integers(len(db), size=len(with_negative))
    chance = [teacher[p.card] @ teacher[row] for p, row in zip(with_negative, random_rows, strict=True)]
    assert np.median(closeness) > np.median(chance) + 0.3  # near the positive card: hard, not a random card
    queries = train.benchmark_queries()
    assert not {train.normalise(texts[p.negative]) for p in with_negative} & queries


def test_the_benchmark_filter_drops_what_it_must():
    train = _training_script()
    queries = {train.normalise(json.loads(line)["query"])
               for line in (REPO / "src/grimoire/bench/search/queries/players.jsonl").read_text().splitlines()[:3]}
    query = sorted(queries)[0]
    pairs = [train.Pair(query.upper(), "some card text", "x"), train.Pair("ramp", f"Sorcery. {query}, then more.", "y"),
             train.Pair("ramp", "Sorcery. Search your library for a basic land card.", "z")]
    assert [p.group for p in train.drop_benchmark_texts(pairs, queries)] == ["z"]


def test_cli_and_web_pick_the_encoder(capsys, monkeypatch, tmp_path):
    from fastapi.testclient import TestClient

    from grimoire.cli import main
    from grimoire.serve.web import create_app

    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path))
    assert main(["search", "--encoder", "static", "--json", "-n", "5", "counter target spell"]) == 0
    names = [card["name"] for card in json.loads(capsys.readouterr().out)["results"]]
    assert len(names) == 5
    with pytest.raises(SystemExit):
        main(["search", "--encoder", "bert", "counter target spell"])
    assert "invalid choice: 'bert'" in capsys.readouterr().err
    with TestClient(create_app(encoder="static")) as client:
        answer = client.get("/api/search", params={"q": "counter target spell", "limit": 5})
    assert answer.status_code == 200
    assert [card["name"] for card in answer.json()["results"]] == names


def test_benchmark_pairs_each_engine_with_its_minilm_twin(monkeypatch):
    from grimoire.bench.search.dataset import BenchQuery
    from grimoire.bench.search.engines import available_engines
    from grimoire.bench.search.runner import BenchResult, encoder_pairs, encoder_table

    assert {"dense-minilm", "hybrid-minilm", "dense-static", "hybrid-static"} <= set(available_engines())
    queries = {f"q{i}": BenchQuery("tags", f"q{i}", "x", {}, {1: 2}) for i in range(4)}
    scores = {"hybrid-static": [0.9, 0.8, 0.7, 0.6], "hybrid-minilm": [0.5, 0.5, 0.5, 0.5],
              "hybrid": [0.5, 0.5, 0.5, 0.5]}
    result = BenchResult(engines=list(scores), sets=["tags"], queries=queries, scores={
        engine: {f"q{i}": {"ndcg@10": v * 100, "p@10": v, "staples@10": v} for i, v in enumerate(values)}
        for engine, values in scores.items()})
    monkeypatch.setenv("GRIMOIRE_ENCODER", "minilm")
    assert encoder_pairs(result) == [("hybrid-static", "hybrid-minilm")]  # that hybrid is MiniLM itself
    assert "hybrid-static - hybrid-minilm: tags +25.0 [" in encoder_table(result)
    monkeypatch.delenv("GRIMOIRE_ENCODER")  # the default: the static model
    assert ("hybrid", "hybrid-minilm") in encoder_pairs(result)


def test_engine_names_that_run_one_engine_are_found(monkeypatch):
    from grimoire.bench.search.engines import resolved_engine, same_engines

    monkeypatch.delenv("GRIMOIRE_ENCODER", raising=False)
    assert resolved_engine("dense") == "dense-static" and resolved_engine("bm25") == "bm25"
    assert same_engines(["dense", "hybrid", "dense-minilm", "hybrid-minilm"]) == []  # the command
    assert same_engines(["hybrid-static", "hybrid", "hybrid"]) == [("hybrid-static", "hybrid")]
    assert same_engines(["dense-static", "hybrid-static", "dense-minilm", "hybrid-minilm"]) == []
    monkeypatch.setenv("GRIMOIRE_ENCODER", "minilm")
    assert same_engines(["dense", "hybrid", "dense-minilm", "hybrid-minilm"]) == [
        ("dense", "dense-minilm"), ("hybrid", "hybrid-minilm")]


def test_the_benchmark_warns_when_two_engine_names_run_one_engine(capsys, monkeypatch, tmp_path):
    """The issue's own command, run with MiniLM made the default, would compare MiniLM with itself: it says so."""
    from grimoire.cli import main

    # four of the shipped tags set's dev queries (the whole set ran for 18 s; the warning is the test's point)
    shipped = (REPO / "src" / "grimoire" / "bench" / "search" / "queries" / "tags.jsonl").read_text().splitlines()
    queries = tmp_path / "tags.jsonl"
    queries.write_text("\n".join([line for line in shipped if json.loads(line)["split"] == "dev"][:4]) + "\n")
    bench = ["bench", "search", "--queries", str(queries), "--split", "dev", "--engines", "hybrid,hybrid-minilm",
             "--out", str(tmp_path)]
    monkeypatch.setenv("GRIMOIRE_ENCODER", "minilm")
    code = main(bench)
    captured = capsys.readouterr()
    assert code == 0
    assert ("warning: --engines names hybrid and hybrid-minilm, which are one engine (hybrid-minilm" in captured.err
            and "or unset GRIMOIRE_ENCODER" in captured.err)
    assert "hybrid-static - " not in captured.out and "hybrid - hybrid-minilm" not in captured.out
    monkeypatch.delenv("GRIMOIRE_ENCODER")
    assert main(bench) == 0
    captured = capsys.readouterr()
    assert "warning: --engines" not in captured.err and "hybrid - hybrid-minilm: tags " in captured.out
    monkeypatch.setenv("GRIMOIRE_ENCODER", "bert")
    assert main(["bench", "search", "--engines", "hybrid,hybrid-minilm", "--out", str(tmp_path)]) != 0
    assert "GRIMOIRE_ENCODER 'bert' is unknown: choose one of minilm, static" in capsys.readouterr().err


def test_a_missing_model_file_says_what_to_do(monkeypatch):
    import grimoire.search.static as static

    monkeypatch.setattr(static, "MODEL_FILE", "no-such-model.npz")
    with pytest.raises(ModelError, match="missing: reinstall grimoire, or use --encoder minilm"):
        StaticEncoder()


def test_the_cli_reports_a_bad_model_without_a_traceback(capsys, monkeypatch, tmp_path):
    import grimoire.search.static as static
    from grimoire.cli import main

    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path))
    monkeypatch.setattr(static, "MODEL_SHA256", "0" * 64)
    static.shared_static_encoder.cache_clear()
    try:
        assert main(["search", "--encoder", "static", "draw a card"]) != 0
    finally:
        static.shared_static_encoder.cache_clear()
    assert "sha256 mismatch" in capsys.readouterr().err


def test_card_vectors_of_an_earlier_model_are_not_used(small_db, tmp_path, monkeypatch):
    import shutil

    from grimoire.cards.store import CardDB
    from grimoire.search.static import StaticEncoder

    store = tmp_path / "store"
    shutil.copytree(small_db.directory, store)
    db = CardDB(store)
    refresh_embeddings(db, encoder="static")
    assert CardVectors(db, "static").missing == 0
    monkeypatch.setattr(StaticEncoder, "model_id", "grimoire-static-v1-retrained")
    assert CardVectors(db, "static").missing == len(db)  # re-embed (grimoire data embed), never mix models


def test_untaught_tags_reach_no_training_pair(training):
    """A tag the model is not taught (its cards' text is, to a bag of tokens, the mirror of another tag's) is in no
    tag, phrasing or role pair, while the matcher keeps its words."""
    train, _, _, _, pairs = training
    assert train.UNTAUGHT_TAGS
    for name in train.UNTAUGHT_TAGS:
        tag = train.tag_rules.TAGS[train.tag_rules.TAG_INDEX[name]]
        asks = {train.normalise(p) for p in (*tag.phrasings, tag.description)}
        for source in ("tags", "phrasings", "roles"):
            assert not [p for p in pairs[source] if name in p.group.split(":")[-1].split(",")], (name, source)
            assert not [p for p in pairs[source] if train.normalise(p.left) in asks], (name, source)


def test_data_commands_embed_with_the_encoder_searches_use(small_db, tmp_path, monkeypatch, capsys):
    """``data update`` / ``load`` / ``embed`` embed with the chosen encoder only (the static model unless
    ``GRIMOIRE_ENCODER`` says otherwise: seconds, not MiniLM's minutes), say how to embed with the other, and
    ``--encoder all`` embeds with both."""
    import shutil

    import grimoire.cli.data as data_cli
    from grimoire.cards.store import CardDB
    from grimoire.cli import main
    from grimoire.search.embed import ENCODER_VARIABLE
    from grimoire.search.prepare import prepare_store

    store = tmp_path / "store"
    shutil.copytree(small_db.directory, store)
    db = CardDB(store)
    monkeypatch.delenv(ENCODER_VARIABLE, raising=False)
    assert list(prepare_store(db, log=lambda *args, **kwargs: None)) == ["static"]
    monkeypatch.setattr(data_cli, "_open_db", lambda: db)
    assert main(["data", "embed"]) == 0
    out = capsys.readouterr().out
    assert "Embeddings (static)" in out and "Embeddings (minilm)" not in out
    assert "grimoire data embed --encoder minilm" in out
    from grimoire.cli.bench import _warn_of_missing_vectors

    _warn_of_missing_vectors(db, ["bm25", "hybrid", "hybrid-minilm"])  # a benchmark of MiniLM would be unfair
    warned = capsys.readouterr().err
    assert "no minilm embedding" in warned and "grimoire data embed --encoder minilm" in warned
    assert "static" not in warned
    assert main(["data", "embed", "--encoder", "all"]) == 0
    out = capsys.readouterr().out
    assert "Embeddings (static)" in out and "Embeddings (minilm)" in out and "Not embedded" not in out
    assert CardVectors(db, "minilm").missing == 0
