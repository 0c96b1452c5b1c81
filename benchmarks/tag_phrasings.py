"""Leave-one-phrasing-out check of tag matching: print how often a held-out phrasing finds its own tag.

Usage: python benchmarks/tag_phrasings.py [--encoder minilm|static] [--words-only] [--misses N]
Each tag phrasing (grouped by content words) is removed from the matcher and asked as a query; the figures
say how well matching generalises to wordings it has not seen (see docs/tags.md). No query set is read.
"""

from __future__ import annotations

import argparse
import time

from tqdm import tqdm

from grimoire.bench.search.phrasings import leave_one_out, summary
from grimoire.search.embed import shared_encoder
from grimoire.search.ranking import TagMatcher, weights_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--encoder", default="minilm", choices=("minilm", "static"))
    parser.add_argument("--words-only", action="store_true", help="match by words alone (no embeddings)")
    parser.add_argument("--misses", type=int, default=0, help="print this many held-out phrasings that missed")
    args = parser.parse_args()
    started = time.perf_counter()
    matcher = TagMatcher(encoder_name=args.encoder)
    encoder = None if args.words_only else shared_encoder(args.encoder)
    results = leave_one_out(matcher, encoder, weights_for(args.encoder),
                            progress=lambda groups: tqdm(groups, desc="Held-out phrasings", unit="phrasing"))
    figures = summary(results)
    how = "words only" if args.words_only else f"words and meaning ({args.encoder})"
    print(f"Leave-one-phrasing-out, {how}: {figures['phrasings']} phrasings held out")
    print(f"  own tag first        {figures['first']:.3f}")
    print(f"  own tag in matches   {figures['found']:.3f}")
    print(f"  nothing matched      {figures['unmatched']:.3f}")
    print(f"  ({time.perf_counter() - started:.1f} s)")
    for result in [r for r in results if not r.first][: args.misses]:
        print(f"  miss: {result.text!r} ({result.tag}) -> {', '.join(result.matched) or 'nothing'}")


if __name__ == "__main__":
    main()
