"""Argument checks the MCP server's and the web API's schemas share, so that both refuse (or mend) the same values.

Pydantic's lax mode reads ``true`` as 1 for a number; a number argument given a truth value is refused instead.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BeforeValidator


def _no_truth_value(value: Any) -> Any:
    """A number argument given true or false is refused (pydantic's lax mode had read ``"limit": true`` as 1)."""
    if isinstance(value, bool):
        raise ValueError(f"a number is needed, not {str(value).lower()}")
    return value


NotATruthValue = BeforeValidator(_no_truth_value)


_SURROGATE = re.compile("[\ud800-\udfff]")


def mended(text: str) -> str:
    """``text`` with each lone UTF-16 surrogate (what JSON's ``"\\ud800"`` escape reads as, and no UTF-8 text holds)
    made U+FFFD, so a deck with one such character is read and the line it is on reported, not refused whole."""
    return _SURROGATE.sub("\ufffd", text)


MendedText = BeforeValidator(lambda value: mended(value) if isinstance(value, str) else value)
