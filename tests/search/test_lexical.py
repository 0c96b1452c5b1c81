"""BM25 as a search reads it: bm25s builds and saves each index; a search sums the saved arrays with numpy."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import grimoire
from grimoire.cards import atomic, corpus
from grimoire.cards.store import CardDB, write_store
from grimoire.search.lexical import INDEX_DIRS, LexicalIndex, _import_bm25s, tokenize

QUERIES = ["draw a card", "whenever a creature you control dies", "destroy target artifact or enchantment",
           "Lightning Bolt", "flying flying flying", "xyzzy", "", "the of and", "+1/+1 counter", "Æther Vial"]


@pytest.mark.parametrize("kind", ["words", "phrases"])
def test_a_saved_index_scores_every_card_as_bm25s_does(kind):
    """The reference is bm25s itself, loading the same saved folder: every card's score is the same float."""
    db = grimoire.open()
    ours = LexicalIndex.for_store(db, kind)
    reference = _import_bm25s().BM25.load(str(db.directory / INDEX_DIRS[kind]))
    for query in QUERIES:
        ids = reference.get_tokens_ids(ours.tokenize(query))
        expected = reference.get_scores(ids) if ids else np.zeros(len(db), dtype=np.float32)
        found = ours.scores(query)
        assert found.dtype == expected.dtype and np.array_equal(found, expected), query
    assert ours.scores("draw a card").any() and not ours.scores("xyzzy").any()


def test_a_built_index_scores_as_the_same_index_saved_and_read_back(tmp_path):
    texts = [card.name + "\n" + card.oracle_text for card in grimoire.open().cards_at(list(range(0, 3000, 3)))]
    built = LexicalIndex.build(texts)
    built.save(tmp_path / "index")
    store = tmp_path / "index"
    assert {p.name for p in store.iterdir()} == {"params.index.json", "vocab.index.json", "data.csc.index.npy",
                                                 "indices.csc.index.npy", "indptr.csc.index.npy"}
    from grimoire.search.lexical import _load_saved

    loaded = _load_saved(store, len(texts), "words")
    for query in QUERIES:
        assert np.array_equal(built.scores(query), loaded.scores(query)), query
    with pytest.raises(ValueError, match="built in this process"):
        loaded.save(tmp_path / "again")


_BUILD_AND_SAVE = """
import sys, grimoire
from grimoire.search.lexical import LexicalIndex
texts = [c.name + "\\n" + (c.oracle_text or "") for c in grimoire.open().cards_at(list(range(0, 3000, 3)))]
LexicalIndex.build(texts, sys.argv[2]).save(__import__("pathlib").Path(sys.argv[1]))
"""


@pytest.mark.parametrize("kind", ["words", "phrases"])
def test_a_rebuild_of_the_same_texts_writes_the_same_files_whatever_the_hash_seed(tmp_path, kind):
    folders = []
    for seed in ("1", "2"):
        folder = tmp_path / f"seed{seed}"
        subprocess.run([sys.executable, "-c", _BUILD_AND_SAVE, str(folder), kind], check=True,
                       env={**os.environ, "PYTHONHASHSEED": seed})
        folders.append(folder)
    names = sorted(p.name for p in folders[0].iterdir())
    assert names == sorted(p.name for p in folders[1].iterdir())
    for name in names:
        assert (folders[0] / name).read_bytes() == (folders[1] / name).read_bytes(), name


def _sample_store(tmp_path, fixtures):
    """A store of the sample cards with its saved index (built and saved by its first search)."""
    store = tmp_path / "store"
    write_store(store, corpus.load(fixtures / "oracle_corpus_sample.json").cards, {"source": "test"})
    LexicalIndex.for_store(CardDB(store))
    return store


def test_accents_are_folded_in_cards_and_queries_and_an_index_of_accented_words_is_rebuilt(tmp_path, fixtures):
    """"eowyn" finds Éowyn (the name words of a literal search had found nothing); an index saved before words were
    folded holds "éowyn", which no query now asks for: it is rebuilt."""
    assert tokenize("Éowyn, Lady of Rohan") == tokenize("eowyn lady of rohan") == ["eowyn", "ladi", "rohan"]
    store = _sample_store(tmp_path, fixtures)
    LexicalIndex.for_store(CardDB(store))
    vocabulary = store / INDEX_DIRS["words"] / "vocab.index.json"
    words = json.loads(vocabulary.read_text())
    renamed = next(word for word in words if word)  # a word of the old index, as it was written with its accent
    vocabulary.write_text(json.dumps({("éowyn" if word == renamed else word): n for word, n in words.items()}))
    with pytest.warns(atomic.CacheWarning, match="accents"):
        LexicalIndex.for_store(CardDB(store))


@pytest.mark.parametrize(("damage", "message"), [
    (lambda folder: (folder / "params.index.json").write_text(
        json.dumps({**json.loads((folder / "params.index.json").read_text()), "num_docs": 5})), "another card list"),
    (lambda folder: (folder / "params.index.json").write_text(
        json.dumps({**json.loads((folder / "params.index.json").read_text()), "method": "bm25+"})), "scored by"),
    (lambda folder: np.save(folder / "indices.csc.index.npy",
                            np.load(folder / "indices.csc.index.npy") + 10**6), "does not have"),
    (lambda folder: np.save(folder / "indptr.csc.index.npy", np.load(folder / "indptr.csc.index.npy")[::-1]),
     "do not fit"),
    (lambda folder: (folder / "vocab.index.json").write_text('{"draw": 99999999}'), "vocabulary"),
    (lambda folder: (folder / "vocab.index.json").write_text("{not json"), "unreadable"),
    (lambda folder: (folder / "data.csc.index.npy").write_bytes(b"\x93NUMPY"), "unreadable"),
])
def test_a_damaged_saved_index_is_rebuilt_never_read(tmp_path, fixtures, damage, message):
    """Each part of a saved index is checked against the others at load: a damaged one is rebuilt (and saved
    whole), so no search can fail on it later."""
    store = _sample_store(tmp_path, fixtures)
    expected = LexicalIndex.for_store(CardDB(store)).scores("draw a card")
    damage(store / INDEX_DIRS["words"])
    with pytest.warns(atomic.CacheWarning, match=message):
        rebuilt = LexicalIndex.for_store(CardDB(store))
    assert expected.any() and np.array_equal(rebuilt.scores("draw a card"), expected)
    assert np.array_equal(LexicalIndex.for_store(CardDB(store)).scores("draw a card"), expected)  # saved whole


def test_a_serving_process_imports_neither_bm25s_nor_scipy():
    """A server's warmed engine answers from the saved indexes: bm25s and the scipy it imports (about 0.2 s and
    20 MB) load only where an index is built (a new card file, the rules search)."""
    code = ("import sys, grimoire; from grimoire.search.engine import SearchEngine; "
            "from grimoire.serve.library import warm; "
            "warm(SearchEngine(grimoire.open())).search('draw a card when a creature dies id<=bg', limit=5); "
            "print(sorted(m for m in ('bm25s', 'scipy', 'numpy.f2py') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
