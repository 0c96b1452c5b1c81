"""Cards: the card model, the on-disk card store and its name lookup, and loaders for every source.

``grimoire.open()`` returns a :class:`CardDB`; ``db.lookup(name)`` finds a card by name and says whether the
name was exact or corrected (:class:`CardLookup`); an unknown name raises :class:`CardNotFoundError`.
"""

from grimoire.cards.model import Card, Face
from grimoire.cards.names import CardNotFoundError, NameMatch
from grimoire.cards.store import CardDB, CardLookup, Ruling, StoreError

__all__ = ["Card", "CardDB", "CardLookup", "CardNotFoundError", "Face", "NameMatch", "Ruling", "StoreError"]
