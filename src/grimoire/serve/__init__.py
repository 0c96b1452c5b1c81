"""Adapters that serve the library to other programs: the MCP server for AI agents.

Each adapter is thin: it checks arguments, calls ``grimoire.search`` / ``grimoire.cards`` / ``grimoire.decks``,
and renders the answer. No search or deck logic lives here.
"""
