"""Loader for Scryfall bulk data: the ``oracle_cards`` file (one object per card) and the ``rulings`` file.

Scryfall is the fullest source: real oracle ids, every face, legalities in every format, rulings.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from grimoire.cards.loading import (
    LoadResult,
    SourceError,
    drop_reason,
    mana_value_problem,
    read_json,
)
from grimoire.cards.mana import COLOR_ORDER, sort_colors
from grimoire.cards.model import Card, Face
from grimoire.cards.names import shown
from grimoire.cards.store import Ruling

SOURCE = "scryfall"
SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Host"})
# Subtypes that are written with a space; every other subtype is one word.
MULTI_WORD_SUBTYPES = ("Time Lord",)
TYPE_DASH = "—"
FACE_FIELDS = ("mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty", "defense")
RULING_FIELDS = ("published_at", "source", "comment")

FIELD_NOTES = {
    "is_funny": "Scryfall's set type 'funny' where the card is not legal in Vintage (Unfinity cards without an "
                "acorn stamp are eternal-legal, so not funny), a silver border, an acorn security stamp, or the "
                "'playtest' promo type",
    "game_changer": "unknown in bulk files older than Scryfall's game_changer field",
    "produced_mana": "Scryfall leaves it out for cards that add no mana; unknown in files that never give it",
    "set, rarity, released_at": "of the printing Scryfall chose to represent the card in oracle_cards",
    "edhrec_rank": "Scryfall's edhrec_rank (EDHREC popularity, 1 = most played); absent for unranked cards",
}


def load(cards_path: Path, rulings_path: Path | None = None) -> LoadResult:
    """Load Scryfall's ``oracle_cards`` bulk file (``.json`` or gzip-compressed) and, if given, its ``rulings`` file."""
    cards_path = Path(cards_path)
    records, page_note = _card_records(cards_path)
    # Files from before produced_mana existed lack it on every card; there, absent means unknown, not "none".
    knows_produced_mana = any(isinstance(r, dict) and "produced_mana" in r for r in records)
    dropped: Counter = Counter()
    cards: list[Card] = []
    row_of: dict[str, int] = {}
    ranks: list[tuple[bool, bool, bool]] = []  # each kept printing's _printing_rank
    repeated = 0  # cards printed again, other than as a reversible printing (Oracle Cards repeats those)
    for index, record in enumerate(records):
        _check(record, index, cards_path)
        reason = drop_reason(record["name"], record["layout"], _all_types(record))
        if reason:
            dropped[reason] += 1
            continue
        oracle_id = _oracle_id(record)
        if oracle_id is None:
            raise SourceError(cards_path, "no oracle_id on the card or its faces", f"{index}, {record['name']!r}")
        card = _build(record, oracle_id, knows_produced_mana)
        rank = _printing_rank(card, record)
        if oracle_id in row_of:
            dropped["duplicate oracle_id"] += 1
            kept = row_of[oracle_id]
            repeated += card.layout != "reversible_card" and cards[kept].layout != "reversible_card"
            if rank < ranks[kept]:
                cards[kept], ranks[kept] = card, rank
            continue
        row_of[oracle_id] = len(cards)
        cards.append(card)
        ranks.append(rank)
    rulings = _load_rulings(Path(rulings_path), set(row_of)) if rulings_path is not None else []
    notes = {**FIELD_NOTES, **({"cards": page_note} if page_note else {})}
    if repeated > PRINTINGS_SHARE * len(cards):
        notes["printings"] = PRINTINGS_NOTE.format(repeated=repeated)
    return LoadResult(cards=cards, source=SOURCE, rulings=rulings, dropped=dropped, field_notes=notes)


# Scryfall's Default Cards and All Cards files hold one object per printing (https://scryfall.com/docs/api/bulk-data),
# and a card's printing fields (its border and stamp, read for is_funny; rarity, release date, image) are those of the
# printing kept: the first had been kept, and a silver-bordered Sol Ring printed first had made the card "funny".
PRINTINGS_SHARE = 0.02  # of the cards printed again, past which the file is called a file of printings in a note
PRINTINGS_NOTE = ("a file of printings, such as Scryfall's Default Cards or All Cards ({repeated:,} card objects "
                  "repeat a card): each card's printing is its first in English that is not an Un-set or other funny "
                  "printing, and rarity, release date and image are that printing's. The Oracle Cards file holds "
                  "each card once")


def _printing_rank(card: Card, record: dict) -> tuple[bool, bool, bool]:
    """How poorly a printing stands for its card, lowest best: a reversible printing (the normal one describes the
    card better), a funny one (a silver border or acorn stamp on a card that is not funny elsewhere), another
    language."""
    return card.layout == "reversible_card", card.is_funny, record.get("lang", "en") != "en"


def _card_records(path: Path) -> tuple[list, str | None]:
    """The card objects of the bulk file, or of a saved API answer: a List object (https://scryfall.com/docs/api/lists:
    ``{"object": "list", "has_more": ..., "data": [...]}``, as ``/cards/search`` and ``/cards/collection`` answer)
    holds the same Card objects in ``data``. The note says when it is one page of more (``has_more``)."""
    data = read_json(path)
    if isinstance(data, dict) and data.get("object") == "list" and isinstance(data.get("data"), list):
        records = data["data"]
        more = (f"one page of a Scryfall API answer with more pages (has_more): only its {len(records):,} card "
                "objects were read; use the bulk data file for every card") if data.get("has_more") is True else None
        return records, more
    if isinstance(data, dict) and data.get("object") == "error":  # https://scryfall.com/docs/api/errors
        details = data.get("details") if isinstance(data.get("details"), str) else "(no details)"
        raise SourceError(path, f"this is a Scryfall error object, not cards: {shown(details)!r}; download the "
                          "Oracle Cards bulk file (https://scryfall.com/docs/api/bulk-data), or run grimoire data "
                          "update")
    return _array_of(data, path, "card objects (Scryfall's oracle_cards bulk file)"), None


def _read_array(path: Path, what: str) -> list:
    return _array_of(read_json(path), path, what)


def _array_of(data: object, path: Path, what: str) -> list:
    if not isinstance(data, list):
        hint = (" (one object, not a list of them: save the bulk data file, or an API answer's list object)"
                if isinstance(data, dict) else "")
        raise SourceError(path, f"expected a JSON array of {what}, got a {type(data).__name__}{hint}")
    return data


def _check(record, index: int, path: Path) -> None:
    if not isinstance(record, dict):
        raise SourceError(path, f"expected a card object, got {type(record).__name__}", index)
    where = f"{index}, {record.get('name')!r}"
    if record.get("object") == "ruling":
        raise SourceError(path, "this is a ruling, not a card: is this Scryfall's rulings file?", where)
    for key in ("name", "layout"):
        if not isinstance(record.get(key), str) or not record[key]:
            raise SourceError(path, f"field {key!r} is missing or not text", where)
    faces = record.get("card_faces")
    if faces is not None and (not isinstance(faces, list) or not all(isinstance(f, dict) for f in faces)):
        raise SourceError(path, "field 'card_faces' must be a list of objects", where)
    if not isinstance(record.get("legalities", {}), dict):
        raise SourceError(path, "field 'legalities' must be an object", where)
    for holder in (record, *(faces or ())):
        if (problem := mana_value_problem(holder.get("cmc"))) is not None:
            raise SourceError(path, f"field 'cmc' {problem}", where)


def _oracle_id(record: dict) -> str | None:
    """The card's oracle id; a reversible card keeps it on its faces only."""
    faces = record.get("card_faces") or [{}]
    oracle_id = record.get("oracle_id") or faces[0].get("oracle_id")
    return oracle_id if isinstance(oracle_id, str) and oracle_id else None


def _face_records(record: dict) -> list[dict]:
    return record.get("card_faces") or [record]


def parse_type_line(type_line: str | None) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Supertypes, card types and subtypes of one face: ``"Legendary Creature — Human Wizard"`` ->
    ``(("Legendary",), ("Creature",), ("Human", "Wizard"))``."""
    left, _, right = (type_line or "").partition(TYPE_DASH)
    words = left.split()
    supertypes = tuple(w for w in words if w in SUPERTYPES)
    types = tuple(w for w in words if w not in SUPERTYPES)
    subtypes: list[str] = []
    for multi in MULTI_WORD_SUBTYPES:
        if multi in right:
            subtypes.append(multi)
            right = right.replace(multi, " ")
    return supertypes, types, tuple(subtypes + right.split())


def _all_types(record: dict) -> list[str]:
    """Supertypes and card types of every face, for the non-deck check."""
    return [t for face in _face_records(record) for part in parse_type_line(_text(face.get("type_line")))[:2]
            for t in part]


def _union(values) -> tuple[str, ...]:
    return tuple(dict.fromkeys(item for items in values for item in items))


def _text(value) -> str | None:
    """Scryfall writes an absent cost or text as ``""``; the model says ``None``."""
    return value if isinstance(value, str) and value else None


def _faces(record: dict) -> tuple[Face, ...]:
    faces = [Face(name=face.get("name") or record["name"], **{key: _text(face.get(key)) for key in FACE_FIELDS})
             for face in _face_records(record)]
    if record["layout"] == "reversible_card":
        # Both sides of a reversible printing are usually the same card: keep it once.
        unique: dict[str, Face] = {}
        for face in faces:
            unique.setdefault(face.name, face)
        faces = list(unique.values())
    return tuple(faces)


def _colors(record: dict) -> tuple[str, ...] | None:
    """Top-level colours; a double-faced card has them on its faces only."""
    if record.get("colors") is not None:
        return tuple(sort_colors(record["colors"]))
    face_colors = [face["colors"] for face in record.get("card_faces") or () if face.get("colors") is not None]
    return tuple(sort_colors([c for colors in face_colors for c in colors])) if face_colors else None


def _produced_mana(record: dict, knows_produced_mana: bool) -> tuple[str, ...] | None:
    given = [record["produced_mana"]] if record.get("produced_mana") is not None else [
        face["produced_mana"] for face in record.get("card_faces") or () if face.get("produced_mana") is not None]
    if not given:
        return () if knows_produced_mana else None
    found = {symbol for symbols in given for symbol in symbols}
    known = [s for s in COLOR_ORDER + "C" if s in found]
    return (*known, *sorted(found - set(known)))


def _mana_value(record: dict) -> float | None:
    cmc = record.get("cmc")
    if cmc is None:
        cmc = (record.get("card_faces") or [{}])[0].get("cmc")
    return float(cmc) if isinstance(cmc, int | float) else None


def is_funny(record: dict) -> bool:
    """An Un-card or playtest card: a funny set's card that is not eternal-legal, a silver border, an acorn stamp,
    or Scryfall's ``playtest`` promo type (Mystery Booster 2's playtest cards sit in a set that is not 'funny')."""
    if record.get("security_stamp") == "acorn" or record.get("border_color") == "silver":
        return True
    if "playtest" in (record.get("promo_types") or ()):
        return True
    vintage = (record.get("legalities") or {}).get("vintage")
    return record.get("set_type") == "funny" and vintage not in ("legal", "restricted")


# Card images come from Scryfall's CDN only: a URL elsewhere in a file is not shown to anyone.
IMAGE_CDN = "https://cards.scryfall.io/"


def _image_url(record: dict) -> str | None:
    """The front's ``normal`` image: the card's ``image_uris``, else its first face's (double-faced cards)."""
    uris = record.get("image_uris") or ((record.get("card_faces") or [{}])[0].get("image_uris") or {})
    url = uris.get("normal") if isinstance(uris, dict) else None
    return url if isinstance(url, str) and url.startswith(IMAGE_CDN) else None


def _build(record: dict, oracle_id: str, knows_produced_mana: bool) -> Card:
    faces = _faces(record)
    parsed = [parse_type_line(face.type_line) for face in faces]
    name = " // ".join(face.name for face in faces) if record["layout"] == "reversible_card" else record["name"]
    game_changer = record.get("game_changer")
    return Card(
        oracle_id=oracle_id, name=name, faces=faces,
        layout=record["layout"], source=SOURCE,
        mana_value=_mana_value(record), colors=_colors(record),
        color_identity=tuple(sort_colors(record.get("color_identity") or ())),
        supertypes=_union(p[0] for p in parsed), types=_union(p[1] for p in parsed),
        subtypes=_union(p[2] for p in parsed),
        keywords=tuple(record.get("keywords") or ()),
        produced_mana=_produced_mana(record, knows_produced_mana),
        legalities=dict(record.get("legalities") or {}),
        is_funny=is_funny(record),
        game_changer=bool(game_changer) if game_changer is not None else None,
        reserved=bool(record["reserved"]) if record.get("reserved") is not None else None,
        rarity=record.get("rarity"), released_at=record.get("released_at"), image_url=_image_url(record),
        edhrec_rank=record.get("edhrec_rank"),
    )


def _load_rulings(path: Path, oracle_ids: set[str]) -> list[tuple[str, Ruling]]:
    """Rulings of the loaded cards, in file order; rulings of dropped cards are left out."""
    records = _read_array(path, "ruling objects (Scryfall's rulings bulk file)")
    rulings: list[tuple[str, Ruling]] = []
    for index, record in enumerate(records):
        if not isinstance(record, dict):
            raise SourceError(path, f"expected a ruling object, got {type(record).__name__}", index)
        if record.get("object") == "card":
            raise SourceError(path, "this is a card, not a ruling: is this Scryfall's cards file?", index)
        oracle_id = record.get("oracle_id")
        if not isinstance(oracle_id, str) or not oracle_id:
            raise SourceError(path, "field 'oracle_id' is missing or not text", index)
        for key in RULING_FIELDS:
            if not isinstance(record.get(key), str):
                raise SourceError(path, f"field {key!r} is missing or not text", index)
        if oracle_id in oracle_ids:
            rulings.append((oracle_id, Ruling(*(record[key] for key in RULING_FIELDS))))
    return rulings
