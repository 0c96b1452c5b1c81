"""Every option and argument of every ``grimoire`` command says what it is in ``--help``."""

from __future__ import annotations

import argparse

from grimoire.cli import build_parser


def _commands(parser: argparse.ArgumentParser, path: str = "grimoire"):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _commands(sub, f"{path} {name}")


def test_every_option_and_argument_has_help():
    missing = [f"{path} {action.option_strings or action.dest}" for path, parser in _commands(build_parser())
               for action in parser._actions
               if not isinstance(action, argparse._SubParsersAction | argparse._HelpAction | argparse._VersionAction)
               and not action.help]
    assert missing == []


def test_an_option_of_one_value_given_twice_is_an_error(capsys):
    """``--id w --id b`` had searched black alone, unsaid (argparse keeps the last), as ``id=w&id=b`` had on the web."""
    import pytest

    parser = build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(["search", "bolt", "--id", "w", "--id", "b"])
    assert "--id takes one value, and was given 'w' and 'b': give --id once" in capsys.readouterr().err
    args = parser.parse_args(["search", "bolt", "--id", "w", "--id", "w", "-t", "elf", "-t", "warrior"])
    assert args.id == "w" and args.type == ["elf", "warrior"] and args.limit == 10


def test_a_card_name_of_several_words_is_one_name_in_the_usage(capsys):
    """``grimoire card sol ring bolt x`` looks up one card, 'sol ring bolt x': the usage had read
    ``name [name ...]``, as if it showed several."""
    for command in ("card", "similar"):
        usage = build_parser()._subparsers._group_actions[0].choices[command].format_usage()
        assert usage.rstrip().endswith(" NAME") and "[NAME ...]" not in usage and "[name ...]" not in usage, usage
        assert build_parser().parse_args([command, "sol", "ring"]).name == ["sol", "ring"]
