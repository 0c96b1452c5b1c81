"""A request in rules-text wording of two clauses: the cards whose one ability holds both come before those holding
one (a new user found The Meathook Massacre, whose death trigger drains and draws nothing, fourth for the README's
first example, ahead of Midnight Reaper and Grim Haruspex)."""

from __future__ import annotations

import grimoire
from grimoire.search import ranking
from grimoire.search.engine import SearchEngine
from grimoire.search.lexical import tokenize


def test_clauses_are_read_from_rules_text_wording():
    clauses = ranking.literal_clauses("whenever a creature you control dies, draw a card", tokenize)
    assert len(clauses) == 2 and set(tokenize("draw a card")) == set(clauses[1])
    assert ranking.literal_clauses("draw a card", tokenize) == []  # one clause: nothing to hold together


def test_one_sentence_must_hold_every_clause():
    clauses = ranking.literal_clauses("whenever a creature you control dies, draw a card", tokenize)
    reaper = ("Whenever a nontoken creature you control dies, Midnight Reaper deals 1 damage to you and you draw a "
              "card.")
    meathook = ("When The Meathook Massacre enters, each creature gets -X/-X until end of turn.\nWhenever a creature "
                "you control dies, each opponent loses 1 life.\nDraw a card.")  # (the last line is made up: apart)
    assert ranking.holds_every_clause(reaper, clauses, tokenize)
    assert not ranking.holds_every_clause(meathook, clauses, tokenize)


def test_the_readmes_first_example_puts_the_cards_that_draw_first():
    engine = SearchEngine(grimoire.open())
    names = [r.card.name for r in engine.search("whenever a creature you control dies, draw a card id<=bg",
                                                limit=20).results]
    below = names.index("The Meathook Massacre") if "The Meathook Massacre" in names else len(names)
    assert names.index("Midnight Reaper") < below and names.index("Grim Haruspex") < below
