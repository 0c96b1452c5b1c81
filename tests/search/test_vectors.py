"""The card-vector caches and the dense ranker's scoring: only the filter's cards are read, with the same cosines."""

from __future__ import annotations

import shutil

import numpy as np
import pytest

import grimoire
from grimoire.cards.store import CardDB
from grimoire.search.embed import shared_encoder
from grimoire.search.vectors import STATIC_EMBEDDINGS_FILE, CardVectors, read_cache, write_cache


@pytest.fixture(scope="module")
def vectors() -> CardVectors:
    return CardVectors(grimoire.open(), "static")


# every card and a third of them (one product over the matrix), a tenth and a fortieth (rows gathered)
@pytest.mark.parametrize("step", [1, 3, 10, 40])
def test_similarities_are_the_cosines_of_the_rows_asked_in_their_order(vectors, step):
    query = shared_encoder("static").encode_query("destroy all creatures")
    rows = np.arange(len(vectors.matrix))[::step][::-1].copy()  # reversed: order follows rows, not the store
    expected = vectors.matrix[rows].astype(np.float64) @ query.astype(np.float64)
    found = vectors.similarities(query, rows)
    assert found.shape == rows.shape and found.dtype == np.float32
    assert np.allclose(found, expected, atol=1e-5)
    top = np.argsort(-found, kind="stable")[:20]
    assert np.array_equal(top, np.argsort(-expected, kind="stable")[:20])


def test_similarities_of_no_rows_and_of_one_row(vectors):
    query = shared_encoder("static").encode_query("draw a card")
    assert vectors.similarities(query, np.zeros(0, dtype=np.int64)).shape == (0,)
    one = vectors.similarities(query, np.array([7]))
    assert np.isclose(one[0], float(vectors.matrix[7] @ query), atol=1e-6)


def test_a_cache_matched_by_key_gives_unit_vectors_in_the_stores_rows(tmp_path):
    """A cache written for other rows (another card file) is matched text by text, block by block: each card's
    vector is its cached int8 row times its scale, normalised; a card the cache lacks is flagged missing."""
    store = tmp_path / "store"
    shutil.copytree(grimoire.open().directory, store, ignore=shutil.ignore_patterns("bm25*"))
    cache = read_cache(store / STATIC_EMBEDDINGS_FILE)
    keep = np.arange(len(cache["keys"])) != 5  # one card's vector lost
    write_cache(store / STATIC_EMBEDDINGS_FILE, cache["keys"][keep], cache["vectors"][keep], cache["scales"][keep],
                "another card file")
    loaded = CardVectors(CardDB(store), "static")
    assert loaded.missing == 1 and not loaded.present[5] and not loaded.matrix[5].any()
    rows = np.array([0, 4, 6, 1000, len(keep) - 1])
    expected = cache["vectors"][rows].astype(np.float32) * cache["scales"][rows, None]
    expected /= np.linalg.norm(expected, axis=1, keepdims=True)
    assert np.array_equal(loaded.matrix[rows], expected)


def test_the_blocked_product_gives_every_cards_cosine(vectors):
    """The whole-matrix product runs a block of rows at a time: the same cosines as one product."""
    query = shared_encoder("static").encode_query("return target creature card from your graveyard")
    assert np.allclose(vectors.cosines(query), vectors.matrix.astype(np.float64) @ query, atol=1e-5)
