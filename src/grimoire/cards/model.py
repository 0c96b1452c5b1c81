"""The card model: one record per card at the oracle level, with its faces inside.

Loaders for every source build these records; ``None`` always means "the source does not say".
"""

from __future__ import annotations

from dataclasses import dataclass, field

LEGALITY_VALUES = ("legal", "not_legal", "banned", "restricted")
SYNTHETIC_ID_PREFIX = "syn:"

# Formats Grimoire knows by name; a source may report more.
FORMATS = (
    "commander", "standard", "pioneer", "modern", "legacy", "vintage", "pauper",
    "oathbreaker", "brawl", "standardbrawl", "historic", "timeless", "alchemy", "explorer",
    "penny", "duel", "oldschool", "premodern", "predh", "paupercommander", "future", "gladiator",
)
# Scryfall's shorthand for format names (its blog post "New format keyword shortcuts", scryfall.com/blog)
FORMAT_SHORTCUTS = {"c": "commander", "edh": "commander", "dc": "duel", "french": "duel", "dreadful": "penny",
                    "pd": "penny", "f": "future", "l": "legacy", "m": "modern", "p": "pauper", "s": "standard",
                    "v": "vintage", "2": "standard", "type2": "standard", "t2": "standard", "1": "vintage",
                    "type1": "vintage", "t1": "vintage", "1.5": "legacy", "type1.5": "legacy", "t1.5": "legacy",
                    # Historic Brawl, renamed Brawl in 2023 (Scryfall's key had been historicbrawl; its reference
                    # still names it)
                    "historicbrawl": "brawl"}


def format_named(name: str) -> str:
    """A format's name as Grimoire knows it: lower case, Scryfall's shorthand spelt out ("EDH" is commander)."""
    lowered = name.strip().lower()
    return FORMAT_SHORTCUTS.get(lowered, lowered)


@dataclass(frozen=True)
class Face:
    """One face of a card: a whole normal card, or half of a split, flip, adventure or double-faced card."""

    name: str
    mana_cost: str | None = None
    type_line: str | None = None
    oracle_text: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None


@dataclass(frozen=True)
class Card:
    """A Magic card at the oracle level.

    ``oracle_id`` is Scryfall's oracle id, or a synthetic id starting with ``syn:`` where the
    source has none (see :attr:`has_scryfall_id`). ``legalities`` holds only the formats the source
    knows: a format missing from it is unknown, which is not the same as legal.
    ``missing`` lists what the source lacks for this card (e.g. the text of a split card's second half).
    ``image_url`` is the front's image on Scryfall's CDN (normal size) where the source gives one.
    """

    oracle_id: str
    name: str
    faces: tuple[Face, ...]
    layout: str
    source: str
    mana_value: float | None = None
    colors: tuple[str, ...] | None = None
    color_identity: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    produced_mana: tuple[str, ...] | None = None
    legalities: dict[str, str] = field(default_factory=dict)
    is_funny: bool | None = None
    game_changer: bool | None = None
    reserved: bool | None = None
    rarity: str | None = None
    released_at: str | None = None
    missing: tuple[str, ...] = ()
    image_url: str | None = None
    edhrec_rank: int | None = None

    @property
    def has_scryfall_id(self) -> bool:
        return not self.oracle_id.startswith(SYNTHETIC_ID_PREFIX)

    @property
    def mana_cost(self) -> str | None:
        costs = [f.mana_cost for f in self.faces if f.mana_cost]
        return " // ".join(costs) if costs else None

    @property
    def type_line(self) -> str:
        return " // ".join(f.type_line for f in self.faces if f.type_line)

    @property
    def oracle_text(self) -> str:
        """Rules text of every face, faces separated by a blank line."""
        return "\n\n".join(f.oracle_text for f in self.faces if f.oracle_text)

    def legality(self, format_name: str) -> str | None:
        """``legal``, ``not_legal``, ``banned`` or ``restricted``; ``None`` where the source does not say."""
        return self.legalities.get(format_name.lower())

    def face_names(self) -> list[str]:
        return [f.name for f in self.faces]
