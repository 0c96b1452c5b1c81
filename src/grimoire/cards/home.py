"""Where stores live: the bundled snapshot inside the package, and built stores under ``GRIMOIRE_HOME``.

Built stores are swapped in atomically: a new store is written and verified in its own folder, then a
one-line pointer file is replaced, so an interrupted or failed build never touches the store in use. Work
folders carry their builder's process id; the next start removes those whose builder died (a killed load).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import warnings
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
RESET_FIX = "`grimoire data reset` clears it"


class StoreWarning(UserWarning):
    """The built store the pointer file names cannot be used; the bundled snapshot is used instead."""


def grimoire_home() -> Path:
    """The data folder: ``$GRIMOIRE_HOME``, or the user cache folder."""
    return Path(os.environ.get("GRIMOIRE_HOME") or user_cache_dir("grimoire", appauthor=False))


def bundled_store_dir() -> Path:
    return Path(str(resources.files("grimoire.data").joinpath("snapshot")))


def current_store_dir(home: Path | None = None) -> Path:
    """The store in use: the one the pointer file names, else the bundled snapshot. A pointer that names no
    usable store (unreadable, empty, a folder, a store that is gone) gives the bundled snapshot with a
    :class:`StoreWarning` saying what is wrong."""
    home = home or grimoire_home()
    clean_stale_work(home)
    target, problem = _pointed_store(home)
    if problem is not None:
        warnings.warn(f"{problem}; using the bundled snapshot ({RESET_FIX})", StoreWarning, stacklevel=2)
    return target or bundled_store_dir()


def pointer_problem(home: Path | None = None) -> str | None:
    """What is wrong with the pointer file to the current store, or ``None`` (none, or it names a store)."""
    return _pointed_store(home or grimoire_home())[1]


def _pointed_store(home: Path) -> tuple[Path | None, str | None]:
    """The store folder the pointer file names (``None`` without a pointer), or what is wrong with it."""
    pointer = home / POINTER_FILE
    if not pointer.exists() and not pointer.is_symlink():
        return None, None
    name = _pointer_name(pointer)
    if name is None:
        return None, f"the pointer file {pointer} cannot be read as a store's name"
    if not name or name in (".", "..") or "/" in name or "\\" in name:
        return None, f"the pointer file {pointer} names no store ({name!r})"
    target = home / STORES_DIR / name
    if not (target / MANIFEST_FILE).is_file():
        return None, f"the pointer file {pointer} names the store {name!r}, which is not in {home / STORES_DIR}"
    return target, None


def _pointer_name(pointer: Path) -> str | None:
    """The store name a pointer file holds; ``None`` when it cannot be read (a folder, bytes that are not UTF-8,
    a name of several lines, or far longer than any store's)."""
    try:
        with pointer.open("rb") as handle:
            data = handle.read(1024)
        name = data.decode("utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return name if len(data) < 1024 and "\n" not in name and "\x00" not in name else None


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
                         f"(at least {min_cards} expected); the current store is unchanged. To install it anyway, "
                         f"pass --min-cards {len(result.cards)} (min_cards= from Python).")
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    build = claim_work_folder(stores, f"{result.source}-{stamp}-")
    try:
        write_store(build, result.cards, manifest_for(result, **extra), result.rulings)
        db = CardDB(build)  # verify: the new store must read back whole before it is used
        if len(db) != len(result.cards):
            raise StoreError(f"store in {build} read back {len(db)} of {len(result.cards)} cards")
        previous = _pointed_store(home)[0] or bundled_store_dir()
        (build / OWNER_FILE).unlink()
        atomic.write_text(home / POINTER_FILE, build.name)
    except BaseException:
        shutil.rmtree(build, ignore_errors=True)
        raise
    _remove_old_stores(stores, keep={build.name, previous.name})
    return db


def reset(home: Path | None = None) -> bool:
    """Go back to the bundled snapshot (built stores are removed); whether there was a built store to remove."""
    home = home or grimoire_home()
    pointer = home / POINTER_FILE
    built = pointer.exists() or pointer.is_symlink() or (home / STORES_DIR).is_dir()
    if pointer.is_dir() and not pointer.is_symlink():  # a damaged pointer (see current_store_dir)
        shutil.rmtree(pointer)
    pointer.unlink(missing_ok=True)
    shutil.rmtree(home / STORES_DIR, ignore_errors=True)
    return built


def _remove_old_stores(stores: Path, keep: set[str]) -> None:
    for folder in stores.iterdir():
        if folder.is_dir() and folder.name not in keep and not _alive_owner(folder):
            shutil.rmtree(folder, ignore_errors=True)


def claim_work_folder(parent: Path, prefix: str) -> Path:
    """A new empty folder under ``parent`` marked as this process's work in progress."""
    parent.mkdir(parents=True, exist_ok=True)
    folder = atomic.with_default_mode(Path(tempfile.mkdtemp(prefix=prefix, dir=parent)))
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
        current = _pointer_name(home / POINTER_FILE)
        candidates += [f for f in stores.iterdir() if f.is_dir() and f.name != current]
    removed = [folder for folder in candidates if _is_stale(folder)]
    for folder in removed:
        shutil.rmtree(folder, ignore_errors=True)
    return removed
