from __future__ import annotations

import dataclasses

import pytest

from grimoire.decks import ParsedDeck, validate_deck
from grimoire.decks.parse import DeckEntry
from grimoire.decks.validate import can_be_commander, copy_limit, legal_pair


def errors(violations) -> dict[str, list[str]]:
    return {v.rule: v.cards for v in violations if v.is_error}


def deck_of(db, commanders: list[str], main: list[tuple[int, str]], sideboard=()) -> ParsedDeck:
    def entries(rows):
        return [DeckEntry(n, db.named(name), i, name) for i, (n, name) in enumerate(rows, start=1)]

    return ParsedDeck(commanders=entries([(1, c) for c in commanders]), main=entries(main),
                      sideboard=entries(sideboard))


def test_legal_commander_deck_passes(read_deck):
    deck = read_deck("golgari_commander.txt")
    assert validate_deck(deck) == []
    assert [v.rule for v in validate_deck(deck, bracket=2)] == ["bracket"]  # (a note, its Game Changer count)


def test_broken_commander_deck_names_every_rule_and_card(read_deck):
    found = validate_deck(read_deck("broken_commander.txt"), "commander", bracket=3)
    broken = errors(found)
    assert set(broken) == {"deck size", "singleton", "partner", "color identity", "banned", "game changers"}
    assert broken["singleton"] == ["Sol Ring"]
    assert broken["color identity"] == ["Lightning Bolt"]
    assert broken["banned"] == ["Mana Crypt"]
    assert set(broken["partner"]) == {"Meren of Clan Nel Toth", "The Gitrog Monster"}
    assert broken["game changers"] == ["Demonic Tutor", "Natural Order", "Necropotence", "Vampiric Tutor"]
    size = next(v for v in found if v.rule == "deck size")
    assert "99 cards" in size.message
    unread = next(v for v in found if v.rule == "unreadable lines")
    assert not unread.is_error and unread.cards == ["1 Notacard Xyz"] and "line 30" in unread.message
    assert found[-1] is unread  # warnings after errors


@pytest.mark.parametrize(("bracket", "broken"),
                         [(1, True), (2, True), (3, True), (4, False), (5, False), (None, False)])
def test_game_changer_limits_by_bracket(read_deck, bracket, broken):
    found = validate_deck(read_deck("broken_commander.txt"), bracket=bracket)
    assert ("game changers" in errors(found)) is broken


def test_bad_arguments(read_deck):
    deck = read_deck("golgari_commander.txt")
    with pytest.raises(ValueError, match="bracket"):
        validate_deck(deck, bracket=6)
    with pytest.raises(ValueError, match="unknown format"):
        validate_deck(deck, "hearthstone")


def test_scryfalls_format_shorthand_names_the_format(read_deck):
    deck = read_deck("broken_commander.txt")
    assert validate_deck(deck, "EDH", bracket=2) == validate_deck(deck, "commander", bracket=2)
    assert validate_deck(deck, "m") == validate_deck(deck, "modern")


@pytest.mark.parametrize(("name", "limit"), [
    ("Forest", None), ("Snow-Covered Swamp", None), ("Relentless Rats", None), ("Persistent Petitioners", None),
    ("Seven Dwarves", 7), ("Nazgûl", 9), ("Sol Ring", 1),
])
def test_copy_limits(db, name, limit):
    assert copy_limit(db.named(name), 1) == limit


def test_seven_dwarves_and_rats_in_commander(db):
    filler = [(90, "Swamp")]
    ok = deck_of(db, ["Kardur, Doomscourge"], [(7, "Seven Dwarves"), (2, "Relentless Rats"), *filler])
    assert "singleton" not in errors(validate_deck(ok))
    too_many = deck_of(db, ["Kardur, Doomscourge"], [(8, "Seven Dwarves"), (1, "Relentless Rats"), *filler])
    assert errors(validate_deck(too_many))["singleton"] == ["Seven Dwarves"]


@pytest.mark.parametrize(("first", "second", "legal"), [
    ("Thrasios, Triton Hero", "Tymna the Weaver", True),
    ("Pir, Imaginative Rascal", "Toothy, Imaginary Friend", True),
    ("Pir, Imaginative Rascal", "Thrasios, Triton Hero", False),
    ("Brallin, Skyshark Rider", "Toothy, Imaginary Friend", False),
    ("Wilson, Refined Grizzly", "Candlekeep Sage", True),
    ("Thrasios, Triton Hero", "Candlekeep Sage", False),
    ("Clara Oswald", "The Tenth Doctor", True),
    ("Clara Oswald", "Thrasios, Triton Hero", False),
    ("Elmar, Ulvenwald Informant", "Sophina, Spearsage Deserter", True),
    ("Elmar, Ulvenwald Informant", "Joel, Resolute Survivor", False),
    ("Meren of Clan Nel Toth", "The Gitrog Monster", False),
])
def test_commander_pairs(db, first, second, legal):
    assert legal_pair(db.named(first), db.named(second)) is legal
    assert legal_pair(db.named(second), db.named(first)) is legal


@pytest.mark.parametrize(("name", "eligible"), [
    ("Meren of Clan Nel Toth", True), ("Teferi, Temporal Archmage", True), ("Grist, the Hunger Tide", True),
    ("Sol Ring", False), ("Llanowar Elves", False), ("Jace, the Mind Sculptor", False),
])
def test_commander_eligibility(db, name, eligible):
    assert can_be_commander(db.named(name)) is eligible


def test_ineligible_commander_and_background_pair(db):
    lands = [(98, "Forest")]
    assert errors(validate_deck(deck_of(db, ["Llanowar Elves"], [(99, "Forest")])))["commander"] == [
        "Llanowar Elves"]
    assert not errors(validate_deck(deck_of(db, ["Wilson, Refined Grizzly", "Candlekeep Sage"], lands)))
    assert errors(validate_deck(deck_of(db, ["Candlekeep Sage"], [(99, "Island")])))["commander"] == [
        "Candlekeep Sage"]
    assert "commander" in errors(validate_deck(deck_of(db, [], [(100, "Forest")])))


def test_mtgo_commander_in_the_sideboard(db):
    deck = deck_of(db, [], [(99, "Forest")], sideboard=[(1, "Meren of Clan Nel Toth")])
    found = validate_deck(deck)
    assert not errors(found)
    assert any(v.rule == "commander" and not v.is_error for v in found)


def test_modern_deck_checks_counts_and_notes_unknown_legality(read_deck):
    found = validate_deck(read_deck("modern_burn.txt"), "modern")
    assert not errors(found)
    [note] = [v for v in found if v.rule == "legality unknown"]
    assert "modern" in note.message and len(note.cards) == 22


def test_constructed_counts(db):
    deck = deck_of(db, [], [(5, "Lightning Bolt"), (54, "Mountain")], sideboard=[(16, "Mountain")])
    broken = errors(validate_deck(deck, "modern"))
    assert broken["copies"] == ["Lightning Bolt"]
    assert set(broken) == {"copies", "deck size", "sideboard size"}


def test_constructed_legality_where_known(db):
    crypt = dataclasses.replace(db.named("Mana Crypt"), legalities={"vintage": "restricted", "modern": "banned"})
    deck = ParsedDeck(main=[DeckEntry(2, crypt, 1, "Mana Crypt"), DeckEntry(58, db.named("Island"), 2, "Island")])
    assert errors(validate_deck(deck, "vintage"))["restricted"] == ["Mana Crypt"]
    assert errors(validate_deck(deck, "modern"))["banned"] == ["Mana Crypt"]


def test_a_line_past_the_cap_is_listed_as_unread_not_as_an_unknown_card(db):
    """A list past 10,000 lines had been told "1 line(s) name no known card (line 10001)", with an empty name."""
    from grimoire.decks import parse_decklist

    deck = parse_decklist("1 Sol Ring\n" * 10_001, db)
    unread = next(v for v in validate_deck(deck, "commander") if v.rule == "unreadable lines")
    assert "could not be read (line 10001)" in unread.message
    assert unread.cards == ["the decklist has more than 10,000 lines; the rest was not read"]


def test_a_constructed_sideboard_counts_its_companion(db):
    """The companion is one of the sideboard's 15 cards; the reader now keeps a companion listed in both places once,
    in its own section, so fifteen other sideboard cards beside it had passed as a legal sideboard."""
    deck = deck_of(db, [], [(4, "Opt"), (56, "Island")], sideboard=[(4, "Duress"), (11, "Swamp")])
    deck.companion.append(DeckEntry(1, db.named("Lurrus of the Dream-Den"), 20, "Lurrus of the Dream-Den"))
    found = [v for v in validate_deck(deck, "modern") if v.rule == "sideboard size"]
    assert [v.message for v in found] == ["the sideboard has 16 cards with the companion; at most 15 allowed"]
    deck.sideboard[1] = dataclasses.replace(deck.sideboard[1], quantity=10)
    assert not [v for v in validate_deck(deck, "modern") if v.rule == "sideboard size"]


def test_a_meld_result_is_no_card_in_a_deck_nor_a_commander(db):
    """Brisela, Voice of Nightmares had passed as a commander, and Chittering Host as a main-deck card: a meld
    result is printed on the backs of two cards and exists only melded (CR 712.4), so its line is an error naming
    the two cards to list instead. Its parts are cards like any other."""
    from grimoire.decks import parse_decklist

    brisela = parse_decklist("Commander\n1 Brisela, Voice of Nightmares\n\nDeck\n1 Sol Ring\n98 Plains\n", db)
    [meld] = [v for v in validate_deck(brisela, "commander") if v.rule == "meld result"]
    assert meld.is_error and meld.cards == ["Brisela, Voice of Nightmares"]
    assert meld.message == ("line 2: Brisela, Voice of Nightmares is the melded back half of Bruna, the Fading "
                            "Light and Gisela, the Broken Blade, never the commander: list those two cards instead")
    host = parse_decklist("4 Graf Rats\n4 Midnight Scavengers\n1 Chittering Host\n51 Swamp\n", db)
    [meld] = [v for v in validate_deck(host, "legacy") if v.rule == "meld result"]
    assert meld.is_error and meld.message.startswith("line 3: Chittering Host is the melded back half of Graf Rats "
                                                     "and Midnight Scavengers, never a card in a deck")
    # every meld result the card data holds is known by its parts' rules text, not by a list of names
    assert set(db.meld_parts) == {"Brisela, Voice of Nightmares", "Chittering Host", "Hanweir, the Writhing Township",
                                  "Urza, Planeswalker", "Mishra, Lost to Phyrexia", "Titania, Gaea Incarnate",
                                  "Ragnarok, Divine Deliverance"}


def test_a_deck_within_its_bracket_gets_its_game_changer_count(db):
    deck = deck_of(db, ["Meren of Clan Nel Toth"], [(1, "Demonic Tutor"), (1, "Vampiric Tutor"), (97, "Swamp")])
    found = validate_deck(deck, bracket=3)
    assert not errors(found)
    [note] = [v for v in found if v.rule == "bracket"]
    assert note.message.startswith("2 Game Changers; bracket 3 allows at most 3")
    assert note.cards == ["Demonic Tutor", "Vampiric Tutor"]
