"""Reading player words as filters: "white removal instant" is read as ``id<=w t:instant`` and ranks by "removal".

Each rule turns words a strong player uses for a hard constraint (colours, card types, mana value, formats, power
and toughness, "for my Atraxa deck", "cards like X", "X but cheaper") into Scryfall syntax, shown as chips (words
-> syntax). Card names and quoted phrases are never read; explicit syntax and structured filters win.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import combinations

from grimoire.cards.model import FORMATS
from grimoire.cards.names import CardNotFoundError, NameMatch, fold
from grimoire.cards.nicknames import EVERYDAY, NICKNAMES
from grimoire.cards.store import CardDB
from grimoire.search.filters import TAG_FAMILIES
from grimoire.search.literals import finder, required_parts
from grimoire.search.query import (
    CARD_KEYS,
    COLOR_NAMES,
    MAX_QUERY_LENGTH,
    And,
    ExactName,
    Filter,
    Node,
    Not,
    Or,
    QuerySyntaxError,
    Text,
    exact_name_syntax,
    parse,
    plain_forms,
)
from grimoire.search.slang import BEATEN_BY, LOSES_TO, THEIRS_BY_PLACE, answers_what_follows, complains_of_a_card
from grimoire.search.spelling import (
    MAX_LOOKUPS,
    MIN_LENGTH,
    PLAYER_WORDS,
    SHORT_TYPOS,
    SWAP_LENGTH,
    Speller,
    english_words,
    is_english,
    is_rare_english,
    is_uncommon_english,
    transpositions,
)
from grimoire.search.tags import NUMBER_WORDS, TAG_INDEX, TAG_NAMES, TAG_PARENTS, TAGS

MAX_NAME_WORDS = 8
# What a note says of words asking for what the loaded card data cannot tell (a format's legality, rarity)
NOT_FILTERED = "so it was not filtered"
MAX_SHARED_NAMES = 40  # a one-word request beginning more names than this is read as words (a set: "innistrad")
_WUBRG = "wubrg"


def _either(words) -> str:
    """A regex alternation of ``words``, longest first: a regex takes the first alternative that matches, so "flash"
    before "flashback" would stop "with flashback" at "with flash"."""
    return "|".join(sorted(words, key=len, reverse=True))


# The kinds of constraint a reading can add, keyed by the query keys that, written explicitly, win over it.
KIND_OF_KEY = {"color": "colour", "identity": "colour", "type": "type", "mv": "mv", "format": "format",
               "power": "power", "toughness": "toughness", "mana": "mana"}

_NUMBER_WORDS = {"zero": 0, **NUMBER_WORDS}
_NUMBER = r"(\d{1,2}|zero|one|two|three|four|five|six|seven|eight|nine|ten)"
_MANA = r"(?:[- ]?(?:mana|cmc|mv|mana value|drops?|cost(?! (?:reduc\w*|less|more)\b)))"
_SINGLE_COLORS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
# Guilds, shards and wedges; the four-colour names ("chaos", "growth", "witch") are everyday words in a request, so
# they are syntax only (``id:growth``).
_GROUPS = {name: letters.lower() for name, letters in COLOR_NAMES.items()
           if name not in _SINGLE_COLORS and name not in ("colorless", "wubrg", "rainbow", "fivecolor")
           and len(letters) < 4} | {"orzo": "wb"}  # (players' "orzo" for Orzhov)
_COLOR_WORD = r"(?:white|blue|black|red|green)"
_COLOR_LIST = rf"{_COLOR_WORD}(?:(?:,? and |,? or | ?/ ?|-| |, ){_COLOR_WORD})*"
_FOUR_COLOR = ("id=chaos", "id=aggression", "id=altruism", "id=growth", "id=artifice")

# Words that make the next colour or type word the object of an action ("destroy artifacts", "protection from
# red"), not the kind of card asked for.
_OBJECT_MARKERS = frozenset({
    "destroy", "destroys", "exile", "exiles", "kill", "kills", "steal", "steals", "counter", "counters", "target",
    "replay", "replays", "replaying", "recasting",  # "replay lands out of my yard"
    "remove", "removes", "removing", "wipe", "wipes",
    "make", "makes", "create", "creates", "copy", "copies", "return", "returns", "sacrifice", "sacrifices",
    "protect", "protects", "untap", "untaps", "tap", "taps", "bounce", "bounces", "hit", "hits", "against",
    "from", "vs", "versus", "all", "each", "other", "opponent's", "opponents'", "their", "enemy", "my", "your", "per",
    "off", "of", "to", "into", "onto", "with", "without", "for", "about", "tutor", "fetch", "find", "search",
    "reanimate",
    "cast", "casting", "play", "playing", "pump", "buff", "animate", "give", "gives", "more", "extra", "matter",
    "add", "adds", "produce", "produces", "enchanted", "equipped", "attacking", "blocking", "tapped", "untapped",
    "drawing", "drew",  # "i keep drawing lands": what the player draws, not the kind of card asked for
    "nontoken", "another", "dies", "die", "on", "at", "recur", "recurs", "recurring", "revive", "revives", "back",
    "stop", "stops", "prevent", "prevents", "redirect", "redirects",  # "redirect a spell": whose target changes
    # "answer a big threat", "handle huge creatures", "beat big blockers": what is answered, not what is asked for
    "answer", "answers", "answering", "handle", "handles", "handling", "beat", "beats", "beating",
    # "keep a creature from untapping", "turn their creature into a frog", "swap a creature's power and toughness"
    "keep", "keeps", "lock", "locks", "freeze", "freezes", "turn", "turns", "transform", "transforms", "swap",
    "swaps", "switch", "switches", "send", "sends", "shrink", "shrinks", "eat", "eats", "fight", "fights",
    "grab", "grabs", "pull", "pulls",  # "grab a creature from my library"
    # "lock down a creature", "shut down artifacts"; "blow up every artifact" ("up" is skipped as in "up to")
    "down", "blow", "blows", "blowing",
    "punish", "punishes", "punishing",  # "punish nonbasic lands": what is punished
    "silence", "silences", "banish", "banishes",  # other card games' words ("silence a creature", "banish a monster")
    "get", "gets", "bring", "brings",  # "get a creature back", "bring an artifact back"
    # "care about sacrificing artifacts", "good at destroying enchantments"
    "sacrificing", "destroying", "exiling", "killing", "stealing", "copying", "returning", "bouncing",
    "tutoring", "protecting", "untapping", "tapping", "targeting",
    "throw", "throws", "fling", "flings",  # "throw a creature at someone's face"
    "cheat", "cheats", "cheating", "sneak", "sneaks", "sneaking",  # "cheat big creatures out of my hand"
    "put", "puts", "putting",  # "put a land from my hand onto the battlefield"
    "opponents", "opponent", "opps",  # "steal an opponents planeswalker": the apostrophe left out
    # players' verbs: "sac a creature to draw", "sac a land to ramp", "tuck a commander", "ping a creature"
    "sac", "sacs", "saccing", "sacced", "tuck", "tucks", "tucking", "ping", "pings", "pinging",
    # "shoot a creature for 3", "zap a flyer", "borrow a creature for a turn"
    "shoot", "shoots", "zap", "zaps", "snipe", "snipes", "nuke", "nukes", "murder", "murders", "borrow", "borrows",
    "torch", "torches", "sack", "sacks", "snag", "snags", "yank", "yanks",
    "shuffle", "shuffles",  # "shuffle a creature into its owner's library"
    "force", "forces", "forcing",  # "force every creature to attack"
    # "gain life every time a creature enters", "whenever a creature dies": what triggers the card
    "whenever", "time", "when",
    # "steal someone's creature", "on top of its owner's deck": whose it is, so not the card itself
    "someone's", "someones", "somebody's", "owner's", "owners", "its", "his", "her",
    # "stick a creature on top", "reduce a creature to 0 power", "trade away a land", "recast an instant", "make a
    # permanent become a plain artifact"
    "stick", "sticks", "reduce", "reduces", "trade", "trades", "recast", "recasts", "become", "becomes",
    "away",  # "trade away a land", "give away a creature"
})
# Players' verbs that also name a kind of card before a noun ("blink spells", "flicker creatures"): what the card
# acts on only past an article ("blink a creature", "flicker the creature", "blink one of my creatures")
# verbs that also name a kind of card ("burn spells", "blink creatures"): what follows is acted on only after an article
# ("burn every creature on the board", "blink a white creature")
_VERBS_ALSO_KINDS = frozenset({"blink", "blinks", "blinking", "flicker", "flickers", "flickering", "burn", "burns",
                               "ping", "pings", "zap", "zaps"})
_ARTICLES = frozenset({"a", "an", "the", "one", "another", "each", "all", "any", "every"})
# Words after a type word that make it the subject of rules text ("creatures you control get +1/+1", "target
# creature gets", "creature cards"), not the kind of card asked for.
_RULES_TEXT_FOLLOWERS = frozenset({
    "you", "your", "an", "opponents", "get", "gets", "gain", "gains", "have", "has", "can't", "cannot", "can",
    "deal", "deals", "die", "dies", "enter", "enters", "attack", "attacks", "block", "blocks", "card", "cards",
    "token", "tokens", "become", "becomes", "is", "are", "with", "without", "of", "cant", "wont", "lose", "loses",
    "must",  # "creatures must attack if able": what the card makes creatures do
})
_DETERMINERS = frozenset({"a", "an", "any", "another", "one", "whatever", "two", "three", "up", "specific", "single",
                          "each", "every", "all", "nonland", "noncreature", "opposing", "own", "the", "some",
                          "additional", "basic", "nonbasic", "snow",
                          "something", "anything", "everything"})  # "kill something big": what is killed is big
# "which creatures can", "what equipment is good for voltron", "which vampires gain life": what is asked of them
_ASKED_OF = frozenset({"can", "have", "has", "get", "gets", "gain", "gains", "deal", "deals", "is", "are"})
# Words after "spells" that make them what the card acts on ("spells you cast cost {1} less", "spells your
# opponents cast"), not instants and sorceries asked for.
_SPELL_OBJECT_FOLLOWERS = frozenset({"you", "your", "an", "opponents", "cost", "costs", "cast", "with", "of"})
# Words that open a clause about what the card does; a type word after them is what it acts on.
_CLAUSE_WORDS = frozenset({"that", "which", "who", "to", "with", "against", "from", "of", "into", "onto", "for",
                           "when", "whenever", "if", "than", "vs", "versus", "without"})
# Nouns after a type word that make it an object: "creature removal", "artifact hate", "land destruction".
_OBJECT_NOUNS = frozenset({
    "removal", "destruction", "hate", "tutor", "tutors", "recursion", "protection", "wipe", "wipes", "sweeper",
    "sweepers", "theft", "matters", "matter", "token", "tokens", "synergy", "synergies", "payoff", "payoffs",
    "deck", "decks", "speed", "type", "types", "count", "counts", "drop", "drops", "reanimation",
    "sacrifice", "lord", "lords", "tribal", "control", "steal", "kill", "death", "deaths",
    "destroy", "bounce", "copy", "doubler", "doublers", "damage", "tax", "zone", "mana", "support", "hoser",
    "hosers",
    "commander", "commanders",  # "equipment commanders" lead an Equipment deck; few are Equipment
    "heavy",  # "my playgroup is creature heavy", "my artifact heavy deck": what the deck or table is full of
    # what is done to them ("spell limiting stax", "creature stealing cards": Augustin's deck had been read instants
    # and sorceries, the thieves creatures)
    "limiting", "stealing", "destroying", "killing", "exiling", "copying", "bouncing", "countering", "tutoring",
    "taxing", "punishing", "stopping", "blinking", "flickering", "reanimating", "recurring", "untapping",
})
_TYPE_WORDS = {
    "instant": "instant", "instants": "instant", "sorcery": "sorcery", "sorceries": "sorcery",
    "creature": "creature", "creatures": "creature", "artifact": "artifact", "artifacts": "artifact",
    "enchantment": "enchantment", "enchantments": "enchantment", "land": "land", "lands": "land",
    "planeswalker": "planeswalker", "planeswalkers": "planeswalker", "walker": "planeswalker",
    "walkers": "planeswalker", "pw": "planeswalker", "pws": "planeswalker",  # chat's short form
    "equipment": "equipment", "equipments": "equipment", "aura": "aura",
    "auras": "aura", "legendary": "legendary", "legend": "legendary", "legends": "legendary", "saga": "saga",
    "sagas": "saga", "vehicle": "vehicle", "vehicles": "vehicle", "battle": "battle", "battles": "battle",
    "background": "background", "backgrounds": "background", "shrine": "shrine", "shrines": "shrine", "snow": "snow",
    "curse": "curse", "curses": "curse",
}
# Player nouns that name a card type with a function: the type is a filter, the function words still rank.
_TYPED_NOUNS = {"rock": "artifact", "rocks": "artifact", "dork": "creature", "dorks": "creature", "lord": "creature",
                "lords": "creature", "hatebear": "creature", "hatebears": "creature", "tapland": "land",
                "taplands": "land"}
_RULES_WORD = re.compile(r"[a-z]+")
_LOWER_CASE_WORD = re.compile(r"(?<![A-Za-z])[a-z]+(?![A-Za-z])")
_POWER_TOUGHNESS = re.compile(r"[-+]?[0-9x*]+/[-+]?[0-9x*]+")
# Words that may stand before a card's name in a request ("some vindicate effects"); "" is the query's start.
_BEFORE_A_NAME = frozenset({"", "me", "more", "other", "good", "best", "cheap", "cheaper", "budget", "some", "any"})
# One-word tag names and phrasings ("fog", "blink", "wheel"): "fog effects" asks for the tag, not cards like Fog.
_TAG_WORDS = frozenset(TAG_NAMES) | {p for tag in TAGS for p in tag.phrasings if " " not in p}
_ALWAYS_READ_FORMATS = ("pauper", "legacy", "vintage", "modern", "pioneer", "premodern", "oldschool", "oathbreaker",
                        "gladiator", "pdh", "penny dreadful", "duel commander", "canadian highlander",
                        "old school(?: 93/94)?")
_FORMAT_ALIASES = {"edh": "commander", "cedh": "commander", "cmdr": "commander", "pedh": "paupercommander",
                   "pauper commander": "paupercommander", "pauper edh": "paupercommander", "pdh": "paupercommander",
                   "penny dreadful": "penny", "duel commander": "duel", "old school": "oldschool",
                   "old school 93/94": "oldschool"}
# Words after which a chat "4" is "for" ("2 drops 4 aggro", "tokens 4 my deck"), never a number of anything
_AFTER_A_CHAT_FOR = frozenset({"my", "a", "an", "the", "aggro", "mono", "commander", "edh", "cedh", "control", "combo",
                               "voltron", "any", "every", "our", "me", "this", "that", "cheap", "budget"})
# A question about one card ("what does X do", "is X banned in commander", "can i run X in edh"): the card answers it
_CARD_QUESTION_BEFORE = re.compile(r"(?:what|how) (?:does|do|is|are)|how much (?:does|do|is)|"
                                   r"what (?:colou?r|type|set|rarity|cmc|mana value) (?:is|are|does)|what'?s|how'?s|"
                                   r"explain|tell me about|show me|look up|lookup|is|are|"
                                   r"(can|may|could|should|would) (?:i|we|you) (?:play|run|use)")
# (what else a question about the card asks of it: "how much does craterhoof cost", "what set is X from",
# "thassa's oracle text", "is dockside still legal")
_CARD_QUESTION_AFTER = re.compile(r"(?:do|does|work|works|say|says|mean|means|(?:still )?(banned|legal|allowed|ok|"
                                  r"okay|playable)|any good|good|rules|rulings|oracle text|text|cost|costs|from|price|"
                                  r"prices)?(?: ?(?:in|for) "
                                  rf"({_either([*FORMATS, *_FORMAT_ALIASES])}))?")
_NO_OPENER = re.fullmatch(r"(x)?", "")  # a question with no word before the card's name: group 1 is None
_ASKED_OF_THE_CARD = frozenset({"text", "oracle text", "rules", "rulings", "price", "prices"})  # "X text"
# A request that is only card names and what joins them ("sol ring and mana crypt", "swords or path to exile?",
# "is smothering tithe better than rhystic study"): the words around the names and between them
_LIST_OPENER = re.compile(r"(?:compare|comparing|which (?:one )?is better|what'?s better|whats better|is|should i "
                          r"(?:play|run)|do i (?:play|run)|show me)\b[:,]?\s*", re.IGNORECASE)
_LIST_CLOSER = re.compile(rf"\s*(?:,?\s*(?:in|for) (?:{_either([*FORMATS, *_FORMAT_ALIASES])}))?\s*(?:,?\s*"
                          r"(?:which (?:one )?is better|which one|which|what'?s better))?[\s?!.]*$", re.IGNORECASE)
_LIST_JOINERS = frozenset({",", "and", "or", "vs", "vs.", "versus", "v", "v.", "/", "&", "+", "than", "over"})
_LIST_TOKEN = re.compile(r"[^\s,/&+]+|[,/&+]")
_LEGALITY_SAID = {0: "not legal", 1: "legal", 2: "restricted", 3: "banned"}
_DOES_TRIGGERS = ("do what", "does what", "that do what", "that does what")  # "cards that do what X does"
_TRIGGERS_LIKE = frozenset({"cards like", "card like", "something like", "stuff like", "similar to", "cards similar to",
                  "alternatives to", "alternative to", "alternatives for", "replacement for", "replacements for",
                  "budget alternatives to", "budget alternative to", "budget version of", "budget versions of",
                  "budget replacement for", "budget replacements for", "budget alternatives for",
                  "cheaper version of", "cheaper versions of", "versions of", "version of", "better than",
                  "upgrades for", "upgrade for", "upgrades to", "upgrade to", "budget", "like", "instead of",
                  "cheaper", "a cheaper",
                  # "what replaces mana crypt", "upgrade from mind stone", "a worse sol ring", "strictly better X"
                  "replaces", "replace", "replacing", "to replace", "upgrade from", "upgrades from", "upgrading from",
                  "a better", "a worse", "strictly better", "strictly worse", "better version of", "better versions of",
                  "worse version of", "worse versions of", "a better version of", "a worse version of",
                  # "backup Thassa's Oracle", "a second Doubling Season", "poor man's Cyclonic Rift", "cards that do
                  # the same thing as Phyrexian Altar": more cards doing the named card's job (they had read the
                  # card itself, which the answer then left out, beside the other words)
                  "backup", "a backup", "backups for", "backup for", "second", "a second", "poor man's", "poor mans",
                  "same thing as", "the same thing as", "same effect as", "the same effect as", "more copies of",
                  *_DOES_TRIGGERS})
# "X but cheaper", "cheaper version of X", "a cheaper X": similar, with a lower mana value than X's.
_CHEAPER_TRIGGERS = ("cheaper version of", "cheaper versions of", "cheaper", "a cheaper")
# "better than Shock", "strictly better X": doing X's job at X's mana value or less (a dearer card doing more is
# not what a player means by better: "better than Shock" had ranked Volcanic Geyser and Open Fire's kin)
_BETTER_TRIGGERS = ("better than", "strictly better", "a better", "better version of", "better versions of",
                    "a better version of")
_FILLER = frozenset({"cards", "card", "ones", "spells", "stuff", "things", "anything", "something", "colors",
                     "colours", "color", "colour"})
_CARD_FUNCTIONS = frozenset({"draw", "advantage", "selection", "filtering"})  # "card draw" is a function
# "infinite combo with X", "combo pieces for X", "X combos", "what wins with X": a name there asks for X's combo
# partners.
_COMBO_BEFORE = re.compile(r"(?:(?:infinite|two[- ]card|cards? that|what) )?(?:combo pieces|combo partners|combo cards|"
                           r"combos?|goes infinite|go infinite|infinite|wins?|win the game) (?:with|for|using)"
                           r"(?: my)?$")
# ("dramatic reversal infinite mana": what goes infinite with the card named before)
_COMBO_AFTER = re.compile(r"(?:infinite )?(?:combo pieces|combo partners|combos?)\b|infinite(?: mana| loops?)?\b")
# "synergy with Blood Artist", "what works with Panharmonicon", "payoffs for Impact Tremors", "good with skullclamp",
# "Doubling Season synergy": a card's partners asked as what works with it (a commander's name asks for its deck)
_WORKS_WITH = r"synerg\w*|(?:works?|plays?|goes?|go|pairs?|fits?|combines?)(?: well| nicely| great| best| good)?|" \
    r"good|great|best"  # ("synergy", "works well", "good" ... before "with")
_SYNERGY_BEFORE = re.compile(
    rf"(?:{_WORKS_WITH}|cards?|(?:to )?(?:go|pair|run|play))(?: together)? with$|"
    r"(?:payoffs?|support|enablers?|fodder|food) for$|\b(?:that|which) (?:like|love|abuse|exploit|break)$")
_SYNERGY_AFTER = re.compile(r"(?:synerg\w*|payoffs?|enablers?|fodder|support)\b")
# the cues that make a lower-case word a card's name ("good with skullclamp"; not "cards with taunt", a keyword's)
_SYNERGY_CUE = re.compile(rf"(?:{_WORKS_WITH}) with$|(?:payoffs?|support|enablers?) for$")


@dataclass(frozen=True)
class Chip:
    """Words of the query read as a filter: ``words`` as typed, ``syntax`` the Scryfall syntax they stand for."""

    words: str
    syntax: str
    kind: str


@dataclass(frozen=True)
class Reading:
    """What the words of one query were read as; ``query`` is the query that runs (left words plus chips)."""

    typed: str
    query: str
    chips: tuple[Chip, ...] = ()
    like: str | None = None
    named: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    combo: str | None = None
    node: Node | None = field(default=None, compare=False, repr=False)  # ``query`` parsed, if no words were taken
    deck: tuple[str, ...] = ()  # the commander(s) a "for my X deck" names
    staples: bool = False  # the request asks for staples, the cards most decks play ("black staples")
    synergy: bool = False  # ``combo`` was asked as the cards that work with it, not as a combo's partners
    card: str | None = None  # the card the whole request names by a short name or a typo ("ragavan", "rhystic studdy")

    @property
    def syntax(self) -> str:
        """The chips as one line of Scryfall syntax, e.g. ``id<=w t:instant``."""
        return " ".join(chip.syntax for chip in self.chips)

    def line(self) -> str:
        """The line shown to the user: ``read as: id<=w t:instant`` (and the card a "like" query is about)."""
        parts = [chip.syntax for chip in self.chips] + [f"!\"{name}\"" for name in self.named]
        return "read as: " + " ".join(parts) if parts else ""

    def as_json(self) -> dict:
        # (the query runs with the words read blanked where they stood: shown without the blanks it opens or ends with)
        return {"typed": self.typed, "query": self.query.strip(), "syntax": self.syntax, "like": self.like,
                "combo": self.combo, "named": list(self.named), "notes": list(self.notes),
                "chips": [{"words": c.words, "syntax": c.syntax, "kind": c.kind} for c in self.chips]}


@dataclass
class _Word:
    text: str
    start: int
    end: int
    lower: str = ""
    used: bool = False
    protected: bool = False
    corrected: bool = False  # ``lower`` is what the word was read as (a typo's word, "+1/+1 counters")

    def __post_init__(self) -> None:
        self.lower = self.text.lower().strip(",.;:?!")


@dataclass
class _State:
    words: list[_Word]
    chips: list[Chip] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    like: int | None = None
    like_end: int = 0  # the word after the name a similar-cards request names ("cyclonic rift| in white")
    combo: int | None = None
    named: list[int] = field(default_factory=list)
    misspelt: int | None = None  # the card a whole query names with a typo
    deck: list[int] = field(default_factory=list)  # the commander(s) a "for my X deck" names
    # the words (first, end) of what a complaint says beats the player ("artifacts keep beating me")
    complained: tuple[int, int] | None = None
    typed: str = ""  # the query as typed, where the words' positions point (prose "and"/"or" are not words)
    staples: bool = False
    synergy: bool = False  # the partners of :attr:`combo` asked as what works with it ("synergy with Blood Artist")
    deck_chip: Chip | None = None  # the chip of the deck's colours, which a partner commander joins
    typed_creature: bool = False  # the query's own syntax asks for creatures (``t:creature``, ``t:elf``)
    deck_first: int = 0  # the chip's first word
    seen: str | None = None  # the words as read, joined (see _matches), until a word is read as another

    @cached_property
    def joined(self) -> bool:
        """Whether the typed request holds a prose "and" or "or", which is no word (the query language's)."""
        lowered = f" {self.typed.lower()} "
        return " and " in lowered or " or " in lowered

    def free(self, index: int) -> bool:
        return 0 <= index < len(self.words) and not self.words[index].used and not self.words[index].protected

    def take(self, start: int, stop: int, syntax: str, kind: str, *, still_ranks: bool = False) -> None:
        """Read words ``start`` to ``stop`` as ``syntax``; with ``still_ranks`` they rank as words too, and no other
        rule reads them ("flying tokens", "cost reducers for artifacts", "that deal 4 damage")."""
        for word in self.words[start:stop]:
            if still_ranks:
                word.protected = True
            else:
                word.used = True
        self.chips.append(Chip(self.span(start, stop), syntax, kind))

    def span(self, start: int, stop: int) -> str:
        """Words ``start`` to ``stop`` as typed, prose "and"/"or" between them included ("with lifelink and
        flying"), so a surface can quote them back; joined by spaces where the typed query is not at hand."""
        if self.typed and start < stop:
            return self.typed[self.words[start].start: self.words[stop - 1].end]
        return " ".join(w.text for w in self.words[start:stop])


# What joins partner commanders named together ("tymna and kraum", "kraum + tymna"), and the words before a deck's
# commander that its colour chip takes with it ("for my", "in a")
_PARTNER_JOINERS = frozenset({"and", "&", "+", "/"})
_DECK_OPENERS = frozenset({"for", "in", "my", "a", "an"}) | _PARTNER_JOINERS


_NUMERAL_END = re.compile(r" (?:I|II|III|IV|V|VI|VII|VIII|IX|X)$")


# Words before a set's name ("cards from theros", "printed in dominaria"), where a word is no card's short name
_BEFORE_A_SET = frozenset({"cards from", "card from", "creatures from", "spells from", "printed in", "reprinted in",
                           "released in", "stuff from", "commons from", "uncommons from", "rares from", "mythics from"})


# Verbs before the commander of a deck being made or played ("im building atraxa", "brewing muldrotha")
_BUILDING = ("building", "build", "brewing", "brew", "playing", "piloting", "running", "built")
_I_PLAY = frozenset(f"{who} {verb}" for who in ("i", "we", "i'm", "im") for verb in ("play", "run", "pilot", "built"))
_OWN_COMMANDER_IS = re.compile(r"\b(?:my|our) (?:commander|general|deck|edh deck|commander deck) is(?: a| an)?$")
_IS_MY_COMMANDER = re.compile(r"(?:is|as) (?:my|our) (?:commander|general|deck)\b")


# Words before a name closing a request that make it what the request is about or acts on, not the deck's
# commander ("how to beat korvold", "answers to atraxa", "cards like korvold")
_NOT_BEFORE_A_CLOSING_COMMANDER = frozenset({
    "vs", "versus", "than", "against", "beat", "beats", "beating", "kill", "kills", "answer", "answers", "stop",
    "stops", "counter", "remove", "destroy", "exile", "steal", "copy", "clone", "is", "was", "about", "of", "to",
    "on", "from", "like", "or", "and", "but", "not", "does", "do", "did", "price", "art"})


def _closing_a_request(state: _State, start: int, stop: int) -> bool:
    """Whether the words ``start:stop`` close a request after other words ("free sac outlets korvold", "ramp to
    run in Omnath"): where a commander is the deck the request is for, unless the word before makes it what the
    cards act on or the question's subject (:data:`_NOT_BEFORE_A_CLOSING_COMMANDER`), and a need comes before it,
    not only words about the card ("cheap atraxa")."""
    return stop == len(state.words) and start > 0 and \
        _before(state, start, 1) not in _NOT_BEFORE_A_CLOSING_COMMANDER and \
        any(not _modifies(word.lower) and word.lower not in _ASKING for word in state.words[:start])


def _before_a_themed_deck(state: _State, index: int) -> bool:
    """Whether the word at ``index`` follows "a", "an" or "our" and comes before a theme and "deck" ("a vorinclex
    proliferate deck"): a commander's place."""
    return _before(state, index, 1) in ("a", "an", "our") and \
        _after(state, index + 1, 2).split()[1:2] in (["deck"], ["edh"], ["build"])


_CARD_KEY = re.compile(r"(?<![\w-])(?:like|combo)[:=]", re.IGNORECASE)  # a typed like:/combo: (CARD_KEYS)


class Reader:
    """Reads queries against one store (its card names, commanders and the formats its data knows)."""

    def __init__(self, db: CardDB):
        self.db = db
        self._type_pairs: dict[tuple[str, str], bool] = {}
        self._reducers: dict[str, bool] = {}

    @cached_property
    def commander_names(self) -> dict[str, int]:
        """Short names of legendary creatures and planeswalkers: the part before a comma ("atraxa" for "Atraxa,
        Praetors' Voice"), else the first word or the name without "The" ("meren" for "Meren of Clan Nel Toth",
        "gitrog monster"), where every card that short name could mean has the same colour identity."""
        short: dict[str, int] = {}
        for alias, rows in self._commanders_by_alias.items():
            short[alias] = rows[0]
        return short

    @cached_property
    def _commanders_by_alias(self) -> dict[str, list[int]]:
        """Every commander a short name may mean: the part before a comma first, then the looser aliases where
        they all share one colour identity (see :attr:`commander_names`)."""
        by_comma: dict[str, list[int]] = {}
        loose: dict[str, list[int]] = {}
        columns = self.db.columns
        funny = columns.is_funny.tolist()
        for row, (name, type_line) in enumerate(zip(columns.name.tolist(), columns.type_line.tolist(), strict=True)):
            # (no Un-card is a deck's commander: Urza, Academy Headmaster had made "artifact ramp for urza" all five
            # colours)
            if "Legendary" in type_line and ("Creature" in type_line or "Planeswalker" in type_line) and \
                    funny[row] != 1:
                front = name.split(" // ")[0]
                by_comma.setdefault(fold(front.split(",")[0]), []).append(row)
                # (and without a closing numeral: "grand arbiter augustin" for Grand Arbiter Augustin IV; and a long
                # name with no comma by its first two words, a title and a name, as players shorten it: "grand
                # arbiter")
                whole = _NUMERAL_END.sub("", front.split(",")[0])
                two = whole.split()[:2]
                # (two capitalised words of letters, no colour: not "Vivien on", "Ultimate Green", "The Big")
                titled = " ".join(two) if "," not in front and len(whole.split()) > 2 and two[0] != "The" and all(
                    word.isalpha() and word[:1].isupper() and word.lower() not in _SINGLE_COLORS for word in two) \
                    else whole
                for alias in {front.split()[0].split(",")[0], front.removeprefix("The ").split(",")[0], whole, titled}:
                    loose.setdefault(fold(alias), []).append(row)
        identities = columns.color_identity
        by_comma = {alias: self._can_lead(rows) for alias, rows in by_comma.items()}
        loose = {alias: self._can_lead(rows) for alias, rows in loose.items()}
        for alias, rows in loose.items():
            if alias in by_comma:  # "Rhys": Rhys, the Evermore, and Rhys the Redeemed; "teysa": Teysa Karlov too
                by_comma[alias] = by_comma[alias] + [row for row in rows if row not in by_comma[alias]]
            elif len(alias) > 2 and len({identities[row] for row in rows}) == 1 and alias not in self.creature_types:
                # (a creature type is its tribe's deck: "a 5 color sliver deck" had left out every legendary Sliver
                # as the deck's commander)
                by_comma[alias] = rows
        # a players' nickname for one commander is that commander ("gitrog": The Gitrog Monster, not Gitrog, Horror
        # of Zhava, whose colours had been read for "what goes in a gitrog deck")
        for nickname, name in NICKNAMES.items():
            row = self.db.names.find(name)
            type_line = columns.type_line[row] if row is not None else ""
            if "Legendary" in type_line and ("Creature" in type_line or "Planeswalker" in type_line):
                by_comma[nickname] = [row]
        return by_comma

    def _can_lead(self, rows: list[int]) -> list[int]:
        """Of the legends a short name may mean, those that can lead a Commander deck (legal there: no digital-only
        Alchemy card, which the data marks not legal), where any can: "hamza" had read Hamza, Might of the Yathan's
        black too, and "wilson" five colours for six Alchemy Wilsons. A store that knows no Commander legality, or a
        name only unplayable cards hold, keeps them all."""
        legal = self._commander_legal
        return [row for row in rows if legal[row]] or rows

    @cached_property
    def _commander_legal(self) -> list[bool]:
        return (self.db.columns.legality("commander") == 1).tolist()

    @cached_property
    def rules_words(self) -> frozenset[str]:
        """Words of at least ten cards' rules text ("exile", "scry"): a card named by one ("Exile") is not what
        "exile effects" asks for."""
        return self._words_of_ten_cards(_RULES_WORD, lower=True)

    def _words_of_ten_cards(self, pattern: re.Pattern, *, lower: bool) -> frozenset[str]:
        """The words ``pattern`` finds in at least ten cards' rules text (lower-cased first if ``lower``)."""
        counts: Counter[str] = Counter()
        for text in self.db.columns.oracle_text.tolist():
            counts.update(set(pattern.findall(text.lower() if lower else text)))
        return frozenset(word for word, count in counts.items() if count >= 10)

    def _plain_word(self, lower: str) -> bool:
        """Whether a typed word (lower case) is an everyday English, game or player word, a lone letter, a number
        or a power/toughness, or a plural or hyphenated compound of these ("2-drops"): a request made of these
        alone is no misspelt card name ("counter target spell", "put +1/+1 counters on each creature"), so it is
        not matched against every name (a millisecond a request)."""
        word = fold(lower).removesuffix("'s")
        if _POWER_TOUGHNESS.fullmatch(word):
            return True
        return all(part.isdigit() or len(part) == 1 and part.isalpha() or any(
            form in self.english or form in self._game_words or form in self._own_words
            for form in (part, part.removesuffix("s"))) for part in word.split("-"))

    def short_name(self, word: str, *, expected: bool = False) -> int | None:
        """A card by a word only its name holds first ("craterhoof": Craterhoof Behemoth; "blightsteel":
        Blightsteel Colossus), as players shorten names: a word of five letters or more that begins exactly one
        card's name (Un-cards left out), or the one name it is the part before a comma of ("tergrid": Tergrid, God
        of Fright, not Tergrid's Shadow; "nykthos": Nykthos, Shrine to Nyx, not Nykthos Paragon), and is no English
        or game word; where a name is ``expected`` ("cards like swords", "cyclonic alternatives"), an English word
        too. "rhystic" begins six names and "dockside" two, so they name none. (Looked up word by word: the game
        words load an English word list, which most requests never need.)"""
        if len(word) < MIN_LENGTH or not word.replace("-", "").isalpha():  # no name's first word (see below)
            return None
        rows = self._names_by_first_word.get(word, ())
        if len(rows) > 1:
            rows = [row for row in rows if fold(self.db.columns.name[row]).startswith(f"{word},")] or rows
        if len(rows) != 1:
            return None
        if expected:
            return rows[0] if word not in self._game_words else None
        return rows[0] if word not in self.english and not self._known(word) else None

    @cached_property
    def _names_by_first_word(self) -> dict[str, list[int]]:
        """The cards (Un-cards left out) whose name begins with each word of five letters or more, a possessive
        read as its word ("Atraxa's Fall" begins with "atraxa"), a hyphenated one whole ("kiki-jiki")."""
        by_word: dict[str, list[int]] = {}
        columns = self.db.columns
        for row, (name, funny) in enumerate(zip(columns.name.tolist(), columns.is_funny.tolist(), strict=True)):
            first = fold(name.split(" // ")[0].split()[0]).strip(",.:!?").removesuffix("'s")
            if funny != 1 and len(first) >= 4 and first.replace("-", "").isalpha():  # "kiki-jiki" too; "karn"
                by_word.setdefault(first, []).append(row)
        return by_word

    @cached_property
    def keywords(self) -> Counter:
        """Every keyword and keyword action the cards list (Scryfall's ``keywords``: "incubate", "myriad", "ward"),
        with how many cards list it."""
        return Counter(keyword.lower() for keywords in self.db.columns.values("keywords") for keyword in keywords or ())

    @property
    def game_words(self) -> frozenset[str]:
        """See :meth:`_game_words`."""
        return self._game_words

    @cached_property
    def _game_words(self) -> frozenset[str]:
        """The words this module reads (colour groups, tags), creature types and keywords ("sliver", "simic",
        "lifelink")."""
        return self._own_words | set(self.creature_types) | set(self.keywords) | PLAYER_WORDS

    def _known(self, word: str) -> bool:
        """Whether ``word`` is not a card's short name however rare in names: everyday English or a game word
        (:attr:`_game_words`)."""
        return word in self._game_words or is_english(word)

    def _everyday(self, word: str) -> bool:
        """A known word (:meth:`_known`) other than a rare one a commander is named by ("marchesa")."""
        return self._known(word) and not (
            is_rare_english(word) and word not in self.english and word not in self._own_words and
            word not in self.creature_types and word not in self.keywords)

    @cached_property
    def creature_types(self) -> dict[str, str]:
        """Creature types of the store's cards, by the words players use: "elves" and "elf" for Elf, "zombies"
        for Zombie (types on at least five cards; words that are mostly something else, such as "Phyrexian" or
        "Ally", or another card type's subtype, such as "Equipment" or "Saga", are left out)."""
        counts: dict[str, int] = {}
        other: dict[str, int] = {}  # on other cards' type lines: an artifact's, an enchantment's
        for type_line, repeat in Counter(self.db.columns.type_line.tolist()).items():
            for face in type_line.split(" // "):
                left, _, right = face.partition(" — ")
                used = counts if "Creature" in left or "Kindred" in left or "Tribal" in left else other
                for word in right.split():
                    used[word] = used.get(word, 0) + repeat
        # a subtype that is mostly an artifact's or an enchantment's ("Equipment", which a few Equipment creatures
        # and Kindred artifacts carry; "Saga") is no creature type: "equipment tutors" had read as an Equipment deck
        return _type_words({word: count for word, count in counts.items() if count >= other.get(word, 0)})

    @cached_property
    def cheap_costs(self) -> dict[str, int]:
        """What "cheap" costs for a creature type whose cards mostly cost more than 2: its cheapest tenth's mana
        value ("cheap dragons" cost 4 or less, as few Dragons cost 2), by the type as :attr:`creature_types`
        names it (lower case); types of twenty cards or more."""
        costs: dict[str, list[float]] = {}
        for type_line, cost in zip(self.db.columns.type_line.tolist(), self.db.columns.mana_value.tolist(),
                                   strict=True):
            left, _, right = type_line.split(" // ")[0].partition(" — ")
            if "Creature" in left:
                for word in set(right.split()):
                    costs.setdefault(word.lower(), []).append(cost)
        tenth = {kind: int(sorted(values)[len(values) // 10]) for kind, values in costs.items() if len(values) >= 20}
        return {kind: cost for kind, cost in tenth.items() if cost > 2}

    @cached_property
    def token_types(self) -> dict[str, str]:
        """:attr:`creature_types` and the creature types of the tokens the store's cards create, as cards print a
        token ("1/1 green Saproling creature token", "1/1 colorless Thopter artifact creature token"): named by
        five cards or more. Saprolings and Thopters are seldom on a card's own type line."""
        counts = Counter(word for found in _TOKEN_TYPES.findall(self._all_texts) for word in set(found.split()))
        other = self._named_token_counts  # "a Food token", "Treasure tokens": tokens that are no creatures
        words = {**_type_words(counts), **self.creature_types}
        # a Food Golem is a creature, but "create food" asks for Food tokens, which are artifacts
        return {word: kind for word, kind in words.items()
                if other[kind.capitalize()] <= 5 * counts[kind.capitalize()]}

    @cached_property
    def named_tokens(self) -> frozenset[str]:
        """Tokens the store's cards name that are no creature ("a Blood token", "Map tokens", "a Role token"), by
        the word players use: named by five cards or more, less the words a sentence starts with ("This token")."""
        return frozenset(name.lower() for name, count in self._named_token_counts.items() if count >= 5 and
                         name.lower() not in _NOT_TOKEN_NAMES and name.lower() not in self.token_types)

    @cached_property
    def _all_texts(self) -> str:
        """Every card's rules text, one card a line (no token's name spans a line)."""
        return "\n".join(text or "" for text in self.db.columns.oracle_text.tolist())

    @cached_property
    def _named_token_counts(self) -> Counter:
        """How many times the store's rules text names each token by a capitalised word ("a Food token")."""
        return Counter(_NAMED_TOKENS.findall(self._all_texts))

    @cached_property
    def english(self) -> frozenset[str]:
        """Everyday English words: the whole words of the bundled MiniLM tokenizer's vocabulary (made-up Magic
        words such as "thassa" or "rhystic" are not among them, so a name holding one reads as a name)."""
        from grimoire.search.embed import bundled_tokenizer_json

        tokenizer = json.loads(bundled_tokenizer_json())
        return frozenset(w for w in tokenizer["model"]["vocab"] if w.isalpha() and len(w) > 1)

    def _adds_a_type(self, chip: Chip, typed: tuple[frozenset[str], frozenset[str]]) -> bool:
        """Whether a type read from words joins the types the query's own syntax names, as a card may be both
        ("t:legendary creatures", "-t:legendary creatures": `t:creature` too), rather than restating or
        contradicting them (no card of the bundled data is both: see :meth:`_types_meet`)."""
        found = _ONE_TYPE.fullmatch(chip.syntax)
        asked, left_out = typed
        return bool(found and (asked or left_out) and found[1] not in asked | left_out and
                    all(self._types_meet(kind, found[1]) for kind in asked))

    def _types_meet(self, one: str, other: str) -> bool:
        """Whether some card's type line holds both words (a legendary creature: yes; a planeswalker instant: no;
        an Adventure's instant half shares its creature's line, so instants and creatures do meet)."""
        key = (one, other)
        if key not in self._type_pairs:
            self._type_pairs[key] = any(one in words and other in words for words in self._type_words)
        return self._type_pairs[key]

    @cached_property
    def _type_words(self) -> list[frozenset[str]]:
        return [frozenset(line.lower().replace("—", " ").split()) for line in self.db.columns.type_line]

    def reduces(self, kind: str) -> bool:
        """Whether some card's text makes spells of that type cheaper (``_cost_reducers_for``'s pattern)."""
        if kind not in self._reducers:
            pattern = re.compile(_reduced_text(re.escape(kind)))
            self._reducers[kind] = any(pattern.search(text.lower()) for text in self.db.columns.oracle_text)
        return self._reducers[kind]

    @cached_property
    def knows_rarity(self) -> bool:
        """Whether the store's cards say their rarity (the bundled snapshot's do not; Scryfall's bulk data does)."""
        return any(value for value in self.db.columns.values("rarity"))

    @cached_property
    def knows_reserved(self) -> bool:
        """Whether the store says which cards are on the reserved list (the bundled snapshot does not)."""
        return bool((self.db.columns.reserved >= 0).any())

    def knows_format(self, name: str) -> bool:
        return self.db.columns.knows_legality(name)

    def read(self, query: str, *, explicit: frozenset[str] = frozenset(), literal: bool = False) -> Reading:
        """Read the bare words of ``query``; ``explicit`` holds the kinds the structured filters already set.
        ``literal`` reads no words, only the card a typed ``like:`` or ``combo:`` names."""
        blanked, chips, cards, notes = self._typed_cards(query)
        if not chips:
            return Reading(query, query, node=parse(query)) if literal else self._read(query, explicit)
        reading = Reading(blanked, "") if not blanked.strip() else \
            Reading(blanked, blanked, node=parse(blanked)) if literal else self._read(blanked, explicit)
        return replace(reading, typed=query, chips=(*chips, *reading.chips), like=cards.get("like", reading.like),
                       combo=cards.get("combo", reading.combo), notes=(*notes, *reading.notes),
                       synergy=reading.synergy and "combo" not in cards)

    def _name_left_unquoted(self, node: Node, query: str) -> bool:
        """Whether ``node`` (``query`` parsed) holds, at its top, a ``!name`` no card has that the words typed after
        it complete into a card's name ("!lightning bolt")."""
        return any(isinstance(part, ExactName) and self.db.names.find(part.name) is None and
                   unquoted_name(self.db, part.name, query) is not None
                   for part in (node.children if isinstance(node, And) else (node,)))

    def _typed_cards(self, query: str) -> tuple[str, list[Chip], dict[str, str], list[str]]:
        """The cards a query's own ``like:"X"`` and ``combo:"X"`` name (the syntax readings print), at its top:
        the query with them blanked (positions kept), their chips, the names by key, and a note for a name
        corrected. A name no card has is a syntax error at the name."""
        if not _CARD_KEY.search(query):
            return query, [], {}, []
        node = parse(query)
        depth = _paren_depths(query)
        asked = [child for child in (node.children if isinstance(node, And) else (node,))
                 if isinstance(child, Filter) and child.key in CARD_KEYS and not depth[child.position]]
        chips: list[Chip] = []
        cards: dict[str, str] = {}
        notes: list[str] = []
        blanked = query
        for child in asked:
            value_at = child.position + len(child.key) + 1 + (child.raw[len(child.key) + 1:][:1] in ("\"", "'"))
            if child.key in cards:
                raise QuerySyntaxError(f"one {child.key}: per query (run another query for another card)",
                                       child.position, query)
            try:
                match = self.db.names.match(child.value)
            except CardNotFoundError as missing:
                close = f"; did you mean {' or '.join(missing.suggestions[:3])}?" if missing.suggestions else ""
                raise QuerySyntaxError(f"{child.key}: no card is named {child.value!r}{close}", value_at,
                                       query) from None
            cards[child.key] = match.name
            if match.correction:
                notes.append(f"{child.key}: {match.correction}")
            chips.append(Chip(child.raw, f"{child.key}:\"{match.name}\"", child.key))
            end = child.position + len(child.raw)
            blanked = blanked[:child.position] + " " * len(child.raw) + blanked[end:]
        return blanked, chips, cards, notes

    def _read(self, query: str, explicit: frozenset[str]) -> Reading:
        whole = query.strip(" ?!.")
        if _NAME_SYNTAX.search(whole) and not _KEY_ALONE.fullmatch(whole) and \
                (row := self.db.names.find(whole)) is not None and _keeps_syntax(whole, self.db.columns.name[row]) \
                and (exact := exact_name_syntax(self.db.columns.name[row])):
            # a card's whole name, with what the syntax would read ("fire // ice", "Circle of Protection: Red", "sword
            # of fire and ice")
            return Reading(query, exact, chips=(Chip(query, exact, "name"),), node=parse(exact))
        typed_node = parse(query)
        if self._name_left_unquoted(typed_node, query):
            # ("!lightning bolt": "bolt" had been read as the card Lightning Bolt beside "!lightning", which no card is
            # named, and the note said so over no results; as typed, the search says the name goes in quotes)
            return Reading(query, query, node=typed_node)
        explicit = explicit | _explicit_kinds(typed_node)
        typed = query  # (as typed, full-width forms and all: a chip quotes the words the user typed)
        query, negations = _prose_not(plain_forms(query))
        query = _SPACED_COMPARISON.sub(r"\2\1", _prose_parentheses(query))  # "<= 2mv": "<=2mv" (positions kept)
        plain = query  # (what _plain_or judges: a remark's parentheses make no "or" an operator)
        query = _SHORT_COUNTERS.sub(r"\g<1>1/\g<1>1 ", query)  # "-1 counters" is no "not 1": -1/-1 counters
        query, ranges = _prose_ranges(query)
        query, prose = _prose_or(query)
        prose = ranges + prose
        query = _plain_or(query, plain)
        if query != typed and query.strip():  # "green or green and x": a prose "or" read may leave an "and" dangling
            query = _drop_dangling_operators(query)
            if query is None:
                return Reading(typed, typed, node=typed_node)
        node = (typed_node if query == typed else parse(query)) if query.strip() else None
        words = [_Word(t.text, t.position, t.position + len(t.text)) for t in _top_words(node, query)] if node else []
        if not words and not prose:
            if negations:  # "not t:creature" alone
                return Reading(typed, " ".join(query.split()), notes=(negations,), node=parse(query))
            return Reading(typed, typed, node=typed_node)
        state = _State(words, chips=prose, typed=typed if len(typed) == len(query) else "")
        if negations:
            state.notes.append(negations)
        typed_types = _typed_types(typed_node)
        state.typed_creature = any(kind == "creature" or kind in self.creature_types for kind in typed_types[0])
        _join_split_keywords(state)
        self._names(state)
        self._spelling(state)
        for rule in _RULES:
            rule(self, state)
        chips = [chip for chip in state.chips if chip.kind not in explicit or chip.kind in ("like", "combo")
                 or self._adds_a_type(chip, typed_types)]
        if len(chips) < len(state.chips):
            state.notes.append("not read as filters, as your syntax or filters already decide them (the words still "
                               "rank): " + ", ".join(c.words for c in state.chips if c not in chips))
            for chip in state.chips:
                if chip not in chips:
                    _release(state, chip)
        # a colour said twice ("for mono red Purphoros", "colorless ramp for Kozilek") is one filter, shown once
        # (in any letter order: "selesnya green-white" is id<=gw once, not id<=gw id<=wg)
        said: set[str] = set()
        chips = [chip for chip in chips
                 if chip.kind != "colour" or not ((key := _colour_key(chip.syntax)) in said or said.add(key))]
        # a type another chip names already ("flyers ... creatures": t:creature kw:flying, then t:creature): once
        kept: list[Chip] = []
        for chip in chips:
            if not (chip.kind == "type" and _ONE_TYPE.fullmatch(chip.syntax) and any(
                    chip.syntax in other.syntax.split() and "(" not in other.syntax and
                    (other.syntax != chip.syntax or other in kept) for other in chips if other is not chip)):
                kept.append(chip)
        chips = kept
        _drop_filler(state)
        _drop_like_glue(state)
        _drop_labels(state, explicit | {chip.kind for chip in chips}, query)
        _drop_unread_denials(state)
        used = [w for w in words if w.used]
        rest = _drop_dangling_operators(_without(query, used)) if used else query.rstrip()
        if rest is None:
            return Reading(typed, typed, node=typed_node)
        rest = _with_corrections(rest, [w for w in words if w.corrected and not w.used])
        if state.misspelt is not None:  # the engine's exact-name match takes it from here
            name = self.db.columns.name[state.misspelt]
            if _NAME_SYNTAX.search(name):  # ("valki": Valki, God of Lies // ...; a name with a quote stays words)
                name = exact_name_syntax(name) or name
            # with the syntax typed beside the name ("bolt c:u", "stp c:b"), which it had dropped
            typed_syntax = _drop_dangling_operators(_without(query, [*used, *(w for w in words if w.protected)]))
            rest = f"{name} {typed_syntax.strip()}" if typed_syntax and typed_syntax.strip() else name
        runs = " ".join(part for part in (rest, *(c.syntax for c in chips if c.kind not in ("like", "combo")))
                        if part)
        if len(runs) > MAX_QUERY_LENGTH:  # the syntax the words stand for is longer than the words: search them
            return Reading(typed, typed, notes=(f"the words were searched as typed: read as filters they would make "
                                                f"a query over {MAX_QUERY_LENGTH} characters",), node=typed_node)
        like = self.db.columns.name[state.like] if state.like is not None else None
        named = tuple(self.db.columns.name[row] for row in state.named)
        combo = self.db.columns.name[state.combo] if state.combo is not None else None
        parsed = typed_node if runs == typed else node if runs == query else None  # no words were taken
        deck = tuple(self.db.columns.name[row] for row in state.deck)
        card = self.db.columns.name[state.misspelt] if state.misspelt is not None else None
        return Reading(typed, runs, tuple(chips), like, named, tuple(state.notes), combo, parsed, deck,
                       state.staples, state.synergy, card)

    @cached_property
    def speller(self) -> Speller:
        """Typo corrections over this store's words; the words this module reads (its patterns, colour and type
        names) are known too ("multicolor" is no typo)."""
        return Speller(self.db, (self.english, english_words(), self._own_words))

    @cached_property
    def _own_words(self) -> frozenset[str]:
        """The words this module reads: its patterns, colour, type and format names, card cycles and keywords,
        and the tags' one-word phrasings."""
        patterns = " ".join(value.pattern for value in globals().values() if isinstance(value, re.Pattern)
                            and value is not _GROUP_WORDS)  # (its words are names': "urza" still begins names)
        spelt = _OPTIONAL_LETTER.sub("", patterns) + " " + patterns.replace("?", "")  # "colou?r": color, colour
        return frozenset(re.findall(r"[a-z]{3,}", " ".join([spelt, *COLOR_NAMES, *_TYPE_WORDS, *FORMATS,
                                                            *_NAME_CYCLES, *_HAS_KEYWORDS, *_TAG_WORDS])))

    def _spelling(self, state: _State) -> None:
        """Read a typo as the word it was likely meant as ("removel": removal), with a note; see search/spelling.py.
        Card names and words of other vocabularies are left alone."""
        lookups = 0
        for index, word in enumerate(state.words):
            if word.protected or word.used:
                continue
            if word.lower == "4" and index and state.words[index - 1].lower.isalpha() and \
                    _after(state, index + 1, 1) in _AFTER_A_CHAT_FOR:  # "2 drops 4 aggro", "tokens 4 my deck"
                _read_as(state, word, "for")
                continue
            if word.lower == "of" and _colour_of_cards(state, index):
                word.lower = "in"  # "planeswalkers of red", "cards of blue that counter": "in red", as typed so by
                state.seen = None  # players whose language says it so ("cartas de azul"); no note: the filter says it
                continue
            if word.lower in ("w/", "w/o") or word.lower == "w" and index and (
                    _after(state, index + 1, 1) in self.keywords or
                    state.words[index - 1].lower in _BEFORE_A_CHAT_WITH):
                # "creatures w/ flying", "creatures w lifelink", "how do green decks deal w flyers" (it had read
                # flyers as the cards asked for)
                _read_as(state, word, "without" if word.lower == "w/o" else "with")
                continue
            fixed = SHORT_TYPOS.get(word.lower)  # too short for the speller, and looked up without it
            if fixed is None:
                short = len(word.lower) == SWAP_LENGTH  # "drwa": only two letters swapped, see Speller.swapped
                if (len(word.lower) < MIN_LENGTH and not short) or not word.lower.isalpha() or \
                        word.lower in self.english:
                    continue
                if lookups == MAX_LOOKUPS:
                    break
                lookups += 1
                fixed = self.speller.swapped(word.lower) if short else self.speller.correct(word.lower)
            if fixed:
                _read_as(state, word, fixed, " (a typo?)")
                if fixed in self.commander_names and fixed not in self.english and not self._everyday(fixed) and \
                        _after(state, index + 1, 1) in ("", "deck"):  # (not "thasas oracle combo": Thassa's Oracle)
                    # "board wipes for kalia": the commander meant, in the role its place gives it
                    word.protected = True
                    self._name_role(state, index, index + 1, self.commander_names[fixed])
                elif self._name_word(fixed) and (row := self.db.names.find(fixed)) is not None and (
                        _name_expected(state, index) or "budget" in (_before(state, index, 1),
                                                                     _after(state, index + 1, 1))):
                    # "thoughtsieze budget", "cards like thoughtsieze": the card meant, read as its name typed right
                    # would be (_names ran before the typo was read)
                    word.protected = True
                    self._name_role(state, index, index + 1, row)

    # -- card names ------------------------------------------------------------------------------------------

    def _names(self, state: _State) -> None:
        """Protect card names; "like X", "X but cheaper", "with X" and "for my X deck" say what the name is for."""
        words = state.words
        if self._name_list(state):
            return
        _name_words_asked(state)
        _card_groups(state)
        index = 1 if self._character_asked(state) else 0
        while index < len(words):
            if words[index].used or self._slash_partners(state, index):
                index += 1  # (a word read already: "planeswalkers named nissa" asked it of the names)
                continue
            found = self._name_at(state, index)
            if found is None:
                index += 1
                continue
            stop, row = found
            for word in words[index:stop]:
                word.protected = True
            if stop - index < len(words):  # a whole query that is a name is the engine's exact-name match
                self._name_role(state, index, stop, row)
            elif self.db.names.find(" ".join(w.text for w in words).strip(",.;:?!")) is None:  # a short name
                state.notes.append(f'"{" ".join(w.text for w in words)}" read as the card '
                                   f"{self.db.columns.name[row]}")
                state.misspelt = row
            index = stop
        if not any(word.protected for word in words):
            self._misspelt_name(state)
        if len(words) == 1 and not words[0].protected and state.misspelt is None:
            self._shared_first_word(state)

    def _slash_partners(self, state: _State, index: int) -> bool:
        """"removal for tymna/kraum": two partner commanders' short names typed as one word, read as their deck."""
        halves = [fold(half) for half in state.words[index].text.strip(",.;:?!").split("/")]
        if len(halves) != 2 or halves[0] == halves[1] or state.words[index].protected or \
                not all(len(half) > 2 and half in self.commander_names and half not in self.english
                        and not self._everyday(half) for half in halves):  # ("x/x creatures": no X, Mystery Racer)
            return False
        for half in halves:
            self._deck_identity(state, index, index + 1, self.commander_names[half], 0, alias=half)
        return True

    def _name_list(self, state: _State) -> bool:
        """A request that is two card names or more and only what joins them ("sol ring and mana crypt", "swords to
        plowshares or path to exile", "rhystic study vs mystic remora", "is smothering tithe better than rhystic
        study") asks for those cards, not for cards like them. Each part is a whole name; a one-word name that is
        also an everyday or game word ("vigilance", "negate") counts only beside a name that is plainly one, so
        "lifelink and vigilance" stays a request for creatures with both."""
        typed = state.typed or " ".join(w.text for w in state.words)
        lowered = f" {typed.lower()} "
        if len(typed) > 300 or not any(f" {joiner} " in lowered or joiner in ",/&+" and joiner in lowered
                                       for joiner in _LIST_JOINERS):
            return False  # (most requests: no joiner, so no list)
        if self.db.names.find(typed.strip(" ?!.")) is not None:  # "fire and ice": one card
            return False
        opener = _LIST_OPENER.match(typed)
        core = _LIST_CLOSER.sub("", typed[opener.end() if opener else 0:])
        tokens = [t.strip(".;:?!") if t not in ("vs.", "v.") else t for t in _LIST_TOKEN.findall(core.replace(
            "better than", "than").replace("compared to", "vs"))]
        if not tokens or not self.db.names.may_begin(tokens[0]):
            return False
        parts = self._names_joined(tokens, 0, {})
        if parts is None or len(parts) < 2:
            return False
        # one-word names that are also words ("lifelink and vigilance", "Flash and haste") are names only when all
        # are typed as names are, capitalised ("Negate or Counterspell")
        if all(" " not in text and self._known(fold(text).lower()) for _, text in parts) and \
                not all(text[:1].isupper() for _, text in parts):
            return False
        names = [self.db.columns.name[row] for row in dict.fromkeys(row for row, _ in parts)]
        state.take(0, len(state.words), "(" + " or ".join(exact_name_syntax(name) for name in names) + ")", "name")
        # "fire and ice": one card's two faces
        state.notes.append("read as the card " + names[0] if len(names) == 1 else
                           "read as the cards " + ", ".join(names[:-1]) + " and " + names[-1])
        return True

    def _names_joined(self, tokens: list[str], start: int, memo: dict[int, list[tuple[int, str]] | None]
                      ) -> list[tuple[int, str]] | None:
        """The card names ``tokens[start:]`` holds, joined by :data:`_LIST_JOINERS` (the longest name first at each
        place: "life and limb and sol ring" is Life and Limb, then Sol Ring), each as its row and its words as
        typed; ``None`` when the tokens are not such a list."""
        if start in memo:
            return memo[start]
        memo[start] = None
        for stop in range(min(len(tokens), start + MAX_NAME_WORDS), start, -1):
            if tokens[start].lower() in _LIST_JOINERS or tokens[stop - 1].lower() in _LIST_JOINERS:
                continue
            text = " ".join(tokens[start:stop])
            row = self.db.names.find(text)
            if row is None:
                continue
            after = stop
            while after < len(tokens) and tokens[after].lower() in _LIST_JOINERS:
                after += 1
            if after == len(tokens):
                memo[start] = [(row, text)]
                break
            if after > stop and (rest := self._names_joined(tokens, after, memo)) is not None:
                memo[start] = [(row, text), *rest]
                break
        return memo[start]

    def _character_asked(self, state: _State) -> bool:
        """"teferi that untaps lands", "karn who tutors artifacts": the cards of a name several cards begin with
        (as :meth:`_shared_first_word` reads it alone), the one that does what the clause says ranked first; not
        the commander's deck the name alone opens ("teferi" is six commanders)."""
        # ("liliana planeswalkers in modern": what follows the type says more of the same cards)
        typed = len(state.words) >= 2 and _TYPE_WORDS.get(_after(state, 1, 1)) in ("planeswalker", "creature",
                                                                                   "legendary") and \
            (len(state.words) == 2 or _after(state, 2, 1) in ("in", "under", "with", "legal", "that", "which"))
        if not typed and (len(state.words) < 3 or _after(state, 1, 1) not in ("that", "which", "who")):
            return False  # ("teferi planeswalkers": the Teferi cards of that type, not the Teferis' deck)
        word = _first_word(state)
        rows = self._names_by_first_word.get(word, ())
        # (a planeswalker's own type is its name too, though cards' text names it: "liliana planeswalkers")
        named = self._name_word(word) or typed and word in self._planeswalker_types
        if not 2 <= len(rows) <= MAX_SHARED_NAMES or not named:
            return False
        _names_begun(state, word, len(rows))
        return True

    @cached_property
    def _planeswalker_types(self) -> frozenset[str]:
        """The planeswalkers' subtypes ("liliana", "jace"), lower case."""
        return frozenset(word.lower() for line in self.db.columns.type_line.tolist() for face in line.split(" // ")
                         if "Planeswalker" in face.partition(" — ")[0] for word in face.partition(" — ")[2].split())

    def _name_word(self, word: str) -> bool:
        """Whether ``word`` is no everyday English or game word, nor a rules-text word (a name's, as "atraxa",
        "teferi", "thalia" are)."""
        return not (word in self.english or self._everyday(word) or self._known(word) and word in self.rules_words)

    def _shared_first_word(self, state: _State) -> None:
        """A request of one word that begins a few cards' names and is no everyday English or game word ("atraxa",
        "teferi", "llanowar", "thalia": a rare English word that no card's rules text uses) asks for those cards, as
        a bare word does on Scryfall: ``name:/^atraxa/`` ("umbra" is in rules text: a kind of Aura)."""
        word = _first_word(state)
        if not self._name_word(word):
            return
        rows = self._names_by_first_word.get(word, ()) if self.db.names.may_begin(word) else ()
        if 2 <= len(rows) <= MAX_SHARED_NAMES:
            _names_begun(state, word, len(rows))

    def _misspelt_name(self, state: _State) -> None:
        """A card name typed with a typo, as the whole query ("rhystic studdy") or after "cards like": read as that
        card (with a note) when the names' fuzzy match is confident (see cards/names.py) and a word of it is not
        everyday English (so "goblin lords" is never "Goblin Lore")."""
        words = state.words
        start = next((size for size in range(min(_LONGEST_TRIGGER, len(words) - 1), 0, -1)
                      if _after(state, 0, size) in _TRIGGERS_LIKE), 0)
        # or before "but" and what differs ("swords to plowshare but in black" had ranked its words)
        stop = next((index for index in range(start + 2, len(words)) if words[index].lower == "but"
                     and _BUT_OTHERWISE.match(_after(state, index, 3))), len(words))
        tail = words[start:stop]
        if not 2 <= len(tail) <= MAX_NAME_WORDS or all(self._plain_word(w.lower) for w in tail):
            return
        typed = " ".join(w.text for w in tail)
        try:
            found = self.db.names.match(typed)
        except CardNotFoundError:
            # a little less sure than a lookup needs, with a word of the request no everyday word ("rythic study":
            # 88 for Rhystic Study, 81 the next; "rythic" had read as "mythic", a rarity), and none a word for cards
            # ("powerstone cards" is no Powerstone Shard)
            close = self.db.names.suggest(typed, limit=2)
            if any(w.lower in _FILLER or w.lower in _TYPE_WORDS for w in tail) or \
                    not close or close[0][1] < _MISSPELT_SCORE or \
                    len(close) > 1 and close[0][1] - close[1][1] < _MISSPELT_MARGIN:
                return
            found = NameMatch(typed, close[0][2], close[0][0], exact=False)
        if found.exact or not _same_words(tail, found.name):
            return
        fixed = " ".join(self.speller.correct(w.lower) or w.lower if w.lower.isalpha() else w.lower for w in tail)
        if fixed in self.keywords or fixed in _SHORT_TAG_NAMES:
            return  # "double stirke": a keyword typed with a typo, not the card Double Stroke
        state.notes.append(f'"{" ".join(w.text for w in tail)}" read as the card {found.name}')
        for word in tail:
            word.protected = True
        if start or stop < len(words):
            self._name_role(state, start, stop, found.row)
        else:
            state.misspelt = found.row

    def _name_at(self, state: _State, start: int) -> tuple[int, int] | None:
        words = state.words
        if not words[start].lower:
            return None  # a lone "," or "?": no name begins there
        # ("cards from war of the spark": a set's name, though a card has it too)
        named = self.db.names.may_begin(words[start].text) and _before(state, start, 2) not in _BEFORE_A_SET
        longest = min(len(words), start + MAX_NAME_WORDS) if named else start + 1  # else only a commander's alias
        nickname = self._nickname_at(state, start)
        for stop in range(longest, start, -1):
            if nickname is not None and stop <= nickname[0]:
                return nickname  # a longer name first ("path to exile"), a nickname before a commander's alias
            if not words[stop - 1].lower:
                continue  # a lone "," (what a filter read around it left): no part of a name
            text = " ".join(w.text for w in words[start:stop]).strip(",.;:?!")
            row = self.db.names.find(text) if named else None
            single, alias, short = stop - start == 1, False, False
            swapped = self._transposed_name(words[start:stop]) if row is None and named and not single else None
            row = swapped[2] if swapped else row
            if row is None and named and not single and state.joined:  # "sword of fire and ice alternatives": a
                # name holding "and" or "or", which the query language took as its operator, not a word
                typed = state.span(start, stop).strip(",.;:?!")
                row = self.db.names.find(typed) if typed != text else None
            # "Atraxa proliferate": a commander's short name opening the request, its deck's needs after it; in lower
            # case only a word that is no English ("korvold food synergies", not "prosper ...")
            # (the English word list loads at first use: a span of several words never needs it)
            opening = single and start == 0 and len(words) > 1 and (
                words[start].text[:1].isupper() or fold(text) in _COMMANDER_WORDS or
                fold(text) not in self.english and not self._everyday(fold(text)))
            if row is None and single and (_before(state, start, 1) in ("my", "for", "with", *_BUILDING)
                                           or _after(state, stop, 1) == "deck" or opening
                                           or _ASKED_WHAT_IT_NEEDS.search(_before(state, start, 3))
                                           and _WHAT_IT_NEEDS.match(_after(state, stop, 2))
                                           or _closing_a_request(state, start, stop)
                                           or stop == len(words) and _ADDED_TO.search(_before(state, start, 3))
                                           or _before_a_themed_deck(state, start)
                                           or self._after_the_deck(state, start) and not self._everyday(fold(text))):
                # (a colour group is the deck's colours: "my simic deck" is no Simic, Value Engine deck)
                # ("is killing me" is no Me, the Immortal: a short name of two letters is an everyday word)
                row = self.commander_names.get(fold(text)) if fold(text).strip(",.;:?!") not in _GROUPS and \
                    len(fold(text).strip(",.;:?!")) > 2 else None
                # "my zur deck": between "my" and "deck" a commander's short name the tokenizer happens to know
                # (German "zur") is still the commander, unless a tribe ("my elf deck")
                deck_of = _before(state, start, 1) == "my" and _after(state, stop, 1) == "deck" and \
                    fold(text) not in self.creature_types
                alias = row is not None and (fold(text) not in self.english or deck_of) and \
                    not self._everyday(fold(text)) or row is not None and self._given_name(state, start, stop) or \
                    row is not None and fold(text) in _COMMANDER_WORDS
            if row is None and not single and stop - start <= 4:  # "syr gwyn", "grand arbiter augustin"
                row = self.commander_names.get(fold(text))
                alias = row is not None and any(fold(w.lower) not in self.english and not self._everyday(fold(w.lower))
                                                for w in words[start:stop])  # not "the spot" (The Spot)
                # a name of everyday words ("grand arbiter") where a deck's commander stands: opening the request
                # before its needs, or after "for" or "my" (not closing it: "counterspells, 2 mana max")
                alias = alias or row is not None and words[start].lower != "the" and (
                    start == 0 and stop < len(words) or _before(state, start, 1) in ("my", "for", *_BUILDING))
                row = row if alias else None
            if row is None and single and named and _before(state, start, 2) not in _BEFORE_A_SET:  # "cards from
                # theros": a set. No everyday or Magic word: a name wherever it stands; an everyday one where a name is
                # expected ("cards like swords")
                word = fold(text)
                if word in self._names_by_first_word:  # (most words begin no name: what is expected is not asked)
                    expected = _name_expected(state, start)
                    if expected or word not in self.english and not self._denied_kind(word):
                        row = self.short_name(word, expected=expected)
                        if row is None and expected:
                            row = self._first_of_commanders(state, start, word)
                        short = row is not None
            if row is None or self._keyword_not_name(state, start, stop, row):
                continue
            if short or alias:
                return self._rest_of_name(state, start, row, fuzzy=short), row
            if single and not (short or alias) and not self._single_word_name_wanted(state, start):
                continue
            # (a card type is plain too: "my deck can't remove enchantments" is no card, Remove Enchantments)
            plain = [fold(w.lower).strip(",.;:?!").removesuffix("'s") for w in words[start:stop]]
            if not single and not _phrase_name_wanted(state, start, stop) and \
                    all(word in self.english or word in _TYPE_WORDS for word in plain):
                continue
            if swapped:
                _read_as(state, words[start + swapped[0]], swapped[1], " (a typo?)")
            return stop, row
        return nickname

    def _transposed_name(self, words: list[_Word]) -> tuple[int, str, int] | None:
        """A card's name of several words typed with two neighbouring letters of one word swapped ("lightning blot":
        Lightning Bolt), as (that word's place, the word meant, the card's row), or ``None``. The speller leaves
        such a word alone when it is English ("blot"); the rest of the name, typed right, says which was meant."""
        typed = [w.text.strip(",.;:?!") for w in words]
        for place, word in enumerate(typed):
            if len(word) < SWAP_LENGTH or not word.isalpha():
                continue  # (three letters swap into too many words: "teh", "fro")
            for meant in transpositions(word.lower()):
                if not self.db.names.may_hold(meant):  # (a lookup per swap had doubled the reading of long requests)
                    continue
                row = self.db.names.find(" ".join([*typed[:place], meant, *typed[place + 1:]]))
                if row is not None:
                    return place, meant, row
        return None

    def _given_name(self, state: _State, start: int, stop: int) -> bool:
        """Whether the one word ``start:stop``, a commander's short name, is typed where the deck's commander is
        expected ("for my judith deck", "spirits for millicent", "pirates for malcolm and breeches") and is a given
        name more than a word: no word of rules text, the game or creature types, and uncommon in English. These had
        been read as everyday words (Judith and Malcolm are in the tokenizer's vocabulary, Millicent is counted 160
        times), and the deck's colours were lost."""
        word = fold(state.words[start].lower).strip(",.;:?!")
        following = _after(state, stop, 1)
        # (a partner after it: "for malcolm and breeches", whose "and" the query language took as its operator)
        partnered = following in ("and", "&", "+", "/") or fold(following).strip(",.;:?!") in self.commander_names
        expected = _before(state, start, 1) == "my" and following == "deck" or self._after_the_deck(state, start) or \
            _before(state, start, 1) == "for" and (stop == len(state.words) or following == "deck" or partnered)
        return expected and word not in self.rules_words and word not in self._game_words and \
            word not in self.creature_types and word not in _GROUPS and is_uncommon_english(word)

    def _first_of_commanders(self, state: _State, start: int, word: str) -> int | None:
        """Where a name is expected ("cards like thalia"), the first of the few commanders a short name may mean
        (Thalia, Guardian of Thraben; Thalia, Heretic Cathar), with a note naming the others: it had named no card
        and the words ranked as text."""
        rows = self._commanders_by_alias.get(word, [])
        if not 1 < len(rows) <= _FEW_COMMANDERS or word in self._game_words:
            return None
        names = [self.db.columns.name[row] for row in rows]
        state.notes.append(f"{state.words[start].text} may be any of {', '.join(names)}: read as {names[0]}; type "
                           "the full name to pick another")
        return rows[0]

    def _keyword_not_name(self, state: _State, start: int, stop: int, row: int) -> bool:
        """Whether a card named as a keyword is ("Explore", "Battle Cry", "Connive // Concoct") is asked as the
        keyword: "creatures that explore in green", "cards with battle cry", "level up creatures" (the keyword
        rules read it), not "like Explore", "combo with Battle Cry", "Explore deck" or the name alone."""
        name = self.db.columns.name[row].split(" // ")[0].lower()
        if stop - start == len(state.words) or name not in _HAS_KEYWORDS or \
                " ".join(fold(word.lower) for word in state.words[start:stop]) != name:
            return False
        before = _before(state, start, 3)
        return _like_trigger(before) is None and re.search(rf"(?:{_WORKS_WITH}|combos?) with$", before) is None and \
            _after(state, stop, 1) not in _NAME_AFTER - {"and", "or"}

    def _denied_kind(self, word: str) -> bool:
        """Whether ``word`` denies a kind of card ("non-human", "nonblue", "non-creature"): no short name, though
        a card's name begins with it (Non-Human Cannonball)."""
        denied = re.fullmatch(r"non-?([a-z]+)", word)
        return denied is not None and (denied.group(1) in self.creature_types or denied.group(1) in _TYPE_WORDS
                                       or denied.group(1) in _SINGLE_COLORS)

    def _nickname_at(self, state: _State, start: int) -> tuple[int, int] | None:
        """A card by what players call it, beginning at ``start`` ("stp", "cyc rift", "thoracle": see
        cards/nicknames.py; or its name without "The": "great henge"), as where the nickname ends and the card's
        row. A nickname that is an everyday word ("path", "bob") or a name without "The" of everyday words ("the
        rack") is a card only where a name is expected ("like path but black"), or for a curated nickname alone."""
        words = state.words
        longest = self.db.names.may_begin_nickname(words[start].text)  # (most words begin none: 0)
        for size in range(min(longest, len(words) - start), 0, -1):
            text = " ".join(w.text for w in words[start:start + size]).strip(",.;:?!")
            row = self.db.names.nickname(text)
            if row is None:
                continue
            key = fold(text)
            plain = key in EVERYDAY or key not in NICKNAMES and all(
                word in self.english or self._known(word) for word in key.split())
            # ("bolt effects", "wheel effects": the tag's cards, the card among them, not cards like it)
            expected = (_name_expected(state, start, start + size) or _denying(state, start)) and \
                not _after(state, start + size, 1).startswith(("effect", "style"))
            if not plain or expected or size == len(words) and key in NICKNAMES:
                # "rhystic studdy": a name begun by its nickname, typed whole with a typo
                return max(start + size, self._rest_of_name(state, start, row)), row
        return None

    def _rest_of_name(self, state: _State, start: int, row: int, *, fuzzy: bool = True) -> int:
        """Where a name begun by its short word (see :meth:`short_name`) ends: "craterhoof behemot" is Craterhoof
        Behemoth with a typo (``fuzzy``), one name, not the short name and a word after it; "Isshin two heavens"
        is Isshin, Two Heavens as One by its first words, as typed."""
        size = len(self.db.columns.name[row].split(" // ")[0].split())
        if size < 2:
            return start + 1
        named = [fold(word).strip(",.;:?!").lower() for word in self.db.columns.name[row].split(" // ")[0].split()]
        typed = [fold(word.lower).strip(",.;:?!") for word in state.words[start:start + size]]
        pairs = zip(named, typed, strict=False)  # as many as were typed
        same = next((i for i, (a, b) in enumerate(pairs) if a != b), min(len(named), len(typed)))
        if same < size and fuzzy and start + size <= len(state.words):
            try:
                found = self.db.names.match(" ".join(w.text for w in state.words[start:start + size]))
            except CardNotFoundError:
                found = None
            if found is not None and found.row == row:
                return start + size
        return start + same if same >= 2 else start + 1

    def _single_word_name_wanted(self, state: _State, index: int) -> bool:
        """A one-word name ("Counterspell", "Atraxa") counts only where a name is expected."""
        previous, following = _before(state, index, 1), _after(state, index + 1)
        trigger = _like_trigger(_before(state, index, 3))
        if trigger not in (None, "budget") or trigger == "budget" and (
                state.words[index].text[:1].isupper() or self._name_word(state.words[index].lower)):
            return True  # ("budget Necropotence": the card, capitalised or a word that is only a name, "budget
            # thoughtseize"; "budget counterspells" are counterspells)
        typed = state.words[index].text
        asked, about = _question_around(state, index, index + 1)
        if asked and about and fold(typed).lower().strip(",.;:?!") not in self._game_words:
            return True  # "what color is ponder", "is hullbreacher banned": a question about that card
        if previous in ("excluding", "except", "besides") and typed[:1].isupper() or \
                following.startswith("combo") and fold(typed).lower().strip(",.;:?!") not in self.english:
            return True  # "excluding Counterspell"; "reveillark combos": the card's combo partners (not "what combos")
        if answers_what_follows(_before(state, index, 8)) and (
                typed[:1].isupper() or self._plain_name(typed) and (
                    typed.endswith((",", ".", ";", "?", "!")) or following.split()[:1] in ([], *_AFTER_A_NAME))):
            return True  # "ways to kill Tarmogoyf", "how do i beat Propaganda", "my opponent has a propaganda": the
            # card to be answered (in lower case a word that names nothing else, ending what is said of it: not
            # "i lose to flyers", "hate against dead stuff")
        if typed[:1].isupper() and _table_card(state, index):
            return True  # "a Propaganda keeps showing up at my table": the table's card, to be answered
        if previous in ("with", "has", "have", "having") and fold(typed).lower().strip(",.;:?!") in self.keywords:
            return False  # "spells with flashback but not in black": the keyword, not the card named Flashback
        if following.startswith(("but cheaper", "but better", "upgrade", "alternative", "replacement")) or \
                _BUT_OTHERWISE.match(_after(state, index + 1, 3)) or \
                following.split()[:1] == ["budget"] and self._name_word(state.words[index].lower):
            return True  # "damnation but white", "ephemerate but in blue", "skullclamp but worse"; "thoughtseize
            # budget", as "budget thoughtseize" reads (not "removal budget")
        text = state.words[index].text
        folded = fold(text).lower()
        alias = folded.strip(",.;:?!")

        def commander() -> bool:  # (asked last: the everyday test loads the English word list)
            return alias in self.commander_names and not self._everyday(alias)

        if self._after_the_deck(state, index) and commander():
            return True  # "removal for tymna and kraum": the deck's partner commander
        if len(folded.strip(",.;:?!")) < 2:
            return False  # "with X in their cost" is no card named X (Marvel's X) unless asked "like X"
        if (following.startswith(("effect", "style", "type ")) and previous in _BEFORE_A_NAME
                or _RECOLOUR.fullmatch(_after(state, index + 1, 3))) and \
                folded not in _TAG_WORDS and folded not in self.rules_words and \
                folded.strip(",.;:?!") not in ("what", "which", "who", "how"):  # ("what type is dryad arbor")
            return True  # "vindicate effects", "ponder type cantrips", "skullclamp for white"; "fog effects" names a
            # tag, "exile effects" rules text
        if _SYNERGY_CUE.search(_before(state, index, 3)) and alias not in self.english and \
                alias not in self._game_words:
            return True  # "good with skullclamp", "what works with panharmonicon": the card the others work with
        if text.islower() and fold(text).strip(",.;:?!") in self.english:
            return False  # "storm deck", "for my goblins": an archetype, not a commander typed in lower case
        if (_before_a_themed_deck(state, index) or previous in _BUILDING) and commander():
            return True  # "a vorinclex proliferate deck", "im building atraxa": the deck's commander
        return following.startswith("deck") or text[:1].isupper() and previous in ("with", "for", "of", "my")

    def _plain_name(self, typed: str) -> bool:
        """Whether a lower-case word is no game word, rules word nor card type: typed where a card is expected, it
        can be that card's name ("propaganda", "armageddon"; not "fog effects" nor "flying")."""
        word = fold(typed).lower().strip(",.;:?!")
        return word not in self._game_words and word not in self.rules_words and word not in _TYPE_WORDS and \
            word not in _TAG_WORDS

    def _name_role(self, state: _State, start: int, stop: int, row: int) -> None:
        if self._card_question(state, start, stop, row):
            return
        before, after = _before(state, start, 3), _after(state, stop, 3)
        excluding = _EXCLUDING_A_NAME.search(before)
        if (excluding or _denied_before(state, start)) and (exact := exact_name_syntax(self.db.columns.name[row])):
            # "removal excluding swords to plowshares", "white removal that isn't swords or path": that card left
            # out, not the one the others are like
            state.take(start - (len(excluding.group().split()) if excluding else 0), stop, f"-{exact}", "name")
            return
        if _table_card(state, start) and _like_trigger(before) is None and \
                not _COUNTERS_A_SPELL.search(self.db.columns.oracle_text[row]):
            # "there's always a Rhystic Study on the table", "the Meren player keeps recurring stuff", "Thassa's
            # Oracle combo keeps winning in our pod": a card of the table's that beats the player, to be answered
            # (not cards like it, its deck's colours, nor its combo partners)
            state.named.append(row)
            for word in state.words[start:stop]:
                word.used = True
            return
        if self._combo_role(state, start, stop, row, before, after):
            return
        if _COUNTERS_A_SPELL.search(self.db.columns.oracle_text[row]) and \
                answers_what_follows(_before(state, start, 8)) and _like_trigger(before) is None:
            # "how do i deal with Counterspell", "ways to beat Mana Drain": what can't be countered, as "how do i
            # deal with counterspells" reads (it ranked counterspells, the card's own kind)
            state.take(start, stop, 'o:"can\'t be countered"', "oracle")
            return
        trigger = _like_trigger(before)
        cheaper = re.match(r"(but |only |just )?(cheaper|for less)\b", after)
        following = re.match(r"(alternatives?|replacements?|substitutes?|upgrades?|but better|effects?|like effects?|"
                             r"without (?:the |its |any )?(?:downsides?|drawbacks?)|"  # "Path to Exile without the
                             # downside": cards like it (its "search for a basic land" clause had ranked land
                             # destruction)
                             r"style effects?|style cards|variants?|versions?|clones|copies|and friends|"
                             r"budget(?: replacements?| alternatives?| versions?| options?)?|"
                             r"or (?:something )?similar|and similar(?: cards)?|"
                             r"(?:like|esque|type|style)(?: [a-z]+)?$)\b", after) \
            or re.match(r"but\b", after) or trigger in _DOES_TRIGGERS and re.match(r"(?:does|do)\b", after)
        if following and trigger is None and re.match(r"(?:upgrades?|additions?|adds)\b", after) and \
                self._is_commander(row):
            following = None  # "Meren upgrades", "Zurgo adds": its deck's upgrades (read below), not cards like it
        if following and trigger in (None, "budget", *_DOES_TRIGGERS):  # "budget sol ring replacement": the
            # replacement too; "cards that do what X does"
            stop += len(following.group().split())
            trigger = trigger or ""
        # "cyclonic rift in white", "skullclamp for white": the card in (or for) another colour, which _colors reads
        # ("mystic remora in another color": in none of its colours, which _other_colours reads)
        recolour = trigger is None and not self._is_commander(row) and (
            _RECOLOUR.fullmatch(after) is not None or _OTHER_COLOURS.fullmatch(_after(state, stop, 5)) is not None
            # ("eternal witness for artifacts": cards like it for that type, which _like_for_a_type reads)
            or _FOR_A_TYPE.fullmatch(after) is not None and
            _FINDS_A_CARD.search(self.db.columns.oracle_text[row].lower()) is not None)
        # "black swords to plowshares", "green Demonic Tutor": a colour the card is not, right before its name, asks
        # for the card in that colour (it had read the card itself, left out of its own answer, and the colour)
        painted = trigger is None and not recolour and not cheaper and start > 0 and state.free(start - 1) and \
            state.words[start - 1].lower in _SINGLE_COLORS and not self._is_commander(row) and \
            _SINGLE_COLORS[state.words[start - 1].lower].upper() not in (self.db.card_at(row).colors or ()) and \
            "Land" not in self.db.columns.type_line[row] and not re.match(r"(?:deck|edh|commander|build)\b", after)
        if painted:
            state.like, state.like_end = row, stop
            for word in state.words[start:stop]:
                word.used = True
            state.chips.append(Chip(" ".join(w.text for w in state.words[start:stop]),
                                    f"like:\"{self.db.columns.name[row]}\"", "like"))
            letters = _SINGLE_COLORS[state.words[start - 1].lower]
            state.take(start - 1, start, _recolour(self, state, letters), "colour")
            return
        if trigger is not None or cheaper or recolour:
            state.like, state.like_end = row, stop
            first = start - len(trigger.split()) if trigger else start
            last = stop + (len(cheaper.group().split()) if cheaper else 0)
            if first > 0 and state.words[first - 1].lower in _FILLER:
                first -= 1
            for word in state.words[first:last]:
                word.used = True
            state.chips.append(Chip(" ".join(w.text for w in state.words[first:last]),
                                    f"like:\"{self.db.columns.name[row]}\"", "like"))
            better = trigger in _BETTER_TRIGGERS and not cheaper
            if cheaper or trigger in _CHEAPER_TRIGGERS or better:
                value = self.db.columns.mana_value[row]
                if value == value and value > 0:
                    # (a land costs no mana: "like Vampiric Tutor but cheaper" had let in Bloodstained Mire)
                    land = "Land" in self.db.columns.type_line[row]
                    # below one mana only free spells are left, so "cheaper Path to Exile" means the price (Swords
                    # to Plowshares), which the data lacks: cards like it at no more mana (mv<1 had given Slaughter
                    # Pact and Black Tulip)
                    at_most = better or (not land and value <= 1)
                    state.chips.append(Chip(cheaper.group() if cheaper else trigger,
                                            f"mv{'<=' if at_most else '<'}{value:g}" + ("" if land else " -t:land"),
                                            "mv"))
                    if not better:
                        state.notes.append(_cheaper_note(self.db.columns.name[row], value, at_most))
            if better and (dealt := damage_dealt(self.db.columns.oracle_text[row])) is not None:
                # "better than Shock": at least the damage it deals, as well as no more mana (Gut Shot, one damage,
                # worded as Shock is, had led)
                state.chips.append(Chip(trigger, f"o:/{_at_least_damage(dealt)}/", "oracle"))
            return
        deck = re.match(r"(deck|edh|commander|build|list|precon|upgrades?|additions?|adds)\b", after)
        # "my atraxa superfriends deck", "for an Edgar Markov vampires deck": the commander, then the deck's theme,
        # which still ranks
        themed = re.search(r"\b(?:my|our|an?)$", before) is not None and \
            re.match(r"[^ ]+ (deck|edh|build|list)\b", after) is not None
        commander = stop == len(state.words) and (before.endswith("for") or _SYNERGY_WITH.search(before) or
                                                  _ADDED_TO.search(before)) and self._is_commander(row)
        # "Muldrotha self mill cards", "Sythis enchantress staples", "Prossh needs fodder": a commander opening the
        # request, its deck's needs after it; "best cards for Atraxa superfriends": its deck, then the deck's theme
        leading = (start == 0 or before.endswith("for")) and stop < len(state.words) and self._is_commander(row) \
            and not re.match(r"(?:'s?|and|or|vs|versus|in|from|to|with)\b", after)
        # "what does Yuriko need? cheap ninjas", "what does Muldrotha want", "cards for yuriko to reveal": asked what
        # the commander's deck needs, or what it does things with (they had lost its colours: green ninjas for Yuriko)
        done_by_it = _FOR_IT_TO.match(after) if before.endswith("for") and self._is_commander(row) else None
        if done_by_it:  # (what the commander does with them says nothing of what they do: "to reveal" ranks nothing)
            for word in state.words[stop:stop + len(done_by_it.group().split())]:
                word.used = True
        leading = leading or done_by_it is not None or self._is_commander(row) and \
            _ASKED_WHAT_IT_NEEDS.search(before) is not None and _WHAT_IT_NEEDS.match(after) is not None
        # "im building atraxa and want proliferate cards": the deck being built, played or brewed
        # ("i play kaalia and want ...", "my commander is Omnath ...", "Edgar Markov is my commander": the same)
        building = (_before(state, start, 1) in _BUILDING or _before(state, start, 2) in _I_PLAY or
                    _OWN_COMMANDER_IS.search(before) is not None or _IS_MY_COMMANDER.match(after) is not None) and \
            self._is_commander(row)
        # "lifegain payoffs oloro", "what ramp should I run in Omnath, Locus of Creation": a commander closing a
        # request for what its deck needs
        closing = _closing_a_request(state, start, stop) and self._is_commander(row)
        commander = commander or leading or building or closing
        # "thrasios and tymna", "my tymna + kraum deck": partner commanders share one deck, the first named before
        # the second, the second after the first
        partner = self._is_commander(row) and (self._after_the_deck(state, start, _PARTNER_JOINERS | {"with"})
                                                or self._partner_follows(after))
        if deck or themed or before.endswith(("for my", "in my")) or commander or partner:
            self._deck_identity(state, start, stop, row, 1 if deck else 0)
            return
        state.named.append(row)
        for word in state.words[start:stop]:
            word.used = True

    def _card_question(self, state: _State, start: int, stop: int, row: int) -> bool:
        """"what does Rhystic Study do", "is Cyclonic Rift banned in commander", "can i play Sol Ring in edh": a
        question about the card itself, which is the answer (the engine's exact-name match), with its legality in a
        note where that was asked; nothing else is read."""
        asked, about = _question_around(state, start, stop)
        if not asked or not about or (not about.group(1) and not about.group(2) and asked.group(1) and
                                      asked.group(1) not in ("should", "would")):
            return False  # "can i play X" alone is no question about X's legality: left to the other roles ("should
            # i play mana crypt" is: it had answered Yeah Nah, the name lost)
        name = self.db.columns.name[row]
        if about.group(1) or asked.group(1) or about.group(2):
            named = _FORMAT_ALIASES.get(about.group(2) or "", about.group(2))
            formats = [named] if named else [f for f in FORMATS if self.knows_format(f)]
            for form in formats:
                code = int(self.db.columns.legality(form)[row]) if self.knows_format(form) else -1
                state.notes.append(f"{name} is {_LEGALITY_SAID[code]} in {form}" if code in _LEGALITY_SAID else
                                   f"the loaded card data does not say whether {name} is legal in {form} (run "
                                   "grimoire data update)")
        for word in state.words:
            word.used = True
        state.misspelt = row  # the card itself: the engine's exact-name match
        return True

    def _is_commander(self, row: int) -> bool:
        """A legendary creature or planeswalker: what "ramp for Omnath" names as the deck's commander."""
        type_line = self.db.columns.type_line[row]
        return "Legendary" in type_line and ("Creature" in type_line or "Planeswalker" in type_line)

    def _combo_role(self, state: _State, start: int, stop: int, row: int, before: str, after: str) -> bool:
        """"combo with X" / "X combos": X's combo partners are asked for, not cards like X; "synergy with X",
        "what works with X", "payoffs for X" (X no commander, whose deck they would ask for) the same partners, as
        what works with it."""
        ahead, behind = _COMBO_BEFORE.search(before), _COMBO_AFTER.match(after)
        if not ahead and not behind and not self._is_commander(row):
            ahead, behind = _SYNERGY_BEFORE.search(before), _SYNERGY_AFTER.match(after)
            state.synergy = bool(ahead or behind)
        if not ahead and not behind:
            return False
        first = start - (len(ahead.group().split()) if ahead else 0)
        last = stop + (len(behind.group().split()) if behind and not ahead else 0)
        state.combo = row
        state.take(first, last, f"combo:\"{self.db.columns.name[row]}\"", "combo")
        return True

    def _partner_follows(self, after: str) -> bool:
        """Whether the words after a commander's name begin with another commander's short name, joined by "and",
        "&", "+" or "/" (or by nothing: "tymna kraum ramp")."""
        joined = re.match(r"(?:(?:and|&|\+|/) )?([^ ]+)", after)
        word = fold(joined.group(1).strip(",.;:?!")) if joined else ""
        return word in self.commander_names and word not in self.english and not self._everyday(word)

    @staticmethod
    def _after_the_deck(state: _State, index: int, joiners: frozenset[str] = _PARTNER_JOINERS) -> bool:
        """Whether the word at ``index`` follows the deck's commander read so far, joined to it ("tymna and
        kraum", "kraum + tymna") or right after its last word ("tymna kraum"): a partner's place."""
        chip = state.deck_chip
        end = chip.words.split()[-1].lower() if chip is not None and chip.words else ""
        return bool(state.deck) and _before(state, index, 1) in joiners | {end}

    def _deck_identity(self, state: _State, start: int, stop: int, row: int, extra: int, alias: str = "") -> None:
        """Read the commander ``row`` named by the words ``start:stop`` (with ``extra`` words after, "deck") as the
        deck the request is for: its colour identity as a chip, and its rows (every commander its short name
        ``alias``, by default the one word typed, may mean) as :attr:`_State.deck`."""
        first = start
        while first > 0 and state.words[first - 1].lower in _DECK_OPENERS:
            first -= 1
        if first > 0 and state.words[first - 1].lower == "support" and state.free(first - 1):
            first -= 1  # "support for Sythis": the deck's cards, not the support keyword (Joraga Auxiliary)
        rows = [row]
        if stop - start == 1:  # a short name several commanders of other colours share: their colours together
            word = state.words[start]
            alias = alias or fold((word.lower if word.corrected else word.text).strip(",.;:?!"))
            rows = self._commanders_by_alias.get(alias, rows)
        named = cards = self.db.cards_at(rows)
        if state.deck_chip is not None:  # a partner: both commanders' colours, one chip for the pair
            state.chips.remove(state.deck_chip)
            rows = [*state.deck, *rows]
            cards = self.db.cards_at(rows)
        colours = {c for card in cards for c in card.color_identity}
        identity = "".join(c for c in _WUBRG if c.upper() in colours) or "c"
        state.deck = rows
        if len({card.color_identity for card in named}) > 1:
            state.notes.append(f"{state.words[start].text} may be any of " + ", ".join(c.name for c in named)
                               + f": read as their colours together (id<={identity}); type the full name to pick one")
        for word in state.words[first: stop + extra]:
            word.used = True
        if state.deck_chip is not None:
            first = min(first, state.deck_first)
        state.deck_first = first
        state.deck_chip = Chip(state.span(first, stop + extra), f"id<={identity}", "colour")
        state.chips.append(state.deck_chip)


# "what should I add to Korvold", "cards to put in Meren": the commander's deck, as "for Korvold" is
_ADDED_TO = re.compile(r"\b(?:add|put|include|run|slot)(?: \w+)? (?:to|in|into)$")


# "synergy with Korvold", "cards that work well with Atraxa, Praetors' Voice", "what goes with Meren": a commander's
# deck, as "for Korvold" is
_SYNERGY_WITH = re.compile(
    r"(?:synerg\w*|(?:works?|plays?|go(?:es)?|pairs?|fits?)(?: well| nicely| great| best)?|good|great|best) with$")


# The question around a request that asks only for cards ("what are some good cards to go with sythis", "any good
# cards like sol ring"): it says nothing of what the cards do
_ASKING = frozenset({"what", "what's", "whats", "which", "is", "are", "there", "any", "good", "great", "some", "other",
                     "cards", "card",
                     "i", "me", "you", "can", "could", "should", "would", "play", "run", "recommend", "suggest", "to",
                     "for", "in", "a", "an", "the", "my", "that", "with", "?"})
# Words that ask for a deck's cards without saying what they do ("good cards for my Krenko deck")
_DECK_ASKS = _ASKING | {"best", "strong", "top", "more", "staples", "include", "add", "put", "recommendations", "need",
                        "want", "options", "ideas", "picks", "upgrades", "synergy", "synergies", "synergistic",
                        "work", "works", "well", "goes", "go", "fit", "fits", "belong", "belongs", "else", "do",
                        "does", "plays", "pair", "pairs", "nicely",
                        "value", "goodstuff", "essentials", "essential", "core", "must", "have",  # "chulane value"
                        *_BUILDING, "im", "i'm"}


def _deck_synergy(reader: Reader, state: _State) -> None:
    """"good cards for my Krenko deck", "cheap creatures for my Krenko deck": where the words ask nothing more than
    cards (of a type, a cost) for the deck, its commander's own text says what they should do (as "what should I
    play with Atraxa" does), beside its colour identity. Last of the rules: it reads what the others left."""
    if not state.deck or any(chip.kind not in ("colour", "format", "type", "mv") or chip.syntax == "t:land" or
                             chip.kind == "type" and chip.words.lower() in _SHORT_TAG_NAMES
                             for chip in state.chips):
        # "lands for my Niv-Mizzet deck" asks for its mana, not for lands that do what Niv-Mizzet does; "mana rocks
        # for my Atraxa deck" names a function (read as t:artifact too), not Atraxa's cards
        return
    read = {word for chip in state.chips for word in chip.words.lower().split()}  # "goblins" ranks and filters
    free = [word for index, word in enumerate(state.words) if state.free(index) and word.lower not in read]
    if all(word.lower in _DECK_ASKS for word in free):
        for word in free:
            word.used = True
        state.named.extend(state.deck)


# What the syntax reads in a card's name ("Fire // Ice" would be a regular expression, "Summon: Anima" a field)
# what the query syntax reads in a card's name: its marks, and "and" and "or" ("Sword of Fire and Ice")
_NAME_SYNTAX = re.compile(r"[:/!()<>=]|\b(?:and|or|AND|OR|And|Or)\b")
_KEY_ALONE = re.compile(r"[^\s:]+:")  # "order:", "fire:": a keyword without its value, not Order // Chaos


def _keeps_syntax(typed: str, name: str) -> bool:
    """Whether the card ``name`` a query found holds each character of syntax the query holds ("Circle of
    Protection: Red", "Fire // Ice"): "is:land" is the syntax, not Island (its name without the colon)."""
    return all(char in name for char in set(typed) & set(":/!()<>="))


# Words before a card's name that leave the card out ("counterspells excluding Force of Will", "other than sol ring")
_EXCLUDING_A_NAME = re.compile(r"(?:^|\b)(?:excluding|except(?: for)?|besides|other than|but not|apart from|minus|"
                               r"isn'?t|is not|aren'?t|are not|not|nor|without)$")
# between two names a denial leaves out ("except swords or path", "not Sol Ring, Mana Crypt and Mana Vault")
_NAME_LIST_JOIN = re.compile(r"\s*(?:,\s*)?(?:(?:or|and|nor|&)\s+)?")




_COUNTERS_A_SPELL = re.compile(r"^Counter target (?:\w+ )*?spell\b", re.MULTILINE)  # a counterspell's own text
# words after a one-word name in lower case that end it ("my opponent has a propaganda and i can't attack": the query
# language takes "and", so "i" follows)
_AFTER_A_NAME = (["and"], ["out"], ["in"], ["on"], ["but"], ["so"], ["that"], ["which"], ["every"], ["is"], ["keeps"],
                 ["always"], ["again"], ["now"], ["i"], ["we"])
# "what does X need", "what should X play": a question of what a commander's deck wants (see _name_role)
_ASKED_WHAT_IT_NEEDS = re.compile(r"(?:^|\b)(?:what|which(?: cards?)?|how) (?:does|do|would|should|can|could)$")
_WHAT_IT_NEEDS = re.compile(r"(?:needs?|wants?|likes?|play|run|use|go with|pair with)\b")
# "cards for yuriko to reveal", "creatures for meren to recur": what the commander does things with
_FOR_IT_TO = re.compile(r"to (?:reveal|cast|play|sacrifice|sac|copy|flicker|blink|recur|reanimate|bring back|steal|"
                        r"equip|enchant|protect|discard|mill|find|tutor|return|attack with)\b")
# Words after which chat's lone "w" is "with" ("deal w flyers", "synergy w tokens"), never white
_BEFORE_A_CHAT_WITH = frozenset({"deal", "deals", "dealing", "synergy", "synergies", "synergize", "works", "work",
                                 "goes", "go", "combo", "combos", "pair", "pairs", "along", "cope", "help"})
# Everyday words players call a commander by, read as it where one opens a request in lower case as a commander's
# name that is no English word is ("feather cheap targeting spells": both Feathers, red and white): no card's rules
# text uses them, and the cards named by them otherwise are found by their whole names ("Feather of Flight")
_COMMANDER_WORDS = frozenset({"feather"})
_FEW_COMMANDERS = 3  # commanders one short name may mean, the first read where a name is expected (not "jace")


def _name_expected(state: _State, start: int, stop: int | None = None) -> bool:
    """Whether the word at ``start`` (the words to ``stop``) stands where a card's name is expected: after "cards
    like", "alternatives to" and the like, or before "alternatives", "effects" or "but" and what differs ("swords
    but worse")."""
    stop = start + 1 if stop is None else stop
    return _like_trigger(_before(state, start, 3)) not in (None, "budget") or \
        _after(state, stop, 1) in _NAME_EXPECTED_BEFORE or bool(_BUT_OTHERWISE.match(_after(state, stop, 3)))


def _like_trigger(before: str) -> str | None:
    """The longest words that ask for cards like the name that follows ("budget alternatives to", "like")."""
    said = before.split()
    return next((" ".join(said[-size:]) for size in range(min(_LONGEST_TRIGGER, len(said)), 0, -1)
                 if " ".join(said[-size:]) in _TRIGGERS_LIKE), None)


_LONGEST_TRIGGER = max(len(trigger.split()) for trigger in _TRIGGERS_LIKE)
_NAME_BEFORE = frozenset({"like", "with", "for", "my", "than", "and", "plus", "vs", "versus", "to", "alongside",
                          "of", "budget"})
# after a one-word name, "but" and what differs from it ("damnation but white", "swords but worse"; "but" alone when
# what follows was read already: "ephemerate but in blue")
_BUT_OTHERWISE = re.compile(r"but(?:$| (?:in |for |as (?:an? )?)?(?:white|blue|black|red|green|colou?rless|mono|worse|"
                            r"creatures?|an? |instant|sorcery|artifact|enchantment|not|non)\b)")
_NAME_AFTER = frozenset({"deck", "combo", "combos", "infinite", "but", "alternatives", "alternative", "replacements",
                         "budget", "replacement", "effects", "style", "like", "and", "or", "upgrade", "upgrades",
                         "variants", "variant", "versions", "version", "clones", "copies", "type"})
# after a card's name, a colour it is asked in ("cyclonic rift in white", "skullclamp for white", "but in black" is
# "but"'s)
_RECOLOUR = re.compile(r"(?:in|for) (?:white|blue|black|red|green)(?: please)?")


_NAME_EXPECTED_BEFORE = _NAME_AFTER - {"deck", "combo", "combos", "infinite", "like", "and", "or", "but"}
_NAME_FILLERS = frozenset({"of", "the", "a", "an", "and", "to", "in"})


# a whole request's misspelt card name, below the score a lookup needs (cards/names.py: 90, ahead by 4)
_MISSPELT_SCORE, _MISSPELT_MARGIN = 85.0, 5.0


def _same_words(typed: list, name: str) -> bool:
    """A misspelt name keeps the name's words: as many of them, but for a dropped "of" or "the" ("remove all
    enchantments" is a request, not Remove Enchantments)."""
    front = name.split(" // ")[0].split()
    extra = len(typed) - len(front)
    return extra == 0 or (extra == -1 and any(word.lower() in _NAME_FILLERS for word in front))


def _first_word(state: _State) -> str:
    """The request's first word as names are indexed by it: folded, bare, a possessive as its word."""
    return fold(state.words[0].text).strip(",.;:?!").removesuffix("'s")


def _names_begun(state: _State, word: str, count: int) -> None:
    """Read the request's one word, which begins ``count`` cards' names, as Scryfall reads a bare word: the cards
    with a word of their names beginning with it (``name:/\\bdelver/``: Delver of Secrets and Phyrexian Delver; it
    had read ``name:/^delver\\b/``, the two whose names it begins)."""
    state.take(0, 1, f"name:/\\b{word}/", "name")  # (a word's start: not Henrika Domnathi for "omnath")
    state.notes.append(f'"{state.words[0].text}" read as a name search, as on Scryfall: the cards with it in their '
                       "names")


def _question_around(state: _State, start: int, stop: int) -> tuple[re.Match | None, re.Match | None]:
    """The words before and after words ``start`` to ``stop`` as a question about one card ("is X banned in
    commander", "what does X do"): the matches of :data:`_CARD_QUESTION_BEFORE` and :data:`_CARD_QUESTION_AFTER`.
    A name that opens the request asks when a legality word follows it ("sol ring legal in modern?")."""
    plain = [fold(w.lower).strip(",.;:?!") for w in state.words]
    about = _CARD_QUESTION_AFTER.fullmatch(" ".join(w for w in plain[stop:] if w))
    if start == 0 and about and (about.group(1) or about.group() in _ASKED_OF_THE_CARD):
        return _NO_OPENER, about  # "mana vault banned in commander?", "thassa's oracle text": the word after asks
    return _CARD_QUESTION_BEFORE.fullmatch(" ".join(plain[:start])), about


def _denying(state: _State, start: int) -> bool:
    """Whether the word at ``start`` is what a denial leaves out: "removal other than swords", "that isn't path",
    "except bolt or swords"."""
    return _EXCLUDING_A_NAME.search(_before(state, start, 2)) is not None or _denied_before(state, start)


def _denied_before(state: _State, start: int) -> bool:
    """Whether the word at ``start`` follows a card a denial left out, with only "or", "and" or a comma between
    ("except swords or path": Path to Exile is left out too)."""
    if start == 0 or not state.words[start - 1].used or not state.chips or \
            not state.chips[-1].syntax.startswith('-!"') or not state.typed:
        return False
    return _NAME_LIST_JOIN.fullmatch(state.typed[state.words[start - 1].end:state.words[start].start]) is not None


def _table_card(state: _State, start: int) -> bool:
    """Whether the card named at ``start`` is one a story about the table says beats the player (see
    slang.complains_of_a_card)."""
    return complains_of_a_card(" ".join(w.lower for w in state.words), f"{_before(state, start, 8)} ")


def _phrase_name_wanted(state: _State, start: int, stop: int) -> bool:
    """A name of several words inside a longer request counts when it reads as a name: typed with a capital,
    three words or more, or where a name is expected ("with sol ring", "rhystic study alternatives", "alternatives to
    sol ring"); else
    only when one of its words is not everyday English (``Reader.english``: "protect thassa's oracle").
    Lower-case everyday phrases that happen to be names ("to suit up my commander") are words."""
    if stop - start == len(state.words) or stop - start >= 3:
        return True
    if any(ch.isupper() for w in state.words[start:stop] for ch in w.text):
        return True
    before, after = _before(state, start, 1), _after(state, stop, 1)
    if _like_trigger(_before(state, start, 3)) not in (None, "budget"):  # "alternatives to sol ring"
        return True
    if _denying(state, start):  # "mana rocks except sol ring": the card left out
        return True
    if answers_what_follows(_before(state, start, 8)):  # "i keep losing to ghostly prison": the card to answer
        return True
    asked, about = _question_around(state, start, stop)
    if asked and about and (about.group(1) or about.group(2) or about.group() in _ASKED_OF_THE_CARD or
                            asked.group(1) in ("should", "would")):
        # "is mana crypt banned", "is sol ring legal in modern", "sol ring rulings", "should i play mana crypt"
        return True
    if _RECOLOUR.fullmatch(_after(state, stop, 3)):  # "sol ring in white"
        return True
    return (before in _NAME_BEFORE and before != "to") or after in _NAME_AFTER


# -- helpers over the words ------------------------------------------------------------------------------------

_OR_MORE = r"(?:more|greater|higher|above|less|fewer|lower|cheaper|under|below)"
_PROSE_OR = re.compile(
    rf"(?<![\w:<>=!\"/($€-])(?:{_NUMBER}(?: (power|toughness|loyalty)|{_MANA})? or ({_OR_MORE})|"
    rf"(power|toughness|loyalty) {_NUMBER} or ({_OR_MORE})|"
    rf"(instants?|sorcery|sorceries|creatures?|artifacts?|enchantments?|planeswalkers?|lands?|equipment|auras?) "
    rf"(?:or|and) (instants?|sorcery|sorceries|creatures?|artifacts?|enchantments?|planeswalkers?|lands?|equipment|"
    rf"auras?)|"
    rf"({_COLOR_WORD}) or ({_COLOR_WORD})|"
    # "6/6 or bigger", "2/2s or smaller": each of power and toughness at least (or at most) that
    r"(\d{1,2})/(\d{1,2})s? or (bigger|larger|more|greater|higher|better|smaller|less|lower))(?![\w:\")])",
    re.IGNORECASE)


_COLOURS_LISTED = re.compile(rf"\b((?:{_COLOR_WORD},? )+)$", re.IGNORECASE)
# Verbs whose object a stat then describes ("exile a creature with power 4 or greater", "tutor for a creature with
# toughness 2 or less"), not the card's own
_ACTING_VERBS = frozenset({"destroy", "destroys", "exile", "exiles", "kill", "kills", "killing", "steal", "steals",
                           "bounce", "bounces", "return", "returns", "reanimate", "reanimates", "tutor", "tutors",
                           "search", "find", "fetch", "removal", "remove", "removes", "hit", "hits", "answer",
                           "answers", "deal", "target", "targets", "counter", "counters", "wipe", "wipes", "sweep",
                           "sweeper", "sweepers", "cast", "casts", "casting", "whenever"})
# what names the card rather than its action: "removal spells with cmc less than 3" cost under 3 themselves
_ACTING_NOUNS = frozenset({"removal", "tutor", "tutors", "sweeper", "sweepers", "wipe", "wipes", "counter",
                           "counters", "target", "whenever", "cast", "casts", "casting"})
_OPTIONAL_LETTER = re.compile(r"[a-z]\?")
_TRAILING_STAT = re.compile(r" (power|toughness|loyalty)\b(?![\w:<>=!])", re.IGNORECASE)
_LEADING_COST = re.compile(r"(?<![\w:<>=!\"])(?:cmc|mv|mana value|costs?|costing)(?: of)? $", re.IGNORECASE)


# "cost 1 or 2", "1-3 mana", "mana value 2 or 3", "between 2 and 4 mana": a range of costs (a cost word before it or
# "mana" after it says so: "1 or 2 cards" is no cost)
_RANGE = re.compile(
    rf"(?<![\w:<>=!\"/(-])(?P<before>(?:(?:that |which )?(?:costs?|costing)|mana value|cmc|mv|between)(?: of)? )?"
    rf"{_NUMBER} ?(?:or|to|and|-|–) ?{_NUMBER}(?P<after>{_MANA})?(?![\w:\")])", re.IGNORECASE)


_SHORT_COUNTERS = re.compile(r"(?<![\w/+-])(?<![+-]1 )([+-])1 (?=counters?\b)", re.IGNORECASE)  # not "+1 +1 counter"


def _prose_ranges(query: str) -> tuple[str, list[Chip]]:
    """Read ranges of mana value ("counterspells that cost 1 or 2": ``mv>=1 mv<=2``) before the query language or
    the other readings take their "or" and their numbers; the query with them blanked (positions kept)."""
    chips: list[Chip] = []
    characters = list(query)
    for match in _RANGE.finditer(query):
        low, high = _number(match.group(2).lower()), _number(match.group(3).lower())
        if query[: match.start()].count('"') % 2 or not (match.group("before") or match.group("after")) or \
                not low < high:
            continue
        chips.append(Chip(match.group(), f"mv>={low} mv<={high}", "mv"))
        characters[match.start(): match.end()] = " " * (match.end() - match.start())
    return "".join(characters), chips


_MANA_AFTER = re.compile(r" mana\b", re.IGNORECASE)
_MAKES_MANA = r"(?:makes?|produces?|adds?|generates?)"  # what a card does with the mana it makes
_MADE_BEFORE = re.compile(rf"\b(?:{_MAKES_MANA}|taps? for) $", re.IGNORECASE)


# What makes a prose "or" a "neither": "not white or black", "that isn't a land or creature", "not in red or green"
_NEGATION_BEFORE = re.compile(r"(?<![\w'])(?:(?:that|which|it)(?:'s| is| are)? )?(?:not|isn'?t|aren'?t|without|except|"
                              r"excluding|no|neither)(?: (?:in|an?|any))? $", re.IGNORECASE)


# "Find instant-speed creature removal ... with mana value 2 or less": the request's first word, not a tutor's "find"
# (which names what it finds: "find a creature with mana value 2 or less")
_FIND_OPENING = re.compile(r"(?:please |can you |could you )?find(?: me)?(?= (?!(?:a|an|target|another|up|one|two|"
                           r"three)\b)[a-z])")


def _prose_or(query: str) -> tuple[str, list[Chip]]:
    """Read the "or" of prose ("3 or less", "instant or sorcery", "red or green") before the query language takes
    it as its operator; returns the query with those words blanked (positions kept) and their chips."""
    chips: list[Chip] = []
    characters = list(query)
    # the request's opening, read on the whole (see _command), or an agent's "Find" before what it asks for
    opening = _COMMAND.match(query.lower()) or _FIND_OPENING.match(query.lower())
    for match in _PROSE_OR.finditer(query):
        before = query[: match.start()]
        words_before = before.lower().split()
        acting = len(words_before)
        while acting and _modifies(words_before[acting - 1]):  # "destroy every artifact and enchantment"
            acting -= 1
        previous = words_before[acting - 1] if acting else ""
        groups = [g.lower() if g else g for g in match.groups()]
        start, end = match.start(), match.end()
        negated = _NEGATION_BEFORE.search(before) if groups[6] or groups[8] else None
        if negated:  # "removal that isn't red or green": what the card is not, unless what it acts on is not
            ahead = before[: negated.start()].lower().split()  # ("destroy all creatures that aren't white")
            # ("not in white or green" is the card's colours: a card is "in" a colour)
            acted_on = bool(ahead) and ahead[-1] in _TYPE_WORDS and bool(set(ahead[:-1]) & _OBJECT_MARKERS) and \
                not negated.group().rstrip().endswith(" in")
        else:  # (a clause a comma closed acts on nothing after it: "creatures with flying, white or black")
            clause = before.lower().rsplit(",", 1)[1].split() if "," in before else words_before
            acted_on = previous in _OBJECT_MARKERS or any(w in _CLAUSE_WORDS for w in clause)
        following = query[match.end():].split()[:1]
        if groups[6] and following and following[0].lower() in _OBJECT_NOUNS | _RULES_TEXT_FOLLOWERS and \
                {_TYPE_WORDS[groups[6]], _TYPE_WORDS[groups[7]]} <= _PERMANENT_TYPES:
            continue  # "artifact or enchantment removal", "creatures or planeswalkers you control"
        if groups[6] and following and following[0].lower().strip(",.;:?!") in _PAYOFF_NOUNS:
            continue  # "instants and sorceries matter": what cares about them (the payoff tags), not the two types
        if before.count('"') % 2 or (acted_on and (groups[6] or groups[8] or groups[10])):
            continue
        if negated:  # "board wipes not white or black", "ramp that isn't a land or creature": neither
            start = negated.start()
            pair = [_TYPE_WORDS[groups[6]], _TYPE_WORDS[groups[7]]] if groups[6] else \
                [_SINGLE_COLORS[groups[8]], _SINGLE_COLORS[groups[9]]]
            chip = Chip(query[start: end], " ".join(f"-{'t' if groups[6] else 'c'}:{kind}" for kind in pair),
                        "type" if groups[6] else "colour")
        elif groups[6]:
            kinds = [_TYPE_WORDS[groups[6]], _TYPE_WORDS[groups[7]]]
            chip = Chip(match.group(), f"(t:{kinds[0]} or t:{kinds[1]})", "type")
        elif groups[8]:
            # "in white, red or green": the colours listed before the "or" too
            listed = _COLOURS_LISTED.search(before)
            start = listed.start(1) if listed else start
            colours = f"{listed.group(1) if listed else ''} {groups[8]} {groups[9]}".replace(",", " ").lower()
            chip = Chip(query[start: end], f"id<={_letters(colours)}", "colour")
        elif groups[10]:
            op = "<=" if groups[12] in ("smaller", "less", "lower") else ">="
            chip = Chip(match.group(), f"pow{op}{groups[10]} tou{op}{groups[11]}", "power")
        else:
            number, stat, word = (groups[0], groups[1], groups[2]) if groups[0] else (groups[4], groups[3], groups[5])
            trailing = _TRAILING_STAT.match(query, end) if not stat else None  # "5 or more power"
            if trailing:
                stat, end = trailing.group(1).lower(), trailing.end()
            counted = following and following[0].lower().strip(",.;:?!") in _COUNTED and \
                not _LEADING_COST.search(before)  # not "mana value 7 or more creatures"
            if not stat and words_before[-1:] and words_before[-1] in _AMOUNT_KEYWORDS and _number(number) <= 99:
                # "crew 2 or less", "equip 3 or more", "scry 2 or more": the keyword's cost or amount, any up to (or
                # from) the number
                keyword = words_before[-1]
                costs = _amounts(_number(number), word in ("more", "greater", "higher", "above"))
                start = len(before.rstrip()) - len(keyword)
                chips.append(Chip(query[start: end], _activation_syntax(keyword, costs), "oracle"))
                characters[start: end] = " " * (end - start)
                continue
            if not stat and words_before[-1:] == ["by"]:  # "can't be blocked except by two or more creatures"
                characters[start: end] = list(number.ljust(end - start))
                continue
            if not stat and (counted or word in ("more", "greater", "higher", "above") and (
                    words_before[-1:] and words_before[-1] in _AMOUNT_VERBS or
                    following and following[0].lower().strip(",.;:?!") in _AMOUNT_NOUNS)):
                # "cards that mill 10 or more", "draw 3 or more cards": how many, not a cost; the number stays a word
                # (and "if i control two or more other lands")
                characters[start: end] = list(number.ljust(end - start))
                continue
            op = ">=" if word in ("more", "greater", "higher", "above") else "<="
            key = _STAT_KEYS.get(stat, "mv")
            made = _MANA_AFTER.match(query, end)
            if made and not stat and op == ">=" and _MADE_BEFORE.search(before):
                end = made.end()  # "creatures that make 2 or more mana": what one activation adds, no cost
                chips.append(Chip(query[start: end], _adds_syntax(_number(number)), "oracle"))
                characters[start: end] = " " * (end - start)
                continue
            leading = _LEADING_COST.search(before) if key == "mv" else None  # "cmc 3 or less", "costing 2 or less"
            start = leading.start() if leading else match.start()
            # (not the request's opening "search for", "find": _command's, no action of the card's)
            skip = opening.end() if opening and opening.end() <= len(before) else 0
            verbs = _ACTING_VERBS & set(before.lower()[skip:].split())
            # (a noun names the card itself: "black removal with mana value 2 or less" costs 2 or less, as
            # _comparisons reads "removal with mana value less than 3")
            if (stat and verbs) or (leading and verbs - _ACTING_NOUNS and
                                    before[: leading.start()].lower().endswith("with ")):
                # "destroy creatures with power 3 or less", "exile a creature with mana value 2 or less": the stat
                # of what the card acts on, in card wording
                words = f"{stat or 'mana value'} {_number(number)} or {'greater' if op == '>=' else 'less'}"
                chips.append(Chip(query[start: end], f'o:"{words}"', "oracle"))
                characters[start: end] = " " * (end - start)
                continue
            excluded = _EXCLUDED_COST.search(before) if key == "mv" else None
            if excluded:  # "creatures except those that cost 4 or more": the costs left out, the others asked for
                start, op = excluded.start(), _OPPOSITE_COMPARISONS[op]
            chip = Chip(query[start: end], f"{key}{op}{_number(number)}", stat or "mv")
        chips.append(chip)
        characters[start: end] = " " * (end - start)
    return "".join(characters), chips


_BOOLEAN_MARK = re.compile(r"[()]|\bOR\b|\bAND\b")
_PLAIN_OR = re.compile(r"(?<=\s)or(?=\s)")
_PLAIN_WORD = re.compile(r"[^\s:=<>\"()!-][^\s:=<>\"()]*")


# A comparison sign standing apart from its number ("removal <= 2mv", "creatures >= 5 power")
_SPACED_COMPARISON = re.compile(r"(?<!\S)(<=|>=|<|>)( +)(?=\d)")
# Parentheses around words with no syntax in them ("(mana rocks such as Sol Ring or Thran Dynamo)", "(token
# doublers)"): a remark in prose, as an agent writes one, not Scryfall's grouping
# (a group inside a regular expression, "name:/^(Sol Ring|Mana Crypt)$/", is none: not after a space)
_GROUP = re.compile(r"(?<![^\s])\(([^()]*)\)(?=[\s,.;:!?]|$)")
_GROUP_SYNTAX = re.compile(r"[:=<>!\"/|^$\\]|(?:^|\s)-\S|\b(?:OR|AND)\b")


# A word that denies, before a filter typed in the syntax: "removal not t:creature", "ramp that isn't t:land",
# "counterspells except mv>=3" (it had been a word beside the filter, which then asked for what was denied)
_PROSE_NOT = re.compile(r"(?<![^\s(])(?:not|isn't|isnt|aren't|arent|except|excluding)\s+"
                        r"(?=\(|[a-z]+(?:<=|>=|!=|[:=<>])[^\s)])", re.IGNORECASE)


def _prose_not(query: str) -> tuple[str, str]:
    """``query`` with each denying word before a typed filter made the syntax's ``-`` (positions kept: "not t:land"
    is "   -t:land"), and the note that says so ("" where there is none)."""
    if not _PROSE_NOT.search(query):
        return query, ""
    out, said, last = [], [], 0
    for match in _PROSE_NOT.finditer(query):
        if query[: match.start()].count('"') % 2:  # inside a quoted phrase
            continue
        out.append(query[last: match.start()] + " " * (match.end() - match.start() - 1) + "-")
        last = match.end()
        denied = query[match.end():].split()[0] if query[match.end()] != "(" else "(...)"
        said.append((match.group().strip(), denied))
    if not said:
        return query, ""
    return "".join(out) + query[last:], (", ".join(f'"{word} {denied}"' for word, denied in said)
                                         + " read as the syntax's negation: "
                                         + ", ".join(f"-{denied}" for _, denied in said))


_COLOUR_CHIP = re.compile(r"([a-z]+(?:<=|>=|!=|[:=<>]))([wubrgc]+)")


def _colour_key(syntax: str) -> str:
    """A colour filter with its letters in one order (``id<=wg`` is ``id<=gw``), so one said twice is seen."""
    if match := _COLOUR_CHIP.fullmatch(syntax):
        return match.group(1) + "".join(sorted(match.group(2)))
    return syntax


def _prose_parentheses(query: str) -> str:
    """``query`` with the parentheses of each remark in prose blanked (positions kept), so its words are read."""
    if "(" not in query:
        return query
    return _GROUP.sub(lambda group: f" {group.group(1)} " if _is_remark(group.group(1)) else group.group(), query)


def _is_remark(inner: str) -> bool:
    """Whether the words inside parentheses are a remark: no syntax, and more than alternatives of a word or two
    ("(elf or goblin)", "through (depths or sands or mists)" keep Scryfall's grouping, which makes their words
    names). One word alone ("(black) removal", "Orzhov (white-black) cards") is a remark too: Scryfall reads a
    group of one word as the word, and a bare word here is read."""
    words = inner.lower().split()
    if _GROUP_SYNTAX.search(inner) or not words:
        return False
    if not {"or", "and"} & set(words):
        return True
    parts = " ".join(words).replace(" and ", " or ").split(" or ")
    return any(len(part.split()) > 2 for part in parts)


def _plain_or(query: str, typed: str) -> str:
    """A lower-case "or" between two plain words is prose ("enchanted creature can't attack or block", "destroy
    target artifact or enchantment mv<=3", "t:creature flying or reach"): it joins words, as in card text, and
    they all rank, rather than splitting the query into alternatives that leave no words to rank. Next to a
    field, a quote or a negation (``t:elf or t:goblin``), and in a query with parentheses or an upper-case OR or
    AND, "or" is the operator, as on Scryfall."""
    if _BOOLEAN_MARK.search(typed):
        return query
    out = list(query)
    for match in _PLAIN_OR.finditer(query):
        before, after = query[: match.start()].split(), query[match.end():].split()
        if before and after and _PLAIN_WORD.fullmatch(before[-1]) and _PLAIN_WORD.fullmatch(after[0]):
            out[match.start(): match.end()] = "  "
    return "".join(out)


def _top_words(node: Node, query: str) -> list[Text]:
    """The bare words at the top of the query (not quoted, not in parentheses, not under a negation or an ``or``)."""
    children = node.children if isinstance(node, And) else (node,)
    depth = _paren_depths(query)
    return [child for child in children if isinstance(child, Text) and not child.phrase and not depth[child.position]]


def _paren_depths(query: str) -> list[int]:
    """How many parentheses are open at each character (quoted text does not count)."""
    depths, depth, quoted = [], 0, False
    for ch in query:
        quoted = not quoted if ch == '"' else quoted
        depth += (ch == "(") - (ch == ")") if not quoted else 0
        depths.append(depth)
    return depths


def _drop_dangling_operators(query: str) -> str | None:
    """Blank an ``and`` left without a term on one side once the words around it were read; ``None`` when what is
    left does not parse (then nothing is read)."""
    for _ in range(query.lower().count("and") + 1):
        try:
            parse(query) if query.strip() else None
            return query
        except QuerySyntaxError as error:
            if query[error.position: error.position + 3].lower() != "and":
                return None
            query = query[: error.position] + "   " + query[error.position + 3:]
    return None


_ONE_TYPE = re.compile(r"t:([a-z]+)")


def _typed_types(node: Node | None, negated: bool = False) -> tuple[frozenset[str], frozenset[str]]:
    """The card types the query's own syntax asks for (``t:legendary``) and those it leaves out
    (``-t:legendary``), as long as they are all joined by "and"."""
    if isinstance(node, Filter) and node.key in ("t", "type") and isinstance(node.value, str) and \
            node.op in (":", "="):
        found = frozenset({node.value.lower()})
        return (frozenset(), found) if negated else (found, frozenset())
    if isinstance(node, Not):
        return _typed_types(node.child, not negated)
    if isinstance(node, And) and not negated:
        pairs = [_typed_types(child) for child in node.children]
        return frozenset().union(*(p for p, _ in pairs)), frozenset().union(*(n for _, n in pairs))
    return frozenset(), frozenset()


def _explicit_kinds(node: Node) -> frozenset[str]:
    if isinstance(node, Filter):
        return frozenset({KIND_OF_KEY[node.key]} if node.key in KIND_OF_KEY else ())
    if isinstance(node, Not):
        return _explicit_kinds(node.child)
    if isinstance(node, And | Or):
        return frozenset().union(*(_explicit_kinds(child) for child in node.children))
    return frozenset()


# mechanics whose cards are cast for less than their mana value says (cost reductions and alternative costs; not
# suspend, whose cheap cards are the ones with no mana cost: Ancestral Vision, Gaea's Will)
_COST_CUTTING_KEYWORDS = frozenset({"delve", "convoke", "affinity", "improvise", "emerge", "undaunted", "evoke", "dash",
                                    "surge", "prowl", "spectacle", "ninjutsu", "madness", "miracle", "foretell"})


_LIST_JOIN = re.compile(r"\s*(?:,|and|or|&|/|\+|,\s*(?:and|or))\s*", re.IGNORECASE)  # between two listed things


def _only_lands(state: _State, like_type: str = "") -> bool:
    """Whether the kinds of card the request asks for are lands only ("dual lands", "cheap lands that enter
    untapped", a land cycle, cards like a land whose type line is ``like_type``: "cheap alternative to Scalding
    Tarn"), not lands it acts on ("land destruction", "tutor a land", "not a land")."""
    kinds = {_TYPE_WORDS.get(word.lower) for word in state.words} - {None}
    if kinds - {"land"}:
        return False
    if like_type.startswith("Land"):
        return True
    # (a cycle, or the lands doing what it does: "-is:fetchland t:land" for "budget fetchlands")
    cycles = any(chip.syntax.startswith(("is:", "-is:")) and chip.syntax.split()[0].endswith(("land", "dual"))
                 for chip in state.chips)
    return cycles or any(_TYPE_WORDS.get(word.lower) == "land" and not _is_object(state, index)
                         and _after(state, index + 1, 1) not in _OBJECT_NOUNS
                         and not set(_before(state, index, 2).split()) & _DENYING
                         for index, word in enumerate(state.words))


def _names_type(state: _State, kind: str) -> bool:
    """Whether a word of the request names that card type ("lands", "creature")."""
    return any(_TYPE_WORDS.get(word.lower) == kind for word in state.words)


def _before(state: _State, index: int, count: int = 2) -> str:
    return " ".join(w.lower for w in state.words[max(0, index - count): index])


def _said_before(state: _State, index: int) -> set[str]:
    """Every word of the request before ``index``."""
    return {word.lower for word in state.words[:index]}


def _after(state: _State, index: int, count: int = 2) -> str:
    return " ".join(w.lower for w in state.words[index: index + count])


def _release(state: _State, chip: Chip) -> None:
    """Give back the words of a chip that explicit syntax overruled, so they rank as words again."""
    taken = chip.words.split()
    for start in range(len(state.words) - len(taken) + 1):
        if [w.text for w in state.words[start: start + len(taken)]] == taken:
            for word in state.words[start: start + len(taken)]:
                word.used = False
            return


# the words joining a similar-cards request's card and filters, and the question around it ("what's a good sol
# ring replacement")
_GLUE = _ASKING | {"but", "and", "deck", "only", "what's", "whats", "version", "versions", "of", "use", "please",
                   "do", "does", "the"}  # ("cards that do the same thing as Smothering Tithe")


def _drop_like_glue(state: _State) -> None:
    """"like Rhystic Study but in black": once the card and the filters are read, the words that joined them say
    nothing to rank by (left, they would turn the similar-cards search into a ranked one)."""
    free = [word for index, word in enumerate(state.words) if state.free(index)]
    if state.like is not None and free and all(word.lower in _GLUE for word in free):
        for word in free:
            word.used = True


# An agent's labels ("Constraints: color identity black, mana value <= 3"): once what they label is read, as a filter
# or as typed syntax, they say nothing to rank by ("color identity" had ranked Arcane Signet and Command Tower,
# "mana value" Spell Snare); a label of nothing in particular always goes
_LABELS = {("mana", "value"): "mv", ("converted", "mana", "cost"): "mv", ("cmc",): "mv",
           ("color", "identity"): "colour", ("colour", "identity"): "colour", ("color",): "colour",
           ("colour",): "colour", ("colors",): "colour",
           ("colours",): "colour", ("identity",): "colour", ("legal", "in"): "format", ("legal",): "format",
           ("format",): "format",
           ("constraints",): "", ("constraint",): "", ("requirements",): "", ("criteria",): ""}
_LONGEST_LABEL = max(len(label) for label in _LABELS)
_LIST_LABELS = frozenset(label[0] for label, kind in _LABELS.items() if not kind)  # "Constraints:", "Criteria:"


# what an agent's request labels its parts with ("role: ramp", "need: card advantage | identity: mono-red")
_COLON_LABELS = frozenset({"role", "roles", "function", "functions", "otag", "oracletag", "need", "needs", "want",
                           "wants", "request", "query", "task", "goal", "colors", "colours", "color", "colour",
                           "identity", "type", "types", "budget"})


def _drop_labels(state: _State, kinds: frozenset[str] | set[str], query: str) -> None:
    for index, word in enumerate(state.words):
        if query[word.end:word.end + 1] == ":" and word.lower in _COLON_LABELS and state.free(index):
            word.used = True
    index = 0
    while index < len(state.words):
        size = next((size for size in range(_LONGEST_LABEL, 0, -1)
                     if (kind := _LABELS.get(tuple(w.lower for w in state.words[index:index + size]))) is not None
                     and (not kind or kind in kinds) and all(state.free(i) for i in range(index, index + size))), 0)
        for word in state.words[index:index + size]:
            word.used = True
        index += size or 1


def _drop_filler(state: _State) -> None:
    """"cards", "spells" right after a word read as a filter ("blue cards") say nothing more, unless they begin
    a function ("red card draw", "blue card advantage"); nor does "but" right before one ("o:treasure but in
    jund", "ramp but not green": it had ranked as a word)."""
    for index, word in enumerate(state.words):
        following = _after(state, index + 1, 1)
        if word.lower in _FILLER and not word.protected and index and state.words[index - 1].used \
                and state.chips and state.chips[-1].kind != "like" and following not in _CARD_FUNCTIONS:
            word.used = True
        elif word.lower == "but" and not word.used and not word.protected and index + 1 < len(state.words) and \
                state.words[index + 1].used and not state.words[index + 1].protected and state.chips:
            word.used = True


# A denial no rule read as a filter ("draw spells without paying life", "tutors that don't go to hand"): its words
# would rank the very cards it denies (life-gain cantrips, tutors to hand), so they leave the ranking, with a note.
# Only a denial of what the card is or does: "that don't ...", "without paying ..." ("my deck doesn't have a sac
# outlet" asks for one; "creatures without summoning sickness" is haste by meaning). A tag's phrasing that holds the
# denial ("doesn't untap", "cast without paying its mana cost") is no denial.
_UNREAD_DENIERS = frozenset({"don't", "dont", "doesn't", "doesnt", "isn't", "isnt", "aren't", "arent"})
_DENIER_PAIRS = frozenset({("do", "not"), ("does", "not"), ("is", "not"), ("are", "not")})
_DENIAL_ENDS = frozenset({"and", "or", "but", "that", "which", "who", "while", "so", "&", "+"})
_OWNER_AS_ITS = {"their": "its", "your": "its", "the": "its", "his": "its", "her": "its"}
_LACKING = frozenset({"have", "has", "run", "play", "need", "get", "got", "own", "know", "want", "like", "see"})
_DENIAL_KEPT = frozenset({"more", "less", "than", "fewer", "my", "own", "i", "us", "our", "mine", "myself"})
_NOT_DOING = frozenset({"being", "getting", "having", "summoning"})  # ("without being a jerk about it", "without
# summoning sickness": no card's own doing)


def _denied_phrasings() -> frozenset[tuple[str, ...]]:
    said: set[tuple[str, ...]] = set()
    for tag in TAGS:
        for phrasing in tag.phrasings:
            words = phrasing.split()
            for index, word in enumerate(words):
                pair = tuple(words[index:index + 2])
                if word in _UNREAD_DENIERS or word == "without" or pair in _DENIER_PAIRS:
                    after = words[index + (2 if pair in _DENIER_PAIRS else 1):][:2]
                    said.add(tuple(_OWNER_AS_ITS.get(w, w) for w in after))
    return frozenset(said)


_DENIED_PHRASINGS = _denied_phrasings()


def _denial_at(state: _State, index: int) -> int:
    """How many words deny at ``index`` ("that don't", "without paying": 2, "which is not": 3), or 0."""
    words = state.words
    if words[index].lower == "without":
        following = _after(state, index + 1, 1)
        return 1 if following.endswith("ing") and following not in _NOT_DOING else 0
    if words[index].lower in _UNREAD_DENIERS and index and state.typed and \
            re.search(r"\band\b", state.typed[words[index - 1].end:words[index].start]):
        size = 1  # "artifacts that cost 0 and aren't mana producers" (a prose "and" is no word)
    elif words[index].lower in ("that", "which", "who"):
        size = 2 if _after(state, index + 1, 1) in _UNREAD_DENIERS else \
            3 if tuple(_after(state, index + 1, 2).split()) in _DENIER_PAIRS else 0
    else:
        return 0
    # ("and don't have a sac outlet": what the deck lacks is asked for)
    return size if size and _after(state, index + size, 1) not in _LACKING else 0


def _drop_unread_denials(state: _State) -> None:
    words = state.words
    index = 0
    while index < len(words):
        size = _denial_at(state, index)
        if not size or not all(state.free(i) for i in range(index, index + size)):
            index += 1
            continue
        stop = index + size
        while stop < len(words) and stop - index - size < 5 and state.free(stop) and \
                words[stop].lower not in _DENIAL_ENDS:
            stop += 1
            if words[stop - 1].text.endswith((",", ";", ".", "?", "!")):
                break
        denied = tuple(_OWNER_AS_ITS.get(w.lower, w.lower) for w in words[index + size:stop])
        # (a tag's phrasing; a bound, "doesn't cost more than 2 to equip"; the player's own side, which meaning
        # reads: "auras that aren't for my own creatures")
        kept = any(denied[:len(said)] == said for said in _DENIED_PHRASINGS) or \
            any(word[:1].isdigit() or word in _DENIAL_KEPT for word in denied)
        others = any(state.free(i) and words[i].lower not in _FILLER for i in [*range(index), *range(stop, len(words))])
        if stop > index + size and not kept and (others or state.chips):
            for word in words[index:stop]:
                word.used = True
            state.notes.append(f'"{state.span(index, stop)}" is not read as a filter, so its words do not rank (they '
                               "would rank the cards it denies)")
        index = stop


def _with_corrections(query: str, corrected: list[_Word]) -> str:
    """The query with each typo (a word no rule took) replaced by the word it was read as."""
    for word in sorted(corrected, key=lambda w: w.start, reverse=True):
        start = word.start + len(word.text) - len(word.text.lstrip(",.;:?!"))
        query = query[:start] + word.lower + query[start + len(word.text.strip(",.;:?!")):]
    return query


def _without(query: str, used: list[_Word]) -> str:
    """The query with the words read blanked out, so the syntax left keeps its positions for error messages."""
    characters = list(query)
    for word in used:
        characters[word.start: word.end] = " " * (word.end - word.start)
    return "".join(characters).rstrip()


def _number(text: str) -> int:
    return int(text) if text.isdecimal() else _NUMBER_WORDS[text]


MAX_LIST_ITEM = 4  # words of a listed constraint after a comma ("black", "white instants", "legal in Commander")


def _list_item_start(state: _State, index: int) -> int:
    """Where the listed constraint holding the word at ``index`` begins: after the last comma before it, when the
    words from there to the next comma are few (:data:`MAX_LIST_ITEM`); else 0 ("whenever you gain life, put a
    +1/+1 counter on this creature" is one sentence of rules text, its comma no list's)."""
    comma = max((i for i, w in enumerate(state.words[:index]) if w.text.endswith((",", ";"))), default=-1)
    if comma < 0:
        return 0
    end = next((i + 1 for i in range(index, len(state.words)) if state.words[i].text.endswith((",", ";"))),
               len(state.words))
    return comma + 1 if end - comma - 1 <= MAX_LIST_ITEM else 0


# Words that open the ask itself after a sentence of context ("tired of my deck running out of gas, what are green
# cards that draw"): a clause of the context does not reach past them
_ASK_OPENERS = frozenset({"what", "whats", "what's", "which", "any", "anything", "need", "looking", "suggest",
                          "recommend", "show", "give", "find", "best", "good", "i"})


def _sentence_start(state: _State, index: int) -> int:
    """Where the sentence holding the word at ``index`` begins: after the last comma, question mark or full stop
    before it that an ask's opening follows (:data:`_ASK_OPENERS`), or after an agent's label of a list ("... counter
    noncreature spells. Constraints: blue, mana value 1": what it lists is asked, not acted on), else 0."""
    for i in range(index, 0, -1):
        if state.words[i - 1].lower.rstrip(":") in _LIST_LABELS or i < index and \
                state.words[i - 1].text.endswith((",", "?", ".", "!", ";")) and state.words[i].lower in _ASK_OPENERS:
            return i
    return 0


def _in_clause(state: _State, index: int) -> bool:
    """Whether a clause about what the card does ("that steal ...", "protection from ...") came before."""
    # not "Wrath of God"; a question's first word opens no clause ("which red cards destroy enchantments")
    # nor "lots of": an amount ("lots of cheap creatures" are creatures)
    # nor a comparison read as a cost already ("less than 2 cmc black creatures": the cost, then what the card is)
    # nor one a comma closed ("Return creature cards to the battlefield, black, sorcery": a list of what is asked)
    opened = max(_list_item_start(state, index), _sentence_start(state, index), _after_the_deck(state, index))
    return any(w.lower in _CLAUSE_WORDS and not w.protected and not (w.used and w.lower == "than") and
               not (i == 0 and w.lower in _QUESTION_WORDS)
               and not (w.lower == "of" and i and state.words[i - 1].lower in _AMOUNTS)
               and not _opens_the_ask(state, i)
               for i, w in enumerate(state.words[:index]) if i >= opened)


def _opens_the_ask(state: _State, index: int) -> bool:
    """Whether the clause word at ``index`` only opens what is asked for: a demonstrative "that" ("what's that blue
    card that ...", "that card that ...") or the "for" of "looking for the white enchantment that ...", after
    which the colour and type are the card's own (they had been read as what it acts on: nothing was read)."""
    word, previous = state.words[index].lower, state.words[index - 1].lower if index else ""
    if word == "that":
        return index == 0 or previous in _ASKING_WHICH
    return word == "for" and previous in _LOOKING


_ASKING_WHICH = frozenset({"what's", "whats", "what", "is", "was", "remember", "know", "find", "called", "named"})
_LOOKING = frozenset({"looking", "hunting", "look", "seeking"})  # (not "search for a land": a tutor's words)


_QUESTION_WORDS = frozenset({"which", "who"})
_THE_DECK = re.compile(r"(?:for|in) (?:my |our |a |an |the )?(?:commander|deck|list|build)")


def _after_the_deck(state: _State, index: int) -> int:
    """Where the words after the last "for my commander" / "for my deck" before ``index`` begin: the deck closes
    the clause its "for" opened ("protection for my commander white instant" asks for white instants), else 0."""
    words = [w.lower for w in state.words[:index]]
    for start in range(len(words) - 2, -1, -1):
        for size in (3, 2):
            if start + size <= len(words) and _THE_DECK.fullmatch(" ".join(words[start: start + size])):
                return start + size
    return 0


def _is_object(state: _State, index: int) -> bool:
    """Whether the words before make this one what the card acts on ("destroy target black creature", "find an
    artifact"): the first word before it, past articles, numbers and colours, is an action or a preposition."""
    position = _position_before_modifiers(state, index)
    before = state.words[position].lower if position >= 0 else ""
    # (a comma among the modifiers ends what acts: "destroy target artifact, red instant")
    # ("destroy target artifact, enchantment" lists what is destroyed)
    comma = next((i for i in range(index - 1, position, -1) if state.words[i].text.endswith((",", ";"))), position)
    listed = comma == index - 1 and _TYPE_WORDS.get(state.words[comma].text.lower().rstrip(",;")) and \
        _TYPE_WORDS.get(state.words[index].lower) in _PERMANENT_TYPES
    if comma >= 0 and state.words[comma].text.endswith((",", ";")) and not listed and \
            _list_item_start(state, index) and not _in_clause(state, index):
        return False  # "... until end of turn, white instants": a list's next item, which nothing acts on
    if before in _VERBS_ALSO_KINDS:  # "blink a white creature", not "blink creatures" ("my opponent keeps blinking
        # creatures" is a complaint: theirs)
        return any(word.lower in _ARTICLES for word in state.words[position + 1: index]) or \
            _complained_of(state, index)
    if before == "enough":  # "i never have enough lands": what the deck lacks, not the kind of card asked for
        return True
    if before == "target" and _before(state, position, 1) == "any":
        return False  # "damage to any target red": rules text's "any target" ends; the colour is the cards' own
    if before in _STATES and (state.words[position].used or  # "untapped lands": a rule read what the lands do
                              before == "untapped" and
                              any(w.lower.strip(",.;:?!") in ("land", "lands", "dual", "duals")
                                  for w in state.words[index:index + 3])):  # "untapped boros dual lands"
        before = ""
    elif position >= 0 and before in ("for", "that") and _opens_the_ask(state, position):
        before = ""  # "looking for the white enchantment", "what's that blue card": the card asked for
    elif before in ("find", "show", "give", "list", "suggest", "recommend") and position > 0 and (
            state.words[position - 1].text.endswith((";", ".", ":", ",", "!", "?"))
            or state.words[position - 1].lower in ("please", "me", "us", "pls", "plz")):
        # "I'm building X; find artifacts that tap for mana", "help me find enchantments": the player's own ask, not
        # what a card finds ("find a land" opening a request stays a tutor's)
        before = ""
    elif before in _QUANTITIES and (_after(state, index + 1, 1) in _RELATIVES or
                                    "like" in _after(state, index + 1, 2).split() or
                                    _before(state, position, 1) in _WANTING and
                                    _after(state, index + 1, 1) not in ("", "in", "on", "out", "into", "onto")):
        before = ""  # "more artifacts that draw cards", "more mana dorks like llanowar elves" are artifacts, creatures;
        # "more creatures" to make stay objects
        # ("jhoira needs more artifacts to bring out": what the deck wants; "need more creatures" alone may be
        # creatures to make)
    elif before == "of" and position > 0 and state.words[position - 1].lower in _AMOUNTS:
        # an amount says how many: "lots of cheap creatures" are creatures, "destroy a bunch of creatures" not
        position = _position_before_modifiers(state, position - 1)
        before = state.words[position].lower if position >= 0 else ""
        if before in _DECK_HAS and _before(state, position, 1) in ("i", "we", "deck", "it", "list"):
            return True  # "i run lots of artifacts, what rewards that": what the deck has, not the cards asked for
    return before in _OBJECT_MARKERS or _in_clause(state, index) or _complained_of(state, index)


# what a player's deck does with its cards ("i play a lot of", "my deck runs tons of")
_DECK_HAS = frozenset({"play", "plays", "run", "runs", "have", "has", "use", "uses", "make", "makes", "cast", "casts"})
# Markers that say how many or in what state, not what is done: beside a rule that read them, or before a clause
# saying what the card does, the type after them is the kind of card asked for
_STATES = frozenset({"tapped", "untapped"})
_QUANTITIES = frozenset({"more", "extra"})
_RELATIVES = frozenset({"that", "which", "who"})
_WANTING = frozenset({"need", "needs", "want", "wants", "needing", "wanting", "lacks", "missing", "play", "run"})
_AMOUNTS = frozenset({"lots", "lot", "plenty", "tons", "ton", "bunch", "loads", "load", "handful", "couple", "few"})


def _complained_of(state: _State, index: int) -> bool:
    """Whether the word is in what a complaint names as beating the player ("artifacts keep beating me", "I keep
    losing to fliers"): theirs, what the cards asked for must answer."""
    if _LOSES_TO.search(_before(state, index, 6)):
        return True
    if state.complained is None:  # once per request: which words the complaint's subject spans (none: 0, 0)
        said = " ".join(w.lower for w in state.words)
        subject = BEATEN_BY.match(said) or THEIRS_BY_PLACE.search(said)
        first = said[: subject.start(1)].count(" ") if subject else 0
        state.complained = (first, first + len(subject.group(1).split())) if subject else (0, 0)
    return state.complained[0] <= index < state.complained[1]


_LOSES_TO = re.compile(rf"\b(?:{LOSES_TO})\b")


def _word_before_modifiers(state: _State, index: int) -> str:
    """The first word before ``index`` past articles, numbers, colours, types and adjectives ("" at the start)."""
    position = _position_before_modifiers(state, index)
    return state.words[position].lower if position >= 0 else ""


def _position_before_modifiers(state: _State, index: int) -> int:
    """Where :func:`_word_before_modifiers` finds its word (-1 at the start)."""
    previous = index - 1
    while previous >= 0 and _modifies(state.words[previous].lower):
        previous -= 1
    return previous


# Adjectives that stand between an action and what it acts on: "steal their best creature", "kill the biggest
# creature", "exile my opponent's scariest artifact"
_RANKING_ADJECTIVES = frozenset({"best", "biggest", "strongest", "largest", "scariest", "worst", "favorite",
                                 "favourite", "annoying", "problematic", "problem", "key", "most",
                                 # sizes and costs of what is acted on ("destroy big creatures")
                                 "big", "huge", "large", "small", "little", "tiny", "cheap", "expensive",
                                 "dead", "fallen",  # "bring a dead creature back"
                                 # "answer a resolved planeswalker", "kill an opposing creature"
                                 "resolved", "opposing", "enemy", "giant", "massive", "single",
                                 "voltron"})  # "stop a voltron commander": the one to beat


def _modifies(word: str) -> bool:
    """Articles, numbers, power/toughness, colours (and colour groups' names: "boros"), types and ranking
    adjectives stand between an action and what it acts on."""
    return word in _DETERMINERS or word in _SINGLE_COLORS or word in _GROUPS or word in _TYPE_WORDS \
        or bool(_STAT_WORD.match(word)) \
        or word in _RANKING_ADJECTIVES or word in _ADJECTIVE_KEYWORDS \
        or (word.startswith("non") and word.removeprefix("non").lstrip("-") in (*_SINGLE_COLORS, *_TYPE_WORDS))


_STAT_WORD = re.compile(r"^(\d+|x|\*)/(\d+|x|\*)$|^[+-]\d+/[+-]\d+$|^[+-]?\d+$")


# the kinds of card a colour after "of" may be the colour of ("planeswalkers of red"), and the words after that colour
# that leave it the cards' own (not "cards of red creatures": what they care about)
_OF_COLOUR_KINDS = frozenset({*_TYPE_WORDS, "cards", "spells", "removal", "ramp", "counterspells", "flyers", "fliers",
                              "tutors", "wipes"})
_OF_COLOUR_ENDS = frozenset({"", "that", "which", "with", "for", "in", "cheap", "under", "and"})


def _colour_of_cards(state: _State, index: int) -> bool:
    """Whether the "of" at ``index`` gives the cards their colour: between a kind of card and a colour that closes
    the phrase ("planeswalkers of red", "instants of blue that draw"); never inside a card's name."""
    if not index or state.words[index].protected or state.words[index - 1].lower not in _OF_COLOUR_KINDS:
        return False
    colour = _after(state, index + 1, 1)
    return colour in COLOR_NAMES and colour != "colorless" and _after(state, index + 2, 1) in _OF_COLOUR_ENDS


def _read_as(state: _State, word: _Word, meaning: str, why: str = "") -> None:
    """Read ``word`` as ``meaning`` from now on (the query runs it so), with a note saying so and ``why``."""
    state.notes.append(f'"{word.lower}" read as "{meaning}"{why}')
    word.lower, word.corrected = meaning, True
    state.seen = None  # the words as read changed


def _needs(pattern: re.Pattern) -> tuple[str, ...]:
    """Text at least one part of which ``pattern`` cannot match without: the words :data:`_NEEDS` gives, else those
    :func:`required_parts` tells from the pattern (``("",)``, which every text holds, where it tells none)."""
    return _gate(pattern)[1]


def _gate(pattern: re.Pattern) -> tuple[re.Pattern, tuple[str, ...], re.Pattern | None]:
    """``pattern``, :func:`_needs`'s parts and one regular expression finding any of them (see
    :func:`~grimoire.search.literals.finder`)."""
    gate = _GATES.get(id(pattern))  # by identity: hashing a pattern hashes its whole compiled code
    if gate is None or gate[0] is not pattern:  # (an id a freed pattern had is not that pattern's gate)
        parts = _NEEDS.get(id(pattern)) or required_parts(pattern) or ("",)
        gate = _GATES[id(pattern)] = (pattern, parts, finder(parts))
    return gate


_GATES: dict[int, tuple[re.Pattern, tuple[str, ...], re.Pattern | None]] = {}


def _seen(state: _State) -> str:
    """The request's words, lower case, joined (kept until the words read change)."""
    if state.seen is None:
        state.seen = " ".join(word.lower for word in state.words)
    return state.seen


def _matches(state: _State, pattern: re.Pattern):
    """Matches of ``pattern`` over runs of free words, as (match, first word, word after the last)."""
    found = _gate(pattern)[2]
    if found is not None and found.search(_seen(state)) is None:
        return  # text the pattern cannot match without is not in the request
    words = state.words
    index = 0
    while index < len(words):
        if not state.free(index):
            index += 1
            continue
        stop = index + 1
        while state.free(stop):
            stop += 1
        run = words[index:stop]
        text = " ".join(w.lower for w in run)
        if pattern.search(text) is None:  # no match anywhere in the run, so none at a word's start (most rules)
            index = stop
            continue
        starts = [0]
        for word in run[:-1]:
            starts.append(starts[-1] + len(word.lower) + 1)
        # tried at each word's start only: a match inside a word ("lifegaIN COMMANDERs") must not hide one that
        # begins at the next word ("commanders")
        reached = 0
        for offset, start in enumerate(starts):
            if start < reached:
                continue
            match = pattern.match(text, start)
            if match is None or not (match.end() == len(text) or text[match.end()] == " "):
                continue
            reached = max(match.end(), start + 1)
            first = index + offset
            last = index + bisect_left(starts, match.end())  # (the words begun before its end, an empty one too)
            if all(state.free(i) for i in range(first, last)):
                yield match, first, last
        index = stop


# -- the rules ---------------------------------------------------------------------------------------------------

def _letters(words: str) -> str:
    found = {_SINGLE_COLORS[w] for w in re.findall(_COLOR_WORD, words)}
    return "".join(c for c in _WUBRG if c in found)


_FIVE_COLORS = r"five[- ]colou?r(?:ed)?|5[- ]?colou?r(?:ed)?|5c|wubrg|rainbow"
_MANA_MAKERS = frozenset({"rock", "rocks", "dork", "dorks", "fixing", "fixers", "fixer", "ramp"})  # lands: produces:
# ("for a 3 color esper deck": the count before a group's name says it again)
_DECK_COLOR = rf"(?:mono[- ]?(?:colou?red |colou?r )?|" \
    rf"(?:two|three|four|2|3|4)[- ]?colou?r(?:ed)? (?={'|'.join(_GROUPS)}))?" \
    rf"({_COLOR_LIST}|{'|'.join(_GROUPS)}|colou?rless|{_FIVE_COLORS})"
_DECK_COLORS = re.compile(rf"(?:for|in) (?:a |an |my )?{_DECK_COLOR}(?: decks?| edh| commanders?| builds?| lists?)?|"
                          rf"my {_DECK_COLOR} (?:decks?|edh|builds?|lists?)|"  # "my red deck needs card draw"
                          # "I'm playing mono red, so ...", "I'm on Boros", "I play green": the player's deck
                          rf"(?:i'?m|i am|we'?re|we are|i|we) (?:playing|play|on|running|brewing) (?:an? )?"
                          rf"{_DECK_COLOR}(?: decks?| edh| builds?| lists?)?")
# "my simic ramp deck", "my selesnya enchantress deck": the deck's colours, then its theme (which still ranks)
_DECK_THEME_COLORS = re.compile(rf"my ({_DECK_COLOR}) (?:[a-z+/'1-9-]+ ){{1,2}}(?:decks?|edh|builds?|lists?)")


def _recoloured(state: _State, first: int, letters: str) -> bool:
    """Whether the colour from word ``first`` recolours the card a similar-cards request names: "Sol Ring but
    green", "like Rhystic Study but in black" ask for a card of that colour, not for one a deck of that colour can
    play (colourless cards, the nearest to Sol Ring, would answer nothing new)."""
    if state.like is None or len(letters) != 1:
        return False
    return _before(state, first, 1) == "but" or \
        first == state.like_end and state.words[first].lower == "in" or \
        _before(state, first, 1) == "in" and first - 1 == state.like_end or \
        re.match(r"versions? of\b", _after(state, first + 1, 2)) is not None  # "cyclonic rift in white", "a red
    # version of swords"


def _recolour(reader: Reader, state: _State, letters: str) -> str:
    """The colour a similar-cards request asks its card in, and none of the card's own: "red version of
    Counterspell" is ``c:r -c:u`` (the red-blue counterspells had filled the answer, Double Negative and Ionize)."""
    dropped = [colour.lower() for colour in reader.db.card_at(state.like).colors or () if colour.lower() not in letters]
    return " ".join([f"c:{letters}", *(f"-c:{letter}" for letter in dropped)])


# "like Sylvan Library but in a different colour", "Fierce Guardianship in other colours": none of the card's colours
_OTHER_COLOURS = re.compile(r"(?:but )?(?:in |of )?(?:a |an |any )?(?:different|other|another|any other|new) "
                            r"colou?rs?|(?:but )?(?:not|non)[- ]?(?:in )?(?:its|the same) colou?rs?")


def _other_colours(reader: Reader, state: _State) -> None:
    """The card a similar-cards request names, in other colours: ``-c:g`` for each of its colours (a colourless
    card's peers in any colour: ``-c:c``)."""
    found = list(_matches(state, _OTHER_COLOURS)) if state.like is not None else []
    if found:
        syntax = " ".join(f"-c:{colour.lower()}" for colour in reader.db.card_at(state.like).colors or ()) or "-c:c"
        for _, first, last in found:
            state.take(first, last, syntax, "color")


# "Demonic Tutor but only for creatures", "Eternal Witness for artifacts": a card like it, for cards of that type, as
# the cards print it ("creature card"); closing the request ("Panharmonicon for creatures dying" is no such ask)
_FINDS_A_CARD = re.compile(r"\b(?:search|return|put)\b[^.]*\bcard\b")  # Demonic Tutor, Eternal Witness
_FOR_A_TYPE = re.compile(r"(?:but )?(?:only )?(?:for|that (?:finds?|gets?|fetch(?:es)?|returns?)) "
                         r"(creature|artifact|enchantment|land|instant|sorcer(?:y|ie)|planeswalker)s?$")


def _like_for_a_type(reader: Reader, state: _State) -> None:
    """The card a similar-cards request names, for cards of one type: ``o:"creature card"`` (the type had been left
    to rank, and Demonic Tutor's likes that find any card had led)."""
    if state.like is None or not _FINDS_A_CARD.search(reader.db.columns.oracle_text[state.like].lower()):
        return  # ("cards like sol ring for artifacts" is for an artifact deck: Sol Ring finds no card)
    for match, first, last in list(_matches(state, _FOR_A_TYPE)):
        if last == len(state.words):
            kind = match.group(1).replace("sorcerie", "sorcery")
            state.take(first, last, f'o:"{kind} card"', "oracle")


def _deck_colors(reader: Reader, state: _State) -> None:
    """"for mono green", "in my blue-black deck", "for an Esper deck", "my golgari deck": the deck's colour
    identity."""
    for match, first, last in list(_matches(state, _DECK_COLORS)):
        if match.group().startswith("in ") and _before(state, first, 1) in _DENYING:
            continue  # "counterspells not in blue": _negated_colors reads it
        if match.group().startswith("for ") and _before(state, first, 1) in ("hate", "hoser", "hosers") and \
                match.group(1) in _SINGLE_COLORS:
            continue  # "hoser for blue decks": what beats the colour, _colour_text reads it
        letters = _identity_letters(next(group for group in match.groups() if group))
        recoloured = _recoloured(state, first, letters) and match.group().startswith("in ")
        state.take(first, last, _recolour(reader, state, letters) if recoloured else f"id<={letters}", "colour")
    for match, first, _ in list(_matches(state, _DECK_THEME_COLORS)):
        said = len(match.group(1).split())
        state.take(first + 1, first + 1 + said, f"id<={_identity_letters(match.group(2))}", "colour")


def _identity_letters(words: str) -> str:
    words = words.replace("colourless", "colorless")
    if words == "colorless":
        return "c"
    if re.fullmatch(_FIVE_COLORS, words):  # "for my 5 color deck": every colour, whose lands must fix
        return "wubrg"
    return _GROUPS.get(words) or _letters(words)


_COLORS = re.compile(rf"(?:mono[- ]?)?({_COLOR_LIST})|({'|'.join(_GROUPS)})|(colou?rless)|"
                     r"(four[- ]colou?r|4[- ]?colou?r|4c)|(five[- ]colou?r|5[- ]?colou?r|5c|wubrg|rainbow)|"
                     r"(multicolou?red|multicolou?r|gold(?! tokens?\b))|mono[- ]?([wubrg])|"
                     r"(two|three|2|3)[- ]?colou?r(?:ed)?|exactly (two|three|2|3) colou?rs?|(mono[- ]?colou?red)|"
                     r"\b([wubrg]/[wubrg](?:/[wubrg])?)\b")  # "w/u flyers", "b/g legends": chat's colour pairs
# Before a colour that ends the request, these still make it what the card acts on ("protection from red").
_ACTS_ON_LAST = frozenset({"from", "against", "vs", "versus", "of", "to", "hit", "hits", "kill", "kills", "destroy",
                           "destroys", "exile", "exiles", "counter", "counters", "pro", "protection", "hate"})


_ONE_COLOUR = rf"({_COLOR_WORD})"
# "cards that hose green", "blue hate cards", "good against red": what names the colour in its text (Perish, Pyroblast,
# Circle of Protection: Red), no card of it
_COLOUR_HATE = re.compile(rf"(?:hos(?:e|es|ing)|(?:hate|hosers?) (?:for|on)|punish(?:es|ing)?|against|vs|versus|beats?|"
                          rf"beating) {_ONE_COLOUR}"
                          rf"(?: decks?| players?| cards?| creatures?| spells?)?|{_ONE_COLOUR} (?:hate|hosers?)"
                          r"(?! bears?\b)")  # "white hate bears" are white creatures
# "devotion to green", "mono black devotion": what counts it
_DEVOTION = re.compile(rf"devotion to {_ONE_COLOUR}|{_ONE_COLOUR} devotion")
# "heavy black mana symbols", "cards that need lots of white mana": three or more of its symbols in the cost
_HEAVY_PIPS = re.compile(rf"(?:heavy|lots of|a lot of|many|tons of) {_ONE_COLOUR}(?: mana)?(?: symbols| pips)?|"
                         rf"{_ONE_COLOUR} heavy")
_HYBRID = re.compile(r"hybrid(?: mana)?(?: cards?| spells?| symbols?| costs?| creatures?)?")


def _colour_text(reader: Reader, state: _State) -> None:
    """Colours named by what the card does with them, not by its own: colour hosers (``o:/\\bgreen\\b/``),
    devotion (``o:"devotion to green"``), heavy costs (``m:{B}{B}{B}``), hybrid costs (``is:hybrid``)."""
    for match, first, last in list(_matches(state, _COLOUR_HATE)):
        colour = match.group(1) or match.group(2)
        state.take(first, last, f"o:/\\b{colour}\\b/", "oracle")
    for match, first, last in list(_matches(state, _DEVOTION)):
        state.take(first, last, f'o:"devotion to {match.group(1) or match.group(2)}"', "oracle")
    for match, first, last in list(_matches(state, _HEAVY_PIPS)):
        symbol = _SINGLE_COLORS[match.group(1) or match.group(2)].upper()
        state.take(first, last, f"m:{{{symbol}}}{{{symbol}}}{{{symbol}}}", "oracle")
    for _, first, last in list(_matches(state, _HYBRID)):
        if not _is_object(state, first):
            state.take(first, last, "is:hybrid", "oracle")


_MANA_MAKER_KINDS = frozenset({"dork", "dorks", "rock", "rocks", "ritual", "rituals", "elf", "elves", "creature",
                               "creatures", "artifact", "artifacts", "accel", "acceleration"})


# who plays a colour at the table ("the blue player", "green opponents"); "my blue deck" stays the player's own
_OTHER_PLAYERS = frozenset({"player", "players", "pilot", "pilots", "opponent", "opponents", "opponent's",
                            "opponents'"})


def _colors(reader: Reader, state: _State) -> None:
    """A colour word names the colour identity the card fits in: "white" is ``id<=w``, "Esper" ``id<=wub``,
    "mono-U" ``id<=u``; a colour ending the request names it too ("steal creatures blue"). Beside "commanders",
    mono and several colours are the identity itself: "Esper commanders" is ``is:commander id=wub``."""
    for match, first, last in list(_matches(state, _COLORS)):
        next_word = "" if last == len(state.words) or state.words[last].protected else state.words[last].lower
        if state.words[last - 1].text.endswith((",", ";", ".")):  # "white, mana value <= 2": a list's item
            next_word = ""
        ends = last == len(state.words) and _before(state, first, 1) not in _ACTS_ON_LAST
        # ("white mana dorks", "red mana rituals": the cards' own colour, before a kind of mana maker)
        maker = next_word == "mana" and _after(state, last + 1, 1) in _MANA_MAKER_KINDS and \
            not re.search(r"\b(?:five|5|all|any|every)\b", match.group())  # ("five color mana dorks": what they make)
        # a colour opening a sentence of its own names the cards asked for ("... so I don't care if they die. Black or
        # green please."): the sentence before does not act on it
        opens = first > 0 and state.words[first - 1].text.endswith((".", "!", "?", ";"))
        if (_is_object(state, first) and not ends and not opens) or \
                next_word in ("mana", "source", "sources", "devotion") and not maker:
            continue
        if next_word in _OTHER_PLAYERS and _before(state, first, 1) not in ("my", "our", "i'm", "im"):
            continue  # "the blue player counters everything i cast": who beats the player, not the cards' colours
        if match.group().endswith("rainbow") and next_word in _MANA_MAKERS:
            continue  # "rainbow rocks": what makes mana of any colour, not five-colour cards
        # a commander's identity is its deck's: "mono red commanders", "Sultai commanders" are exactly those colours
        several = len(re.findall(_COLOR_WORD, match.group())) > 1
        several = several or bool(match.group(11))
        exact = "=" if _asks_commanders(state) and (
            match.group().startswith("mono") or match.group(2) or several
        ) else "<="
        both = several and _before(state, first, 1) == "both"
        if match.group(7):
            syntax = f"id{exact}{match.group(7)}"
        elif match.group(11):
            letters = "".join(c for c in _WUBRG if c in match.group(11))
            syntax = _recolour(reader, state, letters) if _recoloured(state, first, letters) else f"id{exact}{letters}"
        elif match.group(1) and both:  # "creatures that are both black and green": each of those colours, at least
            first -= 1
            syntax = f"{'id' if _asks_commanders(state) else 'c'}>={_identity_letters(match.group())}"
        elif match.group(1) or match.group(2) or match.group(3):
            letters = _identity_letters(match.group().removeprefix('mono').lstrip('- '))
            syntax = _recolour(reader, state, letters) if _recoloured(state, first, letters) else f"id{exact}{letters}"
            if _before(state, first, 1) == "exactly" and state.free(first - 1) and letters != "c":
                first -= 1  # "cards that are exactly red and green": those colours and no other (it read id<=rg)
                syntax = f"{'id' if _asks_commanders(state) else 'c'}={letters}"
            elif letters == "c" and any(word.lower == "devoid" for word in state.words):
                # "devoid colorless eldrazi": colourless cards whose cost has colours (id<=c had left none)
                syntax = "c:c"
        elif match.group(8) or match.group(9) or match.group(10):
            # "two color commanders", "exactly 3 colors", "mono colored legends": that many colours in the identity
            # (the card's own colours)
            count = _number(match.group(8) or match.group(9)) if not match.group(10) else 1
            if _after(state, last, 2) in ("commander deck", "edh deck", "cedh deck") or \
                    _after(state, last, 1) in ("deck", "decks", "build", "builds", "pod", "pods"):
                continue  # "lands for a 3 color commander deck": the deck's colours, unnamed, not the lands'
            syntax = f"id={count}" if _asks_commanders(state) else f"c={count}"
            denial = next((size for size in (2, 1) if _before(state, first, size) in _NOT_MONO), 0)
            if match.group(10) and denial:  # "that aren't mono colored", "not mono colored": two colours or more
                first -= denial
                syntax = "id>=2" if _asks_commanders(state) else "c>=2"
        elif match.group(5) and (_after(state, last, 2) in ("commander deck", "edh deck", "cedh deck") or
                                 _after(state, last, 1) in ("deck", "decks", "build", "builds")):
            continue  # "a five-color Commander deck; find artifacts ...": a deck that plays every colour, so no
            # filter (it had read id=wubrg: only five-colour cards)
        elif (match.group(4) or match.group(5)) and not _asks_commanders(state) and \
                next_word not in ("land", "lands") and _names_cards(next_word) and \
                _after(state, last, 2) not in ("card draw", "card advantage"):
            # "four color cards", "5c creatures", "wubrg spells": the cards' own colours, as "three color cards"
            # (it read "four color cards" as within any four colours, nearly every card, and "five color cards" as
            # the identity, Earthen Ally's "{W}{U}{B}{R}{G}:" ability first)
            syntax = f"c={4 if match.group(4) else 5}"
        elif match.group(4):
            # "4c commanders": the four-colour identities; "4c lands": what taps for any colour (as "5c lands"), no
            # land's identity being four colours; "ramp for 4c": what a four-colour deck can play
            syntax = _ANY_FOUR_COLOURS if _asks_commanders(state) else "produces:wubrg" \
                if next_word in ("land", "lands") else _WITHIN_FOUR_COLOURS
        elif match.group(5) and next_word in ("land", "lands"):
            # "rainbow lands", "five color lands": lands that tap for any colour, which have no colour identity
            syntax = "produces:wubrg"
        elif match.group(5) and next_word and not _asks_commanders(state) and (
                not _names_cards(next_word) or _after(state, last, 2) in ("card draw", "card advantage")):
            # "five color ramp", "5 color removal": what a five-colour deck plays, as "ramp for five color" is (it
            # read id=wubrg: five-colour cards only, Esika and Jegantha for ramp)
            syntax = "id<=wubrg"
        elif match.group(5):
            syntax = "id=wubrg"
        else:
            syntax = "c:m"
        state.take(first, last, syntax, "colour")
    _colourless_beside_colours(state)
    _four_colours_without(state)
    _counted_colours_include(state)


# words after which a colour and a type are what is acted on
_BEFORE_AN_OBJECT = frozenset({"target", "destroy", "destroys", "exile", "exiles", "sacrifice", "sacrifices", "bounce",
                               "bounces", "return", "returns", "steal", "steals", "untap", "untaps", "tap", "taps",
                               "protect", "protects", "your", "my", "their", "opponent's", "opponents'", "enemy",
                               "with", "without", "non", "create", "creates", "make", "makes", "search", "find"})
# the card types a closing colour and type may name
_TRAILING_TYPES = frozenset({"creature", "enchantment", "artifact", "instant", "sorcery", "land", "planeswalker"})


def _trailing_kind(reader: Reader, state: _State) -> None:
    """A colour and a card type closing a request worded as rules text are the card's own: "creatures you control
    get +1/+1 white enchantment" is a white enchantment (the clause before had made them what the card acts on, and
    they were only ranked: Legion's Initiative first); not after what acts on them ("... to target red creature",
    "destroy all green creature") or whose they are ("evasion for my big green creatures": the deck's)."""
    words, count = state.words, len(state.words)
    if count < 5 or not (state.free(count - 2) and state.free(count - 1)):
        return  # (a short request's colour and type are read as usual: "a white creature")
    colour, kind = words[-2].lower, _TYPE_WORDS.get(words[-1].lower.strip(".?!"))
    before = words[-3].lower.strip(",")
    owned = {w.lower for w in words[-5:-2]} & {"my", "your", "their", "our", "his", "her", "its"}
    if colour not in _SINGLE_COLORS or kind not in _TRAILING_TYPES or owned or \
            before in _ACTS_ON_LAST | _DETERMINERS | _BEFORE_AN_OBJECT or before in _SINGLE_COLORS or \
            _POWER_TOUGHNESS.fullmatch(before) and words[-4].lower in _DETERMINERS | _BEFORE_AN_OBJECT:
        return  # ("create a 1/1 white creature": the token made)
    state.take(count - 2, count - 1, f"id<={_SINGLE_COLORS[colour]}", "colour")
    state.take(count - 1, count, f"t:{kind}", "type")


def _colourless_beside_colours(state: _State) -> None:
    """"colorless or white removal", "white and colorless artifacts": within white, which holds the colourless
    cards (it read ``id<=c id<=w``, colourless cards alone); the colourless chip becomes the colour's, shown once.
    A commander's identity is no colour the player said: "golos colorless card draw" stays colourless (it had become
    Golos's five colours)."""
    within = [chip for chip in state.chips if chip.kind == "colour" and re.fullmatch(r"id<=[wubrg]+", chip.syntax)
              and chip is not state.deck_chip]
    colourless = next((chip for chip in state.chips if chip.kind == "colour" and chip.syntax == "id<=c"), None)
    if len(within) != 1 or colourless is None:
        return
    said = (state.typed or " ".join(word.text for word in state.words)).lower()  # (a prose "or" is read already)
    pair = (re.escape(colourless.words.lower().strip(",.;:?!")), re.escape(within[0].words.lower().strip(",.;:?!")))
    # (only side by side, "or" or "and" between: "colorless creatures for my atraxa deck" are colourless)
    if any(re.search(rf"\b{one},? (?:(?:or|and|and/or|&) )?{other}\b", said) for one, other in (pair, pair[::-1])):
        state.chips = [Chip(chip.words, within[0].syntax, chip.kind) if chip is colourless else chip
                       for chip in state.chips]


_CARD_NOUNS = frozenset({"card", "cards", "spell", "spells", "permanent", "permanents"})


def _names_cards(word: str) -> bool:
    """Whether a word after a number of colours names the cards themselves ("cards", "creatures", "spells"), not
    a deck or what it plays ("4c deck", "ramp for 4c")."""
    return word in _CARD_NOUNS or word in _TYPE_WORDS


_NOT_MONO = frozenset({"not", "non", "aren't", "arent", "isn't", "isnt", "are not", "is not", "but not", "no"})
# Scryfall's names of the four-colour identities, by the colour each leaves out
_FOUR_WITHOUT = {"w": "id=chaos", "u": "id=aggression", "b": "id=altruism", "r": "id=growth", "g": "id=artifice"}


def _four_colours_without(state: _State) -> None:
    """"four color commanders without white": of the five four-colour identities, the one without white."""
    four = [i for i, chip in enumerate(state.chips) if chip.syntax in (_ANY_FOUR_COLOURS, _WITHIN_FOUR_COLOURS)]
    left_out = {chip.syntax[3:] for chip in state.chips if chip.kind == "colour" and re.fullmatch(r"-c:[wubrg]",
                                                                                                   chip.syntax)}
    if four and len(left_out) == 1:  # ("4 color deck without white": what a UBRG deck plays, id<=chaos)
        chip = state.chips[four[0]]
        identity = _FOUR_WITHOUT[left_out.pop()]
        within = chip.syntax == _WITHIN_FOUR_COLOURS
        state.chips[four[0]] = Chip(chip.words, identity.replace("=", "<=") if within else identity, chip.kind)


_COLOUR_COUNT = re.compile(r"^(id|c)=(\d)$")
_WITHIN = re.compile(r"^id<?=([wubrgc]+)$")


def _counted_colours_include(state: _State) -> None:
    """Beside a number of colours, fewer named colours are ones the card has among them: "three color commanders
    with green" is ``id=3 id>=g``, "... with white and blue" ``id=3 id>=wu`` (within green alone, or exactly
    white and blue, no three-colour card would pass); beside "gold", one colour is one of the card's."""
    counts = [_COLOUR_COUNT.match(chip.syntax) for chip in state.chips if chip.kind == "colour"]
    counts = [match for match in counts if match]
    if counts:
        field, count = counts[0].group(1), int(counts[0].group(2))
    elif any(chip.syntax == "c:m" for chip in state.chips):
        # "gold cards that are red", "multicolored black creatures": red among two colours or more, ``c>=r`` (within
        # red alone, no gold card passed and the request found nothing)
        field, count = "id" if _asks_commanders(state) else "c", 2
    else:
        return
    for position, chip in enumerate(state.chips):
        within = _WITHIN.match(chip.syntax) if chip.kind == "colour" else None
        if within and len(within.group(1)) < count and "c" not in within.group(1):
            state.chips[position] = Chip(chip.words, f"{field}>={within.group(1)}", chip.kind)


_CODE = re.compile(r"^(?=[WUBRG]{2,5}$)(?!.*(.).*\1)")
_LOWER_CODES = frozenset({"wu", "uw", "ub", "bu", "br", "rb", "rg", "gr", "gw", "wg", "wb", "bw", "bg", "gb", "rw",
                          "wr", "gu", "ug", "ru"})  # not "ur" ("your") or three letters ("bug", "rug")


def _color_codes(reader: Reader, state: _State) -> None:
    """Colour letters as players write them: "RW tokens", "UB control", "Sultai" as "BUG", "rg ramp": the
    colour identity within those colours (upper case any 2-5 distinct letters; lower case only letter pairs)."""
    for index, word in enumerate(state.words):
        text = word.text.strip(",.;:?!")
        if not state.free(index) or not (_CODE.match(text) or text in _LOWER_CODES):
            continue
        if _is_object(state, index) and _DENIAL_ACTIONS & _said_before(state, index):
            continue  # "destroy ub creatures"; not "card draw for ub", "commander for aristocrats bw": the deck's
        letters = "".join(c for c in _WUBRG if c in text.lower())
        stop = index + 1 + (_after(state, index + 1, 1) == "deck" and state.free(index + 1))
        state.take(index, stop, f"id<={letters}", "colour")


_TYPE_NAMES = _either(_TYPE_WORDS)
# "spell slinger" is the spellslinger, a deck's plan, whose word ranks
_TYPES = re.compile(rf"(?:mana )?(?:rocks?|dorks?)|lords?|hate ?bears?|tap ?lands?|(spells?(?![- ]slinger)|rituals?)|"
                    rf"({_TYPE_NAMES})(?:(?: or | and | ?& ?| n | ?/ ?)({_TYPE_NAMES}))?")  # ("instants n sorceries")


def _before_object_noun(state: _State, index: int) -> bool:
    """Whether a run of permanent type words from ``index`` ends in what a card does to them: "artifact or
    enchantment removal" (the "or" is prose), "creature and planeswalker removal"."""
    while index < len(state.words) and _TYPE_WORDS.get(state.words[index].lower) in _PERMANENT_TYPES:
        index += 1
    return index < len(state.words) and state.words[index].lower in _OBJECT_NOUNS and \
        state.words[index - 1].lower in _TYPE_WORDS


_PERMANENT_TYPES = frozenset({"creature", "artifact", "enchantment", "land", "planeswalker", "battle"})


_NEGATED = re.compile(rf"non[- ]?({_TYPE_NAMES})(?: (spells?))?|not (?:an? )?({_TYPE_NAMES})|"
                      rf"(?:that |which )?(?:isn'?t|is not|aren'?t|are not|without|no|excluding) (?:an? |any )?"
                      rf"({_TYPE_NAMES})|other than ({_TYPE_NAMES})|non[- ]?({_COLOR_WORD})")
_NEGATED_TRIBE = re.compile(r"(?:that |which |who )?(?:isn'?t|is not|aren'?t|are not|not|no|excluding|except|"
                            r"other than) (?:an? )?([a-z]+)|non[- ]?([a-z]+)")
# "non-blue", "removal that's not white", "ramp without green": not of that colour (read before the colours are;
# "nonblue" in one word is read after them, by _negated_types)
_NOT_COLOR = re.compile(rf"(?:(?:that'?s|thats|that is|which is|that are|which are|it'?s|that|which) )?"
                        rf"(?:not|no|without|sans|except|excluding|isn['’]?t|isnt|aren['’]?t|arent|other than|"
                        rf"minus|avoid(?:ing)?|anything but|(?:in )?any colou?r but) (?:in )?({_COLOR_WORD})|"
                        rf"non[- ]({_COLOR_WORD})")
# words before a colour that deny it ("counterspells not in blue": not the deck's colour)
_DENYING = frozenset({"not", "no", "except", "excluding", "isn't", "isnt", "aren't", "arent", "without", "minus",
                      "avoid", "avoiding"})
_EVERGREEN = ("flying", "trample", "haste", "vigilance", "deathtouch", "lifelink", "reach", "menace", "first strike",
              "double strike", "hexproof", "indestructible", "defender", "flash", "ward", "shroud", "protection")
# "creatures without flying": the keyword is what the card lacks
_WITHOUT_KEYWORD = re.compile(rf"(?:without|no|(?:that |which )?(?:(?:isn'?t|is not|aren'?t|are not|not)(?: an?)?|"
                              rf"(?:don'?t|doesn'?t|do not|does not) have)) ({_either(_EVERGREEN)}|hasty|flyers?|"
                              rf"fliers?)\b")
_KEYWORD_NOUNS = {"hasty": "haste", "flyer": "flying", "flyers": "flying", "flier": "flying", "fliers": "flying"}


# Keywords of one word that players write as two, each half a word of its own ("fliers with life link", "death
# touch"): only these, as other keywords split into two everyday words ("men ace", "off spring", "hide away", "for
# age") are more often those words than the keyword
_SPLIT_KEYWORDS = {("life", "link"): "lifelink", ("death", "touch"): "deathtouch", ("hex", "proof"): "hexproof",
                   ("flash", "back"): "flashback", ("buy", "back"): "buyback", ("land", "fall"): "landfall",
                   ("blood", "thirst"): "bloodthirst", ("soul", "bond"): "soulbond", ("sun", "burst"): "sunburst"}


def _join_split_keywords(state: _State) -> None:
    """Read a keyword typed as two words ("life link") as one word, the keyword, with a note; so "fliers with life
    link" asks for both keywords, as "fliers with lifelink" does."""
    index = 0
    while index < len(state.words) - 1:
        first, second = state.words[index], state.words[index + 1]
        keyword = _SPLIT_KEYWORDS.get((first.lower, second.lower))
        if keyword is not None and first.text.lower() == first.lower and second.start - first.end == 1:
            # (one space between them: not "life, link" nor across a prose "and")
            state.words[index: index + 2] = [_Word(f"{first.text} {second.text}", first.start, second.end)]
            _read_as(state, state.words[index], keyword)
        index += 1


def _negated_colors(reader: Reader, state: _State) -> None:
    """"non-blue counterspells", "removal that's not white", "ramp without green": ``-c:u``, ``-c:w``, ``-c:g``;
    "creatures without flying": ``-kw:flying`` (not what the card acts on: "destroy creatures without flying"
    keeps its words)."""
    for match, first, last in list(_matches(state, _NOT_COLOR)):
        # (a card is "in" a colour: "not in black" is the card's)
        if " in " in match.group() or _denies_the_card(state, first, markers=False):
            state.take(first, last, f"-c:{_SINGLE_COLORS[match.group(1) or match.group(2)]}", "colour")
        else:  # the words rank, and no rule reads the colour as the card's ("destroy creatures that aren't black")
            for word in state.words[first:last]:
                word.protected = True
    for match, first, last in list(_matches(state, _WITHOUT_KEYWORD)):
        subject = first - 1 if _before(state, first, 1) in _TYPE_WORDS else first  # "creatures without flying"
        if _denies_the_card(state, subject, markers=False):
            keyword = _KEYWORD_NOUNS.get(match.group(1), match.group(1))
            if subject < first and state.free(subject):
                state.take(subject, first, f"t:{_TYPE_WORDS[state.words[subject].lower]}", "type")
            state.take(first, last, f"-{_keyword_term(keyword)}", "keyword")


def _denies_the_card(state: _State, first: int, *, markers: bool = True) -> bool:
    """Whether a denial from word ``first`` ("not blue", "without flying", "aren't humans") is about the card asked
    for, not about what it acts on: after a comma or "but" ("cards that draw when an opponent casts a spell, no
    blue", "reach but no deathtouch"), or where no action said before makes its words that action's object
    ("counterspells that are not blue"; not "destroy creatures that aren't black", "exile target nonwhite
    creature")."""
    if first and (state.words[first - 1].text.endswith(",") or state.words[first - 1].lower == "but"):
        return True
    if not _is_object(state, first):
        return True
    position = _position_before_modifiers(state, first)
    if markers and position >= 0 and state.words[position].lower in _OBJECT_MARKERS:
        return False  # "counterspells for noncreature spells", "say no to their noncreature spells" (a colour, a
        # creature type or a keyword: only after an action, "rhystic study for non blue decks", "creatures with no
        # deathtouch")
    return not _DENIAL_ACTIONS & _said_before(state, first)  # a clause: only after an action


# actions whose object a denial in a clause then describes ("destroy creatures that aren't black", "cards that make
# legendary creatures not legendary"); not the nouns ("board wipes that aren't white" are the wipes' colour)
_DENIAL_ACTIONS = _ACTING_VERBS - {"removal", "sweeper", "sweepers", "wipe", "wipes", "counters", "tutors"} | {
    "make", "makes", "give", "gives", "turn", "turns"}


# Keywords a card has, as players ask for them: "creatures with flying and lifelink", "deathtouch creatures",
# "cards with cascade" (Scryfall's kw:, the keyword abilities the card prints)
_ADJECTIVE_KEYWORDS = tuple(k for k in _EVERGREEN if k != "protection")  # "protection creatures" says no colour
_HAS_KEYWORDS = (*_ADJECTIVE_KEYWORDS, "cascade", "convoke", "affinity", "storm", "prowess", "infect", "toxic",
                 "flashback", "cycling", "kicker", "delve", "undying", "persist", "exalted", "annihilator", "ninjutsu",
                 "evoke", "madness", "unearth", "escape", "mutate", "changeling", "wither", "bushido", "bloodthirst",
                 "dredge", "buyback", "suspend", "morph", "disguise", "myriad", "afflict")
# Ability words (Comprehensive Rules 207.2c) and later mechanics, which MTGJSON lists among a card's keywords (kw:):
# "threshold cards", "coven creatures", "delirium payoffs"; a mechanic a function tag covers better is left to it
# (landfall, investigate, surveil, proliferate)
_ABILITY_WORDS = ("threshold", "delirium", "coven", "revolt", "metalcraft", "morbid", "hellbent", "domain",
                  "constellation", "magecraft", "adamant", "raid", "ferocious", "formidable", "enrage", "heroic",
                  "battalion", "converge", "corrupted", "celebration", "eerie", "descend", "kinship", "undergrowth",
                  "alliance", "survival", "valiant", "imprint", "spectacle", "riot")
_MECHANICS = ("bargain", "foretell", "disturb", "blitz", "offspring", "plot", "connive", "casualty", "backup",
              "afterlife", "mentor", "training", "extort", "evolve", "populate", "scavenge", "overload", "rebound",
              "miracle", "soulbond", "bestow", "devour", "amass", "exploit", "emerge", "embalm", "eternalize", "encore",
              "boast", "cleave", "enlist", "reconfigure", "prototype", "squad", "craft", "gift", "forage", "incubate",
              "split second",
              # and the mechanics players name their cards by, where the word is seldom plain English in a request
              "channel", "explore", "manifest", "devoid", "monstrosity", "daybound", "nightbound", "entwine", "splice",
              "megamorph", "ascend", "horsemanship", "flanking", "aftermath", "soulshift", "bolster", "improvise",
              "modular", "dash", "renown", "retrace", "fading", "vanishing", "fabricate", "sunburst", "skulk",
              "rampage", "hideaway", "awaken", "cipher", "replicate", "fuse", "strive", "multikicker", "landcycling",
              "typecycling", "cumulative upkeep", "echo", "shadow", "banding", "intimidate", "exert", "saddle",
              "discover", "collect evidence", "suspect", "living weapon", "level up", "spell mastery", "inspired",
              "fear",
              # and the rest of the data's keywords on five cards or more that are no function a tag reads (scry,
              # mill) and seldom an everyday word beside "cards" or after "with" (not "support", "epic", "behold")
              "battle cry", "champion", "provoke", "clash", "recover", "melee", "exhaust", "prowl", "endure", "outlast",
              "bloodrush", "graft", "dethrone", "ingest", "tribute", "conspire", "forecast", "transmute", "unleash",
              "assist", "spree", "mobilize", "harmonize", "impending", "manifest dread", "jump-start", "read ahead",
              "fateful hour", "radiance", "chroma", "cohort", "parley", "escalate", "amplify", "reinforce", "surge",
              "detain", "lieutenant", "will of the council", "council's dilemma", "eminence", "compleated",
              "fathomless descent", "undaunted", "ripple", "gravestorm", "fateseal", "fortify", "phasing", "ravenous",
              "freerunning", "living metal", "basic landcycling", "learn", "haunt", "warp", "max speed", "mayhem",
              "earthbend", "waterbend", "firebending", "airbend", "web-slinging", "job select", "specialize",
              "double team", "umbra armor", "more than meets the eye", "hidden agenda", "repartee", "flurry",
              "increment", "time travel", "pack tactics", "tempting offer", "demonstrate", "grandeur", "join forces",
              "secret council", "paradigm", "cloak", "adapt", "landwalk", "swampwalk", "islandwalk", "forestwalk",
              "mountainwalk", "plainswalk", "meld", "power-up")  # (not "sneak": "sneak creatures into play")
# keyword actions a card does, said as verbs after "that" ("creatures that explore", "cards that connive")
_VERB_KEYWORDS = ("explore", "connive", "endure", "evolve", "mutate", "amass", "adapt", "exploit", "populate",
                  "bolster", "manifest", "discover", "foretell", "cascade", "exert", "mentor", "forage", "incubate",
                  "craft", "suspect", "collect evidence", "detain", "unleash", "ingest", "specialize", "earthbend",
                  "waterbend", "airbend", "amplify", "clash", "outlast", "reinforce", "transmute", "demonstrate",
                  "harmonize", "mobilize", "dredge", "embalm", "eternalize", "encore", "escape", "manifest dread",
                  "cloak", "meld", "provoke")
_HAS_KEYWORDS += _ABILITY_WORDS + _MECHANICS
_NOUN_KEYWORDS = frozenset(k for k in _HAS_KEYWORDS if k not in _EVERGREEN)  # "storm cards": no player's adjective
# An ability word names the cards that have it, and so its payoffs: "delirium payoffs", "threshold matters" ("cycling
# payoffs" are what rewards cycling, the cycling-payoff tag)
_ABILITY_SUBJECTS = frozenset({"payoffs", "payoff", "matters", "decks", "deck"})
_PAYOFF_NOUNS = frozenset({"matter", "matters", "payoff", "payoffs", "synergy", "synergies"})  # after a card type
# the first keyword; the rest of a list ("and flying") is read word by word, as the query language takes "and"
_WITH_KEYWORDS = re.compile(rf"(?:with|(?:that|which) (?:also )?ha(?:ve|s)|(?:also )?ha(?:ve|s)|with also|and also) "
                            rf"({_either(_HAS_KEYWORDS)})")  # ("kicker cards that also have flash")
_A_KEYWORD = re.compile(rf"({_either(_HAS_KEYWORDS)})")
# "cards that give persist", "give my creatures undying", "give my spells cascade": a mechanic granted, as cards print
# it ("Other non-Human creatures you control ... have undying", "target creature gains persist"); the evergreen ones
# are their granter tags'
_GIVEN_KEYWORDS = re.compile(r"(?:give|gives|giving|grant|grants|granting) (?:(?:my|your|our|all|other|each|target|"
                             r"a|an|the) )*(?:(?:creatures?|permanents?|spells?|cards?|everything|them|it|things|"
                             rf"stuff|instants|sorceries|artifacts) )?({_either(_NOUN_KEYWORDS)})(?!\S)")
_THAT_KEYWORDS = re.compile(rf"(?:that|which|who) ({_either(_VERB_KEYWORDS)})(?:s|es)?(?!\S)"
                            # (not a verb with an object: "cards that evolve my creatures")
                            r"(?! (?:my|your|their|our|a|an|the|target|all|each|any|creatures?|cards?|it|them|"
                            r"lands?)\b)")
_KEYWORD_ADJECTIVES = re.compile(rf"({_either(_ADJECTIVE_KEYWORDS)})(?: ({_either(_ADJECTIVE_KEYWORDS)}))?"
                                 r" (creatures?)")
_TWO_WORD_STARTS = frozenset(k.split()[0] for k in _ADJECTIVE_KEYWORDS if " " in k)  # "first", "double"
_GRANTING = frozenset({"equipment", "aura"})  # the types whose keywords are what they give
_PRONOUNS = frozenset({"i", "we", "you", "they", "he", "she"})
_GRANT_VERBS = frozenset({"give", "gives", "giving", "grant", "grants"})  # "give my creatures flying": not their own
# words before what a card is to beat ("anti infect cards", "good against aggro"): no quality of the card's own
_AGAINST_WORDS = frozenset({"anti", "against", "vs", "versus", "beat", "beats", "stop", "stops"})
# Words of a cost between a type and "with" ("creatures that cost 1 with lifelink")
_COST_WORDS = frozenset({"that", "which", "cost", "costs", "costing", "mana", "cmc", "mv", "or", "less", "more",
                         "under", "over", "at", "most", "least", *map(str, range(17)), *_NUMBER_WORDS})
_KEYWORD_SUBJECTS = frozenset({"cards", "card", "spells", "spell", "dudes", "guys", "ones", "things", "stuff",
                               "drops", "drop", "monsters", "critters", "beaters"})  # "2 drops with flash"
# players' adjectives for a keyword ("hasty creatures")
_KEYWORD_FORMS = {"hasty": "haste", "cyclers": "cycling", "cycler": "cycling",  # "cheap cyclers": cycling cards
                  # a mechanic's participle ("cascading spells", "exploring creatures", "foretold cards")
                  "cascading": "cascade", "exploring": "explore", "foretold": "foretell", "conniving": "connive",
                  "mutating": "mutate", "evolving": "evolve", "dredging": "dredge", "amassing": "amass"}
# what creatures do in combat, named for the creatures: "flying blockers", "deathtouch attackers"
_COMBAT_ROLES = frozenset({"blocker", "blockers", "attacker", "attackers", "beater", "beaters", "finishers"})
# a commander's own keyword: "double strike commander", "flying commanders" (the commander is read as such later)
_KEYWORD_COMMANDERS = frozenset({"commander", "commanders", "legends"})
# players' creatures with flying (read as such by _speed_and_flyers), the subject of more keywords ("lifelink fliers")
_FLYER_WORDS = frozenset({"flyer", "flyers", "flier", "fliers"})


def _keyword_term(keyword: str) -> str:
    return f'kw:"{keyword}"' if " " in keyword else f"kw:{keyword}"


def _any_of(terms: list[str]) -> str:
    """One term, or either of several ("(kw:flying or kw:reach)")."""
    return terms[0] if len(terms) == 1 else "(" + " or ".join(terms) + ")"


_ANY_FOUR_COLOURS = _any_of(list(_FOUR_COLOR))  # "four color commanders"
_WITHIN_FOUR_COLOURS = _any_of([term.replace("=", "<=") for term in _FOUR_COLOR])  # "ramp for 4c"


def _granted(keyword: str) -> str:
    """The cards that give a keyword, as they print it ("other creatures you control have undying", "target creature
    gains persist", "the first spell you cast each turn has cascade")."""
    return f"o:/\\b(?:have|has|gain|gains) [^.]*\\b{keyword}\\b/"


def _keyword_syntax(keywords: list[str], either: bool = False) -> str:
    """``kw:`` for each keyword: all of them ("flying and lifelink"), or ``either`` of them ("flying or reach")."""
    terms = [_keyword_term(k) for k in keywords]
    return _any_of(terms) if either else " ".join(terms)


def _with_before_stats(state: _State, index: int) -> int | None:
    """Where "with" stands when the word before ``index`` ends a power or toughness read after it ("with 1
    toughness", "with power 2"); ``None`` otherwise."""
    if index == 0 or state.free(index - 1):
        return None
    before = state.words[index - 1].lower
    if before not in ("power", "toughness") and re.fullmatch(r"\d+(?:/\d+)?\+?", before) is None:  # "power 5+"
        return None
    return next((i for i in range(index - 2, max(0, index - 5) - 1, -1) if state.words[i].lower == "with"), None)


# "cascade enablers", "discover enablers": the cards with the keyword, whose free spell is what is enabled (by meaning
# alone, "cascade enablers" had read the stax tag: Rule of Law, Prison Term); "storm enablers" are rituals, not these.
# They and "a cascade deck" are the cards that give it too (Maelstrom Nexus: "the first spell you cast each turn has
# cascade"), which "cascade cards" are not
_ENABLED_KEYWORDS = frozenset({"cascade", "discover"})
_ENABLER_WORDS = frozenset({"enabler", "enablers", "deck", "decks"})


def _has_keywords(reader: Reader, state: _State) -> None:
    """"creatures with flying and lifelink", "cards with cascade", "deathtouch creatures": the card has those
    keywords (``kw:flying kw:lifelink``), not what it grants others ("give my creatures flying" keeps its words for
    the tags) nor what it acts on ("destroy creatures with flying")."""
    for word in state.words:
        if word.lower in _KEYWORD_FORMS and not word.used:
            word.lower, word.corrected = _KEYWORD_FORMS[word.lower], True
    for match, first, last in list(_matches(state, _ENCHANT)):  # "enchant creature auras": what the Aura enchants
        state.take(first, last, f'o:"enchant {match.group(1)}"', "oracle")
    for match, first, last in list(_matches(state, _GIVEN_KEYWORDS)):
        state.take(first, last, _granted(match.group(1)), "oracle", still_ranks=True)
    # each keyword with the word before its subject: the word before "with"; "creatures with 1 toughness and
    # deathtouch": a keyword right after a stat read after "with" has it too, its subject before that "with"
    found = [(match, first, last, first) for pattern in (_WITH_KEYWORDS, _THAT_KEYWORDS)
             for match, first, last in _matches(state, pattern)]
    for match, first, last in _matches(state, _A_KEYWORD):
        if match.start() == 0 and (with_at := _with_before_stats(state, first)) is not None:
            found.append((match, first, last, with_at))
    for match, first, last, with_at in found:
        subject = with_at - 1
        while subject > 0 and (state.words[subject].used or state.words[subject].lower in _COST_WORDS) and \
                first - subject < 6 and state.words[subject].lower not in _KEYWORD_SUBJECTS:
            subject -= 1  # "creatures that cost 1 with lifelink", "creatures under 3 mana with flying"
        word = state.words[subject].lower if subject >= 0 else ""
        if word not in _TYPE_WORDS and word not in _KEYWORD_SUBJECTS and word not in reader.creature_types and \
                word not in _FLYER_WORDS and \
                not (word in _SHORT_TAG_NAMES and word not in _NOT_TAG_WORDS and match.group(1) not in
                     _ADJECTIVE_KEYWORDS):
            # "creatures with flying", "cards with cascade", "vampires with lifelink", "fliers with reach"; a spell's
            # mechanic after a function ("fog with flashback", "removal with buyback"; not "removal with flash")
            continue
        if _is_object(state, subject) or _in_clause(state, subject):
            continue
        if match.group(1) == "flash" and _TYPE_WORDS.get(word) == "instant":
            continue  # an instant has no flash to have: "instants with flash" are instants, no card is both
        keywords, either, last = _keyword_run(state, [match.group(1)], last)
        if word in _TYPE_WORDS and state.free(subject):
            state.take(subject, first, f"t:{_TYPE_WORDS[word]}", "type")
        before = subject  # "deathtouch creatures with reach": the keywords before the subject are the card's too
        while before > 0 and state.free(before - 1) and state.words[before - 1].lower in _ADJECTIVE_KEYWORDS:
            before -= 1
        if before < subject and not _is_object(state, before) and _before(state, before, 1) not in _GRANT_VERBS:
            state.take(before, subject, _keyword_syntax([word.lower for word in state.words[before:subject]]),
                       "keyword")
        state.take(first, last, _keyword_syntax(keywords, either), "keyword")
    for match, first, last in list(_matches(state, _KEYWORD_ADJECTIVES)):
        if _is_object(state, first) or _before(state, first, 1) in _GRANT_VERBS:
            continue
        keywords = [k for k in match.group(1, 2) if k]
        state.take(first, last, f"t:creature {_keyword_syntax(keywords)}", "keyword")
    types = reader.creature_types  # "flying dragons", "deathtouch elves": the type is read on its own
    for index in range(len(state.words) - 1):
        # a keyword of one word or two ("double strike commander")
        size = 2 if state.words[index].lower in _TWO_WORD_STARTS and _after(state, index, 2) in _ADJECTIVE_KEYWORDS \
            and state.free(index + 1) else 1
        keyword = _after(state, index, size)
        following = _after(state, index + size, 1)
        # "hexproof equipment", "haste auras": what they give (Equipment is a creature type too, Komainu Battle Armor's)
        if keyword in _ADJECTIVE_KEYWORDS and state.free(index) and _TYPE_WORDS.get(following) not in _GRANTING and \
                (following in types or following in _FLYER_WORDS or following in _COMBAT_ROLES or
                 following in _KEYWORD_COMMANDERS) and \
                not _is_object(state, index) and _before(state, index, 1) not in _GRANT_VERBS:
            # "flying blockers", "trample beaters": creatures with it, the role still ranking (the blocker tag)
            creature = "t:creature " if following in _COMBAT_ROLES else ""
            state.take(index, index + size, creature + _keyword_term(keyword), "keyword")
    def names_the_cards(subject: str, keyword: str = "") -> bool:  # "... cards", "... creatures", "... commanders"
        return subject in _TYPE_WORDS or subject in _KEYWORD_SUBJECTS or subject in types or \
            subject in _KEYWORD_COMMANDERS or keyword in _ENABLED_KEYWORDS and subject in _ENABLER_WORDS

    for index in range(len(state.words) - 1):  # "dredge cards", "undying creatures", "flashback spells"
        keyword, subject = state.words[index].lower, state.words[index + 1].lower
        size = next((size for size in (4, 3, 2) if _after(state, index, size) in _NOUN_KEYWORDS and
                     all(state.free(i) for i in range(index, index + size))), 1)
        if size > 1:  # "cumulative upkeep cards", "battle cry creatures": a keyword of several words, whole
            keyword, subject = _after(state, index, size), _after(state, index + size, 1)
            if names_the_cards(subject) and not _is_object(state, index) and \
                    _before(state, index, 1) not in _GRANT_VERBS | _AGAINST_WORDS:
                state.take(index, index + size, _keyword_term(keyword), "keyword", still_ranks=True)
            continue
        if keyword in _NOUN_KEYWORDS and state.free(index) and \
                (names_the_cards(subject, keyword) or keyword in _ABILITY_WORDS and subject in _ABILITY_SUBJECTS) and \
                not _is_object(state, index) and \
                _before(state, index, 1) not in _GRANT_VERBS | _AGAINST_WORDS | _PRONOUNS:  # "anti infect cards": not
            # infect ("i fear creatures with flying": a verb)
            first, keywords = index, [keyword]
            while state.typed and first > 0 and state.free(first - 1) and \
                    state.words[first - 1].lower in _NOUN_KEYWORDS and state.typed[
                        state.words[first - 1].end: state.words[first].start].strip(" ,").lower() in ("", "and", "or"):
                first -= 1  # "undying and persist creatures": no card has both, so either
                keywords.insert(0, state.words[first].lower)
            if _is_object(state, first) or _before(state, first, 1) in _GRANT_VERBS:
                continue
            # "afterlife spirits", "amass orcs": the tokens the keyword makes, no type of the card's own
            made = subject in types and subject not in _TYPE_WORDS and keyword in _TOKEN_KEYWORDS
            if made:
                state.take(first, index + 2, _keyword_syntax(keywords, either=True), "keyword", still_ranks=True)
                continue
            syntax = _keyword_syntax(keywords, either=True)
            if subject in _ENABLER_WORDS:  # (the keyword's own cards, or those giving it: see _ENABLED_KEYWORDS)
                syntax = f"({syntax} or {_granted(keyword)})"
            state.take(first, index + 1, syntax, "keyword")
            for word in state.words[first: index + 1]:
                word.used = False  # and rank, for the tags of the mechanic ("infect creatures": poison counters)
    if state.typed_creature:  # "t:creature flying lifelink cheap": the creatures' own keywords
        for index, word in enumerate(state.words):
            if word.lower in _ADJECTIVE_KEYWORDS and " " not in word.lower and state.free(index) and \
                    not _is_object(state, index) and _before(state, index, 1) not in _GRANT_VERBS | _AGAINST_WORDS \
                    and _after(state, index + 1, 1).strip(",.;:?!") not in _KEYWORD_GIVERS:
                state.take(index, index + 1, _keyword_term(word.lower), "keyword")
    for _, first, last in list(_matches(state, _AFFINITY)):  # "affinity for artifacts": the keyword, whole
        if not _is_object(state, first) and _before(state, first, 1) not in _GRANT_VERBS | _AGAINST_WORDS:
            state.take(first, last, "kw:affinity", "keyword")
    for index, word in enumerate(state.words):  # "changelings": the one keyword players name its creatures by
        if word.lower == "changelings" and state.free(index) and not _is_object(state, index):
            state.take(index, index + 1, "kw:changeling", "keyword")


# after a keyword, what gives it or rewards it, not a creature having it: "t:goblin haste enablers" (Goblin
# Warchief), "t:vampire lifelink payoffs" (it had read kw:haste, kw:lifelink)
_KEYWORD_GIVERS = frozenset({"enabler", "enablers", "enabling", "granter", "granters", "giver", "givers", "payoff",
                             "payoffs", "matters", "synergy", "synergies", "support", "outlets", "outlet"})
_ENCHANT = re.compile(r"enchant (creature|artifact|land|permanent|player|planeswalker|opponent|enchantment)s?")
_AFFINITY = re.compile(r"affinity for (?:artifacts|\w+s)")
_ONE_WORD_KEYWORDS = "|".join(k for k in _ADJECTIVE_KEYWORDS if " " not in k)
_KEYWORD_TOKENS = re.compile(rf"(?:({_ONE_WORD_KEYWORDS}) (?:creature )?tokens?|tokens? with ({_ONE_WORD_KEYWORDS}))")


def _keyword_tokens(reader: Reader, state: _State) -> None:
    """"tokens with flying", "flying tokens": the card makes tokens with that keyword, as cards print them ("create
    two 1/1 white Spirit creature tokens with flying"), not cards that have it; the words still rank (token-maker)."""
    for match, first, last in list(_matches(state, _KEYWORD_TOKENS)):
        if _is_object(state, first) and _word_before_modifiers(state, first) not in _MAKE_VERBS:
            continue  # "destroy flying tokens"; "make flying tokens" is what the card makes
        keyword = match.group(1) or match.group(2)
        state.take(first, last, f"o:/tokens? with [^.]*\\b{keyword}\\b/", "oracle", still_ranks=True)


def _keyword_run(state: _State, keywords: list[str], last: int) -> tuple[list[str], bool, int]:
    """The keywords listed on past ``last`` ("lifelink, flying and vigilance"), whether an "or" joins them, and the
    word after the list (the query language has already taken the "and" and "or": they are read from the typed
    text)."""
    either = False
    while state.typed and state.free(last):
        gap = state.typed[state.words[last - 1].end: state.words[last].start].strip(" ,").lower()
        two = _after(state, last, 2)
        keyword = two if two in _HAS_KEYWORDS and state.free(last + 1) else _after(state, last, 1)
        if gap not in ("", "and", "or") or keyword not in _HAS_KEYWORDS:
            break
        keywords.append(keyword)
        either = either or gap == "or"
        last += len(keyword.split())
    return keywords, either, last


# "wipe everything except lands", "destroy all permanents but creatures": the type a card acting on everything spares
# (no filter); "green ramp except creatures": the type the card asked for is not
_SPARING = ("except for", "except", "besides", "excluding", "aside from", "apart from")  # longest first
_EXCEPTED = re.compile(rf"(?:({'|'.join(_SPARING)})|but) (?:an? |the |my |your )?({_TYPE_NAMES})")


# "sac outlets that are creatures", "removal that is an instant": the kind of card asked for; not what a card acts on
# ("destroy permanents that are creatures"), nor tokens ("tokens that are creatures" are what a card makes)
_IS_TYPE = re.compile(rf"(?:that|which) (?:are|is) (?:also )?(?:an? )?({_TYPE_NAMES})")
_ACTS_ON = _ACTING_VERBS - {"removal", "sweeper", "sweepers", "counters"}


_REMOVAL_NOUNS = frozenset({"removal", "answers", "interaction"})
_NONCREATURE_REMOVAL = "(otag:artifact-removal or otag:enchantment-removal or otag:planeswalker-removal or " \
    "otag:permanent-removal)"


def _negated_types(reader: Reader, state: _State) -> None:
    """"non-creature artifacts", "ramp that isn't a creature", "noncreature spells": not of that type (unless it is
    what the card acts on: "whenever you cast a noncreature spell"); "except lands" after what a card acts on is what
    it spares, and reads nothing ("wipe everything except lands")."""
    for match, first, last in list(_matches(state, _IS_TYPE)):
        if first > 0 and _before(state, first, 1) not in ("token", "tokens") and \
                not _ACTS_ON & _said_before(state, first):
            state.take(first, last, f"t:{_TYPE_WORDS[match.group(1)]}", "type")
    for match, first, last in list(_matches(state, _EXCEPTED)):
        if _ACTING_VERBS & _said_before(state, first):
            for word in state.words[first:last]:
                word.used = True  # spared: no filter, and the words rank nothing (not "lands" for a land tag)
        elif match.group(1) or _before(state, first, 1) in ("anything", "everything", "all"):  # "anything but"
            state.take(first, last, f"-t:{_TYPE_WORDS[match.group(2)]}", "type")
    for match, first, last in list(_matches(state, _NEGATED_TRIBE)):
        # "legendary creatures that aren't humans", "nonhuman wizards", "prowess creatures, no humans": not of that
        # creature type; "that aren't zombies, vampires or humans": nor of the types listed after it
        kind = reader.creature_types.get(match.group(1) or match.group(2))
        if kind is not None and _denies_the_card(state, first, markers=False):
            kinds = [kind]
            while match.group(1) and last < len(state.words) and state.free(last):  # (not "non human soldiers")
                following = state.words[last].lower.strip(",")
                if following in ("or", "nor", "and") and last + 1 < len(state.words) and \
                        reader.creature_types.get(state.words[last + 1].lower.strip(",")):
                    last += 1
                    continue
                if reader.creature_types.get(following) is None:
                    break
                kinds.append(reader.creature_types[following])
                last += 1
            state.take(first, last, " ".join(f"-t:{kind}" for kind in kinds), "type")
    for _, first, last in list(_matches(state, _LAND_SEARCH_DENIED)):
        # "ramp that isn't a land search", "ramp without land tutors", "ramp that doesn't fetch lands": not the
        # cards that put lands from the library onto the battlefield (it read -t:land, which no such spell is)
        state.take(first, last, "-otag:ramp-land", "tag")
    for match, first, last in list(_matches(state, _NEGATED)):
        said = match.group(1) or match.group(3) or match.group(4) or match.group(5)
        if said and _TYPE_WORDS[said] == "creature" and _after(state, last, 1) in _REMOVAL_NOUNS:
            # "noncreature removal", "removal that isn't creature removal": removal of the other permanents (it read
            # -t:creature, and ranked creature removal spells)
            state.take(first, last + 1, _NONCREATURE_REMOVAL, "tag")
            continue
        # "ramp in white without artifacts": what follows "without" is the card's own kind, whatever precedes it
        if not _denies_the_card(state, first) and \
                not re.match(r"(?:that |which )?(?:is|are)|without", match.group()):
            continue
        if match.group(6):  # "nonblue counterspells": not of that colour
            state.take(first, last, f"-c:{_SINGLE_COLORS[match.group(6)]}", "colour")
            continue
        kind = _TYPE_WORDS[next(g for g in (match.group(1), match.group(3), match.group(4), match.group(5)) if g)]
        syntax = f"-t:{kind}" + (" -t:land" if match.group(2) and kind != "land" else "")
        state.take(first, last, syntax, "type")


def _short_tag_names() -> dict[str, str]:
    """Each tag by its name and its phrasings of one or two words, singular or plural ("treasure", "treasures":
    treasure-maker; "mana rocks": mana-rock), a one-word verb's "-ing" too ("rummaging"), where only one tag is
    named so."""
    named: dict[str, set[str]] = {}
    for tag in TAGS:
        for text in (tag.name.replace("-", " "), *tag.phrasings):
            if len(text.split()) <= 2 and text.replace(" ", "").isalpha():
                doing = {f"{text.removesuffix('e')}ing"} if " " not in text and not text.endswith(("s", "ing")) \
                    else set()
                for form in {text, text.removesuffix("s"), text + "s", *doing}:
                    named.setdefault(form, set()).add(tag.name)
    return {text: next(iter(tags)) for text, tags in named.items() if len(tags) == 1}


_SHORT_TAG_NAMES = _short_tag_names()
# "ramp that isn't treasure", "card draw without wheels": not that tag's cards
# the words of a denial of what a card is, or of what it does
_IS_NOT, _DOES_NOT = r"(?:isn'?t|is not|aren'?t|are not)", r"(?:doesn'?t|does not|don'?t|do not|dont|doesnt)"
_LAND_SEARCH_DENIED = re.compile(
    rf"(?:that |which )?(?:(?:{_IS_NOT}|without|no|not|excluding|other than) (?:an? |any )?"
    r"(?:basic )?lands? (?:search(?:es|ing)?|tutors?|tutoring|fetch(?:es|ing)?)|"
    rf"{_DOES_NOT} (?:search|fetch|tutor)(?: for)? (?:an? |any |basic )*lands?)\b")
_NOT_TAG = re.compile(rf"(?:that |which )?(?:{_IS_NOT}|not|without|other than|but not|excluding|"
                      r"except(?: for)?|minus(?: the)?|avoid(?:ing)?|"
                      r"(?<!\bhas )(?<!\bhave )(?<!\bhad )(?<!\bgot )(?<!\bwith )no|"
                      rf"{_DOES_NOT} (make|use|need)) (?:an? |any )?"
                      r"([a-z]+(?: [a-z]+)?)")
# what a card is, not what it does: "creatures that aren't tokens" are not token makers left out
_NOT_TAG_WORDS = frozenset({"token", "tokens"})


# "creature removal that doesn't destroy", "removal that doesn't target", "wipes without exiling": no card whose
# rules text does it (the words had ranked the very cards denied: Murder first)
_DENIED_ACTION = re.compile(rf"(?:that |which )?(?:{_DOES_NOT}|{_IS_NOT}|without|never) "
                            r"(?:deal )?(destroy|exil|sacrific|target|damag)(?:s|es|e|ed|ing)?"
                            r"(?: based)?(?! (?:to|my|your|their|players?|opponents?|me|you|each)\b)")


# "stax pieces that don't hurt me", "discard that only hits my opponents": an effect on the opponents alone, which
# a card says by naming them ("Spells your opponents cast cost {1} more", "each opponent discards"); the words had
# been a denial left unread, and the symmetric pieces (Sphere of Resistance, Thorn of Amethyst) led
_ONE_SIDED = re.compile(
    r"(?:that |which )?(?:(?:don'?t|doesn'?t|do not|does not|won'?t|will not|wont) (?:hurt|affect|hit|harm|bother|"
    r"touch|punish|slow(?: down)?|stop|lock(?: out)?|tax)s? (?:me|myself|my (?:own )?(?:deck|board|side|stuff|game|"
    r"creatures|spells))|only (?:hurts?|affects?|hits?|punish(?:es)?) (?:my )?opponents|"
    r"(?:hurts?|affects?|hits?|punish(?:es)?) only (?:my )?opponents)")  # ("punish opponents for drawing" is no side)
_OPPONENTS_SYNTAX = r"o:/\bopponents?\b/"


def _one_sided(reader: Reader, state: _State) -> None:
    """"that don't hurt me": cards whose text names the opponents (``o:/\bopponents?\b/``)."""
    for _, first, last in list(_matches(state, _ONE_SIDED)):
        state.take(first, last, _OPPONENTS_SYNTAX, "oracle")


def _denied_actions(reader: Reader, state: _State) -> None:
    for match, first, last in list(_matches(state, _DENIED_ACTION)):
        verb = {"exil": "exile", "sacrific": "sacrifice", "damag": "damage"}.get(match.group(1), match.group(1))
        state.take(first, last, f"-o:{verb}", "text")


def _negated_tags(reader: Reader, state: _State) -> None:
    """"ramp that isn't treasure", "removal without edicts": not the cards of the tag the words name
    (``-otag:treasure-maker``), when they name just one by its name or a short phrasing; what is left still ranks.
    "lands that are not basic" is not of the supertype."""
    for match, first, last in list(_matches(state, _NOT_TAG)):
        words = match.group(2).split()
        denied = state.words[last - len(words)]
        if (denied.text[:1].isupper() or _SHORT_TAG_NAMES.get(denied.lower) in _tags_named(state, first)) and \
                (row := reader.db.names.find(denied.text.strip(",.;:?!"))) is not None and \
                (exact := exact_name_syntax(reader.db.columns.name[row])):
            # "counterspells that aren't Counterspell": the card of that name, capitalised as names are or in lower
            # case where the request's own words ask for its tag ("counterspells other than counterspell"); it read
            # -otag:counterspell, denying every card asked for
            state.take(first, last - (len(words) - 1), f"-{exact}", "name")
            continue
        if words[0] in ("basic", "basics"):  # "lands that are not basic": the supertype
            state.take(first, last - (len(words) - 1), "-t:basic", "type")
            continue
        if words[0] == "discarding" or words[0] in ("discard", "discards") and \
                _tags_named(state, first) & _DRAWING:
            # "card draw in red without discarding": no card of the player's own discarding (loot, rummage, wheel),
            # not the tag of making opponents discard
            state.take(first, last - (len(words) - 1), "-o:discard", "text")
            continue
        for size in (2, 1):  # the longest name first: "mana rocks" before "mana"
            said = " ".join(words[:size])
            # ("dont make tokens": the tokens a card makes)
            tag = _SHORT_TAG_NAMES.get(said) if len(words) >= size and (said not in _NOT_TAG_WORDS or match.group(1)) \
                else None
            if tag and tag in _tags_named(state, first) and (narrower := _NARROWER.get(tag)):
                # "counterspells that aren't hard counters": the tag asked for, denied by a phrasing of its own,
                # is asked for by its narrower tags ("-otag:counterspell" had left out every counterspell)
                syntax = " or ".join(f"otag:{child}" for child in narrower)
                state.take(first, last - (len(words) - size), f"({syntax})", "tag")
                break
            if tag:
                state.take(first, last - (len(words) - size), f"-otag:{tag}", "tag")
                break


_DRAWING = frozenset(TAGS[index].name for index in TAG_FAMILIES[TAG_INDEX["card-draw"]])
# each tag's tags nested right under it (counterspell: soft, creature, noncreature and ability counters)
_NARROWER = {parent: [child for child, of in TAG_PARENTS.items() if of == parent]
             for parent in dict.fromkeys(TAG_PARENTS.values())}


def _tags_named(state: _State, stop: int) -> set[str]:
    """The tags the free words before ``stop`` name by a short name, a word or two ("counterspells", "mana rocks")."""
    said = [word.lower for word in state.words[:stop] if not word.used]
    return {tag for size in (1, 2) for i in range(len(said) - size + 1)
            if (tag := _SHORT_TAG_NAMES.get(" ".join(said[i:i + size])))}


_SPEED = re.compile(r"(?:at )?instant[- ]speed")
_CAST_VERBS = frozenset({"cast", "casts", "casting", "play", "plays", "playing"})
_SORCERY_SPEED = re.compile(r"(?:at )?sorcery[- ]speed")
_ALLOWED = re.compile(r"(?:[a-z]+ )?(?:is|are|'s) (?:fine|ok|okay|acceptable|allowed)\b")
_FLYERS = re.compile(r"flyers?|fliers?|flying creatures?|creatures? (?:with|(?:that|which) (?:has|have)) flying|"
                     r"anti[- ]?(?:flying|flyers?|fliers?)|"
                     r"flying(?= (?:hate|removal|hosers?|answers?|defen[cs]e)\b)|"  # "my deck needs flying defense"
                     r"(flying)$")  # "answers to flying": flyers, where an answer is asked (see _speed_and_flyers)
# "deal with flyers", "kill fliers", "answers to flying creatures", "flyer hate": what kills or blocks
# them, as cards print it ("destroy target creature with flying", Hurricane's "each creature with flying", reach)
_ANSWERS_FLYERS = re.compile(r"\b(?:deal(?:s|ing)? with|kill(?:s|ing)?|destroy(?:s|ing)?|answers? (?:to|for)|"
                             r"(?:nothing|something|anything) (?:for|against|to stop)|"
                             r"wip(?:e|es|ing)(?: out)?|sweep(?:s|ing)?(?: away)?|exil(?:e|es|ing)|"
                             r"hate (?:against|for|vs)|against|stop(?:s|ping)?|block(?:s|ing)?|beat(?:s|ing)?|"
                             r"handle|shoot(?:s|ing)?(?: down)?|torch(?:es|ing)?|zap(?:s|ping)?|snip(?:e|es|ing)|"
                             r"(?:removal|answers?|hate|hosers?) (?:for|to|against|vs)|"
                             rf"{LOSES_TO}|"
                             # "my opponents always have big flyers": theirs, so the answer is asked for
                             r"(?:opponents?|they|everyone|everybody|people|table)\b.*\b(?:ha(?:ve|s)|play(?:s|ing)?|"
                             r"run(?:s|ning)?|cast(?:s|ing)?))"
                             r"\W*(?:(?:all|the|their|opposing|enemy|big|huge|large|lots of|a lot of|so many|many|a|an|"
                             r"(?:decks?|boards?) (?:full of|of|with)|full of|"  # "beat a deck full of flyers"
                             r"any|one|those|that|these|some|every|each|target)"
                             r"\W*){0,2}$")  # "kill a big flyer"
# just before a bare "flying" closing the request, what makes it the flyers to answer ("answers to flying")
_FLYING_ANSWERED = re.compile(r"(?:answers? (?:to|for)|deal(?:ing)? with|against|vs|versus|kill|destroy|stop|beat|"
                              r"(?:hate|hosers?) (?:for|against|vs|on))$")
_FLYER_ANSWERS = frozenset({"hate", "removal", "hoser", "hosers", "answers", "answer", "killers", "killer", "defense",
                            "defence"})  # "flyer hate"
_ANTI_FLYER = "(o:/(?:target|each|all|attacking) [^.]*creatures? with flying/ or kw:reach)"


_FLYING_OVER = re.compile(r"(?:(?:my |the |an? )?opponents?(?:'s?(?: \w+)?)? |they |their \w+ |everyone |people )?"
                         r"(?:keeps? |kept |keep on |always )?(?:flying|flies|fly|flew) (?:right )?over "
                         r"(?:me|us|my (?:board|blockers?|defen[cs]es?|creatures|guys|team|ground (?:guys|creatures)))")


def ranking_context(chips: Sequence[Chip]) -> str:
    """Words read as filters that may still complete a tag's phrasing (see ranking.TagMatcher.match): the types
    named ("creatures that tap for mana"), and "target creatures" for the flyers an answer is asked for ("kill all
    flyers" is a sweeper's "kill all creatures", "kill flyers" creature removal): what it acts on, not its own
    type. A type excluded ("ramp that isn't a creature") completes nothing: it is what the cards are not."""
    kinds = ("type", "cycle", "layout")  # (a land cycle's and a layout's words too: "fetch lands")
    return " ".join(chip.words if chip.kind in kinds else "target creatures" for chip in chips
                    if chip.kind in kinds and not chip.syntax.startswith("-") or chip.syntax == _ANTI_FLYER)


# What is cast at instant speed: an instant or a card with flash. For graveyard hate, what works at instant speed
# is mostly a permanent's activated ability too ("cost: effect" on a line of its own; not a loyalty ability, not one
# in quotes or reminder text, not a mana ability, not one "activate only as a sorcery"): Tormod's Crypt, Relic of
# Progenitus and Soul-Guide Lantern, which instants and flash alone had left out. (Asked for card draw, removal or
# tutors, instant speed means the spells: Jayemdae Tome is no instant-speed card draw a player asks for.)
_INSTANT_SPEED = "(t:instant or kw:flash)"
_ANY_INSTANT_SPEED = ('(t:instant or kw:flash or (-t:sorcery o:/^(?![+−-]?(?:\\d+|x):)[^"(\\n][^"(\\n]*: (?!add )/ '
                      '-o:"activate only as a sorcery"))')
_GRAVEYARD_WORDS = frozenset({"graveyard", "graveyards", "yard", "yards"})
# what is used by an activated ability, which needs no instant or flash to be used at instant speed
_ABILITY_NOUNS = frozenset({"outlet", "outlets", "abilities", "ability", "activated", "altar", "altars"})
_SACRIFICE_WORDS = frozenset({"sacrifice", "sac", "sack"})


def _speed_and_flyers(reader: Reader, state: _State) -> None:
    """"instant speed" is an instant or a card with flash, "sorcery speed" a sorcery; "flyers" are creatures with
    flying (the words still rank, as "mana rocks" do)."""
    for _, first, last in list(_matches(state, _SPEED)):
        if _CAST_VERBS & set(_before(state, first, 4).split()):
            continue  # "let me cast creatures at instant speed": what the card grants (flash), by the words
        said = [w.lower.strip(",.;:?!") for w in state.words]
        own_sacrifice = any(word in _SACRIFICE_WORDS and said[index - 1] in ("to", "can", "i", "me", "could")
                            for index, word in enumerate(said[:first]) if index) and \
            not {"make", "makes", "force", "forces", "opponent", "opponents", "each"} & set(said)
        if _ABILITY_NOUNS & set(said) or own_sacrifice:
            # ("a way to sacrifice stuff at instant speed": an outlet, not an instant)
            # "instant speed sacrifice outlets": an activated ability works at instant speed on any permanent
            # (Viscera Seer, Ashnod's Altar); the filter had left edicts and Etherium Astrolabe. What it says, all
            # of them do: it reads nothing, and ranks nothing (it would weigh against the function's phrasing)
            for word in state.words[first:last]:
                word.used = True
            continue
        state.take(first, last, _ANY_INSTANT_SPEED if _GRAVEYARD_WORDS & set(said) else _INSTANT_SPEED, "type")
    for _, first, last in list(_matches(state, _SORCERY_SPEED)):
        if _ALLOWED.match(_after(state, last, 4)):  # "sorcery speed removal is fine": allowed, not asked for
            for word in state.words[first:last]:
                word.used = True
            continue
        state.take(first, last, "t:sorcery", "type")
    for match, first, last in list(_matches(state, _FLYERS)):
        if match.group(1) and not _FLYING_ANSWERED.search(_before(state, first, 2)):
            continue  # "blue flying", "creatures that ... have flying": the keyword, read as such
        if match.group(0).startswith("anti") or _ANSWERS_FLYERS.search(_before(state, first, 6)) or \
                _after(state, last, 1) in _FLYER_ANSWERS or _complained_of(state, first):
            for chip in [c for c in state.chips if c.syntax == "mv>=6" and c.words.lower() in _before(state, first, 2)]:
                _release(state, chip)  # "big flyers" are theirs: the answer may cost anything
                state.chips.remove(chip)
            # the filter says it all: "flying" left to rank would ask for the flying-granter tag ("destroy flying
            # creatures" read as "give flying")
            state.take(first, last, _ANTI_FLYER, "oracle")
        elif not _is_object(state, first):
            state.take(first, last, "t:creature kw:flying", "type")
            state.words[first].used = False
    # "my opponent keeps flying over me", "their dragons fly over my blockers": the flyers are the problem, the answer
    # is asked for (it had listed flyers)
    for _, first, last in list(_matches(state, _FLYING_OVER)):
        state.take(first, last, _ANTI_FLYER, "oracle")


# "uncounterable", and what a player says who needs it: "my spells keep getting countered", "they keep countering my
# spells", "protect my combo from counterspells", "cards that get around counterspells"
_UNCOUNTERABLE = re.compile(r"uncounterable|(?:that |which )?(?:can'?t|cannot|can not) be countered|"
                            r"(?:keeps?|kept) (?:getting |being )?countered|"
                            # "my big spells get countered", "decks that counter everything" beat me
                            r"(?:always )?(?:get|gets|got) countered|"
                            # "the blue player counters everything i cast"
                            r"counter(?:s|ing|ed)? (?:everything|anything|every spell|all the spells|all my spells) "
                            r"(?:i|we) (?:cast|play)|"
                            rf"(?:{LOSES_TO}) (?:[\w-]+ ){{0,3}}?(?:decks?|players?) (?:that|which|who) counter\w*|"
                            r"(?:keeps?|kept|always) counter(?:ing|s)? "
                            r"(?:all )?(?:my|our) (?:spells?|stuff|creatures?|things|cards|combo|commanders?|bombs?|"
                            r"threats?)|(?:protect\w*|safe|shield\w*)"
                            r"(?: \w+){0,3} (?:from|against) (?:counterspells?|counter ?magic|being countered)|"
                            r"(?:(?:get(?:s|ting)?|go(?:es|ing)?|work(?:s|ing)?|win(?:s|ning)?|push(?:es|ing)?|"
                            r"fight(?:s|ing)?|resolve \w+) (?:around|past|through)|"
                            r"(?:dodg|beat|ignor|stop|handl)\w*|deal(?:s|ing)? with|answers? (?:to|for)|"
                            r"play(?:s|ing)? around|anti-?|against|vs\.?|versus) "
                            r"(?:(?:a |an |their |the )?(?:\w+ )?(?:deck|player|opponent)s? (?:full of |with |playing |"
                            r"running )"
                            r"(?:lots of |a lot of |tons of )?|(?:all )?(?:the |those |their )?)"
                            r"(?:counterspells?|counter ?magic|counters\b(?! on))|"
                            r"(?:counterspells?|counter ?magic) (?:hate|protection|insurance)|"
                            # "i keep losing to counterspells", "my opponents play a lot of counterspells"
                            rf"(?:{LOSES_TO}) (?:(?:all|the|those|their|blue) )*(?:counterspells?|counter ?magic)")
# "spells my opponent can't respond to", "instants that can't be responded to", "spells with no response": what
# split second makes a spell (CR 702.61: no spell is cast nor ability activated while it is on the stack); an
# uncounterable spell can still be answered in response, so it is no such card (ranked alone, Cosmotronic Wave and
# Forgotten Lore had been among them)
_UNANSWERABLE = re.compile(r"(?:that |which )?(?:(?:my |an |the |their )?opponents? |they |no one |nobody |"
                           r"(?:anyone|anybody|people|players) )?(?:can'?t|cannot|can not|won'?t be able to) "
                           r"(?:be )?respond(?:ed)?(?: to)?(?: (?:it|them))?|"
                           r"(?:that |which )?(?:can'?t|cannot|can not) be responded to|"
                           r"(?:with |allowing |that allow )?no (?:responses?|response window)")
# "reanimation that can target opponents' graveyards", "reanimate from any graveyard": a creature card taken from any
# graveyard, as Reanimate, Animate Dead and Necromancy say it ("from a graveyard"), not the player's own only
# (Zombify and Resurrection had led); said where the request reanimates, the graveyard words alone
_REANIMATING = re.compile(r"\b(?:reanimat\w*|recur\w*|return\w*|bring\w* back|raise\w*|steal\w*)\b")
_ANY_GRAVEYARD = re.compile(r"(?:from|in|target|targets|out of) (?:any|a|an opponent'?s?|opponents'?|"
                            r"my opponents?'?s?|enemy|other players'?|all|each|every) graveyards?")
_ANY_GRAVEYARD_SYNTAX = "o:/creature cards? (?:from|in) (?:a|any|an opponent's|all) graveyards?/"
# "pitch spells", "pitch counterspells": cast by exiling a card from hand in place of the mana cost, as Oracle
# text prints it (Force of Will's "exile a blue card from your hand rather than pay this spell's mana cost",
# Solitude's "Evoke—Exile a white card from your hand"); "spells" after it is any spell, creatures included.
_PITCH = re.compile(r"pitch(?: spells?| cards?)?")
# "pacts", "pact spells" (cEDH's Pact of Negation, Slaughter Pact, Summoner's Pact): free now, paid for at the next
# upkeep or the game is lost, as their text says it
_PACTS = re.compile(r"pacts|pact (?:spells?|cards?|effects?)|^pact$")
_PACTS_SYNTAX = "o:/at the beginning of your next upkeep, pay [^.]*\\. if you don't, you lose the game/"
# "tutor to battlefield", "tutors that put creatures into play": a card searched for and put onto the battlefield
# (Natural Order, Green Sun's Zenith, Chord of Calling), not a land (that is ramp)
_TUTOR_TO_PLAY = re.compile(r"tutors? (?:(?:that|which) puts? (?:it|them|the card|cards?|creatures?|things?) )?"
                            r"(?:(?:directly|straight|right) )?(?:to|onto|into|in) (?:the )?(?:battlefield|play|bf)")
_TUTOR_TO_PLAY_SYNTAX = ("o:/search your library for [^.]*(?:creature|artifact|enchantment|permanent|planeswalker) "
                         "cards?[^.]*(?:put (?:it|them|that card|those cards) onto the battlefield)/")
_PITCH_SYNTAX = "o:/exile [^.]*cards? from your hand[^.]*rather than pay|evoke—exile/"
# "unblockable creatures", "creatures that can't be blocked": creatures that are so themselves, as Oracle text
# says it ("This creature can't be blocked", "~ can't be blocked except by ..."), not the cards that make others so
# ("make my creatures unblockable" is the unblockable-granter tag's, and is left to it)
_UNBLOCKABLE_SYNTAX = 'o:"~ can\'t be blocked"'  # the card's own "This creature can't be blocked"
_UNBLOCKABLE_CREATURES = re.compile(r"unblockable creatures?|creatures? (?:that |which )?(?:can'?t|cannot|can not) "
                                    r"be blocked")
# "evasive creatures", "evasive threats": creatures hard to block by their own keywords or text, not the cards that
# give evasion to others ("give my creatures evasion" stays the evasion-granter tag's)
_EVASIVE_CREATURES = re.compile(r"evasive (?:creatures?|threats?|beaters?|attackers?)")
_EVASIVE_SYNTAX = ('t:creature (kw:flying or kw:menace or kw:fear or kw:intimidate or kw:shadow or kw:skulk '
                   'or kw:horsemanship or o:"~ can\'t be blocked")')
# "treasure payoffs", "food synergy", "payoffs for clues", "energy sinks": cards that spend the resource, as their
# text says it ("Sacrifice a Treasure", "Treasures you control", "for each Food", "Pay {E}{E}"), not the cards that
# make it (the maker tags' cards, which "treasure makers" asks for)
_RESOURCES = r"(treasure|food|clue|blood|energy)s?(?: tokens?| counters?)?"
_RESOURCE_PAYOFFS = re.compile(rf"{_RESOURCES} (?:payoffs?|synerg(?:y|ies)|matters?|sinks?|spenders?|outlets?)\b|"
                               rf"(?:payoffs?|sinks?) for (?:my |your )?{_RESOURCES}|"
                               rf"(?:cares?|caring) about (?:my |your )?{_RESOURCES}")


# "scry payoffs", "explore matters", "cards that reward surveilling": what rewards a keyword action, as cards print it
# ("Whenever you scry", "Whenever a creature you control explores", "complete a dungeon"), not the cards that do it
# (Serum Visions had led "scry payoffs", and vanilla morphs "morph payoffs"); not proliferate, whose payoffs are
# whatever has counters (five cards say "whenever you proliferate")
_ACTION_PAYOFF_TEXT = {"scry": "whenever you scry", "surveil": "whenever you surveil",
                       "explore": "whenever [^.]*explores", "connive": "whenever [^.]*connives",
                       "venture": "completed? a dungeon",
                       "morph": "whenever [^.]*turned face up", "exert": "whenever you exert"}
_ACTION_FORMS = {"scrying": "scry", "surveilling": "surveil", "exploring": "explore", "conniving": "connive",
                 "venturing": "venture", "dungeon": "venture", "dungeons": "venture",
                 "morphs": "morph", "exerting": "exert", **{action: action for action in _ACTION_PAYOFF_TEXT}}
_ACTIONS = rf"({_either(_ACTION_FORMS)})"
_ACTION_PAYOFFS = re.compile(rf"{_ACTIONS} (?:payoffs?|synerg(?:y|ies)|matters?|rewards?)\b|"
                             rf"(?:payoffs?|rewards?) for (?:my |your )?{_ACTIONS}\b|"
                             rf"(?:cares?|caring) about {_ACTIONS}\b|rewards? (?:me |you )?(?:for )?{_ACTIONS}\b")


def _resource_payoff_syntax(resource: str) -> str:
    if resource == "energy":
        return "o:/\\bpay (?:\\{e\\}|[a-z ]+\\{e\\})/"
    kind = "blood token" if resource == "blood" else resource
    return (f"o:/sacrifices? (?:an? |\\w+ |one or more |another )?{kind}s?\\b|{kind}s? you control|for each {kind}|"
            f"\\w+ or more {kind}s/")


# "lands that enter untapped": every land but those that always enter tapped ("This land enters tapped."); the
# check lands, shock lands and fast lands, which enter tapped only "unless" or "if you don't", stay
_ENTERS_UNTAPPED = re.compile(r"(?:that |which )?(?:enters?|comes? (?:in|into play)|etbs?) untapped|"
                              r"(?:that |which )?(?:don'?t|do not|doesn'?t|does not|never) "
                              r"(?:enters?|comes? (?:in|into play)|etbs?)(?: the battlefield)? tapped|"
                              r"untapped(?= (?:[a-z]+[- ]){0,2}lands?\b)")  # "untapped lands", "untapped boros duals"
_ENTERS_UNTAPPED_SYNTAX = r"-o:/~ enters tapped(\.| with)/"  # "enters tapped with two charge counters": Vivid lands
_TWO_COLOUR_SYNTAX = r"fo:/add \{[wubrg]\} or \{[wubrg]\}/"
# "lands that enter untapped and make two colors", "taps for 2 colours": either of two colours, as the dual lands'
# text (and reminder text) says it ("two colors" had been left to rank: Gold Mine, Reflective Gate came first)
_TWO_COLOUR_MANA = re.compile(r"(?:that |which )?(?:makes?|making|taps? for|tapping for|produces?|producing|adds?|"
                              r"adding) (?:two|2|both) (?:different )?colou?rs(?: of mana)?")
# "cheap lands that enter untapped for two colors", "lands for 2 colours": the same, said of lands only (read where the
# request asks for lands: "removal for two colors" is a deck's)
_FOR_TWO_COLOURS = re.compile(r"for (?:two|2) colou?rs\b")
# "ramp that gets 2 lands", "ramp spells that fetch two basics": a search for two lands, as Cultivate, Kodama's
# Reach, Explosive Vegetation and Skyshroud Claim print it (a ramp request's words had ranked one-land Rampant Growth
# and Into the North first)
_TWO_LANDS = re.compile(r"(?:gets?|getting|fetch(?:es|ing)?|finds?|finding|grabs?|search(?:es|ing)? for|tutors?|"
                        r"puts?|putting|brings?) (?:out |in )?(?:up to )?(?:2|two) "
                        r"(?:basic )?(?:lands?|basics|forests)")
_TWO_LANDS_SYNTAX = ("o:/search your library for (?:up to )?(?:two|2)\\b[^.]*"
                     "(?:land|forest|plains|island|swamp|mountain)/")
# "ramp that puts lands onto the battlefield untapped", "untapped land ramp": what puts a land onto the battlefield,
# and never tapped (Nature's Lore, Three Visits, Skyshroud Claim; Rampant Growth had led)
_LANDS_UNTAPPED = re.compile(r"(?:puts?|putting|gets?|fetch(?:es)?) (?:\w+ ){0,2}(?:lands?|basics?|it|them|forests?) "
                             r"(?:onto|into|in) (?:the battlefield|play) untapped|untapped(?= (?:land )?ramp)")
# "lands that come in tapped and gain life": the lands that always enter tapped, said of lands only ("make their
# creatures enter tapped" is what a card does to others)
_ENTERS_TAPPED = re.compile(r"(?:that |which )?(?:enters?|comes? (?:in|into play)|etbs?) tapped")
_ENTERS_TAPPED_SYNTAX = _ENTERS_UNTAPPED_SYNTAX[1:]
_THEIRS = frozenset({"their", "theirs", "opponent", "opponents", "opponent's", "opponents'", "rivals", "enemy"})
# "phyrexian mana": Scryfall's is:phyrexian (a Phyrexian mana symbol in the cost); paying life for the mana
# is that, or a card that says so ("you may pay 4 life rather than pay this spell's mana cost": Snuff Out; K'rrik)
_PHYREXIAN = re.compile(r"phyrexian (?:mana|symbols?|costs?)")
_LIFE_FOR_MANA = re.compile(r"pay(?:s|ing)? (?:\d+ )?life (?:instead of|in place of|rather than|for)(?: paying)? "
                            r"(?:the |its |their |my )?mana(?: costs?)?")
# "coin flip cards", "cards that flip coins": what Oracle text says of them ("flip a coin", "flip two coins")
_COIN_FLIPS = re.compile(r"coin[- ]?(?:flips?|flipping|toss(?:es)?)|flip(?:s|ping)? (?:a |two |three |\w+ )?coins?")
# "cards that stop me from losing", "make me unable to lose": "you can't lose the game" (Platinum Angel, Angel's Grace)
_CANT_LOSE = re.compile(r"(?:stop|stops|prevent|prevents|keep|keeps) (?:me|us|you) from losing(?: the game)?|"
                        # (not "can't lose life")
                        r"(?:you |i )?(?:unable to|can'?t|cannot|never) lose(?: the game\b|(?! \w))")
# "removal on a creature body", "card draw stapled to a body": a creature that does it
_ON_A_BODY = re.compile(r"(?:on|with|in|stapled to|attached to) (?:a |an )?(?:creature |decent |good |real )?"
                        r"bod(?:y|ies)")
# "donate effects", "give an opponent control of a creature", "give my permanents away": Donate's "target player
# gains control of target permanent you control" (Harmless Offering, Zedruu, Bazaar Trader, the Jinxed artifacts)
_DONATE = re.compile(r"donat(?:e|es|ing)(?: effects?| cards?| spells?)?|give(?:s)? (?:away )?(?:my |our )?(?:own )?"
                     r"(?:permanents?|creatures?|stuff|things|cards|artifacts?) (?:away|to (?:an |my |each )?"
                     r"opponents?)|give(?:s)? (?:an |my |target |each )?opponents? control(?: of)?|"
                     r"give(?:s)? (?:an |my |target |each |the )?opponents? (?:my |our |your )?(?:own )?"
                     r"(?:permanents?|creatures?|stuff|things|artifacts?|enchantments?)")  # "give opponents creatures"
_DONATE_SYNTAX = "o:/(?:player|opponent) gains control of/"
# "defenders that can attack", "let my walls attack": what cards say of it (High Alert, Arcades, Rolling Stones)
_DEFENDERS_ATTACK = re.compile(r"(?:defenders?|walls?|creatures with defender) (?:that |which )?(?:can|to) attack|"
                               r"(?:let|lets|make|makes) (?:my )?(?:defenders?|walls?) attack|attack with (?:my )?"
                               r"(?:defenders?|walls?)")
# "defender payoffs", "walls matter": what rewards creatures with defender (Arcades, Overgrown Battlement)
_DEFENDER_PAYOFF = re.compile(r"(?:defenders?|walls?) (?:payoffs?|matters?|synergy|synergies|tribal|deck)|"
                              r"payoffs? for (?:defenders?|walls?)")
# "spells that cost life", "life as a resource", "pay half my life": what cards charge in life ("Pay 2 life", "pay
# half your life", "you lose 2 life")
# (and a draw's own loss: Night's Whisper's "You draw two cards and lose 2 life", Sign in Blood's "draws two cards and
# loses 2 life")
_LIFE_COST_SYNTAX = "o:/(?:\\bpay|\\byou lose|\\bdraws? [^.]*\\band loses?) (?:\\d+|x|half your) life/"
_LIFE_COST = re.compile(r"(?:that |which )?costs? (?:me )?life|life as a (?:resource|cost)|"
                        r"pay(?:s|ing)? half (?:my|your|of my) life")
# "win with an empty library", "lab man effects": what Laboratory Maniac and Jace, Wielder of Mysteries say
_EMPTY_LIBRARY_WIN = re.compile(r"win(?:s|ning)? (?:the game )?(?:with|when i have|from) (?:an |my )?empty "
                                r"(?:library|deck)|empty (?:library|deck) (?:wins?|win ?cons?|win conditions?)")
# "cards that reward me for having no cards in hand", "empty hand payoffs": what hellbent and its kin say ("if you have
# no cards in hand": Bottomless Pit's kin, Ensoul Artifact's none); not "refill my empty hand" (card draw)
_EMPTY_HAND = re.compile(r"(?:having|have|with|while|when|if) (?:i have |you have )?(?:no|zero|0) cards in "
                         r"(?:my |your |our )?hand|(?:an? )?(?:empty[- ]hand(?:ed)?|no[- ]cards[- ]in[- ]hand) "
                         r"(?:payoffs?|matters?|synergy|synergies|cards|decks?|strateg(?:y|ies)|themes?|builds?)|"
                         r"(?:payoffs?|rewards?) for (?:an? )?(?:empty[- ]hand|having no cards in (?:my |your )?hand)")
# "make my opponents lose life when I gain life", "turn lifegain into damage": Sanguine Bond's "whenever you gain life,
# target opponent loses that much life"; "gain life whenever they lose life": Exquisite Blood's, the other half
_WHO_LOSES = r"(?:(?:my |each |an? |target )?opponents?|they|them|players?)"
_GAIN_DRAINS = re.compile(rf"{_WHO_LOSES} lose(?:s)? (?:that much )?life (?:when|whenever|every time|each time|if) "
                          r"(?:i|you|we) gain(?:s)? life|(?:when|whenever|every time|each time) (?:i|you|we) gain "
                          rf"life,? {_WHO_LOSES} lose(?:s)?(?: that much)? life|"
                          r"turn(?:s|ing)? (?:my )?(?:life ?gain|gaining life) into (?:damage|drain|life loss)")
_LOSS_HEALS = re.compile(rf"(?:i|you|we) gain life (?:when|whenever|every time|each time) {_WHO_LOSES} lose(?:s)? "
                         rf"life|(?:when|whenever|every time|each time) {_WHO_LOSES} lose(?:s)? life,? (?:i|you|we) "
                         r"gain(?:s)?(?: that much)? life")
# "cards that set my life total", "set a player's life to 10": "your life total becomes" (Magister Sphinx, Biorhythm)
_LIFE_SET = re.compile(r"(?:set(?:s|ting)?|reset(?:s|ting)?|change(?:s)?|changing) (?:my |your |their |our |"
                       r"a player'?s |an opponent'?s |each player'?s |target player'?s |someone'?s |the )?"
                       r"life(?: totals?)?(?: to\b)?")
# "life swap cards", "swap life totals": "exchange life totals" (Magus of the Mirror, Soul Conduit)
_LIFE_SWAP = re.compile(r"life(?: totals?)? (?:swaps?|swapping|exchanges?|exchanging|switch(?:es|ing)?|trades?|"
                        r"trading)|(?:swap|exchange|switch|trade)(?:s|es|ping|ing)? (?:my |our |your |their )?"
                        r"life(?: totals?)?")
# "x/x creatures", "creatures with variable power", "power equal to the number of lands": a */* card's text
# ("Tarmogoyf's power is equal to ...", "power and toughness are each equal to"); what it counts still ranks
_VARIABLE_POWER = re.compile(r"(?:x/x|\*/\*|(?:with )?variable(?: power| size| stats| p/?t)|"
                             r"(?:whose |with )?(?:power|p/t|size|stats)(?: and toughness)? "
                             r"(?:is |are |that (?:is|are) )?(?:equal to|based on|scales? with|grows? with|set by|"
                             r"depends on|depending on|(?:is |are )?the number of))")
_VARIABLE_POWER_SYNTAX = "o:/~'s power (?:and toughness )?(?:is|are each) equal to/"
# "creatures with power equal to toughness", "same power and toughness": the card's two numbers alike, Scryfall's
# pow=tou
_POWER_IS_TOUGHNESS = re.compile(r"(?:with |whose )?(?:power (?:is |that is )?(?:equal to|the same as|same as|=) "
                                 r"(?:its |their )?toughness|(?:the )?same power and toughness|"
                                 r"equal power and toughness)")
# "put cards from my graveyard on top of my library": Reito Lantern, Noxious Revival, Academy Ruins (not tutors)
_GRAVEYARD_TO_TOP = re.compile(r"(?:from (?:my |your |the )?(?:graveyard|yard|gy) (?:back )?(?:on|to|onto) "
                               r"(?:the )?top of (?:my |your |the )?(?:library|deck))|"
                               r"(?:on|to|onto) (?:the )?top of (?:my |your |the )?(?:library|deck) "
                               r"from (?:my |your |the )?(?:graveyard|yard|gy)")
# "cards that care about the number of lands i control", "cards that count my lands": what counts them; "care about
# the number of lands", whose lands are no one's, too (it read landfall: lands entering, Jaddi Offshoot first)
_LANDS_COUNTED = re.compile(r"(?:the )?number of lands (?:i|you|we) (?:control|have)|"
                            r"(?<=about )(?:the number of|how many) lands(?: (?:i|you|we) (?:control|have)| in play| "
                            r"on the battlefield)?|"
                            r"count(?:s|ing)? (?:my |your )?lands|for each land (?:i|you) control")
# "low life payoffs", "cards that get better when i have less life": what cards say of it ("if you have 5 or less life")
_LOW_LIFE = re.compile(r"low life(?: total)?(?: payoffs?| matters| cards| synergy)?|(?:better|stronger) (?:when|while|"
                       r"if) i (?:have|am at) (?:less|low) life")
# "cards that care about my commander", "commander matters", "lieutenant": what cards say of the deck's commander
_COMMANDER_MATTERS = re.compile(r"(?:cares?|caring) about (?:my|your|the|our) commanders?|(?:my |your )?commanders? "
                                r"matters?|lieutenant(?: cards?| creatures?)?")
# "removal that gives them a token": what such removal says its victim's controller gets (Beast Within, Pongify)
_REMOVAL_TOKEN = re.compile(r"(?:that |which )?(?:gives?|leaves?) (?:them|the opponent|its controller|their "
                            r"controller|an opponent|opponents?|the owner) (?:a |an )?(?:\d+/\d+ )?"
                            r"(?:creature )?tokens?")
# "payoffs for casting creatures", "what rewards playing lots of creatures": what the cards say ("whenever you cast a
# creature spell": Beast Whisperer, Guardian Project's kin, Soul of the Harvest's)
_CREATURE_CAST = re.compile(r"(?:pay ?offs? for|pays off for|payoffs? for|rewards? (?:for )?|rewarding|"
                            r"triggers? (?:on|when|whenever)(?: i)?|whenever i) (?:casting|cast|play|playing) "
                            r"(?:lots of |a lot of |many |my |a )?creatures?(?: spells?)?|"
                            r"creature[- ]cast(?:ing)? (?:payoffs?|triggers?)")
# "tribal lands": lands for a deck of one creature type, which name it ("choose a creature type": Cavern of Souls,
# Unclaimed Territory, Path of Ancestry)
_TRIBAL_LANDS = re.compile(r"(?:tribal|typal|kindred) lands?")
# "steal a land", "take control of their lands": land theft (Annex, Vedalken Plotter), not creature theft
_STEAL_LANDS = re.compile(r"(?:steal(?:s|ing)?|(?:take|takes|taking|gain|gains|gaining) control of|nab|swipe) "
                          r"(?:a |an |their |target |an opponent'?s |opponents'? |someone'?s |each |all )?"
                          r"(?:nonbasic |basic )?lands?\b")

# "cards that are every creature type", "creatures with all creature types": changelings (the keyword says it)
_EVERY_TYPE = re.compile(r"(?:(?:that|which) (?:is|are|count as|counts as) |with |has |have )?(?:every|all) creature "
                         r"types?(?! (?:get|gets|have|has|you))")
# Words that always read as the same rules text, in this order
_RULES_TEXT_WORDS = (
    (_STEAL_LANDS, "o:/control of (?:target|a|an|each|all) (?:nonbasic )?lands?\\b|you control enchanted land/"),
    (_TRIBAL_LANDS, 't:land o:"creature type"'),
    (_DONATE, _DONATE_SYNTAX),
    (_COMMANDER_MATTERS, "o:/\\byour commanders?\\b/"),
    (_LIFE_COST, _LIFE_COST_SYNTAX),
    (_EMPTY_LIBRARY_WIN, "o:/library has no cards in it|cards in your library, you win/"),
    (_LOW_LIFE, "o:/(?:\\d+|five|seven|ten) or less life/"),
    (_EMPTY_HAND, 'o:"no cards in hand"'),
    (_LANDS_COUNTED, "o:/(?:for each land|number of lands) you control/"),
    (_GRAVEYARD_TO_TOP, "o:/graveyard on top of (?:your|its owner's|their owner's) library/"),
    (_LIFE_SET, 'o:"life total becomes"'),
    (_LIFE_SWAP, "o:/exchange [^.]*life totals?/"),
    (_GAIN_DRAINS, "o:/whenever you gain life[^.]*(?:opponent|player)s? loses?/"),
    (_LOSS_HEALS, "o:/whenever an opponent loses life[^.]*you gain/"),
    (_DEFENDERS_ATTACK, "o:/as though (?:it|they) (?:didn't|did not) have defender/"),
    (_DEFENDER_PAYOFF, 'o:"with defender"'),
    (_REMOVAL_TOKEN, "o:/(?:its|their) controller creates/"),
    (_CREATURE_CAST, 'o:"whenever you cast a creature spell"'),
    (_ON_A_BODY, "t:creature"),
    (_COIN_FLIPS, "o:/\\bflips? (?:a|two|three|\\w+) coins?\\b/"),
    (_CANT_LOSE, 'o:"you can\'t lose the game"'),  # (not Abyssal Persecutor's "your opponents ... can't lose")
    (_PHYREXIAN, "is:phyrexian"),
    (_LIFE_FOR_MANA, "(is:phyrexian or o:/life rather than pay/)"),
    (_UNCOUNTERABLE, 'o:"can\'t be countered"'),  # the card itself, or the spells it protects
    (_UNANSWERABLE, 'kw:"split second"'),
    (_PITCH, _PITCH_SYNTAX), (_PACTS, _PACTS_SYNTAX),
    (_UNBLOCKABLE_CREATURES, f"t:creature {_UNBLOCKABLE_SYNTAX}"),
    (_LANDS_UNTAPPED, 'o:"onto the battlefield" -o:"onto the battlefield tapped"'),  # (before "untapped lands")
    (_ENTERS_UNTAPPED, _ENTERS_UNTAPPED_SYNTAX),
    (_EVASIVE_CREATURES, _EVASIVE_SYNTAX),
    # (fo:, as the dual lands with basic land types say it in reminder text: Tundra, Watery Grave)
    (_TWO_COLOUR_MANA, _TWO_COLOUR_SYNTAX),
    (_TWO_LANDS, _TWO_LANDS_SYNTAX),
)

# (those a denial before reads as not so: "card draw that doesn't cost life" had asked for Infernal Contract)
_DENIABLE_TEXT = frozenset({_LIFE_COST})


# "cost reducers for artifacts", "creature cost reduction", "discounts on instants": what lowers the cost of spells
# of that type, as cards print it ("Artifact spells you cast cost {1} less", "Instant and sorcery spells ...", "The
# first Dragon spell you cast each turn costs {1} less", Dracogenesis's "cast Dragon spells without paying"; not a tax:
# Aura of Silence's "Artifact and enchantment spells your opponents cast cost {2} more" had been a reducer)
_REDUCER = r"(?:cost[- ]reduc\w*|reduc\w* costs?|discounts?|cheapeners?)"
# ("cost reducers for instants and sorceries": cards print "Instant and sorcery spells", which the first type finds)
_REDUCED_AFTER = re.compile(rf"{_REDUCER} (?:for|on|to) (?:my |your )?([a-z]+)(?:(?: and | or | ?& ?| n | ?/ ?)"
                            rf"(?:{_TYPE_NAMES}))?(?: spells?)?")
# ("dragon tribal cost reduction": the tribe's word before "tribal" or "typal", as players name a tribe's deck)
_REDUCED_BEFORE = re.compile(rf"([a-z]+) (?:(?:tribal|typal|tribe) )?(?:spells? )?{_REDUCER}")
# "make goblins cheaper", "dragons cost less", "make my artifact spells cost less": the same, said with a verb
_REDUCED_MADE = re.compile(r"(?:make|makes|making) (?:my |your |all )?([a-z]+)(?: spells?)? (?:cheaper|cost less)|"
                           r"([a-z]+)(?: spells?)? (?:costs?|costing) less")


# "equip cost reducers", "reduce equip costs", "make equipping cheaper": what makes equipping cost less, as cards print
# it ("Equip abilities you activate cost {1} less", "Equipment you control have equip {0}", Brass Squire's "attach
# target Equipment"); "cheaper equip costs" asks for Equipment that is cheap to equip (see _keyword_bounds)
_EQUIP_REDUCED = re.compile(rf"equip(?:ping)? (?:cost |costs )?{_REDUCER}|reduc\w* (?:the )?equip(?:ping)? costs?|"
                            r"(?:make|makes|making) equip(?:ping)? (?:costs? )?(?:cheaper|cost less)")
_EQUIP_REDUCED_SYNTAX = r"o:/equip (?:abilities|costs)[^.]* cost[^.]* less|\bhave equip \{0\}|attach target equipment/"


def _reduced_text(kind: str, chosen_type: bool = False) -> str:
    """The rules text of a card that makes spells of ``kind`` cheaper: the filter read, and what
    :meth:`Reader.reduces` looks for before reading it; with ``chosen_type`` (``kind`` a creature type), the cards
    that make a chosen type's creature spells cheaper too (Herald's Horn, Urza's Incubator)."""
    chosen = r"|\bcreature spells (?:you cast )?of the chosen type cost" if chosen_type else ""
    return rf"\b{kind}[a-z ]* spells?[^.]* costs?[^.]* less|\bcast {kind}[a-z ]* spells without paying{chosen}"


def _cost_reducers_for(reader: Reader, state: _State) -> None:
    """"cost reducers for artifacts": ``o:/\\bartifact[a-z ]* spells[^.]* cost/``, the cards that make spells of that
    card or creature type cheaper; "cost reducers for my artifact deck" is a theme, left to the tags."""
    kinds = {**{word: kind for word, kind in _TYPE_WORDS.items() if kind not in ("legendary", "saga")},
             **reader.creature_types}
    for pattern in (_REDUCED_AFTER, _REDUCED_BEFORE, _REDUCED_MADE):
        for match, first, last in list(_matches(state, pattern)):
            word = match.group(1) or match.group(2)
            kind = kinds.get(word) or ("noncreature" if word == "noncreature" else None)
            tribe = word in reader.creature_types
            if kind is None or _after(state, last, 1) in ("deck", "decks") or not (tribe or reader.reduces(kind)):
                continue  # a kind no card makes cheaper (a creature type always is, by Herald's Horn): the
                # words rank as they stand, never an empty page
            # ranked by (the cost-reducer tag), read by no other rule
            state.take(first, last, f"o:/{_reduced_text(kind, chosen_type=tribe)}/", "oracle", still_ranks=True)
    for _, first, last in list(_matches(state, _EQUIP_REDUCED)):
        state.take(first, last, _EQUIP_REDUCED_SYNTAX, "oracle", still_ranks=True)


# "a creature that can't be targeted", "creatures that are hard to target", "untargetable commanders": the card's own
# hexproof or shroud (not a granter's: "make my dudes impossible to target" keeps its words, for hexproof granters)
_UNTARGETABLE = re.compile(r"(?:that |which )(?:are |is )?(?:(?:impossible|hard) to target|untargetable|"
                           r"(?:can'?t|cannot) be targett?ed)|untargetable")  # ("targetted": a common misspelling)
_UNTARGETABLE_SYNTAX = "(kw:hexproof or kw:shroud)"
# "lands that can't be destroyed", "creatures which cannot be destroyed": the card's own indestructible, as the
# rules word it now (the same subjects and granters as :data:`_UNTARGETABLE`)
_UNDESTROYABLE = re.compile(r"(?:that |which )(?:are |is )?(?:(?:can'?t|cannot|won'?t) be destroyed|"
                            r"(?:impossible|hard) to destroy)")
_GRANTS = _GRANT_VERBS | {"make", "makes", "making", "keep", "keeps"}


# "red instants that deal 4 damage", "burn that deals three damage": the amount as cards print it ("deals 4 damage");
# said in the player's clause only: rules text ("deals 2 damage to each creature") ranks by its own words
_DAMAGE_DEALT = re.compile(rf"(?:deals?|do|does) (?:exactly )?{_NUMBER} damage")
_DAMAGE_NAMED = re.compile(rf"{_NUMBER} damage")


# "forests matter", "cards that care about swamps", "islands synergy": the cards that name the basic land type
# (Scryfall's o:, which finds "Forest" in "for each Forest you control" and in forestwalk)
_BASIC_TYPE_MATTERS = re.compile(r"(?:(?:cares?|caring) about (?:my |your |the )?)?(plains|islands?|swamps?|mountains?|"
                                 r"forests?)(?: (?:matters?|synergy|synergies|payoffs?|tribal|typal|counts?))?")


# "gates deck cards", "cards that care about deserts", "cave payoffs": the cards that name the nonbasic land type
# (whole words: "gate" is in "investigate")
_LAND_TYPE_MATTERS = re.compile(r"(?:(?:cares?|caring) about (?:my |your |the )?)?(deserts?|gates?|caves?)"
                                r"(?: (?:matters?|synergy|synergies|payoffs?|tribal|typal|counts?|decks?|theme))?")
# "historic payoffs", "legends matter", "cards that care about legendary permanents": what the cards say of them
_HISTORIC = re.compile(r"historic(?: (?:payoffs?|cards?|spells?|matters?|synergy|synergies|decks?|permanents?|theme))")
_LEGENDS_MATTER = re.compile(r"(?:legends?|legendary) (?:matters?|payoffs?|synergy|synergies|tribal|typal|theme)|"
                             r"(?:cares?|caring) about (?:my |your )?(?:legends|legendary(?: \w+)?)|"
                             r"payoffs? for (?:legends|legendary(?: \w+)?)")


def _rules_text_words(reader: Reader, state: _State) -> None:
    """"uncounterable", "pitch spells", "unblockable creatures", "lands that enter untapped", "evasive creatures":
    what the text says, as cards print it (see :data:`_RULES_TEXT_WORDS`)."""
    for pattern, syntax in _RULES_TEXT_WORDS:
        for _, first, last in list(_matches(state, pattern)):
            if pattern in _DENIABLE_TEXT and (denial := _denial_before(state, first)):
                state.take(first - denial, last, f"-{syntax}", "oracle")  # "card draw that doesn't cost life"
                continue
            state.take(first, last, syntax, "oracle")

    if _only_lands(state):
        for _, first, last in list(_matches(state, _FOR_TWO_COLOURS)):
            state.take(first, last, _TWO_COLOUR_SYNTAX, "oracle")
    if _REANIMATING.search(_seen(state)):
        for _, first, last in list(_matches(state, _ANY_GRAVEYARD)):
            state.take(first, last, _ANY_GRAVEYARD_SYNTAX, "oracle")  # "reanimate from any graveyard"
    for _, first, last in list(_matches(state, _TUTOR_TO_PLAY)):
        if _before(state, first, 1) in ("land", "lands", "basic"):
            continue  # "land tutor that puts it onto the battlefield": ramp, which the words ask
        state.take(first, last, _TUTOR_TO_PLAY_SYNTAX, "oracle")
        state.words[first].used = False  # "tutor" still ranks: the tutors' own order (Natural Order first)
    for match, first, last in list(_matches(state, _RESOURCE_PAYOFFS)):
        resource = next(group for group in match.groups() if group)
        state.take(first, last, _resource_payoff_syntax(resource), "oracle")
    for match, first, last in list(_matches(state, _ACTION_PAYOFFS)):
        action = _ACTION_FORMS[next(group for group in match.groups() if group)]
        state.take(first, last, f"o:/{_ACTION_PAYOFF_TEXT[action]}/", "oracle")
    for _, first, last in list(_matches(state, _POWER_IS_TOUGHNESS)):  # "power equal to toughness": square stats
        if not _is_object(state, first):
            state.take(first, last, "pow=tou", "power")
    for _, first, last in list(_matches(state, _VARIABLE_POWER)):
        if not _is_object(state, first):  # not "destroy x/x creatures"
            state.take(first, last, _VARIABLE_POWER_SYNTAX, "oracle")
    for _, first, last in list(_matches(state, _HISTORIC)):
        state.take(first, last, "o:/\\bhistoric\\b/", "oracle")
    for _, first, last in list(_matches(state, _LEGENDS_MATTER)):
        state.take(first, last, "o:/\\blegendary (?:creature|permanent|spell)s?\\b/", "oracle")
    for match, first, last in list(_matches(state, _LAND_TYPE_MATTERS)):
        if match.group(0).startswith(("care", "caring")) or last - first > 1:  # a bare "gates" is the land
            state.take(first, last, f"o:/\\b{match.group(1).removesuffix('s')}s?\\b/", "oracle")
    for match, first, last in list(_matches(state, _BASIC_TYPE_MATTERS)):
        if match.group(0).startswith(("care", "caring")) or last - first > 1:  # a bare "forests" is the land
            kind = match.group(1)
            state.take(first, last, f"o:{kind if kind == 'plains' else kind.removesuffix('s')}", "oracle")
    for match, first, last in list(_matches(state, _DAMAGE_DEALT)):
        if _before(state, first, 1) not in ("that", "which", "can", "will"):
            continue
        state.take(first, last, f'o:"{_number(match.group(1))} damage"', "oracle", still_ranks=True)
    # "3 damage for 1 mana", "cheap 2 damage instants": the damage named first is what the card deals (not
    # "prevent 3 damage", whose verb says what is done with it)
    for match, first, last in list(_matches(state, _DAMAGE_NAMED)):
        if _position_before_modifiers(state, first) < 0:
            state.take(first, last, f'o:"{_number(match.group(1))} damage"', "oracle", still_ranks=True)
    for _, first, last in list(_matches(state, _ENTERS_TAPPED)):
        # the player's own lands, not what a card does to the opponents' ("make their lands enter tapped")
        if _before(state, first, 1) in ("land", "lands") and not _THEIRS & _said_before(state, first):
            state.take(first, last, _ENTERS_TAPPED_SYNTAX, "oracle")
    for _, first, last in list(_matches(state, _EVERY_TYPE)):
        if not _GRANTS & _said_before(state, first):  # ("cards that give a creature all creature types": granters)
            state.take(first, last, "kw:changeling", "keyword")
    for pattern, syntax in ((_UNTARGETABLE, _UNTARGETABLE_SYNTAX), (_UNDESTROYABLE, "kw:indestructible")):
        for match, first, last in list(_matches(state, pattern)):
            subject = _before(state, first, 1) if match.group().startswith(("that", "which")) else "creature"
            if (subject in _TYPE_WORDS or subject in reader.creature_types or subject in ("threat", "threats")) \
                    and not _GRANTS & _said_before(state, first):
                state.take(first, last, syntax, "keyword")
    for index, word in enumerate(state.words):
        # "untapped boros dual lands": the colours and the cycle between were read already, so the lands are the
        # untapped ones still
        if word.lower == "untapped" and state.free(index) and _read_lands_after(state, index + 1):
            state.take(index, index + 1, _ENTERS_UNTAPPED_SYNTAX, "oracle")


def _read_lands_after(state: _State, start: int) -> bool:
    """Whether up to three words from ``start``, each read already, end in lands ("boros dual lands", "izzet
    duals")."""
    for index in range(start, min(start + 3, len(state.words))):
        said = state.words[index].lower.strip(",.;:?!")
        if said in ("land", "lands") or said in ("dual", "duals") and not state.free(index):
            return index > start
        if state.free(index):
            return False
    return False


# "lands that make colorless mana", "rocks that tap for red mana": the mana the card adds (Scryfall's produces:),
# read before the colour word would ask for the card's own colour
# ("mana" may go unsaid where nothing follows the colour: "talismans that tap for red", "checklands that make
# black", "creature lands that make blue" had read the colour as the identity, and found none of the talismans)
_PRODUCES = re.compile(r"(?:(?:makes?|making|produces?|producing|taps? for|tapping for|adds?|adding) (?:one |a |an |"
                       r"two |three |four |five |[1-9] |lots of |more )?(white|blue|black|red|green|colou?rless)"
                       r"(?: mana\b|(?=\s*$|\s*[,.;?!]|\s+(?:and|or|in|for|under|with|only|too|as|that|which)\b))|"
                       # "white mana sources", "black mana producers": what makes mana of that colour
                       r"(white|blue|black|red|green|colou?rless) mana (?:sources?|producers?|makers?)\b)")


def _produces(reader: Reader, state: _State) -> None:
    """Only the colour is taken: "make ... mana" is left to rank by (a mana dork, a mana rock)."""
    for match, _, last in list(_matches(state, _PRODUCES)):
        color = match.group(1) or match.group(2)
        at = last - 2 if match.group().endswith("mana") else last - 1
        if match.group(2):  # "white mana sources": the colour word (the rest ranks)
            at = last - 3
        state.take(at, at + 1, f"produces:{'c' if color.startswith('colo') else _SINGLE_COLORS[color]}", "mana")


# "repeatable removal", "reusable sac outlets": a permanent that does it again and again, not a spell cast once
# nor a permanent that sacrifices itself to do it once (Seal of Removal's "Sacrifice ~: ...")
_REPEATABLE = re.compile(r"repeatable|reusable")
# "proliferate engines", "a removal engine": what keeps doing it, after the function it does
_ENGINES = re.compile(r"engines?")
_REPEATABLE_SYNTAX = "is:permanent -o:/sacrifice ~[:,]/"


# "hard to kill creatures", "resilient threats": what shields or returns itself, as keywords and Oracle text say it
# (read here, or "kill" would ask for removal, the opposite, and make the noun after it what the card acts on)
# ("unkillable" only before what it describes: "make my guy unkillable" asks for what makes it so)
_HARD_TO_KILL = re.compile(r"(?:hard[- ]to[- ](?:kill|remove|answer|deal with)|resilient)"
                           r"(?: (creatures?|threats?|commanders?))?|unkillable (creatures?|threats?|commanders?)")
_HARD_TO_KILL_SYNTAX = ('(kw:indestructible or kw:hexproof or kw:shroud or kw:ward or kw:persist or kw:undying '
                        'or o:"regenerate ~")')
_HARD_TO_KILL_NOUNS = {"creature": " t:creature", "threat": "", "commander": " is:commander"}


# "creatures with protection from black", "white creatures with pro red", "which creatures have protection from
# everything": the card's own protection, as Oracle text prints it (not the cards that give it: "give my creatures
# protection from black" stays the protection-granter tag's)
_PROTECTED_FROM = re.compile(r"(?:with|have|has|having) (?:protection from|pro[- ]?)(?: )?(everything|all colou?rs|"
                             r"each colou?r|white|blue|black|red|green|artifacts|creatures|instants|sorceries|"
                             r"enchantments|planeswalkers|multicolou?red|monocolou?red|colorless)")


# "protection from everything": few cards say it, whether of themselves (Progenitus) or of the player (Teferi's
# Protection), so it reads as printed unless a verb grants it to something named
_FROM_EVERYTHING = re.compile(r"(?:protection from |pro[- ]?)everything")


# "pro white creatures", "protection from black creatures": said before the creatures, what they have themselves
_PRO_BEFORE = re.compile(r"(?:protection from|pro[- ]?)(?: )?(white|blue|black|red|green|artifacts|multicolou?red|"
                         r"colorless) creatures\b")


def _pro_creatures(reader: Reader, state: _State) -> None:
    """"pro white creatures" ``o:"protection from white" t:creature``: the creatures' own protection, read before
    the colours (it read white creatures), not what a card grants ("give my creatures protection from black")."""
    for match, first, last in list(_matches(state, _PRO_BEFORE)):
        if not _is_object(state, first) and not _GRANTS & _said_before(state, first):
            quality = match.group(1).replace("colour", "color")
            state.take(first, last, f'o:"protection from {quality}" t:creature', "oracle")


def _protected_from(reader: Reader, state: _State) -> None:
    """"with protection from black" ``o:"protection from black"``: what the card has itself."""
    for match, first, last in list(_matches(state, _PROTECTED_FROM)):
        quality = match.group(1).replace("colour", "color")  # Oracle text's spelling
        state.take(first + 1, last, f'o:"protection from {quality}"', "oracle")
    for _, first, last in list(_matches(state, _FROM_EVERYTHING)):
        # "give my creatures protection from everything", "... for one creature": granters
        if not _GRANTS & _said_before(state, first) and _after(state, last, 1) not in ("for", "to", "on"):
            state.take(first, last, 'o:"protection from everything"', "oracle")


def _hard_to_kill(reader: Reader, state: _State) -> None:
    for match, first, last in list(_matches(state, _HARD_TO_KILL)):
        said = match.group(1) or match.group(2)
        noun = _HARD_TO_KILL_NOUNS[said.rstrip("s")] if said else ""
        state.take(first, last, _HARD_TO_KILL_SYNTAX + noun, "keyword")


# "game changers in black", "cards on the game changer list": the Commander format's Game Changers list, Scryfall's
# is:gamechanger
_GAME_CHANGERS = re.compile(r"(non-)?game[- ]?changers?(?: list)?")  # ("non-game changer ramp": one word denies)


# "tutors that aren't game changers", "non game changer tutors", "no game changers", "not on the game changer list",
# "off the game changers list": not on the list ("not on the" had left the list read as asked for)
_DENIED_BEFORE = re.compile(rf"(?:(?:that|which) )?(?:(?:{_IS_NOT}|{_DOES_NOT}|not|non-?|no|never|without|excluding|"
                            r"except(?: for)?)(?: an?| any)?(?: (?:on|in|from))?|off)(?: the)?")


def _game_changers(reader: Reader, state: _State) -> None:
    for match, first, last in list(_matches(state, _GAME_CHANGERS)):
        denial = 0 if match.group(1) else _denial_before(state, first)
        denied = bool(match.group(1) or denial)
        state.take(first - denial, last, "-is:gamechanger" if denied else "is:gamechanger", "type")


def _denial_before(state: _State, first: int) -> int:
    """How many free words just before ``first`` deny what it names ("that aren't", "non", "without any"), else 0."""
    for count in (5, 4, 3, 2, 1):
        if first - count >= 0 and all(state.free(i) for i in range(first - count, first)) and \
                _DENIED_BEFORE.fullmatch(_before(state, first, count)):
            return count
    return 0


# "make opponents discard every turn", "drain them each turn": an effect asked for turn after turn, at the request's
# end, is a permanent's (Liliana's Caress, Sheoldred), not a one-shot spell's
_EVERY_TURN = re.compile(r"(?:every|each) (?:single )?turn|(?:every|each) (?:of (?:my|your|their) )?upkeeps?")


def _repeatable(reader: Reader, state: _State) -> None:
    for _, first, last in list(_matches(state, _REPEATABLE)):
        if last < len(state.words):  # "repeatable" alone asks for nothing
            state.take(first, last, _REPEATABLE_SYNTAX, "type")
    for _, first, last in list(_matches(state, _ENGINES)):
        if first > 0 and not any(chip.syntax == _REPEATABLE_SYNTAX for chip in state.chips):
            state.take(first, last, _REPEATABLE_SYNTAX, "type", still_ranks=True)  # "draw engine" is a phrasing
    if any(chip.syntax == _REPEATABLE_SYNTAX for chip in state.chips):
        return
    for _, first, last in list(_matches(state, _EVERY_TURN)):
        before = _said_before(state, first)
        # not a complaint ("opponents keep making tokens every turn": what answers it may be a spell)
        # nor what happens to the player's cards ("my commander gets removed every turn")
        if last == len(state.words) and first >= 2 and not before & {"keep", "keeps", "kept"} and \
                not before & {"removed", "killed", "destroyed", "exiled", "dies", "die", "countered", "stolen"} and \
                not any(_TYPE_WORDS.get(word) in ("instant", "sorcery") for word in before):
            state.take(first, last, _REPEATABLE_SYNTAX, "type")
            for word in state.words[first:last]:
                word.used = False  # and rank ("each turn" is what repeatable draw's phrasings say)


# "equip 1", "crew 2", "equip cost of 3": the cost printed after the keyword (Oracle text writes "Equip {1}",
# "Crew 2"); a bigger cost after the number is another cost ("Equip {1}{W}" is not equip 1).
_ACTIVATION_COST = re.compile(r"(equip|crew)(?: costs? (?:of )?)? ?(\d{1,2})")
# "equipment that costs 2 to equip", "vehicles that cost 1 to crew": the same, said the other way round
_COSTS_TO_ACTIVATE = re.compile(r"()()costs? (\d{1,2})(?: mana)? to (equip|crew)")
# "rocks that tap for two", "lands that tap for 3 mana", "rocks that make two mana": what one activation adds, as
# Oracle text writes it ("make two tokens" is no mana; "tap for two colors" is a dual land, not two mana).
# "more than one mana", "at least two", "2 or more", "multiple": two or more
_MANA_COUNT = r"(two|2|three|3|four|4|more than (?:one|1)|at least (?:two|2)|(?:two|2) or more|multiple)"
_TAPS_FOR = re.compile(rf"taps? for {_MANA_COUNT}(?: mana)?(?! (?:different |other )?colou?rs?\b)|"
                       rf"{_MAKES_MANA} {_MANA_COUNT} mana")


# "equipment that costs nothing to equip", "cheap equip costs", "low crew cost": equip {0}, equip {0} or {1}, crew 1
# or 2 (no Vehicle crews for 0)
_FREE_EQUIP = re.compile(r"(?:free|zero|no|0)[- ]equip(?: costs?)?|equip costs? (?:of )?(?:nothing|zero)|"
                         r"costs? (?:nothing|no mana|zero|0)(?: mana)? to equip")
_LOW_ACTIVATION = re.compile(r"(?:cheap|cheaper|low|lower|small|tiny|minimal) (equip|crew)(?: costs?)?|"
                             r"(equip|crew)(?: costs?)? (?:is |are |that (?:is|are) )?(?:cheap|low|small|tiny)|"
                             r"(?:cheap|easy) to (equip|crew)")


def _activation_costs(reader: Reader, state: _State) -> None:
    # of an Equipment's own cost only: "equip for free" asks for what lets any Equipment be attached for free
    own = any(word.lower in ("equipment", "equipments") for word in state.words)
    for _, first, last in list(_matches(state, _FREE_EQUIP)) if own else ():
        state.take(first, last, "o:/\\bequip \\{0\\}([^{0-9]|$)/", "oracle")
    for match, first, last in list(_matches(state, _LOW_ACTIVATION)):
        keyword = match.group(1) or match.group(2) or match.group(3)
        state.take(first, last, _activation_syntax(keyword, "[01]" if keyword == "equip" else "[12]"), "oracle")
    for match, first, last in [*_matches(state, _ACTIVATION_COST), *_matches(state, _COSTS_TO_ACTIVATE)]:
        keyword, cost = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
        if not state.free(first):
            continue
        state.take(first, last, _activation_syntax(keyword, cost), "oracle")


def _keyword_amounts(reader: Reader, state: _State) -> None:
    """"ward 2 creatures", "toxic 2", "scry 3", "cards with cycling 2": the keyword with that amount or cost, as
    cards print it (read before the keywords, which would take the keyword alone)."""
    for match, first, last in list(_matches(state, _KEYWORD_AMOUNT)):
        if state.free(first) and not _GRANT_VERBS & {word.lower for word in state.words[:first]}:  # not "give my
            # creatures ward 2": what the card grants
            cost = _amounts(int(match.group(2)), True) if match.group(3) else match.group(2)
            state.take(first, last, _activation_syntax(match.group(1), cost), "oracle")


def _amounts(amount: int, more: bool) -> str:
    """A regex of the printed amounts from ``amount`` (0 to 99) up, X included ("scry 2 or more": ``([2-9]|\\d\\d|x)``),
    or down to 0 ("crew 2 or less": ``[0-2]``)."""
    tens, units = divmod(amount, 10)
    if more:
        parts = [f"[{units}-9]" if not tens else f"{tens}[{units}-9]", *([f"[{tens + 1}-9]\\d"] if tens < 9 else []),
                 "x"]
    else:
        below = [f"[1-{tens - 1}]\\d" if tens > 2 else "1\\d"] if tens > 1 else []  # the tens under the amount's
        parts = [f"[0-{units}]" if not tens else "\\d", *below, *([f"{tens}[0-{units}]"] if tens else [])]
    return parts[0] if len(parts) == 1 else "(" + "|".join(parts) + ")"


def _activation_syntax(keyword: str, cost: str) -> str:
    """Oracle text of a keyword's cost or amount (``cost``: digits or a class, "[1-2]"), as cards print it: "Equip
    {1}", "Crew 2", "Ward {2}", "Toxic 2" (a bigger cost after it is another: "Equip {1}{W}" is not equip 1)."""
    printed = rf"\{{{cost}\}}" if keyword in _BRACED_COSTS else cost
    return f"o:/\\b{keyword} {printed}([^{{0-9]|$)/"


# keywords printed with an amount ("Toxic 2", "Scry 3") or a mana cost ("Ward {2}", "Cycling {2}"): the number after
# one in a request is that amount ("ward 2 creatures"; it was dropped, or read as a mana value)
_BRACED_COSTS = frozenset({"equip", "ward", "cycling", "kicker", "multikicker", "ninjutsu", "flashback", "unearth"})
_AMOUNTED = ("ward", "cycling", "kicker", "toxic", "annihilator", "afflict", "scry", "surveil", "dredge", "modular",
             "bushido", "fabricate", "amass", "renown", "bloodthirst", "ninjutsu", "flashback", "unearth")
# ("scry 2+"; "scry 2 or more" is _prose_or's)
_KEYWORD_AMOUNT = re.compile(rf"({'|'.join(_AMOUNTED)}) (\d{{1,2}})(\+)?(?![\d/+])")
_AMOUNT_KEYWORDS = frozenset({*_AMOUNTED, "crew", "equip"})
# keywords whose cost is mostly coloured mana ("Ninjutsu {1}{B}"): a bound on it is its mana's, which no pattern of
# one number reads ("cards with ninjutsu under 3" stays a mana value)
_MANA_COSTED = frozenset({"cycling", "kicker", "multikicker", "ninjutsu", "flashback", "unearth"})


def _mana_made(reader: Reader, state: _State) -> None:
    """"rocks that tap for two", "dorks that tap for more than one mana": what one activation adds (read before
    costs, so "one mana" is no mana value)."""
    for match, first, last in list(_matches(state, _TAPS_FOR)):
        count = match.group(1) or match.group(2)
        # (the words still rank: "artifacts that tap for two mana" had nothing left to rank by, and Terrarion, a
        # rock sacrificed once, led where Sol Ring was 72nd)
        state.take(first, last, _adds_syntax(_number(count) if " " not in count and count != "multiple" else 2),
                   "oracle", still_ranks=True)


def _adds_syntax(count: int) -> str:
    """Oracle text that adds ``count`` mana or more at once ("{T}: Add {C}{C}", "Add three mana of any one color"),
    not for generic mana paid into it (a Signet's "{1}, {T}: Add {W}{U}" makes one more than it takes: it had led
    "mana rocks that tap for two" before Sol Ring)."""
    count = min(max(count, 2), 4)
    words = ("two", "three", "four", "x")[count - 2:]
    return f"o:/(?<!\\d\\}}, \\{{t\\}}: )add (?:(\\{{[^}}]+\\}}){{{count},}}|({'|'.join(words)}) mana)/"


_SPELLS_OWN_NOUNS = frozenset({"removal", "destruction", "wipe", "wipes", "sweeper", "sweepers", "protection", "bounce",
                               "kill", "theft", "steal", "damage",
                               "destroy"})  # "black instant destroy target creature": no instant is destroyed
# After "land": what the card does with lands ("land ramp", "land fetch"), so "land" is no type filter.
_LAND_ACTIONS = frozenset({"ramp", "ramping", "fetch", "fetching", "fetchers", "search", "searching"})


# "tribal instants", "kindred sorceries": the Kindred card type (Tribal before 2024), before the card type it joins
_KINDRED = re.compile(r"(?:tribal|kindred|typal)(?= (?:instants?|sorcery|sorceries|enchantments?|artifacts?)\b)")


def _kindred(reader: Reader, state: _State) -> None:
    """"tribal instants": ``t:kindred``, the type word after it read by :func:`_types` (not after a creature type:
    "elf tribal enchantments" are an elf deck's)."""
    for _, first, last in list(_matches(state, _KINDRED)):
        if _before(state, first, 1) not in reader.creature_types:  # "elf tribal enchantments": an elf deck's
            state.take(first, last, "t:kindred", "type")


# A deck named by its theme, and the type of card that theme is about ("superfriends planeswalkers")
_THEME_TYPES = {"superfriends": "planeswalker"}
# the function tags a single word names by the tag's own name ("proliferate", "ramp", "removal")
_ONE_WORD_TAGS = frozenset(name for name in TAG_NAMES if "-" not in name)


def _function_for_a_theme(reader: Reader, state: _State) -> None:
    """"superfriends planeswalkers proliferate": a function beside a deck's theme asks for that function for the
    deck (``otag:proliferate``, the theme's words still ranking), not for cards of the theme's type (it had read
    ``t:planeswalker`` and ranked any walker, proliferate lost)."""
    themes = {_THEME_TYPES[word.lower] for word in state.words if word.lower in _THEME_TYPES}
    functions = [index for index, word in enumerate(state.words) if state.free(index) and
                 word.lower in _ONE_WORD_TAGS and _TYPE_WORDS.get(word.lower) is None]
    if len(themes) != 1 or len(functions) != 1:
        return
    theme = themes.pop()
    # (the request is the theme and its function alone: "my atraxa superfriends deck needs protection for
    # planeswalkers" says more, which ranks as it did)
    if any(state.free(index) and index != functions[0] and word.lower not in _THEME_TYPES and
           _TYPE_WORDS.get(word.lower) != theme for index, word in enumerate(state.words)):
        return
    for index, word in enumerate(state.words):
        if _TYPE_WORDS.get(word.lower) == theme and state.free(index):
            word.protected = True  # (the deck's, which ranks: no filter of the type)
    state.take(functions[0], functions[0] + 1, f"otag:{state.words[functions[0]].lower}", "tag", still_ranks=True)


def _types(reader: Reader, state: _State) -> None:
    """A type word names the card's type ("instant", "creatures") unless it is what the card acts on."""
    for match, first, last in list(_matches(state, _TYPES)):
        following = _after(state, last, 1)
        if following == "based" and _after(state, last + 1, 1) in _LAND_ACTIONS:  # "land based ramp" is land ramp
            following = _after(state, last + 1, 1)  # ("creature based removal" is removal on a creature)
        if re.search(r"\b(?:too|so) many\b", _before(state, first, 3)):
            continue  # "my deck has too many expensive spells": a complaint about the deck's cards, none asked for
        acted_on = match.group(2) in ("land", "lands") and following in _LAND_ACTIONS  # "land ramp"
        ahead = last
        while _TYPE_WORDS.get(_after(state, ahead, 1)) or _after(state, ahead, 1) in ("and", "or", "&", "/"):
            ahead += 1
        if _after(state, ahead, 1) in _PAYOFF_NOUNS:
            continue  # "instant sorcery matter izzet": what cares about them, not their type
        # "sorcery removal", "instant protection": what the spell does, not what it acts on ("instant tutors" find one)
        own = _TYPE_WORDS.get(match.group(2) or "") in ("instant", "sorcery") and following in _SPELLS_OWN_NOUNS
        # "exile target creature instant": a spell type ending the request after what it acts on is the card's own
        # (or before words read already: "exile target creature instant 1 mana white")
        trailing = all(word.used for word in state.words[last:]) and \
            _TYPE_WORDS.get(match.group(2) or "") in ("instant", "sorcery") and \
            first > 0 and _TYPE_WORDS.get(state.words[first - 1].lower) not in (None, "instant", "sorcery")
        if _is_object(state, first) and not trailing or \
                (following in _OBJECT_NOUNS or _before_object_noun(state, last)) and not own \
                or following.startswith("speed") or acted_on:
            continue
        # "saga cards that make tokens", "creature cards with flying": the cards themselves, as a clause or the
        # request's end says ("return creature cards from my graveyard" acts on them: see _is_object)
        own_cards = following in ("card", "cards") and match.group(2) and \
            _after(state, last + 1, 1) in ("", "that", "which", "with", "in", "for", "under", "without")
        # ("creatures my opponents control enter tapped": theirs, as "creatures your opponents control")
        theirs = following == "my" and _after(state, last + 1, 1) in ("opponents", "opponent", "opponent's",
                                                                      "opponents'")
        if (following in _RULES_TEXT_FOLLOWERS or theirs) and not match.group(1) and not own_cards and \
                not (following == "with" and match.group(2)) and \
                not (following in _ASKED_OF and _word_before_modifiers(state, first) in ("which", "what")):
            continue  # "equipment with cheap equip costs" are Equipment, "which blue creatures can counter spells"
        if match.group(1) in ("spell", "spells") and first and state.words[first - 1].lower not in \
                _SPELL_ONLY_KEYWORDS and f"kw:{state.words[first - 1].lower}" in {c.syntax for c in state.chips}:
            state.words[first].used = True  # "cascade spells", "discover spells": every card of the keyword, which
            continue  # permanents have too (Bloodbraid Elf, Geological Appraiser), as the keyword's filter says
        if match.group(1):  # "burn spells", "rituals": in players' speech a spell is an instant or a sorcery
            cost_of = following in ("that", "which") and _after(state, last + 1, 1).startswith("cost")
            if first and state.words[first - 1].lower in _TYPE_WORDS or following in _SPELL_OBJECT_FOLLOWERS or \
                    cost_of or (match.group(1).startswith("ritual") and following in _TYPE_WORDS):
                continue  # "creature spells" are creatures, "ritual creatures" too; "spells you cast" are what the
                # card acts on
            said = {term for chip in state.chips for term in chip.syntax.split()}
            if {"-t:instant", "-t:sorcery"} <= said:  # "izzet spells that aren't instants or sorceries": permanent
                # spells, the words rank (not "draw spells not instant": sorceries)
                continue
            if not any(chip.syntax == "(t:instant or t:sorcery)" for chip in state.chips):  # "ritual spells": once
                state.take(first, last, "(t:instant or t:sorcery)", "type")
            state.words[first].used = match.group(1) in ("spell", "spells")
            continue
        if not match.group(2):
            noun = match.group().replace("hate bear", "hatebear").replace("tap land", "tapland").split()[-1]
            kind = _TYPED_NOUNS[noun]
            # "mana dorks and rocks", "rocks, dorks": either kind, as a list of two kinds of card is (it read both)
            listed = next((chip for chip in state.chips if chip.kind == "type" and first and state.typed and
                           _ONE_TYPE.fullmatch(chip.syntax) and chip.syntax != f"t:{kind}" and
                           state.words[first - 1].lower in _TYPED_NOUNS and
                           state.typed[:state.words[first - 1].end].endswith(chip.words) and
                           _LIST_JOIN.fullmatch("," * state.words[first - 1].text.endswith(",") +
                                                state.typed[state.words[first - 1].end:state.words[first].start])),
                          None)
            if listed is not None:
                state.chips.remove(listed)
                first -= len(listed.words.split())
                state.take(first, last, f"({listed.syntax} or t:{kind})", "type")
            else:
                state.take(first, last, f"t:{kind}", "type")
            for word in state.words[first:last]:
                word.used = False  # "mana rocks" still ranks by its words: the type is only half of it
                word.protected = noun.startswith("hatebear")  # "hate bears" are no Bears
            continue
        kinds = [_TYPE_WORDS[match.group(2)]] + ([_TYPE_WORDS[match.group(3)]] if match.group(3) else [])
        kinds = list(dict.fromkeys(kinds))  # "equipment and auras", "instants or sorceries": either type
        syntax = _any_of([f"t:{kind}" for kind in kinds])
        state.take(first, last, syntax, "type")


# keywords printed on instants and sorceries alone, whose "spells" say nothing more ("storm spells", "splice spells")
_SPELL_ONLY_KEYWORDS = frozenset({"storm", "splice", "buyback", "rebound", "overload", "spectacle", "replicate",
                                  "entwine", "jump-start", "surge", "cleave", "epic", "conspire", "retrace",
                                  "aftermath", "miracle", "flashback"})
# the cost word before the comparison: "mana value greater than 5", "cmc exactly 5", "mv 6+"
_MV_WORD = r"(?:mana value|converted mana cost|cmc|mv)(?: of)?"
_LESS = re.compile(rf"(?:under|less than|below|cheaper than|fewer than) {_NUMBER}{_MANA}?|"
                   rf"{_MV_WORD} (?:lower than|smaller than) {_NUMBER}")
_AT_MOST = re.compile(rf"(?:at most|up to|max|maximum) (?:{_MV_WORD}:? )?{_NUMBER}{_MANA}?|"
                      rf"{_NUMBER}{_MANA}? or (?:less|fewer|lower|cheaper|under|below)|"
                      rf"{_NUMBER}{_MANA},? (?:at most|at the most|max|maximum)\b")  # "ramp 3 mana at most"
_AT_LEAST = re.compile(rf"(?:at least|min|minimum) (?:{_MV_WORD}:? )?{_NUMBER}{_MANA}?|"
                       rf"{_NUMBER}{_MANA}? or (?:more|greater|higher|above)|{_NUMBER}\+{_MANA}|"
                       rf"{_MV_WORD} ?{_NUMBER}\+")
_MORE = re.compile(rf"(?:over|more than|above) {_NUMBER}{_MANA}|(?:more expensive|pricier|costlier) than {_NUMBER}|"
                   rf"(?:{_MV_WORD}|costs?|costing) (?:greater than|more than|higher than|bigger than|over|above) "
                   rf"{_NUMBER}")  # ("costs more than 3": mana, as "costs less than 3" is)
# "<=2 cmc", "<3 mana", ">=6": comparison signs typed before a number (a bare "<3" is a heart, not a cost)
_SIGNED = re.compile(rf"(<=|>=) ?{_NUMBER}{_MANA}?|(<|>|=) ?{_NUMBER}{_MANA}")
_EXACT = re.compile(rf"{_NUMBER}{_MANA}|(?:mana value |cmc ?|mv ?)(?:of )?(?:exactly )?{_NUMBER}|turn {_NUMBER} plays?|"
                    rf"(?<=the ){_NUMBER}[- ]slot|"  # "what goes in the 2 slot": the curve's place
                    rf"(?:that |which )?(?:costs?|costing) (?:exactly )?{_NUMBER}(?: mana)?(?! (?:less|more))")
# longest first: an alternative must end the word ("cheaper" is left to the cost reducers: "make spells cheaper")
# "card draw that doesn't cost much": the card's own cost, though in a clause
# ("high cmc cards to reveal with yuriko", "low mana value creatures": the cost said with the word for it)
_CHEAP = re.compile(r"cheapest|cheap|low[- ]cost|inexpensive|low[- ]curve|low (?:cmc|mana value|mv)|"
                    r"((?:doesn't|don't|does not|do not|isn't|is not|not) (?:cost (?:much|a lot)|expensive))")
_BIG = re.compile(r"big|huge|expensive|fatties|fatty|high[- ]cost|high (?:cmc|mana value|mv)")
_BIG_SPELL_WORDS = frozenset({"big", "huge", "expensive"})  # a spell's cost after "cheap" ("cheap big spells")
CHEAP_SYNTAX = "mv<=2"  # what "cheap" reads as where nothing says what is cheap for the cards asked for


def says_cheap(words: str) -> bool:
    """Whether a chip's ``words`` are a word for cheap ("cheap", "low cost", "inexpensive")."""
    return _CHEAP.fullmatch(words.lower()) is not None
# (cEDH's "t1 accel", "accel pieces": the same)
_FAST_MANA = re.compile(r"fast mana|(?:t1|turn (?:1|one)) (?:accel\w*|ramp|mana)|"
                        r"accel(?:eration)?(?= (?:pieces|cards|[wubrg])\b|$)")
_FREE = re.compile(r"free|zero[- ]cost|(costs? (?:nothing|no mana|zero(?: mana)?|0(?: mana)?)|"
                   r"(?:doesn't|don't|does not|do not) cost (?:any )?mana)")
_FREE_SYNTAX = ('(mv=0 -t:land or o:"rather than pay this spell\'s mana cost" '
                'or o:"cast this spell without paying its mana cost" or kw:evoke)')
# "mana rocks for 2", "a wrath for 4": a bare "for N" ending the request is what the card costs, unless it says how
# much a card does ("creatures that ping for 1", "drain for 3")
_FOR_AT_END = re.compile(rf"for {_NUMBER}")
_AMOUNT_VERBS = frozenset({"ping", "pings", "pinging", "drain", "drains", "draining", "deal", "deals", "dealing", "hit",
                           "hits", "gain", "gains", "lose", "loses", "draw", "draws", "mill", "mills", "scry", "scries",
                           "surveil", "surveils", "pump", "pumps", "buff", "buffs", "heal", "heals", "burn", "burns",
                           "swing", "swings", "attack", "attacks", "shrink", "shrinks", "boost", "boosts", "shoot",
                           "shoots", "zap", "zaps", "smack", "smacks", "blast", "blasts", "bolt", "nuke"})
_AMOUNT_NOUNS = frozenset({"cards", "card", "damage", "life", "counters", "tokens", "times"})
_NOT_AFTER_NUMBER = ("add", "adds", "for", "make", "makes", "making", "produce", "produces", "generate",
                     "generates", "give", "gives", "tap", "taps", "pay", "costs", "of")


def _costs_for(state: _State, index: int) -> bool:
    """Whether "for N mana" (the number at ``index``) is what the card costs ("a 4/4 for 2 mana", "creatures for 3
    mana"), not what it makes or what an ability costs ("taps for 2 mana", "sac a creature for 3 mana")."""
    return not set(_before(state, index - 1, 3).split()) & _MADE_BY


# What a bare number counts when it comes right before them ("up to two target creatures"): no cost
_COUNTED = frozenset({"target", "other", "another", "additional", "basic", "creature", "creatures", "land", "lands",
                      "permanent", "permanents", "spell", "spells", "artifacts", "enchantments", "players",
                      "opponents", "times", "turns", "colors", "colours", "card", "token", "counter"})
_MADE_BY = frozenset({"add", "adds", "make", "makes", "making", "produce", "produces", "generate", "generates",
                      "tap", "taps", "tapping", "sac", "sacrifice", "sacrifices", "pay", "pays", "untap", "untaps"})


_WIPE_WORDS = frozenset({"wrath", "wraths", "sweeper", "sweepers", "wipe", "wipes", "boardwipe", "boardwipes"})


# "even mana value", "odd-costed", "cmc is odd", "even cmc": Scryfall's mv:even and mv:odd (Lutri, Keruga, Gyruda,
# Obosh, Kaheera, Jegantha and Umori's companion conditions ask for them)
_PARITY = re.compile(r"(even|odd)[- ](?:mana values?|cmcs?|mvs?|costs?|costed|costing|mana costs?)\b|"
                     r"(?:mana values?|cmcs?|mvs?)(?: is| are| that is| that are)? (even|odd)\b")


# "equip less than 3", "crew under 3", "ward at least 2": the keyword's cost or amount, bounded (read before costs,
# which would take the comparison as the card's mana value)
# each bound word's shift of the number said, and whether the range runs up from it (else down)
_BOUND_WORDS = {"less than": (-1, False), "under": (-1, False), "below": (-1, False), "fewer than": (-1, False),
                "lower than": (-1, False), "at most": (0, False), "up to": (0, False), "no more than": (0, False),
                "more than": (1, True), "over": (1, True), "above": (1, True), "greater than": (1, True),
                "higher than": (1, True), "at least": (0, True)}
_KEYWORD_BOUND = re.compile(rf"({'|'.join(sorted(_AMOUNT_KEYWORDS - _MANA_COSTED))})(?: costs?(?: of)?)? "
                            rf"({'|'.join(_BOUND_WORDS)}) ({_NUMBER})\b")


def _keyword_bounds(reader: Reader, state: _State) -> None:
    """"equipment with equip less than 3", "crew under 3", "ward at least 2": the keyword's cost or amount in a range,
    as :func:`_activation_syntax` prints it (it read ``mv<3``)."""
    for match, first, last in list(_matches(state, _ACTIVATION_COST)):
        if " cost" in match.group():  # "equip cost 1 equipment": the cost the keyword prints (it read mv=1)
            state.take(first, last, _activation_syntax(match.group(1), match.group(2)), "oracle")
    for match, first, last in list(_matches(state, _KEYWORD_BOUND)):
        shift, more = _BOUND_WORDS[match.group(2)]
        value = _number(match.group(3)) + shift
        if 0 <= value <= 99:
            state.take(first, last, _activation_syntax(match.group(1), _amounts(value, more)), "oracle")


# "excluding ones that cost more than 1", "except those costing 4 or more": a cost left out
_EXCLUDING = r"(?:excluding|except|but not|not|nothing|no|without)(?: (?:ones|those|anything|cards|spells))?" \
             r"(?: that| which)?"  # "nothing above 3 mana", "nothing that costs more than 5": at most
_EXCLUDING_BEFORE = re.compile(rf"{_EXCLUDING}$")  # over the words before a cost (_mana_value)
_EXCLUDED_COST = re.compile(rf"(?<![\w']){_EXCLUDING} (?:costs?|costing) $", re.IGNORECASE)  # the prose before one
_OPPOSITE_COMPARISONS = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "=": "!="}


# what a bound right after it counts, which is no card's cost
_BOUNDED_NOUNS = frozenset({"bonus", "boost", "buff", "power", "toughness", "damage", "life", "tokens", "cards",
                            "counters", "colors", "colours"})


_ACTIVATIONS = frozenset({"equip", "crew", "activate", "use", "sac", "sacrifice"})


def _activation_after(state: _State, last: int) -> bool:
    """Whether the cost ending at ``last`` is an ability's ("costs 0 to equip", "costs 0 to activate", "no mana to
    use"), not the card's own (it had read ``mv=0`` for "sac outlet that costs 0 to activate")."""
    after = _after(state, last, 3).split()
    after = after[1:] if after[:1] == ["mana"] else after
    return after[:1] == ["to"] and after[1:2] != [] and after[1] in _ACTIVATIONS


def _mana_value(reader: Reader, state: _State) -> None:
    """Costs: "under 3 mana" ``mv<3``, "3 or less" ``mv<=3``, "1 mana" ``mv=1``, "cheap" ``mv<=2``, "big"
    ``mv>=6``, "free" (no mana or an alternative cost)."""
    for pattern, op in ((_LESS, "<"), (_AT_MOST, "<="), (_AT_LEAST, ">="), (_MORE, ">"), (_EXACT, "=")):
        for match, first, last in list(_matches(state, pattern)):
            before = _before(state, first, 1)
            if op == "=" and before in _NOT_AFTER_NUMBER and not (before == "for" and _costs_for(state, first)):
                continue
            if _after(state, last, 1) in ("power", "toughness", "damage", "life", "cards", "counters", "tokens") and \
                    not re.search(r"\b(?:mana|cmc|mv)\b", match.group(0)):
                continue  # "3 damage", "2 +1/+1 counters"; "1 mana counters" are one-mana counterspells
            if before in _BOUNDED_NOUNS and not re.search(r"\b(?:mana|cmc|mv|costs?)\b", match.group(0)):
                continue  # "equipment with a power bonus at least 3": the bonus, no cost of the card's
            if _activation_after(state, last):
                continue  # "equipment that costs 0 to equip": its equip cost (_activation_costs), not its own
            if op == "=" and _after(state, last, 1) in ("commander", "general") and before in ("a", "an", "my", "our"):
                continue  # "voltron equipment for a 1 drop commander": the commander's cost, not the cards' asked
            if before in _AMOUNT_VERBS and op in (">=", ">") and "mana" not in match.group(0):
                continue  # "cards that mill at least 4": how many, not a cost (not "burn under 3 mana")
            if _after(state, last, 1) in _COUNTED and re.search(rf"(?:{_NUMBER}|or (?:more|fewer|less))$",
                                                                match.group(0)) and \
                    not re.match(r"(?:mana value|cmc|mv|costs?|costing)(?:\b|\d)", match.group(0)):
                continue  # "return up to two target creature cards", "at least three creatures": how many (not
                # "mana value 0 artifacts")
            value = _number(next(g for g in match.groups() if g))
            lead = first  # ("with mana value less than 3": the cost words before the comparison)
            while lead and state.words[lead - 1].lower in ("mana", "value", "cmc", "mv", "of") and state.free(lead - 1):
                lead -= 1
            opening = _FIND_OPENING.match(" ".join(word.lower for word in state.words[:4]))
            said = {word.lower for word in state.words[len(opening.group().split()) if opening else 0:lead]}
            if op != "=" and _before(state, lead, 1) == "with" and _ACTING_VERBS - _ACTING_NOUNS & said:
                # "exile creatures with mana value less than 3": what the card acts on, in card wording
                bound, side = {"<": (value - 1, "less"), "<=": (value, "less"), ">": (value + 1, "greater"),
                               ">=": (value, "greater")}[op]
                state.take(lead, last, f'o:"mana value {bound} or {side}"', "oracle")
                continue
            # "cantrips excluding ones that cost more than 1": the costs left out, so the others asked for
            excluded = _EXCLUDING_BEFORE.search(" ".join(w.lower for w in state.words[max(0, lead - 4):lead]))
            if excluded:
                lead -= len(excluded.group().split())
                op = _OPPOSITE_COMPARISONS[op]
            # "cards that cost 0": spells and permanents cast for nothing, not lands (whose mana value is 0 too)
            nothing = value == 0 if op in ("=", "<=") else op == "<" and value <= 1
            lands = nothing and _names_type(state, "land")
            state.take(lead if excluded else first, last,
                       f"mv{op}{value}{' -t:land' if nothing and not lands else ''}", "mv")
            if match.group(0).endswith(("drop", "drops")):
                _drops_keywords(state, first)
                if _only_drops(state):
                    state.chips.append(Chip(match.group(0), "t:creature", "type"))
    for match, first, last in list(_matches(state, _PARITY)):  # "even mana value creatures": Scryfall's mv:even
        if not _ACTING_VERBS - _ACTING_NOUNS & {word.lower for word in state.words[:first]}:
            # (not "destroy creatures with odd mana value": what the card acts on, its words)
            state.take(first, last, f"mv:{match.group(1) or match.group(2)}", "mv")
    for _, first, last in list(_matches(state, _FAST_MANA)):  # cEDH's "fast mana": what costs 0 or 1 and makes more
        if not any(chip.kind == "mv" for chip in state.chips):
            state.take(first, last, "mv<=1", "mv", still_ranks=True)
    for match, first, last in list(_matches(state, _FOR_AT_END)):
        if last == len(state.words) and first > 0 and _costs_for(state, first + 1) and \
                not _said_before(state, first) & _AMOUNT_VERBS and \
                not any(chip.kind == "mv" for chip in state.chips):
            state.take(first, last, f"mv={_number(match.group(1))}", "mv")
    for match, first, last in list(_matches(state, _SIGNED)):
        op, number = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        stat = _after(state, last, 1) if "mana" not in match.group() and not match.group().endswith(("mv", "cmc")) \
            else ""
        if stat in _STAT_KEYS:  # "creatures >= 5 power": the stat that follows, not a cost
            state.take(first, last + 1, f"{_STAT_KEYS[stat]}{op}{_number(number)}", stat)
            continue
        state.take(first, last, f"mv{op}{_number(number)}", "mv")
    costed = any(chip.kind == "mv" for chip in state.chips)  # a cost the request states beats "cheap" and "big"
    free_blockers = ("sac", "sacrifice", "outlet", "outlets", "to", "mana", "equip", "way", "ways")  # "a free way to"
    cheap_blockers = ("than", "equip", "crew")  # "cheap equip costs" are the Equipment's (_activation_costs)
    big_blockers = ("mana", "butt", "butts", "amount", "amounts", "number", "numbers", "chunk",  # "huge amount of life"
                    # "a big attack", "a big turn", "a big board": a moment of the game, no card's cost
                    "attack", "attacks", "alpha", "swing", "swings", "turn", "turns", "board", "boards", "hand",
                    "hands", "combat", "hit", "hits", "life", "play", "plays")
    for pattern, syntax, blockers in ((_CHEAP, CHEAP_SYNTAX, cheap_blockers), (_BIG, "mv>=6", big_blockers),
                                      (_FREE, _FREE_SYNTAX, free_blockers)):
        for match, first, last in list(_matches(state, pattern)):
            # "cards that cost nothing": a clause about the card's own cost, not about what it acts on
            own = pattern in (_FREE, _CHEAP) and match.group(1) and _before(state, first, 1) in ("that", "which", "") \
                and not (first >= 2 and _is_object(state, first - 2))  # not "destroy creatures that don't cost much"
            # "dragons that are cheap", "a wrath that's cheap": said of the card asked for, where no action names
            # what it acts on first ("destroy creatures that are cheap" stays the cost of those creatures)
            copula = next((size for size in (2, 1) if _before(state, first, size) in _OWN_COPULAS), 0)
            # (a keyword the card has ends its subject: "creatures with lifelink that are cheap")
            subject = first - copula - 1
            own = own or (pattern in (_CHEAP, _FREE) and copula and not (
                subject >= 0 and _is_object(state, subject) and
                not (state.words[subject].lower in _HAS_KEYWORDS and _before(state, subject, 1) in ("with", "has",
                                                                                                    "have"))))
            # "land destruction for mono red cheap": ending the request after words read, the card's own cost
            own = own or pattern is _CHEAP and last == len(state.words) and first > 0 and state.words[first - 1].used
            # "destroy big creatures", "counter big spells": the cost of what the card acts on, not its own
            # "my spells are too expensive": a complaint about the deck's costs, not a cost asked for
            # ("free to cast" is the card's own cost: "counterspells that are free to cast")
            cast_free = pattern is _FREE and _after(state, last, 2) in ("to cast", "to play")
            # "jodah cheap big spells": big spells cast for less, whose cost "big" reads (it read mv<=2); a big
            # creature is its size, so "cheap big creatures" stay cheap
            big_made_cheap = pattern is _CHEAP and _after(state, last, 1) in _BIG_SPELL_WORDS and \
                _after(state, last + 1, 1) in ("spells", "spell", "cards", "stuff", "things", "bombs", "")
            if _after(state, last, 1) in blockers and not cast_free or _activation_after(state, last) or \
                    big_made_cheap or \
                    (_is_object(state, first) and not own) or \
                    _before(state, first, 1) in ("too", "my", "our", "its", "their") or \
                    pattern is _FREE and _before(state, first, 1) in ("outlet", "outlets") or \
                    _before(state, first, 2) in ("too many", "so many") or \
                    (pattern is _BIG and _made_so(state, first)):
                continue
            # "big X spells": what X makes of the spell, whose own mana value counts X as 0
            x_spells = pattern is _BIG and any(word.lower == "x" for word in state.words)
            if costed and syntax != _FREE_SYNTAX or x_spells:  # "cheap ... that cost 1": the stated cost says it all
                for word in state.words[first:last]:
                    word.used = True
                continue
            if pattern is _CHEAP and _only_lands(
                    state, reader.db.columns.type_line[state.like] if state.like is not None else ""):
                # "cheap dual lands", "cheap fetches": a land costs no mana, so "cheap" is the price, which no card
                # store here holds (it read mv<=2: the ten original duals, the dearest lands there are)
                for word in state.words[first:last]:
                    word.used = True
                if not any(note.startswith("budget:") for note in state.notes):
                    state.notes.append(f"cheap: {_NO_PRICES}")
                continue
            # (the cards' own mechanic, not the deck's plan: "cheap evasive creatures for ninjutsu", "cheap artifacts
            # for an affinity deck" are cast as they cost)
            paid = next((word.lower for index, word in enumerate(state.words) if word.lower in _COST_CUTTING_KEYWORDS
                         and _before(state, index, 1) not in ("for", "with", "a", "an", "my", "our")
                         and _after(state, index + 1, 1) not in ("deck", "decks", "strategy", "plan", "commander")),
                        None) if pattern is _CHEAP else None
            if paid:
                # "cheap delve cards": what is paid is less than the mana value says (mv<=2 had left two delve cards
                # of about thirty): no cost is asked, and a note says so
                for word in state.words[first:last]:
                    word.used = True
                state.notes.append(f"cheap: not read as a mana value ({paid} cards are cast for less than theirs)")
                continue
            if pattern is _CHEAP and any(_TYPE_WORDS.get(word.lower) == "planeswalker" or word.lower in _WIPE_WORDS
                                         or word.lower in ("wheel", "wheels") for word in state.words):
                # the cheapest planeswalkers cost 2 or 3: "cheap planeswalkers" are both; a cheap wrath costs 3
                # (Toxic Deluge, Anger of the Gods) or 2 (Pyroclasm); a cheap wheel 3 (Wheel of Fortune, Windfall)
                syntax = "mv<=3"
            # "cheap dragons": cheap for a Dragon (not "cheap removal for dragons", "cheap dragon tokens")
            tribes = {reader.creature_types.get(word.lower) for index, word in enumerate(state.words)
                      if not _is_object(state, index) and (_after(state, index + 1, 1) in _TRIBE_FOLLOWERS or
                                                           _after(state, index + 1, 1) not in _OBJECT_NOUNS)
                      } & reader.cheap_costs.keys() if pattern is _CHEAP else set()
            if tribes:
                syntax = f"mv<={max(reader.cheap_costs[kind] for kind in tribes)}"
            state.take(first, last, syntax, "mv")
            costed = True
            if match.group(0).startswith("fatt") and not any(_TYPE_WORDS.get(w.lower) for w in state.words):
                state.chips.append(Chip(match.group(0), "t:creature", "type"))  # a player's fatties are creatures


_OWN_COPULAS = frozenset({"that are", "that is", "which are", "which is", "that's", "thats", "that're", "are", "is"})


_WEENIE_FOLLOWERS = frozenset({"", "creatures", "creature", "cards", "card", "deck", "decks", "for", "in", "that",
                               "which", "with", "under", "?"})


def _weenies(reader: Reader, state: _State) -> None:
    """"mono white weenies", "my white weenie deck": small, cheap creatures (``t:creature mv<=2``), the archetype's
    cards, unless the request says their cost or type ("2 drops for white weenie")."""
    for index, word in enumerate(state.words):
        if word.lower not in ("weenie", "weenies") or not state.free(index):
            continue
        if _after(state, index + 1, 1) not in _WEENIE_FOLLOWERS:  # "white weenie anthems": what the deck wants
            word.used = True
            continue
        costed = any(chip.kind == "mv" for chip in state.chips)
        typed = any(chip.kind == "type" for chip in state.chips) or \
            any(_TYPE_WORDS.get(other.lower) for other in state.words)
        syntax = " ".join(part for part in ("" if typed else "t:creature", "" if costed else "mv<=2") if part)
        if syntax:
            state.take(index, index + 1, syntax, "type")
        else:
            word.used = True


# "reanimator targets", "good creatures to reanimate": what a reanimation spell brings back, the big creatures the
# deck discards or mills (Griselbrand, Archon of Cruelty), not the spells (which "reanimator" alone asks for)
_REANIMATION_TARGETS = re.compile(
    r"(?:reanimat(?:or|ion|e)|reanimator's) targets?|targets? (?:for|to) (?:my |a |the )?reanimat\w*|"
    r"(?:creatures|things|fatties|bombs) to reanimate", re.IGNORECASE)


def _reanimation_targets(reader: Reader, state: _State) -> None:
    """"reanimator targets": creatures of mana value 6 or more (the cost of the spell put there is not paid), unless
    the request says their cost."""
    for _, first, last in list(_matches(state, _REANIMATION_TARGETS)):
        words = " ".join(word.text for word in state.words[first:last])
        if any(chip.kind == "mv" for chip in state.chips):
            state.take(first, last, "t:creature", "type")
        else:
            state.take(first, last, "mv>=6", "mv")
            state.chips.append(Chip(words, "t:creature", "type"))


# "make my little guys huge", "turn my commander big": what a card makes of something, no cost of its own
_MAKE_SO = frozenset({"make", "makes", "making", "turn", "turns", "turning", "get", "gets", "getting"})


def _made_so(state: _State, index: int) -> bool:
    """Whether the word at ``index`` ends "make ... X <word>": said of X, past the verb and what it acts on."""
    before = _before(state, index, 5).split()
    return len(before) >= 2 and before[-1] not in _DETERMINERS and before[-1] not in _MAKE_SO and \
        bool(_MAKE_SO & set(before[:-1]))


# "good 1 drops for aggro": a player's N-drops are creatures, when nothing else in the request says what they do
_DROP_WORDS = frozenset({"good", "best", "great", "strong", "top", "some", "for", "my", "in", "a", "an", "the", "of",
                         "aggro", "aggressive", "deck", "decks", "cards", "playable", "efficient",
                         "weenie", "weenies", "stompy", "zoo",  # aggressive archetypes, played on creatures
                         "worth", "playing", "running",  # "7 drops worth playing"
                         "evasive", "beefy", "sticky", "utility",  # what a creature is ("evasive 2 drops")
                         # colours are read later: "mono red aggro one drops" are red creatures
                         "mono", "white", "blue", "black", "red", "green", "colorless", "colourless"}) | _ASKING


def _drops_keywords(state: _State, first: int) -> None:
    """"flying two drops", "unblockable one drops": the keywords before a cost of drops are the creature's own."""
    start = first
    while start > 0 and state.free(start - 1) and (state.words[start - 1].lower in _ADJECTIVE_KEYWORDS or
                                                   state.words[start - 1].lower in _KEYWORD_FORMS or
                                                   state.words[start - 1].lower == "unblockable"):
        start -= 1
    for index in range(start, first):  # ("hasty 2 drops": the keyword's adjective too)
        word = _KEYWORD_FORMS.get(state.words[index].lower, state.words[index].lower)
        state.take(index, index + 1, _UNBLOCKABLE_SYNTAX if word == "unblockable" else _keyword_term(word), "keyword")



def _only_drops(state: _State) -> bool:
    return all(not state.free(i) or word.lower in _DROP_WORDS for i, word in enumerate(state.words))


_POSSESSIVES = frozenset({"my", "our", "your"})  # "my commander" is the deck's own, not a search for commanders
# "pauper commander" (PDH) is a format of its own, not Pauper and then commanders
_FORMAT_WORDS = r"(?:pauper[- ](?:commander|edh)|cedh|edh|pedh|pdh|cmdr|penny dreadful|duel commander|" \
    r"canadian highlander|" + _either(FORMATS) + ")"
# what a commander has or is ("commander damage", "commander tax"): no format ("i always die to commander damage"
# had read f:commander, as "new to commander" does) nor a commander asked for
_A_COMMANDER_S = frozenset({"damage", "tax", "zone", "deck", "decks", "cost", "costs", "matters", "matter",
                            "protection"})
_FORMAT = re.compile(rf"(?:(?:for|in) ({_FORMAT_WORDS})(?:[- ]legal)?|({_FORMAT_WORDS})[- ]legal|"
                     rf"(pauper[- ](?:commander|edh)|{'|'.join(_ALWAYS_READ_FORMATS)}|edh|cedh|cmdr)|(commanders?))")


_BANNED = re.compile(rf"((?:(?:that|which|it)(?:'s| is| are)? )?(?:not|isn'?t|aren'?t|never) )?(?:(banned|restricted) "
                     rf"(?:in|from) ({_FORMAT_WORDS})|({_FORMAT_WORDS})[- ](banned|restricted))")


# spells no commander is, before a closing "commander" that is then the format ("counterspell blue 1 mana commander",
# an agent's "removal spell commander")
_SPELLS_BEFORE_A_FORMAT = frozenset({"counterspell", "counterspells", "spell", "spells", "instant", "instants",
                                     "sorcery", "sorceries", "removal", "wipe", "wipes", "tutor", "tutors"})
_PLAYING_A_FORMAT = frozenset({"started", "starting", "start", "playing", "play", "into", "to", "learning", "learn",
                               "began", "begin", "beginning", "tried", "trying", "new"})


def _formats(reader: Reader, state: _State) -> None:
    """"for commander", "pauper", "legacy-legal": legal in that format; "banned in commander": ``banned:commander``;
    "commanders": ``is:commander``."""
    for match, first, last in list(_matches(state, _BANNED)):  # "vintage restricted": restricted:vintage
        name = (match.group(3) or match.group(4)).replace("-", " ")
        name, status = _FORMAT_ALIASES.get(name, name), match.group(2) or match.group(5)
        if reader.knows_format(name):  # "not banned in commander": legal there
            state.take(first, last, f"f:{name}" if match.group(1) else f"{status}:{name}", "format")
        else:
            _unknown_format(state, name, first, last)
    for match, first, last in list(_matches(state, _FORMAT)):
        if match.group(4):
            following = _after(state, last, 1)
            spell_then_format = last == len(state.words) and \
                bool({w.lower for w in state.words[:first]} & _SPELLS_BEFORE_A_FORMAT) and \
                not (_POSSESSIVES | {"opponents", "opponent's", "opponents'", "a", "the"}) & \
                set(_before(state, first, 2).split())  # not "removal for my opponents commander": theirs
            # "board wipes, commander, WB": a list's item, as an agent lists a request's constraints
            listed = 0 < first and state.words[first - 1].text.endswith(",") and \
                (last == len(state.words) or state.words[last - 1].text.endswith(","))
            if match.group(4) == "commander" and (following in _FORMAT_NOUNS or spell_then_format or listed or
                                                  _before(state, first, 1) in _PLAYING_A_FORMAT and
                                                  following not in _A_COMMANDER_S) and \
                    reader.knows_format("commander"):
                # "commander staples": cards for the format; "just started commander", "new to commander": the
                # format the player plays
                state.take(first, last, "f:commander", "format")
            elif following not in _A_COMMANDER_S and \
                    (not _is_object(state, first) or _before(state, first, 1) in ("as", "be")
                     or _before(state, first, 2) in ("as a", "be a")) \
                    and not _POSSESSIVES & set(_before(state, first, 2).split()):  # "my voltron commander needs"
                # ("planeswalkers that can be used as commanders", "that can be a commander": what the card is)
                state.take(first, last, "is:commander", "commander")
                # "enchantment commanders": commanders of that deck, as "enchantments matter" asks (the bare type
                # word drifted to its removal)
                before = first - 1
                if state.free(before) and state.words[before].lower in _TYPE_MATTERS:
                    word = state.words[before]
                    _read_as(state, word, f"{_TYPE_MATTERS[word.lower]} matter", ": the commanders of such a deck")
            continue
        name = next(g for g in match.groups()[:3] if g).replace("-", " ")
        name = _FORMAT_ALIASES.get(name, name)
        if not reader.knows_format(name):
            _unknown_format(state, name, first, last)
            continue
        state.take(first, last, f"f:{name}", "format")
    for index, word in enumerate(state.words[:-1]):  # "standard counterspells": a format before what decks need
        need = index + 1  # (past the colours: "standard red aggro creatures" had dropped "standard" unsaid)
        while need < len(state.words) - 1 and all(part in _SINGLE_COLORS or part in ("mono", "colorless", "colourless")
                                                  for part in state.words[need].lower.split("-")):
            need += 1
        if word.lower in _FORMATS_BEFORE_NEEDS and state.free(index) and \
                _after(state, need, 1) in _FORMAT_NOUNS | _FORMAT_NEEDS:
            if reader.knows_format(word.lower):
                state.take(index, index + 1, f"f:{word.lower}", "format")
            else:
                _unknown_format(state, word.lower, index, index + 1)


# formats named by everyday words, read only before what a deck of the format needs ("standard counterspells", not
# "standard removal suite"... of which the second word decides)
_FORMATS_BEFORE_NEEDS = frozenset({"standard", "brawl", "explorer", "timeless", "alchemy"})
_FORMAT_NEEDS = frozenset({"counterspell", "wrath", "wraths", "burn", "creatures", "deck", "decks", "aggro",
                           "control", "threats", "sideboard"})


_TYPE_MATTERS = {**dict.fromkeys(("artifact", "artifacts"), "artifacts"),
                 **dict.fromkeys(("enchantment", "enchantments"), "enchantments"),
                 **dict.fromkeys(("planeswalker", "planeswalkers"), "planeswalkers")}
# After a singular "commander", nouns that make it the format, not the card ("commander staples", "commander cards")
_FORMAT_NOUNS = frozenset({"staples", "staple", "cards", "card", "format", "legal", "playables", "playable", "pods",
                           "pod", "games", "game", "players", "meta", "bombs", "all-stars",
                           # what a deck of the format needs ("commander ramp", "budget commander removal"); not
                           # "commander protection", which protects the deck's commander
                           "ramp", "removal", "draw", "interaction", "wipes", "sweepers", "tutors", "lands",
                           "counterspells", "rocks", "finishers", "wincons", "combos", "synergy", "upgrades",
                           "board", "boardwipes", "wraths", "answers", "fixing", "recursion", "mana"})


_PARTNER = re.compile(r"(?:with )?partners?")
_COMPANIONS = re.compile(r"companions|companion (?:cards?|creatures?)")
# "background commanders", "commanders that can choose a background": what Oracle text says of them (Scryfall's
# o:"choose a background"); "backgrounds" alone are the enchantments (t:background)
_CHOOSES_BACKGROUND = re.compile(r"(?:(?:that |which |who )?(?:can )?(?:choose|chooses|choosing|take|takes|use|uses|"
                                 r"with) (?:a )?)?backgrounds?")


def _partners(reader: Reader, state: _State) -> None:
    """"partner commanders", "commanders with partner", "legendary creatures with partner": the Partner keyword
    (``is:partner``), beside a request for commanders or legends (a lone "partner" may be anything: "a partner for
    Thrasios" names a card). "companions", "companion cards": the Companion keyword (``is:companion``)."""
    for _, first, last in list(_matches(state, _COMPANIONS)):
        if not _is_object(state, first):
            state.take(first, last, "is:companion", "commander")
    if not _asks_commanders(state) and not any(w.lower in ("legendary", "legends") for w in state.words):
        return
    for _, first, last in list(_matches(state, _PARTNER)):
        state.take(first, last, "is:partner", "commander")
    for match, first, last in list(_matches(state, _CHOOSES_BACKGROUND)):
        if match.group().startswith("background") and not _after(state, last, 1).startswith("commander"):
            continue  # "backgrounds for my commander" are the enchantments
        state.take(first, last, 'o:"choose a background"', "commander")


# "partners for thrasios", "backgrounds for karlach", "karlach partner options": a second commander for the one named
# after "partner": a pair named, not a second commander asked ("partner commander upgrades", "partner pair")
_PAIR_NAMED = frozenset({"pair", "pairs", "commander", "commanders", "deck", "decks", "duo", "team"})
_ASKED_PARTNER = re.compile(r"(?:partners?|backgrounds?)(?: options?| choices?| ideas?| pairings?)?")
# the ways a commander shares command, as its Oracle text says them (CR 702.124: Partner, "Partner with", the partner
# variants "Partner—Friends forever", "Partner—Survivors"..., and "Choose a Background"), each read from the line of
# the card's text that begins with it
_PARTNER_WITH = re.compile(r"(?im)^partner with ([^(\n]+?)\s*(?:\(|$)")
_PARTNER_VARIANT = re.compile(r"(?im)^partner\s*[—-]\s*([^(\n]+?)\s*(?:\(|$)")
_PLAIN_PARTNER = re.compile(r"(?im)^partner\s*(?:\(|$)")
_FRIENDS_FOREVER = re.compile(r"(?im)^friends forever\b")
_CHOOSE_A_BACKGROUND = re.compile(r"(?im)^choose a background\b")
# CR 702.124m: a "Doctor's companion" shares command with a legendary Time Lord Doctor of no other creature type, and
# the Doctor with any companion (The Thirteenth Doctor had read as sharing command with nothing)
_DOCTORS_COMPANION = re.compile(r"(?im)^doctor['’]s companion\b")
_THE_DOCTOR = re.compile(r"(?i)^legendary (?:[a-z]+ )*creature — time lord doctor$")


# burn for the whole table: "burn that hits each opponent", "burn all my opponents" ("damage to each opponent", rules
# text's own words, ranks as typed; "ping each opponent" is as often a drain, Zulaport Cutthroat's life lost: not read)
_TABLE_BURN = re.compile(r"(?:burn|burns|burning) (?:that |which )?(?:hits? |hitting |to |at |"
                         r"for )?(?:each|every|all)(?: of)?(?: my| the| your)? opponents?")


def _table_burn(reader: Reader, state: _State) -> None:
    """"burn that hits each opponent", "burn all my opponents": damage dealt to each opponent, as such cards print it
    (Fiery Confluence, Guttersnipe, Sizzle); by meaning alone single-target burn had led and "burn each opponent"
    had read the drain tag (each opponent loses life)."""
    for _, first, last in list(_matches(state, _TABLE_BURN)):
        state.take(first, last, 'o:"damage to each opponent"', "oracle")


def _second_commander(reader: Reader, state: _State) -> None:
    """"partners for thrasios", "backgrounds for karlach", "karlach partner options": the cards that can share
    command with the commander named, by what its text allows: plain Partner pairs with any other plain Partner
    (``kw:partner``, not "Partner with", not a variant), "Partner with X" with X alone, a variant ("Partner—Friends
    forever", "Partner—Survivors") with its own kind, "Choose a Background" with the Backgrounds, a Doctor's
    companion with the Doctors and a Doctor with the companions (see :func:`_shares_command_with`). A second commander
    adds its colours to the deck's, so the commander's colours no longer filter (they had: red Backgrounds only for
    Karlach, blue and green filler for Thrasios)."""
    if not state.deck or state.deck_chip is None:
        return
    asked = next(iter(_matches(state, _ASKED_PARTNER)), None)
    if asked is None:
        return
    match, first, last = asked
    names = {fold(name.split(",")[0].split()[0]) for name in (reader.db.columns.name[row] for row in state.deck)}
    if len(names) > 1 or _after(state, last, 1) in _PAIR_NAMED:
        return  # two commanders named ("partner pair Tymna Thrasios good card draw"): their deck's needs
    columns = reader.db.columns
    shares = {row: _shares_command_with(columns.name[row], columns.oracle_text[row], columns.type_line[row])
              for row in state.deck}
    row = next((row for row in state.deck if shares[row]), state.deck[0])
    name = columns.name[row]
    if not shares[row]:
        state.notes.append(f"{name} has no Partner and cannot choose a Background: it cannot share command")
        return
    syntax = shares[row][0][0] if len(shares[row]) == 1 else \
        "(" + " or ".join(each if each.startswith("!") else f"({each})" for each, _ in shares[row]) + ")"
    what = " or ".join(each for _, each in shares[row])
    state.chips.remove(state.deck_chip)
    state.deck_chip = None
    state.take(first, last, syntax, "commander")
    state.notes.append(f"{match.group()} for {name}: {what}" + ("" if syntax.startswith("!") else
                       ", in any colours, as a second commander adds its own"))


def _shares_command_with(name: str, text: str, type_line: str) -> list[tuple[str, str]]:
    """The cards a commander named ``name`` can share command with, each as (syntax, what the note says), by what its
    text and type allow; several where it has several ways (Amy Pond: Partner with Rory Williams, and Doctor's
    companion), none where it has no way."""
    ways = []
    if (found := _PARTNER_WITH.search(text)) is not None:
        ways.append((f'!"{found.group(1)}"', f"its partner, {found.group(1)} (Partner with)"))
    if (found := _PARTNER_VARIANT.search(text)) is not None:
        ways.append((f'o:"partner—{found.group(1).lower()}" -!"{name}"', f"the other {found.group(1)} partners"))
    if _PLAIN_PARTNER.search(text):
        ways.append((f'kw:partner -o:"partner with" -o:"partner—" -!"{name}"', "the other plain Partner commanders"))
    if _FRIENDS_FOREVER.search(text):
        ways.append((f'o:"friends forever" -!"{name}"', "the other Friends forever commanders"))
    if _CHOOSE_A_BACKGROUND.search(text):
        ways.append(("t:background", "the Backgrounds (it can choose a Background)"))
    if _DOCTORS_COMPANION.search(text):
        ways.append(('t:legendary t:"time lord doctor"', "the Doctors (it is a Doctor's companion)"))
    if _THE_DOCTOR.match(type_line):
        ways.append(('o:"doctor\'s companion"', "the Doctor's companions"))
    return ways


def _commanders_identity(reader: Reader, state: _State) -> None:
    """"commander for +1/+1 counters in simic": beside commanders, several colours a deck phrase read ("in
    simic", ``id<=gu``) are the commander's identity itself (``id=gu``), as "Simic commanders" is (one colour stays
    within it: "green commanders" keep the colourless ones); so beside legendary creatures ("legendary creatures in
    esper with flying", "esper legends": a commander's place; they had listed mono-white and mono-blue ones first),
    unless a deck of those colours is named ("legends for my esper deck")."""
    said = {w.lower.strip(",.;:?!") for w in state.words}  # (read before the types are)
    legends = ("legends" in said or "legendary" in said and bool(said & {"creature", "creatures"})) and \
        not said & {"deck", "decks", "matter", "matters"} and not _NOT_LEGENDS.search(state.typed.lower())
    commanders = _asks_commanders(state)
    if not commanders and (not legends or state.deck):  # (a commander's deck: "Sisay legends tutors")
        return
    for index, chip in enumerate(state.chips):
        if not commanders and (chip.words.lower().startswith("for ") or " or " in chip.words.lower()):
            continue  # a commander's deck ("legendary creatures for Sisay"), or either colour ("red or white")
        if chip.kind == "colour" and (match := _WITHIN.match(chip.syntax)) and len(match.group(1)) > 1:
            state.chips[index] = Chip(chip.words, f"id={match.group(1)}", chip.kind)


_NOT_LEGENDS = re.compile(r"\b(?:excluding|except|not|non-?|without|no|aren'?t|isn'?t)\s*legend")


def _asks_commanders(state: _State) -> bool:
    """Whether "commanders" was read (``is:commander``): the colours and "partner" beside it say more of them."""
    return any(chip.syntax == "is:commander" for chip in state.chips)


# "mythic creatures", "rare removal", "commons", "uncommon counterspells": the printed rarity (Scryfall's r:); the
# singular adjective only before a kind of card ("a common problem" is no rarity)
_RARITY = re.compile(r"(?<!most )(?<!more )(?:(mythic)(?: rares?)?s?|(rare|uncommon|common)s|(rare|uncommon|common)"
                     r"(?= (?:cards?|removal|"
                     r"spells?|creatures?|artifacts?|enchantments?|instants?|sorcer(?:y|ies)|lands?|planeswalkers?|"
                     r"counterspells?|ramp|draw|tutors?|dragons?|elves|goblins?)\b))")


# "for my cube", "pauper cube removal", "peasant cube": the list a cube builder picks for, which no card data here
# holds (its cards are any cards); "peasant" (commons and uncommons) is a rarity
_CUBE = re.compile(r"(?:(?:for|in) )?(?:(?:my|a|an|the|our) )?(?:(peasant) )?cubes?")


def _rarities(reader: Reader, state: _State) -> None:
    """"mythic creatures": ``r:mythic``; where the loaded data has no rarity (the bundled snapshot), a note says it
    was not filtered, and the word asks for nothing else (the card named Rarity)."""
    for match, first, last in list(_matches(state, _RARITY)):
        if _is_object(state, first) and _before(state, first, 1) not in ("for", "of"):  # not "destroy rares"
            continue
        rarity = next(group for group in match.groups() if group)
        if reader.knows_rarity:
            state.take(first, last, f"r:{rarity}", "rarity")
            continue
        state.notes.append(f"{rarity}: the loaded card data has no rarity, {NOT_FILTERED} (run grimoire data update)")
        for word in state.words[first:last]:
            word.used = True
    for match, first, last in list(_matches(state, _CUBE)):
        if not any(state.free(i) for i in range(len(state.words)) if not first <= i < last):
            continue  # "cube" alone: its words are all there is to search
        for word in state.words[first:last]:
            word.used = True
        state.notes.append("cube: cards for a cube are searched as any others (no cube lists offline)")
        if match.group(1) and not reader.knows_rarity:
            state.notes.append(f"peasant (commons and uncommons): the loaded card data has no rarity, {NOT_FILTERED}")


# "artifacts not on the reserved list", "reserved list cards", "non reserved list dual lands": Wizards' list of cards
# never reprinted, Scryfall's is:reserved
_RESERVED = re.compile(r"((?:(?:that|which) )?(?:(?:is|are) not|isn'?t|aren'?t|not|non-?|no)) (?:on )?(?:the )?"
                       r"reserved(?: list)?|(non-?reserved)(?: list)?|(?:(?:on|from) )?(?:the )?reserved list")


def _reserved(reader: Reader, state: _State) -> None:
    """"not on the reserved list": ``-is:reserved``; where the loaded data does not say (the bundled snapshot), a
    note says it was not filtered (the Moxen had led "artifacts not on the reserved list")."""
    for match, first, last in list(_matches(state, _RESERVED)):
        if reader.knows_reserved:
            state.take(first, last, "-is:reserved" if match.group(1) or match.group(2) else "is:reserved", "type")
            continue
        state.notes.append(f"reserved list: the loaded card data does not say which cards are reserved, {NOT_FILTERED} "
                           "(run grimoire data update)")
        for word in state.words[first:last]:
            word.used = True


# "cards printed in war of the spark", "reprinted in modern horizons", "from the set dominaria": a set, which no
# card data here names (the store is per card, not per printing), up to a clause or the request's end
_PRINTED_IN = re.compile(r"(?:(?:re)?printed|released|introduced|first seen) in|from the set|in the set")
_SET_NAME_ENDS = frozenset({"that", "which", "with", "for", "and", "or", "under", "in", "without"})


def _printed_in(reader: Reader, state: _State) -> None:
    """A set named after "printed in" is said to be unknown, in a note, and asks for nothing else (its words had
    ranked as words, and "war of the spark" is a card's name too)."""
    for _, first, last in list(_matches(state, _PRINTED_IN)):
        stop = last
        while stop < len(state.words) and state.free(stop) and state.words[stop].lower not in _SET_NAME_ENDS:
            stop += 1
        if stop == last:
            continue
        named = " ".join(w.text for w in state.words[last:stop])
        state.notes.append(f"{named}: the card data has no sets (it is per card, not per printing), "
                           f"{NOT_FILTERED}")
        for word in state.words[first:stop]:
            word.used = True


def _unknown_format(state: _State, name: str, first: int, last: int) -> None:
    state.notes.append(f"{name}: the loaded card data has no {name} legality, {NOT_FILTERED} (run grimoire data "
                       "update)" if name in FORMATS else f"{name}: no card data Grimoire reads (Scryfall's, MTGJSON's) "
                       f"lists {name} legality, {NOT_FILTERED}")
    for word in state.words[first:last]:
        word.used = True


_STATS = re.compile(rf"{_NUMBER} (power|toughness|loyalty)(?: or (more|greater|higher|less|lower|fewer))?|"
                    rf"(power|toughness|loyalty) (?:of )?{_NUMBER}(?!\+)"
                    rf"(?: or (more|greater|higher|less|lower|fewer))?|"
                    r"(\d{1,2})/(\d{1,2})s?|"
                    r"(\d{1,2})\+ (power|toughness|loyalty)|(power|toughness|loyalty) (\d{1,2})\+")
_BIG_BUTTS = re.compile(r"(?:big|huge|fat|giant) (?:butts?|booties|bottoms)|"
                        r"(?:high|huge|big) toughness")
_HALF_STATS = re.compile(r"[x*?]/(\d{1,2})s?|(\d{1,2})/[x*?]s?")
_STAT_BOUNDS = {"at least": ">=", "minimum": ">=", "min": ">=", "at most": "<=", "maximum": "<=", "max": "<=",
                "up to": "<=", "no more than": "<=", "less than": "<", "fewer than": "<", "under": "<", "below": "<",
                "more than": ">", "greater than": ">", "over": ">", "above": ">", "exactly": "=",
                # the operators typed as words ("power >= 3": its bound had been read as a mana value)
                ">=": ">=", "=>": ">=", "≥": ">=", "<=": "<=", "=<": "<=", "≤": "<=", ">": ">", "<": "<", "=": "=",
                "==": "="}
# "power greater than toughness", "more toughness than power": the card's two stats compared
_STAT_KEYS = {"power": "pow", "toughness": "tou", "loyalty": "loy"}  # the syntax's names for the stats players name
_STAT_VS = re.compile(r"(?:(power|toughness) (?:greater|higher|bigger|larger) than (power|toughness)|"
                      r"(?:more|greater|higher) (power|toughness) than (power|toughness))")


# "the biggest vehicles", "creatures with the highest power": a sort, not words (Scryfall's order:power)
_SUPERLATIVES = re.compile(r"(?:with )?(?:the )?(?:(biggest|largest|beefiest|highest power|most powerful)|"
                           r"(highest toughness|toughest|sturdiest))")
_BODY_WORDS = frozenset({"creature", "creatures", "vehicle", "vehicles", "guys", "dudes", "beaters", "bodies",
                         "monsters", "fatties", "threats", "attackers", "blockers", "walls", "power", "toughness"})


def _superlatives(reader: Reader, state: _State) -> None:
    """"the biggest dinosaurs", "creatures with the highest power": every card that passes, highest power first
    (``order:power direction:desc``; toughness for "toughest"), when a creature word stands within three words."""
    types = reader.creature_types
    for match, first, last in list(_matches(state, _SUPERLATIVES)):
        near = _before(state, first, 3).split() + _after(state, last, 3).split()
        following = [index for index in range(last, min(last + 3, len(state.words)))
                     if state.words[index].lower in _BODY_WORDS or state.words[index].lower in types]
        if following and _is_object(state, following[0]):
            continue  # "kill their biggest creature" asks for removal, not for big creatures
        if any(word in _BODY_WORDS or word in types for word in near):
            stat = "power" if match.group(1) else "toughness"
            state.take(first, last, f"order:{stat} direction:desc", stat)
    for match, first, last in list(_matches(state, _COST_SUPERLATIVES)):  # "lowest cost flyers"
        if not _is_object(state, first):
            direction = "asc" if match.group(1) else "desc"
            state.take(first, last, f"order:cmc direction:{direction}", "mv")


# "lowest cost flyers", "the highest mana value spells": every card that passes, by mana value
_COST_SUPERLATIVES = re.compile(r"(?:with )?(?:the )?(?:(lowest|smallest|cheapest)|(highest|biggest|largest|most "
                                r"expensive)) (?:mana )?(?:costs?|mana values?|cmcs?|mvs?)")


# "power less than 2", "toughness of at least 5": the stat, then its bound (before the mana value reads the bound)
_STAT_THEN_BOUND = re.compile(rf"(power|toughness|loyalty) (?:of )?({_either(_STAT_BOUNDS)}) ?"
                              rf"{_NUMBER}(?! (?:mana|cmc|mv)\b)")
# ">3 power", ">= 4 toughness": an operator typed before the number and the stat
_SIGN_THEN_STAT = re.compile(rf"(>=|<=|≥|≤|>|<|==|=) ?{_NUMBER} (power|toughness|loyalty)\b")


def _stat_of_an_object(state: _State, first: int) -> bool:
    """Whether the stat at ``first`` follows "with" after what the card acts on ("cast creatures with power 4")."""
    return _before(state, first, 1) == "with" and first >= 2 and _is_object(state, first - 2)


# what a body's cost follows ("a 3/3 for 2 mana"), and the words before an article asking for that body ("i want a
# 3/3 for 3"; "whenever a 1/1 dies" waits for one)
_BODY_COST = re.compile(rf"for {_NUMBER}(?: mana| cmc| mv)?(?: |$)")
_ASKS_FOR = frozenset({"", "want", "need", "play", "run", "is", "there", "any", "best", "good", "me", "find"})


def _stats(reader: Reader, state: _State) -> None:
    """"4 power or more" ``pow>=4``, "5+ power" ``pow>=5``, "toughness 1" ``tou=1``, "2/2" ``pow=2 tou=2`` (not
    "create 1/1 tokens"), "power less than 2" ``pow<2``, "power greater than toughness" ``pow>tou``."""
    for match, first, last in list(_matches(state, _SIGN_THEN_STAT)):
        bound, number, stat = match.groups()
        if not _stat_of_an_object(state, first):
            state.take(first, last, f"{_STAT_KEYS[stat]}{_STAT_BOUNDS[bound]}{_number(number)}", stat)
    for match, first, last in list(_matches(state, _STAT_THEN_BOUND)):
        stat, bound, number = match.groups()
        op, value = _STAT_BOUNDS[bound], _number(number)
        if not _stat_of_an_object(state, first):
            state.take(first, last, f"{_STAT_KEYS[stat]}{op}{value}", stat)
        elif op != "=":  # "exile creatures with power less than 3": in card wording, "power 2 or less"
            value += {"<": -1, ">": 1}.get(op, 0)
            state.take(first, last, f'o:"{stat} {value} or {"less" if "<" in op else "greater"}"', "oracle")
    for match, first, last in list(_matches(state, _STATS)):
        groups = match.groups()
        if _stat_of_an_object(state, first):
            continue  # "reward casting creatures with power 4 or greater": the stats of what the card acts on
        if groups[6]:
            if _before(state, first, 1) in _OBJECT_MARKERS or _is_object(state, first) or \
                    _before(state, first, 1) in ("a", "an") and _before(state, first - 1, 1) not in _ASKS_FOR or \
                    any(w.startswith("token") for w in _after(state, last, 3).split()) or \
                    _before(state, first, 1) in ("become", "becomes", "are", "is") and \
                    _before(state, first - 1, 1) not in _RELATIVES:
                continue  # "create two 1/1 Soldier tokens", "whenever a 1/1 dies": what the card makes or waits for;
                # "all creatures lose their abilities and are 1/1": what it makes of others (not "that are 2/2")
            state.take(first, last, f"pow={groups[6]} tou={groups[7]}", "power")
            # "a 2/2 for 2", "3/3 for 3 mana": what the body costs
            if (cost := _BODY_COST.match(" ".join(w.lower for w in state.words[last: last + 3]))) and \
                    all(state.free(i) for i in range(last, last + len(cost.group().split()))):
                state.take(last, last + len(cost.group().split()), f"mv={_number(cost.group(1))}", "mv")
            continue
        if groups[8] or groups[11]:  # "5+ power", "toughness 4+"
            number, stat = (groups[8], groups[9]) if groups[8] else (groups[11], groups[10])
            state.take(first, last, f"{_STAT_KEYS[stat]}>={number}", stat)
            continue
        number, stat, more = (groups[0], groups[1], groups[2]) if groups[0] else (groups[4], groups[3], groups[5])
        if _before(state, first, 1) == "to":  # "shrink a creature to 0 power": what the card does to another
            continue
        op = "=" if not more else ">=" if more in ("more", "greater", "higher") else "<="
        if op == "=" and groups[0]:  # "at least 4 power", "less than 3 toughness": the bound comes first
            for size in (2, 1):
                bound = _STAT_BOUNDS.get(_before(state, first, size))
                if bound and all(state.free(i) for i in range(first - size, first)):
                    op, first = bound, first - size
                    break
        state.take(first, last, f"{_STAT_KEYS[stat]}{op}{_number(number)}", stat)
    for _, first, last in list(_matches(state, _BIG_BUTTS)):  # "big butts": players' creatures of high toughness
        if not _stat_of_an_object(state, first) and not (_is_object(state, first) and _before(state, first, 1) !=
                                                           "with"):
            typed = _names_type(state, "creature")  # read as its own
            state.take(first, last, "tou>=5" if typed else "t:creature tou>=5", "toughness")
    for match, first, last in list(_matches(state, _HALF_STATS)):
        # "x/1 creatures", "1/x guys": one stat said, the other any ("x/1s" die to pingers)
        if _is_object(state, first) or _after(state, last, 1) not in ("", "creatures", "creature", "guys", "dudes"):
            continue
        state.take(first, last, f"tou={match.group(1)}" if match.group(1) else f"pow={match.group(2)}",
                   "toughness" if match.group(1) else "power")
    for match, first, last in list(_matches(state, _STAT_VS)):
        more, less = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        if more != less:
            state.take(first, last, f"{_STAT_KEYS[more]}>{_STAT_KEYS[less]}", more)


_X_SPELLS = re.compile(r"(?:with )?(?:an )?x in (?:the |its |their )?(?:mana )?costs?|x[- ]costs?|costs? x(?! less)|"
                       r"x(?= (?:spells?|burn|damage|drain|sweepers?|wipes?|creatures?|draw|ramp|removal)\b)")


def _x_costs(reader: Reader, state: _State) -> None:
    """"X burn spells", "X-cost creatures", "sorceries with X in the cost": cards with X in their mana cost
    (``m:{X}``); "x cost" is said too."""
    for match, first, last in list(_matches(state, _X_SPELLS)):
        own = match.group().startswith("cost") and _before(state, first, 1) in ("that", "which", "")  # "that cost x"
        if match.group() == "x" and _before(state, first, 1) in _AMOUNT_VERBS:
            continue  # "deal x damage to any target": how much the card deals (Rolling Thunder, and Blaze's kin)
        if own or not _is_object(state, first):
            state.take(first, last, "m:{X}", "mana")


# Creature types whose word, in a request, is mostly something else ("phyrexian mana", "an ally", "a hero"; a
# player's "minions" are any creatures).
_NOT_CREATURE_TYPE_WORDS = frozenset({"Phyrexian", "Ally", "Advisor", "Noble", "Villain", "Hero", "Citizen", "God",
                                      "Egg", "Eye", "Toy", "Avatar", "Construct", "Wall", "Time", "Lord", "Spawn",
                                      "Scion", "Germ", "Incarnation", "Mutant", "Performer", "Detective", "Peasant",
                                      "Employee", "Coward", "Child", "Minion"})
_IRREGULAR_PLURALS = {"elf": "elves", "dwarf": "dwarves", "wolf": "wolves", "werewolf": "werewolves",
                      "fungus": "fungi", "ox": "oxen", "mouse": "mice", "octopus": "octopuses"}
_SAME_PLURAL = frozenset({"merfolk", "eldrazi", "kor", "myr", "samurai", "sheep", "moonfolk", "kithkin"})
# A creature's role after a creature type, played by creatures of that type: "elf dorks", "goblin pingers" (not
# "dragon payoffs" nor "dinosaur ramp": a deck's needs, which other cards meet too)
_TRIBE_ROLES = frozenset({"dork", "dorks", "looter", "looters", "pinger", "pingers", "blockers", "beaters"})
# Words after a creature type that still ask for cards of that type: "elf lords", "dragon tribal", "zombie cards".
_TRIBE_FOLLOWERS = frozenset({"lord", "lords", "tribal", "typal", "creature", "creatures", "card", "cards",
                              "commander", "commanders"})  # "dinosaur commanders" are Dinosaurs


def _type_words(counts: Mapping[str, int]) -> dict[str, str]:
    """The words players use for each creature type named five times or more ("elves", "elf": "elf"; "dinos":
    "dinosaur", see :data:`_TYPE_NICKNAMES`), leaving out words that are mostly something else
    (:data:`_NOT_CREATURE_TYPE_WORDS`)."""
    words: dict[str, str] = {}
    for name, count in counts.items():
        if count >= 5 and len(name) >= 3 and name.isalpha() and name not in _NOT_CREATURE_TYPE_WORDS:
            for form in _plurals(name.lower()):
                words.setdefault(form, name.lower())
    for nickname, kind in _TYPE_NICKNAMES.items():
        if kind in words:
            words.setdefault(nickname, kind)
    return words


# keywords that make creature tokens: the type after one is what it makes ("afterlife spirits")
_TOKEN_KEYWORDS = frozenset({"afterlife", "amass", "fabricate", "incubate", "myriad", "squad", "populate",
                             "embalm", "eternalize", "encore", "offspring"})
# players' short forms of creature types
_TYPE_NICKNAMES = {"dino": "dinosaur", "dinos": "dinosaur", "gobbo": "goblin", "gobbos": "goblin",
                   "vamps": "vampire", "elfs": "elf", "fae": "faerie", "merfolks": "merfolk", "kitties": "cat",
                   "eldrazis": "eldrazi", "zombos": "zombie", "humies": "human", "fairy": "faerie", "fairies": "faerie",
                   "mermaid": "merfolk", "mermaids": "merfolk"}


def _plurals(word: str) -> tuple[str, ...]:
    """The singular and the plural players type for a creature type."""
    if word in _SAME_PLURAL:
        return (word,)
    if word in _IRREGULAR_PLURALS:
        return word, _IRREGULAR_PLURALS[word]
    return word, word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")


_WANT_MORE = frozenset(f"{verb} more" for verb in ("need", "needs", "want", "wants", "run", "play", "add", "some"))
_LORDS_FOR = frozenset(f"{noun} {word}" for noun in ("lord", "lords", "anthem", "anthems") for word in ("for", "of"))


_NOT_A_TRIBE = frozenset({"not", "no", "but not", "other than", *_SPARING})


def _second_type(types: Mapping[str, str], state: _State, index: int) -> str | None:
    """The creature type whose plural follows a singular one ("elf warriors": ``warrior``; "merfolk wizards":
    ``wizard``), or whose singular ends the request or comes before "cards", "commanders" and the like ("elf
    warrior", "elder dragon commanders"), where the two name creatures of both types; None elsewhere ("elf
    lords", "angels and demons")."""
    if index + 1 >= len(state.words) or not state.free(index + 1):
        return None
    first, then = state.words[index], state.words[index + 1]
    if not first.text[-1:].isalpha() or (state.typed and state.typed[first.end:then.start].strip()):
        return None  # a list ("octopus and kraken", "elf, warriors"): either type, not both
    word, following = first.lower, then.lower
    second = types.get(following)
    if second is None or following in _TYPE_WORDS or second == types[word] or \
            following == second and _after(state, index + 2, 1) not in ("", *_TRIBE_FOLLOWERS):
        return None  # a singular second type closes the request or comes before "cards" ("elder dragon cards")
    return second if word == types[word] else None  # (the first singular: "elves warriors" is no phrase)


def _creature_types(reader: Reader, state: _State) -> None:
    """"zombies", "elf lords", "dragon tribal": creatures of that type (``t:zombie``); the word still ranks.
    Not what the card acts on or makes ("destroy target Goblin", "make goblins", "goblin tokens"), nor the deck
    the cards are for ("for my elves deck")."""
    types = reader.creature_types
    tribes: list[tuple[Chip, _Word]] = []  # plural types named side by side ("angels, demons and dragons")
    # "lords for my elf deck", not "my cat deck needs cat lords" (the tribe before "lords" says it)
    asks_lords = any(word.lower in ("lord", "lords") and (i == 0 or state.words[i - 1].lower not in types)
                     for i, word in enumerate(state.words))
    for index, word in enumerate(state.words):
        kind = types.get(word.lower)
        # "lords for my elf deck", "my merfolk deck needs lords": a tribe's lords are of the tribe (its removal is not)
        deck_lords = asks_lords and _before(state, index, 1) in ("my", "our") and \
            _after(state, index + 1, 1) in ("deck", "decks", "tribal", "typal")
        # the tribe asked for, though after a word that marks an object: "lords for zombies" (zombie lords), "my
        # wizards deck needs more wizards" (not made: "make more goblins")
        asked_for = deck_lords or _before(state, index, 2) in _LORDS_FOR or _before(state, index, 2) in _WANT_MORE
        # "green creatures but not elves", "creatures other than humans": not of that type (the words rank nothing)
        negation = next((size for size in (2, 1) if _before(state, index, size) in _NOT_A_TRIBE
                         and all(state.free(i) for i in range(index - size, index))), 0)
        if negation and kind is not None and state.free(index) and word.lower not in _TYPE_WORDS:
            if not _is_object(state, index - negation):
                state.take(index - negation, index + 1, f"-t:{kind}", "type")
            continue  # "destroy creatures except zombies": what the card spares, no filter
        # a card type some creatures carry too ("Equipment Dog") was read by the card types, or left as an object
        if kind is None or not state.free(index) or word.lower in _TYPE_WORDS or \
                (_is_object(state, index) and not asked_for) or _before(state, index, 1) == "group":
            continue  # "group slug" is a way to play (everyone takes damage), no Slug
        following = _after(state, index + 1, 1)
        plural = word.lower != kind or word.lower in _SAME_PLURAL
        # "a dragon with flying", "an elf that makes mana": the one card asked for is of that type
        # (or first: "vampire that drains", "spider that kills flyers")
        one_asked = (_before(state, index, 1) in ("a", "an") or index == 0) and \
            following in ("with", "that", "which", "who")
        # "a cheap dragon", "i need a sphinx", "cheap sphinx": one card of that type, named last
        # (not a named token's word: "Prossh needs food")
        one_asked = one_asked or (index > 0 and following in ("", "that's", "thats") and
                                  word.lower in reader.token_types)
        asked_of = following in _ASKED_OF and _word_before_modifiers(state, index) in ("which", "what")
        second = _second_type(types, state, index)
        if second:  # "elf warriors", "elder dragons": creatures of both types, one chip (one tribe of a list)
            state.take(index, index + 2, f"t:{kind} t:{second}", "type", still_ranks=True)
            tribes.append((state.chips[-1], state.words[index + 1]))
            continue
        if following in _TRIBE_FOLLOWERS or deck_lords or one_asked or following in _TRIBE_ROLES or (
                plural and following not in _OBJECT_NOUNS and (
                following not in _RULES_TEXT_FOLLOWERS or following == "with" or asked_of)):
            state.take(index, index + 1, f"t:{kind}", "type")
            word.used = False
            if plural and following not in _TRIBE_FOLLOWERS:
                tribes.append((state.chips[-1], word))
    if len({chip.syntax for chip, _ in tribes}) > 1:  # a deck of several tribes plays any of them, not cards of all
        chips = [chip for chip, _ in tribes]
        at = state.chips.index(chips[0])
        state.chips = [chip for chip in state.chips if chip not in chips]
        # the words as typed, from the first tribe to the last, so a surface can quote them back
        first, last = state.words.index(tribes[0][1]), state.words.index(tribes[-1][1])
        state.chips.insert(at, Chip(state.span(first, last + 1),
                                    _any_of(list(dict.fromkeys(chip.syntax for chip in chips))), "type"))


_TOKEN_TYPES = re.compile(r"\d+/\d+ (?:[a-z]+ )*((?:[A-Z][a-z]+ )+)(?:artifact |enchantment |snow )*creature tokens?")
_NAMED_TOKENS = re.compile(r"\b([A-Z][a-z]+) tokens?\b")
_MAKE_VERBS = frozenset({"make", "makes", "making", "create", "creates", "creating", "generate", "generates",
                         "generating", "produce", "produces", "spawn", "spawns", "churn", "churns"})
_MAKE_FILLERS = frozenset({"a", "an", "more", "many", "lots", "lot", "of", "extra", "x", "tons", "ton", "some",
                           "bunch", "few", "couple", "several", "little", "small", "tiny", "army", "horde", "swarm"})
_MADE_STATS = re.compile(r"\d+/\d+|x/x")  # "make 1/1 soldiers"


def _made_filler(word: str) -> bool:
    return word in _MAKE_FILLERS or word in _NUMBER_WORDS or word.isdigit() or word in _SINGLE_COLORS \
        or _MADE_STATS.fullmatch(word) is not None


# what "make" turns creatures into, when it makes none ("make goblins cheaper", "make my elves bigger")
_MADE_SO_WORDS = frozenset({"cheaper", "cost", "costs", "bigger", "stronger", "larger", "huge", "giant", "better",
                            "unblockable", "indestructible", "hexproof", "fly", "flyers", "fliers", "attack", "tap",
                            "untap", "fight", "immune", "invincible", "lose", "gain", "get", "have", "into", "big"})


_TOKEN_WORDS = frozenset({"token", "tokens", "maker", "makers"})


def _made_types(reader: Reader, state: _State) -> None:
    """"goblins that make goblins", "cards that create zombie tokens", "make 1/1 soldiers", "spirit tokens": the
    card makes creature tokens of that type
    (``o:/[0-9x*]+\\/[0-9x*]+ [^.]*\\bgoblin\\b[^.]* creature tokens?/``, the token's power/toughness, colours and
    types as cards print them); the words still rank. Runs before :func:`_creature_types`, which leaves what is
    made alone."""
    if not any(w.lower in _MAKE_VERBS or w.lower in _TOKEN_WORDS for w in state.words):
        return  # nothing made or named a token: the token types (a scan of every card's text) are not read
    types = reader.token_types
    for index, word in enumerate(state.words):
        # "spirit tokens in white": tokens of a creature type are what the card makes, unless it acts on them;
        # "goblin makers" too (it had ranked Goblins: Goblin Lookout, Skirk Prospector)
        named = _after(state, index + 1, 1) in _TOKEN_WORDS and word.lower in types and state.free(index) \
            and not _is_object(state, index)
        if not named and (word.lower not in _MAKE_VERBS or not state.free(index)):
            continue
        at = index
        if not named:
            at += 1
            while at < len(state.words) and state.free(at) and _made_filler(state.words[at].lower):
                at += 1
        kind = types.get(state.words[at].lower) if state.free(at) else None
        # "create two 1/1 Soldier tokens", "a 1/1 white Soldier creature token": card wording, whose words rank
        # as printed ("make 1/1 soldiers" is a player's)
        if kind is None:  # nothing named after the verb ("create a 1/1" ends the request)
            continue
        printed = any(_MADE_STATS.fullmatch(w.lower) for w in state.words[index:at]) and \
            state.words[at].text[:1].isupper()
        if printed or _after(state, at + 1, 1) in ("creature", "artifact", "enchantment"):
            continue
        stop = at + 1 + (_after(state, at + 1, 1) in ("token", "tokens"))
        if not named and _after(state, stop, 1) in _MADE_SO_WORDS:
            continue  # "make goblins cheaper", "make my elves bigger": what the card does to them, no tokens
        state.take(at, stop, f"o:/[0-9x*]+\\/[0-9x*]+ [^.]*\\b{kind}\\b[^.]* creature tokens?/", "oracle")
        for made in state.words[at:stop]:
            made.used = False  # "make goblins" still ranks (the token-maker tag, BM25)


_STATS_MADE = re.compile(r"(\d+|x)/(\d+|x)s?")  # "make 1/1s": the size players name the tokens by


def _made_stats(reader: Reader, state: _State) -> None:
    """"cards that make 1/1s", "create a 4/4", "make 2/2 tokens": creature tokens of that size, as cards print it
    (``o:/\\b4\\/4\\b[^.]* creature tokens?/``); the verb and "tokens" still rank (the token-maker tag). Runs after
    :func:`_made_types`, which reads a size with a creature type ("make 1/1 soldiers")."""
    for index, word in enumerate(state.words):
        # "create" is the cards' own wording ("create a 1/1 white Soldier creature token"), which ranks as printed
        if word.lower not in _MAKE_VERBS or word.lower.startswith("creat") or not state.free(index):
            continue
        at = index + 1
        while at < len(state.words) and state.free(at) and _made_filler(state.words[at].lower) and \
                not _STATS_MADE.fullmatch(state.words[at].lower):
            at += 1
        stats = _STATS_MADE.fullmatch(state.words[at].lower) if state.free(at) else None
        following = _after(state, at + 1, 1)
        # "make 1/1 soldiers": the creature type read the tokens (:func:`_made_types`), their size said with it
        if stats is None or following in _MADE_SO_WORDS or following in reader.token_types:
            continue
        power, toughness = stats.groups()
        state.take(at, at + 1, f"o:/\\b{power}\\/{toughness}\\b[^.]* creature tokens?/", "oracle", still_ranks=True)


# Game terms that are no keyword and no token, named in rules text (Comprehensive Rules 700.8 party, 725 the
# initiative, 724 the monarch): "party cards", "cards that care about party size", "initiative cards", "cheap monarch
# cards" are the cards that say them
_GAME_TERMS = {"party": "o:/\\b(?:your|full) party\\b/", "initiative": 'o:"the initiative"',
               "monarch": 'o:"the monarch"'}
_GAME_TERM_AFTER = frozenset({"cards", "card", "creatures", "creature", "payoffs", "payoff", "matters", "deck", "decks",
                              "size", "synergy", "members", "spells"})
_GAME_TERM_BEFORE = frozenset({"your", "my", "the", "full", "about", "take", "takes", "taking", "get", "gets",
                               "become", "becomes"})


def _game_terms(reader: Reader, state: _State) -> None:
    """"party cards", "cards that care about party size", "initiative cards", "take the initiative", "become the
    monarch": the cards whose text says the term (a full party, the initiative, the monarch); the word still
    ranks."""
    for index, word in enumerate(state.words):
        syntax = _GAME_TERMS.get(word.lower)
        if syntax is None or not state.free(index):
            continue
        if _after(state, index + 1, 1) in _GAME_TERM_AFTER or _before(state, index, 1) in _GAME_TERM_BEFORE:
            state.take(index, index + 1, syntax, "oracle")
            word.used = False


# Capitalised words before "token" in rules text that name no token: a sentence's first word, a card type
_NOT_TOKEN_NAMES = frozenset({"this", "that", "those", "these", "the", "then", "creature", "attacking", "each", "a",
                              "an", "target", "another", "other"})


_TAGGED_TOKENS = frozenset({"clue", "treasure", "food"})


def _named_tokens(reader: Reader, state: _State) -> None:
    """"blood token makers", "cards that make map tokens", "role tokens": the card names that token, as cards print
    it (``o:/\bblood tokens?\b/``), making or using it; the words still rank (a maker's tag, where there is one).
    Runs after :func:`_made_types`, which reads creature tokens."""
    for index, word in enumerate(state.words):  # "cards that make powerstones": made, the token is named alone
        made = word.lower.removesuffix("s")  # (a maker's tag knows Clues, Treasures and Food, investigate too)
        if word.lower.endswith("s") and state.free(index) and _before(state, index, 1) in _MAKE_VERBS and \
                made in reader.named_tokens and made not in _TAGGED_TOKENS:
            state.take(index, index + 1, f"o:/\\b{made} tokens?\\b/", "oracle")
            word.used = False
    if not any(w.lower in ("token", "tokens") for w in state.words):
        return
    for index, word in enumerate(state.words[:-1]):
        if state.words[index + 1].lower in ("token", "tokens") and state.free(index) and state.free(index + 1) and \
                word.lower in reader.named_tokens:
            state.take(index, index + 2, f"o:/\\b{word.lower} tokens?\\b/", "oracle")
            for named in state.words[index: index + 2]:
                named.used = False


_CYCLE_WORDS = {"shock": "shockland", "fetch": "fetchland", "check": "checkland", "fast": "fastland",
                "slow": "slowland", "pain": "painland", "bounce": "bounceland", "filter": "filterland",
                "scry": "scryland", "gain": "gainland", "surveil": "surveilland", "storage": "storageland",
                "bike": "bikeland", "cycle": "bikeland", "shadow": "shadowland", "tango": "tangoland",
                "battle": "tangoland", "canopy": "canopyland", "creature": "creatureland", "man": "creatureland",
                "tri": "triland", "dual": "dual", "horizon": "canopyland",
                "sac": "fetchland", "bicycle": "bikeland"}  # players' "sac lands" (fetches), "bicycle lands"
# (players' plurals without "lands": "blue-red fetches", "shocks in esper", "fetchies")
_CYCLES = re.compile(rf"({'|'.join(_CYCLE_WORDS)})[- ]?lands?|(triomes?)|(snarls?)|(karoos?)|(duals)|"
                     r"(shocks|fetch(?:es|ies))")
# words before a cycle that ask for the cards themselves, even after an action ("needs more fetch lands")
_CYCLE_ASKED = frozenset({"for", "my", "of", "more", "some", "extra", "need", "needs", "want", "wants", "untapped"})


# (a bare plural is the cycle asked for, not the cycle a deck plays: "cracks lots of fetches", "wants payoffs")
_PLAYS_THE_CYCLE = frozenset({"crack", "cracks", "cracking", "cracked", "play", "plays", "playing", "run", "runs",
                              "running", "use", "uses", "using", "lots", "lot", "tons", "ton", "bunch", "loads",
                              "plenty",
                              "many", "with", "sac", "sacs"})
_CYCLE_PAYOFF_WORDS = frozenset({"payoff", "payoffs", "synergy", "synergies", "matters", "triggers", "reward",
                                 "rewards"})
_LAND_CYCLE_NAMES = frozenset({*_CYCLE_WORDS.values(), "triome", "shadowland", "bounceland"})
_TWO_COLOUR_CYCLES = frozenset({"dual", "shockland", "checkland", "fastland", "slowland", "painland", "bounceland",
                                "filterland", "scryland", "gainland", "surveilland", "tangoland", "canopyland",
                                "bikeland", "shadowland"})
_TWO_COLOURS = r"o:/add \{[wubrg]\} or \{[wubrg]\}/"
_ON_A_BUDGET = frozenset({"budget", "cheap", "cheaper", "affordable", "inexpensive", "budget-friendly"})
_NO_DUALS = frozenset({"pauper", "peasant", "modern", "pioneer", "standard"}) | _ON_A_BUDGET
# the cycles whose cards are among the dearest lands: asked for on a budget, the lands doing what they do instead
_DEAR_CYCLES = frozenset({"dual", "fetchland", "shockland"})
_INSTEAD_AFTER = frozenset({"alternative", "alternatives", "replacement", "replacements", "substitute", "substitutes"})
_INSTEAD_BEFORE = frozenset({"instead of", "alternatives to", "alternative to", "replacements for", "replacement for",
                             "substitutes for", "besides", "other than", "except"})


def _land_cycles(reader: Reader, state: _State) -> None:
    """"shock lands", "fetchlands", "dual lands" ("duals"), "triomes", "creature lands": the land cycle
    (``is:shockland``, as Scryfall names it), not words to match."""
    for match, first, last in list(_matches(state, _CYCLES)):
        instead = _after(state, last, 1) in _INSTEAD_AFTER or _before(state, first, 2) in _INSTEAD_BEFORE or \
            _before(state, first, 1) in _INSTEAD_BEFORE
        cycle = _CYCLE_WORDS.get(match.group(1) or "", "triome" if match.group(2) else
                                 "shadowland" if match.group(3) else "dual" if match.group(5) else
                                 "shockland" if (match.group(6) or "").startswith("shock") else
                                 "fetchland" if match.group(6) else "bounceland")
        # "pauper dual lands", "budget duals": two-colour lands the format or the budget allows, not the original
        # ten (the reserved list's dearest lands, legal in no such format)
        said = {w.lower.strip(",.;:?!") for w in state.words}
        instead = instead or cycle == "dual" and bool(said & _NO_DUALS) or cycle in _DEAR_CYCLES and bool(
            said & _ON_A_BUDGET)  # ("budget fetchlands": Evolving Wilds, Fabled Passage, not the ten)
        if first and state.words[first - 1].lower in _DENYING - {"except"} and state.free(first - 1) and not instead:
            state.take(first - 1, last, f"-is:{cycle}", "type")  # "lands for mardu, no painlands": not the cycle
            continue
        if _is_object(state, first) and state.words[first - 1].lower not in _CYCLE_ASKED and not instead:
            continue
        if (_after(state, last, 1) == "back" or _before(state, first, 2).split()[:1] in (["return"], ["recur"])) and \
                not instead:
            continue  # "get my fetchlands back from the yard", "return my fetchlands": what is returned, so land
            # recursion (they had read the cycle)
        if match.group(6) and (_before(state, first, 1) in ("like", "as") or
                               set(_before(state, first, 3).split()) & _PLAYS_THE_CYCLE or
                               {w.lower for w in state.words[last:]} & _CYCLE_PAYOFF_WORDS):
            continue  # "deal 2 damage like shocks": the card Shock; "my deck cracks lots of fetches and wants
            # payoffs": what the deck does with them, whose payoffs are asked for
        rewarded = {w.lower.strip(",.;:?!") for w in state.words} & _CYCLE_PAYOFF_WORDS
        if rewarded and (set(_before(state, first, 3).split()) & _PLAYS_THE_CYCLE or
                         set(_before(state, first, 3).split()) & _CYCLE_PAYOFF_WORDS):
            continue  # "i play a lot of fetch lands and want something that rewards me", "payoffs for fetch lands":
            # what rewards their use (landfall), not the lands
        if _after(state, last, 1) in _ABILITY_SUBJECTS | {"synergy", "synergies", "payoffs", "payoff"}:
            continue  # "fetch land payoffs": what rewards the cycle's use (landfall), not the lands
        if instead:
            # "budget fetchland alternatives", "alternatives to shocklands": lands doing what the cycle does, not the
            # cycle's own cards; the words still rank (a fetchland's tag), and a cycle of two-colour lands asks for
            # lands that tap for either of two colours and may enter untapped
            fixing = f" {_TWO_COLOURS} {_ENTERS_UNTAPPED_SYNTAX}" if cycle in _TWO_COLOUR_CYCLES else ""
            state.take(first, last, f"-is:{cycle} t:land{fixing}", "type", still_ranks=True)
            continue
        # (a cycle is its own kind, never the filter an empty answer is retried without: "shocklands in mono red"
        # had listed 7,823 red cards; "duals", players' word for any two-colour land, may go)
        state.take(first, last, f"is:{cycle}", "type" if cycle == "dual" else "cycle")
        if first and state.words[first - 1].lower == "untapped" and state.free(first - 1):  # "untapped duals"
            state.take(first - 1, first, _ENTERS_UNTAPPED_SYNTAX, "oracle")
    _either_cycle(state)


def _either_cycle(state: _State) -> None:
    """Two land cycles asked together ("shocks and fetches for boros") are either: one chip, ``(is:shockland or
    is:fetchland)`` (each its own chip had asked for a card of both, and none is)."""
    cycles = [chip for chip in state.chips if chip.kind in ("type", "cycle") and re.fullmatch(r"is:\w+", chip.syntax)
              and chip.syntax[3:] in _LAND_CYCLE_NAMES]
    if len(cycles) < 2:
        return
    texts = [w.text for w in state.words]
    spots = []  # where each cycle's words are, as (first word, word after the last)
    for chip in cycles:
        said = chip.words.split()
        spots += [(i, i + len(said)) for i in range(len(texts) - len(said) + 1) if texts[i: i + len(said)] == said][:1]
    first = min(state.chips.index(chip) for chip in cycles)
    for chip in cycles:
        state.chips.remove(chip)
    words = state.span(min(spots)[0], max(spots)[1]) if len(spots) == len(cycles) else cycles[0].words
    said = list(dict.fromkeys(chip.syntax for chip in cycles))  # ("creature lands / manlands": one cycle, once)
    syntax = said[0] if len(said) == 1 else "(" + " or ".join(said) + ")"
    state.chips.insert(first, Chip(words, syntax, "cycle"))


# Card layouts players name ("split cards", "MDFCs", "double-faced creatures", "vanilla creatures"): Scryfall's is:
# keywords; the noun after the layout word is read as usual ("creatures": t:creature). "flip" and "transform" only
# before a noun ("flip a coin" is no flip card).
_NOUN_AHEAD = r"(?= (?:cards?|creatures?|lands?|spells?|permanents?|commanders?)\b)"
_LAYOUT_WORDS = (  # each layout's syntax and words, tried in this order ("modal double faced" before "double faced")
    ("is:mdfc", rf"(?:modal double[- ]?faced){_NOUN_AHEAD}|mdfcs?"),  # ("mdfc" alone: no other word)
    ("is:dfc", rf"(?:double[- ]?faced|dfc|two[- ]sided){_NOUN_AHEAD}|dfcs"),
    ("is:split", rf"split{_NOUN_AHEAD}"),
    ("is:transform", rf"transform(?:ing)?{_NOUN_AHEAD}"),
    # "coin flip cards" flip coins; "flip cards off the top" reveals them
    ("is:flip", rf"(?<!coin )flip{_NOUN_AHEAD}(?! cards? (?:off|from|over|until)\b)"),
    ("is:adventure", rf"adventure{_NOUN_AHEAD}"),
    ("is:meld", rf"meld{_NOUN_AHEAD}"),
    ("is:frenchvanilla", rf"french[- ]vanilla{_NOUN_AHEAD}"),
    ("is:vanilla", rf"vanilla{_NOUN_AHEAD}"),
)
_LAYOUTS = re.compile("|".join(f"({words})" for _, words in _LAYOUT_WORDS))


def _layouts(reader: Reader, state: _State) -> None:
    """"split cards" ``is:split``, "MDFCs" ``is:mdfc``, "double faced cards" ``is:dfc``, "vanilla creatures"
    ``is:vanilla``: the layout, as Scryfall's is: keywords name it, not words to match."""
    for match, first, last in list(_matches(state, _LAYOUTS)):
        if _is_object(state, first):
            continue  # "destroy vanilla creatures"
        # (a kind of its own: a layout asked for is never the filter an empty answer is retried without; "modal
        # double faced lands in white" had dropped is:mdfc and listed 441 white lands)
        state.take(first, last, _LAYOUT_WORDS[match.lastindex - 1][0], "layout")


# Cycles of cards players call by the word their names share ("signets", "talismans", "moxen"): the names, as
# Scryfall's name search would find them, not the words (the ramp tag would answer "signets" with any rock).
_NAME_CYCLES = {"signets": r"\bsignet$", "talismans": r"^talisman of\b", "medallions": r" medallion$",
                "cameos": r" cameo$", "moxen": r"^mox ", "moxes": r"^mox ", "keyrunes": r" keyrune$",
                "cluestones": r" cluestone$", "lockets": r" locket$", "monoliths": r" monolith$",
                "spellbombs": r" spellbomb$", "panoramas": r" panorama$", "pathways": r" pathway\b",
                "pathway": r" pathway\b", "panorama": r" panorama$",  # "pathway lands": the lands read apart
                "banners": r"^(?:abzan|jeskai|sultai|mardu|temur) banner$", "obelisks": r"^obelisk of ",
                # spell and creature cycles, by the plural only ("force" and "command" are everyday words)
                "commands": r" command$", "charms": r" charm$", "confluences": r"^(?!mana confluence$).* confluence$",
                "titans": r"^(?:sun|frost|grave|inferno|primeval) titan$",
                "dragonlords": r"^dragonlord (?:ojutai|silumgar|kolaghan|atarka|dromoka)$",
                "diamonds": r"^(?:marble|sky|charcoal|fire|moss) diamond$",
                "forces": r"^force of (?:will|negation|vigor|despair|rage|virtue)$"}
# the cycles also asked for in the singular ("a talisman", "signet"), whose word is no everyday one
_SINGULAR_CYCLES = frozenset({"signet", "talisman", "medallion", "cameo", "keyrune", "cluestone", "locket", "monolith",
                              "spellbomb", "mox"})


_SWORDS = re.compile(r"swords? of x(?: and)? y|(?:the )?swords? cycle")
# a cycle's names by its word in the singular or plural ("signet", "moxen"), and the words that leave cycles out
_PLURAL_ONLY_CYCLES = frozenset({"commands", "charms", "confluences", "titans", "dragonlords", "diamonds", "forces"})
_CYCLE_FORMS = {form: pattern for word, pattern in _NAME_CYCLES.items()
                for form in ((word,) if word in _PLURAL_ONLY_CYCLES else (word, word.removesuffix("s")))} | \
    {"mox": _NAME_CYCLES["moxen"]}
_CYCLE_FORMS.pop("moxe")  # ("counterspells other than force of will" leaves out the card, not the Forces)
_CYCLE_DENIALS = frozenset({"isnt", "isn't", "not", "no", "besides", "except", "excluding", "without", "other than",
                            "is not", "aren't", "arent", "are not", "but not"})
_CYCLE_JOINERS = frozenset({"a", "an", "or", "and", "nor", "any"})  # "and" is the query language's

# Groups of cards players name as one ("the power nine", "tron lands", "eldrazi titans"): the cards, by their names,
# as what the note calls them. "tron" alone counts only as the whole request or after a format ("pauper tron"), "power
# 9" only alone or after "the" ("power 9 creatures" have power 9).
_CARD_GROUPS = (
    ("the Power Nine (Black Lotus, Ancestral Recall, Time Walk, Timetwister and the five Moxen)",
     '(!"Black Lotus" or !"Ancestral Recall" or !"Time Walk" or !"Timetwister" or '
     'name:/^mox (pearl|sapphire|jet|ruby|emerald)$/)'),
    ("the Tron lands (Urza's Tower, Urza's Mine and Urza's Power Plant)", "name:/^urza's (tower|mine|power plant)$/"),
    ("the Eldrazi titans (Emrakul, Kozilek and Ulamog)", "name:/^(emrakul|kozilek|ulamog),/ t:creature mv>=10"),
)
_GROUP_WORDS = re.compile(r"(?:the )?(?:(power nine|(?<=the )power 9|^power 9$|p9|vintage power)|"
                          r"((?:urza ?)?tron lands?|urza tron|urzatron(?: lands?)?|urza'?s? lands|tron(?= ?$))|"
                          r"(eldrazi titans?))")


def _card_groups(state: _State) -> None:
    """"the power nine", "tron lands", "eldrazi titans": the cards of the group (:data:`_CARD_GROUPS`), by name,
    with a note; read before names, so that "urza lands" is no Urza's deck."""
    for match, first, last in list(_matches(state, _GROUP_WORDS)):
        if match.group(2) == "tron" and not all(w.lower in _ALWAYS_READ_FORMATS or w.lower in FORMATS
                                                for w in state.words[:first]):
            continue  # "tron" alone: only the whole request or after a format ("pauper tron")
        name, syntax = _CARD_GROUPS[match.lastindex - 1]
        state.take(first, last, syntax, "name")
        state.notes.append(f'"{state.span(first, last)}" read as {name}')
    _denied_cycles(state)


def _denied_cycles(state: _State) -> None:
    """"a mana rock that isn't a signet or talisman", "rocks other than moxen": those cycles left out by name (read
    before names: Talisman is a card's), the rocks still asked for."""
    words, index = state.words, 0
    if not any(word.lower.strip(",") in _CYCLE_FORMS for word in words):
        return
    while index < len(words):
        size = next((size for size in (2, 1) if " ".join(w.lower for w in words[index:index + size])
                     in _CYCLE_DENIALS and all(state.free(i) for i in range(index, index + size))), 0)
        stop, last, cycles = index + size, index, []
        while size and stop < len(words) and state.free(stop):
            word = words[stop].lower.strip(",")
            if word in _CYCLE_FORMS:
                cycles.append(_CYCLE_FORMS[word])
                last = stop + 1
            elif word not in _CYCLE_JOINERS:
                break
            stop += 1
        if cycles:
            state.take(index, last, " ".join(dict.fromkeys(f"-name:/{cycle}/" for cycle in cycles)), "name")
            index = last
        else:
            index += 1


def _name_cycles(reader: Reader, state: _State) -> None:
    """"signets", "talismans", "moxen": the cycle by its names (``name:/\\bsignet$/``); "signets and talismans"
    asks for either cycle."""
    for _, first, last in list(_matches(state, _SWORDS)):  # "swords of x and y": the Swords, not Swords to Plowshares
        state.take(first, last, "name:/^sword of \\w+ and \\w+$/", "name")
    found = [index for index, word in enumerate(state.words)
             if (word.lower in _NAME_CYCLES or word.lower in _SINGULAR_CYCLES) and state.free(index)
             and not _is_object(state, index)
             and _before(state, index, 1) not in ("like", "than", "besides")]  # "rocks like signets" ask for more
    if not found:
        return
    names = [f"name:/{_CYCLE_FORMS[state.words[index].lower]}/" for index in found]
    state.take(found[0], found[0] + 1, _any_of(names), "name")
    for index in found[1:]:
        state.words[index].used = True


_AFTER_NAMES = frozenset({"", "in", "under", "with", "that", "which", "for", "from", "and", "or", "legal", "costing",
                          "of", "only", "below", "over", "at", "by", "planeswalker", "planeswalkers", "walkers", "pws",
                          "cost", "costs", "who", "to"})
# planeswalker subtypes that are everyday or game words ("all the dungeons", "wills", "masters")
_WALKER_TYPE_WORDS = frozenset({"comet", "duck", "dungeon", "equipment", "grist", "master", "monopoly", "wanderer",
                                "will", "you"})


def _walker_names(reader: Reader, state: _State) -> None:
    """"all the jaces", "chandras", "every liliana": the planeswalkers of that name, by their subtype (``t:jace``);
    "all jaces" had read as a board wipe (Soulquake), "every jace" as words."""
    names = reader._planeswalker_types - _WALKER_TYPE_WORDS
    for index, word in enumerate(state.words):
        if not state.free(index) or _is_object(state, index):
            continue
        plural = word.lower.endswith("s") and word.lower[:-1] in names
        every = _before(state, index, 1) in ("every", "all", "each") or _before(state, index, 2) in ("all the",
                                                                                                   "every single")
        # (only before the end or a joining word: "urzas tron lands", "teferis protection" are cards' names)
        if (plural or every and word.lower in names) and _after(state, index + 1, 1).strip(",.;:?!") in _AFTER_NAMES:
            first = index
            while first and state.free(first - 1) and state.words[first - 1].lower in ("all", "the", "every", "each"):
                first -= 1  # (those words ask for all of them, no board wipe)
            state.take(first, index + 1, f"t:{word.lower.removesuffix('s') if plural else word.lower}", "type")


def _aggressive(reader: Reader, state: _State) -> None:
    """"aggressive two drops", "aggro creatures in red": creatures whose power is at least their mana value
    (``pow>=mv``: no 1/4s) and no defender, the measure of an attacker's stats players use."""
    # "aggro goblins" too; not "equipment for aggro" (a few Equipment are creatures, Simian Sling: the type is a card's)
    if not any(word.lower in ("aggressive", "aggro") for word in state.words):
        return  # (the tribes' filters, checked after, are many)
    tribes = {f"t:{kind}" for kind in reader.creature_types.values() if kind not in _TYPE_WORDS}
    if not any(chip.syntax == "t:creature" or chip.syntax in tribes for chip in state.chips):
        return
    for index, word in enumerate(state.words):
        if word.lower in ("aggressive", "aggro") and state.free(index) and \
                _before(state, index, 1) not in _AGAINST_WORDS:
            # "for aggro" too: the deck's archetype; first, so that the words it ranks by read "aggressive two drops"
            word.used = True
            state.chips.insert(0, Chip(word.text, "pow>=mv -kw:defender", "stats"))
            return


def _pair_duals(reader: Reader, state: _State) -> None:
    """"dual lands for Golgari", "Izzet dual lands": with two colours named, any land that taps for just those two
    (``t:land produces>=bg produces<=bgc``: Overgrown Tomb, Woodland Cemetery, and the pain lands, which tap for
    colourless too: Llanowar Wastes), as players say it; for a deck of more colours ("dual lands for my esper
    deck"), any land that taps for just two of them (``t:land ((produces>=wu produces<=wuc) or ...)``); without
    colours, or as typed syntax, ``is:dual`` is Scryfall's ten original duals."""
    decks = {chip.syntax.split("=", 1)[1] for chip in state.chips if re.fullmatch(r"id<?=[wubrg]{2,5}", chip.syntax)}
    if len(decks) != 1:
        return
    colours = next(iter(decks))
    pairs = ["".join(pair) for pair in combinations(colours, 2)]
    lands = "t:land " + _any_of([f"(produces>={pair} produces<={pair}c)" if len(pairs) > 1 else
                                 f"produces>={pair} produces<={pair}c" for pair in pairs])
    state.chips = [Chip(chip.words, lands, chip.kind) if chip.syntax == "is:dual" else chip for chip in state.chips]


_NO_PRICES = "the card data has no prices, so cards were not filtered by price"


# words that ask about price and nothing else ("cheap" and "inexpensive" are read as a low mana value)
_PRICE_WORDS = frozenset({"budget", "budget-friendly", "affordable", "price", "prices", "priced", "pricey"})


_DEALS_DAMAGE = re.compile(r"\bdeals? (\d+) damage\b", re.IGNORECASE)


def damage_dealt(text: str | None) -> int | None:
    """The damage a card's text first says it deals, in digits (as rules text writes damage), if any; the reading of
    "better than X" and the engine's likeness (``engine.LIKE_DAMAGE_SHARE``) both read it."""
    found = _DEALS_DAMAGE.search(text or "")
    return int(found.group(1)) if found else None


def _at_least_damage(amount: int) -> str:
    """A rules-text pattern for dealing ``amount`` damage or more (X damage too): "deals? (?:[3-9]|[1-9]\\d+|x)
    damage" for 3."""
    low = f"[{amount}-9]|" if amount <= 9 else ""  # (two digits, ten or more, stand for any amount above nine)
    return f"deals? (?:{low}[1-9]\\d+|x) damage"


def _cheaper_note(name: str, value: float, at_most: bool) -> str:
    """What "cheaper" beside a card was read as, the data holding no prices."""
    if at_most:
        return (f"cheaper: the card data has no prices, and nothing but free spells costs less mana than {name}: "
                f"read as cards like it at no more mana (mv<={value:g})")
    return f"cheaper: the card data has no prices, so read as less mana than {name} (mv<{value:g})"


def _budget(reader: Reader, state: _State) -> None:
    """"budget", "affordable" ask about price, which no card store here holds: said in a note whenever they are said
    (beside a land cycle or a filter too: "budget fetchlands"), and not ranked as a word when something else is
    asked."""
    for index, word in enumerate(state.words):
        others = state.chips or state.like is not None or any(
            state.free(i) for i in range(len(state.words)) if i != index)
        said = word.lower in _PRICE_WORDS and state.free(index) or \
            word.lower == "budget" and state.like is not None and word.used  # "budget alternative to Mana Crypt"
        if said and others:
            word.used = True
        if said and not any(note.endswith(_NO_PRICES) for note in state.notes):
            state.notes.append(f"{word.lower}: {_NO_PRICES}")


# "under 2 dollars", "less than $5", "3 bucks or less": a price, never a mana value (the query language may
# have taken the "or" of "$2 or less" already)
_AMOUNT = r"\d+(?:[.,]\d+)?"
# an amount in words before its currency ("under a dollar", "less than five bucks", "a couple of dollars")
_SPOKEN_AMOUNT = r"(?:an?|one|two|three|four|five|ten|twenty|fifty|a hundred|a (?:couple|few)(?: of)?)"
_PRICE = re.compile(rf"(?:(?:under|below|less than|cheaper than|at most|max|up to|for|around|about|over|above|more "
                    rf"than) )?(?:\${_AMOUNT}|{_AMOUNT} ?\$|{_AMOUNT} (?:dollars?|bucks?|usd|euros?|eur|€|cents?|"
                    rf"tix|quid|pounds?)|{_SPOKEN_AMOUNT} (?:dollars?|bucks?|euros?|quid))"
                    rf"(?: (?:(?:or|and) )?(?:less|under|below|cheaper|lower|more|above|over))?"
                    rf"(?: each)?")


def _prices(reader: Reader, state: _State) -> None:
    """A price ("under 2 dollars", "$5 or less"), which no card store here holds: said in a note, and read as
    neither a mana value nor words to rank."""
    for _, first, last in list(_matches(state, _PRICE)):
        for word in state.words[first:last]:
            word.used = True
        state.notes.append(f"price ({state.span(first, last)}): {_NO_PRICES}")


# "cards with dragon in the name", "names that start with lightning", "every card that says flash", "cards that
# mention the monarch", "with the word treasure": a name's or the rules text's own words, as Scryfall's name: and o:
_IN_NAME = re.compile(r"(?:with|has|have|having|containing|contains?) (?:the word )?[\"']?([a-z0-9-]+)[\"']? in "
                      r"(?:(?:the|their|its) )?names?")
# "planeswalkers named nissa", "cards called something ring" (not "named after a place": no one word), "equipment
# named blade": the name's word
_NAMED = re.compile(r"(?:named|called)(?: after)? [\"']?([a-z0-9-]+)[\"']?(?= |$)(?! (?:card|cards|spell|spells)\b)")
_NAME_START = re.compile(r"(?:whose )?names? (?:that )?(?:starts?|starting|begins?|beginning) with ([a-z0-9'-]+)")
_SAYS = re.compile(r"(?:that |which )?(?:says?|mentions?|mentioning|with the words?) "
                   # not what follows a quoted phrase, which the query language reads ('the word "x" in green')
                   r"(?!my |your |our |(?:in|on|for|from|at|and|or|that|which|to|of|by|as)\b)"
                   r"([a-z0-9'+/-]+(?: [a-z0-9'+/-]+){0,3}?)"
                   # up to what the request says of the cards themselves ("cards that mention treasure in red")
                   rf"(?=$| (?:in|for) (?:(?:mono[- ]?)?{_COLOR_LIST}|my|an?|commander|edh)\b|"
                   r" (?:under|costing|below|that costs?|which costs?)\b)")


def _name_words_asked(state: _State) -> None:
    """A word asked of the cards' names ("cards with krenko in name", "planeswalkers named nissa"): ``name:krenko``,
    read before names, which would otherwise take the word for the card or the commander it begins."""
    if not any(word.lower in ("name", "names", "named", "called") for word in state.words):
        return
    for pattern in (_IN_NAME, _NAMED):
        for match, first, last in list(_matches(state, pattern)):
            if match.group(1) not in ("a", "an", "the", "after", "something", "anything"):
                state.take(first, last, f"name:{match.group(1)}", "name")


def _said_words(reader: Reader, state: _State) -> None:
    """Words the request quotes from a card's name or rules text: ``name:dragon``, ``name:/^lightning/``,
    ``o:"the monarch"``."""
    _name_words_asked(state)
    for match, first, last in list(_matches(state, _NAME_START)):
        state.take(first, last, f"name:/^{re.escape(match.group(1))}/", "name")
    for match, first, last in list(_matches(state, _SAYS)):  # what the text says still ranks (proliferate's tag)
        state.take(first, last, f'o:"{match.group(1)}"', "oracle", still_ranks=True)
        for word in state.words[first: last - len(match.group(1).split())]:  # "that says" ranks nothing
            word.protected, word.used = False, True


_KEYWORD_CARDS = 5  # a keyword on fewer cards is rather a word ("chaos": one card lists it)
_BESIDE_A_KEYWORD = _KEYWORD_SUBJECTS | _ASKING  # "myriad cards", "what cards connive": nothing more asked


def _bare_keyword(reader: Reader, state: _State) -> None:
    """A request that is one keyword or keyword action the cards list and nothing else to rank ("incubate",
    "myriad cards", "discover"): the cards with it (``kw:incubate``), as Scryfall's keyword search finds them; not a
    function's name ("scry", "mill": their tags rank the cards that do it best)."""
    content = [index for index, word in enumerate(state.words)
               if state.free(index) and word.lower not in _BESIDE_A_KEYWORD]
    if len(content) != 1:
        return
    word = state.words[content[0]].lower
    if reader.keywords[word] >= _KEYWORD_CARDS and word not in _SHORT_TAG_NAMES and word not in _TYPE_WORDS and \
            word not in _SINGLE_COLORS and word not in _EVERGREEN and \
            not any(_keyword_term(word) in chip.syntax for chip in state.chips) and \
            (len(state.words) == 1 or word not in reader.english) and \
            _before(state, content[0], 1) not in ("for", "enable", "enablers", "enabling"):
        # ("support cards for Lathril": a word; "creatures for ninjutsu": what the keyword uses, not the keyword)
        state.take(content[0], content[0] + 1, _keyword_term(word), "keyword", still_ranks=True)


# How a request to the search itself begins ("show me ...", "list ...", "search for blue flyers"): no words of what
# the cards do ("search for a land" is a tutor: an article, a number or "basic" after "search for" or "look for" keeps
# it one: "search for two basic lands")
_COMMAND = re.compile(r"(?:that|this)(?= (?:white|blue|black|red|green|colou?rless) (?:thing|card|one|spell|"
                      r"creature|enchantment|artifact)\b)|"  # "that blue thing that ...": a card half remembered
                      r"(?:please |can you |could you )?(?:show me|find me|give me|get me|list(?: all| every)?|"
                      # "find lands that make any colour", "help me find enchantments that ...": an agent's opener
                      # (a plural and what it does follow; "find a land", "find lands" alone stay tutors)
                      r"(?:help me |i need to |i want to )?"
                      r"find(?= (?:[a-z-]+ ){0,4}[a-z]+s (?:that|which|who|with|to)\b)|"
                      # an agent's "Return white creatures that create tokens ...": the answer to return, not the
                      # game's verb ("return creatures with power 2 or less from your graveyard" keeps it)
                      r"return(?= (?:[a-z-]+ ){0,4}[a-z]+s (?:that|which|who|with)\b)"
                      r"(?!.*\b(?:from|to|into|onto) (?:[a-z']+ ){0,2}(?:graveyards?|yard|gy|hands?|battlefield|"
                      r"library|play)\b)|"
                      r"(?:i'?m |i am )?looking for(?= an? )|"  # "looking for an enchantment that ...": the player
                      r"(?:(?:i'?m |i am )?(?:looking|searching)|look|search) for"
                      r"(?! an? | the | my | any | (?:up to )?(?:\d+|one|two|three|x) | basic )|search up)"
                      r"(?: all)?(?: the)?")


def _command(reader: Reader, state: _State) -> None:
    """"show me white board wipes", "list blue counterspells": the words that open a request to the search are no
    part of it; what follows is read as if it began the request (so "search for black creatures" is no tutor)."""
    _, first, last = next(_matches(state, _COMMAND), (None, -1, 0))
    if first == 0 and last < len(state.words):
        for word in state.words[:last]:
            word.used = True
        state.words = state.words[last:]  # the rules read what follows as a request of its own


# What stands before "counters" when they are a card's counters, not counterspells ("+1/+1 counters", "poison
# counters", "put counters on")
_COUNTER_KINDS = re.compile(r"^(?:[+-]\d+/[+-]\d+|[+-]?\d+|\w+ing|poison|charge|loyalty|time|lore|oil|shield|stun|"
                            r"energy|experience|age|fade|ki|level|quest|verse|page|on|put|puts|add|adds|move|more|"
                            r"remove|double|doubles|proliferate)$")
_NO_BLUE = re.compile(r"^id<=[wbrgc]+$")
# "+1/+1 counters deck", "counters deck cards in simic": a deck of counters is a +1/+1 counters deck (no one builds
# around counterspells by that name)
_COUNTERS_DECK = re.compile(r"(?:\+1/\+1 )?counters? (?:deck|decks|theme|strategy|build|list|tribal|matters?)\b")
_SPELL_COUNTER_KINDS = frozenset({"hard", "soft"})
_COUNTERED = frozenset({"spell", "spells", "magic", "target", "ability", "abilities", "it", "that", "them", "stuff",
                        "everything", "anything", "creatures", "creature", "removal",
                        "a", "an", "any", "each", "all", "the", "their", "your", "opponents", "noncreature"})


def _colored_counters(reader: Reader, state: _State) -> None:
    """"abzan counters", "green counters deck": in colours without blue, a deck's "counters" are +1/+1 counters,
    not counterspells (blue's); "blue counters", "mono blue counters" are counterspells, which blue is the colour
    of (a colour pair with blue, "simic counters", stays as written: both readings are common)."""
    colours = [chip.syntax for chip in state.chips if chip.kind == "colour"]
    if any(_NO_BLUE.match(syntax) for syntax in colours):
        meaning, why = "+1/+1 counters", "the colours asked for have no counterspells"
    elif _COUNTERS_DECK.search(" ".join(word.lower for word in state.words)):  # "counters for my +1/+1 counters deck"
        meaning, why = "+1/+1 counters", "the deck is a +1/+1 counters deck"
    elif colours and all(syntax == "id<=u" for syntax in colours):
        meaning, why = "counterspells", "blue's counters are counterspells"
    else:
        return
    for index, word in enumerate(state.words):
        if word.lower not in ("counters", "counter") or not state.free(index):
            continue
        before = _before(state, index, 1)  # the kind of counter, when said: "+1/+1", "poison"; "hard" counterspells
        said = (_COUNTER_KINDS.match(before) and not (meaning == "+1/+1 counters" and before == "more")) or \
            (meaning == "counterspells" and before in _SPELL_COUNTER_KINDS)
        moved = before in ("move", "moves", "moving", "transfer", "transfers", "remove", "removes", "removing")
        verb = before in ("that", "which", "who", "it") or _after(state, index + 1, 1) in _COUNTERED
        if not said and not moved and not verb:  # "move counters": any kind; "a card that counters a spell" counters
            _read_as(state, word, meaning, f": {why}")


# "black staples", "auto includes for green", "must have cards in blue", "broken cards in commander", "cards every
# deck should run": the cards most decks play, which no text says (the engine ranks them, see SearchEngine.search)
_STAPLES = re.compile(r"staples?|auto[- ]?includes?|auto[- ]?inclusions?|must[- ]?(?:haves?|plays?|includes?|runs?)|"
                      r"essentials?|all[- ]?stars?|power ?houses?|"
                      # plural, before what the cards are for or at the end ("top card of my library" is no staple,
                      # nor "find my best card")
                      r"(?:(?:the )?(?:best|strongest|top|most powerful|broken|busted|powerful|power|good|great|"
                      r"essential) cards)(?= (?:in|for)\b|$)|"
                      r"cards (?:that )?every (?:[a-z]+ )?deck (?:should|needs?|wants?|runs?|must|plays?)|"
                      r"(?:every|any) (?:[a-z]+ )?deck (?:should|needs?|wants?|runs?|must)(?: run| play| have)?")
_DECK_WANTS = re.compile(r"decks? (?:should|needs?|wants?|runs?|must)(?: run| play| have)?$")  # "every blue deck ..."


def _staples(reader: Reader, state: _State) -> None:
    """A request for staples: their words are read, and the engine ranks what most decks play."""
    found = list(_matches(state, _STAPLES))
    found += [(match, first, last) for match, first, last in _matches(state, _DECK_WANTS)
              if {"every", "any", "all"} & set(_before(state, first, 3).split())]
    for _, first, last in found:
        for word in state.words[first:last]:
            word.used = True
        state.staples = True


# Words at least one of which a rule's pattern cannot match without: a request with none of them skips it (the rules
# read every request, so most patterns look at requests they cannot match)
_COLOUR_NAMES = tuple(_SINGLE_COLORS)
_NEEDS: dict[int, tuple[str, ...]] = {id(pattern): needs for pattern, needs in (
    (_EMPTY_HAND, ("hand",)), (_LANDS_COUNTED, ("land",)), (_GRAVEYARD_TO_TOP, ("top",)), (_LIFE_SET, ("life",)),
    (_LIFE_SWAP, ("life",)), (_GAIN_DRAINS, ("life",)), (_LOSS_HEALS, ("life",)), (_HISTORIC, ("historic",)),
    (_VARIABLE_POWER, ("x/x", "*/*", "variable", "power", "p/t", "size", "stats")), (_LEGENDS_MATTER, ("legend",)),
    (_POWER_IS_TOUGHNESS, ("toughness",)), (_RARITY, ("mythic", "rare", "common")),
    (_COSTS_TO_ACTIVATE, ("equip", "crew")), (_BANNED, ("banned", "restricted")),
    (_UNCOUNTERABLE, ("counter",)), (_NEGATED, ("no", "isn", "aren", "without", "other than", "excluding")),
    (_NEGATED_TRIBE, ("isn", "aren", "no", "excluding", "except", "other than")),
    (_NOT_COLOR, ("no", "without", "sans", "except", "excluding", "isn", "aren", "other than", "but", "minus",
                  "avoid")),
    (_NOT_TAG, ("isn", "aren", "no", "without", "other than", "excluding", "except", "doesn", "don", "minus",
                "avoid")),
    (_LAYOUTS, ("mdfc", "dfc", "faced", "sided", "split", "transform", "flip", "adventure", "meld", "vanilla")),
    (_CYCLES, ("land", "triome", "snarl", "karoo", "duals", "shocks", "fetch")),
    (_COMMAND, ("show me", "find", "give me", "get me", "list", "look", "search", "that", "this", "return")),
    (_PRICE, ("$", "dollar", "buck", "usd", "euro", "eur", "€", "cent", "tix", "quid", "pound")),
    (_AT_MOST, ("most", "up to", "max", "or ")), (_AT_LEAST, ("least", "min", "or ", "+")),
    (_STATS, ("power", "toughness", "loyalty", "/")),
    (_CUBE, ("cube",)),
    (_SUPERLATIVES, ("biggest", "largest", "beefiest", "highest", "most powerful", "toughest", "sturdiest")),
    (_COST_SUPERLATIVES, ("lowest", "smallest", "cheapest", "highest", "biggest", "largest", "most expensive")),
    (_REDUCED_BEFORE, ("reduc", "discount", "cheapener")), (_REDUCED_MADE, ("cheaper", "less")),
    (_BASIC_TYPE_MATTERS, ("plains", "island", "swamp", "mountain", "forest")), (_STEAL_LANDS, ("land",)),
    (_PRINTED_IN, ("printed", "released", "introduced", "first seen", "the set")),
    (_LAND_TYPE_MATTERS, ("desert", "gate", "cave")), (_FROM_EVERYTHING, ("everything",)), (_DAMAGE_NAMED, ("damage",)),
    (_COLOUR_HATE, _COLOUR_NAMES), (_DEVOTION, ("devotion",)), (_HEAVY_PIPS, _COLOUR_NAMES), (_HYBRID, ("hybrid",)),
    (_DECK_THEME_COLORS, ("my",)), (_OTHER_COLOURS, ("colo",)),
    (_TRIBAL_LANDS, ("land",)), (_DONATE, ("donat", "give")), (_COMMANDER_MATTERS, ("commander", "lieutenant")),
    (_LIFE_COST, ("life",)), (_EMPTY_LIBRARY_WIN, ("empty",)), (_LOW_LIFE, ("life",)),
    (_DEFENDERS_ATTACK, ("defender", "wall")), (_DEFENDER_PAYOFF, ("defender", "wall")), (_REMOVAL_TOKEN, ("token",)),
    (_CREATURE_CAST, ("creature",)), (_ON_A_BODY, ("bod",)), (_COIN_FLIPS, ("coin",)), (_CANT_LOSE, ("los",)),
    (_PHYREXIAN, ("phyrexian",)), (_LIFE_FOR_MANA, ("life",)), (_PITCH, ("pitch",)),
    (_PACTS, ("pact",)), (_TUTOR_TO_PLAY, ("tutor",)),
    (_ACTION_PAYOFFS, ("scry", "surveil", "explor", "conniv", "ventur", "dungeon", "morph", "exert")),
    (_UNBLOCKABLE_CREATURES, ("block",)), (_ENTERS_UNTAPPED, ("tapped",)), (_EVASIVE_CREATURES, ("evasive",)),
    (_TWO_LANDS, ("2", "two")), (_LANDS_UNTAPPED, ("untapped",)))}

# Words before a lone letter that make it no colour ("let u draw", "cards for u", "plan b")
_NOT_BEFORE_A_COLOUR_LETTER = frozenset({"let", "lets", "can", "do", "will", "would", "should", "if", "make", "give",
                                         "help", "tell", "show", "for", "to", "thank", "thanks", "see", "plan", "and",
                                         "or", "when", "u", "you", "i"})


def _colour_letters(reader: Reader, state: _State) -> None:
    """"rituals b", "pw removal r instant", "fogs g edh", "cantrips u 1 drop": a lone colour letter closing the request,
    or before only words read already, is that colour (``id<=b``), as chat writes it; "let u draw" is "you". A
    capital letter opening the request before what cards do or are ("W removal", "G ramp", "B tutors") is too."""
    for index, word in enumerate(state.words):
        if not state.free(index) or word.lower not in _SINGLE_COLORS.values():
            continue
        if index == 0:
            # (lower case too, but for "u", which chat writes for "you": "g flyer hate", "w enchantment removal", "r
            # card draw" had read no colour)
            if len(word.text) != 1 or not (word.text.isupper() or word.lower in "wbrg") or not any(
                    following in _TAG_WORDS or following.removesuffix("s") in _TAG_WORDS or following in _TYPE_WORDS
                    or following in ("board", "card", "mana", "cheap", "flyer", "flyers", "kill")
                    for following in (w.lower for w in state.words[1:3])):
                continue
        elif _before(state, index, 1) in _NOT_BEFORE_A_COLOUR_LETTER or \
                not all(w.used or not w.lower for w in state.words[index + 1:]):
            continue
        state.take(index, index + 1, f"id<={word.lower}", "colour")


_RULES = (_command, _second_commander, _said_words, _printed_in, _produces, _other_colours, _like_for_a_type,
          _deck_colors, _formats, _rarities, _reserved, _prices, _table_burn,
          _partners, _superlatives, _stats, _x_costs, _land_cycles, _layouts, _name_cycles, _walker_names, _mana_made,
          _keyword_bounds, _mana_value, _weenies, _reanimation_targets, _negated_colors, _keyword_tokens,
          _keyword_amounts, _has_keywords,
          _pro_creatures, _colour_text, _trailing_kind,
          _colors, _commanders_identity, _color_codes, _negated_types, _one_sided, _denied_actions, _negated_tags,
          _speed_and_flyers,
          _cost_reducers_for, _rules_text_words, _repeatable, _game_changers, _protected_from, _hard_to_kill,
          _activation_costs, _kindred, _function_for_a_theme, _types, _made_types, _made_stats, _named_tokens,
          _game_terms, _creature_types,
          _aggressive, _pair_duals, _budget, _colored_counters, _colour_letters, _deck_synergy, _bare_keyword,
          _staples)

__all__ = ["Chip", "Reader", "Reading"]


def unquoted_name(db: CardDB, first: str, query: str) -> str | None:
    """The card a ``!first`` typed without quotes names with the words after it in ``query`` ("!lightning bolt"),
    if any."""
    after = re.search(rf"!{re.escape(first)}((?: [^\s:<>=!()\"]+){{1,{MAX_NAME_WORDS}}})", query)
    words = after.group(1).split() if after else []
    for size in range(len(words), 0, -1):
        row = db.names.find(" ".join([first, *words[:size]]))
        if row is not None:
            return db.columns.name[row]
    return None
