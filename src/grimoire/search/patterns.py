"""User regular expressions: compiled for RE2 (linear time) where the pattern fits, else for ``regex``.

RE2 cannot backtrack, so ``/(a+)+$/`` costs the same on every machine and gives the same answer every
time. Only patterns RE2 refuses (backreferences, lookarounds) fall back to the backtracking ``regex``
module, and those are budgeted by the CPU time of the matching work, never by wall-clock time, so a
busy machine does not turn a valid query into an error.
"""

from __future__ import annotations

import re
import sys
import time
from dataclasses import dataclass

import re2
import regex

MAX_REGEX_LENGTH = 200
CPU_BUDGET_SECONDS = 0.5
SCAN_BUDGET_SECONDS = 2.0
# A backtracking search is stopped by wall-clock time; the wall-clock limit per try grows until the CPU
# budget is spent, and this factor bounds how far wall-clock may exceed it on an overloaded machine.
_MAX_WALL_FACTOR = 20

# Scryfall's regex shorthands (scryfall.com/docs/regular-expressions): \sm a mana symbol, \ss any symbol,
# \spt a power/toughness such as 2/3 or */*, \spp a +X/+X change, \smm a -X/-X change.
_NUMBER = r"(?:[0-9x*+½∞]+)"
SHORTHANDS = {
    r"\spp": rf"\+{_NUMBER}/\+{_NUMBER}",
    r"\smm": rf"-{_NUMBER}/-{_NUMBER}",
    r"\spt": rf"[-+]?{_NUMBER}/[-+]?{_NUMBER}",
    r"\sm": r"\{[wubrgcsxyz0-9½∞/][wubrgcsxyz0-9½∞/p]*\}",  # not {P}, a Season's pawprint, no mana symbol
    r"\ss": r"\{[^{}]+\}",
}
_SHORTHAND = re.compile(r"\\\\|" + "|".join(re.escape(s) for s in SHORTHANDS))


# a recursive call or a subroutine call, which the ``regex`` module allows and Scryfall's regexes do not
_RECURSION = re.compile(r"(?<!\\)\(\?(?:R|[+-]?\d+|&\w+|P>\w+)\)")


# what a pattern over its time budget says, which the surfaces tell from a syntax error (the syntax is right)
TOO_SLOW = "too slow to run over every card"


class PatternError(ValueError):
    """A pattern that neither engine compiles, or one too slow to run; the message says why."""


class PatternTooSlow(PatternError):
    """The backtracking fallback spent its CPU budget."""


def _expand_shorthands(pattern: str) -> str:
    """Each shorthand as one group, so that a quantifier after it repeats the whole symbol: ``\\sm{2,}`` is two mana
    symbols or more (its expansion's closing ``\\}`` alone had been repeated, and it matched no card)."""
    return _SHORTHAND.sub(lambda m: f"(?:{SHORTHANDS[m.group()]})" if m.group() in SHORTHANDS else m.group(),
                          pattern)


@dataclass(frozen=True)
class UserPattern:
    """A compiled user pattern: case-insensitive, ``^`` and ``$`` at every line (ability) of the text."""

    source: str
    compiled: object
    linear: bool
    compiled_bytes: object = None  # the RE2 pattern over UTF-8 bytes, to scan many rows in one pass

    @property
    def scans_lines(self) -> bool:
        """Whether a scan of many rows joined as lines gives each row's answer: RE2, and no \\A or \\z (which
        would mean the start or end of the whole joined text)."""
        return self.linear and not re.search(r"\\[Az]", self.source.replace("\\\\", ""))

    def search(self, text: str, budget: CpuBudget | None = None) -> bool:
        """Whether the pattern occurs in ``text``; the fallback engine charges ``budget``."""
        if self.linear:
            return self.compiled.search(text) is not None
        return (budget or CpuBudget()).search(self.compiled, text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, UserPattern) and other.source == self.source

    def __hash__(self) -> int:
        return hash(("pattern", self.source))


MAX_REPEATS = 1000  # RE2's own bound on repetition counts, nested ones multiplied
_COUNT = re.compile(r"\{(\d*)(?:,(\d*))?\}")
_CLASS = re.compile(r"\[\^?\]?(?:\\.|[^\]\\])*\]?")


_BRACED_ESCAPES = {"x{", "p{", "P{", "N{", "o{"}
_HEX_CODE = re.compile(r"\\x\{([0-9a-fA-F]{1,12})\}")


def repeat_product(pattern: str) -> int:
    """The largest product of counted repetitions (``{n}``, ``{n,}``, ``{n,m}``) nested in ``pattern``:
    ``(?:a{10}){30}`` is 300. The backtracking engine unrolls them, so ``(?:a{1000}){1000}`` had taken 262 MB
    and ``(?:a{10000}){1000}`` 2.4 GB to compile (RE2 refuses past 1,000, and had sent them to it)."""
    stack, last, index = [1], 1, 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            # an escape holding braces is one character or class, no count (\x{2014}, the em dash, had been 2,014
            # repeats; \p{L})
            braced = pattern[index + 1: index + 3] in _BRACED_ESCAPES and pattern.find("}", index) > 0
            last, index = 1, pattern.find("}", index) + 1 if braced else index + 2
        elif char == "[":
            last, index = 1, index + max(1, len(_CLASS.match(pattern, index).group()))
        elif char == "(":
            stack.append(1)
            last, index = 1, index + 1
        elif char == ")" and len(stack) > 1:
            last, index = stack.pop(), index + 1
            stack[-1] = max(stack[-1], last)
        elif char == "{" and (count := _COUNT.match(pattern, index)) and (count.group(1) or count.group(2)):
            times = max(int(count.group(1) or 0), int(count.group(2) or 0))
            last = last * times
            stack[-1] = max(stack[-1], last)
            index = count.end()
        else:
            last, index = 1, index + 1
    return max(stack)


def compile_pattern(pattern: str) -> UserPattern:
    """Compile a user's ``/pattern/``; raises :class:`PatternError` with the engine's reason."""
    if not pattern:
        raise PatternError("empty regular expression")
    if len(pattern) > MAX_REGEX_LENGTH:
        raise PatternError(f"regular expression longer than {MAX_REGEX_LENGTH} characters")
    if _RECURSION.search(pattern):  # ("o:/(?R)/" ran out of memory inside the backtracking engine)
        raise PatternError("a regular expression may not call itself ((?R), (?1), (?&name)): "
                           "Scryfall's regexes have no recursion")
    for code in _HEX_CODE.finditer(pattern):  # (the engine had said "incomplete escape \x")
        if int(code.group(1), 16) > sys.maxunicode:
            raise PatternError(f"{code.group()} is no character: Unicode ends at \\x{{10FFFF}}")
    expanded = _expand_shorthands(pattern)
    if (repeats := repeat_product(expanded)) > MAX_REPEATS:
        raise PatternError(f"regular expression repeats too much: its counts ({{n}}), nested ones multiplied, come to "
                           f"{repeats:,}, and at most {MAX_REPEATS:,} are allowed; use + or * instead")
    options = re2.Options()
    options.log_errors = False
    options.max_mem = 8 << 20
    try:
        return UserPattern(pattern, re2.compile(f"(?im){expanded}", options), linear=True,
                           compiled_bytes=re2.compile(f"(?im){expanded}".encode(), options))
    except (re2.error, UnicodeEncodeError):
        pass
    try:
        compiled = regex.compile(expanded, regex.IGNORECASE | regex.MULTILINE | regex.VERSION0)
    except (regex.error, RecursionError, OverflowError, ValueError, TypeError) as exc:
        raise PatternError(f"invalid regular expression: {exc}") from None
    except MemoryError:  # (what the repetition bound leaves should compile small; a 500 had escaped)
        raise PatternError("regular expression too large to compile; simplify it") from None
    return UserPattern(pattern, compiled, linear=False)


class CpuBudget:
    """CPU seconds left for one query's backtracking searches (``time.thread_time``: this thread's work), and for
    its linear scans of every card (:data:`SCAN_BUDGET_SECONDS`: a query of many broad patterns, ``o:/./`` a
    hundred times, each a pass over every card, had run for a minute)."""

    def __init__(self, seconds: float = CPU_BUDGET_SECONDS, scan_seconds: float = SCAN_BUDGET_SECONDS):
        self.seconds = seconds
        self.used = 0.0
        self.scan_seconds = scan_seconds
        self.scanned = 0.0

    def charge(self, since: float) -> float:
        """Charge the linear scans' CPU time since ``since`` (a ``time.thread_time``); the time now."""
        now = time.thread_time()
        self.scanned += now - since
        if self.scanned > self.scan_seconds:
            raise PatternTooSlow(f"regular expressions {TOO_SLOW} together (over "
                                 f"{self.scan_seconds:g} s of CPU); use fewer or narrower ones, or filter by "
                                 f"type or colour first")
        return now

    def search(self, compiled: regex.Pattern, text: str) -> bool:
        if self.used >= self.seconds:  # spent by quick searches of many cards (a backreference a card, 70 times)
            raise PatternTooSlow(f"regular expression {TOO_SLOW}; simplify it")
        wall_limit = max(self.seconds - self.used, 0.001)
        while True:
            started = time.thread_time()
            try:
                found = compiled.search(text, timeout=wall_limit) is not None
            except TimeoutError:
                found = None
            self.used += time.thread_time() - started
            if found is not None:
                return found
            if self.used >= self.seconds or wall_limit >= self.seconds * _MAX_WALL_FACTOR:
                raise PatternTooSlow(f"regular expression {TOO_SLOW}; simplify it")
            wall_limit *= 2  # the wall-clock limit ran out before the CPU budget: the machine is busy
