"""A small hand-made card store that exercises every part of the query language."""

from __future__ import annotations

import pytest

from grimoire.cards.model import Card, Face
from grimoire.cards.store import CardDB, write_store

ALL_FORMATS_LEGAL = {"commander": "legal", "modern": "legal", "vintage": "legal", "legacy": "legal"}


def card(name, cost, type_line, text="", *, pt=None, loyalty=None, colors=None, identity=None, keywords=(),
         layout="normal", faces=None, mv=None, legal=None, funny=False, gc=False, rarity="common",
         released="2020-01-01", produced=None) -> Card:
    from grimoire.cards.mana import colors_of_cost, mana_value

    power, toughness = pt.split("/") if pt else (None, None)
    faces = faces or (Face(name, cost, type_line, text or None, power, toughness, loyalty),)
    head = type_line.split(" // ")[0]
    left, _, right = head.partition(" — ")
    supertypes = tuple(w for w in left.split() if w in ("Legendary", "Basic", "Snow"))
    types = tuple(w for w in left.split() if w not in supertypes)
    cost_colors = tuple(colors_of_cost(cost)) if colors is None else tuple(colors)
    return Card(
        oracle_id=f"00000000-0000-0000-0000-{abs(hash(name)) % 10**12:012d}", name=name, faces=faces,
        layout=layout, source="test", mana_value=mana_value(cost) if mv is None else mv, colors=cost_colors,
        color_identity=tuple(identity if identity is not None else cost_colors), supertypes=supertypes,
        types=types, subtypes=tuple(right.split()), keywords=tuple(keywords), produced_mana=tuple(produced or ()),
        legalities=legal if legal is not None else dict(ALL_FORMATS_LEGAL), is_funny=funny, game_changer=gc,
        reserved=False, rarity=rarity, released_at=released,
    )


CARDS = [
    card("Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.", released="1993-08-05"),
    card("Counterspell", "{U}{U}", "Instant", "Counter target spell.", rarity="uncommon",
         legal={"commander": "legal", "modern": "not_legal", "vintage": "legal", "legacy": "legal"}),
    card("Llanowar Elves", "{G}", "Creature — Elf Druid", "{T}: Add {G}.", pt="1/1", produced=("G",)),
    card("Sol Ring", "{1}", "Artifact", "{T}: Add {C}{C}.", produced=("C",), rarity="uncommon",
         legal={"commander": "legal", "modern": "not_legal", "vintage": "restricted", "legacy": "banned"}),
    card("Wrath of God", "{2}{W}{W}", "Sorcery", "Destroy all creatures. They can't be regenerated.", rarity="rare"),
    card("Serra Angel", "{3}{W}{W}", "Creature — Angel", "Flying, vigilance", pt="4/4",
         keywords=("Flying", "Vigilance"), rarity="uncommon"),
    card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", pt="2/2"),
    card("Shivan Dragon", "{4}{R}{R}", "Creature — Dragon",
         "Flying\n{R}: Shivan Dragon gets +1/+0 until end of turn.", pt="5/5", keywords=("Flying",), rarity="rare"),
    card("Fire // Ice", "{1}{R} // {1}{U}", "Instant // Instant", layout="split", mv=4, colors=("U", "R"),
         faces=(Face("Fire", "{1}{R}", "Instant", "Fire deals 2 damage divided as you choose among one or two "
                                                  "targets."),
                Face("Ice", "{1}{U}", "Instant", "Tap target permanent.\nDraw a card."))),
    card("Delver of Secrets // Insectile Aberration", "{U}", "Creature — Human Wizard // Creature — Human Insect",
         layout="transform", mv=1, keywords=("Flying", "Transform"),
         faces=(Face("Delver of Secrets", "{U}", "Creature — Human Wizard",
                     "At the beginning of your upkeep, look at the top card of your library.", "1", "1"),
                Face("Insectile Aberration", None, "Creature — Human Insect", "Flying", "3", "2"))),
    card("Jace, the Mind Sculptor", "{2}{U}{U}", "Legendary Planeswalker — Jace",
         "+2: Look at the top card of target player's library.", loyalty="3", rarity="mythic"),
    card("Atraxa, Praetors' Voice", "{G}{W}{U}{B}", "Legendary Creature — Phyrexian Angel Horror",
         "Flying, vigilance, deathtouch, lifelink\nAt the beginning of your end step, proliferate.", pt="4/4",
         keywords=("Flying", "Vigilance", "Deathtouch", "Lifelink", "Proliferate"), rarity="mythic"),
    card("Thrasios, Triton Hero", "{G}{U}", "Legendary Creature — Merfolk Wizard",
         "{4}: Scry 1, then reveal the top card of your library.\nPartner", pt="1/3", keywords=("Partner",)),
    card("Demonic Tutor", "{1}{B}", "Sorcery",
         "Search your library for a card, put that card into your hand, then shuffle.", gc=True),
    card("Mana Crypt", "{0}", "Artifact", "{T}: Add {C}{C}.", produced=("C",), rarity="mythic",
         legal={"commander": "banned", "modern": "not_legal", "vintage": "restricted", "legacy": "legal"}),
    card("Blacker Lotus", "{0}", "Artifact", "Tear Blacker Lotus into pieces. Add four mana of any one color.",
         funny=True, legal={"commander": "not_legal", "modern": "not_legal", "vintage": "not_legal",
                            "legacy": "not_legal"}),
    card("Command Tower", "", "Land", "{T}: Add one mana of any color in your commander's color identity.",
         produced=tuple("WUBRG")),
    card("Hallowed Fountain", "", "Land — Plains Island", "({T}: Add {W} or {U}.)", identity=("W", "U"),
         produced=("W", "U"), rarity="rare"),
    card("Goblin Guide", "{R}", "Creature — Goblin Scout", "Haste", pt="2/1", keywords=("Haste",), rarity="rare"),
    card("Birds of Paradise", "{G}", "Creature — Bird", "Flying\n{T}: Add one mana of any color.", pt="0/1",
         keywords=("Flying",), produced=tuple("WUBRG"), rarity="rare"),
    card("Tarmogoyf", "{1}{G}", "Creature — Lhurgoyf", "Tarmogoyf's power is equal to the number of card types "
         "among cards in all graveyards.", pt="*/1+*", rarity="mythic"),
    card("Swords to Plowshares", "{W}", "Instant", "Exile target creature. Its controller gains life equal to its "
         "power.", rarity="uncommon"),
    card("Emeria's Call // Emeria, Shattered Skyclave", "{4}{W}{W}{W}", "Sorcery // Land", layout="modal_dfc",
         faces=(Face("Emeria's Call", "{4}{W}{W}{W}", "Sorcery", "Create two 4/4 white Angel Warrior creature "
                     "tokens with flying."),
                Face("Emeria, Shattered Skyclave", None, "Land", "{T}: Add {W}."))),
    card("Boros Charm", "{R}{W}", "Instant", "Choose one —\n• Boros Charm deals 4 damage to each opponent.\n"
         "• Permanents you control gain indestructible until end of turn.", rarity="uncommon"),
    card("Kird Ape", "{R}", "Creature — Ape", "Kird Ape gets +1/+2 as long as you control a Forest.", pt="1/1"),
    card("Reaper King", "{2/W}{2/U}{2/B}{2/R}{2/G}", "Legendary Artifact Creature — Scarecrow",
         "Other Scarecrow creatures you control get +1/+1.", pt="6/6", rarity="rare"),
]


@pytest.fixture(scope="session")
def small_db(tmp_path_factory) -> CardDB:
    folder = tmp_path_factory.mktemp("small-store")
    write_store(folder, CARDS, {"source": "test"})
    return CardDB(folder)


@pytest.fixture(scope="session")
def engine(small_db):
    from grimoire.search.engine import SearchEngine

    return SearchEngine(small_db)
