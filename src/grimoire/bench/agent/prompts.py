"""The agent's prompts: "minimal" (the task protocol only, the same for both tool arms) and "tuned" (advice on
searching well; for grep, a record layout example and a note on how patterns match).
"""

from __future__ import annotations

from grimoire.bench.agent.tools import MAX_CALLS, MAX_SUBMITTED

PROMPTS = ("minimal", "tuned")

PROTOCOL = (
    "You help a Magic: The Gathering player find cards. You have a tool that searches a card database and a "
    f"submit tool. You may make at most {MAX_CALLS} tool calls, not counting submit. Then call submit with a ranked "
    f"list of at most {MAX_SUBMITTED} card names, best first. Only cards that appeared in your tool results count: "
    "use their names exactly as shown."
)

SEARCH_ADVICE = (
    "How to search well: describe what the cards do, both in the player's words and in rules-text wording "
    "(\"draw a card\", \"destroy target creature\", \"add one mana of any color\"). Use your calls on different "
    "phrasings of the need rather than repeating one. Scryfall syntax narrows a search: t:instant, o:\"draw a card\", "
    "mv<=3. Before you submit, check each card against every part of the request, put the clearest fits first, and "
    "fill the list with good cards rather than stopping early."
)

GREP_ADVICE = (
    "How to search well: each card is one record in the layout below (name; cost and type line; rules text; stats; "
    "a line with mana value, colours and colour identity; legality). Write patterns in rules-text wording, not the "
    "player's: rules text says \"draw a card\", \"destroy target creature\", \"add one mana of any color\". Use "
    "alternation and optional parts to catch variants, e.g. \"draws? (a|two|three|x) cards?\" or "
    "\"(destroy|exile) target (creature|permanent)\". Before you submit, check each card against every part of the "
    "request and put the clearest fits first."
)
GREP_MATCHING = {
    "line": "Patterns are matched case-insensitively against one line at a time, so one pattern cannot span the "
            "type line and the rules text; each result line is prefixed with its card's name.",
    "record": "Patterns are matched case-insensitively against each card's whole record (^ and $ match at line "
              "ends, . does not cross lines; use [\\s\\S]*? to span lines); matching cards are shown in full.",
}


def system_prompt(variant: str, tools: str, grep_mode: str = "record", layout_example: str = "") -> str:
    """The system prompt for a prompt variant and tool arm."""
    if variant not in PROMPTS:
        raise ValueError(f"unknown prompt {variant!r}; choose one of {', '.join(PROMPTS)}")
    if variant == "minimal":
        return PROTOCOL
    if tools == "search":
        return f"{PROTOCOL}\n\n{SEARCH_ADVICE}"
    example = f"\n\nA record:\n{layout_example}" if layout_example else ""
    return f"{PROTOCOL}\n\n{GREP_ADVICE} {GREP_MATCHING[grep_mode]}{example}"


def describe_filters(filters: dict) -> str:
    """The task's constraints in Scryfall's spelling, as the agent is told them."""
    parts = []
    if filters.get("color_identity"):
        parts.append(f"id<={filters['color_identity']}")
    if filters.get("format"):
        parts.append(f"f:{filters['format']}")
    types = filters.get("types") or ()
    parts.extend(f"t:{t}" for t in ([types] if isinstance(types, str) else types))
    if filters.get("mana_value_min") is not None:
        parts.append(f"mv>={filters['mana_value_min']:g}")
    if filters.get("mana_value_max") is not None:
        parts.append(f"mv<={filters['mana_value_max']:g}")
    return " ".join(parts)


def user_prompt(request: str, filters: dict) -> str:
    constraints = describe_filters(filters)
    if not constraints:
        return request
    return f"{request}\n\n(Every search applies these constraints: {constraints})"
