"""Query files in the seed's ``queries`` schema (Parquet or JSONL), resolved against a card store.

Columns: set, id, query, relevant (oracle ids), graded ({oracle_id, grade}), filters (JSON), origin, source,
labeling_rule. Grimoire's extension ``relevant_names`` / ``graded_names`` names the cards, instead of the ids or
as lists parallel to them (then a name is the fallback for an id the store lacks, e.g. the bundled snapshot's
synthetic ids on a Scryfall store); an optional ``split`` (dev/test) says which queries may be tuned on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from grimoire.cards.store import CardDB
from grimoire.hub import search_bench_file

FILTER_KEYS = ("color_identity", "format", "types", "mana_value_min", "mana_value_max")


class QueryFileError(ValueError):
    """A query file that cannot be read; names the file and the row."""


@dataclass(frozen=True)
class BenchQuery:
    set: str
    id: str
    query: str
    filters: dict
    gains: dict[int, int]  # store row -> grade (2 core, 1 other relevant)
    origin: str | None = None
    split: str | None = None
    unknown: tuple[str, ...] = ()  # relevant ids or names the store does not have
    labelled: int = 0  # how many relevant cards the file lists


@dataclass
class QuerySet:
    queries: list[BenchQuery]
    path: str
    warnings: list[str] = field(default_factory=list)
    source: dict = field(default_factory=dict)  # where the file came from: a path, or a Hub reference and commit

    def unresolved_by_set(self) -> dict[str, tuple[int, int]]:
        """Per set: how many labelled cards the store could not resolve, of how many labelled."""
        counts: dict[str, tuple[int, int]] = {}
        for query in self.queries:
            missing, labelled = counts.get(query.set, (0, 0))
            counts[query.set] = (missing + len(query.unknown), labelled + query.labelled)
        return counts


def read_rows(path: Path) -> list[dict]:
    """The rows of a Parquet or JSONL file, as dicts; a path that is no such file is a :class:`QueryFileError`
    naming it (it had been the bare path, or Python's "[Errno 2]")."""
    if not path.is_file():
        raise QueryFileError(f"{path} is not there: name a query file (Parquet or JSONL, one query a row)")
    if path.suffix == ".parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        try:
            return pq.read_table(path).to_pylist()
        except (pa.ArrowException, OSError) as exc:
            raise QueryFileError(f"{path} is not a readable Parquet file ({str(exc).splitlines()[0][:200]})") from None
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise QueryFileError(f"{path}:{number}: not valid JSON ({exc.msg})") from None
    return rows


def parse_filters(value, where: str) -> dict:
    """A row's ``filters`` (JSON text or a mapping) checked against :data:`FILTER_KEYS`."""
    if value in (None, "", {}):
        return {}
    data = json.loads(value) if isinstance(value, str) else dict(value)
    unknown = set(data) - set(FILTER_KEYS)
    if unknown:
        raise QueryFileError(f"{where}: unknown filter keys {sorted(unknown)} (known: {', '.join(FILTER_KEYS)})")
    return data


def _graded(value) -> list[tuple[str, int]]:
    if not value:
        return []
    if isinstance(value, str):
        value = json.loads(value)
    return [(item["oracle_id"], int(item.get("grade", 2))) for item in value]


def _pairs(ids: list, names: list) -> list[tuple[str | None, str | None]]:
    """(oracle id, name) per labelled card: a row gives ids, names, or both as parallel lists (the name is then
    the fallback for a store whose ids differ)."""
    if ids and names and len(ids) == len(names):
        return list(zip(ids, names, strict=True))
    return [(oracle_id, None) for oracle_id in ids] + [(None, name) for name in names]


def _find(db: CardDB, oracle_id: str | None, name: str | None) -> int | None:
    row = db.find_id(oracle_id) if oracle_id else None
    return db.names.find(name) if row is None and name else row


def resolve_labels(row: dict, db: CardDB,
                   names: dict[str, str] | None = None) -> tuple[dict[int, int], list[str], int]:
    """A row's labelled cards (``relevant``/``graded`` ids, ``relevant_names``/``graded_names``) as store rows.

    Returns the gains (row -> 2 for graded, 1 for other relevant), the ids or names the store lacks, and how
    many cards the row labels.
    """
    graded = _graded(row.get("graded"))
    graded_names = list(row.get("graded_names") or ())
    labelled = [(pair, 1) for pair in _pairs(list(row.get("relevant") or ()), list(row.get("relevant_names") or ()))]
    labelled += [((oracle_id, name), grade) for (oracle_id, grade), name in
                 zip(graded, graded_names if len(graded_names) == len(graded) else [None] * len(graded), strict=True)]
    if len(graded_names) != len(graded):
        labelled += [((None, name), 2) for name in graded_names]
    gains: dict[int, int] = {}
    unknown: list[str] = []
    for (oracle_id, name), grade in labelled:
        store_row = _find(db, oracle_id, name or (names or {}).get(oracle_id))
        if store_row is None:
            unknown.append(oracle_id or name)
        else:
            gains[store_row] = max(gains.get(store_row, 0), grade)
    unknown = list(dict.fromkeys(unknown))
    return gains, unknown, len({pair for pair, _ in labelled})


def load_queries(path: str | Path, db: CardDB) -> QuerySet:
    """Read a query file (or the ``queries`` config of a ``hf:`` reference) and resolve its relevant cards to
    store rows, reporting what cannot be resolved."""
    source = search_bench_file(path, "queries")
    path, names = source.path, source.names
    rows = read_rows(path)
    queries, warnings = [], []
    for number, row in enumerate(rows, start=1):
        where = f"{path.name} row {number} ({row.get('id')})"
        for key in ("set", "id", "query"):
            if not row.get(key):
                raise QueryFileError(f"{where}: missing {key!r}")
        gains, unknown, labelled = resolve_labels(row, db, names)
        if unknown:
            warnings.append(f"{row['id']}: {len(unknown)} of {labelled} labelled cards are not in this store "
                            f"(e.g. {unknown[0]})")
        queries.append(BenchQuery(set=row["set"], id=row["id"], query=row["query"],
                                  filters=parse_filters(row.get("filters"), where), gains=gains,
                                  origin=row.get("origin") or None, split=row.get("split"),
                                  unknown=tuple(unknown), labelled=labelled))
    return QuerySet(queries=queries, path=str(path), warnings=warnings, source=source.describe())
