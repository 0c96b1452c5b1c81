"""Everyday player requests, written apart from the benchmark sets: every one reads and answers without error.

The list (``data/everyday_smoke.txt``) is unlabelled, so nothing here scores the answers; it guards the reading
rules against wording they were not written for (typos, slang, colour letters, signs, questions, negations).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import grimoire
from grimoire.search.engine import SearchEngine
from grimoire.search.query import parse
from grimoire.search.reading import NOT_FILTERED

QUERIES = [line.strip() for line in (Path(__file__).parent / "data" / "everyday_smoke.txt").read_text().splitlines()
           if line.strip()]


@pytest.fixture(scope="module")
def engine() -> SearchEngine:
    return SearchEngine(grimoire.open())


@pytest.fixture(scope="module")
def readings(engine) -> dict:
    """Every other request's reading, read once for the two tests below (the list is over ten thousand requests:
    the suite's time grows half as fast as the list); the slow test reads them all."""
    return {query: engine.read(query) for query in QUERIES[::2]}


def test_the_list_is_a_real_sample():
    assert len(QUERIES) >= 80 and len(set(QUERIES)) == len(QUERIES)


def _reads_into_valid_syntax(readings: dict) -> None:
    for query, reading in readings.items():
        assert reading.typed == query
        if reading.query.strip():
            parse(reading.query)  # what runs is always valid syntax
        assert reading.line() == "" or reading.line().startswith("read as: "), reading.line()


def _chips_name_words_as_typed(readings: dict) -> None:
    """A surface removes a chip by quoting its words in the query (the web page does): they are there as typed,
    prose "and" included ("creatures with lifelink and flying" read its keywords as "with lifelink flying")."""
    for query, reading in readings.items():
        for chip in reading.chips:
            assert chip.words.lower() in query.lower(), (query, chip)


def test_every_everyday_request_reads_into_valid_syntax(readings):
    _reads_into_valid_syntax(readings)


def test_every_chip_of_an_everyday_request_names_words_as_typed(readings):
    _chips_name_words_as_typed(readings)


@pytest.mark.slow
def test_every_request_of_the_list_reads_into_valid_syntax_with_chips_as_typed(engine):
    every = {query: engine.read(query) for query in QUERIES}
    _reads_into_valid_syntax(every)
    _chips_name_words_as_typed(every)


def _answers(engine: SearchEngine, queries: list[str]) -> None:
    """Each finds cards, unless it asks for what the loaded card data cannot tell ("banned in modern" on the
    bundled snapshot) and a note says so."""
    for query in queries:
        page = engine.search(query, limit=10)
        assert page.results or any(NOT_FILTERED in note for note in page.notes), \
            f"{query!r} ({page.readings[0].line()}) found nothing"


def test_everyday_requests_answer(engine):
    # a sample of about 500 in the default suite (as the list grows, the suite's time does not); every one in the
    # slow test below
    _answers(engine, QUERIES[::max(1, len(QUERIES) // 500)])


@pytest.mark.slow
def test_every_everyday_request_answers(engine):
    _answers(engine, QUERIES)
