"""The card store and search engine a server opens once and shares between requests (MCP server, web page).

Opened on first use, or by the server before it forks its workers (``grimoire.serve.workers``), so that every
worker shares it and the first call is as fast as the rest.
"""

from __future__ import annotations

import threading
from pathlib import Path

from grimoire.search.engine import Filters, SearchEngine
from grimoire.search.filters import known_formats
from grimoire.search.query import QuerySyntaxError

# Syntax-only queries that touch every lazily built filter column.
WARM_QUERIES = ("t:creature", "o:draw", "fo:draw", "o:~", "name:bolt", "kw:flying", "f:commander", "is:commander",
                "c:r", "pow>=3", "tou>=3", "loy>=3", "m:{R}", "produces:g", "role:ramp", "/draw/", "r:rare",
                "year>2000")


class Library:
    """The card store and search engine, opened once per server (on first use of :attr:`engine`)."""

    def __init__(self, store: Path | None = None, encoder: str | None = None):
        """``encoder`` (minilm or static) embeds queries and cards; None is SearchEngine's default."""
        self._store = store
        self._encoder = encoder
        self._lock = threading.Lock()
        self._engine: SearchEngine | None = None

    @property
    def engine(self) -> SearchEngine:
        with self._lock:
            if self._engine is None:
                import grimoire

                self._engine = warm(SearchEngine(grimoire.open(self._store), encoder=self._encoder))
            return self._engine

    @property
    def loaded(self) -> bool:
        """Whether the store is open: what the server tells of the data before a call must not open it."""
        return self._engine is not None

    @property
    def formats(self) -> tuple[str, ...]:
        """The formats whose legality the store says (commander alone in the bundled snapshot); opens it."""
        return known_formats(self.engine.db.columns)


def warm(engine: SearchEngine) -> SearchEngine:
    """``engine`` with every index, the embedding model, the filter columns, the fuzzy-name table and every tag's
    ordered cards loaded.

    A forked worker runs it again: the pages it touches are then its own before it takes its first request."""
    engine.search("draw a card", filters=Filters(color_identity="wubrg", mana_value_max=20), limit=1)
    for query in WARM_QUERIES:
        try:
            engine.search(query, limit=1)
        except QuerySyntaxError:  # a field this store lacks
            pass
    engine.db.names.suggest("lightning bolt", limit=1)
    engine.read("pauper removal for my Atraxa deck")  # the reader's commander names and formats
    engine.read("vindicate effects for craterhoof")  # its rules words and cards' short names
    engine.read("untap tokens")  # the game words that tell a request from a misspelt card name
    engine.prepare_tag_lists()  # each tag's cards in order: a query's first use of a tag costs a few ms otherwise
    return engine
