"""The harness version: a hash of every file that shapes what a player sees or how its answers are read, and of
the card data the engine and the prompts are built from (``data update`` changes what a model reads).

Each game record stores it. Games from another version are left out of a rating unless declared compatible
(a change that cannot alter play, such as a cache marker that leaves the text identical).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from importlib import metadata
from pathlib import Path

ARENA_DIR = Path(__file__).parent
PACKAGE_DIR = ARENA_DIR.parent.parent
# Outside the arena: the rules lookup and the card views (the one-line card text) prompts and tools show.
SHARED = (PACKAGE_DIR / "cards" / "rules.py", PACKAGE_DIR / "render" / "cards.py")
# What a player is shown (options, labels, views, prompts, tools, decks, rules text) and how replies are read.
VERSIONED = ("cards.py", "game.py", "wording.py", "play.py", "prompt.py", "tools.py", "llm_player.py", "cpu.py",
             "players.py")


def versioned_files() -> list[Path]:
    """The files the version covers, in a fixed order."""
    files = [ARENA_DIR / name for name in VERSIONED]
    files += sorted((ARENA_DIR / "decks").glob("*.txt"))
    files += [*SHARED, *sorted((PACKAGE_DIR / "data" / "rules").glob("*"))]
    return [f for f in files if f.exists()]


@lru_cache(maxsize=1)
def card_data_digest() -> str:
    """A hash of the engine card data generated from the card store in use for the shipped decks."""
    import grimoire
    from grimoire.bench.arena.decks import available_decks, card_data_for, load_deck

    db = grimoire.open()
    data = card_data_for([load_deck(name, db) for name in available_decks()])
    return hashlib.sha256(data.to_json().encode()).hexdigest()


def harness_version(files: list[Path] | None = None, engine: str | None = None, card_data: str | None = None) -> str:
    """12 hex digits over the files' names and bytes, the rules engine's version and the card data's hash (by
    default that of the store in use, with the default files)."""
    if card_data is None and files is None:
        card_data = card_data_digest()
    digest = hashlib.sha256()
    digest.update(f"card data {card_data or ''}\n".encode())
    if engine is None:
        try:
            engine = metadata.version("phase-python")
        except metadata.PackageNotFoundError:
            engine = "unknown"
    digest.update(f"phase-python {engine}\n".encode())
    for path in files if files is not None else versioned_files():
        digest.update(path.name.encode() + b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:12]
