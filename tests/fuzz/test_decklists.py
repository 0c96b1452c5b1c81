"""Generated decklists and MTGJSON files through the library, in-process: no exception anywhere, every
problem names its line (counted by newlines), every card read has a quantity of 1 to 999."""

from __future__ import annotations

import json

import pytest
from hypothesis import given

from grimoire.decks import analyze_deck, load_mtgjson_deck, parse_decklist, validate_deck
from grimoire.decks.parse import MAX_LINES, MAX_QUANTITY, SECTIONS
from grimoire.decks.render import check_text, problems_text, stats_text
from tests.fuzz.budgets import budget
from tests.fuzz.strategies import decklists, mtgjson_decks


def _views(deck) -> None:
    """Everything a surface builds from a deck: statistics, checks in two formats, the text views, JSON."""
    for format_name in ("commander", "modern"):
        stats = analyze_deck(deck, format_name)
        violations = validate_deck(deck, format_name, 3 if format_name == "commander" else None)
        stats_text(stats) + check_text(deck, violations, format_name) + problems_text(deck)
        json.dumps(stats.to_dict())
    json.dumps(deck.to_dict())


def check_decklist(db, text: str) -> None:
    deck = parse_decklist(text, db)
    source = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")  # a carriage return ends a line too
    last_line = min(len(source), MAX_LINES + 1)
    entries = [e for s in SECTIONS for e in deck.section(s)]
    for problem in deck.problems:
        assert 1 <= problem.line_number <= last_line, problem
        assert problem.reason and len(problem.text) <= 200, problem
    for entry in entries:
        assert 1 <= entry.quantity <= MAX_QUANTITY, entry
        assert 1 <= entry.line_number <= len(source), entry
        words = entry.raw_name.split()
        assert not words or words[0] in source[entry.line_number - 1], (entry, source[entry.line_number - 1])
    corrected_lines = {e.line_number for e in entries}
    assert all(c.line_number in corrected_lines for c in deck.corrections)
    assert len(entries) + len(deck.problems) <= len(source) + 1
    _views(deck)


def check_mtgjson(db, payload) -> None:
    try:
        deck = load_mtgjson_deck(payload, db)
    except ValueError as exc:
        assert "MTGJSON" in str(exc)
        return
    for problem in deck.problems:
        assert problem.line_number >= 1 and problem.reason and len(problem.text) <= 200
    assert all(1 <= e.quantity <= MAX_QUANTITY for s in SECTIONS for e in deck.section(s))
    _views(deck)


@budget("decklist", slow=False)
@given(text=decklists)
def test_generated_decklists(db, text):
    check_decklist(db, text)


@pytest.mark.slow
@budget("decklist", slow=True)
@given(text=decklists)
def test_generated_decklists_slow(db, text):
    check_decklist(db, text)


@budget("mtgjson", slow=False)
@given(payload=mtgjson_decks())
def test_generated_mtgjson_decks(db, payload):
    check_mtgjson(db, payload)


@pytest.mark.slow
@budget("mtgjson", slow=True)
@given(payload=mtgjson_decks())
def test_generated_mtgjson_decks_slow(db, payload):
    check_mtgjson(db, payload)
