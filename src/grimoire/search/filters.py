"""Vectorised evaluation of a query's filters over a store's column arrays.

Three-valued logic: a leaf says True, False or unknown (the data does not say) for each card; an unknown
card matches neither a filter nor its negation. Conjunctions narrow the rows later terms look at, so a
text filter after ``t:instant id<=r`` scans a few hundred cards, not all of them.
"""

from __future__ import annotations

import bisect
import re
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import cached_property

import numpy as np

from grimoire.cards.commander import can_lead, is_background
from grimoire.cards.loading import DIGITAL_KEYWORDS, digital_only_rows
from grimoire.cards.mana import color_letters, mana_value
from grimoire.cards.model import FORMATS
from grimoire.cards.names import fold
from grimoire.cards.store import CardDB, Columns
from grimoire.search.nicknames import IS_NICKNAMES, normalise
from grimoire.search.patterns import CpuBudget, PatternTooSlow, UserPattern
from grimoire.search.query import (
    CARD_KEYS,
    DIRECTIVE_KEYS,
    VARIABLE,
    And,
    ColorCount,
    ColorValue,
    ExactName,
    FieldValue,
    Filter,
    Node,
    Not,
    Or,
    QuerySyntaxError,
    Text,
)
from grimoire.search.tags import TAG_INDEX, TAG_NAMES, TAG_PARENTS, TAGS

ALL_MANA_BITS = 0b111111
# The spell subtypes (rule 205.3k), any of which an instant or sorcery half may carry
_SPELL_SUBTYPES = ("adventure", "arcane", "chorus", "lesson", "omen", "trap")
# The type lines a missing half can have, where the layout settles them: a split or aftermath card's other half is an
# instant or a sorcery (rule 709), an adventure card's an Instant or Sorcery - Adventure (rule 715), or - Omen for
# the cards in OMEN_CARDS. Such a half has no power, toughness or loyalty, and rules text (a spell without any does
# nothing), so t:creature, pow>=1 and is:frenchvanilla are no to it. A Room's other door is a Room too.
_SPELL_HALF = ("instant", "sorcery", *(f"{kind} — {subtype}" for kind in ("instant", "sorcery")
                                      for subtype in _SPELL_SUBTYPES))
MISSING_HALF_TYPES = {"split": _SPELL_HALF, "aftermath": _SPELL_HALF,
                      "adventure": ("instant — adventure", "sorcery — adventure")}
_ROOM_HALF = ("enchantment — room",)
_OMEN_HALF = ("instant — omen", "sorcery — omen")
# Tarkir: Dragonstorm's Omens (2025, rule 720) and its Alchemy ones share the adventure layout, and the bundled
# corpus names their second half without its type, keywords or any word of "Omen", so only their names tell them
# from Adventures (Marang River Regent // Coil and Catch is no t:adventure). Checked against the Omen faces in
# public rules-engine code (Forge's CardSplitType.Omen, Scryfall-shaped card data); a store loaded from Scryfall
# or MTGJSON has the half itself and never reads this list.
OMEN_CARDS = frozenset({
    "Bloomvine Regent // Claim Territory", "Marang River Regent // Coil and Catch",
    "Scavenger Regent // Exude Toxin", "Dirgur Island Dragon // Skimming Strike", "Feral Deathgorger // Dusk Sight",
    "Riling Dawnbreaker // Signaling Roar",
    "Sagu Wildling // Roost Seek", "Stormshriek Feral // Flush Out", "Disruptive Stormbrood // Petty Revenge",
    "Purging Stormbrood // Absorb Essence", "Runescale Stormbrood // Chilling Screech",
    "Twinmaw Stormbrood // Charring Bite", "Whirlwing Stormbrood // Dynamic Soar",
    "Cunning Azurescale // Divining Dive", "Pearl Lake Warden // Nesting Instinct",
    "Stonehide Ancient // Warning Tremor",
})
# what a type line can hold: letters, spaces, hyphens and apostrophes ("Assembly-Worker", "Urza's"), and the dash
_TYPE_LINE_CHARACTERS = re.compile(r"[^\W\d_]|[\s'’—–-]")
PERMANENT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")
# card types never cast as a spell: lands are played, and the non-traditional cards (conspiracies, planes, schemes,
# vanguards, dungeons) are never in a deck's library (is:spell had listed 29 Conspiracies)
_NEVER_CAST = frozenset({"land", "conspiracy", "plane", "phenomenon", "scheme", "vanguard", "dungeon"})
LAYOUT_IS = {
    "dfc": {"transform", "modal_dfc", "meld", "reversible_card"}, "mdfc": {"modal_dfc"},
    "transform": {"transform"}, "meld": {"meld"}, "split": {"split", "aftermath"}, "flip": {"flip"},
    "adventure": {"adventure"}, "leveler": {"leveler"}, "class": {"class"}, "saga": {"saga"},
}
PARTNER_KEYWORDS = {"partner", "partner with", "friends forever", "choose a background", "doctor's companion"}
_REMINDER = re.compile(r"\s*\([^()]*\)")
# a hybrid symbol, Phyrexian or not ({W/U}, {2/W}, {G/W/P}); a Phyrexian symbol of one colour ({W/P}) is none
_HYBRID = re.compile(r"\{[^}/]+/[^}/P][^}]*\}")
# How rules text names the card it is on: "this" and a card type, in lower case, or a subtype, which current Oracle
# text capitalises ("this Aura", "this Equipment", "this Vehicle") and older wording did not ("this aura"). Only
# subtypes no English phrase shares are read in lower case: "in this case" and "this class of" are no card.
_SELF_REFERENCE = re.compile(r"\b[Tt]his (?:artifact|creature|enchantment|land|planeswalker|battle|permanent|spell|"
                             r"card|token|conspiracy|instant|sorcery|[Aa]ura|[Ee]quipment|[Vv]ehicle|[Ss]aga|Class|"
                             r"Case|Siege|Room|Spacecraft|Planet|Mount|Contraption|Attraction|Realm)\b")
# A loyalty ability's cost, at a line's start or opening an ability a card grants ('Enchanted planeswalker has
# "[+1]: Create three 1/1 white Soldier creature tokens."': Elspeth's Talent; Ichormoon Gauntlet's '"[0]:
# Proliferate" and "[−12]: ..."'). A bracketed cost with no colon after it is Oracle's own ("cost an additional
# [+1] to activate": Carth the Lion; Comet, Stellar Pup's "1 or 2 — [+2], then ...") and stays.
_LOYALTY_COST = re.compile(r"(^|\")\[([+−-]?(?:\d+|X))\]:", re.MULTILINE)
# An ability in quotes is one the card gives another object ('Create a token with "Sacrifice this token: Add {C}."',
# 'Equipped creature has "{1}: This creature deals 1 damage"'): its "this" is that object, not the card
_QUOTED = re.compile(r'"[^"\n]*"')


def _outside_quotes(text: str, change: Callable[[str], str]) -> str:
    """``text`` with ``change`` made to its parts outside quoted abilities."""
    parts, start = [], 0
    for quoted in _QUOTED.finditer(text):
        parts += [change(text[start:quoted.start()]), quoted.group()]
        start = quoted.end()
    return "".join([*parts, change(text[start:])])


# "Choose one —", "Choose three. You may...", "An opponent chooses one —" (rule 700.2: a player chooses among
# bulleted modes), then a bulleted mode; or the modes on one line, "Choose one — ...; or ..." (Noxious Hydra
# Breath, the older wording of modes, had been no modal spell)
_MODES = re.compile(r"\bchooses?\b[^\n]*\n•|\bchooses? (?:one|two)\b[^\n]*—[^\n]*; or\b")
# Keywords whose reminder text is the "choose" of a spell's modes ("Tiered (Choose one additional cost.)", "Spree
# (Choose one or more additional costs.)"): rules 702.172a and 702.183a call these spells modal, though the text
# the modes are read from has no reminder text, and a spree's modes are marked "+", not "•"
MODAL_KEYWORDS = frozenset({"spree", "tiered"})
_PHYREXIAN = re.compile(r"\{[^}]*/P\}|\{P\}", re.IGNORECASE)


def _number(text: str | None) -> float:
    """Power, toughness or loyalty as a number: ``*`` and ``X`` count as 0 (``1+*`` is 1), as on Scryfall. A ``?``
    is no number (Loopy Lobster's and Catch of the Day's ``?/?``): it meets no comparison, as on Scryfall
    (``pow=tou`` had found them, each ``?`` read as 0)."""
    if text is None or "?" in text:
        return np.nan
    cleaned = re.sub(r"[*xX]|²", "0", text.replace("½", ".5"))
    if not re.fullmatch(r"[+-]?\d*\.?\d+(?:[+-]\d*\.?\d+)*", cleaned):
        return np.nan
    return float(sum(float(part) for part in re.findall(r"[+-]?\d*\.?\d+", cleaned)))


_CHUNK_ROWS = 2048  # rows lower-cased and encoded at a time when a text column is built


def _scan(pattern: UserPattern, text: bytes, starts: np.ndarray, budget: CpuBudget | None = None) -> list[int]:
    """The rows of a joined ``text`` (rows starting at ``starts``, see :func:`_joined_lines`) the RE2 ``pattern``
    occurs in: one pass, resuming at the next row after each hit so no row's match is skipped. With ``^`` and
    ``$`` at every line, a match inside one row is a match of that row. A match that runs into the next row
    (``(.|\\n)*``, ``[\\s\\S]``, as Scryfall's regex page teaches) is checked on its own row, and from then on
    each row is searched alone: a pattern that can cross rows would otherwise run to the text's end from every
    row, time growing with the square of the text. ``budget`` is charged the CPU time spent."""
    search, found = pattern.compiled_bytes.search, []
    count = len(starts) - 1
    if count < 1:  # no row
        return found
    bounds = starts.tolist()
    row, crosses, clock = 0, False, time.thread_time()
    while row < count:
        end = bounds[row + 1] - 1  # the row's last byte is before its separator
        if crosses:
            if search(text, bounds[row], end) is not None:
                found.append(row)
        else:
            match = search(text, bounds[row])
            if match is None:
                break
            row = bisect.bisect_right(bounds, match.start()) - 1
            end = bounds[row + 1] - 1
            if match.end() <= end:
                found.append(row)
            else:
                crosses = True
                if search(text, bounds[row], end) is not None:
                    found.append(row)
        row += 1
        if budget is not None and row % _CLOCK_ROWS == 0:
            clock = budget.charge(clock)
    if budget is not None:
        budget.charge(clock)
    return found


_CLOCK_ROWS = 1024  # rows scanned between two looks at the clock


def _joined_lines(strings: list[str]) -> tuple[bytes, np.ndarray]:
    """The strings lower-cased, as one UTF-8 text joined by newlines, and each row's first byte (then one past
    the end). Built a chunk of rows at a time, each chunk lower-cased and encoded whole: 34k row copies, freed
    together, would leave memory behind, and the whole text at once would need several copies of it together.
    Lower-casing is per character but for a final sigma, which a separator ends as the end of a string does."""
    pieces, starts, offset = [], [np.zeros(1, dtype=np.int64)], 0
    for first in range(0, len(strings), _CHUNK_ROWS):
        chunk = strings[first: first + _CHUNK_ROWS]
        encoded = "\x00".join(chunk).lower().encode("utf-8", "surrogatepass")
        separators = np.flatnonzero(np.frombuffer(encoded, dtype=np.uint8) == 0)
        if len(separators) != len(chunk) - 1:  # a text holding the separator itself: row by row
            rows = [s.lower().encode("utf-8", "surrogatepass") for s in strings]
            return b"\n".join(rows), np.cumsum([0] + [len(row) + 1 for row in rows])
        pieces.append(encoded.replace(b"\x00", b"\n"))
        starts.append(offset + np.append(separators + 1, len(encoded) + 1))
        offset += len(encoded) + 1
    return b"\n".join(pieces), np.concatenate(starts)


class RecentlyUsed:
    """A mapping that keeps its ``size`` most recently used entries. Searches run on a server's worker threads,
    so two may use one at once: a race may keep one entry too many for a moment, it never raises."""

    def __init__(self, size: int):
        self.size = size
        self._entries: OrderedDict = OrderedDict()

    def get(self, key):
        value = self._entries.get(key)
        if value is not None:
            try:
                self._entries.move_to_end(key)
            except KeyError:  # dropped by another thread since
                pass
        return value

    def put(self, key, value):
        self._entries[key] = value
        while len(self._entries) > self.size:
            try:
                self._entries.popitem(last=False)
            except KeyError:  # emptied by another thread
                break
        return value

    def clear(self) -> None:
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


class TextColumn:
    """Lower-cased strings, kept as one UTF-8 text, a row a line, with fast substring and regex tests.

    One UTF-8 copy serves both: card text is nearly all ASCII, so it takes half the memory of a Python string
    holding one dash or bullet (two bytes a character), and the regex scan reads it as it is. Rows hold newlines
    of their own, so a term with a newline is checked not to run from one row into the next.

    ``by_word`` (for short texts of few distinct words: type lines) also keeps the rows of each distinct
    whitespace-separated word: a term without whitespace can only occur inside one word, so its rows are those
    of the words that contain it, found without scanning the text."""

    CACHE_SIZE = 256

    def __init__(self, strings, *, by_word: bool = False):
        strings = list(strings)
        self.size = len(strings)
        self.by_word = by_word
        self.text, self.starts = _joined_lines(strings)
        self._cache = RecentlyUsed(self.CACHE_SIZE)

    def __getitem__(self, row: int) -> str:
        return self.text[self.starts[row]: self.starts[row + 1] - 1].decode("utf-8", "surrogatepass")

    @property
    def strings(self) -> list[str]:
        return [self[row] for row in range(self.size)]

    def contains(self, term: str, rows: np.ndarray | None) -> np.ndarray:
        """Bool mask over all rows; only ``rows`` (or every row, if None) need be right."""
        term = term.lower()
        if "\x00" in term or not self.size:  # no card's text holds the separator of the texts as read
            return np.zeros(self.size, dtype=bool)
        cached = self._cache.get(term)
        if cached is not None:
            return cached
        if self.by_word and term and not any(space.isspace() for space in term):
            return self._remember(term, self._word_match(term))
        needle = term.encode("utf-8", "surrogatepass")
        text, starts = self.text, self.starts
        if rows is not None and len(rows) * 8 < self.size:  # search each row's span in place, without copying it
            spans = zip(rows.tolist(), starts[rows].tolist(), (starts[rows + 1] - 1).tolist(), strict=True)
            out = np.zeros(self.size, dtype=bool)
            out[[row for row, start, end in spans if text.find(needle, start, end) >= 0]] = True
            return out
        found, position = [], text.find(needle)
        while position >= 0:
            row = int(np.searchsorted(starts, position, side="right")) - 1
            end = int(starts[row + 1]) - 1
            if position + len(needle) <= end:
                found.append(row)
                position = text.find(needle, end + 1)
            else:  # runs into the next row (the needle holds a newline): look again from the next byte
                position = text.find(needle, position + 1)
        out = np.zeros(self.size, dtype=bool)
        out[found] = True
        return self._remember(term, out)

    def _remember(self, term: str, out: np.ndarray) -> np.ndarray:
        out.flags.writeable = False  # shared through the cache
        return self._cache.put(term, out)

    @cached_property
    def _word_rows(self) -> dict[str, np.ndarray]:
        """Each distinct word's rows (see ``by_word``)."""
        rows: dict[str, list[int]] = {}
        for row, text in enumerate(self.strings):
            for word in set(text.split()):
                rows.setdefault(word, []).append(row)
        return {word: np.array(found, dtype=np.int64) for word, found in rows.items()}

    def _word_match(self, term: str) -> np.ndarray:
        out = np.zeros(self.size, dtype=bool)
        for word, rows in self._word_rows.items():
            if term in word:
                out[rows] = True
        return out

    def matches(self, pattern: UserPattern, rows: np.ndarray | None, budget: CpuBudget) -> np.ndarray:
        """Rows whose text the pattern occurs in; a backtracking pattern spends ``budget``."""
        out = np.zeros(self.size, dtype=bool)
        if pattern.scans_lines:
            if rows is None or len(rows) * 8 >= self.size:
                out[_scan(pattern, self.text, self.starts, budget)] = True
            else:  # the rows' lines copied out and scanned in one pass: a search per row costs ten times as much
                view, ends = memoryview(self.text), self.starts[rows + 1] - 1
                lines = [view[start:end] for start, end in zip(self.starts[rows].tolist(), ends.tolist(), strict=True)]
                starts = np.cumsum([0] + [len(line) + 1 for line in lines])
                out[rows[_scan(pattern, b"\n".join(lines), starts, budget)]] = True
            return out
        candidates = range(self.size) if rows is None else rows.tolist()
        out[[row for row in candidates if pattern.search(self[row], budget)]] = True
        return out


LEAF_CACHE_SIZE = 128  # whole-array leaf results kept (two bool arrays of every card each: 68 KB for 34k cards)


PRODUCED_BITS = {colour: 1 << i for i, colour in enumerate("WUBRGC")}  # :attr:`FilterIndex.produced`'s mask bits


class FilterIndex:
    """The arrays filters read, built on first use from a :class:`CardDB`."""

    def __init__(self, db: CardDB, tag_strengths: np.ndarray):
        self.db = db
        self.columns = db.columns
        self.size = len(db)
        self.tag_strengths = tag_strengths
        self.everything = np.ones(self.size, dtype=bool)
        # whole-array leaves by (key, op, value), the least recently used dropped past LEAF_CACHE_SIZE: a stream
        # of distinct values (mv<=1, mv<=2, ...) must not hold two arrays each for ever
        self.leaf_cache = RecentlyUsed(LEAF_CACHE_SIZE)

    @cached_property
    def name_order(self) -> np.ndarray:
        """Each card's position in alphabetical order of names (for sorting filter-only results), a letter with an
        accent beside the plain one (Éowyn under E, Théoden before Thrull Surgeon; they had come after Z)."""
        order = np.argsort(np.array([f"{fold(n)}\0{n.casefold()}" for n in self.columns.name.tolist()]), kind="stable")
        positions = np.empty(self.size, dtype=np.int64)
        positions[order] = np.arange(self.size)
        return positions

    @cached_property
    def name(self) -> TextColumn:
        return TextColumn(self.columns.name.tolist())

    @cached_property
    def folded_name(self) -> TextColumn:
        """Names without accents (``name:eomer`` finds Éomer), as Scryfall folds them."""
        return TextColumn([fold(n) for n in self.columns.name.tolist()])

    @cached_property
    def faced(self) -> np.ndarray:
        """Rows of the cards of two faces or more ("Front // Back" names and type lines)."""
        return np.flatnonzero([" // " in name for name in self.columns.name.tolist()])

    @cached_property
    def face_names(self) -> TextColumn:
        """Each face's name on a line of its own (accents folded: only faced rows are read), so a regex's ``^`` and
        ``$`` meet a back face's name as Scryfall's do (``name:/^insectile/``: Delver of Secrets' back)."""
        return TextColumn([fold(name).replace(" // ", "\n") for name in self.columns.name.tolist()])

    @cached_property
    def face_types(self) -> TextColumn:
        """Each face's type line on a line of its own (see :attr:`face_names`): ``t:/^land/`` finds a land back
        face, ``t:/vehicle$/`` a Vehicle front."""
        return TextColumn([line.replace(" // ", "\n") for line in self.columns.type_line.tolist()])

    @cached_property
    def accented_names(self) -> np.ndarray:
        """Rows whose folded name differs from the lower-cased one."""
        return np.flatnonzero([self.folded_name[row] != self.name[row] for row in range(self.size)])

    @cached_property
    def exact_names(self) -> dict[str, list[int]]:
        """Folded card and face name -> every row with a face of that name (``!fire`` finds Fire // Ice)."""
        rows: dict[str, list[int]] = {}
        for row, (name, faces) in enumerate(zip(self.columns.name.tolist(), self.columns.face_values("name"),
                                                strict=True)):
            for folded in {fold(name), *(fold(face) for face in faces)}:
                rows.setdefault(folded, []).append(row)
        return rows

    @cached_property
    def face_known(self) -> np.ndarray:
        """[cards, faces]: the store knows this face's data (every real face has a type line); padding is known."""
        type_lines = self.columns.face_values("type_line")
        width = max(len(faces) for faces in type_lines)
        known = np.ones((self.size, width), dtype=bool)
        for row, faces in enumerate(type_lines):
            for index, type_line in enumerate(faces):
                known[row, index] = type_line is not None
        return known

    @cached_property
    def unknown_face(self) -> np.ndarray:
        """Cards with a face whose text, cost and type the store lacks (the corpus's second halves)."""
        return ~self.face_known.all(axis=1)

    @cached_property
    def missing_half_types(self) -> list[tuple[str, ...] | None]:
        """Per card, the type lines its missing face may have where its layout settles them (see
        :data:`MISSING_HALF_TYPES`), else ``None``: an unknown modal card's back may be anything."""
        out: list[tuple[str, ...] | None] = [None] * self.size
        layouts, fronts = self.layout.tolist(), self.columns.face_values("type_line")
        for row in np.flatnonzero(self.unknown_face).tolist():
            kinds = MISSING_HALF_TYPES.get(layouts[row])
            if kinds is not None and layouts[row] == "split" and "room" in (fronts[row][0] or "").lower():
                kinds = _ROOM_HALF
            if layouts[row] == "adventure" and self.columns.name[row] in OMEN_CARDS:
                kinds = _OMEN_HALF
            out[row] = kinds
        return out

    @cached_property
    def half_settled(self) -> np.ndarray:
        """Cards whose only missing face is one :attr:`missing_half_types` settles (an instant or sorcery half)."""
        return np.array([kinds is not None for kinds in self.missing_half_types], dtype=bool)

    @cached_property
    def mana_value_floor(self) -> np.ndarray:
        """The least mana value each card can have: its own where known; else the mana value of the costs the store
        knows, as a split card's is its halves' sum (rule 709.4), so Fire // Ice is at least 2; else 0."""
        values = self.columns.mana_value
        floor = np.where(np.isnan(values), 0.0, values)
        unknown = np.flatnonzero(np.isnan(values)).tolist()
        for row, costs in zip(unknown, self.columns.face_values("mana_cost", unknown), strict=True):
            floor[row] = sum(mana_value(cost) for cost in costs if cost)
        return floor

    @cached_property
    def face_settled(self) -> np.ndarray:
        """[cards, faces]: :attr:`face_known`, and a missing half the layout settles (an instant or sorcery half,
        which has no power, toughness or loyalty: Fire // Ice fails ``pow>=1``, as Scryfall's card does)."""
        return self.face_known | self.half_settled[:, None]

    @cached_property
    def keyword_only_text(self) -> np.ndarray:
        """Cards whose rules text (reminder text aside) the store knows is keyword abilities only, and some."""
        return np.array([bool(x.strip()) and all(_keyword_line(line.strip().lower(), ks)
                                                 for line in x.split("\n") if line.strip())
                         for x, ks in zip(self.oracle.strings, self.keywords, strict=True)], dtype=bool)

    @cached_property
    def face_exists(self) -> np.ndarray:
        width = self.face_known.shape[1]
        return np.array([[index < len(faces) for index in range(width)] for faces in self.columns.face_values("name")],
                        dtype=bool)

    @cached_property
    def nickname_texts(self) -> tuple[list[str], list[str]]:
        """Lower-cased type lines and rules text in current Oracle wording, for the land-cycle rules."""
        names = self.columns.name.tolist()
        texts = [normalise(n, t) for n, t in zip(names, self.columns.oracle_text.tolist(), strict=True)]
        return [t.lower() for t in self.columns.type_line.tolist()], texts

    @cached_property
    def digital_only(self) -> np.ndarray:
        """Cards whose rules text only a computer can carry out (Alchemy's conjure, seek, perpetually...):
        ``is:digital``, and ranked below paper cards in answers to words (see SearchEngine.rank)."""
        out = np.zeros(self.size, dtype=bool)
        out[digital_only_rows(self.columns.oracle_text.tolist())] = True
        # a missing half's mechanic is in the card's keywords (Solitary Study // Endless Corridor: "Conjure")
        out |= np.array([bool(keywords & DIGITAL_KEYWORDS) for keywords in self.keywords], dtype=bool)
        return out

    @cached_property
    def _rules_text(self) -> list[str]:
        """Rules text as Scryfall writes it: a loyalty ability's cost bare ("+1: Draw a card."), where MTGJSON's
        data, the bundled snapshot's source, brackets it ("[+1]: ..."; ``o:"+1:"`` had found no planeswalker, and
        then none of the Talents, whose "[+1]:" is inside the ability they grant)."""
        return [_LOYALTY_COST.sub(r"\1\2:", text) if "[" in text else text
                for text in self.columns.oracle_text.tolist()]

    @cached_property
    def oracle(self) -> TextColumn:
        """Rules text without reminder text (Scryfall's ``o:``)."""
        return TextColumn([_REMINDER.sub("", t) for t in self._rules_text])

    @cached_property
    def full_oracle(self) -> TextColumn:
        """Rules text with reminder text (Scryfall's ``fo:``)."""
        return TextColumn(self._rules_text)

    @cached_property
    def oracle_tilde(self) -> TextColumn:
        """Rules text (no reminder text) with the card's references to itself written as ``~``."""
        return TextColumn(self._with_tilde(_REMINDER.sub("", t) for t in self._rules_text))

    @cached_property
    def full_oracle_tilde(self) -> TextColumn:
        return TextColumn(self._with_tilde(self._rules_text))

    def _with_tilde(self, texts) -> list[str]:
        """Self-references as ``~``: the card's name, its face names, a legendary card's short name (the part of a
        face's name before its comma: "Boseiju", "Chandra"), and "this creature" / "this land"..., the
        wording Oracle text uses for them since the Aetherdrift update (2025; about 13,000 cards), so
        ``o:"~ enters tapped"`` still finds the tri-lands, which now say "This land enters tapped"."""
        out = []
        rows = zip(self.columns.name, texts, self.columns.face_values("name"), self.columns.type_line, strict=True)
        for name, text, faces, type_line in rows:
            for part in sorted({name, *faces}, key=len, reverse=True):
                text = text.replace(part, "~")
            if "Legendary" in type_line:  # a legend's short name, the part before its comma ("Boseiju enters
                for short in {face.split(", ", 1)[0] for face in faces if ", " in face}:  # tapped"), is itself too,
                    # before a comma too ("Exile Zuko, then return him"), but for another legend's whole name
                    text = re.sub(rf"\b{re.escape(short)}\b(?!, [A-Z])", "~", text)
            out.append(_outside_quotes(text, lambda part: _SELF_REFERENCE.sub("~", part)))
        return out

    @cached_property
    def type_line(self) -> TextColumn:
        return TextColumn(self.columns.type_line.tolist(), by_word=True)

    @cached_property
    def anything(self) -> TextColumn:
        return TextColumn(self.columns.searchable_text)

    @cached_property
    def mana_cost(self) -> list[str]:
        return [" ".join(cost or "" for cost in costs).upper() for costs in self.columns.face_values("mana_cost")]

    @cached_property
    def keywords(self) -> list[frozenset[str]]:
        """Each card's keywords, lower-cased; cards with the same keywords share one set (most have none)."""
        shared: dict[tuple[str, ...], frozenset[str]] = {}
        return [shared.setdefault(tuple(keywords), frozenset(k.lower() for k in keywords))
                for keywords in self.columns.values("keywords")]

    @cached_property
    def layout(self) -> np.ndarray:
        return np.array(self.columns.values("layout"), dtype=object)

    def face_numbers(self, key: str) -> np.ndarray:
        """[cards, faces] array of a face stat (NaN where absent); ``mv`` is the card's, on every face."""
        cache = self.__dict__.setdefault("_face_numbers", {})
        if key not in cache:
            width = self.face_known.shape[1]
            if key == "mv":
                values = np.repeat(self.columns.mana_value[:, None], width, axis=1)
            elif key == "powtou":
                values = self.face_numbers("power") + self.face_numbers("toughness")
            else:
                values = np.full((self.size, width), np.nan)
                for row, faces in enumerate(self.columns.face_values(key)):
                    for index, face in enumerate(faces):
                        values[row, index] = _number(face)
            cache[key] = values
        return cache[key]

    def face_varies(self, key: str) -> np.ndarray:
        """[cards, faces]: whether a face's stat is printed with ``*`` or ``X`` (Tarmogoyf's ``*``, ``1+*``, a
        planeswalker's ``X`` loyalty), which :func:`_number` counts as 0; computed once per stat, as
        :meth:`face_numbers` is."""
        cache = self.__dict__.setdefault("_face_varies", {})
        if key not in cache:
            width = self.face_known.shape[1]
            cache[key] = np.array([[bool(face and re.search(r"[*xX]", face)) for face in faces]
                                   + [False] * (width - len(faces)) for faces in self.columns.face_values(key)],
                                  dtype=bool)
        return cache[key]

    @cached_property
    def front_is_permanent(self) -> np.ndarray:
        fronts = [(faces[0] or "").lower().split("—")[0] for faces in self.columns.face_values("type_line")]
        return np.array([any(p in front for p in PERMANENT_TYPES) for front in fronts], dtype=bool)

    def devotion(self, mask: int) -> np.ndarray:
        """Mana symbols of a cost that count toward devotion to any colour in ``mask`` (hybrid counts once)."""
        letters = color_letters(mask)
        return np.array([sum(1 for symbol in re.findall(r"\{([^}]+)\}", cost) if any(c in symbol for c in letters))
                         for cost in self.mana_cost])

    @cached_property
    def produced(self) -> tuple[np.ndarray, np.ndarray]:
        values = self.columns.values("produced_mana")
        mask = np.array([sum(PRODUCED_BITS.get(c, 0) for c in v) if v is not None else 0 for v in values],
                        dtype=np.uint8)
        known = np.array([v is not None for v in values], dtype=bool)
        return mask, known

    @cached_property
    def rarity(self) -> np.ndarray:
        from grimoire.search.query import RARITIES

        values = self.columns.values("rarity")
        return np.array([RARITIES.get(v, -1) if v else -1 for v in values], dtype=np.int8)

    @cached_property
    def released(self) -> np.ndarray:
        return np.array([v or "" for v in self.columns.values("released_at")], dtype=object)

    @cached_property
    def year(self) -> np.ndarray:
        return np.array([float(v[:4]) if v else np.nan for v in self.released])


def _narrower(tag: str) -> tuple[str, ...]:
    children = [child for child, parent in TAG_PARENTS.items() if parent == tag]
    return (tag, *(name for child in children for name in _narrower(child)))


# Each tag with the tags nested under it, at any depth, as Tagger's search finds them: `otag:counterspell` is
# also Stifle (counterspell-ability), `otag:sweeper` also Cyclonic Rift (sweeper-one-sided)
TAG_FAMILIES: dict[int, tuple[int, ...]] = {TAG_INDEX[tag.name]: tuple(TAG_INDEX[name] for name in _narrower(tag.name))
                                            for tag in TAGS}


def _tri(match: np.ndarray, known: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    if known is None:
        return match, ~match
    return match & known, ~match & known


def _partly_known(match: np.ndarray, unknown: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A test over what the store knows of a card: a hit is certain, a miss only when no face is unknown."""
    return match, ~match & ~unknown


def _compare(values: np.ndarray, op: str, target) -> np.ndarray:
    """``values`` against ``target`` (a number or an array of them). ``!=`` is a comparison of numbers, as on
    Scryfall: less or greater. An absent value (NaN: an instant's power) is no more unequal to 3 than it is less
    than 3, so ``pow!=3`` finds creatures, not every card without a power."""
    with np.errstate(invalid="ignore"):
        if op == "!=":
            return (values < target) | (values > target)
        return {":": values == target, "=": values == target, "<": values < target, "<=": values <= target,
                ">": values > target, ">=": values >= target}[op]


def popcount(masks: np.ndarray) -> np.ndarray:
    """How many bits each mask holds (colours of a colour mask, of :attr:`FilterIndex.produced`'s masks)."""
    return np.unpackbits(masks.astype(np.uint8)[:, None], axis=1).sum(axis=1)


def _colors_between(lower: np.ndarray, upper: np.ndarray, op: str, value, colon_means: str
                    ) -> tuple[np.ndarray, np.ndarray]:
    """Colour test for cards whose true colours lie between two masks (``lower`` known, ``upper`` possible).

    Rule: a card matches when every colour set in the range matches, fails when none does, and is unknown
    otherwise. Superset tests grow with the mask, subset tests shrink, so their two ends decide; equality is
    certain only when the range is one mask. A number (``c=2``) counts colours; ``:`` means ``=`` for it.
    """
    if isinstance(value, ColorCount):
        low, high, target = popcount(lower), popcount(upper), value.count
        op = "=" if op == ":" else op
        if op in ("=", "!="):
            between = (low <= target) & (target <= high)
            exact = (low == target) & (high == target)
            return (exact, ~between) if op == "=" else (~between, exact)
        return _compare(low, op, target) & _compare(high, op, target), \
            ~_compare(low, op, target) & ~_compare(high, op, target)
    if value.multicolor:
        wanted = op in (":", "=", ">=")
        low, high = popcount(lower) >= 2, popcount(upper) >= 2
        return (low, ~high) if wanted else (~high, low)
    target = np.uint8(value.mask)
    if op == ":":
        op = "=" if value.mask == 0 else colon_means
    if op in ("=", "!="):
        between = ((lower & ~target) == 0) & ((target & ~upper) == 0)
        exact = (lower == target) & (upper == target)
        return (exact, ~between) if op == "=" else (~between, exact)
    at_lower, at_upper = _color_test(lower, op, target), _color_test(upper, op, target)
    return at_lower & at_upper, ~at_lower & ~at_upper


def _color_test(masks: np.ndarray, op: str, target: np.uint8) -> np.ndarray:
    subset = (masks & ~target) == 0
    superset = (masks & target) == target
    equal = masks == target
    return {"<=": subset, "<": subset & ~equal, ">=": superset, ">": superset & ~equal}[op]


def _symbol_counts(cost: str) -> dict[str, int]:
    """A mana cost as a multiset: generic mana as one amount (``{3}`` is 3), every other symbol counted, ``{0}``
    too: a printed zero is a symbol of its own (``m:{0}`` had matched every card, as every cost holds at least no
    generic mana)."""
    counts: dict[str, int] = {}
    for symbol in re.findall(r"\{([^}]+)\}", cost.upper()):
        key, amount = ("generic", int(symbol)) if symbol.isdecimal() and int(symbol) else (symbol, 1)
        counts[key] = counts.get(key, 0) + amount
    return counts


def _compare_costs(cost: dict[str, int], op: str, wanted: dict[str, int]) -> bool:
    """Scryfall's ``m:`` comparisons: ``:`` and ``>=`` contain these symbols, ``=`` exactly these, ``<=``
    within them; ``>`` and ``<`` the same but not equal.

    Within a cost, a printed ``{0}`` is no mana to pay, so it fits inside any cost (``m<{R}{R}{R}`` had left out
    Ornithopter and Black Lotus); a card with no mana cost at all (a land, A.I.M. Labs) has no cost to compare, and
    is within none, as on Scryfall, whose m<{R}{R}{R} a conformance check counted at 631 cards, no land among them
    (it had listed about 1,180 costless cards, Ancient Den among them, and left the {0} cards out)."""
    superset = all(cost.get(k, 0) >= n for k, n in wanted.items())
    subset = bool(cost) and all(wanted.get(k, 0) >= n for k, n in cost.items() if k != "0")
    return {":": superset, ">=": superset, ">": superset and cost != wanted, "<=": subset,
            "<": subset and cost != wanted, "=": cost == wanted, "!=": cost != wanted}[op]


def _faces_compare(values: np.ndarray, other: np.ndarray | float, op: str, face_known: np.ndarray,
                   face_exists: np.ndarray, card_known: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """A number test face by face: a card matches when a known face does; it fails when every face is known
    and none does, so a card that lacks the number (an instant's power) fails ``pow>=1`` and matches its
    negation, as on Scryfall, while a card with an unknown face is neither."""
    hit = _compare(values, op, other) & face_known & face_exists
    true = hit.any(axis=1)
    all_known = face_known.all(axis=1) if card_known is None else face_known.all(axis=1) & card_known
    return true, ~true & all_known


def known_formats(columns: Columns) -> tuple[str, ...]:
    """The formats whose legality the loaded card data says, in :data:`FORMATS` order: commander alone in the
    bundled snapshot, every format in a store loaded from Scryfall."""
    return tuple(name for name in FORMATS if columns.knows_legality(name))


def unknown_legality(format_name: str, known: Sequence[str]) -> str:
    """What a format filter says where the loaded card data has no legality in that format, naming the formats
    it has (``known``, from :func:`known_formats`), so a caller can pick one without trying each."""
    has = f"it knows {', '.join(known)}" if known else "it knows no format's legality"
    return f"the loaded card data has no {format_name} legality ({has}; run grimoire data update)"


class Evaluator:
    """Evaluates one parsed query against a :class:`FilterIndex`."""

    def __init__(self, index: FilterIndex, query: str, budget: CpuBudget | None = None):
        self.index = index
        self.query = query
        # CPU time for regexes, shared by the whole query, or by every query of one search given ``budget``
        self.budget = budget or CpuBudget()
        self.undecided = 0

    def run(self, node: Node, candidates: np.ndarray | None = None) -> np.ndarray:
        """Rows (bool mask) that certainly match; :attr:`undecided` counts the candidates that neither match nor
        fail for certain (a face the store lacks decides them: Fire // Ice without Ice's text)."""
        interesting = self.index.everything if candidates is None else candidates
        true, false = self.evaluate(node, interesting)
        self.undecided = int(np.count_nonzero(interesting & ~true & ~false))
        return true & interesting

    def evaluate(self, node: Node, interesting: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if isinstance(node, And):
            true, false = interesting.copy(), np.zeros_like(interesting)
            for child in sorted(node.children, key=_cost):
                undecided = interesting & ~false
                child_true, child_false = self.evaluate(child, undecided)
                true &= child_true
                false |= child_false & undecided
            return true, false
        if isinstance(node, Or):
            true, false = np.zeros_like(interesting), interesting.copy()
            for child in sorted(node.children, key=_cost):
                undecided = interesting & ~true
                child_true, child_false = self.evaluate(child, undecided)
                true |= child_true & undecided
                false &= child_false & undecided
            return true, false
        if isinstance(node, Not):
            child_true, child_false = self.evaluate(node.child, interesting)
            return child_false, child_true
        if isinstance(node, Text):  # free text ranks; text that filters became Filter("text") when parsed
            return interesting.copy(), np.zeros_like(interesting)
        if isinstance(node, ExactName):
            match = np.zeros(self.index.size, dtype=bool)
            match[self.index.exact_names.get(fold(node.name), [])] = True
            return match, ~match
        if node.key in _ROW_BY_ROW_KEYS:
            return self.leaf(node, interesting)
        key, cache = (node.key, node.op, node.value), self.index.leaf_cache
        found = cache.get(key)  # whole-array leaves do not depend on the rows asked about
        return found if found is not None else cache.put(key, self.leaf(node, self.index.everything))

    def _error(self, message: str, node: Filter) -> QuerySyntaxError:
        return QuerySyntaxError(message, node.position, self.query)

    def leaf(self, node: Filter, interesting: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        key = node.key
        if key in ("name", "oracle", "fulloracle", "type", "text"):
            return self.text_leaf(node, np.flatnonzero(interesting))
        if key in CARD_KEYS:  # (the reader takes them from a query's top: see reading.py's typed_cards)
            raise self._error(f"{key}:\"{node.value}\" ranks a whole query by one card, so it goes at the query's "
                              "top level: not after - or beside or", node)
        if key in DIRECTIVE_KEYS:  # sort and display directives: every card passes (see order_positions)
            return self.index.everything.copy(), np.zeros(self.index.size, dtype=bool)
        if key in ("keyword", "mana", "devotion"):
            return self.cost_leaf(node, np.flatnonzero(interesting))
        if key in ("color", "identity", "produces"):
            return self.color_leaf(node)
        if key in ("mv", "power", "toughness", "powtou", "loyalty", "defense"):
            return self.number_leaf(node)
        if key in ("year", "date", "set", "rarity", "format", "banned", "restricted"):
            return self.printing_leaf(node)
        if key == "role":
            family = TAG_FAMILIES[TAG_NAMES[node.value]]  # the tag or one nested under it
            return _tri((self.index.tag_strengths[:, family] > 0).any(axis=1))
        if key in ("is", "not"):
            true, false = self.is_value(node)
            return (true, false) if key == "is" else (false, true)
        if key == "has":
            if node.value == "indicator":  # a card's own (CR 204), not a printing's; Grimoire's store keeps none
                raise self._error("the loaded card data does not record colour indicators (the dot that gives a "
                                  "card with no mana cost its colour, as on Insectile Aberration), so has:indicator "
                                  "cannot be answered", node)
            raise self._error(f"the loaded card data does not record has:{node.value} (watermarks, flavor text and "
                              "stamps belong to printings)", node)
        raise self._error(f"keyword {key} is not supported", node)

    def text_leaf(self, node: Filter, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        index, key, value = self.index, node.key, node.value
        if key == "name":  # names are always known
            if node.regex:  # the name as written, or without its accents (only names that have some), or a face's
                folded_rows = np.intersect1d(rows, index.accented_names, assume_unique=True)
                match = self._regex(index.name, node, rows) | self._regex(index.folded_name, node, folded_rows) | \
                    self._regex(index.face_names, node, np.intersect1d(rows, index.faced, assume_unique=True))
            else:
                match = index.folded_name.contains(fold(value), rows)
            return match, ~match
        column = self._text_column(key, "~" in (value.source if node.regex else value))
        match = self._regex(column, node, rows) if node.regex else column.contains(value, rows)
        if key == "type" and node.regex:  # each face's type line too, as Scryfall reads a regex's ^ and $
            match = match | self._regex(index.face_types, node, np.intersect1d(rows, index.faced, assume_unique=True))
        if key == "type" and value == "tribal" and not node.regex:  # the type's name until Oracle renamed it Kindred
            match = match | column.contains("kindred", rows)  # (2024); Scryfall still finds them by it
        if key == "type" and not node.regex:
            return self._type_of_missing_half(match, value)
        return _partly_known(match, index.unknown_face)

    def _type_of_missing_half(self, match: np.ndarray, value: str) -> tuple[np.ndarray, np.ndarray]:
        """A type word where the store lacks a face: the layout may settle it (Fire // Ice's missing half is an
        instant or a sorcery, so Fire // Ice is in ``-t:creature``; each Room's half is a Room), and a word no type
        line could hold (``t:🔥``) is on no face."""
        index, value = self.index, value.lower()
        if not all(_TYPE_LINE_CHARACTERS.fullmatch(character) for character in value):
            return match, ~match
        holds, settled = np.zeros(index.size, dtype=bool), ~index.unknown_face
        kinds_of = index.missing_half_types
        for row in np.flatnonzero(index.half_settled).tolist():
            inside = [value in kind for kind in kinds_of[row]]
            holds[row], settled[row] = all(inside), not any(inside)
        match = match | holds
        return match, ~match & settled

    def _text_column(self, key: str, tilde: bool) -> TextColumn:
        """The text a key searches; only that column is built (each is a joined copy of every card's text)."""
        index = self.index
        if key == "type":
            return index.type_line
        if key == "text":
            return index.anything
        if key == "fulloracle":
            return index.full_oracle_tilde if tilde else index.full_oracle
        return index.oracle_tilde if tilde else index.oracle

    def _regex(self, column: TextColumn, node: Filter, rows: np.ndarray) -> np.ndarray:
        try:
            return column.matches(node.value, rows, self.budget)
        except PatternTooSlow as exc:
            raise self._error(str(exc), node) from None

    def cost_leaf(self, node: Filter, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        index, op, value = self.index, node.op, node.value
        if node.key == "keyword":  # a card's keywords, of every face: the card data's list holds a missing half's
            # too (Dusk // Dawn's Aftermath, Prepare // Fight's Fight), so kw: decides every card
            match = np.array([value in ks for ks in index.keywords], dtype=bool)
            return match, ~match
        if node.key == "devotion":  # only permanents have devotion (rule 700.5), as on Scryfall
            counts = index.devotion(value.mask)
            match = _compare(counts, ">=" if op == ":" else op, value.count) & index.front_is_permanent
            return _partly_known(match, index.unknown_face)
        wanted = _symbol_counts(value)
        costs = index.mana_cost
        match = np.zeros(index.size, dtype=bool)
        for row in rows.tolist():
            match[row] = _compare_costs(_symbol_counts(costs[row]), op, wanted)
        return _partly_known(match, index.unknown_face)

    def color_leaf(self, node: Filter) -> tuple[np.ndarray, np.ndarray]:
        index, columns, op, value = self.index, self.index.columns, node.op, node.value
        if node.key == "identity":  # the corpus and Scryfall give the whole card's identity: always known
            identity = columns.color_identity
            return _colors_between(identity, identity, op, value, "<=")
        if node.key == "color":
            lower = columns.colors
            upper = np.where(index.unknown_face, lower | columns.color_identity, lower).astype(np.uint8)
            true, false = _colors_between(lower, upper, op, value, ">=")
            return true & columns.colors_known, false & columns.colors_known
        mask, known = index.produced
        upper = np.where(index.unknown_face, ALL_MANA_BITS, mask).astype(np.uint8)
        true, false = _colors_between(mask, upper, op, value, ">=")
        # Only a card that makes mana is compared, as on Scryfall: an empty set of mana is within any
        # (produces<=g had listed 30,579 cards, every one that adds no mana beside the 159 green producers)
        makes_none = upper == 0
        return true & ~makes_none & known, (false | makes_none) & known

    def number_leaf(self, node: Filter) -> tuple[np.ndarray, np.ndarray]:
        index, key, op, value = self.index, node.key, node.op, node.value
        if key == "defense" and np.isnan(index.face_numbers("defense")).all():
            raise self._error("the loaded card data has no defense values for battles (the bundled snapshot's "
                              "source lacks them; run grimoire data update)", node)
        if key == "mv" and not isinstance(value, FieldValue):
            values = index.columns.mana_value
            known = ~np.isnan(values)
            if value in ("even", "odd"):
                return _tri((np.nan_to_num(values) % 2 == (0 if value == "even" else 1)), known)
            return self._mana_value(op, value)
        if value == VARIABLE:
            varies = index.face_varies(key).any(axis=1)
            fixed = (~np.isnan(index.face_numbers(key))).any(axis=1) & ~varies
            match = varies if op in (":", "=") else fixed  # (!= as for numbers: a card with no such stat is neither)
            return match, ~match & ~(index.unknown_face & ~index.half_settled)
        values = index.face_numbers(key)
        mv_known = ~np.isnan(index.columns.mana_value)
        if isinstance(value, FieldValue):
            other = index.face_numbers(value.key)
            card_known = mv_known if "mv" in (key, value.key) else None
            return _faces_compare(values, other, op, index.face_settled, index.face_exists, card_known)
        return _faces_compare(values, value, op, index.face_settled, index.face_exists)

    def _mana_value(self, op: str, value: float) -> tuple[np.ndarray, np.ndarray]:
        """``mv`` against a number. A mana value the store lacks (a split card's, whose second cost it lacks) is
        at least :attr:`FilterIndex.mana_value_floor`, which settles some tests: Fire // Ice is in ``mv>=2``, and
        no card is in ``mv=-1``."""
        values, floor = self.index.columns.mana_value, self.index.mana_value_floor
        known = ~np.isnan(values)
        true, false = _tri(_compare(values, op, value), known)
        if op in (">=", ">"):
            true |= ~known & _compare(floor, op, value)
        elif op in ("<", "<="):
            false |= ~known & ~_compare(floor, op, value)
        elif op in (":", "="):
            false |= ~known & (floor > value)
        elif op == "!=":
            true |= ~known & (floor > value)
        return true, false

    def printing_leaf(self, node: Filter) -> tuple[np.ndarray, np.ndarray]:
        """Filters on what a printing says (set, date, rarity, legality): an error when the store lacks it."""
        index, columns, key, op, value = self.index, self.index.columns, node.key, node.op, node.value
        if key == "set":
            raise self._error("the loaded card data has no set codes (it is per card, not per printing), so e:, s: "
                              "and set: cannot be answered", node)
        if key in ("year", "date"):
            if not index.released.any():
                raise self._error("the loaded card data has no release dates (run grimoire data update)", node)
            known = index.released != ""
            if key == "year":
                return _tri(_compare(index.year, op, value), known)
            target = value + "-01-01"[len(value) - 4:] if len(value) < 10 else value
            return _tri(_compare(index.released, op, target).astype(bool), known)
        if key == "rarity":
            values = index.rarity
            if (values < 0).all():
                raise self._error("the loaded card data has no rarity (run grimoire data update)", node)
            return _tri(_compare(values.astype(float), op, float(value)), values >= 0)
        if not columns.knows_legality(value):
            raise self._error(unknown_legality(value, known_formats(columns)), node)
        codes = columns.legality(value)
        wanted = {"format": (1, 2), "banned": (3,), "restricted": (2,)}[key]
        return _tri(np.isin(codes, wanted), codes >= 0)

    def is_value(self, node: Filter) -> tuple[np.ndarray, np.ndarray]:
        index, value = self.index, node.value
        columns = index.columns
        if value in LAYOUT_IS and value != "saga":
            return _tri(np.isin(index.layout, list(LAYOUT_IS[value])))
        if value in ("gamechanger", "gc", "funny", "reserved"):
            flags = {"gamechanger": columns.game_changer, "gc": columns.game_changer, "funny": columns.is_funny,
                     "reserved": columns.reserved}[value]
            if (flags < 0).all():
                raise self._error(f"the loaded card data does not say which cards are {value}", node)
            return _tri(flags == 1, flags >= 0)
        if value == "digital":  # from rules text: a card printed only online whose text is paper's is not found
            return _partly_known(index.digital_only, index.unknown_face)
        if value in ("reprint", "firstprint"):
            raise self._error(f"the loaded card data has no printings, so is:{value} cannot be answered "
                              "(Grimoire's card data is per card)", node)
        if value in ("multicolor", "colorless", "monocolor"):
            wanted = {"multicolor": ColorValue(0, multicolor=True), "colorless": ColorCount(0),
                      "monocolor": ColorCount(1)}[value]
            return self.color_leaf(Filter("color", "=", wanted, node.position, node.raw))
        if value == "permanent":
            # a permanent card by its front face, which is all a double-faced card is outside the battlefield and the
            # stack (rule 712.8a), and which the store always knows: Startled Awake // Persistent Nightmare is a
            # sorcery (is:permanent had found it, and Esper Origins, by the creature on its back)
            return _tri(index.front_is_permanent.copy())  # (a copy: the leaf cache shares what it returns)
        if value == "vanilla":  # no rules text on any face: text on a known face decides, as does a missing half with
            # text of its own (an instant or sorcery half); an unknown face may hold some
            vanilla = self.text_property(value)
            has_text = np.array([bool(x.strip()) for x in index.full_oracle.strings], dtype=bool)
            settled = index.unknown_face & index.half_settled
            return vanilla & ~index.unknown_face, (~vanilla & (~index.unknown_face | has_text)) | settled
        if value == "frenchvanilla":  # keyword abilities only: a known face's other rules text settles it, as does a
            # missing half with text of its own (an adventure's spell: Hypnotic Sprite // Mesmeric Glare had matched)
            french = self.text_property(value)
            other_text = np.array([bool(x.strip()) for x in index.oracle.strings], dtype=bool) & \
                ~index.keyword_only_text
            settled = index.unknown_face & (index.half_settled | other_text)
            return french & ~index.unknown_face, (~french & ~index.unknown_face) | settled
        return _partly_known(self.text_property(value), index.unknown_face)

    def text_property(self, value: str) -> np.ndarray:
        """``is:`` values read from type lines, rules text and costs (what the store knows of them)."""
        index = self.index
        types = index.type_line.strings
        if value in ("land", "creature", "instant", "sorcery", "artifact", "enchantment", "planeswalker",
                     "battle", "saga", "legendary"):
            return np.array([value in t for t in types], dtype=bool)
        if value == "spell":  # cast as a spell (scryfall.com/docs/syntax): no land, nor a card never cast
            return np.array([not _NEVER_CAST.intersection(t.split("//")[0].split("—")[0].split()) for t in types],
                            dtype=bool)
        if value == "historic":
            return np.array([any(h in t for h in ("legendary", "artifact", "saga")) for t in types], dtype=bool)
        if value in ("commander", "duelcommander", "brawler"):
            # who can lead a deck, by its front face (the deck checker's rule): a legendary creature, a card whose
            # text says it can be your commander, Grist; a Background, which leads beside a commander that chooses
            # one (as on Scryfall); Brawl's any legendary planeswalker too (Duel Commander's rules are Commander's).
            # The text with its reminders: a spell commander says so only there ("Spell commander (This card can be
            # your commander.)", Clear, the Mind)
            fronts = [t.split("//")[0] for t in types]
            leads = np.array([can_lead(f, x) or is_background(f) for f, x in zip(fronts, index.full_oracle.strings,
                                                                                  strict=True)], dtype=bool)
            if value == "brawler":
                leads |= np.array(["legendary" in f and "planeswalker" in f for f in fronts], dtype=bool)
            return leads
        if value == "oathbreaker":  # any planeswalker leads an Oathbreaker deck
            return np.array(["planeswalker" in t.split("//")[0] for t in types], dtype=bool)
        if value in ("partner", "companion"):
            wanted = PARTNER_KEYWORDS if value == "partner" else {"companion"}
            return np.array([bool(ks & wanted) for ks in index.keywords], dtype=bool)
        if value == "bear":  # Scryfall's is:bear: a two-mana 2/2 creature
            power, toughness = index.face_numbers("power")[:, 0], index.face_numbers("toughness")[:, 0]
            creature = np.array(["creature" in t.split("//")[0] for t in types], dtype=bool)
            return creature & (index.columns.mana_value == 2) & (power == 2) & (toughness == 2)
        if value in CREATURE_GROUPS:  # a creature of one of the group's types, on any face's type line
            wanted = CREATURE_GROUPS[value]
            return np.array([any("creature" in face.split("—")[0] and wanted & set(face.partition("—")[2].split())
                                 for face in t.split("//")) for t in types], dtype=bool)
        if value in ("vanilla", "frenchvanilla"):
            return self._vanilla(value, types)
        if value == "modal":  # a modal spell's list of modes ("Choose one —") or a modal double-faced card
            modes = np.array([bool(_MODES.search(x) or ks & MODAL_KEYWORDS)
                              for x, ks in zip(index.oracle.strings, index.keywords, strict=True)], dtype=bool)
            return modes | np.isin(index.layout, ["modal_dfc"])
        if value in ("hybrid", "phyrexian"):
            pattern = _HYBRID if value == "hybrid" else _PHYREXIAN
            return np.array([bool(pattern.search(c)) for c in index.mana_cost], dtype=bool)
        rule = IS_NICKNAMES[value]
        type_lines, texts = index.nickname_texts
        return np.array([rule(t, x) for t, x in zip(type_lines, texts, strict=True)], dtype=bool)

    def _vanilla(self, value: str, types: list[str]) -> np.ndarray:
        creature = np.array(["creature" in t for t in types], dtype=bool)
        if value == "vanilla":  # no text at all, reminder text too: Dryad Arbor's is all reminder, and an ability
            # ("it has {T}: Add {G}"), yet it had been vanilla
            return creature & np.array([not x.strip() for x in self.index.full_oracle.strings], dtype=bool)
        return creature & self.index.keyword_only_text


# A dash with a space each side: an ability word's ("Descend 4 — ...", "Fear Gas — ..."; some cards print a hyphen,
# "Golden Rule - Whenever ..."), but for a prototype's power and toughness ("Prototype {2}{R} — 3/2"). A keyword's
# cost follows a dash without spaces ("Ward—Pay 3 life.").
_ABILITY_WORD_DASH = re.compile(r"\s[—–-]\s(?!\d+/\d+$)")
# What continues a keyword after a comma: protection's other qualities ("protection from vampires, from werewolves,
# and from zombies") and what a keyword's X is ("mobilize x, where x is the number of ...").
_KEYWORD_CONTINUATION = re.compile(r"(?:and )?from |where x is ")


def _keyword_line(line: str, keywords) -> bool:
    """Whether a rules text line (lower case, reminder text removed) is keyword abilities only: each item between
    its commas and semicolons a keyword and what it takes ("flying; first strike", "bushido 2", "equip {2}",
    "protection from red", "ward—pay 3 life."). Not an ability word's line ("battalion — whenever ..."), which
    Scryfall's keywords list too but French vanilla is not, nor an activated ability ("waterbend {5}, {t}: ..."),
    nor a sentence that starts with a keyword's letters ("foretelling cards from your hand costs {1} less")."""
    if ":" in line or _ABILITY_WORD_DASH.search(line):
        return False
    items = (item.strip() for item in re.split(r"[,;]", line.partition("—")[0]))
    return all(_KEYWORD_CONTINUATION.match(item) or "." not in item and
               any(item == k or item.startswith(k + " ") for k in keywords) for item in items if item)


# Creature type groups the rules name: a party (rule 700.8) and outlaws (Outlaws of Thunder Junction, 2024).
CREATURE_GROUPS = {"party": {"cleric", "rogue", "warrior", "wizard"},
                   "outlaw": {"assassin", "mercenary", "pirate", "rogue", "warlock"}}
_ROW_BY_ROW_KEYS = frozenset({"name", "oracle", "fulloracle", "type", "text", "mana"})


def _cost(node: Node) -> int:
    """Cheap filters first, so text scans see the fewest rows."""
    if isinstance(node, Filter):
        if node.regex:
            return 4
        return 3 if node.key in _ROW_BY_ROW_KEYS else 1
    if isinstance(node, Text | ExactName):
        return 2
    return 5


def order_positions(index: FilterIndex, rows: np.ndarray, order: str, direction: str, query: str = "") -> np.ndarray:
    """Positions into ``rows`` that sort them by Scryfall's ``order:`` (name breaks ties, unknown values last)."""
    columns = index.columns
    position = max(query.lower().find("order:"), 0)
    if order == "edhrec":
        raise QuerySyntaxError("the loaded card data has no EDHREC rank, so order:edhrec cannot sort it",
                               position, query)
    if order == "released" and not index.released.any():
        raise QuerySyntaxError("the loaded card data has no release dates, so order:released cannot sort it",
                               position, query)
    if order == "rarity" and (index.rarity < 0).all():
        raise QuerySyntaxError("the loaded card data has no rarity, so order:rarity cannot sort it",
                               position, query)
    if order == "name":
        primary = index.name_order.astype(float)
    elif order in ("cmc", "mv", "manavalue"):
        primary = columns.mana_value.copy()
    elif order in ("power", "pow", "toughness", "tou"):
        primary = np.nanmax(np.where(index.face_exists, index.face_numbers(
            "power" if order.startswith("pow") else "toughness"), np.nan), axis=1, initial=-np.inf)
        primary[np.isinf(primary)] = np.nan
    elif order == "color":  # WUBRG, then multicolour, then colourless
        counts = popcount(columns.colors)
        first = np.array([(int(m) & -int(m)).bit_length() for m in columns.colors])
        primary = np.where(counts == 0, 99.0, np.where(counts >= 2, 10.0 + counts, first.astype(float)))
    elif order == "rarity":
        primary = np.where(index.rarity >= 0, index.rarity, np.nan).astype(float)
    else:
        primary = np.array([int(d.replace("-", "")) if d else np.nan for d in index.released], dtype=float)
    values = primary[rows]
    sign = -1.0 if direction == "desc" else 1.0
    unknown = np.isnan(values)
    keyed = np.where(unknown, 0.0, values * sign)
    return np.lexsort((index.name_order[rows], keyed, unknown))


_STAT_KEYS = ("power", "toughness", "powtou")


def front_face_meets(index: FilterIndex, node: Node) -> np.ndarray:
    """Per card, whether its front face alone passes the power and toughness tests of ``node`` (the tests an
    ``And`` holds, as the reader writes "3/3" or "5+ power"; other keys pass). A filter passes a card when any
    face does, as on Scryfall, but a player asking for "2 mana 3/3 creatures" means the card cast as a 3/3:
    Kessig Naturalist (2/2) transforms into a 3/3 and is an answer only after those that are one."""
    meets = np.ones(index.size, dtype=bool)
    leaves = node.children if isinstance(node, And) else (node,)
    for leaf in leaves:
        if not isinstance(leaf, Filter) or leaf.key not in _STAT_KEYS:
            continue
        other = index.face_numbers(leaf.value.key)[:, 0] if isinstance(leaf.value, FieldValue) else leaf.value
        if isinstance(other, (int, float, np.ndarray)):
            meets &= _compare(index.face_numbers(leaf.key)[:, 0], leaf.op, other)
    return meets
