"""Train Grimoire's static embedding model (src/grimoire/data/grimoire-static.npz) from MiniLM and Magic text.

Usage: python scripts/train_embedder.py [--steps N] [--cache DIR] [--log FILE]
1. Teacher: MiniLM's output for every token of its vocabulary alone, cached in --cache (about a minute).
2. Start: those token vectors projected on the top principal axes of MiniLM's card embeddings (the shipped
   ones), each token scaled by a smooth inverse frequency weight over the card corpus.
3. Tune (numpy and scipy.sparse, Adam on the touched rows): card texts are pulled towards MiniLM's own
   vector of the card (distillation), and contrastive pairs that say one thing two ways are pulled together
   against the rest of the batch: tag phrasings <-> member cards, keyword <-> reminder text, Comprehensive
   Rules glossary term and keyword rule <-> definition, card text <-> its tags in words.
   No benchmark query is ever a training text (:func:`drop_benchmark_texts`; tests/search/test_static.py).
Everything is seeded; the log records every figure and the model's sha256.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import sys
import tempfile
import time

# One BLAS thread: the batches are small, and more threads were measured slower on the shared 2 cores.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np  # noqa: E402 - after the thread setting, which numpy reads at import
from scipy import sparse  # noqa: E402
from tqdm import tqdm  # noqa: E402

from grimoire.cards.home import bundled_store_dir
from grimoire.cards.store import CardDB
from grimoire.search import tags as tag_rules
from grimoire.search.embed import Encoder, card_text_for_embedding
from grimoire.search.engine import load_tags
from grimoire.search.static import MODEL_FILE, save_model
from grimoire.search.vectors import EMBEDDINGS_FILE, read_cache

REPO = Path(__file__).resolve().parent.parent
QUERY_DIR = REPO / "src" / "grimoire" / "bench" / "search" / "queries"
RULES_FILE = REPO / "src" / "grimoire" / "data" / "rules" / "MagicCompRules-20220429.txt.gz"
SEED = 19
DIMENSIONS = 256
SIF_A = 1e-3
_REMINDER_LINE = re.compile(r"^([A-Z][A-Za-z' -]{2,30}?)(?: [0-9X{}/+-]+|—[^(]*)? \(([^()]{12,})\)", re.M)
_KEYWORD_RULE = re.compile(r"^702\.(\d+)\. (.+)$")


@dataclass(frozen=True)
class Pair:
    """Two texts that say the same thing; ``group`` names what they say (pairs of one group are not negatives
    of each other), ``card`` is the second text's card row when it is a card (else -1)."""

    left: str
    right: str
    group: str
    card: int = -1


def normalise(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9+/ ]", " ", text.lower()).split())


def benchmark_queries(folder: Path = QUERY_DIR) -> set[str]:
    """Every query string of every shipped benchmark set and split, normalised."""
    found = set()
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                found.add(normalise(json.loads(line)["query"]))
    return found


def drop_benchmark_texts(pairs: list[Pair], queries: set[str]) -> list[Pair]:
    """Pairs with neither text equal to a benchmark query nor containing one of three words or more."""
    by_start: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for query in queries:
        words = tuple(query.split())
        if len(words) >= 3:
            by_start.setdefault(words[:3], []).append(words)

    def clean(text: str) -> bool:
        text = normalise(text)
        if text in queries:
            return False
        words = tuple(text.split())
        return not any(words[i: i + len(q)] == q for i in range(len(words) - 2)
                       for q in by_start.get(words[i: i + 3], ()))

    return [p for p in pairs if clean(p.left) and clean(p.right)]


def tag_pairs(texts: list[str], strengths: np.ndarray, rng: np.random.Generator, per_tag: int = 400) -> list[Pair]:
    """Each tag's name, phrasings and description <-> cards that perform it directly (or, lacking those, at all)."""
    pairs = []
    for index, tag in enumerate(tag_rules.TAGS):
        asks = [tag.name.replace("-", " "), *tag.phrasings, tag.description]
        column = strengths[:, index]
        members = np.flatnonzero(column >= tag_rules.DIRECT)
        if len(members) < 20:
            members = np.flatnonzero(column > 0)
        for row in rng.choice(members, size=min(per_tag, len(members)), replace=False):
            pairs.append(Pair(asks[rng.integers(len(asks))], texts[row], f"tag:{tag.name}", int(row)))
    return pairs


def role_pairs(texts: list[str], strengths: np.ndarray, rng: np.random.Generator, count: int = 6000) -> list[Pair]:
    """A card's text <-> its own tags described in words."""
    tagged = np.flatnonzero((strengths >= tag_rules.DIRECT).any(axis=1))
    pairs = []
    for row in rng.choice(tagged, size=min(count, len(tagged)), replace=False):
        own = [tag_rules.TAGS[i] for i in np.flatnonzero(strengths[row] >= tag_rules.DIRECT)]
        words = "; ".join(tag.description for tag in own[:3])
        pairs.append(Pair(words, texts[row], "roles:" + ",".join(t.name for t in own[:3]), int(row)))
    return pairs


def reminder_pairs(oracle_texts: list[str]) -> list[Pair]:
    """Keyword <-> its reminder text, as printed on cards (one pair per keyword and distinct reminder)."""
    seen: dict[tuple[str, str], Pair] = {}
    for text in oracle_texts:
        for keyword, reminder in _REMINDER_LINE.findall(text or ""):
            keyword = keyword.strip()
            seen.setdefault((keyword.lower(), reminder), Pair(keyword, reminder, f"kw:{keyword.lower()}"))
    return list(seen.values())


def rules_pairs(path: Path = RULES_FILE) -> list[Pair]:
    """Comprehensive Rules glossary terms <-> definitions, and each keyword ability (702.N) <-> its rules."""
    lines = gzip.decompress(path.read_bytes()).decode("utf-8-sig").replace("\r", "").split("\n")
    pairs = []
    starts = [i for i, line in enumerate(lines) if line.strip() == "Glossary"]
    ends = [i for i, line in enumerate(lines) if line.strip() == "Credits"]
    block: list[str] = []
    for line in [*lines[starts[-1] + 1: ends[-1]], ""]:
        if line.strip():
            block.append(line.strip())
        elif block:
            term, definition = block[0], " ".join(block[1:])
            definition = re.sub(r"\s*See (?:rules?|section) .*$", "", definition).strip()
            if len(definition) > 12:
                pairs.append(Pair(term, definition, f"rules:{term.lower()}"))
            block = []
    current = None
    for line in lines[: starts[-1]]:
        if match := _KEYWORD_RULE.match(line.strip()):
            current = (match.group(1), match.group(2).strip())
        elif current and re.match(rf"^702\.{current[0]}[a-z] ", line):
            text = line.split(" ", 1)[1].strip()
            if not text.startswith("See rule") and len(text) > 20:
                pairs.append(Pair(current[1], text, f"rules:{current[1].lower()}"))
    return pairs


class Tokens:
    """The bundled tokenizer's ids of texts (without [CLS]/[SEP]), memoised."""

    def __init__(self):
        from tokenizers import Tokenizer

        data = resources.files("grimoire.data").joinpath("all-MiniLM-L6-v2.tokenizer.json").read_text("utf-8")
        self.tokenizer = Tokenizer.from_str(data)
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(512)
        self.memo: dict[str, np.ndarray] = {}

    def ids(self, texts: list[str]) -> list[np.ndarray]:
        todo = [t for t in dict.fromkeys(texts) if t not in self.memo]
        for text, encoding in zip(todo, self.tokenizer.encode_batch(todo), strict=True):
            self.memo[text] = np.array(encoding.ids[1:-1], dtype=np.int64)
        return [self.memo[t] for t in texts]


def teacher_tokens(cache: Path, vocab_size: int, log) -> np.ndarray:
    """MiniLM's mean output for "[CLS] token [SEP]", for every token id (cached: the expensive step)."""
    path = cache / "minilm_token_outputs.npy"
    if path.exists():
        return np.load(path)
    encoder = Encoder()
    out = np.zeros((vocab_size, 384), dtype=np.float32)
    started = time.perf_counter()
    for start in tqdm(range(0, vocab_size, 2048), desc="MiniLM over the vocabulary", unit="batch", disable=None):
        ids = np.arange(start, min(start + 2048, vocab_size))
        batch = np.stack([np.full(len(ids), 101), ids, np.full(len(ids), 102)], axis=1).astype(np.int64)
        out[ids] = encoder.hidden_states(batch, np.ones_like(batch)).mean(axis=1)
    log(f"teacher: MiniLM over {vocab_size} tokens in {time.perf_counter() - started:.0f} s")
    cache.mkdir(parents=True, exist_ok=True)
    np.save(path, out)
    return out


def principal_axes(vectors: np.ndarray, dimensions: int) -> tuple[np.ndarray, np.ndarray]:
    mean = vectors.mean(axis=0)
    centred = vectors - mean
    values, axes = np.linalg.eigh(centred.T @ centred)
    return mean, axes[:, np.argsort(values)[::-1][:dimensions]]


def bag_of_tokens(ids: list[np.ndarray], vocab_size: int) -> sparse.csr_matrix:
    """Texts x vocabulary token counts: the sum pool as a sparse product."""
    lengths = [len(i) for i in ids]
    rows = np.repeat(np.arange(len(ids)), lengths)
    return sparse.csr_matrix((np.ones(sum(lengths), dtype=np.float32), (rows, np.concatenate(ids))),
                             shape=(len(ids), vocab_size))


def unit(vectors: np.ndarray) -> np.ndarray:
    return vectors / np.maximum(np.linalg.norm(vectors, axis=-1, keepdims=True), 1e-12)


class Model:
    """Token vectors with a sum-pool forward, its gradient and Adam on the rows a batch touched."""

    def __init__(self, vectors: np.ndarray, rate: float):
        self.vectors = vectors.astype(np.float32)
        self.first = np.zeros_like(self.vectors)
        self.second = np.zeros_like(self.vectors)
        self.steps = np.zeros(len(vectors), dtype=np.int64)
        self.rate = rate

    def forward(self, ids: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, sparse.csr_matrix]:
        counts = bag_of_tokens(ids, len(self.vectors))
        summed = counts @ self.vectors
        norms = np.maximum(np.linalg.norm(summed, axis=1, keepdims=True), 1e-12)
        return summed / norms, norms, counts

    def backward(self, out: np.ndarray, norms: np.ndarray, counts: sparse.csr_matrix, grad_out: np.ndarray,
                 grads: dict) -> None:
        grad_sum = (grad_out - out * (out * grad_out).sum(axis=1, keepdims=True)) / norms
        touched = counts.T.tocsr()
        rows = np.flatnonzero(np.diff(touched.indptr))
        grads.setdefault("g", np.zeros_like(self.vectors))[rows] += touched[rows] @ grad_sum
        grads.setdefault("touched", []).append(rows)

    def step(self, grads: dict) -> None:
        rows = np.unique(np.concatenate(grads["touched"]))
        gradient = grads["g"][rows]
        self.steps[rows] += 1
        self.first[rows] = 0.9 * self.first[rows] + 0.1 * gradient
        self.second[rows] = 0.999 * self.second[rows] + 0.001 * gradient ** 2
        t = self.steps[rows][:, None]
        update = (self.first[rows] / (1 - 0.9 ** t)) / (np.sqrt(self.second[rows] / (1 - 0.999 ** t)) + 1e-8)
        self.vectors[rows] -= self.rate * update
        grads["g"][rows] = 0.0
        grads["touched"] = []


def contrastive(model: Model, tokens: Tokens, batch: list[Pair], blocked: np.ndarray, temperature: float,
                weight: float, grads: dict) -> float:
    """Symmetric InfoNCE over a batch of pairs; ``blocked[i, j]`` marks a j that also fits i (not a negative)."""
    left_ids, right_ids = tokens.ids([p.left for p in batch]), tokens.ids([p.right for p in batch])
    left, left_norms, left_counts = model.forward(left_ids)
    right, right_norms, right_counts = model.forward(right_ids)
    logits = left @ right.T / temperature
    logits[blocked] = -1e9
    loss, grad_logits = 0.0, np.zeros_like(logits)
    for axis_logits, transpose in ((logits, False), (logits.T, True)):
        shifted = axis_logits - axis_logits.max(axis=1, keepdims=True)
        probs = np.exp(shifted)
        probs /= probs.sum(axis=1, keepdims=True)
        loss += float(-np.log(np.maximum(np.diag(probs), 1e-12)).mean()) / 2
        g = probs.copy()
        g[np.diag_indices_from(g)] -= 1.0
        g *= weight / (2 * len(batch) * temperature)
        grad_logits += g.T if transpose else g
    model.backward(left, left_norms, left_counts, grad_logits @ right, grads)
    model.backward(right, right_norms, right_counts, grad_logits.T @ left, grads)
    return loss


def distillation(model: Model, ids: list[np.ndarray], targets: np.ndarray, weight: float, grads: dict) -> float:
    """Mean (1 - cosine) between the model's card vectors and MiniLM's (projected), scaled by ``weight``."""
    out, norms, counts = model.forward(ids)
    cosine = (out * targets).sum(axis=1)
    model.backward(out, norms, counts, -weight * targets / len(ids), grads)
    return float(1 - cosine.mean())


def blocked_mask(batch: list[Pair], strengths: np.ndarray) -> np.ndarray:
    groups = np.array([p.group for p in batch])
    blocked = groups[:, None] == groups[None, :]
    tag_of = {f"tag:{t.name}": i for i, t in enumerate(tag_rules.TAGS)}
    anchors = np.array([tag_of.get(p.group, -1) for p in batch])
    cards = np.array([p.card for p in batch])
    left, right = np.flatnonzero(anchors >= 0), np.flatnonzero(cards >= 0)
    # a card that also carries the anchor's tag is no negative
    blocked[np.ix_(left, right)] |= (strengths[np.ix_(cards[right], anchors[left])] > 0).T
    np.fill_diagonal(blocked, False)
    return blocked


def build_pairs(db: CardDB, texts: list[str], strengths: np.ndarray, rng: np.random.Generator) -> dict[str, list]:
    queries = benchmark_queries()
    sources = {"tags": tag_pairs(texts, strengths, rng), "roles": role_pairs(texts, strengths, rng),
               "reminders": reminder_pairs(list(db.columns.oracle_text)), "rules": rules_pairs()}
    return {name: drop_benchmark_texts(pairs, queries) for name, pairs in sources.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--rate", type=float, default=0.003)
    parser.add_argument("--temperature", type=float, default=0.05)
    parser.add_argument("--distil-weight", type=float, default=1.0)
    parser.add_argument("--pair-weight", type=float, default=1.0, help="weight of the contrastive pairs' loss")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "grimoire-train-embedder",
                        help="where MiniLM's token outputs are kept between runs")
    parser.add_argument("--log", type=Path, default=REPO / "docs" / "bench" / "embedder_train.log")
    parser.add_argument("--out", type=Path, default=REPO / "src" / "grimoire" / "data" / MODEL_FILE)
    args = parser.parse_args()
    lines: list[str] = []

    def log(message: str) -> None:
        tqdm.write(message)
        lines.append(message)

    rng = np.random.default_rng(SEED)
    log(f"train_embedder: seed {SEED}, {DIMENSIONS} dimensions, {args.steps} steps, batch {args.batch}, "
        f"rate {args.rate}, temperature {args.temperature}, distillation weight {args.distil_weight}, "
        f"pair weight {args.pair_weight}")
    db = CardDB(bundled_store_dir())
    columns = db.columns
    texts = [card_text_for_embedding(n, t, o)
             for n, t, o in zip(columns.name, columns.type_line, columns.oracle_text, strict=True)]
    cache = read_cache(bundled_store_dir() / EMBEDDINGS_FILE)
    teacher_cards = cache["vectors"].astype(np.float32) * cache["scales"][:, None]
    strengths = load_tags(db)
    tokens = Tokens()
    vocab_size = tokens.tokenizer.get_vocab_size()
    card_ids = tokens.ids(texts)
    counts = np.bincount(np.concatenate(card_ids), minlength=vocab_size).astype(np.float64)
    sif = SIF_A / (SIF_A + counts / counts.sum())
    mean, axes = principal_axes(teacher_cards, DIMENSIONS)
    targets = unit((teacher_cards - mean) @ axes)
    start = (teacher_tokens(args.cache, vocab_size, log) - mean) @ axes
    model = Model(unit(start) * sif[:, None], args.rate)
    pairs = build_pairs(db, texts, strengths, rng)
    log("pairs: " + ", ".join(f"{name} {len(found)}" for name, found in pairs.items()))
    pool = [p for found in pairs.values() for p in found]
    grads: dict = {}
    started = time.perf_counter()
    for step in tqdm(range(1, args.steps + 1), desc="Tuning", unit="step", disable=None):
        batch = [pool[i] for i in rng.choice(len(pool), size=args.batch, replace=False)]
        pair_loss = contrastive(model, tokens, batch, blocked_mask(batch, strengths), args.temperature,
                                args.pair_weight, grads)
        rows = rng.choice(len(texts), size=args.batch, replace=False)
        distil_loss = distillation(model, [card_ids[r] for r in rows], targets[rows], args.distil_weight, grads)
        model.step(grads)
        if step % 100 == 0 or step == 1:
            log(f"step {step:5d}  contrastive {pair_loss:.3f}  distillation (1-cos) {distil_loss:.3f}  "
                f"{time.perf_counter() - started:.0f} s")
    sha256 = save_model(args.out, model.vectors)
    size = args.out.stat().st_size
    log(f"wrote {args.out.name}: {vocab_size} x {DIMENSIONS}, {size / 1e6:.1f} MB, sha256 {sha256}")
    args.log.parent.mkdir(parents=True, exist_ok=True)
    args.log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
