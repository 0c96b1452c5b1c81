"""Loader for MTGJSON v5 ``AtomicCards.json``: every card at the oracle level, keyed by name, with Scryfall ids.

Atomic data is per card, not per printing (no rarity, no release date); meld cards come out as Scryfall has them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from grimoire.cards.loading import (
    LoadResult,
    SourceError,
    drop_reason,
    mana_value_problem,
    produced_mana,
    read_json,
)
from grimoire.cards.mana import sort_colors
from grimoire.cards.model import FORMATS, LEGALITY_VALUES, Card, Face
from grimoire.cards.store import Ruling

SOURCE = "mtgjson"
RULING_SOURCE = "wotc"
MANA_VALUE_KEYS = ("manaValue", "convertedManaCost")  # convertedManaCost: files before v5.1
MELDED_MANA_VALUE_KEYS = ("faceManaValue", "faceConvertedManaCost", *MANA_VALUE_KEYS)
NO_ORACLE_ID = "no identifiers.scryfallOracleId"  # a card left out: cards are matched across sources by this id
LIST_FIELDS = ("colors", "colorIdentity", "supertypes", "types", "subtypes", "keywords", "rulings")

FIELD_NOTES = {
    "produced_mana": "derived from rules text (MTGJSON atomic cards have no such field)",
    "rarity, released_at": "unknown: atomic data is per card, not per printing",
    "legalities": "a known format MTGJSON leaves out is not_legal (it lists only formats where a card is "
                  "legal, banned or restricted)",
    "game_changer": "from isGameChanger, which MTGJSON writes only when true; unknown for every card when the "
                    "file predates the flag",
    "rulings": "MTGJSON does not say who wrote a ruling; all are marked wotc",
    "edhrec_rank": "from edhrecRank (EDHREC popularity, 1 = most played); absent for unranked cards",
    "meld": "each meld part is a card with its own face only; the melded card is a separate card, as in Scryfall",
}


def load(path: Path) -> LoadResult:
    """Load MTGJSON ``AtomicCards.json`` (or ``.json.gz``)."""
    path = Path(path)
    document = read_json(path)
    if not isinstance(document, dict) or not isinstance(document.get("data"), dict):
        raise SourceError(path, 'expected a JSON object with a "data" object of cards, as in MTGJSON AtomicCards.json')
    if (other := _other_file(document["data"])) is not None:
        raise SourceError(path, f"this is {other}, not AtomicCards: pass AtomicCards.json "
                          "(https://mtgjson.com/downloads/all-files/), which holds each card once")
    entries = {name: _check(entry, name, path) for name, entry in document["data"].items()}
    # MTGJSON leaves false flags out, so a missing isGameChanger means "no" only in a file that has the flag at all.
    knows_game_changers = any("isGameChanger" in face for faces in entries.values() for face in faces)
    dropped: Counter = Counter()
    cards: list[Card] = []
    rulings: list[tuple[str, Ruling]] = []
    taken: set[str] = set()
    for entry_name, faces in entries.items():
        for name, card_faces, melded in _cards_in(entry_name, faces):
            reason = drop_reason(name, card_faces[0]["layout"], [t for f in card_faces for t in f.get("types") or ()])
            if reason:
                dropped[reason] += 1
                continue
            oracle_id = _oracle_id(card_faces[0])
            if oracle_id is None:  # one such card must not cost the whole file (mtgjson/mtgjson issue #651)
                dropped[NO_ORACLE_ID] += 1
                continue
            if oracle_id in taken:
                if not melded:  # a melded card may be listed under each of its parts: not a duplicate card
                    dropped["duplicate oracle id"] += 1
                continue
            taken.add(oracle_id)
            cards.append(_build(name, oracle_id, card_faces, melded=melded, knows_game_changers=knows_game_changers))
            rulings.extend((oracle_id, ruling) for ruling in _rulings(card_faces))
    meta = document.get("meta")
    data_date = meta.get("date") if isinstance(meta, dict) else None
    return LoadResult(cards=cards, source=SOURCE, rulings=rulings, dropped=dropped,
                      field_notes=dict(FIELD_NOTES), data_date=data_date)


def repeated_faces(cards: list) -> set[int]:
    """Positions (0-based) of the entries of an MTGJSON deck's card list that are a later face of a card whose front
    the list also holds: a card object is one face, its ``side`` "a" the front and "b" (or "c"...) the faces after it,
    under the card's whole ``name`` ("Delver of Secrets // Insectile Aberration"), as the Card (Deck) model says
    (https://mtgjson.com/data-models/card/card-deck/). Such an entry is the same card again, so a deck counts it
    once; a later face listed without its front is the card's only entry, and stays."""
    named = [(position, card) for position, card in enumerate(cards)
             if isinstance(card, dict) and isinstance(card.get("name"), str)]
    fronts = {card["name"] for _, card in named if card.get("side") in (None, "a")}
    return {position for position, card in named if card.get("side") not in (None, "a") and card["name"] in fronts}


def _other_file(data: dict) -> str | None:
    """Which other MTGJSON file ``data`` is ("MTGJSON's AllPrintings ..."), ``None`` where it may be AtomicCards:
    AllPrintings (and a set file) keys set objects by code, each with its ``cards`` list
    (https://mtgjson.com/data-models/set/); a deck file's data is one deck, with ``mainBoard``
    (https://mtgjson.com/data-models/deck/)."""
    if "mainBoard" in data or "commander" in data:
        return "an MTGJSON deck file (check it with grimoire deck check)"
    if "cards" in data and "code" in data:
        return "an MTGJSON set file (one set's printings)"
    first = next(iter(data.values()), None)
    if isinstance(first, dict) and "cards" in first:
        return "MTGJSON's AllPrintings (every set's printings, keyed by set code)"
    return None


def _check(entry, name: str, path: Path) -> list[dict]:
    if not isinstance(entry, list) or not entry or not all(isinstance(face, dict) for face in entry):
        raise SourceError(path, "expected a non-empty list of face objects", name)
    for face in entry:
        if not isinstance(face.get("layout"), str):
            raise SourceError(path, "field 'layout' is missing or not text", name)
        for key in LIST_FIELDS:
            if face.get(key) is not None and not isinstance(face[key], list):
                raise SourceError(path, f"field {key!r} must be a list", name)
        if face.get("legalities") is not None and not isinstance(face["legalities"], dict):
            raise SourceError(path, "field 'legalities' must be an object", name)
        for key in dict.fromkeys((*MANA_VALUE_KEYS, *MELDED_MANA_VALUE_KEYS)):
            if (problem := mana_value_problem(face.get(key))) is not None:
                raise SourceError(path, f"field {key!r} {problem}", name)
    return entry


def _cards_in(entry_name: str, faces: list[dict]) -> Iterator[tuple[str, list[dict], bool]]:
    """The cards one entry holds, as (name, faces, is a melded card).

    Usually one card; a meld part and, in some files, its melded card as a later side; or same-named
    Un-set variants (several faces without sides), each its own card.
    """
    parts = entry_name.split(" // ")
    if faces[0]["layout"] == "meld":
        for face in faces:
            melded = face.get("side") not in (None, "a")
            yield face.get("faceName") or (parts[-1] if melded else parts[0]), [face], melded
    elif not any(face.get("side") for face in faces):
        for face in faces:
            yield entry_name, [face], False
    elif faces[0]["layout"] == "reversible_card":
        # The same card on both sides of one printing: keep one face per name.
        unique: dict[str, dict] = {}
        for face in _by_side(faces):
            unique.setdefault(face.get("faceName") or entry_name, face)
        yield " // ".join(unique), list(unique.values()), False
    else:
        yield entry_name, _by_side(faces), False


def _by_side(faces: list[dict]) -> list[dict]:
    return sorted(faces, key=lambda face: face.get("side") or "")


def _oracle_id(face: dict) -> str | None:
    """The face's ``identifiers.scryfallOracleId``: the id cards are matched by across sources."""
    identifiers = face.get("identifiers")
    oracle_id = identifiers.get("scryfallOracleId") if isinstance(identifiers, dict) else None
    return oracle_id if isinstance(oracle_id, str) and oracle_id else None


def _build(name: str, oracle_id: str, faces: list[dict], *, melded: bool, knows_game_changers: bool) -> Card:
    first = faces[0]
    all_text = "\n".join(face["text"] for face in faces if face.get("text"))
    return Card(
        oracle_id=oracle_id, name=name, faces=tuple(_face(face, name) for face in faces), layout=first["layout"],
        source=SOURCE, mana_value=_mana_value(first, melded=melded), colors=_colors(faces),
        color_identity=tuple(sort_colors({c for face in faces for c in face.get("colorIdentity") or ()})),
        supertypes=_union(faces, "supertypes"), types=_union(faces, "types"), subtypes=_union(faces, "subtypes"),
        keywords=_union(faces, "keywords"), produced_mana=produced_mana(all_text),
        legalities=_legalities(first.get("legalities") or {}),
        is_funny=any(bool(face.get("isFunny")) for face in faces),
        game_changer=_game_changer(faces, knows_game_changers),
        reserved=any(bool(face.get("isReserved")) for face in faces),
        edhrec_rank=first.get("edhrecRank"),
    )


def _face(face: dict, card_name: str) -> Face:
    return Face(name=face.get("faceName") or card_name, mana_cost=face.get("manaCost"), type_line=face.get("type"),
                oracle_text=face.get("text"), power=face.get("power"), toughness=face.get("toughness"),
                loyalty=face.get("loyalty"), defense=face.get("defense"))


def _mana_value(face: dict, *, melded: bool) -> float | None:
    # A melded card's mana value is its parts' total: its own face value, where manaValue may repeat a part's.
    for key in MELDED_MANA_VALUE_KEYS if melded else MANA_VALUE_KEYS:
        value = face.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    return None


def _colors(faces: list[dict]) -> tuple[str, ...] | None:
    if not any("colors" in face for face in faces):
        return None
    return tuple(sort_colors({c for face in faces for c in face.get("colors") or ()}))


def _union(faces: list[dict], key: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(value for face in faces for value in face.get(key) or ()))


def _legalities(raw: dict) -> dict[str, str]:
    """MTGJSON legalities in Grimoire's vocabulary; a known format MTGJSON leaves out is ``not_legal``."""
    out = dict.fromkeys(FORMATS, "not_legal")
    for format_name, status in raw.items():
        value = str(status).lower().replace(" ", "_")
        if value in LEGALITY_VALUES:
            out[format_name.lower()] = value
        else:
            out.pop(format_name.lower(), None)  # a status Grimoire does not know: unknown, not "not legal"
    return out


def _game_changer(faces: list[dict], knows_game_changers: bool) -> bool | None:
    flags = [face["isGameChanger"] for face in faces if "isGameChanger" in face]
    if flags:
        return any(bool(flag) for flag in flags)
    return False if knows_game_changers else None


def _rulings(faces: list[dict]) -> list[Ruling]:
    # Every face of a card carries the card's rulings.
    unique = dict.fromkeys((r.get("date"), r.get("text")) for face in faces for r in face.get("rulings") or ()
                           if isinstance(r, dict))
    return [Ruling(published_at=date, source=RULING_SOURCE, comment=text) for date, text in unique if text]
