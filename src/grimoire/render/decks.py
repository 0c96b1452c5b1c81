"""Views of a deck for every surface: its listing (MCP ``get_deck``), its check (``deck check``, ``validate_deck``)
and its statistics (``deck stats``, ``analyze_deck``), and the notes on corrected and unreadable lines that the
MCP server appends to each and the CLI prints on standard error.

The views of one part (the verdict, the curve, the problem lines) are :mod:`grimoire.decks.render`'s; the JSON
form is :meth:`grimoire.decks.check.DeckCheck.to_dict`.
"""

from __future__ import annotations

from collections.abc import Sequence

from grimoire.decks.analyze import DeckStats
from grimoire.decks.check import DeckCheck
from grimoire.decks.parse import SECTIONS, Correction, ParsedDeck
from grimoire.decks.render import check_text, deck_summary, problems_text, stats_text
from grimoire.render.cards import card_line


def line_notes(deck: ParsedDeck, corrections: Sequence[Correction]) -> str:
    """What was read other than as written (a commander taken by its place in the list, boards noted), the lines
    read as another name, then the lines left out; empty when every line was read as written."""
    parts = [f"note: {note}" for note in deck.notes]
    if corrections:
        parts.append(f"{len(corrections)} name(s) corrected:\n" + "\n".join(c.message for c in corrections))
    if deck.problems:
        parts.append(f"{len(deck.problems)} line(s) could not be read (left out):\n{problems_text(deck)}")
    return "\n".join(parts)


def with_line_notes(text: str, deck: ParsedDeck, corrections: Sequence[Correction]) -> str:
    """A deck view followed by :func:`line_notes`."""
    notes = line_notes(deck, corrections)
    return text + ("\n" + notes if notes else "")


def deck_listing(deck: ParsedDeck) -> str:
    """Every card by section, as ``N Name  {cost}  Type``."""
    lines = [deck_summary(deck)]
    for section in SECTIONS:
        entries = deck.section(section)
        if entries:
            lines.append(f"\n{section} ({deck.count(section)}):")
            lines.extend(f"  {e.quantity} {card_line(e.card)}" for e in entries)
    return "\n".join(lines)


def deck_check_text(check: DeckCheck) -> str:
    """A deck check: the verdict and each rule."""
    return check_text(check.deck, check.violations, check.format, check.format_reason)


def deck_stats_text(deck: ParsedDeck, stats: DeckStats) -> str:
    """A deck's statistics."""
    return deck_summary(deck) + "\n" + stats_text(stats)
