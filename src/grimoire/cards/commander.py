"""Commander rules data shipped in the repo: the banned list and the Game Changers list.

Used where a source carries no legality or Game Changer flag (the bundled snapshot).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from grimoire.cards.names import fold


@dataclass(frozen=True)
class CardList:
    """A named list of card names with the date it describes and where it comes from."""

    names: frozenset[str]  # folded names
    as_of: str
    source: str
    banned_types: frozenset[str] = frozenset()
    banned_text: tuple[str, ...] = ()

    def __contains__(self, name: str) -> bool:
        return fold(name) in self.names

    def has_any(self, names: list[str]) -> bool:
        return any(name in self for name in names)


def _read(file_name: str) -> dict:
    return json.loads(resources.files("grimoire.data").joinpath(file_name).read_text(encoding="utf-8"))


@cache
def banned_list() -> CardList:
    data = _read("commander_banned.json")
    return CardList(
        names=frozenset(fold(n) for n in data["banned"]),
        as_of=data["as_of"],
        source=data["source"],
        banned_types=frozenset(data.get("banned_types", ())),
        banned_text=tuple(data.get("banned_text", ())),
    )


@cache
def game_changers() -> CardList:
    data = _read("game_changers.json")
    return CardList(names=frozenset(fold(n) for n in data["cards"]), as_of=data["as_of"], source=data["source"])


def commander_legality(names: list[str], types: tuple[str, ...], oracle_text: str, *, playable: bool) -> str:
    """Commander legality from the shipped banned list; ``names`` are the card's name and face names.

    ``playable`` is False for cards that are not legal in any paper format (funny or digital-only).
    """
    banned = banned_list()
    if banned.has_any(names) or set(types) & banned.banned_types:
        return "banned"
    if any(phrase in oracle_text.lower() for phrase in banned.banned_text):
        return "banned"
    return "legal" if playable else "not_legal"


# Grist, the Hunger Tide: a legendary card that is a creature everywhere but the battlefield (rule 903.3 reads its
# characteristics in the command zone)
_CREATURE_OFF_THE_BATTLEFIELD = re.compile(r"isn't on the battlefield, it's a [^.]*creature")


def can_lead(front_type_line: str, oracle_text: str) -> bool:
    """Whether a card can be a Commander deck's commander on its own (rule 903.3): a legendary creature by its front
    face, a card whose text says it can be your commander, or a legendary card that is a creature off the
    battlefield. A Background leads only beside a commander that chooses one (see :func:`is_background`)."""
    front, text = front_type_line.lower(), oracle_text.lower()
    if "can be your commander" in text:
        return True
    return "legendary" in front and ("creature" in front or bool(_CREATURE_OFF_THE_BATTLEFIELD.search(text)))


def is_background(front_type_line: str) -> bool:
    """A legendary Background enchantment: the second commander a 'Choose a Background' commander may have."""
    types, _, subtypes = front_type_line.lower().partition("—")
    return "legendary" in types and "background" in subtypes.split()
