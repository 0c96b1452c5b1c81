"""Plain-text views of deck checks and deck statistics, for terminals and agents.

Kept apart from the rules so the CLI and any server print decks the same way; ``to_dict()`` gives JSON.
"""

from __future__ import annotations

from grimoire.decks.analyze import DeckStats
from grimoire.decks.parse import ParsedDeck
from grimoire.decks.validate import Violation, verdict

_MAX_LISTED = 12


def _card_list(names: list[str]) -> str:
    shown = ", ".join(names[:_MAX_LISTED])
    return shown + (f", ... ({len(names) - _MAX_LISTED} more)" if len(names) > _MAX_LISTED else "")


def problems_text(deck: ParsedDeck, limit: int | None = None) -> str:
    """One line per unreadable decklist line (the first ``limit``), with its number and the closest card names."""
    lines = []
    for problem in deck.problems[:limit]:
        hint = f" Did you mean: {'; '.join(problem.suggestions)}?" if problem.suggestions else ""
        lines.append(f"line {problem.line_number}: {problem.text!r}: {problem.reason}.{hint}")
    if limit is not None and len(deck.problems) > limit:
        lines.append(f"... and {len(deck.problems) - limit} more")
    return "\n".join(lines)


def deck_summary(deck: ParsedDeck) -> str:
    parts = [f"{deck.count(s)} {label}" for s, label in (("commanders", "commander(s)"), ("main", "main deck"),
                                                          ("companion", "companion"), ("sideboard", "sideboard"))
             if deck.count(s)]
    commanders = ", ".join(e.card.name for e in deck.commanders)
    head = f"{deck.name}: " if deck.name else ""
    return head + ", ".join(parts or ["no cards"]) + (f" — commander: {commanders}" if commanders else "")


def check_text(deck: ParsedDeck, violations: list[Violation], format_name: str, format_reason: str | None = None
               ) -> str:
    """The result of :func:`~grimoire.decks.validate.validate_deck` as text: a verdict, then each rule; where a
    deck site declares the deck's format, which format was checked and why."""
    errors = [v for v in violations if v.is_error]
    lines = [deck_summary(deck)]
    if format_reason and deck.declared_format:
        lines.append(f"checked as {format_name}: {format_reason}")
    headline = {"not legal": f"{len(errors)} problem(s)", "legality unknown": "legality unknown with this card data",
                "legal": "legal as far as the data shows"}[verdict(violations)]
    lines.append(f"{format_name}: {headline}")
    for violation in violations:
        label = "error" if violation.is_error else "note"
        lines.append(f"  {label} [{violation.rule}] {violation.message}")
        if violation.cards:
            lines.append(f"      {_card_list(violation.cards)}")
    return "\n".join(lines)


def stats_text(stats: DeckStats) -> str:
    """The result of :func:`~grimoire.decks.analyze.analyze_deck` as text."""
    average = "unknown" if stats.average_mana_value is None else f"{stats.average_mana_value:.2f}"
    lines = [f"{stats.card_count} cards ({stats.format}), {stats.land_count} lands, average mana value {average} "
             "(nonland cards)"]
    peak = max(stats.curve.values()) or 1
    lines.append("Mana curve (nonland cards):")
    for bucket, count in stats.curve.items():
        lines.append(f"  {bucket:>2} {'#' * round(20 * count / peak):<20} {count}")
    if stats.unknown_mana_value:
        lines.append(f"  mana value unknown: {_card_list(stats.unknown_mana_value)}")
    if stats.color_identity:
        lines.append("Colours (pips in costs / cards that make the colour):")
        lines.extend(f"  {c}: {stats.pips[c]} pips / {stats.sources[c]} sources" for c in stats.color_identity)
    if stats.roles:
        lines.append("Roles: " + ", ".join(f"{role} {count}" for role, count in stats.roles.items()))
    if stats.targets:
        lines.append("Against common Commander targets (rules of thumb, not rules):")
        for target in stats.targets:
            bound = f"{target.minimum}-{target.maximum}" if target.maximum is not None else f">= {target.minimum}"
            lines.append(f"  {target.role:<11} {target.count:>3}  (target {bound}) {target.status}")
            if target.search:
                lines.append(f"      find more with the search query: {target.search}")
    return "\n".join(lines)
