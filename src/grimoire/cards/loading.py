"""What every source loader shares: the result type, the error type and rules-text derivations.

A loader turns one source file into :class:`~grimoire.cards.model.Card` records; it never touches a store.
"""

from __future__ import annotations

import gzip
import json
import math
import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path

from grimoire.cards.mana import COLOR_ORDER
from grimoire.cards.model import Card
from grimoire.cards.store import Ruling

# Layouts that are not cards a deck can hold.
NON_CARD_LAYOUTS = frozenset({
    "token", "double_faced_token", "emblem", "art_series", "vanguard", "planar", "scheme", "reversible_token",
    "minigame",
})
NON_DECK_TYPES = frozenset({"Vanguard", "Plane", "Phenomenon", "Scheme", "Hero", "Token", "Emblem", "Dungeon"})
ALCHEMY_PREFIX = "A-"


class SourceError(ValueError):
    """A source file is malformed; names the file and the record."""

    def __init__(self, path: Path | str, message: str, record: str | int | None = None):
        self.path = str(path)
        self.record = record
        where = f" (record {record})" if record is not None else ""
        super().__init__(f"{self.path}{where}: {message}")


@dataclass
class LoadResult:
    """Cards from one source, with what was left out and what the source cannot tell."""

    cards: list[Card]
    source: str
    rulings: list[tuple[str, Ruling]] = field(default_factory=list)
    dropped: Counter = field(default_factory=Counter)
    field_notes: dict[str, str] = field(default_factory=dict)
    data_date: str | None = None


def read_json(path: Path):
    """Parse a JSON file, gzip-compressed or not; a parse failure becomes a :class:`SourceError`."""
    path = Path(path)
    try:
        with path.open("rb") as raw:
            magic = raw.read(2)
        opener = gzip.open if magic == b"\x1f\x8b" else open
        with opener(path, "rb") as handle:
            return json.load(handle)
    except (OSError, EOFError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SourceError(path, f"not a readable JSON file: {exc}") from exc
    except RecursionError as exc:  # "[[[[..." many thousand levels deep: no card file nests like that
        raise SourceError(path, "not a readable JSON file: nested too deeply (thousands of levels)") from exc


def mana_value_problem(value) -> str | None:
    """Why ``value`` (a card's mana value as a file gives it) is not one, or ``None`` where it is one or absent:
    a mana value is a finite number from 0 up (Un-cards have halves and 1,000,000). ``NaN``, which Python's JSON
    reader accepts, had been installed and then matched no mana-value filter."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
        return f"must be a number from 0 up, not {json.dumps(value)[:40]}"
    return None


# "adds" too: an aura or a symmetrical card makes mana for a player ("its controller adds an additional {G}": Wild
# Growth; "that player adds {G}{G}": Eladamri's Vineyard), and Scryfall's produced_mana counts it
_ADD_CLAUSE = re.compile(r"\badds? ([^.\n]*)", re.IGNORECASE)
_MANA_SYMBOL = re.compile(r"\{([WUBRGC])\}")
# mana of a colour the text does not spell is of whatever colour it comes to: "any color", "the chosen color", "two
# mana of different colors", "any of the exiled card's colors" (Chrome Mox), "any of this creature's colors"; the
# word alone, so "colorless" is not one
_SOME_COLOR = re.compile(r"\bcolou?rs?\b", re.IGNORECASE)


def produced_mana(oracle_text: str) -> tuple[str, ...]:
    """Mana a card can add, read from its rules text: the colours it could make, as Scryfall's ``produced_mana``
    lists them (https://scryfall.com/docs/api/cards: "colors of mana that this card could produce"), so a mana
    colour the card leaves open is every colour (Chrome Mox makes W, U, B, R and G)."""
    found: set[str] = set()
    for clause in _ADD_CLAUSE.findall(oracle_text or ""):
        found.update(_MANA_SYMBOL.findall(clause))
        if _SOME_COLOR.search(clause) or "any type" in clause.lower():
            found.update(COLOR_ORDER)
        if "any type" in clause.lower():
            found.add("C")
    return tuple(c for c in (*COLOR_ORDER, "C") if c in found)


_DIGITAL_ONLY = re.compile(
    r"\bconjures?\b|\bperpetually\b|\bspellbook\b|\bseeks? (a|an|two|three|four|x)\b|\bstarting intensity\b",
    re.IGNORECASE)
_DIGITAL_WORDS = ("conjure", "perpetually", "spellbook", "seek", "starting intensity")  # what the pattern needs
# the card data's keywords naming those mechanics, lower-cased: a half whose text the data lacks still lists them
DIGITAL_KEYWORDS = frozenset({"conjure", "seek", "perpetually", "spellbook"})


def is_digital_only(oracle_text: str) -> bool:
    """Rules text only a computer can carry out (Alchemy's conjure, seek, perpetually...)."""
    return bool(_DIGITAL_ONLY.search(oracle_text or ""))


def digital_only_rows(oracle_texts: list[str]) -> list[int]:
    """The positions of the texts :func:`is_digital_only` holds for. The texts that hold one of its words are
    found by substring search over them all joined (a regular expression of alternatives and word boundaries
    over 34,000 texts takes a third of a second); only those are checked with the pattern."""
    lowered = [text.lower() for text in oracle_texts]  # lower-cased one by one: a few letters change length
    ends = list(accumulate(len(text) + 1 for text in lowered))
    joined = "\n".join(lowered)
    candidates: set[int] = set()
    for word in _DIGITAL_WORDS:
        position = joined.find(word)
        while position >= 0:
            candidates.add(bisect_right(ends, position))
            position = joined.find(word, position + 1)
    return sorted(row for row in candidates if is_digital_only(oracle_texts[row]))


def is_alchemy_rebalance(name: str) -> bool:
    return name.startswith(ALCHEMY_PREFIX)


def drop_reason(name: str, layout: str, types) -> str | None:
    """Why a record is not a card a deck can hold (counted in ``LoadResult.dropped``), or ``None``."""
    if layout in NON_CARD_LAYOUTS:
        return f"non-deck layout {layout}"
    if set(types) & NON_DECK_TYPES:
        return "non-deck type"
    if is_alchemy_rebalance(name):
        return "Alchemy rebalanced (A-)"
    return None
