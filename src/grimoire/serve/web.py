"""The web page: a JSON API over the library (search, card, deck check, benchmark, arena replays) and the static
page that uses it.

A thin adapter like the MCP server: parameter parsing and transport only. The shared :class:`Library` opens the
store once; ``grimoire.search.arguments`` checks a search, ``grimoire.decks.read`` reads a deck and
``grimoire.render`` gives the JSON. Every bad input is a 4xx whose ``error`` names the parameter and the fix.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import threading
import time
from pathlib import Path
from typing import Annotated
from urllib.parse import parse_qsl, unquote_to_bytes

from fastapi import Depends, FastAPI, Query, Request
from fastapi.dependencies.utils import field_annotation_is_sequence
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import AliasChoices, BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException

from grimoire.bench.arena.replay import GAMES_PER_PAGE, GameNotFound, ReplayError, ReplayLibrary
from grimoire.cards.model import FORMATS
from grimoire.cards.names import CardNotFoundError, shown
from grimoire.decks.check import check_deck, check_rules
from grimoire.decks.read import DeckInputError, read_deck
from grimoire.decks.validate import DeckRulesError
from grimoire.render.cards import lookup_json
from grimoire.render.search import page_json, search_json
from grimoire.search.arguments import MANA_VALUE_MAX, FilterArguments, SearchArgumentError, run_search
from grimoire.search.engine import MAX_LIMIT, MODES
from grimoire.search.query import MAX_QUERY_LENGTH, QuerySyntaxError
from grimoire.serve.library import Library
from grimoire.serve.pool import BODY_ONLY, FAST, SLOW, PoolMiddleware, ServerBusy, WorkPool, search_lane
from grimoire.serve.schemas import MendedText, NotATruthValue
from grimoire.serve.workers import serve_library, server_config

STATIC = Path(__file__).parent / "static"
REPO_BENCH = Path(__file__).resolve().parents[3] / "docs" / "bench"
DEFAULT_ARENA = Path("arena-league")  # where `grimoire arena league` writes by default
DEFAULT_PORT = 8000
SIMILAR_LIMIT = 8
# The search arguments by the names of this API's parameters (for error messages).
SPELLING = {"queries": "q", "color_identity": "id", "format": "format", "types": "type", "mana_value_min": "mv_min",
            "mana_value_max": "mv_max", "roles": "role", "limit": "limit", "page": "page"}


class DeckCheckBody(BaseModel):
    """The deck check's body: the deck (pasted list, MTGJSON JSON or a deck URL), the format and a bracket."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    # ("text" is taken too; a missing deck is named "deck", where it had been "text"). A lone surrogate (\ud800) is
    # made U+FFFD, as MCP's validate_deck reads it: the whole deck had been refused, naming no line.
    deck: Annotated[str, MendedText] = Field(validation_alias=AliasChoices("deck", "text"),
                                             max_length=4_000_000)  # longer: per-line error
    # none or null: the deck's own format (a Moxfield or Archidekt deck's), else commander
    format: Annotated[str | None, MendedText] = None
    bracket: Annotated[int | None, NotATruthValue] = None


# what writes the results the dashboard reads (bench_dir)
RERUN_SEARCH_BENCH = "run: grimoire bench search --out docs/bench (or set GRIMOIRE_BENCH_DIR)"


def bench_dir() -> Path:
    """Where the benchmarks' results are: ``GRIMOIRE_BENCH_DIR``, else the repository's ``docs/bench``."""
    return Path(os.environ.get("GRIMOIRE_BENCH_DIR") or REPO_BENCH)


def arena_dir() -> Path:
    """The league folder whose games the replay viewer shows: ``GRIMOIRE_ARENA_DIR``, else ``./arena-league``."""
    return Path(os.environ.get("GRIMOIRE_ARENA_DIR") or DEFAULT_ARENA)


def _bad_request(message: str, status: int = 400, **details) -> JSONResponse:
    return JSONResponse({"error": message, **details}, status_code=status)


def _argument_error(exc: SearchArgumentError) -> JSONResponse:
    details = dict(exc.details)
    if isinstance(exc.__cause__, QuerySyntaxError):  # the caret block alone, for the page to show under the problem
        details["caret"] = exc.__cause__.caret()
    return _bad_request(exc.message(SPELLING), argument=SPELLING.get(exc.argument, exc.argument), **details)


BODY_FIX = 'Send a JSON object in UTF-8, such as {"deck": "1 Sol Ring", "format": "commander", "bracket": 3}.'


_JSON_KINDS = {str: "a string", list: "an array", type(None): "null", int: "a number", float: "a number",
               bool: "true or false", bytes: "text that is no JSON"}


def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    """FastAPI's refusals of a parameter, as a 400 naming each parameter and what it takes."""
    problems, names = [], []
    for item in exc.errors():
        if item["type"] == "json_invalid":
            where = item["loc"][-1] + 1 if isinstance(item["loc"][-1], int) else "?"
            return _bad_request(f"the body is not JSON: {item.get('ctx', {}).get('error', 'unreadable')} at "
                                f"character {where}. {BODY_FIX}", argument="body")
        where = ".".join(str(part) for part in item["loc"] if part not in ("query", "body", "path"))
        if not where and item["loc"][:1] == ("body",):  # the body itself: no object of named fields
            given = "empty" if item["type"] == "missing" else _JSON_KINDS.get(type(item.get("input")), "no object")
            sent = request.headers.get("content-type", "")
            if isinstance(item.get("input"), bytes) and "json" not in sent.lower():
                # (curl's --data sends a form's type: the JSON in it had been called "text that is no JSON")
                return _bad_request(f"the body must be sent as JSON, with the header Content-Type: application/json"
                                    f" (it came as {shown(sent) or 'no Content-Type'}). {BODY_FIX}",
                                    argument="body")
            return _bad_request(f"the body must be a JSON object, not {given}. {BODY_FIX}", argument="body")
        if item["type"] == "extra_forbidden" and where == "text":  # "deck" and its other name "text" both sent
            problems.append("bad parameter text: the deck was sent twice, as deck and as text; send one of them")
        elif item["type"] == "extra_forbidden":
            problems.append(f"bad parameter {where}: unknown; the body takes deck (or text), format and bracket")
        else:
            problems.append(f"bad parameter {where or 'body'}: {item['msg']}")
        names.append(where or "body")
    # ``argument`` names the first, as every other 400 of the API does
    return _bad_request("; ".join(dict.fromkeys(problems)) + ".", argument=names[0] if names else "body")


def _repeated_keys(body: bytes) -> str | None:
    """The first key the JSON object ``body`` holds twice at its top level (``{"deck": a, "deck": b}`` had checked
    b, unsaid, where deck and text together are refused as the deck sent twice), else None. ``body`` is JSON FastAPI
    has read already."""
    objects: list[list[str]] = []

    def pairs(items: list[tuple[str, object]]) -> dict:
        objects.append([key for key, _ in items])
        return dict(items)

    json.loads(body, object_pairs_hook=pairs)
    keys = objects[-1] if objects else []  # (the outermost object is read last)
    return next((key for index, key in enumerate(keys) if key in keys[:index]), None)


def _http_error(request: Request, exc: HTTPException) -> JSONResponse:
    """Starlette's and FastAPI's own refusals (an unknown address, a method a route lacks, a body the JSON parser
    gave up on) in the API's shape, each with what to do instead."""
    path = shown(request.url.path)
    if exc.status_code == 404:
        message = f"nothing at {path}. The API's addresses are listed at /api/docs; the page is at /."
    elif exc.status_code == 405:
        allowed = {key.lower(): value for key, value in (exc.headers or {}).items()}.get("allow", "GET")
        message = f"{request.method} is not answered at {path}; use {allowed.replace(', ', ' or ')}."
    elif exc.status_code == 400 and request.method == "POST":
        return _bad_request(f"the body could not be read as JSON (not UTF-8, nested too deep, or a number too "
                            f"long). {BODY_FIX}", argument="body")
    else:
        message = f"{exc.detail}."
    return JSONResponse({"error": message}, status_code=exc.status_code, headers=exc.headers)


class _Missing(Exception):
    """A benchmark result that is not there yet; the message says how to make it (never a server path)."""


def _bench_file(relative: str, how: str) -> Path:
    path = bench_dir() / relative
    if not path.is_file():
        raise _Missing(f"no {relative} in the benchmark results yet ({how})")
    return path


def _chart_url(relative: str) -> str | None:
    """The API address of a benchmark chart, when the chart exists."""
    return f"/api/bench/{relative}" if (bench_dir() / relative).is_file() else None


class _UnknownParameter(ValueError):
    """A request to the API named a query parameter its route does not take (``limt=5`` had been ignored)."""

    def __init__(self, name: str, known: list[str]):
        close = difflib.get_close_matches(name, known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ";"
        takes = f" known: {', '.join(known)}." if known else " this address takes no parameters."
        super().__init__(f"unknown parameter {shown(name)!r}{hint}{takes}")
        self.name, self.known = shown(name), known


def _known_parameters(request: Request) -> None:
    """Every API route's check: each query parameter is one the route takes, else :class:`_UnknownParameter`."""
    route = request.scope.get("route")
    if route is None or not request.url.path.startswith("/api/"):
        return
    known = [param.alias for param in route.dependant.query_params]
    for name in request.query_params:
        if name not in known:
            raise _UnknownParameter(name, known)
    # a parameter of one value given twice ("id=w&id=b" had filtered on b, unsaid): which one was meant?
    single = {param.alias for param in route.dependant.query_params
              if not field_annotation_is_sequence(param.field_info.annotation)}
    for name in single:
        values = list(dict.fromkeys(request.query_params.getlist(name)))
        if len(values) > 1:
            raise _RepeatedParameter(name, values)


class _RepeatedParameter(ValueError):
    """A query parameter that takes one value was given several different ones."""

    def __init__(self, name: str, values: list[str]):
        said = ", ".join(repr(shown(value)) for value in values[:4])
        super().__init__(f"{name} takes one value, and was given {len(values)}: {said}; give {name} once.")
        self.name = name


class _Unreadable(Exception):
    """A benchmark result file that is there but unreadable (cut short, hand-edited, another shape); the message
    names the file and how to write it again (never a server path)."""


def _read_json(relative: str, how: str, kind: type = dict):
    """The JSON ``kind`` (an object, or a list) of the benchmark result file ``relative`` (:func:`_bench_file`, which
    ``how`` says how to make); :class:`_Unreadable` where it is not one (a file nested 100,000 deep, a list where an
    object belongs, a byte that is no UTF-8 had each been an HTTP 500)."""
    path = _bench_file(relative, how)
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        reason = f"not UTF-8 (byte 0x{exc.object[exc.start]:02X} at {exc.start:,})"
    except RecursionError:
        reason = "nested too deeply"
    except ValueError as exc:  # (JSON's own errors, and a number past Python's 4,300 digits)
        reason = f"not JSON ({str(exc).split(':')[0]})"
    else:
        if isinstance(payload, kind):
            return payload
        names = {dict: "an object", list: "a list"}
        reason = f"{names.get(type(payload), 'a ' + type(payload).__name__)}, not {names[kind]}"
    raise _Unreadable(f"{path.name} in the benchmark results cannot be read: {reason} ({how} to write it again)")


def create_app(store: Path | None = None, pool: WorkPool | None = None, arena: Path | None = None,
               library: Library | None = None, encoder: str | None = None) -> FastAPI:
    """The web app over the card store at ``store`` (the current store by default), or over an open ``library``,
    and the arena games in the league folder ``arena`` (:func:`arena_dir` by default); API requests run in
    ``pool``'s bounded lanes; ``encoder`` picks the embedding model (minilm or static)."""
    library = library or Library(store, encoder)
    work = pool or WorkPool()
    replays: list[ReplayLibrary] = []  # made on first use: it needs the card store

    def arena_games() -> ReplayLibrary:
        if not replays:
            replays.append(ReplayLibrary(arena or arena_dir(), library.engine.db))
        return replays[0]
    app = FastAPI(title="Grimoire", docs_url=None, redoc_url=None, openapi_url="/api/openapi.json",
                  dependencies=[Depends(_known_parameters)])

    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(_Missing, lambda _, exc: _bad_request(str(exc), status=404))
    app.add_exception_handler(_Unreadable, lambda _, exc: _bad_request(str(exc), status=409))
    app.add_exception_handler(GameNotFound, lambda _, exc: _bad_request(str(exc), status=404))
    app.add_exception_handler(ReplayError, lambda _, exc: _bad_request(str(exc), status=409))
    app.add_exception_handler(_RepeatedParameter, lambda _, exc: _bad_request(str(exc), argument=exc.name))
    app.add_exception_handler(_UnknownParameter, lambda _, exc: _bad_request(str(exc), argument=exc.name,
                                                                              allowed=exc.known))

    @app.get("/api/search")
    def search(q: Annotated[list[str], Query()] = [""], id: str | None = None,  # noqa: A002, B006 - Scryfall's names
               format: str | None = None, type: Annotated[list[str] | None, Query()] = None,  # noqa: A002
               mv_min: float | None = None, mv_max: float | None = None,
               role: Annotated[list[str] | None, Query()] = None, page: int = 1, limit: int = 20,
               mode: str = "hybrid", include_funny: bool = False, literal: bool = False):
        if mode not in MODES:
            return _bad_request(f"mode must be one of {', '.join(MODES)}, not {mode!r}.", argument="mode")
        filters = FilterArguments(id, format, type, mv_min, mv_max, role)
        try:
            call = run_search(library.engine, q, filters, limit=limit, page=page, maximum=MAX_LIMIT, mode=mode,
                              include_funny=include_funny, literal=literal)
        except SearchArgumentError as exc:
            return _argument_error(exc)
        return search_json(call)

    @app.get("/api/options")
    def options():
        columns = library.engine.db.columns
        return {"formats": [{"name": name, "known": columns.knows_legality(name)} for name in FORMATS],
                "max_query_length": MAX_QUERY_LENGTH, "mana_value_max": MANA_VALUE_MAX}

    @app.get("/api/card/{name:path}")
    def card(name: str):
        engine = library.engine
        try:
            found = engine.lookup(name)
        except CardNotFoundError as exc:
            return _bad_request(str(exc), status=404, argument="name", query=shown(name),
                                suggestions=exc.suggestions)
        roles = engine.roles_of(found.match.row)
        # the cards find_similar, grimoire similar and like: give (the page had ranked its own peers by function)
        similar = engine.similar_to(found.card.name, limit=SIMILAR_LIMIT) if engine.vectors.present[found.match.row] \
            else None
        return {**lookup_json(found, roles, engine.db.rulings(found.card)),
                "similar": page_json(similar)["results"] if similar is not None else []}

    def checked_deck(body: DeckCheckBody):
        db = library.engine.db
        try:
            deck = read_deck(body.deck, db, files=False)
        except DeckInputError as exc:
            return _bad_request(f"deck: {exc}", argument="deck", problems=exc.problems)
        return check_deck(deck, body.format, body.bracket).to_dict()

    @app.post("/api/deck/check")
    async def deck_check(body: DeckCheckBody, request: Request):
        # (the body, the format and the bracket are checked before the deck's work waits for a slow-lane slot)
        if repeated := _repeated_keys(await request.body()):
            return _bad_request(f"bad parameter {repeated}: sent twice in the body (JSON would keep only the last "
                                f"one); send it once.", argument=repeated)
        try:
            check_rules(body.format, body.bracket)
        except DeckRulesError as exc:
            return _bad_request(str(exc), argument=exc.argument)
        try:
            return await work.run(SLOW, checked_deck, body=body)
        except ServerBusy as exc:
            return JSONResponse({"error": str(exc)}, status_code=503, headers={"retry-after": "1"})

    @app.get("/api/bench/search")
    def bench_search():
        return {**_read_json("search_scores.json", RERUN_SEARCH_BENCH), "chart": _chart_url("search_ndcg.png")}

    @app.get("/api/bench/search_ndcg.png")
    def bench_chart():
        return FileResponse(_bench_file("search_ndcg.png", RERUN_SEARCH_BENCH), media_type="image/png")

    @app.get("/api/bench/agent")
    def bench_agent():
        return {**_read_json("agent_summary.json", "run: grimoire bench agent --out DIR"),
                "chart": _chart_url("agent_p10.png")}

    @app.get("/api/bench/agent_p10.png")
    def bench_agent_chart():
        return FileResponse(_bench_file("agent_p10.png", "run: grimoire bench agent"),
                            media_type="image/png")

    @app.get("/api/bench/precon")
    def bench_precon():
        return {"rows": _read_json("precon/summary.json", "run: grimoire precon report --out docs/bench/precon", list),
                "chart": _chart_url("precon/report.png")}

    @app.get("/api/bench/precon/report.png")
    def bench_precon_chart():
        return FileResponse(_bench_file("precon/report.png", "run: grimoire precon report"), media_type="image/png")

    @app.get("/api/bench/arena")
    def bench_arena():
        return {**_read_json("arena_leaderboard.json", "run: grimoire arena league, then copy its leaderboard.json "
                             "and leaderboard.png here as arena_leaderboard.*"),
                "chart": _chart_url("arena_leaderboard.png")}

    @app.get("/api/bench/arena_leaderboard.png")
    def bench_arena_chart():
        return FileResponse(_bench_file("arena_leaderboard.png", "run: grimoire arena league"), media_type="image/png")

    @app.get("/api/arena/games")
    def arena_game_list(player: str | None = None, page: int = 1, limit: int = GAMES_PER_PAGE):
        try:
            return arena_games().game_page(player, page, limit)
        except ValueError as exc:
            return _bad_request(f"{exc}.", argument=str(exc).split()[0])

    # A game id holds player specs ("anthropic/claude-sonnet-4-5"), hence :path; the step route comes first.
    @app.get("/api/arena/games/{game_id:path}/steps/{number}")
    def arena_step(game_id: str, number: int):
        return arena_games().replay(game_id).step(number).to_dict()

    @app.get("/api/arena/games/{game_id:path}")
    def arena_game(game_id: str):
        return arena_games().replay(game_id).outline()

    @app.get("/")
    def index():
        return FileResponse(STATIC / "index.html")

    @app.get("/api/docs", include_in_schema=False)
    def api_docs():  # (drawn by static/api.js: FastAPI's Swagger UI loads from a CDN, a blank page offline)
        return FileResponse(STATIC / "api.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.state.library = library
    app.add_middleware(PoolMiddleware, pool=work, lane_of=_lane)
    app.add_middleware(_CheckedRequests)
    return app


class _CheckedRequests:
    """ASGI middleware before the routes: an address whose query or path is not UTF-8 is a 400 saying where
    (Starlette had made each bad byte U+FFFD, and ``q=%ff`` listed every card), and HEAD is answered wherever GET
    is, without the body (FastAPI's routes answer GET alone)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope: dict, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        problem = _undecodable(scope.get("query_string", b""), scope.get("raw_path") or b"")
        if problem is not None:
            message, argument = problem
            await _bad_request(message, argument=argument)(scope, receive, send)
            return
        if scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: dict) -> None:
            await send({**message, "body": b""} if message["type"] == "http.response.body" else message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)


_BAD_ESCAPE = re.compile(rb"%(?![0-9A-Fa-f]{2})")
_UTF8_FIX = "Percent-encode the text as UTF-8 (%C3%A9 for é; %25 for a percent sign), as browsers and urllib do."


def _undecodable(query: bytes, path: bytes) -> tuple[str, str] | None:
    """``(message, argument)`` for the first parameter of ``query`` (or the ``path``) that is not percent-encoded
    UTF-8, with the character where it goes wrong; ``None`` when every one is."""
    parts = [(b"path", path)] if path else []
    for pair in query.split(b"&"):
        name, _, value = pair.partition(b"=")
        parts += [(b"", name), (name, value)]
    for name, raw in parts:
        written = unquote_to_bytes(raw.replace(b"+", b" "))
        label = shown(name.decode("latin-1")) if name else "a parameter's name"
        escape = _BAD_ESCAPE.search(raw)
        if escape is not None:
            where = len(unquote_to_bytes(raw[:escape.start()]).decode("utf-8", "replace")) + 1
            return (f"{label}: '%' at character {where} starts no percent escape (%XX). {_UTF8_FIX}",
                    label if name else "query")
        try:
            written.decode("utf-8")
        except UnicodeDecodeError as exc:
            where = len(written[:exc.start].decode("utf-8", "replace")) + 1
            return (f"{label}: byte 0x{written[exc.start]:02X} at character {where} is not UTF-8. {_UTF8_FIX}",
                    label if name else "query")
    return None




def _search_lane(query: str) -> str:
    """The lane of a search's query string, however it is percent-encoded (``mode=%6Cate`` had run in the fast
    lane): slow for a late-interaction search, or one whose ``q`` holds a /regex/ (:func:`search_lane`)."""
    try:
        pairs = parse_qsl(query, keep_blank_values=True, errors="strict")
    except (UnicodeDecodeError, ValueError):
        return FAST  # refused as not UTF-8 before any route (see _CheckedRequests)
    if any(key == "mode" and value.strip().lower() == "late" for key, value in pairs):
        return SLOW
    return search_lane(value for key, value in pairs if key == "q")


def _lane(path: str, query: str) -> str | None:
    """The work lane of a request: decks, game replays, late-interaction searches and searches holding a /regex/
    (seconds of CPU each) are slow, the rest of the API fast; static files take no slot."""
    if path == "/api/deck/check":
        return BODY_ONLY  # (its route takes a slow-lane slot once the body's cheap checks pass)
    if path.startswith(("/api/deck", "/api/arena/games/")):
        return SLOW
    if path == "/api/search":
        return _search_lane(query)
    return FAST if path.startswith("/api/") else None


def serve(*, port: int = DEFAULT_PORT, store: Path | None = None, arena: Path | None = None,
          workers: int | None = None, encoder: str | None = None) -> None:
    """Run the web page on http://127.0.0.1:``port`` (never on other interfaces), in ``workers`` processes
    (default: one per core) that share one engine loaded before they start; ``arena`` is the league folder
    whose games it replays; ``encoder`` picks the embedding model (minilm or static)."""
    serve_library(lambda library, pool: create_app(library=library, pool=pool, arena=arena), port=port,
                  store=store, workers=workers, encoder=encoder,
                  announce="Grimoire web page: http://127.0.0.1:{port}/ (loading the cards...)")


def serve_in_thread(app: FastAPI, port: int, timeout: float = 30.0):
    """Start ``app`` on 127.0.0.1:``port`` in a daemon thread (for tests and scripts); returns the uvicorn server,
    which stops when ``server.should_exit`` is set."""
    import uvicorn

    server = uvicorn.Server(server_config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, name="grimoire-web", daemon=True).start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the web server did not start on 127.0.0.1:{port} in {timeout} s")
        time.sleep(0.05)
    return server
