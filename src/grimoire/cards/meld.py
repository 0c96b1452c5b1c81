"""Meld pairs (CR 712): the melded permanent each pair of meld cards becomes, read from the pair's rules text.

A meld result is printed on the backs of its two parts, so it is never a card in a deck; every source keeps it as a
card of its own (Scryfall's oracle_cards, MTGJSON, the bundled snapshot) so that it can be searched.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from grimoire.cards.model import Card

# The meld ability ends "exile them, then meld them into Brisela, Voice of Nightmares." and the other part's reminder
# text reads "(Melds with Gisela, the Broken Blade.)", as on every meld pair since Eldritch Moon. The bundled snapshot
# keeps no other trace of the pairs (its meld parts lose their " // <result>" half), so the text is what every store
# holds alike.
_MELDS_INTO = re.compile(r"\bmeld them into (.+?)\.(?=\s|$)")
_MELDS_WITH = re.compile(r"\(Melds with (.+?)\.\)")


def meld_results(cards: Iterable[Card]) -> dict[str, tuple[str, str]]:
    """Each meld result's name with the names of the two cards that meld into it, in alphabetical order: the part
    whose meld ability names the result, and the part whose reminder text names that one."""
    into: dict[str, str] = {}  # the part with the meld ability -> the result
    partner: dict[str, str] = {}  # a part named in another's "(Melds with ...)" -> that other part
    for card in cards:
        if card.layout != "meld":
            continue
        if found := _MELDS_INTO.search(card.oracle_text):
            into[card.name] = found.group(1)
        if found := _MELDS_WITH.search(card.oracle_text):
            partner[found.group(1)] = card.name
    return {result: tuple(sorted((part, partner[part]))) for part, result in into.items() if part in partner}
