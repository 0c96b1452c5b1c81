"""The Magic Comprehensive Rules: numbered rules, section headings and the glossary, parsed from Wizards' text file.

Look a rule up by number, a glossary term by name, or search both by words (BM25), and render results for a prompt.
"""

from __future__ import annotations

import gzip
import os
import re
from dataclasses import dataclass
from datetime import datetime
from functools import cache, cached_property, lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

from grimoire.search.lexical import LexicalIndex

BUNDLED_FILE = "rules/MagicCompRules-20220429.txt.gz"
RULES_URL = "https://magic.wizards.com/en/rules"
MIN_RULES = 1000  # every edition since the 2000s has several thousand numbered rules
GLOSSARY = "Glossary"

_RULE_LINE = re.compile(r"^(\d{3})\.(\d+)([a-z]?)\.?\s+(\S.*)$")
_SECTION_LINE = re.compile(r"^(\d{3})\.\s+(\S.*)$")
_CHAPTER_LINE = re.compile(r"^(\d)\.\s+(\S.*)$")
_NUMBER = re.compile(r"^(\d{1,3})(?:\.(\d+)([a-z]?))?\.?$")
_NUMBER_QUERY = re.compile(r"^(?:(?:rules?|cr|and|,)\s*|\d{1,3}(?:\.\d+[a-z]?)?\.?\s*)+$")
_NUMBER_IN_QUERY = re.compile(r"\d{1,3}(?:\.\d+[a-z]?)?")
_CITATION = re.compile(r"\b(?:rules?|section)\s+(\d{1,3}(?:\.\d+[a-z]?)?)")
_EFFECTIVE = re.compile(r"effective as of\s+([A-Z][a-z]+\s+\d{1,2},\s+\d{4})")
_SENTENCE_END = (".", ":", ")", '"', "\u201d")


class RulesFileError(ValueError):
    """A rules file that cannot be read or does not look like the Comprehensive Rules."""


@dataclass(frozen=True)
class Rule:
    """One numbered rule, section heading or glossary entry."""

    number: str  # "702.19b", "702" (a section), "7" (a chapter), or a glossary term
    text: str
    section: str  # "702. Keyword Abilities", or "Glossary"

    @property
    def is_glossary(self) -> bool:
        return self.section == GLOSSARY


class Rulebook:
    """One edition of the Comprehensive Rules, indexed by number and glossary term."""

    def __init__(self, rules: list[Rule], headings: dict[str, str], terms: list[Rule], effective: str, source: str):
        self.rules = tuple(rules)  # numbered rules, in document order
        self.headings = headings  # "7" -> "Additional Rules", "702" -> "Keyword Abilities"
        self.terms = tuple(terms)  # glossary entries, in document order
        self.effective = effective
        self.source = source
        heading_rules = [
            Rule(number, title, _section_label(_parent(number), headings)) for number, title in headings.items()
        ]
        self._by_number = {rule.number: rule for rule in [*heading_rules, *rules]}
        self._children: dict[str, list[str]] = {}
        for number in sorted(self._by_number, key=_sort_key):
            self._children.setdefault(_parent(number), []).append(number)
        self._glossary = _glossary_keys(self.terms)

    def __len__(self) -> int:
        return len(self.rules)

    def __repr__(self) -> str:
        counts = f"{len(self.rules)} rules, {len(self.terms)} glossary terms"
        return f"Rulebook({counts}, effective {self.effective}, {self.source})"

    def rule(self, number: str) -> Rule | None:
        """The rule, section ("702") or chapter ("7") with this number; "Rule 702.19b." works too."""
        normal = _normal_number(number)
        return self._by_number.get(normal) if normal else None

    def children(self, number: str) -> list[Rule]:
        """The rules directly under this one: 702.19 -> 702.19a, 702.19b, ...; 702 -> 702.1, 702.2, ..."""
        normal = _normal_number(number)
        return [self._by_number[child] for child in self._children.get(normal, [])] if normal else []

    def glossary(self, term: str) -> str | None:
        """The glossary definition of a term, any case; a plural ("Tokens") finds the singular."""
        entry = self._glossary_entry(term)
        return entry.text if entry else None

    def search(self, query: str, limit: int = 5) -> list[Rule]:
        """Rules for a query: a rule number gives that rule and all its subrules (limit not applied);
        words give the exact glossary entry and the rules it cites first, then BM25 over everything."""
        numbers = _query_numbers(query)
        if numbers:
            return list(dict.fromkeys(rule for number in numbers for rule in self._family(number)))
        found = []
        entry = self._glossary_entry(query)
        if entry:
            found = [entry, *(rule for cited in _CITATION.findall(entry.text) for rule in self._family(cited))]
        scores = self._index.scores(query)
        ranked = np.argsort(-scores, kind="stable")
        found += [self._documents[i] for i in ranked[: limit + len(found)] if scores[i] > 0]
        return list(dict.fromkeys(found))[:limit]

    @staticmethod
    def format(rules: list[Rule], max_chars: int = 2500, rule_chars: int = 700) -> str:
        """Rules as compact text for a prompt: one entry per rule, each cut at rule_chars, all under max_chars."""
        if not rules:
            return "No matching rules."
        lines: list[str] = []
        used = 0
        for shown, rule in enumerate(rules):
            line = _cut(_label(rule) + rule.text, rule_chars)
            if used + len(line) + 1 > max_chars - 80:
                lines.append(f"[{len(rules) - shown} more not shown; look one up by its number]")
                break
            lines.append(line)
            used += len(line) + 1
        return "\n".join(lines)

    def _family(self, number: str) -> list[Rule]:
        rule = self.rule(number)
        return [rule, *self.children(number)] if rule else []

    def _glossary_entry(self, term: str) -> Rule | None:
        key = _fold(term)
        return self._glossary.get(key) or (self._glossary.get(key[:-1]) if key.endswith("s") else None)

    @cached_property
    def _documents(self) -> list[Rule]:
        return [*self._by_number.values(), *self.terms]

    @cached_property
    def _index(self) -> LexicalIndex:
        """BM25 over every document's stemmed, stop-worded words, tokenized as the card search does."""
        return LexicalIndex.build([f"{rule.number} {rule.text}" if rule.is_glossary else rule.text
                                   for rule in self._documents])


def parse_rules(text: str, source: str) -> Rulebook:
    """Parse the text of a Comprehensive Rules file; RulesFileError if it does not look like one."""
    rules: dict[str, list[str]] = {}
    headings: dict[str, str] = {}
    glossary_lines: list[str] = []
    current: list[str] | None = None
    part = "rules"
    for raw in text.split("\n"):
        line = raw.strip()
        if part == "glossary":
            if line == "Credits":
                break
            glossary_lines.append(line)
        elif line == GLOSSARY and rules:  # the contents also list "Glossary", before any rule
            part = "glossary"
        elif match := _RULE_LINE.match(line):
            number = f"{match[1]}.{match[2]}{match[3]}"
            current = rules.setdefault(number, [])  # a number printed twice keeps both texts
            current.append(match[4])
        elif (match := _SECTION_LINE.match(line) or _CHAPTER_LINE.match(line)) and not line.endswith("."):
            headings[match[1]] = match[2]  # the contents list the same headings again: the body's wins
            current = None
        elif line and current is not None:
            current.append(line)  # examples and indented lists belong to the rule above them
    terms = _parse_glossary(glossary_lines)
    if len(rules) < MIN_RULES or not terms:
        raise RulesFileError(
            f"{source} does not look like the Magic Comprehensive Rules: found {len(rules)} numbered rules "
            f"(expected at least {MIN_RULES}) and {len(terms)} glossary terms. Use the plain-text (.txt) edition "
            f"from {RULES_URL}, or unset GRIMOIRE_RULES to use the bundled rules."
        )
    numbered = [
        Rule(number, "\n".join(lines), _section_label(number.split(".")[0], headings))
        for number, lines in rules.items()
    ]
    return Rulebook(numbered, headings, terms, _effective_date(text), source)


def load_rulebook(path: str | Path | None = None) -> Rulebook:
    """The rules from path (.txt or .txt.gz), else from $GRIMOIRE_RULES, else the bundled 2022-04-29 edition."""
    label = str(path) if path is not None else ""
    if path is None and os.environ.get("GRIMOIRE_RULES"):
        path = os.environ["GRIMOIRE_RULES"]
        label = f"{path} (from GRIMOIRE_RULES)"
    if path is None:
        return _load_bundled()
    file = Path(path).expanduser()
    try:
        stat = file.stat()
    except OSError as error:
        raise RulesFileError(f"Cannot read rules file {label}: {error.strerror}.") from error
    return _load_file(str(file.resolve()), stat.st_mtime_ns, stat.st_size, label)


@cache
def _load_bundled() -> Rulebook:
    data = resources.files("grimoire.data").joinpath(BUNDLED_FILE).read_bytes()
    return parse_rules(_decode(data, "bundled"), "bundled")


@lru_cache(maxsize=8)
def _load_file(path: str, mtime_ns: int, size: int, label: str) -> Rulebook:
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise RulesFileError(f"Cannot read rules file {label}: {error.strerror}.") from error
    return parse_rules(_decode(data, label), path)


def _decode(data: bytes, label: str) -> str:
    """Text with LF line ends from plain or gzipped bytes: UTF-8 (with or without BOM), else Windows-1252."""
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as error:
            raise RulesFileError(f"Rules file {label} is a damaged gzip file: {error}.") from error
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace").removeprefix("\u00ef\u00bb\u00bf")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _parse_glossary(lines: list[str]) -> list[Rule]:
    """Entries are a term line then definition lines; a blank line usually, but not always, separates them."""
    entries: list[list[str]] = []
    previous = ""
    for line in lines:
        if line and (not previous or (previous.endswith(_SENTENCE_END) and _looks_like_term(line))):
            entries.append([line])
        elif line:
            entries[-1].append(line)
        previous = line
    return [Rule(entry[0], "\n".join(entry[1:]), GLOSSARY) for entry in entries if len(entry) > 1]


def _looks_like_term(line: str) -> bool:
    return len(line) <= 60 and not line.endswith(_SENTENCE_END) and not line[0].isdigit()


def _glossary_keys(terms: tuple[Rule, ...]) -> dict[str, Rule]:
    """Folded term -> entry; "You, Your" is also found as "you" and "your" unless those are terms themselves."""
    keys = {_fold(entry.number): entry for entry in terms}
    for entry in terms:
        for alias in entry.number.removesuffix(" (Obsolete)").split(","):
            keys.setdefault(_fold(alias), entry)
    return keys


def _effective_date(text: str) -> str:
    match = _EFFECTIVE.search(text)
    if not match:
        return "unknown"
    try:
        return datetime.strptime(" ".join(match[1].split()), "%B %d, %Y").date().isoformat()
    except ValueError:
        return match[1]


def _query_numbers(query: str) -> list[str]:
    """The rule numbers of a query made only of them ("702.19", "rule 702.9", "702.2c and 702.19b"), else []."""
    text = query.strip().lower()
    return _NUMBER_IN_QUERY.findall(text) if text and _NUMBER_QUERY.match(text) else []


def _normal_number(number: str) -> str | None:
    text = number.strip().lower().removeprefix("rule").strip()
    match = _NUMBER.match(text)
    if not match:
        return None
    return f"{match[1]}.{match[2]}{match[3]}" if match[2] else match[1]


def _parent(number: str) -> str:
    """702.19b -> 702.19 -> 702 -> 7 -> "" (the chapters)."""
    if number[-1].isalpha():
        return number.rstrip("abcdefghijklmnopqrstuvwxyz")
    if "." in number:
        return number.split(".")[0]
    return number[0] if len(number) == 3 else ""


def _sort_key(number: str) -> tuple:
    section, _, rest = number.partition(".")
    digits = rest.rstrip("abcdefghijklmnopqrstuvwxyz")
    return (int(section) if len(section) == 3 else int(section) * 100 - 1, int(digits or -1), rest[len(digits) :])


def _section_label(number: str, headings: dict[str, str]) -> str:
    return f"{number}. {headings[number]}" if number in headings else ""


def _label(rule: Rule) -> str:
    if rule.is_glossary:
        return f"Glossary, {rule.number}: "
    return f"{rule.number}. " if "." not in rule.number else f"{rule.number} "


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "\u2026"


def _fold(text: str) -> str:
    return " ".join(text.lower().split()).strip(" ?!.\"'")


