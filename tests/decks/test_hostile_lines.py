"""Decklists a careless or hostile user writes: huge or negative quantities, odd line breaks, huge lines,
pages of unknown names and misshapen MTGJSON; each gives a per-line problem, never an exception."""

from __future__ import annotations

import pytest

from grimoire.decks import analyze_deck, load_mtgjson_deck, parse_decklist, validate_deck
from grimoire.decks import parse as deck_parse
from grimoire.decks.render import check_text, problems_text, stats_text


def _everything(deck, format_name="commander"):
    """Every view a surface shows of a deck, so a test fails on any exception in any of them."""
    stats = analyze_deck(deck, format_name)
    violations = validate_deck(deck, format_name)
    return stats_text(stats) + check_text(deck, violations, format_name) + problems_text(deck)


@pytest.mark.parametrize(("quantity", "words"), [
    ("-4", "-4 is out of range"), ("0", "0 is out of range"), ("1000", "1000 is out of range"),
    ("1" + "0" * 400, "401 digits is too large"), ("1" + "0" * 5000, "5,001 digits is too large"),
    ("\u22122", "-2 is out of range"),
])
def test_quantity_out_of_range_is_a_problem_of_its_line(db, quantity, words):
    deck = parse_decklist(f"1 Forest\n{quantity} Sol Ring\n1 Island\n", db)
    assert [(e.card.name, e.line_number) for e in deck.main] == [("Forest", 1), ("Island", 3)]
    [problem] = deck.problems
    assert problem.line_number == 2 and words in problem.reason and "1 to 999" in problem.reason
    assert len(problem.text) < 200
    _everything(deck)


def test_quantities_in_range_and_unicode_digits_are_read(db):
    deck = parse_decklist("999 Relentless Rats\n+2 Forest\n\u0663 Island\n007 Swamp\n", db)
    assert [(e.quantity, e.card.name) for e in deck.main] == [
        (999, "Relentless Rats"), (2, "Forest"), (3, "Island"), (7, "Swamp")]
    assert "999" in _everything(deck)


def test_an_invisible_character_after_a_marker_is_no_part_of_the_name(db):
    """Found by the slow decklist fuzzer: "SB:  INDICATE ^Have,#37d67a^" followed by a byte-order mark kept the mark
    in the name, which the line as written does not hold next to it."""
    deck = parse_decklist("SB:  INDICATE ^Have,#37d67a^\ufeff\n1 Sol Ring *F*\u200b\n", db)
    assert [(e.raw_name, e.card.name) for e in (*deck.main, *deck.sideboard)] == [
        ("Sol Ring", "Sol Ring"), ("INDICATE", "Indicate")]


@pytest.mark.parametrize("separator", ["\x0c", "\u2028", "\x85", "\x1c", "\x1d", "\x1e", "\u2029", "\x0b"])
def test_line_numbers_count_newlines_only(db, separator):
    deck = parse_decklist(f"1 Sol{separator}Ring\n1 Forest\n1 Notacard Xyz\n", db)
    assert deck.problems[-1].line_number == 3
    assert [e.line_number for e in deck.main][-1] == 2


@pytest.mark.parametrize("ending", ["\r", "\r\n"])
def test_carriage_returns_end_lines_as_the_cli_s_file_reading_does(db, ending):
    """A pasted list with old Mac line ends had been one line, "no card found", on the web page and over MCP,
    while the CLI, reading the file with Python's universal newlines, read it whole."""
    deck = parse_decklist(ending.join(["1 Sol Ring", "1 Forest", "1 Notacard Xyz"]), db)
    assert [(e.card.name, e.line_number) for e in deck.main] == [("Sol Ring", 1), ("Forest", 2)]
    assert deck.problems[-1].line_number == 3


def test_fuzzy_corrections_are_reported_with_line_and_both_names(db):
    deck = parse_decklist("1 Sol Ring\n// ramp\n1 Llanowar Elvs\n1 lightning bolt\n", db)
    assert [e.card.name for e in deck.main] == ["Sol Ring", "Llanowar Elves", "Lightning Bolt"]
    [correction] = deck.corrections  # a case difference is the same name, not a correction
    assert (correction.line_number, correction.written, correction.name) == (3, "Llanowar Elvs",
                                                                                  "Llanowar Elves")
    assert correction.message == "line 3: 'Llanowar Elvs' read as Llanowar Elves"
    assert deck.to_dict()["corrections"][0]["message"] == correction.message


def test_a_huge_line_is_one_problem_quoted_short(db):
    deck = parse_decklist("1 Forest\n" + "x" * 1_000_000 + "\n1 Island", db)
    [problem] = deck.problems
    assert problem.line_number == 2 and "1,000,000 characters" in problem.reason
    assert len(problem.text) < 200 and deck.count() == 2


def test_unknown_lines_get_fuzzy_help_only_up_to_the_cap(db):
    # distinct names without a number at their end, which would make the line's count doubtful
    text = "\n".join(f"1 Llanowar Elvs {''.join(chr(97 + int(digit)) for digit in str(i))}" for i in range(150))
    deck = parse_decklist(text, db)
    assert len(deck.problems) == 150
    assert [p.line_number for p in deck.problems] == list(range(1, 151))
    helped = [p for p in deck.problems if p.suggestions]
    assert 0 < len(helped) <= deck_parse.FUZZY_NAMES
    skipped = [p for p in deck.problems if "no suggestions past the first 50" in p.reason]
    assert len(skipped) == 150 - deck_parse.FUZZY_NAMES and not any(p.suggestions for p in skipped)


@pytest.mark.parametrize(("line", "words"), [
    ("Lightning Bolt 4", "the number 4 after the name may be a count or a collector number"),
    ("Forest4", "the number 4 after the name"),
    ("4 Lightning Bolt 4", "the number 4 after the name"),
    ("1 Lightning Bolt x 4", "two counts on one line (1 and 4)"),
    ("2 Lightning Bolt x4", "two counts on one line (2 and 4)"),
    ("4x Lightning Bolt (x4)", "two counts on one line (4 and 4)"),
    ("1 +2 Mace x2", "two counts on one line (1 and 2)"),
])
def test_a_count_after_the_name_that_may_not_be_one_is_a_problem_of_its_line(db, line, words):
    """Each of these had been read as one copy, reported only as a name correction."""
    deck = parse_decklist(f"1 Sol Ring\n{line}\n1 Island\n", db)
    assert [(e.card.name, e.line_number) for e in deck.main] == [("Sol Ring", 1), ("Island", 3)]
    [problem] = deck.problems
    assert problem.line_number == 2 and words in problem.reason and not deck.corrections


def test_the_same_typo_reads_the_same_on_every_line_and_the_cap_counts_names(db):
    """Fuzzy matching had stopped after 50 unknown lines: a typo corrected on line 4 was refused on line 99."""
    # (two letters off: one letter off a name this long is taken, "Sol Rnig" is Sol Ring)
    typos = ["Sol Rnigg", "Lightnig Bolt", "Counterspel", "Swords to Plowshare", "Brainstrom"]
    deck = parse_decklist("".join(f"1 {name}\n" for name in typos * 40), db)
    assert deck.count() == 160 and len(deck.corrections) == 160
    assert {c.name for c in deck.corrections if c.written == "Swords to Plowshare"} == {"Swords to Plowshares"}
    assert [p.line_number for p in deck.problems] == list(range(1, 200, 5))  # "Sol Rnigg": no confident match
    assert len({p.suggestions for p in deck.problems}) == 1 and deck.problems[0].suggestions


def test_json_lines_are_problems_that_say_json_is_no_decklist(db):
    deck = parse_decklist('1 Sol Ring\n["Arcane Signet", "Forest"]\n{"name": "Opt"}\n[[1, "Island"]]\n', db)
    assert [e.card.name for e in deck.main] == ["Sol Ring"]
    assert [p.line_number for p in deck.problems] == [2, 3, 4]
    assert all("JSON" in p.reason and "no decklist format" in p.reason for p in deck.problems)


def test_reading_stops_after_too_many_problems(db):
    deck = parse_decklist("\n".join(f"1 Zork {i}" for i in range(1000)), db)
    assert len(deck.problems) == deck_parse.MAX_PROBLEMS + 1
    assert "stopped reading" in deck.problems[-1].reason


def test_lines_past_the_cap_are_reported_not_read(db, monkeypatch):
    monkeypatch.setattr(deck_parse, "MAX_LINES", 5)
    deck = parse_decklist("1 Forest\n" * 8, db)
    assert deck.count() == 5
    [problem] = deck.problems
    assert problem.line_number == 6 and "more than 5 lines" in problem.reason


@pytest.mark.parametrize("board", [
    {"mainBoard": "Sol Ring"},
    {"mainBoard": ["Sol Ring"]},
    {"mainBoard": [{"name": "Sol Ring", "count": "abc"}]},
    {"mainBoard": [{"name": "Sol Ring", "count": 10**5000}]},
    {"mainBoard": [{"name": "Sol Ring", "count": -4}]},
    {"mainBoard": [{"name": "Sol Ring", "count": 1.5}]},
    {"mainBoard": [{"name": ["Sol Ring"], "count": 1}]},
    {"mainBoard": [{"name": "Sol Ring", "count": 1, "identifiers": "x"}]},
    {"mainBoard": [{"name": "Sol Ring", "count": True}]},
])
def test_misshapen_mtgjson_entries_are_problems_with_positions(db, board):
    deck = load_mtgjson_deck({"data": {"name": ["not", "a", "name"], "sideBoard": [{"name": "Duress"}], **board}},
                             db)
    assert [e.card.name for e in deck.sideboard] == ["Duress"]
    if deck.main:
        assert [e.card.name for e in deck.main] == ["Sol Ring"] and not deck.problems
    else:
        [problem] = deck.problems
        assert problem.line_number == 1 and problem.reason and len(problem.text) < 200
    _everything(deck, "legacy")


@pytest.mark.parametrize("payload", [[], 3, None, {"data": "x"}, {"data": []}])
def test_json_that_is_no_mtgjson_deck_is_a_clear_error(db, payload):
    with pytest.raises(ValueError, match="not an MTGJSON deck"):
        load_mtgjson_deck(payload, db)
