"""Shared fixtures (paths to the sample source files, an isolated GRIMOIRE_HOME) and the suite's default of one
pytest-xdist worker per core."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
# Each worker loads its own card store and engines (1.6 to 2.3 GB at its peak, measured): past this many, more workers
# cost memory without saving time.
MOST_WORKERS = 8


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Without ``-n``, run on every core (``-n auto``), a test file per worker at a time (``--dist loadfile``), so
    a module's server, browser or store starts once. Chosen here, not in pyproject's addopts, so ``-p no:xdist``
    (where ``-n`` is no option) still runs the suite serially, as ``-n 0`` does."""
    if not config.pluginmanager.has_plugin("xdist") or hasattr(config, "workerinput"):
        return
    if config.option.numprocesses is None:
        config.option.numprocesses = "auto"
    if config.option.dist == "no":
        config.option.dist = "loadfile"


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: the cores this process may use (not the machine's, which a container may not have), at most
    MOST_WORKERS; PYTEST_XDIST_AUTO_NUM_WORKERS still decides when set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return min(cores, MOST_WORKERS)


@pytest.fixture(scope="session", autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """An empty GRIMOIRE_HOME for the whole session, one per test worker: a test (or a command it runs) that sets
    none of its own never reads the user's stores nor shares a folder with another worker."""
    folder = tmp_path_factory.mktemp("session-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIMOIRE_HOME", str(folder))
        yield folder


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty GRIMOIRE_HOME, so no test reads or writes the user's data."""
    folder = tmp_path / "grimoire-home"
    monkeypatch.setenv("GRIMOIRE_HOME", str(folder))
    return folder
