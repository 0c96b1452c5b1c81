"""Shared fixtures: paths to the sample source files and an isolated GRIMOIRE_HOME."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty GRIMOIRE_HOME, so no test reads or writes the user's data."""
    folder = tmp_path / "grimoire-home"
    monkeypatch.setenv("GRIMOIRE_HOME", str(folder))
    return folder
