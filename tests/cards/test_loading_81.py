"""produced_mana read from rules text: mana a player "adds", and mana of a colour the text leaves open."""

from __future__ import annotations

import pytest

from grimoire.cards.loading import produced_mana

# Their text as the corpus has it (../shared/data/oracle_corpus.json.gz), and the colours Scryfall's card object
# documents for produced_mana ("colors of mana that this card could produce", https://scryfall.com/docs/api/cards)
ADDS = [
    ("Wild Growth", "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional {G}.",
     ("G",)),
    ("Overgrowth", "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional "
                   "{G}{G}.", ("G",)),
    ("Eladamri's Vineyard", "At the beginning of each player's first main phase, that player adds {G}{G}.", ("G",)),
    ("Victory Chimes", "Untap this artifact during each other player's untap step.\n{T}: A player of your choice "
                       "adds {C}.", ("C",)),
    ("Fertile Ground", "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional "
                       "one mana of any color.", ("W", "U", "B", "R", "G")),
]
OPEN_COLOUR = [
    ("Chrome Mox", "Imprint — When this artifact enters, you may exile a nonartifact, nonland card from your hand.\n"
                   "{T}: Add one mana of any of the exiled card's colors.", ("W", "U", "B", "R", "G")),
    ("Pit of Offerings", "This land enters tapped.\nWhen this land enters, exile up to three target cards from "
                         "graveyards.\n{T}: Add {C}.\n{T}: Add one mana of any of the exiled cards' colors.",
     ("W", "U", "B", "R", "G", "C")),
    ("Coldsteel Heart", "This artifact enters tapped.\nAs this artifact enters, choose a color.\n{T}: Add one mana of "
                        "the chosen color.", ("W", "U", "B", "R", "G")),
    ("Firemind Vessel", "This artifact enters tapped.\n{T}: Add two mana of different colors.",
     ("W", "U", "B", "R", "G")),
]


@pytest.mark.parametrize("name, text, colours", ADDS, ids=[case[0] for case in ADDS])
def test_mana_a_player_adds_is_produced(name, text, colours):
    """The reader had taken only the imperative "Add": 47 cards that make mana for "its controller" or "that
    player" (Wild Growth, Eladamri's Vineyard) produced none, so produces:g missed them."""
    assert produced_mana(text) == colours


@pytest.mark.parametrize("name, text, colours", OPEN_COLOUR, ids=[case[0] for case in OPEN_COLOUR])
def test_mana_of_a_colour_the_text_leaves_open_is_every_colour(name, text, colours):
    """Chrome Mox had produced nothing, Pit of Offerings only {C}: a colour the card chooses later is any."""
    assert produced_mana(text) == colours

