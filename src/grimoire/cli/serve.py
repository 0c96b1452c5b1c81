"""``grimoire serve``: serve Grimoire: the MCP server and the web page.

Parses arguments, calls the library and prints.
"""

from __future__ import annotations

import argparse

from grimoire.cli._common import (
    EXIT_OK,
    _err,
    add_encoder_option,
)


def cmd_serve_mcp(args: argparse.Namespace) -> int:
    from grimoire.search.embed import ModelError
    from grimoire.serve.mcp_server import serve

    try:
        serve(http=args.http, port=args.port, encoder=args.encoder)
    except ModelError as exc:  # found while warming up, before the server announces itself
        return _err(str(exc))
    return EXIT_OK


def cmd_serve_web(args: argparse.Namespace) -> int:
    from grimoire.serve.web import serve

    serve(port=args.port, encoder=args.encoder)
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
    add_encoder_option(mcp)
    mcp.set_defaults(run=cmd_serve_mcp)
    web = serve_commands.add_parser("web", help="the web page: search, card pages, deck check, benchmark results",
                                    description="Serves the page and its JSON API on http://127.0.0.1:PORT/ only.")
    web.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    add_encoder_option(web)
    web.set_defaults(run=cmd_serve_web)
