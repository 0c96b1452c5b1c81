"""Function roles of a card (ramp, card draw, removal, ...), read from its rules text by explicit rules.

Each role is a small, tested rule over the lower-cased rules text (own name replaced by ``~``, reminder
text dropped) and the type line, so new cards get roles the day they are printed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

_REMINDER = re.compile(r"\s*\([^()]*\)")
NUMBER = r"(?:a|an|one|two|three|four|five|six|seven|x|that many|\d+|any number of|up to (?:one|two|three|four|x|\d+))"
PERMANENT = (r"(?:creature|artifact|enchantment|planeswalker|battle|land|permanent|nonland permanent|"
             r"noncreature permanent|nontoken creature|attacking creature|blocking creature|"
             r"creature or planeswalker|artifact or enchantment|creature or vehicle|[a-z]+ creature)")


def _any(*patterns: str) -> Callable[[str, str], bool]:
    compiled = re.compile("|".join(f"(?:{p})" for p in patterns))
    return lambda text, type_line: bool(compiled.search(text))


def _mana_ability(text: str) -> bool:
    return bool(re.search(r"(?:^|\n)[^\n]*\{t\}[^\n:]*: add \{|(?:^|\n)[^\n]*: add (?:\{|one mana|two mana|three mana|"
                          r"mana of any|x mana)", text))


def _mana_rock(text: str, type_line: str) -> bool:
    return "artifact" in type_line and "creature" not in type_line and "land" not in type_line \
        and _mana_ability(text)


def _mana_dork(text: str, type_line: str) -> bool:
    return "creature" in type_line and "land" not in type_line and _mana_ability(text)


_LAND_RAMP = _any(
    r"search your library for [^.]*lands? cards?[^.]*(?:onto the battlefield|put (?:it|them|one|those) onto)",
    r"put (?:a|up to \w+) lands? cards? from your hand onto the battlefield",
    r"you may play (?:an|two|one) additional lands?",
    r"play an additional land",
)


_TREASURE = _any(rf"\bcreates? {NUMBER}[^.]*?treasure tokens?")
_EXTRA_LAND = _any(r"play (?:an|two|one) additional lands?")


def _ramp(text: str, type_line: str) -> bool:
    if "land" in type_line.split("—")[0] and "creature" not in type_line:
        return _EXTRA_LAND(text, type_line)  # a land that taps for mana or fetches itself away is not ramp
    return _mana_rock(text, type_line) or _mana_dork(text, type_line) or _LAND_RAMP(text, type_line) or \
        _TREASURE(text, type_line)


_CARD_DRAW = _any(
    rf"(?<!opponent )(?<!opponents )\bdraws? {NUMBER} (?:additional )?cards?",
    r"\bdraw cards equal to",
    r"\bdraws? (?:a|one|two|three) cards? for each",
    r"\blook at the top [^.]*\. put (?:one|two|three|\w+) of them into your hand",
)
_REMOVAL = _any(
    rf"\b(?:destroy|exile) (?:target|up to (?:one|two|three) target) {PERMANENT}",
    rf"\b(?:destroy|exile) (?:target|up to (?:one|two|three) target) (?:\w+ )?{PERMANENT}",
    r"deals? (?:\d+|x|that much|damage equal to [^.]*?)(?: damage)? to (?:any target|target creature|"
    r"target planeswalker|target attacking|target blocking|target creature or planeswalker|up to \w+ target)",
    r"\btarget creature (?:an opponent controls )?gets -\d+/-\d+|\btarget creature gets -x/-x",
    r"damage divided as you choose among (?:one or two|one, two, or three|any number of|up to \w+) targets",
    r"\btarget (?:player|opponent) sacrifices (?:a|an) (?:creature|attacking creature|permanent|nonland permanent)",
    r"\beach opponent sacrifices (?:a|an) (?:creature|attacking creature|permanent|nonland permanent)",
    rf"\breturn target {PERMANENT}(?: you don't control| an opponent controls)? to its owner's hand",
    r"\bfights? (?:target|up to one target|another target)",
    r"\bput target [^.]*(?:creature|permanent)[^.]* on (?:the )?(?:top|bottom) of its owner's library",
)
_BOARD_WIPE = _any(
    r"\b(?:destroy|exile) all (?:other )?(?:creatures|nonland permanents|permanents|artifacts|enchantments|"
    r"planeswalkers|nontoken|non-\w+|attacking|creatures and|artifacts and|[a-z]+ creatures)",
    r"deals? (?:\d+|x) damage to each (?:other )?(?:creature|nonland permanent|creature and each planeswalker)",
    r"\ball (?:other )?creatures get -(?:\d+|x)/-(?:\d+|x)",
    r"\breturn all (?:other )?(?:creatures|nonland permanents|permanents)[^.]* to their owners'? hands?",
    r"\beach player sacrifices (?:all|x|\w+) (?:creatures|permanents|nonland permanents)",
)
_COUNTERSPELL = _any(r"\bcounter (?:target|up to \w+ target|that|it unless|all)[^.]*?\bspells?\b",
                     r"\bcounter target (?:activated|triggered) ability")
_TUTOR = _any(
    r"search your library for (?:a|an|up to (?:one|two|three)|any number of|x) "
    r"(?!(?:basic )?(?:land|plains|island|swamp|mountain|forest)\b)(?!(?:basic )?lands? cards?)"
    r"(?!cards? named)[^.]*?cards?(?! with the same name)",
)
_TOKEN_MAKER = _any(rf"\bcreates? {NUMBER}[^.]*?tokens?", r"\bcreate (?:a|x) tokens? that's a copy")
_SAC_OUTLET = _any(r"(?:^|\n|, )sacrifice (?:a|an|another|x|one or more) (?:other )?(?:creature|artifact|permanent|"
                   r"nonland permanent|token|land)s?[^.:\n]*:")
_RECURSION = _any(
    r"\breturn [^.]*?cards? from (?:your|a|any|target player's) graveyard (?:to (?:your|its owner's|their owner's) "
    r"hand|to the battlefield|onto the battlefield)",
    r"\bput [^.]*?cards? from (?:your|a) graveyard (?:onto the battlefield|into your hand)",
    r"\breturn [^.]*?from your graveyard to (?:your hand|the battlefield)",
    r"\bcast [^.]*? from your graveyard",
)
_SHIELD = r"(?:hexproof|indestructible|shroud|protection from|ward)"
_PROTECTION = _any(
    rf"(?:creatures|permanents|artifacts|planeswalkers|other [a-z]+s?) you control (?:gain|have|get)[^.]*?{_SHIELD}",
    rf"target (?:creature|permanent|artifact|planeswalker)s? you control (?:gains?|gets?)[^.]*?{_SHIELD}",
    rf"(?:equipped|enchanted) (?:creature|permanent) (?:has|gets|gains)[^.]*?{_SHIELD}",
    rf"your commander (?:has|gains?)[^.]*?{_SHIELD}",
    r"\b(?:target|each|all) [^.]*?you control phases? out",
    r"prevent all (?:combat )?damage that would be dealt to (?:you|creatures you control|target creature you control)",
    r"\bcounter target spell[^.]*that targets (?:a|one or more) [^.]*you control",
    r"\bcan't be the targets? of spells or abilities your opponents control",
)
_LIFEGAIN = _any(r"\byou gain (?:\d+|x|that much|life equal)", r"\bgain (?:\d+|x) life\b", r"\blifelink\b")
_DISCARD = _any(r"\b(?:target|each) (?:player|opponent) discards", r"\bthat player discards")
_MILL = _any(r"\bmills? (?:\d+|x|a|one|two|three|that many|\w+) cards?", r"\bputs? the top [^.]* cards? of "
             r"(?:their|his or her|target player's|each player's) library into (?:their|his or her|that player's) "
             r"graveyard")
_GRAVEYARD_HATE = _any(r"\bexile (?:all cards from )?(?:target player's|each opponent's|all|target|each player's|"
                       r"all opponents') graveyards?", r"\bexile target card from a graveyard",
                       r"\bexile (?:all|each) (?:cards? )?(?:from )?graveyards?", r"exile all graveyards")
_ANTHEM = _any(r"(?:other )?creatures you control get \+\d+/\+\d+", r"(?:other )?[a-z]+ (?:creatures )?you control "
               r"get \+\d+/\+\d+")
_EXTRA_TURN = _any(r"\btakes? an extra turn")
_EVASION = _any(r"\bcan't be blocked\b", r"creatures you control (?:gain|have) (?:flying|trample|menace|shadow)")
_COPY = _any(r"\bcopy target (?:instant|sorcery|spell|activated|triggered)", r"\bcopy (?:it|that spell)\b",
             r"\bcreate a token that's a copy")
_UNTAP = _any(r"\buntap (?:target|all|each|up to) ")
_BURN = _any(r"deals? (?:\d+|x|that much) damage to (?:each opponent|target player|target opponent|any target|"
             r"each player)", r"each opponent loses (?:\d+|x) life")


@dataclass(frozen=True)
class Role:
    name: str
    description: str
    test: Callable[[str, str], bool]


ROLES: tuple[Role, ...] = (
    Role("ramp", "puts more mana or lands into play: mana rocks and dorks, land searches, extra land drops", _ramp),
    Role("manarock", "a noncreature artifact that taps for mana", _mana_rock),
    Role("manadork", "a creature that taps for mana", _mana_dork),
    Role("draw", "draws cards or puts cards into your hand", _CARD_DRAW),
    Role("removal", "destroys, exiles, damages, shrinks, bounces or edicts one target", _REMOVAL),
    Role("boardwipe", "destroys, damages, shrinks or bounces all creatures or permanents", _BOARD_WIPE),
    Role("counterspell", "counters a spell or ability", _COUNTERSPELL),
    Role("tutor", "searches your library for a nonland card", _TUTOR),
    Role("tokens", "creates tokens", _TOKEN_MAKER),
    Role("sacoutlet", "lets you sacrifice permanents as a cost", _SAC_OUTLET),
    Role("recursion", "returns or casts cards from a graveyard", _RECURSION),
    Role("protection", "gives your permanents hexproof, indestructible, protection, phasing or damage prevention",
         _PROTECTION),
    Role("lifegain", "gains life", _LIFEGAIN),
    Role("discard", "makes a player discard", _DISCARD),
    Role("mill", "puts cards from a library into a graveyard", _MILL),
    Role("graveyardhate", "exiles cards from graveyards", _GRAVEYARD_HATE),
    Role("anthem", "pumps your creatures", _ANTHEM),
    Role("extraturn", "takes extra turns", _EXTRA_TURN),
    Role("evasion", "makes creatures unblockable or gives evasion", _EVASION),
    Role("copy", "copies spells or permanents", _COPY),
    Role("untap", "untaps permanents", _UNTAP),
    Role("burn", "deals damage to players", _BURN),
)
ROLE_NAMES = {role.name: index for index, role in enumerate(ROLES)}
ROLE_ALIASES = {"carddraw": "draw", "wipe": "boardwipe", "wrath": "boardwipe", "counter": "counterspell",
                "token": "tokens", "sac": "sacoutlet", "rock": "manarock", "dork": "manadork"}
ROLE_NAMES.update({alias: ROLE_NAMES[target] for alias, target in ROLE_ALIASES.items()})


def prepare_text(name: str, oracle_text: str) -> str:
    """Rules text as the role rules read it: lower case, reminder text dropped, own name as ``~``."""
    text = _REMINDER.sub("", oracle_text or "")
    for part in {name, *name.split(" // ")}:
        if part:
            text = text.replace(part, "~")
    return text.lower()


def card_roles(name: str, type_line: str, oracle_text: str) -> list[str]:
    text = prepare_text(name, oracle_text)
    lowered_type = (type_line or "").lower()
    return [role.name for role in ROLES if role.test(text, lowered_type)]


def role_masks(names, type_lines, oracle_texts) -> np.ndarray:
    """A uint32 bitmask per card, bit i set when the card has ``ROLES[i]``."""
    out = np.zeros(len(names), dtype=np.uint32)
    for row, (name, type_line, text) in enumerate(zip(names, type_lines, oracle_texts, strict=True)):
        prepared, lowered_type = prepare_text(name, text), (type_line or "").lower()
        bits = 0
        for index, role in enumerate(ROLES):
            if role.test(prepared, lowered_type):
                bits |= 1 << index
        out[row] = bits
    return out


def roles_of_mask(bits: int) -> list[str]:
    return [role.name for index, role in enumerate(ROLES) if bits >> index & 1]


_QUERY_ROLES: tuple[tuple[str, str], ...] = (
    ("ramp", r"\bramp|\baccelerat|\bmana (rocks?|dorks?|sources?|fixing)\b|\bextra mana\b|\bmore mana\b|\bfixing\b"),
    ("manarock", r"\bmana rocks?\b|\brocks?\b"),
    ("manadork", r"\bmana dorks?\b|\bdorks?\b"),
    ("draw", r"\bcard draw\b|\bdraw (engines?|cards|more|extra)\b|\brefill\b|\bcard advantage\b|\bcantrips?\b"),
    ("removal", r"\bremoval\b|\bkill spells?\b|\banswers? (to|for)\b|\bdeal with\b|\bget rid of\b"),
    ("boardwipe", r"\bwipes?\b|\bwraths?\b|\bsweep\w*|\bboard ?wipes?\b|\bmass removal\b|\breset the board\b"),
    ("counterspell", r"\bcounter ?spells\b|\bcounterspell\b|\bcounter magic\b"),
    ("tutor", r"\btutors?\b|\btutoring\b"),
    ("tokens", r"\btoken (makers?|generators?|producers?)\b|\bgo[- ]wide\b"),
    ("sacoutlet", r"\bsac(rifice)? outlets?\b|\baristocrats?\b"),
    ("recursion", r"\brecur\w*|\breanimat\w*|\bbring back\b|\bget back\b|\bregrowth\b"),
    ("protection", r"\bprotect\w*|\bimmune\b"),
    ("lifegain", r"\blifegain\b|\bheal\w*"),
    ("discard", r"\bhand attack\b|\bhand disruption\b"),
    ("mill", r"\bmilling\b|\bself-mill\w*|\bmill (deck|plan|strategy)\b"),
    ("graveyardhate", r"\bgraveyard hate\b|\bgrave(yard)? hate\b|\byard hate\b"),
    ("anthem", r"\banthems?\b|\bteam pumps?\b"),
    ("extraturn", r"\bextra turns?\b"),
    ("evasion", r"\bevasion\b|\bunblockable\b"),
    ("copy", r"\bcopy spells?\b|\bclones?\b|\bspell copy\w*"),
    ("burn", r"\bburn\b"),
)
_QUERY_ROLE_PATTERNS = tuple((name, re.compile(pattern)) for name, pattern in _QUERY_ROLES)


def roles_in_query(text: str) -> list[str]:
    """Roles a plain-words query asks for ("cheap ramp" -> ramp), by explicit player-vocabulary rules."""
    lowered = text.lower()
    return [name for name, pattern in _QUERY_ROLE_PATTERNS if pattern.search(lowered)]
