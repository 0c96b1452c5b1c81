"""Card data for the rules engine: phase's ``card-data.json`` faces built from Grimoire's card store.

Only the cards in play are built (the engine then loads in milliseconds and stays small), and every deck is
checked first: phase drops unknown names silently and plays unimplemented cards as blanks, so a deck with a
name it cannot resolve, an ``Unimplemented`` effect or a parse warning is refused, naming the cards.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from grimoire.cards.mana import colors_of_cost, mana_value
from grimoire.cards.model import Card, Face

# Layouts whose faces phase builds one by one (``build_oracle_face_multi``) and links by ``face_index``.
MULTI_FACE_LAYOUTS = {"split", "flip", "transform", "meld", "adventure", "modal_dfc", "aftermath", "prepare"}
_SUPERTYPES = {"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"}


# Cards of the shipped decks that pass the deck check but that the pinned engine (phase-python 0.103) plays
# wrongly; the harness cannot fix the engine's rules, so they are recorded here (and in docs/arena.md).
_TRANSFORMED_AS_ZERO = ("it counts a transformed double-faced permanent's mana value as 0, not its front face's "
                        "(Insectile Aberration's is 1, Reflection of Kiki-Jiki's 3)")
ENGINE_MISREADINGS = {
    "Price of Progress": "it deals no damage (the engine does not count the nonbasic lands)",
    "Nethergoyf": "its escape exiles no other cards from the graveyard (that part of the cost is not paid)",
    # (its "draw that many" counts the lore counter just added: seen drawing 1 after discarding 0, 1 and 2)
    "Fable of the Mirror-Breaker": "chapter II draws one card however many were discarded, none included",
    # (replayed: with Ponder on top, No to the reveal still transformed it, and no reveal was logged)
    "Delver of Secrets": "it transforms whenever the card looked at is an instant or sorcery card, revealed or not: "
                         "declining the reveal hides the card but does not stop the transform",
    "Cabal Therapy": "the named card is not discarded (the spell only reveals the hand)",
    # (replayed: the damaged player pays {R}{R}, the caster is then asked "copy spell", and neither answer copies it)
    "Chain Lightning": "the copy is never made (a player who pays {R}{R} gets none, so this harness does not offer "
                       "that payment)",
    # (replayed: Yes with Lightning Bolt exiled and five untapped Mountains casts nothing and deals no damage, and the
    # card is offered as "Cast Lightning Bolt {R} from exile" then and on every later turn)
    "Chandra, Torch of Defiance": "its first +1 casts nothing while it resolves: Yes deals no damage and leaves the "
                                  "exiled card castable from exile for good (this harness offers that cast at your "
                                  "next decision only, and Yes only when you can pay for the card)",
    # (replayed: Careful Study's two draws with a dredge card in the graveyard, each drawn by "Draw normally", put no
    # Bowmasters trigger on the stack; Brainstorm's draws do)
    "Orcish Bowmasters": "it does not trigger on a card an opponent draws by declining to dredge (drawing normally "
                         "when dredge could replace the draw)",
    # (replayed: Fatal Push without revolt destroyed Reflection of Kiki-Jiki, and Prismatic Ending with one colour
    # exiled it; the engine holds no mana cost for a back face. Only the target prompt had said so, and Fatal Push's
    # lone target, which the engine picks by itself, has none)
    "Fatal Push": f"{_TRANSFORMED_AS_ZERO}, so it destroys Reflection of Kiki-Jiki even without revolt",
    "Prismatic Ending": f"{_TRANSFORMED_AS_ZERO}, so X = 1 exiles Reflection of Kiki-Jiki",
}
# The misreadings that bear on casting the card, said in its cast options too (the others are said at the prompt
# they bear on: Fable's chapter II discard, Chandra's +1, a dredge prompt facing Orcish Bowmasters).
MISREAD_WHEN_CAST = frozenset({"Price of Progress", "Cabal Therapy", "Chain Lightning", "Nethergoyf"})
# The spells whose effect turns on a permanent's mana value, which the engine reads as 0 on a transformed one: said
# in the cast option while a transformed permanent is on the battlefield, and beside such a target on the stack.
MANA_VALUE_SPELLS = frozenset({"Fatal Push", "Prismatic Ending"})


def misreading_note(name: str | None) -> str:
    """' (This rules engine plays Cabal Therapy wrongly: ...)' for a card the engine misreads, told wherever the
    card is decided on or read about; '' for any other."""
    flaw = ENGINE_MISREADINGS.get(name or "")
    return f" (This rules engine plays {name} wrongly: {flaw}.)" if flaw else ""


class DeckCheckError(ValueError):
    """A deck the engine cannot play faithfully; ``problems`` maps each card name to what is wrong with it."""

    def __init__(self, deck: str, problems: dict[str, str]):
        self.deck = deck
        self.problems = problems
        listed = "; ".join(f"{name}: {why}" for name, why in sorted(problems.items()))
        super().__init__(f"deck {deck!r} cannot be played: {listed}")


def _split_type_line(type_line: str | None) -> tuple[list[str], list[str], list[str]]:
    left, _, right = (type_line or "").partition("—")
    words = left.split()
    supertypes = [w for w in words if w in _SUPERTYPES]
    types = [w for w in words if w not in _SUPERTYPES]
    return supertypes, types, right.split()


def _atomic_record(card: Card, face: Face, *, multi: bool) -> dict[str, Any]:
    """The MTGJSON atomic-card shape phase's face builder reads, computed from the store's card."""
    supertypes, types, subtypes = _split_type_line(face.type_line)
    colors = colors_of_cost(face.mana_cost)
    if not colors and face is not card.faces[0]:
        colors = list(card.colors or card.color_identity)  # a back face is coloured by its indicator
    record: dict[str, Any] = {
        "name": card.name if multi else face.name,
        "manaCost": face.mana_cost,
        "manaValue": float(card.mana_value if card.mana_value is not None else mana_value(face.mana_cost)),
        "colors": colors,
        "colorIdentity": list(card.color_identity),
        "type": face.type_line or "",
        "types": types,
        "subtypes": subtypes,
        "supertypes": supertypes,
        "keywords": [] if multi else list(card.keywords),
        "text": face.oracle_text or "",
        "power": face.power,
        "toughness": face.toughness,
        "loyalty": face.loyalty,
        "defense": face.defense,
        "layout": card.layout,
        "identifiers": {},
    }
    if multi:
        record["faceName"] = face.name
        record["side"] = "ab"[min(card.faces.index(face), 1)]
    return record


def card_faces(card: Card) -> list[dict[str, Any]]:
    """phase ``CardFace`` dicts for one card: one for a single-faced card, one per face otherwise."""
    import phase

    # phase links a card's faces by this id (its export path groups faces by oracle id): without it a
    # transforming card never finds its back face. The bundled snapshot's synthetic ids link just as well.
    oracle_id = card.oracle_id
    if card.layout in MULTI_FACE_LAYOUTS and len(card.faces) > 1:
        built = []
        for index, face in enumerate(card.faces[:2]):
            entry = dict(phase.build_oracle_face_multi(_atomic_record(card, face, multi=True), oracle_id))
            entry["layout"] = card.layout
            entry["face_index"] = index
            built.append(entry)
        return built
    return [phase.build_oracle_face(_atomic_record(card, card.faces[0], multi=False), oracle_id)]


def play_name(card: Card) -> str:
    """The name the engine knows a card by in a deck: its front face."""
    return card.faces[0].name if card.layout in MULTI_FACE_LAYOUTS and len(card.faces) > 1 else card.name


def face_problems(face: dict[str, Any]) -> list[str]:
    """What phase could not implement on a face: ``Unimplemented`` effects and parse warnings."""
    problems = [_warning_text(w) for w in face.get("parse_warnings") or []]
    if not face.get("oracle_text") and not _is_vanilla(face):
        problems.append("no rules text in the card store")

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") == "Unimplemented":
                problems.append(f"unimplemented: {node.get('description') or node.get('name')}")
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(face)
    return problems


def _warning_text(warning: Any) -> str:
    if isinstance(warning, dict):
        gap = (warning.get("gap") or {}).get("kind") or warning.get("type") or "parse warning"
        return f"{gap}: {warning.get('description') or ''}".strip(": ")
    return str(warning)


def _is_vanilla(face: dict[str, Any]) -> bool:
    """A face that needs no text: a creature with a body, or a basic land (its mana ability is implied)."""
    types = (face.get("card_type") or {}).get("core_types") or []
    return "Creature" in types or "Land" in types


@dataclass(frozen=True)
class CardData:
    """The faces of every card in play, keyed as phase's ``card-data.json`` is (lower-cased face name)."""

    faces: dict[str, dict[str, Any]]

    def to_json(self) -> str:
        return json.dumps(self.faces, ensure_ascii=False, separators=(",", ":"), sort_keys=True)

    def engine(self):
        """A phase ``Engine`` holding exactly these cards."""
        import phase

        return phase.Engine.from_json(self.to_json())


def build_card_data(cards: Iterable[Card]) -> tuple[CardData, dict[str, str]]:
    """Faces for ``cards`` and the problems found (card name -> why it cannot be played)."""
    faces: dict[str, dict[str, Any]] = {}
    problems: dict[str, str] = {}
    for card in {c.oracle_id: c for c in cards}.values():
        try:
            built = card_faces(card)
        except Exception as error:  # phase raises plain ValueError/TypeError for records it cannot read
            problems[card.name] = f"the engine cannot read it ({error})"
            continue
        found = [p for face in built for p in face_problems(face)]
        halves = [m for m in card.missing if m.startswith("rules text")]
        if halves:  # (not "no rules text in the card store", which had sent people looking for a missing card)
            found = [f"the card store lacks the {'; '.join(halves)}: the bundled card data keeps only the first half "
                     "of split, adventure and modal double-faced cards (`grimoire data update` loads Scryfall's "
                     "data, which has both)",
                     *[p for p in found if p != "no rules text in the card store"]]
        if found:
            problems[card.name] = "; ".join(dict.fromkeys(found))
        for face in built:
            faces.setdefault(str(face["name"]).lower(), face)
    return CardData(faces), problems

