"""API keys: they come only from the environment (the provider SDKs read them), and never reach a log.

``redact(text)`` masks the values of key-like environment variables and strings shaped like API keys. The same mask
covers what inspect writes: :func:`redact_inspect_logging` filters every record of inspect's log handler (its trace
file and each log's transcript), and :func:`redact_log_file` rewrites a finished ``.eval`` (or ``.json``) log, so a
provider that echoes the key back leaves no copy on disk.
"""

from __future__ import annotations

import logging
import os
import re
import zipfile
from pathlib import Path

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


class RedactingFilter(logging.Filter):
    """A logging filter that masks secrets in each record's message before any handler writes it."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def redact_inspect_logging() -> None:
    """Put :class:`RedactingFilter` on inspect's one log handler, which writes its trace file
    (``trace-<pid>.log``) and feeds the logs' transcripts; idempotent."""
    from inspect_ai._util.logger import _logHandler, init_logger  # private: inspect's only handle on its trace file

    init_logger(None)
    handler = _logHandler["handler"]
    if handler is not None and not any(isinstance(f, RedactingFilter) for f in handler.filters):
        handler.addFilter(RedactingFilter())


def redact_log_file(path: str | Path) -> bool:
    """Mask secrets in a written inspect log (a ``.eval`` zip of JSON, or a ``.json`` log), replacing it only once
    the clean copy is complete; returns whether anything was masked."""
    path = Path(path)
    if not path.exists():
        return False
    part = path.with_name(path.name + ".part")
    if not zipfile.is_zipfile(path):
        text = path.read_text(encoding="utf-8")
        cleaned = redact(text)
        if cleaned == text:
            return False
        part.write_text(cleaned, encoding="utf-8")
        os.replace(part, path)
        return True
    changed = False
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(part, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                target.writestr(info, data)
                continue
            cleaned = redact(text)
            changed |= cleaned != text
            target.writestr(info, cleaned.encode("utf-8"))
    if changed:
        os.replace(part, path)
    else:
        part.unlink()
    return changed
