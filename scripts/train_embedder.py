"""Train Grimoire's static embedding model (src/grimoire/data/grimoire-static.npz) from MiniLM and Magic text.

Usage: python scripts/train_embedder.py [--steps N] [--cache DIR] [--log FILE]
1. Teacher: MiniLM's output for every token of its vocabulary alone, cached in --cache (about a minute).
2. Start: those token vectors projected on the top principal axes of MiniLM's card embeddings (the shipped
   ones), each token scaled by a smooth inverse frequency weight over the card corpus.
3. Tune (numpy and scipy.sparse, Adam on the touched rows): card texts are pulled towards MiniLM's own
   vector of the card (distillation), and contrastive pairs that say one thing two ways are pulled together
   against the rest of the batch: tag phrasings (half in a request frame) <-> member cards, a tag's phrasings
   <-> each other, keyword <-> reminder text, Comprehensive Rules glossary term and keyword rule <->
   definition, card text <-> its tags in words. Each card pair also gets a hard negative: a card that reads
   alike by MiniLM but lacks the pair's tags.
   No benchmark query is ever a training text (:func:`drop_benchmark_texts`; tests/search/test_static.py).
Everything is seeded; the log records every figure and the model's sha256.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable

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
# Tags the model is not taught (they stay in the matcher's words): a defence whose cards' text is, to a bag of
# tokens, the mirror of another tag's ("shuffle your graveyard into your library" against "put the top cards of
# their library into their graveyard"). Taught, it pulled mill requests that no phrasing holds ("send their deck
# to the yard") to its cards, and its asks share mill's words ("i keep getting milled").
UNTAUGHT_TAGS = frozenset({"anti-mill"})
DIMENSIONS = 128
SIF_A = 1e-3
_REMINDER_LINE = re.compile(r"^([A-Z][A-Za-z' -]{2,30}?)(?: [0-9X{}/+-]+|—[^(]*)? \(([^()]{12,})\)", re.M)
_KEYWORD_RULE = re.compile(r"^702\.(\d+)\. (.+)$")
# How a player wraps what they want in a request; general English written for this script, not taken from any
# query set. Framed tag phrasings teach the model that these words say little about what a card does.
FRAMES = ("cards that {}", "{} cards", "ways to {}", "I need {}", "my deck needs {}", "looking for {}",
          "good {} for my deck", "something for {}", "what gives me {}", "a card for {}", "{} please",
          "show me {}", "anything that does {}", "I want {}")


@dataclass(frozen=True)
class Pair:
    """Two texts that say the same thing; ``group`` names what they say (pairs of one group are not negatives
    of each other), ``card`` is the second text's card row when it is a card (else -1), ``negative`` a card
    row that reads like ``card`` but does not do what ``left`` says (a hard negative, else -1)."""

    left: str
    right: str
    group: str
    card: int = -1
    negative: int = -1


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


def benchmark_filter(queries: set[str]) -> Callable[[str], bool]:
    """A test of a text: True when it neither equals a benchmark query nor contains one of three words or more."""
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

    return clean


def drop_benchmark_texts(pairs: list[Pair], queries: set[str]) -> list[Pair]:
    """Pairs with neither text equal to a benchmark query nor containing one of three words or more."""
    clean = benchmark_filter(queries)
    return [p for p in pairs if clean(p.left) and clean(p.right)]


def framed(text: str, rng: np.random.Generator, held_out: frozenset[str] = frozenset()) -> str:
    """``text`` inside a request frame (see :data:`FRAMES`) half of the time, else as it is; never a held-out
    phrasing ("storm" framed is "storm cards", a phrasing of its own): then the text as it is."""
    found = FRAMES[rng.integers(len(FRAMES))].format(text) if rng.random() < 0.5 else text
    return text if found in held_out and text not in held_out else found


def tag_pairs(texts: list[str], strengths: np.ndarray, rng: np.random.Generator, per_tag: int = 400,
              held_out: frozenset[str] = frozenset()) -> list[Pair]:
    """Each tag's name, phrasings (but those ``held_out``) and description (framed as a request half of the time)
    <-> cards that perform it directly (or, lacking those, at all)."""
    pairs = []
    for index, tag in enumerate(tag_rules.TAGS):
        if tag.name in UNTAUGHT_TAGS:
            continue
        asks = [tag.name.replace("-", " "), *(p for p in tag.phrasings if p not in held_out), tag.description]
        column = strengths[:, index]
        members = np.flatnonzero(column >= tag_rules.DIRECT)
        if len(members) < 20:
            members = np.flatnonzero(column > 0)
        for row in rng.choice(members, size=min(per_tag, len(members)), replace=False):
            ask = framed(asks[rng.integers(len(asks))], rng, held_out)
            pairs.append(Pair(ask, texts[row], f"tag:{tag.name}", int(row)))
    return pairs


def phrasing_pairs(rng: np.random.Generator, held_out: frozenset[str] = frozenset()) -> list[Pair]:
    """The ways one tag is asked for, two by two, the first framed as a request half of the time (its name,
    phrasings but those ``held_out``, and description say the same thing)."""
    pairs = []
    for tag in tag_rules.TAGS:
        if tag.name in UNTAUGHT_TAGS:
            continue
        phrasings = (p for p in tag.phrasings if p not in held_out)
        asks = list(dict.fromkeys([tag.name.replace("-", " "), *phrasings, tag.description]))
        pairs += [Pair(framed(a, rng, held_out), b, f"tag:{tag.name}") for i, a in enumerate(asks)
                  for b in asks[i + 1:]]
    return pairs


def card_neighbours(targets: np.ndarray, rows: np.ndarray, count: int = 24) -> dict[int, np.ndarray]:
    """The ``count`` cards nearest each of ``rows`` by MiniLM's card vectors (the teacher's idea of "reads alike")."""
    found = {}
    for start in range(0, len(rows), 1024):
        chunk = rows[start: start + 1024]
        cosines = targets[chunk] @ targets.T
        cosines[np.arange(len(chunk)), chunk] = -2.0
        nearest = np.argpartition(-cosines, count, axis=1)[:, :count]
        order = np.argsort(-np.take_along_axis(cosines, nearest, axis=1), axis=1)
        found.update(zip(chunk.tolist(), np.take_along_axis(nearest, order, axis=1), strict=True))
    return found


def with_hard_negatives(pairs: list[Pair], texts: list[str], strengths: np.ndarray, targets: np.ndarray,
                        rng: np.random.Generator) -> list[Pair]:
    """Each card pair gets a hard negative: one of the nearest cards (by MiniLM) that lacks the pair's tags, so
    the model learns the nuance ("destroy all lands" is no creature sweeper, "counter" is no "draw")."""
    tag_of = {tag.name: i for i, tag in enumerate(tag_rules.TAGS)}
    neighbours = card_neighbours(targets, np.unique([p.card for p in pairs if p.card >= 0]))
    clean = benchmark_filter(benchmark_queries())
    out = []
    for pair in pairs:
        if pair.card < 0:
            out.append(pair)
            continue
        wanted = [tag_of[name] for name in pair.group.split(":", 1)[1].split(",") if name in tag_of]
        near = neighbours[pair.card]
        lacking = [row for row in near[(strengths[np.ix_(near, wanted)] == 0).all(axis=1)][:4] if clean(texts[row])]
        negative = int(lacking[rng.integers(len(lacking))]) if len(lacking) else -1
        out.append(Pair(pair.left, pair.right, pair.group, pair.card, negative))
    return out


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


def _softmax_loss(logits: np.ndarray) -> tuple[float, np.ndarray]:
    """Mean cross-entropy of each row's diagonal entry, and its gradient (softmax minus one-hot)."""
    probs = np.exp(logits - logits.max(axis=1, keepdims=True))
    probs /= probs.sum(axis=1, keepdims=True)
    diagonal = np.arange(len(logits))
    loss = float(-np.log(np.maximum(probs[diagonal, diagonal], 1e-12)).mean())
    probs[diagonal, diagonal] -= 1.0
    return loss, probs


def contrastive(model: Model, tokens: Tokens, batch: list[Pair], blocked: np.ndarray, temperature: float,
                weight: float, grads: dict, negatives: list[str] = ()) -> float:
    """Symmetric InfoNCE over a batch of pairs; ``blocked[i, j]`` marks a j that also fits i (not a negative).
    ``negatives`` (hard negative texts) are extra columns for every left text, after the batch's right texts."""
    left_ids = tokens.ids([p.left for p in batch])
    right_ids = tokens.ids([p.right for p in batch] + list(negatives))
    left, left_norms, left_counts = model.forward(left_ids)
    right, right_norms, right_counts = model.forward(right_ids)
    logits = left @ right.T / temperature
    logits[blocked] = -1e9
    forward_loss, grad_logits = _softmax_loss(logits)
    backward_loss, grad_back = _softmax_loss(logits[:, : len(batch)].T)
    grad_logits[:, : len(batch)] += grad_back.T
    grad_logits *= weight / (2 * len(batch) * temperature)
    model.backward(left, left_norms, left_counts, grad_logits @ right, grads)
    model.backward(right, right_norms, right_counts, grad_logits.T @ left, grads)
    return (forward_loss + backward_loss) / 2


def distillation(model: Model, ids: list[np.ndarray], targets: np.ndarray, weight: float, grads: dict) -> float:
    """Mean (1 - cosine) between the model's card vectors and MiniLM's (projected), scaled by ``weight``."""
    out, norms, counts = model.forward(ids)
    cosine = (out * targets).sum(axis=1)
    model.backward(out, norms, counts, -weight * targets / len(ids), grads)
    return float(1 - cosine.mean())


def blocked_mask(batch: list[Pair], strengths: np.ndarray) -> np.ndarray:
    """Which right texts (the batch's, then its hard negatives) are no negative of each left text."""
    groups = np.array([p.group for p in batch])
    negatives = np.array([p.negative for p in batch if p.negative >= 0], dtype=np.int64)
    blocked = np.zeros((len(batch), len(batch) + len(negatives)), dtype=bool)
    blocked[:, : len(batch)] = groups[:, None] == groups[None, :]
    tag_of = {f"tag:{t.name}": i for i, t in enumerate(tag_rules.TAGS)}
    anchors = np.array([tag_of.get(p.group, -1) for p in batch])
    cards = np.concatenate([np.array([p.card for p in batch]), negatives])
    left, right = np.flatnonzero(anchors >= 0), np.flatnonzero(cards >= 0)
    # a card that also carries the anchor's tag is no negative
    blocked[np.ix_(left, right)] |= (strengths[np.ix_(cards[right], anchors[left])] > 0).T
    np.fill_diagonal(blocked[:, : len(batch)], False)
    return blocked


def build_pairs(db: CardDB, texts: list[str], strengths: np.ndarray, rng: np.random.Generator,
                held_out: frozenset[str] = frozenset()) -> dict[str, list]:
    """Every source's pairs, none holding a benchmark query; tag phrasings in ``held_out`` are left out (the
    generalisation check's folds, bench/search/phrasings.py)."""
    queries = benchmark_queries()
    taught = strengths.copy()
    taught[:, [tag_rules.TAG_INDEX[name] for name in UNTAUGHT_TAGS]] = 0  # not among a card's roles either
    sources = {"tags": tag_pairs(texts, taught, rng, held_out=held_out),
               "phrasings": phrasing_pairs(rng, held_out),
               "roles": role_pairs(texts, taught, rng), "reminders": reminder_pairs(list(db.columns.oracle_text)),
               "rules": rules_pairs()}
    return {name: drop_benchmark_texts(pairs, queries) for name, pairs in sources.items()}


@dataclass
class Prepared:
    """Everything a tuning run starts from: the cards' texts and token ids, MiniLM's card vectors on the model's
    axes (the distillation targets), the starting token vectors and the training pairs."""

    texts: list[str]
    card_ids: list[np.ndarray]
    strengths: np.ndarray
    tokens: Tokens
    targets: np.ndarray
    start: np.ndarray
    pairs: dict[str, list[Pair]]


def pairs_digest(pairs: dict[str, list[Pair]], strengths: np.ndarray) -> str:
    """A short digest of the training pairs as built (before hard negatives) and of the tag strengths, which
    the hard negatives and the in-batch mask also read: it is logged, and a test checks that what the script
    builds today is still what the shipped model was trained on."""
    digest = hashlib.sha256(np.ascontiguousarray(strengths, dtype=np.int8).tobytes())
    for name, found in pairs.items():
        for pair in found:
            digest.update(f"{name}\x1f{pair.left}\x1f{pair.right}\x1f{pair.group}\x1f{pair.card}\n".encode())
    return digest.hexdigest()[:16]


def prepare(cache: Path, log, rng: np.random.Generator, dimensions: int = DIMENSIONS,
            held_out: frozenset[str] = frozenset()) -> Prepared:
    """What tuning starts from; the tag phrasings in ``held_out`` are in no training pair."""
    db = CardDB(bundled_store_dir())
    columns = db.columns
    texts = [card_text_for_embedding(n, t, o)
             for n, t, o in zip(columns.name, columns.type_line, columns.oracle_text, strict=True)]
    shipped = read_cache(bundled_store_dir() / EMBEDDINGS_FILE)
    teacher_cards = shipped["vectors"].astype(np.float32) * shipped["scales"][:, None]
    strengths = load_tags(db)
    tokens = Tokens()
    vocab_size = tokens.tokenizer.get_vocab_size()
    card_ids = tokens.ids(texts)
    counts = np.bincount(np.concatenate(card_ids), minlength=vocab_size).astype(np.float64)
    sif = SIF_A / (SIF_A + counts / counts.sum())
    mean, axes = principal_axes(teacher_cards, dimensions)
    targets = unit((teacher_cards - mean) @ axes)
    start = unit((teacher_tokens(cache, vocab_size, log) - mean) @ axes) * sif[:, None]
    pairs = build_pairs(db, texts, strengths, rng, held_out)
    log(f"pairs digest: {pairs_digest(pairs, strengths)}")
    pairs = {name: with_hard_negatives(found, texts, strengths, targets, rng) for name, found in pairs.items()}
    log(f"hard negatives: {sum(p.negative >= 0 for found in pairs.values() for p in found)}")
    log("pairs: " + ", ".join(f"{name} {len(found)}" for name, found in pairs.items()))
    return Prepared(texts, card_ids, strengths, tokens, targets, start, pairs)


def tune(prepared: Prepared, args: argparse.Namespace, log, rng: np.random.Generator) -> np.ndarray:
    """The tuned token vectors: ``args.steps`` steps of contrastive pairs plus distillation."""
    model = Model(prepared.start.copy(), args.rate)
    repeats = {"phrasings": args.phrasing_repeat}
    pool = [p for name, found in prepared.pairs.items() for p in found * repeats.get(name, 1)]
    grads: dict = {}
    started = time.perf_counter()
    for step in tqdm(range(1, args.steps + 1), desc="Tuning", unit="step", disable=None):
        batch = [pool[i] for i in rng.choice(len(pool), size=args.batch, replace=False)]
        negatives = [prepared.texts[p.negative] for p in batch if p.negative >= 0] if args.hard_negatives else []
        if not args.hard_negatives:
            batch = [Pair(p.left, p.right, p.group, p.card) for p in batch]
        pair_loss = contrastive(model, prepared.tokens, batch, blocked_mask(batch, prepared.strengths),
                                args.temperature, args.pair_weight, grads, negatives)
        rows = rng.choice(len(prepared.texts), size=args.batch, replace=False)
        distil_loss = distillation(model, [prepared.card_ids[r] for r in rows], prepared.targets[rows],
                                   args.distil_weight, grads)
        model.step(grads)
        if step % 100 == 0 or step == 1:
            log(f"step {step:5d}  contrastive {pair_loss:.3f}  distillation (1-cos) {distil_loss:.3f}  "
                f"{time.perf_counter() - started:.0f} s")
    return model.vectors


def train_model(prepared: Prepared, args: argparse.Namespace, log, rng: np.random.Generator) -> np.ndarray:
    """The model's token vectors: the mean of ``args.runs`` tuning runs from the same start (the first goes on
    with ``rng``, the others have their own seeded generators), steadier than any one run."""
    runs = []
    for run in range(args.runs):
        if args.runs > 1:
            log(f"run {run + 1} of {args.runs}")
        runs.append(tune(prepared, args, log, rng if run == 0 else np.random.default_rng([SEED, run])))
    return runs[0] if len(runs) == 1 else np.mean(runs, axis=0).astype(runs[0].dtype)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--dimensions", type=int, default=DIMENSIONS,
                        help="the model's dimensions: MiniLM's top principal axes it starts from")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--rate", type=float, default=0.003)
    parser.add_argument("--temperature", type=float, default=0.03)
    parser.add_argument("--distil-weight", type=float, default=2.0)
    parser.add_argument("--hard-negatives", action=argparse.BooleanOptionalAction, default=True,
                        help="add each card pair's hard negative (a near card lacking its tags) to the batch")
    parser.add_argument("--phrasing-repeat", type=int, default=1,
                        help="how many times the tag phrasing pairs are in the pool (they teach query <-> phrasing)")
    parser.add_argument("--pair-weight", type=float, default=1.0, help="weight of the contrastive pairs' loss")
    parser.add_argument("--runs", type=int, default=5,
                        help="tuning runs from the same start, each with its own random batches; the model is their "
                             "mean (a 'soup': steadier than one run, whose figures move by a point a retrain)")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "grimoire-train-embedder",
                        help="where MiniLM's token outputs are kept between runs")
    parser.add_argument("--log", type=Path, default=REPO / "docs" / "bench" / "embedder_train.log")
    parser.add_argument("--out", type=Path, default=REPO / "src" / "grimoire" / "data" / MODEL_FILE)
    return parser.parse_args(argv)


def main() -> int:
    args = arguments()
    lines: list[str] = []

    def log(message: str) -> None:
        tqdm.write(message)
        lines.append(message)

    rng = np.random.default_rng(SEED)
    log(f"train_embedder: seed {SEED}, {args.dimensions} dimensions, {args.steps} steps, batch {args.batch}, "
        f"rate {args.rate}, temperature {args.temperature}, distillation weight {args.distil_weight}, "
        f"pair weight {args.pair_weight}" + (f", mean of {args.runs} runs" if args.runs > 1 else ""))
    vectors = train_model(prepare(args.cache, log, rng, args.dimensions), args, log, rng)
    sha256 = save_model(args.out, vectors)
    size = args.out.stat().st_size
    log(f"wrote {args.out.name}: {len(vectors)} x {vectors.shape[1]}, {size / 1e6:.1f} MB, sha256 {sha256}")
    args.log.parent.mkdir(parents=True, exist_ok=True)
    args.log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
