"""The query language: Scryfall's syntax, parsed into an AST with character positions for errors.

Bare words and quoted phrases are free text (what the card should do, ranked); keyword terms
(``t:instant``, ``id<=bg``, ``mv>=3``, ``o:"draw a card"``...) are hard filters.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from typing import Union

from grimoire.cards.mana import color_bits
from grimoire.cards.model import format_named
from grimoire.cards.names import fold
from grimoire.search.nicknames import IS_NICKNAMES
from grimoire.search.patterns import PatternError, UserPattern, compile_pattern

MAX_QUERY_LENGTH = 1000
MAX_DEPTH = 30
CARET_WINDOW = 80  # characters of the query shown each side of an error's caret


# how an error about what the card data holds begins (set codes, rarity, a format's legality): the syntax is right
NO_DATA = "the loaded card data "


class QuerySyntaxError(ValueError):
    """A query that cannot be run: ``message`` says what is wrong, ``position`` where (0-based)."""

    def __init__(self, message: str, position: int, query: str = ""):
        self.message = message
        self.position = position
        self.query = _printable(query)  # a lone surrogate cannot be printed or sent as UTF-8
        super().__init__(f"{message} (at character {position + 1})")

    def caret(self) -> str:
        """The query with a caret under the offending character: the part of its line within
        :data:`CARET_WINDOW` characters of it, "…" marking what is cut (a 60,000-character query had come back
        whole, twice, in an HTTP 400). The caret lines up on a terminal: a tab is padded with a tab, a wide
        character with two spaces, a combining mark with none, and control characters show as spaces."""
        line_start = self.query.rfind("\n", 0, self.position) + 1
        line_end = self.query.find("\n", self.position)
        start = max(line_start, self.position - CARET_WINDOW)
        end = min(len(self.query) if line_end < 0 else line_end, self.position + CARET_WINDOW)
        before, after = ("…" if start else ""), ("…" if end < len(self.query) else "")
        shown = _CONTROL.sub(" ", self.query[start:end])
        pad = "".join(_padding(ch) for ch in shown[:self.position - start])
        return f"{before}{shown}{after}\n{' ' * len(before)}{pad}^"


_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")  # (not the tab)


def _padding(ch: str) -> str:
    """What lines up under ``ch`` on a terminal."""
    if ch == "\t":
        return "\t"
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return ""
    return "  " if unicodedata.east_asian_width(ch) in ("W", "F") else " "


def _printable(text: str) -> str:
    return text.encode("utf-8", "replace").decode("utf-8") if _SURROGATE.search(text) else text


_SURROGATE = re.compile("[\ud800-\udfff]")


# --- values ---------------------------------------------------------------------------------------------

COLOR_NAMES = {
    "white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "",
    "azorius": "WU", "dimir": "UB", "rakdos": "BR", "gruul": "RG", "selesnya": "GW",
    "orzhov": "WB", "izzet": "UR", "golgari": "BG", "boros": "RW", "simic": "GU",
    "bant": "GWU", "esper": "WUB", "grixis": "UBR", "jund": "BRG", "naya": "RGW",
    "abzan": "WBG", "jeskai": "URW", "sultai": "BGU", "mardu": "RWB", "temur": "GUR",
    "chaos": "UBRG", "glint": "UBRG", "aggression": "BRGW", "dune": "BRGW", "altruism": "RGWU", "ink": "RGWU",
    "growth": "GWUB", "witch": "GWUB", "artifice": "WUBR", "yore": "WUBR",
    "rainbow": "WUBRG", "fivecolor": "WUBRG", "wubrg": "WUBRG",
    # Strixhaven's colleges, which Scryfall's syntax reference names beside the guilds
    "silverquill": "WB", "prismari": "UR", "witherbloom": "BG", "lorehold": "RW", "quandrix": "GU",
}
COMPARISONS = (":", "=", "!=", "<=", ">=", "<", ">")
MANA_SYMBOL = re.compile(r"\{([^{}]+)\}|(\d+)|([wubrgcxyzsp])", re.IGNORECASE)
_VALID_SYMBOL = re.compile(r"(?:\d+|[WUBRGCXYZS]|½|∞|[WUBRG2C]/[WUBRGP](?:/P)?|P|H[WUBRG]|T|Q|E)")
# symbols of costs that no mana cost holds (m:{T} had found nothing, and said nothing of why)
_NO_MANA = {"T": "tap", "Q": "untap", "E": "energy"}
_TRANSPOSED = {f"P/{colour}": f"{colour}/P" for colour in "WUBRG"}


@dataclass(frozen=True)
class ColorValue:
    """A set of colours as a WUBRG bitmask, or the special value "multicolor"."""

    mask: int
    multicolor: bool = False


@dataclass(frozen=True)
class ColorCount:
    """A number of colours (``c=2``, ``id>=3``), as Scryfall reads a number after a colour keyword."""

    count: int


@dataclass(frozen=True)
class FieldValue:
    """Another numeric field as the right-hand side (``pow>tou``): compared face by face."""

    key: str


@dataclass(frozen=True)
class Devotion:
    """``devotion:{u}{u}{u}``: at least ``count`` mana symbols of the colours in ``mask`` in the cost."""

    mask: int
    count: int


def parse_colors(text: str) -> ColorValue | None:
    lowered = text.lower()
    if lowered in ("m", "multi", "multicolor", "multicolored"):
        return ColorValue(0, multicolor=True)
    if lowered in ("c", "colorless"):
        return ColorValue(0)
    letters = COLOR_NAMES.get(lowered)
    if letters is None:
        if not lowered or any(ch not in "wubrg" for ch in lowered):
            return None
        letters = lowered.upper()
    return ColorValue(color_bits(letters.upper()))  # a letter said twice is one colour ("ww" is white)


RARITIES = {"c": 0, "common": 0, "u": 1, "uncommon": 1, "r": 2, "rare": 2, "m": 3, "mythic": 3,
            "s": 4, "special": 4, "b": 5, "bonus": 5}

IS_VALUES = frozenset({
    "commander", "duelcommander", "brawler", "oathbreaker", "partner", "companion", "gamechanger", "gc", "reserved",
    "permanent", "spell", "dfc", "mdfc",
    "transform", "meld", "split", "flip", "adventure", "leveler", "saga", "class", "vanilla", "frenchvanilla",
    "funny", "legendary", "historic", "modal", "hybrid", "phyrexian", "multicolor", "colorless", "monocolor",
    "land", "creature", "instant", "sorcery", "artifact", "enchantment", "planeswalker", "battle", "bear",
    "party", "outlaw", "reprint", "firstprint", "digital",
}) | frozenset(IS_NICKNAMES)
HAS_VALUES = frozenset({"indicator", "watermark", "flavor", "security_stamp", "stamp"})
# Scryfall's sort orders (scryfall.com/docs/api/cards/search, "order") and their natural directions.
ORDERS = {"name": "asc", "cmc": "asc", "mv": "asc", "manavalue": "asc", "power": "asc", "pow": "asc",
          "toughness": "asc", "tou": "asc", "color": "asc", "rarity": "asc", "released": "desc",
          "edhrec": "asc"}
DIRECTIONS = ("asc", "desc", "auto")
PRINTING_ORDERS = frozenset({"set", "usd", "eur", "tix", "artist", "review", "spoiled"})
# Scryfall's options for how results are shown, which leave the set of cards as it is: every card passes. Values
# from scryfall.com/docs/syntax ("Display Keywords") and the API's search parameters
# (scryfall.com/docs/api/cards/search: unique, order, dir, include_extras). unique:cards is one result per card,
# which per-card data already is; unique:art and unique:prints list printings, which it has not.
VIEW_VALUES = {
    "display": frozenset({"grid", "checklist", "full", "text"}),
    "unique": frozenset({"cards"}),
    "prefer": frozenset({"oldest", "newest", "usd-low", "usd-high", "eur-low", "eur-high", "tix-low", "tix-high",
                         "promo", "default", "atypical", "ub", "notub"}),
    # card text here is English oracle text: English (or any language) is every card
    "lang": frozenset({"en", "english", "any"}),
    # extra cards (tokens, Planes, Schemes...): Grimoire's stores hold the cards there are, none hidden
    "include": frozenset({"extras"}),
}
# the keywords that never filter: sort orders, and how results are shown
DIRECTIVE_KEYS = frozenset({"order", "direction", *VIEW_VALUES})

TEXT_KEYS = {"name": "name", "n": "name", "o": "oracle", "oracle": "oracle", "fo": "fulloracle",
             "fulloracle": "fulloracle", "t": "type", "type": "type", "kw": "keyword", "keyword": "keyword",
             "keywords": "keyword", "m": "mana", "mana": "mana"}
COLOR_KEYS = {"c": "color", "color": "color", "colors": "color", "id": "identity", "identity": "identity",
              "ci": "identity", "produces": "produces"}
NUMBER_KEYS = {"mv": "mv", "cmc": "mv", "manavalue": "mv", "pow": "power", "power": "power",
               "tou": "toughness", "toughness": "toughness", "pt": "powtou", "powtou": "powtou",
               "loy": "loyalty", "loyalty": "loyalty", "def": "defense", "defense": "defense", "year": "year"}
FORMAT_KEYS = {"f": "format", "format": "format", "legal": "format", "banned": "banned",
               "restricted": "restricted"}
OTHER_KEYS = {"is": "is", "not": "not", "has": "has", "role": "role", "otag": "role", "oracletag": "role",
              "function": "role", "r": "rarity", "rarity": "rarity", "devotion": "devotion", "date": "date",
              "e": "set", "s": "set", "set": "set", "edition": "set", "order": "order", "direction": "direction",
              "dir": "direction", "display": "display", "unique": "unique", "prefer": "prefer", "lang": "lang",
              "language": "lang", "include": "include", "like": "like", "combo": "combo"}
# Grimoire's own keywords that name a card, as its readings print them: like:"Rhystic Study" ranks the cards most
# like it, combo:"Thassa's Oracle" its combo partners. The reader takes them at a query's top (not under - or or).
CARD_KEYS = frozenset({"like", "combo"})
# Scryfall keywords about printings (art, prices, frames...): oracle-level card data cannot answer them.
PRINTING_KEYS = frozenset({"a", "art", "artist", "artists", "ft", "flavor", "wm", "watermark", "border", "frame",
                           "stamp", "usd", "eur", "tix", "in", "game", "cube", "cn",
                           "number", "st", "prints", "paperprints", "sets", "papersets", "illustrations",
                           "block", "b", "new", "atag", "arttag", "cheapest"})
# Scryfall's is: values about printings (its syntax reference's "Printings" and "Frames" sections)
PRINTING_IS = frozenset({"foil", "nonfoil", "etched", "glossy", "promo", "full", "fullart", "hires", "spotlight",
                         "booster", "datestamped", "prerelease", "old", "new", "colorshifted", "masterpiece",
                         "unique", "textless", "oversized", "boxtopper", "starterdeck", "planeswalkerdeck",
                         "league", "buyabox", "giftbox", "intropack", "gameday", "release", "variation",
                         "extendedart", "borderless", "showcase", "serialized", "stamped", "universesbeyond",
                         "ub", "scryfallpreview", "default", "atypical"})
ALL_KEYS = {**TEXT_KEYS, **COLOR_KEYS, **NUMBER_KEYS, **FORMAT_KEYS, **OTHER_KEYS}
NUMBER_FIELDS = frozenset({"mv", "power", "toughness", "powtou", "loyalty", "defense"})
VARIABLE = "*"  # pow=*, tou=*, loy=*: the value of a stat printed with * or X, which varies


# --- AST ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Text:
    """Free text: a bare word or a quoted phrase."""

    text: str
    position: int
    phrase: bool = False


@dataclass(frozen=True)
class Filter:
    """A keyword term. ``value`` is typed by key: str, float, ColorValue, ColorCount, FieldValue, Devotion, or a
    :class:`~grimoire.search.patterns.UserPattern` (``regex`` True)."""

    key: str
    op: str
    value: object
    position: int
    raw: str
    regex: bool = False


@dataclass(frozen=True)
class ExactName:
    name: str
    position: int


@dataclass(frozen=True)
class Not:
    child: Node
    position: int


@dataclass(frozen=True)
class And:
    children: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    children: tuple[Node, ...]
    grouped: bool = False  # typed in parentheses: "(depths or sands or mists)" is syntax, its words names


Node = Union[Text, Filter, ExactName, Not, And, Or]  # noqa: UP007 - a runtime alias


# --- tokenizer ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Token:
    kind: str  # "(" ")" "-" "or" "and" "term"
    position: int
    node: Node | None = None


_KEY = re.compile(r"([A-Za-z]+)(!=|<=|>=|:|=|<|>)")
_TYPOGRAPHIC_OPERATORS = {"≥": ">=", "≤": "<=", "≠": "!="}
_KEY_TYPOGRAPHIC = re.compile(r"([A-Za-z]+)([≥≤≠])")
_KEY_BANG = re.compile(r"([A-Za-z]+)!(?!=)(?=\S)")
_BARE = re.compile(r"[^\s()\"]+")
# a colon opening a term, before a word (":goblin", "t :creature"), once ranked as words; not a smiley (":D"), nor a
# colon after a quoted phrase ("\"enters tapped\": lands"), nor one standing apart ("foo : bar"): the reader blanks
# the words it reads and parses the rest, which leaves "Like: X" and "Colors: mono-red" such a colon
_STRAY_COLON = re.compile(r":[^\W_]{2}")
# a value in single quotes, closed before a space, a parenthesis or the end ("o:'draw a card'", "o:'draw'",
# "o:'can't block'", "name:'urza's'": an apostrophe between letters is a word's, which had closed the phrase and
# found nothing); an apostrophe inside a bare word stays a word's ("o:opponent's")
_SINGLE_QUOTED = re.compile(r"'((?:[^'\n]|(?<=\w)'(?=\w))+)'(?=[\s)]|$)")
# a power/toughness change as cards print it ("-1/-1", "-2/-0", "-X/-X"): players type it as a word
_PT_CHANGE = re.compile(r"-(?:\d+|x|\*)/[+-](?:\d+|x|\*)(?=[\s(),;.]|$)", re.IGNORECASE)  # ("-X/-X," in a list)


def _read_quoted(query: str, start: int) -> tuple[str, int]:
    """Text between the quote at ``start`` and its closing quote; returns (text, index after)."""
    end = query.find('"', start + 1)
    if end < 0:
        raise QuerySyntaxError("unclosed quote", start, query)
    return query[start + 1: end], end + 1


def _read_regex(query: str, start: int) -> tuple[str, int]:
    index = start + 1
    while index < len(query):
        if query[index] == "\\":
            index += 2
            continue
        if query[index] == "/":
            return query[start + 1: index], index + 1
        index += 1
    raise QuerySyntaxError("unclosed regular expression: a /regex/ ends with /", start, query)


def compile_regex(pattern: str, position: int, query: str) -> UserPattern:
    try:
        return compile_pattern(pattern)
    except PatternError as exc:
        raise QuerySyntaxError(str(exc), position, query) from None


# what follows an upper-case NOT that negates: a keyword's term or a parenthesis (not prose: "ramp NOT green")
# (or another NOT: "NOT NOT t:elf" is t:elf, where the first had been a word and the query the non-Elves)
_NOT_BEFORE = re.compile(r"\s+(?:\(|(?i:not)\s|-?[A-Za-z]+(?::|[<>!]?=|[<>]))")


# Scryfall's display shorthands (scryfall.com/docs/syntax, "Display Keywords": "unique:art (also @@)",
# "unique:prints (previously ++)")
_UNIQUE_SHORTHANDS = {"@@": "art", "++": "prints"}


# "|" or "||" standing alone between terms: read as "or", as programmers and other search boxes write it
_BARS = re.compile(r"\|\|?(?=\s|\(|$)")


_FIELD_AHEAD = re.compile(r"\s*(?:-?[a-z]+(?:[:=<>]|!=)|\(|!|-?/)", re.IGNORECASE)


def _between_fields(tokens: list[_Token], query: str, after: int) -> bool:
    """Whether bars read as "or" here: a field, an exact name or a group before them and one after ("t:elf ||
    t:goblin"); elsewhere they stay words (an agent's "need: card advantage | identity: mono-red" separates its
    labels with them)."""
    before = tokens[-1] if tokens else None
    return before is not None and (before.kind == ")" or isinstance(before.node, Filter | ExactName)) and \
        _FIELD_AHEAD.match(query, after) is not None


def _tokens(query: str) -> list[_Token]:
    tokens: list[_Token] = []
    index = 0
    while index < len(query):
        ch = query[index]
        if ch.isspace():
            index += 1
        elif ch in "()":
            tokens.append(_Token(ch, index))
            index += 1
        elif ch == "-" and (index + 1 == len(query) or query[index + 1].isspace() or query[index + 1] == ")"):
            raise QuerySyntaxError("'-' must be followed by a term to exclude", index, query)
        elif ch == "-" and (change := _PT_CHANGE.match(query, index)):  # "-1/-1 counters": a word, not a negation
            tokens.append(_Token("term", index, Text(change.group(), index)))
            index = change.end()
        elif ch == "-":
            tokens.append(_Token("-", index))
            index += 1
        elif ch == '"':
            text, index_after = _read_quoted(query, index)
            if not text.strip():  # (it had matched every card)
                raise QuerySyntaxError("empty quotes: put words between them, or leave them out", index, query)
            tokens.append(_Token("term", index, Text(text, index, phrase=True)))
            index = index_after
        elif ch == "/" and (index + 1 == len(query) or query[index + 1].isspace()):
            tokens.append(_Token("term", index, Text(ch, index)))  # "creature lands / manlands": prose, no regex
            index += 1
        elif query.startswith("//", index) and (index + 2 == len(query) or query[index + 2].isspace()):
            # the split card's "//" ("cards like Fire // Ice"): its name's words, no empty regex
            tokens.append(_Token("term", index, Text("//", index)))
            index += 2
        elif ch == "/":
            pattern, index_after = _read_regex(query, index)
            tokens.append(_Token("term", index, Filter("text", ":", compile_regex(pattern, index, query),
                                                       index, query[index:index_after], regex=True)))
            index = index_after
        elif ch == "|" and (bar := _BARS.match(query, index)) and _between_fields(tokens, query, bar.end()):
            tokens.append(_Token("or", index))  # "t:elf || t:goblin": a programmer's "or" between two fields
            index = bar.end()
        elif ch == "!" and query.startswith("!!", index):  # (it had looked for a name beginning with "!")
            raise QuerySyntaxError("one ! before an exact card name: !fire or !\"Fire // Ice\"", index, query)
        elif ch == "!":
            start = index
            index += 1
            single = _SINGLE_QUOTED.match(query, index)
            if index < len(query) and query[index] == '"':
                name, index = _read_quoted(query, index)
                if not name.strip():  # (it had matched nothing, silently)
                    raise QuerySyntaxError("! must be followed by a card name", start, query)
            elif single:  # !'urza's saga', as o:'...' reads
                name, index = single.group(1), single.end()
            else:
                match = _BARE.match(query, index)
                if not match:
                    raise QuerySyntaxError("! must be followed by a card name", start, query)
                name, index = match.group(), match.end()
            tokens.append(_Token("term", start, ExactName(name, start)))
        else:
            key = _KEY.match(query, index)
            if key:
                node, index = _keyword_term(query, index, key)
                tokens.append(_Token("term", node.position, node))
                continue
            typographic = _KEY_TYPOGRAPHIC.match(query, index)
            if typographic and typographic.group(1).lower() in ALL_KEYS:  # "c≥r": a word processor's operator
                name, sign = typographic.groups()
                raise QuerySyntaxError(f"'{sign}' is not an operator here: write {_TYPOGRAPHIC_OPERATORS[sign]} "
                                       f"({name}{_TYPOGRAPHIC_OPERATORS[sign]}...)", index + len(name), query)
            if _STRAY_COLON.match(query, index):
                raise QuerySyntaxError("':' with no keyword before it: write one (o:, t:, name:...) or drop the "
                                       "colon", index, query)
            if odd := _ODD_KEY.match(query, index):
                raise _unknown_key(odd.group(1), odd.group(2), index, query)
            bang = _KEY_BANG.match(query, index)
            if bang and bang.group(1).lower() in ALL_KEYS:  # "c!rg": "!" alone is no comparison
                name = bang.group(1)
                raise QuerySyntaxError(f"'{name}!' is not an operator: a keyword takes :, =, !=, <, <=, > or >= "
                                       f"({name}: or {name}!= ...)", index + len(name), query)
            match = _BARE.match(query, index)
            word = match.group()
            lowered = word.lower()
            if lowered in ("or", "and"):
                tokens.append(_Token(lowered, index))
            elif lowered == "not" and _NOT_BEFORE.match(query, match.end()):
                # "NOT t:elf", "NOT (t:elf or t:goblin)": SQL's and Boolean search's operator, for Scryfall's "-"
                # (it had been a word of no card, and the filter after it kept: the opposite of what was asked);
                # "t:elf and not t:warrior" in lower case too (--literal had found the Elf Warriors alone)
                tokens.append(_Token("-", index))
            elif word in _UNIQUE_SHORTHANDS:  # (it was a word of no letters, and left out silently)
                raise QuerySyntaxError(f"{NO_DATA}is per card, each listed once: {word} is Scryfall's "
                                       f"unique:{_UNIQUE_SHORTHANDS[word]}, about printings; leave it out", index,
                                       query)
            else:
                tokens.append(_Token("term", index, Text(word, index)))
            index = match.end()
    return tokens


# Scryfall's API field names, which agents write as keys ("color_identity:g", "type_line:elf"): the keyword for each
_API_FIELDS = {"color_identity": "id", "colors": "c", "color": "c", "mana_value": "mv", "cmc": "mv", "type_line": "t",
               "oracle_text": "o", "mana_cost": "m", "produced_mana": "produces", "keywords": "kw", "set_type": "st",
               "flavor_text": "ft", "collector_number": "cn", "released_at": "year", "set_name": "set",
               "game_changer": "is:gamechanger", "power": "pow", "toughness": "tou", "loyalty": "loy"}
# a key holding "_", "-", "." or a digit, glued to its value: no keyword has one, and the word had been ranked as text,
# its filter gone unsaid ("color_identity:g t:creature" had ranked every creature)
_ODD_KEY = re.compile(r"([A-Za-z][A-Za-z0-9_.\-]*[0-9_.\-][A-Za-z0-9_.\-]*)(!=|<=|>=|:|=|<|>)(?=[^\s)])")


def _unknown_key(written: str, op: str, start: int, query: str) -> QuerySyntaxError:
    """The error for a keyword Grimoire does not know, with the one it likely means."""
    name = written.lower()
    left, _, right = written.rpartition("-")
    bare = re.sub(r"[0-9_.\-]", "", name)
    if (key := _API_FIELDS.get(name.replace("-", "_"))) is not None:
        hint = f"did you mean {key}{'' if ':' in key else op}? ({written} is a field of Scryfall's API, no keyword)"
    elif left and right.lower() in ALL_KEYS:  # "t:elf or-t:goblin", "draw-o:flying": a negation glued on
        hint = f"put a space before '-' ({left} -{right}{op}...)"
    elif bare != name and bare in ALL_KEYS:  # "t2:elf"
        hint = f"did you mean {bare}{op}?"
    elif len(name) >= 4 and (close := difflib.get_close_matches(name, [*ALL_KEYS, *PRINTING_KEYS], n=1,
                                                                   cutoff=0.75)):
        hint = f"did you mean {close[0]}{op}?"  # "tpye:elf", "powr>3"
    else:
        hint = f"known are {', '.join(sorted(ALL_KEYS))}"
    return QuerySyntaxError(f"unknown keyword {written!r}: {hint}", start, query)


# Keys an agent writes as labels, a space after the colon ("Color: white", "Format: commander", "cmc: 3"): their
# full names, or any key capitalised ("MV: 2"); "t: instant" stays an error, as Scryfall's syntax has no space there
_LABEL_KEYS = frozenset({"color", "colors", "identity", "type", "cmc", "format", "legal", "power", "toughness",
                         "rarity", "keyword", "keywords", "manavalue", "loyalty", "produces", "banned", "role",
                         "function", "otag", "oracletag", "mv", "ci"})
_LABEL_VALUE = re.compile(r"\s+(?!(?:or|and)\b)[\w\"'{]")


def _labelled_value(written: str, query: str, index: int) -> bool:
    """Whether ``written:`` followed by spaces at ``index`` labels the value after them."""
    key = written.lower()
    return (key in _LABEL_KEYS or written[:1].isupper() and key in ALL_KEYS and key not in CARD_KEYS) and \
        _LABEL_VALUE.match(query, index) is not None


def _keyword_term(query: str, start: int, key_match: re.Match) -> tuple[Filter | Text, int]:
    name, op = key_match.group(1).lower(), key_match.group(2)
    index = key_match.end()
    labelled = index < len(query) and query[index].isspace() and op == ":" and \
        _labelled_value(key_match.group(1), query, index)
    if labelled:
        index = len(query) - len(query[index:].lstrip())  # "Color: white", "cmc: 3": a label, as agents write it
    if index == len(query) or query[index].isspace():
        if name in CARD_KEYS and index == len(query) and op == ":":  # "like:" ending the query names no card (it
            # had listed every card, by name)
            raise QuerySyntaxError(f'{name}: needs a card\'s name right after it ({name}:"Sol Ring")', start, query)
        if name not in ALL_KEYS or name in CARD_KEYS:  # "creature: draw a card", "something like: Sol Ring": a
            return Text(key_match.group(1), start), index  # colon in prose
        where = "after it" if index == len(query) else "right after it (no space)"  # ("order:" ending the query)
        raise QuerySyntaxError(f"{name}{op} needs a value {where}", start, query)
    if name in PRINTING_KEYS:
        what = (f"{NO_DATA}holds no cube lists, which {key_match.group(1)}{op} asks for" if name == "cube" else
                f"{NO_DATA}is per card, not per printing: {key_match.group(1)}{op} is about printings (art, flavor "
                "text, sets, prices, frames)")
        raise QuerySyntaxError(what, start, query)
    if name not in ALL_KEYS:
        raise _unknown_key(key_match.group(1), op, start, query)
    key = ALL_KEYS[name]
    value_position = index
    single = _SINGLE_QUOTED.match(query, index)
    if index < len(query) and query[index] == '"':
        raw, index = _read_quoted(query, index)
        is_regex = False
    elif single:  # o:'draw a card': a phrase in single quotes, as agents often write it (it searched "'draw")
        raw, index = single.group(1), single.end()
        is_regex = False
    elif index < len(query) and query[index] == "'" and "'" not in query[index + 1:].split(" ", 1)[0]:
        # ("t:'elf": a phrase never closed, which had searched for "'elf" and found nothing)
        raise QuerySyntaxError(f"unclosed quote after {key_match.group(1)}: close it ({key_match.group(1)}:'...') "
                               "or drop it", index, query)
    elif index < len(query) and query[index] == "/" and key in ("name", "oracle", "fulloracle", "type"):
        raw, index = _read_regex(query, index)
        is_regex = True
        if index < len(query) and query[index].isalpha():  # "o:/tap/gi": Scryfall's regexes take no flags
            raise QuerySyntaxError(f"a /regex/ takes no flags ({_BARE.match(query, index).group()!r} after it): "
                                   "it is already case-insensitive; leave a space after the closing /",
                                   index, query)
        if index < len(query) and not query[index].isspace() and query[index] != ")":
            # "o:/\+1/\+1/": the regex ended at its second "/", and the rest had been ranked as words (a second)
            after = query[index:].split(maxsplit=1)[0][:20]  # (what follows may be no bare word: "(", a quote)
            raise QuerySyntaxError(f"the /regex/ ends at the / before {after!r}: a / "
                                   "inside a regex is written \\/ (o:/\\+1\\/\\+1/); leave a space after the "
                                   "closing /", index - 1, query)
    else:
        match = _BARE.match(query, index)
        if not match:
            raise QuerySyntaxError(f"{name}{op} needs a value", start, query)
        raw, index = match.group(), match.end()
        if labelled and len(raw) > 1 and raw[-1] in ",;.":  # "Type: instant, cmc: 3": the list's comma
            raw, index = raw[:-1], index - 1
        is_regex = False
    try:
        value = _typed_value(key, op, raw, is_regex, start, value_position, query)
    except QuerySyntaxError:
        glued = _GLUED_NEGATION.search(raw) if not is_regex else None
        if glued and glued.group(1).lower() in ALL_KEYS:  # "c:rg-t:elf" had said "'rg-t:elf' is not a colour"
            cut = glued.start()
            raise QuerySyntaxError(f"{raw!r} runs into the next term: put a space before '-' ({key_match.group(1)}"
                                   f"{op}{raw[:cut]} -{raw[cut + 1:]})", value_position + cut, query) from None
        if not (labelled and (key == "role" or key in ("color", "identity") and raw.lower().startswith("mono"))):
            raise
        # "function: card draw", "Colors: mono-red": an agent's label over words that name a function or a colour
        # the reader reads, though no value of the key; the label and the words are read as words
        return Text(key_match.group(1), start), key_match.end()
    return Filter(key, op, value, start, query[start:index], regex=is_regex), index


# a negated keyword term glued to the value before it, as in "c:rg-t:elf"
_GLUED_NEGATION = re.compile(r"(?<=.)-([A-Za-z]+)(?:!=|<=|>=|:|=|<|>)")


def _typed_value(key: str, op: str, raw: str, is_regex: bool, start: int, value_position: int, query: str):
    def error(message: str) -> QuerySyntaxError:
        return QuerySyntaxError(message, value_position, query)

    if is_regex:
        if op not in (":", "="):
            raise QuerySyntaxError(f"{key} takes : with a regular expression", start, query)
        return compile_regex(raw, value_position, query)
    if not raw.strip():
        raise error(f"empty value for {key}")
    if key in CARD_KEYS:
        if op not in (":", "="):
            raise QuerySyntaxError(f"{key} takes : and a card's name, not {op}", start, query)
        return raw.strip()
    if key in _COMPARED_KEYS:
        _check_operator(query[start:value_position - len(op)], op, raw, error)
    if key == "produces":
        letters = raw.lower()
        if letters in ("m", "multi", "multicolor", "multicolored"):
            # (c:m is a kind of card; Scryfall's produces: takes mana letters only, and "produces:m" had been
            # refused with no word of what to type)
            raise error(f"produces takes mana letters (w, u, b, r, g, c), got {raw!r}: mana is of one colour, so "
                        "there is no multicolour mana; name the colours (produces>=wu: white and blue, "
                        "produces:wubrg: every colour)")
        if any(ch not in "wubrgc" for ch in letters):
            raise error(f"produces takes mana letters (w, u, b, r, g, c), got {raw!r}")
        return ColorValue(sum(1 << "wubrgc".index(ch) for ch in set(letters)))
    if key in ("color", "identity"):
        colors = _color_value(raw, error, "c" if key == "color" else "id")
        if isinstance(colors, ColorValue) and colors.multicolor and op in ("<", "<=", ">"):
            # (m is a kind of card, not a set of colours to be within: c<m had listed every other card)
            raise error(f"{op}{raw} compares with no set of colours: m (multicolour) takes : or = (c:m), - to leave "
                        "it out (-c:m), or count colours (c>=2, c<2)")
        return colors
    if key in NUMBER_KEYS.values():
        return _number_value(key, op, raw, error)
    if key == "mana":
        return _mana_value(raw, error)
    if key == "devotion":
        return _devotion_value(raw, error)
    if key == "date":
        if re.fullmatch(r"[a-z0-9]{3,5}", raw, re.IGNORECASE) and not raw.isdigit():
            # (Scryfall reads a set code as that set's release date: scryfall.com/docs/syntax, "Year")
            raise error(f"{NO_DATA}has no set codes: date:{raw} compares with a set's release date; use a date "
                        "such as 2015-08-18 or a year")
        if not re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", raw):
            raise error(f"date takes a date such as 2015-08-18 or a year, got {raw!r}")
        return raw
    if key == "rarity":
        if raw.lower() not in RARITIES:
            raise error(f"unknown rarity {raw!r}: use common, uncommon, rare, mythic, special or bonus")
        return RARITIES[raw.lower()]
    if op not in (":", "=") and key != "set":
        raise QuerySyntaxError(f"{key} takes : or =, not {op}", start, query)
    if key == "keyword" and len(raw) > 1 and raw[0] == raw[-1] == "/":  # (kw:/fly/ had matched nothing, unsaid)
        raise error(f"{key} takes a keyword's name (kw:flying), no /regex/: regular expressions work with o:, t: and "
                    "name: (o:/^flying/)")
    if key == "type":
        raw = _type_text(raw)
    if key in ("oracle", "fulloracle"):  # a loyalty cost typed with a hyphen: Oracle text writes it with a minus
        raw = _LOYALTY_HYPHEN.sub("\u2212", raw)  # sign (o:"-1:" had matched no card, o:"\u22121:" 50)
    if key in ("oracle", "fulloracle", "type"):
        # no card's text has two spaces: a run of them is one, inside a phrase ("draw  a  card" found none) and at
        # its edges (o:"  draw a card" found none, while o:" draw a card" finds 2,156)
        raw = re.sub(r"\s{2,}", " ", raw)
    return _named_value(key, raw.lower(), raw, error)


# a dash standing alone, as a type line's "—" stands between its types and subtypes: typed as the em dash, the en
# dash or a hyphen, as players type it (t:"creature - elf")
_TYPE_DASH = re.compile(r"(?:^|(?<=\s))[-\u2013\u2014](?=\s|$)")


def _type_text(raw: str) -> str:
    """A t: value as type lines print it: accents folded (no type line holds one: t:élf is t:elf, as name: folds
    them) and a dash standing alone the em dash. Folding alone had made the em dash a hyphen, which no type line
    holds there: t:"creature — elf" had matched no card, and said so, where t:/creature — elf/ finds 629."""
    dashed = _TYPE_DASH.sub("\u2014", raw)
    if dashed.isascii():
        return dashed
    return fold(dashed.replace("\u2014", "\x00")).replace("\x00", "\u2014")  # (NUL: no query holds one)


# the keys whose values compare (numbers, colours, costs), where a sign opening the value is an operator mistyped
_COMPARED_KEYS = frozenset({*NUMBER_KEYS.values(), *COLOR_KEYS.values(), "mana", "devotion", "rarity", "date"})


def _check_operator(key: str, op: str, raw: str, error) -> None:
    """An operator typed another way than the syntax's, with the one it likely means, after the key as typed:
    ``mv=>3`` (the two signs the other way round), ``cmc==3`` (a programmer's equality), ``mv<>3`` (SQL's "not
    equal"); ``c=>rg`` had said "'>rg' is not a colour", ``mv<>3`` that mv needs a number."""
    if op == "<" and raw[:1] == ">" and raw[1:]:
        raise error(f"'<>' is no comparison: did you mean {key}!={raw[1:]}?")
    if op == "=" and raw[:1] in ("<", ">") and raw[1:]:
        raise error(f"'={raw[0]}' is no comparison: did you mean {key}{raw[0]}={raw[1:]}?")
    if op in ("=", "!=") and raw[:1] == "=" and raw[1:]:
        raise error(f"'{op}=' is no comparison: did you mean {key}{op}{raw[1:]}?")


_LOYALTY_HYPHEN = re.compile(r"(?<![\w/+\-\u2212])-(?=(?:\d+|[xX])\]?:)")


def _named_value(key: str, lowered: str, raw: str, error) -> str:
    """The value of a keyword that takes one of a known list of names (is:, has:, role:, f:, order:...)."""
    if key == "order" and lowered in PRINTING_ORDERS:
        raise error(f"{NO_DATA}is per card, not per printing: order:{raw} sorts printings (sets, prices, artists)")
    if key in VIEW_VALUES:
        if lowered in VIEW_VALUES[key]:
            return lowered
        if key == "lang" or key == "unique" and lowered in ("art", "prints"):  # (unique:bogus is no printing's)
            raise error(f"{NO_DATA}is per card, in English: {key}:{raw} is about printings "
                        f"({'art and prints' if key == 'unique' else 'languages'}); use "
                        f"{' or '.join(sorted(VIEW_VALUES[key]))}")
        raise error(f"unknown {key}:{raw}; known are {', '.join(sorted(VIEW_VALUES[key]))}")
    if key in ("format", "banned", "restricted"):
        lowered = format_named(lowered)
    if key in ("is", "not", "has", "order", "direction", "role", "format", "banned", "restricted"):
        known = _known_names(key)
        if key == "role" and lowered not in known:
            close = difflib.get_close_matches(lowered, known, n=4, cutoff=0.5)
            hint = f"did you mean {', '.join(close)}? " if close else ""
            raise error(f"unknown role {raw!r} (no function tag has that name); {hint}every tag is listed in "
                        "docs/tags.md")
        if key in ("is", "not") and lowered not in known and re.sub(r"[_\-]", "", lowered) in PRINTING_IS:
            # (Scryfall's reference spells some of them apart: is:planeswalker_deck, is:intro_pack)
            raise error(f"{NO_DATA}is per card, not per printing: {key}:{raw} is about printings (finishes, frames, "
                        "promos, sets)")
        if lowered not in known:
            what = {"is": f"is:{raw}", "not": f"not:{raw}", "has": f"has:{raw}"}.get(key, f"{key} {raw!r}")
            close = difflib.get_close_matches(re.sub(r"[\W_]+", "", lowered), known, n=3, cutoff=0.75)
            hint = f"did you mean {' or '.join(close)}? " if close else ""
            raise error(f"unknown {what}; {hint}known are {', '.join(sorted(known))}")
    return lowered


def _known_names(key: str):
    if key == "role":
        from grimoire.search.tags import TAG_NAMES

        return TAG_NAMES
    if key in ("format", "banned", "restricted"):
        from grimoire.cards.model import FORMATS

        return FORMATS
    return {"is": IS_VALUES, "not": IS_VALUES, "has": HAS_VALUES, "order": ORDERS, "direction": DIRECTIONS}[key]


def _color_value(raw: str, error, short: str = "c") -> ColorValue | ColorCount:
    if raw.isdecimal():  # "²" is a digit to isdigit() but no number to int()
        if int(raw) > 5:
            raise error(f"a card has at most 5 colours, not {raw}")
        return ColorCount(int(raw))
    colors = parse_colors(raw)
    if colors is None:
        raise error(f"{raw!r} is not a colour: use letters (wubrg, c), a number of colours (c=2) or a name "
                    f"such as azorius, esper or abzan{_color_hint(raw.lower(), short)}")
    return colors


# A number of colours in words, as players write it ("four-color", "4c", "mono"): Scryfall has no such colour value;
# it counts colours with a number ("c:four-color" and "c:mono" had been refused with no way to say them)
_COLOR_COUNT_WORDS = re.compile(r"(mono|one|two|three|four|five|[1-5])[- ]?(?:colou?r(?:ed|s)?|c)?")
_COUNTS = {"mono": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_MONO_COLOUR = re.compile(r"mono[- ]?(white|blue|black|red|green|[wubrg])")


def _color_hint(lowered: str, short: str) -> str:
    """The syntax a colour word that is no colour value means: ``c=4`` for "four-color", ``c=r`` for "mono-red"."""
    if mono := _MONO_COLOUR.fullmatch(lowered):
        colour = mono.group(1)
        return f" (did you mean {short}={colour if len(colour) == 1 else COLOR_NAMES[colour].lower()}?)"
    if count := _COLOR_COUNT_WORDS.fullmatch(lowered):
        number = _COUNTS.get(count.group(1)) or int(count.group(1))
        also = " or is:monocolor" if number == 1 and short == "c" else ""
        return f" (did you mean {short}={number}{also}?)"
    return ""


def _number_value(key: str, op: str, raw: str, error) -> float | str | FieldValue:
    lowered = raw.lower()
    if key == "mv" and lowered in ("even", "odd"):
        if op not in (":", "="):
            raise error(f"{op}{raw} means nothing for a mana value: use mv:even or mv:odd")
        return lowered
    if lowered in NUMBER_KEYS and NUMBER_KEYS[lowered] in NUMBER_FIELDS and key in NUMBER_FIELDS:
        return FieldValue(NUMBER_KEYS[lowered])
    if raw == VARIABLE and key in ("power", "toughness", "loyalty", "defense"):
        # pow=*: a stat that varies (Tarmogoyf's */1+*, a planeswalker's X loyalty); as a number it counts as 0
        if op not in (":", "=", "!="):
            raise error(f"{key}{op}{raw} compares with no number: {raw} finds a stat that varies ({key}={raw}, or "
                        f"{key}!={raw} for a fixed one)")
        return VARIABLE
    # a number as a card prints one: float() had also taken "1_0" (10), "1e1", "nan" and "infinity"
    number = float(raw) if _NUMBER.fullmatch(raw) else None
    if number in (float("inf"), float("-inf")):  # 400 digits
        digits = len(raw.lstrip("+-").split(".")[0])
        raise error(f"{key}{op} takes a number of at most 300 digits, got one of {digits:,}")
    if number is None:
        fields = "pow, tou, pt, mv, loy, def"
        stat = key in ("power", "toughness", "loyalty", "defense")
        varies = f"; a stat that varies (an X, a *) is {key}=*" if raw.lower() == "x" and stat else ""  # (loy=x
        # had not said how); a printed ? is no number and varies not: it meets no comparison (Loopy Lobster's ?/?)
        varies = varies or ("; a ? (Loopy Lobster's ?/?) is no number and meets no comparison" if raw == "?" and stat
                            else "")
        raise error(f"{key} needs a number or another field ({fields}), got {raw!r}{varies}")
    return number


_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")

# two-colour hybrid symbols as cards print them ({W/U}, {G/U}...); the reverse order of each reads as it ("{U/G}" is
# {G/U}), with or without a Phyrexian "/P"
_PRINTED_PAIRS = ("W/U", "U/B", "B/R", "R/G", "G/W", "W/B", "U/R", "B/G", "R/W", "G/U")
_HYBRID_ORDER = {f"{pair[2]}/{pair[0]}{tail}": f"{pair}{tail}" for pair in _PRINTED_PAIRS for tail in ("", "/P")}


def _mana_symbols(raw: str, error) -> list[str]:
    """``2ww`` or ``{2}{W}{W}`` or ``{w/u}{p}`` as symbols (``{2}``, ``{W}``...); anything else is an error."""
    symbols, index = [], 0
    for match in MANA_SYMBOL.finditer(raw):
        if match.start() != index:
            break
        inner = (match.group(1) or match.group(2) or match.group(3)).upper()
        inner = _TRANSPOSED.get(inner, inner)  # "{P/G}" is {G/P}: Scryfall reads Phyrexian symbols either way
        if not _VALID_SYMBOL.fullmatch(inner) or inner in _NO_MANA:
            what = f" (it is the {_NO_MANA[inner]} symbol, found in rules text: o:{{{inner}}})" if inner in _NO_MANA \
                else ""
            raise error(f"{{{inner}}} is not a mana symbol{what}")
        inner = _HYBRID_ORDER.get(inner, inner)  # "{U/G}" is printed {G/U}
        symbols.append(f"{{{inner}}}")
        index = match.end()
    if index != len(raw) or not symbols:
        raise error(f"not mana symbols: {raw[index:]!r}; write them as {{2}}{{W}}{{W}}, {{W/U}}, {{R/P}} or 2ww")
    return symbols


def _mana_value(raw: str, error) -> str:
    return "".join(_mana_symbols(raw, error))


def _devotion_value(raw: str, error) -> Devotion:
    symbols = set(_mana_symbols(raw, error))
    letters = {ch for ch in "".join(symbols) if ch in "WUBRG"}
    if len(symbols) != 1 or not letters:
        raise error("devotion takes one coloured or hybrid symbol, repeated: devotion:{u}{u}{u} or "
                    "devotion:{u/b}{u/b}")
    return Devotion(color_bits(letters), len(_mana_symbols(raw, error)))


# --- parser ---------------------------------------------------------------------------------------------

class _Parser:
    def __init__(self, query: str, tokens: list[_Token]):
        self.query = query
        self.tokens = tokens
        self.index = 0
        self.depth = 0

    def peek(self) -> _Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def error(self, message: str, position: int) -> QuerySyntaxError:
        return QuerySyntaxError(message, position, self.query)

    def parse_or(self) -> Node:
        children = [self.parse_and()]
        while (token := self.peek()) is not None and token.kind == "or":
            self.index += 1
            if self.peek() is None or self.peek().kind in (")", "or"):
                raise self.error("'or' needs a term after it", token.position)
            children.append(self.parse_and())
        return children[0] if len(children) == 1 else Or(tuple(children))

    def parse_and(self) -> Node:
        children: list[Node] = []
        while (token := self.peek()) is not None and token.kind not in (")", "or"):
            if token.kind == "and":
                self.index += 1
                if not children or self.peek() is None or self.peek().kind in (")", "or", "and"):
                    raise self.error("'and' needs a term on each side", token.position)
                continue
            children.append(self.parse_unary())
        if not children:
            token = self.peek()
            position = token.position if token else len(self.query)
            # ("or t:elf" and ")t:elf(" had said "expected a search term", where "and t:elf" names the 'and')
            if token is not None and token.kind == "or":
                raise self.error("'or' needs a term on each side", position)
            if token is not None and token.kind == ")":
                raise self.error("unexpected ')'", position)
            raise self.error("expected a search term", position)
        return children[0] if len(children) == 1 else And(tuple(children))

    def parse_unary(self) -> Node:
        token = first = self.peek()
        negations = 0
        while token is not None and token.kind == "-":  # a loop, not recursion: "------x" is 1,000 deep at most
            negations += 1
            self.index += 1
            following = self.peek()
            if following is None or following.kind in (")", "or", "and"):
                raise self.error("'-' must be followed by a term to exclude", token.position)
            if following.kind != "-":
                break
            token = following
        if negations:
            node = self.parse_unary()
            return Not(node, first.position) if negations % 2 else node  # "--x" is x
        if token.kind == "(":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise self.error(f"more than {MAX_DEPTH} nested parentheses", token.position)
            self.index += 1
            if self.peek() is not None and self.peek().kind == ")":
                raise self.error("empty parentheses", token.position)
            node = self.parse_or()
            closing = self.peek()
            if closing is None or closing.kind != ")":
                raise self.error("unclosed parenthesis", token.position)
            self.index += 1
            self.depth -= 1
            return Or(node.children, grouped=True) if isinstance(node, Or) else node
        if token.kind == ")":
            raise self.error("unexpected ')'", token.position)
        self.index += 1
        return token.node


# Typographic quotes as phones and word processors type them: the straight quotes of the syntax (``o:“draw a
# card”`` had been a filter on ``“draw`` and two words, matching nothing, silently), and the full-width forms
# of ASCII and the ideographic space that Japanese, Chinese and Korean keyboards type (``ｍｖ＝３`` had been read
# as words); and the invisible characters a copy and paste brings along (zero-width spaces and joiners, a byte-order
# mark, direction marks and overrides) as spaces: "\u200bt:elf" had been two words, ranked, not the Elves; each a
# one-for-one swap, so positions in the query stay where the user typed them
_INVISIBLE = "\u200b\u200c\u200d\u200e\u200f\u2060\ufeff\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_TYPED_FORMS = str.maketrans({"“": '"', "”": '"', "„": '"', "‟": '"', "‘": "'", "’": "'", "‚": "'", "‛": "'",
                              "\u3000": " ", **{chr(code): chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)},
                              **dict.fromkeys(_INVISIBLE, " ")})


def plain_forms(query: str) -> str:
    """``query`` with typographic quotes and full-width characters as the plain ASCII the syntax is written in, and
    a dash or a minus sign opening a term as the hyphen of a negation (``t:goblin –c:r`` had dropped the negated
    term, ``—t:creature`` had been a word). A dash inside a word, a quote or a regex stays: loyalty costs print the
    minus sign ("−3:"), and ability words the em dash."""
    return _TYPED_NEGATION.sub(_negation, query.translate(_TYPED_FORMS))


# The dashes word processors and phones type for "-": the en dash, the minus sign, the em dash, the hyphen and the
# non-breaking hyphen (U+2010, U+2011). Quoted text and a regex (after a keyword's operator or opening a term) are
# matched whole, so that a dash in them is passed over.
_TYPED_NEGATION = re.compile(r'"[^"]*"?|(?:^|(?<=[\s(:=<>-]))/(?!\s)(?:\\.|[^\\/])*/?'
                             r"|(?:^|(?<=[\s(]))(?P<dash>[\u2010\u2011\u2013\u2014\u2212])(?=[A-Za-z(!])")


def _negation(match: re.Match) -> str:
    return "-" if match.group("dash") else match.group()  # (quoted text and a regex as they are)


def parse(query: str) -> Node:
    """Parse a query into its AST; raises :class:`QuerySyntaxError` with the position of the problem."""
    typed, query = query, plain_forms(query)
    if len(query) > MAX_QUERY_LENGTH:
        raise QuerySyntaxError(f"query longer than {MAX_QUERY_LENGTH} characters", MAX_QUERY_LENGTH, query)
    if not query.strip():
        raise QuerySyntaxError("empty query", 0, query)
    _check_characters(query)
    _check_invisible_after_keys(typed, query)
    parser = _Parser(query, _tokens(query))
    node = parser.parse_or()
    leftover = parser.peek()
    if leftover is not None:
        raise parser.error("unexpected ')'" if leftover.kind == ")" else "unexpected term", leftover.position)
    _check_directives(node, query)
    return node


def _check_characters(query: str) -> None:
    """Refuse what no card text holds and what breaks the text engines: a lone surrogate (Python's stand-in
    for invalid UTF-8 on a command line) and control characters such as NUL."""
    for position, ch in enumerate(query):
        if "\ud800" <= ch <= "\udfff":
            raise QuerySyntaxError("invalid character (a lone surrogate: the text was not valid UTF-8)", position,
                                   query)
        if unicodedata.category(ch) == "Cc" and ch not in "\t\n\r":
            raise QuerySyntaxError(f"control character U+{ord(ch):04X} is not allowed in a query", position, query)


_KEY_AFTER_NO_LETTER = re.compile(r"(?<![A-Za-z])([A-Za-z]+)(!=|<=|>=|:|=|<|>)")


def _check_invisible_after_keys(typed: str, query: str) -> None:
    """An invisible character between a keyword and its value is named: read as a space, it had given "t: needs a
    value right after it (no space)" for a pasted ``t:\u200belf``, where the user sees no space at all. ``query`` is
    ``typed`` with its plain forms, character for character."""
    for key in _KEY_AFTER_NO_LETTER.finditer(query):
        after = key.end()
        if after < len(typed) and typed[after] in _INVISIBLE and key.group(1).lower() in ALL_KEYS:
            ch = typed[after]
            name = unicodedata.name(ch, "an invisible character")
            raise QuerySyntaxError(f"an invisible character, U+{ord(ch):04X} {name}, stands between "
                                   f"{key.group()} and its value (pasted in with it?): delete it", after, typed)


def _check_directives(node: Node, query: str) -> None:
    """``order:`` and ``direction:`` sort the whole result, and ``display:``, ``unique:``, ``prefer:`` and
    ``lang:`` say how it is shown, so they stand at the top level only, once each."""
    seen: set[str] = set()
    for child in _conjuncts(node):
        if isinstance(child, Filter) and child.key in DIRECTIVE_KEYS:
            if child.key in seen:
                raise QuerySyntaxError(f"{child.key}: given twice", child.position, query)
            seen.add(child.key)
            continue
        for inner in _directives(child):
            does = "sorts" if inner.key in ("order", "direction") else "says how to show"
            # (a group that every match must meet, "(t:elf order:cmc)", is the top level: only a negation or an
            # "or" puts it below; the message had said parentheses too)
            raise QuerySyntaxError(f"{inner.key}: {does} the whole result; it cannot be negated or be one of the "
                                   "alternatives of an 'or'", inner.position, query)


def _conjuncts(node: Node) -> list[Node]:
    """The terms every match must satisfy: the top-level conjunction, nested groups of ANDs flattened."""
    if isinstance(node, And):
        return [term for child in node.children for term in _conjuncts(child)]
    return [node]


def _directives(node: Node):
    if isinstance(node, Filter) and node.key in DIRECTIVE_KEYS:
        yield node
    for child in (node.child,) if isinstance(node, Not) else getattr(node, "children", ()):
        yield from _directives(child)


def sort_order(node: Node | None) -> tuple[str, str] | None:
    """The ``order:`` and ``direction:`` of a parsed query as (order, "asc" or "desc"), or ``None``."""
    if node is None:
        return None
    given = {child.key: child.value for child in _conjuncts(node) if isinstance(child, Filter)
             and child.key in ("order", "direction")}
    if not given:
        return None
    order = given.get("order", "name")
    direction = given.get("direction", "auto")
    return order, ORDERS[order] if direction == "auto" else direction


def text_as_filters(node: Node, *, filtering: bool = False, key: str = "name", typed: bool = True) -> Node:
    """Turn free text that must filter into a name search, as a bare word is on Scryfall (``Filter("name")``):
    text under a negation (``-goblin t:goblin``: the Goblins without "goblin" in their names; it had matched type
    lines and rules text too, leaving none), or in an Or that also holds filters (``(bolt or t:elf)``) or was typed
    in parentheses (``through (depths or sands or mists)``: then, as on Scryfall, every bare word of the query is a
    name's, "through" too: three cards, where the query is ``typed`` syntax, not words read as some). Other free
    text only ranks, unless ``filtering`` says all of it filters, as a ``key`` search (``text``: the words anywhere
    on the card, for a list with no words to rank by, the cards like a given one)."""
    if not filtering and typed and _word_group(node):  # Scryfall's syntax, typed: every bare word is a name's
        filtering = True
    return _text_as_filters(node, filtering=filtering, key=key)


def _word_group(node: Node) -> bool:
    """Whether ``node`` holds words alone in parentheses with "or" (``(depths or sands or mists)``)."""
    if isinstance(node, Or) and node.grouped and all(_only_text(child) for child in node.children):
        return True
    children = (node.child,) if isinstance(node, Not) else getattr(node, "children", ())
    return any(_word_group(child) for child in children)


def _text_as_filters(node: Node, *, filtering: bool = False, key: str = "name") -> Node:
    if isinstance(node, Text):
        return Filter(key, ":", node.text.lower(), node.position, node.text) if filtering else node
    if isinstance(node, Not):
        return Not(_text_as_filters(node.child, filtering=True, key=key), node.position)
    if isinstance(node, And):
        return And(tuple(_text_as_filters(child, filtering=filtering, key=key) for child in node.children))
    if isinstance(node, Or):
        # (words alone in parentheses are Scryfall's too: "through (depths or sands or mists)" had ranked 1,088 cards,
        # and its negation filtered, so that a set and its negation overlapped)
        mixed = filtering or node.grouped or not all(_only_text(child) for child in node.children)
        return Or(tuple(_text_as_filters(child, filtering=mixed, key=key) for child in node.children), node.grouped)
    return node


def _only_text(node: Node) -> bool:
    """Whether ``node`` is free text alone: a word, a phrase, or words side by side ("indestructible until end of
    turn" beside a quoted phrase in an "or" is prose, no filter)."""
    return isinstance(node, Text) or isinstance(node, And) and all(_only_text(child) for child in node.children)


def applied_filters(node: Node | None) -> list[str]:
    """The hard constraints of a parsed query in syntax, in the order typed: one entry per top-level term
    (``-t:land``, ``(t:elf or t:goblin)``, ``id<=bg``). Free text, which only ranks, is left out."""
    if node is None:
        return []
    return [text for child in _conjuncts(node) if (text := _syntax(child))]


def exact_name_syntax(name: str) -> str:
    """A card's name as the exact-name syntax (``!"Fire // Ice"``), so that nothing in it is read as syntax; in single
    quotes where the name holds a double quote (``!'"Ach! Hans, Run!"'``, ``!'Kongming, "Sleeping Dragon"'``); ""
    where it holds both kinds (no card's does)."""
    if '"' not in name:
        return f'!"{name}"'
    return "" if "'" in name else f"!'{name}'"


def _syntax(node: Node) -> str:
    if isinstance(node, Text):
        return ""
    if isinstance(node, ExactName):
        return exact_name_syntax(node.name)
    if isinstance(node, Filter):
        return node.raw
    if isinstance(node, Not):
        inner = _syntax(node.child)
        return f"-({inner})" if isinstance(node.child, And) and len(node.child.children) > 1 else f"-{inner}"
    parts = [_syntax(child) for child in node.children]
    if isinstance(node, And):
        return " ".join(part for part in parts if part)
    # an alternative that is free text lets every card through, so the whole 'or' filters nothing
    return "(" + " or ".join(parts) + ")" if all(parts) else ""


def free_text(node: Node) -> list[str]:
    """The free text that ranks results (run after :func:`text_as_filters`)."""
    if isinstance(node, Text):
        return [node.text]
    if isinstance(node, And | Or):
        return [text for child in node.children for text in free_text(child)]
    return []
