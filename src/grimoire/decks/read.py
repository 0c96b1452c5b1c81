"""``read_deck(source, db)``: the one way every surface reads a deck, from a file path, ``-`` (standard input),
pasted text (a decklist, MTGO's .dek or Cockatrice's .cod XML, an MTGJSON or saved deck-site JSON), or a deck URL.

A deck that cannot be read raises :class:`DeckInputError`, whose message says what was wrong and what to pass.
"""

from __future__ import annotations

import html
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from grimoire.cards.names import page_title, shown
from grimoire.cards.store import CardDB
from grimoire.decks.fetch import DeckFetchError, fetch_deck, is_deck_url, saved_site_deck
from grimoire.decks.parse import (
    MAX_LINES,
    MAX_PROBLEMS,
    DeckEntry,
    LineProblem,
    ParsedDeck,
    commander_places,
    deck_from_rows,
    load_mtgjson_deck,
    parse_decklist,
)
from grimoire.decks.render import problems_text
from grimoire.decks.validate import COMMANDER_DECK_SIZE, can_be_commander, legal_pair

DECK_HELP = ("Pass a decklist as text (lines like '1 Sol Ring', with optional Commander / Deck / Sideboard / "
             "Companion headers), an MTGO .dek or Cockatrice .cod file, an MTGJSON deck file's JSON, a saved "
             "Moxfield or Archidekt API answer, or a moxfield.com / archidekt.com deck URL.")
_MTGJSON_LISTS = ("commander", "mainBoard", "sideBoard")


class DeckInputError(ValueError):
    """A deck that cannot be read; ``problems`` holds the unreadable lines when there were any."""

    def __init__(self, message: str, problems: list[dict[str, Any]] | None = None):
        super().__init__(message)
        self.problems = problems or []


def _mtgjson_shape_problem(payload: Any) -> str | None:
    """What is wrong with a JSON value as an MTGJSON deck file (``None`` when its shape is right).

    The shape is MTGJSON's Deck file (https://mtgjson.com/data-models/deck/): ``{"data": {"name": ...,
    "commander": [card], "mainBoard": [card], "sideBoard": [card]}}``. A card of the wrong shape is no reason to
    refuse the file: the reader reports it at its position and reads the rest.
    """
    data = payload.get("data", payload) if isinstance(payload, dict) else None
    if not isinstance(data, dict) or not any(key in data for key in _MTGJSON_LISTS):
        return "expected an MTGJSON deck file: {\"data\": {\"mainBoard\": [{\"name\": ..., \"count\": ...}], ...}}"
    for key in _MTGJSON_LISTS:
        cards = data.get(key) or []
        if not isinstance(cards, list):
            return f"{key} should be a list of cards, not {type(cards).__name__}"
    return None


MAX_JSON_DEPTH = 64  # an MTGJSON deck file nests five deep
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _json_depth(text: str) -> int:
    """How deep a JSON text's arrays and objects nest, its strings left out: checked before parsing, as the
    parser's own limit is the interpreter's recursion limit, which a library may have raised (a 2 KB text of
    brackets had raised RecursionError: an HTTP 500)."""
    brackets = np.frombuffer(_JSON_STRING.sub("", text).encode("utf-8", "replace"), dtype=np.uint8)
    steps = np.isin(brackets, (ord("["), ord("{"))).astype(np.int64) - np.isin(brackets, (ord("]"), ord("}")))
    return int(np.cumsum(steps).max(initial=0))


def _from_json(text: str, db: CardDB) -> ParsedDeck:
    if _json_depth(text) > MAX_JSON_DEPTH:
        raise DeckInputError(f"the deck looks like JSON but nests more than {MAX_JSON_DEPTH} deep, which no deck "
                             "file does. Pass the whole MTGJSON deck file, or paste the decklist as text.")
    try:
        payload = json.loads(text)
    except ValueError as exc:
        reason = ("a number in it is over 4,300 digits long, and no count is" if "int_max_str_digits" in str(exc)
                  else str(exc))
        raise DeckInputError(f"the deck looks like JSON but does not parse ({reason}). Pass the whole MTGJSON deck "
                             "file, or paste the decklist as text.") from exc
    saved = saved_site_deck(payload, db)
    if saved is not None:
        return saved
    problem = _mtgjson_shape_problem(payload)
    if problem:
        raise DeckInputError(f"the deck is JSON but not an MTGJSON deck, nor a Moxfield or Archidekt deck saved from "
                             f"its site's API: {problem}.")
    return load_mtgjson_deck(payload, db)


# A deck file or standard input is read up to this size: a deck is a few kilobytes, an MTGJSON deck file tens
# (`yes "1 Sol Ring" | grimoire deck check -` had grown to 8.5 GB in 25 s, a 3 GB file to 3 GB)
MAX_DECK_BYTES = 16 << 20
_CONTROL_BYTES = re.compile(rb"[\x00-\x08\x0e-\x1f]")


def _binary(sample: bytes) -> bool:
    """Whether bytes are no text: more than 16 NULs, or control characters past a tenth of them (a stray NUL or two
    in a list is a text whose lines are reported)."""
    return sample.count(0) > 16 or len(_CONTROL_BYTES.findall(sample)) * 10 > len(sample)


def _too_big(where: str) -> str:
    size = f"{MAX_DECK_BYTES >> 20} MiB" if MAX_DECK_BYTES % (1 << 20) == 0 else f"{MAX_DECK_BYTES:,} bytes"
    return f"{where} holds more than {size}, which no deck does: is it the right file? A deck is read up to {size}."


def _utf16_without_bom(data: bytes) -> str | None:
    """The codec of UTF-16 text saved without a byte-order mark, told by its NULs: ASCII text in UTF-16LE has a NUL
    in every odd byte and none in the even ones (UTF-16BE the other way round); ``None`` for anything else."""
    sample = data[:4096]
    if len(sample) < 4:
        return None
    even, odd = sample[0::2].count(0) / len(sample[0::2]), sample[1::2].count(0) / len(sample[1::2])
    if odd > 0.9 and even == 0:
        return "utf-16-le"
    if even > 0.9 and odd == 0:
        return "utf-16-be"
    return None


def _decoded(data: bytes, where: str) -> str:
    """A deck's bytes as text: UTF-8 (with or without a byte-order mark), UTF-16 (with one or without) or UTF-32
    with one; anything else is an error that says how to save it."""
    codec = ("utf-32" if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"))
             else "utf-16" if data.startswith((b"\xff\xfe", b"\xfe\xff")) else _utf16_without_bom(data))
    if codec:
        try:
            text = data.decode(codec).lstrip("\ufeff")
        except UnicodeDecodeError as exc:
            name = codec.upper().replace("-LE", "").replace("-BE", "")
            raise DeckInputError(f"{where} starts as {name} but is not ({exc.reason}). Save it as UTF-8.") from exc
        if "\x00" not in text:
            return text
        raise DeckInputError(f"{where} is binary, not text. " + DECK_HELP)
    if _binary(data[:4096]):  # (one NUL in a line had refused the whole file; now its line is reported)
        raise DeckInputError(f"{where} is binary, not text. " + DECK_HELP)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise DeckInputError(f"{where} is not UTF-8 (byte 0x{data[exc.start]:02X} on line {line}; Latin-1 or "
                             "Windows-1252, perhaps). Save it as UTF-8 and try again.") from exc


def _start(text: str) -> str:
    """The text's first characters past byte-order marks and blank lines, which tell JSON and XML from a list."""
    return text.lstrip("\ufeff \t\r\n")[:200]


_PLACES = {"last block": "alone after the list's last blank line",
           "first line": "on the list's first line, where Moxfield's plain-text export writes the commander",
           "first two lines": "on the list's first two lines, where Moxfield's plain-text export writes the commanders"}


def _leads(deck: ParsedDeck, entries: list[DeckEntry]) -> bool:
    """Whether these one or two single cards can lead the deck (one that can alone, or a legal pair such as two
    Partners or a commander and its Background), with the rest of the main deck a Commander deck's size."""
    cards = [e.card for e in entries]
    rest = deck.count("main") - sum(e.quantity for e in entries if e in deck.main)
    if any(e.quantity != 1 for e in entries) or rest + len(entries) != COMMANDER_DECK_SIZE:
        return False
    if len(cards) == 1:
        return can_be_commander(cards[0])
    return legal_pair(*cards) and any(can_be_commander(card) for card in cards)


def _with_commander_by_place(deck: ParsedDeck, text: str) -> ParsedDeck:
    """A Commander-sized list with no Commander section whose commander stands where exporters put it: alone after
    the last blank line, or on the first line. Nothing is taken when both places could hold it, nor from a sideboard
    that is the commander alone (the Commander check reads that as MTGO lists mean it)."""
    if deck.commanders:
        return deck
    places = {where: entries for where, entries in commander_places(text, deck).items() if _leads(deck, entries)}
    if "first two lines" in places:  # a legal pair leads the list: not its first half alone (Tymna without Thrasios)
        places.pop("first line", None)
    if not places or places.get("last block") == deck.sideboard:
        return deck
    if len(places) > 1:
        candidates = " or ".join(f"line {entries[0].line_number} ({', '.join(e.card.name for e in entries)})"
                                 for entries in places.values())
        deck.notes.append(f"no Commander section, and {candidates} could be the commander: put it under a "
                          "'Commander' header")
        return deck
    [(where, entries)] = places.items()
    for entry in entries:
        deck.section("main" if entry in deck.main else "sideboard").remove(entry)
    deck.commanders.extend(entries)
    lines = ", ".join(str(e.line_number) for e in entries)
    pair = len(entries) > 1
    deck.notes.append(f"line{'s' if pair else ''} {lines}: took {' and '.join(e.card.name for e in entries)} as the "
                      f"commander{'s' if pair else ''}: no section names {'them' if pair else 'one'}, and "
                      f"{'they stand' if pair else 'it stands'} {_PLACES[where]}")
    return deck


def _from_decklist(text: str, db: CardDB) -> ParsedDeck:
    return _with_commander_by_place(parse_decklist(text, db), text)


def _from_text(text: str, db: CardDB, suffix: str = "") -> ParsedDeck:
    """A file's, standard input's or a caller's text: markup (MTGO's .dek, Cockatrice's .cod, a web page) by its
    first element, JSON by its first character (a .txt, a pipe or a paste may hold JSON too, and a .dek plain text,
    as TappedOut and Scryfall export one), else a decklist."""
    start = _start(text)
    root = _root_element(text) if start.startswith("<") else None
    if root == "html":
        raise DeckInputError(_web_page(text))
    if root in _XML_DECKS:
        return _XML_DECKS[root](text, db)
    if start.startswith("<?xml") or (start.startswith("<") and suffix in _XML_SUFFIXES):
        line = text[:text.index("<")].count("\n") + 1
        found = f"whose first element is <{root}>" if root else "with no element"
        raise DeckInputError(f"line {line}: the deck is XML {found}, which is neither MTGO's .dek (<Deck>) nor "
                             "Cockatrice's .cod (<cockatrice_deck>). Export the deck as text, or paste the decklist.")
    if suffix == ".json" or start.startswith("{"):
        return _from_json(text.lstrip("\ufeff"), db)
    if start.startswith("[") and _is_json_array(text):
        line = text[:text.index("[")].count("\n") + 1
        raise DeckInputError(f"line {line}: the deck is a JSON array, which is no decklist format. JSON is read only "
                             'as an MTGJSON deck file ({"data": {"mainBoard": [{"name": ..., "count": ...}]}}); '
                             "or paste the list as text, one card a line: '1 Sol Ring'.")
    return _from_decklist(text, db)


_XML_SUFFIXES = (".dek", ".cod", ".xml")
# What may come before a markup document's first element: blank space, the XML declaration, comments and a document
# type (an internal subset's entities are never read: see the readers below)
_PROLOG = re.compile(r"(?:\s+|<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>\[]*(?:\[.*?\])?\s*>)*", re.DOTALL | re.IGNORECASE)
_ELEMENT_NAME = re.compile(r"<([A-Za-z_][\w.:-]*)")
_HTML_DOCTYPE = re.compile(r"\s*<!DOCTYPE\s+html\b", re.IGNORECASE)
_PROLOG_CHARS = 4096


def _root_element(text: str) -> str | None:
    """The lower-case name of the first element of markup text (``deck``, ``cockatrice_deck``; ``html`` for a page
    declared ``<!DOCTYPE html>`` too), or ``None`` where none opens it."""
    head = text.lstrip("\ufeff")[:_PROLOG_CHARS]
    if _HTML_DOCTYPE.match(head):
        return "html"
    element = _ELEMENT_NAME.match(head, _PROLOG.match(head).end())
    return element.group(1).lower() if element else None


def _web_page(text: str) -> str:
    """Why an HTML document is no deck: a page saved in the deck's place (an error page, a sign-in or challenge
    page), named by its title where it has one."""
    line = text[:text.index("<")].count("\n") + 1
    words = page_title(text)
    titled = f", titled {words!r}" if words else ""
    return (f"line {line}: the deck is a web page (HTML{titled}), not a decklist: a page saved in place of the deck, "
            "such as an error or sign-in page. Export the decklist as text from the deck's page, and pass that.")


def _tagged(pattern: re.Pattern[str], text: str) -> Iterator[tuple[int, re.Match[str]]]:
    """Each match of ``pattern`` in ``text``, with the number of the line it starts on."""
    line, counted_to = 1, 0
    for match in pattern.finditer(text):
        line += text.count("\n", counted_to, match.start())
        counted_to = match.start()
        yield line, match


_XML_ATTRIBUTE = re.compile(r"""([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def _xml_attributes(inside: str) -> dict[str, str]:
    """An element's attributes by lower-case name, their character references read (``&#251;`` is û)."""
    return {found[1].lower(): html.unescape(found[2] if found[2] is not None else found[3])
            for found in _XML_ATTRIBUTE.finditer(inside)}


# A document type with its own declarations (an internal subset, where entities are declared), and a reference to an
# entity other than a character reference or one of XML's five: neither MTGO nor Cockatrice writes them, and the
# readers below expand none (an XML parser would: a file read off the disk, a billion laughs)
_INTERNAL_SUBSET = re.compile(r"<!DOCTYPE[^>\[]*\[", re.IGNORECASE)
_ENTITY_REFERENCE = re.compile(r"&[A-Za-z_][\w.:-]*;")
_UNREAD_ENTITIES = ("DTDs and entities are not read in .dek and .cod files (MTGO and Cockatrice write none); "
                    "export the deck again, or paste the decklist as text")


def _document_type_problem(text: str) -> LineProblem | None:
    """A problem at the line of a document type that declares its own entities (``<!DOCTYPE x [<!ENTITY ...>]>``),
    ``None`` for a file without one."""
    declared = _INTERNAL_SUBSET.search(text[:_PROLOG_CHARS])
    if declared is None:
        return None
    line = text.count("\n", 0, declared.start()) + 1
    return LineProblem(line, shown(text[declared.start():declared.start() + 80].split("\n")[0]),
                       f"the file declares a document type with entities of its own: {_UNREAD_ENTITIES}")


def _entity_reason(name: str) -> str:
    """Why a card element's name cannot be read ("" when it can): it uses an entity, which is not expanded."""
    entity = _ENTITY_REFERENCE.search(name)
    return f"the name uses the entity {entity.group(0)}: {_UNREAD_ENTITIES}" if entity else ""


def _cut_off(text: str, root: str) -> LineProblem | None:
    """A problem saying where an XML deck file ends early: inside an element (a download or a copy cut short), or
    before its root element's end tag ``</root>``; ``None`` for a file that ends whole."""
    opened = text.rfind("<")
    if opened > text.rfind(">"):
        line = text.count("\n", 0, opened) + 1
        element = _ELEMENT_NAME.match(text, opened)
        inside = f"a <{element.group(1)}> element" if element else "a tag"
        return LineProblem(line, shown(" ".join(text[opened:].split())),
                           f"the file ends early, inside {inside} and without </{root}>: it was cut off here, and "
                           "the rest of the deck is missing. Save or export the deck again")
    if re.search(rf"</{root}\s*>", text, re.IGNORECASE):
        return None
    lines = text.rstrip().split("\n")
    return LineProblem(len(lines), shown(lines[-1].strip()), f"the file ends without </{root}>: it may have been "
                       "cut off after this line. Save or export the deck again")


# MTGO's .dek deck file, as magefree/mage reads it (Mage/src/main/java/mage/cards/decks/importer/DekDeckImporter.java):
# XML, a <Deck> holding one element a card, <Cards CatID="61202" Quantity="1" Sideboard="false" Name="Vildin-Pack
# Outcast" Annotation="0" />, split cards named "Refuse/Cooperate". The elements are found by pattern, one at a time,
# so no entity is ever expanded (an XML parser would expand a document's own entities) and a line number is kept.
_DEK_CARD = re.compile(r"<Cards\b([^<>]*)>")


def _from_dek(text: str, db: CardDB) -> ParsedDeck:
    """An MTGO .dek file's cards: ``Sideboard="true"`` ones in the sideboard (where MTGO keeps a Commander deck's
    commander, which the Commander check reads), the rest in the main deck; at most :data:`MAX_LINES` elements."""
    rows, problems = [], []
    for number, (line, match) in enumerate(_tagged(_DEK_CARD, text)):
        written = " ".join(match.group(0).split())
        if number == MAX_LINES:
            problems.append(LineProblem(line, shown(written), f"the deck has more than {MAX_LINES:,} Cards elements; "
                                        "the rest were not read"))
            break
        attributes = _xml_attributes(match.group(1))
        name = attributes.get("name", "").strip()
        reason = 'the Cards element has no Name="..." attribute' if not name else _entity_reason(name)
        if reason:
            if len(problems) < MAX_PROBLEMS:
                problems.append(LineProblem(line, shown(written), reason))
            continue
        side = "sideboard" if attributes.get("sideboard", "").strip().lower() == "true" else "main"
        rows.append((side, attributes.get("quantity", "1").strip(), name, line, written))
    problems += [problem for problem in (_document_type_problem(text), _cut_off(text, "Deck")) if problem]
    if not rows and not problems:
        raise DeckInputError('the deck looks like MTGO\'s .dek XML but has no <Cards Quantity="..." Name="..." /> '
                             "element. Export the deck again from MTGO, or paste the decklist as text.")
    return _with_problems(deck_from_rows(rows, db), problems)


def _with_problems(deck: ParsedDeck, problems: list[LineProblem]) -> ParsedDeck:
    deck.problems = sorted(deck.problems + problems, key=lambda problem: problem.line_number)
    return deck


# Cockatrice's .cod deck file, as Cockatrice writes and reads it (Cockatrice/Cockatrice,
# libcockatrice_deck_list/libcockatrice/deck_list/deck_list.cpp, DeckList::write and readElement, and
# tree/inner_deck_list_node.cpp and abstract_deck_list_card_node.cpp): <cockatrice_deck version="1"> holding
# <deckname>, <comments> and other metadata, then a <zone name="..."> for each zone, "main", "side" or "tokens"
# (inner_deck_list_node.h's DECK_ZONE_MAIN, DECK_ZONE_SIDE, DECK_ZONE_TOKENS), each holding one
# <card number="4" name="Lightning Bolt"/> a card (setShortName, collectorNumber and uuid may follow). Found by
# pattern, as the .dek's elements are.
_COD_ELEMENT = re.compile(r"<(/?)(zone|card)(?=[\s/>])([^<>]*)>")
_COD_NAME = re.compile(r"<deckname>([^<]*)</deckname>")
_COD_ZONES = {"main": "main", "side": "sideboard"}


def _from_cod(text: str, db: CardDB) -> ParsedDeck:
    """A Cockatrice .cod file's cards: the "main" zone's in the main deck, the "side" zone's in the sideboard; any
    other zone ("tokens") is set aside, and a note names it. At most :data:`MAX_LINES` card elements."""
    rows, problems, aside, zones, read = [], [], {}, [], 0
    for line, match in _tagged(_COD_ELEMENT, text):
        closing, tag, inside = match.groups()
        if tag == "zone":  # a zone inside a zone is read as part of the outer one
            if closing:
                zones = zones[:-1]
            elif not inside.rstrip().endswith("/"):
                zones.append(_xml_attributes(inside).get("name", ""))
            continue
        if closing:
            continue
        zone = zones[0] if zones else None
        written = " ".join(match.group(0).split())
        read += 1
        if read > MAX_LINES:
            problems.append(LineProblem(line, shown(written), f"the deck has more than {MAX_LINES:,} card elements; "
                                        "the rest were not read"))
            break
        attributes = _xml_attributes(inside)
        name = attributes.get("name", "").strip()
        reason = ('the card element has no name="..." attribute' if not name
                  else 'the card element is in no <zone name="...">' if zone is None else _entity_reason(name))
        if reason:
            if len(problems) < MAX_PROBLEMS:
                problems.append(LineProblem(line, shown(written), reason))
        elif zone in _COD_ZONES:
            rows.append((_COD_ZONES[zone], attributes.get("number", "1").strip(), name, line, written))
        else:
            aside[zone] = aside.get(zone, 0) + 1
    problems += [problem for problem in (_document_type_problem(text), _cut_off(text, "cockatrice_deck")) if problem]
    if not rows and not aside and not problems:
        raise DeckInputError('the deck looks like Cockatrice\'s .cod XML but has no <card number="..." name="..."/> '
                             "element in a <zone>. Save the deck again from Cockatrice, or paste the decklist as text.")
    named = _COD_NAME.search(text)
    deck = _with_problems(deck_from_rows(rows, db, name=_deck_name(named.group(1)) if named else None), problems)
    deck.set_aside = sum(aside.values())
    if aside:
        listed = ", ".join(f"{shown(zone)!r} ({count} card{'s' if count != 1 else ''})"
                           for zone, count in list(aside.items())[:12]) + (", ..." if len(aside) > 12 else "")
        several = len(aside) > 1
        deck.notes.append(f"Cockatrice's zone{'s' if several else ''} {listed} {'were' if several else 'was'} set "
                          f"aside: no deck section here holds {'them' if several else 'it'}")
    return deck


def _deck_name(written: str) -> str | None:
    return html.unescape(written).strip() or None


_XML_DECKS = {"deck": _from_dek, "cockatrice_deck": _from_cod}


def _is_json_array(text: str) -> bool:
    """Whether the text is one JSON array (``["Sol Ring", "Arcane Signet"]``, over one line or many), not a list whose
    first line starts with a bracket."""
    if _json_depth(text) > MAX_JSON_DEPTH:
        return False  # left to the line reader, which reports a line that long or that strange
    try:
        return isinstance(json.loads(text.lstrip("\ufeff")), list)
    except ValueError:
        return False


def _from_file(path: Path, db: CardDB) -> ParsedDeck:
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_DECK_BYTES + 1)
    except OSError as exc:
        raise DeckInputError(f"cannot read the deck file {path}: {exc}") from exc
    if len(data) > MAX_DECK_BYTES:
        raise DeckInputError(_too_big(f"the deck file {path}"))
    return _from_text(_decoded(data, f"the deck file {path}"), db, path.suffix.lower())


# One word ending in a file suffix ("deck.dec", "list.mwDeck"): no card's name (those with a "." have spaces too).
_FILE_NAME = re.compile(r"\S+\.[A-Za-z][A-Za-z0-9]{0,7}")


def _looks_like_path(text: str) -> bool:
    return "\n" not in text and (_FILE_NAME.fullmatch(text) is not None or "/" in text or "\\" in text)


def _names_a_file(text: str) -> bool:
    """Whether a one-line ``text`` is the name of something on disk (a file whatever its name, a folder, a
    device): "mydeck" had been read as a one-line decklist, and refused as no card named 'mydeck'."""
    if "\n" in text:
        return False
    try:
        return Path(text).expanduser().exists()
    except (OSError, ValueError):  # a name too long for the system, a NUL in it: no file
        return False


def _not_a_file(path: Path, text: str) -> str:
    """Why ``path`` cannot be read as a deck file: missing, a directory, or a device or pipe (``/dev/null``)."""
    if path.is_dir():
        return f"{text} is a directory, not a deck file: name the file in it."
    if path.exists():
        return f"{text} is not a regular file (a device or a pipe?): name a deck file, or pass - for standard input."
    return f"no deck file at {text}."


def _read(source: str, db: CardDB, files: bool, stdin: TextIO | None) -> ParsedDeck:
    text = source.strip()
    if not text:
        raise DeckInputError("the deck is empty. " + DECK_HELP)
    if is_deck_url(text):
        try:
            return fetch_deck(text, db)
        except DeckFetchError as exc:
            raise DeckInputError(str(exc)) from exc
    if _start(text).startswith(("{", "[", "<")):  # before paths: a one-line JSON text may hold a "/"
        return _from_text(source, db)
    if files and text == "-":
        reader = stdin or sys.stdin
        buffer = getattr(reader, "buffer", None)
        data = buffer.read(MAX_DECK_BYTES + 1) if buffer else reader.read(MAX_DECK_BYTES + 1)
        if len(data) > MAX_DECK_BYTES:
            raise DeckInputError(_too_big("standard input"))
        return _from_text(_decoded(data, "standard input") if buffer else data, db)
    if files and (_names_a_file(text) or _looks_like_path(text)):
        path = Path(text).expanduser()
        if not path.is_file():
            raise DeckInputError(_not_a_file(path, text) + " " + DECK_HELP)
        return _from_file(path, db)
    deck = _from_decklist(source, db)
    if files and not deck.count() and not re.search(r"\s", text):
        # one word where a file is expected, naming no card: a file name mistyped ("mydeck" with no such file had
        # been "no card named 'mydeck'. Did you mean: Beck // Call")
        raise DeckInputError(f"no deck file at {shown(text)} (and no card of that name). " + DECK_HELP)
    return deck


def read_deck(source: str | Path, db: CardDB, *, files: bool = True, stdin: TextIO | None = None) -> ParsedDeck:
    """The deck ``source`` holds: a URL, MTGJSON JSON, pasted text, or (with ``files``) a path or ``-``.

    Servers pass ``files=False`` so that a caller's text is never read as a path on the server. A deck with no
    card raises :class:`DeckInputError` listing its unreadable lines.
    """
    source = str(source)
    try:
        deck = _read(source, db, files, stdin)
    except DeckInputError:
        raise
    except ValueError as exc:  # the parser's own refusals (a line it cannot read at all)
        raise DeckInputError(f"the deck cannot be read: {exc}") from exc
    if not deck.count():
        problems = [p.to_dict() for p in deck.problems]
        unread = problems_text(deck, limit=10)
        # (what was left out and why, where the reader said so: a .cod's tokens zone; else the ways a card is set aside)
        aside = "".join(f" {note[0].upper()}{note[1:].rstrip('.')}." for note in deck.notes) or \
            (f" The {deck.set_aside} line{'s' if deck.set_aside != 1 else ''} under a Maybeboard or "
             "Considering header, on a deck site's maybeboard, or in an Archidekt category marked {noDeck}, "
             "are not part of the deck." if deck.set_aside else "")
        if unread:  # the reasons first: every card of the deck may have been refused for one (a bad quantity)
            count = "1 line" if len(problems) == 1 else f"{len(problems):,} lines"
            raise DeckInputError(f"no card found in the deck: {count} could not be read.\n{unread}\n{aside.strip()}"
                                 f"{' ' if aside else ''}{DECK_HELP}", problems)
        raise DeckInputError("no card found in the deck." + aside + " " + DECK_HELP, problems)
    return deck
