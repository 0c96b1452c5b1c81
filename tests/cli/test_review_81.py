"""Counts of runs and tasks must be 1 or more, and a card name must be valid UTF-8, refused when the command line is
read (an outside fuzz review: ``bench speed --repeats 0`` crashed after 20 s, ``bench agent --limit -1`` ran 89 of
90 tasks, ``grimoire card`` echoed Python's escape codes for bytes that were not UTF-8)."""

from __future__ import annotations

import os

import pytest

from grimoire.cli import build_parser


@pytest.mark.parametrize("argv, option", [
    (["bench", "speed", "--repeats", "0"], "--repeats"),
    (["bench", "speed", "--repeats", "-1"], "--repeats"),
    (["bench", "agent", "--model", "baseline", "--limit", "-1"], "--limit"),
    (["bench", "agent", "--model", "baseline", "--limit", "0"], "--limit"),
    (["bench", "agent", "--model", "baseline", "--epochs", "0"], "--epochs"),
    (["precon", "run", "--data", "d", "--model", "random_legal", "--limit", "-1"], "--limit"),
    (["precon", "run", "--data", "d", "--model", "random_legal", "--epochs", "0"], "--epochs"),
    (["precon", "probe", "--data", "d", "--model", "m", "--limit", "0"], "--limit"),
])
def test_a_count_below_one_is_refused_naming_the_option(argv, option, capsys):
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(argv)
    assert exit_.value.code == 2
    assert f"argument {option}: a whole number of 1 or more, not {argv[-1]}" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["card", "similar"])
def test_a_card_name_that_is_not_utf8_is_refused_as_search_refuses_it(command, capsys):
    name = os.fsdecode(b"Sol Ring\xff")  # what Python makes of the bytes a shell passed
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args([command, name])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "invalid character at character 9 (a lone surrogate: the text was not valid UTF-8)" in err
    assert "\\udc" not in err
