from __future__ import annotations

import pytest

import grimoire
from grimoire.cards.names import CardNotFoundError, NameIndex, Renown, fold

NAMES = ["Lightning Bolt", "Lim-Dûl the Necromancer", "Fire // Ice", "Delver of Secrets // Insectile Aberration",
         "Æther Vial", "Lightning Helix", "Chain Lightning"]
FACES = [["Lightning Bolt"], ["Lim-Dûl the Necromancer"], ["Fire", "Ice"],
         ["Delver of Secrets", "Insectile Aberration"], ["Æther Vial"], ["Lightning Helix"], ["Chain Lightning"]]


@pytest.fixture
def index() -> NameIndex:
    return NameIndex(NAMES, FACES)


def test_fold_ignores_case_accents_quotes_and_spacing():
    assert fold("  LIM-DÛL  the Necromancer ") == "lim-dul the necromancer"
    assert fold("Urza’s Saga") == fold("Urza's Saga")
    assert fold("Æther Vial") == "aether vial"
    # characters that show as nothing, pasted in: a zero-width space, bidirectional marks, a byte-order mark
    assert fold("Sol\u200b Ring") == fold("\u202eSol Ring\u200f") == fold("\ufeffSol Ring") == "sol ring"


def test_lookup_order_exact_folded_face(index):
    assert index.lookup("Lightning Bolt") == 0
    assert index.lookup("lim-dul the necromancer") == 1
    assert index.lookup("aether vial") == 4
    assert index.lookup("ice") == 2
    assert index.lookup("delver of secrets") == 3


def test_confident_fuzzy_match_is_taken(index):
    assert index.lookup("Lightnig Bolt") == 0


def test_unknown_name_raises_with_closest_suggestions(index):
    with pytest.raises(CardNotFoundError) as caught:
        index.lookup("Lightning")
    assert caught.value.suggestions[:3] == ["Chain Lightning", "Lightning Bolt", "Lightning Helix"] or \
        set(caught.value.suggestions[:3]) == {"Chain Lightning", "Lightning Bolt", "Lightning Helix"}
    assert "Did you mean" in str(caught.value)


def test_no_fuzzy_when_asked(index):
    with pytest.raises(CardNotFoundError):
        index.lookup("Lightnig Bolt", fuzzy=False)
    assert index.find("Lightnig Bolt") is None


def test_a_match_says_whether_the_name_was_exact_or_corrected(index):
    exact = index.match("fire")
    assert (exact.row, exact.name, exact.exact, exact.correction) == (2, "Fire // Ice", True, None)
    corrected = index.match("Lightnig Bolt")
    assert corrected.name == "Lightning Bolt" and not corrected.exact
    assert corrected.correction == "no card is named 'Lightnig Bolt'; showing the closest match, Lightning Bolt"
    assert "Lightning Bolt" not in corrected.suggestions
    with pytest.raises(CardNotFoundError):
        index.match("Lightnig Bolt", fuzzy=False)


def test_the_store_lookup_returns_the_card_and_how_it_was_found():
    import grimoire

    found = grimoire.open().lookup("lightnig bolt")
    assert found.card.name == "Lightning Bolt" and not found.exact and found.correction.endswith("Lightning Bolt")


def test_a_name_without_its_punctuation_is_found_exactly_unless_two_cards_share_it():
    index = NameIndex(["Urza's Saga", "Kiki-Jiki, Mirror Breaker", "Kaboom!", "Ach! Hans, Run!", "Ach Hans Run"],
                      [["Urza's Saga"], ["Kiki-Jiki, Mirror Breaker"], ["Kaboom!"], ["Ach! Hans, Run!"],
                       ["Ach Hans Run"]])
    assert index.find("urzas saga") == 0 and index.find("kiki jiki mirror breaker") == 1 and index.find("kaboom") == 2
    assert index.match("urzas saga").exact
    assert index.find("Ach Hans Run") == 4  # its own exact name first
    assert index.find("ach hans, run") is None  # bare "ach hans run" is both cards: not a guess


def test_may_begin_passes_the_first_word_of_every_name_it_finds(home):
    """The reader skips the name lookups of a span whose first word begins no name: that must never skip one
    that :meth:`find` would match, however it is typed (case, accents, punctuation, hyphens as spaces)."""
    db = grimoire.open()
    names = db.names
    for name in db.columns.name.tolist():
        for typed in (name, name.lower(), name.upper(), fold(name).replace("-", " ").replace(",", "")):
            if names.find(typed) is not None:
                assert names.may_begin(typed.split()[0]), typed
    assert names.may_begin("kiki-jiki,") and names.may_begin("THASSA'S") and names.may_begin("Lim-Dûl’s")
    assert not names.may_begin("whenever") and not names.may_begin("zzqx")
    assert names.may_begin("...")  # nothing left once bare: the lookups are not skipped


def test_a_number_typed_as_digits_finds_the_name_that_spells_it():
    index = NameIndex(["Wrenn and Six", "+2 Mace"], [["Wrenn and Six"], ["+2 Mace"]])
    assert index.find("wrenn and 6") == 0 and index.find("Wrenn and Six") == 0
    assert index.find("+2 mace") == 1 and index.find("wrenn and 7") is None


def test_a_split_card_written_with_one_slash_is_found():
    index = NameIndex(["Fire // Ice"], [["Fire", "Ice"]])
    assert index.find("Fire/Ice") == 0 and index.find("fire / ice") == 0 and index.find("Fire/Water") is None


def test_nicknames_and_names_without_their_article():
    index = NameIndex(["Swords to Plowshares", "The Great Henge", "Tithe", "Smothering Tithe"],
                      [["Swords to Plowshares"], ["The Great Henge"], ["Tithe"], ["Smothering Tithe"]])
    assert index.nickname("STP") == 0 and index.nickname("great henge") == 1
    assert index.nickname("tithe") is None  # a card's own name is never a nickname
    found = index.match("stp")
    assert (found.name, found.exact, found.nickname) == ("Swords to Plowshares", False, True)
    assert "as players call it" in found.correction
    assert index.nickname("bob") is None  # Dark Confidant is not in this store


def test_a_name_without_its_possessive():
    names = ["Thassa's Oracle", "Urza's Saga", "Urza Saga", "Hero's Downfall", "Heros Downfall", "Kodama's Reach",
             "Kodamas' Reach"]
    index = NameIndex(names, [[name] for name in names])
    assert index.nickname("thassa oracle") == 0 and index.match("Thassa Oracle").name == "Thassa's Oracle"
    assert index.nickname("urza saga") is None and index.find("urza saga") == 2  # a card's own name wins
    assert index.nickname("kodama reach") == 5  # "kodamas reach" is two cards' bare name: not this one's
    assert index.nickname("hero downfall") == 3 and index.nickname("heros downfall") is None  # (a name of its own)
    assert index.may_begin_nickname("Thassa") == 2 and index.may_begin_nickname("oracle") == 0


def test_a_word_that_names_no_card_suggests_the_cards_named_by_it_first():
    # fuzzy likeness alone had offered "Jace's Ruse" and "Ugin's Nexus" for "jace" and "ugin", no planeswalker of
    # theirs, and no Black Lotus for "lotus"
    names = ["Ugin's Nexus", "Ugin's Binding", "Ugin's Insight", "Ugin's Mastery", "Ugin's Conjurant", "Eye of Ugin",
             "Ugin, the Spirit Dragon", "Lotus Cobra", "Lotus Bloom", "Lotus Field", "Lotus Petal", "Lotus Vale",
             "Black Lotus", "Blacker Lotus", "Jace's Ruse", "Jace Beleren", "Jace, the Mind Sculptor",
             "Jace, Vryn's Prodigy // Jace, Telepath Unbound"]
    legendary = [name.startswith(("Ugin,", "Jace ", "Jace,")) for name in names]
    renown = Renown(legendary, [name == "Blacker Lotus" for name in names], [0] * len(names))
    index = NameIndex(names, [name.split(" // ") for name in names], renown=lambda: renown)

    def suggested(word: str) -> list[str]:
        with pytest.raises(CardNotFoundError) as caught:
            index.match(word)
        return caught.value.suggestions

    assert suggested("ugin")[:2] == ["Ugin, the Spirit Dragon", "Eye of Ugin"]
    assert suggested("lotus")[0] == "Black Lotus" and "Blacker Lotus" not in suggested("lotus")  # an Un-card last
    # the nicknamed Jace ("jtms") first, then the other legendary Jaces; no "Jace's Ruse" while they fill the list
    assert suggested("jace")[:3] == ["Jace, the Mind Sculptor", "Jace Beleren",
                                     "Jace, Vryn's Prodigy // Jace, Telepath Unbound"]
    # where the data ranks cards by play (EDHREC), the most played comes first
    ranked = Renown(legendary, renown.funny, [5 if name == "Lotus Petal" else 0 for name in names])
    assert NameIndex(names, [[name] for name in names], renown=lambda: ranked).holding_word("lotus")[0] == 10


@pytest.mark.parametrize(("typed", "name"), [("jace", "Jace, the Mind Sculptor"), ("ugin", "Ugin, the Spirit Dragon"),
                                              ("lotus", "Black Lotus")])  # ("oko" is a nickname now)
def test_the_best_known_card_of_a_word_is_among_its_suggestions(typed, name):
    with pytest.raises(CardNotFoundError) as caught:
        grimoire.open().names.match(typed)
    assert name in caught.value.suggestions


@pytest.mark.parametrize(("typed", "name"), [("w6", "Wrenn and Six"), ("t3feri", "Teferi, Time Raveler"),
                                              ("kci", "Krark-Clan Ironworks"), ("top", "Sensei's Divining Top")])
def test_more_nicknames_players_use(typed, name):
    assert grimoire.open().lookup(typed).card.name == name
