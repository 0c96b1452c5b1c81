"""What every command group shares: exit codes, error printing, the card store, result options.

Each ``grimoire`` command group lives in its own module beside this one.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2
SHIPPED_QUERIES = Path(__file__).resolve().parent.parent / "bench" / "search" / "queries"


# A query that starts with negated syntax: "-t:land", "-o:draw", "-mv>=3", "-(t:land or t:artifact)", '-"of the"'.
_NEGATED_SYNTAX = re.compile(r"-(?:(-?[A-Za-z][A-Za-z_]*)(?P<op>[:<>]|!=|=)|[(\"'/])")


class OneNameHelp(argparse.HelpFormatter):
    """argparse's help, with a card name typed as several words (``nargs="+"``, ``metavar="NAME"``) shown as the
    one ``NAME`` it is: the usage had read ``name [name ...]``, as if several cards were asked for, and the words
    are joined into one name."""

    def _format_args(self, action: argparse.Action, default_metavar: str) -> str:
        if action.nargs == "+" and action.metavar == "NAME":
            return "NAME"
        return super()._format_args(action, default_metavar)


class Parser(argparse.ArgumentParser):
    """argparse, except that an argument starting with negated query syntax is a value, not an option: "-t:land"
    had run ``--type ":land"``, and ``-q "-t:creature"`` had said -q expected an argument."""

    def _parse_optional(self, arg_string: str):
        syntax = _NEGATED_SYNTAX.match(arg_string)
        if syntax and not (syntax.group("op") == "=" and f"-{syntax.group(1)}" in self._option_string_actions):
            return None  # ("-n=5" stays the option -n)
        return super()._parse_optional(arg_string)

    def error(self, message: str):
        """argparse's error, with the way to pass a query that starts with "-" where a query went missing
        ("grimoire search -ramp", "-t=elf" read as options: argparse had said only that a query is required)."""
        if "--query" in message:
            message += "; a query that starts with '-' is given with '=', as in: -q='-t=tribal'"
        elif "query" in message:
            message += ("; a query that starts with '-' goes after '--', as in: grimoire search -- '-ramp t:elf' "
                        "(or put a space or a word before it)")
        super().error(message)


def _err(message: str) -> int:
    print(f"grimoire: {message}", file=sys.stderr)
    return EXIT_ERROR


def _model_refused(name: str) -> int | None:
    """``EXIT_ERROR``, after one line saying why, when model ``name`` cannot run here (its provider's package is not
    installed, its key is not set, its script cannot be read); ``None`` when it can. Called before a run loads
    anything, so a missing key costs nothing."""
    from grimoire.llm.models import check_model

    try:
        check_model(name)
    except ValueError as exc:
        return _err(f"{name} cannot run: {exc}")
    return None


def _grader(name: str):
    """The ``prompt -> reply`` grader ``name`` names (see :func:`grimoire.bench.common.grader_fn`), or
    ``EXIT_ERROR`` after one line saying why it cannot run here; built before any data is loaded."""
    from grimoire.bench.common import grader_fn

    try:
        return grader_fn(name)
    except ValueError as exc:
        return _err(f"{name} cannot run: {exc}")


def _console():
    """Where command output goes: rich wraps it to the terminal's width and colours it on a terminal only
    (``NO_COLOR`` turns colour off); piped output is neither wrapped nor coloured."""
    from rich.console import Console

    console = Console()
    console.soft_wrap = not console.is_terminal
    return console


def _print_text(text: str) -> None:
    """Plain text through :func:`_console`, with nothing in it read as markup."""
    _console().print(text, markup=False, highlight=False)


def _open_db():
    import grimoire

    return grimoire.open()


def add_encoder_option(parser: argparse.ArgumentParser) -> None:
    from grimoire.search.embed import DEFAULT_ENCODER, ENCODER_VARIABLE, ENCODERS

    parser.add_argument("--encoder", choices=ENCODERS, default=None,
                        help=f"embedding model: static (Grimoire's own, no transformer) or minilm "
                             f"(default: ${ENCODER_VARIABLE}, else {DEFAULT_ENCODER})")


def whole_number(text: str) -> int:
    """An argparse type: a whole number, refused with the value quoted short (argparse quoted a 5,000-digit one
    whole)."""
    from grimoire.cards.names import shown

    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number, not {shown(text)!r}") from None


def positive_number(text: str) -> int:
    """An argparse type: a whole number of 1 or more, for a count of runs or tasks (``--repeats 0`` had timed for
    20 s and then crashed in numpy, and ``--limit -1`` had run every task but the last, as a Python slice)."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of 1 or more, not {value}")
    return value


def command_line_text(text: str) -> str:
    """An argparse type: text that was valid UTF-8 on the command line, refused as ``grimoire search`` refuses it
    (``grimoire card`` had answered "No card named '\\udced\\udca0\\udc80'", Python's stand-ins for the bad
    bytes)."""
    for position, ch in enumerate(text):
        if "\ud800" <= ch <= "\udfff":  # Python's stand-in for a byte that is not UTF-8 (surrogateescape)
            raise argparse.ArgumentTypeError(f"invalid character at character {position + 1} (a lone surrogate: the "
                                             f"text was not valid UTF-8): retype it, or set the terminal to UTF-8")
    return text


class Once(argparse.Action):
    """An option of one value: given again with another value, an error naming both (``--id w --id b`` had searched
    black alone, unsaid), as the web API refuses ``id=w&id=b``."""

    def __call__(self, parser, namespace, values, option_string=None):
        given = namespace.__dict__.setdefault("_given_once", {})
        if self.dest in given and given[self.dest] != values:
            parser.error(f"{option_string} takes one value, and was given {given[self.dest]!r} and {values!r}: "
                         f"give {option_string} once")
        given[self.dest] = values
        setattr(namespace, self.dest, values)


def _add_result_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--id", action=Once, help="colour identity within these colours (e.g. bg, esper)")
    parser.add_argument("--format", "-f", action=Once, help="legal in this format (e.g. commander)")
    parser.add_argument("--type", "-t", action="append", help="type line contains (repeatable)")
    parser.add_argument("--role", action="append", help="has this role, e.g. ramp, removal (repeatable)")
    parser.add_argument("--mv-min", type=float, action=Once, help="mana value at least this (mv>=N)")
    parser.add_argument("--mv-max", type=float, action=Once, help="mana value at most this (mv<=N)")
    parser.add_argument("-n", "--limit", type=whole_number, default=10, action=Once,
                        help="results per page (max 100)")
    parser.add_argument("-p", "--page", type=whole_number, default=1, action=Once,
                        help="page of results to show (default 1)")
    parser.add_argument("--include-funny", action="store_true", help="include Un-set cards")
    parser.add_argument("--json", action="store_true", help="print results as JSON")


def _progress_bar(total: int, desc: str):
    """A tqdm bar of games on a terminal; elsewhere (a log, CI), where tqdm draws nothing, a line per game."""
    from tqdm import tqdm

    if not sys.stderr.isatty():
        return _ProgressLines(total, desc)
    return tqdm(total=total, desc=desc, unit="game", disable=None)


class _ProgressLines:
    """tqdm's ``update`` as one plain line on standard error per step: ``Census games: 3 of 10 (42 s)``."""

    def __init__(self, total: int, desc: str):
        import time

        self.total, self.desc, self.done, self.started = total, desc, 0, time.perf_counter()

    def update(self, steps: int = 1) -> None:
        import time

        self.done += steps
        of = f" of {self.total}" if self.total else ""
        print(f"{self.desc}: {self.done}{of} ({time.perf_counter() - self.started:.0f} s)", file=sys.stderr,
              flush=True)

    def __enter__(self) -> _ProgressLines:
        return self

    def __exit__(self, *exc_info) -> None:
        return None
