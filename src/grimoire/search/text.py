"""Plain word search over card names and rules text: every word or quoted phrase must appear.

The first search Grimoire offers; Scryfall-syntax queries are refused with the position of the operator.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from grimoire.cards.store import CardDB

_TOKEN = re.compile(r'"([^"]*)"|(\S+)')
_OPERATOR = re.compile(r"^-?[A-Za-z]+(:|=|!=|<=|>=|<|>)|^[!/(]|^-\"")


class QueryError(ValueError):
    """A query cannot be run; ``position`` is the 0-based character where the problem starts."""

    def __init__(self, message: str, position: int):
        self.position = position
        super().__init__(f"{message} (at character {position + 1})")


@dataclass(frozen=True)
class Term:
    text: str
    position: int


def parse_terms(query: str) -> list[Term]:
    """Split a query into words and quoted phrases, refusing search operators."""
    if query.count('"') % 2:
        raise QueryError("unclosed quote", query.rindex('"'))
    terms: list[Term] = []
    for match in _TOKEN.finditer(query):
        phrase, word = match.group(1), match.group(2)
        if word is not None and _OPERATOR.match(word):
            raise QueryError(f"search operators such as {word!r} are not supported by plain word search",
                             match.start())
        text = (phrase if phrase is not None else word).strip().lower()
        if text:
            terms.append(Term(text, match.start()))
    if not terms:
        raise QueryError("empty query", 0)
    return terms


def search_text(db: CardDB, query: str, limit: int = 20) -> list[int]:
    """Rows of cards whose name, type line or rules text contain every term; name matches first."""
    terms = parse_terms(query)
    columns = db.columns
    haystack = columns.searchable_text
    names = np.char.lower(columns.name.astype(str))
    keep = np.ones(len(db), dtype=bool)
    in_name = np.zeros(len(db), dtype=np.int32)
    for term in terms:
        keep &= np.char.find(haystack, term.text) >= 0
        in_name += np.char.find(names, term.text) >= 0
    rows = np.flatnonzero(keep)
    exact = names[rows] == " ".join(t.text for t in terms)
    order = np.lexsort((names[rows], -in_name[rows], ~exact))
    return rows[order][:limit].tolist()
