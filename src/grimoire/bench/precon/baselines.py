"""Two baselines that need no API key, each turning a precon into an :class:`Episode`: a role-balance heuristic
(cut surplus roles, search for the roles the deck lacks) and seeded random legal picks.
"""

from __future__ import annotations

import itertools
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace

import numpy as np

from grimoire.bench.precon.scorer import GAME_CHANGER_LIMIT, SLOTS, Episode, as_mapping
from grimoire.cards.mana import color_bits
from grimoire.cards.store import CardDB
from grimoire.decks.analyze import COMMANDER_TARGETS, analyze_deck, is_land
from grimoire.decks.parse import DeckEntry, ParsedDeck
from grimoire.search.engine import MAX_LIMIT, Filters, SearchEngine
from grimoire.search.roles import card_roles

SYSTEMS = ("role_balance", "random_legal")
# Plain words ranked within each role (the role itself is a hard filter); the words pick typical cards.
_ROLE_WORDS = {
    "ramp": "add mana search your library for a land",
    "draw": "draw cards",
    "removal": "destroy target creature",
    "boardwipe": "destroy all creatures",
    "protection": "hexproof indestructible",
}
_SPELL_ROLES = tuple(role for role in COMMANDER_TARGETS if role != "lands")


def _parsed(deck: Mapping, db: CardDB) -> ParsedDeck:
    parsed = ParsedDeck()
    for line, card in enumerate(deck["cards"], start=1):
        found = db.get(card["oracle_id"])
        if found is None:
            continue
        section = parsed.commanders if card.get("is_commander") else parsed.main
        section.append(DeckEntry(card.get("qty") or 1, found, line, card["name"]))
    return parsed


def _role_balance_cuts(parsed: ParsedDeck, counts: dict[str, int], land_count: int, slots: int) -> list[str]:
    """Lands while the deck is over its land maximum (most copies first), then cards whose target roles the deck
    has in surplus (most surplus roles first), then cards with no target role, dearest first. Counts drop as
    cards are cut, so no role is cut below its minimum."""
    remaining = Counter(counts)
    spells, lands = [], []
    for entry in parsed.main:
        card = entry.card
        roles = [r for r in card_roles(card.name, card.type_line, card.oracle_text) if r in _SPELL_ROLES]
        (lands if is_land(card) else spells).append((entry, roles))
    spells.sort(key=lambda item: (-sum(remaining[r] > COMMANDER_TARGETS[r][0] for r in item[1]) if item[1] else 1,
                                  -(item[0].card.mana_value or 0), item[0].card.name))
    land_maximum = COMMANDER_TARGETS["lands"][1] or land_count
    extra_lands = max(0, land_count - land_maximum)
    cuts = [entry.card.oracle_id for entry, _ in
            sorted(lands, key=lambda item: (-item[0].quantity, item[0].card.name))[:min(extra_lands, slots)]]
    for entry, roles in spells:
        if len(cuts) == slots:
            break
        if all(remaining[r] > COMMANDER_TARGETS[r][0] for r in roles):
            cuts.append(entry.card.oracle_id)
            remaining.subtract(roles)
    return cuts


def role_balance(deck: Mapping | object, engine: SearchEngine, *, slots: int = SLOTS,
                 game_changer_limit: int = GAME_CHANGER_LIMIT, mode: str = "hybrid") -> Episode:
    """Cut cards from the roles the deck has in surplus against :data:`COMMANDER_TARGETS`; add Grimoire's best
    in-identity, Commander-legal matches for the roles it is short of (by deficit, then round robin), skipping
    cards already in the deck and Game Changers beyond the limit."""
    deck = as_mapping(deck)
    db = engine.db
    parsed = _parsed(deck, db)
    stats = analyze_deck(parsed, "commander")
    identity = "".join(deck.get("color_identity") or ()) or stats.color_identity
    counts = {role: stats.roles.get(role, 0) for role in _SPELL_ROLES}
    cuts = _role_balance_cuts(parsed, counts, stats.land_count, slots)

    deficits = {c.role: (c.minimum or 0) - c.count for c in stats.targets if c.role in _SPELL_ROLES}
    in_deck = {card["oracle_id"] for card in deck["cards"]}
    game_changers = sum(bool(e.card.game_changer) for e in [*parsed.commanders, *parsed.main])
    filters = Filters(color_identity=identity.lower() or "c", format="commander")
    adds = _role_balance_adds(engine, filters, deficits, in_deck, slots, game_changer_limit - game_changers, mode)
    return Episode(deck["precon_id"], tuple(cuts), tuple(adds), "role_balance")


def _role_matches(engine: SearchEngine, role: str, filters: Filters, mode: str) -> Iterator[tuple[str, bool]]:
    page = engine.search(f"-t:land {_ROLE_WORDS[role]}", filters=replace(filters, roles=(role,)),
                         limit=MAX_LIMIT, mode=mode)
    return iter([(r.card.oracle_id, bool(r.card.game_changer)) for r in page.results])


def _role_balance_adds(engine: SearchEngine, filters: Filters, deficits: Mapping[str, int], in_deck: set[str],
                       slots: int, game_changers_left: int, mode: str) -> list[str]:
    """The short roles first, each as many times as it is short (largest deficit first), then every role in
    turn until the slots are full or the searches run dry."""
    short = [role for role, gap in sorted(deficits.items(), key=lambda item: -item[1]) for _ in range(max(gap, 0))]
    queues = {role: _role_matches(engine, role, filters, mode) for role in _SPELL_ROLES}
    adds: list[str] = []
    for role in itertools.chain(short, itertools.cycle(_SPELL_ROLES)):
        if len(adds) == slots or not queues:
            break
        if role not in queues:
            continue
        for oracle_id, game_changer in queues[role]:
            if oracle_id in in_deck or oracle_id in adds or (game_changer and game_changers_left <= 0):
                continue
            game_changers_left -= game_changer
            adds.append(oracle_id)
            break
        else:
            del queues[role]
    return adds


def _stable_seed(seed: int, precon_id: str) -> list[int]:
    return [seed, zlib.crc32(precon_id.encode("utf-8"))]


def random_legal(deck: Mapping | object, db: CardDB, *, seed: int = 0, slots: int = SLOTS,
                 game_changer_limit: int = GAME_CHANGER_LIMIT) -> Episode:
    """Seeded random picks: Commander-legal, in-identity, non-joke adds not in the deck (Game Changers only up to
    the limit), and random cuts among the non-commander cards. The same seed and precon give the same episode."""
    deck = as_mapping(deck)
    rng = np.random.default_rng(_stable_seed(seed, deck["precon_id"]))
    columns = db.columns
    identity = color_bits("".join(deck.get("color_identity") or ()).upper())
    in_deck = {card["oracle_id"] for card in deck["cards"]}
    deck_rows = [row for row in (db.find_id(oid) for oid in in_deck) if row is not None]
    game_changers_left = game_changer_limit - int((columns.game_changer[deck_rows] == 1).sum())
    outside = np.uint8(~identity & 0x1F)
    candidates = np.flatnonzero((columns.legality("commander") == 1) & ((columns.color_identity & outside) == 0)
                                & (columns.is_funny != 1))
    ids = db.oracle_ids
    adds: list[str] = []
    for row in rng.permutation(candidates):
        if len(adds) == slots:
            break
        if ids[row] in in_deck:
            continue
        if columns.game_changer[row] == 1:
            if game_changers_left <= 0:
                continue
            game_changers_left -= 1
        adds.append(ids[row])
    cuttable = sorted({card["oracle_id"] for card in deck["cards"] if not card.get("is_commander")}
                      - set(deck.get("commander_oracle_ids") or ()))
    cuts = [cuttable[i] for i in rng.permutation(len(cuttable))[:slots]]
    return Episode(deck["precon_id"], tuple(cuts), tuple(adds), "random_legal")


def run_baseline(system: str, decks: Iterable[Mapping | object], db: CardDB, *, seed: int = 0, slots: int = SLOTS,
                 engine: SearchEngine | None = None, mode: str = "hybrid") -> list[Episode]:
    """Episodes of one baseline (``role_balance`` or ``random_legal``) over ``PreconDeck``s or ``decks`` rows."""
    if system == "role_balance":
        engine = engine or SearchEngine(db)
        return [role_balance(deck, engine, slots=slots, mode=mode) for deck in decks]
    if system == "random_legal":
        return [random_legal(deck, db, seed=seed, slots=slots) for deck in decks]
    raise ValueError(f"unknown baseline {system!r}; choose one of {', '.join(SYSTEMS)}")
