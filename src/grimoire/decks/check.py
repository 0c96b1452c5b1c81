"""The one deck-check result: a read deck, the rules it breaks in a format, its statistics, and the lines whose
card name was corrected (found by the parser). ``grimoire deck check``, MCP ``validate_deck`` and the web's deck
check return it.
"""

from __future__ import annotations

from dataclasses import dataclass

from grimoire.cards.model import format_named
from grimoire.cards.names import shown
from grimoire.decks.analyze import DeckStats, analyze_deck
from grimoire.decks.parse import Correction, ParsedDeck
from grimoire.decks.validate import FORMATS as DECK_FORMATS
from grimoire.decks.validate import Violation, deck_rules, validate_deck, verdict


@dataclass(frozen=True)
class DeckCheck:
    """A deck checked against ``format`` (and a Commander ``bracket``), with its statistics."""

    deck: ParsedDeck
    format: str
    bracket: int | None
    violations: list[Violation]
    stats: DeckStats
    corrections: list[Correction]
    format_reason: str = "the format asked for"  # why ``format`` was checked: asked for, the deck's own, the default

    @property
    def legal(self) -> bool:
        return not any(v.is_error for v in self.violations)

    @property
    def verdict(self) -> str:
        """"not legal", "legality unknown" or "legal" (:func:`~grimoire.decks.validate.verdict`)."""
        return verdict(self.violations)

    def to_dict(self) -> dict:
        return {"format": self.format, "format_reason": self.format_reason, "bracket": self.bracket,
                "legal": self.legal, "verdict": self.verdict, "card_count": self.deck.count(),
                "violations": [v.to_dict() for v in self.violations],
                "corrections": [c.to_dict() for c in self.corrections],
                "problems": [p.to_dict() for p in self.deck.problems], "analysis": self.stats.to_dict(),
                "deck": self.deck.to_dict()}


def check_rules(format: str | None = "commander", bracket: int | None = None) -> str:  # noqa: A002
    """The format a deck check of ``format`` and ``bracket`` checks against (none, or null from a surface:
    commander); raises :class:`~grimoire.decks.validate.DeckRulesError` naming the bad format or bracket, before
    any deck is read."""
    return deck_rules(format_named(format or "") or "commander", bracket)


def deck_own_format(deck: ParsedDeck, format: str | None, bracket: int | None) -> tuple[str, str]:  # noqa: A002
    """The format to check ``deck`` against and why: ``format`` where one is given; else Commander where a bracket
    is (brackets are Commander's); else the format its deck site declares (a Moxfield or Archidekt deck) where deck
    checks know it; else Commander. Raises :class:`~grimoire.decks.validate.DeckRulesError` as :func:`check_rules`."""
    declared = deck.declared_format
    said = f"{deck.declared_by} says the deck is {shown(declared)!r}" if declared else ""
    if format:
        format_name = check_rules(format, bracket)
        return format_name, "the format asked for" + (
            f" ({said})" if said and format_named(declared) != format_name else "")
    if bracket is not None:
        return check_rules(None, bracket), "a bracket was given, and brackets are Commander's" + (
            f" ({said})" if said and format_named(declared) != "commander" else "")
    if declared and format_named(declared) in DECK_FORMATS:
        return format_named(declared), f"the deck's own format: {said}"
    if declared:
        return "commander", f"the default: {said}, which deck checks do not cover; pass a format to check another"
    return "commander", "the default"


def check_deck(deck: ParsedDeck, format: str | None = None,  # noqa: A002 - the word users say
               bracket: int | None = None) -> DeckCheck:
    """Check ``deck`` against ``format``; with none (or null from a surface), the deck's own format where its deck
    site declares one, else commander (:func:`deck_own_format`). Raises ``ValueError`` naming the bad format or
    bracket."""
    format_name, reason = deck_own_format(deck, format, bracket)
    violations = validate_deck(deck, format_name, bracket)
    return DeckCheck(deck, format_name, bracket, violations, analyze_deck(deck, format_name),
                     list(deck.corrections), reason)
