"""Typos in request words: "removel" is read as "removal", "counterspels" as "counterspell", "reanimaton" as
"reanimation".

A bare word of five letters or more that no vocabulary here knows (everyday English, as the bundled tokenizer's
whole words and pyspellchecker's English word list; the cards' text, names and type lines; the function tags'
names and phrasings; the slang and the land nicknames the search reads; players' deck-building words such as
"precon"; or one of those inflected) is read as the nearest word of the Magic vocabulary (the cards' words and
the phrasings): one edit away (a letter added, dropped, changed, or two neighbours swapped), two for words of
eight letters or more. Among words equally near, the one the tags' phrasings use most wins, then the one the
cards use most: the way spell checkers pick (edit distance, then how common the word is), written from that
method and the game's words, not from any query set. Corrections go only into the game's own words, never to an
English word no card uses ("removel" is not "remodel").
"""

from __future__ import annotations

import functools
import re
from collections import Counter

from rapidfuzz import process
from rapidfuzz.distance import OSA

from grimoire.cards.store import CardDB

MIN_LENGTH = 5  # shorter words are too often slang, codes or names to guess at ("bord", "stax", "cmc")
LONG_WORD = 8  # from this length a word may be two edits away
SWAP_LENGTH = 4  # a word this long is read only when two swapped letters make a word of the phrasings ("drwa")
# Colour words typed short of a letter or two ("tutors in blak", "mono whit"): below MIN_LENGTH, but colours are
# what most requests filter by, so these few are read as the colour
SHORT_TYPOS = {"blak": "black", "blck": "black", "blk": "black", "blu": "blue", "bleu": "blue", "gren": "green",
               "grn": "green", "whte": "white", "wite": "white", "whit": "white", "wht": "white",
               # and spellings of English words or of words whose plural the speller takes for a known form, which it
               # leaves alone: British "artefact", "plainswalker" (the Plains), "sorcerys", "cheaps"
               "artefact": "artifact", "artefacts": "artifacts", "plainswalker": "planeswalker",
               "plainswalkers": "planeswalkers", "sorcerys": "sorceries", "cheaps": "cheap",
               # chat spellings ("xtra combats", "mana rox", "card drw", "3 dmg"), and "cheep", a word no card uses
               "xtra": "extra", "rox": "rocks", "drw": "draw", "dmg": "damage", "tokn": "token", "tokns": "tokens",
               "cheep": "cheap", "drow": "draw"}  # (no card or creature type is a drow: "drow cards" had ranked bestow)
MAX_LOOKUPS = 12  # words looked up per query: a long query of unknown words costs a bounded time
_WORD = re.compile(r"[a-z]+")
_CHUNK = 2000  # cards whose words are counted at once: about half the time of one card at a time
# Players' deck-building words no card, phrasing or everyday English word spells (a precon is no "recon")
PLAYER_WORDS = frozenset(
    "precon precons decklist decklists playgroup playgroups pod pods metagame meta sideboard mainboard maindeck "
    "mulligan mulligans netdeck netdecks brew brews brewing jank janky goodstuff midrange aggro cedh edh pedh "
    "hatebear hatebears staple staples playable playables manabase wincon wincons topdeck topdecks cantrip "
    "cantrips lifelinker lifelinkers deathtoucher deathtouchers chump chumps upgrade upgrades swap swaps "
    "commander commanders archidekt moxfield edhrec scryfall tagger lifedrain lifedrains "
    # other card games' words, read as Magic's by the slang ("battlecry" is no "battery")
    "battlecry deathrattle deathrattles lifesteal hearthstone yugioh "
    # contractions typed without their apostrophe ("removal that doesnt target" once read "doesnt" as "doesn")
    "doesnt didnt dont cant wont isnt arent wasnt werent wouldnt shouldnt couldnt havent hasnt hadnt youre theyre "
    "thats whats theres heres aint".split()
)
_SUFFIXES = ("s", "es", "ies", "ed", "d", "ing", "er", "ers", "est", "y", "ly", "ish")
_ES_AFTER = ("s", "x", "z", "ch", "sh", "o")  # the endings "es" makes a plural or a verb form of ("boxes", "wishes")


@functools.cache
def _english_counts() -> Counter:
    """pyspellchecker's English word list (MIT licence; word frequencies its author counted over the OpenSubtitles
    2018 corpus) with each word's count: loaded once, as loading it is a fifth of a fresh process's first search."""
    from spellchecker import SpellChecker

    return SpellChecker(language="en").word_frequency.dictionary


@functools.cache
def english_words() -> frozenset[str]:
    """Everyday English words ("pluck", "disposable") the tokenizer does not keep whole: the English word list of
    pyspellchecker (:func:`_english_counts`). Only the words of five letters or more are kept: shorter ones are
    never corrected."""
    return frozenset(word for word in _english_counts() if len(word) >= MIN_LENGTH and word.isascii() and
                     word.isalpha())


RARE_COUNT = 100  # pyspellchecker's least counted words, names more than words: "marchesa", "thalia", "liliana"


def is_english(word: str) -> bool:
    """Whether a lower-case ``word`` is one of :func:`english_words`, looked up without building that set."""
    return len(word) >= MIN_LENGTH and word.isascii() and word.isalpha() and word in _english_counts()


def is_rare_english(word: str) -> bool:
    """Whether ``word`` is an English word counted at most :data:`RARE_COUNT` times over pyspellchecker's corpus:
    a commander's name ("Marchesa", "Thalia", "Aurelia") more than anyone's everyday word ("angelic", "rarity" are
    counted more)."""
    return is_english(word) and _english_counts()[word] <= RARE_COUNT


NAME_COUNT = 2000  # a commander's given name where one is expected: "Judith" (294), "Malcolm" (1,018), "Millicent"


def is_uncommon_english(word: str) -> bool:
    """Whether ``word`` is no English word or one counted at most :data:`NAME_COUNT` times: where a commander's name
    is expected ("for my judith deck", "spirits for millicent"), a given name more than an everyday word."""
    return not is_english(word) or _english_counts()[word] <= NAME_COUNT


def _doubles(base: str, suffix: str) -> bool:
    """Whether English doubles the last letter of ``base`` before ``suffix``: a word of three letters, consonant,
    vowel, consonant, before a vowel ("tut": "tutter", so "tuter" is no form of it but a typo of "tutor")."""
    vowels = "aeiou"
    return suffix[0] in "aeiouy" and len(base) == 3 and base[0] not in vowels and base[1] in vowels and \
        base[2] not in vowels + "wxy"


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


class Speller:
    """Corrections over one card store's words (built on the first unknown word, about half a second)."""

    def __init__(self, db: CardDB, also_known: tuple[frozenset[str], ...]):
        """``also_known``: sets of words known beyond the store's and the phrasings' (everyday English, the reader's
        own), looked up in place rather than copied into one (the English list alone holds 120,000 words)."""
        columns = db.columns
        cards: Counter[str] = Counter()
        for texts in (columns.oracle_text, columns.name, columns.type_line):
            texts = list(texts)
            for start in range(0, len(texts), _CHUNK):  # a chunk at a time: no list of every word of every card
                cards.update(_words("\n".join(texts[start:start + _CHUNK])))
        phrasings = Counter(_words("\n".join(phrasing_texts())))
        # a phrasing noun's plural ("tutors"): phrasings name most things once
        phrasings.update({word + "s": count for word, count in phrasings.items()
                          if len(word) >= 5 and not word.endswith("s")})
        reader = frozenset(_words(" ".join(_reader_words())))
        self._known = (*also_known, frozenset(cards), frozenset(phrasings), reader, PLAYER_WORDS)
        # the game's words, each with how often the phrasings then the cards use it (the tie-breakers)
        self._targets = sorted(set(phrasings) | {word for word, count in cards.items() if count >= 2})
        self._rank = {word: (phrasings.get(word, 0), cards.get(word, 0)) for word in self._targets}

    def knows(self, word: str) -> bool:
        """Whether ``word`` is a known word or a known word inflected ("blinkers", "cheapest", "rummagers", "stompy"):
        the tokenizer keeps few inflected forms whole."""
        if self._has(word):
            return True
        for suffix in _SUFFIXES:
            base = word[: -len(suffix)]
            if suffix == "es" and not base.endswith(_ES_AFTER):
                continue  # "whipes" is no plural of "whip" (whips): a typo of "wipes"
            if word.endswith(suffix) and len(base) >= 3 and (
                    self._has(base) and not _doubles(base, suffix) or (suffix[0] in "eiy" and self._has(base + "e"))
                    or (suffix == "ies" and self._has(base + "y"))
                    or (base[-1] == base[-2] and self._has(base[:-1]))):
                return True
        return False

    def _has(self, word: str) -> bool:
        return any(word in known for known in self._known)

    def correct(self, word: str) -> str | None:
        """The word ``word`` was likely meant as, or ``None`` when it is known, too short or nothing is near."""
        if len(word) < MIN_LENGTH or not word.isalpha() or self.knows(word):
            return None
        limit = 2 if len(word) >= LONG_WORD else 1
        found = process.extract(word, self._targets, scorer=OSA.distance, score_cutoff=limit, limit=None)
        if not found:
            return None
        nearest = min(distance for _, distance, _ in found)
        return self._likeliest(candidate for candidate, distance, _ in found if distance == nearest)

    def swapped(self, word: str) -> str | None:
        """A word of four letters that two neighbours swapped would make a word the tags' phrasings use ("drwa":
        draw, "rmap": ramp), when ``word`` is no known word; the likeliest such typo at a length where any other
        edit guesses too much."""
        if len(word) != SWAP_LENGTH or not word.isalpha() or self.knows(word):
            return None
        found = [candidate for candidate in transpositions(word) if self._rank.get(candidate, (0, 0))[0] > 0]
        return self._likeliest(found) if found else None

    def _likeliest(self, candidates) -> str:
        """Of words equally near a typo, the one the phrasings use most, then the cards, then the alphabetically
        last (a stable choice)."""
        return max(candidates, key=lambda candidate: (self._rank[candidate], candidate))


def transpositions(word: str) -> set[str]:
    """``word`` with two neighbouring letters swapped, each way it can be ("blot": lbot, bolt, blto): the commonest
    typo, and the one that leaves an English word English ("blot" for "bolt", "form" for "from")."""
    return {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(len(word) - 1)} - {word}


def phrasing_texts() -> list[str]:
    """Every tag's name in words, description and phrasings: how players ask for the functions."""
    from grimoire.search.tags import TAGS

    return [text for tag in TAGS for text in (tag.name.replace("-", " "), tag.description, *tag.phrasings)]


def _reader_words() -> list[str]:
    """Words the search reads beyond the cards and phrasings: slang, land nicknames, deck archetypes, the words of
    untargeted removal."""
    from grimoire.search import nicknames, ranking, slang

    return [*slang.PATTERNS, *nicknames.IS_NICKNAMES, *nicknames.ALIASES,
            ranking.THEME_ARCHETYPES, ranking.UNTARGETED_WORDS]
