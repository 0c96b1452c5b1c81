"""Reading EDHREC precon pages: the page object of ``/precon`` (the index) and ``/precon/<slug>`` pages.

A page arrives either as HTML whose ``<script id="__NEXT_DATA__">`` holds ``props.pageProps.data`` (and the Next.js
``buildId``), or from the static JSON host (``https://json.edhrec.com/pages/precon.json`` and
``.../pages/precon/<slug>.json``), which serves the same object at its root, or ``{"redirect": "/precon/<slug>"}``
for a moved page. The field names are the ones public readers of these pages use; docs/precon-benchmark.md cites them.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from grimoire.cards.names import page_title

_NEXT_DATA = re.compile(r'<script[^>]*id="__NEXT_DATA__"[^>]*>(.*?)</script>', re.DOTALL)

# The tags of a precon page's cut/add cardlists, to label kinds (other tags, such as topcommanders, are not labels).
LIST_KINDS = {"cardstocut": "cut", "landstocut": "cut_land", "cardstoadd": "add", "landstoadd": "add_land"}
# The same lists by the header shown above them, for a list that carries no tag
HEADER_KINDS = {"cards to cut": "cut", "lands to cut": "cut_land", "cards to add": "add", "lands to add": "add_land"}
NOT_A_PAGE = "not an EDHREC page (expected a JSON object)"
PAIR_SEPARATOR = " // "


class PageError(ValueError):
    """A page is neither ``__NEXT_DATA__`` HTML nor page JSON, or lacks the fields a precon page or the index has."""


@dataclass(frozen=True)
class IndexEntry:
    """One precon link on the ``/precon`` index: its URL, display name and the set group it is listed under."""

    url: str
    slug: str
    name: str | None
    group: str | None


@dataclass(frozen=True)
class ListedCard:
    name: str
    kind: str
    list_rank: int
    num_decks: int | None
    potential_decks: int | None
    synergy: float | None
    lift: float | None
    unpopularity: float | None


@dataclass
class PreconPage:
    """What one precon page says: the box's commanders and cards, whose tables these are, and the cut/add lists.

    ``main_commander_matched`` is false when no ``precon_commander_counts`` href is the page's own path, so the
    first of ``deck.commander`` was taken as the commander the tables describe.
    """

    url: str
    slug: str
    header: str | None
    commanders: list[str]
    main_commander: str | None
    potential_decks: int | None
    deck: list[str] = field(default_factory=list)
    cards: list[ListedCard] = field(default_factory=list)
    commander_counts: list[tuple[str, int | None]] = field(default_factory=list)
    commander_hrefs: list[str] = field(default_factory=list)
    build_id: str | None = None
    main_commander_matched: bool = True


def page_data(body: str) -> tuple[dict, str | None]:
    """The page object and the Next.js ``buildId`` (``None`` for the JSON endpoint) of an HTML or JSON page."""
    text = body.lstrip()
    if text.startswith("{"):
        try:
            document = json.loads(text)
        except ValueError as exc:
            raise PageError(f"the page is not valid JSON ({exc})") from exc
        if isinstance(document, dict) and "props" in document:
            return _next_page(document), document.get("buildId")
        if not isinstance(document, dict):
            raise PageError(f"{NOT_A_PAGE}, but {_shown(document)}")
        return document, None
    match = _NEXT_DATA.search(body)
    if not match:
        if not text:
            raise PageError(f"the page is empty: {NOT_A_PAGE}")
        if _is_json(text):
            raise PageError(f"{NOT_A_PAGE}, but {_shown(json.loads(text))}")
        if text.startswith("<"):
            titled = f" (titled {title!r})" if (title := page_title(text)) else ""
            raise PageError(f'the answer is an HTML page{titled} with no <script id="__NEXT_DATA__">, so no EDHREC '
                            "page: a challenge or error page? Try again later")
        raise PageError('no <script id="__NEXT_DATA__"> in the page, and the page is not JSON')
    try:
        document = json.loads(match.group(1))
    except ValueError as exc:
        raise PageError(f"__NEXT_DATA__ is not valid JSON ({exc})") from exc
    return _next_page(document), document.get("buildId")


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _next_page(document: dict) -> dict:
    try:
        data = document["props"]["pageProps"]["data"]
    except (KeyError, TypeError) as exc:
        raise PageError(f"__NEXT_DATA__ has no props.pageProps.data ({exc})") from exc
    if not isinstance(data, dict):
        raise PageError("props.pageProps.data is not an object")
    return data


def _cardlists(data: dict) -> list[dict]:
    container = data.get("container")
    json_dict = container.get("json_dict") if isinstance(container, dict) else None
    cardlists = json_dict.get("cardlists") if isinstance(json_dict, dict) else None
    if not isinstance(cardlists, list):
        raise PageError("the page has no container.json_dict.cardlists list")
    return _objects(cardlists, "container.json_dict.cardlists")


def _objects(value, where: str) -> list[dict]:
    """``value`` as a list of objects (``null`` is an empty list); a :class:`PageError` naming ``where`` if not."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise PageError(f"{where} is not a list but {_shown(value)}")
    for position, item in enumerate(value):
        if not isinstance(item, dict):
            raise PageError(f"{where}[{position}] is not an object but {_shown(item)}")
    return value


def _shown(value) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def parse_index(body: str) -> list[IndexEntry]:
    """The precon pages the index links to: ``container.json_dict.cardlists[*].cardviews[{name, url}]``; a page
    none of whose links is a ``/precon/<slug>`` page (a commander's page) is a :class:`PageError`."""
    data, _ = page_data(body)
    entries = []
    for position, cardlist in enumerate(_cardlists(data)):
        for view in _objects(cardlist.get("cardviews"), f"container.json_dict.cardlists[{position}].cardviews"):
            url = view.get("url")
            if not url:
                continue
            entries.append(IndexEntry(url=url, slug=slug_of(url), name=view.get("name"),
                                      group=cardlist.get("header")))
    if entries and not any(_is_precon_link(entry.url) for entry in entries):
        raise PageError(f"not the precon index: none of its {len(entries)} links is a /precon/ page "
                        f"(the first is {_shown(entries[0].url)})")
    return entries


def _is_precon_link(url) -> bool:
    parts = [part for part in (_href_path(url) or "").split("/") if part]
    return len(parts) >= 2 and parts[-2] == "precon"


def slug_of(url: str) -> str:
    """``world-shaper`` of ``/precon/world-shaper`` (or of its full URL, or its JSON URL ``.../world-shaper.json``)."""
    path = urlsplit(url).path if "://" in url else url.split("?", 1)[0].split("#", 1)[0]
    parts = [part for part in path.removesuffix(".json").split("/") if part]
    return parts[parts.index("precon") + 1] if "precon" in parts[:-1] else parts[-1]


def redirect_of(body: str) -> str | None:
    """The page path of a ``{"redirect": "/precon/<slug>"}`` answer (served with HTTP 200 for a moved page; public
    json.edhrec.com readers follow it), or ``None`` for any other page object."""
    data, _ = page_data(body)
    target = data.get("redirect")
    return target if isinstance(target, str) and target.strip() else None


def parse_precon(body: str, url: str) -> PreconPage:
    """A precon page: ``deck`` (commanders and cards by type), ``precon_commander_counts`` and the four lists."""
    data, build_id = page_data(body)
    deck = data.get("deck")
    if not isinstance(deck, dict) or not isinstance(deck.get("commander"), list):
        raise PageError(f"{url}: no deck.commander list")
    commanders = [str(name) for name in deck["commander"]]
    cards = [card for position, cardlist in enumerate(_cardlists(data)) for card in _listed(cardlist, position)]
    counts = [entry for entry in _objects(data.get("precon_commander_counts"), "precon_commander_counts")
              if entry.get("value")]
    slug = slug_of(url)
    # The tables describe the commander whose href is this page's own path, not always the most built one.
    main = next((str(entry["value"]) for entry in counts if _href_path(entry.get("href")) == f"/precon/{slug}"), None)
    potential = max((c.potential_decks for c in cards if c.potential_decks), default=None)
    return PreconPage(url=url, slug=slug, header=data.get("header"), commanders=commanders,
                      main_commander=main or (commanders[0] if commanders else None),
                      potential_decks=potential, deck=commanders + _deck_cards(deck.get("cards")), cards=cards,
                      commander_counts=[(str(entry["value"]), _int(entry.get("count"))) for entry in counts],
                      commander_hrefs=[str(entry["href"]) for entry in counts if entry.get("href")],
                      build_id=build_id, main_commander_matched=main is not None)


def _href_path(href) -> str | None:
    """The path of an href, whether relative or absolute (``https://edhrec.com/precon/x/``), without a final ``/``."""
    return urlsplit(href).path.rstrip("/") if isinstance(href, str) else None


def _deck_cards(cards) -> list[str]:
    """The names of ``deck.cards``: ``{type: [[name, count], ...]}``."""
    if cards is None:
        return []
    if not isinstance(cards, dict):
        raise PageError(f"deck.cards is not an object of card types but {_shown(cards)}")
    names = []
    for kind, section in cards.items():
        if not isinstance(section, list):
            raise PageError(f"deck.cards.{kind} is not a list but {_shown(section)}")
        for position, entry in enumerate(section):
            if not entry:
                continue
            if not isinstance(entry, list) or not isinstance(entry[0], str):
                raise PageError(f"deck.cards.{kind}[{position}] is not a [name, count] pair but {_shown(entry)}")
            names.append(entry[0])
    return names


def pair_parts(value: str) -> list[str]:
    """The halves of a partner pair ``A // B`` in ``precon_commander_counts`` (when the value names no one card:
    a double-faced commander's name also holds `` // ``)."""
    return [part.strip() for part in value.split(PAIR_SEPARATOR) if part.strip()]


def _listed(cardlist: dict, position: int) -> list[ListedCard]:
    """The cards of one cut/add list, known by its tag, or by its header where it has no tag (``[]`` for the page's
    other lists); an untagged list whose header names none of the four is a :class:`PageError`."""
    tag = cardlist.get("tag")
    if tag:
        kind = LIST_KINDS.get(str(tag).lower())
    else:
        header = " ".join(str(cardlist.get("header") or "").lower().split())
        kind = HEADER_KINDS.get(header)
        if kind is None:
            raise PageError(f"container.json_dict.cardlists[{position}] has no tag, and its header "
                            f"{_shown(cardlist.get('header'))} names none of the lists read ("
                            f"{', '.join(map(repr, HEADER_KINDS))})")
    if kind is None:
        return []
    where = f"container.json_dict.cardlists[{position}].cardviews"
    out = []
    for rank, view in enumerate(_objects(cardlist.get("cardviews"), where), start=1):
        if not isinstance(view.get("name"), str) or not view["name"]:
            raise PageError(f"{where}[{rank - 1}] ({cardlist.get('tag')}) has no name: {_shown(view)}")
        cut = kind.startswith("cut")
        # Cut entries carry num_decks 0 and potential_decks 0: their measure is unpopularity alone.
        out.append(ListedCard(
            name=view["name"], kind=kind, list_rank=rank, num_decks=None if cut else _int(view.get("num_decks")),
            potential_decks=None if cut else _int(view.get("potential_decks")), synergy=_float(view.get("synergy")),
            lift=_float(view.get("lift")), unpopularity=_float(view.get("unpopularity"))))
    return out


def _int(value) -> int | None:
    number = _number(value)
    return None if number is None else int(number)


def _float(value) -> float | None:
    number = _number(value)
    return None if number is None else float(number)


def _number(value) -> int | float | None:
    """A finite number, also when written as text (``"593"``); ``None`` for anything else."""
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return None
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        return None
    return value
