"""The text a regular expression cannot match without: a fast substring test that skips a pattern before it runs.

The request readers apply a few hundred fixed patterns to every request, and most cannot match it; ``part in text``
is several times cheaper than a regex search that fails.
"""

from __future__ import annotations

import re

try:  # the parser behind ``re`` (a private module: anything it cannot give leaves the pattern ungated)
    from re import _constants as _codes
    from re import _parser as _parse
except ImportError:  # Python before 3.11
    import sre_constants as _codes  # type: ignore[no-redef]
    import sre_parse as _parse  # type: ignore[no-redef]

_REPEATS = tuple(getattr(_codes, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
                 if hasattr(_codes, name))
_ATOMIC = getattr(_codes, "ATOMIC_GROUP", None)


def finder(parts: tuple[str, ...]) -> re.Pattern | None:
    """One regular expression finding any of ``parts`` in a text (a single search in C, where testing each part in
    turn costs a Python step per part); ``None`` where every text holds one (an empty part)."""
    return None if "" in parts else re.compile("|".join(map(re.escape, parts)))


def required_parts(pattern: re.Pattern) -> tuple[str, ...] | None:
    """Strings at least one of which is in every text ``pattern`` matches, or None when none can be told (a
    case-insensitive pattern, or one with no literal it must match)."""
    if pattern.flags & re.IGNORECASE:
        return None
    try:
        return _one_of(_parse.parse(pattern.pattern, pattern.flags & ~re.UNICODE))
    except Exception:  # noqa: BLE001 - a parser it does not know: no gate, never a wrong one
        return None


def _one_of(items) -> tuple[str, ...] | None:
    """The best set of alternatives a parsed sequence must match one of: a literal run (a small character class
    in it makes a few runs), or a group's alternatives; the best has the longest shortest member (up to
    :data:`_LONG_ENOUGH` characters), then the fewest members."""
    best: tuple[str, ...] | None = None
    runs: list[str] = [""]

    def consider(parts: tuple[str, ...] | None) -> None:
        nonlocal best
        if parts and all(parts) and (best is None or _worth(parts) > _worth(best)):
            best = parts

    for op, value in items:
        if op is _codes.LITERAL:
            runs = [run + chr(value) for run in runs]
            continue
        if op is _codes.IN and 0 < len(value) <= _MAX_CLASS and all(kind is _codes.LITERAL for kind, _ in value) \
                and len(runs) * len(value) <= _MAX_PARTS:
            runs = [run + chr(char) for run in runs for _, char in value]
            continue
        consider(tuple(runs))
        runs = [""]
        if op is _codes.SUBPATTERN:
            _group, added_flags, _removed_flags, inner = value
            if not added_flags & re.IGNORECASE:
                consider(_one_of(inner))
        elif op is _codes.BRANCH:
            branches = [_one_of(branch) for branch in value[1]]
            if all(branches):
                consider(tuple(dict.fromkeys(part for branch in branches for part in branch)))
        elif op in _REPEATS and value[0] >= 1:
            consider(_one_of(value[2]))
        elif op is _ATOMIC:
            consider(_one_of(value))
        elif op is _codes.ASSERT:  # a lookahead or lookbehind holds in the text too
            consider(_one_of(value[1]))
    consider(tuple(runs))
    return best


_LONG_ENOUGH = 5  # a part this long is seldom in a request by chance: longer ones are no better a gate
_MAX_CLASS = 3  # a class of up to three characters ("['’]") splits a run
_MAX_PARTS = 8


def _worth(parts: tuple[str, ...]) -> tuple[int, int]:
    return min(_LONG_ENOUGH, *map(len, parts)), -len(parts)
