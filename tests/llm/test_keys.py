"""Key redaction for our own logs."""

from __future__ import annotations

from grimoire.llm.keys import MASK, redact


def test_redacts_secret_environment_values_and_key_shapes():
    environ = {"MY_SERVICE_TOKEN": "tok-1234567890", "ANTHROPIC_API_KEY": "abcdefgh12345678", "DEBUG": "1"}
    text = "token tok-1234567890, key abcdefgh12345678, sk-ant-api03-AbCdEf123456, sk-proj-0123456789abcdefXYZ, 1"
    cleaned = redact(text, environ)
    for secret in ("tok-1234567890", "abcdefgh12345678", "sk-ant-api03-AbCdEf123456", "sk-proj-0123456789abcdefXYZ"):
        assert secret not in cleaned
    assert cleaned.count(MASK) == 4 and cleaned.endswith(", 1")


def test_leaves_ordinary_text_alone():
    assert redact("Lightning Bolt deals 3 damage to any target.", {}) == "Lightning Bolt deals 3 damage to any target."
