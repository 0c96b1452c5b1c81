"""``grimoire serve``: serve Grimoire: the MCP server and the web page.

Parses arguments, calls the library and prints.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from grimoire.cli._common import EXIT_OK, _err, add_encoder_option


def cmd_serve_mcp(args: argparse.Namespace) -> int:
    from grimoire.search.embed import ModelError, encoder_name
    from grimoire.serve.mcp_server import serve
    from grimoire.serve.workers import ListenError, WorkersFailed

    encoder_name(args.encoder)  # an unknown GRIMOIRE_ENCODER stops here, before a port is taken (main prints it)
    try:
        serve(http=args.http, port=args.port, workers=args.workers, encoder=args.encoder)
    except (ListenError, WorkersFailed, ModelError) as exc:  # ModelError: found while warming up
        return _err(str(exc))
    return EXIT_OK


def cmd_serve_web(args: argparse.Namespace) -> int:
    from grimoire.search.embed import ModelError, encoder_name
    from grimoire.serve.web import serve
    from grimoire.serve.workers import ListenError, WorkersFailed

    encoder_name(args.encoder)
    try:
        serve(port=args.port, arena=args.arena, workers=args.workers, encoder=args.encoder)
    except (ListenError, WorkersFailed, ModelError) as exc:
        return _err(str(exc))
    return EXIT_OK


def add_commands(commands) -> None:
    serve = commands.add_parser("serve", help="serve Grimoire to other programs (MCP for AI agents) or as a web page")
    serve_commands = serve.add_subparsers(dest="serve_command", required=True)
    mcp = serve_commands.add_parser(
        "mcp", help="MCP server: card search, card lookup and deck tools for AI agents",
        description="Speaks MCP over stdio (for Claude Code, Claude Desktop and other MCP clients), or over "
                    "streamable HTTP on 127.0.0.1 with --http (endpoint http://127.0.0.1:PORT/mcp).")
    mcp.add_argument("--http", action="store_true", help="serve streamable HTTP on 127.0.0.1 instead of stdio")
    mcp.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765)")
    _workers_option(mcp, "with --http: ")
    add_encoder_option(mcp)
    mcp.set_defaults(run=cmd_serve_mcp)
    web = serve_commands.add_parser("web", help="the web page: search, card pages, deck check, benchmark results",
                                    description="Serves the page and its JSON API on http://127.0.0.1:PORT/ only.")
    web.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    web.add_argument("--arena", type=Path, default=None,
                     help="league folder (or its games.jsonl) whose games the replay viewer shows "
                          "(default $GRIMOIRE_ARENA_DIR, else ./arena-league)")
    _workers_option(web)
    add_encoder_option(web)
    web.set_defaults(run=cmd_serve_web)


def _workers_option(parser: argparse.ArgumentParser, prefix: str = "") -> None:
    parser.add_argument("--workers", type=_positive, metavar="N",
                        help=f"{prefix}worker processes sharing one loaded engine (default: one per core)")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 64:
        raise argparse.ArgumentTypeError(f"--workers takes a whole number from 1 to 64, not {text!r}")
    return value
