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
