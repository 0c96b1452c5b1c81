"""Vectorised evaluation of a query's filters over a store's column arrays.

Three-valued logic: a leaf says True, False or unknown (the data does not say) for each card; an unknown
card matches neither a filter nor its negation. Conjunctions narrow the rows later terms look at, so a
text filter after ``t:instant id<=r`` scans a few hundred cards, not all of them.
"""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from functools import cached_property

import numpy as np

from grimoire.cards.store import CardDB
from grimoire.search.query import And, ColorValue, ExactName, Filter, Node, Not, Or, QuerySyntaxError, Text
from grimoire.search.tags import TAG_NAMES

REGEX_BUDGET_SECONDS = 0.5
PERMANENT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")
LAYOUT_IS = {
    "dfc": {"transform", "modal_dfc", "meld", "reversible_card"}, "mdfc": {"modal_dfc"},
    "transform": {"transform"}, "meld": {"meld"}, "split": {"split", "aftermath"}, "flip": {"flip"},
    "adventure": {"adventure"}, "leveler": {"leveler"}, "class": {"class"}, "saga": {"saga"},
}
PARTNER_KEYWORDS = {"partner", "partner with", "friends forever", "choose a background", "doctor's companion"}
_REMINDER = re.compile(r"\s*\([^()]*\)")
_HYBRID = re.compile(r"\{[^}/]+/[^}P]+\}")
_PHYREXIAN = re.compile(r"\{[^}]*/P\}|\{P\}", re.IGNORECASE)


def _number(text: str | None) -> float:
    """Power, toughness or loyalty as a number: ``*`` and ``X`` count as 0 (``1+*`` is 1), as on Scryfall."""
    if text is None:
        return np.nan
    cleaned = re.sub(r"[*xX?]|²", "0", text.replace("½", ".5"))
    if not re.fullmatch(r"[+-]?\d*\.?\d+(?:[+-]\d*\.?\d+)*", cleaned):
        return np.nan
    return float(sum(float(part) for part in re.findall(r"[+-]?\d*\.?\d+", cleaned)))


class TextColumn:
    """Lower-cased strings, kept as one joined string, with fast substring and regex tests."""

    CACHE_SIZE = 256

    def __init__(self, strings):
        lowered = [s.lower() for s in strings]
        self.size = len(lowered)
        self.joined = "\x00".join(lowered)
        self.starts = np.cumsum([0] + [len(s) + 1 for s in lowered])
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()

    def __getitem__(self, row: int) -> str:
        return self.joined[self.starts[row]: self.starts[row + 1] - 1]

    @property
    def strings(self) -> list[str]:
        return self.joined.split("\x00")

    def contains(self, term: str, rows: np.ndarray | None) -> np.ndarray:
        """Bool mask over all rows; only ``rows`` (or every row, if None) need be right."""
        term = term.lower()
        cached = self._cache.get(term)
        if cached is not None:
            self._cache.move_to_end(term)
            return cached
        if rows is not None and len(rows) * 8 < self.size:
            out = np.zeros(self.size, dtype=bool)
            out[[r for r in rows.tolist() if term in self[r]]] = True
            return out
        joined, starts = self.joined, self.starts
        found, position = [], joined.find(term)
        while position >= 0:
            row = int(np.searchsorted(starts, position, side="right")) - 1
            found.append(row)
            position = joined.find(term, int(starts[row + 1]))
        out = np.zeros(self.size, dtype=bool)
        out[found] = True
        out.flags.writeable = False  # shared through the cache
        self._cache[term] = out
        if len(self._cache) > self.CACHE_SIZE:
            self._cache.popitem(last=False)
        return out

    def matches(self, pattern, rows: np.ndarray | None, deadline: float, position: int, query: str) -> np.ndarray:
        out = np.zeros(self.size, dtype=bool)
        candidates = range(self.size) if rows is None else rows.tolist()
        for row in candidates:
            remaining = deadline - time.perf_counter()
            try:
                if remaining <= 0:
                    raise TimeoutError
                if pattern.search(self[row], timeout=remaining):
                    out[row] = True
            except TimeoutError:
                raise QuerySyntaxError("regular expression too slow to run over every card; simplify it",
                                       position, query) from None
        return out


class FilterIndex:
    """The arrays filters read, built on first use from a :class:`CardDB`."""

    def __init__(self, db: CardDB, tag_strengths: np.ndarray):
        self.db = db
        self.columns = db.columns
        self.size = len(db)
        self.tag_strengths = tag_strengths
        self.everything = np.ones(self.size, dtype=bool)
        self.leaf_cache: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}

    @cached_property
    def name_order(self) -> np.ndarray:
        """Each card's position in alphabetical order of names (for sorting filter-only results)."""
        order = np.argsort(np.array([n.casefold() for n in self.columns.name.tolist()]), kind="stable")
        positions = np.empty(self.size, dtype=np.int64)
        positions[order] = np.arange(self.size)
        return positions

    @cached_property
    def _faces(self) -> list[list[dict]]:
        return self.columns.values("faces")

    @cached_property
    def name(self) -> TextColumn:
        return TextColumn(self.columns.name.tolist())

    @cached_property
    def oracle(self) -> TextColumn:
        """Rules text without reminder text (Scryfall's ``o:``)."""
        return TextColumn([_REMINDER.sub("", t) for t in self.columns.oracle_text.tolist()])

    @cached_property
    def full_oracle(self) -> TextColumn:
        """Rules text with reminder text (Scryfall's ``fo:``)."""
        return TextColumn(self.columns.oracle_text.tolist())

    @cached_property
    def oracle_tilde(self) -> TextColumn:
        """Rules text with the card's own name (and face names) written as ``~``."""
        texts = []
        stripped = (_REMINDER.sub("", t) for t in self.columns.oracle_text.tolist())
        for name, text, faces in zip(self.columns.name, stripped, self._faces, strict=True):
            for part in sorted({name, *(f["name"] for f in faces)}, key=len, reverse=True):
                text = text.replace(part, "~")
            texts.append(text)
        return TextColumn(texts)

    @cached_property
    def type_line(self) -> TextColumn:
        return TextColumn(self.columns.type_line.tolist())

    @cached_property
    def anything(self) -> TextColumn:
        return TextColumn(self.columns.searchable_text)

    @cached_property
    def mana_cost(self) -> list[str]:
        return [" ".join(f["mana_cost"] or "" for f in faces).upper() for faces in self._faces]

    @cached_property
    def keywords(self) -> list[set[str]]:
        return [{k.lower() for k in ks} for ks in self.columns.values("keywords")]

    @cached_property
    def layout(self) -> np.ndarray:
        return np.array(self.columns.values("layout"), dtype=object)

    def face_numbers(self, key: str) -> np.ndarray:
        """[cards, faces] array of a face stat (NaN where absent)."""
        cache = self.__dict__.setdefault("_face_numbers", {})
        if key not in cache:
            width = max(len(faces) for faces in self._faces)
            values = np.full((self.size, width), np.nan)
            for row, faces in enumerate(self._faces):
                for index, face in enumerate(faces):
                    values[row, index] = _number(face[key])
            cache[key] = values
        return cache[key]

    @cached_property
    def produced(self) -> tuple[np.ndarray, np.ndarray]:
        bits = {c: 1 << i for i, c in enumerate("WUBRGC")}
        values = self.columns.values("produced_mana")
        mask = np.array([sum(bits.get(c, 0) for c in v) if v is not None else 0 for v in values], dtype=np.uint8)
        known = np.array([v is not None for v in values], dtype=bool)
        return mask, known

    @cached_property
    def rarity(self) -> np.ndarray:
        from grimoire.search.query import RARITIES

        values = self.columns.values("rarity")
        return np.array([RARITIES.get(v, -1) if v else -1 for v in values], dtype=np.int8)

    @cached_property
    def year(self) -> np.ndarray:
        values = self.columns.values("released_at")
        return np.array([float(v[:4]) if v else np.nan for v in values])


def _tri(match: np.ndarray, known: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    if known is None:
        return match, ~match
    return match & known, ~match & known


def _compare(values: np.ndarray, op: str, target: float) -> np.ndarray:
    with np.errstate(invalid="ignore"):
        return {":": values == target, "=": values == target, "!=": values != target, "<": values < target,
                "<=": values <= target, ">": values > target, ">=": values >= target}[op]


def _compare_colors(masks: np.ndarray, op: str, value: ColorValue, colon_means: str) -> np.ndarray:
    if value.multicolor:
        count = np.unpackbits(masks[:, None], axis=1).sum(axis=1)
        return count >= 2 if op in (":", "=", ">=") else count < 2
    target = np.uint8(value.mask)
    if op == ":":
        op = "=" if value.mask == 0 else colon_means
    subset = (masks & ~target) == 0
    superset = (masks & target) == target
    equal = masks == target
    return {"=": equal, "!=": ~equal, "<=": subset, "<": subset & ~equal, ">=": superset,
            ">": superset & ~equal}[op]


class Evaluator:
    """Evaluates one parsed query against a :class:`FilterIndex`."""

    def __init__(self, index: FilterIndex, query: str):
        self.index = index
        self.query = query
        self.deadline: float | None = None  # set when the first regex starts, after its column is built
        self.matched: list[str] = []

    def run(self, node: Node, candidates: np.ndarray | None = None) -> np.ndarray:
        """Rows (bool mask) that certainly match."""
        interesting = self.index.everything if candidates is None else candidates
        true, _ = self.evaluate(node, interesting)
        return true & interesting

    def evaluate(self, node: Node, interesting: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if isinstance(node, And):
            true, false = interesting.copy(), np.zeros_like(interesting)
            for child in sorted(node.children, key=_cost):
                undecided = interesting & ~false
                child_true, child_false = self.evaluate(child, undecided)
                true &= child_true
                false |= child_false & undecided
            return true, false
        if isinstance(node, Or):
            true, false = np.zeros_like(interesting), interesting.copy()
            for child in sorted(node.children, key=_cost):
                undecided = interesting & ~true
                child_true, child_false = self.evaluate(child, undecided)
                true |= child_true & undecided
                false &= child_false & undecided
            return true, false
        if isinstance(node, Not):
            child_true, child_false = self.evaluate(node.child, interesting)
            return child_false, child_true
        if isinstance(node, Text):  # free text ranks; text that filters became Filter("text") when parsed
            return interesting.copy(), np.zeros_like(interesting)
        if isinstance(node, ExactName):
            from grimoire.cards.names import fold

            match = np.zeros(self.index.size, dtype=bool)
            row = self.index.db.names.find(node.name)
            if row is not None and fold(node.name) in {fold(self.index.columns.name[row]),
                                                       *(fold(f["name"]) for f in self.index._faces[row])}:
                match[row] = True
            self.matched.append(f'!"{node.name}"')
            return match, ~match
        self.matched.append(node.raw)
        if node.key in _ROW_BY_ROW_KEYS:
            return self.leaf(node, interesting)
        key = (node.key, node.op, node.value)
        if key not in self.index.leaf_cache:  # whole-array leaves do not depend on the rows asked about
            self.index.leaf_cache[key] = self.leaf(node, self.index.everything)
        return self.index.leaf_cache[key]

    def _error(self, message: str, node: Filter) -> QuerySyntaxError:
        return QuerySyntaxError(message, node.position, self.query)

    def leaf(self, node: Filter, interesting: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        index, key, op, value = self.index, node.key, node.op, node.value
        rows = np.flatnonzero(interesting)
        columns = index.columns
        if key in ("name", "oracle", "fulloracle", "type", "text"):
            column = {"name": index.name, "type": index.type_line, "text": index.anything,
                      "fulloracle": index.full_oracle}.get(key, index.oracle)
            if node.regex:
                if key == "oracle":
                    column = index.oracle_tilde
                if self.deadline is None:
                    self.deadline = time.perf_counter() + REGEX_BUDGET_SECONDS
                return _tri(column.matches(value, rows, self.deadline, node.position, self.query))
            if key == "oracle" and "~" in value:
                column = index.oracle_tilde
            return _tri(column.contains(value, rows))
        if key == "keyword":
            return _tri(np.array([value in ks for ks in index.keywords], dtype=bool))
        if key == "mana":
            symbols = re.findall(r"\{[^}]+\}", value)
            costs = index.mana_cost
            match = np.zeros(index.size, dtype=bool)
            for row in rows.tolist():
                cost = costs[row]
                match[row] = cost.replace(" ", "") == "".join(symbols) if op == "=" else \
                    all(cost.count(s) >= symbols.count(s) for s in set(symbols))
            return _tri(match)
        if key in ("color", "identity", "produces"):
            if key == "identity":
                return _tri(_compare_colors(columns.color_identity, op, value, "<="))
            if key == "color":
                return _tri(_compare_colors(columns.colors, op, value, ">="), columns.colors_known)
            mask, known = index.produced
            return _tri(_compare_colors(mask, op, value, ">="), known)
        if key == "mv":
            values = columns.mana_value
            known = ~np.isnan(values)
            if value in ("even", "odd"):
                return _tri((np.nan_to_num(values) % 2 == (0 if value == "even" else 1)), known)
            return _tri(_compare(values, op, value), known)
        if key in ("power", "toughness", "loyalty", "defense"):
            values = index.face_numbers(key)
            known = ~np.isnan(values)
            return _tri((_compare(values, op, value) & known).any(axis=1), known.any(axis=1))
        if key == "year":
            values = index.year
            if np.isnan(values).all():
                raise self._error("the loaded card data has no release dates (run grimoire data update)", node)
            return _tri(_compare(values, op, value), ~np.isnan(values))
        if key == "rarity":
            values = index.rarity
            if (values < 0).all():
                raise self._error("the loaded card data has no rarity (run grimoire data update)", node)
            return _tri(_compare(values.astype(float), op, float(value)), values >= 0)
        if key in ("format", "banned", "restricted"):
            codes = columns.legality(value)
            if (codes < 0).all():
                raise self._error(f"the loaded card data has no {value} legality (the bundled snapshot knows only "
                                  "commander; run grimoire data update)", node)
            wanted = {"format": (1, 2), "banned": (3,), "restricted": (2,)}[key]
            return _tri(np.isin(codes, wanted), codes >= 0)
        if key == "role":
            return _tri(index.tag_strengths[:, TAG_NAMES[value]] > 0)
        if key in ("is", "not"):
            true, false = self.is_value(node)
            return (true, false) if key == "is" else (false, true)
        raise self._error(f"keyword {key} is not supported", node)

    def is_value(self, node: Filter) -> tuple[np.ndarray, np.ndarray]:
        index, value = self.index, node.value
        columns = index.columns
        types = index.type_line.strings
        if value in LAYOUT_IS and value != "saga":
            return _tri(np.isin(index.layout, list(LAYOUT_IS[value])))
        if value in ("gamechanger", "gc", "funny", "reserved"):
            flags = {"gamechanger": columns.game_changer, "gc": columns.game_changer, "funny": columns.is_funny,
                     "reserved": columns.reserved}[value]
            if (flags < 0).all():
                raise self._error(f"the loaded card data does not say which cards are {value}", node)
            return _tri(flags == 1, flags >= 0)
        if value in ("land", "creature", "instant", "sorcery", "artifact", "enchantment", "planeswalker",
                     "battle", "saga", "legendary"):
            return _tri(np.array([value in t for t in types], dtype=bool))
        if value == "permanent":
            return _tri(np.array([any(p in t.split("—")[0] for p in PERMANENT_TYPES) for t in types], dtype=bool))
        if value == "spell":
            return _tri(np.array(["land" not in t.split("//")[0].split("—")[0] for t in types], dtype=bool))
        if value == "historic":
            return _tri(np.array([any(h in t for h in ("legendary", "artifact", "saga")) for t in types], dtype=bool))
        if value == "commander":
            texts = index.oracle.strings
            return _tri(np.array([("legendary" in t.split("//")[0] and "creature" in t.split("//")[0])
                                  or "can be your commander" in x for t, x in zip(types, texts, strict=True)],
                                 dtype=bool))
        if value in ("partner", "companion"):
            wanted = PARTNER_KEYWORDS if value == "partner" else {"companion"}
            return _tri(np.array([bool(ks & wanted) for ks in index.keywords], dtype=bool))
        if value in ("vanilla", "frenchvanilla"):
            texts = index.oracle.strings
            creature = np.array(["creature" in t for t in types], dtype=bool)
            if value == "vanilla":
                return _tri(creature & np.array([not x.strip() for x in texts], dtype=bool))
            keyword_only = np.array([bool(x.strip()) and all(
                any(line.strip().lower().startswith(k) for k in ks) for line in x.split("\n") if line.strip())
                for x, ks in zip(texts, index.keywords, strict=True)], dtype=bool)
            return _tri(creature & keyword_only)
        if value == "modal":
            return _tri(index.oracle.contains("choose one", None) | index.oracle.contains("choose two", None)
                        | index.oracle.contains("choose three", None) | np.isin(index.layout, ["modal_dfc"]))
        if value in ("hybrid", "phyrexian"):
            pattern = _HYBRID if value == "hybrid" else _PHYREXIAN
            return _tri(np.array([bool(pattern.search(c)) for c in index.mana_cost], dtype=bool))
        if value in ("multicolor", "colorless", "monocolor"):
            count = np.unpackbits(columns.colors[:, None], axis=1).sum(axis=1)
            match = {"multicolor": count >= 2, "colorless": count == 0, "monocolor": count == 1}[value]
            return _tri(match, columns.colors_known)
        raise self._error(f"is:{value} is not supported", node)


_ROW_BY_ROW_KEYS = frozenset({"name", "oracle", "fulloracle", "type", "text", "mana"})


def _cost(node: Node) -> int:
    """Cheap filters first, so text scans see the fewest rows."""
    if isinstance(node, Filter):
        if node.regex:
            return 4
        return 3 if node.key in ("name", "oracle", "fulloracle", "type", "text", "mana") else 1
    if isinstance(node, Text | ExactName):
        return 2
    return 5
