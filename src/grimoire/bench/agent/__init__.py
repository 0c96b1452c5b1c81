"""The agent search-task benchmark: an AI agent with a search tool returns a ranked list of cards."""
