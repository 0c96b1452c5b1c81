"""The query language: Scryfall's syntax, parsed into an AST with character positions for errors.

Bare words and quoted phrases are free text (what the card should do, ranked); keyword terms
(``t:instant``, ``id<=bg``, ``mv>=3``, ``o:"draw a card"``...) are hard filters.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Union

import regex

MAX_QUERY_LENGTH = 1000
MAX_REGEX_LENGTH = 200
MAX_DEPTH = 30


class QuerySyntaxError(ValueError):
    """A query that cannot be run: ``message`` says what is wrong, ``position`` where (0-based)."""

    def __init__(self, message: str, position: int, query: str = ""):
        self.message = message
        self.position = position
        self.query = query
        super().__init__(f"{message} (at character {position + 1})")

    def caret(self) -> str:
        """The query with a caret under the offending character."""
        return f"{self.query}\n{' ' * self.position}^"


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
}
MULTICOLOR = "multicolor"
COMPARISONS = (":", "=", "!=", "<=", ">=", "<", ">")


@dataclass(frozen=True)
class ColorValue:
    """A set of colours as a WUBRG bitmask, or the special value "multicolor"."""

    mask: int
    multicolor: bool = False


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
    return ColorValue(sum(1 << "WUBRG".index(ch) for ch in letters.upper()))


RARITIES = {"c": 0, "common": 0, "u": 1, "uncommon": 1, "r": 2, "rare": 2, "m": 3, "mythic": 3,
            "s": 4, "special": 4, "b": 5, "bonus": 5}

IS_VALUES = frozenset({
    "commander", "partner", "companion", "gamechanger", "gc", "reserved", "permanent", "spell", "dfc", "mdfc",
    "transform", "meld", "split", "flip", "adventure", "leveler", "saga", "class", "vanilla", "frenchvanilla",
    "funny", "legendary", "historic", "modal", "hybrid", "phyrexian", "multicolor", "colorless", "monocolor",
    "land", "creature", "instant", "sorcery", "artifact", "enchantment", "planeswalker", "battle",
})

TEXT_KEYS = {"name": "name", "n": "name", "o": "oracle", "oracle": "oracle", "fo": "fulloracle",
             "fulloracle": "fulloracle", "t": "type", "type": "type", "kw": "keyword", "keyword": "keyword",
             "m": "mana", "mana": "mana"}
COLOR_KEYS = {"c": "color", "color": "color", "colors": "color", "id": "identity", "identity": "identity",
              "ci": "identity", "produces": "produces"}
NUMBER_KEYS = {"mv": "mv", "cmc": "mv", "manavalue": "mv", "pow": "power", "power": "power",
               "tou": "toughness", "toughness": "toughness", "loy": "loyalty", "loyalty": "loyalty",
               "def": "defense", "defense": "defense", "year": "year"}
FORMAT_KEYS = {"f": "format", "format": "format", "legal": "format", "banned": "banned",
               "restricted": "restricted"}
OTHER_KEYS = {"is": "is", "not": "not", "role": "role", "r": "rarity", "rarity": "rarity"}
ALL_KEYS = {**TEXT_KEYS, **COLOR_KEYS, **NUMBER_KEYS, **FORMAT_KEYS, **OTHER_KEYS}


# --- AST ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Text:
    """Free text: a bare word or a quoted phrase."""

    text: str
    position: int
    phrase: bool = False


@dataclass(frozen=True)
class Filter:
    """A keyword term. ``value`` is typed by key: str, float, ColorValue or a compiled pattern (``regex`` True)."""

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


Node = Union[Text, Filter, ExactName, Not, And, Or]  # noqa: UP007 - a runtime alias


# --- tokenizer ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Token:
    kind: str  # "(" ")" "-" "or" "and" "term"
    position: int
    node: Node | None = None


_KEY = re.compile(r"([A-Za-z]+)(!=|<=|>=|:|=|<|>)")
_BARE = re.compile(r"[^\s()\"]+")


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


def compile_regex(pattern: str, position: int, query: str) -> regex.Pattern:
    if not pattern:
        raise QuerySyntaxError("empty regular expression", position, query)
    if len(pattern) > MAX_REGEX_LENGTH:
        raise QuerySyntaxError(f"regular expression longer than {MAX_REGEX_LENGTH} characters", position, query)
    try:
        return regex.compile(pattern, regex.IGNORECASE | regex.VERSION0)
    except (regex.error, RecursionError, OverflowError, ValueError, TypeError) as exc:
        raise QuerySyntaxError(f"invalid regular expression: {exc}", position, query) from None


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
        elif ch == "-":
            tokens.append(_Token("-", index))
            index += 1
        elif ch == '"':
            text, index_after = _read_quoted(query, index)
            tokens.append(_Token("term", index, Text(text, index, phrase=True)))
            index = index_after
        elif ch == "/":
            pattern, index_after = _read_regex(query, index)
            tokens.append(_Token("term", index, Filter("text", ":", compile_regex(pattern, index, query),
                                                       index, query[index:index_after], regex=True)))
            index = index_after
        elif ch == "!":
            start = index
            index += 1
            if index < len(query) and query[index] == '"':
                name, index = _read_quoted(query, index)
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
            match = _BARE.match(query, index)
            word = match.group()
            lowered = word.lower()
            if lowered in ("or", "and"):
                tokens.append(_Token(lowered, index))
            else:
                tokens.append(_Token("term", index, Text(word, index)))
            index = match.end()
    return tokens


def _keyword_term(query: str, start: int, key_match: re.Match) -> tuple[Filter | Text, int]:
    name, op = key_match.group(1).lower(), key_match.group(2)
    index = key_match.end()
    if index == len(query) or query[index].isspace():
        if name not in ALL_KEYS:
            return Text(key_match.group(1), start), index  # "creature: draw a card": a colon in prose
        raise QuerySyntaxError(f"{name}{op} needs a value right after it (no space)", start, query)
    if name not in ALL_KEYS:
        raise QuerySyntaxError(f"unknown keyword {key_match.group(1)!r}: "
                               f"known are {', '.join(sorted(ALL_KEYS))}", start, query)
    key = ALL_KEYS[name]
    value_position = index
    if index < len(query) and query[index] == '"':
        raw, index = _read_quoted(query, index)
        is_regex = False
    elif index < len(query) and query[index] == "/" and key in ("name", "oracle", "fulloracle", "type"):
        raw, index = _read_regex(query, index)
        is_regex = True
    else:
        match = _BARE.match(query, index)
        if not match:
            raise QuerySyntaxError(f"{name}{op} needs a value", start, query)
        raw, index = match.group(), match.end()
        is_regex = False
    value = _typed_value(key, op, raw, is_regex, start, value_position, query)
    return Filter(key, op, value, start, query[start:index], regex=is_regex), index


def _typed_value(key: str, op: str, raw: str, is_regex: bool, start: int, value_position: int, query: str):
    if is_regex:
        if op not in (":", "="):
            raise QuerySyntaxError(f"{key} takes : with a regular expression", start, query)
        return compile_regex(raw, value_position, query)
    if not raw.strip():
        raise QuerySyntaxError(f"empty value for {key}", value_position, query)
    if key == "produces":
        letters = raw.lower()
        if not letters or any(ch not in "wubrgc" for ch in letters):
            raise QuerySyntaxError(f"produces takes mana letters (w, u, b, r, g, c), got {raw!r}", value_position,
                                   query)
        return ColorValue(sum(1 << "wubrgc".index(ch) for ch in set(letters)))
    if key in ("color", "identity"):
        colors = parse_colors(raw)
        if colors is None:
            raise QuerySyntaxError(f"{raw!r} is not a colour: use letters (wubrg, c) or a name such as "
                                   "azorius, esper or abzan", value_position, query)
        return colors
    if key in NUMBER_KEYS.values():
        if key == "mv" and raw.lower() in ("even", "odd") and op == ":":
            return raw.lower()
        try:
            return float(raw)
        except ValueError:
            raise QuerySyntaxError(f"{key} needs a number, got {raw!r}", value_position, query) from None
    if op not in (":", "=") and key not in ("rarity",):
        raise QuerySyntaxError(f"{key} takes : or =, not {op}", start, query)
    if key == "rarity":
        if raw.lower() not in RARITIES:
            raise QuerySyntaxError(f"unknown rarity {raw!r}: use common, uncommon, rare, mythic, special or bonus",
                                   value_position, query)
        return RARITIES[raw.lower()]
    if key in ("is", "not"):
        if raw.lower() not in IS_VALUES:
            raise QuerySyntaxError(f"unknown {key}:{raw}; known are {', '.join(sorted(IS_VALUES))}",
                                   value_position, query)
        return raw.lower()
    if key == "role":
        from grimoire.search.tags import TAG_NAMES

        if raw.lower() not in TAG_NAMES:
            close = difflib.get_close_matches(raw.lower(), TAG_NAMES, n=4, cutoff=0.5)
            hint = f"did you mean {', '.join(close)}? " if close else ""
            raise QuerySyntaxError(f"unknown role {raw!r} (no function tag has that name); {hint}every tag is "
                                   "listed in docs/tags.md", value_position, query)
        return raw.lower()
    if key in FORMAT_KEYS.values():
        from grimoire.cards.model import FORMATS

        if raw.lower() not in FORMATS:
            raise QuerySyntaxError(f"unknown format {raw!r}; known are {', '.join(FORMATS)}", value_position, query)
        return raw.lower()
    if key == "mana":
        return raw.upper() if "{" in raw else "".join(f"{{{ch}}}" for ch in raw.upper())
    return raw.lower()


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
            raise self.error("expected a search term", position)
        return children[0] if len(children) == 1 else And(tuple(children))

    def parse_unary(self) -> Node:
        token = self.peek()
        if token.kind == "-":
            self.index += 1
            following = self.peek()
            if following is None or following.kind in (")", "or", "and"):
                raise self.error("'-' must be followed by a term to exclude", token.position)
            return Not(self.parse_unary(), token.position)
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
            return node
        if token.kind == ")":
            raise self.error("unexpected ')'", token.position)
        self.index += 1
        return token.node


def parse(query: str) -> Node:
    """Parse a query into its AST; raises :class:`QuerySyntaxError` with the position of the problem."""
    if len(query) > MAX_QUERY_LENGTH:
        raise QuerySyntaxError(f"query longer than {MAX_QUERY_LENGTH} characters", MAX_QUERY_LENGTH, query)
    if not query.strip():
        raise QuerySyntaxError("empty query", 0, query)
    parser = _Parser(query, _tokens(query))
    node = parser.parse_or()
    leftover = parser.peek()
    if leftover is not None:
        raise parser.error("unexpected ')'" if leftover.kind == ")" else "unexpected term", leftover.position)
    return node


def text_as_filters(node: Node, *, filtering: bool = False) -> Node:
    """Turn free text that must filter into ``Filter("text")``: text under a negation, or in an Or that also
    holds filters (``(flying or t:elf)``). Other free text only ranks."""
    if isinstance(node, Text):
        return Filter("text", ":", node.text.lower(), node.position, node.text) if filtering else node
    if isinstance(node, Not):
        return Not(text_as_filters(node.child, filtering=True), node.position)
    if isinstance(node, And):
        return And(tuple(text_as_filters(child, filtering=filtering) for child in node.children))
    if isinstance(node, Or):
        mixed = filtering or not all(isinstance(child, Text) for child in node.children)
        return Or(tuple(text_as_filters(child, filtering=mixed) for child in node.children))
    return node


def free_text(node: Node) -> list[str]:
    """The free text that ranks results (run after :func:`text_as_filters`)."""
    if isinstance(node, Text):
        return [node.text]
    if isinstance(node, And | Or):
        return [text for child in node.children for text in free_text(child)]
    return []
