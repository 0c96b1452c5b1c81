"""Views of a search page: text for a model (MCP ``search_cards``, the agent benchmark's search tool), the one
JSON shape (``grimoire search --json``, MCP structured content, the web API) and terminal text for the CLI.

Optional parts of a page that a caller adds (the queries asked, the card of a similarity search, a reading of a
natural-language query) come in as ``extra`` (JSON fields) and ``lines`` (text lines after the header).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.cards.names import shown
from grimoire.render.cards import card_block
from grimoire.search.arguments import CheckedSearch
from grimoire.search.engine import SearchPage, SearchResult


def why(result: SearchResult) -> str:
    """Why a card ranks where it does: ``words #2, meaning #5`` (each ranker's rank of it)."""
    parts = []
    if result.lexical_rank:
        parts.append(f"words #{result.lexical_rank}")
    if result.semantic_rank:
        parts.append(f"meaning #{result.semantic_rank}")
    return ", ".join(parts)


def has_more(page: SearchPage) -> bool:
    return page.page * page.limit < page.total


def filters_applied(page: SearchPage, structured: Sequence[str] = ()) -> list[str]:
    """The hard constraints of the page in syntax (``id<=bg f:commander``), the same for every result; on a page
    with no result, the ``structured`` filters (there is no card to read them from)."""
    return list(page.results[0].matched) if page.results else list(structured)


def reading_lines(page: SearchPage) -> list[str]:
    """``read as: removal id<=w t:instant``: how the player words of each query were read, where any were."""
    return [reading.line() for reading in page.readings if reading.line()]


def page_header(page: SearchPage, title: str) -> str:
    """``title: cards 1-10 of 212 (more: page=2)``, or what to do when the page is empty."""
    if page.results:
        first, last = page.results[0].rank, page.results[-1].rank
        more = f" (more: page={page.page + 1})" if has_more(page) else " (no more pages)"
        return f"{title}: cards {first}-{last} of {page.total}{more}"
    if page.total:
        last_page = (page.total - 1) // page.limit + 1
        return f"{title}: no results on page {shown(str(page.page))}; there are {page.total} in all (last page: " \
               f"{last_page})"
    return f"{title}: no cards match. Loosen a filter or reword the query."


def page_text(page: SearchPage, title: str, notes: Sequence[str] = (), lines: Sequence[str] = (),
              structured: Sequence[str] = ()) -> str:
    """A search page as text for a model: the header, the filters applied, extra lines, notes, one block per card."""
    head = [page_header(page, title), *reading_lines(page)]
    matched = filters_applied(page, structured)
    if matched:
        head.append("filters applied: " + " ".join(matched))
    head.extend(lines)
    head.extend(f"note: {note}" for note in [*page.notes, *notes])
    blocks = [card_block(r.card, r.roles, r.rank, why(r), r.tags) for r in page.results]
    return "\n".join(head) + ("\n\n" + "\n\n".join(blocks) if blocks else "")


def result_json(result: SearchResult) -> dict[str, Any]:
    """One result in the JSON shape every surface returns (documented in docs/search.md)."""
    card = result.card
    return {
        "rank": result.rank, "score": round(result.score, 6), "oracle_id": card.oracle_id, "name": card.name,
        "mana_cost": card.mana_cost, "mana_value": card.mana_value, "type_line": card.type_line,
        "oracle_text": card.oracle_text, "colors": card.colors, "color_identity": card.color_identity,
        "faces": [face.__dict__ for face in card.faces], "roles": list(result.roles),
        "tags": list(result.tags),
        "legalities": card.legalities, "game_changer": card.game_changer,
        "why": {"lexical_rank": result.lexical_rank, "semantic_rank": result.semantic_rank,
                "matched_filters": list(result.matched), "text": why(result)},
    }


def page_json(page: SearchPage, notes: Sequence[str] = (), extra: Mapping[str, Any] | None = None,
              structured: Sequence[str] = ()) -> dict:
    """A search page as JSON: the same keys from the CLI, the MCP server and the web API."""
    return {**(extra or {}), "total": page.total, "page": page.page, "limit": page.limit,
            "has_more": has_more(page), "mode": page.mode, "filters_applied": filters_applied(page, structured),
            "notes": [*page.notes, *notes], "readings": [reading.as_json() for reading in page.readings],
            "results": [result_json(r) for r in page.results]}


def search_title(call: CheckedSearch) -> str:
    """``'query one' | 'query two'``, or ``similar to Card Name``."""
    return f"similar to {call.card}" if call.card else " | ".join(repr(q) for q in call.queries)


def search_text(call: CheckedSearch) -> str:
    """A search call's answer as text for a model: what MCP ``search_cards`` and the agent's search tool show."""
    return page_text(call.page, search_title(call), call.notes, structured=call.filters)


def search_json(call: CheckedSearch) -> dict[str, Any]:
    """A search call's answer as JSON: the same keys from the CLI, the MCP server and the web API."""
    return page_json(call.page, call.notes, call.json_extra(), call.filters)


def print_page(console, page: SearchPage, title: str, reading_hint: str = "") -> None:
    """A search page on a terminal (a :class:`rich.console.Console`): the header, how player words were read
    (with ``reading_hint``), then each card's block, the card's line in bold cyan and wrapped lines indented."""
    from rich.padding import Padding
    from rich.text import Text

    console.print(page_header(page, title), style="bold", markup=False, highlight=False)
    for line in reading_lines(page):
        console.print(line + reading_hint, style="yellow", markup=False, highlight=False)
    matched = filters_applied(page)
    if matched:
        console.print("filters applied: " + " ".join(matched), style="dim", markup=False, highlight=False)
    for result in page.results:
        console.print()
        first, *rest = card_block(result.card, result.roles, result.rank, why(result), result.tags).split("\n")
        console.print(Text(first, style="bold cyan"), highlight=False)
        indent = len(f"{result.rank}. ")
        for number, line in enumerate(rest):
            style = "dim" if number == len(rest) - 1 else ""
            text = Text(line if console.soft_wrap else line.lstrip(), style=style)
            # Wrapped on a terminal, under the card's indent; piped, one line as it is.
            console.print(text if console.soft_wrap else Padding(text, (0, 0, 0, indent)), highlight=False)
