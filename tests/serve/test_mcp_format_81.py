"""The MCP format argument suggests no format the bundled data refuses, and says who can load more (review 81)."""

from __future__ import annotations

import typing

from grimoire.serve.mcp_server import FormatArg, instructions


def test_the_format_argument_suggests_only_what_the_bundled_data_accepts():
    description = typing.get_args(FormatArg)[1].description
    assert "'modern'" not in description
    assert "the bundled snapshot has commander alone" in description and "a tool call cannot do" in description
    assert "knows the legality of commander only" in instructions(("commander",))
