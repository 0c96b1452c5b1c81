"""Adapters that serve the library to other programs: the MCP server for AI agents and the web page.

Each adapter is thin: argument schemas and transport. The checks, the work and the views are the library's
(``grimoire.search.arguments``, ``grimoire.decks.read``, ``grimoire.render``), shared with the CLI.
"""
