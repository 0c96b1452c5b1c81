"""Card-name lookup: exact, then case- and accent-folded, then face name, then fuzzy with suggestions.

Kept apart from the store so that every source and the deck parser match names the same way.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from grimoire.cards.fuzzy import MAX_QUERY_CHARS, CandidateIndex
from grimoire.cards.nicknames import NICKNAMES

_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "“": '"', "”": '"', "–": "-", "—": "-"})


def fold(name: str) -> str:
    """Case-, accent-, quote- and space-insensitive form of a name: ``"Lim-Dûl’s Vault"`` -> ``"lim-dul's vault"``;
    format characters that show as nothing (zero-width spaces, bidirectional marks, a byte-order mark) are dropped
    (no card name holds one: a pasted "Sol\u200b Ring" had needed a fuzzy match)."""
    if name.isascii():
        return " ".join(name.replace("`", "'").split()).casefold()
    decomposed = unicodedata.normalize("NFKD", name.translate(_QUOTES))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch) and unicodedata.category(ch) != "Cf")
    return " ".join(stripped.split()).casefold().replace("æ", "ae")


_PUNCTUATION = str.maketrans({"'": None, ",": None, ".": None, ":": None, "!": None, "?": None, '"': None, "-": " "})


_POSSESSIVE = re.compile(r"'s\b")
# a number typed as digits where a name spells it ("wrenn and 6", "the 10th doctor" is no card)
_NUMBER_WORDS = dict(zip("0 1 2 3 4 5 6 7 8 9 10 11 12 13".split(), "zero one two three four five six seven eight nine "
                         "ten eleven twelve thirteen".split(), strict=True))


def _bare(folded: str) -> str:
    """A folded name as players often type it: without apostrophes, commas, stops or marks, hyphens as spaces."""
    return " ".join(folded.translate(_PUNCTUATION).split())


def _name_score(query: str, choice: str, **_: object) -> float:
    """Similarity 0-100 of a typed name to a card name.

    Partial matching only against names at least as long as most of the query (so "llanowar elf" does not
    match the card "Ow"), blended with plain similarity to break ties, and a boost for completions of a prefix.
    """
    plain = fuzz.ratio(query, choice)
    if len(choice) < 0.6 * len(query):
        return plain
    score = 0.7 * fuzz.WRatio(query, choice) + 0.3 * plain
    if len(query) >= 3 and choice.startswith(query):
        score = max(score, 85 + 10 * len(query) / len(choice))
    return score


_SHOWN_CHARS = 120


def shown(text: str) -> str:
    """``text`` cut to a length fit to quote back in a message (what a user wrote may be a megabyte)."""
    return text if len(text) <= _SHOWN_CHARS else text[:_SHOWN_CHARS] + f"… ({len(text):,} characters)"


_TITLE = re.compile(r"<title[^>]*>([^<]*)</title>", re.IGNORECASE)
_TITLE_CHARS = 4096  # a page's <title> stands in its head


def page_title(page: str) -> str:
    """The title of an HTML page (one saved or served where a deck or a data page was wanted: an error, sign-in or
    challenge page), unescaped and cut to quote back in a message; "" where its head has none."""
    title = _TITLE.search(page[:_TITLE_CHARS])
    return shown(" ".join(html.unescape(title.group(1)).split())) if title else ""


class CardNotFoundError(LookupError):
    """No card has this name; ``suggestions`` holds the closest names."""

    def __init__(self, query: str, suggestions: Sequence[str]):
        self.query = query
        self.suggestions = list(suggestions)
        hint = (f" Did you mean: {'; '.join(self.suggestions)}?" if self.suggestions
                else " Check the spelling, or search for the card by what it does.")
        super().__init__(f"No card named {shown(query)!r}.{hint}")


@dataclass(frozen=True)
class NameMatch:
    """A name resolved to a row: whether the name was exact (up to case, accents and face names) or a fuzzy
    correction, and the other close names (best first)."""

    query: str
    row: int
    name: str
    exact: bool
    suggestions: tuple[str, ...] = ()
    nickname: bool = False  # what players call the card ("stp"), or its name without "The" ("great henge")
    also: tuple[str, ...] = ()  # other cards the typed words name before a comma, where a face name was exact

    @property
    def correction(self) -> str | None:
        """The note every surface shows for a fuzzy match or a nickname, or for a face name other cards' names begin
        with (``None`` for an exact name that names no other card)."""
        if self.exact:
            return f"{self.query!r} is a face of {self.name}; you may mean {' or '.join(self.also)}" if self.also \
                else None
        if self.nickname:
            return f"{self.query!r} read as {self.name}, as players call it"
        return f"no card is named {self.query!r}; showing the closest match, {self.name}"


@dataclass(frozen=True)
class Renown:
    """What tells which of the cards that hold a typed word the word most likely means, per row: a legendary card
    ("jace": Jace, the Mind Sculptor, before "Jace's Ruse"), an Un-card or playtest card (last), and EDHREC's
    popularity rank (1 = most played, 0 where the data has none: the bundled snapshot has none)."""

    legendary: Sequence[bool]
    funny: Sequence[bool]
    edhrec_rank: Sequence[int]


class NameIndex:
    """Maps names to row numbers of a card store."""

    # A fuzzy match is taken without asking when it scores this high and clearly beats the next name.
    ACCEPT_SCORE = 90.0
    ACCEPT_MARGIN = 4.0

    def __init__(self, names: Sequence[str], face_names: Sequence[Sequence[str]],
                 renown: Callable[[], Renown] | None = None):
        """``renown`` gives the store's :class:`Renown`, asked for only when a word names no card (opening a store
        reads no more than the names)."""
        self._names = list(names)
        self._renown_of = renown
        self._renown: Renown | None = None
        self._word_rows: dict[str, list[int]] | None = None
        self._before_comma: dict[str, list[int]] | None = None
        self._exact = {name: row for row, name in enumerate(names)}
        self._folded: dict[str, int] = {}
        self._faces: dict[str, int] = {}
        keys = [fold(name) for name in self._names]
        for row, key in enumerate(keys):
            self._folded.setdefault(key, row)
        for row, faces in enumerate(face_names):
            for face in faces:  # a one-faced card's face is its name, folded already
                self._faces.setdefault(keys[row] if face == self._names[row] else fold(face), row)
        self._bare: dict[str, int | None] = {}  # punctuation-free names; None where two cards share one
        for key, row in {**self._faces, **self._folded}.items():
            bare = _bare(key)
            self._bare[bare] = row if self._bare.get(bare, row) == row else None
        self._first_words: frozenset[str] | None = None
        self._all_words: frozenset[str] | None = None
        self._nicknames: dict[str, int] | None = None
        self._nickname_words: dict[str, int] | None = None
        self._choices: list[str] | None = None
        self._choice_rows: list[int] | None = None
        self._candidates: CandidateIndex | None = None

    def _fuzzy_choices(self) -> tuple[list[str], list[int], CandidateIndex]:
        if self._candidates is None:
            keys = {**self._faces, **self._folded}
            self._choices, self._choice_rows = list(keys), list(keys.values())
            self._candidates = CandidateIndex(self._choices)
        return self._choices, self._choice_rows, self._candidates

    def may_begin(self, word: str) -> bool:
        """Whether a name :meth:`find` knows may begin with ``word``: the reader tries every span of a query's
        words as a name, and most words begin none (folding and stripping work character by character, so a
        span's first word says its first word once bare)."""
        if self._first_words is None:
            self._first_words = frozenset(key.split(" ", 1)[0] for key in self._bare)
        first = _bare(fold(word)).split(" ", 1)[0]
        return not first or first in self._first_words

    def may_hold(self, word: str) -> bool:
        """Whether a name :meth:`find` knows may hold ``word`` as one of its words (bare, as :meth:`may_begin` reads
        a first word): a typed name is worth looking up with that word only where one does."""
        if self._all_words is None:
            self._all_words = frozenset(word for key in self._bare for word in key.split())
        return _bare(fold(word)) in self._all_words

    def find(self, query: str) -> int | None:
        """Row of the card with this name, or ``None``; no fuzzy matching."""
        if query in self._exact:
            return self._exact[query]
        key = fold(query)
        if key in self._folded:
            return self._folded[key]
        if key in self._faces:
            return self._faces[key]
        bare = _bare(key)
        row = self._bare.get(bare)  # "thassas oracle", "kiki jiki mirror breaker", "kaboom"
        if row is None and any(character.isdigit() for character in bare):  # "wrenn and 6": Wrenn and Six
            row = self._bare.get(" ".join(_NUMBER_WORDS.get(word, word) for word in bare.split()))
        if row is None and key.count("/") == 1:  # "Fire/Ice", as MTGO and deck lines write a split card
            row = self._folded.get(" // ".join(part.strip() for part in key.split("/")))
        return row

    def nickname(self, query: str) -> int | None:
        """Row of the card players call ``query`` ("stp": Swords to Plowshares, see cards/nicknames.py) or that
        ``query`` names without its leading "The" ("great henge": The Great Henge) or without its possessive "'s"
        ("thassa oracle": Thassa's Oracle), or ``None``; a card's own name is :meth:`find`'s, never a nickname's."""
        if self._nicknames is None:
            self._nicknames = self._nickname_rows()
        return self._nicknames.get(_bare(fold(query)))

    def may_begin_nickname(self, word: str) -> int:
        """How many words a :meth:`nickname` beginning with ``word`` may have at most, 0 when none begins with it:
        the reader looks a span up only where its first word begins one."""
        if self._nicknames is None:
            self._nicknames = self._nickname_rows()
        if self._nickname_words is None:
            self._nickname_words = {}
            for key in self._nicknames:
                first, size = key.split(" ", 1)[0], len(key.split())
                self._nickname_words[first] = max(size, self._nickname_words.get(first, 0))
        return self._nickname_words.get(_bare(fold(word)).split(" ", 1)[0], 0)

    def _nickname_rows(self) -> dict[str, int]:
        rows: dict[str, int | None] = {}
        for key, row in self._bare.items():
            if key.startswith("the ") and row is not None:  # (one name per bare key: no clash to settle)
                rows[key.removeprefix("the ")] = row
        for key, row in {**self._faces, **self._folded}.items():  # "thassa oracle", "sensei divining top"
            if "'s" in key:
                dropped = _bare(_POSSESSIVE.sub("", key))
                rows[dropped] = row if rows.get(dropped, row) == row else None  # None where two cards share one
        for nickname, name in NICKNAMES.items():
            if (row := self.find(name)) is not None:
                rows[nickname] = row
        return {key: row for key, row in rows.items() if row is not None and key not in self._bare}

    def match(self, query: str, *, fuzzy: bool = True) -> NameMatch:
        """The card named ``query``, exact, by a nickname or a confident fuzzy correction; raises
        :class:`CardNotFoundError` with suggestions when no name is close enough (or ``fuzzy`` is off)."""
        row = self.find(query)
        if row is not None:
            return NameMatch(query, row, self._names[row], exact=True, also=self._also_named(query, row))
        if (row := self.nickname(query)) is not None:
            return NameMatch(query, row, self._names[row], exact=False, nickname=True)
        matches = self.suggest(query, limit=5)
        if fuzzy and matches:
            best_score = matches[0][1]
            runner_up = matches[1][1] if len(matches) > 1 else 0.0
            if best_score >= self.ACCEPT_SCORE and best_score - runner_up >= self.ACCEPT_MARGIN or \
                    self._one_letter_off(query, matches):
                others = tuple(name for name, _, _ in matches[1:])
                return NameMatch(query, matches[0][2], matches[0][0], exact=False, suggestions=others)
        if fuzzy and (row := self._only_name_begun(query)) is not None:
            return NameMatch(query, row, self._names[row], exact=False, nickname=True)
        holders = self.holding_word(query, limit=5)
        fuzzy_rows = [row for _, _, row in matches if row not in holders]
        raise CardNotFoundError(query, [self._names[row] for row in [*holders, *fuzzy_rows][:5]])

    # a typo one letter off is taken without asking in a name this long ("tarmogoif": Tarmogoyf scored 89, under
    # ACCEPT_SCORE); in a shorter one a letter is too much of the name
    ONE_LETTER_LENGTH = 6

    def _one_letter_off(self, query: str, matches: list[tuple[str, float, int]]) -> bool:
        """Whether the best of ``matches`` is the only one a letter off the typed name (one changed, added, dropped,
        or two neighbours swapped) and the name is no whole word of other cards' names."""
        typed = _bare(fold(query))
        if len(typed) < self.ONE_LETTER_LENGTH or self.holding_word(query, limit=1):
            return False  # a word of other names ("lightning") is a part of them typed, not a typo of Blightning
        close = [name for name, _, _ in matches if OSA.distance(typed, _bare(fold(name))) <= 1]
        return close == [matches[0][0]]

    def _only_name_begun(self, query: str) -> int | None:
        """The one card whose name begins with the one word ``query`` of five letters or more ("birds": Birds of
        Paradise), as players shorten a name; ``None`` where several names begin with it or none."""
        word = _bare(fold(query[:MAX_QUERY_CHARS]))
        if len(word) < 5 or " " in word:
            return None
        rows = {row for row in self._words().get(word, []) if _bare(fold(self._names[row])).split()[0] == word}
        return rows.pop() if len(rows) == 1 else None

    def _also_named(self, query: str, row: int) -> tuple[str, ...]:
        """Where ``query`` is only a face of a card (Sheoldred // The True Scriptures for "sheoldred"), the other
        cards whose name before the comma it is (Sheoldred, the Apocalypse; Sheoldred, Whispering One), which a
        player may well mean."""
        typed = _bare(fold(query))
        if typed == _bare(fold(self._names[row])):
            return ()
        if self._before_comma is None:
            self._before_comma = {}
            for other, name in enumerate(self._names):
                if "," in name:
                    self._before_comma.setdefault(_bare(fold(name.split(",")[0])), []).append(other)
        return tuple(self._names[other] for other in self._before_comma.get(typed, ()) if other != row)

    def holding_word(self, query: str, limit: int = 5) -> list[int]:
        """Rows of the cards whose name holds the one word ``query`` as a whole word ("oko": every Oko; "lotus":
        Black Lotus, Lotus Petal...; not "Jace's Ruse" for "jace"), the likeliest meant first: by EDHREC rank where
        the data has one, a card players have a nickname for (Jace, the Mind Sculptor), not an Un-card, a legendary
        card the word begins (a character's name: Oko, Thief of Crowns), then a card the word ends (what the card is:
        Black Lotus, not Lotus Cobra), then the shorter name. Fuzzy suggestions had offered "Jace's Ruse" and
        "Ugin's Nexus" and no Jace or Ugin planeswalker, and no Black Lotus for "lotus"."""
        word = _bare(fold(query[:MAX_QUERY_CHARS]))
        if len(word) < 3 or " " in word:
            return []
        rows = self._words().get(word, [])
        if not rows:
            return []
        renown = self._renown_or_none()
        nicknamed = self._nickname_targets()

        def likeliest(row: int) -> tuple:
            words = _bare(fold(self._names[row].split(" // ")[0])).split()
            rank = renown.edhrec_rank[row] if renown is not None and renown.edhrec_rank[row] else float("inf")
            funny = renown is not None and bool(renown.funny[row])
            legendary = renown is not None and bool(renown.legendary[row])
            # (a legendary card the word begins is that character's: Oko, Thief of Crowns; a name the word ends is
            # one of it, Black Lotus, unless "of" it: Eye of Ugin, Oath of Jace)
            place = 0 if legendary and words[0] == word else 1 if words[-1] == word and words[-2:-1] != ["of"] else 2
            return rank, row not in nicknamed, funny, place, len(self._names[row]), self._names[row]

        return sorted(rows, key=likeliest)[:limit]

    def _words(self) -> dict[str, list[int]]:
        if self._word_rows is None:
            words: dict[str, set[int]] = {}
            for key, row in self._bare.items():
                if row is not None:
                    for word in key.split():
                        words.setdefault(word, set()).add(row)
            self._word_rows = {word: sorted(rows) for word, rows in words.items()}
        return self._word_rows

    def _renown_or_none(self) -> Renown | None:
        if self._renown is None and self._renown_of is not None:
            self._renown = self._renown_of()
        return self._renown

    def _nickname_targets(self) -> frozenset[int]:
        if self._nicknames is None:
            self._nicknames = self._nickname_rows()
        return frozenset(row for key, row in self._nicknames.items() if key in NICKNAMES)

    def lookup(self, query: str, *, fuzzy: bool = True) -> int:
        """Row of the card named ``query``; raises :class:`CardNotFoundError` with suggestions."""
        return self.match(query, fuzzy=fuzzy).row

    def suggest(self, query: str, limit: int = 5) -> list[tuple[str, float, int]]:
        """Closest names as ``(name, score 0-100, row)``, best first, one entry per card."""
        choices, rows, index = self._fuzzy_choices()
        folded = fold(query[:4 * MAX_QUERY_CHARS])[:MAX_QUERY_CHARS]
        positions = index.candidates(folded)
        found = process.extract(folded, [choices[p] for p in positions], scorer=_name_score, limit=limit * 3,
                                score_cutoff=60)
        seen: set[int] = set()
        out: list[tuple[str, float, int]] = []
        for _, score, position in found:
            row = rows[positions[position]]
            if row not in seen:
                seen.add(row)
                out.append((self._names[row], float(score), row))
        return out[:limit]
