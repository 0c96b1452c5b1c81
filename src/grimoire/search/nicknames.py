"""``is:`` nicknames players use for land cycles (``is:fetchland``, ``is:shockland``...), as rules over rules text.

The names are Scryfall's (scryfall.com/docs/syntax, "Land nicknames"). Each rule reads the text the way
current Oracle wording writes it ("This land enters tapped"); older wording ("~ enters the battlefield
tapped") is normalised first, so a store built from older data answers the same.
"""

from __future__ import annotations

import re

_BASIC = r"(?:plains|island|swamp|mountain|forest)"
_MANA = r"\{[wubrg]\}"
_REMINDER = re.compile(r"\s*\([^()]*\)")
_BASIC_TYPES = ("plains", "island", "swamp", "mountain", "forest")


def _basic_types(type_line: str) -> int:
    _, _, subtypes = type_line.partition("—")
    return sum(1 for word in subtypes.split() if word in _BASIC_TYPES)


def _rule(pattern: str, *, types: int | None = None):
    compiled = re.compile(pattern)

    def matches(type_line: str, text: str) -> bool:
        if not _is_land(type_line):
            return False
        if types is not None and _basic_types(type_line) != types:
            return False
        return compiled.search(text) is not None

    return matches


def _is_land(type_line: str) -> bool:
    """Whether a face of the card is a land: "Land", "Snow Land", "Legendary Land — Cave" (Faceless Haven, a Snow Land,
    had been no creature land)."""
    return any("land" in face.partition("—")[0].split() for face in type_line.split("//"))


def _dual(type_line: str, text: str) -> bool:
    return _is_land(type_line) and _basic_types(type_line) == 2 and not _REMINDER.sub("", text).strip()


# name -> rule over (lower-cased type line, lower-cased normalised rules text with reminder text)
IS_NICKNAMES = {
    "dual": _dual,
    "shockland": _rule(r"you may pay 2 life\. if you don't, it enters tapped", types=2),
    "fetchland": _rule(rf"\{{t\}}, pay 1 life, sacrifice this land: search your library for an? {_BASIC} or "
                       rf"(?:an? )?{_BASIC} card"),
    # the two-colour cycle, not Tarkir's one-colour villages ("... unless you control a Plains or an Island.
    # {T}: Add {R}.")
    "checkland": _rule(rf"enters tapped unless you control an? {_BASIC} or an? {_BASIC}\.\n\{{t\}}: add {_MANA} or "
                       rf"{_MANA}\."),
    "fastland": _rule(r"enters tapped unless you control two or fewer other lands"),
    "slowland": _rule(r"enters tapped unless you control two or more other lands"),
    "painland": _rule(rf"\{{t\}}: add \{{c\}}\.\n\{{t\}}: add {_MANA} or {_MANA}\. this land deals 1 damage to you"),
    "triland": _rule(rf"^this land enters tapped\.\n\{{t\}}: add {_MANA}, {_MANA}, or {_MANA}\.$", types=0),
    "triome": _rule(r"cycling \{3\}", types=3),
    "bikeland": _rule(r"enters tapped\.\ncycling \{2\}", types=2),
    # Ravnica's and later; and Visions's karoos, which return a basic of their colour (Karoo: "sacrifice it unless
    # you return an untapped Plains you control")
    "bounceland": _rule(rf"when this land enters, (?:return a land|sacrifice it unless you return an untapped "
                        rf"{_BASIC}) you control to its owner's hand"),
    "canopyland": _rule(rf"\{{t\}}, pay 1 life: add {_MANA} or {_MANA}\.\n\{{1\}}, \{{t\}}, sacrifice this land: "
                        r"draw a card"),
    "filterland": _rule(rf"\{{([wubrg])/([wubrg])\}}, \{{t\}}: add \{{\1\}}\{{\1\}}, \{{\1\}}\{{\2\}}, or "
                        rf"\{{\2\}}\{{\2\}}|^\{{1\}}, \{{t\}}: add {_MANA}{_MANA}\.$"),
    "gainland": _rule(rf"enters tapped\.\nwhen this land enters, you gain 1 life\.\n\{{t\}}: add {_MANA} or "
                      rf"{_MANA}\."),
    "scryland": _rule(rf"enters tapped\.\nwhen this land enters, scry 1\.(?: \([^)]*\))?\n\{{t\}}: add {_MANA} "
                      rf"or {_MANA}\."),
    "surveilland": _rule(r"enters tapped\.\nwhen this land enters, surveil 1\.", types=2),
    "shadowland": _rule(rf"as this land enters, you may reveal an? {_BASIC} or {_BASIC} card from your hand\. "
                        r"if you don't, this land enters tapped"),
    "tangoland": _rule(r"enters tapped unless you control two or more basic lands", types=2),
    "storageland": _rule(r"storage counter"),
    # (also "have it become a 0/0 Elemental creature", Crawling Barrens; "a 3/3 Elemental artifact creature that's
    # still a land", Stalking Stones; "in addition to its other types", Rising Chicane)
    "creatureland": _rule(r"(?:this land becomes|have it become) an? [^.\n]*creature"),
}
ALIASES = {"battleland": "tangoland", "manland": "creatureland", "karoo": "bounceland", "cycleland": "bikeland",
           "bicycleland": "bikeland", "canland": "canopyland",  # (Scryfall's "Shortcuts and Nicknames" list)
           "snarl": "shadowland", "temple": "scryland", "refuge": "gainland"}
IS_NICKNAMES.update({alias: IS_NICKNAMES[target] for alias, target in ALIASES.items()})


def normalise(name: str, text: str) -> str:
    """Rules text in current Oracle wording: the card's own name as "this land", "enters the battlefield" as
    "enters"."""
    text = text.lower().replace("enters the battlefield", "enters")
    for part in sorted({name.lower(), *name.lower().split(" // ")}, key=len, reverse=True):
        text = text.replace(part, "this land")
    return text
