"""Labels of Grimoire's own query sets: each query's correct cards come from a rule stored with it.

A rule (the ``labeling_rule`` column, JSON) is independent of the engine and of the role rules:
``{"any": [regex, ...], "all": [...], "none": [...], "types": ["Instant", ...], "graded": [regex, ...],
"add": [names], "remove": [names], "graded_names": [names], "not_types": [...], "identity": "wg",
"mana_value_min": 0, "mana_value_max": 2}``. Regexes run over each card's lower-cased rules text without
reminder text, with the card's own name written as ``~``; ``types`` and ``not_types`` match the type line.
A card is relevant if it matches any ``any`` pattern, every ``all`` pattern, no ``none`` pattern, one of
``types`` (when given) and none of ``not_types``; ``identity`` (WUBRG letters, ``c`` for colourless) and the
mana value bounds are the readings of a query's colour and cost words, and bind ``add`` too.
``graded`` patterns and ``graded_names`` mark the core answers (grade 2).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from grimoire.cards.mana import color_bits
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
    not_types: tuple[str, ...] = ()
    identity: str | None = None
    mana_value_min: float | None = None
    mana_value_max: float | None = None

    @classmethod
    def from_json(cls, text: str | dict) -> LabelRule:
        data = json.loads(text) if isinstance(text, str) else dict(text)
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown labeling rule fields: {sorted(unknown)}")
        return cls(**{key: tuple(value) if isinstance(value, list) else value for key, value in data.items()})

    def constraints(self, db: CardDB) -> np.ndarray:
        """Cards within the rule's colour identity and mana value bounds (all cards when it has none)."""
        allowed = np.ones(len(db), dtype=bool)
        if self.identity is not None:
            allowed &= (db.columns.color_identity & np.uint8(31 & ~identity_mask(self.identity))) == 0
        mana_value = db.columns.mana_value
        if self.mana_value_min is not None:
            allowed &= mana_value >= self.mana_value_min
        if self.mana_value_max is not None:
            allowed &= mana_value <= self.mana_value_max
        return allowed


def identity_mask(letters: str) -> int:
    """The WUBRG bitmask of colour letters (``c`` or an empty string: colourless)."""
    unknown = set(letters.lower()) - set("wubrgc")
    if unknown:
        raise ValueError(f"unknown colour letters {sorted(unknown)} in identity {letters!r} (use w, u, b, r, g, c)")
    return color_bits(letters.upper())


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
    unwanted_types = [t.lower() for t in rule.not_types]
    removed = set(rule.remove)
    allowed = rule.constraints(db)
    relevant, graded = [], []
    for row, (text, type_line) in enumerate(zip(texts, types, strict=True)):
        name = db.columns.name[row]
        if name in removed or not allowed[row]:
            continue
        if (wanted_types and not any(t in type_line for t in wanted_types)) or \
                any(t in type_line for t in unwanted_types):
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
