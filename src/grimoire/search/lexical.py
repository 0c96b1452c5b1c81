"""Lexical ranking: BM25 (bm25s) over each card's name, type line and rules text, with English stemming.

Two indexes: ``words`` (stemmed words, stop words dropped) and ``phrases`` (pairs of consecutive stemmed
words, stop words kept: "draw a card" gives draw_a, a_card), which rewards cards that say the query's
phrases rather than its words scattered. Each is built once per store and saved beside it.
"""

from __future__ import annotations

import logging
import re
import sys
import warnings
from pathlib import Path

import numpy as np
import Stemmer

from grimoire.cards.atomic import CacheWarning, atomic_folder
from grimoire.cards.store import CardDB


def _import_bm25s():
    """bm25s on its numpy backend, without importing numba (installed for the arena's pymc): Grimoire scores with
    scipy, and numba would add about 65 MB and a second to every serving process."""
    if "numba" in sys.modules or "bm25s" in sys.modules:
        import bm25s
        return bm25s
    sys.modules["numba"] = None  # so bm25s's ``import numba`` raises ImportError and it takes its numpy backend
    try:
        import bm25s
    finally:
        del sys.modules["numba"]
    return bm25s


bm25s = _import_bm25s()

INDEX_DIRS = {"words": "bm25", "phrases": "bm25-phrases"}
_STEMMER = Stemmer.Stemmer("english")
_TOKEN = re.compile(r"(?u)\b\w\w+\b")
logging.getLogger("bm25s").setLevel(logging.ERROR)


def tokenize(text: str) -> list[str]:
    """Lower-cased, stop-worded, stemmed words: the same for cards and queries."""
    stop = _STOPWORDS
    return _STEMMER.stemWords([w for w in _TOKEN.findall(text.lower()) if w not in stop])


def phrase_tokenize(text: str) -> list[str]:
    """Pairs of consecutive stemmed words, stop words kept."""
    stems = _STEMMER.stemWords(_TOKEN.findall(text.lower()))
    return [f"{first}_{second}" for first, second in zip(stems, stems[1:], strict=False)]


_STOPWORDS = frozenset(bm25s.stopwords.STOPWORDS_EN)
TOKENIZERS = {"words": tokenize, "phrases": phrase_tokenize}


class LexicalIndex:
    """BM25 scores of every card for a query."""

    def __init__(self, retriever: bm25s.BM25, size: int, kind: str = "words"):
        self.retriever = retriever
        self.size = size
        self.tokenize = TOKENIZERS[kind]

    @classmethod
    def build(cls, texts: list[str], kind: str = "words") -> LexicalIndex:
        retriever = bm25s.BM25(backend="numpy")  # the same backend whether or not numba is installed
        retriever.index([TOKENIZERS[kind](t) for t in texts], show_progress=False)
        return cls(retriever, len(texts), kind)

    @classmethod
    def for_store(cls, db: CardDB, kind: str = "words") -> LexicalIndex:
        """Load the store's saved index, or build it (and try to save it) when there is none."""
        folder = db.directory / INDEX_DIRS[kind]
        if (folder / "params.index.json").exists():
            saved = _load_saved(folder, len(db))
            if saved is not None:
                return cls(saved, len(db), kind)
        index = cls.build(db.columns.searchable_text, kind)
        try:
            index.save(folder)
        except OSError:
            pass  # a read-only store (installed package) still searches; it rebuilds next time
        return index

    def save(self, folder: Path) -> None:
        """Save the index as ``folder``, whole or not at all."""
        with atomic_folder(folder) as temporary:
            self.retriever.save(str(temporary), show_progress=False)

    def scores(self, query: str) -> np.ndarray:
        tokens = self.tokenize(query)
        ids = self.retriever.get_tokens_ids(tokens)
        if not ids:
            return np.zeros(self.size, dtype=np.float32)
        return self.retriever.get_scores(ids)


def _load_saved(folder: Path, size: int) -> bm25s.BM25 | None:
    """The saved index in ``folder``, or ``None`` (with a warning) when it is unreadable or for other cards."""
    try:
        retriever = bm25s.BM25.load(str(folder), show_progress=False)
    except (OSError, ValueError, KeyError, EOFError, IndexError) as exc:
        warnings.warn(f"search index {folder} is unreadable ({exc}); rebuilding it", CacheWarning, stacklevel=3)
        return None
    if retriever.scores.get("num_docs") != size:
        warnings.warn(f"search index {folder} is for another card list; rebuilding it", CacheWarning, stacklevel=3)
        return None
    return retriever
