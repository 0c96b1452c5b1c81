"""Write docs/tags.md, the function tag reference: name, description, phrasings and card count per tag.

Usage: python scripts/tags_reference.py [--check]   (--check fails when docs/tags.md is out of date)
Counts are over the bundled snapshot (its cached tags.npz, recomputed when search/tags.py changed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from grimoire.cards.home import bundled_store_dir
from grimoire.cards.store import CardDB
from grimoire.search.engine import load_tags
from grimoire.search.roles import ROLE_TAGS
from grimoire.search.tags import DIRECT, TAG_ALIASES, TAGS

OUT = Path(__file__).resolve().parent.parent / "docs" / "tags.md"
HEADER = """# Function tags

Every card carries function tags computed by explicit rules over its rules text and type line
(`src/grimoire/search/tags.py`), named the way Scryfall's Tagger names them. Filter with `otag:NAME`
(aliases `function:`, `oracletag:` and the older `role:`); results list each card's tags. Plain-words
queries are matched to tags through the phrasings below (by words and by meaning), and a matched tag's
cards are ranked direct answers first (see [search.md](search.md#ranking)).

*Cards* counts the cards of the bundled snapshot that carry the tag; *direct* those that do it directly
(not only on a trigger, under a condition, for some cards only, or through an ability that costs mana).
This page is generated: `python scripts/tags_reference.py` (a test checks it is up to date).

Older role names still work as aliases: {aliases}.

| tag | what it finds | players ask for | cards | direct |
|---|---|---|---:|---:|
"""


def reference(strengths: np.ndarray) -> str:
    aliases = sorted({**TAG_ALIASES, **{role: tags[0] for role, tags in ROLE_TAGS.items() if len(tags) == 1}}.items())
    lines = [HEADER.format(aliases=", ".join(f"`{alias}` = `{name}`" for alias, name in aliases if alias != name))]
    for index, tag in enumerate(TAGS):
        column = strengths[:, index]
        lines.append(f"| `{tag.name}` | {tag.description} | {'; '.join(tag.phrasings)} | "
                     f"{int((column > 0).sum()):,} | {int((column >= DIRECT).sum()):,} |\n")
    return "".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = reference(load_tags(CardDB(bundled_store_dir())))
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT} is out of date: run python scripts/tags_reference.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"{len(TAGS)} tags written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
