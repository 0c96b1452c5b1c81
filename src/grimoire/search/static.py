"""Grimoire's own static embedding model: one vector per token of the bundled MiniLM tokenizer.

A text's vector is the sum of its tokens' vectors, L2-normalised: no transformer at query time, only the
tokenizer and numpy. The model was distilled from MiniLM and tuned on Magic text (scripts/train_embedder.py,
docs/embedder.md); its file is checked against its sha256 before first use.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources

import numpy as np

from grimoire.search.embed import ModelError, bundled_tokenizer_json

MODEL_FILE = "grimoire-static.npz"
MODEL_SHA256 = "ef2684352a5fbdb837de6052c9ec31dfa4c5b4fb97e5dbd438190cf4da65569f"
MODEL_ID = "grimoire-static-v1"
DIMENSIONS = 128
MAX_TOKENS = 512
_CHUNK = 2048  # texts tokenized at a time (the tokenizer runs them in parallel)


class StaticEncoder:
    """Turns texts into unit vectors with the static model (same interface as MiniLM's ``Encoder``)."""

    model_id = f"{MODEL_ID}-{MODEL_SHA256[:16]}"  # cache keys: a retrained model re-embeds every card
    dimensions = DIMENSIONS

    def __init__(self, model: bytes | None = None, sha256: str | None = None):
        """``model`` is the model file's bytes (default: the shipped file), checked against ``sha256`` (default:
        the shipped model's, :data:`MODEL_SHA256`)."""
        from tokenizers import Tokenizer

        if model is None:
            try:
                model = resources.files("grimoire.data").joinpath(MODEL_FILE).read_bytes()
            except OSError as exc:
                raise ModelError(f"the static embedding model {MODEL_FILE} is missing: reinstall grimoire, "
                                 "or use --encoder minilm") from exc
        if hashlib.sha256(model).hexdigest() != (sha256 or MODEL_SHA256):
            raise ModelError("the static embedding model is not the expected file (sha256 mismatch); "
                             "reinstall grimoire or rebuild it with scripts/train_embedder.py")
        self.token_vectors, self.token_scales = load_token_vectors(model)
        self.tokenizer = Tokenizer.from_str(bundled_tokenizer_json())
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(MAX_TOKENS)

    def token_ids(self, texts: Sequence[str]) -> list[list[int]]:
        """Each text's token ids, without the [CLS] and [SEP] markers."""
        return [encoding.ids[1:-1] for encoding in self.tokenizer.encode_batch(list(texts))]

    def encode(self, texts: Sequence[str], batch_size: int = _CHUNK,
               progress: Callable[[int], None] | None = None) -> np.ndarray:
        """Unit vectors [len(texts), dimensions] (float32), in the order given; a text with no token is zero."""
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        for start in range(0, len(texts), batch_size):
            ids = self.token_ids(texts[start: start + batch_size])
            out[start: start + len(ids)] = pool(self.token_vectors, self.token_scales, ids)
            if progress is not None:
                progress(len(ids))
        return out

    def encode_query(self, text: str) -> np.ndarray:
        return pool(self.token_vectors, self.token_scales, [self.tokenizer.encode(text).ids[1:-1]])[0]


def pool(token_vectors: np.ndarray, token_scales: np.ndarray, ids: list[list[int]]) -> np.ndarray:
    """Sum each text's token vectors (int8 rows times their scales) and normalise: the model's whole forward
    pass. One small product per text: measured faster than one large gather, whose temporary outgrows the
    caches; the rows stay int8 in memory (a quarter of float32)."""
    out = np.zeros((len(ids), token_vectors.shape[1]), dtype=np.float32)
    for row, text_ids in enumerate(ids):
        if text_ids:
            out[row] = token_scales[text_ids] @ token_vectors[text_ids].astype(np.float32)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return np.divide(out, norms, out=out, where=norms > 0)


def load_token_vectors(model: bytes) -> tuple[np.ndarray, np.ndarray]:
    """The int8 token vectors of a model file and each row's float32 scale."""
    import io

    with np.load(io.BytesIO(model)) as data:
        if str(data["model_id"]) != MODEL_ID:
            raise ModelError(f"the static model file is {data['model_id']}, not {MODEL_ID}")
        if data["vectors"].shape[1] != DIMENSIONS:
            raise ModelError(f"the static model has {data['vectors'].shape[1]} dimensions, not {DIMENSIONS}")
        return data["vectors"], data["scales"].astype(np.float32)


def save_model(path, token_vectors: np.ndarray) -> str:
    """Write a model file (int8 rows, one scale each) and return its sha256 (used by the training script)."""
    from grimoire.cards.atomic import atomic_path

    scales = np.maximum(np.abs(token_vectors).max(axis=1), 1e-12) / 127.0
    vectors = np.round(token_vectors / scales[:, None]).astype(np.int8)
    with atomic_path(path) as temporary, temporary.open("wb") as handle:
        np.savez(handle, vectors=vectors, scales=scales.astype(np.float32), model_id=np.array(MODEL_ID))
    return hashlib.sha256(path.read_bytes()).hexdigest()


@cache
def shared_static_encoder() -> StaticEncoder:
    """The static encoder, one per process."""
    return StaticEncoder()
