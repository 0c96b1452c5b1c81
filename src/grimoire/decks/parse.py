"""Decklists in, a :class:`ParsedDeck` out: Arena, MTGO, Moxfield and plain text, and MTGJSON deck files.

Names resolve the way ``grimoire card`` finds them; a line that names no card becomes a :class:`LineProblem`.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from grimoire.cards.model import Card
from grimoire.cards.mtgjson import repeated_faces
from grimoire.cards.names import CardNotFoundError, fold, shown
from grimoire.cards.store import CardDB

SECTIONS = ("commanders", "main", "sideboard", "companion")
# Bounds on the work one decklist may cause, so a pasted novel answers as fast as a deck.
MAX_QUANTITY = 999
MAX_LINE_CHARS = 500
MAX_LINES = 10_000
MAX_PROBLEMS = 200
FUZZY_NAMES = 50  # distinct unknown names, so the same typo reads the same way on every line
FUZZY_CPU_SECONDS = 2.0
_COUNT_DIGITS = 9  # longer numbers are not worth converting (Python refuses beyond 4,300 digits)

# Header words of every export we know, folded to lower case; ``None`` means "skip the cards below".
_HEADERS = {
    "commander": "commanders", "commanders": "commanders", "command zone": "commanders",
    "deck": "main", "main": "main", "maindeck": "main", "main deck": "main", "mainboard": "main",
    "sideboard": "sideboard", "side": "sideboard", "side board": "sideboard", "sb": "sideboard",
    "companion": "companion", "companions": "companion",
    "maybeboard": None, "maybe": None, "considering": None, "tokens": None, "attractions": None,
    "stickers": None,
    # a card type's group, as deck sites' pages head their lists and a list copied from one keeps them (MTGTop8's
    # "LANDS (23)", "CREATURES (22)", "INSTANTS and SORC. (16)", "OTHER SPELLS", as a public scraper of its pages
    # skips them; "Creatures (24)" on Moxfield's and Archidekt's pages): main deck cards (a bare "Instant" had been
    # corrected to Instant Ramen, "Creatures (2)" was a bad line)
    **dict.fromkeys(("creature", "creatures", "land", "lands", "artifact", "artifacts", "enchantment", "enchantments",
                     "instant", "instants", "sorcery", "sorceries", "sorc.", "instants and sorc.",
                     "instants and sorceries", "planeswalker", "planeswalkers", "battle", "battles", "spells",
                     "other spells"), "main"),
}
_HEADER = re.compile(r"^(?://|#)?\s*([a-z][a-z .]*?)\s*(?:\(\d+\))?\s*:?$", re.IGNORECASE)
# Forge's .dck sections, as Card-Forge/forge writes them (forge-core's deck/io/DeckSerializer.java: "[metadata]" with
# "Name=<deck name>", then "[<DeckSection>]" for each of deck/DeckSection.java's Avatar, Commander, Main, Sideboard,
# Planes, Schemes and Conspiracy, read whatever their case). No section here holds Avatar, Planes, Schemes or
# Conspiracy cards: they are set aside, and a note names the section.
FORGE_METADATA = "metadata"
_FORGE_SECTIONS = {FORGE_METADATA: None, "commander": "commanders", "main": "main", "sideboard": "sideboard",
                   "avatar": None, "planes": None, "schemes": None, "conspiracy": None}
_FORGE_HEADER = re.compile(r"^\[\s*([A-Za-z]+)\s*\]$")
# A count before the name: "4 Lightning Bolt", "4x", "4 x", "x4", or typed against it ("4Lightning Bolt", "10Forest",
# '3"Ach! Hans, Run!"': no card name has a letter, a quote or a "+" right after its leading digits); the second
# reading takes no "x", for the card X ("1 X (UNF) 12") and names that start with one.
# (an "x" after a space is a count's only before another space: "4 Xenagos" is no "4 x" before "enagos")
_QUANTITY = re.compile(r"^(?:[xX×]\s?)?([-+\u2212]?\d+)(?:[xX×]|\s+[xX×](?=\s))?(?:\s+|(?=[^\W\d_]|[\"'+]))(.+)$")
_BARE_QUANTITY = re.compile(r"^([-+\u2212]?\d+)(?:\s+|(?=[^\W\d_]|[\"'+]))(.+)$")
_WRITTEN_COUNT = re.compile(r"([-+\u2212]?)(\d+)")
# A count written as a word ("four Counterspell"), read only when the rest is a card's exact name (so "One with
# Nothing" and "Seven Dwarves" stay cards); "four Counterspell" had been fuzzy-matched to 1 Counterspell
_NUMBER_WORDS = {word: number for number, word in enumerate(
    ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), start=1)}
_WORD_QUANTITY = re.compile(rf"^({'|'.join(_NUMBER_WORDS)})\s+(\S.*)$", re.IGNORECASE)
# A line that is a count and nothing else ("4x", "x4", "4"): "4x" had been read as 4 copies of the card X
_COUNT_ONLY = re.compile(r"^(?:[xX×]\s?\d+|\d+[xX×]?)$")
# What exporters put after the name, taken off from the end one at a time: a count ("x4", "x 4", "×4", "(x4)"),
# Archidekt's categories ("[Ramp,Artifact]", the commander's "[Commander{top}]"), markers ("*F*", TappedOut's
# "*CMDR*" and "*f-etched*", "^tag^", MTGGoldfish's foil "(F)" and its variant before the set, "<borderless>",
# "<279>"), deck tags ("#Ramp", "#!Card Advantage #Draw") and a set code with its collector number ("(CMR) 472",
# "[CMR]", Archidekt's "() 30" for a card with no set chosen). Archidekt writes "{quantity}x {name} ({set})
# {collector number} [{category}] ^{tag}^" and TappedOut "1x Alesha, Who Smiles at Death *CMDR*" (the formats as
# public deck-import code reads them); MTGGoldfish "Kraum, Ludevic's Opus [C16] (F)" (its deck pages' card ids, as
# lheyberger/mtg-parser's tests/mocks/mock_mtggoldfish_3-amigos_content captured one).
_TRAILING_QUANTITY = re.compile(r"\s(?:[xX×]\s?(\d+)|\(\s*[xX×]\s?(\d+)\s*\))$")
_CATEGORIES = re.compile(r"\s\[([^\[\]]*)\]$")
# (no card name holds a "*" or a "<", nor ends in "(F)")
_MARKER = re.compile(r"(?:\s|(?=\*[A-Za-z-]+\*$))(\*[A-Za-z-]+\*|\^[^^]*\^|\(F\)|<[^<>]{1,30}>)$")
# Tags run from the first " #" to the end of the line, and a tag may hold several words ("1 Gilded Drake #!Card
# Advantage", "20 Lim-Dûl's Vault #Extra Turn", "#!Ramp #Draw": lheyberger/mtg-parser's tests/test_grammar.py
# reads such MTGO and Arena lines, "!" marking a global tag); no card name holds a "#".
_TAGS = re.compile(r"\s(#.*)$")
_TAG_START = re.compile(r"\s+(?=#)")
# Deckstats marks the commander "1 Atraxa, Praetors' Voice # !Commander" (or "#!Commander"), as Commander Spellbook's
# deck reader (SpaceCowMedia/commander-spellbook-backend, backend/common/serializers.py) reads its export: the tag
# must be that word alone ("#!Commander Staples" is a tag like any other).
_DECKSTATS_COMMANDER = re.compile(r"#\s?!\s?commander", re.IGNORECASE)
# A printing in brackets before the name: Deckstats' "1 [KLD] Demolition Stomper" (as public deck importers read its
# export) and XMage's .dck "1 [CMM:410] Sol Ring" (as magefree/mage's DckDeckImporter reads it). No name starts
# with "[".
_LEADING_PRINTING = re.compile(r"^\[[A-Za-z0-9_-]{1,12}(?:[:#][A-Za-z0-9_★†*+-]{1,12})?\]\s+(?=\S)")
# Forge's printing after the name, "Name|SET" or "Name|SET|art index" (forge-core's CardPool writes
# "4 Lightning Bolt|M10|1"): no card name holds a "|". A foil card's name ends in "+", CardDb.foilSuffix, as in
# "Lightning Dragon+" and "Name+|SET|3|[202]" (forge-gui-desktop's test/java/forge/card/CardRequestTestCase.java);
# no card name ends in "+".
_FORGE_PRINTING = re.compile(r"(?:\+?\|[A-Za-z0-9_]{1,10}(?:\|[^|]*)*|\+)$")
_SET_AND_NUMBER = re.compile(r"\s[(\[](?:[A-Za-z0-9_]{2,6})?[)\]](?:\s+[A-Za-z0-9★†\-]+)?$")
_MAX_PIECES = 8  # pieces taken off one name's end: more than any export writes, few enough to bound a long line
# A number after the name, where no export writes a count: "Lightning Bolt 4" (a count, or a collector number
# without its set?), "Forest4".
_NUMBER_AFTER_NAME = re.compile(r"\s*([0-9]+)$")
_INVISIBLE = "\ufeff\u200b\u200c\u200d\u2060"  # format characters that show as nothing: byte-order mark, zero-width
# Lines of deck files that hold no card: XMage's .dck "NAME:<deck name>", "AUTHOR:<name>" and "LAYOUT MAIN:(...)|..."
# (its deck editor's grid, naming again the cards listed above it), as magefree/mage's DckDeckImporter reads them, and
# Deckstats' "//NAME: <deck name> from deckstats.net".
_NAME_LINE = re.compile(r"^(?://\s*)?NAME:\s*(.*?)(?:\s+from deckstats\.net)?$")
_XMAGE_METADATA = re.compile(r"^(?:AUTHOR:|LAYOUT (?:MAIN|SIDEBOARD):)")
# "Commander: Alesha, Who Smiles at Death": the header and its card on one line, as some deck builders write it
_INLINE_COMMANDER = re.compile(r"^(?:commanders?|command zone)\s*:\s*(\S.*)$", re.IGNORECASE)


@dataclass(frozen=True)
class DeckEntry:
    """One resolved line: ``quantity`` copies of ``card``, as written on ``line_number`` (1-based)."""

    quantity: int
    card: Card
    line_number: int
    raw_name: str

    def to_dict(self) -> dict:
        return {"quantity": self.quantity, "name": self.card.name, "line_number": self.line_number,
                "raw_name": self.raw_name}


@dataclass(frozen=True)
class LineProblem:
    """A line that could not be read; ``reason`` says why and names the closest cards where there are any."""

    line_number: int
    text: str
    reason: str
    suggestions: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {**asdict(self), "suggestions": list(self.suggestions)}


@dataclass(frozen=True)
class Correction:
    """A line whose name was misspelt and read, by fuzzy matching, as the card ``name``."""

    line_number: int
    written: str
    name: str

    @property
    def message(self) -> str:
        return f"line {self.line_number}: {shown(self.written)!r} read as {self.name}"

    def to_dict(self) -> dict:
        return {**asdict(self), "message": self.message}


@dataclass
class ParsedDeck:
    """A decklist by section. Cards appear as written: the same card on two lines is two entries.

    ``problems`` are the lines that were not read; ``corrections`` the misspelt names that were read as a card.
    """

    commanders: list[DeckEntry] = field(default_factory=list)
    main: list[DeckEntry] = field(default_factory=list)
    sideboard: list[DeckEntry] = field(default_factory=list)
    companion: list[DeckEntry] = field(default_factory=list)
    problems: list[LineProblem] = field(default_factory=list)
    name: str | None = None
    corrections: list[Correction] = field(default_factory=list)
    # the card store the names were read in, whose cached tags give the cards' roles (see analyze_deck)
    store: CardDB | None = field(default=None, repr=False, compare=False)
    # lines under a Maybeboard or Considering header, on a deck site's maybeboard, or in a {noDeck} category: no part
    # of the deck
    set_aside: int = 0
    notes: list[str] = field(default_factory=list)  # what was read other than as written (a commander taken by place)
    # the format a deck site says the deck is for (Moxfield's "modern"), and which site says it: a check with no
    # format of its own checks that one
    declared_format: str | None = None
    declared_by: str | None = None

    def section(self, name: str) -> list[DeckEntry]:
        if name not in SECTIONS:
            raise ValueError(f"unknown deck section {name!r}; sections are {', '.join(SECTIONS)}")
        return getattr(self, name)

    def count(self, *sections: str) -> int:
        """Number of cards in these sections (all four when none are named)."""
        return sum(e.quantity for s in sections or SECTIONS for e in self.section(s))

    def to_dict(self) -> dict:
        return {"name": self.name,
                **{s: [e.to_dict() for e in self.section(s)] for s in SECTIONS},
                "problems": [p.to_dict() for p in self.problems],
                "corrections": [c.to_dict() for c in self.corrections],
                "notes": list(self.notes), "declared_format": self.declared_format}


class _Reader:
    """Resolves the names of one deck within its budget: fuzzy matching for the first :data:`FUZZY_NAMES`
    distinct unknown names and :data:`FUZZY_CPU_SECONDS` of this thread's CPU time (so a busy machine changes
    nothing), exact lookups after that. A name is resolved once per deck, so it reads the same on every line."""

    def __init__(self, db: CardDB, deck: ParsedDeck):
        self.db = db
        self.deck = deck
        self.fuzzy_left = FUZZY_NAMES
        self.deadline = time.thread_time() + FUZZY_CPU_SECONDS
        self.resolved: dict[str, tuple[Card, bool] | CardNotFoundError] = {}

    @property
    def full(self) -> bool:
        return len(self.deck.problems) >= MAX_PROBLEMS

    def find(self, name: str) -> int | None:
        """Row of the card named exactly ``name`` (by any face), without fuzzy matching; "Front/Back" or "Front ///
        Back", as some exporters write double-faced cards, only when each part names that same card (so "Sol Ring //
        Nonsense" is not Sol Ring, nor a line's "Bind // Liberate (CMR) 12" the card Bind)."""
        row = self.db.names.find(name)
        if row is None and "/" in name:
            rows = {self.db.names.find(face) for face in _faces(name)}
            row = rows.pop() if len(rows) == 1 else None
        return row

    def is_card(self, name: str) -> bool:
        """Whether ``name`` is a card's exact name, or "Front/Back" with each part naming that same card."""
        return self.find(name) is not None

    def resolve(self, name: str) -> tuple[Card, bool]:
        """The card ``name`` means and whether it was a fuzzy correction; raises :class:`CardNotFoundError`, the
        same answer for the same name all through the deck."""
        if name not in self.resolved:
            try:
                self.resolved[name] = self._resolve(name)
            except CardNotFoundError as exc:
                self.resolved[name] = exc
        answer = self.resolved[name]
        if isinstance(answer, CardNotFoundError):
            raise answer.with_traceback(None)  # a fresh traceback each time, not one grown by every line
        return answer

    def _resolve(self, name: str) -> tuple[Card, bool]:
        row = self.find(name)
        if row is not None:
            return self.db.card_at(row), False
        if self.fuzzy_left <= 0 or time.thread_time() > self.deadline:
            raise _FuzzySkipped(name, [])
        self.fuzzy_left -= 1
        return self.db.card_at(self.db.names.lookup(name)), True

    def problem(self, line_number: int, text: str, reason: str, suggestions: Iterable[str] = ()) -> None:
        self.deck.problems.append(LineProblem(line_number, shown(text), reason, tuple(suggestions)))

    def add(self, section: str, quantity: object, card_name: str, line_number: int, text: str,
            card: Card | None = None) -> None:
        """Add one line's card to ``section``, or a problem for the line."""
        count = _count(quantity)
        if isinstance(count, str):
            self.problem(line_number, text, count)
            return
        if card is None and self._add_parts(section, count, card_name, line_number, text):
            return
        if card is None and (card := self._alchemy(card_name)) is not None:
            self.deck.notes.append(f"line {line_number}: {shown(card_name)!r} is an Alchemy rebalanced card "
                                   f"(A-...): read as the paper card {card.name}")
        if card is None:
            try:
                card, corrected = self.resolve(card_name)
            except CardNotFoundError as exc:
                self.problem(line_number, text, _unknown_reason(card_name, exc), exc.suggestions)
                return
            if corrected:
                self.deck.corrections.append(Correction(line_number, card_name, card.name))
            elif _later_face(card_name, card):
                self.deck.notes.append(f"line {line_number}: {shown(card_name)!r} is the second face of {card.name}, "
                                       "not its front: read as that card")
        self.deck.section(section).append(DeckEntry(count, card, line_number, card_name))

    def _alchemy(self, name: str) -> Card | None:
        """The paper card of an Alchemy rebalanced card's name ("A-Teferi, Time Raveler"), which the card data
        leaves out (Arena-only cards), or ``None`` for any other name."""
        if not name.startswith("A-") or self.db.names.find(name) is not None:
            return None
        row = self.db.names.find(name[2:])
        return None if row is None else self.db.card_at(row)

    def _add_parts(self, section: str, count: int, card_name: str, line_number: int, text: str) -> bool:
        """Read a name written "A // B" that is no one card (a partner pair, as EDHREC writes one) as the cards it
        names, with a note; a line where some parts are cards and others not is a problem naming those. ``False``
        when the name is not of that shape, is one card, or names no card at all (left to fuzzy matching)."""
        parts = _faces(card_name)
        if len(parts) < 2 or self.find(card_name) is not None:
            return False
        rows = [self.db.names.find(part) for part in parts]
        if all(row is None for row in rows):
            return False
        unknown = [part for part, row in zip(parts, rows, strict=True) if row is None]
        if unknown:
            known = ", ".join(self.db.card_at(row).name for row in rows if row is not None)
            self.problem(line_number, text, f"{known} is a card but {shown(unknown[0])!r} is not: write one card a "
                         "line (a two-faced card as 'Front // Back')", self._suggestions(unknown[0]))
            return True
        written = {}  # each card once, as its first part wrote it
        for part, row in zip(parts, rows, strict=True):
            written.setdefault(row, part)
        cards = [self.db.card_at(row) for row in written]
        for card, part in zip(cards, written.values(), strict=True):
            self.deck.section(section).append(DeckEntry(count, card, line_number, part))
        self.deck.notes.append(f"line {line_number}: {shown(card_name)!r} names {len(cards)} cards, read as "
                               f"{' and '.join(card.name for card in cards)}: write one card a line")
        return True

    def _suggestions(self, name: str) -> tuple[str, ...]:
        """The closest card names to ``name``, within the deck's fuzzy-matching budget."""
        try:
            card, _ = self.resolve(name)
        except CardNotFoundError as exc:
            return tuple(exc.suggestions)
        return (card.name,)


def _later_face(name: str, card: Card) -> bool:
    """Whether ``name`` names only a face of ``card`` past its front: a double-faced card's back ("Insectile
    Aberration"), an adventure ("Stomp"), a split card's right half. Read as the card, as a player means it, but
    said, for one who typed the wrong face."""
    folded = fold(name)
    return folded not in (fold(card.name), fold(card.faces[0].name)) and any(
        folded == fold(face.name) for face in card.faces[1:])


def _faces(name: str) -> list[str]:
    """The parts of a name written "Front/Back" or "Front /// Back" (split without a regular expression: one with
    spaces around the slashes took quadratic time on a long run of spaces)."""
    return [face.strip() for face in name.split("/") if face.strip()] if "/" in name else [name]


class _FuzzySkipped(CardNotFoundError):
    """An unknown name past the deck's fuzzy-matching budget."""


def _unknown_reason(card_name: str, exc: CardNotFoundError) -> str:
    reason = f"no card named {shown(card_name)!r}"
    if isinstance(exc, _FuzzySkipped):
        return reason + f" (no suggestions past the first {FUZZY_NAMES} unknown names of a deck)"
    return reason if exc.suggestions else reason + " (and no close name)"


def _count(quantity: object) -> int | str:
    """A line's number of copies, or the reason it is not one (1 to :data:`MAX_QUANTITY`)."""
    if isinstance(quantity, str):
        match = _WRITTEN_COUNT.fullmatch(quantity)
        if not match:
            return f"quantity {shown(quantity)!r} is not a number of copies: write 1 to {MAX_QUANTITY}"
        sign, digits = match.group(1), match.group(2).lstrip("0") or "0"
        if len(digits) > _COUNT_DIGITS:
            return f"quantity of {len(digits):,} digits is too large: write 1 to {MAX_QUANTITY} copies"
        quantity = -int(digits) if sign in ("-", "\u2212") else int(digits)
    if isinstance(quantity, bool) or not isinstance(quantity, int):
        return f"quantity {shown(repr(quantity))} is not a number of copies: write 1 to {MAX_QUANTITY}"
    if quantity.bit_length() > 30:  # before any str(): Python refuses to print ints beyond 4,300 digits
        return f"quantity is far too large: write 1 to {MAX_QUANTITY} copies"
    if not 1 <= quantity <= MAX_QUANTITY:
        return f"quantity {quantity} is out of range: write 1 to {MAX_QUANTITY} copies"
    return quantity


def deck_from_rows(rows: Iterable[tuple[str, object, str, int, str]], db: CardDB,
                   name: str | None = None) -> ParsedDeck:
    """Build a deck from ``(section, quantity, card name, line number, line text)`` rows, resolving names.

    The fetchers and the MTGJSON loader use this, so every source resolves names and checks quantities the
    same way.
    """
    deck = ParsedDeck(name=name, store=db)
    reader = _Reader(db, deck)
    for section, quantity, card_name, line_number, text in rows:
        if reader.full:
            break
        reader.add(section, quantity, card_name, line_number, text)
    return fold_companion_repeats(deck)


def fold_companion_repeats(deck: ParsedDeck) -> ParsedDeck:
    """The deck with each companion's copy in the sideboard taken out, and a note saying so: a companion starts in
    the sideboard, so lists name it in both places (Moxfield's API answer lists Obosh, the Preypiercer under
    ``companions`` and again under ``sideboard``, as lheyberger/mtg-parser's
    tests/mocks/mock_moxfield_Agzx8zsi5UezWBUX5hMJPQ captured), and the one card had been counted twice: a
    Commander deck's check then warned of a sideboard that held only its companion."""
    for companion in deck.companion:
        left = companion.quantity
        for entry in [e for e in deck.sideboard if e.card.name == companion.card.name]:
            taken = min(left, entry.quantity)
            left -= taken
            place = deck.sideboard.index(entry)
            if taken == entry.quantity:
                del deck.sideboard[place]
            elif taken:
                deck.sideboard[place] = replace(entry, quantity=entry.quantity - taken)
        if left < companion.quantity:
            deck.notes.append(f"{companion.card.name} is both the companion and in the sideboard, where a companion "
                              "starts: read once, as the companion")
    return deck


# Archidekt categories that are not in the deck whatever their flags. A category not included in the deck is written
# "{noDeck}" in Archidekt's text export (its API's includedInDeck false, as Nitemice/archidekt-backup-gas writes it).
_ARCHIDEKT_OUTSIDE = {"maybeboard": None, "sideboard": "sideboard"}
ARCHIDEKT_PLACES = {"commander": "commanders", "commanders": "commanders", "companion": "companion"}
# A category whose flag is not known (the API's deck-level categories null) is in the deck, but for these names, which
# are left out under a text header too
_ARCHIDEKT_UNFLAGGED_OUTSIDE = ("considering",)


def archidekt_section(categories: list[str], included: dict[str, bool], default: str | None = "main") -> str | None:
    """The deck section of a card from its Archidekt categories, in lower case: the first (the card's primary
    category) decides, as on Archidekt, so a Sol Ring in "Ramp, Commander" is in the main deck. A first category not
    included in the deck (the API's ``includedInDeck``, the text export's "{noDeck}") leaves the card out
    (``None``), but the Sideboard is the sideboard; one whose flag is unknown is in the deck, but Considering."""
    first = categories[0] if categories else ""
    if first in ARCHIDEKT_PLACES:
        return ARCHIDEKT_PLACES[first]
    if first in _ARCHIDEKT_OUTSIDE:
        return _ARCHIDEKT_OUTSIDE[first]
    if first not in included:
        return None if first in _ARCHIDEKT_UNFLAGGED_OUTSIDE else default
    return default if included[first] else None


def _header(line: str) -> tuple[bool, str | None]:
    """``(True, section)`` when the line is a section header (section ``None``: cards to skip), Forge's too."""
    if (forge := _FORGE_HEADER.match(line)) and forge.group(1).lower() in _FORGE_SECTIONS:
        return True, _FORGE_SECTIONS[forge.group(1).lower()]
    match = _HEADER.match(line)
    if not match:
        return False, None
    word = " ".join(match.group(1).lower().split())
    if word in _HEADERS:
        return True, _HEADERS[word]
    return False, None


@dataclass(frozen=True)
class _Reading:
    """One way to read a card line: the quantity as written, the name, what was written after it, and whether the
    name is a card's exact name."""

    quantity: str
    name: str
    categories: tuple[str, ...] = ()  # Archidekt's, as written: "Maybeboard{noDeck}{noPrice}"
    commander_mark: bool = False
    exact: bool = False
    second_count: str = ""  # a count after the name when one came before it too: "2 Lightning Bolt x4"
    word_count: str = ""  # the count as written in words ("four"), where the reading takes one
    doubt: str = ""  # why the line's count cannot be trusted; such a line is a problem, never a guess

    def section(self, default: str | None) -> str | None:
        """The section the line's own marks put it in, else ``default``."""
        if self.commander_mark:
            return "commanders"
        if not self.categories:
            return default
        names = [re.sub(r"\{[^}]*\}", "", c).strip().lower() for c in self.categories]
        included = {n: "{nodeck}" not in c.lower() for n, c in zip(names, self.categories, strict=True)}
        return archidekt_section(names, included, default)


def _clean(text: str) -> str:
    # an invisible character pasted after a marker ("Sol Ring ^Have^" + a byte-order mark) is no part of the name
    return text.strip().strip(_INVISIBLE).strip()


def _unwrapped(quantity: str, rest: str, counted: bool) -> list[_Reading]:
    """The readings of ``rest`` as what exporters write after a name is taken off its end, one piece at a time:
    the whole text first, the bare name last. A count after the name is the count when none came before it, else
    the reading's ``second_count``."""
    rest, categories, commander, second_count = _LEADING_PRINTING.sub("", _clean(rest), count=1), (), False, ""
    readings = [_Reading(quantity, rest)]
    while len(readings) <= _MAX_PIECES:
        if trailing := _TRAILING_QUANTITY.search(rest):
            written = trailing.group(1) or trailing.group(2)
            if counted:
                second_count = second_count or written
            else:
                quantity, counted = written, True
            rest = rest[:trailing.start()]
        elif match := _CATEGORIES.search(rest):
            categories = categories or tuple(c.strip() for c in match.group(1).split(","))
            rest = rest[:match.start()]
        elif match := _MARKER.search(rest):
            commander = commander or match.group(1).upper() == "*CMDR*"
            rest = rest[:match.start()]
        elif match := _TAGS.search(rest):
            tags = _TAG_START.split(match.group(1))
            commander = commander or any(_DECKSTATS_COMMANDER.fullmatch(tag.strip()) for tag in tags)
            rest = rest[:match.start()]
        elif match := _SET_AND_NUMBER.search(rest) or _FORGE_PRINTING.search(rest):
            rest = rest[:match.start()]
        else:
            break
        rest = _clean(rest)
        readings.append(_Reading(quantity, rest, categories, commander, second_count=second_count))
    return readings


def _readings(line: str) -> tuple[list[_Reading], _Reading]:
    """Every reading of a card line, in the order they are tried as exact names, and the one to use when none is:
    the whole line, then a leading count with an "x", then without one, each from the whole text to the bare name."""
    readings = _unwrapped("1", line, counted=False)
    if word := _WORD_QUANTITY.match(line):  # tried last, and only as exact names: see _NUMBER_WORDS
        worded = _unwrapped(str(_NUMBER_WORDS[word.group(1).lower()]), word.group(2), counted=True)
        words = [replace(reading, word_count=word.group(1)) for reading in worded]
    else:
        words = []
    match = _QUANTITY.match(line)
    if not match:
        return readings + words, readings[-1]
    counted = _unwrapped(match.group(1), match.group(2), counted=True)
    bare = _BARE_QUANTITY.match(line)
    if bare and bare.group(2) != match.group(2):  # the "x" after the count may begin the name
        readings += counted + _unwrapped(bare.group(1), bare.group(2), counted=True)
    else:
        readings += counted
    return readings + words, counted[-1]


def _read_line(line: str, exact: Callable[[str], bool] | None = None) -> _Reading:
    """The reading of a card line: the first whose name is a card's exact name (so "1996 World Champion", "+2 Mace
    x2", "1 X (UNF) 12" and "Hazmat Suit (Used)" are read whole), else a count and the bare name. A count written
    twice, or a number after a name that is not part of it, is the reading's ``doubt``."""
    readings, fallback = _readings(line)
    if exact is not None:
        for reading in readings:
            if reading.name and exact(reading.name):
                reading = replace(reading, exact=True)
                return replace(reading, doubt=_count_doubt(reading, exact))
    return replace(fallback, doubt=_count_doubt(fallback, exact))


def _count_doubt(reading: _Reading, exact: Callable[[str], bool] | None) -> str:
    """Why the reading's count is not to be trusted ("" when it is): two counts ("2 Lightning Bolt x4"), or a
    number after a name that does not end in it ("Lightning Bolt 4", "Forest4": a count, or a collector number
    that lost its set code?)."""
    if reading.second_count:
        return (f"two counts on one line ({reading.quantity} and {reading.second_count}): write one count, before "
                f"the name, as 'N {shown(reading.name)}'")
    number = None if reading.exact else _NUMBER_AFTER_NAME.search(reading.name)
    if number is None or number.start() == 0:
        return ""
    stem = reading.name[:number.start()]
    spaced = number.group(0) != number.group(1)
    if not spaced and not (exact is not None and exact(stem)):
        return ""  # "Relentles X-ATM092", a misspelt name that ends in digits: left to fuzzy matching
    written = number.group(1)
    return (f"the number {written} after the name may be a count or a collector number: write a count first "
            f"('{written} {shown(stem)}'), a collector number after its set code ('{shown(stem)} (SET) {written}')")


def _long_line_reason(line: str) -> str:
    count = _WRITTEN_COUNT.match(line)
    if count and len(count.group(2).lstrip("0")) > _COUNT_DIGITS:
        return _count(count.group(0))
    return f"line is {len(line):,} characters long; a card line has at most {MAX_LINE_CHARS}"


def _lines(text: str) -> tuple[list[tuple[int, str]], int | None]:
    """``(line number, stripped line)`` for each line, numbered by ``\\n`` as editors do (a form feed or
    U+2028 inside a line does not start a new one; a carriage return does, alone as old Mac files end lines, or
    before ``\n``), and the number of the first line past :data:`MAX_LINES`."""
    pieces = text.replace("\r\n", "\n").replace("\r", "\n").split("\n", MAX_LINES)
    cut = MAX_LINES + 1 if len(pieces) > MAX_LINES else None
    return [(number, raw.strip().lstrip("\ufeff")) for number, raw in enumerate(pieces[:MAX_LINES], 1)], cut


def _blocks_are_mtgo(lines: list[tuple[int, str]]) -> bool:
    """An MTGO-style list without headers: a main deck, one blank line, then at most 15 sideboard cards."""
    blocks: list[list[str]] = [[]]
    for _, line in lines:
        if not line:
            if blocks[-1]:
                blocks.append([])
        elif not line.startswith(("//", "#")):
            blocks[-1].append(line)
    blocks = [b for b in blocks if b]
    if len(blocks) != 2 or len(blocks[1]) > 15:
        return False
    counts = [_count(_read_line(line).quantity) if len(line) <= MAX_LINE_CHARS else 1 for line in blocks[1]]
    return sum(c if isinstance(c, int) else 1 for c in counts) <= 15


_JSON_LINE = ("this line is JSON, which is no decklist format: JSON is read only as a whole MTGJSON deck file "
              "({\"data\": {\"mainBoard\": [...]}}); write one card a line, as '1 Sol Ring'")


def _is_json(line: str) -> bool:
    """Whether the line is a JSON array or object (a pasted ``["Sol Ring", "Arcane Signet"]``); "[Commander]" and
    "{noDeck}" are not JSON."""
    if not line.startswith(("[", "{")):
        return False
    try:
        return isinstance(json.loads(line), list | dict)
    except (ValueError, RecursionError):
        return False


def _read_metadata(line: str, deck: ParsedDeck) -> bool:
    """Whether the line is a deck file's metadata, which holds no card: a ``NAME:`` line names the deck."""
    if match := _NAME_LINE.match(line):
        deck.name = match.group(1).strip() or deck.name
        return True
    return bool(_XMAGE_METADATA.match(line))


def _is_card_line(line: str, reader: _Reader) -> bool:
    """Whether the line names a card exactly: "Name Dropping" first is a card, not the deck's name."""
    return _read_line(line, reader.is_card).exact


def parse_decklist(text: str, db: CardDB) -> ParsedDeck:
    """Read a decklist in any of the common text formats.

    Sections come from headers ("Commander", "Deck", "Sideboard", "Companion", with or without "//", a
    trailing colon or a count), from ``SB:`` prefixes, from a commander on its header's line ("Commander: Alesha,
    Who Smiles at Death"), or, in a list without headers, from one blank line between the main deck and a sideboard
    of at most 15 cards (MTGO's .txt); a blank line ends the commanders. Cards under "Maybeboard" or "Considering",
    or in an Archidekt category flagged "{noDeck}", are skipped. A line is first read as a card's exact name, whole
    or without what exporters add around it ("+2 Mace", "1 X (UNF) 12", "1 [CMM:410] Sol Ring"), else as a count
    and a name. Arena's "About" section, XMage's "NAME:" and Deckstats' "//NAME:" give the deck's name. Unreadable
    lines become :attr:`ParsedDeck.problems`, each with its line number, and so do lines whose count is in doubt
    (two counts, a number after the name) and JSON lines; the rest still loads. Misspelt names read as a card are
    listed in :attr:`ParsedDeck.corrections`.
    """
    lines, cut = _lines(text)
    has_headers = any(_header(line)[0] or _INLINE_COMMANDER.match(line) for _, line in lines
                      if line and len(line) <= MAX_LINE_CHARS)
    blank_starts_sideboard = not has_headers and _blocks_are_mtgo(lines)
    deck = ParsedDeck(store=db)
    reader = _Reader(db, deck)
    section: str | None = "main"
    in_about = False
    forge_section = ""  # the Forge section the line is in, lower case ("" outside one)
    forge_aside: dict[str, int] = {}
    for number, line in lines:
        if reader.full:
            reader.problem(number, line, f"stopped reading: {MAX_PROBLEMS} lines could not be read "
                           "(is this a decklist?)")
            return deck
        if not line:
            in_about = False
            if blank_starts_sideboard and deck.main:
                section = "sideboard"
            elif section in ("commanders", "companion") and deck.section(section):
                section = "main"  # Arena and Moxfield end the command zone with a blank line
            continue
        if len(line) > MAX_LINE_CHARS:
            reader.problem(number, line, _long_line_reason(line))
            continue
        if line.lower() == "about":  # Arena: "About", "Name <deck name>", a blank line, then the sections
            in_about = True
            continue
        if line.lower().startswith("name ") and (in_about or not deck.count() and not _is_card_line(line, reader)):
            deck.name = line[5:].strip()
            continue
        in_about = False  # the About section holds only the name: any other line is read as itself
        if _is_json(line):
            reader.problem(number, line, _JSON_LINE)
            continue
        if _read_metadata(line, deck):
            continue
        is_header, header_section = _header(line)
        if is_header:
            section = header_section
            forge = _FORGE_HEADER.match(line)
            forge_section = forge.group(1).lower() if forge else ""
            continue
        if forge_section == FORGE_METADATA:  # "Name=<deck name>", "Comment=...": no card
            key, _, value = line.partition("=")
            if key.strip().lower() == "name" and value.strip():
                deck.name = value.strip()
            continue
        if line.startswith(("//", "#")):
            continue
        line_section, card_line = section, line
        if line[:3].upper() == "SB:":
            line_section, card_line = "sideboard", line[3:].strip()
        elif (inline := _INLINE_COMMANDER.match(line)) and not _is_card_line(line, reader):
            line_section, card_line = "commanders", inline.group(1)
        if line_section is None:
            deck.set_aside += 1
            if forge_section:
                forge_aside[forge_section] = forge_aside.get(forge_section, 0) + 1
            continue
        if _COUNT_ONLY.match(card_line):
            count = card_line.strip("xX× ")
            reader.problem(number, line, f"a count with no card name: write the card after it, as '{count} "
                           "Lightning Bolt'")
            continue
        reading = _read_line(card_line, reader.is_card)
        line_section = reading.section(line_section)
        if line_section is None:
            deck.set_aside += 1
        elif reading.doubt:
            reader.problem(number, line, reading.doubt)
        elif not reading.name:
            reader.problem(number, line, "no card name on this line")
        else:
            if reading.word_count:
                deck.notes.append(f"line {number}: the count {shown(reading.word_count)!r} is written as a word: "
                                  f"read as {reading.quantity}")
            reader.add(line_section, reading.quantity, reading.name, number, line)
    if cut is not None:
        reader.problem(cut, "", f"the decklist has more than {MAX_LINES:,} lines; the rest was not read")
    deck.notes.extend(f"Forge's [{name.capitalize()}] section ({count} line{'s' if count != 1 else ''}) was set "
                      "aside: no deck section here holds it" for name, count in forge_aside.items())
    return fold_companion_repeats(deck)


def commander_places(text: str, deck: ParsedDeck) -> dict[str, list[DeckEntry]]:
    """The cards of ``deck`` (read from ``text``) in the two places exports without a Commander section put the
    commander: ``"last block"``, the one or two lines after the list's last blank line (MTGO-style lists), and
    ``"first line"`` (Moxfield's plain-text export writes the commander first, then the rest in alphabetical order,
    as tedik123/magicGamba's sample export shows). A place is given only when each of its lines was read as a card
    of the main deck or sideboard, and ``"first two lines"`` too (two commanders); whether those cards can lead the
    deck is the caller's question."""
    blocks: list[list[int]] = [[]]
    for number, line in _lines(text)[0]:
        if not line:
            if blocks[-1]:
                blocks.append([])
        elif not line.startswith(("//", "#")) or _header(line)[0]:  # comments are no part of a block
            blocks[-1].append(number)
    blocks = [block for block in blocks if block]
    read = {e.line_number: e for section in ("main", "sideboard") for e in deck.section(section)}
    main_lines = {e.line_number for e in deck.main}
    places = {}
    if len(blocks) > 1 and len(blocks[-1]) <= 2 and all(number in read for number in blocks[-1]):
        places["last block"] = [read[number] for number in blocks[-1]]
    if blocks and blocks[0][0] in main_lines:
        places["first line"] = [read[blocks[0][0]]]
        if len(blocks[0]) > 1 and blocks[0][1] in main_lines:  # a partner pair or a commander and its Background
            places["first two lines"] = [read[number] for number in blocks[0][:2]]
    return places


_MTGJSON_SECTIONS = {"commander": "commanders", "mainBoard": "main", "sideBoard": "sideboard"}
# Lists of an MTGJSON deck that no section here holds (a Planechase deck's planes, an Archenemy deck's schemes, as
# MTGJSON's Deck model declares them: mtgjson/mtgjson, mtgjson5/models/decks.py): set aside and named in a note.
# "tokens" are no deck cards and "displayCommander" repeats the commander: not read.
_MTGJSON_SET_ASIDE = ("planes", "schemes")


def load_mtgjson_deck(path_or_dict: str | Path | dict | list, db: CardDB) -> ParsedDeck:
    """Read an MTGJSON deck file (``{"data": {"name", "commander", "mainBoard", "sideBoard"}}``).

    Cards resolve by ``identifiers.scryfallOracleId`` where the store has Scryfall ids, else by name;
    a problem's ``line_number`` is the card's 1-based position in its list. Raises ``ValueError`` when the
    JSON is not an MTGJSON deck; a card entry of the wrong shape is a problem of its own.
    """
    if isinstance(path_or_dict, str | Path):
        try:
            payload = json.loads(Path(path_or_dict).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ValueError(f"cannot read MTGJSON deck {path_or_dict}: {exc}") from exc
    else:  # parsed JSON, of any shape
        payload = path_or_dict
    data = payload.get("data", payload) if isinstance(payload, dict) else None
    if not isinstance(data, dict) or not any(key in data for key in _MTGJSON_SECTIONS):
        raise ValueError("not an MTGJSON deck: expected {'data': {'mainBoard': [...], ...}}")
    if _is_set_file_deck(data):
        raise ValueError("this is a deck from an MTGJSON set file (a DeckSet, whose cards are only {count, isFoil, "
                         "uuid}, with no names); pass the deck's own file, from https://mtgjson.com/api/v5/decks/")
    name = data.get("name")
    deck = ParsedDeck(name=name if isinstance(name, str) else None, store=db)
    reader = _Reader(db, deck)
    read = 0
    for key, section in _MTGJSON_SECTIONS.items():
        entries = data.get(key) or []
        if not isinstance(entries, list):
            reader.problem(1, f"{key}: {shown(repr(entries))}", f"{key} must be a list of cards")
            continue
        repeats = repeated_faces(entries)
        for position, entry in enumerate(entries, start=1):
            if reader.full:
                return deck
            if position - 1 in repeats:
                deck.notes.append(f"{key} card {position} ({shown(entry['name'])!r}) is the side "
                                  f"{shown(str(entry['side']))!r} face of a card listed with its front: read once")
                continue
            if read == MAX_LINES:  # the text decks' limit, so a 150,000-entry file answers as fast as a deck
                reader.problem(position, f"{key}: entry {position:,}",
                               f"the deck file has more than {MAX_LINES:,} card entries; the rest was not read")
                return deck
            read += 1
            _mtgjson_entry(reader, key, section, position, entry)
    _set_aside_mtgjson_lists(data, deck)
    return deck


def _set_aside_mtgjson_lists(data: dict, deck: ParsedDeck) -> None:
    for key in _MTGJSON_SET_ASIDE:
        entries = data.get(key)
        if isinstance(entries, list) and entries:
            deck.set_aside += len(entries)
            names = [entry["name"] for entry in entries
                     if isinstance(entry, dict) and isinstance(entry.get("name"), str)]
            listed = ", ".join(names[:12]) + (", ..." if len(names) > 12 else "") or "(no names)"
            entry_count = f"{len(entries)} entr{'ies' if len(entries) != 1 else 'y'}"
            deck.notes.append(f"the deck file's {key} list was set aside ({entry_count}, counted with the set-aside "
                              f"cards), as no deck section here holds it: {listed}")


def _is_set_file_deck(data: dict) -> bool:
    """Whether the cards are ``uuid``s without names, as in the decks of AllPrintings set files
    (https://mtgjson.com/data-models/deck-set/), which point at the set's cards instead of holding them."""
    return any(isinstance(card, dict) and "uuid" in card and "name" not in card
               for key in _MTGJSON_SECTIONS if isinstance(data.get(key), list) for card in data[key])


def _mtgjson_entry(reader: _Reader, key: str, section: str, position: int, entry: object) -> None:
    """Read one card of an MTGJSON list; an entry of the wrong shape is a problem at its position ("mainBoard card
    2"), and a count written as text ("2") reads as the number, as Moxfield's quantity does."""
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"].strip():
        reader.problem(position, f"{key}: {shown(repr(entry))}", f'{key} card {position} should be an object with a '
                       '"name", like {"name": "Sol Ring", "count": 1}')
        return
    name, quantity = entry["name"], entry.get("count", 1)
    if (isinstance(quantity, bool) or not isinstance(quantity, int)) and isinstance(_count(quantity), str):
        reader.problem(position, f"{key}: {shown(repr(quantity))} {name}", f"{key} card {position} "
                       f"({shown(name)!r}): count should be a whole number from 1 to {MAX_QUANTITY}")
        return
    identifiers = entry.get("identifiers")
    oracle_id = identifiers.get("scryfallOracleId") if isinstance(identifiers, dict) else None
    card = _card_by_id(reader.db, oracle_id)
    written = "(a huge number)" if isinstance(quantity, int) and quantity.bit_length() > 30 else shown(str(quantity))
    reader.add(section, quantity, name, position, f"{key}: {written} {name}", card)


def _card_by_id(db: CardDB, oracle_id: object) -> Card | None:
    """The card with this oracle id, or ``None`` for a missing or unknown id."""
    return db.get(oracle_id) if isinstance(oracle_id, str) else None
