"""English for the engine's structures a player must read: costs ("pay 1 life and exile a blue card from your
hand"), card filters ("Mountain") and the engine's type names ("SearchLibrary" -> "search library").

Pure functions over phase's serialised shapes (read from the prompts phase 0.103 sends: ``OptionalCostChoice``,
``UnlessPayment``, ``AlternativeCastChoice``, ``PayCost``), so no prompt shows ``type=`` or a ``Choice [...]``.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

_SHARDS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G", "Colorless": "C", "Snow": "S", "X": "X"}
_ZONES = {"Hand": "hand", "Graveyard": "graveyard", "Library": "library", "Battlefield": "battlefield",
          "Exile": "exile", "Stack": "stack"}


def humanise(name: Any) -> str:
    """'SearchLibrary' -> 'search library'; anything else as text."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(name)).lower()


def render_cost(cost: Any) -> str:
    """``{2}{U}{U}`` from phase's mana cost shape (``{"type": "Cost", "generic": 2, "shards": [...]}``)."""
    if not isinstance(cost, dict) or cost.get("type") != "Cost":
        return ""
    generic = int(cost.get("generic") or 0)
    shards = [_SHARDS.get(s, s) if isinstance(s, str) else _hybrid(s) for s in cost.get("shards") or []]
    symbols = ([str(generic)] if generic or not shards else []) + shards
    return "".join("{" + s + "}" for s in symbols)


def mana_pool_text(pool: Any) -> str:
    """'{B}{B}{B}' from a player's ``mana_pool`` (``{"mana": [{"color": "Black", ...}, ...]}``); '' when empty.
    The engine's stand-ins for a cost paid by delve or convoke (restricted to ``ConvokePayment``) are no mana a
    player floats: they are left out (a delved card had shown as "Your mana pool: {C}")."""
    units = (pool or {}).get("mana") or [] if isinstance(pool, dict) else []
    return "".join("{" + _SHARDS.get(str(unit.get("color")), "C") + "}" for unit in units
                   if isinstance(unit, dict) and "ConvokePayment" not in (unit.get("restrictions") or []))


def keyword_text(keyword: Any) -> str:
    """A keyword as the rules text writes it: 'Flying' -> 'flying', 'FirstStrike' -> 'first strike',
    ``{"Dredge": 5}`` -> 'dredge 5', ``{"Enchant": {"type": "Typed", ...}}`` -> 'enchant creature'."""
    if isinstance(keyword, dict) and len(keyword) == 1:
        name, value = next(iter(keyword.items()))
        detail = _keyword_detail(value)
        if name == "Protection" and detail:  # {"Protection": "Everything"} (The One Ring's)
            return f"protection from {detail}"
        return f"{humanise(name)} {detail}".strip()
    return humanise(keyword)


def _keyword_detail(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, (int, str)):
        return str(value) if isinstance(value, int) else humanise(value)
    if isinstance(value, dict) and value.get("type") in ("Typed", "SelfRef"):
        return filter_text(value)
    if isinstance(value, dict) and len(value) == 1 and "type" not in value:  # {"Color": "Red"}: protection's quality
        quality = next(iter(value.values()))
        return humanise(quality) if isinstance(quality, str) else ""
    if isinstance(value, dict) and "type" in value:
        return cost_text(value)
    return ""


def optional_effect_text(effect: Any) -> str:
    """What answering yes to an optional effect does, from phase's effect shape: 'shuffle your library', 'put it
    on the bottom of its owner's library', 'reveal it'; '' for an effect with no shape."""
    if not isinstance(effect, dict) or not effect.get("type"):
        return ""
    kind = effect["type"]
    if kind == "Shuffle":
        return "shuffle your library"
    if kind == "Reveal":
        return "reveal it"
    if kind == "PutAtLibraryPosition":
        where = "the bottom" if (effect.get("position") or {}).get("type") == "Bottom" else "the top"
        return f"put it on {where} of its owner's library"
    if kind == "ChangeZone" and effect.get("destination") in _MOVED_TO:  # "Yes means: change zone" (Creeping Chill)
        return _moved_text(effect)
    if kind == "CastFromZone":  # suspend's last counter: "Yes means: cast from zone" had said nothing
        return "cast it without paying its mana cost" if effect.get("without_paying_mana_cost") else "cast it"
    if kind == "SearchLibrary":  # Stoneforge Mystic's "you may search": "search library" had read
        return "search your library (the next step lists the cards you may find)"
    if kind == "PutCounter":  # Arcbound Ravager's modular: "put counter" had read
        return "put the counters on the target"
    if kind == "PayCost":  # Chain Lightning's copy offer: the payment; what it buys is the ability's next part
        return f"pay {cost_text(effect.get('cost'))}"
    if kind == "Discard" and (effect.get("count") or {}).get("type") == "UpTo":  # Fable's chapter II
        most = _amount((effect.get("count") or {}).get("max"))
        return f"choose up to {most} cards to discard (the next step asks which; none is a choice)"
    return humanise(kind)


_MOVED_TO = {"Exile": "exile it", "Battlefield": "put it onto the battlefield", "Hand": "put it into its owner's hand",
             "Graveyard": "put it into its owner's graveyard", "Library": "put it into its owner's library"}


def _moved_text(effect: dict[str, Any]) -> str:
    """'exile it', or where the effect moves another card than its own (Ichorid's upkeep: "Yes means: exile it"
    had read as exiling Ichorid) that card: 'exile another black creature card from your graveyard'."""
    target = effect.get("target")
    if not isinstance(target, dict) or target.get("type") != "Typed":
        return _MOVED_TO[effect["destination"]]
    properties = [p for p in target.get("properties") or [] if isinstance(p, dict)]
    noun = filter_text(target)
    noun = noun if noun.endswith("card") else f"{noun} card"
    other = "another " if any(p.get("type") == "Another" for p in properties) else "an " if noun[:1].lower() in \
        "aeiou" else "a "  # ("put a Equipment card" had read)
    zone = _ZONES.get(effect.get("origin"), "")
    where = f" from your {zone}" if zone and target.get("controller") == "You" else (f" from a {zone}" if zone else "")
    return _MOVED_TO[effect["destination"]].replace(" it", f" {other}{noun}{where}", 1)


def ability_words(ability: Any, this: str = "it") -> str:
    """An activated ability the engine holds no text for, as rules text in Oracle's case, ``this`` naming its source
    in a cost: '{2}, Sacrifice this artifact: Draw a card.' (a Clue; it had read "{2} and sacrifice it: draw"),
    'Remove a charge counter from it: Choose one — ...' (Umezawa's Jitte; "remove counter: generic effect"),
    '{T}, Sacrifice this artifact: Add one mana of any color.' (a Treasure; "sacrifice it: add" had read, in quotes
    that say "as printed")."""
    if not isinstance(ability, dict):
        return ""
    cost = ability.get("cost")
    parts = cost.get("costs") or [] if isinstance(cost, dict) and cost.get("type") == "Composite" else [cost]
    paid = ", ".join(_capitalised(re.sub(r"^sacrifice it$", f"sacrifice {this}", cost_text(part)))
                     for part in parts if part)
    words = _capitalised(effect_words(ability.get("effect"), ability.get("modal")))
    words += "" if words.endswith((".", "—")) else "."
    return f"{paid}: {words}" if paid else words


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def effect_words(effect: Any, modal: Any = None) -> str:
    """What an effect does, for the few shapes the engine leaves without text: drawing, mana, a modal choice."""
    descriptions = (modal or {}).get("mode_descriptions") if isinstance(modal, dict) else None
    if descriptions:
        low, high = int(modal.get("min_choices") or 1), int(modal.get("max_choices") or 1)
        count = {1: "one", 2: "two", 3: "three"}.get(low, str(low)) if low == high else f"{low} to {high}"
        return f"choose {count} — " + "; ".join(str(text).rstrip(".") for text in descriptions)
    effect = effect if isinstance(effect, dict) else {}
    kind = effect.get("type")
    if kind == "Draw":
        count = _count(effect.get("count"))
        return "draw a card" if count == 1 else f"draw {count} cards"
    if kind == "Mana":
        produced = effect.get("produced") or {}
        if produced.get("type") == "Fixed" and produced.get("colors"):
            return "add " + "".join("{" + _SHARDS.get(str(c), "C") + "}" for c in produced["colors"])
        options = produced.get("color_options") or []
        return "add one mana of any color" if len(options) >= 5 or not options else \
            "add one mana of " + " or ".join(str(c).lower() for c in options)
    return humanise(kind or "an effect")


def effect_sentence(effect: Any, name: str) -> str:
    """A sentence for an effect the engine holds with no text (a delayed trigger's): 'Return Prized Amalgam from the
    graveyard to the battlefield tapped.', 'Sacrifice the token it created.'; '' for an effect with no shape."""
    if not isinstance(effect, dict) or not effect.get("type"):
        return ""
    kind, target = effect["type"], (effect.get("target") or {}).get("type")
    subject = {"SelfRef": name, "LastCreated": "the token it created"}.get(target, "it")
    if kind == "ChangeZone" and effect.get("destination") == "Battlefield":
        origin = _ZONES.get(effect.get("origin"), "")
        return f"Return {subject}{' from the ' + origin if origin else ''} to the battlefield" + \
            (" tapped." if effect.get("enter_tapped") else ".")
    if kind == "ChangeZone" and effect.get("destination") in _ZONES:
        return f"Put {subject} into its owner's {_ZONES[effect['destination']]}." if effect["destination"] != \
            "Exile" else f"Exile {subject}."
    if kind == "Sacrifice":
        return f"Sacrifice {subject}."
    if kind == "Pump":
        power, toughness = (_amount(effect.get(key)) for key in ("power", "toughness"))
        return f"{subject[:1].upper()}{subject[1:]} gets +{power}/+{toughness} until end of turn."
    return humanise(kind).capitalize() + "."


def mana_needed(cost: Any) -> dict[str, Any] | None:
    """The mana part of a cost as phase's ``Cost`` shape ({"generic": 1, "shards": [...]}), None for a cost with
    no mana in it or one read otherwise (life, cards)."""
    if isinstance(cost, dict) and cost.get("type") == "Mana":
        cost = cost.get("cost", cost.get("data"))
    return cost if isinstance(cost, dict) and cost.get("type") == "Cost" else None


def mana_left_to_pay(cost: dict[str, Any], pool: list[str]) -> dict[str, Any]:
    """What of a mana cost the mana in a pool (colour names, "Colorless" included) leaves unpaid: each coloured
    shard takes its colour first, the rest of the pool pays generic mana."""
    left = list(pool)
    shards = []
    for shard in cost.get("shards") or []:
        if isinstance(shard, str) and shard in left:
            left.remove(shard)
        else:
            shards.append(shard)
    generic = max(0, int(cost.get("generic") or 0) - len(left))
    return {"type": "Cost", "generic": generic, "shards": shards}


def _hybrid(shard: Any) -> str:
    if isinstance(shard, dict):
        return "/".join(_SHARDS.get(str(v), str(v)) for v in shard.values() if not isinstance(v, (dict, list)))
    return str(shard)


def _amount(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("value", value.get("data", "X")))
    return str(value)


def _count(value: Any) -> int:
    amount = _amount(value if value is not None else 1)
    return int(amount) if amount.isdecimal() else 1


def filter_text(card_filter: Any, count: int = 1) -> str:
    """'blue card', 'Mountain', 'creature' from phase's ``Typed`` filter; plural when ``count`` is above one."""
    if not isinstance(card_filter, dict):
        return "card" if count == 1 else "cards"
    if card_filter.get("type") == "SelfRef":
        return "this card"
    nouns, nots = [], []  # {"Non": "Land"} is "nonland", and every "non" holds ("noncreature, nonland card")
    for item in card_filter.get("type_filters") or []:
        if isinstance(item, dict):  # {"Subtype": "Equipment"}: its subtype
            nots.extend(f"non{str(v).lower()}" for k, v in item.items() if k == "Non")
            nouns.extend(str(v) for k, v in item.items() if k != "Non")
        elif item != "Card":
            nouns.append(str(item).lower())
    colours = [str(p.get("color")).lower() for p in card_filter.get("properties") or []
               if isinstance(p, dict) and p.get("type") == "HasColor"]
    noun = " or ".join(nouns) or "card"
    noun = noun if count == 1 else noun + "s"
    return " ".join([*colours, *([", ".join(nots)] if nots else []), noun])


def cost_text(cost: Any) -> str:
    """A cost as a player reads it: '{3}{U}{U}', 'pay 1 life and exile 1 blue card from your hand', 'sacrifice
    2 Mountains', choices joined by 'or'."""
    if not isinstance(cost, dict):
        return str(cost) if cost else "no cost"
    kind = cost.get("type")
    if kind == "Cost":
        return render_cost(cost) or "{0}"
    if kind == "Mana":  # {"cost": ...} in a cost, {"data": ...} in a keyword's (flashback)
        inner = cost.get("cost", cost.get("data"))
        if isinstance(inner, dict) and inner.get("type") == "SelfManaCost":
            return "its mana cost"
        return render_cost(inner) or "{0}"
    if kind == "NonMana":  # a keyword's cost beyond mana (escape): {"data": <a cost>}
        return cost_text(cost.get("data"))
    if kind == "EffectCost" and isinstance(cost.get("effect"), dict) and \
            cost["effect"].get("type") == "ChangeZone" and cost["effect"].get("destination") == "Exile":
        origin = _ZONES.get(cost["effect"].get("origin"), "")
        other = any(p.get("type") == "Another" for p in (cost["effect"].get("target") or {}).get("properties") or []
                    if isinstance(p, dict))
        return f"exile {'other ' if other else ''}cards" + (f" from your {origin}" if origin else "")
    if kind == "Choice":
        return " or ".join(cost_text(c) for c in cost.get("data") or [])
    if kind == "Composite":
        return " and ".join(cost_text(c) for c in cost.get("costs") or [])
    if kind == "NoCost":
        return "no cost"
    if kind == "Optional":  # kicker, replicate: {"data": {"cost": ..., "repeatable": bool}}
        inner = cost.get("data") if isinstance(cost.get("data"), dict) else {}
        return cost_text(inner.get("cost")) + (" (it may be paid again)" if inner.get("repeatable") else "")
    if kind == "Tap":
        return "{T}"
    if kind == "PayLife":
        return f"pay {_amount(cost.get('amount'))} life"
    if kind == "RemoveCounter":  # Umezawa's Jitte: {"count": 1, "counter_type": {"type": "OfType", "data": "charge"}}
        number = int(cost.get("count") or 1)
        counter = humanise((cost.get("counter_type") or {}).get("data") or "")
        counters = f"{counter} counter{'' if number == 1 else 's'}".strip()
        return f"remove {'a' if number == 1 else number} {counters} from it"
    count = _count(cost.get("count"))
    what = filter_text(cost.get("filter") or cost.get("target"), count)
    zone = _ZONES.get(cost.get("zone"), "")
    if kind == "Exile":
        return f"exile {count} {what}" + (f" from your {zone}" if zone else "")
    if kind == "Sacrifice":
        return f"sacrifice {count} {what}" if what != "this card" else "sacrifice it"
    if kind == "ReturnToHand":
        return f"return {count} {what} you control to its owner's hand"
    if kind == "Discard":
        return f"discard {count} {what}" if what != "this card" else "discard this card"
    return humanise(kind) + (f" ({count} {what})" if cost.get("filter") else "")


def _alternative(cost: Any) -> tuple[str, str] | None:
    """For an alternative cost as phase offers it (a choice of the alternative and, last, the card's mana cost:
    Daze, Force of Will, Fireblast), the alternative's words and the mana cost's; else None."""
    options = cost.get("data") if isinstance(cost, dict) and cost.get("type") == "Choice" else None
    if not isinstance(options, list) or len(options) != 2 or not isinstance(options[1], dict) or \
            options[1].get("type") != "Mana":
        return None
    return cost_text(options[0]), cost_text(options[1])


def optional_cost_question(name: str, cost: Any, kicked: int = 0, payable: bool = True, origin: str = "") -> str:
    """The question of an optional cost, saying what Yes and No each pay: 'Cast Daze for its alternative cost? Yes:
    return 1 Island you control to its owner's hand, instead of its mana cost. No: pay its mana cost, {1}{U}.'
    (it had been "Pay the optional cost of Daze: return ... or {1}{U}?", which said neither); where the mana cost
    is out of reach (``payable`` False) and the engine offers no No, the question says so. Replicate (``origin``)
    names its keyword and what a payment buys."""
    alternative = _alternative(cost)
    if alternative:
        unpayable = "" if payable else " (you cannot pay its mana cost)"
        return (f"Cast {name} for its alternative cost? Yes: {alternative[0]}, instead of its mana cost. "
                f"No: pay its mana cost, {alternative[1]}{unpayable}.")
    paid = f" (paid {times(kicked)} so far)" if kicked else ""
    if origin == "Replicate":  # ("Pay the optional cost of Consign to Memory ... (paid 1 times so far)" had read)
        each = (cost.get("data") or {}).get("cost") if isinstance(cost, dict) and cost.get("type") == "Optional" \
            else cost
        return f"Replicate {name}: pay {cost_text(each)} for one more copy of it when it is cast?{paid}"
    return f"Pay the optional cost of {name}: {cost_text(cost)}?{paid}"


def times(count: int) -> str:
    """'once', 'twice', '3 times'."""
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def optional_cost_answer(cost: Any, pay: bool) -> str:
    """An optional cost's option: 'Yes: sacrifice 2 Mountains', 'No: pay {4}{R}{R}'; 'Yes: pay {1}', 'No'."""
    alternative = _alternative(cost)
    if alternative:
        return f"Yes: {alternative[0]}" if pay else f"No: pay {alternative[1]}"
    return f"Yes: pay {cost_text(cost)}" if pay else "No"


def listed(items: Any) -> str:
    """Names (or texts) in a list a player reads: joined by commas, or by semicolons where one holds a comma itself
    ("Teferi, Time Raveler; Tundra": "Teferi, Time Raveler, Tundra" had read as three cards)."""
    items = [str(item) for item in items]
    return ("; " if any("," in item for item in items) else ", ").join(items)


def numbered_runs(texts: list[str]) -> list[tuple[str, str, int]]:
    """Runs of identical texts in a numbered list as (their numbers, the text, how many): seven alike Bridge from
    Below triggers on the stack are '1-7' once, not the same line seven times; the numbers stay those of the list."""
    runs: list[tuple[str, str, int]] = []
    start = 1
    for text, group in itertools.groupby(texts):
        count = len(list(group))
        runs.append((str(start) if count == 1 else f"{start}-{start + count - 1}", text, count))
        start += count
    return runs


_RULE_CITED = re.compile(r"^\s*CR \d+(?:\.\d+[a-z]?)?:\s*")


def ability_text(description: Any, name: Any) -> str:
    """An ability's text as the engine describes it, as a player reads it: the card's name for "~", and no rule
    number before it ("CR 702.74a: When ~ enters, ..." had been shown as is)."""
    text = _RULE_CITED.sub("", str(description or ""))
    return text.replace("~", str(name or "this card"))

