"""Grimoire: a Magic: The Gathering card database, search engine and AI benchmarks.

``grimoire.open()`` returns the :class:`CardDB` of the store in use (the bundled snapshot by default).
"""

from __future__ import annotations

from pathlib import Path

from grimoire.cards.model import Card, Face
from grimoire.cards.names import CardNotFoundError
from grimoire.cards.store import CardDB, StoreError

__all__ = ["Card", "CardDB", "CardNotFoundError", "Face", "StoreError", "open"]
__version__ = "0.1.0"


def open(path: str | Path | None = None) -> CardDB:  # noqa: A001 - the library's one entry point
    """Open a card store: ``path``, else the current store under ``GRIMOIRE_HOME``, else the bundled snapshot."""
    from grimoire.cards.home import current_store_dir

    return CardDB(Path(path) if path else current_store_dir())
