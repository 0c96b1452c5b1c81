"""An unknown ``GRIMOIRE_ENCODER`` is one ``grimoire: ...`` line and exit 2, as a bad option is, on every command
that embeds: searches, the servers (before they take a port), the benchmark and the data commands."""

from __future__ import annotations

import pytest

from grimoire.cli import main

COMMANDS = (["search", "x"], ["similar", "Sol Ring"], ["serve", "mcp", "--http", "--port", "0"],
            ["serve", "web", "--port", "0"], ["bench", "search", "--engines", "bm25"], ["data", "embed"])


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_an_unknown_encoder_variable_is_one_line_and_exit_2(argv, monkeypatch, capsys):
    monkeypatch.setenv("GRIMOIRE_ENCODER", "bogus")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == ("grimoire: GRIMOIRE_ENCODER 'bogus' is unknown: choose one of minilm, static "
                   "(or unset it: the default is static)\n")
