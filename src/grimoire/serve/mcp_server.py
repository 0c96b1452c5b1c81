"""The MCP server: Grimoire's card search, card lookup and deck tools for AI agents, over stdio or HTTP.

A thin adapter: argument schemas and transport. The checks (``grimoire.search.arguments``,
``grimoire.decks.read``), the work and the views (``grimoire.render``) are the library's, shared with the CLI and
the web page; every answer is compact text for a model with the same answer as structured JSON content beside it.

Text formats (stable; documented in docs/mcp.md):

* a card in a result list::

    3. Name  {cost}  · mv 3 · colors B · identity BG
       Type line  [2/2]
       rules text (one line per face, "[Face name] " before each face of a multi-face card; " / " between lines)
       roles: draw, tokens · legal: commander, legacy · banned: modern · why: words #2, meaning #5

* ``get_card``: the full card view of ``grimoire card`` (every face, roles, rulings), after a note when the name
  was corrected.
* deck tools: ``grimoire.render.decks``'s views (listing, check, statistics), then the corrected and unreadable
  lines with their line numbers.
* errors: ``isError`` results whose text names the argument and says what to change in the call.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import logging
import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any, BinaryIO

import anyio
import pydantic_core
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp.server.lowlevel import Server
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.server.mcpserver.utilities.func_metadata import FuncMetadata
from mcp.shared.exceptions import MCPError
from mcp.shared.message import SessionMessage
from mcp_types import (
    INVALID_PARAMS,
    INVALID_REQUEST,
    PARSE_ERROR,
    CallToolResult,
    ErrorData,
    JSONRPCError,
    JSONRPCMessage,
    JSONRPCNotification,
    JSONRPCRequest,
    JSONRPCResponse,
    RequestId,
    TextContent,
    ToolAnnotations,
    jsonrpc_message_adapter,
)
from mcp_types.methods import validate_client_request
from mcp_types.version import LATEST_HANDSHAKE_VERSION, SUPPORTED_PROTOCOL_VERSIONS
from pydantic import Field, ValidationError

from grimoire.cards.names import CardNotFoundError, shown
from grimoire.decks.read import DeckInputError, read_deck
from grimoire.render.cards import card_view, lookup_json
from grimoire.render.decks import deck_check_text, deck_listing, deck_stats_text, with_line_notes
from grimoire.render.search import search_json, search_text
from grimoire.search.arguments import CheckedSearch, FilterArguments, SearchArgumentError, run_search, run_similar
from grimoire.search.tags import TAGS
from grimoire.serve.library import Library
from grimoire.serve.pool import (
    FAST,
    MAX_BODY_BYTES,
    SLOW,
    BodiesFull,
    BodyRefused,
    BodyTooLarge,
    ClientLeft,
    RequestBodies,
    WorkPool,
    replay_body,
    search_lane,
)
from grimoire.serve.schemas import NotATruthValue, mended
from grimoire.serve.workers import HOST, serve_library

MAX_LIMIT = 50
MAX_QUERIES = 4
UNKNOWN_SHOWN = 10  # unknown argument names an error lists
DEFAULT_LIMIT = 10
DEFAULT_HTTP_PORT = 8765
MCP_PATH = "/mcp"  # the streamable HTTP endpoint, the one address the HTTP server answers at
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
Colour letters: W white, U blue, B black, R red, G green, C colourless; guild/shard names work (esper, golgari).
"""
# what the instructions say of formats before the store is open (a server built over a library not yet loaded)
_FORMATS_UNSEEN = ("Formats: only those the loaded card data has legality for (the bundled snapshot: commander alone); "
                   "a refused format's error names the ones it has. More need fuller data (grimoire data update, "
                   "which the user runs: no tool can).")


def instructions(formats: Sequence[str] | None) -> str:
    """The server's instructions, naming the formats whose legality the loaded card data says (``None``: the
    store is not open yet, and building the server does not open it)."""
    if formats is None:
        return INSTRUCTIONS + _FORMATS_UNSEEN
    said = f"Formats: the loaded card data knows the legality of {', '.join(formats) or 'no format'}"
    if set(formats) <= {"commander"}:
        return (f"{INSTRUCTIONS}{said} only; another format is refused unless the user loads fuller data "
                "(grimoire data update, which the user runs: no tool can).")
    return f"{INSTRUCTIONS}{said}; another is refused."

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
FormatArg = Annotated[str | None, Field(
    description="Only cards legal in this format, e.g. 'commander'. Only a format the loaded card data has "
                "legality for is accepted, which the server's instructions and a refusal name: the bundled snapshot "
                "has commander alone (other formats need the user to load fuller data with grimoire data update, "
                "which a tool call cannot do).")]
# (a bare string, as queries takes, is a list of one: "types": "creature" had been refused)
TypesArg = Annotated[
    list[str] | str | None,
    Field(description="Type-line words every card must have, e.g. ['creature'] or ['legendary', 'artifact'].")]
MinArg = Annotated[float | None, NotATruthValue, Field(description="Lowest mana value (inclusive).")]
MaxArg = Annotated[float | None, NotATruthValue, Field(description="Highest mana value (inclusive).")]
RolesArg = Annotated[
    list[str] | str | None,
    Field(description="Function tags every card must have (Scryfall Tagger's names; the same as otag: in a "
                      f"query), any of {len(TAGS)}, such as: {', '.join(t.name for t in TAGS[:40])}. The older "
                      "role names (manarock, boardwipe, sacoutlet, ...) are accepted too.")]
# (null is the default, as for format and bracket: "limit": null had been refused as "a valid integer")
LimitArg = Annotated[int | None, NotATruthValue, Field(description=f"Results per page, 1 to {MAX_LIMIT} (null: "
                                                                    f"{DEFAULT_LIMIT}).",
                                                       json_schema_extra={"minimum": 1, "maximum": MAX_LIMIT})]
DeckArg = Annotated[str, Field(description="The deck: a pasted decklist (Arena, MTGO, Moxfield export or plain "
                                           "'N Card Name' lines; Commander/Deck/Sideboard/Companion headers), "
                                           "an MTGO .dek or Cockatrice .cod file's XML text, an MTGJSON deck "
                                           "file's JSON text or a saved Moxfield/Archidekt API answer, or a "
                                           "Moxfield/Archidekt deck URL.")]
PageArg = Annotated[int | None, NotATruthValue,
                    Field(description="Page number, from 1 (null: 1). The answer says when more pages exist.",
                          json_schema_extra={"minimum": 1})]


log = logging.getLogger(__name__)


def _or(value: int | None, default: int) -> int:
    """An optional argument sent as null is its default."""
    return default if value is None else value


class ToolInputError(ValueError):
    """A call the agent should change: the message says how."""

    def __init__(self, message: str, **details: Any):
        super().__init__(message)
        self.details = details


def _answer(text: str, structured: dict[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)


def _error(message: str, **details: Any) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)],
                          structured_content={"error": message, **details}, is_error=True)


def _deck_rules_refused(arguments: dict[str, Any]) -> CallToolResult | None:
    """validate_deck's format and bracket checked, no deck read: the error where one is wrong, else ``None``.
    Asked before the call waits for a slow-lane slot (a bracket of 9 had waited 42 s behind costly searches)."""
    from grimoire.decks.check import check_rules
    from grimoire.decks.validate import DeckRulesError

    try:
        check_rules(arguments.get("format", "commander"), arguments.get("bracket"))
    except DeckRulesError as exc:
        return _error(str(exc), argument=exc.argument)
    return None


def _argument_error(exc: SearchArgumentError) -> CallToolResult:
    return _error(exc.message(), argument=exc.argument, **exc.details)


def _not_found(exc: CardNotFoundError) -> CallToolResult:
    hint = " Call again with one of these exact names." if exc.suggestions else ""
    return _error(f"{exc}{hint}", argument="name", suggestions=exc.suggestions)


def _search_answer(call: CheckedSearch) -> CallToolResult:
    return _answer(search_text(call), search_json(call))


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
        exclude: Annotated[list[str] | str | None, Field(
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
        filters = FilterArguments(color_identity, format, types, mana_value_min, mana_value_max, roles)
        try:
            call = run_search(self.library.engine, queries, filters, exclude=exclude, limit=_or(limit, DEFAULT_LIMIT),
                              page=_or(page, 1), maximum=MAX_LIMIT, literal=literal)
        except SearchArgumentError as exc:
            return _argument_error(exc)
        return _search_answer(call)

    def get_card(self, name: Annotated[str, Field(description="Card name; case, accents, a face's name "
                                                                "('Ice') and small typos are fine.")]
                 ) -> CallToolResult:
        """Look up one card by name: every face's cost, type and rules text, mana value, colours, colour identity,
        legality in every format the data knows, roles, and rulings when the card data has them.

        Use it to read a card exactly before recommending it. An unknown name returns the closest card names;
        call again with one of them.
        """
        engine = self.library.engine
        try:
            found = engine.lookup(name)
        except CardNotFoundError as exc:
            return _not_found(exc)
        roles = engine.roles_of(found.match.row)
        rulings = engine.db.rulings(found.card)
        note = f"note: {found.correction}\n" if found.correction else ""
        return _answer(note + card_view(found.card, roles, rulings), lookup_json(found, roles, rulings))

    def find_similar(
        self,
        name: Annotated[str, Field(description="The card to match (fuzzy name).")],
        query: Annotated[str | None, Field(description="Extra hard filters in Scryfall syntax, e.g. 'mv<=3 "
                                                       "-t:creature' or 'id<=wu f:commander'. Plain words here "
                                                       "filter (contain), they do not rank.")] = "",  # (null: none)
        color_identity: ColorIdentityArg = None,
        format: FormatArg = None,  # noqa: A002 - the name agents and Scryfall use
        types: TypesArg = None,
        mana_value_min: MinArg = None,
        mana_value_max: MaxArg = None,
        roles: RolesArg = None,
        limit: LimitArg = DEFAULT_LIMIT,
        page: PageArg = 1,
    ) -> CallToolResult:
        """Cards most like a given card, ranked as search_cards ranks 'like:"Name"': the meaning of their rules
        text first, then shared function tags, mana value and colours.

        Use it to find a cheaper or on-colour replacement, more copies of an effect, or cards worded to the same
        end. A card with two jobs is matched on its whole text, often its wordier job: to keep one, name it in
        `roles` (Viscera Seer as a sacrifice outlet: roles=['sac-outlet']; its scry otherwise leads). Filters
        (`query` syntax and the structured ones) are hard constraints: set color_identity to the deck's colours
        and format to its format. The card itself is never returned. Page with `page`.
        """
        filters = FilterArguments(color_identity, format, types, mana_value_min, mana_value_max, roles)
        try:
            call = run_similar(self.library.engine, name, query or "", filters, limit=_or(limit, DEFAULT_LIMIT),
                               page=_or(page, 1), maximum=MAX_LIMIT)
        except CardNotFoundError as exc:
            return _not_found(exc)
        except SearchArgumentError as exc:
            return _argument_error(exc)
        return _search_answer(call)

    # -- decks -----------------------------------------------------------------------------------------------

    def _deck(self, deck: str):
        """The deck an argument holds: a Moxfield/Archidekt URL, an MTGJSON or saved deck-site JSON, MTGO's or
        Cockatrice's XML, or a decklist (never a path on the server)."""
        try:
            return read_deck(deck, self.library.engine.db, files=False)
        except DeckInputError as exc:
            raise ToolInputError(str(exc), argument="deck", problems=exc.problems) from exc

    def get_deck(self, deck: DeckArg) -> CallToolResult:
        """Read a decklist and show every card by section (commander, main, companion, sideboard), resolved to
        its exact name with cost and type, plus any lines that name no card (with the closest names).

        Accepts a pasted list (Arena, MTGO, Moxfield export or plain "N Card Name" lines, with Commander /
        Deck / Sideboard / Companion headers), an MTGO .dek or Cockatrice .cod file's text, an MTGJSON deck
        file's JSON or a saved Moxfield/Archidekt API answer, or a Moxfield/Archidekt deck URL (needs a network).
        Use the names it returns as `exclude` in search_cards.
        """

        try:
            parsed = self._deck(deck)
        except ToolInputError as exc:
            return _error(str(exc), **exc.details)
        corrections = parsed.corrections
        structured = {**parsed.to_dict(), "card_count": parsed.count(),
                      "corrections": [c.to_dict() for c in corrections]}
        return _answer(with_line_notes(deck_listing(parsed), parsed, corrections), structured)

    def validate_deck(
        self,
        deck: DeckArg,
        format: Annotated[str | None, Field(description="commander, standard, pioneer, modern, legacy, vintage "  # noqa: A002
                                                        "or pauper; default: the format a Moxfield or Archidekt "
                                                        "deck declares, else commander.")] = None,
        bracket: Annotated[int | None, NotATruthValue,
                           Field(description="Commander bracket 1-5 to check Game Changer limits against "
                                             "(optional).")] = None,
    ) -> CallToolResult:
        """Check a deck against a format's deck rules: deck size, copies, legality and bans, and for Commander the
        commander itself, colour identity, partners/backgrounds, and Game Changers for a bracket.

        Errors are broken rules; notes say what the card data could not decide. Same deck inputs as get_deck.
        """
        from grimoire.decks.check import check_deck
        from grimoire.decks.validate import DeckRulesError

        try:
            parsed = self._deck(deck)  # (a bad format or bracket was answered before the slot: _deck_rules_refused)
            try:
                check = check_deck(parsed, format, bracket)  # (null: the default)
            except DeckRulesError as exc:
                raise ToolInputError(str(exc), argument=exc.argument) from exc
        except ToolInputError as exc:
            return _error(str(exc), **exc.details)
        return _answer(with_line_notes(deck_check_text(check), parsed, check.corrections), check.to_dict())

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
            try:
                stats = analyze_deck(parsed, format)
            except ValueError as exc:
                raise ToolInputError(str(exc), argument="format") from exc
        except ToolInputError as exc:
            return _error(str(exc), **exc.details)
        corrections = parsed.corrections
        return _answer(with_line_notes(deck_stats_text(parsed, stats), parsed, corrections),
                       {**stats.to_dict(), "problems": [p.to_dict() for p in parsed.problems],
                        "corrections": [c.to_dict() for c in corrections]})


def _validation_message(tool: str, error: ValidationError, properties: dict[str, Any]) -> str:
    """Pydantic's complaints about a call's arguments, one per argument, with what each argument takes."""
    lines, said = [], set()
    for item in error.errors():
        argument = ".".join(str(part) for part in item["loc"][:1]) or "arguments"
        if argument in said:  # one line an argument: a list or a text ("types": [5]) had been told twice, once a branch
            continue
        said.add(argument)
        got = repr(item.get("input"))
        got = got if len(got) <= 60 else got[:57] + "..."
        description = properties.get(argument, {}).get("description", "")
        lines.append(f"bad argument {argument} for {tool}: {item['msg']} (got {got})."
                     + (f" {argument}: {description}" if description else ""))
    return "\n".join(lines)


class _ArgumentsAsSent(FuncMetadata):
    """A tool's argument model that takes each argument as the client sent it. The SDK's reads a string that looks
    like JSON as that JSON (for clients that sent lists as text): ``"queries": "null"`` was refused as no list,
    ``find_similar``'s ``"query": "null"`` and ``"format": "null"`` were dropped without a word, and ``"types":
    "[]"`` was an empty list. A string is that string here (a list argument's list of one); null is JSON's null."""

    def pre_parse_json(self, data: dict[str, Any]) -> dict[str, Any]:
        return dict(data)

    @classmethod
    def of(cls, metadata: FuncMetadata) -> _ArgumentsAsSent:
        return cls(**{name: getattr(metadata, name) for name in FuncMetadata.model_fields})


class GrimoireServer(MCPServer):
    """The MCP server, with every refused call answered in words an agent can act on: an unknown argument names
    the allowed ones, a badly typed one says what it takes, and a crash says so without Python's message; every
    argument is read as sent (:class:`_ArgumentsAsSent`)."""

    def add_tool(self, fn: Any, name: str | None = None, **options: Any) -> None:
        super().add_tool(fn, name=name, **options)
        tool = self._tool_manager.get_tool(name or fn.__name__)
        tool.fn_metadata = _ArgumentsAsSent.of(tool.fn_metadata)

    async def call_tool(self, name: str, arguments: dict[str, Any], context=None):
        tool = self._tool_manager.get_tool(name)
        if tool is None:
            tools = [known.name for known in self._tool_manager.list_tools()]
            return _error(f"unknown tool {shown(name)!r}. The tools are: {', '.join(tools)}.", argument="name",
                          allowed=tools)
        properties: dict[str, Any] = tool.parameters.get("properties", {})
        unknown = sorted(set(arguments) - set(properties))
        if unknown:
            # each quoted short, the first few listed: a 3 MB name had come back whole, three times over, and
            # 100,000 unknown names had each been listed
            listed = ", ".join(repr(shown(argument)) for argument in unknown[:UNKNOWN_SHOWN])
            more = f" and {len(unknown) - UNKNOWN_SHOWN:,} more" if len(unknown) > UNKNOWN_SHOWN else ""
            return _error(f"unknown argument{'s' if len(unknown) > 1 else ''} {listed}{more} for {name}. Its "
                          f"arguments are: {', '.join(properties)}.", argument=shown(unknown[0]),
                          allowed=list(properties))
        try:
            return await super().call_tool(name, arguments, context)
        except UnexpectedToolError:
            log.exception("tool %s failed", name)
            return _error(f"{name} could not handle this call (an internal error, logged on the server). Check "
                          "each argument against the tool's description, or simplify the input.")
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):  # named as the checks' own errors name theirs
                first = exc.__cause__.errors()[0]["loc"][:1] if exc.__cause__.errors() else ()
                return _error(_validation_message(name, exc.__cause__, properties),
                              **({"argument": str(first[0])} if first else {}))
            raise

    async def get_prompt(self, name: str, arguments: dict[str, Any] | None = None, context=None):
        """The SDK's, but an unknown prompt is -32602 invalid params, as the specification says (the SDK's own
        ValueError had reached the client as error code 0)."""
        if self._prompt_manager.get_prompt(name) is None:
            prompts = [prompt.name for prompt in self._prompt_manager.list_prompts()]
            known = f"the prompts are: {', '.join(prompts)}" if prompts else "this server has no prompts; call its " \
                "tools instead (tools/list lists them)"
            raise MCPError(INVALID_PARAMS, f"Invalid params for prompts/get: unknown prompt {shown(name)!r}; {known}.")
        return await super().get_prompt(name, arguments, context)

    async def run_stdio_async(self) -> None:
        """Serve one client over standard input and output, with Grimoire's line reader in place of the SDK's
        (which dropped what it could not read, and the client waited for an answer that never came): see
        :class:`_StdioSession`."""
        with _standard_streams() as (source, sink):
            await _StdioSession(self._lowlevel_server, source, sink).run()


# -- stdio: one JSON-RPC message per line (the MCP specification's stdio transport) ---------------------------

MAX_LINE_BYTES = MAX_BODY_BYTES  # one message, the same limit as an HTTP request's body
DRAIN_SECONDS = 30.0  # how long requests still running at the end of input may take to be answered
SERVER_BUSY = -32000  # JSON-RPC's range for a server's own errors: no room now, retry
# what pydantic_core's JSON reader, the SDK's and this server's, refuses past (measured: it reads 201 levels and
# 4,300 digits, and refuses 202 and 4,301)
MAX_JSON_DEPTH = 200
MAX_NUMBER_DIGITS = 4_300
_SDK_PARAMS_ERROR = "Invalid request parameters"  # the SDK's -32602 for every request whose params it refuses
_PARAMS_FIXES = {
    ("tools/call", "params"): 'tools/call needs params: {"name": "<a tool\'s name>", "arguments": {...}}',
    ("tools/call", "params.name"): "params.name must be a tool's name, a string (tools/list lists them)",
    ("tools/call", "params.arguments"): "params.arguments must be an object of the tool's arguments, such as "
                                        '{"name": "Sol Ring"} for get_card',
}
# The id of a line that is no JSON, when it comes before anything nested: '{"jsonrpc": "2.0", "id": 4, ...'
_LEADING_ID = re.compile(r'^\s*\{[^{}\[\]]*?"id"\s*:\s*(-?\d{1,15}(?![\d.eE])|"[^"\\]{0,100}")')
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


@contextlib.contextmanager
def _standard_streams() -> Iterator[tuple[BinaryIO, BinaryIO]]:
    """The protocol's own copies of standard input and output. While serving, descriptor 0 reads the null device
    and 1 writes to standard error, so nothing else in the process can read the wire or print onto it (as the
    SDK's transport does)."""
    try:
        wire_in = os.dup(0)
    except OSError:  # no standard input at all: a session that ends at once
        wire_in = os.open(os.devnull, os.O_RDONLY)
    wire_out = os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    try:  # (never closed: a reading thread may still block on the descriptor when the session ends)
        yield os.fdopen(wire_in, "rb", closefd=False), os.fdopen(wire_out, "wb", closefd=False)
    finally:
        os.dup2(wire_in, 0)
        os.dup2(wire_out, 1)


class _LineReader:
    """The lines of ``source``, each ended by ``\\n``, ``\\r\\n`` or ``\\r`` alone (universal newlines, as the
    SDK's text reader splits them), handed over as soon as their end arrives: a client ending messages with ``\\r``
    is answered without waiting for a byte that never comes. A blank line between ``\\r`` and ``\\n`` is skipped
    by the session."""

    _BREAK = re.compile(rb"[\r\n]")

    def __init__(self, source: BinaryIO):
        self.source = source
        self.buffer = bytearray()
        self.scanned = 0  # how much of the buffer holds no line break
        self.skipping = False  # dropping the rest of an overlong line

    def next(self) -> tuple[bytes, bool] | None:
        """The next line (``None`` at the end of input) and whether it is whole: of a line over
        :data:`MAX_LINE_BYTES` only the start comes back, the rest read and dropped as it arrives."""
        while True:
            found = self._BREAK.search(self.buffer, self.scanned)
            if found is not None:
                line = bytes(self.buffer[:found.start()])
                del self.buffer[:found.end()]
                self.scanned = 0
                if self.skipping:
                    self.skipping = False
                    continue
                return line, True
            if self.skipping:
                self.buffer.clear()
            elif len(self.buffer) > MAX_LINE_BYTES:
                head = bytes(self.buffer[:1000])
                self.buffer.clear()
                self.skipping = True
                self.scanned = 0
                return head, False
            self.scanned = len(self.buffer)
            chunk = self.source.read1(1 << 16)
            if not chunk:
                line, self.buffer, self.scanned = bytes(self.buffer), bytearray(), 0
                return (line, True) if line and not self.skipping else None
            self.buffer += chunk


class _StdioSession:
    """One client over stdio. Every line is read here, one JSON-RPC 2.0 message a line: a blank line is skipped,
    a line that is no valid message is answered with the JSON-RPC error that says why (:func:`_checked`), the rest
    go to the SDK's server. The SDK's bare "Invalid request parameters" answers are reworded to name the field and
    the fix, and at the end of input every request already received is answered before the session ends."""

    def __init__(self, server: Server, source: BinaryIO, sink: BinaryIO):
        self.server, self.source, self.sink = server, source, sink
        self.unanswered: dict[RequestId, list[tuple[str, dict[str, Any] | None]]] = {}  # by id: method, params
        self.initialized = False
        self.protocol_version = LATEST_HANDSHAKE_VERSION
        self.answered_all: anyio.Event | None = None  # set once nothing is unanswered, after the end of input
        self.writing = anyio.Lock()

    async def run(self) -> None:
        to_server, from_client = anyio.create_memory_object_stream[SessionMessage | Exception](0)
        to_client, from_server = anyio.create_memory_object_stream[SessionMessage](0)
        async with anyio.create_task_group() as group:
            group.start_soon(self._read, to_server)
            group.start_soon(self._write, from_server)
            await self.server.run(from_client, to_client, self.server.create_initialization_options())

    async def _read(self, to_server: MemoryObjectSendStream[SessionMessage | Exception]) -> None:
        async with to_server:
            lines = _LineReader(self.source)
            while (read := await anyio.to_thread.run_sync(lines.next, abandon_on_cancel=True)):
                line, whole = read
                if not whole:
                    await self._send(_overlong(line))
                    continue
                checked = _checked(line.decode("utf-8", errors="replace"))
                if isinstance(checked, JSONRPCError):
                    await self._send(checked)
                elif checked is not None:
                    self._received(checked.message)
                    await to_server.send(checked)
            await self._drain()

    async def _drain(self) -> None:
        """Wait, at most :data:`DRAIN_SECONDS`, for every request received to be answered: the SDK ends the
        session at the end of input and cancels the calls still running."""
        if self.unanswered:
            self.answered_all = anyio.Event()
            with anyio.move_on_after(DRAIN_SECONDS):
                await self.answered_all.wait()

    async def _write(self, from_server: MemoryObjectReceiveStream[SessionMessage]) -> None:
        async with from_server:
            async for item in from_server:
                await self._send(self._answered(item.message))

    async def _send(self, message: JSONRPCMessage) -> None:
        line = _wire(message) + b"\n"
        async with self.writing:
            await anyio.to_thread.run_sync(self._write_line, line)

    def _write_line(self, line: bytes) -> None:
        self.sink.write(line)
        self.sink.flush()

    def _received(self, message: JSONRPCMessage) -> None:
        if isinstance(message, JSONRPCRequest):
            self.unanswered.setdefault(message.id, []).append((message.method, message.params))
        elif isinstance(message, JSONRPCNotification) and message.method == "notifications/initialized":
            self.initialized = True
        elif isinstance(message, JSONRPCNotification) and message.method == "notifications/cancelled":
            cancelled = (message.params or {}).get("requestId")
            if isinstance(cancelled, str | int):  # a cancelled call is never answered
                self.unanswered.pop(cancelled, None)

    def _answered(self, message: JSONRPCMessage) -> JSONRPCMessage:
        """``message``, the server's, noted as an answer when it is one; a bare "Invalid request parameters" made
        to say what to change."""
        if not isinstance(message, JSONRPCResponse | JSONRPCError) or message.id not in self.unanswered:
            return message
        method, params = self.unanswered[message.id].pop(0)
        if not self.unanswered[message.id]:
            del self.unanswered[message.id]
        if self.answered_all is not None and not self.unanswered:
            self.answered_all.set()
        if isinstance(message, JSONRPCResponse) and method == "initialize":
            self.initialized = True
            self.protocol_version = message.result.get("protocolVersion", self.protocol_version)
        elif not self.initialized and method not in ("initialize", "ping") and _bare_params_error(message):
            return _reworded(message, f"Invalid request: {method} before initialize. Send the initialize request "
                                      f"first, then the notifications/initialized notification, then {method}.")
        elif _bare_params_error(message) and (problem := _params_problem(method, params, self.protocol_version)):
            return _reworded(message, problem)
        return message


def _wire(message: JSONRPCMessage) -> bytes:
    """A JSON-RPC message as it goes over either transport: UTF-8 JSON, fields by their wire names, unset ones left
    out."""
    return message.model_dump_json(by_alias=True, exclude_unset=True).encode("utf-8")


def _replayed(message: JSONRPCMessage) -> bytes:
    """A checked message as the HTTP transport hands it on to the SDK, which reads it again
    (``pydantic_core.from_json``): as :func:`_wire` writes it, except that a number that is not finite stays
    ``Infinity``, ``-Infinity`` or ``NaN``. Over stdio the message goes to the SDK as it was read, so the tools'
    own checks refuse ``mana_value_min: 1e999`` ("not inf"); ``_wire`` writes such a number as ``null``, and over
    HTTP the argument had been dropped without a word (and ``limit: NaN`` said it got None)."""
    return pydantic_core.to_json(message.model_dump(by_alias=True, exclude_unset=True), inf_nan_mode="constants")


def _bare_params_error(message: JSONRPCMessage) -> bool:
    """Whether ``message`` is the SDK's bare -32602 "Invalid request parameters", which names nothing."""
    return isinstance(message, JSONRPCError) and message.error.code == INVALID_PARAMS and \
        message.error.message == _SDK_PARAMS_ERROR


def _reworded(error: JSONRPCError, problem: str) -> JSONRPCError:
    return JSONRPCError(jsonrpc="2.0", id=error.id, error=ErrorData(code=INVALID_PARAMS, message=problem))


def _params_problem(method: str, params: dict[str, Any] | None, protocol_version: str) -> str | None:
    """What is wrong with a request the SDK refused as "Invalid request parameters", when it can be told: each field
    and its fix."""
    try:
        validate_client_request(method, protocol_version, params)
    except ValidationError as exc:
        problems = []
        for item in exc.errors():
            where = ".".join(str(part) for part in item["loc"])
            problems.append(_PARAMS_FIXES.get((method, where)) or f"{where}: {item['msg']}")
        return f"Invalid params for {method}: {'; '.join(dict.fromkeys(problems[:4]))}."
    except (KeyError, ValueError):  # a method or version the specification's tables lack
        return None
    return None


def _checked(line: str, what: str = "line") -> SessionMessage | JSONRPCError | None:
    """The message a line (or, ``what`` saying so, a request body) holds, for the server; else the JSON-RPC 2.0
    error answering it (specification section 5.1: -32700 parse error for no JSON, -32600 invalid request for JSON
    that is no valid message); ``None`` for a blank line. A byte order mark before the message is ignored."""
    line = line.removeprefix("\ufeff")
    if not line.strip():
        return None
    try:
        value = pydantic_core.from_json(_mended(line))
    except ValueError as exc:
        return _parse_error(line, str(exc), what)
    if isinstance(value, list):
        return _invalid_request(None, "a batch (a JSON array of messages) is not supported: MCP removed JSON-RPC "
                                      "batching in protocol version 2025-06-18. Send each message "
                                      f"{_ONE_MESSAGE[what]}.")
    if not isinstance(value, dict):
        return _invalid_request(None, f"a message is a JSON object, not {_quoted(value)}.")
    request_id = value.get("id")
    valid_id = request_id if isinstance(request_id, str) or type(request_id) is int else None
    if "method" in value and "id" in value and valid_id is None:
        return _invalid_request(None, f'"id" must be a string or a whole number, not {_quoted(request_id)}; the '
                                      "request was not run.")
    if "jsonrpc" not in value:
        return _invalid_request(valid_id, '"jsonrpc": "2.0" is missing.')
    if value["jsonrpc"] != "2.0":
        return _invalid_request(valid_id, f'"jsonrpc" must be "2.0", not {_quoted(value["jsonrpc"])}.')
    if "method" in value and not isinstance(value["method"], str):
        return _invalid_request(valid_id, f'"method" must be a string, not {_quoted(value["method"])}.')
    if value.get("params") is not None and not isinstance(value["params"], dict):
        return _invalid_request(valid_id, f'"params" must be an object of named parameters, not '
                                          f"{_quoted(value['params'])}.")
    try:
        return SessionMessage(jsonrpc_message_adapter.validate_python(value, by_name=False))
    except ValidationError:
        return _invalid_request(valid_id, 'not a JSON-RPC 2.0 message (a request needs "jsonrpc": "2.0", an '
                                          '"id" and a "method").')


def _quoted(value: Any) -> str:
    return shown(json.dumps(value, ensure_ascii=False)) if value is not None else "null"


def _invalid_request(request_id: RequestId | None, reason: str) -> JSONRPCError:
    return JSONRPCError(jsonrpc="2.0", id=request_id,
                        error=ErrorData(code=INVALID_REQUEST, message=f"Invalid request: {reason}"))


# where one message goes, said in the errors of each transport
_ONE_MESSAGE = {"line": "on its own line", "request body": "in a request of its own, as its body"}


def _parse_error(line: str, reason: str, what: str = "line") -> JSONRPCError:
    """-32700 for a line (or request body) that is no JSON this server reads (not JSON, nested too deep, a number
    too long), with its id where it can be read, else null, as JSON-RPC 2.0 says."""
    found = _LEADING_ID.match(line)
    return JSONRPCError(jsonrpc="2.0", id=json.loads(found.group(1)) if found else None, error=ErrorData(
        code=PARSE_ERROR, message=f"Parse error: the {what} is not JSON this server can read (Invalid JSON: "
                                  f"{shown(reason)}). Send one JSON-RPC message {_ONE_MESSAGE[what]}, nested at "
                                  f"most {MAX_JSON_DEPTH} levels deep (the message itself the first), with "
                                  f"numbers of at most {MAX_NUMBER_DIGITS:,} digits."))


def _overlong(start: bytes, what: str = "line") -> JSONRPCError:
    found = _LEADING_ID.match(start.decode("utf-8", errors="replace"))
    return JSONRPCError(jsonrpc="2.0", id=json.loads(found.group(1)) if found else None, error=ErrorData(
        code=PARSE_ERROR, message=f"Parse error: the {what} is longer than {MAX_LINE_BYTES >> 20} MiB, the most this "
                                  "server reads in one message; it was not read. Send smaller arguments."))


def _mended(line: str) -> str:
    """A JSON-RPC line whose strings hold a lone UTF-16 surrogate escape ("\\ud800"), with each such character
    made U+FFFD: Python's JSON reads them, but the SDK's parser refuses the whole line, and the call was never
    answered. Any other line is passed on as it came (one that is no JSON is refused by the parser)."""
    if not _SURROGATE_ESCAPE.search(line):
        return line
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        return line

    def mend(value: Any) -> Any:
        if isinstance(value, str):
            return mended(value)
        if isinstance(value, list):
            return [mend(item) for item in value]
        if isinstance(value, dict):
            return {mend(key): mend(item) for key, item in value.items()}
        return value

    try:
        return json.dumps(mend(message), ensure_ascii=False)
    except RecursionError:
        return line


def _search_cards_lane(arguments: dict[str, Any]) -> str:
    queries = arguments.get("queries")
    return search_lane(queries if isinstance(queries, list) else [queries])


def _find_similar_lane(arguments: dict[str, Any]) -> str:
    """Its ``query`` filters as a search's does, so a /regex/ in it is slow (it had run in the fast lane)."""
    return search_lane([arguments.get("query")])


def build_server(library: Library | None = None, pool: WorkPool | None = None) -> MCPServer:
    """An MCP server with every Grimoire tool, over ``library`` (the current store by default); tool calls run
    in ``pool``'s bounded lanes (deck tools, and searches and similarity searches holding a /regex/, in the slow
    lane)."""
    from grimoire import __version__

    library = library or Library()
    server = GrimoireServer("grimoire", title="Grimoire: Magic: The Gathering card search", version=__version__,
                            instructions=instructions(library.formats if library.loaded else None),
                            log_level="WARNING")
    tools = GrimoireTools(library)
    pool = pool or WorkPool()
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    for function, title, lane in ((tools.search_cards, "Search Magic cards", _search_cards_lane),
                                  (tools.get_card, "Get one Magic card", FAST),
                                  (tools.find_similar, "Find similar Magic cards", _find_similar_lane),
                                  (tools.get_deck, "Read a decklist", SLOW),
                                  (tools.validate_deck, "Check a deck's legality", SLOW),
                                  (tools.analyze_deck, "Deck statistics", SLOW)):
        refused = _deck_rules_refused if function == tools.validate_deck else None
        server.add_tool(pool.bind(function, lane, busy=lambda exc: _error(str(exc)), refused=refused), title=title,
                        description=inspect.cleandoc(function.__doc__ or ""), annotations=read_only)
    return server


def serve(*, http: bool = False, port: int = DEFAULT_HTTP_PORT, store: Path | None = None,
          workers: int | None = None, encoder: str | None = None) -> None:
    """Run the server over stdio (default) or streamable HTTP on 127.0.0.1:``port`` (path ``/mcp``), there in
    ``workers`` processes (default: one per core); ``encoder`` picks the embedding model (minilm or static). Over
    HTTP the server is stateless (every call stands alone, no session to keep), so any worker answers any call."""
    if not http:
        library = Library(store, encoder)
        library.engine  # noqa: B018 - warm before the server announces itself, so the first call is as fast as the rest
        build_server(library).run("stdio")
        return
    serve_library(http_app, port=port, store=store, workers=workers, encoder=encoder,
                  announce="Grimoire MCP server: http://127.0.0.1:{port}/mcp (loading the cards...)")


def http_app(library: Library, pool: WorkPool | None = None):
    """The streamable HTTP app (path ``/mcp``), stateless, answering in plain JSON rather than event streams, each
    message checked as over stdio (:class:`_CheckedMessages`)."""
    app = build_server(library, pool).streamable_http_app(streamable_http_path=MCP_PATH, stateless_http=True,
                                                          json_response=True, host=HOST)
    app.add_middleware(_CheckedMessages)
    return app


class _CheckedMessages:
    """ASGI middleware before the SDK's streamable HTTP transport: a POST's body is the one JSON-RPC message a
    stdio line holds, read by the same rules (:func:`_checked`). A body that is no valid message is answered here,
    HTTP 400 with the JSON-RPC error saying why (the SDK had answered an id of null, 1.5 or {} with an empty 202,
    never running the request, and others with its validation dumps); a valid one goes on as the SDK reads it (a
    lone surrogate escape mended), and the SDK's bare "Invalid request parameters" is made to name the field and
    the fix, as over stdio. The body is read by ``bodies`` (:class:`~grimoire.serve.pool.RequestBodies`): one that
    does not all come in time is a 408, one the server has no room for a 503 with Retry-After, and one whose
    client left is dropped, never run cut short."""

    def __init__(self, app: Any, bodies: RequestBodies | None = None):
        self.app = app
        self.bodies = bodies or RequestBodies()

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            send = _host_refusals_in_json(send, scope)
        if scope["type"] == "http" and scope["path"].rstrip("/") != MCP_PATH:
            # a typo in the client's URL is told as that (POST /other had been told its JSON was wrong, and a
            # valid message there had been a plain-text "Not Found")
            host, port = scope.get("server") or (HOST, DEFAULT_HTTP_PORT)
            await _send_json(send, 404, _invalid_request(None, (
                f"nothing is served at {shown(scope['path'])!r}: the MCP endpoint is {MCP_PATH} "
                f"(http://{host}:{port}{MCP_PATH}); send the JSON-RPC messages there.")))
            return
        if scope["type"] == "http" and scope.get("method") == "GET":
            # a stateless server has no stream to push on: the SDK had opened an event stream that never ended,
            # a connection held for ever per GET; the specification's answer for no stream is 405
            await _send_json(send, 405, _invalid_request(None, (
                "this server streams nothing: it is stateless and answers each POST in its body. Send JSON-RPC "
                "messages with POST.")), [(b"allow", b"POST")])
            return
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        version = headers.get(b"mcp-protocol-version", b"").decode("latin-1").strip()
        if version and version not in SUPPORTED_PROTOCOL_VERSIONS:  # (the SDK had answered about params._meta)
            await _send_json(send, 400, _invalid_request(None, (
                f"the MCP-Protocol-Version header {shown(version)!r} is no protocol version this server speaks: "
                f"send one of {', '.join(SUPPORTED_PROTOCOL_VERSIONS)}, or leave the header out.")))
            return
        content_type = headers.get(b"content-type", b"").decode("latin-1")
        if content_type.split(";")[0].strip().lower() != "application/json":
            # the SDK had answered 400 in plain text ("Invalid Content-Type header"), unlike every other refusal
            await _send_json(send, 415, _invalid_request(None, (
                f"the Content-Type header is {shown(content_type)!r}" if content_type else
                "the request has no Content-Type header") + "; send the JSON-RPC message with Content-Type: "
                "application/json."))
            return
        try:
            async with self.bodies.read(receive, scope) as body:  # (held, and counted, until the answer is sent)
                await self._answer(scope, body, receive, send, version)
        except ClientLeft:  # a body cut short is no message to run
            return
        except BodyRefused as exc:
            await _send_json(send, exc.status, _body_refused(exc), [*exc.headers, (b"connection", b"close")])

    async def _answer(self, scope: dict, body: bytes, receive: Any, send: Any, version: str) -> None:
        checked = _checked(body.decode("utf-8", errors="replace"), "request body") or \
            _invalid_request(None, "the request body is empty: send one JSON-RPC message as a JSON object.")
        if isinstance(checked, JSONRPCError):
            await _send_json(send, 400, checked)
            return
        message = checked.message
        clean = _replayed(message)
        if not isinstance(message, JSONRPCRequest):
            await self.app(scope, replay_body(clean, receive), send)
            return
        await self.app(scope, replay_body(clean, receive), _rewording(send, message, version or
                                                                     LATEST_HANDSHAKE_VERSION))


def _host_refusals_in_json(send: Any, scope: dict) -> Any:
    """``send`` with the SDK's refusal of a foreign Host (421) or Origin (403), its check against DNS rebinding,
    answered as the JSON-RPC error every other refusal here is, saying what to send (it had been bare text,
    "Invalid Host header")."""
    refused: int | None = None

    async def answered(message: dict) -> None:
        nonlocal refused
        if message["type"] == "http.response.start" and message["status"] in (403, 421) and \
                (b"content-type", b"application/json") not in message.get("headers", []):
            refused = message["status"]
            return
        if refused is None or message["type"] != "http.response.body":
            await send(message)
            return
        if message.get("more_body", False):
            return
        headers = dict(scope.get("headers") or [])
        port = (scope.get("server") or (HOST, DEFAULT_HTTP_PORT))[1]
        if refused == 421:
            reason = (f"the Host header {shown(headers.get(b'host', b'').decode('latin-1'))!r} is not this server's: "
                      f"it answers only at 127.0.0.1, localhost or [::1] (a check against DNS rebinding); send the "
                      f"request to http://127.0.0.1:{port}{MCP_PATH}.")
        else:
            reason = (f"the Origin header {shown(headers.get(b'origin', b'').decode('latin-1'))!r} is not allowed: "
                      f"only pages served from 127.0.0.1, localhost or [::1] may call this server (a check against "
                      f"DNS rebinding); send the request without an Origin header, or from a local page.")
        await _send_json(send, refused, _invalid_request(None, reason))

    return answered


def _body_refused(refused: BodyRefused) -> JSONRPCError:
    """The JSON-RPC error for a request body not read: over the limit, not all sent in time, or no room for it."""
    if isinstance(refused, BodyTooLarge):
        return _overlong(b"", "request body")
    if isinstance(refused, BodiesFull):
        return JSONRPCError(jsonrpc="2.0", id=None, error=ErrorData(code=SERVER_BUSY,
                                                                    message=f"Server busy: {refused}."))
    return _invalid_request(None, f"{refused}.")


def _rewording(send: Any, request: JSONRPCRequest, version: str) -> Any:
    """``send`` with the answer to ``request`` held until whole, and a bare "Invalid request parameters" in it made
    to say what to change (:func:`_params_problem`)."""
    start: dict | None = None
    chunks: list[bytes] = []

    async def held(message: dict) -> None:
        nonlocal start
        if message["type"] == "http.response.start":
            start = message
            return
        if message["type"] != "http.response.body" or start is None:
            await send(message)
            return
        chunks.append(message.get("body", b""))
        if message.get("more_body", False):
            return
        body = b"".join(chunks)
        try:
            answer = jsonrpc_message_adapter.validate_json(body)
        except ValidationError:
            answer = None
        if answer is not None and _bare_params_error(answer) and \
                (problem := _params_problem(request.method, request.params, version)):
            body = _wire(_reworded(answer, problem))
        headers = [(k, v) for k, v in start["headers"] if k.lower() != b"content-length"]
        await send({**start, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    return held


async def _send_json(send: Any, status: int, message: JSONRPCMessage,
                     headers: list[tuple[bytes, bytes]] = ()) -> None:
    payload = _wire(message)
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": payload})
