"""Reading EDHREC precon pages: the page object of ``/precon`` (the index) and ``/precon/<slug>`` pages.

A page arrives either as HTML whose ``<script id="__NEXT_DATA__">`` holds ``props.pageProps.data`` (and the Next.js
``buildId``), or from the static endpoint ``json.edhrec.com/pages/precon/<slug>.json``, which serves the same object
at its root. The field names are the ones public readers of these pages use; docs/precon-benchmark.md cites them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

_NEXT_DATA = re.compile(r'<script[^>]*id="__NEXT_DATA__"[^>]*>(.*?)</script>', re.DOTALL)

# The tags of a precon page's cut/add cardlists, to label kinds (other tags, such as topcommanders, are not labels).
LIST_KINDS = {"cardstocut": "cut", "landstocut": "cut_land", "cardstoadd": "add", "landstoadd": "add_land"}
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
    """What one precon page says: the box's commanders and cards, whose tables these are, and the cut/add lists."""

    url: str
    slug: str
    header: str | None
    commanders: list[str]
    main_commander: str | None
    potential_decks: int | None
    deck: list[str] = field(default_factory=list)
    cards: list[ListedCard] = field(default_factory=list)
    commander_counts: list[tuple[str, int | None]] = field(default_factory=list)
    build_id: str | None = None


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
            raise PageError("the page JSON is not an object")
        return document, None
    match = _NEXT_DATA.search(body)
    if not match:
        raise PageError('no <script id="__NEXT_DATA__"> in the page, and the page is not JSON')
    try:
        document = json.loads(match.group(1))
    except ValueError as exc:
        raise PageError(f"__NEXT_DATA__ is not valid JSON ({exc})") from exc
    return _next_page(document), document.get("buildId")


def _next_page(document: dict) -> dict:
    try:
        data = document["props"]["pageProps"]["data"]
    except (KeyError, TypeError) as exc:
        raise PageError(f"__NEXT_DATA__ has no props.pageProps.data ({exc})") from exc
    if not isinstance(data, dict):
        raise PageError("props.pageProps.data is not an object")
    return data


def _cardlists(data: dict) -> list[dict]:
    cardlists = ((data.get("container") or {}).get("json_dict") or {}).get("cardlists")
    if not isinstance(cardlists, list):
        raise PageError("the page has no container.json_dict.cardlists list")
    return cardlists


def parse_index(body: str) -> list[IndexEntry]:
    """The precon pages the index links to: ``container.json_dict.cardlists[*].cardviews[{name, url}]``."""
    data, _ = page_data(body)
    entries = []
    for cardlist in _cardlists(data):
        for view in cardlist.get("cardviews") or []:
            url = view.get("url")
            if not url:
                continue
            entries.append(IndexEntry(url=url, slug=slug_of(url), name=view.get("name"),
                                      group=cardlist.get("header")))
    return entries


def slug_of(url: str) -> str:
    """``world-shaper`` of ``/precon/world-shaper`` (or of its full URL)."""
    path = url.split("://", 1)[-1]
    parts = [part for part in path.split("/") if part]
    return parts[parts.index("precon") + 1] if "precon" in parts[:-1] else parts[-1]


def parse_precon(body: str, url: str) -> PreconPage:
    """A precon page: ``deck`` (commanders and cards by type), ``precon_commander_counts`` and the four lists."""
    data, build_id = page_data(body)
    deck = data.get("deck")
    if not isinstance(deck, dict) or not isinstance(deck.get("commander"), list):
        raise PageError(f"{url}: no deck.commander list")
    commanders = [str(name) for name in deck["commander"]]
    names = [str(entry[0]) for section in (deck.get("cards") or {}).values() for entry in section if entry]
    cards = [card for cardlist in _cardlists(data) for card in _listed(cardlist)]
    counts = [entry for entry in data.get("precon_commander_counts") or [] if entry.get("value")]
    slug = slug_of(url)
    # The tables describe the commander whose href is this page's own path, not always the most built one.
    main = next((str(entry["value"]) for entry in counts if entry.get("href") == f"/precon/{slug}"),
                commanders[0] if commanders else None)
    potential = max((c.potential_decks for c in cards if c.potential_decks), default=None)
    return PreconPage(url=url, slug=slug, header=data.get("header"), commanders=commanders, main_commander=main,
                      potential_decks=potential, deck=commanders + names, cards=cards,
                      commander_counts=[(str(entry["value"]), _int(entry.get("count"))) for entry in counts],
                      build_id=build_id)


def pair_parts(value: str) -> list[str]:
    """The halves of a partner pair ``A // B`` in ``precon_commander_counts`` (when the value names no one card:
    a double-faced commander's name also holds `` // ``)."""
    return [part.strip() for part in value.split(PAIR_SEPARATOR) if part.strip()]


def _listed(cardlist: dict) -> list[ListedCard]:
    kind = LIST_KINDS.get(str(cardlist.get("tag") or "").lower())
    if kind is None:
        return []
    out = []
    for rank, view in enumerate(cardlist.get("cardviews") or [], start=1):
        cut = kind.startswith("cut")
        # Cut entries carry num_decks 0 and potential_decks 0: their measure is unpopularity alone.
        out.append(ListedCard(
            name=view["name"], kind=kind, list_rank=rank, num_decks=None if cut else _int(view.get("num_decks")),
            potential_decks=None if cut else _int(view.get("potential_decks")), synergy=_float(view.get("synergy")),
            lift=_float(view.get("lift")), unpopularity=_float(view.get("unpopularity"))))
    return out


def _int(value) -> int | None:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _float(value) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
