"""The repository's scripts answer ``--help`` with their usage, never a traceback (``--help`` had been read as a
file name or a run count), and the usage text is whole."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = ("benchmarks/cold_load.py", "scripts/build_query_labels.py", "scripts/build_agent_task_labels.py",
           "scripts/screenshots.py")


@pytest.mark.parametrize("script", SCRIPTS)
def test_help_prints_the_usage(script):
    result = subprocess.run([sys.executable, str(REPO / script), "--help"], capture_output=True, text=True,
                            timeout=120, cwd=REPO)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"usage: {Path(script).name}") and "Traceback" not in result.stderr
    description = " ".join(result.stdout.split("\n\n")[1].split())
    assert description.endswith("."), description  # a whole sentence, not a docstring's first line cut short
