"""Views of one card: the full text (``grimoire card``, ``get_card``), the block of a result list, one-line forms
for prompts and lists, and the card's JSON record. Every surface and benchmark shows cards through these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from grimoire.cards.model import Card
from grimoire.cards.store import CardLookup, Ruling

LEGALITY_LABELS = {"legal": "legal", "not_legal": "not legal", "banned": "BANNED", "restricted": "restricted"}


def _number(value: float | None) -> str:
    if value is None:
        return "unknown"
    return str(int(value)) if float(value).is_integer() else str(value)


def _flag(value: bool | None) -> str:
    return "unknown" if value is None else ("yes" if value else "no")


def card_text(card: Card, rulings: list[Ruling] | None = None) -> str:
    """A full text view of one card."""
    lines = [card.name]
    multi = len(card.faces) > 1
    for face in card.faces:
        if multi:
            lines.append(f"  [{face.name}]")
        indent = "    " if multi else "  "
        head = "  ".join(part for part in (face.mana_cost, face.type_line) if part)
        if head:
            lines.append(indent + head)
        for text_line in (face.oracle_text or "").splitlines():
            lines.append(indent + text_line)
        stats = [f"{face.power}/{face.toughness}" if face.power is not None else None,
                 f"Loyalty {face.loyalty}" if face.loyalty is not None else None,
                 f"Defense {face.defense}" if face.defense is not None else None]
        if any(stats):
            lines.append(indent + "  ".join(s for s in stats if s))
        if face.type_line is None and face.oracle_text is None:
            lines.append(indent + "(this face's text is not in the loaded data)")
    colors = "unknown" if card.colors is None else ("".join(card.colors) or "colorless")
    lines.append(f"  Mana value {_number(card.mana_value)} · Colors {colors} · "
                 f"Color identity {''.join(card.color_identity) or 'colorless'} · Layout {card.layout}")
    if card.legalities:
        lines.append("  Legal: " + ", ".join(f"{fmt} {LEGALITY_LABELS.get(v, v)}"
                                            for fmt, v in sorted(card.legalities.items())))
    lines.append(f"  Game Changer {_flag(card.game_changer)} · Reserved {_flag(card.reserved)} · "
                 f"Funny {_flag(card.is_funny)}" + (f" · Rarity {card.rarity}" if card.rarity else "")
                 + (f" · Released {card.released_at}" if card.released_at else ""))
    id_kind = "Scryfall oracle id" if card.has_scryfall_id else "synthetic id, not a Scryfall id"
    lines.append(f"  {card.oracle_id} ({id_kind}) · source {card.source}")
    if card.missing:
        lines.append("  Not in the loaded data: " + "; ".join(card.missing))
    if rulings:
        lines.append(rulings_text(rulings))
    return "\n".join(lines)


def card_summary(card: Card) -> str:
    """One line per card with its rules text, for prompts (the arena's decklists and card lookups):
    'Lightning Bolt {R} — Instant: Lightning Bolt deals 3 damage to any target.'."""
    faces = []
    for face in card.faces:
        head = face.name + (f" {face.mana_cost}" if face.mana_cost else "")
        head += f" — {face.type_line}" if face.type_line else ""
        if face.power is not None:
            head += f" {face.power}/{face.toughness}"
        if face.loyalty is not None:
            head += f" (loyalty {face.loyalty})"
        text = (face.oracle_text or "").replace("\n", " / ")
        faces.append(f"{head}: {text}" if text else head)
    return " // ".join(faces)


def card_line(card: Card) -> str:
    """One line per card, for result lists."""
    cost = card.mana_cost or ""
    return f"{card.name}  {cost}  {card.type_line}".rstrip()


def legality_line(card: Card) -> str:
    """``legal: a, b · banned: c · restricted: d``; formats where the card is simply not legal are left out."""
    if not card.legalities:
        return "legality unknown in this data"
    groups: dict[str, list[str]] = {}
    for fmt, status in sorted(card.legalities.items()):
        groups.setdefault(status, []).append(fmt)
    parts = [f"{label}: {', '.join(groups[status])}" for status, label in
             (("legal", "legal"), ("banned", "banned"), ("restricted", "restricted")) if status in groups]
    return " · ".join(parts) or "not legal in " + ", ".join(groups.get("not_legal", []))


def card_block(card: Card, roles: Sequence[str], rank: int | None = None, why: str = "",
               tags: Sequence[str] = ()) -> str:
    """A card in a result list: name, cost, mana value, colours, identity, type, every face's text, roles, legality,
    why it ranks there and its function tags."""
    colors = "unknown" if card.colors is None else ("".join(card.colors) or "C")
    head = f"{rank}. " if rank is not None else ""
    lines = [f"{head}{card.name}  {card.mana_cost or ''}".rstrip()
             + f"  · mv {_number(card.mana_value)} · colors {colors} · identity {''.join(card.color_identity) or 'C'}"]
    indent = " " * len(head) if head else "  "
    stats = [f"{f.power}/{f.toughness}" for f in card.faces if f.power is not None]
    stats += [f"loyalty {f.loyalty}" for f in card.faces if f.loyalty is not None]
    lines.append(indent + (card.type_line or "(type unknown)") + (f"  [{' // '.join(stats)}]" if stats else ""))
    for face in card.faces:
        prefix = f"[{face.name}] " if len(card.faces) > 1 else ""
        text = (face.oracle_text or "").replace("\n", " / ")
        if text or prefix:
            lines.append(indent + prefix + (text or "(no rules text in this data)"))
    tail = [f"roles: {', '.join(roles)}" if roles else "roles: none", legality_line(card)]
    if why:
        tail.append(f"why: {why}")
    if tags:
        tail.append(f"tags: {', '.join(tags)}")
    lines.append(indent + " · ".join(tail))
    return "\n".join(lines)


def card_json(card: Card, roles: Sequence[str], rulings: list[Ruling] | None) -> dict[str, Any]:
    """One card's JSON record (``grimoire card --json``, MCP ``get_card``, the web's card page): every field of
    :class:`~grimoire.cards.model.Card`, its roles, and its rulings (``null`` when the data has none at all)."""
    return {**asdict(card), "roles": list(roles), "rulings_in_data": rulings is not None,
            "rulings": None if rulings is None else [asdict(r) for r in rulings]}


def rulings_text(rulings: list[Ruling] | None) -> str:
    """The rulings of a card, saying whether the data has none for it or none at all."""
    if rulings is None:
        return "  Rulings: no rulings in this card data"
    if not rulings:
        return "  Rulings: none for this card"
    return "\n".join(["  Rulings:", *(f"    {r.published_at}: {r.comment}" for r in rulings)])


def card_view(card: Card, roles: Sequence[str], rulings: list[Ruling] | None) -> str:
    """The full view of one card (``grimoire card``, MCP ``get_card``): every face, its roles and its rulings."""
    return "\n".join([card_text(card), f"  Roles: {', '.join(roles) or 'none'}", rulings_text(rulings)])


def lookup_json(found: CardLookup, roles: Sequence[str], rulings: list[Ruling] | None) -> dict[str, Any]:
    """A card found by name as JSON: the card's record, plus how its name was matched."""
    return {**card_json(found.card, roles, rulings), "query": found.match.query, "exact": found.exact,
            "correction": found.correction, "suggestions": list(found.suggestions)}
