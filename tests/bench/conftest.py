"""The search tests' small store, shared with the benchmark tests."""

from tests.search.conftest import small_db  # noqa: F401 - a fixture
