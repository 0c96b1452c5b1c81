"""Argument checks the MCP server's and the web API's schemas share, so that both refuse the same values.

Pydantic's lax mode reads ``true`` as 1 for a number; a number argument given a truth value is refused instead.
"""

from __future__ import annotations

from typing import Any

from pydantic import BeforeValidator


def _no_truth_value(value: Any) -> Any:
    """A number argument given true or false is refused (pydantic's lax mode had read ``"limit": true`` as 1)."""
    if isinstance(value, bool):
        raise ValueError(f"a number is needed, not {str(value).lower()}")
    return value


NotATruthValue = BeforeValidator(_no_truth_value)
