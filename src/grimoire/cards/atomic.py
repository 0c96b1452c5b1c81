"""Atomic file writes and forgiving cache reads, for stores and every cache Grimoire keeps.

A write goes to a temporary file beside the target, is flushed to disk, then renamed over the target, so a
crash or a kill leaves the old file or the new one, never half of one. A cache that cannot be read is missing.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import warnings
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np


class CacheWarning(UserWarning):
    """A cache file was unreadable and is being rebuilt."""


def _fsync_dir(directory: Path) -> None:
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:  # some systems cannot open a folder; the rename is still atomic there
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _umask() -> int:
    mask = os.umask(0o022)  # Python can read the umask only by setting it
    os.umask(mask)
    return mask


def with_default_mode(path: Path) -> Path:
    """Give a file or folder made by ``tempfile`` (mode 600, folders 700) the mode a plain ``open`` or ``mkdir``
    would have given it (666 or 777 less the umask), so a store or index stays readable to whoever could read
    the one it replaces."""
    os.chmod(path, (0o777 if Path(path).is_dir() else 0o666) & ~_umask())
    return Path(path)


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """A temporary path beside ``path`` to write to; on success it is synced and renamed over ``path``.

    On any error (or interruption) the temporary file is removed and ``path`` is left as it was.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        with temporary.open("rb+") as written:
            os.fsync(written.fileno())
        with_default_mode(temporary)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


@contextmanager
def atomic_folder(path: Path) -> Iterator[Path]:
    """A temporary folder beside ``path`` to fill; on success its files are synced and it replaces ``path``
    (a folder of several files, such as a BM25 index). On error it is removed and ``path`` is left as it was."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = with_default_mode(Path(tempfile.mkdtemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)))
    try:
        yield temporary
        for written in temporary.iterdir():
            with written.open("rb") as handle:
                os.fsync(handle.fileno())
        old = path.with_name(f".{path.name}.old")
        if path.exists():
            shutil.rmtree(old, ignore_errors=True)
            os.replace(path, old)
        os.replace(temporary, path)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise
    _fsync_dir(path.parent)


def write_bytes(path: Path, data: bytes) -> None:
    with atomic_path(path) as temporary:
        temporary.write_bytes(data)


def write_text(path: Path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


def write_with(path: Path, writer: Callable[[Path], object]) -> None:
    """Atomically write ``path`` by calling ``writer(temporary_path)`` (e.g. a Parquet writer)."""
    with atomic_path(path) as temporary:
        writer(temporary)


def save_npz(path: Path, *, compress: bool = False, **arrays: np.ndarray) -> None:
    """``np.savez`` (or ``np.savez_compressed``) made atomic."""
    with atomic_path(path) as temporary, temporary.open("wb") as handle:
        (np.savez_compressed if compress else np.savez)(handle, **arrays)


def load_npz(path: Path, required: tuple[str, ...] = ()) -> dict[str, np.ndarray] | None:
    """The arrays of an ``.npz`` cache, or ``None`` when it is missing or unreadable (then with a warning).

    A truncated or corrupt file, or one without the ``required`` arrays, is treated as missing so the caller
    rebuilds it.
    """
    path = Path(path)
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile, zlib.error) as exc:
        warnings.warn(f"cache {path} is unreadable ({exc}); rebuilding it", CacheWarning, stacklevel=2)
        return None
    missing = [name for name in required if name not in arrays]
    if missing:
        warnings.warn(f"cache {path} lacks {', '.join(missing)}; rebuilding it", CacheWarning, stacklevel=2)
        return None
    return arrays
