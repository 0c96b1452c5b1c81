"""Building the precon benchmark: MTGJSON Commander decklists joined to EDHREC precon pages, written as Parquet configs.

The rules (matching, gains, splits, the scored rule) are the dataset card's; their parameters live in ``schema``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit

import pyarrow.parquet as pq
from tqdm import tqdm

from grimoire.bench.precon import edhrec
from grimoire.bench.precon.dataset import MANIFEST_FILE, config_table, write_config
from grimoire.bench.precon.fetch import Fetcher, FetchError
from grimoire.bench.precon.mtgjson_files import MtgjsonFiles
from grimoire.bench.precon.schema import (
    DEFAULT_CUTOFF,
    DEV_MONTHS,
    GAIN_THRESHOLDS,
    GAP_MONTHS,
    HEADLINE_KINDS,
    MIN_COMMANDER_JACCARD,
    MIN_DECK_JACCARD,
    MIN_POTENTIAL_DECKS,
    MIN_WEEKS_BEFORE_SNAPSHOT,
    MTGO_THEME_DECK_SET,
    TAG_DENYLIST,
    assert_deck_columns,
    gain,
    gain_syn,
)
from grimoire.cards.loading import read_json
from grimoire.cards.mtgjson import repeated_faces
from grimoire.cards.names import fold
from grimoire.cards.store import CardDB

FORMAT_VERSION = 1
COMMANDER_DECK_TYPE = "Commander Deck"
COLLECTORS_EDITION = "collector's edition"
INDEX_PATH = "/precon"
MTGJSON_FILES = ("DeckList.json", "SetList.json", "AtomicCards.json")
UNMAPPED_FILE = "unmapped.json"


class BuildError(RuntimeError):
    """The sources cannot be built into a dataset (missing files, nothing to build)."""


# ---- pure rules -------------------------------------------------------------------------------------------------

def precon_id(mtgjson_file: str) -> str:
    """The opaque id of a precon: ``pc-`` + sha1 of its MTGJSON deck file name, first 10 hex digits."""
    return "pc-" + hashlib.sha1(mtgjson_file.encode("utf-8")).hexdigest()[:10]


def add_months(day: dt.date, months: int) -> dt.date:
    """``day`` moved by whole months, clamped to the month's last day."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    month += 1
    next_month = dt.date(year + (month == 12), month % 12 + 1, 1)
    return dt.date(year, month, min(day.day, (next_month - dt.timedelta(days=1)).day))


def split_of(release_date: str | None, cutoff: str = DEFAULT_CUTOFF) -> str:
    """train < C-12 mo <= dev < C <= gap < C+2 mo <= test, by release date.

    A deck with no release date (MTGJSON's null: not released as a product) cannot be placed either side of the
    cutoff, so it goes to the gap, which is never scored nor used as train or dev.
    """
    if release_date is None:
        return "gap"
    day, c = dt.date.fromisoformat(release_date), dt.date.fromisoformat(cutoff)
    if day < add_months(c, -DEV_MONTHS):
        return "train"
    if day < c:
        return "dev"
    if day < add_months(c, GAP_MONTHS):
        return "gap"
    return "test"


def exclude_reason(*, split: str, release_date: str | None, snapshot: str, set_code: str | None, has_page: bool,
                   potential_decks: int | None) -> str | None:
    """Why a precon is not scored (the first rule it fails), or ``None`` when it is scored."""
    if set_code and set_code.upper() == MTGO_THEME_DECK_SET:
        return "mtgo_theme_deck"
    if release_date is None:
        return "no_release_date"
    if split == "gap":
        return "gap"
    if not has_page:
        return "no_edhrec_page"
    if potential_decks is None or potential_decks < MIN_POTENTIAL_DECKS:
        return f"potential_decks_below_{MIN_POTENTIAL_DECKS}"
    latest = dt.date.fromisoformat(snapshot) - dt.timedelta(weeks=MIN_WEEKS_BEFORE_SNAPSHOT)
    if dt.date.fromisoformat(release_date) > latest:
        return f"released_within_{MIN_WEEKS_BEFORE_SNAPSHOT}_weeks_of_snapshot"
    return None


def split_rows(precons: Iterable[dict], *, cutoff: str, snapshot: str) -> list[dict]:
    """The splits config from precons rows (release_date, set_code, edhrec_url, potential_decks)."""
    rows = []
    for precon in precons:
        split = split_of(precon["release_date"], cutoff)
        reason = exclude_reason(split=split, release_date=precon["release_date"], snapshot=snapshot,
                                set_code=precon["set_code"], has_page=precon["edhrec_url"] is not None,
                                potential_decks=precon["potential_decks"])
        rows.append({"precon_id": precon["precon_id"], "release_date": precon["release_date"], "split": split,
                     "scored": reason is None, "exclude_reason": reason, "cutoff": cutoff})
    return rows


def jaccard(a: set, b: set) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


# ---- sources ----------------------------------------------------------------------------------------------------

@dataclass
class MtgjsonDeck:
    file_name: str
    name: str
    set_code: str
    release_date: str | None  # None: MTGJSON's null, a deck not released as a product
    type: str
    data: dict


@dataclass
class Precon:
    deck: MtgjsonDeck
    precon_id: str
    cards: list[dict]
    commander_ids: list[str]
    commander_names: list[str]
    color_identity: list[str]
    page: edhrec.PreconPage | None = None
    match_method: str | None = None
    deck_jaccard: float | None = None
    index_entry: edhrec.IndexEntry | None = None
    extra: dict = field(default_factory=dict)

    @property
    def card_ids(self) -> set[str]:
        return {card["oracle_id"] for card in self.cards}


def _read(files: MtgjsonFiles, relative: str, *alternatives: str) -> dict:
    path = files.path(relative, alternatives=alternatives)
    if path is None:
        raise BuildError(f"{files.folder / relative} is missing and downloads are off; run without --offline "
                         "to fetch it from MTGJSON (https://mtgjson.com/api/v5/)")
    return read_json(path)


def commander_decks(files: MtgjsonFiles) -> tuple[list[MtgjsonDeck], dict]:
    """MTGJSON Commander decks (each deck file ``decks/<fileName>.json``), Collector's Edition duplicates dropped,
    by release date (those with none last) then file name; and DeckList's meta."""
    deck_list = _read(files, "DeckList.json")
    entries = [e for e in deck_list.get("data", []) if e.get("type") == COMMANDER_DECK_TYPE]
    regular = {(e["code"].upper(), _base_name(e["name"])) for e in entries if not _is_collectors(e["name"])}
    entries = [e for e in entries
               if not (_is_collectors(e["name"]) and (e["code"].upper(), _base_name(e["name"])) in regular)]
    decks = []
    for entry in tqdm(entries, desc="MTGJSON deck files", unit="deck", disable=None, leave=False):
        name = entry["fileName"]
        data = _read(files, f"decks/{name}.json", f"AllDeckFiles/{name}.json", f"{name}.json").get("data") or {}
        decks.append(MtgjsonDeck(file_name=entry["fileName"], name=entry["name"], set_code=entry["code"].upper(),
                                 release_date=entry.get("releaseDate") or data.get("releaseDate"),
                                 type=entry["type"], data=data))
    decks.sort(key=lambda d: (d.release_date is None, d.release_date or "", d.file_name))
    return decks, deck_list.get("meta") or {}


def _is_collectors(name: str) -> bool:
    return COLLECTORS_EDITION in name.lower().replace("’", "'")


def _base_name(name: str) -> str:
    lowered = name.lower().replace("’", "'")
    cut = lowered.find(COLLECTORS_EDITION)
    return (lowered[:cut] if cut >= 0 else lowered).strip(" -()")


# ---- matching ---------------------------------------------------------------------------------------------------

class CardMatcher:
    """Oracle ids for MTGJSON deck cards and EDHREC names, by the dataset card's matching rules."""

    def __init__(self, db: CardDB):
        self.db = db
        self._ids = db.oracle_ids
        self.flavor_names: dict[str, str] = {}
        self.unmapped: dict[str, list[str]] = {"mtgjson": [], "edhrec": []}

    def mtgjson_card(self, card: dict) -> str | None:
        """identifiers.scryfallOracleId when the store has it, else the exact normalised name, else the face name.

        A deck card's ``flavorName`` (its printing's in-universe name) is learned here: MTGJSON carries it on printings
        (set and deck cards), never in AtomicCards, so only names printed in a deck the build reads can map.
        """
        oracle_id = (card.get("identifiers") or {}).get("scryfallOracleId")
        if oracle_id and self.db.find_id(oracle_id) is not None:
            found = oracle_id
        else:
            rows = (self.db.names.find(name) for name in (card.get("name"), card.get("faceName")) if name)
            found = next((self._ids[row] for row in rows if row is not None), None)
        if found is None:
            self.unmapped["mtgjson"].append(str(card.get("name")))
        elif card.get("flavorName"):
            self.flavor_names.setdefault(fold(card["flavorName"]), found)
        return found

    def atomic_id(self, name: str, face: dict) -> str | None:
        oracle_id = (face.get("identifiers") or {}).get("scryfallOracleId")
        if oracle_id and self.db.find_id(oracle_id) is not None:
            return oracle_id
        row = self.db.names.find(name)
        return self._ids[row] if row is not None else None

    def edhrec_name(self, name: str, *, log: bool = True) -> str | None:
        """Exact normalised name or face name, then the front half of ``A // B``, then an MTGJSON flavorName."""
        row = self.db.names.find(name)
        if row is None and " // " in name:
            row = self.db.names.find(name.split(" // ")[0])
        oracle_id = self._ids[row] if row is not None else self.flavor_names.get(fold(name))
        if oracle_id is None and log:
            self.unmapped["edhrec"].append(name)
        return oracle_id

    def commander_ids(self, value: str) -> list[str]:
        """The commanders a ``precon_commander_counts`` value names: one card, else a partner pair ``A // B``."""
        row = self.db.names.find(value)  # a double-faced commander's full name also holds " // "
        if row is not None:
            return [self._ids[row]]
        partners = [self.edhrec_name(part, log=False) for part in edhrec.pair_parts(value)]
        if len(partners) > 1 and all(partners):
            return partners
        single = self.edhrec_name(value)
        return [single] if single else []


def _precon(deck: MtgjsonDeck, matcher: CardMatcher) -> Precon:
    """The official list as deck rows (one per card; copies summed), commanders first."""
    cards: dict[str, dict] = {}
    for board, is_commander in (("commander", True), ("mainBoard", False)):
        listed = deck.data.get(board) or []
        repeats = repeated_faces(listed)
        for position, card in enumerate(listed):
            if position in repeats:
                continue  # a later face of a card already listed
            oracle_id = matcher.mtgjson_card(card)
            if oracle_id is None:
                continue
            if oracle_id in cards:
                cards[oracle_id]["qty"] += int(card.get("count") or 1)
                continue
            stored = matcher.db.get(oracle_id)
            cards[oracle_id] = {"oracle_id": oracle_id, "name": stored.name, "qty": int(card.get("count") or 1),
                                "is_land": "Land" in stored.types, "is_basic": "Basic" in stored.supertypes,
                                "is_commander": is_commander}
    commanders = [c for c in cards.values() if c["is_commander"]]
    identity = {color for c in commanders for color in matcher.db.get(c["oracle_id"]).color_identity}
    ordered = [color for color in "WUBRG" if color in identity]
    return Precon(deck=deck, precon_id=precon_id(deck.file_name), cards=list(cards.values()),
                  commander_ids=[c["oracle_id"] for c in commanders],
                  commander_names=[c["name"] for c in commanders], color_identity=ordered)


def _fetch_pages(fetcher: Fetcher) -> tuple[list[tuple[edhrec.IndexEntry, edhrec.PreconPage]], str | None]:
    """The index and every precon page it links to (main commander pages only), and the snapshot's Next.js
    buildId when the pages carry one; unreachable and unreadable pages are in the fetch log."""
    body = fetcher.get(INDEX_PATH, verify=edhrec.parse_index)  # a body that does not read is never cached
    _, build_id = edhrec.page_data(body)
    pages, read = [], set()
    for entry in tqdm(edhrec.parse_index(body), desc="EDHREC precon pages", unit="page", disable=None,
                      leave=False):
        url = fetcher.url(entry.url)
        try:
            page = _precon_page(fetcher, url)
        except FetchError:
            continue  # disallowed or failing pages are in the fetch log; the precon goes unmatched
        except edhrec.PageError as exc:  # one malformed page loses only its precon's labels, and says why
            fetcher.log.append({"url": url, "status": f"unreadable page: {exc}"})
            continue
        if page.url in read:  # two index entries, one redirected to the other: one page labels one precon
            fetcher.log.append({"url": url, "status": f"{page.url} was already read for another index entry"})
            continue
        read.add(page.url)
        if not page.main_commander_matched:
            fetcher.log.append({"url": page.url, "status": _unmatched_href(page)})
        build_id = build_id or page.build_id
        pages.append((entry, page))
    return pages, build_id


def _unmatched_href(page: edhrec.PreconPage) -> str:
    """The fetch log's line for a page none of whose ``precon_commander_counts`` hrefs is its own path: the hrefs it
    has, so the cause shows (the line had named only the path wanted, which after a misread redirect hid that the
    page had been read under its old slug)."""
    hrefs = ", ".join(page.commander_hrefs) or "none"
    return (f"the page is /precon/{page.slug} (the URL that served it), but no precon_commander_counts href is that "
            f"path (its hrefs: {hrefs}), so whose tables these are is unknown: they are read as "
            f"{page.main_commander}'s, the first of deck.commander")


def _precon_page(fetcher: Fetcher, url: str) -> edhrec.PreconPage:
    """The precon page at ``url``, read with the URL that served it (an HTTP redirect's target: its slug names the
    page's own commander href), following one ``{"redirect": path}`` answer to a page on the same host (fetched like
    any page, so robots.txt is checked for it); a second redirect is a :class:`edhrec.PageError`."""
    fetched = fetcher.fetch(url, verify=partial(_page_or_redirect, url=url))
    target = edhrec.redirect_of(fetched.body)
    if target is None:
        return edhrec.parse_precon(fetched.body, fetched.url)
    target_url = fetcher.url(target)
    if urlsplit(target_url).netloc != urlsplit(fetched.url).netloc:
        raise edhrec.PageError(f"redirects to {target_url}, off this host: not followed")
    if target_url in (url, fetched.url):
        raise edhrec.PageError(f"redirects to itself ({target}): a redirect loop")
    fetcher.log.append({"url": url, "status": f"redirected to {target_url}: following it once"})
    fetched = fetcher.fetch(target_url, verify=partial(_page_or_redirect, url=target_url))
    again = edhrec.redirect_of(fetched.body)
    if again is not None:
        raise edhrec.PageError(f"redirects to {target_url}, which redirects again to {again}: only one redirect "
                               "is followed")
    return edhrec.parse_precon(fetched.body, fetched.url)


def _page_or_redirect(body: str, url: str) -> None:
    """Raise :class:`edhrec.PageError` unless ``body`` is a precon page or a redirect (both are worth caching)."""
    if edhrec.redirect_of(body) is None:
        edhrec.parse_precon(body, url)


def _match_pages(precons: list[Precon], pages: list[tuple[edhrec.IndexEntry, edhrec.PreconPage]],
                 matcher: CardMatcher) -> None:
    """Attach each page to its deck. Real pages carry no set code, so the key is the commanders' oracle ids (the
    best card overlap, at least 0.5, among decks with those commanders), else the best card-overlap Jaccard >= 0.7
    of any deck."""
    for entry, page in pages:
        commander_ids = {matcher.edhrec_name(name) for name in page.commanders} - {None}
        page_ids = {matcher.edhrec_name(name) for name in page.deck} - {None}
        free = [p for p in precons if p.page is None]
        same = [p for p in free if commander_ids and commander_ids <= set(p.commander_ids)]
        scored = [(jaccard(page_ids, p.card_ids), p) for p in (same or free)]
        best, chosen = max(scored, key=lambda pair: pair[0], default=(0.0, None))
        if chosen is None or best < (MIN_COMMANDER_JACCARD if same else MIN_DECK_JACCARD):
            continue
        method = "commanders+jaccard" if same else "jaccard"
        chosen.page, chosen.index_entry, chosen.match_method = page, entry, method
        chosen.deck_jaccard = round(jaccard(page_ids, chosen.card_ids), 4) if page_ids else None


def _first_printings(atomic: dict, matcher: CardMatcher) -> dict[str, str]:
    """oracle_id -> MTGJSON firstPrinting, from AtomicCards.json."""
    out = {}
    for name, faces in (atomic.get("data") or {}).items():
        face = faces[0]
        oracle_id = matcher.atomic_id(name, face)
        if oracle_id and face.get("firstPrinting"):
            out[oracle_id] = face["firstPrinting"].upper()
    return out


def _set_family(set_code: str, sets: dict[str, dict]) -> set[str]:
    root = (sets.get(set_code) or {}).get("parentCode") or set_code
    return {root.upper()} | {code for code, s in sets.items() if (s.get("parentCode") or "").upper() == root.upper()}


def _label_rows(precon: Precon, matcher: CardMatcher, first_printings: dict[str, str],
                sets: dict[str, dict]) -> list[dict]:
    page = precon.page
    in_deck = precon.card_ids
    family = _set_family(precon.deck.set_code, sets)
    rows, seen = [], set()
    for listed in page.cards:
        oracle_id = matcher.edhrec_name(listed.name)
        if oracle_id is None or (oracle_id, listed.kind) in seen:
            continue
        seen.add((oracle_id, listed.kind))
        card = matcher.db.get(oracle_id)
        potential = listed.potential_decks or page.potential_decks
        if listed.kind.startswith("cut"):
            rate = listed.unpopularity
        else:
            rate = listed.num_decks / potential if listed.num_decks is not None and potential else None
        value = gain(listed.kind, rate)
        legality = card.legality("commander")
        rows.append({
            "precon_id": precon.precon_id, "oracle_id": oracle_id, "name": card.name, "kind": listed.kind,
            "list_rank": listed.list_rank, "rate": rate, "num_decks": listed.num_decks, "potential_decks": potential,
            "synergy": listed.synergy, "lift": listed.lift, "gain": value,
            "gain_syn": gain_syn(listed.kind, value, listed.synergy), "is_land": "Land" in card.types,
            "headline": listed.kind in HEADLINE_KINDS, "in_precon": oracle_id in in_deck,
            "is_new_in_product": (first_printings[oracle_id] in family) if oracle_id in first_printings else None,
            "in_color_identity": set(card.color_identity) <= set(precon.color_identity),
            "commander_legal": None if legality is None else legality == "legal",
        })
    return rows


def _commander_rows(precon: Precon, matcher: CardMatcher) -> list[dict]:
    page = precon.page
    main_ids = set(matcher.commander_ids(page.main_commander)) if page.main_commander else set()
    counts = page.commander_counts or [(name, None) for name in page.commanders]
    decks: dict[str, int | None] = {}
    for value, num_decks in counts:
        for oracle_id in matcher.commander_ids(value):  # a partner pair's decks count for both partners
            known = decks.get(oracle_id)
            decks[oracle_id] = num_decks if known is None else known + (num_decks or 0)
    return [{"precon_id": precon.precon_id, "oracle_id": oracle_id, "name": matcher.db.get(oracle_id).name,
             "num_decks": num_decks, "is_precon_commander": oracle_id in main_ids}
            for oracle_id, num_decks in decks.items()]


def _precon_row(precon: Precon, sets: dict[str, dict]) -> dict:
    deck, page, entry = precon.deck, precon.page, precon.index_entry
    set_info = sets.get(deck.set_code) or {}
    parent = (set_info.get("parentCode") or "").upper() or None
    commanders = [c for board in ("commander",) for c in deck.data.get(board) or []]
    return {
        "precon_id": precon.precon_id, "deck_name": deck.name, "product": set_info.get("name"),
        "set_code": deck.set_code, "parent_set_code": parent, "release_date": deck.release_date,
        "mtgjson_file": deck.file_name, "mtgjson_type": deck.type,
        "source": deck.data.get("sourceUrl") or deck.data.get("source"),
        "edhrec_slug": page.slug if page else None, "edhrec_url": page.url if page else None,
        "edhrec_group": entry.group if entry else None, "match_method": precon.match_method,
        "edhrec_deck_jaccard": precon.deck_jaccard, "potential_decks": page.potential_decks if page else None,
        "n_colors": len(precon.color_identity),
        "is_universes_beyond": any(c.get("securityStamp") == "triangle" for c in commanders),
        "is_secret_lair": deck.set_code == "SLD" or parent == "SLD" or "secret lair" in deck.name.lower(),
        "commander_names": precon.commander_names,
    }


def _deck_row(precon: Precon) -> dict:
    return {"precon_id": precon.precon_id, "commander_oracle_ids": precon.commander_ids,
            "commander_names": precon.commander_names, "color_identity": precon.color_identity,
            "cards": precon.cards, "n_cards": sum(card["qty"] for card in precon.cards)}


# ---- the build --------------------------------------------------------------------------------------------------

def build_dataset(out: str | Path, *, snapshot: str, mtgjson: MtgjsonFiles | str | Path | None = None,
                  db: CardDB | None = None, fetcher: Fetcher | None = None, cutoff: str = DEFAULT_CUTOFF,
                  splits_only: bool = False) -> dict:
    """Build every config into ``out`` and return the manifest.

    ``snapshot`` is the EDHREC snapshot date (YYYY-MM-DD). ``mtgjson`` is a folder of MTGJSON files, or an
    :class:`MtgjsonFiles` that downloads the missing ones. With ``splits_only`` only ``splits.parquet`` is
    recomputed (for another ``cutoff``) from the ``precons.parquet`` already in ``out``.
    """
    out = Path(out)
    for day in (snapshot, cutoff):
        dt.date.fromisoformat(day)  # a malformed date fails here, before any work
    if splits_only:
        return _rebuild_splits(out, snapshot=snapshot, cutoff=cutoff)
    if mtgjson is None or db is None or fetcher is None:
        raise BuildError("a full build needs mtgjson, db and fetcher (only splits_only needs none)")
    files = mtgjson if isinstance(mtgjson, MtgjsonFiles) else MtgjsonFiles(mtgjson)
    matcher = CardMatcher(db)
    decks, deck_list_meta = commander_decks(files)
    if not decks:
        raise BuildError(f"{files.folder / 'DeckList.json'} lists no {COMMANDER_DECK_TYPE!r} decks")
    sets = {s["code"].upper(): s for s in _read(files, "SetList.json").get("data", [])}
    atomic = _read(files, "AtomicCards.json")
    precons = [_precon(deck, matcher) for deck in decks]  # every deck is read, so its flavour names, before pages
    pages, build_id = _fetch_pages(fetcher)
    _match_pages(precons, pages, matcher)
    first_printings = _first_printings(atomic, matcher)

    out.mkdir(parents=True, exist_ok=True)
    decks_table = config_table("decks", [_deck_row(p) for p in precons])
    assert_deck_columns(decks_table)
    precon_rows = [_precon_row(p, sets) for p in precons]
    labels = [row for p in precons if p.page for row in _label_rows(p, matcher, first_printings, sets)]
    splits = split_rows(precon_rows, cutoff=cutoff, snapshot=snapshot)
    write_config(out, "decks", decks_table)
    write_config(out, "labels", labels)
    write_config(out, "precons", precon_rows)
    write_config(out, "commanders", [row for p in precons if p.page for row in _commander_rows(p, matcher)])
    write_config(out, "splits", splits)
    (out / "tag_denylist.json").write_text(json.dumps(TAG_DENYLIST, indent=2) + "\n", encoding="utf-8")
    unmapped = {source: sorted(set(names)) for source, names in matcher.unmapped.items()}
    (out / UNMAPPED_FILE).write_text(json.dumps(unmapped, indent=2) + "\n", encoding="utf-8")

    label_kinds: dict[str, int] = {}
    for row in labels:
        label_kinds[row["kind"]] = label_kinds.get(row["kind"], 0) + 1
    manifest = {
        "benchmark": "precon", "format_version": FORMAT_VERSION,
        "snapshot": {"edhrec": snapshot, "edhrec_build_id": build_id,
                     "mtgjson": deck_list_meta.get("version") or deck_list_meta.get("date"),
                     "cards": db.manifest.get("data_date") or db.manifest.get("source")},
        "mtgjson": {"base_url": files.base_url, "downloaded": files.downloaded, "cached": len(files.cached)},
        "edhrec_base": fetcher.base_url, "user_agent": fetcher.user_agent,
        "parameters": _parameters(cutoff),
        "counts": {"precons": len(precons), "matched": sum(p.page is not None for p in precons),
                   "labels": len(labels), "labels_by_kind": dict(sorted(label_kinds.items())),
                   **_split_counts(splits),
                   "unmapped": {source: len(names) for source, names in unmapped.items()}},
        "fetch": {"stats": fetcher.stats_dict(), "log": fetcher.log},
    }
    return _write_manifest(out, manifest)


def _parameters(cutoff: str) -> dict:
    return {"cutoff": cutoff, "gain_thresholds": {k: list(v) for k, v in GAIN_THRESHOLDS.items()},
            "dev_months": DEV_MONTHS, "gap_months": GAP_MONTHS, "min_potential_decks": MIN_POTENTIAL_DECKS,
            "min_weeks_before_snapshot": MIN_WEEKS_BEFORE_SNAPSHOT, "min_deck_jaccard": MIN_DECK_JACCARD,
            "min_commander_jaccard": MIN_COMMANDER_JACCARD,
            "mtgo_theme_deck_set": MTGO_THEME_DECK_SET}


def _split_counts(splits: list[dict]) -> dict:
    counts: dict = {"splits_all": {}, "splits_scored": {}}
    for row in splits:
        counts["splits_all"][row["split"]] = counts["splits_all"].get(row["split"], 0) + 1
        if row["scored"]:
            counts["splits_scored"][row["split"]] = counts["splits_scored"].get(row["split"], 0) + 1
    return counts


def _write_manifest(out: Path, manifest: dict) -> dict:
    manifest["files"] = {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
                         for path in sorted(out.iterdir()) if path.is_file() and path.name != MANIFEST_FILE}
    (out / MANIFEST_FILE).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


def _rebuild_splits(out: Path, *, snapshot: str, cutoff: str) -> dict:
    path = out / "precons.parquet"
    if not path.exists():
        raise BuildError(f"{path} is missing: --splits-only recomputes splits of a built dataset; build it first")
    splits = split_rows(pq.read_table(path).to_pylist(), cutoff=cutoff, snapshot=snapshot)
    write_config(out, "splits", splits)
    manifest_path = out / MANIFEST_FILE
    manifest = json.loads(manifest_path.read_text(encoding="utf-8")) if manifest_path.exists() else {}
    manifest.setdefault("snapshot", {})["edhrec"] = snapshot
    manifest["parameters"] = _parameters(cutoff)
    manifest.setdefault("counts", {}).update(_split_counts(splits))
    return _write_manifest(out, manifest)
