"""Ranking by function tags: which tags a query asks for, and how directly each card performs them.

A query is matched to tags through their phrasings and descriptions, by words (every word of a phrasing is in
the query) and by meaning (cosine of the encoder's embeddings: MiniLM's precomputed and shipped). Cards carrying
a matched tag are ordered "direct answers first" (see :func:`directness`) and that order joins the fusion of
rankers, with weights of each encoder's own (:class:`Weights`).
"""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from pathlib import Path

import numpy as np
import re2
import Stemmer

from grimoire.search.literals import finder, required_parts
from grimoire.search.query import COLOR_NAMES
from grimoire.search.slang import (
    BEATEN_BY,
    LOSES_TO,
    PLAYER_BY,
    PLAYER_OF,
    THEIRS_BY_PLACE,
    answers_what_follows,
    complains_of_a_card,
)
from grimoire.search.tags import DIRECT, NUMBER_WORDS, TAG_INDEX, TAG_OPPOSES, TAG_PARENTS, TAGS, TRIGGERED

TAG_VECTORS_FILE = Path(__file__).resolve().parent.parent / "data" / "tag_vectors.npz"
MEANING_THRESHOLD = 0.62  # MiniLM's cosine below which a phrasing is not what the query asks for (see Weights)
MIN_WEIGHT = 0.5
MEANING_SHARE = 0.8  # a tag found by meaning only counts when nearly as strong as the best match
MAX_TAGS = 3
GIVEN_TAG_WEIGHT = 0.5  # weight of a tag the caller names (a combo need's), not matched from the query's words
TAG_K = 10  # reciprocal-rank constant of a tag's list: steeper than the rankers' 60, so direct answers lead
RELEVANCE_MIX = 0.35  # how much the other rankers' fused score reorders the cards of a matched tag (MiniLM's)

# Rules-text templating: a query written like oracle text ("put -1/-1 counters on target creature") asks for
# those words, so its tags only nudge the ranking instead of leading it. Words only rules text uses ("target",
# "you control", a comma) say so alone; words players use too ("return an instant to my hand", "steal a creature
# until end of turn", "burn that hits each opponent") only two together ("each opponent loses 1 life and you gain
# 1 life", "return it to the battlefield until end of turn").
_TEMPLATING = re.compile(
    r"\b(?:(?<!any )(?<!impossible to )(?<!hard to )(?<!n't )(?<!nt )(?<!not )(?<!non-)(?<!non )(?<!un)target|"
    r"you control|your (?:graveyard|hand|library)|"
    r"whenever (?:a|an|another|one|you cast|you gain|~)|search your library|~)\b"
)
# Rules text is written in sentences ("as an additional cost to cast this spell, sacrifice a creature"), so a comma
# or full stop is templating too, unless the player speaks in their own voice, which rules text never does ("my
# commander keeps dying, help", "my opponents always have big creatures, what can i do")
_PUNCTUATION = re.compile(r"[,.]")
_OWN_VOICE = re.compile(r"\b(?:i|i'm|im|i've|ive|me|my|mine|we|us|our|need|needs|help|want|wants|please|"
                        r"looking|suggest\w*|recommend\w*|what|how)\b")
_TEMPLATING_WEAK = re.compile(r"\b(?:then|put|return|enters|until end of turn|a card|each (?:opponent|player)|"
                              r"you gain|loses? \d+ life)\b")
LITERAL_FACTOR = 0.25
DIGITAL_WEIGHT = 0.5  # a digital-only card's share of its score, unless the request asks for digital cards
_DIGITAL_ASK = re.compile(r"\b(?:digital|arena|alchemy|mtga|historic brawl|conjur\w*|perpetual\w*|seek\w*|"
                          r"spellbooks?|intensity)\b", re.IGNORECASE)
# "removal for my aristocrats deck", "anthems for tokens": what follows "for" names the deck's theme, not the function
# asked for. The words before it choose the tags; a tag the theme's own words name joins at THEME_WEIGHT, so that
# the asked function's cards that also suit the theme lead. Written from how players word deck requests, not from
# any query set; "for" an object ("protection for my commander", "tutor for a creature") is left alone: only a
# clause ending in "deck" (or "build", "list", ...) or naming an archetype is a theme.
_FOR = re.compile(r"\bfor\b", re.IGNORECASE)
_THEME_DECK = re.compile(r"(?P<theme>\S.*?)\s+(?:decks?|builds?|lists?|brews?|piles?|shells?|strateg(?:y|ies)|"
                         r"archetypes?)\W*", re.IGNORECASE)
_THEME_ARCHETYPE = re.compile(
    r"(?:(?:my|a|an|the|our|your)\s+)?(?P<theme>tokens?|go[- ]?wide|aristocrats?|spellslingers?|spells ?matter|"
    r"voltron|control|tempo|combo|storm|landfall|reanimator|reanimation|superfriends|enchantress|lifegain|"
    r"life ?gain|blink|flicker|stax|aggro|group ?hug|pillow ?fort|self[- ]?mill|mill|infect|poison|toxic)\W*",
    re.IGNORECASE)
# "my reanimator deck needs discard outlets": the theme can come first too, the function after "needs", "wants"...
_THEME_FIRST = re.compile(
    r"\s*(?:(?:my|our|a|the)\s+)?(?P<theme>\S.{0,60}?)\s+(?:decks?|builds?|lists?|strateg(?:y|ies))\s+"
    r"(?:really\s+|still\s+|also\s+)?(?:needs?|wants?|could use|lacks?|is missing|is lacking|requires?)\s+"
    r"(?P<head>\S.*)", re.IGNORECASE)
# "my simic ramp deck can't remove enchantments", "my enchantress deck has zero removal": the deck's theme, then what
# it lacks, said as a complaint whose words stay ("can't remove" asks for removal); a weakness ("is weak to board
# wipes") names what beats the deck, not what it is asked for (the whole request reads it)
_THEME_COMPLAINT = re.compile(
    r"\s*(?:(?:my|our|a|the)\s+)?(?P<theme>\S.{0,60}?)\s+(?:decks?|builds?|lists?)\s+"
    r"(?P<head>(?:really\s+|still\s+|just\s+|always\s+|never\s+)?(?:can'?t|cannot|can not|has no|has zero|"
    r"has nothing|doesn'?t have|does not have)\b.*)", re.IGNORECASE)
# "my deck is too slow, need cheap interaction": a clause about the deck, then what it needs after a stop
# (or, after a complaint, "and i", "so i", "i" with no stop: "opponents go wide and i need a wipe"), or asks which
# cards after a stop ("my opponents keep going wide, what sweeper should i run")
_NEED_CLAUSE = re.compile(
    r"\s*(?P<theme>\S.{2,80}?)(?:\s*[,;.!]\s*(?:so\s+|and\s+|but\s+)?(?:i\s+|we\s+|it\s+)?|"
    r"(?P<bare>\s+(?:(?:and|so|but)\s+)?(?:i|we)\s+))(?:really\s+|still\s+|also\s+)?"
    r"(?:(?:needs?|wants?|could use|(?:am|'m|are|'re) looking for)\s+|(?<=[\s,;.!])(?=(?:what|which)\s+"
    r"(?:[\w-]+\s+){1,3}?(?:should|could|would|can|do)\s+(?:i|we)\s+(?:run|play|use|add|get|try)\b))"
    r"(?P<head>\S.*)", re.IGNORECASE)
# what is asked, said as the answer to what came before ("punish that", "shut it down", "deal with them")
_ANSWERS_IT = re.compile(r"\b(?:punish\w*|stop\w*|beat\w*|answer\w*|counter\w*|shut\w* down|hate on|deal\w* with|"
                         r"handl\w*|fight\w*|hos\w*|interact\w* with) (?:that|it|this|them|those|these)\b")
# "building a zombie deck, what removal should i run", "i'm brewing an elf deck and need card draw": the deck the
# player is making, then what it needs
_BUILDING_DECK = re.compile(
    r"\s*(?:(?:i|we)\s*(?:'?m|am|'?re|are)?\s+)?(?:building|making|brewing|playing|running|working on|putting together)"
    r"\s+(?:an?|my|our|the)\s+(?P<theme>\S.{0,60}?)\s+(?:decks?|builds?|lists?)\s*[,;.!]?\s*(?:and\s+|so\s+|but\s+)?"
    r"(?:i\s+|we\s+|it\s+)?(?:really\s+|still\s+|also\s+)?(?:needs?\s+|wants?\s+|could use\s+|"
    r"(?:am\s+|'m\s+)?looking for\s+)?(?P<head>\S.*)", re.IGNORECASE)
# a tribe the player's creatures are: "card draw for my elves", "ramp for dragon tribal", "my zombies need sac outlets"
# (the last word a creature type the store knows, see theme_split's ``tribes``)
_THEME_TRIBE = re.compile(r"(?:(?P<own>my|our)\s+|(?:an?|the)\s+)?(?P<theme>(?:tribal\s+|kindred\s+)?[a-z'-]+"
                          r"(?:\s+(?:tribal|kindred|tribe|typal))?)\W*", re.IGNORECASE)
_TRIBE_FIRST = re.compile(
    r"\s*(?:my|our)\s+(?P<theme>[a-z'-]+)\s+(?:really\s+|still\s+|also\s+)?"
    r"(?:needs?|wants?|could use|lacks?|are missing|are lacking|require)\s+(?P<head>\S.*)", re.IGNORECASE)
_TRIBAL_WORDS = frozenset(("tribal", "kindred", "tribe", "typal"))
# words after a type that ask for the type's cards or its deck as a whole, or say what the type does: no need of its
# deck ("vampire tribal", "food tokens", "elf that makes mana")
_NO_NEED = frozenset({"tribal", "typal", "kindred", "tribe", "deck", "decks", "edh", "commander", "commanders", "card",
                      "cards", "creature", "creatures", "lord", "lords", "list", "lists", "build", "builds", "token",
                      "tokens", "payoff", "payoffs", "synergy", "support", "staples", "package", "theme", "matters",
                      "that", "which", "who", "with", "without", "and", "or", "for", "in", "of", "is", "are", "to",
                      "from", "like", "but", "deckbuilding",
                      # what is done to the type's cards ("dragon copies" for Miirym copy Dragons, "elf hate")
                      "copies", "copy", "clone", "clones", "hate", "hoser", "hosers",
                      # a size said before what the cards are ("giant monsters with trample": huge, no Giants)
                      "monsters", "monster", "guys", "dudes", "beasts", "things", "stuff"})
_TRIBE_LEAD = re.compile(r"(?P<before>\s*(?:(?:cheap|good|best|budget|some|more|top|great)\s+)*)(?P<theme>[a-z]+)\s+"
                         r"(?P<head>[a-z].*)", re.IGNORECASE)
THEME_ARCHETYPES = _THEME_ARCHETYPE.pattern  # the archetypes' words (the spelling checker knows them)
THEME_MAX_CHARS = 80  # a deck's theme is a few words: a longer tail after the last "for" is read as it stands
THEME_WEIGHT = 0.3
THEME_MATCH = 0.9  # a theme is a tag's phrasing nearly whole ("aristocrats", "go wide"), not one word of it ("control")
UNKNOWN_WORD_SHARE = 0.5
SECOND_SHARE = 0.2  # share of a query's word weight a first tag must leave unexplained for a second one
PHRASING_COVERAGE = 0.6  # share of a phrasing's word weight a query must hold for a match by words
_STOPWORDS = frozenset(
    "a an the that this these those for my our of to and or with card cards me i some any good best great in on "
    "at deck decks effect effects which what who can do does it its them their they is are be you your want need "
    "looking find show give get like from by as so very please way ways every own want something stuff thing "
    "specific kind sort everything anything lots lot really just also wo let lets bunch ton tons help helps "
    "things list recommendations recommendation recommend suggest suggestions ideas needs wants there have has had "
    "having trouble troubles problem problems issue issues struggle struggles struggling strongest strong powerful "
    "tier efficient most greatest optimal premium staple staples whatever "
    # the other forms of the verbs above, which their stems would otherwise keep ("gets bigger" is "get bigger")
    "gets getting gives giving finds finding needed needing likes wanted wanting "
    # chat ("gimme some cheap counters", "yo what's good")
    "gimme lemme wanna gotta gonna yo pls plz hey hi hello thanks thx lol idk tbh ok okay "
    # a question's opening with its verb joined on ("what's the best 1 mana green ramp?" reads as "what is"), and
    # "how" ("how to beat blue": the words left beside the hate read)
    "whats theres how "
    # the player's own story ("I'm building a Kaalia deck and need ramp")
    "im ive build builds building built "
    # what the deck lacks, said of it ("list missing a few cheap counters", "my deck is lacking draw")
    "missing lacking lacks few couple "
    # "creature based ramp", "land-based ramp": what the ramp is made of
    "based "
    # how the player rates what is asked, not what it does ("hidden gems for my elf deck", "underrated removal")
    "hidden gem gems underrated overlooked sleeper sleepers "
    # a permanent already in play ("i can't answer a resolved planeswalker": one on the battlefield)
    "resolved".split()
)
# "my commander keeps getting killed", "my creatures keep dying": what asks for protecting them; not the player's own
# dying ("i keep dying to fliers", "we die to combat damage": what kills them is to be beaten, slang.LOSES_TO)
_NOT_THE_PLAYER = "".join(rf"(?<!\b{who} {how})" for who in ("i", "we") for how in ("", "just ", "always ", "keep "))
_KEEPS_DYING = re.compile(rf"\b(?:{_NOT_THE_PLAYER}(?:keeps?|kept) (?:getting |being )?"
                          r"(?:killed|removed|destroyed|exiled|dying|blown up|murdered|(?:board[- ]?)?wiped|wrathed|"
                          r"swept)|"
                          # "I keep getting my creatures killed", "I keep having my commander removed"
                          r"(?:keeps?|kept) (?:getting|having) (?:my|our) (?:[\w'-]+ ){1,3}?"
                          r"(?:killed|removed|destroyed|exiled)|"
                          rf"{_NOT_THE_PLAYER}(?:die|dies|dying)(?= to\b)|"  # "my creatures die to board wipes"
                          # "my commander dies too often", "gets killed too easily"
                          r"(?:(?:die|dies|dying)|(?:gets?|getting) (?:killed|removed|destroyed|exiled|"
                          r"(?:board[- ]?)?wiped|wrathed|swept))"
                          r"(?= (?:too|so) (?:often|much|fast|quickly|easily|early)\b|"
                          # "gets removed every turn", "my board gets wiped every other turn"
                          r" (?:every|each) (?:other |single )?(?:turn|game|time|round)\b))\b")
# "protect my creatures from removal", "my creatures keep dying to removal": what follows "from" (or "dying to") is
# what the card guards against, not a function asked for; "return creatures from the graveyard" guards nothing
_GUARD_VERBS = r"protect\w*|sav(?:e|es|ing)|shield\w*|guard\w*|defend\w*"  # what keeps something safe
_GUARDED = re.compile(rf"\b(?:{_GUARD_VERBS}|safe|hexproof|immun\w*)\b"
                      rf".*?\b(?:from|against)\b|{_KEEPS_DYING.pattern}(?: (?:to|by))?\b")
# Likewise what a card is to leave alone ("board wipes that don't hit artifacts", "wraths that spare my creatures",
# "sweepers that leave my creatures alive"),
# which says which cards, not a function: it weighs nothing beside the function's words
_SPARED = re.compile(r"\b(?:spar(?:e|es|ing)|without(?! (?:pay|cast|spend|tap|sacrific))|"
                     r"(?:do|does|did|will|would|wo)(?:n['’]?t| not) (?:hit|destroy|kill|"
                     r"affect|touch|exile|damage|harm)|leav(?:e|es|ing)(?= (?:[\w'’]+ ){1,4}(?:alive|alone|untouched|"
                     r"standing|intact|be)\b)|"
                     # "sweepers that leave lands", "a wipe that leaves my artifacts": what stays (not "leave the
                     # battlefield", "leave tokens behind")
                     r"leav(?:e|es|ing)(?= (?:my |our |the |all )?(?:lands?|artifacts?|enchantments?|planeswalkers?)\b"
                     r"(?! behind)))\b")
# A request for what beats a strategy ("answers to reanimator decks", "how to beat token decks", "cards against
# lifegain"): the words after it name what is to be stopped, so a hate tag that stops it is what is asked for
_AGAINST = re.compile(r"\b(?:answers? (?:(?:do|can|could|would|should) (?:i|we|you) (?:have|use|run|play) )?"
                      r"(?:to|for)|removal for|beat(?:s|ing)?|against|deal(?:s|ing)? with|"
                      r"hate (?:for|against|on|vs\.?|versus)"
                      r"|hos(?:e|es|ers?|ing)(?: for| against| vs\.?| versus)?|stop(?:s|ping)?|shut(?:s|ting)? down"
                      r"|do about|handl(?:e|es|ing)|anti(?=[- ])|(?:get|gets|getting|got|work|works|working) around"
                      r"|(?:work|works|working) (?:on|against)"
                      # "cards that punish opponents for gaining life": what is punished is to be stopped (drawing,
                      # casting have punisher tags of their own)
                      r"|punish(?:es|ing)? (?:\w+ ){0,2}?for (?=gain\w* life|lifegain|life ?gain)"
                      # "cards that punish fetchlands": the searching they do (they had ranked the fetch lands)
                      r"|punish(?:es|ing)? (?=(?:opponents'? |their )?fetch(?:es|ing|[- ]?lands?)\b)"
                      # "keep my opponents from gaining life", "prevent them from drawing": what is to be stopped
                      # (not "creatures that keep coming back from the graveyard")
                      r"|(?:keep|keeps|keeping|prevent|prevents|preventing) (?!\w+ing\b)(?:[\w'’]+ ){1,3}?from"
                      # "protect my enchantments from enchantment removal": what they are kept safe from
                      rf"|(?:{_GUARD_VERBS})(?: [\w'’]+){{0,3}}? from"
                      rf"|{LOSES_TO})\b(.+)")
# "destroy every creature", "bounce every nonland permanent": "every" of a kind of permanent is the sweepers' "all"
_EVERY = re.compile(r"\bevery (?=(?:single )?(?:non-?\w+ )?(?:creature|artifact|enchantment|planeswalker|permanent|"
                    r"land|token|card)\b)")
_HATE_HEAD = re.compile(r"\b(?:hate|hosers?)\s*$")
# "storm hate", "token hosers": the words before name what is to be stopped
_HATE_AFTER = re.compile(r"\b((?:[\w-]+ ){1,3}?)(?:hate|hosers?)\b")
# what a complaint is said by, tried in this order: a player at the table and their plan, what beats the player, what
# is theirs by where it is, an answer asked for, what a hate card stops
_COMPLAINTS = (PLAYER_OF, PLAYER_BY, BEATEN_BY, THEIRS_BY_PLACE, _AGAINST, _HATE_AFTER)
_CANNOT = re.compile(r"\bcan['’]?t\b")
_NEGATION = re.compile(r"n['’]t\b")  # "don't", "doesn't", "won't" all say "not"
# "whenever I want", "any time you like": the idiom says "at will", not a trigger ("whenever a creature dies")
_AT_WILL = re.compile(r"\b(?:whenever|any ?time|when(?:ever)?) (?:i|you|we) (?:want|like|choose|please|wish)\b")
_AT_ONCE = re.compile(r"\b(?:all )?at once\b")  # "draw a bunch of cards at once": how much, not which function
# "mana sinks for the late game", "early game ramp": when in a game the card is played, not which function
_GAME_STAGE = re.compile(r"\b(?:(?:in|for|during|into) (?:the )?)?(?:early|late|mid|end)[- ]?game\b")
# "burn that hits any target", "removal that hits artifacts": "hits" only joins a function to what it acts on
# (what is hit stays: "creatures that hit a player" is a combat damage trigger); "only" before a size says which
# ones, no one-sided sweeper ("sweepers that only hit small creatures"; "only hits their creatures" is one-sided)
_SMALL = "small|little|tiny|weak"
_HITS = re.compile(rf"\b(?:can |that |which |to )?(?:only (?=hits? (?:{_SMALL}) ))?hit(?:s|ting)?\b(?= (?:(?:any|all|"
                   rf"every|each|multiple|both|two|three|the|their|opposing|{_SMALL}) )?(?:target|creatures?|"
                   r"artifacts?|enchantments?|planeswalkers?|permanents?|lands?|anything|everything|things|stuff)\b)")
# "cards that care about lands", "cares about counters": players' "lands matter", as the payoff tags phrase it
# "cards that count artifacts", too: what they reward is what matters
_CARES_ABOUT = re.compile(r"\b(?:cares?|caring) (?:about|for)\b|"
                          r"\bcount(?:s|ing)?(?: the number of| how many)?(?= [a-z]+s\b)")
# What players say, rewritten as the tags' phrasings say it before the words are stemmed, in this order
_FATTIES = re.compile(r"\bfatt(?:y|ies)\b")  # players' word for big creatures ("kill spells for fatties")
_OUT_OF_MANA = re.compile(r"\b(?:run(?:s|ning)? out of|(?:short|low) on) mana\b|"  # the phrasings' "not enough mana"
                          # "i can never cast my big spells": too little mana for them
                          r"\b(?:can'?t|cannot|never|can never|unable to|struggle to|hard to)(?: ever)? "
                          r"(?:cast|get out|play|afford|reach) (?:my |our |its |the )?"
                          r"(?:big|bigger|biggest|expensive|fat|huge|top[- ]end|high[- ]end|late[- ]game)(?: \w+)?\b")
_EMPTY_HAND = re.compile(r"\b(?:hand|grip) empties\b")  # "my hand empties too fast": the phrasings' "hand is empty"
# "too fast", "too often": how much, not which function ("my commander dies too often" once read as protecting)
_TOO_MUCH = re.compile(r"\btoo (?:fast|often|quickly|easily|early)\b|\btop[- ]tier\b")  # and how good: "top tier"
_COMMANDER_TAX = re.compile(r"\bcommander tax\b")  # what a commander costs again: no tax effect (stax)
# "I keep running out of creatures to sacrifice": fodder for the outlets (token-maker's phrasing), no card draw
_OUT_OF_FODDER = re.compile(r"\b(?:run(?:s|ning)?|ran|am|are|'m|'re) out of (?:creatures|things|bodies|fodder|stuff|"
                            r"guys|dudes|tokens|permanents) to (?:sac|sacrifice|sack)\w*\b")
_OUT_OF_STEAM = re.compile(r"\bout of steam\b")  # "my deck runs out of steam": out of gas, as the phrasings say
# "fetch any card", "find my wincon", "tutor for my combo pieces": a card from the library, as the tutors' phrasings
# say it (not a fetch land, nor an alternative win; "fetch a land" and "find an artifact" keep their words, and so
# do "find cards that ...", a search asked of us, and "anti-tutor cards")
_FETCH_CARD = re.compile(r"(?<![\w-])(?:fetch(?:es|ing)?|find(?:s|ing)?|grab(?:s|bing)?|snag(?:s|ging)?|"
                         r"tutor(?:s|ing)? (?:for|up)|"
                         r"dig(?:s|ging)? for(?: exactly)?)"
                         r"(?: (?:up|out|me))? (?:(?:my|a|an|any|the|your|one|whatever|that) )?"
                         r"(?:(?:single|specific|particular|key|one|right|missing|last|best) )?"
                         r"(?:cards?|win ?cons?|win conditions?|pieces? of (?:the|my) combo)\b"
                         r"(?! (?:that|which|who|with|for|to|like|in|from (?:my|the|your) graveyard)\b)")
_FETCH_COMBO = re.compile(r"(?<![\w-])(?:fetch|grab|tutor for)(?=(?: (?:my|the|a|all|every))? combo\b)")
# "draw an extra card during my draw step", "an extra draw step": the phrasings' "each turn", "extra draw" ("skip
# your draw step" keeps its words)
_DURING_DRAW = re.compile(r"\b(?:during|in|on|at|each|every) (?:my |your |each |the |every |their )?draw steps?\b")
_EXTRA_DRAW = re.compile(r"\b(extra|additional) draw steps?\b")
# "cards that make opponents attack each other", "forced combat": what the goad phrasings call forcing attacks
# ("creatures that fight each other" are the fight tag's)
_EACH_OTHER = re.compile(r"\b(?:attack|kill|hit)(?:s|ing)? each other\b|\bforced? combat\b|"
                         r"\b(?:opponents|players|everyone|everybody|the table) (?:to )?fight each other\b")
# "what do i do with a lot of mana", "mana sinks for leftover mana": the phrasings' "too much mana"
_MUCH_MANA = re.compile(r"\b(?:(?<=with )(?:a lot of|lots of|tons of|so much|all (?:my|this|that|the)|my extra)|"
                        r"excess|leftover|spare|unused) mana\b")
# "put creatures from hand into play": players' word for the battlefield, as card text and most phrasings say it
_INTO_PLAY = re.compile(r"\b(?:into|onto) play\b")
# "wipe the board except my stuff", "everything but my creatures": what the one-sided phrasings say, "except mine"
_EXCEPT_MINE = re.compile(r"\b(?:except|other than|(?<=everything )but|(?<=all )but) (?:for )?(?:my own|my|mine|our)"
                          r"(?: (?:stuff|creatures?|guys|dudes|board|side|team|things|permanents|army))?\b")
# "kill everything on the table", "bring back everything that died": every creature, as the phrasings say "all"
_EVERYTHING = re.compile(r"\b(kill|destroy|wipe|exile|nuke|sweep|bounce|return|back|send)(s|ed|ing)? everything\b")
# players' creatures ("make my guys bigger", "protect my dudes"), as the phrasings call them
_GUYS = re.compile(r"\b(?:guys|dudes|fellas|critters|monsters|minions|beaters|bodies)\b")
_GUY = re.compile(r"\b(?:guy|dude|critter|monster|minion|beater)\b")
# players' words for zones, opponents and dying, as the phrasings say them (search/slang.py adds the same to the
# rankers' words): "refill my grip", "out of the bin", "rivals", "when my guys kick the bucket"
_PLAYER_WORDS = ((re.compile(r"\bgrips?\b"), "hand"),
                 (re.compile(r"\bpws?\b"), "planeswalker"),  # "pw removal", "protect my pws"
                 # "stop creatures from attacking me": the player kept safe (Propaganda, Ghostly Prison), not one
                 # creature pacified
                 (re.compile(r"\b(?:stop|keep|prevent)\w* (?:\w+ ){0,3}?from attacking (?:me|us|my planeswalkers)\b|"
                             r"\b(?:can'?t|cannot) attack (?:me|us)\b"), "pillowfort"),
                 # cEDH's "t1 accel": what the reading's fast mana costs (mv<=1), in the ramp tag's words
                 (re.compile(r"\b(?:t1|turn (?:1|one)) (?:accel\w*|ramp|mana)\b|\baccel(?:eration)?\b"),
                  "fast mana"),
                 (re.compile(r"\b(?:the|my|your|their|a) (?:bin|yard|gy)\b|\bdiscard pile\b"), "the graveyard"),
                 (re.compile(r"\brivals?\b"), "opponents"),
                 # "juice up my whole squad", "swing twice", "ditch a card", "sack a dude", "nuke the board"
                 (re.compile(r"\b(?:squad|posse|troops)\b"), "team"),
                 (re.compile(r"\b(?:juic|beef)(?:e|es|ed|ing|s)? up\b"), "pump"),
                 (re.compile(r"\bswing(?:s|ing)?\b"), "attack"),
                 (re.compile(r"\bditch(?:es|ed|ing)?\b"), "discard"),
                 (re.compile(r"\bsack(?:s|ed|ing)?\b"), "sacrifice"),
                 (re.compile(r"\bnuk(?:e|es|ed|ing) (?:the |their |whole )*(?:table|board|battlefield|field)\b"),
                  "wipe the board"),
                 (re.compile(r"\bnuk(?:e|es|ed|ing)\b|\btorch(?:es|ed|ing)?\b"), "destroy"),
                 (re.compile(r"\b(?:kick(?:s|ed)? the bucket|bit(?:e|es)? the dust)\b"), "die"))
# "make my guys impossible to block", "hit through blockers": unblockable, evasion ("unable to block" is no such)
_HARD_TO_BLOCK = ((re.compile(r"\bimpossible to block\b"), "unblockable"),
                  (re.compile(r"\b(?:(?:through|past|around|over)|(?:dodg|evad|avoid|slip)\w*(?: past)?) "
                              r"(?:their |the |any )?blockers\b"), "evasion"))
# "make a bunch of 1/1s": tokens of that size, when made ("2/2s for 2" are creatures)
_SIZED_TOKENS = re.compile(r"\b((?:make|makes|making|create|creates|creating|spit out|pump out)\b(?: [a-z]+){0,4}? "
                           r"\d+/\d+)s\b")
# "turn their creature into a frog": what Pongify and Kenrith's Transformation do, removal of a creature
_FROG = re.compile(r"\bturn(?:s|ing)? (?:\w+ ){0,2}(?:creature|commander|guy|threat|dude|blocker|attacker)s? into "
                   r"(?:an? )?(?:frog|elk|toad|ape|lizard|sheep|squirrel|newt|beast|\d/\d)s?\b")
# How long an effect lasts, when the request says it: "for good" asks for the lasting kin of a tag whose effect
# ends with the turn, "this turn" for the passing kin of a lasting one (_swapped)
_FOR_GOOD = re.compile(r"\b(?:for good|permanently|forever|for keeps|for the rest of the game)\b")
_THIS_TURN = re.compile(r"\b(?:for (?:one|a|the|this) turn|this turn|until (?:the )?end of (?:the )?turn|until eot|"
                        r"temporar(?:y|ily))\b")
_LASTING = {TAG_INDEX[passing]: TAG_INDEX[lasting] for passing, lasting in (
    ("pump", "plus-one-counters"), ("shrink", "minus-one-counters"), ("threaten", "steal"), ("overrun", "anthem"))}
_PASSING = {lasting: passing for passing, lasting in _LASTING.items()}
# "ways to discard my own creatures", "let me discard cards": the player's own discarding is an outlet's, not the
# hand attack that makes a player discard
_SELF_DISCARD = re.compile(r"\bdiscard(?:s|ing)? (?:(?:some|one|a few|all) of )?(?:my|our)\b|"
                           r"\b(?:let|lets|make|makes|help|helps) (?:me|us) discard\b|"
                           r"\b(?:i|we) (?:can|could|want to|need to|get to) discard\b")
_TO_OUTLET = {TAG_INDEX["discard"]: TAG_INDEX["discard-outlet"]}
# "make my creature huge for one turn", "pump one creature": a pump spell for one creature, not an overrun for the
# team (the stemmer makes "creature" and "creatures" one word)
_ONE_CREATURE = re.compile(r"\b(?:my|a|one|target|this|that|single|an?) (?:single |own )?"
                           r"(?:creature|dude|guy|commander|attacker|blocker)\b(?!s)")
_TO_ONE = {TAG_INDEX["overrun"]: TAG_INDEX["pump"]}
# "creatures that draw cards when they die": the creature's own death, not others' (an aristocrat's payoff)
_OWN_DEATH = re.compile(r"\bwhen(?:ever)? (?:they|it) (?:die|dies|dying|is killed|are killed|gets? killed)\b")
_TO_OWN_DEATH = {TAG_INDEX["aristocrat-payoff"]: TAG_INDEX["death-trigger"]}
# "creatures that deal damage when they enter", "copies a creature when it enters": the card's own entering (an ETB
# creature), not a payoff for other creatures entering
_OWN_ENTRY = re.compile(r"\bwhen(?:ever)? (?:they|it) (?:enters?|entering|come|comes|coming) ?(?:in|into play|into the "
                        r"battlefield|onto the battlefield|the battlefield)?\b|\bon (?:entry|etb)\b")
_TO_OWN_ENTRY = {TAG_INDEX["creature-etb-payoff"]: TAG_INDEX["etb-trigger"],
                 # "draws a card when it enters" draws once ("draw whenever a creature enters" is an engine's)
                 TAG_INDEX["repeatable-draw"]: TAG_INDEX["card-draw"]}
# "get my creatures back after a board wipe", "recover from a wrath": the wipe is when the card is wanted, and what
# brings the creatures back (mass reanimation) is what is asked for
_RECOVERY = re.compile(r"\b(?:recover\w*|rebuild\w*|bounc(?:e|es|ing) back|(?:get|gets|getting|bring|brings|bringing|"
                       r"come|comes|coming)(?: [\w'’]+){0,3}? back)\b(?: [\w'’]+){0,4}? (?:after|from)\b")
_TO_RECOVERY = {TAG_INDEX[name]: TAG_INDEX["mass-reanimate"] for name in TAG_INDEX
                if name == "sweeper" or TAG_PARENTS.get(name) == "sweeper"}
# "etb doublers", "death trigger doublers": Panharmonicon and its kin double triggers, not tokens or counters
_ETB_DOUBLERS = re.compile(r"\b(?:etb|enters?|entering|enter the battlefield)(?: triggers?)? doublers?\b")
_TRIGGER_DOUBLERS = re.compile(r"\b(?:death|dies|dying|attack(?:ing)?|landfall|cast)(?: triggers?)? doublers?\b")
# where what the table has is ("my opponent has Propaganda out", "a big board on the table"): no word of it
_OUT_THERE_WORDS = r"(?:out|in play|on (?:the )?(?:board|battlefield|field|table))"
# Players' idioms for what card text says plainly, as the phrasings say it
_IDIOMS = (
    # "i play a lot of fetch lands and want something that rewards me", "payoffs for fetch lands": the payoffs of
    # what the player plays, as "fetch land payoffs" says it
    (re.compile(r"\breward(?:s|ing)? (?:me|us|my deck|it|that|this|them)\b(?! (?:for|when)\b)"), "payoffs"),
    (re.compile(r"\bpayoffs? (?:for|with) (?!my |our |an? |the |your |their )((?:[\w'’+/-]+ ){0,2}?[\w'’+/-]+)"
                r"(?=\s*$|\s*[,.;?!]| (?:in|for|with|that|which|and|or|to)\b)"), r"\1 payoffs"),
    # "someone has a ghostly prison and i can't attack": what the thing they have does to the player, said after
    # it, asks for nothing but its answer
    (re.compile(r"\b((?:has|have|had|got) .+?) (?:and|so|but) (?:now )?(?:i|we) (?:can'?t|cannot|can not|"
                r"am unable to|never get to) \w+(?: (?:anymore|at all|with anything|anything))?\s*[.!?]*$"), r"\1"),
    # "someone goes infinite": a combo; "i'm about to die to a big attack": combat (its damage; an "alpha strike"
    # of the player's own is an overrun's)
    (re.compile(r"\bgo(?:es|ing)? infinite\b"), "combo"),
    (re.compile(r"\b(?:big|huge|massive|lethal|giant) (?:attack|swing)s?\b"), "combat damage"),
    # "my combo needs a way to sacrifice stuff", "something to sac my creatures to": an outlet (not "make them
    # sacrifice", an edict)
    (re.compile(r"\b(?:ways?|means|somethings?|anything|things?|cards?|permanents?|artifacts?|creatures?) (?:to|i can|"
                r"that lets? me) (?:sac|sack|sacrifice) (?:stuff|things|permanents|whatever|anything|my stuff|"
                r"my things|my permanents|at will|for free|for value)\b"), "sac outlet to sacrifice creatures"),
    # "my opponent has Propaganda out", "they have three dragons on the board": what they have (not "mill them out")
    (re.compile(rf"\b(ha(?:s|ve|d)|got)\s+((?:[\w'’-]+\s+){{0,3}}?[\w'’-]+)\s+{_OUT_THERE_WORDS}\b"), r"\1 \2"),
    # "i have a few tokens but i want way more", "my creatures have some counters but i need more": more of what
    # was named, as the doublers' phrasings say it
    (re.compile(r"\b(?:but |and |so )?(?:i|we) (?:really |just )?(?:want|need) (?:way |a lot |lots |even |many |much |"
                r"a ton |a bunch )?more(?: of (?:them|those|it))?\s*[.!?]*$"), " double"),
    # "nobody can search their library", "so nothing can be reanimated": what stops it (the hate phrasings' "stop")
    (re.compile(r"\b(?:so )?(?:nobody|no ?one|no players?|nothing|no cards?) (?:can|could|may|will be able to)"
                r"(?: ever)?(?: be)?(?= (?:search|tutor|gain|draw|reanimat|recur|return|cast spells from|play "
                r"cards from|get cards back))"), "stop opponents from"),  # not "nobody can attack me": a fog
    # "good blue commanders for control", "a control deck": the archetype, not gaining control of something
    (re.compile(r"\b(?<!under )(?:for (?:an? )?|in (?:an? )?|my )control(?: decks?| builds?| lists?)?\b(?! of\b)|"
                r"(?<!gain )(?<!take )(?<!gains )(?<!takes )\bcontrol (?:decks?|players?|strateg(?:y|ies)|archetype|"
                r"builds?|lists?|shells?)\b"), " "),
    # "make my opponent draw a lot of cards" (for Nekusar): others drawing, not the player's own draw
    (re.compile(r"\bmak(?:e|es|ing) (?:my |the |an? |each |every |all )?(?:opponents?|opps?|them|everyone|everybody|"
                r"the table|other players) draw\b(?! (?:seven|7|a new hand)\b)"), "each player draws"),  # (a wheel)
    # "a card that makes all lands mountains": Blood Moon's land types, as the phrasings say it
    (re.compile(r"\bmak(?:e|es|ing) (?:all |every |each |their |the )?(?:nonbasic |non-basic )?lands? (?:into )?"
                r"(mountains|islands|swamps|forests|plains)\b"), r"turn lands into \1"),
    # "double damage dealt by my sources": a damage doubler, not damage prevention
    (re.compile(r"\bdoubl(?:e|es|ing) (?:the |all |any |my )?damage\b"), "deal double damage"),
    # "creatures must attack if able": what forces attacks (Grand Melee), not lures
    (re.compile(r"\bmust attack\b"), "force creatures to attack"),
    # players' words for effects the phrasings say otherwise (each checked against the tag it means):
    # "an extra fight phase": a combat phase, not the fight keyword action
    (re.compile(r"\bfight phases?\b"), "combat phase"),
    # "double my next spell": copy it, not double strike
    (re.compile(r"\bdoubl(?:e|es|ing) (?:my|the|a|that|your|their|an?) ?(?:next )?"
                r"(?:spells?|instants?|sorcer(?:y|ies))\b|\bdoubl(?:e|es|ing) (?:my|the|your) next\b"), "copy spells"),
    # "ping each opponent", "ping every player": each loses life, not a pinger creature
    (re.compile(r"\bping(?:s|ing)? (?:each|every|all)(?: other)? (?:opponents?|players?)\b"),
     "drain each opponent loses life"),
    # "suck life from every other player": drain
    (re.compile(r"\bsuck(?:s|ing)? (?:the )?life\b"), "drain"),
    # "wipe every land", "blow up all lands": mass land destruction
    (re.compile(r"\b(?:wipe|wipes|destroy|destroys|kill|kills|nuke|nukes|blow up|blows up) (?:every|all|each)"
                r"(?: of the)? lands?\b"), "destroy all lands"),
    # "keep as many cards in hand as I want": no maximum hand size
    (re.compile(r"\b(?:keep|hold|have) as many cards(?: in (?:my|your|hand|my hand|your hand))? as (?:i|you) "
                r"(?:want|like)\b"), "no maximum hand size"),
    # "put the top cards of my library into my graveyard": milling, not a tutor to the top
    (re.compile(r"\bput(?:s|ting)? (?:the )?top (?:\w+ )?cards? of (?:my|your) (?:library|deck) (?:in|into|onto) "
                r"(?:my|your|the) (?:graveyard|yard)\b"), "mill myself"),
    # "ETB creatures to blink": creatures worth blinking (their enter triggers), not the blinkers
    (re.compile(r"\b(?:(?:creatures?|things|stuff|cards|guys|dudes|etbs?|etb creatures?) (?:to|worth)|worth) "
                r"(?:blink|flicker)(?:ing)?\b"), "etb creatures"),
    # "lands can't untap", "creatures don't untap": what keeps them tapped (freeze), not untappers
    (re.compile(r"\b(?:lands?|creatures?|permanents?|artifacts?|things|stuff) (?:can'?t|cannot|can not|don'?t|"
                r"doesn'?t|do not|does not|never) untap\b"), "stop untapping doesn't untap"),
    # "bounce all nonland permanents", "bounce every creature": a mass bounce
    (re.compile(r"\bbounc(?:e|es|ing) (?:all|every|each|everything)\b"), "mass bounce"),
    # "a commander that lets me cast from exile": playing the cards it exiles (impulse draw), not exile removal
    (re.compile(r"\bcast(?:s|ing)? (?:spells |cards |things |stuff )?from exile\b"), "play cards from exile"),
    # "one sided boardwipe": the board wipe the phrasings say in two words
    (re.compile(r"\bboardwip(e|es|ing)\b"), r"board wip\1"),
    # "add one more of each kind of marker", "strip every marker off": counters, as cards call them
    (re.compile(r"\bmarkers?\b"), "counters"),
    # "so new minions skip summoning sickness": haste
    (re.compile(r"\b(?:skip(?:s|ping)?|ignor(?:e|es|ing)|without|no|avoid(?:s|ing)?|get(?:s|ting)? around|"
                r"bypass(?:es|ing)?|dodg(?:e|es|ing))(?: \w+){0,2} summoning sick(?:ness)?\b"), "give haste"),
    # "slap it on the table", "even if it comes in sideways": onto the battlefield, enters tapped
    (re.compile(r"\b(?:slap|drop|throw|stick|plop)(?:s|ped|ping)?\b((?: [a-z']+){0,5}?) (?:on|onto) the "
                r"(?:table|board)\b"), r"put\1 onto the battlefield"),
    (re.compile(r"\bcom(?:e|es|ing) in sideways\b"), "enters tapped"),
    # "rummage through my deck": search it (the rummage mechanic is "discard, then draw")
    (re.compile(r"\brummag(?:e|es|ed|ing) (?:through|in|around in)\b"), "search"),
    # "empty their grip": their hand, discarded ("my hand empties" is the player's own, out of cards)
    (re.compile(r"\bempt(?:y|ies|ying) (?:their|his|her|opponents?['’]?s?|an opponent['’]s|the opponents?['’]?s?) "
                r"(?:hands?|grips?)\b"), "make them discard their hand"),
    # "let my dudes hit the table ready to swing": haste; "hit the table" alone: enter the battlefield
    (re.compile(r"\bhit(?:s|ting)? the (?:table|board|battlefield|field) (?:ready|able) to (?:attack|go|rumble)\b"),
     "haste"),
    (re.compile(r"\bhit(?:s|ting)? the (?:table|board|battlefield|field)\b"), "enter the battlefield"),
    # "hit the table ready to swing": haste ("swing" is read as "attack" first)
    (re.compile(r"\bready to (?:attack|go|rumble|fight)\b"), "haste"),
    # "pump out treasures", "crank out clues", "churn out tokens": make them
    (re.compile(r"\b(?:pump|crank|churn|spit|spew)(?:s|ed|ing)? out\b"), "create"),
    # "say no to their spells": counter them
    (re.compile(r"\bsa(?:y|ys|ying) no to\b"), "counter"),
    # "top myself up", "top up my total": gain life
    (re.compile(r"\btop(?:s|ping)? (?:myself|me|my life|my total|my life total|us) up\b|"
                r"\btop(?:s|ping)? up (?:my |our )?(?:life|total|life total)\b"), "gain life"),
    (re.compile(r"\bvampiric\b"), "lifelink"),
    # "my aggro deck needs reach", "burn for reach": damage that finishes a player past the blockers (not the
    # keyword reach, which a creature has: "creatures with reach", "green reach creatures")
    (re.compile(r"\b(?:needs?|more|some|extra|lacks?|lacking|little|no|any|for) reach\b(?! creatures?)"),
     "damage to the face"),
    (re.compile(r"\bduplicat(?:e|es|ed|ing)\b"), "copy"),
    # "destroys every creature and nothing comes back": the answer's permanence, no recursion asked for
    (re.compile(r"\b(?:and )?(?:nothing|none of them|no ?one|they (?:don'?t|never)|it (?:doesn'?t|never)) "
                r"(?:comes?|gets?|coming) back\b"), " "),
    # "break an enchantment", "break their artifacts": destroy it (not "break the symmetry")
    (re.compile(r"\bbreak(?:s|ing)?((?: (?:an?|the|that|this|their|target|any|every|all|opposing|my opponents?['’]?s?|"
                r"problem|annoying))* (?:artifacts?|enchantments?|rocks?|equipment|auras?))\b"), r"destroy\1"),
    # "a spell that stops another spell from happening": a counterspell (not "stop my opponents from casting spells")
    (re.compile(r"\bstop(?:s|ping)? (?:(?:another|that|their|opposing|an opponent['’]?s) "
                r"((?:creature |noncreature |instant |sorcery |artifact |enchantment )?)spells?(?: from "
                r"(?:happening|resolving|working|going off|being cast))?|(?:a|an|the) "
                r"((?:creature |noncreature |instant |sorcery |artifact |enchantment )?)spells? from "
                r"(?:happening|resolving|working|going off|being cast))\b"), r"counter \1\2spells"),
    # "stops a spell while it's being cast", "blink it so i can use its enters ability again": what the request says
    # of the function's timing or purpose, which no phrasing repeats
    (re.compile(r"\bwhile (?:it['’]?s|it is|its|they['’]?re|they are) being cast\b|"
                r"\bso (?:that )?(?:i|we) can (?:use|reuse|get|trigger|retrigger) (?:its|their|the) "
                r"(?:enters?|etbs?|enters? the battlefield)(?: abilit(?:y|ies)| triggers?| effects?)?(?: again)?\b|"
                r"\bso (?:that )?(?:i|we) can (?:use|reuse|activate|tap) (?:it|them) again\b"), " "),
    # "opponents can't gain life": what stops lifegain (Erebos, Sulfuric Vortex), not lifegain
    (re.compile(r"\b(?:opponents?|players?|they|nobody|no one|no player|each opponent) (?:can['’]?t|cannot|can not|"
                r"won['’]?t be able to) gain life\b"), "stop lifegain"),
    # "look at their hand and take a card out of it": make them discard it
    (re.compile(r"\btake (?:a |one |the best |their best )?cards? (?:out of|from) "
                r"(?:their|his|her|it|an opponent['’]?s|my opponents?['’]?s?|target player['’]?s)(?: hand)?\b"),
     "make them discard a card"),
    # "make every opponent throw away one of their creatures": sacrifice it (an edict), as no creature is discarded
    (re.compile(r"\b(?:throw|throws|throwing|threw|toss|tosses|tossing) away (?:one|a|an|two|some|each)?(?: of)? ?"
                r"(?:their|his|her|its|your|my)? ?(?:own )?(?:creatures?|permanents?|artifacts?|enchantments?|"
                r"planeswalkers?)\b"), "sacrifice a creature"),
    # "make my opponent throw away their hand": discard it
    (re.compile(r"\b(?:throw|throws|throwing|threw)(?: one| a card| some| two| cards)? away\b"), "discard"),
    # "exile my creature and bring it right back": a blink
    (re.compile(r"\bexil(?:e|es|ing) (?:my |a |target |one of my )?(?:own )?(?:creatures?|permanents?) "
                r"(?:(?:and|then) )?(?:bring|return)(?:s|ing)? (?:it|them) (?:right |straight )?back\b"), "flicker"),
    # "make my opponents pay more for every spell": spells cost more (not the "pay for" of Rhystic Study)
    (re.compile(r"\bpays? (?:more|extra)(?: mana)? (?:for|to cast)\b"), "spells cost more"),
    # "add one more of every kind of counter": proliferate
    (re.compile(r"\b(?:(?:add|put|give)s? )?(?:one|an?) (?:more|extra|additional) (?:of )?(?:each|every)(?: kind of| "
                r"type of)? counters?\b"), "proliferate"),
    # "look at the top cards and put them back in any order", "rearrange the top of my library": scry
    (re.compile(r"\b(?:rearrange|reorder|stack|arrange|set up)(?:s|ing)? (?:the )?top (?:\w+ )?(?:cards? )?of (?:my |"
                r"your )?(?:library|deck)\b|\bput (?:them|it|those|the rest) back in any order\b"), "scry"),
    # "put the top cards of someone's deck into their graveyard": mill (the player's own is self-mill), in the words
    # of either of two rules written apart, joined
    (re.compile(r"\bput(?:s|ting)? (?:the )?top (?:\w+ )?cards? of (?:their|an opponent'?s|each opponent'?s|a "
                r"player'?s|target player'?s) (?:library|deck) (?:in|into|onto) (?:their|the|a) (?:graveyard|yard)\b|"
                r"\b(?:put|puts|send|sends)(?: the)? top (?:\w+ )?cards? of (?:an? |target |each )?"
                r"(?:opponents?['’]?s?|someones?['’]?s?|their|his|her|a player['’]?s) (?:library|deck) into "
                r"(?:their|his|her|that player['’]?s|the|a) graveyard\b"), "mill my opponents"),
    # "put a creature from my hand onto the battlefield without paying for it": the cost the card saves, said after
    # where the creature goes (a free spell's "cast without paying" stays)
    (re.compile(r"\b(onto|into) (the battlefield|play) without paying(?: for (?:it|them)| (?:its|their) (?:mana )?"
                r"costs?| any mana| mana)?\b"), r"\1 \2"),
    # "removal that uses my creature's power": a bite, the creature dealing the damage
    (re.compile(r"\b(?:uses?|using|based on|scal(?:e|es|ing) (?:with|off)|off of) (?:my |your |a |the |our )?"
                r"(?:own )?creatures?(?:['’]s|s['’]|['’])? power\b"), "my creature deals damage equal to its power"),
    # "graveyard as a resource": what plays from it and fills it, not what exiles it
    (re.compile(r"\b(?:graveyard|yard) as an? (?:resource|second hand|extra hand)\b|"
                r"\b(?:graveyard|yard) (?:matters?|synergy|synergies|value|strategy|strategies|theme|themed|"
                r"stuff)\b|\b(?:use|uses|using|abuse|abuses|abusing|exploit|exploits|exploiting) (?:my |the |"
                r"your )?(?:own )?(?:graveyard|yard)\b(?! hate)"), "self mill and cast from graveyard"),
    # "landfall enablers": what makes lands enter more often (extra land drops, fetch lands), not the payoffs
    (re.compile(r"\blandfall (?:enablers?|enabling|support|fuel|fodder|triggers? enablers?)\b"),
     "extra land drops fetch lands"),
    # "a way to win other than combat", "a way to win after they stabilize": what wins the game (the alternate win
    # conditions), not combat
    (re.compile(r"\b(?:a |another |other |some )?ways? to win(?: the game)?(?: (?:other than|besides|without|"
                r"outside(?: of)?|that isn'?t|not through|after (?:they|the board|my opponents?) (?:stabiliz|stall)\w*)"
                r"(?: (?:combat|attacking|damage|creatures))?)?\b"
                r"(?! (?:through|with|past|against|over|in|via|by|evasion)\b)"), "win the game"),
    # "ways to give me tons of mana": ramp, much of it ("make lots of mana" is the mana doublers' phrasing)
    (re.compile(r"\b(?:give|gives|giving|get|gets|getting)(?: me| us)? (?:tons|lots|loads|a lot|a ton|piles|heaps|"
                r"a bunch|so much|more) of mana\b"), "ramp lots of mana"),
    # "big mana for mono green": a ramp deck's mana, far past the curve (not "big mana costs", nor what the mana is
    # for: "big mana payoffs", "big mana sinks")
    (re.compile(r"\bbig mana\b(?! (?:costs?|values?|spells?|payoffs?|sinks?|lands?|finishers?|threats?|bombs?|"
                r"creatures?|green|red|white|blue|black))"), "ramp lots of mana"),
    # "get all my mana back", "make a used-up thing fresh": untap
    # (not "get my lands back from the graveyard", land recursion)
    (re.compile(r"\bget (?:all )?my (?:mana|lands) back\b(?! (?:from|out of) (?:my |the |your )?(?:graveyard|yard|bin|"
                r"discard pile|grave))"), "untap lands"),
    (re.compile(r"\brefresh(?:es|ed|ing)?\b|\bmake (?:\w+ ){0,4}fresh\b"), "untap"),
    # "toss something from their grip": discard
    (re.compile(r"\btoss(?:es|ing)?\b(?=(?: \w+){0,3} (?:hand|grip)s?\b)"), "discard"),
    (re.compile(r"\bdead stuff\b"), "graveyard"),
    (re.compile(r"\bspell[- ]slinger(s|ing)?\b"), r"spellslinger\1"),  # "spell slinger creatures": one word
    # "my deck keeps running out of cards": the player's own cards, drawn (an opponent's running out is mill)
    (re.compile(r"\b(?:i|we|my (?:deck|hand|library))(?: \w+){0,2} (?:run|runs|running|ran) out of cards\b"),
     "out of gas"),
    # "make the little guys hit harder", "swing for more": bigger, as the anthems' and pumps' phrasings say it
    (re.compile(r"\b(?:hit|hits|hitting|swing|swings|swinging|attack|attacks|attacking) (?:harder|for more)\b"),
     "bigger"),
    # "removal that hits anything", "something that deals with anything": removal for any permanent
    (re.compile(r"\b(?:hits?|hitting|handles?|handling|deals? with|dealing with|covers?|covering) "
                r"(?:anything|whatever)\b"), "answers anything"),
    # "how do i stop a big attack", "survive an alpha strike": a fog
    (re.compile(r"\b(?:stop|stops|survive|survives|surviving|prevent|prevents|blank|blanks) "
                r"(?:a |an |the |their |one )?(?:big |huge |lethal |massive |whole )?"
                r"(?:attack|alpha strike|alpha|swing|combat step)\b"), "fog"),
    # "what can stop my creatures from dying", "keep my commander from being killed": protect it (not death
    # triggers, which want them to die)
    (re.compile(r"\b(?:stop|stops|keep|keeps|prevent|prevents) (?:my|our) ((?:[\w'’-]+ ){0,2}?"
                r"(?:creatures?|commanders?|permanents?|guys|dudes|team|board|stuff|things)) from "
                r"(?:dying|being (?:killed|destroyed|removed|exiled)|getting (?:killed|destroyed|removed|exiled))\b"),
     r"protect my \1 from removal"),
    # "everything i play gets destroyed": the player's permanents, to protect
    (re.compile(r"\b(?:everything|anything|all|whatever) (?:i|we) (?:play|cast|put down|resolve) (?:always )?"
                r"(?:gets?|keeps? getting|is|are) (?:destroyed|killed|removed|exiled|blown up)\b"),
     "protect my creatures"),
    # "cards that give opponents cards", "give everyone extra cards": every player draws (group hug)
    (re.compile(r"\b(?:give|gives|giving) (?:my |the |all |each |every )?(?:opponents?|players?|everyone|everybody|"
                r"the table)(?: \w+)? cards\b"), "give everyone cards"),
    # "political cards", "politics": what the table votes on
    (re.compile(r"\bpoliti(?:cal|cs)\b"), "vote"),
    # "temporary removal": the exile that lasts until the card leaves (its phrasing "temporary exile")
    (re.compile(r"\btemporary (?:removal|answers?)\b"), "temporary exile"),
    # "cards that end the game", "something to end games fast": win it (not "the end of the turn"; "close out the
    # game" is an overrun's)
    (re.compile(r"\b(?:end|ends|ending) (?:the |a )?games?\b"), "win the game"),
    # "punish players for having too many lands": their ramp, as the ramp hate's phrasings say it
    (re.compile(r"\bpunish\w*(?: \w+){0,3} (?:for )?(?:having|playing|with) (?:too many|more|lots of|extra) lands\b"),
     "punish ramp"),
    # "ETB damage creatures": damage dealt when they enter, as the burn phrasings say it
    (re.compile(r"\b(etbs?|enters?|entering|enter the battlefield) damage\b"), r"\1 deal damage"),
    # "card draw that isn't symmetrical": not the group draw its word names, so the word is dropped
    (re.compile(r"\b(?:(?:is|are|that|which)(?:n't| not)|not|non-?)(?: \w+)? symmetric(?:al)?\b"), " "),
    # "manna rocks", "manna dorks": mana, as players mistype it ("manna" is an English word: no typo to the speller)
    (re.compile(r"\bmanna\b(?= (?:rocks?|dorks?|fixing|fixers?|producers?|makers?|ramp|sinks?|base|costs?|value)\b)"),
     "mana"),
    # "madness enablers", "ways to enable madness": what discards at will, as the discard outlets' phrasings say it
    (re.compile(r"\bmadness (?:enablers?|outlets?)\b|\benabl(?:e|es|ing) madness\b"), "discard outlet"),
    # "make spells more expensive": cost more, as the tax effects' phrasings say it (not "my spells are too
    # expensive", the cost reducers')
    (re.compile(r"\bmore expensive\b"), "cost more"),
    # "a cheap way to see more cards each turn": draw more (no permanent asked for by "each turn")
    (re.compile(r"\bsee(?:ing)? (?:more|extra|additional|lots of|a lot of) cards\b"), "draw more cards"),
    # "i need my lands to come back": from the graveyard, as the recursion tags' phrasings say it
    (re.compile(r"\b(lands?|creatures?|artifacts?|enchantments?|instants?|sorcer(?:y|ies)|permanents?|spells?) "
                r"(?:that |which )?(?:to )?(?:come|comes|coming|came) back\b"), r"return \1 from graveyard"),
    # "artifacts that come back" once "artifacts" is read as the type: what comes back, from the graveyard
    (re.compile(r"^(?:that |which )?(?:come|comes) back$"), "return from graveyard"),
    # "get big creatures out early", "get my fatties out fast": onto the battlefield, cheated in
    (re.compile(r"\b(?:get|gets|getting|put|puts|bring|brings|drop|drops)((?: [a-z']+){0,3}?) (?:out|down|in) "
                r"(?:early|fast|quickly|quick|sooner|cheaply|cheap|for cheap|ahead of curve)\b"),
     r"put\1 onto the battlefield cheat"),
    # "a card that counters anything": any spell
    (re.compile(r"\bcounter(?:s|ing)? (?:anything|everything|whatever|any spell|every spell)\b(?! (?:that|which))"),
     "counter target spell"),
    # "stop opponents from playing cards", "keep my opponents from casting anything": what cards say of it
    (re.compile(r"\b(?:stop|stops|prevent|prevents|keep|keeps) (?:my |the |all )?opponents? from (?:playing|casting) "
                r"(?:any )?(?:cards|spells|anything|stuff|things)\b"), "stop opponents casting spells"),
    # "tutor a land onto the battlefield": a land put from the library into play, ramp (not any tutor; "tutor a
    # land" alone is the land tutors')
    (re.compile(r"\btutor(?:s|ing)? (?:for )?(?:a |an |any |my |some )?(?:basic )?lands? (?:onto|into) "
                r"(?:the battlefield|play)\b"), "search for a land put it onto the battlefield"),
    # "my deck makes lots of treasure, what uses it", "i play a lot of instants, what rewards that": what the deck
    # does a lot of is its theme, and what uses it that theme's payoff ("fetch lands": a noun after it too)
    (re.compile(r"\b(?:makes?|making|creates?|has|have|having|plays?|playing|gains?|gaining|casts?|casting|runs?|"
                r"running|draws?|drawing|gets?|getting) (?:a lot of|lots of|tons of|loads of|many|plenty of|so much|"
                r"so many|a bunch of|a ton of) ([a-z+/-]+(?: (?:lands?|tokens?|spells?|creatures?|artifacts?|"
                r"enchantments?|counters?|cards?))?)\b.*?\b(?:uses?|rewards?|pays? off|payoffs?|takes? "
                r"advantage|benefits?|cares? about)\b"), r"\1 payoff"),
    # "fetch land payoffs": what rewards cracking them, a land entering (landfall) and one put in the graveyard
    (re.compile(r"\b(?:crack(?:ing)? )?fetch ?lands? (?:payoffs?|synergy|synergies|matters?)\b"), "landfall payoff"),
    # "go wide finisher", "token wincon": what ends a game with many creatures, the overrun
    (re.compile(r"\b(?:go[- ]?wide|tokens?|swarm) (?:finishers?|win ?cons?|wincons?|win conditions?|kill ?cards?)\b"),
     "overrun"),
    # "commander damage": what players mean to deal it with, a suited-up commander
    (re.compile(r"\bcommander damage\b"), "voltron"),
    # "make my opponent run out of cards": mill them
    (re.compile(r"\b(?:make|makes|making) (?:my |an |the |each )?(?:opponents?|them|him|her|everyone else)(?: \w+)? "
                r"(?:run|runs) out of cards\b"), "mill opponent"),
    # "make all my creatures flyers": give them flying
    (re.compile(r"\b(?:make|makes|making|turn|turns|turning) ((?:all )?(?:of )?(?:my|our|your) (?:\w+ )?"
                r"(?:creatures|team|army|tokens|guys|dudes)) (?:into )?(?:flyers|fliers|fly)\b"), r"give \1 flying"),
    # "i can never keep cards in hand": the hand empties, card draw (not a bigger hand size)
    (re.compile(r"\b(?:can'?t|cannot|can not|never|don'?t) (?:ever )?keep (?:any )?cards in (?:my )?hand\b"),
     "out of gas"),
    # "more value from my creatures dying": what their deaths trigger, the aristocrats' payoffs
    (re.compile(r"\b(?:value|payoffs?|benefit|rewards?) (?:from|when|whenever|for) (?:my |our )?(?:own )?"
                r"(?:creatures?|guys|dudes|tokens) (?:dying|die|dies)\b"), "whenever my creatures die"),
    # "infinite life", "infinite tokens", "infinite turns": what the combo makes, not a mana sink for infinite mana
    (re.compile(r"\binfinite (?:life|lifegain)\b"), "gain life"),
    (re.compile(r"\binfinite (?:tokens?|creatures)\b"), "double tokens"),
    (re.compile(r"\binfinite (?:extra )?turns?\b"), "extra turns"),
    (re.compile(r"\binfinite damage\b"), "damage"),
    # "rattlesnakes": cards that punish attacking their controller (No Mercy, Dread)
    (re.compile(r"\brattlesnakes?\b"), "punish creatures that attack me"),
    # "spot removal that hits anything", "removal that answers everything": the removal of any permanent, not spot
    # removal of creatures (Murder and Ultimate Price had led; Anguished Unmaking and Beast Within answer anything)
    (re.compile(r"\b(?:spot |targeted |cheap )?removal (?:that|which) (?:can |will )?(?:hits?|answers?|kills?|"
                r"deals? with|handles?|removes?|gets? rid of) (?:anything|everything|any permanent|any threat|"
                r"whatever)\b"), "flexible removal"),
    # "card engines", "value engines": what keeps drawing
    (re.compile(r"\b(?:card|value|advantage) engines?\b"), "draw engine"),
    # "what should i add", "what else can i run", "what removal should i run", "which ramp do you play": asking for
    # cards, no mana added, no lands played, nothing run out of
    (re.compile(r"\b(?:what|which)((?: [\w'’-]+){0,3}?) (?:else )?(?:should|could|can|do|would|must) "
                r"(?:i|we|you|(?:a|an|my|our|the) (?:[\w'’-]+ ){0,3}?(?:deck|list|build)) "
                r"(?:add|include|put in|slot in|play|run|use|consider|be running|be playing)\b"
                r"(?! (?:from|out|off|with|without|lands?|for free|on top|extra|additional|more)\b)"), r"\1 "),
    # "what ramp should go in mono red", "which removal goes in my deck": the function, where it goes said after
    (re.compile(r"\b(?:what|which)((?: [\w'’-]+){0,3}?) (?:else )?(?:should|would|could|can|does|do|to)? ?"
                r"(?:go|goes|belongs?|fits?)(?: in| into)?\b"), r"\1 in"),
    (re.compile(r"\bblow(?:s|ing|n)? up\b"), "destroy"),  # "blow up every artifact"
    (re.compile(r"\bfill(?:s|ing)? up\b"), "fill"),  # "fill up my graveyard"
    (re.compile(r"\bshut(?:s|ting)? off\b"), "shut down"),  # "shut off graveyard shenanigans"
    # "hands me a free card every upkeep": draws it
    (re.compile(r"\b(?:hand|hands|handing|give|gives|giving) (?:me|you) (?:a|an|one|two|three|extra|a free|free)"
                r"(?: extra| free)? cards?\b"), "draw a card"),
    # "make my little guys huge", "make my tokens stronger": bigger, as the phrasings say it (no big card asked for)
    (re.compile(r"\b(make|makes|making) ((?:all )?(?:of )?(?:my|our) (?:\w+ )?(?:creatures|team|army|tokens|creature|"
                r"commander)) (?:huge|giant|massive|enormous|big|stronger|larger|beefier|tougher|better)\b"),
     r"\1 \2 bigger"),
    # "find any creature in my deck", "get a land out of my library": a tutor for that card type
    (re.compile(r"\b(?:find|get|grab|pull|snag|yank)(?:s|ing)? (?:me )?(?:a|an|any|one) ([a-z]+) (?:card )?"
                r"(?:in|from|out of) (?:my|the|your) (?:deck|library)\b"), r"search your library for a \1"),
    # "kill a commander", "exile their commander": a creature to answer (a commander is one), not the protection
    # a commander's own player asks for ("opponents kill my commander")
    (re.compile(r"\b((?:kill|destroy|exile|remove|answer|handle|deal with|get rid of)(?:s|es|ing)?)"
                r"((?: (?:a|an|the|their|that|any|opposing|enemy|an opponent's|opponents?'?s?))?) commanders?\b"
                r"(?! (?:damage|tax))"), r"\1\2 creature"),
    # "pump all my tokens", "buff my whole army": the team, as the phrasings name it
    (re.compile(r"\b(pump|buff|boost)(?:s|ing|ed)? (?:all (?:of )?)?(?:my|our) (?:whole |entire )?"
                r"(?:tokens|army|board|side|squad)\b"), r"\1 all my creatures"),
    # "cards that make my lands creatures", "make a land into a creature": animating them
    (re.compile(r"\bmak(?:e|es|ing) (?:(?:my|our|your|all|all of my|target|a|an|their) )?lands? (?:into )?(?:an? )?"
                r"creatures?\b"), "turn lands into creatures"),
    # "make my opponent's creatures weaker", "make their guys smaller": shrinking them
    (re.compile(r"\bmak(?:e|es|ing) ((?:[\w']+ ){0,3}(?:creatures?|team|army|board|guys|blockers|attackers)) "
                r"(?:weaker|smaller|tiny)\b"), r"shrink \1"),
    # "graveyard hate that draws a card": the hate card replaces itself; no card draw is hated
    (re.compile(r"\b(hate|hosers?) (?:that|which) (?:also )?(?:draws?|cantrips?|replaces? itself)(?: a card)?\b"),
     r"\1 cantrip"),
    # "i have lots of tokens, what can i sacrifice them to": a sac outlet for them
    (re.compile(r"\b(?:what|which|something|anything)(?: \w+){0,2} (?:can )?(?:i |we )?sac(?:rifice)? "
                r"(?:them|it|those|these) (?:to|into|for)\b"), "sac outlet"),
    # "i keep drawing lands late", "i draw too many lands": flooding
    (re.compile(r"\b(?:i|we|keep|always|i keep|i always) (?:drawing|draw|drew) (?:too many |only |nothing but |all |"
                r"so many |extra )?lands\b|"
                # "my hand is always full of lands", "too many lands in my hand": the same
                r"\bhand (?:is |keeps? |gets? )?(?:always |often |just )?(?:being )?(?:full of|all|nothing but|only) "
                r"lands\b|\btoo many lands in (?:my|our) hand\b"), "flood out"),
    # "nonbasic land removal": destroying lands (the unknown "nonbasic" had diluted it under the threshold)
    (re.compile(r"\bnon-?basic lands? (?:removal|destruction)\b"), "land destruction"),
    # "cards that can't be responded to": split second, as cards print it
    (re.compile(r"\b(?:can'?t|cannot|can not) be responded to\b"), "split second"),
    # "play spells on my opponent's turn", "cast creatures during their turn": flash, not what stops them casting
    (re.compile(r"\b(?:play|cast)(?:s|ing)? (?:my |(?:\w+ )?spells |(?:\w+ )?cards |creatures |things |stuff )?"
                r"(?:on|during|in) (?:my |an |each |the )?(?:opponents?'?s?|their|other players'?) turns?\b"),
     "give flash cast at instant speed"),
    # "comeback cards", "cards that help when i'm losing": catching up
    (re.compile(r"\bcome-?back\b|\b(?:when|while|if) (?:i'?m |i am |we'?re |you'?re )?(?:behind|losing)\b"),
     "catch up"),
    # "a sac outlet that makes mana": both, as "sacrifice a creature: add mana" says it (Ashnod's Altar)
    (re.compile(r"\b(?:sac|sacrifice) outlets? (?:that|which) (?:makes?|adds?|produces?|gives?(?: me)?) mana\b"),
     "sacrifice a creature add mana"),
    # "cards that counter a board wipe": a counterspell for the wipe, a noncreature spell, not the wipe
    (re.compile(r"\bcounter(?:s|ing)? (?:a |an |the |their |opponents?'?s? )?(?:board ?wipes?|wraths?|sweepers?|"
                r"mass removal|(?:removal|burn|kill|draw|tutor|ramp)(?: spells?)?)\b"), "counter noncreature spells"),
    # "copy removal spells", "copy my burn": copy an instant or sorcery, not removal asked for
    (re.compile(r"\bcop(?:y|ies|ying) (?:a |my |their |the )?(?:removal|burn|kill|draw|tutor|ramp|instant|sorcery)"
                r"(?: spells?)?\b"), "copy target instant or sorcery spell"),
    # "hit every opponent each turn", "damage every opponent": each opponent loses life, as drain says it (not in a
    # clause of another function: "hand attack that hits every opponent" is discard)
    (re.compile(r"(?<!\bthat )(?<!\bwhich )\b(?:hit(?:s|ting)?|damag(?:e|es|ing)|burn(?:s|ing)?) "
                r"(?:every|each|all)(?: of)?(?: my| the)? opponents?\b"), "each opponent loses life"),
    # "infinite mana combos", "cards that make infinite mana": the pieces that go infinite on mana, what untaps mana
    # rocks (Dramatic Reversal, Voltaic Key, Power Artifact); not what spends it ("infinite mana outlets": a sink)
    (re.compile(r"\b(?:make|makes|making|generate|generates|generating|produce|produces|get|gets) infinite mana\b|"
                r"\binfinite mana (?:combos?|combo pieces|pieces|enablers?|engines?|loops?)\b"), "untap artifacts"),
    # "infinite combos", "infinite combo pieces" asked for alone: the pieces, most of them mana's (they had read
    # "combos", the combo hate's word, and ranked Silence and Thorn of Amethyst)
    (re.compile(r"(?<!\bstop )(?<!\bhate )(?<!\bbeat )(?<!\bto )(?<!\bagainst )(?<!\bvs )(?<!\banti )(?<!\banti-)"
                r"\binfinite (?:combos?|combo pieces|loops?)\b(?! (?:hate|with|for|using|involving)\b)"),
     "untap artifacts"),  # (not "infinite combo with Thassa's Oracle": that card's partners)
    (re.compile(r"\binfinite (?=combos?\b|loops?\b)"), ""),  # "stop infinite combos" is combo hate, no mana sink
    # "cards that trigger when I gain life", "things that get stronger when I gain life": rewarded for it, a payoff,
    # not a card doing it ("bigger when I cast spells" stays the grower's)
    (re.compile(r"\b(?:trigger(?:s|ing)?|(?:get|gets|getting|grow|grows|growing) stronger) "
                r"(?:when(?:ever)?|each time|every time)\b"), "payoff whenever"),
    # "cards that reward me for discarding", "reward me for attacking": a payoff for doing it
    (re.compile(r"\b(?:reward(?:s|ing)?|pays? off|paying off) (?:me |us |you |the player )?"
                r"(?:for |when(?:ever)? (?:i |we |you )?)"),
     "payoff whenever "),
    # "cast my opponents' spells", "play cards from their libraries": theft, not the stax that stops them casting
    (re.compile(r"\b(?:cast|play)(?:s|ing)?(?: (?:spells|cards))?(?: (?:from|out of|of))? (?:my |the |your )?"
                r"(?:opponents?['’]?s?|their|other players['’]?|an opponent['’]s) (?:spells|cards|librar(?:y|ies)|"
                r"graveyards?|hands?|decks?)\b"), "steal their spells"),
    # the older Oracle wording players still use, "when a creature comes into play": it enters (an enter trigger)
    (re.compile(r"\b(?:comes?|coming|came) (?:into|onto) (?:play|the battlefield)\b"), "enters"),
    # other card games' words for Magic's: Hearthstone's and Yu-Gi-Oh's "banish" is exile, "lifesteal" lifelink, a
    # "deathrattle" a dies trigger, "silence a minion" takes its abilities, a "special summon" puts a creature onto
    # the battlefield (a cheat); "battlecry", typed as one word, is Magic's own battle cry
    (re.compile(r"\bbanish(?:es|ed)?\b"), "exile"),  # (not "banishing": Banishing Light)
    (re.compile(r"\blife ?steal(?:ing|s)?\b"), "lifelink"),
    (re.compile(r"\bdeathrattles?\b"), "when this creature dies"),
    (re.compile(r"\bsilenc(?:e|es|ed|ing) (?:a |an |one |target |that |their |the |enemy |opposing |"
                r"an opponent['’]?s )?(?:creature|minion|monster|guy|dude)s?\b"), "creature loses all abilities"),
    (re.compile(r"\bspecial(?:ly)? summon(?:s|ed|ing)?\b"), "put a creature onto the battlefield"),
    (re.compile(r"\bbattlecry\b"), "battle cry"),
    # "card that makes my guys not die": what keeps them alive (indestructible, protection), not the answers that
    # kill them ("stop my creatures from dying" is protecting them from removal, above)
    (re.compile(r"\b(?:not|never|don['’]?t|doesn['’]?t|won['’]?t) (?:die|dying)\b|\bstop(?:s|ping)? dying\b"),
     "indestructible protect"),
    # "flicker a creature and bring it back": the blink returns it, no reanimation asked for
    (re.compile(r"\b((?:flicker|blink)(?:s|ed|ing)?\b(?: [a-z']+){0,4}?) (?:and|then) (?:bring|return|get)s? "
                r"(?:it|them) (?:right |straight )?back\b"), r"\1"),
    # "see their hand and take a card": make them discard it (a look at the hand alone is hand-reveal)
    (re.compile(r"\b(?:see|look at|look through|peek at|check) (?:their|his|her|an opponent['’]?s|target player['’]?s|"
                r"my opponents?['’]?s?) hand(?: and)? (?:take|pick|choose|strip|rip)(?: out)? "
                r"(?:a |one |the best |their best )?(?:cards?|spells?|things?)\b"), "make them discard a card"),
    # "see the top card of my library at all times": look at it any time (Courser of Kruphix, Future Sight), the
    # cards that play from the top
    (re.compile(r"\b(?:see|look at|peek at|know|reveal|play with)(?: the)? top card(?: of (?:my|your|the) "
                r"(?:library|deck))?(?: revealed)? (?:at all times|any ?time|whenever (?:i|you) want|always)\b"),
     "play from the top of my library look at the top card of your library any time"))
# "impossible to kill", "unkillable": what the phrasings call indestructible, not a kill spell; "unable to block"
# is "cannot block", as card text and the phrasings say it
_UNKILLABLE = re.compile(r"\b(?:impossible to kill|unkillable|can(?:no|['’])?t be killed|can(?:no|['’])?t die)\b")
# "impossible to target", "untargetable": what the phrasings call hexproof
_UNTARGETABLE = re.compile(r"\b(?:impossible to target|hard to target|untargetable|can(?:no|['’])?t be targett?ed)\b")
_UNABLE = re.compile(r"\bunable to\b")
# "removal that doesn't target", "untargeted removal": what takes a creature no spell can target, an edict
_UNTARGETED = re.compile(r"\b(?:creature )?(?:removal|kill spells?|answers?)(?: spells?)? (?:that|which) "
                         r"(?:does(?:n['’]?t| not)|do(?:n['’]?t| not)|can(?:no|['’])?t|won['’]?t) target\b|"
                         r"\b(?:untargeted|non-? ?target(?:ed|ing)) (?:creature )?(?:removal|kill spells?|answers?)\b|"
                         r"\b(?:creature )?(?:removal|kill spells?|answers?) without targeting\b")
# "roll a die for value": dice, not a creature dying
_ROLL_DIE = re.compile(r"\broll(?:s|ed|ing)? (?:a |the |one |two |three |\d+ |some |many |more |extra )?(?:die|dice)\b")
UNTARGETED_WORDS = _UNTARGETED.pattern  # "untargeted", "nontargeted" (the spelling checker knows them)
# "snag a card from my deck and put it in my hand": where a tutor puts the card, not another function
_INTO_HAND = re.compile(r"\b(?:and )?put(?:s|ting)? (?:it|them|that card|the card) (?:in|into) (?:my|your) hand\b")
# "ways to find equipment", "cards that fetch artifacts": a tutor for the type ("help me find creatures with haste" asks
# the search engine, not for a tutor; "find" alone is a stop word; "tutor" says it already)
_FIND_TYPE = re.compile(r"\b((?:ways?|cards?|spells?|effects?|things?|stuff|something|creatures?|artifacts?|"
                        r"enchantments?) (?:that|which|to) (?:can |will |help (?:me )?|lets? me |allows? me to )?)"
                        r"(?:find|fetch|grab|dig (?:for|up))(?:s|es|ing)? (?:me )?(?:(?:my|an?|the|more|some|any) )?"
                        r"(?:(?:specific|particular|certain|right|key|missing) )?"
                        r"(?=(?:equipment|auras?|artifacts?|enchantments?|creatures?|instants?|sorcer(?:y|ies)|lands?|"
                        r"planeswalkers?)\b)")
# "dig through my library for an instant": a search of the library, as the tutors' phrasings say it
_DIG_THROUGH = re.compile(r"\bdig(?:s|ging)? (?:through|into) (?:my|your|the) (?:library|deck) for\b")
# "whenever I cast a spell", "when I cast noncreature spells", "cards that trigger on cast": the spellslinger's
# trigger, as its phrasing says it
# "card draw off my dudes dying", "stuff that triggers off lifegain": "off" an event is its trigger, as cards word it
# (they had ranked sorceries that draw and cards that gain life)
_OFF_DYING = re.compile(r"\boff (?:of )?(?:my |your |our |the )?(?:dudes|guys|creatures|things|stuff|tokens|"
                        r"creature|bodies|minions) (?:dying|dies|die)\b")
_OFF_LIFEGAIN = re.compile(r"\btrigger(?:s|ing|ed)? (?:off|on|from|with|whenever) (?:of )?(?:my |me |i )?"
                           r"(?:lifegain|life ?gain|gaining life|gain life)\b")
_CAST_A_SPELL = re.compile(r"\b(?:(?:when(?:ever)?|every ?time|each ?time) (?:i|you|we) cast "
                           r"(?:a |an |my |noncreature )?spells?|trigger(?:s|ing)? (?:on|off|from|when) (?:i |you )?"
                           r"(?:cast|casting)(?: (?:a |my )?(?:noncreature )?spells?)?|"
                           r"(?:cast|spell[- ]?cast) triggers?)\b")
# "draw when I play spells": players play the spells that cards cast ("whenever you cast an instant or sorcery")
_PLAY_SPELLS = re.compile(r"\bplay(?:s|ing|ed)?(?= (?:(?:an?|my|more|cheap|noncreature|instant|sorcery) )?"
                          r"(?:spells?|instants?|sorcer(?:y|ies)|noncreature spells?)\b)")
# "creatures that get counters", "put counters on my creatures": the counters a creature gets are +1/+1 counters, no
# counterspell ("counter creatures" is one), unless the request says which ("-1/-1 counters", "poison counters")
_GETS_COUNTERS = re.compile(r"\b(gets?|getting|got|put|puts|putting|place|places|placing|with|add|adds|adding) "
                            r"(?:(?:a|more|extra|lots of|some) )?counters\b|"
                            # "counters on all my creatures", "lots of counters on everything": what sits on
                            # permanents is no counterspell (a kind said before it, "-1/-1", "poison", stays)
                            r"(?:^|(?<=\bthe )|(?<=\bmany )|(?<=\bmore )|(?<=\bof )|(?<=\bsome )|(?<=\bextra ))"
                            r"counters(?= on\b)")
# "creatures that come back from the graveyard on their own", "a creature that keeps coming back": the card returns
# itself (self-recursion), as said of the card asked for; not what brings others back ("make my creatures come back"),
# nor a commander, which comes back from the command zone ("commanders that keep coming back": exile them), nor an
# artifact ("artifacts that come back" return artifacts)
_COMES_BACK = re.compile(r"\b(creatures?|cards?|threats?|beaters?|ones?|guys|dudes) (?:that|which) "
                         r"(?:keeps? |can )?(?:comes?|coming|come) back"
                         r"(?: (?:from|out of) (?:the|my|your) (?:graveyard|yard|grave|dead))?"
                         r"(?: on (?:their|its) own| by (?:themselves|itself)| again(?: and again)?)?")
# "there's a dragon that copies spells, i forgot the name": the player's memory, nothing the card does
_FORGOT_NAME = re.compile(r"\b(?:i )?(?:forgot|forget|forgotten|can'?t remember|cannot remember|don'?t remember|"
                          r"do not remember|can'?t recall|cannot recall|don'?t know)(?: what)?(?: (?:the|its|it'?s|"
                          r"their))? (?:name|names|called|it'?s called|it is called|what it'?s called)\b|"
                          r"\bwhat(?:'?s| is| was) (?:it|that|this|the)(?: card| one)? called\b")
# "every time I heal", "each time a creature dies": the card's "whenever"
_EVERY_TIME = re.compile(r"\b(?:every|each) ?time\b")
_SENTENCE_END = re.compile(r"[,;.?!]")
# what a complaint says is beaten ends at its sentence, or where the player turns to what they want ("opponents go
# wide and i need a wipe", "they keep reanimating so what should i run")
_BEATEN_END = re.compile(rf"{_SENTENCE_END.pattern}|\b(?:(?:(?:and|so|but|then) )?(?:now )?(?:i|we) "
                         r"(?:really |still |just )?(?:need|want|could use|(?:am|'m) looking|should|would like|"
                         r"can'?t|cannot|can not|am unable to|never get to)|(?:every|each) ?time|whenever|"
                         r"(?:what|which) (?:\w+ )?(?:should|do|can|could|would) (?:i|we))\b")
# what a complaint said before the player turns to it ("someone goes infinite and i can't stop it")
_PRONOUNS = frozenset({"it", "them", "that", "this", "those", "these"})
_QUESTION_OPENING = re.compile(r"\s*(?:how|what|which|where|who|why|when|is|are|can|could|should|do|does)\b")
_SAID_BEFORE = re.compile(r"(.+?)\s*(?:[,;.]|\b(?:and|but|so)\b)?\s*(?:now\s+)?\b(?:i|we)\b")
# what is beaten, ended by where it is (see _OUT_THERE_WORDS)
_OUT_THERE = re.compile(rf"\s+{_OUT_THERE_WORDS}\s*$")
# words that complete a phrasing but ask for nothing alone: "matter" is what "cards that care about" leaves once the
# thing cared about is read as a filter ("cards that care about devotion to green")
_SAYS_NOTHING_ALONE = frozenset({"matter"})
# A deck's theme with the role asked of it, said as the tags' phrasings say that role: "blink payoffs" are the creatures
# worth blinking (it read the flicker spells), "storm enablers" rituals and cost reducers (it read the storm cards),
# "go wide anthems" anthems for tokens (it read token makers)
_THEME_ROLES = ((re.compile(r"\b(?:blink|flicker)(?:ing)? (?:payoffs?|targets?|fodder|value creatures?)\b"),
                 "etb creatures"),
                (re.compile(r"\bstorm (?:enablers?|fuel)\b|\benablers? for storm\b"), "ritual cost reducer"),
                (re.compile(r"\bgo(?:ing)?[- ]?wide anthems?\b"), "anthems for tokens"))
_REWRITES = (*_THEME_ROLES,
             (_UNKILLABLE, "indestructible"), (_GETS_COUNTERS, r"\1 +1/+1 counters"),
             (_COMES_BACK, r"\1 that returns themselves from the graveyard"), (_UNTARGETABLE, "hexproof"),
             (_UNABLE, "cannot"),
             (_FIND_TYPE, r"\1search for "), (_DIG_THROUGH, "search my library for"), (_PLAY_SPELLS, "cast"),
             (_OFF_DYING, "whenever a creature dies"), (_OFF_LIFEGAIN, "whenever you gain life"),
             (_CAST_A_SPELL, "whenever you cast an instant or sorcery"), (_INTO_HAND, " "), (_UNTARGETED, " edict "),
             (_ROLL_DIE, "roll dice"),
             (_KEEPS_DYING, "protect"),
             (_FATTIES, "big creatures"), (_OUT_OF_FODDER, "fodder to sacrifice"), (_OUT_OF_STEAM, "out of gas"),
             (_FETCH_CARD, "search my library for a card"), (_FETCH_COMBO, "find"),
             (_OUT_OF_MANA, "not enough mana"), (_DURING_DRAW, "each turn"), (_EXTRA_DRAW, r"\1 draw"),
             (_EACH_OTHER, "force attacks"), (_MUCH_MANA, "too much mana"), (_INTO_PLAY, "onto the battlefield"),
             (_EXCEPT_MINE, "except mine"), (_EVERYTHING, r"\1\2 all creatures"),
             (_GUYS, "creatures"), (_GUY, "creature"), *_PLAYER_WORDS, *_HARD_TO_BLOCK, *_IDIOMS,
             (_SIZED_TOKENS, r"\1 tokens"), (_ETB_DOUBLERS, "double etb triggers"),
             (_TRIGGER_DOUBLERS, "trigger doubler"), (_FROG, "get rid of a creature"),
             (_EMPTY_HAND, "hand is empty"), (_TOO_MUCH, " "), (_COMMANDER_TAX, "commander cost"),
             (_AT_WILL, "at will"), (_FORGOT_NAME, " "), (_AT_ONCE, " "), (_GAME_STAGE, " "), (_HITS, " "),
             (_CARES_ABOUT, "matter"),
             (_EVERY, "all "),
             (_EVERY_TIME, "whenever"), (_CANNOT, "cannot"), (_NEGATION, " not"))
# each rewrite with the text it cannot match without: a request skips the rewrites it holds none of
_GATED_REWRITES = tuple((pattern, replacement, required_parts(pattern) or ("",)) for pattern, replacement in _REWRITES)
# each rewrite's parts as one regular expression finding any of them (None where every text holds one)
_REWRITE_FINDERS = tuple(finder(parts) for _, _, parts in _GATED_REWRITES)
_TOKEN = re.compile(r"[+-]?(?:\d+|x)/[+-]?(?:\d+|x)|[a-z0-9]+")
# "+2/+2", "-3/-3": any size of change is "+x/+x", "-x/-x"; "+1/+1" and "-1/-1" name counters and anthems
_ANY_CHANGE = re.compile(r"^([+-])(?!1/[+-]1$)\d+/\1\d+$")
_STEMMER = Stemmer.Stemmer("english")  # the Snowball stemmer BM25 uses (search/lexical.py)
# Word forms the stemmer leaves apart though players use them for one thing: "recur lands" asks for land
# recursion ("recursion" stems to "recurs", "recur" to "recur"); "shield my board from wraths" and "safeguard my
# creatures" ask for what the phrasings call protecting; what rules text destroys, players kill ("destroy every
# creature" is the sweeper's "kill all creatures").
_SAME_STEM = {"destroy": "kill", "recurs": "recur", "shield": "protect", "safeguard": "protect", "sacrif": "sacrific",
              "oppos": "oppon",
              "when": "whenev"}  # "draw when creatures enter": players' "when" is the card's "whenever"
# "artifacts that draw cards", "enchantment card draw": a permanent that draws is asked for as an engine, which keeps
# drawing (Jayemdae Tome, Phyrexian Arena), not one that draws once as it is sacrificed (Mossfire Egg)
_DRAWING_PERMANENTS = frozenset(_STEMMER.stemWords("artifact artifacts enchantment enchantments equipment".split()))
_TO_ENGINE = {TAG_INDEX["card-draw"]: TAG_INDEX["repeatable-draw"]}
# what a request copies, named after the verb: a permanent is copied by clones and token copies, not by Fork
_COPIED_PERMANENT = re.compile(
    r"\bcop(?:y|ies|ying)\s+(?:(?:of|a|an|my|your|our|their|opponents?['’]?s?|the|target|any|each|one|all|best|"
    r"biggest|own|other)\s+){0,3}(?:creatures?|permanents?|tokens?|artifacts?|commanders?|enchantments?|lands?|"
    r"planeswalkers?|legends?|guys?|dudes?)\b")
_COPY_SPELL = frozenset({TAG_INDEX["copy-spell"]})
# a card type a phrasing names is what tells its tag apart ("mana dork" or "mana rock", "artifact board wipe")
_TYPE_WORDS = frozenset(_STEMMER.stemWords(
    "creature creatures artifact artifacts enchantment enchantments land lands planeswalker planeswalkers instant "
    "instants sorcery sorceries aura auras equipment".split()))
# What answers a card type a request wants beaten ("artifacts keep beating me", "weak to enchantments")
_TYPE_ANSWERS = {_STEMMER.stemWord(word): TAG_INDEX[tag] for word, tag in (
    ("creatures", "creature-removal"), ("artifacts", "artifact-removal"), ("enchantments", "enchantment-removal"),
    ("planeswalkers", "planeswalker-removal"), ("lands", "land-destruction"),
    # the subtypes a request wants beaten by their type's answer ("anti-equipment cards", "how do i beat auras")
    ("equipment", "artifact-removal"), ("auras", "enchantment-removal"))}
# words that qualify what is to be beaten without naming a function ("big creatures", "their artifacts")
_QUALIFIERS = frozenset(_STEMMER.stemWords(
    ["big", "huge", "large", "giant", "fat", *_SMALL.split("|"), "their", "opposing", "enemy"]))
_NOT = frozenset({"not"})  # what "n't" reads as (_NEGATION)
# how many, which a tag whose phrasings do not use it is not asked for less by ("needs more fetches"; "more tokens"
# is still the doublers', whose phrasing holds the word)
_QUANTITY = frozenset({"more"})
_TARGET = _STEMMER.stemWord("target")
# what a complaint's opponents do with what is to be beaten ("my opponents keep playing big threats, I need answers"):
# the object names it, not the verb, nor the answers asked for
_BRINGING = frozenset(_STEMMER.stemWords("play playing cast casting resolve resolving deploy deploying drop dropping "
                                         "run running get getting have having put putting answers need".split()))
# permanents to be beaten named by their threat, not their type ("they keep casting huge threats"): removal answers
_THREATS = frozenset(_STEMMER.stemWords("threat threats bomb bombs".split()))
_MY_SIDE = re.compile(r"\b(?:my|mine|our|own|ours|me|us)\b")  # a sweeper that spares these is one-sided
_THEIR_SIDE = re.compile(r"\b(?:opponents?['’]?s?|their|theirs|enemy|enemies|rivals?)\b")  # "my opponent's creatures"
_SWEEPER, _ONE_SIDED = TAG_INDEX["sweeper"], TAG_INDEX["sweeper-one-sided"]
_REMOVAL = TAG_INDEX["removal"]
_CREATURE_REMOVAL = TAG_INDEX["creature-removal"]
# answers of one manner that, with no card type named, players ask of creatures most of all
_DEFAULT_CREATURE = frozenset(TAG_INDEX[name] for name in ("exile-removal", "bounce", "tuck"))
# answers to one permanent of any type, by one manner
_ONE_MANNER = frozenset(TAG_INDEX[name] for name in ("exile-removal", "exile-until-leaves", "permanent-removal",
                                                     "bounce", "tuck"))
_PARENTS = [(TAG_INDEX[child], TAG_INDEX[parent]) for child, parent in TAG_PARENTS.items()]
_KIN = frozenset(_PARENTS) | frozenset((parent, child) for child, parent in _PARENTS)


def kin(a: int, b: int) -> bool:
    """Whether tag ``a`` is nested right under ``b`` or ``b`` under ``a`` (one ask, said broadly or narrowly)."""
    return (a, b) in _KIN
# the tags of a payoff's trigger (what a card waits for): inside another tag's phrasing they still say when the card
# acts ("draw whenever a creature enters" is repeatable draw on a creature's entering), so they stay asked
_TRIGGERS = frozenset(TAG_INDEX[name] for name in (
    "creature-etb-payoff", "lifegain-payoff", "landfall-payoff", "aristocrat-payoff", "sacrifice-payoff",
    "spellslinger-payoff", "token-payoff", "artifact-payoff", "enchantment-payoff", "cycling-payoff", "draw-payoff",
    "discard-payoff"))  # not a card's own triggers (death-trigger: "when this dies"), which the longer one's says
_OWN_TRIGGERS = frozenset(TAG_INDEX[name] for name in (
    "death-trigger", "etb-trigger", "attack-trigger", "combat-damage-trigger", "upkeep-trigger", "end-step-trigger"))
# the one card type a typed tag acts on: among tags of one function, a request naming a type asks for its own
# ("return lands from graveyard to battlefield" is land recursion, not reanimation; "tutors for enchantments")
_OBJECT_TYPE = {TAG_INDEX[tag]: _STEMMER.stemWord(word) for tag, word in (
    ("creature-removal", "creatures"), ("artifact-removal", "artifacts"), ("enchantment-removal", "enchantments"),
    ("planeswalker-removal", "planeswalkers"), ("land-destruction", "lands"), ("sweeper", "creatures"),
    ("artifact-sweeper", "artifacts"), ("enchantment-sweeper", "enchantments"), ("land-sweeper", "lands"),
    ("reanimate", "creatures"), ("mass-reanimate", "creatures"), ("recursion-land", "lands"),
    ("recursion-artifact", "artifacts"), ("tutor-creature", "creatures"), ("tutor-land", "lands"),
    ("tutor-artifact", "artifacts"), ("tutor-enchantment", "enchantments"), ("counterspell-creature", "creatures"),
    ("damage-sweeper", "creatures"), ("exile-sweeper", "creatures"))}
# the card types each typed recursion tag brings back, and those a request may name as what it brings back
_RECURSION_OF = {TAG_INDEX[tag]: frozenset(_STEMMER.stemWords(kinds)) for tag, kinds in (
    ("reanimate", ["creatures"]), ("mass-reanimate", ["creatures"]), ("recursion-land", ["lands"]),
    ("recursion-artifact", ["artifacts"]), ("recursion-spell", ["instants", "sorceries"]))}
_OBJECT_KINDS = frozenset(_OBJECT_TYPE.values())
_NAMED_TYPES = _OBJECT_KINDS | frozenset(_STEMMER.stemWords(["instants", "sorceries"]))
# (reanimation too: a creature's, which a land or an artifact named as what comes back is not)
_BROAD_RECURSION = tuple(TAG_INDEX[name] for name in ("recursion", "regrowth", "reanimate"))
_SPELL_RECURSION, _REANIMATE = TAG_INDEX["recursion-spell"], TAG_INDEX["reanimate"]
_RECURSION_BY_TYPE = {_STEMMER.stemWord(word): TAG_INDEX[tag] for word, tag in (
    ("instants", "recursion-spell"), ("sorceries", "recursion-spell"), ("spells", "recursion-spell"),
    ("artifacts", "recursion-artifact"), ("lands", "recursion-land"))}
# a type named after what brings a card back is what comes back ("regrowth for instants", "return lands to
# hand"); before it, the kind of card asked for ("spells that return all creatures"); "instant speed" is no type
_RECURSION_OBJECT = re.compile(r"\b(?:regrowth|recursion|recur\w*|return\w*|rebuy\w*|reanimat\w*|put(?:s|ting)?|"
                               r"(?:get|gets|bring|brings) back)\b(.*)")
_INSTANT_SPEED = re.compile(r"\b(?:at )?instant[- ]speed\b")
# the tags that answer a permanent: removal and sweepers, and the narrower tags under them
_ANSWERS = frozenset(TAG_INDEX[name] for name in TAG_INDEX
                     if {"removal", "sweeper"} & {name, TAG_PARENTS.get(name), TAG_PARENTS.get(TAG_PARENTS.get(name))})
_GRAVEYARD, _GRAVEYARD_HATE = _STEMMER.stemWord("graveyard"), TAG_INDEX["graveyard-hate"]
# What beats a deck named by its plan when no tag names it, first match first: a graveyard deck, called by the
# graveyard or the mechanic it plays ("graveyard decks", "anti dredge", "answers to flashback"), by graveyard hate;
# voltron, one suited-up creature and often a hexproof one, by an edict
_PLAN_ANSWERS = (
    (frozenset(_STEMMER.stemWords("graveyard yard dredge flashback unearth escape delve embalm eternalize disturb "
                                  "retrace jumpstart".split())), _GRAVEYARD_HATE),
    (frozenset({_STEMMER.stemWord("voltron")}), TAG_INDEX["edict"]),
    # a combo deck ("i keep losing to combo", "how do i beat combo decks") by what stops its spells and abilities
    (frozenset(_STEMMER.stemWords("combo combos comboing".split())), TAG_INDEX["stax"]),
    # what destroying does not kill ("removal that works on indestructible creatures"): exile does
    (frozenset(_STEMMER.stemWords("indestructible regenerate regeneration unkillable".split())),
     TAG_INDEX["exile-removal"]),
    # burn ("lifegain against burn", "what beats burn decks") by life gained; an aggro deck ("good against aggro",
    # "i keep losing to aggro") by what clears its creatures
    (frozenset(_STEMMER.stemWords("burn burns".split())), TAG_INDEX["lifegain"]),
    (frozenset(_STEMMER.stemWords("aggro aggressive".split())), TAG_INDEX["sweeper"]),
    # an enchantress deck ("the enchantress player draws a ton of cards") by what clears every enchantment; blockers
    # ("my creatures die to blockers") by what gets past them
    (frozenset(_STEMMER.stemWords("enchantress enchantresses".split())), TAG_INDEX["enchantment-sweeper"]),
    (frozenset(_STEMMER.stemWords("blockers walls".split())), TAG_INDEX["evasion-granter"]),
    # combat damage ("i get killed by combat damage every game"): what stops it for a turn
    (frozenset({_STEMMER.stemWord("combat")}), TAG_INDEX["fog"]),
)
# what brings a card back from a graveyard (recursion and the tags under it): with one of these, a graveyard named
# is where the card comes from
_FROM_GRAVEYARD = frozenset(TAG_INDEX[name] for name in TAG_INDEX
                            if name == "recursion" or TAG_PARENTS.get(name) == "recursion")
_OPPOSES = [(TAG_INDEX[hate], TAG_INDEX[stopped]) for hate, stops in TAG_OPPOSES.items() for stopped in stops]
# what is done to the player's own things ("killing my commander", "wipe my board"), and the tags that guard them
_OWN_THINGS = re.compile(r"\b(?:my|our)\b(?! opponent| enem)")  # (not "my opponent's commander": theirs)
_GUARDS = frozenset(TAG_INDEX[name] for name in ("hexproof-granter", "indestructible-granter", "protection-granter",
                                                 "board-protection"))
# A hate tag's own phrasings say what it stops ("stop combos", "stop opponents casting spells" are stax's), so stax
# is what a request wants beaten only where it is named ("what beats a stax deck", "answers to prison")
_BEATEN_ONLY_BY_NAME = {TAG_INDEX["stax"]: frozenset(_STEMMER.stemWords(
    "stax prison prisons lock locks hatebears taxes".split()))}
# Removal's phrasings name the threat it answers ("deal with one big threat"): removal is what a request wants beaten
# only where its words say removal ("protect my artifacts from artifact removal", "answers to removal")
_REMOVAL_NAMED = frozenset(_STEMMER.stemWords(
    "removal remove removed removing destroy destroyed destruction kill killed killing exile exiled".split()))
_BEATEN_ONLY_BY_NAME |= {TAG_INDEX[name]: _REMOVAL_NAMED for name in TAG_OPPOSES["protection-granter"]}


# words of a phrasing about guarding ("board wipe protection"), which may name what is guarded against
_GUARD_WORDS = frozenset(_STEMMER.stemWords("protect protection save safe shield guard defend hexproof immune".split()))


def opposed(indices: frozenset[int]) -> frozenset[int]:
    """The tags that the hate tags among ``indices`` stop (``TAG_OPPOSES``): no answer to a request for those."""
    return frozenset(stopped for hate, stopped in _OPPOSES if hate in indices)


# Colour and format words left in a query when explicit filters overrule their reading ("card advantage for a
# mono-red deck" with an identity filter): they say which cards, not which function, so they weigh nothing.
_FILTER_WORDS = frozenset(_STEMMER.stemWords(
    [*(name for name, letters in COLOR_NAMES.items() if len(letters) <= 3), "mono", "colourless", "multicolor",
     "multicolored", "commander", "edh", "cedh", "legacy", "modern", "pauper", "vintage", "standard", "pioneer"]))


@dataclass(frozen=True)
class Weights:
    """How the hybrid ranker fuses its lists, for one encoder (tuned on dev splits only, see docs/embedder.md).

    Each ranker's list adds ``weight / (rrf_k + rank)``: ``lexical`` for each BM25 list (words, phrases),
    ``dense`` for the embeddings' (``dense_literal`` when the query is in rules-text wording, which BM25
    matches best, see :func:`is_literal`); a matched tag's list is scaled by ``tags``. A tag phrasing
    matches a query by meaning from the cosine ``meaning_threshold``, at full weight from ``meaning_full``
    (each encoder spreads its cosines differently), and in rules-text wording too if ``meaning_literal``.
    ``relevance_mix`` and ``dense_mix`` are how much the other rankers' fused score and the embedding cosine
    reorder a matched tag's cards (see :func:`tag_order`).

    A tag matched by meaning only, beside one named in words, counts ``meaning_beside_words`` of its weight.
    Pseudo-relevance feedback (search/feedback.py), off when ``feedback_depth`` is 0: the tags shared by the
    first ``feedback_depth`` cards of the embedding list (rank r weighing ``1 / (feedback_k + r)``) and found
    by no phrasing join as up to ``feedback_tags`` weaker matches (``feedback_weight`` times their share, from
    a share ``feedback_share`` and ``feedback_lift`` times their base rate), and a phrasing matches by meaning
    only if its tag holds ``meaning_support`` of that head. The embedding list keeps ``dense_explained`` of its
    weight when a tag named in words explains the whole query (see :func:`dense_share`)."""

    rrf_k: int = 60
    lexical: float = 1.0
    dense: float = 1.0
    dense_literal: float = 1.0
    tags: float = 1.0
    meaning_threshold: float = MEANING_THRESHOLD
    meaning_full: float = 1.0
    meaning_literal: bool = True
    relevance_mix: float = RELEVANCE_MIX
    dense_mix: float = 0.0
    feedback_depth: int = 0
    feedback_k: int = 10
    feedback_tags: int = 0
    feedback_weight: float = 0.0
    feedback_share: float = 0.3
    feedback_lift: float = 3.0
    meaning_support: float = 0.0
    meaning_beside_words: float = 1.0
    dense_explained: float = 1.0


# Swept on the dev split only (docs/embedder.md): the static model's dense list is far better than MiniLM's, so
# it counts twice (but not on rules-text wording, where BM25 is best) and reorders a tag's cards; its cosine to
# a right tag phrasing is seldom near 1, so a phrasing matches by meaning at full weight from 0.85. Re-swept for
# the model retrained with hard negatives and tag phrasing pairs: the BM25 lists count 0.8, the tags' lists 1.2.
# Its meaning matches of tags often pick a neighbour of the right tag ("destroy all creatures": artifact and
# enchantment sweepers), so they must be borne out by its own dense list's head and count 0.3 beside a tag named
# in words; the head's most telling tag no phrasing found joins at 0.3 of its share (issue #19). Where a tag named
# in words is the whole request ("mana dorks", "card draw"), its dense list keeps a quarter of its weight: the
# tag's order, not the cards worded most like the request ("Draw a card."), decides (dev: tags +0.5, deckneeds +1.0).
ENCODER_WEIGHTS = {
    "minilm": Weights(),
    "static": Weights(lexical=0.8, dense=2.0, dense_literal=0.6, tags=1.2, meaning_full=0.85, meaning_literal=False,
                      relevance_mix=0.5, dense_mix=0.1, feedback_depth=30, feedback_tags=1, feedback_weight=0.3,
                      feedback_lift=20.0, meaning_support=0.2, meaning_beside_words=0.3, dense_explained=0.25),
}


def theme_split(text: str, tribes: Container[str] = frozenset()) -> tuple[str, str] | None:
    """``(head, theme)`` when ``text`` ends in a deck's theme after its last "for" ("card draw for my token deck":
    "card draw", "my token") or begins with it ("my reanimator deck needs discard outlets": "discard outlets",
    "reanimator"; "my deck is too slow, need cheap interaction": "cheap interaction", "my deck is too slow"), else
    ``None``; a theme or a head of stopwords only ("for my deck") is none. With ``tribes`` (the creature type words
    the store knows), a tribe is a theme too: "card draw for my elves", "ramp for dragon tribal", "my zombies need
    sac outlets"; given as a mapping to each word's type, a type in its singular first too: "dragon ramp"."""
    start = text[: THEME_MAX_CHARS * 4]
    first = _BUILDING_DECK.fullmatch(start) or _THEME_FIRST.fullmatch(start) or _NEED_CLAUSE.fullmatch(start) or \
        _THEME_COMPLAINT.fullmatch(start)
    if not first and (tribal := _TRIBE_FIRST.fullmatch(start)) and tribal["theme"].lower() in tribes:
        first = tribal
    if not first and isinstance(tribes, Mapping) and (lead := _TRIBE_LEAD.fullmatch(start)) and \
            tribes.get(lead["theme"].lower()) == lead["theme"].lower() and words(lead["head"]) and \
            lead["head"].split()[0].lower() not in _NO_NEED:
        # "dragon ramp", "best goblin sac outlets": a type in its singular before a need is the deck's (its plural,
        # "goblins with haste", is a ``t:`` filter already)
        return f"{lead['before']}{lead['head']}".strip(), lead["theme"]
    if first and first.re is _NEED_CLAUSE and first["bare"] and \
            (not complains(first["theme"]) or _ANSWERS_IT.search(first["head"])):
        # with no stop, only a complaint is a clause of its own ("when they die i want to draw"), and only where
        # what is asked does not point back to it ("they play lifegain and i want to punish that")
        first = None
    if first and words(first["theme"]) and words(first["head"]):
        return first["head"].strip(), first["theme"]
    last = max(_FOR.finditer(text), key=lambda found: found.start(), default=None)
    if last is None or len(text) - last.end() > THEME_MAX_CHARS:
        return None
    head, tail = text[:last.start()], text[last.end():].strip()
    if _HATE_HEAD.search(head):
        return None  # "hate for token decks": what beats the deck (see _AGAINST), not a token deck's hate
    found = _THEME_DECK.fullmatch(tail) or _THEME_ARCHETYPE.fullmatch(tail)
    if not found and (tribal := _THEME_TRIBE.fullmatch(tail)) and _names_tribe(tribal["theme"], tribes) and \
            (tribal["own"] or set(tribal["theme"].lower().split()) & _TRIBAL_WORDS):
        found = tribal  # "for my elves", "for elf tribal"; not "for a dragon" (what a tutor finds)
    if not found or not words(found["theme"]) or not words(head):
        return None
    return head.strip(), found["theme"]


def _names_tribe(theme: str, tribes: Container[str]) -> bool:
    """Whether a deck's theme is a creature type: "elves", or "dragon tribal" (a bare "tribal" is no type)."""
    named = [word for word in theme.lower().split() if word not in _TRIBAL_WORDS]
    return len(named) == 1 and named[0] in tribes


def weights_for(encoder_name: str) -> Weights:
    """The fusion weights tuned for an encoder (the class defaults, MiniLM's, for one not tuned)."""
    return ENCODER_WEIGHTS.get(encoder_name, Weights())


# "give my team trample", "haste for all my creatures", "lifelink for my whole army", "mass blink": done to every
# creature the player controls, as Levitation gives flying and Jump does not (one creature, one turn)
_TEAM = re.compile(r"\b(?:(?:my|our) (?:whole |entire )?(?:team|army|board|side|forces|tokens|creatures|guys|dudes)|"
                   r"all (?:of )?(?:my|our) (?:[a-z]+ )?(?:creatures|tokens|guys|dudes)|team[- ]wide|"
                   r"(?:all|every|each) creatures? (?:i|we) control|creatures (?:i|we) control|mass)\b")
# a card's clause giving every creature (or permanent) its controller controls something, at a clause's start
# ("Creatures you control have flying", "until end of turn, creatures you control gain trample", "All creatures have
# haste"), not a tribe's ("Sliver creatures you control have flying") nor one creature's
TEAM_GRANT = re.compile(r"(?:^|[.:\n\u2014\u2022(]\s*|, )(?:until end of turn, )?(?:other |each |all |attacking )?"
                        r"(?:nontoken )?(?:creatures? you control|permanents you control|creatures) "
                        r"(?:have|has|gain|gains|get|gets|can't be blocked)\b", re.IGNORECASE)
# a blink of every creature (or any number of them) its controller controls: Eerie Interlude, Semester's End
TEAM_BLINK = re.compile(r"\bexile (?:each|all|any number of(?: other)?(?: target)?) (?:other )?(?:nontoken |nonland )?"
                        r"(?:creatures?|permanents?)(?: and/or planeswalkers)? you control\b", re.IGNORECASE)
# the tags whose cards a request for the whole team wants done to all of its creatures, and how a card says so: the
# keyword granters, and blink
TEAM_FORMS = {
    **dict.fromkeys((TAG_INDEX[name] for name in (
        "haste-enabler", "evasion-granter", "unblockable-granter", "flying-granter", "trample-granter",
        "lifelink-granter", "deathtouch-granter", "double-strike-granter", "first-strike-granter",
        "vigilance-granter", "hexproof-granter", "indestructible-granter", "protection-granter")), TEAM_GRANT),
    TAG_INDEX["flicker"]: TEAM_BLINK,
}
# The tags whose narrow answers are often narrow only for acting on one creature type ("Elf creatures you control
# get +3/+3", "Add {R} for each Goblin you control", "Spend this mana only to cast Dragon spells"): for that tribe's
# deck such a card naming the tribe as the player's is a direct answer (elsewhere narrow means conditional)
# (not the other keyword granters: a narrow protection is mostly from a few colours or types, Sword of Dungeons &
# Dragons' from Rogues and Clerics)
TRIBE_NARROW_TAGS = frozenset(TAG_INDEX[name] for name in (
    "overrun", "anthem", "lord", "pump", "haste-enabler", "ramp", "mana-dork", "mana-rock", "ritual", "cost-reducer"))
TEAM_LIFT = 0.3  # in directness: a direct answer for the whole team before a direct one for one creature
# "give my commander haste", "hexproof for my general": one creature, kept on it, as an Equipment or an Aura gives a
# keyword (Lightning Greaves, Swiftfoot Boots; Mass Hysteria, every creature's, had led); the same lift
_COMMANDER_ALONE = re.compile(r"\b(?:my|our|your|the) (?:commander|general)\b")
ONE_GRANT = re.compile(r"\b(?:equipped|enchanted) creature (?:has|have|gets|gains|can't be)\b", re.IGNORECASE)
# (not protection: a commander is protected as well by an instant that answers the removal, Heroic Intervention,
# Teferi's Protection, as by what it wears; lifting the Equipment had cost "more ways to protect my commander" on dev)
ONE_FORMS = frozenset(index for index, form in TEAM_FORMS.items() if form is TEAM_GRANT) - {
    TAG_INDEX[name] for name in ("hexproof-granter", "indestructible-granter", "protection-granter")}
# "take control of all their creatures", "tap down all their creatures", "make them discard their hand", "get back all
# my creatures from the graveyard": done to every card of a kind, or to a whole hand, not to one (the tags hold both:
# Control Magic and Mass Manipulation, Frost Breath and Sleep, Duress and Mind Twist, Raise Dead and Eerie Ultimatum)
_MASS = re.compile(r"\b(?:all|every|each) (?:of )?(?:(?:their|the|your opponents'?|opponents'?|enemy|my|our) )?"
                   r"(?:[a-z]+ )?(?:creatures|permanents|cards|lands|artifacts|enchantments)\b|"
                   r"\b(?:their|the) (?:whole|entire) (?:board|team|army|hand)\b|"
                   r"\bdiscards? (?:their|his|her|the) (?:whole |entire )?hand\b|\bwhole hand\b|"
                   # "edicts that make each opponent sacrifice": every opponent at once, not one target player
                   r"\b(?:each|every|all) (?:of )?(?:my |the )?opponents?\b")
# how a card says it does the tag's effect to many: the tags whose cards a request for all of them wants done to all
MASS_FORMS = {
    **dict.fromkeys((TAG_INDEX[name] for name in ("steal", "threaten", "theft")), re.compile(
        r"\bgain control of (?:all|each|every|any number of|x target|up to (?:two|three|four|five|x))\b|"
        r"\bfor each opponent, gain control\b|\buntap all creatures and gain control\b", re.IGNORECASE)),
    TAG_INDEX["tapper"]: re.compile(r"\btap (?:all|each|any number of|x target|up to (?:two|three|four|five|x))"
                                    r"(?: target)? (?:untapped )?(?:nonland )?(?:creatures?|permanents?)\b",
                                    re.IGNORECASE),
    # (an opponent's whole hand, not a wheel's "each player discards their hand, then draws seven")
    TAG_INDEX["discard"]: re.compile(r"\b(?:target (?:player|opponent)|each opponent|that player) discards (?:their|"
                                     r"his or her) hand\b|\b(?:target (?:player|opponent)|each opponent) discards "
                                     r"(?:x|three|four|five|six|seven) cards\b", re.IGNORECASE),
    TAG_INDEX["edict"]: re.compile(r"\b(?:each opponent|each player|each other player) sacrifices\b", re.IGNORECASE),
    **dict.fromkeys((TAG_INDEX[name] for name in ("recursion", "reanimate")), re.compile(
        r"\breturn (?:all|each|any number of|x target|up to x)(?: target)? (?:other )?"
        r"(?:creature|permanent|nonland permanent|artifact|enchantment) cards?\b|"
        r"\bputs? all (?:creature|permanent) cards\b", re.IGNORECASE)),
}
# in directness: a tribe's card for a tribal deck before others, a triggered one (a Dragon's "whenever you cast a
# Dragon spell, add") beside a direct one
TRIBE_LIFT = 0.45
TRIBE_BOOST = 0.5  # and the fused score of such a card, by half again
# "kill something big", "removal for fatties", "answers to bombs": what is to be answered is big, so an answer that
# only deals a little damage or shrinks a little (Lightning Bolt, Disfigure), or only takes small ones (Cut Down),
# comes after one that answers anything (Fell), by this much directness (four mana's worth); SMALL_ANSWER says so
_BIG_TARGET = re.compile(r"\b(?:big(?:gest|ger)?|huge|large(?:st)?|giant|fat|fatt(?:y|ies)|massive|bombs?|"
                         r"titans?)\b")
SMALL_ANSWER_COST = 0.16
SMALL_ANSWER = re.compile(r"\bdeals? [1-5] damage to (?:any target|target (?:attacking |blocking )?creature)|"
                           r"\bgets? -[1-5]/-[0-5]\b|"
                           r"\b(?:total )?(?:power|toughness|mana value|power and toughness) [0-5] or less\b",
                           re.IGNORECASE)
BIG_ANSWER_TAGS = frozenset(TAG_INDEX[name] for name in ("removal", "creature-removal", "exile-removal"))


# in directness: where a request names a function and the trigger it waits for in words ("draw a card whenever a
# creature enters": repeatable draw and a creature-entering payoff), a card doing both comes before one doing either
BOTH_LIFT = 1.0


def paired_tags(chosen: Sequence[TagMatch], literal: bool = False, also: bool = False) -> tuple[int, ...]:
    """The tags of ``chosen`` asked in words or meaning at :data:`MIN_WEIGHT` or more (of what is left of it in
    ``literal`` rules-text wording), when one is a trigger, a payoff's or the card's own (:data:`_TRIGGERS`,
    :data:`_OWN_TRIGGERS`: when the other acts), another a function (no trigger: "death triggers" are aristocrat
    payoffs and dying creatures, one ask), and no two a broader tag and a narrower one under it ("removal" and
    "creature removal": the same ask); else none. Where the request asks for one card doing ``also`` another thing
    ("removal that also draws a card", :func:`asks_both`), every two such tags not of one kin pair."""
    least = MIN_WEIGHT * (LITERAL_FACTOR if literal else 1.0)  # rules-text wording weighs every match less
    named = tuple(dict.fromkeys(m.index for m in chosen
                                if m.by in ("words", "meaning") and m.weight >= least - 1e-9))
    if also:
        return named if any((a, b) not in _KIN for a in named for b in named if a != b) else ()
    waits = _TRIGGERS | _OWN_TRIGGERS
    # on its own trigger a creature pumps itself ("creatures that get +2/+2 when they attack"): no pump spell's
    effects = set(named) - waits - (_PUMPS if not _TRIGGERS.intersection(named) else frozenset())
    if not waits.intersection(named) or not effects or \
            any((a, b) in _KIN for a in named for b in named if a != b):
        return ()
    return named


_PUMPS = frozenset(TAG_INDEX[name] for name in ("pump", "overrun", "anthem"))


# A payoff's action ("whenever you draw"), said before a "when" and not after it, is what the card does on another
# trigger ("draw when creatures enter", "gain life whenever a creature dies"), so the payoff is not asked for
_WHEN = r"\b(?:when(?:ever)?|(?:every|each) ?time)\b"
_TRIGGER_CLAUSE = re.compile(rf"{_WHEN}[^,;.?!]*$")  # a "when" clause closing the request
_THEY = re.compile(r"\b(?:they|them|their|opponents?|enemy|enemies|someone|anyone|players?)\b")
_PAYOFF_ACTIONS = tuple((TAG_INDEX[tag], re.compile(rf"\b(?:{action})\b.*?{_WHEN}"),
                         re.compile(rf"{_WHEN}.*?\b(?:{action})\b"))
                        for tag, action in (("draw-payoff", r"draw\w*"), ("sacrifice-payoff", r"sac\w*"),
                                            ("discard-payoff", r"discard\w*"), ("cycling-payoff", r"cycl\w*"),
                                            ("lifegain-payoff", r"gain\w* (?:\w+ )?life|heal\w*|lifegain")))


# "draw whenever I cast a spell" waits for the player's casting (a spellslinger's payoff), not a cantrip's own ("draws
# a card when cast")
_WHEN_I_CAST = re.compile(rf"{_WHEN} (?:i|you|we) (?:cast|play)\b")
_CANTRIP = TAG_INDEX["cantrip"]


def _effect_not_trigger(lowered: str) -> list[int]:
    """The payoff tags whose action ``lowered`` says only before a "when" (:data:`_PAYOFF_ACTIONS`), and the cantrip
    when the player's casting is what is waited for."""
    if "when" not in lowered and "time" not in lowered:
        return []
    return [tag for tag, before, after in _PAYOFF_ACTIONS if before.search(lowered) and not after.search(lowered)] + \
        ([_CANTRIP] if _WHEN_I_CAST.search(lowered) else [])


# "steal artifacts", "protect my enchantments", "sacrifice artifacts for value": a permanent type the request acts on,
# which the cards of a tag acting on any type may name (Invoke the Winds and Steal Artifact among the steal tag's
# creature thieves): those come first, as a tribe's do (a typed tag's cards all name its type)
OBJECT_LIFT = 0.45
_OBJECT_FORMS = {_STEMMER.stemWord(word): re.compile(rf"\b(?:{word}|permanent)s?\b", re.IGNORECASE)
                 for word in ("artifact", "enchantment", "planeswalker", "land")}  # a permanent is any of them


def object_form(text: str) -> re.Pattern | None:
    """How a card's text names the one noncreature permanent type a request in players' words acts on, else
    ``None`` (none named, several, or creatures too)."""
    if is_literal(text):
        return None
    asked = frozenset(words(text))
    kind = _only_named(asked, _OBJECT_FORMS)
    return _OBJECT_FORMS[kind] if kind is not None and _STEMMER.stemWord("creatures") not in asked else None


def typed(index: int) -> bool:
    """Whether a tag acts on one card type (creature removal, artifact recursion), all its cards naming it."""
    return index in _OBJECT_TYPE


def asks_big_target(text: str) -> bool:
    """Whether a request wants something big answered ("kill something big", "removal for big creatures")."""
    return _BIG_TARGET.search(text.lower()) is not None


# one card doing two things: "removal that also draws a card", "a counterspell that draws as well", "ramp plus card
# draw in one card"
# "creatures i can cast at instant speed", "spells that i can play at instant speed": the cards asked for have flash
# themselves (CR 702.8a), which is not the permission a flash-granter gives other spells ("cards that let me play
# creatures at instant speed"); the type before it is read as a filter, so it is looked for in the ranking context
_OWN_FLASH = re.compile(r"\b(?:creatures?|spells?|cards?|permanents?|artifacts?|enchantments?|planeswalkers?|things|"
                        r"stuff|ones|guys|dudes) (?:that |which )?(?:i|you|we) (?:can|could|may) (?:cast|play) "
                        r"(?:them |it )?at instant[- ]speed\b")
FLASH_GRANTER = TAG_INDEX["flash-granter"]


def asks_own_flash(text: str) -> bool:
    """Whether a request asks for cards cast at instant speed themselves, that is with flash, rather than for what
    gives other spells flash (:data:`_OWN_FLASH`)."""
    return _OWN_FLASH.search(text.lower()) is not None


# A card giving other spells flash: "as though they had flash" (Quick Sliver), "creature cards you own ... have flash"
# (Teferi, Mage of Zhalfir), "gains flash"; its own keyword line is a bare "Flash"
FLASH_GIVEN = re.compile(r"\b(?:have|has|had|gains?) flash\b", re.IGNORECASE)

_BOTH = re.compile(r"\b(?:also|as well|plus|at the same time|doubles? as|in one card|both)\b|"
                   # a function qualified by another ("creature removal that exiles", "ramp that draws")
                   r"\b(?:removal|ramp|wipes?|wraths?|sweepers?|counterspells?|counters|tutors?|draw|cantrips?)"
                   r" (?:that|which) (?:exile|draw|gain|give|make|create|scr[yi]|loot|mill|tutor|ramp|fetche)s?\b")


def asks_both(text: str) -> bool:
    """Whether a request asks for one card that does two things (see :func:`paired_tags`)."""
    return _BOTH.search(text.lower()) is not None


# the word of a card's type that names its answer (_TYPE_ANSWERS), the first that its type line holds; a spell is
# countered
_ANSWERED_TYPES = (("planeswalker", "planeswalkers"), ("creature", "creatures"), ("enchantment", "enchantments"),
                   ("artifact", "artifacts"), ("land", "lands"), ("instant", "counterspells"),
                   ("sorcery", "counterspells"))


def _name_said(lowered: str, name: str) -> tuple[int, int]:
    """Where in the lower-case request card ``name`` is said, whole or by the short name players use ("meren" for
    Meren of Clan Nel Toth, "thassa's oracle"), and how long it is there; (-1, 0) where it is not."""
    front = name.split(" // ")[0].lower()
    for said in dict.fromkeys((front, front.split(",")[0], front.split()[0])):
        if len(said) >= 4 and (found := re.search(rf"(?<![\w']){re.escape(said)}(?![\w'])", lowered)):
            return found.start(), len(said)
    return -1, 0


# what keeps a card from the usual answers, its own keyword (not one it grants: Sigarda's "Permanents you control have
# hexproof"): indestructible beats destroy and damage (Blightsteel Colossus), hexproof or shroud what targets it; the
# answer asked for says it ("indestructible creatures": exile and edicts)
_ANSWER_PROOF = re.compile(r"(?im)^(?:[a-z ]+, )*(indestructible|hexproof|shroud)[ \t]*(?:,|$)|"  # a keyword line
                           r"\b(?:this creature|this artifact) (?:is|has) (indestructible|hexproof|shroud)\b")


def answered_at(typed: str, name: str, type_line: str, oracle_text: str = "") -> tuple[str, int, int] | None:
    """The type word standing for card ``name`` where ``typed`` asks to answer it ("answers to Ghostly Prison":
    "enchantments"; "how do I beat Blightsteel Colossus": "indestructible creatures", as its ``oracle_text``
    keeps it from destroy and damage), with where the name is said and how long it is there (see
    :func:`_name_said`), else ``None``."""
    lowered = typed.lower()
    at, size = _name_said(lowered, name)
    if at < 0 or not (answers_what_follows(lowered[:at]) or complains_of_a_card(lowered, lowered[:at])):
        return None
    kinds = type_line.lower()
    word = next((word for kind, word in _ANSWERED_TYPES if kind in kinds), None)
    if word is None:
        return None
    proof = _ANSWER_PROOF.search(oracle_text or "")
    if proof and word in ("creatures", "artifacts", "planeswalkers", "enchantments"):
        keyword = (proof.group(1) or proof.group(2)).lower()
        word = f"{'hexproof' if keyword == 'shroud' else keyword} {word}"
    return word, at, size


def complains(text: str) -> bool:
    """Whether ``text`` says what beats the player or is to be stopped ("my opponents go wide", "answers to
    reanimator"), whose answer is asked for."""
    return _complaint(text.lower()) is not None


def _complaint(lowered: str) -> re.Match | None:
    """The first of the complaint patterns (:data:`_COMPLAINTS`) a lower-case request matches, its first group what
    is to be beaten; ``None`` where none does."""
    return next((found for pattern in _COMPLAINTS if (found := pattern.search(lowered))), None)


def asks_team(text: str) -> bool:
    """Whether a request wants something for all of the player's creatures ("give my team trample")."""
    return _TEAM.search(text.lower()) is not None


def asks_one(text: str) -> bool:
    """Whether a request wants something for the player's commander alone ("give my commander haste"), not the
    whole team."""
    return _COMMANDER_ALONE.search(text.lower()) is not None and not asks_team(text)


def asks_mass(text: str) -> bool:
    """Whether a request wants a tag's effect done to every card of a kind, or to a whole hand ("take control of all
    their creatures", "make them discard their hand"): see :data:`MASS_FORMS`."""
    return _MASS.search(text.lower()) is not None


def asks_digital(text: str) -> bool:
    """Whether a request asks for what only digital Magic has (Arena, Alchemy and their mechanics); otherwise
    digital-only cards weigh :data:`DIGITAL_WEIGHT` of their score: Grimoire's users build paper decks
    (Commander above all), where no such card is legal."""
    return _DIGITAL_ASK.search(text) is not None


# A request in rules-text wording of two clauses or more ("whenever a creature you control dies, draw a card"): the
# cards whose one ability holds every clause's words (Grim Haruspex, Midnight Reaper) before those holding one clause
# only (The Meathook Massacre's trigger drains; it had been fourth). CLAUSE_BOOST scales such a card's fused score.
CLAUSE_BOOST = 0.25
CLAUSE_DEPTH = 200  # the fused list's head read for it
_CLAUSE_BREAK = re.compile(r"[,.;:]|\b(?:then|and then)\b")
_ABILITY_BREAK = re.compile(r"(?<=[.])\s+|\n")


def literal_clauses(text: str, tokenize) -> list[frozenset[str]]:
    """The clauses of a request in rules-text wording, each as its set of content words (``tokenize``'s), those of
    two words or more; fewer than two such clauses: none."""
    clauses = [frozenset(tokenize(part)) for part in _CLAUSE_BREAK.split(text.lower())]
    clauses = [clause for clause in clauses if len(clause) >= 2]
    return clauses if len(clauses) >= 2 else []


def holds_every_clause(card_text: str, clauses: list[frozenset[str]], tokenize) -> bool:
    """Whether one sentence of ``card_text`` holds every word of every clause."""
    needed = frozenset().union(*clauses)
    return any(needed <= frozenset(tokenize(sentence)) for sentence in _ABILITY_BREAK.split(card_text))


def is_literal(text: str) -> bool:
    """Whether a query is written like rules text ("put -1/-1 counters on target creature")."""
    text = text.lower()
    return _TEMPLATING.search(text) is not None or (
        len(_TEMPLATING_WEAK.findall(text)) >= 2 or _PUNCTUATION.search(text) is not None) and \
        _OWN_VOICE.search(text) is None


# "draw 3 cards", "put 2 lands onto the battlefield", "mill 10 cards": how many, as rules text spells it ("draw
# three cards", "up to two basic land cards", "mills ten cards"); life and damage keep their digits, as cards do
_COUNTED_BEFORE = (r"(?= (?:more |extra |other |basic )?(?:[+-]?[\dx*]+/[+-]?[\dx*]+ )?"
                   r"(?:(?:white|blue|black|red|green|colou?rless) )?(?:card|land|token|creature|counter|permanent|"
                   r"spell|turn)")
_COUNTED_DIGITS = re.compile(rf"(?<![\w/+.-])(?<!\d )(?:(10|[2-9]){_COUNTED_BEFORE}s\b)|1{_COUNTED_BEFORE}\b))")
_SPELLED = {str(number): word for word, number in NUMBER_WORDS.items()} | {"1": "a"}


# a count right after the action that counts it, as rules text spells it ("draw 3 put 2 back": Brainstorm's "draw
# three cards, then put two"); not damage, life, scry or surveil, which rules text writes in digits
_ACTION_DIGITS = re.compile(r"(?<![\w'])(draws?|drawing|puts?|mills?|discards?|creates?|returns?|sacrifices?) "
                            r"(10|[2-9])(?![\w/+.-])(?! \d)")


def spelled_counts(text: str) -> str:
    """``text`` with a count written in digits before what it counts spelled out as rules text spells it."""
    if not any(c.isdigit() for c in text):
        return text
    text = _ACTION_DIGITS.sub(lambda match: f"{match.group(1)} {_SPELLED[match.group(2)]}", text)
    return _COUNTED_DIGITS.sub(lambda match: _SPELLED[match.group(1) or "1"], text)


def rewritten(text: str) -> str:
    """``text`` in lower case with players' phrases rewritten in card words ("my guys" -> "my creatures")."""
    text = text.lower()
    for (pattern, replacement, _), gate in zip(_GATED_REWRITES, _REWRITE_FINDERS, strict=True):
        if gate is None or gate.search(text):
            text = pattern.sub(replacement, text)
    return text


def _head_word(text: str) -> str:
    """The last content word of ``text`` as typed, stemmed as :func:`words` stems it, before any rewrite ("infinite
    mana combos": "combo", which the rewrite into the untappers' words drops), or ""."""
    return (_stems(text.lower()) or ("",))[-1]


@lru_cache(maxsize=8)  # a request asks for its words several times (its reading, its tags); ~190 rewrites each
def words(text: str) -> tuple[str, ...]:
    """Content words of a text, lower case and stemmed, so word forms meet (``wipes``, ``wiping`` -> ``wipe``;
    ``reanimation``, ``reanimate`` -> ``reanim``)."""
    return _stems(rewritten(text))


def _stems(lowered: str) -> tuple[str, ...]:
    """The content words of a lower-case text, stemmed (see :func:`words`, which rewrites players' phrases first)."""
    tokens = [_ANY_CHANGE.sub(r"\1x/\1x", token) for token in _TOKEN.findall(lowered.replace("'", ""))
              if token not in _STOPWORDS]
    return tuple(_SAME_STEM.get(stem, stem) for stem in _STEMMER.stemWords(tokens))


@dataclass(frozen=True)
class TagMatch:
    """A tag the query asks for: its index in :data:`TAGS`, how strongly (0-1) and how it was found."""

    index: int
    weight: float
    by: str

    @property
    def name(self) -> str:
        return TAGS[self.index].name


def tag_texts() -> tuple[list[int], list[str], list[bool]]:
    """Every text a tag is asked for by (its name in words, its phrasings, its description), the tag of each,
    and whether it is matched by words too (descriptions are matched by meaning only)."""
    owners, texts, by_words = [], [], []
    for index, tag in enumerate(TAGS):
        phrasings = (tag.name.replace("-", " "), *tag.phrasings)
        owners.extend([index] * (len(phrasings) + 1))
        texts.extend([*phrasings, tag.description])
        by_words.extend([True] * len(phrasings) + [False])
    return owners, texts, by_words


class TagMatcher:
    """Matches a query's words and embedding to the tags' phrasings."""

    def __init__(self, encoder=None, encoder_name: str | None = None):
        """``encoder_name`` is the model of the query vectors :meth:`match` gets (None: the default encoder; its
        phrasing vectors must be that model's too: MiniLM's are shipped, the static model's are encoded at first
        use, in milliseconds). An ``encoder`` given is a model of its own (one being evaluated): the phrasings are
        encoded with it."""
        from grimoire.search.embed import encoder_name as chosen_encoder

        self._encoder = encoder
        self.encoder_name = chosen_encoder(encoder_name)
        self.owners, self.texts, self.by_words = tag_texts()
        # descriptions are matched by meaning only: their words are never looked up
        self._word_sets = [frozenset(words(text)) if flag else frozenset()
                           for text, flag in zip(self.texts, self.by_words, strict=True)]
        self._guarding = frozenset(i for i, t in enumerate(self.texts)  # "... from ...", "that spares ..."
                                   if _GUARDED.search(t) or _SPARED.search(t))
        self._held_out: frozenset[int] = frozenset()
        self._name_words = [frozenset(words(tag.name.replace("-", " "))) for tag in TAGS]
        self._index_words()

    def _index_words(self) -> None:
        """What word matching looks up: each tag's vocabulary, each word's rarity and the phrasings using it."""
        self._by_words = [i for i, flag in enumerate(self.by_words) if flag and i not in self._held_out]
        self._rarity = _word_rarity([(self.owners[i], self._word_sets[i]) for i in self._by_words])
        self._unknown_rarity = UNKNOWN_WORD_SHARE * float(np.median(list(self._rarity.values())))
        self._mass = {i: math.fsum(self._rarity[word] for word in self._word_sets[i]) for i in self._by_words}
        self._vocabulary: dict[int, frozenset[str]] = {}
        for i in self._by_words:
            owner = self.owners[i]
            self._vocabulary[owner] = self._vocabulary.get(owner, frozenset()) | self._word_sets[i]
        self._phrasings_with: dict[str, list[int]] = {}
        # a phrasing whose only content word is a card type ("find an enchantment": "find" is a stop word) would
        # match every request naming that type ("removal for enchantments"): it counts for the words' rarity and
        # its tag's vocabulary, but matches by meaning only
        self._phrasings_of: dict[int, list[frozenset[str]]] = {}
        for i in (i for i in self._by_words if not self._word_sets[i] <= _TYPE_WORDS):
            for word in self._word_sets[i]:
                self._phrasings_with.setdefault(word, []).append(i)
            self._phrasings_of.setdefault(self.owners[i], []).append(self._word_sets[i])

    def held_out(self, indices: Iterable[int]) -> TagMatcher:
        """A copy that knows nothing of the texts at ``indices`` (by words or by meaning), sharing the vectors:
        the generalisation check asks it for phrasings it has not seen (see bench/search/phrasings.py)."""
        other = copy.copy(self)
        other._held_out = frozenset(indices)
        other._index_words()
        return other

    @cached_property
    def vectors(self) -> np.ndarray:
        """Unit embeddings of :attr:`texts`: the shipped ones when they match the current texts (and no model of
        its own was given), else encoded."""
        from grimoire.search.embed import encoder_model, shared_encoder, text_key

        if self._encoder is None and TAG_VECTORS_FILE.exists():
            keys = np.array([text_key(t, encoder_model(self.encoder_name)[0]) for t in self.texts])
            with np.load(TAG_VECTORS_FILE) as data:
                if np.array_equal(data["keys"], keys):
                    return data["vectors"].astype(np.float32)
        return encode_tag_texts(self._encoder or shared_encoder(self.encoder_name), self.texts)

    def match(self, text: str, query_vector: np.ndarray | None = None, context: str = "",
              weights: Weights | None = None, support: np.ndarray | None = None) -> list[TagMatch]:
        """The tags ``text`` asks for, strongest first (at most :data:`MAX_TAGS`); a query in rules-text
        wording gets them at a quarter of their weight. ``context`` holds words read as filters ("creatures"
        in "creatures that tap for mana"): they may complete a phrasing but never dilute a match.
        How phrasings match by meaning is the encoder's :class:`Weights` (MiniLM's by default); with ``support``
        (each tag's share of the dense list's head, see search/feedback.py) a tag matched by meaning alone needs
        ``weights.meaning_support`` of it."""
        weights = weights or Weights()
        literal = is_literal(text)
        asked = frozenset(words(text))
        if not asked or asked <= _SAYS_NOTHING_ALONE:  # "cards that care about" (its object read as a filter)
            return []
        filtered = frozenset(words(context))
        present = asked | filtered
        # a word read as a filter that no phrasing uses ("goblin" in "goblin lords", still ranked by its words) says
        # which cards, not which function: it weighs nothing
        asked -= frozenset(word for word in filtered if word not in self._phrasings_with)
        lowered = text.lower()
        # what the card guards against ("protect my creatures from removal") is no function asked for
        guarded = frozenset(words(_GUARDED.split(lowered, maxsplit=1)[1])) if _GUARDED.search(lowered) \
            else frozenset()
        spare = _SPARED.search(lowered)
        spared = frozenset(words(lowered[spare.end():])) if spare else frozenset()
        guarded |= spared
        spared |= frozenset(words(spare.group())) | _NOT if spare else frozenset()  # the verb weighs nothing either
        found = self._word_matches(asked, present, guarded, partial=not literal, spared=spared)
        # "creatures that counter spells": the type read as a filter is the card's own, not what its tag acts on
        # (the flyers an answer kills are its "target creatures")
        if _TARGET not in filtered:
            found = {index: weight for index, weight in found.items()
                     if not (_OBJECT_TYPE.get(index) in filtered and _OBJECT_TYPE[index] not in asked)}
        waits_not = _effect_not_trigger(lowered)  # "draw when creatures enter": what it does, not what it waits for
        found = {index: weight for index, weight in found.items() if index not in waits_not}
        if spare and _MY_SIDE.search(lowered, spare.end()) and _SWEEPER in found:  # "a wrath that spares my guys"
            found[_ONE_SIDED] = max(found.pop(_SWEEPER), found.get(_ONE_SIDED, 0.0))
        if not literal:
            found = self._restated(found, asked)
            found = self._second_intent(found, asked, present, guarded)
            found = self._trigger_clause(found, lowered, present, guarded)
            found = {index: weight for index, weight in found.items() if index not in waits_not}
        # "i keep losing to fliers", "how do i beat flyers": what beats them was read as a filter (the creatures an
        # answer targets), so the complaint ends the words left ("i keep losing to"): it stands for them
        answered = _TARGET in filtered
        if not literal and (against := _complaint(lowered) or
                            (_AGAINST.search(f"{lowered.rstrip()} them") if answered else None)):
            # what is beaten ends at the sentence ("my opponent has a huge creature, how do i kill it")
            beaten = _OUT_THERE.sub(" ", _BEATEN_END.split(against.group(1), maxsplit=1)[0])
            if beaten.strip() in _PRONOUNS and (said := _SAID_BEFORE.match(lowered[:against.start(1)])) and \
                    not _QUESTION_OPENING.match(said.group(1)):
                beaten = said.group(1)  # "someone goes infinite and i can't stop it": what came before
            target = frozenset(words(beaten))
            if answered and not target - _QUALIFIERS:  # "my opponents always have big fliers"
                target |= filtered - {_TARGET}
            # what is beaten is done to the player's things ("they keep killing my commander"), or the player
            # guards their things from it ("protect my creatures from removal with hexproof": no edict)
            own = _OWN_THINGS.search(beaten) is not None or \
                bool(guarded) and _OWN_THINGS.search(lowered[:against.start(1)]) is not None
            # the verb of "token decks overrun me" is the complaint, no function asked for (Overrun had come 9th)
            verb = frozenset(words(lowered[against.end(1):against.end()])) if against.re is BEATEN_BY else frozenset()
            head = _head_word(beaten)  # the noun what is beaten ends on ("infinite mana combos": combos)
            found = self._against(found, target, own=own, verb=verb, head=head)
        mine = _MY_SIDE.search(lowered) is not None and _THEIR_SIDE.search(lowered) is None
        typed = _typed_answer(found, asked - guarded, not mine) if not literal else found
        typed = _in_a_graveyard(typed, asked - guarded) if not literal else typed
        typed = self._typed_recursion(typed, asked - guarded, present, guarded, lowered) if not literal else typed
        # a type's answer asked for by the rule is no phrasing of the request, which another could hold
        answered = frozenset(index for index, weight in typed.items() if weight > found.get(index, 0.0))
        found = typed
        subsumed = self._subsumed(found, present) - answered | \
            (_mistyped(found, asked - guarded) | _copied_permanent(lowered) if not literal else frozenset())
        found = {index: weight for index, weight in found.items() if index not in subsumed}
        best = {owner: (weight, "words") for owner, weight in found.items()}
        # nor may its meaning bring back a tag that the guarded words name ("protection from artifact removal"),
        # or one another tag's phrasing holds in full ("bounce" in "bounce all creatures")
        unmeant = subsumed | (frozenset(self._word_matches(guarded, guarded, frozenset())) if guarded else frozenset())
        unmeant |= other_recursion(text)
        if not literal:
            unmeant |= other_kinds((index for index, weight in found.items() if weight >= MIN_WEIGHT), asked - guarded)
        if query_vector is not None and (weights.meaning_literal or not literal):
            threshold, full = weights.meaning_threshold, weights.meaning_full
            cosines = self.vectors @ query_vector
            if self._held_out:
                cosines[list(self._held_out)] = -1.0
            for i in np.flatnonzero(cosines >= threshold):
                if support is not None and support[self.owners[i]] < weights.meaning_support or \
                        self.owners[i] in unmeant:
                    continue
                weight = min(1.0, float((cosines[i] - threshold) / (full - threshold))) ** 0.5
                if weight > best.get(self.owners[i], (0.0, ""))[0]:
                    best[self.owners[i]] = (weight, "meaning")
        for child, parent in _PARENTS:  # the narrower tag's own words matched better: the broader one is not asked
            if parent not in best or child not in best or best[child][1] != "words":
                continue
            weight, other = best[child][0], best[parent][0]
            if weight > other or weight >= other and (
                    best[parent][1] == "meaning" or self._longest(child, present) > self._longest(parent, present)):
                del best[parent]  # at a tie, a longer phrasing is the narrower ask ("land ramp" over "ramp")
        # both found by meaning, and the words beside the broader tag's say the narrower one's name: the narrower
        # ask ("board wipe that exiles": the wipe that exiles, not every board wipe)
        for child, parent in _PARENTS:
            if parent in best and child in best and best[child][1] == best[parent][1] == "meaning" and \
                    not literal and asked - self._vocabulary[parent] & self._name_words[child]:
                best[child] = (max(best[child][0], best.pop(parent)[0]), "meaning")
        for hate, stopped in _OPPOSES:  # "lifegain hate" asks for what stops lifegain, not for lifegain
            if hate in found and stopped in best and found[hate] >= found.get(stopped, 0.0):
                del best[stopped]
        swaps = _LASTING if _FOR_GOOD.search(lowered) else _PASSING if _THIS_TURN.search(lowered) else {}
        if not literal and _SELF_DISCARD.search(lowered):
            swaps = {**swaps, **_TO_OUTLET}
        if not literal and _ONE_CREATURE.search(lowered) and not asks_team(lowered):
            swaps = {**swaps, **_TO_ONE}
        if not literal and (recovery := _RECOVERY.search(lowered)):
            swaps = {**swaps, **_TO_RECOVERY}
            # the wipe named after "from"/"after" is weighed on its own words, which the verb of coming back
            # ("cards to come back from a wrath") would otherwise dilute under the threshold
            occasion = frozenset(words(lowered[recovery.end():]))
            for index, weight in self._word_matches(occasion, occasion, frozenset()).items():
                if index in _TO_RECOVERY and weight >= MIN_WEIGHT:
                    found[index] = max(found.get(index, 0.0), weight)
                    best[index] = max(best.get(index, (0.0, "words")), (weight, "words"))
        if not literal and _OWN_DEATH.search(lowered):
            swaps = {**swaps, **_TO_OWN_DEATH}
        if not literal and _OWN_ENTRY.search(lowered):
            swaps = {**swaps, **_TO_OWN_ENTRY}
        if not literal and present & _DRAWING_PERMANENTS:
            swaps = {**swaps, **_TO_ENGINE}
        if swaps:
            found, best = _swapped(found, swaps), _swapped(best, swaps)
        for index in waits_not:  # nor by meaning
            found.pop(index, None)
            best.pop(index, None)
        top = max((weight for weight, _ in best.values()), default=0.0)
        factor = LITERAL_FACTOR if literal else 1.0
        # a tag the words ask for, whose meaning then matched more strongly, is still asked for in words
        worded = {index for index, weight in found.items() if weight >= MIN_WEIGHT and index in best}
        # beside a tag the query names in words, one found by meaning only is likelier a neighbour of it
        beside = weights.meaning_beside_words if worded else 1.0
        matches = [  # every words match of MIN_WEIGHT or more is in worded
            TagMatch(index, weight * factor * (1.0 if index in worded else beside), by)
            for index, (weight, by) in best.items()
            if weight >= MIN_WEIGHT and (index in worded or weight >= MEANING_SHARE * top)
        ]
        return sorted(matches, key=lambda m: (-m.weight, m.index))[:MAX_TAGS]

    def _weight_of(self, query_words: frozenset[str]) -> float:
        """How much ``query_words`` say: their rarities, a word no phrasing uses counting the unknown rarity."""
        return math.fsum(self._rarity.get(word, self._unknown_rarity) for word in query_words)

    def _longest(self, owner: int, present: frozenset[str]) -> int:
        """The most words of a phrasing of tag ``owner`` that the query holds whole."""
        return max((len(self._word_sets[i]) for i in self._by_words
                    if self.owners[i] == owner and self._word_sets[i] <= present), default=0)

    def _subsumed(self, found: dict[int, float], present: frozenset[str]) -> frozenset[int]:
        """The tags of ``found`` whose every phrasing in the query lies inside a longer phrasing of another tag
        found there (with :data:`MIN_WEIGHT` or more): "bounce all creatures" holds `bounce`'s "bounce" within
        `mass-bounce`'s "bounce all creatures", "token doublers" `token-maker`'s "tokens" within "token doublers".
        The longer phrasing is the ask. (A broader tag and a narrower one under it are weighed as such instead, and
        a trigger's tag, :data:`_TRIGGERS`, says when the longer one acts.)"""
        whole = {index: [p for p in self._phrasings_of.get(index, ()) if p <= present] for index in found}
        return frozenset(index for index, mine in whole.items() if mine and index not in _TRIGGERS and any(
            other != index and found[other] >= MIN_WEIGHT and (index, other) not in _KIN and
            all(any(p < q for q in theirs) for p in mine) for other, theirs in whole.items()))

    def _restated(self, found: dict[int, float], asked: frozenset[str]) -> dict[int, float]:
        """``found`` without a tag whose words in the query are all words of a stronger tag's phrasings, which
        restate that tag ("sweepers that kill creatures": a sweeper kills creatures, not creature removal beside
        it); a broader or narrower tag under it is weighed as such, and a trigger's tag (:data:`_TRIGGERS`) says
        when the other acts."""
        said = {index: asked & self._vocabulary[index] - _FILTER_WORDS for index in found}
        return {index: weight for index, weight in found.items() if index in _TRIGGERS or not said[index] or not any(
            other != index and found[other] >= max(weight, MIN_WEIGHT) and (index, other) not in _KIN and
            said[index] < said[other] for other in found)}

    def _second_intent(self, found: dict[int, float], asked: frozenset[str], present: frozenset[str],
                       guarded: frozenset[str]) -> dict[int, float]:
        """``found`` with a second function asked for by the words the first tag's phrasings leave unexplained
        ("removal that gains life": lifegain explains "gains life", removal the rest), which the whole query's
        share would weigh under :data:`MIN_WEIGHT`: a tag one of whose phrasings is whole in those words and
        explains all of them counts at :data:`MIN_WEIGHT`."""
        first = max(found, key=lambda index: (found[index], -index), default=None)
        if first is None or found[first] < MIN_WEIGHT:
            return found
        rest = asked - self._vocabulary[first] - _FILTER_WORDS
        # a narrower tag under the first whose name the rest says ("board wipe that exiles": exile-sweeper)
        narrower = [child for child, parent in _PARENTS if parent == first and rest & self._name_words[child]]
        if len(narrower) == 1:
            return {**found, narrower[0]: max(found.get(narrower[0], 0.0), found[first])}
        if not rest - _TYPE_WORDS or self._weight_of(rest) < SECOND_SHARE * self._weight_of(asked - _FILTER_WORDS):
            return found
        related = {first} | {c for c, p in _PARENTS if p == first} | {p for c, p in _PARENTS if c == first}
        found = dict(found)
        for index, weight in self._word_matches(rest, present, guarded, partial=False).items():
            if index not in related and weight >= 1.0 - 1e-9:
                found[index] = max(found.get(index, 0.0), MIN_WEIGHT)
        return found

    def _trigger_clause(self, found: dict[int, float], lowered: str, present: frozenset[str],
                        guarded: frozenset[str]) -> dict[int, float]:
        """``found`` with the payoff whose trigger a closing "when" clause says whole ("damage to each opponent when
        a creature dies": the aristocrats' "when creatures die"), at :data:`MIN_WEIGHT`: the words before it had
        drowned the trigger (0.48), and what the card does is asked beside it."""
        clause = _TRIGGER_CLAUSE.search(lowered)
        if clause is None or not lowered[:clause.start()].strip() or _THEY.search(clause.group()):
            # no clause, the clause is the whole request (matched whole already), or it waits for what others do
            # ("lose life whenever they draw": Underworld Dreams, no payoff of the player's own drawing)
            return found
        said = frozenset(words(clause.group()))
        whole = self._word_matches(said, present, guarded, partial=False)
        added = {index: MIN_WEIGHT for index, weight in whole.items()
                 if index in _TRIGGERS and weight >= 1.0 - 1e-9 and found.get(index, 0.0) < MIN_WEIGHT}
        return {**found, **added} if added else found

    def _typed_recursion(self, found: dict[int, float], asked: frozenset[str], present: frozenset[str],
                         guarded: frozenset[str], lowered: str) -> dict[int, float]:
        """Recursion of a card type the request names ("regrowth for instants", "recursion for artifacts") asks
        for that type's recursion tag in place of the broad one, as typed tutors and counterspells are found by
        their phrasings: the broad tag is weighed on the words but the type, which the typed tag explains.
        Creatures stay with the broad tags: most regrowth returns creature cards."""
        named = frozenset(word for word in asked if word in _RECURSION_BY_TYPE)
        brought = _RECURSION_OBJECT.search(lowered)
        after = frozenset(words(_INSTANT_SPEED.sub(" ", brought.group(1)))) if brought else frozenset()
        kinds = {_RECURSION_BY_TYPE[word] for word in after & named}
        if len(kinds) != 1 or not asked - named:
            return found
        untyped = self._word_matches(asked - named, present, guarded)
        broad = [index for index in _BROAD_RECURSION if untyped.get(index, 0.0) >= MIN_WEIGHT]
        if not broad:
            return found
        kind = kinds.pop()
        if kind == _SPELL_RECURSION:  # "reanimate spells" are reanimation spells: no instant is reanimated
            broad = [index for index in broad if index != _REANIMATE]
            if not broad:
                return found
        out = {index: weight for index, weight in found.items() if index not in broad}
        out[kind] = max(found.get(kind, 0.0), *(untyped[index] for index in broad))
        return out

    def _against(self, found: dict[int, float], target: frozenset[str], own: bool = False,
                 verb: frozenset[str] = frozenset(), head: str = "") -> dict[int, float]:
        """``found`` with each tag the ``target`` words (what a request wants beaten) name replaced by the hate tag
        that stops it (``TAG_OPPOSES``: reanimation by graveyard hate, tokens by token hate), at its weight. With
        ``own`` (what is beaten is done to the player's things: "they keep killing my commander"), the protection
        those things would want is no threat: no edict against it."""
        target = target - _BRINGING or target
        if not target - _TYPE_WORDS - _QUALIFIERS - _THREATS:  # "deal with enchantments": removal answers a type
            # threats named with no other function ("I lose to bombs"), not "counterspells to stop big threats"
            answers = _type_answers(target) or (
                {_REMOVAL} if target & _THREATS and max(found, key=found.get, default=_REMOVAL) == _REMOVAL else set())
            # the words named the removal already ("deal with enchantments")
            if not answers or any(weight >= MIN_WEIGHT for weight in found.values()):
                return found
            return {answer: 1.0 for answer in answers}  # "artifacts keep beating me", "weak to enchantments"
        # a phrasing whole in what is to be beaten names it, however many other words stand around it ("a big
        # board of tokens"); one there only in part must carry the usual weight
        whole = self._word_matches(target, target, frozenset(), partial=False)
        named = whole or self._word_matches(target, target, frozenset())
        # a plan named last is what is beaten, whatever the words before it name ("infinite mana combos": combo's
        # answer, where "infinite mana" had asked to freeze what untaps)
        planned = next(({answer: 1.0} for plan, answer in _PLAN_ANSWERS if head in plan), {})
        hated = planned or {hate: max(named[stopped], MIN_WEIGHT) for hate, stopped in _OPPOSES
                            if (stopped in whole or named.get(stopped, 0.0) >= MIN_WEIGHT)
                            and target & _BEATEN_ONLY_BY_NAME.get(stopped, target) and not (own and stopped in _GUARDS)}
        stopped = {index for index, weight in named.items() if weight >= MIN_WEIGHT and index not in hated} \
            if planned else set()
        if not hated:
            hated = next(({answer: 1.0} for plan, answer in _PLAN_ANSWERS if plan & target), {})
            # the plan's own tags are what is beaten ("lifegain against burn": no burn)
            stopped = {index for index, weight in named.items() if weight >= MIN_WEIGHT and index not in hated}
        if not hated:
            return found
        stopped |= {s for hate, s in _OPPOSES if hate in hated}
        # (``verb``: the words saying how it beats the player, "overrun me", whose tags are not asked either)
        stopped |= {index for index, weight in self._word_matches(verb, verb, frozenset()).items()
                    if weight >= MIN_WEIGHT and index not in hated} if verb else set()
        found = {index: weight for index, weight in found.items() if index not in stopped}
        for hate, weight in hated.items():
            found[hate] = max(found.get(hate, 0.0), weight)
        return found

    def _covered(self, present: frozenset[str]) -> list[int]:
        """The phrasings (ascending) holding at least :data:`PHRASING_COVERAGE` of their word weight in
        ``present``, the only ones :meth:`_word_matches` can match: a word at a time, each phrasing adds the rarity
        of the words it holds (about 130 phrasings share a word with a request, 7 hold enough of it). The sums'
        order follows the set's, so the bound has a margin; the exact coverage is computed again."""
        held: dict[int, float] = {}
        for word in present:
            for i in self._phrasings_with.get(word, ()):
                held[i] = held.get(i, 0.0) + self._rarity[word]
        return sorted(i for i, weight in held.items() if weight >= (PHRASING_COVERAGE - 1e-9) * self._mass[i])

    def _word_matches(self, asked: frozenset[str], present: frozenset[str], guarded: frozenset[str],
                      partial: bool = True, spared: frozenset[str] = frozenset()) -> dict[int, float]:
        """Tags with a phrasing whose words are in the query (``present`` adds the words read as filters), weighted
        by how much of the query the tag's phrasings explain; when no phrasing is there whole, those there but for
        a minor share of their word weight (:data:`PHRASING_COVERAGE`) and no card type, weighted down by the
        share missing, if ``partial`` (not for rules-text wording, which asks for its exact words)."""
        query_mass = self._weight_of(asked - _FILTER_WORDS)
        whole: dict[int, float] = {}
        in_part: dict[int, float] = {}
        if not query_mass:
            return whole
        for i in self._covered(present):
            wanted, owner = self._word_sets[i], self.owners[i]
            # a phrasing about guarding ("board wipe protection") may name what is guarded against
            if not wanted & asked or (i not in self._guarding and wanted.isdisjoint(_GUARD_WORDS) and
                                      not wanted.isdisjoint(guarded)):
                continue
            missing = wanted - present
            coverage = 1 - math.fsum(self._rarity[word] for word in missing) / self._mass[i]
            # in part: not without a card type ("mana rock"), nor without the words of the tag's name ("vampiric
            # tutor effect" is no answer to "vampires with lifelink"; "fixing" keeps a word of "mana fixing")
            named = self._name_words[owner]
            if coverage < PHRASING_COVERAGE or not missing.isdisjoint(_TYPE_WORDS) or \
                    (coverage < 1 and not missing.isdisjoint(named) and (wanted - missing).isdisjoint(named)):
                continue
            # the query's other words that the tag's own phrasings use restate the tag; for an answer, a qualifier
            # they do not use ("big" in "removal for big creatures") says what is answered, not another function
            explained = asked & self._vocabulary[owner]
            unused = asked & ((_QUALIFIERS if owner in _ANSWERS else frozenset()) | spared) - explained - _FILTER_WORDS
            mass = self._weight_of(asked - _FILTER_WORDS - unused) if unused else query_mass
            said = coverage * self._weight_of(explained)
            weight = said / mass if mass > 0 else 0.0
            if unused:  # what is left may be less than the words explained (filter words): the whole at most
                weight = min(weight, 1.0)
            if idle := asked & _QUANTITY - explained:  # "needs more fetches": as if not typed, up to the whole
                rest = self._weight_of(asked - _FILTER_WORDS - unused - idle)
                weight = max(weight, min(said / rest, 1.0) if rest > 0 else 0.0)
            found = whole if coverage == 1 else in_part
            found[owner] = max(weight, found.get(owner, 0.0))
        return whole or (in_part if partial else {})  # a phrasing in part only when none is there whole


_ALT_WIN, _OVERRUN, _TOKEN_MAKER = TAG_INDEX["alt-win"], TAG_INDEX["overrun"], TAG_INDEX["token-maker"]
# a request that does mean winning another way ("alt win cons for my elf deck", "win without combat")
_ANOTHER_WAY = re.compile(r"\b(?:alt|alts|alternat(?:e|ive)|another way|other ways?|(?:without|besides|other than|"
                          r"except|outside of|not through|not by) (?:combat|attacking|damage|dealing damage)|"
                          r"non-?combat|instead of|lab ?man|laboratory|empty (?:library|deck)|mill)\b")


# a request to win sooner, which is won in combat ("i need to win faster in green", "cards to close out games")
_FASTER = re.compile(r"\b(?:win(?:ning)? (?:games? )?(?:faster|quicker|sooner|more quickly)|"
                     r"close (?:out )?(?:the |my |a )?games?|finish(?:ing)? (?:off )?(?:the |my |a )?games?)\b")


# A deck of a theme asked for as a whole ("lifegain deck", "cards for a +1/+1 counters deck", "token deck staples"):
# the theme's engines and payoffs are its cards, beside the cards that only do the thing once ("lifegain deck" had
# listed Chaplain's Blessing and Zuran Orb; "+1/+1 counters deck" Battlegrowth). Each theme tag's supporting tags, as
# players build these decks: what rewards the theme, what doubles it.
THEME_SUPPORT = {
    "lifegain": ("lifegain-payoff", "lifegain-doubler"),
    "token-maker": ("token-payoff", "token-doubler"),
    "plus-one-counters": ("counters-payoff", "counter-doubler", "proliferate"),
    "sac-outlet": ("aristocrat-payoff",),
}
_THEME_SUPPORT = {TAG_INDEX[name]: tuple(TAG_INDEX[tag] for tag in tags) for name, tags in THEME_SUPPORT.items()}
# the theme's own tag keeps this share of its weight, its supporting tags its whole weight (read over these requests
# at 0.6, 0.8 and 1: at 1 "lifegain deck" still led with Chaplain's Blessing, at 0.6 "token deck" made no tokens)
THEME_DECK_SHARE = 0.7
_WHOLE_DECK = re.compile(r"(?:(?:good|best|great|top|some|the)\s+)?(?:cards?\s+(?:for|in)\s+(?:an?\s+|my\s+|the\s+)?)?"
                         r"(?P<theme>\S.{0,40}?)\s+(?:decks?|builds?|themes?|strateg(?:y|ies)|archetypes?|synerg(?:y|ies)|"
                         r"matters?)"
                         r"(?:\s+(?:cards|staples|essentials|package|ideas|pieces))?\W*", re.IGNORECASE)


def theme_deck_support(chosen: list[TagMatch], text: str) -> list[TagMatch]:
    """``chosen`` for a request that is a theme's deck and nothing else (:data:`_WHOLE_DECK`, one tag found by its
    words): the theme's tag at :data:`THEME_DECK_SHARE` of its weight, its supporting tags (:data:`THEME_SUPPORT`)
    at its whole weight."""
    said = [match for match in chosen if match.by == "words"]
    if len(said) != 1 or said[0].index not in _THEME_SUPPORT or not _WHOLE_DECK.fullmatch(text.strip()):
        return chosen
    have = {match.index for match in chosen}
    chosen = [replace(match, weight=match.weight * THEME_DECK_SHARE) if match is said[0] else match
              for match in chosen]
    return [*chosen, *(TagMatch(index, said[0].weight, said[0].by)
                       for index in _THEME_SUPPORT[said[0].index] if index not in have)]


def board_finishers(chosen: list[TagMatch], text: str, tribal: bool) -> list[TagMatch]:
    """``chosen`` for a deck that wins with its board: a tribe's deck (``tribal``) or a token deck asking for its
    "win conditions" ("wincons for my elf deck", "win cons for tokens") asks for the finishers that turn the board
    into a win (an overrun: Craterhoof Behemoth, Ezuri), not for another way to win the game (Laboratory Maniac);
    so does a request to win faster ("i need to win faster in green": As Luck Would Have It had led)."""
    wide = tribal or any(match.index == _TOKEN_MAKER and match.by == "theme" for match in chosen) or \
        _FASTER.search(text.lower()) is not None
    if not wide or _ANOTHER_WAY.search(text.lower()) or not any(match.index == _ALT_WIN for match in chosen):
        return chosen
    out = [replace(match, index=_OVERRUN) if match.index == _ALT_WIN else match for match in chosen]
    return [match for i, match in enumerate(out) if match.index not in {m.index for m in out[:i]}]


def _swapped(weights: dict, swaps: dict[int, int]) -> dict:
    """``weights`` (by tag: a weight, or a ``(weight, how)`` pair) with each tag of ``swaps`` replaced by its kin,
    which keeps the stronger of the two: how long an effect lasts, when the request says it ("shrink one of their
    dudes for good": -1/-1 counters; "make my guys bigger for one turn": an overrun, not an anthem)."""
    out = dict(weights)
    for tag, kin in swaps.items():
        if tag in out:
            moved = out.pop(tag)
            if kin not in out or _weight(moved) > _weight(out[kin]):
                out[kin] = moved
    return out


def _weight(value) -> float:
    return value[0] if isinstance(value, tuple) else value


def _type_answers(said: frozenset[str]) -> set[int]:
    """The answer tag of each card type among the words ``said`` ("creatures": creature removal)."""
    return {_TYPE_ANSWERS[word] for word in said if word in _TYPE_ANSWERS}


def _typed_answer(found: dict[int, float], asked: frozenset[str], theirs: bool = True) -> dict[int, float]:
    """An answer to one permanent whose object the request names by its card type ("destroy creatures", "exile a
    creature") asks for that type's answer: in place of the broad `removal` (whose cheapest cards answer artifacts
    and enchantments), and beside an answer of one manner (exile, bounce, tuck) at half its weight, so that the
    cards doing both lead (only beside a full match: half of less counts for nothing). With no type named, an
    exile, bounce or tuck answer asks for creature removal beside it. Only of ``theirs``: not the player's own
    side ("return my commander to hand", "return my own creatures to my hand")."""
    typed = _type_answers(asked)
    if len(typed) > 1 or not theirs:  # one's own ("return my own creatures to my hand") is no removal
        return found
    # no type named: "exile removal", "bounce spells" are asked of creatures most of all (Swords to Plowshares
    # before Erase), so a one-manner answer asks for creature removal beside it; the broad `removal` stays
    named = bool(typed)
    answer = typed.pop() if named else _CREATURE_REMOVAL
    out = dict(found)
    for index, weight in found.items():
        if weight < MIN_WEIGHT or index == answer or not named and index not in _DEFAULT_CREATURE:
            continue
        if index == _REMOVAL:
            del out[index]
            out[answer] = max(out.get(answer, 0.0), weight)
        elif index in _ONE_MANNER:
            out[answer] = max(out.get(answer, 0.0), weight / 2)
    return out


def _in_a_graveyard(found: dict[int, float], asked: frozenset[str]) -> dict[int, float]:
    """An answer whose object lies in a graveyard ("get rid of a card in their graveyard", "somebody's discard pile")
    is graveyard hate, unless the request brings something back from there (recursion, reanimation)."""
    if _GRAVEYARD not in asked or any(index in found for index in _FROM_GRAVEYARD):
        return found
    answers = [index for index in found if index in _ANSWERS and found[index] >= MIN_WEIGHT]
    if not answers:
        return found
    out = {index: weight for index, weight in found.items() if index not in answers}
    out[_GRAVEYARD_HATE] = max(out.get(_GRAVEYARD_HATE, 0.0), *(found[index] for index in answers))
    return out


def _copied_permanent(lowered: str) -> frozenset[int]:
    """The spell copier, when what the request copies is a permanent ("spells that copy creatures": a clone's)."""
    return _COPY_SPELL if _COPIED_PERMANENT.search(lowered) else frozenset()


def _mistyped(found: dict[int, float], asked: frozenset[str]) -> frozenset[int]:
    """The typed tags of ``found`` acting on another card type than the one the request names, when a tag acting
    on that type is found too: "return lands from graveyard to battlefield" holds reanimation's "graveyard to
    battlefield", but the lands make it land recursion."""
    return frozenset(found) & other_kinds((index for index, weight in found.items() if weight >= MIN_WEIGHT), asked)


def other_kinds(found: Iterable[int], asked: frozenset[str]) -> frozenset[int]:
    """Every typed tag acting on another card type than the one the request's words ``asked`` name, when a tag of
    ``found`` acts on that type: neither meaning nor the dense list's head may add them beside it ("enchantment
    removal in red" is near creature and artifact removal by meaning, whose cards, Abrade or Smelt, answer no
    enchantment; what answers any permanent, Chaos Warp, is no typed tag and stays)."""
    kind = _only_named(asked, _OBJECT_KINDS)
    if kind is None or not any(_OBJECT_TYPE.get(index) == kind for index in found):
        return frozenset()
    return frozenset(index for index, other in _OBJECT_TYPE.items() if other != kind)


def _only_named(asked: frozenset[str], kinds: Container[str]) -> str | None:
    """The one word of ``kinds`` (card types' stems) that the request's words ``asked`` hold, else ``None``."""
    named = [word for word in asked if word in kinds]
    return named[0] if len(named) == 1 else None


def other_recursion(text: str) -> frozenset[int]:
    """The typed recursion tags bringing back another card type than the one a request in players' words names:
    neither its meaning nor the dense list's head may ask for them ("bring back enchantments from the graveyard"
    is near reanimation by meaning, whose cards return creatures only, and so is "bring back instants")."""
    kind = None if is_literal(text) else _only_named(frozenset(words(text)), _NAMED_TYPES)
    if kind is None:
        return frozenset()
    return frozenset(index for index, kinds in _RECURSION_OF.items() if kind not in kinds)


def _word_rarity(phrasings: list[tuple[int, frozenset[str]]]) -> dict[str, float]:
    """How telling each phrasing word is: log of tags over the tags whose phrasings use it, so "steal" says
    more than "creature". A query word no phrasing uses (a colour, a card type) weighs half the median word."""
    tags_using: dict[str, set[int]] = {}
    for owner, word_set in phrasings:
        for word in word_set:
            tags_using.setdefault(word, set()).add(owner)
    return {word: math.log(1 + len(TAGS) / len(owners)) for word, owners in tags_using.items()}


def encode_tag_texts(encoder, texts: list[str]) -> np.ndarray:
    if encoder is None:
        from grimoire.search.embed import shared_encoder

        encoder = shared_encoder("minilm")  # the shipped phrasing vectors are MiniLM's (tag_vectors.npz)
    vectors = np.asarray(encoder.encode(texts), dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms > 0, norms, 1)


def write_tag_vectors(path: Path = TAG_VECTORS_FILE, encoder=None) -> int:
    """Encode every tag text and save the vectors (run by scripts/build_snapshot.py)."""
    from grimoire.search.embed import text_key

    _, texts, _ = tag_texts()
    vectors = encode_tag_texts(encoder, texts)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, keys=np.array([text_key(t) for t in texts]), vectors=vectors.astype(np.float16))
    tmp.replace(path)
    return len(texts)


def card_prior(
    mana_value: np.ndarray,
    text_words: np.ndarray,
    amount: np.ndarray | None = None,
    popularity: np.ndarray | None = None,
    banned: np.ndarray | None = None,
    draws: bool = False,
    colours: np.ndarray | None = None,
) -> np.ndarray:
    """The part of :func:`directness` that is the card's own, whatever the tag: a cheap card beats a dear one,
    and a card whose text does little else beats one doing many things. ``amount`` (mana made or cards drawn,
    for tags that make them) rewards making more for the cost; ``popularity`` (0-1, from EDHREC rank when the
    store has it) is a prior added on top; ``banned`` (in Commander) costs :data:`BANNED_COST`. When ``amount``
    counts cards drawn (``draws``), a card that draws one only replaces itself: it costs :data:`CANTRIP_COST` more.
    ``colours`` (how many of the five colours a mana maker can make) rewards fixing: :data:`FIXING_VALUE` mana
    for making any colour."""
    cost = np.clip(np.nan_to_num(mana_value, nan=3.0), 0, 12)
    if amount is not None:
        cost = cost - 0.75 * np.maximum(amount - 1, 0) + (float(draws) * CANTRIP_COST * (amount == 1))
    if colours is not None:
        cost = cost - FIXING_VALUE * (colours >= 5)
    prior = -0.04 * cost - 0.1 * np.log2(1 + text_words / 12)
    if popularity is not None:
        prior += 0.3 * popularity
    if banned is not None:
        prior -= BANNED_COST * banned
    return prior


# What a card's own text says against it as a direct answer, each with its cost in directness (0.04 is one mana).
# Conditions narrow what the effect does ("counter target spell that targets a creature", "destroy target attacking
# creature", "if it's red"); drawbacks are what the card costs you besides mana ("you lose the game", "deals 3
# damage to you", "then discard three cards"). Written from the game's templating, not from any query set. Mana only
# some spells may use ("Spend this mana only to activate abilities": Omen Hawker) is a condition too.
_CONDITIONS = (
    r"\bthat targets\b|(?i:\bspend this mana only\b)|"
    r"\bif (?:it was kicked|its controller is|no mana was|it's (?:white|blue|black|red|green))|"
    # a spell of one colour cast ("Whenever an opponent casts a green spell, you draw a card": Insight, a hoser)
    r"\bcasts? an? (?:white|blue|black|red|green) spell\b|"
    r"\bthat's the second\b|\bof the chosen colou?r\b|\bwith horsemanship\b|"
    r"\btarget (?:attacking|blocking|tapped|untapped)\b|\battacking or blocking\b|"
    r"\b(?:with|has) (?:flying|power \d+ or|toughness \d+ or|mana value \d+ or|converted mana cost \d+ or)|"
    r"\bdeals [12] damage to (?:target|any|each)|\bgets? -[1-3]/-[0-3]\b|"
    r"(?im:^(?:metalcraft|threshold|delirium|morbid|raid|revolt|ferocious|hellbent|coven|formidable|"
    r"spell mastery) —)|"
    # a trigger doubler for one creature type or for dungeons only ("a triggered ability of an Ally you control",
    # "If a Wizard you control entering", "Room abilities"): Panharmonicon and Yarok double any permanent's
    r"\btriggered ability of (?:a|an|another) [A-Z][a-z]+ |\bIf an? [A-Z][a-z]+ you control entering\b|"
    r"\bRoom abilities\b")
# "destroy target Human creature": a creature type after "target" (its group is checked: not "target Aura")
_TRIBAL = r"\btarget ([A-Z][a-z]+) (?:creature|permanent|card)"
_NOT_TRIBES = frozenset({"Aura", "Equipment", "Vehicle"})
_LIGHT_CONDITIONS = r"\bnon(?:white|blue|black|red|green|artifact|legendary)\b|\bunless\b"
_DRAWBACKS = (
    r"(?i:\byou lose the game\b|\bat the beginning of your upkeep, (?:sacrifice|pay|you lose)|"
    r"\bdeals? \d+ damage to you\b|\bdoesn't untap during your untap step\b|\bskip your\b|\bdiscard your hand\b|"
    r"\bflip a coin\b|\blands you control don't untap\b|\bas an additional cost to cast this spell, "
    r"(?:sacrifice|discard|exile)|\bthen discards? (?:a|one|two|three|four|x) cards?)")
# "Its controller gains life" (Swords to Plowshares) is a drawback too, but a clause that short is already paid
# for by the words it adds (card_prior's text length), so it is not counted twice.
_LIGHT_DRAWBACKS = r"(?i:\byou lose \d+ life\b|\beach player (?:draws|discards|sacrifices)\b)"
_ANTE = r"(?i:\bante\b)"
_X_COST = r"\bX\b( is\b)?"  # "deals X damage", not "X is the number of ..."
# (nor "pay X life": X is paid in life, no mana makes it matter: Toxic Deluge)
_X_DEFINED = r"\bwhere X is\b|\bX is (?:the|equal)\b|\bpays? X life\b"
CONDITION_COST = 0.1
DRAWBACK_COST = 0.06
LIGHT_COST = 0.02
X_COST = 0.1  # "deals X damage" costs the mana that makes X matter: about two and a half more mana
LAND_COST = 0.08  # a land costs no mana but a land drop, and its other abilities cost mana to use: about two mana
ANTE_COST = 0.3  # a card played for ante is banned in every format
BANNED_COST = 0.3  # banned in Commander: not what a Commander player is handed first (0.12 left the Moxen first)
# In mana, what drawing just one card costs a card-draw answer: it only replaces itself, no card advantage ("card
# draw" led with Reach Through Mists and Mental Note at one mana; two on dev moved tags +0.3, deckneeds +0.6)
CANTRIP_COST = 2.0
# In mana, what making any colour is worth to a mana maker over making one: fixing ("mana dorks" ranked Birds of
# Paradise 23rd among the dorks, behind every {T}: Add {G} elf, as text alone cannot tell a staple)
FIXING_VALUE = 0.5
TRIGGERED_SCORE, NARROW_SCORE = 0.55, 0.5  # a direct answer scores 1.0
NARROW_LIFT = 1.0 - NARROW_SCORE  # a narrow answer's directness raised to a direct one's


# Mana a card gives back as it is cast or enters, which its cost does not show: Treachery and Peregrine Drake untap
# five lands (a Control Magic that nets no mana), Frantic Search three; an untap on a later trigger (Teferi's +1, an
# attack) is no refund of the card's own cost
_REFUND = re.compile(r"(?:^|\n|\. )(?:when (?:this [a-z]+|[^.\n,]{1,40}) enters, )?untap up to "
                     r"(one|two|three|four|five|six|seven) lands\b", re.IGNORECASE)


def refunds(texts: Sequence[str]) -> np.ndarray:
    """How much mana each card gives back as it is cast or enters (:data:`_REFUND`), 0 for most."""
    out = np.zeros(len(texts))
    for row, text in enumerate(texts):
        if text and "untap up to" in text.lower() and (found := _REFUND.search(text)):
            out[row] = NUMBER_WORDS[found.group(1).lower()]
    return out


def text_penalty(texts: Sequence[str], type_lines: Sequence[str]) -> np.ndarray:
    """How much each card's own text and type take from its directness: conditions that narrow the effect,
    drawbacks, an X in the cost (its mana value counts X as 0), a land's missing mana value, ante.

    Each pattern makes one RE2 pass (linear time) over the texts joined, as UTF-8: a whole store's in a fraction
    of a second."""
    texts, type_lines = _plain(texts), _plain(type_lines)
    encoded = [text.encode() for text in texts]
    joined = b"\n\n".join(encoded)
    starts = np.cumsum([0] + [len(text) + 2 for text in encoded[:-1]])

    def count(name: str) -> np.ndarray:
        found = [m.start() for m in _COMPILED[name].finditer(joined) if _KEEP.get(name, bool)(m)]
        rows = np.searchsorted(starts, np.array(found, dtype=np.int64), side="right") - 1
        return np.bincount(rows, minlength=len(texts)).astype(np.float64)

    counts = {name: count(name) for name in _COMPILED}
    conditions = counts["conditions"] + counts["tribal"]
    light = counts["light_conditions"] + counts["light_drawbacks"]
    x_cost = (counts["x_cost"] > 0) & (counts["x_defined"] == 0)
    return (CONDITION_COST * np.minimum(2, conditions) + DRAWBACK_COST * np.minimum(2, counts["drawbacks"])
            + LIGHT_COST * np.minimum(2, light) + X_COST * x_cost + LAND_COST * are_lands(type_lines)
            + ANTE_COST * (counts["ante"] > 0))


def are_lands(type_lines: Sequence[str]) -> np.ndarray:
    """Whether each card is a land by its type line's types (before the dash, of the front face's when faced)."""
    return np.array(["Land" in type_line.split(" — ")[0] for type_line in _plain(type_lines)], dtype=bool)


def _plain(values: Sequence[str]) -> list[str]:
    """Python strings (a store's columns are numpy arrays, whose items are slow to visit one by one)."""
    return values.tolist() if isinstance(values, np.ndarray) else list(values)


_COMPILED = {name: re2.compile(pattern.encode()) for name, pattern in {
    "conditions": _CONDITIONS, "tribal": _TRIBAL, "light_conditions": _LIGHT_CONDITIONS, "drawbacks": _DRAWBACKS,
    "light_drawbacks": _LIGHT_DRAWBACKS, "ante": _ANTE, "x_defined": _X_DEFINED, "x_cost": _X_COST}.items()}
_KEEP = {"tribal": lambda m: m.group(1).decode() not in _NOT_TRIBES, "x_cost": lambda m: m.group(1) is None}


# What a broad tag's players mean first, in directness: "removal", "a kill spell", "deal with a threat", "interaction"
# are answers to creatures before anything (Swords to Plowshares, Murder), and best to any permanent (Beast Within);
# an answer only to artifacts or enchantments (Smelt, Demystify) is a narrower one, three mana behind
BREADTH = {TAG_INDEX["removal"]: ((TAG_INDEX["creature-removal"], 0.12), (TAG_INDEX["permanent-removal"], 0.04))}


# Tags whose cards' other text is their point, not noise that makes them less direct: a cantrip is a spell that also
# replaces itself, and Ponder's look at the top three is why it is played ("cantrips" led with Reach Through Mists,
# whose whole text is "Draw a card.", and had no Ponder, Preordain or Consider in its first hundred). What players
# mean first by one is library selection (:data:`_SELECTION`), worth :data:`SELECTION_VALUE`.
RIDER_TAGS = frozenset({TAG_INDEX["cantrip"]})
_SELECTION = re.compile(r"\b(?:scry|surveil) (?:\d|x)\b|\blook at the top\b|"
                        r"\bput (?:them|the rest|one|that card|the other|those cards)\b[^.]* "
                        r"(?:back|on the bottom|into your graveyard)\b", re.IGNORECASE)
SELECTION_VALUE = 0.08  # two mana


def selects(texts: Sequence[str]) -> np.ndarray:
    """Whether each card's text sorts its owner's library (scry, surveil, look at the top and put back): 0 or 1."""
    return np.array([bool(text) and _SELECTION.search(text) is not None for text in _plain(texts)], dtype=np.float64)


def breadth(tag: int, strengths: np.ndarray) -> np.ndarray | float:
    """What :data:`BREADTH` adds to the directness of a tag's cards (``strengths``: their rows of the tag matrix,
    all tags); 0 for a tag it does not name."""
    return sum((bonus * (strengths[:, other] >= DIRECT) for other, bonus in BREADTH.get(tag, ())), 0.0)


def directness(strength: np.ndarray, prior: np.ndarray) -> np.ndarray:
    """How directly each card performs a tag, higher first: a direct match beats a triggered or narrow one,
    then the card's :func:`card_prior` decides."""
    return np.select([strength >= DIRECT, strength >= TRIGGERED], [1.0, TRIGGERED_SCORE], NARROW_SCORE) + prior


def popularity_prior(edhrec_rank: np.ndarray) -> np.ndarray | None:
    """EDHREC rank (1 = most played) as a 0-1 prior, log-scaled; cards without a rank get 0. ``None`` when the
    store has no ranks at all (the bundled snapshot)."""
    known = edhrec_rank > 0
    if not known.any():
        return None
    worst = float(edhrec_rank[known].max())
    prior = np.zeros(len(edhrec_rank))
    prior[known] = 1 - np.log1p(edhrec_rank[known]) / np.log1p(worst + 1)
    return prior


def by_directness(rows: np.ndarray, direct: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A tag's cards and their directness, most direct first (ties to the lower row): computed once per tag."""
    order = np.argsort(-direct, kind="stable")
    return rows[order], direct[order]


def dense_share(chosen: Sequence[TagMatch], weights: Weights) -> float:
    """How much of its weight the embedding list keeps beside ``chosen`` tags: ``dense_explained`` when a tag
    named in words explains the whole query ("mana dorks"), more as that tag explains less of it."""
    named = max((m.weight for m in chosen if m.by == "words"), default=0.0)
    return 1.0 - (1.0 - weights.dense_explained) * named


def tag_order(rows: np.ndarray, direct: np.ndarray, fused: np.ndarray, weight: float, depth: int,
              weights: Weights | None = None, similarity: np.ndarray | None = None,
              lifted: np.ndarray | None = None) -> np.ndarray:
    """The first ``depth`` cards of a tag in list order: directness first (``rows`` and ``direct`` come from
    :func:`by_directness`), reordered by the other rankers' score as much as the tag leaves of the query
    unexplained (a query that is only "mana rocks" is ordered by directness alone), and by each card's
    ``similarity`` (the query's embedding cosine, all cards) times the encoder's ``dense_mix``; each card gains
    the directness ``lifted`` gives it (one per row of ``rows``: :data:`TEAM_LIFT` for a team's,
    :data:`TRIBE_LIFT` for a tribe's, less :data:`SMALL_ANSWER_COST` for a small answer to a big threat)."""
    weights = weights or Weights()
    top = fused[rows].max() if len(rows) else 0.0
    mix = weights.relevance_mix * (1.1 - weight)
    near = weights.dense_mix if similarity is not None else 0.0
    lift = max(float(lifted.max()), 0.0) if lifted is not None and len(lifted) else 0.0
    if len(rows) > depth:  # only cards within reach of the depth-th by directness can enter the list
        reach = int(np.searchsorted(-direct, -(direct[depth - 1] - mix - near - lift), side="right"))
        rows, direct = rows[:reach], direct[:reach]
        lifted = lifted[:reach] if lifted is not None else None
    key = direct + (mix * fused[rows] / top if top > 0 else 0.0)
    if lifted is not None:
        key = key + lifted
    if near:
        cosines = similarity[rows]
        key = key + near * np.where(np.isfinite(cosines), cosines, 0.0)
    return rows[np.argsort(-key, kind="stable")][:depth]


def tag_list_scores(count: int, weight: float) -> np.ndarray:
    """Reciprocal-rank scores of a matched tag's list of ``count`` cards."""
    return weight / (TAG_K + np.arange(1, count + 1))
