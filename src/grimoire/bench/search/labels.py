"""Labels of Grimoire's own query sets: each query's correct cards come from a rule stored with it.

A rule (the ``labeling_rule`` column, JSON) is independent of the engine and of the role rules:
``{"any": [regex, ...], "all": [...], "none": [...], "types": ["Instant", ...], "graded": [regex, ...],
"add": [names], "remove": [names], "graded_names": [names]}``. Regexes run over each card's lower-cased rules
text without reminder text, with the card's own name written as ``~``; ``types`` match the type line.
A card is relevant if it matches any ``any`` pattern, every ``all`` pattern, no ``none`` pattern and one of
``types`` (when given); ``graded`` patterns and ``graded_names`` mark the core answers (grade 2).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache

from grimoire.cards.store import CardDB

_REMINDER = re.compile(r"\s*\([^()]*\)")


@dataclass(frozen=True)
class LabelRule:
    any: tuple[str, ...] = ()
    all: tuple[str, ...] = ()
    none: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    graded: tuple[str, ...] = ()
    add: tuple[str, ...] = ()
    remove: tuple[str, ...] = ()
    graded_names: tuple[str, ...] = field(default_factory=tuple)

    @classmethod
    def from_json(cls, text: str | dict) -> LabelRule:
        data = json.loads(text) if isinstance(text, str) else dict(text)
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown labeling rule fields: {sorted(unknown)}")
        return cls(**{key: tuple(value) for key, value in data.items()})


@cache
def _texts(db: CardDB) -> tuple[list[str], list[str]]:
    texts, types = [], []
    for name, type_line, text in zip(db.columns.name, db.columns.type_line, db.columns.oracle_text, strict=True):
        stripped = _REMINDER.sub("", text)
        for part in sorted({name, *name.split(" // ")}, key=len, reverse=True):
            stripped = stripped.replace(part, "~")
        texts.append(stripped.lower())
        types.append(type_line.lower())
    return texts, types


def apply_rule(db: CardDB, rule: LabelRule) -> tuple[list[str], list[str]]:
    """Names of the relevant cards and of the core (grade 2) answers, in store order."""
    texts, types = _texts(db)
    any_patterns = [re.compile(p) for p in rule.any]
    all_patterns = [re.compile(p) for p in rule.all]
    none_patterns = [re.compile(p) for p in rule.none]
    graded_patterns = [re.compile(p) for p in rule.graded]
    wanted_types = [t.lower() for t in rule.types]
    removed = set(rule.remove)
    relevant, graded = [], []
    for row, (text, type_line) in enumerate(zip(texts, types, strict=True)):
        name = db.columns.name[row]
        if name in removed:
            continue
        if wanted_types and not any(t in type_line for t in wanted_types):
            matched = False
        else:
            matched = (not any_patterns or any(p.search(text) for p in any_patterns)) and \
                all(p.search(text) for p in all_patterns) and not any(p.search(text) for p in none_patterns) \
                and bool(any_patterns or all_patterns)
        if matched or name in rule.add:
            relevant.append(name)
            if any(p.search(text) for p in graded_patterns) or name in rule.graded_names:
                graded.append(name)
    return relevant, graded
