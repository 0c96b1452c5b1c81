"""Compute card embeddings for a store and write them as the shipped cache (src/grimoire/data/snapshot).

Usage: python scripts/embed_cards.py [--store DIR] [--encoder minilm|static] [--out FILE] [--token-vectors FILE]
Only texts not already in the output cache are encoded (per-token vectors come from MiniLM only).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import grimoire
from grimoire.search.embed import ENCODERS
from grimoire.search.vectors import embeddings_file, refresh_embeddings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, help="store folder (default: the current store)")
    parser.add_argument("--encoder", choices=ENCODERS,
                        help="embedding model (default: $GRIMOIRE_ENCODER, else the static model)")
    parser.add_argument("--out", type=Path, help="cache file (default: STORE/embeddings.npz, or "
                                                 "STORE/embeddings-static.npz for the static model)")
    parser.add_argument("--token-vectors", type=Path, help="also save per-token vectors (float16 .npz) here")
    args = parser.parse_args()
    db = grimoire.open(args.store)
    out = args.out or db.directory / embeddings_file(args.encoder)
    stats = refresh_embeddings(db, out, encoder=args.encoder, token_vectors=args.token_vectors)
    print(f"{stats['cards']} cards: {stats['reused']} reused, {stats['encoded']} encoded -> {out}")


if __name__ == "__main__":
    main()
