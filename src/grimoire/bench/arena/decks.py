"""The arena's decks: plain decklist files shipped in ``arena/decks/`` (or any path), checked against the engine.

A deck is refused before play when a line does not resolve to a card, it does not hold 60 main-deck cards, or
the engine would misplay a card (see :mod:`grimoire.bench.arena.cards`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from grimoire.bench.arena.cards import CardData, DeckCheckError, build_card_data, play_name
from grimoire.cards.model import Card
from grimoire.cards.store import CardDB
from grimoire.decks.parse import parse_decklist

DECK_DIR = Path(__file__).parent / "decks"
DECK_SIZE = 60
CPU_DECK = "burn"
MODEL_DECKS = ("delver", "dredge", "jeskai")
BATTLE_DECKS = ("delver", "jeskai")


@dataclass(frozen=True)
class ArenaDeck:
    """A checked deck: ``name`` (file stem), ``title`` (first comment line), the 60 card names the engine plays
    (front faces) and the store's cards."""

    name: str
    title: str
    names: tuple[str, ...]
    cards: tuple[Card, ...]

    def decklist(self) -> str:
        """"4 Lightning Bolt" lines, as the model's system prompt shows them."""
        counts: dict[str, int] = {}
        for name in self.names:
            counts[name] = counts.get(name, 0) + 1
        return "\n".join(f"{n} {name}" for name, n in counts.items())


def deck_path(name_or_path: str | Path) -> Path:
    path = Path(name_or_path)
    if path.suffix or path.exists():
        return path
    return DECK_DIR / f"{name_or_path}.txt"


def available_decks() -> list[str]:
    return sorted(p.stem for p in DECK_DIR.glob("*.txt"))


def load_deck(name_or_path: str | Path, db: CardDB) -> ArenaDeck:
    """Read and check a deck. Raises :class:`DeckCheckError` naming every problem line or card."""
    path = deck_path(name_or_path)
    if not path.exists():
        known = ", ".join(available_decks())
        raise DeckCheckError(str(name_or_path), {"file": f"no deck file {path} (the arena's decks: {known})"})
    text = path.read_text(encoding="utf-8")
    parsed = parse_decklist(text, db)
    problems = {f"line {p.line_number}": p.reason for p in parsed.problems}
    names: list[str] = []
    cards: list[Card] = []
    for entry in parsed.main:
        names.extend([play_name(entry.card)] * entry.quantity)
        cards.append(entry.card)
    if not problems and len(names) != DECK_SIZE:
        problems["deck"] = f"{len(names)} main-deck cards; the arena plays {DECK_SIZE}"
    _, engine_problems = build_card_data(cards)
    problems.update(engine_problems)
    if problems:
        raise DeckCheckError(path.stem, problems)
    title = next((line.strip("/# ").strip() for line in text.splitlines() if line.startswith(("//", "#"))), path.stem)
    return ArenaDeck(path.stem, title, tuple(names), tuple(cards))


def card_data_for(decks: list[ArenaDeck]) -> CardData:
    """Engine faces for exactly the cards of these decks."""
    data, problems = build_card_data([c for deck in decks for c in deck.cards])
    if problems:
        raise DeckCheckError("+".join(d.name for d in decks), problems)
    return data
