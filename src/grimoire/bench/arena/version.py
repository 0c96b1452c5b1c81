"""The harness version: a hash of every file that shapes what a player sees or how its answers are read.

Each game record stores it. Games from another version are left out of a rating unless declared compatible
(a change that cannot alter play, such as a cache marker that leaves the text identical).
"""

from __future__ import annotations

import hashlib
from importlib import metadata
from pathlib import Path

ARENA_DIR = Path(__file__).parent
PACKAGE_DIR = ARENA_DIR.parent.parent
# Outside the arena: the rules lookup and the card views (the one-line card text) prompts and tools show.
SHARED = (PACKAGE_DIR / "cards" / "rules.py", PACKAGE_DIR / "render" / "cards.py")
# What a player is shown (options, labels, views, prompts, tools, decks, rules text) and how replies are read.
VERSIONED = ("cards.py", "game.py", "play.py", "prompt.py", "tools.py", "llm_player.py", "cpu.py", "players.py")


def versioned_files() -> list[Path]:
    """The files the version covers, in a fixed order."""
    files = [ARENA_DIR / name for name in VERSIONED]
    files += sorted((ARENA_DIR / "decks").glob("*.txt"))
    files += [*SHARED, *sorted((PACKAGE_DIR / "data" / "rules").glob("*"))]
    return [f for f in files if f.exists()]


def harness_version(files: list[Path] | None = None, engine: str | None = None) -> str:
    """12 hex digits over the files' names and bytes and the rules engine's version."""
    digest = hashlib.sha256()
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
