"""``read_deck``: one reader for a path, ``-``, pasted text, MTGJSON JSON and a deck URL, with clear refusals."""

from __future__ import annotations

import io
import json

import pytest

from grimoire.decks import read as deck_reader
from grimoire.decks.check import check_deck
from grimoire.decks.read import DeckInputError
from tests.decks.conftest import DECKS
from tests.decks.test_fetch import CLOUDFLARE_PAGE

# MTGJSON's Deck file (https://mtgjson.com/data-models/deck/): {"data": {"name", "commander", "mainBoard", ...}}
MTGJSON_DECK = {"meta": {"version": "5.2.2"}, "data": {
    "name": "Elves", "commander": [], "sideBoard": [],
    "mainBoard": [{"name": "Llanowar Elves", "count": 4, "identifiers": {}}, {"name": "Forest", "count": 20}]}}


def test_a_path_a_json_file_stdin_and_pasted_text_read_the_same_deck(db, tmp_path):
    text = (DECKS / "golgari_commander.txt").read_text(encoding="utf-8")
    from_path = deck_reader.read_deck(DECKS / "golgari_commander.txt", db)
    from_stdin = deck_reader.read_deck("-", db, stdin=io.StringIO(text))
    pasted = deck_reader.read_deck(text, db, files=False)
    assert from_path.to_dict() == from_stdin.to_dict() == pasted.to_dict() and from_path.count() == 100
    json_file = tmp_path / "elves.json"
    json_file.write_text(json.dumps(MTGJSON_DECK), encoding="utf-8")
    from_file = deck_reader.read_deck(str(json_file), db)
    from_text = deck_reader.read_deck(json.dumps(MTGJSON_DECK), db, files=False)
    assert from_file.to_dict() == from_text.to_dict() and from_file.name == "Elves" and from_file.count() == 24


@pytest.mark.parametrize(("source", "expected"), [
    ("", "the deck is empty"),
    ("   \n  ", "the deck is empty"),
    ("{not json", "looks like JSON but does not parse"),
    ('{"data": {"mainBoard": {"name": "Sol Ring"}}}', "mainBoard should be a list"),
    ('{"data": {"mainBoard": [{"name": "Sol Ring", "count": "x"}]}}', "count should be a whole number"),
    ('{"cards": []}', "expected an MTGJSON deck file"),
    ("hello world\nnot a card", "no card found in the deck"),
    ('{"a":' + "[" * 1000 + "]" * 1000 + "}", "nests more than 64 deep"),  # RecursionError: an HTTP 500
    ('{"a":' + "[" * 65 + "]" * 65 + "}", "nests more than 64 deep"),  # whatever the recursion limit
    ("https://moxfield.com/decks/" + "a" * 70000, "too long"),  # httpx's InvalidURL: a traceback
    ("Maybeboard\n1 Forest\n1 Sol Ring", "The 2 lines under a Maybeboard"),  # it listed no line, said nothing
])
def test_unreadable_decks_say_what_was_wrong(db, source: str, expected: str):
    with pytest.raises(DeckInputError, match=expected):
        deck_reader.read_deck(source, db, files=False)


# A deck inside an AllPrintings set file is a DeckSet (https://mtgjson.com/data-models/deck-set/): its cards are
# CardSetDeck {count, isFoil, uuid} (https://mtgjson.com/data-models/card/card-set-deck/), with no name.
MTGJSON_SET_FILE_DECK = {"code": "EOC", "name": "World Shaper", "releaseDate": "2025-08-01", "type": "Commander Deck",
                         "sealedProductUuids": None, "commander": [{"count": 1, "isFoil": True, "uuid": "a"}],
                         "mainBoard": [{"count": 7, "isFoil": False, "uuid": "b"}], "sideBoard": []}


def test_a_deck_from_a_set_file_asks_for_the_deck_file(db):
    with pytest.raises(DeckInputError, match=r"set file.*mtgjson\.com/api/v5/decks/") as caught:
        deck_reader.read_deck(json.dumps(MTGJSON_SET_FILE_DECK), db, files=False)
    assert "no card named" not in str(caught.value)


def test_a_server_never_reads_a_path_but_the_cli_says_a_missing_file_is_missing(db, tmp_path):
    with pytest.raises(DeckInputError, match="no card found") as caught:
        deck_reader.read_deck(str(DECKS / "golgari_commander.txt"), db, files=False)
    assert caught.value.problems[0]["line_number"] == 1
    with pytest.raises(DeckInputError, match="no deck file at"):
        deck_reader.read_deck(str(tmp_path / "missing.txt"), db)


def test_a_directory_or_a_device_is_named_for_what_it_is(db, tmp_path):
    with pytest.raises(DeckInputError, match="is a directory, not a deck file"):
        deck_reader.read_deck(str(tmp_path), db)
    with pytest.raises(DeckInputError, match="is not a regular file"):
        deck_reader.read_deck("/dev/null", db)


@pytest.mark.parametrize(("source", "line"), [
    ('["Sol Ring", "Arcane Signet"]', 1), ('[[1, "Sol Ring"]]', 1), ('[\n  "Sol Ring",\n  "Forest"\n]', 1),
    ('\ufeff\n["Sol Ring/Forest"]', 2),
])
def test_a_json_array_is_no_deck_and_says_so(db, source, line):
    """It had been read as one card name ("no card named '["Sol Ring", ...]'")."""
    with pytest.raises(DeckInputError, match=f"line {line}: the deck is a JSON array, which is no decklist format"):
        deck_reader.read_deck(source, db, files=False)
    with pytest.raises(DeckInputError, match="JSON array"):
        deck_reader.read_deck("-", db, stdin=io.StringIO(source))


def test_a_deck_url_offline_says_so(db, monkeypatch):
    monkeypatch.setenv("GRIMOIRE_MOXFIELD_API", "http://127.0.0.1:9")
    with pytest.raises(DeckInputError, match="moxfield.com"):
        deck_reader.read_deck("https://www.moxfield.com/decks/abc123", db, files=False)


def test_corrected_names_are_reported_with_line_and_both_names(db):
    deck = deck_reader.read_deck("Commander\n1 Meren of Clan Nel Toth\nDeck\n1 Llanowar Elvs\n1 Fire/Ice\n1 Delver "
                                 "of Secrets\n1 sol ring", db, files=False)
    assert [(c.line_number, c.written, c.name) for c in deck.corrections] == [
        (4, "Llanowar Elvs", "Llanowar Elves")]  # a face name, "Front/Back" and case are not corrections
    check = check_deck(deck, "Commander")
    assert check.format == "commander" and not check.legal
    assert check.to_dict()["corrections"] == [{"line_number": 4, "written": "Llanowar Elvs", "name": "Llanowar Elves",
                                                "message": "line 4: 'Llanowar Elvs' read as Llanowar Elves"}]


def test_json_depth_leaves_brackets_inside_strings_out():
    assert deck_reader._json_depth('{"data": {"name": "[[[[{{{{", "mainBoard": [{"name": "Sol Ring"}]}}') == 4
    assert deck_reader._json_depth("[") == 1 and deck_reader._json_depth("") == 0


def test_json_utf16_and_other_encodings_read_or_say_how_to_save(db, tmp_path):
    """MTGJSON deck JSON (https://mtgjson.com/data-models/deck/) in a .txt, through standard input or after a
    byte-order mark; UTF-16 files (Windows Notepad's "Unicode"); Latin-1 and binary refused with the fix."""
    payload = json.dumps({"data": {"name": "Bolts", "mainBoard": [{"name": "Lightning Bolt", "count": 4}]}})
    (tmp_path / "deck.txt").write_text(payload, encoding="utf-8")
    (tmp_path / "bom.json").write_bytes(b"\xef\xbb\xbf" + payload.encode())
    (tmp_path / "utf16.txt").write_text("4 Lightning Bolt\n", encoding="utf-16")
    for source in ("deck.txt", "bom.json", "utf16.txt"):
        assert deck_reader.read_deck(str(tmp_path / source), db).count() == 4, source
    piped = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + payload.encode()))
    assert deck_reader.read_deck("-", db, stdin=piped).name == "Bolts"
    (tmp_path / "latin1.txt").write_bytes("1 Séance\n".encode("latin-1"))
    with pytest.raises(deck_reader.DeckInputError, match="Save it as UTF-8"):
        deck_reader.read_deck(str(tmp_path / "latin1.txt"), db)
    with pytest.raises(deck_reader.DeckInputError, match="binary"):
        deck_reader.read_deck("-", db, stdin=io.TextIOWrapper(io.BytesIO(b"\x00\x01\x02garbage\xff")))
    # a stray NUL in a line of text: that line is reported, as the web page and MCP report it (the CLI had refused
    # the whole file as binary)
    stray = deck_reader.read_deck("-", db, stdin=io.TextIOWrapper(io.BytesIO(b"1 Sol Ring\n1 Fo\x00rest\n")))
    assert stray.count() == 2 and any(c.line_number == 2 for c in stray.corrections)
    huge = '{"data": {"mainBoard": [{"name": "Sol Ring", "count": ' + "9" * 5000 + "}]}}"
    with pytest.raises(deck_reader.DeckInputError, match="over 4,300 digits") as refused:
        deck_reader.read_deck(huge, db)
    assert "set_int_max_str_digits" not in str(refused.value)


def test_pasted_dek_xml_bom_json_utf16_without_bom_and_utf32(db, tmp_path):
    """An MTGO .dek pasted is read as a .dek file is (below); JSON after a byte-order mark and a newline is JSON;
    UTF-16 saved without a byte-order mark and UTF-32 with one are read."""
    dek = ('<?xml version="1.0" encoding="utf-8"?>\n<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
           'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n  <NetDeckID>0</NetDeckID>\n  '
           '<PreconstructedDeckID>0</PreconstructedDeckID>\n  <Cards CatID="12345" Quantity="4" Sideboard="false" '
           'Name="Lightning Bolt" Annotation="0" />\n</Deck>\n')
    pasted = deck_reader.read_deck(dek, db, files=False)
    assert [(e.quantity, e.card.name, e.line_number) for e in pasted.main] == [(4, "Lightning Bolt", 5)]
    pasted = "\ufeff  \n " + json.dumps(MTGJSON_DECK)
    assert deck_reader.read_deck(pasted, db, files=False).name == "Elves"
    text = "Commander\r\n1 Atraxa, Praetors' Voice\r\n\r\nDeck\r\n4 Lightning Bolt\r\n"
    for codec, data in (("utf-16-le", text.encode("utf-16-le")), ("utf-16-be", text.encode("utf-16-be")),
                        ("utf-32", text.encode("utf-32"))):
        (tmp_path / f"{codec}.txt").write_bytes(data)
        deck = deck_reader.read_deck(str(tmp_path / f"{codec}.txt"), db)
        assert [e.card.name for e in deck.commanders] == ["Atraxa, Praetors' Voice"] and deck.count() == 5, codec


def golgari_cards() -> list[str]:
    """The card lines of golgari_commander.txt: Meren of Clan Nel Toth, then the 99 (77 lines)."""
    text = (DECKS / "golgari_commander.txt").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line[:1].isdigit()]


def test_moxfield_plain_export_takes_its_first_line_as_the_commander(db):
    """Moxfield's plain-text export has no Commander header: the commander is its first line (see
    tests/fixtures/decks/README.md). It had been checked as a deck with no commander."""
    deck = deck_reader.read_deck(DECKS / "moxfield_plain_commander.txt", db)
    assert [(e.quantity, e.card.name, e.line_number) for e in deck.commanders] == [(1, "Meren of Clan Nel Toth", 1)]
    assert deck.count("main") == 99 and [e.card.name for e in deck.sideboard] == ["Duress", "Massacre Wurm"]
    [note] = deck.notes
    assert note.startswith("line 1: took Meren of Clan Nel Toth as the commander") and "first line" in note
    assert check_deck(deck, "commander").legal


def test_a_moxfield_plain_export_of_a_partner_pair_takes_both_first_lines(db):
    """Moxfield's plain-text export writes the commanders first (tedik123/magicGamba's sample, one commander): a legal
    pair on the first two lines leads the deck, not its first half alone (Tymna had been the commander and Thrasios
    one of the 99, off her colours). Two first lines that are no legal pair leave the first alone."""
    meren, *rest = golgari_cards()
    pair = ["1 Tymna the Weaver (C16) 48", "1 Thrasios, Triton Hero (C16) 46"]
    deck = deck_reader.read_deck("\n".join([*pair, *rest[:-1], "11 Swamp", "", "SIDEBOARD:", "1 Duress"]), db,
                                 files=False)
    assert [e.card.name for e in deck.commanders] == ["Tymna the Weaver", "Thrasios, Triton Hero"]
    assert deck.count("main") == 98 and [e.card.name for e in deck.sideboard] == ["Duress"]
    [note] = deck.notes
    assert note.startswith("lines 1, 2: took Tymna the Weaver and Thrasios, Triton Hero as the commanders: no "
                           "section names them, and they stand on the list's first two lines")
    single = deck_reader.read_deck("\n".join([meren, *rest]), db, files=False)
    assert [e.card.name for e in single.commanders] == ["Meren of Clan Nel Toth"]


NOT_COMMANDER_DECKS = [
    # 101 cards: the MTGO-style list as a reviewer wrote it (100 before the blank line)
    ["1 Sol Ring", "1 Arcane Signet", "1 Cultivate", "1 Kodama's Reach", "96 Forest", "", "1 Sidar Kondo of Jamuraa"],
    ["1 Sol Ring", "99 Forest"],  # no legendary creature first
    ["1 Meren of Clan Nel Toth", "98 Swamp"],  # 99 cards
    ["2 Meren of Clan Nel Toth", "98 Swamp"],
    ["1 Sol Ring", "49 Swamp", "", "49 Forest", "", "1 Lightning Bolt"],  # a last card that cannot lead
]


def test_a_lone_card_after_the_last_blank_line_is_the_commander_of_a_commander_sized_list(db):
    """MTGO-style lists end with the commander alone after a blank line, after the sideboard too (it had been a
    sideboard card, and the deck had no commander). Only a card that can lead a list of exactly 100 is taken; a
    sideboard that is the commander alone is MTGO's convention, which the Commander check reads (and says so)."""
    meren, *rest = golgari_cards()
    deck = deck_reader.read_deck("\n".join(rest + ["", "SIDEBOARD:", "1 Duress", "", meren]), db, files=False)
    assert [e.card.name for e in deck.commanders] == ["Meren of Clan Nel Toth"]
    assert [e.card.name for e in deck.sideboard] == ["Duress"] and deck.count("main") == 99
    assert "alone after the list's last blank line" in deck.notes[0]
    partners = deck_reader.read_deck("\n".join(rest[:-1] + ["11 Swamp", "", "SIDEBOARD:", "1 Duress", "",
                                                             "1 Tymna the Weaver", "1 Thrasios, Triton Hero"]),
                                     db, files=False)
    assert [e.card.name for e in partners.commanders] == ["Tymna the Weaver", "Thrasios, Triton Hero"]
    for lines in NOT_COMMANDER_DECKS:
        other = deck_reader.read_deck("\n".join(lines), db, files=False)
        assert not other.commanders and not other.notes, lines
    mtgo = deck_reader.read_deck("\n".join([*rest, "", meren]), db, files=False)
    assert not mtgo.commanders and [e.card.name for e in mtgo.sideboard] == ["Meren of Clan Nel Toth"]
    check = check_deck(mtgo, "commander")
    assert check.legal and any("as MTGO lists do" in v.message for v in check.violations)


def test_two_places_that_could_hold_the_commander_take_neither(db):
    meren, *rest = golgari_cards()
    text = "\n".join(["1 The Gitrog Monster", *rest[:40], "", *rest[40:-1], "11 Swamp", "", meren])
    deck = deck_reader.read_deck(text, db, files=False)
    assert not deck.commanders and deck.count("main") == 100
    [note] = deck.notes
    assert "line 81 (Meren of Clan Nel Toth) or line 1 (The Gitrog Monster) could be the commander" in note


def test_a_deck_link_without_its_scheme_is_a_link_not_a_path(db):
    with pytest.raises(DeckInputError, match="too long"):  # it had said "no deck file at moxfield.com/decks/..."
        deck_reader.read_deck("moxfield.com/decks/" + "a" * 3000, db)


# MTGJSON's Deck (https://mtgjson.com/data-models/deck/): "commander", "mainBoard", "sideBoard" lists of cards
# {"name", "count", ...}, beside which a Planechase or Archenemy deck has "planes" and "schemes" lists of its planes
# and schemes (and "tokens", "displayCommander", which are no deck cards of their own): those four fields as
# MTGJSON's own Deck model declares them (mtgjson/mtgjson, mtgjson5/models/decks.py).
def test_one_bad_mtgjson_entry_is_a_problem_at_its_place_and_the_rest_is_read(db):
    """One string among the cards, or a card without a name, had refused the whole file; a count written "2" had
    too, though Moxfield's quantity "2" reads as 2 (docs/decks.md: a problem at its position)."""
    payload = {"data": {"name": "x", "mainBoard": [{"name": "Sol Ring", "count": 1}, "Arcane Signet",
                                                    {"count": 1}, {"name": "Forest", "count": "2"}],
                        "sideBoard": [{"name": "Duress", "count": "many"}]}}
    deck = deck_reader.read_deck(json.dumps(payload), db, files=False)
    assert [(e.quantity, e.card.name) for e in deck.main] == [(1, "Sol Ring"), (2, "Forest")]
    assert [(p.line_number, p.text, p.reason.split(",")[0]) for p in deck.problems] == [
        (2, "mainBoard: 'Arcane Signet'", 'mainBoard card 2 should be an object with a "name"'),
        (3, "mainBoard: {'count': 1}", 'mainBoard card 3 should be an object with a "name"'),
        (1, "sideBoard: 'many' Duress", "sideBoard card 1 ('Duress'): count should be a whole number from 1 to 999")]


def test_mtgjson_planes_and_schemes_are_set_aside_with_a_note(db):
    """A deck file's planes and schemes had been dropped without a word."""
    payload = {"data": {"name": "Planechase", "mainBoard": [{"name": "Sol Ring", "count": 1}],
                        "planes": [{"name": "Akoum", "count": 1}, {"name": "Naya", "count": 1}],
                        "schemes": [{"name": "A Display of My Dark Power", "count": 1}],
                        "tokens": [{"name": "Goblin", "count": 1}], "displayCommander": []}}
    deck = deck_reader.read_deck(json.dumps(payload), db, files=False)
    assert deck.count() == 1 and deck.set_aside == 3
    assert deck.notes == [
        "the deck file's planes list was set aside (2 entries, counted with the set-aside cards), as no deck section "
        "here holds it: Akoum, Naya",
        "the deck file's schemes list was set aside (1 entry, counted with the set-aside cards), as no deck section "
        "here holds it: A Display of My Dark Power"]


# MTGO's .dek file as magefree/mage's DekDeckImporter reads it (Mage/src/main/java/mage/cards/decks/importer/
# DekDeckImporter.java): <Cards CatID=".." Quantity=".." Sideboard="true|false" Name=".." />, split cards as
# "Refuse/Cooperate"; the XML declaration, namespaces, NetDeckID, PreconstructedDeckID and Annotation="0" as
# Senryoku/Draftmancer's MTGO export writes them (client/src/exportToMTGO.ts).
def test_mtgo_dek_file_reads_main_deck_sideboard_and_reports_bad_elements_by_line(db, tmp_path):
    """An MTGO .dek (it had been refused: "export the deck as a .txt") reads as the same deck as its .txt; a bad
    element is a problem on its own line, a misspelt name a correction, and the rest is read."""
    dek = deck_reader.read_deck(str(DECKS / "modern_burn.dek"), db)
    txt = deck_reader.read_deck(str(DECKS / "modern_burn.txt"), db)
    for section in ("main", "sideboard"):
        assert ([(e.quantity, e.card.name) for e in dek.section(section)]
                == [(e.quantity, e.card.name) for e in txt.section(section)]), section
    assert dek.count("main") == 60 and dek.count("sideboard") == 15 and not dek.problems
    broken = ('<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n'
              '  <Cards CatID="1" Quantity="2" Sideboard="false" Name="Fire/Ice" Annotation="0" />\n'
              '  <Cards CatID="2" Quantity="x" Sideboard="false" Name="Shock" Annotation="0" />\n'
              '  <Cards CatID="3" Quantity="1" Sideboard="false" Annotation="0" />\n'
              "  <Cards Name='Lightnig Helix' Quantity='3' />\n"
              '  <Cards CatID="5" Quantity="1" Sideboard="true" Name="Praetor&apos;s Grasp" />\n</Deck>\n')
    (tmp_path / "broken.dek").write_text(broken, encoding="utf-8")
    deck = deck_reader.read_deck(str(tmp_path / "broken.dek"), db)
    assert [(e.quantity, e.card.name) for e in deck.main] == [(2, "Fire // Ice"), (3, "Lightning Helix")]
    assert [(p.line_number, p.reason.split(":")[0]) for p in deck.problems] == [
        (4, "quantity 'x' is not a number of copies"), (5, 'the Cards element has no Name="..." attribute')]
    assert [e.card.name for e in deck.sideboard] == ["Praetor's Grasp"]
    assert [c.line_number for c in deck.corrections] == [6]
    with pytest.raises(DeckInputError, match="no <Cards"):
        deck_reader.read_deck("<?xml version='1.0'?><Deck><NetDeckID>0</NetDeckID></Deck>", db, files=False)


def test_mtgo_commander_dek_keeps_the_commander_in_the_sideboard_which_the_check_reads(db):
    """MTGO keeps a Commander deck's commander in the sideboard; the Commander check reads it as the commander."""
    from grimoire.decks.validate import validate_deck
    lines = ['<Cards CatID="1" Quantity="1" Sideboard="false" Name="Sol Ring" Annotation="0" />',
             '<Cards CatID="2" Quantity="97" Sideboard="false" Name="Mountain" Annotation="0" />',
             '<Cards CatID="3" Quantity="1" Sideboard="false" Name="Lightning Bolt" Annotation="0" />',
             '<Cards CatID="142375" Quantity="1" Sideboard="true" Name="Juri, Master of the Revue" '
             'Annotation="0" />']
    deck = deck_reader.read_deck('<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n' + "\n".join(lines) + "\n</Deck>",
                                 db, files=False)
    assert deck.count("main") == 99 and [e.card.name for e in deck.sideboard] == ["Juri, Master of the Revue"]
    violations = validate_deck(deck, "commander")
    assert any(v.rule == "commander" and "took the sideboard as the commander" in v.message for v in violations)
    assert not [v for v in violations if v.severity == "error"]


def test_huge_dek_is_read_up_to_its_limit(db):
    """A .dek of 50,000 elements reads its first 10,000 and says the rest were not read (bounded, like a long list)."""
    element = '  <Cards CatID="1" Quantity="1" Sideboard="false" Name="Sol Ring" />\n'
    deck = deck_reader.read_deck("<Deck>\n" + element * 50_000 + "</Deck>", db, files=False)
    assert deck.count() == 10_000 and "more than 10,000 Cards elements" in deck.problems[-1].reason


def test_a_dek_file_of_plain_text_reads_as_the_decklist_it_holds(db, tmp_path):
    """TappedOut and Scryfall save MTGO's text list ("4 Lightning Bolt" lines, a blank line, the sideboard) with a
    .dek suffix, as luziferius/MTGProxyPrinter's MTGOnlineParser notes (mtg_proxy_printer/decklist_parser/
    re_parsers.py); it had been refused as "MTGO's .dek XML" with no <Cards> element."""
    (tmp_path / "burn.dek").write_text((DECKS / "modern_burn.txt").read_text(encoding="utf-8"), encoding="utf-8")
    deck = deck_reader.read_deck(str(tmp_path / "burn.dek"), db)
    txt = deck_reader.read_deck(str(DECKS / "modern_burn.txt"), db)
    assert deck.to_dict() == txt.to_dict() and deck.count("main") == 60 and deck.count("sideboard") == 15


def test_a_cut_off_dek_says_the_file_ends_early_and_keeps_the_cards_before_the_cut(db, tmp_path):
    """A .dek cut short (a download or a copy that stopped) had been read as the cards before the cut, unsaid."""
    whole = (DECKS / "modern_burn.dek").read_text(encoding="utf-8")
    inside = whole[:whole.index('Name="Lava Spike"')]  # line 9 stops inside its <Cards element
    (tmp_path / "cut.dek").write_text(inside, encoding="utf-8")
    deck = deck_reader.read_deck(str(tmp_path / "cut.dek"), db)
    assert deck.count("main") == 16 and [e.card.name for e in deck.main][-1] == "Lightning Bolt"
    [problem] = deck.problems
    assert problem.line_number == 9 and problem.text.startswith('<Cards CatID="40085"')
    assert problem.reason.startswith("the file ends early, inside a <Cards> element and without </Deck>")
    between = whole[:whole.index("  <Cards CatID=\"40085\"")]  # whole elements, then no </Deck>
    deck = deck_reader.read_deck(between, db, files=False)
    assert deck.count("main") == 16 and [(p.line_number, p.reason.split(":")[0]) for p in deck.problems] == [
        (8, "the file ends without </Deck>")]
    assert not deck_reader.read_deck(whole, db, files=False).problems


def test_a_cockatrice_cod_reads_its_main_and_side_zones(db, tmp_path):
    """Cockatrice's .cod (see tests/fixtures/decks/README.md) had been refused with the MTGO .dek message. Its
    "main" zone is the main deck, "side" the sideboard, <deckname> the deck's name; any other zone ("tokens") is set
    aside with a note; a cut-off file says so, as a .dek does."""
    cod = deck_reader.read_deck(str(DECKS / "modern_burn.cod"), db)
    txt = deck_reader.read_deck(str(DECKS / "modern_burn.txt"), db)
    for section in ("main", "sideboard"):
        assert ([(e.quantity, e.card.name) for e in cod.section(section)]
                == [(e.quantity, e.card.name) for e in txt.section(section)]), section
    assert cod.name == "Modern Burn" and not cod.problems and cod.main[0].line_number == 13
    text = (DECKS / "modern_burn.cod").read_text(encoding="utf-8")
    tokens = text.replace("</cockatrice_deck>", '    <zone name="tokens">\n        <card number="1" name="Goblin"/>\n'
                                                "    </zone>\n</cockatrice_deck>")
    with_tokens = deck_reader.read_deck(tokens, db, files=False)
    assert with_tokens.count() == 75 and with_tokens.set_aside == 1
    assert with_tokens.notes == ["Cockatrice's zone 'tokens' (1 card) was set aside: no deck section here holds it"]
    cut = text[:text.index('name="Rift Bolt"')]
    deck = deck_reader.read_deck(cut, db, files=False)
    assert deck.count("main") == 20 and deck.problems[-1].reason.startswith(
        "the file ends early, inside a <card> element and without </cockatrice_deck>")
    (tmp_path / "burn.dek").write_text(text, encoding="utf-8")  # the content decides, not the suffix
    assert deck_reader.read_deck(str(tmp_path / "burn.dek"), db).to_dict() == cod.to_dict()


def test_a_cod_of_set_aside_zones_only_says_which_zone_held_its_cards(db):
    """Every card in a zone no deck section holds: the error had said the cards were "under a Maybeboard or
    Considering header, on a deck site's maybeboard, or in an Archidekt category", which a .cod has none of."""
    text = (DECKS / "modern_burn.cod").read_text(encoding="utf-8")
    zones = text[:text.index("<zone")] + ('<zone name="tokens">\n        <card number="1" name="Goblin"/>\n'
                                          "    </zone>\n</cockatrice_deck>\n")
    with pytest.raises(DeckInputError) as raised:
        deck_reader.read_deck(zones, db, files=False)
    message = str(raised.value)
    assert message.startswith("no card found in the deck. Cockatrice's zone 'tokens' (1 card) was set aside: no "
                              "deck section here holds it.") and "Maybeboard" not in message


# nginx's own error page (nginx/nginx, src/http/ngx_http_special_response.c: ngx_http_error_502_page and
# ngx_http_error_tail), and Cloudflare's challenge page as tests/decks/test_fetch.py quotes it
NGINX_502 = ("<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1>"
             "</center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n")


@pytest.mark.parametrize(("page", "title"), [
    (NGINX_502, "502 Bad Gateway"),
    ("\n" + CLOUDFLARE_PAGE.decode(), "Attention Required! | Cloudflare"),
])
def test_a_saved_web_page_is_named_for_what_it_is(db, tmp_path, page, title):
    """A saved error page had been read line by line as card names ("no card named '<html>'")."""
    (tmp_path / "deck.txt").write_text(page, encoding="utf-8")
    line = 2 if page.startswith("\n") else 1
    for source in (str(tmp_path / "deck.txt"), page):
        with pytest.raises(DeckInputError, match=rf"^line {line}: the deck is a web page \(HTML, titled '") as refused:
            deck_reader.read_deck(source, db)
        assert f"titled {title!r}" in str(refused.value) and "no card named" not in str(refused.value)


def test_xml_of_another_kind_names_its_first_element(db, tmp_path):
    with pytest.raises(DeckInputError, match=r"line 1: the deck is XML whose first element is <decklist>"):
        deck_reader.read_deck('<?xml version="1.0"?>\n<decklist><card>Sol Ring</card></decklist>', db, files=False)
    (tmp_path / "deck.cod").write_text("<deck_list/>", encoding="utf-8")
    with pytest.raises(DeckInputError, match="neither MTGO's .dek"):
        deck_reader.read_deck(str(tmp_path / "deck.cod"), db)


def test_a_deck_is_read_up_to_a_bound(db, tmp_path, monkeypatch):
    """A fuzzer's endless standard input (yes "1 Sol Ring" | grimoire deck check -) had grown to 8.5 GB in 25 s, and
    a 3 GB file to 3 GB: a deck file or standard input is read up to MAX_DECK_BYTES, then refused."""
    monkeypatch.setattr(deck_reader, "MAX_DECK_BYTES", 1000)
    (tmp_path / "long.txt").write_text("1 Sol Ring\n" * 200, encoding="utf-8")
    for source, stdin in ((str(tmp_path / "long.txt"), None),
                          ("-", io.TextIOWrapper(io.BytesIO(b"1 Sol Ring\n" * 200)))):
        with pytest.raises(deck_reader.DeckInputError, match="holds more than 1,000 bytes, which no deck does"):
            deck_reader.read_deck(source, db, stdin=stdin)
    (tmp_path / "short.txt").write_text("1 Sol Ring\n" * 50, encoding="utf-8")
    assert deck_reader.read_deck(str(tmp_path / "short.txt"), db).count() == 50
