"""Card search: query parsing, filters and rankers over a :class:`~grimoire.CardDB`.

``SearchEngine(db).search("t:instant id<=r burn")`` returns a :class:`SearchPage` of :class:`SearchResult`;
``Filters`` are structured hard constraints; a bad query raises :class:`QuerySyntaxError` saying where.
"""

from grimoire.search.arguments import SearchArgumentError, run_search, run_similar
from grimoire.search.engine import MODES, Filters, SearchEngine, SearchPage, SearchResult
from grimoire.search.query import QuerySyntaxError

__all__ = ["MODES", "Filters", "QuerySyntaxError", "SearchArgumentError", "SearchEngine", "SearchPage",
           "SearchResult", "run_search", "run_similar"]
