"""Combo partners read from a card's own text: what "infinite combo with X" asks for when no combo list is at hand.

Grimoire ships no combo data, so it cannot know that Thassa's Oracle goes with Demonic Consultation. It reads
instead what X's rules text needs to go infinite or win (its library emptied, a copy untapped, creatures dying,
life gained...) and searches the rules-text wording of the cards that supply it. Each need is a rule over X's
text (lower case, its own name as ``~``), the words shown to the user, and the wording searched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from grimoire.search.tags import prepare_text

MAX_NEEDS = 2


@dataclass(frozen=True)
class Need:
    """One thing a card's text needs from its partners, and how partners that supply it are found."""

    needs: str  # what X needs, shown: "its library emptied"
    partners: str  # who supplies it, shown: "cards that exile or mill your own library"
    pattern: re.Pattern[str]  # over X's prepared rules text
    wording: str  # rules-text words the partners' text uses (searched)
    syntax: str = ""  # a filter the partners must meet (a creature copier needs creatures)
    tags: tuple[str, ...] = ()  # function tags whose direct answers supply the need (ranked at half weight)
    leads: re.Pattern[str] | None = None  # over a partner's prepared text: what supplies the need outright, first

    def line(self) -> str:
        return f"needs {self.needs} -> {self.partners}"


def _need(needs: str, partners: str, pattern: str, wording: str, syntax: str = "", tags: str = "",
          leads: str = "") -> Need:
    return Need(needs, partners, re.compile(pattern), wording, syntax, tuple(tags.split()),
                re.compile(leads) if leads else None)


NEEDS: tuple[Need, ...] = (
    _need("its library emptied", "cards that exile or mill your own library",
          r"(?:greater than or equal to|more than) the number of cards in your library|while your library has no "
          r"cards|no cards in your library|your library is empty|cards in your library is (?:zero|less)",
          "exile all cards from your library. exile your library. exile all other cards revealed this way. "
          "repeat this process until. put all cards from your library into your graveyard",
          # (Tainted Pact, Demonic Consultation, Paradigm Shift: Tainted Pact had come 37th)
          leads=r"exile all (?:other )?cards (?:from your library|revealed this way)|\bexile your library\b|"
                r"exile the top card of your library\. [^\n]*repeat this process"),
    _need("its copy untapped again", "creatures that untap a permanent when they enter",
          # (and a copy of itself an Aura gives: Splinter Twin's "copy of this creature" had read no need)
          r"\{t\}[^\n:]*: create a token that's a copy of (?:(?:target|another)[^.\n]*creature|~|"
          r"(?:this|enchanted) creature)",
          "when this creature enters, untap target permanent. tap or untap target permanent. untap target "
          "permanent you control. untap that permanent. untap all creatures you control", "t:creature",
          # a creature whose entering untaps a permanent, steals one untapped, or flickers one of the player's own
          # (Pestermite, Deceiver Exarch, Zealous Conscripts, Restoration Angel, Felidar Guardian: Conscripts had
          # been missed, Captain of the Mists had led)
          leads=r"when ~ enters(?: the battlefield)?, (?:[^\n]*\n• )?[^\n]*(?:untap (?:another )?target "
                r"(?:permanent|creature)|gain control of target permanent[^\n]*untap that permanent|exile "
                r"(?:another )?target (?:non-\w+ )?(?:creature|permanent) you control, then return)"),
    _need("its tap ability untapped", "untappers",
          r"(?:^|\n)\{t\}: (?!add\b|create a token that's a copy)",
          "untap target creature. untap target permanent. untap all creatures you control", tags="untapper"),
    _need("mana to untap it", "mana rocks, dorks and lands that make two or more mana",
          r"(?:^|\n)(?:\{[\dwubrgc]\})+[^\n:]*: untap (?:target|another target|all|enchanted|equipped)",
          "{t}: add {c}{c}. {t}: add two mana. add an amount of mana equal to. {t}: add {g} for each",
          tags="mana-doubler"),
    _need("creatures dying", "sac outlets and creatures that come back when they die",
          r"whenever (?:~ or )?(?:a|another|one or more)(?: other)?(?: nontoken)? creatures?(?: you control)? "
          r"(?:dies|die|is put into (?:a|your) graveyard from the battlefield)\b",
          "sacrifice a creature: persist undying. when this creature dies, return it to the battlefield",
          tags="sac-outlet"),
    _need("creatures to sacrifice", "creatures that come back when they die and death triggers",
          r"sacrifice (?:a|another) creature: ",
          "persist undying. when this creature dies, return it to the battlefield. whenever a creature you "
          "control dies, each opponent loses 1 life", tags="aristocrat-payoff"),
    _need("life gained", "cards that make opponents lose life when you gain life",
          r"whenever you gain life",
          "whenever an opponent loses life, you gain that much life. whenever you gain life, target opponent "
          "loses that much life"),
    _need("opponents losing life", "cards that gain you life when opponents lose it",
          r"whenever an opponent loses life|whenever a player loses life",
          "whenever you gain life, each opponent loses 1 life. whenever you gain life, target opponent loses "
          "that much life", tags="lifegain-payoff"),
    _need("creatures entering", "flicker and token makers",
          r"whenever (?:a|another|one or more)(?: other)?(?: nontoken)? creatures?(?: you control)? enters?\b",
          "exile target creature you control, then return it to the battlefield. create a token that's a copy "
          "of target creature", tags="flicker"),
    _need("spells cast", "cost reducers and spells that return or copy themselves",
          r"whenever you cast (?:a|an|your)",
          "spells you cast cost {1} less to cast. return target instant or sorcery to its owner's hand. copy "
          "target instant or sorcery spell", tags="cost-reducer"),
    # Isochron Scepter and Dramatic Reversal, the two halves of the best-known infinite mana: a copier of a cheap
    # instant wants one that untaps its mana (and itself); an untap of every nonland permanent wants mana rocks that
    # make more than it costs and a way to cast it again
    _need("an instant to copy each turn", "instants of mana value 2 or less, above all those that untap permanents",
          r"exile an instant card with mana value 2 or less from your hand[^\n]*\n[^\n]*copy the exiled card",
          "untap all nonland permanents you control. untap all artifacts you control. untap target permanent. "
          "untap all creatures you control", "t:instant mv<=2", tags="untapper"),
    _need("mana from the permanents it untaps and a way to cast it again", "mana rocks and Isochron Scepter",
          r"^untap all nonland permanents you control\.",
          "exile an instant card with mana value 2 or less from your hand. copy the exiled card. {t}: add {c}{c}. "
          "{t}: add one mana of any color", tags="mana-rock",
          leads=r"exile an instant card with mana value 2 or less from your hand"),  # (Isochron Scepter, 33rd)
    # what an engine multiplies or pays off, named by its text: the cards that feed it (asked "what works with X")
    _need("enter triggers to double", "creatures and artifacts with enter triggers",
          r"entering (?:the battlefield )?causes a triggered ability[^.]*triggers an additional time",
          "when this creature enters, when this artifact enters, whenever another creature you control enters",
          tags="etb-trigger"),
    _need("tokens to double", "token makers",
          r"would create one or more tokens|would create (?:a|one or more) (?:clue|food|treasure)",
          "create a 1/1 creature token. create two tokens. create a treasure token", tags="token-maker"),
    _need("counters to double", "cards that put +1/+1 counters and proliferate",
          r"would put one or more (?:\+1/\+1 )?counters",
          "put a +1/+1 counter on each creature you control. proliferate", tags="plus-one-counters"),
    _need("Treasures to spend", "cards that sacrifice artifacts or Treasures",
          r"create (?:a|an|one|two|three|x|that many) (?:tapped )?treasure tokens?",
          "whenever you sacrifice a treasure. sacrifice an artifact: whenever an artifact you control is put "
          "into a graveyard", tags="artifact-payoff"),
    _need("creatures to die equipped", "token makers and creatures that come back",
          r"whenever equipped creature dies",
          "create a 1/1 creature token. create two 1/1 creature tokens. when this creature dies, return it",
          tags="token-maker"),
    _need("+1/+1 counters to spend", "cards that put +1/+1 counters on it again",
          r"remove (?:a|one|x) \+1/\+1 counters? from (?:~|this creature|it)",
          "whenever you gain life, put a +1/+1 counter on target creature. put a +1/+1 counter on each creature "
          "you control. if one or more +1/+1 counters would be put", tags="plus-one-counters"),
    # Heliod, Sun-Crowned's counter for each life gained wants a creature that spends counters to gain life or deal
    # damage (Walking Ballista given lifelink; Spike Feeder); Devoted Druid's untap for a -1/-1 counter wants the
    # counters kept off (Vizier of Remedies)
    _need("counters spent for life or damage", "creatures that remove their +1/+1 counters to deal damage or gain life",
          r"whenever you gain life, put (?:a|one|that many) \+1/\+1 counters?",
          "remove a +1/+1 counter from this creature: it deals 1 damage to any target. remove a +1/+1 counter "
          "from this creature: you gain 2 life", "t:creature",
          leads=r"remove (?:a|one) \+1/\+1 counter from ~: (?:~ deals|it deals|you gain)"),
    _need("its -1/-1 counters kept off", "cards that stop or lessen -1/-1 counters",
          r"put a -1/-1 counter on ~: untap ~",
          "if one or more -1/-1 counters would be put on a creature you control, that many -1/-1 counters minus "
          "one are put on it instead. remove a -1/-1 counter from target creature. +1/+1 counter",
          leads=r"-1/-1 counters would be put on (?:a|target) creature"),
    _need("+1/+1 or -1/-1 counters moved", "cards that put or remove counters",
          r"\b(?:persist|undying)\b",
          "sacrifice a creature: remove a +1/+1 counter from target creature. if one or more -1/-1 counters "
          "would be put on a creature, put none"),
)


def combo_needs(name: str, oracle_text: str) -> list[Need]:
    """What a card's text needs from combo partners, most telling first (at most :data:`MAX_NEEDS`)."""
    text = prepare_text(name, oracle_text)
    return [need for need in NEEDS if need.pattern.search(text)][:MAX_NEEDS]


def partner_leads(needs: list[Need]) -> re.Pattern[str] | None:
    """What supplies one of ``needs`` outright, over a partner's prepared text (``None`` where no need says)."""
    leads = [need.leads.pattern for need in needs if need.leads is not None]
    return re.compile("|".join(f"(?:{lead})" for lead in leads)) if leads else None


def partner_query(needs: list[Need]) -> tuple[str, str, tuple[str, ...]]:
    """The rules-text wording to rank partners by, the filter syntax they must meet, and the tags they carry."""
    wording = " ".join(need.wording for need in needs)
    syntax = " ".join(dict.fromkeys(need.syntax for need in needs if need.syntax))
    return wording, syntax, tuple(dict.fromkeys(tag for need in needs for tag in need.tags))
