"""Players' nicknames for single cards ("stp": Swords to Plowshares, "bob": Dark Confidant), as typed in chat.

Written here from how Magic players commonly shorten card names in Commander and constructed chat; a nickname
names one card only where players agree on it ("thalia" and "teferi" name several, so they are no nickname).
A nickname never hides a real card name: "tithe" is the card Tithe, not Smothering Tithe.
"""

from __future__ import annotations

NICKNAMES: dict[str, str] = {
    # removal and interaction
    "stp": "Swords to Plowshares", "swords": "Swords to Plowshares", "path": "Path to Exile",
    "pte": "Path to Exile", "bolt": "Lightning Bolt", "cyc rift": "Cyclonic Rift", "cyclonic": "Cyclonic Rift",
    "fow": "Force of Will", "fon": "Force of Negation", "fierce": "Fierce Guardianship", "rip": "Rest in Peace",
    "b2b": "Back to Basics", "relic": "Relic of Progenitus", "grafdigger": "Grafdigger's Cage",
    "tormod crypt": "Tormod's Crypt", "bowmasters": "Orcish Bowmasters",
    # card advantage, tutors and combo
    "rhystic": "Rhystic Study", "remora": "Mystic Remora", "necro": "Necropotence", "sylvan": "Sylvan Library",
    "ancestral": "Ancestral Recall", "consult": "Demonic Consultation",
    "vamp": "Vampiric Tutor", "vamp tutor": "Vampiric Tutor", "thoracle": "Thassa's Oracle",
    "lab man": "Laboratory Maniac", "labman": "Laboratory Maniac", "lab maniac": "Laboratory Maniac",
    "ad naus": "Ad Nauseam", "naus": "Ad Nauseam", "kiki": "Kiki-Jiki, Mirror Breaker", "twin": "Splinter Twin",
    "exarch": "Deceiver Exarch", "scepter": "Isochron Scepter", "reversal": "Dramatic Reversal",
    "ballista": "Walking Ballista", "hermit": "Hermit Druid", "sdt": "Sensei's Divining Top",
    "led": "Lion's Eye Diamond", "top": "Sensei's Divining Top", "kci": "Krark-Clan Ironworks",
    # mana
    "dockside": "Dockside Extortionist", "cradle": "Gaea's Cradle", "coffers": "Cabal Coffers",
    "grim mon": "Grim Monolith", "workshop": "Mishra's Workshop", "bazaar": "Bazaar of Baghdad",
    "tabernacle": "The Tabernacle at Pendrell Vale", "tabby": "The Tabernacle at Pendrell Vale",
    "hierarch": "Noble Hierarch", "bauble": "Mishra's Bauble",
    # creatures, equipment and planeswalkers
    "bob": "Dark Confidant", "goyf": "Tarmogoyf", "snappy": "Snapcaster Mage", "snapcaster": "Snapcaster Mage",
    "hoof": "Craterhoof Behemoth", "scooze": "Scavenging Ooze", "bbe": "Bloodbraid Elf", "mom": "Mother of Runes",
    "sfm": "Stoneforge Mystic", "uro": "Uro, Titan of Nature's Wrath", "nadu": "Nadu, Winged Wisdom",
    "godo": "Godo, Bandit Warlord", "gitrog": "The Gitrog Monster", "jitte": "Umezawa's Jitte",
    "clamp": "Skullclamp", "greaves": "Lightning Greaves", "boots": "Swiftfoot Boots",
    "pod": "Birthing Pod", "sofi": "Sword of Fire and Ice", "sofaf": "Sword of Feast and Famine",
    "one ring": "The One Ring",
    "jtms": "Jace, the Mind Sculptor", "jace tms": "Jace, the Mind Sculptor", "lotv": "Liliana of the Veil",
    "tarmo": "Tarmogoyf", "delver": "Delver of Secrets", "borrower": "Brazen Borrower",
    "fable": "Fable of the Mirror-Breaker", "cryptic": "Cryptic Command", "kcommand": "Kolaghan's Command",
    "kolaghan command": "Kolaghan's Command", "emry": "Emry, Lurker of the Loch",
    "w6": "Wrenn and Six", "t3feri": "Teferi, Time Raveler",
    "bop": "Birds of Paradise", "oko": "Oko, Thief of Crowns",
}
# nicknames that are everyday words ("path", "bolt", "bob"): a card only alone or where a name is expected ("like
# path but black", "bolt effects"), never in "a path to victory"
EVERYDAY = frozenset({"swords", "path", "bolt", "fierce", "rip", "relic", "consult", "twin", "reversal",
                      "hermit", "led", "cradle", "workshop", "bob", "mom", "clamp", "boots", "sylvan", "ancestral",
                      "vamp", "scepter", "ballista", "bauble", "bazaar", "greaves", "coffers", "remora",
                      "pod", "fable", "top"})  # ("in our pod": the playgroup)
LONGEST_NICKNAME = max(len(nickname.split()) for nickname in NICKNAMES)
