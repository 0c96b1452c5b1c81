"""Atomic writes and forgiving cache reads: a crash mid-write keeps the old file, a corrupt cache is rebuilt,
and the work folders of a killed ``data load`` are removed at the next start."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import grimoire
from grimoire.cards import atomic, corpus
from grimoire.cards.home import OWNER_FILE, STORES_DIR, claim_work_folder, clean_stale_work, install
from grimoire.cards.store import CardDB, write_store
from grimoire.search.engine import TAGS_FILE, SearchEngine


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "cache.txt"
    atomic.write_text(target, "old")

    def explode(path):
        path.write_text("half of the new")
        raise RuntimeError("killed")

    with pytest.raises(RuntimeError):
        atomic.write_with(target, explode)
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["cache.txt"]


def test_atomic_writes_leave_the_modes_of_plain_files_and_folders(tmp_path):
    mask = os.umask(0o027)
    try:
        atomic.write_text(tmp_path / "file.txt", "new")
        with atomic.atomic_folder(tmp_path / "index") as folder:
            (folder / "part.npy").write_bytes(b"x")
        claimed = claim_work_folder(tmp_path / "stores", "work-")
    finally:
        os.umask(mask)
    assert (tmp_path / "file.txt").stat().st_mode & 0o777 == 0o640
    assert (tmp_path / "index").stat().st_mode & 0o777 == 0o750
    assert claimed.stat().st_mode & 0o777 == 0o750


@pytest.mark.parametrize("damage", [lambda b: b[: len(b) // 2], lambda b: b"", lambda b: b"not a zip at all",
                                    lambda b: b[:40] + bytes(len(b) - 40)])
def test_a_corrupt_npz_reads_as_missing_with_a_warning(tmp_path, damage):
    path = tmp_path / "c.npz"
    atomic.save_npz(path, bits=np.arange(1000), version=np.array("v1"))
    assert atomic.load_npz(path)["bits"].sum() == 499500
    path.write_bytes(damage(path.read_bytes()))
    with pytest.warns(atomic.CacheWarning, match="rebuilding"):
        assert atomic.load_npz(path, required=("bits",)) is None


def test_npz_without_a_required_array_is_missing(tmp_path):
    atomic.save_npz(tmp_path / "c.npz", bits=np.arange(3))
    with pytest.warns(atomic.CacheWarning, match="lacks version"):
        assert atomic.load_npz(tmp_path / "c.npz", required=("bits", "version")) is None


def test_truncated_tags_cache_is_rebuilt_and_search_works(tmp_path, fixtures):
    store = tmp_path / "store"
    write_store(store, corpus.load(fixtures / "oracle_corpus_sample.json").cards, {"source": "test"})
    expected = SearchEngine(CardDB(store)).tag_strengths
    cache = store / TAGS_FILE
    cache.write_bytes(cache.read_bytes()[:100])
    engine = SearchEngine(CardDB(store))
    with pytest.warns(atomic.CacheWarning):
        assert np.array_equal(engine.tag_strengths, expected)
    assert engine.search("t:instant", limit=3).total > 0
    assert np.array_equal(atomic.load_npz(cache)["strengths"], expected)  # rewritten whole


def _killed_builder(folder_parent, prefix):
    """A real process that claims a work folder, writes part of a file and is killed with SIGKILL."""
    code = ("import sys, time; from pathlib import Path; from grimoire.cards.home import claim_work_folder; "
            f"f = claim_work_folder(Path({str(folder_parent)!r}), {prefix!r}); "
            "(f / 'cards.parquet').write_bytes(b'PAR1' * 1000); print(f, flush=True); time.sleep(60)")
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    folder = child.stdout.readline().strip()
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=10)
    return folder


def test_a_killed_load_leaves_nothing_after_the_next_start(home, fixtures):
    good = install(corpus.load(fixtures / "oracle_corpus_sample.json"), home=home, min_cards=1)
    partial = _killed_builder(home / STORES_DIR, "scryfall-")
    download = _killed_builder(home, "download-")
    mine = claim_work_folder(home / STORES_DIR, "mtgjson-")  # a build in progress in a live process
    assert os.path.isdir(partial) and os.path.isdir(download)
    db = grimoire.open()
    assert db.directory == good.directory and len(db) == len(good)
    assert not os.path.exists(partial) and not os.path.exists(download)
    assert (mine / OWNER_FILE).exists()
    assert clean_stale_work(home) == []


def test_unowned_half_folders_are_removed_only_when_old(home):
    folder = home / STORES_DIR / "scryfall-old-build"
    folder.mkdir(parents=True)
    assert clean_stale_work(home) == []
    old = time.time() - 3600
    os.utime(folder, (old, old))
    assert clean_stale_work(home) == [folder]


def test_a_damaged_bm25_index_is_rebuilt_and_saved_whole(tmp_path, fixtures):
    from grimoire.search.lexical import INDEX_DIRS, LexicalIndex

    store = tmp_path / "store"
    write_store(store, corpus.load(fixtures / "oracle_corpus_sample.json").cards, {"source": "test"})
    db = CardDB(store)
    expected = LexicalIndex.for_store(db).scores("draw a card")
    folder = store / INDEX_DIRS["words"]
    data = next(folder.glob("data.*"))
    data.write_bytes(data.read_bytes()[:20])
    with pytest.warns(atomic.CacheWarning, match="rebuilding"):
        rebuilt = LexicalIndex.for_store(db)
    assert np.allclose(rebuilt.scores("draw a card"), expected)
    assert np.allclose(LexicalIndex.for_store(db).scores("draw a card"), expected)  # saved whole this time
    assert not [p for p in store.iterdir() if p.name.startswith(".")]


def test_a_failed_folder_write_keeps_the_old_folder(tmp_path):
    target = tmp_path / "index"
    with atomic.atomic_folder(target) as folder:
        (folder / "a.json").write_text("old")
    with pytest.raises(RuntimeError), atomic.atomic_folder(target) as folder:
        (folder / "a.json").write_text("half")
        raise RuntimeError("killed")
    assert (target / "a.json").read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["index"]
