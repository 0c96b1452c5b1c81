"""Late interaction, a stand-in: MaxSim over MiniLM's token vectors, re-ranking the hybrid top 200.

This is not a trained ColBERT model: MiniLM was trained for pooled sentence vectors, and its token
vectors are used here as they come. Card token vectors are cached per store (int8, one scale per token)
under GRIMOIRE_HOME and computed on demand for cards not cached yet.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from tqdm import tqdm

from grimoire.cards.atomic import load_npz, save_npz
from grimoire.cards.home import grimoire_home
from grimoire.cards.store import CardDB
from grimoire.search.embed import Encoder, named_card_text, text_key
from grimoire.search.vectors import store_fingerprint

RERANK_DEPTH = 200
CACHE_NAME = "late-tokens.npz"


class TokenCache:
    """Card token vectors by text key, kept in memory and saved as one npz file."""

    def __init__(self, path: Path):
        self.path = path
        self.vectors: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self.dirty = False
        data = load_npz(path, required=("keys", "offsets", "tokens", "scales"))
        if data is not None:
            offsets, tokens, scales = data["offsets"], data["tokens"], data["scales"]
            for index, key in enumerate(data["keys"].tolist()):
                start, end = offsets[index], offsets[index + 1]
                self.vectors[key] = (tokens[start:end], scales[start:end])

    def add(self, key: str, tokens: np.ndarray) -> None:
        scales = np.maximum(np.abs(tokens).max(axis=1), 1e-12) / 127.0
        self.vectors[key] = (np.round(tokens / scales[:, None]).astype(np.int8), scales.astype(np.float32))
        self.dirty = True

    def get(self, key: str) -> np.ndarray:
        tokens, scales = self.vectors[key]
        return tokens.astype(np.float32) * scales[:, None]

    def save(self) -> None:
        if not self.dirty:
            return
        keys = list(self.vectors)
        offsets = np.cumsum([0] + [len(self.vectors[k][0]) for k in keys])
        save_npz(self.path, keys=np.array(keys), offsets=offsets,
                 tokens=np.concatenate([self.vectors[k][0] for k in keys]),
                 scales=np.concatenate([self.vectors[k][1] for k in keys]))
        self.dirty = False


class LateReranker:
    """Re-ranks candidate cards by MaxSim between the query's and each card's token vectors."""

    def __init__(self, db: CardDB, cache_dir: Path | None = None):
        self.db = db
        folder = cache_dir or grimoire_home() / "late" / store_fingerprint(db)
        self.cache = TokenCache(folder / CACHE_NAME)
        columns = db.columns
        self.texts = [named_card_text(n, t, o)
                      for n, t, o in zip(columns.name, columns.type_line, columns.oracle_text, strict=True)]
        self.keys = [text_key(t) for t in self.texts]
        self._encoder: Encoder | None = None

    @property
    def encoder(self) -> Encoder:
        if self._encoder is None:
            self._encoder = Encoder()
        return self._encoder

    def ensure(self, rows: list[int], progress: bool = True) -> None:
        """Encode (and cache) the token vectors of cards not cached yet."""
        todo = sorted({r for r in rows if self.keys[r] not in self.cache.vectors})
        if not todo:
            return
        with tqdm(total=len(todo), desc="Token vectors", unit="card", disable=None if progress else True,
                  leave=False) as bar:
            self.encoder.encode([self.texts[r] for r in todo], progress=bar.update,
                                token_sink=lambda index, tokens: self.cache.add(self.keys[todo[index]], tokens))

    def query_tokens(self, text: str) -> np.ndarray:
        collected: list[np.ndarray] = []
        self.encoder.encode([text], token_sink=lambda index, tokens: collected.append(tokens))
        return collected[0]

    def rerank(self, text: str, rows: list[int]) -> tuple[list[int], list[float]]:
        """``rows`` ordered by MaxSim score (best first), with the scores."""
        self.ensure(rows)
        query = self.query_tokens(text)
        scores = [float((query @ self.cache.get(self.keys[r]).T).max(axis=1).sum()) for r in rows]
        order = np.argsort(-np.array(scores), kind="stable")
        return [rows[i] for i in order], [scores[i] for i in order]

    def save(self) -> None:
        self.cache.save()
