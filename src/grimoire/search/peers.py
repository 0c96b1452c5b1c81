"""Cards that do what a given card does: its peers by function, for the "similar cards" of a card page.

Unlike :meth:`SearchEngine.similar_to` (the nearest embeddings, which also weigh the type line, so a Phyrexian
Horror's nearest cards are other Horrors), peers share one of the card's function tags and rank by its rules
text.
"""

from __future__ import annotations

import numpy as np

from grimoire.search.engine import SearchEngine, SearchPage, SearchResult


def similar_by_function(engine: SearchEngine, row: int, limit: int = 8) -> SearchPage:
    """The cards that share a function tag with the card at ``row`` (any card when it has none), ranked by how
    close their wording and meaning are to its rules text; never the card itself, nor Un-set cards."""
    card = engine.db.card_at(row)
    mask = engine.db.columns.is_funny != 1
    tags = np.flatnonzero(engine.tag_strengths[row] > 0)
    if len(tags):
        mask &= (engine.tag_strengths[:, tags] > 0).any(axis=1)
    mask[row] = False
    text = card.oracle_text or card.type_line
    rows, scores, lexical, semantic = engine.rank(text, mask, "hybrid")
    window = rows[:limit].tolist()
    results = [SearchResult(card=peer, row=peer_row, rank=rank, score=float(scores[rank - 1]),
                            roles=engine.roles_of(peer_row), lexical_rank=int(lexical[peer_row]) or None,
                            semantic_rank=int(semantic[peer_row]) or None)
               for rank, (peer_row, peer) in enumerate(zip(window, engine.db.cards_at(window), strict=True), 1)]
    return SearchPage(results=results, total=len(rows), page=1, limit=limit, mode="hybrid")
