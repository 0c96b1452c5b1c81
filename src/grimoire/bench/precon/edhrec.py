"""Reading EDHREC precon pages: the ``__NEXT_DATA__`` JSON that Next.js embeds in each page's HTML.

The parsers read ``props.pageProps.data`` and nothing else, so a change of EDHREC's layout fails here, loudly.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

_NEXT_DATA = re.compile(r'<script[^>]*id="__NEXT_DATA__"[^>]*>(.*?)</script>', re.DOTALL)

# EDHREC list headers (and tags) to label kinds.
LIST_KINDS = {
    "cards to cut": "cut", "cardstocut": "cut",
    "lands to cut": "cut_land", "landstocut": "cut_land",
    "cards to add": "add", "cardstoadd": "add",
    "lands to add": "add_land", "landstoadd": "add_land",
}


class PageError(ValueError):
    """A page has no ``__NEXT_DATA__`` JSON, or not the fields a precon page or the index has."""


@dataclass(frozen=True)
class IndexEntry:
    """One precon link on the ``/precon`` index page."""

    url: str
    slug: str
    name: str | None
    set_code: str | None
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
    """What one precon page says: its commanders, EDHREC's copy of the decklist, and the cut/add lists."""

    url: str
    slug: str
    set_code: str | None
    commanders: list[str]
    main_commander: str | None
    potential_decks: int | None
    deck: list[str] = field(default_factory=list)
    cards: list[ListedCard] = field(default_factory=list)
    commander_counts: list[tuple[str, int | None]] = field(default_factory=list)


def next_data(html: str) -> dict:
    """``props.pageProps.data`` of a Next.js page."""
    match = _NEXT_DATA.search(html)
    if not match:
        raise PageError("no <script id=\"__NEXT_DATA__\"> in the page")
    try:
        document = json.loads(match.group(1))
        data = document["props"]["pageProps"]["data"]
    except (ValueError, KeyError, TypeError) as exc:
        raise PageError(f"__NEXT_DATA__ has no props.pageProps.data ({exc})") from exc
    if not isinstance(data, dict):
        raise PageError("props.pageProps.data is not an object")
    return data


def parse_index(html: str) -> list[IndexEntry]:
    """The precon pages the index links to (``data.precons``: url, name, set, group)."""
    data = next_data(html)
    entries = data.get("precons")
    if not isinstance(entries, list):
        raise PageError("the index page has no list data.precons")
    out = []
    for entry in entries:
        url = entry.get("url") or f"/precon/{entry['slug']}"
        out.append(IndexEntry(url=url, slug=entry.get("slug") or url.rstrip("/").rsplit("/", 1)[-1],
                              name=entry.get("name"), set_code=_upper(entry.get("set")), group=entry.get("group")))
    return out


def parse_precon(html: str, url: str) -> PreconPage:
    """A precon page: commanders, potential decks, EDHREC's decklist, the four cut/add lists, commander counts."""
    data = next_data(html)
    commanders = [str(name) for name in data.get("commanders") or []]
    if not commanders:
        raise PageError(f"{url}: no data.commanders")
    cards: list[ListedCard] = []
    cardlists = ((data.get("container") or {}).get("json_dict") or {}).get("cardlists") or []
    for cardlist in cardlists:
        kind = LIST_KINDS.get(str(cardlist.get("tag") or "").lower()) or LIST_KINDS.get(
            str(cardlist.get("header") or "").strip().lower())
        if kind is None:
            continue
        for rank, view in enumerate(cardlist.get("cardviews") or [], start=1):
            cards.append(ListedCard(
                name=view["name"], kind=kind, list_rank=rank, num_decks=_int(view.get("num_decks")),
                potential_decks=_int(view.get("potential_decks")), synergy=_float(view.get("synergy")),
                lift=_float(view.get("lift")), unpopularity=_float(view.get("unpopularity"))))
    counts = data.get("precon_commander_counts") or []
    if isinstance(counts, dict):
        counts = [{"name": name, "num_decks": n} for name, n in counts.items()]
    potential = _int(data.get("potential_decks"))
    if potential is None:
        potential = max((c.potential_decks for c in cards if c.potential_decks is not None), default=None)
    return PreconPage(
        url=url, slug=url.rstrip("/").rsplit("/", 1)[-1], set_code=_upper(data.get("set")),
        commanders=commanders, main_commander=data.get("commander") or commanders[0], potential_decks=potential,
        deck=[_strip_count(line) for line in data.get("deck") or []], cards=cards,
        commander_counts=[(str(c["name"]), _int(c.get("num_decks"))) for c in counts])


def _strip_count(line: str) -> str:
    count, _, rest = line.partition(" ")
    return rest if count.isdigit() and rest else line


def _upper(value) -> str | None:
    return str(value).upper() if value else None


def _int(value) -> int | None:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _float(value) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
