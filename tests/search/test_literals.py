"""The substring gate in front of the request rewrites: a pattern is skipped only when it cannot match."""

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grimoire.search import ranking, reading
from grimoire.search.literals import finder, required_parts


@pytest.mark.parametrize(("pattern", "parts"), [
    (r"\bboard ?wipes?\b", ("board",)),
    (r"\b(?:wrath|sweeper)s?\b", ("wrath", "sweeper")),
    (r"\bstop(?:s|ping)? (?:their|opposing) spells\b", (" spells",)),
    (r"n['’]t\b", ("n't", "n’t")),  # a small class splits the run
    (r"(?<=all )but\b", ("all ",)),  # a lookbehind holds in the text too
])
def test_the_parts_a_pattern_needs(pattern, parts):
    assert required_parts(re.compile(pattern)) == parts


@pytest.mark.parametrize("pattern", [
    r"\w+ing\b|\d",  # one branch needs no literal
    r"(?:foo)?\d+",  # an optional group is not needed
    r"(?i)wrath",  # case-insensitive: "WRATH" holds no "wrath"
    r"(?i:wrath) of god",
])
def test_no_gate_where_none_can_be_told(pattern):
    parts = required_parts(re.compile(pattern))
    assert parts is None or all(part.islower() or not part.isalpha() for part in parts)
    if pattern.startswith("(?i)"):
        assert parts is None
    if pattern.startswith("(?i:"):
        assert parts == (" of god",)


def test_every_rewrite_is_gated():
    assert all(all(parts) for _, _, parts in ranking._GATED_REWRITES)


# every text a rewrite matches holds one of its parts: texts drawn from the pattern itself
@pytest.mark.parametrize("index", range(0, len(ranking._GATED_REWRITES), 7))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_a_match_holds_a_part(index, data):
    pattern, _, parts = ranking._GATED_REWRITES[index]
    text = data.draw(st.from_regex(pattern))
    if pattern.search(text):
        assert any(part in text for part in parts), (pattern.pattern, text)


def test_gated_rewrites_read_every_smoke_request_as_before():
    requests = (Path(__file__).parent / "data" / "everyday_smoke.txt").read_text().splitlines()
    for request in requests:
        text = request.lower()
        for pattern, replacement in ranking._REWRITES:
            text = pattern.sub(replacement, text)
        assert ranking.rewritten(request) == text, request


# the reader's hand-written gates (reading._NEEDS) are as sound: every text drawn from a pattern that it matches, in
# lower case as the reader runs it, holds one of the words the pattern is said to need
_HAND_GATED = [(value, reading._NEEDS[id(value)]) for value in vars(reading).values()
               if isinstance(value, re.Pattern) and id(value) in reading._NEEDS]


def test_every_hand_written_gate_names_a_pattern():
    assert len(_HAND_GATED) == len(reading._NEEDS)


@pytest.mark.parametrize("index", range(len(_HAND_GATED)))
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(data=st.data())
def test_a_hand_gated_match_holds_a_needed_word(index, data):
    pattern, needs = _HAND_GATED[index]
    text = data.draw(st.from_regex(pattern)).lower()
    if pattern.search(text):
        assert any(part in text for part in needs), (pattern.pattern, text)


def test_a_finder_finds_any_part_and_only_them():
    found = finder(("n't", "not", "a.b"))
    assert found.search("it isn't") and found.search("not now") and found.search("a.b")
    assert found.search("axb") is None  # a part is text, not a pattern
    assert finder(("", "x")) is None  # every text holds the empty part: no gate
