"""Plain-text views of cards for terminals and agents: every face, legality, what is unknown.

Rendering lives apart from the model so the CLI and the MCP server show cards the same way.
"""

from __future__ import annotations

from grimoire.cards.model import Card
from grimoire.cards.store import Ruling

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
        lines.append("  Rulings:")
        lines.extend(f"    {r.published_at}: {r.comment}" for r in rulings)
    return "\n".join(lines)


def card_line(card: Card) -> str:
    """One line per card, for result lists."""
    cost = card.mana_cost or ""
    return f"{card.name}  {cost}  {card.type_line}".rstrip()
