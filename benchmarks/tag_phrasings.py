"""Leave-one-phrasing-out check: how tag matching and the dense ranker do on tag phrasings they have not seen.

Usage: python benchmarks/tag_phrasings.py [--folds N] [--misses N] [--json FILE]
Each tag phrasing (grouped by content words) is removed from the matcher and asked as a request: how often its
own tag comes first, and how well the dense list finds the cards carrying that tag (nDCG@10). The static model
was trained on these phrasings, so the shipped model's row is optimistic; with --folds N (default 5) the model
is retrained N times by scripts/train_embedder.py, each time without one fold's phrasings, and each phrasing is
asked of the model that never saw it (about a minute per fold on 2 cores; needs `pip install -e '.[train]'`).
No query set is read.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # the training script's setting, read when numpy loads

import argparse  # noqa: E402
import importlib.util  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from tqdm import tqdm  # noqa: E402

import grimoire  # noqa: E402
from grimoire.bench.search.metrics import paired_difference  # noqa: E402
from grimoire.bench.search.phrasings import (  # noqa: E402
    FOLDS,
    by_words,
    cross_validated,
    engine_search,
    held_out_groups,
    held_out_search,
    summary,
)
from grimoire.search.ranking import TagMatcher  # noqa: E402
from grimoire.search.static import StaticEncoder, save_model  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def training_script():
    """scripts/train_embedder.py as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("train_embedder", REPO / "scripts" / "train_embedder.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_embedder"] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def trainer(folder: Path):
    """A function that trains the static model with the shipped recipe, less the phrasings it is given."""
    train = training_script()
    args = train.arguments([])

    def without(held_out: frozenset[str]) -> StaticEncoder:
        rng = np.random.default_rng(train.SEED)
        prepared = train.prepare(args.cache, lambda message: None, rng, args.dimensions, held_out)
        path = folder / "fold-model.npz"
        sha256 = save_model(path, train.train_model(prepared, args, lambda message: None, rng))
        return StaticEncoder(path.read_bytes(), sha256)

    return without


def paired(ours: list, theirs: list) -> dict[str, tuple[float, float, float]]:
    """Each figure's paired difference over the phrasings both asked (own tag first as 0 or 1, dense nDCG@10)."""
    by_text = {r.text: r for r in theirs}
    both = [(r, by_text[r.text]) for r in ours if r.text in by_text]
    return {"own tag first": paired_difference([float(a.first) for a, _ in both], [float(b.first) for _, b in both]),
            "dense nDCG@10": paired_difference([a.dense for a, _ in both], [b.dense for _, b in both])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=FOLDS,
                        help="retrain the static model this many times, each without one fold (0: skip)")
    parser.add_argument("--misses", type=int, default=0, help="print this many misses of the last row")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    if args.folds == 1 or args.folds < 0:
        parser.error("--folds takes 0 (skip) or 2 and more")
    started = time.perf_counter()
    db = grimoire.open()

    def bar(label: str):
        return lambda groups: tqdm(groups, desc=label, unit="phrasing")

    words_matcher = TagMatcher()
    rows = {"words only": held_out_search(words_matcher, held_out_groups(words_matcher), by_words,
                                          progress=bar("words only")),
            "MiniLM (never trained on the phrasings)": engine_search(db, "minilm", progress=bar("minilm")),
            "static as shipped (trained on them: optimistic)": engine_search(db, "static", progress=bar("static"))}
    if args.folds:
        with tempfile.TemporaryDirectory() as folder:
            rows[f"static, retrained without each phrasing ({args.folds} folds)"] = cross_validated(
                db, trainer(Path(folder)), args.folds, progress=bar("static, held-out fold"))
    figures = {label: summary(results) for label, results in rows.items()}
    print(f"Leave-one-phrasing-out: {figures['words only']['phrasings']} phrasings held out, each asked as a request")
    print(f"{'':56s} {'own tag first':>14s} {'among matches':>14s} {'nothing':>8s} {'dense nDCG@10':>14s}")
    for label, found in figures.items():
        dense = f"{found['dense']:14.1f}" if "dense" in found else f"{'':>14s}"
        print(f"{label:56s} {found['first']:14.3f} {found['found']:14.3f} {found['unmatched']:8.3f} {dense}")
    print(f"({time.perf_counter() - started:.0f} s; dense: the plain dense ranker's first 10 cards against every card "
          "carrying the phrasing's tag)")
    reference = "MiniLM (never trained on the phrasings)"
    for label in list(rows)[2:]:
        print(f"{label} minus MiniLM, paired by phrasing [95% bootstrap interval]: " + "; ".join(
            f"{name} {mean:+.3f} [{low:+.3f}, {high:+.3f}]" for name, (mean, low, high) in
            paired(rows[label], rows[reference]).items()))
    last = list(rows.values())[-1]
    for result in [r for r in last if not r.first][: args.misses]:
        print(f"  miss: {result.text!r} ({result.tag}) -> {', '.join(result.matched) or 'nothing'}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
