"""What the MCP server says of formats comes from the loaded card data, not fixed text, and building the server
does not open the store (review 82)."""

from __future__ import annotations

import pytest

from grimoire.cards.store import write_store
from grimoire.serve.library import Library
from grimoire.serve.mcp_server import GrimoireTools, build_server, instructions
from tests.search.conftest import CARDS


@pytest.fixture(scope="module")
def small_library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    """A library over the small test store, whose cards say commander, legacy, modern and vintage legality."""
    folder = tmp_path_factory.mktemp("small-store")
    write_store(folder, CARDS, {"source": "test"})
    return Library(folder, encoder="static")


def test_the_instructions_name_the_formats_the_loaded_data_knows(small_library: Library):
    assert small_library.formats == ("commander", "modern", "legacy", "vintage")
    said = build_server(small_library).instructions
    assert "knows the legality of commander, modern, legacy, vintage; another is refused" in said
    assert "Commander legality only" not in said
    assert "commander only; another format is refused unless the user loads fuller data" in instructions(
        ("commander",))


def test_building_the_server_leaves_a_lazy_library_unopened():
    library = Library()
    said = build_server(library).instructions
    assert not library.loaded
    assert "a refused format's error names the ones it has" in said


@pytest.mark.anyio
async def test_a_refused_format_names_the_formats_the_data_has(small_library: Library):
    server = build_server(small_library)
    for tool, arguments in (("search_cards", {"queries": ["draw"], "format": "pauper"}),
                            ("find_similar", {"name": "Counterspell", "format": "pauper"})):
        result = await server.call_tool(tool, arguments)
        text = str(result)
        assert "no pauper legality (it knows commander, modern, legacy, vintage;" in text, text


def test_find_similar_says_how_it_ranks_and_how_to_keep_one_job():
    """It had promised "cards that do the same job" but ranks as like: does, mostly by wording: Viscera Seer gave
    blue scry spells, no sacrifice outlet."""
    description = " ".join((GrimoireTools.find_similar.__doc__ or "").split())
    assert "do the same job" not in description
    assert 'like:"Name"' in description and "roles=['sac-outlet']" in description
