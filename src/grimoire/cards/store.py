"""The on-disk card store (Parquet) and :class:`CardDB`, the object every other layer reads cards from.

A store is a folder: ``cards.parquet``, optional ``rulings.parquet`` and ``manifest.json``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from grimoire.cards import atomic
from grimoire.cards.mana import color_bits
from grimoire.cards.meld import meld_results
from grimoire.cards.model import Card, Face
from grimoire.cards.names import NameIndex, NameMatch, Renown

FORMAT_VERSION = 1
CARDS_FILE = "cards.parquet"
RULINGS_FILE = "rulings.parquet"
MANIFEST_FILE = "manifest.json"

LEGALITY_CODES = {"not_legal": 0, "legal": 1, "restricted": 2, "banned": 3}
UNKNOWN = -1

_text = pa.string()
_list = pa.list_(pa.string())
_FACE = pa.struct([(name, _text) for name in (
    "name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty", "defense")])
SCHEMA = pa.schema([
    ("oracle_id", _text), ("name", _text), ("layout", _text), ("source", _text),
    ("faces", pa.list_(_FACE)), ("face_names", _list),
    ("mana_value", pa.float64()), ("colors", _list), ("color_identity", _list),
    ("supertypes", _list), ("types", _list), ("subtypes", _list), ("keywords", _list),
    ("produced_mana", _list), ("legalities", _text),
    ("is_funny", pa.bool_()), ("game_changer", pa.bool_()), ("reserved", pa.bool_()),
    ("rarity", _text), ("released_at", _text), ("missing", _list), ("image_url", _text),
    ("edhrec_rank", pa.int64()),
])
RULINGS_SCHEMA = pa.schema([("oracle_id", _text), ("published_at", _text), ("source", _text), ("comment", _text)])


class StoreError(RuntimeError):
    """A store folder is missing, unreadable or inconsistent."""


@dataclass(frozen=True)
class Ruling:
    published_at: str
    source: str
    comment: str


def _card_to_row(card: Card) -> dict:
    return {
        "oracle_id": card.oracle_id, "name": card.name, "layout": card.layout, "source": card.source,
        "faces": [face.__dict__ for face in card.faces], "face_names": card.face_names(),
        "mana_value": card.mana_value,
        "colors": list(card.colors) if card.colors is not None else None,
        "color_identity": list(card.color_identity), "supertypes": list(card.supertypes),
        "types": list(card.types), "subtypes": list(card.subtypes), "keywords": list(card.keywords),
        "produced_mana": list(card.produced_mana) if card.produced_mana is not None else None,
        "legalities": json.dumps(card.legalities, sort_keys=True),
        "is_funny": card.is_funny, "game_changer": card.game_changer, "reserved": card.reserved,
        "rarity": card.rarity, "released_at": card.released_at, "missing": list(card.missing),
        "image_url": card.image_url,
        "edhrec_rank": card.edhrec_rank,
    }


def _row_to_card(row: dict) -> Card:
    def tup(value):
        return tuple(value) if value is not None else None

    return Card(
        oracle_id=row["oracle_id"], name=row["name"], layout=row["layout"], source=row["source"],
        faces=tuple(Face(**face) for face in row["faces"]), mana_value=row["mana_value"],
        colors=tup(row["colors"]), color_identity=tuple(row["color_identity"]),
        supertypes=tuple(row["supertypes"]), types=tuple(row["types"]), subtypes=tuple(row["subtypes"]),
        keywords=tuple(row["keywords"]), produced_mana=tup(row["produced_mana"]),
        legalities=json.loads(row["legalities"]), is_funny=row["is_funny"], game_changer=row["game_changer"],
        reserved=row["reserved"], rarity=row["rarity"], released_at=row["released_at"],
        missing=tuple(row["missing"]), image_url=row.get("image_url"),  # stores written before images: None
        edhrec_rank=row.get("edhrec_rank"),
    )


def write_store(directory: Path, cards: Iterable[Card], manifest: dict,
                rulings: Iterable[tuple[str, Ruling]] = ()) -> dict:
    """Write a store folder and return the manifest written (with ``card_count`` filled in)."""
    directory.mkdir(parents=True, exist_ok=True)
    rows = [_card_to_row(card) for card in cards]
    table = pa.Table.from_pylist(rows, schema=SCHEMA)
    atomic.write_with(directory / CARDS_FILE,
                      lambda path: pq.write_table(table, path, compression="zstd", compression_level=19))
    ruling_rows = [{"oracle_id": oid, **r.__dict__} for oid, r in rulings]
    if ruling_rows:
        rulings_table = pa.Table.from_pylist(ruling_rows, schema=RULINGS_SCHEMA)
        atomic.write_with(directory / RULINGS_FILE,
                          lambda path: pq.write_table(rulings_table, path, compression="zstd"))
    manifest = {**manifest, "format_version": FORMAT_VERSION, "card_count": len(rows),
                "ruling_count": len(ruling_rows)}
    atomic.write_text(directory / MANIFEST_FILE, json.dumps(manifest, indent=1, ensure_ascii=False))
    return manifest


def _color_masks(values: list[list[str] | None]) -> tuple[np.ndarray, np.ndarray]:
    mask = np.zeros(len(values), dtype=np.uint8)
    known = np.ones(len(values), dtype=bool)
    for row, colors in enumerate(values):
        if colors is None:
            known[row] = False
        else:
            mask[row] = color_bits(colors)
    return mask, known


def _tristate(values: list[bool | None]) -> np.ndarray:
    return np.array([UNKNOWN if v is None else int(v) for v in values], dtype=np.int8)


class Columns:
    """Column arrays over every card of a store, row-aligned, for vectorised filtering.

    Colour arrays are WUBRG bitmasks (W=1, U=2, B=4, R=8, G=16); tri-state flags are 1, 0 or -1 (unknown);
    ``mana_value`` is NaN where unknown.
    """

    def __init__(self, table: pa.Table):
        self._table = table

    def values(self, column: str) -> list:
        """One column of the card table as Python values, row-aligned (e.g. ``values("faces")``)."""
        return self._table.column(column).to_pylist()

    @cached_property
    def name(self) -> np.ndarray:
        return np.array(self.values("name"), dtype=object)

    @cached_property
    def mana_value(self) -> np.ndarray:
        # From Python values (None becomes NaN): Arrow's to_numpy of a column with nulls imports pandas, about
        # 60 MB in every serving process.
        return np.array(self.values("mana_value"), dtype=np.float64)

    @cached_property
    def color_identity(self) -> np.ndarray:
        return _color_masks(self.values("color_identity"))[0]

    @cached_property
    def colors(self) -> np.ndarray:
        return _color_masks(self.values("colors"))[0]

    @cached_property
    def colors_known(self) -> np.ndarray:
        return _color_masks(self.values("colors"))[1]

    @cached_property
    def is_funny(self) -> np.ndarray:
        return _tristate(self.values("is_funny"))

    @cached_property
    def edhrec_rank(self) -> np.ndarray:
        """EDHREC popularity rank per card (1 = most played), 0 where unknown or in a store without ranks."""
        if "edhrec_rank" not in self._table.column_names:
            return np.zeros(self._table.num_rows, dtype=np.int64)
        return np.array([rank or 0 for rank in self.values("edhrec_rank")], dtype=np.int64)

    @cached_property
    def game_changer(self) -> np.ndarray:
        return _tristate(self.values("game_changer"))

    @cached_property
    def reserved(self) -> np.ndarray:
        return _tristate(self.values("reserved"))

    def face_values(self, field: str, rows: Sequence[int] | None = None) -> list[tuple]:
        """One field of every card's faces, per card: ``face_values("type_line")[row]`` holds one value per face
        (``None`` where the store lacks it); with ``rows``, of those cards only, in that order. Read from Arrow
        field by field: a list of every face as a dict costs about 28 MB of Python objects for 34k cards."""
        values: list = []
        lengths: list[int] = []
        column = self._table.column("faces")
        if rows is not None:  # indices from a buffer: pa.array() imports pandas (a quarter second) to check its input
            indices = np.ascontiguousarray(rows, dtype=np.int64)
            column = column.take(pa.Array.from_buffers(pa.int64(), len(indices), [None, pa.py_buffer(indices)]))
        for chunk in column.chunks:
            values += chunk.flatten().field(field).to_pylist()
            lengths += chunk.value_lengths().to_pylist()
        ends = np.cumsum(lengths).tolist()
        return [tuple(values[end - length: end]) for end, length in zip(ends, lengths, strict=True)]

    @cached_property
    def type_line(self) -> np.ndarray:
        return np.array([" // ".join(t or "" for t in types) for types in self.face_values("type_line")],
                        dtype=object)

    @cached_property
    def oracle_text(self) -> np.ndarray:
        """Rules text of all faces joined, as printed (with the card's own name)."""
        return np.array(["\n\n".join(t for t in texts if t) for texts in self.face_values("oracle_text")],
                        dtype=object)

    @property
    def searchable_text(self) -> list[str]:
        """Name, type line and rules text of every face, one string per card (built on each use: only index
        builds read it, and a search process need not keep its 14 MB)."""
        return [f"{n}\n{t}\n{o}" for n, t, o in zip(self.name, self.type_line, self.oracle_text, strict=True)]

    @cached_property
    def _legality_codes(self) -> dict[str, np.ndarray]:
        """Per format a source names, each card's legality code (a dict per card would hold 10 MB). Cards share a
        few legality patterns, so each distinct one is parsed once (34k ``json.loads`` took a quarter of a
        fresh process's first search)."""
        which, patterns = _coded(_whole(self._table.column("legalities")))
        by_pattern: dict[str, np.ndarray] = {}
        for index, text in enumerate(patterns.to_pylist()):
            for format_name, status in json.loads(text).items():
                if format_name not in by_pattern:
                    by_pattern[format_name] = np.full(len(patterns), UNKNOWN, dtype=np.int8)
                by_pattern[format_name][index] = LEGALITY_CODES.get(status, UNKNOWN)
        return {format_name: codes[which] for format_name, codes in by_pattern.items()}

    def legality(self, format_name: str) -> np.ndarray:
        """Per-card legality code in one format: 0 not legal, 1 legal, 2 restricted, 3 banned, -1 unknown."""
        codes = self._legality_codes.get(format_name.lower())
        return np.full(self._table.num_rows, UNKNOWN, dtype=np.int8) if codes is None else codes.copy()

    @cached_property
    def _known_legalities(self) -> frozenset[str]:
        return frozenset(name for name, codes in self._legality_codes.items() if (codes >= 0).any())

    def knows_legality(self, format_name: str) -> bool:
        """Whether any card says its legality in the format (the bundled snapshot knows only commander)."""
        return format_name.lower() in self._known_legalities


@dataclass(frozen=True)
class CardLookup:
    """A card found by name and how: ``exact``, or a fuzzy ``correction`` (the note every surface shows), with
    the other close names in ``suggestions``."""

    card: Card
    match: NameMatch

    @property
    def exact(self) -> bool:
        return self.match.exact

    @property
    def correction(self) -> str | None:
        return self.match.correction

    @property
    def suggestions(self) -> tuple[str, ...]:
        return self.match.suggestions


def _arrow_indices(rows: list[int]) -> pa.Array:
    """Row numbers as an Arrow array, built from numpy's buffer: converting a Python list (``pa.array``, or
    ``take`` given a list) imports pandas, about 60 MB in a process that never otherwise needs it."""
    indices = np.asarray(rows, dtype=np.int64)
    return pa.Array.from_buffers(pa.int64(), len(indices), [None, pa.py_buffer(indices)])


# Card fields that few distinct values fill (a layout, a colour identity, a legality pattern, a card's subtypes):
# each is kept as one code per card into its distinct values, so a page of results is assembled from Python
# values instead of an Arrow read per column (about 8 us each, 23 columns, on every page).
_CODED = ("layout", "source", "mana_value", "colors", "color_identity", "supertypes", "types", "subtypes",
          "keywords", "produced_mana", "legalities", "is_funny", "game_changer", "reserved", "rarity", "released_at",
          "missing", "edhrec_rank")
_JOIN = "\x1f"  # between a list's strings while it is coded (a list holding it is read from Arrow instead)


def _whole(column: pa.ChunkedArray) -> pa.Array:
    """A column as one array: its only chunk as it is (``combine_chunks`` copies even a single chunk)."""
    return column.chunk(0) if column.num_chunks == 1 else column.combine_chunks()


def _coded(column: pa.Array) -> tuple[np.ndarray, pa.Array]:
    """Each value's int32 code into the column's distinct values, and those values. Every value is one of its own
    distinct values (null and NaN too), so no code is null."""
    import pyarrow.compute as pc

    distinct = pc.unique(column)
    positions = pc.index_in(column, value_set=distinct, skip_nulls=False)
    # read from the Arrow buffer: to_numpy imports pandas (about 60 MB and 0.2 s)
    codes = np.frombuffer(positions.buffers()[1], dtype=np.int32)[positions.offset: positions.offset + len(positions)]
    return codes, distinct


def _string_scalar(text: str) -> pa.Scalar:
    """An Arrow string scalar built from its buffers: ``pa.scalar`` or a compute function given a Python string
    converts it through ``pa.array``, which imports pandas."""
    data = text.encode()
    offsets = np.array([0, len(data)], dtype=np.int32)
    return pa.Array.from_buffers(pa.string(), 1, [None, pa.py_buffer(offsets), pa.py_buffer(data)])[0]


def _offsets(array: pa.Array, width: int) -> memoryview:
    """The ``len(array) + 1`` offsets of a string or list array (``width`` bytes each), straight from its buffer."""
    start, stop = array.offset * width, (array.offset + len(array) + 1) * width
    return memoryview(array.buffers()[1])[start: stop].cast("i" if width == 4 else "q")


class _Strings:
    """A string column's values read straight from its Arrow buffers (offsets, UTF-8 bytes, validity), with no
    Arrow call per page: inside a search, with the caches cold, an Arrow ``take`` of ten rows cost 250 to 350 us
    and these reads 160 to 200 us (measured side by side, docs/embedder.md)."""

    def __init__(self, array: pa.Array):
        validity, _, data = array.buffers()
        self._offsets = _offsets(array, 4 if pa.types.is_string(array.type) else 8)
        self._data = memoryview(data if data is not None else b"")
        self._valid = None
        if array.null_count:
            bits = np.unpackbits(np.frombuffer(validity, dtype=np.uint8), bitorder="little")
            self._valid = bits[array.offset: array.offset + len(array)].tobytes()

    @staticmethod
    def readable(array: pa.Array) -> bool:
        return pa.types.is_string(array.type) or pa.types.is_large_string(array.type)

    def __getitem__(self, row: int) -> str | None:
        if self._valid is not None and not self._valid[row]:
            return None
        return str(self._data[self._offsets[row]: self._offsets[row + 1]], "utf-8")


class _Faces:
    """The faces column (a list of structs of strings, one field per :class:`Face` field in its order) read
    straight from its Arrow buffers, as :class:`_Strings` reads a string column."""

    def __init__(self, array: pa.Array):
        self._offsets = _offsets(array, 4)
        self._fields = [_Strings(array.values.field(index)) for index in range(array.values.type.num_fields)]

    @staticmethod
    def readable(array: pa.Array) -> bool:
        """Whether this reader can read ``array``: otherwise it is read with Arrow."""
        if not pa.types.is_list(array.type) or array.null_count or not pa.types.is_struct(array.type.value_type):
            return False
        values = array.values
        return values.offset == 0 and values.null_count == 0 and \
            [field.name for field in values.type] == list(Face.__dataclass_fields__) and \
            all(_Strings.readable(values.field(index)) for index in range(values.type.num_fields))

    def __getitem__(self, row: int) -> tuple[Face, ...]:
        return tuple(Face(*[field[face] for field in self._fields])
                     for face in range(self._offsets[row], self._offsets[row + 1]))


# Card fields read per page, from their Arrow buffers when the column has the shape its reader knows (else with an
# Arrow take): a face's fields vary too much to code
_READERS = {"faces": _Faces, "image_url": _Strings}


class _CardRows:
    """Builds :class:`Card` objects for rows of a card table: the fields in :data:`_CODED` from per-card codes
    into their distinct values (built once, about 2 MB of codes, 30 ms), the faces and the image address from
    their Arrow buffers (:class:`_Faces`, :class:`_Strings`), anything else with one Arrow ``take``.
    A store written before a field existed (``image_url``, ``edhrec_rank``) gives ``None`` for it."""

    def __init__(self, table: pa.Table, names: list[str], oracle_ids: list[str]):
        import pyarrow.compute as pc

        self._names, self._oracle_ids = names, oracle_ids
        self._absent = dict.fromkeys(name for name in (*_CODED, *_READERS) if name not in table.column_names)
        self._fields: list[str] = []
        self._distinct: list[list] = []
        codes: list[np.ndarray] = []
        read = [name for name in _READERS if name in table.column_names]
        for name in (name for name in _CODED if name in table.column_names):
            column = _whole(table.column(name))
            listed = pa.types.is_list(column.type)
            if listed:
                if pc.any(pc.match_substring(column.flatten(), _JOIN)).as_py():
                    read.append(name)
                    continue
                column = pc.binary_join(column, _string_scalar(_JOIN))  # a null list stays null, an empty one ""
            column_codes, distinct = _coded(column)
            codes.append(column_codes)
            values = distinct.to_pylist()
            if listed:
                values = [None if v is None else tuple(v.split(_JOIN)) if v else () for v in values]
            elif name == "legalities":
                values = [json.loads(v) for v in values]
            self._fields.append(name)
            self._distinct.append(values)
        self._codes = np.stack(codes) if codes else np.zeros((0, table.num_rows), dtype=np.int32)
        self._buffered: list[tuple[str, _Strings | _Faces]] = []
        for name, reader in _READERS.items():
            if name in read and reader.readable(column := _whole(table.column(name))):
                self._buffered.append((name, reader(column)))
                read.remove(name)
        self._read = table.select(read).combine_chunks() if read else None
        # the joined lists and codes freed above would stay in the allocator's pages (about 12 MB of a serving
        # process, measured by grimoire bench speed); hand them back
        pa.default_memory_pool().release_unused()
        self._lists_read = [name for name in read if name in _CODED]

    def cards(self, rows: list[int]) -> list[Card]:
        codes = self._codes[:, rows].T.tolist()
        read = self._read.take(_arrow_indices(rows)).to_pylist() if self._read is not None else [{} for _ in rows]
        cards = []
        for row, card_codes, fields in zip(rows, codes, read, strict=True):
            fields.update(self._absent)
            fields.update((name, reader[row]) for name, reader in self._buffered)
            fields.update((name, values[code]) for name, values, code in zip(self._fields, self._distinct,
                                                                             card_codes, strict=True))
            for name in self._lists_read:
                if fields[name] is not None:
                    fields[name] = tuple(fields[name])
            fields["legalities"] = dict(fields["legalities"] or {})  # a card's own copy: its pattern is shared
            if isinstance(fields["faces"], list):  # read with Arrow
                fields["faces"] = tuple(Face(**face) for face in fields["faces"])
            cards.append(Card(oracle_id=self._oracle_ids[row], name=self._names[row], **fields))
        return cards


def read_cards_table(path: Path) -> pa.Table:
    """The card file as one Arrow table, read by the plain Parquet reader on one thread: ``pq.read_table`` goes
    through pyarrow's dataset layer, whose libraries and thread pools add about 50 MB to every process that
    opens a store (measured with ``grimoire bench speed``), for a one-file, one-row-group read."""
    with pq.ParquetFile(path) as handle:
        return handle.read(use_threads=False)


class CardDB:
    """All cards of one store: by-id and by-name lookup, iteration and column arrays."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)
        manifest_path = self.directory / MANIFEST_FILE
        try:
            self.manifest: dict = json.loads(manifest_path.read_text(encoding="utf-8"))
            self._table = read_cards_table(self.directory / CARDS_FILE)
        except (OSError, ValueError, pa.ArrowException) as exc:
            raise StoreError(f"Cannot read the card store in {self.directory}: {exc}") from exc
        if self._table.num_rows != self.manifest.get("card_count"):
            raise StoreError(f"Card store in {self.directory} holds {self._table.num_rows} cards, "
                             f"its manifest says {self.manifest.get('card_count')}")
        self._names: list[str] = self._table.column("name").to_pylist()
        self._ids: dict[str, int] = {oid: row for row, oid in enumerate(self._table.column("oracle_id").to_pylist())}
        self.columns = Columns(self._table)
        self.names = NameIndex(self._names, self._table.column("face_names").to_pylist(), renown=self._renown)

    def __len__(self) -> int:
        return self._table.num_rows

    def __iter__(self) -> Iterator[Card]:
        for batch in self._table.to_batches(max_chunksize=4096):
            yield from (_row_to_card(row) for row in batch.to_pylist())

    def __repr__(self) -> str:
        return f"<CardDB {len(self)} cards from {self.manifest.get('source')}>"

    def _renown(self) -> Renown:
        legendary = ["Legendary" in supertypes for supertypes in self._table.column("supertypes").to_pylist()]
        return Renown(legendary, (self.columns.is_funny == 1).tolist(), self.columns.edhrec_rank.tolist())

    def card_at(self, row: int) -> Card:
        return self._rows.cards([row])[0]

    def cards_at(self, rows: list[int]) -> list[Card]:
        """Several cards at once (one table read, much faster than ``card_at`` in a loop)."""
        if not rows:
            return []
        return self._rows.cards(rows)

    @cached_property
    def _rows(self) -> _CardRows:
        # the oracle ids are the id index's keys, unless two rows share one
        ids = list(self._ids) if len(self._ids) == len(self) else self._table.column("oracle_id").to_pylist()
        return _CardRows(self._table, self._names, ids)

    def row_of(self, oracle_id: str) -> int:
        return self._ids[oracle_id]

    def find_id(self, oracle_id: str) -> int | None:
        """Row of the card with this oracle id (Scryfall's or synthetic), or ``None``."""
        return self._ids.get(oracle_id)

    @property
    def oracle_ids(self) -> list[str]:
        """Every card's oracle id, in row order."""
        return list(self._ids)

    def get(self, oracle_id: str) -> Card | None:
        """Card by oracle id (Scryfall's or synthetic), or ``None``."""
        row = self._ids.get(oracle_id)
        return None if row is None else self.card_at(row)

    def find(self, name: str) -> Card | None:
        """Card by exact, folded or face name; no fuzzy matching."""
        row = self.names.find(name)
        return None if row is None else self.card_at(row)

    def named(self, name: str, *, fuzzy: bool = True) -> Card:
        """Card by name: exact, folded, face name, then a confident fuzzy match.

        Raises :class:`~grimoire.cards.names.CardNotFoundError` naming the closest cards.
        """
        return self.card_at(self.names.lookup(name, fuzzy=fuzzy))

    def lookup(self, name: str) -> CardLookup:
        """Card by name with how it was found (exact or corrected, and the close names): what every surface
        reports. Raises :class:`~grimoire.cards.names.CardNotFoundError` naming the closest cards."""
        match = self.names.match(name)
        return CardLookup(self.card_at(match.row), match)

    @cached_property
    def meld_parts(self) -> dict[str, tuple[str, str]]:
        """Each meld result's name with the two cards that meld into it (:func:`~grimoire.cards.meld.meld_results`)."""
        layouts = self._table.column("layout").to_pylist()
        return meld_results(self.cards_at([row for row, layout in enumerate(layouts) if layout == "meld"]))

    def suggest(self, name: str, limit: int = 5) -> list[str]:
        return [found for found, _, _ in self.names.suggest(name, limit)]

    @cached_property
    def _rulings(self) -> dict[str, list[Ruling]]:
        path = self.directory / RULINGS_FILE
        out: dict[str, list[Ruling]] = {}
        if path.exists():
            for row in pq.read_table(path).to_pylist():
                out.setdefault(row["oracle_id"], []).append(
                    Ruling(row["published_at"], row["source"], row["comment"]))
        return out

    @property
    def has_rulings(self) -> bool:
        return (self.directory / RULINGS_FILE).exists()

    def rulings(self, card: Card) -> list[Ruling] | None:
        """Rulings for a card; ``None`` where the store has no rulings at all."""
        if not self.has_rulings:
            return None
        return self._rulings.get(card.oracle_id, [])
