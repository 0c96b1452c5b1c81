"""The agent's environment: an episode's state (calls used, cards seen, the submitted list) and its tools:
``search`` (what the MCP server's ``search_cards`` answers), ``grep`` (a regex over the rendered text of every
card) and ``submit``.

The task's filters are applied to every search and grep by the environment; the agent cannot switch them off.
After ``max_calls`` search/grep calls, further calls get an error and the agent must submit.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

import numpy as np
import regex
from inspect_ai.tool import Tool, ToolError, tool

from grimoire.cards.model import Card
from grimoire.cards.names import fold
from grimoire.cards.store import CardDB
from grimoire.render.cards import card_text
from grimoire.render.search import search_text
from grimoire.search.arguments import FilterArguments, SearchArgumentError, run_search
from grimoire.search.engine import Filters, SearchEngine

MAX_CALLS = 5
MAX_SUBMITTED = 20
SEARCH_LIMIT = 20
GREP_LINE_CAP = 60
GREP_RECORD_CAP = 15
GREP_TIMEOUT_S = 5.0
GREP_MODES = ("line", "record")


@dataclass
class Episode:
    """One agent's attempt at one task: what the tools showed it and what it submitted."""

    max_calls: int = MAX_CALLS
    calls_used: int = 0
    refused_calls: int = 0
    seen: dict[str, int] = field(default_factory=dict)  # folded card or face name -> store row
    submitted: list[str] | None = None  # None: never submitted

    def see(self, row: int, card: Card) -> None:
        self.seen[fold(card.name)] = row
        for face in card.faces:
            self.seen.setdefault(fold(face.name), row)

    def take_call(self) -> None:
        """Count a search/grep call, or refuse it when the limit is reached."""
        if self.calls_used >= self.max_calls:
            self.refused_calls += 1
            raise ToolError(f"You have used all {self.max_calls} tool calls. Call submit now with your ranked list "
                            "of card names from the results you have seen.")
        self.calls_used += 1

    def judge(self, db: CardDB) -> tuple[list[str], list[int], list[str], int]:
        """The submitted list as (valid names, their store rows, flagged names, names past the 20th): only
        cards that appeared in this episode's tool results count; duplicates count once."""
        names = list(self.submitted or [])
        over_limit = max(0, len(names) - MAX_SUBMITTED)
        valid, rows, flagged = [], [], []
        for name in names[:MAX_SUBMITTED]:
            row = self.seen.get(fold(str(name)))
            if row is None:
                flagged.append(str(name))
            elif row not in rows:
                rows.append(row)
                valid.append(db.columns.name[row])
        return valid, rows, flagged, over_limit


@tool
def search(engine: SearchEngine, filters: Filters, episode: Episode, mode: str = "hybrid") -> Tool:
    # The answer is MCP search_cards's, byte for byte, for one query under the task's filters.
    task_filters = FilterArguments(**asdict(filters))

    async def execute(query: str) -> str:
        """Search the Magic card database. Results are ranked; the task's constraints are always applied.

        Args:
            query: What the cards should do, in plain words. Scryfall syntax (t:creature, o:"draw a card", mv<=3,
                id<=bg) also works and narrows the results.
        """
        episode.take_call()
        try:
            call = run_search(engine, query, task_filters, limit=SEARCH_LIMIT, mode=mode)
        except SearchArgumentError as exc:
            raise ToolError(exc.message()) from None
        for result in call.page.results:
            episode.see(result.row, result.card)
        return search_text(call)

    return execute


class CardText:
    """The rendered text of every card (``card_text``), one record per card, for grep."""

    _cache: dict[int, CardText] = {}

    def __init__(self, db: CardDB):
        self.db = db
        self.records = [card_text(card) for card in db.cards_at(list(range(len(db))))]

    @classmethod
    def of(cls, db: CardDB) -> CardText:
        text = cls._cache.get(id(db))
        if text is None or text.db is not db:
            text = cls._cache[id(db)] = CardText(db)
        return text


@tool
def grep(text: CardText, allowed: np.ndarray, episode: Episode, grep_mode: str = "record") -> Tool:
    async def execute(pattern: str) -> str:
        """Search the rendered text of every card with a regular expression (case-insensitive). The task's
        constraints are always applied.

        Args:
            pattern: A regular expression (Python syntax), e.g. "draw (a|two) cards?".
        """
        episode.take_call()
        try:
            compiled = regex.compile(pattern, regex.IGNORECASE | regex.MULTILINE)
        except regex.error as exc:
            raise ToolError(f"bad pattern: {exc}") from None
        try:
            return _grep_lines(text, allowed, compiled, episode) if grep_mode == "line" \
                else _grep_records(text, allowed, compiled, episode)
        except TimeoutError:
            raise ToolError(f"the pattern took longer than {GREP_TIMEOUT_S:g}s; simplify it") from None

    return execute


def _grep_lines(text: CardText, allowed: np.ndarray, pattern, episode: Episode) -> str:
    shown: list[str] = []
    matched_cards = 0
    for row in np.flatnonzero(allowed).tolist():
        record = text.records[row]
        hits = [line for line in record.splitlines() if pattern.search(line, timeout=GREP_TIMEOUT_S)]
        if not hits:
            continue
        matched_cards += 1
        if len(shown) < GREP_LINE_CAP:
            card = text.db.card_at(row)
            episode.see(row, card)
            shown.extend(f"{card.name}: {line.strip()}" for line in hits[: GREP_LINE_CAP - len(shown)])
    if not shown:
        return "No lines match."
    return f"{matched_cards} cards have matching lines; the first {len(shown)} lines:\n" + "\n".join(shown)


def _grep_records(text: CardText, allowed: np.ndarray, pattern, episode: Episode) -> str:
    shown: list[str] = []
    matched_cards = 0
    for row in np.flatnonzero(allowed).tolist():
        record = text.records[row]
        if pattern.search(record, timeout=GREP_TIMEOUT_S):
            matched_cards += 1
            if len(shown) < GREP_RECORD_CAP:
                episode.see(row, text.db.card_at(row))
                shown.append(record)
    if not shown:
        return "No cards match."
    return f"{matched_cards} cards match; the first {len(shown)}:\n\n" + "\n\n".join(shown)


@tool
def submit(episode: Episode) -> Tool:
    async def execute(cards: list[str]) -> str:
        """Submit your final ranked list of card names (best first, at most 20). This ends the task.

        Args:
            cards: Card names, best first, each exactly as it appeared in your tool results.
        """
        episode.submitted = [str(card) for card in cards]
        note = f" Only the first {MAX_SUBMITTED} count." if len(cards) > MAX_SUBMITTED else ""
        return f"Submitted {len(cards)} cards.{note}"

    return execute

