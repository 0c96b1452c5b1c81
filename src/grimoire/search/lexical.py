"""Lexical ranking: BM25 (bm25s) over each card's name, type line and rules text, with English stemming.

Two indexes: ``words`` (stemmed words, stop words dropped) and ``phrases`` (pairs of consecutive stemmed
words, stop words kept: "draw a card" gives draw_a, a_card), which rewards cards that say the query's
phrases rather than its words scattered. Each is built once per store with bm25s and saved beside it; a search
reads the saved arrays and sums them with numpy alone (see :class:`LexicalIndex`).
"""

from __future__ import annotations

import json
import logging
import re
import sys
import warnings
from pathlib import Path

import numpy as np
import Stemmer

from grimoire.cards.atomic import CacheWarning, atomic_folder
from grimoire.cards.names import fold
from grimoire.cards.store import CardDB


def _import_bm25s():
    """bm25s on its numpy backend, without importing numba (installed for the arena's pymc): numba would add
    about 65 MB and a second to the process. Only building an index needs bm25s (and the scipy it imports)."""
    if "numba" in sys.modules or "bm25s" in sys.modules:
        import bm25s
    else:
        sys.modules["numba"] = None  # so bm25s's ``import numba`` raises ImportError: it takes its numpy backend
        try:
            import bm25s
        finally:
            del sys.modules["numba"]
    logging.getLogger("bm25s").setLevel(logging.ERROR)
    return bm25s


INDEX_DIRS = {"words": "bm25", "phrases": "bm25-phrases"}
_STEMMER = Stemmer.Stemmer("english")
_TOKEN = re.compile(r"(?u)\b\w\w+\b")
# The classic Lucene English stop words, as bm25s 0.3 ships them (``bm25s.stopwords.STOPWORDS_EN``, MIT licence);
# kept here so a search need not import bm25s, and so the saved indexes' words do not change with it.
_STOPWORDS = frozenset((
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no", "not", "of",
    "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was", "will", "with",
))
# bm25s's saved index (``BM25.save``): its parameters, vocabulary and the CSC arrays of precomputed scores
_FILES = {"params": "params.index.json", "vocab": "vocab.index.json", "data": "data.csc.index.npy",
          "indices": "indices.csc.index.npy", "indptr": "indptr.csc.index.npy"}
_SCORED_ALONE = ("lucene", "robertson", "atire")  # bm25l and bm25+ add a per-word score to every card


def tokenize(text: str) -> list[str]:
    """Lower-cased, accent-folded, stop-worded, stemmed words: the same for cards and queries ("eowyn" finds
    Éowyn, as Scryfall's name words do)."""
    stop = _STOPWORDS
    return _STEMMER.stemWords([w for w in _TOKEN.findall(fold(text)) if w not in stop])


def phrase_tokenize(text: str) -> list[str]:
    """Pairs of consecutive stemmed words, stop words kept."""
    stems = _STEMMER.stemWords(_TOKEN.findall(fold(text)))
    return [f"{first}_{second}" for first, second in zip(stems, stems[1:], strict=False)]


TOKENIZERS = {"words": tokenize, "phrases": phrase_tokenize}


class LexicalIndex:
    """BM25 scores of every card for a query.

    bm25s precomputes each word's score in each card, one column per word (CSC arrays); a query's scores are the
    sum of its words' columns, which is all a search does here, with numpy: bm25s and the scipy it imports
    (about 0.2 s and 20 MB in every serving process) are needed only to build an index. The sum is bm25s's own
    (``np.add.at`` per word, in the query's order), so the scores are the ones it gives."""

    def __init__(self, vocabulary: dict[str, int], data: np.ndarray, indices: np.ndarray, indptr: np.ndarray,
                 size: int, kind: str = "words", dtype: str = "float32", retriever=None):
        columns = len(indptr) - 1  # bm25s's vocabulary holds the empty word, which has no column
        self.vocabulary = {word: column for word, column in vocabulary.items() if column < columns}
        self.data, self.indices, self.indptr = data, indices, indptr
        self.size = size
        self.dtype = np.dtype(dtype)
        self.tokenize = TOKENIZERS[kind]
        self._retriever = retriever  # the bm25s index this was built from (what :meth:`save` writes)

    @classmethod
    def build(cls, texts: list[str], kind: str = "words") -> LexicalIndex:
        bm25s = _import_bm25s()
        retriever = bm25s.BM25(backend="numpy")  # the same backend whether or not numba is installed
        documents = [TOKENIZERS[kind](t) for t in texts]
        # bm25s numbers the words of plain token lists in set order, which changes with every process's hash
        # seed; numbered here in sorted order, a rebuild of the same texts writes the same files
        vocabulary = {word: number for number, word in enumerate(sorted({w for doc in documents for w in doc}))}
        retriever.index(([[vocabulary[w] for w in doc] for doc in documents], vocabulary), show_progress=False)
        scores = retriever.scores
        return cls(retriever.vocab_dict, scores["data"], scores["indices"], scores["indptr"], len(texts), kind,
                   retriever.dtype, retriever)

    @classmethod
    def for_store(cls, db: CardDB, kind: str = "words") -> LexicalIndex:
        """Load the store's saved index, or build it (and try to save it) when there is none."""
        folder = db.directory / INDEX_DIRS[kind]
        if (folder / _FILES["params"]).exists():
            saved = _load_saved(folder, len(db), kind)
            if saved is not None:
                return saved
        index = cls.build(db.columns.searchable_text, kind)
        try:
            index.save(folder)
        except OSError:
            pass  # a read-only store (installed package) still searches; it rebuilds next time
        return index

    def save(self, folder: Path) -> None:
        """Save the index as ``folder``, whole or not at all (an index built here, in bm25s's format)."""
        if self._retriever is None:
            raise ValueError("only an index built in this process can be saved; it was loaded from its folder")
        with atomic_folder(folder) as temporary:
            self._retriever.save(str(temporary), show_progress=False)

    def scores(self, query: str) -> np.ndarray:
        vocabulary = self.vocabulary
        ids = [vocabulary[token] for token in self.tokenize(query) if token in vocabulary]
        scores = np.zeros(self.size, dtype=self.dtype if ids else np.float32)
        for word in ids:
            start, end = self.indptr[word], self.indptr[word + 1]
            np.add.at(scores, self.indices[start:end], self.data[start:end])
        return scores


def _load_saved(folder: Path, size: int, kind: str) -> LexicalIndex | None:
    """The saved index in ``folder``, or ``None`` (with a warning) when it is unreadable, damaged or for other
    cards: its arrays are checked against each other, so a damaged file cannot fail a search later."""
    try:
        params = json.loads((folder / _FILES["params"]).read_text(encoding="utf-8"))
        vocabulary = json.loads((folder / _FILES["vocab"]).read_text(encoding="utf-8"))
        data, indices, indptr = (np.load(folder / _FILES[name]) for name in ("data", "indices", "indptr"))
        problem = _index_problem(params, vocabulary, data, indices, indptr, size)
    except (OSError, ValueError, KeyError, TypeError, EOFError, IndexError) as exc:
        warnings.warn(f"search index {folder} is unreadable ({exc}); rebuilding it", CacheWarning, stacklevel=3)
        return None
    if problem:
        warnings.warn(f"search index {folder} is {problem}; rebuilding it", CacheWarning, stacklevel=3)
        return None
    return LexicalIndex(vocabulary, data, indices, indptr, size, kind, params.get("dtype", "float32"))


def _index_problem(params: dict, vocabulary: dict, data: np.ndarray, indices: np.ndarray, indptr: np.ndarray,
                   size: int) -> str:
    """What is wrong with a saved index's parts ("" when nothing is)."""
    if params.get("num_docs") != size:
        return "for another card list"
    if any(fold(word) != word for word in vocabulary if not word.isascii()):
        return "of words with their accents (an index written before words were folded)"
    if params.get("method", "lucene") not in _SCORED_ALONE:
        return f"scored by {params.get('method')}, not by BM25 as Grimoire builds it"
    # bm25s gives the empty word the id after the last column (a card with no words): it has no column
    if not isinstance(vocabulary, dict) or any(not isinstance(v, int) or not 0 <= v < len(indptr)
                                              for v in vocabulary.values()):
        return "damaged (its vocabulary does not fit its arrays)"
    if data.ndim != 1 or indices.ndim != 1 or indptr.ndim != 1 or len(data) != len(indices) or \
            not len(indptr) or indptr[0] != 0 or indptr[-1] != len(data) or (np.diff(indptr) < 0).any():
        return "damaged (its arrays do not fit each other)"
    if len(indices) and (indices.min() < 0 or indices.max() >= size):
        return "damaged (it scores cards the store does not have)"
    if data.dtype.kind != "f" or indices.dtype.kind not in "iu" or indptr.dtype.kind not in "iu":
        return "damaged (its arrays have the wrong types)"
    return ""
