"""Loader for the MTGJSON-style oracle corpus that the bundled snapshot is built from.

The corpus has no ids, legalities or dates, and keeps only the first half of split and adventure
cards; this loader merges back faces into their fronts and derives what it can, saying what it can't.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from pathlib import Path

from grimoire.cards import commander
from grimoire.cards.loading import (
    DIGITAL_KEYWORDS,
    LoadResult,
    SourceError,
    drop_reason,
    is_digital_only,
    produced_mana,
    read_json,
)
from grimoire.cards.mana import colors_of_cost, mana_value, sort_colors
from grimoire.cards.model import SYNTHETIC_ID_PREFIX, Card, Face

SOURCE = "oracle-corpus"
# Layouts whose mana value is the sum of both halves, so unknown when the second half is missing.
COMBINED_COST_LAYOUTS = frozenset({"split", "aftermath"})
REQUIRED_FIELDS = ("name", "layout", "type")
CARD_TYPES = frozenset({"Artifact", "Battle", "Conspiracy", "Creature", "Enchantment", "Instant", "Kindred",
                        "Land", "Planeswalker", "Sorcery", "Tribal", "Stickers", "Dungeon"})
_FUNNY_LAYOUTS = frozenset({"host", "augment"})
_FUNNY_SUBTYPES = frozenset({"Attraction", "Contraption", "Gamer", "Designer"})  # (Timmy, Power Gamer; Richard
# Garfield, Ph.D.'s "Human Designer": the players and makers of the game as creatures)
# "Basic" is a land's supertype, of the five basic land types (Wastes has none): a basic creature (Omnipresent
# Impostor) or a basic land of another type (Barry's Land, "Basic Land — Cloud") is a playtest card
_BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
# A subtype no printed card could have: punctuation in it (B.F.M.'s "Biggest,", "B.O.B.", Question Elemental?'s
# "Elemental?", Shellephant's "and/or"); real subtypes are letters, with an apostrophe, hyphen or space at most
# ("Time Lord", "Assembly-Worker")
_FUNNY_SUBTYPE = re.compile(r"[^A-Za-z'’ -]")
_FUNNY_COST = re.compile(r"\{H[WUBRG]\}|½|∞|\{\d{3,}\}")
# "Add {∞}", "{100}: ..." (Mox Lotus, Urza's Fun House), "Add {HR}" (half a red mana: Mons's Goblin Waiters)
_FUNNY_MANA_IN_TEXT = re.compile(r"\{∞\}|\{\d{3,}\}|\{H[WUBRG]\}")
_FUNNY_TEXT = re.compile(
    r"\bstickers?\b|\battractions?\b|\bcontraptions?\b|\{TK\}|\bticket counters?\b|\bgotcha\b|\bsquirrel counters?\b"
    # half points of damage, life or mana (Nerf War, Supersize, City of Ass); the player's own name (______) or the
    # letters of card names (Now I Know My ABC's, Disemvowel; Zzzyxas's Abyss, a real card, says "alphabetically"); a
    # copy of a card drawn at random from a printed list of real ones (Who's That Praetor?, Jund 'Em Out): no real
    # card does these
    r"|½|\bone-half\b|\b(?:first )?letter of your name\b|\byour first name\b|\balphabet\b|\bvowels?\b|\bconsonants?\b"
    r"|\bchoose one at random\. create a (?:token that's a )?copy of the chosen card\b"
    # a die table read as "the indicated effect" (Strategy, Schmategy; Jack-in-the-Mox: printed dice cards give
    # their table after "roll a d20"), a question put to a player (Frankie Peanuts, Last-Minute Chopping), drinks
    # (Ashnod's Coupon, Eggnogger's 'Stache), gameplay trackers (Naturalize 2), a card wrapped as a present (Chaos
    # Wrap), and a reminder's asides to the reader (Toofer's "And remember: tokens aren't cards!", Naming Screen,
    # Land Station, Devoted Mardu): no printed card does these
    r"|\bhas the indicated effect\b|\bask target (?:player|opponent)\b|\bdrinks?\b|\bgameplay trackers?\b"
    r"|\bmay wrap it\b|\bremember(?:s|ed|ing)?\b"
    # (found by players' reviews in everyday top tens) Goblin Tutor's die table, a player speaking aloud (Ow,
    # "Ach! Hans, Run!", Infernal Spawn of Evil's cost, Emcee, Rings a Bell; Zyym's "until you say stop" is a real
    # card's), a card torn up or balanced on a hand (Blacker Lotus, Chaos Confetti, Volrath's Motion Sensor), the
    # text's own lines and italics (Lexivore, Duh), coins reflipped (Goblin Bookie), cards stuck together
    # (S.N.O.T.), a web site (Urza, Academy Headmaster), Mystery Booster 2's spell commanders and team cards
    # (Rampant, Growth; Team Acceleration), a card kept out of the starting deck (Can't Quite Recall), singing (Land
    # Aid '04)
    r"|\bthe indicated card\b|\b(?:may|must) (?:stand up and )?say\b|(?:^|, )say \"|\bafter you say\b"
    r"|\binto pieces\b|\bbalances this\b|\bfalls off\b|\blines of text\b|\breminder text is\b|\bitalicized\b"
    r"|\breflip\b|\bany time it makes sense\b|\bstuck (?:to|together)\b|\w\.com\b|\bspell commander\b"
    r"|\bteam (?:cloudspire|speed demons) \u2014|\bcan't be in your starting deck\b|\bsang\b"
    r"|\bsplice onto anything\b"  # (Nevermind: printed splice is onto Arcane, Instant or Sorcery)
    # (everyday reviews) Unfinity's watermark factions (Watermarket, Knight of the Widget, Secret Base), the room
    # around the table (Mistakes Were Made's fire extinguishers "you can see from your seat"), creatures wearing hats
    # in their art (Rat in the Hat, Goblin Haberdasher; Maeve, Wearer of Many Hats is real and has none)
    r"|\bwatermarks?\b|\bfrom your seat\b|\b(?:has|have|wearing) (?:a )?hats?\b"
    # board games played instead (Abbot of the Sacred Meeple's Monk Track and production phases), films pitched
    # (Seasonal Sequels' holiday-themed titles), a charm whose modes are Archenemy schemes (The Archenemy's Charm)
    r"|\bmonk track\b|\bproduction phases?\b|\bpitch the titles?\b|\bholiday-themed\b"
    r"|\bchoose a scheme and set it into motion\b"
    # (players' reviews of everyday answers) Mystery Booster playtest mechanics no printed card has: a guild to join
    # ("Pledge": Guilded Lotus, Guildmark), a card kept track of in the deck (Black Tulip), protection from die rolls
    # (Proper Laboratory Attire), storm copies of a permanent "enter as tokens" (Krosan Adaptation)
    r"|\bjoin a (?:two-colou?red )?guild\b|\byour guild's colou?rs\b|\bkeep track if this is in your deck\b"
    r"|\bprotection from die rolls\b|\bthe copies enter as tokens\b",
    re.IGNORECASE)
# Playtest and Un-cards whose text shows none of the features here, found by players' reviews in everyday top tens
# (Wrath of Leknif led "board wipes"): Mystery Booster's and Mystery Booster 2's playtest cards (mtg.wiki, "Mystery
# Booster/Test cards"; Scryfall's playtest sets) and Unhinged's Everythingamajig, all is:funny on Scryfall. Named,
# as no rule could tell them from printed cards: a mash-up of two legends (Emrakul and Chatterfang, Manakin and
# Millikin), a reversed name (Leknif), a Duck planeswalker.
_FUNNY_BY_NAME = frozenset({
    "Wrath of Leknif", "Eldest Dragon Highlander", "First Stage of Magic Design", "Personal Decoy",
    "Rin and Seri, Inseparabler", "The Dogronmaster", "Emrakul and Chatterfang", "Manakin and Millikin",
    "Yet Another Aether Vortex", "Everythingamajig", "Spuzzem Strategist", "Main Event Horizon"})
# Future Sight's Steamflogger Boss named Contraptions in 2007, ten years before Unstable printed any: a real card
_PRINTED_BEFORE_ITS_JOKE = frozenset({"Steamflogger Boss"})
# Playtest and Un-card jokes about the world outside the game: deckbuilding, writing on cards, sideboards,
# artists, borders, the match, errata. Learned from the Mystery Booster test cards (mtg.wiki,
# "Mystery Booster/Test cards") and the Un-sets; real cards say "outside the game", never "sideboard".
_FUNNY_WORLD = re.compile(
    r"\bduring deckbuilding\b|\b(?:write|writes|written)\b|\bsideboards?\b|\bart by\b|\bplaytest(?:er|ers)?\b"
    r"|\b(?:the|this) match\b|\b(?:white|black|silver)-bordered\b|\berrata\b|\brule zero\b|\bbuddy list\b"
    r"|\bpost a picture\b|\bsigned (?:card|spell|land|by)\b|\ba signed\b|\(treat conjured cards like cards\.\)"
    r"|\bplaytesting\b|\bsleeves?\b|\bcollector numbers?\b|\bbanned\b|\b(?:constructed|standard) format\b"
    r"|\bsealed\b[^.]*\bbooster\b|\bopen\w*\b[^.]*\bbooster\b|\bbooster (?:fun|pile|cascade)\b"
    # the Commander rules themselves bent (Mystery Booster 2's playtest cards: Tax Draw, You're in Command, Barce,
    # Mr. Wiggles, Enolc, the Command Mine): printed cards count casts "from the command zone" and never name the
    # commander tax, make or unmake a commander, copy "your other commander", add "mono eminence" or answer a
    # Command Tower with a Mine and a Power Plant; a copy of one of a printed list of cards at random; a creature
    # that renames itself by the first letter of its name (The Cosplayzer)
    r"|\bcommander tax\b|\bbecomes? your commander\b|\bstops? being (?:a |your )?commanders?\b"
    r"|\bno longer your commanders?\b|\bas your commanders as though\b|\bdoesn't apply to commanders\b"
    r"|\btarget commander an opponent controls\b|\breplaces? one of your commanders\b|\bmono eminence\b"
    r"|\bcommanders you own have disguise\b|\bof the following cards at random\b|\byour other commander\b"
    r"|\bletters? of (?:its|their) name\b|\bcommand (?:mine|power plant)\b"
    # people and events outside the game (Pietra's joke told to someone outside the game, Blue Ribbon's judge,
    # Metagamer's Mythic Championship), a playground game (Face to Face), a board of the players' own making
    # (Advanced Tactics' 5x5 grid), a random copy from a list (Form of the Stax Player): real cards name only
    # cards "from outside the game"
    r"|\b(?:someone|a person|anyone|people) outside the game\b|\bmythic championship\b"
    r"|\brock, paper, scissors\b|\b\d+x\d+ grid\b|\bcreate a random token\b"
    # cards of other games in a Magic deck (The Convention Enthusiast), a deck of any colour identity (The Waffle
    # Restaurant): the colour identity rule is one printed cards never bend
    r"|\bcards from any game\b|\bcards of any colou?r identity\b"
    # Mystery Booster 2's playtest teams and scoreboard (Unclaimed Cat: "If you're on the Mirran team"; Team Mage,
    # Underdog Racer, Good Knight), the players' bodies and room (Man of Measure, Standing Army, Souvenir T-Shirt,
    # Gimme Five, Sex Appeal, Hot Fix, I'm Rubber, You're Glue), other people (The Knight of Commentary, The
    # Egotistical Velociraptor), a card drawn on (Evy, Fang Keeper), release years (Gen, Confider of Ages), the
    # event (Fear of Going 0-2 Drop), the pony cards' "anypony" and "20% cooler", and more Commander rules bent
    # (The Covert Blue Mage, The Zonian Brawler, The Snapstone Wielder, Groaaaaag's Commander Suspend, The Knight
    # of Land Drops' "Partner with Knight", The Faction Dragon "during deck building", the Rulebreaker commanders)
    r"|\bon (?:the )?(?:mirran|phyrexian) team\b|\bon team (?:cloudspire|speed demons)\b|\bscoreboard\b"
    r"|\bscore an additional point\b|\byou're (?:standing|wearing|shorter|taller|touching)\b|\bhigh-fives?\b"
    r"|\bpeople in the room\b|\bspeak in\b|\b(?:ten|thirty|sixty|\d+) seconds\b|\bmagic player\b"
    r"|\bask people\b|\bmagic-branded\b|\bdraw on it\b|\byears? of release\b|\bin the event you're playing\b"
    r"|\banypony\b|\b\d+% cooler\b|\bgamer creature token\b|\bsay \"i'm\b|\bkeep track if you're playing\b"
    r"|\bstarting deck can contain\b|\bminimum deck size is \d+ and\b|\byour starting hand size is \w+ and\b"
    r"|\bcommander suspend\b|\bpartner with knight\b|\bduring deck building\b|\brulebreaker\b"
    # the tournaments, the Unknown event of February 2023 and the hobby around the game (The Policy Maker's "a
    # player outside the game", The Mox Painter's "tournament-legal", The Octopus Official, The Commander
    # Recommender, Delphia, Sheoldred's Terror's "Argentum expansions", The Wise Sable's "Judge Call!") and the
    # jokes of other playtest cards (The Sad Creaturez, The Karfell Rocker's LOUD spells, The Judge of Height);
    # City in a Bottle's "originally printed in the Arabian Nights expansion" is real and stays
    r"|\ba player outside the game\b|\btournament-legal\b|\bactive tournament\b|\bcommander deck you own\b"
    r"|\bunknown event\b|\bargentum expansions?\b|\boriginally printed in the mirrodin\b|\bjudge call\b"
    r"|\bduring deck construction\b|\bshared their feelings\b|\bmagic cards at random\b|\bloud spells?\b"
    r"|\bguess a card\b|\bcosplay\b|\btaller than\b|\bmana base, removal\b|\bew-minance\b|\bfavorites list\b"
    r"|\bunique names\b"
    # the Un-sets' table, storyline and sets (Enter the Dungeon's subgame "under the table", Skull Saucer's head on
    # it, Goblin S.W.A.T. Team swatting it, Pointy Finger of Doom spun in its middle; Bureaucracy's Rules of Order;
    # Gus's lost games; Vorthos and Your Favorite Character naming a Magic character; World-Bottling Kit choosing a
    # set; Lona counting English releases), a creature "with a tail" (Fluttershy), The Tokenator's token counters;
    # Shahrazad's subgame and Ghazbán Ogress's "Magic games that day" are real cards and stay
    r"|\bunder the table\b|\b(?:head on|swats? the|middle of) the table\b|\brules of order\b"
    r"|\bmagic games? you have lost\b|\b(?:named magic character|character from the magic storyline)\b"
    r"|\bchoose a magic set\b|\blanguage magic releases\b|\bwith a tail\b|\btoken counters\b"
    # tokens of colours Magic has not (Chicago Loop's "orange Bear"; the Attractions' prizes)
    r"|\b(?:orange|purple|pink|brown) (?:[\w/-]+ ){0,4}(?:creature )?tokens?\b",
    re.IGNORECASE)
# A mana ability paid with your own poison counters (playtest cards Noxious Bayou, Mox Poison): printed cards
# charge life for mana, never poison.
_SELF_POISON_MANA = re.compile(r"\{T\}: Add [^\n]*\. You get (?:a|an|one|two|three|\w+) poison counters?\.")
_FUNNY_ARTIST = re.compile(r"\bartists?\b")  # lower case: "Blood Artist" is a card name, not a joke
# A playtest recolour or retype of a real card: "White Rhystic Study", "Artifact Unknown Shores".
_VARIANT_PREFIXES = ("White", "Blue", "Black", "Red", "Green", "Colorless", "Artifact", "Enchantment", "Creature",
                     "Land", "Instant", "Sorcery", "Legendary")
_NUMERIC_STAT = re.compile(r"^[+-]?(\d+|\*|X|\d*\+\*|\*\+\d+|\d+-\*|\*²|\?)$")
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

def field_notes() -> dict[str, str]:
    """What the corpus lacks or Grimoire derives, field by field (shown by ``grimoire data info``)."""
    banned, changers = commander.banned_list(), commander.game_changers()
    return {
        "oracle_id": "synthetic (syn: + hash of the name); not a Scryfall id",
        "legalities": f"commander only, computed from the banned list shipped in the repo (as of {banned.as_of}); "
                      "funny, digital-only and uncastable cards (no mana cost and no other way to cast them: the "
                      "Theros challenge decks' cards) are not legal; every other format unknown",
        "game_changer": f"from the Game Changers list shipped in the repo (as of {changers.as_of})",
        "is_funny": "detected from Un-set and playtest features (half mana or damage, stickers, Attractions, "
                    "Contraptions, your own name, letters of the alphabet, a blank in the name, a random copy from a "
                    "printed list, host/augment, text about deckbuilding, sideboards, sleeves, sealed booster packs, "
                    "artists, "
                    "collector numbers, bans or the match, mana paid with your own poison counters, recoloured "
                    "copies of real cards, punctuation in a subtype, playtest teams and scoreboards, the players' "
                    "bodies and the people around them, Rulebreaker, tournaments and the Unknown event, the table "
                    "and the storyline, a basic that is no land or of no basic land type, tokens of colours Magic "
                    "has not, infinite or hundred-mana symbols in the text, a land planeswalker, players speaking "
                    "aloud, a card torn up or balanced on a hand, web sites, Gamers and Designers, Mystery Booster's "
                    "playtest mechanics, and twelve playtest cards by name); Un-cards without such a feature are "
                    "not flagged",
        "produced_mana": "derived from rules text",
        "colors": "derived from the mana cost; a card without one (or costing {0}) takes its colour identity, as a "
                  "colour indicator gives it that colour; conspiracies, planes and schemes (no cost, no "
                  "indicator) are colourless; a double-faced card is the colours of both faces; a split card "
                  "whose second half the corpus lacks takes its colour identity's colours too (both halves' "
                  "colours, CR 709.4)",
        "split, adventure, flip and modal double-faced cards": "only the first half's text, cost and type; "
                                                              "the other half is named only",
        "rarity, released_at, reserved, rulings": "unknown",
    }


def synthetic_id(name: str) -> str:
    """A stable id derived from the card name, marked as not a Scryfall id."""
    return SYNTHETIC_ID_PREFIX + hashlib.sha1(f"grimoire:{name}".encode()).hexdigest()[:20]


def is_funny(record: dict) -> bool:
    """Un-set ("funny") card, from the features the corpus keeps."""
    if record.get("name") in _PRINTED_BEFORE_ITS_JOKE:
        return False
    if record.get("name") in _FUNNY_BY_NAME:
        return True
    types = set(record.get("types") or ())
    if record.get("layout") in _FUNNY_LAYOUTS or "Host" in (record.get("supertypes") or ()):
        return True
    if "___" in record.get("name", ""):  # a blank to fill in (_____ Goblin, Sort of _____ and _____)
        return True
    if record.get("layout") == "split" and record.get("name", "").count(" // ") >= 2:
        return True  # a real split card has two halves; three or more are the Un-sets' (Who // What // When ...)
    subtypes = record.get("subtypes") or ()
    if "Basic" in (record.get("supertypes") or ()) and ("Land" not in types or set(subtypes) - _BASIC_LAND_TYPES):
        return True
    if types - CARD_TYPES or "Stickers" in types or set(subtypes) & _FUNNY_SUBTYPES or \
            any(_FUNNY_SUBTYPE.search(subtype) for subtype in subtypes):
        return True
    if _FUNNY_COST.search(record.get("manaCost") or "") or _FUNNY_MANA_IN_TEXT.search(record.get("text") or ""):
        return True
    if {"Land", "Planeswalker"} <= types:  # a land that is a planeswalker (Wrenn and One): no printed card is both
        return True
    if "Land" in types and record.get("manaCost"):  # a land with a mana cost (Glade of the Pump Spells, a playtest
        return True  # card): printed lands have none (CR 202.1b)
    for stat in ("power", "toughness"):
        value = record.get(stat)
        if value is not None and not _NUMERIC_STAT.match(value):
            return True
    text = record.get("text") or ""
    return any(pattern.search(text) for pattern in (_FUNNY_TEXT, _FUNNY_WORLD, _FUNNY_ARTIST, _SELF_POISON_MANA))


# A spell or permanent with no mana cost can be cast only another way, which its text says: suspend (Ancestral
# Vision), a cost to pay (Asmoranomardicadaistinaculdacar), splice and "nonexistent mana costs" (Evermind). One
# with none of these is no card a deck could hold: the Theros challenge decks' Hydra, Horde and Xenagos cards
# (Scryfall lists them not legal in any format) and oversized promos such as Garruk the Slayer. Lands, melded
# results and the non-traditional cards (planes, schemes, conspiracies) have no cost by nature.
_CAST_WITHOUT_COST = re.compile(r"\bsuspend\b|\bpay\b|\bmana costs?\b|\bsplice\b", re.IGNORECASE)


def is_uncastable(record: dict) -> bool:
    """A nonland card with no mana cost whose text gives no other way to cast it."""
    types = set(record.get("types") or ())
    if record.get("manaCost") is not None or "Land" in types or types & _NONTRADITIONAL:
        return False
    if record.get("layout") == "meld" or record.get("face") == "back":
        return False
    return not _CAST_WITHOUT_COST.search(record.get("text") or "")


def playtest_variants(records: list[dict]) -> set[str]:
    """Names of playtest variants: a colour or card-type word before another card's name, with its rules text, or
    "Original" before it, with the text it had before its errata (Mystery Booster 2's Original Skullclamp)."""
    texts = {r["name"]: (r.get("text") or "").replace(r["name"], "~") for r in records}
    found: set[str] = set()
    for name, text in texts.items():
        prefix, _, rest = name.partition(" ")
        if prefix in _VARIANT_PREFIXES and rest in texts and text == texts[rest].replace(rest, "~") and text or \
                prefix == "Original" and rest in texts:
            found.add(name)
    return found


def _face(record: dict, name: str) -> Face:
    return Face(name=name, mana_cost=record.get("manaCost"), type_line=record.get("type"),
                oracle_text=record.get("text"), power=record.get("power"), toughness=record.get("toughness"),
                loyalty=record.get("loyalty"), defense=record.get("defense"))


def _union(*lists) -> tuple[str, ...]:
    return tuple(dict.fromkeys(item for values in lists for item in (values or ())))


_STATED_COLOR = re.compile(
    r"(?:^|\n)(?:~|this card|this spell|this creature|this permanent) is (colorless|all colors|"
    r"(?:white|blue|black|red|green)(?:(?:, | and |, and )(?:white|blue|black|red|green))*)\.", re.IGNORECASE)


def _colors(record: dict, name: str) -> tuple[str, ...]:
    stated = _STATED_COLOR.search((record.get("text") or "").replace(name, "~"))
    if "Devoid" in (record.get("keywords") or ()):
        return ()
    if stated:
        words = stated.group(1).lower()
        if words == "colorless":
            return ()
        if words == "all colors":
            return tuple("WUBRG")
        return tuple(sort_colors(COLOR_WORDS[w] for w in re.findall(r"white|blue|black|red|green", words)))
    cost = record.get("manaCost")
    identity = record.get("colorIdentity") or []
    types = set(record.get("types") or ())
    from_cost = colors_of_cost(cost)
    if not from_cost and identity and ("Land" not in types or "Creature" in types):
        no_cost = cost is None or (cost == "{0}" and {"Instant", "Sorcery"} & types)
        if no_cost and types & _NONTRADITIONAL:
            # A conspiracy (Adriana's Valor, Natural Unity), plane or scheme has no mana cost and no colour
            # indicator: it is colourless, as on Scryfall; its identity comes from the mana in its text.
            return ()
        if no_cost:
            # A card without a mana cost (suspend spells, meld results, Dryad Arbor) or with {0} (the Pacts) gets
            # its colour from a colour indicator, which the corpus does not keep; its colour identity is that
            # colour, since what adds to identity (a cost, a suspend cost, a "pay {3}{U}{U}") is of its own
            # colour on every such card: Hypergenesis is green, Pact of Negation blue, Brisela white.
            return tuple(sort_colors(identity))
    return tuple(from_cost)


def _back_colors(front: dict, back: dict) -> tuple[str, ...]:
    """A back face's colours: its cost's, or, without one, its colour indicator's, which the corpus does not keep:
    the card's colour identity less the colours only the texts' mana symbols give it (Autumnal Gloom's "{B}:" makes
    Ancient of the Equinox no black card; Avacyn, the Purifier is red, Homicidal Brute red)."""
    if colors_of_cost(back.get("manaCost")):
        return _colors(back, back["name"])
    identity = set(back.get("colorIdentity") or front.get("colorIdentity") or ())
    symbols = set(colors_of_cost(front.get("text"))) | set(colors_of_cost(back.get("text")))
    return tuple(sort_colors(identity - (symbols - set(colors_of_cost(front.get("manaCost"))))))


_NONTRADITIONAL = frozenset({"Plane", "Phenomenon", "Scheme", "Conspiracy", "Vanguard", "Dungeon"})


def _check(record, index: int, path: Path) -> None:
    if not isinstance(record, dict):
        raise SourceError(path, f"expected an object, got {type(record).__name__}", index)
    for key in REQUIRED_FIELDS:
        if not isinstance(record.get(key), str) or not record[key]:
            raise SourceError(path, f"field {key!r} is missing or not text", f"{index}, {record.get('name')!r}")
    for key in ("types", "subtypes", "supertypes", "colorIdentity"):
        if record.get(key) is not None and not isinstance(record[key], list):
            raise SourceError(path, f"field {key!r} must be a list", f"{index}, {record['name']!r}")


def load(path: Path) -> LoadResult:
    """Load the oracle corpus (``oracle_corpus.json`` or ``.json.gz``)."""
    path = Path(path)
    records = read_json(path)
    if not isinstance(records, list):
        raise SourceError(path, "expected a JSON array of cards")
    for index, record in enumerate(records):
        _check(record, index, path)
    backs = {r["front"]: r for r in records if r.get("face") == "back"}
    names = {r["name"] for r in records if r.get("face") != "back"}
    dropped: Counter = Counter()
    cards: list[Card] = []
    taken: set[str] = set()
    variants = playtest_variants([r for r in records if r.get("face") != "back"])
    for record in records:
        if record.get("face") == "back":
            continue
        reason = drop_reason(record["name"], record["layout"], record.get("types") or ())
        if reason:
            dropped[reason] += 1
            continue
        card = _build(record, backs, names, taken, funny=record["name"] in variants)
        if card is None:
            dropped["duplicate reversible printing"] += 1
            continue
        taken.add(card.name)
        cards.append(card)
    return LoadResult(cards=cards, source=SOURCE, dropped=dropped, field_notes=field_notes())


def _build(record: dict, backs: dict[str, dict], names: set[str], taken: set[str], *, funny: bool = False
           ) -> Card | None:
    layout = record["layout"]
    parts = list(dict.fromkeys(record["name"].split(" // ")))
    if layout == "reversible_card":
        name = " // ".join(parts)
        if len(record["name"].split(" // ")) > len(parts) and (name in names - {record["name"]} or name in taken):
            return None
    if layout == "meld":
        parts = parts[:1]  # the melded result is its own card, as in Scryfall
    missing: list[str] = []
    faces = [_face(record, parts[0])]
    back = backs.get(record["name"]) or backs.get(parts[0])
    for part in parts[1:]:
        if back is not None and back["name"] == part:
            faces.append(_face(back, part))
        else:
            faces.append(Face(name=part))
            missing.append(f"rules text, cost and type of {part!r}")
    name = " // ".join(parts)
    others = [back] if back is not None else []
    if layout in COMBINED_COST_LAYOUTS and len(parts) > 1:
        value = None
        missing.append("mana value (the halves' costs add up)")
    elif record.get("manaCost") is None and layout == "meld":
        value = None
        missing.append("mana value (a melded card adds its halves)")
    else:
        value = mana_value(record.get("manaCost"))
    all_text = "\n".join(f.oracle_text for f in faces if f.oracle_text)
    types = _union(record.get("types"), *(o.get("types") for o in others))
    funny = funny or is_funny(record) or any(is_funny(o) for o in others)
    keywords = _union(record.get("keywords"), *(o.get("keywords") for o in others))
    playable = not funny and not is_digital_only(all_text) and not DIGITAL_KEYWORDS & {k.lower() for k in keywords} \
        and not is_uncastable(record)
    colors = _colors(record, parts[0])
    if others and len(faces) > 1:
        # a face filter matches any face (c:r finds Archangel Avacyn, whose back is red by its colour indicator)
        colors = tuple(sort_colors(_union(colors, _back_colors(record, back))))
    if layout in COMBINED_COST_LAYOUTS and len(faces) > 1 and not faces[-1].mana_cost:
        # a split card is the colours of both halves (CR 709.4); the second half's cost is not in the corpus, and
        # its colour identity holds it: Fire // Ice is blue and red, not red
        colors = tuple(sort_colors(_union(colors, record.get("colorIdentity"))))
    return Card(
        oracle_id=synthetic_id(name), name=name, faces=tuple(faces), layout=layout, source=SOURCE,
        mana_value=value, colors=colors, color_identity=tuple(sort_colors(record.get("colorIdentity") or ())),
        supertypes=_union(record.get("supertypes"), *(o.get("supertypes") for o in others)),
        types=types, subtypes=_union(record.get("subtypes"), *(o.get("subtypes") for o in others)),
        keywords=keywords,
        produced_mana=produced_mana(all_text),
        legalities={"commander": commander.commander_legality([name, *parts], types, all_text, playable=playable)},
        is_funny=funny,
        game_changer=commander.game_changers().has_any([name, *parts]),
        missing=tuple(missing),
    )
