"""Rendering: cards, search pages and deck reports as text for a model, as JSON (one shape) and as terminal
text, used alike by the CLI, the MCP server, the web page and the benchmarks.

``cards`` holds the card views, ``search`` the search page views, ``decks`` the deck views.
"""
