"""API keys: they come only from the environment (the provider SDKs read them), and never reach our logs.

``redact(text)`` masks the values of key-like environment variables and strings shaped like API keys.
"""

from __future__ import annotations

import os
import re

MASK = "[REDACTED]"
SECRET_SUFFIXES = ("_API_KEY", "_TOKEN", "_SECRET", "_ACCESS_KEY")
MIN_SECRET_LENGTH = 8  # shorter values (flags like "1") would mask ordinary text
KEY_SHAPES = re.compile(r"\b(?:sk-ant-[A-Za-z0-9_\-]{8,}|sk-[A-Za-z0-9_\-]{16,}|AIza[0-9A-Za-z_\-]{20,})")


def secret_values(environ: dict[str, str] | None = None) -> list[str]:
    """Values of environment variables whose names say they hold a secret, longest first."""
    env = os.environ if environ is None else environ
    values = {value for name, value in env.items()
              if name.upper().endswith(SECRET_SUFFIXES) and len(value) >= MIN_SECRET_LENGTH}
    return sorted(values, key=len, reverse=True)


def redact(text: str, environ: dict[str, str] | None = None) -> str:
    """``text`` with secret environment values and key-shaped strings replaced by ``[REDACTED]``."""
    for value in secret_values(environ):
        text = text.replace(value, MASK)
    return KEY_SHAPES.sub(MASK, text)
