"""Playtest and Un-cards that players' reviews found in everyday top tens as Commander-legal cards."""
from grimoire.cards.home import bundled_store_dir
from grimoire.cards.store import CardDB


def test_bundled_snapshot_marks_the_playtest_cards_reviews_found_funny():
    """Wrath of Leknif had been third for "board wipes" and second for "wraths"; Rin and Seri, Inseparabler led
    "dog tribal"; Guilded Lotus, Black Tulip, Proper Laboratory Attire and Krosan Adaptation carry a playtest
    mechanic (a guild pledged, a card kept track of, protection from die rolls, storm copies entering as tokens).
    Their printed namesakes and neighbours (Wrath of God, Gilded Lotus, Rin and Seri, Inseparable, Chrome Mox,
    Emrakul, the Aeons Torn) stay real."""
    db = CardDB(bundled_store_dir())
    for name in ("Wrath of Leknif", "Eldest Dragon Highlander", "First Stage of Magic Design", "Personal Decoy",
                 "Rin and Seri, Inseparabler", "The Dogronmaster", "Emrakul and Chatterfang",
                 "Manakin and Millikin", "Yet Another Aether Vortex", "Everythingamajig", "Spuzzem Strategist",
                 "Main Event Horizon", "Guilded Lotus", "Guildmark", "Black Tulip", "Proper Laboratory Attire",
                 "Krosan Adaptation"):
        card = db.cards_at([db.names.find(name)])[0]
        assert card.name == name and card.is_funny is True, name
        assert card.legalities["commander"] == "not_legal", name
    for name in ("Wrath of God", "Gilded Lotus", "Rin and Seri, Inseparable", "Chrome Mox",
                 "Emrakul, the Aeons Torn", "Manakin"):
        card = db.cards_at([db.names.find(name)])[0]
        assert card.name == name and card.is_funny is False, name
