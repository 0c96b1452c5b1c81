"""The 22 deck roles (ramp, draw, removal, ...) that deck statistics count, each read from function tags.

A role is a coarser group of :mod:`grimoire.search.tags` (``manarock`` is the ``mana-rock`` tag, ``mill`` is
``mill`` or ``self-mill``), so the deck report and ``role:`` filters agree with the tags shown in results.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from grimoire.search.tags import TAG_INDEX, card_strengths

if TYPE_CHECKING:
    from grimoire.cards.model import Card
    from grimoire.cards.store import CardDB

ROLE_TAGS: dict[str, tuple[str, ...]] = {
    "ramp": ("ramp",), "manarock": ("mana-rock",), "manadork": ("mana-dork",), "draw": ("card-draw",),
    "removal": ("removal",), "boardwipe": ("sweeper",), "counterspell": ("counterspell",), "tutor": ("tutor",),
    "tokens": ("token-maker",), "sacoutlet": ("sac-outlet",), "recursion": ("recursion",),
    "protection": ("protection-granter",), "lifegain": ("lifegain",), "discard": ("discard",),
    "mill": ("mill", "self-mill"), "graveyardhate": ("graveyard-hate",), "anthem": ("anthem",),
    "extraturn": ("extra-turn",), "evasion": ("evasion-granter",), "copy": ("copy-spell", "copy-permanent"),
    "untap": ("untapper",), "burn": ("burn",),
}
_ROLES = tuple(ROLE_TAGS)
_ROLE_MATRIX = np.zeros((len(TAG_INDEX), len(_ROLES)), dtype=bool)  # tag x role: the tag counts for the role
for _role, _tags in enumerate(ROLE_TAGS.values()):
    _ROLE_MATRIX[[TAG_INDEX[tag] for tag in _tags], _role] = True


def card_roles(name: str, type_line: str, oracle_text: str) -> list[str]:
    """The deck roles of one card, from its function tags."""
    return roles_of_row(card_strengths(name, type_line, oracle_text))


def cards_roles(cards: Iterable[Card], db: CardDB | None = None) -> dict[str, list[str]]:
    """The deck roles of each card, by oracle id: read from ``db``'s cached tag matrix where it holds the card
    (a row's lookup), else from the card's text (about 2 ms a card: a 10,000-line decklist had taken 46 s)."""
    strengths = _store_tags(db) if db is not None else None
    roles: dict[str, list[str]] = {}
    for card in cards:
        if card.oracle_id in roles:
            continue
        row = db.find_id(card.oracle_id) if strengths is not None else None
        roles[card.oracle_id] = roles_of_row(strengths[row]) if row is not None else \
            card_roles(card.name, card.type_line, card.oracle_text)
    return roles


@lru_cache(maxsize=4)
def _store_tags(db: CardDB) -> np.ndarray | None:
    from grimoire.search.engine import cached_tags  # (the engine reads roles: imported when first used)

    return cached_tags(db)


def roles_of_row(strengths) -> list[str]:
    """The deck roles of a card from its row of the tag matrix."""
    return roles_of_rows(np.asarray(strengths)[None])[0]


def roles_of_rows(strengths: np.ndarray) -> list[list[str]]:
    """The deck roles of each card of a block of rows of the tag matrix (cards x tags), in one product."""
    held = (strengths != 0) @ _ROLE_MATRIX
    return [[_ROLES[role] for role in np.flatnonzero(row).tolist()] for row in held]
