"""Loading and writing the precon benchmark's Parquet configs (decks, labels, precons, commanders, splits, deck_fit).

A dataset folder holds ``<config>.parquet`` and ``manifest.json``, or the published layout ``data/<config>.parquet``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from grimoire.bench.precon.schema import REQUIRED_CONFIGS, SCHEMAS, assert_deck_columns
from grimoire.hub import precon_folder

MANIFEST_FILE = "manifest.json"


class DatasetError(RuntimeError):
    """A dataset folder is missing a config or holds one that does not match the schema."""


@dataclass(frozen=True)
class DeckCard:
    oracle_id: str
    name: str
    qty: int
    is_land: bool
    is_basic: bool
    is_commander: bool


@dataclass(frozen=True)
class PreconDeck:
    """One precon as the agent sees it: the official list, commanders included."""

    precon_id: str
    commander_oracle_ids: tuple[str, ...]
    commander_names: tuple[str, ...]
    color_identity: tuple[str, ...]
    cards: tuple[DeckCard, ...]
    n_cards: int


@dataclass(frozen=True)
class Label:
    """One EDHREC cut/add row for a precon; ``rate`` is unpopularity for cuts, num_decks/potential_decks for adds."""

    precon_id: str
    oracle_id: str
    name: str
    kind: str
    list_rank: int
    rate: float | None
    num_decks: int | None
    potential_decks: int | None
    synergy: float | None
    lift: float | None
    gain: int
    gain_syn: int
    is_land: bool | None
    headline: bool
    in_precon: bool | None
    is_new_in_product: bool | None
    in_color_identity: bool | None
    commander_legal: bool | None


@dataclass(frozen=True)
class SplitRow:
    precon_id: str
    release_date: str | None  # None for a deck MTGJSON says was not released as a product (its split is the gap)
    split: str
    scored: bool
    exclude_reason: str | None
    cutoff: str


def _config_path(folder: Path, config: str) -> Path | None:
    for path in (folder / f"{config}.parquet", folder / "data" / f"{config}.parquet"):
        if path.exists():
            return path
    return None


def _record(cls, row: Mapping):
    return cls(**{f.name: row.get(f.name) for f in fields(cls)})


@dataclass
class PreconDataset:
    """The configs of one build, as Arrow tables, with typed accessors by ``precon_id``."""

    folder: Path
    decks_table: pa.Table
    labels_table: pa.Table
    precons_table: pa.Table
    commanders_table: pa.Table
    splits_table: pa.Table
    deck_fit_table: pa.Table | None
    manifest: dict
    source: dict = field(default_factory=dict)  # where it came from: a folder, or a Hub reference and commit

    def __post_init__(self) -> None:
        self._decks = {row["precon_id"]: row for row in self.decks_table.to_pylist()}
        self._labels: dict[str, list[Label]] = {}
        for row in self.labels_table.to_pylist():
            self._labels.setdefault(row["precon_id"], []).append(_record(Label, row))
        self._precons = {row["precon_id"]: row for row in self.precons_table.to_pylist()}
        self._splits = [_record(SplitRow, row) for row in self.splits_table.to_pylist()]

    def __len__(self) -> int:
        return len(self._decks)

    @property
    def precon_ids(self) -> list[str]:
        return list(self._decks)

    def deck(self, precon_id: str) -> PreconDeck:
        """The task input of one precon; raises ``KeyError`` for an unknown id."""
        row = self._decks[precon_id]
        return PreconDeck(
            precon_id=row["precon_id"], commander_oracle_ids=tuple(row["commander_oracle_ids"]),
            commander_names=tuple(row["commander_names"]), color_identity=tuple(row["color_identity"]),
            cards=tuple(DeckCard(**card) for card in row["cards"]), n_cards=row["n_cards"])

    def labels(self, precon_id: str, kind: str | None = None, *, headline: bool | None = None) -> list[Label]:
        """Gold rows of one precon, optionally one kind or only headline (nonland) rows, in list order."""
        rows = self._labels.get(precon_id, [])
        return [label for label in rows if (kind is None or label.kind == kind)
                and (headline is None or label.headline == headline)]

    def precon(self, precon_id: str) -> dict:
        """Metadata of one precon (product and deck names, set, dates): for reports, never for the agent."""
        return dict(self._precons[precon_id])

    def commanders(self, precon_id: str) -> list[dict]:
        return [row for row in self.commanders_table.to_pylist() if row["precon_id"] == precon_id]

    def split_rows(self, split: str | None = None, *, scored: bool | None = None) -> list[SplitRow]:
        """Split rows, optionally of one split and only the scored (or unscored) precons."""
        return [row for row in self._splits if (split is None or row.split == split)
                and (scored is None or row.scored == scored)]

    def deck_fit(self, precon_id: str | None = None) -> list[dict]:
        if self.deck_fit_table is None:
            return []
        rows = self.deck_fit_table.to_pylist()
        return rows if precon_id is None else [row for row in rows if row["precon_id"] == precon_id]


def load_dataset(folder: str | Path) -> PreconDataset:
    """Read a built or published dataset folder, or a ``hf:`` reference to the published dataset; ``deck_fit`` and
    ``manifest.json`` are optional."""
    source = precon_folder(folder)
    folder = source.path
    tables: dict[str, pa.Table | None] = {}
    for config in (*REQUIRED_CONFIGS, "deck_fit"):
        path = _config_path(folder, config)
        if path is None:
            if config in REQUIRED_CONFIGS:
                raise DatasetError(f"{folder} has no {config}.parquet (nor data/{config}.parquet): build the "
                                   f"dataset with `grimoire precon build --snapshot YYYY-MM-DD --out {folder}`, or "
                                   "use the published one with --data hf:kasper-cbx/mtg-precon-bench")
            tables[config] = None
            continue
        try:
            tables[config] = pq.read_table(path)
        except (OSError, pa.ArrowException) as exc:
            raise DatasetError(f"Cannot read {path}: {exc}") from exc
        missing = [n for n in SCHEMAS[config].names if n not in tables[config].column_names]
        if missing:
            raise DatasetError(f"{path} lacks the columns {', '.join(missing)}")
    assert_deck_columns(tables["decks"])
    manifest_path = folder / MANIFEST_FILE
    manifest = json.loads(manifest_path.read_text(encoding="utf-8")) if manifest_path.exists() else {}
    return PreconDataset(folder=folder, decks_table=tables["decks"], labels_table=tables["labels"],
                         precons_table=tables["precons"], commanders_table=tables["commanders"],
                         splits_table=tables["splits"], deck_fit_table=tables["deck_fit"], manifest=manifest,
                         source=source.describe())


def config_table(config: str, rows: Iterable[Mapping]) -> pa.Table:
    """Rows as a table of the config's schema (columns in schema order; unknown keys are an error)."""
    schema = SCHEMAS[config]
    rows = list(rows)
    for row in rows:
        unknown = set(row) - set(schema.names)
        if unknown:
            raise DatasetError(f"{config} has no columns {', '.join(sorted(unknown))}")
    table = pa.Table.from_pylist([{name: row.get(name) for name in schema.names} for row in rows], schema=schema)
    if config == "decks":
        assert_deck_columns(table)
    return table


def write_config(folder: str | Path, config: str, rows: Iterable[Mapping] | pa.Table) -> Path:
    """Write one config as ``<folder>/<config>.parquet``; the decks config is checked against the allow-list."""
    table = rows if isinstance(rows, pa.Table) else config_table(config, rows)
    if config == "decks":
        assert_deck_columns(table)
    path = Path(folder) / f"{config}.parquet"
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table, path)
    return path


def write_decks(folder: str | Path, rows: Iterable[Mapping] | pa.Table) -> Path:
    return write_config(folder, "decks", rows)


def write_deck_fit(folder: str | Path, rows: Iterable[Mapping] | pa.Table) -> Path:
    return write_config(folder, "deck_fit", rows)


def read_deck_fit(path: str | Path) -> list[dict]:
    """Deck-fit rows from a ``deck_fit.parquet`` file, or the folder ``precon judge`` wrote it into."""
    path = Path(path)
    file = path / "deck_fit.parquet" if path.is_dir() else path
    if not file.exists():
        raise DatasetError(f"{file} does not exist: pass the deck_fit.parquet that precon judge wrote (or its folder)")
    table = pq.read_table(file)
    missing = [n for n in SCHEMAS["deck_fit"].names if n not in table.column_names]
    if missing:
        raise DatasetError(f"{file} lacks the deck_fit columns {', '.join(missing)}")
    return table.to_pylist()
