"""Mana costs: mana value and colours computed from a cost string such as ``{2}{W/U}{W/U}``.

Used by loaders whose source lacks those fields (the bundled snapshot) and by tests.
"""

from __future__ import annotations

import re

COLOR_ORDER = "WUBRG"
_SYMBOL = re.compile(r"\{([^}]*)\}")


def symbols(mana_cost: str | None) -> list[str]:
    """The symbols of a cost, without braces: ``{2}{W/P}`` -> ``["2", "W/P"]``."""
    return _SYMBOL.findall(mana_cost or "")


def _symbol_value(symbol: str) -> float:
    s = symbol.upper()
    if s.isdecimal():
        return float(s)
    if s in ("X", "Y", "Z"):
        return 0.0
    if s == "½" or (s.startswith("H") and len(s) == 2):
        return 0.5
    if "/" in s:
        # Hybrid: {2/W} counts as 2, {W/U} and {W/P} as 1.
        return max(_symbol_value(part) if part.isdecimal() else 1.0 for part in s.split("/") if part != "P")
    return 1.0


def mana_value(mana_cost: str | None) -> float:
    """Mana value of one cost (rule 202.3): X is 0, hybrid counts its largest half."""
    return sum(_symbol_value(s) for s in symbols(mana_cost))


def colors_of_cost(mana_cost: str | None) -> list[str]:
    """The colours whose symbols appear in a cost, in WUBRG order."""
    found = {c for s in symbols(mana_cost) for c in s.upper() if c in COLOR_ORDER}
    return sort_colors(found)


def color_bits(letters) -> int:
    """Colour letters (``W``, ``U``, ...; others ignored, each once) as a bitmask: W=1, U=2, B=4, R=8, G=16, the
    store's colour columns."""
    return sum(1 << COLOR_ORDER.index(c) for c in set(letters) if c in COLOR_ORDER)


def color_letters(mask: int) -> list[str]:
    """The colour letters of a :func:`color_bits` mask, in WUBRG order."""
    return [c for i, c in enumerate(COLOR_ORDER) if mask & (1 << i)]


def sort_colors(colors) -> list[str]:
    """Colour letters in WUBRG order, each once."""
    present = set(colors)
    return [c for c in COLOR_ORDER if c in present]
