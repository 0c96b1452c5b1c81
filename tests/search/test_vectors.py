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


def _scored(vectors, query, rows):
    """The cosines :meth:`CardVectors.masked_cosines` gives the cards of ``rows``, in that order."""
    mask = np.zeros(len(vectors), dtype=bool)
    mask[rows] = True
    return vectors.masked_cosines(query, mask)[rows]


# every card and a third of them (streamed), a tenth and a fortieth (rows gathered)
@pytest.mark.parametrize("step", [1, 3, 10, 40])
def test_masked_cosines_are_the_cosines_of_the_rows_asked(vectors, step):
    query = shared_encoder("static").encode_query("destroy all creatures")
    rows = np.arange(len(vectors))[::step][::-1].copy()  # reversed: order follows rows, not the store
    expected = vectors.of(rows).astype(np.float64) @ query.astype(np.float64)
    found = _scored(vectors, query, rows)
    assert found.shape == rows.shape and found.dtype == np.float32
    assert np.allclose(found, expected, atol=1e-5)
    top = np.argsort(-found, kind="stable")[:20]
    assert np.array_equal(top, np.argsort(-expected, kind="stable")[:20])


def test_masked_cosines_of_no_rows_and_of_one_row(vectors):
    query = shared_encoder("static").encode_query("draw a card")
    assert _scored(vectors, query, np.zeros(0, dtype=np.int64)).shape == (0,)
    one = _scored(vectors, query, np.array([7]))
    assert np.isclose(one[0], float(vectors.of(7) @ query), atol=1e-6)


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
    assert loaded.missing == 1 and not loaded.present[5] and not loaded.of(5).any()
    rows = np.array([0, 4, 6, 1000, len(keep) - 1])
    expected = cache["vectors"][rows].astype(np.float32) * cache["scales"][rows, None]
    expected /= np.linalg.norm(expected, axis=1, keepdims=True)
    assert np.array_equal(loaded.of(rows), expected)


def test_the_blocked_product_gives_every_cards_cosine(vectors):
    """The whole-matrix product runs a block of rows at a time: the same cosines as one product."""
    query = shared_encoder("static").encode_query("return target creature card from your graveyard")
    every = vectors.of(np.arange(len(vectors))).astype(np.float64) @ query
    assert np.allclose(vectors.cosines(query), every, atol=1e-5)


def _identity_mask(db, letters: str) -> np.ndarray:
    """Cards whose colour identity is within ``letters`` (what ``id<=letters`` keeps)."""
    return np.array([set(card.color_identity) <= set(letters.upper()) for card in db.cards_at(list(range(len(db))))])


@pytest.fixture(scope="module")
def masks(vectors) -> dict[str, np.ndarray]:
    db = grimoire.open()
    rng = np.random.default_rng(7)
    mana_values = db.columns.mana_value
    return {"everything": np.ones(len(db), dtype=bool), "nothing": np.zeros(len(db), dtype=bool),
            "id<=b": _identity_mask(db, "b"), "id<=bg": _identity_mask(db, "bg"),
            "mv<=2": np.nan_to_num(mana_values, nan=99) <= 2,
            "a scattered 3%": rng.random(len(db)) < 0.03, "a scattered 40%": rng.random(len(db)) < 0.4,
            "one card": np.arange(len(db)) == 4321}


@pytest.mark.parametrize("kind", ["everything", "nothing", "id<=b", "id<=bg", "mv<=2", "a scattered 3%",
                                  "a scattered 40%", "one card"])
def test_masked_cosines_score_every_kept_card_and_no_other(vectors, masks, kind):
    """Whether the kept cards are streamed run by run (an identity or a mana value filter) or gathered (a
    scattered few), each kept card gets its exact cosine and every other card -inf, by store row."""
    mask = masks[kind]
    query = shared_encoder("static").encode_query("destroy all creatures")
    found = vectors.masked_cosines(query, mask)
    expected = vectors.of(np.arange(len(vectors))).astype(np.float64) @ query
    assert found.shape == mask.shape and found.dtype == np.float32
    assert np.isneginf(found[~mask]).all()
    assert np.allclose(found[mask], expected[mask], atol=1e-5)


def test_an_identity_filter_streams_only_the_runs_holding_its_cards(vectors, masks):
    """The matrix is stored grouped by colour identity, so ``id<=b`` reads a few runs: every kept card lies in
    one, and they cover well under half the store (the whole product reads all of it)."""
    kept = masks["id<=b"][vectors.order]
    starts, ends = vectors._runs(kept)
    covered = np.zeros(len(kept), dtype=bool)
    for start, end in zip(starts, ends, strict=True):
        covered[start:end] = True
    assert covered[kept].all() and 0 < len(starts) <= 4
    assert covered.sum() < 0.4 * len(kept)
    assert not vectors._runs(np.zeros(len(kept), dtype=bool))[0].size


def test_cards_not_embedded_score_minus_infinity_even_inside_the_mask(tmp_path):
    store = tmp_path / "store"
    shutil.copytree(grimoire.open().directory, store, ignore=shutil.ignore_patterns("bm25*"))
    cache = read_cache(store / STATIC_EMBEDDINGS_FILE)
    keep = np.arange(len(cache["keys"])) != 5
    write_cache(store / STATIC_EMBEDDINGS_FILE, cache["keys"][keep], cache["vectors"][keep], cache["scales"][keep],
                "another card file")
    loaded = CardVectors(CardDB(store), "static")
    query = shared_encoder("static").encode_query("draw a card")
    found = loaded.masked_cosines(query, np.ones(len(keep), dtype=bool))
    assert np.isneginf(found[5]) and np.isfinite(np.delete(found, 5)).all()


def test_vectors_given_are_rounded_as_a_cache_stores_them():
    """A model being evaluated hands its card vectors in (SearchEngine(model=...)): they are kept as a store's
    cache keeps them (int8 rows and a scale each), so the model scores as it would once shipped."""
    db = grimoire.open()
    cached = CardVectors(db, "static")
    rows = np.arange(len(db))
    given = CardVectors(db, "static", vectors=cached.of(rows) * 3.0)  # scaled: the rounding normalises nothing
    assert np.allclose(given.of(rows), 3.0 * cached.of(rows), rtol=1e-6, atol=1e-6)
    float_rows = np.random.default_rng(0).standard_normal((len(db), cached.dimensions)).astype(np.float32)
    rounded = CardVectors(db, "static", vectors=float_rows).of(rows)
    assert not np.array_equal(rounded, float_rows)
    assert np.abs(rounded - float_rows).max() <= np.abs(float_rows).max(axis=1).max() / 254 + 1e-6
    assert not given.missing
    with pytest.raises(ValueError, match=f"expected {len(db)} vectors of 128 dimensions"):
        CardVectors(db, "static", vectors=np.zeros((3, 128), dtype=np.float32))


def test_the_default_encoder_is_what_every_part_uses_unless_told(monkeypatch):
    """The card vectors, their cache file and the tag matcher follow the encoder a user chose
    (``GRIMOIRE_ENCODER``, else the static model), so no part silently scores with the other model."""
    from grimoire.search.embed import ENCODER_VARIABLE
    from grimoire.search.ranking import TagMatcher
    from grimoire.search.vectors import EMBEDDINGS_FILE, embeddings_file

    db = grimoire.open()
    monkeypatch.delenv(ENCODER_VARIABLE, raising=False)
    assert (CardVectors(db).dimensions, embeddings_file(), TagMatcher().encoder_name) == \
        (128, STATIC_EMBEDDINGS_FILE, "static")
    monkeypatch.setenv(ENCODER_VARIABLE, "minilm")
    assert (CardVectors(db).dimensions, embeddings_file(), TagMatcher().encoder_name) == \
        (384, EMBEDDINGS_FILE, "minilm")


@pytest.mark.parametrize("encoder", ["static", "minilm"])
def test_the_bundled_caches_were_written_for_the_bundled_card_file(encoder):
    """A cache whose fingerprint is another card file's is read row by row by its keys and renormalised, so its
    scores move slightly (the snapshot build wrote MiniLM's only while the static model's was rewritten)."""
    from grimoire.search.vectors import embeddings_file, store_fingerprint

    db = grimoire.open()
    cache = read_cache(db.directory / embeddings_file(encoder))
    assert str(cache["fingerprint"]) == store_fingerprint(db)

