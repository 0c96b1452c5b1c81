"""Tests for the Comprehensive Rules: the bundled edition, newer files, lookup, search and prompt rendering.

Newer editions are simulated by editing a copy of the bundled file (new date, a new rule, CRLF, BOM, cp1252).
"""

from __future__ import annotations

import gzip
from importlib import resources
from pathlib import Path

import pytest

from grimoire.cards.rules import BUNDLED_FILE, Rulebook, RulesFileError, load_rulebook

NEW_RULE = "702.172. Zzyzx\n\n      702.172a Zzyzx is a static ability used only by this test.\n\n"


@pytest.fixture
def rulebook(monkeypatch: pytest.MonkeyPatch) -> Rulebook:
    monkeypatch.delenv("GRIMOIRE_RULES", raising=False)
    return load_rulebook()


def bundled_text() -> str:
    data = resources.files("grimoire.data").joinpath(BUNDLED_FILE).read_bytes()
    return gzip.decompress(data).decode("utf-8-sig")


def newer_edition() -> str:
    """The bundled text as a later edition would read: another date and one more keyword rule."""
    text = bundled_text().replace("\r\n", "\n")
    text = text.replace("effective as of April 29, 2022", "effective as of November 18, 2025")
    assert "\n703. Turn-Based Actions" in text  # the body's heading; the contents indent theirs
    return text.replace("\n703. Turn-Based Actions", "\n" + NEW_RULE + "703. Turn-Based Actions")


@pytest.fixture
def newer_file(tmp_path: Path) -> Path:
    path = tmp_path / "MagicCompRules 20251118.txt"
    path.write_bytes("\ufeff".encode() + newer_edition().replace("\n", "\r\n").encode("utf-8"))
    return path


def test_bundled_rules_load_with_date_and_glossary(rulebook: Rulebook) -> None:
    assert len(rulebook.rules) > 2000
    assert len(rulebook.terms) > 500
    assert rulebook.effective == "2022-04-29"
    assert rulebook.source == "bundled"
    assert load_rulebook() is rulebook


def test_rule_lookup_by_number(rulebook: Rulebook) -> None:
    trample = rulebook.rule("702.19b")
    assert "trample" in trample.text
    assert "Example:" in trample.text  # examples belong to the rule above them
    assert trample.section == "702. Keyword Abilities"
    assert rulebook.rule("100.1").text.startswith("These Magic rules apply to any Magic game")
    assert rulebook.rule("Rule 702.19.") == rulebook.rule("702.19")
    assert rulebook.rule("702.19").text == "Trample"
    assert rulebook.rule("702").text == "Keyword Abilities"
    assert rulebook.rule("999.9") is None
    assert rulebook.rule("trample") is None


def test_children_are_direct_subrules_only(rulebook: Rulebook) -> None:
    assert [rule.number for rule in rulebook.children("702.19")] == [f"702.19{letter}" for letter in "abcdefg"]
    assert [rule.number for rule in rulebook.children("702.9")] == ["702.9a", "702.9b", "702.9c"]
    assert [rule.number for rule in rulebook.children("702")][:3] == ["702.1", "702.2", "702.3"]
    assert rulebook.children("702.19a") == []
    assert rulebook.children("trample") == []


def test_glossary_is_case_insensitive(rulebook: Rulebook) -> None:
    assert rulebook.glossary("TRAMPLE") == rulebook.glossary("trample")
    assert "702.19" in rulebook.glossary("Trample")
    assert "controller" in rulebook.glossary("you")  # the entry "You, Your"
    assert rulebook.glossary("tokens") == rulebook.glossary("Token")
    assert rulebook.glossary("no such term") is None


def test_contents_and_credits_are_not_parsed_as_rules(rulebook: Rulebook) -> None:
    numbers = [rule.number for rule in rulebook.rules]
    assert len(numbers) == len(set(numbers))
    assert [rule.number for rule in rulebook.children("1")] == [str(number) for number in range(100, 123)]
    assert rulebook.terms[0].number == "Abandon"
    assert rulebook.terms[-1].number == "Zone-Change Triggers"
    assert rulebook.glossary("Credits") is None
    assert not any("Garfield" in rule.text for rule in [*rulebook.rules, *rulebook.terms])


def test_glossary_entries_without_a_blank_line_between_them_are_split(rulebook: Rulebook) -> None:
    assert "Affinity" not in rulebook.glossary("Adventurer Card")
    assert "702.41" in rulebook.glossary("Affinity")


def test_search_for_a_keyword_gives_its_glossary_entry_then_its_rule(rulebook: Rulebook) -> None:
    found = rulebook.search("trample")
    assert [rule.number for rule in found[:3]] == ["Trample", "702.19", "702.19a"]
    assert found[0].is_glossary
    assert len(found) == 5


def test_search_for_a_question_finds_both_keywords(rulebook: Rulebook) -> None:
    numbers = [rule.number for rule in rulebook.search("how does deathtouch work with trample")]
    assert any(number.startswith("702.2") or number == "Deathtouch" for number in numbers)
    assert any(number.startswith("702.19") or number == "Trample" for number in numbers)
    assert any(number.startswith("702.19") for number in (r.number for r in rulebook.search("deathtouch trample", 10)))


def test_search_for_a_rule_number_gives_the_rule_and_its_subrules(rulebook: Rulebook) -> None:
    found = rulebook.search("702.9")
    assert [rule.number for rule in found] == ["702.9", "702.9a", "702.9b", "702.9c"]
    assert all("flying" in rule.text.lower() for rule in found)
    assert [rule.number for rule in rulebook.search("rule 702.2c and 702.19b")] == ["702.2c", "702.19b"]
    assert rulebook.search("999.9") == []


def test_format_is_compact_for_a_prompt(rulebook: Rulebook) -> None:
    text = Rulebook.format(rulebook.search("trample"))
    assert text.startswith("Glossary, Trample: A keyword ability")
    assert "\n702.19b The controller of an attacking creature with trample" in text
    assert "\u2026" in text  # 702.19b is longer than one entry may be
    many = Rulebook.format(rulebook.search("702"))
    assert len(many) < 2500
    assert many.endswith("more not shown; look one up by its number]")
    assert Rulebook.format([]) == "No matching rules."


def test_a_newer_edition_with_bom_and_crlf_loads_from_a_path(rulebook: Rulebook, newer_file: Path) -> None:
    newer = load_rulebook(newer_file)
    assert newer.effective == "2025-11-18"
    assert newer.source == str(newer_file.resolve())
    assert newer.rule("702.172a").text == "Zzyzx is a static ability used only by this test."
    assert rulebook.rule("702.172a") is None
    assert len(newer.rules) == len(rulebook.rules) + 2
    assert newer.rule("702.19b") == rulebook.rule("702.19b")  # no stray carriage returns
    assert newer.glossary("trample") == rulebook.glossary("trample")


def test_grimoire_rules_names_the_file_to_load(newer_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRIMOIRE_RULES", str(newer_file))
    assert load_rulebook().effective == "2025-11-18"


def test_gzipped_windows_1252_file_loads(rulebook: Rulebook, tmp_path: Path) -> None:
    path = tmp_path / "rules.txt.gz"
    path.write_bytes(gzip.compress(newer_edition().encode("cp1252", errors="replace")))
    newer = load_rulebook(path)
    assert newer.effective == "2025-11-18"
    assert "\u2014" in newer.rule("107.15a").text
    assert newer.rule("107.15a") == rulebook.rule("107.15a")


def test_a_file_that_is_not_the_rules_raises_naming_the_file(tmp_path: Path) -> None:
    junk = tmp_path / "shopping-list.txt"
    junk.write_text("Glossary\n\n100.1. Eggs\n\nMilk\nTwo litres.\n")
    with pytest.raises(RulesFileError, match=r"shopping-list\.txt.*found 1 numbered rules"):
        load_rulebook(junk)
    with pytest.raises(RulesFileError, match="missing.txt"):
        load_rulebook(tmp_path / "missing.txt")


def test_a_bad_grimoire_rules_says_where_the_path_came_from(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    junk = tmp_path / "junk.txt.gz"
    junk.write_bytes(b"\x1f\x8bnot really gzip")
    monkeypatch.setenv("GRIMOIRE_RULES", str(junk))
    with pytest.raises(RulesFileError, match=r"junk\.txt\.gz \(from GRIMOIRE_RULES\)"):
        load_rulebook()
