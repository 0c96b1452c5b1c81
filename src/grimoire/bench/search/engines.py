"""Engines the search benchmark compares: Grimoire's rankers and any engine a user plugs in.

An engine is made by a factory ``factory(db) -> engine`` where ``engine.name`` is a label and
``engine.search(query, filters, k)`` returns up to ``k`` cards, best first, as store rows (int), Scryfall
oracle ids or card names (str). ``filters`` is the query's JSON filters: hard constraints the engine must apply.
Register one with :func:`register_engine`, a ``grimoire.search_engines`` entry point, or
``grimoire bench search --plugin module:factory``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points

from grimoire.cards.store import CardDB
from grimoire.search.embed import ENCODERS
from grimoire.search.engine import Filters, SearchEngine

EngineFactory = Callable[[CardDB], object]
_REGISTRY: dict[str, EngineFactory] = {}


def filters_from_json(filters: dict) -> Filters:
    types = filters.get("types") or ()
    return Filters(color_identity=filters.get("color_identity"), format=filters.get("format"),
                   types=tuple([types] if isinstance(types, str) else types),
                   mana_value_min=filters.get("mana_value_min"), mana_value_max=filters.get("mana_value_max"))


class GrimoireEngine:
    """One of Grimoire's own ranking modes."""

    def __init__(self, engine: SearchEngine, mode: str, name: str | None = None):
        self.engine = engine
        self.mode = mode
        self.name = name or mode

    def search(self, query: str, filters: dict, k: int = 10) -> list[int]:
        # Benchmark queries are free text: nothing in them may be read as query syntax.
        page = self.engine.search(as_free_text(query), filters=filters_from_json(filters), limit=k, mode=self.mode)
        return [result.row for result in page.results]


def as_free_text(query: str) -> str:
    """A benchmark query as free text only: characters that query syntax reads are dropped."""
    cleaned = "".join(" " if ch in '":()!/<>=' else ch for ch in query)
    words = [w.lstrip("-") for w in cleaned.split()]
    return " ".join(w for w in words if w and w.lower() not in ("or", "and"))


def builtin_factory(mode: str, encoder: str | None = None) -> EngineFactory:
    """bm25 and dense are the plain rankers; hybrid and late are Grimoire's whole pipeline (slang expansion,
    BM25 over words and phrases, embeddings, function tags, fusion; late adds the MaxSim re-ranking).
    ``encoder`` (minilm or static) embeds queries and cards; None is the default encoder."""
    plain = mode in ("bm25", "dense")
    name = f"{mode}-{encoder}" if encoder else mode

    def factory(db: CardDB, _shared: dict = {}) -> GrimoireEngine:  # noqa: B006 - one SearchEngine per store
        key = (id(db), plain, encoder)
        engine = _shared.get(key)
        if engine is None or engine.db is not db:
            engine = _shared[key] = SearchEngine(db, slang=not plain, tag_ranking=not plain, phrases=not plain,
                                                 encoder=encoder)
        return GrimoireEngine(engine, mode, name)

    return factory


for _mode in ("bm25", "dense", "hybrid", "late"):
    _REGISTRY[_mode] = builtin_factory(_mode)
for _mode in ("dense", "hybrid"):
    for _encoder in ENCODERS:
        _REGISTRY[f"{_mode}-{_encoder}"] = builtin_factory(_mode, _encoder)


def resolved_engine(name: str) -> str:
    """What a built-in engine name runs: ``dense``, ``hybrid`` and ``late`` embed with the default encoder
    (``GRIMOIRE_ENCODER``, else the static model), so ``dense`` is ``dense-static`` or ``dense-minilm``; any other
    name is itself."""
    from grimoire.search.embed import encoder_name

    return f"{name}-{encoder_name()}" if name in ("dense", "hybrid", "late") else name


def engine_encoder(name: str) -> str | None:
    """The encoder a built-in engine embeds with (``hybrid-minilm``: minilm; ``dense``: the default encoder), or
    ``None`` for one that embeds nothing (``bm25``) or a plugin."""
    mode, _, encoder = resolved_engine(name).partition("-")
    return encoder if mode in ("dense", "hybrid", "late") and encoder in ENCODERS else None


def same_engines(names: list[str]) -> list[tuple[str, str]]:
    """Pairs of the names given that run the same engine (``dense`` beside ``dense-static`` while the static model
    is the default encoder): comparing them measures nothing."""
    seen: dict[str, str] = {}
    pairs = []
    for name in names:
        runs = resolved_engine(name)
        if runs in seen and seen[runs] != name and (seen[runs], name) not in pairs:
            pairs.append((seen[runs], name))
        seen.setdefault(runs, name)
    return pairs


def register_engine(name: str, factory: EngineFactory) -> None:
    _REGISTRY[name] = factory


def load_plugin(spec: str) -> str:
    """Import ``module:factory`` and register it under the factory's ``name`` attribute or its own name."""
    module_name, _, attribute = spec.partition(":")
    if not attribute:
        raise ValueError(f"plugin {spec!r} must look like module:factory")
    try:
        factory = getattr(importlib.import_module(module_name), attribute)
    except ImportError as exc:  # (a traceback had ended "No module named 'mypackage'")
        raise ValueError(f"plugin {spec!r}: cannot import {module_name!r} ({exc}); install it, or put it on "
                         "PYTHONPATH") from None
    except AttributeError:
        raise ValueError(f"plugin {spec!r}: {module_name!r} has no {attribute!r}") from None
    name = getattr(factory, "engine_name", attribute)
    register_engine(name, factory)
    return name


def available_engines() -> dict[str, EngineFactory]:
    for entry in entry_points(group="grimoire.search_engines"):
        _REGISTRY.setdefault(entry.name, entry.load())
    return dict(_REGISTRY)
