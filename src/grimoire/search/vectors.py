"""The card-embedding caches of a store: one int8 vector per card and encoder, keyed by a hash of its text.

A store's ``embeddings.npz`` (MiniLM) or ``embeddings-static.npz`` (the static model) holds ``keys``,
``vectors`` (int8), ``scales`` and the ``fingerprint`` of the card file it was written for, in that file's row
order, so loading it needs no hashing. Refreshing it encodes only the cards whose text is not already cached
(in the store itself or in the bundled snapshot's cache).
"""

from __future__ import annotations

import hashlib
from functools import cached_property
from pathlib import Path

import numpy as np
from tqdm import tqdm

from grimoire.cards.atomic import load_npz, save_npz
from grimoire.cards.home import bundled_store_dir
from grimoire.cards.store import CARDS_FILE, CardDB
from grimoire.search.embed import Encoder, card_text_for_embedding, encoder_model, encoder_name, text_key

EMBEDDINGS_FILE = "embeddings.npz"
STATIC_EMBEDDINGS_FILE = "embeddings-static.npz"
_BLOCK = 4096  # cache rows converted at a time when a cache is matched by key: the float32 temporaries stay small
_SCORE_BLOCK = 512  # rows scored at a time (512 KB of 256-d float32: stays in the CPU's cache)
_PRODUCT_BLOCK = 4096  # rows per product over the whole matrix (4 MB of 256-d float32)
_GATHER_SHARE = 8  # a filter keeping more than 1/8 of the cards is scored by one product over the whole matrix


def embeddings_file(encoder: str) -> str:
    """The cache file name of an encoder's card vectors."""
    return STATIC_EMBEDDINGS_FILE if encoder_name(encoder) == "static" else EMBEDDINGS_FILE


def _new_encoder(encoder: str):
    if encoder_name(encoder) == "static":
        from grimoire.search.static import shared_static_encoder

        return shared_static_encoder()
    return Encoder()


def card_texts(db: CardDB) -> list[str]:
    columns = db.columns
    return [card_text_for_embedding(n, t, o)
            for n, t, o in zip(columns.name, columns.type_line, columns.oracle_text, strict=True)]


def _first_key(db: CardDB, model_id: str) -> str:
    columns = db.columns
    return text_key(card_text_for_embedding(columns.name[0], columns.type_line[0], columns.oracle_text[0]), model_id)


def quantize(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    scales = np.maximum(np.abs(vectors).max(axis=1), 1e-12) / 127.0
    return np.round(vectors / scales[:, None]).astype(np.int8), scales.astype(np.float32)


def store_fingerprint(db: CardDB) -> str:
    """Identifies a card file's exact rows, so a cache written for it can be used row by row."""
    digest = hashlib.sha256()
    with (db.directory / CARDS_FILE).open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()[:32]


def read_cache(path: Path) -> dict[str, np.ndarray]:
    """The arrays of a cache file (keys, vectors, scales, fingerprint); empty if there is none."""
    return load_npz(path, required=("keys", "vectors", "scales")) or {}


def write_cache(path: Path, keys: np.ndarray, vectors: np.ndarray, scales: np.ndarray, fingerprint: str) -> None:
    save_npz(path, keys=keys, vectors=vectors, scales=scales, fingerprint=np.array(fingerprint))


class CardVectors:
    """Row-aligned unit vectors for the cards of a store; rows without a cached vector are flagged."""

    def __init__(self, db: CardDB, encoder: str = "minilm"):
        model_id, dimensions = encoder_model(encoder)
        cache = read_cache(db.directory / embeddings_file(encoder))
        aligned = bool(cache) and len(cache["keys"]) == len(db) and len(db) > 0 and \
            str(cache.get("fingerprint", "")) == store_fingerprint(db) and \
            str(cache["keys"][0]) == _first_key(db, model_id)  # written by this model, not an earlier one
        if aligned:  # written for exactly these rows
            self.matrix = cache["vectors"].astype(np.float32)
            self.matrix *= cache["scales"][:, None]
            self.present = np.ones(len(db), dtype=bool)
            return
        keys = [text_key(t, model_id) for t in card_texts(db)]
        self.matrix = np.zeros((len(db), dimensions), dtype=np.float32)
        self.present = np.zeros(len(db), dtype=bool)
        if cache:
            position = {k: i for i, k in enumerate(cache["keys"].tolist())}
            rows = [(row, position[k]) for row, k in enumerate(keys) if k in position]
            if rows:
                target, source = map(np.array, zip(*rows, strict=True))
                for start in range(0, len(target), _BLOCK):
                    block = source[start: start + _BLOCK]
                    self.matrix[target[start: start + _BLOCK]] = _unit_rows(cache["vectors"][block],
                                                                            cache["scales"][block])
                self.present[target] = True

    @cached_property
    def missing(self) -> int:
        return int((~self.present).sum())

    def similarities(self, query: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """The cosine of each card of ``rows`` to a unit ``query`` vector, in that order.

        The dense ranker's hot loop, bound by reading the matrix (34k cards x 256 float32 is 35 MB). A product
        over the whole matrix (:meth:`cosines`) streams it at full speed; gathering rows costs about five times as
        much per row, so only a filter that keeps under an eighth of the store is scored by copying its rows a
        block at a time into a buffer that stays in the CPU's cache (measured side by side, docs/embedder.md).
        """
        if len(rows) * _GATHER_SHARE > len(self.matrix):
            return self.cosines(query)[rows]
        out = np.empty(len(rows), dtype=np.float32)
        buffer = np.empty((min(_SCORE_BLOCK, len(rows)), self.matrix.shape[1]), dtype=np.float32)
        for start in range(0, len(rows), _SCORE_BLOCK):
            block = buffer[: len(rows[start: start + _SCORE_BLOCK])]
            np.take(self.matrix, rows[start: start + _SCORE_BLOCK], axis=0, out=block)
            np.matmul(block, query, out=out[start: start + len(block)])
        return out


    def cosines(self, query: np.ndarray) -> np.ndarray:
        """The cosine of every card to a unit ``query`` vector, a block of rows per product: as fast as one
        product on a quiet machine, and when the other cores are busy OpenBLAS's threads wait on each other for
        a block only, not for the whole matrix (measured on 2 cores under load: 4 to 5.5 ms against 8 to 12)."""
        out = np.empty(len(self.matrix), dtype=np.float32)
        for start in range(0, len(self.matrix), _PRODUCT_BLOCK):
            np.matmul(self.matrix[start: start + _PRODUCT_BLOCK], query, out=out[start: start + _PRODUCT_BLOCK])
        return out


def _unit_rows(vectors: np.ndarray, scales: np.ndarray) -> np.ndarray:
    """int8 cache rows times their scales, L2-normalised (a zero row stays zero)."""
    rows = vectors.astype(np.float32)
    rows *= scales[:, None]
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return np.divide(rows, norms, out=rows, where=norms > 0)


def refresh_embeddings(db: CardDB, out: Path | None = None, *, encoder: str = "minilm",
                       token_vectors: Path | None = None, batch_size: int = 32) -> dict[str, int]:
    """Make sure every card of ``db`` has a cached vector of ``encoder``; encode only texts not cached yet.
    (``token_vectors``, MiniLM's per-token vectors for late interaction, needs the MiniLM encoder.)"""
    name = embeddings_file(encoder)
    if token_vectors is not None and name != EMBEDDINGS_FILE:
        raise ValueError("token vectors for late interaction come from the minilm encoder only")
    out = out or db.directory / name
    texts = card_texts(db)
    model_id, _ = encoder_model(encoder)
    keys = [text_key(t, model_id) for t in texts]
    known: dict[str, tuple[np.ndarray, np.float32]] = {}
    for source in (bundled_store_dir() / name, out):
        cache = read_cache(source)
        if cache:
            for key, vector, scale in zip(cache["keys"].tolist(), cache["vectors"], cache["scales"], strict=True):
                known[key] = (vector, scale)
    todo = sorted({k: i for i, k in enumerate(keys) if k not in known}.values())
    if todo or token_vectors is not None:
        encode_rows = list(range(len(texts))) if token_vectors is not None else todo
        sink, collected = _token_collector() if token_vectors is not None else (None, None)
        # MiniLM batches by length (and may hand out token vectors); the static model needs neither.
        options = {"token_sink": sink, "batch_size": batch_size} if name == EMBEDDINGS_FILE else {}
        with tqdm(total=len(encode_rows), desc=f"Embedding cards ({encoder_name(encoder)})", unit="card",
                  disable=None) as bar:
            fresh = _new_encoder(encoder).encode([texts[i] for i in encode_rows], progress=bar.update, **options)
        quantized, scales = quantize(fresh)
        for position, row in enumerate(encode_rows):
            known[keys[row]] = (quantized[position], scales[position])
        if token_vectors is not None:
            _save_tokens(token_vectors, collected, [keys[i] for i in encode_rows])
    write_cache(out, np.array(keys), np.stack([known[k][0] for k in keys]),
                np.array([known[k][1] for k in keys], dtype=np.float32), store_fingerprint(db))
    return {"cards": len(texts), "encoded": len(todo), "reused": len(texts) - len(todo)}


def _token_collector():
    collected: dict[int, np.ndarray] = {}

    def sink(index: int, tokens: np.ndarray) -> None:
        collected[index] = tokens.astype(np.float16)

    return sink, collected


def _save_tokens(path: Path, collected: dict[int, np.ndarray], keys: list[str]) -> None:
    ordered = [collected[i] for i in range(len(keys))]
    offsets = np.cumsum([0] + [len(t) for t in ordered])
    save_npz(path, keys=np.array(keys), offsets=offsets, tokens=np.concatenate(ordered))
