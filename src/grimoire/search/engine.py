"""The search engine facade: parse, filter (vectorised), rank (BM25, dense, hybrid), page and explain.

``SearchEngine(db).search("t:instant id<=r burn")`` is what the CLI, the MCP server and the web page call.
"""

from __future__ import annotations

import difflib
import hashlib
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import chain, zip_longest
from pathlib import Path

import numpy as np

from grimoire.cards.atomic import load_npz, save_npz
from grimoire.cards.loading import NON_DECK_TYPES
from grimoire.cards.mana import color_bits
from grimoire.cards.mana import mana_value as cost_value
from grimoire.cards.model import Card
from grimoire.cards.names import CardNotFoundError, NameMatch, fold, shown
from grimoire.cards.store import LEGALITY_CODES, CardDB, CardLookup
from grimoire.search import combos, feedback, ranking
from grimoire.search import tags as tag_rules
from grimoire.search.filters import PRODUCED_BITS, Evaluator, FilterIndex, front_face_meets, order_positions, popcount
from grimoire.search.lexical import LexicalIndex, tokenize
from grimoire.search.patterns import CpuBudget
from grimoire.search.query import (
    COLOR_NAMES,
    DIRECTIVE_KEYS,
    MAX_QUERY_LENGTH,
    And,
    ColorValue,
    ExactName,
    Filter,
    Node,
    Not,
    Or,
    QuerySyntaxError,
    Text,
    applied_filters,
    exact_name_syntax,
    free_text,
    parse,
    parse_colors,
    sort_order,
    text_as_filters,
)
from grimoire.search.reading import (
    CHEAP_SYNTAX,
    NOT_FILTERED,
    Chip,
    Reader,
    Reading,
    damage_dealt,
    ranking_context,
    says_cheap,
    unquoted_name,
)
from grimoire.search.roles import roles_of_row, roles_of_rows
from grimoire.search.spelling import is_english

MODES = ("hybrid", "bm25", "dense", "late")
# The kinds of filter read from words that an empty page is retried without, in this order (see _relaxed)
RELAXED_KINDS = ("mv", "type", "keyword", "oracle", "power", "toughness")
RRF_K = 60
FUSION_DEPTH = 1000
STAT_CHIPS = ("power", "toughness")  # the reader's chips of a creature's size
MAX_LIMIT = 100
MAX_QUERIES = 4
TAGS_FILE = "tags.npz"


@dataclass(frozen=True)
class Filters:
    """Structured hard constraints, the same as the query syntax's (and ANDed with it)."""

    color_identity: str | None = None
    format: str | None = None
    types: tuple[str, ...] = ()
    mana_value_min: float | None = None
    mana_value_max: float | None = None
    roles: tuple[str, ...] = ()

    def _check_numbers(self) -> None:
        """NaN, infinity and negative mana values would silently match nothing: refuse them, naming the field.
        (A :class:`QuerySyntaxError`, which every surface already reports, raised where the filters are used.)"""
        for name in ("mana_value_min", "mana_value_max"):
            value = getattr(self, name)
            if value is not None and not (isinstance(value, int | float) and 0 <= value <= 1_000_000):
                raise QuerySyntaxError(f"{name} must be a number from 0 to 1000000, not {value!r}", 0,
                                       f"{name}={value!r}")

    def to_nodes(self) -> list[Node]:
        self._check_numbers()
        nodes: list[Node] = []
        if self.color_identity:
            colors = parse_colors(self.color_identity)
            if colors is None:
                raise QuerySyntaxError(f"{self.color_identity!r} is not a colour identity", 0, self.color_identity)
            nodes.append(Filter("identity", "<=", colors, 0, f"id<={self.color_identity}"))
        if self.format:
            nodes.append(_one_filter(f"f:{self.format}", "a format's name, such as commander or modern"))
        for type_name in self.types:
            nodes.append(Filter("type", ":", type_name.lower(), 0, f"t:{type_name}"))
        if self.mana_value_min is not None:
            nodes.append(Filter("mv", ">=", float(self.mana_value_min), 0, f"mv>={self.mana_value_min:g}"))
        if self.mana_value_max is not None:
            nodes.append(Filter("mv", "<=", float(self.mana_value_max), 0, f"mv<={self.mana_value_max:g}"))
        for role in self.roles:
            nodes.append(_one_filter(f"role:{role}", "a function tag's name, such as ramp or removal"))
        return nodes

    def kinds(self) -> frozenset[str]:
        """The kinds of constraint set here; a reading of the same kind from the words gives way to them."""
        return frozenset(kind for kind, value in (
            ("colour", self.color_identity), ("format", self.format), ("type", self.types),
            ("mv", self.mana_value_min is not None or self.mana_value_max is not None)) if value)

    def to_node(self) -> Node | None:
        """All the constraints as one AST node (``None`` when there are none)."""
        nodes = self.to_nodes()
        if not nodes:
            return None
        return nodes[0] if len(nodes) == 1 else And(tuple(nodes))


def undecided_note(count: int) -> str:
    """What a surface says of the cards a filter could not decide (the bundled data lacks about 470 second halves:
    an adventure's instant, a modal card's back land, Ice of Fire // Ice)."""
    return (f"{count} card{'s' if count != 1 else ''} left out: the loaded card data lacks a face the filter asks "
            f"about (a split card's second half, an adventure, a modal card's back); {_UNDECIDED_FIX}")


_UNDECIDED_FIX = "run `grimoire data update` for full card data"


# the words of a chip that denies ("without flying", "aren't counterspells", "non-creature", "except humans")
_DENYING = re.compile(r"\b(?:not?|non|without|except|excluding|exclude|other than|never|minus|avoid|but)\b|"
                      r"n[o']?t\b|\bnon-?", re.IGNORECASE)


# the type words of what cards/loading.py leaves out of a store (NON_DECK_TYPES), as t: values
_NON_DECK_TYPE_WORDS = frozenset({*(kind.lower() for kind in NON_DECK_TYPES), "tokens", "emblems", "schemes", "planes",
                                  "phenomena", "dungeons"})


def _count(name: str, value: object) -> int:
    """A page size or number as a whole number: a library caller's ``None`` or NaN had raised Python's own
    TypeError or ValueError from deep inside."""
    if isinstance(value, bool) or not isinstance(value, int | float) or isinstance(value, float) and \
            not math.isfinite(value):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    return int(value)


def _one_filter(text: str, what: str) -> Node:
    """One structured filter's syntax, which must stay one filter: "commander or t:land" as a format had widened
    the search, silently (query syntax belongs in the queries)."""
    node = parse(text)
    if not isinstance(node, Filter):
        value = text.partition(":")[2]
        raise QuerySyntaxError(f"{value!r} is not {what}: one name, no query syntax (put that in the queries)", 0,
                               text)
    return node


@dataclass(frozen=True)
class SearchResult:
    card: Card
    row: int
    rank: int
    score: float
    roles: tuple[str, ...]
    tags: tuple[str, ...] = ()
    lexical_rank: int | None = None
    semantic_rank: int | None = None
    matched: tuple[str, ...] = ()


@dataclass
class SearchPage:
    results: list[SearchResult]
    total: int
    page: int
    limit: int
    mode: str
    notes: list[str] = field(default_factory=list)
    readings: list[Reading] = field(default_factory=list)


# the rules' version, read once: that of the source the running process loaded. Read at each call, a process started
# before tags.py changed (a server, a test run) computed the old rules' tags and stamped them with the new version,
# a cache every later process then trusted
_LOADED_TAGS_VERSION = hashlib.sha256(Path(tag_rules.__file__).read_bytes()).hexdigest()[:16]


def _tags_version() -> str:
    return _LOADED_TAGS_VERSION


def load_tags(db: CardDB) -> np.ndarray:
    """Each card's strength for every function tag (cards × tags, int8), from the store's cache when it matches
    the current rules, else computed (about a minute for every card) and cached."""
    return _tag_data(db)["strengths"]


def load_tag_measures(db: CardDB) -> dict[str, np.ndarray]:
    """Per card, what directness weighs besides the tags: ``mana`` made, ``cards`` drawn, ``words`` of text."""
    return {key: value for key, value in _tag_data(db).items() if key != "strengths"}


def cached_tags(db: CardDB) -> np.ndarray | None:
    """The store's cached tag matrix when it matches the current rules, else ``None`` (nothing is computed)."""
    found = _cached_tag_data(db)
    return None if found is None else found["strengths"]


def _cached_tag_data(db: CardDB, version: str | None = None) -> dict[str, np.ndarray] | None:
    """The store's cached tag data when it was computed by the rules of ``version`` (the current rules'
    :func:`_tags_version` by default), else ``None``."""
    cached = load_npz(db.directory / TAGS_FILE, required=("version", "strengths", "mana", "cards", "words"))
    if (cached is not None and str(cached["version"]) == (version or _tags_version())  # corrupt: None, warned
            and cached["strengths"].shape == (len(db), len(tag_rules.TAGS))):
        return {key: cached[key] for key in ("strengths", "mana", "cards", "words")}
    return None


def _tag_data(db: CardDB) -> dict[str, np.ndarray]:
    path = db.directory / TAGS_FILE
    version = _tags_version()
    if (cached := _cached_tag_data(db, version)) is not None:
        return cached
    from tqdm import tqdm

    columns = db.columns
    strengths = tag_rules.tag_matrix(columns.name, columns.type_line, columns.oracle_text,
                                     progress=lambda rows, total: tqdm(rows, total=total, desc="Tagging cards",
                                                                       unit="card", disable=None))
    texts = [text.lower() for text in columns.oracle_text]
    found = {"strengths": strengths, "mana": np.array([tag_rules.mana_output(t) for t in texts], dtype=np.int16),
             "cards": np.array([tag_rules.cards_drawn(t) for t in texts], dtype=np.int16),
             "words": np.array([len(t.split()) for t in texts], dtype=np.int16)}
    try:
        save_npz(path, compress=True, version=np.array(version), **found)
    except OSError:  # a read-only store (the installed package's snapshot): compute each time
        pass
    return found


# Scryfall's is:digital is about printings (a paper card printed on MTGO too matches); per-card data reads it from
# rules text, and says so (scryfall.com/docs/syntax: "prints that are only available digitally")
DIGITAL_NOTE = ("is:digital is read from rules text (conjure, seek, perpetually and Alchemy's other digital-only "
                "mechanics): the card data has no printings, so a paper card's online printings are not counted")
# Scryfall's otag: and function: search its Tagger's community tags, which no card data here holds: Grimoire's are
# its own rules over rules text (search/tags.py), and says so where the syntax is typed
TAGGER_NOTE = ("otag: and function: search Grimoire's own function tags (docs/tags.md), read from rules text, not "
               "Scryfall Tagger's community tags: names and counts differ from Scryfall's")
_TAGGER_KEY = re.compile(r"^[-(]*(?:otag|oracletag|function)[:=]", re.IGNORECASE)
# "cheap" read for the function asked ("cheap token doublers"): a tag named this surely, of this many direct cards
CHEAP_TAG_WEIGHT, CHEAP_TAG_CARDS = 0.9, 8
NAME_WORD_CARDS = 120  # loose name words held by more names than this ("the", "of") say nothing of a name
COLOURLESS_SHARE = 0.7
# a tribe's deck named without colours: the colours a third of the type's creatures have are the deck's, and a card
# of none of them keeps this share of its score
TRIBE_COLOUR_SHARE, OFF_TRIBE_SHARE = 1 / 3, 0.4
COMMANDER_COLOURLESS_SHARE = 1.0  # for a named commander's deck, whose colourless staples are every deck's
# a card whose text names spells of colours only outside the deck's ("Black spells you cast cost {1} less": Jet
# Medallion, which had been 5th of "izzet cost reducers") keeps this share of its score
OFF_COLOUR_SPELLS_SHARE = 0.3
_COLOURED_SPELLS = re.compile(r"\b(white|blue|black|red|green) (?:(?:creature|instant|sorcery|permanent|"
                              r"noncreature|enchantment|artifact) )?spells?\b", re.IGNORECASE)
# "cards like X": beside the cosine of the two cards' embeddings, the cosine of their function tags (strengths) at
# this weight, so that a card doing what X does outranks one only worded like it (Through the Breach beside Sneak
# Attack, Maelstrom Pulse beside Vindicate; Jokulhaups, a land sweeper, no longer beside Wrath of God). Chosen by
# reading the neighbours of 16 well-known cards at 0, 0.15 and 0.3 (Smothering Tithe's first eight trade Rhystic
# Study, which draws, for Seize the Spoils and Pirate's Pillage, which make Treasure, from 0.2).
LIKE_TAG_SHARE = 0.2
# and, asked for X in another colour (no card of X's colour identity passes the filters), a card sharing none of X's
# function tags (when X has some) loses this much: the cards worded most like it there often do something else
# (Wrath of God in red had led with Shatterstorm, which destroys artifacts, Ashnod's Altar in green with mana
# creatures). Chosen by reading 70 "like" requests of the everyday list at 0, 0.15 and 0.3; 0.4 since the static
# model of stop 76, which put Shatterstorm seventh of Wrath of God in red at 0.3 (of 528 everyday requests for cards
# like another, one other changed: Brine Shaman, a counterspell, joined "black version of counterspell"); not in X's
# own colours, where a tag the rules miss would cost the best peers (Necrodominance for Necropotence, tagged only a
# discard payoff).
LIKE_UNSHARED_COST = 0.4
# and less by this much per mana of mana value apart (up to LIKE_COST_GAP): a card like Birds of Paradise costs about
# what it costs (Lotus Guardian, its text at seven mana, had led; one-mana burn now leads Lightning Bolt's, Sol
# Talisman Sol Ring's). Chosen by reading the same neighbours at 0, 0.02 and 0.04 per mana.
LIKE_COST_SHARE = 0.03
# and a card of its colour identity gains this much where the filters keep its colours: a player asking for cards
# like Lightning Bolt plays red (Hornet Sting, worded alike, had led, tied with Shock); a colour asked for in words
# ("black swords to plowshares") is a filter, which this does not touch
LIKE_COLOUR_SHARE = 0.05
LIKE_COST_GAP = 5.0
# and a card dealing another amount of damage loses this much per point apart (up to LIKE_DAMAGE_GAP): an embedding
# reads "deals 1 damage to any target" as "deals 3 damage" (Gut Shot and Hornet Sting had followed Lightning Bolt,
# ahead of Searing Spear). Only where both cards name a number (X damage, or none, is not compared)
LIKE_DAMAGE_SHARE = 0.05
LIKE_DAMAGE_GAP = 3.0
# and a card no deck may hold (see _like_scores) loses this much: more than the cosine between most cards worded
# alike, so that it follows every playable card the filters keep that is alike at all
LIKE_UNPLAYABLE_COST = 0.5


_TRIBE_TAGS = frozenset(tag_rules.TAG_INDEX[name] for name in ("lord", "anthem"))  # what pumps a tribe
# a deck's colours spread over its first cards (see SearchEngine._colours_spread)
SPREAD_DEPTH = 40
SPREAD_SHARE = 0.5
KEYWORD_GRANTER_SHARE = 0.5  # the score share of a card giving others the keyword asked for (see _keyword_own_first)
NOT_LEGAL_SHARE = 0.25  # the score share of a card Commander bans, asked for a named commander's deck
# the functions every deck plays, whose most direct cards answer a request for staples where the store has no play
# rates (see SearchEngine._staples)
STAPLE_TAGS = ("ramp", "card-draw", "removal", "tutor", "counterspell", "sweeper")
PARTNER_DEPTH = 300  # the combo partners read for one that supplies the need outright
_FLASH_ASKED = re.compile(r"(?<![-\w])kw:flash\b", re.IGNORECASE)
_NAMES_A_DECK = re.compile(r"\b(?:decks?|edh|builds?|lists?)\b")  # "for my esper deck", not "esper ramp"
# the sentence in which a card says it enters tapped ("This land enters tapped.", "If you don't, it enters tapped.",
# older wording "enters the battlefield tapped"), and the words that make it a condition
# (the words alone: a pattern opening with "[^.\n]*" retried it from every character of every card's text, 17 s on
# the first request for lands)
_ENTERS_TAPPED = re.compile(r"\b(?:this land|this permanent|it|~) enters(?: the battlefield)? tapped", re.IGNORECASE)
_TAPPED_UNLESS = re.compile(r"\b(?:unless|if|except)\b", re.IGNORECASE)
_PAID_UNTAPPED = re.compile(r"\byou may pay \d+ life\. if you don't, it enters(?: the battlefield)? tapped",
                            re.IGNORECASE)
# An activated mana ability whose cost holds mana ("{1}, {T}: Add ...", "{W/U}, {T}: Add {W}{W}") or uses the card
# up ("{T}, Sacrifice Archaeological Dig: Add", "{T}, Remove a mining counter ...: Add")
_MANA_FOR_MANA = re.compile(r"(?:^|\n)[^:\n]*(?:\{(?:\d+|[WUBRGCX](?:/[WUBRGP])?)\}|Sacrifice|Remove)[^:\n]*: Add\b")
# a request for mana makers, whose deck colours are judged by the colours a card makes (see _deck_colour_shares)
_ASKS_MANA = re.compile(r"\b(?:ramp\w*|rocks?|dorks?|fix(?:ing|ers?)|accelerat\w*|signets?|talismans?|"
                        r"(?<!\d )(?<!\d)mana(?! value| cost| sinks?| curve))\b")  # not "3 mana 3/3s"
_ASKS_BANNED_KINDS = re.compile(r"\b(?:conspirac\w*|ante|banned|draft\w*)\b", re.IGNORECASE)
_CARD_DRAW, _IMPULSE_DRAW = tag_rules.TAG_INDEX["card-draw"], tag_rules.TAG_INDEX["impulse-draw"]
_DRAW_ENGINES = (tag_rules.TAG_INDEX["repeatable-draw"], tag_rules.TAG_INDEX["opponent-cast-draw"])
ENGINE = "engine"  # a TagMatch's ``by`` for a tag asked as the permanents of a broader one (card draw's engines)
DRAW_ENGINE_SHARE = 1.0  # of card draw's weight, what its engines are asked for at (see SearchEngine._card_draw_kin)
_BLUE, _BLACK, _RED = (color_bits(letter) for letter in "UBR")  # colour identity bits, as the store's

# what a request the search cannot read is told to do instead
SAY_WHAT = 'say what the card should do ("draw a card", t:creature)'
MAX_DECK_COMMANDERS = 8  # the commanders one name may fit that are read for a tribe ("Krenko": three)


def _deck_letters(reading: Reading) -> set[str]:
    """The colours (``W``, ``U``, ``B``, ``R``, ``G``) of the deck the words asked for; none without one."""
    return {letter for letter in (_deck_colours(reading) or "").upper() if letter in "WUBRG"}


def _deck_colours(reading: Reading) -> str | None:
    """The colours of the deck the words asked for (an ``id<=`` chip's letters), or ``None``."""
    return next((chip.syntax[4:] for chip in reading.chips
                 if chip.kind == "colour" and chip.syntax.startswith("id<=")), None)


class SearchEngine:
    """Search over one :class:`CardDB`."""

    def __init__(self, db: CardDB, *, slang: bool = True, tag_ranking: bool = True, phrases: bool = True,
                 encoder: str | None = None, model=None):
        """``slang``, ``tag_ranking`` and ``phrases`` switch off parts of the ranking (the benchmark's plain
        bm25 and dense baselines use none of them); ``encoder`` embeds queries and cards: ``minilm`` or
        ``static`` (default: the ``GRIMOIRE_ENCODER`` variable, else search/embed.py's default), ranked with that
        encoder's fusion weights. ``model`` is an encoder object (``encode``, ``encode_query``) to embed with in
        place of the encoder's shipped model: a model being evaluated, such as a static model retrained without
        some tag phrasings (bench/search/phrasings.py). Every card and tag phrasing is then encoded with it when
        first needed, a few seconds for the static model."""
        from grimoire.search.embed import encoder_name

        self.db = db
        self.encoder_name = encoder_name(encoder)
        self._model = model
        self.slang = slang
        self.tag_ranking = tag_ranking
        self.phrases = phrases
        self.weights = ranking.weights_for(self.encoder_name)
        self._tag_lists: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._text_rows: dict[str, np.ndarray] = {}
        self._tribe_rows: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._tribe_colour_bits: dict[str, int] = {}

    @cached_property
    def reader(self) -> Reader:
        return Reader(self.db)

    @cached_property
    def tag_strengths(self) -> np.ndarray:
        return load_tags(self.db)

    @cached_property
    def filter_index(self) -> FilterIndex:
        return FilterIndex(self.db, self.tag_strengths)

    @cached_property
    def tag_matcher(self) -> ranking.TagMatcher:
        return ranking.TagMatcher(encoder=self._model, encoder_name=self.encoder_name)

    @cached_property
    def _popularity(self) -> np.ndarray | None:
        """Each card's EDHREC popularity prior (see ranking.popularity_prior), ``None`` where the store has no ranks."""
        return ranking.popularity_prior(self.db.columns.edhrec_rank)

    @cached_property
    def _card_priors(self) -> dict[str, np.ndarray]:
        """Each card's own part of directness (see ranking.card_prior), for plain tags ("") and for tags
        ranked by the mana or cards they make."""
        measures = load_tag_measures(self.db)
        mana_value, text_words = self._mana_values, measures["words"].astype(np.float64)
        # mana given back as the card is cast or enters: half of it, as the whole must still be paid up front
        mana_value = np.maximum(mana_value - ranking.refunds(self.db.columns.oracle_text) / 2, 0)
        popularity = self._popularity
        banned = self.db.columns.legality("commander") == LEGALITY_CODES["banned"]
        produced, _ = self.filter_index.produced  # bits W U B R G C, as the produces: filter reads them
        colours = popcount(produced & 0b11111)  # how many of the five
        priors = {kind: ranking.card_prior(mana_value, text_words, measures[kind].astype(np.float64), popularity,
                                           banned, draws=kind == "cards", colours=colours if kind == "mana" else None)
                  for kind in ("mana", "cards")}
        priors[""] = ranking.card_prior(mana_value, text_words, None, popularity, banned)
        priors["rider"] = ranking.card_prior(mana_value, np.zeros_like(text_words), None, popularity, banned)
        return priors

    @cached_property
    def lexical(self) -> LexicalIndex:
        return LexicalIndex.for_store(self.db, "words")

    @cached_property
    def phrase_index(self) -> LexicalIndex:
        return LexicalIndex.for_store(self.db, "phrases")

    @cached_property
    def vectors(self):
        from grimoire.search.vectors import CardVectors, card_texts

        if self._model is not None:
            return CardVectors(self.db, self.encoder_name, vectors=self._model.encode(card_texts(self.db)))
        return CardVectors(self.db, self.encoder_name)

    @cached_property
    def encoder(self):
        from grimoire.search.embed import shared_encoder

        return self._model if self._model is not None else shared_encoder(self.encoder_name)

    @cached_property
    def late(self):
        from grimoire.search.late import LateReranker

        return LateReranker(self.db)

    def keep_late_vectors(self) -> None:
        """Save the token vectors late searches computed (one process's searches, such as a CLI call: the next
        starts from them). A long-running server keeps them in memory instead of rewriting the file per query."""
        if "late" in self.__dict__:
            self.late.save()

    def roles_of(self, row: int) -> tuple[str, ...]:
        return tuple(roles_of_row(self.tag_strengths[row]))

    def tags_of(self, row: int) -> tuple[str, ...]:
        return tuple(tag_rules.tags_of_row(self.tag_strengths[row]))

    @property
    def embed_command(self) -> str:
        """The command that embeds this store's cards with this engine's encoder."""
        return f"grimoire data embed --encoder {self.encoder_name}"

    def _labels(self, rows: list[int]) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
        """Each row's deck roles and function tags (what :meth:`roles_of` and :meth:`tags_of` give), for a page of
        results at once."""
        block = self.tag_strengths[rows]
        return [(tuple(roles), tuple(tag_rules.tags_of_row(strengths)))
                for roles, strengths in zip(roles_of_rows(block), block, strict=True)]

    # -- filtering ---------------------------------------------------------------------------------------

    def _parse(self, query: str, filters: Filters | None, parsed: Node | None = None, words_filter: bool = False,
               typed: bool = True) -> tuple[Node | None, list[str]]:
        """The query's filters (``parsed``: ``query`` already parsed) with ``filters``, and its free text; with
        ``words_filter`` its plain words are filters too, each held anywhere on the card. ``typed``: the query is as
        the user typed it (no words read as filters), so Scryfall's grouping makes its bare words names."""
        node = text_as_filters(parsed if parsed is not None else parse(query), filtering=words_filter,
                               key="text" if words_filter else "name", typed=typed) if query.strip() else None
        extra = filters.to_nodes() if filters else []
        nodes = ([node] if node is not None else []) + extra
        if not nodes:
            return None, []
        combined = nodes[0] if len(nodes) == 1 else And(tuple(nodes))
        return combined, free_text(node) if node is not None else []

    def filter_mask(self, node: Node | None, query: str, *, include_funny: bool,
                    exclude: Sequence[str] = (), notes: list[str] | None = None,
                    budget: CpuBudget | None = None) -> tuple[np.ndarray, list[str]]:
        """The cards passing ``node`` and the filters applied; ``notes`` is told how many cards the loaded data
        cannot decide, for a face it lacks. Its regexes spend ``budget`` (a search's queries share one)."""
        index = self.filter_index
        mask = np.ones(len(self.db), dtype=bool)
        if not include_funny and not _mentions_funny(node):
            mask &= self.db.columns.is_funny != 1
        for name in exclude:
            row = self.db.names.find(name)
            if row is not None:
                mask[row] = False
        if node is not None:
            evaluator = Evaluator(index, query, budget)
            mask = evaluator.run(node, mask)
            if evaluator.undecided and notes is not None:
                # once a search: each of several queries had said it again (q=R&q=R&q=R&q=R: four times), the
                # largest count kept
                earlier = [at for at, note in enumerate(notes) if note.endswith(_UNDECIDED_FIX)]
                if not earlier:
                    notes.append(undecided_note(evaluator.undecided))
                elif int(notes[earlier[0]].split()[0]) < evaluator.undecided:
                    notes[earlier[0]] = undecided_note(evaluator.undecided)
        applied = applied_filters(node)
        if notes is not None and any(re.fullmatch(r"-?(?:is|not):digital", item, re.IGNORECASE) for item in applied):
            notes.append(DIGITAL_NOTE)
        if notes is not None and any(_TAGGER_KEY.search(item) for item in applied):
            notes.append(TAGGER_NOTE)
        return mask, applied

    # -- ranking -----------------------------------------------------------------------------------------

    def _dense_scores(self, query_vector: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Each card's embedding cosine to the query inside ``mask``; -inf outside it and for cards not embedded
        (only the runs of the matrix holding the filter's cards are read, see CardVectors.masked_cosines)."""
        return self.vectors.masked_cosines(query_vector, mask)

    def _expand(self, text: str) -> str:
        """The query with player slang expanded into rules-text wording (see search/slang.py)."""
        if not self.slang:
            return text
        from grimoire.search.slang import expand

        return expand(text)

    def _ranked(self, scores: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """The best :data:`FUSION_DEPTH` of ``rows`` (ascending) by ``scores``, best first; equal scores by row (the
        partition leaves them in an order that depends on the other rows and on numpy's version: two cards of the
        same text swapped places when an unrelated card left the filter)."""
        depth = min(FUSION_DEPTH, len(rows))
        if depth == 0:
            return rows
        if depth < len(rows):
            values = -scores[rows]
            cut = np.partition(values, depth - 1)[depth - 1]  # every row scoring as well as the last one kept
            top = rows[values <= cut]
        else:
            top = rows
        return top[np.lexsort((top, -scores[top]))][:depth]

    def rank(self, text: str, mask: np.ndarray, mode: str, tags: Sequence[str] = (), context: str = "",
             notes: list[str] | None = None, choose_tags: bool = True, fallback_tags: Sequence[str] = (),
             tag_text: str | None = None, deck: Sequence[str] = (), named_card: int | None = None,
             name_words: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Rows in ranked order, their fused scores, and each ranker's 1-based rank per card (0 = unranked).

        Every ranker sees the query with its player slang expanded into rules-text wording. Reciprocal-rank
        fusion (weighted per encoder, see ranking.Weights) combines the top 1000 within the filter of BM25 over
        words, BM25 over phrases (word pairs) and the embeddings; then each function tag the query asks for adds
        its cards, direct answers first (see search/ranking.py); ``tags`` join them as if the query asked for
        them in part, and ``context`` (words read as filters) may complete a tag's phrasing; ``choose_tags``
        false adds no tag the words would choose (words already read as filters mean what the filter says);
        ``fallback_tags`` join as ``tags`` do where ``tag_text`` (the request's own words, without the rules text of
        a card it names: ``text`` by default) names no function in words or meaning; ``deck`` (the commanders a
        "for my X deck" names) gives the deck's tribe where a commander is tribal; ``named_card`` (the row of the
        card a request is, whole: :meth:`_named_card`) ranks the dense list by likeness to that card, and the
        name's words then choose no tag and rank no BM25 list.
        A ranker's reported rank is its best list's. What the ranking read that the user should see (a deck's
        theme, its tribe) is appended to ``notes``.
        """
        size = len(self.db)
        expanded = self._expand(text)
        lexical_ranks = np.zeros(size, dtype=np.int32)
        semantic_ranks = np.zeros(size, dtype=np.int32)
        fused = np.zeros(size, dtype=np.float64)
        weights = self.weights

        def add(ranked: np.ndarray, best: np.ndarray, weight: float) -> None:
            ranks = np.arange(1, len(ranked) + 1)
            fused[ranked] += weight / (weights.rrf_k + ranks)
            current = best[ranked]
            best[ranked] = np.where((current == 0) | (ranks < current), ranks, current)

        # (a request that is a card's name: its words are the name's, which the cards like it do not share)
        if mode == "bm25" or mode == "hybrid" and named_card is None:
            indexes = (self.lexical, self.phrase_index) if self.phrases else (self.lexical,)
            for index in indexes:
                scores = index.scores(expanded)
                matched = np.flatnonzero(scores > 0)
                add(self._ranked(scores, matched[mask[matched]]), lexical_ranks, weights.lexical)
        vector = similarity = dense_ranked = None
        chosen: list[ranking.TagMatch] = []
        if mode in ("hybrid", "dense", "late"):
            vector, similarity, dense_ranked = self._dense_list(expanded, mask, named_card)
        if self.tag_ranking and choose_tags:
            chosen = self._chosen_tags(text, vector, tags, context, dense_ranked, self.tag_matcher,
                                       by_words=named_card is None)
            if fallback_tags and not self._names_a_function(text if tag_text is None else tag_text, vector):
                chosen = self._chosen_tags(text, vector, [*tags, *fallback_tags], context, dense_ranked,
                                           self.tag_matcher, by_words=named_card is None)
        # "cards for an elf deck": nothing asked but the tribe (the dense list's head alone may echo a function)
        # ("good cards for lathril": a tribal commander's deck asked for alone is its tribe's, as "cards for an elf
        # deck" is; its text, which ranks, names menace and combat damage more than Elves)
        bare_deck = bool(deck) and tag_text is not None and not ranking.words(tag_text)
        tribal = self._tribal_deck(text) or (self._commander_tribe(deck) if bare_deck else None) \
            if choose_tags and all(m.by == "dense" for m in chosen) else None
        if tribal:
            chosen = []
        own_flash = ranking.asks_own_flash(f"{context} {text}")
        if own_flash:  # the cards' own flash, not what gives others flash
            chosen = [match for match in chosen if match.index != ranking.FLASH_GRANTER]
        literal = ranking.is_literal(text)
        if dense_ranked is not None:
            weight = weights.dense_literal if literal else weights.dense
            add(dense_ranked, semantic_ranks, weight * ranking.dense_share(chosen, weights))
        if chosen:
            tribe = self._deck_tribe(text)
            if tribe is None and (tribe := self._commander_tribe(deck)) and \
                    self._own_theme_not_tribe(deck, chosen, tribe):
                tribe = None
            chosen = ranking.board_finishers(chosen, text, tribal=tribe is not None)
            chosen = ranking.theme_deck_support(chosen, text)
            chosen = self._card_draw_kin(chosen, mask)
            kin = self._add_tag_lists(chosen, mask, fused, similarity, team=ranking.asks_team(text), tribe=tribe,
                                      mass=ranking.asks_mass(text), one=ranking.asks_one(text),
                                      big=ranking.asks_big_target(text), literal=literal,
                                      acted_on=ranking.object_form(text), also=ranking.asks_both(text))
            if notes is not None and (note := _theme_note(text, chosen)):
                notes.append(note)
            # said only where a card of the tribe answers, and one not of it passed the filters ("zombie card draw"
            # reads t:zombie: every card is the deck's)
            if notes is not None and tribe and kin and (mask & ~self._of_tribe(tribe)).any():
                notes.append(_tribe_note(tribe, "among the cards that do what was asked, those"))
            if tribe and not deck:
                self._tribe_colours_first(tribe, mask, fused)
        elif tribal:
            tribe = tribal
            # "cards for an elf deck", "hidden gems for my zombie deck": nothing asked but the tribe, whose cards (of
            # the type, or naming it as yours) come first, in the order the words and meaning gave them
            kin = self._of_tribe(tribe) & mask
            top = float(fused.max()) if fused.any() else 0.0
            closeness = np.clip(similarity[kin], 0.0, 1.0) if similarity is not None else 0.0
            fused[kin] += top + 1e-3 * (1.0 + closeness)
            # the cards whose text names the type as the player's (lords, payoffs) before those only of the type:
            # "human tribal" had put vanilla Humans first
            fused[kin & self._names_tribe(tribe)] += top + 2e-3
            if notes is not None and kin.any():
                notes.append(_tribe_note(tribe, "cards"))
        if own_flash:
            # "creatures i can cast at instant speed": those with flash first, in the order the words and meaning gave
            # them; those also giving other spells flash after them (see _keyword_own_first)
            own = mask & self._has_flash
            fused[own] += float(fused.max(initial=0.0)) + 1e-3 * (1.0 + (np.clip(similarity[own], 0.0, 1.0)
                                                                        if similarity is not None else 0.0))
            fused[own & self._says(ranking.FLASH_GIVEN)] *= KEYWORD_GRANTER_SHARE
        if chosen and (pumps := [match.index for match in chosen if match.index in _TRIBE_TAGS]):
            # "cat lords", "beast lord": where the type's lords run out, the cards naming it as the player's (Arahbo,
            # a Cat payoff) before its vanilla creatures, which the type filter and its word had ranked; the lords
            # themselves keep their place (Goblin King's "Other Goblins get +1/+1" names no Goblin "you control")
            lords = (self.tag_strengths[:, pumps] > 0).any(axis=1)
            for tribe in {self.reader.creature_types[word] for word in context.lower().split()
                          if word in self.reader.creature_types}:
                fused[(self._names_tribe(tribe) | lords) & (fused > 0)] *= 1.0 + ranking.TRIBE_BOOST
        if literal and mode in ("hybrid", "bm25"):
            self._clauses_held_first(text, fused)
        if not ranking.asks_digital(text):  # paper players' requests: an Alchemy card below a paper one
            fused[self.filter_index.digital_only] *= ranking.DIGITAL_WEIGHT
        # a card no format allows (the Theros challenge decks' Hydra cards, an oversized promo) below a playable one,
        # and so a Conspiracy or an ante card, which every format bans, unless asked for ("cards that cost 0" had led
        # with Brago's Favor)
        fused[self._never_playable] *= ranking.DIGITAL_WEIGHT
        if not _ASKS_BANNED_KINDS.search(text):
            fused[self._banned_by_kind] *= ranking.DIGITAL_WEIGHT
        # the card the user named comes first; what is left of a commander's deck request is its need ("Marchesa
        # sacrifice": sacrifice, not the card Sacrifice)
        for row in self._exact_name_rows(text, mask, chosen) if not deck else ():
            fused[row] += 1.0
        # a word or two that ask for no function but stand in cards' names ("lightning", "fire c:r t:instant"): as
        # Scryfall's loose name words, those cards first, in the order the rankers gave them (Rite of the Raging
        # Storm had led "lightning", its meaning's nearest)
        named_by_words = self._name_word_rows(text, mask, chosen) if name_words and not deck else None
        if named_by_words is not None and named_by_words.size:
            fused[named_by_words] += float(fused.max())
        rows = np.flatnonzero(fused > 0)
        order = np.lexsort((rows, -fused[rows]))
        rows, scores = rows[order], fused[rows[order]]
        if mode == "late":
            from grimoire.search.late import RERANK_DEPTH

            head, head_scores = self.late.rerank(expanded, rows[:RERANK_DEPTH].tolist())
            rows = np.concatenate([np.array(head, dtype=rows.dtype), rows[RERANK_DEPTH:]])
            scores = np.concatenate([np.array(head_scores), scores[RERANK_DEPTH:] - 1e6])
        return rows, scores, lexical_ranks, semantic_ranks

    def _clauses_held_first(self, text: str, fused: np.ndarray) -> None:
        """A request in rules-text wording of several clauses: the cards of the fused list's head whose one sentence
        holds every clause's words gain ``ranking.CLAUSE_BOOST`` of their score (see ranking.literal_clauses)."""
        clauses = ranking.literal_clauses(text, tokenize)
        if not clauses:
            return
        scored = np.flatnonzero(fused > 0)
        head = scored[np.argsort(-fused[scored], kind="stable")[:ranking.CLAUSE_DEPTH]]
        oracle = self.db.columns.oracle_text
        held = [row for row in head.tolist() if oracle[row] and ranking.holds_every_clause(oracle[row], clauses,
                                                                                            tokenize)]
        fused[held] *= 1.0 + ranking.CLAUSE_BOOST

    def _dense_list(self, expanded: str, mask: np.ndarray, named: int | None = None
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The query's embedding, every card's cosine to it (-inf outside ``mask``) and the dense ranked list; for
        a query that is a card's whole name (``named``, its row), each card's likeness to that card instead (as
        ``like:`` ranks, :meth:`_like_scores`): the cards after it are those like it, not those whose text is near
        its name's words."""
        vector = self.encoder.encode_query(expanded)
        if named is not None and self.vectors.present[named]:
            similarity = np.where(mask, self._like_scores(named, mask), -np.inf).astype(np.float32)
        else:
            similarity = self._dense_scores(vector, mask)
        return vector, similarity, self._ranked(similarity, np.flatnonzero(similarity > -np.inf))

    def tags_for(self, text: str, matcher: ranking.TagMatcher | None = None) -> list[ranking.TagMatch]:
        """The function tags hybrid ranking adds for ``text`` searched over every card, strongest first: those
        its words and meaning match, then those the dense list's head adds (see search/feedback.py). ``matcher``
        stands in for the engine's own: the generalisation check asks a copy that has not seen ``text``."""
        mask, _ = self.filter_mask(None, text, include_funny=False)
        vector, _, dense_ranked = self._dense_list(self._expand(text), mask)
        return self._chosen_tags(text, vector, (), "", dense_ranked, matcher or self.tag_matcher)

    def _chosen_tags(self, text: str, vector: np.ndarray | None, tags: Sequence[str], context: str,
                     dense_ranked: np.ndarray | None, matcher: ranking.TagMatcher, *, by_words: bool = True
                     ) -> list[ranking.TagMatch]:
        """The tags named by the caller (``tags``), then those ``matcher`` finds in the query's words and
        meaning (with ``context``, words read as filters; not ``by_words``: a card's name, whose words say nothing
        of what it does, "toxic deluge"), at most :data:`ranking.MAX_TAGS`, then those the dense list's head shares
        (``dense_ranked``, see search/feedback.py) as weaker matches."""
        given = [ranking.TagMatch(tag_rules.TAG_INDEX[name], ranking.GIVEN_TAG_WEIGHT, "asked") for name in tags]
        shares = None
        if self.weights.feedback_depth and dense_ranked is not None and not ranking.is_literal(text):
            shares = feedback.head_shares(dense_ranked, self.tag_strengths, self.weights)
        asked = {g.index for g in given}
        matched = [m for m in self._matched_tags(text, vector, context, matcher, shares) if m.index not in asked] \
            if by_words else []
        chosen = [*given, *matched][: ranking.MAX_TAGS]
        if shares is not None:
            taken = frozenset(m.index for m in chosen)
            named = ranking.other_kinds((m.index for m in chosen if m.by in ("asked", "words")),
                                        frozenset(ranking.words(text)))
            chosen += feedback.feedback_tags(shares, self._tag_base_rates, self.weights,
                                             taken | ranking.opposed(taken) | ranking.other_recursion(text) | named)
        return chosen

    def _matched_tags(self, text: str, vector: np.ndarray | None, context: str, matcher: ranking.TagMatcher,
                      shares: np.ndarray | None) -> list[ranking.TagMatch]:
        """The tags ``matcher`` finds in the query; for a request that ends in its deck's theme ("removal for my
        aristocrats deck", see :func:`ranking.theme_split`) whose theme a tag's phrasing names whole, the words
        before it choose them and the theme's tags join at :data:`ranking.THEME_WEIGHT`. A theme or a head that
        names no tag ("removal for my Atraxa deck") leaves the whole query to choose, and where the whole query
        names none either ("my elf deck needs ramp"), or its words name one less than the head's words do ("my
        vampire deck needs lifelink": "vampire" weighs on every phrasing), the head alone does."""
        split = ranking.theme_split(text, self._tribe_words(text))
        if split is None:
            return matcher.match(text, vector, context, self.weights, shares)
        head, theme = split
        themes = [m for m in matcher.match(theme, None, "", self.weights) if m.weight >= ranking.THEME_MATCH]
        head_vector = self._head_vector(head, vector) if themes else None
        # the head's meaning borne out by its own dense list, not the whole request's, whose theme leads it ("my
        # reanimator deck needs ways to put creatures in my graveyard": reanimation spells there, no self-mill)
        head_shares = self._head_shares(head_vector) if shares is not None and head_vector is not None else shares
        chosen = matcher.match(head, head_vector, context, self.weights, head_shares) if themes else None
        if chosen:
            known = {m.index for m in chosen}
            themed = [ranking.TagMatch(m.index, m.weight * ranking.THEME_WEIGHT, "theme")
                      for m in themes if m.index not in known]
            # (the theme keeps its place: a third tag of the need's own meaning does not push it out)
            return [*chosen[: max(ranking.MAX_TAGS - len(themed), 1)], *themed][: ranking.MAX_TAGS]
        whole = matcher.match(text, vector, context, self.weights, shares)
        if chosen is not None:  # a theme that names tags has asked the head already
            return whole or chosen
        # the theme's words drowned the function ("my elf deck needs ramp": no tag for all four words) or weigh
        # it down: the head alone asks for it (its words first: encoding it costs a model's pass)
        in_words = matcher.match(head, None, context, self.weights)
        if whole and max(m.weight for m in in_words or whole) <= max(m.weight for m in whole):
            return whole
        return matcher.match(head, self._head_vector(head, vector), context, self.weights, shares)

    def _staples(self, mask: np.ndarray, notes: list[str], changers: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """The cards ``mask`` keeps, staples first: by EDHREC popularity where the store has it (Scryfall's
        edhrec_rank); else the Commander format's Game Changers (with ``changers``), then the cards of the functions
        every deck plays (:data:`STAPLE_TAGS`, each tag's most direct answers first, interleaved), then the rest by
        name."""
        rows = np.flatnonzero(mask)
        popularity = self._popularity
        if popularity is not None:
            notes.append("staples: ranked by how many decks play each card (EDHREC, from Scryfall's data)")
            order = np.lexsort((self.filter_index.name_order[rows], -popularity[rows]))
            return rows[order], popularity[rows][order]
        # (the Game Changers are named only where one passes the filters: "Jodah big spells" had said they came first
        # and shown none)
        changers = changers and bool((mask & (self.db.columns.game_changer == 1)).any())
        notes.append("staples: the card data has no play rates (grimoire data update fetches EDHREC's), so "
                     + ("the Game Changers list comes first, then " if changers else "")
                     + "the most direct cards of the functions every deck plays: " + ", ".join(STAPLE_TAGS))
        fused = np.zeros(len(self.db), dtype=np.float64)
        self._add_tag_lists([ranking.TagMatch(tag_rules.TAG_INDEX[name], 1.0, "asked") for name in STAPLE_TAGS],
                            mask, fused)
        if changers:
            fused[mask & (self.db.columns.game_changer == 1)] += float(fused.max()) + 1.0
        ranked = rows[fused[rows] > 0]
        ranked = ranked[np.lexsort((self.filter_index.name_order[ranked], -fused[ranked]))]
        rest = self._by_name(rows[fused[rows] <= 0])
        return np.concatenate([ranked, rest]), np.concatenate([fused[ranked], np.zeros(len(rest))])

    def _by_name(self, rows: np.ndarray) -> np.ndarray:
        """``rows`` in Scryfall's default order, by card name."""
        return rows[np.argsort(self.filter_index.name_order[rows], kind="stable")]

    def _names_a_function(self, text: str, vector: np.ndarray | None) -> bool:
        """Whether ``text``'s words or meaning choose a tag (the dense list's head alone does not count)."""
        return any(match.by in ("words", "meaning", "theme")
                   for match in self._matched_tags(text, self._head_vector(text, vector), "", self.tag_matcher, None))

    def _head_vector(self, head: str, vector: np.ndarray | None) -> np.ndarray | None:
        return None if vector is None else self.encoder.encode_query(self._expand(head))

    def _head_shares(self, vector: np.ndarray) -> np.ndarray:
        """The tag shares of the head of ``vector``'s own dense list over every card (see search/feedback.py)."""
        similarity = self._dense_scores(vector, self.filter_index.everything)
        ranked = self._ranked(similarity, np.flatnonzero(similarity > -np.inf))
        return feedback.head_shares(ranked, self.tag_strengths, self.weights)

    def _add_tag_lists(self, chosen: list[ranking.TagMatch], mask: np.ndarray, fused: np.ndarray,
                       similarity: np.ndarray | None = None, team: bool = False, tribe: str | None = None,
                       big: bool = False, literal: bool = False, acted_on: re.Pattern | None = None,
                       mass: bool = False, also: bool = False, one: bool = False) -> int:
        """Each chosen tag's cards (:meth:`_chosen_tags`), direct answers first, join the fusion weighted by how
        well the tag matched (``similarity``: every card's embedding cosine to the query, which may reorder a
        tag's cards); for a request for the whole ``team``, the cards of a tag done to one creature or to all
        (a keyword granter's, blink's) that do it to all of their controller's creatures come first, and for a
        request for all of a kind (``mass``: "take control of all their creatures") the cards doing it to many; for
        a deck of a creature ``tribe``, the cards of that type or naming it (Dragon's Hoard for a dragon deck's
        ramp): how many of those answer is returned. For a request to answer something ``big``, a small answer
        (Lightning Bolt, Cut Down) comes after those that answer anything. Where the request acts on one
        noncreature type (``acted_on``, :func:`ranking.object_form`), a tag's cards naming it come first ("steal
        artifacts")."""
        base = fused.copy()
        kin = self._of_tribe(tribe) if tribe else None
        paired = ranking.paired_tags(chosen, literal, also)
        for match in chosen:
            rows, direct = self._tag_by_directness(match.index)
            inside = mask[rows]
            if match.by == ENGINE:  # an engine stays on the battlefield (not Insight, an instant that draws this turn)
                inside = inside & self.filter_index.front_is_permanent[rows]
            rows, direct = rows[inside], direct[inside]
            # each of the tag's cards' lift, read for its own cards only
            form = ranking.TEAM_FORMS.get(match.index) if team else None
            form = ranking.MASS_FORMS.get(match.index) if form is None and mass else form
            if one and form is None and match.index in ranking.ONE_FORMS:
                form = ranking.ONE_GRANT  # the commander's own, carried by an Equipment or an Aura
            lifted = ranking.TEAM_LIFT * self._says(form)[rows] if form is not None else None
            if kin is not None and match.by != "theme":  # a narrow answer of the tribe stays behind
                strengths = self.tag_strengths[rows, match.index]
                # save one that is narrow only for naming the tribe as the player's, which is what the deck wants
                # (Ezuri's "Elf creatures you control get +3/+3 and gain trample" is an elf deck's overrun): it is
                # lifted as a direct one
                own = (strengths > 0) & (strengths < tag_rules.TRIGGERED) & self._names_tribe(tribe)[rows] & \
                    (match.index in ranking.TRIBE_NARROW_TAGS)
                answers = (strengths >= tag_rules.TRIGGERED) | own
                kin_here = ranking.TRIBE_LIFT * (kin[rows] & answers) + ranking.NARROW_LIFT * own
                lifted = kin_here if lifted is None else np.maximum(lifted, kin_here)
            if acted_on is not None and not ranking.typed(match.index):
                named = ranking.OBJECT_LIFT * self._says(acted_on)[rows]
                lifted = named if lifted is None else np.maximum(lifted, named)
            if match.index in paired or also and paired:
                # two functions named: the cards doing the other too come first (asked of one card, in every
                # chosen tag's list: "ramp that also draws", the land ramp found beside ramp too)
                others = [index for index in paired if index != match.index and not ranking.kin(index, match.index)]
                both = ranking.BOTH_LIFT * (self.tag_strengths[np.ix_(rows, others)] > 0).any(axis=1)
                lifted = both if lifted is None else np.maximum(lifted, both)
            if big and match.index in ranking.BIG_ANSWER_TAGS:  # "kill something big": not Lightning Bolt first
                small = -ranking.SMALL_ANSWER_COST * self._says(ranking.SMALL_ANSWER)[rows]
                lifted = small if lifted is None else lifted + small
            ordered = ranking.tag_order(rows, direct, base, match.weight, FUSION_DEPTH, self.weights, similarity,
                                        lifted)
            fused[ordered] += self.weights.tags * ranking.tag_list_scores(len(ordered), match.weight)
        asked = [match.index for match in chosen if match.by != "theme"]
        if kin is not None and asked:
            # and in the fused list too, as the note promises: the other lists (a narrower tag matched by meaning,
            # the embedding list) would otherwise put generic answers between the tribe's (Into the North)
            rows = np.flatnonzero(kin & (fused > 0))
            strengths = self.tag_strengths[np.ix_(rows, asked)]
            narrowed = np.array([index in ranking.TRIBE_NARROW_TAGS for index in asked])
            answers = ((strengths >= tag_rules.TRIGGERED) | (strengths > 0) & narrowed &
                       self._names_tribe(tribe)[rows, None]).any(axis=1)
            fused[rows[answers]] *= 1.0 + ranking.TRIBE_BOOST
            return int(answers.sum())
        return 0

    @cached_property
    def _never_playable(self) -> np.ndarray:
        """Whether each card is legal in no format at all and is no digital card (funny cards are filtered apart)."""
        return (self.db.columns.legality("commander") == LEGALITY_CODES["not_legal"]) & \
            ~self.filter_index.digital_only & (self.db.columns.is_funny != 1)

    @cached_property
    def _has_flash(self) -> np.ndarray:
        """Whether each card has the flash keyword itself (a face's too)."""
        return np.array(["flash" in keywords for keywords in self.filter_index.keywords], dtype=bool)

    @cached_property
    def _not_in_commander(self) -> np.ndarray:
        """Whether each card is known not to be legal in Commander (banned, or not legal at all)."""
        return np.isin(self.db.columns.legality("commander"), (LEGALITY_CODES["not_legal"], LEGALITY_CODES["banned"]))

    def _says(self, form: re.Pattern) -> np.ndarray:
        """Whether each card's text says ``form`` (one of :data:`ranking.TEAM_FORMS`, :data:`ranking.SMALL_ANSWER`
        or :data:`ranking.FLASH_GIVEN`), cached per form."""
        if form.pattern not in self._text_rows:
            search = form.search
            self._text_rows[form.pattern] = np.fromiter(
                (search(text) is not None for text in self.db.columns.oracle_text), dtype=bool, count=len(self.db))
        return self._text_rows[form.pattern]

    @cached_property
    def _tag_base_rates(self) -> np.ndarray:
        return feedback.base_rates(self.tag_strengths)

    def prepare_tag_lists(self) -> None:
        """Order every function tag's cards now (about half a second for all of them) rather than on the first
        query that asks for each tag: what a server does before it takes a request."""
        for index in range(len(tag_rules.TAGS)):
            self._tag_by_directness(index)
        for form in set(ranking.TEAM_FORMS.values()):
            self._says(form)

    def _tag_by_directness(self, index: int) -> tuple[np.ndarray, np.ndarray]:
        """A tag's cards, most direct first, with their directness (cached per tag)."""
        if index not in self._tag_lists:
            column = self.tag_strengths[:, index]  # read once per tag: no transposed copy of the matrix is kept
            rows = np.flatnonzero(column > 0)
            columns = self.db.columns
            rider = index in ranking.RIDER_TAGS  # (its cards' other text is their point: see ranking.RIDER_TAGS)
            prior = self._card_priors["rider" if rider else tag_rules.TAGS[index].makes][rows]
            prior = prior - ranking.text_penalty(columns.oracle_text[rows], columns.type_line[rows])
            if rider:
                prior = prior + ranking.SELECTION_VALUE * ranking.selects(columns.oracle_text[rows])
            if index in ranking.BREADTH:
                prior = prior + ranking.breadth(index, self.tag_strengths[rows])
            self._tag_lists[index] = ranking.by_directness(rows, ranking.directness(column[rows], prior))
        return self._tag_lists[index]

    def _exact_name_rows(self, text: str, mask: np.ndarray, chosen: Sequence[ranking.TagMatch] = ()) -> list[int]:
        """The card ``text`` names whole (a face's name too), its apostrophes typed or not ("jeskas will"), or
        names before "effects" where it does what a chosen tag does (the card Overrun first for "overrun effects",
        its tag's cards after it; not the Saga named Blink for "blink effects")."""
        named = _EFFECTS_AFTER.sub("", text)
        row = self._whole_name_row(named)
        if row is None or not mask[row]:
            return []
        # a name that is one word of a function asked in words is the card only where it does that function
        # ("burn", "modern burn": Turn // Burn had led them; "counterspell" is still Counterspell first)
        asked = named != text or len(named.split()) == 1 and any(match.by == "words" for match in chosen)
        if asked and not any(self.tag_strengths[row, match.index] >= tag_rules.DIRECT for match in chosen):
            return []
        return [row]

    def _name_word_rows(self, text: str, mask: np.ndarray, chosen: Sequence[ranking.TagMatch]) -> np.ndarray | None:
        """The cards inside ``mask`` whose name holds every word of ``text``, a word or two of three letters or
        more, when no tag was found in its words or meaning and at most :data:`NAME_WORD_CARDS` cards' names hold
        them (else ``None``)."""
        said = [word for word in re.findall(r"[^\W\d_]+", fold(text).lower()) if len(word) >= 3]
        if not 1 <= len(said) <= 2 or len(said) != len(text.split()) or \
                any(match.by in ("words", "meaning") for match in chosen) or \
                any(word in self.reader.game_words for word in said):
            return None  # (the game's words say what a card does or is: "snow", "delve", "power", "fire")
        rows = np.flatnonzero(mask)
        for word in said:
            rows = rows[self._name_words_hold(word)[rows]]
        return rows if len(rows) <= NAME_WORD_CARDS else None

    def _name_words_hold(self, word: str) -> np.ndarray:
        """Whether each card's name holds ``word`` as a whole word (accents folded); the last few words asked are
        kept (a scan of every name takes about 15 ms)."""
        held = self._name_word_cache.get(word)
        if held is None:
            pattern = re.compile(rf"\b{re.escape(word)}\b")
            held = np.array([pattern.search(name) is not None for name in self._folded_names], dtype=bool)
            if len(self._name_word_cache) >= 64:
                self._name_word_cache.clear()  # (no eviction order to keep: a server's threads share it)
            self._name_word_cache[word] = held
        return held

    @cached_property
    def _name_word_cache(self) -> dict[str, np.ndarray]:
        return {}

    @cached_property
    def _folded_names(self) -> list[str]:
        return [fold(name).lower() for name in self.db.columns.name.tolist()]

    def _named_card(self, reading: Reading, text: str) -> int | None:
        """The card a request is, whole ("swords to plowshares", "stp", "guttersnipe": the cards like it follow
        it); a one-word name whose word names a function ("blink", "burn", "counterspell") is the function's word,
        whose tag ranks what follows; none where the words were read as filters ("red burn under 2 mana" leaves
        "burn")."""
        row = None if reading.chips else self._whole_name_row(text)
        if row is None or len(text.split()) >= 2:
            return row
        return None if self.tag_matcher.match(text, None, "", self.weights) else row

    def _whole_name_row(self, text: str) -> int | None:
        """The card ``text`` names whole (a face's name too), its apostrophes, commas and hyphens typed or not
        ("jeskas will", "sheoldred the apocalypse", "krark clan ironworks"); not a name's letters without its
        stops ("tapper" is no T.A.P.P.E.R.)."""
        row = self.db.names.find(text)
        if row is None:
            return None
        name = self.db.columns.name[row]
        return row if _loose(text) in {_loose(name), *(_loose(face) for face in name.split(" // "))} else None

    # -- reading -----------------------------------------------------------------------------------------

    def read(self, query: str, filters: Filters | None = None, *, literal: bool = False) -> Reading:
        """What the words of ``query`` are read as (see search/reading.py); ``literal`` reads no words, the query
        parsed as it stands (but for the card a typed ``like:`` or ``combo:`` names)."""
        if not query.strip():
            return Reading(query, query)
        return self._cheap_for_its_function(
            self.reader.read(query, explicit=filters.kinds() if filters else frozenset(), literal=literal))

    def _cheap_for_its_function(self, reading: Reading) -> Reading:
        """``reading`` with "cheap" read as what is cheap for the function its other words name, where most of that
        function's cards cost more than 2: the cheapest tenth of its direct cards' mana values ("cheap token
        doublers" are mv<=4, as none costs 2 or less: mv<=2 had left For the Common Good and no doubler; "cheap
        steal effects" mv<=4), as "cheap dragons" are cheap for a Dragon."""
        chip = next((chip for chip in reading.chips if chip.kind == "mv" and chip.syntax == CHEAP_SYNTAX and
                     says_cheap(chip.words)), None)
        if chip is None or reading.query.count(CHEAP_SYNTAX) != 1:
            return reading
        _, text_parts = self._parse(reading.query.replace(CHEAP_SYNTAX, " "), None)
        asked = max(self.tags_for(" ".join(text_parts)), key=lambda match: match.weight, default=None)
        if asked is None or asked.by not in ("words", "meaning") or asked.weight < CHEAP_TAG_WEIGHT:
            return reading
        cost = self._cheap_costs[asked.index]
        if cost <= 2:
            return reading
        syntax = f"mv<={cost}"
        chips = tuple(Chip(chip.words, syntax, chip.kind) if each is chip else each for each in reading.chips)
        return replace(reading, query=reading.query.replace(CHEAP_SYNTAX, syntax), chips=chips, node=None)

    @cached_property
    def _cheap_costs(self) -> np.ndarray:
        """Per function tag, the mana value of the cheapest tenth of the cards that perform it directly (lands left
        out: they cost no mana), rounded down; 0 for a tag of fewer than :data:`CHEAP_TAG_CARDS` such cards."""
        values = self._mana_values
        spells = ~ranking.are_lands(self.db.columns.type_line)
        costs = np.zeros(len(tag_rules.TAGS), dtype=np.int64)
        for index in range(len(tag_rules.TAGS)):
            direct = values[(self.tag_strengths[:, index] >= tag_rules.DIRECT) & spells]
            direct = np.sort(direct[~np.isnan(direct)])
            if len(direct) >= CHEAP_TAG_CARDS:
                costs[index] = int(direct[len(direct) // 10])
        return costs

    def _combo_query(self, reading: Reading) -> tuple[str, str, tuple[str, ...], str, re.Pattern[str] | None]:
        """For "combo with X": the query with the filter X's partners must meet, the wording and tags they are
        ranked by, the note that says what was read from X's text (see search/combos.py), and what in a partner's
        text supplies a need outright (:func:`combos.partner_leads`, ``None`` where no need says)."""
        row = self.db.names.find(reading.combo)
        needs = combos.combo_needs(reading.combo, self.db.columns.oracle_text[row])
        if not needs:
            text = self.db.columns.oracle_text[row]
            ranked = "ranked by what its text does" if text else "no partners shown"
            return (reading.query, text, (), f"nothing in {reading.combo}'s text says what a combo partner "
                    f"supplies; {ranked} (Grimoire has no combo list offline)", None)
        wording, syntax, tags = combos.partner_query(needs)
        asked = "cards that work with" if reading.synergy else "combo partners for"
        note = (f"{asked} {reading.combo}, read from its text: " + "; ".join(n.line() for n in needs)
                + " (Grimoire has no combo list offline: these cards supply what its text needs)")
        return " ".join(part for part in (reading.query, syntax) if part), wording, tags, note, \
            combos.partner_leads(needs)

    def _partners_outright_first(self, leads: re.Pattern[str], rows: np.ndarray, scores: np.ndarray
                                 ) -> tuple[np.ndarray, np.ndarray]:
        """Among the first :data:`PARTNER_DEPTH` combo partners, those whose text ``leads`` finds, supplying the
        need outright (:func:`combos.partner_leads`: Isochron Scepter for Dramatic Reversal, Zealous Conscripts and
        Deceiver Exarch for Kiki-Jiki, Walking Ballista for Heliod, Sun-Crowned), first, each part in its order: the
        wording and tags had put Scepter 33rd behind mana rocks."""
        if not len(rows):
            return rows, scores
        names, texts = self.db.columns.name, self.db.columns.oracle_text
        outright = np.zeros(len(rows), dtype=bool)
        for position, partner in enumerate(rows[:PARTNER_DEPTH].tolist()):
            outright[position] = leads.search(tag_rules.prepare_text(names[partner], texts[partner])) is not None
        return _moved_last(rows, scores, ~outright)

    def _deck_colour_shares(self, reading: Reading, rows: np.ndarray, made: np.ndarray | None
                            ) -> np.ndarray | None:
        """The share of its score each of ``rows`` keeps when the words asked for a deck's colours (``id<=``):
        a colourless card :data:`COLOURLESS_SHARE`, as the colours asked for say what the player wants first. A
        land's colours are those it makes (``made``, see :meth:`_deck_colours_made`): asked for lands in two
        colours or more ("lands that draw cards in izzet"), a land making fewer than two of them (a utility land,
        a basic) keeps :data:`COLOURLESS_SHARE` and one making two or more (a dual, Command Tower) all of its
        score. Asked for mana makers ("ramp", "mana rocks", "dorks") for a deck (its commander named, or "deck"
        said: "green ramp" asks for green cards), another card that makes mana is judged by what it makes, as a
        deck's mana is: a colourless rock serves
        any deck (Sol Ring, Mind Stone), and in a deck of two colours or more one making only one of them keeps
        :data:`COLOURLESS_SHARE` ("mana dorks for my bant deck": Birds of Paradise and Noble Hierarch before
        Llanowar Elves; "mana rocks for my esper deck": Arcane Signet and the Talismans before Mox Pearl). ``None``
        when no deck colours were asked for."""
        if _deck_colours(reading) is None or COLOURLESS_SHARE >= 1:
            return None
        if made is not None:
            return np.where(made[rows] >= 2, 1.0, COLOURLESS_SHARE)
        colourless = self.db.columns.color_identity[rows] == 0
        # a commander's deck plays colourless cards as its own (Ashnod's Altar for Meren's sac outlets, Skullclamp)
        shares = np.where(colourless, COMMANDER_COLOURLESS_SHARE if reading.deck else COLOURLESS_SHARE, 1.0)
        deck = _deck_letters(reading)
        if deck:
            named = self._spell_colours[rows]  # (colours named in a card's "<colour> spells", as identity bits)
            shares = np.where((named != 0) & (named & color_bits(deck) == 0), OFF_COLOUR_SPELLS_SHARE, shares)
        typed = reading.typed.lower()
        if not deck or not _ASKS_MANA.search(typed) or not (reading.deck or _NAMES_A_DECK.search(typed)):
            return shares  # "green ramp" asks for green cards: Sol Ring keeps its discount
        produced = self.filter_index.produced[0][rows]
        colourless_only = (produced == PRODUCED_BITS["C"]) & colourless
        fixes = self._colours_made(deck)[rows] >= min(2, len(deck))
        return np.where(produced == 0, shares, np.where(colourless_only | fixes, 1.0, COLOURLESS_SHARE))

    def _colours_spread(self, reading: Reading, rows: np.ndarray, scores: np.ndarray
                        ) -> tuple[np.ndarray, np.ndarray]:
        """The first :data:`SPREAD_DEPTH` of ``rows`` reordered so that a deck of two colours or more sees each of
        them: a card keeps :data:`SPREAD_SHARE` of its score for each card of its own colours already placed above it,
        as a share of those placed ("boros card draw" had been ten red cards: red has more ways to draw than white;
        a player building Boros wants both halves and the gold cards). Scores are those the order was made by."""
        deck = _deck_letters(reading)
        if len(deck) < 2 or len(rows) < 2:
            return rows, scores
        head = min(SPREAD_DEPTH, len(rows))
        identity = self.db.columns.color_identity[rows[:head]]
        left, placed, order, kept = list(range(head)), Counter(), [], []
        for _ in range(head):
            shown = max(1, len(order))
            spread = {i: scores[i] * (1 - SPREAD_SHARE * placed[identity[i]] / shown) for i in left}
            best = max(left, key=lambda i: (spread[i], -i))
            left.remove(best)
            order.append(best)
            kept.append(spread[best])
            placed[identity[best]] += 1
        first = np.array(order, dtype=np.int64)
        return (np.concatenate([rows[first], rows[head:]]),
                np.concatenate([np.maximum.accumulate(np.array(kept)[::-1])[::-1], scores[head:]]))

    def _card_draw_kin(self, chosen: list[ranking.TagMatch], mask: np.ndarray) -> list[ranking.TagMatch]:
        """``chosen`` with card draw asked in general (no kind of it: not "cantrips", "wheels") also asking for the
        draw engines a Commander player means first, at :data:`DRAW_ENGINE_SHARE` of its weight: the permanents
        (:data:`ENGINE`) that draw again and again, and those that draw off the opponents' spells (Rhystic Study,
        Esper Sentinel, Mystic Remora; "white card draw" had listed Pursuit of Knowledge and Bandage, no engine in
        the first hundred), where card draw is the only function named. Asked for cards red may be and blue and
        black may not ("red card draw", "boros card draw", "mono red card advantage"), impulse draw instead, at the
        same weight: exiling cards to play them is red's card draw (Jeska's Will, Light Up the Stage), which the
        card-draw tag, drawing only, left out: Romantic Rendezvous and Goblin Lore had led."""
        asked = next((match for match in chosen if match.index == _CARD_DRAW), None)
        if asked is None or any(tag_rules.TAG_PARENTS.get(tag_rules.TAGS[match.index].name) == "card-draw"
                                for match in chosen if match.by != "dense"):  # (not the dense list's echo)
            return chosen
        identity = self.db.columns.color_identity[mask]
        if (identity & _RED).any() and not (identity & (_BLUE | _BLACK)).any():
            return [*chosen, ranking.TagMatch(_IMPULSE_DRAW, asked.weight, asked.by)]
        if any(match.by not in ("dense", "theme") for match in chosen if match is not asked):
            return chosen  # card draw on a condition, or beside another function ("when my creatures die, draw")
        permanents = self.filter_index.front_is_permanent[mask]
        if 2 * int(permanents.sum()) <= len(permanents):
            return chosen  # the filters ask for spells ("instant speed card draw": instants, and a few flash cards)
        return [*chosen, *(ranking.TagMatch(index, asked.weight * DRAW_ENGINE_SHARE, ENGINE)
                           for index in _DRAW_ENGINES)]

    def _deck_tribe(self, text: str) -> str | None:
        """The creature type a request names as its deck's theme ("my elf deck needs card draw": Elf), else
        ``None`` (a type asked of the cards themselves, "elf card draw", is a ``t:`` filter already)."""
        split = ranking.theme_split(text.lower(), self._tribe_words(text))
        if split is None:
            return None
        types = self.reader.creature_types
        found = {types[word] for word in split[1].split() if word in types}
        return found.pop() if len(found) == 1 else None

    def _tribe_words(self, text: str) -> dict[str, str]:
        """The creature type words a request's theme may be (:attr:`Reader.creature_types`); none for a card's own
        name ("Goblin Bombardment" is no Goblin deck's bombardment), nor a token's that is mostly no creature ("food
        and clues": Food Golems are few)."""
        if self.db.names.find(text.strip()) is not None:
            return {}
        return self._deck_type_words

    @cached_property
    def _deck_type_words(self) -> dict[str, str]:
        tokens = self.reader.named_tokens
        return {word: kind for word, kind in self.reader.creature_types.items() if kind not in tokens}

    def _tribal_deck(self, text: str) -> str | None:
        """The creature type of a request that asks for nothing but a deck of it ("cards for an elf deck", "best
        cards for my zombie deck", "dragon tribal"), else ``None``."""
        lowered = text.lower()
        found = _TRIBAL_DECK.search(lowered)
        if found is None or ranking.words(f"{lowered[: found.start()]} {lowered[found.end():]}"):
            return None
        return self.reader.creature_types.get(found.group(1))

    def _commander_tribe(self, deck: Sequence[str]) -> str | None:
        """The creature type of a tribal commander the request names ("card draw for my Krenko deck": Goblin): one of
        its own types that its text names as the player's own ("Goblins you control", "create ... Goblin", "another
        Dragon spell you cast"), else ``None`` (Atraxa; Teysa, Orzhov Scion makes Spirits but is none). Where the name
        fits several commanders ("Krenko": Mob Boss, Tin Street Kingpin), the tribe they all have."""
        rows = [self.db.names.find(name) for name in deck[:MAX_DECK_COMMANDERS]]
        if not rows or any(row is None or row < 0 for row in rows):
            return None
        types = self.reader.creature_types
        shared: set[str] | None = None
        for row in rows:
            kinds = {types[word.lower()] for face in self.db.columns.type_line[row].split(" // ")
                     for word in face.partition(" — ")[2].split() if word.lower() in types}
            text = self.db.columns.oracle_text[row] or ""
            own = {kind for kind in kinds if self._tribe_patterns(kind)[1].search(text)}
            shared = own if shared is None else shared & own
        return shared.pop() if shared and len(shared) == 1 else None

    def _own_theme_not_tribe(self, deck: Sequence[str], chosen: Sequence[ranking.TagMatch], tribe: str) -> bool:
        """Whether the request names what the commanders of ``deck`` do themselves (every function ``chosen`` by
        words or meaning is each one's), none naming ``tribe`` as the player's beyond the tokens it makes: their own
        theme, not a tribe's ("queen marchesa monarch" had been read as an Assassin deck, for the tokens she makes;
        "krenko tokens" stays a Goblin deck: "Goblins you control")."""
        asked = [match.index for match in chosen if match.by in ("words", "meaning")]
        rows = [self.db.names.find(name) for name in deck[:MAX_DECK_COMMANDERS]]
        if not asked or not rows or any(row is None or not (self.tag_strengths[row, asked] > 0).all() for row in rows):
            return False
        named = self._tribe_patterns(tribe)[0].pattern
        yours = re.compile(rf"{named}[^.\n]*?\byou (?:control|cast)\b|{named} spells?\b", re.IGNORECASE)
        return not any(yours.search(self.db.columns.oracle_text[row] or "") for row in rows)

    def _tribe_patterns(self, tribe: str) -> tuple[re.Pattern, re.Pattern]:
        """How a type line names creature type ``tribe`` (singular or plural as Oracle text prints it) and how a text
        names it as the player's own: "Elves you control", "another Zombie you control", "create a 5/5 Dragon",
        "Dragon spells you cast" (not "destroy target Zombie", a hoser)."""
        words = "|".join(sorted((re.escape(word) for word, kind in self.reader.creature_types.items()
                                 if kind == tribe), key=len, reverse=True))
        return (re.compile(rf"\b(?:{words})\b", re.IGNORECASE),
                re.compile(rf"\b(?:{words})\b(?:[^.\n]*?\byou (?:control|cast)\b| (?:creature )?(?:tokens?|spells?))|"
                           rf"\bcreate[^.\n]*?\b(?:{words})\b", re.IGNORECASE))

    def _tribe_colours_first(self, tribe: str, mask: np.ndarray, fused: np.ndarray) -> None:
        """For a tribe's deck named without its colours ("finishers for my elf deck"), a card of none of the colours
        the tribe is mostly played in keeps :data:`OFF_TRIBE_SHARE` of its score (white overruns after Overrun for
        elves); the tribe's own cards (a green Dragon for dragons), colourless cards, and every card where the
        filters left none of those colours, keep theirs."""
        colours = self._tribe_colours(tribe)
        identity = self.db.columns.color_identity
        inside = (identity & colours) > 0
        if not colours or not (mask & inside).any():
            return
        fused[(identity != 0) & ~inside & ~self._of_tribe(tribe)] *= OFF_TRIBE_SHARE

    def _tribe_colours(self, tribe: str) -> int:
        """The colour bits (as ``color_identity``) of at least :data:`TRIBE_COLOUR_SHARE` of the creatures of type
        ``tribe`` (Elf: green; Goblin: red; Human: white; Sliver: none stands out), cached per type."""
        if tribe not in self._tribe_colour_bits:
            typed = self._tribe_patterns(tribe)[0]
            columns = self.db.columns
            rows = np.fromiter((typed.search(kind) is not None and "Creature" in kind
                                for kind in columns.type_line.tolist()), dtype=bool, count=len(self.db))
            identity = columns.color_identity[rows]
            bits = 0
            for bit in (1, 2, 4, 8, 16):
                if len(identity) and float(((identity & bit) > 0).mean()) >= TRIBE_COLOUR_SHARE:
                    bits |= bit
            self._tribe_colour_bits[tribe] = bits
        return self._tribe_colour_bits[tribe]

    def _of_tribe(self, tribe: str) -> np.ndarray:
        """Whether each card is of creature type ``tribe`` or its text names the type as the player's own (see
        :meth:`_tribe_patterns`); cached per type."""
        return self._tribe_masks(tribe)[0]

    def _names_tribe(self, tribe: str) -> np.ndarray:
        """Whether each card's text names creature type ``tribe`` as the player's own (a lord, a payoff)."""
        return self._tribe_masks(tribe)[1]

    def _tribe_masks(self, tribe: str) -> tuple[np.ndarray, np.ndarray]:
        if tribe not in self._tribe_rows:
            typed, own = self._tribe_patterns(tribe)
            columns = self.db.columns
            named = np.fromiter((own.search(text or "") is not None for text in columns.oracle_text.tolist()),
                                dtype=bool, count=len(self.db))
            of_type = np.fromiter((typed.search(kind) is not None for kind in columns.type_line.tolist()),
                                  dtype=bool, count=len(self.db))
            self._tribe_rows[tribe] = (of_type | named, named)
        return self._tribe_rows[tribe]

    def _deck_colours_made(self, reading: Reading) -> np.ndarray | None:
        """How many of the deck's colours each card makes (Scryfall's produced mana), when the words asked for
        lands (``t:land``, or a deck's duals) in a deck of two colours or more (``id<=``); else ``None``."""
        colours = _deck_letters(reading)
        if len(colours) < 2 or not any(chip.syntax.split(" ", 1)[0] == "t:land" for chip in reading.chips):
            return None
        return self._colours_made(colours)

    @cached_property
    def _spell_colours(self) -> np.ndarray:
        """The colours each card's text names spells of (:data:`_COLOURED_SPELLS`: a Medallion's "Black spells you
        cast", "whenever a player casts a black spell"), as colour identity bits; 0 where it names none."""
        return np.array([color_bits({COLOR_NAMES[colour.lower()] for colour in _COLOURED_SPELLS.findall(text)})
                         for text in self.db.columns.oracle_text.tolist()], dtype=np.int64)

    def _colours_made(self, colours: set[str]) -> np.ndarray:
        """How many of ``colours`` each card makes (Scryfall's produced mana), signed, as _fixing_first sorts on its
        negation."""
        produced, _ = self.filter_index.produced
        return popcount(produced & sum(PRODUCED_BITS[letter] for letter in colours)).astype(np.int64)

    def _fixing_first(self, made: np.ndarray | None, rows: np.ndarray, scores: np.ndarray
                      ) -> tuple[np.ndarray, np.ndarray]:
        """Lands asked for by a deck's colours and nothing else ("untapped lands for grixis", "good lands for my
        esper deck"): those making two or more of the deck's colours (``made``) first (a dual as a land of any
        colour: which fixes better is not in the text; in a deck of four or five colours, those making three or
        more before the duals), those whose mana costs mana or uses them up after the others (the filter lands,
        Crystal Quarry: see :attr:`_mana_paid_for`), then the rest, and in each part by the card's own prior
        (ranking.card_prior), as the words left rank nothing: plainer text first, so Underground Sea before a land
        that makes any colour under conditions (Gold Mine's nodes, Undiscovered Paradise going back to hand), and
        the most played first where the store has EDHREC ranks; a digital-only card last, as in every ranking.
        Before the prior, a land that always enters tapped goes after one that may enter untapped (:attr:`_tapped`:
        "dual lands for boros" had led with Boros Guildgate, and put Sacred Foundry 27th)."""
        if made is None:
            return rows, scores
        # in a deck of four colours or five, a dual makes too few of them: lands making three or more come first
        enough = 3 if made.max(initial=0) >= 4 else 2
        order = np.lexsort((-self._card_priors[""][rows], self.filter_index.digital_only[rows], self._tapped[rows],
                            self._mana_paid_for[rows], -np.minimum(made[rows], 2), -np.minimum(made[rows], enough)))
        return rows[order], scores[order]

    @cached_property
    def _tapped(self) -> np.ndarray:
        """How a card enters tapped: 0 untapped (Plateau, the pain lands) or at the player's choice (a shock land's
        "you may pay 2 life. If you don't, it enters tapped"), 1 tapped on a condition (a fast land's "unless you
        control two or fewer other lands"), 2 always tapped (a Guildgate)."""
        tiers = []
        for text in self.db.columns.oracle_text.tolist():
            found = _ENTERS_TAPPED.search(text or "")
            tiers.append(0 if found is None or _PAID_UNTAPPED.search(text) else
                         1 if _TAPPED_UNLESS.search(_sentence(text, found)) else 2)
        return np.array(tiers, dtype=np.int8)

    @cached_property
    def _mana_paid_for(self) -> np.ndarray:
        """Cards whose mana ability costs mana or uses the card up ("{1}, {T}: Add one mana of any color", Crystal
        Quarry's "{5}, {T}: Add {W}{U}{B}{R}{G}", the filter lands, Archaeological Dig's sacrifice, Gemstone Mine's
        counters): a land that fixes only for a price, after those that fix for free."""
        return np.array([bool(_MANA_FOR_MANA.search(text or "")) for text in self.db.columns.oracle_text.tolist()])

    @cached_property
    def _banned_by_kind(self) -> np.ndarray:
        """Cards banned from every format for what they are, not for their power: Conspiracies (drafted, never in a
        deck) and the ante cards."""
        types, texts = self.db.columns.type_line.tolist(), self.db.columns.oracle_text.tolist()
        return np.array(["Conspiracy" in kind or "for ante" in (text or "") for kind, text in zip(types, texts,
                                                                                                  strict=True)])

    def _real_bans_first(self, reading: Reading, rows: np.ndarray, scores: np.ndarray
                         ) -> tuple[np.ndarray, np.ndarray]:
        """For a request read as banned cards ("cards banned in commander"), the cards banned for their power (Mana
        Crypt, Jeweled Lotus) before the Conspiracies and ante cards, which every format bans, each part in its
        order."""
        if not len(rows) or not any(chip.syntax.startswith("banned:") for chip in reading.chips):
            return rows, scores
        return _moved_last(rows, scores, self._banned_by_kind[rows])

    def _front_faces_first(self, reading: Reading, rows: np.ndarray, scores: np.ndarray
                           ) -> tuple[np.ndarray, np.ndarray]:
        """``rows`` with the cards whose front face has the size the player's words asked for ("2 mana 3/3
        creatures", "5+ power") before those where only another face has it, each part in its order; a size
        typed as syntax keeps Scryfall's any-face reading alone."""
        sizes = " ".join(chip.syntax for chip in reading.chips if chip.kind in STAT_CHIPS)
        if not sizes or not len(rows):
            return rows, scores
        misses = ~front_face_meets(self.filter_index, parse(sizes))[rows]
        return _moved_last(rows, scores, misses)

    def _type_names_a_function(self, reading: Reading) -> bool:
        """Whether a word read as a type names a function tag in words ("rocks": mana rocks, read as t:artifact), so
        that a commander's deck asked for with it asks for that function, not for cards like the commander."""
        return any(match.by == "words" for chip in reading.chips if chip.kind == "type" and
                   not chip.syntax.startswith("-") for match in self.tag_matcher.match(chip.words))

    def _keyword_own_first(self, reading: Reading, rows: np.ndarray, scores: np.ndarray
                           ) -> tuple[np.ndarray, np.ndarray]:
        """For flash asked in words ("flash creatures", "instant speed creatures": kw:flash), the cards that also
        give it to other spells (Quick Sliver, Teferi's "creature cards you own have flash") at
        :data:`KEYWORD_GRANTER_SHARE` of their score: the words naming flash twice had put them before the cards that
        only have it (Ambush Viper). Giving flash is a function of its own (the flash-granter tag), asked for in other
        words ("give my spells flash"); a flyer giving others flying is still a flyer, so other keywords keep their
        order."""
        if not len(rows) or not any(_FLASH_ASKED.search(chip.syntax) for chip in reading.chips):
            return rows, scores
        scores = np.where(self._says(ranking.FLASH_GIVEN)[rows], scores * KEYWORD_GRANTER_SHARE, scores)
        order = np.lexsort((rows, -scores))
        return rows[order], scores[order]

    def _own_functions(self, name: str) -> tuple[str, ...]:
        """What a card named in "cards like X" plus other words does, asked for where those words name no function
        ("stone rain effects to knock rivals off their mana"; "like Rhystic Study that make treasure" names one):
        the tags it performs directly, the narrowest of each line ("land-destruction" for Stone Rain,
        "exile-removal" and "creature-removal" for Swords to Plowshares, not "removal"). Its text alone, once joined
        to the words, reads as rules text, whose tags count a quarter."""
        row = self.db.names.find(name)
        if row is None:
            return ()
        direct = {tag_rules.TAGS[i].name for i in np.flatnonzero(self.tag_strengths[row] >= tag_rules.DIRECT)}
        broader = {tag_rules.TAG_PARENTS.get(tag) for tag in direct}
        return tuple(sorted(direct - broader))

    def _named_text(self, names: Sequence[str]) -> str:
        """The rules text of the cards named inside a request: they rank by what they do, not by their name."""
        rows = [row for row in map(self.db.names.find, names) if row is not None]
        return " ".join(self.db.columns.oracle_text[row] for row in rows)

    def _answered_in_place(self, query: str, names: Sequence[str], typed: str) -> tuple[str, list[str], list[str]]:
        """``query`` with each card the request wants answered ("answers to Ghostly Prison", "my opponent has
        Propaganda out") standing for its type's word where its name was ("enchantments"), whose answer the words
        around it then ask for (its text had ranked cards like it), the names left to rank by their text, and those
        answered."""
        kept, answering = [], []
        for name in names:
            row = self.db.names.find(name)
            found = ranking.answered_at(typed, name, self.db.columns.type_line[row],
                                        self.db.columns.oracle_text[row]) if row is not None else None
            if found is None:
                kept.append(name)
                continue
            answered, at, size = found
            answering.append(name)
            if query[at: at + size].strip() == "" and len(query) >= at + size:
                query = f"{query[:at]}{answered.ljust(size)}{query[at + size:]}"  # (where a name was)
            else:
                query = f"{query} {answered}"
        return query, kept, answering

    # -- public API --------------------------------------------------------------------------------------

    def search(self, queries: str | Sequence[str], *, filters: Filters | None = None, page: int = 1,
               limit: int = 20, mode: str = "hybrid", include_funny: bool = False,
               exclude: Sequence[str] = (), literal: bool = False) -> SearchPage:
        """Search with one query or several (1-4, fused); syntax filters and ``filters`` are hard constraints.

        Player words are read first (``SearchPage.readings``): "white removal instant" runs as
        ``removal id<=w t:instant``, "cards like X" as :meth:`similar_to`; ``literal`` reads nothing.
        """
        query_list = [queries] if isinstance(queries, str) else list(queries)
        if not 1 <= len(query_list) <= MAX_QUERIES:
            raise ValueError(f"give 1 to {MAX_QUERIES} queries, not {len(query_list)}")
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
        limit, page = max(1, min(_count("limit", limit), MAX_LIMIT)), max(1, _count("page", page))
        readings = [self.read(query, filters, literal=literal) for query in query_list]
        if len(readings) == 1 and readings[0].like and not self._parse(readings[0].query, filters,
                                                                        readings[0].node)[1]:
            result = self.similar_to(readings[0].like, query=readings[0].query, filters=filters, page=page,
                                     limit=limit, include_funny=include_funny, exclude=exclude)
            result.readings, result.notes = readings, [*readings[0].notes, *result.notes]
            return result
        runs = []
        notes: list[str] = [note for reading in readings for note in reading.notes]
        # one regex budget for the whole search: four queries of slow regexes had each had their own (8 to 16 s)
        budget = CpuBudget()
        for reading in readings:
            query, combo_text, combo_tags, combo_leads = reading.query, "", (), None
            if reading.combo:
                query, combo_text, combo_tags, note, combo_leads = self._combo_query(reading)
                notes.append(note)
            named = [*reading.named, *([reading.like] if reading.like else [])]  # "like X" with more words
            if reading.deck and self._type_names_a_function(reading):
                # ("rocks for my urza deck": "rocks", read as t:artifact, is a function, mana rocks, not the
                # commander's artifacts, whose text had ranked Thopter Shop first; "mana rocks" was read so already)
                named = [name for name in named if name not in reading.deck]
            query, named, answered = self._answered_in_place(query, named, reading.typed)
            notes += [f"{name}: read as the card to answer (the results answer it, and leave it out)"
                      for name in answered]
            typed_node = reading.node if query == reading.query else None
            node, text_parts = self._parse(query, filters, typed_node, typed=not reading.chips)
            if _words_or_words(typed_node):
                # ("lightning or bolt" had answered as "lightning bolt", the "or" gone unsaid)
                notes.append("'or' between plain words ranks them together, as words rank (they filter nothing); "
                             "for cards named by either, use name: (name:lightning or name:bolt) or parentheses "
                             "((lightning or bolt))")
            text = ranking.spelled_counts(" ".join([*text_parts, combo_text, self._named_text(named)]).strip())
            if not ranking.words(text) and (held := _common_phrases_held(node)) is not node:
                # ('"a card"', the docs' own free text: its words are all common ones, which rank nothing, and it
                # had found nothing, told it held no English words)
                node, text_parts = held, free_text(held)
                notes.append(f"{' '.join(_common_phrases(node))} holds only common words, which rank nothing: the "
                             "cards holding it (name, type line or rules text), by name")
            read_words = ""
            wordless = not ranking.words(text) and not reading.combo and sort_order(node) is None
            stray = " ".join(text_parts).strip()
            if wordless and stray and stray != reading.typed.strip() and not reading.chips and \
                    not re.search(r"\w", stray):
                # ("t:elf ~", "t:elf 🧝": a sign beside the syntax had been dropped unsaid)
                notes.append(f"{shown(stray)} holds no word or number to search by: left out")
            # "black staples", "broken cards in commander": nothing asked but what most decks play
            staples = wordless and reading.staples and not reading.deck
            if wordless and not staples and not any(chip.kind == "name" for chip in reading.chips):
                # every word was read as a filter ("unblockable creatures in blue"), or all that is left are words
                # such as "cards that" which say nothing of the cards: the words read still say what is
                # wanted, so they rank the cards that pass, choosing no tag ("hard to kill" is not removal);
                # typed syntax alone, and a cycle of cards by their names ("signets"), keep Scryfall's name order
                # (not the words of what is denied: "instants that aren't counterspells" had ranked Stifle first;
                # "lands that enter untapped", denied syntax asked in words that deny nothing, still ranks)
                # (nor the deck's own name: "narset enlightened exile spells" had ranked Enlightened Tutor and
                # Dimensional Exile; with nothing else said, the commander's text ranks, as a bare commander's does)
                deck_words = set(ranking.words(" ".join(reading.deck)))
                text = read_words = " ".join(word.strip(",.;:?!") for chip in reading.chips  # "aggro?" is "aggro"
                                             if not (chip.syntax.startswith("-") and _DENYING.search(chip.words))
                                             for word in chip.words.split()
                                             if not deck_words & set(ranking.words(word)))
                if reading.deck and not ranking.words(text):
                    text, read_words = self._named_text(reading.deck), ""
            named += [reading.combo] if reading.combo else []
            # (a deck's commander is no card for its own deck: "discard outlets for Anje Falkenrath")
            mask, matched = self.filter_mask(node, query, include_funny=include_funny,
                                             exclude=[*exclude, *named, *answered, *reading.deck],
                                             notes=notes if literal or reading.query == reading.typed and
                                             not text_parts else None, budget=budget)
            # (syntax alone, as typed, or --literal: a request's words, read as filters or not, would carry the
            # note on most requests)
            if staples:
                # the Game Changers are no budget's staples ("budget edh staples"), nor pauper's
                cheap = any(note.startswith("budget:") for note in reading.notes) or "pauper" in reading.typed.lower()
                rows, scores = self._staples(mask, notes, changers=not cheap)
                lexical = semantic = np.zeros(len(self.db), dtype=np.int32)
            elif text:
                context = ranking_context(reading.chips)
                own = self._own_functions(reading.like) if reading.like else ()
                named_card = self._named_card(reading, text)
                rows, scores, lexical, semantic = self.rank(text, mask, mode, combo_tags, context, notes,
                                                            choose_tags=not read_words, fallback_tags=own,
                                                            tag_text=" ".join(text_parts), deck=reading.deck,
                                                            named_card=named_card,
                                                            name_words=not reading.chips and not reading.like
                                                            and named_card is None)
                if mode in ("hybrid", "bm25") and not lexical.any() and not reading.chips and not reading.like \
                        and not reading.named and not reading.deck and not combo_tags and named_card is None \
                        and mask.any():  # (where the filters keep no card, no word of one has anything to say)
                    rows, scores = self._words_no_card_holds(text, rows, scores, notes, filtered=bool(matched))
                made = self._deck_colours_made(reading)
                if (shares := self._deck_colour_shares(reading, rows, made)) is not None:
                    scores = scores * shares
                    if reading.deck:  # a commander's deck: a card Commander bans (the Moxen, Mana Crypt) goes last
                        scores = scores * np.where(self._not_in_commander[rows], NOT_LEGAL_SHARE, 1.0)
                    order = np.lexsort((rows, -scores))
                    rows, scores = rows[order], scores[order]
                    rows, scores = self._colours_spread(reading, rows, scores)
                # (not where the words name a need beside it, read as filters: "edric evasive creatures" had led with
                # Consecrated Sphinx, "kykar noncreature spells" with Gamble; the cards doing the need lead)
                if reading.deck and not ranking.words(" ".join(text_parts)) and not reading.combo and \
                        not reading.like and not combo_tags and self._commander_tribe(reading.deck) is None and \
                        all(chip.kind == "colour" for chip in reading.chips):
                    # a commander named alone ("what goes in a Meren deck", "best cards for Korvold"): the cards
                    # most like its text had been all (Puca's Covenant first); its colours' staples take every other
                    # place (see _staples), as a deck is built of both (a tribal commander's deck is its tribe's:
                    # "good cards for a krenko deck" stays goblins)
                    staples, _ = self._staples(mask, notes)
                    rows, scores = _interleaved(staples, rows)
                rows, scores = self._keyword_own_first(reading, rows, scores)
                if read_words:  # every card that passes is an answer: those the words did not rank follow
                    rest = self._by_name(np.setdiff1d(np.flatnonzero(mask), rows))
                    rows, scores = np.concatenate([rows, rest]), np.concatenate([scores, np.zeros(len(rest))])
                    rows, scores = self._fixing_first(made, rows, scores)
                if combo_leads is not None:
                    rows, scores = self._partners_outright_first(combo_leads, rows, scores)
            elif reading.combo:  # a card without rules text says nothing about its partners
                rows, scores = np.zeros(0, dtype=np.int64), np.zeros(0)
                lexical = semantic = np.zeros(len(self.db), dtype=np.int32)
            else:
                # "banned in modern", "mythic rares" on data that cannot say: no answer, rather than every card
                unanswered = not reading.chips and _only_words(node) and \
                    any(NOT_FILTERED in note for note in reading.notes)
                # "🔥", ":::", "ドローする": typed, but holding no word this search reads and no filter: no answer
                # and a note saying why, rather than every card by name
                unread = not reading.chips and not matched and bool(reading.typed.strip())
                if unread:
                    # ("what should i play in my deck" holds English words, none of which says what a card does: it
                    # had been told it held none)
                    # (a common word is English too: "the" had been told it was none, being under five letters)
                    english = any(is_english(word) or not ranking.words(word)
                                  for word in re.findall(r"[a-z]+", fold(reading.typed)))
                    said = "no word of what the cards should do" if english else "no English words"
                    notes.append(f"nothing in {shown(reading.typed)} could be searched: {said} and no Scryfall "
                                 f"syntax; {SAY_WHAT}")
                rows = np.zeros(0, dtype=np.int64) if unanswered or unread else self._by_name(np.flatnonzero(mask))
                scores = np.zeros(len(rows))
                lexical = semantic = np.zeros(len(self.db), dtype=np.int32)
            if (order := sort_order(node)) is not None:  # order: and direction: sort whatever matched
                positions = order_positions(self.filter_index, rows, *order, query=query)
                rows, scores = rows[positions], scores[positions]
            rows, scores = self._front_faces_first(reading, rows, scores)
            rows, scores = self._real_bans_first(reading, rows, scores)
            runs.append((rows, scores, lexical, semantic, matched))
        if mode in ("hybrid", "dense", "late") and self.vectors.missing:
            notes.append(f"{self.vectors.missing} cards have no embedding yet and rank by words only "
                         f"(run: {self.embed_command})")
        rows, scores, lexical, semantic, matched = runs[0] if len(runs) == 1 else _fuse_runs(runs)
        start = (page - 1) * limit
        if not len(rows) and len(readings) == 1 and not literal and (relaxed := self._relaxed(
                readings[0], filters=filters, page=page, limit=limit, mode=mode, include_funny=include_funny,
                exclude=exclude)) is not None:
            relaxed.readings, relaxed.notes = readings, [*notes, *relaxed.notes]
            return relaxed
        if not len(rows):
            empty = self._empty_filter_notes(readings[0].node, readings[0].query, include_funny)
            notes.extend(empty)
            if not empty and len(readings) == 1 and readings[0].chips and not literal and \
                    not any(NOT_FILTERED in note for note in notes):
                # ("shocklands in mono red": each filter finds cards, none finds both, and none may go; it had
                # answered nothing and said nothing)
                notes.append(f"no card is all of what the words read as ({readings[0].syntax})")
        window = rows[start: start + limit].tolist()
        results = [SearchResult(card=card, row=row, rank=start + i + 1, score=float(scores[start + i]),
                                roles=roles, tags=tags, lexical_rank=int(lexical[row]) or None,
                                semantic_rank=int(semantic[row]) or None, matched=tuple(matched))
                   for i, (row, card, (roles, tags)) in enumerate(zip(window, self.db.cards_at(window),
                                                                     self._labels(window), strict=True))]
        return SearchPage(results=results, total=len(rows), page=page, limit=limit, mode=mode, notes=notes,
                          readings=readings)

    def _words_no_card_holds(self, text: str, rows: np.ndarray, scores: np.ndarray, notes: list[str],
                             filtered: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """A request none of whose words any card holds: words no vocabulary here knows either ("xyzzyqwerty")
        find nothing, with a note, rather than the cards nearest in meaning to noise; English words no card uses
        ("<script>alert(1)</script>") keep the answer by meaning alone, and a note says so (of the cards the
        filters keep, where they keep fewer than all: "t:artifact mv<=2 affinity" had said no card holds
        "affinity")."""
        words = re.findall(r"[a-z]+", fold(text))
        if not words:
            return rows, scores
        if not any(is_english(word) or self.reader.speller.knows(word) for word in words):
            notes.append(f"no card, and no English or Magic word, holds {shown(text)}: check the spelling, or "
                         f"{SAY_WHAT}")
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        notes.append(f"no card{' the filters keep' if filtered else ''} holds any word of {shown(text)} in its "
                     "name or rules text: the cards are ranked by meaning alone")
        return rows, scores

    def _empty_filter_notes(self, node: Node | None, query: str, include_funny: bool = False) -> list[str]:
        """When nothing matches, each filter of the query that alone matches no card of the loaded data ("t:dragn",
        "t:scheme"), with the card type nearest a mistyped one: where the query is wrong, not only that it found
        nothing. One evaluator of ``query`` (the text ``node`` was read from) runs them all, so they share the
        query's regex time budget (each had had its own: 124 ``fo:/.*/`` after ``t:zzzz`` took 20 s); a filter
        past that budget has no note."""
        notes = []
        evaluator = Evaluator(self.filter_index, query)
        for part in node.children if isinstance(node, And) else (node,):
            if isinstance(part, ExactName):  # ("!LIGHTNING", "!Lightning Bolts": nothing had said why)
                rows = self.filter_index.exact_names.get(fold(part.name))
                if rows and not include_funny and (self.db.columns.is_funny[list(rows)] == 1).all():
                    notes.append(f'"{shown(part.name)}" is an Un-set (funny) card, which is left out unless asked '
                                 "for (is:funny, or the include-funny option)")
                elif not rows and (whole := unquoted_name(self.db, part.name, query)):
                    # ("!lightning bolt": the name's first word alone had been looked up, the note suggesting
                    # Blightning)
                    notes.append(f'no card is named exactly "{shown(part.name)}": a name of several words goes in '
                                 f"quotes ({exact_name_syntax(whole)})")
                elif not rows:
                    near = " or ".join(exact_name_syntax(name)
                                       for name, _, _ in self.db.names.suggest(part.name, limit=3))
                    notes.append(f'no card is named exactly "{shown(part.name)}"' +
                                 (f" (did you mean {near}?)" if near else ""))
                continue
            if not isinstance(part, Filter) or part.key in DIRECTIVE_KEYS:
                continue
            try:
                matched = evaluator.run(part, np.ones(len(self.db), dtype=bool))
                if matched.any():
                    if not include_funny and not (matched & (self.db.columns.is_funny != 1)).any():
                        # ("tou=1.5": an Un-card's toughness of 1½ only; it had had no note)
                        notes.append(f"{part.raw} matches only Un-set (funny) cards, which are left out unless "
                                     "asked for (is:funny, or the include-funny option)")
                    continue
            except QuerySyntaxError:  # the budget is spent: the answer stands without more notes
                break
            note = f"{part.raw} matches no card in the loaded card data"
            if part.key == "type" and isinstance(part.value, str) and not part.regex and \
                    part.value.lower() in _NON_DECK_TYPE_WORDS:
                note += (" (the card data holds the cards a deck can hold: Vanguard, Plane, Phenomenon, Scheme, "
                         "Dungeon, token and emblem cards are left out when it is built)")
            elif part.key == "type" and isinstance(part.value, str) and not part.regex:
                near = difflib.get_close_matches(part.value.lower(), self._type_words, n=1, cutoff=0.75)
                note += f" (did you mean t:{near[0]}?)" if near else ""
            elif part.key == "keyword" and isinstance(part.value, str):  # ("kw:flyin", "kw:fly": no hint had come)
                words = self._keyword_words
                near = [word for word in words if word.startswith(part.value.lower())][:1] or \
                    difflib.get_close_matches(part.value.lower(), words, n=1, cutoff=0.75)
                if near:  # (a keyword near none, "kw:zzzzz", had raised an IndexError: a traceback)
                    said = f'"{near[0]}"' if " " in near[0] else near[0]  # kw:"first strike"
                    note += f" (did you mean kw:{said}?)"
            notes.append(note)
        return notes

    @cached_property
    def _keyword_words(self) -> list[str]:
        """Every keyword of the loaded cards, lower case, the most held first (for :meth:`_empty_filter_notes`)."""
        counts = Counter(keyword for keywords in self.filter_index.keywords for keyword in keywords)
        return sorted(counts, key=lambda keyword: (-counts[keyword], keyword))

    @cached_property
    def _type_words(self) -> list[str]:
        """Every word of the loaded cards' type lines, lower case (for :meth:`_empty_filter_notes`)."""
        return sorted({word for line in self.db.columns.type_line.tolist()
                       for word in line.lower().replace("—", " ").replace("//", " ").split()})

    def _relaxed(self, reading: Reading, **search) -> SearchPage | None:
        """When no card passes every filter read from a request's words ("cheap cascade spells": no cascade
        instant or sorcery costs 2), the page without one of them, with a note saying which; the least telling
        first (a cost word, a type from "spells", then a keyword or rules text), never the deck's colours, a
        format or what was typed as syntax. ``None`` when dropping one does not help."""
        for kind in RELAXED_KINDS:
            for chip in (chip for chip in reading.chips if chip.kind == kind):
                # the chip's own term, whole: "t:land" is not the tail of a "-t:land" read beside it ("elves nonland
                # lands x" had left "- t:land" behind, and the search had failed on syntax the user never typed)
                term = re.search(rf"(?<![^\s(]){re.escape(chip.syntax)}(?![^\s)])", reading.query)
                if term is None:
                    continue
                query = f"{reading.query[:term.start()]} {reading.query[term.end():]}"
                try:
                    page = self.search(query, literal=True, **search)
                except QuerySyntaxError:
                    continue
                if page.total:  # (the relaxed run is no typed syntax: no note of cards its data cannot decide)
                    page.notes = [*(note for note in page.notes if not note.endswith(_UNDECIDED_FIX)),
                                  f'no card is all of what the words read as; these are without '
                                  f'"{chip.words}" ({chip.syntax})']
                    return page
        return None

    def lookup(self, name: str) -> CardLookup:
        """The card ``name`` names, as :meth:`CardDB.lookup` finds it (exact, a nickname, a confident correction),
        else the card a search reads the whole of ``name`` as ("ragavan": Ragavan, Nimble Pilferer; "sheoldred
        apocalypse"), with its note: what ``grimoire card``, the MCP server and the web page show (a search had
        found Ragavan where the card lookup said no card was named so). Raises
        :class:`~grimoire.cards.names.CardNotFoundError` naming the closest cards."""
        try:
            return self.db.lookup(name)
        except CardNotFoundError:
            if len(name) > MAX_QUERY_LENGTH:
                raise
            try:
                card = self.reader.read(name).card
            except QuerySyntaxError:
                card = None
            if card is None:
                raise
        row = self.db.names.find(card)
        return CardLookup(self.db.card_at(row), NameMatch(name, row, card, exact=False, nickname=True))

    def similar_to(self, name: str, *, query: str = "", filters: Filters | None = None, page: int = 1,
                   limit: int = 20, include_funny: bool = False, exclude: Sequence[str] = ()) -> SearchPage:
        """Cards whose rules text is closest to a given card's (cosine of embeddings), under the same filters."""
        limit, page = max(1, min(_count("limit", limit), MAX_LIMIT)), max(1, _count("page", page))
        row = self.db.names.lookup(name)
        # (the cards are ranked by likeness alone: plain words filter, "draw a card" keeps the cards holding it; they
        # had been dropped unsaid)
        node, _ = self._parse(query, filters, words_filter=True)
        mask, matched = self.filter_mask(node, query, include_funny=include_funny, exclude=exclude)
        mask[row] = False
        if not self.vectors.present[row]:
            raise ValueError(f"{self.db.columns.name[row]} has no embedding yet (run: {self.embed_command})")
        scores = self._like_scores(row, mask)
        ranked = self._ranked(scores, np.flatnonzero(mask & np.isfinite(scores)))
        start = (page - 1) * limit
        window = ranked[start: start + limit].tolist()
        results = [SearchResult(card=card, row=r, rank=start + i + 1, score=float(scores[r]), roles=roles,
                                tags=tags, semantic_rank=start + i + 1, matched=tuple(matched))
                   for i, (r, card, (roles, tags)) in enumerate(zip(window, self.db.cards_at(window),
                                                                   self._labels(window), strict=True))]
        notes = self._empty_filter_notes(node, query, include_funny) if not mask.any() and node is not None else []
        return SearchPage(results=results, total=int(mask.sum()), page=page, limit=limit, mode="dense", notes=notes)

    def _like_scores(self, row: int, mask: np.ndarray | None = None) -> np.ndarray:
        """How like card ``row`` each card is: the cosine of their embeddings and, at :data:`LIKE_TAG_SHARE`, of
        their function tags, less :data:`LIKE_COST_SHARE` per mana of mana value apart, plus :data:`LIKE_COLOUR_SHARE`
        for its colour identity (-inf for a card not embedded). Where the filters (``mask``) hold no card of
        ``row``'s colour identity (it is asked for in another colour), a card sharing none of its tags instead loses
        :data:`LIKE_UNSHARED_COST`."""
        tags = self._tag_cosines(row)
        scores = self.vectors.cosines(self.vectors.of(row)) + LIKE_TAG_SHARE * tags
        identity = self.db.columns.color_identity
        if self.tag_strengths[row].any() and mask is not None and not (identity[mask] == identity[row]).any():
            scores = scores - LIKE_UNSHARED_COST * (tags <= 0)  # only worded like it, in the other colour
            # where every card kept has the colours asked for, each colour beyond them costs LIKE_COLOUR_SHARE, as a
            # deck of those colours plays it less ("something like bob in white", c:w, which a three-colour card
            # passes too: Cabaretti Ascendancy had led)
            asked = int(np.bitwise_and.reduce(identity[mask])) if mask.any() else 0
            if asked:
                scores = scores - LIKE_COLOUR_SHARE * popcount(identity & ~np.asarray(asked, dtype=identity.dtype))
        else:  # its own colours first among cards worded alike (Shock before Hornet Sting for Lightning Bolt)
            scores = scores + LIKE_COLOUR_SHARE * (identity == identity[row])
        mana_value = self._mana_values
        if not np.isnan(mana_value[row]):  # (a card whose mana value is unknown is half the gap apart)
            gap = np.minimum(np.abs(mana_value - mana_value[row]), LIKE_COST_GAP)
            scores = scores - LIKE_COST_SHARE * np.where(np.isnan(gap), LIKE_COST_GAP / 2, gap)
        damage = self._damage_dealt
        if not np.isnan(damage[row]):
            apart = np.minimum(np.abs(damage - damage[row]), LIKE_DAMAGE_GAP)
            scores = scores - LIKE_DAMAGE_SHARE * np.nan_to_num(apart, nan=0.0)
        # a card no deck holds (a Conspiracy, an ante card, one legal in no format: the oversized Garruk the Slayer)
        # is no alternative to one decks hold: "cheaper Path to Exile", whose mv<1 keeps few real cards, had been
        # filled with them (Sovereign's Realm third); a card alike to such a card asks for its kind
        unplayable = self._never_playable | self._banned_by_kind
        if not unplayable[row]:
            scores = scores - LIKE_UNPLAYABLE_COST * unplayable
        if self.vectors.missing:
            scores[~self.vectors.present] = -np.inf
        return scores

    @cached_property
    def _damage_dealt(self) -> np.ndarray:
        """The damage each card's text first says it deals, as a number (NaN where it names none, or X)."""
        dealt = (damage_dealt(text) for text in self.db.columns.oracle_text)
        return np.array([np.nan if amount is None else amount for amount in dealt], dtype=np.float32)

    @cached_property
    def _mana_values(self) -> np.ndarray:
        return _mana_value_at_least(self.db)

    @cached_property
    def _tag_norms(self) -> np.ndarray:
        norms = np.linalg.norm(self.tag_strengths.astype(np.float32), axis=1)
        return np.where(norms > 0, norms, 1.0).astype(np.float32)

    def _tag_cosines(self, row: int) -> np.ndarray:
        """The cosine of every card's function tag strengths with ``row``'s (0 where either has none)."""
        strengths = self.tag_strengths
        own = strengths[row].astype(np.float32)
        if not own.any():
            return np.zeros(len(strengths), dtype=np.float32)
        nonzero = np.flatnonzero(own)  # a card has few tags: only their columns count
        dots = strengths[:, nonzero].astype(np.float32) @ own[nonzero]
        return dots / (self._tag_norms * self._tag_norms[row])


def _common_phrases_held(node: Node | None) -> Node | None:
    """``node`` with each quoted phrase of common words alone at its top (``"a card"``, ``"of the"``), which ranks
    nothing, made a filter: the cards holding the phrase anywhere (name, type line, rules text); ``node`` itself
    where it has none."""
    if isinstance(node, Text) and node.phrase and re.search(r"[^\W\d_]", node.text) and not ranking.words(node.text):
        return Filter("text", ":", node.text.lower(), node.position, f'"{node.text}"')
    if isinstance(node, And):
        children = tuple(_common_phrases_held(child) for child in node.children)
        if any(new is not old for new, old in zip(children, node.children, strict=True)):
            return And(children)
    return node


def _common_phrases(node: Node | None) -> list[str]:
    """The phrases :func:`_common_phrases_held` made filters, as typed (``"a card"``)."""
    if isinstance(node, Filter) and node.key == "text" and node.raw.startswith('"'):
        return [node.raw]
    return [raw for child in node.children for raw in _common_phrases(child)] if isinstance(node, And) else []


def _interleaved(first: np.ndarray, second: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows taken in turn from ``first`` and ``second`` (``first`` leading), each row once, with scores falling by
    place (1, 1/2, 1/3, ...)."""
    taken = dict.fromkeys(chain.from_iterable(zip_longest(first.tolist(), second.tolist())))
    order = np.array([row for row in taken if row is not None], dtype=np.int64)
    return order, 1.0 / np.arange(1, len(order) + 1)


def _mana_value_at_least(db: CardDB) -> np.ndarray:
    """Each card's mana value; where it is unknown (a split card whose second half the data lacks), the halves it
    has, a lower bound, rather than none: Knowing // Half the Battle costs at least five, not an average three."""
    mana_value = db.columns.mana_value.copy()
    unknown = np.flatnonzero(np.isnan(mana_value)).tolist()
    for row, costs in zip(unknown, db.columns.face_values("mana_cost", unknown), strict=True):
        known = [cost_value(cost) for cost in costs if cost]
        if known:
            mana_value[row] = sum(known)
    return mana_value


# a deck named by its tribe alone: "for an elf deck", "my zombie deck", "dragon tribal", "elves decks"
_TRIBAL_DECK = re.compile(r"(?:\b(?:for|in|to|of) )?(?:\b(?:an?|my|the|our) )?\b([a-z]+) "
                          r"(?:tribal(?: decks?)?|decks?|edh|commander decks?|lists?|builds?|payoffs?|synergy|"
                          r"support|staples|package)\b")  # "human payoffs": the cards that name Humans as yours


def _loose(name: str) -> str:
    """A name as typed without its apostrophes and commas, hyphens as spaces."""
    return " ".join(fold(name).replace("'", "").replace(",", "").replace("-", " ").split())


def _tribe_note(tribe: str, which: str) -> str:
    """What the user is told when a deck's tribe orders the cards (``which`` of them come first)."""
    kind = tribe.capitalize()
    return (f"read as {'an' if kind[0] in 'AEIOU' else 'a'} {kind} deck: {which} of type {kind} or naming the type "
            f"as yours come first")


def _theme_note(text: str, chosen: Sequence[ranking.TagMatch]) -> str:
    """What the user is told when a request's deck theme was read apart from the function it asks for."""
    themed = [m.name for m in chosen if m.by == "theme"]
    split = ranking.theme_split(text) if themed else None
    if split is None:
        return ""
    asked = ", ".join(m.name for m in chosen if m.by in ("words", "meaning"))
    read = "what is to be beaten" if ranking.complains(split[1]) else "the deck's theme"
    return (f'"{split[1]}" read as {read}, not the function asked for: ranked as {asked}, '
            f"with {', '.join(themed)} only lifting the cards that fit it")


def _mentions_funny(node: Node | None) -> bool:
    """Whether a query asks about the Un-cards (``is:funny``, ``-is:funny``) or for every card
    (``include:extras``, which Scryfall says reveals absolutely every card), so that they are not left out."""
    if isinstance(node, Filter):
        return node.key in ("is", "not") and node.value == "funny" or node.key == "include"
    if isinstance(node, Not):
        return _mentions_funny(node.child)
    if isinstance(node, And):
        return any(_mentions_funny(child) for child in node.children)
    return hasattr(node, "children") and any(_mentions_funny(child) for child in node.children)


def _fuse_runs(runs):
    """Reciprocal-rank fusion of several queries' ranked lists (ranker ranks: the best over the queries)."""
    size = len(runs[0][2])
    fused = np.zeros(size, dtype=np.float64)
    lexical = np.zeros(size, dtype=np.int32)
    semantic = np.zeros(size, dtype=np.int32)
    matched: list[str] = []
    for rows, scores, lex, sem, run_matched in runs:
        # A query with no words left (all read as filters) only widens the set: its cards, in name order, come
        # after every card the other queries rank.
        weight = 1.0 if scores.any() else 1e-6
        fused[rows] += weight / (RRF_K + np.arange(1, len(rows) + 1))
        for source, target in ((lex, lexical), (sem, semantic)):
            better = (source > 0) & ((target == 0) | (source < target))
            target[better] = source[better]
        matched.extend(m for m in run_matched if m not in matched)
    rows = np.flatnonzero(fused > 0)
    order = np.lexsort((rows, -fused[rows]))
    return rows[order], fused[rows[order]], lexical, semantic, matched


__all__ = ["ColorValue", "Filters", "SearchEngine", "SearchPage", "SearchResult"]


_EFFECTS_AFTER = re.compile(r" (?:effects?|style(?: effects?| cards?)?)$", re.IGNORECASE)


def _only_words(node: Node | None) -> bool:
    """Whether a parsed query holds bare words only, no filter."""
    return node is None or isinstance(node, Text) or isinstance(node, And) and all(isinstance(child, Text)
                                                                                   for child in node.children)


def _words_or_words(node: Node | None) -> bool:
    """Whether a query's top level joins plain words with "or" outside parentheses ("lightning or bolt")."""
    parts = node.children if isinstance(node, And) else (node,)
    return any(isinstance(part, Or) and not part.grouped and sum(isinstance(child, Text) for child in part.children)
               >= 2 for part in parts)


def _sentence(text: str, found: re.Match) -> str:
    """The sentence of ``text`` (up to a full stop or a line's end) that holds ``found``."""
    start = max(text.rfind(".", 0, found.start()), text.rfind("\n", 0, found.start())) + 1
    ends = [end for end in (text.find(".", found.end()), text.find("\n", found.end())) if end >= 0]
    return text[start:min(ends, default=len(text))]


def _moved_last(rows: np.ndarray, scores: np.ndarray, last: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``rows`` and their ``scores`` with the rows ``last`` marks after the others, each part in its order."""
    if not last.any():
        return rows, scores
    order = np.argsort(last, kind="stable")
    return rows[order], scores[order]
