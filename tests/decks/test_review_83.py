"""A commander and its Background alone after the last blank line of an MTGO-style list are the deck's commanders
(a deck-tools review found "no commander" and a 98-card deck: the check wanted each card able to lead alone, which
a Background never is)."""

from __future__ import annotations

import pytest

from grimoire.decks import read as deck_reader
from grimoire.decks.validate import validate_deck


@pytest.mark.parametrize(("commander", "background", "basics"), [
    ("Abdel Adrian, Gorion's Ward", "Candlekeep Sage", ("Plains", "Island")),
    ("Wilson, Refined Grizzly", "Raised by Giants", ("Forest", "Forest")),
])
def test_a_commander_and_its_background_after_the_last_blank_line_lead_the_deck(db, commander, background, basics):
    first, second = basics
    text = f"49 {first}\n49 {second}\n\n1 {commander}\n1 {background}\n"
    deck = deck_reader.read_deck(text, db, files=False)
    violations = validate_deck(deck, "commander")
    assert any(v.rule == "commander" and "took the sideboard as the commander" in v.message for v in violations)
    assert not [v for v in violations if v.severity == "error"], [v.message for v in violations]


def test_two_backgrounds_alone_are_still_no_commanders(db):
    deck = deck_reader.read_deck("49 Plains\n49 Island\n\n1 Candlekeep Sage\n1 Raised by Giants\n", db, files=False)
    assert [v for v in validate_deck(deck, "commander") if v.severity == "error"]
