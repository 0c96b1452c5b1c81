"""Long commands say how far they are where standard error is no terminal (a log, CI), where tqdm draws nothing:
``grimoire arena census`` (and ``league``) print a line per game."""

from __future__ import annotations

import re

import grimoire.bench.arena.census as census
from grimoire.cli import main


class _Report:
    failed = False

    def text(self) -> str:
        return "census: stub"


def test_census_prints_a_line_per_game_when_stderr_is_no_terminal(monkeypatch, capsys):
    games = len(census.census_tasks("scripted"))

    def played(player, *, progress, **options):
        for _ in range(games):
            progress(1)
        return _Report(), []

    monkeypatch.setattr(census, "run_census", played)
    assert main(["arena", "census", "--player", "scripted"]) == 0
    lines = [re.sub(r"\(\d+ s\)", "(N s)", line) for line in capsys.readouterr().err.splitlines()]
    assert lines == [f"Census games: {n} of {games} (N s)" for n in range(1, games + 1)]
