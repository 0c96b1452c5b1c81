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


def result_text(result) -> str:
    """A search result: rank, name, cost, type, rules text, roles and why it matched."""
    card = result.card
    lines = [f"{result.rank}. {card.name}  {card.mana_cost or ''}".rstrip(), f"   {card.type_line}"]
    for face in card.faces:
        prefix = f"   [{face.name}] " if len(card.faces) > 1 else "   "
        text = (face.oracle_text or "").replace("\n", " / ")
        if text:
            lines.append(prefix + text)
    stats = [f"{f.power}/{f.toughness}" for f in card.faces if f.power is not None]
    details = [f"mv {_number(card.mana_value)}", f"id {''.join(card.color_identity) or 'C'}"]
    if stats:
        details.append(" // ".join(stats))
    if result.roles:
        details.append("roles: " + ", ".join(result.roles))
    why = []
    if result.lexical_rank:
        why.append(f"words #{result.lexical_rank}")
    if result.semantic_rank:
        why.append(f"meaning #{result.semantic_rank}")
    if result.matched:
        why.append("filters " + " ".join(result.matched))
    lines.append("   " + " · ".join(details) + (f"   [{'; '.join(why)}]" if why else ""))
    return "\n".join(lines)


def result_json(result) -> dict:
    card = result.card
    return {
        "rank": result.rank, "score": round(result.score, 6), "oracle_id": card.oracle_id, "name": card.name,
        "mana_cost": card.mana_cost, "mana_value": card.mana_value, "type_line": card.type_line,
        "oracle_text": card.oracle_text, "colors": card.colors, "color_identity": card.color_identity,
        "faces": [face.__dict__ for face in card.faces], "roles": list(result.roles),
        "legalities": card.legalities, "game_changer": card.game_changer,
        "why": {"lexical_rank": result.lexical_rank, "semantic_rank": result.semantic_rank,
                "matched_filters": list(result.matched)},
    }
