"""Where stores live: the bundled snapshot inside the package, and built stores under ``GRIMOIRE_HOME``.

Built stores are swapped in atomically: a new store is written and verified in its own folder, then a
one-line pointer file is replaced, so an interrupted or failed build never touches the store in use. Work
folders carry their builder's process id; the next start removes those whose builder died (a killed load).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path

from platformdirs import user_cache_dir

from grimoire.cards import atomic
from grimoire.cards.loading import LoadResult
from grimoire.cards.store import MANIFEST_FILE, CardDB, StoreError, write_store

POINTER_FILE = "current"
STORES_DIR = "stores"
OWNER_FILE = ".building"
DOWNLOAD_PREFIX = "download-"
# A folder without an owner file or a manifest is left alone this long (it may be a build just starting).
_UNOWNED_GRACE_S = 600
# A built store with fewer cards than this is taken to be a broken download, not a card pool.
MIN_FULL_STORE = 20_000


def grimoire_home() -> Path:
    """The data folder: ``$GRIMOIRE_HOME``, or the user cache folder."""
    return Path(os.environ.get("GRIMOIRE_HOME") or user_cache_dir("grimoire", appauthor=False))


def bundled_store_dir() -> Path:
    return Path(str(resources.files("grimoire.data").joinpath("snapshot")))


def current_store_dir(home: Path | None = None) -> Path:
    """The store in use: the one the pointer file names, else the bundled snapshot."""
    home = home or grimoire_home()
    clean_stale_work(home)
    pointer = home / POINTER_FILE
    if pointer.exists():
        target = home / STORES_DIR / pointer.read_text(encoding="utf-8").strip()
        if target.is_dir():
            return target
    return bundled_store_dir()


def manifest_for(result: LoadResult, **extra) -> dict:
    return {
        "source": result.source,
        "data_date": result.data_date,
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "dropped": dict(sorted(result.dropped.items())),
        "field_notes": result.field_notes,
        **extra,
    }


def install(result: LoadResult, *, home: Path | None = None, min_cards: int = MIN_FULL_STORE, **extra) -> CardDB:
    """Build a store from loaded cards, verify it, and make it the current store atomically."""
    home = home or grimoire_home()
    stores = home / STORES_DIR
    stores.mkdir(parents=True, exist_ok=True)
    if len(result.cards) < min_cards:
        raise StoreError(f"Refusing to install a {result.source} store of only {len(result.cards)} cards "
                         f"(at least {min_cards} expected); the current store is unchanged.")
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    build = claim_work_folder(stores, f"{result.source}-{stamp}-")
    try:
        write_store(build, result.cards, manifest_for(result, **extra), result.rulings)
        db = CardDB(build)  # verify: the new store must read back whole before it is used
        if len(db) != len(result.cards):
            raise StoreError(f"store in {build} read back {len(db)} of {len(result.cards)} cards")
        previous = current_store_dir(home)
        (build / OWNER_FILE).unlink()
        atomic.write_text(home / POINTER_FILE, build.name)
    except BaseException:
        shutil.rmtree(build, ignore_errors=True)
        raise
    _remove_old_stores(stores, keep={build.name, previous.name})
    return db


def reset(home: Path | None = None) -> None:
    """Go back to the bundled snapshot (built stores are removed)."""
    home = home or grimoire_home()
    (home / POINTER_FILE).unlink(missing_ok=True)
    shutil.rmtree(home / STORES_DIR, ignore_errors=True)


def _remove_old_stores(stores: Path, keep: set[str]) -> None:
    for folder in stores.iterdir():
        if folder.is_dir() and folder.name not in keep and not _alive_owner(folder):
            shutil.rmtree(folder, ignore_errors=True)


def claim_work_folder(parent: Path, prefix: str) -> Path:
    """A new empty folder under ``parent`` marked as this process's work in progress."""
    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
    (folder / OWNER_FILE).write_text(str(os.getpid()), encoding="utf-8")
    return folder


def _alive_owner(folder: Path) -> bool:
    """Whether the process that claimed ``folder`` is still running."""
    try:
        pid = int((folder / OWNER_FILE).read_text(encoding="utf-8").strip())
    except (OSError, ValueError):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # running, under another user
        return True
    return True


def _is_stale(folder: Path) -> bool:
    """A work folder left by a killed build or download: its owner is dead, or it never got far enough to
    have an owner file or a manifest and is old."""
    if (folder / OWNER_FILE).exists():
        return not _alive_owner(folder)
    if (folder / MANIFEST_FILE).exists() and not folder.name.startswith(DOWNLOAD_PREFIX):
        return False
    try:
        age = datetime.now(UTC).timestamp() - folder.stat().st_mtime
    except OSError:
        return False
    return age > _UNOWNED_GRACE_S


def clean_stale_work(home: Path) -> list[Path]:
    """Remove the partial store builds and downloads that killed runs left behind; returns what was removed."""
    candidates = [f for f in home.glob(f"{DOWNLOAD_PREFIX}*") if f.is_dir()]
    stores = home / STORES_DIR
    if stores.is_dir():
        pointer = home / POINTER_FILE
        current = pointer.read_text(encoding="utf-8").strip() if pointer.exists() else None
        candidates += [f for f in stores.iterdir() if f.is_dir() and f.name != current]
    removed = [folder for folder in candidates if _is_stale(folder)]
    for folder in removed:
        shutil.rmtree(folder, ignore_errors=True)
    return removed
