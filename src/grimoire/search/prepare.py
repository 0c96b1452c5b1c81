"""Everything search needs beside a store's cards: the BM25 index, function tags and card embeddings.

Run after a store is built (``grimoire data update`` / ``data load`` do it); each piece is also rebuilt
on demand if missing, so a store without them still searches.
"""

from __future__ import annotations

import sys

from grimoire.cards.store import CardDB
from grimoire.search.engine import load_tags
from grimoire.search.lexical import INDEX_DIRS, LexicalIndex


def prepare_store(db: CardDB, *, embeddings: bool = True, log=print) -> dict[str, dict[str, int]]:
    """Build and save the BM25 index and function tags, and embed cards whose text is not cached yet, with each
    encoder (the static model first: seconds for every card; MiniLM re-uses the bundled snapshot's vectors)."""
    for kind, folder in INDEX_DIRS.items():
        log(f"Indexing {kind} (BM25)...", file=sys.stderr)
        LexicalIndex.build(db.columns.searchable_text, kind).save(db.directory / folder)
    log("Computing function tags...", file=sys.stderr)
    load_tags(db)
    if not embeddings:
        return {}
    from grimoire.search.embed import ENCODERS
    from grimoire.search.vectors import refresh_embeddings

    return {name: refresh_embeddings(db, encoder=name) for name in sorted(ENCODERS, key=lambda n: n != "static")}
