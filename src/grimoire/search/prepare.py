"""Everything search needs beside a store's cards: the BM25 index, function tags and card embeddings.

Run after a store is built (``grimoire data update`` / ``data load`` do it); each piece is also rebuilt
on demand if missing, so a store without them still searches.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from grimoire.cards.store import CardDB
from grimoire.search.engine import load_tags
from grimoire.search.lexical import INDEX_DIRS, LexicalIndex


def prepare_store(db: CardDB, *, embeddings: bool = True, encoders: Sequence[str] | None = None,
                  log=print) -> dict[str, dict[str, int]]:
    """Build and save the BM25 index and function tags, and embed cards whose text is not cached yet with each of
    ``encoders`` (default: the chosen one, ``GRIMOIRE_ENCODER`` else the static model; ``ENCODERS`` for all):
    the static model embeds every card in seconds, MiniLM re-uses the bundled snapshot's vectors and takes about
    a second for every 20 new texts on 2 cores."""
    for kind, folder in INDEX_DIRS.items():
        log(f"Indexing {kind} (BM25)...", file=sys.stderr)
        LexicalIndex.build(db.columns.searchable_text, kind).save(db.directory / folder)
    log("Computing function tags...", file=sys.stderr)
    load_tags(db)
    if not embeddings:
        return {}
    from grimoire.search.embed import encoder_name
    from grimoire.search.vectors import refresh_embeddings

    chosen = dict.fromkeys(encoder_name(name) for name in (encoders or [None]))
    return {name: refresh_embeddings(db, encoder=name) for name in sorted(chosen, key=lambda n: n != "static")}
