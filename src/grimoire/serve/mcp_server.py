"""The MCP server: Grimoire's card search, card lookup and deck tools for AI agents, over stdio or HTTP.

A thin adapter over ``SearchEngine``, ``CardDB`` and ``grimoire.decks``: it checks arguments, calls the
library and renders compact text (with the same answer as structured JSON content beside it).

Text formats (stable; documented in the README):

* a card in a result list::

    3. Name  {cost}  · mv 3 · colors B · identity BG
       Type line  [2/2]
       rules text (one line per face, "[Face name] " before each face of a multi-face card; " / " between lines)
       roles: draw, tokens · legal: commander, legacy · banned: modern · why: words #2, meaning #5

* ``get_card``: the full card view of ``grimoire card``, then roles and rulings.
* deck tools: ``grimoire.decks.render``'s views (summary, check, statistics), one ``N Name  {cost}  Type`` line
  per card in ``get_deck``.
* errors: ``isError`` results whose text says what to change in the call.
"""

from __future__ import annotations

import inspect
import json
import threading
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from grimoire.cards.model import Card
from grimoire.cards.names import CardNotFoundError
from grimoire.cards.render import card_text, result_json
from grimoire.decks.parse import SECTIONS
from grimoire.decks.render import check_text, deck_summary, problems_text, stats_text
from grimoire.search.engine import Filters, SearchEngine, SearchPage, SearchResult
from grimoire.search.query import QuerySyntaxError, parse_colors

MAX_LIMIT = 50
MAX_QUERIES = 4
DEFAULT_LIMIT = 10
DEFAULT_HTTP_PORT = 8765
# Syntax-only queries that touch every lazily built filter column.
WARM_QUERIES = ("t:creature", "o:draw", "fo:draw", "o:~", "name:bolt", "kw:flying", "f:commander", "is:commander",
                "c:r", "pow>=3", "tou>=3", "loy>=3", "m:{R}", "produces:g", "role:ramp", "/draw/", "r:rare",
                "year>2000")

INSTRUCTIONS = """\
Grimoire searches every Magic: The Gathering card (offline data; oracle text, not prices).
- search_cards: find cards by what they do. Plain words rank results by meaning and wording; Scryfall syntax
  (t:creature, id<=bg, mv<=3, f:commander, o:"draw a card", role:ramp, -t:land, is:commander) and the structured
  filters are hard constraints that are never violated. Give up to 4 phrasings at once to widen recall.
  Pass the current decklist's card names in `exclude` so you only see new cards. Page with `page`.
- get_card: one card's full text, every face, legality, roles and rulings. Names are fuzzy; unknown names
  return the closest matches.
- find_similar: cards whose rules text is closest to a given card's (replacements, redundancy).
- get_deck / validate_deck / analyze_deck: read a decklist, check it against a format, show its statistics.
Colour letters: W white, U blue, B black, R red, G green, C colourless; guild/shard names work (esper, golgari)."""

QueriesArg = Annotated[
    list[str] | str,
    Field(description="1 to 4 queries, ranked together (reciprocal-rank fusion). Each mixes plain words (what the "
                      "card should do; ranks) and Scryfall syntax (filters), e.g. 'sacrifice a creature: draw a card "
                      "id<=bg' or 't:instant mv<=2 counter target spell'. A query of syntax only lists all matches "
                      "by name.",
          json_schema_extra={"minItems": 1, "maxItems": MAX_QUERIES}),
]
ColorIdentityArg = Annotated[
    str | None,
    Field(description="Colour identity the cards must fit within (a Commander deck's colours): letters from WUBRG, "
                      "'c' for colourless, or a name such as 'golgari', 'esper', 'wubrg'. Same as id<= in syntax."),
]
FormatArg = Annotated[str | None, Field(description="Only cards legal in this format, e.g. 'commander', 'modern'.")]
TypesArg = Annotated[
    list[str] | None,
    Field(description="Type-line words every card must have, e.g. ['creature'] or ['legendary', 'artifact'].")]
MinArg = Annotated[float | None, Field(description="Lowest mana value (inclusive).")]
MaxArg = Annotated[float | None, Field(description="Highest mana value (inclusive).")]
RolesArg = Annotated[
    list[str] | None,
    Field(description="Function roles every card must have: ramp, manarock, manadork, draw, removal, boardwipe, "
                      "counterspell, tutor, tokens, sacoutlet, recursion, protection, lifegain, discard, mill, "
                      "graveyardhate, anthem, extraturn, evasion, copy, untap, burn.")]
LimitArg = Annotated[int, Field(description=f"Results per page, 1 to {MAX_LIMIT}.",
                                json_schema_extra={"minimum": 1, "maximum": MAX_LIMIT})]
DECK_HELP = ("Pass a decklist as text (lines like '1 Sol Ring', with optional 'Commander' / 'Deck' / 'Sideboard' "
             "headers), an MTGJSON deck file's JSON, or a moxfield.com / archidekt.com deck URL.")
DeckArg = Annotated[str, Field(description="The deck: a pasted decklist (Arena, MTGO, Moxfield export or plain "
                                           "'N Card Name' lines; Commander/Deck/Sideboard/Companion headers), "
                                           "an MTGJSON deck file's JSON text, or a Moxfield/Archidekt deck URL.")]
PageArg = Annotated[int, Field(description="Page number, from 1. The answer says when more pages exist.",
                               json_schema_extra={"minimum": 1})]


class ToolInputError(ValueError):
    """A call the agent should change: the message says how."""

    def __init__(self, message: str, **details: Any):
        super().__init__(message)
        self.details = details


class Library:
    """The card store and search engine, opened once per server, on first use or by :meth:`warm`."""

    def __init__(self, store: Path | None = None):
        self._store = store
        self._lock = threading.Lock()
        self._engine: SearchEngine | None = None

    @property
    def engine(self) -> SearchEngine:
        with self._lock:
            if self._engine is None:
                import grimoire

                engine = SearchEngine(grimoire.open(self._store))
                # Load every index, the embedding model, the filter columns and the fuzzy-name table now, so the
                # first call is as fast as the rest.
                engine.search("draw a card", filters=Filters(color_identity="wubrg", mana_value_max=20), limit=1)
                for query in WARM_QUERIES:
                    try:
                        engine.search(query, limit=1)
                    except QuerySyntaxError:  # a field this store lacks
                        pass
                engine.db.names.suggest("lightning bolt", limit=1)
                engine.read("pauper removal for my Atraxa deck")  # the reader's commander names and formats
                self._engine = engine
            return self._engine

    def warm_in_background(self) -> threading.Thread:
        thread = threading.Thread(target=lambda: self.engine, name="grimoire-warm", daemon=True)
        thread.start()
        return thread


# -- rendering ---------------------------------------------------------------------------------------------


def _number(value: float | None) -> str:
    if value is None:
        return "unknown"
    return str(int(value)) if float(value).is_integer() else str(value)


def legality_line(card: Card) -> str:
    """``legal: a, b · banned: c · restricted: d``; formats where the card is simply not legal are left out."""
    if not card.legalities:
        return "legality unknown in this data"
    groups: dict[str, list[str]] = {}
    for fmt, status in sorted(card.legalities.items()):
        groups.setdefault(status, []).append(fmt)
    parts = [f"{label}: {', '.join(groups[status])}" for status, label in
             (("legal", "legal"), ("banned", "banned"), ("restricted", "restricted")) if status in groups]
    return " · ".join(parts) or "not legal in " + ", ".join(groups.get("not_legal", []))


def card_block(card: Card, roles: Sequence[str], rank: int | None = None, why: str = "") -> str:
    """A card in a result list: name, cost, mana value, colours, identity, type, every face's text, roles, legality."""
    colors = "unknown" if card.colors is None else ("".join(card.colors) or "C")
    head = f"{rank}. " if rank is not None else ""
    lines = [f"{head}{card.name}  {card.mana_cost or ''}".rstrip()
             + f"  · mv {_number(card.mana_value)} · colors {colors} · identity {''.join(card.color_identity) or 'C'}"]
    indent = " " * len(head) if head else "  "
    stats = [f"{f.power}/{f.toughness}" for f in card.faces if f.power is not None]
    stats += [f"loyalty {f.loyalty}" for f in card.faces if f.loyalty is not None]
    lines.append(indent + (card.type_line or "(type unknown)") + (f"  [{' // '.join(stats)}]" if stats else ""))
    for face in card.faces:
        prefix = f"[{face.name}] " if len(card.faces) > 1 else ""
        text = (face.oracle_text or "").replace("\n", " / ")
        if text or prefix:
            lines.append(indent + prefix + (text or "(no rules text in this data)"))
    tail = [f"roles: {', '.join(roles)}" if roles else "roles: none", legality_line(card)]
    if why:
        tail.append(f"why: {why}")
    lines.append(indent + " · ".join(tail))
    return "\n".join(lines)


def _why(result: SearchResult) -> str:
    parts = []
    if result.lexical_rank:
        parts.append(f"words #{result.lexical_rank}")
    if result.semantic_rank:
        parts.append(f"meaning #{result.semantic_rank}")
    return ", ".join(parts)


def page_answer(page: SearchPage, title: str, notes: Sequence[str] = ()) -> CallToolResult:
    """A search page as text (header, notes, one block per card) and as structured content."""
    notes = [*page.notes, *notes]
    has_more = page.page * page.limit < page.total
    matched = page.results[0].matched if page.results else ()
    if page.results:
        first, last = page.results[0].rank, page.results[-1].rank
        header = f"{title}: cards {first}-{last} of {page.total}"
        header += f" (more: page={page.page + 1})" if has_more else " (no more pages)"
    elif page.total:
        header = f"{title}: no results on page {page.page}; there are {page.total} in all (last page: " \
                 f"{(page.total - 1) // page.limit + 1})"
    else:
        header = f"{title}: no cards match. Loosen a filter or reword the query."
    lines = [header]
    lines.extend(reading.line() for reading in page.readings if reading.line())
    if matched:
        lines.append("filters applied: " + " ".join(matched))
    lines.extend(f"note: {note}" for note in notes)
    blocks = [card_block(r.card, r.roles, r.rank, _why(r)) for r in page.results]
    text = "\n".join(lines) + ("\n\n" + "\n\n".join(blocks) if blocks else "")
    structured = {"total": page.total, "page": page.page, "limit": page.limit, "has_more": has_more,
                  "mode": page.mode, "filters_applied": list(matched), "notes": notes,
                  "readings": [reading.as_json() for reading in page.readings],
                  "results": [result_json(r) for r in page.results]}
    return _answer(text, structured)


def _answer(text: str, structured: dict[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)


def _error(message: str, **details: Any) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)],
                          structured_content={"error": message, **details}, is_error=True)


# -- argument checks ---------------------------------------------------------------------------------------


def _check_page(limit: int, page: int) -> None:
    if not 1 <= limit <= MAX_LIMIT:
        raise ToolInputError(f"limit must be 1 to {MAX_LIMIT}, not {limit}. For more results, keep the limit "
                             "and ask for the next page (page=2, 3, ...).", argument="limit")
    if page < 1:
        raise ToolInputError(f"page must be 1 or more, not {page}.", argument="page")


def structured_filters(color_identity: str | None, format: str | None, types: Sequence[str] | None,  # noqa: A002
                       mana_value_min: float | None, mana_value_max: float | None,
                       roles: Sequence[str] | None) -> Filters:
    """The structured filter arguments as :class:`Filters`, each checked so a bad one is named in the error."""
    if color_identity is not None and parse_colors(color_identity.strip()) is None:
        raise ToolInputError(f"color_identity {color_identity!r} is not a colour identity. Use letters from WUBRG "
                             "(e.g. 'bg' for black-green), 'c' for colourless, or a name such as 'golgari', "
                             "'esper' or 'wubrg'.", argument="color_identity")
    if mana_value_min is not None and mana_value_max is not None and mana_value_min > mana_value_max:
        raise ToolInputError(f"mana_value_min ({mana_value_min:g}) is above mana_value_max ({mana_value_max:g}).",
                             argument="mana_value_min")
    filters = Filters(color_identity=color_identity.strip() if color_identity else None,
                      format=format.strip().lower() if format else None,
                      types=tuple(t.strip() for t in types or () if t.strip()),
                      mana_value_min=mana_value_min, mana_value_max=mana_value_max,
                      roles=tuple(r.strip().lower() for r in roles or () if r.strip()))
    try:
        filters.to_nodes()
    except QuerySyntaxError as exc:
        argument = "format" if exc.query.startswith("f:") else "roles" if exc.query.startswith("role:") else "filters"
        raise ToolInputError(f"bad {argument}: {exc.message}.", argument=argument) from exc
    return filters


def _syntax_error(exc: QuerySyntaxError, queries: Sequence[str], argument: str) -> ToolInputError:
    where = ""
    if exc.query in queries and len(queries) > 1:
        where = f" #{list(queries).index(exc.query) + 1}"
    return ToolInputError(
        f"bad {argument}{where}: {exc.message} (at character {exc.position + 1}):\n{exc.caret()}\n"
        "Fix the syntax, quote phrases with spaces (o:\"draw a card\"), or drop the syntax and use plain words.",
        argument=argument, position=exc.position, query=exc.query, problem=exc.message)


def _not_found(exc: CardNotFoundError, argument: str = "name") -> ToolInputError:
    hint = ("Call again with one of these exact names." if exc.suggestions
            else "Check the spelling, or use search_cards to find the card by what it does.")
    return ToolInputError(f"{exc} {hint}", argument=argument, suggestions=exc.suggestions)


# -- the tools ---------------------------------------------------------------------------------------------


class GrimoireTools:
    """The tool functions, bound to one :class:`Library`."""

    def __init__(self, library: Library):
        self.library = library

    def search_cards(
        self,
        queries: QueriesArg,
        color_identity: ColorIdentityArg = None,
        format: FormatArg = None,  # noqa: A002 - the name agents and Scryfall use
        types: TypesArg = None,
        mana_value_min: MinArg = None,
        mana_value_max: MaxArg = None,
        roles: RolesArg = None,
        exclude: Annotated[list[str] | None, Field(
            description="Card names to leave out, e.g. every card already in the deck, so only new cards come "
                        "back. Unknown names are reported, not fatal.")] = None,
        limit: LimitArg = DEFAULT_LIMIT,
        page: PageArg = 1,
        literal: Annotated[bool, Field(
            description="True: search the words as typed. By default colour, type, cost and format words are read "
                        "as filters (shown as 'read as: ...'), and 'cards like X' finds cards similar to X.")] = False,
    ) -> CallToolResult:
        """Find Magic cards by what they do, ranked by relevance.

        Write what the card should do in plain words ("return a creature card from your graveyard to your hand");
        they rank results by wording and meaning. Use Scryfall syntax for anything that must hold: t:creature,
        id<=bg, c:r, mv<=3, pow>=4, f:commander, o:"draw a card", kw:flying, is:commander, role:ramp, -t:land,
        `a or b`. Syntax and the structured filters are hard constraints: results never violate them, so prefer them
        over words for colours, types, costs and formats. Player words for them ("white removal instant", "under 3
        mana", "for my Atraxa deck", "cards like Rhystic Study") are read as filters too, shown as "read as: ..." in
        the answer; set literal to search the words as typed. Give several phrasings of the same need as separate
        queries (up to 4) to widen recall. Put the current deck's card names in `exclude`. Results come 10 per page
        by default; ask for page=2 for more rather than a large limit. Each result gives the card's cost, mana
        value, colours, identity, type, rules text of every face, roles and legality.
        """
        try:
            query_list = [queries] if isinstance(queries, str) else list(queries)
            if not 1 <= len(query_list) <= MAX_QUERIES:
                raise ToolInputError(f"queries must hold 1 to {MAX_QUERIES} strings, not {len(query_list)}. Keep "
                                     "the best phrasings, or run several calls.", argument="queries")
            if not any(q.strip() for q in query_list) and not any(
                    (color_identity, format, types, roles, mana_value_min is not None, mana_value_max is not None)):
                raise ToolInputError("every query is empty: say what the card should do, or give filters.",
                                     argument="queries")
            _check_page(limit, page)
            filters = structured_filters(color_identity, format, types, mana_value_min, mana_value_max, roles)
            engine = self.library.engine
            exclude = list(exclude or ())
            unknown = [name for name in exclude if engine.db.names.find(name) is None]
            try:
                result = engine.search(query_list, filters=filters, page=page, limit=limit, exclude=exclude,
                                       literal=literal)
            except QuerySyntaxError as exc:
                raise _syntax_error(exc, query_list, "query") from exc
        except ToolInputError as exc:
            return _error(str(exc), **exc.details)
        notes = [f"exclude: no card named {', '.join(map(repr, unknown))} (left in the search)"] if unknown else []
        title = " | ".join(repr(q) for q in query_list)
        answer = page_answer(result, title, notes)
        answer.structured_content["queries"] = query_list
        return answer

    def get_card(self, name: Annotated[str, Field(description="Card name; case, accents, a face's name "
                                                                "('Ice') and small typos are fine.")]
                 ) -> CallToolResult:
        """Look up one card by name: every face's cost, type and rules text, mana value, colours, colour identity,
        legality in every format the data knows, roles, and rulings when the card data has them.

        Use it to read a card exactly before recommending it. An unknown name returns the closest card names;
        call again with one of them.
        """
        engine = self.library.engine
        db = engine.db
        try:
            row = db.names.lookup(name)
        except CardNotFoundError as exc:
            error = _not_found(exc)
            return _error(str(error), **error.details)
        card = db.card_at(row)
        roles = engine.roles_of(row)
        rulings = db.rulings(card)
        lines = []
        if db.names.find(name) is None:
            lines.append(f"(no card is named {name!r}; closest match shown)")
        lines.append(card_text(card))
        lines.append(f"  Roles: {', '.join(roles) or 'none'}")
        if rulings is None:
            lines.append("  Rulings: no rulings in this card data")
        elif not rulings:
            lines.append("  Rulings: none for this card")
        else:
            lines.append("  Rulings:")
            lines.extend(f"    {r.published_at}: {r.comment}" for r in rulings)
        structured = {**asdict(card), "roles": list(roles), "rulings_in_data": rulings is not None,
                      "rulings": [asdict(r) for r in rulings or ()]}
        return _answer("\n".join(lines), structured)

    def find_similar(
        self,
        name: Annotated[str, Field(description="The card to match (fuzzy name).")],
        query: Annotated[str, Field(description="Extra hard filters in Scryfall syntax, e.g. 'mv<=3 -t:creature' "
                                                "or 'id<=wu f:commander'. Plain words here filter (contain), "
                                                "they do not rank.")] = "",
        color_identity: ColorIdentityArg = None,
        format: FormatArg = None,  # noqa: A002 - the name agents and Scryfall use
        types: TypesArg = None,
        mana_value_min: MinArg = None,
        mana_value_max: MaxArg = None,
        roles: RolesArg = None,
        limit: LimitArg = DEFAULT_LIMIT,
        page: PageArg = 1,
    ) -> CallToolResult:
        """Cards whose rules text is closest in meaning to a given card's (cosine similarity of embeddings).

        Use it to find a cheaper or on-colour replacement, more copies of an effect, or cards that do the same
        job. Filters (`query` syntax and the structured ones) are hard constraints: set color_identity to the
        deck's colours and format to its format. The card itself is never returned. Page with `page`.
        """
        try:
            _check_page(limit, page)
            filters = structured_filters(color_identity, format, types, mana_value_min, mana_value_max, roles)
            engine = self.library.engine
            try:
                card = engine.db.named(name)
                result = engine.similar_to(name, query=query, filters=filters, page=page, limit=limit)
            except CardNotFoundError as exc:
                raise _not_found(exc) from exc
            except QuerySyntaxError as exc:
                raise _syntax_error(exc, [query], "query") from exc
            except ValueError as exc:  # the card has no embedding yet
                raise ToolInputError(str(exc)) from exc
        except ToolInputError as exc:
            return _error(str(exc), **exc.details)
        answer = page_answer(result, f"similar to {card.name}")
        answer.structured_content["card"] = card.name
        return answer


    # -- decks -----------------------------------------------------------------------------------------------

    def _deck(self, deck: str):
        """The deck an argument holds: a Moxfield/Archidekt URL, an MTGJSON deck file's JSON, or a decklist."""
        from grimoire.decks import load_mtgjson_deck, parse_decklist
        from grimoire.decks.fetch import DeckFetchError, fetch_deck, is_deck_url

        db = self.library.engine.db
        text = deck.strip()
        if not text:
            raise ToolInputError(DECK_HELP, argument="deck")
        try:
            if is_deck_url(text):
                parsed = fetch_deck(text, db)
            elif text.startswith("{"):
                try:
                    payload = json.loads(text)
                except ValueError as exc:
                    raise ToolInputError(f"deck looks like JSON but does not parse: {exc}. Pass the whole MTGJSON "
                                         "deck file, or paste the decklist as text.", argument="deck") from exc
                parsed = load_mtgjson_deck(payload, db)
            else:
                parsed = parse_decklist(text, db)
        except DeckFetchError as exc:
            raise ToolInputError(str(exc), argument="deck") from exc
        except ValueError as exc:
            raise ToolInputError(str(exc), argument="deck") from exc
        if not parsed.count():
            problems = problems_text(parsed)
            raise ToolInputError("no cards found in deck. " + DECK_HELP + (f"\n{problems}" if problems else ""),
                                 argument="deck", problems=[p.to_dict() for p in parsed.problems])
        return parsed

    def get_deck(self, deck: DeckArg) -> CallToolResult:
        """Read a decklist and show every card by section (commander, main, companion, sideboard), resolved to
        its exact name with cost and type, plus any lines that name no card (with the closest names).

        Accepts a pasted list (Arena, MTGO, Moxfield export or plain "N Card Name" lines, with Commander /
        Deck / Sideboard / Companion headers), an MTGJSON deck file's JSON, or a Moxfield/Archidekt deck URL
        (needs a network). Use the names it returns as `exclude` in search_cards.
        """
        from grimoire.cards.render import card_line

        try:
            parsed = self._deck(deck)
        except ToolInputError as exc:
            return _error(str(exc), **exc.details)
        lines = [deck_summary(parsed)]
        for section in SECTIONS:
            entries = parsed.section(section)
            if entries:
                lines.append(f"\n{section} ({parsed.count(section)}):")
                lines.extend(f"  {e.quantity} {card_line(e.card)}" for e in entries)
        if parsed.problems:
            lines.append("\nunreadable lines:")
            lines.append(problems_text(parsed))
        structured = {**parsed.to_dict(), "card_count": parsed.count()}
        return _answer("\n".join(lines), structured)

    def validate_deck(
        self,
        deck: DeckArg,
        format: Annotated[str, Field(description="commander (default), standard, pioneer, modern, legacy, "  # noqa: A002
                                                 "vintage or pauper.")] = "commander",
        bracket: Annotated[int | None, Field(description="Commander bracket 1-5 to check Game Changer limits "
                                                         "against (optional).")] = None,
    ) -> CallToolResult:
        """Check a deck against a format's deck rules: deck size, copies, legality and bans, and for Commander the
        commander itself, colour identity, partners/backgrounds, and Game Changers for a bracket.

        Errors are broken rules; notes say what the card data could not decide. Same deck inputs as get_deck.
        """
        from grimoire.decks import validate_deck

        try:
            parsed = self._deck(deck)
            try:
                violations = validate_deck(parsed, format, bracket)
            except ValueError as exc:
                raise ToolInputError(str(exc), argument="format" if "format" in str(exc) else "bracket") from exc
        except ToolInputError as exc:
            return _error(str(exc), **exc.details)
        errors = [v for v in violations if v.is_error]
        structured = {"format": format.lower(), "bracket": bracket, "legal": not errors,
                      "violations": [v.to_dict() for v in violations], "deck": parsed.to_dict()}
        return _answer(check_text(parsed, violations, format.lower()), structured)

    def analyze_deck(
        self,
        deck: DeckArg,
        format: Annotated[str | None, Field(description="Format the deck is for; default: commander when the "  # noqa: A002
                                                        "deck has a commander.")] = None,
    ) -> CallToolResult:
        """Statistics of a deck: mana curve, average mana value, lands, colour pips against mana sources, counts
        of roles (ramp, draw, removal, ...), and for Commander how those compare with common rules of thumb,
        with a search_cards query for each role that falls short.

        Same deck inputs as get_deck. Counts cover the commander and main deck, not the sideboard.
        """
        from grimoire.decks import analyze_deck

        try:
            parsed = self._deck(deck)
        except ToolInputError as exc:
            return _error(str(exc), **exc.details)
        stats = analyze_deck(parsed, format)
        text = deck_summary(parsed) + "\n" + stats_text(stats)
        if parsed.problems:
            text += "\nunreadable lines (left out):\n" + problems_text(parsed)
        return _answer(text, {**stats.to_dict(), "problems": [p.to_dict() for p in parsed.problems]})


def build_server(library: Library | None = None) -> MCPServer:
    """An MCP server with every Grimoire tool, over ``library`` (the current store by default)."""
    from grimoire import __version__

    server = MCPServer("grimoire", title="Grimoire: Magic: The Gathering card search", version=__version__,
                       instructions=INSTRUCTIONS, log_level="WARNING")
    tools = GrimoireTools(library or Library())
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    for function, title in ((tools.search_cards, "Search Magic cards"), (tools.get_card, "Get one Magic card"),
                            (tools.find_similar, "Find similar Magic cards"), (tools.get_deck, "Read a decklist"),
                            (tools.validate_deck, "Check a deck's legality"),
                            (tools.analyze_deck, "Deck statistics")):
        server.add_tool(function, title=title, description=inspect.cleandoc(function.__doc__ or ""),
                        annotations=read_only)
    return server


def serve(*, http: bool = False, port: int = DEFAULT_HTTP_PORT, store: Path | None = None) -> None:
    """Run the server over stdio (default) or streamable HTTP on 127.0.0.1:``port`` (path ``/mcp``)."""
    library = Library(store)
    library.engine  # noqa: B018 - warm before the server announces itself, so the first call is as fast as the rest
    server = build_server(library)
    if http:
        server.run("streamable-http", host="127.0.0.1", port=port)
    else:
        server.run("stdio")
