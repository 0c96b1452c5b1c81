"""The one deck-check result: a read deck, the rules it breaks in a format, its statistics, and the lines whose
card name was corrected (found by the parser). ``grimoire deck check``, MCP ``validate_deck`` and the web's deck
check return it.
"""

from __future__ import annotations

from dataclasses import dataclass

from grimoire.cards.model import format_named
from grimoire.decks.analyze import DeckStats, analyze_deck
from grimoire.decks.parse import Correction, ParsedDeck
from grimoire.decks.validate import Violation, deck_rules, validate_deck


@dataclass(frozen=True)
class DeckCheck:
    """A deck checked against ``format`` (and a Commander ``bracket``), with its statistics."""

    deck: ParsedDeck
    format: str
    bracket: int | None
    violations: list[Violation]
    stats: DeckStats
    corrections: list[Correction]

    @property
    def legal(self) -> bool:
        return not any(v.is_error for v in self.violations)

    def to_dict(self) -> dict:
        return {"format": self.format, "bracket": self.bracket, "legal": self.legal,
                "card_count": self.deck.count(), "violations": [v.to_dict() for v in self.violations],
                "corrections": [c.to_dict() for c in self.corrections],
                "problems": [p.to_dict() for p in self.deck.problems], "analysis": self.stats.to_dict(),
                "deck": self.deck.to_dict()}


def check_rules(format: str | None = "commander", bracket: int | None = None) -> str:  # noqa: A002
    """The format a deck check of ``format`` and ``bracket`` checks against (none, or null from a surface:
    commander); raises :class:`~grimoire.decks.validate.DeckRulesError` naming the bad format or bracket, before
    any deck is read."""
    return deck_rules(format_named(format or "") or "commander", bracket)


def check_deck(deck: ParsedDeck, format: str | None = "commander",  # noqa: A002 - the word users say
               bracket: int | None = None) -> DeckCheck:
    """Check ``deck`` against ``format`` (none, or null from a surface: commander); raises ``ValueError`` naming
    the bad format or bracket."""
    format_name = check_rules(format, bracket)
    violations = validate_deck(deck, format_name, bracket)
    return DeckCheck(deck, format_name, bracket, violations, analyze_deck(deck, format_name),
                     list(deck.corrections))
