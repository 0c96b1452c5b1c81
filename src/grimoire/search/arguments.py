"""The one check of a search call's arguments (queries, structured filters, paging) for every surface.

The CLI, the MCP server and the web API pass what they were given; a bad argument raises
:class:`SearchArgumentError`, whose message names the argument (in the surface's own spelling) and the fix.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from grimoire.cards.model import FORMATS, format_named
from grimoire.cards.names import shown
from grimoire.search.engine import MAX_LIMIT, MAX_QUERIES, Filters, SearchEngine, SearchPage
from grimoire.search.filters import known_formats, unknown_legality
from grimoire.search.patterns import TOO_SLOW
from grimoire.search.query import MAX_QUERY_LENGTH, NO_DATA, QuerySyntaxError, parse_colors

ARGUMENTS = ("queries", "color_identity", "format", "types", "mana_value_min", "mana_value_max", "roles", "limit",
             "page")
# The highest mana value printed on a card is 1,000,000 (Gleemax).
MANA_VALUE_MAX = 1_000_000


class SearchArgumentError(ValueError):
    """A search argument to change. ``template`` names arguments as ``{mana_value_min}`` so each surface can show
    its own spelling (``--mv-min``, ``mv_min``); ``str()`` uses the canonical names above."""

    def __init__(self, argument: str, template: str, **details: Any):
        self.argument = argument
        self.template = template
        self.details = details
        super().__init__(self.message())

    def message(self, spelling: Mapping[str, str] | None = None) -> str:
        names = {name: (spelling or {}).get(name, name) for name in ARGUMENTS}
        return self.template.format(**names)


def _literal(value: object) -> str:
    """A user's value inside a message template, its braces escaped."""
    return str(value).replace("{", "{{").replace("}", "}}")


def _mana_value(argument: str, value: float | None) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise SearchArgumentError(argument, f"{{{argument}}} must be a number from 0 to {MANA_VALUE_MAX:,}, not "
                                  f"{_literal(repr(value))}.")
    if not 0 <= value <= MANA_VALUE_MAX:
        # (as it was given, a whole number without ".0": 1000000.4 had been quoted "1e+06", inside the range; a
        # float too big to be written out as sent, 1e308, as Python writes it: it had been echoed in 309 digits)
        given = str(int(value)) if abs(value) < 1e16 and float(value).is_integer() else repr(value)
        raise SearchArgumentError(argument, f"{{{argument}}} must be from 0 to {MANA_VALUE_MAX:,}, not "
                                  f"{_literal(given)}.")
    return float(value) + 0.0  # (-0 had been echoed as mv>=-0)


def _names(argument: str, values: str | Sequence[str] | None) -> tuple[str, ...]:
    """The names a list argument holds, each once (case aside); more than :data:`MAX_FILTER_VALUES` is an error
    (5,000 copies of one role had made a 1.27 MB answer)."""
    if values is None:
        return ()
    items = [values] if isinstance(values, str) else list(values)
    names = {item.strip().casefold(): item.strip() for item in reversed(items) if item.strip()}
    if len(names) > MAX_FILTER_VALUES:
        raise SearchArgumentError(argument, f"{{{argument}}} holds {len(names):,} different names; give at most "
                                  f"{MAX_FILTER_VALUES} (every card must match all of them).")
    return tuple(reversed(names.values()))


MAX_FILTER_VALUES = 20  # types or roles in one call
_NAMES_SHOWN = 10  # unknown excluded names a note lists
_NAME_CHARS = 40  # longer than any type's, format's or function tag's name
# A type's name: words of letters, joined by a space, hyphen or apostrophe ("Assembly-Worker", "Time Lord").
_TYPE_NAME = re.compile(r"[^\W\d_]+(?:[ '’-][^\W\d_]+)*")
# A format's or a function tag's name: "commander", "t1.5", "mana-rock".
_WORD_NAME = re.compile(r"[\w.-]+")


def _named(argument: str, value: str, pattern: re.Pattern, fix: str) -> str:
    """``value`` when it can be a name ``pattern`` matches, else an error quoting it (cut short) with ``fix``."""
    if len(value) > _NAME_CHARS or not pattern.fullmatch(value):
        raise SearchArgumentError(argument, f"{{{argument}}} {_literal(repr(shown(value)))} is not {fix}")
    return value


def search_filters(color_identity: str | None = None, format: str | None = None,  # noqa: A002 - Scryfall's name
                   types: Sequence[str] | None = None, mana_value_min: float | None = None,
                   mana_value_max: float | None = None, roles: Sequence[str] | None = None) -> Filters:
    """The structured filters as :class:`Filters`, each checked so that a bad one is named in the error."""
    low = _mana_value("mana_value_min", mana_value_min)
    high = _mana_value("mana_value_max", mana_value_max)
    if low is not None and high is not None and low > high:
        raise SearchArgumentError("mana_value_min", f"{{mana_value_min}} ({low:g}) is above {{mana_value_max}} "
                                  f"({high:g}), so no card can match. Swap them or drop one.")
    type_names = _names("types", types)
    for type_name in type_names:
        _named("types", type_name, _TYPE_NAME, "a type's name. Give each type by its name, such as creature, "
               "instant or elf (put query syntax such as t:creature in the queries).")
    role_names = tuple(role.lower() for role in _names("roles", roles))
    for role in role_names:
        _named("roles", role, _WORD_NAME, "a function tag's name. Give each by its name, such as ramp, removal or "
               "card-draw, one per item, with no search syntax (every tag is listed in docs/tags.md).")
    format_name = (format or "").strip().lower() or None
    if format_name is not None:
        _named("format", format_name, _WORD_NAME, f"a format's name: one word, with no search syntax. Give one of: "
               f"{', '.join(FORMATS)}.")
    identity = (color_identity or "").strip() or None
    if identity is not None and (len(identity) > _NAME_CHARS or parse_colors(identity) is None):
        raise SearchArgumentError("color_identity", f"{{color_identity}} {_literal(repr(shown(identity)))} is not "
                                  "a colour identity. Use letters from WUBRG (e.g. 'bg' for black-green), 'c' for "
                                  "colourless, or a name such as 'golgari', 'esper' or 'wubrg'.")
    filters = Filters(color_identity=identity, format=format_name, types=type_names, mana_value_min=low,
                      mana_value_max=high, roles=role_names)
    try:
        filters.to_nodes()
    except QuerySyntaxError as exc:
        argument = "format" if exc.query.startswith("f:") else "roles"
        raise SearchArgumentError(argument, f"bad {{{argument}}}: {_literal(exc.message)}.") from exc
    return filters


def _answerable(engine: SearchEngine, filters: Filters) -> Filters:
    """``filters``, unless the loaded card data cannot answer its format: that is the format's error, not the
    query's (the bundled snapshot knows only commander legality)."""
    if filters.format and not engine.db.columns.knows_legality(name := format_named(filters.format)):
        said = unknown_legality(name, known_formats(engine.db.columns))
        raise SearchArgumentError("format", f"bad {{format}}: {_literal(said)}. Leave {{format}} out.")
    return filters


def search_queries(queries: str | Sequence[str], filters: Filters) -> list[str]:
    """The queries as a list of 1 to 4, refusing a call with no words, no syntax and no filter (it would list
    every card)."""
    query_list = [queries] if isinstance(queries, str) else list(queries)
    if not 1 <= len(query_list) <= MAX_QUERIES:
        raise SearchArgumentError("queries", f"{{queries}} must hold 1 to {MAX_QUERIES} queries, not "
                                  f"{len(query_list)}. Keep the best phrasings, or run several searches.")
    if not any(query.strip() for query in query_list) and filters == Filters():
        raise SearchArgumentError("queries", "every query is empty: say what the card should do (plain words or "
                                  "Scryfall syntax such as t:creature), or give a filter.")
    return query_list


def _number(value: int) -> str:
    """A number as a message quotes it: a 400-digit one cut short, with its length."""
    return shown(str(value)) if abs(value) < 10 ** 4000 else "a number of over 4,000 digits"


def search_page(limit: int, page: int, maximum: int = MAX_LIMIT) -> tuple[int, int, list[str]]:
    """``(limit, page, notes)``: a limit above ``maximum`` is capped, with a note that says so."""
    if limit < 1:
        raise SearchArgumentError("limit", f"{{limit}} must be 1 to {maximum}, not {_number(limit)}.")
    if page < 1:
        raise SearchArgumentError("page", f"{{page}} must be 1 or more, not {_number(page)}.")
    if limit > maximum:
        return maximum, page, [f"{_number(limit)} results per page is above the maximum; showing {maximum} per page "
                               "(ask for the next page for more)"]
    return limit, page, []


# a query's error by kind: what the head says, and the fix
_SYNTAX_ERROR_KINDS = {
    "lacks": ("query{where} asks what the card data lacks",
              "The syntax is right, but this card data cannot answer it: drop that filter."),
    "costly": ("query{where} too costly",
               "The syntax is right, but the search would take too long: narrow it with a type or colour filter, or "
               "use fewer or simpler regular expressions."),
    "bad": ("bad query{where}",
            "Fix the syntax, quote phrases with spaces (o:\"draw a card\"), or drop the syntax and use plain words."),
}


def syntax_error(exc: QuerySyntaxError, queries: Sequence[str], argument: str = "queries") -> SearchArgumentError:
    """A query syntax error as an argument error: what is wrong, where (with a caret), and how to fix it."""
    where = f" #{list(queries).index(exc.query) + 1}" if exc.query in queries and len(queries) > 1 else ""
    if len(exc.query) > MAX_QUERY_LENGTH:  # no syntax to fix (it had said to fix it, under a caret 1,000 spaces in)
        return SearchArgumentError(
            argument, f"query{where} too long: it has {len(exc.query):,} characters and a search takes at most "
            f"{MAX_QUERY_LENGTH:,}; shorten it, or split it into several queries.", position=exc.position,
            problem=exc.message, query=exc.query[:MAX_QUERY_LENGTH] + "…")
    caret = _literal(exc.caret())
    # what the card data lacks, or a regex over its time budget, is no syntax to fix ("Fix the syntax" had followed
    # "no set codes", and a slow regex)
    kind = "lacks" if exc.message.startswith(NO_DATA) else "costly" if TOO_SLOW in exc.message else "bad"
    head, fix = _SYNTAX_ERROR_KINDS[kind]
    head = head.format(where=where)
    return SearchArgumentError(
        argument, f"{head}: {_literal(exc.message)} (at character {exc.position + 1}):\n{caret}\n{fix}",
        position=exc.position, problem=exc.message, query=exc.query)


@dataclass
class CheckedSearch:
    """A search run from checked arguments: the page, the queries asked, and notes for the user (a capped limit,
    excluded names that match no card, a corrected card name)."""

    page: SearchPage
    queries: list[str]
    notes: list[str] = field(default_factory=list)
    card: str | None = None  # the card a similarity search started from
    filters: list[str] = field(default_factory=list)  # the structured filters in syntax (``t:creature``)

    def json_extra(self) -> dict[str, Any]:
        """The fields a search page's JSON adds to :func:`grimoire.render.search.page_json`'s."""
        return {"queries": self.queries} if self.card is None else {"card": self.card, "query": self.queries[0]}


@dataclass(frozen=True)
class FilterArguments:
    """The structured filters as a surface received them, before :func:`search_filters` checks them."""

    color_identity: str | None = None
    format: str | None = None
    types: Sequence[str] | None = None
    mana_value_min: float | None = None
    mana_value_max: float | None = None
    roles: Sequence[str] | None = None

    def checked(self) -> Filters:
        return search_filters(self.color_identity, self.format, self.types, self.mana_value_min,
                              self.mana_value_max, self.roles)


def run_search(engine: SearchEngine, queries: str | Sequence[str], filters: FilterArguments = FilterArguments(),
               *, exclude: str | Sequence[str] | None = (), limit: int = 10, page: int = 1,
               maximum: int = MAX_LIMIT, mode: str = "hybrid", include_funny: bool = False,
               literal: bool = False) -> CheckedSearch:
    """Check a search call's arguments and run it; every bad argument raises :class:`SearchArgumentError`.

    Player words are read as filters unless ``literal`` (the page's ``readings`` say how). ``exclude`` may be one
    name, as a list argument may (its letters had been read as names)."""
    checked_filters = _answerable(engine, filters.checked())
    exclude = [exclude] if isinstance(exclude, str) else list(exclude or ())
    query_list = search_queries(queries, checked_filters)
    limit, page, notes = search_page(limit, page, maximum)
    unknown = [name for name in exclude if engine.db.names.find(name) is None]
    if unknown:
        listed = ", ".join(repr(shown(name)) for name in unknown[:_NAMES_SHOWN])  # (a 1 MB name had been quoted
        more = f" and {len(unknown) - _NAMES_SHOWN} more" if len(unknown) > _NAMES_SHOWN else ""  # whole)
        notes.append(f"exclude: no card named {listed}{more} (left in the search)")  # (10,000 had made 259 KB)
    try:
        result = engine.search(query_list, filters=checked_filters, page=page, limit=limit, mode=mode,
                               include_funny=include_funny, exclude=exclude, literal=literal)
    except QuerySyntaxError as exc:
        raise syntax_error(exc, query_list) from exc
    return CheckedSearch(result, query_list, notes, filters=[node.raw for node in checked_filters.to_nodes()])


def run_similar(engine: SearchEngine, name: str, query: str = "", filters: FilterArguments = FilterArguments(),
                *, limit: int = 10, page: int = 1, maximum: int = MAX_LIMIT,
                include_funny: bool = False) -> CheckedSearch:
    """Cards similar to the card ``name`` finds (a fuzzy correction is a note), under checked filters.

    Raises :class:`SearchArgumentError`, or :class:`~grimoire.cards.names.CardNotFoundError` for an unknown name.
    """
    checked_filters = _answerable(engine, filters.checked())
    limit, page, notes = search_page(limit, page, maximum)
    found = engine.lookup(name)
    if found.correction:
        notes.insert(0, found.correction)
    try:
        result = engine.similar_to(found.card.name, query=query, filters=checked_filters, page=page, limit=limit,
                                   include_funny=include_funny)
    except QuerySyntaxError as exc:
        raise syntax_error(exc, [query], "query") from exc
    except ValueError as exc:  # the card has no embedding yet
        raise SearchArgumentError("name", _literal(str(exc))) from exc
    return CheckedSearch(result, [query], notes, card=found.card.name,
                         filters=[node.raw for node in checked_filters.to_nodes()])
