"""Card search: query parsing, filters and rankers over a :class:`~grimoire.CardDB`."""
