from __future__ import annotations

import json

import pytest

from grimoire.decks import load_mtgjson_deck, parse_decklist
from grimoire.decks.parse import ParsedDeck


def cards(deck: ParsedDeck, section: str) -> list[tuple[int, str]]:
    return [(e.quantity, e.card.name) for e in deck.section(section)]


def test_commander_deck_with_headers(read_deck):
    deck = read_deck("golgari_commander.txt")
    assert cards(deck, "commanders") == [(1, "Meren of Clan Nel Toth")]
    assert deck.count("main") == 99 and deck.count() == 100
    assert not deck.problems and not deck.sideboard


def test_arena_and_moxfield_exports_read_the_same(read_deck):
    """The same deck as Arena and Moxfield export it (Moxfield's with its main deck first and the commander under
    "// Command Zone" after it; no companion, which its sources do not show: see tests/fixtures/decks/README.md)."""
    arena, moxfield = read_deck("atraxa_arena.txt"), read_deck("atraxa_moxfield.txt")
    for section in ("commanders", "main", "sideboard"):
        assert cards(arena, section) == cards(moxfield, section), section
    assert cards(moxfield, "commanders") == [(1, "Atraxa, Praetors' Voice")]
    assert not moxfield.problems and not moxfield.corrections and not moxfield.companion
    assert arena.name == "Atraxa Counters"
    assert cards(arena, "companion") == [(1, "Lurrus of the Dream-Den")]
    assert cards(arena, "sideboard") == [(1, "Duress")]
    # Front faces and full names of multi-face cards find the same card.
    assert (1, "Giant Killer // Chop Down") in cards(arena, "main")
    assert (1, "Delver of Secrets // Insectile Aberration") in cards(moxfield, "main")
    assert (4, "Forest") in cards(moxfield, "main")


def test_mtgo_sideboard_after_a_blank_line(read_deck):
    deck = read_deck("modern_burn.txt")
    assert deck.count("main") == 60 and deck.count("sideboard") == 15
    assert cards(deck, "sideboard")[0] == (3, "Path to Exile")


def test_unknown_line_is_a_problem_and_the_rest_loads(db):
    deck = parse_decklist("1 Sol Ring\n1 Notacard Xyz\n1 Lightning Bolt\n", db)
    assert cards(deck, "main") == [(1, "Sol Ring"), (1, "Lightning Bolt")]
    [problem] = deck.problems
    assert problem.line_number == 2 and problem.text == "1 Notacard Xyz"
    assert "Notacard Xyz" in problem.reason


def test_typos_get_a_confident_match_or_suggestions(db):
    deck = parse_decklist("1 Lightning Bolr\n1 Llanowar\n", db)
    assert cards(deck, "main") == [(1, "Lightning Bolt")]
    [problem] = deck.problems
    assert problem.line_number == 2 and any("Llanowar" in s for s in problem.suggestions)


@pytest.mark.parametrize("text", [
    "Commander:\n1 Atraxa, Praetors' Voice\nDeck:\n1 Sol Ring\nSIDEBOARD:\n1 Duress\n",
    "// Commander\n1 Atraxa, Praetors' Voice\n// Deck\n1 Sol Ring\n// Sideboard\n1 Duress\n",
    "Commander (1)\n1x Atraxa, Praetors' Voice\n\nMainboard (1)\nSol Ring\n\nSideboard (1)\n1 Duress\n",
    "COMMANDER\n1 Atraxa, Praetors' Voice [2X2]\nDECK\n# ramp\n1 Sol Ring #Ramp\nSB: 1 Duress\n",
])
def test_header_spellings(db, text):
    deck = parse_decklist(text, db)
    assert not deck.problems
    assert cards(deck, "commanders") == [(1, "Atraxa, Praetors' Voice")]
    assert cards(deck, "main") == [(1, "Sol Ring")]
    assert cards(deck, "sideboard") == [(1, "Duress")]


# A list grouped by card type, as MTGTop8's deck pages group theirs ("LANDS (23)", "CREATURES (22)", "INSTANTS and
# SORC. (16)", "OTHER SPELLS", the headers a public scraper of its pages skips) and lists copied from deck sites keep
# ("Creatures (24)"); the group headers had been bad lines, and a bare "Instant" the card Instant Ramen.
TYPE_GROUPED = """Commander (1)
1 Atraxa, Praetors' Voice

Creatures (1)
1 Birds of Paradise
LANDS (2)
2 Forest
INSTANTS and SORC. (2)
1 Swords to Plowshares
1 Cultivate
OTHER SPELLS (1)
1 Sol Ring
Instant
1 Counterspell
Sideboard (1)
1 Duress
"""


def test_card_type_groups_are_headers_of_the_main_deck(db):
    deck = parse_decklist(TYPE_GROUPED, db)
    assert not deck.problems and not deck.corrections
    assert cards(deck, "commanders") == [(1, "Atraxa, Praetors' Voice")]
    assert [name for _, name in cards(deck, "main")] == ["Birds of Paradise", "Forest", "Swords to Plowshares",
                                                          "Cultivate", "Sol Ring", "Counterspell"]
    assert cards(deck, "sideboard") == [(1, "Duress")]


def test_plain_list_in_several_blocks_stays_main(db):
    deck = parse_decklist("1 Sol Ring\n\n1 Forest\n\n1 Swamp\n", db)
    assert deck.count("main") == 3 and not deck.sideboard


def test_maybeboard_is_skipped_and_slash_spelling_is_read(db):
    deck = parse_decklist("Deck\n1 Delver of Secrets/Insectile Aberration\nMaybeboard\n1 Sol Ring\n", db)
    assert cards(deck, "main") == [(1, "Delver of Secrets // Insectile Aberration")]


def test_mtgjson_deck_by_oracle_id_then_name(db, tmp_path):
    bolt = db.named("Lightning Bolt")
    payload = {"data": {
        "name": "Test", "commander": [{"name": "Atraxa, Praetors' Voice", "count": 1, "identifiers": {}}],
        "mainBoard": [
            {"name": "Misprinted Name", "count": 2, "identifiers": {"scryfallOracleId": bolt.oracle_id}},
            {"name": "Sol Ring", "count": 1, "identifiers": {"scryfallOracleId": "not-in-this-store"}},
            {"name": "Notacard Xyz", "count": 1},
        ],
        "sideBoard": [{"name": "Duress", "count": 3}],
    }}
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(payload), encoding="utf-8")
    for deck in (load_mtgjson_deck(payload, db), load_mtgjson_deck(path, db)):
        assert deck.name == "Test"
        assert cards(deck, "commanders") == [(1, "Atraxa, Praetors' Voice")]
        assert cards(deck, "main") == [(2, "Lightning Bolt"), (1, "Sol Ring")]
        assert cards(deck, "sideboard") == [(3, "Duress")]
        assert [(p.line_number, p.text) for p in deck.problems] == [(3, "mainBoard: 1 Notacard Xyz")]


def test_not_an_mtgjson_deck(db):
    with pytest.raises(ValueError, match="not an MTGJSON deck"):
        load_mtgjson_deck({"data": {"cards": []}}, db)


def test_to_dict_is_json(read_deck):
    data = json.loads(json.dumps(read_deck("broken_commander.txt").to_dict()))
    assert data["problems"][0]["line_number"] == 30
    assert data["commanders"][1]["name"] == "The Gitrog Monster"


def test_archidekt_categories_and_tappedout_markers(db):
    """Archidekt's text export ends a line with its categories ("[Commander{top}]" for the commander); TappedOut
    marks the commander *CMDR* and etched foils *f-etched* (the lines as public deck-import code reads them:
    "{quantity}x {name} ({set}) {collector number} [{category}] ^{tag}^", "1x Alesha, Who Smiles at Death *CMDR*")."""
    archidekt = parse_decklist("1x Atraxa, Praetors' Voice (c16) 28 [Commander{top}]\n"
                               "1x Arcane Signet (c21) 236 [Removal]\n1x Rhystic Study (pcy) 45 [Card Draw]\n"
                               "1x Command Tower (c21) 284 [Land,Ramp]\n", db)
    assert cards(archidekt, "commanders") == [(1, "Atraxa, Praetors' Voice")]
    assert cards(archidekt, "main") == [(1, "Arcane Signet"), (1, "Rhystic Study"), (1, "Command Tower")]
    assert not archidekt.problems
    tappedout = parse_decklist("1x Alesha, Who Smiles at Death *CMDR*\n1x Sol Ring *f-etched*\n", db)
    assert cards(tappedout, "commanders") == [(1, "Alesha, Who Smiles at Death")]
    assert cards(tappedout, "main") == [(1, "Sol Ring")] and not tappedout.problems


def test_a_count_after_the_name_and_a_name_that_starts_with_a_sign(db):
    deck = parse_decklist("Lightning Bolt x4\nCounterspell x 2\n+2 Mace\n", db)
    assert cards(deck, "main") == [(4, "Lightning Bolt"), (2, "Counterspell"), (1, "+2 Mace")]
    assert not deck.problems and not deck.corrections


def test_an_mtgjson_deck_reads_at_most_as_many_entries_as_a_text_deck(db):
    from grimoire.decks.parse import MAX_LINES

    deck = load_mtgjson_deck({"data": {"mainBoard": [{"name": "Forest", "count": 1}] * 150_000}}, db)
    assert len(deck.main) == MAX_LINES
    assert deck.problems[-1].reason.endswith("card entries; the rest was not read")


def test_archidekt_categories_marked_nodeck_are_not_in_the_deck(db):
    """Archidekt's text export writes a category that is not included in the deck with "{noDeck}" (its API's
    includedInDeck false; "{noPrice}" and "{top}" likewise, as Nitemice/archidekt-backup-gas writes them): the
    maybeboard and other such categories are set aside, and the Sideboard is the sideboard."""
    deck = parse_decklist("1x Sol Ring (c21) 263 [Ramp]\n1x Opt (xln) 65 [Maybeboard{noDeck}{noPrice}]\n"
                          "1x Negate (m21) 59 [Sideboard{noDeck}]\n1x Ponder (m12) 73 [Draw{noDeck}]\n", db)
    assert cards(deck, "main") == [(1, "Sol Ring")]
    assert cards(deck, "sideboard") == [(1, "Negate")]
    assert deck.set_aside == 2 and not deck.problems


@pytest.mark.parametrize(("line", "expected"), [
    ("1 X (UNF) 12", (1, "X")),  # the "x" of "1x" is not taken from the card X
    ("X", (1, "X")),
    ("+2 Mace x2", (2, "+2 Mace")),
    ("+2 Mace (AFR) 1", (1, "+2 Mace")),
    ("+2 Mace *F*", (1, "+2 Mace")),
    ("1 +2 Mace", (1, "+2 Mace")),
    ("Hazmat Suit (Used) x2", (2, "Hazmat Suit (Used)")),  # "(Used)" is no set code
    ("1996 World Champion", (1, "1996 World Champion")),  # no count of 1996
    ("Dimension X", (1, "Dimension X")),
    ("Lightning Bolt [Removal] x4", (4, "Lightning Bolt")),
    ("Counterspell (x4)", (4, "Counterspell")),
    ("Lightning Bolt \u00d74", (4, "Lightning Bolt")),
    ("x4 Lightning Bolt", (4, "Lightning Bolt")),
    ("4 x Opt", (4, "Opt")),
    ("1x Bind // Liberate (cmr) 12 [Ramp]", (1, "Bind // Liberate")),  # not the card Bind
])
def test_names_that_look_like_counts_set_codes_or_markers_are_read_whole(db, line, expected):
    deck = parse_decklist(line, db)
    assert cards(deck, "main") == [expected]
    assert not deck.problems and not deck.corrections


def test_a_blank_line_ends_the_command_zone(db):
    """MTG Arena's export (as in intuited/brawlrating's test data: "Commander\\n1 Teysa, Opulent Oligarch (MKM)
    234\\n\\nDeck\\n8 Swamp (M21) 311...") ends the commander with a blank line; a list without the "Deck" header
    after it has its deck there."""
    deck = parse_decklist("Commander\n1 Atraxa, Praetors' Voice\n\n1 Sol Ring\n1 Arcane Signet\n", db)
    assert cards(deck, "commanders") == [(1, "Atraxa, Praetors' Voice")]
    assert cards(deck, "main") == [(1, "Sol Ring"), (1, "Arcane Signet")]
    partners = parse_decklist("Commander\n1 Tymna the Weaver\n1 Thrasios, Triton Hero\n\nDeck\n1 Sol Ring\n", db)
    assert cards(partners, "commanders") == [(1, "Tymna the Weaver"), (1, "Thrasios, Triton Hero")]


def test_a_first_line_that_is_a_card_is_not_the_deck_name(db):
    deck = parse_decklist("Name Dropping\n1 Sol Ring\n", db)
    assert cards(deck, "main") == [(1, "Name Dropping"), (1, "Sol Ring")] and deck.name is None
    named = parse_decklist("Name Atraxa Counters\n1 Sol Ring\n", db)
    assert named.name == "Atraxa Counters" and cards(named, "main") == [(1, "Sol Ring")]


def test_lines_after_about_are_read_or_reported_never_dropped(db):
    """MTG Arena's export opens with "About" and "Name <deck name>", then a blank line (the shape z33kz33k/mtg's
    mtg/deck/arena.py reads: an "About" line followed by a "Name " line); any other line under "About" is read as
    itself: it had been skipped, unreported, up to the next blank line."""
    arena = parse_decklist("About\nName Burn\n\nDeck\n4 Lightning Bolt (2XM) 123\n20 Mountain (2XM) 272\n", db)
    assert arena.name == "Burn" and cards(arena, "main") == [(4, "Lightning Bolt"), (20, "Mountain")]
    assert not arena.problems
    for text in ("About\n1 Sol Ring\n4 Forest\n", "Deck\nAbout\n1 Sol Ring\n4 Forest\n"):
        deck = parse_decklist(text, db)
        assert cards(deck, "main") == [(1, "Sol Ring"), (4, "Forest")] and not deck.problems
    unknown = parse_decklist("About\nName Burn\nAuthor Someone\n1 Sol Ring\n", db)
    assert unknown.name == "Burn" and cards(unknown, "main") == [(1, "Sol Ring")]
    assert [p.line_number for p in unknown.problems] == [3]


@pytest.mark.parametrize(("line", "expected"), [
    ("4x Lightning Bolt", (4, "Lightning Bolt")),  # Archidekt's "{quantity}x {name}"
    ("Lightning Bolt x 4", (4, "Lightning Bolt")),  # z33kz33k/mtg's arena.py: "Commit /// Memory x4" as sites write
    ("4Lightning Bolt", (4, "Lightning Bolt")),  # typed against the name: no card name has a letter there
    ("10Forest", (10, "Forest")),
    ("4xForest", (4, "Forest")),
    ("2Xenagos, the Reveler", (2, "Xenagos, the Reveler")),  # the "X" begins the name
    ("1 Naturalize 2", (1, "Naturalize 2")),  # a name that ends in a number
    ("1 Opt*CMDR*", (1, "Opt")),  # TappedOut writes " *CMDR*"; no card name holds a "*", so the space is not needed
])
def test_counts_as_players_and_exports_write_them(db, line, expected):
    deck = parse_decklist(line, db)
    assert [(e.quantity, e.card.name) for s in ("commanders", "main") for e in deck.section(s)] == [expected]
    assert not deck.problems and not deck.corrections
    assert bool(deck.commanders) == ("CMDR" in line)


@pytest.mark.parametrize("marker", ["# !Commander", "#!Commander"])
def test_deckstats_commander_marker_and_printing_before_the_name(db, marker):
    """Deckstats marks the commander "# !Commander" or "#!Commander" (both as SpaceCowMedia/commander-spellbook-
    backend's backend/common/tests/test_serializers.py reads a Deckstats list), names the deck "//NAME: <name> from
    deckstats.net" and may write a printing before the name ("1 [KLD] Demolition Stomper"). The marker had made the
    line an unknown card, the printing a misspelt one."""
    deck = parse_decklist(f"//NAME: Atraxa Superfriends from deckstats.net\n//Main\n1 Atraxa, Praetors' Voice {marker}"
                          "\n1 [CMM] Sol Ring\n1 [CMM#367] Arcane Signet\n\n//Sideboard\nSB: 1 Duress\n", db)
    assert not deck.problems and not deck.corrections
    assert cards(deck, "commanders") == [(1, "Atraxa, Praetors' Voice")]
    assert cards(deck, "main") == [(1, "Sol Ring"), (1, "Arcane Signet")]
    assert cards(deck, "sideboard") == [(1, "Duress")] and deck.name == "Atraxa Superfriends"


def test_xmage_dck_file(db):
    """XMage's .dck, as magefree/mage writes it (XmageDeckExporter: "NAME:", "AUTHOR:", "N [SET:NUM] Name",
    "SB: N [SET:NUM] Name", then "LAYOUT MAIN:" and "LAYOUT SIDEBOARD:" lines placing the same cards on its editor's
    grid) and reads it (DckDeckImporter). Its printings had made every card a misspelt name, NAME: an unknown card."""
    text = ("NAME:Atraxa\nAUTHOR:someone\n1 [CMM:410] Sol Ring\n1 [CMM:367] Arcane Signet\n"
            "1 [ODY:72+] Cephalid Looter\nSB: 1 [2XM:190] Atraxa, Praetors' Voice\n"
            "LAYOUT MAIN:(1,3)(NONE,false,50)|([CMM:410])([CMM:367])([ODY:72+])\n"
            "LAYOUT SIDEBOARD:(1,1)(NONE,false,50)|([2XM:190])\n")
    deck = parse_decklist(text, db)
    assert not deck.problems and not deck.corrections and deck.name == "Atraxa"
    assert cards(deck, "main") == [(1, "Sol Ring"), (1, "Arcane Signet"), (1, "Cephalid Looter")]
    assert cards(deck, "sideboard") == [(1, "Atraxa, Praetors' Voice")]  # XMage keeps the commander there


def test_a_commander_on_its_header_line(db):
    """"Commander: Alesha, Who Smiles at Death" had been read, by fuzzy matching, as Alesha in the main deck; a card
    whose name holds a colon is still that card."""
    deck = parse_decklist("Commander: Alesha, Who Smiles at Death\n\nMain:\n1 Sol Ring\n1 Circle of Protection: Red\n",
                          db)
    assert cards(deck, "commanders") == [(1, "Alesha, Who Smiles at Death")]
    assert cards(deck, "main") == [(1, "Sol Ring"), (1, "Circle of Protection: Red")]
    assert not deck.corrections and not deck.problems
    headerless = parse_decklist("COMMANDER: 1 Alesha, Who Smiles at Death\n\n1 Sol Ring\n", db)
    assert cards(headerless, "commanders") == [(1, "Alesha, Who Smiles at Death")]
    assert cards(headerless, "main") == [(1, "Sol Ring")]  # not an MTGO sideboard after the blank line
    unknown = parse_decklist("Commander: Notacard Xyz\n1 Sol Ring\n", db)
    assert [p.line_number for p in unknown.problems] == [1] and cards(unknown, "main") == [(1, "Sol Ring")]


def test_every_decklist_fixture_names_the_format_it_stands_for():
    """Each fixture of an outside format names where the format was learned (tests/fixtures/decks/README.md)."""
    from tests.decks.conftest import DECKS

    readme = (DECKS / "README.md").read_text(encoding="utf-8")
    for fixture in sorted([*DECKS.glob("*.txt"), *DECKS.glob("*.dck")]):
        assert f"`{fixture.name}`" in readme, fixture.name


def test_forge_dck_file(read_deck):
    """Forge's .dck (tests/fixtures/decks/README.md names Forge's DeckSerializer, DeckFileHeader and DeckSection):
    its [metadata] and section lines had each been an unknown card, its "|SET|art" printings had made every card a
    problem, and the [Commander] card had landed in the main deck."""
    deck = read_deck("kenrith_forge.dck")
    assert not deck.problems and not deck.corrections and deck.name == "Kenrith Forge"
    assert cards(deck, "commanders") == [(1, "Kenrith, the Returned King")]
    assert cards(deck, "main") == [(1, "Sol Ring"), (1, "Fire // Ice"), (1, "Arcane Signet"), (96, "Forest")]
    assert cards(deck, "sideboard") == [(2, "Lightning Bolt")]
    assert deck.set_aside == 1 and deck.notes == ["Forge's [Planes] section (1 line) was set aside: no deck section "
                                                  "here holds it"]


def test_two_cards_on_one_line_are_two_cards_never_the_first_alone(db):
    """EDHREC writes a partner pair "Tymna the Weaver // Thrasios, Triton Hero"; it had read as Tymna alone, and
    "Sol Ring // Nonsense" as Sol Ring, with nothing said. A real two-faced name still reads as its one card."""
    deck = parse_decklist("Commander\n1 Tymna the Weaver // Thrasios, Triton Hero\n\nDeck\n1 Sol Ring\n"
                          "1 Sol Ring // Nonsense\n1 Fire // Ice\n1 Fire/Ice\n"
                          "1 Delver of Secrets // Insectile Aberration\n"
                          "1 Delver of Secrets // Totally Wrong Back\n", db)
    assert cards(deck, "commanders") == [(1, "Tymna the Weaver"), (1, "Thrasios, Triton Hero")]
    assert deck.notes == ["line 2: 'Tymna the Weaver // Thrasios, Triton Hero' names 2 cards, read as Tymna the "
                          "Weaver and Thrasios, Triton Hero: write one card a line"]
    assert cards(deck, "main") == [(1, "Sol Ring"), (1, "Fire // Ice"), (1, "Fire // Ice"),
                                   (1, "Delver of Secrets // Insectile Aberration")]
    assert [(p.line_number, p.reason.split(":")[0]) for p in deck.problems] == [
        (6, "Sol Ring is a card but 'Nonsense' is not"),
        (10, "Delver of Secrets // Insectile Aberration is a card but 'Totally Wrong Back' is not")]
    assert not deck.corrections


def test_an_alchemy_card_reads_as_its_paper_card_with_a_note_saying_so(db):
    """An Arena export's "A-Teferi, Time Raveler" (an Alchemy rebalance, which the card data leaves out) had been
    read through a spelling correction, as if misspelt."""
    deck = parse_decklist("Deck\n1 A-Teferi, Time Raveler\n1 Sol Ring\n", db)
    assert cards(deck, "main") == [(1, "Teferi, Time Raveler"), (1, "Sol Ring")] and not deck.corrections
    assert deck.notes == ["line 2: 'A-Teferi, Time Raveler' is an Alchemy rebalanced card (A-...): read as the paper "
                          "card Teferi, Time Raveler"]


def test_archidekt_line_with_no_set_chosen_is_the_commander(db):
    """Archidekt writes "()" where no printing was chosen: SpaceCowMedia/commander-spellbook-backend's
    backend/common/tests/test_serializers.py (test_archidekt_string) reads exactly this list. Its last line had been
    refused ("the number 30 after the name may be a count or a collector number"), leaving the deck no commander."""
    text = ("10x Forest (clb) 662 [Lands] ^BID,#fbe955^\n"
            "4x Llanowar Elves (m19) 192 [Creatures] ^COMPILED,#ef56e4^\n"
            "1x Bottomless Pool // Locker Room (iko) 243 [ASD,KEK] ^COMPILED,#ef56e4^\n"
            "1x Nissa, Who Shakes the World () 30 [Commander{top}] ^Have,#37d67a^\n")
    deck = parse_decklist(text, db)
    assert not deck.problems and not deck.corrections
    assert cards(deck, "commanders") == [(1, "Nissa, Who Shakes the World")]
    assert cards(deck, "main") == [(10, "Forest"), (4, "Llanowar Elves"), (1, "Bottomless Pool // Locker Room")]


# Tags of several words after the name, alone or after an Arena printing, as lheyberger/mtg-parser's
# tests/test_grammar.py reads them (test_mtgo_line, test_mtga_line: "#Extra Turn", "#!Card Advantage", "#!Ramp #Draw")
@pytest.mark.parametrize(("line", "expected"), [
    ("1 Gilded Drake #!Card Advantage", (1, "Gilded Drake")),
    ("20 Lim-Dûl's Vault #Extra Turn", (20, "Lim-Dûl's Vault")),
    ("20 Response / Resurgence #!Ramp #Extra Turn", (20, "Response // Resurgence")),
    ("1 Atraxa, Praetors' Voice (J16) 72 #Extra Turn", (1, "Atraxa, Praetors' Voice")),
    ("20 Gilded Drake (TTSR) 237a #!Card Advantage", (20, "Gilded Drake")),
])
def test_deck_tags_of_several_words_leave_the_card(db, line, expected):
    deck = parse_decklist(line, db)
    assert not deck.problems and not deck.corrections
    assert cards(deck, "main") == [expected]


def test_only_the_commander_tag_itself_makes_a_commander(db):
    """Deckstats' "#!Commander" (as SpaceCowMedia/commander-spellbook-backend's test_deckstats_string reads it) among
    other tags still makes the commander; a tag that only starts with the word is a tag like any other."""
    deck = parse_decklist("1 Nissa, Who Shakes the World #!Ramp #!Commander\n"
                          "1 Sol Ring #!Commander Staples\n1 Arcane Signet #Commanders\n", db)
    assert not deck.problems and not deck.corrections
    assert cards(deck, "commanders") == [(1, "Nissa, Who Shakes the World")]
    assert cards(deck, "main") == [(1, "Sol Ring"), (1, "Arcane Signet")]


def test_forge_foil_mark_is_no_misspelling(db):
    """Forge marks a foil card by a "+" after its name (CardDb.foilSuffix in Card-Forge/forge's forge-core; its
    forge-gui-desktop test CardRequestTestCase reads "Lightning Dragon+" and "Name+|SET|3|[202]"). Such lines had been
    unknown cards, a split card's a half that is no card, or "misspelt names" read by fuzzy matching."""
    deck = parse_decklist("[Main]\n4 Opt+|XLN\n4 Ponder+|M12|1\n4 Fire // Ice+|MH2\n1 Sol Ring+|C21|[263]\n"
                          "1 Lightning Dragon+\n", db)
    assert not deck.problems and not deck.corrections and not deck.notes
    assert cards(deck, "main") == [(4, "Opt"), (4, "Ponder"), (4, "Fire // Ice"), (1, "Sol Ring"),
                                   (1, "Lightning Dragon")]


def test_mtggoldfish_foil_and_variant_marks(db):
    """MTGGoldfish names a card "Kraum, Ludevic's Opus [C16] (F)" (a foil; its deck page's data-card-id, as
    lheyberger/mtg-parser's tests/mocks/mock_mtggoldfish_3-amigos_content captured it) and a variant in angle
    brackets before the set ("<borderless>", "<279>"). These had been unknown cards or misspelt names."""
    deck = parse_decklist("1 Opt [XLN] (F)\n1 Ponder [M12] (F)\n1 Sol Ring <borderless> [CMM]\n"
                          "1 Kraum, Ludevic's Opus [C16] (F)\n1 Arcane Signet <279> [CMM]\n", db)
    assert not deck.problems and not deck.corrections
    assert cards(deck, "main") == [(1, "Opt"), (1, "Ponder"), (1, "Sol Ring"), (1, "Kraum, Ludevic's Opus"),
                                   (1, "Arcane Signet")]


def test_a_companion_also_listed_in_the_sideboard_is_the_companion_once(db):
    """A companion starts in the sideboard, and a list may name it in both places: read once, with a note; a second
    copy in the sideboard stays there."""
    deck = parse_decklist("Companion\n1 Lurrus of the Dream-Den\n\nDeck\n4 Opt\n\nSideboard\n"
                          "2 Lurrus of the Dream-Den\n1 Duress\n", db)
    assert cards(deck, "companion") == [(1, "Lurrus of the Dream-Den")]
    assert cards(deck, "sideboard") == [(1, "Lurrus of the Dream-Den"), (1, "Duress")]
    assert deck.notes == ["Lurrus of the Dream-Den is both the companion and in the sideboard, where a companion "
                          "starts: read once, as the companion"]


def test_a_line_naming_a_later_face_reads_as_its_card_with_a_note(db):
    """"1 Stomp" had read as Bonecrusher Giant // Stomp with nothing said: lenient, but one who typed the wrong face
    is told which card it became. A front face's name, or the whole name, needs no note."""
    deck = parse_decklist("1 Insectile Aberration\n1 Stomp\n1 Delver of Secrets\n1 Fire // Ice\n56 Island\n", db)
    assert [e.card.name for e in deck.main[:2]] == ["Delver of Secrets // Insectile Aberration",
                                                     "Bonecrusher Giant // Stomp"]
    assert deck.notes == [
        "line 1: 'Insectile Aberration' is the second face of Delver of Secrets // Insectile Aberration, not its "
        "front: read as that card",
        "line 2: 'Stomp' is the second face of Bonecrusher Giant // Stomp, not its front: read as that card"]
    assert not deck.corrections
