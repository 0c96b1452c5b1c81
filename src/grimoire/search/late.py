"""Late interaction, a stand-in: MaxSim over MiniLM's token vectors, re-ranking the hybrid top 200.

This is not a trained ColBERT model: MiniLM was trained for pooled sentence vectors, and its token
vectors are used here as they come. Card token vectors are cached per store (int8, one scale per token)
under GRIMOIRE_HOME and computed on demand for cards not cached yet, at most :data:`NEW_CARDS_PER_SEARCH` per
query (about 50 ms of CPU each); ``grimoire data embed --late`` computes them all beforehand.
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
# Cards whose token vectors one query may compute: 200 had cost a long query 5 to 9 s of CPU on an empty cache.
NEW_CARDS_PER_SEARCH = 24
CACHE_NAME = "late-tokens.npz"


class TokenCache:
    """Card token vectors by text key, kept in memory and saved as npz files: the whole cache, and beside it a
    small file per save of the vectors added since (a CLI call had to rewrite up to half a gigabyte to keep the
    200 cards it encoded), which :meth:`save` folds into the whole once there are :data:`MAX_PARTS`."""

    def __init__(self, path: Path):
        self.path = path
        self.vectors: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self.added: list[str] = []
        self.parts = sorted(path.parent.glob(f"{path.stem}-*.npz"))
        for file in [path, *self.parts]:
            data = load_npz(file, required=("keys", "offsets", "tokens", "scales"))
            if data is not None:
                offsets, tokens, scales = data["offsets"], data["tokens"], data["scales"]
                for index, key in enumerate(data["keys"].tolist()):
                    start, end = offsets[index], offsets[index + 1]
                    self.vectors[key] = (tokens[start:end], scales[start:end])

    @property
    def dirty(self) -> bool:
        return bool(self.added)

    def add(self, key: str, tokens: np.ndarray) -> None:
        scales = np.maximum(np.abs(tokens).max(axis=1), 1e-12) / 127.0
        self.vectors[key] = (np.round(tokens / scales[:, None]).astype(np.int8), scales.astype(np.float32))
        self.added.append(key)

    def get(self, key: str) -> np.ndarray:
        tokens, scales = self.vectors[key]
        return tokens.astype(np.float32) * scales[:, None]

    def save(self, *, whole: bool = False) -> None:
        """Write the vectors added since the last save as a part of their own; the whole cache instead (and the
        parts folded into it removed) with ``whole`` or once :data:`MAX_PARTS` parts are there."""
        if not self.added and not (whole and self.parts):
            return
        if whole or len(self.parts) + 1 >= MAX_PARTS:
            _write(self.path, self.vectors, list(self.vectors))
            for part in self.parts:  # (each part's vectors are in the whole now)
                part.unlink(missing_ok=True)
            self.parts = []
        else:
            keys = list(dict.fromkeys(self.added))
            part = self.path.with_name(f"{self.path.stem}-{text_key(chr(0).join(keys))[:16]}.npz")
            _write(part, self.vectors, keys)
            self.parts.append(part)
        self.added = []


MAX_PARTS = 32  # part files beside the whole cache before a save folds them in


def _write(path: Path, vectors: dict[str, tuple[np.ndarray, np.ndarray]], keys: list[str]) -> None:
    offsets = np.cumsum([0] + [len(vectors[k][0]) for k in keys])
    save_npz(path, keys=np.array(keys), offsets=offsets, tokens=np.concatenate([vectors[k][0] for k in keys]),
             scales=np.concatenate([vectors[k][1] for k in keys]))


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
        """``rows`` ordered by MaxSim score (best first), with the scores. Of the cards not cached yet, the first
        :data:`NEW_CARDS_PER_SEARCH` are encoded; the others follow the re-ranked ones in the order given, each
        scored below them (cached by a later search, they take part then)."""
        self.ensure([r for r in rows if self.keys[r] not in self.cache.vectors][:NEW_CARDS_PER_SEARCH])
        ready = [r for r in rows if self.keys[r] in self.cache.vectors]
        waiting = [r for r in rows if self.keys[r] not in self.cache.vectors]
        query = self.query_tokens(text)
        scores = [float((query @ self.cache.get(self.keys[r]).T).max(axis=1).sum()) for r in ready]
        order = np.argsort(-np.array(scores), kind="stable")
        floor = min(scores, default=0.0) - 1.0
        return ([ready[i] for i in order] + waiting,
                [scores[i] for i in order] + [floor - index / len(rows) for index in range(len(waiting))])

    def save(self) -> None:
        """Write the cards' token vectors computed since the cache was read (nothing when none were)."""
        self.cache.save()

    def fill(self) -> int:
        """Encode the token vectors of every card not cached yet and save them (``grimoire data embed --late``),
        so that no late query waits on them; returns how many were encoded. Interrupted, it keeps what it did."""
        todo = sum(key not in self.cache.vectors for key in set(self.keys))
        try:
            self.ensure(list(range(len(self.keys))))
        finally:
            self.cache.save(whole=True)
        return todo
