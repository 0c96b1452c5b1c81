"""Decks from deck-building sites by URL: Moxfield and Archidekt, through their public JSON APIs (or their answers
saved to a file).

Set GRIMOIRE_MOXFIELD_API or GRIMOIRE_ARCHIDEKT_API to use a mirror (the tests point them at a local server).
"""

from __future__ import annotations

import os
import re

import httpx

from grimoire import __version__
from grimoire.cards.store import CardDB
from grimoire.decks.parse import ARCHIDEKT_PLACES, ParsedDeck, archidekt_section, deck_from_rows

MOXFIELD_API = "https://api2.moxfield.com"
ARCHIDEKT_API = "https://archidekt.com"
TIMEOUT_SECONDS = 10.0
USER_AGENT = f"grimoire/{__version__} (Magic card search; deck check)"

# The scheme may be left out ("moxfield.com/decks/<id>", as a link is often copied from the address bar)
_MOXFIELD_URL = re.compile(r"^(?:https?://)?(?:www\.)?moxfield\.com/decks/([A-Za-z0-9_-]+)", re.IGNORECASE)
_ARCHIDEKT_URL = re.compile(r"^(?:https?://)?(?:www\.)?archidekt\.com/(?:api/)?decks/(\d+)", re.IGNORECASE)
_DECK_URL = re.compile(r"^(?:https?://|(?:www\.)?(?:moxfield|archidekt)\.com/)", re.IGNORECASE)
_MOXFIELD_BOARDS = {"commanders": "commanders", "mainboard": "main", "sideboard": "sideboard",
                    "companions": "companion"}
# Oathbreaker's signature spells (as z33kz33k/mtg's moxfield.py reads the board), which no section of a deck here
# holds; every other board (maybeboard, attractions, stickers...) is no part of the deck and is set aside, as under a
# Maybeboard header
_MOXFIELD_SIGNATURE_SPELLS = "signatureSpells"
# Archidekt's deckFormat numbers, as linkian209/pyrchidekt's Format enum (pyrchidekt/formats.py) names them. Only the
# first six are read: public readers agree on those, and differ past them (Pioneer is 15 there, 14 in another), so a
# later number is said as written and checked as no format
_ARCHIDEKT_FORMATS = {1: "standard", 2: "modern", 3: "commander", 4: "legacy", 5: "vintage", 6: "pauper"}


class DeckFetchError(RuntimeError):
    """A deck URL could not be read; the message says why and what to do instead."""


def is_deck_url(text: str) -> bool:
    """Whether ``text`` is a URL: any ``http(s)://`` link, or a Moxfield or Archidekt one without its scheme."""
    return bool(_DECK_URL.match(text.strip()))


def fetch_deck(url: str, db: CardDB) -> ParsedDeck:
    """Download a deck from Moxfield (``https://moxfield.com/decks/<id>``) or Archidekt
    (``https://archidekt.com/decks/<id>/...``), the scheme optional. Raises :class:`DeckFetchError` offline or on
    HTTP errors."""
    url = url.strip()
    if match := _MOXFIELD_URL.match(url):
        base = os.environ.get("GRIMOIRE_MOXFIELD_API", MOXFIELD_API).rstrip("/")
        payload = _get_json(f"{base}/v3/decks/all/{match.group(1)}", "moxfield.com")
        return _moxfield_deck(payload, db)
    if match := _ARCHIDEKT_URL.match(url):
        base = os.environ.get("GRIMOIRE_ARCHIDEKT_API", ARCHIDEKT_API).rstrip("/")
        payload = _get_json(f"{base}/api/decks/{match.group(1)}/", "archidekt.com")
        return _archidekt_deck(payload, db)
    raise DeckFetchError(f"cannot read decks from {url}: supported sites are moxfield.com/decks/<id> and "
                         "archidekt.com/decks/<id>; for any other site, paste or save the decklist as text")


def saved_site_deck(payload: object, db: CardDB) -> ParsedDeck | None:
    """The deck of a Moxfield or Archidekt API answer saved to a file (the shapes :func:`fetch_deck` reads: Moxfield's
    ``boards``, Archidekt's ``cards`` of ``{"card": {"oracleCard": ...}}``), or ``None`` for JSON of another shape."""
    if not isinstance(payload, dict):
        return None
    boards = payload.get("boards")
    if isinstance(boards, dict) and any(isinstance(board, dict) and "cards" in board for board in boards.values()):
        return _moxfield_deck(payload, db)
    if (boards := _moxfield_v2_boards(payload)) is not None:
        return _moxfield_deck({**payload, "boards": boards}, db)
    cards = payload.get("cards")
    if isinstance(cards, list) and ("deckFormat" in payload or any(
            "oracleCard" in _object(_object(entry).get("card")) for entry in cards)):
        return _archidekt_deck(payload, db)
    return None


MAX_URL_LENGTH = 2048  # longer is no deck link (httpx refuses a URL past 65,536 characters with its own error)


def _get_json(api_url: str, site: str) -> dict:
    if len(api_url) > MAX_URL_LENGTH:
        raise DeckFetchError(f"the {site} deck link is too long (over {MAX_URL_LENGTH} characters) — check it, or "
                             "paste the decklist instead")
    try:
        response = httpx.get(api_url, timeout=TIMEOUT_SECONDS, follow_redirects=True,
                             headers={"User-Agent": USER_AGENT, "Accept": "application/json"})
        response.raise_for_status()
        payload = response.json()
    except httpx.HTTPStatusError as exc:
        raise DeckFetchError(_status_message(exc.response.status_code, site)) from exc
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        raise DeckFetchError(f"could not reach {site}: {exc or type(exc).__name__} — paste the decklist instead"
                             ) from exc
    except (ValueError, RecursionError) as exc:  # (JSON nested past Python's recursion limit)
        raise DeckFetchError(f"{site} did not answer with readable JSON ({type(exc).__name__}) — paste the "
                             "decklist instead") from exc
    if not isinstance(payload, dict):
        raise DeckFetchError(f"{site} answered with unexpected data — paste the decklist instead")
    return payload


def _status_message(code: int, site: str) -> str:
    """What an HTTP error from a deck site means and what to do instead. Moxfield answers 403 with a Cloudflare
    challenge page to programs it has not allowlisted (moxfield/moxfield-public issue 143, MarioMH8/moxfield-api
    issue 67)."""
    if code == 404:
        return (f"could not read the deck from {site}: is the deck public and the link right? — paste the decklist "
                "instead")
    if code == 403:
        allowlist = ": Moxfield answers only programs it has allowlisted" if site == "moxfield.com" else ""
        return (f"{site} refused an automated request for the deck (HTTP 403{allowlist}) — export the list as text "
                f"from the deck's page on {site}, save it, and pass the file instead")
    return f"could not read the deck from {site}: HTTP {code} — paste the decklist instead"


def _object(value: object) -> dict:
    """A JSON object of the answer, or an empty one where the site put anything else (a string, a number)."""
    return value if isinstance(value, dict) else {}


def _array(value: object) -> list:
    """A JSON array of the answer, or an empty one where the site put anything else (``"categories": 5`` had
    raised a TypeError: a traceback and an HTTP 500)."""
    return value if isinstance(value, list) else []


def _text(value: object) -> str:
    """A string of the answer, or "" (a card named ``5`` is no name: its line is reported unread)."""
    return value if isinstance(value, str) else ""


def _moxfield_cards(boards: dict, board: str) -> list[dict]:
    return [_object(entry) for entry in _object(_object(boards.get(board)).get("cards")).values()]


def _moxfield_v2_boards(payload: dict) -> dict | None:
    """The boards of an answer saved from Moxfield's older API (``api.moxfield.com/v2/decks/all/<id>``), in v3's
    shape, or ``None`` for JSON of another shape. v2 put each board at the top level as ``{<key>: {quantity, card}}``
    (``mainboard``, ``sideboard``, ``commanders``...) where v3 nests it as ``boards.<board>.cards``: the shape z33k's
    mtgcards (mtgcards/decks/moxfield.py, before it became z33kz33k/mtg) read from ``api2.moxfield.com/v2/decks/all``,
    each entry's ``card`` and ``quantity``. Its ``tokens`` is a list, no board. Any other object of such entries is a
    board too, set aside and counted as v3's are (``attractions``, ``stickers``: they had been dropped uncounted)."""
    boards = {key: {"cards": value} for key, value in payload.items()
              if isinstance(value, dict)
              and all(isinstance(entry, dict) and "card" in entry for entry in value.values())}
    has_cards = any(board["cards"] for key, board in boards.items() if key in _MOXFIELD_BOARDS)
    return boards if "mainboard" in boards and has_cards else None


def _moxfield_deck(payload: dict, db: CardDB) -> ParsedDeck:
    boards = payload.get("boards")
    if not isinstance(boards, dict):
        raise DeckFetchError("moxfield.com answered without 'boards' — paste the decklist instead")
    rows = []
    for board, section in _MOXFIELD_BOARDS.items():
        for position, entry in enumerate(_moxfield_cards(boards, board), start=1):
            name = _text(_object(entry.get("card")).get("name"))
            quantity = entry.get("quantity", 1)  # checked with every other line's in deck_from_rows
            rows.append((section, quantity, name, position, f"{board}: {quantity} {name}"))
    deck = deck_from_rows(rows, db, name=_text(payload.get("name")) or None)
    deck.declared_format, deck.declared_by = _text(payload.get("format")).strip() or None, "moxfield.com"
    deck.set_aside = sum(len(_moxfield_cards(boards, board)) for board in boards
                         if board not in _MOXFIELD_BOARDS and board != _MOXFIELD_SIGNATURE_SPELLS)
    spells = [_text(_object(entry.get("card")).get("name")) or "?"
              for entry in _moxfield_cards(boards, _MOXFIELD_SIGNATURE_SPELLS)]
    if spells:
        deck.notes.append(f"moxfield.com's signatureSpells board (Oathbreaker's signature spells) was left out, as "
                          f"no deck section here holds it: {', '.join(spells)}")
    return deck


def _archidekt_format(number: object) -> str | None:
    """The format an Archidekt deck's ``deckFormat`` number stands for, or the number as written where it is not one
    of :data:`_ARCHIDEKT_FORMATS` (``None`` where the answer has none)."""
    if isinstance(number, bool) or not isinstance(number, int):
        return None
    return _ARCHIDEKT_FORMATS.get(number, f"deckFormat {number}")


def _archidekt_deck(payload: dict, db: CardDB) -> ParsedDeck:
    """Each entry of ``cards`` carries ``deletedAt`` (when it was deleted from the deck, else null) and ``companion``
    (true for the deck's companion), as linkian209/pyrchidekt's ArchidektCard reads them; ``categories`` may be null."""
    cards = payload.get("cards")
    if not isinstance(cards, list):
        raise DeckFetchError("archidekt.com answered without 'cards' — paste the decklist instead")
    categories = [c for c in _array(payload.get("categories")) if isinstance(c, dict)]
    included = {_text(c.get("name")).lower(): c.get("includedInDeck", True) is not False for c in categories}
    premier = {_text(c.get("name")) for c in categories if c.get("isPremier") is True}
    premier_main: dict[str, int] = {}
    rows, set_aside = [], 0
    for position, entry in enumerate(cards, start=1):
        entry = _object(entry)
        if entry.get("deletedAt") is not None:  # a card removed from the deck: its entry stays, dated
            continue
        name = _text(_object(_object(entry.get("card")).get("oracleCard")).get("name"))
        quantity = entry.get("quantity", 1)  # checked with every other line's in deck_from_rows
        listed = [c for c in _array(entry.get("categories")) if isinstance(c, str)]
        section = "companion" if entry.get("companion") is True else archidekt_section(
            [c.lower() for c in listed], included)
        if listed and listed[0] in premier and section == "main":
            premier_main[listed[0]] = premier_main.get(listed[0], 0) + 1
        if section is None:
            set_aside += 1
        else:
            rows.append((section, quantity, name, position, f"{quantity} {name}"))
    deck = deck_from_rows(rows, db, name=_text(payload.get("name")) or None)
    deck.set_aside = set_aside
    deck.declared_format, deck.declared_by = _archidekt_format(payload.get("deckFormat")), "archidekt.com"
    deck.notes.extend(f"archidekt.com: the {count} card(s) of the premier category {category!r} were read in the "
                      f"main deck: only a category named {' or '.join(map(repr, ARCHIDEKT_PLACES))} places a card"
                      for category, count in premier_main.items())
    return deck

