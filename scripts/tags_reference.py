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
(aliases `function:`, `oracletag:` and the older `role:`), which also finds the cards of the tags nested under
it, as Tagger's search does (`otag:counterspell` finds Stifle, a `counterspell-ability`; `otag:sweeper` Cyclonic
Rift, a `sweeper-one-sided`); results list each card's tags. Plain-words
queries are matched to tags through the phrasings below (by words and by meaning), and a matched tag's
cards are ranked direct answers first (see [search.md](search.md#search-words-and-scryfall-syntax)).

*Cards* counts the cards of the bundled snapshot that carry the tag; *direct* those that do it directly
(not only on a trigger, under a condition, for some cards only, or through an ability that costs mana).
This page is generated: `python scripts/tags_reference.py` (a test checks it is up to date).

Older role names still work as aliases: {aliases}.

## How a request finds its tags

`TagMatcher` in `src/grimoire/search/ranking.py` matches the words left after the reading (colour, type and
cost words already turned into filters) to every tag's name, phrasings and description:

- **By words.** Both sides are lower-cased, stripped of filler ("cards that", "ways to", "stuff", "good")
  and stemmed with the Snowball stemmer BM25 uses, so "wipe", "wipes" and "wiping" meet, as do "reanimate"
  and "reanimation"; "destroy" reads "kill", as players say it ("destroy every creature" is the sweepers'
  "kill all creatures"); "don't", "doesn't" and "won't" all read "not". A phrasing matches when all its words
  are in the request; its weight is the share of the request's words (each weighted by how few tags use
  it, so "steal" says more than "creature") that the tag's phrasings use. Type words read as filters may
  complete a phrasing ("creatures that tap for mana") but never count against it; colour and format words
  left in the text (when explicit filters overrule their reading) weigh nothing. When no phrasing is there
  whole, one there but for a minor share of its word weight counts, weighted down, unless the missing
  word is a card type (that is what tells "mana dork" from "mana rock") or the part there keeps no word of
  the tag's name while the missing part has one ("vampires" is not "vampiric tutor effect"). A phrasing whose
  only word is a card type ("find an enchantment") matches by meaning only.
- **A phrasing about guarding** ("board wipe protection") may name what is guarded against: "protect my
  creatures from board wipes" is board protection.
- **By meaning.** The request's embedding is compared with each phrasing's and description's (MiniLM's are
  shipped in `src/grimoire/data/tag_vectors.npz`, rebuilt by `python scripts/build_snapshot.py --only-tags`).
- **Narrower tags first.** Tags nest as Tagger's do (`TAG_PARENTS`: `sweeper-one-sided` under `sweeper`,
  `tutor-creature` under `tutor`, ...). When a narrower tag's own words match better than its broader
  tag's, the broader one is dropped: "wipes that don't kill my stuff" asks for one-sided sweepers only.
- **What a card guards against** ("protect my creatures from removal") is not asked for; a plain "from"
  ("return creatures from the graveyard") guards nothing.
- **The deck's theme is not the function asked for.** "removal for my aristocrats deck", "card draw for my
  token deck", "mass pump for go wide": after the last "for", a clause ending in "deck" (or "build", "list",
  "strategy", ...) or an archetype's name (tokens, go wide, aristocrats, spellslinger, landfall, reanimator,
  enchantress, lifegain, blink, stax, mill, ...) names the theme. When a tag's phrasing names the theme
  whole and the words before "for" match a tag, those words choose the tags (removal) and the theme's tag
  (`aristocrat-payoff`) joins at 0.3 of its weight, so cards that do both rise among the removal instead of
  the theme's cards taking the top 10. A theme no phrasing names whole ("for a control deck": "control" is
  one word of "gain control"; "for my Atraxa deck") leaves the request as it stands, and so does "for" an
  object ("protection for my commander", "tutor for a creature"). The theme may come first too: "my
  reanimator deck needs discard outlets" (a deck named before "needs", "wants", "could use", "lacks", "is
  missing") asks for discard outlets, `reanimate` joining at 0.3; "my tokens deck is weak to board wipes" is
  no such request. Where neither the theme nor the whole request names a tag ("my elf deck needs ramp": no
  phrasing fits all four words), the words after "needs" choose alone (`ramp`). So do the words after a
  stop and "need" that follow a clause about the deck ("my deck is too slow, need cheap interaction":
  `removal`; the complaint's words had drowned it). `ranking.theme_split` reads
  only the 80 characters after the last "for" (the first 320 for a theme named first), so a long request costs
  no more. The CLI, MCP and web page say so in a note
  (`"my aristocrats" read as the deck's theme, not the function asked for: ranked as removal, ...`).

**How far it generalises.** `python benchmarks/tag_phrasings.py` holds out each phrasing in turn (with any
others of the same stemmed words; a tag's own name always stays), asks it as a request, and prints how often
its own tag comes first among the tags hybrid search picks for it (`SearchEngine.tags_for`: words, meaning, and
for the static model its dense list's head), and how well the plain dense ranker's first 10 cards find the
cards carrying that tag (nDCG@10 ×100). It reads no query set, so it can be tuned on. The static model was
trained on these very phrasings (`scripts/train_embedder.py`), so asking it one held out from the matcher
still asks something it learned: the script also retrains the model five times, each time without one fold of
the phrasings (`--folds`, default 5; a fold is a hash of the phrasing, each fold model a mean of five runs as
the shipped one is, about four minutes each on 2 cores), and asks each phrasing of the model that never saw it.
Over the 1,117 phrasings of this list (2026-12-04, after "destroy" came to read "kill", 543 s):

| matching | own tag first | own tag among the matches | nothing matched | dense nDCG@10 |
|---|---:|---:|---:|---:|
| words only | 0.44 | 0.47 | 0.40 | |
| MiniLM, `--encoder minilm` (never trained on the phrasings) | 0.62 | 0.70 | 0.16 | 24.4 |
| static as shipped (trained on them: optimistic) | 0.78 | 0.89 | 0.01 | 80.1 |
| **static, retrained without each phrasing (5 folds)** | **0.61** | **0.71** | **0.10** | **59.1** |

The honest row is the last: on wordings it has not seen, the static model's dense ranker finds the asked
function's cards about 2.4 times as well as MiniLM's, while its tag matching by meaning is about level with
MiniLM's (fewer requests match nothing, slightly fewer find their own tag first). Earlier versions of this page gave the
static model's figure from the shipped model alone. Paired by phrasing, the folds' static model minus MiniLM:
own tag first −0.010 [−0.038, +0.017], dense nDCG@10 +34.7 [+32.5, +36.9] (the script prints both;
[docs/embedder.md](embedder.md#on-wordings-it-never-trained-on-benchmarkstag_phrasingspy)).

Rules-text wording ("put -1/-1 counters on target creature") matches only whole phrasings, at a quarter of
the weight: it asks for its exact words, which BM25 finds best.

For the 229 phrasings before this list grew (and without stemming or partial phrasings) the same check gave
0.38 first, 0.42 among the matches, 0.41 unmatched (words only: 0.10, 0.10, 0.80).

## The tags

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
