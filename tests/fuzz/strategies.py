"""Hypothesis strategies for what careless and hostile users send: decklists built from real card names,
typos, quantities of every size and sign, exporter markers, headers and odd line breaks."""

from __future__ import annotations

from hypothesis import strategies as st

import grimoire

# A fixed sample of real names from the bundled snapshot: long ones, double-faced ones, accents, commas.
_NAMES = sorted(grimoire.open().columns.values("name"))[::97]
SEPARATORS = ["\x0c", "\u2028", "\u2029", "\x85", "\x0b", "\x1c", "\x1d", "\x1e", "\r", "\t", "\u00a0", "\ufeff"]
HEADERS = ["Commander", "Deck", "Sideboard", "Companion", "Maybeboard", "// Commander", "SIDEBOARD:",
           "Mainboard (60)", "About", "Name My Deck", "# tag", "// comment"]

real_names = st.sampled_from(_NAMES)


@st.composite
def typo(draw, name: str) -> str:
    """``name`` with a letter dropped, doubled or swapped, or its case changed."""
    if len(name) < 2:
        return name
    position = draw(st.integers(0, len(name) - 1))
    change = draw(st.sampled_from(["drop", "double", "swap", "upper", "lower", "front"]))
    if change == "drop":
        return name[:position] + name[position + 1:]
    if change == "double":
        return name[:position] + name[position] + name[position:]
    if change == "swap" and position < len(name) - 1:
        return name[:position] + name[position + 1] + name[position] + name[position + 2:]
    if change == "front":
        return name.split(" // ")[0] + "/" + name.split(" // ")[-1]
    return name.upper() if change == "upper" else name.lower()


card_names = st.one_of(real_names, real_names.flatmap(typo), st.text(min_size=0, max_size=40))
quantities = st.one_of(
    st.integers(-5, 1200).map(str),
    st.one_of(st.integers(1, 5000), st.sampled_from([308, 309, 400, 4299, 4300, 5000])).map(
        lambda zeros: "1" + "0" * zeros),
    st.sampled_from(["", "x", "4x", "4 x", "+2", "\u22123", "0", "00", "\u0663", "\U0001d7d2", "1.5", "-0", "1e3"]),
)
suffixes = st.sampled_from(["", " (CMR) 472", " [2X2]", " *F*", " #Ramp", " ^Have,#37d67a^", " (SLD) 1★"])
separator_noise = st.sampled_from(SEPARATORS)


@st.composite
def card_line(draw) -> str:
    line = f"{draw(quantities)} {draw(card_names)}{draw(suffixes)}"
    if draw(st.booleans()):
        position = draw(st.integers(0, len(line)))
        line = line[:position] + draw(separator_noise) + line[position:]
    if draw(st.integers(0, 20)) == 0:
        line = draw(st.sampled_from(["SB: ", "sb:"])) + line
    return line


lines = st.one_of(card_line(), card_line(), card_line(), st.sampled_from(HEADERS), st.just(""),
                  st.text(max_size=60), st.integers(501, 20_000).map(lambda n: "1 " + "x" * n))
decklists = st.lists(lines, max_size=14).map("\n".join)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12)


@st.composite
def mtgjson_decks(draw):
    """MTGJSON deck files, well formed or not: real sections with entries of any shape."""
    entry = st.one_of(
        st.fixed_dictionaries({"name": card_names, "count": st.one_of(st.integers(-3, 10**6), json_values)},
                              optional={"identifiers": json_values}),
        json_values)
    sections = st.dictionaries(st.sampled_from(["commander", "mainBoard", "sideBoard", "name"]),
                               st.one_of(st.lists(entry, max_size=6), json_values), min_size=1, max_size=4)
    return draw(st.one_of(st.fixed_dictionaries({"data": sections}), sections, json_values))
