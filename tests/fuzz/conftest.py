"""The bundled card store, shared by the hostile-input suites."""

from __future__ import annotations

import pytest

import grimoire
from grimoire.cards.store import CardDB


@pytest.fixture(scope="session")
def db() -> CardDB:
    return grimoire.open()
