"""The web page: a JSON API over the library (search, card, deck check, benchmark) and the static page that uses it.

A thin adapter like the MCP server: it reuses that server's :class:`Library` (the store and engine, opened once) and
argument checks, and renders cards with :func:`grimoire.cards.render.result_json`.
"""

from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

from fastapi import FastAPI, HTTPException, Query
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel

from grimoire.cards.names import CardNotFoundError
from grimoire.cards.render import result_json
from grimoire.search.engine import Filters
from grimoire.search.query import QuerySyntaxError
from grimoire.serve.mcp_server import Library, ToolInputError, structured_filters

STATIC = Path(__file__).parent / "static"
REPO_BENCH = Path(__file__).resolve().parents[3] / "docs" / "bench"
DEFAULT_PORT = 8000
MAX_LIMIT = 50
SIMILAR_LIMIT = 8


class DeckCheck(BaseModel):
    text: str
    format: str = "commander"
    bracket: int | None = None


def bench_dir() -> Path:
    """Where the benchmarks' results are: ``GRIMOIRE_BENCH_DIR``, else the repository's ``docs/bench``."""
    return Path(os.environ.get("GRIMOIRE_BENCH_DIR") or REPO_BENCH)


def _bad_request(message: str, **details) -> JSONResponse:
    return JSONResponse({"error": message, **details}, status_code=400)


def _bench_file(relative: str, missing: str) -> Path:
    """A benchmark result under :func:`bench_dir`, or a 404 whose ``missing`` message names the file (``{path}``)
    and says how to make it (``{bench}`` is the folder)."""
    path = bench_dir() / relative
    if not path.is_file():
        raise HTTPException(404, missing.format(path=path, bench=bench_dir()))
    return path


def _chart_url(relative: str) -> str | None:
    """The API address of a benchmark chart, when the chart exists."""
    return f"/api/bench/{relative}" if (bench_dir() / relative).is_file() else None


def _read_json(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def _page_json(page, query: str) -> dict:
    matched = page.results[0].matched if page.results else ()
    return {"query": query, "total": page.total, "page": page.page, "limit": page.limit, "mode": page.mode,
            "has_more": page.page * page.limit < page.total, "filters_applied": list(matched),
            "notes": page.notes, "readings": [reading.as_json() for reading in page.readings],
            "results": [result_json(r) for r in page.results]}


def create_app(store: Path | None = None) -> FastAPI:
    """The web app over the card store at ``store`` (the current store by default)."""
    library = Library(store)
    app = FastAPI(title="Grimoire", docs_url="/api/docs", redoc_url=None, openapi_url="/api/openapi.json")

    @app.get("/api/search")
    def search(q: str = "", id: str | None = None, format: str | None = None,  # noqa: A002 - Scryfall's names
               type: Annotated[list[str] | None, Query()] = None, mv_min: float | None = None,  # noqa: A002
               mv_max: float | None = None, role: Annotated[list[str] | None, Query()] = None,
               page: Annotated[int, Query(ge=1)] = 1, limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = 20,
               literal: bool = False):
        try:
            filters = structured_filters(id or None, format or None, type, mv_min, mv_max, role)
        except ToolInputError as exc:
            return _bad_request(str(exc), **exc.details)
        if not q.strip() and filters == Filters():
            return _bad_request("say what the card should do, or give a filter", query=q, position=0)
        try:
            result = library.engine.search(q, filters=filters, page=page, limit=limit, literal=literal)
        except QuerySyntaxError as exc:
            return _bad_request(exc.message, position=exc.position, query=exc.query)
        return _page_json(result, q)

    @app.get("/api/card/{name:path}")
    def card(name: str):
        engine = library.engine
        db = engine.db
        try:
            row = db.names.lookup(name)
        except CardNotFoundError as exc:
            return JSONResponse({"error": str(exc), "query": name, "suggestions": exc.suggestions}, status_code=404)
        found = db.card_at(row)
        rulings = db.rulings(found)
        try:
            similar = [result_json(r) for r in engine.similar_to(found.name, limit=SIMILAR_LIMIT).results]
        except ValueError:  # the card has no embedding yet
            similar = []
        return {**asdict(found), "roles": list(engine.roles_of(row)), "exact": db.names.find(name) is not None,
                "rulings_in_data": rulings is not None, "rulings": [asdict(r) for r in rulings or ()],
                "similar": similar}

    @app.post("/api/deck/check")
    def deck_check(body: DeckCheck):
        from grimoire.decks import analyze_deck, parse_decklist, validate_deck

        if not body.text.strip():
            return _bad_request("paste a decklist: lines like '1 Sol Ring', with optional Commander/Deck headers")
        deck = parse_decklist(body.text, library.engine.db)
        format_name = body.format.strip().lower() or "commander"
        try:
            violations = validate_deck(deck, format_name, body.bracket)
        except ValueError as exc:
            return _bad_request(str(exc))
        stats = analyze_deck(deck, format_name)
        return {"format": format_name, "bracket": body.bracket, "card_count": deck.count(),
                "legal": not any(v.is_error for v in violations),
                "problems": [p.to_dict() for p in deck.problems],
                "violations": [v.to_dict() for v in violations], "analysis": stats.to_dict(),
                "deck": deck.to_dict()}

    @app.get("/api/bench/search")
    def bench_search():
        path = _bench_file("search_scores.json", "no search benchmark results at {path} (run: grimoire bench search)")
        return {**_read_json(path), "chart": _chart_url("search_ndcg.png")}

    @app.get("/api/bench/search_ndcg.png")
    def bench_chart():
        return FileResponse(_bench_file("search_ndcg.png", "no benchmark chart at {path}"), media_type="image/png")

    @app.get("/api/bench/agent")
    def bench_agent():
        path = _bench_file("agent_summary.json",
                           "no agent benchmark results at {path} (run: grimoire bench agent --out DIR)")
        return {**_read_json(path), "chart": _chart_url("agent_p10.png")}

    @app.get("/api/bench/agent_p10.png")
    def bench_agent_chart():
        return FileResponse(_bench_file("agent_p10.png", "no agent benchmark chart at {path}"),
                            media_type="image/png")

    @app.get("/api/bench/precon")
    def bench_precon():
        path = _bench_file("precon/summary.json",
                           "no precon report at {path} (run: grimoire precon report --out {bench}/precon)")
        return {"rows": _read_json(path), "chart": _chart_url("precon/report.png")}

    @app.get("/api/bench/precon/report.png")
    def bench_precon_chart():
        return FileResponse(_bench_file("precon/report.png", "no precon chart at {path}"), media_type="image/png")

    @app.get("/api/bench/arena")
    def bench_arena():
        path = _bench_file("arena_leaderboard.json",
                           "no arena leaderboard at {path} (run: grimoire arena league, then copy its "
                           "leaderboard.json and leaderboard.png there as arena_leaderboard.*)")
        return {**_read_json(path), "chart": _chart_url("arena_leaderboard.png")}

    @app.get("/api/bench/arena_leaderboard.png")
    def bench_arena_chart():
        return FileResponse(_bench_file("arena_leaderboard.png", "no arena chart at {path}"), media_type="image/png")

    @app.get("/")
    def index():
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.state.library = library
    return app


def serve(*, port: int = DEFAULT_PORT, store: Path | None = None) -> None:
    """Run the web page on http://127.0.0.1:``port`` (never on other interfaces)."""
    import uvicorn

    app = create_app(store)
    app.state.library.warm_in_background()
    print(f"Grimoire web page: http://127.0.0.1:{port}/")
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


def serve_in_thread(app: FastAPI, port: int, timeout: float = 30.0):
    """Start ``app`` on 127.0.0.1:``port`` in a daemon thread (for tests and scripts); returns the uvicorn server,
    which stops when ``server.should_exit`` is set."""
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, name="grimoire-web", daemon=True).start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the web server did not start on 127.0.0.1:{port} in {timeout} s")
        time.sleep(0.05)
    return server
