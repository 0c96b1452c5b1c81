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
_SCORE_BLOCK = 512  # rows scored at a time (256 KB of the static model's 128-d float32, 768 KB of MiniLM's 384-d:
# stays in the CPU's cache)
_PRODUCT_BLOCK = 4096  # rows per product over the whole matrix (2 MB of 128-d float32)
_GATHER_SHARE = 20  # kept cards are gathered when the runs holding them are over 20 times as many rows
_RUN_GAP = 256  # runs of the stored matrix closer than this many rows are streamed as one


def embeddings_file(encoder: str | None = None) -> str:
    """The cache file name of an encoder's card vectors."""
    return STATIC_EMBEDDINGS_FILE if encoder_name(encoder) == "static" else EMBEDDINGS_FILE


def _new_encoder(encoder: str | None):
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
    """Unit vectors for the cards of a store, one per row; rows without a cached vector are flagged.

    The vectors are kept grouped by colour identity, then mana value (``order``: the store row at each stored
    position). A Commander search nearly always names an identity, so the cards a filter keeps mostly lie in a few
    long runs of the matrix, and only those runs are streamed (:meth:`masked_cosines`).
    """

    def __init__(self, db: CardDB, encoder: str | None = None, vectors: np.ndarray | None = None):
        """The store's cached vectors of ``encoder`` (None: the default encoder, see embed.encoder_name), or
        ``vectors`` (every card's, by store row: a model being evaluated) when given, rounded to int8 rows as a
        cache stores them, so the model scores as it would once shipped."""
        model_id, dimensions = encoder_model(encoder)
        columns = db.columns
        mana_value = np.nan_to_num(columns.mana_value, nan=-1.0)
        self.order = np.lexsort((mana_value, columns.color_identity))
        self.position = np.empty_like(self.order)
        self.position[self.order] = np.arange(len(self.order))
        keys = np.stack([columns.color_identity[self.order], mana_value[self.order]])
        self._segments = np.r_[0, np.flatnonzero((np.diff(keys, axis=1) != 0).any(axis=0)) + 1] if len(db) else \
            np.zeros(0, dtype=np.int64)
        self._bounds = np.append(self._segments, len(db))  # each segment's first stored position, then the end
        if vectors is not None:
            if vectors.shape != (len(db), dimensions):
                raise ValueError(f"expected {len(db)} vectors of {dimensions} dimensions, not {vectors.shape}")
            cache, aligned = dict(zip(("vectors", "scales"), quantize(vectors), strict=True)), True
        else:
            cache = read_cache(db.directory / embeddings_file(encoder))
            aligned = bool(cache) and len(cache["keys"]) == len(db) and len(db) > 0 and \
                str(cache.get("fingerprint", "")) == store_fingerprint(db) and \
                str(cache["keys"][0]) == _first_key(db, model_id)  # written by this model, not an earlier one
        if aligned:  # int8 rows for exactly these rows, a scale each
            self._stored = cache["vectors"][self.order].astype(np.float32)
            self._stored *= cache["scales"][self.order][:, None]
            self.present = np.ones(len(db), dtype=bool)
            return
        keys = [text_key(t, model_id) for t in card_texts(db)]
        self._stored = np.zeros((len(db), dimensions), dtype=np.float32)
        self.present = np.zeros(len(db), dtype=bool)
        if cache:
            position = {k: i for i, k in enumerate(cache["keys"].tolist())}
            rows = [(row, position[k]) for row, k in enumerate(keys) if k in position]
            if rows:
                target, source = map(np.array, zip(*rows, strict=True))
                for start in range(0, len(target), _BLOCK):
                    block = source[start: start + _BLOCK]
                    self._stored[self.position[target[start: start + _BLOCK]]] = _unit_rows(
                        cache["vectors"][block], cache["scales"][block])
                self.present[target] = True

    @cached_property
    def missing(self) -> int:
        return int((~self.present).sum())

    @property
    def dimensions(self) -> int:
        return self._stored.shape[1]

    def __len__(self) -> int:
        return len(self._stored)

    def of(self, rows) -> np.ndarray:
        """The vectors of store rows ``rows``, in that order (a copy)."""
        return self._stored[self.position[rows]]

    def masked_cosines(self, query: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The cosine of each card inside ``mask`` to a unit ``query`` vector, by store row; -inf outside it and
        for cards not embedded.

        The dense ranker's hot loop, bound by reading the matrix (34k cards x 128 float32 is 17 MB with the static
        model, x 384 is 52 MB with MiniLM). Only the runs of the stored matrix that hold a kept card are streamed,
        a block of rows per product (gaps under ``_RUN_GAP`` rows are streamed through). When the kept cards are so
        scattered that copying them out costs less (``_GATHER_SHARE`` times the rows that would be streamed), they
        are scored a block at a time from a buffer that stays in the CPU's cache (measured side by side,
        docs/embedder.md).
        """
        if self.missing:
            mask = mask & self.present
        kept = mask[self.order]
        count = int(np.count_nonzero(kept))
        starts, ends = self._runs(kept)
        if count * _GATHER_SHARE <= int((ends - starts).sum()):
            scores = np.full(len(self), -np.inf, dtype=np.float32)
            stored = np.flatnonzero(kept)
            scores[self.order[stored]] = self._gathered(query, stored)
            return scores
        stored = np.empty(len(self), dtype=np.float32)
        for start, end in zip(starts.tolist(), ends.tolist(), strict=True):
            self._product(query, start, end, stored[start:end])
        stored[~kept] = -np.inf
        return stored[self.position]

    def cosines(self, query: np.ndarray) -> np.ndarray:
        """The cosine of every card to a unit ``query`` vector, by store row (0 for a card not embedded)."""
        stored = np.empty(len(self), dtype=np.float32)
        return self._product(query, 0, len(self), stored)[self.position]

    def _runs(self, kept: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The stretches of stored positions to stream for the kept positions ``kept``: whole segments (equal
        identity and mana value) holding a kept card, joined across gaps under ``_RUN_GAP`` rows."""
        if not len(kept):
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        touched = np.zeros(len(self._segments) + 2, dtype=np.int8)
        touched[1:-1] = np.logical_or.reduceat(kept, self._segments)
        edges = np.diff(touched)
        starts, ends = self._bounds[:-1][edges[:-1] == 1], self._bounds[1:][edges[1:] == -1]
        if len(starts) > 1:
            joined = starts[1:] - ends[:-1] < _RUN_GAP
            starts, ends = starts[np.concatenate(([True], ~joined))], ends[np.concatenate((~joined, [True]))]
        return starts, ends

    def _product(self, query: np.ndarray, start: int, end: int, out: np.ndarray) -> np.ndarray:
        """Cosines of stored positions ``start:end`` into ``out``, a block of rows per product: as fast as one
        product on a quiet machine, and when the other cores are busy OpenBLAS's threads wait on each other for
        a block only, not for the whole matrix (measured on 2 cores under load: 4 to 5.5 ms against 8 to 12)."""
        for block in range(start, end, _PRODUCT_BLOCK):
            stop = min(block + _PRODUCT_BLOCK, end)
            np.matmul(self._stored[block:stop], query, out=out[block - start: stop - start])
        return out

    def _gathered(self, query: np.ndarray, stored: np.ndarray) -> np.ndarray:
        """Cosines of the stored positions ``stored``, copied a block at a time into a buffer in the CPU's cache
        (gathering costs about five times as much per row as streaming)."""
        out = np.empty(len(stored), dtype=np.float32)
        buffer = np.empty((min(_SCORE_BLOCK, len(stored)), self.dimensions), dtype=np.float32)
        for start in range(0, len(stored), _SCORE_BLOCK):
            block = buffer[: len(stored[start: start + _SCORE_BLOCK])]
            np.take(self._stored, stored[start: start + _SCORE_BLOCK], axis=0, out=block)
            np.matmul(block, query, out=out[start: start + len(block)])
        return out


def _unit_rows(vectors: np.ndarray, scales: np.ndarray) -> np.ndarray:
    """int8 cache rows times their scales, L2-normalised (a zero row stays zero)."""
    rows = vectors.astype(np.float32)
    rows *= scales[:, None]
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return np.divide(rows, norms, out=rows, where=norms > 0)


def refresh_embeddings(db: CardDB, out: Path | None = None, *, encoder: str | None = None,
                       token_vectors: Path | None = None, batch_size: int = 32) -> dict[str, int]:
    """Make sure every card of ``db`` has a cached vector of ``encoder`` (None: the default one); encode only
    texts not cached yet. (``token_vectors``, MiniLM's per-token vectors for late interaction, needs MiniLM.)"""
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
