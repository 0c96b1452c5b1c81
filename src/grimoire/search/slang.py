"""Player vocabulary to rules-text wording: "wipe the board" also searches "destroy all creatures".

Players describe cards in slang ("ramp", "bounce", "my guys", "the yard"); card text says it another way.
Each entry is a pattern over the lower-cased query and the rules-text phrase it adds to the query for both
rankers. The list is general Magic vocabulary, written from the game's jargon, not from any query set.
"""

from __future__ import annotations

import re

_ENTRIES: tuple[tuple[str, str], ...] = (
    # creatures and other permanents
    (r"\b(guys?|dudes?|fellas|bodies|body|monsters?|minions?|critters?|beaters?|men|troops?|army|squad|team)\b",
     "creature creatures"),
    (r"\b(my (whole )?(team|board|side|army)|all (of )?my (creatures|guys|dudes|team))\b", "creatures you control"),
    (r"\b(rivals?'?|enemy|enemies|the other players?)\b", "opponent opponents control"),
    (r"\b(rocks?|mana rocks?|trinkets?|gadgets?|gizmos?|contraptions)\b", "artifact"),
    (r"\b(dorks?|mana dorks?|mana creatures?)\b", "creature {t}: add mana"),
    (r"\b(walkers?|superfriends)\b", "planeswalker"),
    (r"\b(infantry|go[- ]wide|swarm|army|an army|make (some|lots of|a lot of) (guys|dudes|creatures))\b",
     "create creature tokens"),
    (r"\b(gear|weapons?)\b", "equipment equipped creature equip"),
    # auras suit up a commander too; what makes one creature a threat: size, protection, double strike (the Swords,
    # the Greaves had been past a hundred cheap +1/+1 equipment)
    (r"\bvoltron\b", "equipped creature gets +2/+2 has protection hexproof double strike enchanted creature gets"),
    (r"\b(buffs? i can attach|stick (it|wings|a buff) on)\b", "aura enchant creature enchanted creature"),
    # zones
    (r"\b(grip|hand size|cards in hand)\b", "hand"),
    (r"\b(yard|bin|discard pile|gy|dead stuff|(?:my|the|your|their) grave)\b", "graveyard"),  # not Grave Titan
    (r"\b(my deck|from (my|the|their) deck|top of (my|the|their|someone's) deck|out of (my|the) deck)\b",
     "library"),
    (r"\b(exile zone|remove from the game|rfg)\b", "exile"),
    # card flow
    (r"\b(refill|card draw|draw engines?|card advantage|cantrips?|draw (extra|more)|keep my (hand|grip) full)\b",
     "draw a card draw cards"),
    (r"\b(loot|looting|rummage|filter(ing)? my (hand|draws))\b", "draw a card, then discard a card"),
    (r"\b(wheel|wheels|wheel effects?|fresh (full )?(hand|grip))\b",
     "each player discards their hand, then draws seven cards"),
    (r"\b(impulse|impulsive draw|exile the top)\b", "exile the top card of your library. you may play it"),
    (r"\b(tutors?|tutoring|fetch (a|the|any) (card|spell|piece)|find (a|the|my) (card|piece|combo))\b",
     "search your library for a card, put it into your hand"),
    (r"\b(hand attack|hand disruption|make (them|everyone|him|her) discard|toss)\b", "discards a card"),
    # the player picks the card (Thoughtseize, Duress), not the one discarding (Mind Rot) nor chance (Hymn)
    (r"\b(targeted discard|targeted hand attack|(?:pick|choose) (?:a|the) card (?:they|to) discard)\b",
     "reveals their hand. you choose a nonland card from it. that player discards that card"),
    (r"\btotem armor\b", "umbra armor"),  # renamed in 2023 (Wilds of Eldraine's comprehensive rules update)
    (r"\b(mill|milling|decking|self-mill|fill (the|my) (yard|graveyard|bin))\b",
     "mills cards put the top cards of library into graveyard"),
    # mana
    (r"\b(ramp|ramping|accelerat\w*|mana sources?|extra mana|more mana|fixing|fixers?)\b",
     "add mana search your library for a land card put it onto the battlefield"),
    (r"\b(rituals?|burst of mana|one-shot mana)\b", "add {r}{r}{r} add {b}{b}{b} mana"),
    (r"\b(any (hue|colou?r)|rainbow|every colou?r|five[- ](hue|colou?r))\b", "one mana of any color"),
    (r"\b(land drops?|extra lands?|more lands)\b", "you may play an additional land"),
    (r"\b(landfall|drop a land|land (drop|enters)|new (land|terrain|mana source))\b",
     "landfall whenever a land you control enters"),
    (r"\b(stone rain|land destruction|\bld\b|blow up (their )?lands?|mana denial)\b", "destroy target land"),
    (r"\b(cost reduc\w*|cheaper|discount)\b", "costs {1} less to cast"),
    (r"\b(comes? in tapped|coming in tapped|come into play tapped|etbs? tapped|taplands?)\b", "enters tapped"),
    (r"\b(ltbs?|leaves? play|leaving play)\b", "when this creature leaves the battlefield"),
    # the older Oracle wording players still use: today's reads "whenever a creature you control enters"
    (r"\b(enters? (the battlefield )?under (my|your|our) control|(comes?|came) into play under (my|your) control)\b",
     "you control enters"),
    (r"\b(ambush\w*)\b", "flash"),  # "ambush creatures": creatures with flash
    (r"\b(refresh|reuse|use it (again|twice)|get (all )?my mana back)\b", "untap"),
    # removal
    (r"\b(removal|kill spells?|kill|spot removal|answers? to|deal with|get rid of|handle|keep up with)\b",
     "destroy target exile target"),
    (r"\b(wipe|wipes|wrath|wraths|sweep\w*|board ?wipes?|mass removal|reset the board|clear the board)\b",
     "destroy all creatures"),
    (r"\b(bounce|send back|back to (their|its owner'?s?) hand|tempo)\b", "return target to its owner's hand"),
    (r"\b(burn|bolts?|zap|ping|pings|pinger|fry|fries|shock|shoot|shoots)\b", "deals damage to any target"),
    # "burn that hits everyone", "pingers that hurt the whole table" (single-target burn had led: Char, Bolt)
    # ("the moment they hit the table" is their entering: only the whole table is hit)
    (r"\b(?:hits?|hurts?|damages?|pings?|burns?) (?:everyone|everybody|every (?:player|opponent)|all players|each "
     r"player|the whole table)\b|\b(?:hurts?|damages?|pings?|burns?) the table\b",
     "deals damage to each player and each creature"),
    # "fling effects", "throw my creature at their face": Fling, Thud, Brion Stoutarm
    (r"\b(fling|flings|flinging|throw (my|a|the|your) (creature|guy|dude|fatty)s?( at)?)\b",
     "sacrifice a creature deals damage equal to the sacrificed creature's power"),
    (r"\b(edicts?|make them sacrifice)\b", "target player sacrifices a creature"),
    (r"\b(steal|stealing|take control|borrow|threaten|make (?:\w+ ){1,4}mine)\b",
     "gain control of target you control enchanted creature"),
    # what cards print for it; "spells my opponent cant respond to" too (it had ranked Silence, Hazardous Blast)
    (r"\b(can'?t|cannot|can not) (be responded to|respond(ing)? to( (it|them))?)\b", "split second"),
    # a sac outlet said as what it lets the player do ("sacrifice a creature at no cost", "sac my creatures for free"):
    # the outlet's own printed cost (it had ranked pitch spells, whose cost a creature pays)
    (r"\b(sacrifice|sac|sack) (a creature|creatures|my creatures|a guy|my guys|things|stuff|permanents)"
     r" (at no cost|for free|for no mana|without paying( any)? mana|at will|whenever i want)\b",
     "sacrifice a creature: sacrifice another creature:"),
    (r"\b(swap|swaps|swapping)\b", "switch"),  # "swap a creature's power and toughness": cards say "switch"
    # "swap creatures with an opponent", "trade my junk for their good stuff": Switcheroo, Shifting Loyalties
    (r"\b(swap\w*|trad(e|es|ing)) (\w+ ){0,3}(with|for) (an? |my |target |their )?(opponents?|theirs|their)\b",
     "exchange control of target permanent you control and target permanent an opponent controls"),
    (r"\b(shrink|wither|-1/-1|weaken)\b", "gets -1/-1 -1/-1 counters"),
    (r"\b(freeze|lock down|tap down|stun)\b",
     "tap target creature. it doesn't untap during its controller's untap step"),
    (r"\b(graveyard hate|yard hate|grave hate|hate (against|on|for) (the )?(yard|graveyard))\b",
     "exile target card from a graveyard exile graveyard"),
    (r"\b(artifact removal|break (their )?(artifacts?|rocks|trinkets|gadgets))\b", "destroy target artifact"),
    (r"\b(enchantment removal|deal with enchantments)\b", "destroy target enchantment"),
    # stack
    (r"\b(counter ?spells?|counter ?magic|say no|stop (a|their) spell|negate|shut down (their )?spells?)\b",
     "counter target spell"),
    (r"\b(duplicate|happen twice|double (my|a) spell|fork)\b", "copy target spell"),
    # "redirect a spell": Deflection's "change the target", Redirect's "choose new targets" (not damage redirected)
    (r"\b(redirect\w*)\b(?! (all |the |that )?damage)", "change the target of target spell choose new targets"),
    (r"\b(clones?|mimic|shapeshift\w*|become a copy)\b", "enter as a copy of a creature"),
    # graveyard to play
    (r"\b(reanimat\w*|bring (it|them|back)|raise the dead|revive|resurrect\w*)\b",
     "return creature card from your graveyard to the battlefield"),
    (r"\b(recur\w*|rebuy|regrowth|get back|pull (my|it) back)\b", "return card from your graveyard to your hand"),
    (r"\b(blink|flicker)\b", "exile target creature you control, then return it to the battlefield"),
    # combat
    (r"\b(pump|pumps|bigger|beef up|buff|grow|grows|overrun|anthem|team pump)\b", "gets +1/+1 +1/+1 counter"),
    (r"\b(evasion|air|wings|flyers?)\b", "flying can't be blocked"),
    (r"\b(unblockable)\b", "can't be blocked"),  # not flying: Invisible Stalker, not Wind Drake
    (r"\b(swing right away|attack (right away|immediately|the turn|the moment)|summoning sick\w*)\b", "haste"),
    # an attacker's text, for creatures asked for as aggressive ("aggro deck needs removal" asks for no attacker)
    (r"\b(aggro|aggressive) (\w+ ){0,2}(creatures?|drops?|attackers?|beaters?|dudes|guys)\b|"
     r"\bdrops? for (an? )?aggro\b", "haste whenever this creature attacks"),
    (r"\b(extra combat|attack twice|second (attack|combat)|another combat)\b", "additional combat phase"),
    (r"\b(fog|fogs|nobody gets hurt|prevent (the )?damage)\b", "prevent all combat damage"),
    (r"\b(blockers?|get in the way|chump)\b", "can't block block"),
    (r"\b(combat tricks?|tricks?)\b", "target creature gets +2/+2 until end of turn instant"),
    # protection
    (r"\b(protect|protecting|protection for|immune|safe from|save my|keep (it|my \w+) alive)\b",
     "hexproof indestructible protection"),
    (r"\b(unkillable|can'?t die|cannot die|won'?t die|from dying|(not|never|don'?t|doesn'?t) die)\b", "indestructible"),
    (r"\b(no|without|can'?t|cannot) regen(eration)?\b", "can't be regenerated"),  # a wrath's "no regen"
    (r"(?<!no )(?<!without )(?<!can't )(?<!cant )(?<!cannot )\b(regen|regens|regening|regened)\b", "regenerate"),
    (r"\bkeeps? (getting |being )?(killed|dying|removed|destroyed|exiled)\b", "hexproof indestructible protection"),
    # life
    (r"\b(heal|heals|healing|lifegain|gain life|top (me|myself) up|soul ?sisters)\b", "you gain life"),
    (r"\b(drain|drains|lifedrain|siphon|leech)\b", "each opponent loses 1 life and you gain 1 life"),
    (r"\b(vampiric)\b", "lifelink"),
    # "card draw that costs life": card text says "pay 2 life" or "you lose 2 life" ("pay life" is card text already)
    (r"\b(costs? (me )?(some |a bit of |a lot of |\d+ )?life|life as a resource)\b", "pay life you lose life"),
    # sacrifice
    (r"\b(aristocrats?|sac outlets?|sacrifice outlets?|grinder|cash in|sack|sacks|sacking)\b",
     "sacrifice a creature"),
    # players' verbs: "swing twice", "ditch a card", "nuke the board"
    (r"\b(swing|swings|swinging)\b", "attack attacks"),
    (r"\b(ditch|ditches|ditching)\b", "discard"),
    (r"\bnuk(e|es|ing) (the |their |whole )*(table|board|battlefield|field)\b", "destroy all creatures"),
    (r"\b(kick the bucket|bite the dust|falls?|perish|croak)\b", "dies"),
    (r"\b(extra turns?|take another turn)\b", "take an extra turn"),
    (r"\b(wincons?|win ?cons?|win conditions?)\b", "you win the game"),  # cards never say "wincon"
    # "reduce commander tax", "cast my commander for less": the few cards that count or cut it
    (r"\b(commander tax|cast (my|your|our) commanders? for less|commanders? costs? less|"
     r"re-?cast(?:ing)? (my|your|our) commanders?)\b",
     "commander tax costs {1} less to cast for each time it's been cast from the command zone"),
    (r"\b(stax|(?<!commander )tax|taxes|punish)\b", "costs more opponents can't each opponent"),
    (r"\b(magic|tricks and cantrips|bolts and cantrips|noncreature magic)\b", "instant or sorcery spell"),
    (r"\b(throw|throws|throwing|threw) (\w+ ){0,2}away\b", "discard"),
    # the older Oracle wording: "when a creature comes into play" is today's "enters" (not "comes into play tapped")
    (r"\b(comes?|coming|came) into play\b(?! tapped)", "enters"),
    # other card games' words (Hearthstone, Yu-Gi-Oh) for Magic's
    (r"\b(banish(es|ed)?)\b", "exile"),  # (not "banishing": Banishing Light)
    (r"\b(life ?steal\w*)\b", "lifelink"),
    (r"\b(deathrattles?)\b", "when this creature dies"),
    (r"\b(silenc\w+ (a |an |one |target |that |their |the |enemy |opposing )?(creature|minion|monster)s?)\b",
     "target creature loses all abilities"),
    (r"\b(special(ly)? summon\w*)\b", "put a creature card from your hand onto the battlefield"),
    (r"\b(battlecry)\b", "battle cry"),
)
# Who a complaint says does it: the opponents, and the people a player names at the table ("my wife plays a lot of
# lifegain", "someone at my table keeps reanimating Griselbrand", "the eldrazi player keeps casting ...")
_PEOPLE = (r"(?:(?:opponents?|they|everyone|people|someone|somebody|wife|husband|partner|girlfriend|boyfriend|"
           r"friends?|buddy|buddies|brother|sister|son|daughter|dad|mom|kids?|roommate|guy|player)"
           r"(?: at (?:my|the|our) table| in (?:my|our) (?:play ?group|pod))?)")
# an opponent, or one of their permanents ("my opponent's commander"), with what they always or just did or are
_THEIR_THING = (r"(?:my |an |the )?(?:opponents?|opponent(?:['’]?s|s['’]) (?:[\w'’-]+ ){0,2}?[\w'’-]+) "
                r"(?:always |just )?")
# A player's complaint names what beats them, and so what the cards asked for must answer: after "I lose to",
# "struggling against", "weak to" ("I lose to fliers"), or before "keeps beating me", "are crushing me" ("artifacts
# keep beating me", "graveyard decks are crushing me").
LOSES_TO = (r"(?:keep )?los(?:e|es|ing|t)(?: (?:every|each|most|all|half|so many|too many) (?:of my )?"
            r"(?:games?|matche?s?))? (?:to|against)|struggl\w* (?:against|with|vs\.?|versus)|"
            r"(?:can'?t|cannot) keep up with|fold(?:s|ed|ing)? (?:to|against)|"  # "my deck folds to flyers"
            r"(?:trouble|problems?|issues?) (?:with|against)|weak (?:to|against)|vulnerable to|"
            r"(?:can'?t|cannot) (?:beat|handle|deal with)|"
            r"(?:get|gets|getting|got) (?:overwhelmed|overrun|run over|swarmed|crushed|wrecked|beaten|beat|stomped|"
            r"blown out|wiped out|punished|killed|destroyed|drained|milled|taxed|locked out|locked down|hit|"
            r"smashed|swept|blown up) by|"
            # "there's always a Rhystic Study on the table": what is always there is to be beaten
            r"there(?:'s| is| are|s) always (?=(?:a|an|some|this|that)\b)|"
            # "my opponent has a huge creature", "my opponent's commander has hexproof": what they have is to be beaten
            rf"{_THEIR_THING}"
            r"(?:has|have|had|gets?|got|gains?|cast|casts|played|plays) (?=(?:a|an|this|that|some|hexproof|shroud|"
            r"indestructible|protection|ward|creatures|artifacts|enchantments|planeswalkers|lands|counterspells)\b)|"
            # "my opponent's commander is indestructible": what their permanent is, is what is to be beaten
            rf"{_THEIR_THING}"
            r"(?:is|are|was|were|keeps? being) (?=(?:hexproof|shroud|indestructible|untargetable|protected)\b)|"
            # "someone at my table has a Propaganda": what a player has is to be beaten (not "my son has a dragon
            # deck": whose deck it is)
            rf"{_PEOPLE} (?:always |just |finally )?(?:has|have|had|got|played|plays|cast|casts) "
            r"(?=(?:a|an|this|that)\b(?!(?: [\w'’-]+){0,3} decks?\b))|"
            rf"{_PEOPLE} (?:always |keep |keeps )?(?:ha(?:ve|s)|play|run|make|get) (?:too|so) many|"
            # "my opponent plays a lot of planeswalkers", "my playgroup runs tons of graveyard decks"
            rf"(?:{_PEOPLE}|(?:play ?group|pod|meta|table|group|local game store|lgs)) "
            r"(?:always |often |usually |all )?(?:ha(?:ve|s)|play|plays|run|runs|make|makes) "
            r"(?:a lot of|lots of|tons of|loads of|plenty of|so much|a bunch of|too many|so many)|"
            # "my opponents always have big flyers": what they always bring is what is to be beaten
            rf"{_PEOPLE} always (?:ha(?:ve|s)|play|run|make|get)|"
            # "my opponents keep gaining too much life", "they keep reanimating": what they keep doing is to be stopped
            rf"{_PEOPLE} (?:always|keeps?|kept|keep on|(?:won'?t|never) stop)(?= \w+ing\b)|"
            # "my opponents always go wide with tokens": the wide board is to be beaten
            rf"{_PEOPLE} (?:always |keep |keeps |often |usually )?(?=(?:go|goes|going|went) wide\b)|"
            # "i keep dying to fliers": the player dies, so what kills them is to be beaten (not "my creatures die to
            # board wipes", which asks to protect them)
            r"(?:i|we)(?:'m| am|'re| are)? (?:keep |always |just |about to |going to |gonna )?(?:die|dying|died) "
            r"(?:to|against)|"
            # "my elves die to every sweeper", "my commander keeps dying to removal": what kills them is to be answered
            # by what saves them (a sweeper's by board protection, removal's by protection: tags.TAG_OPPOSES)
            r"(?:my|our) (?:[\w'’-]+ ){1,2}?(?:keeps? |always |just )?(?:die|dies|dying|died|get wiped|gets wiped) "
            r"(?:to|against|by)|"
            # "opponents always wipe my board", "they keep killing my commander": what they do to the player's side
            rf"{_PEOPLE} (?:always |keep |keeps |often |just )?(?=(?:wip|wrath|kill|destroy|exil|remov|bounc|blow)"
            r"\w* (?:out )?(?:my|our|me|us)\b)|"
            # "everyone at my table tutors for their combo pieces, I want to shut that down": what they do, which the
            # player wants stopped
            rf"{_PEOPLE} (?:always |keep |keeps |often |just |all )?"
            r"(?=(?:tutor|search|reanimat|recur|mill|flicker|blink|ramp|gain|draw|mak|creat|steal|copy|counter)\w*\b"
            r".*\b(?:shut (?:that|it|this|them) down|stop (?:that|it|this|them)|punish (?:that|it|this|them)|"
            r"hate (?:on|against) (?:that|it|this|them)|(?:beat|answer|counter) (?:that|it|this)\b))|"
            # "my opponents reanimate griselbrand every game", "they tutor for their combo every turn": what they do
            # every game is to be stopped
            rf"{_PEOPLE} (?:always |often |just |all )?"
            r"(?=(?:tutor|search|reanimat|recur|mill|flicker|blink|steal|copy|counter)\w*\b[^,.;?!]*?\b(?:every|each) "
            r"(?:single )?(?:game|turn|time)\b)|"
            # "my opponents gain too much life", "they draw way too many cards": what they overdo is to be stopped
            rf"{_PEOPLE} (?:always |keep |keeps )?"
            r"(?=(?:gain|draw|ramp|mak|creat|cast|play|mill|tutor|search|flicker|blink|reanimat|recur)\w* "
            r"(?:\w+ )?(?:way )?(?:too|so) (?:much|many|fast|quickly|often)\b)")
# "too many artifacts on the other side", "there are so many tokens across the table": theirs by where they are
# ("I have too many lands" is the player's own)
THEIRS_BY_PLACE = re.compile(r"\b(?:too|so) many ((?:[\w'’-]+ ){0,2}[\w'’-]+) (?:on|across|at) (?:the other side|"
                             r"their side|the table|their (?:board|battlefield)|the opposing (?:side|board)|"
                             r"(?:my )?opponents?['’]?s? (?:side|board|battlefield))")
# "the storm player keeps going off", "i get locked out by a stax player": the plan a player at the table plays is
# what is to be beaten (its words, before "player")
PLAYER_OF = re.compile(r"\b(?:the|that|this|a|an|one|some) ((?:[\w'’-]+ ){0,2}?[\w'’-]+) (?:player|pilot)s?\b"
                       r"(?= (?:keeps?|always|is|are|was|goes|went|just|never|draws?|ramps?|wins?|gets?|makes?|locks?|"
                       r"combos?|kills?|beats?|steals?|stops?)\b)")
PLAYER_BY = re.compile(r"\bby (?:a|an|the|that|this|some) ((?:[\w'’-]+ ){0,2}?[\w'’-]+) (?:player|pilot|deck)s?\b")
# ("lifegain decks beat me", "token decks keep going wide and beating me": a few words between, none of what beats;
# "an indestructible creature keeps beating me": the creature, not "an")
BEATEN_BY = re.compile(r"^(.+?) (?:(?:keeps?|kept|always|just|are|is|was|were|constantly|still|really|totally|going|"
                       r"goes|go|went|wide|and|then|been|have|has|had|on|up|end|ends|ended|also|often|usually|players?|decks?|"
                       r"pilots?) ){0,4}?"
                       r"(?:(?:beat|crush|kill|wreck|destroy|stomp|ruin|dominat|punish|hos|"
                       r"overrun|overwhelm|swarm|outvalu|outpac)\w* (?:me|us)\b|"  # "token decks overrun me"
                       # "a Doubling Season keeps showing up at my table"
                       r"(?:(?<=keeps )|(?<=keep )|(?<=always )|(?<=kept ))(?:show|pop)(?:s|ing|ed)? up\b)")

# what a request asks to answer a named card with, before its name ("answers to Ghostly Prison", "how do i deal with
# Propaganda", "ways to kill Tarmogoyf", "hate for Dockside")
ANSWERING = re.compile(r"(?:answers? (?:to|for)|deal(?:s|ing)? with|beat(?:s|ing)?|get(?:ting)? rid of|"
                       r"remov(?:e|es|ing)|kill(?:s|ing)?|destroy(?:s|ing)?|stop(?:s|ping)?|handl(?:e|es|ing)|"
                       r"(?:hate|hosers?|removal) (?:for|against|vs\.?)|answer(?:s|ing)?|counter(?:s|ing)?)"
                       r"\s+(?:an? |the |their |my opponents?['’]?s? |opponents?['’]?s? )?$")
# what a complaint says before a card that beats the player ("i keep losing to Ghostly Prison", "my opponent has a
# Propaganda out", "someone at my table has Smothering Tithe"): the card is to be answered, as after ANSWERING
_BEATEN_BEFORE = re.compile(rf"(?:{LOSES_TO}|{_PEOPLE} (?:always |just |finally )?(?:has|have|had|got|cast|casts|"
                            r"played|plays|resolved|resolves|drops?|dropped|landed|lands))"
                            r"\s+(?:an? |the |their |his |her |my opponents?['’]?s? )?$")


# A story about the table ("there's always a Rhystic Study on the table and it's taxing me out", "Thassa's Oracle
# keeps winning in our pod", "the Meren player keeps recurring stuff"): someone at the table, and what they keep
# doing to the player or the game; a card it names is what the player wants answered
_AT_THE_TABLE = re.compile(rf"\b(?:{_PEOPLE}|(?:my|our) (?:table|pod|play ?group|meta|group|lgs)|on the table|"
                           r"at (?:my|the|our) table|in (?:my|our) (?:pod|play ?group|meta|games?)|"
                           r"(?:the|that|this) [\w'’-]+ (?:player|pilot)s?)\b")
_DOES_TO_ME = re.compile(r"\b(?:keeps?|kept|always|every (?:single )?(?:game|turn|time)|each game|constantly|"
                         r"(?:beat|wreck|destroy|crush|punish|stomp|kill|lock|tax|drain|ruin)\w* (?:me|us|out|my)|"
                         r"showing up|shows up|(?:is|are) (?:so |way too |too )?(?:annoying|oppressive|busted|broken)|"
                         r"(?:sick|tired) of|"
                         r"(?:can'?t|cannot|never) (?:beat|deal with|handle|stop|answer|resolve|win))\b")
# what a player says of their own card ("my Rhystic Study", "cards like it")
_OWN_CARD = re.compile(r"\b(?:my|our|like|with my|for my|than|alternatives? to|instead of)\s*$")


def complains_of_a_card(text: str, before: str) -> bool:
    """Whether the lower-case request ``text`` tells a story about the table in which the card named after the
    words ``before`` is what beats the player (see :data:`_AT_THE_TABLE`), not one of the player's own."""
    return _AT_THE_TABLE.search(text) is not None and _DOES_TO_ME.search(text) is not None and \
        _OWN_CARD.search(before) is None


def answers_what_follows(before: str) -> bool:
    """Whether the lower-case words ``before`` a card's name ask to answer that card: an answering verb ("answers
    to", "how do i beat") or a complaint about it ("i keep losing to", "my opponent has a")."""
    before = before if before.endswith(" ") else f"{before} "
    return ANSWERING.search(before) is not None or _BEATEN_BEFORE.search(before) is not None


_COMPILED = tuple((re.compile(pattern), phrase) for pattern, phrase in _ENTRIES)
PATTERNS = tuple(pattern for pattern, _ in _ENTRIES)  # what the slang reads (the spelling checker knows its words)


def expand(text: str) -> str:
    """The query plus the rules-text phrases its slang stands for (each phrase once)."""
    lowered = text.lower()
    added: list[str] = []
    for pattern, phrase in _COMPILED:
        if pattern.search(lowered):
            if phrase not in added and phrase not in lowered:
                added.append(phrase)
    return f"{text} {' '.join(added)}" if added else text
