"""The dashboard's hint for re-running the search benchmark is a command the CLI takes, and it writes where the
dashboard reads (the repository's docs/bench; the hint had left out --out, so a re-run never reached the page)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import grimoire
from grimoire.cli import build_parser
from grimoire.serve.web import REPO_BENCH

APP_JS = Path(grimoire.__file__).parent / "serve" / "static" / "app.js"


def test_the_search_benchmark_hint_writes_where_the_dashboard_reads():
    (hint,) = re.findall(r"<code>(grimoire bench search[^<]*)</code>", APP_JS.read_text(encoding="utf-8"))
    args = build_parser().parse_args(shlex.split(hint)[1:])
    assert (REPO_BENCH.parents[1] / args.out).resolve() == REPO_BENCH.resolve()
