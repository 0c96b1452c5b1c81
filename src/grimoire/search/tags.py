"""Function tags of a card (mana-rock, sweeper, token-doubler, ...), read from its rules text by explicit rules.

Names follow Scryfall Tagger's style. Each tag is a rule over the lower-cased rules text (own name or
"this creature" as ``~``, reminder text dropped) and the type line, so new cards are tagged the day they are
printed. A rule answers
with a strength: DIRECT (3) when the card does the thing directly (an unconditional spell effect, a static
or tap ability), TRIGGERED (2) when only on a trigger or under a condition, NARROW (1) when it hits only some
cards (nonblack, attacking, treasure tokens) or costs mana to activate; 0 when not at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

Rule = Callable[[str, str], int]
DIRECT, TRIGGERED, NARROW = 3, 2, 1

_REMINDER = re.compile(r"\s*\([^()]*\)")
SELF = "~"
_SELF_WORDS = re.compile(
    r"\bthis (?:creature|artifact|enchantment|permanent|land|vehicle|equipment|aura|card|token|"
    r"planeswalker|battle|saga|class|case|room|siege)\b"
)
NUMBER = (
    r"(?:a|an|one|two|three|four|five|six|seven|x|that many|\d+|any number of|"
    r"up to (?:one|two|three|four|x|\d+))"
)
_TARGET = r"(?:target|up to (?:one|two|three|x) target|another target|any number of target|(?:one|two|three|x) target)"
_CONDITION = re.compile(r"(?:when|whenever|at the beginning|at the end|if|as long as|during|each time)\b")
_BOUNDARY = re.compile(r"[\n•]|\. |: ")
_TRIGGER_HEAD = re.compile(r"^[a-z ,'-]+ — ")  # an ability word such as "landfall — " before the trigger
_NARROWING = re.compile(
    r"\b(?:with (?:mana value|power|toughness|flying|defender|converted)|non(?:black|white|blue|"
    r"red|green|artifact|legendary|token)|legendary|attacking|blocking|blocked|"
    r"(?:un)?tapped (?:creatures?|permanents?|artifacts?)|unless|without (?:flying|horsemanship)|you own|"
    r"with shadow|activate only|dealt damage|target creature token|"
    r"(?:white|blue|black|red|green|multicolored|colorless) (?:creatures?|permanents?)|"
    r"(?:treasure|food|clue|artifact|map|blood) tokens?|as long as|if you control|only if|"
    r"creatures? (?:of the chosen type|with the greatest|that dealt))\b"
)
_ENCHANT_LINE = re.compile(r"enchant ")
_PAID_COST = re.compile(r"\{(?:[\dwubrgcx]|[\dwubrg]/[wubrgp])\}")  # mana in an activated ability's cost ({g/u} too)


def _strength(text: str, start: int, end: int) -> int:
    """How directly the ability holding a match does its thing (see the module docstring). Narrowing words
    count from the match to the end of its ability, and on an aura's "enchant" line for what it enchants."""
    clause_start = max((m.end() for m in _BOUNDARY.finditer(text, 0, start)), default=0)
    clause = _TRIGGER_HEAD.sub("", text[clause_start:start].lstrip())
    line_end = text.find("\n", end)
    if _NARROWING.search(text, start, line_end if line_end >= 0 else len(text)):
        return NARROW
    if "enchanted" in text[start:end] and _NARROWING.search(_ENCHANT_LINE.match(text) and text.split("\n")[0] or ""):
        return NARROW
    if text[max(0, clause_start - 2) : clause_start] == ": ":
        cost = text[text.rfind("\n", 0, clause_start) + 1 : clause_start]
        if _PAID_COST.search(cost):
            return NARROW
    return TRIGGERED if _CONDITION.match(clause) else DIRECT


def _attached_strength(text: str, type_line: str, start: int, end: int) -> int:
    """:func:`_strength`, but NARROW for a creature's "enchanted ..." ability: it works only once the creature
    is bestowed or turned into an aura (Hypnotic Siren, the licids), at a dearer cost than its mana value."""
    if "enchanted" in text[start:end] and re.search(_FRONT + "creature", type_line):
        return NARROW
    return _strength(text, start, end)


def _rule(*patterns: str, types: str = "", not_types: str = "", unless: str = "") -> Rule:
    """A rule matching any of ``patterns``; ``types``/``not_types`` are type-line regexes the card must (not)
    match, ``unless`` a text regex that rules the card out."""
    compiled = re.compile("|".join(f"(?:{p})" for p in patterns))
    wanted = re.compile(types) if types else None
    unwanted = re.compile(not_types) if not_types else None
    excluded = re.compile(unless) if unless else None

    def test(text: str, type_line: str) -> int:
        if (wanted and not wanted.search(type_line)) or (unwanted and unwanted.search(type_line)):
            return 0
        if excluded and excluded.search(text):
            return 0
        return max((_attached_strength(text, type_line, m.start(), m.end()) for m in compiled.finditer(text)),
                   default=0)

    return test


def _either(*rules: Rule) -> Rule:
    return lambda text, type_line: max(rule(text, type_line) for rule in rules)


def _direct(rule: Rule) -> Rule:
    """A tag whose narrowing words are its point (a pillowfort's "unless their controller pays"): any match is
    DIRECT."""
    return lambda text, type_line: DIRECT if rule(text, type_line) else 0


# A grant of haste that ends with the turn: an instant's or sorcery's, or one target creature's ("Another target
# creature gains haste until end of turn"): one attack, where Lightning Greaves and Fires of Yavimaya last
_ONE_TURN_GRANT = re.compile(r"[^.\n]*\btarget creatures?\b[^.\n]*\bhaste\b[^.\n]*until end of turn[^.\n]*|"
                             r"[^.\n]*until end of turn, [^.\n]*\btarget creatures?\b[^.\n]*\bhaste\b[^.\n]*")


def _lasting(rule: Rule) -> Rule:
    """A granter whose grant lasts: one that ends with the turn (an instant's, a sorcery's, one target creature's
    until end of turn) is at most TRIGGERED."""

    def test(text: str, type_line: str) -> int:
        strength = rule(text, type_line)
        if strength <= TRIGGERED:
            return strength
        if re.search(r"\b(?:instant|sorcery)\b", type_line):
            return TRIGGERED
        return rule(_ONE_TURN_GRANT.sub("", text), type_line) or TRIGGERED

    return test


# what keeps a player from getting poison counters or takes them away (Melira, Solemnity, Leeches)
_POISON_HATE = (r"\b(?:you|players) can't get (?:poison )?counters|\btarget player loses all poison counters|"
                r"creatures your opponents control lose infect")


def _narrow(rule: Rule) -> Rule:
    """A weaker form of a tag (a 1-damage sweeper, an equipment-only tutor): at most NARROW."""
    return lambda text, type_line: min(rule(text, type_line), NARROW)


def _granter(keyword: str) -> Rule:
    """Gives ``keyword`` to other creatures (not only to itself)."""
    return _rule(
        rf"(?:creatures|creature|permanents|artifacts)(?! your opponents control)(?! an opponent controls)"
        rf"[^.]*?\b(?:have|has|gain|gains)\b[^.]*?(?<!loses )\b{keyword}\b",  # (Sky Tether: "loses flying")
        rf"(?:creatures|creature)[^.]*?\bget [^.]*? and (?:gain|gains|have|has) [^.]*?\b{keyword}\b",
    )


_FRONT = r"^[^—]*"  # the part of a type line before the subtypes
_DEATH = (r"whenever (?:~ or )?(?:a|another|one or more)(?: other)?(?: nontoken)? creatures?(?: you control| an "
          r"opponent controls| your opponents control)? (?:dies|die)\b")
_MANA_ABILITY = r"(?:^|\n)[^\n:]*\{t\}[^\n:]*: add (?:\{|one mana|two mana|three mana|mana of any|x mana)"


# "Draw a card. If a graveyard has twenty or more cards in it, draw three cards instead" (Visions of Beyond): the
# upgrade is a condition, so the card draws what it draws without it. "If you would draw a card, draw two cards
# instead" is a replacement the card always makes, and counts.
_UPGRADE = re.compile(r"\bif (?!you would)[^.]*?, draws? \w+ cards? instead")


# Numbers as rules text writes them in words ("draw three cards", "untap up to five lands")
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                "ten": 10}
# Who draws, read from the start of the sentence: the opponents alone ("each opponent draws two cards", Wheel and Deal's
# "any number of target opponents each discard their hands and draw seven cards") give the card's controller none;
# every player alike ("each player discards their hand, then draws seven cards") gives an edge only to the player
# who casts it, when their hand is the emptiest: half
_THEY_DRAW = re.compile(r"\b(?:each opponent|target opponents?|each other player|an opponent|that player)\b")
_ALL_DRAW = re.compile(r"\b(?:each player|all players|players)\b")
_TRIGGER = re.compile(r"^\s*(?:when|whenever|at the beginning of|at the end of|if|as long as)\b[^,]*, ")


def cards_drawn(text: str) -> int:
    """How many cards the card's best draw instruction draws its controller (X counts as 3), 0 when none: an upgrade
    on a condition ("..., draw three cards instead") does not count, a draw for opponents only counts none, and
    one for every player alike (a wheel) half, rounded up."""
    counts = {"a": 1, "x": 3, **NUMBER_WORDS}
    text = _UPGRADE.sub("", text)
    best = 0
    for found in re.finditer(r"\bdraws? (a|one|two|three|four|five|six|seven|x) cards?", text):
        sentence = text[max(text.rfind(". ", 0, found.start()), text.rfind("\n", 0, found.start()), -1) + 1:
                        found.start()]
        sentence = _TRIGGER.sub("", sentence)  # "whenever an opponent casts a spell, draw a card": the draw is yours
        clause = sentence[sentence.rfind(", ") + 1:].strip()  # "..., you may draw"
        subject = sentence if not clause or clause.startswith(("then", "and")) else clause
        count = counts[found.group(1)]
        if _THEY_DRAW.search(subject):
            count = 0
        elif _ALL_DRAW.search(subject):
            count = (count + 1) // 2
        best = max(best, count)
    return best


def mana_output(text: str) -> int:
    """How much mana the card's best tap ability makes ({c}{c} is 2, "two mana" is 2), less the generic mana it
    costs (a Signet's "{1}, {T}: Add {W}{U}" makes 1 more than it takes; it had counted as Sol Ring's 2), 0 when
    none."""
    best = 0
    for match in re.finditer(r"(?:\{(\d+)\}, )?\{t\}: add ((?:\{[wubrgc]\})+|one|two|three)", text):
        made = match.group(2)
        amount = made.count("{") or ("one", "two", "three").index(made) + 1
        best = max(best, amount - int(match.group(1) or 0))
    return best


_GENERIC_AND_TAP = re.compile(r"\{(\d+)\}, \{t\}")
_MANA_ADDED = re.compile(r"\{[wubrgc]\}|\b(one|two|three) mana\b")


def _nets_mana(cost: str, added: str) -> bool:
    """Whether a mana ability paid with generic mana and a tap adds more than it costs ("{1}, {T}: Add {W}{U}": a
    Signet, ramp; "{1}, {T}: Add one mana of any color": Prismatic Lens, a filter)."""
    paid = _GENERIC_AND_TAP.fullmatch(cost)
    if paid is None:
        return False
    sentence = added.split(".", 1)[0]
    made = sum({"one": 1, "two": 2, "three": 3}.get(found.group(1), 1) if found.group(1) else 1
               for found in _MANA_ADDED.finditer(sentence))
    return made > int(paid.group(1))


def _mana_source(text: str, type_line: str) -> int:
    """DIRECT for a tap-only mana ability, TRIGGERED when the card enters tapped (no mana the turn it comes),
    NARROW when it needs more (a sacrifice, a counter, other mana) or works only sometimes."""
    best = 0
    slow = "~ enters tapped" in text
    for match in re.finditer(_MANA_ABILITY, text):
        cost = match.group(0).split(":")[0].strip()
        line_end = text.find("\n", match.end())
        narrowed = _NARROWING.search(text, match.end(), line_end if line_end >= 0 else len(text))
        strength = NARROW if cost not in ("{t}", "") and not _nets_mana(cost, text[match.end() - 1: line_end]) or \
            narrowed else TRIGGERED if slow else DIRECT
        best = max(best, strength)
    return best


def _typed_mana_source(types: str, not_types: str) -> Rule:
    wanted, unwanted = re.compile(types), re.compile(not_types)
    return lambda text, type_line: (
        _mana_source(text, type_line) if wanted.search(type_line) and not unwanted.search(type_line) else 0
    )


MANA_ROCK = _typed_mana_source(_FRONT + "artifact", _FRONT + "(?:creature|land)")
MANA_DORK = _typed_mana_source(_FRONT + "creature", _FRONT + "land")
# what a land search names: "a land card", "a basic Plains card", "a Forest or Plains card"
_LAND_CARD = r"(?:land|plains|island|swamp|mountain|forest|gate|desert)s? cards?"
RAMP_LAND = _rule(
    rf"search your library for [^.]*{_LAND_CARD}[^.]*(?:onto the battlefield|put (?:it|them|one|those|that card) "
    r"onto)",
    r"put (?:a|up to \w+) lands? cards? from your hand onto the battlefield",
    not_types=_FRONT + "land",
)
EXTRA_LAND_DROP = _rule(r"play (?:an|two|one|any number of) additional lands?")
# an Aura that makes its land tap for more (Wild Growth, Utopia Sprawl, Fertile Ground, Overgrowth): a turn-one ramp
# spell that had no tag at all
LAND_AURA_RAMP = _rule(r"whenever enchanted (?:land|plains|island|swamp|mountain|forest) is tapped for mana, its "
                       r"controller adds (?:an|one|two) additional")
# Treasure, and after it the other tokens that are spent for mana: Eldrazi Spawn and Scions, Gold, Powerstones
TREASURE_MAKER = _either(
    _rule(rf"\bcreates? {NUMBER}[^.]*?treasure tokens?"),
    _narrow(_rule(rf"\bcreates? {NUMBER}[^.]*?(?:eldrazi spawn|eldrazi scion|gold|powerstone) "
                  r"(?:(?:artifact )?creature )?tokens?")),
)
MANA_DOUBLER = _rule(
    r"taps? (?:a|an) [^.]*for mana, [^.]*adds? (?:an additional|one additional|one mana|that much)",
    r"produces? (?:twice|three times) as much",
    r"adds? (?:twice|three times) that much mana",
)
# "exile target permanent. Return it to the battlefield": a blink, not removal ("when ~ leaves the battlefield,
# return the exiled card" is removal)
_RETURNED = r"(?:, then return|\. return) (?:it|that card|the exiled card|those cards|them) to the battlefield"
# an exile undone at the next end step (Otherworldly Journey, Long Road Home) is a blink too, no removal
_BACK_AT_END = r"at the beginning of the next end step, return (?:it|that card|them|those cards|the exiled cards?)"
_BLINK = rf"then return (?:it|that card|them|those cards) to the battlefield|{_BACK_AT_END}"
# a permanent shuffled into or put on top of its owner's library (Chaos Warp, Oblation): red's and white's answer to
# what it cannot destroy
_PERMANENT_TUCK = (r"\bowner of target (?:nonland )?permanent shuffles it into (?:its|their) library|"
                   r"\bput target (?:nonland )?permanent [^.]*?(?:into|on (?:the )?(?:top|bottom) of) (?:its|their) "
                   r"owner's library")
# a creature put into its owner's library (Condemn's attacker on the bottom, Oust's second from the top)
_CREATURE_TUCK = (r"\bput target (?:[a-z]+ )?creature [^.]*?(?:into|on (?:the )?(?:top|bottom) of) (?:its|their) "
                  r"owner's library")
# a target of the card's own controller's ("exile any number of target creatures you control", Eerie Interlude) is
# a blink or a cost, no removal, and so is one its owner's ("destroy target permanent you own", Despotic Scepter;
# "exile target permanent you own or control", Telim'Tor's Edict)
_NOT_OWN = r"(?!(?: [\w/-]+){1,4}? you (?:control|own)\b)"
REMOVAL_VERB = rf"\b(?:destroy|exile) {_TARGET}{_NOT_OWN}"
DAMAGE_TARGET = (
    r"deals? (?:\d+|x|that much|damage equal to [^.]*?)(?: damage)? to (?:any target|target creature|"
    r"target planeswalker|target attacking|target blocking|target creature or planeswalker|"
    r"up to \w+ target|another target creature|each of up to)"
)
_BOUNCED = "(?:creature|permanent|artifact|enchantment|planeswalker|nonland)"  # what BOUNCE returns; one kind below
BOUNCE = rf"\breturn {_TARGET} [^.]*?{_BOUNCED}s?(?! cards?)[^.]* to (?:its|their) owners?'?s? hands?"
EDICT = (
    r"\b(?:target player|target opponent|each opponent|each player|that player) sacrifices (?:a|an|one|two|x) "
    r"(?:creature|attacking creature|nontoken creature|permanent|nonland permanent|creature or planeswalker|"
    r"creatures|attacking or blocking creature)"
)
FIGHT = r"\bfights? (?:target|another target|up to one target|each)"
BITE = r"deals damage equal to its power to (?:target|another target|up to one target|each) (?:creature|planeswalker)"
# a toughness cut kills: "-5/-0" (Shrink, Hydrosurge) only blunts an attack for a turn, it removes nothing
SHRINK = r"\btarget creature (?:an opponent controls |you don't control )?gets -(?:\d+|x)/-(?:[1-9]\d*|x)"
CREATURE_REMOVAL = _rule(
    rf"{REMOVAL_VERB} (?:[a-z]+ )?(?:creature|permanent|nonland permanent)\b(?! cards?)",
    DAMAGE_TARGET,
    SHRINK,
    EDICT,
    FIGHT,
    BITE,
    BOUNCE.replace(_BOUNCED, "creature"),
    _PERMANENT_TUCK,
    _CREATURE_TUCK,
    unless=rf"then return (?:it|that card|them)|{_BACK_AT_END}",
)
# Removal of any permanent (Vindicate, Beast Within) and bounce (Into the Roil, Cyclonic Rift) answer an artifact
# or an enchantment too, and are most of what blue has against them: narrow answers, after those naming the type
_ANY_PERMANENT = (rf"\b(?:destroy|exile) (?:{_TARGET}|all|each) (?:nonland |nontoken |nonland, nontoken )?"
                  r"permanents?\b(?! you (?:control|own))")
_PERMANENT_BOUNCE = BOUNCE.replace(f"{_BOUNCED}s?(?! cards?)", "permanents?(?! cards?)(?! you control)")
ARTIFACT_REMOVAL = _either(
    _rule(rf"\b(?:destroy|exile) (?:{_TARGET}|all|each) [^.]*?\bartifacts?\b(?! cards?)",
          unless=r"^exile target artifact you control"),
    _narrow(_rule(_ANY_PERMANENT, _PERMANENT_BOUNCE, _PERMANENT_TUCK, BOUNCE.replace(_BOUNCED, "artifact"),
                  unless=_BLINK)),
)
ENCHANTMENT_REMOVAL = _either(
    _rule(rf"\b(?:destroy|exile) (?:{_TARGET}|all|each) [^.]*?\benchantments?\b(?! cards?)"),
    _narrow(_rule(_ANY_PERMANENT, _PERMANENT_BOUNCE, _PERMANENT_TUCK, BOUNCE.replace(_BOUNCED, "enchantment"),
                  unless=_BLINK)),
)
PLANESWALKER_REMOVAL = _rule(
    rf"\b(?:destroy|exile) (?:{_TARGET}|all|each){_NOT_OWN} [^.]*?\b(?:planeswalkers?|nonland "
    r"permanents?|permanents?)\b(?! cards?)",
    r"damage to (?:target (?:creature or )?planeswalker|any target|each planeswalker)",
    unless=_BLINK,
)
_EACH_CREATURE = (
    r"each (?:other )?(?:creature|nonland permanent|creature and each planeswalker|player and each creature)"
)
SWEEPER = _either(
    _rule(
        r"\b(?:destroy|exile) all (?:other )?(?:creatures|nonland permanents|permanents|nontoken creatures|"
        r"creatures and)",
        rf"deals? (?:[4-9]|\d\d+|x) damage to {_EACH_CREATURE}",
        r"\ball (?:other )?creatures get -(?:[3-9]|x)/-(?:[3-9]|x)",
        r"\breturn all (?:other )?(?:creatures|nonland permanents|permanents)[^.]* to their owners'? hands?",
        r"\beach player sacrifices (?:all|x|\w+) (?:creatures|permanents|nonland permanents)",
        # into the libraries (Hallowed Burial, Terminus)
        r"\bput all (?:other )?(?:creatures|nonland permanents) on the (?:top|bottom) of their owners'? librar",
    ),
    _narrow(
        _rule(
            r"\b(?:destroy|exile) all (?:other )?(?:planeswalkers|non-\w+|attacking|[a-z]+ creatures|tapped creatures)",
            rf"deals? [1-3] damage to {_EACH_CREATURE}",
            r"\ball (?:other )?creatures get -[1-2]/-[1-9]",
        )
    ),
)
_NOT_YOURS = r"(?:you don't control|your opponents control)"
# Kills or removes the opponents' side only: -N/-0 is a combat trick, one opponent's sacrifice an edict; overload
# turns "target ... you don't control" into "each" (Cyclonic Rift, Mizzium Mortars). Small damage or -1/-1 is narrow.
SWEEPER_ONE_SIDED = _either(
    _rule(
        rf"(?:destroy|exile) all [^.]*{_NOT_YOURS}",
        rf"deals? (?:[4-9]|\d\d+|x) damage to each (?:creature|nonland permanent)[^.]*{_NOT_YOURS}",
        rf"creatures {_NOT_YOURS} get -(?:\d+|x)/-(?:[2-9]|x)",
        rf"return all [^.]*{_NOT_YOURS}[^.]* to (?:its|their) owners?'? hands?",
        r"each opponent sacrifices (?:all|x) (?:creatures|permanents|nonland permanents)",
        rf"(?:destroy|exile|return|deals? (?:[4-9]|x) damage to) target [^.\n]*{_NOT_YOURS}[^\n]*(?:\n[^\n]*)*"
        r"\noverload\b",
    ),
    _narrow(_rule(
        rf"deals? [1-3] damage to each (?:creature|nonland permanent)[^.]*{_NOT_YOURS}",
        rf"creatures {_NOT_YOURS} get -(?:\d+|x)/-1\b",
    )),
)
# A hard counter of any spell is the direct answer ("counter target spell.", "counter target spell you don't
# control", Disallow's "counter target spell, activated ability, or triggered ability"); one that asks a kind of
# spell ("counter target spell that targets a creature": Intervene; "with mana value 2": Spell Snare; "if it was
# kicked"), a payment or an ability is narrow.
COUNTERSPELL = _either(
    _rule(r"\bcounter (?:target|up to \w+ target|all) spells?(?: you don't control| (?:an opponent|your opponents) "
          r"control)?(?=[.,;]| and\b| then\b|$| or (?:activated |triggered )?ability[.,])"),
    _narrow(_rule(
        r"\bcounter (?:target|up to \w+ target|that|it unless|all)[^.]*?\bspells?\b",
        r"\bcounter target (?:activated|triggered) ability",
    )),
)
TUTOR = _either(
    _rule(
        r"search your library for (?:a|up to (?:one|two|three)|any number of|x) cards?\b(?! named)"
        r"(?! with the same name)[^.]*(?:hand|on top)"
    ),
    _narrow(
        _rule(
            r"search your library for (?:a|an|up to (?:one|two|three)|any number of|x) "
            r"(?!(?:basic )?(?:land|plains|island|swamp|mountain|forest)\b)(?!(?:basic )?lands? cards?)"
            r"(?!cards? named)[^.]*?cards?(?! with the same name)"
        )
    ),
)
# "Create ..." is you; "its controller creates", "target opponent creates" hand the tokens to someone else (Beast
# Within, Swan Song, Hunted Dragon); "each player creates" is everyone, you too, and "target player creates" is
# mostly you (Kozilek's Command, Prismari Command).
TOKEN_MAKER = _rule(rf"(?<!would )\bcreate {NUMBER}[^.]*?tokens?",
                    rf"\b(?:each|target) player creates {NUMBER}[^.]*?tokens?",
                    r"\beach player other than [^.]*?creates [^.]*?tokens?",  # you among them (Fractured Identity)
                    r"\bcreate (?:a|x) tokens? that's a copy")
# A free outlet sacrifices creatures for nothing else (Viscera Seer, Ashnod's Altar); one that also costs mana or
# a tap, or takes only lands or artifacts, is narrow.
SAC_OUTLET = _either(
    # (a token alone, Glimmer Bairn's "Sacrifice a token:", feeds on only part of a board: narrow, below)
    _rule(r"(?:^|\n)sacrifice (?:a|an|another|x|one or more) (?:other )?(?:creature|permanent|nonland permanent)s?"
          r"[^.:\n{]*:"),
    _narrow(_rule(
        r"(?:^|\n|, )sacrifice (?:a|an|another|x|one or more) (?:other )?(?:creature|artifact|permanent|"
        r"nonland permanent|token|land)s?[^.:\n]*:",
        # a tribe's own outlet (Skirk Prospector's "Sacrifice a Goblin: Add {R}", Bloodflow Connoisseur's "Sacrifice a
        # creature") : only the tribe's deck can feed it
        r"(?:^|\n)sacrifice (?:a|an|another) (?:other )?(?!card\b|spell\b)[a-z]+:",
    )),
)
_X_DEFINED_BY_CARD = r"\bwhere x is\b|\bx is (?:the|equal|that)\b"  # X counts something: no mana goes into it
# A card that returns or casts only itself from the graveyard (Cauldron Familiar, Gravecrawler) recurs a threat of
# its own but gets no other card back: a narrow answer to "recursion", "return creatures from the graveyard"
RECURSION = _either(
    _rule(
        r"\breturn (?!~ )[^.]*?cards? from (?:your|a|any|target player's) graveyard (?:to (?:your|its owner's|"
        r"their owner's) hand|to the battlefield|onto the battlefield)",
        r"\bput (?!~ )[^.]*?cards? from (?:your|a) graveyard (?:onto the battlefield|into your hand)",
        r"\breturn (?!~ )[^.]*?from your graveyard to (?:your hand|the battlefield)",
        r"\bcast (?!~ )[^.]*? from your graveyard",
    ),
    _narrow(_rule(r"\b(?:return|cast) ~ from your graveyard")),
)
_SHIELD = r"(?:hexproof|indestructible|shroud|protection from|ward)"
# What guards against any removal: protection from one colour or one kind of card (the Ward auras, Spare from
# Evil) guards against some, so it is a narrow answer to "protect my creatures"
_STRONG_SHIELD = (r"(?:hexproof|indestructible|shroud|\bward\b|protection from (?:everything|all colou?rs|each colou?r|"
                  r"the colou?rs? of (?:your|its controller's) choice|colou?rs? of your choice|each opponent|"
                  r"your opponents|all))")


def _yours_gain(protected: str, shield: str) -> str:
    """``protected`` permanents you control gain a ``shield``."""
    return rf"{protected} you control (?:gain|have|get)[^.]*?{shield}"


def _shielded(shield: str, protected: str) -> tuple[str, ...]:
    """Patterns of a card that gives ``protected`` permanents a ``shield``."""
    return (_yours_gain(protected, shield),
            rf"target (?:creature|permanent|artifact|planeswalker)s? you control (?:gains?|gets?)[^.]*?{shield}",
            rf"(?:equipped|enchanted) (?:creature|permanent) (?:has|gets|gains)[^.]*?{shield}",
            rf"your commander (?:has|gains?)[^.]*?{shield}")


_BOARD = r"(?<!target )(?<!other )(?:creatures|permanents|nonland permanents|artifacts and creatures)"
_BOARD_PHASING = (
    r"\b(?:all|each) (?:nonland )?(?:permanents|creatures) you control phases? out",
    r"any number of target (?:nonland )?(?:permanents|creatures) you control phase out",
    r"prevent all damage that would be dealt to (?:you and )?creatures you control",
)
BOARD_PROTECTION = _either(
    _rule(_yours_gain(_BOARD, _STRONG_SHIELD), *_BOARD_PHASING),
    _narrow(_rule(_yours_gain(_BOARD, _SHIELD))),
)
_PROTECTED = r"(?:creatures|permanents|artifacts|planeswalkers|other [a-z]+s?)"
PROTECTION = _either(
    _rule(
        *_shielded(_STRONG_SHIELD, _PROTECTED),
        r"\b(?:target|each|all) [^.]*?you control phases? out",
        r"prevent all (?:combat )?damage that would be dealt to (?:you|creatures you control|target creature you "
        r"control)",
        r"\bcounter target spell[^.]*that targets (?:a|one or more) [^.]*you control",
        r"\bcan't be the targets? of spells or abilities your opponents control",
    ),
    _narrow(_rule(*_shielded(_SHIELD, _PROTECTED))),
)
CARD_DRAW = _rule(
    rf"(?<!opponent )(?<!opponents )\bdraws? {NUMBER} (?:additional )?cards?",
    r"\bdraw cards equal to",
    r"\bdraws? (?:a|one|two|three) cards? for each",
    r"\blook at the top [^.]*\. put (?:one|two|three|\w+) of them into your hand",
    # cards taken into hand without the word "draw": Fact or Fiction's pile, Necropotence's exiled card
    r"\bput (?:one|that) pile into your hand",
    r"\bexile the top card of your library face down\. put that card into your hand",
)
_LORD_SKIP = (
    r"(?!(?:creatures|attacking|blocking|tapped|untapped|nontoken|white|blue|black|red|green|colorless|"
    r"legendary|token|artifact|enchanted|equipped|permanents|modified|face-down)\b)"
)
LIFEGAIN = _rule(r"\byou gain (?:\d+|x|that much|life equal)", r"\bgains? (?:\d+|x) life\b", r"\blifelink\b")
BURN = _rule(
    r"deals? (?:\d+|x|that much) damage to (?:each opponent|target player|target opponent|any target|"
    r"each player|that player|defending player)",
    r"each opponent loses (?:\d+|x) life",
    r"deals? (?:\d+|x) damage divided [^.]*among (?:any number of|one or two|up to \w+) targets",
)
MILL_OTHERS = _rule(
    r"\b(?:target player|target opponent|each opponent|each player|that player|any number of target "
    r"players|defending player) mills?",
    r"\bputs? the top [^.]* cards? of (?:their|target player's|each player's|each opponent's) library "
    r"into (?:their|that player's) graveyard",
)
SELF_MILL = _rule(
    r"(?:^|\n|\. |, |, then |: |you may )(?:you )?mill (?:\d+|x|a|one|two|three|four|five|six|\w+) cards?",
    r"\bput the top [^.]* cards? of your library into your graveyard",
    r"put the rest into your graveyard",
)

# What a plain mana land says (entering tapped and its conditions, a small enter trigger, mana abilities, fetching
# a land, cycling, storage and depletion counters, an artifact land's indestructibility): a land with anything
# left over is a utility land (Bojuka Bog, Reliquary Tower, Maze of Ith, Cavern of Souls, Gavony Township); one
# whose only extra is a dear card or scry ("{4}, {T}: Surveil 1"), narrowly.
_PLAIN_LAND = re.compile("|".join(f"(?:{p})" for p in (
    r"(?:~|it) enters(?: the battlefield)? tapped(?: unless [^.]*| with [^.]*)?\.",
    r"(?:~|it) enters with (?:one|two|three) (?:charge|depletion) counters? on it\.",
    r"as ~ enters, you may (?:pay \d+ life|reveal [^.]*)\. if you don't, (?:~|it) enters tapped\.",
    r"if you control two or more other lands, ~ enters tapped\.",
    r"when ~ enters, (?:you gain \d life|scry 1|surveil 1|it deals 1 damage to target opponent|"
    r"return a land you control to its owner's hand|sacrifice it unless [^.]*)\.",
    r"as (?:~|it) enters, choose a color[^.]*\.",
    r"(?:^|\n)[^\n:]*\{t\}[^\n:]*: add [^\n]*",
    r"(?:^|\n)[^\n:]*remove [^\n:]* counters? from ~: add [^\n]*",
    r"(?:^|\n)(?:\{\d\}, )?\{t\}, (?:pay 1 life, )?sacrifice ~: search your library for [^\n]*",
    r"(?:^|\n)\{t\}: ~ deals 1 damage to you\.|whenever ~ becomes tapped, it deals 1 damage to you\.",
    r"(?:^|\n)(?:basic )?landcycling [^\n]*|(?:^|\n)cycling [^\n]*",
    r"~ is every basic land type\.|(?:^|\n)indestructible(?=\n|$)",  # Darksteel Citadel is an artifact land
    r"~ doesn't untap during your untap step[^\n]*|you may choose not to untap ~ during your untap step\.",
    r"(?:^|\n)[^\n:]*: put a storage counter on ~\.|at the beginning of your upkeep, if ~ is tapped, put a "
    r"storage counter on it\.",
    r"at the beginning of your upkeep, (?:if ~ has no depletion counters on it, |remove a depletion counter)[^\n]*",
)))
_MINOR_LAND_ABILITY = re.compile(r"^[^:]*: (?:scry 1|surveil 1|investigate|draw a card)$")


def _utility_land(text: str, type_line: str) -> int:
    front = type_line.split(" // ")[0].split("—")[0]
    if not re.search(r"\bland\b", front) or re.search(r"\b(?:creature|planeswalker|battle|basic)\b", front):
        return 0
    rest = re.sub(r"[\s.,]+", " ", _PLAIN_LAND.sub(" ", text)).strip()
    if len(rest) <= 3:
        return 0
    return NARROW if _MINOR_LAND_ABILITY.match(rest) else DIRECT


UTILITY_LAND: Rule = _utility_land

# A team pump that ends a game: +2 power or more, X, or an evasion keyword with it (Overrun, Craterhoof Behemoth,
# Akroma's Will); "+1/+1 until end of turn" alone (Charge, Warrior's Honor) is a narrow finisher
_GAME_ENDING_PUMP = re.compile(
    r"get \+(?:[2-9]|\d{2,}|x)/|\b(?:trample|double strike|flying|menace)\b|can't be blocked"
)


def _finisher(rule: Rule) -> Rule:
    def test(text: str, type_line: str) -> int:
        strength = rule(text, type_line)
        return strength if not strength or _GAME_ENDING_PUMP.search(text) else NARROW

    return test


@dataclass(frozen=True)
class Tag:
    """A function tag: its rule, a short description, and the words players use to ask for it."""

    name: str
    description: str
    phrasings: tuple[str, ...]
    rule: Rule
    makes: str = ""  # "mana" or "cards": ranked by how much of it a card makes for its cost


def _t(name: str, description: str, phrasings: str, rule: Rule, *, by_nature: bool = False, makes: str = "") -> Tag:
    """A tag; ``by_nature`` tags (payoffs, replacement effects, lock pieces) are triggers or conditions by
    nature, so a triggered match counts as direct."""
    if by_nature:
        inner = rule

        def rule(text: str, type_line: str) -> int:
            strength = inner(text, type_line)
            return DIRECT if strength == TRIGGERED else strength

    return Tag(name, description, tuple(p.strip() for p in phrasings.split(";")), rule, makes)


# A type added that makes a creature of the permanent is animation (Starfield of Nyx, Mutavault), not a type change
_NOT_ANIMATED = r"(?!(?:an? )?(?:[a-z]+ )?creatures? in addition)"


TAGS: tuple[Tag, ...] = (
    # mana
    _t(
        "ramp",
        "puts more mana or lands into play: mana rocks and dorks, land searches, extra land drops, treasure",
        (
            "ramp; mana acceleration; more mana; accelerate my mana; ramp spells; mana ramp; accelerate; "
            "get ahead on mana; extra mana; faster mana; more lands; speed up my deck; my deck is too slow; "
            "mana screw; stuck on lands; missing land drops; never enough mana; not enough mana"
        ),
        _either(MANA_ROCK, MANA_DORK, RAMP_LAND, EXTRA_LAND_DROP, TREASURE_MAKER, MANA_DOUBLER, LAND_AURA_RAMP),
        makes="mana",
    ),
    _t(
        "mana-rock",
        "a noncreature artifact that taps for mana",
        (
            "mana rock; mana artifact; artifact that taps for mana; rocks that tap for mana; mana stone; signets; "
            "talismans; mana producing artifacts; artifacts that add mana; fast mana"
        ),
        MANA_ROCK,
        makes="mana",
    ),
    _t(
        "mana-dork",
        "a creature that taps for mana",
        (
            "mana dork; mana creature; creature that taps for mana; mana elf; dorks; elves that tap for mana; "
            "mana elves; creature ramp; creatures that make mana; mana producing creatures; "
            "creatures that add mana"
        ),
        MANA_DORK,
        makes="mana",
    ),
    _t(
        "ramp-land",
        "puts extra lands onto the battlefield from the library or hand",
        (
            "land ramp; fetch lands onto the battlefield; search for a basic plains; put lands into play; "
            "search for basic lands; "
            "land ramp spells; put a land onto the battlefield; fetch basics; search for lands; "
            "get lands from my library; extra lands onto the battlefield; rampant growth effect; cultivate effect; "
            "land search ramp"
        ),
        RAMP_LAND,
    ),
    _t(
        "extra-land-drop",
        "lets you play additional lands each turn",
        (
            "extra land drop; play more lands each turn; play extra lands; play an additional land; "
            "more land drops; additional land each turn; more ways to play lands"
        ),
        EXTRA_LAND_DROP,
        by_nature=True,
    ),
    _t(
        "catch-up",
        "helps only a player who is behind: when an opponent has more lands or creatures",
        (
            "catch up; catch-up ramp; catch-up cards; help me catch up to my opponents"
        ),
        # Land Tax, Gift of Estates, Knight of the White Orchid, Archaeomancer's Map, Tithe; Keeper of the Accord,
        # Linvala, the Preserver (creatures)
        _direct(_rule(
            r"\bopponents? controls? (?:more|at least \w+ more) (?:lands|creatures|nonland permanents|permanents|"
            r"artifacts|enchantments)",
            r"\bcontrols? more lands than you\b",
            r"\byou control fewer (?:lands|creatures|permanents) than (?:an|each|target|that) (?:opponent|player)",
        )),
    ),
    _t(
        "fetchland",
        "a land that sacrifices itself to search for a land",
        (
            "fetch land; land that fetches a land; fetches; lands that search for lands; "
            "sacrifice a land to find a land"
        ),
        _rule(r"sacrifice ~[^:\n]*: search your library for [^.]*land", types=_FRONT + "land"),
    ),
    _t(
        "utility-land",
        "a land that does more than make mana: an activated or triggered ability, a static effect",
        (
            "utility lands; lands that do something; lands with abilities; useful lands; value lands; "
            "lands that do more than tap for mana; nonbasic lands with upside; land with a useful ability; "
            "utility land slots"
        ),
        UTILITY_LAND,
    ),
    _t(
        "treasure-maker",
        "creates Treasure tokens, or other tokens spent for mana (Eldrazi Spawn and Scions, Gold, Powerstones)",
        (
            "treasure maker; make treasure; treasure tokens; create treasure; treasure generation; "
            "treasure producer; treasure tokens makers; treasures; tokens that make mana; mana tokens; "
            "eldrazi spawn and scions"
        ),
        TREASURE_MAKER,
    ),
    _t(
        "mana-fixing",
        "makes mana of any colour, or fetches basic lands of the colours you need",
        (
            "mana fixing; colour fixing; color fixing; mana of any color; fixing; mana of any colour; "
            "colour fixers; make any color; fixers"
        ),
        _rule(
            r"add (?:one|two|three|x)? ?mana of any (?:one )?(?:color|type)",
            r"add one mana of any color",
            r"search your library for (?:a|up to \w+) basic lands?",
            rf"\bcreates? {NUMBER}[^.]*?treasure tokens?",
        ),
    ),
    _t(
        "ritual",
        "an instant or sorcery that adds mana once",
        (
            "ritual; burst of mana; one-shot mana; dark ritual effect; temporary mana; one shot mana spell; "
            "mana burst spells"
        ),
        _rule(r"\badd \{", r"\badd (?:x|one|two|three) mana", types=_FRONT + "(?:instant|sorcery)"),
    ),
    _t(
        "mana-doubler",
        "makes lands or permanents produce extra mana",
        (
            "mana doubler; double my mana; extra mana from lands; lands make extra mana; lands tap for more mana; "
            "mana flare effect; more mana from my lands; triple my mana; lands tap for double; "
            "make every land tap for two"
        ),
        MANA_DOUBLER,
        by_nature=True,
    ),
    _t(
        "cost-reducer",
        "makes other spells or abilities cost less",
        (
            "cost reducer; make spells cheaper; reduce costs; cost reduction; spells cost less; cheaper spells; "
            "discount my spells; lower costs; spells cost less to cast; reduce mana costs; "
            "my spells are too expensive; spells cost too much"
        ),
        _rule(
            r"(?<!this )\bspells[^.]*?\bcosts? \{\d+\} less",
            r"(?<!this )\bspells[^.]*?\bcosts? (?:\{[wubrgc]\}|x) less",
            r"abilities[^.]*?\bcosts? \{\d+\} less to activate",
        ),
        by_nature=True,
    ),
    # card advantage and selection
    _t(
        "card-draw",
        "draws cards or puts cards into your hand",
        (
            "card draw; draw cards; card advantage; refill my hand; draw spells; draw a lot of cards; "
            "draw more cards; fill my hand; refuel; running out of cards; out of cards in hand; run out of gas; "
            "my hand is empty; empty handed; runs out of gas; out of gas in the late game; late game card advantage"
        ),
        CARD_DRAW,
        makes="cards",
    ),
    _t(
        "repeatable-draw",
        "a permanent that keeps drawing cards turn after turn",
        (
            "draw engine; repeatable card draw; draw every turn; draw each turn; ongoing card draw; "
            "steady card draw; card advantage engine; draw whenever a creature enters; draw off creatures entering; "
            "an extra draw each turn; draw an additional card each turn; draw two cards every turn"
        ),
        _rule(
            r"(?:whenever|at the beginning of)[^.]*?\bdraws? (?:a|one|two|an additional|\w+) cards?",
            r"\{t\}(?:(?!sacrifice|discard)[^:\n])*: draw (?:a|one|two) cards?",
            not_types=_FRONT + "(?:instant|sorcery)",
        ),
        by_nature=True,
    ),
    _t(
        "opponent-cast-draw",
        "draws you cards when opponents cast spells",
        (
            "draw when opponents cast spells; draw off my opponents' spells; rhystic study effect; "
            "mystic remora effect; draw whenever an opponent casts a spell; card draw from opponents casting; "
            "make opponents pay or i draw"
        ),
        _direct(_rule(  # "unless that player pays {1}" is the point, not a narrowing
            r"whenever (?:an opponent|a player|each opponent|another player) casts? [^\n]*?"
            r"\b(?:you (?:may )?draw|(?<!may )(?<!they )(?<!player )draw) (?:a|one|two) cards?",
        )),
    ),
    _t(
        "cantrip",
        "a spell or permanent that replaces itself with a card drawn",
        (
            "cantrip; replaces itself; draws a card when cast; cheap cantrip; "
            "spell plus draw a card; cheap spells that draw a card"
        ),
        _either(
            _rule(r"(?:^|\n|\. |, then |then )draw a card", types=_FRONT + "(?:instant|sorcery)"),
            # Brainstorm: three drawn and two put back, one card up like any cantrip
            _rule(r"(?:^|\n)draw (?:two|three) cards, then put (?:one|two) cards? from your hand on top of your "
                  r"library", types=_FRONT + "(?:instant|sorcery)"),
            _rule(rf"when {SELF} enters(?: the battlefield)?, draw a card"),
        ),
    ),
    _t(
        "impulse-draw",
        "exiles cards from the top of your library that you may play for a while",
        (
            "impulse draw; exile the top card and play it; impulse; exile the top card and cast it; "
            "play cards from exile; card draw from exile; exile the top card you may play it; "
            "exile cards and play them this turn; cast spells from exile"
        ),
        _rule(
            r"exile the top [^\n]*?of your library\b[^\n]*?you may (?:play|cast) (?:it|that card|them|those cards|"
            r"cards exiled|one of (?:them|those cards)|the exiled)"
        ),
    ),
    _t(
        "wheel",
        "every player discards or shuffles away their hand and draws a new one",
        (
            "wheel; wheel effect; everyone draws a new hand; wheel of fortune effect; "
            "discard your hand and draw seven; everyone discards and draws; new hand; refill everyone's hand; "
            "everyone discards their hand and draws; new hands for everyone; shuffle hands and draw seven"
        ),
        _rule(
            r"each player (?:discards their hand|shuffles their hand)[^.]*(?:then )?draws",
            r"each player discards their hand[^.]*\. (?:then )?each player draws",
        ),
    ),
    _t(
        "looter",
        "draws then discards to filter the hand",
        "looter; loot; draw then discard; draw and discard; filter my draws; card filtering; my deck keeps flooding; "
        "drawing too many lands; turn extra lands into new cards; flood out; flooding",
        _rule(r"draws? (?:a|one|two|three|\w+) cards?,? then discards? (?:a|one|two|three|\w+) cards?"),
    ),
    _t(
        "rummage",
        "discards then draws",
        "rummage; discard then draw; discard and draw",
        _rule(
            r"discards? (?:a|one|two|\w+) cards?(?:, then|:|\. if you do,)? ?draws? (?:a|one|two|three|\w+) cards?",
            r"as an additional cost to cast this spell, discard (?:a|one|two) cards?\.\s*draw",
        ),
    ),
    _t(
        "scry",
        "scries to set up the top of the library",
        "scry; scry spells; set up the top of my library; see the top of my library; card selection; "
        "library manipulation; manipulate the top of my deck; top of library manipulation",
        _rule(r"\bscry (?:\d+|x)"),
    ),
    _t(
        "surveil",
        "surveils, choosing cards for the graveyard",
        "surveil; surveil spells",
        _rule(r"\bsurveil (?:\d+|x)"),
    ),
    _t(
        "play-from-top",
        "lets you play cards from the top of your library",
        (
            "play off the top of the library; cast from the top of my deck; play from the top of my library; "
            "cast from the top of my library; play lands from the top; future sight effect"
        ),
        _rule(r"(?:play|cast) [^.]*from the top of your library"),
    ),
    _t(
        "group-draw",
        "makes every player draw",
        (
            "group hug draw; everyone draws cards; group hug; all players draw; each player draws; "
            "symmetrical card draw; give everyone cards"
        ),
        _rule(
            r"each (?:other )?player draws (?:a|one|two|three|an additional|\w+) cards?",
            r"that player draws an additional card",
        ),
        by_nature=True,
    ),
    _t(
        "no-max-hand-size",
        "removes or raises your maximum hand size",
        (
            "no maximum hand size; bigger hand size; no hand size; unlimited hand size; "
            "no maximum hand size limit; keep more cards in hand; never discard to hand size; my hand gets too full"
        ),
        _rule(r"no maximum hand size", r"maximum hand size is increased"),
        by_nature=True,
    ),
    # removal
    _t(
        "removal",
        "destroys, exiles, damages, shrinks, bounces or edicts a single target",
        (
            "removal; kill spell; deal with a threat; get rid of something; destroy a creature; spot removal; "
            "targeted removal; get rid of things; remove a threat; interaction; cheap interaction; "
            "answer one big threat; handle a bomb"
        ),
        _rule(
            rf"{REMOVAL_VERB} (?:\w+ )?(?:creature|artifact|enchantment|planeswalker|battle|permanent|nonland "
            r"permanent|noncreature permanent|nontoken creature|attacking creature|blocking creature|[a-z]+ creature)"
            r"s?\b(?! cards?)",
            DAMAGE_TARGET,
            SHRINK,
            EDICT,
            FIGHT,
            BITE,
            BOUNCE,
            r"damage divided as you choose among (?:one or two|one, two, or three|any number of|up to \w+) targets",
            r"\bput target [^.]*(?:creature|permanent)[^.]* on (?:the )?(?:top|bottom) of its owner's library",
            _PERMANENT_TUCK,
            _CREATURE_TUCK,
            unless=rf"then return (?:it|that card|them) to the battlefield|{_BACK_AT_END}",
        ),
    ),
    _t(
        "creature-removal",
        "kills, exiles, damages, shrinks, edicts or bounces a creature",
        (
            "removal; creature removal; kill spell for creatures; kill creatures; destroy target creature; "
            "creature removal spells; get rid of a creature"
        ),
        CREATURE_REMOVAL,
    ),
    _t(
        "exile-removal",
        "exiles a permanent for good",
        (
            "exile removal; exile a creature; exile removal spells; exile target creature; exile a permanent; "
            "exile things; exile-based removal"
        ),
        _rule(
            rf"\bexile {_TARGET}{_NOT_OWN} (?:[a-z]+ )?(?:creature|permanent|nonland permanent|artifact|enchantment|"
            r"planeswalker)s?\b(?! cards?)",
            unless=rf"then return (?:it|that card|them|those cards)|{_BACK_AT_END}",
        ),
    ),
    _t(
        "exile-until-leaves",
        "exiles a permanent until this one leaves the battlefield",
        (
            "oblivion ring effect; exile until it leaves; o-ring; exile until this leaves the battlefield; "
            "temporary exile; banishing light effect"
        ),
        _rule(r"exile [^.]*until ~ leaves the battlefield", r"when ~ leaves the battlefield, return the exiled"),
    ),
    _t(
        "artifact-removal",
        "destroys or exiles artifacts",
        (
            "artifact removal; destroy artifacts; deal with artifacts; artifact hate; artifact destruction; "
            "kill artifacts; "
            "get rid of artifacts; artifact answers; shatter effect; break artifacts; equipment removal; "
            "destroy equipment"
        ),
        ARTIFACT_REMOVAL,
    ),
    _t(
        "enchantment-removal",
        "destroys or exiles enchantments",
        (
            "enchantment removal; destroy enchantments; deal with enchantments; get rid of enchantments; "
            "enchantment answers; "
            "disenchant effect; kill enchantments"
        ),
        ENCHANTMENT_REMOVAL,
    ),
    _t(
        "planeswalker-removal",
        "destroys, exiles or damages planeswalkers",
        (
            "planeswalker removal; kill planeswalkers; destroy planeswalkers; planeswalker answers; "
            "deal with planeswalkers; get rid of planeswalkers; walker removal"
        ),
        PLANESWALKER_REMOVAL,
    ),
    _t(
        "permanent-removal",
        "destroys, exiles or tucks any permanent, not one kind",
        (
            "flexible removal; catch-all removal; versatile removal; removal for any permanent; "
            "answer any permanent; vindicate effect; removal that answers anything; deal with any permanent type"
        ),
        _either(
            _rule(
                rf"{REMOVAL_VERB} (?:nonland |nontoken |nonland, nontoken )?permanents?\b"
                r"(?! cards?| you control| with| that| if)",
                rf"\b(?:the owner of|put) {_TARGET} (?:nonland )?permanent[^.]*?(?:shuffles it into|on (?:the )?"
                r"(?:top|bottom) of) (?:its owner's|their) library",
                rf"\b{_TARGET} (?:nonland )?permanent's owner shuffles it",
                unless=_RETURNED,
            ),
            _narrow(_rule(  # mana value 3 or less, "if it's blue", tapped or attacking ones only
                rf"{REMOVAL_VERB} (?:nonland |nontoken |nonland, nontoken |tapped |attacking )?"
                r"permanents? (?:with|that|if)\b",
                unless=_RETURNED,
            )),
        ),
    ),
    _t(
        "sweeper",
        "destroys, damages, shrinks or bounces all creatures or permanents",
        (
            "board wipe; wrath; sweeper; mass removal; reset the board; wipes; mass removal spells; "
            "kill all creatures; board clear; mass creature removal; board wipe spells; sweep the board; "
            "clear all creatures; boardwipe; boardwipes; my opponents have too many creatures"
        ),
        SWEEPER,
    ),
    _t(
        "sweeper-one-sided",
        "a board wipe that spares your own side",
        (
            "one-sided board wipe; wipe only their board; one-sided wipe; one sided wrath; asymmetric board wipe; "
            "board wipe that spares my creatures; wipe that doesn't kill my creatures; "
            "kill all opponents' creatures; destroy creatures my opponents control; only hits opponents; "
            "only kills their creatures; wrath that keeps my board; clear their board; "
            "wipe that won't kill my stuff; wipe that does not hit my side; sweeper that spares mine; "
            "wipe their side only; one-sided mass removal; board wipe for my opponents only; "
            "kill all creatures except mine; all creatures except mine; wipe except mine; "
            "everything but my creatures; board wipe that leaves my creatures alone; wipe that leaves my board alone; "
            "wrath that leaves my creatures alive; everything but my stuff; kill everything but mine"
        ),
        SWEEPER_ONE_SIDED,
    ),
    _t(
        "exile-sweeper",
        "exiles all creatures or permanents (gets past indestructible and death triggers)",
        (
            "exile sweeper; sweeper that exiles; wrath that exiles; exile all creatures; "
            "sweeper that gets past indestructible; mass exile"
        ),
        _rule(
            r"\bexile all (?:other )?(?:nontoken |nonland |attacking |tapped )?(?:creatures|permanents|"
            r"nonland permanents|artifacts, creatures)(?! you control)",
            r"\bexile each (?:other )?(?:creature|nonland permanent)s?\b(?! you control)",
        ),
    ),
    _t(
        "artifact-sweeper",
        "destroys all artifacts",
        (
            "artifact wipe; destroy all artifacts; artifact board wipe; artifact wrath; kill all artifacts; "
            "mass artifact removal"
        ),
        _rule(r"(?:destroy|exile) all (?:[a-z]+ )?artifacts", r"each player sacrifices all artifacts"),
    ),
    _t(
        "enchantment-sweeper",
        "destroys all enchantments",
        (
            "enchantment wipe; destroy all enchantments; enchantment board wipe; kill all enchantments; "
            "mass enchantment removal"
        ),
        _rule(r"(?:destroy|exile) all (?:[a-z]+ )?(?:artifacts and )?enchantments"),
    ),
    _t(
        "damage-sweeper",
        "deals damage to every creature",
        (
            "damage sweeper; pyroclasm effect; damage wipe; burn all creatures; damage to all creatures; "
            "deal damage to each creature"
        ),
        _rule(r"deals? (?:\d+|x|that much) damage to each (?:other )?(?:creature|nonland|player and each creature)"),
    ),
    _t(
        "mass-bounce",
        "returns many permanents to their owners' hands",
        (
            "mass bounce; mass bounce spells; bounce all creatures; "
            "return all creatures to hand; evacuation effect; bounce the board; send all creatures back to hand"
        ),
        _rule(r"return (?:all|each) [^.]*to (?:its|their) owners?'?s? hands?",
              # overload turns "target" into "each" (Cyclonic Rift: every nonland permanent you don't control)
              r"return target [^.\n]*to (?:its|their) owners?'?s? hands?[^\n]*(?:\n[^\n]*)*\noverload\b"),
    ),
    _t("bounce", "returns a permanent to its owner's hand", (
            "bounce; return to hand; unsummon effect; bounce spells; bounce a creature; "
            "return a creature to its owner's hand; send back to hand"
        ), _rule(BOUNCE)),
    _t(
        "tuck",
        "puts a permanent into its owner's library",
        (
            "tuck; put on the bottom of the library; shuffle into the library; tuck a commander; "
            "send to the bottom; tuck removal; tuck effects; removal that tucks; put it into its owner's library"
        ),
        _rule(
            r"put target [^.]*on (?:the )?(?:top|bottom) of (?:its|their) owner's library",
            r"put target [^.]*into (?:its|their) owner's library",
            r"owner of target [^.]*shuffles it into (?:its|their) library",
        ),
    ),
    _t(
        "edict",
        "makes a player sacrifice a creature or permanent",
        (
            "edict; make them sacrifice a creature; force a sacrifice; make a player sacrifice; "
            "make opponents sacrifice creatures; each opponent sacrifices"
        ),
        _rule(EDICT),
    ),
    _t(
        "pacifism",
        "an aura that stops a creature from attacking or blocking",
        (
            "pacifism; stop a creature attacking; aura removal; can't attack or block; lock down a creature; "
            "neutralise a creature; make their creatures useless; neutralize a creature without killing it"
        ),
        _rule(r"enchanted (?:creature|permanent) can't attack(?: or block|, block)?"),
    ),
    _t(
        "lose-abilities",
        "makes creatures lose all their abilities, often as a vanilla Frog, Elk or Ox",
        (
            "lose all abilities; make a creature lose all abilities; remove a creature's abilities; "
            "turn a creature into a frog; turn their commander into an elk; frogify; frog effects; "
            "blank a creature; blank their commander; strip a creature's abilities; humility effect; "
            "shut off a creature's abilities"
        ),
        # Turn to Frog, Kenrith's Transformation, Darksteel Mutation ("loses all other abilities"), Humility,
        # Merfolk Trickster ("It loses all abilities"); not a card losing its own ("~ loses all abilities")
        _rule(
            r"(?:target|enchanted|equipped|each|all|that|another|other|up to \w+ target)(?: [^.]*?)? "
            r"(?:creatures?|permanents?|artifacts?|planeswalkers?)\b[^.]*? loses? all (?:other )?abilities",
            r"\bcreatures?(?: [^.]*?)? lose all abilities",
            r"\. (?:it|that creature) loses all abilities",
        ),
    ),
    _t("shrink", "gives a creature -X/-X", (
            "shrink; minus toughness removal; minus removal; -x/-x; shrink a creature; give -2/-2; "
            "toughness reduction"
        ), _rule(SHRINK)),
    _t(
        "fight",
        "makes creatures fight",
        "fight; make my creature fight; fight spells; fight removal; creature fights",
        _rule(FIGHT),
    ),
    _t(
        "bite",
        "your creature deals damage equal to its power to another creature",
        "bite; one-sided fight; bite spells; deals damage equal to its power; punch",
        _rule(BITE),
    ),
    _t("burn", "deals damage to players or any target", (
            "burn; direct damage; damage to the face; burn spells; damage spells; deal damage; red damage spells; "
            "damage to players; direct damage spells; shoot a creature; zap a creature"
        ), BURN),
    _t(
        "pinger",
        "taps to deal a little damage again and again",
        "pinger; tap to ping; ping; tap to deal damage; repeatable damage; ping creatures",
        _rule(r"\{t\}[^:\n]*: [^.]*deals? (?:1|2) damage to (?:any target|target|each opponent)"),
    ),
    _t(
        "drain",
        "opponents lose life and you gain it",
        (
            "drain; life drain; drain the table; drain spells; lose life and gain life; make opponents lose life; "
            "each opponent loses life; lifedrain"
        ),
        _rule(
            r"(?:each opponent|target opponent|target player|each player) loses [^.\n]*?life\b[^\n]*?"
            r"you gain (?:\d+|x|that much|life equal to)"
        ),
    ),
    _t(
        "group-slug",
        "damages or drains every player alike, its controller too",
        (
            "group slug; damage everyone; hurt every player; punish everyone at the table; symmetrical damage; "
            "every player loses life; burn everyone; everybody takes damage each turn"
        ),
        # Sulfuric Vortex, Manabarbs, Eidolon of the Great Revel, Havoc Festival, Spellshock, Pestilence-like
        # "each player" sweeps of life; a trigger on every player's turn or spell is what the archetype plays, so
        # a triggered match is direct (by nature), not behind a one-shot spell's
        _rule(
            r"deals? (?:\d+|x) damage to each player\b",
            r"\beach player loses (?:\d+|x) life",
            r"at the beginning of each player's upkeep, [^.]*(?:deals (?:\d+|x) damage to (?:that player|them)|"
            r"that player loses)",
            r"whenever a player [^.]*, ~ deals (?:\d+|x) damage to (?:that player|them)",
            r"whenever a player [^.]*, (?:that player|they) loses? (?:\d+|x) life",
        ),
        by_nature=True,
    ),
    _t(
        "land-destruction",
        "destroys lands",
        (
            "land destruction; blow up lands; destroy lands; ld; stone rain; kill lands; destroy a land; "
            "wreck their mana base; make opponents sacrifice lands; land edict; destroy their mana sources"
        ),
        _rule(
            rf"destroy (?:{_TARGET}|all|each) (?:nonbasic |basic |snow |)(?:lands?|[a-z]+ or land)\b",
            r"destroy target (?:artifact|creature|enchantment)(?:, enchantment,)? or land",
            r"(?:each|target) (?:player|opponent) sacrifices (?:all|x|a|an|\w+) (?:untapped |nonbasic |basic )?"
            r"lands?\b",
        ),
    ),
    _t(
        "land-sweeper",
        "destroys, exiles or makes players sacrifice all (or many) lands",
        (
            "mass land destruction; mld; armageddon effect; armageddon; destroy all lands; blow up all lands; "
            "mass land destruction spells; ravages of war effects; reset everyone's mana"
        ),
        _rule(
            r"\b(?:destroy|exile) all (?:[a-z]+, )*(?:[a-z]+,? (?:and|or) )?(?:nonbasic |basic )?lands\b",
            r"\b(?:each|target) player sacrifices (?:all|x|half|four|five|six|seven|\d+) lands",
            r"\breturn all lands to their owners'? hands",
            r"\bdestroy all lands or all creatures",
        ),
    ),
    # counters and stack
    _t(
        "counterspell",
        "counters a spell or ability",
        (
            "counterspell; counter magic; counter a spell; hard counter; counter target spell; stop a spell; "
            "permission; interaction; interaction on the stack"
        ),
        COUNTERSPELL,
    ),
    _t(
        "counterspell-soft",
        "counters a spell unless its controller pays",
        "soft counter; tax counter; counter unless they pay; mana leak effect",
        _rule(r"counter target [^.]*spell unless its controller pays"),
    ),
    _t(
        "counterspell-creature",
        "counters a creature spell",
        "counter creature spells; counter creatures; stop creatures from resolving",
        _rule(r"counter target (?:[a-z]+ )?creature spell"),
    ),
    _t(
        "counterspell-noncreature",
        "counters a noncreature spell",
        "counter noncreature spells; negate effect",
        _rule(r"counter target noncreature spell"),
    ),
    _t(
        "counterspell-ability",
        "counters an activated or triggered ability",
        "counter abilities; stifle effect; counter triggered abilities; counter activated abilities",
        _rule(r"counter target [^.]*(?:activated|triggered) ability"),
    ),
    _t(
        "copy-spell",
        "copies a spell on the stack",
        (
            "copy spells; fork a spell; spell copy; copy instants; copy sorceries; copy instants and sorceries; "
            "fork"
        ),
        _rule(r"\bcopy (?:target|that|the next|each)[^.]*?(?:spell|instant|sorcery)", r"\bcopy (?:it|that spell)\b"),
    ),
    _t(
        "copy-ability",
        "copies an activated or triggered ability",
        "copy abilities; copy triggered abilities; copy activated abilities; double abilities",
        _rule(r"copy target (?:activated|triggered) (?:or (?:activated|triggered) )?ability", r"copy that ability"),
    ),
    _t(
        "free-spell",
        "can be cast without paying its mana cost, by an alternative cost",
        (
            "free spell; cast for free; pitch spell; free counterspell; cast without paying mana; "
            "zero mana spells; alternative cost; cast without paying its mana cost; spells that cost nothing; "
            "cast free spells; no mana needed"
        ),
        _rule(r"rather than pay (?:this spell's|~'s) mana cost", r"cast (?:this spell|~) without paying its mana cost"),
    ),
    _t(
        "flash-granter",
        "lets you cast spells as though they had flash",
        (
            "give my spells flash; give flash; cast at instant speed; cast creatures at instant speed; "
            "flash enabler"
        ),
        _rule(r"(?:cast|play) [^.]*as though (?:it|they) had flash", r"(?:spells|creature spells)[^.]* have flash"),
    ),
    # tutors
    _t(
        "tutor",
        "searches your library for a nonland card",
        "tutor; search my library for a card; search for a card; demonic tutor effect; find my combo pieces; "
        "grab my combo pieces; assemble my combo; get my combo together",
        TUTOR,
    ),
    _t(
        "tutor-creature",
        "searches your library for a creature card",
        (
            "creature tutor; find a creature; search for a creature; get a creature from my library; "
            "fetch a creature; look for a creature card; search library for a creature"
        ),
        _rule(r"search your library for (?:a|an|up to \w+|any number of|x) [^.]*creature cards?"),
    ),
    _t(
        "tutor-land",
        "searches your library for a land card",
        (
            "land tutor; find a land; search for a land; get a land from my library; fetch a land; "
            "search library for a land"
        ),
        _rule(
            rf"search your library for [^.]*{_LAND_CARD}",
            not_types=_FRONT + "land",
        ),
    ),
    _t(
        "tutor-artifact",
        "searches your library for an artifact, Equipment or Vehicle card",
        "artifact tutor; find an artifact; search for an artifact; fetch an artifact; equipment tutor; "
        "search for equipment; find my equipment",
        _rule(r"search your library for [^.]*(?:artifact|equipment|vehicle) (?:or [a-z]+ )?cards?"),
    ),
    _t(
        "tutor-enchantment",
        "searches your library for an enchantment or aura card",
        "enchantment tutor; search for an enchantment; find an enchantment; aura tutor",
        _rule(r"search your library for [^.]*(?:enchantment|aura) cards?"),
    ),
    _t(
        "tutor-instant-sorcery",
        "searches your library for an instant or sorcery card",
        "instant tutor; sorcery tutor; search for an instant; search for a sorcery; spell tutor",
        _rule(r"search your library for [^.]*(?:instant|sorcery) (?:or sorcery )?cards?"),
    ),
    _t(
        "tutor-top",
        "searches your library for a card and puts it on top",
        "tutor to the top; tutor to top of library; vampiric tutor effect; put a card on top of my library",
        _rule(r"search your library for [^.]*put (?:that card|it|them|the card) on top"),
    ),
    # graveyard
    _t(
        "recursion",
        "returns or casts cards from a graveyard",
        (
            "recursion; recur; get cards back from the graveyard; recursion spells; graveyard recursion; "
            "return from graveyard; rebuy"
        ),
        RECURSION,
    ),
    _t(
        "regrowth",
        "returns a card from your graveyard to your hand",
        "regrowth; return a card to my hand; return a card from my graveyard to my hand; graveyard to hand",
        _rule(
            r"return (?:target|up to \w+ target|a|an|another target)? ?[^.]*?cards? from your graveyard to your hand"
        ),
    ),
    _t(
        "reanimate",
        "puts a creature card from a graveyard onto the battlefield",
        (
            "reanimation; reanimate; bring a creature back from the dead; reanimation spells; reanimate creatures; "
            "return a creature from the graveyard to the battlefield; raise the dead; bring back creatures; "
            "revive creatures; graveyard to battlefield; put a creature from a graveyard onto the battlefield; "
            "cheat from the graveyard"
        ),
        _rule(
            r"(?:return|put) [^.]*?creature cards? from [^.]*graveyards? (?:to|onto) the battlefield",
            r"return enchanted creature card to the battlefield",
        ),
    ),
    _t(
        "mass-reanimate",
        "returns many creature cards from graveyards to the battlefield",
        (
            "mass reanimation; return all creatures from graveyards; bring back all my creatures; "
            "living death effect; recover after a board wipe; rebuild after a wrath; "
            "get my creatures back after a wrath"
        ),
        _rule(
            r"(?:return|returns|put|puts) all [^.]*creature cards?[^.]* from [^.]*graveyards? (?:to|onto) the "
            r"battlefield",
            r"puts? all cards (?:they|you) exiled this way onto the battlefield",
        ),
    ),
    _t(
        "recursion-land",
        "returns or plays land cards from your graveyard",
        (
            "land recursion; play lands from graveyard; land recursion spells; return lands from graveyard; "
            "replay lands from graveyard; get lands back; put lands from my graveyard onto the battlefield"
        ),
        _rule(
            r"return [^.]*land cards? from your graveyard",
            r"play lands? from your graveyard",
            r"put [^.]*land cards? from your graveyard onto the battlefield",
        ),
    ),
    _t(
        "recursion-artifact",
        "returns artifact cards from your graveyard",
        "artifact recursion; artifact recursion spells; return artifacts from graveyard; get artifacts back; "
        "recur equipment; return equipment from the graveyard",
        _rule(r"return [^.]*(?:artifact|equipment|vehicle) cards? from your graveyard",
              r"return to your hand target artifact card"),
    ),
    _t(
        "recursion-spell",
        "returns instant and sorcery cards from your graveyard",
        (
            "spell recursion; get back instants and sorceries; return instants and sorceries from my graveyard; "
            "regrow instants; recur sorceries; get my spells back from the graveyard"
        ),
        # Mystic Sanctuary, Archaeomancer, Mnemonic Wall, Seasons Past, Call to Mind
        _rule(r"(?:return|put) [^.]*(?:instant|sorcery|instant or sorcery|instant and/or sorcery) cards? [^.]*from "
              r"your graveyard", r"return to your hand target (?:instant|sorcery|instant or sorcery) card"),
    ),
    _t(
        "self-recursion",
        "comes back from your graveyard by its own ability, again and again",
        (
            "self recursion; recurring threats; return themselves from graveyard; returns itself from the graveyard; "
            "keeps coming back from the graveyard; cast it from my graveyard; sticky threats that won't stay dead; "
            "escape cards; phoenix effect"
        ),
        # Bloodghast, Gravecrawler, Reassembling Skeleton, Arclight Phoenix, Uro (escape), Punishing Fire; not a
        # card that brings back others (Genesis, Eternal Witness), nor flashback, unearth or persist (once only)
        _direct(_rule(r"\b(?:return|cast|put) ~ (?:from your graveyard|onto the battlefield from your graveyard)",
                      r"(?:^|\n)escape—", r"\b~ returns? (?:from your graveyard|to the battlefield from)")),
    ),
    _t(
        "cast-from-graveyard",
        "lets you cast spells from your graveyard",
        (
            "cast from graveyard; flashback granter; cast spells from the graveyard; flashback; "
            "play from graveyard; recast from graveyard"
        ),
        _rule(r"(?:cast|play) [^.]*from your graveyard", r"gains? flashback"),
    ),
    _t(
        "graveyard-hate",
        "exiles cards from graveyards or stops them being used",
        (
            "graveyard hate; exile graveyards; grave hate; graveyard removal; stop reanimation; "
            "shut down graveyards; hate against graveyard decks; exile all graveyards; stop graveyard recursion; "
            "stop my opponents reanimating; graveyard hosers; hose graveyard decks; anti-graveyard; "
            "deal with graveyard decks"
        ),
        # a whole graveyard or every card bound for one, by a replacement ("if a card would be put into a graveyard
        # ..., exile it instead": no condition, Rest in Peace's and Leyline of the Void's point) or for a price (Relic
        # of Progenitus's "{1}, Exile ~: Exile all graveyards"): direct; one card at a time (Cremate, Heap Doll) is a
        # weaker form
        _either(_direct(_rule(
            r"\bexile (?:all cards from )?(?:target player's|each opponent's|all|target|each player's|all opponents') "
            r"graveyards?",
            r"\bexile (?:all|each) (?:cards? )?(?:from )?"
            r"graveyards?",
            r"would be put into (?:a|an opponent's) graveyard from anywhere, (?:exile it instead|instead exile it)",
            # Samurai of the Pale Curtain ("if a permanent would be put into a graveyard, exile it instead"); Planar
            # Void ("whenever another card is put into a graveyard from anywhere, exile that card")
            r"\bif a (?:card|permanent|nontoken permanent) would be put into (?:a|an opponent's) graveyard, "
            r"(?:exile it instead|instead exile it)",
            r"\bwhenever (?:another )?card is put into (?:a|an opponent's) graveyard from anywhere, "
            r"exile (?:it|that card)",
            r"(?:players|your opponents) can't cast spells from (?:graveyards|their graveyards)",
        )), _narrow(_rule(r"\bexile target card from (?:a|an opponent's|target player's) graveyard"))),
    ),
    _t("self-mill", "puts cards from your own library into your graveyard", (
            "self-mill; fill my graveyard; mill myself; put cards from my library into my graveyard; "
            "dump cards in my graveyard"
        ), SELF_MILL),
    _t(
        "mill",
        "puts cards from another player's library into their graveyard",
        (
            "mill; mill opponents; deck them; mill their library; make opponents mill; deck out opponents; "
            "mill out; decking; make them mill; mill the table; mill win condition; win by milling; mill wincon"
        ),
        MILL_OTHERS,
    ),
    _t(
        "anti-mill",
        "shuffles a graveyard back into its library: a defence against mill and decking",
        (
            "anti mill; protection from mill; i keep getting milled; shuffle my graveyard into my library; "
            "stop me from decking; refill my library; defend against mill; don't run out of cards in library; "
            "reshuffle graveyard into library"
        ),
        _rule(
            r"shuffles? (?:~ and )?(?:your|their|his or her|its owner's|that player's) (?:hand and )?graveyard into "
            r"(?:your|their|his or her|its owner's|their owner's|that player's) library",
            r"shuffles? (?:up to )?(?:\w+ )?(?:target )?cards? from (?:your|their|his or her|a|target player's) "
            r"graveyard into (?:your|their|his or her|its owner's|that player's|their owners'|its owners') librar",
        ),
    ),
    # creatures and combat
    _t("token-maker", "creates tokens", (
            "token maker; make tokens; go wide; tokens; create tokens; token generators; make creature tokens; "
            "token production; sacrifice fodder; fodder to sacrifice; make a bunch of little guys"
        ), TOKEN_MAKER),
    _t(
        "food-maker",
        "creates Food tokens",
        "food tokens; food; make food; create food",
        _rule(rf"\bcreates? {NUMBER}[^.]*?food tokens?"),
    ),
    _t(
        "clue-maker",
        "creates Clue tokens",
        "clue tokens; investigate; clues; make clues; create clues",
        _rule(rf"\bcreates? {NUMBER}[^.]*?clue tokens?", r"\binvestigate\b"),
    ),
    _t(
        "token-doubler",
        "doubles the tokens you create",
        (
            "token doubler; double my tokens; double token creation; twice as many tokens; more tokens; "
            "token multiplier; double token production; create twice as many tokens; token copies doubled"
        ),
        _rule(
            r"tokens? would be created[^.]*(?:twice that many|plus (?:one|an additional))",
            r"would create (?:one or more|a|an) [^.]*tokens?[^.]*(?:twice that many|plus (?:one|an additional))",
        ),
        by_nature=True,
    ),
    _t(
        "counter-doubler",
        "doubles the counters put on your permanents",
        (
            "counter doubler; double counters; double +1/+1 counters; extra counters; twice as many counters; "
            "double counters on my creatures; put twice as many counters"
        ),
        _either(
            _rule(
                r"counters? would be put on[^.]*(?:twice that many|that many plus one)",
                r"would put one or more [^.]*counters[^.]*twice that many",
                r"that many plus one [^.]*counters are put",
                r"double the number of [^.]*counters on each",
            ),
            _narrow(_rule(r"double the number of [^.]*counters")),
        ),
        by_nature=True,
    ),
    _t(
        "trigger-doubler",
        "makes abilities trigger an additional time",
        (
            "trigger doubler; double triggers; double etb triggers; triggers twice; trigger an additional time; "
            "panharmonicon effect; copy etb triggers; enter the battlefield triggers twice"
        ),
        _rule(r"triggers? an additional time"),
        by_nature=True,
    ),
    _t(
        "damage-doubler",
        "doubles or raises damage dealt",
        "damage doubler; double damage; deal double damage; extra damage; more damage; damage amplifier",
        _rule(r"deals? (?:double|triple|three times|twice) that (?:much )?damage", r"that much damage plus \d+"),
        by_nature=True,
    ),
    _t(
        "anthem",
        "permanently pumps your creatures",
        (
            "anthem; team pump; buff my creatures; creatures get +1/+1; buff my team; global pump; "
            "make my creatures bigger; make my tokens bigger; my creatures are too small"
        ),
        _rule(
            r"(?<!until end of turn, )(?:other )?(?:[a-z]+ )?(?:creatures )?you control get \+\d+/\+\d+"
            r"(?![^.]*until end of turn)"
        ),
        by_nature=True,
    ),
    _t(
        "lord",
        "a creature that pumps the other creatures of its type",
        "lord; tribal lord; boost my tribe; creature type lord; pump my tribe; buff my tribe",
        _rule(
            rf"\bother {_LORD_SKIP}[a-z]+(?: creatures)?(?: you control)? get \+\d+/\+\d+", types=_FRONT + "creature"
        ),
        by_nature=True,
    ),
    _t(
        "overrun",
        "pumps your whole team until end of turn",
        (
            "overrun; alpha strike pump; finisher pump; mass pump; team pump until end of turn; finisher; "
            "alpha strike; pump all my creatures; close out the game; end the game in one swing; "
            "make my creatures bigger this turn; pump my team for one turn; win faster; close out games faster"
        ),
        _finisher(_rule(
            # power: "+0/+3 until end of turn" (Steadfastness, Shield Wall) saves a team, it wins no game
            r"creatures you control (?:gain [^.]*and )?get \+(?:[1-9]\d*|x)/\+(?:\d+|x)[^.]*until end of turn",
            r"until end of turn, creatures you control get \+(?:[1-9]|x)",
        )),
    ),
    _t(
        "pump",
        "gives one creature +N/+N until end of turn",
        (
            "pump spell; combat trick; giant growth effect; pump a creature; make a creature bigger; instant pump; "
            "+x/+x; give a creature +x/+x"
        ),
        _rule(r"target creature (?:you control )?gets \+(?:\d+|x)/\+(?:\d+|x)"),
    ),
    _t(
        "firebreathing",
        "pays mana to pump itself",
        "firebreathing; mana pump; firebreathing creatures; pump itself; pay mana to pump; mana sink pump",
        _rule(rf"\{{[wubrgc\d]\}}[^:\n]*: {SELF} gets \+\d+/\+\d+ until end of turn"),
    ),
    _t(
        "plus-one-counters",
        "puts +1/+1 counters on creatures",
        "+1/+1 counters; grow my creatures; counters matter; put +1/+1 counters; counter synergy",
        _rule(rf"put {NUMBER}? ?(?:additional )?\+1/\+1 counters? on"),
    ),
    _t(
        "counters-payoff",
        "rewards you for +1/+1 counters on your creatures",
        (
            "+1/+1 counter payoffs; counter payoffs; care about +1/+1 counters; reward +1/+1 counters; "
            "creatures with +1/+1 counters matter; whenever a +1/+1 counter is put; +1/+1 counters deck payoffs"
        ),
        _rule(
            r"whenever (?:one or more |a )?\+1/\+1 counters? (?:is|are) put on",
            # "with a counter on it" is any counter, +1/+1 counters first among them (Rishkar, Peema Renegade)
            r"(?:creatures?|permanents?) you control with (?:a |one or more )?(?:\+1/\+1 )?counters? on (?:it|them)",
            r"(?:each|another|target|a) creature (?:you control )?with (?:a|one or more) (?:\+1/\+1 )?counters? "
            r"on it",
            r"(?:for each|number of) \+1/\+1 counters? on (?!~)",  # not a Hydra counting its own
        ),
        by_nature=True,
    ),
    _t(
        "grower",
        "a creature that grows itself as the game goes on",
        (
            "creatures that grow on their own; self-pumping creatures; creatures that get bigger; "
            "creatures that get bigger over time; growing threats; creatures that scale up; prowess creatures; "
            "creatures that grow every turn; creatures that keep growing; get bigger when I cast spells"
        ),
        _rule(
            r"(?:^|\n|\. )(?:whenever|at the beginning)[^.]*, (?:put (?:a|an|one|two|three|x|that many) \+1/\+1 "
            r"counters? on ~|~ gets \+\d+/\+\d+)",
            r"\bprowess\b",
            r"~ gets \+(?:\d+|x)/\+(?:\d+|x) for each",
            r"~'s power (?:and toughness )?(?:are|is) (?:each )?equal to",
            types="creature",
        ),
        by_nature=True,
    ),
    _t(
        "minus-one-counters",
        "puts -1/-1 counters on creatures",
        "-1/-1 counters; put -1/-1 counters; wither",
        _rule(rf"put {NUMBER}? ?-1/-1 counters? on"),
    ),
    _t(
        "proliferate",
        "proliferates counters",
        "proliferate counters; add more counters; more counters everywhere; add counters; increase counters",
        _rule(r"\bproliferate\b"),
    ),
    _t(
        "extra-combat",
        "gives additional combat phases",
        (
            "extra combat; attack twice; additional combat; extra combat phases; additional combat phases; "
            "attack again; multiple combats; extra attack phase; attack more than once; additional attack step"
        ),
        _rule(r"additional combat phase", r"extra combat"),
    ),
    _t(
        "extra-turn",
        "takes extra turns",
        (
            "extra turn; take another turn; extra turn spells; take an extra turn; time walk effects; "
            "another turn; take another turn after this one"
        ),
        _rule(r"\btakes? an extra turn"),
    ),
    _t(
        "extra-turn-hate",
        "stops players from taking extra turns",
        (
            "extra turn hate; stop extra turns; no extra turns; skip extra turns; stop opponents taking extra turns; "
            "anti extra turns; beat an extra turns deck"
        ),
        _rule(r"would begin an extra turn", r"can't take extra turns"),
        by_nature=True,
    ),
    _t(
        "haste-enabler",
        "gives your creatures haste",
        (
            "haste enabler; give haste; creatures attack right away; grant haste; haste granters; "
            "creatures have haste; attack the turn they come in; give creatures haste; haste for my team; "
            "creatures can attack immediately"
        ),
        _lasting(_granter("haste")),
    ),
    _t(
        "evasion-granter",
        "makes creatures unblockable or gives them evasion",
        (
            "evasion; evasive creatures; attack without being blocked; make my creatures hard to block; "
            "give my creatures evasion"
        ),
        _either(
            _granter("(?:flying|trample|menace|shadow|fear|intimidate|horsemanship|skulk)"),
            _rule(
                r"target creature (?:you control )?can't be blocked",
                r"creatures you control can't be blocked",
                r"(?:equipped|enchanted) creature [^.]*can't be blocked",
            ),
        ),
    ),
    _t(
        "unblockable-granter",
        "makes other creatures unblockable",
        (
            "make unblockable; unblockable; can't be blocked; make my creatures unblockable; "
            "creatures can't be blocked; make my commander unblockable; unblockable equipment"
        ),
        # Whispersilk Cloak, Rogue's Passage, Key to the City, Tetsuko Umezawa: the activated ones are the point, so
        # every match is direct; a creature that is unblockable itself is not here ("unblockable creatures")
        # ("can't be blocked by more than one creature" is no such thing)
        _direct(_rule(
            r"target creature (?:you control )?(?:gets [^.]*? and )?can't be blocked(?! by)",
            r"creatures you control[^.]*can't be blocked(?! by)",
            r"(?:equipped|enchanted) creature [^.]*can't be blocked(?! by)",
        )),
    ),
    _t(
        "flying-granter",
        "gives creatures flying",
        "give flying; grant flying; creatures gain flying; give my creatures flying",
        _granter("flying"),
    ),
    _t(
        "trample-granter",
        "gives creatures trample",
        "give trample; grant trample; creatures gain trample; give my creatures trample",
        _granter("trample"),
    ),
    _t(
        "lifelink-granter",
        "gives creatures lifelink",
        "give lifelink; grant lifelink; creatures gain lifelink; give my creatures lifelink",
        _granter("lifelink"),
    ),
    _t(
        "deathtouch-granter",
        "gives creatures deathtouch",
        "give deathtouch; grant deathtouch; creatures gain deathtouch; give my creatures deathtouch",
        _granter("deathtouch"),
    ),
    _t("double-strike-granter", "gives creatures double strike", (
            "give double strike; grant double strike; creatures gain double strike; "
            "give my creatures double strike"
        ), _granter("double strike")),
    _t(
        "first-strike-granter",
        "gives creatures first strike",
        "give first strike; grant first strike; creatures gain first strike; give my creatures first strike",
        _granter("first strike"),
    ),
    _t(
        "vigilance-granter",
        "gives creatures vigilance",
        "give vigilance; grant vigilance; creatures gain vigilance; give my creatures vigilance",
        _granter("vigilance"),
    ),
    _t(
        "hexproof-granter",
        "gives permanents hexproof or shroud",
        "give hexproof; grant hexproof; give shroud; creatures gain hexproof; make my creatures hexproof",
        _granter("(?:hexproof|shroud)"),
    ),
    _t("indestructible-granter", "gives permanents indestructible", (
            "give indestructible; grant indestructible; creatures gain indestructible; "
            "make my creatures indestructible"
        ), _granter("indestructible")),
    _t(
        "protection-granter",
        "gives your permanents hexproof, indestructible, protection, phasing or damage prevention",
        (
            "protection; protect my creatures; protect my commander; protection spells; "
            "save my creatures; keep my creatures safe; shield my creatures; "
            "make my creatures safe; keep my commander alive; opponents kill my commander"
        ),
        PROTECTION,
    ),
    _t(
        "board-protection",
        "protects all your creatures or permanents at once: hexproof, indestructible, protection or phasing",
        (
            "board protection; protect my board; team protection; protect all my creatures; protect my whole board; "
            "board wipe protection; wrath protection; save my board from a wrath; "
            "make my whole team indestructible; give all my creatures hexproof; save everything from a board wipe; "
            "survive board wipes; dodge a wrath; let my creatures survive a wrath"
        ),
        BOARD_PROTECTION,
    ),
    _t("regeneration", "regenerates creatures", "regenerate; regenerate a creature", _rule(r"\bregenerate\b")),
    _t(
        "phase-out",
        "phases permanents out",
        "phasing; phase out; phase out my creatures; phasing protection",
        _rule(r"\bphases? out\b"),
    ),
    _t(
        "clone",
        "enters as or becomes a copy of a creature",
        (
            "clone; copy a creature; become a copy of a creature; clone my best creature; copy their best creature; "
            "copy my commander"
        ),
        _rule(
            r"enters? (?:the battlefield )?as a copy of (?:a|an|any|target|another)\b[^.]*?\b(?:creature|permanent)",
            r"becomes? a copy of (?:target|another target|a|up to one target) (?:[a-z]+ )?creature",
        ),
    ),
    _t(
        "copy-permanent",
        "creates a token copy of a permanent",
        "token copy; copy a permanent; create a token copy; copy artifacts",
        _rule(
            r"create (?:a|x|\w+) tokens? that's a copy of (?:target|another|a|an|that|each|up to|equipped|enchanted)"
        ),
    ),
    _t(
        "flicker",
        "exiles a permanent and returns it to the battlefield",
        (
            "flicker; blink; reuse enter abilities; blink spells; blink creatures; exile and return; reuse etb; "
            "flicker creatures; exile then return to the battlefield; blink and return; "
            "reuse enter the battlefield effects; mass blink; mass flicker; blink my whole board; "
            "flicker all my creatures"
        ),
        _rule(
            r"exile (?:up to (?:one|two) )?(?:target|another target|each|all|two target|[a-z]+ target|"
            r"any number of (?:other )?(?:target )?)[^.]*?"
            r"(?:, then return|\. return (?:it|that card|those cards|them|the exiled card)|\. at the beginning of the "
            r"next end step, return (?:it|them|each of them|those cards|the exiled cards?)) [^.]*to the battlefield"
        ),
    ),
    _t(
        "steal",
        "takes control of an opponent's permanent for good",
        (
            "steal; take control; mind control effect; steal creatures; take control of a creature; "
            "control magic effect; steal permanents; gain control; swipe their creatures; "
            "gain control of target creature; take their creatures; control changing; make their creature mine; "
            "take it for good"
        ),
        _either(
            _rule(
                r"\byou control enchanted (?:creature|permanent)",
                r"gain control of (?:target|up to \w+ targets?|all|each|x target) (?:[a-z]+ )?(?:creature|permanent|"
                r"nonland permanent|artifact or creature)s?\b(?![^.]*until end of turn)",
            ),
            _narrow(
                _rule(
                    r"\byou control enchanted (?:artifact|land|planeswalker)",
                    r"exchange control of",
                    r"gain control of (?:target|up to \w+ targets?|all|each|that)\b"
                    r"(?![^.]*until end of turn)",
                )
            ),
        ),
    ),
    _t(
        "threaten",
        "takes control of a creature until end of turn",
        (
            "threaten; act of treason effect; borrow a creature; steal until end of turn; temporary control; "
            "take a creature for a turn; borrow their creature for a turn; take control until end of turn; "
            "gain control until end of turn; temporarily steal a creature; steal and attack with it; "
            "threaten and sacrifice"
        ),
        _rule(r"gain control of [^.]*until end of turn"),
    ),
    _t(
        "theft",
        "casts or plays cards its controller's opponents own: from their library, hand, graveyard or exile",
        (
            "theft; steal cards from my opponents' libraries; cast cards from their library; steal their spells; "
            "cast spells from my opponents' graveyards; exile their library and cast it"
        ),
        # Praetor's Grasp, Thief of Sanity, Gonti, Etali, Villainous Wealth, Opposition Agent; not gaining control
        # of a permanent (steal, threaten)
        _rule(
            r"(?:cast|play)[^.]*(?:you don't own|an opponent owns|your opponents own)",
            r"(?:an opponent's|target opponent's|each opponent's|that player's|their) library[^.]*\. you may "
            r"(?:cast|play)",
            r"exile the top [^.]* of (?:target|each|that|an) (?:opponent's|player's) library[^.]*(?:you may (?:cast|"
            r"play)|may cast)",
            r"search target opponent's library for [^.]*card",
            r"you may (?:cast|play) (?:spells|cards|that card|it|them)[^.]* from among cards exiled with ~",
            r"cast [^.]*(?:from|in) (?:an opponent's|their|your opponents') graveyards?",
        ),
    ),
    _t(
        "cheat-creature",
        "puts creature or other permanent cards from your hand onto the battlefield",
        (
            "cheat into play; sneak attack effect; cheat creatures into play; put a creature onto the battlefield; "
            "cheat big creatures; sneak creatures out"
        ),
        _rule(
            r"put (?:a|an|up to \w+|any number of) (?!land card)[^.]*?cards? from (?:your|their) hand onto the "
            r"battlefield"
        ),
    ),
    _t(
        "cheat-hate",
        "keeps creatures that were not cast off the battlefield: a defence against cheating them into play",
        (
            "cheat hate; stop cheating creatures into play; anti cheat; stop sneak attack; creatures that weren't "
            "cast are exiled; stop creatures entering without being cast"
        ),
        _rule(
            r"if a (?:nontoken )?creature would enter(?: the battlefield)? and it wasn't cast",
            r"(?:creature|permanent|nonland permanent) cards in graveyards(?: and libraries)? can't enter the "
            r"battlefield",
        ),
        by_nature=True,
    ),
    _t(
        "sac-outlet",
        "lets you sacrifice permanents as a cost",
        (
            "sac outlet; sacrifice outlet; sacrifice my creatures at will; free sac outlet; sacrifice a creature; "
            "sacrifice creatures for value; sac my creatures; sacrifice outlet for creatures; "
            "sac a creature at will; sacrifice for free; altars; turn creatures into mana; "
            "sacrifice creatures for mana"
        ),
        SAC_OUTLET,
    ),
    _t(
        "aristocrat-payoff",
        "rewards you when creatures die",
        (
            "aristocrats; death payoff; death triggers; creature dies payoff; whenever a creature dies; "
            "when creatures die; drain when creatures die; blood artist effect; death drain; "
            "whenever another creature dies; death matters"
        ),
        # the aristocrats' payoff drains or burns on each death; any other reward (a counter, a life) is narrow
        _either(
            _rule(
                _DEATH + r"[^.]*(?:loses? (?:\d+|x|that much) life|deals? (?:\d+|x) damage)",
                r"whenever you sacrifice (?:a|another|one or more) (?:creature|permanent)[^.]*(?:loses? (?:\d+|x|that"
                r" much) life|deals? (?:\d+|x) damage)",
            ),
            _narrow(_rule(_DEATH, r"whenever you sacrifice (?:a|another|one or more) (?:creature|permanent)")),
        ),
        by_nature=True,
    ),
    _t(
        "sacrifice-payoff",
        "rewards you for sacrificing permanents",
        "sacrifice payoff; whenever you sacrifice; reward sacrifice; sac payoff; sacrifice matters",
        _rule(
            r"whenever you sacrifice (?:a|an|another|one or more)",
            r"whenever (?:a player|an opponent|another player) sacrifices",
        ),
        by_nature=True,
    ),
    _t(
        "death-trigger",
        "does something when it dies",
        "dies trigger; when it dies; death trigger creatures; value when it dies",
        _rule(rf"when(?:ever)? {SELF} dies"),
        by_nature=True,
    ),
    _t(
        "death-recursion",
        "brings your other creatures back to the battlefield when they die (undying, persist and the like)",
        (
            "creatures come back when they die; bring my creatures back when they die; undying; persist; "
            "return creatures to the battlefield when they die; come back after dying; cheat death"
        ),
        # Luminous Broodmoth, Feign Death, Mikaeus the Unhallowed, Cauldron of Souls first; a creature with undying
        # or persist of its own (Kitchen Finks) after them, as narrow
        _either(_narrow(_rule(r"(?:^|\n)(?:undying|persist)(?:$|\n)")), _rule(
            r"when(?:ever)? (?:a|another|that|target|enchanted|equipped|each|one or more)(?: other)?(?: nontoken)? "
            r"creatures?(?: you control)?(?: [^,.]*)? dies(?: this turn)?, return (?:it|that card|them) to the "
            r"battlefield",
            r"(?:creatures?|permanents?)(?: you control)?[^.]*\b(?:has|have|gains?) (?:undying|persist)\b",
            r"gains? (?:undying|persist)\b",
            r"(?:gains?|has|have) \"when(?:ever)? ~ dies, return it to the battlefield",  # Feign Death
        )),
        by_nature=True,
    ),
    _t(
        "etb-trigger",
        "does something when it enters",
        "enter the battlefield trigger; etb; etb creatures; enters the battlefield; enter triggers",
        _rule(rf"when(?:ever)? {SELF}(?: or [^,.]*)? enters"),
        by_nature=True,
    ),
    _t(
        "attack-trigger",
        "does something when it or your creatures attack",
        "attack trigger; when it attacks; whenever it attacks",
        _rule(
            rf"whenever {SELF} attacks",
            rf"whenever {SELF} (?:and|or) [^,.]* attack",
            r"whenever (?:a|one or more)(?: other)? creatures? you control attacks?",
        ),
        by_nature=True,
    ),
    _t(
        "combat-damage-trigger",
        "does something when it deals combat damage to a player",
        "saboteur; combat damage trigger; deals combat damage to a player; hit a player",
        _rule(r"whenever [^,.]*deals? combat damage to (?:a player|an opponent|one or more players)"),
        by_nature=True,
    ),
    _t(
        "upkeep-trigger",
        "does something at the beginning of an upkeep",
        "upkeep trigger; at the beginning of your upkeep; upkeep effects",
        _rule(r"at the beginning of (?:your|each|each player's|each opponent's) upkeep"),
        by_nature=True,
    ),
    _t(
        "end-step-trigger",
        "does something at the beginning of an end step",
        "end step trigger; at the beginning of the end step; end of turn triggers",
        _rule(r"at the beginning of (?:your |each |the next |each player's |each opponent's )?end step"),
        by_nature=True,
    ),
    _t(
        "ramp-hate",
        "slows or punishes opponents' lands and ramp: their lands enter tapped, a land entering costs them life",
        (
            "punish ramp; ramp hate; stop ramp; anti ramp; slow down their mana; punish opponents for playing lands; "
            "landfall hate; stop landfall; make their lands enter tapped"
        ),
        _rule(
            r"whenever (?:a|another) land enters(?: the battlefield)? under an opponent's control",
            r"whenever a land enters(?: the battlefield)?, [^.]*deals? \d+ damage to (?:that land's|its) controller",
            r"\blands (?:your opponents control|an opponent controls) enters?(?: the battlefield)? tapped",
            r"^artifacts and lands enter(?: the battlefield)? tapped",
        ),
        by_nature=True,
    ),
    _t(
        "landfall-payoff",
        "rewards you when lands enter",
        (
            "landfall; land enters payoff; landfall creatures; lands matter; whenever a land enters; "
            "land enters trigger; lands entering the battlefield; payoff for playing lands; land drop triggers; "
            "whenever a land comes into play"
        ),
        _rule(r"\blandfall\b", r"whenever (?:a|one or more|another)(?: other)? lands? (?:you control )?enters?"),
        by_nature=True,
    ),
    _t(
        "creature-etb-payoff",
        "rewards you when creatures enter",
        (
            "creature etb payoff; whenever a creature enters; whenever another creature enters; creatures entering "
            "payoff; whenever creatures enter the battlefield; when a creature enters under my control; etb payoffs; "
            "payoff for creatures entering; creature enters trigger; whenever another creature enters under my control"
        ),
        # Impact Tremors, Guardian Project, Soul Warden, Pandemonium, Elemental Bond, Purphoros; not a hoser of the
        # opponents' creatures entering (Suture Priest: "Whenever a creature an opponent controls enters")
        _rule(r"whenever (?:a|another|one or more)(?: other)?(?: nontoken)? creatures? "
              r"(?:(?!an opponent|your opponents|of your opponents)[^,.;\n])*?enters?\b"),
        by_nature=True,
    ),
    _t(
        "lifegain-payoff",
        "rewards you when you gain life",
        (
            "lifegain payoff; life matters; life gain matters; whenever you gain life; reward lifegain; "
            "lifegain synergy; payoff for gaining life; grow when I gain life; lifegain matters"
        ),
        _rule(
            r"whenever you gain life",
            r"if you gained (?:\d+ or more )?life this turn",
            r"you gained (?:\d+|\w+) or more life this turn",
            r"for each 1 life you gained",
        ),
        by_nature=True,
    ),
    _t(
        "lifegain-doubler",
        "makes you gain more life",
        "double life gain; double lifegain; gain twice as much life; more lifegain",
        _rule(r"if you would gain life, you gain twice", r"gain twice that much life", r"gain that much life plus"),
        by_nature=True,
    ),
    _t(
        "lifegain-hate",
        "stops players from gaining life",
        (
            "stop lifegain; no life gain; prevent life gain; players can't gain life; stop life gain; "
            "lifegain hosers; anti-lifegain"
        ),
        _rule(
            r"(?:players|your opponents|each opponent|each player) can't gain life",
            r"if an opponent would gain life",
            r"gains? no life instead",
        ),
        by_nature=True,
    ),
    _t("lifegain", "gains life", "lifegain; gain life; heal; gain lots of life; my life total is low; "
       "keep my life total up", LIFEGAIN),
    _t(
        "spellslinger-payoff",
        "rewards you for casting instants and sorceries",
        (
            "spellslinger; magecraft; prowess deck; instants and sorceries matter; "
            "whenever you cast an instant or sorcery; cast noncreature spells payoff; when i cast instants; "
            "triggers when i cast instants and sorceries; rewards for casting spells; spells matter; instants matter"
        ),
        _rule(
            r"whenever you cast (?:an|a|your first) (?:instant|sorcery|instant or sorcery|noncreature) spell",
            r"\bmagecraft\b",
            r"whenever you cast or copy an instant or sorcery",
        ),
        by_nature=True,
    ),
    _t(
        "storm",
        "storm: copied for each spell cast before it this turn",
        "storm; storm cards; storm spells; storm payoffs; storm count; storm finishers",
        _rule(r"(?:^|\n)storm\b", r"\bhas storm\b", r"\bgains? storm\b"),
        by_nature=True,
    ),
    _t(
        "enchantress",
        "draws cards when you cast or play enchantments",
        "enchantress; enchantment draw; draw when casting enchantments; enchantments matter draw",
        _rule(
            r"whenever (?:you cast an? (?:enchantment|aura)|[^.]*?another enchantment (?:you control )?enters)"
            r"[^.]*draw"
        ),
        by_nature=True,
    ),
    _t(
        "artifact-payoff",
        "rewards you when artifacts enter or are cast",
        (
            "artifact payoff; artifacts matter; artifact synergy; whenever an artifact enters; "
            "artifacts matter payoff; care about artifacts"
        ),
        _rule(
            r"whenever (?:~ or )?(?:an|another|one or more) (?:other )?(?:nontoken )?artifacts? (?:you control )?"
            r"enters?",
            r"whenever you cast an artifact spell",
        ),
        by_nature=True,
    ),
    _t(
        "token-payoff",
        "rewards you for creating and having tokens",
        (
            "token payoffs; tokens matter; token synergy; care about tokens; whenever a token enters; "
            "bonuses for my tokens"
        ),
        # Intangible Virtue, Anointer Priest, Woodland Champion, Mirkwood Bats, Teysa Karlov's kin; not the token
        # makers themselves
        _rule(
            r"whenever (?:you create (?:one or more |a |your first )?(?:creature )?tokens?|(?:a|one or more|another) "
            r"(?:nontoken )?(?:creature )?tokens? (?:you control )?enters?|you (?:create or )?sacrifice a token)",
            r"(?:creature )?tokens you control (?:get|have)\b",
            r"\bfor each (?:creature )?token you control|\bnumber of (?:creature )?tokens you control",
        ),
        by_nature=True,
    ),
    _t(
        "enchantment-payoff",
        "rewards you when enchantments enter or are cast (constellation)",
        (
            "enchantment payoff; enchantments matter; enchantment synergy; whenever an enchantment enters; "
            "constellation; enchantments entering; enchantment matters payoff; care about enchantments"
        ),
        _rule(
            r"whenever (?:~ or )?(?:an|another|one or more) (?:other )?(?:nontoken )?enchantments? (?:you control )?"
            r"enters?",
            r"whenever you cast an? (?:enchantment|aura) spell",
        ),
        by_nature=True,
    ),
    _t(
        "equipment-payoff",
        "rewards or supports Equipment: cheaper equip costs, attaching for free, triggers when equipped creatures "
        "attack, Equipment tutors",
        (
            "equipment payoffs; equipment matters; equipment synergy; equipment support; "
            "care about equipment; equip for free; cheaper equip costs; reward me for equipping creatures; "
            "equipped creatures matter; find my equipment"
        ),
        _rule(
            r"whenever (?:~ or )?(?:an|another|one or more) (?:other )?(?:nontoken )?equipment (?:you control )?"
            r"(?:enters|becomes? attached)",
            r"whenever you cast (?:an? )?(?:[a-z]+,? (?:or )?)*equipment",
            r"whenever (?:an? |one or more )?(?:equipped creatures?|creatures? you control that (?:is|are) equipped)"
            r"(?: you control)? (?:attacks?|deals?)",
            r"whenever [^.]*?becomes? equipped",
            r"\b(?:one or more )?equipped creatures you control\b|\bwith one or more equipped creatures\b",
            r"\b(?:enchanted or equipped|equipped or enchanted)\b",
            r"\bfor each (?:aura and )?equipment (?:you control|attached)",
            r"\bequip (?:abilities|costs?)\b[^.]*\bcost",
            r"\bequipment you control (?:have|has|gets?)\b",
            r"\battach (?:target|an?|any number of|all) (?:[a-z]+ )?equipment",
            r"\bsearch your library for an? (?:[a-z]+ (?:or )?)?equipment card",
            r"\bequipment spells? (?:you cast )?costs?",
            r"\b(?:if|as long as) you control an? equipment\b",
            not_types=r"\bequipment\b",
        ),
        by_nature=True,
    ),
    _t(
        "cycling-payoff",
        "rewards you when you cycle",
        "cycling payoff; whenever you cycle; cycling matters",
        _rule(r"whenever you cycle", r"whenever a player cycles"),
        by_nature=True,
    ),
    _t(
        "draw-payoff",
        "rewards you for drawing cards",
        "draw payoff; whenever I draw a card; card draw payoffs; reward drawing cards; draw matters; wheel payoffs",
        # Psychosis Crawler, Chasm Skulker, The Locust God, Niv-Mizzet; the second card of a turn counts too
        _rule(r"whenever you draw (?:a|one or more|your (?:second|third|first)) cards?"),
        by_nature=True,
    ),
    _t(
        "discard-payoff",
        "rewards you for discarding",
        "discard payoff; madness deck; whenever you discard; discard matters",
        _rule(
            r"whenever you (?:cycle or )?discard (?:a|another|one or more) (?:[a-z]+ )?cards?",
            r"whenever (?:a player|an opponent) discards",
        ),
        by_nature=True,
    ),
    _t(
        "discard-outlet",
        "lets you discard cards as a cost",
        "discard outlet; discard a card as a cost; free discard outlet",
        _rule(r"(?:^|\n|, )discard (?:a|one|two|x|\w+) (?:[a-z]+ )?cards?[^.:\n]*:"),
    ),
    # disruption
    _t(
        "discard",
        "makes a player discard",
        (
            "discard; hand attack; hand disruption; discard spells; make opponents discard; "
            "hand disruption spells; force discard; thoughtseize effect"
        ),
        _rule(r"\b(?:target|each) (?:player|opponent) discards", r"\bthat player discards"),
    ),
    _t(
        "hand-reveal",
        "reveals or looks at an opponent's hand",
        "see my opponent's hand; look at their hand; see their hand; hand information; "
        "see what my opponents are holding; look at my opponents' hands; play with hands revealed",
        _rule(
            r"(?:target|each) (?:player|opponent) reveals (?:their|his or her) hand",
            r"look at target (?:player|opponent)'s hand",
            r"play with their hands revealed",
        ),
    ),
    _t(
        "cast-punisher",
        "punishes opponents for casting spells: damage or life loss each time they cast",
        (
            "punish opponents for casting spells; damage when opponents cast spells; punish spellcasting; "
            "opponents lose life when they cast; pain for casting noncreature spells; spell punisher; "
            "make casting spells hurt"
        ),
        _direct(_rule(
            r"whenever (?:an opponent|a player|each opponent|another player) casts [^.]*?(?:deals? (?:\d+|x) "
            r"damage to (?:that player|them|each opponent)|that player loses|loses (?:\d+|x) life)"
        )),
    ),
    _t(
        "draw-hate",
        "stops opponents drawing more than one card a turn, or steals their extra draws",
        (
            "draw hate; stop opponents drawing extra cards; stop card draw; can't draw more than one card; "
            "shut off wheels; anti draw; stop extra draws"
        ),
        # Narset, Parter of Veils; Spirit of the Labyrinth; Notion Thief; Hullbreacher; Chains of Mephistopheles
        _direct(_rule(
            r"can't draw more than one card each turn",
            r"(?:an opponent|a player|each player|each opponent) would draw a card except the first one",
            r"if an opponent would draw (?:a card|one or more cards|two or more cards)[^.]*instead",
            r"(?:each player|players|your opponents|each opponent) can't draw cards",
        )),
    ),
    _t(
        "draw-punisher",
        "punishes opponents for drawing cards",
        (
            "draw punisher; punish card draw; damage when opponents draw; opponents lose life when they draw; "
            "damage whenever an opponent draws; punish opponents for drawing; pain when they draw"
        ),
        _rule(
            r"whenever (?:an opponent|a player|each opponent)[^.]*draws? [^.]*cards?[^.]*"
            r"(?:damage|loses? (?:\d+ )?life)"
        ),
        by_nature=True,
    ),
    _t(
        "hand-punisher",
        "damages opponents for the cards they hold in hand",
        (
            "punish opponents for having cards in hand; punish full hands; damage for each card in their hand; "
            "black vise effect; punish players who hold cards; hand size punisher; "
            "punish players with too many cards; hurt opponents with big hands"
        ),
        # Black Vise, Iron Maiden, Sudden Impact, Ebony Owl Netsuke; not The Rack (it punishes small hands: "3
        # minus the number") nor Bulwark (your hand minus theirs)
        _direct(_rule(
            r"(?:damage|loses? x life)[^.]*(?<!minus )the number of cards in (?:that player's|their|his or her|"
            r"target player's|target opponent's|each opponent's) hand(?! minus the number)",
            r"has (?:seven|six|five|four) or more cards in (?:their )?hand, [^.]*(?:damage|loses)",
        )),
    ),
    _t(
        "etb-hate",
        "stops creatures entering from triggering abilities",
        (
            "stop etb triggers; torpor orb effect; turn off enter the battlefield triggers; shut down etb; "
            "no etb triggers; etb hate; punish etb decks; turn off etb; etb abilities don't trigger"
        ),
        _either(
            _rule(r"entering(?: or dying)? (?:don't|doesn't) cause abilit"),
            # Strict Proctor taxes each such trigger: "counter that ability unless its controller pays {2}"
            _narrow(_rule(r"(?:entering|enters)[^.]*causes? a triggered ability to trigger, counter that ability")),
        ),
    ),
    _t(
        "token-hate",
        "destroys, shrinks or stops opponents' tokens",
        (
            "token hate; kill tokens; destroy tokens; deal with tokens; anti-token; stop opponents' tokens; "
            "hose token decks; answers to token swarms; punish token strategies; shrink tokens"
        ),
        _direct(_rule(  # "target creature token" is what it answers, not a narrowing
            r"(?:destroy|exile) (?:all|each) (?:creature )?tokens\b(?! created with| you control)",
            r"\bcreature tokens (?:your opponents control |you don't control )?get -",
            r"(?:destroy|exile) target (?:creature )?token\b",
            r"if (?:an opponent|a player) would create (?:one or more |a |an )?(?:creature )?tokens?\b",
            r"each token that would be created under an opponent",
            r"if a creature would enter[^.]*wasn't cast",  # Hallowed Moonlight (Containment Priest spares tokens)
        )),
    ),
    _t(
        "pillowfort",
        "stops or taxes creatures attacking you",
        (
            "pillowfort; stop attacks; don't attack me; pillow fort; stop creatures attacking me; "
            "punish attackers; attack deterrent; attack tax; make attacking me cost mana; discourage attacks; "
            "ghostly prison effect; propaganda effect; attackers pay a tax; creatures can't attack me; "
            "deter attacks; make it hard to attack me; opponents keep attacking me; stop getting attacked; "
            "ganging up on me; everyone attacks me; protect me from attacks"
        ),
        # a permanent's lasting effect: an instant or sorcery that stops attacks "this turn" is a fog
        _either(
            _rule(r"can't attack you\b", r"creatures can't attack\b", not_types=_FRONT + "(?:instant|sorcery)"),
            _direct(_rule(
                r"can't attack you[^.]*unless (?:its|their) controller pays",
                r"unless (?:its|their) controller pays [^.]*for each (?:creature|of those creatures)[^.]*attack",
                not_types=_FRONT + "(?:instant|sorcery)",
            )),
        ),
        by_nature=True,
    ),
    _t(
        "stax",
        "restricts what players can do: casting, untapping, searching, activating",
        (
            "stax; lock pieces; prison; slow the table down; stax pieces; lock; prison pieces; tax effects; "
            "hate bears; slow down opponents; symmetric restrictions; slow the game down; restrict opponents; "
            "lock the table; stop opponents casting spells; hatebears; combo hate; anti-combo; stop combos; "
            "stop opponents from comboing"
        ),
        _rule(
            r"(?:players|each player|your opponents|opponents|each opponent) can't (?:cast|play|search|draw|activate|"
            r"untap|gain|attack)",
            r"can't untap more than",
            # Teferi, Time Raveler; Dosan the Falling Leaf: no spells at instant speed, or on others' turns
            r"(?:players|each player|your opponents|opponents|each opponent) can cast spells only (?:any time "
            r"(?:they|he or she) could cast a sorcery|during (?:their|his or her) own turns?)",
            r"spells? (?:your opponents cast |cast by \w+ )?(?:[a-z]+ )?costs? \{\d\} more",
            r"(?:artifacts|creatures|lands|permanents|nonbasic lands)[^.]*(?:don't|doesn't) untap during (?:their|its "
            r"controller's) untap step",
            r"nonbasic lands are \w+",
            r"activated abilities [^.]*can't be activated",
            r"(?:creatures|artifacts|lands|permanents)[^.]*(?:your opponents control|played by your opponents) "
            r"enter (?:the battlefield )?tapped",
        ),
        by_nature=True,
    ),
    _t(
        "search-hate",
        "stops or punishes opponents searching their libraries",
        (
            "search hate; anti-tutor; tutor hate; stop tutors; punish searching; stop opponents searching their "
            "library; punish opponents for searching their library; stop fetch lands; hate against tutors; "
            "punish tutoring"
        ),
        _rule(
            r"\b(?:an opponent|a player|your opponents|opponents|each opponent|players) (?:would )?search(?:es)? "
            r"(?:a|their|his or her|its) librar",
            r"\bcan't search librar",
            r"\bwhile they're searching their librar",
        ),
        by_nature=True,
    ),
    _t(
        "cost-increaser",
        "makes other spells cost more",
        "tax spells; make spells cost more; tax effects; spells cost more; sphere effects",
        _rule(
            r"spells? (?:your opponents cast |cast by \w+ )?(?:[a-z]+ )?(?:spells )?costs? \{\d\} more",
            r"spells [^.]*cost \{\d\} more",
        ),
        by_nature=True,
    ),
    _t(
        "ability-hate",
        "stops activated abilities",
        "shut off abilities; stop activated abilities; shut down abilities; pithing needle effect",
        _rule(r"activated abilities [^.]*can't be activated"),
        by_nature=True,
    ),
    _t(
        "tapper",
        "taps creatures or permanents",
        (
            "tapper; tap down blockers; tap opposing creatures; tap down creatures; tap target creature; "
            "tap their blockers; keep creatures tapped down; tap their creatures"
        ),
        # creatures (or permanents), as the phrasings ask: not Mana Short's lands nor Metal Fatigue's artifacts alone
        _rule(r"(?<!un)\btap (?:target|up to \w+ target|all|each|another target|two target|x target)"
              r"[^.;\n]*?\b(?:creatures?|permanents?)\b"),
    ),
    _t(
        "freeze",
        "keeps permanents from untapping",
        "keep it tapped; freeze; frost; doesn't untap; stop untapping; keep a creature from untapping; "
        "lock down a creature",
        _rule(
            r"(?:doesn't|don't) untap during (?:its|their) controller's (?:next )?untap step",
            r"(?:doesn't|don't) untap during (?:that player's|its controller's) next untap step",
        ),
    ),
    _t(
        "untapper",
        "untaps permanents",
        (
            "untap; untapper; untap permanents; untap creatures; untap lands; untap artifacts"
        ),
        _rule(r"\buntap (?:target|all|each|up to \w+ target|another target|two target|x target)"),
    ),
    _t(
        "goad",
        "goads creatures so they must attack someone else",
        "goad; force attacks; goad creatures; make creatures attack; force creatures to attack",
        _rule(r"\bgoad(?:s|ed)?\b"),
    ),
    _t(
        "cant-block",
        "stops creatures from blocking",
        "make creatures unable to block; creatures can't block; stop blockers; prevent blocking; "
        "stop creatures from blocking",
        _rule(
            r"(?:target creatures?|creatures your opponents control|creatures without \w+|each creature|up to \w+ "
            r"target creatures?|creatures (?:target player|defending player) controls?)[^.]*can't block"
        ),
    ),
    _t(
        "blocker",
        "a creature built to block: defender, or blocks more than one creature",
        (
            "good blockers; blockers; walls; wall creatures; defenders; defensive creatures; "
            "creatures that block well; creatures with defender; block more creatures; survive early aggression; "
            "hold the ground"
        ),
        _rule(r"(?:^|\n)(?:[a-z ]+, )*defender\b", r"\bcan block (?:an additional|any number of|two additional|"
              r"additional)", types=_FRONT + "creature"),
        by_nature=True,
    ),
    _t(
        "lure",
        "forces creatures to block it",
        "lure; must be blocked; all creatures must block; force blocks",
        _rule(r"all creatures able to block [^.]*do so", r"must be blocked", r"blocks? [^.]*this turn if able"),
    ),
    _t(
        "fog",
        "prevents all combat damage for a turn",
        (
            "fog; prevent combat damage; prevent all combat damage; stop combat damage; "
            "prevent combat damage this turn; stop all combat damage; fog spells; no combat damage this turn; "
            "nobody takes combat damage"
        ),
        _rule(r"prevent all combat damage that would be dealt this turn"),
    ),
    _t(
        "damage-prevention",
        "prevents damage",
        "prevent damage; prevent all damage; reduce damage done to me; take less damage; damage reduction; "
        "stop damage to me",
        _rule(r"prevent (?:all|the next \w+|that) [^.]*damage"),
    ),
    _t("monarch", "makes you the monarch", "monarch; become the monarch", _rule(r"becomes? the monarch")),
    _t(
        "vote",
        "makes the players vote (will of the council, council's dilemma)",
        "voting; vote cards; voting cards; will of the council; council's dilemma; players vote; politics by vote",
        _rule(r"\bvotes?\b", r"\bvoting\b"),
        by_nature=True,
    ),
    _t(
        "poison-counters",
        "gives players poison counters",
        "poison; infect deck; toxic; poison damage",
        _rule(r"poison counters?", r"\binfect\b", r"\btoxic \d", unless=_POISON_HATE),
    ),
    _t(
        "poison-hate",
        "keeps players from getting poison counters or takes them away: a defence against infect and toxic",
        (
            "infect hate; anti infect; stop infect; poison hate; protection from infect; remove poison counters; "
            "can't get poison counters; beat infect decks; defend against poison"
        ),
        _rule(_POISON_HATE),
    ),
    _t(
        "animate-land",
        "turns lands into creatures",
        "animate lands; lands become creatures; manlands; turn lands into creatures",
        _rule(
            r"lands? (?:you control )?(?:becomes?|are) (?:a |an )?(?:\d+/\d+|0/0)[^.]*creatures?",
            r"target land (?:you control )?becomes a (?:\d+/\d+|0/0)",
            r"(?:that's|it's) still a land",
            r"that are still lands",
            r"target (?:noncreature )?land[^.]*\. (?:untap it\. )?it becomes a",
        ),
    ),
    _t(
        "type-changer",
        "gives permanents another card type or creature type: every creature type, the chosen type, artifacts",
        (
            "type changer; change creature types; make my creatures every creature type; give my creatures a "
            "creature type; make all my creatures one creature type; turn my creatures into artifacts; "
            "make my creatures zombies; type changing effect"
        ),
        _either(
            # Maskwood Nexus, Arcane Adaptation, Conspiracy, Mycosynth Lattice, Enchanted Evening, Xenograft (their
            # "creature cards you own" is no narrowing)
            _direct(_rule(
                r"(?:creatures|permanents|each (?:other )?(?:creature|permanent)|"
                r"all (?:creatures|permanents))(?: you control| your opponents control)?[^.,]*? (?:are|is|become|"
                rf"becomes) {_NOT_ANIMATED}(?:the chosen (?:creature )?type|every "
                r"creature type|all creature types|(?:an? )?[a-z]+(?: [a-z]+)?) in addition to (?:its|their) other "
                r"(?:creature )?types",
                r"\bcreatures?\b[^.]* are (?:every creature type|the chosen (?:creature )?type)\b",
            )),
            # one permanent, or a type beside another effect: Liquimetal Coating, Angelic Destiny
            _narrow(_rule(
                r"(?:target (?:creature|permanent|artifact|land|nonland permanent)|enchanted (?:creature|permanent|"
                rf"land)|\bit)\b[^.]*? (?:is|becomes?) {_NOT_ANIMATED}(?:an? )?[a-z]+"
                r"(?: [a-z]+)? in addition to its other (?:creature )?types",
                # lands, artifacts or enchantments of another type (Swampbenders' Swamps, Gourmand's Talent's Foods)
                rf"(?:lands|artifacts|enchantments)(?: you control)?[^.,]*? are {_NOT_ANIMATED}(?:an? )?[a-z]+"
                r"(?: [a-z]+)? in addition to their other types",
            )),
        ),
    ),
    _t(
        "land-type-changer",
        "changes the basic land type of lands (Blood Moon, Spreading Seas, Urborg, Yavimaya)",
        (
            "change land types; turn lands into islands; make every land a forest; turn their lands into mountains; "
            "blood moon effect; nonbasic lands are mountains; lands are every basic land type"
        ),
        # Blood Moon, Magus of the Moon, Spreading Seas, Urborg, Yavimaya, Prismatic Omen, Stormtide Leviathan; not a
        # landfall card asking "if it's a Forest" (a condition, no change)
        _direct(_rule(
            r"(?:^|\n|\. )(?:target land|enchanted land|each land|all lands|nonbasic lands|lands you control|lands "
            r"your opponents control|each nonbasic land|all nonbasic lands|each land you control|lands)[^.]*? "
            r"(?:is|are|becomes?) (?:a |an |the )?(?:basic land type of your choice|chosen (?:basic land )?type|"
            r"plains|island|swamp|mountain|forest|every basic land type|basic land types? of)",
        )),
    ),
    _t(
        "dungeon",
        "ventures into the dungeon or takes the initiative",
        "venture; initiative; dungeon; take the initiative; venture into the dungeon",
        _rule(r"venture into the dungeon", r"take the initiative"),
    ),
    _t(
        "energy-maker",
        "gives you energy counters",
        "energy; get energy; energy counters; make energy",
        _rule(r"you get (?:\{e\})+"),
    ),
    _t(
        "planeswalker-payoff",
        "supports planeswalkers: more loyalty, extra or cheaper loyalty activations",
        (
            "superfriends; planeswalker support; planeswalker payoffs; planeswalkers matter; walkers matter; "
            "support my planeswalkers; more loyalty; extra loyalty activations; "
            "superfriends payoffs; protect my planeswalkers"
        ),
        _rule(
            r"\bloyalty abilit(?:y|ies) (?:of (?:planeswalkers|each planeswalker|a planeswalker) you control|"
            r"you activate|twice|an additional)",
            r"\bactivate (?:the |one of its )?loyalty abilit",
            r"\bplaneswalkers? you control (?:enters?|has|have|gets?|gains?|with)\b",
            r"\badditional loyalty counters?",
            r"\bput (?:a|an|one|two|\w+) (?:additional )?loyalty counters? on (?:each|target|a|another)",
            # counters doubled on what you control, loyalty too: a superfriends deck's Doubling Season, Deepglow
            # Skate, Vorinclex (each had no tag of a planeswalker deck's)
            r"\bdouble the number of each kind of counter on (?:any number of target|each|target) (?:nonland )?"
            r"(?:permanents?|planeswalkers?)\b",
            r"\bwould put one or more counters on a permanent(?: you control| or player)?, (?:it )?puts? twice",
        ),
        by_nature=True,
    ),
    _t(
        "alt-win",
        "wins the game another way",
        (
            "alternate win condition; win the game another way; win the game; alternate wincon; "
            "win without combat; win without attacking; a way to win the game; my deck has no way to win; wincons; "
            "win conditions"
        ),
        _rule(r"\byou win the game"),
    ),
    _t(
        "mana-sink",
        "turns any amount of mana into an effect: X spells and abilities",
        (
            "mana sink; mana sinks; x spells; big x spell; infinite mana outlet; win with infinite mana; "
            "what to do with infinite mana; too much mana; spend extra mana; dump my mana"
        ),
        _either(
            _rule(r"(?:^|\n)(?![^\n:]*\{t\})[^\n:]*\{x\}[^\n:]*:",  # an ability costing {X} (Helix Pinnacle)
                  r"\b(?:deals?|loses?|draws?|creates?|mills?) x\b(?! or)",  # Exsanguinate, Stroke of Genius
                  unless=_X_DEFINED_BY_CARD),
            # once a turn ({T} in the cost: Candelabra of Tawnos), or X counters as the card enters (the Hydras)
            _narrow(_rule(r"(?:^|\n)[^\n:]*\{x\}[^\n:]*:", r"\bwith x \+1/\+1 counters\b",
                          unless=_X_DEFINED_BY_CARD)),
        ),
    ),
)
TAG_INDEX: dict[str, int] = {tag.name: index for index, tag in enumerate(TAGS)}
# Each narrower tag's broader one, as Tagger nests its tags: a request that matches the narrower tag at least as
# well ("wipes that spare my creatures") asks for it, not for the broader one (see search/ranking.py).
TAG_PARENTS = {
    "land-type-changer": "type-changer",
    **dict.fromkeys(("mana-rock", "mana-dork", "ramp-land", "extra-land-drop", "treasure-maker", "mana-doubler"),
                    "ramp"),
    **dict.fromkeys(("repeatable-draw", "cantrip", "impulse-draw", "wheel", "looter", "group-draw",
                     "opponent-cast-draw"), "card-draw"),
    **dict.fromkeys(("creature-removal", "exile-removal", "exile-until-leaves", "artifact-removal",
                     "enchantment-removal", "planeswalker-removal", "bounce", "tuck", "edict", "pacifism", "shrink",
                     "fight", "bite", "permanent-removal"), "removal"),
    **dict.fromkeys(("sweeper-one-sided", "damage-sweeper", "mass-bounce", "exile-sweeper"), "sweeper"),
    "land-sweeper": "land-destruction",
    "artifact-sweeper": "artifact-removal",
    "enchantment-sweeper": "enchantment-removal",
    **dict.fromkeys(("counterspell-soft", "counterspell-creature", "counterspell-noncreature",
                     "counterspell-ability"), "counterspell"),
    **dict.fromkeys(("tutor-creature", "tutor-land", "tutor-artifact", "tutor-enchantment", "tutor-instant-sorcery",
                     "tutor-top"), "tutor"),
    **dict.fromkeys(("regrowth", "reanimate", "mass-reanimate", "recursion-land", "recursion-artifact",
                     "recursion-spell", "self-recursion", "cast-from-graveyard"), "recursion"),
    **dict.fromkeys(("food-maker", "clue-maker"), "token-maker"),
    **dict.fromkeys(("flying-granter", "unblockable-granter"), "evasion-granter"),
    **dict.fromkeys(("hexproof-granter", "indestructible-granter", "phase-out", "board-protection"),
                    "protection-granter"),
    "lord": "anthem",
    "lifegain-doubler": "lifegain-payoff",
    "fog": "damage-prevention",
    "cost-increaser": "stax",
    "search-hate": "stax",
    "etb-hate": "stax",
    "ability-hate": "stax",
}
# Tags that stop what another does: a request the hate tag's words answer ("lifegain hate", "anti-tutor") does not
# ask for the cards it stops, which its words also name (see search/ranking.py).
TAG_OPPOSES = {
    "extra-turn-hate": ("extra-turn",),
    "ramp-hate": ("ramp", "ramp-land", "extra-land-drop", "landfall-payoff"),
    "poison-hate": ("poison-counters",),
    "lifegain-hate": ("lifegain", "lifegain-payoff", "lifegain-doubler"),
    "graveyard-hate": ("reanimate", "mass-reanimate", "recursion", "regrowth", "self-mill", "cast-from-graveyard",
                       "self-recursion"),
    "search-hate": ("tutor", "tutor-creature", "tutor-land", "tutor-artifact", "tutor-enchantment",
                    "tutor-instant-sorcery", "tutor-top", "fetchland"),
    "draw-punisher": ("card-draw", "repeatable-draw", "group-draw"),
    "draw-hate": ("card-draw", "repeatable-draw", "group-draw", "wheel"),
    # a blink deck's value is in its creatures' ETBs
    "etb-hate": ("etb-trigger", "trigger-doubler", "flicker", "creature-etb-payoff"),
    "cheat-hate": ("cheat-creature",),
    "token-hate": ("token-maker", "token-doubler", "token-payoff", "food-maker", "clue-maker", "treasure-maker"),
    # "how do I deal with hexproof creatures": an edict takes what targeted removal cannot, exile what destroy cannot
    "edict": ("hexproof-granter", "indestructible-granter", "protection-granter"),
    # "deal with creatures that keep coming back": exile, which a card returning from the graveyard cannot undo
    "exile-removal": ("indestructible-granter", "regeneration", "self-recursion", "death-recursion"),
    # "how do I stop a storm player" (or a spellslinger): one spell a turn (Rule of Law), taxes; "stop flash": spells
    # at sorcery speed only (Teferi, Time Raveler), none on another's turn (Grand Abolisher)
    "stax": ("storm", "flash-granter", "spellslinger-payoff"),
    # "what beats a stax deck": its pieces are artifacts and enchantments (Winter Orb, Rule of Law, Stranglehold)
    "artifact-removal": ("stax",),
    "enchantment-removal": ("stax",),
    "anti-mill": ("mill", "self-mill"),  # "i keep getting milled" asks for a defence, not for mill
    "freeze": ("untapper",),  # "keep a creature from untapping" names untapping to stop it
    # "stop sacrifice outlets": most are activated abilities (Ashnod's Altar, Carrion Feeder), which Pithing Needle,
    # Null Rod and Linvala, Keeper of Silence shut off
    "ability-hate": ("sac-outlet",),
    # "i keep getting blown out by board wipes": what saves the board, not more wipes
    "board-protection": ("sweeper", "sweeper-one-sided", "damage-sweeper", "exile-sweeper"),
    # "protect my artifacts against artifact removal", "how do i beat removal": what saves the permanent
    "protection-granter": ("removal", "creature-removal", "artifact-removal", "enchantment-removal",
                           "permanent-removal", "exile-removal"),
    # "my opponents keep stealing my stuff": what cannot be targeted cannot be taken (Lightning Greaves)
    "hexproof-granter": ("steal",),
}
TAG_ALIASES = {
    "manarock": "mana-rock",
    "rock": "mana-rock",
    "manadork": "mana-dork",
    "dork": "mana-dork",
    "draw": "card-draw",
    "carddraw": "card-draw",
    "boardwipe": "sweeper",
    "wipe": "sweeper",
    "wrath": "sweeper",
    "counter": "counterspell",
    "tokens": "token-maker",
    "token": "token-maker",
    "sacoutlet": "sac-outlet",
    "sac": "sac-outlet",
    "protection": "protection-granter",
    "graveyardhate": "graveyard-hate",
    "constellation": "enchantment-payoff",
    "extraturn": "extra-turn",
    "evasion": "evasion-granter",
    "copy": "copy-spell",
    "untap": "untapper",
}
TAG_NAMES: dict[str, int] = {**TAG_INDEX, **{alias: TAG_INDEX[name] for alias, name in TAG_ALIASES.items()}}


def prepare_text(name: str, oracle_text: str) -> str:
    """Rules text as the rules read it: lower case, reminder text dropped, own name as ``~``."""
    text = _REMINDER.sub("", oracle_text or "")
    for part in sorted({name, *name.split(" // "), name.split(", ")[0]}, key=len, reverse=True):
        if part:
            text = text.replace(part, "~")
    return _SELF_WORDS.sub("~", text.lower())


def card_strengths(name: str, type_line: str, oracle_text: str) -> np.ndarray:
    """Each tag's strength (0 to DIRECT) for one card, in the order of :data:`TAGS`."""
    text, lowered_type = prepare_text(name, oracle_text), (type_line or "").lower()
    return np.array([tag.rule(text, lowered_type) for tag in TAGS], dtype=np.int8)


def card_tags(name: str, type_line: str, oracle_text: str) -> list[str]:
    return [
        tag.name for tag, strength in zip(TAGS, card_strengths(name, type_line, oracle_text), strict=True) if strength
    ]


def tag_matrix(names, type_lines, oracle_texts, progress=None) -> np.ndarray:
    """The strength of every tag for every card: an int8 matrix of cards × :data:`TAGS`."""
    rows = zip(names, type_lines, oracle_texts, strict=True)
    if progress is not None:
        rows = progress(rows, total=len(names))
    return np.stack([card_strengths(*row) for row in rows]) if len(names) else np.zeros((0, len(TAGS)), dtype=np.int8)


def tags_of_row(strengths: np.ndarray) -> list[str]:
    return [TAGS[index].name for index in np.flatnonzero(strengths)]
