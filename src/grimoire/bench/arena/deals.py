"""The deal book: a fixed, versioned list of deal seeds per matchup, so every model is dealt the same shuffles.

A player's n-th deal of a matchup (a deck against the CPU, or the battle) always uses the book's n-th seed for
that matchup, whoever the player is: two models' games then share their deal luck, and the rating's deal effect
is measured across models, not confounded with them. Changing the book is a new ``DEAL_BOOK_VERSION``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

DEAL_BOOK_VERSION = 1
MAX_SEED = 2**64 - 1  # the engine's shuffle seed is an unsigned 64-bit integer


def check_seed(seed: int) -> int:
    """``seed``, or a ValueError naming the range the engine takes (outside it the engine had raised a bare
    OverflowError)."""
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a deal's seed is a whole number from 0 to {MAX_SEED:,} (2**64 - 1), not {seed}")
    return seed


def book_seed(kind: str, decks: tuple[str, str], index: int, version: int = DEAL_BOOK_VERSION) -> int:
    """The seed of deal ``index`` (0-based) of a matchup: ``kind`` "cpu" or "battle" and its two decks."""
    key = f"deal-book/{version}/{kind}/{decks[0]}/{decks[1]}/{index}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:6], "big")


def deals_played(games: Iterable, players: tuple[str, str], kind: str, decks: tuple[str, str]) -> int:
    """How many distinct deals of this matchup these two players have played (either seating)."""
    seeds = {g.seed for g in games if set(g.players) == set(players) and tuple(sorted(g.decks)) == tuple(sorted(decks))
             and (g.kind or kind) == kind}
    return len(seeds)
