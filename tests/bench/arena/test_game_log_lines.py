"""A game log's line that no reader can take says which file and line it is, in words (a fuzzer's findings)."""

from __future__ import annotations

import pytest

from grimoire.bench.arena.league import load_games


@pytest.mark.parametrize(("line", "said"), [
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),  # a RecursionError's traceback (arena rate, HTTP 500)
    (b"1" * 5_000, "Exceeds the limit (4300 digits)"),
    (b'{"a": \xff}', "not UTF-8: byte 0xFF"),  # Python's "'utf-8' codec can't decode byte 0xff", no file or line
])
def test_an_unreadable_line_is_named_with_its_file_and_number(tmp_path, line, said):
    log = tmp_path / "games.jsonl"
    log.write_bytes(b"\n" + line + b"\n")
    with pytest.raises(ValueError, match=r"games\.jsonl:2: not a game record \(") as caught:
        load_games(log)
    assert said in str(caught.value)
